/*
 * grammar.y: the Lemon grammar of the kernel language, building the untyped AST through
 * ast.c's constructors (build/grammar.c, build/grammar.h with the TK_* token kinds).
 *
 * parse.c feeds it only what the compiler needs from a file: imports, module constants
 * and rawkernel-decorated functions (host code never gets here), with `is not` and
 * `not in` already merged into ISNOT / NOTIN. Inside functions it is Python 3's
 * statement and expression syntax. Expressions are one `expr` nonterminal ordered by the
 * precedence table below (Python's, lowest first); comparisons chain through cmp_chain.
 * Constructs the language rejects are parsed in full and become ND_UNSUPPORTED after a
 * diagnostic, so the parse goes on. On a syntax error Lemon shifts `error` at the
 * innermost statement list; parse.c then skips to the next statement and feeds the
 * NEWLINE that completes `error NEWLINE` (see resync() in parse.c).
 */
%name Parse
%token_prefix TK_
%token_type {Token}
%default_type {Node *}
%extra_context { struct ParseState *ps }
%stack_size 1000
%include {
#include "syntax/syntax.h"

/* An operator with the location of its token (augmented assignment, comparisons). */
typedef struct OpTok {
  Op op;
  Loc loc;
} OpTok;

static OpTok optok(Op op, Token t) { return (OpTok){op, t.loc}; }
static const char *text(ParseState *ps, Token t) { return name_intern(ps->c, t.p, t.len); }
}

/* Every Python 3 token, and parse.c's ISNOT / NOTIN: the list of src/tokens.h, put in
   here by the Makefile (build/grammar.y), in one declaration so their numbers are stable. */
/* @TOKENS@ */

%syntax_error {
  bool expect[YYNTOKEN];
  for (int k = 0; k < YYNTOKEN; k++)
    expect[k] = k > 0 && yy_find_shift_action((YYCODETYPE)k, yypParser->yytos->stateno) != YY_ERROR_ACTION;
  parse_syntax_error(ps, &TOKEN, expect, YYNTOKEN);
}
%stack_overflow { diag_fatal(ps->c, ps->loc, "statement nested too deeply"); }

/* Python's precedence, lowest first. TILDE stands for every unary + - ~. */
%right COLONEQUAL.
%right LAMBDA.
%right IF ELSE.
%left OR.
%left AND.
%right NOT.
%left LESS GREATER LESSEQUAL GREATEREQUAL EQEQUAL NOTEQUAL IN NOTIN IS ISNOT.
%left VBAR.
%left CIRCUMFLEX.
%left AMPER.
%left LSHIFT RSHIFT.
%left PLUS MINUS.
%left STAR SLASH DOUBLESLASH PERCENT AT.
%right TILDE.
%right DOUBLESTAR.

/************************** The module: what parse.c routes here **************************/
/* Imports, constants and kernels, at module level or inside host functions and classes
   (their headers and a closing DEDENT come as items of their own; `return NAME` of a host
   function too, for device-function factories). */
file ::= items(A) ENDMARKER. { ps->module = ast_cond_stmt(ps->c, ND_MODULE, (Loc){1, 1, 1}, NULL, A, NULL); }

/* parse_item files each item under the host function or class it is in (ND_HOSTDEF,
   ND_CLASSDEF open one, a DEDENT that parse.c makes closes it); A is the module's list. */
items(A) ::= . { A = NULL; }
items(A) ::= items(B) item(C). { A = parse_item(ps, B, C); }

item(A) ::= import_stmt(B) NEWLINE. { A = B; }
/* parse.c marks the NEWLINE of a constant assigned under a host if/for/while (numkind 1). */
item(A) ::= NAME(N) EQUAL testlist(E) NEWLINE(T). { A = ast_name(ps->c, ND_CONST_ASSIGN, N); A->rhs = E; A->weak = T.numkind; }
/* `A, B = E` (parse.c routes it as a constant, or as `A, B = ...` of a host value): an
   ND_CONST_ASSIGN per name (parse_unpack). */
