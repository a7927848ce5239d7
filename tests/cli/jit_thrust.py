"""jit.thrust on the CPU backend, checked against NumPy (tests/cli/jit_thrust.sh).

1. The GPU cases jit_thrust_*.py of tests/e2e/pending/ (or tests/e2e/, once they have
   CuPy's outputs: CuPy 14.2's test_thrust.py as e2e cases) run with `pykc run --cpu` on
   their `# run:` arguments (inputs from their `# input:` recipes, as tools/gen_expected.py
   makes them); every checked array is compared whole with what thrust's sequential
   algorithms leave there, computed here with NumPy (CuPy's assertions, plus the parts they
   leave out: what remove and unique leave past the new end, the untouched outputs), and
   sort_by_key of float keys with NaN and signed zeros with a model of thrust's device merge
   sort (insertion sorts of 32, then merges of adjacent runs).
2. Each case compiles through NVRTC (`pykc ptx`, no GPU needed; skipped without NVRTC).
   jit_thrust_counting_args and jit_thrust_constant_args: those iterators as algorithms'
   inputs (issue 22 §3), against NumPy's ranges.
3. The Python package on NumPy arrays in Fortran order: iterators over rows whose stride is
   not the element size (the strided pykc_it), sort_by_key, lower_bound and reduce_by_key;
   a counting range copied into one, a constant range reduced.

usage: python3 jit_thrust.py PYKC TMPDIR
"""
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'cli'))
import gen_expected  # noqa: E402
from jit_libs import less, run  # noqa: E402  (pykc run --cpu of a case's arguments; CuPy's <)

PYKC, TMP = sys.argv[1], sys.argv[2]
E2E = [os.path.join(ROOT, 'tests', 'e2e', 'pending'), os.path.join(ROOT, 'tests', 'e2e')]
fails = []


# ---------------------------------------------------------------- thrust's merge sort

def merge_sort_by_key(keys, vals):
    """thrust's device stable merge sort (sequential/stable_merge_sort.inl), its `<` on
    NumPy scalars (false with a NaN; complex: CuPy's operator<), so the order of NaNs is the
    algorithm's own."""
    k, v = list(keys), list(vals)
    n = len(k)
    for b in range(0, n, 32):                      # insertion_sort_by_key of each 32
        e = min(n, b + 32)
        for i in range(b + 1, e):
            t, tv = k[i], v[i]
            if less(t, k[b]):
                k[b + 1:i + 1], v[b + 1:i + 1] = k[b:i], v[b:i]
                k[b], v[b] = t, tv
            else:
                j = i
                while less(t, k[j - 1]):
                    k[j], v[j] = k[j - 1], v[j - 1]
                    j -= 1
                k[j], v[j] = t, tv
    ps = 32
    while ps < n:                                  # merges of adjacent runs (ping-pong)
        dk, dv = [None] * n, [None] * n
        for b in range(0, n, 2 * ps):
            m, e = min(n, b + ps), min(n, b + 2 * ps)
            i, j, r = b, m, b
            while i < m and j < e:
                if less(k[j], k[i]):
                    dk[r], dv[r] = k[j], v[j]
                    j += 1
                else:
                    dk[r], dv[r] = k[i], v[i]
                    i += 1
                r += 1
            dk[r:r + m - i], dv[r:r + m - i] = k[i:m], v[i:m]
            r += m - i
            dk[r:r + e - j], dv[r:r + e - j] = k[j:e], v[j:e]
        k, v = dk, dv
        ps *= 2
    return np.array(k, keys.dtype), np.array(v, vals.dtype)


# ---------------------------------------------------------------- what each case leaves

def prefix(values, n, dtype=np.int64):
    out = np.zeros(n, dtype)
    out[:len(values)] = values
    return out


def find_expected(x):
    want = np.full(x.shape[:2] + (4,), x.shape[2], np.int32)
    for k in range(4):
        hit = x == k
        want[..., k] = np.where(hit.any(-1), hit.argmax(-1), x.shape[2])
    return want


def sort_rows(x, y):
    idx = np.argsort(x, axis=-1, kind='stable')
    return {'x': np.take_along_axis(x, idx, -1), 'y': np.take_along_axis(y, idx, -1)}


