/*
 * cxxvol.c: loops that wait on volatile memory, made to give way on the CPU backend
 * (docs/design.md §7.1, language.md "Spin waits").
 *
 * On a GPU a thread may wait in a loop that reads volatile memory and calls nothing
 * (`while (flags[b] == 0);`) for another block or thread to write it. On the CPU backend
 * the threads of a grid are fibers that switch only where the preamble makes them (an
 * atomic, a fence, __nanosleep: cpu/spin.c), so such a loop would never let the writer
 * run. This pass finds each `while`, `do ... while` and `for` loop whose condition or
 * body reads volatile memory and puts a poll into its condition, `pykc_vspin()` (the
 * preamble's): every PYKC_VOLATILE_TRIPS trips the thread yields as a __threadfence()
 * loop does, and the rest of its block and grid runs. No timer: a thread gives way only
 * at its own poll, between two evaluations of the condition.
 *
 * "Reads volatile memory" is read from the text: the loop's condition or body names the
 * keyword `volatile` (a cast: `*(volatile unsigned *)done`) or a name declared with it
 * (a parameter `volatile int *flags`, `__shared__ volatile int token`, a local), or with
 * a typedef that has it; for a `for` with an increment (`for (k = 0; k < n; k++)`: it
 * ends by itself), only its condition counts. A loop without either is left as written,
 * so a kernel that reads no volatile memory compiles to the same code (and a copy loop
 * over volatile bytes, as the forms' reductions have, too). Loops inside macros are not
 * seen.
 *
 * The poll goes in front of the condition, as the left operand of a comma: `while
 * (pykc_vspin(), COND)`, `for (I; pykc_vspin(), COND; S)` (an empty COND: `1`),
 * `do B while (pykc_vspin(), COND);`. A condition that declares a variable (`while (int
 * k = f())`) is left alone. The text keeps every line where it was.
 */
#include "cpu.h"
#include "cxx/cxxscan.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  char **v;                                        /* the names that read volatile memory */
  int n, cap;
  bool oom;
} VNames;

typedef struct {
  size_t at;                                       /* where a poll goes */
  bool one;                                        /* ... with `1` after it (empty COND) */
} Poll;

typedef struct {
  Poll *v;
  int n, cap;
  bool oom;
  size_t do_while[64];                             /* the `while`s of do loops seen */
  int ndo;
} Polls;

static bool has_name(const VNames *V, const char *p, size_t len) {
  for (int k = 0; k < V->n; k++)
    if (strlen(V->v[k]) == len && memcmp(V->v[k], p, len) == 0)
      return true;
  return false;
}

static void add_name(VNames *V, const char *p, size_t len) {
  if (has_name(V, p, len))
    return;
  if (V->n == V->cap) {
    int cap = V->cap ? 2 * V->cap : 16;
    char **v = realloc(V->v, sizeof *v * (size_t)cap);
    if (!v) {
      V->oom = true;
      return;
    }
    V->v = v, V->cap = cap;
  }
  char *s = malloc(len + 1);
  if (!s) {
    V->oom = true;
    return;
  }
  memcpy(s, p, len);
  s[len] = 0;
  V->v[V->n++] = s;
}

/* Words of a declaration that are no declarator's name. */
static const char *const non_names[] = {
    "volatile", "const", "static", "extern", "register", "unsigned", "signed", "int", "long",
    "short", "char", "float", "double", "bool", "void", "auto", "__shared__", "__device__",
    "__constant__", "__restrict__", "__restrict", "restrict", "struct", "class", "union",
    "typename", "typedef", "inline", "__forceinline__", "mutable", "thread_local"};

static bool non_name(const char *b, size_t i) {
  for (size_t k = 0; k < sizeof non_names / sizeof *non_names; k++)
    if (cxx_word_at(b, i, non_names[k]))
      return true;
  return false;
}

/* Is B[I] inside a parenthesis of its statement (a parameter list, a cast, a for's
   header)? */
static bool in_parens(const char *b, size_t i) {
  int depth = 0;
  while (i-- > 0 && b[i] != ';' && b[i] != '{' && b[i] != '}')
    if ((depth += (b[i] == ')') - (b[i] == '(')) < 0)
      return true;
  return false;
}

/* The names declared by the declaration whose keyword is at B[I]: the first word after it
   (no type keyword) that a declarator's end follows (`,` `;` `)` `=` `[` `{`), at the
   same bracket depth, and outside parentheses the declarators after each top-level comma
   too (`__shared__ int first, count;`); none for a cast (`(volatile unsigned *)p` closes
   first). */
