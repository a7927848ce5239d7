# run: --kernel _toarray --grid 4 --block 8 data=@real_csr_toarray.data.npy indices=@real_csr_toarray.indices.npy indptr=@real_csr_toarray.indptr.npy out=zeros:complex128:4x5 srow=3:int32 erow=7:int32 scol=2:int32 ecol=7:int32
# check: out
# input: data = (rng.random(30) + 1j * rng.random(30))
# input: indices = np.array([0, 5, 9, 1, 2, 3, 7, 11, 2, 6, 2, 4, 5, 6, 10, 0, 3, 6, 8, 1, 2, 9, 4, 7, 0, 5, 8, 11, 3, 10], dtype=np.int32)
# input: indptr = np.array([0, 3, 8, 10, 15, 19, 22, 24, 28, 30, 30, 30, 30], dtype=np.int32)
# A real program (quantum transport, QuaTrEx): `import cupyx as cpx` and cpx.jit.*,
# complex128 shared memory set from an int 0, a while loop, 2-D output indexing.
import cupy as cp
import cupyx as cpx


@cpx.jit.rawkernel()
def _toarray(data, indices, indptr, out, srow, erow, scol, ecol):
    tid = cpx.jit.threadIdx.x
    bid = cpx.jit.blockIdx.x
    row = srow + bid
    if row < erow:
        num_threads = cpx.jit.blockDim.x
        sidx = indptr[row]
        eidx = indptr[row + 1]
        block_size = ecol - scol

        buf = cpx.jit.shared_memory(cp.complex128, 832)
        for i in range(tid, block_size, num_threads):
            buf[i] = 0
        cpx.jit.syncthreads()

        i = sidx + tid
        while i < eidx:
            j = indices[i]
            if j >= scol and j < ecol:
                buf[j - scol] = data[i]
            i += num_threads
        cpx.jit.syncthreads()

        for i in range(tid, block_size, num_threads):
            out[bid, i] = buf[i]
