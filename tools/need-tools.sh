#!/bin/sh
# Makes sure the build and test tools are here: re2c, lemon (with its lempar.c template), a C
# compiler, pkg-config, python3 (stdlib only); the xxHash header for the cache. Installs them
# with apt-get when run as root;
# otherwise prints the exact command and fails.
missing=""
command -v re2c >/dev/null 2>&1 || missing="$missing re2c"
{ command -v lemon >/dev/null 2>&1 && [ -f /usr/share/lemon/lempar.c ]; } || missing="$missing lemon"
[ -f /usr/include/xxhash.h ] || missing="$missing libxxhash-dev"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"   # two CLI tests drive signals with it
# the Python package's tests (tests/python): Debian's python3 with its headers and NumPy
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || missing="$missing python3-numpy"
ls /usr/include/python3*/Python.h >/dev/null 2>&1 || missing="$missing python3-dev"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "need-tools: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
    echo "need-tools: apt-get install$missing failed" >&2; exit 1; }
  exit 0
fi
echo "need-tools: missing build tools:$missing" >&2
echo "need-tools: run: sudo apt-get update && sudo apt-get install -y$missing" >&2
exit 1
