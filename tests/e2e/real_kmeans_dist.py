# run: --kernel calc_distances data=@real_kmeans_dist.data.npy centers=@real_kmeans_dist.centers.npy dim=2 dist=zeros:float32:50x2
# check: dist tol=1e-6
# input: data = rng.random((50, 2)).astype(np.float32)
# input: centers = rng.random((2, 2)).astype(np.float32)
# A real program (CuPy's k-means example): raw arrays indexed by C arrays of indices
# (`centers[cent_ind1]`), atomicAdd of a double into a float raw output.
import cupy
import numpy


def distances(X, centers, data_num, n_clusters):
    distances = cupy.zeros((data_num, n_clusters), dtype=numpy.float32)
    cupy.ElementwiseKernel(
        'S data, raw S centers, int32 dim', 'raw S dist',
        '''
        int cent_ind1[] = {0, i % dim};
        int cent_ind2[] = {1, i % dim};
        int dist_ind1[] = {i / dim, 0};
        int dist_ind2[] = {i / dim, 1};
        double diff1 = centers[cent_ind1] - data;
        double diff2 = centers[cent_ind2] - data;
        atomicAdd(&dist[dist_ind1], diff1 * diff1);
        atomicAdd(&dist[dist_ind2], diff2 * diff2);
        ''',
        'calc_distances'
    )(X, centers, X.shape[1], distances)
    return distances
