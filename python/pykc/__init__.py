"""pykc: cupyx.jit kernels compiled by pykc (a C compiler of the kernel language).

    from pykc import jit            # instead of: from cupyx import jit

    @jit.rawkernel()
    def saxpy(a, x, y, out):
        i = jit.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

    saxpy((blocks,), (256,), (a, x, y, out))      # CuPy/PyTorch arrays: the GPU
                                                  # NumPy arrays: the CPU backend, in place

pykc.RawKernel(code, name) and pykc.RawModule(code=..., name_expressions=[...]) are
CuPy's: CUDA C++ compiled as written (NVRTC on a GPU, g++ on the CPU backend).
pykc.CompileError carries pykc's diagnostics (file:line:col, the line, a caret) for the
user's .py file; pykc.LaunchError a kernel's or CUDA's failure, naming the kernel.
Environment: PYKC_CPU=1 runs every kernel on the CPU backend (NumPy arrays only);
PYKC_DEBUG=1 compiles every kernel with --debug (bounds and assert checks);
PYKC_NVRTC=PATH picks libnvrtc; PYKC_CCCL_INCLUDE=DIR[:DIR...] the CCCL headers of jit.cg
and jit.cub where the toolkit has none (else CuPy's bundled copy or the nvidia-cuda-cccl
wheel's, found here); PYKC_CUDADEVRT=PATH the libcudadevrt.a that relocatable code (-dc)
is linked with; PYKC_CACHE_DIR / PYKC_CACHE=0 the disk cache.
"""
from ._nvrtc import find_cccl as _find_cccl, find_nvrtc as _find_nvrtc
from ._nvrtc import find_cudadevrt as _find_cudadevrt

_find_nvrtc()
_find_cccl()
_find_cudadevrt()

from ._pykc import CompileError, LaunchError, version as __version__  # noqa: E402
from ._pykc import have_gpu, synchronize  # noqa: E402
from . import jit  # noqa: E402
from ._kernel import compile_ptx, compile_cubin, load, Module  # noqa: E402
from ._raw import RawKernel, RawModule  # noqa: E402
from ._forms import ElementwiseKernel, ReductionKernel  # noqa: E402
from ._fuse import fuse, Fusion  # noqa: E402
from ._ufunc import create_ufunc  # noqa: E402

__all__ = ["jit", "CompileError", "LaunchError", "RawKernel", "RawModule", "ElementwiseKernel",
           "ReductionKernel", "fuse", "Fusion", "create_ufunc", "compile_ptx", "compile_cubin", "load", "Module",
           "have_gpu", "synchronize", "__version__"]
