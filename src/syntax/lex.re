/*
 * lex.re: the lexer, a re2c scanner turned into a pull function (lex_next).
 *
 * It knows the whole Python 3 token set, so that host code around the kernels can be
 * skipped by the parser: every string prefix and quote form (f-strings are one opaque
 * STRING token, as in Python 3.11), every number form with CPython's "invalid ... literal"
 * errors, all operators, keywords (soft keywords are NAMEs) and identifiers (ASCII, plus
 * UTF-8 letters accepted as NAME bytes).
 *
 * Layout tokens follow CPython's Parser/lexer/lexer.c: an indent stack (with the
 * alternate tab size 1 to detect inconsistent tabs), a pending INDENT/DEDENT counter and
 * a bracket stack. Newlines inside brackets and after a backslash, blank lines and
 * comment-only lines produce nothing. At the end of the text come NEWLINE (even when the
 * last line has no line end), the closing DEDENTs, then ENDMARKER for ever.
 *
 * The source is NUL-terminated (Source.text): the NUL at text + len ends the scan, a NUL
 * anywhere before it is an error. All state lives in the Lexer (reentrant); lex_next
 * allocates nothing. Lexical errors are fatal (diag_fatal) and use CPython's messages.
 * Lines end with \n, \r\n or \r; columns count bytes from 1.
 */
#include "syntax/syntax.h"
#include "grammar.h"
#include "syntax/tokens.h"

#include <string.h>

enum {
  MAX_INDENT = 100,                                /* CPython's MAXINDENT */
  MAX_LEVEL = 200,                                 /* CPython's MAXLEVEL */
  TABSIZE = 8,
  ALTTABSIZE = 1,
};

typedef const unsigned char *Ptr;

typedef struct Bracket {
  unsigned char ch;                                /* '(' '[' '{' */
  uint32_t line, col;
} Bracket;

struct Lexer {
  Ctx *c;
  Ptr end;                                         /* the terminating NUL */
  Ptr cur;                                         /* next byte to scan */
  Ptr line_start;                                  /* first byte of the current line */
  uint32_t line;
  bool atbol;                                      /* at the start of a physical line */
  bool blankline;                                  /* current line is blank/comment so far */
  int pendin;                                      /* >0: INDENTs to give, <0: DEDENTs */
  int indent;                                      /* top of the indent stacks */
  int indstack[MAX_INDENT];                        /* columns, tabs to multiples of 8 */
  int altstack[MAX_INDENT];                        /* columns, tabs counted as 1 */
  int level;                                       /* bracket depth */
  Bracket brackets[MAX_LEVEL];
};

/* ---- token names (src/tokens.h): one table for --dump-tokens and for messages ---- */

static const struct {
  const char *kind;                                /* TK_ name without the prefix */
  const char *spell;                               /* for messages */
} token_info[] = {
#define X(k, s) [TK_##k] = {#k, s},
    TOKEN_LIST(X)
#undef X
};

enum { NTOKEN_INFO = sizeof token_info / sizeof token_info[0] };

const char *lex_token_name(int kind) {
  if (kind <= 0 || kind >= NTOKEN_INFO || !token_info[kind].spell)
    return "unknown token";
  return token_info[kind].spell;
}

static const char *token_kind(int kind) {
  if (kind <= 0 || kind >= NTOKEN_INFO || !token_info[kind].kind)
    return "?";
  return token_info[kind].kind;
}

/* ---- characters ---- */

/* Code points that may not appear in a name: common punctuation, spaces and symbols
   outside ASCII (typographic quotes, dashes, arrows, ...). Not the whole Unicode
   table: other non-ASCII letters and symbols are accepted as NAME bytes. */
