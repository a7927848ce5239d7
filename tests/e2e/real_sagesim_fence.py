# run: --kernel fence_test --grid 1 --block 32 out=zeros:int32:32
# check: out
# A published program (an agent-based simulator's tests of its software grid barrier):
# `@jit.rawkernel(device="cuda")` on the kernels it launches (cupyx.jit tests device= for
# truth only where a function is called, and compiles what is launched as a kernel), and
# `jit.threadfence()`, which the program adds to CuPy 14.2's cupyx.jit with its own
# BuiltinFunc (below, as published; pykc has the builtin). The barrier kernels of the same
# file spin across blocks, which the CPU backend cannot run (its blocks take turns).
import time

import numpy as np
import cupy as cp
from cupyx import jit

try:
    from cupyx.jit._internal_types import BuiltinFunc, Data
    from cupyx.jit import _cuda_types, _builtin_funcs
    import cupyx.jit as jit_module

    _installed = False


    class ThreadFence(BuiltinFunc):
        """Emits ``__threadfence()`` — ensures all global memory writes by
        the calling thread are visible to all other threads in the device."""

        def __call__(self):
            super().__call__()

        def call_const(self, env):
            return Data('__threadfence()', _cuda_types.void)


    def install_jit_extensions():
        """Idempotent installer — safe to call multiple times."""
        global _installed
        if _installed:
            return
        _builtin_funcs.threadfence = ThreadFence()
        jit_module.threadfence = _builtin_funcs.threadfence
        _installed = True

    install_jit_extensions()
except ImportError:            # without CuPy: pykc's jit has threadfence
    pass


@jit.rawkernel(device="cuda")
def fence_test(out):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    out[tid] = 1
    jit.threadfence()
    out[tid] = 2
