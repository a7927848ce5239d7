# Module-level if/else (issue 7 §1) on the CPU backend: the arm Python takes runs; with
# the condition flipped the other arm runs; --define decides a condition pykc cannot see;
# naming a kernel of an undecided if, or of an arm not taken, is an error that says so.
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
F=tests/cli/data/module_if.py
run() { $PYKC run --cpu "$@" --kernel k --grid 1 --block 8 x=arange:float32:8 y=zeros:float32:8 n=8 --print y; }
run $F > "$T/out"
echo 'y = [1. 2. 3. 4. 5. 6. 7. 8.]' | diff - "$T/out"
sed 's/^USE = True/USE = False/' $F > "$T/false.py"
run "$T/false.py" > "$T/out"
echo 'y = [-1.  0.  1.  2.  3.  4.  5.  6.]' | diff - "$T/out"
# the other kernels of the file still run
$PYKC run --cpu $F --kernel Ops.twice --grid 1 --block 8 x=arange:float32:8 y=zeros:float32:8 n=8 \
  --print y > "$T/out"
echo 'y = [ 0.  2.  4.  6.  8. 10. 12. 14.]' | diff - "$T/out"
# a condition pykc cannot evaluate: --define picks the arm
sed 's/^USE = True.*/from config import USE/' $F > "$T/unknown.py"
run "$T/unknown.py" -D USE=1 > "$T/out"
echo 'y = [1. 2. 3. 4. 5. 6. 7. 8.]' | diff - "$T/out"
run "$T/unknown.py" -D USE=False > "$T/out"
echo 'y = [-1.  0.  1.  2.  3.  4.  5.  6.]' | diff - "$T/out"
st=0; run "$T/unknown.py" 2> "$T/err" > /dev/null || st=$?
[ $st = 2 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "kernel 'k' is defined in more than one branch of an if whose condition at line 14 pykc cannot evaluate (pass --define USE=...)" "$T/err" || { cat "$T/err"; exit 1; }
# an arm not taken: its kernel does not exist
awk '/^    def k\(/ && ++n == 2 { sub(/def k/, "def k_minus") } { print }' $F > "$T/named.py"
st=0; $PYKC check --kernel k_minus "$T/named.py" 2> "$T/err" || st=$?
[ $st = 2 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "kernel 'k_minus' is defined in a branch not taken, at line 22" "$T/err" || { cat "$T/err"; exit 1; }
sed 's/^USE = True.*/USE = None/' "$T/named.py" > "$T/none.py"
$PYKC run --cpu "$T/none.py" --kernel k_minus --grid 1 --block 8 x=arange:float32:8 y=zeros:float32:8 n=8 --print y > "$T/out"
echo 'y = [-1.  0.  1.  2.  3.  4.  5.  6.]' | diff - "$T/out"
