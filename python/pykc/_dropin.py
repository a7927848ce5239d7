"""What cupyx.jit takes from the live function and the compiler cannot read from its text
(docs/design.md §9, issue 19 §5): the kernel's source lines are edited in place, keeping
every line and column, before _kernel._Builder binds the free names.

- Annotations. cupyx.jit types a kernel from its arguments and ignores annotations. Those
  that are pykc types (`cp.float32[:]`, `np.int32`, `float`) on every parameter stay (the
  compiler checks them); otherwise (`NDArray[np.float32]`, a user class, a string, a
  partly annotated kernel) every parameter annotation is blanked out, and so is a return
  annotation that is no pykc type (`-> float` on a device function).
- Attribute chains. `phys.c`, `scipy.constants.c`, `cfg.s` (a types.SimpleNamespace in a
  factory's closure), `Ops.twice` (a device function in a class, a @staticmethod),
  `lib.ops.twice`: a chain whose root is a free name bound to something the compiler
  cannot read (a module other than numpy, cupy, math and jit, a namespace, a class, any
  object) is followed on the live objects until it reaches a value the compiler takes (a
  number, a NumPy scalar or dtype, a math/NumPy/CuPy function, a device function), and
  that prefix of the chain is replaced by a name of the same length, bound to the value.
- Host calls of constants. cupyx.jit calls a host function whose arguments are all
  constants when it compiles (a helper of the program, `round(N / 3)`, `np.prod(SHAPE)`):
  such a call on one line is made here on the live objects and replaced by a name of the
  same length bound to its value (range, len, min and max are cupyx.jit's own; NumPy's
  ufuncs and what else the compiler takes stay its).
"""
import ast
import builtins
import sys
import types

_DTYPE_NAMES = frozenset((
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "half", "single", "double"))
_PY_TYPES = (int, float, bool, complex)
_KNOWN_MODULES = ("numpy", "cupy", "math", "pykc", "pykc.jit", "cupyx", "cupyx.jit")


def _is_scalar_type(v):
    np = sys.modules.get("numpy")
    if any(v is t for t in _PY_TYPES):            # by identity: `in` compares an array
        return True
    return np is not None and isinstance(v, type) and issubclass(v, np.generic) and \
        np.dtype(v).kind in "biufc"


def _value(node, lookup):
    """The live value of a Name or an attribute chain of one, or raises LookupError."""
    if isinstance(node, ast.Name):
        found, v = lookup(node.id)
        if not found:
            raise LookupError(node.id)
        return v
    if isinstance(node, ast.Attribute):
        try:
            return getattr(_value(node.value, lookup), node.attr)
        except AttributeError:
            raise LookupError(node.attr) from None
    raise LookupError(type(node).__name__)


def _is_slice_spec(node):
    """`:`, `::1`, `:, ::1`, `()` : the array part of a pykc annotation."""
    if isinstance(node, ast.Tuple):
        return all(_is_slice_spec(e) for e in node.elts) if node.elts else True
    if isinstance(node, ast.Slice):
        ok = node.lower is None and node.upper is None
        return ok and (node.step is None or
                       (isinstance(node.step, ast.Constant) and node.step.value == 1))
    return False


def pykc_type(node, lookup):
    """Whether annotation NODE is a type the compiler reads (docs/language.md §2): a dtype
    (`cp.float32`, a name bound to one, `int`, `float`, `bool`, `complex`) or an array of
    one (`T[:]`, `T[:, ::1]`, `T[()]`)."""
    if isinstance(node, ast.Subscript):
        return _is_slice_spec(node.slice) and pykc_type(node.value, lookup)
    if not isinstance(node, (ast.Name, ast.Attribute)):
        return False
    try:
        v = _value(node, lookup)
    except LookupError:
        return False
    if isinstance(node, ast.Attribute) and isinstance(_safe_value(node.value, lookup),
                                                      types.ModuleType):
        return node.attr in _DTYPE_NAMES and _is_scalar_type(v)
    return _is_scalar_type(v)


def _safe_value(node, lookup):
    try:
        return _value(node, lookup)
    except LookupError:
        return None


