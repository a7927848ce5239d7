# run: --kernel raw_xsf --grid 1 --block 64 x=@raw_hdr_xsf.x.npy z=@raw_hdr_xsf.z.npy out=zeros:float64:256 zo=zeros:complex128:128 n=64:int32
# check: out zo tol=1e-12 cpu-ulp=64
# input: x = rng.uniform(0.05, 6, 64)
# input: z = (rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)).astype(np.complex128)
# A RawKernel whose code includes CuPy's complex.cuh and scipy's special functions from
# CuPy's include folder (<cupy/xsf/...>): shichi, ellik/ellie, wright_bessel, digamma of
# real and complex values, each header twice.
import cupy as cp

raw_xsf = cp.RawKernel(r'''
#include <cupy/complex.cuh>
#include <cupy/xsf/sici.h>
#include <cupy/xsf/cephes/ellik.h>
#include <cupy/xsf/cephes/ellie.h>
#include <cupy/xsf/wright_bessel.h>
#include <cupy/xsf/digamma.h>
#include <cupy/xsf/sici.h>
#include <cupy/complex.cuh>

extern "C" __global__ void raw_xsf(const double *x, const complex<double> *z, double *out,
                                   complex<double> *zo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double shi, chi;
  xsf::shichi(x[i], shi, chi);
  out[4 * i] = shi;
  out[4 * i + 1] = chi;
  out[4 * i + 2] = xsf::cephes::ellik(x[i], 0.5) + xsf::cephes::ellie(x[i], -1.5);
  out[4 * i + 3] = xsf::wright_bessel(1.5, 0.5, x[i]);
  complex<double> s, c;
  xsf::shichi(z[i], s, c);
  zo[2 * i] = s + c;
  zo[2 * i + 1] = xsf::digamma(z[i]);
}
''', 'raw_xsf')
