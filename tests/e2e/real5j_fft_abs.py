# run: --kernel process_fft_kernel --grid 3 --block 16 fft_values=@real5j_fft_abs.fft_values.npy output=zeros:float32:40
# check: output
# input: fft_values = rng.standard_normal(40).astype(np.float32)
# A published program (a solar radio burst analysis: gyrosynchrotron harmonics in FFT
# spectra), its kernel unchanged: `jit.grid(1)` bounded by `output.size`, `cp.abs` of a
# float32 element (the program passes float32 magnitudes), a tail block that stops.
import cupy as cp
import numpy as np
import os
import logging
from cupyx import jit

MAX_MEMORY = 1 * 1024 * 1024 * 1024  # 1GB in bytes


@jit.rawkernel()
def process_fft_kernel(fft_values, output):
    i = jit.grid(1)
    if i < output.size:
        output[i] = cp.abs(fft_values[i])
