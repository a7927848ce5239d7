/*
 * cxxlex.c: the CUDA C++ scanner's lexical layer and preprocessor (cxxscan.h).
 *
 * The lexer reads C++ pp-tokens: identifiers, pp-numbers, string and character literals
 * (with their u8/u/U/L prefixes, and raw strings R"d(...)d"), punctuators; comments and
 * backslash-newlines are white space, and a token remembers whether it starts a line (a
 * directive's `#`). cxx_blank writes the same reading back as a blanked copy of the text,
 * which cpu/cxx.c rewrites with the word helpers below.
 *
 * The preprocessor does what decides which declarations NVRTC sees: object-like and
 * function-like macros (arguments expanded first, `#` and `##`, __VA_ARGS__, a macro not
 * expanded inside itself), #undef, and #if/#ifdef/#ifndef/#elif/#else/#endif with C's
 * integer expressions and `defined`. NVRTC's predefined macros (__CUDACC__,
 * __CUDACC_RTC__, __CUDA_ARCH__, __cplusplus) and the options' -D/-U are defined first.
 * #include and the other directives are skipped: a declaration in a header is not the
 * code's. A macro call's arguments must lie within one stretch between two directives.
 */
#include "cxxscan_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- memory */

struct Chunk {
  Chunk *next;
  size_t used, cap;
  max_align_t data[];
};

void *cxx_alloc(Pool *p, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (!p->head || p->head->cap - p->head->used < n) {
    size_t cap = n > 16384 ? n : 16384;
    Chunk *c = malloc(sizeof *c + cap);
    if (!c)
      longjmp(*p->oom, 1);
    c->next = p->head, c->used = 0, c->cap = cap;
    p->head = c;
  }
  void *r = (char *)p->head->data + p->head->used;
  p->head->used += n;
  return memset(r, 0, n);
}

char *cxx_strndup(Pool *p, const char *s, size_t n) {
  char *d = cxx_alloc(p, n + 1);
  memcpy(d, s, n);
  return d;
}

void cxx_pool_free(Pool *p) {
  for (Chunk *c = p->head, *next; c; c = next)
    next = c->next, free(c);
  p->head = NULL;
}

void cxx_push(Pool *p, TokVec *v, const Tok *t) {
  if (v->n == v->cap) {
    int cap = v->cap ? 2 * v->cap : 64;
    Tok *nv = cxx_alloc(p, sizeof *nv * (size_t)cap);
    if (v->n)
      memcpy(nv, v->v, sizeof *nv * (size_t)v->n);
    v->v = nv, v->cap = cap;
  }
  v->v[v->n++] = *t;
}

bool cxx_is(const Tok *t, const char *punct) {
  size_t n = strlen(punct);
  return t->len == n && !memcmp(t->p, punct, n);
}

/* ---------------------------------------------------------------- words */

