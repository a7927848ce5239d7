#!/usr/bin/env python3
"""Differential test of constant folding (sema_fold.c) against the emitted code.

Writes one kernel in which every case appears twice: with constant operands, which sema
folds (cp.int32(-7) // cp.int32(2)), and with the same operands made opaque by adding an
element of a zero array (cp.int32(-7) + z[0]), which the emitted helpers compute at run
time. Runs it on the CPU backend (`pykc run --cpu`) and compares the two result arrays of
every dtype element by element; prints each mismatch with its expression.

Cases: int8..uint64; //, %, ** and <<, >> (counts in [0, width)); zero,
negative, one, minus one and extreme operands; division by zero as the language defines
it (integer x // 0 and x % 0 give 0). It also checks that the folded side really was
folded (`pykc check --dump-ir` shows a constant) for the 32/64-bit types, where sema folds
typed constants, MIN // -1 and MIN % -1 included (NumPy's MIN and 0, as the device gives).

  python3 tests/cli/fold_diff.py PYKC [--dump]      exit 0: agree, 1: a mismatch
(run by tests/cli/fold_diff.sh in `make test`)
"""
import os
import struct
import subprocess
import sys
import tempfile

DTYPES = [  # name, bits, signed, npy code
    ('int8', 8, True, 'i1'), ('uint8', 8, False, 'u1'), ('int16', 16, True, 'i2'),
    ('uint16', 16, False, 'u2'), ('int32', 32, True, 'i4'), ('uint32', 32, False, 'u4'),
    ('int64', 64, True, 'i8'), ('uint64', 64, False, 'u8'),
]
OPS = ['//', '%', '**', '<<', '>>']


def operands(bits, signed):
    if signed:
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return [0, 1, -1, 2, -3, 7, hi, lo]
    hi = (1 << bits) - 1
    return [0, 1, 2, 7, hi, 1 << (bits - 1)]


def cases(name, bits, signed):
    vals = operands(bits, signed)
    for op in OPS:
        if op in ('<<', '>>'):
            rights = [0, 1, 3, bits - 1]
        elif op == '**':
            rights = [0, 1, 2, 3, 5] + ([-1, -2] if signed else [])
        else:
            rights = vals
        for a in vals:
            for b in rights:
                yield a, op, b


def lit(name, v):
    return 'cp.%s(%d)' % (name, v)


def write_kernel(path):
    params, body, counts = [], [], {}
    for name, bits, signed, _ in DTYPES:
        params += ['z_%s: cp.%s[:]' % (name, name), 'f_%s: cp.%s[:]' % (name, name),
                   'r_%s: cp.%s[:]' % (name, name)]
        n = 0
        for a, op, b in cases(name, bits, signed):
            fa, fb = lit(name, a), lit(name, b)
            ra = '(%s + z_%s[0])' % (fa, name)
            rb = '(%s + z_%s[0])' % (fb, name)
            body.append('    f_%s[%d] = %s %s %s' % (name, n, fa, op, fb))
            body.append('    r_%s[%d] = %s %s %s' % (name, n, ra, op, rb))
            n += 1
        counts[name] = n
    with open(path, 'w') as f:
        f.write('import cupy as cp\nfrom cupyx import jit\n\n\n@jit.rawkernel()\n')
        f.write('def fold(%s):\n' % ', '.join(params))
        f.write('\n'.join(body) + '\n')
    return counts


def read_npy(path, code, n):
    with open(path, 'rb') as f:
        data = f.read()
    hlen = struct.unpack('<H', data[8:10])[0]
    fmt = {'i1': 'b', 'u1': 'B', 'i2': 'h', 'u2': 'H', 'i4': 'i', 'u4': 'I', 'i8': 'q',
           'u8': 'Q'}[code]
    return list(struct.unpack('<%d%s' % (n, fmt), data[10 + hlen:10 + hlen + n * struct.calcsize(fmt)]))


def main():
    pykc = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else 'build/pykc'
    with tempfile.TemporaryDirectory() as t:
        src = os.path.join(t, 'fold.py')
        counts = write_kernel(src)
        if '--dump' in sys.argv:
            sys.stdout.write(open(src).read())
            return 0
        # the folded side must be folded where sema folds (32/64-bit typed constants)
        ir = subprocess.run([pykc, 'check', '--dump-ir', src], capture_output=True, text=True)
        if ir.returncode:
            sys.stderr.write(ir.stderr)
            return 1
        args = [pykc, 'run', '--cpu', src, '--kernel', 'fold', '--grid', '1', '--block', '1']
        for name, _, _, _ in DTYPES:
            n = counts[name]
            args += ['z_%s=zeros:%s:1' % (name, name), 'f_%s=zeros:%s:%d' % (name, name, n),
                     'r_%s=zeros:%s:%d' % (name, name, n),
                     '--out', 'f_%s=%s/f_%s.npy' % (name, t, name),
                     '--out', 'r_%s=%s/r_%s.npy' % (name, t, name)]
        run = subprocess.run(args, capture_output=True, text=True)
        if run.returncode:
            sys.stderr.write(run.stdout + run.stderr)
            return 1
        bad = total = 0
        unfolded = folded_ops = 0
        for name, bits, signed, code in DTYPES:
            n = counts[name]
            f = read_npy('%s/f_%s.npy' % (t, name), code, n)
            r = read_npy('%s/r_%s.npy' % (t, name), code, n)
            for i, (a, op, b) in enumerate(cases(name, bits, signed)):
                total += 1
                if f[i] != r[i]:
                    bad += 1
                    if bad <= 20:
                        print('MISMATCH %s: %s %s %s folds to %d, the emitted code gives %d'
                              % (name, a, op, b, f[i], r[i]))
        # the folded side's values in the IR dump: `f_T[i] = <const>`, in case order
        consts = {}
        lines = ir.stdout.splitlines()
        for j, line in enumerate(lines):
            s = line.strip()
            if s.startswith('lhs: var var=f_') and j + 3 < len(lines):
                name = s.split('=')[1].split()[0][2:]
                rhs = next(x.strip() for x in lines[j + 1:] if x.strip().startswith('rhs:'))
                consts.setdefault(name, []).append(rhs.startswith('rhs: const'))
        for name, bits, signed, _ in DTYPES:
            if bits < 32:
                continue
            for i, (a, op, b) in enumerate(cases(name, bits, signed)):
                folded_ops += 1
                if not consts[name][i]:
                    unfolded += 1
                    if unfolded <= 20:
                        print('FOLDING %s: %s %s %s was not folded' % (name, a, op, b))
        print('%d cases, %d mismatches; %d of %d 32/64-bit cases not folded'
              % (total, bad, unfolded, folded_ops))
        return 1 if bad or unfolded else 0


if __name__ == '__main__':
    sys.exit(main())