def sort_special(a):
    ks, vs = zip(*(merge_sort_by_key(a['x'][i], a['y'][i]) for i in range(a['x'].shape[0])))
    return {'x': np.stack(ks), 'y': np.stack(vs)}


def exclusive(x, init):
    c = np.cumsum(x, axis=-1, dtype=np.int64)
    return np.concatenate([np.zeros_like(c[:, :1]), c[:, :-1]], -1) + init


def replaced(x):
    return np.where(x == 0, 999, x).astype(np.int32)


SETS = {  # CuPy's results: sizes, keys (and values)
    'set_difference': ([3], [0, 4, 6]), 'set_intersection': ([3], [1, 3, 5]),
    'set_symmetric_difference': ([6], [0, 4, 5, 6, 7, 8]),
    'set_union': ([8], [0, 1, 2, 4, 5, 6, 7, 8]),
    'set_difference_by_key': ([3, 3], [0, 4, 6], [2, 2, 2]),
    'set_intersection_by_key': ([3, 3], [1, 3, 5], [2, 2, 2]),
    'set_symmetric_difference_by_key': ([6, 6], [0, 4, 5, 6, 7, 8], [1, 1, 2, 1, 1, 2]),
    'set_union_by_key': ([8, 8], [0, 1, 2, 4, 5, 6, 7, 8], [1, 1, 1, 1, 2, 1, 1, 2]),
}


def set_expected(name):
    s = SETS[name]
    if len(s) == 2:
        return {'size': np.array(s[0]), 'out': prefix(s[1], 10)}
    return {'size': np.array(s[0]), 'keys_out': prefix(s[1], 10), 'values_out': prefix(s[2], 10)}


def cvt_i32(v):
    """PTX cvt.rzi.s32.f32: truncation, saturating, NaN to 0."""
    return 0 if v != v else int(max(-2**31, min(2**31 - 1, np.trunc(v))))


def unique_in_place(a):
    a, o = a.copy(), 0
    prev = a[0]
    for t in a[1:]:
        if not prev == t:
            a[o], o, prev = prev, o + 1, t
    a[o] = prev
    return a, o + 1


def accumulators(a):
    rows = a['x'].shape[0]
    r, s = np.zeros((rows, 4)), np.zeros((rows, 40), np.float32)
    e, u = np.zeros((rows, 20), np.float32), np.zeros((rows, 2), np.int32)
    x = a['x'].copy()
    for i in range(rows):
        acc, acc64 = np.float32(0), 0.5             # reduce: from T(0), from the init
        for k, v in enumerate(x[i, :20]):
            with np.errstate(invalid='ignore'):
                acc = np.float32(acc + v)
                s[i, k] = v if k == 0 else np.float32(s[i, k - 1] + v)  # inclusive_scan
            acc64 += float(v)                         # (from the first element)
        hits = np.flatnonzero(x[i] == 0)
        r[i] = acc, acc64, len(hits), hits[0] if len(hits) else 40
        t = 3
        for k, v in enumerate(x[i, 20:]):
            e[i, k] = t
            t = (t + cvt_i32(v) + 2**31) % 2**32 - 2**31
        x[i], _ = merge_sort_by_key(x[i], np.zeros(40, np.int32))
        x[i], u[i, 0] = unique_in_place(x[i])
        u[i, 1] = (x[i] == x[i, 39]).sum()
    w = a['b'].astype(np.int64).sum(1).astype(np.int8)
    return {'r': r, 's': s, 'e': e, 'u': u, 'w': w, 'x': x}


def counting_args(a):
    """jit_thrust_counting_args: row i's range is counting from 3i, i + 8 long"""
    x, r = np.zeros((32, 40), I4), np.zeros((32, 6), np.int64)
    for i in range(32):
        n, v = i + 8, np.arange(3 * i, 4 * i + 8)
        x[i, :n] = v
        r[i] = [n, v.sum(), (v == 3 * i + 5).sum(), 4, np.searchsorted(v, 4 * i),
                7 + (v * v).sum()]
    return {'x': x, 'r': r}


