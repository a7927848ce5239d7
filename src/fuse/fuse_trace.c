/*
 * fuse_trace.c: the trace of a @cupy.fuse body (fuse.h): expressions and
 * statements as CuPy's tracer sees them, each ufunc call on traced values one local
 * `vN` computed by the chosen loop's routine, constants as Python/numpy scalars.
 * Calls of cupy functions are fuse_call.c's.
 */
#include "fuse.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

TVal fuse_bad(void) { return (TVal){.bad = true, .dt = TY_ERROR}; }

/* NaN or (-)infinity of float type t without headers: CUDA's bit casts (the CPU
   backend's preamble has them too), the NaN nan("") gives. */
const char *fuse_special(Fuse *F, TypeKind t, bool nan, bool neg) {
  const char *v = t == TY_FLOAT64 ? (nan ? "__longlong_as_double(0x7ff8000000000000LL)"
                                         : "__longlong_as_double(0x7ff0000000000000LL)")
                                  : (nan ? "__int_as_float(0x7fc00000)"
                                         : "__int_as_float(0x7f800000)");
  const char *sign = neg && !nan ? "-" : "";
  if (t == TY_FLOAT16)
    return arena_printf(&F->c->arena, "static_cast<__half>(%s%s)", sign, v);
  return arena_printf(&F->c->arena, "%s%s", sign, v);
}

/* A C literal of a Python constant n in type t (CuPy declares the constant in its own
   type and static_casts it: the same value). */
static const char *literal(Fuse *F, const Node *n, TypeKind t) {
  Arena *a = &F->c->arena;
  TypeKind k = n->ty->kind;
  if (t == TY_BOOL) {
    bool v = type_is_float(k) ? n->fval != 0 : k == TY_UINT64 ? n->uval != 0 : n->ival != 0;
    return v ? "true" : "false";
  }
  if (type_is_complex(t)) {                        /* complex<T>(re, im) of the parts */
    Node part = *n;
    part.ty = ty_scalar(TY_FLOAT64);
    part.fval = type_is_float(k) || type_is_complex(k) ? n->fval
                : k == TY_UINT64 ? (double)n->uval : (double)n->ival;
    const char *re = literal(F, &part, type_part_of(t));
    part.fval = type_is_complex(k) ? n->fimag : 0;
    return arena_printf(a, "%s(%s, %s)", fuse_ctype(t), re,
                        literal(F, &part, type_part_of(t)));
  }
  if (type_is_float(t)) {
    double v = type_is_float(k) ? n->fval : k == TY_UINT64 ? (double)n->uval : (double)n->ival;
    if (t != TY_FLOAT64)
      v = (float)v;
    if (isnan(v) || isinf(v))                      /* no headers: CUDA's bit casts */
      return fuse_special(F, t, isnan(v), v < 0);
    char buf[40];
    snprintf(buf, sizeof buf, t == TY_FLOAT64 ? "%.17g" : "%.9g", v);
    if (!strpbrk(buf, ".e"))
      strcat(buf, ".0");
    return t == TY_FLOAT32 ? arena_printf(a, "%sf", buf)
                           : t == TY_FLOAT64 ? arena_strndup(a, buf, strlen(buf))
                                             : arena_printf(a, "static_cast<%s>(%sf)", fuse_ctype(t), buf);
  }
  if (type_is_float(k))                            /* a float into an integer loop */
    return arena_printf(a, "static_cast<%s>(%.17g)", fuse_ctype(t), n->fval);
  if (k == TY_UINT64)
    return arena_printf(a, "static_cast<%s>(%lluULL)", fuse_ctype(t), (unsigned long long)n->uval);
  /* int32 and int64 literals are plain; other types are cast, so that the helpers'
     templates see one type */
  if (t == TY_INT64 && n->ival != INT64_MIN)
    return arena_printf(a, "%lldLL", (long long)n->ival);
  if (t == TY_INT32 && n->ival >= INT32_MIN + 1 && n->ival <= INT32_MAX)
    return arena_printf(a, "%lld", (long long)n->ival);
  return arena_printf(a, "static_cast<%s>(%lldLL)", fuse_ctype(t), (long long)n->ival);
}

/* ---------------------------------------------------------------- emitting */

const char *fuse_fresh(Fuse *F) { return arena_printf(&F->c->arena, "v%d", F->nvar++); }

/* Operand x as loop input type t. */
int fuse_note_use(Fuse *F, const TVal *x) {
  for (int i = 0; x->param && i < F->nparams + F->nviews; i++)
    if (F->pnames[i] == x->c)
      return F->used[i] = true, i;
  return -1;
}

/* Reading input i where another view of its array was written: pykc's kernel has one
   loop (CuPy's fuse runs the write over its own shape first). */
