# run: --kernel do_compensation_interlace --grid 4,3 --block 5 field=@real_mesh_compensate.field.npy k_x_array=@real_mesh_compensate.k_x_array.npy k_y_array=@real_mesh_compensate.k_y_array.npy k_z_array=@real_mesh_compensate.k_z_array.npy nx=4:int32 ny=3:int32 nz=5:int32 p=2:uint32
# check: field tol=2e-6
# input: field = (rng.standard_normal((4, 3, 5)) + 1j * rng.standard_normal((4, 3, 5))).astype(np.complex64)
# input: k_x_array = (np.fft.fftfreq(4) * 2 * np.pi).astype(np.float32)
# input: k_y_array = (np.fft.fftfreq(3) * 2 * np.pi).astype(np.float32)
# input: k_z_array = (np.fft.rfftfreq(8) * 2 * np.pi).astype(np.float32)
# A published program (cosmology mesh painting: deconvolving the mass-assignment window
# in Fourier space): a complex64 mesh through `float2*` with .x and .y divided in place,
# a RawModule of four kernels in an `extern "C" { ... }` block, a local `const int NDIM`
# sizing float arrays brace-initialised from locals, an int loop counter against a
# `const unsigned int p`, a sinc with a ternary for k == 0, `2.0/15.0` (double) in float
# arithmetic.
import cupy as cp

do_compensation_cuda_code = r'''
extern "C"
{
    __global__ void do_compensation_CIC(float2* field, const float* k_x_array, const float* k_y_array, const float* k_z_array, const int nx, const int ny, const int nz)
    {
        const int NDIM = 3;
    
        int iz = threadIdx.x;
        int iy = blockIdx.y;
        int ix = blockIdx.x;
        if (iz >= nz || iy >= ny || ix >= nx)
        {
            return;
        }

        float k_x = k_x_array[ix];
        float k_y = k_y_array[iy];
        float k_z = k_z_array[iz];
        float k_temp[NDIM] = {k_x, k_y, k_z};
        float w_temp[NDIM];

        for (int i = 0; i < NDIM; i++)
        {
            float sin_temp = sin(k_temp[i]/2.0f);
            w_temp[i] = sqrt(1.0f - 2.0f/3.0f *  sin_temp * sin_temp);
        }

        field[iz + iy * nz + ix * nz * ny].x /= w_temp[0] * w_temp[1] * w_temp[2];
        field[iz + iy * nz + ix * nz * ny].y /= w_temp[0] * w_temp[1] * w_temp[2];
    }

    __global__ void do_compensation_TSC(float2* field, const float* k_x_array, const float* k_y_array, const float* k_z_array, const int nx, const int ny, const int nz)
    {
        const int NDIM = 3;
    
        int iz = threadIdx.x;
        int iy = blockIdx.y;
        int ix = blockIdx.x;
        if (iz >= nz || iy >= ny || ix >= nx)
        {
            return;
        }

        float k_x = k_x_array[ix];
        float k_y = k_y_array[iy];
        float k_z = k_z_array[iz];
        float k_temp[NDIM] = {k_x, k_y, k_z};
        float w_temp[NDIM];

        for (int i = 0; i < NDIM; i++)
        {
            float sin_temp = sin(k_temp[i]/2.0f);
            w_temp[i] = sqrt(1.0f - sin_temp * sin_temp + 2.0/15.0 * sin_temp * sin_temp * sin_temp * sin_temp);
        }

        field[iz + iy * nz + ix * nz * ny].x /= w_temp[0] * w_temp[1] * w_temp[2];
        field[iz + iy * nz + ix * nz * ny].y /= w_temp[0] * w_temp[1] * w_temp[2];
    }

    __global__ void do_compensation_interlace(float2* field, const float* k_x_array, const float* k_y_array, const float* k_z_array, const int nx, const int ny, const int nz, const unsigned int p)
    {
        const int NDIM = 3;
    
        int iz = threadIdx.x;
        int iy = blockIdx.y;
        int ix = blockIdx.x;
        if (iz >= nz || iy >= ny || ix >= nx)
        {
            return;
        }

        float k_x = k_x_array[ix];
        float k_y = k_y_array[iy];
        float k_z = k_z_array[iz];
        float k_temp[NDIM] = {k_x, k_y, k_z};
        float w_temp[NDIM];

        for (int i = 0; i < NDIM; i++)
        {
            float sinc_temp = sin(k_temp[i]/2.0f) / (k_temp[i]/2.0f);
            for (int j = 1; j < p; j++)
            {
                sinc_temp *= sinc_temp;
            }
            w_temp[i] = (k_temp[i] == 0.0f)? 1.0f : sinc_temp;
        }

        field[iz + iy * nz + ix * nz * ny].x /= w_temp[0] * w_temp[1] * w_temp[2];
        field[iz + iy * nz + ix * nz * ny].y /= w_temp[0] * w_temp[1] * w_temp[2];
    }
} 
'''
do_compensation_kernel = cp.RawModule(code=do_compensation_cuda_code)
do_compensation_CIC_kernel = do_compensation_kernel.get_function("do_compensation_CIC")
do_compensation_TSC_kernel = do_compensation_kernel.get_function("do_compensation_TSC")
do_compensation_interlace_kernel = do_compensation_kernel.get_function("do_compensation_interlace")