def _blank(src, l0, c0, l1, c1):
    """Replaces the text from (l0, c0) to (l1, c1) (ast's 1-based lines, 0-based columns)
    with spaces, keeping the line breaks."""
    for ln in range(l0, l1 + 1):
        line = src[ln - 1]
        a = c0 if ln == l0 else 0
        b = c1 if ln == l1 else len(line)
        src[ln - 1] = line[:a] + " " * (b - a) + line[b:]


def _arrow_before(src, line, col):
    """The (line, col) of the `->` before the return annotation at (line, col)."""
    ln, c = line, col
    while ln >= 1:
        text = src[ln - 1][:c]
        i = text.rfind("->")
        if i >= 0:
            return ln, i
        ln -= 1
        c = len(src[ln - 1]) if ln >= 1 else 0
    return None


def strip_annotations(fdef, src, lookup):
    """Blanks the annotations the compiler must not see (module docstring); true when it
    changed SRC."""
    a = fdef.args
    params = a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]
    annotated = [p for p in params if p.annotation is not None]
    keep = len(annotated) == len(params) and all(pykc_type(p.annotation, lookup)
                                                 for p in annotated)
    changed = False
    if not keep:
        for p in annotated:
            _blank(src, p.lineno, p.col_offset + len(p.arg), p.annotation.end_lineno,
                   p.annotation.end_col_offset)
            changed = True
    r = fdef.returns
    if r is not None and not pykc_type(r, lookup):
        at = _arrow_before(src, r.lineno, r.col_offset)
        if at:
            _blank(src, at[0], at[1], r.end_lineno, r.end_col_offset)
            changed = True
    return changed


def _chains(fdef):
    """The maximal attribute chains NAME.a.b... in FDEF's parameters' defaults and body,
    outermost first (each as its list of Attribute nodes, innermost first)."""
    inner = set()
    out = []
    roots = list(fdef.body) + [d for d in fdef.args.defaults + fdef.args.kw_defaults if d]
    for top in roots:
        for n in ast.walk(top):
            if not isinstance(n, ast.Attribute) or id(n) in inner:
                continue
            chain, v = [], n
            while isinstance(v, ast.Attribute):
                chain.append(v)
                inner.add(id(v))
                v = v.value
            if isinstance(v, ast.Name) and isinstance(v.ctx, ast.Load):
                out.append((v, chain[::-1]))
    return out


def _same_length_name(text, taken):
    """An identifier as long as TEXT (a chain's source), not in TAKEN: its separators
    (dots, spaces) become '_' or a digit."""
    seps = [i for i, ch in enumerate(text) if not (ch.isalnum() or ch == "_")]
    for fill in "_0123456789":
        cand = "".join(fill if i in seps else ch for i, ch in enumerate(text))
        if cand.isidentifier() and cand not in taken:
            return cand
    return None


def rewrite_chains(fdef, src, free, lookup, known):
    """Replaces in SRC each attribute chain whose root is a free name (FREE) bound to
    something KNOWN(value) rejects by a name of the same length bound to the first value
    along the chain that KNOWN accepts. Returns {name: value} of the new names."""
    taken = {n.id for n in ast.walk(fdef) if isinstance(n, ast.Name)}
    taken |= {n.arg for n in ast.walk(fdef) if isinstance(n, ast.arg)}
    taken |= set(free)
    bound, by_text = {}, {}
    for root, chain in _chains(fdef):
        if root.id not in free:
            continue
        found, v = lookup(root.id)
        if not found or known(v):
            continue
        for node in chain:
            try:
                v = getattr(v, node.attr)
            except Exception:
                break
            if not known(v):
                continue
            if node.lineno != node.end_lineno:
                break
            line = src[node.lineno - 1]
            text = line[root.col_offset:node.end_col_offset]
            name = by_text.get(text)
            if name is None or bound[name] is not v:
                name = _same_length_name(text, taken)
                if name is None:
                    break
                taken.add(name)
                by_text[text] = name
                bound[name] = v
            src[node.lineno - 1] = line[:root.col_offset] + name + line[node.end_col_offset:]
            break
    return bound


def is_known_module(v):
    return isinstance(v, types.ModuleType) and v.__name__ in _KNOWN_MODULES


