"""Structured and void dtypes as kernel-form arguments, as CuPy 14.2 types them: CuPy's own
tests/cupy_tests/core_tests/test_structured.py, its cases that reach a kernel, ported to
the Python package on the CPU backend (NumPy arrays). An array of a structured dtype is a
`cupy::StructView<...>` in the kernel (field access by index, `.at<1>()`, `T::field_count`,
== and != and assignment field by field), one of unstructured bytes ("V8") a
`cupy::UnstructuredVoid<8>`; a field CuPy finds misaligned is CuPy's ValueError at the
launch (cupy/_core/_scalar.pyx, _build_struct_typename). NumPy computes every expected
value.

    python3 tests/python/test_structured.py        (after `make python`)
"""
from __future__ import annotations

import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy  # noqa: E402

import pykc  # noqa: E402

# CuPy's own kernel of get_cuda_alignment (cupy/_core/_scalar.pyx), which
# make_aligned_dtype runs for a dtype outside its table (a void field: "?,(4,)V3")
ALIGNMENT = pykc.ElementwiseKernel("T in", "int64 out",
                                   "using in_t = decltype(in); out = alignof(in_t);",
                                   "_cupy_get_cuda_alignment")
SIZE = pykc.ElementwiseKernel("T in", "int64 out", "out = sizeof(T);", "struct_size")


def aligned(names, formats, offsets, itemsize, align=None):
    """A dtype laid out as cupy.make_aligned_dtype lays it out (explicit offsets, the
    alignment as its __cuda_alignment__ metadata)."""
    md = {"__cuda_alignment__": align} if align else None
    return numpy.dtype({"names": names, "formats": formats, "offsets": offsets,
                        "itemsize": itemsize}, metadata=md)


class KernelFieldAccess(unittest.TestCase):
    # TestKernelFieldAccess.test_elementwise_kernel, as CuPy's test writes it
    def test_elementwise_kernel(self):
        kernel = pykc.ElementwiseKernel(
            'T in', 'T out',
            '''
            static_assert(T::field_count == 2, "expected 2 fields");
            out.at<1>() = -in.at<0>();
            ''',
            'test_struct_access')
        x = numpy.array([1, 2, 3], dtype="i,i")
        y = numpy.array([4, 5, 6], dtype="i,i")
        kernel(x, y)
        expected = numpy.array([(4, -1), (5, -2), (6, -3)], dtype="i,i")
        numpy.testing.assert_array_equal(y, expected)

    def test_output_allocated_with_the_dtype(self):
        dt = numpy.dtype([("a", "i8"), ("b", "f8")])
        k = pykc.ElementwiseKernel("T x", "T y", "y = x; y.at<1>() = y.at<1>() * 2;",
                                   "struct_copy")
        x = numpy.array([(1, 1.5), (2, 2.5), (3, 3.5)], dtype=dt)
        y = k(x)
        self.assertEqual(k._cached_codes, {})        # (--sig cannot spell a void dtype)
        self.assertIn("cupy::StructView<", k.cached_code)
        self.assertEqual(y.dtype, dt)
        numpy.testing.assert_array_equal(y["a"], x["a"])
        numpy.testing.assert_array_equal(y["b"], x["b"] * 2)

    def test_strided_and_2d(self):
        k = pykc.ElementwiseKernel("T x", "T y", "y.at<0>() = x.at<1>(); y.at<1>() = x.at<0>();",
                                   "struct_swap")
        x = numpy.arange(24, dtype=numpy.int32).view("i4,i4").reshape(3, 4)
        y = numpy.zeros((3, 2), dtype="i4,i4")
        k(x[:, ::2], y)
        numpy.testing.assert_array_equal(y["f0"], x[:, ::2]["f1"])
        numpy.testing.assert_array_equal(y["f1"], x[:, ::2]["f0"])

    def test_each_dtype_its_own_specialisation(self):
        for dt, want in (("i,i", 8), ("q,q", 16), ("i,i,i", 12), ("V3", 3), ("V8", 8)):
            with self.subTest(dt=dt):
                self.assertEqual(int(SIZE(numpy.zeros((), dtype=dt))), want)

    def test_plans_follow_the_dtype(self):
        # same item size, same shapes: each call's output takes its own input's dtype
        k = pykc.ElementwiseKernel("T x", "T y", "y = x;", "struct_plan")
        for dt in ("i4,i4", "f4,f4", "V8", "i4,i4", [("a", "i4"), ("b", "i4")]):
            with self.subTest(dt=dt):
                x = numpy.arange(6, dtype=numpy.int32).view(dt)
                y = k(x)
                self.assertEqual(y.dtype, x.dtype)
                self.assertEqual(y.tobytes(), x.tobytes())

    def test_nested_field(self):
        dt = numpy.dtype([("a", "i,i"), ("b", "i,i")])
        k = pykc.ElementwiseKernel("T x", "T y",
                                   "y = x; y.at<0>().at<0>() += x.at<1>().at<1>();",
                                   "nested_add")
        x = numpy.array([((1, 2), (3, 4)), ((5, 6), (7, 8))], dtype=dt)
        y = k(x)
        want = x.copy()
        want["a"]["f0"] += want["b"]["f1"]          # TestFieldAccess.test_nested
        numpy.testing.assert_array_equal(y, want)


