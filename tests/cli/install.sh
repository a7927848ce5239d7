# make install into a temporary prefix (the shared library with its SONAME symlinks), then
# build examples/embed.c against the installed library through pkg-config, statically and
# shared; both must link and start (without a GPU here they stop at pykc_init with a clear
# message and exit 4, PYKC_ERR_NO_DEVICE), and run saxpy with --cpu.
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
make -s install PREFIX="$T/inst" > "$T/log" 2>&1 || { cat "$T/log"; exit 1; }
for f in bin/pykc lib/libpykc.a lib/libpykc.so include/pykc.h lib/pkgconfig/pykc.pc; do
  [ -e "$T/inst/$f" ] || { echo "missing $f"; exit 1; }
done
# the shared library: the real file libpykc.so.VERSION, libpykc.so.0 (its SONAME) and
# libpykc.so (for -lpykc) links to it
V=$("$T/inst/bin/pykc" --version | cut -d' ' -f2)
[ -f "$T/inst/lib/libpykc.so.$V" ] && [ ! -L "$T/inst/lib/libpykc.so.$V" ] || { echo "no lib/libpykc.so.$V"; exit 1; }
[ "$(readlink "$T/inst/lib/libpykc.so.0")" = "libpykc.so.$V" ] || { echo "libpykc.so.0 -> $(readlink "$T/inst/lib/libpykc.so.0")"; exit 1; }
[ "$(readlink "$T/inst/lib/libpykc.so")" = "libpykc.so.0" ] || { echo "libpykc.so -> $(readlink "$T/inst/lib/libpykc.so")"; exit 1; }
export PKG_CONFIG_PATH="$T/inst/lib/pkgconfig"
[ "$(pkg-config --modversion pykc)" = "$("$T/inst/bin/pykc" --version | cut -d' ' -f2)" ]
cc -std=c11 -Wall -Wextra -Werror examples/embed.c $(pkg-config --cflags --libs --static pykc) -o "$T/embed_static"
cc -std=c11 -Wall -Wextra -Werror examples/embed.c $(pkg-config --cflags --libs pykc) -o "$T/embed_shared"
for exe in embed_static embed_shared; do
  st=0
  PYKC_LIBCUDA=/nonexistent/libcuda.so.1 LD_LIBRARY_PATH="$T/inst/lib" "$T/$exe" examples/saxpy.py > "$T/out" 2>&1 || st=$?
  [ "$st" = 4 ] || { echo "$exe: exit $st"; cat "$T/out"; exit 1; }
  grep -q 'embed: .*libcuda' "$T/out" || { echo "$exe: unclear message:"; cat "$T/out"; exit 1; }
  PYKC_CACHE_DIR="$T/cache" LD_LIBRARY_PATH="$T/inst/lib" "$T/$exe" --cpu examples/saxpy.py > "$T/out" 2>&1 ||
    { echo "$exe --cpu:"; cat "$T/out"; exit 1; }
  grep -q 'on the CPU backend: ok$' "$T/out" || { echo "$exe --cpu:"; cat "$T/out"; exit 1; }
done
