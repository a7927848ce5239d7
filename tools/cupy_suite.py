#!/usr/bin/env python3
"""CuPy 14.2's own test files of the kernel forms, fuse and cupyx.jit, run unchanged with
pytest on a GPU, with pykc standing in for CuPy's kernel classes.

    python3 tools/cupy_suite.py TESTS_DIR [--out DIR] [--baseline] [--only SUBSTR,...] [-n N] [-j J]
                                  [--file-timeout S] [--test-timeout S]

TESTS_DIR is the `tests` folder of a CuPy source tree (v14.2.0), or the part of it this
needs (`git archive v14.2.0 tests/conftest.py tests/cupy_tests/core_tests ...`). Each file
of FILES runs in its own pytest process with `cupy.ElementwiseKernel`, `ReductionKernel`,
`RawKernel`, `RawModule`, `cupy.fuse` and `cupyx.jit` replaced by pykc's (the plugin
below; CuPy's arrays, testing helpers and everything else stay CuPy's). `--baseline` runs
each file a second time as it is, so that a test CuPy itself fails or skips on this
machine is told apart from one pykc fails. -n N: pytest-xdist workers per file; -j J:
files at once. Writes DIR/<file>.xml (JUnit) and prints one
line per file and per test that fails under pykc, then `N passed, M failed, S skipped`.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = (
    "cupy_tests/core_tests/test_userkernel.py",
    "cupy_tests/core_tests/test_elementwise.py",
    "cupy_tests/core_tests/test_reduction.py",
    "cupy_tests/core_tests/test_raw.py",
    "cupy_tests/core_tests/fusion_tests",
    "cupy_tests/core_tests/test_carray.py",
    "cupy_tests/core_tests/test_mdspan.py",
    "cupy_tests/core_tests/test_structured.py",
    "cupy_tests/core_tests/test_ndarray_cuda_array_interface.py",
    "cupy_tests/core_tests/test_multithreading.py",
    "cupy_tests/core_tests/test_core.py",
    "cupy_tests/cuda_tests/test_texture.py",
    "cupyx_tests/test_rsqrt.py",
    "cupyx_tests/jit_tests",
    # cupyx.scipy.special's ufuncs in cupy.fuse (the rest of these files tests CuPy alone)
    "cupyx_tests/scipy_tests/special_tests/test_bessel.py::TestFusionSpecial",
    "cupyx_tests/scipy_tests/special_tests/test_erf.py::TestFusionSpecial",
    "cupyx_tests/scipy_tests/special_tests/test_statistics.py::TestFusionSpecial",
)

PLUGIN = '''
import sys
import cupy, cupyx
import pykc
from pykc import jit as _pjit
for _n in ("ElementwiseKernel", "ReductionKernel", "RawKernel", "RawModule", "fuse"):
    setattr(cupy, _n, getattr(pykc, _n))
cupyx.jit = _pjit
sys.modules["cupyx.jit"] = _pjit
'''


def results(xml_path):
    """(outcome, test id, message) for each test case of a JUnit file."""
    out = []
    if not os.path.exists(xml_path):
        return out
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        tid = f"{case.get('classname')}::{case.get('name')}"
        outcome, msg = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome, msg = "failed", (child.get("message") or "")
            elif child.tag == "skipped":
                outcome, msg = "skipped", (child.get("message") or "")
        out.append((outcome, tid, msg))
    return out


def gpu_count():
    p = subprocess.run([sys.executable, "-c",
                        "import cupy; print(cupy.cuda.runtime.getDeviceCount())"],
                       capture_output=True, text=True)
    return int(p.stdout.strip() or 0) if p.returncode == 0 else 0


def run_file(tests, rel, xml_path, patched, workers, plugin_dir, limit=None, per_test=300):
    env = dict(os.environ)
    # CuPy's @testing.multi_gpu(n) skips a test only under this limit: the machine's count
    env.setdefault("CUPY_TEST_GPU_LIMIT", str(gpu_count()))
    env["PYTHONPATH"] = os.pathsep.join(
        [plugin_dir, os.path.join(ROOT, "python"), env.get("PYTHONPATH", "")])
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
           "--junitxml", xml_path, "--timeout", str(per_test),
           # a test blocked inside C never returns to Python for a signal: a timer thread
           # dumps every thread's stack and ends the worker, which xdist reports and replaces
           "--timeout-method", "thread", "-v", os.path.join(tests, rel)]
    if patched:
        cmd[3:3] = ["-p", "pykc_cupy_plugin"]
    if workers > 1:
        cmd += ["-n", str(workers)]
    # pytest's -v lines go to a file as they come, so a file cut by its time limit still
    # says which tests passed, failed and were running
    progress = xml_path[:-len(".xml")] + ".progress"
    with open(progress, "w") as f:
        try:
            subprocess.run(cmd, cwd=tests, env=env, stdout=f, stderr=subprocess.STDOUT,
                           timeout=limit)
            timed_out = ""
        except subprocess.TimeoutExpired:
            timed_out = f"TIMED OUT after {limit} s\n"
    with open(progress, errors="replace") as f:
        return timed_out + f.read()[-6000:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tests")
    ap.add_argument("--out", default=os.environ.get("OUT", "cupy-suite"))
    ap.add_argument("--baseline", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("-n", type=int, default=1)
    ap.add_argument("--file-timeout", type=int, default=0, help="seconds per file")
    ap.add_argument("--test-timeout", type=int, default=300, help="seconds per test")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="files run at once")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    plugin_dir = os.path.join(a.out, "plugin")
    os.makedirs(plugin_dir, exist_ok=True)
    with open(os.path.join(plugin_dir, "pykc_cupy_plugin.py"), "w") as f:
        f.write(PLUGIN)
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    rels = [r for r in FILES if not a.only or any(o in r for o in a.only.split(","))]

    def one(rel):
        tag = rel.replace("/", "_").replace(".py", "")
        xml = os.path.join(a.out, tag + ".xml")
        log = run_file(a.tests, rel, xml, True, a.n, plugin_dir, a.file_timeout or None,
                       a.test_timeout)
        with open(os.path.join(a.out, tag + ".log"), "w") as f:
            f.write(log)
        base = {}
        if a.baseline:
            bxml = os.path.join(a.out, tag + ".cupy.xml")
            run_file(a.tests, rel, bxml, False, a.n, plugin_dir)
            base = {tid: o for o, tid, _ in results(bxml)}
        return rel, results(xml), base, log

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for fut in concurrent.futures.as_completed([pool.submit(one, r) for r in rels]):
            rel, mine, base, log = fut.result()
            counts = {"passed": 0, "failed": 0, "skipped": 0}
            for outcome, tid, msg in mine:
                counts[outcome] += 1
                if outcome == "failed":
                    note = f" (CuPy: {base[tid]})" if tid in base else ""
                    print(f"FAIL {tid}{note}: {msg[:300]}")
            if not mine:
                print(f"NO RESULTS {rel}:\n{log}")
            print(f"== {rel}: {counts['passed']} passed, {counts['failed']} failed, "
                  f"{counts['skipped']} skipped", flush=True)
            for k in totals:
                totals[k] += counts[k]
    print(f"{totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
