/*
 * src/syntax: source text -> untyped AST. lex.re (re2c) is a pull lexer with CPython's
 * INDENT/DEDENT/NEWLINE rules; parse.c routes module-level statements (imports, constants,
 * rawkernel functions, kernel forms) to the Lemon grammar (grammar.y) and skips host code;
 * ast.c holds the grammar actions' constructors.
 */
#ifndef PYKC_SYNTAX_H
#define PYKC_SYNTAX_H

#include "ir/ir.h"

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
/* Reports "WHAT is/are not supported in kernels" (are when WHAT ends in 's'; not while
   c->quiet, c->deferred or c->lazy) and returns an ND_UNSUPPORTED node with str = WHAT. */
Node *ast_unsupported(Ctx *c, Loc loc, const char *what);
/* Reports ND_UNSUPPORTED node u as ast_unsupported does (sema, for a node left weak by
   c->lazy). */
void ast_report_unsupported(Ctx *c, const Node *u);
#define AST_ELLIPSIS "'...'"                       /* the WHAT of the `...` atom (fuse's x[...]) */
/* The WHAT of the value of a host `NAME op= EXPR` (parse.c gives Lemon `NAME = ...`: NAME
   is no longer what an earlier line bound); the node's name is the operator, "+=". */
#define AST_AUGMENTED "augmented assignments"
/* A loop's else clause: the suite behind a `pass` at the `else` keyword, so that
   messages about the clause point at the keyword. */
Node *ast_loop_else(Ctx *c, Loc else_loc, Node *suite);

/* Parses c->src. Module-level host code (anything that is not an import, a def decorated
   with rawkernel, or a constant assignment) is skipped at the token level. Syntax errors
   are reported and the parse recovers at the next statement where it can. Returns the
   ND_MODULE node, or NULL after errors. The ND_MODULE's els lists
   the undecorated host defs (ND_PYDEF: their tokens, read by parse_pydef). */
Node *parse_module(Ctx *c);
/* The ND_FUNCDEF of helper def PD (an ND_PYDEF of the module), read from its tokens as a
   @cupy.fuse body is (what kernels reject is an ND_UNSUPPORTED node, reported where the
   trace reaches it); kept in PD->body. NULL after a syntax error, reported here (each
   time: a trace's messages may be dropped). */
Node *parse_pydef(Ctx *c, Node *pd);
/* PD read as a @jit.rawkernel body is (what kernels reject is reported when the kernel is
   compiled, or now under `pykc check`), afresh on each call: `k = jit.rawkernel()(f)`. */
Node *parse_pydef_kernel(Ctx *c, Node *pd);

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
/* `...`: ND_UNSUPPORTED AST_ELLIPSIS; the stand-in parse.c gives for the value of a host
   `NAME op= EXPR` (the token holds op=): AST_AUGMENTED. */
Node *parse_ellipsis(ParseState *ps, Token t);
Node *parse_unpack(ParseState *ps, Node *names, Node *value, bool weak);
Node *parse_call(ParseState *ps, Node *fn, Node *args, Token rpar);
Node *parse_subscript(ParseState *ps, Node *obj, Node *index, Token rsqb);
Node *parse_slice(ParseState *ps, Loc loc, Node *lo, Node *hi, Node *step);
/* A list display: in a kernel form's call an ND_TUPLE marked weak (a list of values),
   anywhere else unsupported. */
Node *parse_list(ParseState *ps, Token lsqb, Node *items, Token rsqb);
/* The ND_FORM item of `target = call` (target NULL: a bare call). */
Node *parse_form(ParseState *ps, Node *target, Node *call);


#endif
