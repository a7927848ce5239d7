/*
 * cpu.c: the CPU backend of `pykc run --cpu` (and of `run` without a GPU).
 *
 * The unit's C11 emission (TARGET_C) goes after the preamble cpu/cpu_rt.h (embedded
 * at build time as build/cpu_rt.inc) and is compiled with `$CC -std=gnu11 -O2 -fPIC
 * -shared -fwrapv` into a shared object in the disk cache (key: the whole C text, the
 * flags, and `$CC --version`), written under a temporary name and renamed into place;
 * with PYKC_CACHE=0 it goes to a temporary folder, removed as soon as the object is loaded
 * (so that a run stopped by a signal leaves nothing behind). A compiler that cannot be run
 * ($CC missing) is one message; one that fails keeps the source for the bug report. The object is
 * dlopen'ed, its `pykc_cpu` state and `NAME__entry` trampoline looked up, the arguments
 * laid out in the kernel ABI (arrays point at the NpyArray data, so results land in the
 * caller's arrays), and the grid run by fiber.c. --time=N times N runs after a warm-up,
 * each from the original argument values, so the arrays end as after one launch.
 * PYKC_CPU_CFLAGS adds compiler flags (e.g. -march=native); -v reports the compiler
 * command and cache hits on stderr, and keeps the C source of a compilation.
 */
#include "rt.h"
#define PYKC_CPU_HOST
#include "cpu_rt.h"

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char preamble[] =
#include "cpu_rt.inc"
    ;

/* -fno-tree-slp-vectorize: GCC 12's SLP vectorizer deletes adjacent (double)(float) round
   trips at -O2 (complex128(complex64(z)) came back unrounded; tests/e2e/complex_round_trip) */
static const char base_flags[] =
    "-std=gnu11 -O2 -fPIC -shared -fwrapv -fno-strict-aliasing -fno-tree-slp-vectorize -w";

/* ---------------------------------------------------------------- compiling */

static const char *cc_name(void) {
  const char *cc = getenv("CC");
  return cc && *cc ? cc : "cc";
}

static const char *extra_flags(void) {
  const char *f = getenv("PYKC_CPU_CFLAGS");
  return f ? f : "";
}

/* Appends S to B quoted for sh. */
static void sh_quote(Buf *b, const char *s) {
  buf_putc(b, '\'');
  for (; *s; s++)
    if (*s == '\'')
      buf_puts(b, "'\\''");
    else
      buf_putc(b, *s);
  buf_putc(b, '\'');
}

/* Runs a shell command; returns its exit status, or -1. system() ignores SIGINT and
   SIGQUIT while the command runs: a Ctrl-C that stopped the compiler is raised again
   here, so that it stops the program as the user meant. */
static int run_sh(const char *cmd) {
  int st = system(cmd);
  if (st != -1 && WIFSIGNALED(st) && (WTERMSIG(st) == SIGINT || WTERMSIG(st) == SIGQUIT))
    raise(WTERMSIG(st));
  if (st == -1 || !WIFEXITED(st))
    return -1;
  return WEXITSTATUS(st);
}

/* `$CC --version` (the compiler's identity, for the cache key); malloc'd, never NULL. */
static char *cc_identity(void) {
  Buf cmd = {0}, out = {0};
  buf_puts(&cmd, cc_name());
  buf_puts(&cmd, " --version 2>&1");
  FILE *p = popen(cmd.data, "r");
  buf_puts(&out, cc_name());
  if (p) {
    char line[512];
    while (fgets(line, sizeof line, p))
      buf_puts(&out, line);
    pclose(p);
  }
  buf_free(&cmd);
  return buf_detach(&out);
}

static int write_file(const char *path, const char *text, size_t len, char *err) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
    rt_errf(err, "cannot write %s: %s", path, strerror(errno));
    if (f)
      fclose(f);
    return -1;
  }
  return 0;
}

