"""jit.cg and jit.cub on the CPU backend, checked against NumPy (tests/cli/jit_libs.sh).

1. The GPU cases jit_cg_*.py and jit_cub_*.py of tests/e2e/pending/ (or tests/e2e/, once
   they have CuPy's outputs: CuPy 14.2's
   test_cooperative_groups.py and test_cub.py as e2e cases) run with `pykc run --cpu`
   on their `# run:` arguments (inputs from their `# input:` recipes, as
   tools/gen_expected.py makes them); each result is compared with what CuPy's test
   asserts, computed here with NumPy.
2. CuPy's test_cub.py for every dtype it tests (int8 .. complex128): a kernel per test and
   dtype, as CuPy writes it (a module-level `dtype`).
3. A grid sync and a CUB reduction through the Python package (`from pykc import jit`,
   `from pykc.jit import cg`) on NumPy arrays.
CUB's results are compared exactly with NumPy's model of CUB's order of operations (a
warp: shuffle steps of offset 1, 2, 4, 8, 16, each lane l taking op(v[l], v[l + offset]);
a block: its warps' results folded in warp order; float16 reduced in float32 and rounded
once, as cupyx.jit's float16 values are C floats; complex values added part by part and
compared as CuPy's complex operator< does), and with CuPy's own assertion (assert_allclose
against NumPy's sum/max/min). The model gives the float16 sums CuPy gave on the H100 where
reducing in float16 would not (CUPY_H100).

usage: python3 jit_libs.py PYKC TMPDIR
"""
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
import gen_expected  # noqa: E402

PYKC, TMP = sys.argv[1], sys.argv[2]
E2E = [os.path.join(ROOT, 'tests', 'e2e', 'pending'), os.path.join(ROOT, 'tests', 'e2e')]
fails = []


def run(path, case_args, grid, block, kernel, outs, sig=None):
    """pykc run --cpu: ARGS {name: array or spec text}; returns {name: array} of OUTS."""
    words = [PYKC, 'run', '--cpu', path, '--kernel', kernel, '--grid', grid, '--block', block]
    if sig:
        words += ['--sig', sig]
    for name, v in case_args.items():
        if isinstance(v, np.ndarray):
            f = os.path.join(TMP, f'in_{name}.npy')
            np.save(f, v)
            words.append(f'{name}=@{f}')
        else:
            words.append(f'{name}={v}')
    for name in outs:
        words += ['--out', f'{name}={os.path.join(TMP, "out_" + name + ".npy")}']
    r = subprocess.run(words, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f'{" ".join(words[3:6])}: exit {r.returncode}: {r.stderr.strip()}')
    return {n: np.load(os.path.join(TMP, f'out_{n}.npy')) for n in outs}


# ---------------------------------------------------------------- CUB's order in NumPy

def less(a, b):
    """a < b as CUB's T has it; complex: CuPy's operator< (real parts, then imaginary)."""
    if a.dtype.kind == 'c':
        return (a.real < b.real) | ((a.real == b.real) & (a.imag < b.imag))
    return a < b


def cub_op(op, a, b):
    if op == 'sum':
        with np.errstate(over='ignore'):
            return (a + b).astype(a.dtype)         # T's own (wrapping) arithmetic
    if op == 'max':
        return np.where(less(a, b), b, a)
    return np.where(less(a, b), a, b)




def warp_steps(v, op):
    """v: (..., n<=32) a warp's values; every lane's value after CUB's shuffle steps."""
    v = v.copy()
    n = v.shape[-1]
    o = 1
    while o < 32:
        if o < n:
            v[..., :n - o] = cub_op(op, v[..., :n - o], v[..., o:])
        o *= 2
    return v


def reduce_in(x, op, block):
    """CUB's reduction of x's rows in x's own dtype (a warp, or a block of warps)."""
    if not block:
        return warp_steps(x, op)[..., 0]
    r = None
    for b in range(0, x.shape[-1], 32):
        w = warp_steps(x[..., b:b + 32], op)[..., 0]
        r = w if r is None else cub_op(op, r, w)
    return r


def cub_reduce(x, op, block):
    """What CUB gives cupyx.jit: float16 reduced in float32 (its float16 values are C
    floats, so WarpReduce[float16] is cub::WarpReduce<float>), rounded to float16 once."""
    if x.dtype == np.float16:
        return reduce_in(x.astype(np.float32), op, block).astype(np.float16)
    return reduce_in(x, op, block)


def numpy_reference(x, op):
    if op == 'sum':
        return x.sum(axis=-1, dtype=x.dtype)
    return x.max(axis=-1) if op == 'max' else x.min(axis=-1)


# CuPy's float16 sums on the H100 (session 25's run of the pending cases: `expected` of
# tests/gpu/last-run-h100.log) at the rows where reducing in float16 gives another value
CUPY_H100 = {
    'jit_cub_warp_sum.yf2': {3: 177.875, 7: 152.375, 10: 156.875, 15: 194.75},
    'jit_cub_warp_reduce_sum.yf2': {1: 134.875, 4: 161.875, 5: 137.75, 7: 168.125},
    'jit_cub_block_sum.yf2': {3: 1322, 8: 1351, 9: 1315, 17: 1314},
}


