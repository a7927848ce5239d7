/*
 * pykc internal header: one section per module, in pipeline order.
 *
 *   lex.re      source text  -> tokens (INDENT/DEDENT/NEWLINE by CPython's rules)
 *   parse.c     tokens       -> statements routed to the Lemon grammar (host code skipped)
 *   grammar.y   Lemon grammar -> untyped AST (ast.c constructors)
 *   sema*.c     untyped AST  -> typed IR, one tree per kernel/device specialisation
 *   lower.c     typed IR     -> lowered IR: op= expanded, value ranges (range.c) applied,
 *                               Python helpers chosen, loop bounds hoisted, temporaries
 *                               numbered, C names made unique
 *   emit*.c     lowered IR   -> CUDA C (emit_cuda.c) or C11 (emit_c.c): printers only
 *
 * Everything a compilation allocates lives in its Ctx's arena and is freed at once.
 * The library never exits: fatal front-end errors longjmp to ctx->fatal, which only
 * the driver (driver.c) sets up, and come back as a status.
 */
#ifndef PYKC_INTERNAL_H
#define PYKC_INTERNAL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "ksig.h"                                  /* the runtime's view; DtypeInfo */

#define PYKC_VERSION "0.1.0"

typedef struct Ctx Ctx;
typedef struct Node Node;
typedef struct Type Type;
typedef struct Var Var;
typedef struct Func Func;
typedef struct Spec Spec;
typedef struct Builtin Builtin;

/* ======================================================================
 * arena.c: arena allocation, interned names, growable string buffers
 * ====================================================================== */
typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
  ArenaBlock *head;
} Arena;

/* zeroed, 16-byte aligned; out of memory longjmps to the protected call (arena.c) */
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);
/* Sets where out of memory unwinds to in this thread (longjmp value UNIT_OOM); returns
   the previous target. driver.c's unit_protect and unit_new set it. */
jmp_buf *arena_set_oom(jmp_buf *target);
enum { UNIT_FATAL = 1, UNIT_OOM = 2 };             /* unit_protect's failures */

/* Interned names: equal strings give the same pointer, so names compare by ==. */
typedef struct Interner {
  const char **slots;                              /* open addressing, power of two */
  size_t cap, count;
  Arena *arena;
} Interner;
const char *intern(Interner *in, const char *s, size_t len);
const char *intern_cstr(Interner *in, const char *s);

/* Buf, the growable byte buffer: buf.h (the runtime uses it too). */

/* ======================================================================
 * diag.c: one diagnostic format, with the source line and a caret
 *
 *   FILE:LINE:COL: error: MESSAGE
 *       <the source line>
 *            ^~~~
 * The source line is indented by 4 spaces; '^' sits under COL, '~' covers the rest of
 * loc.len (at least the '^'; never past the end of the line). Tabs in the source line
 * are printed as they are and the caret line copies them so the caret lines up.
 * ====================================================================== */
typedef struct Loc {
  uint32_t line, col;                              /* 1-based; col counts bytes */
  uint32_t len;                                    /* span for the caret, >= 1 */
} Loc;

typedef struct Source {
  const char *name;                                /* as given on the command line */
  const char *text;                                /* NUL-terminated; BOM already skipped */
  size_t len;
} Source;

