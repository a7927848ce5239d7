/*
 * sema_const.c: what pykc evaluates at compile time, as Python evaluates it on the host.
 *
 * cupyx.jit sees the live objects of the module; pykc reads its text, so it evaluates
 * what is evaluable: module constants (and, through sema_const_eval, the constants of
 * an enclosing scope), None, NumPy scalar constructors and dtype objects, np.finfo and
 * np.iinfo, math and NumPy constants and functions of constants, tuples of these, and
 * arithmetic on all of them (the kernel typer of sema_expr.c does the work: run with
 * the module scope, it folds what NumPy would compute). What it cannot evaluate is
 * bound as opaque: a kernel that reads it is told why and to pass --define, whose
 * NAME=VALUE[:DTYPE] definitions are parsed here too.
 *
 * Values are sema_fold.c's IR constants: a Python int, float or bool is a weak constant
 * (typed by the literal rules where a kernel uses it), a NumPy scalar a typed one
 * (np.float32(3) and np.finfo(np.float32).max are float32 in the kernel).
 */
#include "sema_int.h"
#include "../base/half.h"                              /* float16 rounding */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define T(k) ty_scalar(k)

static Val val_error(void) { return (Val){.kind = VAL_ERROR}; }

/* ---------------------------------------------------------------- evaluation */

bool sema_const_value(const Node *n) {
  if (n->kind != IR_TUPLE)
    return sema_is_const(n);
  for (const Node *a = n->args; a; a = a->next)
    if (!sema_const_value(a))
      return false;
  return true;
}

/* Python evaluates a constant on the host, so an if-expression with a constant
   condition is its chosen branch (`CP_FLOAT = cp.float32 if SINGLE else cp.float64`
   binds a dtype; `N = 1 if A else 2.0` is the int 1). */
static Val const_expr(Sema *S, Node *e) {
  const char *str;
  size_t len;
  if (e->kind == ND_STR && (str = sema_str_literal(S, e, &len)))
    return (Val){.kind = VAL_STR, .str = str, .slen = len};
  if (e->kind != ND_IFEXP)
    return sema_expr(S, e);
  Node *c = sema_rvalue(S, e->cond);
  if (sema_is_error(c) || !sema_is_const(c))
    return sema_expr(S, e);
  return const_expr(S, sema_const_truth(c) ? e->then : e->els);
}

Val sema_const_eval(Sema *S, Node *e) {
  Ctx *c = S->c;
  size_t len = c->diags.len;
  int errs = c->nerrors, warns = c->nwarnings, maxe = c->max_errors;
  c->max_errors = 0;
  bool host = S->host, discard = c->discard;
  S->host = true;
  c->discard = true;                               /* its messages are never shown */
  Val v = const_expr(S, e);
  c->discard = discard;
  S->host = host;
  bool failed = c->nerrors > errs;
  c->diags.len = len;
  if (c->diags.data)
    c->diags.data[len] = '\0';
  c->nerrors = errs;
  c->nwarnings = warns;
  c->max_errors = maxe;
  if (failed || (v.kind == VAL_EXPR && !sema_const_value(v.n)))
    return val_error();
  return v;
}

bool sema_bind_val(Sema *S, const char *name, Val v) {
  Sym *s;
  switch (v.kind) {
  case VAL_EXPR:
    sema_bind(S, name, SYM_CONST)->value = v.n;
    return true;
  case VAL_BUILTIN:
    s = sema_bind(S, name, SYM_BUILTIN);
    s->bi = v.bi;
    s->bimod = v.module;
    s->dtype_obj = v.dtype_obj;
    return true;
  case VAL_MODULE:
    sema_bind(S, name, SYM_MODULE)->module = v.module;
    return true;
  case VAL_NONE:
    sema_bind(S, name, SYM_NONE);
    return true;
  case VAL_STR:
    s = sema_bind(S, name, SYM_STR);
    s->str = v.str;
    s->slen = v.slen;
    return true;
  case VAL_INFO:
    s = sema_bind(S, name, SYM_INFO);
    s->info = v.info;
    s->is_finfo = v.is_finfo;
    return true;
  case VAL_FUNC:
    sema_bind(S, name, SYM_FUNC)->fn = v.fn;
    return true;
  default:
    return false;
  }
}

