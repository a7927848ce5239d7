# The architecture's folder rules (docs/design.md §1): every folder has a README with a
# `Uses:` line, and neither the include graph nor the link graph (nm of build/obj) between
# folders has a cycle or an edge its README does not allow. Then the checker itself: a
# planted back edge (src/base including src/ir) and a planted cycle must be reported.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
$PYTHON tools/layout_check.py --objs build/obj || exit 1
# a copy of the tree's sources with a back edge planted
mkdir -p "$T/t" && cp -r src include runtime cpu cli python "$T/t/" 2>/dev/null
printf '#include "../ir/ir.h"\n' >> "$T/t/src/base/half.h"
out=$($PYTHON tools/layout_check.py --root "$T/t")
st=$?
[ $st = 1 ] || { echo "a planted back edge passed (exit $st)"; echo "$out"; exit 1; }
echo "$out" | grep -q 'include: src/base -> src/ir is not in src/base/README.md' ||
  { echo "the back edge is not named:"; echo "$out"; exit 1; }
echo "$out" | grep -q 'include: cycle .*src/base.*src/ir' || { echo "the cycle is not named:"; echo "$out"; exit 1; }
exit 0
