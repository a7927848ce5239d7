/*
 * sema_strfmt.c: Python's text of compile-time constants, computed as CPython computes it:
 * str() and repr() of str, int, float, bool, None and tuples of them (repr(float) is the
 * shortest text that reads back), format() and its spec mini-language, str.format,
 * f-strings, %-formatting, string.Template's substitute/safe_substitute and the str
 * methods programs build kernel text with (replace, upper, lower, strip, join). Where
 * Python raises, the result is SF_RAISES with Python's exception and message; what this
 * file does not compute (a field's attribute, a mapping) is SF_UNDECIDED.
 */
#include "sema_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Out {
  Buf b;
  const char **msg;
  Arena *a;
} Out;

static StrFold raise(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static StrFold raise(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  *o->msg = arena_strndup(o->a, b.data, b.len);
  buf_free(&b);
  return SF_RAISES;
}

static StrFold undecided(Out *o, const char *why) {
  *o->msg = why;
  return SF_UNDECIDED;
}

static StrFold done(Out *o, StrFold r, PyVal *out) {
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

static void put_str(Buf *b, const PyVal *v, bool repr) {
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
      put_str(b, &v->items[i], true);
    }
    buf_puts(b, v->n == 1 ? ",)" : ")");
    break;
  }
}

PyVal sema_pystr(Arena *a, const PyVal *v, bool repr) {
  Buf b = {0};
  put_str(&b, v, repr);
  PyVal r = {.kind = PV_STR, .len = b.len};
  r.s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return r;
}

static const char *type_name(const PyVal *v) {
  static const char *const names[] = {
      [PV_STR] = "str", [PV_INT] = "int", [PV_FLOAT] = "float", [PV_BOOL] = "bool",
      [PV_NONE] = "NoneType", [PV_TUPLE] = "tuple"};
  return names[v->kind];
}

/* ---------------------------------------------------------------- format() */

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

static size_t chars(const char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    k += ((unsigned char)s[i] & 0xC0) != 0x80;
  return k;
}

static int read_int(const char **p) {
  long v = 0;
  while (**p >= '0' && **p <= '9' && v < 100000000)
    v = v * 10 + (*(*p)++ - '0');
  return (int)v;
}

/* Python's parse_internal_render_format_spec. */
static StrFold parse_spec(Out *o, const char *s, size_t n, const PyVal *v, char dflt_align,
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
    return undecided(o, "the format spec's 'z' option");
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
    sp->width = read_int(&p);
  if (p < end && (*p == ',' || *p == '_'))
    sp->group = *p++;
  if (p < end && (*p == ',' || *p == '_'))
    return raise(o, "ValueError: Cannot specify both ',' and '_'.");
  if (p < end && *p == '.') {
    p++;
    if (p == end || *p < '0' || *p > '9')
      return raise(o, "ValueError: Format specifier missing precision");
    sp->prec = read_int(&p);
  }
  if (end - p > 1)
    return raise(o, "ValueError: Invalid format specifier '%.*s' for object of type '%s'",
                 (int)n, s, type_name(v));
  if (p < end)
    sp->type = *p;
  if (sp->group) {
    const char *ok = sp->group == ',' ? "deEfFgG%" : "deEfFgG%boxX";
    if (sp->type && !strchr(ok, sp->type)) {
      return raise(o, "ValueError: Cannot specify '%c' with '%c'.", sp->group, sp->type);
    }
  }
  if (!sp->align)
    sp->align = dflt_align;
  return SF_OK;
}

