"""CuPy's ufunc objects as pykc's fuse compiles them.

A ufunc of cupy._core.create_ufunc (cupyx.scipy.special's, a user's), or any CuPy ufunc
object whose name libpykc's table (src/types/ufunc.c) does not have, is compiled from what
the object holds, as CuPy's fusion.pyx compiles it: its ops (_ops: each loop's in_types,
out_types and routine), its _preamble and its name. The tracer (pykc/_trace.py) declares
such a ufunc in the traced program, `_uN = cupy._core.create_ufunc(name, ops, None,
preamble=...)`, the source form pykc's compiler reads (src/dsl/sema_ufunc.c), and calls
it; the loop is the compiler's choice for those loops (_pykc.fuse_loop of the loop list).

pykc.create_ufunc makes such a ufunc without CuPy (CuPy's signature and _ops): inside a
pykc.fuse function it is traced as CuPy's are; called outside one, it runs as a fused
function of that one call. (NumPy is imported where a ufunc is made or called: `import
pykc` needs none.)
"""
from . import _pykc

_DECLS = {}                                        # id(ufunc) -> (ufunc, Declared)


class _Op:
    """One loop, as CuPy's _kernel._Op: in_types, out_types (NumPy dtypes), routine."""

    def __init__(self, in_types, out_types, routine, error_func=None):
        import numpy
        self.in_types = tuple(numpy.dtype(t) for t in in_types)
        self.out_types = tuple(numpy.dtype(t) for t in out_types)
        self.nin = len(self.in_types)
        self.nout = len(self.out_types)
        self.routine = routine
        self.error_func = error_func

    def __repr__(self):
        return (f"pykc._ufunc._Op({self.in_types}, {self.out_types}, "
                f"routine={self.routine}, error_func={self.error_func})")


class _Ops:
    """A ufunc's loops, as CuPy's _kernel._Ops.from_tuples reads create_ufunc's ops."""

    def __init__(self, ops, routine, promote_types=None):
        got = []
        for t in ops:
            if isinstance(t, tuple):
                typ, rt = t[0], t[1]
                rt = routine if rt is None else rt
                if not isinstance(rt, str) and callable(rt):
                    got.append(_Op(*_types(typ), None, rt))
                    continue
            else:
                if not isinstance(t, (str, list)):
                    raise ValueError(f"invalid op {t}, expected string or list")
                typ, rt = t, routine
            if rt is None:
                raise AssertionError(f"op {typ!r} has no routine")
            got.append(_Op(*_types(typ), rt))
        if not got:
            raise AssertionError("create_ufunc takes at least one op")
        for op in got:
            if op.nin != got[0].nin or op.nout != got[0].nout:
                raise ValueError(f"invalid op {op}, wrong nin or nout.")
        self.ops = tuple(got)
        self.nin = got[0].nin
        self.nout = got[0].nout
        self.promote_types = promote_types


def _types(typ):
    if isinstance(typ, str):
        parts = typ.split("->")
        return (parts[0], parts[0]) if len(parts) == 1 else (parts[0], parts[1])
    if isinstance(typ, list):
        return typ[0], typ[1]
    raise TypeError("Expected string or list for typ identifier.")


class ufunc:
    """A ufunc of pykc.create_ufunc (CuPy's attributes: name, nin, nout, _ops,
    _preamble)."""

    def __init__(self, name, ops, preamble="", doc=""):
        self.name = self.__name__ = name
        self._ops = ops
        self._preamble = preamble
        self.nin = ops.nin
        self.nout = ops.nout
        self.nargs = ops.nin + ops.nout
        self.__doc__ = doc
        self._fused = None

    def __repr__(self):
        return f"<pykc ufunc {self.name!r}>"

    def __call__(self, *args, **kwargs):
        import numpy
        from . import _trace
        h = _trace.history()
        if h is not None:                          # inside a pykc.fuse trace
            return h.call_ufunc(self, *args, **kwargs)
        out = kwargs.pop("out", None)
        if kwargs or len(args) not in (self.nin, self.nargs):
            raise TypeError(f"{self.name}() takes {self.nin} inputs and out= here (keyword "
                            f"arguments: {sorted(kwargs)})")
        outs = list(args[self.nin:]) or (
            [] if out is None else list(out) if isinstance(out, tuple) else [out])
        args = args[:self.nin]
        if not any(isinstance(a, numpy.ndarray) or hasattr(a, "__cuda_array_interface__")
                   for a in args):                 # scalars alone: 0-d arrays, as CuPy's
            args = tuple(numpy.asarray(a) for a in args)
        if self._fused is None:
            from ._fuse_traced import TracedFusion
            self._fused = TracedFusion(lambda *a: self(*a), f"{self.name}__ufunc")
        r = self._fused(*args)
        if not outs:
            return r
        for o, v in zip(outs, r if isinstance(r, tuple) else (r,)):
            o[...] = v
        return outs[0] if len(outs) == 1 else tuple(outs)


