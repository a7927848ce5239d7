/*
 * emit_c.c: the C11 target layer of the emitter (TARGET_C, the CPU backend).
 *
 * The emitted text is the same expression and statement code as the CUDA build; it is
 * compiled after cpu/cpu_rt.h, which implements CUDA's built-ins under their CUDA
 * names (threadIdx, __syncthreads, atomicAdd, __shfl_down_sync, __half = _Float16, ...).
 * What differs here: kernels and device functions are plain C functions, float->int
 * conversions call cpu_rt.h's pykc_cvt_* (PTX cvt.rzi: NaN -> 0, saturating), shifts
 * and the INT_MIN / -1 cases go through helpers so that integer results are those of
 * the GPU (x86 masks shift counts and traps on INT_MIN / -1), dynamic shared memory is
 * the launch's pykc_dyn_shared buffer, and each kernel gets an entry trampoline
 * `void NAME__entry(void **args)` that unpacks pointers to the arguments' ABI values.
 * `#line` directives are always present: the runtime's messages name Python lines.
 * --debug's pykc_check and pykc_assert_fail are cpu_rt.h's (they stop the grid).
 * Signed arithmetic relies on two's-complement wrap-around as on the GPU: the backend
 * compiles with -fwrapv.
 */
#include "emit.h"

static void preamble(Emitter *e, Buf *out) {
  (void)e;
  (void)out; /* cpu/cpu_rt.h is prepended by the CPU backend */
}

/* The compiler's own spellings of C's INFINITY and NAN: CUDA C++ on the CPU backend has no
   C library macros (cpu/cxx_env_close.h), and the forms' C++ takes these helpers. */
static const char *inf(TypeKind k) { return k == TY_FLOAT64 ? "__builtin_inf()" : "__builtin_inff()"; }
static const char *nan_(TypeKind k) {
  return k == TY_FLOAT64 ? "__builtin_nan(\"\")" : "__builtin_nanf(\"\")";
}

static void dyn_shared_decl(Emitter *e, Buf *out, const char *ctype, const char *name,
                            int align) {
  (void)e;
  (void)align; /* pykc_dyn_shared is 16-byte aligned */
  buf_printf(out, "%s *%s = (%s *)pykc_dyn_shared;\n", ctype, name, ctype);
}

static void unroll(Emitter *e, Buf *out, int u) {
  (void)e;
  (void)out;
  (void)u; /* the C compiler decides */
}

static void after_kernel(Emitter *e, Buf *out, const Spec *s) {
  buf_printf(out, "\nvoid %s__entry(void **args) {\n  %s%s(", s->cname, e->tg->fn_prefix, s->cname);
  for (int i = 0; i < s->nparams; i++) {
    const char *ct = emit_ctype(e, s->ptypes[i]);
    buf_printf(out, "%s*(%s *)args[%d]", i ? ", " : "", ct, i);
  }
  buf_puts(out, ");\n}\n");
}

const TargetOps emit_c_target = {
  .target = TARGET_C,
  .kernel_qual = "static void",
  .device_qual = "static",
  .fn_prefix = "pykc_fn_",
  .helper_qual = "static inline",
  .laneid = "pykc_laneid()",
  .dyn_smem_bytes = "pykc_dyn_shared_bytes",
  .preamble = preamble,
  .inf = inf,
  .nan = nan_,
  .dyn_shared_decl = dyn_shared_decl,
  .unroll = unroll,
  .after_kernel = after_kernel,
  .cvt_prefix = "pykc_cvt_",
  .ftz32 = "pykc_ftz",
  .always_line_info = true,
  .shift_helpers = true,
  .div_minus1_guard = true,
};
