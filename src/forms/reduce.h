/*
 * src/reduce.h: the reduction generator (form_reduce.c) and the facts its kernels share
 * with the planner that launches them (runtime/reduce.c). Both sides include this header
 * and nothing else of the other, so a strategy's launch shape and its kernel's text are
 * decided by one pair of functions over one set of constants.
 *
 * The index space of a reduction is CuPy's: after the planner has permuted the axes (the
 * reduced ones first, then the kept ones) and merged contiguous ones (reduce_dims), every
 * non-raw input is an array of NRED + NOUT dimensions (broadcast axes have stride 0) and
 * every non-raw output one of NOUT dimensions. J is the flat index over the reduced axes,
 * i the flat index over the kept ones (C order); CuPy's _j is J * out_size + i.
 */
#ifndef PYKC_REDUCE_H
#define PYKC_REDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/buf.h"

/* How the work is laid out on the grid (docs/language.md states each one's summation
   order). One kernel holds the three; the launch's block shape selects one. Every one is
   deterministic: the order depends on the sizes and the launch shape only, and the
   planner derives the launch shape from the sizes only. */
typedef enum RedStrategy {
  RED_SPLIT,   /* block (RED_BLOCK, 1, 1): few outputs (blockIdx.y), each split over the
                  gridDim.x blocks: grid-stride per thread, warp shuffles, block partials,
                  the last block of an output combines the partials in block order (a
                  full reduction is this with one output) */
  RED_ROWS,    /* block (G, Y, 1), Y > 1: the reduced axis is the fast one; G threads per
                  output, Y outputs per block, the grid looping over the outputs */
  RED_COLS,    /* block (32, 1, W), W > 1: the kept axis is the fast one; lanes across 32
                  consecutive outputs, the W warps and gridDim.y blocks across the reduced
                  axis; the last block of a column tile combines the gridDim.y partials in
                  block order */
  RED_NSTRATEGIES
} RedStrategy;

/* Capacities of the module's scratch (static __device__ arrays of the kernel): block
   partials and per-output (SPLIT) or per-column-tile (COLS) arrival counters. The
   planner keeps gridDim.x * outputs (SPLIT) and gridDim.y * outputs (COLS) within
   RED_PARTIALS, and the outputs (SPLIT) or column tiles (COLS) within RED_COUNTERS
   when it splits them over blocks. */
#define RED_PARTIALS (1 << 18)
#define RED_COUNTERS (1 << 13)
#define RED_BLOCK 256             /* threads per block of every strategy (at most) */

/* One parameter of a ReductionKernel as the generator prints it (CuPy's order: inputs,
   then outputs). */
typedef struct RedParam {
  const char *name;
  const char *ctype;           /* its C type as written in the code: "T", "float", "double" */
  bool raw;                    /* `raw`: the whole array, indexed by the snippets */
  bool is_array;               /* false: a scalar passed by value */
  bool is_out;
  int ndim;                    /* raw arrays: their own ndim */
  bool contig;                 /* a non-raw array that is C-contiguous in the index space:
                                  element (_J, _i) of an input is data_[_j], of an output
                                  data_[_i] */
  bool c_contig;               /* a raw array's: C-contiguous (its CArray type's flag) */
} RedParam;

/* A ReductionKernel specialised for one set of parameter types (it serves every launch
   shape red_choose makes). */
typedef struct RedKernel {
  const char *cname;           /* the emitted kernel's name */
  const RedParam *params;
  int nparams;
  const char *const *typedefs; /* pairs: placeholder name, C type ("T", "float") */
  int ntypedefs;
  const char *reduce_type;     /* C type of a and b (CuPy's default: the first output's) */
  const char *identity;        /* "" or NULL: value-initialised */
  const char *map_expr, *reduce_expr, *post_map_expr, *preamble;
  int nred, nout;              /* dims of the index space (see the top of the file) */
  const char *file;            /* the .py file, for #line before the snippets (NULL: none) */
  unsigned map_line, reduce_line, post_line, preamble_line;   /* their lines; 0: unknown */
  unsigned identity_line, identity_col;   /* where the identity's text is (0: unknown), for
                                             a compiler's message about it */
} RedKernel;

/* Appends the kernel's CUDA C++ (self-contained: the prelude once per buffer when
   *prelude_done is false, then a namespace holding the typedefs, the preamble, the
   snippets' macros and the kernel, whose launch shape selects the strategy). */
void emit_reduce(Buf *out, const RedKernel *k, bool *prelude_done);

/* The launch of one reduction (runtime/reduce.c): sizes in, strategy and grid out. */
typedef struct RedLaunch {
  RedStrategy strategy;
  unsigned grid[3], block[3];
} RedLaunch;

/* Chooses the strategy and launch shape for out_size outputs of red_size elements each;
   reduce_fast: the reduced axis has the smallest stride of the first input. */
RedLaunch red_choose(int64_t out_size, int64_t red_size, bool reduce_fast);

/* ---- runtime/reduce.c: planning a call (CuPy's ReductionKernel.__call__ and _call) ---- */

#include "../../include/pykc.h"

#define RED_MAX_AXES PYKC_MAX_DIMS
#define RED_MAX_ARGS 128          /* parameters of a call (runtime/rt.h: RT_MAXPARAMS) */

/* A call: the arguments as the caller gives them (inputs, then outputs; an output may be
   absent: is_array set, data NULL, its dtype chosen) and axis/keepdims. */
typedef struct RedCall {
  const pykc_arg *args;
  int nin, nout;
  const bool *raw;             /* per argument: a `raw` parameter */
  const int *axes;             /* axis=; naxes < 0: None (every axis) */
  int naxes;
  bool keepdims;
  bool has_identity;           /* identity= given (a zero-size reduction needs one) */
  const char *name;            /* the kernel's name= for messages */
  bool raw_unread;             /* its raw parameters are never read (a fuse kernel's
                                  arguments read through views): any axes are reduced */
} RedCall;

/* The plan: the outputs' shape, the views to launch the kernel with (the non-raw inputs
   broadcast, their axes permuted (reduced ones first) and merged where contiguous; the
   non-raw outputs as NOUT-dim views), the index space's dims and the launch. */
typedef struct RedPlan {
  int out_ndim;
  int64_t out_shape[PYKC_MAX_DIMS];
  int nred, nout;
  int64_t red_size, out_size;
  RedLaunch launch;
  pykc_arg *views;             /* nin + nout, caller's storage; strides point into vstrides */
  int64_t (*vstrides)[PYKC_MAX_DIMS];
} RedPlan;

/* Fills the outputs' shape (the only part that reads no output argument) when
   shape_only, else the whole plan (absent outputs must have been allocated by then,
   C-contiguous). Returns 0, or RED_EVALUE, RED_EAXIS (an axis out of range: numpy's
   AxisError) or RED_EIMPL (CuPy's NotImplementedError) with CuPy's message in err. */
enum { RED_EVALUE = -1, RED_EAXIS = -2, RED_EIMPL = -3 };
int red_plan(const RedCall *call, bool shape_only, RedPlan *plan, char *err, size_t errlen);

#endif