item(A) ::= unpack_names(L) EQUAL testlist(E) NEWLINE(T). { A = parse_unpack(ps, L, E, T.numkind); }
item(A) ::= decorators(D) funcdef(F). { A = F; A->decorators = D; }
item(A) ::= func_head(H) NEWLINE. { A = H; A->kind = ND_HOSTDEF; }
item(A) ::= CLASS NAME(N) NEWLINE. { A = ast_name(ps->c, ND_CLASSDEF, N); }
item(A) ::= RETURN(K) testlist(E) NEWLINE. { A = ast_expr(ps->c, ND_RETURN, K.loc, E, NULL); }
item(A) ::= DEDENT(K). { A = ast_new(ps->c, ND_SCOPE_END, K.loc); A->weak = K.numkind; }
/* A module-level if chain (parse.c's route_if): each arm's header, then a DEDENT marked
   numkind 1 (ND_SCOPE_END, weak) after the last arm. An elif or else is weak; else has
   no cond. */
item(A) ::= IF(K) expr(C) COLON NEWLINE. { A = ast_cond_stmt(ps->c, ND_IF, K.loc, C, NULL, NULL); }
item(A) ::= ELIF(K) expr(C) COLON NEWLINE. { A = ast_cond_stmt(ps->c, ND_IF, K.loc, C, NULL, NULL); A->weak = true; }
item(A) ::= ELSE(K) COLON NEWLINE. { A = ast_cond_stmt(ps->c, ND_IF, K.loc, NULL, NULL, NULL); A->weak = true; }
/* An undecorated host def that a fuse body calls (parse_pydef reads it alone). */
item(A) ::= PYDEF funcdef(F). { A = F; }
item(A) ::= decorators ASYNC(K) funcdef. { A = ast_unsupported(ps->c, K.loc, "'async' functions"); }
item(A) ::= error NEWLINE. { A = NULL; }
/* A CuPy kernel form (parse.c's route_form, forms.h): `TARGET = CALL` or a bare CALL. */
item(A) ::= FORM expr(C) NEWLINE. { A = parse_form(ps, NULL, C); }
item(A) ::= FORM expr(T) EQUAL expr(C) NEWLINE. { A = parse_form(ps, T, C); }
item(A) ::= FORM RETURN(K) expr(C) NEWLINE.
    { A = parse_form(ps, ast_expr(ps->c, ND_RETURN, K.loc, NULL, NULL), C); }

unpack_names(A) ::= NAME(N) COMMA NAME(M).
    { A = ast_append(ast_name(ps->c, ND_CONST_ASSIGN, N), ast_name(ps->c, ND_CONST_ASSIGN, M)); }
unpack_names(A) ::= unpack_names(B) COMMA NAME(N). { A = ast_append(B, ast_name(ps->c, ND_CONST_ASSIGN, N)); }

/******************************** Imports ************************************************/
import_stmt(A) ::= IMPORT dotted_as_names(B). { A = B; }
import_stmt(A) ::= FROM dotted_name(M) IMPORT import_targets(L). { A = ast_import(ps->c, ND_FROM_IMPORT, M->loc, M->str, NULL); A->body = L; }

dotted_as_names(A) ::= dotted_as_name(B). { A = B; }
dotted_as_names(A) ::= dotted_as_names(B) COMMA dotted_as_name(C). { A = ast_append(B, C); }

dotted_as_name(A) ::= dotted_name(B). { A = B; }
dotted_as_name(A) ::= dotted_name(B) AS NAME(N). { A = B; A->name = text(ps, N); }

/* An ND_IMPORT binding the first component, as `import a.b` does. */
dotted_name(A) ::= NAME(N). { A = ast_import(ps->c, ND_IMPORT, N.loc, text(ps, N), text(ps, N)); }
dotted_name(A) ::= dotted_name(B) DOT NAME(N). { A = ast_dotted(ps->c, B, N); }