static const struct {
  uint32_t lo, hi;
  bool printable;
} bad_ranges[] = {
    {0x0080, 0x00A0, false}, {0x00A1, 0x00A9, true},  {0x00AB, 0x00AC, true},
    {0x00AD, 0x00AD, false}, {0x00AE, 0x00B4, true},  {0x00B6, 0x00B9, true},
    {0x00BB, 0x00BF, true},  {0x00D7, 0x00D7, true},  {0x00F7, 0x00F7, true},
    {0x2000, 0x200F, false}, {0x2010, 0x2027, true},  {0x2028, 0x202F, false},
    {0x2030, 0x203E, true},  {0x2041, 0x2053, true},  {0x2055, 0x205E, true},
    {0x205F, 0x206F, false}, {0x20A0, 0x20CF, true},  {0x2190, 0x23FF, true},  {0x2500, 0x27BF, true},
    {0x3000, 0x3000, false}, {0x3001, 0x3003, true},  {0x3008, 0x3011, true},
    {0xE000, 0xF8FF, false}, {0xFEFF, 0xFEFF, false}, {0xFF01, 0xFF0F, true},
    {0xFF1A, 0xFF20, true},  {0xFF3B, 0xFF3E, true},  {0xFF40, 0xFF40, true},
    {0xFF5B, 0xFF65, true},  {0x1F000, 0x1FAFF, true},
};

