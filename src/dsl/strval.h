/*
 * strval.h: what the files of Python's text of constants share (sema_strval.c defines
 * it; sema_strfmt.c, sema_strmeth.c and sema_fstring.c use it). The rest of sema sees
 * only sema_int.h's sema_str_* and sema_fstring.
 */
#ifndef PYKC_DSL_STRVAL_H
#define PYKC_DSL_STRVAL_H
#include "sema_int.h"

/* The text being built, and where a message goes (Python's exception, or why the value
   is not decided here). */
typedef struct StrOut {
  Buf b;
  const char **msg;
  Arena *a;
} StrOut;

/* A format spec, as Python's parse_internal_render_format_spec reads it. */
typedef struct FmtSpec {
  char fill[5];                  /* one character, UTF-8 */
  char align;                    /* '<' '>' '^' '=' or 0 */
  char sign;                     /* '+' '-' ' ' or 0 */
  bool alt, zero;
  int width, prec;               /* -1: not given */
  char group;                    /* ',' '_' or 0 */
  char type;                     /* 0: none */
  bool pct_int_prec;             /* %-formatting: an int's precision is its minimum digits */
} FmtSpec;

StrFold sv_raise(StrOut *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
StrFold sv_undecided(StrOut *o, const char *why);
StrFold sv_done(StrOut *o, StrFold r, PyVal *out);     /* the text as a str value */
const char *sv_type_name(const PyVal *v);              /* Python's type name: "int" ... */
void sv_put_str(Buf *b, const PyVal *v, bool repr);    /* str(v) / repr(v) */
size_t sv_chars(const char *s, size_t n);              /* characters of UTF-8 text */
int sv_read_int(const char **p);                       /* digits at *p, moved past */
void sv_pad(Buf *b, const FmtSpec *sp, const char *body, size_t n, size_t pre);
StrFold sv_format_str(StrOut *o, const char *s, size_t n, const FmtSpec *sp);
StrFold sv_format_int(StrOut *o, __int128 v, const FmtSpec *sp, const char *tname);
StrFold sv_format_float(StrOut *o, double d, const FmtSpec *sp);
StrFold sv_format_value(StrOut *o, const PyVal *v, const char *spec, size_t n);  /* format() */
StrFold sv_convert(StrOut *o, const PyVal *v, char conv, PyVal *tmp);           /* !r !s !a */
bool sv_id_start(char c);
bool sv_id_char(char c);
bool sv_is_space(char c);                              /* str.strip's whitespace (ASCII) */

#endif
