/*
 * parse.c: from tokens to the module's AST, through the Lemon parser of grammar.y.
 *
 * A CuPy program is mostly host code. parse.c looks at each statement at the token level
 * and feeds Lemon only what the compiler needs: imports, `NAME = <constant expression>`
 * (any other `NAME = ...` as `NAME = ...`, so that sema knows the name was re-bound), and
 * functions whose decorators mention `rawkernel` or cupy's `fuse` (decorator lines, header
 * and indented body; sema tells a rawkernel from a @cupy.fuse function). Kernels may sit anywhere Python allows: parse.c looks into the blocks of host
 * `def`s and `class`es (a scope each: their header is fed, as an item that opens it, only
 * once something inside is routed, and a DEDENT item closes it), of `if`/`for`/`while`
 * (constants there are marked conditional) and of `try`/`with`; `except` clauses are
 * the fallback path and skipped. Everything else is skipped whole: a simple statement to
 * its NEWLINE (the lexer hides newlines inside brackets), a compound statement through
 * the DEDENT that closes its block; host code costs lexing and no recursion beyond the
 * indentation depth. Host headers, decorators and constants are parsed quietly: what
 * kernels reject (a lambda, a list) is no error there. The lexer still sees all of it,
 * so lexical errors in host code are reported. The tokens of each undecorated host def
 * are kept (an ND_PYDEF in the module's els): a @cupy.fuse body or a kernel may call it,
 * and parse_pydef then reads it alone, as a fuse body is read (sema, too, for `k =
 * jit.rawkernel()(f)`, a decorator called on it; CuPy runs the Python of a
 * helper only when it is called: what kernels reject there is reported then).
 *
 * On the way it merges `is not` and `not in` into the ISNOT / NOTIN tokens, keeps the
 * line bookkeeping that syntax-error messages need, and re-synchronises after a syntax
 * error: Lemon has shifted `error` at the innermost statement list; resync() drops the
 * rest of the bad statement (its line, any indented block under it and, for a compound
 * statement, its else/elif/except clauses) and feeds the NEWLINE that completes
 * `stmt ::= error NEWLINE`. The next statement then parses normally, so one run reports
 * several errors.
 */
#include "parse_int.h"

#include <string.h>


/* ---- the token queue ---- */

static Token lex_raw(Parser *p) {
  Token t;
  if (!p->lx)                                      /* parse_pydef: its tokens are queued */
    return parse_synth(TK_ENDMARKER, p->last_loc);
  lex_next(p->lx, &t);
  return t;
}

/* Room for one more token in the arena array *V of *N tokens (capacity *CAP): doubled. */
static void grow_tokens(Parser *p, Token **v, size_t n, size_t *cap) {
  if (n < *cap)
    return;
  size_t c = *cap ? 2 * *cap : 256;
  Token *q = arena_alloc(&p->c->arena, c * sizeof *q);
  if (n)
    memcpy(q, *v, n * sizeof *q);
  *v = q;
  *cap = c;
}

static void push(Parser *p, Token t) {
  if (p->len == p->cap && p->head > 0) {           /* reuse the taken front */
    memmove(p->q, p->q + p->head, (p->len - p->head) * sizeof *p->q);
    p->len -= p->head;
    p->head = 0;
  }
  grow_tokens(p, &p->q, p->len, &p->cap);
  p->q[p->len++] = t;
}

/* Queues the next token, `is not` and `not in` made one. */
void parse_fill(Parser *p) {
  Token t = p->have_raw ? p->raw : lex_raw(p);
  p->have_raw = false;
  if (t.kind == TK_IS || t.kind == TK_NOT) {
    Token u = lex_raw(p);
    int merged = t.kind == TK_IS && u.kind == TK_NOT  ? TK_ISNOT
                 : t.kind == TK_NOT && u.kind == TK_IN ? TK_NOTIN
                                                        : 0;
    if (merged) {
      t.kind = merged;
      t.len = (uint32_t)(u.p + u.len - t.p);
      if (u.loc.line == t.loc.line)
        t.loc.len = u.loc.col + u.loc.len - t.loc.col;
    } else {
      p->raw = u;
      p->have_raw = true;
    }
  }
  push(p, t);
}

