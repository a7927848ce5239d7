"""The row/column sums of make bench (bench.py): a plain sum as a cp.ReductionKernel."""
import cupy as cp

rsum = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rsum')
