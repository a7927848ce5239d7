# run: --kernel median --grid 1,1 --block 16,16 src=@real_mv_median.src.npy dst=zeros:int32:60 bw=6:int32 bh=5:int32
# check: dst
# input: src = rng.integers(-9, 10, 60).astype(np.int32)
# A real program (a GPU motion-vector frame interpolator): a RawModule of five kernels
# with --use_fast_math, a __device__ helper sorting a local int[9] (a partial selection
# sort), clamped 3x3 neighbourhoods, two vector components.
import cupy as cp

_SRC = r"""
extern "C" {

__global__ void luma(const float* rgb, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 0.2126f * rgb[i] + 0.7152f * rgb[n + i] + 0.0722f * rgb[2 * n + i];
}

__global__ void down2(const float* src, float* dst, int sw, int sh, int dw, int dh) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    int x0 = min(2 * x, sw - 1), x1 = min(2 * x + 1, sw - 1);
    int y0 = min(2 * y, sh - 1), y1 = min(2 * y + 1, sh - 1);
    dst[y * dw + x] = 0.25f * (src[y0 * sw + x0] + src[y0 * sw + x1]
                               + src[y1 * sw + x0] + src[y1 * sw + x1]);
}

__device__ __forceinline__ float px(const float* p, int w, int h, int x, int y) {
    x = min(max(x, 0), w - 1); y = min(max(y, 0), h - 1);
    return p[y * w + x];
}

// one CUDA block per image block; one thread per candidate vector
// cand: predictors (from the parent level, already scaled) x refinement window
__global__ void search(const float* a, const float* c, int w, int h, int bw, int bh,
                       const int* parent, int pw, int ph, int radius, int npred,
                       int* out, float* cost) {
    int bx = blockIdx.x, by = blockIdx.y;
    if (bx >= bw || by >= bh) return;
    int win = 2 * radius + 1;
    int per = win * win;
    int k = threadIdx.x;
    extern __shared__ float sh[];
    float* best = sh;                 // blockDim.x
    int* bestv = (int*)(sh + blockDim.x);
    float s = 3.4e38f; int ux = 0, uy = 0;
    if (k < npred * per) {
        int pi = k / per, r = k % per;
        int px0 = 0, py0 = 0;
        if (radius == 1) {
            // finer levels: the doubled vectors of the parent block and its 4 neighbours
            int dx[5] = {0, -1, 1, 0, 0}, dy[5] = {0, 0, 0, -1, 1};
            int qx = min(max(bx / 2 + dx[pi], 0), pw - 1);
            int qy = min(max(by / 2 + dy[pi], 0), ph - 1);
            px0 = 2 * parent[2 * (qy * pw + qx)];
            py0 = 2 * parent[2 * (qy * pw + qx) + 1];
        }
        ux = px0 + r % win - radius; uy = py0 + r / win - radius;
        s = 0.f;
        int x0 = bx * 8, y0 = by * 8;
        for (int j = 0; j < 8; ++j)
            for (int i = 0; i < 8; ++i) {
                int x = x0 + i, y = y0 + j;
                s += fabsf(px(a, w, h, x - ux, y - uy) - px(c, w, h, x + ux, y + uy));
            }
        // a little bias towards short vectors (less noise on flat areas)
        s += 0.002f * (abs(ux) + abs(uy));
    }
    best[k] = s; bestv[2 * k] = ux; bestv[2 * k + 1] = uy;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (k < stride && best[k + stride] < best[k]) {
            best[k] = best[k + stride];
            bestv[2 * k] = bestv[2 * (k + stride)]; bestv[2 * k + 1] = bestv[2 * (k + stride) + 1];
        }
        __syncthreads();
    }
    if (k == 0) {
        out[2 * (by * bw + bx)] = bestv[0]; out[2 * (by * bw + bx) + 1] = bestv[1];
        cost[by * bw + bx] = best[0];
    }
}

__device__ int med9(int* v) {
    for (int i = 0; i < 5; ++i)
        for (int j = i + 1; j < 9; ++j)
            if (v[j] < v[i]) { int t = v[i]; v[i] = v[j]; v[j] = t; }
    return v[4];
}

__global__ void median(const int* src, int* dst, int bw, int bh) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= bw || y >= bh) return;
    for (int c = 0; c < 2; ++c) {
        int v[9], n = 0;
        for (int j = -1; j <= 1; ++j)
            for (int i = -1; i <= 1; ++i) {
                int xx = min(max(x + i, 0), bw - 1), yy = min(max(y + j, 0), bh - 1);
                v[n++] = src[2 * (yy * bw + xx) + c];
            }
        dst[2 * (y * bw + x) + c] = med9(v);
    }
}

__device__ float bil(const float* p, int w, int h, float x, float y) {
    x = fminf(fmaxf(x, 0.f), w - 1.001f); y = fminf(fmaxf(y, 0.f), h - 1.001f);
    int x0 = (int)x, y0 = (int)y; float fx = x - x0, fy = y - y0;
    const float* r0 = p + y0 * w; const float* r1 = r0 + w;
    return (r0[x0] * (1 - fx) + r0[x0 + 1] * fx) * (1 - fy)
         + (r1[x0] * (1 - fx) + r1[x0 + 1] * fx) * fy;
}

// render one in-between frame at time t from per-block half-vectors u (full size)
__global__ void render(const float* a, const float* c, float* out, int w, int h, int planes,
                       const int* u, int bw, int bh, float t) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    // bilinear vector interpolation between block centres
    float gx = (x + 0.5f) / 8.f - 0.5f, gy = (y + 0.5f) / 8.f - 0.5f;
    int x0 = (int)floorf(gx), y0 = (int)floorf(gy); float fx = gx - x0, fy = gy - y0;
    float ux = 0.f, uy = 0.f;
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
            int bx = min(max(x0 + i, 0), bw - 1), by = min(max(y0 + j, 0), bh - 1);
            float wgt = (i ? fx : 1 - fx) * (j ? fy : 1 - fy);
            ux += wgt * u[2 * (by * bw + bx)]; uy += wgt * u[2 * (by * bw + bx) + 1];
        }
    // u is half the A→C motion on the middle grid: A at x - 2t·u, C at x + 2(1-t)·u
    float ax = x - 2.f * t * ux, ay = y - 2.f * t * uy;
    float cx = x + 2.f * (1 - t) * ux, cy = y + 2.f * (1 - t) * uy;
    int n = w * h;
    for (int p = 0; p < planes; ++p)
        out[p * n + y * w + x] = (1 - t) * bil(a + p * n, w, h, ax, ay)
                               + t * bil(c + p * n, w, h, cx, cy);
}
}
"""


mod = cp.RawModule(code=_SRC, options=("--use_fast_math",))
