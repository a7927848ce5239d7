# examples/dask_kernels.py on NumPy chunks (issue 20 §8; `make test-gpu` runs it on CuPy
# chunks over every GPU, tests/python/gpu.py): a pykc jit kernel and a
# pykc.ElementwiseKernel applied per chunk with dask.array.map_blocks, a ReductionKernel's
# partials combined across chunks; the results equal a single-array run (the example
# exits 1 otherwise). Needs Debian's python3-dask (tools/need-tools.sh installs it).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
out=$(PYTHONPATH=python "${PYTHON:-/usr/bin/python3}" examples/dask_kernels.py 200000 2>&1) ||
  { echo "examples/dask_kernels.py: exit $?"; echo "$out"; exit 1; }
echo "$out" | grep -qxF "NumPy chunks: 8 chunks over 1 device; clip(saxpy) equal to one array: True; sum of squares 73333300000.0 (one array: 73333300000.0)" ||
  { echo "unexpected output:"; echo "$out"; exit 1; }
