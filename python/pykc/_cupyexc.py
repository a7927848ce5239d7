"""CuPy's exception classes for what pykc raises about CUDA C++ code (RawKernel, RawModule),
where CuPy is imported: a program written for CuPy catches them by CuPy's classes.

- A compile error is a pykc.CompileError that is also cupy.cuda.compiler.CompileException
  (and, for code compiled with jitify=True, JitifyException: pykc has one compile step
  where Jitify has a preprocessing step and NVRTC's, so one error is of both).
- A kernel a module does not have (get_function of a name that is no launchable
  __global__ function, or a template instance not among the name expressions) is an
  AttributeError that is also cupy.cuda.driver.CUDADriverError CUDA_ERROR_NOT_FOUND
  ("named symbol not found"), as cuModuleGetFunction fails in CuPy.
- A cubin/PTX file that is not there (RawModule(path=)) is a FileNotFoundError, or with
  CuPy CUDADriverError CUDA_ERROR_FILE_NOT_FOUND, as cuModuleLoad fails.

Without CuPy imported the pykc classes alone are raised (pykc.CompileError,
AttributeError, FileNotFoundError)."""
import importlib
import sys

from . import _pykc

_CUDA_ERROR_FILE_NOT_FOUND = 301
_CUDA_ERROR_NOT_FOUND = 500
_classes = {}


def _cupy_attr(module, name):
    """CuPy's class MODULE.NAME where CuPy is imported, else None. MODULE is the dotted
    path users write (cupy.cuda.driver), followed from the imported cupy package attribute
    by attribute: in CuPy some of these are attributes only (cupy/cuda/__init__.py imports
    driver from cupy_backends.cuda.api; there is no module cupy.cuda.driver), so a part
    that is no attribute is imported as a submodule instead."""
    obj = sys.modules.get("cupy")
    if obj is None:
        return None
    parts = module.split(".")
    for k, part in enumerate(parts[1:] + [name], 1):
        nxt = getattr(obj, part, None)
        if nxt is None and k < len(parts):
            try:
                nxt = importlib.import_module(".".join(parts[:k + 1]))
            except ImportError:
                return None
        if nxt is None:
            return None
        obj = nxt
    return obj


def _class(key, bases, doc):
    cls = _classes.get(key)
    if cls is None:
        try:
            cls = type(bases[0].__name__, bases, {"__module__": "pykc", "__doc__": doc})
        except TypeError:                      # a layout CPython cannot combine
            cls = bases[0]
        _classes[key] = cls
    return cls


def compile_error(text, source, name, options, jitify):
    """TEXT (pykc's diagnostics of CUDA C++ SOURCE) as the exception to raise: a
    pykc.CompileError instance that is CuPy's CompileException (and JitifyException with
    JITIFY) where CuPy is imported, else TEXT itself (the extension raises it as
    pykc.CompileError)."""
    ce = _cupy_attr("cupy.cuda.compiler", "CompileException")
    if ce is None:
        return text
    bases = (_pykc.CompileError, ce)
    je = _cupy_attr("cupy.cuda.compiler", "JitifyException") if jitify else None
    if je is not None:
        bases += (je,)
    cls = _class(bases, bases, "pykc.CompileError and CuPy's " +
                 " and ".join(b.__name__ for b in bases[1:]))
    if cls is _pykc.CompileError:
        return text
    e = cls.__new__(cls)
    ce.__init__(e, text, source, name, tuple(options), "nvrtc")
    e.args = (text,)
    return e


def _driver_error(status, detail, fallback):
    """CuPy's CUDADriverError of STATUS, also a FALLBACK (the class pykc raises without
    CuPy) where the two combine, its message CuPy's then DETAIL; without CuPy FALLBACK."""
    de = _cupy_attr("cupy.cuda.driver", "CUDADriverError")
    if de is None:
        return fallback(detail)
    cls = _class((de, fallback), (de, fallback), f"CuPy's CUDADriverError and {fallback.__name__}")
    e = fallback.__new__(cls) if cls is not de else de.__new__(cls)
    de.__init__(e, status)
    e.args = (f"{e.args[0]}: {detail}",)
    return e


def not_found(detail):
    """The exception for a kernel the module lacks (DETAIL says which and why)."""
    return _driver_error(_CUDA_ERROR_NOT_FOUND, detail, AttributeError)


def file_not_found(detail):
    """The exception for a module file that is not there."""
    return _driver_error(_CUDA_ERROR_FILE_NOT_FOUND, detail, FileNotFoundError)
