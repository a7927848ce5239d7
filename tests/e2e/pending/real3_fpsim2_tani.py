# run: --kernel cupy_kernel db=@real3_fpsim2_tani.db.npy query=@real3_fpsim2_tani.query.npy in_width=6 threshold=0.7 out=zeros:float32:8 --size 8
# check: out tol=1e-6
# input: db = (lambda w: np.concatenate([np.arange(8, dtype=np.uint64)[:, None], w, np.array([[sum(bin(int(v)).count('1') for v in r)] for r in w], dtype=np.uint64)], axis=1))(rng.integers(0, 2**63, (8, 4), dtype=np.uint64) & rng.integers(0, 2**63, (8, 4), dtype=np.uint64))
# input: query = (lambda w: np.concatenate([[np.uint64(0)], w, [np.uint64(sum(bin(int(v)).count('1') for v in w))]]).astype(np.uint64))(rng.integers(0, 2**63, 4, dtype=np.uint64))
# A published program (FPSim2, chemical fingerprint similarity search): the Tanimoto search's
# ElementwiseKernel (kernel="element_wise"), its operation the class attribute `ew_kernel`,
# unchanged, made as __init__ makes it and called as _element_wise_search calls it: raw
# uint64 fingerprints (id, words, popcount per row), `raw T in_width` and `raw T threshold`
# given Python scalars (T is uint64, so the threshold 0.7 becomes 0), a raw float32 output,
# size=, reduce_dims=False, options=("-std=c++14",), __popcll of a uint64 AND.
import cupy as cp

ew_kernel = r"""
    int comm_sum = 0;
    for(int j = 1; j < in_width - 1; ++j){
        int pos = i * in_width + j;
        comm_sum += __popcll(db[pos] & query[j]);
    }
    float coeff = 0.0;
    coeff = query[in_width - 1] + db[i * in_width + in_width - 1] - comm_sum;
    if (coeff != 0.0)
        coeff = comm_sum / coeff;
    out[i] = coeff >= threshold ? coeff : 0.0;
"""

cupy_kernel = cp.ElementwiseKernel(
    in_params="raw T db, raw U query, raw T in_width, raw T threshold",
    out_params="raw V out",
    operation=ew_kernel,
    name="taniEW",
    options=("-std=c++14",),
    reduce_dims=False,
)
