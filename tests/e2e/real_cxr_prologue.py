# run: --kernel _line_prologue_kernel --grid 2 --block 16 v_flat=@real_cxr_prologue.v_flat.npy denom=@real_cxr_prologue.denom.npy gamma=@real_cxr_prologue.gamma.npy t_L=@real_cxr_prologue.t_L.npy L_esc=@real_cxr_prologue.L_esc.npy line_electron=@real_cxr_prologue.line_electron.npy g_flat=@real_cxr_prologue.g_flat.npy es_flat=@real_cxr_prologue.es_flat.npy ep_flat=@real_cxr_prologue.ep_flat.npy mosaic_weight=@real_cxr_prologue.mosaic_weight.npy E_tab=@real_cxr_prologue.E_tab.npy chi_re_tab=@real_cxr_prologue.chi_re_tab.npy chi_im_tab=@real_cxr_prologue.chi_im_tab.npy u_re_tab=@real_cxr_prologue.u_re_tab.npy u_im_tab=@real_cxr_prologue.u_im_tab.npy mu_tab=@real_cxr_prologue.mu_tab.npy E_r_out=ones:float32:24 aw_out=ones:float32:24 weight_out=ones:float32:24 lo_keep=3500:float32 hi_keep=19000:float32 hbarc=197.3:float32 electron_mass_eV=511000:float32 alpha_fs=0.0073:float32 pref_c1=3e-6:float32 nx=0.1:float32 ny=0:float32 nz=0.995:float32 n_pairs=24:uint32 n_g=4:uint32 n_tab=9:uint32
# check: E_r_out aw_out weight_out tol=2e-5
# input: v_flat = (np.array([0.05, -0.02, 0.9] * 6) + rng.standard_normal(18) * 0.03).astype(np.float32)
# input: denom = (rng.random(6) * 0.5 + 0.4).astype(np.float32)
# input: gamma = (rng.random(6) * 3 + 2).astype(np.float32)
# input: t_L = np.array([0.5, 1.0, 0.0, 2.0, 1.5, 0.7], np.float32)
# input: L_esc = (rng.random(6) * 0.01).astype(np.float32)
# input: line_electron = np.array([True, True, True, False, True, True])
# input: g_flat = (np.array([3.0, 1.0, 30.0, -2.0, 4.0, 45.0, 1.0, -1.0, 12.0, 0.5, 0.5, 80.0]) + rng.standard_normal(12) * 0.2).astype(np.float32)
# input: es_flat = rng.standard_normal(12).astype(np.float32)
# input: ep_flat = rng.standard_normal(12).astype(np.float32)
# input: mosaic_weight = (rng.random(4) + 0.1).astype(np.float32)
# input: E_tab = np.linspace(3000, 20000, 9).astype(np.float32)
# input: chi_re_tab = rng.standard_normal(36).astype(np.float32)
# input: chi_im_tab = (rng.standard_normal(36) * 0.1).astype(np.float32)
# input: u_re_tab = (rng.standard_normal(36) * 1e5).astype(np.float32)
# input: u_im_tab = (rng.standard_normal(36) * 1e4).astype(np.float32)
# input: mu_tab = (rng.random(9) * 50).astype(np.float32)
# A published program (coherent X-ray radiation from relativistic electrons, the line
# prologue: one thread per (segment, reciprocal vector) pair): four device functions with
# early returns (a binary search, two table interpolations, a 20-argument polarization
# amplitude), np.float32/np.uint32 module constants and `np.float32(np.finfo(...).max)`,
# `import cupy as xp` for xp.exp, a bool array as a condition, early returns from the
# kernel, `or`/`and` chains of float32 comparisons, a frozen dataclass (host code).
"""Fused CUDA prologue for incoherent CXR line emission.

One CUDA thread owns one ``(segment, reciprocal-vector)`` pair and evaluates
resonance kinematics, all five table interpolations, both polarizations, and
the absorption-weighted line coefficient.  Invalid pairs are represented by a
zero weight in fixed pair order.  That avoids the nondeterministic output order
of atomic compaction and lets :mod:`spectrum_jit_kernel` skip rejected pairs
before evaluating the expensive sinc.

The caller deliberately retains the eager CuPy path for coherent emission,
component spectra, non-float32 backends, and sinc-cutoff windowing.
"""

