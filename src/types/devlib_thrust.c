/*
 * devlib_thrust.c: cupyx.jit's jit.thrust as rows of the device-library table (devlib.c):
 * the execution policies, the iterators (an array's begin()/end(), shared memory, thrust's
 * constant and counting iterators) and their arithmetic, and every algorithm cupyx.jit
 * exposes, with cupyx's typing (cupyx/jit/thrust.py). A kernel's algorithm runs in the
 * calling thread, as thrust's sequential backend runs it in device code whatever the
 * policy (thrust.device dispatches to it without dynamic parallelism): the emitter prints
 * each algorithm's body once per instance (emit/emit_thrust.c), the same text on both
 * targets.
 *
 * An algorithm's `sig` lists its parameters after exec_policy, as cupyx names them (they
 * bind by position or keyword), each NAME:C with C one of
 *   F  an iterator (the latest F is the range whose element type S and E refer to)
 *   L  the same type as the parameter before it (a range's last)
 *   S  an iterator over the latest F's element type
 *   P  any iterator        T  an iterator over the latest P's element type
 *   I, M  an F, a P over integers (gather's and scatter's map: its values are indices)
 *   E  a value of the latest F's element type     V  a value
 *   W  a value of the latest V's type
 *   X  an option cupyx.jit does not support (comp, binary_op, ...): an error when given
 * a `!` after C where the algorithm stores through it (no constant or counting iterator
 * there), and a `?D` suffix for an optional one, D its default: z<k> zero of parameter k's element
 * type, o one of the latest V's type, nothing for X. `ret` is v (None), b (bool), i
 * (int32), k (parameter k's type) or k,m (a tuple of two parameters' types).
 *
 * `flow` (after sig's `|`) says how values meet in thrust's code, for the C++ rules that
 * decide whether cupyx.jit's kernel compiles (sema_thrust.c checks them for complex and
 * float16 values), each a digit, an operator and a digit:
 *   a>b  a's values are assigned to b's elements         a~b  a's values initialize b's type
 *   a=b  a's values are compared with b's by ==          a<b  ... by <
 *   a#   a's type times an integer
 */
#include "types.h"

#define O TY_OBJ
#define I TY_ITER
#define ALG(id, name, sig, ret, flow)                                                    \
  {id, OBJ_NONE, name, -2, TY_VOID, OBJ_NONE, "%H", "%H", LIBF_THRUST, sig "|" flow, ret}
#define IT(id, name, n, res, spell)                                                     \
  {id, OBJ_NONE, name, n, res, OBJ_NONE, spell, spell, LIBF_THRUST | LIBF_PURE, NULL, NULL}