static void read_after_write(Fuse *F, int i) {
  for (int j = 0; i >= 0 && j < F->nparams + F->nviews; j++)
    if (j != i && F->written[j] && fuse_memory(F, j) == fuse_memory(F, i)) {
      F->want_stages = true;
      diag_error(F->c, F->at, "pykc's fuse reads a view of an array after writing into "
                 "another view of it (its kernel has one loop: CuPy's fuse runs the write "
                 "over its own shape first)");
      return;
    }
}

const char *fuse_operand(Fuse *F, const TVal *x, TypeKind t) {
  if (F->staged) {                                 /* an array written: its new value */
    x = fuse_kept(F, fuse_current(F, x));
    fuse_note_read(F, x);
  } else {
    read_after_write(F, fuse_note_use(F, x));
  }
  if (x->cn)
    return literal(F, x->cn, t);
  if (x->dt == t)
    return x->c;
  return arena_printf(&F->c->arena, "static_cast<%s>(%s)", fuse_ctype(t), x->c);
}

/* ---------------------------------------------------------------- diagnostics */

/* "(float32, int64)" for messages. */
static const char *types_str(Fuse *F, const TVal *in, int n) {
  Buf b = {0};
  buf_puts(&b, "(");
  for (int i = 0; i < n; i++)
    buf_printf(&b, "%s%s%s", i ? ", " : "", in[i].weak ? "Python " : "",
               in[i].weak == PY_INT     ? "int"
               : in[i].weak == PY_FLOAT ? "float"
               : in[i].weak == PY_BOOL  ? "bool"
               : in[i].weak            ? "complex"
                                       : fuse_dtype_name(in[i].dt));
  buf_puts(&b, ")");
  const char *s = arena_strndup(&F->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* CuPy refuses a Python truth value of a traced value (__bool__). */
static TVal no_truth(Fuse *F, Loc loc) {
  diag_error(F->c, loc, "a traced value has no truth value: Cannot convert to Python scalar "
             "in cupy.fuse (use cp.where, cp.logical_and/or/not, & | ~)");
  return fuse_bad();
}

/* The values must all be before the reduction, or all after it (CuPy's 'Shape
   mismatch'); constants go with either. */
bool fuse_same_side(Fuse *F, const TVal *in, int n, Loc loc) {
  for (int i = 0; !F->staged && i < n; i++)
    if (!in[i].cn && in[i].post != (F->red != NULL)) {
      F->want_stages = true;                       /* (CuPy's new fusion takes it) */
      diag_error(F->c, loc, "pykc's fuse compiles a map, one final reduction and a post-map: "
                 "after the reduction only its result and constants can be used");
      return false;
    }
  return true;
}

/* A routine of CuPy's statements (text: its types substituted) for loop l, as CuPy's
   submodule function runs it: a block whose in0.. are the operands INS and whose out0
   (out1) set the outputs, new locals, in their compute types (float for float16), so
   that the statements' own names hide none of the kernel's; r is the first output. A
   ufunc of two outputs gives their tuple, as CuPy's does. */
static TVal routine_stmts(Fuse *F, const UFunc *u, const Loop *l, const char **ins,
                          const char *text, TVal r) {
  TypeKind outs[2] = {l->out, l->out1};
  TVal *items = arena_alloc(&F->c->arena, sizeof *items * 2);
  int nout = u->nout ? u->nout : 1;
  for (int k = 0; k < nout; k++) {
    items[k] = r;
    items[k].dt = outs[k];
    if (k)
      items[k].c = fuse_fresh(F);
    buf_printf(F->code, "%s %s;\n", fuse_ctype(outs[k]), items[k].c);
  }
  buf_puts(F->code, "{\n");
  for (int i = 0; i < u->nin; i++)
    buf_printf(F->code, "const %s in%d = %s;\n",
               fuse_ctype(l->in[i] == TY_FLOAT16 ? TY_FLOAT32 : l->in[i]), i, ins[i]);
  for (int k = 0; k < nout; k++)
    buf_printf(F->code, "%s out%d;\n", fuse_ctype(outs[k] == TY_FLOAT16 ? TY_FLOAT32 : outs[k]), k);
  buf_printf(F->code, "%s;\n", text);
  for (int k = 0; k < nout; k++)
    buf_printf(F->code, "%s = static_cast<%s>(out%d);\n", items[k].c, fuse_ctype(outs[k]), k);
  buf_puts(F->code, "}\n");
  return nout == 1 ? items[0] : fuse_tuple(F, items, nout);
}

/* Has decls KEY? If not, it has now (the caller adds its text). */
static bool decl_seen(Fuse *F, const char *key) {
  for (FuseKey *k = F->decl_keys; k; k = k->next)
    if (!strcmp(k->key, key))
      return true;
  FuseKey *k = arena_alloc(&F->c->arena, sizeof *k);
  k->key = key;
  k->next = F->decl_keys;
  F->decl_keys = k;
  return false;
}

/* A declared ufunc's loop l as CuPy's fusion compiles it (fusion.pyx's _Submodule): the
   ufunc's preamble once (as CuPy's preamble_set), the device function
   `__device__ void NAME(in0_type &in0, ..., out0_type &out0) { typedefs; routine; }`
   once per loop (C++ overloads), then the call: the operands in locals of the loop's
   types, each output a new local. */
static TVal submodule_call(Fuse *F, const UFunc *u, const Loop *l, const char **ins, TVal r) {
  Arena *a = &F->c->arena;
  TypeKind outs[2] = {l->out, l->out1};
  if (*u->preamble && !decl_seen(F, u->preamble))
    F->decls = arena_printf(a, "%s%s\n", F->decls ? F->decls : "", u->preamble);
  const char *key = arena_printf(a, "%s(%.*s", u->cname, (int)strcspn(l->types, " "), l->types);
  if (!decl_seen(F, key)) {
    Buf b = {0};
    buf_printf(&b, "__device__ void %s(", u->cname);
    for (int i = 0; i < u->nin + u->nout; i++)
      buf_printf(&b, "%s%s &%s%d", i ? ", " : "",
                 fuse_ctype(i < u->nin ? l->in[i] : outs[i - u->nin]),
                 i < u->nin ? "in" : "out", i < u->nin ? i : i - u->nin);
    buf_puts(&b, ") {\n");
    for (int i = 0; i < u->nin + u->nout; i++)
      buf_printf(&b, "  typedef %s %s%d_type;\n",
                 fuse_ctype(i < u->nin ? l->in[i] : outs[i - u->nin]),
                 i < u->nin ? "in" : "out", i < u->nin ? i : i - u->nin);
    buf_printf(&b, "  %s;\n}\n", ufunc_routine(u, l));
    F->decls = arena_printf(a, "%s%.*s", F->decls ? F->decls : "", (int)b.len, b.data);
    buf_free(&b);
  }
  Buf call = {0};
  for (int i = 0; i < u->nin; i++) {
    const char *v = fuse_fresh(F);
    buf_printf(F->code, "%s %s = %s;\n", fuse_ctype(l->in[i]), v, ins[i]);
    buf_printf(&call, "%s%s", i ? ", " : "", v);
  }
  TVal *items = arena_alloc(a, sizeof *items * 2);
  for (int k = 0; k < u->nout; k++) {
    items[k] = r;
    items[k].dt = outs[k];
    if (k)
      items[k].c = fuse_fresh(F);
    buf_printf(F->code, "%s %s;\n", fuse_ctype(outs[k]), items[k].c);
    buf_printf(&call, ", %s", items[k].c);
  }
  buf_printf(F->code, "%s(%.*s);\n", u->cname, (int)call.len, call.data);
  buf_free(&call);
  return u->nout == 1 ? items[0] : fuse_tuple(F, items, u->nout);
}

void fuse_preamble(const Fuse *F, Buf *o) {
  for (int k = 0; k < UFUNC_NHELPERS; k++)
    if (F->helpers & (1u << k))
      ufunc_helper_text(k, o);
  if (F->decls)
    buf_puts(o, F->decls);
}

/* No loop of a declared ufunc takes the operands: the new fusion's message
   (_Ops.guess_routine's), which cupy.fuse raises (its old fusion's "Invalid type cast"
   makes Fusion.__call__ trace again with the new fusion). */
static void no_loop(Fuse *F, const UFunc *u, const TVal *in, Loc loc) {
  Buf b = {0};
  for (int i = 0; i < u->nin; i++)
    buf_printf(&b, "%sdtype('%s')", i ? ", " : "", fuse_dtype_name(in[i].dt));
  diag_error(F->c, loc, "Wrong type ((%.*s%s)) of arguments for %s", (int)b.len, b.data,
             u->nin == 1 ? "," : "", u->cname);
  buf_free(&b);
}

/* A ufunc call on traced values: one new local computed by the chosen loop's routine. */
TVal fuse_call_ufunc(Fuse *F, const UFunc *u, const TVal *in, Loc loc) {
  for (int i = 0; i < u->nin; i++) {
    if (in[i].bad)
      return fuse_bad();
    if (in[i].is_dtype) {
      diag_error(F->c, loc, "argument %d of %s%s is a dtype, not a value", i + 1,
                 u->declared ? "" : "cp.", u->name);
      return fuse_bad();
    }
    if (in[i].str || in[i].tuple || in[i].none || in[i].slice || in[i].fn) {
      diag_error(F->c, loc, "Unsupported type <class '%s'> in cupy.fuse",   /* _get_fusion_var */
                 in[i].str ? "str" : in[i].tuple ? "tuple" : in[i].slice ? "slice"
                 : in[i].fn ? "function" : "NoneType");
      return fuse_bad();
    }
  }
  if (!fuse_same_side(F, in, u->nin, loc))
    return fuse_bad();
  Loop l = {.types = NULL};
  TypeKind dts[3];
  PyKind weak[3];
  for (int i = 0; i < u->nin; i++)
    dts[i] = in[i].dt, weak[i] = in[i].weak;
  if (!ufunc_select(u, dts, weak, F->newfusion, &l) && u->declared) {
    no_loop(F, u, in, loc);
    return fuse_bad();
  }
  if (!l.types) {
    diag_error(F->c, loc, "wrong type %s of arguments for %s (no loop of cp.%s takes them)",
               types_str(F, in, u->nin), u->cname, u->name);
    return fuse_bad();
  }
  if (l.in[0] == TY_BOOL && u->bool_error && u->nin < 3) {
    diag_error(F->c, loc, "%s", u->bool_error);
    return fuse_bad();
  }
  /* float16 loops compute in float, each result rounded to float16 (CuPy's float16
     class: float(a) + float(b) stored as a half); the routine sees floats */
  const char *ins[3];
  TVal r = {.dt = l.out, .ndim = -1, .post = F->red != NULL};
  for (int i = 0; i < u->nin; i++)
    if (!fuse_flush_for(F, &in[i]))
      return fuse_bad();
  fuse_stmt_begin(F);
  for (int i = 0; i < u->nin; i++) {
    ins[i] = fuse_operand(F, &in[i], l.in[i]);
    if (l.in[i] == TY_FLOAT16 && !u->declared)     /* the half's value, as a float */
      ins[i] = arena_printf(&F->c->arena, "static_cast<float>(%s)", ins[i]);
    if (in[i].ndim > r.ndim)
      r.ndim = in[i].ndim;
    r.deps.w[0] |= in[i].deps.w[0];
    r.deps.w[1] |= in[i].deps.w[1];
    r.tdeps |= in[i].tdeps;
  }
  F->helpers |= u->helpers;
  r.c = fuse_fresh(F);
  TypeKind comp = l.out == TY_FLOAT16 ? TY_FLOAT32 : l.out;
  if (u->declared) {
    TVal t = submodule_call(F, u, &l, ins, r);
    fuse_stmt_end(F, t.tuple ? (TVal *)t.items : &t, t.tuple ? t.nitems : 1);
    return t;
  }
  const char *routine = ufunc_routine(u, &l);
  if (ufunc_routine_is_stmt(routine)) {
    TVal t = routine_stmts(F, u, &l, ins, fuse_substitute(F, routine, (const char *[]){"in0",
                                                            "in1", "in2"}, comp, &l), r);
    if (t.tuple)
      fuse_stmt_end(F, (TVal *)t.items, t.nitems);
    else
      fuse_stmt_end(F, &t, 1);
    return t;
  }
  const char *value = fuse_substitute(F, routine, ins, comp, &l);
  if (comp != l.out)
    buf_printf(F->code, "%s %s = static_cast<%s>(%s);\n", fuse_ctype(l.out), r.c, fuse_ctype(l.out),
               value);
  else
    buf_printf(F->code, "%s %s = %s;\n", fuse_ctype(l.out), r.c, value);
  fuse_stmt_end(F, &r, 1);
  return r;
}

/* ---------------------------------------------------------------- constants */

bool fuse_mentions_local(Fuse *F, const Node *e) {
  if (!e)
    return false;
  if (e->kind == ND_NAME)
    for (Binding *b = F->names; b; b = b->next)
      if (b->name == e->name)
        return true;
  if (fuse_mentions_local(F, e->lhs) || fuse_mentions_local(F, e->rhs) || fuse_mentions_local(F, e->cond) ||
      fuse_mentions_local(F, e->then) || fuse_mentions_local(F, e->els))
    return true;
  for (Node *a = e->args; a; a = a->next)
    if (fuse_mentions_local(F, a))
      return true;
  return false;
}

/* A constant as CuPy's trace sees it: a Python scalar (weak, typed as numpy.dtype(type)
   does: int64, float64, bool) or a numpy scalar (strong, its dtype). */
TVal fuse_const_val(Fuse *F, const Node *n, Loc loc) {
  TypeKind k = n->ty->kind;
  TVal v = {.dt = k, .ndim = -1, .cn = n};
  if (n->weak) {
    v.weak = type_py_kind(k);
    v.dt = type_py_scalar(v.weak, false, 0, MODE_NUMPY);
    if (k == TY_UINT64 && n->uval > INT64_MAX) {
      diag_error(F->c, loc, "Python int too large to convert to C long");
      return fuse_bad();
    }
  }
  v.c = literal(F, n, v.dt);
  return v;
}

/* e evaluated as host Python would before tracing (no traced value in it). */
/* A copy of e for sema's constant evaluator, in which each local bound to a host value (a
   constant, a dtype, None) and each NAME.dtype of a traced NAME is a name of scope tmp
   bound to that value (`cp.finfo(x.dtype).eps`, `n * 2` of a local n = 3); NULL when a
   traced value is left. */
static Node *host_copy(Fuse *F, const Node *e, Scope *tmp) {
  if (!e)
    return NULL;
  if (!fuse_mentions_local(F, e))
    return (Node *)e;
  const TVal *b = NULL;
  const Node *name = e->kind == ND_NAME ? e
                     : e->kind == ND_ATTR && e->lhs->kind == ND_NAME && !strcmp(e->name, "dtype")
                         ? e->lhs : NULL;
  for (Binding *k = F->names; name && k && !b; k = k->next)
    if (k->name == name->name)
      b = &k->v;
  if (b && !b->bad && (e->kind == ND_ATTR ? !b->cn && !b->is_dtype && !b->tuple && !b->none &&
                                                !b->str && !b->module
                                          : b->cn || b->is_dtype || b->none || b->module)) {
    Val v = b->cn ? (Val){.kind = VAL_EXPR, .n = (Node *)b->cn}
            : b->none ? (Val){.kind = VAL_NONE}
            : b->module ? (Val){.kind = VAL_MODULE, .module = b->module}
                      : (Val){.kind = VAL_BUILTIN, .module = "numpy",
                              .bi = builtin_lookup("numpy", dtype_info[b->dt].name),
                              .dtype_obj = e->kind == ND_ATTR};
    const char *n = intern_cstr(&F->c->names, arena_printf(&F->c->arena, "$h%d", F->nvar++));
    Scope *saved = F->S->scope;
    F->S->scope = tmp;
    sema_bind_val(F->S, n, v);
    F->S->scope = saved;
    Node *r = ast_new(F->c, ND_NAME, e->loc);
    r->name = n;
    return r;
  }
  if (e->kind == ND_NAME)
    return NULL;                                   /* a traced value */
  Node *c = arena_alloc(&F->c->arena, sizeof *c);
  *c = *e;
  Node **kid[] = {&c->lhs, &c->rhs, &c->cond, &c->then, &c->els};
  for (size_t i = 0; i < sizeof kid / sizeof *kid; i++)
    if (*kid[i] && !(*kid[i] = host_copy(F, *kid[i], tmp)))
      return NULL;
  Node **tail = &c->args;
  for (const Node *a = e->args; a; a = a->next) {
    Node *x = host_copy(F, a, tmp);
    if (!x)
      return NULL;
    if (x == a) {                                  /* shared: copy it to relink */
      x = arena_alloc(&F->c->arena, sizeof *x);
      *x = *a;
    }
    *tail = x;
    tail = &x->next;
  }
  *tail = NULL;
  return c;
}

bool fuse_try_const(Fuse *F, Node *e, TVal *out) {
  Scope tmp = {.parent = F->S->scope};
  if (fuse_mentions_local(F, e) && !(e = host_copy(F, e, &tmp)))
    return false;
  Scope *saved = F->S->scope;
  F->S->scope = &tmp;
  Val v = sema_const_eval(F->S, e);
  F->S->scope = saved;
  if (v.kind == VAL_EXPR && sema_is_const(v.n)) {
    *out = fuse_const_val(F, v.n, e->loc);
    return true;
  }
  if (v.kind == VAL_NONE) {
    *out = (TVal){.dt = TY_ERROR, .ndim = -1, .none = true};
    return true;
  }
  if (v.kind == VAL_BUILTIN && v.bi->kind == BK_VALUE) {   /* cp.nan, math.pi: a float */
    Node *n = sema_value_of(F->S, v, e);
    if (sema_is_const(n)) {
      *out = fuse_const_val(F, n, e->loc);
      return true;
    }
  }
  Type *dt = v.kind == VAL_BUILTIN ? sema_dtype_of(F->S, v) : NULL;
  if (dt) {
    *out = (TVal){.dt = dt->kind, .ndim = -1, .is_dtype = true};
    return true;
  }
  return false;
}

/* ---------------------------------------------------------------- expressions */

TVal fuse_tuple(Fuse *F, const TVal *items, int n) {
  (void)F;
  return (TVal){.dt = TY_ERROR, .ndim = -1, .tuple = true, .nitems = n, .items = items};
}

/* What the parser kept for the trace (a @cupy.fuse body is traced alone). */
bool fuse_unsupported(Fuse *F, const Node *u) {
  size_t n = strlen(u->str);
  diag_error(F->c, u->loc, "%s %s not supported in pykc's fuse", u->str,
             n && u->str[n - 1] == 's' ? "are" : "is");
  return false;
}

/* A Python int constant known at trace time (an index), or false. */
static bool host_int(Fuse *F, Node *e, int64_t *v) {
  TVal c;
  if (!fuse_try_const(F, e, &c) || !c.cn || !c.cn->weak || !type_is_int(c.cn->ty->kind))
    return false;
  *v = (int64_t)sema_const_i128(c.cn);
  return true;
}

const TVal *fuse_binding(Fuse *F, const char *name) {
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name)
      return &b->v;
  return NULL;
}

bool fuse_bound(Fuse *F, const char *name) {
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name)
      return true;
  return false;
}

