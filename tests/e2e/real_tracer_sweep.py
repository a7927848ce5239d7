# run: --kernel arwen_tracer_periodic_sweep mass=@real_tracer_sweep.mass.npy density=@real_tracer_sweep.density.npy psi=@real_tracer_sweep.psi.npy dt=0.2 ncell=30 n2=5 out=zeros:float64:2x2x3x5 out_density=zeros:float64:2x3x5
# check: out out_density tol=1e-14
# input: mass = rng.random((2, 2, 3, 5)) + 0.5
# input: density = rng.random((2, 3, 5)) + 1.0
# input: psi = rng.standard_normal((2, 3, 5)) * 0.5
# A published program (a climate model's tracer transport: one sub-step of the periodic
# zonal sweep with a van Leer limiter): an ElementwiseKernel built in a function through
# `xp.ElementwiseKernel` (xp a parameter) and cached in a dict, options=("-fmad=false",),
# a preamble of __forceinline__ function templates called as arwen_harmonic<T>(...),
# a #define and #undef of a function-like macro inside the operation, T(0.5) casts,
# block scopes, a raw output written by the first tracer's threads only, int64 scalars
# from Python ints. (The walled sweep, the other branch, is left out.)
_FUSED_PREAMBLE = r"""
// The van Leer harmonic-mean limiter, the numpy _harmonic specification:
//   product = left * right; monotone = product > 0
//   denominator = monotone ? left + right : 1
//   result = monotone ? 2 * product / denominator : 0
template <typename T>
__device__ __forceinline__ T arwen_harmonic(T left, T right) {
    T product = left * right;
    bool monotone = product > T(0);
    T denominator = monotone ? (left + right) : T(1);
    return monotone ? ((T(2) * product) / denominator) : T(0);
}
// numpy minimum / maximum on finite operands.
template <typename T>
__device__ __forceinline__ T arwen_min(T a, T b) { return (a < b) ? a : b; }
template <typename T>
__device__ __forceinline__ T arwen_max(T a, T b) { return (a > b) ? a : b; }
"""

# One sub-step of the periodic zonal sweep for every tracer of the stack.
# Element i runs over (ntracer, n0, n1, n2); the flux of face j (between
# cells j and j+1 mod n2) is formed twice per cell, once for its east
# face and once for its west, exactly as the specification forms the
# whole face array and differences it.
_PERIODIC_OPERATION = r"""
    const long long cell = i % ncell;           // index into density/psi
    const long long tbase = i - cell;           // this tracer's block
    const long long j = cell % n2;
    const long long row = cell - j;             // start of this ring
    // q at ring position p (periodic).
    #define ARWEN_Q(p) (mass[tbase + row + (p)] / density[row + (p)])
    const long long jm2 = (j + n2 - 2) % n2;
    const long long jm1 = (j + n2 - 1) % n2;
    const long long jp1 = (j + 1) % n2;
    const long long jp2 = (j + 2) % n2;
    const T q_m2 = ARWEN_Q(jm2);
    const T q_m1 = ARWEN_Q(jm1);
    const T q_0 = ARWEN_Q(j);
    const T q_p1 = ARWEN_Q(jp1);
    const T q_p2 = ARWEN_Q(jp2);
    #undef ARWEN_Q
    // dq[p] = q[p+1] - q[p]; slope[p] = H(dq[p-1], dq[p])
    const T dq_m2 = q_m1 - q_m2;
    const T dq_m1 = q_0 - q_m1;
    const T dq_0 = q_p1 - q_0;
    const T dq_p1 = q_p2 - q_p1;
    const T slope_m1 = arwen_harmonic<T>(dq_m2, dq_m1);
    const T slope_0 = arwen_harmonic<T>(dq_m1, dq_0);
    const T slope_p1 = arwen_harmonic<T>(dq_0, dq_p1);
    // face f between cells f and f+1: flux_dt = psi[f] * dt
    T flux_here, flux_west;
    {
        const T fdt = psi[row + j] * dt;
        const T c_lo = fdt / density[row + j];
        const T c_hi = (-fdt) / density[row + jp1];
        const bool upwind_lo = psi[row + j] >= T(0);
        const T w_lo = T(0.5) * (T(1) - c_lo);
        const T w_hi = T(-0.5) * (T(1) - c_hi);
        T face_value = upwind_lo ? (q_0 + slope_0 * w_lo) : (q_p1 + slope_p1 * w_hi);
        const T q_up = upwind_lo ? q_0 : q_p1;
        face_value = arwen_min<T>(
            arwen_max<T>(face_value, arwen_min<T>(q_0, q_p1)),
            arwen_min<T>(arwen_max<T>(q_0, q_p1), T(2) * q_up));
        flux_here = fdt * face_value;
    }
    {
        const T fdt = psi[row + jm1] * dt;
        const T c_lo = fdt / density[row + jm1];
        const T c_hi = (-fdt) / density[row + j];
        const bool upwind_lo = psi[row + jm1] >= T(0);
        const T w_lo = T(0.5) * (T(1) - c_lo);
        const T w_hi = T(-0.5) * (T(1) - c_hi);
        T face_value = upwind_lo ? (q_m1 + slope_m1 * w_lo) : (q_0 + slope_0 * w_hi);
        const T q_up = upwind_lo ? q_m1 : q_0;
        face_value = arwen_min<T>(
            arwen_max<T>(face_value, arwen_min<T>(q_m1, q_0)),
            arwen_min<T>(arwen_max<T>(q_m1, q_0), T(2) * q_up));
        flux_west = fdt * face_value;
    }
    out = mass[i] - (flux_here - flux_west);
    // The pseudo-density advanced by the same face fluxes, the
    // specification's density - (flux_dt - roll(flux_dt, 1)), written
    // once per cell by the first tracer's thread.
    if (tbase == 0) {
        const T fdt_here = psi[row + j] * dt;
        const T fdt_west = psi[row + jm1] * dt;
        out_density[cell] = density[cell] - (fdt_here - fdt_west);
    }
"""

_KERNELS: dict[tuple, object] = {}


def _fused(xp, name: str):
    """The fused sweep kernels, built once per process and per device."""
    key = (name,)
    kernel = _KERNELS.get(key)
    if kernel is None:
        if name == "periodic":
            kernel = xp.ElementwiseKernel(
                "raw T mass, raw T density, raw T psi, T dt, int64 ncell, int64 n2",
                "T out, raw T out_density",
                _PERIODIC_OPERATION,
                "arwen_tracer_periodic_sweep",
                preamble=_FUSED_PREAMBLE,
                options=("-fmad=false",),
            )
        else:
            raise KeyError(name)
        _KERNELS[key] = kernel
    return kernel