/* In a function, what pykc cannot evaluate takes the --define'd value of its name (at
   module level the definition is pinned: sema_bind keeps it). */
static bool bind_defined(Sema *S, const char *name, Loc loc) {
  return S->scope != S->module && sema_bind_val(S, name, sema_defined(S, name, loc));
}

void sema_bind_value(Sema *S, const char *name, Node *rhs, uint32_t line) {
  if (!sema_bind_val(S, name, sema_const_eval(S, rhs)) && !bind_defined(S, name, rhs->loc)) {
    Sym *s = sema_bind(S, name, SYM_OPAQUE);
    s->line = line;
    if (rhs->kind == ND_UNSUPPORTED && !strcmp(rhs->str, AST_AUGMENTED))
      s->aug = rhs->name;
  }
}

void sema_bind_foreign(Sema *S, const char *alias, const char *module, uint32_t line) {
  if (bind_defined(S, alias, (Loc){line, 1, 1}))
    return;
  Sym *s = sema_bind(S, alias, SYM_OPAQUE);
  s->from = module;
  s->line = line;
}

void sema_opaque_use(Sema *S, Sym *s, Loc loc) {
  if (s->is_module)
    diag_error(S->c, loc, "'%s' is module %s, which pykc does not read; bind what the "
               "kernel needs at module level (N = %s.N) and pass --define N=...", s->name,
               s->from, s->name);
  else if (s->from)
    diag_error(S->c, loc, "unknown name '%s' (imported from %s; pass --define %s=...)",
               s->name, s->from, s->name);
  else if (s->aug)
    diag_error(S->c, loc, "unknown name '%s' (changed at line %u by `%s %s ...`, which pykc "
               "does not evaluate; pass --define %s=...)", s->name, s->line, s->name, s->aug,
               s->name);
  else
    diag_error(S->c, loc, "unknown name '%s' (bound at line %u to an expression pykc cannot "
               "evaluate; pass --define %s=...)", s->name, s->line, s->name);
}

/* Does the line from q (after `NAME:`) assign a value (an `=` that is no comparison)? */
static bool assigns(const char *q) {
  for (; *q && *q != '\n'; q++)
    if (*q == '=' && q[1] != '=' && !strchr("=<>!", q[-1]))
      return true;
  return false;
}

/* Is the line at p `A, NAME, ... = ...` (NAME among the names it assigns, not first)? */
static bool later_target(const char *p, const char *name, size_t n) {
  bool seen = false;
  for (int i = 0;; i++) {
    const char *id = p;
    while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
           (p > id && *p >= '0' && *p <= '9'))
      p++;
    if (p == id)
      return false;
    seen |= i > 0 && (size_t)(p - id) == n && !strncmp(id, name, n);
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == '=')
      return seen && p[1] != '=';
    if (*p != ',')
      return false;
    for (p++; *p == ' ' || *p == '\t'; p++)
      ;
  }
}

/* The line of a module-level `NAME = ...` (or `NAME: T = ...`) that the parser passed
   over as host code, or 0: a kernel reading NAME is told it is not evaluable. *bare: that
   line is `NAME: T` with no value (the program binds NAME when it runs). */
uint32_t sema_host_binding(Sema *S, const char *name, bool *bare) {
  size_t n = strlen(name);
  uint32_t line = 1, found = 0;
  for (const char *p = S->c->src->text; p && *p; line++) {
    if (!strncmp(p, name, n)) {
      const char *q = p + n;
      while (*q == ' ' || *q == '\t')
        q++;
      if ((*q == '=' && q[1] != '=') || *q == ':' || (*q == ',' && q[1] != '\n')) {
        found = line;
        *bare = *q == ':' && !assigns(q + 1);
      }
    }
    if (later_target(p, name, n))
      found = line, *bare = false;
    p = strchr(p, '\n');
    p = p ? p + 1 : NULL;
  }
  return found;
}

/* ---------------------------------------------------------------- None */

Val sema_opaque_attr(Sema *S, Sym *s, Node *nd) {
  diag_error(S->c, nd->loc, "'%s.%s' is in module %s, which pykc does not read; bind it at "
             "module level (NAME = %s.%s) and pass --define NAME=...", s->name, nd->name,
             s->from, s->name, nd->name);
  return val_error();
}

