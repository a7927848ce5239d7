/*
 * parse_route.c: which host statements the compiler sees (parse.c routes them): the token
 * classes (what may stand in a routed import or constant, what starts a compound
 * statement), the words that name a kernel decorator (rawkernel, cupy's fuse, their
 * aliases) or a kernel form's class, and the predicates that say a statement is a
 * routable import, constant, form call, decorator line or return.
 */
#include "parse_int.h"
#include "types/types.h"

#include <string.h>

static const unsigned char tokclass[NTOKENS] = {
    [TK_NAME] = C_IMPORT | C_CONST | C_OPERAND,
    [TK_DOT] = C_IMPORT | C_CONST,
    [TK_COMMA] = C_IMPORT | C_CONST,
    [TK_LPAR] = C_IMPORT | C_CONST,
    [TK_RPAR] = C_IMPORT | C_CONST | C_OPERAND,
    [TK_AS] = C_IMPORT,
    [TK_IMPORT] = C_IMPORT,
    [TK_FROM] = C_IMPORT,
    [TK_NUMBER] = C_CONST | C_OPERAND,
    [TK_TRUE] = C_CONST | C_OPERAND,
    [TK_FALSE] = C_CONST | C_OPERAND,
    [TK_NONE] = C_CONST | C_OPERAND,
    [TK_STRING] = C_CONST | C_OPERAND,             /* np.dtype('f4'), float('inf') */
    [TK_PLUS] = C_CONST,
    [TK_MINUS] = C_CONST,
    [TK_STAR] = C_CONST,
    [TK_DOUBLESTAR] = C_CONST,
    [TK_SLASH] = C_CONST,
    [TK_DOUBLESLASH] = C_CONST,
    [TK_PERCENT] = C_CONST,
    [TK_LSHIFT] = C_CONST,
    [TK_RSHIFT] = C_CONST,
    [TK_AMPER] = C_CONST,
    [TK_VBAR] = C_CONST,
    [TK_CIRCUMFLEX] = C_CONST,
    [TK_TILDE] = C_CONST,
    [TK_LESS] = C_CONST,
    [TK_GREATER] = C_CONST,
    [TK_LESSEQUAL] = C_CONST,
    [TK_GREATEREQUAL] = C_CONST,
    [TK_EQEQUAL] = C_CONST,
    [TK_NOTEQUAL] = C_CONST,
    [TK_NOT] = C_CONST,
    [TK_IS] = C_CONST,                             /* `x is None` */
    [TK_ISNOT] = C_CONST,
    [TK_AND] = C_CONST,
    [TK_OR] = C_CONST,
    [TK_LSQB] = C_CONST,                           /* a subscript only: after an operand */
    [TK_RSQB] = C_CONST | C_OPERAND,
    [TK_IF] = C_COMPOUND | C_CONST,                /* `a if c else b` in a constant */
    [TK_WHILE] = C_COMPOUND,
    [TK_FOR] = C_COMPOUND,
    [TK_DEF] = C_COMPOUND,
    [TK_CLASS] = C_COMPOUND,
    [TK_WITH] = C_COMPOUND,
    [TK_TRY] = C_COMPOUND,
    [TK_ASYNC] = C_COMPOUND,
    [TK_ELIF] = C_COMPOUND | C_CLAUSE,
    [TK_ELSE] = C_COMPOUND | C_CLAUSE | C_CONST,
    [TK_EXCEPT] = C_COMPOUND | C_CLAUSE,
    [TK_FINALLY] = C_COMPOUND | C_CLAUSE,
    [TK_PLUSEQUAL] = C_AUGASSIGN,
    [TK_MINEQUAL] = C_AUGASSIGN,
    [TK_STAREQUAL] = C_AUGASSIGN,
    [TK_SLASHEQUAL] = C_AUGASSIGN,
    [TK_DOUBLESLASHEQUAL] = C_AUGASSIGN,
    [TK_PERCENTEQUAL] = C_AUGASSIGN,
    [TK_ATEQUAL] = C_AUGASSIGN,
    [TK_AMPEREQUAL] = C_AUGASSIGN,
    [TK_VBAREQUAL] = C_AUGASSIGN,
    [TK_CIRCUMFLEXEQUAL] = C_AUGASSIGN,
    [TK_RSHIFTEQUAL] = C_AUGASSIGN,
    [TK_LSHIFTEQUAL] = C_AUGASSIGN,
    [TK_DOUBLESTAREQUAL] = C_AUGASSIGN,
};

unsigned parse_class(int kind) {
  return kind > 0 && kind < NTOKENS ? tokclass[kind] : 0;
}

bool parse_is_word(const Token *t, const char *w) {
  return t->kind == TK_NAME && t->len == strlen(w) && memcmp(t->p, w, t->len) == 0;
}

