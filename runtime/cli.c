/*
 * cli.c: the runtime subcommands of the pykc command line (main.c dispatches to them).
 *
 *   pykc ptx    FILE [-o OUT.ptx] [--arch compute_NN|sm_NN]   NVRTC, no GPU needed
 *   pykc cubin  FILE  -o OUT.cubin [--arch sm_NN]
 *   pykc header FILE [-o OUT.h] [--arch sm_NN]   embedded cubin + PTX, typed launch functions
 *   pykc run    FILE --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]] ... ARG...
 *   pykc cache  info|clear
 *
 * FILE may be a .cu file: it goes to NVRTC as written (its errors are source errors);
 * generated CUDA that NVRTC rejects is a pykc bug (nvrtc.c keeps it for the report).
 * `run` uses the GPU through the public API (api.c), or the CPU backend (cpu.c) when
 * there is no driver or GPU, or with --cpu. Exit status: 0 ok, 1 source errors, 2 bad
 * usage, 3 NVRTC, driver or kernel failure.
 */
#include "rt.h"
#include "../include/pykc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared helpers ---- */

static int usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int usage(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("pykc: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n(see 'pykc --help'; usage: pykc %s FILE ...)\n", cmd);
  return RT_EUSAGE;
}

static int fail(int st, const char *msg) {
  fprintf(stderr, "pykc: %s\n", msg);
  return st;
}

static bool is_cu(const char *path) {
  size_t n = strlen(path);
  return n >= 3 && strcmp(path + n - 3, ".cu") == 0;
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buf_putn(&b, chunk, n);
  fclose(f);
  buf_putc(&b, 0);
  return buf_detach(&b);
}

static int write_bytes(const char *path, const void *data, size_t len) {
  bool out = !path || strcmp(path, "-") == 0;
  FILE *f = out ? stdout : fopen(path, "wb");
  if (!f || fwrite(data, 1, len, f) != len || (out ? fflush(f) : fclose(f)) != 0) {
    fprintf(stderr, "pykc: cannot write '%s'\n", out ? "<stdout>" : path);
    if (f && !out)
      fclose(f);
    return RT_EFAIL;
  }
  return 0;
}

/* Takes "--name VALUE" or "--name=VALUE"; returns the value or NULL (not this option). */
static const char *opt_value(int *i, int argc, char **argv, const char *name, int *bad) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0)
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n])
    return NULL;
  if (*i + 1 >= argc) {
    *bad = 1;
    return NULL;
  }
  return argv[++*i];
}

/* The emitted CUDA of FILE (or the .cu text itself); NULL with the exit status in *st. */
static char *source_of(const char *file, Options *opt, int *st) {
  if (is_cu(file)) {
    char *text = read_text(file);
    if (!text)
      *st = fail(RT_EUSAGE, "cannot open the .cu file");
    return text;
  }
  opt->need_sigs = true;
  Unit *u = unit_from_file(file, opt);
  char *src = u->status ? NULL : unit_emit(u, TARGET_CUDA);
  fputs(unit_diags(u), stderr);
  *st = u->status ? u->status : src ? 0 : RT_ESOURCE;
  unit_free(u);
  return src;
}

/* --arch: given (checked against NVRTC) or the GPU present, else sm_90. */
static int pick_arch(const char *cmd, const char *given, bool need_sm, RtCompile *o) {
  char err[RT_ERRLEN];
  if (rt_nvrtc_load(err))
    return fail(RT_EFAIL, err);
  int lo = 0, hi = 0;
  if (!given) {
    int dev = rt_device_arch0();
    o->arch = rt_nvrtc_best_arch(dev ? dev : 90, &lo, &hi);
    o->arch_suffix = 0;
    return o->arch ? 0 : fail(RT_EFAIL, "NVRTC supports no architecture this GPU can run");
  }
  bool is_sm;
  if (rt_parse_arch(given, &o->arch, &o->arch_suffix, &is_sm))
    return usage(cmd, "bad --arch '%s' (expected sm_NN or compute_NN, e.g. sm_90)", given);
  if (need_sm && !is_sm)
    return usage(cmd, "%s needs --arch sm_NN (a real GPU), not '%s'", cmd, given);
  if (rt_nvrtc_best_arch(o->arch, &lo, &hi) != o->arch) {
    int ma, mi;
    rt_nvrtc_version(&ma, &mi);
    return usage(cmd, "NVRTC %d.%d does not support '%s' (supported: sm_%d .. sm_%d)", ma, mi, given,
                 lo, hi);
  }
  return 0;
}

