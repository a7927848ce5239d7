# run: --kernel pdhg_col_update old_x=@real_pdhg_col_update.old_x.npy aty=@real_pdhg_col_update.aty.npy c=@real_pdhg_col_update.c.npy tau=@real_pdhg_col_update.tau.npy lower=@real_pdhg_col_update.lower.npy upper=@real_pdhg_col_update.upper.npy theta=@real_pdhg_col_update.theta.npy done=@real_pdhg_col_update.done.npy
# check: out_x xbar
# input: old_x = rng.standard_normal(40)
# input: aty = np.where(np.arange(40) % 11 == 3, np.nan, rng.standard_normal(40))
# input: c = rng.standard_normal(40)
# input: tau = rng.random(40) + 0.1
# input: lower = np.where(np.arange(40) % 4 == 0, -np.inf, -0.5)
# input: upper = np.where(np.arange(40) % 6 == 0, np.inf, 0.75)
# input: theta = np.full(40, 1.0)
# input: done = np.arange(40) % 7 == 0
# A real program (the same PDHG solver's primal step): a local named `next`, fmin of fmax
# with infinite bounds, NaN passed through, --fmad=false so that `theta * (next - old_x)`
# and the add stay two roundings.
import cupy as cp

pdhg_col_update = cp.ElementwiseKernel(
                "float64 old_x, float64 aty, float64 c, float64 tau, float64 lower, float64 upper, float64 theta, bool done",
                "float64 out_x, float64 xbar",
                "double step = tau * (c - aty); double candidate = old_x - step; "
                "double next = done ? old_x : (isnan(candidate) ? candidate : fmin(fmax(candidate, lower), upper)); "
                "double extrapolation = theta * (next - old_x); xbar = next + extrapolation; out_x = next;",
                "pdhg_workspace_col_update_fp64", options=("--fmad=false",))
