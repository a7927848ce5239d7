# run: --kernel diffusion_1d --grid 2 --block 16 fields=@real_subarray_rows.fields.npy fields_out=zeros:float64:2x50 D=0.5 dx=0.1 dt=0.004
# check: fields_out tol=1e-12
# input: fields = rng.standard_normal((2, 50))
# Modelled on a published phase-field solver's cupyx.jit diffusion step: rows of 2-d arrays
# taken as 1-d arrays (`c = fields[0]`, cupyx's `_slicing`), a grid-stride loop over
# jit.grid(1)/jit.gridsize(1), a coefficient computed from scalar parameters, periodic
# neighbours through `%` of the row's shape.
from cupyx import jit


@jit.rawkernel()
def diffusion_1d(fields, fields_out, D, dx, dt):
    startx = jit.grid(1)
    stridex = jit.gridsize(1)
    alpha = D * dt / (dx * dx)
    c = fields[0]
    c_out = fields_out[0]
    n = c.shape[0]
    for i in range(startx, n, stridex):
        left = c[(i + n - 1) % n]
        right = c[(i + 1) % n]
        c_out[i] = c[i] + alpha * (left - 2.0 * c[i] + right)
        fields_out[1, i] = fields[1, i]
