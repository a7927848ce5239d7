# run: --kernel power_chisq_at_points_1 --grid 8 --block 64 corr=@real4_pycbc_chisq.corr.npy outc=zeros:complex64:4 N=512:uint32 phase0=0.01227184630308513:float32 kmin=@real4_pycbc_chisq.kmin.npy kmax=@real4_pycbc_chisq.kmax.npy bv=@real4_pycbc_chisq.bv.npy nbins=4:uint32
# check: outc tol=2e-5
# input: corr = (rng.standard_normal(512) + 1j * rng.standard_normal(512)).astype(np.complex64)
# input: kmin = (np.arange(8) * 64 + np.array([0, 5, 0, 9, 0, 3, 0, 1])).astype(np.uint32)
# input: kmax = (np.arange(8) * 64 + 64 - np.array([2, 0, 7, 0, 0, 4, 1, 0])).astype(np.uint32)
# input: bv = (np.arange(8) // 2).astype(np.uint32)
# Modelled on github.com/gwastro/pycbc, pycbc/vetoes/chisq_cupy.py (39db77cbe): the
# chi^2 veto's power at points, rendered by mako for one point (NP=1), 64 threads, the
# correlation given (fuse=False): `#include <cstdint>`, uint32_t* bounds, __shared__
# unsigned scalars set by thread 0, a float2 __shared__ array, sincosf, a halving
# reduction whose __syncthreads() sit inside `if (threadIdx.x < j)` (threads that skip
# it go on to return; a barrier waits only for the threads that have not returned), and
# atomicAdd on the .x and .y of a float2 element of the complex64 output.
import cupy as cp

chisq_kernel = cp.RawKernel(r"""
#include <cstdint>
extern "C" __global__ void power_chisq_at_points_1(float2* corr, float2* outc, unsigned int N,
                                                   float phase0, uint32_t* kmin,
                                                   uint32_t* kmax, uint32_t* bv,
                                                   unsigned int nbins) {
    __shared__ unsigned int s;
    __shared__ unsigned int e;
    __shared__ float2 chisq[64];

    // the integration bounds of this block's chunk
    if (threadIdx.x == 0) {
        s = kmin[blockIdx.x];
        e = kmax[blockIdx.x];
    }
    chisq[threadIdx.x].x = 0;
    chisq[threadIdx.x].y = 0;
    __syncthreads();

    for (int i = threadIdx.x + s; i < e; i += blockDim.x) {
        float re, im;
        float2 qt = corr[i];
        sincosf(phase0 * i, &im, &re);
        chisq[threadIdx.x].x += re * qt.x - im * qt.y;
        chisq[threadIdx.x].y += im * qt.x + re * qt.y;
    }

    float x, y, x2, y2;
    for (int j = 64 / 2; j >= 1; j /= 2) {
        if (threadIdx.x < j) {
            __syncthreads();
            x = chisq[threadIdx.x].x;
            y = chisq[threadIdx.x].y;
            x2 = chisq[threadIdx.x + j].x;
            y2 = chisq[threadIdx.x + j].y;
            __syncthreads();
            chisq[threadIdx.x].x = x + x2;
            chisq[threadIdx.x].y = y + y2;
        }
    }

    if (threadIdx.x == 0) {
        atomicAdd(&outc[bv[blockIdx.x]].x, chisq[0].x);
        atomicAdd(&outc[bv[blockIdx.x]].y, chisq[0].y);
    }
}
""", "power_chisq_at_points_1", backend="nvcc")
