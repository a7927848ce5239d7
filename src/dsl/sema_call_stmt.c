/*
 * dsl/sema_call_stmt.c: the calls that are statements: print() (a printf format built
 * from its arguments) and shared_memory / local_memory declarations (with the static
 * limits of a block's shared and a thread's local memory).
 */
#include "dsl/call.h"

#include <string.h>

/* Appends TEXT[0..n) of a print to its format: '%' doubled, and a NUL byte as "%c" with
   the argument 0 (a NUL in the format would end printf's text there). */
static void print_text(Sema *S, Buf *fmt, Node *out, const char *text, size_t n, Loc loc) {
  for (size_t j = 0; j < n; j++) {
    if (text[j] == 0) {
      buf_puts(fmt, "%c");
      out->args = ast_append(out->args, sema_const_int(S, loc, T(TY_INT32), 0));
      out->nargs++;
      continue;
    }
    if (text[j] == '%')
      buf_putc(fmt, '%');
    buf_putc(fmt, text[j]);
  }
}

Node *sema_print(Sema *S, Node *call) {
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!call_collect(S, call, A))
    return NULL;
  bool used[MAXKW] = {0};
  Node *sepnd = call_arg(S, A, -1, "sep", used), *endnd = call_arg(S, A, -1, "end", used);
  if (!call_no_other_kw(S, A, used))
    return NULL;
  const char *sep = " ", *end = "\n";
  size_t seplen = 1, endlen = 1;
  if (sepnd && (sepnd->kind != ND_STR || !(sep = sema_str_literal(S, sepnd, &seplen)))) {
    if (sepnd->kind != ND_STR)
      diag_error(S->c, sepnd->loc, "print() sep must be a string literal");
    return NULL;
  }
  if (endnd && (endnd->kind != ND_STR || !(end = sema_str_literal(S, endnd, &endlen)))) {
    if (endnd->kind != ND_STR)
      diag_error(S->c, endnd->loc, "print() end must be a string literal");
    return NULL;
  }
  Buf fmt = {0};
  Node *out = sema_mk(S, IR_PRINT, call->loc, NULL);
  bool ok = true;
  for (int i = 0; i < A->npos && ok; i++) {
    const char *text = i ? sep : NULL;
    size_t tlen = seplen;
    for (int pass = 0; pass < 2; pass++) {
      if (pass == 1) {
        if (A->pos[i]->kind != ND_STR)
          break;
        text = sema_str_literal(S, A->pos[i], &tlen);
        if (!text) {
          ok = false;
          break;
        }
      }
      if (text)
        print_text(S, &fmt, out, text, tlen, call->loc);
    }
    if (!ok || A->pos[i]->kind == ND_STR)
      continue;
    Node *e = call_scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(e)) {
      ok = false;
      break;
    }
    static const char *const spec[TY_NSCALAR] = {
      [TY_BOOL] = "%s", [TY_INT8] = "%d", [TY_UINT8] = "%d", [TY_INT16] = "%d",
      [TY_UINT16] = "%d", [TY_INT32] = "%d", [TY_UINT32] = "%u", [TY_INT64] = "%lld",
      [TY_UINT64] = "%llu", [TY_FLOAT16] = "%g", [TY_FLOAT32] = "%g", [TY_FLOAT64] = "%g",
      [TY_COMPLEX64] = "(%g%+gj)", [TY_COMPLEX128] = "(%g%+gj)"};
    TypeKind k = e->ty->kind;
    if (type_is_complex(k)) { /* Python's (re+imj), each part as a float */
      if (!ir_pure(e)) {
        diag_error(S->c, e->loc, "print() of a complex expression with side effects: assign "
                   "it to a variable first");
        ok = false;
        break;
      }
      buf_puts(&fmt, spec[k]);
      for (int part = BI_REAL; part <= BI_IMAG; part++) {
        Node *p = sema_complex_part(S, part, e, NULL, e->loc);
        out->args = ast_append(out->args, sema_convert(S, p, T(TY_FLOAT64)));
        out->nargs++;
      }
      continue;
    }
    if (!spec[k]) {
      diag_error(S->c, e->loc, "print() of %s values is not supported", ty_str(S->c, e->ty));
      ok = false;
      break;
    }
    Type *as = ty_is_float(e->ty) ? T(TY_FLOAT64) : dtype_info[k].size < 4 && k != TY_BOOL ? T(TY_INT32) : e->ty;
    buf_puts(&fmt, spec[k]);
    out->args = ast_append(out->args, sema_convert(S, e, as));
    out->nargs++;
  }
  print_text(S, &fmt, out, end, endlen, call->loc);
  out->str = sema_c_string(S, fmt.data ? fmt.data : "", fmt.len, false);
  buf_free(&fmt);
  return ok ? out : NULL;
}

/* Limits known at compile time: a block's static shared memory (48 KiB) and a thread's
   local memory (512 KiB), per allocation and summed over the function's allocations. */
enum { SMEM_STATIC_MAX = 49152, LMEM_MAX = 512 * 1024 };

