# run: --kernel threshold_and_cluster2 --grid 1 --block 8 outv=@real4_pycbc_cluster.outv.npy outl=@real4_pycbc_cluster.outl.npy threshold=4.0:float32 window=100:int32
# check: outl
# input: outv = (rng.standard_normal(8) * 3 + 1j * rng.standard_normal(8) * 3).astype(np.complex64)
# input: outl = (np.arange(8) * 100 + rng.integers(0, 100, 8)).astype(np.int32)
# Modelled on github.com/gwastro/pycbc, pycbc/events/threshold_cupy.py (39db77cbe): the
# trigger search's second kernel, one thread per window's candidate in one block (the
# number of windows rendered into the text by mako, here 8): each thread stores its
# candidate's power in a __shared__ array and, with no barrier, drops its candidate when a
# neighbour's is louder, reading what the neighbouring lanes of its warp stored just
# before (their lock step); a candidate marked -1 returns at once.
import cupy as cp

tkernel2 = cp.RawKernel(r"""
extern "C" __global__ void threshold_and_cluster2(float2* outv, int* outl, float threshold,
                                                  int window) {
    __shared__ int loc[8];
    __shared__ float val[8];

    int i = threadIdx.x;
    int l = outl[i];
    loc[i] = l;
    if (l == -1)
        return;

    val[i] = outv[i].x * outv[i].x + outv[i].y * outv[i].y;

    // a louder neighbour on the right, then on the left, takes this window's place
    if ((i < (8 - 1)) && (val[i + 1] > val[i])) {
        outl[i] = -1;
        return;
    }
    if ((i > 0) && (val[i - 1] > val[i])) {
        outl[i] = -1;
        return;
    }
}
""", "threshold_and_cluster2", backend="nvcc")
