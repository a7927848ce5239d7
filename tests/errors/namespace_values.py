# args: --sig 'f(float32[:])'
# A types.SimpleNamespace of module constants: its names are read as a class's (NAME.k);
# a value pykc cannot evaluate is named at its use; positional arguments are not read.
import types
from types import SimpleNamespace

import cupy as cp
from cupyx import jit

M = SimpleNamespace(sqrt=cp.sqrt, k=2.5, n=np_missing)
T = types.SimpleNamespace(scale=3)
P = SimpleNamespace({"a": 1})


@jit.rawkernel()
def f(x):
    i = jit.threadIdx.x
    x[i] = M.sqrt(x[i]) * M.k + T.scale
    x[0] = M.n
    x[1] = M.missing
    x[2] = P.a
