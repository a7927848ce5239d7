# Hardening (issue 11): no input runs planted code, crashes, hangs or loses data.
#   cache trust   a cache folder that is not private is refused with a warning (the run
#                 compiles privately, writes nothing there, loads nothing from there); the
#                 folder is created 0700; a CPU cache entry that is flipped, truncated,
#                 group-writable or another user's is compiled again, never loaded
#   file names    a file name with a newline or "*/" cannot inject code into the output
#   outputs       -o /dev/full is a message (no double free); -o and --out replace their
#                 target by rename (a failed write leaves the old file); two --out to one
#                 file, or --out onto a read-only file, are refused before the launch
#   inputs        FIFOs, devices and oversized sources are refused at once
#   CPU faults    small overruns of arrays, dynamic and static shared memory are a clean
#                 report (kernel, block, thread; exit 3); --timeout stops a kernel
#   interrupts    SIGINT during the C compile stops pykc and leaves no temporary file
T=$(mktemp -d) || exit 2
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
export TMPDIR="$T/tmp" PYKC_CACHE_DIR="$T/cache/deeper"
mkdir -p "$TMPDIR"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
RUN="run examples/saxpy.py --cpu --kernel saxpy --grid 1 --block 8 a=2.0 x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 --print out"
GOOD="out = [ 1.  3.  5.  7.  9. 11. 13. 15.]"
# as_nobody CMD...: CMD as an unprivileged user when we are root (file modes bind then)
as_nobody() {
  if [ "$(id -u)" = 0 ]; then
    command -v setpriv > /dev/null || return 77
    setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
  else
    "$@"
  fi
}
# runs PYKC $RUN; the result must be right and nothing but WARN (if given) on stderr
good_run() {
  $PYKC $RUN > "$T/out" 2> "$T/err1"
  st=$?
  grep -v "ASan doesn't fully support makecontext" "$T/err1" > "$T/err"
  if [ $st != 0 ] || [ "$(cat "$T/out")" != "$GOOD" ]; then
    fail "$1: exit $st, output:"; cat "$T/out" "$T/err"
  elif [ -n "$2" ] && ! grep -qF -- "$2" "$T/err"; then
    fail "$1: no '$2' on stderr:"; cat "$T/err"
  elif [ -z "$2" ] && grep -q . "$T/err"; then
    fail "$1: unexpected stderr:"; cat "$T/err"
  fi
}

F=tests/cli/data/cpu_faults.py

