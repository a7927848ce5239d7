/*
 * cxxscan.c: the __global__ functions of CUDA C++ (cxxscan.h; pykc_cuda_kernels in
 * include/pykc.h), read from the preprocessed tokens (cxxlex.c).
 *
 * The declarations at namespace scope are cut at `;`, `{` and `}`; braces that open a
 * namespace or an `extern "C"`/`extern "C++"` block are scopes whose declarations are
 * read too (the block gives their linkage), any other brace opens a body that is skipped.
 * A declaration is a kernel when one of its words is __global__, wherever it stands
 * (`extern "C" static __global__ void`, `void __global__`, a repeated __global__, a macro
 * that gives it); its name is the word before the first `(` that is no attribute's
 * (__launch_bounds__, __attribute__, __align__, alignas, [[...]], ...); `extern "C"`
 * among its words, or its block, gives C linkage unless it is static (NVRTC mangles the
 * name of a static kernel, even in an extern "C" block); `template <...>` before it makes it a
 * template. A kernel declared again (a prototype, then its definition) is listed once,
 * with the definition's parameters.
 *
 * A parameter's type is its words less qualifiers, attributes and namespace prefixes
 * (`const thrust::complex<float> *__restrict__ x` is a complex<float> pointer), through the
 * code's own typedefs and using-aliases, to one of CUDA's C types (its pykc dtype). A
 * name expression names a kernel by its base name (`ns::fx3<float, 2>`); the template's
 * parameters take the expression's arguments or their defaults, token for token.
 */
#include "cxxscan_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int clamp(uint32_t len) { return len > 100 ? 100 : (int)len; }   /* a name in a message */

/* ---------------------------------------------------------------- C types */

static const struct {
  const char *spelling;
  int dtype;
} ctypes[] = {
    {"bool", PYKC_BOOL},          {"char", PYKC_INT8},           {"signed char", PYKC_INT8},
    {"int8_t", PYKC_INT8},        {"unsigned char", PYKC_UINT8}, {"uint8_t", PYKC_UINT8},
    {"short", PYKC_INT16},        {"short int", PYKC_INT16},     {"int16_t", PYKC_INT16},
    {"signed short", PYKC_INT16}, {"unsigned short", PYKC_UINT16},
    {"unsigned short int", PYKC_UINT16}, {"uint16_t", PYKC_UINT16},
    {"int", PYKC_INT32},          {"signed", PYKC_INT32},        {"signed int", PYKC_INT32},
    {"int32_t", PYKC_INT32},      {"unsigned", PYKC_UINT32},     {"unsigned int", PYKC_UINT32},
    {"uint32_t", PYKC_UINT32},    {"long", PYKC_INT64},          {"long int", PYKC_INT64},
    {"long long", PYKC_INT64},    {"long long int", PYKC_INT64}, {"int64_t", PYKC_INT64},
    {"signed long long", PYKC_INT64}, {"ptrdiff_t", PYKC_INT64}, {"unsigned long", PYKC_UINT64},
    {"unsigned long int", PYKC_UINT64}, {"unsigned long long", PYKC_UINT64},
    {"unsigned long long int", PYKC_UINT64}, {"uint64_t", PYKC_UINT64},
    {"size_t", PYKC_UINT64},      {"__half", PYKC_FLOAT16},      {"half", PYKC_FLOAT16},
    {"float", PYKC_FLOAT32},      {"double", PYKC_FLOAT64},
    {"complex<float>", PYKC_COMPLEX64}, {"complex<double>", PYKC_COMPLEX128},
    {"cuFloatComplex", PYKC_COMPLEX64}, {"cuComplex", PYKC_COMPLEX64},   /* <cuComplex.h> */
    {"cuDoubleComplex", PYKC_COMPLEX128},
    {"cudaTextureObject_t", PYKC_UINT64}, {"cudaSurfaceObject_t", PYKC_UINT64},  /* handles: */
    {"CUtexObject", PYKC_UINT64},         {"CUsurfObject", PYKC_UINT64},  /* unsigned long long */
};

