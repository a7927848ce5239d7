# The rest of issue 18's list (§5, the second attack's L3, L5d and the cache note), from the
# command line: a 505-character kernel name runs on the CPU backend; a NUL byte in a print
# string prints the whole string; a private folder that was not made for the cache (as
# /etc is for root: owned by the user, 0755, other files in it) is refused as the cache
# folder with a warning and left untouched, while an empty folder or an older pykc's
# folder (nothing but pykc's entries) is adopted (CACHEDIR.TAG).
set -u
PYKC=$(cd "$(dirname "$PYKC")" && pwd)/$(basename "$PYKC")
ROOT=$(pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR="$T" PYKC_CACHE_DIR="$T/cache"
fail=0
say() { echo "FAIL: $*"; fail=1; }
name=k$(printf 'a%.0s' $(seq 504))
printf 'import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\ndef %s(x: cp.float32[:]):\n    x[0] = 1.0\n' "$name" > "$T/long.py"
out=$("$PYKC" run --cpu "$T/long.py" --kernel "$name" --grid 1 --block 1 x=zeros:float32:1 --print x 2>&1)
[ "$out" = "x = [1.]" ] || say "505-character kernel name: $(echo "$out" | cut -c1-200)"
cat > "$T/nul.py" <<'PY'
import cupy as cp
from cupyx import jit

@jit.rawkernel()
def p(n: cp.int32):
    print("before\x00after", n, sep="\x00")
    print("next line", n)
PY
"$PYKC" run --cpu "$T/nul.py" --kernel p --grid 1 --block 1 n=1 > "$T/out" 2>&1 || say "print with NUL: $(cat "$T/out")"
printf 'before\000after\0001\nnext line 1\n' | cmp -s - "$T/out" || say "print with NUL: $(od -c "$T/out" | head -3)"
RUN="run $ROOT/examples/saxpy.py --cpu --kernel saxpy --grid 1 --block 8 a=2.0 x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 --print out"
GOOD="out = [ 1.  3.  5.  7.  9. 11. 13. 15.]"
mkdir -p "$T/etc" && chmod 755 "$T/etc" && echo x > "$T/etc/passwd"
out=$(PYKC_CACHE_DIR="$T/etc" "$PYKC" $RUN 2> "$T/err")
[ "$out" = "$GOOD" ] || say "foreign cache folder: wrong output $out"
grep -q "not made for pykc's cache" "$T/err" || say "foreign cache folder: no warning: $(cat "$T/err")"
[ "$(ls "$T/etc")" = passwd ] || say "foreign cache folder was written: $(ls "$T/etc")"
grep -q "make it yours" "$T/err" && say "foreign cache folder: a remedy that is not the reason's: $(cat "$T/err")"
# another program's (or a damaged) CACHEDIR.TAG: said as such, one remedy, nothing written
mkdir -p "$T/other" && chmod 700 "$T/other" && echo "Signature: 0000" > "$T/other/CACHEDIR.TAG"
out=$(PYKC_CACHE_DIR="$T/other" "$PYKC" $RUN 2> "$T/err")
[ "$out" = "$GOOD" ] || say "foreign tag: wrong output $out"
grep -q "holds a CACHEDIR.TAG that is not pykc's" "$T/err" && ! grep -q "make it yours" "$T/err" ||
  say "foreign tag: $(cat "$T/err")"
[ "$(ls "$T/other")" = CACHEDIR.TAG ] || say "foreign tag folder was written: $(ls "$T/other")"
mkdir -p "$T/empty" && chmod 700 "$T/empty"
out=$(PYKC_CACHE_DIR="$T/empty" "$PYKC" $RUN 2> "$T/err")
[ "$out" = "$GOOD" ] && [ ! -s "$T/err" ] || say "empty cache folder: $out $(cat "$T/err")"
ls "$T/empty"/*.so > /dev/null 2>&1 && [ -f "$T/empty/CACHEDIR.TAG" ] || say "empty folder not adopted: $(ls "$T/empty")"
rm "$T/empty/CACHEDIR.TAG"                         # an older pykc's cache: adopted again
out=$(PYKC_CACHE_DIR="$T/empty" "$PYKC" $RUN -v 2> "$T/err")
grep -q "cache hit" "$T/err" && [ -f "$T/empty/CACHEDIR.TAG" ] || say "older cache folder not adopted: $(cat "$T/err")"
exit $fail
