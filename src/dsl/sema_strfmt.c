/*
 * sema_strfmt.c: str.format, %-formatting and string.Template's substitute /
 * safe_substitute of compile-time constants, as CPython computes them (the values' text
 * from sema_strval.c).
 */
#include "strval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static StrFold vformat(StrOut *o, const char *s, size_t n, Fields *f, int depth);


/* One replacement field's text (between the braces) of str.format. */
static StrFold field(StrOut *o, const char *s, size_t n, Fields *f, int depth) {
  size_t nl = 0;
  while (nl < n && s[nl] != '!' && s[nl] != ':')
    nl++;
  size_t id = strcspn(s, ".[");
  if (id < nl)
    return sv_undecided(o, "a field's attribute or index");
  const PyVal *v;
  if (nl == 0 || (s[0] >= '0' && s[0] <= '9')) {
    int idx;
    if (nl == 0) {
      if (f->manual)
        return sv_raise(o, "ValueError: cannot switch from manual field specification to "
                        "automatic field numbering");
      idx = f->next++;
    } else {
      if (f->next > 0)
        return sv_raise(o, "ValueError: cannot switch from automatic field numbering to manual "
                        "field specification");
      f->manual = true;
      const char *p = s;
      idx = sv_read_int(&p);
      if ((size_t)(p - s) != nl)
        return sv_undecided(o, "a field name that starts with a digit");
    }
    if (idx >= f->nargs)
      return sv_raise(o, "IndexError: Replacement index %d out of range for positional args "
                   "tuple", idx);
    v = &f->args[idx];
  } else {
    v = NULL;
    for (int i = 0; i < f->nkw && !v; i++)
      if (strlen(f->names[i]) == nl && !strncmp(f->names[i], s, nl))
        v = &f->kw[i];
    if (!v)
      return sv_raise(o, "KeyError: '%s'", arena_strndup(o->a, s, nl));
  }
  char conv = 0;
  size_t p = nl;
  if (p < n && s[p] == '!') {
    if (p + 1 >= n)
      return sv_raise(o, "ValueError: end of string while looking for conversion specifier");
    conv = s[p + 1];
    p += 2;
    if (p < n && s[p] != ':')
      return sv_raise(o, "ValueError: expected ':' after conversion specifier");
  }
  PyVal tmp;
  StrFold r = sv_convert(o, v, conv, &tmp);
  if (r != SF_OK)
    return r;
  if (conv)
    v = &tmp;
  const char *spec = p < n ? s + p + 1 : "";
  size_t sn = p < n ? n - p - 1 : 0;
  if (memchr(spec, '{', sn)) {                     /* nested fields of the spec */
    if (depth >= 1)
      return sv_raise(o, "ValueError: Max string recursion exceeded");
    StrOut in = {{0}, o->msg, o->a};
    r = vformat(&in, spec, sn, f, depth + 1);
    if (r == SF_OK)
      r = sv_format_value(o, v, in.b.data ? in.b.data : "", in.b.len);
    buf_free(&in.b);
    return r;
  }
  return sv_format_value(o, v, spec, sn);
}

static StrFold vformat(StrOut *o, const char *s, size_t n, Fields *f, int depth) {
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '}') {
      if (i + 1 < n && s[i + 1] == '}') {
        buf_putc(&o->b, '}');
        i += 2;
        continue;
      }
      return sv_raise(o, "ValueError: Single '}' encountered in format string");
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
      return sv_raise(o, "ValueError: Single '{' encountered in format string");
    size_t j = i + 1;
    int nest = 1;
    for (; j < n; j++) {
      nest += s[j] == '{';
      nest -= s[j] == '}';
      if (!nest)
        break;
    }
    if (j >= n)
      return sv_raise(o, "ValueError: expected '}' before end of string");
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
  StrOut o = {{0}, msg, a};
  Fields f = {args, nargs, names, kw, nkw, 0, false};
  return sv_done(&o, vformat(&o, fmt->s, fmt->len, &f, 0), out);
}

