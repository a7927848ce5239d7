#!/usr/bin/env python3
"""The result dtypes of the @cupy.fuse cases in tests/unit/fuse_types.txt, computed by CuPy.

  python3 tools/fuse_types.py            # on the GPU machine: prints each case whose stored
                                         # dtypes differ from CuPy's, then a summary
  python3 tools/fuse_types.py --write    # rewrites the table's last column with CuPy's
Each case is compiled as

    @cupy.fuse()
    def f(x, y, z): return BODY          (or the BODY statements)

and called on arrays of ones (shape (4,) or (4, 3)), NumPy scalars 2 and Python scalars
(int 2, float 2.5, bool True, complex 1.5+2j). Exits 1 when a case differs.
"""
import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, 'tests', 'unit', 'fuse_types.txt')


def make_arg(cp, spec):
    if spec in ('int', 'float', 'bool', 'complex'):
        return {'int': 2, 'float': 2.5, 'bool': True, 'complex': 1.5 + 2j}[spec]
    if spec.endswith('[:,:]'):
        return cp.ones((4, 3), dtype=spec[:-5])
    if spec.endswith('[:]'):
        return cp.ones((4,), dtype=spec[:-3])
    return np.dtype(spec).type(2)


def result_types(cp, body, args):
    names = ['x', 'y', 'z'][:len(args)]
    stmts = body.split(';') if ';' in body else ['return ' + body]
    src = 'def f(%s):\n' % ', '.join(names) + ''.join('    %s\n' % s.strip() for s in stmts)
    env = {'cp': cp}
    exec(src, env)  # noqa: S102
    r = cp.fuse()(env['f'])(*[make_arg(cp, a) for a in args])
    r = r if isinstance(r, tuple) else (r,)
    return ','.join(str(v.dtype) for v in r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--write', action='store_true')
    opts = ap.parse_args()
    import cupy as cp
    lines = open(TABLE).read().splitlines()
    out, diff = [], 0
    for line in lines:
        if not line.strip() or line.startswith('#'):
            out.append(line)
            continue
        body, args, want = [p.strip() for p in line.split('|')]
        try:
            got = result_types(cp, body, args.split())
        except Exception as e:  # noqa: BLE001
            got = 'error:' + type(e).__name__
        if got != want:
            diff += 1
            print('DIFF %s | %s | stored %s, CuPy %s' % (body, args, want, got))
        out.append('%s | %s | %s' % (body, args, got))
    if opts.write:
        open(TABLE, 'w').write('\n'.join(out) + '\n')
    print('%d cases, %d differ' % (len(out), diff))
    return 1 if diff and not opts.write else 0


if __name__ == '__main__':
    sys.exit(main())