static int dtype_of(const char *type) {
  for (size_t k = 0; k < sizeof ctypes / sizeof ctypes[0]; k++)
    if (!strcmp(type, ctypes[k].spelling))
      return ctypes[k].dtype;
  return -1;
}

/* Words that are part of a type but are no parameter's name. */
/* The element types of the pointers that take any array (docs/design.md §7.1): the
   bytes of void * and of the character types, through which C++ may read any object
   (a hash kernel's `char *dest` over a uint32 array). A pointer to another type keeps
   its element check. */
static const char *const byte_types[] = {"void", "char", "signed char", "unsigned char",
                                         "int8_t", "uint8_t"};

static bool is_byte_type(const char *words) {
  for (size_t k = 0; k < sizeof byte_types / sizeof byte_types[0]; k++)
    if (strcmp(words, byte_types[k]) == 0)
      return true;
  return false;
}

static const char *const type_words[] = {"void", "bool", "char", "short", "int", "long",
    "float", "double", "signed", "unsigned", "__half", "half", "auto", "wchar_t", NULL};
/* Words of a parameter's type that do not change what the host passes. */
static const char *const qualifiers[] = {"const", "volatile", "__restrict__", "__restrict",
    "restrict", "struct", "class", "union", "enum", "typename", "register", "__grid_constant__",
    NULL};
/* Words followed by a parenthesized argument that are no declarator. */
static const char *const attributes[] = {"__launch_bounds__", "__attribute__", "__align__",
    "alignas", "__declspec", "__cluster_dims__", "__maxnreg__", "__nv_register_params__",
    "decltype", "noexcept", "throw", NULL};

static bool word_in(const Tok *t, const char *const *words) {
  for (; t->kind == T_ID && *words; words++)
    if (cxx_is(t, *words))
      return true;
  return false;
}

/* ---------------------------------------------------------------- groups */

/* V with each `>>` as two `>` (templates close that way: `complex<complex<float>>`). */
static void split_shifts(Pool *p, TokVec *v) {
  TokVec out = {0};
  for (int i = 0; i < v->n; i++) {
    Tok t = v->v[i];
    if (!cxx_is(&t, ">>")) {
      cxx_push(p, &out, &t);
      continue;
    }
    t.len = 1;
    cxx_push(p, &out, &t);
    t.p++;
    cxx_push(p, &out, &t);
  }
  *v = out;
}

/* The index after the group opening at T[i] ( ( [ { or < ), or N when it is not closed. */
static int close_of(const Tok *t, int n, int i) {
  bool angle = cxx_is(&t[i], "<");
  int depth = 0;
  for (; i < n; i++) {
    if (cxx_is(&t[i], "(") || cxx_is(&t[i], "[") || cxx_is(&t[i], "{") ||
        (angle && cxx_is(&t[i], "<")))
      depth++;
    else if (cxx_is(&t[i], ")") || cxx_is(&t[i], "]") || cxx_is(&t[i], "}") ||
             (angle && cxx_is(&t[i], ">")))
      depth--;
    else if (angle && cxx_is(&t[i], ">>"))
      depth -= 2;
    if (depth <= 0)
      return i + 1;
  }
  return n;
}

/* Splits T[a, b) at its top-level commas: the items' spans into ITEMS (at most MAX). */
static int split(const Tok *t, int a, int b, int (*items)[2], int max) {
  int n = 0, start = a;
  for (int i = a; i <= b && n < max;) {
    if (i == b || cxx_is(&t[i], ",")) {
      if (i > start)
        items[n][0] = start, items[n][1] = i, n++;
      start = ++i;
    } else if (cxx_is(&t[i], "(") || cxx_is(&t[i], "[") || cxx_is(&t[i], "{") ||
               cxx_is(&t[i], "<"))
      i = close_of(t, b, i);
    else
      i++;
  }
  return n;
}

/* ---------------------------------------------------------------- types and parameters */

typedef struct Alias {
  const char *name, *type;
  struct Alias *next;
} Alias;

