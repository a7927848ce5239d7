/*
 * emit.c: the emitter's driver (typed IR -> C/CUDA C source): C types and declarations,
 * array and tuple structs, function definitions, and the program's assembly.
 *
 * Both back ends print the same expressions and statements (emit_expr.c, emit_index.c,
 * emit_builtin.c, emit_stmt.c, emit_helpers.c); a TargetOps table (emit_cuda.c,
 * emit_c.c) supplies only what differs between CUDA C and the CPU backend's C11. The
 * output of one program is, in order:
 *   1. a banner and the kernel-name mapping, 2. the target's preamble,
 *   3. the array ABI structs (CuPy CArray layout) and tuple structs the program uses,
 *   4. the helpers it uses (Python //, %, **, NaN-propagating min/max, ...), each once,
 *      in the fixed order of HelperKind x TY_*, 5. device functions, then kernels, in
 *      prog->emit_order.
 * Function bodies are emitted into a buffer first, so the sets of used structs and
 * helpers are known before the file is assembled. Nothing here depends on addresses or
 * hash order: the same program gives byte-identical text.
 *
 * The emitters print the lowered IR (lower.c): every decision (helper or C operator,
 * hoisted bounds, temporaries, C names) is made there; nothing here analyses.
 * Value conventions (docs/language.md §2): int8..uint16 values are C ints and float16 values
 * are C floats; they are narrowed only when stored. A float16 variable or element is a
 * __half in storage and is read as `(float)x`.
 */
#include "emit.h"


#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- types */

const char *emit_array_struct(TypeKind elem, int ndim) {
  static char buf[TY_NSCALAR][EMIT_MAXDIM + 1][32];
  char *b = buf[elem][ndim];
  if (!b[0])
    snprintf(b, sizeof buf[0][0], "Array_%s_%d", dtype_info[elem].name, ndim);
  return b;
}

/* C spelling of a type (arrays and tuples register their struct). */
const char *emit_ctype(Emitter *e, const Type *t) {
  switch (t->kind) {
  case TY_ARRAY:
    if (t->ndim > EMIT_MAXDIM) {
      diag_plain(e->c, "arrays of more than %d dimensions are not supported", EMIT_MAXDIM);
      return "void";
    }
    e->array_used[t->elem->kind][t->ndim] |= 1;
    if (t->elem->kind == TY_FLOAT16)
      e->uses_half = true;
    if (type_is_complex(t->elem->kind))
      e->uses_complex = true;
    return emit_array_struct(t->elem->kind, t->ndim);
  case TY_PTR:
    return arena_printf(&e->c->arena, "%s *", emit_ctype(e, t->elem));
  case TY_ITER: /* an array's iterator; a counting one is its value, a constant one the
                   tuple (value, index) */
    if (t->n == ITER_CONST) {
      Type *items[2] = {t->elem, ty_scalar(TY_INT64)};
      return emit_tuple_name(e, ty_tuple(e->c, items, 2));
    }
    if (t->n == ITER_ARRAY)
      return "pykc_it";
    return t->elem->kind == TY_FLOAT16 ? "float" : emit_ctype(e, t->elem); /* cupyx's `float` */
  case TY_TUPLE:
    return emit_tuple_name(e, t);
  case TY_VOID:
    return "void";
  case TY_OBJ: {
    if (t->elem && t->elem->kind == TY_FLOAT16)
      e->uses_half = true;
    const char *ct = lib_obj_ctype(e->c, t, e->tg->target == TARGET_CUDA);
    if (ct)
      return ct;
    diag_plain(e->c, "internal error: no C type for %s", ty_str(e->c, t));
    return "void";
  }
  default:
    if (t->kind == TY_FLOAT16)
      e->uses_half = true;
    if (type_is_complex(t->kind))
      e->uses_complex = true;
    if (t->kind < TY_NSCALAR)
      return dtype_info[t->kind].ctype;
    diag_plain(e->c, "internal error: no C type for %s", ty_str(e->c, t));
    return "void";
  }
}

/* Declares `T name` (pointer types put the name after the star). A float16 scalar is a
   C float (cupyx's model: float16 values, locals included, are computed as float; only
   array elements and kernel parameters are 16-bit storage). */
