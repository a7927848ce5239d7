/*
 * cli_run.c: `pykc run`, JIT-compile a kernel and launch it once (main.c dispatches here).
 *
 *   pykc run FILE --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared-mem BYTES]
 *            [--device N] [--cpu] [--time[=N]] [--out NAME=PATH.npy]... [--print NAME]...
 *            [--axis N]... [--keepdims] [--size N] [-v] ARG...
 *
 * A kernel form (cupy.ElementwiseKernel ...) is called as CuPy calls it, through the
 * library's planned calls (runtime/form.c): --grid/--block are optional, and output
 * parameters left out of ARGS are allocated (zeros) with the planned dtype and shape,
 * so that --print/--out can show them; --axis/--keepdims are a reduction's.
 *
 * The ARGs (NAME=@f.npy, NAME=zeros:DTYPE:SHAPE, NAME=VALUE[:DTYPE], args.c) are matched
 * to the kernel's parameters by name. The kernel runs on the GPU through the public API
 * (api.c), or on the CPU backend (cpu.c) when there is no driver or GPU, or with --cpu (a
 * .cu FILE as C++, cxx.c); a .cu kernel's scalars need :DTYPE. Afterwards --out writes arrays
 * as .npy files and --print prints them NumPy-style. Exit status as in cli.c.
 * Before anything is compiled or run, the command line is checked: each option at most
 * once, the launch shape within CUDA's limits (both backends), --out folders writable;
 * then scalars must fit the parameter types they are converted to (no silent wrapping).
 */
#include "cli.h"
#include "base/nfkc.h"
#include "../include/pykc.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* The run's state, freed by run_free. */
typedef struct Run {
  RunOpts ro;
  Unit *u;                                  /* kernel-language source */
  const KKernel *kk;
  const char **pnames;                      /* parameter names */
  int nparams;
  RunArg *args;                             /* in parameter order */
  pykc_arg *pargs;
  void **dev;                               /* device copies of the arrays */
  pykc_context *cx;
  pykc_module *m;
  pykc_kernel *k;
  RtRaw *rawcode;                           /* a RawKernel's/RawModule's code: its kernel */
  char *only;                               /* a .cu file's only kernel (no --kernel) */
  void **saved;                             /* --time on the CPU: the arrays' values */
  int rawi;                                 /* rawcode's kernel rawi gives the parameters */
  RunArg *globals;                          /* a .cu run's arguments that name variables */
  int nglobals;
  bool returns_none;                        /* a fuse trace returned None: no outputs */
} Run;

static void run_free(Run *r) {
  if (r->cx && r->dev)
    for (int i = 0; i < r->nparams; i++)
      pykc_mem_free(r->cx, r->dev[i]);
  free(r->dev);
  pykc_module_free(r->m);
  if (!r->m)
    unit_free(r->u);
  rt_raw_free(r->rawcode);
  pykc_free(r->cx);
  for (int i = 0; r->args && i < r->nparams; i++)
    rt_arg_free(&r->args[i]);
  free(r->args);
  free(r->pargs);
  free(r->pnames);
  free(r->only);
  for (int i = 0; r->saved && i < r->nparams; i++)
    free(r->saved[i]);
  free(r->saved);
  for (int i = 0; i < r->nglobals; i++)
    rt_arg_free(&r->globals[i]);
  free(r->globals);
  free(r->ro.specs);
  free(r->ro.outs);
  free(r->ro.prints);
}

/* The kernel's form when it is called as CuPy calls it (a planned call: elementwise,
   reduction, fuse), else NULL (the kernel language, RawKernel/RawModule: launched). */
static const KForm *planned_form(const Run *r) {
  const KForm *f = r->kk ? r->kk->form : NULL;
  return f && (f->kind == KC_FORM_ELEMENTWISE || f->kind == KC_FORM_REDUCTION ||
               f->kind == KC_FORM_FUSE) ? f : NULL;
}

/* A zeroed array of one SIZE-byte element per parameter (at least one). */
static void *per_param(const Run *r, size_t size) {
  return cli_zalloc(r->nparams > 0 ? (size_t)r->nparams : 1, size);
}

static int param_index(const Run *r, const char *name, size_t len) {
  Buf nf = {0};                                    /* a name that is not ASCII: its NFKC */
  for (size_t k = 0; k < len; k++)                 /* form, as Python compares names */
    if ((unsigned char)name[k] >= 0x80) {
      if (name_nfkc(name, len, &nf))
        name = nf.data, len = nf.len;
      break;
    }
  int at = -1;
  for (int i = 0; i < r->nparams && at < 0; i++)
    if (strlen(r->pnames[i]) == len && strncmp(r->pnames[i], name, len) == 0)
      at = i;
  buf_free(&nf);
  return at;
}

