/*
 * cli/cli.h: the pykc command's modules (linked into the pykc binary only, not libpykc).
 *   opts.c   the subcommands' options (getopt_long)
 *   time.c   `pykc run --time`: benchmark's report, bandwidth, attributes, occupancy
 *   npy.c    .npy read/write                 (NumPy format 1.0-3.0, C order)
 *   npy_print.c  arrays printed as NumPy prints them
 *   args.c   `pykc run` argument specs        (NAME=@f.npy, zeros:DTYPE:SHAPE, VALUE[:DTYPE])
 *   cli.c, cli_run.c, header.c   the subcommands (main.c dispatches)
 * The CLI drives the compiler directly (src/ir/ir.h) and the runtime through the public
 * API and runtime/api/hooks.h.
 */
#ifndef PYKC_CLI_H
#define PYKC_CLI_H

#include "../src/driver/driver.h"
#include "../runtime/rt.h"
#include "../runtime/gpu/gpu.h"             /* pykc ptx/cubin: NVRTC, the driver */
#include "../runtime/api/hooks.h"           /* statistics, signatures, modules of Units */
#include "../runtime/cxx/cxxscan.h"        /* cxx_needs_expr: --kernel NAME of a .cu file */

/* ---- npy.c ---- */
typedef struct NpyArray {
  int dtype;                  /* TY_BOOL .. TY_COMPLEX128 */
  int ndim;                   /* 0 .. RT_MAXDIM */
  int64_t shape[RT_MAXDIM];
  int64_t size;               /* product of shape (1 for 0-d) */
  void *data;                 /* malloc'd, C order, little-endian */
  size_t nbytes;
} NpyArray;

int rt_npy_read(const char *path, NpyArray *out, char *err);
int rt_npy_write(const char *path, const NpyArray *a, char *err);
int rt_npy_alloc(NpyArray *a, int dtype, int ndim, const int64_t *shape, char *err);
void rt_npy_free(NpyArray *a);
/* Prints `name = <NumPy-style repr of the array>` (numpy's array2string rules, summarised
   with '...' past 1000 elements), as Python's print("name =", a) does; the output is that
   of str(a) in numpy 2.4 (0-d arrays print like numpy scalars). name NULL: the array alone. */
void rt_npy_print(FILE *f, const char *name, const NpyArray *a);

/* ---- args.c ---- */
typedef struct RunArg {
  const char *name;           /* parameter name (a malloc'd copy; rt_arg_free frees it) */
  bool is_array;
  NpyArray arr;               /* arrays: the host data */
  int dtype;                  /* scalars: TY_* (given with :DTYPE, or by literal rules) */
  bool dtype_given;
  union { int64_t i; uint64_t u; double f; bool b; } val;  /* scalars, of `dtype`: signed
                                 ints .i, unsigned .u, float/complex .f (rounded to the
                                 dtype; complex: the real part), bool .b */
  double imag;                /* complex scalars: the imaginary part (rounded) */
} RunArg;
/* Parses one `NAME=...` spec (NAME=@PATH.npy, NAME=zeros|ones|arange:DTYPE:SHAPE with SHAPE
   like 1000 or 64x64, NAME=VALUE[:DTYPE]). mode picks literal typing (MODE_CUDA: int32 if it
   fits else int64, uint64 past int64; float -> float32; MODE_NUMPY: int64, float64). */
int rt_parse_arg(const char *spec, Mode mode, RunArg *out, char *err);
void rt_arg_free(RunArg *a);
/* run_globals.c: the pykc_arg of A (an array points at its host data). */
void cli_mirror_arg(const RunArg *a, pykc_arg *p);
/* Copies each of G[N] (a .cu run's arguments that name no parameter) into the module's
   __device__ or __constant__ variable of its name, before the launch; 0, or an exit status
   after the message (an unknown name lists PARAMS, the kernel's parameters). */
int cli_bind_globals(pykc_context *cx, pykc_module *m, const RunArg *g, int n,
                     const char *kernel, const char *params);
