# run: --kernel cosine_distance_kernel --grid 2,2 --block 4,4 batch=@real5j_som_cosine.batch.npy weights=@real5j_som_cosine.weights.npy batch_norms=@real5j_som_cosine.batch_norms.npy weight_norms=@real5j_som_cosine.weight_norms.npy distances=zeros:float32:7x6 batch_size=7 num_nodes=6 input_dim=10
# check: distances tol=1e-5
# input: batch = rng.standard_normal((7, 10)).astype(np.float32)
# input: weights = rng.standard_normal((6, 10)).astype(np.float32)
# input: batch_norms = np.where(np.arange(7) == 3, 0.0, np.sqrt((np.random.default_rng(1).standard_normal((7, 10)) ** 2).sum(1)) * 0.5).astype(np.float32)
# input: weight_norms = (1.0 + rng.random(6)).astype(np.float32)
# A published program (a self-organising map library's cupyx.jit kernels), its cosine
# distance kernel unchanged: `norm_product > 1e-8` (a float32 literal), an if/elif clamp
# of a local to [0, 2] (norms chosen so that some distances leave the range), 1.0 where
# a norm is zero.
"""
JIT-compiled kernels for FloatSOM using CuPy's JIT compilation.
Provides optimized GPU kernels for performance-critical operations.
"""

import cupy as cp
from cupyx import jit
import logging
import math

logger = logging.getLogger(__name__)


@jit.rawkernel()
def cosine_distance_kernel(batch, weights, batch_norms, weight_norms, distances, 
                          batch_size, num_nodes, input_dim):
    """
    JIT-compiled Cosine distance calculation kernel.
    Assumes batch_norms and weight_norms are pre-computed.
    """
    sample_idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    node_idx = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    
    if sample_idx < batch_size and node_idx < num_nodes:
        dot_product = 0.0
        for d in range(input_dim):
            dot_product += batch[sample_idx, d] * weights[node_idx, d]
        
        # Normalize and compute cosine distance
        batch_norm = batch_norms[sample_idx]
        weight_norm = weight_norms[node_idx]
        
        # Avoid division by zero
        norm_product = batch_norm * weight_norm
        if norm_product > 1e-8:
            cosine_sim = dot_product / norm_product
            # Cosine distance = 1 - cosine_similarity
            # Clamp to [0, 2] range
            dist = 1.0 - cosine_sim
            if dist < 0.0:
                dist = 0.0
            elif dist > 2.0:
                dist = 2.0
            distances[sample_idx, node_idx] = dist
        else:
            distances[sample_idx, node_idx] = 1.0
