/*
 * nvrtc.c: CUDA C -> PTX or cubin with NVRTC, loaded with dlopen so that pykc builds and
 * runs where no CUDA toolkit is installed (the library is needed only when compiling).
 *
 * Search order: $PYKC_NVRTC (a path, alone: tests use it to simulate a missing NVRTC),
 * else libnvrtc.so.13 then libnvrtc.so in $CUDA_HOME/lib64 and /usr/local/cuda/lib64, then
 * the loader's default search. rt_compile looks in the disk cache (cache.c) first, keyed
 * by (pykc version, source, options, architecture, NVRTC version), and stores what NVRTC
 * produces. A compile error in source that pykc generated is a pykc bug: the source is
 * kept in a file for the report. CUDA C++ compiled as written (a .cu file, a RawKernel's
 * or RawModule's code) may carry the user's NVRTC options and name expressions (template
 * instances, nvrtcAddNameExpression); their lowered names (nvrtcGetLoweredName) are
 * cached beside the binary, one per line, as KEY.names.
 */
#include "gpu.h"

#include <dlfcn.h>
#include <stddef.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct NvApi {
  int (*Version)(int *, int *);
  int (*GetNumSupportedArchs)(int *);
  int (*GetSupportedArchs)(int *);
  int (*CreateProgram)(void **, const char *, const char *, int, const char *const *,
                       const char *const *);
  int (*CompileProgram)(void *, int, const char *const *);
  int (*GetPTXSize)(void *, size_t *);
  int (*GetPTX)(void *, char *);
  int (*GetCUBINSize)(void *, size_t *);
  int (*GetCUBIN)(void *, char *);
  int (*GetProgramLogSize)(void *, size_t *);
  int (*GetProgramLog)(void *, char *);
  int (*DestroyProgram)(void **);
  const char *(*GetErrorString)(int);
  int (*AddNameExpression)(void *, const char *);
  int (*GetLoweredName)(void *, const char *, const char **);
} nv;

static const struct {
  const char *sym;
  size_t off;
} nv_syms[] = {
#define NV(f) {"nvrtc" #f, offsetof(struct NvApi, f)}
    NV(Version),       NV(GetNumSupportedArchs), NV(GetSupportedArchs), NV(CreateProgram),
    NV(CompileProgram), NV(GetPTXSize),          NV(GetPTX),            NV(GetCUBINSize),
    NV(GetCUBIN),      NV(GetProgramLogSize),    NV(GetProgramLog),     NV(DestroyProgram),
    NV(GetErrorString), NV(AddNameExpression), NV(GetLoweredName),
#undef NV
};

static pthread_once_t nv_once = PTHREAD_ONCE_INIT;
static char nv_error[RT_ERRLEN];              /* empty once loaded */
static int nv_major, nv_minor;
enum { NV_CCCL_DIRS = 3 };                         /* CuPy's copy: cub, thrust, libcudacxx */
static char nv_include[2 + NV_CCCL_DIRS][4200];    /* -I the toolkit's include folders
                                                      (include, include/cccl), then
                                                      $PYKC_CCCL_INCLUDE's, or "" */
static int nv_archs[64], nv_narchs;

static void *open_nvrtc(void) {
  const char *forced = getenv("PYKC_NVRTC");
  if (forced && *forced)
    return dlopen(forced, RTLD_NOW | RTLD_LOCAL);
  static const char *const names[] = {"libnvrtc.so.13", "libnvrtc.so"};
  const char *dirs[] = {getenv("CUDA_HOME"), "/usr/local/cuda"};
  char path[4096];
  for (size_t d = 0; d < 2; d++) {
    if (!dirs[d] || !*dirs[d])
      continue;
    for (size_t k = 0; k < 2; k++) {
      snprintf(path, sizeof path, "%s/lib64/%s", dirs[d], names[k]);
      void *h = access(path, F_OK) == 0 ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
      if (h)
        return h;
    }
  }
  for (size_t k = 0; k < 2; k++) {
    void *h = dlopen(names[k], RTLD_NOW | RTLD_LOCAL);
    if (h)
      return h;
  }
  return NULL;
}

