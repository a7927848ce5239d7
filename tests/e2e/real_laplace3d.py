# run: --kernel laplace --grid 2,2,2 --block 4,4,4 Uin=@real_laplace3d.Uin.npy Uout=@real_laplace3d.Uout.npy M=@real_laplace3d.M.npy nc=6 mc=7 pc=5
# check: Uout
# input: Uin = rng.random((6, 7, 5))
# input: Uout = rng.random((6, 7, 5))
# input: M = rng.integers(0, 2, (6, 7, 5)).astype(np.uint8)
# A real program (a Laplace solver on a voxel mask): a module constant compared with a
# uint8 array element, a chain of `and`s in parentheses, 1./6 times a sum of six
# neighbours of a 3-D array.
import cupy as cp
from cupyx import jit

V_VOLUME = 1


@jit.rawkernel()
def laplace(Uin, Uout, M, nc, mc, pc):
    # The 3 arrays M, Uin, Uout have size (nc, mc, pc)

    # Current voxel
    i = 1 + jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    j = 1 + jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    k = 1 + jit.blockIdx.z * jit.blockDim.z + jit.threadIdx.z

    if (1 <= i) and (1 <= j) and (1 <= k) and (i <= nc - 2) and (j <= mc - 2) and (k <= pc - 2):
        m = M[i, j, k]
        if m == V_VOLUME:
            Uout[i, j, k] = 1./6 * (
                Uin[i - 1, j, k] +
                Uin[i + 1, j, k] +
                Uin[i, j - 1, k] +
                Uin[i, j + 1, k] +
                Uin[i, j, k - 1] +
                Uin[i, j, k + 1])
