/*
 * cli.c: what the subcommands of the pykc command line share, and the small ones.
 * main.c dispatches; cli_run.c is `pykc run`, header.c is `pykc header`; here:
 *
 *   messages         usage errors (exit 2) and failures, output to a file or stdout
 *   NVRTC            the --arch choice and the compile report (errors, the log)
 *   pykc ptx    FILE [-o OUT.ptx] [--arch compute_NN|sm_NN]   NVRTC, no GPU needed
 *   pykc cubin  FILE  -o OUT.cubin [--arch sm_NN]
 *   pykc cache  info|clear
 *
 * FILE may be a .cu file: it goes to NVRTC as written (its errors are source errors);
 * generated CUDA that NVRTC rejects is a pykc bug (nvrtc.c keeps it for the report).
 * Linked into the pykc binary only (it keeps the --kernel/--sig lists in statics).
 * Exit status: 0 ok, 1 source errors, 2 bad usage, 3 NVRTC, driver or kernel failure.
 */
#include "cli.h"
#include "../src/types/types.h"         /* name_distance: "did you mean" */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- messages and output ---- */

int cli_usage(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("pykc: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  if (cmd)
    fprintf(stderr, "\n(see 'pykc %s --help')\n", cmd);     /* the command's options */
  else
    fputs("\n(see 'pykc --help')\n", stderr);
  return RT_EUSAGE;
}

const char *cli_kernel_kinds(const char *file) {
  return rt_is_cu(file) ? "__global__ functions"
                        : "@jit.rawkernel() and @cupy.fuse() functions, cupy.ElementwiseKernel, "
                          "ReductionKernel, RawKernel and RawModule objects";
}

int cli_fail(int st, const char *msg) {
  fprintf(stderr, "pykc: %s\n", msg);
  return st;
}

int cli_write(const char *path, const void *data, size_t len) {
  if (!path || strcmp(path, "-") == 0) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      fprintf(stderr, "pykc: cannot write '<stdout>': %s\n", strerror(errno));
      return RT_EFAIL;
    }
    return 0;
  }
  char err[RT_ERRLEN];
  RtParts parts = {{data}, {len}, 1};               /* a temporary file, then rename */
  if (rt_write_file(path, &parts, err)) {
    fprintf(stderr, "pykc: %s\n", err);
    return RT_EFAIL;
  }
  return 0;
}

/* ---- NVRTC ---- */

int cli_pick_arch(const char *cmd, const char *given, bool need_sm, RtCompile *o) {
  char err[RT_ERRLEN];
  if (rt_nvrtc_load(err))
    return cli_fail(RT_EFAIL, err);
  int lo = 0, hi = 0;
  if (!given) {
    int dev = rt_device_arch0();
    o->arch = rt_nvrtc_best_arch(dev ? dev : 90, &lo, &hi);
    o->arch_suffix = 0;
    return o->arch ? 0 : cli_fail(RT_EFAIL, "NVRTC supports no architecture this GPU can run");
  }
  bool is_sm;
  if (rt_parse_arch(given, &o->arch, &o->arch_suffix, &is_sm))
    return cli_usage(cmd, "bad --arch '%s' (expected sm_NN or compute_NN, e.g. sm_90)", given);
  if (need_sm && !is_sm)
    return cli_usage(cmd, "%s needs --arch sm_NN (a real GPU), not '%s'", cmd, given);
  if (rt_nvrtc_best_arch(o->arch, &lo, &hi) != o->arch) {
    int ma, mi;
    rt_nvrtc_version(&ma, &mi);
    return cli_usage(cmd, "NVRTC %d.%d does not support '%s' (supported: sm_%d .. sm_%d)", ma, mi,
                     given, lo, hi);
  }
  return 0;
}

int cli_compile_report(const char *src, const RtCompile *o, RtBinary *bin) {
  char err[RT_ERRLEN], *log = NULL;
  int st = rt_compile(src, o, bin, &log, err);
  if (st)
    fprintf(stderr, "pykc: %s\n", err);
  else if (log && o->generated && !o->user_code)
    fputs("pykc: NVRTC warned about the CUDA that pykc generated (a pykc bug):\n", stderr);
  if (log && *log)
    fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
  free(log);
  return st;
}

/* ---- pykc ptx / pykc cubin ---- */

