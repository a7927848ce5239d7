/*
 * devlib.c: cupyx.jit's device libraries, jit.cg (cooperative groups) and jit.cub (CUB's
 * warp and block reductions), as one table of operations. A row says what the operation
 * takes (its receiver's object kind, its argument count), what it gives (a scalar type or
 * an object), how each target spells it and what it needs of the unit (headers) and of the
 * launch (a cooperative one). CUDA spells it as cupyx.jit does (cg::...), but for jit.cub,
 * whose classes are emit_cuda.c's pykc_cub (CUB's computation without its headers); the C
 * target calls the CPU backend's preamble (cpu/cpu_rt.h: pykc_cg_*, pykc_cub_*), which
 * computes what the GPU computes (CUB's order of operations included).
 *
 * Spellings: %0..%9 are the receiver (when there is one) and then the arguments, %T the
 * receiver's CUB class (pykc_cub::WarpReduce<float>), %t the dtype name of the T it
 * computes in (float32), %n its BLOCK_DIM_X.
 *
 * A reducer of float16 computes in float32, as cupyx.jit's does: its float16 values are C
 * floats (_cuda_types.Scalar spells float16 `float`), so `WarpReduce[float16]` is
 * `pykc_cub::WarpReduce<float>`, each step a float addition, the result rounded once where
 * it is stored. A complex reducer adds and compares as CuPy's complex<T> does (emit_complex.c's
 * cub helpers: the parts added; real parts compared, then imaginary ones).
 *
 * jit.thrust's rows are devlib_thrust.c's (the same LibOp, with a signature); lib_find and
 * lib_op search both.
 */
#include "types.h"

#include <string.h>

#define V TY_VOID
#define O TY_OBJ