typedef struct Found {                             /* a kernel as declared */
  Tok name;
  bool extern_c, body;
  int ta, tb;                                      /* template <...>'s inside; ta == tb: none */
  int pa, pb;                                      /* the parameter list's inside */
  int index;                                       /* in the result */
} Found;

typedef struct Decls {
  Scan *S;
  Alias *aliases;
  Found *found;
  int nfound, cap;
} Decls;

static const char *resolve(const Decls *D, const char *type) {
  for (int hops = 0; hops < 16; hops++) {
    const Alias *a = D->aliases;
    while (a && strcmp(a->name, type))
      a = a->next;
    if (!a)
      break;
    type = a->type;
  }
  return type;
}

/* The words of a type in T[a, b) as one spelling: qualifiers, attributes and namespace
   prefixes left out ("unsigned long long", "complex<float>"); *ptr: a '*', '[' or '&' in
   it. */
static char *type_text(Scan *S, const Tok *t, int a, int b, bool *ptr) {
  size_t cap = 1;
  for (int i = a; i < b; i++)
    cap += t[i].len + 1;
  char *s = cxx_alloc(&S->tmp, cap), *e = s;
  for (int i = a; i < b; i++) {
    if (word_in(&t[i], attributes) && i + 1 < b && cxx_is(&t[i + 1], "(")) {
      i = close_of(t, b, i + 1) - 1;
      continue;
    }
    if (cxx_is(&t[i], "[") && i + 1 < b && cxx_is(&t[i + 1], "[")) {   /* [[attribute]] */
      i = close_of(t, b, i) - 1;
      continue;
    }
    if (cxx_is(&t[i], "*") || cxx_is(&t[i], "[") || cxx_is(&t[i], "&") ||
        cxx_is(&t[i], "&&")) {                     /* a reference is a pointer to the ABI: */
      *ptr = true;                                 /* CuPy passes it an array's pointer */
      if (cxx_is(&t[i], "["))
        i = close_of(t, b, i) - 1;
      continue;
    }
    if (word_in(&t[i], qualifiers) || cxx_is(&t[i], "::") ||
        (i + 1 < b && cxx_is(&t[i + 1], "::")))
      continue;
    bool word = t[i].kind == T_ID || t[i].kind == T_NUM;
    if (word && e > s && (cxx_is_ident(e[-1])))
      *e++ = ' ';
    memcpy(e, t[i].p, t[i].len), e += t[i].len;
  }
  *e = 0;
  return s;
}

/* N of TYPE when it is CuPy's `CArray<T, N[, C[, I]]>` (<cupy/carray.cuh>), with *dtype
   T's dtype (-1: any array, a struct's); else -1. The spelling is type_text's: no
   spaces but between words ("CArray<unsigned int,2,true>"). */
static int carray_ndim(Scan *S, const char *type, int *dtype) {
  if (strncmp(type, "CArray<", 7))
    return -1;
  const char *p = type + 7, *comma = NULL;
  for (int depth = 0; *p && !comma; p++) {
    depth += (*p == '<') - (*p == '>');
    if (*p == ',' && depth == 0)
      comma = p;
  }
  if (!comma || comma[1] < '0' || comma[1] > '9')
    return -1;
  char *end;
  long n = strtol(comma + 1, &end, 10);
  if (n > 32 || (*end != ',' && *end != '>'))
    return -1;
  char *elem = cxx_alloc(&S->tmp, (size_t)(comma - type - 6));
  memcpy(elem, type + 7, (size_t)(comma - type - 7));
  elem[comma - type - 7] = 0;
  *dtype = dtype_of(elem);
  return (int)n;
}

