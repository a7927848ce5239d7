# tests/e2e/real4_grav_pair.py as the program writes it: its three strings built with
# str.format of module constants (the dtype, the C type, `{G:e}`); tests/cli/str_fold.sh
# checks pykc computes the text the e2e case writes out.
import cupy as cp

G = 6.67408e-11 * 1e10
DTYPE = 'float64'
CTYPE = 'double'
update_pair_kernel = cp.ElementwiseKernel(
    in_params=(
        '{T} r1x, {T} r1y, {T} r1z, {T} m1, '
        '{T} r2x, {T} r2y, {T} r2z, {T} m2'
    ).format(T=DTYPE),
    out_params=(
        '{T} a1x, {T} a1y, {T} a1z, '
        '{T} a2x, {T} a2y, {T} a2z'
    ).format(T=DTYPE),
    operation='''
        {C} relative_rx = r1x - r2x;
        {C} relative_ry = r1y - r2y;
        {C} relative_rz = r1z - r2z;
        {C} distance_sq = (relative_rx * relative_rx) + (relative_ry * relative_ry) + (relative_rz * relative_rz);
        {C} distance_inv = 1.0 / sqrt(distance_sq);
        relative_rx *= distance_inv;
        relative_ry *= distance_inv;
        relative_rz *= distance_inv;
        {C} a_factor = {G:e} / distance_sq;
        {C} a1 = a_factor * m2;
        {C} a2 = a_factor * m1;
        a1x = relative_rx * a1;
        a1y = relative_ry * a1;
        a1z = relative_rz * a1;
        a2x = relative_rx * a2;
        a2y = relative_ry * a2;
        a2z = relative_rz * a2;
    '''.format(C=CTYPE, G=G),
    name='update_pair_kernel'
)