/* (bytes past ASCII: UTF-8 letters, which g++ and NVRTC take in identifiers: `float *ξ`) */
bool cxx_is_ident(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

bool cxx_word_at(const char *s, size_t i, const char *w) {
  size_t n = strlen(w);
  return !strncmp(s + i, w, n) && (i == 0 || !cxx_is_ident(s[i - 1])) && !cxx_is_ident(s[i + n]);
}

const char *cxx_skip_bom(const char *code) {
  return strncmp(code, "\xEF\xBB\xBF", 3) == 0 ? code + 3 : code;
}

size_t cxx_skip_ws(const char *s, size_t i, size_t end) {
  while (i < end && isspace((unsigned char)s[i]))
    i++;
  return i;
}

size_t cxx_close_group(const char *s, size_t i, size_t end) {
  char open = s[i], close = open == '(' ? ')' : ']';
  for (int depth = 0; i < end; i++) {
    depth += s[i] == open ? 1 : s[i] == close ? -1 : 0;
    if (depth == 0)
      return i + 1;
  }
  return end;
}

size_t cxx_close_nested(const char *s, size_t i, size_t end) {
  for (int depth = 0; i < end; i++) {
    char ch = s[i];
    depth += (ch == '(' || ch == '[' || ch == '{') - (ch == ')' || ch == ']' || ch == '}');
    if (depth == 0)
      return i + 1;
  }
  return end;
}

size_t cxx_word_end(const char *s, size_t i) {
  while (cxx_is_ident(s[i]))
    i++;
  return i;
}

size_t cxx_line_end(const char *s, size_t i) {
  for (; s[i] && s[i] != '\n'; i++)
    if (s[i] == '\\' && s[i + 1] == '\n')
      i++;
  return i;
}

/* ---------------------------------------------------------------- the lexer */

typedef struct Lex {
  const char *s;
  size_t i;
  uint32_t line;
  bool bol;
} Lex;

/* A backslash-newline (or backslash-CR-LF) at s[i]: its length, else 0. */
static size_t splice(const char *s, size_t i) {
  if (s[i] != '\\')
    return 0;
  return s[i + 1] == '\n' ? 2 : s[i + 1] == '\r' && s[i + 2] == '\n' ? 3 : 0;
}

/* Skips white space, comments and line splices. */
static void lex_space(Lex *L) {
  const char *s = L->s;
  for (size_t k;;) {
    if (s[L->i] == '\n')
      L->line++, L->bol = true, L->i++;
    else if ((k = splice(s, L->i)))
      L->line++, L->i += k;
    else if (isspace((unsigned char)s[L->i]))
      L->i++;
    else if (s[L->i] == '/' && s[L->i + 1] == '/') {
      while (s[L->i] && s[L->i] != '\n')
        if ((k = splice(s, L->i)))
          L->line++, L->i += k;
        else
          L->i++;
    } else if (s[L->i] == '/' && s[L->i + 1] == '*') {
      for (L->i += 2; s[L->i] && !(s[L->i] == '*' && s[L->i + 1] == '/'); L->i++)
        L->line += s[L->i] == '\n';
      L->i += s[L->i] ? 2 : 0;
    } else
      return;
  }
}

/* The end of the literal whose quote is at s[q] (the closing quote's next offset; a
   literal cut by the line's end stops there). */
static size_t quoted_end(const char *s, size_t q) {
  size_t j = q + 1;
  for (; s[j] && s[j] != s[q] && s[j] != '\n'; j++)
    if (s[j] == '\\' && s[j + 1])
      j++;
  return s[j] == s[q] ? j + 1 : j;
}

/* The end of the raw string whose quote is at s[q]: R"delim( ... )delim". */
static size_t raw_end(const char *s, size_t q) {
  size_t d = q + 1, paren = d;
  while (s[paren] && s[paren] != '(' && paren - d < 16 && !isspace((unsigned char)s[paren]))
    paren++;
  if (s[paren] != '(')
    return quoted_end(s, q);
  for (size_t j = paren + 1; s[j]; j++)
    if (s[j] == ')' && !strncmp(s + j + 1, s + d, paren - d) && s[j + 1 + paren - d] == '"')
      return j + paren - d + 2;
  return strlen(s);
}

static bool is_word(const char *p, size_t n, const char *const *words) {
  for (; *words; words++)
    if (strlen(*words) == n && !memcmp(p, *words, n))
      return true;
  return false;
}

static size_t punct_len(const char *s) {
  static const char *const three[] = {"...", "<<=", ">>=", "->*", NULL};
  static const char *const two[] = {"::", "##", "->", "<<", ">>", "<=", ">=", "==", "!=", "&&",
                                    "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                                    "^=", ".*", NULL};
  for (int i = 0; three[i]; i++)
    if (!strncmp(s, three[i], 3))
      return 3;
  for (int i = 0; two[i]; i++)
    if (!strncmp(s, two[i], 2))
      return 2;
  return 1;
}

/* The next token into *t; false at the end of the text. */
static bool lex_next(Lex *L, Tok *t) {
  static const char *const enc[] = {"u8", "u", "U", "L", NULL};
  static const char *const raw[] = {"R", "u8R", "uR", "UR", "LR", NULL};
  lex_space(L);
  const char *s = L->s;
  size_t i = L->i, j = i + 1;
  if (!s[i])
    return false;
  *t = (Tok){s + i, 0, L->line, T_PUNCT, L->bol};
  L->bol = false;
  unsigned char c = (unsigned char)s[i];
  if (cxx_is_ident((char)c) && !isdigit(c)) {
    while (cxx_is_ident(s[j]))
      j++;
    t->kind = T_ID;
    if (s[j] == '"' && is_word(s + i, j - i, raw))
      j = raw_end(s, j), t->kind = T_STR;
    else if ((s[j] == '"' || s[j] == '\'') && is_word(s + i, j - i, enc))
      t->kind = s[j] == '"' ? T_STR : T_CHR, j = quoted_end(s, j);
  } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)s[i + 1]))) {
    for (t->kind = T_NUM; cxx_is_ident(s[j]) || s[j] == '.' ||
                          (s[j] == '\'' && cxx_is_ident(s[j + 1])) ||
                          ((s[j] == '+' || s[j] == '-') && strchr("eEpP", s[j - 1]));
         j++)
      ;
  } else if (c == '"' || c == '\'') {
    t->kind = c == '"' ? T_STR : T_CHR;
    j = quoted_end(s, i);
  } else
    j = i + punct_len(s + i);
  for (size_t k = i; k < j; k++)                   /* lines inside the token */
    L->line += s[k] == '\n';
  t->len = (uint32_t)(j - i);
  L->i = j;
  return true;
}