/* The token k places ahead; the pointer lasts until the next peek or take. */
const Token *parse_peek(Parser *p, size_t k) {
  while (p->len - p->head <= k)
    parse_fill(p);
  return &p->q[p->head + k];
}

static Token take(Parser *p) {
  Token t = *parse_peek(p, 0);
  if (++p->head == p->len)
    p->head = p->len = 0;
  if (p->logging) {                                /* inside a host def: kept for ND_PYDEF */
    grow_tokens(p, &p->log, p->nlog, &p->cap_log);
    p->log[p->nlog++] = t;
  }
  return t;
}

Token parse_synth(int kind, Loc loc) {
  Token t = {0};
  t.kind = kind;
  t.p = "";
  t.loc = loc;
  return t;
}

/* ---- consuming: bookkeeping, feeding, skipping ---- */

static void note(Parser *p, Token t) {
  switch (t.kind) {
  case TK_INDENT:
    p->ps.depth++;
    break;
  case TK_DEDENT:
    p->ps.depth--;
    break;
  case TK_NEWLINE:
    p->prev_first = p->line_first;
    p->prev_last = p->last;
    p->prev_last_loc = p->last_loc;
    p->at_line_start = true;
    p->ps.in_header = false;
    break;
  default:
    if (p->at_line_start) {
      p->line_first = t;
      p->at_line_start = false;
    }
    if (!p->ps.in_header)
      break;
    if (t.kind == TK_LPAR || t.kind == TK_LSQB || t.kind == TK_LBRACE)
      p->paren++;
    else if (t.kind == TK_RPAR || t.kind == TK_RSQB || t.kind == TK_RBRACE)
      p->paren--;
    else if (t.kind == TK_COLON && p->paren == 0) {
      p->ps.in_header = false;                     /* the colon that ends `def ...:` */
      p->c->lazy = p->lazy_kernel;                 /* a kernel's body: checked when used */
    }
  }
  p->last = t.kind;
  p->last_loc = t.loc;
}

static void lemon(Parser *p, Token t) {
  p->ps.loc = t.loc;
  Parse(p->lemon, t.kind, t);
}

static void resync(Parser *p, Token bad);

static void feed(Parser *p, Token t) {
  if (t.kind == TK_DEF) {
    p->ps.in_header = true;
    p->paren = 0;
  }
  lemon(p, t);
  note(p, t);
  if (p->ps.error)
    resync(p, t);
}

static void skip(Parser *p) { note(p, take(p)); }

/* Skips through the end of the current line (its NEWLINE included). */
static void skip_line(Parser *p) {
  while (parse_peek(p, 0)->kind != TK_ENDMARKER) {
    skip(p);
    if (p->last == TK_NEWLINE)
      return;
  }
}

/* Skips tokens until the INDENT depth is back to `depth`. */
static void skip_to_depth(Parser *p, int depth) {
  while (p->ps.depth > depth && parse_peek(p, 0)->kind != TK_ENDMARKER)
    skip(p);
}

/* Skips an indented block if one comes next. */
static void skip_block(Parser *p) {
  if (parse_peek(p, 0)->kind != TK_INDENT)
    return;
  int depth = p->ps.depth;
  skip(p);
  skip_to_depth(p, depth);
}

static void skip_block_after_indent(Parser *p) { skip_to_depth(p, p->ps.depth - 1); }

/* Drops the rest of the bad line and feeds its NEWLINE, which completes `error NEWLINE`. */
static void finish_line(Parser *p) {
  while (parse_peek(p, 0)->kind != TK_NEWLINE && parse_peek(p, 0)->kind != TK_ENDMARKER)
    skip(p);
  Token nl = parse_peek(p, 0)->kind == TK_NEWLINE ? take(p) : parse_synth(TK_NEWLINE, parse_peek(p, 0)->loc);
  lemon(p, nl);
  note(p, nl);
}

