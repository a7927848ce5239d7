/*
 * parse_errors.c: syntax-error messages. Lemon's %syntax_error calls parse_syntax_error
 * with the tokens that could have come; the message says what was found and what was
 * expected, at the token or, for a missing NEWLINE or block, at the end of the line
 * before (Lua's check_match: an unclosed bracket cites where it opened).
 */
#include "parse_int.h"

#include <string.h>

/* "expected an indented block after X on line N", by the header's first token. */
static const char *const block_after[NTOKENS] = {
    [TK_IF] = "'if' statement",          [TK_ELIF] = "'elif' statement",
    [TK_ELSE] = "'else' statement",      [TK_WHILE] = "'while' statement",
    [TK_FOR] = "'for' statement",        [TK_DEF] = "function definition",
    [TK_CLASS] = "class definition",     [TK_WITH] = "'with' statement",
    [TK_TRY] = "'try' statement",        [TK_EXCEPT] = "'except' statement",
    [TK_FINALLY] = "'finally' statement", [TK_ASYNC] = "'async' statement",
};

/* "expected ':' after X", by the header's first token. */
static const char *const colon_after[NTOKENS] = {
    [TK_IF] = "'if' condition",    [TK_ELIF] = "'elif' condition",
    [TK_WHILE] = "'while' condition", [TK_FOR] = "'for' clause",
    [TK_ELSE] = "'else'",          [TK_DEF] = "function signature",
    [TK_CLASS] = "class name",     [TK_WITH] = "'with' items",
    [TK_TRY] = "'try'",            [TK_EXCEPT] = "'except' clause",
    [TK_FINALLY] = "'finally'",
};

/* ---- syntax-error messages ---- */

static const char *describe(Parser *p, const Token *t) {
  switch (t->kind) {
  case TK_NAME:
    return arena_printf(&p->c->arena, "name '%.*s'", (int)t->len, t->p);
  case TK_NUMBER:
    return arena_printf(&p->c->arena, "number '%.*s'", (int)t->len, t->p);
  case TK_NEWLINE:
    return "end of line";
  case TK_ISNOT:
    return "'is not'";
  case TK_NOTIN:
    return "'not in'";
  default:
    return lex_token_name(t->kind);
  }
}

/* "A, B or C" from the expected set, or NULL if it has more than four tokens. */
static const char *expected_list(Parser *p, const bool *expect, int n) {
  int kinds[4], count = 0;
  for (int k = 1; k < n && k < NTOKENS; k++)
    if (expect[k]) {
      if (count == 4)
        return NULL;
      kinds[count++] = k;
    }
  if (count == 0)
    return NULL;
  Buf b = {0};
  for (int i = 0; i < count; i++) {
    Token t = parse_synth(kinds[i], (Loc){0, 0, 0});
    const char *name = t.kind == TK_NAME || t.kind == TK_NUMBER ? lex_token_name(t.kind)
                                                                 : describe(p, &t);
    buf_printf(&b, "%s%s", i == 0 ? "" : i == count - 1 ? " or " : ", ", name);
  }
  const char *s = arena_strndup(&p->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* Where to point for an error at tok: DEDENT and ENDMARKER have no text of their own, so
   the next real token, or at the end of the file the last token of the last line. */
static Loc where(Parser *p, const Token *tok) {
  if (tok->kind != TK_DEDENT && tok->kind != TK_ENDMARKER)
    return tok->loc;
  size_t i = 0;
  while (parse_peek(p, i)->kind == TK_DEDENT)
    i++;
  if (tok->kind == TK_ENDMARKER || parse_peek(p, i)->kind == TK_ENDMARKER)
    return p->at_line_start ? p->prev_last_loc : p->last_loc;
  return parse_peek(p, i)->loc;
}

void parse_syntax_error(ParseState *ps, const Token *tok, const bool *expect, int nexpect) {
  Parser *p = (Parser *)ps;
  Ctx *c = p->c;
  ps->error = true;
  p->refeed = false;
  /* Inside brackets, an unclosed bracket is the real error (as CPython reports it): lex on
     to the closing bracket; if the file ends first, the lexer reports where it opened. */
  while (p->lx && lex_depth(p->lx) > 0)
    parse_fill(p);
  int k = tok->kind;
  if (k == TK_INDENT) {                            /* point at the indented line's text */
    diag_error(c, parse_peek(p, 0)->loc, "unexpected indent");
    return;
  }
  if (p->at_line_start && p->prev_last == TK_COLON) {
    int h = p->prev_first.kind;
    p->refeed = true;
    diag_error(c, where(p, tok), "expected an indented block after %s on line %u",
               h > 0 && h < NTOKENS && block_after[h] ? block_after[h] : "':'",
               p->prev_first.loc.line);
    return;
  }
  p->refeed = k == TK_DEDENT || k == TK_ENDMARKER;
  int h = p->at_line_start ? 0 : p->line_first.kind;
  const char *found = describe(p, tok), *list;
  Loc at = where(p, tok);
  if (k == TK_NEWLINE && expect[TK_COLON] && h > 0 && h < NTOKENS && colon_after[h])
    diag_error(c, at, "invalid syntax: expected ':' after %s", colon_after[h]);
  else if (expect[TK_PASS])
    diag_error(c, at, "invalid syntax: unexpected %s", found);
  else if (expect[TK_NAME] && expect[TK_NUMBER])
    diag_error(c, at, "invalid syntax: expected an expression, found %s", found);
  else if (expect[TK_ELSE] && !expect[TK_NEWLINE])   /* `a if c` without its else */
    diag_error(c, at, "invalid syntax: expected 'else', found %s", found);
  else if ((list = expected_list(p, expect, nexpect)) && !expect[TK_NEWLINE])
    diag_error(c, at, "invalid syntax: expected %s, found %s", list, found);
  else
    diag_error(c, at, "invalid syntax: unexpected %s", found);
}
