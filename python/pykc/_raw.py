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
(refused when its value does not fit), so a Python int for an `int n` needs no np.int32;
a NumPy array of size one for a value parameter passes its bytes, as CuPy's does.
The functions of one RawModule share one compiled module per device, as in CuPy (its
`__device__` variables are the same for all of them): the first kernel the code declares
holds it, the others borrow it.

A function has CuPy's attributes (cuFuncGetAttribute of its CUfunction on the current
device, compiled there first): `attributes` (a dict), max_threads_per_block, num_regs,
shared_size_bytes, const_size_bytes, local_size_bytes, ptx_version, binary_version,
cache_mode_ca, and the settable max_dynamic_shared_size_bytes and
preferred_shared_memory_carveout (cuFuncSetAttribute; later launches use them). Without a
GPU (or with PYKC_CPU=1) they are read on the CPU backend, where max_threads_per_block is
1024, the two settable ones read a GPU's defaults (48 KiB less the static shared memory
the backend knows, -1) until set and the value set after (CuPy programs opt in to more
dynamic shared memory before they launch; the CPU backend allows up to 227 KiB anyway),
and the others raise pykc.LaunchError ("... needs a GPU").
"""
import ctypes
import linecache
import re
import sys
import warnings

from . import _binary, _callsite, _cupyexc, _pykc

# CuPy's mark of a Jitify build among the NVRTC options (cupy/cuda/compiler.py adds it for
# jitify=True): the library's NVRTC step then serves Jitify's standard headers and lets a
# missing header go (runtime/gpu/nvrtc.c); it is also part of the cache key.
_JITIFY = "-DCUPY_USE_JITIFY"


def _kernels(code, options, name_expressions):
    """The __global__ functions of CODE, read by the library's CUDA C++ scanner (the one the
    compiler and the runtime use): (name, extern_c, is_template, name_expression, line,
    params) each, then one per name expression."""
    return _pykc.cuda_kernels(code, tuple(options), tuple(name_expressions))


def _params(code, name, options=(), name_expressions=()):
    """The parameters of kernel NAME (a C name or a name expression) of CODE: (name,
    type, pointer, dtype) each."""
    ks = _kernels(code, options, name_expressions)
    for k in ks:
        if k[0] == name and k[3]:
            return k[5]
    for k in ks:
        if k[0] == name and k[1] and not k[2]:
            return k[5]
    for k in ks:
        if k[0] == name:
            why = ("is a template: name an instance" if k[2] else
                   "has C++ linkage (not extern \"C\", or static): name it")
            raise _cupyexc.not_found(f"__global__ function '{name}' {why} in "
                                     "name_expressions")
    raise _cupyexc.not_found(f"no __global__ function '{name}' in the code")


def _kernel_names(code, options, name_expressions):
    """The kernels of CODE a RawModule can launch: its extern "C" __global__ functions'
    C names, then the name expressions."""
    ks = _kernels(code, options, name_expressions)
    return [k[0] for k in ks if k[1] and not k[2] and not k[3]] + list(name_expressions)


def _text(what, s):
    """S, a str that goes into C++ source or NVRTC's options, which are C strings: a NUL
    character would end it there and drop the rest unsaid (the CLI's rule for .cu files)."""
    i = s.find("\0")
    if i >= 0:
        line, col = s.count("\n", 0, i) + 1, i - s.rfind("\n", 0, i)
        raise ValueError(f"{what}: a NUL character at line {line}, column {col} (CUDA C++ "
                         "source and options are text)")
    return s


def _strs(what, v):
    if v is None:
        return ()
    if isinstance(v, str):
        return (_text(what, v),)
    try:
        v = tuple(v)
    except TypeError:
        raise TypeError(f"{what} must be a str or a sequence of str, not "
                        f"{type(v).__name__}") from None
    for s in v:
        if not isinstance(s, str):
            raise TypeError(f"{what} must be strings, got {type(s).__name__}")
        _text(what, s)
    return v


def _attr_slot():
    """The context a function's attributes are read in: CuPy's current device when a GPU
    is there (device 0 when CuPy is not imported), else the CPU backend's."""
    if not _pykc.have_gpu():
        return 0
    cupy = sys.modules.get("cupy")
    return 1 + (cupy.cuda.runtime.getDevice() if cupy is not None else 0)


def _attribute(name, doc, settable=False):
    """A property reading (and, SETTABLE, writing) CuPy's function attribute NAME."""
    def get(self):
        return self._attr(_attr_slot(), name)

    def set_(self, value):
        self._attr(_attr_slot(), name, value)
    return property(get, set_ if settable else None, doc=doc)


class _RawFunction(_pykc.Kernel):
    """A kernel of CUDA C++ code: k(grid, block, args, shared_mem=0, stream=None)."""

    def __init__(self, code, name, options, name_expressions, kind, owner=None, conf=None,
                 at=None):
        params = _params(code, name, options, name_expressions)
        # a value parameter: CuPy passes a NumPy array of size one by its bytes, for a
        # type with no dtype (1: a struct, double3) or with one (2: the driver reads the
        # parameter's size from the array's data, as cuLaunchKernel reads CuPy's)
        byval = bytes(0 if p[2] else 1 if p[3] < 0 else 2 for p in params)
        super().__init__(name, tuple(p[0] for p in params), False, False,
                         **({"byval": byval} if any(byval) else {}))
        self.code = code
        self.name = name
        self.options = options
        self.name_expressions = name_expressions
        self._kind = kind
        self._owner = owner            # the RawModule function whose module this one shares
        conf = conf or {}
        self.backend = conf.get("backend", "nvrtc")
        self.translate_cucomplex = conf.get("translate_cucomplex", False)
        self.enable_cooperative_groups = conf.get("enable_cooperative_groups", False)
        self.jitify = conf.get("jitify")
        self._at = at                  # _CodeAt: where the code is in the user's file

    def __repr__(self):
        return f"<pykc {self._kind} function {self.name}>"

    def _label(self):
        return f"<RawKernel {self.name}>.cu" if self._kind == "RawKernel" else "<RawModule>.cu"

    def _build_source(self):
        if self._owner is not None:
            return self._owner
        return (self._label(), self.code, _nvrtc_options(self.options, self.jitify),
                self.name_expressions)

    def _map_diagnostics(self, text):
        """The compilers' messages about the code (`<RawKernel f>.cu:LINE:COL: ...`) at
        the user's file, line and column where the code is there (a literal in the call,
        or RawModule's path=), the line quoted with a caret (else as they are), raised as
        CuPy's CompileException where CuPy is imported."""
        at = getattr(self, "_at", None)
        text = at.map(text) if at else text
        return _cupyexc.compile_error(text, self.code, self._label(), self.options,
                                      bool(self.jitify))

    def compile(self, log_stream=None):
        """cupy.RawKernel.compile(log_stream=None): the code compiled (and loaded) for the
        current device now, its errors raised here (pykc.CompileError) rather than at the
        first launch; the compiler's warnings are written to LOG_STREAM (an object with
        write(str), such as sys.stdout), also when the binary comes from pykc's cache."""
        _write_log(log_stream, self._compile(_attr_slot()))

    @property
    def attributes(self):
        """A dict of the function's attributes, keyed as CuPy's (read-only; set
        max_dynamic_shared_size_bytes and preferred_shared_memory_carveout instead)."""
        return self._attr_dict(_attr_slot())

    max_threads_per_block = _attribute(
        "max_threads_per_block", "The most threads per block a launch can have.")
    shared_size_bytes = _attribute(
        "shared_size_bytes", "Statically-allocated shared memory per block, in bytes.")
    const_size_bytes = _attribute("const_size_bytes", "Constant memory, in bytes.")
    local_size_bytes = _attribute(
        "local_size_bytes", "Local memory per thread (spills, local arrays), in bytes.")
    num_regs = _attribute("num_regs", "Registers per thread.")
    ptx_version = _attribute("ptx_version", "The PTX version it was compiled for (10 * major "
                             "+ minor).")
    binary_version = _attribute("binary_version", "The binary architecture it was compiled for "
                                "(10 * major + minor).")
    cache_mode_ca = _attribute("cache_mode_ca", "1 if compiled with -Xptxas --dlcm=ca.")
    max_dynamic_shared_size_bytes = _attribute(
        "max_dynamic_shared_size_bytes", "The most dynamic shared memory a launch may ask "
        "for, in bytes. Can be set.", settable=True)
    preferred_shared_memory_carveout = _attribute(
        "preferred_shared_memory_carveout", "Shared memory's share of the unified L1 and "
        "shared memory, in percent (-1: the driver's choice). Can be set.", settable=True)


class _CodeAt:
    """Where each character of a kernel's code is in the user's file: pos(line, col) of
    the code's 1-based LINE and COL, or None."""
    _LOC = re.compile(r"^<Raw(?:Kernel [^>]*|Module)>\.cu(?::(\d+):(\d+):|\((\d+)\):)(.*)$"
                      r"(?:\n.*\n[ \t]*\^~*[ \t]*$)?",  # NAME:LINE:COL: (g++, pykc's rewrite
                      re.M)                   # of NVRTC's log, its line and caret) or NAME(LINE):

    def __init__(self, file, pos):
        self.file, self.pos = file, pos

    @classmethod
    def of_call(cls, frame, code, translated):
        """The code passed as a string literal to the call FRAME is making (None: it is
        not a literal there, or translate_cucomplex changed it)."""
        if translated:
            return None
        site = _callsite.CallSite(frame)
        arg = site.arg(0, "code")
        if not arg or not arg.chars or len(arg.chars) != len(code):
            return None
        starts = [0] + [k + 1 for k, c in enumerate(code) if c == "\n"]

        def pos(line, col):
            if not 1 <= line <= len(starts):
                return None
            k = starts[line - 1] + col - 1
            return arg.chars[k] if 0 <= k < len(arg.chars) else None
        return cls(site.file, pos)

    @classmethod
    def of_file(cls, path):
        return cls(path, lambda line, col: (line, col - 1))

    def map(self, text):
        def one(m):
            line, col = (int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(3)), 0)
            p = self.pos(line, max(col, 1))
            if p is None:
                return m.group(0)
            src = linecache.getline(self.file, p[0]).rstrip("\n")
            if not col:                               # NVRTC names the line only
                return f"{self.file}:{p[0]}:{m.group(4)}\n    {src}"
            return (f"{self.file}:{p[0]}:{p[1] + 1}:{m.group(4)}\n    {src}\n    "
                    f"{' ' * p[1]}^")
        try:
            return self._LOC.sub(one, text)
        except Exception:           # a message as the compiler wrote it beats none
            return text


