/*
 * cli/opts.c: the command line's options, parsed the getopt way (getopt_long).
 *
 * One table names every option of every subcommand; a subcommand says which of them are
 * its own (the front end's --kernel, --sig, --mode, -D/--define, --debug, --line-info are
 * everyone's). getopt_long gives the conventions users know: `--time 100` and
 * `--time=100`, `-o out.cu` and `-oout.cu`, `-DN=4`, unique prefixes of long names
 * (`--ker`), and `--` ending the options. nvcc's single-dash `-arch=sm_90` and
 * `-arch sm_90` are read as --arch. Arguments come back in the order given (getopt's
 * "-" mode), so FILE and the NAME=VALUE specs may stand anywhere.
 * An option of another subcommand is "not valid here"; an option marked once given
 * twice is an error, not a silent override.
 */
#include "cli.h"

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

enum { MAX_LIST = 256 };

enum { ONCE = 1, FRONT = 2 };               /* at most once; the front end's (everyone's) */

static const struct OptDef {
  const char *name;                         /* the long name, NULL: short only */
  char short_name;                          /* 0: long only */
  int has_arg;                              /* no_argument, required_argument, optional */
  int id;
  int flags;
} defs[] = {
    {"kernel", 0, required_argument, CLI_O_KERNEL, FRONT},
    {"sig", 0, required_argument, CLI_O_SIG, FRONT},
    {"mode", 0, required_argument, CLI_O_MODE, FRONT | ONCE},
    {"define", 'D', required_argument, CLI_O_DEFINE, FRONT},
    {"debug", 0, no_argument, CLI_O_DEBUG, FRONT},
    {"line-info", 0, no_argument, CLI_O_LINE_INFO, FRONT},
    {"output", 'o', required_argument, CLI_O_OUT, ONCE},
    {"arch", 0, required_argument, CLI_O_ARCH, ONCE},
    {"dump-tokens", 0, no_argument, CLI_O_DUMP_TOKENS, 0},
    {"dump-ast", 0, no_argument, CLI_O_DUMP_AST, 0},
    {"dump-ir", 0, no_argument, CLI_O_DUMP_IR, 0},
    {"grid", 0, required_argument, CLI_O_GRID, ONCE},
    {"block", 0, required_argument, CLI_O_BLOCK, ONCE},
    {"shared-mem", 0, required_argument, CLI_O_SHARED_MEM, ONCE},
    {"device", 0, required_argument, CLI_O_DEVICE, ONCE},
    {"time", 0, optional_argument, CLI_O_TIME, ONCE},
    {"timeout", 0, required_argument, CLI_O_TIMEOUT, ONCE},
    {"out", 0, required_argument, CLI_O_OUT_ARRAY, 0},
    {"print", 0, required_argument, CLI_O_PRINT, 0},
    {"axis", 0, required_argument, CLI_O_AXIS, 0},
    {"keepdims", 0, no_argument, CLI_O_KEEPDIMS, 0},
    {"size", 0, required_argument, CLI_O_SIZE, ONCE},
    {"cpu", 0, no_argument, CLI_O_CPU, 0},
    {"verbose", 'v', no_argument, CLI_O_VERBOSE, 0},
};
enum { NDEFS = sizeof defs / sizeof *defs };

static const struct OptDef *def_of(int id) {
  for (int k = 0; k < NDEFS; k++)
    if (defs[k].id == id)
      return &defs[k];
  return NULL;
}

/* The option as the user knows it: "--grid", or "-o" for short-only ones. */
static const char *spelling(const struct OptDef *d, char *buf, size_t n) {
  if (d->name)
    snprintf(buf, n, "--%s", d->name);
  else
    snprintf(buf, n, "-%c", d->short_name);
  return buf;
}

static bool is_own(const CliArgs *p, int id) {
  for (int k = 0; k < p->nown; k++)
    if (p->own[k] == id)
      return true;
  return (def_of(id)->flags & FRONT) != 0;
}

void cli_args_init(CliArgs *p, int argc, char **argv, Options *opt, const int *own,
                   int nown) {
  memset(p, 0, sizeof *p);
  p->argc = argc;
  p->argv = argv;
  p->cmd = argv[0];
  p->opt = opt;
  p->own = own;
  p->nown = nown;
  optind = 0;                                 /* glibc: start afresh */
  opterr = 0;                                 /* our messages, not getopt's */
}

