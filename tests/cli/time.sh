# `pykc run --time[=N]` on the CPU backend (issue 20 §7): cupyx.profiler.benchmark's line
# with the CPU times only (mean, +/- std, min and max in µs, as _PerfCaseResult prints them;
# one launch: the mean alone), a line saying what needs a GPU, the results of one launch
# (the arrays get their values back between the timed launches), a kernel form's planned
# launch timed too, and no copy bandwidth measured or cached. (The GPU's report:
# tests/gpu/run.sh.)
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
P=$(cd "$(dirname "$PYKC")" && pwd)/$(basename "$PYKC")
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
F='[0-9]+\.[0-9]{3}'

"$P" run examples/saxpy.py --cpu --grid 1 --block 32 a=2.0 x=arange:float32:32 \
  y=ones:float32:32 out=zeros:float32:32 --time=7 --print out > "$T/o" 2>&1 || fail "saxpy --time=7: $(cat "$T/o")"
grep -Eq "^saxpy {15}:    CPU: +$F us   \+/- +$F \(min: +$F / max: +$F\) us\$" "$T/o" ||
  fail "saxpy --time=7: no benchmark line: $(cat "$T/o")"
# mean, std, min, max are consistent: min <= mean <= max, std <= max - min
sed -n 's/^saxpy *: *CPU: *\([0-9.]*\) us *+\/- *\([0-9.]*\) (min: *\([0-9.]*\) \/ max: *\([0-9.]*\)) us$/\1 \2 \3 \4/p' "$T/o" |
  awk '{ if (!($3 <= $1 && $1 <= $4 && $2 <= $4 - $3 + 0.001 && $3 > 0)) exit 1 } END { if (NR != 1) exit 1 }' ||
  fail "saxpy --time=7: inconsistent statistics: $(cat "$T/o")"
grep -qF "  launches:  7 timed, after 1 warm-up launch" "$T/o" || fail "saxpy --time=7: the count: $(cat "$T/o")"
grep -qF "  GPU time, bandwidth, registers, spills, shared memory and occupancy need a GPU (the launches ran on the CPU backend)" "$T/o" ||
  fail "saxpy --time=7: what needs a GPU: $(cat "$T/o")"
grep -qF "out = [ 1.  3.  5." "$T/o" || fail "saxpy --time=7: results: $(cat "$T/o")"

# one launch: the mean alone (benchmark prints no spread of one)
"$P" run examples/saxpy.py --cpu --grid 1 --block 32 a=2.0 x=arange:float32:32 \
  y=ones:float32:32 out=zeros:float32:32 --time 1 > "$T/o1" 2>&1 || fail "--time 1: $(cat "$T/o1")"
grep -Eq "^saxpy {15}:    CPU: +$F us\$" "$T/o1" || fail "--time 1: $(cat "$T/o1")"

# a kernel that works in place: the printed result is one launch's, not 1 + 5 + 1 launches'
cat > "$T/inc.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def a_long_kernel_name_inc(x: cp.float32[:]):
    i = jit.grid(1)
    if i < x.size:
        x[i] += 1
EOF
"$P" run "$T/inc.py" --cpu --grid 1 --block 4 x=zeros:float32:4 --time=5 --print x > "$T/o2" 2>&1 ||
  fail "in place --time=5: $(cat "$T/o2")"
grep -Eq "^a_long_kernel_name_inc:    CPU: " "$T/o2" || fail "a name past 20 characters: $(cat "$T/o2")"
grep -qF "x = [1. 1. 1. 1.]" "$T/o2" || fail "in place --time=5: one launch's result: $(cat "$T/o2")"

# a ReductionKernel's planned call, timed
cat > "$T/red.py" <<'EOF'
import cupy as cp

l2 = cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
EOF
"$P" run "$T/red.py" --cpu --kernel l2 x=arange:float64:10 --time=3 --print y > "$T/o3" 2>&1 ||
  fail "ReductionKernel --time=3: $(cat "$T/o3")"
grep -Eq "^l2 {18}:    CPU: +$F us   \+/- " "$T/o3" || fail "ReductionKernel --time=3: $(cat "$T/o3")"
grep -qF "y = 16.881943016134134" "$T/o3" || fail "ReductionKernel --time=3: result: $(cat "$T/o3")"

ls "$PYKC_CACHE_DIR"/*.copybw > /dev/null 2>&1 && fail "the CPU backend cached a copy bandwidth"
"$P" run examples/saxpy.py --cpu --grid 1 --block 32 a=2.0 x=arange:float32:32 --time=0 \
  y=ones:float32:32 out=zeros:float32:32 > "$T/o4" 2>&1
[ $? = 2 ] && grep -qF "bad --time '0' (expected --time=N, N >= 1)" "$T/o4" || fail "--time=0: $(cat "$T/o4")"
[ "$fails" = 0 ]
