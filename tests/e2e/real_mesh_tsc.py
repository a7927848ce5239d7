# run: --kernel run_tsc_core --grid 1 --block 32 pos=@real_mesh_tsc.pos.npy weights=0:int64 values=@real_mesh_tsc.values.npy nparticle=20:uint64 field=zeros:float32:4x4x4 boxsize_array=@real_mesh_tsc.boxsize_array.npy ngrids_array=@real_mesh_tsc.ngrids_array.npy shift=0.25:float64
# check: field tol=1e-5
# input: pos = rng.random((20, 3)).astype(np.float32)
# input: values = (rng.random(20) + 0.5).astype(np.float32)
# input: boxsize_array = np.array([1.0, 1.0, 1.0])
# input: ngrids_array = np.array([4, 4, 4], np.uint32)
# A published program (cosmology: assigning particles to a periodic mesh with the
# triangular-shaped-cloud kernel before an FFT): an `extern "C" { ... }` block of kernels,
# `weights == nullptr` tested in the kernel and passed as the Python int 0 when the caller
# has no weights (CuPy passes the integer's bits: a null pointer), unsigned long long
# indices from a numpy.uint64 count, `0uL` into a long long, static_cast<unsigned int> of a
# negative long long plus an unsigned, local `unsigned long pos_i[3][NDIM]` and
# `double diff_ratio_temp[NDIM][3]`, floor and fabs of doubles, unsigned loop counters,
# atomicAdd of a float into the mesh.
import cupy as cp

to_mesh_cuda_code = r'''
extern "C" {
    __global__ void run_ngp_core(const float* pos, const float* weights, const float* values, const unsigned long long nparticle, float* field, const double* boxsize_array, const unsigned int* ngrids_array, double shift)
    {
        unsigned long long index = blockIdx.x * blockDim.x + threadIdx.x;

        if (index >= nparticle)
        {   
            return;
        }

        float weight_temp = (weights == nullptr)? 1.0f: weights[index];
        float value_temp = (values == nullptr)? 1.0f: values[index];

        const int NDIM = 3;

        double pos_i_float = 0.0;
        unsigned long pos_i[NDIM];
        double sub_boxsize[NDIM];
        bool is_in_box = true;

        for (int i = 0; i < NDIM; i++)
        {
            if (pos[index * NDIM + i] < 0.0 || pos[index * NDIM + i] > boxsize_array[i])
            {
                is_in_box = false;
                break;
            }
            sub_boxsize[i] = boxsize_array[i] / ngrids_array[i];
            pos_i_float = pos[index * NDIM + i] / sub_boxsize[i] + shift;

            pos_i[i] = (static_cast<unsigned int>(floor(pos_i_float + 0.5)) + ngrids_array[i]) % ngrids_array[i];
        }

        if (!is_in_box)
        {
            return;
        }

        unsigned int ny = ngrids_array[1];
        unsigned int nz = ngrids_array[2];


        float field_temp = weight_temp * value_temp;


        atomicAdd(&field[pos_i[2] + pos_i[1] * nz + pos_i[0] * nz * ny], field_temp);
    }

    __global__ void run_tsc_core(const float* pos, const float* weights, const float* values, const unsigned long long nparticle, float* field, const double* boxsize_array, const unsigned int* ngrids_array, double shift)
    {
        unsigned long long index = blockIdx.x * blockDim.x + threadIdx.x;

        if (index >= nparticle)
        {   
            return;
        }

        float weight_temp = (weights == nullptr)? 1.0f: weights[index];
        float value_temp = (values == nullptr)? 1.0f: values[index];

        const int NDIM = 3;

        double pos_i_float = 0.0;
        long long pos_i_temp = 0uL;
        unsigned long pos_i[3][NDIM];
        double sub_boxsize[NDIM];
        double diff_ratio_temp[NDIM][3];
        bool is_in_box = true;

        for (int i = 0; i < NDIM; i++)
        {
            if (pos[index * NDIM + i] < 0.0 || pos[index * NDIM + i] > boxsize_array[i])
            {
                is_in_box = false;
                break;
            }
            sub_boxsize[i] = boxsize_array[i] / ngrids_array[i];
            pos_i_float = pos[index * NDIM + i] / sub_boxsize[i] + shift;
            pos_i_temp = static_cast<long long>(floor(pos_i_float - 0.5));

            for (int j = 0; j < 3; j++)
            {
                double distance_ratio = fabs(pos_i_temp + j - pos_i_float);
                if (distance_ratio < 0.5)
                {
                    diff_ratio_temp[i][j] = 0.75 - distance_ratio * distance_ratio;
                }
                else if (distance_ratio < 1.5)
                {
                    diff_ratio_temp[i][j] = 0.5 * (1.5 - distance_ratio) * (1.5 - distance_ratio);
                }
                else
                {
                    diff_ratio_temp[i][j] = 0.0;
                }
            }

            pos_i[0][i] = static_cast<unsigned int>(pos_i_temp + ngrids_array[i]) % ngrids_array[i];
            pos_i[1][i] = (pos_i[0][i] + 1) % ngrids_array[i];
            pos_i[2][i] = (pos_i[1][i] + 1) % ngrids_array[i];
        }

        if (!is_in_box)
        {
            return;
        }

        float field_temp = weight_temp * value_temp;

        unsigned int ny = ngrids_array[1];
        unsigned int nz = ngrids_array[2];

        for (unsigned int dix=0u; dix < 3u; dix++)
        {
            for (unsigned int diy=0u; diy < 3u; diy++)
            {
                for (unsigned int diz=0u; diz < 3u; diz++)
                {
                    atomicAdd(&field[pos_i[diz][2] + pos_i[diy][1] * nz + pos_i[dix][0] * nz * ny], diff_ratio_temp[2][diz] * diff_ratio_temp[1][diy] * diff_ratio_temp[0][dix]  * field_temp);
                }
            }
        }
    }
}
    '''
to_mesh_kernel = cp.RawModule(code=to_mesh_cuda_code)
run_ngp_core_kernel = to_mesh_kernel.get_function("run_ngp_core")
run_tsc_core_kernel = to_mesh_kernel.get_function("run_tsc_core")


def to_mesh_from_cuda(pos, weight, value, field, boxsize, ngrids, resampler="CIC", shift=0.0):
    if pos.dtype != cp.float32:
        pos = pos.astype(cp.float32)
    
    nparticle = cp.uint64(pos.shape[0])
    nthreads = nparticle if nparticle < 512 else 512 
    ngridx = nparticle // nthreads + 1

    weight_need = weight if weight is not None else 0
    value_need = value if value is not None else 0

    if resampler == "NGP":
        run_ngp_core_kernel((ngridx, ), (nthreads, ), (pos, weight_need, value_need, nparticle, field, boxsize, ngrids, shift))
    elif resampler == "TSC":
        run_tsc_core_kernel((ngridx, ), (nthreads, ), (pos, weight_need, value_need, nparticle, field, boxsize, ngrids, shift))
    else:
        raise ValueError(f"resampler must be NGP or TSC. Now is {resampler}")
