# run: --kernel kernel x=@real2_cond_kernel.x.npy y=@real2_cond_kernel.y.npy
# check: z
# input: x = np.arange(6, dtype='f').reshape(2, 3)
# input: y = np.arange(3, dtype='f')
# Source: github.com/diem389/ai_drill, cupy1.py, unchanged: an ElementwiseKernel named
# 'kernel1' bound to `kernel`, an if/else with braces on their own lines, a (2, 3) input
# broadcast against a (3,) one, float32 arrays made with dtype='f'.
# %%
import cupy as cp

x = cp.arange(6, dtype='f').reshape(2, 3)
y = cp.arange(3, dtype='f')

kernel = cp.ElementwiseKernel(
    'float32 x, float32 y', 'float32 z',
    '''
    if (x - 2 > y) 
    {
      z = x * y;
    } 
    else 
    {
       z = x + y;
    } 
    ''', 'kernel1')
# %%
r = kernel(x, y)
print(cp.asnumpy(r))
