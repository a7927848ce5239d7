// run: --kernel hdrs --grid 2 --block 64 x=@cu_cupy_headers.x.npy d=@cu_cupy_headers.d.npy out=zeros:float64:8 mx=zeros:float32:2 mxd=zeros:float64:2 cnt=zeros:int64:1 sv=zeros:float32:256 n=128:int32
// check: out mx mxd cnt sv
// input: x = rng.uniform(-50, 50, 128).astype(np.float32)
// input: d = rng.uniform(-1e6, 1e6, 128)
// CuPy's headers of every kernel form (core._cupy_header_list: complex.cuh, carray.cuh,
// atomics.cuh, math_constants.h) included by RawModule code, as CuPy's test_core does,
// with structview.cuh, unstructured_void.cuh and cuda_workaround.h: atomics.cuh's
// atomicMax/atomicMin of float and double (CuPy's compare doubles through fmaxf/fminf, in
// float) and atomicAdd of long long, math_constants.h's CUDART_* constants, carray.cuh's
// CUPY_FOR and _floor_divide, complex<T>, a StructView over a {int, float} record and an
// UnstructuredVoid's byte copies.
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
#include <cupy/structview.cuh>
#include <cupy/unstructured_void.cuh>
#include <cupy/cuda_workaround.h>
#include <cupy/hip_workaround.cuh>

typedef cupy::StructView<cupy::raw_structview_storage<8, 4>, cupy::Field<int, 0>,
                         cupy::Field<float, 4>> Rec;

extern "C" __global__ void hdrs(const float *x, const double *d, double *out, float *mx,
                                double *mxd, long long *cnt, float *sv, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[0] = CUDART_INF_F;
    out[1] = isnan(CUDART_NAN_F);
    out[2] = CUDART_INF;
    out[3] = isnan(CUDART_NAN);
    out[4] = M_PI;
    out[5] = _floor_divide(-7, 2) * 10 + _floor_divide(7u, 0u);
    complex<float> z(1.5f, -2.0f);
    out[6] = abs(z * conj(z));
    out[7] = _floor_divide(-7.5, 2.0);
  }
  CUPY_FOR(i, n) {
    atomicMax(&mx[0], x[i]);
    atomicMin(&mx[1], x[i]);
    atomicMax(&mxd[0], d[i]);
    atomicMin(&mxd[1], d[i]);
    atomicAdd(cnt, (long long)i * 3 - 100);
    Rec r(0);
    r.at<0>() = (int)x[i];
    r.at<1>() = x[i] * 0.5f;
    Rec s = r;
    s = 2;                                         // broadcast to every field
    cupy::UnstructuredVoid<8> v(r);
    Rec back;
    memcpy(&back, v.data, 8);
    sv[2 * i] = back.at<0>() + (s == r) * 1000 + s.at<0>() * 100000;
    sv[2 * i + 1] = back.at<1>() + s.at<1>();
  }
}
