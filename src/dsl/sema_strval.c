/*
 * sema_strval.c: Python's text of one compile-time constant, as CPython computes it:
 * str() and repr() of str, int, float, bool, None and tuples of them (repr(float) is the
 * shortest text that reads back), and format() with its spec mini-language; the helpers
 * the other text files share (strval.h). Where Python raises, the result is SF_RAISES
 * with Python's exception and message; what is not computed here is SF_UNDECIDED.
 */
#include "strval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

StrFold sv_raise(StrOut *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  *o->msg = arena_strndup(o->a, b.data, b.len);
  buf_free(&b);
  return SF_RAISES;
}

StrFold sv_undecided(StrOut *o, const char *why) {
  *o->msg = why;
  return SF_UNDECIDED;
}

StrFold sv_done(StrOut *o, StrFold r, PyVal *out) {
  if (r == SF_OK) {
    *out = (PyVal){.kind = PV_STR, .len = o->b.len};
    out->s = arena_strndup(o->a, o->b.data ? o->b.data : "", o->b.len);
  }
  buf_free(&o->b);
  return r;
}

/* ---------------------------------------------------------------- str() and repr() */

static void put_i128(Buf *b, __int128 v) {
  char d[48];
  int n = 0;
  unsigned __int128 u = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
  do
    d[n++] = (char)('0' + (int)(u % 10));
  while (u /= 10);
  if (v < 0)
    buf_putc(b, '-');
  while (n)
    buf_putc(b, d[--n]);
}

/* The shortest decimal digits of |d| that read back as d (d finite, not zero: "0", 0
   otherwise) into dig, and the decimal exponent of the first digit. */
static int shortest_digits(double d, char *dig) {
  char buf[40];
  if (d == 0) {
    strcpy(dig, "0");
    return 0;
  }
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(buf, sizeof buf, "%.*e", prec - 1, fabs(d));
    if (strtod(buf, NULL) == fabs(d))
      break;
  }
  int n = 0;
  for (const char *p = buf; *p != 'e'; p++)
    if (*p != '.')
      dig[n++] = *p;
  while (n > 1 && dig[n - 1] == '0')
    n--;
  dig[n] = 0;
  return atoi(strchr(buf, 'e') + 1);
}

/* Digits dig with exponent x laid out in fixed notation ("0.001", "120.0") or
   scientific ("1.5e+16"): Python's float repr. */
static void put_digits(Buf *b, const char *dig, int x, bool sci) {
  int n = (int)strlen(dig);
  if (sci) {
    buf_putc(b, dig[0]);
    if (n > 1) {
      buf_putc(b, '.');
      buf_puts(b, dig + 1);
    }
    buf_printf(b, "e%c%02d", x < 0 ? '-' : '+', abs(x));
  } else if (x < 0) {
    buf_puts(b, "0.");
    for (int i = 0; i < -x - 1; i++)
      buf_putc(b, '0');
    buf_puts(b, dig);
  } else {
    for (int i = 0; i <= x; i++)
      buf_putc(b, i < n ? dig[i] : '0');
    buf_putc(b, '.');
    buf_puts(b, n > x + 1 ? dig + x + 1 : "0");
  }
}

static void put_float_repr(Buf *b, double d) {
  if (isnan(d)) {
    buf_puts(b, "nan");
    return;
  }
  if (isinf(d)) {
    buf_puts(b, d < 0 ? "-inf" : "inf");
    return;
  }
  char dig[24];
  int x = shortest_digits(d, dig);
  if (signbit(d))
    buf_putc(b, '-');
  put_digits(b, dig, x, x < -4 || x >= 16);
}

const char *sema_float_repr(Arena *a, double d) {
  Buf b = {0};
  put_float_repr(&b, d);
  const char *r = arena_strndup(a, b.data, b.len);
  buf_free(&b);
  return r;
}

static void put_repr_str(Buf *b, const char *s, size_t n) {
  char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
  buf_putc(b, q);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    static const char from[] = "\\\n\r\t", to[] = "\\nrt";
    const char *e = c ? strchr(from, c) : NULL;
    if (e)
      buf_printf(b, "\\%c", to[e - from]);
    else if (c == (unsigned char)q)
      buf_printf(b, "\\%c", q);
    else if (c < 0x20 || c == 0x7f)
      buf_printf(b, "\\x%02x", c);
    else
      buf_putc(b, (char)c);
  }
  buf_putc(b, q);
}