def is_builtin(name, v):
    return getattr(builtins, name, None) is v


def is_scalar_type_or_dtype(v):
    """A scalar type (np.float32, float) or a dtype object: constants of the compiler."""
    np = sys.modules.get("numpy")
    return _is_scalar_type(v) or (np is not None and isinstance(v, np.dtype))


# cupyx.jit's own builtins (_builtin_funcs.builtin_functions_dict), and print, which
# pykc compiles to printf (an extension): their calls are compiled, never made on the host,
# even of constants.
_JIT_BUILTINS = (range, len, min, max, print)
_CONST_NODES = (ast.Constant, ast.Name, ast.Attribute, ast.Tuple, ast.BinOp, ast.UnaryOp,
                ast.BoolOp, ast.Compare, ast.Subscript, ast.Call, ast.Load, ast.operator,
                ast.unaryop, ast.boolop, ast.cmpop, ast.keyword, ast.Slice)


def _constant_args(call, free):
    """Whether every argument of CALL is a compile-time constant as cupyx.jit folds them:
    literals, free names (module, closure and builtin names: not the function's own),
    their attributes, tuples, operators, subscripts and calls of these."""
    for arg in list(call.args) + [k.value for k in call.keywords]:
        for n in ast.walk(arg):
            if not isinstance(n, _CONST_NODES) or isinstance(n, ast.Starred):
                return False
            if isinstance(n, ast.Name) and n.id not in free:
                return False
    return all(k.arg is not None for k in call.keywords)


def _host_function(f):
    """A function of math, or one of NumPy's that is no ufunc (np.prod, np.linspace):
    called on constants, cupyx.jit calls it on the host; the compiler folds some of them
    (docs/language.md §6.2) and refuses the others, so all are evaluated here, as NumPy
    and Python compute them (NumPy's ufuncs stay the compiler's)."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(f, np.ufunc):
        return False
    return getattr(f, "__module__", None) in ("math", "numpy") and callable(f) and \
        not isinstance(f, type)


def rewrite_const_calls(fdef, src, free, lookup, known, taken):
    """cupyx.jit calls a host function whose arguments are all constants when it compiles
    the kernel (_compile.py: `Constant(func(*args, **kwargs))`): a helper of the program
    (`nblocks(N, 4)`), a builtin (`round(N / 3)`, `sum(W)`), a library's function. Each
    such call in SRC whose callee the compiler does not take itself (KNOWN rejects it) and
    whose value it takes is evaluated on the live objects and replaced by a name of the
    same length bound to the value. Returns {name: value} of the new names; a call whose
    evaluation raises, or gives what the compiler cannot use, stays for the compiler to
    report."""
    bound = {}
    calls = [n for n in ast.walk(fdef) if isinstance(n, ast.Call)]
    done = []                                      # outermost first: nested calls go with it
    for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset, -c.end_col_offset)):
        if call.lineno != call.end_lineno or any(
                d.lineno == call.lineno and d.col_offset <= call.col_offset and
                call.end_col_offset <= d.end_col_offset for d in done):
            continue
        root = call.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id not in free or \
                not _constant_args(call, free):
            continue
        try:
            f = _value(call.func, lookup)
        except LookupError:
            continue
        if not callable(f) or any(f is b for b in _JIT_BUILTINS) or \
                (known(f) and not _host_function(f)):
            continue
        names = {n.id for n in ast.walk(call) if isinstance(n, ast.Name)}
        env = {}
        for name in names:
            found, v = lookup(name)
            if not found:
                break
            env[name] = v
        else:
            try:
                value = eval(compile(ast.Expression(call), "<cupyx.jit constant>", "eval"),
                             {"__builtins__": builtins}, env)
            except Exception:
                continue
            if not known(value):
                continue
            line = src[call.lineno - 1]
            text = line[call.col_offset:call.end_col_offset]
            name = _same_length_name(text, taken)
            if name is None:
                continue
            taken.add(name)
            bound[name] = value
            src[call.lineno - 1] = line[:call.col_offset] + name + line[call.end_col_offset:]
            done.append(call)
    return bound
