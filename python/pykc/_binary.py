"""RawModule(path=) of a compiled file: a cubin, a fatbin or PTX, as CuPy loads it
(cuModuleLoadData; the driver JIT-compiles PTX), its kernels launched through the CUDA
driver (libcuda, by ctypes) on the current device.

There is no source, so there are no declared parameters: the arguments are passed as
CuPy's RawKernel passes them (cupy/cuda/function.pyx, _pointer): an array (CuPy's, or any
with __cuda_array_interface__) or a cupy.cuda.MemoryPointer as its device address, a
TextureObject/SurfaceObject as its handle, None as NULL, a NumPy scalar (or one-element
NumPy array) by value in its dtype, a Python bool/int/float/complex as NumPy's bool_,
int64, float64 and complex128; the driver copies as many bytes of each as the kernel's
parameter has. The CPU backend cannot run GPU code: there a compiled file is refused
with pykc.LaunchError."""
import ctypes
import re
import sys

from . import _cupyexc, _pykc

_ELF = b"\x7fELF"
_FATBIN = b"\x50\xed\x55\xba"
_PTX = re.compile(rb"^\s*\.version\s+\d+\.\d+\s*$", re.M)
_ATTRS = ("max_threads_per_block", "shared_size_bytes", "const_size_bytes",
          "local_size_bytes", "num_regs", "ptx_version", "binary_version", "cache_mode_ca",
          "max_dynamic_shared_size_bytes", "preferred_shared_memory_carveout")
_cuda = None


def read(path):
    """The bytes of PATH, or None when there is no such file (the module says so at its
    first use, as CuPy does)."""
    try:
        return _pykc.read_file(path)        # a regular file of at most 256 MiB, as pykc reads
    except FileNotFoundError:
        return None


def is_binary(data):
    """Is DATA a cubin (ELF), a fatbin or PTX text (a `.version` directive line)?"""
    return data[:4] in (_ELF, _FATBIN) or bool(_PTX.search(data[:4096]))


def _driver():
    global _cuda
    if _cuda is None:
        try:
            _cuda = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            raise _pykc.LaunchError(f"no CUDA driver ({e})") from None
        _cuda.cuGetErrorName.argtypes = (ctypes.c_int, ctypes.POINTER(ctypes.c_char_p))
        _cuda.cuModuleGetGlobal_v2.argtypes = (
            ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p,
            ctypes.c_char_p)
        _cuda.cuLaunchKernel.argtypes = (ctypes.c_void_p,) + (ctypes.c_uint,) * 7 + (
            ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
    return _cuda


def _check(r, what):
    if r == 0:
        return
    name = ctypes.c_char_p()
    _driver().cuGetErrorName(r, ctypes.byref(name))
    detail = f"{what}: {(name.value or b'CUDA error %d' % r).decode()}"
    raise _cupyexc._driver_error(r, detail, _pykc.LaunchError)


def _device():
    """The current device: CuPy's where CuPy is imported, else device 0; its primary
    context made current if the thread has none."""
    cupy = sys.modules.get("cupy")
    dev = cupy.cuda.runtime.getDevice() if cupy is not None else 0
    cu = _driver()
    ctx = ctypes.c_void_p()
    _check(cu.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
    if not ctx.value:
        _check(cu.cuInit(0), "cuInit")
        d = ctypes.c_int()
        _check(cu.cuDeviceGet(ctypes.byref(d), dev), "cuDeviceGet")
        _check(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), d), "cuDevicePrimaryCtxRetain")
        _check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    return dev


class Module:
    """A compiled file's module, loaded on each device at its first use there."""

    def __init__(self, path, data):
        self.path = path
        self.data = data if data[:4] in (_ELF, _FATBIN) else data + b"\0"
        self._mods = {}

    def load(self):
        """The CUmodule on the current device (loaded now if need be)."""
        if not _pykc.have_gpu():
            raise _pykc.LaunchError(f"RawModule(path={self.path!r}): a cubin, fatbin or PTX "
                                    "file runs only on a GPU (the CPU backend, PYKC_CPU=1 or "
                                    "no GPU, compiles CUDA C++ source)")
        dev = _device()
        mod = self._mods.get(dev)
        if mod is None:
            mod = ctypes.c_void_p()
            _check(_driver().cuModuleLoadData(ctypes.byref(mod), self.data),
                   f"cuModuleLoadData({self.path})")
            self._mods[dev] = mod
        return mod

    def get_function(self, name, owner):
        f = Function(self, name, owner)
        f.handle()
        return f

    def get_global(self, name, owner):
        ptr, size = ctypes.c_uint64(), ctypes.c_size_t()
        r = _driver().cuModuleGetGlobal_v2(ctypes.byref(ptr), ctypes.byref(size), self.load(),
                                           name.encode())
        if r == 500:
            raise _cupyexc.not_found(f"no __device__ or __constant__ variable '{name}' in "
                                     f"{self.path}")
        _check(r, "cuModuleGetGlobal")
        import cupy
        mem = cupy.cuda.memory.UnownedMemory(ptr.value, size.value, owner,
                                             cupy.cuda.runtime.getDevice())
        return cupy.cuda.memory.MemoryPointer(mem, 0)


