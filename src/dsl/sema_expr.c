/*
 * sema_expr.c: expressions -> typed IR: string literals, names, attributes, subscripts,
 * tuples, and the dispatcher over expression kinds (sema_expr).
 *
 * An expression first becomes a Val (a module, a builtin, a function, or a value);
 * sema_value_of turns a Val into a value node. Operators are in sema_ops.c, constants
 * and folding in sema_fold.c, calls in sema_call.c. An expression with an error gets
 * the error type; operations on it report nothing more.
 */
#include "sema_int.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- strings */

static void put_utf8(Buf *b, unsigned cp) {
  if (cp < 0x80)
    buf_putc(b, (char)cp);
  else if (cp < 0x800) {
    buf_putc(b, (char)(0xC0 | (cp >> 6)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    buf_putc(b, (char)(0xE0 | (cp >> 12)));
    buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  } else {
    buf_putc(b, (char)(0xF0 | (cp >> 18)));
    buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
    buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  }
}

static int hexval(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if ((ch | 32) >= 'a' && (ch | 32) <= 'f')
    return (ch | 32) - 'a' + 10;
  return -1;
}

void sema_unescape(const char *s, size_t n, bool raw, Buf *b) {
  const char *end = s + n;
  while (s < end) {
    if (*s != '\\') {
      buf_putc(b, *s++);
      continue;
    }
    if (s + 1 >= end) {
      buf_putc(b, *s++);
      break;
    }
    char e = s[1];
    s += 2;
    if (raw) {
      buf_putc(b, '\\');
      buf_putc(b, e);
      continue;
    }
    static const char from[] = "ntr0abfv\\'\"\n", to[] = "\n\t\r\0\a\b\f\v\\'\"";
    const char *f = strchr(from, e);
    if (f) {
      if (e != '\n') /* backslash-newline continues the line */
        buf_putc(b, to[f - from]);
    } else if (e == 'x' || e == 'u' || e == 'U') {
      int k = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      unsigned cp = 0;
      for (int i = 0; i < k && s < end && hexval(*s) >= 0; i++)
        cp = cp * 16 + (unsigned)hexval(*s++);
      put_utf8(b, cp);
    } else {
      buf_putc(b, '\\');
      buf_putc(b, e);
    }
  }
}

/* Decodes one string token starting at p into b; returns the end of the token. */
static const char *decode_token(Sema *S, Node *str, const char *p, Buf *b, bool *ok) {
  bool raw = false;
  for (; *p && *p != '\'' && *p != '"'; p++) {
    if (*p == 'f' || *p == 'F') {
      diag_error(S->c, str->loc, "f-strings are not supported in kernels");
      *ok = false;
      return p + strlen(p);
    }
    if (*p == 'r' || *p == 'R')
      raw = true;
  }
  char q = *p;
  if (!q)
    return p;
  size_t qn = (p[1] == q && p[2] == q) ? 3 : 1;
  const char *s = p + qn, *e = s;
  while (*e && !(*e == q && (qn == 1 || (e[1] == q && e[2] == q))))
    e += *e == '\\' && e[1] ? 2 : 1;
  sema_unescape(s, (size_t)(e - s), raw, b);
  s = e;
  return *s ? s + qn : s;
}

const char *sema_str_literal(Sema *S, Node *str, size_t *len) {
  Buf b = {0};
  bool ok = true;
  const char *p = str->str;
  while (ok && *p) { /* adjacent literals arrive joined by spaces */
    while (*p == ' ')
      p++;
    if (*p)
      p = decode_token(S, str, p, &b, &ok);
  }
  *len = b.len;
  const char *r = ok ? arena_strndup(&S->c->arena, b.data ? b.data : "", b.len) : NULL;
  buf_free(&b);
  return r;
}

const char *sema_c_string(Sema *S, const char *s, size_t len, bool printf_fmt) {
  Buf b = {0};
  buf_putc(&b, '"');
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\')
      buf_printf(&b, "\\%c", ch);
    else if (ch == '\n')
      buf_puts(&b, "\\n");
    else if (ch == '\t')
      buf_puts(&b, "\\t");
    else if (ch == '%' && printf_fmt)
      buf_puts(&b, "%%");
    else if (ch < 32 || ch == 127 || (ch == '?' && i + 1 < len && s[i + 1] == '?'))
      buf_printf(&b, "\\%03o", ch);
    else
      buf_putc(&b, (char)ch);
  }
  buf_putc(&b, '"');
  const char *r = arena_strndup(&S->c->arena, b.data, b.len);
  buf_free(&b);
  return r;
}

/* ---------------------------------------------------------------- names, attributes */

const char *sema_suggest(Sema *S, const char *name) {
  if (S->c->discard)                               /* the message is not built */
    return NULL;
  const char *best = NULL;
  int bestd = 99;
#define TRY(cand)                                                                          \
  do {                                                                                     \
    int d_ = strcasecmp(name, cand) ? 2 * name_distance(name, cand) : 1;                   \
    if (d_ > 0 && d_ < bestd) {                                                            \
      bestd = d_;                                                                          \
      best = cand;                                                                         \
    }                                                                                      \
  } while (0)
  if (S->fs) {
    for (int i = 0; i < S->fs->spec->nparams; i++)
      TRY(S->fs->spec->params[i]->name);
    for (Var *v = S->fs->spec->locals; v; v = v->next)
      if (!v->is_temp)
        TRY(v->name);
  }
  for (Sym *s = S->syms; s; s = s->next)
    TRY(s->name);
  const char *b = builtin_suggest("builtins", name);
  if (b)
    TRY(b);
#undef TRY
  /* distances are doubled, a case-only difference counts 1. Close enough: at most a
     third of the name changed (one edit if short), and never the whole name (`R` is no
     misspelling of `x`) unless only the case differs */
  size_t len = strlen(name);
  if (!best || bestd > 2 * (int)(len <= 3 ? 1 : len / 3))
    return NULL;
  return bestd < 2 * (int)len || bestd == 1 ? best : NULL;
}

/* For a bare name that is a misspelt or unimported builtin of an imported module:
   "jit.threadIdx" (the alias as the file spells it), or NULL. */
static const char *qualified_suggestion(Sema *S, const char *name) {
  for (Sym *s = S->syms; s; s = s->next) {
    if (s->kind != SYM_MODULE)
      continue;
    const char *b = builtin_lookup(s->module, name) ? name : builtin_suggest(s->module, name);
    if (b && name_distance(name, b) <= (strlen(name) <= 3 ? 1 : (int)strlen(name) / 3))
      return arena_printf(&S->c->arena, "%s.%s", s->name, b);
  }
  return NULL;
}

static void unknown_name(Sema *S, Loc loc, const char *shown, const char *sugg_prefix,
                         const char *sugg) {
  if (!sugg && !*sugg_prefix)
    sugg = qualified_suggestion(S, shown);
  if (sugg)
    diag_error(S->c, loc, "unknown name '%s'; did you mean '%s%s'?", shown, sugg_prefix, sugg);
  else
    diag_error(S->c, loc, "unknown name '%s'", shown);
}

static void da_use(Sema *S, Var *v, Loc loc) {
  FnState *fs = S->fs;
  if (v->is_param || v->is_temp || v->warned || v->index >= DA_MAX || fs->da.dead ||
      fs->da.set[v->index])
    return;
  v->warned = true;
  diag_warning(S->c, loc, "'%s' may be used before assignment", v->name);
}

static Val val_expr(Node *n) { return (Val){.kind = VAL_EXPR, .n = n}; }
static Val val_error(void) { return (Val){.kind = VAL_ERROR}; }

/* Fresh copy of a module constant at the place of use. */
static Node *clone_const(Sema *S, Node *v, Loc loc) {
  if (v->kind == IR_CONST && v->weak) /* typed by the literal rules of this kernel's mode */
    return sema_is_fconst(v) ? sema_py_float(S, loc, v->fval)
           : sema_is_cconst(v) ? sema_py_complex(S, loc, v->fval, v->fimag)
           : v->ty->kind == TY_BOOL ? sema_py_bool(S, loc, v->ival != 0)
                                    : sema_py_int(S, loc, sema_const_i128(v));
  Node *n = sema_mk(S, v->kind, loc, v->ty);
  *n = *v;
  n->loc = loc;
  n->next = NULL;
  if (v->kind == IR_TUPLE) {
    n->args = NULL;
    for (Node *a = v->args; a; a = a->next)
      n->args = ast_append(n->args, clone_const(S, a, loc));
  }
  return n;
}

/* "def" or "class" when the file defines NAME at module level as host code (the parser
   skips those), for a clearer message than "unknown name". */
static const char *host_definition(Sema *S, const char *name) {
  static const char *const kw[] = {"def", "class"};
  size_t n = strlen(name);
  for (const char *p = S->c->src->text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
    for (size_t k = 0; k < 2; k++) {
      size_t kl = strlen(kw[k]);
      const char *q = p + kl;
      if (strncmp(p, kw[k], kl) || (*q != ' ' && *q != '\t'))
        continue;
      while (*q == ' ' || *q == '\t')
        q++;
      if (!strncmp(q, name, n) && (q[n] == '(' || q[n] == ':' || q[n] == ' '))
        return kw[k];
    }
  return NULL;
}

/* What a module-level (or enclosing, or class) binding denotes where nd names it. */
static Val sym_val(Sema *S, Sym *s, Node *nd) {
  const char *shown = sema_dotted(S, nd);
  switch (s->kind) {
  case SYM_MODULE: return (Val){.kind = VAL_MODULE, .module = s->module};
  case SYM_BUILTIN:
    return (Val){.kind = VAL_BUILTIN, .bi = s->bi, .module = s->bimod,
                 .dtype_obj = s->dtype_obj};
  case SYM_NONE: return (Val){.kind = VAL_NONE};
  case SYM_STR:
    if (S->host)                                   /* host code's value; a kernel's: no */
      return (Val){.kind = VAL_STR, .str = s->str, .slen = s->slen};
    diag_error(S->c, nd->loc, "'%s' is a string: strings are only allowed in assert and "
               "print, and compared with == and != to other strings", shown);
    return val_error();
  case SYM_INFO: return (Val){.kind = VAL_INFO, .info = s->info, .is_finfo = s->is_finfo};
  case SYM_OPAQUE: sema_opaque_use(S, s, nd->loc); return val_error();
  case SYM_UFUNC:
    diag_error(S->c, nd->loc, "'%s' is a ufunc of cupy._core.create_ufunc (line %u): pykc "
               "calls it in @cupy.fuse functions only", shown, s->loc.line);
    return val_error();
  case SYM_CONST:
    if (s->value)
      return val_expr(clone_const(S, s->value, nd->loc));
    diag_error(S->c, nd->loc, "'%s' is not a compile-time constant: %s (line %u)", shown,
               s->why ? s->why : "its value is not one pykc can evaluate", s->loc.line);
    return val_error();
  case SYM_FUNC:
    if (s->fn->undecided) {
      diag_error(S->c, nd->loc, "'%s' is defined in more than one branch of an if whose "
                 "condition at line %u pykc cannot evaluate (pass --define)", shown,
                 s->fn->undecided->loc.line);
      return val_error();
    }
    return (Val){.kind = VAL_FUNC, .fn = s->fn};
  case SYM_CLASS: return (Val){.kind = VAL_CLASS, .cls = s};
  case SYM_DECORATOR:
    diag_error(S->c, nd->loc, "'%s' cannot be used inside a kernel", shown);
    return val_error();
  case SYM_LATER:
    diag_error(S->c, nd->loc, "'%s' is not supported yet (%s)", shown, s->later);
    return val_error();
  }
  return val_error();
}

static Val name_expr(Sema *S, Node *nd) {
  if (S->fs) {
    Var *v = sema_lookup_var(S, nd->name);
    if (v) {
      if (v->ty->kind == TY_ERROR)
        return val_error();
      da_use(S, v, nd->loc);
      v->read = true;
      Node *n = sema_mk(S, IR_VAR, nd->loc, v->ty);
      n->var = v;
      return val_expr(n);
    }
    const Val *lib = sema_map_get(&S->fs->libs, nd->name);
    if (lib)
      return sema_lib_alias(S, lib, nd->loc);
    const Val *cv = sema_map_get(&S->fs->consts, nd->name);
    if (cv)
      return *cv;
  }
  Sym *s = sema_lookup_sym(S, nd->name);
  if (s)
    return sym_val(S, s, nd);
  const Builtin *b = builtin_lookup("builtins", nd->name);
  if (b)
    return (Val){.kind = VAL_BUILTIN, .bi = b, .module = "builtins"};
  for (int i = S->nstar_known - 1; i >= 0; i--)   /* `from math import *`: the last wins */
    if ((b = builtin_lookup(S->star_known[i], nd->name)))
      return (Val){.kind = VAL_BUILTIN, .bi = b, .module = S->star_known[i]};
  if (nd->name == intern_cstr(&S->c->names, "None"))
    return (Val){.kind = VAL_NONE};
  if (S->c->discard) {          /* no message is shown: not worth a scan of the file */
    diag_error(S->c, nd->loc, "unknown name '%s'", nd->name);
    return val_error();
  }
  const char *host = host_definition(S, nd->name);
  if (host) {
    if (!strcmp(host, "def"))
      diag_error(S->c, nd->loc, "'%s' is a host function; kernels can only call functions "
                 "decorated @jit.rawkernel(device=True)", nd->name);
    else
      diag_error(S->c, nd->loc, "'%s' is a class; classes cannot be used in kernels", nd->name);
    return val_error();
  }
  bool bare = false;
  uint32_t line = sema_host_binding(S, nd->name, &bare);
  if (line && bare) {
    diag_error(S->c, nd->loc, "unknown name '%s' (declared at line %u with a type and no "
               "value: the program binds it when it runs; pass --define %s=...)", nd->name,
               line, nd->name);
    return val_error();
  }
  if (line) {
    Sym opaque = {.name = nd->name, .kind = SYM_OPAQUE, .line = line};
    sema_opaque_use(S, &opaque, nd->loc);
    return val_error();
  }
  if (S->star_unread) {
    diag_error(S->c, nd->loc, "unknown name '%s' (it may come from `from %s import *` at line "
               "%u, which pykc does not read; pass --define %s=...)", nd->name,
               S->star_unread->str, S->star_unread->loc.line, nd->name);
    return val_error();
  }
  const char *py = builtin_host_only("builtins", nd->name);   /* pow, round, sum ... */
  if (py) {
    diag_error(S->c, nd->loc, "'%s' cannot be called in a kernel: %s", nd->name, py);
    return val_error();
  }
  unknown_name(S, nd->loc, nd->name, "", sema_suggest(S, nd->name));
  return val_error();
}

/* "cp.float32" as written, for messages. */
const char *sema_dotted(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME)
    return nd->name;
  if (nd->kind == ND_ATTR)
    return arena_printf(&S->c->arena, "%s.%s", sema_dotted(S, nd->lhs), nd->name);
  return "<expression>";
}

static Node *array_attr(Sema *S, Node *arr, ArrayAttr attr, int dim, Loc loc) {
  Node *n = sema_mk(S, IR_ARRAY_ATTR, loc, T(TY_INT64));
  n->lhs = arr;
  n->attr = attr;
  n->ival = dim;
  return n;
}

static Val value_attr(Sema *S, Node *base, Node *nd) {
  const char *a = nd->name;
  if (base->ty->kind == TY_ARRAY && (!strcmp(a, "begin") || !strcmp(a, "end")))
    return sema_thrust_method(S, base, nd);          /* thrust's iterators */
  if (base->ty->kind == TY_ARRAY) {
    int nd_ = base->ty->ndim;
    if (!strcmp(a, "size"))
      return val_expr(array_attr(S, base, AA_SIZE, -1, nd->loc));
    if (!strcmp(a, "ndim"))
      return val_expr(sema_py_int(S, nd->loc, nd_));
    if (!strcmp(a, "dtype")) /* a dtype object: x.dtype.type(0), x.dtype.itemsize */
      return (Val){.kind = VAL_BUILTIN, .module = "numpy", .dtype_obj = true,
                   .bi = builtin_lookup("numpy", dtype_info[base->ty->elem->kind].name)};
    if (!strcmp(a, "shape") || !strcmp(a, "strides")) {
      Type *items[32];
      Node *t = sema_mk(S, IR_TUPLE, nd->loc, NULL);
      for (int i = 0; i < nd_ && i < 32; i++) {
        items[i] = T(TY_INT64);
        t->args = ast_append(t->args, array_attr(S, base, !strcmp(a, "shape") ? AA_SHAPE
                                                                   : AA_STRIDES, i, nd->loc));
      }
      t->nargs = nd_;
      t->ty = ty_tuple(S->c, items, nd_);
      return val_expr(t);
    }
  }
  /* z.real, z.imag: NumPy's scalar attributes (cupyx has none) */
  if (ty_is_scalar(base->ty) && (!strcmp(a, "real") || !strcmp(a, "imag")))
    return val_expr(sema_complex_part(S, a[0] == 'r' ? BI_REAL : BI_IMAG, base, NULL, nd->loc));
  diag_error(S->c, nd->loc, "%s value has no attribute '%s'", ty_str(S->c, base->ty), a);
  return val_error();
}

static Val attr_expr(Sema *S, Node *nd) {
  if (nd->lhs->kind == ND_NAME && !sema_lookup_var(S, nd->lhs->name)) {
    Sym *s = sema_lookup_sym(S, nd->lhs->name);
    if (s && s->kind == SYM_OPAQUE && s->is_module)
      return sema_opaque_attr(S, s, nd);
  }
  Val base = sema_expr(S, nd->lhs);
  switch (base.kind) {
  case VAL_ERROR:
    return base;
  case VAL_MODULE: {
    if (sema_gives_jit(base.module)) {
      if (!strcmp(nd->name, "jit"))
        return (Val){.kind = VAL_MODULE, .module = "jit"};
      diag_error(S->c, nd->loc, "unknown name '%s'", sema_dotted(S, nd));
      return val_error();
    }
    const Builtin *b = builtin_lookup(base.module, nd->name);
    if (b)
      return (Val){.kind = VAL_BUILTIN, .bi = b, .module = base.module};
    if (!strcmp(nd->name, "newaxis") &&            /* numpy.newaxis is None */
        (!strcmp(base.module, "numpy") || !strcmp(base.module, "cupy")))
      return (Val){.kind = VAL_NONE};
    const char *sub = builtin_submodule(base.module, nd->name);
    if (sub)
      return (Val){.kind = VAL_MODULE, .module = sub};
    const char *later = builtin_later(base.module, nd->name);
    if (later) {
      diag_error(S->c, nd->loc, "'%s' is not supported yet (%s)", sema_dotted(S, nd), later);
      return val_error();
    }
    const char *host = builtin_host_only(base.module, nd->name);
    if (host) {
      diag_error(S->c, nd->loc, "'%s' cannot be called in a kernel: %s", sema_dotted(S, nd),
                 host);
      return val_error();
    }
    const char *prefix = arena_printf(&S->c->arena, "%s.", sema_dotted(S, nd->lhs));
    unknown_name(S, nd->loc, sema_dotted(S, nd), prefix, builtin_suggest(base.module, nd->name));
    return val_error();
  }
  case VAL_INFO:
    return sema_const_attr(S, base, nd);
  case VAL_BUILTIN:
    if (base.bi->kind == BK_CAST)
      return sema_const_attr(S, base, nd);
    if (base.bi->kind == BK_THREAD_IDX && base.bi->u.axis < 0) {
      const char *full = arena_printf(&S->c->arena, "%s.%s", base.bi->name, nd->name);
      const Builtin *b = builtin_lookup("jit", full);
      if (!b) {
        diag_error(S->c, nd->loc, "'%s' has no attribute '%s'; expected x, y or z",
                   base.bi->name, nd->name);
        return val_error();
      }
      Node *n = sema_mk(S, IR_BUILTIN, nd->loc, T(TY_UINT32));
      n->bi = b;
      return val_expr(n);
    }
    diag_error(S->c, nd->loc, "'%s' has no attribute '%s'", sema_dotted(S, nd->lhs), nd->name);
    return val_error();
  case VAL_EXPR:
    if (base.n->ty->kind == TY_OBJ)
      return sema_lib_attr(S, base, nd);
    return value_attr(S, base.n, nd);
  case VAL_LIBTYPE:
    return sema_lib_attr(S, base, nd);
  case VAL_CLASS: {
    Sym *m = sema_class_member(S, base.cls, nd->name);
    if (m)
      return sym_val(S, m, nd);
    if (base.cls->cls && base.cls->cls->is_namespace)
      diag_error(S->c, nd->loc, "namespace '%s' has no attribute '%s'", base.cls->name,
                 nd->name);
    else
      diag_error(S->c, nd->loc, "class '%s' has no kernel, device function or constant '%s'",
                 base.cls->name, nd->name);
    return val_error();
  }
  default:
    diag_error(S->c, nd->loc, "'%s' has no attribute '%s'", sema_dotted(S, nd->lhs), nd->name);
    return val_error();
  }
}

Type *sema_dtype_of(Sema *S, Val v) {
  if (v.kind == VAL_BUILTIN && v.bi->kind == BK_CAST)
    return T((TypeKind)v.bi->u.cast_to);
  if (v.kind == VAL_LIBTYPE && v.libty->obj == OBJ_TEMP_STORAGE) { /* shared_memory's dtype */
    Type *t = ty_obj(S->c, OBJ_TEMP_STORAGE, v.libty->elem, v.libty->n, false);
    t->of = v.libty->of;
    return t;
  }
  return NULL;
}

Node *sema_value_of(Sema *S, Val v, Node *nd) {
  switch (v.kind) {
  case VAL_EXPR:
    return v.n;
  case VAL_ERROR:
    return sema_error_node(S, nd->loc);
  case VAL_BUILTIN:
    if (v.bi->kind == BK_VALUE) {
      static const double consts[] = {[BI_PI] = M_PI, [BI_E] = M_E, [BI_TAU] = 2 * M_PI};
      switch (v.bi->id) {
      case BI_PI:
      case BI_TAU:
      case BI_E: return sema_py_float(S, nd->loc, consts[v.bi->id]);
      case BI_INF: return sema_py_float(S, nd->loc, INFINITY);
      case BI_NAN: return sema_py_float(S, nd->loc, NAN);
      default: {
        Node *n = sema_mk(S, IR_BUILTIN, nd->loc, T(TY_INT32));
        n->bi = v.bi;
        return n;
      }
      }
    }
    if (v.bi->kind == BK_LIB && v.bi->u.lib > 0 && lib_op((LibId)v.bi->u.lib)->nargs == -1) {
      const LibOp *op = lib_op((LibId)v.bi->u.lib); /* jit.thrust.device */
      return sema_lib_node(S, op, ty_obj(S->c, op->robj, NULL, 0, false), nd->loc);
    }
    if (v.bi->kind == BK_THREAD_IDX)
      diag_error(S->c, nd->loc, "'%s' needs .x, .y or .z", sema_dotted(S, nd));
    else if (v.bi->kind == BK_CAST)
      diag_error(S->c, nd->loc, "'%s' is a dtype, not a value; call it to convert a value",
                 sema_dotted(S, nd));
    else
      diag_error(S->c, nd->loc, "'%s' is a function; call it", sema_dotted(S, nd));
    return sema_error_node(S, nd->loc);
  case VAL_MODULE:
    diag_error(S->c, nd->loc, "module '%s' is not a value", sema_dotted(S, nd));
    return sema_error_node(S, nd->loc);
  case VAL_FUNC:
    diag_error(S->c, nd->loc, "function '%s' is not a value; call it", v.fn->name);
    return sema_error_node(S, nd->loc);
  case VAL_NONE:
    diag_error(S->c, nd->loc, "None is not a value in kernels");
    return sema_error_node(S, nd->loc);
  case VAL_CLASS:
    diag_error(S->c, nd->loc, "class '%s' is not a value", v.cls->name);
    return sema_error_node(S, nd->loc);
  case VAL_INFO:
    diag_error(S->c, nd->loc, "an np.%s object is not a value; use one of its attributes "
               "(.max, .min%s)", v.is_finfo ? "finfo" : "iinfo", v.is_finfo ? ", .eps, .tiny" : "");
    return sema_error_node(S, nd->loc);
  case VAL_LIBTYPE:
    diag_error(S->c, nd->loc, "%s is a class, not a value", ty_str(S->c, v.libty));
    return sema_error_node(S, nd->loc);
  case VAL_METHOD:
    diag_error(S->c, nd->loc, "'%s' is a method; call it", sema_dotted(S, nd));
    return sema_error_node(S, nd->loc);
  case VAL_STR:
    diag_error(S->c, nd->loc, "a string is not a value in kernels (only compared with == "
               "and != in host code's constants and conditions)");
    return sema_error_node(S, nd->loc);
  }
  return sema_error_node(S, nd->loc);
}

/* ---------------------------------------------------------------- indexing */

Node *sema_index_values(Sema *S, Node *arr, Node **idx, int n, Loc loc) {
  for (int i = 0; i < n; i++)
    if (sema_is_error(idx[i]))
      return sema_error_node(S, loc);
  Type *t = arr->ty;
  int ndim = t->kind == TY_PTR ? 1 : t->ndim;
  if (n > ndim) {
    diag_error(S->c, loc, "too many indices for a %d-d array: %d", ndim, n);
    return sema_error_node(S, loc);
  }
  if (n == 0 && ndim > 0) {
    diag_error(S->c, loc, "x[()] indexes 0-d arrays only; this array has %d dimension%s",
               ndim, ndim == 1 ? "" : "s");
    return sema_error_node(S, loc);
  }
  Node *node = sema_mk(S, IR_INDEX, loc, NULL);
  node->lhs = arr;
  for (int i = 0; i < n; i++) {
    Node *e = idx[i];
    if (!ty_is_int(e->ty)) {
      diag_error(S->c, e->loc, "array indices must be integers, got %s", ty_str(S->c, e->ty));
      return sema_error_node(S, loc);
    }
    node->args = ast_append(node->args, sema_convert(S, e, T(TY_INT64)));
  }
  node->nargs = n;
  node->ty = n == ndim ? t->elem : ty_array(S->c, t->elem, ndim - n, t->contig);
  return node;
}

Node *sema_index(Sema *S, Node *arr, Node *idx_list, int count, Loc loc) {
  Node *idx[32];
  int n = 0;
  Node *a = idx_list;
  for (int c = 0; c < count; c++, a = a->next) {
    Node *e = sema_rvalue(S, a);
    if (!sema_is_error(e) && e->ty->kind == TY_TUPLE) {
      for (int i = 0; i < e->ty->nitems && n < 32; i++) {
        Node *item;
        if (e->kind == IR_TUPLE) {
          item = e->args;
          for (int j = 0; j < i; j++)
            item = item->next;
          item = sema_detach(S, item);
        } else {
          item = sema_mk(S, IR_TUPLE_GET, e->loc, e->ty->items[i]);
          item->lhs = e;
          item->ival = i;
        }
        idx[n++] = item;
      }
      continue;
    }
    if (n < 32)
      idx[n++] = e;
  }
  return sema_index_values(S, arr, idx, n, loc);
}

static Node *tuple_item(Sema *S, Node *tup, Node *nd) {
  if (ast_count(nd->args) != 1) {
    diag_error(S->c, nd->loc, "a tuple takes one constant index");
    return sema_error_node(S, nd->loc);
  }
  Node *i = sema_rvalue(S, nd->args);
  int64_t k;
  if (sema_is_error(i))
    return i;
  if (!sema_const_i64(i, &k)) {
    diag_error(S->c, i->loc, "tuples can only be indexed by integer constants");
    return sema_error_node(S, nd->loc);
  }
  int nitems = tup->ty->nitems;
  if (k < 0)
    k += nitems;
  if (k < 0 || k >= nitems) {
    diag_error(S->c, i->loc, "tuple index out of range: %lld (tuple of %d)",
               (long long)i->ival, nitems);
    return sema_error_node(S, nd->loc);
  }
  return sema_tuple_item(S, tup, (int)k, nd->loc);
}

/* Item i of a tuple-valued expression: the item itself for a tuple display, else an
   IR_TUPLE_GET. */
Node *sema_tuple_item(Sema *S, Node *tup, int i, Loc loc) {
  if (tup->kind == IR_TUPLE) {
    Node *item = tup->args;
    while (i-- > 0)
      item = item->next;
    return sema_detach(S, item);
  }
  Node *g = sema_mk(S, IR_TUPLE_GET, loc, tup->ty->items[i]);
  g->lhs = tup;
  g->ival = i;
  return g;
}

static Node *subscript_value(Sema *S, Node *base, Node *nd);

static Val subscript(Sema *S, Node *nd) {
  Val b = sema_expr(S, nd->lhs);
  if (b.kind == VAL_BUILTIN && b.bi->kind == BK_LIB && b.bi->u.lib < 0)
    return sema_lib_subscript(S, b, nd);           /* jit.cub.WarpReduce[T] */
  return val_expr(subscript_value(S, sema_value_of(S, b, nd->lhs), nd));
}

static Node *subscript_value(Sema *S, Node *base, Node *nd) {
  if (sema_is_error(base))
    return base;
  switch (base->ty->kind) {
  case TY_ARRAY:
  case TY_PTR:
    return sema_index(S, base, nd->args, ast_count(nd->args), nd->loc);
  case TY_TUPLE:
    return tuple_item(S, base, nd);
  case TY_ITER:
    return sema_thrust_index(S, base, nd);
  default:
    diag_error(S->c, nd->loc, "%s value is not subscriptable", ty_str(S->c, base->ty));
    return sema_error_node(S, nd->loc);
  }
}

static Node *tuple_expr(Sema *S, Node *nd) {
  Type *items[64];
  int n = 0;
  Node *t = sema_mk(S, IR_TUPLE, nd->loc, NULL);
  for (Node *a = nd->args; a; a = a->next) {
    Node *e = sema_rvalue(S, a);
    if (sema_is_error(e))
      return e;
    if (n == 64) {
      diag_error(S->c, nd->loc, "tuple too long");
      return sema_error_node(S, nd->loc);
    }
    items[n++] = e->ty;
    t->args = ast_append(t->args, e);
  }
  t->nargs = n;
  t->ty = ty_tuple(S->c, items, n);
  return t;
}

/* ---------------------------------------------------------------- dispatch */

Val sema_expr(Sema *S, Node *nd) {
  switch (nd->kind) {
  case ND_INT:
    if (nd->big) {
      diag_error(S->c, nd->loc, "integer literal too large (it must fit in 64 bits)");
      return val_error();
    }
    return val_expr(sema_py_int(S, nd->loc, nd->uval > (uint64_t)INT64_MAX ? (__int128)nd->uval
                                                                         : nd->ival));
  case ND_FLOAT:
    return val_expr(sema_py_float(S, nd->loc, nd->fval));
  case ND_TRUE:
  case ND_FALSE:
    return val_expr(sema_py_bool(S, nd->loc, nd->kind == ND_TRUE));
  case ND_NONE:
    return (Val){.kind = VAL_NONE};
  case ND_IMAG:
    return val_expr(sema_py_complex(S, nd->loc, 0, nd->fval));
  case ND_STR:
    diag_error(S->c, nd->loc, "strings are only allowed in assert and print");
    return val_error();
  case ND_NAME:
    return name_expr(S, nd);
  case ND_ATTR:
    return attr_expr(S, nd);
  case ND_CALL:
    return sema_call(S, nd);
  case ND_SUBSCRIPT:
    return subscript(S, nd);
  case ND_TUPLE:
    return val_expr(tuple_expr(S, nd));
  case ND_BINOP: {
    Node *a = sema_rvalue(S, nd->lhs), *b = sema_rvalue(S, nd->rhs);
    if (sema_is_error(a) || sema_is_error(b))
      return val_error();
    return val_expr(sema_binop(S, nd->op, a, b, nd->loc));
  }
  case ND_UNARY:
    return val_expr(sema_unary_expr(S, nd));
  case ND_BOOLOP:
    return val_expr(sema_bool_chain(S, nd));
  case ND_COMPARE:
    return val_expr(sema_compare_chain(S, nd));
  case ND_IFEXP:
    return val_expr(sema_ifexp(S, nd));
  case ND_SLICE:
    diag_error(S->c, nd->loc, "slices are not supported in kernels; index with integers");
    return val_error();
  case ND_STARRED:
    diag_error(S->c, nd->loc, "starred expressions are not supported in kernels");
    return val_error();
  case ND_UNSUPPORTED: /* the parser has reported it, or left it to here */
    if (nd->weak)
      ast_report_unsupported(S->c, nd);
    return val_error();
  default:
    diag_error(S->c, nd->loc, "unsupported expression");
    return val_error();
  }
}

Node *sema_rvalue(Sema *S, Node *nd) { return sema_value_of(S, sema_expr(S, nd), nd); }
