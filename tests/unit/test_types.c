/*
 * tests/unit/test_types.c: CuPy's dtype rules and the ufunc table, each with one home in
 * src/types/ (promote.c, ufunc.c): the type characters (every decoder of the compiler
 * agrees, q/Q included), numpy.result_type and can_cast against NumPy's tables, NEP 50's
 * weak scalars, the typing of Python scalars (also through the public API the CLI and
 * the Python package call), the ufunc loops (well formed, in CuPy's order, the DSL's
 * math rows backed by them) and CuPy's loop selection and routines.
 */
#include "harness.h"

#include "types/ufunc.h"
#include "types/record.h"

#include <stdint.h>

/* Every character NumPy gives a loop, against numpy.dtype(ch) on Linux; the same through
   --sig's parser (ty_parse_dtype) and the public API's names. */
static void test_type_chars(void) {
  static const struct { char ch; TypeKind k; } want[] = {
    {'?', TY_BOOL}, {'b', TY_INT8}, {'B', TY_UINT8}, {'h', TY_INT16}, {'H', TY_UINT16},
    {'i', TY_INT32}, {'I', TY_UINT32}, {'l', TY_INT64}, {'L', TY_UINT64}, {'q', TY_INT64},
    {'Q', TY_UINT64}, {'e', TY_FLOAT16}, {'f', TY_FLOAT32}, {'d', TY_FLOAT64},
    {'F', TY_COMPLEX64}, {'D', TY_COMPLEX128}};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    if (type_of_char(want[i].ch) != want[i].k)
      failf("type_of_char('%c') = %d, want %d", want[i].ch, type_of_char(want[i].ch), want[i].k);
    if (ty_parse_dtype(&want[i].ch, 1) != (int)want[i].k)
      failf("ty_parse_dtype(\"%c\") = %d, want %d", want[i].ch, ty_parse_dtype(&want[i].ch, 1),
            want[i].k);
  }
  for (int k = 0; k < TY_NSCALAR; k++)
    if (type_of_char(type_char((TypeKind)k)) != (TypeKind)k)
      failf("type_char(%s) = '%c' does not decode back", dtype_info[k].name, type_char((TypeKind)k));
  if (type_char(TY_INT64) != 'l' || type_char(TY_UINT64) != 'L' || type_char(TY_BOOL) != '?')
    failf("type_char is not numpy's dtype.char");
  if (type_of_char('x') != TY_VOID || type_of_char('\0') != TY_VOID || type_of_char('g') != TY_VOID)
    failf("type_of_char takes characters NumPy's loops do not have");
}

static void test_result_type(void) {
  static const struct { TypeKind a, b, r; } cases[] = {   /* numpy.result_type */
    {TY_INT8, TY_UINT8, TY_INT16}, {TY_INT32, TY_UINT32, TY_INT64},
    {TY_INT64, TY_UINT64, TY_FLOAT64}, {TY_UINT8, TY_INT16, TY_INT16},
    {TY_INT8, TY_FLOAT16, TY_FLOAT16}, {TY_INT16, TY_FLOAT16, TY_FLOAT32},
    {TY_INT32, TY_FLOAT32, TY_FLOAT64}, {TY_FLOAT64, TY_COMPLEX64, TY_COMPLEX128},
    {TY_INT64, TY_COMPLEX64, TY_COMPLEX128}, {TY_INT16, TY_COMPLEX64, TY_COMPLEX64},
    {TY_BOOL, TY_INT8, TY_INT8}, {TY_FLOAT16, TY_FLOAT32, TY_FLOAT32}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    if (type_result(cases[i].a, cases[i].b) != cases[i].r ||
        type_result(cases[i].b, cases[i].a) != cases[i].r)
      failf("result_type(%s, %s) != %s", dtype_info[cases[i].a].name,
            dtype_info[cases[i].b].name, dtype_info[cases[i].r].name);
  }
  static const struct { TypeKind a, b; bool safe, same_kind; } casts[] = {
    {TY_INT8, TY_INT16, true, true},    {TY_INT16, TY_INT8, false, true},
    {TY_UINT8, TY_INT8, false, true},   {TY_INT8, TY_UINT8, false, false},
    {TY_INT64, TY_FLOAT64, true, true}, {TY_INT64, TY_FLOAT32, false, true},
    {TY_FLOAT32, TY_COMPLEX64, true, true}, {TY_FLOAT64, TY_COMPLEX64, false, true},
    {TY_FLOAT32, TY_INT64, false, false}, {TY_BOOL, TY_FLOAT16, true, true},
    {TY_COMPLEX64, TY_FLOAT64, false, false}};
  for (size_t i = 0; i < sizeof casts / sizeof *casts; i++) {
    if (type_can_cast(casts[i].a, casts[i].b) != casts[i].safe)
      failf("can_cast(%s, %s, 'safe') != %d", dtype_info[casts[i].a].name,
            dtype_info[casts[i].b].name, casts[i].safe);
    if (type_same_kind(casts[i].a, casts[i].b) != casts[i].same_kind)
      failf("can_cast(%s, %s, 'same_kind') != %d", dtype_info[casts[i].a].name,
            dtype_info[casts[i].b].name, casts[i].same_kind);
  }
}