def constant_args(a):
    """jit_thrust_constant_args: row i's range is i + 8 of float32(i) * 0.5; reduce_by_key
    then sums it over each run of equal keys of k's row"""
    x, r = np.zeros((32, 40), np.float32), np.zeros((32, 5))
    for i in range(32):
        n, c = i + 8, np.float32(i) * np.float32(0.5)
        x[i, :n] = c
        _, counts = np.unique(a['k'][i], return_counts=True)
        x[i, :len(counts)] = counts * c
        r[i] = [n, n, 1.0 + n * float(c), 1, len(counts)]
    return {'x': x, 'r': r}


# ---------------------------------------------------------------- float16 and complex

H, F4 = np.float16, np.float32


def hadd(a, b, op=np.add):
    """CuPy's float16 class: a op b in float, rounded to float16"""
    with np.errstate(over="ignore", invalid="ignore"):
        return H(op(F4(a), F4(b)))


def bound(row, v, upper=False):
    """thrust's lower_bound / upper_bound loop, with thrust's `<` (less)"""
    lo, n = 0, len(row)
    while n > 0:
        h = n >> 1
        if (less(v, row[lo + h]) if upper else not less(row[lo + h], v)):
            n = h
        else:
            lo, n = lo + h + 1, n - h - 1
    return lo


def sorted_until(row):
    return next((i for i in range(1, len(row)) if less(row[i], row[i - 1])), len(row))


def three_sorts(a, i):
    """the sort cases' x[0, i] sorted, x[1, i] stable-sorted, x[2, i] sorted with v[i]"""
    a['x'][0, i], _ = merge_sort_by_key(a['x'][0, i], a['v'][i])
    a['x'][1, i], _ = merge_sort_by_key(a['x'][1, i], a['v'][i])
    a['x'][2, i], a['v'][i] = merge_sort_by_key(a['x'][2, i], a['v'][i])
    return a['x'][1, i]


def found(r, w):
    """binary_search: lower_bound, then !(w < *it)"""
    return bound(r, w) < len(r) and not less(w, r[bound(r, w)])


def half_sort(a):
    a, f = {'x': a['x'].copy(), 'v': a['v'].copy()}, np.zeros((32, 8), I4)
    for i in range(32):
        r = three_sorts(a, i)
        f[i] = [bound(r, H(0)), bound(r, H(-0.0), True), bound(r, H(2.0)), bound(r, r[40], True),
                found(r, H(0.5)), sorted_until(r) == 75, sorted_until(r), (r == 0).sum()]
    return {**a, 'f': f}


def half_accum(a):
    x = a['x']
    r, s, e = np.zeros((32, 7), F4), np.zeros((32, 64), H), np.zeros((32, 2, 64), H)
    for i in range(32):
        row = x[i]
        h0, f1, h3, i4, p5, h6 = H(0), F4(0.25), row[0], 1, F4(0), row[0]
        for k, v in enumerate(row):
            h0, f1, i4 = hadd(h0, v), F4(f1 + F4(v)), i4 + cvt_i32(F4(v))
            p5 = F4(p5 + F4(v) * F4(v))             # exact products: FMA or not
            s[i, k] = v if k == 0 else hadd(s[i, k - 1], v)
            if k:
                h3, h6 = hadd(h3, v), hadd(h6, hadd(v, v, np.multiply))
        r[i] = [h0, f1, f1, h3, i4, p5, h6]
        acc, hacc = F4(1.5), row[0]
        for k, v in enumerate(row):
            e[i, 0, k], acc = H(acc), F4(acc + F4(v))
            if k:
                e[i, 1, k - 1], hacc = hacc, hadd(hacc, v)
    return {'r': r, 's': s, 'e': e}


def half_misc(a):
    x = a['x']
    y, c = np.zeros((4, 32, 40), H), np.zeros((32, 6), I4)
    for i in range(32):
        row = x[i]
        y[0, i], c[i, 5] = unique_in_place(row)
        y[1, i] = np.where(row == 1, H(-7.5), row)
        y[2, i] = [row[0]] + [hadd(row[k], row[k - 1], np.subtract) for k in range(1, 40)]
        y[3, i] = [H(F4(np.float64(H(0.1)) + np.float64(H(0.3)) * k)) for k in range(40)]
        hits = lambda m: int(np.argmax(m)) if m.any() else 40  # noqa: E731
        c[i, :5] = [(row == 0).sum(), (row == 2).sum(), (row == row[0]).sum(),
                    hits(row == 0), hits(row == 1000)]
    return {'y': y, 'c': c}


