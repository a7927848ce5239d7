/*
 * record.c: NumPy's void dtypes as CuPy 14.2 types them for a kernel (record.h).
 *
 * A client (the Python package, from a numpy.dtype) describes the dtype in one line:
 *
 *   type   := base ['@' ALIGN]          ALIGN: the dtype's own alignment (NumPy's
 *                                       dtype.alignment, or its __cuda_alignment__
 *                                       metadata, which make_aligned_dtype sets)
 *   base   := 'V' SIZE                  unstructured bytes (NumPy's "V8")
 *           | 'V' SIZE '{' [field (',' field)*] '}'   a structured dtype of item size SIZE
 *           | KIND SIZE                 a scalar: b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8 c8 c16
 *           | '(' DIM (',' DIM)* ')' type             a subarray (a field's only)
 *   field  := NAME ':' OFFSET ':' type  NAME's bytes other than ":,%{}" as they are, those
 *                                       as %XX (hex)
 *
 * e.g. "V8{f0:0:i4,f1:4:i4}" for "i,i", "V16{f0:0:b1,f1:8:c8}@8" for
 * make_aligned_dtype("?,c8"). The C++ type is CuPy's _build_struct_typename's: each field
 * `cupy::Field<T, OFFSET>` (T its scalar's spelling, a nested struct's own StructView,
 * `cupy::UnstructuredVoid<N>` for bytes), the struct's alignment the largest of its own
 * and its fields' (a scalar's is its size, complex64's 8 as on the GPU; bytes': 1, or
 * their @ALIGN), each offset a multiple of its field's, the item size a multiple of the
 * whole's, in that order, with CuPy's messages; then
 * `cupy::StructView<cupy::raw_structview_storage<SIZE, ALIGN>, FIELDS...>`.
 */
#include "base/base.h"
#include "types/record.h"
#include "types/dtype.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef enum { RN_SCALAR, RN_BYTES, RN_STRUCT, RN_SUBARRAY } RKind;

typedef struct RNode RNode;
typedef struct RField {
  const char *name;
  int64_t offset;
  RNode *type;
} RField;

struct RNode {
  RKind kind;
  int dtype;                                       /* RN_SCALAR: its pykc_dtype */
  int64_t size;
  int64_t align;                                   /* @ALIGN; 0: none given */
  int nfields;                                     /* RN_STRUCT */
  RField *fields;
  int ndims;                                       /* RN_SUBARRAY: dims, then base */
  int64_t dims[PYKC_MAX_DIMS];
  RNode *base;
};

typedef struct P {
  Arena *a;
  const char *s, *p;
  const char *err;
} P;

enum { MAX_FIELDS = 4096, MAX_DEPTH = 32 };

static bool fail(P *p, const char *what) {
  if (!p->err)
    p->err = arena_printf(p->a, "bad record dtype '%s': %s at offset %d", p->s, what,
                          (int)(p->p - p->s));
  return false;
}

static bool number(P *p, int64_t *v) {
  if (!isdigit((unsigned char)*p->p))
    return fail(p, "expected a number");
  int64_t n = 0;
  for (; isdigit((unsigned char)*p->p); p->p++) {
    if (n > (INT64_MAX - 9) / 10)
      return fail(p, "a number too large");
    n = 10 * n + (*p->p - '0');
  }
  *v = n;
  return true;
}

