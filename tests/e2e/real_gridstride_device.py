# run: --kernel global_func --grid 2 --block 16 x=@real_gridstride_device.x.npy
# check: x
# input: x = rng.integers(0, 100, 100).astype(np.int64)
# Modelled on a published GPU tutorial's cupyx.jit example: a grid-stride loop over
# jit.grid(1) and jit.gridsize(1), `x[i] += f(i)` with a device function defined after the
# kernel that uses it.
from cupyx import jit


@jit.rawkernel()
def global_func(x):
    thread_id = jit.grid(1)
    num_threads = jit.gridsize(1)
    for i in range(thread_id, x.shape[0], num_threads):
        x[i] += device_func(i)


@jit.rawkernel(device=True)
def device_func(value):
    return value * value
