# Kernels and device functions named like libc/libm functions (fdiv, fmul) run on the CPU
# backend: the C target prefixes its function names, so they cannot clash.
set -e
out=$($PYKC run --cpu tests/cli/data/libc_names.py --kernel fdiv --grid 1 --block 8 x=arange:float32:8 --print x 2>&1)
[ "$out" = "x = [ 0.  2.  4.  6.  8. 10. 12. 14.]" ] || { echo "$out"; exit 1; }
