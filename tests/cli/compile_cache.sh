# The compile cache: the first `pykc ptx` stores an entry, the second gives the same bytes,
# PYKC_CACHE_MAX bounds it (least recently used first), `pykc cache clear` empties it,
# PYKC_CACHE=0 stores nothing.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
$PYKC ptx examples/saxpy.py -o "$T/a.ptx" || exit 1
n=$(find "$T/cache" -type f | wc -l)
[ "$n" -ge 1 ] || { echo "nothing cached"; exit 1; }
$PYKC ptx examples/saxpy.py -o "$T/b.ptx" || exit 1
cmp -s "$T/a.ptx" "$T/b.ptx" || { echo "cached PTX differs"; exit 1; }
[ "$(find "$T/cache" -type f | wc -l)" = "$n" ] || { echo "a second entry for the same compile"; exit 1; }
$PYKC ptx examples/saxpy.py --line-info -o "$T/c.ptx" || exit 1
[ "$(find "$T/cache" -type f | wc -l)" -gt "$n" ] || { echo "--line-info shares the entry"; exit 1; }
$PYKC cache info > "$T/info" || exit 1
grep -q "^limit: 1073741824 bytes (least recently used entries go past it; PYKC_CACHE_MAX" "$T/info" ||
  { echo "cache info: no default limit"; cat "$T/info"; exit 1; }
# PYKC_CACHE_MAX: past it the least recently used entries go, never the one just written
PYKC_CACHE_MAX=1 $PYKC ptx examples/saxpy.py --arch compute_80 -o "$T/e.ptx" || exit 1
[ "$(find "$T/cache" -type f -name '*.ptx' | wc -l)" = 1 ] || { echo "PYKC_CACHE_MAX=1 kept $(find "$T/cache" -type f -name '*.ptx' | wc -l) entries"; exit 1; }
PYKC_CACHE_MAX=2X $PYKC cache info | grep -q "PYKC_CACHE_MAX is not a size (e.g. 512M, 2G): the default applies" ||
  { echo "cache info: a bad PYKC_CACHE_MAX is not reported"; exit 1; }
PYKC_CACHE_MAX=0 $PYKC cache info | grep -q "^limit: none" || { echo "cache info: PYKC_CACHE_MAX=0"; exit 1; }
$PYKC cache clear || exit 1
[ "$(find "$T/cache" -type f -name '*.ptx' | wc -l)" = 0 ] || { echo "cache clear left entries"; exit 1; }
rm -rf "$T/cache"
PYKC_CACHE=0 $PYKC ptx examples/saxpy.py -o "$T/d.ptx" || exit 1
[ "$(find "$T/cache" -type f 2>/dev/null | wc -l)" = 0 ] || { echo "PYKC_CACHE=0 cached"; exit 1; }
cmp -s "$T/a.ptx" "$T/d.ptx" || { echo "uncached PTX differs"; exit 1; }
