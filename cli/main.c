/*
 * main.c: the pykc command line. It dispatches on the command (one table: name, function,
 * usage text for `pykc help COMMAND` and `pykc COMMAND --help`); `cuda` and `check` are
 * here, `ptx`, `cubin` and `cache` in cli/cli.c (with the option parsing the commands
 * share), `run` in cli/cli_run.c, `header` in cli/header.c. Exit status: 0 success,
 * 1 errors in the source, 2 bad usage, 3 failure in NVRTC, the driver or the kernel.
 */
#include "pykc.h"
#include "cli.h"
#include "../src/forms/forms.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *usage_text =
    "usage: pykc COMMAND FILE [options]\n"
    "\n"
    "commands:\n"
    "  cuda   FILE [-o OUT.cu]    emit CUDA C\n"
    "  check  FILE                diagnostics only (--dump-tokens, --dump-ast, --dump-ir)\n"
    "  ptx    FILE [-o OUT.ptx]   [--arch compute_NN|sm_NN]  compile to PTX with NVRTC\n"
    "  cubin  FILE  -o OUT.cubin  [--arch sm_NN]             compile to a cubin\n"
    "  header FILE [-o OUT.h]     [--arch ...]  C header: embedded cubin/PTX + launch functions\n"
    "  run    FILE [--kernel NAME] --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared-mem BYTES]\n"
    "              [--device N] [--cpu] [--time[=N]] [--timeout S] [--out NAME=PATH.npy]... [--print NAME]...\n"
    "              ARG...         JIT-compile and launch (NAME=@f.npy, NAME=zeros:DTYPE:SHAPE,\n"
    "                             NAME=ones:..., NAME=arange:..., NAME=VALUE[:DTYPE])\n"
    "  cache  info|clear          the compile cache\n"
    "\n"
    "options for cuda, check, ptx, cubin, header, run:\n"
    "  --kernel NAME   only this kernel (repeatable)\n"
    "  --sig SIG       parameter types, e.g. --sig 'saxpy(float32, float32[:], float32[:])'\n"
    "  -D, --define NAME=VALUE[:DTYPE]  a module constant pykc cannot evaluate (repeatable)\n"
    "  --mode M        cuda (default) or numpy: literal typing and promotion\n"
    "  --debug         bounds checks and asserts\n"
    "  --line-info     #line directives pointing at the .py file\n"
    "  -o PATH         output file (default: stdout, '-' for stdout)\n"
    "  --              ends the options (getopt's conventions: --opt=V, -oOUT, -DN=4)\n"
    "\n"
    "  pykc --version | --help | help COMMAND\n";

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
  Options opt = {.need_sigs = true, .check_untyped = !emit};
  const char *file = NULL, *out = NULL;
  int dump = -1; /* 0 tokens, 1 ast, 2 ir */
  static const int own_cuda[] = {CLI_O_OUT},
                   own_check[] = {CLI_O_DUMP_TOKENS, CLI_O_DUMP_AST, CLI_O_DUMP_IR};
  CliArgs p;
  cli_args_init(&p, argc, argv, &opt, emit ? own_cuda : own_check, emit ? 1 : 3);
  const char *v;
  for (int c; (c = cli_args_next(&p, &v)) != 0;) {
    if (c < 0)
      return RT_EUSAGE;
    if (c == CLI_O_OUT)
      out = v;
    else if (c != CLI_ARG)
      dump = c - CLI_O_DUMP_TOKENS;               /* 0 tokens, 1 ast, 2 ir */
    else if (file)
      return cli_usage(NULL, "only one input file, got '%s' too", v);
    else
      file = v;
  }
  if (!file)
    return cli_usage(NULL, "%s needs a FILE", argv[0]);
  if (rt_is_cu(file))                              /* CUDA C++ already: nothing to read */
    return cli_usage(argv[0], "%s is CUDA C++: '%s' reads the kernel language (.py); a .cu "
                     "file goes to 'pykc ptx', 'cubin', 'header' or 'run'", file, argv[0]);
  Unit *u = cli_unit(file, &opt, dump != 0 && dump != 1);
  if (!u)
    return RT_EFAIL;
  Buf text = {0};
  int status = u->status;
  if (!status && (dump == 0 || dump == 1))
    status = unit_dump(u, dump, &text);
  else if (!status && dump == 2)
    dump_ir(u, &text);
  else if (!status && !emit && dump < 0 && !u->prog->funcs)
    fprintf(stderr, "pykc: warning: %s defines no kernels (%s)\n", file,
            cli_kernel_kinds(file));
  else if (!status && emit) {
    if (!u->prog->funcs)
      fprintf(stderr, "pykc: warning: %s defines no kernels (%s)\n", file,
              cli_kernel_kinds(file));
    char *code = unit_emit(u, TARGET_CUDA);
    if (code)
      buf_puts(&text, code);
    else
      status = 1;
    free(code);
    if (code)
      emit_raw_forms(&text, u->prog);             /* RawKernel/RawModule code as written */
  }
  fputs(unit_diags(u), stderr);
  if (text.data && (status == 0 || dump >= 0))
    if (cli_write(out, text.data, text.len) && !status)
      status = 3;
  buf_free(&text);
  unit_free(u);
  return status;
}

