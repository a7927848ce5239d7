# run: --kernel cp_jstep --grid 2,3 --block 8,4 a=@real_jacobi_flat.a.npy b=zeros:float64:120 size_x=10 size_y=12
# check: b
# input: a = rng.standard_normal(120)
# A published program (a Jacobi step of Laplace's equation, flattened): `from cupyx import
# jit as cpjit`, a 2-d grid, chained `and` comparisons of uint32 indices and int32 sizes,
# an if/elif chain.
# CuPy 14.2 with NumPy 2 rejects the program as published (`tx * size_y`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import math
from cupyx import jit as cpjit


@cpjit.rawkernel()
def cp_jstep(a, b, size_x, size_y):
    """

    :param a:   old
    :param b:   new
    """
    tx, ty = cpjit.grid(2)

    index = tx * size_y + ty

    # Ignore first and last column because they are constant
    # Ignore first and last row because they come from neighbours / periodicity
    if 1 <= tx and tx < size_x - 1 and 1 <= ty and ty < size_y - 1:
        # b[tx][ty] = 0.25 * (a[tx][ty + 1] + a[tx][ty - 1] + a[tx + 1][ty] + a[tx - 1][ty])
        b[index] = 0.25 * (a[index + 1] + a[index - 1] + a[index + size_y] + a[index - size_y])

    elif (ty == 0) and tx < size_x:
        # b[tx][ty] = a[tx][ty]
        b[index] = a[index]
    elif (ty == size_y - 1) and tx < size_x:
        # b[tx][ty] = a[tx][ty]
        b[index] = a[index]
