"""The decorator and the kernel objects; the source text the compiler gets.

At a kernel's first launch, _build_source() turns the live function into one source file for
pykc's compiler: a header that binds the free names the kernel uses (imports of the modules
under the aliases the function sees, `NAME = <value>` for constants), blank lines so that the
kernel's lines keep their numbers in the user's file where the header fits above it, the
kernel's own source (dedented, its decorators replaced by one `@jit.rawkernel(...)` line),
and the sources of the device functions it calls. Diagnostics are mapped back to the user's
file, line and column (_map_diagnostics). The launch path itself is C (_pykc.Kernel).
"""
import ast
import builtins
import inspect
import linecache
import math
import os
import re
import sys
import textwrap
import types

from . import _dropin, _pykc

_JIT = "__pykc_jit"
_NP = "__pykc_np"
_MATH = "__pykc_math"


def _env_debug():
    v = os.environ.get("PYKC_DEBUG", "")
    return bool(v) and v != "0"


class RawKernel(_pykc.Kernel):
    """A @jit.rawkernel() function. Launch with k(grid, block, args, shared_mem=0,
    stream=None) or k[grid, block(, stream(, shared_mem))](*args)."""

    def __init__(self, func, mode="cuda", device=False, debug=False):
        if mode not in ("cuda", "numpy"):
            raise ValueError(f"rawkernel: mode must be 'cuda' or 'numpy', got {mode!r}")
        if not isinstance(func, types.FunctionType) or func.__name__ == "<lambda>":
            what = "a lambda" if getattr(func, "__name__", "") == "<lambda>" else type(func).__name__
            raise TypeError(f"jit.rawkernel: a kernel is a function defined with def, not {what}")
        code = func.__code__
        params = code.co_varnames[:code.co_argcount]
        super().__init__(func.__name__, tuple(params), mode == "numpy", debug or _env_debug())
        self._func = func
        self._mode = mode
        self._device = device
        self._source = None
        self._segments = []
        self.__doc__ = func.__doc__
        self.__wrapped__ = func

    def __repr__(self):
        kind = "device function" if self._device else "kernel"
        return f"<pykc {kind} {self.__name__}>"

    def _build_source(self):
        if self._source is None:
            self._source, self._segments = _Builder(self).build()
        return self._source

    def _map_diagnostics(self, text):
        return _compile_error(_map(text, self._source or ("", ""), self._segments))

    @property
    def cached_codes(self):
        """As cupyx.jit: the CUDA C of each specialisation launched so far, by its
        argument-type signature (a string such as "(float32, float32[::1])", the form
        compile_ptx and attributes take)."""
        if not self._signatures():
            return {}
        name, text = self._build_source()
        return {sig: _pykc.compile(name, text, self._numpy_mode, self._debug,
                                   [self.__name__ + sig], None, "cuda", self._map_diagnostics)
                for sig in self._signatures()}

    def attributes(self, sig=None):
        """Registers, shared/local/constant bytes and max threads per block of a
        specialisation (on the GPU): of SIG (a signature, see compile_ptx), else of the
        last launch."""
        if sig is None:
            return self._attributes_last()
        name, text = self._build_source()
        return _pykc.compile(name, text, self._numpy_mode, self._debug, [_sig(self, sig)],
                             None, "attributes", self._map_diagnostics, self.__name__)


def rawkernel(*args, mode="cuda", device=False, debug=False):
    """The decorator: as cupyx.jit.rawkernel, plus debug=True (--debug checks)."""
    if args:                                    # @jit.rawkernel without its parentheses
        raise TypeError(f"rawkernel() takes 0 positional arguments but {len(args)} "
                        f"{'was' if len(args) == 1 else 'were'} given"
                        + (": write @jit.rawkernel() (with parentheses) above the function"
                           if len(args) == 1 and isinstance(args[0], types.FunctionType)
                           else ""))

    def wrap(func):
        if not isinstance(func, types.FunctionType):
            raise TypeError(f"rawkernel decorates a function, not {_a(type(func).__name__)}")
        return RawKernel(func, mode=mode, device=device, debug=debug)
    return wrap


# ---------------------------------------------------------------- source building

