"""Builds pykc's C extension (python/*.c) from the same sources as libpykc.

The source list comes from the Makefile (`make print-libsrc`; a glob of src/*/ runtime/ cpu/
when make is missing). The generated files (build/lex.c, build/grammar.c, build/grammar.h,
build/cpu_rt.inc, build/cupy_headers.inc) are used as they are when present; otherwise
`make` generates them, which needs re2c and lemon (tools/need-tools.sh). xxhash.h comes from /usr/include or build/.

The same build links the `pykc` command (cli/*.c over the library's objects, compiled once)
into the package as pykc/bin/pykc; the console script `pykc` (pykc/_cli.py) runs it.
Where the `wheel` package is missing (a fresh venv on Debian 12: `pip install
--no-build-isolation .` offline), bdist_wheel is this file's own (BdistWheel): the build's
files and the egg-info's metadata zipped as a wheel, so no download is needed.
"""
import base64
import hashlib
import sys
import sysconfig
import tempfile
import zipfile
import glob
import os
import re
import shutil
import subprocess

from setuptools import Command, Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
B = "build"
GENERATED = [f"{B}/lex.c", f"{B}/grammar.c", f"{B}/grammar.h", f"{B}/cpu_rt.inc",
             f"{B}/cupy_headers.inc"]


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


class BuildExt(build_ext):
    """The extension, then the pykc command from the same objects (cli/*.c added)."""

    def build_extension(self, ext):
        super().build_extension(ext)
        lib = [src for src in ext.sources if not src.startswith("python/")]   # no CPython
        objs = self.compiler.object_filenames(lib, output_dir=self.build_temp)
        cli = [c for c in sorted(glob.glob("cli/*.c")) if c not in lib]
        objs += self.compiler.compile(cli, output_dir=self.build_temp,
                                      include_dirs=ext.include_dirs, macros=ext.define_macros,
                                      extra_postargs=ext.extra_compile_args)
        out = os.path.join(self.build_lib, "pykc", "bin")
        self.compiler.link_executable(objs, "pykc", output_dir=out, libraries=ext.libraries)


def _record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


class BdistWheel(Command):
    """bdist_wheel without the `wheel` package: build, then zip build_lib with a dist-info
    made from egg_info's (METADATA, entry_points.txt, top_level.txt), WHEEL and RECORD."""
    description = "build a wheel (pykc's own, used when the wheel package is missing)"
    user_options = [("dist-dir=", "d", "where to put the wheel")]

    def initialize_options(self):
        self.dist_dir = None

    def finalize_options(self):
        self.dist_dir = self.dist_dir or "dist"

    def egg2dist(self, egg_info, dist_info):
        """The dist-info folder from egg_info's files (also setuptools' dist_info uses it)."""
        os.makedirs(dist_info, exist_ok=True)
        for src, dst in (("PKG-INFO", "METADATA"), ("entry_points.txt", "entry_points.txt"),
                         ("top_level.txt", "top_level.txt")):
            if os.path.exists(os.path.join(egg_info, src)):
                shutil.copyfile(os.path.join(egg_info, src), os.path.join(dist_info, dst))

    def run(self):
        self.run_command("build")
        self.run_command("egg_info")
        build_lib = self.get_finalized_command("build").build_lib
        egg_info = self.get_finalized_command("egg_info").egg_info
        name, ver = self.distribution.get_name(), self.distribution.get_version()
        py = f"cp{sys.version_info.major}{sys.version_info.minor}"
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        tag = f"{py}-{py}-{plat}"
        dist_info = f"{name}-{ver}.dist-info"
        os.makedirs(self.dist_dir, exist_ok=True)
        path = os.path.join(self.dist_dir, f"{name}-{ver}-{tag}.whl")
        record = []
        with tempfile.TemporaryDirectory() as tmp, \
                zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            def add(arc, data, mode=0o644):
                info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o100000 | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, data)
                record.append(f"{arc},{_record_hash(data)},{len(data)}")

            def add_tree(top, prefix):
                for root, _, files in os.walk(top):
                    for f in sorted(files):
                        full = os.path.join(root, f)
                        with open(full, "rb") as fh:
                            add(prefix + os.path.relpath(full, top), fh.read(),
                                os.stat(full).st_mode & 0o777)
            add_tree(build_lib, "")
            self.egg2dist(egg_info, os.path.join(tmp, dist_info))
            add_tree(os.path.join(tmp, dist_info), dist_info + "/")
            add(f"{dist_info}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: pykc setup.py\n"
                                      f"Root-Is-Purelib: false\nTag: {tag}\n").encode())
            record.append(f"{dist_info}/RECORD,,")
            zf.writestr(f"{dist_info}/RECORD", "\n".join(record) + "\n")


try:
    import wheel  # noqa: F401  (its bdist_wheel is used when it is here)
    CMDCLASS = {"build_ext": BuildExt}
except ImportError:
    CMDCLASS = {"build_ext": BuildExt, "bdist_wheel": BdistWheel}

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
      ext_modules=[ext], cmdclass=CMDCLASS)