/* Compiles and reports; 0 or the exit status. */
static int compile_report(const char *src, const RtCompile *o, RtBinary *bin) {
  char err[RT_ERRLEN], *log = NULL;
  int st = rt_compile(src, o, bin, &log, err);
  if (st)
    fprintf(stderr, "pykc: %s\n", err);
  else if (log && o->generated)
    fputs("pykc: NVRTC warned about the CUDA that pykc generated (a pykc bug):\n", stderr);
  if (log && *log)
    fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
  free(log);
  return st;
}

/* ---- pykc ptx / pykc cubin ---- */

static int compile_cmd(int argc, char **argv, bool cubin) {
  Options opt = {0};
  const char *file = NULL, *out = NULL, *arch = NULL, *cmd = argv[0];
  for (int i = 1; i < argc; i++) {
    int bad = 0, r = cli_common_opt(&i, argc, argv, &opt, &out);
    if (r < 0)
      return RT_EUSAGE;
    if (r)
      continue;
    const char *v = opt_value(&i, argc, argv, "--arch", &bad);
    if (bad)
      return usage(cmd, "option '--arch' needs a value");
    if (v)
      arch = v;
    else if (argv[i][0] == '-' && argv[i][1])
      return usage(cmd, "unknown option '%s'", argv[i]);
    else if (file)
      return usage(cmd, "only one input file, got '%s' too", argv[i]);
    else
      file = argv[i];
  }
  if (!file)
    return usage(cmd, "%s needs a FILE", cmd);
  if (cubin && (!out || strcmp(out, "-") == 0))
    return usage(cmd, "cubin needs -o OUT.cubin");
  int st = 0;
  RtCompile o = {.name = file, .cubin = cubin, .line_info = opt.line_info,
                 .generated = !is_cu(file)};
  char *src = source_of(file, &opt, &st);
  if (!src)
    return st;
  RtBinary bin = {0};
  if (!(st = pick_arch(cmd, arch, cubin, &o)) && !(st = compile_report(src, &o, &bin)))
    st = write_bytes(out, bin.data, cubin ? bin.len : strlen(bin.data));
  rt_binary_free(&bin);
  free(src);
  return st;
}

int cli_ptx(int argc, char **argv) { return compile_cmd(argc, argv, false); }
int cli_cubin(int argc, char **argv) { return compile_cmd(argc, argv, true); }

/* ---- pykc header ---- */

static const char *host_ctype(int dt) {
  static const char *const names[TY_NSCALAR] = {
      "bool", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t",
      "uint64_t", "uint16_t" /* float16 bits */, "float", "double", "pykc_h_complex64",
      "pykc_h_complex128"};
  return names[dt];
}

static void put_bytes(Buf *b, const char *name, const unsigned char *p, size_t n) {
  buf_printf(b, "static const unsigned char %s[%zu] = {", name, n);
  for (size_t i = 0; i < n; i++)
    buf_printf(b, "%s0x%02x,", i % 16 ? "" : "\n  ", p[i]);
  buf_puts(b, "\n};\n");
}

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

static bool sanitize(char *s) {
  if (!*s)
    return false;
  for (char *p = s; *p; p++)
    if (!isalnum((unsigned char)*p) && *p != '_')
      *p = '_';
  return true;
}

/* The header text for the unit's kernels; NULL with a message for parameters it cannot
   type. */