/* body (sign and prefix first, pre bytes of it) padded to the spec's width. */
static void pad(Buf *b, const FmtSpec *sp, const char *body, size_t n, size_t pre) {
  size_t w = chars(body, n);
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

static StrFold format_str(Out *o, const char *s, size_t n, const FmtSpec *sp) {
  if (sp->sign)
    return raise(o, "ValueError: Sign not allowed in string format specifier");
  if (sp->alt)
    return raise(o, "ValueError: Alternate form (#) not allowed in string format specifier");
  if (sp->align == '=')
    return raise(o, "ValueError: '=' alignment not allowed in string format specifier");
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
  pad(&o->b, sp, s, len, 0);
  return SF_OK;
}

static StrFold format_float(Out *o, double d, const FmtSpec *sp);

static StrFold format_int(Out *o, __int128 v, const FmtSpec *sp, const char *tname) {
  char t = sp->type ? sp->type : 'd';
  if (strchr("eEfFgG%", t))
    return format_float(o, (double)v, sp);
  if (!strchr("bcdoxXn", t)) {
    *o->msg = arena_printf(o->a, "ValueError: Unknown format code '%c' for object of type "
                           "'%s'", t, tname);
    return SF_RAISES;
  }
  if (sp->prec >= 0 && !sp->pct_int_prec)
    return raise(o, "ValueError: Precision not allowed in integer format specifier");
  if (sp->zero && sp->group && sp->align == '=')
    return undecided(o, "zero padding with a thousands separator");
  Buf body = {0};
  if (t == 'c') {
    if (sp->sign)
      return raise(o, "ValueError: Sign not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF)
      return raise(o, "OverflowError: %%c arg not in range(0x110000)");
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
    pad(&o->b, sp, u, strlen(u), 0);
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
  pad(&o->b, sp, body.data, body.len, pre);
  buf_free(&body);
  return SF_OK;
}

static StrFold format_float(Out *o, double d, const FmtSpec *sp) {
  char t = sp->type;
  if (t && !strchr("eEfFgGn%", t)) {
    *o->msg = arena_printf(o->a, "ValueError: Unknown format code '%c' for object of type "
                           "'float'", t);
    return SF_RAISES;
  }
  if (sp->zero && sp->group && sp->align == '=')
    return undecided(o, "zero padding with a thousands separator");
  if (!t && sp->alt)
    return undecided(o, "'#' without a presentation type");
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
  pad(&o->b, sp, body.data, body.len, pre);
  buf_free(&num);
  buf_free(&body);
  return SF_OK;
}

/* format(v, spec) appended to o. */
static StrFold format_value(Out *o, const PyVal *v, const char *spec, size_t n) {
  if (n == 0 || v->kind == PV_TUPLE || v->kind == PV_NONE) {
    if (n)
      return raise(o, "TypeError: unsupported format string passed to %s.__format__",
                   type_name(v));
    put_str(&o->b, v, false);
    return SF_OK;
  }
  FmtSpec sp;
  StrFold r = parse_spec(o, spec, n, v, v->kind == PV_STR ? '<' : '>', &sp);
  if (r != SF_OK)
    return r;
  switch (v->kind) {
  case PV_STR:
    if (sp.type && sp.type != 's') {
      return raise(o, "ValueError: Unknown format code '%c' for object of type 'str'",
                   sp.type);
    }
    return format_str(o, v->s, v->len, &sp);
  case PV_FLOAT:
    return format_float(o, v->f, &sp);
  default:
    return format_int(o, v->i, &sp, type_name(v));
  }
}

/* ---------------------------------------------------------------- str.format */

typedef struct Fields {
  const PyVal *args;
  int nargs;
  const char *const *names;
  const PyVal *kw;
  int nkw;
  int next;                      /* automatic numbering: the next index; -1: manual */
  bool manual;
} Fields;

static StrFold vformat(Out *o, const char *s, size_t n, Fields *f, int depth);

static StrFold convert(Out *o, const PyVal *v, char conv, PyVal *tmp) {
  if (!conv)
    return SF_OK;
  if (conv != 'r' && conv != 's' && conv != 'a') {
    char c[2] = {conv, 0};
    return raise(o, "ValueError: Unknown conversion specifier %s", c);
  }
  *tmp = sema_pystr(o->a, v, conv != 's');
  return SF_OK;
}

/* One replacement field's text (between the braces) of str.format. */
static StrFold field(Out *o, const char *s, size_t n, Fields *f, int depth) {
  size_t nl = 0;
  while (nl < n && s[nl] != '!' && s[nl] != ':')
    nl++;
  size_t id = strcspn(s, ".[");
  if (id < nl)
    return undecided(o, "a field's attribute or index");
  const PyVal *v;
  if (nl == 0 || (s[0] >= '0' && s[0] <= '9')) {
    int idx;
    if (nl == 0) {
      if (f->manual)
        return raise(o, "ValueError: cannot switch from manual field specification to "
                        "automatic field numbering");
      idx = f->next++;
    } else {
      if (f->next > 0)
        return raise(o, "ValueError: cannot switch from automatic field numbering to manual "
                        "field specification");
      f->manual = true;
      const char *p = s;
      idx = read_int(&p);
      if ((size_t)(p - s) != nl)
        return undecided(o, "a field name that starts with a digit");
    }
    if (idx >= f->nargs)
      return raise(o, "IndexError: Replacement index %d out of range for positional args "
                   "tuple", idx);
    v = &f->args[idx];
  } else {
    v = NULL;
    for (int i = 0; i < f->nkw && !v; i++)
      if (strlen(f->names[i]) == nl && !strncmp(f->names[i], s, nl))
        v = &f->kw[i];
    if (!v)
      return raise(o, "KeyError: '%s'", arena_strndup(o->a, s, nl));
  }
  char conv = 0;
  size_t p = nl;
  if (p < n && s[p] == '!') {
    if (p + 1 >= n)
      return raise(o, "ValueError: end of string while looking for conversion specifier");
    conv = s[p + 1];
    p += 2;
    if (p < n && s[p] != ':')
      return raise(o, "ValueError: expected ':' after conversion specifier");
  }
  PyVal tmp;
  StrFold r = convert(o, v, conv, &tmp);
  if (r != SF_OK)
    return r;
  if (conv)
    v = &tmp;
  const char *spec = p < n ? s + p + 1 : "";
  size_t sn = p < n ? n - p - 1 : 0;
  if (memchr(spec, '{', sn)) {                     /* nested fields of the spec */
    if (depth >= 1)
      return raise(o, "ValueError: Max string recursion exceeded");
    Out in = {{0}, o->msg, o->a};
    r = vformat(&in, spec, sn, f, depth + 1);
    if (r == SF_OK)
      r = format_value(o, v, in.b.data ? in.b.data : "", in.b.len);
    buf_free(&in.b);
    return r;
  }
  return format_value(o, v, spec, sn);
}

static StrFold vformat(Out *o, const char *s, size_t n, Fields *f, int depth) {
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '}') {
      if (i + 1 < n && s[i + 1] == '}') {
        buf_putc(&o->b, '}');
        i += 2;
        continue;
      }
      return raise(o, "ValueError: Single '}' encountered in format string");
    }
    if (c != '{') {
      buf_putc(&o->b, c);
      i++;
      continue;
    }
    if (i + 1 < n && s[i + 1] == '{') {
      buf_putc(&o->b, '{');
      i += 2;
      continue;
    }
    if (i + 1 >= n)
      return raise(o, "ValueError: Single '{' encountered in format string");
    size_t j = i + 1;
    int nest = 1;
    for (; j < n; j++) {
      nest += s[j] == '{';
      nest -= s[j] == '}';
      if (!nest)
        break;
    }
    if (j >= n)
      return raise(o, "ValueError: expected '}' before end of string");
    StrFold r = field(o, s + i + 1, j - i - 1, f, depth);
    if (r != SF_OK)
      return r;
    i = j + 1;
  }
  return SF_OK;
}

StrFold sema_str_format(Arena *a, const PyVal *fmt, const PyVal *args, int nargs,
                        const char *const *names, const PyVal *kw, int nkw, PyVal *out,
                        const char **msg) {
  Out o = {{0}, msg, a};
  Fields f = {args, nargs, names, kw, nkw, 0, false};
  return done(&o, vformat(&o, fmt->s, fmt->len, &f, 0), out);
}

/* ---------------------------------------------------------------- %-formatting */

static StrFold percent_one(Out *o, FmtSpec *sp, const PyVal *v) {
  char t = sp->type;
  if (strchr("sra", t)) {
    PyVal s = sema_pystr(o->a, v, t != 's');
    sp->type = 0;
    sp->sign = 0;
    sp->alt = false;
    if (sp->align == '=') {
      sp->align = '>';
      strcpy(sp->fill, " ");
    }
    return format_str(o, s.s, s.len, sp);
  }
  if (t == 'c') {
    if (v->kind == PV_STR) {
      if (chars(v->s, v->len) != 1)
        return raise(o, "TypeError: %%c requires int or char");
      sp->prec = -1;
      return format_str(o, v->s, v->len, sp);
    }
    if (v->kind != PV_INT && v->kind != PV_BOOL)
      return raise(o, "TypeError: %%c requires int or char");
    sp->sign = 0;
    if (sp->align == '=') {
      sp->align = '>';
      strcpy(sp->fill, " ");
    }
    return format_int(o, v->i, sp, "int");
  }
  if (v->kind == PV_STR || v->kind == PV_NONE || v->kind == PV_TUPLE) {
    if (strchr("diu", t))
      return raise(o, "TypeError: %%%c format: a real number is required, not %s", t,
                   type_name(v));
    if (strchr("oxX", t))
      return raise(o, "TypeError: %%%c format: an integer is required, not %s", t,
                   type_name(v));
    return raise(o, "TypeError: must be real number, not %s", type_name(v));
  }
  if (strchr("eEfFgG", t))
    return format_float(o, v->kind == PV_FLOAT ? v->f : (double)v->i, sp);
  if (v->kind == PV_FLOAT) {
    if (strchr("oxX", t))
      return raise(o, "TypeError: %%%c format: an integer is required, not float", t);
    if (isnan(v->f) || isinf(v->f))
      return raise(o, isnan(v->f) ? "ValueError: cannot convert float NaN to integer"
                                  : "OverflowError: cannot convert float infinity to integer");
    if (fabs(v->f) >= 1e38)
      return undecided(o, "an integer too large for pykc");
  }
  sp->type = t == 'o' || t == 'x' || t == 'X' ? t : 'd';
  sp->pct_int_prec = true;
  return format_int(o, v->kind == PV_FLOAT ? (__int128)v->f : v->i, sp, "int");
}

StrFold sema_str_percent(Arena *a, const PyVal *fmt, const PyVal *rhs, PyVal *out,
                         const char **msg) {
  Out o = {{0}, msg, a};
  const PyVal *args = rhs->kind == PV_TUPLE ? rhs->items : rhs;
  int nargs = rhs->kind == PV_TUPLE ? rhs->n : 1, k = 0;
  const char *s = fmt->s, *end = s + fmt->len;
  StrFold r = SF_OK;
  while (r == SF_OK && s < end) {
    if (*s != '%') {
      buf_putc(&o.b, *s++);
      continue;
    }
    const char *start = s++;
    if (s < end && *s == '(') {
      r = undecided(&o, "%-formatting with a mapping key");
      break;
    }
    FmtSpec sp = {.fill = " ", .align = '>', .width = -1, .prec = -1};
    for (; s < end && strchr("-+ #0", *s) && *s; s++) {
      if (*s == '-')
        sp.align = '<';
      else if (*s == '0')
        sp.zero = true;
      else if (*s == '#')
        sp.alt = true;
      else if (*s == '+' || sp.sign != '+')
        sp.sign = *s;
    }
    if (s < end && *s == '*') {
      if (k >= nargs || (args[k].kind != PV_INT && args[k].kind != PV_BOOL)) {
        r = raise(&o, k >= nargs ? "TypeError: not enough arguments for format string"
                                 : "TypeError: * wants int");
        break;
      }
      long w = (long)args[k++].i;
      if (w < 0) {
        sp.align = '<';
        w = -w;
      }
      sp.width = (int)(w > 100000 ? 100000 : w);
      s++;
    } else if (s < end && *s >= '0' && *s <= '9')
      sp.width = read_int(&s);
    if (s < end && *s == '.') {
      s++;
      if (s < end && *s == '*') {
        r = undecided(&o, "a '*' precision");
        break;
      }
      sp.prec = read_int(&s);
    }
    while (s < end && strchr("hlL", *s) && *s)
      s++;
    if (s >= end) {
      r = raise(&o, "ValueError: incomplete format");
      break;
    }
    char t = *s++;
    if (t == '%' && s - start == 2) {
      buf_putc(&o.b, '%');
      continue;
    }
    if (!strchr("diuoxXeEfFgGcsra", t) || t == '%') {
      *msg = arena_printf(a, "ValueError: unsupported format character '%c' (0x%x) at index "
                          "%d", t, (unsigned char)t, (int)(s - 1 - fmt->s));
      r = SF_RAISES;
      break;
    }
    if (k >= nargs) {
      r = raise(&o, "TypeError: not enough arguments for format string");
      break;
    }
    if (sp.zero && sp.align != '<') {
      strcpy(sp.fill, "0");
      sp.align = '=';
    }
    sp.type = t;
    r = percent_one(&o, &sp, &args[k++]);
  }
  if (r == SF_OK && k < nargs)
    r = raise(&o, "TypeError: not all arguments converted during string formatting");
  return done(&o, r, out);
}

/* ---------------------------------------------------------------- string.Template */

static bool id_start(char c) { return c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z'); }
static bool id_char(char c) { return id_start(c) || (c >= '0' && c <= '9'); }

StrFold sema_str_template(Arena *a, const PyVal *tmpl, const char *const *names,
                          const PyVal *kw, int nkw, bool safe, PyVal *out, const char **msg) {
  Out o = {{0}, msg, a};
  const char *s = tmpl->s, *end = s + tmpl->len;
  StrFold r = SF_OK;
  while (r == SF_OK && s < end) {
    if (*s != '$') {
      buf_putc(&o.b, *s++);
      continue;
    }
    const char *d = s++;
    if (s < end && *s == '$') {
      buf_putc(&o.b, '$');
      s++;
      continue;
    }
    bool braced = s < end && *s == '{';
    const char *id = s + braced, *e = id;
    if (e < end && id_start(*e))
      while (e < end && id_char(*e))
        e++;
    if (e == id || (braced && (e >= end || *e != '}'))) {
      if (safe) {
        buf_putc(&o.b, '$');
        continue;
      }
      int line = 1, col = 1;
      for (const char *p = tmpl->s; p < d; p++)
        line += *p == '\n', col = *p == '\n' ? 1 : col + 1;
      *msg = arena_printf(a, "ValueError: Invalid placeholder in string: line %d, col %d", line,
                          col);
      r = SF_RAISES;
      break;
    }
    s = e + braced;
    const PyVal *v = NULL;
    for (int i = 0; i < nkw && !v; i++)
      if (strlen(names[i]) == (size_t)(e - id) && !strncmp(names[i], id, (size_t)(e - id)))
        v = &kw[i];
    if (v)
      put_str(&o.b, v, false);
    else if (safe)
      buf_putn(&o.b, d, (size_t)(s - d));
    else
      r = raise(&o, "KeyError: '%s'", arena_strndup(a, id, (size_t)(e - id)));
  }
  return done(&o, r, out);
}

/* ---------------------------------------------------------------- str methods */

static bool is_space(char c) { return c && strchr(" \t\n\r\v\f\x1c\x1d\x1e\x1f", c); }

static StrFold need_str(Out *o, const char *meth, const PyVal *v, int i) {
  if (v->kind == PV_STR)
    return SF_OK;
  *o->msg = arena_printf(o->a, "TypeError: %s arg %d must be str, not %s", meth, i,
                         type_name(v));
  return SF_RAISES;
}

static StrFold m_replace(Out *o, const PyVal *self, const PyVal *args, int n) {
  if (n < 2 || n > 3)
    return raise(o, "TypeError: replace expected at %s %d arguments, got %d",
                 n < 2 ? "least" : "most", n < 2 ? 2 : 3, n);
  StrFold r = need_str(o, "replace()", &args[0], 1);
  if (r == SF_OK)
    r = need_str(o, "replace()", &args[1], 2);
  if (r != SF_OK)
    return r;
  if (n == 3 && args[2].kind != PV_INT && args[2].kind != PV_BOOL)
    return raise(o, "TypeError: '%s' object cannot be interpreted as an integer",
                 type_name(&args[2]));
  __int128 count = n == 3 && args[2].i >= 0 ? args[2].i : -1;
  const char *s = self->s, *end = s + self->len, *from = args[0].s;
  size_t fl = args[0].len;
  if (!fl) {                                       /* between every character */
    for (; count != 0; count--) {
      buf_putn(&o->b, args[1].s, args[1].len);
      if (s >= end)
        break;
      size_t cl = 1;
      while (s + cl < end && ((unsigned char)s[cl] & 0xC0) == 0x80)
        cl++;
      buf_putn(&o->b, s, cl);
      s += cl;
    }
    buf_putn(&o->b, s, (size_t)(end - s));
    return SF_OK;
  }
  while (s < end) {
    const char *hit = count ? memmem(s, (size_t)(end - s), from, fl) : NULL;
    if (!hit)
      break;
    buf_putn(&o->b, s, (size_t)(hit - s));
    buf_putn(&o->b, args[1].s, args[1].len);
    s = hit + fl;
    count--;
  }
  buf_putn(&o->b, s, (size_t)(end - s));
  return SF_OK;
}

static StrFold m_case(Out *o, const PyVal *self, const PyVal *args, int n, bool up) {
  (void)args;
  if (n)
    return raise(o, "TypeError: str.%s() takes no arguments", up ? "upper" : "lower");
  for (size_t i = 0; i < self->len; i++) {
    char c = self->s[i];
    if ((unsigned char)c >= 0x80)
      return undecided(o, "the case of a non-ASCII character");
    buf_putc(&o->b, up && c >= 'a' && c <= 'z' ? (char)(c - 32)
                    : !up && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c);
  }
  return SF_OK;
}

static StrFold m_strip(Out *o, const PyVal *self, const PyVal *args, int n, int sides) {
  if (n > 1)
    return raise(o, "TypeError: strip expected at most 1 argument");
  if (n == 1 && args[0].kind != PV_STR && args[0].kind != PV_NONE)
    return raise(o, "TypeError: strip arg must be None or str");
  const char *set = n == 1 && args[0].kind == PV_STR ? args[0].s : NULL;
  size_t sl = set ? args[0].len : 0;
  if (set)
    for (size_t i = 0; i < sl; i++)
      if ((unsigned char)set[i] >= 0x80)
        return undecided(o, "stripping non-ASCII characters");
  const char *s = self->s, *e = s + self->len;
#define STRIPS(c) (set ? memchr(set, (c), sl) != NULL : is_space(c))
  while ((sides & 1) && s < e && STRIPS(*s))
    s++;
  while ((sides & 2) && e > s && STRIPS(e[-1]))
    e--;
#undef STRIPS
  buf_putn(&o->b, s, (size_t)(e - s));
  return SF_OK;
}

static StrFold m_join(Out *o, const PyVal *self, const PyVal *args, int n) {
  if (n != 1)
    return raise(o, "TypeError: str.join() takes exactly one argument (%s given)",
                 n ? "2" : "0");
  if (args[0].kind == PV_STR) {                    /* 'x'.join('abc') */
    const char *s = args[0].s, *e = s + args[0].len;
    while (s < e) {
      size_t cl = 1;
      while (s + cl < e && ((unsigned char)s[cl] & 0xC0) == 0x80)
        cl++;
      if (s != args[0].s)
        buf_putn(&o->b, self->s, self->len);
      buf_putn(&o->b, s, cl);
      s += cl;
    }
    return SF_OK;
  }
  if (args[0].kind != PV_TUPLE)
    return raise(o, "TypeError: can only join an iterable");
  for (int i = 0; i < args[0].n; i++) {
    const PyVal *it = &args[0].items[i];
    if (it->kind != PV_STR) {
      *o->msg = arena_printf(o->a, "TypeError: sequence item %d: expected str instance, %s "
                             "found", i, type_name(it));
      return SF_RAISES;
    }
    if (i)
      buf_putn(&o->b, self->s, self->len);
    buf_putn(&o->b, it->s, it->len);
  }
  return SF_OK;
}

static StrFold m_upper(Out *o, const PyVal *s, const PyVal *a, int n) { return m_case(o, s, a, n, 1); }
static StrFold m_lower(Out *o, const PyVal *s, const PyVal *a, int n) { return m_case(o, s, a, n, 0); }
static StrFold m_strip3(Out *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 3); }
static StrFold m_lstrip(Out *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 1); }
static StrFold m_rstrip(Out *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 2); }

