"""Odd source files, table-driven (tests/cli/odd_inputs.sh runs it under build/pykc and
build-asan/pykc): each base kernel (the jit language, CUDA C++, an ElementwiseKernel) as
CRLF, BOM, BOM+CRLF, tab indents, a form feed, unicode and NFKC identifiers, no final
newline, an empty file, a lone BOM, a 2 MB line, 200 nested blocks, 100000 nested brackets
(1000 in C++: g++ takes seconds), unterminated strings and comments, invalid UTF-8, a NUL
(and '\\x00' in a form's text), and every cut of its text; then files that are folders,
links that loop or dangle, FIFOs, /dev/null, /dev/zero and stdin; arguments named in
unicode (NFKC as CPython compares names). Each must exit 0, 1 or 2
(3 for a kernel that faults), never by a signal or a timeout, with a message of at most
4000 bytes on stderr and no sanitizer report; the cases whose outcome is known say it.
usage: odd_inputs.py PYKC DIR"""
import os
import subprocess
import sys

PYKC, T = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(T)
PY = ("import cupy as cp\nfrom cupyx import jit\n\n\n@jit.rawkernel()\n"
      "def k(a: cp.float32, x: cp.float32[:], out: cp.float32[:]):\n"
      "    i = jit.grid(1)\n    if i < x.size:\n        out[i] = a * x[i]\n")
CU = ('extern "C" __global__ void k(float *x, int n) {\n  int i = threadIdx.x;\n'
      '  if (i < n) x[i] = 2.0f * x[i];\n}\n')
EWK = 'import cupy as cp\nk = cp.ElementwiseKernel("float32 x", "float32 y", "y = x * 2", "k")\n'
RUN = {"py": ["--grid", "1", "--block", "4", "a=2", "x=ones:float32:4", "out=zeros:float32:4",
              "--print", "out"],
       "cu": ["--grid", "1", "--block", "4", "x=ones:float32:4", "n=4:int32", "--print", "x"],
       "ewk": ["x=ones:float32:4", "--print", "y"]}
RESULT = {"py": "out = [2. 2. 2. 2.]", "cu": "x = [2. 2. 2. 2.]", "ewk": "y = [2. 2. 2. 2.]"}


def variants(src, cu):
    deep = ("".join("    " * (d + 1) + "if x[0] > %d:\n" % d for d in range(200))
            if not cu else "{" * 100000)
    return {
        "crlf": src.replace("\n", "\r\n"),
        "bom": "\ufeff" + src,
        "bom_crlf": "\ufeff" + src.replace("\n", "\r\n"),
        "tabs": src.replace("    ", "\t"),
        "mixed_tabs": src.replace("        out", "\t    out").replace("    i =", "\ti ="),
        "formfeed": src.replace("\n\n", "\n\x0c\n", 1),
        "unicode": src.replace("out", "ñoño").replace("x: ", "ξ: ").replace("x.s", "ξ.s")
                      .replace("x[", "ξ[").replace("float *x", "float *ξ").replace("32 x", "32 ξ"),
        "nfkc": src.replace("out", "ｏｕｔ"),
        "noeol": src.rstrip("\n"),
        "empty": "",
        "lone_bom": "\ufeff",
        "long_line": src + ("//" if cu else "#") + "x" * 2_000_000 + "\n",
        "deep_blocks": src + "\n" + deep + "\n",
        "deep_brackets": src + ("\nint z = " if cu else "\nz = ") + "(" * (1000 if cu else 100000)
                         + "1" + ")" * (1000 if cu else 100000) + (";\n" if cu else "\n"),
        "unterminated": src + ("\n/* open" if cu else "\nz = '''open\n"),
        "bad_utf8": src[:30] + "\udcff\udcfe" + src[30:],
        "nul": src[:40] + "\0" + src[40:],
        "nul_escape": src.replace("* 2", "* 2;\\x00 y = 0"),   # a str with a NUL in it
    }