static char *header_text(Unit *u, const char *prefix, const char *file, const RtCompile *o,
                         const RtBinary *cubin, const RtBinary *ptx) {
  Program *p = u->prog;
  Buf b = {0}, funcs = {0};
  bool used[TY_NSCALAR][RT_MAXDIM + 1] = {{false}};
  buf_printf(&b, "/*\n * Generated by pykc %s from %s: a cubin for sm_%d and PTX for compute_%d"
                 " (newer GPUs JIT it),\n * and one launch function per kernel. Do not edit.\n"
                 " * Needs only libcuda: make a context current (cuInit, "
                 "cuDevicePrimaryCtxRetain,\n * cuCtxSetCurrent), then call the functions "
                 "below; the module loads on first use\n * (%s_load; not thread-safe). Each "
                 "function returns the CUresult of the launch.\n *\n",
             PYKC_VERSION, file, o->arch, o->arch, prefix);
  for (int i = 0; i < p->nkernels; i++) {
    Spec *s = p->kernels[i];
    buf_printf(&b, " *   %s_%s(grid, block, shared_mem, stream", prefix, s->cname);
    buf_printf(&funcs, "static CUfunction %s_fn_%s_;\n", prefix, s->cname);
    buf_printf(&funcs, "static inline CUresult %s_%s(pykc_h_dim3 pykc_grid, pykc_h_dim3 "
                       "pykc_block,\n    unsigned pykc_shared_mem, CUstream pykc_stream",
               prefix, s->cname);
    for (int j = 0; j < s->nparams; j++) {
      const Type *t = s->ptypes[j];
      const char *name = s->params[j]->cname ? s->params[j]->cname : s->params[j]->name;
      if (t->kind == TY_ARRAY && t->elem->kind < TY_NSCALAR && t->ndim <= RT_MAXDIM) {
        used[t->elem->kind][t->ndim] = true;
        buf_printf(&funcs, ", pykc_h_array_%s_%d %s", dtype_info[t->elem->kind].name, t->ndim,
                   name);
      } else if (t->kind < TY_NSCALAR) {
        buf_printf(&funcs, ", %s %s", host_ctype(t->kind), name);
      } else {
        fprintf(stderr, "pykc: kernel '%s': parameter '%s' cannot be passed from C\n",
                s->fn->name, name);
        buf_free(&b), buf_free(&funcs);
        return NULL;
      }
      buf_printf(&b, ", %s %s", ty_str(&u->ctx, t), name);
    }
    buf_printf(&b, ")\n *       launches %s%s\n", s->cname,
               strcmp(s->cname, s->fn->name) ? " (a specialisation)" : "");
    buf_puts(&funcs, ") {\n  CUresult pykc_r;\n");
    buf_printf(&funcs, "  if (!%s_fn_%s_) {\n    if ((pykc_r = %s_load()) != CUDA_SUCCESS)\n"
                       "      return pykc_r;\n    if ((pykc_r = cuModuleGetFunction(&%s_fn_%s_, "
                       "%s_module_, \"%s\")) != CUDA_SUCCESS)\n      return pykc_r;\n  }\n",
               prefix, s->cname, prefix, prefix, s->cname, prefix, s->cname);
    if (s->nparams) {
      buf_puts(&funcs, "  void *pykc_params[] = {");
      for (int j = 0; j < s->nparams; j++)
        buf_printf(&funcs, "%s&%s", j ? ", " : "",
                   s->params[j]->cname ? s->params[j]->cname : s->params[j]->name);
      buf_puts(&funcs, "};\n");
    } else {
      buf_puts(&funcs, "  void **pykc_params = NULL;\n");
    }
    buf_printf(&funcs, "  return cuLaunchKernel(%s_fn_%s_, pykc_grid.x, pykc_grid.y, pykc_grid.z,"
                       "\n                        pykc_block.x, pykc_block.y, pykc_block.z, "
                       "pykc_shared_mem, pykc_stream,\n                        pykc_params, "
                       "NULL);\n}\n\n",
               prefix, s->cname);
  }
  char guard[256];
  snprintf(guard, sizeof guard, "PYKC_%s_H", prefix);
  for (char *q = guard; *q; q++)
    *q = (char)toupper((unsigned char)*q);
  buf_printf(&b, " */\n#ifndef %s\n#define %s\n\n#include <cuda.h>\n#include <stdbool.h>\n"
                 "#include <stddef.h>\n#include <stdint.h>\n\n",
             guard, guard);
  buf_puts(&b, "#ifndef PYKC_H_COMMON\n#define PYKC_H_COMMON\n"
               "typedef struct { unsigned x, y, z; } pykc_h_dim3;\n"
               "#ifdef __cplusplus\n#define PYKC_H_ALIGN(n) alignas(n)\n#else\n"
               "#define PYKC_H_ALIGN(n) _Alignas(n)\n#endif\n"
               "typedef struct { PYKC_H_ALIGN(8) float re; float im; } pykc_h_complex64;\n"
               "typedef struct { PYKC_H_ALIGN(16) double re; double im; } pykc_h_complex128;\n"
               "#endif\n\n");
  for (int dt = 0; dt < TY_NSCALAR; dt++)
    for (int nd = 0; nd <= RT_MAXDIM; nd++)
      if (used[dt][nd])
        put_array_type(&b, dt, nd);
  char name[300];
  snprintf(name, sizeof name, "%s_cubin", prefix);
  buf_putc(&b, '\n');
  put_bytes(&b, name, cubin->data, cubin->len);
  snprintf(name, sizeof name, "%s_ptx", prefix);
  put_bytes(&b, name, ptx->data, ptx->len);
  buf_printf(&b, "\nstatic CUmodule %s_module_;\n\n"
                 "/* Loads the cubin, or JIT-compiles the PTX on a GPU the cubin does not fit. */\n"
                 "static inline CUresult %s_load(void) {\n"
                 "  if (%s_module_)\n    return CUDA_SUCCESS;\n"
                 "  if (cuModuleLoadData(&%s_module_, %s_cubin) == CUDA_SUCCESS)\n"
                 "    return CUDA_SUCCESS;\n"
                 "  %s_module_ = NULL;\n"
                 "  return cuModuleLoadData(&%s_module_, %s_ptx);\n}\n\n",
             prefix, prefix, prefix, prefix, prefix, prefix, prefix, prefix);
  buf_puts(&b, funcs.data ? funcs.data : "");
  buf_printf(&b, "static inline CUresult %s_unload(void) {\n", prefix);
  for (int i = 0; i < p->nkernels; i++)
    buf_printf(&b, "  %s_fn_%s_ = NULL;\n", prefix, p->kernels[i]->cname);
  buf_printf(&b, "  CUresult r = %s_module_ ? cuModuleUnload(%s_module_) : CUDA_SUCCESS;\n"
                 "  %s_module_ = NULL;\n  return r;\n}\n\n#endif\n",
             prefix, prefix, prefix);
  buf_free(&funcs);
  return buf_detach(&b);
}