def create_ufunc(name, ops, routine=None, preamble="", doc="", default_casting=None,
                 loop_prep="", out_ops=None, cutensor_op=None, scatter_op=None,
                 promote_types=None):
    """CuPy's cupy._core.create_ufunc: a ufunc of OPS ('ff->f', or ('ff->f', routine)),
    each loop's routine its own or ROUTINE (CuPy's statements setting out0 ...), PREAMBLE
    code before them. What fuse does not use (default_casting, loop_prep, out_ops,
    cutensor_op, scatter_op) is taken and left, as CuPy's fusion leaves it."""
    return ufunc(name, _Ops(ops, routine, promote_types), preamble, doc)


class Declared:
    """A ufunc pykc compiles from its _ops: its loop list ("ff->f dd->d") for
    _pykc.fuse_loop, each loop's error function (None: a routine), the declaration."""

    def __init__(self, uf):
        ops = uf._ops
        self.name = uf.name
        if getattr(ops, "promote_types", None) is not None:
            raise NotImplementedError(f"pykc's fuse does not compile ufunc {uf.name}: it "
                                      "has promote_types")
        loops, items, self.errors = [], [], []
        for op in ops.ops:
            types = ("".join(_char(t, uf.name) for t in op.in_types) + "->"
                     + "".join(_char(t, uf.name) for t in op.out_types))
            err = getattr(op, "error_func", None)
            if err is None and not isinstance(op.routine, str):
                raise NotImplementedError(f"pykc's fuse does not compile ufunc {uf.name}: "
                                          f"loop {types}'s routine is {op.routine!r}")
            loops.append(types)
            self.errors.append(err)
            items.append(f"({types!r}, {'' if err is not None else op.routine!r})")
        self.loops = " ".join(loops)
        if not uf.name.isidentifier() or not (1 <= ops.nin <= 3 and 1 <= ops.nout <= 2):
            raise NotImplementedError(
                f"pykc's fuse does not compile ufunc {uf.name}: it compiles ufuncs of 1 to "
                "3 inputs and 1 or 2 outputs whose name is a C identifier")
        self.ops_text = "(" + "".join(i + ", " for i in items) + ")"
        self.preamble = getattr(uf, "_preamble", "") or ""

    def declaration(self, pyname):
        """The program's line that declares it as PYNAME."""
        pre = f", preamble={self.preamble!r}" if self.preamble else ""
        return (f"{pyname} = cupy._core.create_ufunc({self.name!r}, {self.ops_text}, "
                f"None{pre})")

    def loop_index(self, chars, weak, new):
        """The index of the loop the compiler selects (the first of the shortest list of
        the first loops that has one)."""
        loops = self.loops.split(" ")
        for k in range(1, len(loops) + 1):
            if _pykc.fuse_loop(" ".join(loops[:k]), chars, weak, "", new) is not None:
                return k - 1
        return None


def _char(t, name):
    import numpy
    c = numpy.dtype(t).char
    c = {"q": "l", "Q": "L"}.get(c, c) if numpy.dtype(t).itemsize == 8 else c
    if c not in "?bBhHiIlLqQefdFD":
        raise NotImplementedError(f"pykc's fuse does not compile ufunc {name}: its loops "
                                  f"take {numpy.dtype(t)}")
    return c


def declared(uf, known):
    """The Declared of ufunc object UF when pykc compiles it from its _ops (KNOWN: libpykc's
    table has it by its name), else None."""
    got = _DECLS.get(id(uf))
    if got is not None and got[0] is uf:
        return got[1]
    if known or getattr(uf, "_ops", None) is None:
        return None
    d = Declared(uf)
    _DECLS[id(uf)] = (uf, d)
    return d
