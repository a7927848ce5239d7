/*
 * src/forms/view.h: the views a @cupy.fuse body takes of its arguments (x[0], x[::-1],
 * x[:, None], x[...], x[1, ..., ::-1]), as CuPy's new fusion takes them
 * (_fusion_trace.pyx's call_indexing: basic indexing with ints, full or reversed slices,
 * None and Ellipsis). The trace (src/fuse) gives each view a kernel parameter and a
 * FuseView saying what it is a view of; the planner (runtime/api/form.c) makes the view
 * from the caller's array before the launch, as CuPy's kernel does (`view_of[key]`).
 * Both sides include this header and nothing else of the other; view_apply is the one
 * home of a view's shape, strides and offset.
 */
#ifndef PYKC_VIEW_H
#define PYKC_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { VIEW_MAX = 64, VIEW_MAX_KEY = 32, VIEW_MAX_DIM = 32 };   /* VIEW_MAX: ViewDeps.w[1] */

typedef enum ViewIndexKind { VIX_INT, VIX_SLICE, VIX_NEWAXIS, VIX_ELLIPSIS } ViewIndexKind;

typedef struct ViewIndex {
  ViewIndexKind kind;
  int64_t v;                                       /* VIX_INT: the index (< 0 from the end);
                                                      VIX_SLICE: the step, 1 or -1 */
} ViewIndex;

typedef struct FuseView {
  int of;                                          /* the array indexed: argument `of` when
                                                      < nin, else view `of - nin` (earlier) */
  int nkey;
  const ViewIndex *key;
  bool raw;                                        /* read through its own views only (or
                                                      not at all): not broadcast */
  bool of_temp;                                    /* a staged kernel's view of its
                                                      temporary `of` (FuseStages) */
} FuseView;

/* A set of a fuse kernel's inputs: bit i of w[0] argument i, bit j of w[1] view j. In
   CuPy's new fusion every operation has its own shape, its operands' broadcast; pykc's
   kernel has one loop, so the planner checks that each output's operands and each array
   written broadcast to the loop's shape. */
typedef struct ViewDeps {
  uint64_t w[2];
} ViewDeps;

/* A fuse function that CuPy's new fusion runs over several shapes (several reductions,
   an operation after a reduction that reads arrays again, outputs of different shapes,
   a view of a computed value) is a sequence of kernels, run in order on the call's
   stream: each an ElementwiseKernel or ReductionKernel form of the unit over its own
   loop, its parameters the function's arguments, its views and temporaries that the
   planner allocates per call (the shape its stage gives them). */
typedef enum FuseSrcKind { FSRC_ARG, FSRC_VIEW, FSRC_TEMP, FSRC_OUT } FuseSrcKind;
typedef struct FuseSrc {
  FuseSrcKind kind;
  int i;                                           /* argument, view, temporary, output */
} FuseSrc;
typedef struct FuseStage {
  const char *kernel;                              /* its kernel (kc_kernel) */
  bool reduce;                                     /* a ReductionKernel over axes[naxes] */
  int nin, nout;
  const FuseSrc *in;                               /* its inputs */
  const FuseSrc *out;                              /* its outputs: temporaries, the
                                                      function's outputs, arrays written
                                                      (FSRC_ARG, FSRC_VIEW) */
  int naxes;
  const int *axes;
} FuseStage;

/* A fuse kernel's views, for the planner: raw bit i set when argument i is read through
   views only (the kernel's parameter is raw: it is not broadcast). */
typedef struct FuseViews {
  const FuseView *v;
  int n;
  uint64_t raw;
  const ViewDeps *out_deps;                        /* each output's operands */
  ViewDeps written;                                /* the inputs the body writes into */
  const FuseStage *stages;                         /* a sequence of kernels, or NULL */
  int nstages, ntemps;
  const int *out_dtypes;                           /* staged: the outputs' dtypes */
  const int *temp_out;                             /* temporary t is the function's output
                                                      temp_out[t] - 1 (0: its own) */
} FuseViews;

/* The ndim of ARRAY[key] for an array of ndim dimensions; -1 when the key has more ints
   and slices than the array has dimensions. */
int view_ndim(int ndim, const ViewIndex *key, int nkey);

/* ARRAY[key] (NumPy's basic indexing) of an array of (ndim, shape, strides in bytes):
   the view's ndim, shape and strides and the byte offset of its first element. 0; -1
   with CuPy's message in err[errlen] for an index out of bounds ("Index 3 is out of
   bounds for axis 0 with size 3"). */
int view_apply(int ndim, const int64_t *shape, const int64_t *strides, const ViewIndex *key,
               int nkey, int *vndim, int64_t *vshape, int64_t *vstrides, int64_t *offset,
               char *err, size_t errlen);

#endif