/* After a syntax error at token `bad` (already given to Lemon and noted). */
static void resync(Parser *p, Token bad) {
  p->ps.error = false;
  p->resynced = true;
  int header = bad.kind == TK_NEWLINE ? p->prev_first.kind : p->line_first.kind;
  if (bad.kind == TK_INDENT) {                     /* unexpected indent: drop the block */
    skip_block_after_indent(p);
    lemon(p, parse_synth(TK_NEWLINE, bad.loc));
  } else if (p->refeed && !(parse_class(bad.kind) & C_CLAUSE)) {
    /* The previous statement lacked its block, or the input ended: close it with the
       error statement, then give `bad` (which starts the next line) to Lemon again. */
    lemon(p, parse_synth(TK_NEWLINE, bad.loc));
    parse_lemon_resume(p->lemon);
    lemon(p, bad);
    if (p->ps.error) {
      p->ps.error = false;
      finish_line(p);
    }
  } else if (bad.kind != TK_NEWLINE) {
    if (p->refeed)                                 /* `else:` of a header already dropped */
      header = bad.kind;
    finish_line(p);
  }
  p->refeed = false;
  skip_block(p);
  if (parse_class(header) & C_COMPOUND)
    while (parse_class(parse_peek(p, 0)->kind) & C_CLAUSE) {
      skip_line(p);
      skip_block(p);
    }
  parse_lemon_resume(p->lemon);
}

/* ---- routing module-level statements ---- */

/* Gives Lemon the headers of the enclosing host functions and classes not given yet,
   outermost first, before an item inside them. */
static void open_scopes(Parser *p) {
  for (int i = 0; i < p->nscopes; i++) {
    Scope *sc = &p->scopes[i];
    if (sc->opened)
      continue;
    sc->opened = true;
    p->ps.base = p->ps.depth;
    p->ps.in_header = sc->head[0].kind == TK_DEF;
    p->c->quiet = true;
    for (size_t k = 0; k < sc->nhead && !p->ps.error; k++)
      lemon(p, sc->head[k]);
    p->ps.in_header = false;
    lemon(p, parse_synth(TK_NEWLINE, sc->head[sc->nhead - 1].loc));
    p->c->quiet = false;
    if (p->ps.error) {                             /* Lemon took `error NEWLINE` */
      p->ps.error = false;
      parse_lemon_resume(p->lemon);
    }
  }
}

/* Feeds the kernel form in the n tokens ahead as a FORM item. */
static void route_form(Parser *p, size_t n) {
  Token nl = parse_synth(TK_NEWLINE, parse_peek(p, n)->loc);
  open_scopes(p);
  p->c->quiet = true;
  p->ps.in_form = true;
  p->ps.base = p->ps.depth;
  lemon(p, parse_synth(TK_FORM, parse_peek(p, 0)->loc));
  for (size_t i = 0; i < n; i++) {
    feed(p, take(p));
    if (p->last == TK_NEWLINE)                     /* resync took the rest of the line */
      break;
  }
  if (p->last != TK_NEWLINE) {
    lemon(p, nl);
    if (p->ps.error) {                             /* Lemon took `error NEWLINE` */
      p->ps.error = false;
      parse_lemon_resume(p->lemon);
    }
  }
  p->ps.in_form = false;
  p->c->quiet = false;
}

static void route_stmts(Parser *p);
static void route_if(Parser *p);

/* The indented block of a host compound statement, when one follows. */
static void route_block(Parser *p) {
  if (parse_peek(p, 0)->kind != TK_INDENT)
    return;
  skip(p);
  int depth = p->ps.depth;
  while (p->ps.depth >= depth && parse_peek(p, 0)->kind != TK_ENDMARKER) {
    if (parse_peek(p, 0)->kind == TK_DEDENT)
      skip(p);
    else
      route_stmts(p);
  }
}

/* A host def's tokens, logged from FROM on, as an ND_PYDEF of the module (a fuse body
   may call it: parse_pydef reads it then). */
