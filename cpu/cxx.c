/*
 * cxx.c: CUDA C++ for the CPU backend (docs/design.md §7): the text that $CXX compiles for
 * a .cu file, a RawKernel's or RawModule's code, or generated form code. cpu.c prepends
 * the preamble cpu/cpu_rt.h (which under C++ gives CUDA's built-ins as overloads) and
 * compiles the whole with `$CXX -std=gnu++17`.
 *
 * The user's text goes under a `#line` naming its file and first line, so that the
 * compiler's errors and the barriers' reports name the user's lines. Two things are
 * beyond the preamble's macros and are done here, on a copy of the text with comments and
 * literals blanked (same offsets: cxx_blank, the one CUDA C++ scanner), keeping every line where it was:
 *  - `extern __shared__ T name[];` declares an array that starts, on the GPU, at the
 *    block's dynamic shared memory. It becomes a reference to the preamble's pointer,
 *    reinterpreted: `T (*&name) = (T (*&))pykc_dyn_shared;`, which reads the current
 *    launch's buffer at each use and keeps the array's spellings working (name[i],
 *    name + i, casts of name, further dimensions `name[][32]`); `__align__`,
 *    `__attribute__` and `alignas` go (the buffer is 16-byte aligned). At namespace
 *    scope it is `static`, and a repeated declaration of the same name is dropped.
 *  - Each kernel gets an entry trampoline after the text, PYKC_ENTRY(ENTRY, FUNC): the
 *    preamble's template takes the parameter types from FUNC itself, so a template
 *    instance (a RawModule's name expression) is an entry like an extern "C" kernel.
 * `#include <NAME>` of a CUDA header that pykc supplies (cuda_fp16.h: the preamble has it;
 * cupy/complex.cuh: form_emit.c's complex<T>, as on the GPU) is replaced by its text; one
 * of the toolkit's that it does not (mma.h, cub/..., curand_kernel.h) by an #error.
 * Other preprocessor lines are skipped, but for an `extern __shared__` declaration in a #define,
 * rewritten as at function scope (continuation lines kept). Inline assembly (PTX) becomes
 * a static_assert naming it, so that the compiler's error says why (put_asm). A
 * `constexpr` function whose body has no `return` loses the word (drop_constexpr): NVRTC
 * only warns of it, g++ refuses it.
 */
#include "cpu.h"
#include "cxx/cxxscan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* True when the `{` at s[i] opens a namespace or an extern "C" block (names declared in
   it are at namespace scope), judged by the text since the last boundary START. */
static bool opens_namespace(const char *s, size_t start, size_t i) {
  size_t j = cxx_skip_ws(s, start, i);
  if (cxx_word_at(s, j, "inline"))
    j = cxx_skip_ws(s, j + 6, i);
  if (cxx_word_at(s, j, "namespace"))
    return true;
  size_t k = i;                                    /* extern "C" right before the brace */
  while (k > start && isspace((unsigned char)s[k - 1]))
    k--;
  return k >= start + 3 && strncmp(s + k - 3, "\"C\"", 3) == 0;
}

typedef struct Span {
  size_t a, b;
} Span;

typedef struct Names {
  Span *v;                                         /* namespace-scope names rewritten */
  int n, cap;
  bool oom;
} Names;

static bool seen(Names *ns, const char *t, Span name) {
  size_t len = name.b - name.a;
  for (int i = 0; i < ns->n; i++)
    if (ns->v[i].b - ns->v[i].a == len && strncmp(t + ns->v[i].a, t + name.a, len) == 0)
      return true;
  if (ns->n == ns->cap) {
    int cap = ns->cap ? 2 * ns->cap : 8;
    Span *p = realloc(ns->v, (size_t)cap * sizeof *p);
    if (!p) {
      ns->oom = true;
      return false;
    }
    ns->v = p, ns->cap = cap;
  }
  ns->v[ns->n++] = name;
  return false;
}

/* Rewrites the declaration `extern ... ;` in [A, END) (B: the blanked text, T: the
   original) if it is an `extern __shared__` array, appending the result to OUT; false
   (nothing appended) when it is not one. IN_MACRO: the declaration is in a #define (its
   newlines are continuation lines). */
