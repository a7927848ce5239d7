# String constants of host code: `NAME = "..."` compared with == and != in module-level
# ifs, conditional expressions, a factory's default and a SimpleNamespace's attribute
# decide what a kernel reads; a string used as a kernel's value is an error that says so.
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
F=tests/cli/data/host_strings.py
run() { $PYKC run --cpu "$1" --kernel make.k --grid 1 --block 8 x=arange:float32:4 y=zeros:float32:4 n=4:int64 --print y; }
run $F > "$T/out"
echo 'y = [3.  4.5 6.  7.5]' | diff - "$T/out"
sed 's/^MODE = .fast./MODE = "slow"/; s/kind="sum"/kind="max"/' $F > "$T/slow.py"
run "$T/slow.py" > "$T/out"
echo 'y = [4.  5.5 7.  8.5]' | diff - "$T/out"
sed 's/^MODE = .fast./MODE = "medium"/' $F > "$T/medium.py"
run "$T/medium.py" > "$T/out"
echo 'y = [4.  5.5 7.  8.5]' | diff - "$T/out"
st=0; $PYKC check --kernel bad --sig 'bad(float32[:])' $F 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "'PRECISION' is a string: strings are only allowed in assert and print" "$T/err" ||
  { cat "$T/err"; exit 1; }
