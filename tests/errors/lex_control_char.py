import cupy as cp

n = 1
