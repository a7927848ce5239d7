// run: --kernel shift_whole_shifts --grid 1,3,4 --block 16 sino2=@real_shift_sino.sino2.npy sino3=@real_shift_sino.sino3.npy list_shift=@real_shift_sino.list_shift.npy mat=zeros:float32:4x5x13 nx=13:int32 nymat=5:int32
// check: mat
// input: sino2 = rng.standard_normal((3, 13)).astype(np.float32)
// input: sino3 = rng.standard_normal((3, 13)).astype(np.float32)
// input: list_shift = np.array([2.0, -3.0, 1.5, -2.25], np.float32)
// A published program (tomography: rolling sinogram rows by whole and fractional shifts
// before stitching): a 3-d grid read through blockIdx.y/z and gridDim.y, modf with a
// float* out-parameter, abs of a float, int(ceil(...)) and int(floor(...)) casts,
// `const float *__restrict__`, cupy/complex.cuh included but unused.
#include <cupy/complex.cuh>

extern "C" __global__ void
shift_whole_shifts(const float *sino2, const float *sino3,
                   const float *__restrict__ list_shift, float *mat, int nx,
                   int nymat) {
  int xid = threadIdx.x + blockIdx.x * blockDim.x;
  int yid = blockIdx.y;
  int zid = blockIdx.z;
  int ny = gridDim.y;

  if (xid >= nx)
    return;

  float shift_col = list_shift[zid];
  float int_part = 0.0;
  float frac_part = modf(shift_col, &int_part);
  if (abs(frac_part) > 1e-5f) {
    // we have a floating point shift, so we only roll in
    // sino3, but we leave the rest for later using scipy
    int shift_int =
        shift_col >= 0.0 ? int(ceil(shift_col)) : int(floor(shift_col));
    if (shift_int >= 0 && xid < shift_int) {
      mat[zid * nymat * nx + yid * nx + xid] = sino3[yid * nx + xid];
    }
    if (shift_int < 0 && xid >= nx + shift_int) {
      mat[zid * nymat * nx + yid * nx + xid] = sino3[yid * nx + xid];
    }
  } else {
    // we have an integer shift, so we can roll in directly
    // by indexing
    int shift_int = int(shift_col);
    if (shift_int >= 0) {
      if (xid >= shift_int) {
        mat[zid * nymat * nx + yid * nx + xid] =
            sino2[yid * nx + xid - shift_int];
      } else {
        mat[zid * nymat * nx + yid * nx + xid] = sino3[yid * nx + xid];
      }
    } else {
      if (xid < nx + shift_int) {
        mat[zid * nymat * nx + yid * nx + xid] =
            sino2[yid * nx + xid - shift_int];
      } else {
        mat[zid * nymat * nx + yid * nx + xid] = sino3[yid * nx + xid];
      }
    }
  }
}