/* Decodes one UTF-8 sequence at p: its length, or 0 if it is malformed. */
static int utf8_decode(Ptr p, Ptr end, uint32_t *cp) {
  static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
  unsigned char b = *p;
  int n = b < 0x80 ? 1 : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3
        : b >= 0xF0 && b < 0xF5 ? 4 : 0;
  if (n == 0 || end - p < n)
    return 0;
  uint32_t v = n == 1 ? b : b & (0x7F >> n);
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xC0) != 0x80)
      return 0;
    v = v << 6 | (p[i] & 0x3F);
  }
  if (v < min[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
    return 0;
  *cp = v;
  return n;
}

/* Index in bad_ranges of the range holding cp, or -1. */
static int bad_range(uint32_t cp) {
  for (size_t i = 0; i < sizeof bad_ranges / sizeof bad_ranges[0]; i++)
    if (cp >= bad_ranges[i].lo && cp <= bad_ranges[i].hi)
      return (int)i;
  return -1;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

static bool is_name_char(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' ||
         c >= 0x80;
}

/* ---- locations and tokens ---- */

static Loc loc_at(const Lexer *lx, Ptr p, size_t len) {
  return (Loc){lx->line, (uint32_t)(p - lx->line_start) + 1, len ? (uint32_t)len : 1};
}

/* Fills t with a one-line token [p, e) on the current line and moves past it. */
static int token(Lexer *lx, Token *t, int kind, Ptr p, Ptr e) {
  t->kind = kind;
  t->p = (const char *)p;
  t->len = (uint32_t)(e - p);
  t->loc = loc_at(lx, p, t->len);
  t->numkind = 0;
  lx->cur = e;
  return kind;
}

/* A line end ends at e: the next line starts there. */
static void next_line(Lexer *lx, Ptr e) {
  lx->line++;
  lx->line_start = e;
}

/* Reports the character at p that cannot start a token (or appear in a name). */
static _Noreturn void bad_char(Lexer *lx, Ptr p) {
  uint32_t cp;
  int n = utf8_decode(p, lx->end, &cp);
  Loc loc = loc_at(lx, p, 1);
  if (n == 0)
    diag_fatal(lx->c, loc, "Non-UTF-8 code starting with '\\x%02x'", *p);
  int r = bad_range(cp);
  if (cp < 0x20 || cp == 0x7F || (r >= 0 && !bad_ranges[r].printable))
    diag_fatal(lx->c, loc, "invalid non-printable character U+%04X", cp);
  diag_fatal(lx->c, loc, "invalid character '%.*s' (U+%04X)", n, (const char *)p, cp);
}

/* ---- indentation (CPython's rules) ---- */

static _Noreturn void indent_error(Lexer *lx, const char *msg) {
  diag_fatal(lx->c, loc_at(lx, lx->line_start, (size_t)(lx->cur - lx->line_start)), "%s", msg);
}

/* Length of the line end at p (\n, \r\n or \r), 0 if there is none. */
static int eol_len(Ptr p) {
  return *p == '\n' ? 1 : *p == '\r' ? (p[1] == '\n' ? 2 : 1) : 0;
}

/* At the start of a physical line: measures the indentation and queues INDENTs or
   DEDENTs. Blank and comment-only lines, and lines inside brackets, change nothing. */
static void indentation(Lexer *lx) {
  Ptr p = lx->cur;
  int col = 0, altcol = 0, cont_col = 0;
  for (;; p++) {
    if (*p == ' ')
      col++, altcol++;
    else if (*p == '\t')
      col = (col / TABSIZE + 1) * TABSIZE, altcol = (altcol / ALTTABSIZE + 1) * ALTTABSIZE;
    else if (*p == '\f')
      col = altcol = 0;
    else if (*p == '\\' && eol_len(p + 1)) {
      /* a continued line: the first backslash fixes the indentation */
      Loc at = loc_at(lx, p, 1);
      cont_col = cont_col ? cont_col : col;
      p += eol_len(p + 1);
      next_line(lx, p + 1);
      if (p + 1 == lx->end)
        diag_fatal(lx->c, at, "unexpected EOF while parsing");
    } else
      break;
  }
  lx->cur = p;
  lx->blankline = *p == '#' || *p == '\n' || *p == '\r' || p == lx->end;
  if (lx->blankline || lx->level > 0)
    return;
  if (cont_col)
    col = altcol = cont_col;
  if (col == lx->indstack[lx->indent]) {
    if (altcol != lx->altstack[lx->indent])
      indent_error(lx, "inconsistent use of tabs and spaces in indentation");
  } else if (col > lx->indstack[lx->indent]) {
    if (lx->indent + 1 >= MAX_INDENT)
      indent_error(lx, "too many levels of indentation");
    if (altcol <= lx->altstack[lx->indent])
      indent_error(lx, "inconsistent use of tabs and spaces in indentation");
    lx->pendin++;
    lx->indent++;
    lx->indstack[lx->indent] = col;
    lx->altstack[lx->indent] = altcol;
  } else {
    while (lx->indent > 0 && col < lx->indstack[lx->indent])
      lx->pendin--, lx->indent--;
    if (col != lx->indstack[lx->indent])
      indent_error(lx, "unindent does not match any outer indentation level");
    if (altcol != lx->altstack[lx->indent])
      indent_error(lx, "inconsistent use of tabs and spaces in indentation");
  }
}

/* ---- brackets ---- */

int lex_depth(const Lexer *lx) { return lx->level; }


static int open_bracket(Lexer *lx, Token *t, int kind, Ptr p) {
  if (lx->level >= MAX_LEVEL)
    diag_fatal(lx->c, loc_at(lx, p, 1), "too many nested parentheses");
  lx->brackets[lx->level++] = (Bracket){*p, lx->line, (uint32_t)(p - lx->line_start) + 1};
  return token(lx, t, kind, p, p + 1);
}

static int close_bracket(Lexer *lx, Token *t, int kind, Ptr p) {
  static const char opener_of[128] = {[')'] = '(', [']'] = '[', ['}'] = '{'};
  Loc loc = loc_at(lx, p, 1);
  if (lx->level == 0)
    diag_fatal(lx->c, loc, "unmatched '%c'", *p);
  const Bracket *b = &lx->brackets[--lx->level];
  if (b->ch != opener_of[*p]) {
    if (b->line != lx->line)
      diag_fatal(lx->c, loc,
                 "closing parenthesis '%c' does not match opening parenthesis '%c' on line %u",
                 *p, b->ch, b->line);
    diag_fatal(lx->c, loc, "closing parenthesis '%c' does not match opening parenthesis '%c'",
               *p, b->ch);
  }
  return token(lx, t, kind, p, p + 1);
}

/* ---- line ends, continuation lines, the end of the text ---- */

/* A line end [p, e): NEWLINE if it ends a logical line, else nothing (0). */
static int newline(Lexer *lx, Token *t, Ptr p, Ptr e) {
  int kind = 0;
  if (!lx->blankline && lx->level == 0)
    kind = token(lx, t, TK_NEWLINE, p, p);
  lx->cur = e;
  lx->atbol = true;
  next_line(lx, e);
  return kind;
}

/* A backslash at p that the scanner saw outside a string, followed by a line end or not. */
static void continuation(Lexer *lx, Ptr p) {
  int n = eol_len(p + 1);
  if (n == 0 && p + 1 != lx->end)
    diag_fatal(lx->c, loc_at(lx, p, 1), "unexpected character after line continuation character");
  if (n == 0 || p + 1 + n == lx->end)
    diag_fatal(lx->c, loc_at(lx, p, 1), "unexpected EOF while parsing");
  lx->cur = p + 1 + n;
  next_line(lx, lx->cur);
}

/* The end of the text: NEWLINE if the last line has tokens, then DEDENTs (queued), then
   ENDMARKER. Unclosed brackets are reported where they opened. */
static int at_end(Lexer *lx, Token *t) {
  lx->cur = lx->end;
  if (lx->level > 0) {
    const Bracket *b = &lx->brackets[lx->level - 1];
    diag_fatal(lx->c, (Loc){b->line, b->col, 1}, "'%c' was never closed", b->ch);
  }
  if (!lx->blankline) {
    lx->blankline = true;
    token(lx, t, TK_NEWLINE, lx->end, lx->end);
    next_line(lx, lx->end);                        /* the missing line end */
    return TK_NEWLINE;
  }
  if (lx->end > lx->line_start)
    next_line(lx, lx->end);
  if (lx->indent > 0) {
    lx->pendin = -lx->indent;
    lx->indent = 0;
    return 0;
  }
  return token(lx, t, TK_ENDMARKER, lx->end, lx->end);
}

/* ---- strings ---- */

static _Noreturn void unterminated(Lexer *lx, Loc at, bool triple, uint32_t detected) {
  diag_fatal(lx->c, at, "unterminated %sstring literal (detected at line %u)",
             triple ? "triple-quoted " : "", detected);
}

/* The body of a string literal that starts at `start` (prefix included) and whose
   opening quote(s) end at p. Backslash escapes the next byte (in raw strings too);
   only triple-quoted strings and backslash-newline span lines. */
static int string(Lexer *lx, Token *t, Ptr start, Ptr p, bool triple) {
  unsigned char q = p[-1];
  Loc loc = loc_at(lx, start, 1);
  Ptr first_eol = NULL;                            /* end of the token's first line */
  for (;;) {
    unsigned char ch = *p;
    if (ch == q) {
      if (!triple) {
        p++;
        break;
      }
      if (p[1] == q && p[2] == q) {
        p += 3;
        break;
      }
      p++;
    } else if (ch == '\\' && eol_len(p + 1)) {
      first_eol = first_eol ? first_eol : p + 1;
      p += 1 + eol_len(p + 1);
      next_line(lx, p);
    } else if (ch == '\\' && p[1] != 0) {
      p += 2;
    } else if (eol_len(p)) {
      if (!triple)
        unterminated(lx, loc, false, lx->line);
      first_eol = first_eol ? first_eol : p;
      p += eol_len(p);
      next_line(lx, p);
    } else if (ch == 0 && p == lx->end) {
      unterminated(lx, loc, triple, p > lx->line_start ? lx->line : lx->line - 1);
    } else if (ch == 0) {
      bad_char(lx, p);
    } else {
      p++;
    }
  }
  t->kind = TK_STRING;
  t->p = (const char *)start;
  t->len = (uint32_t)(p - start);
  t->loc = loc;
  t->loc.len = (uint32_t)((first_eol ? first_eol : p) - start);
  t->numkind = 0;
  lx->cur = p;
  return TK_STRING;
}

/* ---- numbers (CPython's checks and messages) ---- */

static _Noreturn void bad_number(Lexer *lx, Ptr at, const char *kind) {
  diag_fatal(lx->c, loc_at(lx, at, 1), "invalid %s literal", kind);
}

/* A number glued to one of these keywords is accepted with a warning, as in CPython
   (`1if x else y`); any other name character right after a number is an error. */
static bool keyword_follows(Ptr e) {
  static const char *const kw[] = {"and", "else", "for", "if", "in", "is", "or", "not"};
  if (*e < 'a' || *e > 'o')                        /* the usual case: no keyword */
    return false;
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strncmp((const char *)e, kw[i], strlen(kw[i])) == 0)
      return true;
  return false;
}

static bool is_xdigit(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The number [p, e) of `kind` ("decimal", "hexadecimal", ...): checks what follows. */
static int number(Lexer *lx, Token *t, Ptr p, Ptr e, int numkind, const char *kind) {
  if (keyword_follows(e))
    diag_warning(lx->c, loc_at(lx, e - 1, 1), "invalid %s literal", kind);
  else if (*e == '_' && is_xdigit(e[-1]))
    bad_number(lx, e, kind);                       /* `1_`, `1__0`: a '_' not before a digit */
  else if (*e < 0x80 && is_name_char(*e))
    bad_number(lx, e - 1, kind);
  token(lx, t, TK_NUMBER, p, e);
  t->numkind = (uint8_t)numkind;
  return TK_NUMBER;
}

/* An octal or binary number [p, e): a decimal digit out of range right after it is
   reported as such. */
static int radix_number(Lexer *lx, Token *t, Ptr p, Ptr e, const char *kind) {
  Ptr d = *e == '_' ? e + 1 : e;
  if (is_digit(*d))
    diag_fatal(lx->c, loc_at(lx, d, 1), "invalid digit '%c' in %s literal", *d, kind);
  return number(lx, t, p, e, NUM_INT, kind);
}

/* `0x`, `0o_`, ... with no digit after the prefix [p, e). */
static _Noreturn void bare_prefix(Lexer *lx, Ptr e, const char *kind) {
  if (*e >= '0' && *e <= '9' && kind[0] != 'h')
    diag_fatal(lx->c, loc_at(lx, e, 1), "invalid digit '%c' in %s literal", *e, kind);
  bad_number(lx, e - 1, kind);
}

static _Noreturn void leading_zeros(Lexer *lx, Ptr p) {
  Ptr q = p;
  while (*q == '0' || *q == '_')
    q++;
  diag_fatal(lx->c, loc_at(lx, p, (size_t)(q - p)),
             "leading zeros in decimal integer literals are not permitted; "
             "use an 0o prefix for octal integers");
}

/* ---- names ---- */

/* A name [p, e) with bytes beyond ASCII: they must be well-formed UTF-8 and not one
   of the punctuation/space/symbol code points of bad_ranges. */
static int utf8_name(Lexer *lx, Token *t, Ptr p, Ptr e) {
  for (Ptr q = p; q < e;) {
    uint32_t cp;
    int n = *q < 0x80 ? 1 : utf8_decode(q, e, &cp);
    if (n == 0 || (n > 1 && bad_range(cp) >= 0))
      bad_char(lx, q);
    q += n;
  }
  return token(lx, t, TK_NAME, p, e);
}

/* ---- the scanner ---- */

/* Scans from lx->cur to the next token; returns its kind, or 0 when what it read gives
   no token (a line end that ends no logical line, or DEDENTs queued at the end). */
static int scan(Lexer *lx, Token *t) {
  Ptr cur = lx->cur, mark, start;
again:
  start = cur;
  /*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = cur;
    re2c:define:YYMARKER = mark;
    re2c:yyfill:enable = 0;

    eol        = "\n" | "\r\n" | "\r";
    u8c        = [\x80-\xbf];
    u8         = [\xc2-\xdf] u8c | [\xe0-\xef] u8c u8c | [\xf0-\xf4] u8c u8c u8c;
    name       = [a-zA-Z_] [a-zA-Z0-9_]*;
    utf8name   = ([a-zA-Z_] | u8) ([a-zA-Z0-9_] | u8)*;

    dig        = [0-9];
    digitpart  = dig ("_"? dig)*;
    nzdec      = [1-9] ("_"? dig)*;
    zeros      = "0" ("_"? "0")*;
    hexint     = "0" [xX] ("_"? [0-9a-fA-F])+;
    octint     = "0" [oO] ("_"? [0-7])+;
    binint     = "0" [bB] ("_"? [01])+;
    exponent   = [eE] [+-]? digitpart;
    pointfloat = digitpart? "." digitpart | digitpart ".";
    floatnum   = pointfloat exponent? | digitpart exponent;
    imagnum    = (floatnum | digitpart) [jJ];

    prefix     = [rRuUbBfF] | [bB][rR] | [rR][bB] | [fF][rR] | [rR][fF];

    [ \t\f]+           { goto again; }
    "#" [^\r\n\x00]*   { goto again; }
    eol                { return newline(lx, t, start, cur); }
    "\\"               { continuation(lx, start); cur = lx->cur; goto again; }
    "\x00"             { if (start == lx->end) return at_end(lx, t); bad_char(lx, start); }

    "False"    { return token(lx, t, TK_FALSE, start, cur); }
    "None"     { return token(lx, t, TK_NONE, start, cur); }
    "True"     { return token(lx, t, TK_TRUE, start, cur); }
    "and"      { return token(lx, t, TK_AND, start, cur); }
    "as"       { return token(lx, t, TK_AS, start, cur); }
    "assert"   { return token(lx, t, TK_ASSERT, start, cur); }
    "async"    { return token(lx, t, TK_ASYNC, start, cur); }
    "await"    { return token(lx, t, TK_AWAIT, start, cur); }
    "break"    { return token(lx, t, TK_BREAK, start, cur); }
    "class"    { return token(lx, t, TK_CLASS, start, cur); }
    "continue" { return token(lx, t, TK_CONTINUE, start, cur); }
    "def"      { return token(lx, t, TK_DEF, start, cur); }
    "del"      { return token(lx, t, TK_DEL, start, cur); }
    "elif"     { return token(lx, t, TK_ELIF, start, cur); }
    "else"     { return token(lx, t, TK_ELSE, start, cur); }
    "except"   { return token(lx, t, TK_EXCEPT, start, cur); }
    "finally"  { return token(lx, t, TK_FINALLY, start, cur); }
    "for"      { return token(lx, t, TK_FOR, start, cur); }
    "from"     { return token(lx, t, TK_FROM, start, cur); }
    "global"   { return token(lx, t, TK_GLOBAL, start, cur); }
    "if"       { return token(lx, t, TK_IF, start, cur); }
    "import"   { return token(lx, t, TK_IMPORT, start, cur); }
    "in"       { return token(lx, t, TK_IN, start, cur); }
    "is"       { return token(lx, t, TK_IS, start, cur); }
    "lambda"   { return token(lx, t, TK_LAMBDA, start, cur); }
    "nonlocal" { return token(lx, t, TK_NONLOCAL, start, cur); }
    "not"      { return token(lx, t, TK_NOT, start, cur); }
    "or"       { return token(lx, t, TK_OR, start, cur); }
    "pass"     { return token(lx, t, TK_PASS, start, cur); }
    "raise"    { return token(lx, t, TK_RAISE, start, cur); }
    "return"   { return token(lx, t, TK_RETURN, start, cur); }
    "try"      { return token(lx, t, TK_TRY, start, cur); }
    "while"    { return token(lx, t, TK_WHILE, start, cur); }
    "with"     { return token(lx, t, TK_WITH, start, cur); }
    "yield"    { return token(lx, t, TK_YIELD, start, cur); }
    name       { return token(lx, t, TK_NAME, start, cur); }
    utf8name   { return utf8_name(lx, t, start, cur); }

    nzdec | zeros      { return number(lx, t, start, cur, NUM_INT, "decimal"); }
    digitpart          { leading_zeros(lx, start); }
    hexint             { return number(lx, t, start, cur, NUM_INT, "hexadecimal"); }
    octint             { return radix_number(lx, t, start, cur, "octal"); }
    binint             { return radix_number(lx, t, start, cur, "binary"); }
    "0" [xX] "_"?      { bare_prefix(lx, cur, "hexadecimal"); }
    "0" [oO] "_"?      { bare_prefix(lx, cur, "octal"); }
    "0" [bB] "_"?      { bare_prefix(lx, cur, "binary"); }
    floatnum           { return number(lx, t, start, cur, NUM_FLOAT, "decimal"); }
    (digitpart | pointfloat) [eE] [+-] { bad_number(lx, cur - 1, "decimal"); }
    imagnum            { return number(lx, t, start, cur, NUM_IMAG, "imaginary"); }

    prefix? ("'''" | '"""') { return string(lx, t, start, cur, true); }
    prefix? ['"]            { return string(lx, t, start, cur, false); }

    "("   { return open_bracket(lx, t, TK_LPAR, start); }
    "["   { return open_bracket(lx, t, TK_LSQB, start); }
    "{"   { return open_bracket(lx, t, TK_LBRACE, start); }
    ")"   { return close_bracket(lx, t, TK_RPAR, start); }
    "]"   { return close_bracket(lx, t, TK_RSQB, start); }
    "}"   { return close_bracket(lx, t, TK_RBRACE, start); }

    "+"   { return token(lx, t, TK_PLUS, start, cur); }
    "-"   { return token(lx, t, TK_MINUS, start, cur); }
    "*"   { return token(lx, t, TK_STAR, start, cur); }
    "**"  { return token(lx, t, TK_DOUBLESTAR, start, cur); }
    "/"   { return token(lx, t, TK_SLASH, start, cur); }
    "//"  { return token(lx, t, TK_DOUBLESLASH, start, cur); }
    "%"   { return token(lx, t, TK_PERCENT, start, cur); }
    "@"   { return token(lx, t, TK_AT, start, cur); }
    "<<"  { return token(lx, t, TK_LSHIFT, start, cur); }
    ">>"  { return token(lx, t, TK_RSHIFT, start, cur); }
    "&"   { return token(lx, t, TK_AMPER, start, cur); }
    "|"   { return token(lx, t, TK_VBAR, start, cur); }
    "^"   { return token(lx, t, TK_CIRCUMFLEX, start, cur); }
    "~"   { return token(lx, t, TK_TILDE, start, cur); }
    ":="  { return token(lx, t, TK_COLONEQUAL, start, cur); }
    "<"   { return token(lx, t, TK_LESS, start, cur); }
    ">"   { return token(lx, t, TK_GREATER, start, cur); }
    "<="  { return token(lx, t, TK_LESSEQUAL, start, cur); }
    ">="  { return token(lx, t, TK_GREATEREQUAL, start, cur); }
    "=="  { return token(lx, t, TK_EQEQUAL, start, cur); }
    "!="  { return token(lx, t, TK_NOTEQUAL, start, cur); }
    ","   { return token(lx, t, TK_COMMA, start, cur); }
    ":"   { return token(lx, t, TK_COLON, start, cur); }
    "."   { return token(lx, t, TK_DOT, start, cur); }
    ";"   { return token(lx, t, TK_SEMI, start, cur); }
    "="   { return token(lx, t, TK_EQUAL, start, cur); }
    "->"  { return token(lx, t, TK_RARROW, start, cur); }
    "+="  { return token(lx, t, TK_PLUSEQUAL, start, cur); }
    "-="  { return token(lx, t, TK_MINEQUAL, start, cur); }
    "*="  { return token(lx, t, TK_STAREQUAL, start, cur); }
    "/="  { return token(lx, t, TK_SLASHEQUAL, start, cur); }
    "//=" { return token(lx, t, TK_DOUBLESLASHEQUAL, start, cur); }
    "%="  { return token(lx, t, TK_PERCENTEQUAL, start, cur); }
    "@="  { return token(lx, t, TK_ATEQUAL, start, cur); }
    "&="  { return token(lx, t, TK_AMPEREQUAL, start, cur); }
    "|="  { return token(lx, t, TK_VBAREQUAL, start, cur); }
    "^="  { return token(lx, t, TK_CIRCUMFLEXEQUAL, start, cur); }
    ">>=" { return token(lx, t, TK_RSHIFTEQUAL, start, cur); }
    "<<=" { return token(lx, t, TK_LSHIFTEQUAL, start, cur); }
    "**=" { return token(lx, t, TK_DOUBLESTAREQUAL, start, cur); }
    "..." { return token(lx, t, TK_ELLIPSIS, start, cur); }
    "!"   { return token(lx, t, TK_EXCLAMATION, start, cur); }

    [^]   { bad_char(lx, start); }
  */
}

/* Python decodes the whole file before it tokenizes: a byte that is not UTF-8 anywhere
   (a comment, a string, host code) is an error at its line and column. ASCII is skipped
   eight bytes at a time; the line is counted only when there is an error. */
static void check_utf8(Lexer *lx, Ptr start) {
  Ptr p = start;
  uint32_t cp;
  while (p < lx->end) {
    uint64_t w;
    if (lx->end - p >= 8 && (memcpy(&w, p, 8), (w & 0x8080808080808080u) == 0)) {
      p += 8;
      continue;
    }
    if (*p < 0x80) {
      p++;
      continue;
    }
    int n = utf8_decode(p, lx->end, &cp);
    if (n == 0) {
      Ptr line_start = start;
      uint32_t line = 1;
      for (Ptr q = start; q < p; q++)
        if (*q == '\n')
          line++, line_start = q + 1;
      diag_fatal(lx->c, (Loc){line, (uint32_t)(p - line_start) + 1, 1},
                 "Non-UTF-8 code starting with '\\x%02x' (invalid UTF-8)", *p);
    }
    p += n;
  }
}

/* ---- the public functions ---- */

Lexer *lex_new(Ctx *c) {
  Lexer *lx = arena_alloc(&c->arena, sizeof *lx);
  Ptr text = (Ptr)c->src->text;
  lx->c = c;
  lx->end = text + c->src->len;
  /* the driver strips one BOM; a second is a stray U+FEFF, as CPython says */
  lx->cur = lx->line_start = text;
  lx->line = 1;
  lx->atbol = true;
  check_utf8(lx, text);
  return lx;
}

void lex_next(Lexer *lx, Token *t) {
  for (;;) {
    if (lx->pendin < 0) {
      lx->pendin++;
      token(lx, t, TK_DEDENT, lx->cur, lx->cur);
      return;
    }
    if (lx->pendin > 0) {
      lx->pendin--;
      token(lx, t, TK_INDENT, lx->line_start, lx->line_start);
      t->loc.len = lx->cur > lx->line_start ? (uint32_t)(lx->cur - lx->line_start) : 1;
      return;
    }
    if (lx->atbol) {
      lx->atbol = false;
      indentation(lx);
      continue;
    }
    if (scan(lx, t))
      return;
  }
}

void lex_dump(Ctx *c, Buf *out) {
  Lexer *lx = lex_new(c);
  Token t;
  do {
    lex_next(lx, &t);
    buf_printf(out, "%u:%u %s '", t.loc.line, t.loc.col, token_kind(t.kind));
    for (uint32_t i = 0; i < t.len; i++) {
      unsigned char ch = (unsigned char)t.p[i];
      if (ch == '\n')
        buf_puts(out, "\\n");
      else if (ch == '\r')
        buf_puts(out, "\\r");
      else if (ch == '\t')
        buf_puts(out, "\\t");
      else if (ch < 0x20 || ch == 0x7F)
        buf_printf(out, "\\x%02x", ch);
      else
        buf_putc(out, (char)ch);
    }
    buf_puts(out, "'\n");
  } while (t.kind != TK_ENDMARKER);
}
