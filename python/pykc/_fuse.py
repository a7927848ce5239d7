"""CuPy's @cupy.fuse in the pykc package: pykc.fuse.

`pykc.fuse(f)`, `pykc.fuse()(f)`, `pykc.fuse(kernel_name='k')(f)` make a Fusion, called as
CuPy's: f(*args) with arrays (CuPy arrays: the GPU; NumPy arrays: the CPU backend) and
scalars (a Python int/float/bool is weak, as in CuPy; a NumPy scalar keeps its dtype).
The function's source becomes a one-function program `@cupy.fuse(kernel_name=...) def f`
for the compiler (named after the user's file, the def at its line there, so that errors
point at the user's lines), which types it per argument dtypes as CuPy's fuse does (src/fuse/)
and reports what CuPy rejects as pykc.CompileError; libpykc plans each call (broadcast,
outputs allocated here, a final reduction's launch) as for the other kernel forms. Names
the function reads from its module are given to the compiler when they are cupy/numpy
modules or Python numbers.
"""
import ast
import functools
import inspect
import linecache
import numbers
import re
import sys
import textwrap
import types

from . import _pykc
from ._forms import _alloc
from ._kernel import _compile_error

# The modules a program's names stand for: pykc is cupyx where a program imports it so
# (`import pykc as cupyx`, pykc's drop-in for cupyx.jit): cupyx.rsqrt is then cupyx's.
_MODULES = {"pykc": "cupyx"}
_REDUCTIONS = ("sum", "prod", "amax", "amin", "max", "min", "all", "any")


def _axis_error():
    try:
        from numpy.exceptions import AxisError
    except ImportError:                              # NumPy 1 (and no NumPy: ValueError)
        try:
            from numpy import AxisError
        except ImportError:
            AxisError = ValueError
    return AxisError


# The class CuPy's fuse raises for each refusal of pykc's fuse compiler (a CompileError
# is also of that class: `pytest.raises(TypeError)` around a CuPy test holds).
_FUSE_CLASSES = tuple((re.compile(rx), c) for rx, c in (
    (r".*Cannot convert to Python scalar", TypeError),
    (r"(wrong type|Wrong type) .* of arguments", TypeError),
    (r".*Return arrays must be of ArrayType", TypeError),
    (r"Unsupported type <class", TypeError),
    (r"Type is mismatched", TypeError),
    (r".*according to the rule 'same_kind'", TypeError),
    (r"cupy boolean (subtract|negative)", TypeError),
    (r".*does not support `keepdims` in fusion", NotImplementedError),
    (r"Only full range ``x\[::\]``", NotImplementedError),
    (r"Advanced indexing is not supported", NotImplementedError),
    (r"Reduction for scalar arguments is not supported", NotImplementedError),
    (r"`shape` is not supported", NotImplementedError),
    (r"The fusion supports `\[\.\.\.\]` or `\[:\]`", ValueError),
    (r"non-broadcastable output operand", ValueError),
    (r"The return value of fused functions must be", ValueError),
    (r"The all elements of return value of fused function", ValueError),
    (r"Indices must be integers", IndexError),
    (r"Too many indices for array", IndexError),
    (r"axis -?\d+ is out of bounds", _axis_error()),
))


def _free_names(fdef):
    """The names the function reads that it does not bind (parameters, assignments)."""
    bound = {a.arg for a in fdef.args.args}
    for node in ast.walk(fdef):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return sorted({node.id for node in ast.walk(fdef)
                   if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                   and node.id not in bound})


