/*
 * emit_thrust.c: jit.thrust's algorithms (types/devlib_thrust.c) as C functions, one
 * text per algorithm printed once per instance (the types of its arguments), the same on
 * both targets: NVRTC compiles it for the GPU, the CPU backend's C compiler for the CPU.
 *
 * They are thrust's sequential algorithms as thrust (CCCL 3) runs them in device code
 * (thrust/system/detail/sequential/ and generic/; thrust.device dispatches there without
 * dynamic parallelism), step for step: the same comparisons in the same order, the same
 * accumulator types and conversions (plus<T> converts both operands to T), so every
 * result is thrust's bit for bit, sort's stability and its order of NaNs included: sort
 * and stable_sort are the device's iterative stable merge sort (insertion sorts of 32
 * elements, then merges of adjacent runs through a temporary array, ping-pong), as thrust's
 * sort with less<T> is in device code. Real thrust cannot serve here: NVRTC lacks the host
 * C++ library its headers include (std::declval, <memory>), cupyx.jit compiles it with
 * nvcc, and the CPU backend compiles the DSL as C.
 *
 * An iterator is a pykc_it {char *p; long long s;} (a byte address and a byte stride: an
 * array's row, contiguous or not, shared memory); PYKC_AT(T, it, i) is its i-th element.
 * A constant or counting iterator parameter (an input) is its value, or (value, index): the
 * instance's name has its kind, and $@k(I) and pykc_it_add/diff(ak, ..) print its access.
 * Placeholders of the texts: $@k(I) element I of iterator parameter k; $0..$9 the C type of
 * parameter k's values (an iterator's elements as stored, a value's own), $^k the type its
 * arithmetic is computed in; $>kj(X) X, of parameter j's type (or i an integer, b a bool,
 * t replace_copy's ?:), converted to k's; $+k(A, B), $-k, $*k: A op B in k's type, and
 * $&k(A, B) A + B of C's type; $=jk(A, B), $<jk(A, B): A == B, A < B, A of j's type and B
 * of k's; $~kj(X) X of k's type as an arm of ?: whose other arm has j's; $R the result's C
 * type, $M the constructor of a tuple result, $N the function's name, $Q the device
 * functions' qualifier. Real types print C's operators and casts; complex ones CuPy's
 * thrust::complex operators (the complex helpers: py_cadd_complex64, py_ceq_..., py_cless_...);
 * float16 elements, and float16 values that are CuPy's float16 class in cupyx's C++, are
 * __half computed in float and rounded per operation (other float16 values are floats).
 * A text's part before "@@" is helper functions printed before the algorithm's.
 */
#include "emit.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- the texts */

#define N_ "  long long n = pykc_it_diff(a1, a0);\n"
#define LOWER(V)                                                                          \
  "  long long lo = 0, len = n;\n  while (len > 0) {\n    long long h = len >> 1;\n"      \
  "    if ($<02($@0(lo + h), " V ")) {\n      lo += h + 1;\n      len -= h + 1;\n" \
  "    } else\n      len = h;\n  }\n"
#define UPPER(V)                                                                          \
  "  long long lo = 0, len = n;\n  while (len > 0) {\n    long long h = len >> 1;\n"      \
  "    if ($<20(" V ", $@0(lo + h)))\n      len = h;\n    else {\n"                \
  "      lo += h + 1;\n      len -= h + 1;\n    }\n  }\n"
#define VEC(SEARCH, OUT)                                                                  \
  N_ "  long long m = pykc_it_diff(a3, a2);\n  for (long long i = 0; i < m; i++) {\n"      \
  "    $2 v = $@2(i);\n" SEARCH "    $@4(i) = " OUT ";\n  }\n"    \
  "  return pykc_it_add(a4, m);\n"

/* set operations over [a0, a1) and [a2, a3) (thrust's sequential ones, less<T> of range
   1's T): E1 and E2 output range 1's or 2's current element (with its value, by key) */
#define SETOP(LT, GT, EQ, TAIL, RET)                                                      \
  "  long long n1 = pykc_it_diff(a1, a0), n2 = pykc_it_diff(a3, a2), i = 0, j = 0, r = 0;\n" \
  "  while (i < n1 && j < n2) {\n"                                                        \
  "    if ($<00($@0(i), $>02($@2(j)))) {\n" LT                          \
  "    } else if ($<00($>02($@2(j)), $@0(i))) {\n" GT                  \
  "    } else {\n" EQ "    }\n  }\n" TAIL RET
#define E1 "      $@4(r) = $>40($@0(i));\n      r++, i++;\n"
#define E2 "      $@4(r) = $>42($@2(j));\n      r++, j++;\n"
#define KE1                                                                              \
  "      $@6(r) = $>60($@0(i));\n"                                   \
  "      $@7(r) = $>74($@4(i));\n"                                   \
  "      r++, i++;\n"
#define KE2                                                                              \
  "      $@6(r) = $>62($@2(j));\n"                                   \
  "      $@7(r) = $>75($@5(j));\n"                                   \
  "      r++, j++;\n"
#define IE1                                                                              \
  "      $@5(r) = $>50($@0(i));\n"                                   \
  "      $@6(r) = $>64($@4(i));\n"                                   \
  "      r++, i++;\n"
