"""pykc.fuse's tracer: CuPy's fuse calls the user's function with proxies.

As cupy/_core/_fusion_interface.py, _fusion_trace.pyx and fusion.pyx do, a call of a
traced Fusion with at least one array runs the user's Python function once per argument
types (the cache key CuPy's Fusion.__call__ makes), with a FuseProxy for each array and
scalar argument. Python runs as Python (control flow, closures, lambdas, *args, helpers
reading x.dtype, loops); only operations on proxies are recorded: operators, in-place
operators, indexing, astype, copy, reductions, numpy's ufuncs and functions on proxies
(__array_ufunc__ / __array_function__), and CuPy's and cupyx's own ufuncs and routines
through the hooks CuPy's functions call while fusing (cupy._core._fusion_thread_local:
is_fusing() and its history's call_ufunc / call_reduction), where CuPy is importable.
A proxy's dtype is the loop pykc's fuse compiler selects (libpykc's one ufunc table,
_pykc.fuse_loop), so that the function's Python sees what the kernel computes.

The record is a straight-line @cupy.fuse function (one statement per operation) that
pykc's fuse compiler (src/fuse/) compiles per call as for a def it reads; each statement
keeps the file:line of the user's code that made it, and the compiler's diagnostics are
mapped back to those lines.
"""
import sys
import threading

import numpy

from . import _pykc
from . import _ufunc as _ufuncs
from ._fuse import _root

_state = threading.local()                         # .history: the trace under way
_SCALARS = (bool, int, float, complex)
_PY_KIND = {bool: "?", int: "i", float: "f", complex: "c"}
_PY_CHAR = {bool: "?", int: "l", float: "d", complex: "D"}
_REDUCTIONS = {"sum": "sum", "prod": "prod", "amax": "max", "max": "max", "amin": "min",
               "min": "min", "all": "all", "any": "any", "nansum": "nansum",
               "nanprod": "nanprod"}
_SCALAR_ERROR = "Cannot convert to Python scalar in cupy.fuse"
_HERE = __file__.rsplit(".", 1)[0]
_INF = float("inf")
_NP_NAMES = {"?": "bool_"}                        # numpy.bool_ (NumPy 1 has no numpy.bool)


def history():
    """The trace under way in this thread, or None."""
    return getattr(_state, "history", None)


def _cupy_hooks():
    """CuPy's _fusion_thread_local when CuPy (or a stand-in of it) is imported."""
    cp = sys.modules.get("cupy")
    core = getattr(cp, "_core", None) if cp is not None else None
    return getattr(core, "_fusion_thread_local", None) if core is not None else None


def _user_line():
    """(file, line) of the innermost frame outside pykc, CuPy and NumPy: the user's code
    that made the operation."""
    f = sys._getframe(2)
    while f is not None:
        mod = f.f_globals.get("__name__", "") or ""
        top = mod.split(".")[0]
        if not (f.f_code.co_filename.startswith(_HERE) or top in ("pykc", "cupy", "numpy")
                or mod.startswith("cupy._") or mod == "cupyx" or mod.startswith("cupyx._")):
            return (f.f_code.co_filename, f.f_lineno)
        f = f.f_back
    return ("<unknown>", 0)


def _literal(v):
    """A Python scalar as the program's text: its repr, cupy.nan / cupy.inf for those."""
    if isinstance(v, complex):
        if v.real != v.real or v.imag != v.imag or abs(v.real) == _INF or abs(v.imag) == _INF:
            return f"complex({_literal(v.real)}, {_literal(v.imag)})"
        return repr(v)
    if isinstance(v, float) and (v != v or abs(v) == _INF):
        return "cupy.nan" if v != v else "cupy.inf" if v > 0 else "-cupy.inf"
    return repr(v)


def _normalize_axis(a, ndim):
    """NumPy's normalize_axis_index (AxisError past the dimensions)."""
    try:
        from numpy.lib.array_utils import normalize_axis_index
    except ImportError:                            # NumPy 1
        from numpy.core.multiarray import normalize_axis_index
    return normalize_axis_index(int(a), ndim)


_NAMES = {}                                        # id(CuPy's ufunc) -> its table name