import_targets(A) ::= import_as_names(B). { A = B; }
import_targets(A) ::= LPAR import_as_names(B) RPAR. { A = B; }
import_targets(A) ::= LPAR import_as_names(B) COMMA RPAR. { A = B; }
import_targets(A) ::= STAR(T). { A = ast_import(ps->c, ND_ALIAS, T.loc, intern_cstr(&ps->c->names, "*"), NULL); }

import_as_names(A) ::= import_as_name(B). { A = B; }
import_as_names(A) ::= import_as_names(B) COMMA import_as_name(C). { A = ast_append(B, C); }

import_as_name(A) ::= NAME(N). { A = ast_import(ps->c, ND_ALIAS, N.loc, text(ps, N), text(ps, N)); }
import_as_name(A) ::= NAME(N) AS NAME(M). { A = ast_import(ps->c, ND_ALIAS, N.loc, text(ps, N), text(ps, M)); }

/******************************** Function definitions ***********************************/
decorators(A) ::= decorator(B). { A = B; }
decorators(A) ::= decorators(B) decorator(C). { A = ast_append(B, C); }

decorator(A) ::= AT expr(E) NEWLINE. { A = E; }

funcdef(A) ::= func_head(H) suite(S). { A = H; A->body = S; }

/* Reduced before the body is read: a nested def is reported where it starts. */
func_head(A) ::= DEF(K) NAME(N) LPAR params(P) RPAR return_ann(R) COLON. { A = parse_funcdef(ps, K.loc, N, P, R); }

return_ann(A) ::= . { A = NULL; }
return_ann(A) ::= RARROW expr(E). { A = E; }

params(A) ::= . { A = NULL; }
params(A) ::= param_list(B). { A = B; }
params(A) ::= param_list(B) COMMA. { A = B; }

param_list(A) ::= param(B). { A = B; }
param_list(A) ::= param_list(B) COMMA param(C). { A = ast_append(B, C); }

param(A) ::= NAME(N) annotation(T). { A = ast_param(ps->c, N, T, NULL); }
param(A) ::= NAME(N) annotation(T) EQUAL expr(D). { A = ast_param(ps->c, N, T, D); }
param(A) ::= STAR(S) NAME annotation. { A = ast_unsupported(ps->c, S.loc, "'*args' parameters"); }
param(A) ::= DOUBLESTAR(S) NAME annotation. { A = ast_unsupported(ps->c, S.loc, "'**kwargs' parameters"); }
param(A) ::= STAR(S). { A = ast_unsupported(ps->c, S.loc, "keyword-only parameters"); }
param(A) ::= SLASH(S). { A = ast_unsupported(ps->c, S.loc, "positional-only parameters"); }

annotation(A) ::= . { A = NULL; }
annotation(A) ::= COLON expr(E). { A = E; }

/******************************** Statements *********************************************/
suite(A) ::= simple_list(B) NEWLINE. { A = B; }
suite(A) ::= simple_list(B) SEMI NEWLINE. { A = B; }
suite(A) ::= NEWLINE INDENT stmts(B) DEDENT. { A = B; }

stmts(A) ::= stmt(B). { A = B; }
stmts(A) ::= stmts(B) stmt(C). { A = ast_append(B, C); }

stmt(A) ::= simple_list(B) NEWLINE. { A = B; }
stmt(A) ::= simple_list(B) SEMI NEWLINE. { A = B; }
stmt(A) ::= compound(B). { A = B; }
stmt(A) ::= error NEWLINE. { A = NULL; }

simple_list(A) ::= simple_stmt(B). { A = B; }
simple_list(A) ::= simple_list(B) SEMI simple_stmt(C). { A = ast_append(B, C); }

