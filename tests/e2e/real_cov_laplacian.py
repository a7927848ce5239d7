# run: --kernel calculate_cov_laplacian_fused psi=@real_cov_laplacian.psi.npy dx=@real_cov_laplacian.dx.npy dy=@real_cov_laplacian.dy.npy dz=@real_cov_laplacian.dz.npy lap_flat=@real_cov_laplacian.lap_flat.npy omega=@real_cov_laplacian.omega.npy omega_sq=@real_cov_laplacian.omega_sq.npy d_omega_d_rho=@real_cov_laplacian.d_omega_d_rho.npy D_spatial=3.0
# check: out tol=1e-12
# input: psi = rng.standard_normal(30) + 1j * rng.standard_normal(30)
# input: dx = rng.standard_normal(30) + 1j * rng.standard_normal(30)
# input: dy = rng.standard_normal(30) + 1j * rng.standard_normal(30)
# input: dz = rng.standard_normal(30) + 1j * rng.standard_normal(30)
# input: lap_flat = rng.standard_normal(30) + 1j * rng.standard_normal(30)
# input: omega = rng.random(30) + 0.5
# input: omega_sq = rng.random(30) + 0.5
# input: d_omega_d_rho = rng.standard_normal(30)
# A real program (a nonlinear field solver): complex128 and float64 arrays mixed, cp.conj,
# cp.real of a product, a Python float argument, Python float literals.
import cupy as cp


@cp.fuse()
def calculate_cov_laplacian_fused(psi, dx, dy, dz, lap_flat, omega, omega_sq, d_omega_d_rho, D_spatial):
    # Dynamically resolve gradient of density from complex fields
    psi_conj = cp.conj(psi)
    gx = 2.0 * cp.real(psi_conj * dx)
    gy = 2.0 * cp.real(psi_conj * dy)
    gz = 2.0 * cp.real(psi_conj * dz)
    
    # Resolve gradient of conformal factor
    g_om_x = d_omega_d_rho * gx
    g_om_y = d_omega_d_rho * gy
    g_om_z = d_omega_d_rho * gz
    
    grad_omega_dot_grad_psi = g_om_x*dx + g_om_y*dy + g_om_z*dz
    cov_term = (D_spatial - 2.0) * grad_omega_dot_grad_psi / omega
    return (lap_flat + cov_term) / omega_sq
