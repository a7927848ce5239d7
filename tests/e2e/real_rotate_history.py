# run: --kernel rotate --grid 1 --block 128 input=@real_rotate_history.input.npy out=zeros:float64:5x7 P=7:int32 depth=5:int32 shift=2:int32
# check: out
# input: input = rng.standard_normal((5, 7))
# A real program (a delay-differential simulation): `extern "C" __global__ void` on one
# line, the whole body on one line, a RawKernel made in a method.
import cupy as cp


class DenseChunk:
    def __init__(self, e):
        self.rotate = cp.RawKernel(r'''
extern "C" __global__ void rotate(const double* input,double* out,int P,int depth,int shift){
 int i=blockIdx.x*blockDim.x+threadIdx.x;if(i<P*depth)out[i]=input[(((i/P)+shift)%depth)*P+i%P];
}''','rotate')
