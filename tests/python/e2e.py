"""The e2e corpus through the Python API: every tests/e2e/NAME.py and examples/NAME.py with a
`# run:` line is imported as it stands except for its jit imports (`from cupyx import jit`
becomes `from pykc import jit`; `from cupyx import jit as J`, `import cupyx.jit as J`,
`import cupyx.jit`, `from cupyx.jit import ...` and `import cupyx` are rewritten alike, on
their own lines), its kernel launched
with the arguments of the `# run:` line, and the arrays of `# check:` compared with the
expected outputs CuPy produced (tests/e2e/expected), with npycmp's rule (tests/e2e/npycmp.c;
`cpu-ulp=N` as its --ulp N, without --gpu only).

    python3 tests/python/e2e.py [--gpu] [NAME...]

Without --gpu: NumPy arrays on the CPU backend, and `cupy` imports bound to NumPy (a
kernel's `cp.float32` means the same either way). With --gpu: CuPy arrays on the GPU.
Either way `cupy`'s kernel classes (RawKernel, RawModule, and the others pykc has) are
pykc's, so that a CuPy program's own kernel objects run through pykc; a --kernel that is
no attribute of the module is looked up among its RawModules (a C name or a name
expression) and RawKernels (their C name).
Prints PASS/FAIL lines, then `N passed, M failed`; exit 1 on any failure.
"""
import contextlib
import importlib.util
import os
import re
import shlex
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import numpy as np  # noqa: E402

import pykc  # noqa: E402

# Every spelling of the jit import, and what it becomes (the line keeps its number).
JIT_IMPORTS = (
    (re.compile(r"^(\s*)from\s+cupyx\s+import\s+jit(\s+as\s+\w+)?\s*(#.*)?$"),
     r"\1from pykc import jit\2"),
    (re.compile(r"^(\s*)import\s+cupyx\.jit\s+as\s+(\w+)\s*(#.*)?$"),
     r"\1import pykc.jit as \2"),
    (re.compile(r"^(\s*)import\s+cupyx\.jit\s*(#.*)?$"), r"\1import pykc as cupyx"),
    (re.compile(r"^(\s*)from\s+cupyx\.jit\s+import\s+([^#]+)(#.*)?$"), r"\1from pykc.jit import \2"),
    (re.compile(r"^(\s*)import\s+cupyx\s*(#.*)?$"), r"\1import pykc as cupyx"),
    (re.compile(r"^(\s*)import\s+cupyx\s+as\s+(\w+)\s*(#.*)?$"), r"\1import pykc as \2"),
)


