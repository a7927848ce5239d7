/*
 * names.c: the C names of a lowered program (lower_program's last step): every function,
 * variable and temporary gets a name unique in its scope and clear of C/C++/CUDA keywords,
 * the library functions the emitted code calls, the standard headers' macros and the
 * emitters' own prefixes; a name that is not ASCII is spelt in ASCII.
 */
#include "lower.h"

#include <string.h>

/* C and C++ keywords and the names CUDA C++ and the CPU backend's preamble define. */
static const char *const c_reserved[] = {
  "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
  "case", "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await",
  "co_return", "co_yield", "compl", "concept", "const", "const_cast", "consteval",
  "constexpr", "constinit", "continue", "decltype", "default", "delete", "do", "double",
  "dynamic_cast", "else", "enum", "explicit", "export", "extern", "float", "for", "friend",
  "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not",
  "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public",
  "register", "reinterpret_cast", "requires", "restrict", "return", "short", "signed",
  "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template",
  "this", "thread_local", "throw", "try", "typedef", "typeid", "typename", "union",
  "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
  "main", "printf", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
  "uint3", "min", "max", "abs", "NULL", "half", "__half", "true", "false",
  /* lowercase macros of the C headers the CPU backend includes, and GNU C's */
  "assert", "errno", "offsetof", "stdin", "stdout", "stderr", "getc", "putc", "getchar",
  "putchar", "fpclassify", "isnormal", "isgreater", "isgreaterequal", "isless",
  "islessequal", "islessgreater", "isunordered", "math_errhandling", "noreturn",
  "complex", "imaginary", "va_arg", "va_start", "va_end", "va_copy", "setjmp", "linux",
  "unix", "i386", "signbit",
};

/* Functions the emitted code may call besides the builtins' own spellings (each also
   with an 'f' suffix). */
static const char *const c_library[] = {
  "frexp", "ilogb", "ldexp", "logb", "modf", "scalbn", "scalbln", "rcbrt", "rhypot",
  "rsqrt", "erf", "erfc", "erfinv", "erfcinv", "erfcx", "lgamma", "tgamma", "nearbyint",
  "lrint", "llrint", "round", "lround", "llround", "remainder", "remquo", "nan",
  "nextafter", "fdim", "fma", "sincos", "sinpi", "cospi", "sincospi", "normcdf",
  "normcdfinv", "j0", "j1", "jn", "y0", "y1", "yn", "exp10", "clock", "clock64", "malloc",
  "free", "memcpy", "memset", "floor", "pow", "fabs", "isfinite", "isinf", "isnan",
};

/* Prefixes of the helpers, types and runtime names the emitters define. */
static const char *const emitter_prefixes[] = {"pykc_", "py_", "view_", "make_Tuple_",
                                               "Array_", "Tuple_", "__"};

static bool in_table(const char *const *tab, size_t n, const char *name, size_t len) {
  for (size_t i = 0; i < n; i++)
    if (strlen(tab[i]) == len && !strncmp(name, tab[i], len))
      return true;
  return false;
}

#define COUNT(a) (sizeof a / sizeof *a)

/* A name the emitted C must not use for a function, parameter or local: a keyword, a
   called library function (NAME or NAMEf), a macro-like name (no lowercase letter: the
   headers' INT_MAX, NAN, EOF, M_PI... are all of that form), a name C reserves (_X...,
   __...), one of the emitters' prefixes, or a temporary's (_tN). */