int cli_header(int argc, char **argv) {
  Options opt = {.need_sigs = true};
  const char *file = NULL, *out = NULL, *arch = NULL, *cmd = argv[0];
  for (int i = 1; i < argc; i++) {
    int bad = 0, r = cli_common_opt(&i, argc, argv, &opt, &out);
    if (r < 0)
      return RT_EUSAGE;
    if (r)
      continue;
    const char *v = opt_value(&i, argc, argv, "--arch", &bad);
    if (bad)
      return usage(cmd, "option '--arch' needs a value");
    if (v)
      arch = v;
    else if (argv[i][0] == '-' && argv[i][1])
      return usage(cmd, "unknown option '%s'", argv[i]);
    else if (file)
      return usage(cmd, "only one input file, got '%s' too", argv[i]);
    else
      file = argv[i];
  }
  if (!file)
    return usage(cmd, "header needs a FILE");
  if (is_cu(file))
    return usage(cmd, "header takes a kernel-language file, not a .cu file");
  /* the prefix of every name in the header: the output's (else the input's) base name */
  const char *base = out && strcmp(out, "-") ? out : file;
  const char *slash = strrchr(base, '/');
  char prefix[128];
  snprintf(prefix, sizeof prefix, "%s", slash ? slash + 1 : base);
  char *dot = strchr(prefix, '.');
  if (dot)
    *dot = 0;
  if (!sanitize(prefix))
    snprintf(prefix, sizeof prefix, "kernels");
  if (isdigit((unsigned char)prefix[0]))
    memmove(prefix + 1, prefix, strlen(prefix) + 1), prefix[0] = '_';

  RtCompile o = {.name = file, .line_info = opt.line_info, .generated = true};
  int st = pick_arch(cmd, arch, true, &o);
  if (st)
    return st;
  Unit *u = unit_from_file(file, &opt);
  char *src = u->status ? NULL : unit_emit(u, TARGET_CUDA);
  fputs(unit_diags(u), stderr);
  st = u->status ? u->status : src ? 0 : RT_ESOURCE;
  RtBinary cubin = {0}, ptx = {0};
  if (!st && !(st = compile_report(src, &(RtCompile){.name = file, .arch = o.arch,
                                                       .arch_suffix = o.arch_suffix,
                                                       .cubin = true,
                                                       .line_info = o.line_info,
                                                       .generated = true},
                                   &cubin)))
    st = compile_report(src, &o, &ptx);           /* o.cubin is false: PTX */
  if (!st) {
    char *text = header_text(u, prefix, file, &o, &cubin, &ptx);
    st = text ? write_bytes(out, text, strlen(text)) : RT_ESOURCE;
    free(text);
  }
  rt_binary_free(&cubin);
  rt_binary_free(&ptx);
  free(src);
  unit_free(u);
  return st;
}

/* ---- pykc cache ---- */

int cli_cache(int argc, char **argv) {
  char err[RT_ERRLEN];
  if (argc != 2 || (strcmp(argv[1], "info") && strcmp(argv[1], "clear")))
    return fprintf(stderr, "pykc: usage: pykc cache info|clear\n"), RT_EUSAGE;
  int r = strcmp(argv[1], "info") == 0 ? rt_cache_info(stdout, err) : rt_cache_clear(err);
  return r ? fail(RT_EFAIL, err) : 0;
}

/* ---- pykc run ---- */

typedef struct RunOpts {
  const char *file, *kernel;
  unsigned grid[3], block[3], shared_mem;
  int device, time_n;
  bool cpu, verbose, debug;
  const char **specs, **outs, **prints;     /* argv pointers */
  int nspecs, nouts, nprints;
} RunOpts;

static int parse_dims(const char *s, unsigned d[3]) {
  d[0] = d[1] = d[2] = 1;
  for (int k = 0; k < 3; k++) {
    char *end;
    if (!isdigit((unsigned char)*s))
      return -1;
    unsigned long v = strtoul(s, &end, 10);
    if (v == 0 || v > 0x7fffffffUL)
      return -1;
    d[k] = (unsigned)v;
    if (!*end)
      return 0;
    if (*end != ',' && *end != 'x')
      return -1;
    s = end + 1;
  }
  return -1;
}