# ---- cache trust
good_run "fresh cache"
[ "$(stat -c %a "$PYKC_CACHE_DIR")" = 700 ] || fail "cache folder created $(stat -c %a "$PYKC_CACHE_DIR"), not 700"
so=$(ls "$PYKC_CACHE_DIR"/*.so)
head -c 8 "$so" | grep -q PYKCACHE || fail "CPU cache entry without the entry header"
[ "$(stat -c %a "$so")" = 600 ] || fail "CPU cache entry created $(stat -c %a "$so"), not 600"
# one flipped byte in the object, a truncated object, a group-writable entry: compiled again
cp "$so" "$T/entry"
printf '\377' | dd of="$so" bs=1 seek=4000 conv=notrunc 2> /dev/null
good_run "bit flip in the cached object"
cmp -s "$so" "$T/entry" || fail "flipped entry not replaced by a fresh compile"
truncate -s 8000 "$so"
good_run "truncated cached object"
[ "$(stat -c %s "$so")" -gt 8000 ] || fail "truncated entry not replaced"
chmod 666 "$so"
good_run "group-writable cache entry"
[ "$(stat -c %a "$so")" = 600 ] || fail "group-writable entry not replaced"
# a shared folder (mode 1777) holding a valid entry planted under this kernel's key: the
# planted object (another kernel's, so loading it would fail the run) is never loaded
S="$T/shared"; mkdir -m 1777 "$S"
PYKC_CACHE_DIR="$T/other" $PYKC run examples/vector_add.py --cpu --kernel vector_add --grid 1 --block 8 \
  x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 n=8 > /dev/null 2>&1
cp "$(ls "$T"/other/*.so)" "$S/$(basename "$so")"
PYKC_CACHE_DIR="$S" good_run "shared cache folder" "cache folder"
PYKC_CACHE_DIR="$S" $PYKC $RUN 2>&1 | grep -q "is writable by others (mode 1777): not using the cache" ||
  fail "no warning for a world-writable cache folder"
[ "$(ls "$S" | wc -l)" = 1 ] || { fail "pykc wrote into a shared cache folder:"; ls -la "$S"; }
chmod 775 "$S"
PYKC_CACHE_DIR="$S" good_run "group-writable cache folder" "is writable by its group (mode 0775)"
# a folder that cannot be made or reached is named with the reason (it was silent)
PYKC_CACHE_DIR="$so/sub" good_run "cache folder under a file" \
  "pykc: warning: the cache folder $so/sub cannot be used (Not a directory): name another in PYKC_CACHE_DIR: not using the cache, compiling privately"
PYKC_CACHE_DIR="$T/$(printf '%0300d' 0)/c" good_run "cache folder name too long" "(File name too long)"
if [ "$(id -u)" = 0 ]; then                      # another user's folder, another user's entry
  chmod 700 "$S"; chown 65534 "$S"
  PYKC_CACHE_DIR="$S" good_run "another user's cache folder" "belongs to another user (uid 65534)"
  chown 0 "$S"; chown 65534 "$S"/*.so
  PYKC_CACHE_DIR="$S" good_run "another user's cache entry"
  [ "$(stat -c %u "$S"/*.so)" = 0 ] || fail "another user's entry was kept"
fi

# ---- file names: C in a file name does not run, "*/" does not end the header's comment
name='k.py
#include <stdlib.h>
__attribute__((constructor)) static void pwn(void) { system("touch PWNED"); }
#define JUNK'
mkdir -p "$T/names"; cp examples/saxpy.py "$T/names/$name"
(cd "$T/names" && PYKC_CACHE=0 $PYKC run "$name" --cpu --kernel saxpy --grid 1 --block 8 a=2.0 \
  x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 > /dev/null 2>&1)
[ -e "$T/names/PWNED" ] && fail "C code in a file name ran"
$PYKC cuda "$T/names/$name" | head -1 | grep -qF 'from k.py\x0a#include <stdlib.h>\x0a__attribute__' ||
  { fail "file name not escaped in the CUDA output:"; $PYKC cuda "$T/names/$name" | head -3; }
[ "$($PYKC cuda "$T/names/$name" | grep -c '^#include <stdlib.h>')" = 0 ] || fail "file name injected a line"
if $PYKC ptx examples/saxpy.py -o /dev/null 2> /dev/null; then       # pykc header needs NVRTC
  mkdir -p "$T/x*" "$T/x*/ int injected; /*"
  cp examples/saxpy.py "$T/x*/ int injected; /*/k.py"
  $PYKC header "$T/x*/ int injected; /*/k.py" -o "$T/k.h" &&
    printf '#include "k.h"\nint main(void) { return 0; }\n' > "$T/use.c" &&
    cc -std=c11 -I"${CUDA_HOME:-/usr/local/cuda}/include" -I"$T" -c "$T/use.c" -o "$T/use.o" &&
    ! nm "$T/use.o" | grep -q injected || fail "'*/' in a folder name escaped the header's comment"
fi

# ---- outputs
$PYKC cuda examples/saxpy.py -o /dev/full 2> "$T/err"
st=$?
[ $st = 3 ] && grep -q "cannot write /dev/full: No space left on device" "$T/err" ||
  { fail "-o /dev/full: exit $st"; cat "$T/err"; }
echo old > "$T/old.cu"
(trap '' XFSZ; ulimit -f 1; $PYKC cuda examples/matmul_tiled.py -o "$T/old.cu" 2> "$T/err")
st=$?
[ $st = 3 ] && [ "$(cat "$T/old.cu")" = old ] || { fail "-o on a full disk: exit $st, old file:"; head -3 "$T/old.cu"; cat "$T/err"; }
ls "$T" | grep -q '\.tmp' && fail "-o left a temporary file: $(ls "$T")"
ln -s old.cu "$T/link.cu"
$PYKC cuda examples/saxpy.py -o "$T/link.cu" && [ -L "$T/link.cu" ] && grep -q saxpy "$T/old.cu" ||
  fail "-o through a symbolic link did not write its target"
$PYKC $RUN --out "x=$T/same.npy" --out "out=$T/./same.npy" > "$T/out" 2>&1
st=$?
[ $st = 2 ] && grep -q "write the same file" "$T/out" || { fail "two --out to one file: exit $st"; cat "$T/out"; }
$PYKC $RUN --out "out=$T/o.npy" > /dev/null && i1=$(stat -c %i "$T/o.npy") &&
  $PYKC $RUN --out "out=$T/o.npy" > /dev/null && [ "$(stat -c %i "$T/o.npy")" != "$i1" ] ||
  fail "--out did not replace its target by rename"
chmod 711 "$T"; mkdir -m 777 "$T/ro"; echo keep > "$T/ro/r.npy"; chmod 444 "$T/ro/r.npy"
as_nobody env PYKC_CACHE=0 $PYKC run tests/cli/data/cpu_faults.py --cpu --kernel forever --grid 1 --block 1 \
  x=zeros:float32:1 --out "x=$T/ro/r.npy" > "$T/out" 2>&1
st=$?
if [ $st != 77 ]; then
  [ $st = 2 ] && grep -q "cannot write $T/ro/r.npy: Permission denied" "$T/out" && [ "$(cat "$T/ro/r.npy")" = keep ] ||
    { fail "--out onto a read-only file: exit $st"; cat "$T/out"; }
fi

# ---- inputs that are not regular files, or too large
mkfifo "$T/fifo"
for cmd in "check $T/fifo" "check /dev/zero" "run examples/saxpy.py --cpu --kernel saxpy --grid 1 --block 8 a=2.0 x=@$T/fifo y=ones:float32:8 out=zeros:float32:8"; do
  timeout 10 $PYKC $cmd > "$T/out" 2>&1
  st=$?
  [ $st = 2 ] && grep -q "not a regular file" "$T/out" || { fail "pykc $cmd: exit $st"; cat "$T/out"; }
done
truncate -s 300M "$T/huge.py"
$PYKC check "$T/huge.py" > "$T/out" 2>&1
[ $? = 2 ] && grep -q "larger than the 256 MiB that pykc reads" "$T/out" || { fail "300 MiB source:"; cat "$T/out"; }
rm -f "$T/huge.py"

# ---- CPU faults without --debug: clean reports
expect_fault() {
  want=$1; shift
  $PYKC run $F --cpu "$@" > "$T/out1" 2>&1
  st=$?
  grep -v "ASan doesn't fully support makecontext" "$T/out1" > "$T/out"
  [ $st = 3 ] && grep -qF -- "$want" "$T/out" && [ "$(grep -c . "$T/out")" = 1 ] ||
    { fail "run $*: exit $st (want 3 and '$want'):"; cat "$T/out"; }
}
expect_fault "invalid memory access (SIGSEGV) in the kernel (kernel 'oob_write', block (0,0,0), thread (" \
  --grid 1 --block 32 --kernel oob_write x=zeros:float32:32 off=3
expect_fault "(kernel 'dyn_shared', block (0,0,0), thread (16,0,0))" --grid 1 --block 32 --kernel dyn_shared x=zeros:float32:32 n=0 --shared-mem 64
expect_fault "(kernel 'static_shared', block (0,0,0), thread (" --grid 1 --block 32 --kernel static_shared x=zeros:float32:32 off=2000
expect_fault "(kernel 'static_shared', block (0,0,0), thread (" --grid 1 --block 32 --kernel static_shared x=zeros:float32:32 off=-300
expect_fault "the launch ran longer than --timeout 0.3 s (kernel 'forever', block (0,0,0), thread (0,0,0))" \
  --kernel forever x=zeros:float32:1 --grid 2 --block 1 --timeout 0.3
$PYKC run $F --cpu --kernel forever --grid 1 --block 1 x=zeros:float32:1 --timeout 0 2>&1 | grep -q "bad --timeout" ||
  fail "--timeout 0 accepted"

# ---- SIGINT while the C compiler runs: pykc stops (130) and leaves no temporary file
for delay in 0.05 0.2; do
  PYKC_CACHE=0 env --default-signal=INT $PYKC run $F --cpu --kernel forever --grid 1 --block 1 \
    x=zeros:float32:1 > /dev/null 2>&1 &
  p=$!
  sleep $delay; kill -INT $p; sleep 2
  if kill -0 $p 2> /dev/null; then fail "SIGINT after ${delay}s did not stop pykc"; kill -KILL $p; fi
  wait $p
  st=$?
  [ $st = 130 ] || fail "SIGINT after ${delay}s: exit $st, not 130"
  [ -z "$(ls -A "$TMPDIR")" ] || { fail "SIGINT after ${delay}s left files:"; ls -la "$TMPDIR"; rm -rf "$TMPDIR"/*; }
done
ls "$PYKC_CACHE_DIR" | grep -q '\.tmp' && fail "temporary files in the cache: $(ls "$PYKC_CACHE_DIR")"

[ $fails = 0 ]
