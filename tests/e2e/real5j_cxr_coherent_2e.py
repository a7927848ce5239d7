# run: --kernel _kernel_2e --grid 3 --block 32 --shared-mem 1024 E_r=@real5j_cxr_coherent_2e.E_r.npy aw=@real5j_cxr_coherent_2e.aw.npy phase_slope=@real5j_cxr_coherent_2e.phase_slope.npy g_phase=@real5j_cxr_coherent_2e.g_phase.npy cs_re=@real5j_cxr_coherent_2e.cs_re.npy cs_im=@real5j_cxr_coherent_2e.cs_im.npy cp_re=@real5j_cxr_coherent_2e.cp_re.npy cp_im=@real5j_cxr_coherent_2e.cp_im.npy E_grid=@real5j_cxr_coherent_2e.E_grid.npy L_esc=@real5j_cxr_coherent_2e.L_esc.npy delta_omega=@real5j_cxr_coherent_2e.delta_omega.npy spec=@real5j_cxr_coherent_2e.spec.npy wm=1.5:float32 use_medium=1:uint32 n_lines=50:uint32 n_E=5:uint32
# check: spec tol=1e-5
# input: E_r = (8000 + 40 * rng.random(50)).astype(np.float32)
# input: aw = (0.5 * rng.random(50)).astype(np.float32)
# input: phase_slope = (0.01 * rng.random(50)).astype(np.float32)
# input: g_phase = (0.3 * rng.random(50)).astype(np.float32)
# input: cs_re = (1 + rng.random(50)).astype(np.float32)
# input: cs_im = (0.2 * rng.standard_normal(50)).astype(np.float32)
# input: cp_re = (1 + rng.random(50)).astype(np.float32)
# input: cp_im = (0.2 * rng.standard_normal(50)).astype(np.float32)
# input: E_grid = np.array([8000, 8010, 8020, 8020.5, 8035], np.float32)
# input: L_esc = (0.1 * rng.random(50)).astype(np.float32)
# input: delta_omega = (0.05 * rng.random(5)).astype(np.float32)
# input: spec = rng.random(5).astype(np.float32)
# A published program (an X-ray line-spectrum simulator's coherent reduction: two
# energies per block), its kernel and device function unchanged: module-level NumPy
# scalars as constants (np.float32(0.0), np.uint32(1) ... U32_SEVEN), a device function
# assigning to its parameter (`x = F32_TINY`), `xp` as the name of cupy (`xp.sin`,
# `xp.cos`, `xp.float32` for dynamic shared memory), a uint32 flag as an if condition, a
# bool local `has1 = k1 < n_E`, a thread-strided while loop over lines, eight partial
# sums laid out in shared memory at offsets `U32_k * nthreads` and a tree reduction with
# `stride //= U32_TWO`. The last block has one energy (n_E odd).
from dataclasses import dataclass

import cupy as xp
import numpy as np
from cupyx import jit

F32_ZERO = np.float32(0.0)
F32_TINY = np.float32(1.0e-20)
U32_ZERO = np.uint32(0)
U32_ONE = np.uint32(1)
U32_TWO = np.uint32(2)
U32_THREE = np.uint32(3)
U32_FOUR = np.uint32(4)
U32_FIVE = np.uint32(5)
U32_SIX = np.uint32(6)
U32_SEVEN = np.uint32(7)


@jit.rawkernel(device=True)
def _sinc_unscaled(x):
    if x == F32_ZERO:
        x = F32_TINY
    return xp.sin(x) / x


