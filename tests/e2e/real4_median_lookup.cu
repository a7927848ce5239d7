// run: --kernel median_rows --grid 4 --block 32 src=@real4_median_lookup.src.npy dest=zeros:uint8:4x20 cols=20:int32 r=2:int32
// check: dest
// input: src = rng.integers(0, 256, (4, 24)).astype(np.uint8)
// Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/filters/
// _median_hist.py and cuda/histogram_median.cu (043cf754): the histogram median's
// two-level lookup (8 coarse bins of 32 fine ones) on one warp: a prefix scan macro with
// __syncthreads inside, a find macro in which the one thread that finds the median writes
// the result through `int *` parameters that point at __shared__ ints, lookups that first
// clear those results from every thread (`*retval = *countAtMed = 0;`), and a caller that
// reads the coarse count into a local (`int leftOver = medPos - countAtMed;`) right before
// the fine lookup clears it: correct because the warp's lanes all read before any clears
// (they run in lock step), as the program relies on. Each block filters one row of 24
// samples with a window of 2r + 1 = 5 (the output's 20 columns).
#define HIST_INT_T short
#define COARSE 8
#define FINE 32
#define LOG2_FINE 5

#define scanNeighbor(array, range, index, threadIndex)         \
    {                                                          \
        HIST_INT_T v = 0;                                      \
        if (index <= threadIndex && threadIndex < range)       \
            v = array[threadIndex] + array[threadIndex-index]; \
        __syncthreads();                                       \
        if (index <= threadIndex && threadIndex < range)       \
            array[threadIndex] = v;                            \
    }

#define findMedian(array, range, threadIndex, result, count, position)         \
    if (threadIndex < range)                                                   \
    {                                                                          \
        if (array[threadIndex+1] > position && array[threadIndex] <= position) \
        {                                                                      \
            *result = threadIndex+1;                                           \
            *count  = array[threadIndex];                                      \
        }                                                                      \
    }

__device__ void coarseLookup(HIST_INT_T* H, HIST_INT_T* Hscan, const int medPos, int* retval,
                             int* countAtMed) {
    int tx = threadIdx.x;
    *retval = *countAtMed = 0;
    if (tx < COARSE) {
        Hscan[tx] = H[tx];
    }
    __syncthreads();
    scanNeighbor(Hscan, COARSE, 1, tx);
    __syncthreads();
    scanNeighbor(Hscan, COARSE, 2, tx);
    __syncthreads();
    scanNeighbor(Hscan, COARSE, 4, tx);
    __syncthreads();
    findMedian(Hscan, COARSE - 1, tx, retval, countAtMed, medPos);
}

__device__ void fineLookup(HIST_INT_T* H, HIST_INT_T* Hscan, const int medPos, int* retval,
                           int* countAtMed) {
    int tx = threadIdx.x;
    *retval = *countAtMed = 0;
    if (tx < FINE) {
        Hscan[tx] = H[tx];
    }
    __syncthreads();
    scanNeighbor(Hscan, FINE, 1, tx);
    __syncthreads();
    scanNeighbor(Hscan, FINE, 2, tx);
    __syncthreads();
    scanNeighbor(Hscan, FINE, 4, tx);
    __syncthreads();
    scanNeighbor(Hscan, FINE, 8, tx);
    __syncthreads();
    scanNeighbor(Hscan, FINE, 16, tx);
    __syncthreads();
    findMedian(Hscan, FINE - 1, tx, retval, countAtMed, medPos);
}

extern "C" __global__ void median_rows(const unsigned char* src, unsigned char* dest, int cols,
                                       int r) {
    __shared__ HIST_INT_T HCoarse[COARSE];
    __shared__ HIST_INT_T HScan[FINE];
    __shared__ HIST_INT_T HFine[FINE];
    __shared__ int firstBin, countAtMed, retval;
    const unsigned char* row = src + blockIdx.x * (cols + 2 * r);
    int tx = threadIdx.x;
    int medPos = r;                                // the middle of 2r + 1 samples

    for (int j = 0; j < cols; j++) {
        // the coarse histogram of the window row[j .. j + 2r]
        if (tx < COARSE) {
            HIST_INT_T c = 0;
            for (int k = j; k <= j + 2 * r; k++)
                c += (row[k] >> LOG2_FINE) == tx;
            HCoarse[tx] = c;
        }
        __syncthreads();
        coarseLookup(HCoarse, HScan, medPos, &firstBin, &countAtMed);
        __syncthreads();
        // the fine histogram of the coarse bin the median is in
        HIST_INT_T f = 0;
        for (int k = j; k <= j + 2 * r; k++)
            f += (row[k] >> LOG2_FINE) == firstBin && (row[k] & (FINE - 1)) == tx;
        HFine[tx] = f;
        __syncthreads();
        int leftOver = medPos - countAtMed;
        if (leftOver >= 0) {
            fineLookup(HFine, HScan, leftOver, &retval, &countAtMed);
        } else
            retval = 0;
        __syncthreads();
        if (tx == 0)
            dest[blockIdx.x * cols + j] = (firstBin << LOG2_FINE) + retval;
        __syncthreads();
    }
}