/* ---- simple statements ---- */
simple_stmt(A) ::= testlist(E). { A = ast_expr(ps->c, ND_EXPR_STMT, E->loc, E, NULL); }
simple_stmt(A) ::= yield_expr(E). { A = E; }
simple_stmt(A) ::= targets(T) testlist(V). { A = ast_assign(ps->c, T, V); }
simple_stmt(A) ::= targets(T) yield_expr(V). { A = ast_assign(ps->c, T, V); }
simple_stmt(A) ::= testlist(T) augop(O) testlist(V). { A = parse_augassign(ps, T, O.op, O.loc, V); }
simple_stmt(A) ::= testlist(T) augop(O) yield_expr(V). { A = parse_augassign(ps, T, O.op, O.loc, V); }
simple_stmt(A) ::= testlist(T) COLON(K) expr(N). { A = ast_annassign(ps->c, K.loc, parse_target(ps, T, "annotated assignment"), N, NULL); }
simple_stmt(A) ::= testlist(T) COLON(K) expr(N) EQUAL testlist(V). { A = ast_annassign(ps->c, K.loc, parse_target(ps, T, "annotated assignment"), N, V); }
simple_stmt(A) ::= PASS(K). { A = ast_new(ps->c, ND_PASS, K.loc); }
simple_stmt(A) ::= BREAK(K). { A = ast_new(ps->c, ND_BREAK, K.loc); }
simple_stmt(A) ::= CONTINUE(K). { A = ast_new(ps->c, ND_CONTINUE, K.loc); }
simple_stmt(A) ::= RETURN(K). { A = ast_expr(ps->c, ND_RETURN, K.loc, NULL, NULL); }
simple_stmt(A) ::= RETURN(K) testlist(E). { A = ast_expr(ps->c, ND_RETURN, K.loc, E, NULL); }
simple_stmt(A) ::= ASSERT(K) expr(C). { A = ast_cond_stmt(ps->c, ND_ASSERT, K.loc, C, NULL, NULL); }
simple_stmt(A) ::= ASSERT(K) expr(C) COMMA expr(M). { A = ast_cond_stmt(ps->c, ND_ASSERT, K.loc, C, NULL, NULL); A->rhs = M; }
simple_stmt(A) ::= RAISE(K) raise_args. { A = ast_unsupported(ps->c, K.loc, "'raise' statements"); }
simple_stmt(A) ::= GLOBAL(K) names. { A = ast_unsupported(ps->c, K.loc, "'global' statements"); }
simple_stmt(A) ::= NONLOCAL(K) names. { A = ast_unsupported(ps->c, K.loc, "'nonlocal' statements"); }
simple_stmt(A) ::= DEL(K) testlist. { A = ast_unsupported(ps->c, K.loc, "'del' statements"); }
simple_stmt(A) ::= IMPORT(K) dotted_as_names. { A = ast_unsupported(ps->c, K.loc, "import statements"); }
simple_stmt(A) ::= FROM(K) dotted_name IMPORT import_targets. { A = ast_unsupported(ps->c, K.loc, "import statements"); }
simple_stmt(A) ::= FROM(K) rel_dots IMPORT import_targets. { A = ast_unsupported(ps->c, K.loc, "import statements"); }
simple_stmt(A) ::= FROM(K) rel_dots dotted_name IMPORT import_targets. { A = ast_unsupported(ps->c, K.loc, "import statements"); }

/* `a = b = v`: every target but the value, in source order. */
targets(A) ::= testlist(E) EQUAL. { A = parse_target(ps, E, NULL); }
targets(A) ::= targets(B) testlist(E) EQUAL. { A = ast_append(B, parse_target(ps, E, NULL)); }

%type augop {OpTok}
augop(A) ::= PLUSEQUAL(T). { A = optok(OP_ADD, T); }
augop(A) ::= MINEQUAL(T). { A = optok(OP_SUB, T); }
augop(A) ::= STAREQUAL(T). { A = optok(OP_MUL, T); }
augop(A) ::= SLASHEQUAL(T). { A = optok(OP_DIV, T); }
augop(A) ::= DOUBLESLASHEQUAL(T). { A = optok(OP_FLOORDIV, T); }
augop(A) ::= PERCENTEQUAL(T). { A = optok(OP_MOD, T); }
augop(A) ::= DOUBLESTAREQUAL(T). { A = optok(OP_POW, T); }
augop(A) ::= LSHIFTEQUAL(T). { A = optok(OP_LSHIFT, T); }
augop(A) ::= RSHIFTEQUAL(T). { A = optok(OP_RSHIFT, T); }
augop(A) ::= AMPEREQUAL(T). { A = optok(OP_BITAND, T); }
augop(A) ::= VBAREQUAL(T). { A = optok(OP_BITOR, T); }
augop(A) ::= CIRCUMFLEXEQUAL(T). { A = optok(OP_BITXOR, T); }
augop(A) ::= ATEQUAL(T). { A = optok(OP_MATMUL, T); }

