# run: --kernel jit_cub_warp_reduce_sum --grid 32 --block 32 xi1=@jit_cub_warp_reduce_sum.xi1.npy yi1=zeros:int8:32 xu2=@jit_cub_warp_reduce_sum.xu2.npy yu2=zeros:uint16:32 xi4=@jit_cub_warp_reduce_sum.xi4.npy yi4=zeros:int32:32 xu8=@jit_cub_warp_reduce_sum.xu8.npy yu8=zeros:uint64:32 xf2=@jit_cub_warp_reduce_sum.xf2.npy yf2=zeros:float16:32 xf4=@jit_cub_warp_reduce_sum.xf4.npy yf4=zeros:float32:32 xf8=@jit_cub_warp_reduce_sum.xf8.npy yf8=zeros:float64:32
# check: yi1 yu2 yi4 yu8 yf2 yf4 yf8
# input: xi1 = rng.integers(0, 10, (32, 32)).astype(np.int8)
# input: xu2 = rng.integers(0, 10, (32, 32)).astype(np.uint16)
# input: xi4 = rng.integers(0, 10, (32, 32)).astype(np.int32)
# input: xu8 = rng.integers(0, 10, (32, 32)).astype(np.uint64)
# input: xf2 = (rng.random((32, 32)) * 10).astype(np.float16)
# input: xf4 = (rng.random((32, 32)) * 10).astype(np.float32)
# input: xf8 = (rng.random((32, 32)) * 10).astype(np.float64)
# CuPy's test_cub.py TestCubWarpReduce.test_reduce_sum: .Reduce(v, jit.cub.Sum()).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_cub_warp_reduce_sum(
        xi1: cp.int8[:, :], yi1: cp.int8[:],
        xu2: cp.uint16[:, :], yu2: cp.uint16[:],
        xi4: cp.int32[:, :], yi4: cp.int32[:],
        xu8: cp.uint64[:, :], yu8: cp.uint64[:],
        xf2: cp.float16[:, :], yf2: cp.float16[:],
        xf4: cp.float32[:, :], yf4: cp.float32[:],
        xf8: cp.float64[:, :], yf8: cp.float64[:]):
    i, j = jit.blockIdx.x, jit.threadIdx.x

    R_i1 = jit.cub.WarpReduce[cp.int8]
    temp_i1 = jit.shared_memory(dtype=R_i1.TempStorage, size=1)
    a_i1 = R_i1(temp_i1[0]).Reduce(xi1[i, j], jit.cub.Sum())
    if j == 0:
        yi1[i] = a_i1

    R_u2 = jit.cub.WarpReduce[cp.uint16]
    temp_u2 = jit.shared_memory(dtype=R_u2.TempStorage, size=1)
    a_u2 = R_u2(temp_u2[0]).Reduce(xu2[i, j], jit.cub.Sum())
    if j == 0:
        yu2[i] = a_u2

    R_i4 = jit.cub.WarpReduce[cp.int32]
    temp_i4 = jit.shared_memory(dtype=R_i4.TempStorage, size=1)
    a_i4 = R_i4(temp_i4[0]).Reduce(xi4[i, j], jit.cub.Sum())
    if j == 0:
        yi4[i] = a_i4

    R_u8 = jit.cub.WarpReduce[cp.uint64]
    temp_u8 = jit.shared_memory(dtype=R_u8.TempStorage, size=1)
    a_u8 = R_u8(temp_u8[0]).Reduce(xu8[i, j], jit.cub.Sum())
    if j == 0:
        yu8[i] = a_u8

    R_f2 = jit.cub.WarpReduce[cp.float16]
    temp_f2 = jit.shared_memory(dtype=R_f2.TempStorage, size=1)
    a_f2 = R_f2(temp_f2[0]).Reduce(xf2[i, j], jit.cub.Sum())
    if j == 0:
        yf2[i] = a_f2

    R_f4 = jit.cub.WarpReduce[cp.float32]
    temp_f4 = jit.shared_memory(dtype=R_f4.TempStorage, size=1)
    a_f4 = R_f4(temp_f4[0]).Reduce(xf4[i, j], jit.cub.Sum())
    if j == 0:
        yf4[i] = a_f4

    R_f8 = jit.cub.WarpReduce[cp.float64]
    temp_f8 = jit.shared_memory(dtype=R_f8.TempStorage, size=1)
    a_f8 = R_f8(temp_f8[0]).Reduce(xf8[i, j], jit.cub.Sum())
    if j == 0:
        yf8[i] = a_f8
