# run: --kernel fast_exp_op y=@real_fast_exp.y.npy a=1512775.3951951856938 b=1072632447
# check: z
# input: y = -rng.random(64) * 30
# A real program (a fast non-local means, Schraudolph's exp): a double expression written
# to an int32 output the call allocates (the conversion truncates), a Python int scalar
# converted to the float64 parameter.
import cupy as cp

EXP_A = 1512775.3951951856938 # 2^20 / ln(2)
EXP_BC = 1072632447 # 1023 * 2 ^ 20 - 60801

fast_exp_op = cp.ElementwiseKernel(
        'float64 y, float64 a, float64 b',
        'int32 z',
        'z = a * y + b',
        'fast_exp_op'
    )
