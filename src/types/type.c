/*
 * type.c: the dtype table and the Type values built from it.
 *
 * Scalar types are shared singletons indexed by TypeKind (whose order is the promotion
 * order of docs/language.md §2); arrays, pointers, tuples and dtype objects are built in the
 * compilation's arena. ty_str gives the spelling used in messages and --sig, ty_parse
 * reads --sig spellings back, ty_code gives the short stable code used to name
 * specialisations.
 */
#include "types.h"
#include "promote.h"

#include <ctype.h>
#include <string.h>

const DtypeInfo dtype_info[TY_NSCALAR] = {
  /* name        ctype                 code  kind size int    signed float  complex */
  {"bool",       "bool",               "b1", 'b', 1, false, false, false, false},
  {"int8",       "signed char",        "i1", 'i', 1, true,  true,  false, false},
  {"uint8",      "unsigned char",      "u1", 'u', 1, true,  false, false, false},
  {"int16",      "short",              "i2", 'i', 2, true,  true,  false, false},
  {"uint16",     "unsigned short",     "u2", 'u', 2, true,  false, false, false},
  {"int32",      "int",                "i4", 'i', 4, true,  true,  false, false},
  {"uint32",     "unsigned int",       "u4", 'u', 4, true,  false, false, false},
  {"int64",      "long long",          "i8", 'i', 8, true,  true,  false, false},
  {"uint64",     "unsigned long long", "u8", 'u', 8, true,  false, false, false},
  {"float16",    "__half",             "f2", 'f', 2, false, true,  true,  false},
  {"float32",    "float",              "f4", 'f', 4, false, true,  true,  false},
  {"float64",    "double",             "f8", 'f', 8, false, true,  true,  false},
  {"complex64",  "pykc_complex64",     "c8", 'c', 8, false, true,  false, true},
  {"complex128", "pykc_complex128",    "c16", 'c', 16, false, true, false, true},
};

static Type scalars[TY_NSCALAR + 1] = {
  {.kind = TY_BOOL}, {.kind = TY_INT8}, {.kind = TY_UINT8}, {.kind = TY_INT16},
  {.kind = TY_UINT16}, {.kind = TY_INT32}, {.kind = TY_UINT32}, {.kind = TY_INT64},
  {.kind = TY_UINT64}, {.kind = TY_FLOAT16}, {.kind = TY_FLOAT32}, {.kind = TY_FLOAT64},
  {.kind = TY_COMPLEX64}, {.kind = TY_COMPLEX128}, {.kind = TY_VOID},
};
static Type error_type = {.kind = TY_ERROR};

Type *ty_scalar(TypeKind k) {
  if (k == TY_ERROR)
    return &error_type;
  return &scalars[k <= TY_VOID ? k : TY_VOID];
}

Type *ty_strong_scalar(Ctx *c, TypeKind k) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  *t = *ty_scalar(k);
  t->strong = true;
  return t;
}

Type *ty_handle(Ctx *c, TypeKind k) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  *t = *ty_scalar(k);
  t->handle = true;
  return t;
}

Type *ty_array(Ctx *c, Type *elem, int ndim, bool contig) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_ARRAY;
  t->elem = elem;
  t->ndim = ndim;
  t->contig = contig;
  return t;
}

Type *ty_record(Ctx *c, const Record *r) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_RECORD;
  t->rec = r;
  return t;
}

Type *ty_ptr(Ctx *c, Type *elem) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_PTR;
  t->elem = elem;
  return t;
}

Type *ty_tuple(Ctx *c, Type **items, int n) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_TUPLE;
  t->nitems = n;
  t->items = arena_alloc(&c->arena, sizeof(Type *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    t->items[i] = items[i];
  return t;
}

Type *ty_dtype(Ctx *c, Type *elem) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_DTYPE;
  t->elem = elem;
  return t;
}

Type *ty_obj(Ctx *c, ObjKind k, Type *elem, int64_t n, bool is_class) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_OBJ;
  t->obj = k;
  t->elem = elem;
  t->n = n;
  t->is_class = is_class;
  return t;
}

Type *ty_iter(Ctx *c, Type *elem, int kind, bool contig) {
  Type *t = arena_alloc(&c->arena, sizeof *t);
  t->kind = TY_ITER;
  t->elem = elem;
  t->n = kind;
  t->contig = contig;
  return t;
}

bool ty_equal(const Type *a, const Type *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind)
    return false;
  switch (a->kind) {
  case TY_ARRAY:
    return a->ndim == b->ndim && a->contig == b->contig && ty_equal(a->elem, b->elem);
  case TY_PTR:
  case TY_DTYPE:
    return ty_equal(a->elem, b->elem);
  case TY_ITER:
    return a->n == b->n && a->contig == b->contig && ty_equal(a->elem, b->elem);
  case TY_RECORD:
    return !strcmp(a->rec->descr, b->rec->descr);
  case TY_OBJ:
    return a->obj == b->obj && a->of == b->of && a->n == b->n && a->is_class == b->is_class &&
           ty_equal(a->elem, b->elem);
  case TY_TUPLE:
    if (a->nitems != b->nitems)
      return false;
    for (int i = 0; i < a->nitems; i++)
      if (!ty_equal(a->items[i], b->items[i]))
        return false;
    return true;
  default:
    return a->strong == b->strong; /* scalars, void, error: same kind */
  }
}