rel_dots ::= DOT.
rel_dots ::= ELLIPSIS.
rel_dots ::= rel_dots DOT.
rel_dots ::= rel_dots ELLIPSIS.

raise_args ::= .
raise_args ::= expr.
raise_args ::= expr FROM expr.

names ::= NAME.
names ::= names COMMA NAME.

/* ---- compound statements ---- */
compound(A) ::= IF(K) expr(C) COLON suite(S) elifs(E) if_else(L). { A = ast_cond_stmt(ps->c, ND_IF, K.loc, C, S, ast_elifs(E, L)); }
compound(A) ::= WHILE(K) expr(C) COLON suite(S) loop_else(E). { A = ast_cond_stmt(ps->c, ND_WHILE, K.loc, C, S, E); }
compound(A) ::= FOR(K) target_list(T) IN testlist(I) COLON suite(S) loop_else(E). { A = ast_for(ps->c, K.loc, parse_target(ps, T, NULL), I, S, E); }
compound(A) ::= funcdef(F). { A = F; }
compound(A) ::= decorators funcdef(F). { A = F; }
compound(A) ::= class_head(H) suite. { A = H; }
compound(A) ::= decorators class_head(H) suite. { A = H; }
compound(A) ::= with_head(H) suite. { A = H; }
compound(A) ::= try_head(H) suite try_clauses. { A = H; }
compound(A) ::= ASYNC(K) funcdef. { A = ast_unsupported(ps->c, K.loc, "'async' functions"); }
compound(A) ::= ASYNC(K) FOR target_list IN testlist COLON suite loop_else. { A = ast_unsupported(ps->c, K.loc, "'async for' loops"); }
compound(A) ::= ASYNC(K) with_head suite. { A = ast_unsupported(ps->c, K.loc, "'async with' statements"); }

/* An elif is an ND_IF alone in els. The chain is a left-recursive list (so 1000 elifs do
   not fill Lemon's stack) that ast_elifs nests. */
elifs(A) ::= . { A = NULL; }
elifs(A) ::= elifs(B) ELIF(K) expr(C) COLON suite(S). { A = ast_append(B, ast_cond_stmt(ps->c, ND_IF, K.loc, C, S, NULL)); }

if_else(A) ::= . { A = NULL; }
if_else(A) ::= ELSE COLON suite(S). { A = S; }

loop_else(A) ::= . { A = NULL; }
loop_else(A) ::= ELSE(K) COLON suite(S). { A = ast_loop_else(ps->c, K.loc, S); }

/* The rejected compound statements: reported at their header, bodies parsed and dropped. */
class_head(A) ::= CLASS(K) NAME class_bases COLON. { A = ast_unsupported(ps->c, K.loc, "class definitions"); }
class_bases ::= .
class_bases ::= LPAR RPAR.
class_bases ::= LPAR arglist RPAR.
class_bases ::= LPAR arglist COMMA RPAR.

with_head(A) ::= WITH(K) with_items COLON. { A = ast_unsupported(ps->c, K.loc, "'with' statements"); }
with_items ::= with_item.
with_items ::= with_items COMMA with_item.
with_item ::= expr.
with_item ::= expr AS target.

