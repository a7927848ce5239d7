# run: --kernel push --grid 1 --block 32 pos=@real_boris_push.pos.npy vel=@real_boris_push.vel.npy E=@real_boris_push.E.npy Bf=@real_boris_push.Bf.npy qm=-1.7 dt=0.05 n=32:int64
# check: pos vel tol=1e-12
# input: pos = rng.standard_normal((32, 3))
# input: vel = rng.standard_normal((32, 3))
# input: E = rng.standard_normal((32, 3)) * 0.1
# input: Bf = rng.standard_normal((32, 3))
# Modelled on published particle pushers in cupyx.jit (the Boris rotation): 3-vectors as
# tuples returned from device functions (a cross product, a scaled sum), unpacked into
# three names, float64 arithmetic with float scalar arguments.
import numpy as np
from cupyx import jit


@jit.rawkernel(device=True)
def cross(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@jit.rawkernel(device=True)
def axpy(a, x0, x1, x2, y0, y1, y2):
    return a * x0 + y0, a * x1 + y1, a * x2 + y2


@jit.rawkernel()
def push(pos, vel, E, Bf, qm, dt, n):
    i = jit.grid(1)
    if i < n:
        h = np.float64(qm) * np.float64(dt) * 0.5
        vx, vy, vz = axpy(h, E[i, 0], E[i, 1], E[i, 2], vel[i, 0], vel[i, 1], vel[i, 2])
        tx = h * Bf[i, 0]
        ty = h * Bf[i, 1]
        tz = h * Bf[i, 2]
        t2 = tx * tx + ty * ty + tz * tz
        cx, cy, cz = cross(vx, vy, vz, tx, ty, tz)
        px, py, pz = vx + cx, vy + cy, vz + cz
        sx, sy, sz = 2.0 * tx / (1.0 + t2), 2.0 * ty / (1.0 + t2), 2.0 * tz / (1.0 + t2)
        cx, cy, cz = cross(px, py, pz, sx, sy, sz)
        vx, vy, vz = axpy(h, E[i, 0], E[i, 1], E[i, 2], vx + cx, vy + cy, vz + cz)
        vel[i, 0] = vx
        vel[i, 1] = vy
        vel[i, 2] = vz
        pos[i, 0] += vx * dt
        pos[i, 1] += vy * dt
        pos[i, 2] += vz * dt
