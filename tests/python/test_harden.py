"""The host process is never harmed (issue 18): the Python package on the CPU backend.

    python3 tests/python/test_harden.py        (after `make python`)

Failed specialisations fail every time; the reproductions of ../shared/repro2 that run in
the interpreter (copied here so that the tests stand alone).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402


@jit.rawkernel()
def half_typed(done, x, y):
    i = jit.grid(1)
    done[i] = 1
    x[i] = y[i] * 2      # complex64 -> int32: a type error for that signature


def run_child(code, *args, timeout=60, env=None):
    """Runs CODE in a fresh interpreter (from a file: pykc reads the kernels' source);
    returns (exit status, output)."""
    d = tempfile.mkdtemp()
    path = os.path.join(d, "child.py")
    with open(path, "w") as f:
        f.write("import sys\nsys.path.insert(0, %r)\n" % os.path.join(ROOT, "python"))
        f.write(textwrap.dedent(code))
    e = dict(os.environ, **(env or {}))
    p = subprocess.run([sys.executable, path, *args], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout, env=e)
    return p.returncode, p.stdout.decode(errors="replace")


class FailedSpecialisation(unittest.TestCase):
    def test_fails_every_time(self):          # repro2 py_failed_spec_reused.py (N5)
        done = np.zeros(4, np.int32)
        x = np.zeros(4, np.int32)
        y = np.arange(4).astype(np.complex64)
        for _ in range(3):
            with self.assertRaisesRegex(pykc.CompileError, "cannot convert complex64 to int32"):
                half_typed((1,), (4,), (done, x, y))
        self.assertEqual(done.tolist(), [0, 0, 0, 0])
        self.assertEqual(half_typed._signatures(), [])
        yf = np.arange(4, dtype=np.int32)
        half_typed((1,), (4,), (done, x, yf))   # the kernel itself is fine for int32
        self.assertEqual(x.tolist(), [0, 2, 4, 6])
        self.assertEqual(len(half_typed._signatures()), 1)


if __name__ == "__main__":
    unittest.main(verbosity=1)