/* One item of an array's index as CuPy's call_indexing takes it (its words where it
   refuses), into *ix; false after a diagnostic. */
static bool view_index(Fuse *F, Node *ix, ViewIndex *out) {
  int64_t i, step = 1;
  TVal c;
  if (ix->kind == ND_SLICE) {
    if (ix->lhs || ix->rhs || (ix->step && (!host_int(F, ix->step, &step) ||
                                            (step != 1 && step != -1)))) {
      diag_error(F->c, ix->loc, "Only full range ``x[::]`` or reverse ``x[::-1]`` is "
                 "supported for basic slicing in CuPy fusion.");
      return false;
    }
    *out = (ViewIndex){VIX_SLICE, step};
  } else if (host_int(F, ix, &i)) {
    *out = (ViewIndex){VIX_INT, i};
  } else if ((ix->kind == ND_UNSUPPORTED && !strcmp(ix->str, AST_ELLIPSIS)) ||
             (ix->kind == ND_NAME && !strcmp(ix->name, "Ellipsis") && !fuse_bound(F, ix->name))) {
    *out = (ViewIndex){VIX_ELLIPSIS, 0};
  } else if (fuse_try_const(F, ix, &c) && c.none) {
    *out = (ViewIndex){VIX_NEWAXIS, 0};
  } else {
    diag_error(F->c, ix->loc, "Indices must be integers, slices, ellipsis, None or "
               "integer or boolean arrays.");   /* an array too: CuPy's test of advanced
                                                   indexing never fires */
    return false;
  }
  return true;
}