def _binding(name, value):
    """Module-level lines giving NAME what it is in the function's module, or None: a
    cupy/numpy/cupyx module (pykc standing for cupyx), a Python number, a function of
    those modules (`from cupyx import rsqrt`), a types.SimpleNamespace of those (its
    attributes that are none of them left out), or another fuse function (its program,
    whose operations join the caller's kernel, as in CuPy's composition), a ufunc of
    create_ufunc (its declaration, pykc/_ufunc.py)."""
    if isinstance(value, Fusion):
        return value._plain.split("\n", 1)[1]
    mod = getattr(value, "__name__", None) if inspect.ismodule(value) else None
    mod = _MODULES.get(mod, mod)
    if mod in ("cupy", "numpy", "cupyx"):
        return f"import {mod} as {name}" if name != mod else f"import {mod}"
    if value is None:
        return f"{name} = None"
    if isinstance(value, types.SimpleNamespace):     # gi.num_lib.log (SMCPy's gi): the
        lines, fields = [], []                       # namespace's attributes that bind
        for k, v in vars(value).items():
            b = _binding(f"_{name}_{k}", v) if k.isidentifier() else None
            if b:
                lines.append(b)
                fields.append(f"{k}=_{name}_{k}")
        return "\n".join(lines + ["from types import SimpleNamespace",
                                   f"{name} = SimpleNamespace({', '.join(fields)})"])
    if isinstance(value, bool) or isinstance(value, numbers.Integral):
        return f"{name} = {int(value)!r}"
    if isinstance(value, numbers.Real):
        return f"{name} = {float(value)!r}"
    for mod in ("cupy", "numpy", "cupyx"):           # from cupyx import rsqrt
        m = sys.modules.get(mod)
        attr = next((k for k, v in vars(m).items() if v is value and k[0] != "_"), None) \
            if m else None
        if attr:
            return f"from {mod} import {attr} as {name}"
    if getattr(value, "_ops", None) is not None:     # a ufunc of create_ufunc (one that
        from . import _trace                         # pykc's table lacks): its declaration
        try:
            decl = _trace.declared_ufunc(value)[1]
        except NotImplementedError:                  # (the trace says why)
            return None
        return decl.declaration(name) if decl is not None else None
    return None


# What a call's argument is, by its type: a host array (__array_interface__: NumPy arrays
# and scalars), a device array (__cuda_array_interface__), None, or else a scalar (a NumPy
# scalar keeps its dtype: libpykc takes it as strong). Kept for the types whose every
# instance is the same kind (Python's scalars, NumPy's and CuPy's types); another type (a
# PyTorch tensor is a device array on the GPU only) is asked each time.
_HOST, _DEVICE, _NONE = 1, 2, 8
_KINDS = {int: 0, float: 0, bool: 0, complex: 0, type(None): _NONE}


def _kind(a):
    t = type(a)
    k = (_DEVICE if hasattr(a, "__cuda_array_interface__") else
         _HOST if hasattr(a, "__array_interface__") else 0)
    mod = getattr(t, "__module__", None) or ""
    if mod == "numpy" or (mod.split(".")[0] in ("numpy", "cupy") and t.__name__ == "ndarray"):
        _KINDS[t] = k
    return k


def _root(a):
    """The object whose memory array A views (its .base chain's end)."""
    while getattr(a, "base", None) is not None and a.base is not a:
        a = a.base
    return a


def _shares_memory(args, arrays):
    """Do two of the array arguments view one memory (CuPy's trace makes them views of
    one array: new_fusion.pyx's key, _fusion_trace.pyx's memory_dict)?"""
    roots = [id(_root(a)) for a in args if arrays(a)]
    return len(set(roots)) < len(roots)


def _array_rule():
    """What an array argument is: where CuPy is imported, a cupy.ndarray (CuPy's rule:
    with none, CuPy calls the function as it is, NumPy arrays and all); else a host or
    device array (pykc's: NumPy arrays run on the CPU backend)."""
    cp = sys.modules.get("cupy")
    nd = getattr(cp, "ndarray", None) if cp is not None else None
    if isinstance(nd, type):
        return lambda a: isinstance(a, nd)

    def any_array(a):
        k = _KINDS.get(type(a))
        return bool((_kind(a) if k is None else k) & (_HOST | _DEVICE))
    return any_array


