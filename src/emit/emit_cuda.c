/*
 * emit_cuda.c: the CUDA target layer of the emitter (TARGET_CUDA).
 *
 * The shared emitter (emit.c) prints everything else; this layer says how a CUDA C file
 * for NVRTC differs from the CPU backend's C11: `extern "C" __global__` kernels,
 * `__device__` functions and helpers, a minimal __half type only when float16 is used
 * (no #include at all, so NVRTC compiles in milliseconds without -I paths), float special
 * values through bit patterns (no <math.h> macros under NVRTC), `__shared__` arrays with
 * `__align__`, and `#pragma unroll`.
 *
 * --debug: the checks (emit_index.c, emit_stmt.c) report into one `__device__ PykcDebug
 * pykc_debug` record per module. The first failing thread claims it (atomicCAS on
 * state: 0 free, 1 being written, 2 complete) and writes the line, the array name or the
 * assertion's message, index/axis/shape, block and thread. When pykc's runtime loaded the
 * module it has set `reporter` to 1 and reads the record after the launch's
 * synchronisation (runtime/launch.c, rt_debug_*): a failed index check then gives index 0
 * (the out-of-bounds access does not happen; with an axis of size 0 the access at 0 is
 * still out of bounds) and a failed assert ends its thread (PTX exit, which releases
 * barriers), because a trap would make the context unusable and the record unreadable.
 * Elsewhere (reporter 0: the .cu used without pykc's runtime) the first failure prints
 * its message with printf and every failing thread traps. The layout of PykcDebug is
 * runtime/rt.h's RtDebugRec.
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

/* --debug's record and checks (see the top of the file). */
static const char debug_record[] =
  "\nstruct PykcDebug {\n"
  "  int reporter;               // 1: pykc's runtime reads this record after launches\n"
  "  int state;                  // 0 free, 1 being written, 2 complete\n"
  "  int kind;                   // 1 index out of bounds, 2 assertion failed\n"
  "  int line;\n"
  "  int axis, ndim;\n"
  "  long long index;\n"
  "  long long shape[8];\n"
  "  unsigned int block[3], thread[3];\n"
  "  char text[128];             // the array's name, or the assertion's message\n"
  "};\n"
  "__device__ PykcDebug pykc_debug;\n"
  "\n"
  "// Claims the record for the first failure of the grid; false if it is taken.\n"
  "__device__ __noinline__ bool pykc_debug_claim(int kind, int line, const char *text) {\n"
  "  if (atomicCAS(&pykc_debug.state, 0, 1) != 0)\n"
  "    return false;\n"
  "  pykc_debug.kind = kind;\n"
  "  pykc_debug.line = line;\n"
  "  int k = 0;\n"
  "  for (; text && text[k] && k < 127; k++)\n"
  "    pykc_debug.text[k] = text[k];\n"
  "  pykc_debug.text[k] = 0;\n"
  "  pykc_debug.block[0] = blockIdx.x;\n"
  "  pykc_debug.block[1] = blockIdx.y;\n"
  "  pykc_debug.block[2] = blockIdx.z;\n"
  "  pykc_debug.thread[0] = threadIdx.x;\n"
  "  pykc_debug.thread[1] = threadIdx.y;\n"
  "  pykc_debug.thread[2] = threadIdx.z;\n"
  "  return true;\n"
  "}\n"
  "\n"
  "__device__ __forceinline__ void pykc_debug_done() {\n"
  "  __threadfence();\n"
  "  atomicExch(&pykc_debug.state, 2);\n"
  "}\n";