/* NumPy 2: np.array([1], T) + PYSCALAR */
static void test_weak(void) {
  static const struct { PyKind w; TypeKind t, r; } cases[] = {
    {PY_INT, TY_INT8, TY_INT8},          {PY_INT, TY_BOOL, TY_INT64},
    {PY_FLOAT, TY_INT8, TY_FLOAT64},     {PY_FLOAT, TY_FLOAT16, TY_FLOAT16},
    {PY_COMPLEX, TY_FLOAT32, TY_COMPLEX64}, {PY_COMPLEX, TY_FLOAT64, TY_COMPLEX128},
    {PY_COMPLEX, TY_INT32, TY_COMPLEX128}, {PY_FLOAT, TY_COMPLEX64, TY_COMPLEX64},
    {PY_BOOL, TY_UINT8, TY_UINT8},       {PY_INT, TY_FLOAT32, TY_FLOAT32}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    TypeKind r = type_weak_result(cases[i].w, cases[i].t);
    if (r != cases[i].r)
      failf("weak %d with %s gives %s, want %s", cases[i].w, dtype_info[cases[i].t].name,
            dtype_info[r].name, dtype_info[cases[i].r].name);
    if (type_weak_keeps(cases[i].w, cases[i].t) != (cases[i].r == cases[i].t))
      failf("type_weak_keeps disagrees with type_weak_result for %s", dtype_info[cases[i].t].name);
  }
}