static int parse_uint(const char *s, long max, long *v) {
  char *end;
  if (!isdigit((unsigned char)*s))
    return -1;
  *v = strtol(s, &end, 10);
  return *end || *v > max ? -1 : 0;
}

static int parse_run_opts(int argc, char **argv, Options *opt, RunOpts *ro) {
  const char *cmd = "run";
  bool have_grid = false, have_block = false;
  ro->specs = calloc(argc, sizeof *ro->specs);
  ro->outs = calloc(argc, sizeof *ro->outs);
  ro->prints = calloc(argc, sizeof *ro->prints);
  for (int i = 1; i < argc; i++) {
    int bad = 0, r = cli_common_opt(&i, argc, argv, opt, NULL);
    if (r < 0)
      return RT_EUSAGE;
    if (r)
      continue;
    const char *a = argv[i], *v;
    long n;
    if ((v = opt_value(&i, argc, argv, "--grid", &bad))) {
      if (parse_dims(v, ro->grid))
        return usage(cmd, "bad --grid '%s' (expected X[,Y[,Z]], positive)", v);
      have_grid = true;
    } else if ((v = opt_value(&i, argc, argv, "--block", &bad))) {
      if (parse_dims(v, ro->block))
        return usage(cmd, "bad --block '%s' (expected X[,Y[,Z]], positive)", v);
      have_block = true;
    } else if ((v = opt_value(&i, argc, argv, "--shared-mem", &bad))) {
      if (parse_uint(v, 0x7fffffff, &n))
        return usage(cmd, "bad --shared-mem '%s' (expected a number of bytes)", v);
      ro->shared_mem = (unsigned)n;
    } else if ((v = opt_value(&i, argc, argv, "--device", &bad))) {
      if (parse_uint(v, 1 << 20, &n))
        return usage(cmd, "bad --device '%s'", v);
      ro->device = (int)n;
    } else if ((v = opt_value(&i, argc, argv, "--out", &bad))) {
      const char *eq = strchr(v, '=');
      if (!eq || eq == v || !eq[1])
        return usage(cmd, "bad --out '%s' (expected NAME=PATH.npy)", v);
      ro->outs[ro->nouts++] = v;
    } else if ((v = opt_value(&i, argc, argv, "--print", &bad))) {
      ro->prints[ro->nprints++] = v;
    } else if (bad) {
      return usage(cmd, "option '%s' needs a value", a);
    } else if (strcmp(a, "--time") == 0) {
      ro->time_n = 100;
    } else if (strncmp(a, "--time=", 7) == 0) {
      if (parse_uint(a + 7, 1000000, &n) || n < 1)
        return usage(cmd, "bad --time '%s' (expected --time=N, N >= 1)", a + 7);
      ro->time_n = (int)n;
    } else if (strcmp(a, "--cpu") == 0) {
      ro->cpu = true;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
      ro->verbose = true;
    } else if (a[0] == '-' && a[1] && !isdigit((unsigned char)a[1])) {
      return usage(cmd, "unknown option '%s'", a);
    } else if (!ro->file) {
      ro->file = a;
    } else if (!strchr(a, '=')) {
      return usage(cmd, "bad argument '%s' (expected NAME=VALUE, NAME=@PATH.npy or "
                        "NAME=zeros:DTYPE:SHAPE)", a);
    } else {
      ro->specs[ro->nspecs++] = a;
    }
  }
  if (!ro->file)
    return usage(cmd, "run needs a FILE");
  if (opt->nkernels != 1)
    return usage(cmd, "run needs one --kernel NAME");
  if (!have_grid || !have_block)
    return usage(cmd, "run needs --grid and --block");
  ro->kernel = opt->kernels[0];
  ro->debug = opt->debug;
  return 0;
}

/* The run's state, freed by run_free. */
typedef struct Run {
  RunOpts ro;
  Unit *u;                                  /* kernel-language source */
  Func *fn;
  const char **pnames;                      /* parameter names */
  int nparams;
  RunArg *args;                             /* in parameter order */
  pykc_arg *pargs;
  void **dev;                               /* device copies of the arrays */
  pykc_context *cx;
  pykc_module *m;
  pykc_kernel *k;
} Run;

static void run_free(Run *r) {
  if (r->cx && r->dev)
    for (int i = 0; i < r->nparams; i++)
      pykc_mem_free(r->cx, r->dev[i]);
  free(r->dev);
  pykc_module_free(r->m);
  if (!r->m)
    unit_free(r->u);
  pykc_free(r->cx);
  for (int i = 0; r->args && i < r->nparams; i++)
    rt_arg_free(&r->args[i]);
  free(r->args);
  free(r->pargs);
  free(r->pnames);
  free(r->ro.specs);
  free(r->ro.outs);
  free(r->ro.prints);
}

