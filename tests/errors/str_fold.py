# Kernel text built from module constants (src/dsl/sema_strfmt.c): where Python raises,
# the error names Python's exception, the call and its line; what only the running program
# has (a factory's parameter, a file's text, a method pykc does not compute) keeps the
# error that says so, with the reason.
import string
import cupy as cp

N = 4
T = string.Template('y = x * $n + $m')
k_key = cp.ElementwiseKernel('T x', 'T y', 'y = x * {n}'.format(m=N), 'k_key')
k_idx = cp.ElementwiseKernel('T x', 'T y', 'y = x * {1}'.format(N), 'k_idx')
k_spec = cp.ElementwiseKernel('T x', 'T y', f'y = x * {N:.2d}', 'k_spec')
k_pct = cp.ElementwiseKernel('T x', 'T y', 'y = x * %d + %d' % N, 'k_pct')
k_tmpl = cp.ElementwiseKernel('T x', 'T y', T.substitute(n=N), 'k_tmpl')
CODE = 'extern "C" __global__ void k(float *x) {{ x[0] = {}; }}'.format(N, N + 1)
SRC = CODE.replace('k', 'k2', 'all')
raw = cp.RawKernel(SRC, 'k2')


def make(n):
    return cp.ElementwiseKernel('T x', 'T y', f'y = x * {n}', 'k_param')


k_meth = cp.ElementwiseKernel('T x', 'T y', 'y = x * N'.title(), 'k_meth')
k_expr = cp.ElementwiseKernel('T x', 'T y', f'y = x * {max(N, 2)}', 'k_expr')
