# run: --kernel _ca_cfar_2d_kernel --grid 1,1 --block 8,8 array=@real5_cfar_2d.array.npy intermediate=@real5_cfar_2d.intermediate.npy mask=zeros:float32:12x14 width=12:int64 height=14:int64 N=40:int64 alpha=7.54008909748074:float32 guard_cells_x=1:int64 guard_cells_y=1:int64 reference_cells_x=2:int64 reference_cells_y=2:int64
# check: mask tol=1e-5
# input: array = rng.random((12, 14)).astype(np.float32)
# input: intermediate = np.cumsum(np.cumsum(rng.random((12, 14)), 0), 1).astype(np.float32)
# Source: github.com/cupy/cupy, cupyx/signal/_radartools/_radartools.py (v14.2.0, ported
# from cuSignal): the 2-d cell-averaging CFAR detector's RawKernel, unchanged, launched as
# ca_cfar launches it: an 8x8 block over a 2-d grid, grid-stride loops in x and y, the
# summed-area table read at eight corners with a three-way branch at the edges, Python
# ints for the int parameters (CuPy passes 8 bytes, the kernel reads 4) and
# cupy.float32(alpha). `alpha/N*T`: float over int.
import cupy


_ca_cfar_2d_kernel = cupy.RawKernel(r'''
extern "C" __global__ void
_ca_cfar_2d_kernel(float * array, float * intermediate, float * mask,
                   int width, int height, int N, float alpha,
                   int guard_cells_x, int guard_cells_y,
                   int reference_cells_x, int reference_cells_y)
{
    int i_init = threadIdx.x+blockIdx.x*blockDim.x;
    int j_init = threadIdx.y+blockIdx.y*blockDim.y;
    int i, j, x, y, offset;
    int tro, tlo, blo, bro, tri, tli, bli, bri;
    float outer_area, inner_area, T;
    for (i=i_init; i<width-2*(guard_cells_x+reference_cells_x);
         i += blockDim.x*gridDim.x){
        for (j=j_init; j<height-2*(guard_cells_y+reference_cells_y);
             j += blockDim.y*gridDim.y){
            /* 'tri' is Top Right Inner (square), 'blo' is Bottom Left
             * Outer (square), etc. These are the corners at which
             * the intermediate array must be evaluated.
             */
            x = i+guard_cells_x+reference_cells_x;
            y = j+guard_cells_y+reference_cells_y;
            offset = x*height+y;
            tro = (x+guard_cells_x+reference_cells_x)*height+y+
                guard_cells_y+reference_cells_y;
            tlo = (x-guard_cells_x-reference_cells_x-1)*height+y+
                guard_cells_y+reference_cells_y;
            blo = (x-guard_cells_x-reference_cells_x-1)*height+y-
                guard_cells_y-reference_cells_y-1;
            bro = (x+guard_cells_x+reference_cells_x)*height+y-
                guard_cells_y-reference_cells_y-1;
            tri = (x+guard_cells_x)*height+y+guard_cells_y;
            tli = (x-guard_cells_x-1)*height+y+guard_cells_y;
            bli = (x-guard_cells_x-1)*height+y-guard_cells_y-1;
            bri = (x+guard_cells_x)*height+y-guard_cells_y-1;
            /* It would be nice to eliminate the triple
             * branching here, but it only occurs on the boundaries
             * of the array (i==0 or j==0). So it shouldn't hurt
             * overall performance much.
             */
            if (i>0 && j>0){
                outer_area = intermediate[tro]-intermediate[tlo]-
                    intermediate[bro]+intermediate[blo];
            } else if (i == 0 && j > 0){
                outer_area = intermediate[tro]-intermediate[bro];
            } else if (i > 0 && j == 0){
                outer_area = intermediate[tro]-intermediate[tlo];
            } else if (i == 0 && j == 0){
                outer_area = intermediate[tro];
            }
            inner_area = intermediate[tri]-intermediate[tli]-
                intermediate[bri]+intermediate[bli];
            T = outer_area-inner_area;
            T = alpha/N*T;
            mask[offset] = T;
        }
    }
}
''', '_ca_cfar_2d_kernel')

