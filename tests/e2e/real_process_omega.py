# run: --kernel fused_process_omega omega_sq_tmp=@real_process_omega.omega_sq_tmp.npy min_val=0.25 max_val=4.0
# check: out0 out1 tol=1e-12
# input: omega_sq_tmp = np.concatenate([rng.random(20) * 6, [0.0, -1.0, 1e-40, 100.0]])
# A real program (the same solver's conformal factor): cp.float64(...) constants, nested
# cp.maximum of Python float arguments, log/exp/tanh/sqrt, a two-output tuple return.
import cupy as cp


@cp.fuse()
def fused_process_omega(omega_sq_tmp, min_val, max_val):
    tiny = cp.float64(1e-30)
    omega_safe = cp.maximum(omega_sq_tmp, tiny)
    log_omega = cp.log(omega_safe)
    log_lo = cp.log(cp.maximum(min_val, tiny))
    log_hi = cp.log(cp.maximum(max_val, cp.maximum(min_val, tiny) + tiny))
    center = 0.5 * (log_lo + log_hi)
    half = 0.5 * (log_hi - log_lo)
    z = (log_omega - center) / (half + cp.float64(1e-12))
    omega_sq_soft = cp.exp(center + half * cp.tanh(z))
    omega = cp.sqrt(omega_sq_soft)
    return omega_sq_soft, omega
