# run: --kernel kmain --grid 1,1 --block 8,8 PixA_X_GPU=zeros:int32:6x5 PixA_Y_GPU=zeros:int32:6x5 PixA_CX_GPU=zeros:float64:6x5 PixA_CY_GPU=zeros:float64:6x5
# check: PixA_X_GPU PixA_Y_GPU PixA_CX_GPU PixA_CY_GPU
# Source: github.com/thomasvrussell/sfft (Saccadic Fast Fourier Transform image
# subtraction), its CUDA backend's SpatialCoor module: a RawModule(backend=u'nvcc') whose
# kernel `kmain` takes 2-d array parameters (`int PixA_X_GPU[N0][N1]`, pointers to rows
# of N1, indexed [ROW][COL]) on a 2-d grid, the code `_funcstr % _refdict` makes for
# N0=6, N1=5 (pykc run reads the text the program builds as written here; the Python
# package takes the % formatting).
import cupy as cp

_code = r"""
        extern "C" __global__ void kmain(int PixA_X_GPU[6][5], int PixA_Y_GPU[6][5], 
            double PixA_CX_GPU[6][5], double PixA_CY_GPU[6][5])
        {
            int ROW = blockIdx.x*blockDim.x+threadIdx.x;
            int COL = blockIdx.y*blockDim.y+threadIdx.y;
            
            int N0 = 6;
            int N1 = 5;
            
            if (ROW < N0 && COL < N1) {
                double cx = (ROW + 1.0) / N0;  
                double cy = (COL + 1.0) / N1;
                PixA_X_GPU[ROW][COL] = ROW;
                PixA_Y_GPU[ROW][COL] = COL;
                PixA_CX_GPU[ROW][COL] = cx;
                PixA_CY_GPU[ROW][COL] = cy;
            }
        }
        """
_module = cp.RawModule(code=_code, backend=u'nvcc', translate_cucomplex=False)
