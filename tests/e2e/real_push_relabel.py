# run: --kernel push_atomic --grid 1 --block 32 V=6:int32 u_idx=@real_push_relabel.u_idx.npy v_idx=@real_push_relabel.v_idx.npy d_push=@real_push_relabel.d_push.npy rmat=ones:float32:6x6 excess=zeros:float32:6
# check: rmat excess
# input: u_idx = np.arange(6, dtype=np.int32)
# input: v_idx = np.array([1, 2, -1, 4, 5, 0], dtype=np.int32)
# input: d_push = np.array([1, 0.5, 2, 0, 3, 1], dtype=np.float32)
# A real program (push-relabel max flow): __restrict__ pointers, a RawModule from a
# module-level string, its function taken with get_function.
import cupy as cp

push_kernel_code = r'''
extern "C" __global__
void push_atomic(int V,
                 const int* __restrict__ u_idx,
                 const int* __restrict__ v_idx,
                 const float* __restrict__ d_push,
                 float* __restrict__ rmat,
                 float* __restrict__ excess)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= V) return;

    int u = u_idx[k];
    int v = v_idx[k];

    if (v < 0) return;   // No admissible neighbor

    float d = d_push[k]; // push amount
    if (d <= 0.0f) return;

    int uv = u*V + v;
    int vu = v*V + u;

    // forward residual -= d
    atomicAdd(&rmat[uv], -d);
    // reverse residual += d
    atomicAdd(&rmat[vu],  d);

    // update excess
    atomicAdd(&excess[u], -d);
    atomicAdd(&excess[v],  d);
}
'''

push_mod = cp.RawModule(code=push_kernel_code)
push_kernel = push_mod.get_function("push_atomic")