int fuse_view_root(const Fuse *F, int i) {
  while (i >= F->nparams)
    i = F->views[i - F->nparams].of;
  return i;
}

int fuse_memory(const Fuse *F, int i) {
  i = fuse_view_root(F, i);
  return F->memory ? F->memory[i] : i;
}

TVal fuse_view_of(Fuse *F, const TVal *x, const ViewIndex *key, int n, Loc loc) {
  int ndim = view_ndim(x->ndim, key, n), ellipses = 0;
  for (int k = 0; k < n; k++)
    ellipses += key[k].kind == VIX_ELLIPSIS;
  if (ndim < 0) {
    diag_error(F->c, loc, "Too many indices for array.");
    return fuse_bad();
  }
  if (ellipses > 1) {
    diag_error(F->c, loc, "an index can only have a single ellipsis ('...')");
    return fuse_bad();
  }
  int of = -1;                                     /* its index in pnames */
  for (int i = 0; of < 0 && i < F->nparams + F->nviews; i++)
    of = x->param && F->pnames[i] == x->c ? i : -1;
  TVal t;
  if (F->staged && of >= 0 && !fuse_flush(F, fuse_input_arg(F, of), -1))
    return fuse_bad();                             /* (the view reads what was written) */
  if (F->staged && of < 0) {
    /* CuPy's new fusion: every value is an array of its own; a value computed becomes a
       temporary (once: what its views write, it sees), and the view is of that */
    const TVal *cur = fuse_current(F, x);
    if (cur->temp) {
      t = *cur;
    } else {
      if ((t = fuse_stage_temp(F, cur, loc)).bad)
        return t;
      fuse_stage_made(F, x, &t);
    }
    x = &t;
  }
  if (of < 0 && !x->temp) {
    F->want_stages = true;
    diag_error(F->c, loc, "pykc's fuse takes views (x[i], x[::-1], x[None]) of the "
               "function's arguments only, not of a value it computes");
    return fuse_bad();
  }
  if (F->nviews == VIEW_MAX) {
    diag_error(F->c, loc, "pykc's fuse takes at most %d views", VIEW_MAX);
    return fuse_bad();
  }
  ViewIndex *k = arena_alloc(&F->c->arena, sizeof *k * (size_t)(n ? n : 1));
  if (n)                                           /* (x[...] of an argument: no key) */
    memcpy(k, key, sizeof *k * (size_t)n);
  int j = F->nviews++;
  F->views[j] = x->temp ? (FuseView){.of = x->temp - 1, .nkey = n, .key = k, .of_temp = true}
                        : (FuseView){.of = of, .nkey = n, .key = k};
  F->view_ndim[j] = ndim;
  const char *name = arena_printf(&F->c->arena, "_view%d", j);
  F->pnames[F->nparams + j] = name;
  return (TVal){.dt = x->dt, .ndim = j < F->nlaunched ? F->launched[j] : ndim, .c = name,
                .param = true, .view = j + 1, .deps.w[1] = 1ull << j};
}

