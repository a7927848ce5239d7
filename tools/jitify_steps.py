#!/usr/bin/env python3
"""Where CuPy's test_jitify_deprecation_warning[True] spends its time (issue 19): each of
its three steps timed on a GPU, each in a fresh process, cold caches.

    python3 tools/jitify_steps.py [--timeout S]        (on a GPU machine with CuPy 14.2)

The test (tests/cupy_tests/core_tests/test_raw.py) makes cupy.RawKernel(..., jitify=True)
and cupy.RawModule(..., jitify=True) -- pykc's under tools/cupy_suite.py -- then calls
CuPy's own cupy.cuda.compiler.compile_using_nvrtc("", jitify=True), which pykc does not
replace. Steps, one line each with its seconds (or TIMEOUT and the stacks at the limit):

  pykc-ctor    pykc.RawKernel and pykc.RawModule with jitify=True, constructed only (what
               the test does with them: no compile)
  pykc-compile the same RawKernel compiled: pykc's Jitify build (NVRTC with Jitify's
               standard headers, runtime/gpu/jitify.c), PYKC_CACHE_DIR empty
  cupy-cold    CuPy's compile_using_nvrtc("", jitify=True) with CUPY_CACHE_DIR empty:
               CuPy's Jitify warm-up (cupy/cuda/jitify.pyx, _init_cupy_headers_from_scratch
               runs Jitify's compile-fail-search loop over its warm-up kernel's headers),
               as on a machine where ~/.cupy/jitify_cache has no entry
  cupy-warm    the same again with the cache the cold step wrote
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SOURCE = r'''
extern "C" __global__
void test_sum(const float* x1, const float* x2, float* y, unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
        y[tid] = x1[tid] + x2[tid];
}
'''

# (imports, the timed statements)
STEPS = {
    "pykc-ctor": ("import pykc",
                  "pykc.RawKernel(SOURCE, 'test_sum', backend='nvrtc', jitify=True)\n"
                  "pykc.RawModule(code=SOURCE, backend='nvrtc', jitify=True)\n"),
    "pykc-compile": ("import pykc", "pykc.RawKernel(SOURCE, 'test_sum', backend='nvrtc', "
                     "jitify=True).compile()\n"),
    "cupy-cold": ("import cupy\nfrom cupy.cuda import compiler",
                  "compiler.compile_using_nvrtc('', options=(), jitify=True)\n"),
}
STEPS["cupy-warm"] = STEPS["cupy-cold"]


def run(name, env, limit):
    body = ("import faulthandler, sys, time, warnings\n"
            f"sys.path.insert(0, {os.path.join(ROOT, 'python')!r})\n"
            "warnings.simplefilter('ignore')\n"
            f"faulthandler.dump_traceback_later({limit - 5}, exit=True)\n"
            f"SOURCE = {SOURCE!r}\n" + STEPS[name][0] + "\n"
            "t = time.perf_counter()\n" + STEPS[name][1] +
            "print('SECONDS %.2f' % (time.perf_counter() - t))\n")
    try:
        p = subprocess.run([sys.executable, "-c", body], env=env, capture_output=True,
                           text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f"{name:13} TIMEOUT after {limit} s"
    for line in p.stdout.splitlines():
        if line.startswith("SECONDS "):
            return f"{name:13} {line.split()[1]} s"
    return f"{name:13} FAILED (exit {p.returncode})\n{p.stderr[-3000:]}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timeout", type=int, default=300, help="seconds per step")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as pykc_cache, \
            tempfile.TemporaryDirectory() as cupy_cache:
        env = dict(os.environ, PYKC_CACHE_DIR=pykc_cache, CUPY_CACHE_DIR=cupy_cache)
        for name in STEPS:
            print(run(name, env, a.timeout), flush=True)


if __name__ == "__main__":
    main()
