"""Stand-in for CuPy 14.2's package (tests/python/cupystub/README.md): only `cupy.cuda`."""
from cupy import cuda  # NOQA
