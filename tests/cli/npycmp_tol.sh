# tests/e2e/npycmp.c's tolerances: --ulp N is N * eps of the expected type, relative to
# max(1, |want|) with |want| a complex value's modulus (normwise), --tol REL the same with
# REL; infinities and NaN compare exactly at any tolerance; bad values are usage errors.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
B=${B:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
${CC:-cc} -std=c11 -O2 -D_GNU_SOURCE -Isrc -Iruntime -Icpu -Icli -Iinclude -I"$B" -o "$T/npycmp" \
  tests/e2e/npycmp.c "$B/obj/cli/npy.o" "$B/libpykc_internal.a" -ldl -lm || exit 1
"$PYTHON" - "$T" <<'PY' || exit 1
import sys, numpy as np
t = sys.argv[1]
e32 = np.finfo(np.float32).eps
def save(name, a): np.save(f"{t}/{name}.npy", a)
save("f_want", np.array([1.0, 100.0, np.nan], np.float32))
save("f_got", np.array([1.0 + 3 * e32, 100.0 * (1 + 3 * e32), np.nan], np.float32))
save("c_want", np.array([100 + 0.001j], np.complex64))
save("c_got", np.array([100 + (0.001 + 3e-5) * 1j], np.complex64))
save("i_want", np.array([np.finfo(np.float64).max]))
save("i_got", np.array([np.inf]))
PY
st=0
check() {  # check WANT_STATUS ARGS...
  want=$1; shift
  "$T/npycmp" "$@" > "$T/out" 2>&1
  got=$?
  [ "$got" = "$want" ] || { echo "npycmp $*: exit $got, expected $want"; cat "$T/out"; st=1; }
}
check 1 "$T/f_got.npy" "$T/f_want.npy"
check 0 --ulp 4 "$T/f_got.npy" "$T/f_want.npy"
check 1 --ulp 2 "$T/f_got.npy" "$T/f_want.npy"
check 0 --tol 4e-7 "$T/f_got.npy" "$T/f_want.npy"
check 0 --ulp 4 "$T/c_got.npy" "$T/c_want.npy"   # 3e-5 <= 4 * eps * |100 + 0.001j|
check 1 --ulp 2 "$T/c_got.npy" "$T/c_want.npy"
check 1 --ulp 1000000 "$T/i_got.npy" "$T/i_want.npy"
check 2 --ulp -1 "$T/f_got.npy" "$T/f_want.npy"
check 2 --ulp "" "$T/f_got.npy" "$T/f_want.npy"
check 2 --ulp 4 "$T/f_got.npy"
exit $st