bool sema_is_none(Sema *S, Node *nd) {
  if (nd->kind == ND_NONE)
    return true;
  if (nd->kind != ND_NAME || sema_lookup_var(S, nd->name))
    return false;
  Sym *s = sema_lookup_sym(S, nd->name);
  return s && s->kind == SYM_NONE;
}

Node *sema_none_compare(Sema *S, Node *nd) {
  Node *a = nd->args, *b = a->next;
  if (b->next || (!sema_is_none(S, a) && !sema_is_none(S, b)))
    return NULL;
  bool an = sema_is_none(S, a), bn = sema_is_none(S, b);
  Op op = nd->ops[0];
  Node *other = an ? b : a;
  if (!(an && bn) && sema_expr(S, other).kind == VAL_ERROR)
    return sema_error_node(S, nd->loc);
  bool same = an && bn; /* None is only ever None; no value equals it */
  switch (op) {
  case OP_IS:
  case OP_EQ: return sema_py_bool(S, nd->loc, same);
  case OP_ISNOT:
  case OP_NE: return sema_py_bool(S, nd->loc, !same);
  default:
    diag_error(S->c, nd->loc, "'%s' is not supported with None (only is, is not, ==, !=)",
               op_spelling[op]);
    return sema_error_node(S, nd->loc);
  }
}

/* The string ND denotes: a literal, a name bound to a string constant (not a local), or
   such a name of a class or namespace (`CFG.kind`). */
static bool str_of(Sema *S, Node *nd, const char **s, size_t *len) {
  if (nd->kind == ND_STR)
    return (*s = sema_str_literal(S, nd, len)) != NULL;
  Sym *sym = NULL;
  if (nd->kind == ND_ATTR && nd->lhs->kind == ND_NAME &&
      !(S->fs && sema_lookup_var(S, nd->lhs->name))) {
    Sym *c = sema_lookup_sym(S, nd->lhs->name);
    sym = c && c->kind == SYM_CLASS ? sema_class_member(S, c, nd->name) : NULL;
  } else if (nd->kind == ND_NAME && !(S->fs && sema_lookup_var(S, nd->name)))
    sym = sema_lookup_sym(S, nd->name);
  if (!sym || sym->kind != SYM_STR)
    return false;
  *s = sym->str, *len = sym->slen;
  return true;
}

Node *sema_str_compare(Sema *S, Node *nd) {
  Node *a = nd->args, *b = a->next;
  const char *x, *y;
  size_t nx, ny;
  if (b->next || !str_of(S, a, &x, &nx) || !str_of(S, b, &y, &ny))
    return NULL;
  bool same = nx == ny && memcmp(x, y, nx) == 0;
  switch (nd->ops[0]) {
  case OP_EQ: return sema_py_bool(S, nd->loc, same);
  case OP_NE: return sema_py_bool(S, nd->loc, !same);
  default:
    diag_error(S->c, nd->loc, "strings compare only with == and != here, not '%s'",
               op_spelling[nd->ops[0]]);
    return sema_error_node(S, nd->loc);
  }
}

/* ---------------------------------------------------------------- dtype, finfo, iinfo */

/* The scalar type an argument of np.dtype/finfo/iinfo names: a dtype (np.float32,
   float, np.dtype('f4')), a dtype string, or a value (its type); TY_ERROR after a
   diagnostic. */
static TypeKind type_arg(Sema *S, Node *arg, const char *fn) {
  if (arg->kind == ND_STR) {
    size_t len;
    const char *s = sema_str_literal(S, arg, &len);
    int k = s ? ty_parse_dtype(s, len) : -1;
    if (k < 0 && s)
      diag_error(S->c, arg->loc, "data type '%s' not understood", s);
    return k < 0 ? TY_ERROR : (TypeKind)k;
  }
  Val v = sema_expr(S, arg);
  if (v.kind == VAL_ERROR)
    return TY_ERROR;
  Type *t = sema_dtype_of(S, v);
  if (t)
    return t->kind;
  if (v.kind == VAL_EXPR && ty_is_scalar(v.n->ty)) {
    Node *x = v.n;
    if (x->weak) /* a Python scalar: NumPy's default int, float */
      return x->ty->kind == TY_BOOL ? TY_BOOL : sema_is_fconst(x) ? TY_FLOAT64 : TY_INT64;
    return x->ty->kind;
  }
  diag_error(S->c, arg->loc, "np.%s() takes a dtype such as np.float32", fn);
  return TY_ERROR;
}

