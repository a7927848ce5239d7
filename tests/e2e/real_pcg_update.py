# run: --kernel cg_upd --grid 2 --block 256 x=@real_pcg_update.x.npy r=@real_pcg_update.r.npy z=zeros:float32:1200 p=@real_pcg_update.p.npy Gp=@real_pcg_update.Gp.npy Binv=@real_pcg_update.Binv.npy nn=300:int32 rz=@real_pcg_update.rz.npy pAp=@real_pcg_update.pAp.npy rz_new=zeros:float64:1 rr=zeros:float64:1
# check: x r z rz_new rr tol=1e-6
# input: x = rng.standard_normal(1200).astype(np.float32)
# input: r = rng.standard_normal(1200).astype(np.float32)
# input: p = rng.standard_normal(1200).astype(np.float32)
# input: Gp = rng.standard_normal(1200).astype(np.float32)
# input: Binv = (rng.standard_normal(4800) * 0.3).astype(np.float32)
# input: rz = np.array([2.5])
# input: pAp = np.array([4.0])
# A published program (a material point / hyperelastic solver's block-Jacobi preconditioned
# conjugate gradient, three kernels of a RawModule; comments in Korean): a __device__
# __forceinline__ block_sum with a `__shared__ double sh[256]` tree reduction and an
# atomicAdd on a double, called twice by one kernel (the shared array reused), fmax of
# doubles, a local `int ix[4]` brace-initialised from expressions, float <-> double casts,
# UTF-8 comments in the CUDA source.
import cupy as cp

_SRC_CG = r"""
__device__ __forceinline__ void block_sum(double v, double* out) {
    __shared__ double sh[256];
    int t = threadIdx.x; sh[t] = v; __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) { if (t < s) sh[t] += sh[t + s]; __syncthreads(); }
    if (t == 0) atomicAdd(out, sh[0]);
}
// Gp += eps p, pAp += p·Gp
extern "C" __global__ void cg_gp(float* Gp, const float* p, float eps, int n, double* pAp) {
    double acc = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float g = Gp[i] + eps * p[i]; Gp[i] = g; acc += (double)p[i] * (double)g;
    }
    block_sum(acc, pAp);
}
// 노드마다: α = rz/pAp; x += α p; r -= α Gp; z = B⁻¹ r (4×4); rz_new += r·z; rr += r·r
extern "C" __global__ void cg_upd(float* x, float* r, float* z, const float* p, const float* Gp, const float* Binv,
                                  int nn, const double* rz, const double* pAp, double* rz_new, double* rr) {
    double acc = 0.0, acr = 0.0;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nn) {
        double al = rz[0] / fmax(pAp[0], 1e-300);
        int ix[4] = {3 * i, 3 * i + 1, 3 * i + 2, 3 * nn + i};
        float rv[4];
        for (int c = 0; c < 4; ++c) { x[ix[c]] += (float)al * p[ix[c]]; r[ix[c]] -= (float)al * Gp[ix[c]]; rv[c] = r[ix[c]]; }
        for (int c = 0; c < 4; ++c) {
            float zc = 0.f; for (int d = 0; d < 4; ++d) zc += Binv[16 * i + 4 * c + d] * rv[d];
            z[ix[c]] = zc; acc += (double)rv[c] * zc; acr += (double)rv[c] * rv[c];
        }
    }
    block_sum(acc, rz_new);
    block_sum(acr, rr);
}
// p = z + (rz_new / rz) p
extern "C" __global__ void cg_p(float* p, const float* z, int n, const double* rz, const double* rz_new) {
    double be = rz_new[0] / fmax(rz[0], 1e-300);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] = z[i] + (float)be * p[i];
}
"""
_MCG = cp.RawModule(code=_SRC_CG)
_KGP, _KUPD, _KP = (_MCG.get_function(n) for n in ("cg_gp", "cg_upd", "cg_p"))
