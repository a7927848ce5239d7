/*
 * sema_strmeth.c: the str methods programs build kernel text with (replace, upper, lower,
 * strip, lstrip, rstrip, join, format), a table; and str * int.
 */
#include "strval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



static StrFold need_str(StrOut *o, const char *meth, const PyVal *v, int i) {
  if (v->kind == PV_STR)
    return SF_OK;
  *o->msg = arena_printf(o->a, "TypeError: %s arg %d must be str, not %s", meth, i,
                         sv_type_name(v));
  return SF_RAISES;
}

static StrFold m_replace(StrOut *o, const PyVal *self, const PyVal *args, int n) {
  if (n < 2 || n > 3)
    return sv_raise(o, "TypeError: replace expected at %s %d arguments, got %d",
                 n < 2 ? "least" : "most", n < 2 ? 2 : 3, n);
  StrFold r = need_str(o, "replace()", &args[0], 1);
  if (r == SF_OK)
    r = need_str(o, "replace()", &args[1], 2);
  if (r != SF_OK)
    return r;
  if (n == 3 && args[2].kind != PV_INT && args[2].kind != PV_BOOL)
    return sv_raise(o, "TypeError: '%s' object cannot be interpreted as an integer",
                 sv_type_name(&args[2]));
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

static StrFold m_case(StrOut *o, const PyVal *self, const PyVal *args, int n, bool up) {
  (void)args;
  if (n)
    return sv_raise(o, "TypeError: str.%s() takes no arguments", up ? "upper" : "lower");
  for (size_t i = 0; i < self->len; i++) {
    char c = self->s[i];
    if ((unsigned char)c >= 0x80)
      return sv_undecided(o, "the case of a non-ASCII character");
    buf_putc(&o->b, up && c >= 'a' && c <= 'z' ? (char)(c - 32)
                    : !up && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c);
  }
  return SF_OK;
}

static StrFold m_strip(StrOut *o, const PyVal *self, const PyVal *args, int n, int sides) {
  if (n > 1)
    return sv_raise(o, "TypeError: strip expected at most 1 argument");
  if (n == 1 && args[0].kind != PV_STR && args[0].kind != PV_NONE)
    return sv_raise(o, "TypeError: strip arg must be None or str");
  const char *set = n == 1 && args[0].kind == PV_STR ? args[0].s : NULL;
  size_t sl = set ? args[0].len : 0;
  if (set)
    for (size_t i = 0; i < sl; i++)
      if ((unsigned char)set[i] >= 0x80)
        return sv_undecided(o, "stripping non-ASCII characters");
  const char *s = self->s, *e = s + self->len;
#define STRIPS(c) (set ? memchr(set, (c), sl) != NULL : sv_is_space(c))
  while ((sides & 1) && s < e && STRIPS(*s))
    s++;
  while ((sides & 2) && e > s && STRIPS(e[-1]))
    e--;
#undef STRIPS
  buf_putn(&o->b, s, (size_t)(e - s));
  return SF_OK;
}

static StrFold m_join(StrOut *o, const PyVal *self, const PyVal *args, int n) {
  if (n != 1)
    return sv_raise(o, "TypeError: str.join() takes exactly one argument (%s given)",
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
    return sv_raise(o, "TypeError: can only join an iterable");
  for (int i = 0; i < args[0].n; i++) {
    const PyVal *it = &args[0].items[i];
    if (it->kind != PV_STR) {
      *o->msg = arena_printf(o->a, "TypeError: sequence item %d: expected str instance, %s "
                             "found", i, sv_type_name(it));
      return SF_RAISES;
    }
    if (i)
      buf_putn(&o->b, self->s, self->len);
    buf_putn(&o->b, it->s, it->len);
  }
  return SF_OK;
}

static StrFold m_upper(StrOut *o, const PyVal *s, const PyVal *a, int n) { return m_case(o, s, a, n, 1); }
static StrFold m_lower(StrOut *o, const PyVal *s, const PyVal *a, int n) { return m_case(o, s, a, n, 0); }
static StrFold m_strip3(StrOut *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 3); }
static StrFold m_lstrip(StrOut *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 1); }
static StrFold m_rstrip(StrOut *o, const PyVal *s, const PyVal *a, int n) { return m_strip(o, s, a, n, 2); }

static const struct {
  const char *name;
  StrFold (*fn)(StrOut *, const PyVal *, const PyVal *, int);
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
  StrOut o = {{0}, msg, a};
  for (size_t i = 0; i < sizeof str_methods / sizeof *str_methods; i++)
    if (!strcmp(str_methods[i].name, name))
      return sv_done(&o, str_methods[i].fn(&o, self, args, nargs), out);
  return sv_done(&o, sv_undecided(&o, "a str method pykc does not evaluate"), out);
}

StrFold sema_str_repeat(Arena *a, const PyVal *s, __int128 times, PyVal *out,
                        const char **msg) {
  StrOut o = {{0}, msg, a};
  if (times > 0 && s->len && (unsigned __int128)times * s->len > (1u << 26))
    return sv_done(&o, sv_undecided(&o, "a string longer than pykc folds"), out);
  for (__int128 i = 0; i < times; i++)
    buf_putn(&o.b, s->s, s->len);
  return sv_done(&o, SF_OK, out);
}