class _ModuleHolder(_pykc.Kernel):
    """The compiled module of a RawModule that declares no kernel (the library's Kernel
    named "" holds a module alone), for get_global."""

    def __init__(self, source, mapper):
        super().__init__("", ())
        self._source = source
        self._map_diagnostics = mapper

    def _build_source(self):
        return self._source


class RawKernel(_RawFunction):
    """cupy.RawKernel(code, name, options=(), backend='nvrtc', *, translate_cucomplex=False,
    enable_cooperative_groups=False, jitify=None): the extern "C" kernel NAME of CODE.
    Pickled, it keeps its arguments (the unpickled kernel compiles again)."""

    def __init__(self, code, name, options=(), backend="nvrtc", *, translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=None):
        if not isinstance(code, str) or not isinstance(name, str):
            raise TypeError("RawKernel(code, name): code and name must be str")
        _text("RawKernel code", code)
        _check(backend, jitify)
        self._args = dict(code=code, name=name, options=options, backend=backend,
                          translate_cucomplex=translate_cucomplex,
                          enable_cooperative_groups=enable_cooperative_groups, jitify=jitify)
        if translate_cucomplex:
            code = _pykc.translate_cucomplex(code)
        at = _CodeAt.of_call(sys._getframe(1), code, translate_cucomplex)
        super().__init__(code, name, _strs("options", options), (), "RawKernel",
                         conf=self._args, at=at)

    def __reduce__(self):
        return (_unpickle, (RawKernel, self._args))