static const struct {
  const char *name;
  StrFold (*fn)(Out *, const PyVal *, const PyVal *, int);
} str_methods[] = {
    {"replace", m_replace}, {"upper", m_upper},   {"lower", m_lower}, {"strip", m_strip3},
    {"lstrip", m_lstrip},   {"rstrip", m_rstrip}, {"join", m_join},
};

bool sema_str_has_method(const char *name) {
  for (size_t i = 0; i < sizeof str_methods / sizeof *str_methods; i++)
    if (!strcmp(str_methods[i].name, name))
      return true;
  return !strcmp(name, "format");
}

StrFold sema_str_method(Arena *a, const char *name, const PyVal *self, const PyVal *args,
                        int nargs, PyVal *out, const char **msg) {
  Out o = {{0}, msg, a};
  for (size_t i = 0; i < sizeof str_methods / sizeof *str_methods; i++)
    if (!strcmp(str_methods[i].name, name))
      return done(&o, str_methods[i].fn(&o, self, args, nargs), out);
  return done(&o, undecided(&o, "a str method pykc does not evaluate"), out);
}

StrFold sema_str_repeat(Arena *a, const PyVal *s, __int128 times, PyVal *out,
                        const char **msg) {
  Out o = {{0}, msg, a};
  if (times > 0 && s->len && (unsigned __int128)times * s->len > (1u << 26))
    return done(&o, undecided(&o, "a string longer than pykc folds"), out);
  for (__int128 i = 0; i < times; i++)
    buf_putn(&o.b, s->s, s->len);
  return done(&o, SF_OK, out);
}