/* One parameter from T[a, b) into P (I: its position, for an unnamed one's name). */
static void parameter(Decls *D, const Tok *t, int a, int b, int i, pykc_cuda_param *p) {
  Scan *S = D->S;
  for (int k = a, depth = 0; k < b; k++) {         /* a default argument goes */
    if (cxx_is(&t[k], "(") || cxx_is(&t[k], "<") || cxx_is(&t[k], "["))
      depth++;
    else if (cxx_is(&t[k], ")") || cxx_is(&t[k], ">") || cxx_is(&t[k], "]"))
      depth--;
    else if (cxx_is(&t[k], "=") && depth == 0) {
      b = k;
      break;
    }
  }
  int name = -1, words = 0;                        /* the last top-level word */
  for (int k = a; k < b; k++) {
    if (cxx_is(&t[k], "(") || cxx_is(&t[k], "<") || cxx_is(&t[k], "[")) {
      k = close_of(t, b, k) - 1;
      continue;
    }
    if (t[k].kind == T_ID && !word_in(&t[k], qualifiers) && !word_in(&t[k], attributes) &&
        !(k + 1 < b && cxx_is(&t[k + 1], "::")))
      name = k, words++;
  }
  bool named = name >= 0 && words >= 2 && !word_in(&t[name], type_words);
  bool ptr = false;
  char *type = named ? type_text(S, t, a, name, &ptr) : type_text(S, t, a, b, &ptr);
  if (named)                                       /* float x[] */
    type_text(S, t, name + 1, b, &ptr);
  const char *r = resolve(D, type);
  if (r != type) {                                 /* typedef float *fptr */
    bool aptr = r[0] == '*';
    r += aptr;
    ptr |= aptr;
  }
  char fallback[24];
  snprintf(fallback, sizeof fallback, "arg%d", i);
  p->name = named ? cxx_strndup(D->S->keep, t[name].p, t[name].len)
                  : cxx_strndup(D->S->keep, fallback, strlen(fallback));
  p->type = cxx_strndup(D->S->keep, r, strlen(r));
  p->dtype = ptr && is_byte_type(r) ? -1 : dtype_of(r);     /* CuPy passes any array's pointer */
  bool ref = false;                                /* `const float &v`: a reference */
  for (int k = a; k < b; k++)
    ref |= cxx_is(&t[k], "&") || cxx_is(&t[k], "&&");
  p->pointer = ptr ? 1 + ref : 0;
  p->ndim = ptr ? -1 : carray_ndim(S, r, &p->dtype);
  if (p->ndim >= 0)
    p->pointer = 1;
}

