# run: --kernel parts --grid 1 --block 64 z=@ext_complex_parts.z.npy w=@ext_complex_parts.w.npy x=@ext_complex_parts.x.npy r=zeros:float64:64x7 q=zeros:float32:64x5 o=zeros:complex128:64x3 p=zeros:complex64:64x2
# check: r q o p cpu-ulp=4
# input: z = special_complex(64, 'complex128')
# input: w = (rng.standard_normal(64) * 3 + 1j * rng.standard_normal(64) * 3).astype(np.complex64)
# input: x = special_floats(64, 'float64')
# NumPy's complex attributes and functions that cupyx.jit lacks (pykc extensions; numpy
# reference): z.real, z.imag, z.conj(), z.conjugate(), cp.real, cp.imag, cp.angle (also
# of a real: 0 or pi), builtin abs() (hypot), complex(re, im) of variables (float64
# parts give complex128, float32 parts complex64).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def parts(z, w, x, r, q, o, p):
    i = jit.grid(1)
    a = z[i]
    c = w[i]
    r[i, 0] = a.real
    r[i, 1] = a.imag
    r[i, 2] = cp.real(a) * cp.imag(a)
    r[i, 3] = cp.angle(a)
    r[i, 4] = abs(a)
    r[i, 5] = cp.angle(x[i])
    r[i, 6] = cp.imag(x[i]) + cp.real(x[i])
    q[i, 0] = c.real
    q[i, 1] = c.imag
    q[i, 2] = cp.angle(c)
    q[i, 3] = abs(c)
    q[i, 4] = cp.imag(c.conj())
    o[i, 0] = a.conj()
    o[i, 1] = complex(x[i], a.imag)
    o[i, 2] = a.conjugate() * complex(1.0, x[i])
    p[i, 0] = complex(c.imag, c.real)
    p[i, 1] = c.conjugate()