static void load_once(void) {
  void *h = open_nvrtc();
  if (!h) {
    const char *forced = getenv("PYKC_NVRTC");
    snprintf(nv_error, sizeof nv_error,
             "cannot load NVRTC (%s); install the CUDA toolkit or set CUDA_HOME",
             forced && *forced ? forced
                               : "libnvrtc.so.13 or libnvrtc.so, in $CUDA_HOME/lib64, "
                                 "/usr/local/cuda/lib64 or the loader's path");
    return;
  }
  for (size_t i = 0; i < sizeof nv_syms / sizeof nv_syms[0]; i++) {
    void *f = dlsym(h, nv_syms[i].sym);
    if (!f) {
      snprintf(nv_error, sizeof nv_error, "NVRTC library lacks %s", nv_syms[i].sym);
      return;
    }
    memcpy((char *)&nv + nv_syms[i].off, &f, sizeof f);
  }
  nv.Version(&nv_major, &nv_minor);
  const char *dirs[] = {getenv("CUDA_HOME"), "/usr/local/cuda"};
  for (size_t d = 0; d < 2 && !nv_include[0][0]; d++) {  /* as CuPy passes them */
    char path[4200];
    if (!dirs[d] || !*dirs[d] || strlen(dirs[d]) >= 4000)
      continue;
    snprintf(path, sizeof path, "%s/include/cuda_fp16.h", dirs[d]);
    if (access(path, R_OK) == 0)
      snprintf(nv_include[0], sizeof nv_include[0], "-I%s/include", dirs[d]);
    snprintf(path, sizeof path, "%s/include/cccl/cuda/std/cmath", dirs[d]);   /* CUDA 13 */
    if (nv_include[0][0] && access(path, R_OK) == 0)
      snprintf(nv_include[1], sizeof nv_include[1], "-I%s/include/cccl", dirs[d]);
  }
  /* CCCL (CUB, libcu++) from elsewhere where the toolkit has none: CuPy's bundled copy
     (three folders) or the nvidia-cuda-cccl wheel's include folder, ':'-separated (the
     Python package finds them, python/pykc/_nvrtc.py) */
  const char *cccl = getenv("PYKC_CCCL_INCLUDE");
  for (int i = 2; !nv_include[1][0] && cccl && *cccl && i < 2 + NV_CCCL_DIRS; i++) {
    size_t n = strcspn(cccl, ":");
    if (n && n < 4000)
      snprintf(nv_include[i], sizeof nv_include[i], "-I%.*s", (int)n, cccl);
    cccl += n + (cccl[n] == ':');
  }
  if (nv.GetNumSupportedArchs(&nv_narchs) || nv_narchs > 64 || nv_narchs < 1 ||
      nv.GetSupportedArchs(nv_archs)) {
    snprintf(nv_error, sizeof nv_error, "NVRTC does not list its supported architectures");
    return;
  }
}

int rt_nvrtc_load(char *err) {
  pthread_once(&nv_once, load_once);
  if (nv_error[0]) {
    snprintf(err, RT_ERRLEN, "%s", nv_error);
    return RT_EFAIL;
  }
  return 0;
}

int rt_nvrtc_version(int *major, int *minor) {
  char err[RT_ERRLEN];
  if (rt_nvrtc_load(err))
    return -1;
  *major = nv_major, *minor = nv_minor;
  return 0;
}

int rt_nvrtc_best_arch(int want, int *lo, int *hi) {
  char err[RT_ERRLEN];
  if (rt_nvrtc_load(err))
    return 0;
  int best = 0;
  for (int i = 0; i < nv_narchs; i++)
    if (nv_archs[i] <= want && nv_archs[i] > best)
      best = nv_archs[i];
  if (lo)
    *lo = nv_archs[0];
  if (hi)
    *hi = nv_archs[nv_narchs - 1];
  return best;
}

int rt_parse_arch(const char *s, int *arch, char *suffix, bool *is_sm) {
  const char *p;
  if (strncmp(s, "sm_", 3) == 0)
    *is_sm = true, p = s + 3;
  else if (strncmp(s, "compute_", 8) == 0)
    *is_sm = false, p = s + 8;
  else
    return -1;
  int v = 0, digits = 0;
  for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++)
    v = v * 10 + (*p - '0');
  if (digits < 2)
    return -1;
  *suffix = 0;
  if (*p == 'a' || *p == 'f')
    *suffix = *p++;
  if (*p)
    return -1;
  *arch = v;
  return 0;
}