void cxx_lex_all(Pool *p, const char *text, uint32_t line, TokVec *out) {
  Lex L = {text, 0, line, true};
  Tok t;
  while (lex_next(&L, &t))
    cxx_push(p, out, &t);
}

/* ---------------------------------------------------------------- blanking */

/* Comments in [a, b) become spaces; white space and line splices stay. */
static void blank_gap(char *b, size_t a, size_t e) {
  for (size_t k = a; k < e; k++) {
    size_t n = splice(b, k);
    if (n)
      k += n - 1;
    else if (!isspace((unsigned char)b[k]))
      b[k] = ' ';
  }
}

char *cxx_blank(const char *src) {
  size_t n = strlen(src);
  char *b = malloc(n + 1);
  if (!b)
    return NULL;
  memcpy(b, src, n + 1);
  Lex L = {src, 0, 1, true};
  Tok t;
  for (;;) {
    size_t gap = L.i;
    bool more = lex_next(&L, &t);
    size_t at = more ? (size_t)(t.p - src) : n;
    blank_gap(b, gap, at);
    if (!more)
      break;
    if ((t.kind == T_STR || t.kind == T_CHR) && !cxx_is(&t, "\"C\"") && !cxx_is(&t, "\"C++\"")) {
      size_t q = at;
      while (src[q] != '"' && src[q] != '\'')     /* after the prefix */
        q++;
      size_t end = at + t.len - (src[at + t.len - 1] == src[q] && at + t.len - 1 > q);
      for (size_t k = q + 1; k < end; k++)
        if (src[k] != '\n')
          b[k] = ' ';
    }
  }
  return b;
}

/* ---------------------------------------------------------------- macros */

enum { MAXEXPAND = 64, MAXARGS = 64 };

struct Macro {
  Tok name;
  bool fn, variadic;
  Tok *params;
  int nparams;
  Tok *body;
  int nbody;
  Macro *next;
};

static Macro *find_macro(Scan *S, const Tok *t) {
  for (Macro *m = S->macros; m; m = m->next)
    if (m->name.len == t->len && !memcmp(m->name.p, t->p, t->len))
      return m;
  return NULL;
}

static void undef(Scan *S, const Tok *name) {
  for (Macro **m = &S->macros; *m; m = &(*m)->next)
    if ((*m)->name.len == name->len && !memcmp((*m)->name.p, name->p, name->len)) {
      *m = (*m)->next;
      return;
    }
}