bool ty_is_scalar(const Type *t) { return t && t->kind < TY_NSCALAR; }
bool ty_is_int(const Type *t) { return ty_is_scalar(t) && dtype_info[t->kind].is_int; }
bool ty_is_float(const Type *t) { return ty_is_scalar(t) && dtype_info[t->kind].is_float; }
bool ty_is_signed(const Type *t) { return ty_is_scalar(t) && dtype_info[t->kind].is_signed; }

bool type_is_int(TypeKind k) { return k < TY_NSCALAR && dtype_info[k].is_int; }
bool type_is_float(TypeKind k) { return k < TY_NSCALAR && dtype_info[k].is_float; }
/* Not inline on purpose: GCC 12 at -O2 (its SLP vectorizer) deletes a pair of adjacent
   (double)(float) round trips, so two parts rounded in one expression came back
   unrounded; a call it cannot see into keeps each rounding. */
double type_round(TypeKind k, double v) {
  if (k != TY_FLOAT32 && k != TY_COMPLEX64)
    return v;
  volatile float f = (float)v;
  return f;
}

bool type_is_complex(TypeKind k) { return k < TY_NSCALAR && dtype_info[k].is_complex; }
TypeKind type_part_of(TypeKind k) { return k == TY_COMPLEX64 ? TY_FLOAT32 : k == TY_COMPLEX128 ? TY_FLOAT64 : k; }
bool type_is_unsigned(TypeKind k) { return type_is_int(k) && !dtype_info[k].is_signed; }
bool type_is_small_int(TypeKind k) { return type_is_int(k) && dtype_info[k].size < 4; }
bool type_is_small(TypeKind k) { return type_is_small_int(k) || k == TY_FLOAT16; }

TypeKind type_unsigned_of(TypeKind k) {
  for (int u = 0; u < TY_NSCALAR; u++)
    if (type_is_unsigned(u) && dtype_info[u].size == dtype_info[k].size)
      return u;
  return k;
}

static void put_type(Buf *b, const Type *t) {
  if (!t) {
    buf_puts(b, "?");
    return;
  }
  if (t->kind < TY_NSCALAR) {
    buf_puts(b, dtype_info[t->kind].name);
    return;
  }
  switch (t->kind) {
  case TY_VOID:
    buf_puts(b, "None");
    break;
  case TY_RECORD:
    buf_puts(b, t->rec->shown);
    break;
  case TY_ARRAY:
    put_type(b, t->elem);
    buf_putc(b, '[');
    if (t->ndim == 0)
      buf_puts(b, "()");
    for (int i = 0; i < t->ndim; i++) {
      if (i)
        buf_puts(b, ", ");
      buf_puts(b, t->contig && i == t->ndim - 1 ? "::1" : ":");
    }
    buf_putc(b, ']');
    break;
  case TY_PTR:
    buf_puts(b, "pointer(");
    put_type(b, t->elem);
    buf_putc(b, ')');
    break;
  case TY_TUPLE:
    buf_puts(b, "tuple(");
    for (int i = 0; i < t->nitems; i++) {
      if (i)
        buf_puts(b, ", ");
      put_type(b, t->items[i]);
    }
    buf_putc(b, ')');
    break;
  case TY_DTYPE:
    buf_puts(b, "dtype(");
    put_type(b, t->elem);
    buf_putc(b, ')');
    break;
  case TY_ITER: /* int32[::1].iterator, thrust.counting_iterator(int32) */
    if (t->n != ITER_ARRAY)
      buf_puts(b, t->n == ITER_CONST ? "thrust.constant_iterator(" : "thrust.counting_iterator(");
    put_type(b, t->elem);
    buf_puts(b, t->n != ITER_ARRAY ? ")" : t->contig ? "[::1].iterator" : "[:].iterator");
    break;
  case TY_OBJ: /* cub.BlockReduce[float32, 256].TempStorage */
    buf_puts(b, lib_obj_name(t->obj == OBJ_TEMP_STORAGE ? t->of : t->obj));
    if (t->elem) {
      buf_putc(b, '[');
      put_type(b, t->elem);
      if ((t->obj == OBJ_TEMP_STORAGE ? t->of : t->obj) == OBJ_BLOCK_REDUCE)
        buf_printf(b, ", %lld", (long long)t->n);
      buf_putc(b, ']');
    }
    if (t->obj == OBJ_TEMP_STORAGE)
      buf_puts(b, ".TempStorage");
    break;
  default:
    buf_puts(b, "<error>");
    break;
  }
}