/* The compiler's first error line from LOG (a file), for the message. */
static void first_error(const char *log, char *buf, size_t n) {
  buf[0] = 0;
  FILE *f = fopen(log, "r");
  if (!f)
    return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strstr(line, "error") || !buf[0]) {
      size_t k = strcspn(line, "\n");
      if (k >= n)
        k = n - 1;
      memcpy(buf, line, k);
      buf[k] = 0;
      if (strstr(line, "error"))
        break;
    }
  }
  fclose(f);
}

/* Compiles SRC into the shared object SO. DIR is a private temporary folder for the
   source and the compiler's log; on failure the source is kept there. */
static int compile(const char *src, const char *dir, const char *so, bool verbose,
                   char *err) {
  char cpath[4300], log[4300];
  snprintf(cpath, sizeof cpath, "%s/kernel.c", dir);
  snprintf(log, sizeof log, "%s/cc.log", dir);
  if (write_file(cpath, src, strlen(src), err))
    return RT_EFAIL;
  Buf cmd = {0};
  buf_printf(&cmd, "%s %s %s -o ", cc_name(), base_flags, extra_flags());
  sh_quote(&cmd, so);
  buf_putc(&cmd, ' ');
  sh_quote(&cmd, cpath);
  buf_puts(&cmd, " -lm 2>");
  sh_quote(&cmd, log);
  if (verbose)
    fprintf(stderr, "pykc: cpu: %s\n", cmd.data);
  double t0 = rt_now_ms();
  int st = run_sh(cmd.data);
  buf_free(&cmd);
  if (st == 126 || st == 127) {                   /* the shell could not run it */
    rt_errf(err, "cannot run the C compiler '%s' (the CPU backend needs one: install cc "
            "or set $CC)", cc_name());
    unlink(log);
    unlink(cpath);
    return RT_EFAIL;
  }
  if (st != 0) {
    char first[300];
    first_error(log, first, sizeof first);
    if (!first[0])
      snprintf(first, sizeof first, "it exited with status %d and printed nothing", st);
    rt_errf(err, "the C compiler (%s) failed on the generated code: %s; source kept in %s",
            cc_name(), first, cpath);
    return RT_EFAIL;
  }
  unlink(log);
  if (verbose)                                     /* -v keeps the C source */
    fprintf(stderr, "pykc: cpu: compiled in %.1f ms; source kept in %s\n", rt_now_ms() - t0,
            cpath);
  else
    unlink(cpath);
  return 0;
}

static int mkdir_p(const char *dir, char *err) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dir);
  for (char *s = p + 1;; s++)
    if (*s == '/' || *s == 0) {
      char c = *s;
      *s = 0;
      if (mkdir(p, 0755) != 0 && errno != EEXIST) {
        rt_errf(err, "cannot create %s: %s", p, strerror(errno));
        return -1;
      }
      *s = c;
      if (!c)
        return 0;
    }
}

typedef struct Module {
  void *dl;
  char so[4200];                                   /* the shared object's path */
  char tmpdir[4096];                               /* private temporary folder */
  bool cached;                                     /* so lives in the cache */
} Module;

static void module_close(Module *m) {
  if (m->dl)
    dlclose(m->dl);
  if (!m->cached && m->so[0])
    unlink(m->so);
  if (m->tmpdir[0])
    rmdir(m->tmpdir);                              /* fails (kept) if a source was kept */
}

static int make_tmpdir(Module *m, char *err) {
  const char *t = getenv("TMPDIR");
  snprintf(m->tmpdir, sizeof m->tmpdir, "%s/pykc-cpu-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(m->tmpdir)) {
    rt_errf(err, "cannot create a temporary folder in %s: %s", t && *t ? t : "/tmp",
            strerror(errno));
    m->tmpdir[0] = 0;
    return -1;
  }
  return 0;
}