static void debug_preamble(Emitter *e, Buf *out) {
  const char *file = e->c->src->name;
  buf_puts(out, debug_record);
  if (e->uses_dyn_smem)
    buf_puts(out, "\n__device__ __forceinline__ unsigned int pykc_dyn_smem() {\n"
                  "  unsigned int r;\n"
                  "  asm(\"mov.u32 %0, %%dynamic_smem_size;\" : \"=r\"(r));\n"
                  "  return r;\n}\n");
  if (e->uses_check) {
    buf_puts(out, "\n__device__ __noinline__ void pykc_oob(long long i, long long n, int axis, "
                  "int ndim, const long long *shape, const char *name, int line) {\n"
                  "  bool first = pykc_debug_claim(1, line, name);\n"
                  "  if (first) {\n"
                  "    pykc_debug.index = i;\n"
                  "    pykc_debug.axis = axis;\n"
                  "    pykc_debug.ndim = ndim;\n"
                  "    for (int d = 0; d < ndim && d < 8; d++)\n"
                  "      pykc_debug.shape[d] = shape ? shape[d] : n;\n"
                  "    pykc_debug_done();\n"
                  "  }\n"
                  "  if (!pykc_debug.reporter) {\n"
                  "    if (first)\n"
                  "      printf(\"");
    emit_c_string(out, file);
    buf_puts(out, ":%d: index %lld out of bounds for axis %d of %s with size %lld "
                  "(block (%u,%u,%u), thread (%u,%u,%u))\\n\",\n"
                  "             line, i, axis, name, n, blockIdx.x, blockIdx.y, blockIdx.z, "
                  "threadIdx.x, threadIdx.y, threadIdx.z);\n"
                  "    __trap();\n"
                  "  }\n"
                  "}\n"
                  "\n"
                  "// --debug bounds check: i, or 0 after recording the failure\n"
                  "__device__ __forceinline__ long long pykc_check(long long i, long long n, "
                  "int axis, int ndim, const long long *shape, const char *name, int line) {\n"
                  "  if ((unsigned long long)i < (unsigned long long)n)\n"
                  "    return i;\n"
                  "  pykc_oob(i, n, axis, ndim, shape, name, line);\n"
                  "  return 0;\n"
                  "}\n");
  }
  if (e->uses_assert) {
    buf_puts(out, "\n__device__ __noinline__ void pykc_assert_fail(int line, const char *msg) {\n"
                  "  bool first = pykc_debug_claim(2, line, msg);\n"
                  "  if (first)\n"
                  "    pykc_debug_done();\n"
                  "  if (!pykc_debug.reporter) {\n"
                  "    if (first)\n"
                  "      printf(\"");
    emit_c_string(out, file);
    buf_puts(out, ":%d: assertion failed%s%s (block (%u,%u,%u), thread (%u,%u,%u))\\n\",\n"
                  "             line, msg ? \": \" : \"\", msg ? msg : \"\", blockIdx.x, "
                  "blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);\n"
                  "    __trap();\n"
                  "  }\n"
                  "  asm volatile(\"exit;\");\n"
                  "}\n");
  }
}

/* jit.cub without CUB's headers (NVRTC parses those for seconds, and their libcu++
   constants make the module slow to load): namespace pykc_cub computes what CCCL's
   cub::WarpReduce<T> and cub::BlockReduce<T, N> (BLOCK_REDUCE_WARP_REDUCTIONS) compute,
   step for step. A logical warp of N lanes (32, or a block's N < 32 threads) reduces over
   the offsets 1, 2, 4, ... < N, lane i combining op(its value, lane i+offset's) while
   i + offset < the valid lanes: WarpReduceShfl where N is a power of two (its shuffles),
   WarpReduceSmem's same steps where it is not; a full warp of int or unsigned under
   Sum/Min/Max is __reduce_*_sync on sm_80+, as CUB's is. BlockReduce reduces each warp
   (the last one partial where 32 does not divide N), lane 0 stores the warp's aggregate,
   and thread 0 folds warps 1.. into warp 0's in order; the result is thread 0's. The
   functors are cuda::std::plus, cuda::maximum ((a < b) ? b : a) and cuda::minimum. */