class Reduction(unittest.TestCase):
    # a ReductionKernel over structured values: its map reads fields, its reduction may
    # carry the struct itself (an identity built from a scalar: every field)
    def test_sum_of_fields(self):
        r = pykc.ReductionKernel("T x", "int64 y", "x.at<0>() + x.at<1>()", "a + b", "y = a",
                                 "0", "struct_sum")
        x = numpy.arange(24, dtype=numpy.int64).view("i8,i8").reshape(3, 4)
        self.assertEqual(int(r(x)), int((x["f0"] + x["f1"]).sum()))
        numpy.testing.assert_array_equal(r(x, axis=1), (x["f0"] + x["f1"]).sum(axis=1))

    def test_struct_valued(self):
        r = pykc.ReductionKernel("T x", "T y", "x", "a.at<0>() < b.at<0>() ? a : b", "y = a",
                                 "T(1000)", "struct_min")
        x = numpy.array([(4, 1), (2, 7), (3, 5)], dtype="i4,i4")
        y = r(x)
        self.assertEqual(y.dtype, x.dtype)
        self.assertEqual(y[()], x[1])


class FieldCasting(unittest.TestCase):
    # TestFieldCasting: a StructView constructed from another, field by field
    CAST = pykc.ElementwiseKernel("T x", "U y", "y = U(x);", "struct_cast")

    def test_casting_simple(self):
        a = numpy.array([(1, 2.), (3, 4.)], dtype="i8,f8")
        b = numpy.empty(2, dtype="f8,i8")
        self.CAST(a, b)
        numpy.testing.assert_array_equal(b, a.astype("f8,i8"))

    def test_casting_nested(self):
        dtype = numpy.dtype([("a", "f8"), ("b", numpy.dtype("i8,f8"))])
        a = numpy.array([(1, (2, 3.5)), (3, (4, 5.5))], dtype=dtype)
        new_dtype = numpy.dtype([("a", "f4"), ("b", numpy.dtype("f4,i4"))])
        b = numpy.empty(2, dtype=new_dtype)
        self.CAST(a, b)
        numpy.testing.assert_array_equal(b, a.astype(new_dtype))


class Comparison(unittest.TestCase):
    # TestComparison: == and != of two structured values compare field by field
    EQ = pykc.ElementwiseKernel("T a, U b", "bool out", "out = a == b;", "struct_eq")
    NE = pykc.ElementwiseKernel("T a, U b", "bool out", "out = a != b;", "struct_ne")

    def check(self, a, b):
        import operator
        for k, op in ((self.EQ, operator.eq), (self.NE, operator.ne)):
            aa, bb = numpy.broadcast_arrays(a, b)
            want = op(a, b.astype(a.dtype))          # NumPy compares field by field
            numpy.testing.assert_array_equal(k(aa, bb), want)

    def test_simple(self):
        a = numpy.array([(1, 2)], dtype="i8,f8")
        b = numpy.array([(1, 2.), (1, 3), (3, 2)], dtype="i8,f8")
        self.check(a, b)

    def test_with_cast_simple(self):
        a = numpy.array([(1, 2)], dtype="i8,f8")
        b = numpy.array([(1, 2.), (1, 3), (3, 2)], dtype="f8,i8")
        self.check(a, b)

    def test_nested(self):
        adtype = numpy.dtype([("a", "f8"), ("b", numpy.dtype("i8,f8"))])
        bdtype = numpy.dtype([("a", "f4"), ("b", numpy.dtype("f4,i4"))])
        a = numpy.array([(1, (2, 3))], dtype=adtype)
        b = numpy.array([(1, (2, 3)), (1, (2, 4)), (1, (3, 3))], dtype=bdtype)
        self.check(a, b)

    def test_many_fields(self):
        dtype = numpy.dtype([(f"f{i}", "i1") for i in range(256)])
        a = numpy.zeros(3, dtype=dtype)
        b = numpy.zeros(3, dtype=dtype)
        b[1]["f200"] = 1
        self.check(a, b)

    def test_promotion_aligned(self):
        # f8,c16 laid out for the GPU (complex128 16-aligned): 32 bytes, as
        # make_aligned_dtype(numpy.result_type("f8,c8", "f8,f8")) makes it
        dt = aligned(["f0", "f1"], ["f8", "c16"], [0, 16], 32, 16)
        a = numpy.array([(1, 2), (1, 3), (2, 3)], dtype="f8,c16").astype(dt)
        b = numpy.array([(1, 2), (1, 3j), (2, 3)], dtype="f8,c16").astype(dt)
        self.assertEqual(int(ALIGNMENT(numpy.zeros((), dtype=dt))), 16)
        self.check(a, b)