static void keep_pydef(Parser *p, Token name, size_t from, bool decorated) {
  Node *d = ast_name(p->c, ND_PYDEF, name);
  const char *q = d->name;                         /* "outer.h" inside `def outer` */
  for (int i = p->nscopes - 1; i >= 0; i--)
    q = arena_printf(&p->c->arena, "%.*s.%s", (int)p->scopes[i].head[1].len,
                     p->scopes[i].head[1].p, q);
  d->str = intern_cstr(&p->c->names, q);
  d->weak = p->nscopes > 0 && p->scopes[p->nscopes - 1].head[0].kind == TK_CLASS;
  d->ival = decorated;
  d->nargs = (int)(p->nlog - from);
  Token *toks = arena_alloc(&p->c->arena, (p->nlog - from) * sizeof *toks);
  memcpy(toks, p->log + from, (p->nlog - from) * sizeof *toks);
  d->toks = toks;
  p->pydefs = ast_append(p->pydefs, d);
}

/* A host `def` or `class` line (the first n tokens ahead, up to its NEWLINE): route its
   block as a scope of its own. A def's tokens are logged and kept (keep_pydef). */
static void route_scope(Parser *p, size_t n) {
  size_t at = parse_peek(p, 0)->kind == TK_ASYNC ? 1 : 0;
  int k = parse_peek(p, at)->kind;
  size_t len = k == TK_DEF ? n - at : 2;           /* DEF ... COLON, or CLASS NAME */
  bool pydef = at == 0 && k == TK_DEF && n >= 2 && parse_peek(p, 1)->kind == TK_NAME;
  bool decorated = p->decorated;
  Token name = pydef ? *parse_peek(p, 1) : (Token){0};
  size_t from = p->nlog;
  p->decorated = false;
  p->logging += pydef;
  if (n < at + 3 || parse_peek(p, n - 1)->kind != TK_COLON || parse_peek(p, at + 1)->kind != TK_NAME ||
      p->nscopes == MAX_SCOPES) {
    skip_line(p);                                  /* not a header we can read: host code */
    skip_block(p);                                 /* (`def f(x): return x` is a pydef) */
    p->logging -= pydef;
    if (pydef)
      keep_pydef(p, name, from, decorated);
    p->nlog = p->logging ? p->nlog : 0;
    return;
  }
  Scope *sc = &p->scopes[p->nscopes++];
  if (len > sc->cap) {
    sc->cap = len > 2 * sc->cap ? len : 2 * sc->cap;
    sc->head = arena_alloc(&p->c->arena, sc->cap * sizeof *sc->head);
  }
  for (size_t i = 0; i < len; i++)
    sc->head[i] = *parse_peek(p, at + i);
  sc->nhead = len;
  sc->opened = false;
  skip_line(p);
  route_block(p);
  p->nscopes--;
  if (sc->opened)
    lemon(p, parse_synth(TK_DEDENT, p->last_loc));       /* closes it (ND_SCOPE_END) */
  p->logging -= pydef;
  if (pydef)
    keep_pydef(p, name, from, decorated);
  p->nlog = p->logging ? p->nlog : 0;
}

/* One arm's header of a module-level if chain (n tokens up to the NEWLINE) as an item:
   `if C:` / `elif C:` / `else:`; a condition that is not constant tokens, or that Lemon
   rejects, is `...` (no compile-time value). */
static void route_arm(Parser *p, size_t n) {
  Token kw = take(p);
  note(p, kw);
  int k0 = parse_peek(p, 0)->kind;                       /* const_tokens looks one token back */
  bool cond = kw.kind != TK_ELSE;
  bool ok = !cond || (n >= 3 && parse_peek(p, n - 2)->kind == TK_COLON && k0 != TK_STAR &&
                      k0 != TK_DOUBLESTAR && k0 != TK_LSQB && parse_const_tokens(p, 0, n - 2));
  p->c->quiet = true;
  p->ps.base = p->ps.depth;
  lemon(p, kw);
  if (cond && ok)
    for (size_t i = 0; i + 2 < n && !p->ps.error; i++)
      lemon(p, *parse_peek(p, i));                       /* the condition */
  if (p->ps.error) {                               /* Lemon took the error: `...` instead */
    lemon(p, parse_synth(TK_NEWLINE, kw.loc));
    p->ps.error = false;
    parse_lemon_resume(p->lemon);
    lemon(p, kw);
    ok = false;
  }
  if (cond && !ok)
    lemon(p, parse_synth(TK_ELLIPSIS, kw.loc));
  lemon(p, parse_synth(TK_COLON, kw.loc));
  lemon(p, parse_synth(TK_NEWLINE, kw.loc));
  p->c->quiet = false;
  if (p->ps.error) {
    p->ps.error = false;
    parse_lemon_resume(p->lemon);
  }
  skip_line(p);
}