# outcomes known: (base, variant) -> (exit status, text in stdout or stderr)
KNOWN = {
    ("cu", "bom"): (0, RESULT["cu"]), ("cu", "bom_crlf"): (0, RESULT["cu"]),
    ("cu", "crlf"): (0, RESULT["cu"]), ("py", "bom"): (0, RESULT["py"]),
    ("py", "crlf"): (0, RESULT["py"]), ("py", "bom_crlf"): (0, RESULT["py"]),
    ("ewk", "bom"): (0, RESULT["ewk"]), ("ewk", "crlf"): (0, RESULT["ewk"]),
    ("py", "nfkc"): (0, RESULT["py"]), ("py", "noeol"): (0, RESULT["py"]),
    ("py", "deep_brackets"): (1, "too many nested parentheses"),
    ("cu", "deep_brackets"): (0, RESULT["cu"]),
    ("ewk", "deep_brackets"): (1, "too many nested parentheses"),
    ("py", "nul"): (1, "U+0000"), ("cu", "nul"): (1, "a NUL byte"),
    ("py", "bad_utf8"): (1, "invalid UTF-8"), ("ewk", "nul_escape"): (1, "NUL character"),
    ("cu", "empty"): (2, "no kernel 'k'"), ("py", "tabs"): (0, RESULT["py"]),
    ("py", "mixed_tabs"): (1, "indent"),
}
cases = []
for base, src in (("py", PY), ("cu", CU), ("ewk", EWK)):
    ext = ".cu" if base == "cu" else ".py"
    for name, text in variants(src, base == "cu").items():
        path = f"{base}_{name}{ext}"
        with open(path, "wb") as f:
            f.write(text.encode("utf-8", "surrogateescape"))
        cases.append((f"{base}/{name}", ["run", "--cpu", path, "--kernel", "k"] + RUN[base],
                      KNOWN.get((base, name))))
        if base != "cu":
            cases.append((f"{base}/{name}/cuda", ["cuda", path, "-o", "out.cu"]
                          + (["--sig", "k(float32[:], float32[:])"] if base == "ewk" else []),
                          None))
    raw = src.encode()
    for cut in range(1, len(raw), 19 if base == "cu" else 5):   # (g++ is slow: fewer)
        path = f"{base}_cut{cut}{ext}"
        with open(path, "wb") as f:
            f.write(raw[:cut])
        cases.append((f"{base}/cut{cut}", ["run", "--cpu", path] + RUN[base] if base == "cu" else
                      ["cuda", path, "--sig", "k(float32[:], float32[:])"], None))

# parameters named in unicode, given by the name or its NFKC twin (CPython's rule: 'ｏｕｔ'
# is 'out'), --print and --out too; a name that is not UTF-8 is unknown
UNI = ["run", "--cpu", "py_unicode.py", "--grid", "1", "--block", "4", "a=2", "ξ=ones:float32:4"]
cases += [("unicode/names", UNI + ["ñoño=zeros:float32:4", "--print", "ñoño"],
           (0, "ñoño = [2. 2. 2. 2.]")),
          ("unicode/nfkc", ["run", "--cpu", "py_nfkc.py", "--grid", "1", "--block", "4", "a=2",
                            "x=ones:float32:4", "ｏｕｔ=zeros:float32:4", "--print", "ｏｕｔ",
                            "--out", "ｏｕｔ=o.npy"], (0, "out = [2. 2. 2. 2.]")),
          ("unicode/cu", ["run", "--cpu", "cu_unicode.cu", "--kernel", "k", "--grid", "1",
                          "--block", "4", "ξ=ones:float32:4", "n=4:int32", "--print", "ξ"],
           (0, "ξ = [2. 2. 2. 2.]")),
          ("unicode/not_utf8", UNI + ["\udcff\udcfe=zeros:float32:4"], (2, "unknown argument"))]
os.makedirs("folder.py", exist_ok=True)
for link, to in (("loop.py", "loop.py"), ("dangling.py", "missing.py")):
    if not os.path.lexists(link):
        os.symlink(to, link)
if not os.path.exists("fifo.py"):
    os.mkfifo("fifo.py")
for f, st, text in (("folder.py", 2, "Is a directory"), ("loop.py", 2, "symbolic links"),
                    ("dangling.py", 2, "No such file"), ("fifo.py", 2, "not a regular file"),
                    ("/dev/null", 2, "not a regular file"), ("/dev/zero", 2, "not a regular file"),
                    ("-", 0, RESULT["py"])):
    cases.append((f"file/{f}", ["run", "--cpu", f] + RUN["py"], (st, text)))

failed = 0
for label, argv, known in cases:
    stdin = PY.encode() if "-" in argv else b""
    argv = [a.encode("utf-8", "surrogateescape") for a in argv]
    try:
        p = subprocess.run([PYKC.encode()] + argv, input=stdin, capture_output=True, timeout=60,
                           env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1"))
        rc, out = p.returncode, p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out, err = "timeout", "", ""
    why = None
    if rc == "timeout" or rc < 0 or rc > 3:
        why = f"exit {rc}"
    elif "Sanitizer" in err or "runtime error:" in err:
        why = "sanitizer: " + err[:300]
    elif len(err) > 4000:
        why = f"{len(err)} bytes on stderr"
    elif rc and not err.strip():
        why = f"exit {rc} without a message"
    elif known and (rc != known[0] or known[1] not in out + err):
        why = f"exit {rc}, wanted {known[0]} and {known[1]!r}: {(out + err)[:300]!r}"
    if why:
        failed += 1
        print(f"FAIL {label}: {why}")
print(f"{len(cases) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
