/*
 * cxxwarp.c: warp-synchronous code made to run in lock step on the CPU backend
 * (docs/design.md §7.1, language.md "Warp-synchronous code").
 *
 * Programs written for GPUs before __syncwarp existed (the CUDA samples' reductions, and
 * the many kernels that copy them) finish a reduction inside one warp with no barrier:
 *
 *     __device__ void warpReduce(volatile float *s, int tid) {
 *         s[tid] += s[tid + 32]; s[tid] += s[tid + 16]; ... }
 *
 * On the GPU the 32 lanes of a warp execute each statement together: every lane reads
 * s[tid] and s[tid + 16] before any lane writes. On the CPU backend the threads are fibers
 * that switch only at barriers and collectives, so lane 0 would run the whole function
 * before lane 1 starts. This pass gives such code the GPU's order: each statement that
 * stores to memory declared `volatile` or `__shared__` (an assignment `LHS op= RHS;`
 * whose LHS names such a variable, or the keyword volatile) becomes
 *
 *     { auto pykc_w_ = (RHS); pykc_wstep(D); LHS op= pykc_w_; pykc_wstep(D); }
 *
 * and each if, loop or switch holding one is followed by a reconvergence point,
 * `{ STATEMENT pykc_wstep(D); }`. pykc_wstep (fiber.c) waits until nothing else of the
 * block can run, then lets the warp's lanes at the deepest point (D: the brace depth of
 * the statement) go on, in lane order: the lanes read, then all of them write, then all
 * of them go on to the next statement, and lanes that skipped a branch wait at its end
 * for those that took it, as a GPU's divergent warp reconverges. Code that synchronizes
 * properly computes what it did (a point only lets other threads run); code that relied
 * on the warp's lock step computes what the GPU computes.
 *
 * Read from the blanked text. A statement is left as written when its LHS declares
 * (`float v = s[tid];`), spans lines, or its RHS is a braced list. The text keeps every
 * line where it was. Statements inside macros are not seen.
 */
#include "cpu.h"
#include "cxx/cxxscan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  size_t at, del;                                  /* replace B[at, at + del) ... */
  char *text;                                      /* ... with this (malloc'd) */
  int seq;                                         /* order among edits at one offset */
} Edit;

typedef struct {
  const char *t, *b;                               /* the text, blanked */
  size_t len;
  char **names;                                    /* volatile and __shared__ names */
  struct {
    size_t at, len;                                /* in B */
  } local[32];                                     /* the pointer and reference */
  int nlocal;                                      /* parameters of the device function */
  Edit *v;
  int n, cap;
  bool oom;
} Pass;

static bool named(const Pass *P, size_t a, size_t e) {
  for (size_t i = a; i < e; i++) {
    if (!cxx_is_ident(P->b[i]) || (i > 0 && cxx_is_ident(P->b[i - 1])))
      continue;
    size_t w = i;
    while (cxx_is_ident(P->b[w]))
      w++;
    if (w - i == 8 && memcmp(P->b + i, "volatile", 8) == 0)
      return true;
    for (char **n = P->names; *n; n++)
      if (strlen(*n) == w - i && memcmp(*n, P->b + i, w - i) == 0)
        return true;
    for (int k = 0; k < P->nlocal; k++)
      if (P->local[k].len == w - i && memcmp(P->b + P->local[k].at, P->b + i, w - i) == 0)
        return true;
    i = w - 1;
  }
  return false;
}

static void add_edit(Pass *P, size_t at, size_t del, char *text) {
  if (!text || P->n == P->cap) {
    int cap = P->cap ? 2 * P->cap : 16;
    Edit *v = text ? realloc(P->v, sizeof *v * (size_t)cap) : NULL;
    if (!v) {
      free(text);
      P->oom = true;
      return;
    }
    P->v = v, P->cap = cap;
  }
  P->v[P->n] = (Edit){at, del, text, P->n};
  P->n++;
}

static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = n < 0 ? NULL : malloc((size_t)n + 1);
  if (s) {
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  return s;
}

/* The index after the group opening at B[I] ((, [ or {), at most E. */
/* Does LHS B[A, E) declare (`float v`, `const T *p`, `int a[4]`): two names in a row, or a
   name, `*` or `&`, and a name, at bracket depth 0 (no `.` or `->` before the first)? */
