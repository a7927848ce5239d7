#!/bin/sh
# tests/cpu/cli.sh: `pykc run --cpu` end to end on the CPU backend's own cases: 1024-thread
# block reductions (shared memory + syncthreads, shuffles + atomics), a syncthreads that the
# threads which returned do not hold up, the report of a shuffle and a syncthreads waiting
# for each other, an assert under --debug, --time's output, complex printing, complex64
# division's float32 flush in a form and in the DSL, CUDA C++ (a .cu
# file: dynamic shared memory in every scope, the failures named by .cu line, g++'s errors),
# and the compiled-kernel cache (a second run is a cache hit; PYKC_CACHE=0 leaves nothing).
# Prints FAIL lines and, last, `N passed, M failed`.
cd "$(dirname "$0")/../.." || exit 2
PYKC=${PYKC:-build/pykc}
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
pass=0
fail=0
# check NAME COMMAND-STATUS WANTED-STATUS FILE PATTERN: the status and a fixed string in FILE
check() {
  if [ "$2" = "$3" ] && grep -qF -- "$5" "$4"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL tests/cpu/cli.sh: $1 (exit $2, wanted $3; no '$5' in:)"
    head -n 5 "$4"
  fi
}
D=tests/cpu

$PYKC run --cpu $D/reduce1024.py --kernel reduce --grid 4 --block 1024 x=arange:float64:4096 \
    out=zeros:float64:4 --print out > "$T/out" 2>&1
check "block reduction" $? 0 "$T/out" "out = [ 523776. 1572352. 2620928. 3669504.]"

$PYKC run --cpu $D/reduce1024.py --kernel wsum --grid 2 --block 1024 x=arange:int32:2048 \
    out=zeros:int32:1 --print out > "$T/out" 2>&1
check "warp reduction" $? 0 "$T/out" "out = [2096128]"

$PYKC run --cpu $D/divergent.py --kernel div --grid 2 --block 256 x=zeros:int32:256 --print x \
    > "$T/out" 2>&1
st=$?
tr -d ' \n' < "$T/out" > "$T/flat"                  # numpy wraps the printed array
check "divergent syncthreads" $st 0 "$T/flat" "x=[$(printf '1%.0s' $(seq 200))$(printf '0%.0s' $(seq 56))]"

$PYKC run --cpu $D/deadlock.py --kernel lock --grid 1 --block 64 x=zeros:int32:16 > "$T/out" 2>&1
check "shuffle against syncthreads" $? 3 "$T/out" \
    "pykc: block (0,0,0), warp 0: shfl_down_sync at $D/deadlock.py:12 reached by 16 of the 32 lanes of mask 0xffffffff; 16 threads wait at syncthreads at $D/deadlock.py:14 (kernel 'lock')"

$PYKC run --cpu --debug $D/assert_fail.py --kernel chk --grid 1 --block 8 x=zeros:int32:8 > "$T/out" 2>&1
check "assert" $? 3 "$T/out" \
    "pykc: $D/assert_fail.py:7: assertion failed: i too big (kernel 'chk', block (0,0,0), thread (5,0,0))"

$PYKC run --cpu $D/assert_fail.py --kernel chk --grid 1 --block 8 x=zeros:int32:8 --print x > "$T/out" 2>&1
check "assert without --debug" $? 0 "$T/out" "x = [0 1 2 3 4 5 6 7]"

$PYKC run --cpu --time=3 $D/assert_fail.py --kernel chk --grid 1 --block 4 x=zeros:int32:4 \
    --print x > "$T/out" 2>&1
check "--time" $? 0 "$T/out" "chk                 :    CPU: "
check "--time leaves one launch's results" 0 0 "$T/out" "x = [0 1 2 3]"

