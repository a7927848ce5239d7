/*
 * cpu.c: the CPU backend's kernel objects, for the library's CPU contexts (api.c; `pykc
 * run --cpu`, and `run` without a GPU, go through them).
 *
 * The unit's C11 emission (TARGET_C) goes after the preamble cpu/cpu_rt.h (embedded
 * at build time as build/cpu_rt.inc) and is compiled with `$CC -std=gnu11 -O2 -fPIC
 * -shared -fwrapv`; CUDA C++ (a .cu file, RawKernel/RawModule code, generated form code;
 * cxx.c prepares it) goes after the same preamble and is compiled with `$CXX
 * -std=gnu++17` and the same flags. The compiler runs through posix_spawn (spawn.c:
 * interruptible, no shell; $CC, $CXX and PYKC_CPU_CFLAGS are split at whitespace) in a
 * private temporary folder (mkdtemp, 0700). The object's bytes go into the disk cache as
 * an ordinary entry (key: the whole source, the flags, and the compiler's `--version`),
 * with the header, length and hash that every
 * entry carries. A cache hit is verified in memory and loaded from a memfd (or a file
 * in a fresh private folder), never from the cache folder itself: nothing another user
 * could plant, and nothing changed between the check and the load. Temporary files are
 * removed as soon as the object is loaded, and on every error or interrupt. A compiler
 * that cannot be run ($CC missing) is one message; one that fails says its first error and
 * keeps the source and the compiler's messages only with a log (pykc run -v): a failure
 * leaves no folder behind otherwise.
 * The object is dlopen'ed and stays loaded until the module
 * that asked for it is freed; rt_cpu_entry looks up its `pykc_cpu` state and a kernel's
 * `NAME__entry` trampoline, which fiber.c's grid runner calls with the arguments in the
 * kernel ABI (launch.c marshals them). PYKC_CPU_CFLAGS adds compiler flags (e.g.
 * -march=native). With a log (pykc_set_log; `pykc run -v`), the compiler command and
 * cache hits are reported there, and a compilation keeps its C source.
 */
#include "cpu.h"
#define PYKC_CPU_HOST
#include "cpu_rt.h"

#include "cpu_spawn.h"

#include <dirent.h>
#include <dlfcn.h>
#include <link.h>
#include <fcntl.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char preamble[] =
#include "cpu_rt.inc"
    ;
/* CUDA C++'s environment around the preamble (C++ only): cxx_env_open.h renames the C
   library's typedefs while the preamble reads its headers, cuda_math.h adds the rest of
   CUDA's math API and intrinsics, cxx_env_close.h frees the C library's names again. */
static const char cxx_open[] =
#include "cxx_env_open.inc"
    ;
static const char cxx_math[] =
#include "cuda_math.inc"
    ;
static const char cxx_close[] =
#include "cxx_env_close.inc"
    ;

/* The two languages: the compiler ($CC, $CXX), its flags and the source's extension.
   -fno-tree-slp-vectorize: GCC 12's SLP vectorizer deletes adjacent (double)(float) round
   trips at -O2 (complex128(complex64(z)) came back unrounded; tests/e2e/complex_round_trip).
   -fno-strict-aliasing: the ABI's byte strides and cxx.c's dynamic shared memory
   reinterpret pointers. */
typedef struct Lang {
  const char *env, *dflt;                          /* $ENV, else DFLT */
  const char *what, *pkg;                          /* "C compiler", its Debian package */
  const char *flags;
  const char *ext;                                 /* the source file's */
} Lang;
#define COMMON_FLAGS "-O2 -fPIC -shared -fwrapv -fno-strict-aliasing -fno-tree-slp-vectorize -w"
static const Lang lang_c = {"CC", "cc", "C compiler", "cc", "-std=gnu11 " COMMON_FLAGS, "c"};
/* -fvisibility=hidden: the user's extern "C" kernels keep their names (`read`, `index`),
   which must not be interposed by the C library's; only pykc_cpu and the trampolines are
   exported (cpu_rt.h marks them). -fexcess-precision=16: each __half operation rounds to
   half, as on the GPU (g++ 13 otherwise computes a __half expression in float and rounds
   once; g++ 12 accepts the flag and rounds each operation anyway). */
static const Lang lang_cxx = {"CXX", "c++", "C++ compiler", "g++",
                              "-std=gnu++17 -fvisibility=hidden -fexcess-precision=16 "
                              COMMON_FLAGS, "cc"};

/* ---------------------------------------------------------------- compiling */

static const char *cc_name(const Lang *l) {
  const char *cc = getenv(l->env);
  return cc && *cc ? cc : l->dflt;
}

