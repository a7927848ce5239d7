# Kernel forms in the shapes real CuPy programs write them (tests/cli/data/real_forms.py):
# specs over several lines, backslash continuations in a snippet, a kernel with no inputs
# whose given output decides T and whose loop_prep reads _ind.size(), a form bound to an
# attribute in a method and another to `cls._k` in a classmethod through a module fetched
# at run time (`xp = _get_module()`), a raw input with a loop, an in-place output with a
# broadcast mask, factories with a local `import cupy as cp`, keyword arguments; a form
# whose code is built from a parameter (an f-string) cannot be built, which blocks none of
# the others and is reported when asked for; a form built and called in one expression;
# translate_cucomplex; a RawKernel that syncs its grid. Run on the CPU backend, checked
# with NumPy.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
P=tests/cli/data/real_forms.py
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 8 "$T/out"; }
}
expect 0 "dst = [ 3.  7. 11.]" run --cpu $P --kernel pool_max src=arange:float32:12 width=3:int32 \
  k=4:int32 dst=zeros:float32:3 --print dst --print where
grep -qF "where = [3 3 3]" "$T/out" || fail "pool_max where: $(cat "$T/out")"
expect 0 "c = [ 1  8 15 22 29]" run --cpu $P --kernel mix a=arange:uint64:5 b=ones:uint64:5 --print c
expect 0 "h = [1. 2. 2. 2. 1. 0. 0.]" run --cpu $P --kernel window h=zeros:float64:7 --print h
expect 0 "h = [1. 2. 2. 1. 0. 0.]" run --cpu $P --kernel window h=zeros:float32:6 --print h
expect 0 "out = [1. 3. 5.]" run --cpu $P --kernel Solver._update old=ones:float64:3 \
  rhs=arange:float64:3 sigma=2.0 done=zeros:bool:3 --print out
expect 0 "out = [ 1. 10. 10.]" run --cpu $P --kernel solver_update old=ones:float64:3 \
  rhs=arange:float64:3 sigma=20.0 done=zeros:bool:3 --print out
expect 0 "dest = [[1. 1. 1.]" run --cpu $P --kernel masked_add delta=ones:float32:2x3 \
  sel=ones:bool:2x1 dest=zeros:float32:2x3 --print dest
expect 0 "y = [ 5. 50.]" run --cpu $P --kernel sqsum x=arange:float32:2x3 --axis 1 --print y
expect 0 "y = True" run --cpu $P --kernel all_finite x=arange:float32:5 --print y
expect 0 "dist = [1. 0. 1.]" run --cpu $P --kernel Kernels._dist_kernel x=arange:float64:3 \
  y=ones:float64:3 --print dist
expect 0 "dist = [1. 0. 1.]" run --cpu $P --kernel distance_computation x=arange:float64:3 \
  y=ones:float64:3 --print dist
expect 1 "pykc cannot evaluate the argument 'operation': it is an f-string, computed when the program runs" run --cpu $P --kernel add_mix_kernel --size 4 \
  x=ones:float32:4 y=ones:float32:4 z=zeros:float32:4
grep -qF "kernel 'add_mix_kernel' cannot be built" "$T/out" || fail "add_mix: $(cat "$T/out")"
# a form built and called in one expression, by its default name; its `return` ends one
# element only (CuPy launches a thread per element), here with 4 threads for 20 elements
expect 0 "y = [1 1 1 1 1 1 1 1 1 2]" run --cpu $P --kernel kernel x=arange:float64:20 \
  bins=arange:float64:11 n_bins=11:int32 y=zeros:int32:10 --grid 1 --block 4 --print y
# RawModule(translate_cucomplex=True): cuCfma, cuCreal, make_cuDoubleComplex over complex<T>
expect 0 "out = [0.+1.j 3.+2.j 6.+3.j]" run --cpu $P --kernel fma_c a=arange:complex128:3 \
  s=2+1j:complex128 out=zeros:complex128:3 n=3:int32 --grid 1 --block 4 --print out
# RawKernel(translate_cucomplex=True): CuPy's headers prepended (complex<float> without an
# #include); a compiler's error names the .py line of the code (the headers take none)
expect 0 "0.33333334+0.j 0.6666667 +0.j 1.        +0.j]" run --cpu $P --kernel scale_fft \
  s=arange:complex64:4 d=zeros:complex64:4 n=4:int32 --grid 1 --block 4 --print d
line=$(grep -n 'd\[0\] = d\[0\] \* 2.0f +;' $P | cut -d: -f1)
expect 1 "real_forms.py:$line:" run --cpu $P --kernel scale_bad d=zeros:complex64:4 --grid 1 --block 1
# a preamble taking a raw 2-d array as CArray<unsigned char, 2, true, true> (CuPy's type)
expect 0 "out = [[ 0  2  4  6]" run --cpu $P --kernel pixel_at img=arange:uint8:3x4 width=4 \
  out=zeros:int32:3x4 --print out
# a RawKernel that syncs its grid (cooperative_groups::this_grid): a cooperative launch
expect 0 "y = [9. 9. 9. 9. 9. 9. 9. 9. 9. 9.]" run --cpu $P --kernel grid_reverse \
  x=arange:float32:10 y=zeros:float32:10 n=10:int32 --grid 3 --block 2 --print y
# a cosine sum checked with NumPy: w[i] = sum_k a[k] cos(k (start + delta i))
/usr/bin/python3 -c "import numpy; numpy.save('$T/a.npy', numpy.linspace(1, 2, 5))" &&
  $PYKC run --cpu $P --kernel cosine_sum delta=0.25 start=0.5 a=@"$T/a.npy" n=5 \
    w=zeros:float64:9 --out w="$T/w.npy" > "$T/out" 2>&1 || fail "cosine_sum: $(cat "$T/out")"
/usr/bin/python3 - "$T" <<'PY' || fail "cosine_sum differs from NumPy"
import sys, numpy as np
t = sys.argv[1]
a, w = np.load(t + "/a.npy"), np.load(t + "/w.npy")
fac = 0.5 + 0.25 * np.arange(9)
ref = (a[None, :] * np.cos(np.arange(5)[None, :] * fac[:, None])).sum(axis=1)
np.testing.assert_allclose(w, ref, rtol=1e-12)
PY
[ $fails = 0 ]