/* ---- the front end's options, stored into Options ---- */

static const char *kernel_list[MAX_LIST], *sig_list[MAX_LIST], *define_list[MAX_LIST];

static int push(const char **list, int *n, const char *v, const char *what) {
  if (*n >= MAX_LIST)
    return cli_usage(NULL, "too many %s options", what), -1;
  list[(*n)++] = v;
  return 0;
}

static int front_opt(Options *opt, int id, const char *v) {
  switch (id) {
  case CLI_O_KERNEL:
    opt->kernels = kernel_list;
    return push(kernel_list, &opt->nkernels, v, "--kernel");
  case CLI_O_SIG:
    opt->sigs = sig_list;
    return push(sig_list, &opt->nsigs, v, "--sig");
  case CLI_O_DEFINE:
    opt->defines = define_list;
    return push(define_list, &opt->ndefines, v, "--define");
  case CLI_O_MODE:
    if (strcmp(v, "cuda") && strcmp(v, "numpy"))
      return cli_usage(NULL, "--mode must be 'cuda' or 'numpy', not '%s'", v), -1;
    opt->mode = strcmp(v, "numpy") == 0 ? MODE_NUMPY : MODE_CUDA;
    opt->mode_given = true;
    return 0;
  case CLI_O_DEBUG:
    opt->debug = true;
    return 0;
  default:                                    /* CLI_O_LINE_INFO */
    opt->line_info = true;
    return 0;
  }
}

/* ---- getopt_long's tables and its answers ---- */

static void build_tables(struct option *longs, char *shorts) {
  int nl = 0, ns = 0;
  shorts[ns++] = '-';                         /* arguments in order, as option 1 */
  shorts[ns++] = ':';                         /* a missing value: ':' */
  for (int k = 0; k < NDEFS; k++) {
    if (defs[k].name)
      longs[nl++] = (struct option){defs[k].name, defs[k].has_arg, NULL, defs[k].id};
    if (defs[k].short_name) {
      shorts[ns++] = defs[k].short_name;
      if (defs[k].has_arg == required_argument)
        shorts[ns++] = ':';
    }
  }
  longs[nl] = (struct option){0};
  shorts[ns] = 0;
}

/* The id of short option C. */
static int short_id(int c) {
  for (int k = 0; k < NDEFS; k++)
    if (defs[k].short_name == c)
      return defs[k].id;
  return 0;
}

/* "unknown option" or, for a prefix of several names, "ambiguous option" listing them. */
static int unknown(const CliArgs *p, const char *arg) {
  size_t n = strcspn(arg, "=");
  if (strncmp(arg, "--", 2) == 0 && n > 2) {
    char names[256] = "";
    int hits = 0;
    for (int k = 0; k < NDEFS; k++)
      if (defs[k].name && strncmp(defs[k].name, arg + 2, n - 2) == 0 && hits++ < 8)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s--%s",
                 hits > 1 ? ", " : "", defs[k].name);
    if (hits > 1)
      return cli_usage(p->cmd, "ambiguous option '%.*s' (%s)", (int)n, arg, names), -1;
  }
  const char *best = NULL;
  int bestd = CLI_FAR;
  char word[64];
  if (strncmp(arg, "--", 2) == 0 && n - 2 < sizeof word) {
    snprintf(word, sizeof word, "%.*s", (int)(n - 2), arg + 2);
    for (int k = 0; k < NDEFS; k++)
      if (defs[k].name)
        cli_nearer(word, defs[k].name, &best, &bestd);
  }
  if (best)
    return cli_usage(p->cmd, "unknown option '%.*s'; did you mean '--%s'?", (int)n, arg, best), -1;
  return cli_usage(p->cmd, "unknown option '%.*s'", (int)n, arg), -1;
}

/* nvcc's spelling -arch=sm_90 / -arch sm_90 at argv[optind]: 1 (taken, *val set), 0 (not
   this), -1 (no value). */
static int nvcc_arch(CliArgs *p, const char **val) {
  const char *a = optind > 0 && optind < p->argc ? p->argv[optind] : NULL;
  if (!a || strncmp(a, "-arch", 5) || (a[5] && a[5] != '='))
    return 0;
  if (a[5] == '=') {
    *val = a + 6;
    optind++;
    return 1;
  }
  if (optind + 1 >= p->argc)
    return -1;
  *val = p->argv[optind + 1];
  optind += 2;
  return 1;
}

