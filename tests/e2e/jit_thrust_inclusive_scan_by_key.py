# run: --kernel jit_thrust_inclusive_scan_by_key --grid 1 --block 1 key=@jit_thrust_inclusive_scan_by_key.key.npy value=@jit_thrust_inclusive_scan_by_key.value.npy
# check: value
# input: key = np.array([0, 0, 0, 1, 1, 2, 3, 3, 3, 3])
# input: value = np.ones(10, np.int64)
# CuPy 14.2's test_thrust.py test_inclusive_scan_by_key: in place.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_inclusive_scan_by_key(key, value):
    jit.thrust.inclusive_scan_by_key(
        jit.thrust.device, key.begin(), key.end(),
        value.begin(), value.begin())
