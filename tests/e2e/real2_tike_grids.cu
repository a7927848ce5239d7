// run: --kernel make_grids<double,float> --grid 2,6,3 --block 4 frequency=zeros:float64:3x6x6x3 rotation=@real2_tike_grids.rotation.npy R=3:int32 N=6:int32 tilt=0.3:float32
// check: frequency tol=1e-6
// input: rotation = np.array([0.0, 0.9, 2.5], np.float32)
// Source: github.com/AdvancedPhotonSource/tike, src/tike/operators/cupy/grid.cu
// (8e1f9372), unchanged; lamino.py reads it into a RawModule with 4 name expressions.
// `make_grids<double,float>`: pointer arithmetic written `3 * N * N * p + frequency`
// (an integer plus a pointer), cosf/sinf into a double, unary plus, `(T)(y - N / 2) / N`,
// grid-stride loops over all three grid dimensions.

// Compute the planar USFFT frequencies for laminography.
//
// The frequencies are in the range [-0.5, 0.5) and planes at sampled to an (N,
// N) grid. The tilt angle is the same for all planes, but the rotation angle
// is unique for each plane. Radians for all angles. The shape of frequency
// should be (R * N * N, 3) where R is the number of rotations. The shape of
// rotation is (R, ).

// Each thread gets one frequency.
// grid shape (-(-N // max_threads), N, R)
// block shape (min(N, max_threads), 0, 0)
template <typename frequencyType, typename rotationType>
__global__ void
make_grids(frequencyType* frequency, const rotationType* rotation, int R, int N,
           float tilt) {
  frequencyType ctilt = cosf(tilt);
  frequencyType stilt = sinf(tilt);

  for (int p = blockIdx.z; p < R; p += gridDim.z) {
    frequencyType ctheta = cosf(rotation[p]);
    frequencyType stheta = sinf(rotation[p]);
    // NOTE: Use pointer arithmetic to avoid indexing overflows without using
    // size_t.
    frequencyType* plane = 3 * N * N * p + frequency;

    for (int y = blockIdx.y; y < N; y += gridDim.y) {
      frequencyType kv = (frequencyType)(y - N / 2) / N;
      frequencyType* height = 3 * N * y + plane;

      // clang-format off
      for (
        int x = threadIdx.x + blockDim.x * blockIdx.x;
        x < N;
        x += blockDim.x * gridDim.x
      ) {
        // clang-format on
        frequencyType ku = (frequencyType)(x - N / 2) / N;
        frequencyType* f = 3 * x + height;

        f[0] = +kv * stilt;
        f[1] = -ku * stheta + kv * ctheta * ctilt;
        f[2] = +ku * ctheta + kv * stheta * ctilt;
      }
    }
  }
}