static const LibOp ops[] = {
  /* jit.cg's functions */
  {LIB_THIS_THREAD_BLOCK, OBJ_NONE, "this_thread_block", 0, O, OBJ_THREAD_BLOCK,
   "cg::this_thread_block()", "pykc_cg_this_group()", LIBF_CG, NULL, NULL},
  {LIB_THIS_GRID, OBJ_NONE, "this_grid", 0, O, OBJ_GRID,
   "cg::this_grid()", "pykc_cg_this_group()", LIBF_CG, NULL, NULL},
  {LIB_CG_SYNC, OBJ_NONE, "sync", 1, V, OBJ_NONE, "cg::sync(%0)", "__syncthreads()", LIBF_CG, NULL, NULL},
  {LIB_CG_SYNC_GRID, OBJ_NONE, "sync", 1, V, OBJ_NONE, "cg::sync(%0)", "pykc_grid_sync()",
   LIBF_CG | LIBF_GRID_SYNC, NULL, NULL},
  {LIB_CG_WAIT, OBJ_NONE, "wait", 1, V, OBJ_NONE, "cg::wait(%0)", "pykc_cg_wait()",
   LIBF_CG | LIBF_MEMCPY, NULL, NULL},
  {LIB_CG_WAIT_PRIOR, OBJ_NONE, "wait_prior", 2, V, OBJ_NONE, "cg::wait_prior<%1>(%0)",
   "pykc_cg_wait()", LIBF_CG | LIBF_MEMCPY, NULL, NULL},
  {LIB_MEMCPY_ASYNC, OBJ_NONE, "memcpy_async", 4, V, OBJ_NONE,
   "cg::memcpy_async(%0, %1, %2, %3)", "pykc_cg_memcpy_async(%1, %2, %3)",
   LIBF_CG | LIBF_MEMCPY, NULL, NULL},
  {LIB_MEMCPY_ASYNC_ALIGNED, OBJ_NONE, "memcpy_async", 5, V, OBJ_NONE,
   "cg::memcpy_async(%0, %1, %2, cuda::aligned_size_t<%4>(%3))",
   "pykc_cg_memcpy_async(%1, %2, %3)", LIBF_CG | LIBF_MEMCPY, NULL, NULL},

  /* thread_block */
  {LIB_TB_SYNC, OBJ_THREAD_BLOCK, "sync", 0, V, OBJ_NONE, "%0.sync()", "__syncthreads()", LIBF_CG, NULL, NULL},
  {LIB_TB_THREAD_RANK, OBJ_THREAD_BLOCK, "thread_rank", 0, TY_UINT32, OBJ_NONE,
   "%0.thread_rank()", "pykc_cg_block_rank()", LIBF_CG, NULL, NULL},
  {LIB_TB_GROUP_INDEX, OBJ_THREAD_BLOCK, "group_index", 0, O, OBJ_DIM3,
   "%0.group_index()", "blockIdx", LIBF_CG, NULL, NULL},
  {LIB_TB_THREAD_INDEX, OBJ_THREAD_BLOCK, "thread_index", 0, O, OBJ_DIM3,
   "%0.thread_index()", "threadIdx", LIBF_CG, NULL, NULL},
  {LIB_TB_DIM_THREADS, OBJ_THREAD_BLOCK, "dim_threads", 0, O, OBJ_DIM3,
   "%0.dim_threads()", "blockDim", LIBF_CG, NULL, NULL},
  {LIB_TB_NUM_THREADS, OBJ_THREAD_BLOCK, "num_threads", 0, TY_UINT32, OBJ_NONE,
   "%0.num_threads()", "pykc_cg_block_size()", LIBF_CG, NULL, NULL},
  {LIB_TB_SIZE, OBJ_THREAD_BLOCK, "size", 0, TY_UINT32, OBJ_NONE,
   "%0.size()", "pykc_cg_block_size()", LIBF_CG, NULL, NULL},
  {LIB_TB_GROUP_DIM, OBJ_THREAD_BLOCK, "group_dim", 0, O, OBJ_DIM3,
   "%0.group_dim()", "blockDim", LIBF_CG, NULL, NULL},

  /* grid_group */
  {LIB_GG_SYNC, OBJ_GRID, "sync", 0, V, OBJ_NONE, "%0.sync()", "pykc_grid_sync()",
   LIBF_CG | LIBF_GRID_SYNC, NULL, NULL},
  {LIB_GG_IS_VALID, OBJ_GRID, "is_valid", 0, TY_BOOL, OBJ_NONE,
   "%0.is_valid()", "pykc_cg_grid_valid()", LIBF_CG, NULL, NULL},
  {LIB_GG_THREAD_RANK, OBJ_GRID, "thread_rank", 0, TY_UINT64, OBJ_NONE,
   "%0.thread_rank()", "pykc_cg_grid_rank()", LIBF_CG, NULL, NULL},
  {LIB_GG_BLOCK_RANK, OBJ_GRID, "block_rank", 0, TY_UINT64, OBJ_NONE,
   "%0.block_rank()", "pykc_cg_grid_block_rank()", LIBF_CG, NULL, NULL},
  {LIB_GG_NUM_THREADS, OBJ_GRID, "num_threads", 0, TY_UINT64, OBJ_NONE,
   "%0.num_threads()", "pykc_cg_grid_size()", LIBF_CG, NULL, NULL},
  {LIB_GG_NUM_BLOCKS, OBJ_GRID, "num_blocks", 0, TY_UINT64, OBJ_NONE,
   "%0.num_blocks()", "pykc_cg_grid_blocks()", LIBF_CG, NULL, NULL},
  {LIB_GG_DIM_BLOCKS, OBJ_GRID, "dim_blocks", 0, O, OBJ_DIM3,
   "%0.dim_blocks()", "gridDim", LIBF_CG, NULL, NULL},
  {LIB_GG_BLOCK_INDEX, OBJ_GRID, "block_index", 0, O, OBJ_DIM3,
   "%0.block_index()", "blockIdx", LIBF_CG, NULL, NULL},
  {LIB_GG_SIZE, OBJ_GRID, "size", 0, TY_UINT64, OBJ_NONE,
   "%0.size()", "pykc_cg_grid_size()", LIBF_CG, NULL, NULL},
  {LIB_GG_GROUP_DIM, OBJ_GRID, "group_dim", 0, O, OBJ_DIM3,
   "%0.group_dim()", "gridDim", LIBF_CG, NULL, NULL},

  /* dim3 */
  {LIB_DIM3_X, OBJ_DIM3, "x", -1, TY_UINT32, OBJ_NONE, "%0.x", "%0.x", 0, NULL, NULL},
  {LIB_DIM3_Y, OBJ_DIM3, "y", -1, TY_UINT32, OBJ_NONE, "%0.y", "%0.y", 0, NULL, NULL},
  {LIB_DIM3_Z, OBJ_DIM3, "z", -1, TY_UINT32, OBJ_NONE, "%0.z", "%0.z", 0, NULL, NULL},

  /* jit.cub: the reducers (constructed on their TempStorage) and the functors */
  {LIB_CUB_NEW, OBJ_NONE, "", 1, O, OBJ_NONE, "%T(%0)", "&%0", LIBF_CUB, NULL, NULL},
  {LIB_CUB_SUM, OBJ_WARP_REDUCE, "Sum", 1, O, OBJ_NONE,
   "%0.Sum(%1)", "pykc_cub_warp_%t(%0, %1, PYKC_CUB_SUM)", LIBF_CUB, NULL, NULL},
  {LIB_CUB_REDUCE, OBJ_WARP_REDUCE, "Reduce", 2, O, OBJ_NONE,
   "%0.Reduce(%1, %2)", "pykc_cub_warp_%t(%0, %1, %2)", LIBF_CUB, NULL, NULL},
  {LIB_CUB_BSUM, OBJ_BLOCK_REDUCE, "Sum", 1, O, OBJ_NONE,
   "%0.Sum(%1)", "pykc_cub_block_%t(%0, %1, PYKC_CUB_SUM, %n)", LIBF_CUB, NULL, NULL},
  {LIB_CUB_BREDUCE, OBJ_BLOCK_REDUCE, "Reduce", 2, O, OBJ_NONE,
   "%0.Reduce(%1, %2)", "pykc_cub_block_%t(%0, %1, %2, %n)", LIBF_CUB, NULL, NULL},
  {LIB_CUB_OP_SUM, OBJ_NONE, "Sum", 0, O, OBJ_CUB_OP, "pykc_cub::Sum()", "PYKC_CUB_SUM",
   LIBF_CUB, NULL, NULL},
  {LIB_CUB_OP_MAX, OBJ_NONE, "Max", 0, O, OBJ_CUB_OP, "pykc_cub::Max()", "PYKC_CUB_MAX",
   LIBF_CUB, NULL, NULL},
  {LIB_CUB_OP_MIN, OBJ_NONE, "Min", 0, O, OBJ_CUB_OP, "pykc_cub::Min()", "PYKC_CUB_MIN",
   LIBF_CUB, NULL, NULL},
};

