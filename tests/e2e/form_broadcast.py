# run: --kernel bcast x=@form_broadcast.x.npy y=@form_broadcast.y.npy k=3
# check: z w
# input: x = rng.integers(-100, 100, (5, 1, 3)).astype(np.int32)
# input: y = rng.integers(-100, 100, (4, 1)).astype(np.int32)
# ElementwiseKernel: inputs broadcast against each other and a scalar (numpy's rules);
# two outputs allocated with the broadcast shape (5, 4, 3); placeholders from arrays only
# (the scalar k is cast to T); _ind.size() is the loop's size.
import cupy as cp

bcast = cp.ElementwiseKernel(
    'T x, T y, T k', 'T z, int64 w',
    'z = x * k - y; w = _ind.size() - i',
    'bcast')
