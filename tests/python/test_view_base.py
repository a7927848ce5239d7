"""A kernel given a view reads and writes the memory around it, as on the GPU (CPU backend).

    python3 tests/python/test_view_base.py     (after `make python`)

On the GPU a view is a pointer into its parent's allocation: CuPy's CArray indexes by
pointer arithmetic (no wrap, no bounds), so `v[-1]` of `v = m[1:]` is m's element before
v, and a raw pointer past v's end reads the parent's next elements (qibo reads `v[0, -1]`
so). The Python package gives the CPU backend a NumPy view's allocation (its .base chain:
pykc_arg.value.alloc), whose guarded copy then holds the parent's bytes there instead of
a canary (0xA5A5A5A5). Each expected value below is the parent's element a GPU reads: the
flat index of the view's first element plus the offset. Past the allocation a kernel still
faults, and the message names kernel, block and thread. tests/python/gpu.py ("views read
their parent") runs the same kernels with CuPy on a GPU against the CPU backend.
"""
from __future__ import annotations

import mmap
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402

RD_SRC = r'''
extern "C" __global__ void rd(const float* x, long long off, float* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = x[i + off];
}
extern "C" __global__ void wr(float* x, long long off, float v) {
  x[threadIdx.x + off] = v;
}
'''
rd = pykc.RawKernel(RD_SRC, "rd")
wr = pykc.RawKernel(RD_SRC, "wr")
ek_rd = pykc.ElementwiseKernel("raw T x, int64 off", "T y", "y = x[i + off]", "ek_rd")


@jit.rawkernel()
def jit_rd(x, off, out):
    i = jit.threadIdx.x
    if i < out.size:
        out[i] = x[i + off]


def first(v, parent):
    """The flat index in PARENT (C-contiguous) of view V's first element."""
    return (v.__array_interface__["data"][0] - parent.__array_interface__["data"][0]) // parent.itemsize


def read(kind, v, off, n):
    out = np.zeros(n, np.float32)
    if kind == "raw":
        rd((1,), (n,), (v, np.int64(off), out, np.int32(n)))
    elif kind == "jit":
        jit_rd((1,), (n,), (v, np.int64(off), out))
    else:
        ek_rd(v, np.int64(off), out)
    return out


