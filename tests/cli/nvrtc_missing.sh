# A missing NVRTC is one clear message and exit 3 (PYKC_NVRTC names the library to load).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" PYKC_NVRTC="$T/none/libnvrtc.so.13"
for cmd in "ptx examples/saxpy.py" "cubin examples/saxpy.py -o $T/k.cubin" "header examples/saxpy.py"; do
  $PYKC $cmd > "$T/out" 2> "$T/err"
  st=$?
  [ $st = 3 ] && grep -q "^pykc: cannot load NVRTC ($T/none/libnvrtc.so.13)" "$T/err" ||
    { echo "pykc $cmd: exit $st"; cat "$T/err"; exit 1; }
done
# source errors still come first (exit 1), NVRTC is not needed to find them
printf 'from cupyx import jit\n@jit.rawkernel()\ndef k(x: int32[:]:\n    pass\n' > "$T/bad.py"
$PYKC ptx "$T/bad.py" > /dev/null 2> "$T/err"
[ $? = 1 ] || { echo "source error with NVRTC missing:"; cat "$T/err"; exit 1; }
exit 0