class RawModule:
    """cupy.RawModule(code=CODE, *, options=(), backend='nvrtc', translate_cucomplex=False,
    enable_cooperative_groups=False, name_expressions=None, jitify=None): the kernels of
    CODE by C name, and template instances by name expression, with get_function(name).
    RawModule(path=PATH) loads a cubin, fatbin or PTX file (the GPU only: pykc._binary);
    a PATH of CUDA C++ text is compiled as CODE is (pykc's extension). Pickled, it keeps
    its arguments."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc",
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 name_expressions=None, jitify=None):
        if (code is None) == (path is None):
            raise TypeError("Exactly one of `code` and `path` keyword arguments must be given.")
        if name_expressions is not None:
            if code is None:
                raise ValueError("need CUDA C++ code for the requested kernels")
            if backend != "nvrtc":
                raise ValueError("only nvrtc supports retrieving the mangled names for the "
                                 "given name expressions")
        if jitify and code is None:
            raise ValueError("Jitify does not support precompiled objects")
        _check(backend, jitify)
        self._args = dict(code=code, path=path, options=options, backend=backend,
                          translate_cucomplex=translate_cucomplex,
                          enable_cooperative_groups=enable_cooperative_groups,
                          name_expressions=name_expressions, jitify=jitify)
        self._binary = None
        self.file_path = path
        if path is not None:
            data = _binary.read(path)
            if data is not None and _binary.is_binary(data):
                self._binary = _binary.Module(path, data)
                code = ""
            elif data is not None:
                code = data.decode("utf-8")
        if code is not None and not isinstance(code, str):
            raise TypeError(f"RawModule: code must be str, got {type(code).__name__}")
        if code:
            _text("RawModule code" if path is None else path, code)
        self._at = (None if code is None or self._binary is not None else
                    _CodeAt.of_file(path) if path is not None else
                    _CodeAt.of_call(sys._getframe(1), code, translate_cucomplex))
        if translate_cucomplex and code:
            code = _pykc.translate_cucomplex(code)
        self.code = code
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self.jitify = jitify
        self.options = _strs("options", options)
        self.name_expressions = _strs("name_expressions", name_expressions)
        self.backend = backend
        self._functions = {}
        self._owner = None
        self._vars = None

    def __reduce__(self):
        return (_unpickle, (RawModule, self._args))

    def _conf(self):
        return dict(backend=self.backend, translate_cucomplex=self.translate_cucomplex,
                    enable_cooperative_groups=self.enable_cooperative_groups,
                    jitify=self.jitify)

    def _function(self, name, owner):
        f = _RawFunction(self.code, name, self.options, self.name_expressions, "RawModule",
                         owner, self._conf(), self._at)
        f._module = self
        return f

    def _missing(self):
        """A path that is not there: CuPy's error as cuModuleLoad gives it, at the first
        use of the module (as CuPy loads it)."""
        if self.code is None:
            raise _cupyexc.file_not_found(f"cannot load {self.file_path!r}: no such file")

    def _holder(self):
        """The function that holds the module: its first launchable kernel (None: it has
        none)."""
        self._missing()
        if self._owner is None:
            names = _kernel_names(self.code, self.options, self.name_expressions)
            if names:
                self._owner = self._function(names[0], None)
                self._functions[names[0]] = self._owner
        return self._owner

    def _variables(self):
        """The holder of a module that declares no kernel (only variables, as CuPy allows
        for get_global)."""
        if self._vars is None:
            mapper = _RawFunction._map_diagnostics.__get__(self)
            self._vars = _ModuleHolder(
                ("<RawModule>.cu", self.code, _nvrtc_options(self.options, self.jitify),
                 self.name_expressions), mapper)
        return self._vars

    def _label(self):
        return "<RawModule>.cu"

    def _load(self, slot):
        """The module compiled and loaded in SLOT's context now; the compiler's warnings."""
        owner = self._holder()
        return (owner or self._variables())._compile(slot)

    def get_function(self, name):
        """The kernel NAME (an extern "C" function's name or a name expression), the module
        compiled for the current device first, as CuPy's get_function does (its compile
        errors are raised here). A name that is no launchable kernel of the module raises
        CuPy's CUDA_ERROR_NOT_FOUND (an AttributeError; with CuPy also its
        CUDADriverError)."""
        if not isinstance(name, str):
            raise TypeError(f"get_function: name must be str, got {type(name).__name__}")
        f = self._functions.get(name)
        if f is not None:
            return f
        if self._binary is not None:
            f = self._functions[name] = self._binary.get_function(name, self)
            return f
        if "<" in name and name not in self.name_expressions:
            raise _cupyexc.not_found(f"'{name}' is a template instance that is not one of "
                                     f"the module's name_expressions "
                                     f"{list(self.name_expressions)}")
        self._load(_attr_slot())
        f = self._functions.get(name) or self._function(name, self._holder())
        self._functions[name] = f
        return f

    def compile(self, log_stream=None):
        """cupy.RawModule.compile(log_stream=None): the module's code compiled for the
        current device now (pykc.CompileError on an error), as its first get_function
        would; the compiler's warnings go to LOG_STREAM."""
        if self._binary is not None:
            self._binary.load()
            return
        _write_log(log_stream, self._load(_attr_slot()))

    def get_global(self, name):
        """cupy.RawModule.get_global(name): the module's __device__ or __constant__
        variable NAME (cuModuleGetGlobal), the module compiled first if need be. On a GPU a
        cupy.cuda.MemoryPointer to it, as CuPy returns (`cupy.ndarray(shape, dtype, ptr)`
        reads and writes it); on the CPU backend (no GPU, or PYKC_CPU=1) a writable buffer
        over the variable's bytes in the loaded module, which `numpy.ndarray(shape, dtype,
        ptr)` and numpy.frombuffer view, with MemoryPointer's ptr, copy_from_host,
        copy_to_host and memset. Either way the module's kernels read what is written
        there. AttributeError when the module has no such variable (CuPy's
        CUDA_ERROR_NOT_FOUND)."""
        if not isinstance(name, str):
            raise TypeError(f"get_global: name must be str, got {type(name).__name__}")
        if self._binary is not None:
            return self._binary.get_global(name, self)
        owner = self._holder()
        if owner is None:
            owner = self._variables()
        slot = _attr_slot()
        ptr, nbytes = owner._global(slot, name)
        if slot == 0:
            return _host_global(ptr, nbytes, self)
        import cupy
        mem = cupy.cuda.memory.UnownedMemory(ptr, nbytes, self, slot - 1)
        return cupy.cuda.memory.MemoryPointer(mem, 0)

    def __repr__(self):
        return f"<pykc RawModule {sorted(self._functions)}>"


