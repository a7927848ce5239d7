# make install into a temporary prefix, then build examples/embed.c against the installed
# library through pkg-config, statically and shared; both must link and start (without a
# GPU here they stop at pykc_init with a clear message and exit 4, PYKC_ERR_NO_DEVICE).
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
make -s install PREFIX="$T/inst" > "$T/log" 2>&1 || { cat "$T/log"; exit 1; }
for f in bin/pykc lib/libpykc.a lib/libpykc.so include/pykc.h lib/pkgconfig/pykc.pc; do
  [ -e "$T/inst/$f" ] || { echo "missing $f"; exit 1; }
done
export PKG_CONFIG_PATH="$T/inst/lib/pkgconfig"
[ "$(pkg-config --modversion pykc)" = "$("$T/inst/bin/pykc" --version | cut -d' ' -f2)" ]
cc -std=c11 -Wall -Wextra -Werror examples/embed.c $(pkg-config --cflags --libs --static pykc) -o "$T/embed_static"
cc -std=c11 -Wall -Wextra -Werror examples/embed.c $(pkg-config --cflags --libs pykc) -o "$T/embed_shared"
for exe in embed_static embed_shared; do
  st=0
  PYKC_LIBCUDA=/nonexistent/libcuda.so.1 LD_LIBRARY_PATH="$T/inst/lib" "$T/$exe" examples/saxpy.py > "$T/out" 2>&1 || st=$?
  [ "$st" = 4 ] || { echo "$exe: exit $st"; cat "$T/out"; exit 1; }
  grep -q 'embed: .*libcuda' "$T/out" || { echo "$exe: unclear message:"; cat "$T/out"; exit 1; }
done