const KRaw *cli_raw_choice(Unit *u, const Options *opt, const char *file, int *st) {
  *st = 0;
  if (opt->nkernels == 1) {
    const KKernel *k = kc_kernel(u, opt->kernels[0]);
    return k ? kc_raw(u, k) : NULL;
  }
  bool others;
  const KRaw *first = kc_raw_at(u, 0, &others);
  if (!first || others)
    return NULL;
  if (kc_raw_at(u, 1, NULL)) {
    *st = cli_usage(NULL, "%s has several RawKernel/RawModule calls, each compiled on its own: "
                    "pick one with --kernel NAME", file);
    return NULL;
  }
  return first;
}

int cli_raw_new(const KRaw *kr, const char *file, RtRaw **raw) {
  char err[RT_ERRLEN];
  RtRawSpec spec = {.code = kr->code, .file = file, .line = kr->line, .options = kr->options,
                    .noptions = kr->noptions, .exprs = kr->exprs, .nexprs = kr->nexprs};
  int r = rt_raw_new(&spec, raw, err);
  return !r ? 0 : r < 0 ? cli_fail(RT_EFAIL, "out of memory") : cli_fail(RT_ESOURCE, err);
}

int cli_cu_args(const Options *opt, const char *text, CuArgs *a) {
  *a = (CuArgs){0};
  a->opts = calloc((size_t)opt->ndefines + 1, sizeof *a->opts);
  a->exprs = calloc((size_t)opt->nkernels + 1, sizeof *a->exprs);
  if (!a->opts || !a->exprs)
    return cli_cu_args_free(a), cli_fail(RT_EFAIL, "out of memory");
  for (int i = 0; i < opt->ndefines; i++) {
    char *o = malloc(strlen(opt->defines[i]) + 3);
    if (!o)
      return cli_cu_args_free(a), cli_fail(RT_EFAIL, "out of memory");
    a->opts[a->nopts++] = strcat(strcpy(o, "-D"), opt->defines[i]);
  }
  pykc_options po = {.cuda_options = a->opts, .ncuda_options = a->nopts};
  pykc_cuda_scan *sc = NULL;
  pykc_status st = pykc_cuda_kernels(text, &po, &sc);
  if (st == PYKC_ERR_NOMEM)
    return cli_cu_args_free(a), cli_fail(RT_EFAIL, "out of memory");
  for (int i = 0; i < opt->nkernels; i++)          /* (a source error: reported later) */
    if (cxx_needs_expr(sc, opt->kernels[i]))
      a->exprs[a->nexprs++] = opt->kernels[i];
  pykc_cuda_scan_free(sc);
  return 0;
}

void cli_cu_args_free(CuArgs *a) {
  for (int i = 0; a->opts && i < a->nopts; i++)
    free((char *)a->opts[i]);
  free(a->opts);
  free(a->exprs);
  *a = (CuArgs){0};
}

int cli_cu_raw(const char *file, const Options *opt, RtRaw **raw) {
  *raw = NULL;
  char err[RT_ERRLEN], *text;
  int e = rt_read_text(file, &text, err);
  if (e)
    return cli_fail(e, err);
  CuArgs a;
  int st = cli_cu_args(opt, text, &a);
  RtRawSpec spec = {.code = text, .file = file, .line = 1, .options = a.opts,
                    .noptions = a.nopts, .exprs = a.exprs, .nexprs = a.nexprs};
  int r = st ? 0 : rt_raw_new(&spec, raw, err);
  if (r)
    st = r < 0 ? cli_fail(RT_EFAIL, "out of memory") : cli_fail(RT_ESOURCE, err);
  cli_cu_args_free(&a);
  free(text);
  return st;
}

/* The emitted CUDA of FILE (or the .cu text itself, or a RawKernel's/RawModule's code,
   whose options and name expressions *raw then holds); NULL with the exit status in *st.
   o->generated and o->user_code say whose it is (rt.h). */
