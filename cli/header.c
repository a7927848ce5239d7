/*
 * header.c: `pykc header`, a C header that embeds a kernel-language file's kernels.
 *
 *   pykc header FILE [-o OUT.h] [--arch sm_NN]
 *
 * The header holds a cubin for sm_NN and PTX for compute_NN (a newer GPU JIT-compiles
 * it), a loader that tries the cubin first, one typed launch function per kernel
 * (PREFIX_KERNEL(grid, block, shared_mem, stream, params...)) and an unload function.
 * It needs only libcuda. Array parameters become small structs with the kernel ABI's
 * layout (docs/design.md §4), one per dtype and ndim used, each guarded so that two headers can be
 * included together; PREFIX is the output's (else the input's) base name.
 */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The host type of a scalar of dtype DT (float16 as its bits). */
static const char *host_ctype(int dt) {
  static const char *const names[TY_NSCALAR] = {
      "bool", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t",
      "uint64_t", "uint16_t" /* float16 bits */, "float", "double", "pykc_h_complex64",
      "pykc_h_complex128"};
  return names[dt];
}

static const char *param_name(const Spec *s, int j) {
  return s->params[j]->cname ? s->params[j]->cname : s->params[j]->name;
}

static void put_bytes(Buf *b, const char *prefix, const char *what, const RtBinary *bin) {
  const unsigned char *p = bin->data;
  buf_printf(b, "static const unsigned char %s_%s[%zu] = {", prefix, what, bin->len);
  for (size_t i = 0; i < bin->len; i++)
    buf_printf(b, "%s0x%02x,", i % 16 ? "" : "\n  ", p[i]);
  buf_puts(b, "\n};\n");
}

/* The struct of an array of dtype DT and ndim ND, and a function that makes one. */
static void put_array_type(Buf *b, int dt, int nd) {
  const char *el = dtype_info[dt].name;
  buf_printf(b, "#ifndef PYKC_H_ARRAY_%s_%d\n#define PYKC_H_ARRAY_%s_%d\n", el, nd, el, nd);
  if (nd == 0) {
    buf_printf(b, "typedef struct { %s *data; int64_t size; } pykc_h_array_%s_0;\n",
               host_ctype(dt), el);
  } else {
    buf_printf(b, "typedef struct { %s *data; int64_t size; int64_t shape[%d]; "
                  "int64_t strides[%d]; } pykc_h_array_%s_%d;\n",
               host_ctype(dt), nd, nd, el, nd);
  }
  buf_printf(b, "/* A C-contiguous %s array of the given shape over device memory P. */\n", el);
  buf_printf(b, "static inline pykc_h_array_%s_%d pykc_h_array_%s_%d_make(CUdeviceptr p, "
                "const int64_t *shape) {\n  pykc_h_array_%s_%d a;\n  int64_t s = %d;\n",
             el, nd, el, nd, el, nd, dtype_info[dt].size);
  buf_printf(b, "  a.data = (%s *)(uintptr_t)p;\n", host_ctype(dt));
  if (nd == 0)
    buf_puts(b, "  (void)shape;\n");
  else
    buf_printf(b, "  for (int d = %d; d >= 0; d--) {\n    a.shape[d] = shape[d];\n"
                  "    a.strides[d] = s;\n    s *= shape[d];\n  }\n", nd - 1);
  buf_printf(b, "  a.size = s / %d;\n  return a;\n}\n#endif\n", dtype_info[dt].size);
}

/* Kernel S: its line in the header's comment (DOC) and its launch function (FUNCS); marks
   the array types it uses. -1 with a message for a parameter that C cannot pass. */
