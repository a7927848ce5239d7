/*
 * emit_cuda.c: the CUDA target layer of the emitter (TARGET_CUDA).
 *
 * The shared emitter (emit.c) prints everything else; this layer says how a CUDA C file
 * for NVRTC differs from the CPU backend's C11: `extern "C" __global__` kernels,
 * `__device__` functions and helpers, a minimal __half type only when float16 is used
 * (no #include at all, so NVRTC compiles in milliseconds without -I paths), float special
 * values through bit patterns (no <math.h> macros under NVRTC), `__shared__` arrays with
 * `__align__`, and `#pragma unroll`.
 */
#include "emit.h"

/* float16 without <cuda_fp16.h> (NVRTC does not find it without -I): a 16-bit storage
   type converted with PTX cvt (round to nearest even, as __float2half), plus the
   atomicAdd and shuffle overloads the language allows on float16. */
static const char half_preamble[] =
  "struct __align__(2) __half {\n"
  "  unsigned short x;\n"
  "  __half() = default;\n"
  "  __device__ __half(float f) { asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(x) : \"f\"(f)); }\n"
  "  __device__ __half(double d) { asm(\"cvt.rn.f16.f64 %0, %1;\" : \"=h\"(x) : \"d\"(d)); }\n"
  "  __device__ __half(int i) : __half((float)i) {}\n"
  "  __device__ __half(unsigned int i) : __half((float)i) {}\n"
  "  __device__ __half(long long i) : __half((float)i) {}\n"
  "  __device__ __half(unsigned long long i) : __half((float)i) {}\n"
  "  __device__ operator float() const {\n"
  "    float f;\n"
  "    asm(\"cvt.f32.f16 %0, %1;\" : \"=f\"(f) : \"h\"(x));\n"
  "    return f;\n"
  "  }\n"
  "};\n";

static const char half_ops[] =
  "__device__ __forceinline__ __half atomicAdd(__half *p, __half v) {\n"
  "  __half r;\n"
  "  asm volatile(\"atom.add.noftz.f16 %0, [%1], %2;\" : \"=h\"(r.x) : \"l\"(p), \"h\"(v.x) : \"memory\");\n"
  "  return r;\n"
  "}\n";

static const char *const half_shfl[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                                        "__shfl_xor_sync"};

static void preamble(Emitter *e, Buf *out) {
  if (e->uses_half) {
    buf_puts(out, "\n");
    buf_puts(out, half_preamble);
    if (e->half_atomic)
      buf_puts(out, half_ops);
    for (int i = 0; i < 4; i++)
      if (e->half_shfl[i])
        buf_printf(out, "__device__ __forceinline__ __half %s(unsigned int m, __half v, %s d, "
                      "int w = 32) {\n  __half r;\n  r.x = (unsigned short)%s(m, "
                      "(unsigned int)v.x, d, w);\n  return r;\n}\n",
                 half_shfl[i], i == 1 || i == 2 ? "unsigned int" : "int", half_shfl[i]);
  }
  if (e->uses_laneid)
    buf_puts(out, "\n__device__ __forceinline__ unsigned int py_laneid() {\n"
                  "  unsigned int r;\n"
                  "  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r));\n"
                  "  return r;\n}\n");
}

static const char *inf(TypeKind k) {
  return k == TY_FLOAT64 ? "__longlong_as_double(0x7ff0000000000000ll)"
                         : "__int_as_float(0x7f800000)";
}

static const char *nan_(TypeKind k) {
  return k == TY_FLOAT64 ? "__longlong_as_double(0x7ff8000000000000ll)"
                         : "__int_as_float(0x7fffffff)";
}

static void shared_decl(Emitter *e, Buf *out, const char *ctype, const char *name,
                        int64_t count, int align) {
  (void)e;
  if (count < 0)
    buf_printf(out, "extern __shared__ __align__(%d) %s %s[];\n", align ? align : 16, ctype,
               name);
  else if (align)
    buf_printf(out, "__shared__ __align__(%d) %s %s[%lld];\n", align, ctype, name,
               (long long)count);
  else
    buf_printf(out, "__shared__ %s %s[%lld];\n", ctype, name, (long long)count);
}

static void unroll(Emitter *e, Buf *out, int u) {
  if (!u)
    return;
  for (int i = 0; i < e->indent; i++)
    buf_puts(out, "  ");
  if (u == -1)
    buf_puts(out, "#pragma unroll\n");
  else if (u == -2)
    buf_puts(out, "#pragma unroll 1\n");
  else
    buf_printf(out, "#pragma unroll %d\n", u);
}

const TargetOps emit_cuda_target = {
  .target = TARGET_CUDA,
  .kernel_qual = "extern \"C\" __global__ void",
  .device_qual = "__device__",
  .helper_qual = "__device__ __forceinline__",
  .laneid = "py_laneid()",
  .assert_fn = NULL,
  .preamble = preamble,
  .inf = inf,
  .nan = nan_,
  .shared_decl = shared_decl,
  .unroll = unroll,
  .after_kernel = NULL,
  .cvt_prefix = NULL,
  .always_line_info = false,
  .shift_helpers = false,
  .div_minus1_guard = false,
};
