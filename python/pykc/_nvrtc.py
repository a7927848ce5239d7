"""Where NVRTC and CCCL are.

NVRTC: the CUDA toolkit's (libpykc's own search: $CUDA_HOME/lib64, /usr/local/cuda/lib64,
the loader path), else the one the `nvidia-cuda-nvrtc` wheels put in the Python
environment: CUDA 13 (nvidia/cu13/lib/libnvrtc.so.13) or CUDA 12
(nvidia/cuda_nvrtc/lib/libnvrtc.so.12). The wheel's library is passed to libpykc through
$PYKC_NVRTC, which a user may also set.

CCCL (CUB, libcu++: the headers of jit.cg and jit.cub): the toolkit's (include/cccl of CUDA
13, include of CUDA 12, libpykc's own search), else CuPy's bundled copy
(cupy/_core/include/cupy/_cccl/: cub, thrust and libcudacxx, the headers cupyx.jit itself
compiles with), else the `nvidia-cuda-cccl` wheel's (CUDA 13: nvidia/cu13/include/cccl,
CUDA 12: nvidia/cuda_cccl/include). The folders are passed to libpykc through
$PYKC_CCCL_INCLUDE (':'-separated), which a user may also set.

libcudadevrt.a (the device runtime that relocatable code, -dc: dynamic parallelism, is
linked with): the toolkit's (lib64/ or lib/ of $CUDA_HOME, $CUDA_PATH, /usr/local/cuda,
which libpykc searches itself), else that of the toolkit whose nvcc is on $PATH (as
CuPy's get_cuda_path finds it), else the `nvidia-cuda-runtime` wheel's, passed through
$PYKC_CUDADEVRT."""
import importlib.util
import os
import shutil

_TOOLKIT = ("libnvrtc.so.13", "libnvrtc.so")
_CCCL_WHEEL = ("cu13/include/cccl", "cuda_cccl/include")
_CUPY_CCCL = ("cub", "thrust", "libcudacxx")
_WHEEL = ("cu13/lib/libnvrtc.so.13", "cuda_nvrtc/lib/libnvrtc.so.13",
          "cuda_nvrtc/lib/libnvrtc.so.12")


def _toolkits():
    return ([os.environ["CUDA_HOME"]] if os.environ.get("CUDA_HOME") else []) + ["/usr/local/cuda"]


def _toolkit_has_nvrtc():
    return any(os.path.exists(os.path.join(d, "lib64", n)) for d in _toolkits() for n in _TOOLKIT)


def _package_dirs(name):
    """The folders of package NAME in this environment (not imported), or []."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    return list(spec.submodule_search_locations or []) if spec else []


def wheel_nvrtc():
    """The libnvrtc of an nvidia-cuda-nvrtc wheel in this environment, or None."""
    for root in _package_dirs("nvidia"):
        for rel in _WHEEL:
            path = os.path.join(root, rel)
            if os.path.exists(path):
                return path
    return None


def _toolkit_has_cccl():
    """As libpykc looks: the first toolkit with include/cuda_fp16.h, and its CCCL."""
    for d in _toolkits():
        inc = os.path.join(d, "include")
        if os.path.exists(os.path.join(inc, "cuda_fp16.h")):
            return any(os.path.exists(os.path.join(inc, sub, "cuda", "std", "cmath"))
                       for sub in ("cccl", ""))
    return False


def environment_cccl():
    """The CCCL include folders this environment's packages have: CuPy's bundled copy,
    else the nvidia-cuda-cccl wheel's; [] if none."""
    for root in _package_dirs("cupy"):
        dirs = [os.path.join(root, "_core", "include", "cupy", "_cccl", d) for d in _CUPY_CCCL]
        if os.path.exists(os.path.join(dirs[0], "cub", "block", "block_reduce.cuh")):
            return dirs
    for root in _package_dirs("nvidia"):
        for rel in _CCCL_WHEEL:
            path = os.path.join(root, rel)
            if os.path.exists(os.path.join(path, "cub", "block", "block_reduce.cuh")):
                return [path]
    return []


def find_cccl():
    if os.environ.get("PYKC_CCCL_INCLUDE") or _toolkit_has_cccl():
        return
    dirs = environment_cccl()
    if dirs:
        os.environ["PYKC_CCCL_INCLUDE"] = os.pathsep.join(dirs)


_DEVRT_WHEEL = ("cu13/lib/libcudadevrt.a", "cuda_runtime/lib/libcudadevrt.a")


def find_cudadevrt():
    if os.environ.get("PYKC_CUDADEVRT"):
        return
    homes = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH")] + ["/usr/local/cuda"]
    if any(h and os.path.exists(os.path.join(h, lib, "libcudadevrt.a"))
           for h in homes for lib in ("lib64", "lib")):
        return
    nvcc = shutil.which("nvcc")
    home = os.path.dirname(os.path.dirname(os.path.realpath(nvcc))) if nvcc else None
    for lib in ("lib64", "lib") if home else ():
        path = os.path.join(home, lib, "libcudadevrt.a")
        if os.path.exists(path):
            os.environ["PYKC_CUDADEVRT"] = path
            return
    for root in _package_dirs("nvidia"):
        for rel in _DEVRT_WHEEL:
            path = os.path.join(root, rel)
            if os.path.exists(path):
                os.environ["PYKC_CUDADEVRT"] = path
                return


def find_nvrtc():
    if os.environ.get("PYKC_NVRTC") or _toolkit_has_nvrtc():
        return
    path = wheel_nvrtc()
    if path:
        os.environ["PYKC_NVRTC"] = path