static int put_kernel(Buf *doc, Buf *funcs, Unit *u, const Spec *s, const char *prefix,
                      bool used[TY_NSCALAR][RT_MAXDIM + 1]) {
  buf_printf(doc, " *   %s_%s(grid, block, shared_mem, stream", prefix, s->cname);
  buf_printf(funcs, "static CUfunction %s_fn_%s_;\n", prefix, s->cname);
  buf_printf(funcs, "static inline CUresult %s_%s(pykc_h_dim3 pykc_grid, pykc_h_dim3 "
                    "pykc_block,\n    unsigned pykc_shared_mem, CUstream pykc_stream",
             prefix, s->cname);
  for (int j = 0; j < s->nparams; j++) {
    const Type *t = s->ptypes[j];
    const char *name = param_name(s, j);
    if (t->kind == TY_ARRAY && t->elem->kind < TY_NSCALAR && t->ndim <= RT_MAXDIM) {
      used[t->elem->kind][t->ndim] = true;
      buf_printf(funcs, ", pykc_h_array_%s_%d %s", dtype_info[t->elem->kind].name, t->ndim,
                 name);
    } else if (t->kind < TY_NSCALAR) {
      buf_printf(funcs, ", %s %s", host_ctype(t->kind), name);
    } else {
      fprintf(stderr, "pykc: kernel '%s': parameter '%s' cannot be passed from C\n",
              s->fn->name, name);
      return -1;
    }
    buf_printf(doc, ", %s %s", ty_str(&u->ctx, t), name);
  }
  buf_printf(doc, ")\n *       launches %s%s\n", s->cname,
             s->fn->specs && s->fn->specs->next ? " (a specialisation)" : "");
  buf_puts(funcs, ") {\n  CUresult pykc_r;\n");
  buf_printf(funcs, "  if (!%s_fn_%s_) {\n    if ((pykc_r = %s_load()) != CUDA_SUCCESS)\n"
                    "      return pykc_r;\n    if ((pykc_r = cuModuleGetFunction(&%s_fn_%s_, "
                    "%s_module_, \"%s\")) != CUDA_SUCCESS)\n      return pykc_r;\n  }\n",
             prefix, s->cname, prefix, prefix, s->cname, prefix, s->cname);
  if (s->nparams) {
    buf_puts(funcs, "  void *pykc_params[] = {");
    for (int j = 0; j < s->nparams; j++)
      buf_printf(funcs, "%s&%s", j ? ", " : "", param_name(s, j));
    buf_puts(funcs, "};\n");
  } else {
    buf_puts(funcs, "  void **pykc_params = NULL;\n");
  }
  buf_printf(funcs, "  return cuLaunchKernel(%s_fn_%s_, pykc_grid.x, pykc_grid.y, pykc_grid.z,"
                    "\n                        pykc_block.x, pykc_block.y, pykc_block.z, "
                    "pykc_shared_mem, pykc_stream,\n                        pykc_params, "
                    "NULL);\n}\n\n",
             prefix, s->cname);
  return 0;
}

/* The include guard, the includes and the types every pykc header shares. */
static void put_preamble(Buf *b, const char *prefix) {
  char guard[256];
  snprintf(guard, sizeof guard, "PYKC_%s_H", prefix);
  for (char *q = guard; *q; q++)
    *q = (char)toupper((unsigned char)*q);
  buf_printf(b, " */\n#ifndef %s\n#define %s\n\n#include <cuda.h>\n#include <stdbool.h>\n"
                "#include <stddef.h>\n#include <stdint.h>\n\n",
             guard, guard);
  buf_puts(b, "#ifndef PYKC_H_COMMON\n#define PYKC_H_COMMON\n"
              "typedef struct { unsigned x, y, z; } pykc_h_dim3;\n"
              "#ifdef __cplusplus\n#define PYKC_H_ALIGN(n) alignas(n)\n#else\n"
              "#define PYKC_H_ALIGN(n) _Alignas(n)\n#endif\n"
              "typedef struct { PYKC_H_ALIGN(8) float re; float im; } pykc_h_complex64;\n"
              "typedef struct { PYKC_H_ALIGN(16) double re; double im; } pykc_h_complex128;\n"
              "#endif\n\n");
}

/* The embedded cubin and PTX and the function that loads one of them. */
static void put_module(Buf *b, const char *prefix, const RtBinary *cubin, const RtBinary *ptx) {
  buf_putc(b, '\n');
  put_bytes(b, prefix, "cubin", cubin);
  put_bytes(b, prefix, "ptx", ptx);
  buf_printf(b, "\nstatic CUmodule %s_module_;\n\n"
                "/* Loads the cubin, or JIT-compiles the PTX on a GPU the cubin does not fit. */\n"
                "static inline CUresult %s_load(void) {\n"
                "  if (%s_module_)\n    return CUDA_SUCCESS;\n"
                "  if (cuModuleLoadData(&%s_module_, %s_cubin) == CUDA_SUCCESS)\n"
                "    return CUDA_SUCCESS;\n"
                "  %s_module_ = NULL;\n"
                "  return cuModuleLoadData(&%s_module_, %s_ptx);\n}\n\n",
             prefix, prefix, prefix, prefix, prefix, prefix, prefix, prefix);
}

static void put_unload(Buf *b, const char *prefix, const Program *p) {
  buf_printf(b, "static inline CUresult %s_unload(void) {\n", prefix);
  for (int i = 0; i < p->nkernels; i++)
    buf_printf(b, "  %s_fn_%s_ = NULL;\n", prefix, p->kernels[i]->cname);
  buf_printf(b, "  CUresult r = %s_module_ ? cuModuleUnload(%s_module_) : CUDA_SUCCESS;\n"
                "  %s_module_ = NULL;\n  return r;\n}\n\n#endif\n",
             prefix, prefix, prefix);
}