/* Keeps generated source that NVRTC rejected; returns the path or NULL. */
static const char *keep_source(const char *src, char *path, size_t n) {
  const char *tmp = getenv("TMPDIR");
  snprintf(path, n, "%s/pykc-bug-XXXXXX.cu", tmp && *tmp ? tmp : "/tmp");
  int fd = mkstemps(path, 3);
  if (fd < 0)
    return NULL;
  size_t len = strlen(src);
  bool ok = write(fd, src, len) == (ssize_t)len;
  close(fd);
  return ok ? path : NULL;
}

static char *program_log(void *prog) {
  size_t n = 0;
  if (nv.GetProgramLogSize(prog, &n) || n <= 1)
    return NULL;
  char *log = malloc(n);
  if (log && nv.GetProgramLog(prog, log)) {
    free(log);
    return NULL;
  }
  return log;
}

/* NVRTC's log in pykc's diagnostic format (docs/language.md §9), as the CPU backend's
   compiler gives it: each `FILE(LINE): error: MSG` with the source line and caret NVRTC
   prints under it becomes `FILE:LINE:COL: error: MSG`, the line indented by four, the
   caret under the column; NVRTC's blank lines go, its other lines ("2 errors detected
   ...") stay; NVRTC's two-space indent of the echoed lines goes, so the column is the
   line's own. NULL when out of memory (the caller keeps the log as it was). */
static char *log_diags(const char *log) {
  Buf b = {0};
  const char *p = log;
  while (*p) {
    const char *eol = strchr(p, '\n'), *end = eol ? eol : p + strlen(p);
    const char *next = eol ? eol + 1 : end;
    const char *open = memchr(p, '(', (size_t)(end - p)), *close = NULL;
    char *num_end = NULL;
    long line = open ? strtol(open + 1, &num_end, 10) : 0;
    if (open && num_end > open + 1 && *num_end == ')' && num_end[1] == ':' && num_end[2] == ' ')
      close = num_end;
    if (!close) {                                  /* not a diagnostic: as it is */
      if (end > p)
        buf_printf(&b, "%.*s\n", (int)(end - p), p);
      p = next;
      continue;
    }
    /* the source line and the caret line under it, when NVRTC printed them */
    const char *src = next, *src_end = strchr(src, '\n');
    const char *caret = src_end ? src_end + 1 : NULL;
    const char *caret_end = caret ? strchr(caret, '\n') : NULL;
    const char *hat = caret_end ? memchr(caret, '^', (size_t)(caret_end - caret)) : NULL;
    if (hat && strspn(caret, " \t") != (size_t)(hat - caret))
      hat = NULL;
    if (hat && hat - caret >= 2 && !strncmp(src, "  ", 2)) {  /* NVRTC indents both by two */
      src += 2;
      caret += 2;
    }
    buf_printf(&b, "%.*s:%ld:%d:%.*s\n", (int)(open - p), p, line,
               hat ? (int)(hat - caret) + 1 : 1, (int)(end - close - 2), close + 2);
    if (hat) {
      buf_printf(&b, "    %.*s\n    %*s^\n", (int)(src_end - src), src, (int)(hat - caret), "");
      next = caret_end + 1;
    }
    p = next;
  }
  return b.oom ? (buf_free(&b), NULL) : buf_detach(&b);
}

/* A ptxas error in LOG that is the kernel's own doing, not pykc's: it asks for more
   shared, local or parameter memory than the GPU has. Copies that line into buf. */
static bool resource_error(const char *log, char *buf, size_t n) {
  static const char *const needles[] = {"too much shared data", "too much local data",
                                        "parameter space overflowed"};
  for (size_t i = 0; log && i < sizeof needles / sizeof *needles; i++) {
    const char *hit = strstr(log, needles[i]);
    if (!hit)
      continue;
    const char *start = hit, *end = hit + strcspn(hit, "\n");
    while (start > log && start[-1] != '\n' && start[-1] != ':')
      start--;
    while (*start == ' ')
      start++;
    snprintf(buf, n, "%.*s", (int)(end - start), start);
    return true;
  }
  return false;
}