/* An index item that is a value of the trace (an item of a tuple bound to a name:
   `expander = (None, slice(None))`, `x[expander]`), as view_index takes it. */
static bool view_index_val(Fuse *F, const TVal *v, Loc loc, ViewIndex *out) {
  if (v->slice == 1) {
    diag_error(F->c, loc, "Only full range ``x[::]`` or reverse ``x[::-1]`` is supported for "
               "basic slicing in CuPy fusion.");
    return false;
  }
  if (v->slice)
    *out = (ViewIndex){VIX_SLICE, v->slice - 2};
  else if (v->none)
    *out = (ViewIndex){VIX_NEWAXIS, 0};
  else if (v->cn && v->cn->weak && type_is_int(v->cn->ty->kind))
    *out = (ViewIndex){VIX_INT, (int64_t)sema_const_i128(v->cn)};
  else {
    diag_error(F->c, loc, "Indices must be integers, slices, ellipsis, None or integer or "
               "boolean arrays.");
    return false;
  }
  return true;
}

/* x[key] of array x (an argument, or a view of one): fuse_view_of for e's key (x[(a, b)]
   is x[a, b]; a name bound to a tuple or a slice is its items). */
static TVal make_view(Fuse *F, const TVal *x, Node *e) {
  ViewIndex key[VIEW_MAX_KEY];
  int n = 0;
  Node *items = e->args && !e->args->next && e->args->kind == ND_TUPLE ? e->args->args : e->args;
  if (items && !items->next && items->kind == ND_NAME && fuse_bound(F, items->name)) {
    TVal k = fuse_expr(F, items);
    if (k.bad)
      return k;
    if (k.tuple || k.slice) {
      int nk = k.tuple ? k.nitems : 1;
      if (nk > VIEW_MAX_KEY) {
        diag_error(F->c, items->loc, "pykc's fuse takes at most %d indices", VIEW_MAX_KEY);
        return fuse_bad();
      }
      for (int i = 0; i < nk; i++)
        if (!view_index_val(F, k.tuple ? &k.items[i] : &k, items->loc, &key[n++]))
          return fuse_bad();
      return fuse_view_of(F, x, key, n, e->loc);
    }
  }
  for (Node *ix = items; ix; ix = ix->next) {
    if (n == VIEW_MAX_KEY) {
      diag_error(F->c, ix->loc, "pykc's fuse takes at most %d indices", VIEW_MAX_KEY);
      return fuse_bad();
    }
    if (!view_index(F, ix, &key[n++]))
      return fuse_bad();
  }
  return fuse_view_of(F, x, key, n, e->loc);
}