$PYKC run --cpu -v $D/assert_fail.py --kernel chk --grid 1 --block 4 x=zeros:int32:4 > "$T/out" 2>&1
check "cache hit" $? 0 "$T/out" "pykc: cpu: cache hit $T/cache/"
ls "$T/cache"/*.so > /dev/null 2>&1
check "cache entry" $? 0 "$T/out" "cache hit"

mkdir "$T/tmp"
TMPDIR="$T/tmp" PYKC_CACHE=0 $PYKC run --cpu $D/assert_fail.py --kernel chk --grid 1 --block 4 \
    x=zeros:int32:4 --print x > "$T/out" 2>&1
st=$?
[ -z "$(ls -A "$T/tmp")" ] || echo "left in TMPDIR: $(ls -A "$T/tmp")" >> "$T/out"
check "PYKC_CACHE=0" $st 0 "$T/out" "x = [0 1 2 3]"
grep -q "left in TMPDIR" "$T/out" && { fail=$((fail + 1)); echo "FAIL PYKC_CACHE=0 left files"; }

G=$D/gpu_semantics.py
$PYKC run --cpu --debug $G --kernel stale --grid 2 --block 4 o=zeros:int32:8 --print o > "$T/out" 2>&1
check "static shared poisoned between blocks under --debug" $? 0 "$T/out" "o = [ 7  7  7  7 -1 -1 -1 -1]"

# the inputs come from NumPy ($PYTHON, Debian's /usr/bin/python3 + python3-numpy by default,
# installed by tools/need-tools.sh)
printf '%s\n' 'import numpy as np' \
  'np.save("'"$T"'/f.npy", np.array([1e-39, 0, 1.2e-38, 1, 1e-39, -2e-39, -1.1e-38, 0], np.float32))' \
  'np.save("'"$T"'/d.npy", np.array([1e-39, 0, 0, 0, 1e-39, 0, 0, 0]))' 'print("saved")' |
  "${PYTHON:-/usr/bin/python3}" > "$T/out" 2>&1
check "NumPy writes the subnormal inputs (${PYTHON:-/usr/bin/python3})" $? 0 "$T/out" saved
$PYKC run --cpu $G --kernel ftz --grid 1 --block 4 f=@$T/f.npy d=@$T/d.npy --print f --print d \
    > "$T/out" 2>&1
check "float32 atomicAdd flushes subnormals" $? 0 "$T/out" "f = [ 0.0e+00  0.0e+00  1.2e-38  1.0e+00"
check "float64 atomicAdd keeps subnormals" 0 0 "$T/out" "d = [2.e-39 0.e+00"

# complex64 division flushes like the GPU in both front ends (one helper, py_cdiv): the
# scale of a divisor over 2^126 is subnormal, flushed, and the quotient NaN
printf '%s\n' 'import numpy as np' \
  'np.save("'"$T"'/za.npy", np.array([1+1j, 1+1j], np.complex64))' \
  'np.save("'"$T"'/zb.npy", np.array([1e38+1e38j, 2+0j], np.complex64))' 'print("saved")' |
  "${PYTHON:-/usr/bin/python3}" > "$T/out" 2>&1
check "NumPy writes the complex64 operands" $? 0 "$T/out" saved
Z="a=@$T/za.npy b=@$T/zb.npy c=zeros:complex64:2 --print c"
$PYKC run --cpu $D/complex_div.py --kernel cdiv_form $Z > "$T/out" 2>&1
check "ElementwiseKernel complex64 division flushes the scale" $? 0 "$T/out" "c = [nan+nanj 0.5+0.5j]"
$PYKC run --cpu $D/complex_div.py --kernel cdiv_dsl --grid 1 --block 2 $Z > "$T/out" 2>&1
check "DSL complex64 division flushes the scale" $? 0 "$T/out" "c = [nan+nanj 0.5+0.5j]"

$PYKC run --cpu $G --kernel seg --grid 1 --block 16 a=zeros:int32:16 b=zeros:int32:16 \
    c=zeros:int32:16 --print a --print b --print c > "$T/out" 2>&1
check "shfl width 8" $? 0 "$T/out" "a = [ 50  50  50  50  50  50  50  50 130 130 130 130 130 130 130 130]"
check "shfl_up width 8" 0 0 "$T/out" "b = [  0  10  20   0  10  20  30  40  80  90 100  80  90 100 110 120]"
check "shfl_xor width 8 (lane mask beyond the segment)" 0 0 "$T/out" \
    "c = [ 0 10 20 30 40 50 60 70 10  0 30 20 50 40 70 60]"

# complex scalars from the command line, print() of a complex, --print in NumPy's format
# (expected text from NumPy 2: the constant -1.5e-5 - 4j is complex64 in mode='cuda')
$PYKC run --cpu $D/complex_print.py --kernel fill --grid 1 --block 1 s=1.5-2j \
    o=zeros:complex128:4 p=zeros:complex64:2 --print o --print p > "$T/out" 2>&1
check "print of a complex" $? 0 "$T/out" "s = (1.5-2j)"
check "complex128 --print" 0 0 "$T/out" "o = [ 1.50000000e+00 -2.j             inf+nanj -1.49999996e-05 -4.j"
check "complex128 --print (wrapped line)" 0 0 "$T/out" "  0.00000000e+00 +0.j]"
check "complex64 --print" 0 0 "$T/out" "p = [1.5e+00-2.j 1.0e+20+0.j]"

C=$D/cuda_cxx.cu
$PYKC run --cpu $C --kernel scopes --grid 1 --block 64 --shared-mem 256 out=zeros:int32:64 \
    sums=zeros:int64:2 --print out --print sums > "$T/out" 2>&1
st=$?
tr -d ' \n' < "$T/out" > "$T/flat"
check ".cu: dynamic shared memory declared in three scopes" $st 0 "$T/flat" \
    "out=[$(seq -s, 189 -3 0 | tr ',' ' ' | sed 's/ //g')]"
check ".cu: static shared memory of a template" 0 0 "$T/out" "sums = [6048  192]"
$PYKC run --cpu $C --kernel half_warp --grid 1 --block 32 x=zeros:int32:1 > "$T/out" 2>&1
check ".cu: a shuffle half the warp reaches" $? 3 "$T/out" \
    "pykc: block (0,0,0), warp 0: shfl_sync at $C:42 reached by 16 of the 32 lanes of mask 0xffffffff; lanes 0xffff0000 returned (kernel 'half_warp')"
$PYKC run --cpu $C --kernel overrun --grid 1 --block 32 --shared-mem 128 x=zeros:float32:1 \
    > "$T/out" 2>&1
check ".cu: dynamic shared memory overrun" $? 3 "$T/out" \
    "pykc: invalid memory access (SIGSEGV) in the kernel (kernel 'overrun', block (0,0,0), thread (1,0,0))"
$PYKC run --cpu $C --kernel trap --grid 1 --block 8 x=zeros:int32:8 > "$T/out" 2>&1
check ".cu: __trap" $? 3 "$T/out" "pykc: $C:52: trap (kernel 'trap', block (0,0,0), thread (3,0,0))"
$PYKC run --cpu $C --kernel votes --grid 1 --block 64 x=arange:int32:64 o=zeros:int32:5 \
    --print o > "$T/out" 2>&1
check ".cu: __syncthreads_count/and/or (40 threads meet after 24 returned)" $? 0 "$T/out" \
    "o = [63  1  0 40 40]"
$PYKC run --cpu $C --kernel checked --grid 1 --block 8 x=arange:int32:8 > "$T/out" 2>&1
check ".cu: assert stops the grid (not the process)" $? 3 "$T/out" \
    "pykc: $C:73: assertion failed: x[threadIdx.x] < 5 (kernel 'checked', block (0,0,0), thread (5,0,0))"
$PYKC run --cpu $C --kernel convs --grid 1 --block 1 o=zeros:int64:6 nan=nan:float32 --print o \
    > "$T/out" 2>&1
st=$?
tr -s ' \n' ' ' < "$T/out" > "$T/flat"
check ".cu: conversion intrinsics (PTX rounding, NaN, saturation), CUDA's extra math" $st 0 \
    "$T/flat" "o = [ 24 -23 3 2147483647 -9223372036854775808 68]"
$PYKC run --cpu $C --kernel std_math --grid 1 --block 4 --shared-mem 16 f=zeros:float32:5 \
    d=zeros:float64:2 u=zeros:uint32:4 --print f --print d --print u > "$T/out" 2>&1
st=$?
tr -s ' \n' ' ' < "$T/out" > "$T/flat"
check ".cu: std::hypot, std::sqrt, std::abs with <cmath>; extern __shared__ in a macro" $st 0 \
    "$T/flat" "f = [5. 3.5 0. 2. 0.2998047]"
check ".cu: directed-rounding conversions" 0 0 "$T/flat" "d = [1.30000000e+01 2.98023224e-08]"
check ".cu: __byte_perm, funnel shifts, __sad" 0 0 "$T/flat" "u = [1997620224 3 17 5]"
$PYKC run --cpu $C --kernel tmpl_overrun --grid 1 --block 32 x=arange:float32:32 k=0:int32 \
    --print x > "$T/out" 2>&1
check ".cu: a template's static __shared__ array" $? 0 "$T/out" "x = [ 0.  1.  2."
$PYKC run --cpu $C --kernel tmpl_overrun --grid 1 --block 32 x=arange:float32:32 k=1:int32 \
    > "$T/out" 2>&1
check ".cu: a template's static __shared__ array overrun hits the guard page" $? 3 "$T/out" \
    "pykc: invalid memory access (SIGSEGV) in the kernel (kernel 'tmpl_overrun', block (0,0,0), thread (31,0,0))"
$PYKC run --cpu $C --kernel warp_match --grid 1 --block 32 o=zeros:uint32:5 --print o \
    > "$T/out" 2>&1
check ".cu: __match_any_sync, __match_all_sync, __reduce_*_sync" $? 0 "$T/out" \
    "o = [2863311530          0        176         45 4294967295]"
$PYKC run --cpu $C --kernel tiles --grid 2 --block 128 x=arange:int32:256 sums=zeros:int32:16 \
    votes=zeros:uint32:256 --print sums --print votes > "$T/out" 2>&1
st=$?
tr -s ' \n' ' ' < "$T/out" > "$T/flat"
check ".cu: cooperative groups: a tile's shuffle reduction" $st 0 "$T/flat" \
    "sums = [ 120 376 632 888 1144 1400 1656 1912 2168 2424 2680 2936 3192 3448 3704 3960]"
check ".cu: cooperative groups: a tile's ballot, any, all, shfl_xor" 0 0 "$T/flat" \
    "votes = [6356990 2162686 6356990"
X=$D/cu_complex.cu
$PYKC run --cpu $X --kernel test_fma --grid 1 --block 128 A=arange:complex128:100 \
    B=arange:complex128:100 C=ones:complex128:100 out=zeros:complex128:100 --print out \
    > "$T/out" 2>&1
check ".cu: <cuComplex.h> cuCfma (CuPy's test_raw.py)" $? 0 "$T/out" \
    "out = [1.000e+00+0.j 2.000e+00+0.j 5.000e+00+0.j 1.000e+01+0.j"
$PYKC run --cpu $X --kernel test_absf --grid 1 --block 128 arr=arange:complex64:100 \
    out=zeros:float32:100 --print out > "$T/out" 2>&1
check ".cu: <cuComplex.h> cuCabsf" $? 0 "$T/out" "out = [ 0.  1.  2.  3."
$PYKC run --cpu $X --kernel test_make --grid 1 --block 128 arr=zeros:complex128:100 \
    --print arr > "$T/out" 2>&1
check ".cu: <cuComplex.h> make_cuDoubleComplex, cuCreal, cuCimag" $? 0 "$T/out" \
    "arr = [1.8-8.7j 1.8-8.7j"
$PYKC run --cpu $X --kernel test_divf --grid 1 --block 128 arr1=arange:complex64:100 \
    arr2=ones:complex64:100 out=zeros:complex64:100 --print out > "$T/out" 2>&1
check ".cu: <cuComplex.h> cuCdivf" $? 0 "$T/out" "out = [ 0.+0.j  1.+0.j  2.+0.j"
printf 'extern "C" __global__ void k(float *x) {\n  x[0] = undeclared;\n}\n' > "$T/bad.cu"
TMPDIR="$T/tmp" $PYKC run --cpu "$T/bad.cu" --kernel k --grid 1 --block 1 x=zeros:float32:1 \
    > "$T/out" 2>&1
check ".cu: g++'s error is a source error at the .cu line" $? 1 "$T/out" \
    "$T/bad.cu:2:10: error: "
CXX=/nonexistent/c++ TMPDIR="$T/tmp" $PYKC run --cpu "$T/bad.cu" --kernel k --grid 1 --block 1 \
    x=zeros:float32:1 > "$T/out" 2>&1
check ".cu: no C++ compiler" $? 3 "$T/out" \
    "cannot run the C++ compiler '/nonexistent/c++' (the CPU backend needs one: install g++ or set \$CXX)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
