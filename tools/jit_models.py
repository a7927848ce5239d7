"""NumPy models of published cupyx.jit programs (tests/e2e/pending/real_*.py, later tests/e2e/):
each case runs through `pykc run --cpu` (the CLI) and through `from pykc import jit` (the
Python package, PYKC_CPU=1, loaded as tests/python/e2e.py loads a case), and both results
are compared with what its model here computes. CuPy's outputs on the GPU remain the oracle
(tools/gen_expected.py once the case moves to tests/e2e/); these models check the CPU side
before that, and say what each program computes.

    python3 tools/jit_models.py [NAME...]      (after `make` and `make python`)

A model takes the case's host arguments (parameter order, NumPy arrays and scalars) and
mutates the arrays as the kernel does, as tools/gen_expected.py's NUMPY_REFERENCE does;
for the programs CuPy 14.2 rejects (JIT_REFUSED there) the model is that reference. This
module imports only NumPy; the runner's imports (gen_expected, tests/python/e2e.py and
pykc) happen when it runs.
Prints PASS/FAIL per case and per client, then `N passed, M failed`; exit 1 on a failure.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
gen_expected = e2e = None        # the runner's modules (_runner_imports)

MODELS = {}


def fma(a, b, c):
    """a * b + c rounded once, as NVRTC's contraction computes it (the CPU backend
    contracts alike: docs/language.md §6.1)."""
    from fractions import Fraction
    return float(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


def model(name):
    def put(fn):
        MODELS[name] = fn
        return fn
    return put


# ----------------------------------------------------------------------------------
# The models, one per case (named as the case file)
# ----------------------------------------------------------------------------------
@model("real_stereo_fill")
def m_stereo_fill(img, deviation, out):
    # a search that finds nothing leaves the last pixel it read: black, all zeros
    h, w, _ = img.shape
    zero = np.zeros(3, np.int64)
    for y in range(h):
        for x in range(w):
            px = img[y, x]
            if px.sum() == 0:
                li = next((j for j in range(x - 1, 0, -1) if img[y, j].sum() != 0), 0)
                ri = next((j for j in range(x + 1, w) if img[y, j].sum() != 0), w)
                lp = img[y, li] if li else zero
                rp = img[y, ri] if ri < w else zero
                if ri == w:
                    px = lp
                elif li == 0:
                    px = rp
                else:
                    lw, rw = (x - li) / (ri - li), (ri - x) / (ri - li)
                    # NVVM's contraction (the PTX): r fuses its left product, g and b
                    # their right one (LLVM's Reassociate puts the product of higher
                    # operand rank right, and the left is fused); exact on the case's data
                    px = np.array([int(fma(rp[0], lw, lp[0] * rw)),
                                   int(fma(lp[1], rw, rp[1] * lw)),
                                   int(fma(lp[2], rw, rp[2] * lw))])
            out[y, x] = px


@model("real_stereo_shift")
def m_stereo_shift(left, depth, deviation, right):
    h, w, c = left.shape
    for row in range(h):
        for col in range(w):
            d = (1 - depth[row, col] ** 2) * np.float64(np.float32(deviation))
            col_r = col - int(d)
            if 0 <= col_r < w:
                right[row, col_r] = left[row, col]


@model("real_induced_potential")
def m_induced_potential(J, areas, sites, centers, A):
    for i in range(centers.shape[0]):
        for k in range(J.shape[1]):
            dr = np.sqrt(((centers[i] - sites) ** 2).sum(axis=1))
            tmp = np.float32(0.0)            # `tmp = 0.0`: a float32 local in CUDA mode
            for j in range(sites.shape[0]):
                tmp = np.float32(np.float64(tmp) + J[j, k] * areas[j] / dr[j])
            A[i, k] = tmp


@model("real_jacobi_flat")
def m_jacobi_flat(a, b, nx, ny):
    A, B = a.reshape(nx, ny), b.reshape(nx, ny)
    B[:, 0], B[:, -1] = A[:, 0], A[:, -1]
    B[1:-1, 1:-1] = 0.25 * (A[1:-1, 2:] + A[1:-1, :-2] + A[2:, 1:-1] + A[:-2, 1:-1])


@model("real3_nimare_ma")
def m_nimare_ma(ma_maps, ijks, kernels, exp_starts, exp_lens, mask_idx_mapping,
                shape0, shape1, shape2, mid, mid1):
    # one thread per focus (the block covers exp_lens); the foci of an experiment do not
    # share voxels, so the order of the max-updates does not matter
    for i_perm in range(ma_maps.shape[0]):
        for i_exp in range(ma_maps.shape[1]):
            for i_peak in range(exp_lens[i_exp]):
                i, j, k = (int(v) for v in ijks[i_perm, exp_starts[i_exp] + i_peak])
                xl, xh = max(i - mid, 0), min(i + mid1, shape0)
                yl, yh = max(j - mid, 0), min(j + mid1, shape1)
                zl, zh = max(k - mid, 0), min(k + mid1, shape2)
                xlk, ylk, zlk = mid - (i - xl), mid - (j - yl), mid - (k - zl)
                for xi in range(xh - xl):
                    for yi in range(yh - yl):
                        for zi in range(zh - zl):
                            vox = mask_idx_mapping[xl + xi, yl + yi, zl + zi]
                            if vox != -1:
                                ma_maps[i_perm, i_exp, vox] = max(
                                    ma_maps[i_perm, i_exp, vox],
                                    kernels[i_exp, xlk + xi, ylk + yi, zlk + zi])


@model("real_label_overlap")
def m_label_overlap(x, y, overlap, n):
    np.add.at(overlap, (x[:n], y[:n]), 1)


def _csr_rows(indptr):
    for i in range(len(indptr) - 1):
        yield i, range(indptr[i], indptr[i + 1])


@model("real_gat_softmax")
def m_gat_softmax(out, row_sum, E, indices, indptr, row_max):
    for i, js in _csr_rows(indptr):
        for j in js:
            out[j] = np.exp(E[j] - row_max[i])
            row_sum[i] += out[j]


@model("real_gat_rowdot_shfl")
def m_gat_rowdot_shfl(out, row_dot, alpha, dZ, M, indices, indptr):
    for i, js in _csr_rows(indptr):
        for j in js:
            out[j] = np.float32(np.dot(dZ[i].astype(np.float64), M[indices[j]]))
            row_dot[i] += out[j] * alpha[j]


@model("real_gat_leaky_grad")
def m_gat_leaky_grad(dl, dr, l, r, alpha, dalpha, indices, indptr, row_dot):
    for i, js in _csr_rows(indptr):
        for j in js:
            dE = (dalpha[j] - row_dot[i]) * alpha[j]
            if l[i] + r[indices[j]] <= 0:
                dE *= np.float32(0.2)
            dl[i] += dE
            dr[indices[j]] += dE


@model("real_mst_min_edge")
def m_mst_min_edge(efrom, eto, quality, parent, idx, weight, n):
    w = [int(-q * np.float32(1000000)) for q in quality]    # float32 product, truncated
    for t in range(n):
        a, b = parent[efrom[t]], parent[eto[t]]
        if a != b:
            for c in (a, b):
                weight[c] = min(weight[c], w[t])
    for t in range(n):                  # the edge whose weight is its component's minimum
        a, b = parent[efrom[t]], parent[eto[t]]
        if a != b:
            for c in (a, b):
                if weight[c] == w[t]:
                    idx[c] = t


@model("real_ppf_bc_2d")
def m_ppf_bc_2d(fields, bcf, bcs, l, r, dx):
    n = fields.shape[1]
    bc1, bc2 = l[bcs[0][0]], r[bcs[0][1]]
    fi1, fi2 = (n - bc1[1]) % n, (n - bc2[1]) % n
    for j in range(fields.shape[0]):
        for i in range(fields.shape[2]):
            fields[j, fi1, i] = bc1[0] * fields[j, 1, i] + bc1[2] * bcf[j, 0, i] - \
                bc1[3] * dx * bcf[j, 0, i]
            fields[j, fi2, i] = bc2[0] * fields[j, n - 2, i] + bc2[2] * bcf[j, 1, i] + \
                bc2[3] * dx * bcf[j, 1, i]


@model("real_ppf_thermal")
def m_ppf_thermal(T, T0, T1, start, end, current):
    f = np.float32
    r1 = (f(current) - f(start)) / (f(end) - f(start))
    r0 = f(1) - r1
    for i in range(1, T.shape[0] - 1):
        for j in range(1, T.shape[1] - 1):
            T[i, j] = fma(T0[i, j], np.float64(r0), T1[i, j] * np.float64(r1))


def _hist_mapped(x1, x2, mapper, hist, size, lo, width):
    f = np.float32
    if mapper == 1:
        v = np.arctan2(x2[:size], x1[:size])
    elif mapper == 2:
        v = np.arccos(x1[:size])
    else:
        v = x1[:size]
    b = np.floor_divide(v - f(lo), f(width)).astype(np.int64)   # float32 floor division
    np.add.at(hist, np.clip(b, 0, 127), 1)


MODELS["real_hist_mapped"] = MODELS["real_hist_theta"] = _hist_mapped


@model("real_select_stack")
def m_select_stack(i0, i1, i2, i3, i4, i5, p, d, n, scale):
    s = np.arange(n) * scale
    p[:n] = np.stack([i0[s], i1[s], i2[s]], axis=1)
    d[:n] = np.stack([i3[s], i4[s], i5[s]], axis=1)


@model("real_rgf_system")
def m_rgf_system(energies, hd, hi, hp, sd, si, sp, SR, out, batch, bs):
    for ie in range(batch):
        for ir in range(bs):
            buf = np.zeros(bs, np.complex128)
            for k in range(sp[ir], sp[ir + 1]):
                buf[si[k]] += energies[ie] * sd[k]
            for k in range(hp[ir], hp[ir + 1]):
                buf[hi[k]] -= hd[k]
            out[ie, ir] = buf - SR[ie, ir]


@model("real_cxr_prologue")
def m_cxr_prologue(v, denom, gamma, t_L, L_esc, line_e, gf, es, ep, mosaic, E_tab, chr_t,
                   chi_t, ur_t, ui_t, mu_t, E_r, aw, wout, lo_keep, hi_keep, hbarc, me,
                   alpha, c1, nx, ny, nz, n_pairs, n_g, n_tab):
    f = np.float32
    n_tab = int(n_tab)

    def interp(t, base, idx, frac, below, above):
        if below:
            return t[base]
        if above:
            return t[base + n_tab - 1]
        f0 = t[base + idx - 1]
        return f(f0 + frac * (t[base + idx] - f0))

    def amp(e, gv, vv, cr, ci, ur, ui, vkg, om, vg, kg, kv, gm, det):
        ge, ve = f(np.dot(gv, e)), f(np.dot(vv, e))
        fp = (vkg * ge - om * om * ve) / det
        fc = -((ge - vg * ve) + ve * (kg - kv * vg) / vg) / (gm * vg)
        re, im = cr * fp + ur * fc, ci * fp + ui * fc
        return f(re * re + im * im)

    for pair in range(int(n_pairs)):
        E_r[pair] = aw[pair] = wout[pair] = 0
        seg, g = divmod(pair, int(n_g))
        if not line_e[seg]:
            continue
        vv, gv = v[3 * seg:3 * seg + 3], gf[3 * g:3 * g + 3]
        dnm = denom[seg]
        vg = f(np.dot(vv, gv))
        om = vg / dnm
        E = hbarc * om
        if E <= lo_keep or E <= 10 or E >= hi_keep:
            continue
        below, above = E <= E_tab[0], E >= E_tab[n_tab - 1]
        idx = min(max(int(np.searchsorted(E_tab, E)), 1), n_tab - 1)
        x0 = E_tab[idx - 1]
        frac = (E - x0) / (E_tab[idx] - x0)
        row = g * n_tab
        cr = interp(chr_t, row, idx, frac, below, above)
        ci = interp(chi_t, row, idx, frac, below, above)
        ur = interp(ur_t, row, idx, frac, below, above) / me
        ui = interp(ui_t, row, idx, frac, below, above) / me
        mu = interp(mu_t, 0, idx, frac, below, above)
        k = np.array([om * nx, om * ny, om * nz], np.float32)
        kgv = k + gv
        det = f(np.dot(kgv, kgv)) - om * om
        kg, vkg, kv = f(np.dot(k, gv)), f(np.dot(vv, kgv)), om * (f(1) - dnm)
        a2 = sum(amp(e, gv, vv, cr, ci, ur, ui, vkg, om, vg, kg, kv, gamma[seg], det)
                 for e in (es[3 * g:3 * g + 3], ep[3 * g:3 * g + 3]))
        d = t_L[seg]
        w = alpha * om / c1 * (d * d) * np.exp(-(L_esc[seg] * mu)) * f(a2) * mosaic[g]
        if 0 < w < np.finfo(np.float32).max and d > 0:
            E_r[pair], aw[pair], wout[pair] = E, dnm * d / (f(2) * hbarc), w


@model("real_guiding_center")
def m_guiding_center(n, y, dydt, Bx, By, Bz, B, Ex, Ey, Ez, dBdx, dBdy, dBdz, dBxdy, dBxdz,
                     dBydx, dBydz, dBzdx, dBzdy):
    n = int(n)
    ppar, M = y[:n, 3], y[:n, 4]
    gamma = np.sqrt(1 + 2 * B * M + ppar ** 2)
    pB = ppar / B
    pB2 = pB / B
    Bxs = Bx + pB * (dBzdy - dBydz) - pB2 * (Bz * dBdy - By * dBdz)
    Bys = By + pB * (dBxdz - dBzdx) - pB2 * (Bx * dBdz - Bz * dBdx)
    Bzs = Bz + pB * (dBydx - dBxdy) - pB2 * (By * dBdx - Bx * dBdy)
    Bsp = (Bx * Bxs + By * Bys + Bz * Bzs) / B
    gB = 1 / (gamma * Bsp)
    pgB = ppar * gB
    BB = 1 / (B * Bsp)
    MgB = M * gB
    MgBB = MgB / B
    dydt[:n, 0] = pgB * Bxs + MgBB * (By * dBdz - Bz * dBdy) + BB * (Ey * Bz - Ez * By)
    dydt[:n, 1] = pgB * Bys + MgBB * (Bz * dBdx - Bx * dBdz) + BB * (Ez * Bx - Ex * Bz)
    dydt[:n, 2] = pgB * Bzs + MgBB * (Bx * dBdy - By * dBdx) + BB * (Ex * By - Ey * Bx)
    dydt[:n, 3] = (Bxs * Ex + Bys * Ey + Bzs * Ez) / Bsp - MgB * (Bxs * dBdx + Bys * dBdy +
                                                                  Bzs * dBdz)


@model("real_trilinear")
def m_trilinear(n, result, field, fi, fj, fk, px, py, pz, xa, ya, za):
    for t in range(int(n)):
        i, j, k = fi[t], fj[t], fk[t]
        xd = (px[t] - xa[i]) / (xa[i + 1] - xa[i])
        yd = (py[t] - ya[j]) / (ya[j + 1] - ya[j])
        zd = (pz[t] - za[k]) / (za[k + 1] - za[k])
        c = field[i:i + 2, j:j + 2, k:k + 2]
        c = c[0] * (1 - xd) + c[1] * xd
        c = c[0] * (1 - yd) + c[1] * yd
        result[t] = c[0] * (1 - zd) + c[1] * zd


@model("real_tutorial_square")
def m_tutorial_square(x):
    x += np.arange(x.size) ** 2


def fma32(a, b, c):
    """float32 a * b + c rounded once (float32 FMA contraction, both backends)."""
    from fractions import Fraction
    return np.float32(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


@model("real_smem_scan")
def m_smem_scan(x, out):
    out[:] = np.cumsum(x.reshape(-1, 64), axis=1, dtype=np.int32).ravel()


@model("real_warp_butterfly")
def m_warp_butterfly(x, out, n):
    # per block of 128: per warp a shfl_xor butterfly (every lane ends with the same float32
    # sum), warp results in lanes 0..3 of warp 0 (others 0, -inf), then shfl_down 16..1
    f32 = np.float32
    for b in range(out.shape[0]):
        v = np.full(128, -np.inf, f32)
        s = np.zeros(128, f32)
        k = min(128, int(n) - 128 * b)
        v[:k] = x[128 * b:128 * b + k]
        s[:k] = x[128 * b:128 * b + k]
        wm = np.full(32, -np.inf, f32)
        ws = np.zeros(32, f32)
        for w in range(4):
            m, t = v[32 * w:32 * w + 32].copy(), s[32 * w:32 * w + 32].copy()
            for off in (16, 8, 4, 2, 1):
                p = np.arange(32) ^ off
                m, t = np.maximum(m, m[p]), (t + t[p]).astype(f32)
            wm[w], ws[w] = m[0], t[0]
        for d in (16, 8, 4, 2, 1):
            p = np.where(np.arange(32) + d < 32, np.arange(32) + d, np.arange(32))
            wm, ws = np.maximum(wm, wm[p]), (ws + ws[p]).astype(f32)
        out[b, 0], out[b, 1] = wm[0], ws[0]


@model("real_subarray_device")
def m_subarray_device(data_out, data_in, value):
    for v in range(data_in.shape[0]):
        for b in range(data_in.shape[1]):
            for i in range(value.shape[1]):
                for j in range(value.shape[2]):
                    data_out[v, b, j] = fma32(value[v, i, j], data_in[v, b, j],
                                              data_out[v, b, j])


@model("real_u8_threshold")
def m_u8_threshold(img, out, gain, bias):
    # cuda mode: gain (a Python float) is float32, bias (a Python int) int32; img * gain +
    # bias is one float32 FMA; clamped to 0..255, 0 below 16, truncated to uint8
    for y in range(img.shape[0]):
        for x in range(img.shape[1]):
            v = fma32(img[y, x], np.float32(gain), np.float32(bias))
            v = min(max(v, np.float32(0)), np.float32(255))
            out[y, x] = 0 if img[y, x] < 16 else np.uint8(int(v))


EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)


def _probe(table_keys, key, capacity):
    """The slot of KEY in the open-addressing table, or None where an empty slot ends the
    probe."""
    h = int(key) % capacity
    while True:
        if table_keys[h] == EMPTY:
            return None
        if table_keys[h] == key:
            return h
        h = (h + 1) % capacity


@model("real_hash_count")
def m_hash_count(table_keys, table_values, keys, size, capacity):
    for k in keys[:size]:
        h = _probe(table_keys, k, capacity)
        if h is not None:
            table_values[h] += 1


@model("real_hash_lookup")
def m_hash_lookup(table_keys, table_values, keys, counts, size, capacity):
    for t, k in enumerate(keys[:size]):
        h = _probe(table_keys, k, capacity)
        if h is not None:
            counts[t] = table_values[h]


@model("real_hash_init")
def m_hash_init(table_keys, table_values, keys, size, capacity):
    for k in keys[:size]:
        h = int(k) % capacity
        while table_keys[h] not in (EMPTY, k):
            h = (h + 1) % capacity
        table_keys[h] = k
        table_values[h] = 0


@model("real_dg_df1_dx1")
def m_dg_df1_dx1(df, flux, ifl, diff, corr, dx1, nsol, nel):
    f = np.float32
    for i in range(df.shape[0]):
        for j in range(df.shape[1]):
            for k in range(nel):
                start = nsol * k
                for l in range(nsol):
                    r = f(0.0)                      # a float32 local: each += rounds
                    for m in range(nsol):
                        r = f(np.float64(r) + flux[i, j, start + m] * diff[l, m])
                    for m in range(2):
                        r = f(np.float64(r) + ifl[i, k, j, m] * corr[l, m])
                    df[i, j, start + l] = f(2.0) * r / f(dx1)


@model("real_deadcode_device")
def m_deadcode_device(x, y, z):
    z[:] = (x + 1) + (y + 1) + x + y


@model("real_deadcode_factory")
def m_deadcode_factory(x, y, z):
    z[:] = (x + y) * 3 + 60


@model("real_deadcode_template")
def m_deadcode_template(x, y):
    y[:] = x
    step = 1
    while step < 256:
        for t in range(0, 256, 2 * step):
            y[t] += y[t + step]
        step *= 2


@model("real_sagesim_fence")
def m_sagesim_fence(out):
    out[:] = 2


@model("real_seismic_pressure")
def m_seismic_pressure(vx, vy, p, kappa, mdx, mdy, axh, bxh, kxh, ay, by, ky, coefs, fd, src,
                       isrc, it, dt, odx, ody, p2, nx, ny, order):
    f = np.float32
    dt, odx, ody = f(dt), f(odx), f(ody)
    p2[0] = 0
    off = order - 1
    lo_x, hi_x = -fd[off, 2], nx - fd[off, 0]
    lo_y, hi_y = -fd[off, 3], ny - fd[off, 1]
    for x in range(lo_x, hi_x):
        for y in range(lo_y, hi_y):
            ddx = ddy = f(0)
            for c in range(order):
                ddx += coefs[c] * (vx[x + fd[c, 0], y] - vx[x + fd[c, 2], y]) * odx
                ddy += coefs[c] * (vy[x, y + fd[c, 1]] - vy[x, y + fd[c, 3]]) * ody
            mx = bxh[x - off] * mdx[x, y] + axh[x - off] * ddx
            my = by[y - off] * mdy[x, y] + ay[y - off] * ddy
            ddx = ddx / kxh[x - off] + mx
            ddy = ddy / ky[y - off] + my
            mdx[x, y], mdy[x, y] = mx, my
            p[x, y] += kappa[x, y] * (ddx + ddy) * dt
            if isrc[x, y] != -1:
                p[x, y] += src[it - 1, isrc[x, y]] * dt * odx * ody



# realjit5's cases (session 34: published cupyx.jit programs not used before)
@model("real5j_plink_bed")
def m_plink_bed(buff, nrows, ncols, r0, c0, r1, c1, out, strides, row_size):
    for r in range(r0, r1):
        c = c0                           # one thread per row (block 1 x 16)
        b = int(buff[r * row_size + c // 4])
        b0, b1 = b & 0x55, (b & 0xAA) >> 1
        p = (b0 ^ b1) | (((b0 | b1) & b0) << 1)
        for cc in range(c, min(c + 4, c1)):
            out.reshape(-1)[(r - r0) * int(strides[0]) + (cc - c0) * int(strides[1])] = p & 3
            p >>= 2


@model("real5j_ausm_flux")
def m_ausm_flux(flux, pres, var, neq, max_j, xperiodic):
    hcr = 1.4
    for i in range(flux.shape[1] - 1):
        for j in range(max_j):
            left, right = i, i + 1
            a_l = np.sqrt(hcr * pres[left, j, 1] / var[0, left, j, 1])
            m_l = var[1, left, j, 1] / (var[0, left, j, 1] * a_l)
            a_r = np.sqrt(hcr * pres[right, j, 0] / var[0, right, j, 0])
            m_r = var[1, right, j, 0] / (var[0, right, j, 0] * a_r)
            m = 0.25 * ((m_l + 1.) ** 2 - (m_r - 1.) ** 2)
            extra = 0.5 * ((1. + m_l) * pres[left, j, 1] + (1. - m_r) * pres[right, j, 0])
            for k in range(neq):
                r = var[k, left, j, 1] * m * a_l if m > 0 else var[k, right, j, 0] * m * a_r
                if k == 1:
                    r += extra
                flux[k, right, j, 0] = r
                flux[k, left, j, 1] = r


@model("real5j_layernorm_fwd")
def m_layernorm_fwd(x, mean, rstd, gamma, beta, out, eps, n):
    tid = np.arange(n)
    blk = tid // 16
    val = (x[:n] - mean[blk]) * rstd[blk]
    prod = val.astype(np.float64) * gamma[tid % 16]        # exact: float32 * float32
    out[:n] = (prod + beta[tid % 16]).astype(np.float32)  # contracted: one rounding



@model("real5j_seismic_d1")
def m_seismic_d1(pp, rho_x, rho_y, dpx, dpy, mdx, mdy, axh, bxh, kxh, ayh, byh, kyh, coefs,
                 fd, odx, ody, p2, nx, ny, order):
    f = np.float32
    odx, ody = f(odx), f(ody)
    p2[0] = 0
    off = order - 1
    lo, hx, hy = -fd[off, 2], nx - fd[off, 0], ny - fd[off, 0]
    for x in range(lo, hx):
        for y in range(lo, hy):
            ddx = ddy = f(0)
            for c in range(order * 2):
                o = c - (order - 1)
                ddx += coefs[c] * pp[x + o, y] * odx
                ddy += coefs[c] * pp[x, y + o] * ody
            mx = bxh[x - off] * mdx[x, y] + axh[x - off] * ddx
            my = byh[y - off] * mdy[x, y] + ayh[y - off] * ddy
            ddx = ddx / kxh[x - off] + mx
            ddy = ddy / kyh[y - off] + my
            mdx[x, y], mdy[x, y] = mx, my
            dpx[x, y] = ddx / rho_x[x, y]
            dpy[x, y] = ddy / rho_y[x, y]


@model("real5j_seismic_d2")
def m_seismic_d2(past, pr, ft, kappa, dpx, dpy, mdx, mdy, ax, bx, kx, ay, by, ky, coefs, fd,
                 src, isrc, it, dt, odx, ody, p2, isen, sens, delay, nx, ny, order):
    f = np.float32
    dt, odx, ody = f(dt), f(odx), f(ody)
    off = order - 1
    lo, hi_x, hi_y = -fd[off, 3], nx - fd[off, 1], ny - fd[off, 1]
    new = np.zeros_like(ft)
    for x in range(nx):
        for y in range(ny):
            if lo <= x < hi_x and lo <= y < hi_y:
                ddx = ddy = f(0)
                for c in range(order * 2 - 1, -1, -1):
                    o = (order - 1) - c
                    ddx += -coefs[c] * dpx[x + o, y] * odx
                    ddy += -coefs[c] * dpy[x, y + o] * ody
                mx = bx[x - off] * mdx[x, y] + ax[x - off] * ddx
                my = by[y - off] * mdy[x, y] + ay[y - off] * ddy
                ddx = ddx / kx[x - off] + mx
                ddy = ddy / ky[y - off] + my
                mdx[x, y], mdy[x, y] = mx, my
                pn = f(2.0) * pr[x, y] - past[x, y] + dt ** 2 * (ddx + ddy) * kappa[x, y]
                if isrc[x, y] != -1:
                    pn += src[it - 1, isrc[x, y]] * dt ** 2 * odx * ody
                new[x, y] = pn
    ft[...] = new
    past[...] = pr
    pr[...] = new
    for x in range(nx):
        for y in range(ny):
            s = isen[x, y]
            if s != -1 and it >= delay[s]:
                sens[it - 1, s] += pr[x, y]



def _agnn(out, indices, indptr, h1, h2, n1, n2):
    for i in range(len(indptr) - 1):
        for j in range(indptr[i], indptr[i + 1]):
            c = indices[j]
            dot = np.float32(np.dot(h1[i].astype(np.float64), h2[c].astype(np.float64)))
            out[j] = dot / (n1[i] * n2[c])


MODELS["real5j_agnn_fwd"] = _agnn
MODELS["real5j_agnn_fwd_shfl"] = _agnn



@model("real5j_agnn_bwd_shfl")
def m_agnn_bwd_shfl(dc, dd, indices, indptr, dz, m, h1, h2, n1, n2):
    for i in range(len(indptr) - 1):
        for j in range(indptr[i], indptr[i + 1]):
            c = indices[j]
            dq = np.float32(np.dot(dz[i].astype(np.float64), m[c].astype(np.float64)))
            cc = np.float32(np.dot(h1[i].astype(np.float64), h2[c].astype(np.float64)))
            d = n1[i] * n2[c]
            dc[j] = dq / d
            dd[j] = -cc * dq / (d * d)



def _ppf_bc_3d(axis, row):
    def run(fields, bcf, bcs, left, right, dx):
        dx = float(np.float32(dx))               # a Python float argument: float32
        f = np.moveaxis(fields, axis, 1)         # views: the boundary axis second
        b = np.moveaxis(bcf, axis, 1)
        n = f.shape[1]
        bc1, bc2 = left[bcs[row][0]], right[bcs[row][1]]
        fi1, fi2 = (n - bc1[1]) % n, (n - bc2[1]) % n
        f[:, fi1] = bc1[0] * f[:, 1] + bc1[2] * b[:, 0] - np.float32(bc1[3] * dx) * b[:, 0]
        f[:, fi2] = bc2[0] * f[:, n - 2] + bc2[2] * b[:, 1] + np.float32(bc2[3] * dx) * b[:, 1]
    return run


MODELS["real5j_ppf_bc_3d_z"] = _ppf_bc_3d(1, 0)
MODELS["real5j_ppf_bc_3d_x"] = _ppf_bc_3d(3, 2)



@model("real5j_cxr_coherent_2e")
def m_cxr_coherent_2e(e_r, aw, ps, gp, csr, csi, cpr, cpi, e_grid, l_esc, dw, spec, wm, med,
                      n_lines, n_e):
    for k in range(int(n_e)):                     # float64 sums: the kernel's float32
        x = aw * (e_grid[k] - e_r).astype(np.float64)   # partial sums agree to ~1e-6
        s = np.where(x == 0, 1.0, np.sin(x) / np.where(x == 0, 1.0, x))
        ph = ps * np.float64(e_grid[k]) - gp
        if med:
            ph = ph - l_esc * np.float64(dw[k])
        c, sn = np.cos(ph), np.sin(ph)
        sums = [np.sum(s * (a * c - b * sn)) for a, b in ((csr, csi), (cpr, cpi))]
        sums += [np.sum(s * (a * sn + b * c)) for a, b in ((csr, csi), (cpr, cpi))]
        spec[k] += np.float32(wm * sum(v * v for v in sums))



@model("real5j_gauss3d_mlwf")
def m_gauss3d_mlwf(cell, r1, r2, spread, dspl, result, ngrid, nefield, nmlwf):
    for e in range(nefield):
        for m in range(nmlwf):
            s2 = spread[e, m, 0] ** 2
            d = (r1 - r2[e, m] + 0.5) % 1 - 0.5          # Python's float modulo
            t = d @ cell
            norm = np.sqrt((t ** 2).sum(axis=1))
            result[e] += dspl[e, m, 0] * np.exp(-0.5 * norm ** 2 / s2) / ((float(np.float32(np.pi * 2)) * s2) ** 1.5)   # pi2: a float32 local


@model("real5j_hist_atomic")
def m_hist_atomic(data, bins, n_bins, min_x, max_x, size):
    dbin = np.float32(max_x - min_x) / np.float32(n_bins)
    for v in data[:size]:
        bins[int(np.float32(v / dbin))] += 1


@model("real5j_spmv_banded")
def m_spmv_banded(rows, cols, nb, jmin, a, x, y):
    for i in range(rows):
        s = np.float32(0)
        for b in range(nb):
            j = i + jmin[b]
            if 0 <= j < cols:
                s = np.float32(s + a[i * nb + b] * x[j])
        y[i] = s



@model("real5j_img_transform")
def m_img_transform(coord, inp, out, xsize, n_in, n_out):
    for i in range(0, n_in - 3, 3):
        p = (int(coord[i + 1]) * xsize + int(coord[i])) * 3
        if p + 3 < n_out and p >= 0:
            out[p:p + 3] = inp[i:i + 3]


@model("real5j_img_offset1d")
def m_img_offset1d(offset, inp, out, n_in, n_out):
    n = min(n_in, n_out)
    out[offset[:n]] = inp[:n]


@model("real5j_img_offsets")
def m_img_offsets(coord, out, xsize, ysize, n_in, n_out):
    for i in range(0, n_in, 3):
        c0, c1 = int(coord[i]), int(coord[i + 1])
        if c0 * 3 < xsize and c1 * 3 < ysize and c0 > 0 and c1 > 0:
            p = (c0 * xsize + c1) * 3
            if i + 2 < n_out and p >= 0 and c0 * xsize < p < c0 * xsize + xsize:
                out[i:i + 3] = [p, p + 1, p + 2]



@model("real5j_fft_abs")
def m_fft_abs(values, out):
    out[:] = np.abs(values[:out.size])



@model("real5j_bact_mask")
def m_bact_mask(mask, m1x, m1y, m1z, vx, vy, vz, ix, iy, iz, sxy, sz, thr, nx, ny, nz):
    f = np.float32                                # Python floats: float32 arguments
    m1 = np.array([m1x, m1y, m1z], f).astype(float)
    v = np.array([vx, vy, vz], f).astype(float)
    for z in range(nz):
        for y in range(ny):
            for x in range(nx):
                p = np.array([(ix + x) * f(sxy), (iy + y) * f(sxy), (iz + z) * f(sz)], float)
                t = np.dot(p - m1, v) / np.dot(v, v)
                d = p - (m1 + min(max(t, 0.0), 1.0) * v)
                if np.dot(d, d) < float(f(thr)) ** 2:
                    mask[ix + x, iy + y, iz + z] = 1.0



@model("real5j_qp_tensor")
def m_qp_tensor(phis, fv, freqs, qs, p, rate, nq, nphi, nf, out):
    c = np.complex128
    for qi in range(nq):
        q = float(qs[qi])
        qt = q / np.sqrt(c(1.0 + 2.0j * q * float(p)))
        for pi_ in range(nphi):
            phi = float(phis[pi_])
            norm = (2.0 * np.pi / q ** 2) ** 0.25 * np.sqrt(1.0 / (2.0 * np.pi * phi)) * qt
            ex = ((0.5 * qt * (freqs[:nf].astype(float) - phi)) / phi) ** 2
            out[qi, pi_, :nf] = fv[:nf] * norm * np.exp(-ex) * np.sqrt(float(rate))


@model("real5j_qp_energy")
def m_qp_energy(plane, phis, taus, k, kt, kp, km, nq, nphi, ntau, out):
    e = np.abs(plane.astype(np.complex128)) ** 2
    for q in range(nq):
        for ph in range(k, nphi - k - 1):
            for ta in range(k, ntau - k - 1):
                acc = 0.0
                for i in range(2 * k):
                    kp_ = ph - k + i
                    for j in range(2 * k):
                        kt_ = ta + j
                        acc += 0.5 * (2 * e[q, kp_, kt_] + e[q, kp_, kt_ + 1] + e[q, kp_ + 1, kt_])
                out[q, ph + k, ta + k] = acc



@model("real5j_cxr_finalize")
def m_cxr_finalize(sr, si, pr, pi, wm, spec, n_g, n_e):
    p = (sr.astype(float) ** 2 + si.astype(float) ** 2 + pr.astype(float) ** 2 +
         pi.astype(float) ** 2).reshape(int(n_g), int(n_e))
    spec += (wm.astype(float) @ p).astype(np.float32)



@model("real5j_som_euclid")
def m_som_euclid(batch, weights, dist, nb, nn, nd):
    d = batch[:nb, None, :nd].astype(float) - weights[None, :nn, :nd]
    dist[:nb, :nn] = (d * d).sum(-1)


@model("real5j_som_cosine")
def m_som_cosine(batch, weights, bn, wn, dist, nb, nn, nd):
    dot = batch[:nb, :nd].astype(float) @ weights[:nn, :nd].T.astype(float)
    for s in range(nb):
        for n in range(nn):
            p = bn[s] * wn[n]                               # float32 product
            if p > np.float32(1e-8):
                dist[s, n] = min(max(1.0 - np.float32(dot[s, n]) / p, 0.0), 2.0)
            else:
                dist[s, n] = 1.0


@model("real5j_som_updates")
def m_som_updates(batch, infl, weights, upd, isum, nb, nn, nd, lr):
    s_ = infl[:nb, :nn].astype(float).sum(0).astype(np.float32)
    isum[:nn] = s_
    ws = infl[:nb, :nn].T.astype(float) @ batch[:nb, :nd].astype(float)
    upd[:nn, :nd] = np.float32(lr) * (ws - weights[:nn, :nd] * s_[:, None].astype(float))


@model("real5j_inpaint_blur")
def m_inpaint_blur(src, mask, out, ks, w, h):
    r2 = (ks / 2) ** 2
    f = np.float32
    for j in range(h):
        ymin, ymax = max(j - ks // 2, 0), min(j + ks // 2, h - 1)
        for i in range(w):
            if mask[j, i] != 0.0:
                continue
            xmin, xmax = max(i - ks // 2, 0), min(i + ks // 2, w - 1)
            count, avg = f(0), np.zeros(3, f)
            for y in range(ymin, ymax):
                for x in range(xmin, xmax):
                    if mask[y, x] > 0.0 and (j - y) ** 2 + (i - x) ** 2 <= r2:
                        count = f(count + 1)
                        avg = (avg * (count - 1) / count + src[y, x] / count).astype(f)
            out[j, i] = avg




XP = np            # gen_expected sets cupy on the GPU machine (_jit_model)


def f32_libm(name, y):
    """float32 array y through the float32 libm function NAME (cosf, sinf, expf, ...) as
    the backend that runs the kernel computes it, bit for bit: on the GPU machine (XP is
    cupy) CuPy's own ufunc, which calls CUDA's function as the kernel does; else glibc's,
    which the CPU backend's g++ code calls. Neither is correctly rounded, and they differ
    by up to 2 ulps: no NumPy formula gives CUDA's bits."""
    y = np.asarray(y, np.float32)
    if XP is not np:
        return XP.asnumpy(getattr(XP, name[:-1])(XP.asarray(y)))
    import ctypes
    import ctypes.util
    fn = getattr(ctypes.CDLL(ctypes.util.find_library("m")), name)
    fn.restype, fn.argtypes = ctypes.c_float, (ctypes.c_float,)
    return np.array([fn(float(v)) for v in y.ravel()], np.float32).reshape(y.shape)


