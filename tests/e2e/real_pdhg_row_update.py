# run: --kernel pdhg_row_update old_y=@real_pdhg_row_update.old_y.npy rhs=@real_pdhg_row_update.rhs.npy ax=@real_pdhg_row_update.ax.npy sigma=@real_pdhg_row_update.sigma.npy dual_upper=@real_pdhg_row_update.dual_upper.npy done=@real_pdhg_row_update.done.npy
# check: out_y next_y
# input: old_y = rng.standard_normal(40)
# input: rhs = rng.standard_normal(40)
# input: ax = np.where(np.arange(40) % 9 == 4, np.nan, rng.standard_normal(40))
# input: sigma = rng.random(40) + 0.1
# input: dual_upper = np.where(np.arange(40) % 3 == 0, np.inf, 0.0)
# input: done = np.arange(40) % 5 == 0
# A real program (a batched PDHG linear-program solver): two float64 outputs the call
# allocates, a bool input in a conditional, isnan and fmin, options=("--fmad=false",),
# the operation as adjacent Python string literals.
import cupy as cp

pdhg_row_update = cp.ElementwiseKernel(
                "float64 old_y, float64 rhs, float64 ax, float64 sigma, float64 dual_upper, bool done",
                "float64 out_y, float64 next_y",
                "double delta = sigma * (rhs - ax); double candidate = old_y + delta; "
                "out_y = done ? old_y : (isnan(candidate) ? candidate : fmin(candidate, dual_upper)); next_y = out_y;",
                "pdhg_workspace_row_update_fp64", options=("--fmad=false",))
