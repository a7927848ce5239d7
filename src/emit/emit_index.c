/*
 * emit_index.c: array indexing as C text. A full index of an N-d array is one element
 * lvalue: row-major arithmetic over shape[] for contiguous arrays, byte offsets over
 * strides[] otherwise; a partial index is a view (view_T_N helpers, one per indexed
 * dimension); shared/local memory pointers index directly. Also array attributes
 * (x.size, x.shape, x.strides).
 *
 * With --debug every index is checked (docs/language.md §5): `pykc_check(I, EXTENT, AXIS, NDIM,
 * SHAPE, "NAME", LINE)` gives I when 0 <= I < EXTENT; otherwise it reports the first failed
 * access of the grid ("k.py:12: index 1000 out of bounds for axis 0 of x with shape
 * (1000,)") and gives 0: the CPU backend stops the grid (cpu/cpu_rt.h), the CUDA
 * build records the failure in the module's pykc_debug record, which the runtime reads
 * after the launch's synchronisation (emit_cuda.c's preamble). Shared and local memory
 * arrays are checked against their declared (or, dynamic shared memory, the launch's)
 * size; SHAPE is then 0 and EXTENT the size.
 */
#include "emit.h"

#include <string.h>

/* Writes an integer index, dropping a widening cast to int64 from a 32-bit-or-smaller
   integer (C converts it the same way, and the text stays readable). */
static void index_expr(Emitter *e, const Node *i, int prec) {
  if (i->kind == IR_CAST && i->ty->kind == TY_INT64 && i->lhs->ty->kind < TY_INT64 &&
      i->lhs->ty->kind != TY_BOOL && type_is_int(i->lhs->ty->kind))
    i = i->lhs;
  if (i->kind == IR_CONST && i->ty->kind == TY_INT64 && i->ival >= 0 && i->ival <= INT32_MAX) {
    putf(e, "%lld", (long long)i->ival); /* the other operand is already 64-bit */
    return;
  }
  emit_expr(e, i, prec);
}

static bool is_zero(const Node *i) {
  while (i->kind == IR_CAST && type_is_int(i->ty->kind))
    i = i->lhs;
  return i->kind == IR_CONST && type_is_int(i->ty->kind) && i->ival == 0;
}

/* Collects the indices of nested IR_INDEX views down to the base array. */
const Node *emit_flatten_index(const Node *n, const Node **idx, int *nidx) {
  if (n->lhs->kind == IR_INDEX && n->lhs->ty->kind == TY_ARRAY) {
    const Node *base = emit_flatten_index(n->lhs, idx, nidx);
    for (const Node *a = n->args; a; a = a->next)
      idx[(*nidx)++] = a;
    return base;
  }
  *nidx = 0;
  for (const Node *a = n->args; a; a = a->next)
    idx[(*nidx)++] = a;
  return n->lhs;
}

/* The shared/local memory array that base names in this function, or NULL. */
static const Node *mem_of(const Emitter *e, const Node *base) {
  if (base->kind != IR_VAR || !base->var->is_shared)
    return NULL;
  for (const MemDecl *m = e->mem; m; m = m->next)
    if (m->n->var == base->var)
      return m->n;
  return NULL;
}

/* Index i of axis d of base (line: the subscript's), bounds-checked under --debug. A
   pointer whose array is not declared in this function (a device function's parameter)
   has no known size and is not checked. */
static void axis_index(Emitter *e, const Node *base, const Node *i, int d, uint32_t line,
                       int prec) {
  const Type *at = base->ty;
  const Node *mem = at->kind == TY_PTR ? mem_of(e, base) : NULL;
  if (!e->c->opt.debug || (at->kind == TY_PTR && !mem)) {
    index_expr(e, i, prec);
    return;
  }
  e->uses_check = true;
  put(e, "pykc_check(");
  index_expr(e, i, P_LOWEST);
  put(e, ", ");
  if (mem && mem->ival >= 0) {
    putf(e, "%lld, 0, 1, 0", (long long)mem->ival);
  } else if (mem) {
    e->uses_dyn_smem = true;
    putf(e, "(long long)(%s / sizeof(%s)), 0, 1, 0", e->tg->dyn_smem_bytes,
         emit_ctype(e, at->elem));
  } else {
    emit_expr(e, base, P_POSTFIX);
    putf(e, ".shape[%d], %d, %d, ", d, d, at->ndim);
    emit_expr(e, base, P_POSTFIX);
    put(e, ".shape");
  }
  const char *name = base->kind == IR_VAR && !base->var->is_temp ? base->var->name : "array";
  putf(e, ", \"%s\", %u)", name, line);
}

