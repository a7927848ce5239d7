# run: --kernel weighted_wordcount_kernel --grid 2,3,2 --block 4,4,4 sessions=@real_wordcount_3d.sessions.npy weight=@real_wordcount_3d.weight.npy unique_sessions=@real_wordcount_3d.unique_sessions.npy n_unique_sessions=5:int32 n_items=9:int32 n_sessions=7:int32 y=zeros:float32:5
# check: y tol=1e-6
# input: sessions = rng.integers(-1, 5, (9, 7)).astype(np.int32)
# input: weight = rng.random(9).astype(np.float32)
# input: unique_sessions = np.arange(5, dtype=np.int32)
# A real program (session-based recommendation): a 3-D grid of 3-D blocks, const int
# scalars, atomicAdd of floats.
import cupy as cp

weighted_wordcount_kernel = cp.RawKernel(r'''
extern "C" __global__
void weighted_wordcount_kernel(const int* sessions, const float* weight, const int* unique_sessions,  
                            const int n_unique_sessions, 
                            const int n_items, const int n_sessions,  float* y) {
                            
    int col = blockDim.x * blockIdx.x + threadIdx.x;
    int row = blockDim.y * blockIdx.y + threadIdx.y;
    int s_id = blockDim.z * blockIdx.z + threadIdx.z;

    if (row < n_items && col < n_sessions && s_id < n_unique_sessions){
        int session_id = sessions[(row * n_sessions + col)];
        if (session_id != -1 && session_id == unique_sessions[s_id]){
            atomicAdd(&y[s_id], weight[row]);
        }
    }
}
''', 'weighted_wordcount_kernel')
