# run: --kernel _interp_cupy --grid 1 --block 32 data_out=zeros:float64:3x2x4 data_in=@real_dot_views.data_in.npy interp=@real_dot_views.interp.npy lut=@real_dot_views.lut.npy
# check: data_out tol=1e-12
# input: data_in = rng.random((3, 2, 4))
# input: interp = rng.random((2, 2, 5, 4))
# input: lut = np.array([1, 0, 1], dtype=np.int64)
# A real program (MRI fingerprinting, MRI-NUFFT style): a device function given views
# (`data_out[sample][batch]`), unpacking `row, col = in_b.shape`, `nvoxels, batch_size, _`.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)  # pragma: no cover
def _dot_product_cupy(out, in_a, in_b):
    row, col = in_b.shape

    for i in range(row):
        for j in range(col):
            out[j] += in_b[i][j] * in_a[j]

    return out


@jit.rawkernel()  # pragma: no cover
def _interp_cupy(data_out, data_in, interp, lut):
    # get data dimension
    nvoxels, batch_size, _ = data_in.shape

    i = jit.grid(1)
    if i < nvoxels * batch_size:
        sample = i // batch_size
        batch = i % batch_size
        idx = lut[sample]

        _dot_product_cupy(
            data_out[sample][batch], data_in[sample][batch], interp[idx][batch]
        )