/* A module-level `if`/`elif`/`else` chain: each arm's header is an item (sema evaluates
   the conditions and takes the arm Python takes), its block is routed, and a DEDENT
   marked numkind 1 closes the chain. */
static void route_if(Parser *p) {
  Loc at = parse_peek(p, 0)->loc;
  do {
    size_t n = 0;
    while (parse_peek(p, n)->kind != TK_NEWLINE && parse_peek(p, n)->kind != TK_ENDMARKER)
      n++;
    route_arm(p, n);
    route_block(p);
  } while (parse_peek(p, 0)->kind == TK_ELIF || parse_peek(p, 0)->kind == TK_ELSE);
  Token end = parse_synth(TK_DEDENT, at);
  end.numkind = 1;
  lemon(p, end);
}

/* A line that does not start with a decorator: imports and constants are routed, a host
   def or class is routed as a scope, the blocks of other compound statements are looked
   into (except `except` clauses: the fallback path), the rest is skipped. */
/* Host code that misspells a kernel decorator or form class among the N tokens ahead (a
   program that would fail in Python; here it would silently define no kernel): an error. */
static void typo(Parser *p, size_t n, bool forms, const char *what) {
  const char *meant;
  long at = parse_kernel_typo(p, 0, n, forms, &meant);
  if (at < 0)
    return;
  const Token *t = parse_peek(p, (size_t)at);
  diag_error(p->c, t->loc, "unknown kernel %s '%.*s': did you mean '%s'?", what, (int)t->len,
             t->p, meant);
}

