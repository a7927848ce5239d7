# run: --kernel insert_bact_kernel --grid 6 --block 256 mask_volume=zeros:float32:20x18x12 m1_x=1.05 m1_y=0.93 m1_z=0.61 m2m1_x=0.52 m2m1_y=0.33 m2m1_z=0.47 i_x_min=5 i_y_min=4 i_z_min=2 vox_size_xy=0.1 vox_size_z=0.2 threshold=0.27 x_plane_size=14 y_plane_size=12 z_plane_size=8
# check: mask_volume
# A published program (github.com/S1m0nB3ck3r/Simu-Bacteria-Holograms, simu_hologram.py:
# a digital-holography simulator of bacteria: a rod-shaped
# bacterium rasterised into a 3-d mask), its kernel unchanged: sixteen arguments, most
# of them Python floats (float32 in cupyx's default mode) and ints, a flat thread index
# split into z, y, x by `//` and `%`, the distance from a voxel to a segment with a
# clamped projection in an if/elif/else whose arms all assign dx, dy, dz, a squared
# threshold, a store of 1.0 at a 3-index tuple offset by ints.
import numpy as np
import cupy as cp
from cupyx import jit
import math


@jit.rawkernel()
def insert_bact_kernel(mask_volume,
                       m1_x, m1_y, m1_z,
                       m2m1_x, m2m1_y, m2m1_z,
                       i_x_min, i_y_min, i_z_min,
                       vox_size_xy, vox_size_z,
                       threshold,
                       x_plane_size, y_plane_size, z_plane_size):
    
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    plane_size = x_plane_size * y_plane_size
    total = plane_size * z_plane_size

    if tid < total:
        # z = tid // plane_size
        # y = (total - (z * plane_size)) // x_plane_size
        # x = total - (z * plane_size) - y * x_plane_size

        z = tid // (plane_size)
        y = (tid % (plane_size)) // x_plane_size
        x = tid % x_plane_size

        pos_x = (i_x_min + x) * vox_size_xy
        pos_y = (i_y_min + y) * vox_size_xy
        pos_z = (i_z_min + z) * vox_size_z

        wx = pos_x - m1_x
        wy = pos_y - m1_y
        wz = pos_z - m1_z

        v_dot_v = m2m1_x * m2m1_x + m2m1_y * m2m1_y + m2m1_z * m2m1_z
        dot = wx * m2m1_x + wy * m2m1_y + wz * m2m1_z
        t = dot / v_dot_v

        if t < 0.0:
            # plus proche de m1
            dx = wx
            dy = wy
            dz = wz
        elif t > 1.0:
            # plus proche de m2
            dx = pos_x - (m1_x + m2m1_x)
            dy = pos_y - (m1_y + m2m1_y)
            dz = pos_z - (m1_z + m2m1_z)
        else:
            # projection sur le segment
            proj_x = m1_x + t * m2m1_x
            proj_y = m1_y + t * m2m1_y
            proj_z = m1_z + t * m2m1_z
            dx = pos_x - proj_x
            dy = pos_y - proj_y
            dz = pos_z - proj_z

        distance_squared = dx * dx + dy * dy + dz * dz

        if distance_squared < threshold * threshold:
            mask_volume[i_x_min + x, i_y_min + y, i_z_min + z] = 1.0
