# run: --kernel _scatter_add_scaled<complex<double>,double,complex<double>,int> --grid 2 --block 32 M=@real_scatter_add.M.npy U=@real_scatter_add.U.npy ind=@real_scatter_add.ind.npy N=50:int32 alpha=0.5-2j:complex128 conjugate=False:bool
# check: M tol=1e-14
# input: M = (rng.standard_normal(80) + 1j * rng.standard_normal(80)).astype(np.complex128)
# input: U = rng.standard_normal(50)
# input: ind = rng.permutation(80)[:50].astype(np.int32)
# A published program (quantum transport, ETH Zurich's qttools: adding a scaled block into
# a sparse system matrix): a RawModule whose name_expressions are built at run time from
# itertools.product over dtype/C-type pairs (f-strings), a function template of four type
# parameters instantiated as `_scatter_add_scaled<complex<double>,double,complex<double>,
# int>`, explicit specialisations of a device template for complex<double> and
# complex<float>, complex<double> += double * complex<double>, a bool parameter, a
# complex scalar argument, -std=c++17. From the CLI, pykc takes the --kernel name
# expression as one of the list it cannot evaluate.
from itertools import product

import cupy as cp

value_types = [
    (cp.float64, "double"),
    (cp.complex128, "complex<double>"),
]

index_types = [
    (cp.int32, "int"),
    (cp.uintp, "size_t"),
    (cp.int64, "long long"),
]

_scatter_add_scaled_cuda_code = r"""
#include <cupy/complex.cuh>

template <typename T> __device__ inline T make_conj(T x) { return x; }
template <> __device__ inline complex<double> make_conj(complex<double> x) { return conj(x); }
template <> __device__ inline complex<float> make_conj(complex<float> x) { return conj(x); }

template<typename T1, typename T2, typename T3, typename IndexType> 
__global__ void _scatter_add_scaled(
    T1* M, const T2* U, const IndexType* ind, const IndexType N, const T3 alpha, bool conjugate
) {
    // This upcasts before overflowing
    IndexType global_block_offset = (IndexType)blockDim.x * blockIdx.x;
    IndexType i = global_block_offset + threadIdx.x;
    if (i < N) {
        T2 u = U[i];
        if (conjugate) {
            u = make_conj(u);
        }
        // ind has no duplicates, so we can safely add
        M[ind[i]] += u * alpha;
    }
}
"""

signatures = []
for t1, t2, t3, idx in product(value_types, value_types, value_types, index_types):

    # Skip when T1 is real and T2/T3 is complex, since this would result in a type mismatch.
    if (t1[0] in [cp.float64, cp.float32]) and (
        t2[0] in [cp.complex128, cp.complex64] or t3[0] in [cp.complex128, cp.complex64]
    ):
        continue

    signatures.append((t1, t2, t3, idx))

_scatter_add_scaled_functions = tuple(
    f"_scatter_add_scaled<{t1[1]},{t2[1]},{t3[1]},{idx[1]}>"
    for t1, t2, t3, idx in signatures
)

_scatter_add_scaled = cp.RawModule(
    code=_scatter_add_scaled_cuda_code,
    name_expressions=_scatter_add_scaled_functions,
    options=("-std=c++17",),
)

scatter_add_scaled_kernels = {
    (t1[0], t2[0], t3[0], idx[0]): _scatter_add_scaled.get_function(expr)
    for (t1, t2, t3, idx), expr in zip(signatures, _scatter_add_scaled_functions)
}