class GetTypename(unittest.TestCase):
    # TestGetTypename: the kernel launch fails as get_typename does (ValueError)
    def test_final_alignment_check(self):
        with self.assertRaisesRegex(ValueError, "Itemsize 9 is not a multiple"):
            SIZE(numpy.ones(10, dtype="f8,?"))

    def test_bad_field(self):
        with self.assertRaisesRegex(ValueError, "Field f1 with offset 1 is not "):
            SIZE(numpy.ones(10, dtype="?,f8"))

    def test_messages_name_the_dtype(self):
        with self.assertRaisesRegex(ValueError, r"aligned to 8 in dtype \[\('f0', '\?'\), "
                                                r"\('f1', '<f8'\)\]\. This is not supported "
                                                r"by CuPy"):
            SIZE(numpy.ones(2, dtype="?,f8"))
        with self.assertRaisesRegex(ValueError, r"Itemsize 9 is not a multiple of alignment 8 "
                                                r"for dtype \[\('f0', '<f8'\), \('f1', '\?'\)\]"):
            SIZE(numpy.ones(2, dtype="f8,?"))

    def test_subarray_field(self):
        # CuPy's get_typename of a subarray field: "Unsupported dtype"
        with self.assertRaisesRegex(ValueError, r"Unsupported dtype \('<c8', \(3,\)\)"):
            SIZE(numpy.zeros(2, dtype="?,(3,)c8"))
        with self.assertRaisesRegex(ValueError, "Unsupported dtype"):
            SIZE(numpy.zeros(2, dtype=numpy.dtype([("a", "i4,f4", (3,))])))

    def test_references_rejected(self):
        # TestCreation.test_reject_references: a dtype holding objects
        with self.assertRaises(ValueError):
            SIZE(numpy.array([(1, None)], dtype="q,O"))

    def test_big_endian_field(self):
        with self.assertRaisesRegex(TypeError, "not supported"):
            SIZE(numpy.zeros(2, dtype=">i4,>i4"))

    def test_mismatch(self):
        k = pykc.ElementwiseKernel("T a, T b", "T c", "c = a;", "struct_same")
        with self.assertRaisesRegex(TypeError, r"Type is mismatched\. b \[\('f0', '<i8'\), "
                                               r"\('f1', '<i8'\)\] \[\('f0', '<i4'\), "
                                               r"\('f1', '<i4'\)\] T"):
            k(numpy.zeros(2, "i4,i4"), numpy.zeros(2, "i8,i8"))
        with self.assertRaisesRegex(TypeError, "Type is mismatched"):
            SIZE(numpy.zeros(2, "i4,i4"), numpy.zeros(2, "i4,i4"))

    def test_structured_scalar(self):
        # a numpy.void scalar is a 0-d array of its dtype (CuPy's CScalar of it: the same)
        k = pykc.ElementwiseKernel("T a, T b", "T c", "c = b; c.at<0>() += a.at<0>();",
                                   "struct_scalar")
        s = numpy.array((5, 7), dtype="i4,i4")[()]
        c = k(numpy.array([(1, 2), (3, 4)], dtype="i4,i4"), s)
        numpy.testing.assert_array_equal(c, numpy.array([(6, 7), (8, 7)], dtype="i4,i4"))


