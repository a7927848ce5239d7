# run: --kernel maxout<double> --grid 2 --block 8 best=zeros:float64:5x4 which=zeros:int32:5x4 cands=@real4_thinc_maxout.cands.npy B=5:int32 O=4:int32 P=3:int32
# check: best which
# input: cands = rng.standard_normal((5, 4, 3))
# Modelled on github.com/explosion/thinc, thinc/backends/_custom_kernels.cu (20eec355): the
# maxout kernel of the module's name_expressions (maxout<double>), two outputs (the best
# value and the int32 index of its piece), a `const T*` taken at an offset
# (`&cands[bo * P]`) and a grid-stride loop over B * O.
import cupy

KERNELS_SRC = r"""
template <typename T>
__global__ void maxout(T* best, int* which, const T* cands, int B, int O, int P)
{
    int _loop_start = blockIdx.x * blockDim.x + threadIdx.x;
    int _loop_stride = blockDim.x * gridDim.x;
    for (int bo = _loop_start; bo < B * O; bo += _loop_stride)
    {
        const T* cands_bo = &cands[bo * P];
        int best_idx = 0;
        T best_val = cands_bo[0];
        for (int p = 1; p < P; ++p)
        {
            if (cands_bo[p] > best_val) {
                best_idx = p;
                best_val = cands_bo[p];
            }
        }
        which[bo] = best_idx;
        best[bo] = best_val;
    }
}
"""
KERNELS = cupy.RawModule(
    code=KERNELS_SRC, options=("--std=c++11",),
    name_expressions=["maxout<double>", "maxout<float>"]
)