#define SKIP1 "      i++;\n"
#define SKIP2 "      j++;\n"
#define REST(E, I, N) "  while (" I " < " N ") {\n" E "  }\n"
#define RET1 "  return pykc_it_add(a4, r);\n"
#define RETK "  return $M(pykc_it_add(a6, r), pykc_it_add(a7, r));\n"
#define RETI "  return $M(pykc_it_add(a5, r), pykc_it_add(a6, r));\n"

typedef struct Text {
  LibId id;
  const char *body;
} Text;

/* sort's helpers: insertion sort of [f, f + n), a merge of two runs of src into dst */
#define INSERTION(BYKEY, SWAPV, SHIFTV, PUTV, TMPV)                                      \
  "$Q void $N_ins(pykc_it f" BYKEY ", long long n) {\n"                                   \
  "  for (long long i = 1; i < n; i++) {\n    $0 tmp = PYKC_AT($0, f, i);\n" TMPV          \
  "    if ($<00(tmp, PYKC_AT($0, f, 0))) {\n      for (long long k = i; k > 0; k--) {\n"       \
  "        PYKC_AT($0, f, k) = PYKC_AT($0, f, k - 1);\n" SWAPV "      }\n"                \
  "      PYKC_AT($0, f, 0) = tmp;\n" PUTV("0") "    } else {\n      long long j = i;\n"   \
  "      while ($<00(tmp, PYKC_AT($0, f, j - 1))) {\n"                                         \
  "        PYKC_AT($0, f, j) = PYKC_AT($0, f, j - 1);\n" SHIFTV "        j--;\n      }\n"   \
  "      PYKC_AT($0, f, j) = tmp;\n" PUTV("j") "    }\n  }\n}\n"
#define MERGE(BYKEY, MOVE1, MOVE2)                                                       \
  "$Q void $N_merge(pykc_it s" BYKEY ", long long b, long long m, long long e) {\n"        \
  "  long long i = b, j = m, r = b;\n  while (i < m && j < e) {\n"                        \
  "    if ($<00(PYKC_AT($0, s, j), PYKC_AT($0, s, i))) {\n" MOVE2 "    } else {\n" MOVE1      \
  "    }\n  }\n  while (i < m) {\n" MOVE1 "  }\n  while (j < e) {\n" MOVE2 "  }\n}\n"
#define MV(I, KV) "      PYKC_AT($0, d, r) = PYKC_AT($0, s, " I ");\n" KV "      r++, " I "++;\n"
#define MVV(I) "      PYKC_AT($2, dv, r) = PYKC_AT($2, sv, " I ");\n"
#define SORT_BODY(BYKEY_ARGS, TEMPV, FREEV, INS, MERGE_TO, MERGE_BACK, COPYV)            \
  N_ "  if (n <= 0)\n    return;\n"                                                       \
  "  char *buf = (char *)malloc((size_t)n * sizeof($0));\n" TEMPV                         \
  "  if (!buf)\n    __trap();\n  pykc_it t = pykc_it_make(buf, (long long)sizeof($0));\n" \
  "  for (long long b = 0; b < n; b += 32)\n    $N_ins(" INS ", n - b < 32 ? n - b : 32);\n" \
  "  int ping = 1;\n  for (long long ps = 32; ps < n; ps *= 2, ping = !ping)\n"            \
  "    for (long long b = 0; b < n; b += 2 * ps) {\n"                                     \
  "      long long m = n < b + ps ? n : b + ps, e = n < m + ps ? n : m + ps;\n"            \
  "      if (ping)\n        $N_merge(" MERGE_TO ", b, m, e);\n"                            \
  "      else\n        $N_merge(" MERGE_BACK ", b, m, e);\n    }\n"                      \
  "  if (!ping)\n    for (long long i = 0; i < n; i++) {\n"                               \
  "      $@0(i) = PYKC_AT($0, t, i);\n" COPYV "    }\n"                       \
  "  free(buf);\n" FREEV

#define SORT1                                                                            \
  INSERTION("", "", "", NOPUT, "")                                                       \
  MERGE(", pykc_it d", MV("i", ""), MV("j", "")) "@@"                                    \
  SORT_BODY("", "", "", "pykc_it_add(a0, b)", "a0, t", "t, a0", "")
#define NOPUT(J) ""
#define PUTV(J) "      PYKC_AT($2, g, " J ") = tv;\n"
#define SORT2                                                                            \
  INSERTION(", pykc_it g", "        PYKC_AT($2, g, k) = PYKC_AT($2, g, k - 1);\n",       \
            "        PYKC_AT($2, g, j) = PYKC_AT($2, g, j - 1);\n", PUTV,                  \
            "    $2 tv = PYKC_AT($2, g, i);\n")                                          \
  MERGE(", pykc_it d, pykc_it sv, pykc_it dv", MV("i", MVV("i")), MV("j", MVV("j"))) "@@" \
  SORT_BODY("", "  char *vbuf = (char *)malloc((size_t)n * sizeof($2));\n"                \
                "  if (!vbuf)\n    __trap();\n"                                            \
                "  pykc_it tv = pykc_it_make(vbuf, (long long)sizeof($2));\n",             \
            "  free(vbuf);\n", "pykc_it_add(a0, b), pykc_it_add(a2, b)",                  \
            "a0, t, a2, tv", "t, a0, tv, a2", "      $@2(i) = PYKC_AT($2, tv, i);\n")

