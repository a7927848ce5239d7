# run: --kernel naive_matmul_kernel --grid 3,2 --block 16,16 A=@real_naive_matmul.A.npy B=@real_naive_matmul.B.npy C=zeros:float32:20x40 M=20:int32 N=40:int32 K=24:int32
# check: C tol=1e-5
# input: A = rng.random((20, 24)).astype(np.float32)
# input: B = rng.random((24, 40)).astype(np.float32)
# A real program (a GEMM benchmark): the naive kernel of the same RawModule (its second
# kernel holds the module), blockDim in the index, a float accumulator over K.
import cupy as cp

KERNEL_CODE = r"""
#define TILE_SIZE 16

extern "C" __global__ void naive_matmul_kernel(const float* A, const float* B, float* C,
												int M, int N, int K) {
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	if (row < M && col < N) {
		float sum = 0.0f;
		for (int k = 0; k < K; ++k) {
			sum += A[row * K + k] * B[k * N + col];
		}
		C[row * N + col] = sum;
	}
}

extern "C" __global__ void tiled_matmul_kernel(const float* A, const float* B, float* C,
												int M, int N, int K) {
	__shared__ float tileA[TILE_SIZE][TILE_SIZE];
	__shared__ float tileB[TILE_SIZE][TILE_SIZE];

	int row = blockIdx.y * TILE_SIZE + threadIdx.y;
	int col = blockIdx.x * TILE_SIZE + threadIdx.x;

	float sum = 0.0f;
	int tiles = (K + TILE_SIZE - 1) / TILE_SIZE;

	for (int t = 0; t < tiles; ++t) {
		int a_col = t * TILE_SIZE + threadIdx.x;
		int b_row = t * TILE_SIZE + threadIdx.y;

		if (row < M && a_col < K) {
			tileA[threadIdx.y][threadIdx.x] = A[row * K + a_col];
		} else {
			tileA[threadIdx.y][threadIdx.x] = 0.0f;
		}

		if (b_row < K && col < N) {
			tileB[threadIdx.y][threadIdx.x] = B[b_row * N + col];
		} else {
			tileB[threadIdx.y][threadIdx.x] = 0.0f;
		}

		__syncthreads();

		for (int k = 0; k < TILE_SIZE; ++k) {
			sum += tileA[threadIdx.y][k] * tileB[k][threadIdx.x];
		}

		__syncthreads();
	}

	if (row < M && col < N) {
		C[row * N + col] = sum;
	}
}
"""

module = cp.RawModule(code=KERNEL_CODE)
