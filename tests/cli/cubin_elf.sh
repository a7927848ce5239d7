# pykc cubin --arch sm_90 writes an ELF file; compute_NN and a missing -o are usage errors.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
for f in examples/saxpy.py examples/matmul_tiled.py; do
  $PYKC cubin "$f" --arch sm_90 -o "$T/k.cubin" || { echo "pykc cubin $f failed"; exit 1; }
  [ "$(head -c 4 "$T/k.cubin" | od -An -c | tr -d ' ')" = '177ELF' ] || { echo "$f: not an ELF"; exit 1; }
done
$PYKC cubin examples/saxpy.py --arch compute_90 -o "$T/k.cubin" 2> "$T/err"
[ $? = 2 ] && grep -q "needs --arch sm_NN" "$T/err" || { echo "compute_90 accepted"; cat "$T/err"; exit 1; }
$PYKC cubin examples/saxpy.py --arch sm_90 2> "$T/err"
[ $? = 2 ] && grep -q "cubin needs -o" "$T/err" || { echo "cubin without -o"; cat "$T/err"; exit 1; }
exit 0