/* Which decorator the token names (or an alias an import gave it). */
int parse_kernel_word(Parser *p, const Token *t) {
  if (t->kind != TK_NAME)
    return 0;
  for (int i = 0; i < p->nkernel_words; i++)
    if (parse_is_word(t, p->kernel_words[i]))
      return p->kernel_fuse[i] ? KW_FUSE : KW_JIT;
  return 0;
}

/* The classes of cupy whose calls are kernel forms (forms.h). */
static const char *const form_classes[] = {"ElementwiseKernel", "ReductionKernel",
                                           "RawKernel", "RawModule"};

static bool is_form_word(Parser *p, const Token *t);

static bool is_form_class(const Token *t) {
  for (size_t i = 0; i < sizeof form_classes / sizeof *form_classes; i++)
    if (parse_is_word(t, form_classes[i]))
      return true;
  return false;
}

/* Does token T, an attribute when ATTR, misspell WORD: another name within two edits of a
   long word, or within one of a short word (fuse) reached as an attribute (`cp.fuze`)?
   Only attributes are taken for the form classes, whose names users extend (MyRawKernel). */
static bool misspells(const Token *t, const char *word, bool attr) {
  size_t wl = strlen(word);
  char name[32];
  if (t->kind != TK_NAME || t->len >= sizeof name || parse_is_word(t, word) || (!attr && wl < 8))
    return false;
  memcpy(name, t->p, t->len);
  name[t->len] = 0;
  return name_distance(name, word) <= (wl >= 8 ? 2 : 1);
}

long parse_kernel_typo(Parser *p, size_t from, size_t n, bool forms, const char **meant) {
  static const char *const words[] = {"rawkernel", "fuse"};
  for (size_t i = from; i < n; i++) {
    const Token *t = parse_peek(p, i);
    bool attr = i > from && parse_peek(p, i - 1)->kind == TK_DOT;
    if (t->kind != TK_NAME || parse_kernel_word(p, t) || is_form_word(p, t))
      continue;
    int next = i + 1 < n ? parse_peek(p, i + 1)->kind : 0;
    if (next == TK_EQUAL || (parse_class(next) & C_AUGASSIGN))
      continue;                                    /* bound here (`raw_kernel = r"..."`,
                                                      `f(raw_kernel=...)`): no misspelling */
    for (size_t w = 0; w < sizeof words / sizeof *words; w++)
      if (misspells(t, words[w], attr))
        return *meant = words[w], (long)i;
    bool call = i + 1 < n && parse_peek(p, i + 1)->kind == TK_LPAR;
    for (size_t w = 0; forms && call && attr && w < sizeof form_classes / sizeof *form_classes; w++)
      if (misspells(t, form_classes[w], attr))
        return *meant = form_classes[w], (long)i;
  }
  return -1;
}

/* Does the token name a form class, or an alias an import gave one? */
static bool is_form_word(Parser *p, const Token *t) {
  if (is_form_class(t))
    return true;
  for (int i = 0; i < p->nform_words; i++)
    if (parse_is_word(t, p->form_words[i]))
      return true;
  return false;
}

void parse_add_kernel_word(Parser *p, const Token *t, bool fuse) {
  if (p->nkernel_words == p->cap_kernel_words) {
    int cap = p->cap_kernel_words ? 2 * p->cap_kernel_words : 8;
    const char **w = arena_alloc(&p->c->arena, (size_t)cap * sizeof *w);
    bool *f = arena_alloc(&p->c->arena, (size_t)cap * sizeof *f);
    if (p->nkernel_words) {
      memcpy(w, p->kernel_words, (size_t)p->nkernel_words * sizeof *w);
      memcpy(f, p->kernel_fuse, (size_t)p->nkernel_words * sizeof *f);
    }
    p->kernel_words = w;
    p->kernel_fuse = f;
    p->cap_kernel_words = cap;
  }
  p->kernel_fuse[p->nkernel_words] = fuse;
  p->kernel_words[p->nkernel_words++] = intern(&p->c->names, t->p, t->len);
}

/* Which decorators the tokens [from, to) ahead name: KW_JIT | KW_FUSE bits. */
int parse_mentions_kernel(Parser *p, size_t from, size_t to) {
  int m = 0;
  for (size_t i = from; i < to; i++)
    m |= parse_kernel_word(p, parse_peek(p, i));
  return m;
}

/* Tokens [0, n) ahead are a routed import: remember `rawkernel as NAME` and
   `ElementwiseKernel as NAME`, `fuse as NAME` (sema checks that they come from cupyx.jit /
   cupy). */