static const Text texts[] = {
  {LIB_T_ADJACENT_DIFFERENCE,
   N_ "  if (n == 0)\n    return a2;\n  $0 curr = $@0(0);\n"
   "  $@2(0) = curr;\n  for (long long i = 1; i < n; i++) {\n"
   "    $0 next = $@0(i);\n    $@2(i) = $-0(next, curr);\n"
   "    curr = next;\n  }\n  return pykc_it_add(a2, n);\n"},
  {LIB_T_BINARY_SEARCH, N_ LOWER("a2") "  return lo != n && !($<20(a2, $@0(lo)));\n"},
  {LIB_T_BINARY_SEARCH_VEC, VEC(LOWER("v"), "$>4b(lo != n && !($<20(v, $@0(lo))))")},
  {LIB_T_LOWER_BOUND, N_ LOWER("a2") "  return pykc_it_add(a0, lo);\n"},
  {LIB_T_LOWER_BOUND_VEC, VEC(LOWER("v"), "$>4i(lo)")},
  {LIB_T_UPPER_BOUND, N_ UPPER("a2") "  return pykc_it_add(a0, lo);\n"},
  {LIB_T_UPPER_BOUND_VEC, VEC(UPPER("v"), "$>4i(lo)")},
  {LIB_T_EQUAL_RANGE,
   N_ LOWER("a2") "  long long first = lo;\n  {\n" UPPER("a2")
   "  return $M(pykc_it_add(a0, first), pykc_it_add(a0, lo));\n  }\n"},
  {LIB_T_COPY,
   N_ "  for (long long i = 0; i < n; i++)\n    $@2(i) = $@0(i);\n"
   "  return pykc_it_add(a2, n);\n"},
  {LIB_T_COUNT,
   N_ "  long long c = 0;\n  for (long long i = 0; i < n; i++)\n"
   "    c += $=02($@0(i), a2);\n  return (int)c;\n"},
  {LIB_T_EQUAL,
   N_ "  for (long long i = 0; i < n; i++)\n"
   "    if (!($=02($@0(i), $@2(i))))\n      return 0;\n  return 1;\n"},
  {LIB_T_MISMATCH,
   N_ "  long long i = 0;\n  while (i < n && $=02($@0(i), $@2(i)))\n"
   "    i++;\n  return $M(pykc_it_add(a0, i), pykc_it_add(a2, i));\n"},
  {LIB_T_EXCLUSIVE_SCAN,
   N_ "  if (n > 0) {\n    $3 tmp = $>30($@0(0)), sum = a3;\n"
   "    $@2(0) = $>23(sum);\n    sum = $+3(sum, tmp);\n"
   "    for (long long i = 1; i < n; i++) {\n      tmp = $>30($@0(i));\n"
   "      $@2(i) = $>23(sum);\n      sum = $+3(sum, tmp);\n    }\n  }\n"
   "  return pykc_it_add(a2, n);\n"},
  {LIB_T_EXCLUSIVE_SCAN_BY_KEY,
   N_ "  if (n > 0) {\n    $0 temp_key = $@0(0);\n"
   "    $4 temp_value = $>42($@2(0)), next = a4;\n    $@3(0) = $>34(next);\n"
   "    next = $+4(next, temp_value);\n    for (long long i = 1; i < n; i++) {\n"
   "      $0 key = $@0(i);\n      temp_value = $>42($@2(i));\n"
   "      if (!($=00(temp_key, key)))\n        next = a4;\n      $@3(i) = $>34(next);\n"
   "      next = $+4(next, temp_value);\n      temp_key = key;\n    }\n  }\n"
   "  return pykc_it_add(a3, n);\n"},
  {LIB_T_INCLUSIVE_SCAN,
   N_ "  if (n > 0) {\n    $0 sum = $@0(0);\n    $@2(0) = sum;\n"
   "    for (long long i = 1; i < n; i++) {\n      sum = $+0(sum, $@0(i));\n"
   "      $@2(i) = sum;\n    }\n  }\n  return pykc_it_add(a2, n);\n"},
  {LIB_T_INCLUSIVE_SCAN_BY_KEY,
   N_ "  if (n > 0) {\n    $0 prev_key = $@0(0);\n"
   "    $2 prev_value = $@2(0);\n    $@3(0) = prev_value;\n"
   "    for (long long i = 1; i < n; i++) {\n      $0 key = $@0(i);\n"
   "      if ($=00(prev_key, key))\n        prev_value = $+2(prev_value, $@2(i));\n"
   "      else\n        prev_value = $@2(i);\n"
   "      $@3(i) = prev_value;\n      prev_key = key;\n    }\n  }\n"
   "  return pykc_it_add(a3, n);\n"},
  {LIB_T_FILL, N_ "  for (long long i = 0; i < n; i++)\n    $@0(i) = $>02(a2);\n"},
  {LIB_T_FIND,
   N_ "  long long i = 0;\n  while (i < n && !($=02($@0(i), a2)))\n    i++;\n"
   "  return pykc_it_add(a0, i);\n"},
  {LIB_T_GATHER,
   N_ "  for (long long i = 0; i < n; i++)\n"
   "    $@3(i) = $@2($@0(i));\n"
   "  return pykc_it_add(a3, n);\n"},
  {LIB_T_SCATTER,
   N_ "  for (long long i = 0; i < n; i++)\n"
   "    $@3($@2(i)) = $>30($@0(i));\n"},
  {LIB_T_INNER_PRODUCT,
   N_ "  $3 acc = a3;\n  for (long long i = 0; i < n; i++)\n"
   "    acc = $+3(acc, $*3($>30($@0(i)), $>32($@2(i))));\n"
   "  return acc;\n"},
  {LIB_T_IS_SORTED,
   N_ "  for (long long i = 1; i < n; i++)\n"
   "    if ($<00($@0(i), $@0(i - 1)))\n      return 0;\n  return 1;\n"},
  {LIB_T_IS_SORTED_UNTIL,
   N_ "  for (long long i = 1; i < n; i++)\n"
   "    if ($<00($@0(i), $@0(i - 1)))\n      return pykc_it_add(a0, i);\n"
   "  return pykc_it_add(a0, n);\n"},
  {LIB_T_REDUCE,
   N_ "  $2 r = a2;\n  for (long long i = 0; i < n; i++)\n"
   "    r = $+2(r, $>20($@0(i)));\n  return r;\n"},
  {LIB_T_REDUCE_BY_KEY,
   N_ "  long long o = 0;\n  if (n > 0) {\n    $0 temp_key = $@0(0);\n"
   "    $2 temp_value = $@2(0);\n    for (long long i = 1; i < n; i++) {\n"
   "      $0 key = $@0(i);\n      $2 value = $@2(i);\n"
   "      if ($=00(temp_key, key))\n"
   "        temp_value = $>24($&4($>42(temp_value), $>42(value)));\n"
   "      else {\n        $@3(o) = $>30(temp_key);\n"
   "        $@4(o) = $>42(temp_value);\n        o++;\n        temp_key = key;\n"
   "        temp_value = value;\n      }\n    }\n    $@3(o) = $>30(temp_key);\n"
   "    $@4(o) = $>42(temp_value);\n    o++;\n  }\n"
   "  return $M(pykc_it_add(a3, o), pykc_it_add(a4, o));\n"},
  {LIB_T_REMOVE,
   N_ "  long long i = 0;\n  while (i < n && !($=02($@0(i), a2)))\n    i++;\n"
   "  if (i == n)\n    return pykc_it_add(a0, n);\n  long long r = i;\n"
   "  for (i++; i < n; i++)\n    if (!($=02($@0(i), a2))) {\n"
   "      $@0(r) = $@0(i);\n      r++;\n    }\n"
   "  return pykc_it_add(a0, r);\n"},
  {LIB_T_REMOVE_COPY,
   N_ "  long long r = 0;\n  for (long long i = 0; i < n; i++)\n"
   "    if (!($=03($@0(i), a3))) {\n      $@2(r) = $>20($@0(i));\n"
   "      r++;\n    }\n  return pykc_it_add(a2, r);\n"},
  {LIB_T_REPLACE,
   N_ "  for (long long i = 0; i < n; i++)\n    if ($=02($@0(i), a2))\n"
   "      $@0(i) = $>03(a3);\n"},
  {LIB_T_REPLACE_COPY,
   N_ "  for (long long i = 0; i < n; i++)\n"
   "    $@2(i) = $>2t($=03($@0(i), a3) ? $~40(a4) : $~04($@0(i)));\n"
   "  return pykc_it_add(a2, n);\n"},
  {LIB_T_REVERSE,
   N_ "  for (long long i = 0; i < n / 2; i++) {\n    $0 t = $@0(i);\n"
   "    $@0(i) = $@0(n - 1 - i);\n"
   "    $@0(n - 1 - i) = t;\n  }\n"},
  {LIB_T_REVERSE_COPY,
   N_ "  for (long long i = 0; i < n; i++)\n"
   "    $@2(i) = $>20($@0(n - 1 - i));\n  return pykc_it_add(a2, n);\n"},
  {LIB_T_SEQUENCE,
   N_ "  for (long long i = 0; i < n; i++)\n    $@0(i) = $>02(($2)(a2 + a3 * ($^2)i));\n"},
  {LIB_T_SWAP_RANGES,
   N_ "  for (long long i = 0; i < n; i++) {\n    $0 t = $@0(i);\n"
   "    $@0(i) = $>02($@2(i));\n    $@2(i) = $>20(t);\n  }\n"
   "  return pykc_it_add(a2, n);\n"},
  {LIB_T_UNIQUE,
   N_ "  long long o = 0;\n  if (n > 0) {\n    $0 prev = $@0(0);\n"
   "    for (long long i = 1; i < n; i++) {\n      $0 temp = $@0(i);\n"
   "      if (!($=00(prev, temp))) {\n        $@0(o) = prev;\n        o++;\n"
   "        prev = temp;\n      }\n    }\n    $@0(o) = prev;\n    o++;\n  }\n"
   "  return pykc_it_add(a0, o);\n"},
  {LIB_T_UNIQUE_BY_KEY,
   N_ "  long long o = 0;\n  if (n > 0) {\n    $0 tk = $@0(0);\n"
   "    $2 tv = $@2(0);\n    for (long long i = 1; i < n; i++) {\n"
   "      $0 key = $@0(i);\n      $2 value = $@2(i);\n"
   "      if (!($=00(tk, key))) {\n        $@0(o) = tk;\n"
   "        $@2(o) = tv;\n        o++;\n        tk = key;\n        tv = value;\n"
   "      }\n    }\n    $@0(o) = tk;\n    $@2(o) = tv;\n    o++;\n"
   "  }\n  return $M(pykc_it_add(a0, o), pykc_it_add(a2, o));\n"},
  {LIB_T_SET_DIFFERENCE, SETOP(E1, SKIP2, SKIP1 SKIP2, REST(E1, "i", "n1"), RET1)},
  {LIB_T_SET_DIFFERENCE_BY_KEY, SETOP(KE1, SKIP2, SKIP1 SKIP2, REST(KE1, "i", "n1"), RETK)},
  {LIB_T_SET_INTERSECTION, SETOP(SKIP1, SKIP2, E1 SKIP2, "", RET1)},
  {LIB_T_SET_INTERSECTION_BY_KEY, SETOP(SKIP1, SKIP2, IE1 SKIP2, "", RETI)},
  {LIB_T_SET_SYMMETRIC_DIFFERENCE,
   SETOP(E1, E2, SKIP1 SKIP2, REST(E1, "i", "n1") REST(E2, "j", "n2"), RET1)},
  {LIB_T_SET_SYMMETRIC_DIFFERENCE_BY_KEY,
   SETOP(KE1, KE2, SKIP1 SKIP2, REST(KE1, "i", "n1") REST(KE2, "j", "n2"), RETK)},
  {LIB_T_SET_UNION, SETOP(E1, E2, E1 SKIP2, REST(E1, "i", "n1") REST(E2, "j", "n2"), RET1)},
  {LIB_T_SET_UNION_BY_KEY,
   SETOP(KE1, KE2, KE1 SKIP2, REST(KE1, "i", "n1") REST(KE2, "j", "n2"), RETK)},
  {LIB_T_SORT, SORT1},
  {LIB_T_STABLE_SORT, SORT1},
  {LIB_T_SORT_BY_KEY, SORT2},
  {LIB_T_STABLE_SORT_BY_KEY, SORT2},
};

