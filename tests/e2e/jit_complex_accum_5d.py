# run: --kernel contract3 --grid 2,2,1 --block 2,2,4 psi=@jit_complex_accum_5d.psi.npy psi_conj=@jit_complex_accum_5d.psi_conj.npy out=zeros:complex128:2x3x4x4x4 idx1=@jit_complex_accum_5d.idx1.npy idx2=@jit_complex_accum_5d.idx2.npy f1=@jit_complex_accum_5d.f1.npy f2=@jit_complex_accum_5d.f2.npy C=0.5
# check: out tol=1e-12
# input: psi = (rng.standard_normal((3, 3, 4, 4, 4)) + 1j * rng.standard_normal((3, 3, 4, 4, 4))).astype(np.complex128)
# input: psi_conj = (rng.standard_normal((3, 3, 4, 4, 4)) - 1j * rng.standard_normal((3, 3, 4, 4, 4))).astype(np.complex128)
# input: idx1 = rng.integers(0, 3, (4, 3)).astype(np.int64)
# input: idx2 = rng.integers(0, 3, (5, 3)).astype(np.int64)
# input: f1 = rng.standard_normal(4)
# input: f2 = rng.standard_normal(5)
# Modelled on a published spinor-condensate simulation's cupyx.jit kernel (a spin-spin
# interaction term): complex128 arrays of five dimensions indexed by the entries of int64
# index tables, grid-stride loops in x, y and z over module constants, `len()` of a 2-d
# table, a complex local built with `*=`, and `out[...] += f[k] * C * h` with C a Python
# float argument (float32 in mode='cuda') times float64 times complex128.
import cupy as cp
from cupyx import jit

D_TIME = 3
D_SPACE = 4


@jit.rawkernel()
def contract3(psi, psi_conj, out, idx1, idx2, f1, f2, C):
    tidx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    tidy = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    tidz = jit.blockIdx.z * jit.blockDim.z + jit.threadIdx.z
    n_tidx = jit.gridDim.x * jit.blockDim.x
    n_tidy = jit.gridDim.y * jit.blockDim.y
    n_tidz = jit.gridDim.z * jit.blockDim.z
    for t in range(D_TIME):
        for x in range(tidx, D_SPACE, n_tidx):
            for y in range(tidy, D_SPACE, n_tidy):
                for z in range(tidz, D_SPACE, n_tidz):
                    for k in range(len(idx1)):
                        h = psi_conj[idx1[k, 0], t, x, y, z]
                        h *= psi[idx1[k, 1], t, x, y, z]
                        h *= psi[idx1[k, 2], t, x, y, z]
                        out[0, t, x, y, z] += f1[k] * C * h
                    for k in range(len(idx2)):
                        h = psi_conj[idx2[k, 0], t, x, y, z]
                        h *= psi[idx2[k, 1], t, x, y, z]
                        h *= psi[idx2[k, 2], t, x, y, z]
                        out[1, t, x, y, z] += f2[k] * C * h