/* NVRTC's options for O: the architecture, then what the generated code needs. Generated
   code flushes float32 subnormals to zero as cupyx.jit's builds do (measured: FLT_MIN / 4
   is 0 under CuPy 14.2 on an H200), so results stay bit-identical to CuPy; it uses no
   texture, cudadevrt or runtime-API types, so NVRTC 12.4 and later compile it with
   -minimal, which skips those declarations (about a third of a small kernel's compile
   time). The user's CUDA C++ gets the toolkit's include folder (<cuda_fp16.h>, ...) and
   --device-as-default-execution-space (a function without __host__ or __device__ is a
   device function: a helper written without one, CuPy's structview.cuh), as CuPy gives
   them to every NVRTC compile (cupy/cuda/compiler.py). CuPy also compiles every program,
   RawKernel and RawModule code too, with -ftz=true after the user's options (which a
   user's -ftz=false does not undo: NVRTC takes the last and warns): nvrtc_run appends it
   to a .cu file's and a RawKernel's options. Returns the count; opts[0] points into
   ARCHOPT. */
enum { MAXOPTS = 7 + NV_CCCL_DIRS };
static int nvrtc_options(const RtCompile *o, const char *arch, char *archopt, size_t n,
                         const char **opts) {
  snprintf(archopt, n, "--gpu-architecture=%s", arch);
  int k = 0;
  opts[k++] = archopt;
  if (o->generated)
    opts[k++] = "-ftz=true";
  if (o->generated && !o->user_code && !o->cccl &&
      (nv_major > 12 || (nv_major == 12 && nv_minor >= 4)))
    opts[k++] = "-minimal";
  if (o->line_info)
    opts[k++] = "-lineinfo";
  if (!o->generated || o->user_code)
    opts[k++] = "--device-as-default-execution-space";
  for (int i = 0; i < 2 + NV_CCCL_DIRS && (!o->generated || o->user_code || o->cccl); i++)
    if (nv_include[i][0])
      opts[k++] = nv_include[i];
  return k;
}

/* The headers a program is given: pykc's (cuda_headers.c), Jitify's standard ones, and
   the missing ones a jitify build leaves out (empty). MAXCUPY bounds cuda_headers.c's
   table (CuPy's headers with xsf's: rt_nvrtc_headers says when it is too small). */
enum { MAXCUPY = 64, MAXHEADERS = 112, MAXMISSING = 16 };
typedef struct Headers {
  const char *names[MAXHEADERS], *texts[MAXHEADERS];
  int n;
  char *missing[MAXMISSING];                       /* malloc'd names among NAMES */
  int nmissing;
} Headers;

/* Creates and compiles the program of SRC with H's headers into *PROG; a jitify build
   that misses a header compiles again without it (jitify.c), and its log says so. 0, an
   NVRTC status (its log in *LOG, *PROG destroyed), or -1 with err. */
static int compile_program(const char *src, const RtCompile *o, const char **opts, int nopts,
                           Headers *h, bool jitify, void **prog, char **log, char *err) {
  Buf left = {0};                                  /* "header X not found: left out" */
  for (;;) {
    int r = nv.CreateProgram(prog, src, o->name, h->n, h->texts, h->names);
    for (int i = 0; !r && i < o->nexprs; i++)
      r = nv.AddNameExpression(*prog, o->exprs[i]);
    if (r) {
      if (*prog)
        nv.DestroyProgram(prog);
      buf_free(&left);
      snprintf(err, RT_ERRLEN, "nvrtcCreateProgram: %s", nv.GetErrorString(r));
      return -1;
    }
    r = nv.CompileProgram(*prog, nopts, opts);
    char *lg = program_log(*prog);
    char *miss = r && jitify && h->nmissing < MAXMISSING && h->n < MAXHEADERS
                     ? rt_jitify_missing(lg, h->names, h->n) : NULL;
    if (!miss) {
      if (left.len && !left.oom) {                 /* Jitify's notes, then NVRTC's log */
        buf_puts(&left, lg ? lg : "");
        free(lg);
        lg = buf_detach(&left);
      }
      buf_free(&left);
      *log = lg;
      if (r)
        nv.DestroyProgram(prog);
      return r;
    }
    buf_printf(&left, "%s: warning: jitify: header \"%s\" not found: left out\n", o->name,
               miss);
    h->missing[h->nmissing++] = miss;
    h->names[h->n] = miss, h->texts[h->n++] = "";
    free(lg);
    nv.DestroyProgram(prog);
  }
}