/* Checks that scalar A's value survives conversion to DTYPE, the type of the parameter it
   is passed to: integers in range, finite floats finite after rounding. 0, or -1 with
   "argument 'n': 3000000000 does not fit int32". Arrays, equal dtypes, bool on either
   side and float -> int (rt_scalar_convert's: a form's truncates, others refuse) pass. */
int rt_arg_fits(const RunArg *a, int dtype, char *err);

/* ---- cli.c, cli_run.c, header.c: the command line's subcommands (pykc binary only) ---- */
/* The subcommands: argv[0] is the subcommand's name; each returns the exit status. */
int cli_ptx(int argc, char **argv);
int cli_cubin(int argc, char **argv);
int cli_header(int argc, char **argv);                      /* header.c */
int cli_run(int argc, char **argv);                         /* cli_run.c */
int cli_cache(int argc, char **argv);
/* ---- time.c: `pykc run --time[=N]` ---- */
typedef struct CliTime {
  const char *name;                         /* the kernel: benchmark's name */
  int n;                                    /* timed launches */
  int device;                               /* the GPU's number ("GPU-N") */
  bool cpu;                                 /* the launches run on the CPU backend */
  pykc_context *cx;
  pykc_kernel *k;                           /* the kernel launched: its attributes */
  const pykc_launch_cfg *cfg;               /* the launch (its stream, dynamic shared memory) */
  unsigned block_threads;                   /* threads per block of the launch */
  size_t bytes;                             /* the arrays' bytes, each read or written once */
  int narrays;
  pykc_status (*launch)(void *run, const pykc_launch_cfg *cfg);  /* one launch */
  void (*restore)(void *run);               /* CPU: the arrays' values back */
  int (*fail)(void *run, pykc_status s);    /* a failed launch's message: its exit status */
  void *run;
} CliTime;
/* Times T's launches as cupyx.profiler.benchmark does and prints its report, then the
   bandwidth, the kernel's attributes and occupancy (what needs a GPU, on the CPU backend);
   0 or the exit status after a message. */
int cli_time(const CliTime *t);

/* ---- opts.c: options parsed the getopt way (getopt_long) ---- */
enum {
  CLI_ARG = 1,                /* an argument, not an option (its text in *val) */
  CLI_O_FIRST = 0x100,
  CLI_O_KERNEL = CLI_O_FIRST, CLI_O_SIG, CLI_O_MODE, CLI_O_DEFINE, CLI_O_DEBUG,
  CLI_O_LINE_INFO,            /* the front end's: stored into Options, never returned */
  CLI_O_OUT, CLI_O_ARCH, CLI_O_DUMP_TOKENS, CLI_O_DUMP_AST, CLI_O_DUMP_IR,
  CLI_O_GRID, CLI_O_BLOCK, CLI_O_SHARED_MEM, CLI_O_DEVICE, CLI_O_TIME, CLI_O_TIMEOUT,
  CLI_O_OUT_ARRAY, CLI_O_PRINT, CLI_O_AXIS, CLI_O_KEEPDIMS, CLI_O_SIZE, CLI_O_CPU,
  CLI_O_VERBOSE,
  CLI_O_END
};
typedef struct CliArgs {
  int argc;
  char **argv;                /* argv[0] is the subcommand */
  const char *cmd;
  Options *opt;               /* receives the front end's options */
  const int *own;             /* the subcommand's own options (CLI_O_*) */
  int nown;
  bool dashdash;              /* past "--": arguments only */
  unsigned char seen[CLI_O_END - CLI_O_FIRST];
} CliArgs;
/* Starts parsing ARGV (getopt's state is global: one parse at a time). */
void cli_args_init(CliArgs *p, int argc, char **argv, Options *opt, const int *own,
                   int nown);
/* The next of the subcommand's own options (its CLI_O_*; its value, or NULL, in *val),
   CLI_ARG for an argument (in *val), 0 at the end, -1 after a usage error (printed:
   unknown or ambiguous option, an option of another subcommand, a value missing, an
   option allowed once given twice). --kernel, --sig, --mode, -D/--define, --debug and
   --line-info are stored into p->opt. */
