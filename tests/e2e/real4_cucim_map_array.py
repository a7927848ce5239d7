# run: --kernel _map_array x=@real4_cucim_map_array.x.npy in_vals=@real4_cucim_map_array.in_vals.npy out_vals=@real4_cucim_map_array.out_vals.npy nvals=4 y=zeros:float32:5x6
# check: y
# input: x = rng.integers(0, 9, (5, 6)).astype(np.int64)
# input: in_vals = np.array([1, 3, 5, 8], np.int64)
# input: out_vals = np.array([0.5, -3.0, 7.25, 100.0], np.float32)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/util/_map_array.py
# (043cf754): skimage's map_array as a module-level ElementwiseKernel, its parameters given
# by keyword (in_params=, out_params=, operation=, name=): every input `raw` (the label
# image, the values to map from, the values to map to), `int32 nvals` given a Python int,
# the output allocated by the caller (its size is the loop's), a search loop with break
# and `Y out_val = 0` for the values that are not mapped.
import cupy as cp

_map_array = cp.ElementwiseKernel(
    in_params="raw X x, raw X in_vals, raw Y out_vals, int32 nvals",
    out_params="Y y",
    operation="""
    int j;
    Y out_val = 0;  // a value not in in_vals maps to zero
    for (j = 0; j < nvals; j++)
    {
        if (in_vals[j] == x[i])
        {
            out_val = out_vals[j];
            break;
        }
    }
    y = out_val;
    """,
    name="cucim_skimage_util_map_array",
)