/* ---------------------------------------------------------------- f-strings */

/* The expression of an f-string field as a node: names and attribute chains (`N`,
   `cfg.BLOCK`), numbers, parentheses and the arithmetic operators (`N * 2 + 1`), which
   the caller evaluates as it evaluates any constant expression; NULL for anything else. */
typedef struct XP {
  Sema *S;
  const char *p, *end;
  Loc loc;
} XP;

static const struct {
  const char *op;
  Op kind;
  int prec;
} xp_ops[] = {                                     /* longest spelling first */
    {"**", OP_POW, 8},   {"//", OP_FLOORDIV, 6}, {"<<", OP_LSHIFT, 4}, {">>", OP_RSHIFT, 4},
    {"*", OP_MUL, 6},    {"/", OP_DIV, 6},       {"%", OP_MOD, 6},     {"+", OP_ADD, 5},
    {"-", OP_SUB, 5},    {"&", OP_BITAND, 3},    {"^", OP_BITXOR, 2},  {"|", OP_BITOR, 1},
};
enum { PREC_UNARY = 7 };

static void xp_space(XP *x) {
  while (x->p < x->end && is_space(*x->p))
    x->p++;
}

static Node *xp_expr(XP *x, int min);

static Node *xp_number(XP *x) {
  const char *st = x->p;
  while (x->p < x->end && (id_char(*x->p) || *x->p == '.' ||
                           ((*x->p == '+' || *x->p == '-') && (x->p[-1] | 32) == 'e')))
    x->p++;
  char *t = arena_strndup(&x->S->c->arena, st, (size_t)(x->p - st)), *e;
  size_t n = strlen(t);
  if (strspn(t, "0123456789") == n) {
    if (n > 18 || (n > 1 && t[0] == '0'))
      return NULL;
    Node *nd = ast_new(x->S->c, ND_INT, x->loc);
    nd->ival = strtoll(t, &e, 10);
    nd->uval = (uint64_t)nd->ival;
    return nd;
  }
  if (strpbrk(t, "_xXoObBjJ"))
    return NULL;
  double d = strtod(t, &e);
  if (*e)
    return NULL;
  Node *nd = ast_new(x->S->c, ND_FLOAT, x->loc);
  nd->fval = d;
  return nd;
}

