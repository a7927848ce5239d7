"""pykc.fuse of a function the compiler does not read (its source unavailable, *args,
a lambda, closures over Python functions, Python that branches on values of the trace):
traced as CuPy traces it (pykc/_trace.py), the record compiled by pykc's fuse compiler as
a def it reads (each record's kernel a Fusion of that program).
"""
import re
import sys

import numpy

from . import _pykc, _trace
from ._forms import _alloc
from ._fuse import Fusion, _FUSE_CLASSES, _array_rule
from ._kernel import _compile_error
_ARG_TYPES = (numpy.generic, bool, int, float, complex, type(None))


def _trace_key(args):
    """CuPy's Fusion key (new_fusion.pyx): each array's dtype and ndim (and its type: a
    NumPy subclass, CuPy's), which other arguments it is and shares memory with; a NumPy
    scalar's dtype; a Python scalar's type; None."""
    key = []
    for i, a in enumerate(args):
        if isinstance(a, numpy.generic):
            key.append(a.dtype.char)
        elif a is None or isinstance(a, (bool, int, float, complex)):
            key.append(type(a))
        else:
            root = _trace._root(a)
            key.append((type(a), a.dtype.char, a.ndim,
                        tuple(j for j in range(i) if args[j] is a),
                        tuple(j for j in range(i) if getattr(args[j], "dtype", None) is not None
                              and not isinstance(args[j], numpy.generic)
                              and _trace._root(args[j]) is root)))
    return tuple(key)


def _cupy_fusing():
    """Is CuPy's own fuse tracing (a pykc Fusion inside cupy.fuse: the function runs)?"""
    hooks = _trace._cupy_hooks()
    return bool(hooks is not None and _trace.history() is None and hooks.is_fusing())


class TracedFusion:
    """As cupy's Fusion, by tracing: the function runs with proxies once per argument
    types (pykc/_trace.py), its record compiles as a def pykc's fuse compiler reads."""

    def __init__(self, func, kernel_name=None, static_error=None):
        self.func = func
        self.name = kernel_name or func.__name__
        self._memo = {}
        self._static_error = static_error          # why the compiler could not read it
        self._new = False                          # CuPy's Fusion.new_fusion is set

    def __repr__(self):
        return f"<pykc Fusion {self.name!r}>"

    def __call__(self, *args):
        if _trace.history() is not None or _cupy_fusing():
            return self.func(*args)                # composition: its operations join
        arrays = _array_rule()
        if not any(arrays(a) for a in args):
            return self.func(*args)                # no array: CuPy calls the function
        for a in args:
            if not (isinstance(a, _ARG_TYPES) or arrays(a)):
                raise TypeError("Invalid argument type for '{}': ({})".format(
                    self.name, ", ".join(repr(type(b)) for b in args)))
        key = _trace_key(args)
        if key not in self._memo:
            self._memo[key] = self._trace(args)
        kernel = self._memo[key]
        if kernel is None:                         # nothing computed, None returned
            return None
        out = kernel(*(a for a in args if a is not None))
        sub = next((type(a) for a in args if isinstance(a, numpy.ndarray)
                    and type(a) is not numpy.ndarray), None)
        if sub is not None:                        # a NumPy subclass's results are its
            view = (lambda r: r.view(sub) if isinstance(r, numpy.ndarray) else r)
            out = tuple(view(r) for r in out) if isinstance(out, tuple) else view(out)
        return out

    def _trace(self, args):
        """As CuPy's Fusion.__call__: the old fusion's trace and kernel, and where anything
        of that raises, the new fusion's, which the Fusion keeps for every later call
        (the kernels of the old one made before are not used again)."""
        if not self._new:
            try:
                return self._trace_as(args, False)
            except Exception:
                self._new = True
                self._memo = {}
        return self._trace_as(args, True)

    def _trace_as(self, args, new):
        h = _trace.History(self.name if self.name.isidentifier() else "fused", new)
        ret = h.run(self.func, args)
        text, where, _ = h.program(ret)
        if not h.lines and ret is None:
            return None
        return _TraceKernel(self.func, h.name, text, where, len(h.params), h.reduction)

    def clear_cache(self):
        """CuPy's Fusion.clear_cache: the traces are made again (with the fusion the
        Fusion uses now, as CuPy's)."""
        self._memo = {}


def _map_trace(text, file, where):
    """Diagnostics of a trace's program with each of its lines named by the user's
    file:line that made it (the statement compiled stays quoted)."""
    def repl(m):
        w = where[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(where) else None
        return f"{w[0]}:{w[1]}: (traced: {file}:{m.group(1)}:{m.group(2)})" if w \
            else m.group(0)
    return re.sub(re.escape(file) + r":(\d+):(\d+)", repl, text)


class _TraceKernel(Fusion):
    """The kernel of one trace: its program compiled as a def (Fusion's form)."""

    def __init__(self, func, name, text, where, nin, reduction):
        self.func = func
        self.name = name
        self._file = f"<fuse {name} trace>"
        self._text = self._plain = text
        self._where = where
        self._origin = (None, 0)
        try:
            outs, self.return_tuple = _pykc.compile(self._file, text, True, False, None,
                                                    None, "outputs", kernel=name)
        except _pykc.CompileError as e:
            err = self._map_diagnostics(str(e))
            raise (err if isinstance(err, BaseException) else _pykc.CompileError(err)) \
                from None
        params = [f"a{i}" for i in range(nin)] + list(outs)
        self.nin = nin
        self.nargs = len(params)
        self._reduction = reduction
        self._variants = {}
        self._traced = False                       # (its record knows the memory)
        _pykc.Kernel.__init__(self, name, tuple(params), True, False)
        self._set_form("fuse", self.nin, _alloc, return_tuple=self.return_tuple,
                       first=self._reduction)

    def _build_source(self):
        # a trace's kernels are compiled per call types, as CuPy's: without the map
        # twins (docs/design.md §5.3), which would triple NVRTC's time for each
        return (self._file, self._text, (), (), True)

    def _map_diagnostics(self, text):
        return _compile_error(_map_trace(text, self._file, self._where), _FUSE_CLASSES)
