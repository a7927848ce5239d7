# run: --kernel update_pair_kernel r1x=@real4_grav_pair.r1x.npy r1y=@real4_grav_pair.r1y.npy r1z=@real4_grav_pair.r1z.npy m1=@real4_grav_pair.m1.npy r2x=@real4_grav_pair.r2x.npy r2y=@real4_grav_pair.r2y.npy r2z=@real4_grav_pair.r2z.npy m2=@real4_grav_pair.m2.npy
# check: a1x a1y a1z a2x a2y a2z tol=1e-12
# input: r1x = np.asarray(0.25)
# input: r1y = np.asarray(-0.5)
# input: r1z = np.asarray(1.0)
# input: m1 = np.asarray(2.5)
# input: r2x = rng.standard_normal(7)
# input: r2y = rng.standard_normal(7)
# input: r2z = rng.standard_normal(7)
# input: m2 = rng.random(7) + 0.5
# Modelled on github.com/pleiszenburg/gravitation, src/gravitation/kernel/cp2.py (f3f0009):
# the n-body benchmark's CuPy kernel, one mass against the masses after it: eight inputs
# (the first mass as 0-d arrays, `mass_r_arrayg[i, 0]`, broadcast against the others'
# columns) and six outputs, returned as a tuple the program assigns into column views.
# The program builds all three strings at run time with str.format (dtype names, the C
# type, the gravitational constant as `{G:e}`); here the text as it formats them for
# float64 and G = 6.67408e-11 * 1e10 (the Python package takes the formatted strings
# themselves: tests/python covers that).
import cupy as cp

update_pair_kernel = cp.ElementwiseKernel(
    in_params=(
        'float64 r1x, float64 r1y, float64 r1z, float64 m1, '
        'float64 r2x, float64 r2y, float64 r2z, float64 m2'
    ),
    out_params=(
        'float64 a1x, float64 a1y, float64 a1z, '
        'float64 a2x, float64 a2y, float64 a2z'
    ),
    operation='''
        double relative_rx = r1x - r2x;
        double relative_ry = r1y - r2y;
        double relative_rz = r1z - r2z;
        double distance_sq = (relative_rx * relative_rx) + (relative_ry * relative_ry) + (relative_rz * relative_rz);
        double distance_inv = 1.0 / sqrt(distance_sq);
        relative_rx *= distance_inv;
        relative_ry *= distance_inv;
        relative_rz *= distance_inv;
        double a_factor = 6.674080e-01 / distance_sq;
        double a1 = a_factor * m2;
        double a2 = a_factor * m1;
        a1x = relative_rx * a1;
        a1y = relative_ry * a1;
        a1z = relative_rz * a1;
        a2x = relative_rx * a2;
        a2y = relative_ry * a2;
        a2z = relative_rz * a2;
    ''',
    name='update_pair_kernel'
)