class _Builder:
    """One compilation unit: the kernel, the device functions it reaches, their names."""

    def __init__(self, kernel):
        self.kernel = kernel
        self.binds = {}          # name -> header line
        self.imports = set()     # helper imports the constants need
        self.devices = []        # device RawKernels, in the order met
        self.factories = []      # host functions that define and return device functions
        self.texts = []          # (RawKernel, its source lines with the new decorator)
        self.where = {}          # id(function object) -> (file, first line, indent, its def)

    def build(self):
        k = self.kernel
        fname, start, lines = self.add(k, k.__name__)
        header = [f"import cupyx.jit as {_JIT}"] + sorted(self.imports) + [
            self.binds[n] for n in sorted(self.binds) if self.binds[n].startswith(("import", "from"))
        ] + [self.binds[n] for n in sorted(self.binds)
             if not self.binds[n].startswith(("import", "from"))]
        out = list(header)
        segments = []
        if len(out) < start - 1:
            out += [""] * (start - 1 - len(out))
        for kk, (f, s, ls, indent) in self.texts:
            segments.append((len(out) + 1, len(ls), f, s, indent))
            out += ls
            out.append("")
        return (fname, "\n".join(out) + "\n"), segments

    def add(self, k, as_name):
        """Adds K's source (and what its free names need); returns its file, first line and
        lines."""
        fname, start, lines, tree = _source_of(k)
        first = lines[0]
        indent = len(first) - len(first.lstrip())
        text = textwrap.dedent("".join(lines))
        fdef = tree.body[0]
        src = text.splitlines()
        fdef, chained = self.live_edits(k, fdef, src)
        self.where[id(k)] = (fname, start, indent, fdef)
        deco = fdef.lineno - 1                         # lines before the def
        mode = "mode='numpy'" if k._mode == "numpy" else ""
        # the launched function is a kernel whatever its device= says: cupyx.jit compiles
        # what is launched as __global__ (its __call__ never looks at device=)
        dev = "device=True" if k._device and k is not self.kernel else ""
        opts = ", ".join(x for x in (mode, dev) if x)
        src[0:deco] = [f"@{_JIT}.rawkernel({opts})"] + [""] * (deco - 1) if deco else []
        if not deco:
            src.insert(0, f"@{_JIT}.rawkernel({opts})")
            start -= 1
        if as_name != fdef.name:                        # bound to another name: use that
            d = deco if deco else 1
            src[d] = re.sub(r"\bdef\s+" + re.escape(fdef.name) + r"\b", "def " + as_name,
                            src[d], count=1)
        self.texts.append((k, (fname, start, src, indent)))
        for name in sorted(_free_names(fdef)):
            if name not in chained:
                self.bind(k, name)
        for name in sorted(chained):
            self.bind_value(k, name, chained[name])
        return fname, start, src

    def live_edits(self, k, fdef, src):
        """What cupyx.jit takes from the live function (_dropin.py): annotations that are
        no pykc types blanked, attribute chains through namespaces replaced by names of the
        same length. Returns FDEF as SRC now reads and {new name: its value}."""
        def lookup(name):
            return _lookup(k._func, name)
        changed = _dropin.strip_annotations(fdef, src, lookup)
        if changed:
            fdef = ast.parse("\n".join(src)).body[0]
        chained = _dropin.rewrite_chains(fdef, src, _free_names(fdef), lookup, self.known)
        if chained:
            fdef = ast.parse("\n".join(src)).body[0]
        taken = {n.id for n in ast.walk(fdef) if isinstance(n, ast.Name)} | \
            {n.arg for n in ast.walk(fdef) if isinstance(n, ast.arg)} | set(chained)
        folded = _dropin.rewrite_const_calls(fdef, src, _free_names(fdef), lookup, self.known,
                                             taken)
        if folded:
            fdef = ast.parse("\n".join(src)).body[0]
            chained.update(folded)
        return fdef, chained

    def known(self, v):
        """Whether the compiler takes V as a value (classify's cases): a module it reads,
        a rawkernel function, a device-function factory, a jit, math, NumPy or CuPy
        function, a constant."""
        if isinstance(v, types.ModuleType):
            return _dropin.is_known_module(v)
        if isinstance(v, RawKernel) or (isinstance(v, types.FunctionType) and _is_factory(v)):
            return True
        if _jit_member(v) or _module_member(v):
            return True
        return not isinstance(v, type) and self.const(v) is not None or \
            _dropin.is_scalar_type_or_dtype(v)

    def add_factory(self, f, as_name):
        """Adds the source of F, a host function that defines a device function and returns
        it (the compiler specialises it per constant argument, as cupyx does), and binds
        what its body reads."""
        fname, start, lines, tree = _source_of_func(f, f.__name__)
        first = lines[0]
        indent = len(first) - len(first.lstrip())
        fdef = tree.body[0]
        src = textwrap.dedent("".join(lines)).splitlines()
        deco = fdef.lineno - 1
        src[0:deco] = [""] * deco                       # its own decorators are host code
        if as_name != fdef.name:
            src[deco] = re.sub(r"\bdef\s+" + re.escape(fdef.name) + r"\b", "def " + as_name,
                               src[deco], count=1)
        self.texts.append((None, (fname, start, src, indent)))
        host = types.SimpleNamespace(_func=f, __name__=f.__name__)
        self.where[id(host)] = (fname, start, indent, fdef)
        for name in sorted(_free_names(fdef, nested=True)):
            self.bind(host, name)

    def bind(self, k, name):
        found, value = _lookup(k._func, name)
        if found:                                       # else the compiler reports it
            self.bind_value(k, name, value)

    def bind_value(self, k, name, value):
        line = self.classify(k, name, value)
        if line is None:
            return
        old = self.binds.get(name)
        if old is not None and old != line:
            raise self.error_at(k, name, _pykc.CompileError,
                                f"name '{name}' means different things in '{k.__name__}' "
                                f"({line}) and elsewhere in kernel '{self.kernel.__name__}' "
                                f"({old}), which pykc compiles as one unit")
        self.binds[name] = line

    def classify(self, k, name, v):
        """The header line that binds NAME to V, None for a device function added as
        source or a builtin the language has; raises for anything else."""
        if isinstance(v, types.ModuleType):
            mod = v.__name__
            if mod in ("numpy", "cupy", "math"):
                return f"import {mod} as {name}" if name != mod else f"import {mod}"
            if mod in ("pykc.jit", "cupyx.jit"):
                return f"import cupyx.jit as {name}"
            if mod in ("pykc", "cupyx"):                 # pykc.jit.grid(1)
                return f"import cupyx as {name}" if name != "cupyx" else "import cupyx"
            raise self.unusable(k, name, v)
        if isinstance(v, RawKernel):
            if not v._device:
                raise self.error_at(k, name, _pykc.CompileError,
                                    f"kernel '{k.__name__}' uses kernel '{v.__name__}' (as "
                                    f"'{name}'): kernels cannot call kernels")
            if all(d is not v for d in self.devices):
                self.devices.append(v)
                self.add(v, name)
            return None
        if isinstance(v, types.FunctionType) and _is_factory(v):
            if all(f is not v for f in self.factories):   # a device-function factory
                self.factories.append(v)
                self.add_factory(v, name)
            return None
        attr = _jit_member(v)
        if attr:
            return f"from cupyx.jit import {attr} as {name}" if attr != name else \
                f"from cupyx.jit import {attr}"
        if getattr(builtins, name, None) is v and callable(v):
            return None                                 # range, len, min, ... : the language's
        member = _module_member(v)
        if member:                                      # from math import sqrt, ...
            mod, attr = member
            return f"from {mod} import {attr}" + (f" as {name}" if attr != name else "")
        expr = self.const(v)
        if expr is None:
            raise self.unusable(k, name, v)
        return f"{name} = {expr}"

    def unusable(self, k, name, v):
        """The error for a free name bound to a value kernels cannot use: a TypeError (as
        cupyx.jit's, which fails converting the value) that is also a pykc.CompileError at
        the name's first use."""
        if isinstance(v, (types.FunctionType, types.BuiltinFunctionType)):
            return self.error_at(
                k, name, _UnusableName,
                f"'{name}' is a host function ({_describe(v)}): a kernel calls device "
                "functions (@jit.rawkernel(device=True)), and a host function only with "
                "constant arguments, which it calls when it compiles, as cupyx.jit does")
        return self.error_at(
            k, name, _UnusableName,
            f"name '{name}' is bound to {_describe(v)}, which a kernel cannot use (kernels "
            "see ints, floats, bools, complex numbers, None, NumPy/CuPy scalars and dtypes, "
            "tuples of these, device functions, and the numpy, cupy, math and jit modules)")

    def error_at(self, k, name, cls, msg):
        """CLS(a diagnostic MSG at the first use of NAME in K's source: file:line:col, the
        line, a caret), as the compiler's diagnostics read; without K's source, the
        message alone."""
        where = self.where.get(id(k))
        node = where and next((n for n in ast.walk(where[3]) if isinstance(n, ast.Name) and
                               n.id == name), None)
        if node is None:
            return cls(f"kernel '{k.__name__}': {msg}")
        fname, start, indent = where[:3]
        line = start + node.lineno - 1
        col = node.col_offset + indent
        text = linecache.getline(fname, line).rstrip("\r\n")
        return cls(f"{fname}:{line}:{col + 1}: error: {msg}\n    {text}\n    "
                   f"{' ' * col}^{'~' * (len(name) - 1)}")

    def const(self, v):
        """A constant expression for V, or None."""
        np = sys.modules.get("numpy")
        if np is not None and isinstance(v, np.generic):   # before float: np.float64 is one
            return self.numpy_scalar(v, np)
        if v is None or isinstance(v, bool):
            return repr(v)
        if isinstance(v, int):
            return repr(int(v))
        if isinstance(v, float):
            return self.float_expr(v)
        if isinstance(v, complex):
            return f"complex({self.float_expr(v.real)}, {self.float_expr(v.imag)})"
        if isinstance(v, tuple):
            items = [self.const(x) for x in v]
            if any(x is None for x in items):
                return None
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        if np is not None:
            if isinstance(v, np.dtype) and _kernel_dtype(v):          # a dtype object
                self.imports.add(f"import numpy as {_NP}")
                return f"{_NP}.dtype('{v.name}')"
            if isinstance(v, type) and issubclass(v, np.generic):   # a scalar type
                dt = np.dtype(v)
                if _kernel_dtype(dt):
                    self.imports.add(f"import numpy as {_NP}")
                    return f"{_NP}.{_dtype_name(dt)}"
        return None

    def numpy_scalar(self, v, np):
        """A NumPy scalar keeps its dtype (cupyx.jit types np.float64(1) as double)."""
        dt = v.dtype
        if not _kernel_dtype(dt):
            return None
        self.imports.add(f"import numpy as {_NP}")
        return f"{_NP}.{_dtype_name(dt)}({self.const(v.item())})"

    def float_expr(self, x):
        if math.isfinite(x):
            return repr(float(x))
        self.imports.add(f"import math as {_MATH}")
        if math.isnan(x):
            return f"{_MATH}.nan"
        return f"{_MATH}.inf" if x > 0 else f"-{_MATH}.inf"


