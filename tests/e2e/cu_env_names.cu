// run: --kernel env --grid 1 --block 4 u=zeros:uint64:4 s=zeros:int8:4 d=zeros:float64:4
// check: u s d
// CUDA C++'s own environment: a program's typedefs of the C library's names and locals
// named like its macros (NVRTC has neither; the CPU backend hides the host's).
typedef unsigned long long uint64_t;
typedef signed char int8_t;
extern "C" __global__ void env(uint64_t *u, int8_t *s, double *d) {
  int i = threadIdx.x;
  double M_PI = 3.0, NAN = 0.5, INFINITY = 2.0, HUGE_VAL = 4.0;
  int EOF = -1;
  u[i] = ((uint64_t)1 << 63) >> i;
  s[i] = (int8_t)(EOF * i);
  d[i] = M_PI * i + NAN + INFINITY + HUGE_VAL;
}