static int cmd_cuda(int argc, char **argv) { return cmd_compile(argc, argv, true); }
static int cmd_check(int argc, char **argv) { return cmd_compile(argc, argv, false); }
static int cmd_help(int argc, char **argv);

/* The options of the kernel-language front end, in every command that compiles. */
static const char front_end_opts[] =
    "  --sig SIG            parameter types, e.g. --sig 'saxpy(float32, float32[:], "
    "float32[:])'\n"
    "  -D, --define NAME=VALUE[:DTYPE]\n"
    "                       the value of a module-level name pykc cannot evaluate (an\n"
    "                       import, a library call): an int, a float, True, False, None or\n"
    "                       a dtype name; DTYPE types it (3:float32 is np.float32(3))\n"
    "  --mode M             cuda (default) or numpy: literal typing and promotion\n"
    "  --debug              bounds checks and asserts\n"
    "  --line-info          #line directives pointing at the .py file\n";

static const struct Command {
  const char *name;
  int (*fn)(int argc, char **argv);         /* argv[0] is the command */
  const char *help;                         /* synopsis, what it does, its own options */
  bool front_end;                           /* takes front_end_opts too */
} commands[] = {
    {"cuda", cmd_cuda,
     "usage: pykc cuda FILE [-o OUT.cu] [options]\n\n"
     "Emits the CUDA C of FILE's kernels (the same input gives the same output), then the\n"
     "code of its RawKernel/RawModule calls as written.\n\n"
     "options:\n"
     "  -o PATH              output file (default: stdout, '-' for stdout)\n"
     "  --kernel NAME        only this kernel (repeatable)\n",
     true},
    {"check", cmd_check,
     "usage: pykc check FILE [options]\n\n"
     "Reports FILE's errors and warnings (exit status 1 after errors); emits no code.\n\n"
     "options:\n"
     "  --dump-tokens        print the tokens\n"
     "  --dump-ast           print the syntax tree\n"
     "  --dump-ir            print each specialisation's parameters, locals and typed body\n"
     "  --kernel NAME        only this kernel (repeatable)\n",
     true},
    {"ptx", cli_ptx,
     "usage: pykc ptx FILE [-o OUT.ptx] [--arch compute_NN|sm_NN] [options]\n\n"
     "Compiles FILE to PTX with NVRTC; needs no GPU. FILE may be a .cu file, compiled as\n"
     "written (its extern \"C\" kernels keep their names). A RawKernel/RawModule call's code\n"
     "(with its options and name expressions) is compiled when --kernel names one of its\n"
     "kernels, or when it is FILE's only call and FILE has no other kernels.\n\n"
     "options:\n"
     "  -o PATH              output file (default: stdout, '-' for stdout)\n"
     "  --arch A, -arch=A    compute_NN or sm_NN (default: this machine's GPU, else sm_90)\n"
     "  --kernel NAME        only this kernel (repeatable)\n",
     true},
    {"cubin", cli_cubin,
     "usage: pykc cubin FILE -o OUT.cubin [--arch sm_NN] [options]\n\n"
     "Compiles FILE (or a .cu file) to a cubin for one GPU architecture with NVRTC; needs\n"
     "no GPU.\n\n"
     "options:\n"
     "  -o PATH              the cubin (required)\n"
     "  --arch sm_NN         the GPU (default: this machine's GPU, else sm_90)\n"
     "  --kernel NAME        only this kernel (repeatable)\n",
     true},
    {"header", cli_header,
     "usage: pykc header FILE [-o OUT.h] [--arch sm_NN] [options]\n\n"
     "Writes a C header that embeds FILE's kernels as a cubin for sm_NN and PTX for\n"
     "compute_NN, with one typed launch function per kernel,\n"
     "PREFIX_KERNEL(grid, block, shared_mem, stream, ARGS...); programs that include it\n"
     "need only libcuda. PREFIX is OUT's base name, else FILE's. A .cu file, or a\n"
     "RawKernel/RawModule call's code (chosen as for ptx), gets launchers that take\n"
     "CUdeviceptr for pointers; fx3<float> is PREFIX_fx3_float.\n\n"
     "options:\n"
     "  -o PATH              output file (default: stdout, '-' for stdout)\n"
     "  --arch sm_NN         the GPU (default: this machine's GPU, else sm_90)\n"
     "  --kernel NAME        only this kernel (repeatable)\n",
     true},
    {"run", cli_run,
     "usage: pykc run FILE [--kernel NAME] --grid X[,Y[,Z]] --block X[,Y[,Z]] [options] ARG...\n\n"
     "JIT-compiles kernel NAME and launches it once on the GPU, or on the CPU backend when\n"
     "there is no GPU or driver (or with --cpu), then writes or prints the arrays asked for.\n"
     "FILE may be a .cu file (on the CPU backend: C++ with g++), and a RawKernel's or\n"
     "RawModule's kernel runs as one: arrays as pointers, scalars need :DTYPE.\n\n"
     "arguments, one per kernel parameter, by name:\n"
     "  NAME=@PATH.npy       an array read from a .npy file\n"
     "  NAME=zeros:DTYPE:SHAPE, NAME=ones:DTYPE:SHAPE, NAME=arange:DTYPE:SHAPE\n"
     "                       a new array (SHAPE 1000 or 64x64)\n"
     "  NAME=VALUE[:DTYPE]   a scalar (typed by the literal rules unless DTYPE is given)\n"
     "For a .cu FILE a NAME that is no parameter may name a __device__ or __constant__\n"
     "variable: the array's (or :DTYPE scalar's) bytes, its size exactly, are copied into\n"
     "it before the launch (RawModule.get_global's use).\n\n"
     "options:\n"
     "  --kernel NAME        the kernel to launch (needed when FILE defines several)\n"
     "  --grid X[,Y[,Z]]     blocks in the grid (required, but a kernel form's launch,\n"
     "                       which pykc plans as CuPy does, may leave out both)\n"
     "  --block X[,Y[,Z]]    threads in a block (as --grid)\n"
     "  --axis N             a ReductionKernel: reduce axis N (repeatable; default: all)\n"
     "  --keepdims           a ReductionKernel: keep the reduced axes with extent 1\n"
     "  --size N             an ElementwiseKernel whose parameters are all raw: the loop's\n"
     "                       length (CuPy's size=)\n"
     "  --shared-mem BYTES   dynamic shared memory (default 0)\n"
     "  --device N           the GPU to use (default 0; not with --cpu)\n"
     "  --cpu                run on the CPU backend\n"
     "  --time[=N], --time N cupyx.profiler.benchmark's report of N launches (default 100):\n"
     "                       CPU and GPU times, then the bandwidth over the arrays, registers,\n"
     "                       spills, static shared memory and occupancy (on a GPU)\n"
     "  --timeout SECONDS    stop a CPU-backend launch that runs longer (exit 3)\n"
     "  --out NAME=PATH.npy  write array NAME after the launch (repeatable)\n"
     "  --print NAME         print array NAME NumPy-style (repeatable)\n"
     "  -v, --verbose        time the front end, NVRTC, the cache, module load and launch\n",
     true},
    {"cache", cli_cache,
     "usage: pykc cache info|clear\n\n"
     "info prints the compile cache's folder, its entries and their size; clear removes\n"
     "pykc's files from it. The folder is $PYKC_CACHE_DIR, else $XDG_CACHE_HOME/pykc, else\n"
     "~/.cache/pykc; PYKC_CACHE=0 turns the cache off.\n",
     false},
    {"help", cmd_help,
     "usage: pykc help [COMMAND]\n\n"
     "Prints COMMAND's usage and options (as `pykc COMMAND --help` does), or pykc's.\n",
     false},
};