const char *emit_decl(Emitter *e, const Type *t, const char *name) {
  const char *ct = t->kind == TY_FLOAT16 ? "float" : emit_ctype(e, t);
  size_t n = strlen(ct);
  return arena_printf(&e->c->arena, "%s%s%s", ct, n && ct[n - 1] == '*' ? "" : " ", name);
}

/* Tuple structs are named after their items: Tuple_int32_float32. */
static void type_tag(Emitter *e, Buf *b, const Type *t) {
  if (t->kind < TY_NSCALAR)
    buf_puts(b, dtype_info[t->kind].name);
  else if (t->kind == TY_ARRAY)
    buf_printf(b, "A%d%s", t->ndim, dtype_info[t->elem->kind].name);
  else if (t->kind == TY_ITER)
    buf_printf(b, "I%d%s%s", (int)t->n, t->contig ? "c" : "", dtype_info[t->elem->kind].name);
  else if (t->kind == TY_TUPLE) {
    buf_printf(b, "T%d", t->nitems);
    for (int i = 0; i < t->nitems; i++) {
      buf_putc(b, '_');
      type_tag(e, b, t->items[i]);
    }
  } else
    buf_puts(b, "x");
}

const char *emit_tuple_name(Emitter *e, const Type *t) {
  for (int i = 0; i < e->ntuples; i++)
    if (ty_equal(e->tuples[i], t))
      goto named;
  for (int i = 0; i < t->nitems; i++)
    emit_ctype(e, t->items[i]); /* register items first: they are declared before */
  if (e->ntuples == e->captuples) {
    e->captuples = e->captuples ? 2 * e->captuples : 8;
    Type **nt = arena_alloc(&e->c->arena, sizeof *nt * e->captuples);
    if (e->ntuples)
      memcpy(nt, e->tuples, sizeof *nt * e->ntuples);
    e->tuples = nt;
  }
  e->tuples[e->ntuples++] = (Type *)t;
named:;
  Buf b = {0};
  buf_puts(&b, "Tuple_");
  for (int i = 0; i < t->nitems; i++) {
    if (i)
      buf_putc(&b, '_');
    type_tag(e, &b, t->items[i]);
  }
  const char *s = arena_strndup(&e->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* ---------------------------------------------------------------- functions */

static void find_mem(Emitter *e, const Node *n, MemDecl **list) {
  for (; n; n = n->next) {
    diag_deep(e->c, n->loc, "statements");
    if (n->kind == IR_SHARED || n->kind == IR_LOCALMEM) {
      MemDecl *m = arena_alloc(&e->c->arena, sizeof *m);
      m->n = n;
      MemDecl **p = list;
      while (*p)
        p = &(*p)->next;
      *p = m;
    }
    find_mem(e, n->body, list);
    find_mem(e, n->then, list);
    find_mem(e, n->els, list);
  }
}

static void signature(Emitter *e, Buf *out, const Spec *s, bool kernel) {
  const char *name = arena_printf(&e->c->arena, "%s%s", e->tg->fn_prefix, s->cname);
  if (kernel)
    buf_printf(out, "%s %s(", e->tg->kernel_qual, name);
  else
    buf_printf(out, "%s %s(", e->tg->device_qual, emit_decl(e, s->ret, name));
  for (int i = 0; i < s->nparams; i++)
    buf_printf(out, "%s%s", i ? ", " : "",
               kernel && s->ptypes[i]->kind == TY_FLOAT16
                   ? arena_printf(&e->c->arena, "%s %s", emit_ctype(e, s->ptypes[i]),
                                  s->params[i]->cname)
                   : emit_decl(e, s->ptypes[i], s->params[i]->cname));
  buf_puts(out, ")");
}

static void emit_function(Emitter *e, Buf *out, Spec *s) {
  bool kernel = s->fn->is_kernel;
  e->spec = s;
  e->line = 0;

  MemDecl *mem = NULL;
  find_mem(e, s->body, &mem);
  e->mem = mem; /* --debug checks know the arrays' sizes */

  Buf body = {0};
  e->out = &body;
  e->indent = 0;
  emit_block(e, s->body);

  signature(e, out, s, kernel);
  buf_puts(out, " {\n");
  /* shared and local memory, then locals in first-assignment order, then lower.c's
     temporaries (which follow them in Spec.locals) */
  for (MemDecl *m = mem; m; m = m->next) {
    const Node *n = m->n;
    const char *ct = emit_ctype(e, n->var->ty->elem);
    buf_puts(out, "  ");
    if (n->kind == IR_SHARED && n->ival < 0)
      e->tg->dyn_shared_decl(e, out, ct, n->var->cname, n->align);
    else if (n->kind == IR_SHARED && n->align)
      buf_printf(out, "__shared__ __align__(%d) %s %s[%lld];\n", n->align, ct, n->var->cname,
                 (long long)n->ival);
    else if (n->kind == IR_SHARED)
      buf_printf(out, "__shared__ %s %s[%lld];\n", ct, n->var->cname, (long long)n->ival);
    else
      buf_printf(out, "%s %s[%lld];\n", ct, n->var->cname, (long long)n->ival);
  }
  for (Var *v = s->locals; v; v = v->next) {
    bool is_mem = false;
    for (MemDecl *m = mem; m; m = m->next)
      is_mem |= m->n->var == v;
    if (!is_mem) /* a local never read would make the C compilers warn (550-D) */
      buf_printf(out, "  %s%s;\n", emit_decl(e, v->ty, v->cname),
                 v->read || v->is_temp ? "" : " __attribute__((unused))");
  }
  if (body.len)
    buf_putn(out, body.data, body.len);
  buf_puts(out, "}\n");
  buf_free(&body);
  e->mem = NULL;
  if (kernel && e->tg->after_kernel)
    e->tg->after_kernel(e, out, s);
}

/* Array structs (CuPy CArray layout), their view helpers, and tuple structs. */
static void emit_structs(Emitter *e, Buf *o) {
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 0; d <= EMIT_MAXDIM; d++) {
      if (!(e->array_used[k][d] & 1))
        continue;
      const char *T = dtype_info[k].ctype, *S = emit_array_struct(k, d);
      if (d == 0)
        buf_printf(o, "typedef struct { %s *data; long long size; } %s;\n", T, S);
      else
        buf_printf(o, "typedef struct { %s *data; long long size; long long shape[%d]; "
                      "long long strides[%d]; } %s;\n", T, d, d, S);
    }
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 1; d <= EMIT_MAXDIM; d++) {
      if (!(e->array_used[k][d] & 2))
        continue;
      const char *S = emit_array_struct(k, d), *R = emit_array_struct(k, d - 1);
      /* x[i] of an N-d array: the (N-1)-d array at byte offset i * strides[0] */
      buf_printf(o, "%s %s view_%s_%d(%s a, long long i) {\n  %s r;\n"
                    "  r.data = (%s *)((char *)a.data + i * a.strides[0]);\n",
                 e->tg->helper_qual, R, dtype_info[k].name, d, S, R, dtype_info[k].ctype);
      buf_printf(o, "  r.size = %s;\n", d == 1 ? "1" : "a.shape[0] ? a.size / a.shape[0] : 0");
      if (d > 1) {
        buf_printf(o, "  for (int k = 1; k < %d; k++) {\n"
                      "    r.shape[k - 1] = a.shape[k];\n"
                      "    r.strides[k - 1] = a.strides[k];\n  }\n", d);
      }
      buf_puts(o, "  return r;\n}\n");
    }
  for (int i = 0; i < e->ntuples; i++) {
    const Type *t = e->tuples[i];
    const char *name = emit_tuple_name(e, t);
    buf_puts(o, "typedef struct {");
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, " %s;", emit_decl(e, t->items[j], arena_printf(&e->c->arena, "f%d", j)));
    buf_printf(o, " } %s;\n", name);
    buf_printf(o, "%s %s make_%s(", e->tg->helper_qual, name, name);
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, "%s%s", j ? ", " : "", emit_decl(e, t->items[j], arena_printf(&e->c->arena, "f%d", j)));
    buf_printf(o, ") {\n  %s r;\n", name);
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, "  r.f%d = f%d;\n", j, j);
    buf_puts(o, "  return r;\n}\n");
  }
}