static bool declares(const char *b, size_t a, size_t e) {
  const char *prev = NULL;                         /* the last token's kind */
  for (size_t i = a; i < e;) {
    char ch = b[i];
    if (ch == ' ' || ch == '\t' || ch == '\n') {
      i++;
      continue;
    }
    if (ch == '(' || ch == '[') {
      i = cxx_close_nested(b, i, e);
      prev = ")";
      continue;
    }
    if (cxx_is_ident(ch) && !(ch >= '0' && ch <= '9')) {
      if (prev && (!strcmp(prev, "id") || !strcmp(prev, "id*")))
        return true;
      prev = prev && (!strcmp(prev, ".")) ? "member" : "id";
      i = cxx_word_end(b, i);
      continue;
    }
    if ((ch == '*' || ch == '&') && prev && !strcmp(prev, "id"))
      prev = "id*";
    else if (ch == '.' || (ch == '-' && b[i + 1] == '>') || (ch == ':' && b[i + 1] == ':'))
      prev = ".", i += ch != '.';
    else
      prev = "op";
    i++;
  }
  return false;
}

/* The last assignment operator at the top level of statement B[A, E) (`s[t] = sum = sum +
   s[t + 32]`: the second; what follows it is the value stored, what precedes it the
   stores): its offset and length (`=`, `+=`, `<<=`, ...), or false. */
static bool assign_op(const char *b, size_t a, size_t e, size_t *op, size_t *oplen) {
  bool found = false;
  for (size_t i = a; i < e; i++) {
    char ch = b[i];
    if (ch == '(' || ch == '[' || ch == '{') {
      i = cxx_close_nested(b, i, e) - 1;
      continue;
    }
    if (ch == '?')                                 /* c ? x = 1 : y: not a statement's */
      return found;
    if (ch != '=' || b[i + 1] == '=')
      continue;
    if (i > a && b[i - 1] == '=')
      continue;
    size_t k = i;
    if (k > a && strchr("+-*/%&|^", b[k - 1]))
      k--;
    else if (k > a + 1 && (b[k - 1] == '<' || b[k - 1] == '>') && b[k - 2] == b[k - 1])
      k -= 2;
    else if (k > a && strchr("<>!", b[k - 1]))     /* <=, >=, != */
      continue;
    *op = k, *oplen = i + 1 - k;
    found = true;
  }
  return found;
}

/* Statement B[A, SEMI) (SEMI at its `;`) at depth DEPTH: a store to volatile or shared
   memory is rewritten. Returns whether it was. */
static bool statement(Pass *P, size_t a, size_t semi, int depth) {
  const char *b = P->b;
  size_t op = 0, oplen = 0;
  a = cxx_skip_ws(b, a, semi);
  if (!assign_op(b, a, semi, &op, &oplen) || !named(P, a, op) || declares(b, a, op))
    return false;
  size_t rhs = cxx_skip_ws(b, op + oplen, semi);
  if (rhs >= semi || b[rhs] == '{' || memchr(b + a, '\n', op - a))
    return false;
  size_t le = op;
  while (le > a && (b[le - 1] == ' ' || b[le - 1] == '\t'))
    le--;
  add_edit(P, a, semi + 1 - a,
           dupf("{ auto pykc_w_ = (%.*s); pykc_wstep(%d); %.*s %.*s pykc_w_; pykc_wstep(%d); }",
                (int)(semi - rhs), P->t + rhs, depth, (int)(le - a), P->t + a, (int)oplen,
                P->t + op, depth));
  return true;
}

static bool block(Pass *P, size_t i, size_t e, int depth);

/* Is B[A, BODY) the header of a function whose stores stay as written: a constexpr one
   (it may be evaluated at compile time, where pykc_wstep cannot be called), or one that
   returns a value but whose body (to E) has no return statement: NVCC lets it fall off
   its end (qokit's `__device__ constexpr double2 rot_x(...)` returns nothing), g++ takes
   that end to be unreachable, so a lock-step point there would run into whatever code
   follows. */
static bool falls_off(const char *b, size_t a, size_t body, size_t e) {
  size_t p = a;
  while (p < body && b[p] != '(')
    p++;
  if (p >= body)
    return false;                                  /* a struct, a namespace, extern "C" */
  for (size_t k = a; k < p; k++)                  /* constexpr: no call of pykc_wstep */
    if (cxx_word_at(b, k, "constexpr") && (k == 0 || !cxx_is_ident(b[k - 1])))
      return true;
  for (size_t k = a; k < p; k++)
    if (cxx_word_at(b, k, "void") && (k == 0 || !cxx_is_ident(b[k - 1])))
      return false;
  for (size_t k = body; k < e; k++)
    if (cxx_word_at(b, k, "return") && !cxx_is_ident(b[k - 1]))
      return false;
  return true;
}

