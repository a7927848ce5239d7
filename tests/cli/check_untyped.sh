# `pykc check` types what it can (issue 20 §3): an unannotated kernel without --sig is
# checked for what does not depend on its argument types and named in a warning (exit 0
# when that is all); with --sig its types are checked too; `pykc cuda` still needs the
# types to emit code ("needs a signature", exit 1). tests/errors/check_untyped.py has the
# messages.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
printf 'from cupyx import jit\n\n@jit.rawkernel()\ndef k(x, n):\n    i = jit.grid(1)\n    if i < n:\n        x[i] = x[i] * 2.5\n' > "$T/k.py"
"$PYKC" check "$T/k.py" 2> "$T/err" || fail "check of a correct untyped kernel: exit $?"
grep -qF "warning: kernel 'k' is not typed" "$T/err" || fail "no warning: $(cat "$T/err")"
grep -qF -- "--sig 'k(...)'" "$T/err" || fail "the warning does not say how: $(cat "$T/err")"
"$PYKC" check "$T/k.py" --sig 'k(int32[:], int32)' 2> "$T/err" && fail "--sig int32[:]: x[i] * 2.5 stored into int32 passed"
grep -q "error" "$T/err" || fail "--sig: no type error: $(cat "$T/err")"
grep -qF "not typed" "$T/err" && fail "--sig given, still 'not typed'"
"$PYKC" check "$T/k.py" --sig 'k(float32[:], int32)' 2> "$T/err" || fail "--sig float32: $(cat "$T/err")"
[ -s "$T/err" ] && fail "--sig float32: output $(cat "$T/err")"
"$PYKC" cuda "$T/k.py" > /dev/null 2> "$T/err"
[ $? = 1 ] && grep -qF "kernel 'k' needs a signature" "$T/err" || fail "cuda without --sig: $(cat "$T/err")"
exit $fails
