# run: --kernel estimate_intensity log_density=@real5f_replay_intensity.log_density.npy log_occupancy=@real5f_replay_intensity.log_occupancy.npy log_mean_rate=-1.5
# check: out tol=1e-12
# input: log_density = rng.standard_normal((4, 6))
# input: log_occupancy = rng.standard_normal((1, 6))
# Source: github.com/Eden-Kramer-Lab/replay_trajectory_classification (the same module):
# a fused function whose body calls another fused function (estimate_log_intensity), as
# CuPy allows (a Fusion called while tracing runs its Python function).
import cupy as cp


@cp.fuse()
def estimate_log_intensity(log_density, log_occupancy, log_mean_rate):
    return log_mean_rate + log_density - log_occupancy

@cp.fuse()
def estimate_intensity(log_density, log_occupancy, log_mean_rate):
    return cp.exp(
        estimate_log_intensity(log_density, log_occupancy, log_mean_rate))