/* docs/language.md §2.4, in the compiler and through the public API */
static void test_py_scalar(void) {
  static const struct { bool neg; uint64_t mag; TypeKind cuda, numpy; } ints[] = {
    {false, 0, TY_INT32, TY_INT64},                 {false, INT32_MAX, TY_INT32, TY_INT64},
    {false, (uint64_t)INT32_MAX + 1, TY_INT64, TY_INT64},
    {true, (uint64_t)INT32_MAX + 1, TY_INT32, TY_INT64},
    {true, (uint64_t)INT32_MAX + 2, TY_INT64, TY_INT64},
    {false, INT64_MAX, TY_INT64, TY_INT64},         {false, (uint64_t)INT64_MAX + 1, TY_UINT64, TY_UINT64},
    {true, (uint64_t)INT64_MAX + 1, TY_INT64, TY_INT64},
    {true, (uint64_t)INT64_MAX + 2, TY_ERROR, TY_ERROR}, {false, UINT64_MAX, TY_UINT64, TY_UINT64}};
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
    TypeKind c = type_py_scalar(PY_INT, ints[i].neg, ints[i].mag, MODE_CUDA);
    TypeKind n = type_py_scalar(PY_INT, ints[i].neg, ints[i].mag, MODE_NUMPY);
    int api = pykc_scalar_dtype(PYKC_PY_INT, ints[i].neg, ints[i].mag, 0);
    if (c != ints[i].cuda || n != ints[i].numpy)
      failf("int %s%llu typed %d/%d, want %d/%d", ints[i].neg ? "-" : "",
            (unsigned long long)ints[i].mag, c, n, ints[i].cuda, ints[i].numpy);
    if (api != (ints[i].cuda == TY_ERROR ? -1 : (int)ints[i].cuda))
      failf("pykc_scalar_dtype(int %s%llu) = %d", ints[i].neg ? "-" : "",
            (unsigned long long)ints[i].mag, api);
  }
  if (pykc_scalar_dtype(PYKC_PY_FLOAT, 0, 0, 0) != PYKC_FLOAT32 ||
      pykc_scalar_dtype(PYKC_PY_FLOAT, 0, 0, 1) != PYKC_FLOAT64 ||
      pykc_scalar_dtype(PYKC_PY_COMPLEX, 0, 0, 0) != PYKC_COMPLEX64 ||
      pykc_scalar_dtype(PYKC_PY_COMPLEX, 0, 0, 1) != PYKC_COMPLEX128 ||
      pykc_scalar_dtype(PYKC_PY_BOOL, 0, 0, 1) != PYKC_BOOL)
    failf("float/complex/bool scalars typed wrongly through pykc_scalar_dtype");
  if (pykc_dtype_of('f', 4) != PYKC_FLOAT32 || pykc_dtype_of('u', 8) != PYKC_UINT64 ||
      pykc_dtype_of('c', 16) != PYKC_COMPLEX128 || pykc_dtype_of('b', 1) != PYKC_BOOL ||
      pykc_dtype_of('f', 3) != -1 || pykc_dtype_of('x', 4) != -1)
    failf("pykc_dtype_of misses NumPy's kinds");
  if (strcmp(pykc_dtype_name(PYKC_INT16), "int16") || pykc_dtype_size(PYKC_COMPLEX64) != 8 ||
      pykc_dtype_kind(PYKC_UINT32) != 'u' || pykc_dtype_name(99) || pykc_dtype_size(-1))
    failf("pykc_dtype_name/size/kind disagree with the dtype table");
}

/* Every loop list parses: NIN known input characters, "->", one known output, one space
   between loops; no loop appears twice. */
static void check_loops(const char *who, const char *loops, int nin) {
  const char *p = loops;
  int n = 0;
  while (*p) {
    for (int j = 0; j < nin; j++)
      if (type_of_char(p[j]) == TY_VOID)
        return failf("%s: bad input character in '%s'", who, p);
    if (strncmp(p + nin, "->", 2) || type_of_char(p[nin + 2]) == TY_VOID)
      return failf("%s: bad loop at '%s'", who, p);
    for (const char *q = loops; q < p; q = strchr(q, ' ') + 1)
      if (!strncmp(q, p, (size_t)nin + 3))
        return failf("%s: loop %.*s twice", who, nin + 3, p);
    p += nin + 3;
    n++;
    if (*p && *p++ != ' ')
      return failf("%s: loops not separated by one space", who);
  }
  Loop l;
  if (!n || !ufunc_nth_loop(loops, nin, n - 1, &l) || ufunc_nth_loop(loops, nin, n, &l))
    failf("%s: ufunc_nth_loop does not count its %d loops", who, n);
}

