/*
 * runtime/cxx/cxxscan.h: the one CUDA C++ scanner (cxxscan.c). Its two layers:
 *  - lexical: a copy of the text with comments and the insides of string and character
 *    literals blanked (same offsets and lines), and the word helpers that read it; cpu/cxx.c
 *    rewrites CUDA C++ for the host compiler with them;
 *  - declarations: the `__global__` functions of the text after the preprocessor (#define,
 *    #if, the options' -D/-U), with their linkage and parameters, and the kernels of name
 *    expressions instantiated: pykc_cuda_kernels (include/pykc.h), which the compiler's
 *    RawModule form, the runtime's .cu modules (raw.c) and the Python package use.
 */
#ifndef PYKC_CXXSCAN_H
#define PYKC_CXXSCAN_H

#include "../../include/pykc.h"

#include <stdbool.h>
#include <stddef.h>

/* A malloc'd copy of SRC (NULL when out of memory) of the same length and lines, with
   comments and the insides of string, character and raw string literals blanked (the
   "C" and "C++" of extern "C" kept, and a backslash that continues a line). */
char *cxx_blank(const char *src);

bool cxx_is_ident(char c);
/* Is the identifier W at S[I] (whole word)? */
bool cxx_word_at(const char *s, size_t i, const char *w);
/* The first offset from I (before END) that is not white space. */
/* CODE past a UTF-8 byte order mark opening it (nvcc drops one: it is no C++) */
const char *cxx_skip_bom(const char *code);
size_t cxx_skip_ws(const char *s, size_t i, size_t end);
/* The end of the group opening at S[I] ('(' or '['), or END when it is not closed. */
size_t cxx_close_group(const char *s, size_t i, size_t end);
/* The same for a group of any bracket, (), [] or {}, counting all three as one nesting
   (blanked text: a lambda's braces inside parentheses, an index inside braces). */
size_t cxx_close_nested(const char *s, size_t i, size_t end);
/* The end of the identifier characters starting at S[I] (I itself when none). */
size_t cxx_word_end(const char *s, size_t i);
/* The end of the preprocessor line starting at S[I] (its newline, or the text's end),
   continuation lines included. */
size_t cxx_line_end(const char *s, size_t i);

/* The macro that NVRTC option I of OPT[N] defines or undefines (-DNAME, -DNAME=V, -D
   followed by NAME=V, --define-macro=NAME=V, -UNAME, --undefine-macro=NAME): *def says
   which, *text is NAME[=V]. Returns how many options it takes (0: no macro option). */
int cxx_macro_option(const char *const *opt, int n, int i, bool *def, const char **text);
/* A macro option's TEXT as its #define/#undef line reads it: returns the length of the
   name a #define takes (NAME, or NAME(ARGS): up to the '=') and sets *value to what
   follows the '=' ("1" without one) and *ident to the length of the plain NAME, which an
   #undef takes. */
size_t cxx_macro_split(const char *text, const char **value, size_t *ident);

/* cxxopts.c: CuPy's _cupy_header (its four #include lines), which
   pykc_translate_cucomplex prepends to the code as CuPy's compile_with_cache does. */
extern const char pykc_cupy_header[];
#define PYKC_CUPY_HEADER_LINES 4

/* cxxopts.c: option I of OPT[N] as NVRTC reads it: the count of words it takes (1, or 2
   for `-D NAME`), 0 when it is no NVRTC option, -1 when its value is missing; *host: the
   host compiler's spelling of it (the value to glue on: *value), NULL for the GPU's own
   (code generation, diagnostics). */
int cxx_nvrtc_option(const char *const *opt, int n, int i, const char **host,
                     const char **value);
/* The host compiler's flags of NVRTC options OPT[N] (-I, -include, and -std when
   STD) into FLAGS (room for 2 * N, each malloc'd; *nflags of them); the others are
   skipped. 1 with ERR when one is no NVRTC option (NVRTC's "invalid option") or a value
   is missing, -1 when memory runs out (the flags made so far are the caller's to free). */
int cxx_host_flags(const char *const *opt, int n, bool std, char **flags, int *nflags,
                   char *err, size_t errlen);

/* Does NAME need a name expression to be found in the code scanned as SC: a template
   instance or a qualified name, or a __global__ function that is no plain extern "C" one?
   (A name that is none of the code's stays a plain name: "no kernel" lists them.) */
bool cxx_needs_expr(const pykc_cuda_scan *sc, const char *name);

/* pykc_cuda_kernels with the options as lists. */
pykc_status cxx_scan(const char *code, const char *const *options, int noptions,
                     const char *const *exprs, int nexprs, pykc_cuda_scan **out);

#endif
