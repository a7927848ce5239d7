# pykc ptx for every example that `pykc cuda` accepts: the PTX has `.entry NAME` for each
# extern "C" kernel of the CUDA; --arch compute_80 gives `.target sm_80`; -o writes a file.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
n=0
for f in examples/*.py; do
  $PYKC cuda "$f" > "$T/k.cu" 2> /dev/null || continue
  $PYKC ptx "$f" > "$T/k.ptx" 2> "$T/err" || { echo "pykc ptx $f failed:"; cat "$T/err"; exit 1; }
  for k in $(sed -n 's/^extern "C" __global__ void \([A-Za-z_0-9]*\)(.*/\1/p' "$T/k.cu"); do
    grep -q "^\.\(visible \)\{0,1\}\.entry $k(" "$T/k.ptx" || { echo "$f: no .entry $k in the PTX"; exit 1; }
    n=$((n + 1))
  done
done
[ "$n" -gt 0 ] || { echo "no example compiled"; exit 1; }
$PYKC ptx examples/saxpy.py --arch compute_80 -o "$T/s.ptx" || exit 1
grep -q '^\.target sm_80' "$T/s.ptx" || { echo "--arch compute_80: no .target sm_80"; exit 1; }
$PYKC ptx examples/saxpy.py --arch sm_90 | grep -q '^\.target sm_90' || { echo "--arch sm_90"; exit 1; }
