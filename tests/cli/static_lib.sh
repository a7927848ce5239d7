# libpykc.a exposes only the public API (issue 17): its defined global symbols are exactly
# libpykc.so's exports (pykc_*), and a program that defines names the library uses inside
# (ctx_init, buf_printf, arena_alloc, rt_errf, kc_compile, sema_check) links against it
# and runs: its own functions are called, and a kernel compiled and run through the API
# (CPU backend, no CUDA driver) still computes. libpykc_internal.a (not installed) keeps
# the internal symbols global for pykc's own binary, extension and unit tests.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" PYKC_LIBCUDA="$T/no/libcuda.so.1"
nm -g --defined-only build/libpykc.a | awk 'NF == 3 { print $3 }' | sort > "$T/a"
nm -D --defined-only build/libpykc.so | awk '{ print $3 }' | sort > "$T/so"
[ -s "$T/a" ] && cmp -s "$T/a" "$T/so" ||
  { echo "libpykc.a's global symbols differ from libpykc.so's exports:"; diff "$T/so" "$T/a" | head; exit 1; }
grep -qv '^pykc_' "$T/a" && { echo "libpykc.a defines non-pykc_ symbols:"; grep -v '^pykc_' "$T/a" | head; exit 1; }
nm build/libpykc_internal.a | grep -q ' T ctx_init$' ||
  { echo "ctx_init is not an internal symbol of libpykc_internal.a (test out of date)"; exit 1; }
cat > "$T/user.c" <<'C'
#include <pykc.h>
#include <stdio.h>
#include <string.h>
/* The program's own functions, named like libpykc's internals. */
int ctx_init(int x) { return x + 1; }
const char *buf_printf(void) { return "mine"; }
void *arena_alloc(void) { return NULL; }
int rt_errf = 7;
int kc_compile(int a, int b) { return a * b; }
int sema_check(void) { return 42; }
static const char *src =
    "import cupy as cp\n"
    "from cupyx import jit\n"
    "@jit.rawkernel()\n"
    "def twice(x: cp.float32[:], out: cp.float32[:]):\n"
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = 2 * x[i]\n";
int main(void) {
  if (ctx_init(1) != 2 || strcmp(buf_printf(), "mine") || arena_alloc() || rt_errf != 7 ||
      kc_compile(6, 7) != 42 || sema_check() != 42) {
    puts("the program's own functions were not called");
    return 1;
  }
  pykc_context *cx;
  pykc_module *m;
  pykc_kernel *k;
  float x[100], out[100];
  void *dx, *dout;
  for (int i = 0; i < 100; i++)
    x[i] = (float)i;
  pykc_arg args[2];
  pykc_launch_cfg cfg = {{1, 1, 1}, {128, 1, 1}, 0, NULL};
  if (pykc_init(PYKC_DEVICE_CPU, &cx) || pykc_compile_string(cx, "twice.py", src, NULL, &m) ||
      pykc_get_kernel(m, "twice", &k) || pykc_malloc(cx, sizeof x, &dx) ||
      pykc_malloc(cx, sizeof out, &dout) || pykc_memcpy_htod(cx, dx, x, sizeof x) ||
      (args[0] = pykc_array1d(dx, PYKC_FLOAT32, 100), args[1] = pykc_array1d(dout, PYKC_FLOAT32, 100),
       pykc_launch(k, &cfg, args, 2)) || pykc_memcpy_dtoh(cx, out, dout, sizeof out)) {
    printf("pykc: %s\n", pykc_errmsg(cx));
    return 1;
  }
  for (int i = 0; i < 100; i++)
    if (out[i] != 2.0f * (float)i) {
      printf("out[%d] = %g\n", i, out[i]);
      return 1;
    }
  pykc_free(cx);
  puts("ok");
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Iinclude "$T/user.c" build/libpykc.a -ldl -lm -o "$T/user" 2> "$T/err" ||
  { echo "a program defining ctx_init, buf_printf, ... does not link against libpykc.a:"; cat "$T/err"; exit 1; }
out=$("$T/user" 2>&1)
[ "$out" = ok ] || { echo "the program: $out"; exit 1; }
# the same program against the internal archive clashes: the test can fail
if cc -std=c11 -Iinclude "$T/user.c" build/libpykc_internal.a -ldl -lm -o "$T/user2" 2> /dev/null; then
  echo "libpykc_internal.a linked a program that redefines its internals (the check above proves nothing)"
  exit 1
fi
exit 0
