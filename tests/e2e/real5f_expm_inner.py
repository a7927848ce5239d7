# run: --kernel _expm_inner E=@real5f_expm_inner.E.npy A2=@real5f_expm_inner.A2.npy A4=@real5f_expm_inner.A4.npy A6=@real5f_expm_inner.A6.npy b=@real5f_expm_inner.b.npy
# check: out0 out1 out2 out3 tol=1e-12
# input: E = np.eye(4)
# input: A2 = rng.standard_normal((4, 4)) * 0.5
# input: A4 = rng.standard_normal((4, 4)) * 0.25
# input: A6 = rng.standard_normal((4, 4)) * 0.125
# input: b = np.array([64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.])
# Source: github.com/cupy/cupy, cupyx/scipy/linalg/_matfuncs.py (expm): the [13/13] Pade
# terms, a bare `@cupy.fuse`, a 1-d array argument b indexed by constants (b[13], b[11],
# ...: each a scalar of the fused kernel), four results.
import cupy


@cupy.fuse
def _expm_inner(E, A2, A4, A6, b):
    u1 = b[13]*A6 + b[11]*A4 + b[9]*A2
    u2 = b[7]*A6 + b[5]*A4 + b[3]*A2 + b[1]*E

    v1 = b[12]*A6 + b[10]*A4 + b[8]*A2
    v2 = b[6]*A6 + b[4]*A4 + b[2]*A2 + b[0]*E
    return u1, u2, v1, v2