def _op_name(obj):
    """The table's name of a CuPy or cupyx ufunc or reduction object: the name it has in
    cupy or cupyx (cupyx.rsqrt: "cupyx.rsqrt"), else its own .name ('cupy_where': where;
    'cupy_sum_with_dtype': sum); a NumPy ufunc's __name__."""
    return _op_names(obj)[0]


def _op_names(obj):
    """(_op_name, whether the name is CuPy's for it: the object is cupy.NAME or
    cupyx.NAME, its .name is CuPy's cupy_NAME, or it has no _ops (NumPy's ufuncs, CuPy's
    reductions)); a ufunc of other .name (create_ufunc's) is no ufunc of the table."""
    got = _NAMES.get(id(obj))
    if got is not None and got[0] is obj:
        return got[1]
    name, cupys = None, True
    for mod in ("cupy", "cupyx"):
        m = sys.modules.get(mod)
        k = next((k for k, v in vars(m).items() if v is obj and k[0] != "_"), None) \
            if m is not None else None
        if k is not None:
            name = k if mod == "cupy" else f"cupyx.{k}"
            break
    if name is None:
        name = getattr(obj, "name", None) or getattr(obj, "__name__", "")
        cupys = name.startswith("cupy_") or getattr(obj, "_ops", None) is None
        name = name[5:] if name.startswith("cupy_") else name
        name = name[:-len("_with_dtype")] if name.endswith("_with_dtype") else name
    _NAMES[id(obj)] = (obj, (name, cupys))
    return name, cupys


def declared_ufunc(ufunc):
    """(the table's name of CuPy ufunc object UFUNC, None), or (its name, a
    _ufuncs.Declared) when pykc compiles it from its _ops: a ufunc of create_ufunc, or one
    of CuPy's that the table lacks."""
    name, cupys = _op_names(ufunc)
    if cupys and getattr(ufunc, "_ops", None) is not None:
        try:
            _pykc.fuse_loop(name, "?" * ufunc.nin, "-" * ufunc.nin)
        except ValueError:
            cupys = False
        except TypeError:                          # (the table's bool loop CuPy refuses)
            pass
    return name, _ufuncs.declared(ufunc, cupys)


