# run: --kernel cartesian r=@real5f_pn_cartesian.r.npy cos_theta=@real5f_pn_cartesian.cos_theta.npy phi=@real5f_pn_cartesian.phi.npy
# check: out0 out1 out2 tol=1e-12
# input: r = rng.random((3, 10)) * 20 + 5
# input: cos_theta = rng.uniform(-1, 1, (3, 10))
# input: phi = rng.uniform(0, 6.28, (3, 10))
# A published program (the same post-Newtonian orbit code): spherical to Cartesian
# coordinates, `(1-cos_theta**2)**(1/2)` (a Python float power), a tuple of three.
import cupy as cp, numpy as np

@cp.fuse
def cartesian(r, cos_theta, phi):
    sin_theta = (1-cos_theta**2)**(1/2)
    x = r * sin_theta * cp.cos(phi)
    y = r * sin_theta * cp.sin(phi)
    z = r * cos_theta
    return x, y, z