/* #define from its tokens D[0..n) (D[0]: the name). */
static void define(Scan *S, const Tok *d, int n) {
  if (n < 1 || d[0].kind != T_ID)
    return;
  undef(S, &d[0]);
  Macro *m = cxx_alloc(&S->tmp, sizeof *m);
  m->name = d[0];
  int i = 1;
  if (n > 1 && cxx_is(&d[1], "(") && d[1].p == d[0].p + d[0].len) {
    m->fn = true;
    m->params = cxx_alloc(&S->tmp, sizeof *m->params * (size_t)n);
    for (i = 2; i < n && !cxx_is(&d[i], ")"); i++) {
      if (cxx_is(&d[i], "...")) {
        m->variadic = true;
        m->params[m->nparams++] = (Tok){"__VA_ARGS__", 11, 0, T_ID, false};
      } else if (d[i].kind == T_ID) {
        m->params[m->nparams++] = d[i];
        m->variadic |= i + 1 < n && cxx_is(&d[i + 1], "...");
      }
    }
    i++;
  }
  m->body = (Tok *)(d + i);
  m->nbody = i < n ? n - i : 0;
  m->next = S->macros;
  S->macros = m;
}

static int param_index(const Macro *m, const Tok *t) {
  for (int k = 0; t->kind == T_ID && k < m->nparams; k++)
    if (m->params[k].len == t->len && !memcmp(m->params[k].p, t->p, t->len))
      return k;
  return -1;
}

typedef struct Args {
  const Tok *a[MAXARGS];
  int n[MAXARGS];
  int count;
} Args;

/* The arguments of a call whose '(' is IN[I]: *close set to the ')' (-1 if none). */
static void call_args(const Macro *m, const Tok *in, int n, int i, Args *A, int *close) {
  *close = -1;
  A->count = 1;
  A->a[0] = &in[i + 1], A->n[0] = 0;
  for (int k = i + 1, depth = 0; k < n; k++) {
    if (cxx_is(&in[k], "("))
      depth++;
    else if (cxx_is(&in[k], ")") && depth-- == 0) {
      *close = k;
      return;
    } else if (cxx_is(&in[k], ",") && depth == 0 &&
               !(m->variadic && A->count >= m->nparams) && A->count < MAXARGS) {
      A->a[A->count] = &in[k + 1], A->n[A->count++] = 0;
      continue;
    }
    A->n[A->count - 1]++;
  }
}

static void expand(Scan *S, const Tok *in, int n, uint32_t line, const Macro **act, int nact,
                   TokVec *out);

/* Pastes the last token of OUT with R (`L ## R`). */
static void paste(Scan *S, TokVec *out, const Tok *r) {
  if (!out->n) {
    cxx_push(&S->tmp, out, r);
    return;
  }
  Tok *l = &out->v[out->n - 1];
  char *p = cxx_alloc(&S->tmp, l->len + r->len + 1);
  memcpy(p, l->p, l->len);
  memcpy(p + l->len, r->p, r->len);
  l->p = p, l->len += r->len;
}

/* M's body with the call's arguments in place. */
static void substitute(Scan *S, const Macro *m, const Args *A, const Macro **act, int nact,
                       TokVec *sub) {
  static const Tok empty_str = {"\"\"", 2, 0, T_STR, false};
  for (int k = 0; k < m->nbody; k++) {
    const Tok *t = &m->body[k];
    bool pasted = k > 0 && cxx_is(&m->body[k - 1], "##");
    bool pasting = k + 1 < m->nbody && cxx_is(&m->body[k + 1], "##");
    int pi;
    if (cxx_is(t, "##"))
      continue;
    if (cxx_is(t, "#") && k + 1 < m->nbody && param_index(m, &m->body[k + 1]) >= 0) {
      cxx_push(&S->tmp, sub, &empty_str);        /* a stringized argument */
      k++;
    } else if ((pi = param_index(m, t)) >= 0) {
      const Tok *a = pi < A->count ? A->a[pi] : NULL;
      int an = pi < A->count ? A->n[pi] : 0;
      if (pasted || pasting) {
        for (int j = 0; j < an; j++)
          if (j == 0 && pasted)
            paste(S, sub, &a[j]);
          else
            cxx_push(&S->tmp, sub, &a[j]);
      } else
        expand(S, a, an, 0, act, nact, sub);
    } else if (pasted)
      paste(S, sub, t);
    else
      cxx_push(&S->tmp, sub, t);
  }
}