static bool rewrite_extern_shared(const char *b, const char *t, size_t a, size_t end,
                                  bool ns_scope, bool in_macro, Names *names, Buf *out) {
  bool shared = false;
  for (size_t i = a; i < end; i++)
    if (b[i] == '{' || b[i] == '}')
      return false;
    else if (cxx_word_at(b, i, "__shared__"))
      shared = true;
  if (!shared)
    return false;
  /* the type: the words before the name, less extern, __shared__ and alignment */
  Buf type = {0};
  Span name = {0, 0};
  size_t rest = 0;
  for (size_t i = a; i < end && !rest;) {
    if (isspace((unsigned char)b[i]) || b[i] == '\\') {   /* (a macro's line ends) */
      i++;
      continue;
    }
    size_t j = i;
    while (j < end && cxx_is_ident(b[j]))
      j++;
    if (j > i) {
      size_t k = cxx_skip_ws(b, j, end);
      bool attr = cxx_word_at(b, i, "__align__") || cxx_word_at(b, i, "__attribute__") ||
                  cxx_word_at(b, i, "alignas");
      if (attr && k < end && b[k] == '(') {
        i = cxx_close_group(b, k, end);
        continue;
      }
      if (k < end && b[k] == '[') {                /* the declarator's name */
        size_t c = cxx_skip_ws(b, k + 1, end);
        if (c >= end || b[c] != ']')
          break;                                   /* a sized array: left as written */
        name = (Span){i, j};
        rest = c + 1;
        continue;
      }
      if (!cxx_word_at(b, i, "extern") && !cxx_word_at(b, i, "__shared__")) {
        if (type.len)
          buf_putc(&type, ' ');
        buf_putn(&type, t + i, j - i);
      }
      i = j;
      continue;
    }
    if (type.len && b[i] != ':' && b[i] != '<' && b[i] != '>' && b[i] != ',')
      buf_putc(&type, ' ');
    buf_putc(&type, t[i]);                         /* *, ::, <, >, commas of templates */
    i++;
  }
  bool ok = rest && type.len && !type.oom;
  if (ok) {
    size_t semi = end;                             /* [rest, semi): further dimensions */
    while (semi > rest && isspace((unsigned char)b[semi - 1]))
      semi--;
    bool dup = ns_scope && seen(names, t, name);
    if (!dup) {
      Buf dims = {0};
      buf_putn(&dims, t + rest, semi - rest);
      for (char *p = dims.data; p && *p; p++)     /* one line: newlines are kept below */
        if (*p == '\n')
          *p = ' ';
      buf_printf(out, "%s%s (*&%.*s)%s = (%s (*&)%s)pykc_dyn_shared", ns_scope ? "static " : "",
                 type.data, (int)(name.b - name.a), t + name.a, dims.data ? dims.data : "",
                 type.data, dims.data ? dims.data : "");
      out->oom |= dims.oom;
      buf_free(&dims);
    }
    for (size_t i = a; i < end; i++)               /* keep the lines */
      if (t[i] == '\n')
        buf_puts(out, in_macro ? "\\\n" : "\n");
  }
  buf_free(&type);
  return ok;
}

/* A static `__shared__ T name[N]...;` in [A, END) in a template's body (g++ puts a
   template's statics in COMDAT sections, not in the section of cpu_rt.h's guard pages):
   a static reference to memory below the upper guard page, taken once per instance,
   `static T (&name)[N] = *(T (*)[N])pykc_static_shared(sizeof(T[N]), ...);`. One
   declarator, no initializer; anything else is left as written. Returns the new COPIED. */
