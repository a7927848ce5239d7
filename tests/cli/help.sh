# `pykc help COMMAND` and `pykc COMMAND --help` print that command's usage and options on
# stdout (exit 0, nothing else runs); `pykc help` and `pykc --help` print the full usage;
# an unknown command is exit 2 with a message.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
fails=0
# check NAME STATUS PATTERN ARGS...: exit STATUS and a line of stdout+stderr matching PATTERN
check() {
  name=$1 want=$2 pat=$3; shift 3
  "$PYKC" "$@" > "$T/out" 2> "$T/err"
  st=$?
  if [ "$st" != "$want" ] || ! cat "$T/out" "$T/err" | grep -q -- "$pat"; then
    echo "FAIL $name: pykc $* -> exit $st (want $want), want /$pat/; stdout:"; cat "$T/out"
    echo "stderr:"; cat "$T/err"; fails=$((fails + 1))
  fi
}

# every command's usage line and an option only it has
for c in "cuda:-o PATH" "check:--dump-ir" "ptx:--arch A" "cubin:the cubin (required)" \
         "header:--arch sm_NN" "run:--shared-mem BYTES" "cache:PYKC_CACHE=0" "help:COMMAND"; do
  cmd=${c%%:*} opt=${c#*:}
  check "help $cmd" 0 "^usage: pykc $cmd " help "$cmd"
  grep -qF -- "$opt" "$T/out" || { echo "FAIL help $cmd: no '$opt' in:"; cat "$T/out"; fails=$((fails + 1)); }
  [ -s "$T/err" ] && { echo "FAIL help $cmd wrote to stderr"; fails=$((fails + 1)); }
  cp "$T/out" "$T/help_$cmd"
  # `pykc CMD --help` is the same text (`pykc help --help` too: was "unknown command")
  check "$cmd --help" 0 "^usage: pykc $cmd " "$cmd" --help
  cmp -s "$T/out" "$T/help_$cmd" || { echo "FAIL $cmd --help differs from help $cmd"; fails=$((fails + 1)); }
done
# the front-end options belong to the commands that compile, not to cache
grep -q -- "--line-info" "$T/help_run" || { echo "FAIL run help lacks --line-info"; fails=$((fails + 1)); }
grep -q -- "--line-info" "$T/help_cache" && { echo "FAIL cache help lists --line-info"; fails=$((fails + 1)); }
# --help anywhere wins over the other arguments, and runs nothing
check "run FILE --help" 0 "^usage: pykc run " run examples/saxpy.py --kernel saxpy --help
check "cubin -h" 0 "^usage: pykc cubin " cubin examples/saxpy.py -o "$T/x.cubin" -h
[ -e "$T/x.cubin" ] && { echo "FAIL cubin -h compiled"; fails=$((fails + 1)); }
# a usage error points at the command's own options, where its argument forms are
check "usage error hint" 2 "^(see 'pykc run --help')$" run examples/saxpy.py --grid 0 --block 1
# the full usage
check "help" 0 "^commands:" help
cp "$T/out" "$T/full"
check "--help" 0 "^commands:" --help
cmp -s "$T/out" "$T/full" || { echo "FAIL --help differs from help"; fails=$((fails + 1)); }
# errors
check "help nosuch" 2 "^pykc: unknown command 'nosuch'$" help nosuch
check "help chekc" 2 "^pykc: unknown command 'chekc'; did you mean 'check'?" help chekc
[ -s "$T/out" ] && { echo "FAIL help nosuch wrote to stdout"; fails=$((fails + 1)); }
check "help run cuda" 2 "help takes one COMMAND, got 'cuda' too" help run cuda
check "nosuch --help" 2 "^pykc: unknown command 'nosuch'" nosuch --help
exit $fails
