# args: --sig 'clip(float32[:], float32, float32[:])' --sig 'sumsq(float32[:], float64[()])'
"""Beyond one GPU with Dask: pykc kernels applied per chunk of a dask array.

A pykc jit kernel (saxpy) and a pykc.ElementwiseKernel (clip) run on each chunk with
dask.array.map_blocks, and a pykc.ReductionKernel (sumsq) gives each chunk's partial sum,
combined across chunks on the host. The chunks are NumPy arrays (the CPU backend: the
same program runs in CI without a GPU) or, with --gpu, CuPy arrays spread over every GPU
of the machine, one chunk per device in turn: dask-cuda's LocalCUDACluster (one worker
per GPU) when it is installed, else Dask's threads, one per device. Each kernel runs on
the GPU that holds its chunk. The results equal a single-array run of the same kernels
(bit for bit: the partial sums are of integers, exact in float64).

    python3 examples/dask_kernels.py [--gpu] [N]
"""
from __future__ import annotations

import sys

import numpy as np

import pykc
from pykc import jit


@jit.rawkernel()
def saxpy(a: np.float32, x: np.float32[:], y: np.float32[:], out: np.float32[:]):
    i = jit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


clip = pykc.ElementwiseKernel("T x, T hi", "T y", "y = x < 0 ? (T)0 : (x > hi ? hi : x)",
                              "clip")
sumsq = pykc.ReductionKernel("T x", "float64 y", "(double)x * x", "a + b", "y = a", "0",
                             "sumsq")


def _on_device(x):
    """A context for work on chunk X's device (CuPy arrays), else a no-op one."""
    dev = getattr(x, "device", None)
    if dev is None or not hasattr(dev, "use"):
        import contextlib
        return contextlib.nullcontext()
    return dev


def _empty_like(x):
    return (sys.modules["cupy"].empty_like(x) if hasattr(x, "__cuda_array_interface__")
            else np.empty_like(x))


def saxpy_block(x, y, a=2.0):
    """saxpy on one chunk: out = a * x + y, allocated beside x."""
    with _on_device(x):
        out = _empty_like(x)
        saxpy(((x.size + 255) // 256,), (256,), (np.float32(a), x, y, out))
        return out


def clip_block(x, hi=1000.0):
    with _on_device(x):
        return clip(x, np.float32(hi))


def sumsq_block(x):
    """The chunk's partial sum of squares, as a 1-element NumPy array (host memory: the
    partials of chunks on different GPUs are combined on the host)."""
    with _on_device(x):
        return np.array([float(sumsq(x))])


def pipeline(dx, dy):
    """The dask graph: saxpy then clip per chunk, the sum of squares across chunks."""
    out = dx.map_blocks(saxpy_block, dy, dtype=np.float32)
    clipped = out.map_blocks(clip_block, dtype=np.float32)
    partials = clipped.map_blocks(sumsq_block, chunks=((1,) * clipped.numblocks[0],),
                                  dtype=np.float64)
    return clipped, partials.sum()


def single_array(x, y):
    """The same kernels on the whole arrays at once (one device)."""
    out = clip_block(saxpy_block(x, y))
    return out, float(sumsq(out))


def inputs(n):
    x = (np.arange(n) % 1000).astype(np.float32) - 300
    y = np.ones(n, np.float32)
    return x, y


def dask_arrays(x, y, nchunks, gpu):
    """x and y as dask arrays of NCHUNKS chunks: NumPy chunks, or CuPy chunks placed on
    the GPUs in turn (chunk i on device i % count)."""
    import dask
    import dask.array as da
    if not gpu:
        c = -(-x.size // nchunks)
        return da.from_array(x, chunks=c), da.from_array(y, chunks=c), 1
    import cupy
    ndev = cupy.cuda.runtime.getDeviceCount()
    bounds = np.linspace(0, x.size, nchunks + 1).astype(int)

    def put(a, dev):
        with cupy.cuda.Device(dev):
            return cupy.asarray(a)

    def chunks(a):
        return da.concatenate([
            da.from_delayed(dask.delayed(put)(a[lo:hi], i % ndev), (hi - lo,), a.dtype,
                            meta=cupy.empty(0, a.dtype))
            for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:]))])
    return chunks(x), chunks(y), ndev


def compute(*arrays, gpu, ndev):
    """dask.compute over LocalCUDACluster (dask-cuda) when present with --gpu, else Dask's
    threads: one per device."""
    import dask
    if gpu:
        try:
            from dask_cuda import LocalCUDACluster
            from distributed import Client
        except ImportError:
            LocalCUDACluster = None
        if LocalCUDACluster is not None:
            with LocalCUDACluster() as cluster, Client(cluster):
                return dask.compute(*arrays)
    return dask.compute(*arrays, scheduler="threads", num_workers=ndev)


def main(argv):
    gpu = "--gpu" in argv
    nums = [a for a in argv[1:] if a.isdigit()]
    n = int(nums[0]) if nums else 1_000_000
    x, y = inputs(n)
    dx, dy, ndev = dask_arrays(x, y, 8, gpu)
    clipped, total = pipeline(dx, dy)
    got, got_total = compute(clipped, total, gpu=gpu, ndev=ndev)
    if gpu:
        import cupy
        got = np.asarray(cupy.asnumpy(got)) if hasattr(got, "__cuda_array_interface__") \
            else np.asarray(got)
        ref, ref_total = single_array(cupy.asarray(x), cupy.asarray(y))
        ref = cupy.asnumpy(ref)
    else:
        ref, ref_total = single_array(x, y)
    want = np.clip(2 * x + y, 0, 1000)
    ok = (np.array_equal(got, ref) and np.array_equal(got, want)
          and float(got_total) == ref_total == float((want.astype(np.float64) ** 2).sum()))
    print(f"{'CuPy' if gpu else 'NumPy'} chunks: {dx.numblocks[0]} chunks over "
          f"{ndev} device{'s' if ndev > 1 else ''}; clip(saxpy) equal to one array: "
          f"{np.array_equal(got, ref)}; sum of squares {float(got_total):.1f} "
          f"(one array: {ref_total:.1f})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
