/*
 * runtime/cxxscan_int.h: what the CUDA C++ scanner's two files share: tokens, the scan's
 * memory and state. cxxlex.c reads the text into tokens and runs the preprocessor over
 * them (macros, conditionals); cxxscan.c finds the declarations in the result.
 */
#ifndef PYKC_CXXSCAN_INT_H
#define PYKC_CXXSCAN_INT_H

#include "cxxscan.h"

#include <setjmp.h>
#include <stdint.h>

enum { T_ID, T_NUM, T_STR, T_CHR, T_PUNCT };

/* A token: a view into the code, a macro's text, an option or a name expression. */
typedef struct Tok {
  const char *p;
  uint32_t len, line;
  uint8_t kind;
  bool bol;                                        /* first on its line (a directive's #) */
} Tok;

typedef struct TokVec {
  Tok *v;
  int n, cap;
} TokVec;

typedef struct Chunk Chunk;
typedef struct Pool {                              /* freed at once; out of memory jumps */
  Chunk *head;
  jmp_buf *oom;
} Pool;

typedef struct Macro Macro;

typedef struct Scan {
  Pool tmp;                                        /* tokens, macros: freed after the scan */
  Pool *keep;                                      /* what the result holds */
  Macro *macros;
  TokVec toks;                                     /* the code after the preprocessor */
  char err[512];
} Scan;

void *cxx_alloc(Pool *p, size_t n);                /* zeroed */
char *cxx_strndup(Pool *p, const char *s, size_t n);
void cxx_pool_free(Pool *p);
void cxx_push(Pool *p, TokVec *v, const Tok *t);
bool cxx_is(const Tok *t, const char *punct);      /* the punctuator or word PUNCT? */

/* The tokens of TEXT (no preprocessing), lines from LINE. */
void cxx_lex_all(Pool *p, const char *text, uint32_t line, TokVec *out);
/* Preprocesses CODE into S->toks, with the predefined macros and the options' -D/-U. */
void cxx_preprocess(Scan *S, const char *code, const char *const *options, int noptions);

#endif