const LibOp lib_thrust_ops[] = {
  {LIB_THRUST_DEVICE, OBJ_NONE, "device", -1, O, OBJ_POLICY, "", "", LIBF_THRUST, NULL, NULL},
  {LIB_THRUST_SEQ, OBJ_NONE, "seq", -1, O, OBJ_POLICY, "", "", LIBF_THRUST, NULL, NULL},
  {LIB_THRUST_HOST, OBJ_NONE, "host", -1, O, OBJ_POLICY, "", "", LIBF_THRUST, NULL, NULL},

  /* iterators: pykc_it {char *p; long long s;}, a byte address and stride (pykc_it_* are
     emit_thrust.c's preamble); a counting iterator is its value, a constant one a tuple
     (value, index): thrust's constant_iterator counts its position too (c + n - c is n) */
  IT(LIB_IT_BEGIN, "begin", 0, I, "pykc_it_make((char *)(%0).data, (%0).strides[0])"),
  IT(LIB_IT_BEGIN_C, "begin", 0, I, "pykc_it_make((char *)(%0).data, (long long)sizeof *(%0).data)"),
  IT(LIB_IT_END, "end", 0, I,
     "pykc_it_make((char *)(%0).data + (%0).shape[0] * (%0).strides[0], (%0).strides[0])"),
  IT(LIB_IT_END_C, "end", 0, I,
     "pykc_it_make((char *)((%0).data + (%0).shape[0]), (long long)sizeof *(%0).data)"),
  IT(LIB_IT_PTR, "", 1, I, "pykc_it_make((char *)(%0), (long long)sizeof *(%0))"),
  IT(LIB_IT_ADD, "+", 2, I, "pykc_it_add(%0, %1)"),
  IT(LIB_IT_DIFF, "-", 2, TY_INT64, "pykc_it_diff(%0, %1)"),
  IT(LIB_IT_AT, "[]", 2, TY_PTR, "((%e *)pykc_it_at(%0, %1))"), /* it[i]: this [0] */
  IT(LIB_PTR_ADD, "+", 2, TY_PTR, "(%0 + %1)"),
  IT(LIB_PTR_DIFF, "-", 2, TY_INT64, "(long long)(%0 - %1)"),
  IT(LIB_MAKE_CONST_IT, "make_constant_iterator", 1, I, "make_%r(%0, 0)"),
  IT(LIB_MAKE_COUNT_IT, "make_counting_iterator", 1, I, "%0"),
  IT(LIB_CONST_AT, "[]", 2, TY_VOID, "((void)(%1), (%0).f0)"),
  IT(LIB_COUNT_AT, "[]", 2, TY_VOID, "(%r)(%0 + (%r)(%1))"),
  IT(LIB_CONST_ADD, "+", 2, I, "make_%r((%0).f0, (%0).f1 + (%1))"),
  IT(LIB_CONST_DIFF, "-", 2, TY_INT64, "((%0).f1 - (%1).f1)"),
  IT(LIB_COUNT_ADD, "+", 2, I, "(%r)(%0 + %1)"),
  IT(LIB_COUNT_DIFF, "-", 2, TY_INT64, "(long long)(%0 - %1)"),

  /* the algorithms */
  ALG(LIB_T_ADJACENT_DIFFERENCE, "adjacent_difference", "first:F last:L result:S! binary_op:X?",
      "2", ""),
  ALG(LIB_T_BINARY_SEARCH, "binary_search", "first:F last:L value:E comp:X?", "b", "0<2"),
  ALG(LIB_T_BINARY_SEARCH_VEC, "binary_search",
      "first:F last:L values_first:S values_last:L result:P! comp:X?", "4", "0<2"),
  ALG(LIB_T_COPY, "copy", "first:F last:L result:S!", "2", ""),
  ALG(LIB_T_COUNT, "count", "first:F last:L value:V", "i", "0=2"),
  ALG(LIB_T_EQUAL, "equal", "first1:F last1:L first2:S binary_pred:X?", "b", ""),
  ALG(LIB_T_EQUAL_RANGE, "equal_range", "first:F last:L value:V comp:X?", "0,0", "0<2"),
  ALG(LIB_T_EXCLUSIVE_SCAN, "exclusive_scan",
      "first:F last:L result:S! init:V?z0 binary_op:X?", "2", "0~3 3>2"),
  ALG(LIB_T_EXCLUSIVE_SCAN_BY_KEY, "exclusive_scan_by_key",
      "first1:F last1:L first2:P result:T! init:V?z2 binary_pred:X? binary_op:X?", "3", "2~4 4>3"),
  ALG(LIB_T_FILL, "fill", "first:F! last:L value:V", "v", "2>0"),
  ALG(LIB_T_FIND, "find", "first:F last:L value:V", "0", "0=2"),
  ALG(LIB_T_GATHER, "gather", "map_first:I map_last:L input_first:P result:T!", "3", ""),
  ALG(LIB_T_INCLUSIVE_SCAN, "inclusive_scan", "first:F last:L result:S! binary_op:X?", "2", ""),
  ALG(LIB_T_INCLUSIVE_SCAN_BY_KEY, "inclusive_scan_by_key",
      "first1:F last1:L first2:P result:T! binary_pred:X? binary_op:X?", "3", ""),
  ALG(LIB_T_INNER_PRODUCT, "inner_product",
      "first1:F last1:L first2:S init:V binary_op1:X? binary_op2:X?", "3", "0~3"),
  ALG(LIB_T_IS_SORTED, "is_sorted", "first:F last:L comp:X?", "b", ""),
  ALG(LIB_T_IS_SORTED_UNTIL, "is_sorted_until", "first:F last:L comp:X?", "0", ""),
  ALG(LIB_T_LOWER_BOUND, "lower_bound", "first:F last:L value:E comp:X?", "0", "0<2"),
  ALG(LIB_T_LOWER_BOUND_VEC, "lower_bound",
      "first:F last:L values_first:S values_last:L result:P! comp:X?", "4", "0<2"),
  ALG(LIB_T_MISMATCH, "mismatch", "first1:F last1:L first2:S pred:X?", "0,2", ""),
  ALG(LIB_T_REDUCE, "reduce", "first:F last:L init:V?z0 binary_op:X?", "2", "0~2"),
  ALG(LIB_T_REDUCE_BY_KEY, "reduce_by_key",
      "keys_first:F keys_last:L values_first:P keys_output:P! values_output:P! binary_pred:X? "
      "binary_op:X?", "3,4", "0>3 2~4 4>2 2>4"),
  ALG(LIB_T_REMOVE, "remove", "first:F! last:L value:V", "0", "0=2"),
  ALG(LIB_T_REMOVE_COPY, "remove_copy", "first:F last:L result:P! value:V", "2", "0>2 0=3"),
  ALG(LIB_T_REPLACE, "replace", "first:F! last:L old_value:V new_value:W", "v", "0=2 3>0"),
  ALG(LIB_T_REPLACE_COPY, "replace_copy", "first:F last:L result:P! old_value:V new_value:W", "2",
      "0=3 0>2 4>2"),
  ALG(LIB_T_REVERSE, "reverse", "first:F! last:L", "v", ""),
  ALG(LIB_T_REVERSE_COPY, "reverse_copy", "first:F last:L result:P!", "2", "0>2"),
  ALG(LIB_T_SCATTER, "scatter", "first:F last:L map:M result:P!", "v", "0>3"),
  ALG(LIB_T_SEQUENCE, "sequence", "first:F! last:L init:V?z0 step:W?o", "v", "2# 2>0"),
  ALG(LIB_T_SET_DIFFERENCE, "set_difference",
      "first1:F last1:L first2:P last2:L result:P! comp:X?", "4", "0<2 0>4 2>4"),
  ALG(LIB_T_SET_DIFFERENCE_BY_KEY, "set_difference_by_key",
      "keys_first1:F keys_last1:L keys_first2:P keys_last2:L values_first1:P values_first2:P "
      "keys_result:P! values_result:P! comp:X?", "6,7", "0<2 0>6 2>6 4>7 5>7"),
  ALG(LIB_T_SET_INTERSECTION, "set_intersection",
      "first1:F last1:L first2:P last2:L result:P! comp:X?", "4", "0<2 0>4 2>4"),
  ALG(LIB_T_SET_INTERSECTION_BY_KEY, "set_intersection_by_key",
      "keys_first1:F keys_last1:L keys_first2:P keys_last2:L values_first1:P keys_result:P! "
      "values_result:P! comp:X?", "5,6", "0<2 0>5 4>6"),
  ALG(LIB_T_SET_SYMMETRIC_DIFFERENCE, "set_symmetric_difference",
      "first1:F last1:L first2:P last2:L result:P! comp:X?", "4", "0<2 0>4 2>4"),
  ALG(LIB_T_SET_SYMMETRIC_DIFFERENCE_BY_KEY, "set_symmetric_difference_by_key",
      "keys_first1:F keys_last1:L keys_first2:P keys_last2:L values_first1:P values_first2:P "
      "keys_result:P! values_result:P! comp:X?", "6,7", "0<2 0>6 2>6 4>7 5>7"),
  ALG(LIB_T_SET_UNION, "set_union", "first1:F last1:L first2:P last2:L result:P! comp:X?", "4",
      "0<2 0>4 2>4"),
  ALG(LIB_T_SET_UNION_BY_KEY, "set_union_by_key",
      "keys_first1:F keys_last1:L keys_first2:P keys_last2:L values_first1:P values_first2:P "
      "keys_result:P! values_result:P! comp:X?", "6,7", "0<2 0>6 2>6 4>7 5>7"),
  ALG(LIB_T_SORT, "sort", "first:F! last:L comp:X?", "v", ""),
  ALG(LIB_T_SORT_BY_KEY, "sort_by_key", "keys_first:F! keys_last:L values_first:P! comp:X?", "v",
      ""),
  ALG(LIB_T_STABLE_SORT, "stable_sort", "first:F! last:L comp:X?", "v", ""),
  ALG(LIB_T_STABLE_SORT_BY_KEY, "stable_sort_by_key",
      "keys_first:F! keys_last:L values_first:P! comp:X?", "v", ""),
  ALG(LIB_T_SWAP_RANGES, "swap_ranges", "first1:F! last1:L first2:P!", "2", "0>2 2>0"),
  ALG(LIB_T_UNIQUE, "unique", "first:F! last:L binary_pred:X?", "0", ""),
  ALG(LIB_T_UNIQUE_BY_KEY, "unique_by_key",
      "keys_first:F! keys_last:L values_first:P! binary_pred:X?", "0,2", ""),
  ALG(LIB_T_UPPER_BOUND, "upper_bound", "first:F last:L value:E comp:X?", "0", "0<2"),
  ALG(LIB_T_UPPER_BOUND_VEC, "upper_bound",
      "first:F last:L values_first:S values_last:L result:P! comp:X?", "4", "0<2"),
};

const int lib_thrust_nops = sizeof lib_thrust_ops / sizeof *lib_thrust_ops;

#undef O
#undef I
#undef ALG
#undef IT