static void test_ufunc_table(void) {
  static const char *const names[] = {
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
    "maximum", "minimum", "fmax", "fmin", "where", "clip", "absolute", "real", "imag",
    "sqrt", "arctan2", "isnan", "floor", "sign", "logaddexp", "less", "logical_xor"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    const UFunc *u = ufunc_find(names[i]);
    if (!u)
      return failf("no ufunc %s", names[i]);
    check_loops(names[i], u->loops, u->nin);
  }
  for (int op = 0; op < OP_COUNT; op++)
    if (ufunc_of_op[op] && !ufunc_find(ufunc_of_op[op]))
      failf("operator %s calls unknown ufunc %s", op_spelling[op], ufunc_of_op[op]);
  /* the DSL's elementwise math: each row's loops are a ufunc's of its arity */
  for (int id = 0; id < 512; id++) {
    const Builtin *b = builtin_by_id(id);
    if (!b || b->rule != TR_MATH)
      continue;
    const UFunc *u = b->ufunc ? ufunc_find(b->ufunc) : NULL;
    if (b->ufunc && (!u || u->nin != b->minargs))
      failf("builtin %s names ufunc %s, which %s", b->name, b->ufunc,
            u ? "takes another number of inputs" : "does not exist");
    check_loops(b->name, builtin_loops(b), b->minargs);
  }
  /* the DSL's operator ufuncs (cp.add ...) are the table's: their refusals come from it */
  static const char *const ops[] = {
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder",
    "mod", "power", "negative", "positive", "bitwise_and", "bitwise_or", "bitwise_xor",
    "bitwise_not", "invert", "left_shift", "right_shift", "equal", "not_equal", "less",
    "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_not",
    "logical_xor"};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
    const Builtin *b = builtin_lookup("cupy", ops[i]);
    const UFunc *u = ufunc_find(ops[i]);
    if (!b || b->kind != BK_UFUNC || !u || u->nin != b->minargs)
      failf("cp.%s: no operator ufunc row backed by the table", ops[i]);
  }
  if (!ufunc_find("subtract")->bool_error || ufunc_find("add")->bool_error ||
      ufunc_takes(ufunc_find("left_shift"), type_is_float) ||
      !ufunc_takes(ufunc_find("add"), type_is_float) ||
      ufunc_takes(ufunc_find("floor_divide"), type_is_complex) ||
      !ufunc_takes(ufunc_find("power"), type_is_complex))
    failf("CuPy's refusals (boolean subtract, float shifts, complex //) are not the table's");
  static const char *const both[] = {"maximum", "minimum", "fmax", "fmin", "absolute", "real",
                                     "conj", "sqrt", "arctan2", "hypot"};
  for (size_t i = 0; i < sizeof both / sizeof *both; i++) {
    const Builtin *b = builtin_lookup("cupy", both[i]);
    if (!b || strcmp(builtin_loops(b), ufunc_find(both[i])->loops))
      failf("cp.%s: the DSL's loops are not the ufunc table's", both[i]);
  }
}

static Loop pick(const char *name, TypeKind a, PyKind wa, TypeKind b, PyKind wb, bool check) {
  const UFunc *u = ufunc_find(name);
  TypeKind in[3] = {a, b, b};
  PyKind weak[3] = {wa, wb, wb};
  Loop l = {.types = "none"};
  if (!ufunc_select(u, in, weak, check, &l))
    l.types = "none";
  return l;
}