/* ---------------------------------------------------------------- printing */

static const char *text_of(LibId id) {
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
    if (texts[i].id == id)
      return texts[i].body;
  return NULL;
}

/* What a text knows of parameter k: the C type of its values ($k: an iterator's elements as
   stored, a value's own) and the kind their arithmetic and comparisons follow. float16
   elements, and the float16 values that are CuPy's float16 class in cupyx's C++ (the
   IR_LIB's ival), are __half computed in float and rounded per operation (TY_FLOAT16);
   other float16 values are cupyx's `float` (TY_FLOAT32). */
typedef struct Slot {
  const char *ct;
  TypeKind kind;
} Slot;

typedef struct Fill {
  Emitter *e;
  const Node *n;
  const char *name;                                /* the instance's */
  Slot sl[10];
} Fill;

static Slot slot(Emitter *e, const Node *n, const Node *a, int k) {
  const Type *t = a->ty->kind == TY_ITER ? a->ty->elem : a->ty;
  bool value = a->ty->kind != TY_ITER || a->ty->n != ITER_ARRAY; /* no element storage */
  if (t->kind == TY_FLOAT16 && value && !(n->ival >> k & 1))
    return (Slot){"float", TY_FLOAT32};
  return (Slot){emit_ctype(e, t), t->kind};
}