def complex_ops(a):
    x = a['x']
    t = x.dtype.type
    r, s = np.zeros((32, 3), x.dtype), np.zeros((32, 48), x.dtype)
    e, y, c = np.zeros((32, 2, 48), x.dtype), np.zeros((3, 32, 48), x.dtype), np.zeros((32, 6), I4)
    for i in range(32):
        row = x[i]
        acc0, acc1, acc2 = t(0), t(0.5 - 1j), t(0)
        ex0, ex1 = t(0), row[3]
        for k, v in enumerate(row):
            e[i, 0, k], e[i, 1, k] = ex0, ex1
            ex0, ex1 = t(ex0 + v), t(ex1 + v)
            acc0, acc1, acc2 = t(acc0 + v), t(acc1 + v), t(acc2 + v * v)
            s[i, k] = v if k == 0 else t(s[i, k - 1] + v)
        r[i] = [acc0, acc1, acc2]
        y[0, i], y[1, i], y[2, i] = row, row[0], row[::-1]
        hit = np.flatnonzero(row == row[8])
        diff = np.flatnonzero(row != row[::-1])
        c[i] = [(row == row[1]).sum(), hit[0] if len(hit) else 48, (row == 0).sum(), 1,
                not len(diff), diff[0] if len(diff) else 48]
    return {'r': r, 's': s, 'e': e, 'y': y, 'c': c}


def complex_sort(a):
    a, f, c = {'x': a['x'].copy(), 'v': a['v'].copy()}, np.zeros((32, 7), I4), np.complex64
    for i in range(32):
        r = three_sorts(a, i)
        a['x'][0, i], size = unique_in_place(a['x'][0, i])
        f[i] = [bound(r, c(1)), bound(r, c(0), True), bound(r, r[35]), found(r, c(1j)),
                found(r, c(5)), sorted_until(r), size]
    return {**a, 'f': f}