void parse_note_aliases(Parser *p, size_t n) {
  for (size_t i = 0; i + 2 < n; i++) {
    if (parse_peek(p, i + 1)->kind != TK_AS)
      continue;
    if (parse_is_word(parse_peek(p, i), "rawkernel") || parse_is_word(parse_peek(p, i), "fuse"))
      parse_add_kernel_word(p, parse_peek(p, i + 2), parse_is_word(parse_peek(p, i), "fuse"));
    else if (is_form_class(parse_peek(p, i)) && p->nform_words < MAX_FORM_WORDS)
      p->form_words[p->nform_words++] =
          intern(&p->c->names, parse_peek(p, i + 2)->p, parse_peek(p, i + 2)->len);
  }
}

/* The index after the bracketed group opening at token I (before N), or N. */
static size_t group_end(Parser *p, size_t i, size_t n) {
  int depth = 0;
  for (size_t k = i; k < n; k++) {
    int kind = parse_peek(p, k)->kind;
    depth += kind == TK_LPAR || kind == TK_LSQB || kind == TK_LBRACE;
    depth -= kind == TK_RPAR || kind == TK_RSQB || kind == TK_RBRACE;
    if (depth == 0)
      return k + 1;
  }
  return n;
}

/* Tokens [from, n) ahead: `a.b.X( ... )` or `X( ... )` with X a form word, the call's
   closing parenthesis the last token, or followed by `.get_function( ... )` (a RawModule
   whose function the program takes at once), or by `( ... )`: the kernel called where it
   is built (`cupy.ElementwiseKernel(...)(x, y)`, as CuPy's own histogram did). */
static bool form_call(Parser *p, size_t from, size_t n) {
  size_t i = from;
  if (i >= n || parse_peek(p, i)->kind != TK_NAME)
    return false;
  while (i + 2 < n && parse_peek(p, i + 1)->kind == TK_DOT && parse_peek(p, i + 2)->kind == TK_NAME)
    i += 2;
  if (!is_form_word(p, parse_peek(p, i)) || i + 1 >= n || parse_peek(p, i + 1)->kind != TK_LPAR ||
      parse_peek(p, n - 1)->kind != TK_RPAR)
    return false;
  size_t end = group_end(p, i + 1, n);             /* the call's ')' closes its '(' */
  if (end + 2 < n && parse_peek(p, end)->kind == TK_DOT &&
      parse_is_word(parse_peek(p, end + 1), "get_function") && parse_peek(p, end + 2)->kind == TK_LPAR)
    end = group_end(p, end + 2, n);
  else if (end + 1 < n && parse_peek(p, end)->kind == TK_LPAR)
    end = group_end(p, end, n);
  return end == n;
}

/* Tokens [0, n) ahead: a kernel form, `CALL`, `TARGET = CALL` with TARGET a name, an
   attribute (`self.k`) or an item of one (`_cache[key]`: a form named by its name=), or
   `return CALL` in a host function (a factory, often memoized, that builds the kernel). */
bool parse_routable_form(Parser *p, size_t n) {
  if (form_call(p, 0, n))
    return true;
  if (parse_peek(p, 0)->kind == TK_RETURN)
    return p->nscopes > 0 && p->scopes[p->nscopes - 1].head[0].kind == TK_DEF &&
           form_call(p, 1, n);
  size_t i = 0;
  if (parse_peek(p, 0)->kind != TK_NAME)
    return false;
  while (i + 2 < n && parse_peek(p, i + 1)->kind == TK_DOT && parse_peek(p, i + 2)->kind == TK_NAME)
    i += 2;
  if (i + 1 < n && parse_peek(p, i + 1)->kind == TK_LSQB)
    i = group_end(p, i + 1, n) - 1;
  return i + 1 < n && parse_peek(p, i + 1)->kind == TK_EQUAL && form_call(p, i + 2, n);
}

/* Tokens [0, n) ahead: `import a.b as c` or `from a import (b as c, d)`. */
bool parse_routable_import(Parser *p, size_t n) {
  int k0 = parse_peek(p, 0)->kind;
  if (k0 != TK_IMPORT && !(k0 == TK_FROM && n > 1 && parse_peek(p, 1)->kind == TK_NAME))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!(parse_class(parse_peek(p, i)->kind) & C_IMPORT) &&
        !(parse_peek(p, i)->kind == TK_STAR && i == n - 1 && k0 == TK_FROM &&
          parse_peek(p, i - 1)->kind == TK_IMPORT))  /* `from m import *` */
      return false;
  return true;
}

/* Tokens [from, n) ahead: names, numbers, operators, parens, dots, commas, subscripts,
   if/else, keyword arguments of a call (`types.SimpleNamespace(c=2.5)`), with no
   unpacking `*` (host code like `t = *a, b` is never a constant) and no list display. */
