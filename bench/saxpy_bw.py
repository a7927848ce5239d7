"""Issue 21 §5: what keeps saxpy over 1e8 float32 below the device's copy bandwidth (GPU).

Times (CUDA events, median of REPS launches, the variants taking turns) the same saxpy, out = a * x + y over 1e8
float32 (1.2 GB moved: two arrays read, one written), as
  pykc jit     examples/saxpy.py's cubin (`pykc cubin`, the C-contiguous specialisation
               libpykc launches on these arrays), one element per thread, grid n/256
  nvcc         bench/ref/saxpy.cu (nvcc -O3), the same launch
  nvcc vec4    bench/ref/saxpy_vec4.cu: a grid-stride loop over float4, SMs x 8 blocks
  pykc EWK     pykc.ElementwiseKernel('float32 a, T x, T y', 'T z', 'z = a * x + y'), the
               launch libpykc plans (grid-stride, block 256, grid up to 65536)
  CuPy EWK     cupy.ElementwiseKernel of the same text
  nvcc nc, l2pf, cs, all   bench/ref/saxpy_hints.cu: the one-element kernel with cache hints
               (ld.global.nc; ld.global.L2::256B; st.global.cs; all three)
  nvcc gs, gs4 the same scalar body in a grid-stride loop over SMs x 8 and x 32 blocks
               (gs4: its trips' loads four at a time): a launch pykc could plan for a
               jit kernel whose threads never meet
  pykc jit via libpykc   the same kernel from pykc's Python package, launched n/256 x 256
               as the user writes it: libpykc runs its map twin (saxpy__map, docs/design.md
               5.3) on SMs x (blocks per SM) blocks, unless PYKC_MAP=0
  pykc map     the map twin's cubin (saxpy__map of the C-contiguous specialisation) launched
               here on SMs x 8 and x 32 blocks, and on enough blocks for 2, 4, 8, 16 trips
               per thread (nvcc gs, gs4 on the same grids)
SAXPY_ROWS=a,b keeps the rows whose names contain a or b (the copies are always timed).
PYKC_MAP_TRIPS=N sets libpykc's trips per thread of a map twin's launch (default 8).
against the device's copy bandwidth two ways: cuMemcpyDtoD (pykc's yardstick, `pykc run
--time`: 2 x bytes per copy of 256 MiB) and cp.copyto of a 4e8-byte array (a kernel).
`--ncu` runs each kernel a few times only, for bench/ncu_saxpy.sh.
"""
import os
import sys

import numpy as np
import cupy as cp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
if "--ncu" in sys.argv:                               # bench.time_us's launches
    os.environ["BENCH_REPS"] = "3"
import bench  # noqa: E402  (bench/bench.py: the ABI, cubins, CUDA-event timing)
from bench import abi, interleaved, time_us  # noqa: E402

REPS = bench.REPS
N = 100_000_000
SIG = "saxpy(float32, float32[::1], float32[::1], float32[::1])"   # what libpykc launches


from pykc import jit as pjit  # noqa: E402  (pykc's Python package: libpykc's launch)


@pjit.rawkernel()
def saxpy_lib(a, x, y, out):          # examples/saxpy.py's kernel, launched through libpykc
    i = pjit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


def pykc_module(example, sig):
    """pykc's cubin of the example (all its kernels, map twins included) as a RawModule."""
    out = os.path.join(bench.TMP, "map-" + os.path.basename(example) + ".cubin")
    bench.sh(bench.PYKC, "cubin", os.path.join(ROOT, "examples", example), "--arch", bench.ARCH,
             "-o", out, "--sig", sig)
    return cp.RawModule(path=out)


def nvcc_module(name):
    out = os.path.join(bench.TMP, name + ".ref.cubin")
    bench.sh("nvcc", "-O3", "-cubin", "-arch=" + bench.ARCH, "-o", out,
             os.path.join(ROOT, "bench", "ref", name + ".cu"))
    return cp.RawModule(path=out)