static Node *xp_atom(XP *x) {
  xp_space(x);
  if (x->p >= x->end)
    return NULL;
  char c = *x->p;
  if (c == '(') {
    x->p++;
    Node *e = xp_expr(x, 0);
    xp_space(x);
    if (!e || x->p >= x->end || *x->p != ')')
      return NULL;
    x->p++;
    return e;
  }
  if (c == '-' || c == '+' || c == '~') {
    x->p++;
    Node *u = ast_new(x->S->c, ND_UNARY, x->loc);
    u->op = c == '-' ? OP_NEG : c == '+' ? OP_POS : OP_INVERT;
    u->lhs = xp_expr(x, PREC_UNARY);
    return u->lhs ? u : NULL;
  }
  if ((c >= '0' && c <= '9') || c == '.')
    return xp_number(x);
  Node *cur = NULL;
  for (;;) {
    const char *st = x->p;
    if (x->p >= x->end || !id_start(*x->p))
      return NULL;
    while (x->p < x->end && id_char(*x->p))
      x->p++;
    Node *nd = ast_new(x->S->c, cur ? ND_ATTR : ND_NAME, x->loc);
    nd->name = name_intern(x->S->c, st, (size_t)(x->p - st));
    nd->lhs = cur;
    cur = nd;
    if (x->p >= x->end || *x->p != '.')
      return cur;
    x->p++;
  }
}

