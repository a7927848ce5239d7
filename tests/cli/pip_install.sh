# `pip install --no-build-isolation .` in a fresh venv of Debian's Python, offline (issue 20
# §1), as the README shows it: the venv has no `wheel` package, so setup.py makes the wheel
# itself; the install gives `import pykc` and the `pykc` command (pykc/bin/pykc, the same
# program as build/pykc), which compiles and runs a kernel on the CPU backend.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INDEX=1
PY=${PYTHON:-/usr/bin/python3}
"$PY" -m venv "$T/venv" || { echo "cannot make a venv (python3-venv)"; exit 1; }
"$T/venv/bin/python" -c 'import wheel' 2> /dev/null && { echo "the venv has wheel: not the case tested"; exit 1; }
"$T/venv/bin/pip" install --no-build-isolation . > "$T/log" 2>&1 || { tail -n 40 "$T/log"; exit 1; }
[ -x "$T/venv/bin/pykc" ] || { echo "no pykc command in the venv"; ls "$T/venv/bin"; exit 1; }
[ "$("$T/venv/bin/pykc" --version)" = "$(build/pykc --version)" ] || { echo "pykc --version: $("$T/venv/bin/pykc" --version)"; exit 1; }
cd "$T" || exit 2                                  # not the repository's python/ folder
"$T/venv/bin/python" -c 'import pykc, sys; sys.exit(pykc.__file__.startswith(sys.prefix) is False)' ||
  { echo "import pykc does not find the installed package"; exit 1; }
OLDPWD_=$OLDPWD
"$T/venv/bin/pykc" run "$OLDPWD_/examples/saxpy.py" --cpu --grid 1 --block 8 a=2.0 \
  x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 --print out > "$T/out" 2>&1 ||
  { cat "$T/out"; exit 1; }
grep -qxF "out = [ 1.  3.  5.  7.  9. 11. 13. 15.]" "$T/out" || { echo "pykc run:"; cat "$T/out"; exit 1; }
"$T/venv/bin/pykc" run --nonsense > "$T/out" 2>&1
[ $? = 2 ] && grep -qF "unknown option '--nonsense'" "$T/out" || { echo "pykc usage error:"; cat "$T/out"; exit 1; }
