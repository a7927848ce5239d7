/*
 * dsl/call.h: what the files of the DSL's calls share. sema_call.c collects a call's
 * arguments (Args), dispatches a builtin by its typing rule (Builtin.rule) to one of the
 * handlers below, and binds device functions; the handlers live by job:
 *   dsl/sema_call_gpu.c   thread model, atomics, warp functions, bit functions
 *   dsl/sema_call_math.c  Python builtins, casts, dtype objects, elementwise math, ufuncs
 *   dsl/sema_call_stmt.c  print() and shared/local memory declarations (statements)
 */
#ifndef PYKC_DSL_CALL_H
#define PYKC_DSL_CALL_H

#include "sema_int.h"
#include "types/ufunc.h"

#define T(k) ty_scalar(k)

enum { MAXARGS = 64, MAXKW = 16 };

typedef struct Args {
  Node *call;
  const char *fname;          /* as written: "jit.atomic_add" */
  const char *module;         /* builtins: the module it came through ("math", "cupy") */
  Node *pos[MAXARGS];
  int npos;
  const char *kwname[MAXKW];
  Node *kw[MAXKW];
  Loc kwloc[MAXKW];           /* the keyword's name, where messages about it point */
  int nkw;
} Args;

/* A builtin's handler: types call A of builtin b (a diagnostic and VAL_ERROR on error). */
typedef Val (*Handler)(Sema *S, const Builtin *b, Args *A);

static inline Val val_expr(Node *n) { return (Val){.kind = VAL_EXPR, .n = n}; }
static inline Val val_error(void) { return (Val){.kind = VAL_ERROR}; }

static inline Node *mk_builtin(Sema *S, const Builtin *b, Type *ty, Loc loc) {
  Node *n = sema_mk(S, IR_BUILTIN, loc, ty);
  n->bi = b;
  return n;
}

static inline void add_arg(Node *n, Node *a) {
  n->args = ast_append(n->args, a);
  n->nargs++;
}

static inline const char *what_arg(Sema *S, Args *A, int i) {
  return arena_printf(&S->c->arena, "argument %d of %s()", i + 1, A->fname);
}

/* sema_lib.c: calls of jit.cg / jit.cub functions (TR_LIB), methods, constructors */
Val call_lib(Sema *S, const Builtin *b, Args *A);
Val call_lib_method(Sema *S, Val m, Args *A);
Val call_lib_class(Sema *S, Type *cls, Args *A);
/* sema_thrust.c: a jit.thrust function (an algorithm, make_*_iterator) of row ROW */
Val call_thrust(Sema *S, const LibOp *row, Args *A);

/* sema_call.c: the arguments */
bool call_collect(Sema *S, Node *call, Args *A);   /* false after a diagnostic */
/* The argument at position i or keyword `kw` (NULL if absent); used[k] marks keyword k
   as taken. Reports a duplicate. */
Node *call_arg(Sema *S, Args *A, int i, const char *kw, bool *used);
bool call_no_other_kw(Sema *S, Args *A, const bool *used);
bool call_count_ok(Sema *S, const Builtin *b, Args *A, int n);
bool call_plain(Sema *S, const Builtin *b, Args *A);   /* positional only, count checked */
Node *call_scalar_arg(Sema *S, Args *A, Node *nd, int i);
/* dtype= of a cp./np. ufunc call: the type it names; NULL when absent or None;
   TY_ERROR after a diagnostic. */
Type *call_ufunc_dtype(Sema *S, Args *A, bool *used);

/* the handlers, one per typing rule (TR_*) */
Val call_simple(Sema *S, const Builtin *b, Args *A);
Val call_syncwarp(Sema *S, const Builtin *b, Args *A);
Val call_grid(Sema *S, const Builtin *b, Args *A);
Val call_atomic(Sema *S, const Builtin *b, Args *A);
Val call_shfl(Sema *S, const Builtin *b, Args *A);
Val call_vote(Sema *S, const Builtin *b, Args *A);
Val call_bits(Sema *S, const Builtin *b, Args *A);
Val call_range(Sema *S, const Builtin *b, Args *A);
Val call_stmt_only(Sema *S, const Builtin *b, Args *A);
Val call_len(Sema *S, const Builtin *b, Args *A);
Val call_minmax(Sema *S, const Builtin *b, Args *A);
Val call_abs(Sema *S, const Builtin *b, Args *A);
Val call_complex(Sema *S, const Builtin *b, Args *A);
Val call_cast(Sema *S, const Builtin *b, Args *A);
Val call_const_object(Sema *S, const Builtin *b, Args *A);
Val call_math(Sema *S, const Builtin *b, Args *A);
Val call_ufunc(Sema *S, const Builtin *b, Args *A);

#endif