static void declared_name(const char *b, size_t i, VNames *V) {
  size_t len = strlen(b);
  bool one = in_parens(b, i);
  int depth = 0;
  for (i = cxx_word_end(b, i); i < len; i++) {
    char ch = b[i];
    if (ch == '(' || ch == '[' || ch == '<')
      depth++;
    else if (ch == ')' || ch == ']' || ch == '>') {
      if (--depth < 0)
        return;
    } else if (ch == ';' || ch == '{' || ch == '}')
      return;
    else if (depth == 0 && (cxx_is_ident(ch) && !(ch >= '0' && ch <= '9')) &&
             (i == 0 || !cxx_is_ident(b[i - 1]))) {
      size_t e = cxx_word_end(b, i), n = cxx_skip_ws(b, e, len);
      if (!non_name(b, i) && (b[n] == ',' || b[n] == ';' || b[n] == ')' || b[n] == '=' ||
                              b[n] == '[' || b[n] == '{')) {
        add_name(V, b + i, e - i);
        if (one)
          return;
        for (i = n; i < len && b[i] != ',' && b[i] != ';'; i++)   /* to the next one */
          if (b[i] == '(' || b[i] == '[' || b[i] == '{')
            i = cxx_close_nested(b, i, len) - 1;
        if (i >= len || b[i] == ';')
          return;
        continue;
      }
      i = e - 1;
    }
  }
}

/* Does B[A, E) name `volatile` or one of V's names? */
static bool reads_volatile(const char *b, size_t a, size_t e, const VNames *V) {
  for (size_t i = a; i < e; i++) {
    if (!cxx_is_ident(b[i]) || (i > 0 && cxx_is_ident(b[i - 1])))
      continue;
    size_t w = cxx_word_end(b, i);
    if ((w - i == 8 && memcmp(b + i, "volatile", 8) == 0) || has_name(V, b + i, w - i))
      return true;
    i = w - 1;
  }
  return false;
}

/* Is the word at B[I] in a typedef (one since the last `;`, `{` or `}`)? */
static bool in_typedef(const char *b, size_t i) {
  size_t a = i;
  while (a > 0 && b[a - 1] != ';' && b[a - 1] != '{' && b[a - 1] != '}')
    a--;
  for (; a < i; a++)
    if (cxx_word_at(b, a, "typedef") && (a == 0 || !cxx_is_ident(b[a - 1])))
      return true;
  return false;
}

/* The names B declares with keyword KW: the declarators of declarations with it (not
   asm's `volatile`), and of declarations with a typedef's name that has it (TYPES). */
static void keyword_names(const char *b, const char *kw, VNames *V, VNames *types) {
  size_t len = strlen(b), kwlen = strlen(kw);
  for (int pass = 0; pass < 2 && (pass == 0 || types->n); pass++)
    for (size_t i = 0; i < len; i++) {
      if (!cxx_is_ident(b[i]) || (i > 0 && cxx_is_ident(b[i - 1])))
        continue;
      size_t w = cxx_word_end(b, i), e = i;
      while (e > 0 && (b[e - 1] == ' ' || b[e - 1] == '\t' || b[e - 1] == '\n'))
        e--;
      bool asm_q = (e >= 3 && cxx_word_at(b, e - 3, "asm")) ||
                   (e >= 7 && cxx_word_at(b, e - 7, "__asm__"));
      bool vol = pass == 0 ? w - i == kwlen && memcmp(b + i, kw, kwlen) == 0 && !asm_q
                           : has_name(types, b + i, w - i);
      if (vol) {
        int before = V->n;
        declared_name(b, i, V);
        if (V->n > before && pass == 0 && in_typedef(b, i))
          add_name(types, V->v[V->n - 1], strlen(V->v[V->n - 1]));
      }
      i = w - 1;
    }
}

static void add_poll(Polls *P, size_t at, bool one) {
  if (P->n == P->cap) {
    int cap = P->cap ? 2 * P->cap : 8;
    Poll *v = realloc(P->v, sizeof *v * (size_t)cap);
    if (!v) {
      P->oom = true;
      return;
    }
    P->v = v, P->cap = cap;
  }
  P->v[P->n++] = (Poll){at, one};
}