try_head(A) ::= TRY(K) COLON. { A = ast_unsupported(ps->c, K.loc, "'try' statements"); }
try_clauses ::= try_clause.
try_clauses ::= try_clauses try_clause.
try_clause ::= EXCEPT COLON suite.
try_clause ::= EXCEPT expr COLON suite.
try_clause ::= EXCEPT expr AS NAME COLON suite.
try_clause ::= ELSE COLON suite.
try_clause ::= FINALLY COLON suite.

/* Targets of `for` (and comprehensions): primaries, so `in` is not a comparison there. */
target_list(A) ::= target_items(B). { A = ast_tuple(ps->c, B->loc, B, false); }
target_list(A) ::= target_items(B) COMMA. { A = ast_tuple(ps->c, B->loc, B, true); }

target_items(A) ::= target(B). { A = B; }
target_items(A) ::= target_items(B) COMMA target(C). { A = ast_append(B, C); }

target(A) ::= primary(B). { A = B; }
target(A) ::= STAR(K) primary(P). { A = ast_unsupported(ps->c, ast_span(K.loc, P->loc), "starred expressions"); }

/******************************** Expressions ********************************************/
/* A bare tuple `a, b` where Python allows one (statements, return, for, subscripts). */
testlist(A) ::= exprs(B). { A = ast_tuple(ps->c, B->loc, B, false); }
testlist(A) ::= exprs(B) COMMA. { A = ast_tuple(ps->c, B->loc, B, true); }

exprs(A) ::= expr(B). { A = B; }
exprs(A) ::= exprs(B) COMMA expr(C). { A = ast_append(B, C); }

expr(A) ::= primary(B). { A = B; }
expr(A) ::= AWAIT(K) primary. { A = ast_unsupported(ps->c, K.loc, "'await'"); }
expr(A) ::= expr(B) DOUBLESTAR(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_POW, T.loc, B, C); }
expr(A) ::= MINUS(T) expr(B). [TILDE] { A = ast_op(ps->c, ND_UNARY, OP_NEG, T.loc, B, NULL); }
expr(A) ::= PLUS(T) expr(B). [TILDE] { A = ast_op(ps->c, ND_UNARY, OP_POS, T.loc, B, NULL); }
expr(A) ::= TILDE(T) expr(B). { A = ast_op(ps->c, ND_UNARY, OP_INVERT, T.loc, B, NULL); }
expr(A) ::= expr(B) STAR(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_MUL, T.loc, B, C); }
expr(A) ::= expr(B) SLASH(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_DIV, T.loc, B, C); }
expr(A) ::= expr(B) DOUBLESLASH(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_FLOORDIV, T.loc, B, C); }
expr(A) ::= expr(B) PERCENT(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_MOD, T.loc, B, C); }
expr(A) ::= expr AT(T) expr. { A = ast_unsupported(ps->c, T.loc, "the '@' operator"); }
expr(A) ::= expr(B) PLUS(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_ADD, T.loc, B, C); }
expr(A) ::= expr(B) MINUS(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_SUB, T.loc, B, C); }
expr(A) ::= expr(B) LSHIFT(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_LSHIFT, T.loc, B, C); }
expr(A) ::= expr(B) RSHIFT(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_RSHIFT, T.loc, B, C); }
expr(A) ::= expr(B) AMPER(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_BITAND, T.loc, B, C); }
expr(A) ::= expr(B) CIRCUMFLEX(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_BITXOR, T.loc, B, C); }
expr(A) ::= expr(B) VBAR(T) expr(C). { A = ast_op(ps->c, ND_BINOP, OP_BITOR, T.loc, B, C); }
expr(A) ::= cmp_chain(B). [NOT] { A = B; }
expr(A) ::= NOT(T) expr(B). { A = ast_op(ps->c, ND_UNARY, OP_NOT, T.loc, B, NULL); }
expr(A) ::= expr(B) AND(T) expr(C). { A = ast_boolop(ps->c, OP_AND, T.loc, B, C); }
expr(A) ::= expr(B) OR(T) expr(C). { A = ast_boolop(ps->c, OP_OR, T.loc, B, C); }
expr(A) ::= expr(B) IF(T) expr(C) ELSE expr(D). { A = ast_ifexp(ps->c, T.loc, B, C, D); }
expr(A) ::= LAMBDA(T) lambda_params COLON expr. { A = ast_unsupported(ps->c, T.loc, "lambda"); }
expr(A) ::= expr COLONEQUAL(T) expr. { A = ast_unsupported(ps->c, T.loc, "the ':=' operator"); }
expr(A) ::= STAR(T) expr(B). [LESS] { A = ast_unsupported(ps->c, ast_span(T.loc, B->loc), "starred expressions"); }