/* Compiles SRC (or finds it in the cache) and dlopens it. */
static int module_load(const char *src, bool verbose, Module *m, char *err) {
  char *id = cc_identity();
  const char *flags = extra_flags();
  const void *parts[] = {PYKC_VERSION, base_flags, flags, id, src};
  size_t lens[] = {strlen(PYKC_VERSION), strlen(base_flags), strlen(flags), strlen(id),
                   strlen(src)};
  char key[33];
  rt_cache_key(parts, lens, 5, key);
  free(id);
  char dir[4096], cerr[RT_ERRLEN];
  m->cached = rt_cache_enabled() && rt_cache_path(key, "so", m->so, sizeof m->so, cerr) == 0 &&
              rt_cache_dir(dir, sizeof dir, cerr) == 0 && mkdir_p(dir, cerr) == 0;
  struct stat st;
  if (m->cached && stat(m->so, &st) == 0) {        /* (a FIFO there must not block dlopen) */
    m->dl = S_ISREG(st.st_mode) ? dlopen(m->so, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (m->dl) {
      if (verbose)
        fprintf(stderr, "pykc: cpu: cache hit %s\n", m->so);
      return 0;
    }
    unlink(m->so);                                 /* unloadable: compile it again */
  }
  if (make_tmpdir(m, err))
    return RT_EFAIL;
  if (m->cached) {
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", m->so);
    int fd = mkstemp(tmp);
    if (fd < 0) {
      m->cached = false;
    } else {
      close(fd);
      int rc = compile(src, m->tmpdir, tmp, verbose, err);
      if (rc) {
        unlink(tmp);
        return rc;
      }
      if (rename(tmp, m->so) != 0) {
        unlink(tmp);
        m->cached = false;
      }
    }
  }
  if (!m->cached) {
    snprintf(m->so, sizeof m->so, "%s/kernel.so", m->tmpdir);
    int rc = compile(src, m->tmpdir, m->so, verbose, err);
    if (rc)
      return rc;
  }
  m->dl = dlopen(m->so, RTLD_NOW | RTLD_LOCAL);
  if (!m->dl) {
    rt_errf(err, "cannot load the kernel that the C compiler (%s) made: %s", cc_name(),
            dlerror());
    if (m->cached)
      unlink(m->so);                               /* never leave it for the next run */
    return RT_EFAIL;
  }
  if (!m->cached && m->so[0]) {                    /* loaded: the file is not needed, and */
    unlink(m->so);                                 /* a killed run leaves nothing behind */
    m->so[0] = 0;
  }
  if (m->tmpdir[0] && rmdir(m->tmpdir) == 0)       /* fails (kept) if -v kept the source */
    m->tmpdir[0] = 0;
  return 0;
}

/* ---------------------------------------------------------------- arguments */

/* One ABI value: {T *data; int64_t size; int64_t shape[N]; int64_t strides[N]} or a
   scalar at the start. */
typedef union AbiSlot {
  int64_t w[2 + 2 * RT_MAXDIM];
  void *p;
  unsigned char b[8 * (2 + 2 * RT_MAXDIM)];
} AbiSlot;

static void type_name(Ctx *c, const RunArg *a, char *buf, size_t n) {
  if (!a->is_array) {
    snprintf(buf, n, "%s", dtype_info[a->dtype].name);
    return;
  }
  Type *t = ty_array(c, ty_scalar((TypeKind)a->arr.dtype), a->arr.ndim, true);
  snprintf(buf, n, "%s", ty_str(c, t));
}

/* Stores scalar A converted to dtype TO at P (C conversions). */
static int store_scalar(unsigned char *p, int to, const RunArg *a, char *err) {
  const DtypeInfo *from = &dtype_info[a->dtype];
  if (from->is_complex && !dtype_info[to].is_complex) {
    rt_errf(err, "argument '%s': cannot convert %s to %s", a->name, from->name,
            dtype_info[to].name);
    return -1;
  }
  if (dtype_info[to].is_complex) { /* two reals, CuPy's layout */
    double re = from->is_float || from->is_complex ? a->val.f
                : a->dtype == TY_BOOL ? a->val.b : from->is_signed ? (double)a->val.i
                                                               : (double)a->val.u;
    double im = from->is_complex ? a->imag : 0;
    if (to == TY_COMPLEX64) {
      float v[2] = {(float)re, (float)im};
      memcpy(p, v, sizeof v);
    } else {
      double v[2] = {re, im};
      memcpy(p, v, sizeof v);
    }
    return 0;
  }
  if (from->is_float && to != TY_BOOL && !dtype_info[to].is_float) {
    rt_errf(err, "argument '%s': cannot convert %s to %s", a->name, from->name,
            dtype_info[to].name);
    return -1;
  }
  int64_t i = from->is_float ? 0 : a->dtype == TY_BOOL ? a->val.b
              : from->is_signed ? a->val.i : (int64_t)a->val.u;
  uint64_t u = (uint64_t)i;
  double f = from->is_float ? a->val.f : from->is_signed ? (double)i : (double)u;
  switch (to) {
#define ST(K, T, V) case K: { T v = (T)(V); memcpy(p, &v, sizeof v); return 0; }
    ST(TY_BOOL, bool, from->is_float ? f != 0 : u != 0)
    ST(TY_INT8, int8_t, u) ST(TY_UINT8, uint8_t, u)
    ST(TY_INT16, int16_t, u) ST(TY_UINT16, uint16_t, u)
    ST(TY_INT32, int32_t, u) ST(TY_UINT32, uint32_t, u)
    ST(TY_INT64, int64_t, i) ST(TY_UINT64, uint64_t, u)
    ST(TY_FLOAT16, uint16_t, rt_double_to_half(f))
    ST(TY_FLOAT32, float, f) ST(TY_FLOAT64, double, f)
#undef ST
  }
  rt_errf(err, "argument '%s': unsupported parameter type", a->name);
  return -1;
}

static int marshal(Unit *u, Spec *s, RunArg *args, int nargs, AbiSlot *slots, void **ptrs,
                   char *err) {
  if (nargs != s->nparams) {
    rt_errf(err, "kernel '%s' takes %d arguments, got %d", s->fn->name, s->nparams, nargs);
    return RT_EUSAGE;
  }
  for (int i = 0; i < nargs; i++) {
    const RunArg *a = &args[i];
    Type *t = s->ptypes[i];
    AbiSlot *sl = &slots[i];
    memset(sl, 0, sizeof *sl);
    ptrs[i] = sl;
    bool ok = t->kind == TY_ARRAY ? a->is_array && a->arr.dtype == (int)t->elem->kind &&
                                        a->arr.ndim == t->ndim
                                  : !a->is_array && ty_is_scalar(t);
    if (!ok) {
      char got[128];
      type_name(&u->ctx, a, got, sizeof got);
      rt_errf(err, "argument '%s': expected %s, got %s", s->params[i]->name,
              ty_str(&u->ctx, t), got);
      return RT_EUSAGE;
    }
    if (!a->is_array) {
      if (store_scalar(sl->b, t->kind, a, err))
        return RT_EUSAGE;
      continue;
    }
    int n = a->arr.ndim;
    int64_t stride = dtype_info[a->arr.dtype].size;
    sl->p = a->arr.data;
    sl->w[1] = a->arr.size;
    for (int d = n - 1; d >= 0; d--) {             /* C order, strides in bytes */
      sl->w[2 + d] = a->arr.shape[d];
      sl->w[2 + n + d] = stride;
      stride *= a->arr.shape[d];
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- timing */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Warm-up, then N timed runs, each from the original array contents. */
static int run_timed(const RtGridRun *g, RunArg *args, int nargs, int n, char *err) {
  void **saved = calloc((size_t)nargs, sizeof *saved);
  double *us = calloc((size_t)n, sizeof *us);
  int rc = saved && us ? 0 : RT_EFAIL;
  for (int i = 0; i < nargs && !rc; i++)
    if (args[i].is_array && args[i].arr.nbytes) {
      saved[i] = malloc(args[i].arr.nbytes);
      if (!saved[i])
        rc = RT_EFAIL;
      else
        memcpy(saved[i], args[i].arr.data, args[i].arr.nbytes);
    }
  if (rc)
    rt_errf(err, "out of memory for --time");
  for (int r = -1; r < n && !rc; r++) {
    for (int i = 0; i < nargs; i++)
      if (saved[i])
        memcpy(args[i].arr.data, saved[i], args[i].arr.nbytes);
    double t0 = rt_now_ms();
    rc = rt_fiber_run_grid(g, err);
    if (r >= 0)
      us[r] = (rt_now_ms() - t0) * 1e3;
  }
  if (!rc) {
    qsort(us, (size_t)n, sizeof *us, cmp_double);
    double med = n % 2 ? us[n / 2] : (us[n / 2 - 1] + us[n / 2]) / 2;
    printf("%s: %d launches: min %.2f \xc2\xb5s, median %.2f \xc2\xb5s, max %.2f \xc2\xb5s (cpu)\n",
           g->name, n, us[0], med, us[n - 1]);
    fflush(stdout);
  }
  for (int i = 0; saved && i < nargs; i++)
    free(saved[i]);
  free(saved);
  free(us);
  return rc;
}

/* ---------------------------------------------------------------- entry point */

int rt_cpu_run(Unit *u, Spec *s, RunArg *args, int nargs, const RunCfg *cfg, char *err) {
  if (nargs > RT_MAXPARAMS) {
    rt_errf(err, "too many arguments (%d)", nargs);
    return RT_EUSAGE;
  }
  AbiSlot *slots = calloc((size_t)nargs + 1, sizeof *slots);
  void **ptrs = calloc((size_t)nargs + 1, sizeof *ptrs);
  if (!slots || !ptrs) {
    free(slots);
    free(ptrs);
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  int rc = marshal(u, s, args, nargs, slots, ptrs, err);
  char *text = NULL;
  Buf src = {0};
  Module m = {0};
  if (rc)
    goto out;
  if (cfg->debug)
    u->ctx.opt.debug = true;                       /* bounds checks in the emitted C */
  text = unit_emit(u, TARGET_C);
  if (!text) {
    rt_errf(err, "cannot emit C for kernel '%s'%s%s", s->fn->name, *unit_diags(u) ? ":\n" : "",
            unit_diags(u));
    rc = RT_ESOURCE;
    goto out;
  }
  buf_puts(&src, preamble);
  buf_puts(&src, "\n");
  buf_puts(&src, text);
  rc = module_load(src.data, cfg->verbose, &m, err);
  if (rc)
    goto out;
  char ename[512];
  snprintf(ename, sizeof ename, "%s__entry", s->cname);
  PykcCpu *cpu = dlsym(m.dl, "pykc_cpu");
  void *entry = dlsym(m.dl, ename);
  if (!cpu || !entry) {
    rt_errf(err, "the compiled kernel%s%s lacks %s", m.cached ? " " : "", m.cached ? m.so : "",
            cpu ? ename : "pykc_cpu");
    if (m.cached)
      unlink(m.so);                                /* not ours: compile it again next time */
    rc = RT_EFAIL;
    goto out;
  }
  RtGridRun g = {.cpu = cpu, .args = ptrs, .name = s->fn->name,
                 .grid = {cfg->grid[0], cfg->grid[1], cfg->grid[2]},
                 .block = {cfg->block[0], cfg->block[1], cfg->block[2]},
                 .shared_mem = cfg->shared_mem, .debug = cfg->debug};
  memcpy(&g.entry, &entry, sizeof entry);          /* object pointer -> function pointer */
  fflush(stdout);
  rc = cfg->time_n > 0 ? run_timed(&g, args, nargs, cfg->time_n, err)
                       : rt_fiber_run_grid(&g, err);
out:
  module_close(&m);
  buf_free(&src);
  free(text);
  free(slots);
  free(ptrs);
  return rc;
}