/* a * b + c as NVRTC compiles it by default (-fmad=true): contracted into one fused
   multiply-add, so that an overflow or a cancellation gives the GPU's bits. GCC and clang
   contract the same pairs as NVVM (the product with one use into the add or subtract
   that uses it; of a*b + c*d the left product: fma(a, b, c*d)), but only for a target
   with the instruction: x86-64's baseline has none (g++ then rounds twice), so -mfma is
   added where this CPU has FMA3 (the objects run here only); without it, as on a
   pre-Haswell CPU, the CPU backend rounds a * b + c twice (docs/design.md §7). */
static const char *contract_flags(void) {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("fma") ? "-mfma -ffp-contract=fast" : "-ffp-contract=fast";
#else
  return "-ffp-contract=fast";
#endif
}

static const char *extra_flags(void) {
  const char *f = getenv("PYKC_CPU_CFLAGS");
  return f ? f : "";
}

enum { MAXWORDS = 256 };

/* The compiler's argv: the words of L's compiler, then those of FLAGS... (strings of
   words), then the arguments ARGS... and TAIL... as they are (NULL-terminated lists;
   ARGS may be NULL); strdup'd, free with free_argv. */
static int build_argv(char **argv, const Lang *l, const char *const *flags,
                      const char *const *args, const char *const *tail) {
  int n = rt_split_words(cc_name(l), argv, 0, MAXWORDS - 16);
  for (; *flags; flags++)
    n = rt_split_words(*flags, argv, n, MAXWORDS - 16);
  for (; args && *args && n < MAXWORDS - 16; args++)
    argv[n++] = strdup(*args);
  for (; *tail; tail++)
    argv[n++] = strdup(*tail);
  argv[n] = NULL;
  return n;
}

static void free_argv(char **argv) {
  for (; *argv; argv++)
    free(*argv);
}

/* `$CC --version` (the compiler's identity, for the cache key); malloc'd, NULL when out
   of memory. */
static char *cc_identity(const Lang *l) {
  Buf out = {0};
  buf_puts(&out, cc_name(l));
  char *argv[MAXWORDS];
  static const char *const none[] = {NULL}, *const version[] = {"--version", NULL};
  build_argv(argv, l, none, NULL, version);
  int fds[2];
  pid_t pid;
  if (argv[0] && pipe2(fds, O_CLOEXEC) == 0) {
    if (rt_spawn(argv, fds[1], NULL, &pid) == 0) {
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
    if (fd >= 0)                                   /* no partial file stays behind */
      unlink(path);
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

static void copy_line(char *buf, size_t n, const char *s) {
  size_t k = strlen(s);
  if (k >= n)
    k = n - 1;
  memcpy(buf, s, k);
  buf[k] = 0;
}

/* The compiler's error line from LOG (a file) for the message: the first one in the
   user's file USER (a NULL USER: the first error), else, when the user's code left a
   bracket open (the errors then fall in the generated code after it), the open bracket
   as g++'s "to match this" note names it, else the first error. */
static void first_error(const char *log, const char *user, char *buf, size_t n) {
  buf[0] = 0;
  FILE *f = fopen(log, "r");
  if (!f)
    return;
  char line[512], open[512] = "";
  const char *paren = user ? strstr(user, " (") : NULL;   /* "k.py (generated C++)": k.py */
  size_t ul = !user ? 0 : paren ? (size_t)(paren - user) : strlen(user);
  bool have = false;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    bool err = strstr(line, "error") != NULL;
    bool mine = ul && !strncmp(line, user, ul) && line[ul] == ':';
    const char *m = mine && !open[0] ? strstr(line, ": note: to match this ") : NULL;
    if (m)
      snprintf(open, sizeof open, "%.*s: error: %s is never closed", (int)(m - line), line,
               m + strlen(": note: to match this "));
    if ((err && (!have || mine)) || !buf[0]) {
      copy_line(buf, n, line);
      have = have || err;
      if (err && (mine || !ul))
        break;
    }
  }
  if (open[0] && !(ul && !strncmp(buf, user, ul) && buf[ul] == ':'))
    copy_line(buf, n, open);
  fclose(f);
}

/* What is compiled: the source in language L with more arguments ARGS (NULL-terminated,
   or NULL). USER: the source is the user's code (C++), so a compiler error is a source
   error that names the user's lines, and the log is kept beside the source. */
typedef struct Job {
  const Lang *l;
  const char *src;
  const char *const *args;
  bool user;
  const char *name;                                /* the user's file, for messages */
} Job;

/* Compiles J's source into the shared object SO. DIR is a private temporary folder for
   the source and the compiler's log; on failure the source is kept there (not when a
   signal stopped the compiler: the caller then removes everything). */
/* Removes the files of folder DIR (the compiler's temporaries: no subfolders) and DIR:
   a compiler stopped by a signal leaves its own (collect2's ccXXXX.cdtor.o) behind. */
static void remove_flat_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d)))
      if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
        unlinkat(dirfd(d), e->d_name, 0);
    closedir(d);
  }
  rmdir(dir);
}

