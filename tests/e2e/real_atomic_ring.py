# run: --kernel push_events --grid 2 --block 32 vals=@real_atomic_ring.vals.npy ring=zeros:int32:16 head=zeros:uint32:1 hist=zeros:int32:4 n=64:int64
# check: head hist
# input: vals = rng.integers(0, 100, 64).astype(np.int32)
# Modelled on published cupyx.jit event queues: a slot taken with atomic_inc on a uint32
# counter that wraps at the ring size, atomic_add into a histogram, atomic_max and
# atomic_min on int32 slots.
import numpy as np
from cupyx import jit


@jit.rawkernel()
def push_events(vals, ring, head, hist, n):
    i = jit.grid(1)
    if i < n:
        v = vals[i]
        slot = jit.atomic_inc(head, 0, np.uint32(15))
        ring[slot] = v
        jit.atomic_add(hist, v % 2, 1)
        jit.atomic_max(hist, 2, v)
        jit.atomic_min(hist, 3, -v)