class Fusion(_pykc.Kernel):
    """As cupy's Fusion: the kernel of a @fuse function, compiled per argument types."""

    def __init__(self, func, kernel_name=None, _origin=None):
        # _origin: (file, def line) of the function as the user wrote it, for a Fusion
        # made from its rewritten source (_bound_fusion), so that messages name them
        self.func = func
        self.name = kernel_name or func.__name__
        try:
            raw = inspect.getsource(func)
            src = textwrap.dedent(raw)
        except (OSError, TypeError) as e:
            raise TypeError(f"pykc.fuse: the source of {func.__name__!r} is not available "
                            f"({e})") from None
        fdef = ast.parse(src).body[0]
        if not isinstance(fdef, ast.FunctionDef):
            raise TypeError("pykc.fuse decorates a function")
        lines = raw.split("\n")                      # as written: the user's columns
        indent = raw[:len(raw) - len(raw.lstrip())]
        first = fdef.lineno - 1                      # the def line, after its decorators
        env = dict(func.__globals__)
        if func.__closure__:
            env.update(zip(func.__code__.co_freevars,
                           (c.cell_contents for c in func.__closure__)))
        head = ["import cupy"]
        head += [b for n in _free_names(fdef) if n in env
                 for b in [_binding(n, env[n])] if b]
        head = "\n".join(head).split("\n")
        # The def at its line in the user's file, so that diagnostics say file:line and
        # quote the user's lines (the module lines above it; when they do not fit there,
        # the program's own numbering under "<fuse NAME>").
        self._file = "<fuse %s>" % self.name
        def_line = func.__code__.co_firstlineno + first
        try:
            user_file = inspect.getsourcefile(func)
        except TypeError:
            user_file = None
        if _origin is not None:
            user_file, def_line = _origin
        self._origin = (user_file, def_line)
        self._plain = ("\n".join(head) + "\n\n\n@cupy.fuse(kernel_name=%r)\n" % self.name
                       + "\n".join(src.split("\n")[first:]) + "\n")   # for composition
        opener = ["if True:"] if indent else []      # a nested def keeps its columns
        pad = def_line - 2 - len(head) - len(opener)
        if user_file and pad >= 0:
            self._file = user_file
        else:
            pad = 2
        self._text = ("\n".join(head) + "\n" * (pad + 1) + "".join(o + "\n" for o in opener)
                      + indent + "@cupy.fuse(kernel_name=%r)\n" % self.name
                      + "\n".join(lines[first:]) + "\n")
        # the outputs are the compiler's: what the first return gives (src/fuse/fuse_form.c)
        outs, self.return_tuple = _pykc.compile(self._file, self._text, True, False, None,
                                                None, "outputs", kernel=self.name)
        params = [a.arg for a in fdef.args.args] + list(outs)
        self.nin = len(fdef.args.args)
        self.nargs = len(params)
        # CuPy's ReductionKernel returns its first output only (out_args[0])
        self._reduction = any(
            isinstance(n, ast.Call) and isinstance(n.func, (ast.Attribute, ast.Name))
            and (n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id) in _REDUCTIONS
            for n in ast.walk(fdef))
        self._variants = {}
        self._traced = None                          # a call whose arguments share memory:
                                                     # a TracedFusion (False: this is one's
                                                     # kernel)
        super().__init__(func.__name__, tuple(params), True, False)
        # A call of arrays and Python scalars is the extension's (python/form_args.c);
        # the others are _call_py's.
        self._set_form("fuse", self.nin, _alloc, return_tuple=self.return_tuple,
                       first=self._reduction)

    def __repr__(self):
        return f"<pykc Fusion {self.name!r}>"

    def _build_source(self):
        return (self._file, self._text)

    def _map_diagnostics(self, text):
        """The compiler's diagnostics as the exception: CuPy's class where it has one."""
        return _compile_error(text, _FUSE_CLASSES)

    def _call_py(self, *args):
        """CuPy's Fusion.__call__ where the extension's leaves it: None or NumPy scalars
        among the arguments, defaults, no array at all, no CuPy array where CuPy is
        imported."""
        kinds = 0
        for a in args:
            k = _KINDS.get(type(a))
            kinds |= _kind(a) if k is None else k
        arrays = _array_rule()
        if not any(arrays(a) for a in args):
            return self.func(*args)                  # no array: CuPy calls the function
        if self._traced is not False and _shares_memory(args, arrays):   # traced: its
                                                     # record says which
            if self._traced is None:                 # arguments share memory (x += y of
                from ._fuse_traced import TracedFusion   # y = x.T reads a copy of y)
                self._traced = TracedFusion(self.func, self.name)
            return self._traced(*args)
        if len(args) != self.nin or kinds & _NONE:
            ndflt = len(self.func.__defaults__ or ())
            if not self.nin - ndflt <= len(args) <= self.nin:
                raise TypeError(f"{self.func.__name__}() takes {self.nin} argument"
                                f"{'' if self.nin == 1 else 's'} but {len(args)} were given")
            nones = tuple(i for i, a in enumerate(args) if a is None)
            key = (len(args), nones)                 # defaults and None: trace-time values
            if key not in self._variants:
                self._variants[key] = _variant(self, len(args), nones)
            variant = self._variants[key]
            if not isinstance(variant, Fusion):      # traced (below)
                return variant(*args)
            try:
                return variant(*(a for a in args if a is not None))
            except _pykc.CompileError as e:          # what the compiler cannot express with
                from ._fuse_traced import TracedFusion   # the defaults as values (a loop's
                traced = TracedFusion(self.func, self.name, static_error=e)   # math.
                try:                                 # factorial(n)): CuPy's trace runs the
                    out = traced(*args)              # function's Python, and so does pykc's
                except Exception:                    # the trace fails too (x * None): the
                    raise e from None                # compiler's error, at the user's line
                self._variants[key] = traced
                return out
        # a NumPy scalar keeps its dtype; CuPy's one ReductionKernel returns its first
        # output, its new fusion (a sequence of kernels) the tuple
        if self._reduction and self.return_tuple:
            outs, first = self._form_call(args, _alloc, 0, None, None, False, None, True)
        else:
            outs, first = self._form_call(args, _alloc, 0, None), False
        if outs is None:                             # the trace returned None here
            return None
        if not outs:                                 # CuPy's no_return, or `return ()`
            return () if self.return_tuple else None
        if first or not self.return_tuple:
            return outs[0]
        return outs

    def clear_cache(self):
        """CuPy's Fusion.clear_cache: nothing to clear (specialisations are per types)."""


