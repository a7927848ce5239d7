# Without a CUDA driver, `pykc run` falls back to the CPU backend with one line on stderr
# and the right result; a .cu file fails cleanly (exit 3); --cpu says nothing about drivers.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" PYKC_LIBCUDA="$T/no/libcuda.so.1"
$PYKC run examples/vector_add.py --kernel vector_add --grid 1 --block 64 x=arange:float32:50 \
  y=ones:float32:50 out=zeros:float32:50 n=50 --print out > "$T/out" 2> "$T/err"
st=$?
[ $st = 0 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
# (an ASan build of the CPU backend's fibers adds a warning of its own)
grep -v "ASan doesn't fully support makecontext" "$T/err" > "$T/err2"; mv "$T/err2" "$T/err"
[ "$(grep -c . "$T/err")" = 1 ] && grep -q "^pykc: no CUDA driver (.*); running on the CPU backend$" "$T/err" ||
  { echo "stderr:"; cat "$T/err"; exit 1; }
# numpy's print of np.arange(50, dtype=np.float32) + 1
cat > "$T/want" <<'EOF'
out = [ 1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17. 18.
 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29. 30. 31. 32. 33. 34. 35. 36.
 37. 38. 39. 40. 41. 42. 43. 44. 45. 46. 47. 48. 49. 50.]
EOF
cmp -s "$T/out" "$T/want" || { echo "wrong result:"; cat "$T/out"; exit 1; }
$PYKC run --cpu examples/vector_add.py --kernel vector_add --grid 1 --block 64 x=arange:float32:50 \
  y=ones:float32:50 out=zeros:float32:50 n=50 > "$T/out" 2> "$T/err" || { cat "$T/err"; exit 1; }
grep -v "ASan doesn't fully support makecontext" "$T/err" > "$T/err2"; mv "$T/err2" "$T/err"
[ -s "$T/err" ] && { echo "--cpu printed:"; cat "$T/err"; exit 1; }
printf 'extern "C" __global__ void k(float *x) { x[threadIdx.x] = 1; }\n' > "$T/k.cu"
$PYKC run "$T/k.cu" --kernel k --grid 1 --block 4 x=zeros:float32:4 --print x > "$T/out" 2> "$T/err"
[ $? = 0 ] && grep -q "no CUDA driver (.*); running on the CPU backend" "$T/err" &&
  grep -q "x = \[1. 1. 1. 1.\]" "$T/out" ||
  { echo ".cu without a driver:"; cat "$T/out" "$T/err"; exit 1; }
exit 0
