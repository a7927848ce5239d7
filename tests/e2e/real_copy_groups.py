# run: --kernel copy_groups_kernel32fc --grid 3 --block 4 d_x=@real_copy_groups.d_x.npy d_y=zeros:complex64:30 xi0=@real_copy_groups.xi0.npy lengths=@real_copy_groups.lengths.npy yi0=@real_copy_groups.yi0.npy
# check: d_y
# input: d_x = (rng.standard_normal(50) + 1j * rng.standard_normal(50)).astype(np.complex64)
# input: xi0 = np.array([0, 20, 40], dtype=np.int32)
# input: lengths = np.array([5, 7, 9], dtype=np.int32)
# input: yi0 = np.array([0, 10, 20], dtype=np.int32)
# A real program (radar signal processing): `#include <cupy/complex.cuh>` inside an
# indented string, complex<float> pointers, one group per block.
import cupy as cp

copy_groups_kernel32fc = cp.RawKernel(r'''
    #include <cupy/complex.cuh>
    extern "C" __global__
    void copy_groups_kernel32fc(const complex<float>* d_x, 
                                complex<float>* d_y, 
                                const int *xi0, 
                                const int *lengths,
                                const int *yi0){
                
        // Each block works on its own group
        int srcStart = xi0[blockIdx.x];
        int dstStart = yi0[blockIdx.x];
        int len = lengths[blockIdx.x]; 
        for (int i = threadIdx.x; i < len; i = i+blockDim.x)
        {
            d_y[dstStart + i] = d_x[srcStart + i];
        }
    }
    ''','copy_groups_kernel32fc')