@jit.rawkernel()
def _kernel_2e(
    E_r,
    aw,
    phase_slope,
    g_phase,
    cs_re,
    cs_im,
    cp_re,
    cp_im,
    E_grid,
    L_esc,
    delta_omega,
    spec,
    wm,
    use_medium,
    n_lines,
    n_E,
):
    base = jit.blockIdx.x * U32_TWO
    tid = jit.threadIdx.x
    nthreads = jit.blockDim.x
    k0 = base
    E0 = E_grid[k0]
    dw0 = F32_ZERO
    if use_medium:
        dw0 = delta_omega[k0]
    sr0 = F32_ZERO
    si0 = F32_ZERO
    pr0 = F32_ZERO
    pi0 = F32_ZERO
    k1 = base + U32_ONE
    has1 = k1 < n_E
    E1 = F32_ZERO
    dw1 = F32_ZERO
    if has1:
        E1 = E_grid[k1]
        if use_medium:
            dw1 = delta_omega[k1]
    sr1 = F32_ZERO
    si1 = F32_ZERO
    pr1 = F32_ZERO
    pi1 = F32_ZERO

    line = tid
    while line < n_lines:
        Er = E_r[line]
        aa = aw[line]
        ps = phase_slope[line]
        gp = g_phase[line]
        Lj = F32_ZERO
        if use_medium:
            Lj = L_esc[line]
        csr = cs_re[line]
        csi = cs_im[line]
        cpr = cp_re[line]
        cpi = cp_im[line]
        x = aa * (E0 - Er)
        s = _sinc_unscaled(x)
        phase = ps * E0 - gp
        if use_medium:
            phase = phase - Lj * dw0
        cph = xp.cos(phase)
        sph = xp.sin(phase)
        sr0 += s * (csr * cph - csi * sph)
        si0 += s * (csr * sph + csi * cph)
        pr0 += s * (cpr * cph - cpi * sph)
        pi0 += s * (cpr * sph + cpi * cph)
        if has1:
            x = aa * (E1 - Er)
            s = _sinc_unscaled(x)
            phase = ps * E1 - gp
            if use_medium:
                phase = phase - Lj * dw1
            cph = xp.cos(phase)
            sph = xp.sin(phase)
            sr1 += s * (csr * cph - csi * sph)
            si1 += s * (csr * sph + csi * cph)
            pr1 += s * (cpr * cph - cpi * sph)
            pi1 += s * (cpr * sph + cpi * cph)
        line += nthreads

    shared = jit.shared_memory(xp.float32, None)
    o0 = U32_ZERO
    shared[o0 + tid] = sr0
    o1 = U32_ONE * nthreads
    shared[o1 + tid] = si0
    o2 = U32_TWO * nthreads
    shared[o2 + tid] = pr0
    o3 = U32_THREE * nthreads
    shared[o3 + tid] = pi0
    o4 = U32_FOUR * nthreads
    shared[o4 + tid] = sr1
    o5 = U32_FIVE * nthreads
    shared[o5 + tid] = si1
    o6 = U32_SIX * nthreads
    shared[o6 + tid] = pr1
    o7 = U32_SEVEN * nthreads
    shared[o7 + tid] = pi1
    jit.syncthreads()
    stride = nthreads // U32_TWO
    while stride > U32_ZERO:
        if tid < stride:
            shared[o0 + tid] += shared[o0 + tid + stride]
            shared[o1 + tid] += shared[o1 + tid + stride]
            shared[o2 + tid] += shared[o2 + tid + stride]
            shared[o3 + tid] += shared[o3 + tid + stride]
            shared[o4 + tid] += shared[o4 + tid + stride]
            shared[o5 + tid] += shared[o5 + tid + stride]
            shared[o6 + tid] += shared[o6 + tid + stride]
            shared[o7 + tid] += shared[o7 + tid + stride]
        jit.syncthreads()
        stride //= U32_TWO
    if tid == U32_ZERO:
        sr = shared[o0]
        si = shared[o1]
        pr = shared[o2]
        pi = shared[o3]
        spec[k0] += wm * (sr * sr + si * si + pr * pr + pi * pi)
        if has1:
            sr = shared[o4]
            si = shared[o5]
            pr = shared[o6]
            pi = shared[o7]
            spec[k1] += wm * (sr * sr + si * si + pr * pr + pi * pi)
