"""CuPy's kernel forms in the pykc package: pykc.ElementwiseKernel, pykc.ReductionKernel.

The constructor takes CuPy's arguments and turns them into the one-statement program
`kernel_form = cupy.ElementwiseKernel(...)` for the compiler, which checks them as CuPy
does (pykc.CompileError carries CuPy's reason, at the argument in the user's statement:
_spec_mapper). A call is CuPy's, made by the extension (python/form_args.c: no Python
frame): the inputs, then optionally the outputs; libpykc plans it (dtypes, broadcasting,
output shapes: pykc_form_outputs), the outputs not given are allocated (CuPy arrays on the
GPU, NumPy arrays by _alloc on the CPU backend), and pykc_form_call launches.
"""
import linecache
import re
import sys
import warnings

from . import _pykc
from ._kernel import _compile_error

# The errors of a form's construction that CuPy raises as ValueError (cupy/_core/
# _kernel.pyx, _reduction.pyx): pykc.CompileError is also a ValueError for them.
_FORM_CLASSES = ((re.compile(r'Invalid kernel name: "'), ValueError),)

_FORM_VAR = "kernel_form"
_FORM_LINE = 3                       # the line of the call in the program written below
_DIAG = re.compile(r"^(<[^>]*>):3:(\d+): (.*)$")
_KW = re.compile(r"^\w+=")


def _caller(depth):
    """Where the user constructs the kernel: (file, line) of the frame DEPTH calls above
    the caller."""
    f = sys._getframe(depth + 1)
    return f.f_code.co_filename, f.f_lineno


class _Mapped:
    """Maps the compilers' messages about a form's program (NVRTC's and the CPU backend's
    C++ compiler's, `<ElementwiseKernel k>:LINE:COL: error: ...`, LINE counted from the
    call's line on as the snippet's lines go) to the user's file and line (a call catches
    the CompileError of _form_call and raises it again with _map's text)."""

    def __init__(self, kind, in_params, out_params, snippets, kw):
        """The form as CuPy's constructor call `_form = cupy.KIND(...)`, compiled now so that
        CuPy's construction errors come at the caller's line (_spec_mapper)."""
        names = _POSITIONAL[kind]
        args = [_literal(kind, n, a) for n, a in zip(names, (in_params, out_params) + snippets)]
        args += [f"{k}={_literal(kind, k, v)}" for k, v in kw.items()]
        head = _FORM_VAR + " = cupy." + kind + "("
        self._text = "import cupy\n\n" + head + ", ".join(args) + ")\n"
        params = _params(in_params) + _params(out_params)
        _pykc.Kernel.__init__(self, _FORM_VAR, tuple(params), True, False)
        self._label = "<%s %s>" % (kind, kw["name"])
        self._where = _caller(2)                  # up: the form's __init__, the user
        mapper = _spec_mapper(head, args, self._where)
        _pykc.compile(self._label, self._text, True, False, None, None, "check",
                      lambda msg: _compile_error(mapper(msg), _FORM_CLASSES))
        self.name = kw["name"]
        self.nin = len(_params(in_params))
        self.nout = len(params) - self.nin
        self.nargs = len(params)

    @property
    def _cached_codes(self):
        """CuPy's _cached_codes: the CUDA C of each specialisation launched so far, keyed by
        the dtypes of its array arguments (a tuple of numpy.dtype, as CuPy keys it); empty
        before the first call. (cached_code, the extension's, is the module's CUDA C: every
        specialisation so far, contiguous and strided twins included.)"""
        import numpy
        codes = {}
        for sig in self._signatures():
            key = tuple(numpy.dtype(t.split("[")[0]) for t in _sig_types(sig) if "[" in t)
            if key not in codes:
                codes[key] = _pykc.compile(self._label, self._text, True, False,
                                           [_FORM_VAR + sig], None, "cuda", self._map)
        return codes

    @property
    def cached_codes(self):
        """As CuPy's: a dict of _cached_codes (warns when no call has compiled one yet)."""
        codes = self._cached_codes
        if not codes:
            warnings.warn("No codes are cached because compilation is deferred until the "
                          "first function call.")
        return codes

    def _map(self, text):
        file, line = self._where
        pat = re.compile(re.escape(self._label) + r":(\d+):")
        return pat.sub(lambda m: f"{file}:{line + int(m.group(1)) - _FORM_LINE}:", text)


