# run: --kernel partial_updates_kernel --grid 2 --block 4 batch=@real5j_som_updates.batch.npy influence=@real5j_som_updates.influence.npy weights=@real5j_som_updates.weights.npy updates=zeros:float32:6x10 influence_sum=zeros:float32:6 batch_size=7 num_nodes=6 input_dim=10 learning_rate=0.05
# check: updates influence_sum tol=1e-5
# input: batch = rng.standard_normal((7, 10)).astype(np.float32)
# input: influence = rng.random((7, 6)).astype(np.float32)
# input: weights = rng.standard_normal((6, 10)).astype(np.float32)
# A published program (a self-organising map library's cupyx.jit kernels), its fused
# update kernel unchanged: one thread per node, a float32 influence sum stored and
# reused, nested range loops, a Python float learning rate (a float32 argument).
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
def partial_updates_kernel(batch, influence, weights, updates, influence_sum,
                          batch_size, num_nodes, input_dim, learning_rate):
    """
    Fused kernel for calculating partial updates and influence sum.
    Replaces multiple einsum operations with a single kernel.
    Each thread handles one node.
    """
    node_idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    
    if node_idx < num_nodes:
        # Calculate summed influence for this node
        local_influence_sum = 0.0
        for s in range(batch_size):
            local_influence_sum += influence[s, node_idx]
        
        influence_sum[node_idx] = local_influence_sum
        
        # Calculate updates for each feature dimension
        for d in range(input_dim):
            weighted_sum = 0.0
            
            # Sum of influence-weighted batch samples
            for s in range(batch_size):
                inf_val = influence[s, node_idx]
                batch_val = batch[s, d]
                weighted_sum += inf_val * batch_val
            
            # Current weight scaled by influence sum
            weighted_weight = weights[node_idx, d] * local_influence_sum
            
            # Calculate and store update
            updates[node_idx, d] = learning_rate * (weighted_sum - weighted_weight)
