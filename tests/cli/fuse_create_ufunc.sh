# pykc run of @cupy.fuse functions calling ufuncs of cupy._core.create_ufunc (the source
# form, tests/golden/fuse_create_ufunc.py) on the CPU backend, against NumPy: the first
# op the operands reach (int32: the 'l' loop; float16 and int8: the 'e' loop), an
# op's own routine (float64), the preamble's helper, two outputs with a Python float,
# the ufunc in a reduction's map and post-map; a run-time dtype no loop takes is CuPy's
# TypeError with its caret.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
G=tests/golden/fuse_create_ufunc.py
fail() { echo "$1"; cat "$T/out" "$T/err" 2>/dev/null; exit 1; }
for t in "float32 float64 int32" "float16 float16 int8"; do
  set -- $t
  $PYKC run --cpu $G --kernel uf x=arange:$1:7 y=arange:$2:7 n=arange:$3:7 \
    --out out0="$T/o0.npy" --out out1="$T/o1.npy" --out out2="$T/o2.npy" --out out3="$T/o3.npy" \
    > "$T/out" 2> "$T/err" || fail "uf $t did not run"
  ${PYTHON:-python3} - "$T" $t <<'PY' > "$T/out" 2> "$T/err" || fail "uf $t: wrong values"
import sys
import numpy as np
d, tx, ty, tn = sys.argv[1:]
o = [np.load(f"{d}/o{i}.npy") for i in range(4)]
x, y, n = (np.arange(7).astype(t) for t in (tx, ty, tn))
cx = x.astype(np.float32) if tx == "float16" else x     # float16 x: the 'e' loop, in half
q = np.floor(x.astype(np.float32) / np.float32(1.5))
r = x.astype(np.float32) - q * np.float32(1.5)
cn = n.astype(np.float16 if tn == "int8" else np.int64)
want = [cx ** 3, y ** 3 - y if ty == "float64" else y ** 3, cn ** 3, q + r ** 3]
dts = [tx, ty, "float16" if tn == "int8" else "int64", "float32"]
for i, (g, w, dt) in enumerate(zip(o, want, dts)):
    assert g.dtype == np.dtype(dt), (i, g.dtype, dt)
    assert np.allclose(g.astype(np.float64), np.asarray(w, np.float64), rtol=1e-3), (i, g, w)
PY
done
$PYKC run --cpu $G --kernel usum x=arange:float64:3x4 --print out > "$T/out" 2> "$T/err" ||
  fail "usum did not run"
${PYTHON:-python3} -c '
import sys, numpy as np
x = np.arange(12.0).reshape(3, 4)
s = (x ** 3 - x).sum(axis=1)
want = s ** 3 - s
got = np.array([float(v) for v in sys.stdin.read().split("[")[1].split("]")[0].split()])
assert np.allclose(got, want, rtol=1e-6), (got, want)' < "$T/out" || fail "usum: wrong out"
$PYKC run --cpu $G --kernel uf x=zeros:complex64:3 y=ones:float64:3 n=ones:int32:3 \
  > "$T/out" 2> "$T/err" && fail "complex64 accepted"
grep -q "error: Wrong type ((dtype('complex64'), dtype('float64'))) of arguments for pykc_floor_divmod" "$T/err" ||
  fail "complex64: wrong message"
grep -q '^ *\^~*$' "$T/err" || fail "complex64: no caret"
exit 0