static size_t rewrite_tmpl_shared(const char *b, const char *t, size_t a, size_t end, Buf *out,
                                  size_t copied) {
  size_t name = 0, name_end = 0, dims = 0;
  for (size_t i = a; i < end;) {
    if (b[i] == ',' || b[i] == '=' || b[i] == '(' || b[i] == '*' || b[i] == '&')
      return copied;                               /* several declarators, attributes, ... */
    if (b[i] == '[') {
      if (!name_end)
        return copied;
      dims = i;
      break;
    }
    if (cxx_is_ident(b[i])) {
      size_t j = i;
      while (j < end && cxx_is_ident(b[j]))
        j++;
      name = i, name_end = j, i = j;
      continue;
    }
    i++;
  }
  size_t stop = end;                               /* the declarator's end */
  while (stop > a && isspace((unsigned char)b[stop - 1]))
    stop--;
  if (!dims)
    dims = stop;
  if (!name_end || cxx_word_at(b, name, "__shared__"))
    return copied;
  Buf type = {0};                                  /* the words before the name */
  for (size_t i = a; i < name;) {
    size_t j = i;
    while (j < name && cxx_is_ident(b[j]))
      j++;
    if (j == i) {
      if (!isspace((unsigned char)b[i]))
        buf_putc(&type, t[i]);
      else if (type.len && type.data[type.len - 1] != ' ')
        buf_putc(&type, ' ');
      i++;
      continue;
    }
    if (!cxx_word_at(b, i, "__shared__") && !cxx_word_at(b, i, "static"))
      buf_putn(&type, t + i, j - i);
    i = j;
  }
  bool ok = type.len && !type.oom;
  for (size_t k = dims; k < stop; k++)             /* dimensions on one line */
    ok &= b[k] != '\n';
  if (ok) {
    int nd = (int)(stop - dims), nl = (int)(name_end - name);
    buf_putn(out, t + copied, a - copied);
    buf_printf(out,
               "static %s (&%.*s)%.*s = *(%s (*)%.*s)pykc_static_shared(sizeof(%s%.*s), "
               "__FILE__, __LINE__)",
               type.data, nl, t + name, nd, t + dims, type.data, nd, t + dims, type.data, nd,
               t + dims);
    for (size_t k = a; k < dims; k++)              /* keep the lines */
      if (t[k] == '\n')
        buf_putc(out, '\n');
    copied = stop;
  }
  buf_free(&type);
  return copied;
}

/* rewrite_extern_shared at b[I] for the declaration ending at END; the text before it
   (from COPIED) goes to OUT first. Returns the new COPIED. */
static size_t rewrite_at(const char *b, const char *t, size_t i, size_t end, bool ns_scope,
                         bool in_macro, Names *names, Buf *out, size_t copied) {
  Buf rw = {0};
  if (rewrite_extern_shared(b, t, i, end, ns_scope, in_macro, names, &rw)) {
    buf_putn(out, t + copied, i - copied);
    buf_putn(out, rw.data ? rw.data : "", rw.len);
    out->oom |= rw.oom;
    copied = end;                                  /* the ';' stays */
  }
  buf_free(&rw);
  return copied;
}

/* The NAME of a line `#include <NAME>` or `#include "NAME"` of a header's text at L (up
   to END): *NAME and its length, or 0 for another line. */
static size_t include_name(const char *l, const char *end, const char **name) {
  while (l < end && (*l == ' ' || *l == '\t'))
    l++;
  if (l == end || *l++ != '#')
    return 0;
  while (l < end && (*l == ' ' || *l == '\t'))
    l++;
  if (end - l < 7 || strncmp(l, "include", 7))
    return 0;
  for (l += 7; l < end && (*l == ' ' || *l == '\t');)
    l++;
  if (l == end || (*l != '<' && *l != '"'))
    return 0;
  const char *q = memchr(l + 1, *l == '<' ? '>' : '"', (size_t)(end - l - 1));
  *name = l + 1;
  return q ? (size_t)(q - l - 1) : 0;
}

/* The text of served header NAME (rt_cuda_header) as the host compiler reads it: under an
   include guard of its own (the compiler sees one file, where `#pragma once` does
   nothing, so that line goes), its own `#include` lines of served headers replaced by
   their texts the same way (CuPy's float16.cuh includes cupy/carray.cuh and <cuda_fp16.h>),
   but for a header being expanded already (a C library row includes the host's header
   of its name). OPEN: the names being expanded, DEPTH of them. */
