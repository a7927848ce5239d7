// run: --kernel poly --grid 2 --block 32 x=@cu_device_globals.x.npy y=zeros:float64:50 n=50:int32 coef=@cu_device_globals.coef.npy shift=-3:int32
// check: y tol=1e-12
// input: x = np.linspace(-2, 2, 50)
// input: coef = np.array([0.5, -1.25, 2.0])
// Globals of both kinds bound by name before the launch: a __constant__ double[3] table
// and a __device__ int scalar (`shift=-3:int32`), a namespace-scope array initialised in
// the code and read as written.

__constant__ double coef[3];
__device__ int shift;
__device__ double bias[2] = {0.25, -0.75};

extern "C" __global__ void poly(const double *x, double *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = coef[0] + x[i] * (coef[1] + x[i] * coef[2]) + shift + bias[i & 1];
}
