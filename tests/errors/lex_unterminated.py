import cupy as cp

msg = "kernel output:
print(msg)