def _variant(fusion, nargs, nones):
    """The Fusion of FUSION's function called with NARGS arguments of which those at NONES
    are None: as in CuPy's trace, an omitted parameter is its default and a None argument
    is None while the function is traced (neither is a kernel parameter). Its program is
    the function with those parameters taken out of the def and bound as module names."""
    func = fusion.func
    src = textwrap.dedent(inspect.getsource(func))
    fdef = ast.parse(src).body[0]
    params = [a.arg for a in fdef.args.args]
    dflt = func.__defaults__ or ()
    bound = {p: None for i, p in enumerate(params) if i in nones}
    bound.update({p: dflt[i - len(params)] for i, p in enumerate(params) if i >= nargs})
    keep = [ast.get_source_segment(src, a) for a in fdef.args.args if a.arg not in bound]
    lines = src.split("\n")
    first = fdef.body[0]
    head = f"def {fdef.name}({', '.join(keep)}):"
    if first.lineno == fdef.lineno:                  # def f(x, e=1): return x + e
        text = head + " " + lines[first.lineno - 1][first.col_offset:] + "\n"
        text += "\n".join(lines[first.lineno:])
    else:                                            # the body's lines stay where they are
        text = head + "\n" * (first.lineno - fdef.lineno) + "\n".join(lines[first.lineno - 1:])
    env = dict(func.__globals__)
    if func.__closure__:
        env.update(zip(func.__code__.co_freevars, (c.cell_contents for c in func.__closure__)))
    env.update(bound)
    file = f"<fuse {fusion.name}({', '.join(f'{k}={v!r}' for k, v in bound.items())})>"
    linecache.cache[file] = (len(text), None, text.splitlines(True), file)
    exec(compile(text, file, "exec"), env)
    return Fusion(env[fdef.name], fusion.name, _origin=fusion._origin)