/* ---------------------------------------------------------------- %-formatting */

static StrFold percent_one(StrOut *o, FmtSpec *sp, const PyVal *v) {
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
    return sv_format_str(o, s.s, s.len, sp);
  }
  if (t == 'c') {
    if (v->kind == PV_STR) {
      if (sv_chars(v->s, v->len) != 1)
        return sv_raise(o, "TypeError: %%c requires int or char");
      sp->prec = -1;
      return sv_format_str(o, v->s, v->len, sp);
    }
    if (v->kind != PV_INT && v->kind != PV_BOOL)
      return sv_raise(o, "TypeError: %%c requires int or char");
    sp->sign = 0;
    if (sp->align == '=') {
      sp->align = '>';
      strcpy(sp->fill, " ");
    }
    return sv_format_int(o, v->i, sp, "int");
  }
  if (v->kind == PV_STR || v->kind == PV_NONE || v->kind == PV_TUPLE) {
    if (strchr("diu", t))
      return sv_raise(o, "TypeError: %%%c format: a real number is required, not %s", t,
                   sv_type_name(v));
    if (strchr("oxX", t))
      return sv_raise(o, "TypeError: %%%c format: an integer is required, not %s", t,
                   sv_type_name(v));
    return sv_raise(o, "TypeError: must be real number, not %s", sv_type_name(v));
  }
  if (strchr("eEfFgG", t))
    return sv_format_float(o, v->kind == PV_FLOAT ? v->f : (double)v->i, sp);
  if (v->kind == PV_FLOAT) {
    if (strchr("oxX", t))
      return sv_raise(o, "TypeError: %%%c format: an integer is required, not float", t);
    if (isnan(v->f) || isinf(v->f))
      return sv_raise(o, isnan(v->f) ? "ValueError: cannot convert float NaN to integer"
                                  : "OverflowError: cannot convert float infinity to integer");
    if (fabs(v->f) >= 1e38)
      return sv_undecided(o, "an integer too large for pykc");
  }
  sp->type = t == 'o' || t == 'x' || t == 'X' ? t : 'd';
  sp->pct_int_prec = true;
  return sv_format_int(o, v->kind == PV_FLOAT ? (__int128)v->f : v->i, sp, "int");
}

StrFold sema_str_percent(Arena *a, const PyVal *fmt, const PyVal *rhs, PyVal *out,
                         const char **msg) {
  StrOut o = {{0}, msg, a};
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
      r = sv_undecided(&o, "%-formatting with a mapping key");
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
        r = sv_raise(&o, k >= nargs ? "TypeError: not enough arguments for format string"
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
      sp.width = sv_read_int(&s);
    if (s < end && *s == '.') {
      s++;
      if (s < end && *s == '*') {
        r = sv_undecided(&o, "a '*' precision");
        break;
      }
      sp.prec = sv_read_int(&s);
    }
    while (s < end && strchr("hlL", *s) && *s)
      s++;
    if (s >= end) {
      r = sv_raise(&o, "ValueError: incomplete format");
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
      r = sv_raise(&o, "TypeError: not enough arguments for format string");
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
    r = sv_raise(&o, "TypeError: not all arguments converted during string formatting");
  return sv_done(&o, r, out);
}

/* ---------------------------------------------------------------- string.Template */


StrFold sema_str_template(Arena *a, const PyVal *tmpl, const char *const *names,
                          const PyVal *kw, int nkw, bool safe, PyVal *out, const char **msg) {
  StrOut o = {{0}, msg, a};
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
    if (e < end && sv_id_start(*e))
      while (e < end && sv_id_char(*e))
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
      sv_put_str(&o.b, v, false);
    else if (safe)
      buf_putn(&o.b, d, (size_t)(s - d));
    else
      r = sv_raise(&o, "KeyError: '%s'", arena_strndup(a, id, (size_t)(e - id)));
  }
  return sv_done(&o, r, out);
}