/* --time N: an optional value may also be the next argument when it is a number. */
static void optional_next(CliArgs *p, int id, const char **val) {
  if (*val || def_of(id)->has_arg != optional_argument || optind >= p->argc)
    return;
  const char *a = p->argv[optind];
  size_t n = strspn(a, "0123456789");
  if (n > 0 && a[n] == 0) {
    *val = a;
    optind++;
  }
}

/* Checks ID, spelt GIVEN, against the command and the once rule; 0 or -1 after a
   message. */
static int admit(CliArgs *p, int id, const char *given) {
  char buf[64];
  const struct OptDef *d = def_of(id);
  if (!is_own(p, id)) {
    size_t n = strcspn(given, "=");
    if (given[0] == '-' && given[1] != '-')
      n = 2;                                  /* -oFILE: the option is -o */
    return cli_usage(p->cmd, "option '%.*s' is not valid here", (int)n, given), -1;
  }
  int slot = id - CLI_O_FIRST;
  if ((d->flags & ONCE) && p->seen[slot])
    return cli_usage(p->cmd, "option '%s' given twice", spelling(d, buf, sizeof buf)), -1;
  p->seen[slot] = 1;
  return 0;
}

int cli_args_next(CliArgs *p, const char **val) {
  struct option longs[NDEFS + 1];
  char shorts[2 + 2 * NDEFS + 1], buf[64];
  build_tables(longs, shorts);
  for (;;) {
    *val = NULL;
    if (p->dashdash) {                        /* after "--": arguments only */
      if (optind >= p->argc)
        return 0;
      *val = p->argv[optind++];
      return CLI_ARG;
    }
    if (optind == 0)
      optind = 1;
    int at = optind, r = nvcc_arch(p, val), c;
    if (r < 0)
      return cli_usage(p->cmd, "option '-arch' needs a value"), -1;
    if (r) {
      c = CLI_O_ARCH;
    } else {
      c = getopt_long(p->argc, p->argv, shorts, longs, NULL);
      *val = optarg;
      if (c == -1) {                          /* "--", or the end */
        if (optind > at && optind <= p->argc && strcmp(p->argv[optind - 1], "--") == 0) {
          p->dashdash = true;
          continue;
        }
        return 0;
      }
      if (c == 1)
        return CLI_ARG;
      if (c == ':') {                         /* named as given: -o, or --grid for --gr */
        const struct OptDef *d = optopt >= 256 ? def_of(optopt) : NULL;
        if (!d)
          snprintf(buf, sizeof buf, "-%c", optopt);
        return cli_usage(p->cmd, "option '%s' needs a value",
                         d ? spelling(d, buf, sizeof buf) : buf), -1;
      }
      if (c == '?')
        return optopt && optopt < 256 ? (snprintf(buf, sizeof buf, "-%c", optopt),
                                         unknown(p, buf))
                                      : unknown(p, p->argv[optind - 1]);
      if (c < 256)
        c = short_id(c);
    }
    if (admit(p, c, p->argv[at < p->argc ? at : p->argc - 1]))
      return -1;
    if (*val && !**val && def_of(c)->has_arg == required_argument)   /* -o '', --kernel= */
      return cli_usage(p->cmd, "option '%s' needs a value, got ''",
                       spelling(def_of(c), buf, sizeof buf)), -1;
    optional_next(p, c, val);
    if (!(def_of(c)->flags & FRONT))
      return c;
    if (front_opt(p->opt, c, *val))
      return -1;
  }
}

int cli_file_opts(int argc, char **argv, Options *opt, const char **file, const char **out,
                  const char **arch) {
  static const int own[] = {CLI_O_OUT, CLI_O_ARCH};
  CliArgs p;
  cli_args_init(&p, argc, argv, opt, own, 2);
  *file = *out = *arch = NULL;
  const char *v;
  for (int c; (c = cli_args_next(&p, &v)) != 0;) {
    if (c < 0)
      return RT_EUSAGE;
    if (c == CLI_O_OUT)
      *out = v;
    else if (c == CLI_O_ARCH)
      *arch = v;
    else if (*file)
      return cli_usage(p.cmd, "only one input file, got '%s' too", v);
    else
      *file = v;
  }
  return *file ? 0 : cli_usage(p.cmd, "%s needs a FILE", p.cmd);
}