static Val dtype_val(TypeKind k, bool obj) {
  return (Val){.kind = VAL_BUILTIN, .bi = builtin_lookup("numpy", dtype_info[k].name),
               .module = "numpy", .dtype_obj = obj};
}

Val sema_const_object(Sema *S, const Builtin *b, Node *arg, Loc loc) {
  const char *fn = b->name;
  TypeKind k = type_arg(S, arg, fn);
  if (k == TY_ERROR)
    return val_error();
  if (b->id == BI_DTYPE)
    return dtype_val(k, true);
  const DtypeInfo *d = &dtype_info[k];
  if (b->id == BI_FINFO) {
    if (!d->is_float && !d->is_complex) {
      diag_error(S->c, loc, "np.finfo() of %s: data type not inexact", d->name);
      return val_error();
    }
    if (d->is_complex) /* finfo(complex64) describes its float32 parts */
      k = k == TY_COMPLEX64 ? TY_FLOAT32 : TY_FLOAT64;
    return (Val){.kind = VAL_INFO, .info = T(k), .is_finfo = true};
  }
  if (!d->is_int) {
    diag_error(S->c, loc, "np.iinfo() of %s: invalid integer data type", d->name);
    return val_error();
  }
  return (Val){.kind = VAL_INFO, .info = T(k)};
}

/* np.finfo of each float type, as NumPy gives it (exact values; resolution is
   10**-precision rounded to the type). */
typedef struct FInfo {
  TypeKind k;
  int bits, precision, nmant, nexp, maxexp, minexp;
  double eps, epsneg, max, tiny, smallest_subnormal, resolution;
} FInfo;
static const FInfo finfo_table[] = {
  {TY_FLOAT16, 16, 3, 10, 5, 16, -14, 0x1p-10, 0x1p-11, 0x1.ffcp+15, 0x1p-14, 0x1p-24,
   0x1.064p-10},
  {TY_FLOAT32, 32, 6, 23, 8, 128, -126, 0x1p-23, 0x1p-24, 0x1.fffffep+127, 0x1p-126,
   0x1p-149, 0x1.0c6f7ap-20},
  {TY_FLOAT64, 64, 15, 52, 11, 1024, -1022, 0x1p-52, 0x1p-53, 0x1.fffffffffffffp+1023,
   0x1p-1022, 0x1p-1074, 1e-15},
};

/* The attributes of np.finfo: a value of the type (scalar) or a Python int. */
static Val finfo_attr(Sema *S, Type *t, const char *a, Loc loc) {
  size_t i = 0;
  while (finfo_table[i].k != t->kind)
    i++;
  const FInfo *f = &finfo_table[i];
  const struct {
    const char *name;
    double v;
    bool scalar;
  } attrs[] = {
    {"eps", f->eps, true},          {"epsneg", f->epsneg, true},
    {"max", f->max, true},          {"min", -f->max, true},
    {"tiny", f->tiny, true},        {"smallest_normal", f->tiny, true},
    {"smallest_subnormal", f->smallest_subnormal, true},
    {"resolution", f->resolution, true},
    {"bits", f->bits, false},       {"precision", f->precision, false},
    {"nmant", f->nmant, false},     {"nexp", f->nexp, false},
    {"iexp", f->nexp, false},       {"maxexp", f->maxexp, false},
    {"minexp", f->minexp, false},   {"machep", -f->nmant, false},
    {"negep", -f->nmant - 1, false},
  };
  for (size_t j = 0; j < sizeof attrs / sizeof *attrs; j++)
    if (!strcmp(attrs[j].name, a))
      return (Val){.kind = VAL_EXPR,
                   .n = attrs[j].scalar ? sema_const_float(S, loc, t, attrs[j].v)
                                        : sema_py_int(S, loc, (__int128)attrs[j].v)};
  if (!strcmp(a, "dtype"))
    return dtype_val(t->kind, true);
  diag_error(S->c, loc, "np.finfo has no attribute '%s' (pykc knows max, min, eps, epsneg, "
             "tiny, smallest_normal, smallest_subnormal, resolution, bits, precision, "
             "nmant, nexp, maxexp, minexp, machep, negep, dtype)", a);
  return val_error();
}