static bool any_helper(const Emitter *e) {
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = 0; k < TY_NSCALAR; k++)
      if (e->helper_used[h][k])
        return true;
  return false;
}

char *emit_program(Ctx *c, Program *p, Target t) {
  Emitter e = {.c = c, .prog = p, .tg = t == TARGET_CUDA ? &emit_cuda_target : &emit_c_target};
  Buf funcs = {0};
  bool form_half = false;                          /* the forms have float16 values */
  for (int i = 0; i < p->nemit; i++) {
    Spec *s = p->emit_order[i];
    if (s->shadowed)
      continue;
    if (i)
      buf_putc(&funcs, '\n');
    if (!s->finfo) {
      emit_function(&e, &funcs, s);
      if (s->map) {                                /* its grid-stride twin (lower/map.c) */
        buf_putc(&funcs, '\n');
        emit_function(&e, &funcs, s->map);
      }
      continue;
    }
    e.cxx = true;
    const Form *fm = s->finfo->form;               /* fuse's code with float16 values */
    bool half = fm->fuse_def && form_names(fm, "__half");
    for (int j = 0; j < s->nparams; j++) {        /* a kernel form's specialisation */
      const Type *et = s->ptypes[j]->kind == TY_ARRAY ? s->ptypes[j]->elem : s->ptypes[j];
      half |= et->kind == TY_FLOAT16 ||
              (et->kind == TY_RECORD && (et->rec->scalars >> TY_FLOAT16 & 1));   /* a field */
    }
    form_half |= half;
    e.uses_half |= half;
    e.half_atomic |= half;                         /* atomics.cuh's atomicAdd(float16 *) */
    emit_form_macros(&funcs, fm, true);
    if (fm->kind == FORM_REDUCTION)
      emit_form_reduction(c, &funcs, s, t);
    else
      emit_form_elementwise(c, &funcs, s, t);
    emit_form_macros(&funcs, fm, false);
  }
  /* the view helpers' result structs */
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 1; d <= EMIT_MAXDIM; d++)
      if (e.array_used[k][d] & 2)
        e.array_used[k][d - 1] |= 1;

  Buf out = {0};
  const char *base = strrchr(c->src->name, '/');
  buf_printf(&out, "// Generated by pykc %s from ", PYKC_VERSION);
  buf_put_comment(&out, base ? base + 1 : c->src->name); /* a file name is not code */
  buf_puts(&out, ". Do not edit.\n");
  for (int i = 0; i < p->nkernels; i++) {
    Spec *s = p->kernels[i];
    if (s->shadowed || strcmp(s->cname, s->fn->name) == 0)
      continue;
    buf_printf(&out, "// %s(", s->fn->name);
    for (int j = 0; j < s->nparams; j++)
      buf_printf(&out, "%s%s", j ? ", " : "", ty_str(c, s->ptypes[j]));
    buf_printf(&out, ") -> %s\n", s->cname);
  }
  /* thrust's complex functions in form snippets are the DSL's helpers (form_emit.c) */
  const char *fns[HK_COUNT] = {0};
  bool pow = false;
  if (emit_form_complex_fns(p, fns, &pow))
    for (int h = 0; h < HK_COUNT; h++)
      for (int k = TY_COMPLEX64; fns[h] && k <= TY_COMPLEX128; k++)
        e.helper_used[h][k] = e.uses_complex = true;
  Buf structs = {0};
  if (e.lib_flags & LIBF_THRUST)
    emit_thrust_prelude(&e, &structs);
  emit_complex_deps(&e);
  if (e.uses_complex)
    emit_complex_types(&e, &structs);
  emit_structs(&e, &structs);
  Buf helpers = {0};
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = 0; k < TY_NSCALAR; k++)
      if (e.helper_used[h][k])
        emit_helper_text(&e, &helpers, h, k);
  e.tg->preamble(&e, &out);
  if (structs.len) {
    buf_putc(&out, '\n');
    buf_putn(&out, structs.data, structs.len);
  }
  if (any_helper(&e)) {
    buf_putc(&out, '\n');
    buf_putn(&out, helpers.data, helpers.len);
  }
  if (e.thrust_defs.len)
    buf_putn(&out, e.thrust_defs.data, e.thrust_defs.len);
  emit_form_prelude(c, &out, p, t, form_half);
  buf_putc(&out, '\n');
  if (funcs.len)
    buf_putn(&out, funcs.data, funcs.len);
  buf_free(&funcs);
  buf_free(&structs);
  buf_free(&helpers);
  buf_free(&e.thrust_defs);
  return buf_detach(&out);
}

