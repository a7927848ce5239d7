# run: --kernel _get_system_matrix --grid 10 --block 8 energies=@real_rgf_system.energies.npy H_data=@real_rgf_system.H_data.npy H_indices=@real_rgf_system.H_indices.npy H_indptr=@real_rgf_system.H_indptr.npy S_data=@real_rgf_system.S_data.npy S_indices=@real_rgf_system.S_indices.npy S_indptr=@real_rgf_system.S_indptr.npy SR=@real_rgf_system.SR.npy out=zeros:complex128:2x5x5 batch_size=2 block_size=5
# check: out tol=1e-14
# input: energies = np.array([0.25, -1.5])
# input: H_data = rng.standard_normal(13) + 1j * rng.standard_normal(13)
# input: H_indices = np.array([0, 2, 4, 1, 3, 0, 2, 3, 1, 2, 4, 0, 4], np.int32)
# input: H_indptr = np.array([0, 3, 5, 7, 11, 13], np.int32)
# input: S_data = rng.standard_normal(9) + 1j * rng.standard_normal(9)
# input: S_indices = np.array([0, 1, 1, 2, 0, 3, 4, 2, 4], np.int32)
# input: S_indptr = np.array([0, 2, 3, 5, 7, 9], np.int32)
# input: SR = rng.standard_normal((2, 5, 5)) + 1j * rng.standard_normal((2, 5, 5))
# A published program (quantum transport, recursive Green's functions: the system matrix
# E*S - H - Sigma of a block, one thread block per energy and row): complex128 shared
# memory zeroed with an int, `+=` and `-=` of complex products on its elements, CSR rows
# walked by while loops, a 3-d store. Each CSR row names a column once (a repeated column
# would make two threads do `buf[j] -= ...` on one element at once: a lost update on the GPU,
# compute-sanitizer's racecheck reports it; the CPU backend's fibers serialise).
# CuPy 14.2 with NumPy 2 rejects the program as published (`bid // block_size`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import cupyx as cpx
import cupyx.jit  # noqa: F401  (`import cupyx` alone does not bind cupyx.jit)
import numpy as np


@cpx.jit.rawkernel()
def _get_system_matrix(energies,
                       H_data, H_indices, H_indptr,
                       S_data, S_indices, S_indptr,
                       SR,
                       out,
                       batch_size, block_size):
    
    tid = cpx.jit.threadIdx.x
    if tid < block_size:

        num_threads = cpx.jit.blockDim.x
        bid = cpx.jit.blockIdx.x
        ie = bid // block_size
        ir = bid % block_size

        energy = energies[ie]
         
        buf = cpx.jit.shared_memory(cp.complex128, 416)
        for i in range(tid, block_size, num_threads):
            buf[i] = 0
        cpx.jit.syncthreads()

        start = S_indptr[ir] 
        end = S_indptr[ir + 1]
        i = start + tid
        while i < end:
            j = S_indices[i]
            buf[j] += energy * S_data[i]
            i += num_threads
        cpx.jit.syncthreads()

        start = H_indptr[ir]
        end = H_indptr[ir + 1]
        i = start + tid
        while i < end:
            j = H_indices[i]
            buf[j] -= H_data[i]
            i += num_threads
        cpx.jit.syncthreads()

        for i in range(tid, block_size, num_threads):
            out[ie, ir, i] = buf[i] - SR[ie, ir, i]