enum { MAXNEST = 8 };
static void put_served(Buf *out, const char *name, size_t len, const char *text,
                       const char **open, size_t *open_len, int depth) {
  const RtCpuWrap *wrap = rt_cpu_wrap(name, len);  /* the outermost of its family */
  if (wrap && depth > 0 && rt_cpu_wrap(open[depth - 1], open_len[depth - 1]) == wrap)
    wrap = NULL;
  if (wrap) {
    put_served(out, wrap->pre_name, strlen(wrap->pre_name), wrap->pre_text, open, open_len,
               depth);
    buf_puts(out, wrap->open);
  }
  open[depth] = name, open_len[depth] = len;
  char guard[RT_GUARDLEN];
  rt_header_guard(guard, name, len);
  buf_printf(out, "#ifndef %s\n#define %s\n", guard, guard);
  buf_printf(out, "#line 1 \"%.*s\"\n", (int)len, name);   /* its errors name its lines */
  int line = 1;
  for (const char *l = text; *l; line++) {
    const char *eol = strchr(l, '\n'), *end = eol ? eol : l + strlen(l), *inc;
    size_t n = include_name(l, end, &inc);
    const char *sub = n && depth + 1 < MAXNEST ? rt_cuda_header(inc, n) : NULL;
    for (int d = 0; sub && d <= depth; d++)
      if (open_len[d] == n && !strncmp(open[d], inc, n))
        sub = NULL;
    const char *w = l;
    while (w < end && (*w == ' ' || *w == '\t'))
      w++;
    if (sub) {
      put_served(out, inc, n, sub, open, open_len, depth + 1);
      buf_printf(out, "#line %d \"%.*s\"\n", line + 1, (int)len, name);
    } else if (!(end - w == 12 && !strncmp(w, "#pragma once", 12)))
      buf_putn(out, l, (size_t)(end - l)), buf_putc(out, '\n');
    l = eol ? eol + 1 : end;
  }
  buf_puts(out, "#endif\n");
  if (wrap)
    buf_puts(out, wrap->close);
}

/* An `#include <NAME>` (or "NAME") at t[HASH], NAME from B[P]: if NAME is one of the CUDA
   headers that pykc supplies (raw.c), the line becomes its text (put_served), then a #line
   that puts the user's next line back in place. Returns the new COPIED. */
static size_t put_header(const char *b, const char *t, size_t p, size_t eol, const RtCxx *c,
                         Buf *out, size_t copied, size_t hash) {
  p = cxx_skip_ws(t, p, eol);
  if (p >= eol || (t[p] != '<' && t[p] != '"'))
    return copied;
  size_t q = p + 1;
  while (q < eol && t[q] != (t[p] == '<' ? '>' : '"'))
    q++;
  const char *text = q < eol ? rt_cuda_header(t + p + 1, q - p - 1) : NULL;
  if (!text && q < eol && rt_cuda_toolkit_header(t + p + 1, q - p - 1)) {
    buf_putn(out, t + copied, hash - copied);      /* the line becomes an #error */
    if (q - p > 5 && !strncmp(t + p + 1, "cupy/", 5))
      buf_printf(out, "#error \"%.*s is one of CuPy's headers that pykc does not serve "
                      "(runtime/cupy/README.md)\"", (int)(q - p + 1), t + p);
    else
      buf_printf(out, "#error \"%.*s is CUDA's: the CPU backend does not have it (it runs on "
                      "the GPU)\"", (int)(q - p + 1), t + p);
    return eol;
  }
  char host[320];                                  /* a host library header: CUDA's */
  if (!text && q < eol && t[p] == '<' && q - p < 256) {   /* __noinline__ is not its */
    snprintf(host, sizeof host, "#pragma push_macro(\"__noinline__\")\n#undef __noinline__\n"
             "#include %.*s\n#pragma pop_macro(\"__noinline__\")\n", (int)(q - p + 1), t + p);
    text = host;
  }
  if (!text)
    return copied;
  buf_putn(out, t + copied, hash - copied);
  if (*text) {
    int line = c->line > 0 ? c->line : 1;
    for (size_t k = 0; k < hash; k++)
      line += b[k] == '\n';
    const char *open[MAXNEST];
    size_t open_len[MAXNEST];
    buf_printf(out, "/* %.*s: pykc's (runtime/cuda_headers.c) */\n", (int)(q - p + 1), t + p);
    put_served(out, t + p + 1, q - p - 1, text, open, open_len, 0);
    buf_printf(out, "#line %d \"", line + 1);
    buf_put_cstring(out, c->file);
    buf_putc(out, '"');
  }
  return eol;
}

