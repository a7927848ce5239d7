"""NVRTC compile time of generated CUDA files, no GPU needed (issue 21: cold compiles).

    python3 bench/nvrtc_compile.py [--reps N] [--arch sm_90] [--ptx] FILE.cu...

Compiles each file with the options the runtime gives generated code
(runtime/gpu/nvrtc.c: --gpu-architecture, -ftz=true, -minimal on NVRTC >= 12.4) to a
cubin (the runtime's path on a GPU NVRTC knows) or PTX, REPS times in this process, and
prints the best wall-clock and process-CPU milliseconds (the files taken in turn,
so that a busy machine slows each alike) of nvrtcCompileProgram plus the
fetch of the binary. This is what a cold first call pays in NVRTC; the cache, the front
end and the module load come on top (`pykc run -v` shows those on the GPU).
"""
import argparse
import ctypes
import os
import statistics
import sys
import tempfile
import time


def load_nvrtc():
    for name in (os.environ.get("PYKC_NVRTC"), "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12",
                 "/usr/local/cuda/lib64/libnvrtc.so"):
        if not name:
            continue
        try:
            return ctypes.CDLL(name)
        except OSError:
            pass
    sys.exit("nvrtc_compile: no libnvrtc.so found")


def compile_once(nv, src, opts, cubin):
    prog = ctypes.c_void_p()
    if nv.nvrtcCreateProgram(ctypes.byref(prog), src, b"k.cu", 0, None, None):
        sys.exit("nvrtc_compile: nvrtcCreateProgram failed")
    argv = (ctypes.c_char_p * len(opts))(*opts)
    r = nv.nvrtcCompileProgram(prog, len(opts), argv)
    if r:
        n = ctypes.c_size_t()
        nv.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
        log = ctypes.create_string_buffer(n.value)
        nv.nvrtcGetProgramLog(prog, log)
        sys.exit("nvrtc_compile: compile failed:\n" + log.value.decode(errors="replace"))
    n = ctypes.c_size_t()
    size, get = (nv.nvrtcGetCUBINSize, nv.nvrtcGetCUBIN) if cubin else (nv.nvrtcGetPTXSize, nv.nvrtcGetPTX)
    size(prog, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value)
    get(prog, buf)
    nv.nvrtcDestroyProgram(ctypes.byref(prog))
    return n.value


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptx", action="store_true", help="PTX instead of a cubin")
    ap.add_argument("--phases", action="store_true",
                    help="also NVRTC's own phase times (--time): front end, NVVM, PTX/cubin")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    nv = load_nvrtc()
    major, minor = ctypes.c_int(), ctypes.c_int()
    nv.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    arch = a.arch if not a.ptx else a.arch.replace("sm_", "compute_")
    opts = [f"--gpu-architecture={arch}".encode(), b"-ftz=true"]
    if (major.value, minor.value) >= (12, 4):
        opts.append(b"-minimal")
    print(f"NVRTC {major.value}.{minor.value}, {' '.join(o.decode() for o in opts)}, "
          f"best of {a.reps}")
    srcs = []
    for path in a.files:
        with open(path, "rb") as f:
            srcs.append(f.read())
    compile_once(nv, srcs[0], opts, not a.ptx)          # warm-up: NVRTC's own start-up
    wall = [[] for _ in srcs]
    cpu = [[] for _ in srcs]
    nbytes = [0] * len(srcs)
    for _ in range(a.reps):                             # interleaved: a busy machine slows
        for k, src in enumerate(srcs):                  # every file alike
            w0, c0 = time.perf_counter(), time.process_time()
            nbytes[k] = compile_once(nv, src, opts, not a.ptx)
            wall[k].append((time.perf_counter() - w0) * 1e3)
            cpu[k].append((time.process_time() - c0) * 1e3)
    for path, src, w, c, nb in zip(a.files, srcs, wall, cpu, nbytes):
        line = (f"  {os.path.basename(path):<32}{min(w):>8.1f} ms wall {min(c):>8.1f} ms cpu"
                f" (median {statistics.median(c):.1f})  ({len(src)} bytes in, {nb} out)")
        if a.phases:
            line += "; " + ", ".join(f"{k} {v} ms" for k, v in phases(nv, src, opts, a).items())
        print(line)


def phases(nv, src, opts, a):
    """NVRTC's --time table: the best time of each phase over REPS compiles."""
    best = {}
    with tempfile.TemporaryDirectory() as d:
        for r in range(a.reps):
            csv = os.path.join(d, f"t{r}.csv")
            compile_once(nv, src, opts + [f"--time={csv}".encode()], not a.ptx)
            with open(csv) as f:
                for row in f.read().splitlines()[1:]:
                    cells = [c.strip() for c in row.split(",")]
                    if len(cells) >= 3 and cells[2].isdigit():
                        best[cells[1]] = min(best.get(cells[1], 1 << 30), int(cells[2]))
    return best


if __name__ == "__main__":
    main()
