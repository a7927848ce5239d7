import cupy as cp

label = “result”