def cexpf_imag(y):
    """thrust's complex<float> exp of (±0, y), y float32 (cexpf.h: cexp(0 + I y) is
    cos(y) + I sin(y)), as complex64."""
    return (f32_libm("cosf", y) + 1j * f32_libm("sinf", y)).astype(np.complex64)


@model("real_complex_phase")
def m_complex_phase(field, k, dz, out, power, n):
    # cuda mode: `1j` is complex64 and multiply's first loop that complex64 and float64
    # reach in cupyx's type order ('?bBhHiIlLqQefdFD') is 'FF->F': 1j * k[i] is
    # complex64 (±0, float32(k[i])) exactly; times dz (a Python float: float32 0.25) it
    # is (±0, k32 * 0.25), exact; cp.exp of it is (cosf, sinf) of that float32 (thrust);
    # field[i] * ph is complex128 ('DD->D'). The float64 products and sums after are
    # within tol=1e-12 of the GPU's whichever products NVVM fuses.
    n = int(n)
    y = k[:n].astype(np.float32) * np.float32(dz)
    v = field[:n] * cexpf_imag(y).astype(np.complex128)
    out[:n] = v
    power[:n] = v.real * v.real + v.imag * v.imag + np.abs(v) - np.abs(np.conj(v))


@model("real_twiddle_c64")
def m_twiddle_c64(x, out, n):
    # per thread k (one block of 64): the angle in float32, as written (products and one
    # quotient: exact in NumPy's float32); complex64(1j) * ang is (±0, ang), so w is
    # thrust's cexpf of it, (cosf(ang), sinf(ang)) with the backend's own bits. The
    # complex64 product x[k] * w is rounded once per part here where NVVM fuses one of
    # its two products (LLVM's choice, design.md "FMA contraction"): within 1 ulp, inside
    # the case's tol=1e-5. The conjugate's branch (v.real < 0) is safe: on the case's
    # data |v.real| >= 2.5e-3 |v|.
    f = np.float32
    ang = np.array([f(-2.0) * f(np.pi) * f(k) / f(n) for k in range(out.shape[0])], f)
    w = cexpf_imag(ang)
    for k in range(out.shape[0]):
        v = np.complex64(complex(x[k]) * complex(w[k]))
        out[k] = np.conj(v) if v.real < 0 else v


