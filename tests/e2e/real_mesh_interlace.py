# run: --kernel do_interlacing_kernel --grid 4,3 --block 5 c1=@real_mesh_interlace.c1.npy c2=@real_mesh_interlace.c2.npy H=@real_mesh_interlace.H.npy kx_array=@real_mesh_interlace.kx_array.npy ky_array=@real_mesh_interlace.ky_array.npy kz_array=@real_mesh_interlace.kz_array.npy nx=4:int32 ny=3:int32 nz=5:int32
# check: c1 tol=2e-6
# input: c1 = (rng.standard_normal((4, 3, 5)) + 1j * rng.standard_normal((4, 3, 5))).astype(np.complex64)
# input: c2 = (rng.standard_normal((4, 3, 5)) + 1j * rng.standard_normal((4, 3, 5))).astype(np.complex64)
# input: H = np.array([0.25, 0.25, 0.25], np.float32)
# input: kx_array = (np.fft.fftfreq(4) * 2 * np.pi * 4).astype(np.float32)
# input: ky_array = (np.fft.fftfreq(3) * 2 * np.pi * 3).astype(np.float32)
# input: kz_array = (np.fft.rfftfreq(8) * 2 * np.pi * 8).astype(np.float32)
# A published program (cosmology mesh painting: interlacing two shifted meshes in Fourier
# space): a RawKernel compiled ahead with .compile(), cupy/complex.cuh's exp of a
# complex<float> built from (0, x), complex * float * complex, static_cast<long long> of
# an int index, one block per (x, y) and a thread per z.
import cupy as cp

do_interlacing_cuda_code = r'''
#include <cupy/complex.cuh>
extern "C"
__global__ void do_interlacing(complex<float> *c1, const complex<float> *c2, const float *H, const float *kx_array, const float *ky_array, const float *kz_array, const int nx, const int ny, const int nz)
{
    int iz = threadIdx.x;
    int iy = blockIdx.y;
    int ix = blockIdx.x;
    if (iz >= nz || iy >= ny || ix >= nx)
    {
        return;
    }

    float kx = kx_array[ix];
    float ky = ky_array[iy];
    float kz = kz_array[iz];
    float kH = H[0] * kx + H[1] * ky + H[2] * kz;
    float factor = 0.5f;

    complex<float> phase = exp(complex<float>(0.0f, factor * kH));
    
    long long index = static_cast<long long>(iz + iy * nz + ix * nz * ny);
    c1[index] = c1[index] * factor + c2[index] * factor * phase;
}
'''
do_interlacing_kernel = cp.RawKernel(code=do_interlacing_cuda_code, name="do_interlacing")
do_interlacing_kernel.compile()