/* The C type of a parameter or result: an array's iterator is a pykc_it, a constant or
   counting one its value; a float16 value a float unless it is the class. */
static const char *param_ctype(Fill *F, const Type *t, int k) {
  if (t->kind == TY_ITER && t->n == ITER_ARRAY)
    return "pykc_it";
  if (t->kind == TY_FLOAT16)
    return k >= 0 ? F->sl[k].ct : "float";
  return emit_ctype(F->e, t);
}

static void fill(Fill *F, Buf *o, const char *text);

/* The ')' matching the '(' at OPEN (or the text's end). */
static const char *close_of(const char *open) {
  int depth = 0;
  const char *q = open;
  for (; *q; q++)
    if (*q == '(')
      depth++;
    else if (*q == ')' && --depth == 0)
      break;
  return q;
}

static const Type *arg_type(const Node *n, int k) {
  const Node *a = n->args;
  for (int i = 0; i < k && a; i++)
    a = a->next;
  return a ? a->ty : NULL;
}

/* The kind of iterator parameter k (ITER_ARRAY for a value parameter). */
static int iter_kind(const Node *n, int k) {
  const Type *t = arg_type(n, k);
  return t && t->kind == TY_ITER ? (int)t->n : ITER_ARRAY;
}

/* The text from FROM to TO, filled */
static char *filled(Fill *F, const char *from, const char *to) {
  Buf x = {0};
  fill(F, &x, arena_strndup(&F->e->c->arena, from, (size_t)(to - from)));
  char *s = arena_strndup(&F->e->c->arena, x.data ? x.data : "", x.len);
  buf_free(&x);
  return s;
}

/* X of a placeholder's (X) at OPEN, filled */
static char *inner(Fill *F, const char *open, const char *close) {
  return filled(F, open + 1, close);
}

/* A and B of a placeholder's (A, B) at OPEN, filled (split at the comma outside parens) */
static void inner2(Fill *F, const char *open, const char *close, char **a, char **b) {
  int depth = 0;
  const char *q = open + 1;
  for (; q < close && !(depth == 0 && *q == ','); q++)
    depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
  *a = filled(F, open + 1, q);
  *b = filled(F, q < close ? q + 2 : close, close);
}

