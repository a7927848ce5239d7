// run: --kernel math_fns --grid 1 --block 64 x=@cu_math_fns.x.npy d=zeros:float64:1024 f=zeros:float32:768 u=zeros:uint32:1024
// check: d f u cpu-ulp=32
// input: x = np.linspace(-0.97, 0.97, 64)
// CUDA math functions the CPU backend implements itself (cpu/cuda_math.h, cpu_rt.h):
// CUDA's results (d, f: within cpu-ulp on the CPU, whose libm differs from CUDA's in the
// last bits: I0, erfcinv and a sinpi + cospi sum are 16-32 ulp off the H100's) and the
// exact ones (directed rounding, SIMD video and DPX intrinsics in u).
extern "C" __global__ void math_fns(const double *x, double *d, float *f, unsigned *u) {
  int i = threadIdx.x;
  double v = x[i];
  float w = (float)v;
  const int n = 64;
  d[0 * n + i] = erfinv(v);
  d[1 * n + i] = erfcinv(1 + v);
  d[2 * n + i] = erfcx(8 * v);
  d[3 * n + i] = normcdfinv(0.5 + 0.49 * v);
  d[4 * n + i] = cyl_bessel_i0(10 * v);
  d[5 * n + i] = cyl_bessel_i1(10 * v);
  d[6 * n + i] = rhypot(v, 1 - v);
  d[7 * n + i] = norm4d(v, 2 * v, 3, v * v);
  d[8 * n + i] = rnorm4d(v, 2 * v, 3, v * v);
  d[9 * n + i] = rcbrt(v);
  d[10 * n + i] = sinpi(v) + cospi(v);
  d[11 * n + i] = normcdf(3 * v);
  d[12 * n + i] = erfcinv(1e-20 * (1 + v));
  d[13 * n + i] = __dadd_rd(v, 1.0 / 3) - __dadd_ru(v, 1.0 / 3);
  d[14 * n + i] = __ddiv_rz(v, 3.0);
  d[15 * n + i] = __dsqrt_ru(fabs(v));
  f[0 * n + i] = erfinvf(w);
  f[1 * n + i] = erfcxf(8 * w);
  f[2 * n + i] = normcdfinvf(0.5f + 0.49f * w);
  f[3 * n + i] = __fdividef(w, 3.0f);
  f[4 * n + i] = __saturatef(2 * w);
  float s, c;
  sincospif(w, &s, &c);
  f[5 * n + i] = s;
  f[6 * n + i] = c;
  f[7 * n + i] = rsqrtf(fabsf(w) + 1);
  f[8 * n + i] = __fadd_rd(w, 1.0f / 3);
  f[9 * n + i] = __fmul_ru(w, 1.0f / 3);
  f[10 * n + i] = __fmaf_rz(w, w, -0.3f);
  f[11 * n + i] = __frcp_rd(w + 2);
  unsigned a = (unsigned)i * 0x9e3779b9u, b = a * 0x85ebca6bu + 0x12345u, e = b ^ (a >> 7);
  u[0 * n + i] = __vadd2(a, b);
  u[1 * n + i] = __vaddss2(a, b);
  u[2 * n + i] = __vsubus4(a, b);
  u[3 * n + i] = __vavgs2(a, b);
  u[4 * n + i] = __vavgu4(a, b);
  u[5 * n + i] = __vabsdiffs4(a, b);
  u[6 * n + i] = __vsadu4(a, b);
  u[7 * n + i] = __vcmpgts2(a, b);
  u[8 * n + i] = __vsetleu4(a, b);
  u[9 * n + i] = __vmins4(a, b);
  u[10 * n + i] = __vnegss2(a);
  u[11 * n + i] = __vimax3_s16x2(a, b, e);
  u[12 * n + i] = (unsigned)__viaddmax_s32((int)a, (int)b, (int)e);
  u[13 * n + i] = __vimin3_u16x2(a, b, e) ^ __viaddmin_s16x2_relu(a, b, e);
  bool p, q;
  unsigned m = __vibmax_s16x2(a, b, &p, &q);
  u[14 * n + i] = m + 2 * p + q;
  u[15 * n + i] = __double2hiint(v) ^ __double2loint(v);
}