/* a < b <= c is one ND_COMPARE; the [NOT] above makes a chain take the next operator. */
cmp_chain(A) ::= expr(B) cmpop(O) expr(C). [LESS] { A = ast_compare(ps->c, NULL, B, O.op, O.loc, C); }
cmp_chain(A) ::= cmp_chain(B) cmpop(O) expr(C). [LESS] { A = ast_compare(ps->c, B, NULL, O.op, O.loc, C); }

%type cmpop {OpTok}
cmpop(A) ::= LESS(T). { A = optok(OP_LT, T); }
cmpop(A) ::= GREATER(T). { A = optok(OP_GT, T); }
cmpop(A) ::= LESSEQUAL(T). { A = optok(OP_LE, T); }
cmpop(A) ::= GREATEREQUAL(T). { A = optok(OP_GE, T); }
cmpop(A) ::= EQEQUAL(T). { A = optok(OP_EQ, T); }
cmpop(A) ::= NOTEQUAL(T). { A = optok(OP_NE, T); }
cmpop(A) ::= IN(T). { A = optok(OP_IN, T); }
cmpop(A) ::= NOTIN(T). { A = optok(OP_NOTIN, T); }
cmpop(A) ::= IS(T). { A = optok(OP_IS, T); }
cmpop(A) ::= ISNOT(T). { A = optok(OP_ISNOT, T); }

lambda_params ::= .
lambda_params ::= lambda_param_list.
lambda_params ::= lambda_param_list COMMA.
lambda_param_list ::= lambda_param.
lambda_param_list ::= lambda_param_list COMMA lambda_param.
lambda_param ::= NAME.
lambda_param ::= NAME EQUAL expr.
lambda_param ::= STAR.
lambda_param ::= STAR NAME.
lambda_param ::= DOUBLESTAR NAME.
lambda_param ::= SLASH.

yield_expr(A) ::= YIELD(K). { A = ast_unsupported(ps->c, K.loc, "'yield'"); }
yield_expr(A) ::= YIELD(K) testlist. { A = ast_unsupported(ps->c, K.loc, "'yield'"); }
yield_expr(A) ::= YIELD(K) FROM expr. { A = ast_unsupported(ps->c, K.loc, "'yield'"); }

/* ---- primaries: attributes, calls, subscripts bind tightest ---- */
primary(A) ::= atom(B). { A = B; }
primary(A) ::= primary(B) DOT NAME(N). { A = ast_attr(ps->c, B, N); }
primary(A) ::= primary(B) LPAR RPAR(T). { A = parse_call(ps, B, NULL, T); }
primary(A) ::= primary(B) LPAR arglist(L) RPAR(T). { A = parse_call(ps, B, L, T); }
primary(A) ::= primary(B) LPAR arglist(L) COMMA RPAR(T). { A = parse_call(ps, B, L, T); }
primary(A) ::= primary(B) LPAR expr(E) comp RPAR(T). { A = parse_call(ps, B, ast_unsupported(ps->c, E->loc, "generator expressions"), T); }
primary(A) ::= primary(B) LSQB subscripts(I) RSQB(T). { A = parse_subscript(ps, B, I, T); }

arglist(A) ::= arg(B). { A = B; }
arglist(A) ::= arglist(B) COMMA arg(C). { A = ast_append(B, C); }