static const char *end_of(const char *q) { return *q ? q : q - 1; }

static void use_helper(Emitter *e, HelperKind h, TypeKind k) {
  e->helper_used[h][k] = true;
  e->uses_complex = true;
}

/* $@k(I) at P: element I of iterator parameter k, by its kind: an array's (an lvalue), a
   counting iterator's value + I, a constant iterator's value. Returns the position of ')'. */
static const char *element(Fill *F, Buf *o, const char *p) {
  int k = p[1] - '0';
  const char *q = close_of(p + 2);
  const char *i = inner(F, p + 2, q), *ct = F->sl[k].ct;
  switch (iter_kind(F->n, k)) {
  case ITER_COUNT:
    buf_printf(o, "((%s)(a%d + (%s)(%s)))", ct, k, ct, i);
    break;
  case ITER_CONST:
    buf_printf(o, "(a%d).f0", k);
    break;
  default:
    buf_printf(o, "PYKC_AT(%s, a%d, %s)", ct, k, i);
  }
  return end_of(q);
}

/* pykc_it_add(ak, N) or pykc_it_diff(ak, aj) at P where parameter k is a constant or
   counting iterator: thrust's arithmetic of its kind (a counting iterator moves its value,
   a constant one its index). Returns the position of ')', or NULL where k is an array's. */
static const char *arith(Fill *F, Buf *o, const char *p) {
  bool add = !strncmp(p, "pykc_it_add(a", 13);
  if (!add && strncmp(p, "pykc_it_diff(a", 14))
    return NULL;
  const char *open = p + (add ? 11 : 12);
  int k = open[2] - '0', kind = iter_kind(F->n, k);
  if (kind == ITER_ARRAY)
    return NULL;
  const char *q = close_of(open);
  const char *args = inner(F, open, q), *rest = strstr(args, ", ");
  rest = rest ? rest + 2 : "0";
  if (add && kind == ITER_COUNT)
    buf_printf(o, "(%s)(a%d + (%s))", F->sl[k].ct, k, rest);
  else if (add)
    buf_printf(o, "make_%s((a%d).f0, (a%d).f1 + (%s))", emit_ctype(F->e, arg_type(F->n, k)),
               k, k, rest);
  else if (kind == ITER_COUNT)
    buf_printf(o, "(long long)(a%d - %s)", k, rest);
  else
    buf_printf(o, "((a%d).f1 - (%s).f1)", k, rest);
  return end_of(q);
}

/* X, of kind FROM, as complex TO: itself, the other width's (thrust's converting
   constructor), or a real number with a zero imaginary part. */
static void to_complex(Fill *F, Buf *o, TypeKind to, TypeKind from, const char *x) {
  const char *d = dtype_info[to].name;
  if (from == to)
    buf_puts(o, x);
  else if (type_is_complex(from)) {
    use_helper(F->e, HK_CCVT, to);
    buf_printf(o, "py_ccvt_%s(%s)", d, x);
  } else {
    use_helper(F->e, HK_CMAKE, to);
    buf_printf(o, "py_cmake_%s((%s)(%s), 0)", d, dtype_info[type_part_of(to)].ctype, x);
  }
}

/* X, of parameter FROM's kind (or 'i' an integer, 'b' a bool, 't' replace_copy's ?: of
   parameters 0 and 4: the complex one's kind where one is), converted to parameter k's
   type as the GPU converts: a C cast (PTX cvt.rzi for floats to integers: saturating, NaN
   to 0), and on the CPU the float to integer conversions through cpu_rt.h's pykc_cvt_*
   (C's cast of an out-of-range float is undefined), chosen by X's C type (_Generic). */
static void convert(Fill *F, Buf *o, int k, char src, const char *x) {
  Emitter *e = F->e;
  TypeKind to = F->sl[k].kind;
  TypeKind from = src == 'i' ? TY_INT64 : src == 'b' ? TY_BOOL
                  : src == 't' ? (type_is_complex(F->sl[4].kind) ? F->sl[4] : F->sl[0]).kind
                               : F->sl[src - '0'].kind;
  const char *ct = F->sl[k].ct;
  if (type_is_complex(to))
    to_complex(F, o, to, from, x);
  else if (type_is_complex(from))                  /* sema_thrust.c's flows refuse it */
    diag_plain(e->c, "internal error: thrust.%s converts a complex to a real type",
               F->n->lib->name);
  else if (src == 'i' || src == 'b')
    buf_printf(o, src == 'i' ? "(%s)%s" : "%.0s%s", ct, x);
  else if (!type_is_int(to) || !e->tg->cvt_prefix)
    buf_printf(o, "(%s)(%s)", ct, x);
  else if (e->cxx)                                 /* C++ (with kernel forms): overloads */
    buf_printf(o, from == TY_FLOAT16 ? "pykc_to_%s((float)(%s))" : "pykc_to_%s(%s)",
               dtype_info[to].name, x);
  else {
    int bits = dtype_info[to].size * 8;
    char cvt[48];
    snprintf(cvt, sizeof cvt, "(%s)%s%c%d", ct, e->tg->cvt_prefix,
             type_is_unsigned(to) ? 'u' : 'i', bits < 32 ? 32 : bits);
    if (from == TY_FLOAT16)
      buf_printf(o, "%s((float)(%s))", cvt, x);
    else
      buf_printf(o, "_Generic((%s), float: %s(%s), double: %s(%s), default: (%s)(%s))", x,
                 cvt, x, cvt, x, ct, x);
  }
}

