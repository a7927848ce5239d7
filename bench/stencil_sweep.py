"""Issue 21 (GPU): bench.py's stencil 2-D (examples/stencil2d.py on 4096 x 4096 float32,
grid 256 x 256, block 16 x 16) as pykc runs it and as hand-written CUDA does, with several
rows per thread: what the 2-D map twin (docs/design.md §5.3) reaches and what can be reached.

All variants run in this one process on the same arrays, taking turns launch by launch
(bench.interleaved: each timed launch queued behind an untimed one of itself), REPS rounds,
the whole repeated ROUNDS times; the table gives the median of the rounds' medians, their
spread, and the ratio to the anchor (bench/ref/stencil2d.cu, nvcc -O3, bench.py's launch).
  pykc                 `pykc cubin` of the kernel as declared (bench.py's first stencil row)
  pykc [::1]           the C-contiguous specialisation libpykc launches (bench.py's [::1] row)
  pykc twin Tn         its 2-D map twin stencil2d__map on grid 256 x 256/n: n rows per
                       thread (PYKC_MAP_ROWS=n); @BXxBY: on blocks BX wide (libpykc widens
                       the block of such a kernel on C-contiguous arrays, up to 128)
  nvcc tileR, gsB, consR, *_nc   bench/ref/stencil2d_rows.cu (its header says what each is)
  nvcc @BXxBY          the anchor's kernel on another block shape (same threads)
  copy                 a float4 copy of the same 64 MiB (read + written: the stencil's bytes)
Every variant's output (poisoned with NaN first) is checked against the anchor's on two
fresh random inputs. libpykc's own choice (`pykc run -v` on these shapes) is printed first.
  python3 bench/stencil_sweep.py      (BENCH_REPS rounds per repeat, default 200; ROUNDS 3)
"""
import os
import re
import subprocess
import sys

import numpy as np
import cupy as cp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("BENCH_REPS", "200")
sys.path.insert(0, os.path.join(ROOT, "bench"))
import bench  # noqa: E402  (the ABI, cubins, interleaved CUDA-event timing)
from bench import abi  # noqa: E402

ROWS = COLS = 4096
ROUNDS = int(os.environ.get("ROUNDS", "3"))
SIG = "stencil2d(float32[:, ::1], float32[:, ::1])"


def module(path, sig=None):
    """A cubin of pykc (all kernels of the file, twins included) or of nvcc, as a module."""
    out = os.path.join(bench.TMP, os.path.basename(path) + (".pykc" if sig is not None else "")
                       + str(abs(hash(sig))) + ".cubin")
    if path.endswith(".py"):
        bench.sh(bench.PYKC, "cubin", path, "--arch", bench.ARCH, "-o", out,
                 *(["--sig", sig] if sig else []))
    else:
        bench.sh("nvcc", "-O3", "-cubin", "-arch=" + bench.ARCH, "-o", out, path)
    return cp.RawModule(path=out)


def libpykc_plan():
    """What libpykc does with bench.py's launch (pykc run -v, arrays of bench.py's shapes)."""
    words = [bench.PYKC, "run", os.path.join(ROOT, "examples", "stencil2d.py"), "--kernel",
             "stencil2d", "--grid", f"{COLS // 16},{ROWS // 16}", "--block", "16,16", "-v",
             f"src=arange:float32:{ROWS}x{COLS}", f"dst=zeros:float32:{ROWS}x{COLS}"]
    r = subprocess.run(words, capture_output=True, text=True)
    lines = [ln for ln in r.stderr.splitlines() if "launched" in ln or "error" in ln.lower()]
    return lines or [f"(pykc run -v said nothing of the launch; rc {r.returncode}: "
                     f"{(r.stderr or r.stdout)[-300:]})"]