static void param_list(const Run *r, char *buf, size_t n) {
  int k = snprintf(buf, n, "%s", r->nparams ? "" : "no arguments");
  for (int i = 0; i < r->nparams && k < (int)n; i++)
    k += snprintf(buf + k, n - k, "%s%s", i ? ", " : "", r->pnames[i]);
}

static int global_index(const Run *r, const char *name) {
  for (int i = 0; i < r->nglobals; i++)
    if (strcmp(r->globals[i].name, name) == 0)
      return i;
  return -1;
}

/* Parses the NAME=... specs into r->args, in parameter order; every parameter needs one. */
static int parse_specs(Run *r, Mode mode, bool raw) {
  char err[RT_ERRLEN], list[RT_ERRLEN / 2];
  const char *k = r->ro.kernel;
  bool cu = r->ro.file && rt_is_cu(r->ro.file);   /* NAME: maybe a __constant__ variable */
  param_list(r, list, sizeof list);
  r->args = per_param(r, sizeof *r->args);
  r->globals = cli_zalloc((size_t)r->ro.nspecs + 1, sizeof *r->globals);
  bool *seen = per_param(r, sizeof *seen);
  int st = 0;
  for (int s = 0; s < r->ro.nspecs && !st; s++) {
    const char *spec = r->ro.specs[s];
    int i = param_index(r, spec, strcspn(spec, "="));
    RunArg a;
    if (spec[0] == '=')
      st = cli_usage("run", "bad argument '%s' (expected NAME=VALUE, NAME=@PATH.npy or "
                     "NAME=zeros:DTYPE:SHAPE)", spec);
    else if (i < 0 && !cu)
      st = cli_usage("run", "unknown argument '%.*s' (kernel '%s' takes %s)",
                     (int)strcspn(spec, "="), spec, k, list);
    else if (i >= 0 && seen[i])
      st = cli_usage("run", "argument '%s' given twice", r->pnames[i]);
    else if (rt_parse_arg(spec, mode, &a, err))
      st = cli_usage("run", "%s", err);
    else if (raw && !a.is_array && !a.dtype_given) {
      st = cli_usage("run", "argument '%s': a scalar for a .cu kernel needs :DTYPE (e.g. "
                     "%s=1:int32)", a.name, a.name);
      rt_arg_free(&a);
    } else if (i < 0 && global_index(r, a.name) >= 0) {
      st = cli_usage("run", "argument '%s' given twice", a.name);
      rt_arg_free(&a);
    } else if (i < 0)
      r->globals[r->nglobals++] = a;                  /* bound after the module is made */
    else
      r->args[i] = a, seen[i] = true;
  }
  const KForm *form = planned_form(r);
  for (int i = 0; i < r->nparams && !st && form; i++)
    if (!seen[i] && form->params[i].dflt) {        /* a fuse function's default */
      char spec[128];
      snprintf(spec, sizeof spec, "%s=%s", r->pnames[i], form->params[i].dflt);
      RunArg a;
      if (rt_parse_arg(spec, mode, &a, err))
        st = cli_usage("run", "%s", err);
      else
        r->args[i] = a, seen[i] = true;
    }
  for (int i = 0; i < r->nparams && !st; i++)
    if (!seen[i] && !(form && form->params[i].is_out))  /* a form's outputs: allocated */
      st = cli_usage("run", "missing argument '%s' (kernel '%s' takes %s)", r->pnames[i], k,
                     list);
  free(seen);
  return st;
}

/* The host-side pykc_arg mirrors of r->args (arrays point at host memory until run_gpu
   copies them). */
static void mirror_args(Run *r) {
  r->pargs = per_param(r, sizeof *r->pargs);
  for (int i = 0; i < r->nparams; i++)
    cli_mirror_arg(&r->args[i], &r->pargs[i]);
}

/* PATH with its folder resolved (symbolic links, "..", "."), to compare --out targets;
   PATH itself if the folder does not resolve. */
static void canonical(const char *path, char *buf, size_t n) {
  char dir[4096], real[PATH_MAX];
  const char *slash = strrchr(path, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1,
           slash ? path : ".");
  if (realpath(dir, real))
    snprintf(buf, n, "%s/%s", real, slash ? slash + 1 : path);
  else
    snprintf(buf, n, "%s", path);
  struct stat st;                                  /* a link to a file: its target */
  if (lstat(buf, &st) == 0 && S_ISLNK(st.st_mode) && realpath(buf, real))
    snprintf(buf, n, "%s", real);
}

