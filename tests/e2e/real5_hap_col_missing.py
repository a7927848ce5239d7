# run: --kernel col_missing --grid 1 --block 256 hap=@real5_hap_col_missing.hap.npy stride0=40:int64 stride1=1:int64 n_hap=6:int32 n_var=40:int64 out=zeros:uint8:40
# check: out
# input: hap = np.where(rng.random((6, 40)) < 0.04, -1, rng.integers(0, 2, (6, 40))).astype(np.int8)
# Modelled on a published population-genetics package's haplotype statistics (Garud's
# H statistics with EM over missing calls, _haplotype_em.py): its RawModule of six
# kernels, whose code `.replace('@EM_THREADS@', str(_EM_THREADS))` completes (the text it
# makes is here, EM_THREADS 256: pykc run cannot evaluate a call the program makes; the
# Python package takes it), a __device__ __forceinline__ helper, signed char matrices
# read with byte strides, 64-bit offsets, get_function per kernel at module level.
# This case: col_missing as column_has_missing launches it (np.int64 strides, np.int32
# n_hap), a uint8 flag per variant, the loop over rows left at the first missing call.
import numpy as np
import cupy as cp

_EM_THREADS = 256

_module = cp.RawModule(code=r'''
#define EM_THREADS 256

__device__ __forceinline__ bool compatible(const signed char* a,
                                           const signed char* r,
                                           long long stride1,
                                           long long lo, long long hi) {
    for (long long v = lo; v < hi; v++) {
        signed char x = a[v * stride1];
        if (x >= 0 && x != r[v * stride1]) return false;
    }
    return true;
}

// One thread per variant; adjacent threads read adjacent bytes of a C-order
// row, so the reads coalesce.
extern "C" __global__
void col_missing(const signed char* hap, long long stride0, long long stride1,
                 int n_hap, long long n_var, unsigned char* out) {
    long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n_var) return;
    unsigned char m = 0;
    for (int h = 0; h < n_hap; h++) {
        if (hap[(long long)h * stride0 + v * stride1] < 0) {
            m = 1;
            break;
        }
    }
    out[v] = m;
}

// One thread per (window, row, segment); counts add into out[window, row].
extern "C" __global__
void window_row_missing(const signed char* hap, long long stride0,
                        long long stride1, const long long* starts,
                        const long long* stops, int n_hap, int n_windows,
                        long long max_seg, long long seg, int* out) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long per_w = (long long)n_hap * max_seg;
    if (t >= per_w * n_windows) return;
    int w = (int)(t / per_w);
    long long r = t % per_w;
    int h = (int)(r / max_seg);
    long long v0 = starts[w] + (r % max_seg) * seg;
    long long hi = stops[w];
    if (v0 >= hi) return;
    long long v1 = v0 + seg < hi ? v0 + seg : hi;
    const signed char* row = hap + (long long)h * stride0;
    int c = 0;
    for (long long v = v0; v < v1; v++) {
        if (row[v * stride1] < 0) c++;
    }
    if (c) atomicAdd(out + (long long)w * n_hap + h, c);
}

// One thread per incomplete row: the number of compatible groups in its
// window and the first of them.
extern "C" __global__
void compat_count(const signed char* hap, long long stride0, long long stride1,
                  const long long* starts, const long long* stops,
                  const long long* inc_w, const long long* inc_row, long long n_inc,
                  const long long* goff, const long long* reps,
                  int* n_compat, long long* first) {
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n_inc) return;
    long long w = inc_w[k];
    const signed char* a = hap + inc_row[k] * stride0;
    int c = 0;
    long long f = -1;
    for (long long g = goff[w]; g < goff[w + 1]; g++) {
        if (compatible(a, hap + reps[g] * stride0, stride1, starts[w], stops[w])) {
            if (c == 0) f = g;
            c++;
        }
    }
    n_compat[k] = c;
    first[k] = f;
}

// One thread per row with two or more compatible groups: their ids, in
// group order, at out[off[a] .. off[a + 1]).
extern "C" __global__
void compat_fill(const signed char* hap, long long stride0, long long stride1,
                 const long long* starts, const long long* stops,
                 const long long* inc_w, const long long* inc_row,
                 const long long* amb, long long n_amb,
                 const long long* goff, const long long* reps,
                 const long long* off, long long* out) {
    long long a = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (a >= n_amb) return;
    long long k = amb[a];
    long long w = inc_w[k];
    const signed char* x = hap + inc_row[k] * stride0;
    long long j = off[a];
    for (long long g = goff[w]; g < goff[w + 1]; g++) {
        if (compatible(x, hap + reps[g] * stride0, stride1, starts[w], stops[w])) {
            out[j++] = g;
        }
    }
}

// One block per window runs EM to convergence. fixed[g] holds the complete
// rows of group g plus the rows compatible with g alone. The ambiguous rows
// of the window are amb_off[w] .. amb_off[w + 1], each with its compatible
// groups at csr_g[csr_off[a] .. csr_off[a + 1]). The transpose lists, for
// each group g, the ambiguous rows compatible with it, in row order, at
// t_row[t_off[g] .. t_off[g + 1]). Each step first finds every ambiguous
// row's inverse total 1 / sum p, then each group gathers its share in a
// fixed order: no atomics, so a run repeats bit for bit.
extern "C" __global__
void em_windows(const long long* goff, const long long* amb_off,
                const long long* csr_off, const long long* csr_g,
                const long long* t_off, const long long* t_row,
                const double* n_g, const double* fixed,
                const double* n_complete, const double* total,
                double tol, int max_iter,
                double* p, double* inv_den, double* counts) {
    __shared__ double red[EM_THREADS];
    int w = blockIdx.x;
    int tid = threadIdx.x;
    long long g0 = goff[w], g1 = goff[w + 1];
    long long a0 = amb_off[w], a1 = amb_off[w + 1];
    double T = total[w];
    if (a0 == a1) {
        for (long long g = g0 + tid; g < g1; g += EM_THREADS) counts[g] = fixed[g];
        return;
    }
    for (long long g = g0 + tid; g < g1; g += EM_THREADS) {
        p[g] = n_g[g] / n_complete[w];
    }
    __syncthreads();
    for (int it = 0; it < max_iter; it++) {
        for (long long a = a0 + tid; a < a1; a += EM_THREADS) {
            double den = 0.0;
            for (long long j = csr_off[a]; j < csr_off[a + 1]; j++) den += p[csr_g[j]];
            inv_den[a] = 1.0 / den;
        }
        __syncthreads();
        double change = 0.0;
        for (long long g = g0 + tid; g < g1; g += EM_THREADS) {
            double share = 0.0;
            for (long long t = t_off[g]; t < t_off[g + 1]; t++) share += inv_den[t_row[t]];
            double q = (fixed[g] + p[g] * share) / T;
            change = fmax(change, fabs(q - p[g]));
            p[g] = q;
        }
        red[tid] = change;
        __syncthreads();
        for (int s = EM_THREADS / 2; s > 0; s >>= 1) {
            if (tid < s) red[tid] = fmax(red[tid], red[tid + s]);
            __syncthreads();
        }
        double m = red[0];
        __syncthreads();
        if (m < tol) break;
    }
    for (long long g = g0 + tid; g < g1; g += EM_THREADS) counts[g] = p[g] * T;
}

// One thread per window: sum of squared frequencies, the three largest
// frequencies and the distinct count, from the group counts and singletons.
extern "C" __global__
void window_moments(const long long* goff, const double* counts,
                    const long long* n_single, const long long* n_complete,
                    int n_windows, double n,
                    double* sum_f2, double* top0, double* top1, double* top2,
                    double* n_distinct) {
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= n_windows) return;
    if (n_complete[w] == 0) {
        double nan = __longlong_as_double(0x7ff8000000000000LL);
        sum_f2[w] = nan; top0[w] = nan; top1[w] = nan; top2[w] = nan;
        n_distinct[w] = nan;
        return;
    }
    double s = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0;
    long long ns = n_single[w];
    // Groups first, then up to three singletons (count 1 each): more
    // singletons cannot enter the top three.
    long long n_top = goff[w + 1] - goff[w] + (ns < 3 ? ns : 3);
    for (long long i = 0; i < n_top; i++) {
        long long g = goff[w] + i;
        double c = g < goff[w + 1] ? counts[g] : 1.0;
        if (c > t0) { t2 = t1; t1 = t0; t0 = c; }
        else if (c > t1) { t2 = t1; t1 = c; }
        else if (c > t2) { t2 = c; }
    }
    for (long long g = goff[w]; g < goff[w + 1]; g++) s += counts[g] * counts[g];
    s += (double)ns;
    sum_f2[w] = s / (n * n);
    top0[w] = t0 / n; top1[w] = t1 / n; top2[w] = t2 / n;
    n_distinct[w] = (double)(goff[w + 1] - goff[w] + ns);
}
''')

_col_missing = _module.get_function('col_missing')
_window_moments = _module.get_function('window_moments')
