# jit.cg and jit.cub (docs/language.md §6.3) on the CPU backend: CuPy 14.2's
# test_cooperative_groups.py and test_cub.py (the GPU cases of tests/e2e/pending/ and
# test_cub.py for every dtype it tests, complex included) against NumPy
# (tests/cli/jit_libs.py);
# a cooperative launch larger than the co-resident limit and a block that returns while
# the others wait at the grid barrier are errors, never hangs; BlockReduce in a block of
# another size is an error; NVRTC compiles the cases (pykc ptx, no GPU): jit.cg's with
# the CCCL headers, jit.cub's with none (pykc's own pykc_cub, so no libcu++ globals).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
PYTHON=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 5 "$T/out"; }
}
mkdir "$T/py"
$PYTHON tests/cli/jit_libs.py "$PYKC" "$T/py" > "$T/libs" 2>&1 || { fail "jit_libs.py:"; head -n 30 "$T/libs"; }
grep -q ' cases, 0 failures$' "$T/libs" || fail "jit_libs.py did not finish: $(tail -n 1 "$T/libs")"

cat > "$T/k.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def grid_sync(x: cp.int32[:]):
    g = jit.cg.this_grid()
    g.sync()
    x[jit.blockIdx.x] = 1


@jit.rawkernel()
def early(x: cp.int32[:]):
    g = jit.cg.this_grid()
    if jit.blockIdx.x == 1:
        return
    g.sync()
    x[0] = 1


@jit.rawkernel()
def block_sum(x: cp.float32[:], y: cp.float32[:]):
    R = jit.cub.BlockReduce[cp.float32, 128]
    t = jit.shared_memory(dtype=R.TempStorage, size=1)
    s = R(t[0]).Sum(x[jit.threadIdx.x])
    if jit.threadIdx.x == 0:
        y[0] = s
PY
expect 0 "x = [1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1]" run --cpu "$T/k.py" \
  --kernel grid_sync --grid 16 --block 1024 x=zeros:int32:16 --print x
expect 2 "grid 17x1x1 is 17 blocks, more than the 2 per multiprocessor x 8 multiprocessors = 16 that fit" \
  run --cpu "$T/k.py" --kernel grid_sync --grid 17 --block 1024 x=zeros:int32:17
expect 3 "block (1,0,0) returned while other blocks wait at the grid's sync() at" \
  run --cpu "$T/k.py" --kernel early --grid 2 --block 32 x=zeros:int32:1
expect 3 "cub.BlockReduce used in a block of another size" \
  run --cpu "$T/k.py" --kernel block_sum --grid 1 --block 64 x=zeros:float32:128 y=zeros:float32:1
expect 0 "y = [128.]" run --cpu "$T/k.py" --kernel block_sum --grid 1 --block 128 x=ones:float32:128 \
  y=zeros:float32:1 --print y

# NVRTC compiles what pykc emits for them (the toolkit's CCCL headers); skipped without NVRTC
# (each case from tests/e2e/pending/ or, once CuPy's outputs are stored, tests/e2e/)
for n in jit_cg_sync jit_cg_memcpy_async_aligned jit_cub_block_sum jit_cub_warp_reduce_max \
    jit_cub_warp_reduce_max_more jit_cub_block_sum_more jit_cub_bool; do
  f=tests/e2e/pending/$n.py
  [ -f "$f" ] || f=tests/e2e/$n.py
  if $PYKC ptx "$f" -o "$T/x.ptx" > "$T/err" 2>&1; then
    case $n in jit_cub_*) ! grep -q '^\.global' "$T/x.ptx" || fail "$f: its PTX has globals (CCCL's?)" ;; esac
  else
    grep -q "cannot load NVRTC" "$T/err" || { fail "pykc ptx $f:"; head -n 8 "$T/err"; }
  fi
done
# jit.cub's CUDA includes nothing (NVRTC would parse CUB's headers for seconds)
for n in jit_cub_block_sum jit_cub_warp_sum; do
  $PYKC cuda tests/e2e/$n.py > "$T/x.cu" 2>&1 || fail "pykc cuda tests/e2e/$n.py"
  ! grep -q '#include' "$T/x.cu" || fail "tests/e2e/$n.py's CUDA includes a header: $(grep '#include' "$T/x.cu")"
done
[ $fails = 0 ]
