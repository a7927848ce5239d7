# run: --kernel lt x=@real5_count_votes.x.npy y=zeros:float32:4 --axis 1
# check: y
# input: x = rng.integers(0, 10, (4, 9)).astype(np.uint8)
# Modelled on a published histogram-equalisation package (hist.exact, "count votes" of
# Eramian and Mould's neighbourhood metrics): its ReductionKernel as the memoized factory
# builds it for invert=False, the map `'_raw_x[_in_ind.size()/2]{}x'.format(sign)` (the raw
# view of the input, indexed at the middle of the whole reduction's index space, compared
# with each element), reduce_type='int' for a sum of bools, an output array of another
# type (float32 votes for uint8 pixels), called directly over axis 1. The map is the text
# `.format(sign)` makes (pykc run cannot evaluate a call the program makes; the Python
# package's pykc.ReductionKernel takes the factory as written). CuPy's _raw_x is the input
# transposed to (reduce axes, out axes): the middle element is x[2, 4], not x[2, 0].
import cupy


lt = cupy.ReductionKernel('X x', 'Y y',
                          '_raw_x[_in_ind.size()/2]<x',
                          'a + b', 'y = a', '0', 'lt', reduce_type='int')