def check_cub(what, x, got, op, block):
    want = cub_reduce(x, op, block)
    if got.dtype != x.dtype or not np.array_equal(got, want):
        bad = np.flatnonzero(got != want)[:3]
        fails.append(f'{what}: not CUB\'s order: rows {bad.tolist()} got {got[bad]} want {want[bad]}')
    for row, v in CUPY_H100.get(what, {}).items():
        if want[row] != v:
            fails.append(f'{what}: the model gives {want[row]} in row {row}, CuPy gave {v}')
    ref = numpy_reference(x, op)
    rtol = 1e-3 if x.dtype == np.float16 else 1e-6  # float16: CUB's and NumPy's orders
    if x.dtype.kind == 'c':
        ok = np.allclose(got, ref, rtol=rtol, atol=0)
    else:
        ok = np.allclose(got.astype(np.float64), ref.astype(np.float64), rtol=rtol, atol=0)
    if not ok:
        fails.append(f'{what}: not allclose to NumPy\'s {op}')


# ---------------------------------------------------------------- the pending e2e cases

U64 = np.uint64(2**64 - 1)


def expect_cg(name, args, outs):
    if name == 'jit_cg_thread_block':
        want = np.full(16, -1, np.int64)
        want[:11] = [100, 32, 0, 0, 0, 3, 0, 0, 32, 1, 1]
        return {'x': want}
    if name == 'jit_cg_thread_block_new':
        want = np.full(16, -1, np.int64)
        want[:4] = [32, 32, 1, 1]
        return {'x': want}
    if name == 'jit_cg_grid':
        want = np.full(16, U64, np.uint64)
        want[:5] = [1, 64, 2, 1, 1]
        return {'x': want}
    if name == 'jit_cg_grid_new':
        want = np.full(16, U64, np.uint64)
        want[1:10] = [64, 2, 1, 1, 1, 2, 1, 0, 0]
        return {'x': want}
    if name.startswith('jit_cg_memcpy_async'):
        return {'y': args['x']}
    if name == 'jit_cg_sync_noargs':                 # the cooperative launch succeeds
        return {}
    if name == 'jit_cg_sync':
        x = args['x'].copy()
        parts = []
        for b in range(4):
            s = np.float32(0)
            for k in range(64):
                s = np.float32(s + x[b * 64 + k])
            parts.append(s)
            x[b * 64] = s
        total = np.float32(0)
        for p in parts:
            total = np.float32(total + p)
        return {'x': x, 'out': np.full(4, total, np.float32), 'part': np.array(parts, np.float32)}
    raise KeyError(name)


def pending_case(path):
    name = os.path.basename(path)[:-3]
    gen_expected.DATA = TMP                       # the inputs' recipes write here
    case = gen_expected.Case(path, name, name)
    args = gen_expected.build_host_args(case, regen=True)
    outs = gen_expected.checked_names(case, args)
    specs = {n: (a if isinstance(a, np.ndarray) else case.arg_specs[n]) for n, a in args.items()}
    dims = lambda d: ','.join(str(v) for v in d)  # noqa: E731
    got = run(path, specs, dims(case.grid), dims(case.block), case.kernel, outs)
    if name.startswith('jit_cg'):
        for n, want in expect_cg(name, args, outs).items():
            if got[n].dtype != want.dtype or not np.array_equal(got[n], want):
                fails.append(f'{name}: {n} = {got[n]}, want {want}')
        return
    if name == 'jit_cub_bool':                      # bool sums are any(), max any(), min all()
        w = args['x'].reshape(16, 32)
        want = {'ws': w.any(1), 'wmax': w.any(1), 'wmin': w.all(1), 'bs': args['x'].any(1)}
        for n, v in want.items():
            if not np.array_equal(got[n], v):
                fails.append(f'{name}: {n} = {got[n]}, want {v}')
        return
    op = 'max' if 'max' in name else 'min' if 'min' in name else 'sum'
    for n in outs:
        check_cub(f'{name}.{n}', args['x' + n[1:]], got[n], op, 'block' in name)
    if name in ('jit_cub_warp_sum', 'jit_cub_warp_reduce_sum', 'jit_cub_block_sum'):
        hadd = reduce_in(args['xf2'], op, 'block' in name)   # float16 steps (__hadd)
        if any(hadd[r] == v for r, v in CUPY_H100[f'{name}.yf2'].items()):
            fails.append(f'{name}: CUPY_H100 does not tell float16 from float32 steps')


# ---------------------------------------------------------------- CuPy's test_cub.py