void diag_error(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_warning(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Reports an error and longjmps to c->fatal (front end only: the driver catches it). */
_Noreturn void diag_fatal(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A note without location (e.g. "pykc: bad --sig ..."), same sink, counted as an error. */
void diag_plain(Ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ======================================================================
 * Compilation context (one per compilation; driver.c creates and frees it)
 * ====================================================================== */
typedef enum { MODE_CUDA, MODE_NUMPY } Mode;

typedef struct Options {
  Mode mode;                                       /* default mode for kernels without mode= */
  bool mode_given;                                 /* --mode overrides the decorator */
  bool debug;                                      /* --debug: asserts + bounds checks */
  bool line_info;                                  /* --line-info: #line directives */
  const char **kernels;                            /* --kernel NAME..., NULL = all */
  int nkernels;
  const char **sigs;                               /* --sig 'name(T, ...)' */
  int nsigs;
  bool need_sigs;                                  /* cuda/check: a generic kernel is an error */
  const char **defines;                            /* --define NAME=VALUE[:DTYPE] */
  int ndefines;
} Options;

struct Ctx {
  Arena arena;
  Interner names;
  const Source *src;
  Buf diags;                                       /* rendered diagnostics */
  int nerrors, nwarnings;
  int nusage;                                      /* of the errors, bad options (exit 2) */
  int max_errors;                                  /* stop (fatal) after this many; 0 = 20 */
  bool quiet;                                      /* parser reading host code: constructs
                                                      kernels reject are not reported */
  jmp_buf *fatal;                                  /* set by the driver around each phase */
  Options opt;
};

void ctx_init(Ctx *c, const Source *src, const Options *opt);
void ctx_free(Ctx *c);

/* ======================================================================
 * lex.re: the whole Python 3 token set, as a pull lexer
 *
 * Token kinds are Lemon's (build/grammar.h, TK_*). The lexer adds TK_NEWLINE, TK_INDENT,
 * TK_DEDENT and a final TK_ENDMARKER (after a NEWLINE and the closing DEDENTs), exactly
 * as CPython's tokenizer does. Comments, blank lines, newlines inside brackets and after
 * a backslash produce nothing. Lexical errors are reported with diag_fatal (they stop
 * the compilation): bad indentation, unterminated strings, stray characters, unclosed
 * brackets (citing where the bracket opened), mismatched closing brackets.
 * Layout tokens have len 0: NEWLINE sits at the line end, INDENT at column 1 (loc.len
 * covers the indentation), DEDENT at the next token (ENDMARKER's line at the end).
 * ====================================================================== */
typedef struct Token {
  int kind;                                        /* TK_* */
  const char *p;                                   /* view into the source */
  uint32_t len;
  Loc loc;                                         /* loc.len == len for one-line tokens */
  uint8_t numkind;                                 /* TK_NUMBER: NUM_INT, NUM_FLOAT, NUM_IMAG */
} Token;
enum { NUM_INT = 1, NUM_FLOAT, NUM_IMAG };

typedef struct Lexer Lexer;
Lexer *lex_new(Ctx *c);                            /* lexes c->src; allocated in c->arena */
void lex_next(Lexer *lx, Token *t);                /* after ENDMARKER, keeps giving it */
int lex_depth(const Lexer *lx);                    /* brackets open where lexing stands */
const char *lex_token_name(int kind);              /* "'('", "NEWLINE", "name", ... */
void lex_dump(Ctx *c, Buf *out);                   /* --dump-tokens: "LINE:COL KIND 'text'\n" */

/* ======================================================================
 * ast.c / grammar.y / parse.c: the untyped AST
 *
 * One Node struct for everything; lists are linked through `next`. The parser builds
 * untyped nodes (kinds ND_* in the first group). Sema builds a *fresh* typed tree per
 * specialisation from IR kinds (second group); it never mutates the parsed tree.
 * ====================================================================== */
typedef enum {
  OP_NONE,
  /* binary arithmetic, in this order (tables index by it) */
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_BITAND, OP_BITOR, OP_BITXOR, OP_MATMUL,
  /* unary */
  OP_NEG, OP_POS, OP_INVERT, OP_NOT,
  /* boolean */
  OP_AND, OP_OR,
  /* comparisons */
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IS, OP_ISNOT, OP_IN, OP_NOTIN,
  OP_COUNT
} Op;
extern const char *const op_spelling[OP_COUNT];     /* "+", "//", "not", "is not", ... */

/* The array attributes that are values (x.size, x.shape[d], x.strides[d]). */
typedef enum { AA_SIZE, AA_SHAPE, AA_STRIDES, AA_COUNT } ArrayAttr;
/* Their Python names, which are also the ABI struct's fields: "size", "shape", ... */
extern const char *const array_attr_names[AA_COUNT];

typedef enum {
  /* ---- untyped AST (parser) ---- */
  ND_MODULE,        /* body: list of IMPORT/FROM_IMPORT/FUNCDEF/CONST_ASSIGN/HOSTDEF/
                       CLASSDEF */
  ND_IMPORT,        /* `import a.b as c`: str = dotted module name, name = bound alias
                       (for `import cupyx.jit` without as: name = "cupyx") */
  ND_FROM_IMPORT,   /* `from a.b import x as y, ...`: str = module, body = list of ND_ALIAS */
  ND_ALIAS,         /* str = imported name, name = bound name */
  ND_FUNCDEF,       /* name; params: ND_PARAM list; decorators: expr list; body; lhs = return
                       annotation or NULL; str = qualified name inside host functions and
                       classes ("Cls.k", "outer.k"), else NULL */
  ND_PARAM,         /* name; lhs = annotation or NULL; rhs = default or NULL */
  ND_CONST_ASSIGN,  /* module level `NAME = expr`: name, rhs; weak: assigned under an
                       if/for/while in host code (the name is then no constant) */
  ND_HOSTDEF,       /* a host function holding routed items: name, params (defaults in
                       rhs), body = its items (imports, constants, kernels, nested
                       HOSTDEF/CLASSDEF, ND_RETURN) */
  ND_CLASSDEF,      /* a class holding kernels: name, body = its items */
  ND_SCOPE_END,     /* parser only: closes the innermost HOSTDEF/CLASSDEF */
  ND_FORM,          /* a CuPy kernel form call (forms.h): lhs = the ND_CALL, rhs = the
                       assignment target or NULL, name = the variable it binds or NULL */

  ND_ASSIGN,        /* targets: expr list (a = b = v has two), rhs = value */
  ND_AUGASSIGN,     /* op, lhs = target, rhs = value */
  ND_ANNASSIGN,     /* `x: T = v`: lhs target, ann = annotation, rhs value or NULL */
  ND_IF,            /* cond, then, els (an elif is an ND_IF alone in els) */
  ND_WHILE,         /* cond, body, els (else clause: an error in sema) */
  ND_FOR,           /* lhs = target, rhs = iterable, body, els */
  ND_BREAK, ND_CONTINUE, ND_PASS,
  ND_RETURN,        /* lhs = value or NULL */
  ND_EXPR_STMT,     /* lhs */
  ND_ASSERT,        /* cond, rhs = message or NULL */
  ND_UNSUPPORTED,   /* a construct the language rejects; str = its name as in the message
                       ("'with' statements", "lambda", "list displays", ...) */

  ND_INT,           /* integer literal: ival (uint64 in uval if it does not fit int64);
                       big = true if it does not fit uint64 */
  ND_FLOAT,         /* fval */
  ND_IMAG,          /* fval (imaginary part) */
  ND_STR,           /* str = raw token text (quotes included) */
  ND_TRUE, ND_FALSE, ND_NONE,
  ND_NAME,          /* name */
  ND_ATTR,          /* lhs.name */
  ND_CALL,          /* lhs(args...): args = positional list then ND_KWARG list */
  ND_KWARG,         /* name = rhs */
  ND_SUBSCRIPT,     /* lhs[args]: args = index list (x[i, j] has two; x[()] has none) */
  ND_TUPLE,         /* args = items */
  ND_BINOP,         /* op, lhs, rhs */
  ND_UNARY,         /* op (NEG/POS/INVERT/NOT), lhs */
  ND_BOOLOP,        /* op (AND/OR), args = operands (2+) */
  ND_COMPARE,       /* args = operands (n+1), ops[n]; parser: ival = n */
  ND_IFEXP,         /* then if cond else els */
  ND_STARRED,       /* *lhs (error in kernels) */
  ND_SLICE,         /* lo:hi:step inside a subscript: lhs = lo, rhs = hi, step (each
                       NULL when absent; `::1` has step = INT 1). Only in annotations
                       (`cp.float32[:, ::1]`); the parser rejects it anywhere else. */

  /* ---- typed IR (sema; every expression has ty) ---- */
  IR_BLOCK,         /* body: statement list */
  IR_ASSIGN,        /* lhs = IR_VAR / IR_INDEX / IR_DEREF, rhs already converted to lhs->ty */
  IR_AUGASSIGN,     /* op; lhs as above; rhs converted to cty; the result op(lhs, rhs) is
                       computed in cty (node->cty) and converted back to lhs->ty.
                       Sema only: lower.c rewrites it to IR_ASSIGN */
  IR_IF,            /* cond (bool), then, els (may be NULL) */
  IR_WHILE,         /* cond (bool), body */
  IR_FOR,           /* var (loop variable), lhs = start, rhs = stop, step, all of the
                       variable's type; unroll: 0 none, -1 `unroll=True`, -2 `unroll=False`,
                       N > 0 `#pragma unroll N`; stepsign: +1 / -1 known, 0 test at run time */
  IR_BREAK, IR_CONTINUE,
  IR_RETURN,        /* lhs = value (converted to the function's return type) or NULL */
  IR_EXPR,          /* lhs evaluated for side effects */
  IR_ASSERT,        /* cond; str = message C string literal text or NULL (only with --debug) */
  IR_PRINT,         /* args = expressions; str = printf format built by sema */
  IR_SHARED,        /* var = the local holding the pointer; ty of var is TY_PTR;
                       ival = element count, or -1 for dynamic (extern __shared__);
                       align = alignment in bytes or 0 */
  IR_LOCALMEM,      /* var (TY_PTR), ival = count: a per-thread array */

  IR_CONST,         /* ty scalar; ival for ints and bool (uval for uint64), fval for floats */
  IR_VAR,           /* var */
  IR_CAST,          /* convert lhs to ty (C cast with the language's meaning) */
  IR_BINOP,         /* op (arithmetic/bitwise); lhs, rhs both of type cty; result ty.
                       For int8..uint16/float16 results the C value is the promoted one
                       (int/float): no narrowing here. */
  IR_UNARY,         /* op NEG/POS/INVERT/NOT; lhs */
  IR_LOGIC,         /* op AND/OR; lhs, rhs (bool); result bool */
  IR_COMPARE,       /* op EQ..GE; lhs, rhs of type cty after conversion (sema picks cty so
                       the comparison is exact: e.g. int64 for int32 vs uint32); bool.
                       One exception: int64 vs uint64 (no common exact type) has
                       cty uint64 and lhs/rhs left in their own types (one int64, one
                       uint64): the emitter tests the sign of the int64 side first */
  IR_SELECT,        /* cond ? then : els, all converted to ty */
  IR_INDEX,         /* lhs = array (TY_ARRAY or TY_PTR) expression; args = integer index
                       expressions (int64 each, one per dimension indexed); result: an
                       element (lvalue) when all dims are indexed, else a view (TY_ARRAY of
                       ndim - nargs) */
  IR_ARRAY_ATTR,    /* lhs = array; attr = AA_SIZE | AA_SHAPE | AA_STRIDES; ival = dim for
                       shape/strides (size: -1); ty int64 */
  IR_TUPLE,         /* args = items; ty TY_TUPLE (device function returns, unpacking) */
  IR_TUPLE_GET,     /* lhs tuple-valued expression, ival = item index */
  IR_BUILTIN,       /* builtin call: bi = table entry; args converted per its signature;
                       ty = result type (threadIdx.x etc. are IR_BUILTIN with no args) */
  IR_CALL,          /* device function call: callee = specialisation; args converted to
                       its parameter types */
  /* ---- lowered IR only (lower.c) ---- */
  IR_HELPER,        /* a Python-semantics helper call: helper = HK_*, lhs (and rhs for
                       two-operand helpers) of the helper's operand type, cty = the
                       helper's instance type (py_NAME_<cty>), ty = the result */
  IR_ADDR,          /* &lhs, lhs an element IR_INDEX; ty TY_PTR */
  IR_DEREF,         /* *lhs, lhs a TY_PTR expression (an op= target's address temp) */
  IR_KIND_COUNT
} NodeKind;

struct Node {
  NodeKind kind;
  Loc loc;
  Node *next;                                      /* next in a list */
  Type *ty;                                        /* typed IR: the expression's type */
  Type *cty;                                       /* typed IR: computation type (binop etc) */
  Op op;
  Op *ops;                                         /* ND_COMPARE */
  Node *lhs, *rhs, *then, *els, *body;
  Node *cond;                                      /* a condition: IF, WHILE, ASSERT, IFEXP,
                                                      SELECT */
  Node *step;                                      /* ND_SLICE, IR_FOR: the step */
  Node *ann;                                       /* ND_ANNASSIGN: the annotation */
  Node *args;                                      /* list */
  Node *targets;                                   /* ND_ASSIGN */
  Node *params, *decorators;                       /* ND_FUNCDEF */
  const char *name;                                /* interned */
  const char *str;                                 /* string payloads */
  int64_t ival;
  uint64_t uval;
  double fval;
  double fimag;                                    /* IR_CONST complex / ND_IMAG: the
                                                      imaginary part (fval the real) */
  bool big;                                        /* ND_INT beyond uint64 */
  bool weak;                                       /* IR_CONST: a Python scalar (int/float/
                                                      bool literal or folded from them),
                                                      typed by the literal rules; sema uses
                                                      it for folding (emitters: ignore) */
  int unroll, stepsign, align;                     /* IR_FOR, IR_SHARED */
  Var *var;
  Spec *callee;                                    /* IR_CALL */
  const Builtin *bi;                               /* IR_BUILTIN */
  int nargs;                                       /* count of args (IR nodes); ND_COMPARE:
                                                      capacity of ops */
  int helper;                                      /* IR_HELPER: HK_* */
  int attr;                                        /* IR_ARRAY_ATTR: AA_* */
  bool compound;                                   /* lowered IR_ASSIGN from `op=`: rhs is
                                                      IR_BINOP(op, lhs, v) and C's `lhs op= v`
                                                      computes exactly that */
  int depth;                                       /* parser: expression nesting depth */
  Node *ltail;                                     /* ast_append: the list's last node, when
                                                      this node heads a list ... */
  Node *lhead;                                     /* ... and, in that last node, the head
                                                      whose hint it is (a copied head's
                                                      hint is ignored) */
};

Node *ast_new(Ctx *c, NodeKind kind, Loc loc);
/* Appends item (a node or a list) to a `next` list and returns the head; O(1) through
   the head's tail hint. */
Node *ast_append(Node *list, Node *item);
/* Expressions nested deeper than this are "too complex" (CPython has such a limit too):
   the recursive phases after the parser then never run out of C stack. */
enum { AST_MAX_DEPTH = 1000 };
int ast_count(const Node *list);
/* --dump-ast / --dump-ir: one node per line, `kind field=value ...`, children indented by
   two spaces under their field's label (`lhs: ...`, `args:` then the list); n and the
   nodes after it on its `next` list. Works on untyped and typed trees alike. */
void ast_dump(Ctx *c, const Node *n, Buf *out);

/* The span from the start of a to the end of b when both are on one line, else a. */
Loc ast_span(Loc a, Loc b);
/* An identifier's interned name: NFKC-normalised when it is not ASCII, as CPython does
   (nfkc.c), so `ﬁ` and `fi` are one name. */
const char *name_intern(Ctx *c, const char *s, size_t len);
/* Constructors used by the grammar's actions (names interned, literals decoded). The
   expression constructors may return the "too complex" node instead (AST_MAX_DEPTH). */
Node *ast_name(Ctx *c, NodeKind kind, Token t);     /* node with name = t's text */
Node *ast_literal(Ctx *c, Token t);                 /* NUMBER/STRING -> INT/FLOAT/IMAG/STR */
Node *ast_strcat(Ctx *c, Node *s, Token t);         /* "a" "b": implicit concatenation */
Node *ast_expr(Ctx *c, NodeKind kind, Loc loc, Node *lhs, Node *rhs);
Node *ast_op(Ctx *c, NodeKind kind, Op op, Loc loc, Node *lhs, Node *rhs);
Node *ast_boolop(Ctx *c, Op op, Loc loc, Node *a, Node *b);   /* flattens a and b and c */
/* Starts a comparison (cmp NULL: lhs OP rhs) or extends the chain cmp with OP rhs. */
Node *ast_compare(Ctx *c, Node *cmp, Node *lhs, Op op, Loc loc, Node *rhs);
Node *ast_tuple(Ctx *c, Loc loc, Node *items, bool force);    /* one item, !force: the item */
Node *ast_nest(Ctx *c, Node *n);                    /* n's depth from its children (above) */
Node *ast_attr(Ctx *c, Node *obj, Token name);
Node *ast_ifexp(Ctx *c, Loc loc, Node *then, Node *cond, Node *els);
Node *ast_slice(Ctx *c, Loc loc, Node *lo, Node *hi, Node *step);
/* IF (body goes to then), WHILE, ASSERT, MODULE (body): cond, body, els. */
Node *ast_cond_stmt(Ctx *c, NodeKind kind, Loc loc, Node *cond, Node *body, Node *els);
/* The elif list (ND_IFs linked by next) nested into one ND_IF chain ending in els. */
Node *ast_elifs(Node *elifs, Node *els);
Node *ast_for(Ctx *c, Loc loc, Node *target, Node *iter, Node *body, Node *els);
Node *ast_assign(Ctx *c, Node *targets, Node *value);
Node *ast_annassign(Ctx *c, Loc loc, Node *target, Node *ann, Node *value);
Node *ast_funcdef(Ctx *c, Token name, Node *params, Node *ret, Node *body);
Node *ast_param(Ctx *c, Token name, Node *ann, Node *dflt);
Node *ast_import(Ctx *c, NodeKind kind, Loc loc, const char *str, const char *name);
Node *ast_dotted(Ctx *c, Node *imp, Token name);    /* str "a.b" + ".name" */
/* Reports "WHAT is/are not supported in kernels" (are when WHAT ends in 's') and returns
   an ND_UNSUPPORTED node with str = WHAT. */
Node *ast_unsupported(Ctx *c, Loc loc, const char *what);
/* A loop's else clause: the suite behind a `pass` at the `else` keyword, so that
   messages about the clause point at the keyword. */
Node *ast_loop_else(Ctx *c, Loc else_loc, Node *suite);

/* Parses c->src. Module-level host code (anything that is not an import, a def decorated
   with rawkernel, or a constant assignment) is skipped at the token level. Syntax errors
   are reported and the parse recovers at the next statement where it can. Returns the
   ND_MODULE node, or NULL after errors. */
Node *parse_module(Ctx *c);

/* The Lemon parser (build/grammar.c, `%name Parse`) and parse.c, which feeds it. */
typedef struct ParseState {
  Ctx *c;
  Node *module;                                    /* ND_MODULE, set at ENDMARKER */
  Loc loc;                                         /* the token being fed */
  int depth;                                       /* INDENT depth (every token consumed) */
  int base;                                        /* depth where the routed item starts */
  Node *open[128];                                 /* HOSTDEF/CLASSDEF items are filed under */
  int nopen;
  bool in_header;                                  /* inside a `def` header: slices allowed */
  bool in_form;                                    /* inside a kernel form's call: lists are
                                                      values (ND_TUPLE, weak) */
  bool error;                                      /* syntax error reported; parse.c re-syncs */
} ParseState;
void ParseInit(void *parser, ParseState *ps);
void Parse(void *parser, int kind, Token tok);
size_t parse_lemon_size(void);                     /* bytes for ParseInit */
void parse_lemon_resume(void *parser);             /* ends Lemon's 3-token error silence */
/* Called by %syntax_error: expect[k] says whether token kind k could have come there. */
void parse_syntax_error(ParseState *ps, const Token *tok, const bool *expect, int nexpect);
/* Grammar actions that check as they build (parse.c). */
Node *parse_item(ParseState *ps, Node *list, Node *item);
Node *parse_funcdef(ParseState *ps, Loc def, Token name, Node *params, Node *ret);
/* Checks an assignment target; single (e.g. "augmented assignment") rejects tuples. */
Node *parse_target(ParseState *ps, Node *e, const char *single);
Node *parse_augassign(ParseState *ps, Node *target, Op op, Loc loc, Node *value);
Node *parse_call(ParseState *ps, Node *fn, Node *args, Token rpar);
Node *parse_subscript(ParseState *ps, Node *obj, Node *index, Token rsqb);
Node *parse_slice(ParseState *ps, Loc loc, Node *lo, Node *hi, Node *step);
/* A list display: in a kernel form's call an ND_TUPLE marked weak (a list of values),
   anywhere else unsupported. */
Node *parse_list(ParseState *ps, Token lsqb, Node *items, Token rsqb);
/* The ND_FORM item of `target = call` (target NULL: a bare call). */
Node *parse_form(ParseState *ps, Node *target, Node *call);

/* ======================================================================
 * type.c: dtypes and types (the tables)
 * ====================================================================== */
typedef enum {
  /* scalar dtypes in promotion order (docs/language.md §2): the enum order IS the order */
  TY_BOOL, TY_INT8, TY_UINT8, TY_INT16, TY_UINT16, TY_INT32, TY_UINT32,
  TY_INT64, TY_UINT64, TY_FLOAT16, TY_FLOAT32, TY_FLOAT64, TY_COMPLEX64, TY_COMPLEX128,
  TY_NSCALAR,
  TY_VOID = TY_NSCALAR,
  TY_ARRAY,         /* elem, ndim, contig */
  TY_PTR,           /* elem: shared/local memory, 1-d indexing only */
  TY_TUPLE,         /* items[nitems] */
  TY_DTYPE,         /* a dtype object used as a value (cp.float32): elem */
  TY_ERROR,         /* sema-internal: an expression that had an error (no cascades);
                       never reaches the emitters (sema fails first) */
  TY_KIND_COUNT
} TypeKind;
/* Code compares kinds by this order (promotion: bool < integers by size < floats <
   complex); these say what it relies on. Questions about one kind go to type_is_*(). */
_Static_assert(TY_BOOL == 0 && TY_INT8 == 1 && TY_UINT64 == TY_INT8 + 7 &&
               TY_FLOAT16 == TY_UINT64 + 1 && TY_FLOAT64 == TY_FLOAT16 + 2 &&
               TY_COMPLEX128 == TY_FLOAT64 + 2 && TY_NSCALAR == TY_COMPLEX128 + 1,
               "TypeKind is in promotion order");

struct Type {
  TypeKind kind;
  Type *elem;                                      /* ARRAY, PTR, DTYPE */
  int ndim;                                        /* ARRAY */
  bool contig;                                     /* ARRAY: C-contiguous (T[::1]) */
  int nitems;                                      /* TUPLE */
  Type **items;
};

/* DtypeInfo and dtype_info[TY_NSCALAR], the dtypes' facts: ksig.h (the runtime reads them). */

Type *ty_scalar(TypeKind k);                       /* shared singletons (also TY_VOID) */
Type *ty_array(Ctx *c, Type *elem, int ndim, bool contig);
Type *ty_ptr(Ctx *c, Type *elem);
Type *ty_tuple(Ctx *c, Type **items, int n);
Type *ty_dtype(Ctx *c, Type *elem);
bool ty_equal(const Type *a, const Type *b);
bool ty_is_scalar(const Type *t);
bool ty_is_int(const Type *t);                     /* integers, not bool */
bool ty_is_float(const Type *t);
bool ty_is_signed(const Type *t);
/* The same questions of a kind (the one home of the type predicates): */
bool type_is_int(TypeKind k);                      /* int8..uint64, not bool */
bool type_is_float(TypeKind k);                    /* float16..float64 */
bool type_is_unsigned(TypeKind k);                 /* uint8..uint64 */
bool type_is_complex(TypeKind k);                  /* complex64, complex128 */
double type_round(TypeKind k, double v);           /* v rounded to float32 when k is float32
                                                      or complex64 (their parts), else v */
TypeKind type_part_of(TypeKind k);                 /* complex64 -> float32, complex128 ->
                                                      float64; others: k */
bool type_is_small_int(TypeKind k);                /* int8..uint16: computed as a C int */
bool type_is_small(TypeKind k);                    /* int8..uint16 and float16: computed in
                                                      a wider C type (int, float) */
TypeKind type_unsigned_of(TypeKind k);             /* the unsigned integer of k's size */
/* "float32", "float32[:, ::1]", "tuple(int32, int64)" — the spelling used in messages */
const char *ty_str(Ctx *c, const Type *t);
/* Parses a dtype name ("float32", "int", "float", "bool") or NumPy's short code ("f4",
   "i8", "c8", "b1", "?") -> TY_*, or -1. */
int ty_parse_dtype(const char *name, size_t len);
/* Parses the type spellings of --sig: "float32[:]", "cp.int32[:, ::1]", "int32[()]",
   "np.float64", "f4[::1]". Returns NULL and sets *err on failure. */
Type *ty_parse(Ctx *c, const char *s, const char **err);
/* Stable short code for a signature, used for NAME__CODE specialisation names. */
const char *ty_code(Ctx *c, const Type *t);

/* ======================================================================
 * builtins.c: the table of jit./cp./math. names
 * ====================================================================== */
typedef enum {
  BK_THREAD_IDX,        /* threadIdx.x etc: u.axis = 0/1/2 for x/y/z */
  BK_VALUE,             /* warpsize, constants */
  BK_FUNC,              /* a call */
  BK_ATOMIC,            /* jit.atomic_*: args[0] is the element whose address it takes */
  BK_SHFL,              /* jit.shfl_*_sync */
  BK_MATH,              /* cp.sqrt etc: loop selection over `loops` */
  BK_CAST,              /* cp.int32(x), int(x), ... */
  BK_SPECIAL,           /* handled by name in sema (range, shared_memory, print, len...) */
  BK_UFUNC              /* cp.add, cp.less, cp.logical_not...: a CuPy ufunc that is an
                           operator; u.op = the Op (logical_and/or/not: OP_AND/OR/NOT;
                           logical_xor, id BI_LOGICAL_XOR: OP_NE of the truth values) */
} BuiltinKind;

/* How sema types a call of a builtin (sema_call.c has one handler per rule). */
typedef enum {
  TR_NONE,          /* not callable (values, constants, dtypes used as values) */
  TR_SIMPLE,        /* no arguments: laneid, syncthreads, threadfence, activemask */
  TR_SYNCWARP, TR_GRID, TR_STMT_ONLY, TR_ATOMIC, TR_SHFL, TR_VOTE, TR_BITS, TR_RANGE,
  TR_LEN, TR_MINMAX, TR_ABS, TR_CAST, TR_UFUNC,
  TR_CONST_OBJECT,  /* np.dtype / finfo / iinfo: evaluated at compile time */
  TR_MATH,          /* elementwise math: CuPy's loop selection over `loops` */
  TR_COMPLEX,       /* complex(re, im) */
  TR_COUNT
} TypingRule;

struct Builtin {                                   /* one row: everything about a name */
  const char *name;                                /* "sqrt", "atomic_add", "threadIdx.x" */
  BuiltinKind kind;
  int id;                                          /* BI_* below */
  const char *spell;                               /* the emitted C spelling, the same on
                                                      both targets (the CPU preamble defines
                                                      CUDA's names): "atomicAdd", "__popc",
                                                      "threadIdx.x"; BK_MATH: the C double
                                                      function ("asin"), float16/float32
                                                      loops add 'f'; NULL: none */
  const char *spell64;                             /* for 64-bit operands ("__popcll") */
  TypingRule rule;                                 /* how sema types a call */
  const char *loops;                               /* TR_MATH: "e->e f->f d->d" */
  unsigned dtypes;                                 /* TR_ATOMIC: the element types it takes,
                                                      a bit (1u << TY_*) each */
  int minargs, maxargs;
  union {                                          /* by kind: */
    int axis;                                      /* BK_THREAD_IDX: 0/1/2 for x/y/z, -1
                                                      for the group (threadIdx) */
    int cast_to;                                   /* BK_CAST: the target TY_* */
    Op op;                                         /* BK_UFUNC: the operator */
  } u;
  uint8_t helper;                                  /* HK_*: integer loops call this helper
                                                      (lower.c); HK_NONE: none */
  uint8_t fhelper;                                 /* the same for float loops */
  uint8_t chelper;                                 /* the same for complex loops (every
                                                      complex operation is a helper) */
  uint8_t range_bits;                              /* range fact (range.c): the value lies
                                                      in [0, 2^bits); 0: no fact */
  bool range_pos;                                  /* and is > 0 */
  bool range_idx;                                  /* a thread index or dimension */
};

/* Builtin ids. IR_BUILTIN contracts (what sema hands the emitters):
   - BI_THREADIDX/BLOCKIDX/BLOCKDIM/GRIDDIM: no args, uint32, u.axis = axis; spell =
     "threadIdx.x" etc. BI_WARPSIZE: no args, int32. BI_LANEID: no args, uint32.
   - jit.grid(n)/gridsize(n) never reach the IR: sema lowers them to uint32 arithmetic on
     the index builtins (blockIdx.x * blockDim.x + threadIdx.x; blockDim.x * gridDim.x).
   - BI_SYNCTHREADS, BI_THREADFENCE, BI_ACTIVEMASK: no args. BI_SYNCWARP: args = mask
     (uint32; sema supplies 0xffffffff when omitted).
   - atomics: args = (element lvalue, value[, value]): args[0] is the IR_INDEX element
     `array[index]` (1-d, N-d with a tuple index, or a shared/local pointer) whose address
     the atomic takes; values converted to the element type; ty = element type.
     BI_ATOMIC_CAS: (element, compare, val).
   - shuffles: args = (mask uint32, var, delta (uint32 for up/down, int32 for sync/xor
     lane), width int32 (32 when omitted)); ty = var's type.
   - BI_BALLOT_SYNC/ALL_SYNC/ANY_SYNC: (mask uint32, pred bool) -> uint32 / bool / bool.
   - BI_POPC, BI_CLZ, BI_FFS: one int32/uint32/int64/uint64 arg -> int32; BI_BREV:
     uint32/uint64 -> same type (int args are converted to the unsigned of their size).
   - BK_MATH: args converted to the selected loop's input types (node->cty = input type
     of the first argument), ty = the loop's output type; spell = the C double-precision
     function name ("asin"); float16/float32 loops use the float (`asinf`) form and
     float16 values are computed as float. Ids below name each function. A row with a
     helper for the loop's type is lowered to IR_HELPER (lower.c) and never reaches the
     emitters as IR_BUILTIN; so are float reciprocal (1 / x) and abs of unsigned values.
   - BI_MIN/BI_MAX (Python min/max, 2+ args): args all converted to ty (= cty); NaN
     handling as cupy.minimum/maximum (lowered to nested HK_MIN/HK_MAX helpers).
     BI_ABS: one arg, ty = its type (float: fabs; integers: HK_ABS).
   - BK_UFUNC (BI_UFUNC, BI_LOGICAL_XOR) never reach the IR: sema lowers cp.add(a, b) to
     the IR of `a + b` (sema_ufunc_op), so typing and semantics are the operator's.
   - BI_LEN never reaches the IR (lowered to IR_ARRAY_ATTR shape 0); BI_PI etc are
     folded to IR_CONST; casts are IR_CAST; range/print/shared_memory have IR kinds.
   Code tells groups apart by Builtin.kind (BK_ATOMIC, BK_SHFL), never by id order. */
enum {
  BI_NONE,
  BI_THREADIDX, BI_BLOCKIDX, BI_BLOCKDIM, BI_GRIDDIM, BI_WARPSIZE, BI_LANEID,
  BI_GRID, BI_GRIDSIZE, BI_SYNCTHREADS, BI_SYNCWARP, BI_THREADFENCE,
  BI_SHARED_MEMORY, BI_LOCAL_MEMORY,
  BI_ATOMIC_ADD, BI_ATOMIC_SUB, BI_ATOMIC_EXCH, BI_ATOMIC_MIN, BI_ATOMIC_MAX,
  BI_ATOMIC_INC, BI_ATOMIC_DEC, BI_ATOMIC_CAS, BI_ATOMIC_AND, BI_ATOMIC_OR, BI_ATOMIC_XOR,
  BI_SHFL_SYNC, BI_SHFL_UP_SYNC, BI_SHFL_DOWN_SYNC, BI_SHFL_XOR_SYNC,
  BI_BALLOT_SYNC, BI_ALL_SYNC, BI_ANY_SYNC, BI_ACTIVEMASK,
  BI_POPC, BI_CLZ, BI_FFS, BI_BREV,
  BI_RANGE, BI_LEN, BI_MIN, BI_MAX, BI_ABS, BI_PRINT, BI_CAST,
  BI_PI, BI_E, BI_TAU, BI_INF, BI_NAN, BI_DTYPE, BI_FINFO, BI_IINFO,
  /* math (BK_MATH) */
  BI_SQRT, BI_EXP, BI_EXP2, BI_EXPM1, BI_LOG, BI_LOG2, BI_LOG10, BI_LOG1P,
  BI_SIN, BI_COS, BI_TAN, BI_ARCSIN, BI_ARCCOS, BI_ARCTAN, BI_ARCTAN2,
  BI_SINH, BI_COSH, BI_TANH, BI_ARCSINH, BI_ARCCOSH, BI_ARCTANH,
  BI_FLOOR, BI_CEIL, BI_TRUNC, BI_RINT, BI_FABS, BI_ABSOLUTE, BI_SIGN, BI_SQUARE,
  BI_RECIPROCAL, BI_HYPOT, BI_COPYSIGN, BI_POWER, BI_FMOD, BI_MINIMUM, BI_MAXIMUM,
  BI_FMIN, BI_FMAX, BI_ISNAN, BI_ISINF, BI_ISFINITE, BI_CBRT, BI_LOGADDEXP,
  BI_REAL, BI_IMAG, BI_CONJ, BI_ANGLE,   /* complex parts: lowered to helpers */
  BI_COMPLEX,       /* complex(re, im): args converted to the part type */
  /* operator ufuncs (BK_UFUNC) */
  BI_UFUNC, BI_LOGICAL_XOR,
  BI_COUNT
};

/* Looks up a builtin by its qualified path as seen through imports: module is one of
   "jit", "cupy", "numpy", "math", "builtins"; name the attribute. NULL if none. */
const Builtin *builtin_lookup(const char *module, const char *name);
/* A name cupyx.jit or CuPy has that pykc does not support yet: what it is ("cooperative
   groups"), or NULL. */
const char *builtin_later(const char *module, const char *name);
/* Closest known name to a misspelling (for "did you mean"), or NULL. */
const char *builtin_suggest(const char *module, const char *name);
/* The first row with id BI_*, or NULL. */
const Builtin *builtin_by_id(int id);
/* Is NAME[0..len) a C/CUDA spelling of a builtin (a function the emitted code calls)? */
bool builtin_c_name(const char *name, size_t len);
/* Edit distance (with transpositions) between two short names, for "did you mean". */
int name_distance(const char *a, const char *b);

/* ======================================================================
 * sema.c: names, types, builtins -> typed IR
 * ====================================================================== */
struct Var {
  const char *name;                                /* Python name (interned) */
  const char *cname;                               /* emitted name (C++ keywords renamed) */
  Type *ty;
  Loc first;                                       /* first assignment (or the parameter) */
  bool is_param;
  bool is_temp;                                    /* compiler temporary (_t0, _t1, ...) */
  bool is_shared;                                  /* holds a shared/local memory pointer */
  Var *next;                                       /* in Spec.locals, declaration order */
  int index;                                       /* sema: number within its function */
  bool warned;                                     /* sema: use-before-assignment reported */
  bool read;                                       /* sema: its value is used somewhere (else
                                                      the emitters mark it unused: a dead
                                                      store is Python, not a C warning) */
  /* range.c facts, valid after range_analyse: */
  bool nonneg;                                     /* every value it holds is >= 0 */
  bool fits32;                                     /* every value it holds fits in int32 */
  bool positive;                                   /* every value it holds is > 0 */
  uint8_t bits;                                    /* when nonneg: every value < 2^bits */
  uint8_t grown;                                   /* range.c: times bits grew (widening) */
};

struct Spec {                                      /* one specialisation of a function */
  Func *fn;
  const char *cname;                               /* emitted name: NAME or NAME__CODE */
  Type **ptypes;                                   /* parameter types */
  Var **params;                                    /* parameter vars, same order */
  int nparams;
  Type *ret;                                       /* device functions; TY_VOID for kernels */
  Var *locals;                                     /* non-parameter locals, first-assignment order */
  Node *body;                                      /* IR_BLOCK */
  Spec *next;                                      /* next specialisation of fn */
  bool done;                                       /* typed (recursion detection) */
  bool in_progress;
  bool failed;                                     /* sema: its body had errors (callers
                                                      report nothing more) */
  int ntemps;                                      /* temporaries _t0.. (sema's, then lower's) */
  bool lowered;                                    /* lower.c has run on it */
  const struct FormSpecInfo *finfo;                /* a kernel form's specialisation
                                                      (forms.h); body is NULL */
};

struct Func {
  const char *name;                                /* qualified: "k", "Cls.k", "outer.k" */
  const char *pyname;                              /* the def's own name: "k" */
  const char *var;                                 /* a kernel form's: the plain name of the
                                                      variable (or factory) bound to it */
  Node *def;                                       /* ND_FUNCDEF */
  void *scope;                                     /* sema: the scope its body reads */
  int seq;                                         /* sema: its place in the source */
  bool shared_name;                                /* another function has its pyname:
                                                      emitted as Cls_k */
  bool is_factory;                                 /* a host function that returns a device
                                                      function (def = its ND_HOSTDEF) */
  const char *cbase;                               /* emitted name's base when set (the
                                                      functions of a factory's instance) */
  void *instances;                                 /* sema: a factory's instances */
  bool is_kernel, is_device;
  Mode mode;
  Node *branch_if;                                 /* sema: the module-level if whose arm
                                                      (branch_arm) it is in, when that if's
                                                      condition is not evaluable */
  int branch_arm;
  Node *undecided;                                 /* the condition that decides between it
                                                      and a namesake in another arm */
  Spec *specs;
  struct Form *form;                               /* a CuPy kernel form's kernel (forms.h) */
  Func *next;
};

typedef struct Program {
  Func *funcs;                                     /* all rawkernel functions, source order */
  Spec **emit_order;                               /* device specs before their callers,
                                                      then kernels: the order to emit */
  int nemit;
  Spec **kernels;                                  /* kernel specialisations to emit */
  int nkernels;
  Node *module;
  void *sema;                                      /* sema's module scope (opaque) */
  struct Form *forms;                              /* CuPy kernel forms, source order */
} Program;

/* Builds the program's symbol tables (imports, constants, functions). Kernels with
   types (from --sig or annotations) are specialised and typed now; generic kernels
   wait for sema_specialise. Returns NULL if errors were reported. */
Program *sema_program(Ctx *c, Node *module);
/* Specialises a generic kernel for the given parameter types (run time). */
Spec *sema_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n);
/* A kernel by its qualified name ("Cls.k"), or by its plain name when that is unique;
   NULL if none (or ambiguous: sema_no_kernel says which). */
Func *sema_find_kernel(Program *p, const char *name);
/* The message for a kernel name that names no kernel: a device function, or which kernels
   the file has. */
const char *sema_no_kernel(Ctx *c, Program *p, const char *name);

/* ======================================================================
 * sema_fuse.c: a @cupy.fuse function typed for its arguments, as the strings CuPy's
 * fuse gives ElementwiseKernel / ReductionKernel
 * ====================================================================== */
enum { FUSE_MAX_DIMS = 32, FUSE_MAX_OUTS = 16 };
typedef struct FuseArg {
  TypeKind dtype;
  int ndim;                                        /* an array's; -1: a scalar */
  bool weak;                                       /* a scalar that is a Python int/float/
                                                      bool (NumPy 2's weak promotion) */
} FuseArg;
typedef struct FuseCode {
  const char *in_params, *out_params;              /* "float32 x, float64 y", "float64 out" */
  const char *preamble;                            /* helper functions (and the map) */
  const char *operation;                           /* elementwise: the body */
  bool reduce;                                     /* a ReductionKernel: */
  const char *map_expr, *reduce_expr, *post_map_expr, *identity, *reduce_type;
  int naxes;                                       /* the axes reduced, normalised */
  int axes[FUSE_MAX_DIMS];
  bool axis_none;                                  /* axis=None: all of them */
  bool has_identity;                               /* CuPy's reduction has one (an empty
                                                      max/min is an error) */
  const char *in_names[64];                        /* the parameters' C names */
  int nout;
  TypeKind out_types[FUSE_MAX_OUTS];
  const char *out_names[FUSE_MAX_OUTS];            /* "out", or "out0", "out1"... */
  bool return_tuple;                               /* outputs out0, out1...; else `out` */
} FuseCode;
/* Types fuse function f for the arguments; false after errors (reported). view_out_ndim
   >= 0: the arguments are the views a planned reduction launches with (the reduced axes
   first, then the outputs' view_out_ndim ones), -1: the arguments as the caller has them. */
bool sema_fuse(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs, int view_out_ndim,
               FuseCode *out);

/* ======================================================================
 * range.c: value-range facts (an analysis lower.c runs; nothing else calls it)
 * ====================================================================== */
void range_analyse(Ctx *c, Spec *s);               /* sets Var.nonneg/fits32 */
bool range_nonneg(const Node *e);                  /* expression known >= 0 */
bool range_fits32(const Node *e);
bool range_positive(const Node *e);                /* expression known > 0 (a safe divisor) */

/* ======================================================================
 * lower.c: typed IR -> lowered IR, the one pass between sema and the emitters
 *
 * Per specialisation: `op=` becomes IR_ASSIGN (compound when C's operator computes the
 * same, else `t = (T)(t op v)` with an element's address taken once into a temporary);
 * value ranges are computed; integer //, %, ** and the builtins' Python semantics become
 * IR_HELPER nodes unless the ranges allow C's operator; range-loop bounds that the body
 * may change are hoisted into temporaries and a hidden counter runs a loop whose variable
 * is assigned in the body or read after it; temporaries are numbered from Spec.ntemps.
 * Per program: every function, parameter and local gets a C name that is unique in its
 * scope and collides with no C/C++/CUDA keyword, library function or macro (a uniqueness
 * pass: a clashing name takes '_' suffixes until it is free).
 * ====================================================================== */
/* Helper kinds, in the order their definitions are emitted; each is instantiated per
   scalar type. helper_names[] (lower.c) spells each once: py_<name>_<dtype>. */
typedef enum {
  HK_NONE,          /* (no helper: a builtin row's helper field) */
  HK_FLOORDIV,      /* Python //: floor division, integer /0 gives 0 */
  HK_MOD,           /* Python %: remainder with the divisor's sign, integer %0 gives 0 */
  HK_DIVZ,          /* truncating / of non-negative operands, /0 gives 0 */
  HK_MODZ,          /* truncating % of non-negative operands, %0 gives 0 */
  HK_POW,           /* integer ** by repeated squaring */
  HK_MIN, HK_MAX,   /* min/max like cupy.minimum/maximum (NaN propagates) */
  HK_FMIN, HK_FMAX, /* integer fmin/fmax */
  HK_ABS,           /* integer absolute value */
  HK_SIGN,          /* numpy.sign */
  HK_SQUARE,
  HK_RECIP,         /* integer reciprocal (0 for 0) */
  HK_FMOD,          /* integer fmod (0 for %0) */
  HK_LOGADDEXP,     /* numpy.logaddexp on floats */
  HK_CMP64,         /* exact int64 vs uint64 comparison: -1, 0, 1 */
  HK_SHL, HK_SHR,   /* TARGET_C: shifts with PTX semantics (counts >= width clamp) */
  /* complex64/complex128 (instance type = the complex type; emit_complex.c): CuPy's
     thrust-derived formulas (cupy/_core/include/cupy/complex/). Dependencies come
     first: a helper only calls helpers above it. */
  HK_CMAKE,         /* (re, im) of the part type -> complex */
  HK_CCVT,          /* the other complex width -> this one */
  HK_CREAL, HK_CIMAG, /* -> part */
  HK_CADD, HK_CSUB, HK_CMUL, HK_CDIV, HK_CNEG, HK_CCONJ,
  HK_CEQ, HK_CNE,   /* -> bool */
  HK_CMIN, HK_CMAX, /* cupy.minimum/maximum: NaN (as complex(NAN)) if either is NaN */
  HK_CABS,          /* hypot -> part */
  HK_CARG,          /* atan2(im, re) -> part */
  HK_CISNAN, HK_CISINF, HK_CISFINITE, /* -> bool */
  HK_CEXP, HK_CLOG, HK_CLOG10, HK_CSQRT, HK_CPOW,
  HK_CEXP2, HK_CEXPM1, HK_CLOG2, HK_CLOG1P,
  HK_CSINH, HK_CCOSH, HK_CTANH, HK_CSIN, HK_CCOS, HK_CTAN,
  HK_CATRIG,        /* catrig.h's shared pieces (f, do_hard_work, clog_for_large_values) */
  HK_CASINH, HK_CASIN, HK_CACOS, HK_CACOSH, HK_CATANH, HK_CATAN,
  HK_COUNT
} HelperKind;
extern const char *const helper_names[HK_COUNT];   /* "floordiv", "mod", ... */
/* The scalar type an instance of helper h for operands of kind k works in (small
   integers run on int32, float16 on float32; ** keeps its type as CuPy's does). */
TypeKind helper_type(HelperKind h, TypeKind k);

/* Lowers every specialisation of the program not lowered yet, then (re)names. */
void lower_program(Ctx *c, Program *p);
/* Checks the lowered IR's invariants (types set, temporaries declared, no sema-only
   kinds); reports an internal error and returns false on a violation. */
bool ir_check(Ctx *c, const Spec *s);
/* Is n free of side effects (safe to evaluate twice)? */
bool ir_pure(const Node *n);
/* A float16 lvalue or value whose C text is the __half in storage (an element, a kernel's
   float16 parameter, an atomic's or a shuffle's result). */
bool ir_yields_storage(const Spec *s, const Node *n);

/* ======================================================================
 * emit.c / emit_cuda.c / emit_c.c: the emitters
 * ====================================================================== */
typedef enum { TARGET_CUDA, TARGET_C } Target;
/* Emits the whole program (helpers used, device functions, kernels) for the target.
   Deterministic: same input, byte-identical output. Returns malloc'd text. */
char *emit_program(Ctx *c, Program *p, Target t);

/* ======================================================================
 * driver.c: the pipeline as one call, never exits
 * ====================================================================== */
/* A compilation unit: one source file through the front end and sema. Never NULL.
   A fatal error inside any phase comes back as status 1 with the diagnostics. */
typedef struct Unit {
  Ctx ctx;
  Source src;
  char *text;                                      /* owned copy of the file's text */
  Node *module;
  Program *prog;
  int status;                                      /* 0 ok, 1 source errors, 2 unreadable
                                                      file, 3 out of memory (the unit is
                                                      unusable after it, but can be freed) */
  struct KReg *kreg;                               /* ksig.c's KKernels and KSigs (arena) */
} Unit;

/* Reads PATH (or "-" for stdin), strips a UTF-8 BOM, and compiles it. NULL only when
   there is no memory for the unit itself (so for unit_open and unit_from_string). */
Unit *unit_from_file(const char *path, const Options *opt);
/* Reads PATH without compiling (status 2 if unreadable); unit_dump then dumps its tokens
   (what = 0) or its AST (what = 1) into out, returning 0 or 1 after errors. */
Unit *unit_open(const char *path, const Options *opt);
int unit_dump(Unit *u, int what, Buf *out);
/* Compiles TEXT (copied) under the display name NAME. */
Unit *unit_from_string(const char *name, const char *text, size_t len, const Options *opt);
/* Specialises kernel NAME to the given parameter types (generic kernels), or returns the
   existing specialisation; NULL with diagnostics on error. */
Spec *unit_specialise(Unit *u, const char *kernel, Type **ptypes, int n);
/* Emits the program for a target (malloc'd), or NULL with diagnostics on error. */
char *unit_emit(Unit *u, Target t);
/* Runs fn(u, arg) under the front end's fatal-error protection; returns 0, UNIT_FATAL
   after a fatal error (its diagnostic is in the unit) or UNIT_OOM when memory ran out
   (the unit's status becomes 3). */
int unit_protect(Unit *u, void (*fn)(Unit *, void *), void *arg);
const char *unit_diags(const Unit *u);
/* The message for a --kernel NAME that names no kernel: a device function, or which
   kernels the file has. */
const char *unit_no_kernel(Unit *u, const char *name);             /* rendered diagnostics so far */
void unit_free(Unit *u);

#endif
