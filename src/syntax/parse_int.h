/*
 * parse_int.h: what the router (parse.c) and its syntax-error messages (parse_errors.c)
 * share: the Parser, its token queue.
 */
#ifndef PYKC_PARSE_INT_H
#define PYKC_PARSE_INT_H

#include "syntax.h"
#include "grammar.h"

#define NTOKENS (TK_PYDEF + 1)

/* A host function or class whose block is being routed. Its header is given to Lemon
   (as an item that opens it) only when something inside is routed, so host code with no
   kernels costs nothing but lexing. */
enum { MAX_SCOPES = 100, MAX_FORM_WORDS = 16 };                         /* the lexer's indentation limit */
typedef struct Scope {
  Token *head;                                     /* the header's tokens (DEF ... COLON, or
                                                      CLASS NAME); the buffer is reused by
                                                      the next scope at this level */
  size_t nhead, cap;
  bool opened;                                     /* its header item was fed */
} Scope;

typedef struct Parser {
  ParseState ps;                                   /* first: callbacks cast &ps back */
  Ctx *c;
  Lexer *lx;
  void *lemon;                                     /* the Lemon parser, in the arena */
  Token *q;                                        /* lookahead queue: q[head..len) */
  size_t head, len, cap;
  Token raw;                                       /* lexer token read while merging */
  bool have_raw;
  /* every consumed token, fed or skipped, updates these: */
  bool at_line_start;
  Token line_first;                                /* first token of the current line */
  Token prev_first;                                /* first token of the previous line */
  int last;                                        /* kind of the last token */
  int prev_last;                                   /* kind of the last before a NEWLINE */
  Loc last_loc, prev_last_loc;                     /* and their locations */
  int paren;                                       /* bracket depth in a def header */
  const char **kernel_words;                       /* "rawkernel", "fuse", their import
                                                      aliases and names bound to calls */
  bool *kernel_fuse;                               /* kernel_words[i] is cupy's fuse's */
  int nkernel_words, cap_kernel_words;
  const char *form_words[MAX_FORM_WORDS];                      /* `from cupy import RawKernel as RK` */
  int nform_words;
  Scope scopes[MAX_SCOPES];                        /* host functions/classes around here */
  int nscopes;
  int cond;                                        /* inside host if/for/while blocks */
  bool refeed;                                     /* resync: the bad token starts a line */
  bool resynced;                                   /* resync ran in the current item */
  bool lazy_kernel;                                /* feeding a @jit.rawkernel def: its body
                                                      is read with c->lazy */
  bool decorated;                                  /* the def routed next had decorators */
  Token *log;                                      /* the tokens taken inside host defs (a */
  size_t nlog, cap_log;                            /* helper def's are kept: ND_PYDEF) */
  int logging;                                     /* host defs being logged */
  Node *pydefs;                                    /* the ND_PYDEF list (the module's els) */
} Parser;

/* The token queue (parse.c): the k-th token ahead (filling the queue as needed), and a
   synthetic token of KIND at LOC. */
void parse_fill(Parser *p);
const Token *parse_peek(Parser *p, size_t k);
Token parse_synth(int kind, Loc loc);

/* parse_route.c: which host statements are routed (the token classes, the kernel and
   form words, the predicates over the N tokens of the statement at the queue's head). */
enum {
  C_IMPORT = 1,                                    /* may appear in a routed import */
  C_CONST = 2,                                     /* ... in a routed constant's value */
  C_OPERAND = 4,                                   /* ends an operand: `*` after it is binary */
  C_COMPOUND = 8,                                  /* starts a compound statement's line */
  C_CLAUSE = 16,                                   /* else/elif/except/finally */
  C_AUGASSIGN = 32,                                /* `+=` ... `**=`: rebinds its target */
};
unsigned parse_class(int kind);                    /* C_* bits of a token kind */
bool parse_is_word(const Token *t, const char *w);  /* a NAME spelling w */
enum { KW_JIT = 1, KW_FUSE = 2 };                  /* parse_kernel_word: rawkernel, fuse */
int parse_kernel_word(Parser *p, const Token *t);   /* KW_JIT, KW_FUSE or 0: neither */
void parse_add_kernel_word(Parser *p, const Token *t, bool fuse);
int parse_mentions_kernel(Parser *p, size_t from, size_t to);
void parse_note_aliases(Parser *p, size_t n);       /* `import cupy as cp`, `k = cp.fuse` */
bool parse_routable_form(Parser *p, size_t n);      /* `k = cp.ElementwiseKernel(...)` */
bool parse_routable_import(Parser *p, size_t n);
bool parse_const_tokens(Parser *p, size_t from, size_t n);
bool parse_routable_const(Parser *p, size_t n);
size_t parse_unpack_equal(Parser *p, size_t n);   /* `A, B = ...`: its `=`, else 0 */
bool parse_routable_list(Parser *p, size_t n);
bool parse_routable_ufunc(Parser *p, size_t n);    /* `u = cp._core.create_ufunc(...)` */
bool parse_routable_decorator(Parser *p, size_t n);
bool parse_routable_return(Parser *p, size_t n);
/* A name among tokens [from, n) that misspells cupyx.jit's or cupy's kernel word
   (`jit.rawkernal`, `cp.fuze`; with FORMS also a form class called, `cp.ElementwiseKernal(`):
   its index, with *meant the word; or -1. */
long parse_kernel_typo(Parser *p, size_t from, size_t n, bool forms, const char **meant);

#endif
