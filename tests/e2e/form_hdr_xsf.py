# run: --kernel xsf_real x=@form_hdr_xsf.x.npy m=@form_hdr_xsf.m.npy
# check: dg si ci fk fe wb lw tol=1e-12 cpu-ulp=64
# input: x = rng.uniform(-6, 6, 96)
# input: m = rng.uniform(-2, 0.95, 96)
# An ElementwiseKernel whose preamble includes scipy's special functions as
# cupyx.scipy.special does (<cupy/xsf/...>, CuPy's include folder): digamma, sici,
# cephes' incomplete elliptic integrals ellik/ellie, wright_bessel and the real
# lambertw, each header of the preamble once and digamma.h again (wright_bessel.h
# includes it), on float64 values.
import cupy as cp

xsf_real = cp.ElementwiseKernel(
    'float64 x, float64 m',
    'float64 dg, float64 si, float64 ci, float64 fk, float64 fe, float64 wb, float64 lw',
    '''
    dg = xsf::digamma(x);
    double s, c;
    xsf::sici(x, s, c);
    si = s;
    ci = c;
    fk = xsf::cephes::ellik(x, m);
    fe = xsf::cephes::ellie(x, m);
    wb = xsf::wright_bessel(0.5, 1.0 + fabs(m), fabs(x));
    lw = xsf::lambertw(fabs(x) * 3.0, 0, 1e-8);
    ''',
    'xsf_real',
    preamble=r'''
#include <cupy/xsf/digamma.h>
#include <cupy/xsf/sici.h>
#include <cupy/xsf/cephes/ellik.h>
#include <cupy/xsf/cephes/ellie.h>
#include <cupy/xsf/wright_bessel.h>
#include <cupy/xsf/lambertw.h>
#include <cupy/xsf/digamma.h>
''')