static int by_offset(const void *x, const void *y) {
  size_t a = ((const Poll *)x)->at, b = ((const Poll *)y)->at;
  return (a > b) - (a < b);
}

/* The end of the statement starting at B[I] (after its `;` or closing brace). */
static size_t statement_end(const char *b, size_t i, size_t len) {
  i = cxx_skip_ws(b, i, len);
  if (b[i] == '{') {
    int depth = 0;
    for (; i < len; i++) {
      depth += (b[i] == '{') - (b[i] == '}');
      if (depth == 0)
        return i + 1;
    }
    return len;
  }
  if (cxx_word_at(b, i, "do")) {                   /* do S while (C); */
    size_t s = statement_end(b, i + 2, len), w = cxx_skip_ws(b, s, len);
    if (cxx_word_at(b, w, "while"))
      s = cxx_skip_ws(b, w + 5, len);
    if (b[s] == '(')
      s = cxx_close_group(b, s, len);
    s = cxx_skip_ws(b, s, len);
    return s < len && b[s] == ';' ? s + 1 : s;
  }
  for (const char *kw = "while\0for\0if\0switch\0"; *kw; kw += strlen(kw) + 1)
    if (cxx_word_at(b, i, kw)) {                   /* KW (...) S, if's else S too */
      size_t p = cxx_skip_ws(b, i + strlen(kw), len);
      if (b[p] != '(')
        break;
      size_t s = statement_end(b, cxx_close_group(b, p, len), len);
      size_t e = cxx_skip_ws(b, s, len);
      return kw[0] == 'i' && cxx_word_at(b, e, "else") ? statement_end(b, e + 4, len) : s;
    }
  int depth = 0;
  for (; i < len; i++) {
    depth += (b[i] == '(' || b[i] == '[' || b[i] == '{') - (b[i] == ')' || b[i] == ']' || b[i] == '}');
    if (depth <= 0 && b[i] == ';')
      return i + 1;
    if (depth < 0)
      return i;
  }
  return len;
}

/* Does the condition B[A, E) declare a variable: its first word a type keyword's, or
   `TYPE NAME =` / `TYPE *NAME =` (a type's name: `size_t k = next()`)? */
static bool declares(const char *b, size_t a, size_t e) {
  a = cxx_skip_ws(b, a, e);
  if (a >= e)
    return false;
  if (non_name(b, a))
    return !cxx_word_at(b, a, "volatile");
  if (!cxx_is_ident(b[a]))
    return false;
  size_t i = cxx_word_end(b, a);                       /* TYPE, its ::, <...>, *, & */
  for (int depth = 0; i < e; i++) {
    char ch = b[i];
    depth += (ch == '<') - (ch == '>');
    if (depth > 0 || ch == '>' || ch == ':' || ch == '*' || ch == '&' || ch == ' ' ||
        ch == '\t' || ch == '\n' || (cxx_is_ident(ch) && cxx_is_ident(b[i - 1])))
      continue;
    break;
  }
  if (i >= e || !cxx_is_ident(b[i]) || b[i - 1] == ':' || !(b[i - 1] == ' ' || b[i - 1] == '*' ||
                                                            b[i - 1] == '&' || b[i - 1] == '>'))
    return false;
  size_t n = cxx_skip_ws(b, cxx_word_end(b, i), e);    /* NAME, then = or { */
  return n < e && (b[n] == '{' || (b[n] == '=' && b[n + 1] != '='));
}

/* The loop whose keyword is at B[I]: a poll in front of its condition when its condition
   or body reads volatile memory (a do loop's `while` noted in P, not a loop of its own). */
