/*
 * tokens.h: every token kind, once (cproc's tokens.h). X(KIND, SPELLING): KIND is the
 * TK_KIND of Lemon's build/grammar.h, SPELLING the name messages and --dump-tokens use.
 * The list feeds lex.re's name table and, through the Makefile, the grammar's %token
 * declaration (build/grammar.y), so the order here is the order of the TK_ numbers.
 */
#ifndef PYKC_TOKENS_H
#define PYKC_TOKENS_H

#define TOKEN_LIST(X)                                                                    \
  X(NEWLINE, "NEWLINE") X(INDENT, "INDENT") X(DEDENT, "DEDENT")                         \
  X(ENDMARKER, "end of file") X(NAME, "name") X(NUMBER, "number") X(STRING, "string")   \
  X(FALSE, "'False'") X(NONE, "'None'") X(TRUE, "'True'") X(AND, "'and'")               \
  X(AS, "'as'") X(ASSERT, "'assert'") X(ASYNC, "'async'") X(AWAIT, "'await'")           \
  X(BREAK, "'break'") X(CLASS, "'class'") X(CONTINUE, "'continue'") X(DEF, "'def'")     \
  X(DEL, "'del'") X(ELIF, "'elif'") X(ELSE, "'else'") X(EXCEPT, "'except'")             \
  X(FINALLY, "'finally'") X(FOR, "'for'") X(FROM, "'from'") X(GLOBAL, "'global'")       \
  X(IF, "'if'") X(IMPORT, "'import'") X(IN, "'in'") X(IS, "'is'")                       \
  X(LAMBDA, "'lambda'") X(NONLOCAL, "'nonlocal'") X(NOT, "'not'") X(OR, "'or'")         \
  X(PASS, "'pass'") X(RAISE, "'raise'") X(RETURN, "'return'") X(TRY, "'try'")           \
  X(WHILE, "'while'") X(WITH, "'with'") X(YIELD, "'yield'")                             \
  X(PLUS, "'+'") X(MINUS, "'-'") X(STAR, "'*'") X(DOUBLESTAR, "'**'")                   \
  X(SLASH, "'/'") X(DOUBLESLASH, "'//'") X(PERCENT, "'%'") X(AT, "'@'")                 \
  X(LSHIFT, "'<<'") X(RSHIFT, "'>>'") X(AMPER, "'&'") X(VBAR, "'|'")                    \
  X(CIRCUMFLEX, "'^'") X(TILDE, "'~'") X(COLONEQUAL, "':='") X(LESS, "'<'")             \
  X(GREATER, "'>'") X(LESSEQUAL, "'<='") X(GREATEREQUAL, "'>='") X(EQEQUAL, "'=='")     \
  X(NOTEQUAL, "'!='") X(LPAR, "'('") X(RPAR, "')'") X(LSQB, "'['") X(RSQB, "']'")       \
  X(LBRACE, "'{'") X(RBRACE, "'}'") X(COMMA, "','") X(COLON, "':'") X(DOT, "'.'")       \
  X(SEMI, "';'") X(EQUAL, "'='") X(RARROW, "'->'") X(PLUSEQUAL, "'+='")                 \
  X(MINEQUAL, "'-='") X(STAREQUAL, "'*='") X(SLASHEQUAL, "'/='")                        \
  X(DOUBLESLASHEQUAL, "'//='") X(PERCENTEQUAL, "'%='") X(ATEQUAL, "'@='")               \
  X(AMPEREQUAL, "'&='") X(VBAREQUAL, "'|='") X(CIRCUMFLEXEQUAL, "'^='")                 \
  X(RSHIFTEQUAL, "'>>='") X(LSHIFTEQUAL, "'<<='") X(DOUBLESTAREQUAL, "'**='")            \
  X(ELLIPSIS, "'...'") X(EXCLAMATION, "'!'")                                           \
  /* made by parse.c from two tokens; the lexer never produces them */                  \
  X(ISNOT, "'is not'") X(NOTIN, "'not in'")                                            \
  /* starts a CuPy kernel form item (parse.c's route_form); never in the source */      \
  X(FORM, "kernel form")                                                               \
  /* starts a helper def parsed on demand (parse_pydef); never in the source */           \
  X(PYDEF, "helper def")

#endif
