# run: --kernel gat_backward_softmax_leakyrelu_lr --grid 2 --block 16 dl=zeros:float32:5 dr=zeros:float32:7 l=@real_gat_leaky_grad.l.npy r=@real_gat_leaky_grad.r.npy Alpha_data=@real_gat_leaky_grad.Alpha_data.npy dAlpha_data=@real_gat_leaky_grad.dAlpha_data.npy indices=@real_gat_leaky_grad.indices.npy indptr=@real_gat_leaky_grad.indptr.npy row_dot=@real_gat_leaky_grad.row_dot.npy
# check: dl dr tol=1e-5
# input: l = rng.standard_normal(5).astype(np.float32)
# input: r = rng.standard_normal(7).astype(np.float32)
# input: Alpha_data = rng.standard_normal(30).astype(np.float32)
# input: dAlpha_data = rng.standard_normal(30).astype(np.float32)
# input: indices = rng.integers(0, 7, 30).astype(np.int32)
# input: indptr = np.array([0, 4, 9, 9, 21, 30], np.int32)
# input: row_dot = rng.standard_normal(5).astype(np.float32)
# A published program (graph attention network, the leaky ReLU's gradient): `dE *= 0.2`
# on a float32 local (0.2 a float32 constant under CUDA typing), a comparison with an int
# literal, two float atomic_adds per nonzero.
# CuPy 14.2 with NumPy 2 rejects the program as published (`indptr[i] + tid`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import cupyx as cpx
import cupyx.jit  # noqa: F401  (`import cupyx` alone does not bind cupyx.jit)
import numpy as np


@cpx.jit.rawkernel()
def gat_backward_softmax_leakyrelu_lr(dl, dr, l, r, Alpha_data, dAlpha_data,
                                      indices, indptr, row_dot):
    """ dE(i,:) = (dAlpha(i,:) - row_dot(i)) * Alpha(i,:)
        Recompute D(i,j) = l(i) + r(j)
        dD from E = leakyrelu(D)
        dl(i) = sum(dD(i,:)), dr(j) = sum(dD(:,j))
    """

    bid = cpx.jit.blockIdx.x
    num_blocks = cpx.jit.gridDim.x
    tid = cpx.jit.threadIdx.x
    num_threads = cpx.jit.blockDim.x

    for i in range(bid, (len(indptr) - 1), num_blocks):
        for j in range(indptr[i] + tid, indptr[i + 1], num_threads):
            rowNo = i
            colNo = indices[j]
            dE = (dAlpha_data[j] - row_dot[rowNo]) * Alpha_data[j]
            D_recomp = l[rowNo] + r[colNo]
            if D_recomp <= 0:
                dE *= 0.2
            cpx.jit.atomic_add(dl, rowNo, dE)
            cpx.jit.atomic_add(dr, colNo, dE)