static bool reserved_name(const char *name) {
  size_t n = strlen(name);
  if (in_table(c_reserved, COUNT(c_reserved), name, n) ||
      in_table(c_library, COUNT(c_library), name, n) || builtin_c_name(name, n) ||
      (n > 1 && name[n - 1] == 'f' &&
       (in_table(c_library, COUNT(c_library), name, n - 1) || builtin_c_name(name, n - 1))))
    return true;
  bool lower = false;
  for (const char *p = name; *p; p++)
    lower |= (*p >= 'a' && *p <= 'z') || (unsigned char)*p >= 0x80;
  if (!lower)
    return true;
  if (name[0] == '_' && ((name[1] >= 'A' && name[1] <= 'Z') ||
                         (name[1] == 't' && name[2] >= '0' && name[2] <= '9')))
    return true;
  for (size_t i = 0; i < COUNT(emitter_prefixes); i++)
    if (!strncmp(name, emitter_prefixes[i], strlen(emitter_prefixes[i])))
      return true;
  return false;
}

/* A set of interned names (open addressing over pointers). */
typedef struct NameSet {
  const char **slot;
  size_t cap, count;
  Arena *arena;
} NameSet;

static size_t hash_ptr(const char *p) { return (size_t)(((uintptr_t)p >> 3) * 0x9e3779b97f4a7c15ull); }

static bool set_has(const NameSet *s, const char *name) {
  if (!s->cap)
    return false;
  for (size_t i = hash_ptr(name) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    if (!s->slot[i])
      return false;
    if (s->slot[i] == name)
      return true;
  }
}

static void set_add(NameSet *s, const char *name) {
  if (set_has(s, name))
    return;
  if (2 * (s->count + 1) > s->cap) {
    size_t ncap = s->cap ? 2 * s->cap : 64;
    const char **ns = arena_alloc(s->arena, sizeof *ns * ncap);
    for (size_t i = 0; i < s->cap; i++)
      if (s->slot[i]) {
        size_t j = hash_ptr(s->slot[i]) & (ncap - 1);
        while (ns[j])
          j = (j + 1) & (ncap - 1);
        ns[j] = s->slot[i];
      }
    s->slot = ns;
    s->cap = ncap;
  }
  size_t j = hash_ptr(name) & (s->cap - 1);
  while (s->slot[j])
    j = (j + 1) & (s->cap - 1);
  s->slot[j] = name;
  s->count++;
}

/* The C name for `name` in a scope whose taken names are in (outer and) taken: name
   itself when it is free and not reserved, else name_, name__, ... the first free one. */
static const char *unique(Ctx *c, const NameSet *outer, NameSet *taken, const char *name) {
  const char *cand = name;
  if (reserved_name(name) || set_has(taken, name) || (outer && set_has(outer, name))) {
    Buf b = {0};
    buf_puts(&b, name);
    do {
      buf_putc(&b, '_');
      cand = intern(&c->names, b.data, b.len);
    } while (set_has(taken, cand) || (outer && set_has(outer, cand)));
    buf_free(&b);
  }
  set_add(taken, cand);
  return cand;
}

/* A name with letters beyond ASCII (NVRTC and C compilers take ASCII identifiers only,
   and identifiers are NFKC-normalised, not ASCII): pykc_u_ then the name with each such
   code point spelled _UXXXX_. pykc_ is a reserved prefix, so it cannot collide. */
static const char *ascii_name(Ctx *c, const char *name) {
  const unsigned char *p = (const unsigned char *)name;
  while (*p && *p < 0x80)
    p++;
  if (!*p)
    return name;
  Buf b = {0};
  buf_puts(&b, "pykc_u_");
  for (p = (const unsigned char *)name; *p;) {
    if (*p < 0x80) {
      buf_putc(&b, (char)*p++);
      continue;
    }
    int n = *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
    uint32_t cp = *p & (0x7F >> n);
    for (int i = 1; i < n && p[i]; i++)
      cp = cp << 6 | (p[i] & 0x3F);
    p += n;
    buf_printf(&b, "_U%04X_", (unsigned)cp);
  }
  const char *r = intern(&c->names, b.data, b.len);
  buf_free(&b);
  return r;
}

/* The base of a function's C name: sema's (Cls_k, a factory instance's), else its own. */
static const char *func_base(Ctx *c, const Func *f) {
  return ascii_name(c, f->cbase ? f->cbase : f->pyname ? f->pyname : f->name);
}