static void route_line(Parser *p) {
  size_t n = 0;
  while (parse_peek(p, n)->kind != TK_NEWLINE && parse_peek(p, n)->kind != TK_ENDMARKER)
    n++;
  int k0 = parse_peek(p, 0)->kind;
  bool header = (n > 0 && parse_peek(p, n - 1)->kind == TK_COLON) || (parse_class(k0) & C_COMPOUND);
  if (header) {                                    /* host code: a compound statement */
    int k = k0 == TK_ASYNC && n > 1 ? parse_peek(p, 1)->kind : k0;
    if (k == TK_DEF || k == TK_CLASS) {
      route_scope(p, n);
      return;
    }
    if (k == TK_IF && p->nscopes == 0 && p->cond == 0) {
      route_if(p);
      return;
    }
    bool cond = k == TK_IF || k == TK_ELIF || k == TK_ELSE || k == TK_FOR || k == TK_WHILE;
    skip_line(p);
    if (!(parse_class(k) & C_COMPOUND) || k == TK_EXCEPT) {
      skip_block(p);
      return;
    }
    p->cond += cond;
    route_block(p);
    p->cond -= cond;
    return;
  }
  for (;;) {                                       /* simple statements, split at ';' */
    size_t len = 0;
    int k;
    while ((k = parse_peek(p, len)->kind) != TK_SEMI && k != TK_NEWLINE && k != TK_ENDMARKER)
      len++;
    bool import = len > 0 && parse_routable_import(p, len);
    if (!import && len > 0 && parse_routable_form(p, len)) {
      route_form(p, len);
      if (p->last == TK_NEWLINE)                   /* resync took the rest of the line */
        return;
      if (parse_peek(p, 0)->kind != TK_SEMI)
        break;
      skip(p);
      continue;
    }
    if (!import && len > 0)                        /* `cp.ElementwiseKernal(...)` */
      typo(p, len, true, "class");
    bool alias = !import && len > 0 && parse_routable_decorator(p, len);
    if (import)
      parse_note_aliases(p, len);
    if (alias)
      parse_add_kernel_word(p, parse_peek(p, 0), parse_mentions_kernel(p, 2, len) == KW_FUSE);
    bool list = !import && !alias && len > 0 &&
                (parse_routable_list(p, len) || parse_routable_ufunc(p, len));
    size_t unpack = !import && !alias && !list && len > 0 ? parse_unpack_equal(p, len) : 0;
    bool host_scope = p->nscopes == 0 || p->scopes[p->nscopes - 1].opened;
    if (import || alias || list || (unpack && parse_const_tokens(p, unpack + 1, len)) ||
        (len > 0 && (parse_routable_const(p, len) || parse_routable_return(p, len)))) {
      Token nl = parse_synth(TK_NEWLINE, parse_peek(p, len)->loc);
      p->ps.in_form = list;
      nl.numkind = p->cond > 0;                    /* a constant assigned conditionally */
      open_scopes(p);
      p->c->quiet = true;
      p->ps.base = p->ps.depth;
      for (size_t i = 0; i < len; i++) {
        feed(p, take(p));
        if (p->last == TK_NEWLINE) {               /* resync took the rest of the line */
          p->c->quiet = false;
          p->ps.in_form = false;
          return;
        }
      }
      lemon(p, nl);
      p->c->quiet = false;
      p->ps.in_form = false;
      if (p->ps.error) {                           /* Lemon took `error NEWLINE` */
        p->ps.error = false;
        parse_lemon_resume(p->lemon);
      }
    } else if (unpack && host_scope) {
      /* A, B = <host value>: Lemon gets `A, B = ...`, so that sema knows neither name is a
         constant (or is no longer the constant an earlier line bound) */
      Token eq = parse_synth(TK_EQUAL, parse_peek(p, unpack)->loc);
      Token nl = parse_synth(TK_NEWLINE, parse_peek(p, len - 1)->loc);
      nl.numkind = p->cond > 0;
      p->c->quiet = true;
      for (size_t i = 0; i < unpack; i++) {
        Token t = take(p);
        note(p, t);
        lemon(p, t);
      }
      for (size_t i = unpack; i < len; i++)
        skip(p);
      lemon(p, eq);
      lemon(p, parse_synth(TK_ELLIPSIS, eq.loc));
      lemon(p, nl);
      p->c->quiet = false;
    } else if (len >= 3 && parse_peek(p, 0)->kind == TK_NAME &&
               (parse_peek(p, 1)->kind == TK_EQUAL || (parse_class(parse_peek(p, 1)->kind) & C_AUGASSIGN)) &&
               (p->nscopes == 0 || p->scopes[p->nscopes - 1].opened)) {
      /* NAME = <host value>, NAME += ... (`kernel += "v = -log(v);"`): Lemon gets
         `NAME = ...`, so that sema knows NAME is no longer the constant (or the kernel
         text) an earlier line bound */
      Token name = take(p), eq = take(p), nl = parse_synth(TK_NEWLINE, parse_peek(p, len - 2)->loc);
      note(p, name);
      note(p, eq);
      for (size_t i = 2; i < len; i++)
        skip(p);
      nl.numkind = p->cond > 0;
      p->c->quiet = true;
      lemon(p, name);
      lemon(p, parse_synth(TK_EQUAL, eq.loc));
      Token value = parse_synth(TK_ELLIPSIS, eq.loc);
      if (eq.kind != TK_EQUAL)                     /* `+=`: parse_ellipsis tells it apart */
        value.p = eq.p, value.len = eq.len;
      lemon(p, value);
      lemon(p, nl);
      p->c->quiet = false;
    } else {
      for (size_t i = 0; i < len; i++)
        skip(p);
    }
    if (parse_peek(p, 0)->kind != TK_SEMI)
      break;
    skip(p);
  }
  if (parse_peek(p, 0)->kind == TK_NEWLINE)
    skip(p);
  if (parse_peek(p, 0)->kind == TK_INDENT) {
    diag_error(p->c, parse_peek(p, 1)->loc, "unexpected indent");
    skip_block(p);
  }
}

