# Failure paths leave nothing behind and raise no signal (issue 18 §3: L1, L2 of the second
# attack): under a file size limit (ulimit -f) a first compile and a cached kernel are
# "cannot write ...: File too large", exit 3 (SIGXFSZ is ignored, as CPython does), and a
# full $TMPDIR (a 16 KB tmpfs, when we may mount one) is "No space left on device", exit 3;
# no pykc-cpu-* folder or partial kernel.c stays in $TMPDIR.
set -u
PYKC=$(cd "$(dirname "$PYKC")" && pwd)/$(basename "$PYKC")
ROOT=$(pwd)
T=$(mktemp -d) C=$(mktemp -d)
trap 'rm -rf "$T" "$C"' EXIT
fail=0
say() { echo "FAIL: $*"; fail=1; }
R="run $ROOT/examples/saxpy.py --cpu --kernel saxpy --grid 1 --block 8 a=2.0 x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 --print out"
sh -c "ulimit -f 16; TMPDIR=$T PYKC_CACHE_DIR=$C/c exec $PYKC $R" > /dev/null 2> "$T.err"; st=$?
[ $st = 3 ] && grep -q 'File too large' "$T.err" || say "compile under ulimit -f 16: exit $st $(cat "$T.err")"
[ -z "$(find "$T" -mindepth 1)" ] || say "left behind: $(find "$T" -mindepth 1)"
TMPDIR=$T PYKC_CACHE_DIR=$C/c $PYKC $R > /dev/null || say "plain run"
sh -c "ulimit -f 16; TMPDIR=$T PYKC_CACHE_DIR=$C/c exec $PYKC $R" > /dev/null 2> "$T.err"; st=$?
[ $st = 3 ] && grep -q 'File too large' "$T.err" || say "cached kernel under ulimit -f 16: exit $st $(cat "$T.err")"
[ -z "$(find "$T" -mindepth 1)" ] || say "left behind: $(find "$T" -mindepth 1)"
rm -f "$T.err"
D=$(mktemp -d)
if mount -t tmpfs -o size=16k,mode=700 tmpfs "$D" 2> /dev/null; then
  dd if=/dev/zero of="$D/fill" bs=4k count=3 2> /dev/null
  for i in 1 2; do
    TMPDIR=$D PYKC_CACHE=0 $PYKC $R > /dev/null 2> "$T/err"; st=$?
    [ $st = 3 ] && grep -q 'No space left' "$T/err" || say "full TMPDIR: exit $st $(cat "$T/err")"
  done
  ls -d "$D"/pykc-cpu-* > /dev/null 2>&1 && say "full TMPDIR: left $(ls -R "$D")"
  umount "$D"
fi
rmdir "$D"
exit $fail