static Node *xp_expr(XP *x, int min) {
  Node *l = xp_atom(x);
  while (l) {
    xp_space(x);
    size_t i = 0, n = sizeof xp_ops / sizeof *xp_ops;
    while (i < n && ((size_t)(x->end - x->p) < strlen(xp_ops[i].op) ||
                     strncmp(x->p, xp_ops[i].op, strlen(xp_ops[i].op))))
      i++;
    if (x->p >= x->end || i == n || xp_ops[i].prec < min)
      return l;
    x->p += strlen(xp_ops[i].op);
    Node *b = ast_new(x->S->c, ND_BINOP, x->loc);
    b->op = xp_ops[i].kind;
    b->lhs = l;
    /* ** is right-associative and binds its right operand's unary minus */
    b->rhs = xp_expr(x, xp_ops[i].kind == OP_POW ? PREC_UNARY : xp_ops[i].prec + 1);
    l = b->rhs ? b : NULL;
  }
  return NULL;
}

static Node *field_expr(Sema *S, const char *s, size_t n, Loc loc) {
  XP x = {S, s, s + n, loc};
  Node *e = xp_expr(&x, 0);
  xp_space(&x);
  return x.p == x.end ? e : NULL;
}

/* A field `{expr[=][!c][:spec]}` of an f-string body at s (after the '{'), n bytes
   up to its closing brace. */
