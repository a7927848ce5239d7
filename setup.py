"""Builds pykc's C extension (python/*.c) from the same sources as libpykc.

The source list comes from the Makefile (`make print-libsrc`; a glob of src/*/ runtime/ cpu/
when make is missing). The generated files (build/lex.c, build/grammar.c, build/grammar.h,
build/cpu_rt.inc) are used as they are when present; otherwise `make` generates them, which
needs re2c and lemon (tools/need-tools.sh). xxhash.h comes from /usr/include or build/.
"""
import glob
import os
import re
import shutil
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
B = "build"
GENERATED = [f"{B}/lex.c", f"{B}/grammar.c", f"{B}/grammar.h", f"{B}/cpu_rt.inc"]


def run_make(*targets, capture=False):
    return subprocess.run(["make", "-s", "--no-print-directory", *targets], cwd=HERE, check=True,
                          stdout=subprocess.PIPE if capture else None, text=True).stdout


def lib_sources():
    try:
        srcs = run_make("print-libsrc", capture=True).split()
    except (OSError, subprocess.CalledProcessError):
        srcs = [os.path.relpath(p, HERE) for d in ("src/*", "runtime", "runtime/*", "cpu")
                for p in sorted(glob.glob(os.path.join(HERE, d, "*.c")))]
        srcs += ["cli/args.c", "cli/npy.c"]
    return srcs


def generated():
    missing = [g for g in GENERATED if not os.path.exists(os.path.join(HERE, g))]
    if missing:
        try:
            run_make("-o", "tools", *missing)      # re2c and lemon, not the test tools
        except (OSError, subprocess.CalledProcessError) as e:
            raise SystemExit(f"pykc: cannot make {' '.join(missing)} ({e}); they need re2c and "
                             "lemon (sh tools/need-tools.sh), or copy a build/ folder that has "
                             "them") from None
    xx = os.path.join(HERE, B, "xxhash.h")
    if not os.path.exists("/usr/include/xxhash.h") and not os.path.exists(xx):
        raise SystemExit("pykc: xxhash.h is missing: apt-get install libxxhash-dev, or put "
                         "xxhash.h in build/")
    if os.path.exists("/usr/include/xxhash.h") and not os.path.exists(xx):
        shutil.copy("/usr/include/xxhash.h", xx)
    return [f"{B}/lex.c", f"{B}/grammar.c"]


def version():
    with open(os.path.join(HERE, "src", "base", "base.h")) as f:
        return re.search(r'#define PYKC_VERSION "([^"]+)"', f.read()).group(1)


os.chdir(HERE)
ext = Extension(
    "pykc._pykc",
    sources=sorted(glob.glob("python/*.c")) + lib_sources() + generated(),
    include_dirs=["src", "runtime", "cpu", "cli", "include", B],
    define_macros=[("_GNU_SOURCE", None)],
    extra_compile_args=["-std=c11", "-O2", "-fvisibility=hidden", "-Wno-unused-parameter",
                        "-Wno-unused-variable", "-Wno-missing-field-initializers"],
    libraries=["dl", "m"],
)
setup(version=version(), packages=["pykc"], package_dir={"pykc": "python/pykc"},
      ext_modules=[ext])