const char *ty_str(Ctx *c, const Type *t) {
  if (t && t->kind < TY_NSCALAR)
    return dtype_info[t->kind].name;
  Buf b = {0};
  put_type(&b, t);
  const char *s = arena_strndup(&c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

/* Python spellings accepted besides the dtype names. */
static const struct {
  const char *name;
  TypeKind kind;
} dtype_aliases[] = {
  {"int", TY_INT64}, {"float", TY_FLOAT64}, {"bool_", TY_BOOL}, {"complex", TY_COMPLEX128},
  {"half", TY_FLOAT16}, {"single", TY_FLOAT32}, {"double", TY_FLOAT64},
};

int ty_parse_dtype(const char *name, size_t len) {
  /* NumPy's one-character type codes (np.dtype('f'); CuPy's tests loop over 'iILQefd') */
  if (len == 1 && type_of_char(name[0]) != TY_VOID)
    return (int)type_of_char(name[0]);
  for (int k = 0; k < TY_NSCALAR; k++)
    if ((strlen(dtype_info[k].name) == len && !memcmp(dtype_info[k].name, name, len)) ||
        (strlen(dtype_info[k].code) == len && !memcmp(dtype_info[k].code, name, len)))
      return k;
  for (size_t i = 0; i < sizeof dtype_aliases / sizeof *dtype_aliases; i++)
    if (strlen(dtype_aliases[i].name) == len && !memcmp(dtype_aliases[i].name, name, len))
      return (int)dtype_aliases[i].kind;
  return -1;
}

static const char *skip_ws(const char *s) {
  while (*s && isspace((unsigned char)*s))
    s++;
  return s;
}

static bool eat(const char **s, const char *word) {
  size_t n = strlen(word);
  if (strncmp(*s, word, n))
    return false;
  *s = skip_ws(*s + n);
  return true;
}

Type *ty_parse(Ctx *c, const char *s, const char **err) {
  static const char *const prefixes[] = {"cupy.", "numpy.", "cp.", "np."};
  s = skip_ws(s);
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (!strncmp(s, prefixes[i], strlen(prefixes[i]))) {
      s += strlen(prefixes[i]);
      break;
    }
  const char *name = s;
  if (*s == '?') /* NumPy's code for bool */
    s++;
  else
    while (isalnum((unsigned char)*s) || *s == '_')
      s++;
  int k = ty_parse_dtype(name, (size_t)(s - name));
  if (k < 0) {
    *err = arena_printf(&c->arena, "unknown dtype '%.*s'", (int)(s - name), name);
    return NULL;
  }
  s = skip_ws(s);
  if (!*s)
    return ty_scalar((TypeKind)k);
  if (!eat(&s, "[")) {
    *err = arena_printf(&c->arena, "unexpected '%s' after the dtype", s);
    return NULL;
  }
  int ndim = 0;
  bool contig = false;
  if (eat(&s, "()")) {
    /* 0-d */
  } else {
    for (;;) {
      if (contig) {
        *err = "'::1' may only mark the last dimension";
        return NULL;
      }
      if (eat(&s, "::1"))
        contig = true;
      else if (!eat(&s, ":")) {
        *err = "expected ':' or '::1' in the array dimensions";
        return NULL;
      }
      if (++ndim > PYKC_MAX_DIMS) {                /* the ABI's shape[] and strides[] */
        *err = arena_printf(&c->arena, "an array type of more than %d dimensions (pykc "
                            "takes at most %d)", PYKC_MAX_DIMS, PYKC_MAX_DIMS);
        return NULL;
      }
      if (!eat(&s, ","))
        break;
    }
  }
  if (!eat(&s, "]") || *s) {
    *err = "expected ']' to end the array type";
    return NULL;
  }
  return ty_array(c, ty_scalar((TypeKind)k), ndim, contig);
}

static void put_code(Buf *b, const Type *t) {
  if (t->kind < TY_NSCALAR) {
    buf_puts(b, dtype_info[t->kind].code);
    return;
  }
  switch (t->kind) {
  case TY_RECORD: {                                /* r and the description's FNV-1a hash */
    uint32_t h = 2166136261u;
    for (const char *p = t->rec->descr; *p; p++)
      h = (h ^ (unsigned char)*p) * 16777619u;
    buf_printf(b, "r%08x", (unsigned)h);
    break;
  }
  case TY_ARRAY:
    if (t->elem->kind == TY_RECORD)
      put_code(b, t->elem);
    else
      buf_puts(b, dtype_info[t->elem->kind].code);
    buf_printf(b, "a%d%s", t->ndim, t->contig ? "c" : "");
    break;
  case TY_PTR:
    buf_printf(b, "%sp", dtype_info[t->elem->kind].code);
    break;
  case TY_ITER:
    buf_printf(b, "%si%d%s", dtype_info[t->elem->kind].code, (int)t->n, t->contig ? "c" : "");
    break;
  case TY_TUPLE:
    buf_printf(b, "t%d", t->nitems);
    for (int i = 0; i < t->nitems; i++) {
      buf_putc(b, '_');
      put_code(b, t->items[i]);
    }
    buf_puts(b, "_e");
    break;
  default:
    buf_puts(b, "v");
    break;
  }
}

const char *ty_code(Ctx *c, const Type *t) {
  Buf b = {0};
  put_code(&b, t);
  const char *s = arena_strndup(&c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}