static const struct Command *find_command(const char *name) {
  for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
    if (strcmp(name, commands[k].name) == 0)
      return &commands[k];
  return NULL;
}

/* "unknown command 'rnu'; did you mean 'run'?" */
static int unknown_command(const char *name) {
  const char *best = NULL;
  int bestd = CLI_FAR;
  for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
    cli_nearer(name, commands[k].name, &best, &bestd);
  if (best)
    return cli_usage(NULL, "unknown command '%s'; did you mean '%s'?", name, best);
  return cli_usage(NULL, "unknown command '%s'", name);
}

static int print_help(const struct Command *c) {
  fputs(c->help, stdout);
  if (c->front_end)
    fputs(front_end_opts, stdout);
  return 0;
}

/* pykc help [COMMAND] */
static int cmd_help(int argc, char **argv) {
  if (argc == 1)
    return fputs(usage_text, stdout), 0;
  if (argc > 2)
    return cli_usage(NULL, "help takes one COMMAND, got '%s' too", argv[2]);
  const struct Command *c = find_command(argv[1]);
  if (!c && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))   /* help's own */
    c = find_command("help");
  return c ? print_help(c) : unknown_command(argv[1]);
}

static bool asks_help(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
      return true;
  return false;
}

int main(int argc, char **argv) {
  /* A file size limit (ulimit -f) makes a write fail with EFBIG, reported as any other
     write error (exit 3, temporary files removed), not a SIGXFSZ kill: CPython does so. */
  signal(SIGXFSZ, SIG_IGN);
  if (argc < 2)
    return fputs(usage_text, stderr), 2;
  const char *cmd = argv[1];
  if (strcmp(cmd, "--version") == 0)
    return printf("pykc %s\n", PYKC_VERSION), 0;
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
    return fputs(usage_text, stdout), 0;
  const struct Command *c = find_command(cmd);
  if (!c)
    return unknown_command(cmd);
  if (c->fn != cmd_help && asks_help(argc - 1, argv + 1))
    return print_help(c);
  char why[RT_ERRLEN];
  if ((!strcmp(cmd, "run") || !strcmp(cmd, "ptx") || !strcmp(cmd, "cubin") ||
       !strcmp(cmd, "header")) && rt_cache_warning(why))  /* the commands that cache */
    fprintf(stderr, "pykc: warning: %s\n", why);
  return c->fn(argc - 1, argv + 1);
}