static int compile(const Job *j, const char *dir, const char *so, const RtLog *verbose,
                   char *err) {
  const Lang *l = j->l;
  char cpath[4300], log[4300];
  snprintf(cpath, sizeof cpath, "%s/kernel.%s", dir, l->ext);
  snprintf(log, sizeof log, "%s/cc.log", dir);
  if (write_file(cpath, j->src, strlen(j->src), 0600, err))
    return RT_EFAIL;
  char *argv[MAXWORDS];
  const char *const flags[] = {l->flags, contract_flags(), extra_flags(), NULL};
  const char *const tail[] = {"-o", so, cpath, "-lm", NULL};
  build_argv(argv, l, flags, j->args, tail);
  if (verbose) {
    Buf line = {0};
    for (char **a = argv; *a; a++)
      buf_printf(&line, " %s", *a);
    rt_logf(verbose, "cpu:%s", line.oom ? " (out of memory)" : line.data);
    buf_free(&line);
  }
  double t0 = rt_now_ms();
  int logfd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  char cctmp[4300];                                /* the compiler's own temporary files */
  snprintf(cctmp, sizeof cctmp, "%s/cc-tmp", dir);
  bool have_tmp = mkdir(cctmp, 0700) == 0;
  pid_t pid;
  int st = logfd < 0 ? -1
           : rt_spawn(argv, logfd, have_tmp ? cctmp : NULL, &pid) == 0 ? rt_spawn_wait(pid)
                                                                       : -2;
  int saved = errno;
  if (logfd >= 0)
    close(logfd);
  if (have_tmp)
    remove_flat_dir(cctmp);
  free_argv(argv);
  if (rt_hold_interrupted()) {
    rt_errf(err, "interrupted while compiling");
    unlink(log);
    unlink(cpath);
    unlink(so);
    return RT_EFAIL;
  }
  if (st == -2) {                                  /* the compiler could not be run */
    rt_errf(err, "cannot run the %s '%s' (the CPU backend needs one: install %s or set $%s)",
            l->what, cc_name(l), l->pkg, l->env);
    unlink(log);
    unlink(cpath);
    return RT_EFAIL;
  }
  if (st != 0) {
    char first[300];
    first_error(log, j->user ? j->name : NULL, first, sizeof first);
    if (st < 0)
      snprintf(first, sizeof first, "cannot write its log: %s", strerror(saved));
    else if (st > 255)
      snprintf(first, sizeof first, "it was killed by signal %d", st - 256);
    else if (!first[0])
      snprintf(first, sizeof first, "it exited with status %d and printed nothing", st);
    char kept[9000] = "";                          /* with a log (-v): the files stay */
    if (verbose)
      snprintf(kept, sizeof kept, "; source kept in %s, the compiler's messages in %s", cpath,
               log);
    else
      unlink(log), unlink(cpath);
    const char *hint = verbose ? "" : " (with -v, or a log set, pykc keeps the source and the "
                                      "compiler's messages)";
    if (j->user && st > 0 && st < 256) {           /* the user's code */
      rt_errf(err, "the %s (%s) could not compile '%.200s' for the CPU backend%s%s\n%s",
              l->what, cc_name(l), j->name, kept, hint, first);
      return RT_ESOURCE;
    }
    rt_errf(err, "the %s (%s) failed on the generated code: %s%s%s", l->what, cc_name(l),
            first, kept, hint);
    return RT_EFAIL;
  }
  unlink(log);
  if (verbose)                                     /* -v keeps the C source */
    rt_logf(verbose, "cpu: compiled in %.1f ms; source kept in %s", rt_now_ms() - t0, cpath);
  else
    unlink(cpath);
  return 0;
}

typedef struct Module {
  const Lang *l;                                   /* the language it was compiled from */
  void *dl;
  int memfd;                                       /* holds the loaded object, or -1 */
  char tmpdir[4096];                               /* private temporary folder */
} Module;

/* Is the object loaded from memfd FD still mapped after its dlclose? An object with C++
   unique symbols (STB_GNU_UNIQUE: a template's or an inline function's static) is never
   unloaded; the dynamic loader then keeps its name, /proc/self/fd/FD, and a later dlopen
   of a new memfd that reuses the number would be given the old object. */
