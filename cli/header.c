/*
 * header.c: `pykc header`, a C header that embeds a kernel-language file's kernels.
 *
 *   pykc header FILE [-o OUT.h] [--arch sm_NN] [--kernel NAME]
 *
 * FILE may also hold CUDA C++ as written: a .cu file, or a .py file's RawKernel/RawModule
 * call (the one --kernel names, or the only one: cli_raw_choice), compiled with its
 * options and name expressions. Its launch functions take what the kernel declares:
 * CUdeviceptr for a pointer, the C type of a scalar, the array struct for CuPy's
 * CArray<T, N>; a name expression's function is named after the expression (fx3<float>
 * is PREFIX_fx3_float) and launches its lowered name.
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

/* The array types USED marks, in dtype and ndim order. */
static void put_array_types(Buf *b, bool used[TY_NSCALAR][RT_MAXDIM + 1]) {
  for (int dt = 0; dt < TY_NSCALAR; dt++)
    for (int nd = 0; nd <= RT_MAXDIM; nd++)
      if (used[dt][nd])
        put_array_type(b, dt, nd);
}

/* The launch function's body: look up SYM once, then launch with the N parameters. */
static void put_launch(Buf *funcs, const char *prefix, const char *fn, const char *sym,
                       const char *const *params, int n) {
  buf_puts(funcs, ") {\n  CUresult pykc_r;\n");
  buf_printf(funcs, "  if (!%s_fn_%s_) {\n    if ((pykc_r = %s_load()) != CUDA_SUCCESS)\n"
                    "      return pykc_r;\n    if ((pykc_r = cuModuleGetFunction(&%s_fn_%s_, "
                    "%s_module_, \"%s\")) != CUDA_SUCCESS)\n      return pykc_r;\n  }\n",
             prefix, fn, prefix, prefix, fn, prefix, sym);
  if (n) {
    buf_puts(funcs, "  void *pykc_params[] = {");
    for (int j = 0; j < n; j++)
      buf_printf(funcs, "%s&%s", j ? ", " : "", params[j]);
    buf_puts(funcs, "};\n");
  } else {
    buf_puts(funcs, "  void **pykc_params = NULL;\n");
  }
  buf_printf(funcs, "  return cuLaunchKernel(%s_fn_%s_, pykc_grid.x, pykc_grid.y, pykc_grid.z,"
                    "\n                        pykc_block.x, pykc_block.y, pykc_block.z, "
                    "pykc_shared_mem, pykc_stream,\n                        pykc_params, "
                    "NULL);\n}\n\n",
             prefix, fn);
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
  const char *params[RT_MAXPARAMS];
  for (int j = 0; j < s->nparams && j < RT_MAXPARAMS; j++)
    params[j] = param_name(s, j);
  put_launch(funcs, prefix, s->cname, s->cname, params, s->nparams);
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

/* The unload function, which forgets the N launch functions' CUfunctions FNS. */
static void put_unload(Buf *b, const char *prefix, const char *const *fns, int n) {
  buf_printf(b, "static inline CUresult %s_unload(void) {\n", prefix);
  for (int i = 0; i < n; i++)
    buf_printf(b, "  %s_fn_%s_ = NULL;\n", prefix, fns[i]);
  buf_printf(b, "  CUresult r = %s_module_ ? cuModuleUnload(%s_module_) : CUDA_SUCCESS;\n"
                "  %s_module_ = NULL;\n  return r;\n}\n\n#endif\n",
             prefix, prefix, prefix);
}

/* The header's opening comment, up to its list of launch functions. */
static void put_banner(Buf *b, const char *prefix, const char *file, const RtCompile *o) {
  Buf name = {0};
  buf_put_comment(&name, file);                    /* a file name is not code */
  buf_printf(b, "/*\n * Generated by pykc %s from %s: a cubin for sm_%d and PTX for compute_%d"
                 " (newer GPUs JIT it),\n * and one launch function per kernel. Do not edit.\n"
                 " * Needs only libcuda: make a context current (cuInit, "
                 "cuDevicePrimaryCtxRetain,\n * cuCtxSetCurrent), then call the functions "
                 "below; the module loads on first use\n * (%s_load; not thread-safe). Each "
                 "function returns the CUresult of the launch.\n *\n",
             PYKC_VERSION, name.data, o->arch, o->arch, prefix);
  buf_free(&name);
}

/* The header text for the unit's kernels; NULL with a message for parameters it cannot
   type. */
static char *header_text(Unit *u, const char *prefix, const char *file, const RtCompile *o,
                         const RtBinary *cubin, const RtBinary *ptx) {
  Program *p = u->prog;
  Buf b = {0}, funcs = {0};
  bool used[TY_NSCALAR][RT_MAXDIM + 1] = {{false}};
  put_banner(&b, prefix, file, o);
  for (int i = 0; i < p->nkernels; i++)
    if (put_kernel(&b, &funcs, u, p->kernels[i], prefix, used)) {
      buf_free(&b), buf_free(&funcs);
      return NULL;
    }
  put_preamble(&b, prefix);
  put_array_types(&b, used);
  put_module(&b, prefix, cubin, ptx);
  buf_puts(&b, funcs.data ? funcs.data : "");
  const char **fns = arena_alloc(&u->ctx.arena, (size_t)(p->nkernels + 1) * sizeof *fns);
  for (int i = 0; i < p->nkernels; i++)
    fns[i] = p->kernels[i]->cname;
  put_unload(&b, prefix, fns, p->nkernels);
  buf_free(&funcs);
  return buf_detach(&b);
}

/* A C identifier for kernel NAME: a name expression's other characters become '_', runs
   of them one, none at the end (fx3<float, 2> is fx3_float_2). */
static void c_ident(const char *name, char *buf, size_t n) {
  size_t k = 0;
  for (const char *q = name; *q && k + 1 < n; q++)
    if (isalnum((unsigned char)*q) || *q == '_')
      buf[k++] = *q;
    else if (k && buf[k - 1] != '_')
      buf[k++] = '_';
  while (k && buf[k - 1] == '_' && strchr(name, '<'))
    k--;
  buf[k] = 0;
}

/* The header text for CUDA C++ as written (RAW, compiled: its lowered names known); NULL
   with a message for a parameter that C cannot pass. */
static char *raw_header_text(const RtRaw *raw, const char *prefix, const char *file,
                             const RtCompile *o, const RtBinary *cubin, const RtBinary *ptx) {
  Buf b = {0}, funcs = {0};
  bool used[TY_NSCALAR][RT_MAXDIM + 1] = {{false}};
  int n = rt_raw_nkernels(raw);
  char (*ids)[128] = calloc(n ? (size_t)n : 1, sizeof *ids);
  const char **fns = calloc(n ? (size_t)n : 1, sizeof *fns);
  if (!ids || !fns) {
    free(ids), free(fns);
    fputs("pykc: out of memory\n", stderr);
    return NULL;
  }
  put_banner(&b, prefix, file, o);
  for (int i = 0; i < n; i++) {
    const RtCuKernel *k = rt_raw_kernel(raw, i);
    const char *params[RT_MAXPARAMS];
    c_ident(k->name, ids[i], sizeof ids[i]);
    fns[i] = ids[i];
    buf_printf(&b, " *   %s_%s(grid, block, shared_mem, stream", prefix, ids[i]);
    buf_printf(&funcs, "static CUfunction %s_fn_%s_;\n", prefix, ids[i]);
    buf_printf(&funcs, "static inline CUresult %s_%s(pykc_h_dim3 pykc_grid, pykc_h_dim3 "
                       "pykc_block,\n    unsigned pykc_shared_mem, CUstream pykc_stream",
               prefix, ids[i]);
    for (int j = 0; j < k->nparams && j < RT_MAXPARAMS; j++) {
      const RtParam *q = &k->params[j];
      bool carray = q->is_array && !q->raw;        /* CuPy's CArray<T, N>: the struct */
      if ((!q->is_array || carray) && (q->dtype < 0 || q->ndim > RT_MAXDIM)) {
        fprintf(stderr, "pykc: kernel '%s': parameter '%s' has a type that C cannot pass\n",
                k->name, q->name);
        free(ids), free(fns), buf_free(&b), buf_free(&funcs);
        return NULL;
      }
      char ct[64];
      if (carray)
        snprintf(ct, sizeof ct, "pykc_h_array_%s_%d", dtype_info[q->dtype].name, q->ndim);
      else
        snprintf(ct, sizeof ct, "%s", q->is_array ? "CUdeviceptr" : host_ctype(q->dtype));
      if (carray)
        used[q->dtype][q->ndim] = true;
      buf_printf(&funcs, ", %s %s", ct, q->name);
      buf_printf(&b, ", %s %s", ct, q->name);
      params[j] = q->name;
    }
    buf_printf(&b, ")\n *       launches %s\n", k->name);
    put_launch(&funcs, prefix, ids[i], rt_raw_symbol(raw, i), params, k->nparams);
  }
  put_preamble(&b, prefix);
  put_array_types(&b, used);
  put_module(&b, prefix, cubin, ptx);
  buf_puts(&b, funcs.data ? funcs.data : "");
  put_unload(&b, prefix, fns, n);
  free(ids), free(fns);
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

/* The header of CUDA C++ as written: the .cu FILE (KR NULL; with OPT's -D and --kernel)
   or KR's code; the status. */
static int raw_header(const char *file, const KRaw *kr, const Options *opt, const char *out,
                      const char *prefix, const RtCompile *o) {
  RtRaw *raw = NULL;
  char err[RT_ERRLEN];
  int st = 0;
  if (kr) {
    st = cli_raw_new(kr, file, &raw);
  } else
    st = cli_cu_raw(file, opt, &raw);
  char *src = st ? NULL : rt_raw_gpu_source(raw);
  if (!st && !src)
    st = cli_fail(RT_EFAIL, "out of memory");
  RtBinary cubin = {0}, ptx = {0};
  RtCompile oc = *o, op = *o;
  oc.generated = op.generated = false;
  oc.cubin = true;
  if (raw)
    rt_raw_compile_opts(raw, &oc), rt_raw_compile_opts(raw, &op);
  if (!st)
    st = cli_compile_report(src, &oc, &cubin);
  if (!st)
    st = cli_compile_report(src, &op, &ptx);       /* op.cubin is false: PTX */
  if (!st && rt_raw_set_lowered(raw, cubin.lowered, err))
    st = cli_fail(RT_EFAIL, err);
  if (!st) {
    char *text = raw_header_text(raw, prefix, file, o, &cubin, &ptx);
    st = text ? cli_write(out, text, strlen(text)) : RT_ESOURCE;
    free(text);
  }
  rt_binary_free(&cubin);
  rt_binary_free(&ptx);
  free(src);
  rt_raw_free(raw);
  return st;
}

int cli_header(int argc, char **argv) {
  Options opt = {.need_sigs = true};
  const char *file, *out, *arch, *cmd = argv[0];
  int st = cli_file_opts(argc, argv, &opt, &file, &out, &arch);
  if (st)
    return st;
  char prefix[128];
  header_prefix(file, out, prefix, sizeof prefix);
  RtCompile o = {.name = file, .line_info = opt.line_info, .generated = true};
  if ((st = cli_pick_arch(cmd, arch, true, &o)))
    return st;
  if (rt_is_cu(file))
    return raw_header(file, NULL, &opt, out, prefix, &o);
  Unit *u = cli_unit(file, &opt, true);
  if (!u)
    return RT_EFAIL;
  const KRaw *kr = u->status ? NULL : cli_raw_choice(u, &opt, file, &st);
  if (kr || st) {                                  /* a RawKernel's/RawModule's code */
    st = st ? st : raw_header(file, kr, &opt, out, prefix, &o);
    fputs(unit_diags(u), stderr);
    unit_free(u);
    return st;
  }
  char *src = u->status ? NULL : unit_emit(u, TARGET_CUDA);
  fputs(unit_diags(u), stderr);
  st = u->status ? u->status : src ? 0 : RT_ESOURCE;
  o.user_code = kc_user_code(u);                   /* a kernel form's snippets */
  o.cccl = kc_cccl(u);                             /* jit.cg / jit.cub: the CCCL headers */
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
