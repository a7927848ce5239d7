# run: --kernel cupy_csr2dense M=4 N=5 INDPTR=@real_csr2dense.INDPTR.npy INDICES=@real_csr2dense.INDICES.npy DATA=@real_csr2dense.DATA.npy C_ORDER=1:bool OUT=zeros:float64:4x5
# check: OUT
# input: INDPTR = np.array([0, 2, 3, 3, 6], dtype=np.int32)
# input: INDICES = np.array([0, 4, 2, 1, 3, 4], dtype=np.int32)
# input: DATA = np.arange(1, 7, dtype=np.float64)
# A real program (cupyx.scipy.sparse's csr2dense): a kernel returned by a memoized
# factory, its preamble a module-level string, a bool scalar, `&(INDPTR[0])`.
import cupy

_GET_ROW_ID_ = '''
__device__ inline int get_row_id(int i, int min, int max, const int *indptr) {
    int row = (min + max) / 2;
    while (min < max) {
        if (i < indptr[row]) {
            max = row - 1;
        } else if (i >= indptr[row + 1]) {
            min = row + 1;
        } else {
            break;
        }
        row = (min + max) / 2;
    }
    return row;
}
'''


@cupy._util.memoize(for_each_device=True)
def cupy_csr2dense():
    return cupy.ElementwiseKernel(
        'int32 M, int32 N, raw I INDPTR, I INDICES, T DATA, bool C_ORDER',
        'raw T OUT',
        '''
        int row = get_row_id(i, 0, M - 1, &(INDPTR[0]));
        int col = INDICES;
        if (C_ORDER) {
            OUT[col + N * row] += DATA;
        } else {
            OUT[row + M * col] += DATA;
        }
        ''',
        'cupyx_scipy_sparse_csr2dense', preamble=_GET_ROW_ID_)