static int param_index(const Run *r, const char *name, size_t len) {
  for (int i = 0; i < r->nparams; i++)
    if (strlen(r->pnames[i]) == len && strncmp(r->pnames[i], name, len) == 0)
      return i;
  return -1;
}

static void param_list(const Run *r, char *buf, size_t n) {
  int k = snprintf(buf, n, "%s", r->nparams ? "" : "no arguments");
  for (int i = 0; i < r->nparams && k < (int)n; i++)
    k += snprintf(buf + k, n - k, "%s%s", i ? ", " : "", r->pnames[i]);
}

/* Parses the NAME=... specs into r->args, in parameter order. */
static int bind_args(Run *r, Mode mode, bool raw) {
  char err[RT_ERRLEN], list[RT_ERRLEN / 2];
  const char *k = r->ro.kernel;
  param_list(r, list, sizeof list);
  r->args = calloc(r->nparams ? r->nparams : 1, sizeof *r->args);
  r->pargs = calloc(r->nparams ? r->nparams : 1, sizeof *r->pargs);
  bool *seen = calloc(r->nparams ? r->nparams : 1, sizeof *seen);
  int st = 0;
  for (int s = 0; s < r->ro.nspecs && !st; s++) {
    const char *spec = r->ro.specs[s];
    int i = param_index(r, spec, strcspn(spec, "="));
    RunArg a;
    if (i < 0)
      st = usage("run", "unknown argument '%.*s' (kernel '%s' takes %s)", (int)strcspn(spec, "="),
                 spec, k, list);
    else if (seen[i])
      st = usage("run", "argument '%s' given twice", r->pnames[i]);
    else if (rt_parse_arg(spec, mode, &a, err))
      st = usage("run", "%s", err);
    else if (raw && !a.is_array && !a.dtype_given)
      st = (rt_arg_free(&a), usage("run", "argument '%s': a scalar for a .cu kernel needs :DTYPE "
                                          "(e.g. %s=1:int32)", r->pnames[i], r->pnames[i]));
    else
      r->args[i] = a, seen[i] = true;
  }
  for (int i = 0; i < r->nparams && !st; i++)
    if (!seen[i])
      st = usage("run", "missing argument '%s' (kernel '%s' takes %s)", r->pnames[i], k, list);
  free(seen);
  if (st)
    return st;
  for (int i = 0; i < r->nparams; i++) {         /* host-side pykc_arg mirrors */
    RunArg *a = &r->args[i];
    pykc_arg *p = &r->pargs[i];
    p->dtype = (pykc_dtype)(a->is_array ? a->arr.dtype : a->dtype);
    p->is_array = a->is_array;
    if (a->is_array) {
      p->data = a->arr.data;                      /* host memory until run_gpu copies it */
      p->ndim = a->arr.ndim;
      memcpy(p->shape, a->arr.shape, sizeof p->shape);
    } else if (a->dtype == TY_BOOL) {
      p->value.i = a->val.b;
    } else if (dtype_info[a->dtype].is_float) {
      p->value.f = a->val.f;
    } else if (dtype_info[a->dtype].is_signed) {
      p->value.i = a->val.i;
    } else {
      p->value.u = a->val.u;
    }
  }
  /* --out and --print name array arguments */
  const char **lists[2] = {r->ro.outs, r->ro.prints};
  int counts[2] = {r->ro.nouts, r->ro.nprints};
  for (int l = 0; l < 2; l++)
    for (int j = 0; j < counts[l]; j++) {
      const char *name = lists[l][j];
      size_t len = l == 0 ? strcspn(name, "=") : strlen(name);
      int i = param_index(r, name, len);
      if (i < 0 || !r->args[i].is_array)
        return usage("run", "%s %.*s: kernel '%s' has no array argument '%.*s'",
                     l ? "--print" : "--out", (int)len, name, k, (int)len, name);
    }
  return 0;
}

static int write_results(Run *r) {
  char err[RT_ERRLEN];
  for (int j = 0; j < r->ro.nouts; j++) {
    const char *o = r->ro.outs[j];
    size_t len = strcspn(o, "=");
    int i = param_index(r, o, len);
    if (rt_npy_write(o + len + 1, &r->args[i].arr, err))
      return fail(RT_EFAIL, err);
  }
  for (int j = 0; j < r->ro.nprints; j++) {
    int i = param_index(r, r->ro.prints[j], strlen(r->ro.prints[j]));
    rt_npy_print(stdout, r->pnames[i], &r->args[i].arr);
  }
  return 0;
}

static int status_of(pykc_status s) {
  return s == PYKC_ERR_SOURCE ? RT_ESOURCE : s == PYKC_ERR_USAGE ? RT_EUSAGE : RT_EFAIL;
}

