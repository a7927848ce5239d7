# run: --kernel combine_kt_etdrk4 psi_k=@real_etdrk4_combine.psi_k.npy N_n=@real_etdrk4_combine.N_n.npy N_a=@real_etdrk4_combine.N_a.npy N_b=@real_etdrk4_combine.N_b.npy N_c=@real_etdrk4_combine.N_c.npy E=@real_etdrk4_combine.E.npy f1=@real_etdrk4_combine.f1.npy f2=@real_etdrk4_combine.f2.npy f3=@real_etdrk4_combine.f3.npy
# check: out tol=1e-12
# input: psi_k = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
# input: N_n = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
# input: N_a = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
# input: N_b = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
# input: N_c = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
# input: E = rng.random((4, 6))
# input: f1 = rng.random((4, 6))
# input: f2 = rng.random((4, 6))
# input: f3 = rng.random(6)
# A real program (the same solver's ETDRK4 step): complex128 fields times float64
# coefficients, one of them broadcast from (6,), a Python float factor.
import cupy as cp


@cp.fuse()
def combine_kt_etdrk4(psi_k, N_n, N_a, N_b, N_c, E, f1, f2, f3):
    return E * psi_k + f1 * N_n + 2.0 * f2 * (N_a + N_b) + f3 * N_c