I4 = np.int32
EXPECT = {
    'counting_args': counting_args,
    'constant_args': constant_args,
    'accumulators': accumulators,
    'count_shared_memory': lambda a: {'y': np.ones(32, I4)},
    'adjacent_difference': lambda a: {'y': np.concatenate([a['x'][:, :1], np.diff(a['x'])], 1)},
    'binary_search': lambda a: {'y': (a['x'] == 100).any(-1)},
    'binary_search_vec': lambda a: {
        'z': (a['x'][:, :, None] == a['y'][:, None, :]).any(1)},
    'count_iterator': lambda a: {'y': (a['x'][..., None] == np.arange(4)).sum(2).astype(I4)},
    'copy_iterator': lambda a: {'y': a['x']},
    'equal': lambda a: {'z': (a['x'] == a['y']).all(1).astype(I4)},
    'equal_range': lambda a: {'y': (a['x'] == 100).sum(-1).astype(I4)},
    'exclusive_scan': lambda a: {'y': exclusive(a['x'], 0).astype(I4)},
    'exclusive_scan_init': lambda a: {'y': exclusive(a['x'], 10).astype(I4)},
    'exclusive_scan_by_key': lambda a: {'value': np.array([5, 6, 7, 5, 6, 5, 5, 6, 7, 8])},
    'fill': lambda a: {'x': np.full((128, 160), 10, I4)},
    'find': lambda a: {'y': find_expected(a['x'])},
    'gather': lambda a: {'z': a['y'][a['x']]},
    'inclusive_scan': lambda a: {'y': np.cumsum(a['x'], -1).astype(I4)},
    'inclusive_scan_by_key': lambda a: {'value': np.array([1, 2, 3, 1, 2, 1, 1, 2, 3, 4])},
    'inner_product': lambda a: {'c': None},
    'is_sorted': lambda a: {'out': np.array([False, True])},
    'is_sorted_until': lambda a: {'out': np.array([4, 3])},
    'lower_bound': lambda a: {'out': np.searchsorted(a['x'], a['v'], 'left').astype(I4)},
    'lower_bound_vec': lambda a: {'out': np.searchsorted(a['x'], a['v'], 'left').astype(I4)},
    'upper_bound': lambda a: {'out': np.searchsorted(a['x'], a['v'], 'right').astype(I4)},
    'upper_bound_vec': lambda a: {'out': np.searchsorted(a['x'], a['v'], 'right').astype(I4)},
    'make_constant_iterator': lambda a: {'x': (np.arange(128) ** 2).astype(I4)},
    'make_counting_iterator': lambda a: {'x': (np.arange(128) ** 2 + np.arange(128)).astype(I4)},
    'mismatch_iterator': lambda a: {'out1': np.array([0, 100, 30, 200, 256], I4),
                                    'out2': np.array([0, 100, 30, 200, 256], I4)},
    'reduce': lambda a: {'y': a['x'].sum(-1).astype(I4)},
    'reduce_init': lambda a: {'y': (a['x'].sum(-1) + 10).astype(I4)},
    'reduce_by_key': lambda a: {'keys_out': prefix([1, 3, 2, 1], 7, I4),
                                'values_out': prefix([9, 21, 9, 3], 7, I4),
                                'size1': np.array([4], I4), 'size2': np.array([4, 0], I4)},
    'remove': lambda a: {'x': np.array([3, 4, 5, 9, 5, 9], I4), 'size': np.array([4], I4)},
    'remove_copy': lambda a: {'result': prefix([3, 4, 5, 9], 6, I4), 'size': np.array([4], I4)},
    'replace': lambda a: {'x': replaced(a['x'])},
    'replace_copy': lambda a: {'out': replaced(a['x'])},
    'reverse': lambda a: {'x': a['x'][:, ::-1]},
    'reverse_copy': lambda a: {'out': a['x'][:, ::-1]},
    'scatter': lambda a: {'result': np.array([1, 3, 5, 7, 9, 2, 4, 6, 8, 10])},
    'sequence': lambda a: {'x': np.tile(np.arange(160, dtype=I4), (128, 1))},
    'sequence_init': lambda a: {'x': np.tile(np.arange(1, 161, dtype=I4), (128, 1))},
    'sequence_step': lambda a: {
        'x': (np.arange(160) * 10 + np.arange(128)[:, None]).astype(I4)},
    'sort': lambda a: {'x': np.sort(a['x'], -1)},
    'stable_sort': lambda a: {'x': np.sort(a['x'], -1)},
    'sort_by_key': lambda a: sort_rows(a['x'], a['y']),
    'stable_sort_by_key': lambda a: sort_rows(a['x'], a['y']),
    'sort_special': sort_special,
    'swap_ranges': lambda a: {'x': a['y'], 'y': a['x']},
    'unique': lambda a: {'x': np.array([1, 3, 2, 1, 2, 2, 1]), 'size': np.array([4], I4)},
    'unique_by_key': lambda a: {'keys': np.array([1, 3, 2, 1, 2, 2, 1]),
                                'values': np.array([9, 8, 5, 3, 5, 4, 3]),
                                'size': np.array([4, 4], I4)},
}
EXPECT.update({'half_sort': half_sort, 'half_accum': half_accum, 'half_misc': half_misc,
               'complex64_ops': complex_ops, 'complex128_ops': complex_ops,
               'complex_sort': complex_sort})
for _name in SETS:
    EXPECT[_name] = lambda a, _n=_name: set_expected(_n)


def same(got, want):
    if got.shape != want.shape or got.dtype != want.dtype:
        return False
    got, want = np.ascontiguousarray(got), np.ascontiguousarray(want)
    if got.dtype.kind == 'c':                      # both parts, as floats
        part = np.float32 if got.dtype == np.complex64 else np.float64
        return same(got.view(part), want.view(part))
    if got.dtype.kind == 'f':                      # zeros' signs too; any NaN is a NaN (a
        nan = np.isnan(got)                        # GPU's and an x86's differ in sign)
        return (np.array_equal(nan, np.isnan(want)) and
                np.array_equal(got[~nan].view(f'u{got.itemsize}'),
                               want[~nan].view(f'u{got.itemsize}')))
    return np.array_equal(got, want)


def sig_of(case, args):
    """--sig for pykc ptx: the inputs' dtypes and ranks (C-contiguous, as pykc run)."""
    parts = []
    for n in case.params:
        a = args[n]
        dims = ', '.join([':'] * (a.ndim - 1) + ['::1']) if a.ndim else '()'
        parts.append(f'{a.dtype}[{dims}]')
    return f'{case.kernel}({", ".join(parts)})'