# ----------------------------------------------------------------------------------
# The runner
# ----------------------------------------------------------------------------------
def case_path(name):
    """tests/e2e/pending/NAME.py, or tests/e2e/NAME.py once it has landed."""
    for d in (("tests", "e2e", "pending"), ("tests", "e2e")):
        p = os.path.join(ROOT, *d, name + ".py")
        if os.path.exists(p):
            return p
    raise FileNotFoundError(f"no case {name}")


def host_args(case):
    args = gen_expected.build_host_args(case)
    return {n: (v.copy() if isinstance(v, np.ndarray) else v) for n, v in args.items()}


def expected(case, name):
    res = host_args(case)
    with np.errstate(all="ignore"):
        MODELS[name](*[res[n] for n in case.params])
    return res


def via_cli(case, path, names, tmp):
    args = []
    for n in case.params:
        spec = case.arg_specs[n]
        args.append(f"{n}=@{os.path.join(gen_expected.DATA, spec[1:])}"
                    if spec.startswith("@") else f"{n}={spec}")
    run = ["--kernel", case.kernel, "--grid", ",".join(map(str, case.grid)),
           "--block", ",".join(map(str, case.block))]
    if case.shared_mem:
        run += ["--shared-mem", str(case.shared_mem)]
    outs = []
    for n in names:
        outs += ["--out", f"{n}={os.path.join(tmp, n)}.npy"]
    p = subprocess.run([os.path.join(ROOT, "build", "pykc"), "run", "--cpu", path] + run +
                       args + outs, capture_output=True, text=True, timeout=300)
    if p.returncode:
        raise RuntimeError(f"pykc run exited {p.returncode}: " +
                           " ".join((p.stdout + p.stderr).split("\n")[:3]))
    return {n: np.load(os.path.join(tmp, n) + ".npy") for n in names}