static int nvrtc_run(const char *src, const RtCompile *o, const char *arch, RtBinary *out,
                     char **log, char *err) {
  char archopt[64];
  const char *fixed[MAXOPTS];
  int nfixed = nvrtc_options(o, arch, archopt, sizeof archopt, fixed);
  const char **opts = malloc((size_t)(nfixed + o->noptions + 1) * sizeof *opts);
  if (!opts) {
    snprintf(err, RT_ERRLEN, "out of memory");
    return RT_EFAIL;
  }
  memcpy(opts, fixed, (size_t)nfixed * sizeof *opts);
  int nopts = nfixed;
  for (int i = 0; i < o->noptions; i++)            /* the user's, after pykc's */
    opts[nopts++] = o->options[i];
  if (!o->generated)                               /* CuPy's, last (nvrtc_options) */
    opts[nopts++] = "-ftz=true";
  Headers h = {0};
  bool jitify = rt_jitify_of(o);                   /* (Jitify has its own <cstdint>) */
  h.n = rt_nvrtc_headers(h.names, h.texts, MAXCUPY, !jitify);   /* <cupy/complex.cuh>, ... */
  if (h.n < 0) {
    free(opts);
    snprintf(err, RT_ERRLEN, "pykc's table of CUDA headers has more rows than NVRTC's "
                             "compile takes (MAXCUPY, runtime/gpu/nvrtc.c)");
    return RT_EFAIL;
  }
  if (jitify)
    h.n += rt_jitify_headers(h.names + h.n, h.texts + h.n, MAXHEADERS - MAXMISSING - h.n);
  void *prog = NULL;
  int r = compile_program(src, o, opts, nopts, &h, jitify, &prog, log, err);
  free(opts);
  for (int i = 0; i < h.nmissing; i++)
    free(h.missing[i]);
  if (r < 0)
    return RT_EFAIL;
  if (r) {
    if (!o->generated || o->user_code) {
      char *d = *log ? log_diags(*log) : NULL;
      if (d) {
        free(*log);
        *log = d;
      }
      snprintf(err, RT_ERRLEN, "NVRTC could not compile '%.300s' for %s", o->name, arch);
      return RT_ESOURCE;
    }
    char what[300];
    const char *lg = *log ? *log : "";             /* NVRTC 12 says "could not", 13 "cannot" */
    if (o->cccl && (strstr(lg, "could not open source file") ||
                    strstr(lg, "cannot open source file"))) {
      snprintf(err, RT_ERRLEN, "'%.60s' uses jit.cg or jit.cub, whose CUDA headers NVRTC "
               "cannot find (%.100s): install the CUDA toolkit (set CUDA_HOME) or point "
               "PYKC_CCCL_INCLUDE at a CCCL include folder (CuPy's or the nvidia-cuda-cccl "
               "wheel's)", o->name, nv_include[0][0] ? nv_include[0] + 2 : "no include folder");
      return RT_ESOURCE;
    }
    if (resource_error(*log, what, sizeof what)) {
      snprintf(err, RT_ERRLEN, "'%.120s' needs more memory than a GPU block has on %s: %s",
               o->name, arch, what);
      return RT_ESOURCE;
    }
    char path[160];
    const char *kept = keep_source(src, path, sizeof path);
    snprintf(err, RT_ERRLEN,
             "internal error: NVRTC rejected the CUDA that pykc generated for '%.120s' (%s). "
             "This is a pykc bug: please report it with %s",
             o->name, nv.GetErrorString(r), kept ? kept : "the output of `pykc cuda`");
    return RT_EFAIL;
  }
                                                   /* *log: warnings, if any (the API
                                                      keeps them, pykc_module_log) */
  Buf names = {0};                                 /* the lowered names, one per line */
  for (int i = 0; i < o->nexprs; i++) {
    const char *low = NULL;
    r = nv.GetLoweredName(prog, o->exprs[i], &low);
    if (r || !low) {
      snprintf(err, RT_ERRLEN, "NVRTC has no lowered name for the name expression '%.200s': %s",
               o->exprs[i], r ? nv.GetErrorString(r) : "none");
      nv.DestroyProgram(&prog);
      buf_free(&names);
      return RT_ESOURCE;
    }
    buf_printf(&names, "%s\n", low);
  }
  if (names.oom) {
    nv.DestroyProgram(&prog);
    buf_free(&names);
    snprintf(err, RT_ERRLEN, "out of memory");
    return RT_EFAIL;
  }
  out->lowered = buf_detach(&names);
  size_t n = 0;
  r = o->cubin ? nv.GetCUBINSize(prog, &n) : nv.GetPTXSize(prog, &n);
  char *bin = r ? NULL : malloc(n ? n : 1);
  if (bin)
    r = o->cubin ? nv.GetCUBIN(prog, bin) : nv.GetPTX(prog, bin);
  nv.DestroyProgram(&prog);
  if (r || !bin) {
    free(bin);
    rt_binary_free(out);
    snprintf(err, RT_ERRLEN, "NVRTC: cannot read the %s: %s", o->cubin ? "cubin" : "PTX",
             r ? nv.GetErrorString(r) : "out of memory");
    return RT_EFAIL;
  }
  out->data = bin;
  out->len = n;
  return 0;
}

