# run: --kernel hdr_bf16 x=@form_hdr_bf16.x.npy h=@form_hdr_bf16.h.npy y=zeros:float32:64 acc=zeros:uint16:1
# check: y acc
# input: x = rng.uniform(-50, 50, 64).astype(np.float32)
# input: h = rng.integers(-8, 9, 64).astype(np.float16)
# An ElementwiseKernel whose preamble includes CuPy's bfloat16.cuh (twice) and
# atomics.cuh, in a form with float16 values: CuPy's bfloat16 class (arithmetic through
# float, rounded once to bfloat16), its conversion from the form's float16 values, and
# atomics.cuh's atomicAdd of bfloat16.
import cupy as cp

hdr_bf16 = cp.ElementwiseKernel(
    'float32 x, float16 h', 'float32 y, raw uint16 acc',
    '''
    bfloat16 a(x);
    bfloat16 b = bfloat16(float(h));
    y = float(bfloat16(a * b)) + float(bfloat16(a + a)) + float(max(a, b));
    atomicAdd(reinterpret_cast<bfloat16 *>(&acc[0]), bfloat16(1.0f));
    ''',
    'hdr_bf16',
    preamble='#include <cupy/bfloat16.cuh>\n#include <cupy/atomics.cuh>\n'
             '#include <cupy/bfloat16.cuh>\n')
