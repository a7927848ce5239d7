# examples/embed.c --cpu: the C API on the CPU backend, with no CUDA driver. Built against
# the static and the shared library; saxpy over 2^20 elements must give a*x + y (embed
# checks every element and prints "ok" or "WRONG"); a second run is served from the cache.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" PYKC_LIBCUDA="$T/no/libcuda.so.1"
cc -std=c11 -Wall -Wextra -Werror -Iinclude examples/embed.c build/libpykc.a -ldl -lm \
  -o "$T/embed_static" || exit 1
cc -std=c11 -Wall -Wextra -Werror -Iinclude examples/embed.c -Lbuild -lpykc -ldl -lm \
  -Wl,-rpath,"$PWD/build" -o "$T/embed_shared" || exit 1
for exe in embed_static embed_shared embed_static; do
  "$T/$exe" --cpu examples/saxpy.py > "$T/out" 2> "$T/err"
  st=$?
  [ $st = 0 ] || { echo "$exe --cpu: exit $st"; cat "$T/out" "$T/err"; exit 1; }
  [ ! -s "$T/err" ] || { echo "$exe --cpu wrote to stderr:"; cat "$T/err"; exit 1; }
  [ "$(cat "$T/out")" = "embed: saxpy on 1048576 elements on the CPU backend: ok" ] ||
    { echo "$exe --cpu:"; cat "$T/out"; exit 1; }
done
# a kernel file that does not compute saxpy is caught by embed's check
sed 's/out\[i\] = a \* x\[i\] + y\[i\]/out[i] = a * x[i] - y[i]/' examples/saxpy.py > "$T/wrong.py"
grep -q 'a \* x\[i\] - y\[i\]' "$T/wrong.py" || { echo "sed did not change saxpy"; exit 1; }
"$T/embed_static" --cpu "$T/wrong.py" > "$T/out" 2>&1 && { echo "wrong saxpy passed"; exit 1; }
grep -q 'WRONG' "$T/out" || { cat "$T/out"; exit 1; }
exit 0