/* A def header without its block: report, and give Lemon an empty body. */
static void missing_body(Parser *p) {
  Loc at = parse_peek(p, 0)->kind == TK_ENDMARKER ? p->prev_last_loc : parse_peek(p, 0)->loc;
  diag_error(p->c, at, "expected an indented block after function definition on line %u",
             p->prev_first.loc.line);
  static const int body[] = {TK_INDENT, TK_PASS, TK_NEWLINE, TK_DEDENT};
  for (size_t i = 0; i < sizeof body / sizeof *body; i++)
    lemon(p, parse_synth(body[i], at));
}

/* At the start of a line inside a kernel: `match x:` (a soft keyword, so a NAME to the
   lexer) is reported and skipped with its block. */
static bool skip_match(Parser *p) {
  if (!p->at_line_start || !parse_is_word(parse_peek(p, 0), "match"))
    return false;
  size_t n = 1;
  while (parse_peek(p, n)->kind != TK_NEWLINE && parse_peek(p, n)->kind != TK_ENDMARKER)
    n++;
  if (parse_peek(p, n - 1)->kind != TK_COLON || parse_peek(p, n + 1)->kind != TK_INDENT)
    return false;
  Loc at = parse_peek(p, 0)->loc;
  bool lazy = p->c->lazy, deferred = p->c->deferred;   /* no node is left: reported now */
  p->c->lazy = p->c->deferred = false;
  ast_unsupported(p->c, at, "'match' statements");
  p->c->lazy = lazy;
  p->c->deferred = deferred;
  skip_line(p);
  skip_block(p);
  lemon(p, parse_synth(TK_PASS, at));                    /* keeps the enclosing block non-empty */
  lemon(p, parse_synth(TK_NEWLINE, at));
  return true;
}

/* Feeds a kernel: its decorator lines, the def line, and the block under it. */
static void feed_item(Parser *p) {
  p->resynced = false;
  int base = p->ps.base = p->ps.depth;
  while (parse_peek(p, 0)->kind != TK_ENDMARKER) {
    if (p->ps.depth > base && skip_match(p))
      continue;
    p->c->quiet = p->ps.depth == base && (p->at_line_start ? parse_peek(p, 0)->kind == TK_AT
                                                             : p->line_first.kind == TK_AT);
    feed(p, take(p));
    p->c->quiet = false;
    if (p->ps.depth > base || (p->last != TK_NEWLINE && p->last != TK_DEDENT))
      continue;
    if (p->last == TK_DEDENT)                      /* the body's block closed */
      return;
    bool decorator = p->prev_first.kind == TK_AT;
    if (p->resynced) {                             /* Lemon dropped the item: skip its rest */
      if (decorator) {
        while (parse_peek(p, 0)->kind == TK_AT)
          skip_line(p);
        skip_line(p);
        skip_block(p);
      }
      return;
    }
    if (decorator || parse_peek(p, 0)->kind == TK_INDENT)
      continue;
    if (p->prev_last == TK_COLON)
      missing_body(p);
    return;
  }
}

/* Decorator lines: a kernel if any of them mentions `rawkernel` or `fuse` (or an alias
   from `from cupyx.jit import rawkernel as rk` / `from cupy import fuse as f`, or a name
   bound to a rawkernel(...) or fuse(...) call) and a def follows. Decorators are host expressions until sema says otherwise: what kernels
   reject (a lambda) is not reported in them. */
static void route_decorated(Parser *p) {
  size_t i = 0;
  int kernel = 0;
  while (parse_peek(p, i)->kind == TK_AT) {
    for (; parse_peek(p, i)->kind != TK_NEWLINE && parse_peek(p, i)->kind != TK_ENDMARKER; i++)
      kernel |= parse_kernel_word(p, parse_peek(p, i));
    i++;
  }
  int k = parse_peek(p, i)->kind;
  if (kernel && (k == TK_DEF || (k == TK_ASYNC && parse_peek(p, i + 1)->kind == TK_DEF))) {
    open_scopes(p);
    p->c->deferred = kernel == KW_FUSE;            /* a @cupy.fuse body: traced alone */
    p->lazy_kernel = kernel != KW_FUSE &&          /* a rawkernel's: compiled when used */
                     !p->c->opt.check_untyped;     /* (pykc check reads every kernel) */
    feed_item(p);
    p->c->deferred = p->c->lazy = p->lazy_kernel = false;
    return;
  }
  if (!kernel)                                     /* `@jit.rawkernal()`: no kernel as written */
    typo(p, i, false, "decorator");
  while (parse_peek(p, 0)->kind == TK_AT)                /* host code: the def/class line follows */
    skip_line(p);
  p->decorated = true;
  if (k == TK_DEF || k == TK_CLASS || k == TK_ASYNC)
    route_line(p);
  p->decorated = false;
}