/* --out and --print name array arguments; --out paths can be written. */
static int check_results(const Run *r) {
  const char **lists[2] = {r->ro.outs, r->ro.prints};
  int counts[2] = {r->ro.nouts, r->ro.nprints};
  for (int l = 0; l < 2; l++)
    for (int j = 0; j < counts[l]; j++) {
      const char *name = lists[l][j];
      size_t len = l == 0 ? strcspn(name, "=") : strlen(name);
      int i = param_index(r, name, len);
      bool out = i >= 0 && planned_form(r) && planned_form(r)->params[i].is_out;
      if (i < 0 || !(r->args[i].is_array || out))
        return cli_usage("run", "%s %.*s: kernel '%s' has no array argument '%.*s'",
                         l ? "--print" : "--out", (int)len, name, r->ro.kernel, (int)len, name);
      char err[RT_ERRLEN];
      if (l == 0 && rt_check_out(name + len + 1, err))
        return cli_usage("run", "--out %s: %s", name, err);
      for (int k = 0; l == 0 && k < j; k++) {       /* two arrays into one file */
        const char *other = lists[0][k], *p = name + len + 1, *q = other + strcspn(other, "=") + 1;
        char a[PATH_MAX + 256], b[PATH_MAX + 256];
        canonical(p, a, sizeof a);
        canonical(q, b, sizeof b);
        if (strcmp(a, b) == 0)
          return cli_usage("run", "--out %s and --out %s write the same file", other, name);
      }
    }
  return 0;
}

static int bind_args(Run *r, Mode mode, bool raw) {
  int st = parse_specs(r, mode, raw);
  if (st)
    return st;
  mirror_args(r);
  return check_results(r);
}

static int write_results(Run *r) {
  char err[RT_ERRLEN];
  for (int j = 0; j < r->ro.nouts; j++) {
    const char *o = r->ro.outs[j];
    size_t len = strcspn(o, "=");
    int i = param_index(r, o, len);
    if (!r->args[i].name && r->returns_none)
      return cli_usage("run", "--out %.*s: kernel '%s' returns None for these arguments (no "
                       "output)", (int)len, o, r->ro.kernel);
    if (rt_npy_write(o + len + 1, &r->args[i].arr, err))
      return cli_fail(RT_EFAIL, err);
  }
  for (int j = 0; j < r->ro.nprints; j++) {
    int i = param_index(r, r->ro.prints[j], strlen(r->ro.prints[j]));
    if (!r->args[i].name && r->returns_none)
      printf("%s = None\n", r->pnames[i]);
    else
      rt_npy_print(stdout, r->pnames[i], &r->args[i].arr);
  }
  return 0;
}

static int status_of(pykc_status s) {
  return s == PYKC_ERR_SOURCE ? RT_ESOURCE : s == PYKC_ERR_USAGE ? RT_EUSAGE : RT_EFAIL;
}

/* A signal that stopped the library's work (PYKC_ERR_INTERRUPTED): pykc stops as the user
   meant, by the signal's default action, so that its parent sees it. */
static void reraise(int sig) {
  struct sigaction sa = {.sa_handler = SIG_DFL};
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
}

static int api_fail(Run *r, pykc_status s) {
  if (s == PYKC_ERR_INTERRUPTED && pykc_interrupt_signal(r->cx))
    reraise(pykc_interrupt_signal(r->cx));
  const char *msg = pykc_errmsg(r->cx);
  size_t n = strlen(msg);
  if (strstr(msg, ": error: "))                 /* diagnostics: print them as they are */
    fprintf(stderr, "%s%s", msg, n && msg[n - 1] == '\n' ? "" : "\n");
  else
    fprintf(stderr, "pykc: %s\n", msg);
  return status_of(s);
}

/* The planned call's options: --axis, --keepdims, --size. */
static pykc_call_cfg call_cfg(const Run *r) {
  pykc_call_cfg cc = {.naxis = r->ro.naxis, .keepdims = r->ro.keepdims,
                      .has_size = r->ro.has_size, .size = r->ro.size};
  memcpy(cc.axis, r->ro.axis, sizeof cc.axis);
  return cc;
}

/* A kernel form's outputs left out of ARGS: allocated (zeros) as the planned call
   describes them. Before the launch, with the module made. */
