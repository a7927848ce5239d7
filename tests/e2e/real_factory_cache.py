# run: --kernel get_pair_kernel.pair_min --grid 6 --block 64 xs=@real_factory_cache.xs.npy ys=@real_factory_cache.ys.npy out=zeros:float64:6 n=50
# check: out tol=1e-12
# input: xs = np.array([3.0, 7.0, -1.0, 2.0, 4.5, 6.0])
# input: ys = np.concatenate([[3.0], rng.integers(-2, 9, 49)]).astype(np.float64)
# Modelled on a published cupyx.jit backend (transport_tools' cluster distances): the
# kernels are built by a factory that caches them per block size in a module dict
# (`global`, an early `return` of the cached one), imports cupy and cupyx.jit inside
# its body, sizes shared memory by its `threads_per_block` parameter (64 by default),
# and calls a device function that returns an `or` chain of comparisons; each block
# takes the minimum over the ys its x is near, in `while` loops, reduces per-thread sums
# in shared memory and stores cupy.nan when nothing was near.
_KERNELS = {}


def get_pair_kernel(threads_per_block=64):
    global _KERNELS
    if threads_per_block in _KERNELS:
        return _KERNELS[threads_per_block]

    import cupy
    import cupyx.jit as jit

    @jit.rawkernel(device=True)
    def near(a, b, last):
        return (
            cupy.fabs(a - b) <= 1.0
            or b >= last
            or (a == last and b > a)
            or b < 0.0
        )

    @jit.rawkernel()
    def pair_min(xs, ys, out, n):
        x = xs[jit.blockIdx.x]
        tid = jit.threadIdx.x
        local_sum = cupy.float64(0.0)
        local_none = 0
        j = tid
        while j < n:
            minimum = cupy.float64(1.0e30)
            k = 0
            while k <= j:
                if near(x, ys[k], 7.0):
                    d = cupy.fabs(ys[j] - ys[k]) + cupy.fabs(x - ys[k])
                    if d < minimum:
                        minimum = d
                k += 1
            if minimum == 1.0e30:
                local_none = 1
            else:
                local_sum += minimum
            j += jit.blockDim.x

        sums = jit.shared_memory(cupy.float64, threads_per_block)
        none = jit.shared_memory(cupy.int32, threads_per_block)
        sums[tid] = local_sum
        none[tid] = local_none
        jit.syncthreads()
        stride = jit.blockDim.x // 2
        while stride > 0:
            if tid < stride:
                sums[tid] += sums[tid + stride]
                none[tid] = none[tid] | none[tid + stride]
            jit.syncthreads()
            stride = stride // 2
        if tid == 0:
            if none[0] != 0:
                out[jit.blockIdx.x] = cupy.nan
            else:
                out[jit.blockIdx.x] = sums[0] / n

    _KERNELS[threads_per_block] = pair_min
    return _KERNELS[threads_per_block]