static void check_memory_limits(Sema *S, bool shared, Type *elem, int64_t size, Loc loc,
                        const char *fname) {
  FnState *fs = S->fs;
  int64_t esz = elem->kind == TY_OBJ ? lib_temp_bytes(elem) : dtype_info[elem->kind].size;
  int64_t max = shared ? SMEM_STATIC_MAX : LMEM_MAX;
  int64_t *total = shared ? &fs->smem_bytes : &fs->lmem_bytes;
  const char *what = shared ? "static shared memory" : "local memory";
  const char *per = shared ? "a block" : "a thread";
  const char *hint = shared ? "; use dynamic shared memory (shared_memory(dtype, None)) and "
                              "--shared-mem" : "";
  if (size > max / esz) {
    diag_error(S->c, loc, "%s(%s, %lld) is %s bytes of %s, more than the %lld %s can have%s",
               fname, ty_str(S->c, elem), (long long)size,
               arena_printf(&S->c->arena, "%.0f", (double)size * (double)esz), what,
               (long long)max, per, hint);
    return;
  }
  int64_t before = *total;
  *total += size * esz;
  if (before <= max && *total > max)
    diag_error(S->c, loc, "%s of %s '%s' is %lld bytes, more than the %lld %s can have%s",
               what, fs->fn->is_kernel ? "kernel" : "function", fs->fn->name,
               (long long)*total, (long long)max, per, hint);
}

Node *sema_memory_decl(Sema *S, Node *call, const char *name, Loc loc) {
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!call_collect(S, call, A))
    return NULL;
  bool shared = sema_is_builtin_call(S, call, BI_SHARED_MEMORY);
  bool used[MAXKW] = {0};
  Node *dnd = call_arg(S, A, 0, "dtype", used), *snd = call_arg(S, A, 1, "size", used);
  Node *and_ = shared ? call_arg(S, A, 2, "alignment", used) : NULL;
  if (!call_no_other_kw(S, A, used))
    return NULL;
  if (!dnd || !snd || A->npos > (shared ? 3 : 2)) {
    diag_error(S->c, call->loc, "%s() takes (dtype, size%s)", A->fname,
               shared ? "[, alignment]" : "");
    return NULL;
  }
  Val dv = sema_expr(S, dnd);
  if (dv.kind == VAL_ERROR)
    return NULL;
  Type *elem = sema_dtype_of(S, dv);
  if (!elem) {
    diag_error(S->c, dnd->loc, "the first argument of %s() must be a dtype such as cp.float32",
               A->fname);
    return NULL;
  }
  int64_t size = -1;
  Val sv = sema_expr(S, snd);
  if (sv.kind == VAL_ERROR)
    return NULL;
  if (sv.kind == VAL_NONE && !shared) {
    diag_error(S->c, snd->loc, "the size of %s() must be a positive integer constant", A->fname);
    return NULL;
  }
  if (sv.kind != VAL_NONE) {
    Node *s = sema_value_of(S, sv, snd);
    if (sema_is_error(s))
      return NULL;
    if (!sema_const_i64(s, &size) || size <= 0) {
      /* `N = 512` in the body binds a variable (cupyx.jit keeps only non-numbers as
         constants): say so, with where a constant comes from */
      bool var = snd->kind == ND_NAME && s->kind == IR_VAR && !s->var->is_param;
      diag_error(S->c, snd->loc, "the size of %s() must be a positive integer constant%s%s%s%s",
                 A->fname, shared ? " or None" : "", var ? "; '" : "", var ? snd->name : "",
                 var ? "' is a variable (a number assigned in a kernel is one, as in "
                       "cupyx.jit): bind the size at module level" : "");
      return NULL;
    }
  }
  if (elem->kind == TY_OBJ && (!shared || size < 0)) {
    diag_error(S->c, snd->loc, "a %s is allocated with jit.shared_memory(%s, N), N a "
               "constant", ty_str(S->c, elem), ty_str(S->c, elem));
    return NULL;
  }
  int64_t align = 0;
  if (and_) {
    Val av = sema_expr(S, and_);
    if (av.kind == VAL_ERROR)
      return NULL;
    if (av.kind != VAL_NONE) {
      Node *a = sema_value_of(S, av, and_);
      if (sema_is_error(a))
        return NULL;
      if (!sema_const_i64(a, &align) || align <= 0 || (align & (align - 1))) {
        diag_error(S->c, and_->loc, "alignment must be a power-of-two integer constant or None");
        return NULL;
      }
    }
  }
  if (size > 0) /* over a limit: reported, the name still declared (no cascade) */
    check_memory_limits(S, shared, elem, size, snd->loc, A->fname);
  if (sema_lookup_var(S, name)) {
    diag_error(S->c, loc, "'%s' is already a variable; %s() needs a new name", name, A->fname);
    return NULL;
  }
  Var *v = sema_new_var(S, name, ty_ptr(S->c, elem), loc);
  v->is_shared = true;
  Node *n = sema_mk(S, shared ? IR_SHARED : IR_LOCALMEM, call->loc, NULL);
  n->var = v;
  n->ival = size;
  n->align = (int)align;
  return n;
}

