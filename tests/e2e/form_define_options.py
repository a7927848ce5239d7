# run: --kernel affine_opt x=@form_define_options.x.npy
# check: y
# input: x = rng.standard_normal((4, 9))
# An ElementwiseKernel's NVRTC options define macros for its own code (issue 19 §4: text
# and #defines a program chooses when it runs): -DNAME=V, -D NAME=V as two options, and
# --define-macro; another form of the file does not see them.
import cupy as cp

affine_opt = cp.ElementwiseKernel(
    'T x', 'T y', 'y = x * SCALE + OFFSET - SHIFT', 'affine_opt',
    options=('-DSCALE=3', '-D', 'OFFSET=0.25', '--define-macro=SHIFT=1'))

no_macros = cp.ElementwiseKernel(
    'T x', 'T y', 'y = x + SCALE', 'no_macros',
    preamble='#ifndef SCALE\n#define SCALE 100\n#endif\n')