static bool active_macro(const Macro *m, const Macro **act, int nact) {
  for (int k = 0; k < nact; k++)
    if (act[k] == m)
      return true;
  return false;
}

/* IN[0..n) with its macros expanded, onto OUT; LINE (if not 0) for every token made. */
static void expand(Scan *S, const Tok *in, int n, uint32_t line, const Macro **act, int nact,
                   TokVec *out) {
  for (int i = 0; i < n; i++) {
    const Macro *m = in[i].kind == T_ID ? find_macro(S, &in[i]) : NULL;
    if (m && (nact >= MAXEXPAND || active_macro(m, act, nact) ||
              (m->fn && !(i + 1 < n && cxx_is(&in[i + 1], "(")))))
      m = NULL;
    uint32_t at = line ? line : in[i].line;
    if (!m) {
      Tok t = in[i];
      t.line = at;
      cxx_push(&S->tmp, out, &t);
      continue;
    }
    act[nact] = m;
    if (!m->fn) {
      expand(S, m->body, m->nbody, at, act, nact + 1, out);
      continue;
    }
    Args A;
    int close;
    call_args(m, in, n, i + 1, &A, &close);
    if (close < 0) {                               /* not closed here: left as written */
      Tok t = in[i];
      cxx_push(&S->tmp, out, &t);
      continue;
    }
    TokVec sub = {0};
    substitute(S, m, &A, act, nact, &sub);
    expand(S, sub.v, sub.n, at, act, nact + 1, out);
    i = close;
  }
}

/* ---------------------------------------------------------------- #if */

typedef struct Ev {
  const Tok *t;
  int n, i;
} Ev;

static long long ev_cond(Ev *e);

static long long number(const Tok *t) {
  char buf[40];
  if (t->kind == T_CHR) {
    const char *q = memchr(t->p, '\'', t->len);
    return q && q[1] != '\\' ? (unsigned char)q[1] : 0;
  }
  size_t n = t->len < sizeof buf - 1 ? t->len : sizeof buf - 1;
  memcpy(buf, t->p, n);
  buf[n] = 0;
  return (long long)strtoull(buf, NULL, 0);
}

static long long ev_unary(Ev *e) {
  if (e->i >= e->n)
    return 0;
  const Tok *t = &e->t[e->i++];
  if (cxx_is(t, "(")) {
    long long v = ev_cond(e);
    e->i += e->i < e->n && cxx_is(&e->t[e->i], ")");
    return v;
  }
  if (cxx_is(t, "!"))
    return !ev_unary(e);
  if (cxx_is(t, "-"))
    return (long long)(0ull - (unsigned long long)ev_unary(e));
  if (cxx_is(t, "~"))
    return ~ev_unary(e);
  if (cxx_is(t, "+"))
    return ev_unary(e);
  if (t->kind == T_NUM || t->kind == T_CHR)
    return number(t);
  return cxx_is(t, "true");                        /* other names are 0 */
}

static const struct {
  const char *op;
  int prec;
} binops[] = {{"*", 10}, {"/", 10}, {"%", 10}, {"+", 9},  {"-", 9},  {"<<", 8},
              {">>", 8}, {"<", 7},  {">", 7},  {"<=", 7}, {">=", 7}, {"==", 6},
              {"!=", 6}, {"&", 5},  {"^", 4},  {"|", 3},  {"&&", 2}, {"||", 1}};

static int binop(const Tok *t) {
  for (size_t k = 0; k < sizeof binops / sizeof binops[0]; k++)
    if (t->kind == T_PUNCT && cxx_is(t, binops[k].op))
      return (int)k;
  return -1;
}

