# args: --kernel ahead --sig 'ahead(float32[:], float32[:])' --kernel short --sig 'short(float32[:], float32[:])' --kernel flag --sig 'flag(float32[:])'
# pykc's fuse keywords for its traces: pykc_memory= names, for each parameter, itself or
# an earlier parameter that is its own; pykc_new_fusion= is True or False.
import cupy as cp


@cp.fuse(pykc_memory=(1, 1))
def ahead(x, y):
    x += y


@cp.fuse(pykc_memory=(0,))
def short(x, y):
    x += y


@cp.fuse(pykc_new_fusion=1)
def flag(x):
    return x + 1
