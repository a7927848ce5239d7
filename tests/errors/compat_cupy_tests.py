# args: --sig 'shfl(float64, float64[:])' --sig 'ws(uint32[:])' --sig 'unbound(float32[:])' --sig 'outer(float32[:], int32)'
# Kernels from CuPy's own tests (tests/cupyx_tests/jit_tests/test_raw.py) at the edges:
# test_shfl reads `value` that only lane 0 assigned (a warning); test_warpsize stores
# the int32 warpsize into a uint32 array, which CuPy 14 with NumPy 2 rejects too
# (numpy.can_cast(int32, uint32, 'same_kind') is False); test_error_msg's unbound name;
# a kernel called from a kernel (cupyx: "Calling __global__ function is not allowed").
import numpy
import cupy
import cupyx.jit
from cupyx import jit


@jit.rawkernel()
def shfl(a, b):
    laneId = jit.threadIdx.x & 0x1f
    if laneId == 0:
        value = a
    value = jit.shfl_sync(0xffffffff, value, 0)
    b[laneId] = value


@jit.rawkernel()
def ws(arr):
    x = jit.grid(1)
    if x == 0:
        arr[0] = jit.warpsize


@jit.rawkernel()
def unbound(x):
    return unknown_var  # NOQA


@cupyx.jit.rawkernel()
def helper(w, i, v):
    w[i] = v


@cupyx.jit.rawkernel()
def outer(w, n):
    tid = cupyx.jit.threadIdx.x
    if tid < n:
        helper(w, tid, 1.0)
