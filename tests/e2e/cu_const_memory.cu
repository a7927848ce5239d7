// run: --kernel multiply_by_const --grid 1 --block 128 x=@cu_const_memory.x.npy N=100:int32 some_array=@cu_const_memory.some_array.npy
// check: x
// input: x = rng.standard_normal(100).astype(np.float32)
// input: some_array = rng.standard_normal(100).astype(np.float32)
// CuPy's test_const_memory (tests/cupy_tests/core_tests/test_raw.py): a __constant__
// array filled before the launch (`some_array=...` binds the variable, as the test fills it
// through RawModule.get_global), read by the kernel; 28 threads past N do nothing.

extern "C"{
__constant__ float some_array[100];

__global__ void multiply_by_const(float* x, int N) {
    int id = threadIdx.x + blockIdx.x * blockDim.x;

    if (id < N) {
        x[id] *= some_array[id];
    }
}
}
