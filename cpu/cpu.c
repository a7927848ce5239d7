/*
 * cpu.c: the CPU backend's kernel objects, for the library's CPU contexts (api.c; `pykc
 * run --cpu`, and `run` without a GPU, go through them).
 *
 * The unit's C11 emission (TARGET_C) goes after the preamble cpu/cpu_rt.h (embedded
 * at build time as build/cpu_rt.inc) and is compiled with `$CC -std=gnu11 -O2 -fPIC
 * -shared -fwrapv` into a shared object in the disk cache (key: the compiler's version,
 * the whole C text, the flags, and `$CC --version`), written under a temporary name and
 * renamed into place; with PYKC_CACHE=0 it goes to a temporary folder, removed as soon as
 * the object is loaded (so that a run stopped by a signal leaves nothing behind). A
 * compiler that cannot be run ($CC missing) is one message; one that fails keeps the
 * source for the bug report. The object is dlopen'ed and stays loaded until the module
 * that asked for it is freed; rt_cpu_entry looks up its `pykc_cpu` state and a kernel's
 * `NAME__entry` trampoline, which fiber.c's grid runner calls with the arguments in the
 * kernel ABI (launch.c marshals them). PYKC_CPU_CFLAGS adds compiler flags (e.g.
 * -march=native). With a log (pykc_set_log; `pykc run -v`), the compiler command and
 * cache hits are reported there, and a compilation keeps its C source.
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

/* `$CC --version` (the compiler's identity, for the cache key); malloc'd, NULL when out
   of memory. */
static char *cc_identity(void) {
  Buf cmd = {0}, out = {0};
  buf_puts(&cmd, cc_name());
  buf_puts(&cmd, " --version 2>&1");
  FILE *p = cmd.oom ? NULL : popen(cmd.data, "r");
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
static int compile(const char *src, const char *dir, const char *so, const RtLog *verbose,
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
  if (cmd.oom) {                                  /* (a command cut short must not run) */
    buf_free(&cmd);
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  if (verbose)
    rt_logf(verbose, "cpu: %s", cmd.data);
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
    rt_logf(verbose, "cpu: compiled in %.1f ms; source kept in %s", rt_now_ms() - t0,
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
static int module_load(const char *src, const RtLog *verbose, Module *m, char *err) {
  char *id = cc_identity();
  if (!id) {
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  const char *flags = extra_flags();
  const void *parts[] = {kc_version(), base_flags, flags, id, src};
  size_t lens[] = {strlen(kc_version()), strlen(base_flags), strlen(flags), strlen(id),
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
        rt_logf(verbose, "cpu: cache hit %s", m->so);
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

/* ---------------------------------------------------------------- modules */

struct RtCpuModule {
  Module m;
};

int rt_cpu_load(const char *c_text, const RtLog *verbose, RtCpuModule **out, char *err) {
  *out = NULL;
  RtCpuModule *cm = calloc(1, sizeof *cm);
  Buf src = {0};
  if (!cm) {
    rt_errf(err, "out of memory");
    return RT_EFAIL;
  }
  buf_puts(&src, preamble);
  buf_puts(&src, "\n");
  buf_puts(&src, c_text);
  int rc = src.oom ? (rt_errf(err, "out of memory"), RT_EFAIL)
                   : module_load(src.data, verbose, &cm->m, err);
  buf_free(&src);
  if (rc) {
    module_close(&cm->m);
    free(cm);
    return rc;
  }
  *out = cm;
  return 0;
}

int rt_cpu_entry(RtCpuModule *cm, const char *cname, RtGridRun *g, char *err) {
  Module *m = &cm->m;
  char ename[512];
  snprintf(ename, sizeof ename, "%s__entry", cname);
  PykcCpu *cpu = dlsym(m->dl, "pykc_cpu");
  void *entry = dlsym(m->dl, ename);
  if (!cpu || !entry) {
    rt_errf(err, "the compiled kernel%s%s lacks %s", m->cached ? " " : "", m->cached ? m->so : "",
            cpu ? ename : "pykc_cpu");
    if (m->cached)
      unlink(m->so);                               /* not ours: compile it again next time */
    return RT_EFAIL;
  }
  g->cpu = cpu;
  memcpy(&g->entry, &entry, sizeof entry);         /* object pointer -> function pointer */
  return 0;
}

void rt_cpu_unload(RtCpuModule *cm) {
  if (!cm)
    return;
  module_close(&cm->m);
  free(cm);
}