def load_case(path, label, use_cupy, forms=False):
    """Imports PATH with its jit imports rewritten (line numbers kept), `cupy` bound to
    cupy_shim (its kernel classes are pykc's); FORMS: a kernel-form case (no jit import
    needed)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    n = 0
    for i, line in enumerate(lines):
        for pat, repl in JIT_IMPORTS:
            if pat.match(line):
                lines[i] = pat.sub(repl, line)
                n += 1
                break
    if n == 0 and not forms and not any(c in line for line in lines for c in CUPY_CLASSES):
        raise RuntimeError("no cupyx.jit import to rewrite")
    shim = cupy_shim(use_cupy)                       # NumPy (or CuPy) with pykc's classes
    with cupy_as(shim):
        spec = importlib.util.spec_from_loader("pykc_e2e_" + re.sub(r"\W", "_", label), loader=None,
                                               origin=path)
        mod = importlib.util.module_from_spec(spec)
        mod.__file__ = path
        mod.__pykc_shim__ = shim                     # for built_kernel's local imports
        exec(compile("\n".join(lines), path, "exec"), mod.__dict__)
    return mod


@contextlib.contextmanager
def cupy_as(shim):
    """`import cupy` (and cupy.typing, cupy._core) gives SHIM for the while."""
    saved = {m: sys.modules.get(m) for m in ("cupy", "cupy.typing", "cupy._core")}
    sys.modules.update({"cupy": shim, "cupy.typing": shim.typing, "cupy._core": shim._core})
    try:
        yield
    finally:
        for m, v in saved.items():
            if v is None:
                sys.modules.pop(m, None)
            else:
                sys.modules[m] = v


HAVE_CUPY = False


def uses_cupyx_scipy(path):
    """Does the case import cupyx.scipy (whose ufunc objects only CuPy has)?"""
    with open(path, encoding="utf-8") as f:
        return re.search(r"^\s*(import\s+cupyx\.scipy|from\s+cupyx\.scipy\b|from\s+cupyx\s+"
                         r"import\s+scipy)", f.read(), re.M) is not None


def cupyx_stand_in():
    """Without CuPy, a module `cupyx` for the cases' `from cupyx import rsqrt`: pykc's jit
    and cupyx's ufuncs as NumPy computes them (pykc.fuse compiles them as cupyx's, finding
    the name here as it finds it in CuPy's cupyx). With CuPy installed: CuPy's own."""
    global HAVE_CUPY
    try:
        import cupyx  # noqa: F401
        HAVE_CUPY = True
        return
    except ImportError:
        pass
    import types
    cx = types.ModuleType("cupyx")
    cx.jit = pykc.jit
    cx.rsqrt = _CupyxUfunc("rsqrt", lambda x: (1 / np.sqrt(x)).astype(np.result_type(x)))
    sys.modules["cupyx"] = cx


class _CupyxUfunc:
    """A cupyx ufunc as NumPy computes it; a fused function's traced value (its arguments
    share memory: pykc's TracedFusion) gets it as the trace's cupyx.NAME, as a CuPy
    ufunc is."""

    nin = nout = 1

    def __init__(self, name, compute):
        self.__name__ = "cupyx." + name
        self._compute = compute

    def __call__(self, *args, **kwargs):
        for a in args:
            if type(a).__module__.startswith("pykc"):
                return a.__array_ufunc__(self, "__call__", *args, **kwargs)
        return self._compute(*args, **kwargs)


cupyx_stand_in()


# CuPy's kernel classes: in a loaded case they are pykc's (those pykc has).
CUPY_CLASSES = ("RawKernel", "RawModule", "ElementwiseKernel", "ReductionKernel", "fuse",
                "create_ufunc")


def cupy_shim(use_cupy):
    """A module `cupy` for a case: NumPy's names (CuPy's with --gpu), CuPy's kernel classes
    taken from pykc."""
    import types
    base = np
    if use_cupy:
        import cupy as base
    shim = types.ModuleType("cupy")
    shim.__dict__.update({k: v for k, v in vars(base).items() if not k.startswith("__")})
    for c in CUPY_CLASSES:
        if hasattr(pykc, c):
            setattr(shim, c, getattr(pykc, c))
    # CuPy's own kernels (`from cupy import _core`, `_core.ElementwiseKernel(...)`,
    # `cupy._core.create_ufunc(...)`): pykc's classes there too, so that --gpu runs pykc's
    # and not CuPy's (the rest of cupy._core stays CuPy's with --gpu)
    core = dict(vars(base._core)) if use_cupy else {}
    core.update({c: getattr(pykc, c) for c in CUPY_CLASSES if hasattr(pykc, c)})
    shim._core = types.SimpleNamespace(**core)
    if not use_cupy:                                 # what CuPy programs use of cupy's own
        import functools
        import numpy.typing
        shim.typing = numpy.typing                   # from cupy.typing import ArrayLike
        shim.asnumpy = numpy.asarray                 # print(cp.asnumpy(r)) at import
        shim.get_array_module = lambda *args: numpy  # of NumPy's arrays: NumPy
        shim._util = types.SimpleNamespace(          # @cupy._util.memoize(for_each_device=True)
            memoize=lambda for_each_device=False: functools.lru_cache(maxsize=None))
    else:
        import cupy.typing
        shim.typing = cupy.typing
    return shim


def built_kernel(mod, path, label):
    """The case's kernel that no module name holds (made in a method or a function, a
    factory's, or called where it is built): its constructor call evaluated in the
    module's namespace, found as tools/gen_expected.py finds CuPy's. None: not such."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import gen_expected
    finally:
        sys.path.pop(0)
    case = gen_expected.Case(path, os.path.basename(path)[:-3], label)
    with cupy_as(mod.__pykc_shim__):                 # a factory's `import cupy as cp`
        return gen_expected.built_kernel(case, vars(mod))