/* A op B in parameter k's type (op + - * and &, a + whose C type is C's): complex through
   the helpers (CuPy's thrust::complex formulas), the float16 class in float rounded to half,
   other types in C converted to the type, as thrust's plus<T>(a, b) returns a T. */
static void binary(Fill *F, Buf *o, int k, char op, const char *a, const char *b) {
  TypeKind t = F->sl[k].kind;
  const char *ct = F->sl[k].ct;
  if (type_is_complex(t)) {
    HelperKind h = op == '-' ? HK_CSUB : op == '*' ? HK_CMUL : HK_CADD;
    use_helper(F->e, h, t);
    buf_printf(o, "py_%s_%s(%s, %s)", helper_names[h], dtype_info[t].name, a, b);
  } else if (t == TY_FLOAT16)
    buf_printf(o, "(%s)((float)(%s) %c (float)(%s))", ct, a, op == '&' ? '+' : op, b);
  else if (op == '&')
    buf_printf(o, "%s + %s", a, b);
  else
    buf_printf(o, "(%s)(%s %c %s)", ct, a, op, b);
}

/* A == B or A < B, A of parameter j's kind, B of k's: complex through the helpers (CuPy's
   operators; a real side becomes the complex, as thrust::complex's T == complex<T> reads
   it), a float16 class value against another type in float (C++ converts the class to
   float; C would convert the other to half). */
static void compare(Fill *F, Buf *o, char op, int j, int k, const char *a, const char *b) {
  TypeKind ta = F->sl[j].kind, tb = F->sl[k].kind;
  if (type_is_complex(ta) || type_is_complex(tb)) {
    TypeKind c = type_is_complex(ta) ? ta : tb;
    HelperKind h = op == '<' ? HK_CLESS : HK_CEQ;
    use_helper(F->e, h, c);
    buf_printf(o, "py_%s_%s(", helper_names[h], dtype_info[c].name);
    to_complex(F, o, c, ta, a);
    buf_puts(o, ", ");
    to_complex(F, o, c, tb, b);
    buf_putc(o, ')');
    return;
  }
  bool fa = ta == TY_FLOAT16 && tb != TY_FLOAT16, fb = tb == TY_FLOAT16 && ta != TY_FLOAT16;
  buf_printf(o, fa ? "(float)(%s) %s " : "%s %s ", a, op == '<' ? "<" : "==");
  buf_printf(o, fb ? "(float)(%s)" : "%s", b);
}

/* The placeholder at P ("$>kX(", "$<jk(", "$+k(", ...): printed; returns the position of
   its ')', or NULL where P is none of them. */
static const char *operation(Fill *F, Buf *o, const char *p) {
  char c = p[1];
  if (!c || !strchr("><=+-*&~", c) || p[2] < '0' || p[2] > '9')
    return NULL;
  bool two = c == '>' || c == '<' || c == '=' || c == '~';
  if (two && (!p[3] || !strchr("0123456789ibt", p[3])))
    return NULL;
  const char *open = p + (two ? 4 : 3);
  if (*open != '(')
    return NULL;
  const char *q = close_of(open);
  int k = p[2] - '0';
  if (c == '>') {
    convert(F, o, k, p[3], inner(F, open, q));
    return end_of(q);
  }
  if (c == '~') {                                  /* an arm of ?: whose other is p[3]'s */
    const char *x = inner(F, open, q);
    TypeKind other = F->sl[p[3] - '0'].kind, t = F->sl[k].kind;
    if (type_is_complex(other) && !type_is_complex(t))
      to_complex(F, o, other, t, x);
    else
      buf_printf(o, t == TY_FLOAT16 ? "(float)(%s)" : "%s", x);
    return end_of(q);
  }
  char *a, *b;
  inner2(F, open, q, &a, &b);
  if (c == '<' || c == '=')
    compare(F, o, c, k, p[3] - '0', a, b);
  else
    binary(F, o, k, c, a, b);
  return end_of(q);
}

/* TEXT with its placeholders filled, into O */
static void fill(Fill *F, Buf *o, const char *text) {
  Emitter *e = F->e;
  for (const char *p = text; *p; p++) {
    const char *end = *p == 'p' ? arith(F, o, p) : *p == '$' ? operation(F, o, p) : NULL;
    if (end) {
      p = end;
      continue;
    }
    if (*p != '$' || !p[1]) {
      buf_putc(o, *p);
      continue;
    }
    char c = *++p;
    if (c == '@' && p[1] >= '0' && p[1] <= '9' && p[2] == '(') {
      p = element(F, o, p);
      continue;
    }
    if (c == '^' && p[1] >= '0' && p[1] <= '9') {  /* $^k: k's computation type */
      int k = *++p - '0';
      buf_puts(o, F->sl[k].kind == TY_FLOAT16 ? "float" : F->sl[k].ct);
    } else if (c >= '0' && c <= '9')
      buf_puts(o, F->sl[c - '0'].ct ? F->sl[c - '0'].ct : "void");
    else if (c == 'R')
      buf_puts(o, param_ctype(F, F->n->ty, -1));
    else if (c == 'M')
      buf_printf(o, "make_%s", emit_tuple_name(e, F->n->ty));
    else if (c == 'N')
      buf_puts(o, F->name);
    else if (c == 'Q')
      buf_puts(o, e->tg->device_qual);
    else
      diag_plain(e->c, "internal error: thrust text placeholder $%c", c);
  }
}

