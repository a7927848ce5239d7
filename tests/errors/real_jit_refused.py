# args: --sig 'diffusion_kernel_1D(float64[:,:], float64[:,:], float32, float32, float32)' --sig '_matvec_prod_cupy(float32[:,:,:], float32[:,:,:], float32[:,:,:])' --sig 'update_complex(complex64[:], int32[:], complex64[:])' --sig '_reset_and_flatten_kernel(int32[:], int32[:], int32[:], int32[:], int32)' --sig 'set_left(float64[:,:,:], int32, bool)'
# Published cupyx.jit programs that CuPy 14.2 (with NumPy 2) refuses, and pykc with them,
# each at the user's line (issue 19 §5; the kernels' text as published, trimmed to the
# refused construct where the rest needs host code):
# - a phase-field library's 1-d diffusion kernel reads `c.shape[1]` of the 1-d view
#   `fields[0]` (cupyx: IndexError, tuple index out of range);
# - an MRI library's batched mat-vec kernel calls `_dot_prod_nbcuda`, the name of its Numba
#   twin, which the CuPy branch never defines (cupyx: NameError, unbound name);
# - a NUFFT library's device function adds atomically into `output.real` of a complex
#   array (cupyx: AttributeError, unknown attribute 'real': an array has no .real);
# - Boruvka's MST flattening assigns `parent[current]` (int32) to `current`, first the
#   uint32 thread index (cupyx: TypeError, cannot cast int32 to uint32 with same_kind);
# - a DG model's flux kernel assigns -1 to `left`, first the uint32 blockIdx.x (cupyx with
#   NumPy 2: OverflowError, -1 out of bounds for uint32).
from cupyx import jit
import cupy as cp


@jit.rawkernel()
def diffusion_kernel_1D(fields, fields_out, D, dx, dt):
    startx = jit.grid(1)      
    stridex = jit.gridsize(1) 

    alpha = D*dt/(dx*dx) #laplacian coefficient in diffusion discretization

    c = fields[0]
    c_out = fields_out[0]

    # assuming x and y inputs are same length
    for i in range(startx, c.shape[1], stridex):
        c_out[i] = c[i]+alpha*(-2*c[i]+c[i+1]+c[i-1])


@jit.rawkernel(device=True)  # pragma: no cover
def _dot_prod_cupy(out, in_a, in_b):
    row, col = in_b.shape

    for i in range(row):
        for j in range(col):
            out[j] += in_b[i][j] * in_a[j]

    return out

@jit.rawkernel()  # pragma: no cover
def _matvec_prod_cupy(data_out, data_in, value):
    # get data dimension
    nvoxels, batch_size, _ = data_in.shape

    i = jit.grid(1)
    if i < nvoxels * batch_size:
        voxel = i // batch_size
        batch = i % batch_size

        _dot_prod_nbcuda(
            data_out[voxel][batch], data_in[voxel][batch], value[voxel]
        )


@jit.rawkernel(device=True)  # pragma:  no cover
def _update_cupy_complex(output, index, value):
    jit.atomic_add(output.real, index, value.real)
    jit.atomic_add(output.imag, index, value.imag)


@jit.rawkernel()
def update_complex(out, idx, vals):
    i = jit.grid(1)
    _update_cupy_complex(out, idx[i], vals[i])


@jit.rawkernel() if jit else lambda f: f
def _reset_and_flatten_kernel(
    parent, rank, cheapest_edge_idx, cheapest_edge_weight_int, num_nodes
):
    """
    Kernel 1: Reset cheapest edge arrays and flatten union-find trees.
    """
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    if tid < num_nodes:
        # Reset cheapest edge tracking for this node
        cheapest_edge_idx[tid] = -1
        cheapest_edge_weight_int[tid] = 2147483647  # Max int32 value

        # Flatten union-find tree: make this node point directly to root
        # Correct iterative path compression
        current = tid
        while parent[current] != current:
            parent[current] = parent[parent[current]]  # Compress one level at a time
            current = parent[current]


@jit.rawkernel()
def set_left(ifaces_pres, max_j, xperiodic):
    j = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    if j < max_j:
        i = jit.blockIdx.x
        left = i
        right = i + 1

        # Left state
        if xperiodic and left == 0:
            left = -1
        
        ifaces_pres[left, j, 1] = ifaces_pres[right, j, 0]
