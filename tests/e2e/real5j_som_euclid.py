# run: --kernel euclidean_distance_kernel --grid 2,2 --block 4,4 batch=@real5j_som_euclid.batch.npy weights=@real5j_som_euclid.weights.npy distances=zeros:float32:7x6 batch_size=7 num_nodes=6 input_dim=10
# check: distances tol=1e-5
# input: batch = rng.standard_normal((7, 10)).astype(np.float32)
# input: weights = rng.standard_normal((6, 10)).astype(np.float32)
# A published program (a self-organising map library's cupyx.jit kernels), its squared
# Euclidean distance kernel unchanged (as the program indents it: eight spaces), a 2-d
# grid over samples and nodes, a float32 `0.0` accumulator of float32 squares.
"""
JIT-compiled kernels for FloatSOM using CuPy's JIT compilation.
Provides optimized GPU kernels for performance-critical operations.
"""

import cupy as cp
from cupyx import jit
import logging
import math

logger = logging.getLogger(__name__)


# ==================== DISTANCE METRIC KERNELS ====================

@jit.rawkernel()
def euclidean_distance_kernel(batch, weights, distances, batch_size, num_nodes, input_dim):
        """
        JIT-compiled Euclidean distance calculation kernel.
        Computes squared Euclidean distances between batch samples and weight vectors.
        
        Grid: (batch_size, num_nodes)
        Block: Configured based on hardware
        """
        sample_idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
        node_idx = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
        
        if sample_idx < batch_size and node_idx < num_nodes:
            dist = 0.0
            for d in range(input_dim):
                diff = batch[sample_idx, d] - weights[node_idx, d]
                dist += diff * diff
            
            # Store squared distance (sqrt applied later if needed)
            distances[sample_idx, node_idx] = dist
