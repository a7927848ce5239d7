# run: --kernel seq2col<float> --grid 2 --block 4 output=zeros:float32:9x9 X=@real4_thinc_seq2col.X.npy lengths=@real4_thinc_seq2col.lengths.npy nW=1:int32 B=9:int32 I=3:int32 nL=3:int32
# check: output
# input: X = rng.standard_normal((9, 3)).astype(np.float32)
# input: lengths = np.array([2, 4, 3], np.int32)
# Modelled on github.com/explosion/thinc, thinc/backends/_custom_kernels.py and
# _custom_kernels.cu (20eec355): a module-level RawModule of template kernels
# (name_expressions, each kernel instantiated for float and double, options
# ("--std=c++11",)), taken with get_function("seq2col<float>") and launched with Python
# ints for its int parameters: each row of a batch of concatenated sequences gets the
# window of its neighbours (nW each side) within its own sequence, zero-padded at the
# sequence's ends, with a grid-stride loop and a sequence cursor carried across it.
import cupy

KERNELS_SRC = r"""
template <typename T>
__global__ void seq2col(T* output, const T* X, const int* lengths, int nW, int B, int I,
                        int nL)
{
    int _loop_start = blockIdx.x * blockDim.x + threadIdx.x;
    int _loop_stride = blockDim.x * gridDim.x;
    int nF = nW * 2 + 1;

    int seq = 0;
    int seq_start = 0;
    for (int b = _loop_start; b < B; b += _loop_stride)
    {
        // the sequence that row b lies in
        for (; seq < nL; ++seq) {
            if (b < seq_start + lengths[seq]) {
                break;
            }
            seq_start += lengths[seq];
        }
        int seq_end = seq_start + lengths[seq];

        // the window around b, cut to the sequence
        int window_start = b - nW;
        int window_end = b + nW + 1;
        int x_start = max(seq_start, window_start);
        int x_end = min(seq_end, window_end);
        int n_elems = x_end - x_start;
        int out_offset = x_start - window_start;

        for (int i = 0; i < n_elems * I; i++) {
            output[(b * I * nF) + (out_offset * I) + i] = X[(x_start * I) + i];
        }
    }
}
"""
KERNELS_LIST = [
    "seq2col<double>",
    "seq2col<float>",
]
KERNELS = cupy.RawModule(
    code=KERNELS_SRC, options=("--std=c++11",), name_expressions=KERNELS_LIST
)
seq2col_kernel_float = KERNELS.get_function("seq2col<float>")