/* x[key] as a value. A Python tuple's item is host Python. An array's basic indexing is
   the new fusion's call_indexing (_fusion_trace.pyx): CuPy refuses what it refuses, with
   its words, and makes a view of what it takes (ints, full or reversed slices, None,
   Ellipsis); a scalar has no __getitem__. */
static TVal subscript(Fuse *F, Node *e) {
  TVal x = fuse_expr(F, e->lhs);
  return x.bad ? x : fuse_index(F, &x, e);
}

TVal fuse_index(Fuse *F, const TVal *xp, Node *e) {
  TVal x = *xp;
  int64_t i;
  if (x.tuple) {
    if (!e->args || e->args->next || !host_int(F, e->args, &i)) {
      diag_error(F->c, e->loc, "tuple indices must be integers known when the function is "
                 "traced");
      return fuse_bad();
    }
    if (i < -x.nitems || i >= x.nitems) {
      diag_error(F->c, e->args->loc, "tuple index out of range");
      return fuse_bad();
    }
    return x.items[i < 0 ? i + x.nitems : i];
  }
  if (x.ndim < 0 || x.cn || x.is_dtype || x.none || x.str) {
    diag_error(F->c, e->loc, "'%s' object is not subscriptable (in cupy.fuse)",
               x.is_dtype ? "type" : x.none ? "NoneType" : x.str ? "str" : "_ScalarProxy");
    return fuse_bad();
  }
  return make_view(F, &x, e);
}

