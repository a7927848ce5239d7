# run: --kernel _finalize_fields_kernel --grid 2 --block 8 fs_re=@real5j_cxr_finalize.fs_re.npy fs_im=@real5j_cxr_finalize.fs_im.npy fp_re=@real5j_cxr_finalize.fp_re.npy fp_im=@real5j_cxr_finalize.fp_im.npy wm=@real5j_cxr_finalize.wm.npy spec=@real5j_cxr_finalize.spec.npy n_g=3:uint32 n_E=13:uint32
# check: spec tol=1e-6
# input: fs_re = rng.standard_normal(39).astype(np.float32)
# input: fs_im = rng.standard_normal(39).astype(np.float32)
# input: fp_re = rng.standard_normal(39).astype(np.float32)
# input: fp_im = rng.standard_normal(39).astype(np.float32)
# input: wm = rng.random(3).astype(np.float32)
# input: spec = rng.random(13).astype(np.float32)
# A published program (an X-ray line-spectrum simulator's streamed coherent fields), its
# finalising kernel unchanged: an early `return` past n_E, a float32 accumulator from a
# module-level np.float32(0.0), a while loop over reflections counted by a uint32 local
# from np.uint32(0) stepping by np.uint32(1), `g * n_E + k` in uint32, a weighted sum of
# four squares added into the spectrum.
from dataclasses import dataclass

import cupy as xp
import numpy as np
from cupyx import jit

F32_ZERO = np.float32(0.0)
U32_ZERO = np.uint32(0)
U32_ONE = np.uint32(1)


@jit.rawkernel()
def _finalize_fields_kernel(fs_re, fs_im, fp_re, fp_im, wm, spec, n_g, n_E):
    k = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if k >= n_E:
        return
    acc = F32_ZERO
    g = U32_ZERO
    while g < n_g:
        i = g * n_E + k
        sr = fs_re[i]
        si = fs_im[i]
        pr = fp_re[i]
        pi = fp_im[i]
        acc += wm[g] * (sr * sr + si * si + pr * pr + pi * pi)
        g += U32_ONE
    spec[k] += acc