def _indent(line):
    return len(line) - len(line.lstrip())


def _block(lines, i):
    """The decorated def that starts at LINES[i]: its decorators, header and the lines
    indented under it (what inspect.getsource finds, without its tokenizer, whose first
    use costs a new process ~20 ms)."""
    base, j = _indent(lines[i]), i
    while j < len(lines) and not lines[j].lstrip().startswith(("def ", "async def ")):
        j += 1
    j += 1
    end = j
    while j < len(lines):
        s = lines[j].strip()
        if s and not s.startswith("#"):
            if _indent(lines[j]) <= base:
                break
            end = j + 1
        j += 1
    return lines[i:end]


def _source_of(k):
    """K's file, first line, source lines and their AST (dedented)."""
    return _source_of_func(k._func, k.__name__)


def _is_factory(func):
    """Whether FUNC (a plain Python function) defines a rawkernel device function inside."""
    if not any(isinstance(c, types.CodeType) for c in func.__code__.co_consts):
        return False
    try:
        _, _, _, tree = _source_of_func(func, func.__name__)
    except _pykc.CompileError:
        return False
    for n in ast.walk(tree.body[0]):
        if isinstance(n, ast.FunctionDef) and n is not tree.body[0]:
            for d in n.decorator_list:
                if "rawkernel" in ast.dump(d):
                    return True
    return False