static const char cub_preamble[] =
  "\nnamespace pykc_cub {\n"
  "struct Sum { template <class T> __device__ T operator()(const T &a, const T &b) const "
  "{ return a + b; } };\n"
  "struct Max { template <class T> __device__ T operator()(const T &a, const T &b) const "
  "{ return (a < b) ? b : a; } };\n"
  "struct Min { template <class T> __device__ T operator()(const T &a, const T &b) const "
  "{ return (a < b) ? a : b; } };\n"
  "__device__ __forceinline__ int lane() {\n"
  "  unsigned r;\n  asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(r));\n  return (int)r;\n}\n"
  "template <int W, class T> __device__ __forceinline__ T shfl_down(unsigned m, T v, int d) {\n"
  "  unsigned w[(sizeof(T) + 3) / 4] = {};\n"
  "  for (int i = 0; i < (int)sizeof v; i++)\n"
  "    ((unsigned char *)w)[i] = ((const unsigned char *)&v)[i];\n"
  "  for (int i = 0; i < (int)(sizeof w / sizeof *w); i++)\n"
  "    w[i] = __shfl_down_sync(m, w[i], d, W);\n"
  "  for (int i = 0; i < (int)sizeof v; i++)\n"
  "    ((unsigned char *)&v)[i] = ((const unsigned char *)w)[i];\n"
  "  return v;\n}\n"
  "template <class T, class Op> struct Hw {\n"
  "  static __device__ __forceinline__ bool run(T &, unsigned) { return false; }\n};\n"
  "#if __CUDA_ARCH__ >= 800\n"
  "#define PYKC_CUB_HW(T, O, F) template <> struct Hw<T, O> { static __device__ "
  "__forceinline__ bool run(T &v, unsigned m) { v = F(m, v); return true; } };\n"
  "PYKC_CUB_HW(int, Sum, __reduce_add_sync) PYKC_CUB_HW(unsigned, Sum, __reduce_add_sync)\n"
  "PYKC_CUB_HW(int, Min, __reduce_min_sync) PYKC_CUB_HW(unsigned, Min, __reduce_min_sync)\n"
  "PYKC_CUB_HW(int, Max, __reduce_max_sync) PYKC_CUB_HW(unsigned, Max, __reduce_max_sync)\n"
  "#undef PYKC_CUB_HW\n"
  "#endif\n"
  "template <class T, int N, bool ALL, class Op>\n"
  "__device__ __forceinline__ T warp_reduce(T v, int valid, Op op) {\n"
  "  const bool pow2 = (N & (N - 1)) == 0;\n"
  "  int l = N == 32 ? lane() : lane() % N;\n"
  "  unsigned m = 0xffffffffu >> (32 - N);\n"
  "  if (pow2 && N < 32)\n"
  "    m <<= lane() / N * N;\n"
  "  if (ALL && pow2 && Hw<T, Op>::run(v, m))\n"
  "    return v;\n"
  "  for (int d = 1; d < N; d *= 2) {\n"
  "    T t = shfl_down<pow2 ? N : 32>(m, v, d);\n"
  "    if (l + d < valid)\n"
  "      v = op(v, t);\n"
  "  }\n"
  "  return v;\n}\n"
  "template <class T> struct WarpReduce {\n"
  "  struct TempStorage { unsigned char b; };\n"
  "  __device__ WarpReduce(TempStorage &) {}\n"
  "  template <class Op> __device__ T Reduce(T v, Op op) { return warp_reduce<T, 32, true>(v, 32, op); }\n"
  "  __device__ T Sum(T v) { return Reduce(v, pykc_cub::Sum()); }\n};\n"
  "template <class T, int N> struct BlockReduce {\n"
  "  enum { WARPS = (N + 31) / 32, LW = N < 32 ? N : 32, EVEN = N % LW == 0 };\n"
  "  struct TempStorage { alignas(T) unsigned char b[WARPS * sizeof(T)]; };\n"
  "  T *agg;\n"
  "  __device__ BlockReduce(TempStorage &s) : agg((T *)s.b) {}\n"
  "  template <class Op> __device__ T Reduce(T v, Op op) {\n"
  "    int warp = WARPS == 1 ? 0 : (int)threadIdx.x / 32, off = warp * LW;\n"
  "    v = warp_reduce<T, LW, EVEN>(v, EVEN || off + LW <= N ? LW : N - off, op);\n"
  "    if (lane() == 0)\n"
  "      agg[warp] = v;\n"
  "    __syncthreads();\n"
  "    if (threadIdx.x == 0)\n"
  "      for (int w = 1; w < WARPS; w++)\n"
  "        v = op(v, agg[w]);\n"
  "    return v;\n"
  "  }\n"
  "  __device__ T Sum(T v) { return Reduce(v, pykc_cub::Sum()); }\n};\n"
  "}\n";

