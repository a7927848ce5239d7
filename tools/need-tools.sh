#!/bin/sh
# Makes sure every tool and Python module that the build and `make test` use is here.
#
#   sh tools/need-tools.sh            check; as root with apt-get, install what is missing
#                                     (Debian packages), then check again
#   sh tools/need-tools.sh --check    check only, never install
#   sh tools/need-tools.sh --build    only what building needs (re2c, lemon, xxhash.h, cc,
#                                     make); `make` alone uses this, `make test` the whole list
#
# Needed: re2c and lemon (with its lempar.c template) for the front end, a C and a C++
# compiler (the C++ one compiles `pykc header` output in tests/cli/header_cc.sh), make,
# pkg-config, the xxHash header (the cache), diff/cmp/od/timeout/find (the test scripts),
# python3 on PATH (stdlib only: two CLI tests drive signals with it), and $PYTHON (default
# Debian's /usr/bin/python3) with NumPy and its C headers, for the tests that need NumPy,
# and venv (python3-venv: tests/cli/pip_install.sh installs the package into a fresh one)
# and Dask (python3-dask: examples/dask_kernels.py, tests/cli/dask_example.sh).
# The CUDA toolkit (NVRTC, cuda.h, nvcc, in $CUDA_HOME or /usr/local/cuda) cannot be installed
# from here; it is checked and named.
# Exit status 0 when everything is present; otherwise every missing item is named with
# the command that installs it, and the status is 1.
PYTHON=${PYTHON:-/usr/bin/python3}
CUDA=${CUDA_HOME:-/usr/local/cuda}
check_only= build_only=
for a in "$@"; do
  case $a in
    --check) check_only=1 ;;
    --build) build_only=1 ;;
    *) echo "usage: sh tools/need-tools.sh [--check] [--build]" >&2; exit 2 ;;
  esac
done

have() { command -v "$1" > /dev/null 2>&1; }

# missing_packages: the Debian packages whose tool is absent, space-separated
missing_packages() {
  m=""
  have re2c || m="$m re2c"
  { have lemon && [ -f /usr/share/lemon/lempar.c ]; } || m="$m lemon"
  [ -f /usr/include/xxhash.h ] || m="$m libxxhash-dev"
  have cc || m="$m gcc"
  have make || m="$m make"
  [ -n "$build_only" ] && { echo "$m"; return; }
  have c++ || m="$m g++"
  have pkg-config || m="$m pkg-config"
  { have diff && have cmp; } || m="$m diffutils"
  { have od && have timeout && have mktemp; } || m="$m coreutils"
  have find || m="$m findutils"
  have python3 || m="$m python3"
  if [ -x "$PYTHON" ]; then
    "$PYTHON" -c 'import numpy' > /dev/null 2>&1 || m="$m python3-numpy"
    "$PYTHON" -c 'import os, sys, sysconfig
sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
      > /dev/null 2>&1 || m="$m python3-dev"
    "$PYTHON" -c 'import ensurepip, venv' > /dev/null 2>&1 || m="$m python3-venv"
    "$PYTHON" -c 'import dask.array' > /dev/null 2>&1 || m="$m python3-dask"
  else
    m="$m python3-numpy python3-dev"
  fi
  echo "$m"
}

# CUDA toolkit: not an apt package here; named with what to do
cuda_missing() {
  c=""
  ls "$CUDA"/lib64/libnvrtc.so* > /dev/null 2>&1 || c="$c $CUDA/lib64/libnvrtc.so"
  [ -f "$CUDA/include/cuda.h" ] || c="$c $CUDA/include/cuda.h"
  [ -x "$CUDA/bin/nvcc" ] || have nvcc || c="$c $CUDA/bin/nvcc"
  [ -f "$CUDA/lib64/stubs/libcuda.so" ] || c="$c $CUDA/lib64/stubs/libcuda.so"
  echo "$c"
}

missing=$(missing_packages)
if [ -n "$missing" ] && [ -z "$check_only" ] && [ "$(id -u)" = 0 ] && have apt-get; then
  echo "need-tools: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing > /dev/null ||
    echo "need-tools: apt-get install$missing failed" >&2
  missing=$(missing_packages)   # what the install did not provide is still named below
fi
cuda=
[ -n "$build_only" ] || cuda=$(cuda_missing)
[ -z "$missing" ] && [ -z "$cuda" ] && exit 0

if [ -n "$missing" ]; then
  echo "need-tools: missing:$missing" >&2
  case " $missing " in *" python3-numpy "*|*" python3-dev "*)
    [ "$PYTHON" = /usr/bin/python3 ] ||
      echo "need-tools: (python3-numpy and python3-dev are for /usr/bin/python3; PYTHON=$PYTHON needs NumPy and Python.h)" >&2 ;;
  esac
  echo "need-tools: install with: sudo apt-get update && sudo apt-get install -y$missing" >&2
fi
if [ -n "$cuda" ]; then
  echo "need-tools: missing the CUDA toolkit:$cuda" >&2
  echo "need-tools: install the CUDA toolkit (NVRTC, headers, nvcc) into /usr/local/cuda, or set CUDA_HOME" >&2
fi
exit 1
