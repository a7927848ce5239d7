# run: --kernel cuda_copy_2dC_to_2dR_fuse array_in=@real_fbpic_copy.array_in.npy array_out_r=zeros:float64:6x5 array_out_i=zeros:float64:6x5
# check: array_out_r array_out_i
# input: array_in = (rng.standard_normal((6, 5)) + 1j * rng.standard_normal((6, 5))).astype(np.complex128)
# A real program (FB-PIC, a particle-in-cell code; its numba import is left out): a fuse
# function with no return that writes two argument arrays through `[:] =`, cupy.real and
# cupy.imag of complex128.
import cupy

# ------------------
# Copying functions
# ------------------

@cupy.fuse()
def cuda_copy_2dC_to_2dR_fuse( array_in, array_out_r, array_out_i ) :
    
    array_out_r[:] = cupy.real(array_in)
    array_out_i[:] = cupy.imag(array_in)