#undef V
#undef O

enum { NOPS = sizeof ops / sizeof *ops };

/* Row I of the one table: devlib.c's rows, then devlib_thrust.c's. */
static const LibOp *row(int i) { return i < NOPS ? &ops[i] : &lib_thrust_ops[i - NOPS]; }

const LibOp *lib_find(ObjKind recv, const char *name) {
  for (int i = 0; i < NOPS + lib_thrust_nops; i++)
    if (row(i)->recv == recv && !row(i)->sig && !strcmp(row(i)->name, name))
      return row(i);
  return NULL;
}

const LibOp *lib_op(LibId id) {
  for (int i = 0; i < NOPS + lib_thrust_nops; i++)
    if (row(i)->id == id)
      return row(i);
  return NULL;
}

/* Its required and total parameter counts ("name:C" and "name:C?D" words, before the
   flow's '|'). */
static void sig_counts(const char *sig, int *need, int *total) {
  *need = *total = 0;
  for (const char *p = sig; *p && *p != '|'; p++)
    if (*p == ':') {
      ++*total;
      const char *q = p;
      while (*q && *q != ' ' && *q != '?' && *q != '|')
        q++;
      *need += *q != '?';
    }
}

const LibOp *lib_thrust_find(const char *name, int nargs) {
  const LibOp *first = NULL;
  for (int i = 0; i < lib_thrust_nops; i++) {
    const LibOp *op = &lib_thrust_ops[i];
    if (!op->sig || strcmp(op->name, name))
      continue;
    int need, total;
    sig_counts(op->sig, &need, &total);
    if (nargs >= need && nargs <= total)
      return op;
    if (!first)
      first = op;
  }
  return first;
}

const char *lib_obj_name(ObjKind k) {
  static const char *const names[OBJ_COUNT] = {
    [OBJ_THREAD_BLOCK] = "cg.thread_block", [OBJ_GRID] = "cg.grid_group",
    [OBJ_DIM3] = "dim3", [OBJ_WARP_REDUCE] = "cub.WarpReduce",
    [OBJ_BLOCK_REDUCE] = "cub.BlockReduce", [OBJ_TEMP_STORAGE] = "TempStorage",
    [OBJ_CUB_OP] = "cub functor", [OBJ_POLICY] = "thrust execution policy"};
  return (unsigned)k < OBJ_COUNT && names[k] ? names[k] : "object";
}

TypeKind lib_cub_kind(const Type *t) {
  return t->elem->kind == TY_FLOAT16 ? TY_FLOAT32 : t->elem->kind;
}

/* The number of T values a reducer's TempStorage holds on the CPU: a warp's lanes, or a
   block's threads. */
static int64_t temp_slots(const Type *t) {
  return t->of == OBJ_BLOCK_REDUCE ? t->n : 32;
}

int64_t lib_temp_bytes(const Type *t) {
  return temp_slots(t) * dtype_info[lib_cub_kind(t)].size;
}

const char *lib_cub_class(Ctx *c, const Type *t) {
  const char *T = dtype_info[lib_cub_kind(t)].ctype;
  if ((t->obj == OBJ_TEMP_STORAGE ? t->of : t->obj) == OBJ_BLOCK_REDUCE)
    return arena_printf(&c->arena, "pykc_cub::BlockReduce<%s, %lld>", T, (long long)t->n);
  return arena_printf(&c->arena, "pykc_cub::WarpReduce<%s>", T);
}

const char *lib_obj_ctype(Ctx *c, const Type *t, bool cuda) {
  if (t->obj != OBJ_TEMP_STORAGE)
    return NULL;
  if (!cuda) /* the CPU's reducers keep every thread's value (cpu_rt.h) */
    return arena_printf(&c->arena, "struct { _Alignas(16) unsigned char b[%lld]; }",
                        (long long)lib_temp_bytes(t));
  return arena_printf(&c->arena, "%s::TempStorage", lib_cub_class(c, t));
}