def _static(f):
    """Can the compiler read F's def (positional parameters, its source available)?"""
    code = getattr(f, "__code__", None)
    if code is None or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS) \
            or code.co_kwonlyargcount or f.__name__ == "<lambda>":
        return False
    try:
        inspect.getsource(f)
    except (OSError, TypeError):
        return False
    return True


def _python_helper(v):
    """Is V a plain Python function of the program (not cupy's, numpy's or cupyx's, whose
    names the compiler knows, nor a fuse function, which it inlines)?"""
    mod = getattr(v, "__module__", None) or ""
    return inspect.isfunction(v) and mod.split(".")[0] not in ("cupy", "cupyx", "numpy")


def _runtime_callee(f):
    """Does F's def call what only its run time knows, which CuPy's trace reaches and the
    compiler does not: a callee that is a call or a subscript (`getattr(sp, name)(x)`), an
    attribute of a module other than cupy, numpy, cupyx or math (`sp.erf` of
    cupyx.scipy.special) or of a submodule (`cupyx.scipy.special.erf`), a method of an
    object of the module (not a SimpleNamespace), a plain Python function of the program
    (`helper(x)`: CuPy's trace runs its body)? Such a def is traced, as a lambda is."""
    try:
        fdef = ast.parse(textwrap.dedent(inspect.getsource(f))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return False
    env = dict(f.__globals__)
    for name, cell in zip(f.__code__.co_freevars, f.__closure__ or ()):
        try:
            env[name] = cell.cell_contents
        except ValueError:                           # (an empty cell)
            pass
    free = set(_free_names(fdef))
    for node in (n for st in fdef.body for n in ast.walk(st)):
        if not isinstance(node, ast.Call):
            continue
        if not isinstance(node.func, (ast.Name, ast.Attribute)):
            return True                              # getattr(m, name)(x), t[0](x)
        c, depth = node.func, 0
        while isinstance(c, ast.Attribute):
            c, depth = c.value, depth + 1
        if isinstance(c, ast.Name) and depth == 0 and c.id in free and c.id in env and \
                _python_helper(env[c.id]):
            return True                              # helper(x): CuPy's trace runs its body
        if not isinstance(c, ast.Name) or depth == 0 or c.id not in free or c.id not in env:
            continue                                 # a name, a value's or a local's method
        v = env[c.id]
        if inspect.ismodule(v):
            mod = _MODULES.get(v.__name__, v.__name__)
            if mod not in ("cupy", "numpy", "cupyx", "math") or depth > 1:
                return True
        elif not isinstance(v, types.SimpleNamespace):
            return True                              # obj.method(x)
    return False


def fuse(*args, **kwargs):
    """As cupy.fuse: @fuse, @fuse(), @fuse(kernel_name='k'). The compiler reads a def it
    can (its source, positional parameters, callees it knows) and traces the others
    (TracedFusion)."""
    def wrapper(f, kernel_name=None):                # CuPy's update_wrapper (a Kernel's
        from ._fuse_traced import TracedFusion           # (NumPy is needed to trace)
        if not _static(f) or _runtime_callee(f):         # __name__ is the function's already)
            return functools.update_wrapper(TracedFusion(f, kernel_name), f)
        try:
            fu = Fusion(f, kernel_name)
        except _pykc.CompileError as e:              # what the reader cannot express
            fu = TracedFusion(f, kernel_name, static_error=e)
            return functools.update_wrapper(fu, f)
        return functools.update_wrapper(fu, f, ("__module__", "__qualname__", "__doc__"))
    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrapper(args[0])
    return lambda f: wrapper(f, *args, **kwargs)

