# run: --kernel get_shannon_entropy input=@real5_shannon_entropy.input.npy width=10 height=8 kernel_size=2 output=zeros:float32:8x10
# check: output tol=1e-4
# input: input = rng.integers(0, 6, (8, 10)).astype(np.uint8)
# A published program (pixelwise Shannon entropy of an image with CUDA): its
# ElementwiseKernel, the specs, preamble and operation from module strings and
# keyword arguments, called as _elementwise_shannon_entropy calls it (img.shape[1],
# img.shape[0] and kernel_size Python ints for int16 parameters, the output given): a
# preamble's __device__ function taking the raw input as `const CArray<unsigned char, 2,
# true, true> &`, CuPy 14.2's type for a C-contiguous 2-d raw uint8 array with 32-bit
# indexing (the program, written for an older CuPy, says `false`: CuPy 14.2 and pykc refuse
# that, no conversion between the two CArray types), indexed with `int idx[] = {y, x}`, a 256-bin float
# histogram per thread, __syncthreads() in a device function, an int sum of floats,
# __log2f.
import cupy as cp
import numpy as np


PATTERN_PLACE_HOLDER = "<PLACE_HOLDER>"
in_params = """
    raw uint8 input,
    int16 width,
    int16 height,
    int16 kernel_size
"""
out_params = "float32 output"
preamble = """
    __device__ int get_x_idx(int i, int width) {
        return i % width;
    }
    
    __device__ int get_y_idx(int i, int width) {
        return i / width;
    }
    
    __device__ float calc_normalized_hist(
        int x_idx, int y_idx,
        int width, int height,
        int kernel_size,
        const CArray<unsigned char, 2, true, true> &input) {
        const int nbins=256;
        float bincount[nbins];
        float entropy=0;
        int sum = 0;
        
        for (int i=0; i < nbins; i++){
            bincount[i]=1e-16;   // to avoid error
        }
        
        // calc hist
        for (int dy = -kernel_size; dy <= kernel_size; dy++) {
            for (int dx = -kernel_size; dx <= kernel_size; dx++) {
                int x = x_idx + dx;
                int y = y_idx + dy;
                if (x < 0 || x >= width || y < 0 || y >= height) {
                    continue;
                }
                int idx[] = {y, x};
                bincount[input[idx]]++;
            }
        }
        
        __syncthreads();
        // summation
        for (int i=0; i < nbins; i++){
            sum += bincount[i];
        }
        
        __syncthreads();
        // calc entropy
        for (int i=0; i < nbins; i++){
            entropy -= (bincount[i] / sum) * (__log2f(bincount[i]) - __log2f(sum));
        }
        
        return entropy;
    }
"""
operation="""
    int x_idx = get_x_idx(i, width);
    int y_idx = get_y_idx(i, width);
    output = calc_normalized_hist(x_idx, y_idx, width, height, kernel_size, input);
"""

# generate kernel function on GPU.
get_shannon_entropy = cp.ElementwiseKernel(
    in_params=in_params,
    out_params=out_params,
    preamble=preamble,
    operation=operation,
    name='get_shannon_entropy')