/* The header B[A, E) of a definition with a body: a function that is not a __global__
   kernel has its pointer and reference parameters noted in P->local (what the caller's
   shared memory may come in by: `int *retval`, `T &state`). Returns how many. */
static int device_params(Pass *P, size_t a, size_t e) {
  const char *b = P->b;
  size_t p = a;
  while (p < e && b[p] != '(')
    p++;
  if (p >= e)
    return 0;
  for (size_t k = a; k < p; k++)
    if (cxx_word_at(b, k, "__global__") && (k == 0 || !cxx_is_ident(b[k - 1])))
      return 0;
  size_t q = cxx_close_nested(b, p, e) - 1;                /* the ')' */
  int n = 0;
  for (size_t s = p + 1; s < q && P->nlocal < 32;) {
    size_t c = s;                                  /* one parameter: S to C */
    for (; c < q && b[c] != ','; c++)
      if (b[c] == '(' || b[c] == '[' || b[c] == '<') {
        int d = 0;
        for (; c < q; c++)
          if ((d += (b[c] == '(' || b[c] == '[' || b[c] == '<') -
                    (b[c] == ')' || b[c] == ']' || b[c] == '>')) == 0)
            break;
      }
    bool ptr = memchr(b + s, '*', c - s) || memchr(b + s, '&', c - s);
    size_t ne = c;                                 /* its name: the last word before a */
    for (size_t k = s; k < c; k++)                 /* default or the end */
      if (b[k] == '=') {
        ne = k;
        break;
      }
    while (ne > s && !cxx_is_ident(b[ne - 1]))
      ne--;
    size_t ns = ne;
    while (ns > s && cxx_is_ident(b[ns - 1]))
      ns--;
    if (ptr && ne > ns) {
      P->local[P->nlocal].at = ns;
      P->local[P->nlocal++].len = ne - ns;
      n++;
    }
    s = c + 1;
  }
  return n;
}

/* One statement at B[I] (before E), at DEPTH; *END: where it ends. Returns whether it
   holds a rewritten store. */
static bool one(Pass *P, size_t i, size_t e, int depth, size_t *end) {
  const char *b = P->b;
  i = cxx_skip_ws(b, i, e);
  *end = i + 1;
  if (i >= e)
    return *end = e, false;
  if (b[i] == '{') {
    size_t c = cxx_close_nested(b, i, e);
    *end = c;
    return block(P, i + 1, c - 1, depth + 1);
  }
  static const char *const ctl[] = {"if", "for", "while", "switch", "do"};
  for (size_t k = 0; k < sizeof ctl / sizeof *ctl; k++) {
    if (!cxx_word_at(b, i, ctl[k]))
      continue;
    size_t s = cxx_statement_end(b, i, e), body = i + strlen(ctl[k]);
    if (k < 4) {                                   /* KW (...) BODY [else BODY] */
      size_t p = cxx_skip_ws(b, body, e);
      if (p >= e || b[p] != '(')
        break;
      body = cxx_close_nested(b, p, e);
    }
    bool any = false;
    size_t j = body, je;
    while (j < s) {                                /* the bodies, an else and its if */
      j = cxx_skip_ws(b, j, s);
      if (j >= s)
        break;
      if (cxx_word_at(b, j, "else")) {
        j += 4;
        continue;
      }
      if (k == 4 && cxx_word_at(b, j, "while"))    /* do's tail */
        break;
      any |= one(P, j, s, depth + 1, &je);
      j = je;
    }
    if (any) {
      add_edit(P, i, 0, dupf("{ "));
      add_edit(P, s, 0, dupf(" pykc_wstep(%d); }", depth));
    }
    *end = s;
    return any;
  }
  static const char *const skip[] = {"return", "break", "continue", "goto", "typedef",
                                     "using", "template", "case", "default", "asm",
                                     "__asm__", "static_assert"};
  for (size_t k = 0; k < sizeof skip / sizeof *skip; k++)
    if (cxx_word_at(b, i, skip[k])) {
      if (k == 7 || k == 8) {                      /* a label: case X: / default: */
        size_t c = i;
        while (c < e && !(b[c] == ':' && b[c + 1] != ':' && (c == 0 || b[c - 1] != ':')))
          c++;
        *end = c + 1;
        return false;
      }
      if (k == 6) {                                /* template<...>: what follows */
        size_t c = cxx_skip_ws(b, i + 8, e);
        if (c < e && b[c] == '<') {
          int d = 0;
          for (; c < e; c++)
            if ((d += (b[c] == '<') - (b[c] == '>')) == 0)
              break;
          return one(P, c + 1, e, depth, end);
        }
      }
      *end = cxx_statement_end(b, i, e);
      return false;
    }
  /* A declaration or expression up to its `;`, or a header with a body (a function, a
     struct, a namespace, extern "C") when a `{` comes first and no `=` before it. */
  bool eq = false;
  for (size_t j = i; j < e; j++) {
    char ch = b[j];
    if (ch == '(' || ch == '[') {
      j = cxx_close_nested(b, j, e) - 1;
      continue;
    }
    if (ch == '=')
      eq = true;
    if (ch == '{') {
      size_t c = cxx_close_nested(b, j, e);
      if (eq) {                                    /* an initializer */
        j = c - 1;
        continue;
      }
      *end = c;
      if (falls_off(b, i, j, c))                   /* left as written: see falls_off */
        return false;
      int n = device_params(P, i, j);
      bool any = block(P, j + 1, c - 1, depth + 1);
      P->nlocal -= n;
      return any;
    }
    if (ch == '}')                                 /* a stray close: stop here */
      return *end = j + 1, false;
    if (ch == ';') {
      *end = j + 1;
      return statement(P, i, j, depth);
    }
  }
  *end = e;
  return false;
}

