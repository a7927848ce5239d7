# libpykc.so's ABI: it exports the pykc_* functions of include/pykc.h and nothing else
# (every one declared there is exported), has the SONAME libpykc.so.0, and links no
# function that prints to the terminal, exits or aborts.
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
exit 0