void sv_put_str(Buf *b, const PyVal *v, bool repr) {
  switch (v->kind) {
  case PV_STR:
    if (repr)
      put_repr_str(b, v->s, v->len);
    else
      buf_putn(b, v->s, v->len);
    break;
  case PV_INT:
    put_i128(b, v->i);
    break;
  case PV_BOOL:
    buf_puts(b, v->i ? "True" : "False");
    break;
  case PV_FLOAT:
    put_float_repr(b, v->f);
    break;
  case PV_NONE:
    buf_puts(b, "None");
    break;
  case PV_TUPLE:
    buf_putc(b, '(');
    for (int i = 0; i < v->n; i++) {
      if (i)
        buf_puts(b, ", ");
      sv_put_str(b, &v->items[i], true);
    }
    buf_puts(b, v->n == 1 ? ",)" : ")");
    break;
  }
}

PyVal sema_pystr(Arena *a, const PyVal *v, bool repr) {
  Buf b = {0};
  sv_put_str(&b, v, repr);
  PyVal r = {.kind = PV_STR, .len = b.len};
  r.s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return r;
}

const char *sv_type_name(const PyVal *v) {
  static const char *const names[] = {
      [PV_STR] = "str", [PV_INT] = "int", [PV_FLOAT] = "float", [PV_BOOL] = "bool",
      [PV_NONE] = "NoneType", [PV_TUPLE] = "tuple"};
  return names[v->kind];
}

/* ---------------------------------------------------------------- format() */


size_t sv_chars(const char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    k += ((unsigned char)s[i] & 0xC0) != 0x80;
  return k;
}

int sv_read_int(const char **p) {
  long v = 0;
  while (**p >= '0' && **p <= '9' && v < 100000000)
    v = v * 10 + (*(*p)++ - '0');
  return (int)v;
}

/* Python's parse_internal_render_format_spec. */
static StrFold parse_spec(StrOut *o, const char *s, size_t n, const PyVal *v, char dflt_align,
                          FmtSpec *sp) {
  *sp = (FmtSpec){.fill = " ", .width = -1, .prec = -1};
  const char *p = s, *end = s + n;
  size_t fl = 1;
  while (p + fl < end && ((unsigned char)p[fl] & 0xC0) == 0x80)
    fl++;
  bool fill_given = false;
  if (p + fl < end && strchr("<>=^", p[fl]) && fl < sizeof sp->fill) {
    memcpy(sp->fill, p, fl);
    sp->fill[fl] = 0;
    sp->align = p[fl];
    p += fl + 1;
    fill_given = true;
  } else if (p < end && strchr("<>=^", *p) && *p)
    sp->align = *p++;
  if (p < end && strchr("+- ", *p) && *p)
    sp->sign = *p++;
  if (p < end && *p == 'z')
    return sv_undecided(o, "the format spec's 'z' option");
  if (p < end && *p == '#') {
    sp->alt = true;
    p++;
  }
  if (!fill_given && p < end && *p == '0') {
    strcpy(sp->fill, "0");
    if (!sp->align && dflt_align == '>')
      sp->align = '=';
    sp->zero = true;
    p++;
  }
  if (p < end && *p >= '0' && *p <= '9')
    sp->width = sv_read_int(&p);
  if (p < end && (*p == ',' || *p == '_'))
    sp->group = *p++;
  if (p < end && (*p == ',' || *p == '_'))
    return sv_raise(o, "ValueError: Cannot specify both ',' and '_'.");
  if (p < end && *p == '.') {
    p++;
    if (p == end || *p < '0' || *p > '9')
      return sv_raise(o, "ValueError: Format specifier missing precision");
    sp->prec = sv_read_int(&p);
  }
  if (end - p > 1)
    return sv_raise(o, "ValueError: Invalid format specifier '%.*s' for object of type '%s'",
                 (int)n, s, sv_type_name(v));
  if (p < end)
    sp->type = *p;
  if (sp->group) {
    const char *ok = sp->group == ',' ? "deEfFgG%" : "deEfFgG%boxX";
    if (sp->type && !strchr(ok, sp->type)) {
      return sv_raise(o, "ValueError: Cannot specify '%c' with '%c'.", sp->group, sp->type);
    }
  }
  if (!sp->align)
    sp->align = dflt_align;
  return SF_OK;
}