/* Writes the element lvalue base[idx...] of a full index, or its address. */
static void element(Emitter *e, const Node *base, const Node **idx, int nidx, bool addr,
                    uint32_t line) {
  const Type *at = base->ty;
  if (addr && (at->kind == TY_PTR || at->ndim == 0 || at->contig))
    put(e, "&");
  if (at->kind == TY_PTR) {
    emit_expr(e, base, P_POSTFIX);
    put(e, "[");
    axis_index(e, base, idx[0], 0, line, P_LOWEST);
    put(e, "]");
    return;
  }
  if (at->ndim == 0) {
    emit_expr(e, base, P_POSTFIX);
    put(e, ".data[0]");
    return;
  }
  if (at->contig) {
    /* row-major: ((i0 * shape[1] + i1) * shape[2] + i2) ... */
    emit_expr(e, base, P_POSTFIX);
    put(e, ".data[");
    for (int d = 2; d < nidx; d++)
      put(e, "(");
    for (int d = 0; d < nidx; d++) {
      if (d) {
        if (d > 1)
          put(e, ")");
        put(e, " * ");
        emit_expr(e, base, P_POSTFIX);
        putf(e, ".shape[%d] + ", d);
      }
      axis_index(e, base, idx[d], d, line, d ? P_ADD + 1 : (nidx > 1 ? P_MUL : P_LOWEST));
    }
    put(e, "]");
    return;
  }
  putf(e, "%s(%s *)((char *)", addr ? "" : "*", emit_ctype(e, at->elem));
  emit_expr(e, base, P_POSTFIX);
  put(e, ".data");
  for (int d = 0; d < nidx; d++) {
    if (is_zero(idx[d]) && !e->c->opt.debug)
      continue;
    put(e, " + ");
    axis_index(e, base, idx[d], d, line, P_MUL);
    put(e, " * ");
    emit_expr(e, base, P_POSTFIX);
    putf(e, ".strides[%d]", d);
  }
  put(e, ")");
}

void emit_index(Emitter *e, const Node *n) {
  const Node *idx[EMIT_MAXDIM];
  int nidx;
  const Node *base = emit_flatten_index(n, idx, &nidx);
  if (n->ty->kind != TY_ARRAY) {
    element(e, base, idx, nidx, false, n->loc.line);
    return;
  }
  /* a view: one view_ call per index, innermost first */
  const Type *at = base->ty;
  for (int d = nidx - 1; d >= 0; d--) {
    e->array_used[at->elem->kind][at->ndim - d] |= 3;
    e->array_used[at->elem->kind][at->ndim - d - 1] |= 1;
    putf(e, "view_%s_%d(", dtype_info[at->elem->kind].name, at->ndim - d);
  }
  emit_expr(e, base, P_LOWEST);
  for (int d = 0; d < nidx; d++) {
    put(e, ", ");
    axis_index(e, base, idx[d], d, n->loc.line, P_LOWEST);
    put(e, ")");
  }
}

/* The address of an element lvalue (atomics). */
void emit_address(Emitter *e, const Node *n) {
  const Node *idx[EMIT_MAXDIM];
  int nidx;
  const Node *base = emit_flatten_index(n, idx, &nidx);
  element(e, base, idx, nidx, true, n->loc.line);
}

void emit_array_attr(Emitter *e, const Node *n) {
  const char *name = array_attr_names[n->attr];
  if (n->ty->kind == TY_TUPLE) {
    putf(e, "make_%s(", emit_tuple_name(e, n->ty));
    for (int d = 0; d < n->ty->nitems; d++) {
      if (d)
        put(e, ", ");
      emit_expr(e, n->lhs, P_POSTFIX);
      putf(e, ".%s[%d]", name, d);
    }
    put(e, ")");
    return;
  }
  emit_expr(e, n->lhs, P_POSTFIX);
  if (n->attr == AA_SIZE || n->ival < 0)
    put(e, ".size");
  else
    putf(e, ".%s[%lld]", name, (long long)n->ival);
}