/* The instance's name: the algorithm's and its arguments' type codes (h: a float16 value
   of CuPy's class). */
static const char *instance_name(Emitter *e, const Node *n) {
  Buf b = {0};
  buf_printf(&b, "pykc_thrust_%s", n->lib->name);
  int k = 0;
  for (const Node *a = n->args; a; a = a->next, k++)
    buf_printf(&b, "_%s%s", ty_code(e->c, a->ty), n->ival >> k & 1 ? "h" : "");
  const char *s = arena_strndup(&e->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* Prints the instance's definition into e->thrust_defs, once. */
static void define(Emitter *e, const Node *n, const char *name) {
  for (int i = 0; i < e->nthrust; i++)
    if (!strcmp(e->thrust_names[i], name))
      return;
  if (e->nthrust == e->capthrust) {
    e->capthrust = e->capthrust ? 2 * e->capthrust : 8;
    const char **nn = arena_alloc(&e->c->arena, sizeof *nn * (size_t)e->capthrust);
    if (e->nthrust)
      memcpy(nn, e->thrust_names, sizeof *nn * (size_t)e->nthrust);
    e->thrust_names = nn;
  }
  e->thrust_names[e->nthrust++] = name;
  const char *text = text_of(n->lib->id);
  if (!text) {
    diag_plain(e->c, "internal error: no text for thrust.%s", n->lib->name);
    return;
  }
  Fill F = {.e = e, .n = n, .name = name};
  int k = 0;
  for (const Node *a = n->args; a && k < 10; a = a->next, k++)
    F.sl[k] = slot(e, n, a, k);
  Buf *o = &e->thrust_defs;
  const char *split = strstr(text, "@@");
  buf_putc(o, '\n');
  if (split) {
    fill(&F, o, arena_strndup(&e->c->arena, text, (size_t)(split - text)));
    text = split + 2;
  }
  buf_printf(o, "%s %s %s(", e->tg->device_qual, param_ctype(&F, n->ty, -1), name);
  k = 0;
  for (const Node *a = n->args; a; a = a->next, k++)
    buf_printf(o, "%s%s a%d", k ? ", " : "", param_ctype(&F, a->ty, k), k);
  buf_puts(o, ") {\n");
  fill(&F, o, text);
  buf_puts(o, "}\n");
}

void emit_thrust_call(Emitter *e, const Node *n) {
  const char *name = instance_name(e, n);
  define(e, n, name);
  put(e, name);
  put(e, "(");
  int k = 0;
  for (const Node *a = n->args; a; a = a->next, k++) {
    if (n->ival >> k & 1)                          /* CuPy's float16 class: a __half */
      emit_storage_value(e, a);
    else
      emit_expr(e, a, P_LOWEST);
    if (a->next)
      put(e, ", ");
  }
  put(e, ")");
}

void emit_thrust_prelude(Emitter *e, Buf *o) {
  const char *q = e->tg->helper_qual;
  buf_puts(o, "// jit.thrust's iterators: a byte address and a byte stride\n"
              "typedef struct { char *p; long long s; } pykc_it;\n"
              "#define PYKC_AT(T, it, i) (*(T *)((it).p + (long long)(i) * (it).s))\n");
  buf_printf(o, "%s pykc_it pykc_it_make(char *p, long long s) {\n  pykc_it r;\n  r.p = p;\n"
                "  r.s = s;\n  return r;\n}\n", q);
  buf_printf(o, "%s pykc_it pykc_it_add(pykc_it a, long long n) {\n  a.p += n * a.s;\n"
                "  return a;\n}\n", q);
  buf_printf(o, "%s long long pykc_it_diff(pykc_it a, pykc_it b) {\n"
                "  return a.s ? (a.p - b.p) / a.s : 0;\n}\n", q);
  buf_printf(o, "%s char *pykc_it_at(pykc_it a, long long i) {\n  return a.p + i * a.s;\n}\n", q);
  if (!e->cxx || !e->tg->cvt_prefix)
    return;
  /* the CPU's C++ (a unit with kernel forms): convert()'s conversions as overloads */
  for (int k = 0; k < TY_NSCALAR; k++) {
    if (!type_is_int(k))
      continue;
    int bits = dtype_info[k].size * 8;
    const char *T = dtype_info[k].ctype, *nm = dtype_info[k].name;
    char cvt[32];
    snprintf(cvt, sizeof cvt, "%s%c%d", e->tg->cvt_prefix, type_is_unsigned(k) ? 'u' : 'i',
             bits < 32 ? 32 : bits);
    buf_printf(o, "template <typename S> static inline %s pykc_to_%s(S x) { return (%s)x; }\n"
                  "static inline %s pykc_to_%s(float x) { return (%s)%s(x); }\n"
                  "static inline %s pykc_to_%s(double x) { return (%s)%s(x); }\n",
               T, nm, T, T, nm, T, cvt, T, nm, T, cvt);
  }
}
