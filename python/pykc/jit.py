"""pykc.jit: a drop-in for cupyx.jit (`from pykc import jit`).

`jit.rawkernel(mode='cuda'|'numpy', device=False, debug=False)` compiles the decorated
function with pykc at its first launch (source from the live function, free names from its
globals, closure and builtins); the other names are the kernel language's builtins
(LANGUAGE.md section 6). They mean something inside a kernel only: calling one from Python
raises an error that says so.
"""
from ._kernel import RawKernel, rawkernel

__all__ = ["rawkernel", "RawKernel"]


class _Builtin:
    """A kernel-language builtin (jit.NAME): usable inside kernels only."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"jit.{self._name} can only be used inside a @jit.rawkernel() function, "
            "which pykc compiles; it cannot be called from Python")

    def __repr__(self):
        return f"<pykc.jit builtin {self._name}>"


class _Dim3(_Builtin):
    """threadIdx, blockIdx, blockDim, gridDim: their .x, .y, .z exist inside kernels only."""

    __slots__ = ()

    def __getattr__(self, attr):
        if attr in ("x", "y", "z"):
            raise RuntimeError(f"jit.{self._name}.{attr} only has a value inside a kernel")
        raise AttributeError(attr)


_DIM3 = ("threadIdx", "blockIdx", "blockDim", "gridDim")
# The jit. names of src/types/builtins.c (tests/python/test_api.py checks the list against it).
_FUNCS = (
    "warpsize", "laneid", "grid", "gridsize", "syncthreads", "syncwarp", "threadfence",
    "shared_memory", "local_memory", "atomic_add", "atomic_sub", "atomic_exch", "atomic_min",
    "atomic_max", "atomic_inc", "atomic_dec", "atomic_cas", "atomic_and", "atomic_or",
    "atomic_xor", "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync",
    "ballot_sync", "all_sync", "any_sync", "activemask", "popc", "clz", "ffs", "brev",
    "range",
)

for _n in _DIM3:
    globals()[_n] = _Dim3(_n)
for _n in _FUNCS:
    globals()[_n] = _Builtin(_n)
__all__ += list(_DIM3) + list(_FUNCS)
del _n



class _Library:
    """jit.cg, jit.cub, jit.thrust: cupyx.jit's device libraries (src/types/devlib.c,
    devlib_thrust.c); their names are builtins too, usable inside kernels only."""

    def __init__(self, name, members):
        self._name = name
        for m in members:
            setattr(self, m, _Builtin(f"{name}.{m}"))

    def __repr__(self):
        return f"<pykc.jit library {self._name}>"


cg = _Library("cg", ("this_thread_block", "this_grid", "sync", "wait", "wait_prior",
                     "memcpy_async"))
cub = _Library("cub", ("WarpReduce", "BlockReduce", "Sum", "Max", "Min"))
thrust = _Library("thrust", (
    "device", "seq", "host", "make_constant_iterator", "make_counting_iterator",
    "adjacent_difference", "binary_search", "copy", "count", "equal", "equal_range",
    "exclusive_scan", "exclusive_scan_by_key", "fill", "find", "gather", "inclusive_scan",
    "inclusive_scan_by_key", "inner_product", "is_sorted", "is_sorted_until", "lower_bound",
    "mismatch", "reduce", "reduce_by_key", "remove", "remove_copy", "replace", "replace_copy",
    "reverse", "reverse_copy", "scatter", "sequence", "set_difference", "set_difference_by_key",
    "set_intersection", "set_intersection_by_key", "set_symmetric_difference",
    "set_symmetric_difference_by_key", "set_union", "set_union_by_key", "sort", "sort_by_key",
    "stable_sort", "stable_sort_by_key", "swap_ranges", "unique", "unique_by_key",
    "upper_bound"))
__all__ += ["cg", "cub", "thrust"]

BUILTIN_NAMES = frozenset(_DIM3 + _FUNCS + ("rawkernel", "cg", "cub", "thrust"))