def _source_of_func(func, label):
    """FUNC's file, first line, source lines and their AST (dedented)."""
    code = func.__code__
    fname = code.co_filename
    lines = linecache.getlines(fname, func.__globals__)
    block = _block(lines, code.co_firstlineno - 1) if len(lines) >= code.co_firstlineno else []
    try:
        tree = ast.parse(textwrap.dedent("".join(block)))
        if not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
            raise SyntaxError("not a def")
        return fname, code.co_firstlineno, block, tree
    except SyntaxError:
        pass
    try:                                                  # the slower, general way
        block, start = inspect.getsourcelines(func)
        return fname, start, block, ast.parse(textwrap.dedent("".join(block)))
    except (OSError, TypeError, SyntaxError) as e:
        raise _pykc.CompileError(f"kernel '{label}': pykc needs its source, which "
                                 f"Python cannot find ({e})") from None


_KERNEL_DTYPES = frozenset((
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128"))


def _kernel_dtype(dt):
    """Whether dtype DT is one of the kernel language's (not longdouble, strings, ...)."""
    return dt.name in _KERNEL_DTYPES


def _dtype_name(dt):
    return "bool_" if dt.kind == "b" else dt.name


def _jit_member(v):
    """The name of V in pykc.jit (or cupyx.jit), or None."""
    from . import jit
    for mod in (jit, sys.modules.get("cupyx.jit")):
        if mod is None:
            continue
        for n in jit.BUILTIN_NAMES:
            try:
                if getattr(mod, n, None) is v:
                    return n
            except Exception:
                pass
    return None


def _module_member(v):
    """(module, name) when V is a function or ufunc of math, NumPy or CuPy (`from math import
    sqrt`, `from cupy import sin as csin`): the compiler binds it as that module's builtin,
    as cupyx.jit resolves it from the live object. Values (math.pi) and dtypes are constants
    and not looked up here."""
    if not callable(v) or isinstance(v, type):
        return None
    name = getattr(v, "__name__", None)
    if not isinstance(name, str):
        return None
    for mod in ("math", "numpy", "cupy"):
        m = sys.modules.get(mod)
        if m is None:
            continue
        for attr in (name, name[5:] if name.startswith("cupy_") else None):
            if attr and getattr(m, attr, None) is v:
                return mod, attr
    return None


def _describe(v):
    """'a builtins.dict', 'the class numpy.float128': what a value is, for a message."""
    if isinstance(v, type):
        return f"the class {v.__module__}.{v.__qualname__}"
    return _a(f"{type(v).__module__}.{type(v).__qualname__}")


def _a(name):
    """NAME after its article: 'an int', 'a str' (messages naming a type)."""
    return ("an " if name[:1] in tuple("aeiouAEIOU") and name else "a ") + name


class _UnusableName(_pykc.CompileError, TypeError):
    """A free name bound to a value no kernel can use: pykc's diagnostic at its use, and
    the TypeError cupyx.jit raises converting such a value (shown as pykc.CompileError)."""


_UnusableName.__module__, _UnusableName.__name__ = "pykc", "CompileError"
_UnusableName.__qualname__ = "CompileError"


# Where cupyx.jit refuses what a pykc diagnostic refuses, the exception class it raises
# (cupyx/jit/_compile.py, _builtin_funcs.py), by the first error's message: the kernel's
# pykc.CompileError is also of that class, so `except ValueError` code written for cupyx
# still catches it.
_CUPYX_CLASSES = (
    # an attribute a module, a type or a value does not have (`jit.threadDim`, `cp.foo`,
    # `jit.threadIdx.w`, `x.foo`): getattr's AttributeError, or "Unknown attribute: w"
    (re.compile(r"unknown name '[^']*\.[^']*'"), AttributeError),
    (re.compile(r".* has no attribute '"), AttributeError),
    (re.compile(r"unknown name '"), NameError),                 # Unbound name: X
    (re.compile(r"recursive call to '"), ValueError),           # Recursive function is ...
    (re.compile(r"cannot unpack a value of type"), ValueError),  # X cannot be unpack
    (re.compile(r"(too many|not enough) values to unpack"), ValueError),
    (re.compile(r"\S+\(\) takes ndim 1, 2 or 3, not "), ValueError),  # Only ndim=1,2,3 ...
    (re.compile(r"\S+\(\) takes ndim 1, 2 or 3 as an int"), TypeError),  # ndim must be an int
    (re.compile(r"'for' loops only iterate over range"), NotImplementedError),  # for-loop is
    #                                                  supported only for range iterator.
    (re.compile(r"'[^']* = \.\.\.' binds .* a compile-time value"), TypeError),  # Cannot
    #                                                  assign constant value not at top-level.
    (re.compile(r"'[^']*' is a variable; .* cannot be assigned to it"), TypeError),  # Type
    #                                                  mismatch of variable
    # a value converted by same_kind into a variable, an element or an argument: cupyx's
    # _astype_scalar ("Cannot cast from 'int32' to uint8 with casting rule same_kind.");
    # a literal is Data.init'ed first in an assignment or a store, so it fails there too
    (re.compile(r"cannot convert \S+ to \S+ in "), TypeError),
    (re.compile(r"Python integer \S+ out of bounds for \S+ in (assignment|a store)"),
     TypeError),
    (re.compile(r"Python integer \S+ out of bounds for "), OverflowError),  # a constant:
    #                                                  NumPy 2's dtype.type(value)
    (re.compile(r"'[^']*' cannot be called in a kernel: "), TypeError),  # Invalid function
    #                                                  call 'pow' (a builtin or a host routine)
    (re.compile(r"the size of \S+ must be a positive integer constant"), TypeError),  #
    #                                                  Arguments must be constants.
    (re.compile(r"cannot assign to an array view"), TypeError),  # Data type mismatch of
)                                                    # variable: a CArray and a scalar
_CLASS_OF = {}


# cupyx.jit's words for an unknown name (_compile.py: NameError 'Unbound name: X'), carried
# after pykc's diagnostic so that a program matching cupyx's message still matches.
_UNBOUND = re.compile(r"(: error: unknown name '([^']*)'[^\n]*)")


def _compile_error(text, classes=_CUPYX_CLASSES):
    """TEXT (pykc's mapped diagnostics) as the exception the C launch path raises: the text
    (a pykc.CompileError) or, where CLASSES (cupyx's, or fuse's) names the class CuPy
    raises for the first error, a pykc.CompileError that is also of that class."""
    m = re.search(r": error: (.*)", text)
    base = next((c for rx, c in classes if m and rx.match(m.group(1))), None)
    if base is None:
        return text
    if base is NameError:
        text = _UNBOUND.sub(lambda u: f"{u.group(1)} (Unbound name: {u.group(2)})", text, 1)
    if base not in _CLASS_OF:
        cls = type("CompileError", (_pykc.CompileError, base),
                   {"__module__": "pykc", "__doc__": f"pykc.CompileError and {base.__name__}"})
        cls.__qualname__ = "CompileError"
        _CLASS_OF[base] = cls
    return _CLASS_OF[base](text)


def _lookup(func, name):
    """NAME as the function sees it: closure, globals, builtins."""
    code = func.__code__
    if name in code.co_freevars and func.__closure__:
        cell = func.__closure__[code.co_freevars.index(name)]
        try:
            return True, cell.cell_contents
        except ValueError:
            return False, None
    g = func.__globals__
    if name in g:
        return True, g[name]
    b = g.get("__builtins__", builtins)
    b = b if isinstance(b, dict) else vars(b)
    if name in b:
        return True, b[name]
    return False, None


def _free_names(fdef, nested=False):
    """Names a function reads that it does not bind (parameters, assignments, loops); with
    NESTED, the functions defined inside count too (their names and parameters bind)."""
    bound, used = set(), set()
    if nested:
        for n in ast.walk(fdef):
            if isinstance(n, ast.FunctionDef) and n is not fdef:
                bound.add(n.name)
            elif isinstance(n, ast.arg):
                bound.add(n.arg)
    a = fdef.args
    for p in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
        bound.add(p.arg)
        if p.annotation is not None:
            used |= {n.id for n in ast.walk(p.annotation) if isinstance(n, ast.Name)}
    for d in a.defaults + a.kw_defaults:
        if d is not None:
            used |= {n.id for n in ast.walk(d) if isinstance(n, ast.Name)}
    for stmt in fdef.body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name):
                (used if isinstance(n.ctx, ast.Load) else bound).add(n.id)
    return used - bound


_DIAG = re.compile(r"^(.*?):(\d+):(\d+): ((?:error|warning|note)\b.*)$")


_BOUND = re.compile(r"\(bound at line (\d+) to an expression pykc cannot evaluate; "
                    r"pass --define \w+=\.\.\.\)")

# A place named inside a message ("first assigned at 12:5", "returns int32 at 8:9", "already
# defined ... at line 7"): built-source coordinates, mapped like the diagnostic's own.
_REF = re.compile(r"\bat (?:line (\d+)|(\d+):(\d+))\b")


def _user_loc(segments, ln, col):
    """(file, line, col, indent) in the user's file of line LN, column COL (1-based) of the
    built source (INDENT: what dedenting took from its lines), or None for a line of the
    header."""
    for syn, n, f, start, ind in segments:
        if syn <= ln < syn + n:
            return f, start + ln - syn, col + ind, ind
    return None


def _header_name(header, n):
    """The name line N of the header binds (`NAME = ...`, `import m as NAME`, `from m import
    a as NAME`)."""
    line = header[n - 1] if 0 < n <= len(header) else ""
    m = re.match(r"^(?:import|from)\b.*?(\w+)\s*$", line) or re.match(r"^(\w+) = ", line)
    return m.group(1) if m else None


def _map(text, source, segments):
    """Diagnostics of the built source (SOURCE: its name and text) -> the user's files, lines
    and columns, the places a message names too; a constant of the header that the
    compiler cannot use is shown as the value Python gave it, and a diagnostic or a place in
    the header (pykc's bindings of the kernel's free names) is told as the Python binding of
    that name, at the kernel's def."""
    fname, built = source
    header = built.split("\n")

    def bound(m):
        n = int(m.group(1))
        if _user_loc(segments, n, 1) or not 0 < n <= len(header):
            return m.group(0)
        rhs = header[n - 1].split(" = ", 1)[-1]
        return f"(bound in Python to {rhs}, which pykc cannot use as a constant yet)"

    def refs(msg, here):
        def one(m):
            n = int(m.group(1) or m.group(2))
            col = int(m.group(3) or 1)
            at = _user_loc(segments, n, col)
            if at is None:
                name = _header_name(header, n)
                return f"at the Python binding of '{name}'" if name else m.group(0)
            where = "" if at[0] == here else at[0] + ":"
            return f"at line {where}{at[1]}" if m.group(1) else f"at {where}{at[1]}:{at[2]}"
        return _REF.sub(one, msg)

    out, indent = [], 0
    for line in text.splitlines():
        line = _BOUND.sub(bound, line)
        m = _DIAG.match(line)
        if m and m.group(1) == fname:
            ln, col = int(m.group(2)), int(m.group(3))
            at = _user_loc(segments, ln, col)
            if at is None and segments:                # in the header: at the kernel's def
                name = _header_name(header, ln)
                f, start, ind = segments[0][2], segments[0][3], segments[0][4]
                what = f"in the Python binding of '{name}': " if name else ""
                kind, _, msg = m.group(4).partition(": ")
                line = f"{f}:{start}:{ind + 1}: {kind}: {what}{refs(msg, f)}"
                out.append(line)
                indent = -1                            # its quoted line is pykc's: dropped
                continue
            f, ln, col, indent = at or (fname, ln, col, 0)
            out.append(f"{f}:{ln}:{col}: {refs(m.group(4), f)}")
        elif m:
            indent = 0
            out.append(line)
        elif indent == -1:
            continue
        else:
            out.append(" " * indent + line if indent and line.startswith("    ") else line)
    return "\n".join(out)


def _sig(k, sig):
    """A signature for --sig: "name(T, ...)", "(T, ...)" or a tuple of types (dtype objects,
    type names such as 'float32[:]')."""
    if isinstance(sig, str):
        s = sig.strip()
        return s if not s.startswith("(") else k.__name__ + s
    if isinstance(sig, (tuple, list)):
        parts = []
        for t in sig:
            if isinstance(t, str):
                parts.append(t)
            else:
                np = sys.modules.get("numpy")
                if np is None:
                    raise TypeError(f"signature item {t!r}: give a type name such as 'float32'")
                parts.append(_dtype_name(np.dtype(t)).replace("bool_", "bool"))
        return f"{k.__name__}({', '.join(parts)})"
    raise TypeError(f"a signature is a string or a tuple of types, not {type(sig).__name__}")


def _binary(k, sig, arch):
    if not isinstance(k, RawKernel):
        raise TypeError("compile_ptx/compile_cubin take a @jit.rawkernel() kernel")
    name, text = k._build_source()
    try:
        return _pykc.compile(name, text, k._numpy_mode, k._debug, [_sig(k, sig)], arch,
                             "binary", k._map_diagnostics, k.__name__)
    except TypeError as e:                         # the compiler's words are the CLI's
        msg, n = _CLI_SIG.subn(r"\1signature ", str(e).strip())
        if not n:
            raise
        raise TypeError(msg) from None


_CLI_SIG = re.compile(r"^pykc: error: (bad )?--sig ", re.M)


def compile_ptx(kernel, sig, arch="compute_90"):
    """PTX (str) of KERNEL specialised to SIG (e.g. "(float32, float32[:], int32)" or a
    tuple of dtypes), for ARCH (compute_NN), with NVRTC; no GPU needed."""
    if not isinstance(arch, str):
        raise TypeError(f"compile_ptx: arch is a str ('compute_NN'), not {type(arch).__name__}")
    if not arch.startswith("compute_"):
        raise ValueError(f"compile_ptx: arch is compute_NN, got {arch!r}")
    return _binary(kernel, sig, arch)


def compile_cubin(kernel, sig, arch="sm_90"):
    """A cubin (bytes) of KERNEL specialised to SIG for ARCH (sm_NN); no GPU needed."""
    if not isinstance(arch, str):
        raise TypeError(f"compile_cubin: arch is a str ('sm_NN'), not {type(arch).__name__}")
    if not arch.startswith("sm_"):
        raise ValueError(f"compile_cubin: arch is sm_NN, got {arch!r}")
    return _binary(kernel, sig, arch)


# ---------------------------------------------------------------- files

_IMPORTS = [(re.compile(r"^(\s*)from\s+pykc\s+import\s+jit\b"), r"\1from cupyx import jit"),
            (re.compile(r"^(\s*)import\s+pykc\.jit\b"), r"\1import cupyx.jit"),
            (re.compile(r"^(\s*)from\s+pykc\.jit\s+import\b"), r"\1from cupyx.jit import")]


def _as_cupyx(text):
    """A file that imports pykc's jit, as the compiler reads it (cupyx's spelling; the
    lines keep their numbers)."""
    out = []
    for line in text.split("\n"):
        for rx, rep in _IMPORTS:
            line = rx.sub(rep, line)
        out.append(line)
    return "\n".join(out)


class _FileKernel(_pykc.Kernel):
    """A kernel of a file loaded with pykc.load (the file is the whole source)."""

    def __init__(self, module, name, params, numpy_mode):
        super().__init__(name, params, numpy_mode, _env_debug())
        self._module = module

    def __repr__(self):
        return f"<pykc kernel {self.__name__} of {self._module.path}>"

    def _build_source(self):
        return self._module.path, self._module.text


class Module:
    """pykc.load(path): the kernels of a kernel-language .py file or a .cu file (extern "C"
    __global__ functions), by name, as CuPy's RawModule: mod.get_function('k') or mod.k."""

    def __init__(self, path):
        self.path = os.fspath(path)
        data = _pykc.read_file(self.path)           # a regular file of at most 256 MiB
        try:
            self.text = data.decode("utf-8")
        except UnicodeDecodeError as e:             # as the compiler says it (file:line:col)
            line = data.count(b"\n", 0, e.start) + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            raise _pykc.CompileError(f"{self.path}:{line}:{col}: error: Non-UTF-8 code "
                                     f"starting with '\\x{data[e.start]:02x}' (a kernel file "
                                     f"is UTF-8)") from None
        self.is_cu = self.path.endswith(".cu")
        if not self.is_cu:
            self.text = _as_cupyx(self.text)
        self._kernels = {}

    def get_function(self, name):
        if not isinstance(name, str):
            raise TypeError(f"get_function: name must be str, got {type(name).__name__}")
        k = self._kernels.get(name)
        if k is None:
            params, numpy_mode = _params_of(self, name)
            k = self._kernels[name] = _FileKernel(self, name, params, numpy_mode)
        return k

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self.get_function(name)

    def __repr__(self):
        return f"<pykc module {self.path}>"


def _params_of(m, name):
    """Parameter names and mode of kernel NAME of module M."""
    if m.is_cu:
        rx = re.compile(r"\b" + re.escape(name) + r"\s*\(([^)]*)\)\s*\{")
        for match in rx.finditer(m.text):
            head = m.text[:match.start()]
            if "__global__" in head[head.rfind(";") + 1:] or "__global__" in head[-200:]:
                ps = [p.strip() for p in match.group(1).split(",") if p.strip() and p.strip() != "void"]
                return tuple(re.findall(r"(\w+)\s*(?:\[\s*\])?$", p)[0] for p in ps), False
        raise AttributeError(f"no __global__ kernel '{name}' in {m.path}")
    for node in ast.walk(ast.parse(m.text, m.path)):
        if isinstance(node, ast.FunctionDef) and node.name == name and any(
                "rawkernel" in ast.unparse(d) for d in node.decorator_list):
            numpy_mode = any("'numpy'" in ast.unparse(d) or '"numpy"' in ast.unparse(d)
                             for d in node.decorator_list)
            return tuple(a.arg for a in node.args.args), numpy_mode
    raise AttributeError(f"no kernel '{name}' in {m.path}")


def load(path):
    """The kernels of a .py (kernel language) or .cu (CUDA C) file; see Module."""
    return Module(path)