static Val iinfo_attr(Sema *S, Type *t, const char *a, Loc loc) {
  const DtypeInfo *d = &dtype_info[t->kind];
  int bits = d->size * 8;
  __int128 max = d->is_signed ? ((__int128)1 << (bits - 1)) - 1 : ((__int128)1 << bits) - 1;
  __int128 min = d->is_signed ? -max - 1 : 0;
  if (!strcmp(a, "max") || !strcmp(a, "min") || !strcmp(a, "bits"))
    return (Val){.kind = VAL_EXPR,
                 .n = sema_py_int(S, loc, a[1] == 'a' ? max : a[1] == 'i' ? min : bits)};
  if (!strcmp(a, "dtype"))
    return dtype_val(t->kind, true);
  diag_error(S->c, loc, "np.iinfo has no attribute '%s' (it has max, min, bits, dtype)", a);
  return val_error();
}

Val sema_const_attr(Sema *S, Val base, Node *nd) {
  const char *a = nd->name;
  if (base.kind == VAL_INFO)
    return base.is_finfo ? finfo_attr(S, base.info, a, nd->loc)
                         : iinfo_attr(S, base.info, a, nd->loc);
  if (base.dtype_obj) { /* np.dtype(T): .type is T, .itemsize its size */
    TypeKind k = (TypeKind)base.bi->u.cast_to;
    if (!strcmp(a, "type"))
      return dtype_val(k, false);
    if (!strcmp(a, "itemsize"))
      return (Val){.kind = VAL_EXPR, .n = sema_py_int(S, nd->loc, dtype_info[k].size)};
  }
  diag_error(S->c, nd->loc, "'%s' has no attribute '%s'%s", sema_dotted(S, nd->lhs), a,
             base.dtype_obj ? " (pykc knows a dtype's .type and .itemsize)" : "");
  return val_error();
}

/* ---------------------------------------------------------------- --define */

static bool define_error(Sema *S, const char *def, const char *why) {
  S->c->nusage++;
  diag_plain(S->c, "bad --define '%s': %s", def, why);
  return false;
}

/* A Python int literal (sign, 0x/0o/0b, '_' between digits) into *out; false if the
   text is not one. Values beyond 64 bits are reported by the caller (sema_py_int). */
static bool parse_int(const char *s, __int128 *out) {
  bool neg = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  int base = 10;
  if (s[0] == '0' && s[1] && strchr("xXoObB", s[1])) {
    base = strchr("xX", s[1]) ? 16 : strchr("oO", s[1]) ? 8 : 2;
    s += 2;
    if (*s == '_')
      s++;
  }
  __int128 v = 0;
  int digits = 0;
  bool lead0 = base == 10 && s[0] == '0';
  for (; *s; s++) {
    if (*s == '_' && digits && s[1] && s[1] != '_')
      continue;
    int d = isdigit((unsigned char)*s) ? *s - '0'
            : isalpha((unsigned char)*s) ? (tolower((unsigned char)*s) - 'a' + 10) : 99;
    if (d >= base)
      return false;
    if (v < ((__int128)1 << 100))
      v = v * base + d;
    digits++;
  }
  if (!digits || (lead0 && v != 0)) /* Python rejects 0777 */
    return false;
  *out = neg ? -v : v;
  return true;
}

/* A Python float literal or inf/nan (any case, signed). */
static bool parse_float(const char *s, double *out) {
  const char *w = s + (*s == '+' || *s == '-');
  if (!strcasecmp(w, "inf") || !strcasecmp(w, "infinity") || !strcasecmp(w, "nan")) {
    *out = strcasecmp(w, "nan") ? (*s == '-' ? -INFINITY : INFINITY) : NAN;
    return true;
  }
  char buf[128];
  size_t n = 0;
  for (const char *p = s; *p; p++) {
    if (*p == '_' && p > s && isdigit((unsigned char)p[-1]) && isdigit((unsigned char)p[1]))
      continue;
    if (!isdigit((unsigned char)*p) && !strchr("+-.eE", *p))
      return false;
    if (n + 1 == sizeof buf)
      return false;
    buf[n++] = *p;
  }
  buf[n] = '\0';
  char *end;
  *out = strtod(buf, &end);
  return n && *end == '\0' && (isdigit((unsigned char)*w) || *w == '.');
}