def _sig_types(sig):
    """The argument types of a signature "(float32[::1], int64)"."""
    return [t.strip() for t in sig.strip()[1:-1].split(",") if t.strip()]


def _spec_mapper(head, args, site):
    """The compiler's diagnostics of the program line `HEAD + ", ".join(ARGS) + ")"` (line 3)
    at the user's statement SITE instead: file:line:col there, quoting the user's line with
    the caret under the same characters of the argument (found as its repr in the
    statement's lines; else the statement's first line, without a caret)."""
    spans, at = [], len(head)
    for a in args:
        spans.append((at, a))
        at += len(a) + 2
    fname, line = site

    def find(value):
        """(line, column, text) of the argument's literal in the statement: its repr, or
        the repr with the other quotes."""
        alts = [value]
        if value[:1] in "'\"" and value[0] * 2 not in value[1:-1]:
            q = "'" if value[0] == '"' else '"'
            if q not in value[1:-1]:
                alts.append(q + value[1:-1] + q)
        for ln in range(line, line + 40):
            src = linecache.getline(fname, ln)
            if not src:
                break
            for text in alts:
                c = src.find(text)
                if c >= 0:
                    return ln, c, src.rstrip("\n")
        return None

    def mapper(msg):
        out, lines, i = [], msg.split("\n"), 0
        while i < len(lines):
            m = _DIAG.match(lines[i])
            if not m or not fname:
                out.append(lines[i])
                i += 1
                continue
            col = int(m.group(2)) - 1
            caret = lines[i + 2] if i + 2 < len(lines) else ""
            width = len(caret.strip()) or 1
            hit = next(((st, a) for st, a in spans if st <= col < st + len(a)), None)
            kw = len(_KW.match(hit[1]).group(0)) if hit and _KW.match(hit[1]) else 0
            found = find(hit[1][kw:]) if hit else None
            if found:
                ln, c, src = found
                ucol = c + max(col - hit[0] - kw, 0)
                out += [f"{fname}:{ln}:{ucol + 1}: {m.group(3)}", "    " + src,
                        "    " + " " * ucol + "^" + "~" * (width - 1)]
            else:
                src = linecache.getline(fname, line).rstrip("\n")
                out += [f"{fname}:{line}: {m.group(3)}", "    " + src]
            i += 3
        return "\n".join(out)
    return mapper


_POSITIONAL = {
    "ElementwiseKernel": ("in_params", "out_params", "operation"),
    "ReductionKernel": ("in_params", "out_params", "map_expr", "reduce_expr", "post_map_expr",
                        "identity"),
}
_LITERAL_TYPES = (str, bytes, bool, int, float, complex, type(None))


def _literal(kind, name, v):
    """repr(V), the argument NAME of the program's constructor call, when V is a value
    Python's repr writes as a literal (the compiler then checks its type as CuPy does);
    else a TypeError naming the argument (an object's repr is no expression, and NaN's is a
    name)."""
    if type(v) in (tuple, list):
        for item in v:
            _literal(kind, name, item)
        return repr(v)
    if type(v) in _LITERAL_TYPES and (type(v) not in (float, complex) or _finite(v)):
        return repr(v)
    want = "tuple" if name == "options" else "str"
    what = type(v).__module__ + "." + type(v).__qualname__ if type(v).__module__ not in (
        "builtins", None) else type(v).__qualname__
    if type(v) in (float, complex):
        what += " " + repr(v)
    raise TypeError(f"{kind}(): argument '{name}' has incorrect type (expected {want}, "
                    f"got {what})")


