# run: --kernel center_update --grid 3 --block 4 data=@real3_fcm_center.data.npy U=@real3_fcm_center.U.npy new_centers=zeros:float64:3x4 n_samples=10:int64 n_features=4:int64 n_clusters=3:int64
# check: new_centers
# input: data = rng.standard_normal((10, 4))
# input: U = rng.random((10, 3)) ** 2.0
# A published program (fuzzy c-means on the GPU): the kernels of class FCMKernels,
# unchanged, each made on first use in a classmethod and cached on the class
# (`cls._center_kernel = cp.RawKernel(...)`). compute_centers_gpu launches center_update
# with Python ints for its three `int` parameters: CuPy passes each as an 8-byte integer
# through cuLaunchKernel's kernelParams, whose driver copies the 4 bytes an `int` takes
# (`:int64` on the run line). The objective kernel passes its name where the identity
# goes (see real3_fcm_objective).
import cupy as cp


class FCMKernels:
    _mem_kernel = None
    _center_kernel = None
    _dist_kernel = None
    _obj_kernel = None

    @classmethod
    def get_membership_update_kernel(cls):
        if cls._mem_kernel is not None:
            return cls._mem_kernel
        cls._mem_kernel = cp.ElementwiseKernel(
            "float64 dist, float64 inv_exponent",
            "float64 membership",
            "membership = pow(dist, inv_exponent)",
            "membership_update",
        )
        return cls._mem_kernel

    @classmethod
    def get_center_update_kernel(cls):
        if cls._center_kernel is not None:
            return cls._center_kernel
        cls._center_kernel = cp.RawKernel(r"""
        extern "C" __global__
        void center_update(
            const double* data, const double* U, double* new_centers,
            int n_samples, int n_features, int n_clusters
        ) {
            int c = blockIdx.x;
            int f = threadIdx.x;
            if (c >= n_clusters || f >= n_features) return;

            double num = 0.0;
            double den = 0.0;
            for (int i = 0; i < n_samples; i++) {
                double u = U[i * n_clusters + c];
                num += u * data[i * n_features + f];
                den += u;
            }
            new_centers[c * n_features + f] = (den > 1e-15) ? num / den : 0.0;
        }
        """, "center_update")
        return cls._center_kernel

    @classmethod
    def get_objective_kernel(cls):
        if cls._obj_kernel is not None:
            return cls._obj_kernel
        cls._obj_kernel = cp.ReductionKernel(
            "float64 val",
            "float64 obj",
            "val",
            "a + b",
            "obj = 0.0",
            "objective_function",
        )
        return cls._obj_kernel


def compute_centers_gpu(data, U, fuzziness):
    n_samples, n_features = data.shape
    n_clusters = U.shape[1]

    Um = U ** fuzziness
    new_centers = cp.zeros((n_clusters, n_features), dtype=cp.float64)

    kernel = FCMKernels.get_center_update_kernel()
    block = (n_features,)
    grid = (n_clusters,)
    kernel(grid, block, (data, Um, new_centers, n_samples, n_features, n_clusters))

    return new_centers