/* An inline assembly statement at b[i] (`asm`, `__asm__` or `__asm`, its qualifiers, its
   parenthesised operands): PTX, which the host compiler cannot assemble, so it becomes a
   static_assert that names it at the user's line (the lines it spanned kept). Returns
   the new COPIED; *next: where the scan goes on. */
static size_t put_asm(const char *b, const char *t, size_t i, Buf *out, size_t copied,
                      size_t *next) {
  size_t w = cxx_word_at(b, i, "__asm__") ? 7 : cxx_word_at(b, i, "__asm") ? 5 : 3;
  size_t len = strlen(b), j = cxx_skip_ws(b, i + w, len);
  static const char *const quals[] = {"volatile", "__volatile__", "inline", "goto"};
  for (bool more = true; more;) {
    more = false;
    for (size_t q = 0; q < sizeof quals / sizeof *quals; q++)
      if (cxx_word_at(b, j, quals[q])) {
        j = cxx_skip_ws(b, j + strlen(quals[q]), len);
        more = true;
      }
  }
  *next = i + w;
  if (b[j] != '(')
    return copied;
  size_t end = cxx_close_group(b, j, len);
  buf_putn(out, t + copied, i - copied);
  buf_puts(out, "static_assert(false, \"inline PTX assembly (asm) runs on the GPU only: the CPU "
                "backend cannot run this code\")");
  for (size_t k = i; k < end; k++)
    if (b[k] == '\n')
      buf_putc(out, '\n');
  *next = end;
  return end;
}

/* `constexpr` at b[I] on a function definition whose body has no `return` (NVRTC warns,
   "missing return statement"; g++ refuses it in a constexpr function): the word goes, so
   that the function compiles as NVRTC compiles it (its result unused). Returns the new
   COPIED. */
static size_t drop_constexpr(const char *b, const char *t, size_t i, Buf *out, size_t copied) {
  size_t len = strlen(b), j = i + 9, p = i;
  while (p > 0 && (b[p - 1] == ' ' || b[p - 1] == '\t' || b[p - 1] == '\n'))
    p--;
  if (p >= 2 && cxx_word_at(b, p - 2, "if"))
    return copied;                                 /* `if constexpr (...)`: a statement */
  while (j < len && b[j] != '(' && b[j] != ';' && b[j] != '=' && b[j] != '{' && b[j] != '}')
    j++;
  if (j >= len || b[j] != '(')
    return copied;                                 /* a variable, or not a declaration */
  for (size_t k = i; k < j; k++)
    if (cxx_word_at(b, k, "void"))
      return copied;
  j = cxx_close_group(b, j, len);
  while (j < len && b[j] != '{' && b[j] != ';' && b[j] != '=')
    j++;
  if (j >= len || b[j] != '{')
    return copied;                                 /* a declaration only */
  int depth = 0;
  for (size_t k = j; k < len; k++) {
    depth += (b[k] == '{') - (b[k] == '}');
    if (cxx_word_at(b, k, "return") || cxx_word_at(b, k, "throw"))
      return copied;
    if (depth == 0)
      break;
  }
  buf_putn(out, t + copied, i - copied);
  buf_puts(out, "         ");                       /* (same columns) */
  return i + 9;
}

