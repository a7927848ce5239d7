# run: --kernel _calc_triplets_core_gpu_kernel counts=@real_calc_triplets.counts.npy unique=@real_calc_triplets.unique.npy dst=@real_calc_triplets.dst.npy edge_indices=@real_calc_triplets.edge_indices.npy batch_edge=@real_calc_triplets.batch_edge.npy counts_cumsum=@real_calc_triplets.counts_cumsum.npy triplet_node_index=zeros:int64:10x3 multiplicity=zeros:float32:10 edge_jk=zeros:int64:10x2 batch_triplets=zeros:int64:10 --size 10
# check: triplet_node_index multiplicity edge_jk batch_triplets
# input: counts = np.array([3, 1, 2, 4], np.int64)
# input: unique = np.array([0, 1, 2, 3], np.int64)
# input: dst = np.array([1, 2, 2, 0, 3, 3, 0, 1, 3, 2], np.int64)
# input: edge_indices = np.arange(10, dtype=np.int64) * 10
# input: batch_edge = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1], np.int64)
# input: counts_cumsum = np.array([0, 3, 4, 6], np.int64)
# A published program (a graph neural network's angular terms: enumerating the triplets
# (i, j, k) of edges sharing a source): an ElementwiseKernel of raw parameters only,
# called with size= (the number of triplets), `unique.size()` of a raw array, long long
# arithmetic on int64 reads, breaks out of two searches, a swap through a temporary,
# `raw T multiplicity` typed by the float32 array given, float stores of double literals.
import cupy as cp

_calc_triplets_core_gpu_kernel = cp.ElementwiseKernel(
    "raw int64 counts, raw int64 unique, raw int64 dst, raw int64 edge_indices, raw int64 batch_edge, raw int64 counts_cumsum",
    "raw int64 triplet_node_index, raw T multiplicity, raw int64 edge_jk, raw int64 batch_triplets",
    """
    long long n_unique = unique.size();
    long long a = 0;
    // a, b, c corresponds to i, j, k in the original function.
    long long current_counts = 0;
    long long _i = 0;
    for (a = 0; a < n_unique; a++) {
        current_counts += counts[a] * (counts[a] - 1) / 2;
        if (i < current_counts) {
            _i = i - (current_counts - counts[a] * (counts[a] - 1) / 2);
            break;
        }
    }

    long long _src = unique[a];
    long long _n_edges = counts[a];
    long long _offset = counts_cumsum[a];
    long long _batch_index = batch_edge[_offset];

    long long b, c;
    for (b = 1; b < _n_edges; b++) {
        if (_i < (2 * _n_edges - b - 1) * b / 2) {
            b -= 1;
            c = _i - (2 * _n_edges - b - 1) * b / 2 + b + 1;
            break;
        }
    }
    long long _dst0 = dst[_offset + b];
    long long _dst1 = dst[_offset + c];
    if (_dst0 > _dst1) {
        // Swap _dst0 & _dst1, b & c.
        long long tmp = _dst0;
        _dst0 = _dst1;
        _dst1 = tmp;
        tmp = b;
        b = c;
        c = tmp;
    }

    // --- triplet_node_index ---
    triplet_node_index[3 * i] = _src;   // idx_i
    triplet_node_index[3 * i + 1] = _dst0;  // idx_j
    triplet_node_index[3 * i + 2] = _dst1;  // idx_k

    // --- multiplicity ---
    if (_dst0 == _dst1) {
        if (_src == _dst0) {
            // Case 0: _src == _dst0 == _dst1
            multiplicity[i] = 3.0;
        } else {
            // Case 1: _src < _dst0 == _dst1
            multiplicity[i] = 1.0;
        }
    } else {
        if (_src == _dst0) {
            // Case 2: _src == _dst0 < _dst1
            multiplicity[i] = 2.0;
        } else {
            // Case 3: i < _dst0 < _dst1
            multiplicity[i] = 1.0;
        }
    }

    // --- edge_jk ---
    edge_jk[2 * i] = edge_indices[_offset + b];
    edge_jk[2 * i + 1] = edge_indices[_offset + c];

    // --- batch_triplets ---
    batch_triplets[i] = _batch_index;
    """,
    "_calc_triplets_core_gpu_kernel",
)
