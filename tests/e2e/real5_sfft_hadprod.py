# run: --kernel kmain --grid 1,1 --block 8,8 SREF_iji0j0_GPU=@real5_sfft_hadprod.SREF_iji0j0_GPU.npy SPixA_FIij_GPU=@real5_sfft_hadprod.SPixA_FIij_GPU.npy SPixA_CFIij_GPU=@real5_sfft_hadprod.SPixA_CFIij_GPU.npy HpOMG_GPU=zeros:complex128:3x6x5
# check: HpOMG_GPU tol=1e-14
# input: SREF_iji0j0_GPU = np.array([[0, 1], [1, 0], [1, 1]], dtype=np.int32)
# input: SPixA_FIij_GPU = rng.standard_normal((2, 6, 5)) + 1j * rng.standard_normal((2, 6, 5))
# input: SPixA_CFIij_GPU = rng.standard_normal((2, 6, 5)) + 1j * rng.standard_normal((2, 6, 5))
# Source: github.com/thomasvrussell/sfft, its CUDA backend's HadProd_OMG module (the
# Hadamard products of the linear system): RawModule(backend=u'nvcc',
# translate_cucomplex=True) over code that includes "cuComplex.h" in quotes (CuPy
# translates only `#include <cuComplex.h>`: this is CUDA's header, cuDoubleComplex its
# double2 and cuCmul its function, next to the CuPy headers the option prepends),
# 3-d cuDoubleComplex array parameters, __shared__ 3-d tiles indexed by threadIdx.x and
# threadIdx.y, __syncthreads(); the text `_funcstr % _refdict` makes for N0=6, N1=5,
# Fij=2, FOMG=3, ThreadPerB=8.
import cupy as cp

_code = r"""
        #include "cuComplex.h"
        extern "C" __global__ void kmain(int SREF_iji0j0_GPU[3][2],
            cuDoubleComplex SPixA_FIij_GPU[2][6][5],
            cuDoubleComplex SPixA_CFIij_GPU[2][6][5], 
            cuDoubleComplex HpOMG_GPU[3][6][5]) 
        {
            int ROW = blockIdx.x*blockDim.x+threadIdx.x;
            int COL = blockIdx.y*blockDim.y+threadIdx.y;

            int N0 = 6;
            int N1 = 5;
            int Fij = 2;
            int FOMG = 3;

            __shared__ cuDoubleComplex ShSPixA_FIij_GPU[2][8][8];
            if (ROW < N0 && COL < N1) {
                for(int ij = 0; ij < Fij; ++ij){
                    ShSPixA_FIij_GPU[ij][threadIdx.x][threadIdx.y] = SPixA_FIij_GPU[ij][ROW][COL];
                }
            }

            __shared__ cuDoubleComplex ShSPixA_CFIij_GPU[2][8][8];
            if (ROW < N0 && COL < N1) {
                for(int ij = 0; ij < Fij; ++ij){
                    ShSPixA_CFIij_GPU[ij][threadIdx.x][threadIdx.y] = SPixA_CFIij_GPU[ij][ROW][COL];
                }
            }
            __syncthreads();

            if (ROW < N0 && COL < N1) {
                for(int i8j8ij = 0; i8j8ij < FOMG; ++i8j8ij){
                    
                    int i8j8 = SREF_iji0j0_GPU[i8j8ij][0];
                    int ij = SREF_iji0j0_GPU[i8j8ij][1];

                    HpOMG_GPU[i8j8ij][ROW][COL] = cuCmul(ShSPixA_FIij_GPU[i8j8][threadIdx.x][threadIdx.y], 
                        ShSPixA_CFIij_GPU[ij][threadIdx.x][threadIdx.y]);
                }
            }
        }
        """
_module = cp.RawModule(code=_code, backend=u'nvcc', translate_cucomplex=True)
