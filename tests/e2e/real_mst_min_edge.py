# run: --kernel _find_minimum_edges_kernel --grid 2 --block 32 edges_from=@real_mst_min_edge.edges_from.npy edges_to=@real_mst_min_edge.edges_to.npy edges_quality=@real_mst_min_edge.edges_quality.npy parent=@real_mst_min_edge.parent.npy cheapest_edge_idx=@real_mst_min_edge.cheapest_edge_idx.npy cheapest_edge_weight_int=@real_mst_min_edge.cheapest_edge_weight_int.npy num_edges=50
# check: cheapest_edge_weight_int
# (cheapest_edge_idx is left unchecked: the program reads the minimum right after its
# atomic_min, so which thread of an equal-or-lower weight writes its index races between
# warps; an H200 run with other GPU work gave another order.)
# input: edges_from = rng.integers(0, 12, 50).astype(np.int32)
# input: edges_to = rng.integers(0, 12, 50).astype(np.int32)
# input: edges_quality = (rng.permutation(50) * 0.013 + 0.5).astype(np.float32)
# input: parent = np.array([0, 0, 2, 2, 4, 0, 6, 7, 7, 4, 10, 10], np.int32)
# input: cheapest_edge_idx = np.full(12, -1, np.int32)
# input: cheapest_edge_weight_int = np.full(12, 2147483647, np.int32)
# A published program (Borůvka's minimum spanning tree, image stitching): a conditional
# decorator `@jit.rawkernel() if jit else lambda f: f`, `int()` of a float32 expression
# (int64) given to `jit.atomic_min` on an int32 array, then compared with the element.
# (The program binds `jit` through its own optional_import("cupyx.jit"); here an import.)
from __future__ import annotations

from typing import TYPE_CHECKING

from cupyx import jit
# For type checking only
if TYPE_CHECKING:
    import cupy as cp


@jit.rawkernel() if jit else lambda f: f
def _find_minimum_edges_kernel(
    edges_from, edges_to, edges_quality, parent,
    cheapest_edge_idx, cheapest_edge_weight_int, num_edges
):
    """
    Kernel 2: Find minimum weight edge for each component (using int32 for atomics).
    """
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    if tid < num_edges:
        # Get edge endpoints and their components
        from_node = edges_from[tid]
        to_node = edges_to[tid]
        from_comp = parent[from_node]
        to_comp = parent[to_node]

        # Only process if NOT a self-edge (no return statement)
        if from_comp != to_comp:
            # Get edge quality (higher is better, so negate for min comparison)
            edge_quality = edges_quality[tid]
            # Convert to integer by scaling and negating (higher quality = lower int value)
            # Scale by 1000000 to preserve precision, then negate
            edge_weight_int = int(-edge_quality * 1000000)

            # Atomic update cheapest edge for 'from' component
            jit.atomic_min(cheapest_edge_weight_int, from_comp, edge_weight_int)
            if cheapest_edge_weight_int[from_comp] == edge_weight_int:
                cheapest_edge_idx[from_comp] = tid

            # Atomic update cheapest edge for 'to' component
            jit.atomic_min(cheapest_edge_weight_int, to_comp, edge_weight_int)
            if cheapest_edge_weight_int[to_comp] == edge_weight_int:
                cheapest_edge_idx[to_comp] = tid
