/*
 * cpu.c: the CPU backend of `pykc run --cpu` (and of `run` without a GPU).
 *
 * The unit's C11 emission (TARGET_C) goes after the preamble cpu/cpu_rt.h (embedded
 * at build time as build/cpu_rt.inc) and is compiled with `$CC -std=gnu11 -O2 -fPIC
 * -shared -fwrapv` (run through posix_spawn, spawn.c: interruptible, no shell; $CC and
 * PYKC_CPU_CFLAGS are split at whitespace) into a private temporary folder (mkdtemp,
 * 0700). The object's bytes go into the disk cache as an ordinary entry (key: the whole C
 * text, the flags, and `$CC --version`), with the header, length and hash that every
 * entry carries. A cache hit is verified in memory and loaded from a memfd (or a file
 * in a fresh private folder), never from the cache folder itself: nothing another user
 * could plant, and nothing changed between the check and the load. Temporary files are
 * removed as soon as the object is loaded, and on every error or interrupt. A compiler
 * that cannot be run ($CC missing) is one message; one that fails keeps the source for the
 * bug report. The object is
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

#include "cpu_spawn.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char preamble[] =
#include "cpu_rt.inc"
    ;

static const char base_flags[] = "-std=gnu11 -O2 -fPIC -shared -fwrapv -fno-strict-aliasing -w";

/* ---------------------------------------------------------------- compiling */

static const char *cc_name(void) {
  const char *cc = getenv("CC");
  return cc && *cc ? cc : "cc";
}

static const char *extra_flags(void) {
  const char *f = getenv("PYKC_CPU_CFLAGS");
  return f ? f : "";
}

enum { MAXWORDS = 256 };

/* The compiler's argv: $CC's words, then those of FLAGS... (NULL-terminated lists of
   strings of words); strdup'd, free with free_argv. */
static int build_argv(char **argv, const char *const *flags, const char *const *tail) {
  int n = rt_split_words(cc_name(), argv, 0, MAXWORDS - 16);
  for (; *flags; flags++)
    n = rt_split_words(*flags, argv, n, MAXWORDS - 16);
  for (; *tail; tail++)
    argv[n++] = strdup(*tail);
  argv[n] = NULL;
  return n;
}

static void free_argv(char **argv) {
  for (; *argv; argv++)
    free(*argv);
}