static void parameters(Decls *D, const Tok *t, int a, int b, pykc_cuda_kernel *k) {
  int max = b - a + 1;
  int (*items)[2] = cxx_alloc(&D->S->tmp, sizeof *items * (size_t)max);
  int n = split(t, a, b, items, max);
  if (n == 1 && items[0][1] - items[0][0] == 1 && cxx_is(&t[items[0][0]], "void"))
    n = 0;
  pykc_cuda_param *ps = cxx_alloc(D->S->keep, sizeof *ps * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    parameter(D, t, items[i][0], items[i][1], i, &ps[i]);
  k->params = ps;
  k->nparams = n;
}

/* ---------------------------------------------------------------- declarations */

typedef enum { SC_NS, SC_C, SC_CXX } ScopeKind;

/* `typedef TYPE NAME;` or `using NAME = TYPE;` in T[a, b): an alias. */
static void alias(Decls *D, const Tok *t, int a, int b) {
  int name, ta, tb;
  if (cxx_is(&t[a], "using") && b - a >= 4 && t[a + 1].kind == T_ID && cxx_is(&t[a + 2], "="))
    name = a + 1, ta = a + 3, tb = b;
  else if (cxx_is(&t[a], "typedef") && b - a >= 3 && t[b - 1].kind == T_ID)
    name = b - 1, ta = a + 1, tb = b - 1;
  else
    return;
  bool ptr = false;
  char *type = type_text(D->S, t, ta, tb, &ptr);
  Alias *al = cxx_alloc(&D->S->tmp, sizeof *al);
  al->name = cxx_strndup(&D->S->tmp, t[name].p, t[name].len);
  if (ptr) {                                       /* "*float": a pointer alias */
    char *pt = cxx_alloc(&D->S->tmp, strlen(type) + 2);
    pt[0] = '*';
    strcpy(pt + 1, type);
    type = pt;
  }
  al->type = type;
  al->next = D->aliases;
  D->aliases = al;
}

static void add_found(Decls *D, const Found *f) {
  for (int i = 0; i < D->nfound; i++) {            /* declared again */
    Found *g = &D->found[i];
    if (g->name.len == f->name.len && !memcmp(g->name.p, f->name.p, f->name.len) &&
        g->extern_c == f->extern_c && (g->ta == g->tb) == (f->ta == f->tb)) {
      if (!g->body)
        *g = *f;
      return;
    }
  }
  if (D->nfound == D->cap) {
    int cap = D->cap ? 2 * D->cap : 16;
    Found *nf = cxx_alloc(&D->S->tmp, sizeof *nf * (size_t)cap);
    if (D->nfound)
      memcpy(nf, D->found, sizeof *nf * (size_t)D->nfound);
    D->found = nf, D->cap = cap;
  }
  D->found[D->nfound++] = *f;
}

/* The declaration T[a, b) at namespace scope (BODY: a '{' follows it; LINK: its block's
   linkage); a kernel is added to D. False (S->err set) for a parameter list that the code
   ends inside. */
static bool declaration(Decls *D, const Tok *t, int a, int b, int n, bool body, ScopeKind link) {
  Found f = {.extern_c = link == SC_C, .body = body};
  bool global = false, internal = false;
  if (a < b && (cxx_is(&t[a], "typedef") || cxx_is(&t[a], "using")))
    alias(D, t, a, b);
  if (a < b && cxx_is(&t[a], "template") && a + 1 < b && cxx_is(&t[a + 1], "<")) {
    int c = close_of(t, b, a + 1);
    f.ta = a + 2, f.tb = c - 1, a = c;
  }
  int name = -1;
  for (int i = a; i < b; i++) {
    if (cxx_is(&t[i], "__global__"))
      global = true;
    else if (cxx_is(&t[i], "extern") && i + 1 < b && t[i + 1].kind == T_STR)
      f.extern_c = cxx_is(&t[i + 1], "\"C\"");
    else if (cxx_is(&t[i], "static"))
      internal = true;
    else if (cxx_is(&t[i], "[") && i + 1 < b && cxx_is(&t[i + 1], "["))
      i = close_of(t, b, i) - 1;
    else if (cxx_is(&t[i], "(") && name < 0) {
      bool attr = i > a && word_in(&t[i - 1], attributes);
      int c = close_of(t, n, i);
      if (!attr && i > a && t[i - 1].kind == T_ID) {
        name = i - 1;
        f.pa = i + 1, f.pb = c - 1;
        if (c >= n && !(c > i + 1 && cxx_is(&t[c - 1], ")")))
          f.pb = -1;                               /* the code ends inside the list */
      }
      i = c - 1;
    }
  }
  if (!global || name < 0)
    return true;
  f.name = t[name];
  f.extern_c &= !internal;                         /* NVRTC mangles a static kernel's name */
  if (f.pb < 0) {
    snprintf(D->S->err, sizeof D->S->err, "the parameter list of kernel '%.*s' is not closed "
             "(the source ends inside it)", clamp(f.name.len), f.name.p);
    return false;
  }
  add_found(D, &f);
  return true;
}

/* The kind of scope the '{' at T[i] opens, T[a, i) before it: a namespace, an extern
   block, else -1 (a body). */
static int opens(const Tok *t, int a, int i) {
  if (i - a == 2 && cxx_is(&t[a], "extern") && t[a + 1].kind == T_STR)
    return cxx_is(&t[a + 1], "\"C\"") ? SC_C : SC_CXX;
  a += a < i && cxx_is(&t[a], "inline");
  return a < i && cxx_is(&t[a], "namespace") ? SC_NS : -1;
}

static bool declarations(Decls *D, const Tok *t, int n) {
  enum { MAXDEPTH = 256 };
  ScopeKind scope[MAXDEPTH];
  int depth = 0, start = 0;
  for (int i = 0; i < n;) {
    ScopeKind link = depth ? scope[depth - 1] : SC_NS;
    int k;
    if (cxx_is(&t[i], ";")) {
      if (!declaration(D, t, start, i, n, false, link))
        return false;
      start = ++i;
    } else if (cxx_is(&t[i], "}")) {
      depth -= depth > 0;
      start = ++i;
    } else if (cxx_is(&t[i], "{") && (k = opens(t, start, i)) >= 0) {
      if (depth < MAXDEPTH)                        /* a namespace keeps its block's linkage */
        scope[depth++] = k == SC_NS ? link : (ScopeKind)k;
      start = ++i;
    } else if (cxx_is(&t[i], "{")) {
      if (!declaration(D, t, start, i, n, true, link))
        return false;
      start = i = close_of(t, n, i);
    } else
      i++;
  }
  return declaration(D, t, start, n, n, false, depth ? scope[depth - 1] : SC_NS);
}

/* ---------------------------------------------------------------- name expressions */

bool cxx_needs_expr(const pykc_cuda_scan *sc, const char *name) {
  if (strpbrk(name, "<:"))
    return true;
  bool global = false;
  for (int i = 0; sc && i < sc->nkernels; i++)
    if (!strcmp(sc->kernels[i].name, name)) {
      if (sc->kernels[i].extern_c && !sc->kernels[i].is_template)
        return false;
      global = true;
    }
  return global;
}

enum { MAXTPARAMS = 64 };

static const Found *find_base(const Decls *D, const Tok *name) {
  for (int i = 0; i < D->nfound; i++)
    if (D->found[i].name.len == name->len && !memcmp(D->found[i].name.p, name->p, name->len))
      return &D->found[i];
  return NULL;
}

/* The kernel that name expression EXPR names, into K; false with S->err. */
static bool instance(Decls *D, const Tok *t, const char *expr, pykc_cuda_kernel *k) {
  Scan *S = D->S;
  TokVec e = {0};
  cxx_lex_all(&S->tmp, expr, 0, &e);
  split_shifts(&S->tmp, &e);
  int lt = 0;
  while (lt < e.n && !cxx_is(&e.v[lt], "<"))
    lt++;
  if (lt == 0 || e.v[lt - 1].kind != T_ID) {
    snprintf(S->err, sizeof S->err, "name expression '%.200s' does not name a function", expr);
    return false;
  }
  const Tok *base = &e.v[lt - 1];
  const Found *f = find_base(D, base);
  if (!f) {
    snprintf(S->err, sizeof S->err, "name expression '%.200s': no __global__ function '%.*s' "
             "in the code", expr, clamp(base->len), base->p);
    return false;
  }
  int tp[MAXTPARAMS][2], ta[MAXTPARAMS][2];
  int ntp = split(t, f->ta, f->tb, tp, MAXTPARAMS), nta = 0;
  if (lt < e.n)
    nta = split(e.v, lt + 1, close_of(e.v, e.n, lt) - 1, ta, MAXTPARAMS);
  if (nta > ntp) {
    snprintf(S->err, sizeof S->err, "name expression '%.200s' has %d template argument%s; "
             "'%.*s' takes %d", expr, nta, nta == 1 ? "" : "s", clamp(base->len), base->p, ntp);
    return false;
  }
  for (int p = nta; p < ntp; p++) {                /* a default for each of the rest */
    int eq = tp[p][0], nm = -1;
    for (; eq < tp[p][1] && !cxx_is(&t[eq], "="); eq++)
      nm = t[eq].kind == T_ID ? eq : nm;
    if (eq >= tp[p][1]) {
      snprintf(S->err, sizeof S->err, "name expression '%.200s' leaves template parameter "
               "'%.*s' without a value", expr, nm < 0 ? 0 : clamp(t[nm].len), nm < 0 ? "" : t[nm].p);
      return false;
    }
  }
  TokVec ps = {0};                                 /* the parameters, substituted */
  for (int i = f->pa; i < f->pb; i++) {
    int p = 0, eq = 0, nm = -1;
    for (; p < ntp; p++) {
      for (nm = -1, eq = tp[p][0]; eq < tp[p][1] && !cxx_is(&t[eq], "="); eq++)
        nm = t[eq].kind == T_ID ? eq : nm;
      if (nm >= 0 && t[i].kind == T_ID && t[nm].len == t[i].len &&
          !memcmp(t[nm].p, t[i].p, t[i].len))
        break;
    }
    if (p == ntp) {
      cxx_push(&S->tmp, &ps, &t[i]);
      continue;
    }
    const Tok *v = p < nta ? &e.v[ta[p][0]] : &t[eq + 1];
    int vn = p < nta ? ta[p][1] - ta[p][0] : tp[p][1] - eq - 1;
    for (int j = 0; j < vn; j++)
      cxx_push(&S->tmp, &ps, &v[j]);
  }
  parameters(D, ps.v, 0, ps.n, k);
  k->name = cxx_strndup(S->keep, expr, strlen(expr));
  k->line = (int)f->name.line;
  k->extern_c = f->extern_c;
  k->is_template = f->ta != f->tb;
  k->name_expression = 1;
  return true;
}

/* ---------------------------------------------------------------- the scan */

typedef struct Result {
  pykc_cuda_scan pub;                              /* first: what the caller holds */
  Pool keep;
  char err[512];
} Result;

static bool scan(Scan *S, const char *code, const char *const *options, int noptions,
                 const char *const *exprs, int nexprs, pykc_cuda_scan *out) {
  cxx_preprocess(S, cxx_skip_bom(code), options, noptions);
  split_shifts(&S->tmp, &S->toks);
  Decls D = {.S = S};
  if (!declarations(&D, S->toks.v, S->toks.n))
    return false;
  pykc_cuda_kernel *ks = cxx_alloc(S->keep, sizeof *ks * (size_t)(D.nfound + nexprs + 1));
  const Tok *t = S->toks.v;
  for (int i = 0; i < D.nfound; i++) {
    Found *f = &D.found[i];
    pykc_cuda_kernel *k = &ks[i];
    k->name = cxx_strndup(S->keep, f->name.p, f->name.len);
    k->line = (int)f->name.line;
    k->extern_c = f->extern_c;
    k->is_template = f->ta != f->tb;
    parameters(&D, t, f->pa, f->pb, k);
  }
  out->kernels = ks;
  out->nkernels = D.nfound;
  for (int i = 0; i < nexprs; i++) {
    if (!instance(&D, t, exprs[i], &ks[out->nkernels]))
      return false;
    out->nkernels++;
  }
  return true;
}

pykc_status cxx_scan(const char *code, const char *const *options, int noptions,
                     const char *const *exprs, int nexprs, pykc_cuda_scan **out) {
  *out = NULL;
  Result *r = calloc(1, sizeof *r);
  if (!r)
    return PYKC_ERR_NOMEM;
  jmp_buf oom;
  Scan S = {.tmp = {NULL, &oom}, .keep = &r->keep};
  r->keep.oom = &oom;
  if (setjmp(oom)) {
    cxx_pool_free(&S.tmp);
    cxx_pool_free(&r->keep);
    free(r);
    return PYKC_ERR_NOMEM;
  }
  bool ok = scan(&S, code, options, noptions, exprs, nexprs, &r->pub);
  memcpy(r->err, S.err, sizeof r->err);
  r->pub.error = r->err;
  if (!ok)
    r->pub.nkernels = 0;
  cxx_pool_free(&S.tmp);
  *out = &r->pub;
  return ok ? PYKC_OK : PYKC_ERR_SOURCE;
}

pykc_status pykc_cuda_kernels(const char *code, const pykc_options *opt,
                                       pykc_cuda_scan **out) {
  if (!out || !code) {
    if (out)
      *out = NULL;
    return PYKC_ERR_USAGE;
  }
  return opt ? cxx_scan(code, opt->cuda_options, opt->ncuda_options, opt->name_expressions,
                        opt->nname_expressions, out)
             : cxx_scan(code, NULL, 0, NULL, 0, out);
}

void pykc_cuda_scan_free(pykc_cuda_scan *s) {
  if (!s)
    return;
  Result *r = (Result *)s;
  cxx_pool_free(&r->keep);
  free(r);
}