def pending_case(path):
    name = os.path.basename(path)[:-3]
    gen_expected.DATA = TMP                       # the inputs' recipes write here
    case = gen_expected.Case(path, name, name)
    args = gen_expected.build_host_args(case, regen=True)
    outs = gen_expected.checked_names(case, args)
    specs = {n: (a if isinstance(a, np.ndarray) else case.arg_specs[n]) for n, a in args.items()}
    dims = lambda d: ','.join(str(v) for v in d)  # noqa: E731
    got = run(path, specs, dims(case.grid), dims(case.block), case.kernel, outs)
    short = name[len('jit_thrust_'):]
    want = EXPECT[short]({n: a for n, a in args.items()})
    for n in outs:
        if n not in want:
            fails.append(f'{name}: no expectation for {n}')
        elif short == 'inner_product':
            pass
        elif short.endswith('_ops') and n == 'r':  # inner_product: FMA contraction
            w = np.asarray(want[n])
            if not (same(got[n][:, :2], w[:, :2]) and
                    np.allclose(got[n][:, 2], w[:, 2], rtol=1e-5)):
                fails.append(f'{name}: r differs from NumPy\'s')
        elif not same(got[n], np.asarray(want[n]).astype(got[n].dtype)):
            w = np.asarray(want[n]).astype(got[n].dtype)
            bad = np.argwhere((got[n] != w) & ~(np.isnan(got[n]) & np.isnan(w)) if
                              got[n].dtype.kind == 'f' else got[n] != w)[:3].tolist()
            fails.append(f'{name}: {n} differs at {bad}')
    if short == 'inner_product':                   # CuPy's rtol (nvcc may contract to FMA)
        ref = (args['a'].astype(np.float64) * args['b']).sum(1)
        if not np.allclose(got['c'], ref, rtol=1e-6, atol=0):
            fails.append(f'{name}: c not allclose to NumPy\'s')
    r = subprocess.run([PYKC, 'ptx', path, '--sig', sig_of(case, args), '-o',
                        os.path.join(TMP, 'x.ptx')], capture_output=True, text=True)
    if r.returncode and 'cannot load NVRTC' not in r.stderr:
        fails.append(f'{name}: pykc ptx: {r.stderr.strip()[:400]}')


# ---------------------------------------------------------------- the Python package

PY_MODULE = '''import numpy as np
from pykc import jit


@jit.rawkernel()
def rows(x, y, v, out, keys_out, vals_out, n):
    i = jit.threadIdx.x
    jit.thrust.sort_by_key(jit.thrust.seq, x[i].begin(), x[i].end(), y[i].begin())
    out[i] = jit.thrust.lower_bound(jit.thrust.seq, x[i].begin(), x[i].end(), v[i]) - x[i].begin()
    k, w = jit.thrust.reduce_by_key(jit.thrust.device, x[i].begin(), x[i].end(), y[i].begin(),
                                    keys_out[i].begin(), vals_out[i].begin())
    n[i] = k - keys_out[i].begin()


@jit.rawkernel()
def counted(x, s):
    i = jit.threadIdx.x
    c = jit.thrust.make_counting_iterator(i)
    jit.thrust.copy(jit.thrust.seq, c, c + 5, x[i].begin())
    k = jit.thrust.make_constant_iterator(i)
    s[i] = jit.thrust.reduce(jit.thrust.seq, k, k + 3)


@jit.rawkernel()
def halves(h, r, z, n):
    i = jit.threadIdx.x
    r[i, 0] = jit.thrust.reduce(jit.thrust.seq, h[i].begin(), h[i].end())
    r[i, 1] = jit.thrust.reduce(jit.thrust.seq, h[i].begin(), h[i].end(), np.float32(0))
    jit.thrust.stable_sort(jit.thrust.seq, h[i].begin(), h[i].end())
    jit.thrust.sort(jit.thrust.seq, z[i].begin(), z[i].end())
    n[i] = jit.thrust.count(jit.thrust.seq, z[i].begin(), z[i].end(), z[i][0])
'''


