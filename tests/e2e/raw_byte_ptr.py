# run: --kernel fill_bytes --grid 1 --block 64 dest=zeros:uint32:4x4 src=@raw_byte_ptr.src.npy n=64:int32
# check: dest src
# input: src = np.arange(16, dtype=np.float32)
# RawKernel parameters declared `unsigned char *` and `const void *` take any array's
# pointer, as CuPy passes it: a uint32 array written byte by byte, a float32 array read
# through void *.
import cupy

code = r'''
extern "C" __global__ void fill_bytes(unsigned char *dest, const void *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dest[i] = (unsigned char)(((const float *)src)[i / 4] + i);
}
'''

fill_bytes = cupy.RawKernel(code, 'fill_bytes')
