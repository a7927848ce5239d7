# libpykc.so's ABI: it exports the pykc_* functions of include/pykc.h and nothing else
# (every one declared there is exported), has the SONAME libpykc.so.0, and links no
# function that prints to the terminal, exits or aborts; the public structs clients fill
# keep their layout.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
SO=build/libpykc.so
nm -D --defined-only "$SO" | awk '{print $3}' | sort > "$T/exported" || exit 1
[ -s "$T/exported" ] || { echo "nothing exported"; exit 1; }
if grep -v '^pykc_' "$T/exported" > "$T/extra"; then
  echo "exported beyond pykc_*:"; head -n 20 "$T/extra"; exit 1
fi
sed -n 's/^PYKC_API .*[ *]\(pykc_[a-z_0-9]*\)(.*/\1/p' include/pykc.h | sort > "$T/declared"
[ "$(wc -l < "$T/declared")" -ge 25 ] || { echo "too few PYKC_API declarations found"; exit 1; }
cmp -s "$T/declared" "$T/exported" || { echo "declared vs exported:"; diff "$T/declared" "$T/exported"; exit 1; }
# the library never prints, exits or aborts: no such function is even linked
nm -u "$SO" | awk '{print $2}' | sed 's/@.*//' | grep -xE '(__)?(v?f?printf|puts|fputs|putchar|perror|abort|exit|_exit|_Exit|v?fprintf_chk|printf_chk)|stderr' > "$T/bad" &&
  { echo "libpykc.so uses:"; cat "$T/bad"; exit 1; }
readelf -d "$SO" | grep -q 'Library soname: \[libpykc\.so\.0\]' ||
  { echo "no SONAME libpykc.so.0:"; readelf -d "$SO" | head -n 20; exit 1; }
# The structs clients fill keep their layout (an old binary's arrays of pykc_arg still read
# right): each recorded field at its recorded offset, each struct at its recorded size
# (LP64). A new field goes into room the layout already has (pykc_arg.value.alloc shares
# the scalars' union) or is an ABI change: then this record changes with a new SONAME.
if [ "$(getconf LONG_BIT)" = 64 ]; then
  cat > "$T/layout.want" <<'REC'
pykc_arg is_array 0
pykc_arg dtype 4
pykc_arg data 8
pykc_arg ndim 16
pykc_arg shape 24
pykc_arg strides 88
pykc_arg value 96
pykc_arg value.c 96
pykc_arg value.alloc.base 96
pykc_arg value.alloc.bytes 104
pykc_arg numpy_scalar 112
pykc_arg handle 116
pykc_arg nbytes 120
pykc_arg sizeof 128
pykc_launch_cfg grid 0
pykc_launch_cfg block 12
pykc_launch_cfg shared_mem 24
pykc_launch_cfg stream 32
pykc_launch_cfg sizeof 40
REC
  { echo '#include <stddef.h>'; echo '#include <stdio.h>'; echo '#include "pykc.h"'
    echo 'int main(void) {'
    while read -r s f _; do
      if [ "$f" = sizeof ]; then printf '  printf("%s sizeof %%zu\\n", sizeof(%s));\n' "$s" "$s"
      else printf '  printf("%s %s %%zu\\n", offsetof(%s, %s));\n' "$s" "$f" "$s" "$f"; fi
    done < "$T/layout.want"
    echo '  return 0;'; echo '}'; } > "$T/layout.c"
  ${CC:-cc} -std=c11 -Iinclude -o "$T/layout" "$T/layout.c" || { echo "layout probe did not compile"; exit 1; }
  "$T/layout" > "$T/layout.got" || exit 1
  cmp -s "$T/layout.want" "$T/layout.got" ||
    { echo "public struct layout changed (recorded vs now):"; diff "$T/layout.want" "$T/layout.got"; exit 1; }
fi
exit 0
