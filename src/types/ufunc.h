/*
 * types/ufunc.h: CuPy's ufuncs, once (ufunc.c): each ufunc's loops (type signatures in
 * CuPy's order, as cupy/_core/_routines_*.pyx and the cupy/_math modules list them), the
 * routine CuPy compiles for each loop, the preamble helpers those routines call, and
 * CuPy's loop selection (_Ops._guess_routine_from_in_types, with NumPy 2's weak Python
 * scalars). The DSL's cp.NAME math takes its loops from here (builtins.c's rows name
 * their ufunc), @cupy.fuse its loops, routines and helpers.
 */
#ifndef PYKC_TYPES_UFUNC_H
#define PYKC_TYPES_UFUNC_H

#include "types/promote.h"

/* A routine is CuPy's code: an expression for out0, or, where it names out0, CuPy's
   statements that set out0 (and out1), as CuPy writes them. in0, in1, in2 are the
   operands (already of the loop's types), OUT the C type out0 is computed in (float for
   a float16 loop), in0_type, in1_type, out0_type, out1_type CuPy's typedefs (the loop's
   types). Per-loop routines where CuPy has them: the ?-loop's, the float loops' (dbl:
   the d-loop's when it differs from the e/f ones'), the lL / Ll loops' (comparisons of
   int64 with uint64), the complex loops'. */
typedef struct UFunc {
  const char *name;                                /* cupy's name: cp.NAME */
  const char *cname;                               /* CuPy's ufunc name, for messages (a
                                                      declared ufunc's: its name=, the
                                                      name of its device function) */
  int nin;
  int nout;                                        /* 0: 1; 2: divmod, modf, frexp */
  const char *loops;                               /* "ff->f dd->d": NumPy's type characters */
  const char *routine;                             /* NULL: pykc compiles no routine of it
                                                      (fuse refuses it; the DSL has its own
                                                      lowering, builtins.c) */
  const char *bool_routine, *flt_routine, *dbl_routine, *lL_routine, *Ll_routine;
  const char *cpx_routine;                         /* the complex loops' (F, D) */
  const char *bool_error;                          /* the ?-loop is CuPy's error_func */
  unsigned helpers;                                /* UH_* the routines call */
  bool weak_int_cmp;                               /* promote_weak_int (comparisons) */
  double number;                                   /* the number the routine spells, where
                                                      the jit DSL builds the routine itself:
                                                      deg2rad's factor M_PI / 180, angle's
                                                      M_PI for a negative real (the text and
                                                      the value come from one C expression) */
  /* A ufunc the program declares (cupy._core.create_ufunc, src/dsl/sema_ufunc.c), built
     in the compilation's arena: fuse compiles each loop as CuPy's _Submodule does, a
     `__device__ void NAME(in0_type &in0, ..., out0_type &out0)` running the routine
     (statements), the preamble once before them. */
  bool declared;
  const char *const *loop_routines;               /* declared: loop i's own routine, NULL:
                                                      the ufunc's (routine) */
  const char *preamble;                            /* declared: CuPy's preamble= ("" none) */
} UFunc;

/* The preamble helpers CuPy's routines call (ufunc_helper_text), bits of UFunc.helpers;
   _floor_divide is the kernels' environment's (ops_floordiv_cupy, as carray.cuh's). */
enum { UH_POWER = 1, UH_GCD = 2, UH_LCM = 4, UH_BITCOUNT = 8, UH_POW10 = 16 };
enum { UFUNC_NHELPERS = 5 };
void ufunc_helper_text(int h, Buf *o);            /* helper 1 << h's CUDA C++ text */

typedef struct Loop {
  TypeKind in[3], out;
  TypeKind out1;                                   /* a second output's, else TY_ERROR */
  const char *types;                               /* "ff->f" (points into the list) */
  int index;                                       /* its place in the list, from 0 */
} Loop;

const UFunc *ufunc_find(const char *name);        /* NULL: no such ufunc (aliases too) */
const char *ufunc_alias(const char *name);        /* "atan2" -> "arctan2"; NULL: none */
extern const char *const ufunc_of_op[OP_COUNT];   /* the ufunc an operator calls (Python's
                                                     dunder methods), NULL none */
/* The i-th loop of a list ("ff->f ll->d", "d->di") of NIN inputs; false past the end. */
bool ufunc_nth_loop(const char *loops, int nin, int i, Loop *l);
/* Is LOOPS a list of loops ("ff->f dd->d", one space between) of one number of inputs
   (1..3, *nin) and outputs (1..2, *nout), each type a NumPy type character pykc knows? */
bool ufunc_loops_valid(const char *loops, int *nin, int *nout);
/* The loop CuPy selects for operands of dtypes in[0..nin) of which weak[i] != PY_NONE are
   Python scalars of that kind: the first loop every operand reaches (numpy.can_cast
   'safe', a weak scalar by NEP 50). weak_check: the new fusion's rule first (the
   scalars stay weak only when an array's kind is at least theirs). */
bool ufunc_select(const UFunc *u, const TypeKind *in, const PyKind *weak, bool weak_check,
                  Loop *out);
/* Has u a loop whose first input is of a kind IS accepts (type_is_float: e, f, d)? */
bool ufunc_takes(const UFunc *u, bool (*is)(TypeKind));
/* CuPy's routine for loop l of u (NULL where u has none): a declared ufunc's loop's own,
   else the row's by the loop's types. */
const char *ufunc_routine(const UFunc *u, const Loop *l);
/* Is routine r CuPy's statements (it sets out0), not an expression? */
bool ufunc_routine_is_stmt(const char *r);

#endif
