/*
 * run_opts.c: `pykc run`'s command line (cli_run.c runs it): the options of its own
 * (--grid/--block within CUDA's limits, --shared-mem, --device, --timeout, --out, --print,
 * --axis, --keepdims, --size, --time, --cpu, -v), the FILE, and the NAME=VALUE specs,
 * left for args.c. Each is checked before anything is compiled: a bad one is a usage
 * message and exit status 2 (RT_EUSAGE).
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* calloc that ends the program when out of memory, as Buf does. */
void *cli_zalloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p) {
    fputs("pykc: out of memory\n", stderr);
    abort();
  }
  return p;
}

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

/* One option of run's own (cli/opts.c has checked it against the command and the once
   rule); 0 or the exit status after a message. */
static int run_opt(RunOpts *ro, int c, const char *v) {
  const char *cmd = "run";
  long n;
  char *end;
  switch (c) {
  case CLI_O_GRID:
  case CLI_O_BLOCK:
    if (parse_dims(v, c == CLI_O_GRID ? ro->grid : ro->block))
      return cli_usage(cmd, "bad --%s '%s' (expected X[,Y[,Z]], positive)",
                       c == CLI_O_GRID ? "grid" : "block", v);
    return 0;
  case CLI_O_SHARED_MEM:
    if (parse_uint(v, 0x7fffffff, &n))
      return cli_usage(cmd, "bad --shared-mem '%s' (expected a number of bytes)", v);
    ro->shared_mem = (unsigned)n;
    return 0;
  case CLI_O_DEVICE:
    if (parse_uint(v, 1 << 20, &n))
      return cli_usage(cmd, "bad --device '%s'", v);
    ro->device = (int)n;
    return 0;
  case CLI_O_TIMEOUT: {
    double t = strtod(v, &end);
    if (!isdigit((unsigned char)*v) || *end || !(t > 0 && t <= 1e6))
      return cli_usage(cmd, "bad --timeout '%s' (expected SECONDS, more than 0, at most 1e6)", v);
    ro->timeout = t;
    return 0;
  }
  case CLI_O_OUT_ARRAY: {
    const char *eq = strchr(v, '=');
    if (!eq || eq == v || !eq[1])
      return cli_usage(cmd, "bad --out '%s' (expected NAME=PATH.npy)", v);
    ro->outs[ro->nouts++] = v;
    return 0;
  }
  case CLI_O_PRINT:
    ro->prints[ro->nprints++] = v;
    return 0;
  case CLI_O_AXIS: {
    long ax = strtol(v, &end, 10);
    if (!*v || *end || ax < -RT_MAXDIM || ax >= RT_MAXDIM)
      return cli_usage(cmd, "bad --axis '%s' (expected an integer axis, %d to %d)", v,
                       -RT_MAXDIM, RT_MAXDIM - 1);
    if (ro->naxis == RT_MAXDIM)
      return cli_usage(cmd, "more than %d --axis options", RT_MAXDIM);
    ro->axis[ro->naxis++] = (int)ax;
    return 0;
  }
  case CLI_O_KEEPDIMS:
    ro->keepdims = 1;
    return 0;
  case CLI_O_SIZE: {
    errno = 0;
    long long len = strtoll(v, &end, 10);
    if (!*v || *end || len < 0 || errno)
      return cli_usage(cmd, "bad --size '%s' (expected the loop's length, an integer >= 0)", v);
    ro->has_size = 1;
    ro->size = len;
    return 0;
  }
  case CLI_O_TIME:
    if (!v)
      ro->time_n = 100;
    else if (parse_uint(v, 1000000, &n) || n < 1)
      return cli_usage(cmd, "bad --time '%s' (expected --time=N, N >= 1)", v);
    else
      ro->time_n = (int)n;
    return 0;
  case CLI_O_CPU:
    ro->cpu = true;
    return 0;
  default:                                        /* CLI_O_VERBOSE */
    ro->verbose = true;
    return 0;
  }
}

int cli_run_opts(int argc, char **argv, Options *opt, RunOpts *ro) {
  static const int own[] = {CLI_O_GRID, CLI_O_BLOCK, CLI_O_SHARED_MEM, CLI_O_DEVICE,
                            CLI_O_TIME, CLI_O_TIMEOUT, CLI_O_OUT_ARRAY, CLI_O_PRINT,
                            CLI_O_AXIS, CLI_O_KEEPDIMS, CLI_O_SIZE, CLI_O_CPU, CLI_O_VERBOSE};
  const char *cmd = "run", *v;
  ro->specs = cli_zalloc(argc, sizeof *ro->specs);
  ro->outs = cli_zalloc(argc, sizeof *ro->outs);
  ro->prints = cli_zalloc(argc, sizeof *ro->prints);
  CliArgs p;
  cli_args_init(&p, argc, argv, opt, own, sizeof own / sizeof *own);
  for (int c; (c = cli_args_next(&p, &v)) != 0;) {
    int st = c < 0 ? RT_EUSAGE : c != CLI_ARG ? run_opt(ro, c, v) : 0;
    if (st)
      return st;
    if (c != CLI_ARG)
      continue;
    if (!ro->file)
      ro->file = v;
    else if (!strchr(v, '='))
      return cli_usage(cmd, "bad argument '%s' (expected NAME=VALUE, NAME=@PATH.npy or "
                       "NAME=zeros:DTYPE:SHAPE)", v);
    else
      ro->specs[ro->nspecs++] = v;
  }
  bool have_grid = p.seen[CLI_O_GRID - CLI_O_FIRST], have_block = p.seen[CLI_O_BLOCK - CLI_O_FIRST];
  if (!ro->file)
    return cli_usage(cmd, "run needs a FILE");
  if (opt->nkernels > 1)
    return cli_usage(cmd, "run launches one kernel: give one --kernel NAME");
  if (ro->cpu && p.seen[CLI_O_DEVICE - CLI_O_FIRST])   /* the CPU backend has no device N */
    return cli_usage(cmd, "--device picks a GPU and --cpu the CPU backend: give one of them");
  if (have_grid != have_block)                   /* kernel forms may leave both out */
    return cli_usage(cmd, "--%s without --%s: give both (a kernel form, whose launch pykc "
                     "plans, may leave out both)", have_grid ? "grid" : "block",
                     have_grid ? "block" : "grid");
  ro->shape_given = have_grid;
  char err[RT_ERRLEN];
  if (have_grid && rt_launch_check(ro->grid, ro->block, 0, 0, err))
    return cli_usage(cmd, "%s", err);
  ro->kernel = opt->nkernels ? opt->kernels[0] : NULL;   /* NULL: the file's only one */
  ro->debug = opt->debug;
  return 0;
}