arg(A) ::= expr(B). { A = B; }
arg(A) ::= NAME(N) EQUAL expr(B). { A = ast_name(ps->c, ND_KWARG, N); A->rhs = B; }
arg(A) ::= DOUBLESTAR(T) expr. { A = ast_unsupported(ps->c, T.loc, "'**' unpacking"); }

subscripts(A) ::= subscript_items(B). { A = ast_tuple(ps->c, B->loc, B, false); }
subscripts(A) ::= subscript_items(B) COMMA. { A = ast_tuple(ps->c, B->loc, B, true); }

subscript_items(A) ::= subscript(B). { A = B; }
subscript_items(A) ::= subscript_items(B) COMMA subscript(C). { A = ast_append(B, C); }

subscript(A) ::= expr(B). { A = B; }
subscript(A) ::= slice_bound(L) COLON(T) slice_bound(H). { A = parse_slice(ps, T.loc, L, H, NULL); }
subscript(A) ::= slice_bound(L) COLON(T) slice_bound(H) COLON slice_bound(S). { A = parse_slice(ps, T.loc, L, H, S); }

slice_bound(A) ::= . { A = NULL; }
slice_bound(A) ::= expr(B). { A = B; }

/* ---- atoms ---- */
atom(A) ::= NAME(N). { A = ast_name(ps->c, ND_NAME, N); }
atom(A) ::= NUMBER(N). { A = ast_literal(ps->c, N); }
atom(A) ::= strings(B). { A = B; }
atom(A) ::= TRUE(T). { A = ast_new(ps->c, ND_TRUE, T.loc); }
atom(A) ::= FALSE(T). { A = ast_new(ps->c, ND_FALSE, T.loc); }
atom(A) ::= NONE(T). { A = ast_new(ps->c, ND_NONE, T.loc); }
atom(A) ::= ELLIPSIS(T). { A = parse_ellipsis(ps, T); }
atom(A) ::= LPAR(T) RPAR. { A = ast_tuple(ps->c, T.loc, NULL, true); }
atom(A) ::= LPAR testlist(B) RPAR. { A = B; }
atom(A) ::= LPAR yield_expr(B) RPAR. { A = B; }
atom(A) ::= LPAR expr(E) comp RPAR. { A = ast_unsupported(ps->c, E->loc, "generator expressions"); }
atom(A) ::= LSQB(T) RSQB(E). { A = parse_list(ps, T, NULL, E); }
atom(A) ::= LSQB(T) testlist(B) RSQB(E). { A = parse_list(ps, T, B, E); }
atom(A) ::= LSQB(T) expr comp RSQB(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "list comprehensions"); }
atom(A) ::= LBRACE(T) RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "dicts"); }
atom(A) ::= LBRACE(T) dict_items RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "dicts"); }
atom(A) ::= LBRACE(T) dict_items COMMA RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "dicts"); }
atom(A) ::= LBRACE(T) expr COLON expr comp RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "dict comprehensions"); }
atom(A) ::= LBRACE(T) testlist RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "sets"); }
atom(A) ::= LBRACE(T) expr comp RBRACE(E). { A = ast_unsupported(ps->c, ast_span(T.loc, E.loc), "set comprehensions"); }

strings(A) ::= STRING(T). { A = ast_literal(ps->c, T); }
strings(A) ::= strings(B) STRING(T). { A = ast_strcat(ps->c, B, T); }

dict_items ::= dict_item.
dict_items ::= dict_items COMMA dict_item.
dict_item ::= expr COLON expr.
dict_item ::= DOUBLESTAR expr.

/* Comprehension clauses: `for` iterates over an or-level expression, `if` tests one. */
comp ::= comp_for.
comp ::= comp comp_for.
comp ::= comp comp_if.
comp_for ::= FOR target_list IN expr. [IN]
comp_for ::= ASYNC FOR target_list IN expr. [IN]
comp_if ::= IF expr. [OR]

%code {
size_t parse_lemon_size(void) { return sizeof(yyParser); }
void parse_lemon_resume(void *parser) { ((yyParser *)parser)->yyerrcnt = -1; }
}