def variants(S, D):
    """{name: launch} over the arrays S (source) and D (destination)."""
    ex = os.path.join(ROOT, "examples", "stencil2d.py")
    anchor = module(os.path.join(ROOT, "bench", "ref", "stencil2d.cu")).get_function("stencil2d")
    hand = module(os.path.join(ROOT, "bench", "ref", "stencil2d_rows.cu"))
    plain = module(ex, "").get_function("stencil2d")
    contig = module(ex, SIG)
    sa, da = abi(S), abi(D)
    ra = (S, D, np.int32(ROWS), np.int32(COLS))
    gx, gy = COLS // 16, ROWS // 16
    v = {"nvcc -O3 (anchor)": lambda: anchor((gx, gy), (16, 16), ra),
         "pykc": lambda: plain((gx, gy), (16, 16), (sa, da)),
         "pykc [::1]": lambda: contig.get_function("stencil2d")((gx, gy), (16, 16), (sa, da))}
    try:
        twin = contig.get_function("stencil2d__map")     # (a missing name raises)
        for t in (1, 2, 4, 8, 16):
            v[f"pykc twin T{t}"] = (lambda t=t: twin((gx, gy // t), (16, 16),
                                                     (sa, da, np.int64(ROWS))))
        for bx, by, t in ((32, 8, 4), (64, 4, 4), (128, 2, 2), (128, 2, 4), (128, 2, 8)):
            v[f"pykc twin T{t} @{bx}x{by}"] = (
                lambda bx=bx, by=by, t=t: twin((COLS // bx, ROWS // (by * t)), (bx, by),
                                               (sa, da, np.int64(ROWS))))
    except Exception as e:                                # (no twin in this build)
        print(f"stencil_sweep: no stencil2d__map in pykc's cubin ({type(e).__name__}): "
              "the twin rows are left out")
    for r in (1, 2, 4, 8):
        f = hand.get_function(f"tile{r}")
        v[f"nvcc tile{r}"] = lambda f=f, r=r: f((gx, gy // r), (16, 16), ra)
    for name, r in (("tile1_nc", 1), ("tile4_nc", 4)):
        f = hand.get_function(name)
        v[f"nvcc {name}"] = lambda f=f, r=r: f((gx, gy // r), (16, 16), ra)
    for b in (2, 4):
        f = hand.get_function(f"gs{b}")
        for t in (2, 4, 8):
            if t >= b:
                v[f"nvcc gs{b} T{t}"] = lambda f=f, t=t: f((gx, gy // t), (16, 16), ra)
    for name, r in (("cons2", 2), ("cons4", 4), ("cons8", 8), ("cons4_nc", 4)):
        f = hand.get_function(name)
        v[f"nvcc {name}"] = lambda f=f, r=r: f((gx, gy // r), (16, 16), ra)
    for bx, by in ((32, 8), (64, 4), (128, 2), (256, 1), (32, 4)):
        v[f"nvcc @{bx}x{by}"] = (lambda bx=bx, by=by:
                                 anchor((COLS // bx, ROWS // by), (bx, by), ra))
        if by >= 2 and (bx, by) != (32, 4):
            for name, r in (("tile4", 4), ("cons4", 4)):
                f = hand.get_function(name)
                v[f"nvcc {name} @{bx}x{by}"] = (lambda f=f, bx=bx, by=by, r=r:
                                                f((COLS // bx, ROWS // (by * r)), (bx, by), ra))
    copy = hand.get_function("copy4")
    n4 = ROWS * COLS // 4
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    v["copy (float4, 64 MiB)"] = lambda: copy((sms * 16,), (256,), (S, D, np.int64(n4)))
    return v


def check(v, S, D):
    """Each variant's output against the anchor's, on fresh random data; drops failures."""
    rng = np.random.default_rng()
    S[...] = cp.asarray(rng.standard_normal((ROWS, COLS), dtype=np.float32))
    D.fill(np.nan)
    v["nvcc -O3 (anchor)"]()
    want = cp.asnumpy(D)
    if np.isnan(want).any():
        sys.exit("stencil_sweep: the anchor left elements unwritten")
    for name in list(v):
        if name.startswith(("nvcc -O3", "copy")):
            continue
        D.fill(np.nan)
        v[name]()
        cp.cuda.Device().synchronize()
        got = cp.asnumpy(D)
        bad = np.isnan(got).sum()
        err = float(np.max(np.abs(got - want))) if not bad else float("nan")
        if bad or err > 1e-5:
            print(f"stencil_sweep: {name}: WRONG ({bad} unwritten, max |diff| {err:g}); "
                  "left out")
            del v[name]


def main():
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print(f"device: {dev}; stencil2d {ROWS} x {COLS} float32; {ROUNDS} x {bench.REPS} "
          "rounds, variants taking turns (CUDA events)")
    for ln in libpykc_plan():
        print("libpykc:", ln.strip())
    S = cp.empty((ROWS, COLS), np.float32)
    D = cp.empty((ROWS, COLS), np.float32)
    v = variants(S, D)
    check(v, S, D)
    check(v, S, D)
    runs = []
    for _ in range(ROUNDS):
        runs.append(bench.interleaved(v))
    med = {k: float(np.median([r[k] for r in runs])) for k in v}
    ref = med["nvcc -O3 (anchor)"]
    copy = med["copy (float4, 64 MiB)"]
    nbytes = 2 * ROWS * COLS * 4
    print(f"{'variant':<28}{'us':>8}{'spread':>8}{'/anchor':>9}{'GB/s':>7}{'% copy':>8}")
    for k in v:
        ts = [r[k] for r in runs]
        print(f"{k:<28}{med[k]:>8.1f}{max(ts) - min(ts):>8.1f}{med[k] / ref:>9.3f}"
              f"{nbytes / med[k] / 1e3:>7.0f}{100 * copy / med[k]:>8.1f}")


if __name__ == "__main__":
    main()
