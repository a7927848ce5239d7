# run: --kernel matvec --grid 1 --block 32 data_out=zeros:float32:6x3x4 data_in=@real_subarray_device.data_in.npy value=@real_subarray_device.value.npy
# check: data_out tol=1e-5
# input: data_in = rng.standard_normal((6, 3, 4)).astype(np.float32)
# input: value = rng.standard_normal((6, 5, 4)).astype(np.float32)
# Modelled on a published MRI subspace-projection code's cupyx.jit batched product:
# sub-arrays passed to a device function (`out[v][b]`, chained indexing), the device
# function unpacking a 2-d shape, `in_b[i][j]` chained indexing, `+=` into an argument
# array, a device function returning that array (the value unused).
# CuPy 14.2 cannot compile it (`row, col = in_b.shape`: its as_tuple does not convert to
# the pair it declares); pykc unpacks it (docs/language.md §10, fix), checked against
# tools/jit_models.py's model (gen_expected JIT_SHAPE_UNPACK).
from cupyx import jit


@jit.rawkernel(device=True)
def dot_rows(out, in_a, in_b):
    row, col = in_b.shape
    for i in range(row):
        for j in range(col):
            out[j] += in_b[i][j] * in_a[j]
    return out


@jit.rawkernel()
def matvec(data_out, data_in, value):
    nvoxels, batch_size, _ = data_in.shape
    i = jit.grid(1)
    if i < nvoxels * batch_size:
        voxel = i // batch_size
        batch = i % batch_size
        dot_rows(data_out[voxel][batch], data_in[voxel][batch], value[voxel])