static long long apply(int op, long long l, long long r) {
  unsigned long long ul = (unsigned long long)l, ur = (unsigned long long)r;
  switch (op) {
  case 0: return (long long)(ul * ur);
  case 1: return r == 0 ? 0 : r == -1 ? (long long)(0ull - ul) : l / r;
  case 2: return r == 0 || r == -1 ? 0 : l % r;
  case 3: return (long long)(ul + ur);
  case 4: return (long long)(ul - ur);
  case 5: return (long long)(ul << (r & 63));
  case 6: return l >> (r & 63);
  case 7: return l < r;
  case 8: return l > r;
  case 9: return l <= r;
  case 10: return l >= r;
  case 11: return l == r;
  case 12: return l != r;
  case 13: return l & r;
  case 14: return l ^ r;
  case 15: return l | r;
  case 16: return l && r;
  default: return l || r;
  }
}

static long long ev_binary(Ev *e, int minprec) {
  long long l = ev_unary(e);
  for (int op; e->i < e->n && (op = binop(&e->t[e->i])) >= 0 && binops[op].prec >= minprec;) {
    e->i++;
    l = apply(op, l, ev_binary(e, binops[op].prec + 1));
  }
  return l;
}

static long long ev_cond(Ev *e) {
  long long c = ev_binary(e, 1);
  if (e->i < e->n && cxx_is(&e->t[e->i], "?")) {
    e->i++;
    long long a = ev_cond(e);
    e->i += e->i < e->n && cxx_is(&e->t[e->i], ":");
    long long b = ev_cond(e);
    return c ? a : b;
  }
  return c;
}

/* The value of #if's expression D[0..n). */
static bool if_value(Scan *S, const Tok *d, int n) {
  static const Tok one = {"1", 1, 0, T_NUM, false}, zero = {"0", 1, 0, T_NUM, false};
  TokVec v = {0}, x = {0};
  for (int i = 0; i < n; i++) {
    if (!cxx_is(&d[i], "defined")) {
      cxx_push(&S->tmp, &v, &d[i]);
      continue;
    }
    bool paren = i + 1 < n && cxx_is(&d[i + 1], "(");
    int k = i + 1 + paren;
    cxx_push(&S->tmp, &v, k < n && find_macro(S, &d[k]) ? &one : &zero);
    i = k + paren;
  }
  const Macro *act[MAXEXPAND];
  expand(S, v.v, v.n, 0, act, 0, &x);
  Ev e = {x.v, x.n, 0};
  return ev_cond(&e) != 0;
}

/* ---------------------------------------------------------------- directives */

enum { MAXCOND = 256 };

typedef struct Cond {
  bool parent, on, taken;                          /* enclosing active; this branch; any */
} Cond;

typedef struct Pp {
  Cond c[MAXCOND];
  int depth;                                       /* deeper than MAXCOND: counted only */
} Pp;

static bool pp_active(const Pp *pp) {
  return pp->depth == 0 || pp->depth > MAXCOND || pp->c[pp->depth - 1].on;
}

static void directive(Scan *S, Pp *pp, const Tok *d, int n) {
  if (n < 1 || d[0].kind != T_ID)
    return;
  bool on = pp_active(pp);
  const Tok *w = &d[0];
  Cond *top = pp->depth > 0 && pp->depth <= MAXCOND ? &pp->c[pp->depth - 1] : NULL;
  if (cxx_is(w, "if") || cxx_is(w, "ifdef") || cxx_is(w, "ifndef")) {
    bool v = on && (cxx_is(w, "if")    ? if_value(S, d + 1, n - 1)
                    : cxx_is(w, "ifdef") ? n > 1 && find_macro(S, &d[1])
                                        : !(n > 1 && find_macro(S, &d[1])));
    if (pp->depth++ < MAXCOND)
      pp->c[pp->depth - 1] = (Cond){on, on && v, on && v};
  } else if (cxx_is(w, "elif") && top) {
    top->on = top->parent && !top->taken && if_value(S, d + 1, n - 1);
    top->taken |= top->on;
  } else if (cxx_is(w, "else") && top) {
    top->on = top->parent && !top->taken;
    top->taken = true;
  } else if (cxx_is(w, "endif") && pp->depth > 0)
    pp->depth--;
  else if (on && cxx_is(w, "define"))
    define(S, d + 1, n - 1);
  else if (on && cxx_is(w, "undef") && n > 1)
    undef(S, &d[1]);
}