static int form_outputs(Run *r) {
  const KForm *f = r->kk->form;
  pykc_arg *outs = cli_zalloc((size_t)f->nout + 1, sizeof *outs);
  int nargs = r->nparams;
  for (int i = f->nin; i < r->nparams; i++)
    if (!r->args[i].name)
      r->pargs[i] = (pykc_arg){.is_array = 1, .dtype = PYKC_FLOAT32};  /* data NULL */
  pykc_call_cfg cc = call_cfg(r);                /* axis=, size= shape them */
  pykc_status s = pykc_form_outputs(r->k, &cc, r->pargs, nargs, outs);
  int st = s ? api_fail(r, s) : 0;
  for (int i = f->nin; i < r->nparams && !st; i++) {
    if (r->args[i].name)
      continue;
    const pykc_arg *o = &outs[i - f->nin];
    if (!o->is_array) {                            /* the fuse trace returns None here */
      r->returns_none = true;
      continue;
    }
    char err[RT_ERRLEN];
    RunArg *a = &r->args[i];
    a->is_array = true;
    if (rt_npy_alloc(&a->arr, (int)o->dtype, o->ndim, o->shape, err)) {
      st = cli_fail(RT_EUSAGE, err);
      break;
    }
    a->name = strdup(r->pnames[i]);
    if (!a->name)
      st = cli_fail(RT_EFAIL, "out of memory");
    pykc_arg *p = &r->pargs[i];
    *p = (pykc_arg){.is_array = 1, .dtype = o->dtype, .data = a->arr.data, .ndim = o->ndim};
    memcpy(p->shape, o->shape, sizeof p->shape);
  }
  free(outs);
  return st;
}

/* One launch: a kernel form's planned call, or pykc_launch. */
static pykc_status call(Run *r, const pykc_launch_cfg *cfg) {
  if (!planned_form(r))
    return pykc_launch(r->k, cfg, r->pargs, r->nparams);
  pykc_call_cfg cc = call_cfg(r);
  if (r->ro.shape_given)
    cc.grid = cfg->grid, cc.block = cfg->block;
  return pykc_form_call(r->k, &cc, r->pargs, r->nparams);
}

/* cli_time's launch. */
static pykc_status time_launch(void *run, const pykc_launch_cfg *cfg) {
  return call(run, cfg);
}

static int time_fail(void *run, pykc_status s) { return api_fail(run, s); }

/* The arrays' values before --time's CPU launches (the kernel works on them in place),
   put back before each launch and after the last. */
static void restore_arrays(void *run) {
  Run *r = run;
  for (int i = 0; r->saved && i < r->nparams; i++)
    if (r->saved[i])
      memcpy(r->args[i].arr.data, r->saved[i], r->args[i].arr.nbytes);
}

static int save_arrays(Run *r) {
  r->saved = per_param(r, sizeof *r->saved);
  for (int i = 0; i < r->nparams; i++)
    if (r->args[i].is_array && r->args[i].arr.nbytes) {
      if (!(r->saved[i] = malloc(r->args[i].arr.nbytes)))
        return cli_fail(RT_EFAIL, "out of memory for --time");
      memcpy(r->saved[i], r->args[i].arr.data, r->args[i].arr.nbytes);
    }
  return 0;
}

/* --time=N: benchmark's report of N launches (cli_time), over the launch's arrays. */
static int time_run(Run *r, const pykc_launch_cfg *cfg) {
  CliTime t = {.name = r->ro.kernel, .n = r->ro.time_n, .device = r->ro.device,
               .cpu = r->ro.cpu, .cx = r->cx, .k = r->k, .cfg = cfg, .launch = time_launch,
               .restore = restore_arrays, .fail = time_fail, .run = r};
  pykc_launch_cfg shape = *cfg;                  /* a planned form's own shape */
  pykc_call_cfg cc = call_cfg(r);
  if (planned_form(r) && !r->ro.shape_given &&
      pykc_form_launch_shape(r->k, &cc, r->pargs, r->nparams, &shape))
    shape = *cfg;
  t.block_threads = shape.block.x * (shape.block.y ? shape.block.y : 1) *
                    (shape.block.z ? shape.block.z : 1);
  for (int i = 0; i < r->nparams; i++)
    if (r->args[i].is_array)
      t.bytes += r->args[i].arr.nbytes, t.narrays++;
  int st = t.cpu ? save_arrays(r) : 0;
  return st ? st : cli_time(&t);
}

/* A launch the CPU backend takes minutes or more over (a GPU-sized grid: the blocks run
   one after another on the host) is said before it starts, so it is no silent hang. */
