# run: --kernel compute_ma_gpu --grid 1,3 --block 4 ma_maps=zeros:float32:1x3x40 ijks=@real3_nimare_ma.ijks.npy kernels=@real3_nimare_ma.kernels.npy exp_starts=@real3_nimare_ma.exp_starts.npy exp_lens=@real3_nimare_ma.exp_lens.npy mask_idx_mapping=@real3_nimare_ma.mask_idx_mapping.npy shape0=4 shape1=5 shape2=6 mid=1 mid1=2
# check: ma_maps
# input: ijks = np.array([[[0, 0, 0], [3, 4, 5], [0, 4, 5], [3, 0, 2], [0, 4, 1], [3, 0, 5], [1, 1, 1], [1, 1, 4], [3, 4, 2]]], dtype=np.int32)
# input: kernels = rng.random((3, 3, 3, 3)).astype(np.float32)
# input: exp_starts = np.array([0, 4, 6], dtype=np.int32)
# input: exp_lens = np.array([4, 2, 3], dtype=np.int32)
# input: mask_idx_mapping = (lambda m: np.where(m, np.cumsum(m).reshape(m.shape) - 1, -1).astype(np.int32))(np.arange(120).reshape(4, 5, 6) % 3 == 0)
# A published program (nimare_gpu, NiMARE's ALE on the GPU): compute_ma_gpu, the ALE
# meta-analysis's modelled-activation maps, unchanged: permutations by blockIdx.x,
# experiments by blockIdx.y and foci by threadIdx.x; a docstring, Python's max/min of
# int32 values and of float32 array elements, a chain of `&` over twelve comparisons in
# parentheses, triple-nested range loops, 3-d and 4-d indexing with computed indices, a
# mapping array whose -1 marks voxels outside the mask. dALE._fit launches it with
# Python ints for the shape and mid. The foci of one experiment are 3 voxels apart (their
# kernels' cubes do not meet: concurrent read-max-writes of one voxel would race). CuPy
# 14.2 with NumPy 2 refuses it as published (`i_peak < exp_lens[i_exp]`, uint32 with
# int32: "Cannot cast from 'int32' to uint32 with casting rule same_kind"); pykc computes
# it in uint32 (docs/language.md §2.6, extension), checked against tools/jit_models.py.
import cupy
from cupyx import jit


@jit.rawkernel()
def compute_ma_gpu(
        ma_maps, ijks,
        kernels, exp_starts, exp_lens,
        mask_idx_mapping,
        shape0, shape1, shape2,
        mid, mid1):
    """
    Calculate MA maps on GPU by parallelizing across permutations (block.X),
    experiments (block.Y) and foci (thread)

    ma_maps: (cp.ndarray) (n_perm, n_exp, n_voxels_in_mask)
        MA maps of the current batch of permutations for each experiment
    ijks: (cp.ndarray) (n_perm, n_peak, 3)
        ijk coordinates of peaks for each permutation (can be true or random)
    kernels: (cp.ndarray) (n_exp, kernel_size, kernel_size, kernel_size)
        kernels for each experiment. 
        Note that kernel_size must be the same for all experiments. Therefore
        do not clip out zeros from kernels.
    exp_starts: (cp.ndarray) (n_exp,)
        start index of each experiment in ijks
    exp_lens: (cp.ndarray) (n_exp,)
        number of peaks in each experiment
    mask_idx_mapping: (cp.ndarray) (shape0, shape1, shape2)
        mapping from ijk coordinates to voxel index in mask, i.e.,
        mask_xyz_map[i, j, k] = voxel_index_in_mask if voxel is in mask, otherwise -1
    shape0, shape1, shape2: (int)
        shape of template
    mid, mid1: (int)
        mid = kernel_size // 2
        mid1 = kernel_size - mid
        as kernel size is fixed these should be precalculated on cpu
        to avoid repeated calculation in the gpu
    """
    i_perm = jit.blockIdx.x # index of permutation in ma_maps
    i_exp = jit.blockIdx.y # index of experiment
    i_peak = jit.threadIdx.x # index of peak coordinate within current experiment
    
    # only run if i_peak is a valid index
    if i_peak < exp_lens[i_exp]: 
        # get the global index of peak across all experiments
        peak_idx=exp_starts[i_exp]+i_peak 
        # identify valid voxels around the peak within
        # the range of the kernel
        i = ijks[i_perm, peak_idx, 0]
        j = ijks[i_perm, peak_idx, 1]
        k = ijks[i_perm, peak_idx, 2]
        xl = max(i - mid, 0)
        xh = min(i + mid1, shape0)
        yl = max(j - mid, 0)
        yh = min(j + mid1, shape1)
        zl = max(k - mid, 0)
        zh = min(k + mid1, shape2)
        xlk = mid - (i - xl)
        xhk = mid - (i - xh)
        ylk = mid - (j - yl)
        yhk = mid - (j - yh)
        zlk = mid - (k - zl)
        zhk = mid - (k - zh)

        if (
            (xl >= 0)
            & (xh >= 0)
            & (yl >= 0)
            & (yh >= 0)
            & (zl >= 0)
            & (zh >= 0)
            & (xlk >= 0)
            & (xhk >= 0)
            & (ylk >= 0)
            & (yhk >= 0)
            & (zlk >= 0)
            & (zhk >= 0)
        ):
            for xi in range(xh-xl):
                for yi in range(yh-yl):
                    for zi in range(zh-zl):
                        # loop through all voxels in the kernel
                        # and update MA map if voxel is in mask
                        # `vox` is the index of voxel in mask
                        vox = mask_idx_mapping[xl+xi, yl+yi, zl+zi]
                        if vox!=-1: 
                            ma_maps[i_perm, i_exp, vox] = max(
                                ma_maps[i_perm, i_exp, vox], kernels[i_exp, xlk+xi, ylk+yi, zlk+zi]
                            ) 