def main():
    import pykc
    dev = cp.cuda.Device()
    sms = dev.attributes["MultiProcessorCount"]
    g = cp.random.default_rng(3)
    x = g.standard_normal(N, dtype=np.float32)
    y = g.standard_normal(N, dtype=np.float32)
    out = cp.empty(N, np.float32)
    a = np.float32(2.5)
    pk = bench.pykc_kernel("saxpy.py", "saxpy", SIG)
    nv = bench.ref_kernel("saxpy")
    v4 = bench.ref_kernel("saxpy_vec4")
    hints = nvcc_module("saxpy_hints")
    spec = ("float32 a, T x, T y", "T z", "z = a * x + y")        # (names told apart in ncu)
    p_ewk = pykc.ElementwiseKernel(*spec, "saxpy_ewk_pykc")
    c_ewk = cp.ElementwiseKernel(*spec, "saxpy_ewk_cupy")
    grid = ((N + 255) // 256,)
    pk_args = (a, abi(x), abi(y), abi(out))   # built once: three structured numpy scalars
    pk_map = pykc_module("saxpy.py", SIG).get_function("saxpy__map")
    map_args = pk_args + (np.int64(grid[0] * 256),)
    lib = saxpy_lib[grid, (256,)]
    grids = [(sms * 8, ""), (sms * 32, "")] + [(-(-N // (256 * t)), f", {t} trips")
                                               for t in (2, 4, 8, 16)]
    runs = {                                  # per launch cost ~45 us of host time, which the
        "pykc jit (n/256 x 256)": lambda: pk(grid, (256,), pk_args),    # events counted
        "nvcc (n/256 x 256)": lambda: nv(grid, (256,), (a, x, y, out, np.int64(N))),
        f"nvcc vec4 ({sms * 8} x 256)": lambda: v4((sms * 8,), (256,), (a, x, y, out, np.int64(N))),
        "pykc jit via libpykc": lambda: lib(a, x, y, out),
        **{f"pykc map ({g} x 256{t})": (lambda g=(g,): pk_map(g, (256,), map_args))
           for g, t in grids},
        "pykc ElementwiseKernel": lambda: p_ewk(a, x, y, out),
        **{f"nvcc {h[6:]} (n/256 x 256)": (lambda f=hints.get_function(h): f(grid, (256,), (a, x, y, out, np.int64(N))))
           for h in ("saxpy_nc", "saxpy_l2pf", "saxpy_cs", "saxpy_all")},
        **{f"nvcc {h[6:]} ({g} x 256{t})": (lambda f=hints.get_function(h), g=(g,): f(g, (256,), (a, x, y, out, np.int64(N))))
           for h in ("saxpy_gs", "saxpy_gs4") for g, t in grids},
        "CuPy ElementwiseKernel": lambda: c_ewk(a, x, y, out),
    }
    only = [w for w in os.environ.get("SAXPY_ROWS", "").split(",") if w]
    runs = {who: f for who, f in runs.items() if not only or any(w in who for w in only)}
    want = a * x + y
    for who, launch in runs.items():
        out.fill(0)
        launch()
        if not cp.allclose(out, want, rtol=1e-6, atol=1e-6):
            sys.exit(f"saxpy_bw: {who} disagrees")
    del want
    if "--ncu" in sys.argv:                           # a few launches of each for ncu
        for launch in runs.values():
            time_us(launch)
        return
    src = cp.empty(N, np.float32)
    m = 256 << 20
    ba, bb = cp.empty(m, np.uint8), cp.empty(m, np.uint8)
    runs["cp.copyto"] = lambda: cp.copyto(src, x)
    runs["cuMemcpyDtoD"] = lambda: cp.cuda.runtime.memcpy(bb.data.ptr, ba.data.ptr, m, 3)
    t = interleaved(runs)
    t_copy, t_dtod = t.pop("cp.copyto"), t.pop("cuMemcpyDtoD")
    copy_k = 2 * x.nbytes / t_copy / 1e3
    copy_d = 2 * m / t_dtod / 1e3
    name = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print(f"PYKC_MAP={os.environ.get('PYKC_MAP', '(unset: map twins on)')} "
          f"PYKC_MAP_TRIPS={os.environ.get('PYKC_MAP_TRIPS', '(unset: 8)')}")
    print(f"saxpy 1e8 float32 (1.2 GB moved), {name}; median of {REPS} launches; device copy: "
          f"cuMemcpyDtoD {copy_d:.0f} GB/s (pykc's yardstick), cp.copyto {copy_k:.0f} GB/s")
    for who, us in t.items():
        gbs = 3 * x.nbytes / us / 1e3
        print(f"  {who:<28}{us:9.1f} us {gbs:7.0f} GB/s {100 * gbs / copy_d:6.1f}% of "
              f"cuMemcpyDtoD {100 * gbs / copy_k:6.1f}% of cp.copyto")


if __name__ == "__main__":
    main()
