# run: --kernel kmain --grid 2,2 --block 4,4,1 Wla=@real_cucomplex.Wla.npy Wmb=@real_cucomplex.Wmb.npy PVAL=@real_cucomplex.PVAL.npy N0=5:int32 N1=7:int32 SCALE=0.25:float32
# check: PVAL tol=1e-6
# input: Wla = (rng.random((5, 7)) + 1j * rng.random((5, 7))).astype(np.complex64)
# input: Wmb = (rng.random((5, 7)) + 1j * rng.random((5, 7))).astype(np.complex64)
# input: PVAL = (rng.random((5, 7)) + 1j * rng.random((5, 7))).astype(np.complex64)
# A real program (astronomical image subtraction, SFFT): CUDA's cuComplex.h (#include
# "cuComplex.h"), float2 arrays and their .x/.y members, a 2-D grid; the program calls the
# function with keywords (f(args=..., block=..., grid=...)).
import cupy as cp

_FDIFF_ACC_SRC = r'''
#include "cuComplex.h"
extern "C" __global__ void kmain(const float2* Wla, const float2* Wmb, float2* PVAL,
    int N0, int N1, float SCALE){
  int ROW=blockIdx.x*blockDim.x+threadIdx.x;
  int COL=blockIdx.y*blockDim.y+threadIdx.y;
  if(ROW<N0 && COL<N1){
    long pix=(long)ROW*N1+COL;
    cuFloatComplex SCA=make_cuFloatComplex(SCALE,0.0f);
    cuFloatComplex ONE=make_cuFloatComplex(1.0f,0.0f);
    float2 wla2=Wla[pix];
    cuFloatComplex wla=make_cuFloatComplex(wla2.x, wla2.y);
    float2 wmb2=Wmb[pix];
    cuFloatComplex wmb=make_cuFloatComplex(wmb2.x,wmb2.y);
    cuFloatComplex acc=cuCmulf(SCA, cuCsubf(cuCmulf(wla,wmb), ONE));
    float2 cur=PVAL[pix];
    cuFloatComplex c=make_cuFloatComplex(cur.x,cur.y);
    c=cuCaddf(c, acc);
    PVAL[pix].x=cuCrealf(c); PVAL[pix].y=cuCimagf(c);
  }
}
'''
_FDIFF_ACC_MOD = cp.RawModule(code=_FDIFF_ACC_SRC, backend='nvrtc')