/* One statement of host code (module level, or a host block). */
static void route_stmts(Parser *p) {
  int k = parse_peek(p, 0)->kind;
  if (k == TK_AT) {
    route_decorated(p);
  } else if (k == TK_INDENT) {
    diag_error(p->c, parse_peek(p, 1)->loc, "unexpected indent");
    skip_block(p);
  } else if (k == TK_DEDENT) {
    skip(p);
  } else {
    route_line(p);
  }
}

Node *parse_module(Ctx *c) {
  int errors = c->nerrors;
  Parser *p = arena_alloc(&c->arena, sizeof *p);
  p->c = c;
  p->ps.c = c;
  p->lx = lex_new(c);
  p->lemon = arena_alloc(&c->arena, parse_lemon_size());
  p->at_line_start = true;
  static const char *const words[] = {"rawkernel", "fuse"};  /* cupyx.jit's, cupy's */
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
    Token w = parse_synth(TK_NAME, (Loc){0, 0, 0});
    w.p = words[i];
    w.len = (uint32_t)strlen(words[i]);
    parse_add_kernel_word(p, &w, i == 1);
  }
  ParseInit(p->lemon, &p->ps);
  while (parse_peek(p, 0)->kind != TK_ENDMARKER)
    route_stmts(p);
  Token end = take(p);
  feed(p, end);
  lemon(p, parse_synth(0, end.loc));
  if (c->nerrors > errors || !p->ps.module)
    return NULL;
  p->ps.module->els = p->pydefs;
  return p->ps.module;
}

/* Reads plain def PD alone: as a @cupy.fuse body (deferred), or as a @jit.rawkernel body
   (KERNEL: lazy, as route_decorated reads one). */
static Node *read_pydef(Ctx *c, Node *pd, bool kernel) {
  int errors = c->nerrors;
  Parser *p = arena_alloc(&c->arena, sizeof *p);
  p->c = c;
  p->ps.c = c;
  p->lemon = arena_alloc(&c->arena, parse_lemon_size());
  p->at_line_start = true;
  p->q = arena_alloc(&c->arena, (size_t)pd->nargs * sizeof *p->q);
  memcpy(p->q, pd->toks, (size_t)pd->nargs * sizeof *p->q);
  p->len = p->cap = (size_t)pd->nargs;             /* then ENDMARKERs (lex_raw) */
  p->last_loc = pd->toks[pd->nargs - 1].loc;
  ParseInit(p->lemon, &p->ps);
  lemon(p, parse_synth(TK_PYDEF, pd->loc));
  bool deferred = c->deferred, quiet = c->quiet, lazy = c->lazy;
  c->deferred = !kernel;
  c->quiet = false;
  p->lazy_kernel = kernel && !c->opt.check_untyped;   /* (pykc check reads every kernel) */
  feed_item(p);
  c->deferred = deferred;
  c->quiet = quiet;
  c->lazy = lazy;
  while (parse_peek(p, 0)->kind != TK_ENDMARKER)   /* (after a syntax error's resync) */
    skip(p);
  Token end = take(p);
  feed(p, end);
  lemon(p, parse_synth(0, end.loc));
  Node *def = p->ps.module ? p->ps.module->body : NULL;
  return c->nerrors == errors && def && def->kind == ND_FUNCDEF ? def : NULL;
}

Node *parse_pydef(Ctx *c, Node *pd) {
  if (!pd->body)                                   /* (a failed read is read again: a */
    pd->body = read_pydef(c, pd, false);           /* trace's messages may be dropped) */
  return pd->body;
}

Node *parse_pydef_kernel(Ctx *c, Node *pd) { return read_pydef(c, pd, true); }
