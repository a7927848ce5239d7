/*
 * main.c: the pykc command line. `cuda` and `check` are here; `ptx`, `cubin`, `header`,
 * `run` and `cache` live in runtime/cli.c. Exit status: 0 success, 1 errors in the source,
 * 2 bad usage, 3 failure in NVRTC, the driver or the kernel.
 */
#include "pykc.h"
#include "rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LIST = 256 };

static const char *usage_text =
    "usage: pykc COMMAND FILE [options]\n"
    "\n"
    "commands:\n"
    "  cuda   FILE [-o OUT.cu]    emit CUDA C\n"
    "  check  FILE                diagnostics only (--dump-tokens, --dump-ast, --dump-ir)\n"
    "  ptx    FILE [-o OUT.ptx]   [--arch compute_NN|sm_NN]  compile to PTX with NVRTC\n"
    "  cubin  FILE  -o OUT.cubin  [--arch sm_NN]             compile to a cubin\n"
    "  header FILE [-o OUT.h]     [--arch ...]  C header: embedded cubin/PTX + launch functions\n"
    "  run    FILE --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared-mem BYTES]\n"
    "              [--device N] [--cpu] [--time[=N]] [--out NAME=PATH.npy]... [--print NAME]...\n"
    "              ARG...         JIT-compile and launch (NAME=@f.npy, NAME=zeros:DTYPE:SHAPE,\n"
    "                             NAME=ones:..., NAME=arange:..., NAME=VALUE[:DTYPE])\n"
    "  cache  info|clear          the compile cache\n"
    "\n"
    "options for cuda, check, ptx, cubin, header, run:\n"
    "  --kernel NAME   only this kernel (repeatable)\n"
    "  --sig SIG       parameter types, e.g. --sig 'saxpy(float32, float32[:], float32[:])'\n"
    "  --mode M        cuda (default) or numpy: literal typing and promotion\n"
    "  --debug         bounds checks and asserts\n"
    "  --line-info     #line directives pointing at the .py file\n"
    "  -o PATH         output file (default: stdout, '-' for stdout)\n"
    "\n"
    "  pykc --version | --help | help COMMAND\n";

static int usage_error(const char *fmt, const char *arg) {
  fputs("pykc: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\n(see 'pykc --help')\n", stderr);
  return 2;
}

static const char *kernel_list[MAX_LIST], *sig_list[MAX_LIST];

static int push(const char **list, int *n, const char *v, const char *what) {
  if (*n >= MAX_LIST)
    return usage_error("too many %s options", what);
  list[(*n)++] = v;
  return 0;
}

int cli_common_opt(int *i, int argc, char **argv, Options *opt, const char **out) {
  const char *a = argv[*i];
  static const char *const valued[] = {"--kernel", "--sig", "--mode", "-o"};
  int which = -1;
  for (int k = 0; k < 4; k++)
    if (strcmp(a, valued[k]) == 0)
      which = k;
  if (which < 0) {
    if (strcmp(a, "--debug") == 0)
      return opt->debug = true, 1;
    if (strcmp(a, "--line-info") == 0)
      return opt->line_info = true, 1;
    return 0;
  }
  if (*i + 1 >= argc)
    return usage_error("option '%s' needs a value", a), -1;
  const char *v = argv[++*i];
  switch (which) {
  case 0:
    opt->kernels = kernel_list;
    return push(kernel_list, &opt->nkernels, v, "--kernel") ? -1 : 1;
  case 1:
    opt->sigs = sig_list;
    return push(sig_list, &opt->nsigs, v, "--sig") ? -1 : 1;
  case 2:
    if (strcmp(v, "cuda") && strcmp(v, "numpy"))
      return usage_error("--mode must be 'cuda' or 'numpy', not '%s'", v), -1;
    opt->mode = strcmp(v, "numpy") == 0 ? MODE_NUMPY : MODE_CUDA;
    opt->mode_given = true;
    return 1;
  default:
    if (!out)
      return usage_error("option '%s' is not valid here", a), -1;
    *out = v;
    return 1;
  }
}

