# run: --kernel bandconv --grid 1 --block 128 n=9:int64 inverse=False:bool freq_bands=@real5_remez_bandconv.freq_bands.npy band_bounds=@real5_remez_bandconv.band_bounds.npy in=@real5_remez_bandconv.in.npy out=zeros:float64:9 mapping=zeros:int64:9 out_space=@real5_remez_bandconv.out_space.npy
# check: out mapping out_space tol=1e-15
# input: freq_bands = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2], dtype=np.int64)
# input: band_bounds = np.array([3, 6, 9], dtype=np.int64)
# input: in = rng.random(9) * np.pi
# input: out_space = np.array([False, True, False, False, True, True, False, False, True])
# Modelled on a published CuPy port of the Remez (Parks-McClellan) filter design (a
# cupyx.scipy.signal remez draft, parks_mclellan_bp): its RawKernel unchanged, launched as
# parks_mclellan_bp launches it: a parameter named
# `in` (a Python keyword, a C++ name), cos/acos chosen by a bool parameter given False,
# long long indices narrowed to int, a bool array toggled with !.
import cupy  # NOQA


ker_bandconv = cupy.RawKernel(r'''
extern "C" __global__ void bandconv(
    int n, bool inverse, const long long* freq_bands,
    const long long* band_bounds, const double* in,
    double* out, long long* mapping, bool* out_space
) {
    int idx = blockDim.x * blockIdx.x + threadIdx.x;
    if(idx >= n) {
        return;
    }

    int inv_pos = n - 1 - idx;
    int band = freq_bands[inv_pos];
    int band_bound = band_bounds[band];
    int act_pos = band_bound - 1 - inv_pos;
    int band_start = band == 0 ? 0 : band_bounds[band - 1];

    if(inverse) {
        out[idx] = acos(in[act_pos + band_start]);
    } else {
        out[idx] = cos(in[act_pos + band_start]);
    }
    mapping[idx] = act_pos + band_start;
    out_space[idx] = !out_space[idx];
}
''', 'bandconv')