static void loop_at(const char *b, size_t i, size_t len, const VNames *V, Polls *P) {
  if (cxx_word_at(b, i, "do")) {
    size_t body = i + 2, s = statement_end(b, body, len), w = cxx_skip_ws(b, s, len);
    if (!cxx_word_at(b, w, "while"))
      return;
    size_t p = cxx_skip_ws(b, w + 5, len);
    if (P->ndo < (int)(sizeof P->do_while / sizeof *P->do_while))
      P->do_while[P->ndo++] = w;
    if (b[p] != '(')
      return;
    size_t q = cxx_close_group(b, p, len);
    if (!declares(b, p + 1, q - 1) && reads_volatile(b, body, q, V))
      add_poll(P, p + 1, false);
    return;
  }
  bool is_for = cxx_word_at(b, i, "for");
  size_t p = cxx_skip_ws(b, i + (is_for ? 3 : 5), len);
  if (b[p] != '(')
    return;
  size_t q = cxx_close_group(b, p, len), end = statement_end(b, q, len);
  size_t ca = p + 1, ce = q - 1;                   /* the condition */
  if (is_for) {
    size_t semi[2], n = 0;
    int depth = 0;
    for (size_t k = p + 1; k < q - 1 && n < 2; k++) {
      depth += (b[k] == '(' || b[k] == '[' || b[k] == '{') - (b[k] == ')' || b[k] == ']' || b[k] == '}');
      if (depth == 0 && b[k] == ';')
        semi[n++] = k;
    }
    if (n < 2)                                     /* a range for: no condition */
      return;
    ca = semi[0] + 1, ce = semi[1];
  }
  size_t step = is_for ? cxx_skip_ws(b, ce + 1, q - 1) : q - 1;   /* a for's increment */
  bool counted = step < q - 1;                     /* it steps: it ends by itself unless */
  if (declares(b, ca, ce) ||                       /* its condition reads volatile memory */
      !(reads_volatile(b, ca, ce, V) || (!counted && reads_volatile(b, p, end, V))))
    return;
  size_t c = cxx_skip_ws(b, ca, ce);
  add_poll(P, ca, c >= ce);
}

char *cxx_volatile_polls(const char *text, bool *oom) {
  *oom = false;
  char *b = cxx_blank(text);
  if (!b)
    return *oom = true, NULL;
  VNames V = {0}, types = {0};
  Polls P = {0};
  size_t len = strlen(b);
  bool any = strstr(b, "volatile") != NULL;
  if (any)
    keyword_names(b, "volatile", &V, &types);
  bool line_start = true;
  for (size_t i = 0; any && i < len; i++) {
    char ch = b[i];
    if (line_start && ch == '#') {                 /* a preprocessor line */
      i = cxx_line_end(b, i);
      continue;
    }
    line_start = ch == '\n' || (line_start && (ch == ' ' || ch == '\t'));
    if (!cxx_is_ident(ch) || (i > 0 && cxx_is_ident(b[i - 1])))
      continue;
    bool tail = false;                             /* a do loop's while */
    for (int k = 0; k < P.ndo; k++)
      tail |= P.do_while[k] == i;
    if (!tail && (cxx_word_at(b, i, "while") || cxx_word_at(b, i, "for") ||
                  cxx_word_at(b, i, "do")))
      loop_at(b, i, len, &V, &P);
    i = cxx_word_end(b, i) - 1;
  }
  char *out = NULL;
  bool short_of = P.oom || V.oom || types.oom;
  if (P.n && !short_of) {
    static const char poll[] = "pykc_vspin(), ";
    qsort(P.v, (size_t)P.n, sizeof *P.v, by_offset);
    out = malloc(len + (size_t)P.n * (sizeof poll + 2) + 1);
    if (out) {
      size_t o = 0, from = 0;
      for (int k = 0; k < P.n; k++) {
        memcpy(out + o, text + from, P.v[k].at - from), o += P.v[k].at - from;
        from = P.v[k].at;
        memcpy(out + o, poll, sizeof poll - 1), o += sizeof poll - 1;
        if (P.v[k].one)
          out[o++] = '1';
      }
      memcpy(out + o, text + from, len - from + 1);
    }
  }
  *oom = short_of || (P.n && !out);
  for (int k = 0; k < V.n; k++)
    free(V.v[k]);
  for (int k = 0; k < types.n; k++)
    free(types.v[k]);
  free(V.v);
  free(types.v);
  free(P.v);
  free(b);
  return out;
}

char **cxx_declared_names(const char *b, const char *kw) {
  VNames V = {0}, types = {0};
  keyword_names(b, kw, &V, &types);
  for (int k = 0; k < types.n; k++)
    free(types.v[k]);
  free(types.v);
  char **out = V.oom || types.oom ? NULL : realloc(V.v, sizeof *V.v * (size_t)(V.n + 1));
  if (!out) {
    for (int k = 0; k < V.n; k++)
      free(V.v[k]);
    free(V.v);
    return NULL;
  }
  out[V.n] = NULL;
  return out;
}

void cxx_names_free(char **v) {
  for (char **p = v; p && *p; p++)
    free(*p);
  free(v);
}

size_t cxx_statement_end(const char *b, size_t i, size_t len) {
  return statement_end(b, i, len);
}