def _finite(v):
    return all(x == x and abs(x) != float("inf") for x in (v.real, v.imag))


def _params(spec):
    """The parameter names of an in_params/out_params string (the compiler checks it)."""
    if not isinstance(spec, str):                  # the compiler says what it must be
        return []
    return [p.split()[-1] for p in spec.strip().split(",") if p.split()]


def _alloc(dtype, shape, on_host):
    if on_host:
        import numpy
        return numpy.zeros(shape, dtype=dtype)
    import cupy
    return cupy.empty(shape, dtype=dtype)


class ElementwiseKernel(_Mapped, _pykc.Kernel):
    """As cupy.ElementwiseKernel: ElementwiseKernel(in_params, out_params, operation,
    name='kernel', reduce_dims=True, preamble='', no_return=False, return_tuple=False,
    **kwargs) with loop_prep, after_loop and options in kwargs. Call it with the inputs
    (CuPy arrays: the GPU; NumPy arrays: the CPU backend) and optionally the outputs."""

    def __init__(self, in_params, out_params, operation, name="kernel", reduce_dims=True,
                 preamble="", no_return=False, return_tuple=False, **kwargs):
        kw = dict(name=name, reduce_dims=reduce_dims, preamble=preamble,
                  no_return=no_return, return_tuple=return_tuple, **kwargs)
        super().__init__("ElementwiseKernel", in_params, out_params, (operation,), kw)
        self.no_return = no_return
        self.return_tuple = return_tuple
        self.operation = operation
        self.preamble = preamble
        self.reduce_dims = reduce_dims
        self.kwargs = dict(kwargs)
        self._set_form("elementwise", self.nin, _alloc, no_return=no_return,
                       return_tuple=return_tuple)

    def __repr__(self):
        return f"<pykc ElementwiseKernel {self.name}>"

    def _build_source(self):
        return ("<ElementwiseKernel %s>" % self.name, self._text)

    # __call__(*args, size=None, block_size=None, stream=None): the extension's
    # (python/form_args.c), as CuPy's: the inputs, then optionally the outputs.


class ReductionKernel(_Mapped, _pykc.Kernel):
    """As cupy.ReductionKernel: ReductionKernel(in_params, out_params, map_expr,
    reduce_expr, post_map_expr, identity, name='reduce_kernel', reduce_type=None,
    reduce_dims=True, preamble='', options=()). Call it with the inputs (CuPy arrays: the
    GPU; NumPy arrays: the CPU backend), optionally the outputs (or out= for one), axis=
    and keepdims=; it returns the first output, as CuPy's does. pykc plans the launch
    (docs/language.md §11.3): the same bits on every run."""

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr,
                 identity, name="reduce_kernel", reduce_type=None, reduce_dims=True,
                 preamble="", options=()):
        kw = dict(name=name, reduce_type=reduce_type, reduce_dims=reduce_dims,
                  preamble=preamble, options=options)
        super().__init__("ReductionKernel", in_params, out_params,
                         (map_expr, reduce_expr, post_map_expr, identity), kw)
        self.identity = "" if identity is None else str(identity)
        self.reduce_expr = reduce_expr
        self.map_expr = map_expr
        self.post_map_expr = post_map_expr
        first = out_params.split(",")[0].split() if isinstance(out_params, str) else []
        self.reduce_type = (reduce_type if reduce_type is not None      # CuPy's: the first
                            else first[-2] if len(first) >= 2 else None)  # output's type
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.options = options
        self._set_form("reduction", self.nin, _alloc)

    def __repr__(self):
        return f"<pykc ReductionKernel {self.name}>"

    def _build_source(self):
        return ("<ReductionKernel %s>" % self.name, self._text)

    # __call__(*args, out=None, axis=None, keepdims=False, stream=None): the extension's
    # (python/form_args.c), as CuPy's; it returns the first output.