int cli_args_next(CliArgs *p, const char **val);
/* The command line of ptx, cubin and header: FILE, the common options, -o and --arch
   (each NULL when absent). 0, or RT_EUSAGE after a usage error (a FILE is required). */
int cli_file_opts(int argc, char **argv, Options *opt, const char **file, const char **out,
                  const char **arch);
/* Prints "pykc: MSG" and where to find the usage (CMD's, or pykc's when CMD is NULL);
   returns RT_EUSAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* For a misspelt WORD: *BEST becomes CAND when CAND is nearer than the best so far
   (*BESTD, start it at CLI_FAR) and near enough to be meant (a third of the word, one edit
   when short). For "did you mean" after an unknown command or option. */
enum { CLI_FAR = 99 };
void cli_nearer(const char *word, const char *cand, const char **best, int *bestd);
/* What counts as a kernel in FILE (a .cu file's or a .py file's), for "defines no kernels". */
const char *cli_kernel_kinds(const char *file);
int cli_fail(int st, const char *msg);                      /* "pykc: MSG"; returns ST */
/* unit_from_file (COMPILE) or unit_open, saying "pykc: out of memory" when it ran out:
   NULL (no unit at all) or a unit of status 3. */
Unit *cli_unit(const char *file, const Options *opt, bool compile);
/* Writes DATA to PATH (stdout when PATH is NULL or "-"); 0, or RT_EFAIL with a message. */
int cli_write(const char *path, const void *data, size_t len);
/* Sets o->arch from --arch GIVEN (checked against NVRTC; NEED_SM: sm_NN only) or from the
   GPU present, else sm_90. 0 or the exit status, after a message. */
int cli_pick_arch(const char *cmd, const char *given, bool need_sm, RtCompile *o);
/* rt_compile with its errors and NVRTC's log on stderr; 0 or the exit status. */
int cli_compile_report(const char *src, const RtCompile *o, RtBinary *bin);
/* The RawKernel/RawModule call whose code ptx, cubin and header compile for U: the one
   --kernel names, else the only one when pykc generates no kernel of U; NULL (and *st 0)
   when the generated code is what is compiled, or NULL with the exit status in *st. */
const KRaw *cli_raw_choice(Unit *u, const Options *opt, const char *file, int *st);
/* KR's code as an RtRaw (*raw) for FILE; 0 or the exit status after a message. */
int cli_raw_new(const KRaw *kr, const char *file, RtRaw **raw);
/* What a .cu file takes from the command line, as a program passes it at run time: each
   -D NAME[=VALUE] as the NVRTC option -DNAME[=VALUE] (a macro, as nvcc's -D), and each
   --kernel that is no extern "C" kernel of TEXT (a template instance 'gelu<float>', a
   static or C++ kernel) as a name expression (RawModule's name_expressions). */
typedef struct CuArgs {
  const char **opts, **exprs;
  int nopts, nexprs;
} CuArgs;
int cli_cu_args(const Options *opt, const char *text, CuArgs *a);
void cli_cu_args_free(CuArgs *a);
/* The RtRaw of the .cu FILE with the command line's CuArgs; the status. */
int cli_cu_raw(const char *file, const Options *opt, RtRaw **raw);

/* ---- run_opts.c: `pykc run`'s command line ---- */
typedef struct RunOpts {
  const char *file, *kernel;
  unsigned grid[3], block[3], shared_mem;
  int device, time_n;
  double timeout;                           /* --timeout SECONDS (CPU backend), 0: none */
  bool cpu, verbose, debug;
  bool shape_given;                         /* --grid and --block */
  int naxis, keepdims;                      /* --axis N..., --keepdims */
  int has_size;                             /* --size N: ElementwiseKernel's size= */
  long long size;
  int axis[RT_MAXDIM];
  const char **specs, **outs, **prints;     /* argv pointers */
  int nspecs, nouts, nprints;
} RunOpts;
/* calloc that ends the program when out of memory, as Buf does. */
void *cli_zalloc(size_t n, size_t size);
/* Parses run's ARGV into RO (the specs point into ARGV; free RO's arrays); 0 or the exit
   status after a message. */
int cli_run_opts(int argc, char **argv, Options *opt, RunOpts *ro);

#endif
