# run: --kernel xsf_cplx z=@form_hdr_xsf_c.z.npy
# check: dg si ci lw tol=1e-12 cpu-ulp=64
# input: z = (rng.uniform(-4, 4, 64) + 1j * rng.uniform(-4, 4, 64)).astype(np.complex128)
# scipy's special functions of complex values in an ElementwiseKernel, as
# cupyx.scipy.special's digamma, sici and lambertw call them (preamble
# `#include <cupy/xsf/...>`): xsf's std::complex is thrust::complex, CuPy's complex<T>.
import cupy as cp

xsf_cplx = cp.ElementwiseKernel(
    'complex128 z', 'complex128 dg, complex128 si, complex128 ci, complex128 lw',
    '''
    dg = xsf::digamma(z);
    complex<double> s, c;
    xsf::sici(z, s, c);
    si = s;
    ci = c;
    lw = xsf::lambertw(z, 0, 1e-8);
    ''',
    'xsf_cplx',
    preamble='#include <cupy/xsf/digamma.h>\n#include <cupy/xsf/sici.h>\n'
             '#include <cupy/xsf/lambertw.h>\n')
