/*
 * fuzz_forms.c: libFuzzer harness for the kernel forms' spec strings (`make fuzz`). An input
 * is a selector byte and fields separated by NUL bytes; they become the string arguments of
 * an ElementwiseKernel (in_params, out_params, operation, name, preamble, loop_prep,
 * after_loop) or a ReductionKernel (in_params, out_params, map_expr, reduce_expr,
 * post_map_expr, identity, name, reduce_type, preamble), written as Python string literals
 * (every byte escaped, so that the spec parser, not the lexer, sees them), and the last
 * field a signature for --sig ('k(float32[:], float32)'). The file is compiled, the form
 * specialised, and the program emitted for CUDA and for the CPU backend. Any crash,
 * sanitizer report, leak or hang is a bug; diagnostics are the expected outcome. Seeds:
 * tests/fuzz/forms/.
 */
#include "driver/driver.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAXFIELDS = 10 };

static const char *const ew_args[] = {NULL, NULL, NULL, NULL, "preamble", "loop_prep",
                                      "after_loop"};
static const char *const rk_args[] = {NULL, NULL, NULL, NULL,     NULL,
                                      NULL, NULL, "reduce_type", "preamble"};

/* FIELD as a Python string literal: printable ASCII as itself, every other byte (and the
   quote and backslash) as \xNN. */
static void literal(Buf *b, const uint8_t *s, size_t n) {
  buf_putc(b, '\'');
  for (size_t i = 0; i < n; i++) {
    if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\'' && s[i] != '\\')
      buf_putc(b, (char)s[i]);
    else
      buf_printf(b, "\\x%02x", s[i]);
  }
  buf_putc(b, '\'');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  bool reduction = data[0] & 1;
  const char *const *kw = reduction ? rk_args : ew_args;
  int nargs = reduction ? 9 : 7;
  const uint8_t *f[MAXFIELDS];
  size_t len[MAXFIELDS];
  int n = 0;
  const uint8_t *p = data + 1, *end = data + size;
  while (n < MAXFIELDS && p <= end) {
    const uint8_t *z = memchr(p, 0, (size_t)(end - p));
    f[n] = p;
    len[n++] = z ? (size_t)(z - p) : (size_t)(end - p);
    if (!z)
      break;
    p = z + 1;
  }
  int nsig = n > nargs ? nargs : n - 1;            /* the field after the arguments */
  Buf src = {0};
  buf_printf(&src, "import cupy as cp\nk = cp.%s(", reduction ? "ReductionKernel" : "ElementwiseKernel");
  for (int i = 0; i < nargs && i < n && i != nsig; i++) {
    if (i)
      buf_puts(&src, ", ");
    if (kw[i])
      buf_printf(&src, "%s=", kw[i]);
    literal(&src, f[i], len[i]);
  }
  buf_puts(&src, ")\n");
  Buf sig = {0};
  if (nsig >= 0 && nsig < n && len[nsig]) {
    buf_puts(&sig, "k(");
    for (size_t i = 0; i < len[nsig]; i++)         /* NUL-free by construction */
      buf_putc(&sig, (char)f[nsig][i]);
    buf_putc(&sig, ')');
  }
  const char *sigs[1] = {sig.data};
  Options opt = {0};
  if (sig.data && !sig.oom)
    opt.sigs = sigs, opt.nsigs = 1;
  if (!src.oom) {
    Unit *u = unit_from_string("fuzz_forms.py", src.data, src.len, &opt);
    if (u) {
      for (Target t = TARGET_CUDA; t <= TARGET_C; t++)
        free(unit_emit(u, t));
      unit_free(u);
    }
  }
  buf_free(&sig);
  buf_free(&src);
  return 0;
}
