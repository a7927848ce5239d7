/*
 * form_raw.c: what `pykc cuda` prints for the RawKernel and RawModule calls of a program
 * (forms.h): their CUDA C++ as written, each after a banner naming the call, its line,
 * its kernels and the options and name expressions it is compiled with. The runtime
 * compiles each one on its own (runtime/raw.c), not as part of the generated CUDA.
 */
#include "forms.h"

void emit_raw_forms(Buf *out, const Program *p) {
  for (const Form *f = p->forms; f; f = f->next) {
    if (f->kind != FORM_RAW_KERNEL && f->kind != FORM_RAW_MODULE)
      continue;
    buf_printf(out, "\n// ---- %s%s%s (line %u): its code as written, compiled on its own",
               form_kind_names[f->kind], f->var ? " " : "", f->var ? f->var : "", f->loc.line);
    buf_puts(out, "\n// kernels:");
    for (int i = 0; i < f->nkernels; i++)
      buf_printf(out, "%s %s", i ? "," : "", f->kernels[i].name);
    if (f->noptions) {
      buf_puts(out, "\n// options:");
      for (int i = 0; i < f->noptions; i++)
        buf_printf(out, " %s", f->options[i]);
    }
    buf_puts(out, "\n");
    buf_puts(out, f->code.s);
    if (f->code.len && f->code.s[f->code.len - 1] != '\n')
      buf_putc(out, '\n');
  }
}