static char *source_of(const char *file, Options *opt, RtRaw **raw, int *st, RtCompile *o) {
  *raw = NULL;
  o->generated = o->user_code = o->cccl = false;
  if (rt_is_cu(file)) {                            /* its code with -D and --kernel */
    char *src = (*st = cli_cu_raw(file, opt, raw)) ? NULL : rt_raw_gpu_source(*raw);
    if (!*st && !src)
      *st = cli_fail(RT_EFAIL, "out of memory");
    return src;
  }
  opt->need_sigs = true;
  Unit *u = cli_unit(file, opt, true);
  if (!u) {
    *st = RT_EFAIL;
    return NULL;
  }
  const KRaw *kr = u->status ? NULL : cli_raw_choice(u, opt, file, st);
  char *src = NULL;
  if (kr && !(*st = cli_raw_new(kr, file, raw)) && !(src = rt_raw_gpu_source(*raw)))
    *st = cli_fail(RT_EFAIL, "out of memory");
  else if (!kr && !*st) {
    src = u->status ? NULL : unit_emit(u, TARGET_CUDA);
    o->generated = true;
    o->user_code = kc_user_code(u);
    o->cccl = kc_cccl(u);                          /* jit.cg / jit.cub: the CCCL headers */
    *st = u->status ? u->status : src ? 0 : RT_ESOURCE;
  }
  fputs(unit_diags(u), stderr);
  unit_free(u);
  return src;
}

Unit *cli_unit(const char *file, const Options *opt, bool compile) {
  Unit *u = compile ? unit_from_file(file, opt) : unit_open(file, opt);
  if (!u || u->status == 3)
    fputs("pykc: out of memory\n", stderr);
  return u;
}

static int compile_cmd(int argc, char **argv, bool cubin) {
  Options opt = {0};
  const char *file, *out, *arch, *cmd = argv[0];
  int st = cli_file_opts(argc, argv, &opt, &file, &out, &arch);
  if (st)
    return st;
  if (cubin && (!out || strcmp(out, "-") == 0))
    return cli_usage(cmd, "cubin needs -o OUT.cubin");
  RtCompile o = {.name = file, .cubin = cubin, .line_info = opt.line_info};
  RtRaw *raw;
  char *src = source_of(file, &opt, &raw, &st, &o);
  if (!src)
    return st;
  if (raw) {                                       /* a RawKernel's/RawModule's code */
    o.generated = false;
    rt_raw_compile_opts(raw, &o);
  }
  RtBinary bin = {0};
  if (!(st = cli_pick_arch(cmd, arch, cubin, &o)) && !(st = cli_compile_report(src, &o, &bin)))
    st = cli_write(out, bin.data, cubin ? bin.len : strlen(bin.data));
  rt_binary_free(&bin);
  rt_raw_free(raw);
  free(src);
  return st;
}

int cli_ptx(int argc, char **argv) { return compile_cmd(argc, argv, false); }
int cli_cubin(int argc, char **argv) { return compile_cmd(argc, argv, true); }

void cli_nearer(const char *word, const char *cand, const char **best, int *bestd) {
  size_t len = strlen(word);
  int d = name_distance(word, cand), most = len <= 3 ? 1 : (int)(len / 3);
  if (d > 0 && d <= most && d < *bestd)
    *best = cand, *bestd = d;
}

/* ---- pykc cache ---- */

int cli_cache(int argc, char **argv) {
  char err[RT_ERRLEN];
  if (argc != 2 || (strcmp(argv[1], "info") && strcmp(argv[1], "clear")))
    return fprintf(stderr, "pykc: usage: pykc cache info|clear\n"), RT_EUSAGE;
  if (strcmp(argv[1], "clear") == 0)
    return rt_cache_clear(err) ? cli_fail(RT_EFAIL, err) : 0;
  RtCacheInfo info;
  if (rt_cache_info(&info, err))
    return cli_fail(RT_EFAIL, err);
  printf("cache folder: %s%s\nentries: %" PRIu64 "\nsize: %" PRIu64 " bytes\n", info.dir,
         info.enabled ? "" : " (disabled: PYKC_CACHE=0)", info.entries, info.bytes);
  if (info.limit)
    printf("limit: %" PRIu64 " bytes (least recently used entries go past it; PYKC_CACHE_MAX "
           "sets it, 0: none)%s\n", info.limit,
           info.limit_bad ? "; PYKC_CACHE_MAX is not a size (e.g. 512M, 2G): the default "
                            "applies" : "");
  else
    printf("limit: none (PYKC_CACHE_MAX=0)\n");
  return 0;
}