static StrFold f_field(Sema *S, Out *o, const char *s, size_t n, Loc loc, SemaFieldEval ev,
                       void *ctx, int depth) {
  size_t e = 0;
  int nest = 0;
  char q = 0;
  for (; e < n; e++) {
    char c = s[e];
    if (q) {
      q = c == q ? 0 : q;
      continue;
    }
    if (c == '\'' || c == '"')
      q = c;
    else if (strchr("([{", c) && c)
      nest++;
    else if (strchr(")]}", c) && c)
      nest--;
    else if (!nest && (c == ':' || (c == '!' && (e + 1 >= n || s[e + 1] != '='))))
      break;
  }
  size_t xe = e;
  while (xe && is_space(s[xe - 1]))
    xe--;
  bool self_doc = false;                           /* {N=}, {N = } */
  if (xe && s[xe - 1] == '=' && (xe < 2 || !strchr("=!<>", s[xe - 2]))) {
    self_doc = true;
    xe--;
  } else
    xe = e;
  Node *x = field_expr(S, s, xe, loc);
  if (!x)
    return undecided(o, arena_printf(o->a, "the f-string's field {%.*s} is no name, number "
                                     "or arithmetic of them", (int)xe, s));
  PyVal v;
  StrFold r = ev(ctx, x, &v, o->msg);
  if (r != SF_OK)
    return r;
  if (self_doc)
    buf_putn(&o->b, s, e);
  char conv = 0;
  if (e < n && s[e] == '!') {
    conv = e + 1 < n ? s[e + 1] : 0;
    e += 2;
  }
  if (!conv && self_doc && (e >= n || s[e] != ':'))
    conv = 'r';
  PyVal tmp;
  r = convert(o, &v, conv, &tmp);
  if (r != SF_OK)
    return r;
  const PyVal *pv = conv ? &tmp : &v;
  const char *spec = e < n ? s + e + 1 : "";
  size_t sn = e < n ? n - e - 1 : 0;
  if (!memchr(spec, '{', sn))
    return format_value(o, pv, spec, sn);
  if (depth >= 1)
    return undecided(o, "an f-string nested this deep");
  Out in = {{0}, o->msg, o->a};
  r = SF_OK;                                       /* the spec's own fields */
  for (size_t i = 0; r == SF_OK && i < sn;) {
    if (spec[i] != '{') {
      buf_putc(&in.b, spec[i++]);
      continue;
    }
    const char *cl = memchr(spec + i, '}', sn - i);
    if (!cl) {
      r = undecided(o, "an unbalanced brace in an f-string");
      break;
    }
    r = f_field(S, &in, spec + i + 1, (size_t)(cl - spec - i - 1), loc, ev, ctx, depth + 1);
    i = (size_t)(cl - spec) + 1;
  }
  if (r == SF_OK)
    r = format_value(o, pv, in.b.data ? in.b.data : "", in.b.len);
  buf_free(&in.b);
  return r;
}

