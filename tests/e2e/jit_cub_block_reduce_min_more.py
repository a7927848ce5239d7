# run: --kernel jit_cub_block_reduce_min_more --grid 32 --block 256 xu1=@jit_cub_block_reduce_min_more.xu1.npy yu1=zeros:uint8:32 xi2=@jit_cub_block_reduce_min_more.xi2.npy yi2=zeros:int16:32 xu4=@jit_cub_block_reduce_min_more.xu4.npy yu4=zeros:uint32:32 xi8=@jit_cub_block_reduce_min_more.xi8.npy yi8=zeros:int64:32 xc8=@jit_cub_block_reduce_min_more.xc8.npy yc8=zeros:complex64:32 xc16=@jit_cub_block_reduce_min_more.xc16.npy yc16=zeros:complex128:32
# check: yu1 yi2 yu4 yi8 yc8 yc16
# input: xu1 = rng.integers(0, 10, (32, 256)).astype(np.uint8)
# input: xi2 = rng.integers(0, 10, (32, 256)).astype(np.int16)
# input: xu4 = rng.integers(0, 10, (32, 256)).astype(np.uint32)
# input: xi8 = rng.integers(0, 10, (32, 256)).astype(np.int64)
# input: xc8 = (rng.integers(0, 4, (32, 256)) + 1j * rng.random((32, 256)) * 10).astype(np.complex64)
# input: xc16 = (rng.integers(0, 4, (32, 256)) + 1j * rng.random((32, 256)) * 10).astype(np.complex128)
# CuPy's test_cub.py TestCubBlockReduce.test_reduce_min for the dtypes jit_cub_block_reduce_min
# leaves out (uint8, int16, uint32, int64, complex64, complex128; the complex values' real
# parts tie).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_cub_block_reduce_min_more(
        xu1: cp.uint8[:, :], yu1: cp.uint8[:],
        xi2: cp.int16[:, :], yi2: cp.int16[:],
        xu4: cp.uint32[:, :], yu4: cp.uint32[:],
        xi8: cp.int64[:, :], yi8: cp.int64[:],
        xc8: cp.complex64[:, :], yc8: cp.complex64[:],
        xc16: cp.complex128[:, :], yc16: cp.complex128[:]):
    i, j = jit.blockIdx.x, jit.threadIdx.x

    R_u1 = jit.cub.BlockReduce[cp.uint8, 256]
    temp_u1 = jit.shared_memory(dtype=R_u1.TempStorage, size=1)
    a_u1 = R_u1(temp_u1[0]).Reduce(xu1[i, j], jit.cub.Min())
    if j == 0:
        yu1[i] = a_u1

    R_i2 = jit.cub.BlockReduce[cp.int16, 256]
    temp_i2 = jit.shared_memory(dtype=R_i2.TempStorage, size=1)
    a_i2 = R_i2(temp_i2[0]).Reduce(xi2[i, j], jit.cub.Min())
    if j == 0:
        yi2[i] = a_i2

    R_u4 = jit.cub.BlockReduce[cp.uint32, 256]
    temp_u4 = jit.shared_memory(dtype=R_u4.TempStorage, size=1)
    a_u4 = R_u4(temp_u4[0]).Reduce(xu4[i, j], jit.cub.Min())
    if j == 0:
        yu4[i] = a_u4

    R_i8 = jit.cub.BlockReduce[cp.int64, 256]
    temp_i8 = jit.shared_memory(dtype=R_i8.TempStorage, size=1)
    a_i8 = R_i8(temp_i8[0]).Reduce(xi8[i, j], jit.cub.Min())
    if j == 0:
        yi8[i] = a_i8

    R_c8 = jit.cub.BlockReduce[cp.complex64, 256]
    temp_c8 = jit.shared_memory(dtype=R_c8.TempStorage, size=1)
    a_c8 = R_c8(temp_c8[0]).Reduce(xc8[i, j], jit.cub.Min())
    if j == 0:
        yc8[i] = a_c8

    R_c16 = jit.cub.BlockReduce[cp.complex128, 256]
    temp_c16 = jit.shared_memory(dtype=R_c16.TempStorage, size=1)
    a_c16 = R_c16(temp_c16[0]).Reduce(xc16[i, j], jit.cub.Min())
    if j == 0:
        yc16[i] = a_c16