class OtherKernels(unittest.TestCase):
    def test_jit_kernel_refuses(self):
        # cupyx.jit kernels type their arguments by dtype: a structured one is none
        from pykc import jit

        @jit.rawkernel()
        def touch(x):
            pass
        with self.assertRaisesRegex(TypeError, "structured .void. dtype, which only an "
                                               "ElementwiseKernel or a ReductionKernel"):
            touch((1,), (1,), (numpy.zeros(3, "i4,i4"),))


class MakeAlignedDtype(unittest.TestCase):
    # TestMakeAlignedDtype's dtypes as make_aligned_dtype lays them out: the kernel's
    # alignof and sizeof of each (CuPy's get_cuda_alignment asks a kernel the same)
    CASES = [
        (aligned(["f0", "f1"], ["?", "c8"], [0, 8], 16, 8), 8, 16),
        (aligned(["f0", "f1"], ["c8", "?"], [0, 8], 16, 8), 8, 16),
        (aligned(["a", "b"], [aligned(["f0", "f1"], ["c8", "?"], [0, 8], 16, 8), "?"],
                 [0, 16], 24, 8), 8, 24),
        (aligned(["a", "b"], ["?", aligned(["f0", "f1"], ["c8", "?"], [0, 8], 16, 8)],
                 [0, 8], 24, 8), 8, 24),
        (numpy.dtype("i1,u2,i4,q", align=True), 8, 16),
        (numpy.dtype("V3"), 1, 3),
    ]

    def test_alignment_and_size(self):
        for dt, align, size in self.CASES:
            with self.subTest(dt=dt):
                z = numpy.zeros((), dtype=dt)
                self.assertEqual(int(ALIGNMENT(z)), align)
                self.assertEqual(int(SIZE(z)), size)

    def test_metadata_alignment(self):
        # __cuda_alignment__ larger than the fields': the struct takes it
        dt = aligned(["f0", "f1"], ["i4", "i4"], [0, 4], 16, 16)
        self.assertEqual(int(ALIGNMENT(numpy.zeros((), dtype=dt))), 16)


class UnstructuredVoid(unittest.TestCase):
    # TestUnstructuredVoid: bytes compare byte by byte; assignment copies the bytes of
    # the value and zero-fills the rest (cupy/unstructured_void.cuh)
    def test_comparison_equal_same_size(self):
        a = numpy.array([b"87654321", b"12345678"], dtype="V8")
        b = numpy.array([b"87654321", b"1234567_"], dtype="V8")
        eq = pykc.ElementwiseKernel("T a, T b", "bool out", "out = a == b;", "void_eq")
        ne = pykc.ElementwiseKernel("T a, T b", "bool out", "out = a != b;", "void_ne")
        numpy.testing.assert_array_equal(eq(a, b), a == b)
        numpy.testing.assert_array_equal(ne(a, b), a != b)

    def test_assignment_of_values(self):
        k = pykc.ElementwiseKernel("T x", "U y", "y = x;", "void_assign")
        for src in (numpy.arange(10).astype("int64"), numpy.arange(10).astype("int8"),
                    numpy.arange(10).astype("complex128"), numpy.arange(10).astype("float32")):
            with self.subTest(dtype=src.dtype):
                a = numpy.full(10, -1, dtype="int64").view("V8")
                k(src, a)
                raw = numpy.zeros((10, 8), dtype=numpy.uint8)
                n = min(8, src.itemsize)
                raw[:, :n] = src.view(numpy.uint8).reshape(10, -1)[:, :n]
                numpy.testing.assert_array_equal(a.view(numpy.uint8).reshape(10, 8), raw)


class RawKernelStructs(unittest.TestCase):
    # RawKernel: an array of a structured dtype is its pointer, as CuPy passes it
    def test_struct_pointer(self):
        code = r'''
        struct P { int a; float b; };
        extern "C" __global__ void twice(const P* x, P* y, int n) {
          int i = threadIdx.x;
          if (i < n) { y[i].a = 2 * x[i].a; y[i].b = x[i].b + 1; }
        }
        '''
        x = numpy.array([(1, 1.5), (2, 2.5)], dtype="i4,f4")
        y = numpy.zeros(2, dtype="i4,f4")
        pykc.RawKernel(code, "twice")((1,), (2,), (x, y, numpy.int32(2)))
        numpy.testing.assert_array_equal(y["f0"], 2 * x["f0"])
        numpy.testing.assert_array_equal(y["f1"], x["f1"] + 1)


if __name__ == "__main__":
    unittest.main()