/* `$CC --version` (the compiler's identity, for the cache key); malloc'd, never NULL. */
static char *cc_identity(void) {
  Buf out = {0};
  buf_puts(&out, cc_name());
  char *argv[MAXWORDS];
  static const char *const none[] = {NULL}, *const version[] = {"--version", NULL};
  build_argv(argv, none, version);
  int fds[2];
  pid_t pid;
  if (argv[0] && pipe2(fds, O_CLOEXEC) == 0) {
    if (rt_spawn(argv, fds[1], &pid) == 0) {
      close(fds[1]);
      char chunk[512];
      ssize_t r;
      while ((r = read(fds[0], chunk, sizeof chunk)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
          buf_putn(&out, chunk, (size_t)r);
      rt_spawn_wait(pid);
    } else {
      close(fds[1]);
    }
    close(fds[0]);
  }
  free_argv(argv);
  return buf_detach(&out);
}

/* Writes a new file PATH (MODE) holding LEN bytes of DATA. */
static int write_file(const char *path, const void *data, size_t len, mode_t mode, char *err) {
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  bool ok = fd >= 0 && rt_write_all(fd, data, len);
  int saved = errno;
  if (fd >= 0 && close(fd) != 0 && ok)
    ok = false, saved = errno;
  if (!ok) {
    rt_errf(err, "cannot write %s: %s", path, strerror(saved));
    return -1;
  }
  return 0;
}

/* The file PATH's bytes (malloc'd), or NULL. */
static void *read_file(const char *path, size_t *len) {
  Buf b = {0};
  if (buf_read_file(&b, path)) {
    buf_free(&b);
    return NULL;
  }
  *len = b.len;
  return buf_detach(&b);
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
   source and the compiler's log; on failure the source is kept there (not when a signal
   stopped the compiler: the caller then removes everything). */
static int compile(const char *src, const char *dir, const char *so, bool verbose,
                   char *err) {
  char cpath[4300], log[4300];
  snprintf(cpath, sizeof cpath, "%s/kernel.c", dir);
  snprintf(log, sizeof log, "%s/cc.log", dir);
  if (write_file(cpath, src, strlen(src), 0600, err))
    return RT_EFAIL;
  char *argv[MAXWORDS];
  const char *const flags[] = {base_flags, extra_flags(), NULL};
  const char *const tail[] = {"-o", so, cpath, "-lm", NULL};
  build_argv(argv, flags, tail);
  if (verbose) {
    fputs("pykc: cpu:", stderr);
    for (char **a = argv; *a; a++)
      fprintf(stderr, " %s", *a);
    fputc('\n', stderr);
  }
  double t0 = rt_now_ms();
  int logfd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  pid_t pid;
  int st = logfd < 0 ? -1 : rt_spawn(argv, logfd, &pid) == 0 ? rt_spawn_wait(pid) : -2;
  int saved = errno;
  if (logfd >= 0)
    close(logfd);
  free_argv(argv);
  if (rt_hold_interrupted()) {
    rt_errf(err, "interrupted while compiling");
    unlink(log);
    unlink(cpath);
    unlink(so);
    return RT_EFAIL;
  }
  if (st == -2) {                                  /* the compiler could not be run */
    rt_errf(err, "cannot run the C compiler '%s' (the CPU backend needs one: install cc "
            "or set $CC)", cc_name());
    unlink(log);
    unlink(cpath);
    return RT_EFAIL;
  }
  if (st != 0) {
    char first[300];
    first_error(log, first, sizeof first);
    if (st < 0)
      snprintf(first, sizeof first, "cannot write its log: %s", strerror(saved));
    else if (st > 255)
      snprintf(first, sizeof first, "it was killed by signal %d", st - 256);
    else if (!first[0])
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

typedef struct Module {
  void *dl;
  int memfd;                                       /* holds the loaded object, or -1 */
  char tmpdir[4096];                               /* private temporary folder */
} Module;

static void module_close(Module *m) {
  if (m->dl)
    dlclose(m->dl);
  if (m->memfd >= 0)
    close(m->memfd);
  if (m->tmpdir[0])
    rmdir(m->tmpdir);                              /* fails (kept) if a source was kept */
}

static int make_tmpdir(Module *m, char *err) {
  if (m->tmpdir[0])
    return 0;
  const char *t = getenv("TMPDIR");
  snprintf(m->tmpdir, sizeof m->tmpdir, "%s/pykc-cpu-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(m->tmpdir)) {                       /* 0700: nobody else can swap files */
    rt_errf(err, "cannot create a temporary folder in %s: %s", t && *t ? t : "/tmp",
            strerror(errno));
    m->tmpdir[0] = 0;
    return -1;
  }
  return 0;
}

/* dlopens the shared object PATH (in the private folder) and removes the file. */
static int load_file(Module *m, const char *path, char *err) {
  m->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!m->dl)
    rt_errf(err, "cannot load the kernel that the C compiler (%s) made: %s", cc_name(),
            dlerror());
  unlink(path);                                    /* loaded or not, it is not needed */
  return m->dl ? 0 : RT_EFAIL;
}

/* Loads a verified cache entry's bytes: from an anonymous memory file where the system
   has them (nothing on disk that another process could change), else from a file in the
   private temporary folder. */
static int load_bytes(Module *m, const void *p, size_t n, char *err) {
  int fd = memfd_create("pykc-kernel", MFD_CLOEXEC);
  if (fd >= 0) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    if (rt_write_all(fd, p, n) && (m->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
      m->memfd = fd;                               /* open while loaded: a unique name */
      return 0;
    }
    close(fd);
  }
  char path[4300];
  if (make_tmpdir(m, err))
    return RT_EFAIL;
  snprintf(path, sizeof path, "%s/cached.so", m->tmpdir);
  if (write_file(path, p, n, 0700, err))
    return RT_EFAIL;
  return load_file(m, path, err);
}

/* Finds SRC's object in the cache (verified: header, length, hash) or compiles it (and
   caches it), and dlopens it. Temporary files go away on every path: an interrupt
   (SIGINT, SIGTERM, ...) during the work stops the compiler, and is raised again once
   the files are removed. */
static int module_load(const char *src, bool verbose, Module *m, char *err) {
  RtHold hold;
  rt_hold_begin(&hold);
  char *id = cc_identity();
  const char *flags = extra_flags();
  const void *parts[] = {PYKC_VERSION, base_flags, flags, id, src};
  size_t lens[] = {strlen(PYKC_VERSION), strlen(base_flags), strlen(flags), strlen(id),
                   strlen(src)};
  char key[33];
  rt_cache_key(parts, lens, 5, key);
  free(id);
  void *bytes;
  size_t n;
  int rc = -1;
  if (!rt_hold_interrupted() && rt_cache_get(key, "so", &bytes, &n) == 1) {
    char lerr[RT_ERRLEN];
    rc = load_bytes(m, bytes, n, lerr);            /* unloadable: compile it again */
    free(bytes);
    char path[4300];
    if (rc == 0 && verbose && rt_cache_path(key, "so", path, sizeof path, lerr) == 0)
      fprintf(stderr, "pykc: cpu: cache hit %s\n", path);
  }
  if (rc != 0) {
    char so[4300];
    rc = make_tmpdir(m, err) ? RT_EFAIL : 0;
    if (!rc) {
      snprintf(so, sizeof so, "%s/kernel.so", m->tmpdir);
      rc = compile(src, m->tmpdir, so, verbose, err);
    }
    void *obj = rc ? NULL : read_file(so, &n);
    char cerr[RT_ERRLEN];
    if (obj && !rt_hold_interrupted() && rt_cache_put(key, "so", obj, n, cerr) && verbose)
      fprintf(stderr, "pykc: cpu: not cached: %s\n", cerr);
    free(obj);
    if (!rc)
      rc = load_file(m, so, err);
  }
  if (m->tmpdir[0] && rmdir(m->tmpdir) == 0)       /* fails (kept) if a source was kept */
    m->tmpdir[0] = 0;
  int sig = rt_hold_end(&hold);
  if (sig) {
    module_close(m);
    rt_hold_reraise(sig);
  }
  return rc;
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
  if (from->is_complex || dtype_info[to].is_complex) {
    rt_errf(err, "argument '%s': complex scalars are not supported by the CPU backend",
            a->name);
    return -1;
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

/* Makes the module's guards around static shared memory inaccessible (see cpu_rt.h). */
static void guard_shared(PykcCpu *cpu) {
  if (sysconf(_SC_PAGESIZE) != PYKC_GUARD)
    return;
  for (int i = 0; i < 2; i++)
    if (cpu->shared_guard[i] && (uintptr_t)cpu->shared_guard[i] % PYKC_GUARD == 0)
      mprotect(cpu->shared_guard[i], PYKC_GUARD, PROT_NONE);
}

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
  Module m = {.memfd = -1};
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
  buf_puts(&src, "\nPYKC_SHARED_END\n");          /* the guard after static shared memory */
  rc = module_load(src.data, cfg->verbose, &m, err);
  if (rc)
    goto out;
  char ename[512];
  snprintf(ename, sizeof ename, "%s__entry", s->cname);
  PykcCpu *cpu = dlsym(m.dl, "pykc_cpu");
  void *entry = dlsym(m.dl, ename);
  if (!cpu || !entry) {
    rt_errf(err, "the compiled kernel lacks %s", cpu ? ename : "pykc_cpu");
    rc = RT_EFAIL;
    goto out;
  }
  guard_shared(cpu);
  RtGridRun g = {.cpu = cpu, .args = ptrs, .name = s->fn->name,
                 .grid = {cfg->grid[0], cfg->grid[1], cfg->grid[2]},
                 .block = {cfg->block[0], cfg->block[1], cfg->block[2]},
                 .shared_mem = cfg->shared_mem, .debug = cfg->debug,
                 .timeout_s = cfg->timeout_s};
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
