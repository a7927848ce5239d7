# run: --kernel compute_distance --grid 7 --block 16 x=@real_compute_distance.x.npy y=@real_compute_distance.y.npy distance=zeros:float64:100 arr_len=100:int32
# check: distance
# input: x = rng.random(100)
# input: y = rng.random(100)
# A real program (a dataflow node of a GPU quant library): a RawKernel whose text is
# indented inside a Python string, returned by a method, sqrt of double, a bounds check.
import cupy

kernel_string = r'''
    extern "C" __global__
    void compute_distance(const double* x, const double* y,
            double* distance, int arr_len) {
        int tid = blockDim.x * blockIdx.x + threadIdx.x;
        if (tid < arr_len){
        distance[tid] = sqrt(x[tid]*x[tid] + y[tid]*y[tid]);
        }
    }
'''

compute_distance = cupy.RawKernel(kernel_string, 'compute_distance')
