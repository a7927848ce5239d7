# run: --kernel scatter_scaled --size 5 x=@form_size_scalar.x.npy idx=@form_size_scalar.idx.npy a=2.5:float32 y=zeros:float32:8
# check: y
# input: x = rng.standard_normal(6).astype(np.float32)
# input: idx = np.array([7, 0, 3, 5, 1], dtype=np.int32)
# ElementwiseKernel size= (issue 19 §1): every array argument is raw and a scalar goes to
# a non-raw parameter: CuPy loops over i in [0, size).
import cupy as cp

scatter_scaled = cp.ElementwiseKernel(
    'raw T x, raw int32 idx, T a', 'raw T y',
    'y[idx[i]] = x[i] * a',
    'scatter_scaled')
