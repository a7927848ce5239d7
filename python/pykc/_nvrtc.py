"""Where NVRTC is: the CUDA toolkit's (libpykc's own search: $CUDA_HOME/lib64,
/usr/local/cuda/lib64, the loader path), else the one the `nvidia-cuda-nvrtc` wheels put in
the Python environment: CUDA 13 (nvidia/cu13/lib/libnvrtc.so.13) or CUDA 12
(nvidia/cuda_nvrtc/lib/libnvrtc.so.12). The wheel's library is passed to libpykc through
$PYKC_NVRTC, which a user may also set."""
import importlib.util
import os

_TOOLKIT = ("libnvrtc.so.13", "libnvrtc.so")
_WHEEL = ("cu13/lib/libnvrtc.so.13", "cuda_nvrtc/lib/libnvrtc.so.13",
          "cuda_nvrtc/lib/libnvrtc.so.12")


def _toolkit_has_nvrtc():
    dirs = [os.path.join(os.environ["CUDA_HOME"], "lib64")] if os.environ.get("CUDA_HOME") else []
    dirs.append("/usr/local/cuda/lib64")
    return any(os.path.exists(os.path.join(d, n)) for d in dirs for n in _TOOLKIT)


def wheel_nvrtc():
    """The libnvrtc of an nvidia-cuda-nvrtc wheel in this environment, or None."""
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return None
    for root in (spec.submodule_search_locations or []) if spec else []:
        for rel in _WHEEL:
            path = os.path.join(root, rel)
            if os.path.exists(path):
                return path
    return None


def find_nvrtc():
    if os.environ.get("PYKC_NVRTC") or _toolkit_has_nvrtc():
        return
    path = wheel_nvrtc()
    if path:
        os.environ["PYKC_NVRTC"] = path