static bool still_loaded(int fd) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  void *h = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
  if (h)
    dlclose(h);
  return h != NULL;
}

static void module_close(Module *m) {
  if (m->dl)
    dlclose(m->dl);
  if (m->memfd >= 0 && !still_loaded(m->memfd))   /* else its number stays taken, as the */
    close(m->memfd);                               /* object stays loaded */
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
    rt_errf(err, "cannot load the kernel that the %s (%s) made: %s", m->l->what,
            cc_name(m->l), dlerror());
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

/* The user's code that did not compile, by cache key, with the message: asked again, it
   fails again at once, without a compiler run or another kept folder per call (a retry
   loop filled $TMPDIR). The process keeps the last FAILED_MAX. */
enum { FAILED_MAX = 64 };
static struct {
  char key[33];
  char *msg;
} failed[FAILED_MAX];
static int nfailed_next;
static pthread_mutex_t failed_lock = PTHREAD_MUTEX_INITIALIZER;

static bool failed_before(const char *key, char *err) {
  bool hit = false;
  pthread_mutex_lock(&failed_lock);
  for (int i = 0; i < FAILED_MAX && !hit; i++)
    if (failed[i].msg && !strcmp(failed[i].key, key)) {
      snprintf(err, RT_ERRLEN, "%s", failed[i].msg);
      hit = true;
    }
  pthread_mutex_unlock(&failed_lock);
  return hit;
}

static void note_failed(const char *key, const char *err) {
  char *msg = strdup(err);
  if (!msg)
    return;
  pthread_mutex_lock(&failed_lock);
  int i = nfailed_next++ % FAILED_MAX;
  free(failed[i].msg);
  memcpy(failed[i].key, key, sizeof failed[i].key);
  failed[i].msg = msg;
  pthread_mutex_unlock(&failed_lock);
}

/* Finds SRC's object in the cache (verified: header, length, hash) or compiles it (and
   caches it), and dlopens it. Temporary files go away on every path: an interrupt
   (SIGINT, SIGTERM, ...) during the work stops the compiler, and is raised again once
   the files are removed. */
static int module_load(const Job *j, const RtLog *verbose, Module *m, char *err) {
  RtHold hold;
  rt_hold_begin(&hold);
  char *id = cc_identity(j->l);
  Buf args = {0};                                  /* J's arguments, NUL-separated */
  for (const char *const *a = j->args; a && *a; a++)
    buf_putn(&args, *a, strlen(*a) + 1);
  if (!id || args.oom) {
    rt_hold_end(&hold);
    free(id);
    buf_free(&args);
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  const char *flags = extra_flags(), *fma = contract_flags(), *src = j->src;
  const void *parts[] = {kc_version(), j->l->flags,    fma, flags, args.data ? args.data : "",
                         id,           src};
  size_t lens[] = {strlen(kc_version()), strlen(j->l->flags), strlen(fma), strlen(flags),
                   args.len, strlen(id), strlen(src)};
  char key[33];
  rt_cache_key(parts, lens, 7, key);
  free(id);
  buf_free(&args);
  void *bytes;
  size_t n;
  int rc = -1;
  if (j->user && failed_before(key, err)) {
    rt_hold_end(&hold);
    return RT_ESOURCE;
  }
  if (!rt_hold_interrupted() && rt_cache_get(key, "so", &bytes, &n) == 1) {
    char lerr[RT_ERRLEN];
    rc = load_bytes(m, bytes, n, lerr);            /* unloadable: compile it again */
    free(bytes);
    char path[4300];
    if (rc == 0 && verbose && rt_cache_path(key, "so", path, sizeof path, lerr) == 0)
      rt_logf(verbose, "cpu: cache hit %s", path);
  }
  if (rc != 0) {
    char so[4300];
    rc = make_tmpdir(m, err) ? RT_EFAIL : 0;
    if (!rc) {
      snprintf(so, sizeof so, "%s/kernel.so", m->tmpdir);
      rc = compile(j, m->tmpdir, so, verbose, err);
    }
    void *obj = rc ? NULL : read_file(so, &n);
    char cerr[RT_ERRLEN];
    if (obj && !rt_hold_interrupted() && rt_cache_put(key, "so", obj, n, cerr) && verbose)
      rt_logf(verbose, "cpu: not cached: %s", cerr);
    free(obj);
    if (!rc)
      rc = load_file(m, so, err);
    if (rc == RT_ESOURCE && !rt_hold_interrupted())
      note_failed(key, err);
  }
  if (m->tmpdir[0] && rmdir(m->tmpdir) == 0)       /* fails (kept) if a source was kept */
    m->tmpdir[0] = 0;
  int sig = rt_hold_end(&hold);
  if (sig) {                                       /* the client decides what it means */
    module_close(m);
    rt_errf(err, "interrupted by signal %d (%s) while compiling", sig, strsignal(sig));
    return RT_EINTR;
  }
  return rc;
}

/* ---------------------------------------------------------------- modules */

struct RtCpuModule {
  Module m;
};

/* Compiles the preamble and SRC's text (its source so far) as J says, and loads it. */
static int load(Job *j, Buf *src, const RtLog *verbose, RtCpuModule **out, char *err) {
  *out = NULL;
  RtCpuModule *cm = calloc(1, sizeof *cm);
  if (!cm || src->oom) {
    free(cm);
    buf_free(src);
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  j->src = src->data;
  cm->m.memfd = -1;
  cm->m.l = j->l;
  int rc = module_load(j, verbose, &cm->m, err);
  buf_free(src);
  if (rc) {
    module_close(&cm->m);
    free(cm);
    return rc;
  }
  *out = cm;
  return 0;
}

int rt_cpu_load(const char *c_text, const RtLog *verbose, RtCpuModule **out, char *err) {
  Buf src = {0};
  buf_puts(&src, preamble);
  buf_puts(&src, "\n");
  buf_puts(&src, c_text);
  Job j = {.l = &lang_c};
  return load(&j, &src, verbose, out, err);
}

int rt_cpu_load_cxx(const RtCxx *c, const RtLog *verbose, RtCpuModule **out, char *err) {
  Buf src = {0};
  buf_puts(&src, cxx_open);
  buf_puts(&src, preamble);
  buf_puts(&src, cxx_math);
  buf_puts(&src, cxx_close);
  buf_puts(&src, "\n");
  rt_cxx_source(&src, c);
  Job j = {.l = &lang_cxx, .args = c->flags, .user = true, .name = c->file};
  return load(&j, &src, verbose, out, err);
}

/* Makes the module's guards around static shared memory inaccessible (see cpu_rt.h). */
static void guard_shared(PykcCpu *cpu) {
  if (sysconf(_SC_PAGESIZE) != PYKC_GUARD)
    return;
  for (int i = 0; i < 2; i++)
    if (cpu->shared_guard[i] && (uintptr_t)cpu->shared_guard[i] % PYKC_GUARD == 0)
      mprotect(cpu->shared_guard[i], PYKC_GUARD, PROT_NONE);
}

int rt_cpu_entry(RtCpuModule *cm, const char *cname, RtGridRun *g, char *err) {
  Module *m = &cm->m;
  Buf ename = {0};                                 /* a name of any length */
  buf_printf(&ename, "%s__entry", cname);
  if (ename.oom) {
    buf_free(&ename);
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  PykcCpu *cpu = dlsym(m->dl, "pykc_cpu");
  void *entry = dlsym(m->dl, ename.data);
  if (!cpu || !entry) {
    rt_errf(err, "the compiled kernel lacks %.200s", cpu ? ename.data : "pykc_cpu");
    buf_free(&ename);
    return RT_EFAIL;
  }
  buf_free(&ename);
  guard_shared(cpu);
  g->cpu = cpu;
  memcpy(&g->entry, &entry, sizeof entry);         /* object pointer -> function pointer */
  return 0;
}

int rt_cpu_global(RtCpuModule *cm, const char *name, void **ptr, size_t *bytes, char *err) {
  void *dl = cm->m.dl, *p = dlsym(dl, name);
  struct link_map *own = NULL;
  Dl_info info;
  const ElfW(Sym) *sym = NULL;
  if (p && dlinfo(dl, RTLD_DI_LINKMAP, &own) == 0 && own &&
      dladdr1(p, &info, (void **)&sym, RTLD_DL_SYMENT) && sym &&
      info.dli_fname && own->l_name && strcmp(info.dli_fname, own->l_name) == 0 &&
      ELF64_ST_TYPE(sym->st_info) == STT_OBJECT) {  /* the object's own variable */
    *ptr = p;
    *bytes = (size_t)sym->st_size;
    return 0;
  }
  rt_errf(err, "no __device__ or __constant__ variable '%s' (CUDA_ERROR_NOT_FOUND: named "
          "symbol not found)", name);
  return RT_EUSAGE;
}

void rt_cpu_unload(RtCpuModule *cm) {
  if (!cm)
    return;
  module_close(&cm->m);
  free(cm);
}