/* The statements of B[I, E) at DEPTH. */
static bool block(Pass *P, size_t i, size_t e, int depth) {
  bool any = false;
  while (i < e && !P->oom) {
    i = cxx_skip_ws(P->b, i, e);
    if (i >= e)
      break;
    size_t ls = i;                                 /* a preprocessor line */
    while (ls > 0 && (P->b[ls - 1] == ' ' || P->b[ls - 1] == '\t'))
      ls--;
    if (P->b[i] == '#' && (ls == 0 || P->b[ls - 1] == '\n')) {
      i = cxx_line_end(P->b, i);
      continue;
    }
    size_t end;
    any |= one(P, i, e, depth, &end);
    i = end > i ? end : i + 1;
  }
  return any;
}

static int by_offset(const void *x, const void *y) {
  const Edit *a = x, *b = y;
  if (a->at != b->at)
    return (a->at > b->at) - (a->at < b->at);
  return (a->seq > b->seq) - (a->seq < b->seq);
}

char *cxx_warp_steps(const char *text, bool *oom) {
  *oom = false;
  char *b = cxx_blank(text);
  if (!b)
    return *oom = true, NULL;
  char **vol = cxx_declared_names(b, "volatile"), **sh = cxx_declared_names(b, "__shared__");
  Pass P = {.t = text, .b = b, .len = strlen(b)};
  int nv = 0, ns = 0;
  while (vol && vol[nv])
    nv++;
  while (sh && sh[ns])
    ns++;
  P.names = calloc((size_t)(nv + ns + 1), sizeof *P.names);
  char *out = NULL;
  if (!vol || !sh || !P.names)
    P.oom = true;
  else if (nv + ns || strstr(b, "volatile")) {
    memcpy(P.names, vol, sizeof *vol * (size_t)nv);
    memcpy(P.names + nv, sh, sizeof *sh * (size_t)ns);
    block(&P, 0, P.len, 0);
  }
  if (P.n && !P.oom) {
    size_t more = 0;
    for (int k = 0; k < P.n; k++)
      more += strlen(P.v[k].text);
    qsort(P.v, (size_t)P.n, sizeof *P.v, by_offset);
    out = malloc(P.len + more + 1);
    if (out) {
      size_t o = 0, from = 0;
      for (int k = 0; k < P.n; k++) {
        const Edit *d = &P.v[k];
        if (d->at < from)                          /* inside a replaced statement: none */
          continue;
        memcpy(out + o, text + from, d->at - from), o += d->at - from;
        size_t tl = strlen(d->text);
        memcpy(out + o, d->text, tl), o += tl;
        from = d->at + d->del;
      }
      memcpy(out + o, text + from, P.len - from + 1);
    }
  }
  *oom = P.oom || (P.n && !out);
  for (int k = 0; k < P.n; k++)
    free(P.v[k].text);
  free(P.v);
  free(P.names);
  cxx_names_free(vol);
  cxx_names_free(sh);
  free(b);
  return out;
}
