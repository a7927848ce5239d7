# run: --kernel update_thermal_file_2D_kernel --grid 2,2 --block 8,8 T=zeros:float64:9x14 T0=@real_ppf_thermal.T0.npy T1=@real_ppf_thermal.T1.npy start=1.5 end=4.0 current=2.25
# check: T
# input: T0 = rng.random((9, 14)) * 300 + 900
# input: T1 = rng.random((9, 14)) * 300 + 900
# A published program (phase-field simulation, a temperature field interpolated between
# two time slices): three Python float arguments (float32 under cupyx's CUDA typing),
# `1-ratio` with an int literal, grid-stride loops from `start+1` to `shape-1`.
from cupyx import jit
import cupy as cp
import numpy as np
import math


@jit.rawkernel()
def update_thermal_file_2D_kernel(T, T0, T1, start, end, current):
    starty, startx = jit.grid(2)
    stridey, stridex = jit.gridsize(2)
    
    ratio_T1 = (current-start)/(end-start)
    ratio_T0 = 1-ratio_T1

    # assuming x and y inputs are same length
    for i in range(starty+1, T.shape[0]-1, stridey):
        for j in range(startx+1, T.shape[1]-1, stridex):
            T[i][j] = T0[i][j]*ratio_T0 + T1[i][j]*ratio_T1