/* body (sign and prefix first, pre bytes of it) padded to the spec's width. */
void sv_pad(Buf *b, const FmtSpec *sp, const char *body, size_t n, size_t pre) {
  size_t w = sv_chars(body, n);
  size_t fill = sp->width > 0 && (size_t)sp->width > w ? (size_t)sp->width - w : 0;
  size_t left = sp->align == '>' ? fill : sp->align == '^' ? fill / 2 : 0;
  size_t mid = sp->align == '=' ? fill : 0;
  size_t right = fill - left - mid;
  for (size_t i = 0; i < left; i++)
    buf_puts(b, sp->fill);
  buf_putn(b, body, pre);
  for (size_t i = 0; i < mid; i++)
    buf_puts(b, sp->fill);
  buf_putn(b, body + pre, n - pre);
  for (size_t i = 0; i < right; i++)
    buf_puts(b, sp->fill);
}

/* Digits d (n of them) with a separator every k. */
static void put_grouped(Buf *b, const char *d, size_t n, char sep, size_t k) {
  for (size_t i = 0; i < n; i++) {
    if (sep && i && (n - i) % k == 0)
      buf_putc(b, sep);
    buf_putc(b, d[i]);
  }
}

StrFold sv_format_str(StrOut *o, const char *s, size_t n, const FmtSpec *sp) {
  if (sp->sign)
    return sv_raise(o, "ValueError: Sign not allowed in string format specifier");
  if (sp->alt)
    return sv_raise(o, "ValueError: Alternate form (#) not allowed in string format specifier");
  if (sp->align == '=')
    return sv_raise(o, "ValueError: '=' alignment not allowed in string format specifier");
  if (sp->group) {
    *o->msg = arena_printf(o->a, "ValueError: Cannot specify '%c' with 's'.", sp->group);
    return SF_RAISES;
  }
  size_t len = n;
  if (sp->prec >= 0) {                             /* the first prec characters */
    size_t k = 0;
    for (len = 0; len < n; len++)
      if (((unsigned char)s[len] & 0xC0) != 0x80 && k++ == (size_t)sp->prec)
        break;
  }
  sv_pad(&o->b, sp, s, len, 0);
  return SF_OK;
}


StrFold sv_format_int(StrOut *o, __int128 v, const FmtSpec *sp, const char *tname) {
  char t = sp->type ? sp->type : 'd';
  if (strchr("eEfFgG%", t))
    return sv_format_float(o, (double)v, sp);
  if (!strchr("bcdoxXn", t)) {
    *o->msg = arena_printf(o->a, "ValueError: Unknown format code '%c' for object of type "
                           "'%s'", t, tname);
    return SF_RAISES;
  }
  if (sp->prec >= 0 && !sp->pct_int_prec)
    return sv_raise(o, "ValueError: Precision not allowed in integer format specifier");
  if (sp->zero && sp->group && sp->align == '=')
    return sv_undecided(o, "zero padding with a thousands separator");
  Buf body = {0};
  if (t == 'c') {
    if (sp->sign)
      return sv_raise(o, "ValueError: Sign not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF)
      return sv_raise(o, "OverflowError: %%c arg not in range(0x110000)");
    char u[5] = {0};
    unsigned cp = (unsigned)v;
    if (cp < 0x80)
      u[0] = (char)cp;
    else if (cp < 0x800)
      u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F));
    else if (cp < 0x10000)
      u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
      u[2] = (char)(0x80 | (cp & 0x3F));
    else
      u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
      u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F));
    sv_pad(&o->b, sp, u, strlen(u), 0);
    return SF_OK;
  }
  unsigned base = t == 'b' ? 2 : t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
  const char *digits = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char d[160];
  size_t n = 0;
  unsigned __int128 u = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
  do
    d[sizeof d - 1 - n++] = digits[(int)(u % base)];
  while (u /= base);
  while (sp->pct_int_prec && (int)n < sp->prec && n < 100)
    d[sizeof d - 1 - n++] = '0';
  if (v < 0)
    buf_putc(&body, '-');
  else if (sp->sign == '+' || sp->sign == ' ')
    buf_putc(&body, sp->sign);
  if (sp->alt && base != 10)
    buf_printf(&body, "0%c", t == 'X' ? 'X' : t);
  size_t pre = body.len;
  put_grouped(&body, d + sizeof d - n, n, sp->group, base == 10 ? 3 : 4);
  sv_pad(&o->b, sp, body.data, body.len, pre);
  buf_free(&body);
  return SF_OK;
}