/* A macro from "NAME VALUE" (an option's -DNAME=VALUE, a predefined one). */
static void define_text(Scan *S, const char *text, size_t n) {
  char *t = cxx_strndup(&S->tmp, text, n);
  char *eq = strchr(t, '=');
  if (eq)
    *eq = ' ';
  else if (!strchr(t, ' ')) {                /* "NAME": NAME is 1, as -DNAME */
    size_t len = strlen(t);
    char *u = cxx_alloc(&S->tmp, len + 3);    /* zeroed: the NUL after " 1" */
    memcpy(u, t, len);
    memcpy(u + len, " 1", 2);
    t = u;
  }
  TokVec v = {0};
  cxx_lex_all(&S->tmp, t, 0, &v);
  define(S, v.v, v.n);
}

int cxx_macro_option(const char *const *opt, int n, int i, bool *def, const char **text) {
  const char *o = opt[i];
  *def = true;
  if (!strncmp(o, "-D", 2) || !strncmp(o, "-U", 2)) {
    *def = o[1] == 'D';
    if (o[2])
      return *text = o + 2, 1;
    return i + 1 < n ? (*text = opt[i + 1], 2) : 0;
  }
  if (!strncmp(o, "--define-macro=", 15))
    return *text = o + 15, 1;
  if (!strncmp(o, "--undefine-macro=", 17))
    return *def = false, *text = o + 17, 1;
  return 0;
}

size_t cxx_macro_split(const char *text, const char **value, size_t *ident) {
  const char *eq = strchr(text, '=');
  *value = eq ? eq + 1 : "1";
  for (*ident = 0; cxx_is_ident(text[*ident]); ++*ident)
    ;
  return eq ? (size_t)(eq - text) : strlen(text);
}

static void option_macros(Scan *S, const char *const *opt, int n) {
  static const char *const predefined[] = {"__CUDACC__ 1", "__CUDACC_RTC__ 1",
                                           "__CUDA_ARCH__ 520", "__cplusplus 201703L", NULL};
  for (int i = 0; predefined[i]; i++)
    define_text(S, predefined[i], strlen(predefined[i]));
  for (int i = 0; i < n; i++) {
    const char *v = NULL;
    bool def = true;
    int k = cxx_macro_option(opt, n, i, &def, &v);
    i += k > 1;
    if (v && def)
      define_text(S, v, strlen(v));
    else if (v) {
      TokVec t = {0};
      cxx_lex_all(&S->tmp, v, 0, &t);
      if (t.n)
        undef(S, &t.v[0]);
    }
  }
}

void cxx_preprocess(Scan *S, const char *code, const char *const *options, int noptions) {
  option_macros(S, options, noptions);
  Lex L = {code, 0, 1, true};
  Pp pp = {.depth = 0};
  TokVec run = {0};
  const Macro *act[MAXEXPAND];
  Tok t;
  bool more = lex_next(&L, &t);
  while (more) {
    if (!(t.bol && cxx_is(&t, "#"))) {
      if (pp_active(&pp))
        cxx_push(&S->tmp, &run, &t);
      more = lex_next(&L, &t);
      continue;
    }
    expand(S, run.v, run.n, 0, act, 0, &S->toks);
    run.n = 0;
    TokVec d = {0};                                /* the directive's line */
    while ((more = lex_next(&L, &t)) && !t.bol)
      cxx_push(&S->tmp, &d, &t);
    directive(S, &pp, d.v, d.n);
  }
  expand(S, run.v, run.n, 0, act, 0, &S->toks);
}