/* Names functions (kernels and device functions: NAME, or NAME__CODE per specialisation
   when there are several), then each specialisation's parameters and locals. Names that
   need no change are claimed first, so a renamed one (new -> new_) steps around them
   (a user's new_ keeps its name; new becomes new__). */
/* The C names of S's parameters and locals (a kernel form's keep the user's). */
static void name_vars(Ctx *c, NameSet *fns, Spec *s) {
  NameSet taken = {.arena = &c->arena};
  for (int i = 0; i < s->nparams; i++)
    if (!reserved_name(ascii_name(c, s->params[i]->name)) && !set_has(fns, ascii_name(c, s->params[i]->name)))
      set_add(&taken, ascii_name(c, s->params[i]->name));
  for (Var *v = s->locals; v; v = v->next)
    if (!v->is_temp && !reserved_name(ascii_name(c, v->name)) && !set_has(fns, ascii_name(c, v->name)))
      set_add(&taken, ascii_name(c, v->name));
  for (Var *v = s->locals; v; v = v->next)
    if (v->is_temp)
      set_add(&taken, v->cname);
  for (int i = 0; i < s->nparams; i++)
    if (!s->params[i]->is_temp)                  /* (a map's pykc_nthreads is named) */
      s->params[i]->cname = reserved_name(ascii_name(c, s->params[i]->name)) ||
                                    set_has(fns, ascii_name(c, s->params[i]->name))
                                ? unique(c, fns, &taken, ascii_name(c, s->params[i]->name))
                                : ascii_name(c, s->params[i]->name);
  for (Var *v = s->locals; v; v = v->next)
    if (!v->is_temp)
      v->cname = reserved_name(ascii_name(c, v->name)) || set_has(fns, ascii_name(c, v->name))
                     ? unique(c, fns, &taken, ascii_name(c, v->name))
                     : ascii_name(c, v->name);
}

void lower_names(Ctx *c, Program *p) {
  NameSet fns = {.arena = &c->arena};
  for (Func *f = p->funcs; f; f = f->next)
    if (!reserved_name(func_base(c, f)))
      set_add(&fns, func_base(c, f));
  NameSet done = {.arena = &c->arena};
  for (Func *f = p->funcs; f; f = f->next) {
    const char *base = func_base(c, f);
    if (reserved_name(base) || set_has(&done, base)) {
      NameSet none = {.arena = &c->arena};
      base = unique(c, &fns, &none, base);
      set_add(&fns, base);
    }
    set_add(&done, base);
    int nspecs = 0;
    for (Spec *s = f->specs; s; s = s->next)
      nspecs++;
    for (Spec *s = f->specs; s; s = s->next) {
      /* a kernel form's first specialisation keeps CuPy's name for good: the runtime may
         have loaded it under that name before the next one came */
      if (nspecs == 1 || (f->form && s == f->specs)) {
        s->cname = base;
        continue;
      }
      Buf b = {0};
      buf_printf(&b, "%s__", base);
      for (int i = 0; i < s->nparams; i++)
        buf_printf(&b, "%s%s", i ? "_" : "", ty_code(c, s->ptypes[i]));
      if (!s->nparams)
        buf_puts(&b, "v");
      s->cname = intern(&c->names, b.data, b.len);
      set_add(&fns, s->cname);
      buf_free(&b);
    }
  }
  for (Func *f = p->funcs; f; f = f->next)
    for (Spec *s = f->specs; s && !f->form; s = s->next) { /* forms: the user's names */
      name_vars(c, &fns, s);
      if (s->map) {                                /* its map specialisation: NAME__map */
        s->map->cname = intern_cstr(&c->names, arena_printf(&c->arena, "%s__map", s->cname));
        set_add(&fns, s->map->cname);
        name_vars(c, &fns, s->map);
      }
    }
}