static int hexval(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static bool name(P *p, const char **out) {
  Buf b = {0};
  for (; *p->p && !strchr(":,{}", *p->p); p->p++) {
    if (*p->p != '%') {
      buf_putc(&b, *p->p);
      continue;
    }
    int hi = hexval(p->p[1]), lo = hi < 0 ? -1 : hexval(p->p[2]);
    if (lo < 0) {
      buf_free(&b);
      return fail(p, "a bad %XX escape");
    }
    buf_putc(&b, (char)(hi * 16 + lo));
    p->p += 2;
  }
  *out = arena_strndup(p->a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return true;
}

static RNode *type(P *p, int depth);

static bool fields(P *p, RNode *n, int depth) {
  RField tmp[64], *fs = tmp;
  int cap = 64;
  bool ok = true;
  while (ok && *p->p != '}') {
    if (n->nfields == MAX_FIELDS) {
      ok = fail(p, "too many fields");
      break;
    }
    if (n->nfields == cap) {
      RField *g = arena_alloc(p->a, sizeof *g * (size_t)cap * 2);
      memcpy(g, fs, sizeof *g * (size_t)cap);
      fs = g, cap *= 2;
    }
    RField *f = &fs[n->nfields++];
    ok = name(p, &f->name) && (*p->p == ':' || fail(p, "expected ':'")) && (p->p++, true) &&
         number(p, &f->offset) && (*p->p == ':' || fail(p, "expected ':'")) && (p->p++, true) &&
         (f->type = type(p, depth + 1)) != NULL;
    if (ok && *p->p == ',')
      p->p++;
    else if (ok && *p->p != '}')
      ok = fail(p, "expected ',' or '}'");
  }
  if (!ok)
    return false;
  p->p++;
  n->fields = arena_alloc(p->a, sizeof *n->fields * (size_t)(n->nfields + 1));
  memcpy(n->fields, fs, sizeof *fs * (size_t)n->nfields);
  return true;
}

static RNode *type(P *p, int depth) {
  if (depth > MAX_DEPTH)
    return fail(p, "nested too deeply"), NULL;
  RNode *n = arena_alloc(p->a, sizeof *n);
  char c = *p->p;
  if (c == '(') {                                  /* a subarray: (3,2)f4 */
    n->kind = RN_SUBARRAY;
    do {
      p->p++;
      if (n->ndims == PYKC_MAX_DIMS || !number(p, &n->dims[n->ndims++]))
        return fail(p, "a bad subarray shape"), NULL;
    } while (*p->p == ',');
    if (*p->p++ != ')')
      return fail(p, "expected ')'"), NULL;
    if (!(n->base = type(p, depth + 1)))
      return NULL;
    n->size = n->base->size;
    for (int d = 0; d < n->ndims; d++)
      n->size = n->dims[d] && n->size > INT64_MAX / n->dims[d] ? -1 : n->size * n->dims[d];
    if (n->size < 0)
      return fail(p, "a subarray too large"), NULL;
    return n;
  }
  if (!c || !strchr("Vbiufc", c))
    return fail(p, "expected a type"), NULL;
  p->p++;
  if (!number(p, &n->size))
    return NULL;
  if (c == 'V') {
    n->kind = RN_BYTES;
    if (*p->p == '{') {
      p->p++;
      n->kind = RN_STRUCT;
      if (!fields(p, n, depth))
        return NULL;
      for (int i = 0; i < n->nfields; i++)       /* (NumPy's rule: within the item) */
        if (n->fields[i].offset > n->size || n->fields[i].type->size > n->size - n->fields[i].offset)
          return fail(p, arena_printf(p->a, "field '%s' (offset %lld, %lld bytes) past the "
                                      "item size %lld", n->fields[i].name,
                                      (long long)n->fields[i].offset,
                                      (long long)n->fields[i].type->size, (long long)n->size)),
                 NULL;
    }
  } else {
    n->kind = RN_SCALAR, n->dtype = -1;
    for (int k = 0; k < KC_NDTYPES; k++)
      if (dtype_info[k].npy_kind == c && dtype_info[k].size == n->size)
        n->dtype = k;
    if (n->dtype < 0)
      return fail(p, "no such scalar dtype"), NULL;
  }
  if (*p->p == '@') {
    p->p++;
    if (!number(p, &n->align) || n->align < 1 || (n->align & (n->align - 1)))
      return fail(p, "an alignment that is no power of two"), NULL;
  }
  return n;
}

/* ---------------------------------------------------------------- NumPy's str(dtype) */

static void show(Buf *b, const RNode *n);

static void show_scalar(Buf *b, const RNode *n) {
  if (n->kind == RN_BYTES)
    buf_printf(b, "'V%lld'", (long long)n->size);
  else if (n->dtype == PYKC_BOOL)
    buf_puts(b, "'?'");
  else
    buf_printf(b, "'%s%c%lld'", n->size == 1 ? "" : "<", dtype_info[n->dtype].npy_kind,
               (long long)n->size);
}

static void show_dims(Buf *b, const RNode *n) {
  buf_putc(b, '(');
  for (int d = 0; d < n->ndims; d++)
    buf_printf(b, "%s%lld", d ? ", " : "", (long long)n->dims[d]);
  buf_puts(b, n->ndims == 1 ? ",)" : ")");
}

/* A struct is NumPy's list form when its fields lie one after another and fill it. */
static bool packed(const RNode *n) {
  int64_t at = 0;
  for (int i = 0; i < n->nfields; i++) {
    if (n->fields[i].offset != at)
      return false;
    at += n->fields[i].type->size;
  }
  return at == n->size;
}

static void show(Buf *b, const RNode *n) {
  if (n->kind == RN_SUBARRAY) {
    buf_putc(b, '(');
    show(b, n->base);
    buf_puts(b, ", ");
    show_dims(b, n);
    buf_putc(b, ')');
    return;
  }
  if (n->kind != RN_STRUCT) {
    show_scalar(b, n);
    return;
  }
  if (packed(n)) {
    buf_putc(b, '[');
    for (int i = 0; i < n->nfields; i++) {
      const RNode *t = n->fields[i].type;
      buf_printf(b, "%s('%s', ", i ? ", " : "", n->fields[i].name);
      show(b, t->kind == RN_SUBARRAY ? t->base : t);
      if (t->kind == RN_SUBARRAY) {
        buf_puts(b, ", ");
        show_dims(b, t);
      }
      buf_putc(b, ')');
    }
    buf_putc(b, ']');
    return;
  }
  buf_puts(b, "{'names': [");
  for (int i = 0; i < n->nfields; i++)
    buf_printf(b, "%s'%s'", i ? ", " : "", n->fields[i].name);
  buf_puts(b, "], 'formats': [");
  for (int i = 0; i < n->nfields; i++) {
    buf_puts(b, i ? ", " : "");
    show(b, n->fields[i].type);
  }
  buf_puts(b, "], 'offsets': [");
  for (int i = 0; i < n->nfields; i++)
    buf_printf(b, "%s%lld", i ? ", " : "", (long long)n->fields[i].offset);
  buf_printf(b, "], 'itemsize': %lld}", (long long)n->size);
}

static const char *shown(Arena *a, const RNode *n) {
  Buf b = {0};
  show(&b, n);
  const char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

/* ---------------------------------------------------------------- CuPy's typing */

typedef struct G {
  Arena *a;
  RecordSpell *spell;
  Record *r;
  const char *err;
} G;

/* CuPy's ValueError for a dtype get_typename has no name for (str(dtype): "|V0",
   "('<c8', (3,))"). */
static bool unsupported(G *g, const RNode *n) {
  g->err = n->kind == RN_BYTES ? arena_printf(g->a, "Unsupported dtype |V%lld", (long long)n->size)
                               : arena_printf(g->a, "Unsupported dtype %s", shown(g->a, n));
  return false;
}

/* A field's (or the whole's) C++ type and CUDA alignment, as CuPy's get_typename and
   get_cuda_alignment give them (_build_struct_typename for a struct). */
static bool typename_of(G *g, const RNode *n, Buf *out, int64_t *align) {
  switch (n->kind) {
  case RN_SCALAR:
    buf_puts(out, g->spell(n->dtype));
    g->r->scalars |= 1u << n->dtype;
    *align = n->size;                              /* CuPy's _cuda_alignments */
    break;
  case RN_BYTES:
    if (n->size == 0)
      return unsupported(g, n);
    g->r->uvoid = true;
    buf_printf(out, "cupy::UnstructuredVoid<%lld>", (long long)n->size);
    *align = 1;                                    /* alignof(char[N]) */
    break;
  case RN_SUBARRAY:
    return unsupported(g, n);
  case RN_STRUCT: {
    int64_t al = n->align ? n->align : 1;
    Buf fs = {0};
    g->r->structview = true;
    for (int i = 0; i < n->nfields; i++) {
      const RField *f = &n->fields[i];
      int64_t sub;
      buf_printf(&fs, "%scupy::Field<", i ? ", " : "");
      if (!typename_of(g, f->type, &fs, &sub)) {
        buf_free(&fs);
        return false;
      }
      buf_printf(&fs, ", %lld>", (long long)f->offset);
      if (sub > al)
        al = sub;
      if (f->offset % sub) {
        g->err = arena_printf(g->a, "Field %s with offset %lld is not aligned to %lld in dtype "
                              "%s. This is not supported by CuPy please ensure the structure "
                              "is aligned. You can do so with the `make_aligned_dtype()` "
                              "helper.", f->name, (long long)f->offset, (long long)sub,
                              shown(g->a, n));
        buf_free(&fs);
        return false;
      }
    }
    if (n->size % al) {
      g->err = arena_printf(g->a, "Itemsize %lld is not a multiple of alignment %lld for dtype "
                            "%s and kernel launches are not supported. You can ensure "
                            "compatibility with the `make_aligned_dtype()` helper (or try "
                            "`align=True`).", (long long)n->size, (long long)al,
                            shown(g->a, n));
      buf_free(&fs);
      return false;
    }
    buf_printf(out, "cupy::StructView<cupy::raw_structview_storage<%lld, %lld>%s%s>",
               (long long)n->size, (long long)al, n->nfields ? ", " : "",
               fs.data ? fs.data : "");
    buf_free(&fs);
    *align = al;
    return true;
  }
  }
  if (n->align)                                    /* __cuda_alignment__ metadata */
    *align = n->align;
  return true;
}

int64_t rec_itemsize(const char *descr) {
  if (!descr || descr[0] != 'V' || !isdigit((unsigned char)descr[1]))
    return -1;
  char *end;
  long long v = strtoll(descr + 1, &end, 10);
  return v < 0 || v == LLONG_MAX ? -1 : v;
}

const Record *rec_parse(Arena *a, const char *descr, RecordSpell *spell, const char **err,
                        bool *value_error) {
  *value_error = false;
  P p = {a, descr, descr, NULL};
  RNode *n = descr ? type(&p, 0) : NULL;
  if (n && *p.p)
    n = (fail(&p, "unexpected text after the type"), NULL);
  if (n && n->kind != RN_BYTES && n->kind != RN_STRUCT)
    n = (fail(&p, "not a void dtype"), NULL);
  if (!n) {
    *err = descr ? p.err : "no record dtype description";
    return NULL;
  }
  Record *r = arena_alloc(a, sizeof *r);
  r->descr = arena_strndup(a, descr, strlen(descr));
  r->size = n->size;
  r->shown = n->kind == RN_BYTES ? arena_printf(a, "|V%lld", (long long)n->size) : shown(a, n);
  G g = {a, spell, r, NULL};
  Buf ct = {0};
  if (!typename_of(&g, n, &ct, &r->align)) {
    buf_free(&ct);
    *err = g.err;
    *value_error = true;
    return NULL;
  }
  r->ctype = arena_strndup(a, ct.data ? ct.data : "", ct.len);
  buf_free(&ct);
  return r;
}