def find_kernel(mod, kernel, path=None, label=None):
    """--kernel K of a loaded case: an attribute (Cls.k: of a class; outer.k: what outer()
    returns), else a kernel of one of its RawModules or a RawKernel by its C name, else
    the kernel its constructor call builds (built_kernel)."""
    if path is not None:
        k = built_kernel(mod, path, label)
        if k is not None:
            return k
    parts = kernel.split(".")
    if hasattr(mod, parts[0]):
        k = getattr(mod, parts[0])
        with cupy_as(getattr(mod, "__pykc_shim__", None) or cupy_shim(False)):
            for part in parts[1:]:                   # a factory's own `import cupy`
                k = getattr(k, part) if isinstance(k, type) else k()
        return k
    for v in vars(mod).values():
        if isinstance(v, pykc.RawKernel) and v.name == kernel:
            return v
        if isinstance(v, pykc.RawModule):
            try:
                return v.get_function(kernel)
            except AttributeError:
                pass
    raise AttributeError(f"no kernel {kernel!r} in the module")


def dims(s):
    v = tuple(int(x) for x in s.split(","))
    return v


def make_arg(spec, data_dir, xp):
    """NAME=@F.npy | NAME=zeros|ones|arange:DTYPE:SHAPE | NAME=VALUE[:DTYPE] -> (name,
    value, is_array)."""
    name, val = spec.split("=", 1)
    if val.startswith("@"):
        return name, xp.asarray(np.load(os.path.join(data_dir, val[1:]))), True
    m = re.match(r"^(zeros|ones|arange):(\w+):([0-9x]+|\(\))$", val)
    if m:
        kind, dt, shape = m.groups()
        shape = () if shape == "()" else tuple(int(x) for x in shape.split("x"))
        if kind == "arange":
            a = np.arange(int(np.prod(shape))).astype(dt).reshape(shape)
        else:
            a = getattr(np, kind)(shape, dtype=dt)
        return name, xp.asarray(a), True
    if ":" in val:
        v, dt = val.rsplit(":", 1)
        return name, np.dtype(dt).type(_literal(v)), False
    return name, _literal(val), False


def _literal(v):
    if v in ("True", "False", "true", "false"):
        return v in ("True", "true")
    try:
        return int(v, 0)
    except ValueError:
        pass
    try:
        return float(v)
    except ValueError:
        return complex(v)                # 1+2j, -2j, (1-2.5e3j)


def same(got, want, tol):
    """npycmp's rule; '' when equal, else why not."""
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"dtype/shape {got.dtype}{got.shape} != {want.dtype}{want.shape}"
    if got.dtype.kind in "biu":
        bad = got != want
    else:
        g = np.concatenate([got.real.ravel(), got.imag.ravel()]).astype(np.float64) \
            if got.dtype.kind == "c" else got.ravel().astype(np.float64)
        w = np.concatenate([want.real.ravel(), want.imag.ravel()]).astype(np.float64) \
            if want.dtype.kind == "c" else want.ravel().astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            mag = np.abs(w)
            if want.dtype.kind == "c":       # a complex part: the modulus, when finite
                mod = np.abs(want.ravel().astype(np.complex128))
                mod = np.concatenate([mod, mod])
                mag = np.where(np.isfinite(mod), mod, mag)
            eq = (g == w) | (np.isnan(g) & np.isnan(w))
            if tol:
                eq |= np.isfinite(w) & (np.abs(g - w) <= tol * np.maximum(1, mag))
        bad = ~eq
    nbad = int(np.count_nonzero(bad))
    if not nbad:
        return ""
    i = int(np.flatnonzero(np.asarray(bad).ravel())[0])
    return f"{nbad} elements differ, first at flat index {i}"