TVal fuse_expr(Fuse *F, Node *e) {
  TVal c;
  if ((e->kind == ND_ATTR || e->kind == ND_CALL || e->kind == ND_COMPARE ||
       e->kind == ND_BOOLOP || e->kind == ND_BINOP || e->kind == ND_UNARY) &&
      fuse_host(F, e, &c))                         /* host Python at trace time */
    return c;
  switch (e->kind) {
  case ND_NAME:
    for (Binding *b = F->names; b; b = b->next)
      if (b->name == e->name)
        return b->v;
    if (fuse_try_const(F, e, &c))                       /* a module constant */
      return c;
    {
      bool bad;                                    /* a function passed as a value */
      const PyFn *fn = fuse_global_fn(F, e->name, e->loc, &bad);
      if (fn || bad)
        return bad ? fuse_bad() : (TVal){.dt = TY_ERROR, .ndim = -1, .fn = fn};
    }
    break;
  case ND_BINOP:
    if (e->op == OP_MATMUL)
      break;
    /* fall through */
  case ND_UNARY: {
    if (fuse_try_const(F, e, &c))
      return c;
    if (e->op == OP_NOT)
      return no_truth(F, e->loc);
    if (e->op == OP_POS) {
      diag_error(F->c, e->loc, "bad operand type for unary +: '_ArrayProxy' (in cupy.fuse)");
      return fuse_bad();
    }
    TVal in[2];
    in[0] = fuse_expr(F, e->lhs);
    if (in[0].bad)
      return in[0];
    if (e->kind == ND_BINOP && (in[1] = fuse_expr(F, e->rhs)).bad)
      return in[1];
    return fuse_call_ufunc(F, fuse_ufunc(ufunc_of_op[e->op]), in, e->loc);
  }
  case ND_COMPARE:
    if (fuse_try_const(F, e, &c))
      return c;
    if (e->ival > 1)                               /* a < b < c is (a < b) and (b < c) */
      return no_truth(F, e->loc);
    if (!ufunc_of_op[e->ops[0]])
      break;
    {
      TVal in[2] = {fuse_expr(F, e->args), fuse_expr(F, e->args->next)};
      if (in[0].bad || in[1].bad)
        return fuse_bad();
      return fuse_call_ufunc(F, fuse_ufunc(ufunc_of_op[e->ops[0]]), in, e->loc);
    }
  case ND_BOOLOP:
    if (fuse_try_const(F, e, &c))
      return c;
    return no_truth(F, e->loc);
  case ND_IFEXP: {
    int t = fuse_host_truth(F, e->cond);
    return t < 0 ? fuse_bad() : fuse_expr(F, t ? e->then : e->els);
  }
  case ND_CALL:
    return fuse_call(F, e);
  case ND_SUBSCRIPT:
    return subscript(F, e);
  case ND_TUPLE: {                                 /* a Python tuple of values */
    int n = ast_count(e->args), i = 0;
    TVal *items = arena_alloc(&F->c->arena, sizeof *items * (size_t)(n ? n : 1));
    for (Node *a = e->args; a; a = a->next)
      if ((items[i++] = fuse_expr(F, a)).bad)
        return fuse_bad();
    return fuse_tuple(F, items, n);
  }
  case ND_NONE:
    return (TVal){.dt = TY_ERROR, .ndim = -1, .none = true};
  case ND_UNSUPPORTED:
    fuse_unsupported(F, e);
    return fuse_bad();
  default:
    if (fuse_try_const(F, e, &c))
      return c;
    break;
  }
  if (e->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(F->S, e->name);
    if (!s)
      diag_error(F->c, e->loc, "name '%s' is not defined", e->name);
    else if (s->kind == SYM_OPAQUE)                /* bound by host code pykc cannot run */
      sema_opaque_use(F->S, s, e->loc);
    else if (s->kind == SYM_CONST && !s->value)
      diag_error(F->c, e->loc, "'%s' is not a value known when pykc traces the function: %s "
                 "(line %u)", e->name, s->why ? s->why : "its value is not one pykc can "
                 "evaluate", s->loc.line);
    else
      diag_error(F->c, e->loc, "'%s' is not a value pykc's fuse can use here", e->name);
    return fuse_bad();
  }
  if (e->kind == ND_BINOP && e->op == OP_MATMUL) {
    diag_error(F->c, e->loc, "the '@' operator is not supported in cupy.fuse");
    return fuse_bad();
  }
  if (e->kind == ND_INT && e->big) {
    diag_error(F->c, e->loc, "Python int too large to convert to C long");
    return fuse_bad();
  }
  if (e->kind == ND_STR && fuse_host(F, e, &c))   /* a Python str: a helper's mode="abs" */
    return c;                                      /* (an operand: _get_fusion_var's error) */
  if (e->kind == ND_STR) {
    diag_error(F->c, e->loc, "Unsupported type <class 'str'> in cupy.fuse");
    return fuse_bad();
  }
  diag_error(F->c, e->loc, "this expression is not supported in pykc's fuse");
  return fuse_bad();
}