def python_package():
    """Fortran-order arrays through `from pykc import jit`: a row's stride is the column
    count times the element size."""
    sys.path.insert(0, os.path.join(ROOT, 'python'))
    import runpy
    path = os.path.join(TMP, 'pkg_thrust.py')
    with open(path, 'w') as f:
        f.write(PY_MODULE)
    mod = runpy.run_path(path, run_name='pkg_thrust')
    rng = np.random.default_rng(9)
    x = np.asfortranarray(rng.integers(0, 20, (16, 50)).astype(np.int32))
    y = np.asfortranarray(rng.integers(0, 1000, (16, 50)).astype(np.int64))
    v = rng.integers(0, 20, 16).astype(np.int32)
    out = np.zeros(16, np.int64)
    ko = np.asfortranarray(np.zeros((16, 50), np.int32))
    vo = np.asfortranarray(np.zeros((16, 50), np.int64))
    n = np.zeros(16, np.int32)
    x0, y0 = x.copy(), y.copy()
    mod['rows']((1,), (16,), (x, y, v, out, ko, vo, n))
    want = sort_rows(x0, y0)
    if not (np.array_equal(x, want['x']) and np.array_equal(y, want['y'])):
        fails.append('python package: sort_by_key of Fortran-order rows')
    if not np.array_equal(out, [np.searchsorted(want['x'][i], v[i]) for i in range(16)]):
        fails.append(f'python package: lower_bound gave {out}')
    for i in range(16):
        keys, first = np.unique(want['x'][i], return_index=True)
        sums = np.add.reduceat(want['y'][i], first)
        if n[i] != len(keys) or not (np.array_equal(ko[i, :n[i]], keys) and
                                     np.array_equal(vo[i, :n[i]], sums)):
            fails.append(f'python package: reduce_by_key of row {i}')
            break
    cx, cs = np.asfortranarray(np.zeros((16, 5), np.uint32)), np.zeros(16, np.uint32)
    mod['counted']((1,), (16,), (cx, cs))      # counting and constant ranges (issue 22 §3)
    if not (np.array_equal(cx, np.arange(16)[:, None] + np.arange(5)) and
            np.array_equal(cs, 3 * np.arange(16))):
        fails.append(f'python package: copy of a counting range gave {cx}, reduce of a '
                     f'constant one {cs}')
    h = np.asfortranarray((rng.standard_normal((8, 50)) * 40).astype(np.float16))
    h[:, 5], h[:, 9] = np.nan, -0.0
    z = np.asfortranarray(rng.integers(-2, 3, (8, 40)) + 1j * rng.integers(-1, 2, (8, 40)))
    r, n, h0, z0 = np.zeros((8, 2), np.float32), np.zeros(8, np.int32), h.copy(), z.copy()
    mod['halves']((1,), (8,), (h, r, z, n))          # float16 and complex128 rows, strided
    for i in range(8):
        hs, f = H(0), F4(0)
        for v in h0[i]:
            hs, f = hadd(hs, v), F4(f + F4(v))
        zs, _ = merge_sort_by_key(z0[i], np.zeros(40))
        hk, _ = merge_sort_by_key(h0[i], np.zeros(50))
        if not (same(r[i], np.array([hs, f], F4)) and same(h[i], hk) and same(z[i], zs) and
                n[i] == (zs == zs[0]).sum()):
            fails.append(f'python package: float16 / complex128 row {i}: {r[i]} {n[i]}')
            break


def main():
    n = 0
    for d in E2E:
        for f in sorted(os.listdir(d)):
            if f.startswith('jit_thrust_') and f.endswith('.py'):
                n += 1
                try:
                    pending_case(os.path.join(d, f))
                except (RuntimeError, gen_expected.TestError, KeyError) as e:
                    fails.append(f'{f}: {type(e).__name__}: {e}')
    if n < len(EXPECT):
        fails.append(f'{n} jit_thrust_ cases in tests/e2e/pending and tests/e2e, not {len(EXPECT)}')
    try:
        python_package()
    except Exception as e:                         # noqa: BLE001 (reported, counted)
        fails.append(f'python package: {type(e).__name__}: {e}')
    n += 1
    for f in fails:
        print('FAIL', f)
    print(f'{n} cases, {len(fails)} failures')
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