static int api_fail(Run *r, pykc_status s) {
  const char *msg = pykc_errmsg(r->cx);
  size_t n = strlen(msg);
  if (strstr(msg, ": error: "))                 /* diagnostics: print them as they are */
    fprintf(stderr, "%s%s", msg, n && msg[n - 1] == '\n' ? "" : "\n");
  else
    fprintf(stderr, "pykc: %s\n", msg);
  return status_of(s);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* --time=N: N launches after the first one, each between two events. */
static int time_launches(Run *r, const pykc_launch_cfg *cfg) {
  char err[RT_ERRLEN];
  const RtCuda *cu = rt_cuda(err);
  int n = r->ro.time_n, rc = 0;
  float *ms = calloc(n, sizeof *ms);
  void *e0 = NULL, *e1 = NULL;
  if (!ms || cu->EventCreate(&e0, 0) || cu->EventCreate(&e1, 0)) {
    free(ms);
    return fail(RT_EFAIL, "cannot create CUDA events for --time");
  }
  for (int i = 0; i < n && !rc; i++) {
    pykc_status s;
    int e = cu->EventRecord(e0, cfg->stream);
    if (!e && (s = pykc_launch(r->k, cfg, r->pargs, r->nparams)))
      rc = api_fail(r, s);
    else if (!e && !(e = cu->EventRecord(e1, cfg->stream)) && !(e = cu->EventSynchronize(e1)))
      e = cu->EventElapsedTime(&ms[i], e0, e1);
    if (e && !rc) {
      rt_cuda_errstr(e, err, sizeof err);
      fprintf(stderr, "pykc: kernel '%s' failed during --time: %s\n", r->ro.kernel, err);
      rc = RT_EFAIL;
    }
  }
  if (!rc) {
    qsort(ms, n, sizeof *ms, cmp_float);
    double med = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2.0;
    printf("%s: %d launches: min %.2f µs, median %.2f µs, max %.2f µs\n", r->ro.kernel, n,
           ms[0] * 1e3, med * 1e3, ms[n - 1] * 1e3);
  }
  cu->EventDestroy(e0);
  cu->EventDestroy(e1);
  free(ms);
  return rc;
}

static int run_gpu(Run *r, double frontend_ms) {
  pykc_status s;
  if ((s = pykc_get_kernel(r->m, r->ro.kernel, &r->k)))
    return api_fail(r, s);
  r->dev = calloc(r->nparams ? r->nparams : 1, sizeof *r->dev);
  for (int i = 0; i < r->nparams; i++) {          /* device copies of the arrays */
    pykc_arg *p = &r->pargs[i];
    const NpyArray *a = &r->args[i].arr;
    if (!p->is_array)
      continue;
    if ((s = pykc_malloc(r->cx, a->nbytes, &r->dev[i])) ||
        (s = pykc_memcpy_htod(r->cx, r->dev[i], a->data, a->nbytes)))
      return api_fail(r, s);
    p->data = r->dev[i];
  }
  if ((s = pykc_prepare(r->k, r->pargs, r->nparams)))
    return api_fail(r, s);
  pykc_launch_cfg cfg = {{r->ro.grid[0], r->ro.grid[1], r->ro.grid[2]},
                         {r->ro.block[0], r->ro.block[1], r->ro.block[2]},
                         r->ro.shared_mem, NULL};
  double t0 = rt_now_ms();
  if ((s = pykc_launch(r->k, &cfg, r->pargs, r->nparams)) || (s = pykc_synchronize(r->cx)))
    return api_fail(r, s);
  double launch_ms = rt_now_ms() - t0;
  for (int i = 0; i < r->nparams; i++) {
    pykc_arg *p = &r->pargs[i];
    NpyArray *a = &r->args[i].arr;
    if (p->is_array && (s = pykc_memcpy_dtoh(r->cx, a->data, p->data, a->nbytes)))
      return api_fail(r, s);
  }
  if (r->ro.verbose) {
    const RtStats *st = rt_context_stats(r->cx);
    fprintf(stderr,
            "pykc: front end %.2f ms, NVRTC %.2f ms (%d compile%s), cache %.2f ms (%d hit%s), "
            "module load %.2f ms, launch+sync %.3f ms (sm_%d)\n",
            frontend_ms, st->nvrtc_ms, st->compiles, st->compiles == 1 ? "" : "s", st->cache_ms,
            st->cache_hits, st->cache_hits == 1 ? "" : "s", st->load_ms, launch_ms,
            pykc_device_arch(r->cx));
  }
  int rc = r->ro.time_n ? time_launches(r, &cfg) : 0;
  return rc ? rc : write_results(r);
}

static int run_cpu(Run *r) {
  char err[RT_ERRLEN];
  int before = r->u->ctx.nerrors;
  size_t dlen = r->u->ctx.diags.len;
  Spec *s = rt_pick_spec(r->u, r->fn, r->pargs, r->nparams, err);
  if (!s) {
    if (r->u->ctx.nerrors > before)
      return fputs(unit_diags(r->u) + dlen, stderr), RT_ESOURCE;
    return fail(RT_EUSAGE, err);
  }
  for (int i = 0; i < r->nparams; i++) {          /* scalars become the parameter type */
    const Type *t = s->ptypes[i];
    RunArg *a = &r->args[i];
    pykc_arg *p = &r->pargs[i];
    if (a->is_array || t->kind >= TY_NSCALAR)
      continue;
    if (rt_scalar_convert(p, t->kind, r->pnames[i], err))
      return fail(RT_EUSAGE, err);
    a->dtype = t->kind;
    if (t->kind == TY_BOOL)
      a->val.b = p->value.i != 0;
    else if (dtype_info[t->kind].is_float)
      a->val.f = p->value.f;
    else if (dtype_info[t->kind].is_signed)
      a->val.i = p->value.i;
    else
      a->val.u = p->value.u;
  }
  RunCfg cfg = {.shared_mem = r->ro.shared_mem, .debug = r->ro.debug, .time_n = r->ro.time_n,
                .verbose = r->ro.verbose};
  memcpy(cfg.grid, r->ro.grid, sizeof cfg.grid);
  memcpy(cfg.block, r->ro.block, sizeof cfg.block);
  int st = rt_cpu_run(r->u, s, r->args, r->nparams, &cfg, err);
  if (st)
    return fail(st, err);
  return write_results(r);
}

/* Parameter names of a .cu kernel (the module is compiled lazily, by pykc_prepare). */
static int raw_setup(Run *r) {
  pykc_status s = pykc_compile_file(r->cx, r->ro.file, NULL, &r->m);
  if (s || (s = pykc_get_kernel(r->m, r->ro.kernel, &r->k)))
    return api_fail(r, s);
  r->nparams = pykc_kernel_nparams(r->k);
  r->pnames = calloc(r->nparams ? r->nparams : 1, sizeof *r->pnames);
  for (int i = 0; i < r->nparams; i++)
    r->pnames[i] = pykc_kernel_param_name(r->k, i);
  return 0;
}

int cli_run(int argc, char **argv) {
  Run r = {.ro = {.device = 0}};
  Options opt = {0};
  int st = parse_run_opts(argc, argv, &opt, &r.ro);
  bool raw = r.ro.file && is_cu(r.ro.file), nodev = false;
  char err[RT_ERRLEN];
  if (!st && raw && r.ro.cpu)
    st = usage("run", "--cpu cannot run a .cu file (the CPU backend runs the kernel language)");
  if (!st && !r.ro.cpu) {                        /* the GPU, if any (reported below) */
    pykc_status s = pykc_init(r.ro.device, &r.cx);
    nodev = s == PYKC_ERR_NO_DEVICE;
    if (s && !nodev)
      st = api_fail(&r, s);
  }
  double t0 = rt_now_ms(), frontend_ms = 0;
  if (!st && raw) {
    st = raw_setup(&r);
  } else if (!st) {
    r.u = unit_from_file(r.ro.file, &opt);
    frontend_ms = rt_now_ms() - t0;
    fputs(unit_diags(r.u), stderr);
    st = r.u->status;
    if (!st && !(r.fn = sema_find_kernel(r.u->prog, r.ro.kernel)))
      st = usage("run", "no kernel '%s' in %s", r.ro.kernel, r.ro.file);
    if (!st) {
      r.nparams = ast_count(r.fn->def->params);
      r.pnames = calloc(r.nparams ? r.nparams : 1, sizeof *r.pnames);
      Node *p = r.fn->def->params;
      for (int i = 0; i < r.nparams; i++, p = p->next)
        r.pnames[i] = p->name;
    }
  }
  if (!st)
    st = bind_args(&r, raw || !r.fn ? MODE_CUDA : opt.mode_given ? opt.mode : r.fn->mode, raw);
  if (!st && nodev && raw) {
    snprintf(err, sizeof err, "%s: a .cu file runs only on a GPU", pykc_errmsg(r.cx));
    st = fail(RT_EFAIL, err);
  } else if (!st && nodev) {
    fprintf(stderr, "pykc: %s; running on the CPU backend\n", pykc_errmsg(r.cx));
    r.ro.cpu = true;
  }
  if (!st && r.ro.cpu) {
    st = run_cpu(&r);
  } else if (!st) {
    if (!raw) {
      pykc_status s = (pykc_status)rt_module_from_unit(r.cx, r.u, &r.m);
      r.u = r.m ? r.u : NULL;                     /* the module owns the unit now */
      if (s)
        st = api_fail(&r, s);
    }
    if (!st)
      st = run_gpu(&r, frontend_ms);
  }
  run_free(&r);
  return st;
}