static void note_cpu_size(const Run *r) {
  const unsigned *g = r->ro.grid, *b = r->ro.block;
  unsigned long long blocks = (unsigned long long)g[0] * g[1] * g[2];
  unsigned long long threads = blocks * b[0] * b[1] * b[2];
  if (threads >= 1ull << 30)
    fprintf(stderr, "pykc: note: the CPU backend runs the %llu threads of this launch "
            "(%llu blocks) one block after another: this may take a long time (--timeout "
            "SECONDS stops it)\n", threads, blocks);
}

/* The launch through the public API, on a GPU or a CPU context. On the GPU the arrays are
   copied to device memory and back; on the CPU backend the kernel works on the host
   arrays themselves. */
static int run_api(Run *r, double frontend_ms) {
  pykc_status s;
  bool cpu = r->ro.cpu;
  if ((s = pykc_get_kernel(r->m, r->ro.kernel, &r->k)))
    return api_fail(r, s);
  const KForm *form = planned_form(r);
  int st0 = form ? form_outputs(r) : 0;
  if (st0)
    return st0;
  r->dev = per_param(r, sizeof *r->dev);
  for (int i = 0; i < r->nparams && !cpu; i++) {  /* device copies of the arrays */
    pykc_arg *p = &r->pargs[i];
    const NpyArray *a = &r->args[i].arr;
    if (!p->is_array)
      continue;
    if ((s = pykc_malloc(r->cx, a->nbytes, &r->dev[i])) ||
        (s = pykc_memcpy_htod(r->cx, r->dev[i], a->data, a->nbytes)))
      return api_fail(r, s);
    p->data = r->dev[i];
  }
  if (!form && (s = pykc_prepare(r->k, r->pargs, r->nparams)))
    return api_fail(r, s);
  if (r->nglobals) {                              /* .cu variables: filled before the launch */
    char list[RT_ERRLEN / 2];
    param_list(r, list, sizeof list);
    int st = cli_bind_globals(r->cx, r->m, r->globals, r->nglobals, r->ro.kernel, list);
    if (st)
      return st;
  }
  pykc_launch_cfg cfg = {{r->ro.grid[0], r->ro.grid[1], r->ro.grid[2]},
                         {r->ro.block[0], r->ro.block[1], r->ro.block[2]},
                         r->ro.shared_mem, NULL};
  if (cpu && !form)
    note_cpu_size(r);
  int rc = cpu && r->ro.time_n ? time_run(r, &cfg) : 0;
  if (rc)
    return rc;
  double t0 = rt_now_ms();
  if ((s = call(r, &cfg)) || (s = pykc_synchronize(r->cx)))
    return api_fail(r, s);
  double launch_ms = rt_now_ms() - t0;
  for (int i = 0; i < r->nparams && !cpu; i++) {
    pykc_arg *p = &r->pargs[i];
    NpyArray *a = &r->args[i].arr;
    if (p->is_array && (s = pykc_memcpy_dtoh(r->cx, a->data, p->data, a->nbytes)))
      return api_fail(r, s);
  }
  if (r->ro.verbose && !cpu) {
    const RtStats *st = rt_context_stats(r->cx);
    fprintf(stderr,
            "pykc: front end %.2f ms, NVRTC %.2f ms (%d compile%s), cache %.2f ms (%d hit%s), "
            "module load %.2f ms, launch+sync %.3f ms (sm_%d)\n",
            frontend_ms, st->nvrtc_ms, st->compiles, st->compiles == 1 ? "" : "s", st->cache_ms,
            st->cache_hits, st->cache_hits == 1 ? "" : "s", st->load_ms, launch_ms,
            pykc_device_arch(r->cx));
  }
  pykc_launch_cfg rl;                           /* -v: a reduction's planned launch */
  pykc_call_cfg cc = call_cfg(r);
  if (r->ro.verbose && pykc_kernel_form(r->k) == PYKC_FORM_REDUCTION &&
      !pykc_form_launch_shape(r->k, &cc, r->pargs, r->nparams, &rl))
    fprintf(stderr, "pykc: reduction '%s': grid %ux%ux%u, block %ux%ux%u\n", r->ro.kernel,
            rl.grid.x, rl.grid.y, rl.grid.z, rl.block.x, rl.block.y, rl.block.z);
  rc = r->ro.time_n && !cpu ? time_run(r, &cfg) : 0;
  return rc ? rc : write_results(r);
}

/* The signature the arguments select (the unit's diagnostics or a usage error on stderr
   when none, *st set). */