static int write_output(const char *path, const char *text) {
  if (!path || strcmp(path, "-") == 0)
    return fputs(text, stdout) < 0 ? 3 : 0;
  FILE *f = fopen(path, "wb");
  if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
    fprintf(stderr, "pykc: cannot write '%s'\n", path);
    if (f)
      fclose(f);
    return 3;
  }
  return 0;
}

static void dump_ir(Unit *u, Buf *out) {
  for (Func *f = u->prog->funcs; f; f = f->next)
    for (Spec *s = f->specs; s; s = s->next) {
      buf_printf(out, "spec %s(", s->cname);
      for (int i = 0; i < s->nparams; i++)
        buf_printf(out, "%s%s: %s", i ? ", " : "", s->params[i]->name,
                   ty_str(&u->ctx, s->ptypes[i]));
      buf_printf(out, ") -> %s\n", s->ret ? ty_str(&u->ctx, s->ret) : "void");
      for (Var *v = s->locals; v; v = v->next)
        buf_printf(out, "  local %s: %s\n", v->name, ty_str(&u->ctx, v->ty));
      if (s->body)
        ast_dump(&u->ctx, s->body, out);
    }
}

/* pykc cuda / pykc check */
static int cmd_compile(int argc, char **argv, bool emit) {
  Options opt = {.need_sigs = true};
  const char *file = NULL, *out = NULL;
  int dump = -1; /* 0 tokens, 1 ast, 2 ir */
  for (int i = 1; i < argc; i++) {
    int r = cli_common_opt(&i, argc, argv, &opt, emit ? &out : NULL);
    if (r < 0)
      return 2;
    if (r)
      continue;
    const char *a = argv[i];
    if (!emit && strcmp(a, "--dump-tokens") == 0)
      dump = 0;
    else if (!emit && strcmp(a, "--dump-ast") == 0)
      dump = 1;
    else if (!emit && strcmp(a, "--dump-ir") == 0)
      dump = 2;
    else if (a[0] == '-' && a[1])
      return usage_error("unknown option '%s'", a);
    else if (file)
      return usage_error("only one input file, got '%s' too", a);
    else
      file = a;
  }
  if (!file)
    return usage_error("%s needs a FILE", argv[0]);
  Unit *u = dump == 0 || dump == 1 ? unit_open(file, &opt) : unit_from_file(file, &opt);
  Buf text = {0};
  int status = u->status;
  if (!status && (dump == 0 || dump == 1))
    status = unit_dump(u, dump, &text);
  else if (!status && dump == 2)
    dump_ir(u, &text);
  else if (!status && emit) {
    char *code = unit_emit(u, TARGET_CUDA);
    if (code)
      buf_puts(&text, code);
    else
      status = 1;
    free(code);
  }
  fputs(unit_diags(u), stderr);
  if (text.data && (status == 0 || dump >= 0))
    if (write_output(out, text.data) && !status)
      status = 3;
  buf_free(&text);
  unit_free(u);
  return status;
}

static const struct {
  const char *name;
  int (*fn)(int, char **);
} runtime_cmds[] = {
    {"ptx", cli_ptx}, {"cubin", cli_cubin}, {"header", cli_header},
    {"run", cli_run}, {"cache", cli_cache},
};

int main(int argc, char **argv) {
  if (argc < 2)
    return fputs(usage_text, stderr), 2;
  const char *cmd = argv[1];
  if (strcmp(cmd, "--version") == 0)
    return printf("pykc %s\n", PYKC_VERSION), 0;
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
    return fputs(usage_text, stdout), 0;
  if (strcmp(cmd, "cuda") == 0)
    return cmd_compile(argc - 1, argv + 1, true);
  if (strcmp(cmd, "check") == 0)
    return cmd_compile(argc - 1, argv + 1, false);
  for (size_t k = 0; k < sizeof runtime_cmds / sizeof runtime_cmds[0]; k++)
    if (strcmp(cmd, runtime_cmds[k].name) == 0)
      return runtime_cmds[k].fn(argc - 1, argv + 1);
  return usage_error("unknown command '%s'", cmd);
}
