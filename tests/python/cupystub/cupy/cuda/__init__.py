"""Stand-in for CuPy 14.2's cupy/cuda/__init__.py: its compiler submodule, and driver as
an attribute imported from cupy_backends (not a cupy.cuda.driver module)."""
from cupy.cuda import compiler  # NOQA
from cupy_backends.cuda.api import driver  # NOQA