static const KSig *pick_sig(Run *r, int *st) {
  char err[RT_ERRLEN];
  bool source_error;
  size_t mark = kc_diag_mark(r->u);
  const KSig *s = rt_pick_sig(r->u, r->kk, r->pargs, r->nparams, &source_error, err);
  if (!s && source_error)
    *st = (fputs(kc_diags_since(r->u, mark), stderr), RT_ESOURCE);
  else if (!s)
    *st = cli_fail(RT_EUSAGE, err);
  return s;
}

/* Scalars whose value the parameter's type cannot hold (n=3000000000 for an int32) are
   refused, as NumPy refuses np.int32(3000000000), rather than wrapped. DTYPES[i]: the
   type of parameter i, -1 when unknown. */
static int check_ranges(const Run *r, const int *dtypes) {
  char err[RT_ERRLEN];
  for (int i = 0; i < r->nparams; i++)
    if (dtypes[i] >= 0 && rt_arg_fits(&r->args[i], dtypes[i], err))
      return cli_fail(RT_EUSAGE, err);
  return 0;
}

static int check_sig_ranges(const Run *r, const KSig *s) {
  int dtypes[RT_MAXPARAMS];
  for (int i = 0; i < r->nparams && i < RT_MAXPARAMS; i++)
    dtypes[i] = s->params[i].is_array ? -1 : s->params[i].dtype;
  return r->nparams > RT_MAXPARAMS ? 0 : check_ranges(r, dtypes);
}

/* Without --kernel, the file's only kernel: LIST is its kernels ("a, b", "" for none). */
static int only_kernel(Run *r, const char *list) {
  if (*list && !strchr(list, ','))
    return r->ro.kernel = list, 0;
  if (!*list)
    return cli_usage("run", "%s defines no kernels (%s)", r->ro.file,
                     cli_kernel_kinds(r->ro.file));
  return cli_usage("run", "%s defines several kernels (%s): pick one with --kernel NAME",
                   r->ro.file, list);
}

/* A .cu file's kernels as the scanner reads TEXT with the command line's -D (OPTS), as
   only_kernel's list; a template is no kernel until --kernel names its instance. */
static int cu_only_kernel(Run *r, const CuArgs *a, const char *text) {
  pykc_options po = {.cuda_options = a->opts, .ncuda_options = a->nopts};
  pykc_cuda_scan *sc = NULL;
  pykc_status s = pykc_cuda_kernels(text, &po, &sc);
  if (s == PYKC_ERR_NOMEM || !sc)
    return pykc_cuda_scan_free(sc), cli_fail(RT_EFAIL, "out of memory");
  if (s) {
    int st = cli_fail(RT_ESOURCE, sc->error);
    return pykc_cuda_scan_free(sc), st;
  }
  Buf list = {0};
  for (int i = 0; i < sc->nkernels; i++)
    buf_printf(&list, "%s%s%s", i ? ", " : "", sc->kernels[i].name,
               sc->kernels[i].is_template ? "<...>" : "");
  int tmpl = sc->nkernels == 1 && sc->kernels[0].is_template;
  pykc_cuda_scan_free(sc);
  r->only = buf_detach(&list);
  if (tmpl)
    return cli_usage("run", "%s's only kernel is a template: name its instance, as "
                     "--kernel '%.*s<float>'", r->ro.file,
                     (int)(strlen(r->only) - 5), r->only);
  return only_kernel(r, r->only ? r->only : "");
}

/* Parameter names of a .cu kernel (the module is compiled lazily, by pykc_prepare), with
   the command line's -D and --kernel (cli_cu_args; without --kernel, the file's only
   kernel). */
static int raw_setup(Run *r, const Options *opt) {
  char why[RT_ERRLEN], *text;
  int e = rt_read_text(r->ro.file, &text, why);
  if (e)
    return cli_fail(e, why);
  CuArgs a;
  int st = cli_cu_args(opt, text, &a);
  if (!st && !r->ro.kernel && !(st = cu_only_kernel(r, &a, text))) {
    Options one = *opt;                  /* the kernel found, as if --kernel named it */
    one.kernels = &r->ro.kernel;
    one.nkernels = 1;
    cli_cu_args_free(&a);
    st = cli_cu_args(&one, text, &a);
  }
  free(text);
  if (st)
    return cli_cu_args_free(&a), st;
  pykc_options po = {.cuda_options = a.opts, .ncuda_options = a.nopts,
                     .name_expressions = a.exprs, .nname_expressions = a.nexprs};
  pykc_status s = pykc_compile_file(r->cx, r->ro.file, &po, &r->m);
  cli_cu_args_free(&a);
  if (s || (s = pykc_get_kernel(r->m, r->ro.kernel, &r->k)))
    return api_fail(r, s);
  r->nparams = pykc_kernel_nparams(r->k);
  r->pnames = per_param(r, sizeof *r->pnames);
  for (int i = 0; i < r->nparams; i++)
    r->pnames[i] = pykc_kernel_param_name(r->k, i);
  return 0;
}

