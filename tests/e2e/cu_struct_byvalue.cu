// run: --kernel apply --grid 2 --block 16 p=@cu_struct_byvalue.p.npy v=@cu_struct_byvalue.v.npy x=@cu_struct_byvalue.x.npy y=zeros:float64:24 n=24:int32
// check: y tol=1e-12
// input: p = np.array([(1.5, -3, (0.25, 4.0))], np.dtype([('scale', '<f4'), ('offset', '<i4'), ('w', '<f8', (2,))])).view(np.uint8)
// input: v = np.array([0.5, -1.0, 2.0], np.float32)
// input: x = rng.standard_normal(24)
// Structs by value, as CuPy passes a NumPy array of size one: a user struct (float, int,
// double[2]: 24 bytes) and a float3, each given as an array of its bytes (pykc run; the
// Python package takes CuPy's size-one arrays of a structured dtype).
struct Params {
  float scale;
  int offset;
  double w[2];
};

extern "C" __global__ void apply(const Params p, float3 v, const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = p.scale * x[i] + p.offset;
    float k = v.x * v.y * v.z;
    y[i] = s + p.w[i % 2] + k;
  }
}
