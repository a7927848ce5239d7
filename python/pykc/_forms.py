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

from . import _callsite, _pykc
from ._kernel import _compile_error

# The errors of a form's construction that CuPy raises as ValueError (cupy/_core/
# _kernel.pyx, _reduction.pyx): pykc.CompileError is also a ValueError for them.
_FORM_CLASSES = ((re.compile(r'Invalid kernel name: "'), ValueError),)

_FORM_VAR = "kernel_form"
_FIRST_ARG = 4                       # the line of the first argument in the program below
_DIAG = re.compile(r"^(<[^>]*>):(\d+):(\d+): (.*)$")
_KW = re.compile(r"^\w+=")


class _Mapped:
    """Maps the compilers' messages about a form's program (NVRTC's and the CPU backend's
    C++ compiler's, `<ElementwiseKernel k>:LINE:COL: error: ...`) to the user's file and
    line (a call catches the CompileError of _form_call and raises it again with _map's
    text). The program has argument i on line _FIRST_ARG + i * gap, gap more than any
    argument's lines, so that LINE names the snippet and its line."""

    def __init__(self, kind, in_params, out_params, snippets, kw):
        """The form as CuPy's constructor call `_form = cupy.KIND(...)`, compiled now so that
        CuPy's construction errors come at the caller's line (_spec_mapper)."""
        names = _POSITIONAL[kind]
        args = [_literal(kind, n, a) for n, a in zip(names, (in_params, out_params) + snippets)]
        args += [f"{k}={_literal(kind, k, v)}" for k, v in kw.items()]
        head = _FORM_VAR + " = cupy." + kind + "("
        values = (in_params, out_params) + snippets + tuple(kw.values())
        gap = 1 + max(v.count("\n") + 1 if isinstance(v, str) else 1 for v in values)
        self._text = "import cupy\n\n" + head + "\n" + "".join(
            a + ",\n" + "\n" * (gap - 1) for a in args) + ")\n"
        params = _params(in_params) + _params(out_params)
        _pykc.Kernel.__init__(self, _FORM_VAR, tuple(params), True, False)
        self._label = "<%s %s>" % (kind, str(kw["name"]).replace("\0", "\\x00"))
        site = _callsite.CallSite(sys._getframe(2))   # up: the form's __init__, the user
        order = _SIGNATURE[kind]
        at = [(site.arg(order.index(n), n), v) for n, v in zip(names, values)]
        at += [(site.arg(order.index(k) if k in order else len(order), k), v)
               for k, v in kw.items()]
        self._at, self._gap, self._site, self._args = at, gap, site, args
        mapper = _spec_mapper(args, at, gap, site)
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
        specialisation so far, contiguous and strided twins included; a specialisation of a
        structured or void dtype, which --sig cannot spell, is only there.)"""
        import numpy
        codes = {}
        for sig in self._signatures():
            if any(t.split("[")[0] == "void" for t in _sig_types(sig)):
                continue
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
        """The compilers' LABEL:LINE:COL: messages at the user's file: where the snippet is
        a literal there, at its character (COL counts in the literal's repr on the
        snippet's first program line, in the snippet's own line after it), the user's line
        quoted with a caret under it (as a RawKernel's code); else at the call's line."""
        site, gap = self._site, self._gap

        def place(line, col):
            """(line, 0-based column or None) in the user's file."""
            i, j = divmod(line - _FIRST_ARG, gap)
            if 0 <= i < len(self._at) and self._at[i][0] and isinstance(self._at[i][1], str):
                arg, value = self._at[i]
                if not arg.chars or not value:
                    return arg.start[0], None
                starts = [0] + [k + 1 for k, c in enumerate(value) if c == "\n"]
                if j >= len(starts):
                    return arg.chars[-1][0], None
                if j == 0:
                    kw = _KW.match(self._args[i])
                    k = _value_offsets(value, col - 1 - (len(kw.group(0)) if kw else 0), 1)[0]
                else:
                    k = starts[j] + col - 1
                return arg.chars[min(k or 0, len(arg.chars) - 1)]
            return site.line, None

        def one(m):
            line, c = place(int(m.group(1)), int(m.group(2) or 1))
            if c is None or not m.group(2):        # (or a message that names the line only)
                return f"{site.file}:{line}:{m.group(3)}{m.group(4) or ''}"
            src = linecache.getline(site.file, line).rstrip("\n")
            return f"{site.file}:{line}:{c + 1}:{m.group(3)}\n    {src}\n    {' ' * c}^"
        try:
            return re.sub("^" + re.escape(self._label) + r":(\d+):(?:(\d+):)?(.*)$"
                          r"(\n.*\n[ \t]*\^~*[ \t]*$)?", one, text, flags=re.M)
        except Exception:           # a message as the compiler wrote it beats none
            return text


def _sig_types(sig):
    """The argument types of a signature "(float32[::1], int64)"."""
    return [t.strip() for t in sig.strip()[1:-1].split(",") if t.strip()]


def _spec_mapper(args, at, gap, site):
    """The compiler's diagnostics of the program's constructor call, whose argument ARGS[i]
    is line _FIRST_ARG + i * GAP, at the user's call SITE (a _callsite.CallSite) instead:
    AT[i] is (the user's argument expression of ARGS[i], or None; its value). The message
    is at file:line:col there, quoting the user's line with the caret under the same
    characters of a string literal, or under the argument (a name, an expression)
    followed by the value's line with a caret under them; without the argument, the
    statement's first line."""
    spans = []
    for a, (arg, value) in zip(args, at):
        kw = len(_KW.match(a).group(0)) if _KW.match(a) else 0
        spans.append((kw, a[kw:], arg, value))
    fname, line = site.file, site.line

    def caret(col, width, src):
        width = max(1, min(width, len(src) - col))
        return "    " + " " * col + "^" + "~" * (width - 1)

    def place(m, col, width):
        i, j = divmod(int(m.group(2)) - _FIRST_ARG, gap)
        hit = spans[i] if 0 <= i < len(spans) and j == 0 else None
        if hit and not hit[0] <= col < hit[0] + len(hit[1]):
            hit = None
        if not hit or not hit[2]:
            return [f"{fname}:{line}: {m.group(4)}", "    " + site.source(line)]
        start, text, arg, value = hit
        k, end = _value_offsets(value, col - start, width)
        if arg.chars and k is not None and k < len(arg.chars):
            (ln, c) = arg.chars[k]
            last = arg.chars[max(k, end - 1)] if end - 1 < len(arg.chars) else arg.chars[-1]
            w = last[1] + 1 - c if last[0] == ln else 1
            src = site.source(ln)
            return [f"{fname}:{ln}:{c + 1}: {m.group(4)}", "    " + src, caret(c, w, src)]
        (ln, c), (eln, ec) = arg.start, arg.end
        src = site.source(ln)
        out = [f"{fname}:{ln}:{c + 1}: {m.group(4)}", "    " + src,
               caret(c, ec - c if eln == ln else len(src) - c, src)]
        if isinstance(value, str) and k is not None:   # the value's line, a caret in it
            bol = value.rfind("\n", 0, k) + 1
            eol = value.find("\n", k)
            vline = value[bol:eol if eol >= 0 else len(value)]
            out += ["    " + vline, caret(k - bol, end - k, vline)]
        return out

    def mapper(msg):
        try:
            return mapped(msg)
        except Exception:           # a message as the compiler wrote it beats none
            return msg

    def mapped(msg):
        out, lines, i = [], msg.split("\n"), 0
        while i < len(lines):
            m = _DIAG.match(lines[i])
            if not m or not fname:
                out.append(lines[i])
                i += 1
                continue
            mark = lines[i + 2] if i + 2 < len(lines) else ""
            out += place(m, int(m.group(3)) - 1, len(mark.strip()) or 1)
            i += 3
        return "\n".join(out)
    return mapper


def _value_offsets(value, rcol, width):
    """The characters [k, end) of the str VALUE that repr(VALUE)'s characters [RCOL,
    RCOL + WIDTH) spell; (None, None) for a value that is no str (or an empty one)."""
    if not isinstance(value, str) or not value:
        return None, None
    q, at, rpos = repr(value)[0], 1, []
    for ch in value:
        rpos.append(at)
        at += 2 if ch in (q, "\\") else len(repr(ch)) - 2
    k = max([i for i, r in enumerate(rpos) if r <= rcol] or [0])
    end = next((i for i, r in enumerate(rpos) if r >= rcol + width), len(value))
    return k, max(end, k + 1)


_SIGNATURE = {
    "ElementwiseKernel": ("in_params", "out_params", "operation", "name", "reduce_dims",
                          "preamble", "no_return", "return_tuple"),
    "ReductionKernel": ("in_params", "out_params", "map_expr", "reduce_expr", "post_map_expr",
                        "identity", "name", "reduce_type", "reduce_dims", "preamble",
                        "options"),
}
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