def _arg(x):
    """X as a kernel argument: a ctypes object holding its bytes (CuPy's _pointer)."""
    import numpy
    if x is None:
        return ctypes.c_void_p(0)
    cai = getattr(x, "__cuda_array_interface__", None)
    if cai is not None:
        return ctypes.c_void_p(cai["data"][0])
    kind = type(x).__module__ + "." + type(x).__name__
    if kind == "cupy.cuda.memory.MemoryPointer":
        return ctypes.c_void_p(x.ptr)
    if kind in ("cupy.cuda.texture.TextureObject", "cupy.cuda.texture.SurfaceObject"):
        return ctypes.c_uint64(x.ptr)
    if isinstance(x, numpy.ndarray):
        if x.size != 1:
            raise TypeError(f"a numpy.ndarray of shape {x.shape} cannot be a kernel argument: "
                            "pass a device array, or a one-element array for a value")
        return ctypes.create_string_buffer(x.tobytes(), x.nbytes)
    if isinstance(x, bool):
        x = numpy.bool_(x)
    elif isinstance(x, int):
        x = numpy.int64(x)
    elif isinstance(x, float):
        x = numpy.float64(x)
    elif isinstance(x, complex):
        x = numpy.complex128(x)
    if isinstance(x, numpy.generic):
        return ctypes.create_string_buffer(x.tobytes(), x.nbytes)
    raise TypeError(f"cannot pass a value of type {kind} to a kernel of a compiled file")


def _dim3(v, what):
    v = (v,) if isinstance(v, int) else tuple(v)
    if not 1 <= len(v) <= 3 or not all(isinstance(n, int) and n >= 1 for n in v):
        raise ValueError(f"{what} must be 1 to 3 positive ints, got {v!r}")
    return v + (1,) * (3 - len(v))


class Function:
    """A kernel of a compiled file: k(grid, block, args, shared_mem=0, stream=None)."""

    def __init__(self, module, name, owner):
        self._module, self.name, self._owner = module, name, owner
        self.enable_cooperative_groups = owner.enable_cooperative_groups
        self.backend = owner.backend
        self.file_path = module.path
        self._funcs = {}

    def __repr__(self):
        return f"<pykc RawModule function {self.name} of {self._module.path}>"

    def __reduce__(self):
        from ._raw import _unpickle_function
        return (_unpickle_function, (self._owner, self.name))

    def handle(self):
        mod = self._module.load()
        dev = _device()
        f = self._funcs.get(dev)
        if f is None:
            f = ctypes.c_void_p()
            r = _driver().cuModuleGetFunction(ctypes.byref(f), mod, self.name.encode())
            if r == 500:
                raise _cupyexc.not_found(f"no kernel '{self.name}' in {self._module.path}")
            _check(r, "cuModuleGetFunction")
            self._funcs[dev] = f
        return f

    def __call__(self, grid, block, args, shared_mem=0, stream=None):
        g, b = _dim3(grid, "grid"), _dim3(block, "block")
        vals = [_arg(a) for a in args]
        params = (ctypes.c_void_p * max(len(vals), 1))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in vals])
        if stream is None and "cupy" in sys.modules:
            stream = sys.modules["cupy"].cuda.get_current_stream()
        s = getattr(stream, "ptr", stream) or 0
        cu = _driver()
        launch = cu.cuLaunchCooperativeKernel if self.enable_cooperative_groups else None
        if launch is not None:
            launch.argtypes = (ctypes.c_void_p,) + (ctypes.c_uint,) * 7 + (
                ctypes.c_void_p, ctypes.c_void_p)
            _check(launch(self.handle(), *g, *b, shared_mem, s, params),
                   f"kernel '{self.name}'")
        else:
            _check(cu.cuLaunchKernel(self.handle(), *g, *b, shared_mem, s, params, None),
                   f"kernel '{self.name}'")

    def compile(self, log_stream=None):
        self.handle()

    @property
    def attributes(self):
        """CuPy's attributes dict (cuFuncGetAttribute) on the current device."""
        out = {}
        for i, name in enumerate(_ATTRS):
            v = ctypes.c_int()
            _check(_driver().cuFuncGetAttribute(ctypes.byref(v), i, self.handle()),
                   "cuFuncGetAttribute")
            out[name] = v.value
        return out

    def __getattr__(self, name):
        if name in _ATTRS:
            return self.attributes[name]
        raise AttributeError(name)