def _unpickle(cls, args):
    """A pickled RawKernel or RawModule made again from its arguments (without the jitify
    argument's warning a second time)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return cls(**args)


def _unpickle_function(module, name):
    return module.get_function(name)


def _reduce_function(self):
    """A RawModule's function pickles as its module and name (CuPy pickles the kernel's
    arguments: unpickled, it compiles again)."""
    module = getattr(self, "_module", None)
    if module is None:
        raise TypeError(f"cannot pickle {self!r}")
    return (_unpickle_function, (module, self.name))


_RawFunction.__reduce__ = _reduce_function


def _write_log(stream, log):
    if stream is not None and log:
        stream.write(log if log.endswith("\n") else log + "\n")


def _nvrtc_options(options, jitify):
    return options + (_JITIFY,) if jitify and _JITIFY not in options else options


class _HostGlobal:
    """What cupy.cuda.MemoryPointer offers, for a variable in host memory (the CPU
    backend's module); mixed into a ctypes byte array over the variable."""
    device_id = -1

    @property
    def ptr(self):
        return ctypes.addressof(self)

    @property
    def size(self):
        return ctypes.sizeof(self)

    def _span(self, size):
        if not 0 <= size <= ctypes.sizeof(self):
            raise ValueError(f"{size} bytes do not fit the variable's {ctypes.sizeof(self)}")
        return size

    def copy_from_host(self, mem, size):
        """Copies SIZE bytes from host address MEM (an int or a ctypes pointer) into it."""
        ctypes.memmove(self.ptr, mem, self._span(size))

    def copy_to_host(self, mem, size):
        """Copies its first SIZE bytes to host address MEM."""
        ctypes.memmove(mem, self.ptr, self._span(size))

    def memset(self, value, size):
        """Sets its first SIZE bytes to VALUE."""
        ctypes.memset(self.ptr, value, self._span(size))

    def __repr__(self):
        return f"<pykc global at 0x{self.ptr:x}, {ctypes.sizeof(self)} bytes (CPU backend)>"


def _host_global(ptr, nbytes, owner):
    """NBYTES at PTR (a variable of OWNER's loaded module) as a _HostGlobal buffer that
    keeps OWNER, and with it the module, alive."""
    kind = type("GlobalMemory", (ctypes.c_ubyte * nbytes, _HostGlobal), {})
    g = kind.from_address(ptr)
    g._owner = owner
    return g


def _check(backend, jitify):
    """CuPy's checks of backend= and jitify=, and its DeprecationWarning when jitify is
    passed (cupy/cuda/compiler.py, _jitify_deprecation_warning: both values are
    deprecated). jitify=True compiles as CuPy's Jitify build does: Jitify's standard
    headers (<type_traits>, <limits>, ... over libcu++) and a missing header that the code
    does not need left out; pykc compiles every backend with NVRTC."""
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError(f"Invalid backend {backend}")
    if jitify and backend != "nvrtc":
        raise ValueError("Jitify only supports NVRTC")
    if jitify:
        warnings.warn("jitify=True is deprecated and its support is staged for removal in "
                      "CuPy v15.0.\nPlease try compiling without jitify using the CCCL "
                      "headers as needed.", DeprecationWarning, stacklevel=3)
    elif jitify is not None:
        warnings.warn("The jitify argument is deprecated and staged for removal in CuPy "
                      "v15.0. Avoid passing `jitify=False` to silence this warning.",
                      DeprecationWarning, stacklevel=3)