int rt_compile(const char *src, const RtCompile *o, RtBinary *out, char **log, char *err) {
  memset(out, 0, sizeof *out);
  *log = NULL;
  int st = rt_nvrtc_load(err);
  if (st)
    return st;
  char arch[32], ver[32], opts[sizeof nv_include + 128] = "", archopt[64];
  snprintf(arch, sizeof arch, "%s_%d%s", o->cubin ? "sm" : "compute", o->arch,
           o->arch_suffix ? (char[]){o->arch_suffix, 0} : "");
  snprintf(ver, sizeof ver, "nvrtc %d.%d", nv_major, nv_minor);
  const char *optv[MAXOPTS];
  int nopts = nvrtc_options(o, arch, archopt, sizeof archopt, optv);
  for (int i = 1, k = 0; i < nopts && k < (int)sizeof opts; i++) /* the key: all but the
                                                                     architecture */
    k += snprintf(opts + k, sizeof opts - (size_t)k, "%s%s", i > 1 ? " " : "", optv[i]);
  char pv[64];
  snprintf(pv, sizeof pv, "pykc %s", kc_version());
  Buf user = {0};                                  /* the user's options, then " | " and
                                                      the name expressions, NUL-separated */
  for (int i = 0; i < o->noptions; i++)
    buf_putn(&user, o->options[i], strlen(o->options[i]) + 1);
  buf_putn(&user, " | ", 4);
  for (int i = 0; i < o->nexprs; i++)
    buf_putn(&user, o->exprs[i], strlen(o->exprs[i]) + 1);
  if (user.oom) {
    buf_free(&user);
    snprintf(err, RT_ERRLEN, "out of memory");
    return RT_EFAIL;
  }
  const void *parts[] = {pv, src, opts, arch, ver, user.data};
  size_t lens[6];
  for (int i = 0; i < 5; i++)
    lens[i] = strlen(parts[i]) + 1;               /* the NUL separates the parts */
  lens[5] = user.len;
  const char *ext = o->cubin ? "cubin" : "ptx";
  char key[33];
  double t0 = rt_now_ms();
  bool use_cache = rt_cache_enabled();
  out->is_cubin = o->cubin;
  if (use_cache) {
    rt_cache_key(parts, lens, o->noptions || o->nexprs ? 6 : 5, key);
    void *names = NULL;
    size_t nlen = 0;
    if ((!o->nexprs || rt_cache_get(key, "names", &names, &nlen) == 1) &&
        rt_cache_get(key, ext, &out->data, &out->len) == 1) {
      void *warn = NULL;                           /* NVRTC's warnings then, if any */
      size_t wlen = 0;
      if (rt_cache_get(key, "log", &warn, &wlen) == 1 && wlen && ((char *)warn)[wlen - 1] == 0)
        *log = warn;
      else
        free(warn);
      out->lowered = names;
      out->cache_hit = true;
      out->cache_ms = rt_now_ms() - t0;
      buf_free(&user);
      return 0;
    }
    free(names);
  }
  buf_free(&user);
  double t1 = rt_now_ms();
  st = nvrtc_run(src, o, arch, out, log, err);
  double t2 = rt_now_ms();
  out->nvrtc_ms = t2 - t1;
  if (st)
    return st;
  out->is_cubin = o->cubin;
  if (use_cache) {
    char cerr[RT_ERRLEN];
    if (out->lowered)
      rt_cache_put(key, "names", out->lowered, strlen(out->lowered) + 1, cerr);
    if (*log && **log)                             /* said again on a cache hit */
      rt_cache_put(key, "log", *log, strlen(*log) + 1, cerr);
    rt_cache_put(key, ext, out->data, out->len, cerr);  /* not caching is not an error */
  }
  out->cache_ms = (t1 - t0) + (rt_now_ms() - t2);
  return 0;
}

void rt_binary_free(RtBinary *b) {
  free(b->data);
  free(b->lowered);
  b->data = NULL;
  b->lowered = NULL;
  b->len = 0;
}