/* jit.cg's headers, as cupyx.jit includes them (a libcu++ header before cooperative
   groups, for the ABI check); jit.cub's reducers are pykc_cub's. */
static void lib_includes(Emitter *e, Buf *out) {
  if (e->lib_flags & LIBF_CG)
    buf_puts(out, "\n#include <cuda/barrier>\n#include <cooperative_groups.h>\n");
  if (e->lib_flags & LIBF_MEMCPY)
    buf_puts(out, "#include <cooperative_groups/memcpy_async.h>\n");
  if (e->lib_flags & LIBF_CG)
    buf_puts(out, "namespace cg = cooperative_groups;\n");
  if (e->lib_flags & LIBF_CUB)
    buf_puts(out, cub_preamble);
}

static void preamble(Emitter *e, Buf *out) {
  lib_includes(e, out);
  if (e->uses_half && (e->lib_flags & LIBF_CG || e->half_toolkit)) {
    /* CCCL includes <cuda_fp16.h>, whose __half (with its atomicAdd and shuffles) is then
       the one; so does CuPy's float16.cuh, the forms' float16 when a preamble includes
       headers (emit_form_headers) */
    buf_puts(out, "#include <cuda_fp16.h>\n");
  } else if (e->uses_half) {
    buf_puts(out, "\n");
    buf_puts(out, half_preamble);
    if (e->half_atomic)
      buf_puts(out, half_ops);
    for (int id = 0; id < BI_COUNT; id++) {
      if (!e->half_shfl[id])
        continue;
      const char *fn = builtin_by_id(id)->spell;
      bool up_down = id == BI_SHFL_UP_SYNC || id == BI_SHFL_DOWN_SYNC;
      buf_printf(out, "__device__ __forceinline__ __half %s(unsigned int m, __half v, %s d, "
                      "int w = 32) {\n  __half r;\n  r.x = (unsigned short)%s(m, "
                      "(unsigned int)v.x, d, w);\n  return r;\n}\n",
                 fn, up_down ? "unsigned int" : "int", fn);
    }
  }
  if (e->uses_check || e->uses_assert)
    debug_preamble(e, out);
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

/* The bits of nan("") and nanf("") on the device, which is what cupyx emits (and C's NAN
   on the CPU backend): 0x7fc00000, not CUDART_NAN_F's 0x7fffffff. */
static const char *nan_(TypeKind k) {
  return k == TY_FLOAT64 ? "__longlong_as_double(0x7ff8000000000000ll)"
                         : "__int_as_float(0x7fc00000)";
}

static void dyn_shared_decl(Emitter *e, Buf *out, const char *ctype, const char *name,
                            int align) {
  (void)e;
  buf_printf(out, "extern __shared__ __align__(%d) %s %s[];\n", align ? align : 16, ctype, name);
}

static void unroll(Emitter *e, Buf *out, int u) {
  if (!u)
    return;
  for (int i = 0; i < e->indent; i++)
    buf_puts(out, "  ");
  if (u == -1)
    buf_puts(out, "#pragma unroll\n");
  else if (u == -2)
    buf_puts(out, "#pragma unroll(1)\n");  /* cupyx spells it so */
  else
    buf_printf(out, "#pragma unroll(%d)\n", u);
}

const TargetOps emit_cuda_target = {
  .target = TARGET_CUDA,
  .kernel_qual = "extern \"C\" __global__ void",
  .device_qual = "__device__",
  .fn_prefix = "",
  .helper_qual = "__device__ __forceinline__",
  .laneid = "py_laneid()",
  .dyn_smem_bytes = "pykc_dyn_smem()",
  .preamble = preamble,
  .inf = inf,
  .nan = nan_,
  .dyn_shared_decl = dyn_shared_decl,
  .unroll = unroll,
  .after_kernel = NULL,
  .cvt_prefix = NULL,
  .ftz32 = NULL,
  .always_line_info = false,
  .shift_helpers = false,
  .div_minus1_guard = false,
};
