// run: --kernel stdh --grid 1 --block 8 x=@cu_cuda_std_headers.x.npy out=zeros:float64:8 iout=zeros:int64:64
// check: out iout
// input: x = rng.standard_normal(8).astype(np.float64) * 100
// libcu++'s headers as NVRTC finds them (CuPy passes CCCL's include folders): the
// containers, algorithms, limits, the C headers' macros under cuda/std/, type traits.
#include <cuda/std/array>
#include <cuda/std/cfloat>
#include <cuda/std/climits>
#include <cuda/std/cstdint>
#include <cuda/std/cstddef>
#include <cuda/std/cmath>
#include <cuda/std/cstdlib>
#include <cuda/std/cstring>
#include <cuda/std/functional>
#include <cuda/std/initializer_list>
#include <cuda/std/iterator>
#include <cuda/std/limits>
#include <cuda/std/numeric>
#include <cuda/std/optional>
#include <cuda/std/ratio>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda/std/complex>

template <typename T> __device__ T sq(T v) { return v * v; }

extern "C" __global__ void stdh(const double *x, double *out, long long *iout) {
  int t = threadIdx.x;
  cuda::std::array<int, 4> a = {4, 1, 3, 2};
  cuda::std::tuple<int, double> tp = cuda::std::make_tuple(t, x[t]);
  cuda::std::pair<int, int> pr(t, 2 * t);
  cuda::std::swap(pr.first, pr.second);
  cuda::std::optional<int> opt;
  if (t % 2)
    opt = t * 3;
  cuda::std::complex<double> z(x[t], 1.0);
  out[t] = cuda::std::get<1>(tp) * 2 + cuda::std::abs(z) + cuda::std::fmin(x[t], 0.5) +
           cuda::std::numeric_limits<float>::epsilon() + cuda::std::numeric_limits<double>::max() * 1e-308 +
           cuda::std::plus<double>()(1.0, sq(x[t]));
  long long *o = iout + 8 * t;
  o[0] = cuda::std::accumulate(a.begin(), a.end(), 0) + a.size() + cuda::std::get<0>(tp);
  o[1] = INT_MAX + (long long)cuda::std::numeric_limits<int32_t>::min() + CHAR_BIT;
  o[2] = (long long)(INT64_MAX / 1000000000000LL) + UINT8_MAX + sizeof(cuda::std::size_t);
  o[3] = pr.first * 10 + pr.second + opt.value_or(-1) * 100;
  o[4] = cuda::std::is_same<cuda::std::int32_t, int>::value + 2 * cuda::std::is_floating_point<double>::value +
         4 * cuda::std::is_integral<float>::value + 8 * cuda::std::is_unsigned<uint16_t>::value;
  o[5] = cuda::std::ratio<6, 4>::num * 10 + cuda::std::ratio<6, 4>::den + cuda::std::abs(-t);
  o[6] = cuda::std::distance(a.begin(), a.end()) + cuda::std::min(t, 3) + cuda::std::max(t, 5);
  int buf[2] = {0, 0};
  cuda::std::memcpy(buf, &pr, sizeof buf);
  o[7] = buf[0] * 1000 + buf[1] + (cuda::std::isnan(x[t] * cuda::std::numeric_limits<double>::infinity() * 0.0) ? 100000 : 0);
}
