# run: --kernel median_general_kernel<float,1,3,13> --grid 2,2,2 --block 4,4,4 in=@real_median3d.in.npy out=zeros:float32:5x6x7 dif=0.0:float32 Z=5:int32 M=6:int32 N=7:int32 num_total=210:int64
# check: out
# input: in = (rng.random((5, 6, 7)) * 100).astype(np.float32)
# A real program (tomography, Diamond Light Source's httomolib): a template kernel with
# a type and three int parameters, instantiated by name_expressions in a RawModule
# built inside a function; a local array sized by the template arguments.
import cupy as cp
import numpy as np


def median_filter3d_cupy(data, kernel_size=3, dif=0.0):
    median_kernel = r'''
    template <typename Type, int radius, int diameter, int midpoint>
    __global__ void median_general_kernel(const Type* in, Type* out, float dif, int Z, int M, int N, long num_total)
    {   
        Type ValVec[diameter*diameter*diameter];
        long i1, j1, k1, i_m, j_m, k_m, counter;
        int x, y;
        Type temp;
        
        const long i = blockDim.x * blockIdx.x + threadIdx.x;
        const long j = blockDim.y * blockIdx.y + threadIdx.y;
        const long k = blockDim.z * blockIdx.z + threadIdx.z;
        
        const unsigned long long index = (unsigned long long)i + (unsigned long long)N*(unsigned long long)j + (unsigned long long)N*(unsigned long long)M*(unsigned long long)k;          
        if (index < num_total && i < N && j < M && k < Z)     
        {            
            counter = 0l;
            for(i_m=-radius; i_m<=radius; i_m++) 
            {
                i1 = i + i_m;
                if ((i1 < 0) || (i1 >= N)) 
                    i1 = i;
                for(j_m=-radius; j_m<=radius; j_m++) 
                {
                    j1 = j + j_m;
                    if ((j1 < 0) || (j1 >= M)) 
                        j1 = j;
                    for(k_m=-radius; k_m<=radius; k_m++) 
                    {
                        k1 = k + k_m;
                        if ((k1 < 0) || (k1 >= Z)) 
                            k1 = k;
                        ValVec[counter] = in[i1 + N*j1 + N*M*k1];
                        counter++;
                    }
                }
            }
            /* do bubble sort here */
            for (x = 0; x < diameter*diameter*diameter - 1; x++)
            {
                for(y = 0; y < diameter*diameter*diameter - x - 1; y++)
                {
                    if (ValVec[y] > ValVec[y+1])
                    {
                        temp = ValVec[y];
                        ValVec[y] = ValVec[y+1];
                        ValVec[y+1] = temp;
                    }
                }
            }
            if (dif == 0.0f) out[index] = ValVec[midpoint];  /* perform median filtration */
            else 
            {
                /* perform dezingering */
                if (fabsf(in[index] - ValVec[midpoint]) >= dif) out[index] = ValVec[midpoint];
            }
        }
    }  
    '''
    templates = ['median_general_kernel<float,1,3,13>',
                 'median_general_kernel<float,2,5,62>']
    module = cp.RawModule(code=median_kernel, options=('-std=c++11',),
                          name_expressions=templates)
    return module.get_function(templates[0])
