# run: --kernel layernormImpl --grid 6 --block 32 input=@real_layernorm_raw.input.npy gamma=@real_layernorm_raw.gamma.npy beta=@real_layernorm_raw.beta.npy output=zeros:float32:420 row_size=70:int32 eps=1e-5:float32
# check: output tol=1e-5
# input: input = rng.standard_normal(420).astype(np.float32)
# input: gamma = rng.random(70).astype(np.float32)
# input: beta = rng.random(70).astype(np.float32)
# A real program (layer normalisation as a RawKernel): a namespace-scope constexpr sizing
# __shared__ arrays, __shared__ scalars, sqrtf, Python int and float scalars converted
# to the kernel's int and float.
import cupy as cp
import numpy as np

layernormImpl = cp.RawKernel(r'''
constexpr int BLOCK_SIZE = 32;

extern "C" __global__
void layernormImpl(const float* input, const float* gamma, const float* beta, 
               float* output, int row_size, float eps) {
    int row = blockIdx.x;
    int tid = threadIdx.x;
    bool general_calc = tid == 0;
    float local_sum = 0.0f;
    for (int col = tid; col < row_size; col += BLOCK_SIZE) {
        local_sum += input[row * row_size + col];
    }
    __shared__ float local_sums[BLOCK_SIZE];
    __shared__ float sum_in_row;
    local_sums[tid] = local_sum;
    __syncthreads();
    __shared__ float mean;
    if (general_calc) {
        sum_in_row = 0.0f;
        for (int i = 0; i < BLOCK_SIZE; ++i) {
            sum_in_row += local_sums[i];
        }
        mean = sum_in_row / row_size;
    }
    __syncthreads();
    local_sum = 0.0f;
    float tmp_input;
    for (int col = tid; col < row_size; col += BLOCK_SIZE) {
        tmp_input = input[row * row_size + col];
        local_sum += (tmp_input - mean) * (tmp_input - mean);
    }
    local_sums[tid] = local_sum;
    __syncthreads();
    __shared__ float variance;
    if (general_calc) {
        sum_in_row = 0.0f;
        for (int i = 0; i < BLOCK_SIZE; ++i) {
            sum_in_row += local_sums[i];
        }
        variance = sum_in_row / row_size;
    }
    __syncthreads();
    int index;
    for (int col = tid; col < row_size; col += BLOCK_SIZE) {
        index = row * row_size + col;
        tmp_input = (input[index] - mean) / sqrtf(variance + eps);
        output[index] = gamma[col] * tmp_input + beta[col];
    }
}
''', 'layernormImpl')
