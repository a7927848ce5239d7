/*
 * src/lower: typed IR -> lowered IR (lower.c), the one pass between sema and the
 * emitters, and the value-range analysis it runs (range.c).
 */
#ifndef PYKC_LOWER_H
#define PYKC_LOWER_H

#include "ir/ir.h"

/* ======================================================================
 * range.c: value-range facts (an analysis lower.c runs; nothing else calls it)
 * ====================================================================== */
void range_analyse(Ctx *c, Spec *s);               /* sets Var.nonneg/fits32 */
bool range_nonneg(const Node *e);                  /* expression known >= 0 */
bool range_fits32(const Node *e);
bool range_positive(const Node *e);                /* expression known > 0 (a safe divisor) */
bool range_fits_u32(const Node *e);                /* expression known in [0, 2^32) */
bool range_no_wrap(const Node *e);                 /* a uint32 + or - that cannot wrap */
/* While a branch runs whose condition COND is HOLDS (true or false): the facts its
   comparisons of a variable with a constant give (`y == 0 or ...` failing: y > 0), for
   variables that BODY does not assign (ASSIGNS tells). Returns how many variables were
   raised, their old facts in SAVED (at most MAX); range_restore puts them back. */
typedef struct RangeSaved {
  Var *v;
  bool nonneg, positive, fits32;
  uint8_t bits;
} RangeSaved;
int range_refine(const Node *cond, bool holds, const Node *body,
                 bool (*assigns)(const Node *, const Var *), RangeSaved *saved, int max);
void range_restore(RangeSaved *saved, int n);

/* names.c: every C name of program P chosen (lower_program's last step). */
void lower_names(Ctx *c, Program *p);

/* narrow.c: integer *, //, % computed in 32 bits where the ranges allow (lower.c calls it
   on each operation it has chosen a form for, before lowering the operands). */
void narrow_arith(Ctx *c, Node *n);


/* batch.c: grid-stride loops whose body writes no global memory run their trips' loads
   BATCH at a time (lower.c's last step on a specialisation, after its statements). */
void lower_batch(Ctx *c, Spec *s);

/* map.c: a kernel `i = jit.grid(1); if i < BOUND: BODY` whose threads never meet gets
   its grid-stride specialisation in s->map (typed IR, lowered next; run before lowering S). */
void lower_map(Ctx *c, Spec *s);

/* ======================================================================
 * lower.c: typed IR -> lowered IR, the one pass between sema and the emitters
 *
 * Per specialisation: `op=` becomes IR_ASSIGN (compound when C's operator computes the
 * same, else `t = (T)(t op v)` with an element's address taken once into a temporary);
 * value ranges are computed; integer //, %, ** and the builtins' Python semantics become
 * IR_HELPER nodes unless the ranges allow C's operator; range-loop bounds that the body
 * may change are hoisted into temporaries and a hidden counter runs a loop whose variable
 * is assigned in the body or read after it; temporaries are numbered from Spec.ntemps.
 * Per program: every function, parameter and local gets a C name that is unique in its
 * scope and collides with no C/C++/CUDA keyword, library function or macro (a uniqueness
 * pass: a clashing name takes '_' suffixes until it is free).
 * ====================================================================== */

/* Lowers every specialisation of the program not lowered yet, then (re)names. */
void lower_program(Ctx *c, Program *p);
/* Checks the lowered IR's invariants (types set, temporaries declared, no sema-only
   kinds); reports an internal error and returns false on a violation. */
bool ir_check(Ctx *c, const Spec *s);
/* A float16 lvalue or value whose C text is the __half in storage (an element, a kernel's
   float16 parameter, an atomic's or a shuffle's result). */
bool ir_yields_storage(const Spec *s, const Node *n);
/* For batch.c and map.c: a node of kind K and type TY, a reference to V, a new temporary of S (_tN,
   declared in its locals), and whether the statement list N assigns V. */
Node *lower_node(Ctx *c, NodeKind k, Loc loc, Type *ty);
Node *lower_ref(Ctx *c, Var *v, Loc loc);
Node *lower_cast(Ctx *c, Node *x, Type *ty);       /* X converted to TY (X when it is TY) */
Var *lower_temp(Ctx *c, Spec *s, Type *ty, Loc loc);
bool lower_assigns(const Node *n, const Var *v);

#endif