from dataclasses import dataclass

import cupy as xp
import numpy as np
from cupyx import jit

F32_ZERO = np.float32(0.0)
F32_ONE = np.float32(1.0)
F32_TWO = np.float32(2.0)
F32_TEN = np.float32(10.0)
F32_MAX = np.float32(np.finfo(np.float32).max)

U32_ZERO = np.uint32(0)
U32_ONE = np.uint32(1)
U32_TWO = np.uint32(2)
U32_THREE = np.uint32(3)


@dataclass(frozen=True)
class LinePrologueKernelConfig:
    nthreads: int = 256


DEFAULT_LINE_PROLOGUE_KERNEL_CONFIG = LinePrologueKernelConfig()


@jit.rawkernel(device=True)
def _interp_row(table, row, idx, frac, below, above, n_tab):
    base = row * n_tab
    if below:
        return table[base]
    if above:
        return table[base + n_tab - U32_ONE]
    f0 = table[base + idx - U32_ONE]
    return f0 + frac * (table[base + idx] - f0)


@jit.rawkernel(device=True)
def _interp_shared(table, idx, frac, below, above, n_tab):
    if below:
        return table[U32_ZERO]
    if above:
        return table[n_tab - U32_ONE]
    f0 = table[idx - U32_ONE]
    return f0 + frac * (table[idx] - f0)


@jit.rawkernel(device=True)
def _bracket_index(grid, x, n_tab):
    """Equivalent to ``clip(searchsorted(grid, x), 1, n_tab - 1)``."""
    lo = U32_ZERO
    hi = n_tab
    while lo < hi:
        mid = (lo + hi) // U32_TWO
        if grid[mid] < x:
            lo = mid + U32_ONE
        else:
            hi = mid
    if lo < U32_ONE:
        return U32_ONE
    if lo >= n_tab:
        return n_tab - U32_ONE
    return lo


@jit.rawkernel(device=True)
def _polarization_amplitude_sq(
    ex,
    ey,
    ez,
    gx,
    gy,
    gz,
    vx,
    vy,
    vz,
    chi_re,
    chi_im,
    u_re,
    u_im,
    v_dot_kg,
    omega,
    v_dot_g,
    k_dot_g,
    k_dot_v,
    gamma,
    detuning,
):
    g_dot_e = gx * ex + gy * ey + gz * ez
    v_dot_e = vx * ex + vy * ey + vz * ez
    f_pxr = (v_dot_kg * g_dot_e - omega * omega * v_dot_e) / detuning
    braced_ge = g_dot_e - v_dot_g * v_dot_e
    braced_kg = k_dot_g - k_dot_v * v_dot_g
    f_cbs = -(braced_ge + v_dot_e * braced_kg / v_dot_g) / (gamma * v_dot_g)
    re = chi_re * f_pxr + u_re * f_cbs
    im = chi_im * f_pxr + u_im * f_cbs
    return re * re + im * im


