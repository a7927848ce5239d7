"""CuPy's RawKernel and RawModule over pykc: CUDA C++ compiled as written.

    add = pykc.RawKernel(code, 'vec_add')                  # cupy.RawKernel's signature
    add((blocks,), (256,), (a, b, c, np.int32(n)))         # CuPy arrays: the GPU (NVRTC)
                                                           # NumPy arrays: the CPU backend
    mod = pykc.RawModule(code=code, options=('-std=c++17',),
                         name_expressions=['fx3<float>'])
    mod.get_function('fx3<float>')((1,), (64,), (x, np.int32(64)))

The code goes to the library as a .cu source with the options and name expressions: on a
GPU NVRTC compiles it (options as given; a name expression's kernel is its lowered name),
on the CPU backend g++ does (the options -D, -U, -I and -std; the others are the GPU's).
Arrays are passed as pointers; a scalar is converted to the C type the kernel declares
(refused when its value does not fit), so a Python int for an `int n` needs no np.int32.
The functions of one RawModule share one compiled module per device, as in CuPy (its
`__device__` variables are the same for all of them): the first kernel the code declares
holds it, the others borrow it.
"""
from . import _pykc


def _kernels(code, options, name_expressions):
    """The __global__ functions of CODE, read by the library's CUDA C++ scanner (the one the
    compiler and the runtime use): (name, extern_c, is_template, name_expression, line,
    params) each, then one per name expression."""
    return _pykc.cuda_kernels(code, tuple(options), tuple(name_expressions))


def _params(code, name, options=(), name_expressions=()):
    """The parameter names of kernel NAME (a C name or a name expression) of CODE."""
    ks = _kernels(code, options, name_expressions)
    for k in ks:
        if k[0] == name and k[3]:
            return tuple(p[0] for p in k[5])
    for k in ks:
        if k[0] == name and k[1] and not k[2]:
            return tuple(p[0] for p in k[5])
    for k in ks:
        if k[0] == name:
            why = ("is a template: name an instance" if k[2] else
                   "has C++ linkage (not extern \"C\", or static): name it")
            raise AttributeError(f"__global__ function '{name}' {why} in name_expressions")
    raise AttributeError(f"no __global__ function '{name}' in the code")


def _kernel_names(code, options, name_expressions):
    """The kernels of CODE a RawModule can launch: its extern "C" __global__ functions'
    C names, then the name expressions."""
    ks = _kernels(code, options, name_expressions)
    return [k[0] for k in ks if k[1] and not k[2] and not k[3]] + list(name_expressions)


def _strs(what, v):
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    v = tuple(v)
    for s in v:
        if not isinstance(s, str):
            raise TypeError(f"{what} must be strings, got {type(s).__name__}")
    return v


class _RawFunction(_pykc.Kernel):
    """A kernel of CUDA C++ code: k(grid, block, args, shared_mem=0, stream=None)."""

    def __init__(self, code, name, options, name_expressions, kind, owner=None):
        super().__init__(name, _params(code, name, options, name_expressions), False, False)
        self.code = code
        self.name = name
        self.options = options
        self.name_expressions = name_expressions
        self._kind = kind
        self._owner = owner            # the RawModule function whose module this one shares

    def __repr__(self):
        return f"<pykc {self._kind} function {self.name}>"

    def _build_source(self):
        if self._owner is not None:
            return self._owner
        label = f"RawKernel {self.name}" if self._kind == "RawKernel" else "RawModule"
        return (f"<{label}>.cu", self.code, self.options, self.name_expressions)


class RawKernel(_RawFunction):
    """cupy.RawKernel(code, name, options=(), backend='nvrtc', *, translate_cucomplex=False,
    enable_cooperative_groups=False, jitify=False): the extern "C" kernel NAME of CODE."""

    def __init__(self, code, name, options=(), backend="nvrtc", *, translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=False):
        if not isinstance(code, str) or not isinstance(name, str):
            raise TypeError("RawKernel(code, name): code and name must be str")
        _check(backend, jitify)
        super().__init__(code, name, _strs("options", options), (), "RawKernel")
        self.backend = backend


class RawModule:
    """cupy.RawModule(code=CODE, *, options=(), backend='nvrtc', translate_cucomplex=False,
    enable_cooperative_groups=False, name_expressions=None, jitify=False): the kernels of
    CODE by C name, and template instances by name expression, with get_function(name)."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc",
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError("Exactly one of `code` and `path` keyword arguments must be given.")
        if path is not None:
            with open(path, encoding="utf-8") as f:
                code = f.read()
        _check(backend, jitify)
        self.code = code
        self.options = _strs("options", options)
        self.name_expressions = _strs("name_expressions", name_expressions)
        self.backend = backend
        self._functions = {}
        self._owner = None

    def _function(self, name, owner):
        return _RawFunction(self.code, name, self.options, self.name_expressions, "RawModule",
                            owner)

    def get_function(self, name):
        f = self._functions.get(name)
        if f is None and "<" in name and name not in self.name_expressions:
            raise AttributeError(f"'{name}' is a template instance that is not one of the "
                                 f"module's name_expressions {list(self.name_expressions)}")
        if f is None:
            if self._owner is None:    # the module's holder: its first launchable kernel
                names = _kernel_names(self.code, self.options, self.name_expressions)
                if names:
                    self._owner = self._function(names[0], None)
                    self._functions[names[0]] = self._owner
            f = self._functions.get(name) or self._function(name, self._owner)
            self._functions[name] = f
        return f

    def __repr__(self):
        return f"<pykc RawModule {sorted(self._functions)}>"


def _check(backend, jitify):
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError(f"Invalid backend {backend}")
    if jitify:
        raise NotImplementedError("jitify=True: pykc compiles the code as written")
