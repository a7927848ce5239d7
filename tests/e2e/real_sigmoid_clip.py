# run: --kernel applyactfunc_cuda z=@real_sigmoid_clip.z.npy
# check: out tol=1e-6
# input: z = np.concatenate([rng.standard_normal(30) * 5, [-800.0, 800.0, -500.0, 0.0]]).astype(np.float32)
# A real program (a neural network's GPU prediction): a fuse parameter rebound to
# cp.clip of it with Python float bounds (float32 stays float32), then 1 / (1 + exp(-z)).
import cupy as cp
import numpy as np

@cp.fuse()
def applyactfunc_cuda(z):
    #This function applies a fused clipped Sigmoid activation on the GPU to avoid latency
    #Input arguments:
    #z: batch of pre-activation values
    
    #Output:
    #Activated batch tensor normalized to [0,1]
    
    #Clip values to prevent overflow in np.exp
    z = cp.clip(z, -500.0, 500.0)
    return 1.0 / (1.0 + cp.exp(-z))
