# run: --kernel _nonzero_kernel src=@real3_cupy_nonzero.src.npy index=@real3_cupy_nonzero.index.npy dst=zeros:int64:9x3
# check: dst
# input: src = (np.arange(60).reshape(3, 4, 5) % 7 == 0)
# input: index = np.cumsum(np.arange(60) % 7 == 0).astype(np.int32).reshape(3, 4, 5)
# Source: github.com/cupy/cupy, cupy/_core/_routines_indexing.pyx (v14.2.0), CuPy's own
# nonzero kernel, unchanged, as `_ndarray_nonzero` calls it for a small array:
# `_nonzero_kernel(nonzero, scan_index, dst)` with the bool mask, its inclusive int32 scan
# (both the array's shape) and a raw (count, ndim) int64 output; reduce_dims=False, so
# `_ind.ndim` is the array's ndim and `_ind.get()[j]` its j-th index; a brace-initialised
# ptrdiff_t index array indexing the raw 2-d output.
from cupy import ElementwiseKernel

_nonzero_kernel = ElementwiseKernel(
    'T src, S index', 'raw U dst',
    '''
    if (src != 0){
        for(int j = 0; j < _ind.ndim; j++){
            ptrdiff_t ind[] = {index - 1, j};
            dst[ind] = _ind.get()[j];
        }
    }''',
    'cupy_nonzero_kernel',
    reduce_dims=False)
