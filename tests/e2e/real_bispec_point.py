# run: --kernel computePoint2D --grid 1 --block 32 k1ind=@real_bispec_point.k1ind.npy k2ind=@real_bispec_point.k2ind.npy kx=@real_bispec_point.kx.npy ky=@real_bispec_point.ky.npy ntheta=4:int32 nk1=5:int64 nk2=5:int64 Nx=8:int16 Ny=8:int16 samp=@real_bispec_point.samp.npy count=25:int64 bispecbuf=zeros:complex128:25 binormbuf=zeros:float64:25 cthetabuf=zeros:float64:25 countbuf=zeros:float64:25 fft=@real_bispec_point.fft.npy
# check: bispecbuf binormbuf cthetabuf countbuf tol=1e-13
# input: k1ind = np.arange(5, dtype=np.int64)
# input: k2ind = np.arange(5, 10, dtype=np.int64)
# input: kx = np.array([1, -2, 3, 0, -1, 2, -3, 1, 4, -4], np.int16)
# input: ky = np.array([0, 1, -1, 2, 3, -2, 1, -3, 0, 2], np.int16)
# input: samp = np.arange(25, dtype=np.int64)
# input: fft = (rng.standard_normal(64) + 1j * rng.standard_normal(64))
# A published program (PolyBin/bfast-style bispectrum estimation of a field's Fourier
# modes): `# include <cupy/complex.cuh>` (a space after the #), an `extern "C" { ... }`
# block, `long*` and `short*` parameters with short scalars (Nx, Ny) and long ones, a
# grid-stride loop over long, an early `return` inside the loop before __syncthreads()
# (a barrier the returned threads leave), abs of short values, int promotion of short
# arithmetic, complex<double> products with conj, abs of a complex. (Six more kernels of
# the module are left out.)
import cupy as cp

_module = cp.RawModule(code=r'''
# include <cupy/complex.cuh>

extern "C" {

__global__ void computePoint2D(const long* k1ind, const long* k2ind,
                               short* kx, short* ky,
                               int ntheta, long nk1, long nk2,
                               short Nx, short Ny, const long* samp, long count,
                               complex<double>* bispecbuf, double* binormbuf,
                               double* cthetabuf, double* countbuf,
                               const complex<double>* fft) {

    for (long idx = blockDim.x * blockIdx.x + threadIdx.x;
         idx < count;
         idx += blockDim.x * gridDim.x) {

        long n, m;

        n = k1ind[samp[idx] % nk1]; m = k2ind[samp[idx] / nk1];

        short k1x, k1y, k2x, k2y, k3x, k3y;

        k1x = kx[n]; k1y = ky[n];
        k2x = kx[m]; k2y = ky[m];
        k3x = k1x+k2x; k3y = k1y+k2y;

        if ((abs(k3x) > Nx/2) || (abs(k3y) > Ny/2)) { return; }

        __syncthreads();

        // Map frequency domain to index domain
        short q1x, q1y, q2x, q2y, q3x, q3y;

        if (k1x < 0) { q1x = k1x + Nx; } else { q1x = k1x; }
        if (k1y < 0) { q1y = k1y + Ny; } else { q1y = k1y; }

        if (k2x < 0) { q2x = k2x + Nx; } else { q2x = k2x; }
        if (k2y < 0) { q2y = k2y + Ny; } else { q2y = k2y; }

        if (k3x < 0) { q3x = k3x + Nx; } else { q3x = k3x; }
        if (k3y < 0) { q3y = k3y + Ny; } else { q3y = k3y; }

        // Map multi-dimensional indices to 1-dimensional indices
        long idx1 = (q1x*Ny + q1y);
        long idx2 = (q2x*Ny + q2y);
        long idx3 = (q3x*Ny + q3y);

        // Sample correlation function
        complex<double> sample;
        double mod;
        sample = fft[idx1] * fft[idx2] * conj(fft[idx3]);
        mod = abs(sample);

        bispecbuf[idx] = sample;
        binormbuf[idx] = mod;
        countbuf[idx] = 1;

        // Calculate angles
        if (ntheta > 1) {
            double k1dotk2, k1norm, k2norm, costheta;
            double x1, y1, x2, y2;
            x1 = double(k1x); y1 = double(k1y);
            x2 = double(k2x); y2 = double(k2y);
            k1dotk2 = x1*x2 + y1*y2;
            k1norm = sqrt(x1*x1 + y1*y1);
            k2norm = sqrt(x2*x2 + y2*y2);
            costheta = k1dotk2 / (k1norm*k2norm);
            cthetabuf[idx] = costheta;
        }
    }
}

}''')
