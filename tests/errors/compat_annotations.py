# cupyx.jit ignores annotations, so a kernel annotated with types from elsewhere
# (cupy.typing.ArrayLike, cp.ndarray, "cp.ndarray") compiles like an unannotated one:
# a warning says the annotations are ignored, and --sig or the run-time arguments type
# it (here: no --sig, so `check` asks for one). A misspelt dtype is still an error.
import cupy as cp
from cupy.typing import ArrayLike
from cupyx import jit


@jit.rawkernel()
def ranks(offsets: ArrayLike, inds: ArrayLike, out: ArrayLike):
    out[0] = offsets[0] + inds[0]


@jit.rawkernel()
def nd(x: cp.ndarray, n: int):
    x[0] = n


@jit.rawkernel()
def quoted(x: "cp.ndarray"):
    x[0] = 1


@jit.rawkernel()
def typo(x: cp.flaot32[:]):
    x[0] = 1