/* The header text for the unit's kernels; NULL with a message for parameters it cannot
   type. */
static char *header_text(Unit *u, const char *prefix, const char *file, const RtCompile *o,
                         const RtBinary *cubin, const RtBinary *ptx) {
  Program *p = u->prog;
  Buf b = {0}, funcs = {0};
  bool used[TY_NSCALAR][RT_MAXDIM + 1] = {{false}};
  Buf name = {0};
  buf_put_comment(&name, file);                    /* a file name is not code */
  buf_printf(&b, "/*\n * Generated by pykc %s from %s: a cubin for sm_%d and PTX for compute_%d"
                 " (newer GPUs JIT it),\n * and one launch function per kernel. Do not edit.\n"
                 " * Needs only libcuda: make a context current (cuInit, "
                 "cuDevicePrimaryCtxRetain,\n * cuCtxSetCurrent), then call the functions "
                 "below; the module loads on first use\n * (%s_load; not thread-safe). Each "
                 "function returns the CUresult of the launch.\n *\n",
             PYKC_VERSION, name.data, o->arch, o->arch, prefix);
  buf_free(&name);
  for (int i = 0; i < p->nkernels; i++)
    if (put_kernel(&b, &funcs, u, p->kernels[i], prefix, used)) {
      buf_free(&b), buf_free(&funcs);
      return NULL;
    }
  put_preamble(&b, prefix);
  for (int dt = 0; dt < TY_NSCALAR; dt++)
    for (int nd = 0; nd <= RT_MAXDIM; nd++)
      if (used[dt][nd])
        put_array_type(&b, dt, nd);
  put_module(&b, prefix, cubin, ptx);
  buf_puts(&b, funcs.data ? funcs.data : "");
  put_unload(&b, prefix, p);
  buf_free(&funcs);
  return buf_detach(&b);
}

/* The prefix of every name in the header: the output's (else the input's) base name up to
   its first dot, as a C identifier ("kernels" if nothing is left). */
static void header_prefix(const char *file, const char *out, char *prefix, size_t n) {
  const char *base = out && strcmp(out, "-") ? out : file;
  const char *slash = strrchr(base, '/');
  snprintf(prefix, n, "%s", slash ? slash + 1 : base);
  char *dot = strchr(prefix, '.');
  if (dot)
    *dot = 0;
  if (!*prefix)
    snprintf(prefix, n, "kernels");
  for (char *q = prefix; *q; q++)
    if (!isalnum((unsigned char)*q) && *q != '_')
      *q = '_';
  size_t len = strlen(prefix);
  if (!isdigit((unsigned char)prefix[0]))
    return;
  if (len + 2 > n)                                /* room for the '_' */
    prefix[len = n - 2] = 0;
  memmove(prefix + 1, prefix, len + 1);
  prefix[0] = '_';
}

int cli_header(int argc, char **argv) {
  Options opt = {.need_sigs = true};
  const char *file, *out, *arch, *cmd = argv[0];
  int st = cli_file_opts(argc, argv, &opt, &file, &out, &arch);
  if (st)
    return st;
  if (rt_is_cu(file))
    return cli_usage(cmd, "header takes a kernel-language file, not a .cu file");
  char prefix[128];
  header_prefix(file, out, prefix, sizeof prefix);
  RtCompile o = {.name = file, .line_info = opt.line_info, .generated = true};
  if ((st = cli_pick_arch(cmd, arch, true, &o)))
    return st;
  Unit *u = cli_unit(file, &opt, true);
  if (!u)
    return RT_EFAIL;
  char *src = u->status ? NULL : unit_emit(u, TARGET_CUDA);
  fputs(unit_diags(u), stderr);
  st = u->status ? u->status : src ? 0 : RT_ESOURCE;
  o.generated = !kc_user_code(u);                  /* a kernel form's code is the user's */
  RtBinary cubin = {0}, ptx = {0};
  RtCompile oc = o;
  oc.cubin = true;
  if (!st && !(st = cli_compile_report(src, &oc, &cubin)))
    st = cli_compile_report(src, &o, &ptx);       /* o.cubin is false: PTX */
  if (!st) {
    char *text = header_text(u, prefix, file, &o, &cubin, &ptx);
    st = text ? cli_write(out, text, strlen(text)) : RT_ESOURCE;
    free(text);
  }
  rt_binary_free(&cubin);
  rt_binary_free(&ptx);
  free(src);
  unit_free(u);
  return st;
}
