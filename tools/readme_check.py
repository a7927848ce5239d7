"""Runs every code block of README.md as shown (issue 20 §1; tests/cli/readme.sh).

```python blocks run with $PYTHON and the package built in place (python/ on sys.path).
Where CuPy cannot be imported, `cupy` is NumPy with pykc's kernel classes and `cupyx.jit` is
pykc.jit: the arrays are NumPy's and the kernels run on the CPU backend.
```sh blocks run with `sh -e` in a scratch folder that sees the repository's build/,
examples/, tests/ and python/ (what they write lands in the scratch folder), with `pykc` on
PATH as build/pykc (the command `pip install .` installs) and `python3` as $PYTHON.
A block right after a line `<!-- not run: WHY -->` is skipped, WHY saying where it is
tested; ```text blocks are output. A block in any other language is an error, so no block
goes untested unnoticed. A line's comment `# prints: TEXT` is what the block prints: TEXT
must be a line of its output (so a README's promised output cannot drift from the
program's). Prints one line per block; exit 1 when one fails.
Usage: readme_check.py [README.md]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRINTS = re.compile(r"#\s*prints:\s*(.*?)\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
NOT_RUN = re.compile(r"^\s*<!-- not run: (.+) -->\s*$")

SHIM_CUPY = """from numpy import *  # noqa: F401,F403  (NumPy arrays: the CPU backend)
from pykc import ElementwiseKernel, RawKernel, RawModule, ReductionKernel, fuse  # noqa: F401
"""
SHIM_CUPYX = """import sys
import pykc.jit as jit
sys.modules["cupyx.jit"] = jit
"""


def blocks(path):
    """(line, language, text, skip reason or None) of each fenced block."""
    out, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang, start = m.group(1), m.group(2), i
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        prev = lines[start - 1] if start else ""
        skip = NOT_RUN.match(prev)
        out.append((start + 1, lang, "\n".join(body) + "\n", skip.group(1) if skip else None))
        i += 1
    return out


def scratch():
    d = tempfile.mkdtemp(prefix="pykc-readme-")
    for name in ("build", "examples", "tests", "python"):
        os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    os.makedirs(os.path.join(d, ".bin"))
    os.symlink(os.path.join(ROOT, "build", "pykc"), os.path.join(d, ".bin", "pykc"))
    os.symlink(os.environ.get("PYTHON", sys.executable), os.path.join(d, ".bin", "python3"))
    try:
        import cupy  # noqa: F401
    except ImportError:
        shim = os.path.join(d, ".shim")
        for mod, text in (("cupy", SHIM_CUPY), ("cupyx", SHIM_CUPYX)):
            os.makedirs(os.path.join(shim, mod))
            with open(os.path.join(shim, mod, "__init__.py"), "w") as f:
                f.write(text)
    return d


def run(lang, text, d):
    env = dict(os.environ, PATH=os.path.join(d, ".bin") + os.pathsep + os.environ["PATH"],
               PYKC_CACHE_DIR=os.path.join(d, ".cache"))
    paths = [os.path.join(d, ".shim")] if os.path.isdir(os.path.join(d, ".shim")) else []
    env["PYTHONPATH"] = os.pathsep.join(paths + [os.path.join(ROOT, "python")])
    if lang == "python":
        with open(os.path.join(d, "block.py"), "w") as f:
            f.write(text)
        cmd = [os.environ.get("PYTHON", sys.executable), "block.py"]
    else:
        cmd = ["sh", "-e", "-c", text]
    return subprocess.run(cmd, cwd=d, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600)


def main(argv):
    path = argv[1] if len(argv) > 1 else os.path.join(ROOT, "README.md")
    fails = 0
    d = scratch()
    try:
        for line, lang, text, skip in blocks(path):
            where = f"{os.path.basename(path)}:{line}"
            if lang == "text":
                continue
            if skip:
                print(f"SKIP {where} ({lang}): {skip}")
                continue
            if lang not in ("python", "sh"):
                print(f"FAIL {where}: a ```{lang or ''} block is neither run nor marked "
                      "<!-- not run: WHY --> (```text for output)")
                fails += 1
                continue
            r = run(lang, text, d)
            got = [ln.strip() for ln in r.stdout.splitlines()]
            missing = [m.group(1) for m in map(PRINTS.search, text.splitlines())
                       if m and m.group(1) not in got]
            if r.returncode:
                print(f"FAIL {where} ({lang}): exit {r.returncode}\n{r.stdout[-3000:]}")
                fails += 1
            elif missing:
                print(f"FAIL {where} ({lang}): the README says it prints {missing[0]!r}; it "
                      f"printed:\n{r.stdout[-3000:]}")
                fails += 1
            else:
                print(f"PASS {where} ({lang})")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
