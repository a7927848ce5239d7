// tests/cli/jit_thrust.sh: CCCL's thrust (thrust::seq, compiled for the host by g++) over CuPy's
// float16 class, running the pending jit_thrust_half_* cases' calls as cupyx.jit's C++ spells
// them (a float16 constant is a float, x[i][k] is the class, 1 is long long): raw rows on
// stdin, raw results on stdout, compared bit for bit with pykc's CPU backend.
#include <thrust/binary_search.h>
#include <thrust/adjacent_difference.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/inner_product.h>
#include <thrust/reduce.h>
#include <thrust/replace.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/detail/sequential/stable_merge_sort.h>
#include <thrust/unique.h>
#include <cstdio>
#include <cstring>
#include <vector>

// CuPy's float16 class (cupy/float16.cuh) on the host: its arithmetic and comparisons go
// through its conversion to float; a value stored rounds to half (round to nearest even)
class float16 {
  _Float16 data_;
public:
  float16() {}
  float16(float v) : data_((_Float16)v) {}
  explicit float16(double v) : data_((_Float16)v) {}
  explicit float16(int v) : data_((_Float16)v) {}
  explicit float16(long long v) : data_((_Float16)v) {}
  operator float() const { return (float)data_; }
  float16 &operator=(const float16 &) = default;
  template <typename T> float16 &operator=(const T &rhs) { *this = static_cast<float16>(rhs); return *this; }
};

// thrust's sort as device code runs it (the iterative merge sort: on the host thrust::seq
// recurses instead)
namespace ms = thrust::system::detail::sequential::stable_merge_sort_detail;
static thrust::detail::seq_t &seq = const_cast<thrust::detail::seq_t &>(thrust::seq);
static void dsort(float16 *a, int n) { ms::iterative_stable_merge_sort(seq, a, a + n, thrust::less<float16>()); }
static void dsort_by_key(float16 *a, int n, int *v) {
  ms::iterative_stable_merge_sort_by_key(seq, a, a + n, v, thrust::less<float16>());
}

template <typename T> static std::vector<T> in(size_t n) {
  std::vector<T> v(n);
  if (fread(v.data(), sizeof(T), n, stdin) != n)
    exit(1);
  return v;
}
template <typename T> static void out(const std::vector<T> &v) { fwrite(v.data(), sizeof(T), v.size(), stdout); }

int main(int argc, char **argv) {
  typedef float16 *P;
  if (!strcmp(argv[1], "accum")) {             // x (32, 64) -> r (32, 7) f4, s (32, 64), e (32, 2, 64)
    auto x = in<float16>(32 * 64);
    std::vector<float> r(32 * 7);
    std::vector<float16> s(32 * 64, float16(0.0f)), e(32 * 2 * 64, float16(0.0f));
    for (int i = 0; i < 32; i++) {
      P lo = &x[i * 64], hi = lo + 64;
      float *ri = &r[i * 7];
      ri[0] = thrust::reduce(thrust::seq, lo, hi);
      ri[1] = thrust::reduce(thrust::seq, lo, hi, 0.25f);
      ri[2] = thrust::reduce(thrust::seq, lo, hi, (float)0.25);
      ri[3] = thrust::reduce(thrust::seq, lo + 1, hi, lo[0]);
      ri[4] = (float)thrust::reduce(thrust::seq, lo, hi, 1ll);
      ri[5] = thrust::inner_product(thrust::seq, lo, hi, lo, 0.0f);
      ri[6] = thrust::inner_product(thrust::seq, lo + 1, hi, lo + 1, lo[0]);
      thrust::inclusive_scan(thrust::seq, lo, hi, &s[i * 64]);
      thrust::exclusive_scan(thrust::seq, lo, hi, &e[i * 128], 1.5f);
      thrust::exclusive_scan(thrust::seq, lo + 1, hi, &e[i * 128 + 64], lo[0]);
    }
    out(r), out(s), out(e);
  } else if (!strcmp(argv[1], "sort")) {       // x (3, 32, 75), v (32, 75) -> x, v, f (32, 8) i4
    auto x = in<float16>(3 * 32 * 75);
    auto v = in<int>(32 * 75);
    std::vector<int> f(32 * 8);
    for (int i = 0; i < 32; i++) {
      P a = &x[i * 75], b = &x[(32 + i) * 75], c = &x[(64 + i) * 75];
      dsort(a, 75);
      dsort(b, 75);
      dsort_by_key(c, 75, &v[i * 75]);
      P lo = b, hi = b + 75;
      int *fi = &f[i * 8];
      fi[0] = thrust::lower_bound(thrust::seq, lo, hi, (float)0.0) - lo;
      fi[1] = thrust::upper_bound(thrust::seq, lo, hi, (float)-0.0) - lo;
      fi[2] = thrust::lower_bound(thrust::seq, lo, hi, (float)2.0) - lo;
      fi[3] = thrust::upper_bound(thrust::seq, lo, hi, lo[40]) - lo;
      fi[4] = thrust::binary_search(thrust::seq, lo, hi, (float)0.5);
      fi[5] = thrust::is_sorted(thrust::seq, lo, hi);
      fi[6] = thrust::is_sorted_until(thrust::seq, lo, hi) - lo;
      fi[7] = thrust::count(thrust::seq, lo, hi, (float)-0.0);
    }
    out(x), out(v), out(f);
  } else {                                      // misc: x (32, 40) -> y (4, 32, 40), c (32, 6) i4
    auto x = in<float16>(32 * 40);
    std::vector<float16> y(4 * 32 * 40, float16(0.0f));
    std::vector<int> c(32 * 6);
    for (int i = 0; i < 32; i++) {
      P lo = &x[i * 40], hi = lo + 40;
      P y0 = &y[i * 40], y1 = &y[(32 + i) * 40], y2 = &y[(64 + i) * 40], y3 = &y[(96 + i) * 40];
      thrust::copy(thrust::seq, lo, hi, y0);
      thrust::copy(thrust::seq, lo, hi, y1);
      thrust::replace(thrust::seq, y1, y1 + 40, 1.0f, -7.5f);
      thrust::adjacent_difference(thrust::seq, lo, hi, y2);
      thrust::sequence(thrust::seq, y3, y3 + 40, (float)float16(0.1), (float)float16(0.3));
      int *ci = &c[i * 6];
      ci[0] = thrust::count(thrust::seq, lo, hi, 0.0f);
      ci[1] = thrust::count(thrust::seq, lo, hi, 2ll);
      ci[2] = thrust::count(thrust::seq, lo, hi, lo[0]);
      ci[3] = thrust::find(thrust::seq, lo, hi, -0.0f) - lo;
      ci[4] = thrust::find(thrust::seq, lo, hi, 1000.0f) - lo;
      ci[5] = thrust::unique(thrust::seq, y0, y0 + 40) - y0;
    }
    out(y), out(c);
  }
  return 0;
}