def by_value(k):
    """The parameters of raw-code kernel K passed by value with a C type that has no dtype
    (a struct): `pykc run` passes an array's bytes to them."""
    if not isinstance(k, pykc._raw._RawFunction):
        return ()
    ps = pykc._raw._params(k.code, k.name, k.options, k.name_expressions)
    return tuple(p[0] for p in ps if not p[2] and p[3] < 0)


def run_case(path, label, use_cupy):
    with open(path, encoding="utf-8") as f:
        head = [f.readline() for _ in range(2)]
    words = shlex.split(head[0][len("# run: "):])
    checks, tol, ulp = [], 0.0, 0.0
    if head[1].startswith("# check:"):
        for w in head[1][len("# check:"):].split():
            if w.startswith("tol="):
                tol = float(w[4:])
            elif w.startswith("cpu-ulp="):   # the CPU backend's libm tolerance (run.sh)
                ulp = 0.0 if use_cupy else float(w[len("cpu-ulp="):])
            else:
                checks.append(w)
    kernel = grid = block = None
    shared = 0
    specs = []
    red = {}                                       # a ReductionKernel's axis=, keepdims=,
    i = 0                                          # an ElementwiseKernel's size=
    while i < len(words):
        w = words[i]
        if w == "--size":
            red["size"] = int(words[i + 1])
            i += 2
            continue
        if w == "--axis":
            red["axis"] = red.get("axis", ()) + (int(words[i + 1]),)
            i += 2
            continue
        if w == "--keepdims":
            red["keepdims"] = True
            i += 1
            continue
        if w in ("--kernel", "--grid", "--block", "--shared-mem"):
            v = words[i + 1]
            i += 2
            if w == "--kernel":
                kernel = v
            elif w == "--grid":
                grid = dims(v)
            elif w == "--block":
                block = dims(v)
            else:
                shared = int(v)
            continue
        specs.append(w)
        i += 1
    if use_cupy:
        import cupy as xp
    else:
        xp = np
    if grid is None and block is None:             # a kernel form, called as CuPy calls it
        return run_form(path, label, use_cupy, xp, kernel, specs, checks, (tol, ulp), red)
    if grid is None or block is None:
        return "SKIP", "no --grid/--block (not a rawkernel launch)"
    mod = load_case(path, label, use_cupy)
    k = find_kernel(mod, kernel, path, label)
    if not isinstance(k, (pykc.jit.RawKernel, pykc._raw._RawFunction)):
        return "SKIP", f"{kernel} is a {type(k).__name__}, not a rawkernel"
    data_dir = os.path.join(ROOT, "tests", "e2e", "data")
    args = [make_arg(s, data_dir, xp) for s in specs]
    byname = {n: v for n, v, _ in args}
    for n in by_value(k):                          # a struct by value: as CuPy takes it, a
        v = byname.get(n)                          # NumPy array of size one (its bytes)
        if v is not None and hasattr(v, "shape"):
            v = np.asarray(v.get() if use_cupy else v)
            byname[n] = np.frombuffer(v.tobytes(), np.dtype((np.void, v.nbytes)))
    order = [byname[p] for p in k._params]
    k(grid, block, tuple(order), shared_mem=shared)
    if use_cupy:
        xp.cuda.get_current_stream().synchronize()
    if not checks:
        checks = [n for n, _, is_arr in args if is_arr]
    for n in checks:
        got = byname[n]
        got = xp.asnumpy(got) if use_cupy else got
        want = np.load(os.path.join(ROOT, "tests", "e2e", "expected", f"{label}.{n}.npy"))
        why = same(np.asarray(got), want, with_ulp(tol, ulp, want))
        if why:
            return "FAIL", f"{n}: {why}"
    return "PASS", ""