void rt_cxx_source(Buf *out, const RtCxx *c) {
  bool oom;
  char *polled = cxx_volatile_polls(c->text, &oom);   /* loops on volatile memory */
  bool oom2 = false;
  char *stepped = oom ? NULL : cxx_warp_steps(polled ? polled : c->text, &oom2);
  if (stepped) {                                   /* warp-synchronous stores */
    free(polled);
    polled = stepped;
  }
  oom |= oom2;
  const char *t = polled ? polled : c->text;
  char *b = oom ? NULL : cxx_blank(t);
  if (!b) {
    free(polled);
    out->oom = true;
    return;
  }
  if (c->defines)                                  /* the options' macros: the user's */
    buf_puts(out, c->defines);                     /* code's, not pykc's preamble's */
  buf_printf(out, "#line %d \"", c->line > 0 ? c->line : 1);
  buf_put_cstring(out, c->file);
  buf_puts(out, "\"\n");
  enum { MAXDEPTH = 256 };
  bool ns[MAXDEPTH];                               /* each open brace: a namespace? */
  bool tmpl[MAXDEPTH];                             /* ... in a template? */
  int depth = 0;
  Names names = {0};
  size_t copied = 0, start = 0;                    /* start: after the last boundary */
  bool line_start = true;
  for (size_t i = 0; b[i];) {
    char ch = b[i];
    if (line_start && ch == '#') {                 /* a preprocessor line */
      size_t eol = cxx_line_end(b, i), d = cxx_skip_ws(b, i + 1, eol);
      if (cxx_word_at(b, d, "include"))
        copied = put_header(b, t, d + 7, eol, c, out, copied, i);
      else if (cxx_word_at(b, d, "define"))            /* a macro's extern __shared__ */
        for (size_t k = d; k < eol; k++)
          if (cxx_word_at(b, k, "extern")) {
            size_t end = k;
            while (end < eol && b[end] != ';' && b[end] != '{' && b[end] != '}')
              end++;
            copied = rewrite_at(b, t, k, end, false, true, &names, out, copied);
          }
      i = start = eol;
      continue;
    }
    if (ch == '\n' || (line_start && isspace((unsigned char)ch))) {
      line_start = true;
      i++;
      continue;
    }
    line_start = false;
    if (ch == '{') {
      if (depth < MAXDEPTH)
        ns[depth] = opens_namespace(b, start, i),
        tmpl[depth] = (depth > 0 && tmpl[depth - 1]) || cxx_word_at(b, cxx_skip_ws(b, start, i), "template");
      depth++;
      start = ++i;
    } else if (ch == '}') {
      depth -= depth > 0;
      start = ++i;
    } else if (ch == ';') {
      start = ++i;
    } else if (cxx_word_at(b, i, "__shared__") && depth > 0 && depth <= MAXDEPTH &&
               tmpl[depth - 1] && !ns[depth - 1]) {
      size_t end = i;
      while (b[end] && b[end] != ';' && b[end] != '{' && b[end] != '}')
        end++;
      if (b[end] == ';')
        copied = rewrite_tmpl_shared(b, t, cxx_skip_ws(b, start, i), end, out, copied);
      i += 10;
    } else if (cxx_word_at(b, i, "asm") || cxx_word_at(b, i, "__asm__") ||
               cxx_word_at(b, i, "__asm")) {
      size_t next;
      copied = put_asm(b, t, i, out, copied, &next);
      i = next;
    } else if (cxx_word_at(b, i, "constexpr")) {
      copied = drop_constexpr(b, t, i, out, copied);
      i += 9;
    } else if (cxx_word_at(b, i, "extern")) {
      size_t end = i;
      while (b[end] && b[end] != ';' && b[end] != '{' && b[end] != '}')
        end++;
      bool ns_scope = depth == 0 || (depth <= MAXDEPTH && ns[depth - 1]);
      if (b[end] == ';')
        copied = rewrite_at(b, t, i, end, ns_scope, false, &names, out, copied);
      i += 6;
    } else {
      i++;
    }
  }
  buf_puts(out, t + copied);
  buf_puts(out, "\n\n/* entry trampolines (cpu/cxx.c) */\n");
  for (int k = 0; k < c->nentries; k++)
    buf_printf(out, "PYKC_ENTRY(%s, %s)\n", c->entries[k].entry, c->entries[k].func);
  out->oom |= names.oom;
  free(names.v);
  free(b);
  free(polled);
}