@jit.rawkernel()
def _line_prologue_kernel(
    v_flat,
    denom,
    gamma,
    t_L,
    L_esc,
    line_electron,
    g_flat,
    es_flat,
    ep_flat,
    mosaic_weight,
    E_tab,
    chi_re_tab,
    chi_im_tab,
    u_re_tab,
    u_im_tab,
    mu_tab,
    E_r_out,
    aw_out,
    weight_out,
    lo_keep,
    hi_keep,
    hbarc,
    electron_mass_eV,
    alpha_fs,
    pref_c1,
    nx,
    ny,
    nz,
    n_pairs,
    n_g,
    n_tab,
):
    pair = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if pair >= n_pairs:
        return

    # Every slot is initialized, so rejected pairs can be consumed safely by
    # the reduction kernel without a separate mask-compaction pass.
    E_r_out[pair] = F32_ZERO
    aw_out[pair] = F32_ZERO
    weight_out[pair] = F32_ZERO

    seg = pair // n_g
    g = pair - seg * n_g
    if not line_electron[seg]:
        return

    vbase = seg * U32_THREE
    gbase = g * U32_THREE
    vx = v_flat[vbase]
    vy = v_flat[vbase + U32_ONE]
    vz = v_flat[vbase + U32_TWO]
    gx = g_flat[gbase]
    gy = g_flat[gbase + U32_ONE]
    gz = g_flat[gbase + U32_TWO]

    dnm = denom[seg]
    v_dot_g = vx * gx + vy * gy + vz * gz
    omega = v_dot_g / dnm
    E_res = hbarc * omega
    if E_res <= lo_keep or E_res <= F32_TEN or E_res >= hi_keep:
        return

    below = E_res <= E_tab[U32_ZERO]
    above = E_res >= E_tab[n_tab - U32_ONE]
    idx = _bracket_index(E_tab, E_res, n_tab)
    x0 = E_tab[idx - U32_ONE]
    frac = (E_res - x0) / (E_tab[idx] - x0)

    chi_re = _interp_row(chi_re_tab, g, idx, frac, below, above, n_tab)
    chi_im = _interp_row(chi_im_tab, g, idx, frac, below, above, n_tab)
    u_re = _interp_row(u_re_tab, g, idx, frac, below, above, n_tab) / electron_mass_eV
    u_im = _interp_row(u_im_tab, g, idx, frac, below, above, n_tab) / electron_mass_eV
    mu = _interp_shared(mu_tab, idx, frac, below, above, n_tab)

    esx = es_flat[gbase]
    esy = es_flat[gbase + U32_ONE]
    esz = es_flat[gbase + U32_TWO]
    epx = ep_flat[gbase]
    epy = ep_flat[gbase + U32_ONE]
    epz = ep_flat[gbase + U32_TWO]
    kx = omega * nx
    ky = omega * ny
    kz = omega * nz
    kgx = kx + gx
    kgy = ky + gy
    kgz = kz + gz
    detuning = kgx * kgx + kgy * kgy + kgz * kgz - omega * omega
    k_dot_g = kx * gx + ky * gy + kz * gz
    v_dot_kg = vx * kgx + vy * kgy + vz * kgz
    k_dot_v = omega * (F32_ONE - dnm)

    gm = gamma[seg]
    a2 = _polarization_amplitude_sq(
        esx,
        esy,
        esz,
        gx,
        gy,
        gz,
        vx,
        vy,
        vz,
        chi_re,
        chi_im,
        u_re,
        u_im,
        v_dot_kg,
        omega,
        v_dot_g,
        k_dot_g,
        k_dot_v,
        gm,
        detuning,
    )
    a2 += _polarization_amplitude_sq(
        epx,
        epy,
        epz,
        gx,
        gy,
        gz,
        vx,
        vy,
        vz,
        chi_re,
        chi_im,
        u_re,
        u_im,
        v_dot_kg,
        omega,
        v_dot_g,
        k_dot_g,
        k_dot_v,
        gm,
        detuning,
    )

    duration = t_L[seg]
    pref = alpha_fs * omega / pref_c1 * (duration * duration) * xp.exp(-(L_esc[seg] * mu))
    weight = pref * a2 * mosaic_weight[g]
    if weight > F32_ZERO and weight < F32_MAX and duration > F32_ZERO:
        E_r_out[pair] = E_res
        aw_out[pair] = dnm * duration / (F32_TWO * hbarc)
        weight_out[pair] = weight