/* The constant VALUE of one definition, typed as DTYPE when given; NULL after a
   diagnostic. */
static Node *define_value(Sema *S, const char *def, const char *v, const char *dt) {
  Loc loc = {0, 0, 1};
  __int128 i;
  double f;
  Node *x;
  if (!strcmp(v, "True") || !strcmp(v, "true") || !strcmp(v, "False") || !strcmp(v, "false"))
    x = sema_py_bool(S, loc, v[0] == 'T' || v[0] == 't');
  else if (parse_int(v, &i)) {
    if (i < (__int128)INT64_MIN || i > (__int128)UINT64_MAX)
      return define_error(S, def, "integer out of range (it must fit in 64 bits)"), NULL;
    x = sema_py_int(S, loc, i);
  } else if (parse_float(v, &f))
    x = sema_py_float(S, loc, f);
  else
    return define_error(S, def, "VALUE must be an int, a float, True, False, None or a "
                        "dtype name"), NULL;
  if (!dt)
    return x;
  const char *err;
  Type *t = ty_parse(S->c, dt, &err);
  if (!t || !ty_is_scalar(t) || dtype_info[t->kind].is_complex)
    return define_error(S, def, t ? "DTYPE must be a real scalar dtype"
                                  : arena_printf(&S->c->arena, "DTYPE: %s", err)), NULL;
  if (dtype_info[t->kind].is_int && !sema_is_fconst(x) && !sema_literal_fits(x, t->kind) &&
      x->ty->kind != TY_BOOL)
    return define_error(S, def, arena_printf(&S->c->arena, "%s out of bounds for %s", v,
                                             dtype_info[t->kind].name)), NULL;
  if (t->kind == TY_FLOAT16) { /* NumPy rounds to half; pykc folds float16 as float */
    Node *c = sema_const_float(S, loc, t, sema_const_f64(x));
    c->fval = f16_to_float(f16_from_double(c->fval)); /* no _Float16: clang 14 */
    return c;
  }
  return sema_convert(S, x, t);
}

static bool is_identifier(const char *s, size_t n) {
  if (!n || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && s[i] != '_')
      return false;
  return true;
}

static bool bind_define(Sema *S, const char *def) {
  const char *eq = strchr(def, '=');
  if (!eq || !is_identifier(def, (size_t)(eq - def)))
    return define_error(S, def, "expected NAME=VALUE[:DTYPE]");
  const char *name = intern(&S->c->names, def, (size_t)(eq - def));
  const char *colon = strrchr(eq + 1, ':');
  const char *v = colon ? arena_strndup(&S->c->arena, eq + 1, (size_t)(colon - eq - 1)) : eq + 1;
  const char *dt = colon ? colon + 1 : NULL;
  Sym *old = sema_lookup_sym(S, name);
  if (old) /* a later --define of the same name replaces the earlier one */
    old->pinned = false;
  Val val;
  const Builtin *b = builtin_lookup("numpy", v);
  if (!b || b->kind != BK_CAST)
    b = builtin_lookup("builtins", v);
  if (!strcmp(v, "None") && !dt)
    val = (Val){.kind = VAL_NONE};
  else if (b && b->kind == BK_CAST && !dt)
    val = (Val){.kind = VAL_BUILTIN, .bi = b, .module = "numpy"};
  else {
    Node *x = define_value(S, def, v, dt);
    if (!x)
      return false;
    val = (Val){.kind = VAL_EXPR, .n = x};
  }
  sema_bind_val(S, name, val);
  sema_lookup_sym(S, name)->pinned = true;
  return true;
}

bool sema_bind_defines(Sema *S) {
  bool ok = true;
  for (int i = 0; i < S->c->opt.ndefines; i++)
    ok = bind_define(S, S->c->opt.defines[i]) && ok;
  return ok;
}
