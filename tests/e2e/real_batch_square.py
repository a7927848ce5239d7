# run: --kernel batch_square a=@real_batch_square.a.npy
# check: out tol=1e-12
# input: a = rng.standard_normal((3, 4, 9))
# A real program (GPU4PySCF's density functional code): a fuse function indexing its
# argument by an int (a[0], a[1], a[2]: views of the first axis) and squaring with **2.
import cupy


@cupy.fuse()
def batch_square(a):
    return a[0]**2 + a[1]**2 + a[2]**2