class ViewReads(unittest.TestCase):
    def setUp(self):
        self.m = np.arange(60, dtype=np.float32).reshape(6, 10)
        self.flat = self.m.reshape(-1)

    def check(self, kind, v, off, n=5):
        """A RawKernel's float* is a plain pointer; jit's and a raw ElementwiseKernel
        parameter's 1-d CArray steps by the view's stride."""
        step = 1 if kind == "raw" else v.strides[0] // v.itemsize
        want = self.flat[first(v, self.m) + (off + np.arange(n)) * step]
        np.testing.assert_array_equal(read(kind, v, off, n), want,
                                      err_msg=f"{kind}: view at {first(v, self.m)}, offset {off}")

    def test_before_the_start(self):
        """v = m[1:] (qibo): v[-1], v[-10] are m's first row's elements; a column's x[-1]
        is the element a row up."""
        self.check("raw", self.m[1:], -10)
        self.check("raw", self.m[3:, 4:], -25)
        for kind in ("raw", "jit", "ewk"):
            self.check(kind, self.m[1:].reshape(-1), -3)
            self.check(kind, self.m[2, 5:8], -20)
            self.check(kind, self.m[2:, 3], -2)       # strided: two rows up

    def test_past_the_end(self):
        """A pointer past the view's extent, inside the parent."""
        self.check("raw", self.m[:2], 30)
        self.check("raw", self.m[::2, ::3], 41)
        for kind in ("raw", "jit", "ewk"):
            self.check(kind, self.m[1, 2:4], 7)
            self.check(kind, self.m[:3, 1], 2, 3)     # strided: rows below the view's last

    def test_views_of_views(self):
        """A view of a view of a transposed copy: the .base chain's end is the owner."""
        t = np.ascontiguousarray(self.m.T)           # its own allocation
        v = t[2:][1:, 3:][0]
        want = t.reshape(-1)[first(v, t) - 4 + np.arange(5)]
        np.testing.assert_array_equal(read("raw", v, -4, 5), want)

    def test_calls_with_other_parents(self):
        """A kernel form's second call with the same shapes (its kept launch plan) reads the
        second call's parent, not the first's."""
        for scale in (1, 10, 100):
            m = np.arange(40, dtype=np.float32).reshape(4, 10) * scale
            np.testing.assert_array_equal(read("ewk", m[2], -3, 4), m.reshape(-1)[17:21])

    def test_other_owners(self):
        """Memory a NumPy array does not own: a bytearray, an mmap, a structured array's
        field (its base a record array: the float before is the record's other field)."""
        ba = bytearray(np.arange(16, dtype=np.float32).tobytes())
        v = np.frombuffer(ba, np.float32)[6:9]
        np.testing.assert_array_equal(read("raw", v, -6, 3), [0, 1, 2])
        mm = mmap.mmap(-1, 64)
        mm[:] = np.arange(16, dtype=np.float32).tobytes()
        v = np.frombuffer(mm, np.float32)[10:]
        np.testing.assert_array_equal(read("raw", v, -2, 3), [8, 9, 10])
        del v
        mm.close()
        rec = np.zeros(4, dtype=[("a", "<f4"), ("b", "<f4")])
        rec["a"], rec["b"] = [1, 2, 3, 4], [10, 20, 30, 40]
        b = rec["b"]
        np.testing.assert_array_equal(read("raw", b, -1, 1), [1])
        np.testing.assert_array_equal(read("ewk", b, 1, 3), [20, 30, 40])

    def test_writes_reach_the_parent(self):
        """A write before the view's start lands in the parent, as on the GPU."""
        m = np.zeros((3, 4), np.float32)
        wr((1,), (1,), (m[1:], np.int64(-1), np.float32(7)))
        wr((1,), (1,), (m[0, :2], np.int64(5), np.float32(9)))
        want = np.zeros(12, np.float32)
        want[3], want[5] = 7, 9
        np.testing.assert_array_equal(m.reshape(-1), want)

    def test_read_only(self):
        """A read-only view reads its parent; a write there is refused and changes nothing."""
        m = np.arange(12, dtype=np.float32)
        m.flags.writeable = False
        np.testing.assert_array_equal(read("raw", m[4:], -4, 3), [0, 1, 2])
        with self.assertRaisesRegex(ValueError, "wrote to argument 'x', a read-only array"):
            wr((1,), (1,), (m[4:], np.int64(-2), np.float32(7)))
        np.testing.assert_array_equal(m, np.arange(12))
        w = np.arange(12, dtype=np.float32)           # a writable view of a writable parent
        ro = w[6:]                                     # beside a read-only one
        ro.flags.writeable = False
        cp2 = pykc.RawKernel(r'''extern "C" __global__ void cp2(const float* x, float* y) {
          y[0] = x[-1]; }''', "cp2")
        cp2((1,), (1,), (ro, w[:2]))
        self.assertEqual(w[0], 5)

    def test_past_the_allocation_faults(self):
        """Outside the parent the kernel still faults, named with its block and thread; a
        write below it is reported by argument (below a parent of whole pages: a fault)."""
        m = np.zeros((4, 1000), np.float32)
        with self.assertRaisesRegex(pykc.LaunchError, r"invalid memory access .*kernel 'rd', "
                                    r"block \(0,0,0\), thread \(0,0,0\)"):
            read("raw", m[2:3], 2 * 1000 + 4096, 1)
        with self.assertRaisesRegex(pykc.LaunchError, r"kernel 'wr' wrote out of bounds: 4 bytes "
                                    r"before the start of the allocation of argument 'x'"):
            wr((1,), (1,), (m[1:], np.int64(-1001), np.float32(1)))
        pages = np.zeros((4, 1024), np.float32)
        with self.assertRaisesRegex(pykc.LaunchError, r"invalid memory access .*kernel 'wr', "
                                    r"block \(0,0,0\), thread \(0,0,0\)"):
            wr((1,), (1,), (pages[1:], np.int64(-1025), np.float32(1)))
        self.assertEqual(int(np.count_nonzero(m)) + int(np.count_nonzero(pages)), 0)


if __name__ == "__main__":
    unittest.main()