/* A RawKernel's or RawModule's kernel KR: its parameters from its code, read as a .cu
   file's (the unit's module compiles it at the launch). */
static int rawform_setup(Run *r, const KRaw *kr) {
  char err[RT_ERRLEN];
  RtRawSpec spec = {.code = kr->code, .file = r->ro.file, .line = kr->line,
                    .options = kr->options, .noptions = kr->noptions, .exprs = kr->exprs,
                    .nexprs = kr->nexprs};
  int st = rt_raw_new(&spec, &r->rawcode, err);
  if (st)
    return st < 0 ? cli_fail(RT_EFAIL, "out of memory") : cli_fail(RT_ESOURCE, err);
  if ((r->rawi = rt_raw_find(r->rawcode, kr->cname)) < 0) {
    snprintf(err, sizeof err, "kernel '%s': the code of its %s has no extern \"C\" "
             "__global__ function '%s'", r->ro.kernel, kr->what, kr->cname);
    return cli_fail(RT_ESOURCE, err);
  }
  const RtCuKernel *k = rt_raw_kernel(r->rawcode, r->rawi);
  r->nparams = k->nparams;
  r->pnames = per_param(r, sizeof *r->pnames);
  for (int i = 0; i < r->nparams; i++)
    r->pnames[i] = k->params[i].name;
  return 0;
}

/* Compiles the kernel-language FILE (the module is made later, from the unit) and finds
   the kernel's parameter names. */
static int dsl_setup(Run *r, const Options *opt, double *frontend_ms) {
  double t0 = rt_now_ms();
  r->u = cli_unit(r->ro.file, opt, true);
  *frontend_ms = rt_now_ms() - t0;
  if (!r->u)
    return RT_EFAIL;
  fputs(unit_diags(r->u), stderr);
  if (r->u->status)
    return r->u->status;
  int st = r->ro.kernel ? 0 : only_kernel(r, kc_kernel_list(r->u));
  if (st)
    return st;
  if (!(r->kk = kc_kernel(r->u, r->ro.kernel)))
    return cli_usage("run", "%s", unit_no_kernel(r->u, r->ro.kernel));
  const KRaw *kr = kc_raw(r->u, r->kk);
  if (kr)
    return rawform_setup(r, kr);
  r->nparams = r->kk->nparams;
  r->pnames = per_param(r, sizeof *r->pnames);
  for (int i = 0; i < r->nparams; i++)
    r->pnames[i] = r->kk->pnames[i];
  return 0;
}

/* P, the mirror of array A, as A's bytes passed by value (pykc_arg.nbytes): what CuPy
   passes for a NumPy array of size one, here for a parameter whose C type has no dtype
   (`double3 v`, a struct). */
static void as_bytes(pykc_arg *p, const NpyArray *a) {
  p->is_array = 0;
  p->dtype = PYKC_UINT8;
  p->ndim = 0;
  p->data = a->data;
  p->nbytes = a->nbytes;
}

/* The launch, once the arguments are bound: scalars checked against the parameter types
   they convert to, then the run on the context's target. */