class FuseProxy:
    """An array or scalar argument of a traced function, or a value it computed (CuPy's
    _ArrayProxy / _ScalarProxy): dtype and ndim at trace time, operators and methods
    recorded as operations."""

    __array_priority__ = 100000                    # NumPy's binary operators defer to it

    def __init__(self, h, name, dtype, ndim, is_array, weak="-"):
        self._h, self._name, self._dtype = h, name, numpy.dtype(dtype)
        self._ndim, self._is_array, self._weak = ndim, is_array, weak
        self._mem = h._new_mem()                   # its memory (CuPy's _TraceVariable's)

    @property
    def dtype(self):
        return self._dtype

    @property
    def ndim(self):
        return self._ndim

    @property
    def shape(self):
        raise NotImplementedError("`shape` is not supported, currently.")

    @property
    def size(self):
        raise NotImplementedError("`size` is not supported, currently.")

    def __repr__(self):
        kind = "_ArrayProxy" if self._is_array else "_ScalarProxy"
        return f"{kind}({self._name}, dtype='{self._dtype.char}', ndim={self._ndim})"

    def __bool__(self):
        raise TypeError(_SCALAR_ERROR)

    __int__ = __float__ = __complex__ = __index__ = __bool__

    def __iter__(self):
        raise TypeError("iteration over a traced value is not supported in cupy.fuse")

    def __len__(self):
        raise TypeError("len() of a traced value is not supported in cupy.fuse")

    def __hash__(self):
        return id(self)

    # NumPy's protocols: its ufuncs and functions on proxies are the trace's
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method != "__call__":
            raise NotImplementedError(f"numpy.{ufunc.__name__}.{method} is not supported "
                                      "in cupy.fuse")
        return self._h.ufunc(ufunc.__name__, ufunc.nin, ufunc.nout, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        return self._h.function(func.__name__, args, kwargs)

    def __array__(self, *a, **k):
        raise TypeError(_SCALAR_ERROR)

    def _u(self, name, *args, nin=None):
        return self._h.ufunc(name, nin or len(args), 1, args, {})

    def _inplace(self, name, other):
        if not self._is_array:
            return self._u(name, self, other)      # a scalar: rebound, as Python's x += y
        self._h.ufunc(name, 2, 1, (self, other, self), {})
        return self

    def __getitem__(self, index):
        return self._h.index(self, index)

    def __setitem__(self, index, value):
        if index is Ellipsis or (isinstance(index, slice) and index == slice(None)):
            self._h.ufunc("copy", 1, 1, (value,), {"out": self})
            return
        raise ValueError("The fusion supports `[...]` or `[:]`.")

    def copy(self):
        return self._u("copy", self)

    def astype(self, dtype, order=None, casting=None, subok=None, copy=True):
        dtype = numpy.dtype(dtype)
        for k, v in (("order", order), ("casting", casting), ("subok", subok)):
            if v is not None:
                raise TypeError(f"{k} is not supported yet")
        if not copy and self._dtype == dtype:
            return self
        return self._h.astype(self, dtype)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._h.method("sum", self, axis, dtype, out, keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._h.method("prod", self, axis, dtype, out, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return self._h.method("max", self, axis, None, out, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return self._h.method("min", self, axis, None, out, keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        return self._h.method("all", self, axis, None, out, keepdims)

    def any(self, axis=None, out=None, keepdims=False):
        return self._h.method("any", self, axis, None, out, keepdims)


def _binary(name, reflected=False):
    if reflected:
        return lambda self, other: self._u(name, other, self)
    return lambda self, other: self._u(name, self, other)


for _dunder, _ufunc in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"),
                        ("truediv", "true_divide"), ("floordiv", "floor_divide"),
                        ("mod", "remainder"), ("pow", "power"), ("lshift", "left_shift"),
                        ("rshift", "right_shift"), ("and", "bitwise_and"),
                        ("or", "bitwise_or"), ("xor", "bitwise_xor")):
    setattr(FuseProxy, f"__{_dunder}__", _binary(_ufunc))
    setattr(FuseProxy, f"__r{_dunder}__", _binary(_ufunc, True))
    setattr(FuseProxy, f"__i{_dunder}__",
            (lambda u: lambda self, other: self._inplace(u, other))(_ufunc))
for _dunder, _ufunc in (("lt", "less"), ("le", "less_equal"), ("eq", "equal"),
                        ("ne", "not_equal"), ("gt", "greater"), ("ge", "greater_equal")):
    setattr(FuseProxy, f"__{_dunder}__", _binary(_ufunc))
FuseProxy.__neg__ = lambda self: self._u("negative", self)
FuseProxy.__invert__ = lambda self: self._u("invert", self)
FuseProxy.__hash__ = lambda self: id(self)        # (CuPy's proxies have no +x, abs(x),
                                                  # divmod(x, y): neither have these)


_CLASSES = {}


def _proxy_class(is_array):
    """FuseProxy, or where CuPy is imported a FuseProxy that is also CuPy's _ArrayProxy /
    _ScalarProxy (cupy.get_array_module(x) of a traced array is cupy, as in CuPy)."""
    cp = sys.modules.get("cupy")
    nf = getattr(getattr(cp, "_core", None), "new_fusion", None) if cp is not None else None
    base = getattr(nf, "_ArrayProxy" if is_array else "_ScalarProxy", None)
    if not isinstance(base, type):
        return FuseProxy
    key = (id(base), is_array)
    got = _CLASSES.get(key)
    if got is None or got[0] is not base:
        cls = type("FuseArrayProxy" if is_array else "FuseScalarProxy", (FuseProxy, base),
                   {"__module__": __name__})
        got = _CLASSES[key] = (base, cls)
    return got[1]


class OldFusionFails(Exception):
    """What CuPy's old fusion (fusion.pyx, cupy.fuse's first trace) raises on and its new
    fusion (new_fusion.pyx) traces: a reduction method, indexing, a second reduction, a
    value of before the reduction used after it. CuPy's Fusion then traces the function
    again with its new fusion (and keeps that one for every later call)."""


class History:
    """One trace: the operations recorded as the lines of a straight-line fuse function,
    each with the user's file:line. Installed as CuPy's fusion history while it runs, so
    that CuPy's ufuncs and routines call call_ufunc / call_reduction here. NEW: traced as
    CuPy's new fusion traces (its loop selection, its values' methods and indexing), else
    as its old fusion (OldFusionFails where that raises)."""

    def __init__(self, name, new=False):
        self.name = name
        self.new = new
        self.params = []                           # the kernel's parameters, in order
        self.lines = []                            # (statement, (file, line))
        self.reduction = False
        self._args = []                            # the arguments' proxies, in order
        self._n = 0
        self._mems = {}                            # id(an argument's base) -> its memory
        self._nmem = 0
        self.decls = {}                            # id(a _ufunc.Declared) -> (it, its name)

    def _new_mem(self):
        self._nmem += 1
        return self._nmem

    # -- CuPy's hooks (cupy/_core/_fusion_thread_local.pyx)
    def call_ufunc(self, ufunc, *args, **kwargs):
        name, decl = declared_ufunc(ufunc)
        return self.ufunc(name, ufunc.nin, ufunc.nout, args, kwargs, decl=decl)

    def call_reduction(self, func, *args, **kwargs):
        if len(args) != 1:
            raise TypeError(f"{_op_name(func)}() takes 1 positional argument but "
                            f"{len(args)} were given")
        kw = {k: kwargs.pop(k, None) for k in ("axis", "dtype", "out")}
        keep = kwargs.pop("keepdims", False)
        if kwargs:
            raise TypeError(f"Wrong arguments {kwargs}")
        return self.reduce(_op_name(func), args[0], kw["axis"], kw["dtype"], kw["out"], keep)

    def call_indexing(self, x, index):
        return self.index(x, index)

    # -- values
    def param(self, value):
        """The proxy of an argument (an array or a scalar)."""
        name = f"a{len(self.params)}"
        self.params.append(name)
        if isinstance(value, numpy.generic):           # old fusion's scalar: ndim -1
            p = self._proxy(name, value.dtype, -1, False)
        elif isinstance(value, _SCALARS):
            t = type(value) if type(value) in _PY_KIND else next(
                c for c in (bool, int, float, complex) if isinstance(value, c))
            p = self._proxy(name, _PY_CHAR[t], -1, False, _PY_KIND[t])
        else:
            p = self._proxy(name, value.dtype, value.ndim, True)
            root = _root(value)                    # arguments of one memory (x, x.T)
            p._mem = self._mems.setdefault(id(root), (root, p._mem))[1]
        self._args.append(p)
        return p

    def _fresh(self):
        self._n += 1
        return f"v{self._n}"

    def _emit(self, text, where=None):
        self.lines.append((text, where or _user_line()))

    def operand(self, x):
        """(text, dtype char, weak kind, ndim, is_array) of an operation's operand."""
        if isinstance(x, FuseProxy):
            if x._h is not self:
                raise TypeError("a value of another cupy.fuse trace is used here")
            return x._name, x._dtype.char, x._weak, x._ndim, x._is_array
        if isinstance(x, numpy.generic) and not isinstance(x, (numpy.void, numpy.str_,
                                                               numpy.bytes_)):
            return (f"numpy.{_NP_NAMES.get(x.dtype.char, x.dtype.name)}({_literal(x.item())})",
                    x.dtype.char, "-", -1, False)
        if isinstance(x, _SCALARS):                # (an int subclass: IntEnum ...)
            t = type(x) if type(x) in _PY_KIND else next(
                c for c in (bool, int, float, complex) if isinstance(x, c))
            return _literal(t(x)), _PY_CHAR[t], _PY_KIND[t], -1, False
        if hasattr(x, "__array_interface__") or hasattr(x, "__cuda_array_interface__"):
            raise TypeError("Concrete ndarray is not supported in fusion.")
        raise TypeError(f"{type(x)} type is not supported")

    def _proxy(self, name, char, ndim, is_array, weak="-"):
        p = _proxy_class(is_array)(self, name, char, ndim, is_array, weak)
        p._post = self.reduction                   # old fusion's _is_postmap
        return p

    def _old_operands(self, xs):
        """Old fusion's _get_fusion_var: after its reduction, an operation of a value of
        before it (an argument too) is "Shape mismatch"."""
        if not self.new and self.reduction and any(
                isinstance(x, FuseProxy) and not x._post for x in xs):
            raise OldFusionFails("Shape mismatch")

    # -- operations
    def ufunc(self, name, nin, nout, args, kwargs, decl=None):
        """A ufunc call: NAME the table's; DECL a _ufunc.Declared, a ufunc the program
        declares (its messages fusion.pyx's call_ufunc's)."""
        kwargs = dict(kwargs)
        dtype = kwargs.pop("dtype", None) if decl is None else None
        outs = list(args[nin:])
        if "out" in kwargs:
            if outs:
                raise ValueError("cannot specify 'out' as both a positional and keyword "
                                 "argument")
            o = kwargs.pop("out")
            outs = list(o) if isinstance(o, tuple) else [o]
        outs = [o for o in outs if o is not None]
        for k in ("casting", "order", "subok", "where"):
            if k in kwargs and kwargs[k] in (None, "K", "same_kind", True):
                kwargs.pop(k)
        if kwargs:
            raise TypeError(f"Wrong arguments {kwargs}")
        if len(args[:nin]) != nin or len(outs) > nout:
            raise ValueError("Invalid number of arguments")
        if not all(isinstance(o, FuseProxy) and o._is_array for o in outs):
            raise TypeError("Return arrays must be of ArrayType")
        for o in outs:
            self.operand(o)
        for i, o in enumerate(outs):
            if any(o._mem == p._mem for p in outs[:i]):
                raise ValueError("Outputs of ufunc must not share memory")
        args = [self.ufunc("copy", 1, 1, (x,), {})     # an input sharing an output's memory
                if isinstance(x, FuseProxy) and any(     # (not that output) is read from
                    x is not o and x._mem == o._mem for o in outs) else x   # a copy first,
                for x in args[:nin]]                                        # as CuPy's
        self._old_operands(list(args[:nin]) + outs)
        ins = [self.operand(x) for x in args]
        chars, weak = "".join(i[1] for i in ins), "".join(i[2] for i in ins)
        try:
            types = _pykc.fuse_loop(name if decl is None else decl.loops, chars, weak, "",
                                    self.new)
        except ValueError:
            raise NotImplementedError(f"pykc's fuse does not compile cupy.{name}") from None
        if types is None and decl is not None and self.new:   # _Ops.guess_routine
            raise TypeError("Wrong type ({}) of arguments for {}".format(
                tuple(numpy.dtype(c) for c in chars), decl.name))
        if types is None and decl is not None:     # fusion.pyx's call_ufunc (the new
            raise TypeError("Invalid type cast in '{}': {} -> {}".format(   # fusion's
                decl.name, [numpy.dtype(c) for c in chars],   # trace follows, as CuPy's
                [o._dtype for o in outs]))                     # Fusion.__call__ does)
        if types is None:
            raise TypeError("Wrong type ({}) of arguments for cupy_{}".format(
                ", ".join(repr(numpy.dtype(i[1])) for i in ins), name))
        if decl is not None and any(e is not None for e in decl.errors):
            err = decl.errors[decl.loop_index(chars, weak, self.new)]
            if err is not None:                    # CuPy's _Op.check_valid
                err()
        if dtype is not None:
            types = numpy.dtype(dtype).char * len(types)
        for t, o in zip(types, outs):
            if not numpy.can_cast(t, o._dtype, "same_kind"):
                raise TypeError(f"output operand: cannot cast {numpy.dtype(t)} to "
                                f"{o._dtype} with casting rule 'same_kind'")
        ndim = max(i[3] for i in ins)
        is_array = any(i[4] for i in ins)
        callee = name if name.startswith("cupyx.") else f"cupy.{name}"
        if decl is not None:                       # `_uN = cupy._core.create_ufunc(...)`
            callee = self.decls.setdefault(id(decl), (decl, f"_u{len(self.decls) + 1}"))[1]
        call = f"{callee}({', '.join(i[0] for i in ins)}"
        if dtype is not None:
            call += f", dtype=numpy.{numpy.dtype(dtype).name}"
        if outs:
            call += ", out=" + (outs[0]._name if len(outs) == 1 else
                                "(" + ", ".join(o._name for o in outs) + ")")
        call += ")"
        res = outs + [self._proxy(self._fresh(), t, ndim, is_array)
                      for t in types[len(outs):]]
        if len(outs) == len(types):
            self._emit(call)
        else:
            self._emit(f"{', '.join(r._name for r in res)} = {call}")
        return res[0] if len(res) == 1 else tuple(res)

    def astype(self, x, dtype):
        self._old_operands((x,))                   # (old fusion's astype is a ufunc)
        _, char, _, ndim, is_array = self.operand(x)
        r = self._proxy(self._fresh(), dtype.char, ndim, is_array)
        self._emit(f"{r._name} = {x._name}.astype(numpy.{dtype.name})")
        return r

    def method(self, name, x, axis, dtype, out, keepdims):
        """x.sum() and the others: methods of new fusion's _ArrayProxy only (old fusion's
        values have none)."""
        if not self.new:
            raise OldFusionFails(f"'_FusionVarArray' object has no attribute '{name}'")
        return self.reduce(name, x, axis, dtype, out, keepdims, method=True)

    def reduce(self, name, x, axis=None, dtype=None, out=None, keepdims=False,
               method=False):
        """A reduction: cupy.NAME(x, ...), or the method x.NAME(...) (recorded so: the
        compiler types a function that calls one as the new fusion does)."""
        name = _REDUCTIONS.get(name, name)
        if self.reduction and not self.new:
            raise OldFusionFails("Multiple reduction is not implemented yet")
        if keepdims:
            raise NotImplementedError(f"cupy.{name} does not support `keepdims` in fusion "
                                      "yet.")
        text, char, _, ndim, is_array = self.operand(x)
        if not is_array:
            raise NotImplementedError("Reduction for scalar arguments is not supported.")
        if axis is None:
            axes = tuple(range(ndim))
        else:
            axes = axis if isinstance(axis, (tuple, list)) else (axis,)
            axes = tuple(_normalize_axis(a, ndim) for a in axes)
            if len(set(axes)) != len(axes):
                raise ValueError("duplicate value in 'axis'")
        want = numpy.dtype(dtype).char if dtype is not None else ""
        try:
            types = _pykc.fuse_loop(name, char, "-", want, self.new)
        except ValueError:
            raise NotImplementedError(f"pykc's fuse does not compile cupy.{name}") from None
        if types is None:
            raise TypeError(f"Type is mismatched. cupy_{name}(...), {numpy.dtype(char)}")
        kw = []
        if axis is not None:
            kw.append(f"axis={tuple(axes)!r}")
        if dtype is not None:
            kw.append(f"dtype=numpy.{numpy.dtype(dtype).name}")
        self.reduction = True
        if out is not None:
            if not (isinstance(out, FuseProxy) and out._is_array):
                raise TypeError("Return arrays must be of ArrayType")
            self.operand(out)
            if out._ndim != ndim - len(axes):
                raise ValueError("Shape of specified output variable is not consistent "
                                 "with reduced shape.")
            kw.append(f"out={out._name}")
        call = f"{text}.{name}({', '.join(kw)})" if method else \
            f"cupy.{name}({', '.join([text] + kw)})"
        if out is not None:
            self._emit(call)
            return out
        r = self._proxy(self._fresh(), types[0], ndim - len(axes) or -1, True)
        self._emit(f"{r._name} = {call}")
        return r

    def index(self, x, index):
        if not self.new:                           # (old fusion's values have no
            raise OldFusionFails("'_FusionVarArray' object is not subscriptable")  # [])
        text, _, _, ndim, is_array = self.operand(x)
        if not is_array:
            raise TypeError("'_ScalarProxy' object is not subscriptable")
        items = index if isinstance(index, tuple) else (index,)
        parts, left, out = [], ndim, 0
        for i in items:
            if isinstance(i, (list, FuseProxy, numpy.ndarray)):
                raise NotImplementedError("Advanced indexing is not supported, currently.")
            if isinstance(i, bool) or not (isinstance(i, (int, numpy.integer, slice))
                                           or i is None or i is Ellipsis):
                raise IndexError("Indices must be integers, slices, ellipsis, None or "
                                 "integer or boolean arrays.")
        nreal = sum(1 for i in items if i is not None and i is not Ellipsis)
        if nreal > ndim:
            raise IndexError("Too many indices for array.")
        for i in items:
            if i is None:
                parts.append("None")
                out += 1
            elif i is Ellipsis:
                parts.append("...")
                out += ndim - nreal
                left -= ndim - nreal
            elif isinstance(i, slice):
                parts.append(":".join("" if v is None else repr(int(v))
                                      for v in (i.start, i.stop, i.step)))
                out += 1
                left -= 1
            else:
                parts.append(repr(int(i)))
                left -= 1
        r = self._proxy(self._fresh(), x._dtype.char, out + left, True)
        r._mem = x._mem                            # a view: the array's memory
        self._emit(f"{r._name} = {text}[{', '.join(parts) or '()'}]")
        return r

    def function(self, name, args, kwargs):
        """numpy.NAME(...) on proxies (__array_function__)."""
        if name in _REDUCTIONS:
            kw = dict(kwargs)
            pos = list(args[1:])
            sig = ("axis", "dtype", "out", "keepdims") if name in (
                "sum", "prod", "nansum", "nanprod") else ("axis", "out", "keepdims")
            for k, v in zip(sig, pos):
                kw[k] = v
            return self.reduce(name, args[0], **{k: v for k, v in kw.items()
                                                 if k in sig})
        ufuncs = {"where": 3, "clip": 3, "copy": 1, "real": 1, "imag": 1, "around": 2,
                  "round": 2}
        if name in ufuncs:
            args = tuple(args)
            if name in ("around", "round"):
                args = (args + (kwargs.pop("decimals", 0),))[:2]
            return self.ufunc(name, ufuncs[name], 1, args, kwargs)
        if name == "copyto":
            dst, src = args[:2]
            return self.ufunc("copy", 1, 1, (src,), {"out": dst}) and None
        raise NotImplementedError(f"numpy.{name} is not supported in cupy.fuse")

    # -- the trace
    def run(self, func, args):
        """Calls FUNC with proxies of ARGS (None stays None): the values it returns."""
        proxies = [None if a is None else self.param(a) for a in args]
        hooks = _cupy_hooks()
        saved = (getattr(_state, "history", None),)
        tl = getattr(hooks, "thread_local", None) if hooks is not None else None
        old = {k: getattr(tl, k, None) for k in ("history", "is_new_fusing",
                                                 "is_old_fusing")} if tl is not None else {}
        _state.history = self
        if tl is not None:
            tl.history, tl.is_new_fusing, tl.is_old_fusing = self, True, False
        try:
            return func(*proxies)
        finally:
            _state.history = saved[0]
            if tl is not None:
                for k, v in old.items():
                    setattr(tl, k, v if v is not None or k == "history" else False)

    def program(self, ret):
        """The recorded function as fuse source, the user's (file, line) of each of its
        lines (1-based; None for lines of no operation), and whether it returns a tuple."""
        if ret is None:
            rtext = None
        elif isinstance(ret, FuseProxy):
            rtext = self.operand(ret)[0]
        elif isinstance(ret, tuple):
            for r in ret:
                if not isinstance(r, FuseProxy):
                    raise TypeError("cupy.fuse returns values of the trace only, not "
                                    f"{type(r).__name__}")
            rtext = "(" + "".join(self.operand(r)[0] + ", " for r in ret) + ")"
        else:
            raise TypeError(f"cupy.fuse returns values of the trace only, not "
                            f"{type(ret).__name__}")
        # pykc's keywords for the compiler: typed as the new fusion; the arguments that
        # share memory (CuPy's trace makes them views of one memory: src/fuse/ then
        # never reads one in the loop that writes another)
        kw = ", pykc_new_fusion=True" if self.new else ""
        mem = [next(j for j, q in enumerate(self._args) if q._mem == p._mem)
               for p in self._args]
        if mem != list(range(len(mem))):
            kw += f", pykc_memory=({''.join(f'{m}, ' for m in mem)})"
        head = ["import cupy", "import cupyx", "import numpy", ""]
        head += [d.declaration(n) for d, n in self.decls.values()]
        head += [f"@cupy.fuse(kernel_name={self.name!r}{kw})",
                f"def {self.name}({', '.join(self.params)}):"]
        where = [None] * len(head)
        body = [(text, w) for text, w in self.lines]
        if rtext is not None:
            body.append((f"return {rtext}", None))
        if not body:
            body.append(("pass", None))
        text = "\n".join(head + ["    " + b for b, _ in body]) + "\n"
        return text, where + [w for _, w in body], isinstance(ret, tuple)