/* One token's body (between its quotes): literal text with escapes, and fields if it is
   an f-string. */
static StrFold f_body(Sema *S, Out *o, const char *s, size_t n, bool raw, bool fstr, Loc loc,
                      SemaFieldEval ev, void *ctx) {
  size_t lit = 0;
  for (size_t i = 0; i <= n;) {
    bool brace = fstr && i < n && (s[i] == '{' || s[i] == '}');
    if (i < n && !brace) {
      i += s[i] == '\\' && i + 1 < n ? 2 : 1;
      continue;
    }
    sema_unescape(s + lit, i - lit, raw, &o->b);
    if (i == n)
      break;
    if (i + 1 < n && s[i + 1] == s[i]) {           /* {{ }} */
      buf_putc(&o->b, s[i]);
      lit = i += 2;
      continue;
    }
    if (s[i] == '}')
      return undecided(o, "a single '}' in an f-string");
    size_t j = i + 1;
    int nest = 1;
    for (char q = 0; j < n; j++) {
      if (q) {
        q = s[j] == q ? 0 : q;
        continue;
      }
      q = s[j] == '\'' || s[j] == '"' ? s[j] : 0;
      nest += s[j] == '{';
      nest -= s[j] == '}';
      if (!nest)
        break;
    }
    if (j >= n)
      return undecided(o, "an unbalanced brace in an f-string");
    StrFold r = f_field(S, o, s + i + 1, j - i - 1, loc, ev, ctx, 0);
    if (r != SF_OK)
      return r;
    lit = i = j + 1;
  }
  return SF_OK;
}

/* The literal's tokens (space-joined), each: prefix, quote, body; calls fn on each. */
static const char *next_token(const char *p, const char **pre, const char **body,
                              size_t *n) {
  while (*p == ' ')
    p++;
  *pre = p;
  while (*p && *p != '\'' && *p != '"')
    p++;
  if (!*p)
    return NULL;
  char q = *p;
  size_t qn = p[1] == q && p[2] == q ? 3 : 1;
  const char *b = p + qn, *e = b;
  while (*e && !(*e == q && (qn == 1 || (e[1] == q && e[2] == q))))
    e += *e == '\\' && e[1] ? 2 : 1;
  *body = b;
  *n = (size_t)(e - b);
  return *e ? e + qn : e;
}

bool sema_str_is_fstring(const Node *str) {
  const char *pre, *body;
  size_t n;
  for (const char *p = str->str; p && *p;) {
    const char *next = next_token(p, &pre, &body, &n);
    if (!next)
      break;
    for (const char *c = pre; c < body; c++)
      if (*c == 'f' || *c == 'F')
        return true;
    p = next;
  }
  return false;
}

StrFold sema_fstring(Sema *S, Node *str, SemaFieldEval ev, void *ctx, PyVal *out,
                     const char **msg) {
  Out o = {{0}, msg, &S->c->arena};
  StrFold r = SF_OK;
  const char *pre, *body;
  size_t n;
  for (const char *p = str->str; r == SF_OK && p && *p;) { /* adjacent literals */
    const char *next = next_token(p, &pre, &body, &n);
    if (!next)
      break;
    bool raw = false, fstr = false;
    for (const char *c = pre; c < body; c++) {
      raw |= *c == 'r' || *c == 'R';
      fstr |= *c == 'f' || *c == 'F';
      if (*c == 'b' || *c == 'B')
        r = undecided(&o, "bytes");
    }
    if (r == SF_OK)
      r = f_body(S, &o, body, n, raw, fstr, str->loc, ev, ctx);
    p = next;
  }
  return done(&o, r, out);
}