/* CuPy's _guess_routine_from_in_types (fuse's: an int8 array and Python scalars) */
static void test_select(void) {
  static const struct {
    const char *ufunc;
    TypeKind a;
    PyKind wa;
    TypeKind b;
    PyKind wb;
    bool check;
    const char *want;
  } cases[] = {
    {"add", TY_INT8, PY_NONE, TY_INT64, PY_INT, true, "bb->b"},
    {"add", TY_INT8, PY_NONE, TY_FLOAT64, PY_FLOAT, true, "dd->d"},
    {"add", TY_INT8, PY_NONE, TY_FLOAT64, PY_FLOAT, false, "ee->e"},
    {"add", TY_INT8, PY_NONE, TY_INT16, PY_NONE, true, "hh->h"},
    {"add", TY_UINT64, PY_NONE, TY_INT64, PY_NONE, false, "dd->d"},
    {"less", TY_UINT64, PY_NONE, TY_INT64, PY_INT, true, "Ll->?"},
    {"less", TY_UINT8, PY_NONE, TY_INT64, PY_INT, false, "ll->?"},
    {"true_divide", TY_INT32, PY_NONE, TY_INT32, PY_NONE, true, "ll->d"},
    {"maximum", TY_FLOAT32, PY_NONE, TY_COMPLEX64, PY_NONE, true, "FF->F"},
    {"arctan2", TY_INT32, PY_NONE, TY_FLOAT32, PY_NONE, true, "dd->d"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    Loop l = pick(cases[i].ufunc, cases[i].a, cases[i].wa, cases[i].b, cases[i].wb, cases[i].check);
    if (strncmp(l.types, cases[i].want, strlen(cases[i].want)))
      failf("%s case %zu picks %.5s, want %s", cases[i].ufunc, i, l.types, cases[i].want);
  }
  Loop l = pick("maximum", TY_FLOAT32, PY_NONE, TY_FLOAT32, PY_NONE, true);
  if (strcmp(ufunc_routine(ufunc_find("maximum"), &l),
             "isnan(in0) ? in0 : (isnan(in1) ? in1 : OUT(max(in0, in1)))"))
    failf("maximum's float routine is not CuPy's");
  l = pick("less", TY_INT64, PY_NONE, TY_UINT64, PY_NONE, true);
  if (strcmp(ufunc_routine(ufunc_find("less"), &l), "in0 < 0 ? in0 < 0 : in0 < in1"))
    failf("less's lL routine is not CuPy's: %s", ufunc_routine(ufunc_find("less"), &l));
  if (!ufunc_find("angle")->routine || !ufunc_find("sqrt")->routine ||
      !ufunc_find("sign")->routine || !ufunc_find("copy")->routine)
    failf("a ufunc without CuPy's routine");
  /* statement routines (CuPy's out0 = ...), two outputs, the first input picks */
  if (!ufunc_routine_is_stmt(ufunc_find("logaddexp")->routine) ||
      ufunc_routine_is_stmt("in0 + in1") || ufunc_routine_is_stmt("out0_type(in0)"))
    failf("statement routines are not told from expressions");
  l = pick("frexp", TY_FLOAT64, PY_NONE, TY_FLOAT64, PY_NONE, true);
  if (strncmp(l.types, "d->di", 5) || l.out != TY_FLOAT64 || l.out1 != TY_INT32 ||
      ufunc_find("frexp")->nout != 2)
    failf("frexp's d loop is %.5s, outputs %d %d", l.types, (int)l.out, (int)l.out1);
  l = pick("around", TY_FLOAT32, PY_NONE, TY_INT64, PY_INT, true);
  if (strncmp(l.types, "fl->f", 5) || !ufunc_routine_is_stmt(ufunc_routine(ufunc_find("around"), &l)))
    failf("around(float32, 1) takes %.5s with its integer routine", l.types);
  l = pick("around", TY_INT32, PY_NONE, TY_INT64, PY_INT, true);
  if (strcmp(ufunc_routine(ufunc_find("around"), &l), "in0"))
    failf("around of an int32 is not CuPy's copy");
  l = pick("sign", TY_FLOAT32, PY_NONE, TY_FLOAT32, PY_NONE, true);
  if (strcmp(ufunc_routine(ufunc_find("sign"), &l),
             "(in0 < 0 || in0 > 0) ? copysign(OUT(1), in0) : in0 - in0"))
    failf("sign's float routine is not CuPy's _float_sign");
}

/* Void dtypes (record.c) as CuPy 14.2's get_typename types them: C++ names, alignments,
   CuPy's ValueErrors in its order, and descriptions the grammar refuses. */
static const char *spell(int k) { return dtype_info[k].ctype; }

static void test_records(void) {
  static const struct { const char *descr, *ctype; int64_t size, align; } ok[] = {
    {"V8{f0:0:i4,f1:4:i4}", "cupy::StructView<cupy::raw_structview_storage<8, 4>, "
     "cupy::Field<int, 0>, cupy::Field<int, 4>>", 8, 4},
    {"V3", "cupy::UnstructuredVoid<3>", 3, 1},
    {"V16{f0:0:b1,f1:8:c8}@8", "cupy::StructView<cupy::raw_structview_storage<16, 8>, "
     "cupy::Field<bool, 0>, cupy::Field<pykc_complex64, 8>>", 16, 8},
    {"V16{f0:0:i4,f1:4:i4}@16", "cupy::StructView<cupy::raw_structview_storage<16, 16>, "
     "cupy::Field<int, 0>, cupy::Field<int, 4>>", 16, 16},
    {"V24{a:0:V16{f0:0:c8,f1:8:b1}@8,b:16:b1}", "cupy::StructView<cupy::raw_structview_storage"
     "<24, 8>, cupy::Field<cupy::StructView<cupy::raw_structview_storage<16, 8>, "
     "cupy::Field<pykc_complex64, 0>, cupy::Field<bool, 8>>, 0>, cupy::Field<bool, 16>>", 24, 8},
    {"V13{f0:0:b1,f1:1:V3,f2:4:V9}", "cupy::StructView<cupy::raw_structview_storage<13, 1>, "
     "cupy::Field<bool, 0>, cupy::Field<cupy::UnstructuredVoid<3>, 1>, "
     "cupy::Field<cupy::UnstructuredVoid<9>, 4>>", 13, 1},
    {"V4{a%3Ab:0:i4}", "cupy::StructView<cupy::raw_structview_storage<4, 4>, "
     "cupy::Field<int, 0>>", 4, 4},
  };
  static const struct { const char *descr, *err; bool value; } bad[] = {
    {"V9{f0:0:f8,f1:8:b1}", "Itemsize 9 is not a multiple of alignment 8 for dtype "
     "[('f0', '<f8'), ('f1', '?')] and kernel", true},
    {"V9{f0:0:b1,f1:1:f8}", "Field f1 with offset 1 is not aligned to 8 in dtype "
     "[('f0', '?'), ('f1', '<f8')]. This", true},
    {"V16{f0:0:b1,f1:4:f8}", "Field f1 with offset 4 is not aligned to 8 in dtype "
     "{'names': ['f0', 'f1'], 'formats': ['?', '<f8'], 'offsets': [0, 4], 'itemsize': 16}", true},
    {"V25{f0:0:b1,f1:1:(3)c8}", "Unsupported dtype ('<c8', (3,))", true},
    {"V0", "Unsupported dtype |V0", true},
    {"V8{f0:0:i4,f1:4:i4", "bad record dtype", false},
    {"V8{f0:0:q4}", "bad record dtype", false},
    {"i4", "not a void dtype", false},
    {"V8{f0:0:i4}x", "unexpected text", false},
    {"V8@3", "no power of two", false},
    {"V99999999999999999999", "too large", false},
    {"V4{a%zz:0:i4}", "%XX", false},
    {"V6{f0:0:i4,f1:4:i4}", "field 'f1' (offset 4, 4 bytes) past the item size 6", false},
    {"V8{f0:0:V9}", "past the item size 8", false},
    {"", "expected a type", false},
  };
  Arena a = {0};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    const char *err = NULL;
    bool ve;
    const Record *r = rec_parse(&a, ok[i].descr, spell, &err, &ve);
    if (!r)
      failf("%s: %s", ok[i].descr, err);
    else if (strcmp(r->ctype, ok[i].ctype) || r->size != ok[i].size || r->align != ok[i].align)
      failf("%s: %s (size %lld, align %lld)", ok[i].descr, r->ctype, (long long)r->size,
            (long long)r->align);
    else if (rec_itemsize(ok[i].descr) != ok[i].size)
      failf("rec_itemsize(%s) = %lld", ok[i].descr, (long long)rec_itemsize(ok[i].descr));
  }
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *err = NULL;
    bool ve = false;
    const Record *r = rec_parse(&a, bad[i].descr, spell, &err, &ve);
    if (r || !err || !strstr(err, bad[i].err) ||
        (bad[i].value && !ve) || (!bad[i].value && strstr(bad[i].err, "record") && ve))
      failf("'%s': %s", bad[i].descr, r ? "accepted" : err ? err : "(no message)");
  }
  if (rec_itemsize("i4") != -1 || rec_itemsize(NULL) != -1 || rec_itemsize("V") != -1)
    failf("rec_itemsize of no description");
  if (pykc_dtype_kind(PYKC_RECORD) != 'V' || strcmp(pykc_dtype_name(PYKC_RECORD), "void") ||
      pykc_record_size("V8{f0:0:i4,f1:4:i4}") != 8 || pykc_record_size("x") != -1)
    failf("the public API's PYKC_RECORD facts");
  arena_free(&a);
}

int main(void) {
  (void)remove_tree;
  run("type_chars", test_type_chars);
  run("result_type", test_result_type);
  run("weak", test_weak);
  run("py_scalar", test_py_scalar);
  run("ufunc_table", test_ufunc_table);
  run("select", test_select);
  run("records", test_records);
  return nfail != 0;
}
