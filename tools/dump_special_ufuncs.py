"""Writes runtime/cupy/special_ufuncs.py: cupyx.scipy.special's ufuncs as pykc's fuse
declares them (python/pykc/_ufunc.py Declared.declaration), one
`NAME = cupy._core.create_ufunc(...)` line each, and a `# cupyx.scipy.special.NAME: why`
comment for each public name that is no ufunc pykc compiles. The CLI embeds the file
(src/dsl/sema_special.c). Run on a machine with CuPy (14.2.0 for the vendored file):

    PYTHONPATH=python python3 tools/dump_special_ufuncs.py > runtime/cupy/special_ufuncs.py
"""
import cupy
import cupyx.scipy.special as sp

from pykc import _ufunc


def main():
    print("# GENERATED from CuPy %s by tools/dump_special_ufuncs.py (Declared.declaration of"
          % cupy.__version__)
    print("# python/pykc/_ufunc.py): cupyx.scipy.special's ufuncs as pykc's fuse declares them.")
    print("# Do not edit; rerun the tool with CuPy installed:")
    print("#   PYTHONPATH=python python3 tools/dump_special_ufuncs.py > "
          "runtime/cupy/special_ufuncs.py")
    print("import cupy")
    for name in sorted(n for n in dir(sp) if not n.startswith("_")):
        obj = getattr(sp, name)
        if not callable(obj):
            continue
        if not isinstance(obj, cupy.ufunc):
            print(f"# cupyx.scipy.special.{name}: not a ufunc (function)")
            continue
        try:
            d = _ufunc.declared(obj, False)
        except NotImplementedError as e:
            print(f"# cupyx.scipy.special.{name}: {e}")
            continue
        if d is None:
            print(f"# cupyx.scipy.special.{name}: not a ufunc pykc declares (no _ops)")
            continue
        print(d.declaration(name))


if __name__ == "__main__":
    main()
