# run: --kernel layernorm_forward_kernel --grid 6 --block 16 x=@real5j_layernorm_fwd.x.npy mean=@real5j_layernorm_fwd.mean.npy rstd=@real5j_layernorm_fwd.rstd.npy gamma=@real5j_layernorm_fwd.gamma.npy beta=@real5j_layernorm_fwd.beta.npy out=zeros:float32:90 eps=1e-6 N=90
# check: out
# input: x = rng.standard_normal(96).astype(np.float32)
# input: mean = rng.standard_normal(6).astype(np.float32)
# input: rstd = (1.0 + rng.random(6)).astype(np.float32)
# input: gamma = (1.0 + 0.1 * rng.standard_normal(16)).astype(np.float32)
# input: beta = (0.1 * rng.standard_normal(16)).astype(np.float32)
# A published program (a transformer written on CuPy, its "fused LayerNorm" kernel),
# unchanged: decorated as `@cupyx.jit.rawkernel()` (`import cupyx`) while its body
# names `jit.blockIdx` (`from cupyx import jit`), a docstring, float32 arrays indexed by
# a uint32 block index and `tid % jit.blockDim.x`, an unused float64 `eps`, a tail block
# whose last threads stop at N.
import cupy as cp
import cupyx
from cupyx import jit


# Fused LayerNorm kernel
@cupyx.jit.rawkernel()
def layernorm_forward_kernel(x, mean, rstd, gamma, beta, out, eps, N):
    """Fused kernel for LayerNorm forward pass."""
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    
    if tid < N:
        val = (x[tid] - mean[jit.blockIdx.x]) * rstd[jit.blockIdx.x]
        out[tid] = val * gamma[tid % jit.blockDim.x] + beta[tid % jit.blockDim.x]