bool parse_const_tokens(Parser *p, size_t from, size_t n) {
  for (size_t i = from; i < n; i++) {
    int k = parse_peek(p, i)->kind;
    if (k == TK_EQUAL && i >= from + 3 && parse_peek(p, i - 1)->kind == TK_NAME &&
        (parse_peek(p, i - 2)->kind == TK_LPAR || parse_peek(p, i - 2)->kind == TK_COMMA) &&
        (parse_class(parse_peek(p, i - 3)->kind) & C_OPERAND))
      continue;                                    /* f(a, k=v): a keyword argument */
    if (!(parse_class(k) & C_CONST))
      return false;
    if ((k == TK_STAR || k == TK_DOUBLESTAR || k == TK_LSQB) &&
        !(parse_class(parse_peek(p, i - 1)->kind) & C_OPERAND))
      return false;                                /* unpacking, or a list display */
  }
  return true;
}

/* Tokens [0, n) ahead: `NAME = <constant tokens>`. */
bool parse_routable_const(Parser *p, size_t n) {
  return n >= 3 && parse_peek(p, 0)->kind == TK_NAME && parse_peek(p, 1)->kind == TK_EQUAL &&
         parse_const_tokens(p, 2, n);
}

/* Tokens [0, n) ahead: `NAME, NAME[, NAME...] = <tokens>`: the index of its `=`, else 0. */
size_t parse_unpack_equal(Parser *p, size_t n) {
  size_t i = 0;
  while (i + 1 < n && parse_peek(p, i)->kind == TK_NAME && parse_peek(p, i + 1)->kind == TK_COMMA)
    i += 2;
  if (i < 2 || i + 2 >= n || parse_peek(p, i)->kind != TK_NAME ||
      parse_peek(p, i + 1)->kind != TK_EQUAL)
    return 0;
  return i + 1;
}

/* Tokens [0, n) ahead: `NAME = [...]`, a list display of constant tokens: a value only
   for the kernel forms' arguments (`name_expressions=NAMES`), no constant of kernels. */
bool parse_routable_list(Parser *p, size_t n) {
  if (n < 4 || parse_peek(p, 0)->kind != TK_NAME || parse_peek(p, 1)->kind != TK_EQUAL ||
      parse_peek(p, 2)->kind != TK_LSQB || parse_peek(p, n - 1)->kind != TK_RSQB)
    return false;
  for (size_t i = 3; i + 1 < n; i++)
    if (!(parse_class(parse_peek(p, i)->kind) & C_CONST))
      return false;
  return true;
}

/* Tokens [0, n) ahead: `NAME = A.B.create_ufunc(...)` (or `create_ufunc(...)`) of constant
   tokens and list displays (`['ff->f', 'dd->d']`, values as in a kernel form's call): a
   ufunc the program declares (src/dsl/sema_ufunc.c). */
bool parse_routable_ufunc(Parser *p, size_t n) {
  if (n < 5 || parse_peek(p, 0)->kind != TK_NAME || parse_peek(p, 1)->kind != TK_EQUAL)
    return false;
  size_t i = 2;
  while (i + 2 < n && parse_peek(p, i + 1)->kind == TK_DOT && parse_peek(p, i + 2)->kind == TK_NAME)
    i += 2;
  if (!parse_is_word(parse_peek(p, i), "create_ufunc") || parse_peek(p, i + 1)->kind != TK_LPAR ||
      group_end(p, i + 1, n) != n)
    return false;
  for (size_t k = i + 2; k < n; k++) {
    int kind = parse_peek(p, k)->kind;
    if (!(parse_class(kind) & C_CONST) && kind != TK_EQUAL && kind != TK_RSQB)
      return false;
  }
  return true;
}

/* Tokens [0, n) ahead: `NAME = <an expression mentioning rawkernel>`, a decorator bound to
   a name first (`kern = jit.rawkernel(mode="cuda")`); NAME becomes a kernel word. */
bool parse_routable_decorator(Parser *p, size_t n) {
  return n >= 3 && parse_peek(p, 0)->kind == TK_NAME && parse_peek(p, 1)->kind == TK_EQUAL &&
         parse_mentions_kernel(p, 2, n) != 0;
}

/* Tokens [0, n) ahead: `return <constant tokens>` directly in a host function that has
   routed items (what a device-function factory returns). */
bool parse_routable_return(Parser *p, size_t n) {
  if (n < 2 || parse_peek(p, 0)->kind != TK_RETURN || p->nscopes == 0 ||
      p->scopes[p->nscopes - 1].head[0].kind != TK_DEF || !p->scopes[p->nscopes - 1].opened)
    return false;                                  /* a factory's def came first */
  return parse_const_tokens(p, 1, n);
}