def run_form(path, label, use_cupy, xp, kernel, specs, checks, tol, red):
    mod = load_case(path, label, use_cupy, forms=True)
    k = find_kernel(mod, kernel, path, label)  # Cls.k too
    if isinstance(k, pykc.Fusion):
        return run_fuse(k, label, use_cupy, xp, specs, checks, tol)
    if not isinstance(k, (pykc.ElementwiseKernel, pykc.ReductionKernel)):
        return "SKIP", f"{kernel} is a {type(k).__name__}, not an ElementwiseKernel"
    data_dir = os.path.join(ROOT, "tests", "e2e", "data")
    byname = {n: v for n, v, _ in (make_arg(s, data_dir, xp) for s in specs)}
    given = [byname[p] for p in k._params if p in byname]
    res = k(*given, **red)
    if res is None:                                # no_return=True: CuPy returns None, the
        res = ()                                   # outputs are the arrays given
    res = res if isinstance(res, tuple) else (res,)
    byname.update(zip(k._params[k.nin:], res))
    return check_outputs(byname, checks or k._params[k.nin:], label, use_cupy, xp, tol)


def with_ulp(tol, ulp, want):
    """The relative tolerance of a check: tol=, or cpu-ulp= units of want's part type."""
    return max(tol, ulp * float(np.finfo(want.dtype).eps)) \
        if ulp and want.dtype.kind in "fc" else tol


def check_outputs(byname, names, label, use_cupy, xp, tol):
    """PASS when each output in NAMES equals its CuPy expectation (tol: (tol=, cpu-ulp=))."""
    if use_cupy:
        xp.cuda.get_current_stream().synchronize()
    for n in names:
        got = xp.asnumpy(byname[n]) if use_cupy else byname[n]
        want = np.load(os.path.join(ROOT, "tests", "e2e", "expected", f"{label}.{n}.npy"))
        why = same(np.asarray(got), want, with_ulp(tol[0], tol[1], want))
        if why:
            return "FAIL", f"{n}: {why}"
    return "PASS", ""


def run_fuse(k, label, use_cupy, xp, specs, checks, tol):
    """A @cupy.fuse kernel (pykc.fuse): called on the arguments the run line gives (a
    trailing parameter it omits takes the Python default, as in the CLI); out, or out0,
    out1..."""
    data_dir = os.path.join(ROOT, "tests", "e2e", "data")
    byname = {n: v for n, v, _ in (make_arg(s, data_dir, xp) for s in specs)}
    params = list(k._params[:k.nin])
    given = [p for p in params if p in byname]
    if params[:len(given)] != given:               # CuPy's Fusion takes *args only
        return "FAIL", f"the run line omits {params[len(given)]!r} but gives a later argument"
    res = k(*[byname[p] for p in given])           # the others: the function's defaults
    res = res if isinstance(res, tuple) else (res,)
    byname.update(zip(k._params[k.nin:], res))
    return check_outputs(byname, checks or k._params[k.nin:], label, use_cupy, xp, tol)


def main(argv):
    use_cupy = "--gpu" in argv
    only = [a for a in argv if not a.startswith("--")]
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "e2e")) if f.endswith(".py"))
    cases = [(os.path.join(ROOT, "tests", "e2e", f), f[:-3]) for f in files]
    cases += [(os.path.join(ROOT, "examples", f), "example-" + f[:-3])
              for f in sorted(os.listdir(os.path.join(ROOT, "examples"))) if f.endswith(".py")]
    npass = nfail = nskip = 0
    for path, label in cases:
        with open(path, encoding="utf-8") as f:
            if not f.readline().startswith("# run: "):
                continue
        if only and label not in only and label.replace("example-", "") not in only:
            continue
        try:
            st, why = (("SKIP", "calls cupyx.scipy.special: the Python package compiles "
                        "CuPy's ufunc objects, which need CuPy (--gpu runs it)")
                       if not HAVE_CUPY and uses_cupyx_scipy(path)
                       else run_case(path, label, use_cupy))
        except Exception as e:  # a failure of this case, reported; the others go on
            st, why = "FAIL", f"{type(e).__name__}: {e}".replace("\n", "\n    ")
            if os.environ.get("E2E_TRACE"):
                traceback.print_exc()
        if st == "PASS":
            npass += 1
            print(f"PASS {label}")
        elif st == "SKIP":
            nskip += 1
            print(f"SKIP {label}: {why}")
        else:
            nfail += 1
            print(f"FAIL {label}: {why}")
        sys.stdout.flush()
    print(f"{npass} passed, {nfail} failed" + (f" ({nskip} skipped)" if nskip else ""))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
