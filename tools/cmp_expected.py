#!/usr/bin/env python3
"""Compares two folders of expected .npy files (the stored tests/e2e/expected and a fresh
`tools/gen_expected.py --out DIR` run under CuPy on the GPU): same names, dtypes, shapes and
values (bit-for-bit, NaNs equal; floats within 4 ulp only with --ulp 4).

  python3 tools/cmp_expected.py tests/e2e/expected DIR [--ulp N]
Prints one line per difference and a summary; exits 1 if any file differs or is missing."""
import os
import sys

import numpy as np


def ulps(a, b):
    it = {2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]
    ia, ib = a.view(it).astype(np.int64), b.view(it).astype(np.int64)
    ia = np.where(ia < 0, np.iinfo(np.int64).min - ia, ia)
    ib = np.where(ib < 0, np.iinfo(np.int64).min - ib, ib)
    return np.abs(ia - ib)


def same(a, b, tol):
    if a.dtype != b.dtype or a.shape != b.shape:
        return f"dtype/shape {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
    if a.dtype.kind == 'c':
        return same(a.real.copy(), b.real.copy(), tol) or same(a.imag.copy(), b.imag.copy(), tol)
    if a.dtype.kind == 'f':
        nan = np.isnan(a) & np.isnan(b)
        eq = (a == b) | nan
        if tol and not eq.all():
            eq |= (ulps(a, b) <= tol) & ~np.isnan(a) & ~np.isnan(b)
    else:
        eq = a == b
    if eq.all():
        return None
    i = np.argwhere(~eq)[0]
    return f"{int((~eq).sum())} of {a.size} differ, first at {tuple(i)}: {a[tuple(i)]!r} vs {b[tuple(i)]!r}"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    tol = int(sys.argv[sys.argv.index('--ulp') + 1]) if '--ulp' in sys.argv else 0
    if tol:
        args = [a for a in args if a != str(tol)]
    if len(args) != 2:
        print(__doc__)
        return 2
    old, new = args
    bad = ok = 0
    for name in sorted(os.listdir(new)):
        if not name.endswith('.npy'):
            continue
        p = os.path.join(old, name)
        if not os.path.exists(p):
            print(f"NEW  {name} (not stored)")
            bad += 1
            continue
        why = same(np.load(p), np.load(os.path.join(new, name)), tol)
        if why:
            print(f"DIFF {name}: stored vs CuPy: {why}")
            bad += 1
        else:
            ok += 1
    print(f"{ok} identical, {bad} different")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