CUB_TEST = '''import cupy
import numpy
from cupyx import jit

dtype = numpy.{dtype}


@jit.rawkernel()
def k(x, y):
    R = jit.cub.{cls}
    temp_storage = jit.shared_memory(dtype=R.TempStorage, size=1)
    i, j = jit.blockIdx.x, jit.threadIdx.x
    value = x[i, j]
    aggregator = R(temp_storage[0])
    aggregate = aggregator.{call}
    if j == 0:
        y[i] = aggregate
'''
CUB_TESTS = [  # (CuPy's test, class, call, op, threads)
    ('TestCubWarpReduce.test_sum', 'WarpReduce[dtype]', 'Sum(value)', 'sum', 32),
    ('TestCubWarpReduce.test_reduce_sum', 'WarpReduce[dtype]', 'Reduce(value, jit.cub.Sum())',
     'sum', 32),
    ('TestCubWarpReduce.test_reduce_max', 'WarpReduce[dtype]', 'Reduce(value, jit.cub.Max())',
     'max', 32),
    ('TestCubBlockReduce.test_sum', 'BlockReduce[dtype, 256]', 'Sum(value)', 'sum', 256),
    ('TestCubBlockReduce.test_reduce_min', 'BlockReduce[dtype, 256]',
     'Reduce(value, jit.cub.Min())', 'min', 256),
]
DTYPES = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
          'float16', 'float32', 'float64', 'complex64', 'complex128']


def cupy_cub_tests():
    rng = np.random.default_rng(22)
    for test, cls, call, op, w in CUB_TESTS:
        for dt in DTYPES:
            path = os.path.join(TMP, 'cub_test.py')
            with open(path, 'w') as f:
                f.write(CUB_TEST.format(dtype=dt, cls=cls, call=call))
            h = 32
            if dt.startswith('float'):                 # testing.shaped_random's ranges
                x = (rng.random((h, w)) * 10).astype(dt)
            elif dt.startswith('complex'):
                x = ((rng.random((h, w)) + 1j * rng.random((h, w))) * 10).astype(dt)
            else:
                x = rng.integers(0, 10, (h, w)).astype(dt)
            try:
                got = run(path, {'x': x, 'y': f'zeros:{dt}:{h}'}, str(h), str(w), 'k', ['y'],
                          sig=f'k({dt}[:, :], {dt}[:])')
            except RuntimeError as e:
                fails.append(f'{test}[{dt}]: {e}')
                continue
            check_cub(f'{test}[{dt}]', x, got['y'], op, w > 32)


# ---------------------------------------------------------------- the Python package

PY_MODULE = '''import numpy
from pykc import jit
from pykc.jit import cg


@jit.rawkernel()
def grid_sum(x, out):
    g = cg.this_grid()
    t = g.thread_rank()
    jit.atomic_add(out, 0, x[t])
    g.sync()
    out[t + 1] = out[0]


@jit.rawkernel()
def warp_max(x, y):
    R = jit.cub.WarpReduce[numpy.float32]
    temp_storage = jit.shared_memory(R.TempStorage, 1)
    i, j = jit.blockIdx.x, jit.threadIdx.x
    m = R(temp_storage[0]).Reduce(x[i, j], jit.cub.Max())
    if j == 0:
        y[i] = m
'''


def python_package():
    """jit.cg and jit.cub through `from pykc import jit` on NumPy arrays (the CPU)."""
    sys.path.insert(0, os.path.join(ROOT, 'python'))
    import runpy
    path = os.path.join(TMP, 'pkg_kernels.py')
    with open(path, 'w') as f:
        f.write(PY_MODULE)
    mod = runpy.run_path(path, run_name='pkg_kernels')
    x = np.arange(64, dtype=np.int32)
    out = np.zeros(65, np.int32)
    mod['grid_sum']((2,), (32,), (x, out))
    if not np.array_equal(out, np.full(65, x.sum(), np.int32)):
        fails.append(f'python package: grid_sum gave {out[:4]}..., want {x.sum()}')
    rng = np.random.default_rng(7)
    xs = rng.random((8, 32)).astype(np.float32)
    y = np.zeros(8, np.float32)
    mod['warp_max']((8,), (32,), (xs, y))
    if not np.array_equal(y, xs.max(axis=1)):
        fails.append(f'python package: warp_max gave {y}, want {xs.max(axis=1)}')


def main():
    n = 0
    for d in E2E:
        for f in sorted(os.listdir(d)):
            if f.startswith(('jit_cg_', 'jit_cub_')) and f.endswith('.py'):
                n += 1
                try:
                    pending_case(os.path.join(d, f))
                except (RuntimeError, gen_expected.TestError) as e:
                    fails.append(f'{f}: {e}')
    if n < 19:
        fails.append(f'{n} jit_cg_/jit_cub_ cases in tests/e2e/pending and tests/e2e, not 19')
    cupy_cub_tests()
    n += len(CUB_TESTS) * len(DTYPES)
    try:
        python_package()
    except Exception as e:                         # noqa: BLE001 (reported, counted)
        fails.append(f'python package: {type(e).__name__}: {e}')
    n += 2
    for f in fails:
        print('FAIL', f)
    print(f'{n} cases, {len(fails)} failures')
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