def via_python(case, path, name, names):
    mod = e2e.load_case(path, name, False)
    k = e2e.find_kernel(mod, case.kernel, path, name)
    args = host_args(case)
    k(case.grid, case.block, tuple(args[n] for n in k._params), shared_mem=case.shared_mem)
    return {n: args[n] for n in names}


def check(got, want, tol):
    for n, w in want.items():
        why = e2e.same(np.asarray(got[n]), w, tol)
        if why:
            return f"{n}: {why}"
    return ""


def _runner_imports():
    global gen_expected, e2e
    sys.path[:0] = [os.path.join(ROOT, "tools"), os.path.join(ROOT, "tests", "python"),
                    os.path.join(ROOT, "python")]
    os.environ["PYKC_CPU"] = "1"
    import gen_expected as g
    import e2e as e
    gen_expected, e2e = g, e


def main(argv):
    _runner_imports()
    names = argv or sorted(MODELS)
    npass = nfail = 0
    for name in names:
        path = case_path(name)
        for client in ("cli", "python"):
            try:
                case = gen_expected.Case(path, name, name)
                want = expected(case, name)
                outs = gen_expected.checked_names(case, want)
                want = {n: want[n] for n in outs}
                with tempfile.TemporaryDirectory() as tmp:
                    got = via_cli(case, path, outs, tmp) if client == "cli" else \
                        via_python(case, path, name, outs)
                why = check(got, want, case.tol)
            except Exception as e:  # a failure of this case and client; the others go on
                why = f"{type(e).__name__}: {e}".replace("\n", "\n    ")
            if why:
                nfail += 1
                print(f"FAIL {name} ({client}): {why}")
            else:
                npass += 1
                print(f"PASS {name} ({client})")
            sys.stdout.flush()
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