static int launch(Run *r, bool raw, double frontend_ms) {
  int st = 0;
  const KForm *form = planned_form(r);
  if (!r->ro.shape_given && !form)
    return cli_usage("run", "kernel '%s' needs --grid and --block (only a kernel form's launch, "
                     "which pykc plans as CuPy does, may leave them out)", r->ro.kernel);
  if ((r->ro.naxis || r->ro.keepdims) && form && form->kind == KC_FORM_FUSE)
    return cli_usage("run", "--axis and --keepdims: the code of fuse kernel '%s' gives its "
                     "reduction's axes", r->ro.kernel);
  if (form && r->ro.shared_mem)
    return cli_usage("run", "--shared-mem: kernel '%s' is a kernel form, whose calls take no "
                     "dynamic shared memory", r->ro.kernel);
  if (r->ro.has_size && !(form && form->kind == KC_FORM_ELEMENTWISE))
    return cli_usage("run", "--size is ElementwiseKernel's size=; kernel '%s' is none",
                     r->ro.kernel);
  if ((r->ro.naxis || r->ro.keepdims) && !(form && form->kind == KC_FORM_REDUCTION))
    return cli_usage("run", "--axis and --keepdims are for reductions; kernel '%s' is none",
                     r->ro.kernel);
  if (raw) {                                      /* .cu scalars: the declared C types */
    int dtypes[RT_MAXPARAMS];
    const RtCuKernel *rk = r->rawcode ? rt_raw_kernel(r->rawcode, r->rawi) : NULL;
    for (int i = 0; i < r->nparams && i < RT_MAXPARAMS; i++)
      dtypes[i] = !rk                     ? rt_kernel_param_dtype(r->k, i)
                  : rk->params[i].is_array ? -1
                                          : rk->params[i].dtype;
    if (r->nparams <= RT_MAXPARAMS && (st = check_ranges(r, dtypes)))
      return st;
    for (int i = 0; i < r->nparams; i++)        /* a struct by value: an array's bytes */
      if (r->args[i].is_array && (rk ? !rk->params[i].is_array && rk->params[i].dtype < 0
                                     : rt_kernel_param_opaque(r->k, i)))
        as_bytes(&r->pargs[i], &r->args[i].arr);
  } else if (!r->kk->generic) {                   /* declared types: convert scalars */
    const KSig *s = pick_sig(r, &st);
    if (!s || (st = check_sig_ranges(r, s)))
      return st ? st : RT_EUSAGE;
  }
  if (!r->m) {                                    /* the kernel language, or raw forms */
    pykc_status s = (pykc_status)rt_module_from_unit(r->cx, r->u, &r->m);
    r->u = r->m ? r->u : NULL;                    /* the module owns the unit now */
    if (s)
      return api_fail(r, s);
  }
  return run_api(r, frontend_ms);
}

/* -v: the library's verbose reports (the CPU backend's compiler command, cache hits). */
static void log_stderr(void *user, const char *line) {
  (void)user;
  fprintf(stderr, "pykc: %s\n", line);
}

int cli_run(int argc, char **argv) {
  Run r = {.ro = {.device = 0}};
  Options opt = {0};
  int st = cli_run_opts(argc, argv, &opt, &r.ro);
  bool raw = r.ro.file && rt_is_cu(r.ro.file), nodev = false;
  char why_nodev[RT_ERRLEN] = "";
  if (!st) {                                     /* the GPU, if any (reported below) */
    pykc_status s = pykc_init(r.ro.cpu ? PYKC_DEVICE_CPU : r.ro.device, &r.cx);
    nodev = s == PYKC_ERR_NO_DEVICE;
    snprintf(why_nodev, sizeof why_nodev, "%s", pykc_errmsg(r.cx));
    if (s && !nodev)
      st = api_fail(&r, s);
  }
  double frontend_ms = 0;
  if (!st)
    st = raw ? raw_setup(&r, &opt) : dsl_setup(&r, &opt, &frontend_ms);
  bool rawform = r.rawcode != NULL;              /* a RawKernel's: as a .cu kernel */
  if (!st)
    st = bind_args(&r, raw || rawform || !r.kk ? MODE_CUDA
                       : opt.mode_given        ? opt.mode
                       : r.kk->numpy_mode      ? MODE_NUMPY
                       : planned_form(&r)      ? MODE_NUMPY   /* CuPy's Python int, float */
                                               : MODE_CUDA, raw || rawform);
  if (!st && nodev) {                             /* no GPU: the CPU backend */
    fprintf(stderr, "pykc: %s; running on the CPU backend\n", why_nodev);
    r.ro.cpu = true;
    if (raw) {                                    /* the module belongs to the context */
      pykc_module_free(r.m);
      free(r.pnames);                             /* (names of the module's kernel) */
      r.m = NULL, r.k = NULL, r.pnames = NULL;
    }
    pykc_free(r.cx);
    pykc_status s = pykc_init(PYKC_DEVICE_CPU, &r.cx);
    if (s)
      st = api_fail(&r, s);
    if (!st && raw)
      st = raw_setup(&r, &opt);
  }
  if (!st && r.ro.verbose)
    pykc_set_log(r.cx, log_stderr, NULL);
  if (!st && r.ro.timeout > 0 && !r.ro.cpu)       /* on a GPU, nothing can stop a launch */
    st = cli_usage("run", "--timeout is for the CPU backend (add --cpu)");
  if (!st && r.ro.timeout > 0)
    pykc_set_timeout(r.cx, r.ro.timeout);
  if (!st)
    st = launch(&r, raw || rawform, frontend_ms);
  run_free(&r);
  return st;
}
