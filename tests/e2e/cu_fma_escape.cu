// run: --kernel escape --grid 16 --block 256 count=zeros:int32:4096 n=4096:int32 maxit=2000:int32
// check: count
// An escape-time loop near the Mandelbrot set's boundary in float: NVRTC contracts
// x*x - y*y + cx and 2*x*y + cy into fused multiply-adds (-fmad=true, its default), and
// 927 of these 4096 counts change without contraction. The CPU backend contracts too
// (-ffp-contract=fast -mfma, cpu/cpu.c): the counts must be the GPU's.
extern "C" __global__ void escape(int *count, int n, int maxit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float cx = -0.7436f + 0.0003f * (i % 64) / 64.0f, cy = 0.1318f + 0.0003f * (i / 64) / 64.0f;
  float x = 0.0f, y = 0.0f;
  int k = 0;
  while (k < maxit && x * x + y * y <= 4.0f) {
    float t = x * x - y * y + cx;
    y = 2.0f * x * y + cy;
    x = t;
    k++;
  }
  count[i] = k;
}