StrFold sv_format_float(StrOut *o, double d, const FmtSpec *sp) {
  char t = sp->type;
  if (t && !strchr("eEfFgGn%", t)) {
    *o->msg = arena_printf(o->a, "ValueError: Unknown format code '%c' for object of type "
                           "'float'", t);
    return SF_RAISES;
  }
  if (sp->zero && sp->group && sp->align == '=')
    return sv_undecided(o, "zero padding with a thousands separator");
  if (!t && sp->alt)
    return sv_undecided(o, "'#' without a presentation type");
  Buf num = {0};
  double m = fabs(d);
  bool upper = t == 'E' || t == 'F' || t == 'G';
  int prec = sp->prec < 0 ? 6 : sp->prec;
  if (isnan(d) || isinf(d))
    buf_puts(&num, isnan(d) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
  else if (!t && sp->prec < 0) {                   /* repr */
    char dig[24];
    int x = shortest_digits(m, dig);
    put_digits(&num, dig, x, x < -4 || x >= 16);
  } else if (!t) {                /* 'g', scientific from exponent p-1, a digit after '.' */
    int p = prec ? prec : 1;
    char e[48];
    snprintf(e, sizeof e, "%.*e", p - 1, m);
    int x = atoi(strchr(e, 'e') + 1);
    if (x < -4 || x >= p - 1) {
      char *ep = strchr(e, 'e'), *z = ep;
      while (z > e && z[-1] == '0')
        z--;
      z -= z > e && z[-1] == '.';
      buf_putn(&num, e, (size_t)(z - e));
      buf_puts(&num, ep);
    } else {
      buf_printf(&num, "%.*g", p, m);
      if (!strchr(num.data, '.'))
        buf_puts(&num, ".0");
    }
  } else if (t == '%')
    buf_printf(&num, sp->alt ? "%#.*f%%" : "%.*f%%", prec, m * 100);
  else {
    char f[8] = "%";
    if (sp->alt)
      strcat(f, "#");
    strcat(f, ".*");
    f[strlen(f)] = t == 'n' ? 'g' : t == 'F' ? 'f' : t;
    buf_printf(&num, f, (t == 'g' || t == 'G' || t == 'n') && !prec ? 1 : prec, m);
  }
  Buf body = {0};
  if (signbit(d) && !isnan(d))
    buf_putc(&body, '-');
  else if (sp->sign == '+' || sp->sign == ' ')
    buf_putc(&body, sp->sign);
  size_t pre = body.len;
  size_t ip = strspn(num.data, "0123456789");
  put_grouped(&body, num.data, ip, isnan(d) || isinf(d) ? 0 : sp->group, 3);
  buf_puts(&body, num.data + ip);
  sv_pad(&o->b, sp, body.data, body.len, pre);
  buf_free(&num);
  buf_free(&body);
  return SF_OK;
}

/* format(v, spec) appended to o. */
StrFold sv_format_value(StrOut *o, const PyVal *v, const char *spec, size_t n) {
  if (n == 0 || v->kind == PV_TUPLE || v->kind == PV_NONE) {
    if (n)
      return sv_raise(o, "TypeError: unsupported format string passed to %s.__format__",
                   sv_type_name(v));
    sv_put_str(&o->b, v, false);
    return SF_OK;
  }
  FmtSpec sp;
  StrFold r = parse_spec(o, spec, n, v, v->kind == PV_STR ? '<' : '>', &sp);
  if (r != SF_OK)
    return r;
  switch (v->kind) {
  case PV_STR:
    if (sp.type && sp.type != 's') {
      return sv_raise(o, "ValueError: Unknown format code '%c' for object of type 'str'",
                   sp.type);
    }
    return sv_format_str(o, v->s, v->len, &sp);
  case PV_FLOAT:
    return sv_format_float(o, v->f, &sp);
  default:
    return sv_format_int(o, v->i, &sp, sv_type_name(v));
  }
}


/* ---------------------------------------------------------------- shared by the others */

StrFold sv_convert(StrOut *o, const PyVal *v, char conv, PyVal *tmp) {
  if (!conv)
    return SF_OK;
  if (conv != 'r' && conv != 's' && conv != 'a') {
    char c[2] = {conv, 0};
    return sv_raise(o, "ValueError: Unknown conversion specifier %s", c);
  }
  *tmp = sema_pystr(o->a, v, conv != 's');
  return SF_OK;
}

bool sv_id_start(char c) { return c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z'); }
bool sv_id_char(char c) { return sv_id_start(c) || (c >= '0' && c <= '9'); }

bool sv_is_space(char c) { return c && strchr(" \t\n\r\v\f\x1c\x1d\x1e\x1f", c); }
