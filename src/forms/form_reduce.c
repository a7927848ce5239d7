/*
 * form_reduce.c: CUDA C++ for CuPy's ReductionKernel (reduce.h's RedKernel, which
 * emit_form_reduction fills from a Form's specialisation: the planned views' ndims).
 *
 * The meaning is CuPy's (_reduction.pyx, _create_reduction_function_code): every element
 * of the index space is mapped by map_expr with the non-raw inputs bound to that
 * element's values (`const T x`), cast to reduce_type and folded into an accumulator
 * that starts at `reduce_type(identity)` with `REDUCE(a, b)`; post_map_expr then sees the
 * result as `a` and the non-raw outputs as references to the output element (`T &y`).
 * The snippets see `_in_ind.size()` and `_out_ind.size()`, `_i` (the output's flat index),
 * `_J` (the element's flat index along the reduced axes) and `_j` (`_J * out_size + _i`),
 * raw parameters as CArrays (`x[k]`, `x.size()`), scalars by value, the placeholders'
 * typedefs and the preamble. As in CuPy, REDUCE and POST_MAP are macros of the snippets.
 *
 * What differs is how the work is spread (reduce.h's strategies, chosen by the planner
 * from the sizes): CuPy reduces a whole array in one block; here every strategy keeps
 * the whole device busy, and each combines in a fixed order so that a float reduction
 * gives the same bits on every run: a thread folds its elements in index order (four
 * independent loads ahead, folded in order), a warp combines with a shuffle tree
 * (offsets 16, 8, 4, 2, 1), a block combines its warps in warp order, and when an output
 * is split over several blocks the last block to finish combines the blocks' partials in
 * block order (static __device__ scratch of the module, the arrival counter reset by
 * that block for the next launch; launches of one module on concurrent streams would
 * share it: include/pykc.h says they must not overlap). The launch's block shape
 * selects the strategy (reduce.h); a launch runtime/reduce.c would not make (through
 * `pykc header`'s launch functions, say) traps rather than compute a wrong result.
 *
 * Each kernel is printed inside its own namespace (its typedefs, preamble and macros do
 * not meet another kernel's) after the forms' prelude (form_emit.c: CArray over pykc's
 * array ABI, byte strides) and this file's, printed once per file: the indexers'
 * size(), byte offsets along a group of dims, the warp shuffle of any type, the
 * volatile read of a partial. No #include: NVRTC and g++ both take the text.
 */
#include "reduce.h"
#include "forms.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static const char prelude[] =
  "// pykc: the reductions' helpers (CArray is the forms' prelude's)\n"
  "namespace _pykc {\n"
  "// CuPy's _in_ind and _out_ind as a ReductionKernel's snippets use them: size().\n"
  "struct Indexer {\n"
  "  long long size_;\n"
  "  __device__ long long size() const { return size_; }\n"
  "};\n"
  "\n"
  "// Byte offset of the element at flat index i over dims R .. R+O-1 of a.\n"
  "template <int R, int O, typename A> __device__ __forceinline__ long long off(const A &a, long long i) {\n"
  "  long long o = 0;\n"
  "  if constexpr (O > 0) {\n"
  "    for (int d = R + O - 1; d > R; d--) {\n"
  "      o += i % a.shape_[d] * a.strides_[d];\n"
  "      i /= a.shape_[d];\n"
  "    }\n"
  "    o += i * a.strides_[R];\n"
  "  }\n"
  "  return o;\n"
  "}\n"
  "template <typename T> __device__ __forceinline__ T at(const void *base, long long o) {\n"
  "  return *(const T *)((const char *)base + o);\n"
  "}\n"
  "template <typename T> __device__ __forceinline__ T &ref(void *base, long long o) {\n"
  "  return *(T *)((char *)base + o);\n"
  "}\n"
  "\n"
  "// A value moved down the warp: the hardware's overloads for the arithmetic types,\n"
  "// any other type 32 bits at a time.\n"
  "template <typename T> __device__ __forceinline__ T shfl_down(const T &v, unsigned d) {\n"
  "  unsigned w[(sizeof(T) + 3) / 4] = {};\n"
  "  for (unsigned k = 0; k < sizeof(T); k++)\n"
  "    ((unsigned char *)w)[k] = ((const unsigned char *)&v)[k];\n"
  "  for (unsigned k = 0; k < (sizeof(T) + 3) / 4; k++)\n"
  "    w[k] = __shfl_down_sync(0xffffffffu, w[k], d);\n"
  "  T r;\n"
  "  for (unsigned k = 0; k < sizeof(T); k++)\n"
  "    ((unsigned char *)&r)[k] = ((const unsigned char *)w)[k];\n"
  "  return r;\n"
  "}\n"
  "#define PYKC_RED_SHFL(T) \\\n"
  "  __device__ __forceinline__ T shfl_down(const T &v, unsigned d) { return __shfl_down_sync(0xffffffffu, v, d); }\n"
  "PYKC_RED_SHFL(int) PYKC_RED_SHFL(unsigned) PYKC_RED_SHFL(long long) PYKC_RED_SHFL(unsigned long long)\n"
  "PYKC_RED_SHFL(float) PYKC_RED_SHFL(double)\n"
  "#undef PYKC_RED_SHFL\n"
  "// Reads another block's partial past the L1 cache (it was written in this launch).\n"
  "template <typename T> __device__ __forceinline__ T load_volatile(const T *p) {\n"
  "  T r;\n"
  "  for (unsigned k = 0; k < sizeof(T); k++)\n"
  "    ((unsigned char *)&r)[k] = ((const volatile unsigned char *)p)[k];\n"
  "  return r;\n"
  "}\n"
  "#define PYKC_RED_LOADV(T) \\\n"
  "  __device__ __forceinline__ T load_volatile(const T *p) { return *(const volatile T *)p; }\n"
  "PYKC_RED_LOADV(int) PYKC_RED_LOADV(unsigned) PYKC_RED_LOADV(long long) PYKC_RED_LOADV(unsigned long long)\n"
  "PYKC_RED_LOADV(float) PYKC_RED_LOADV(double)\n"
  "#undef PYKC_RED_LOADV\n"
  "// The launch is one runtime/reduce.c makes: the block selects the strategy (at most\n"
  "// max_threads; a power of 2 from 32 threads per output; cols: 32 lanes) and the\n"
  "// blocks that share outputs fit the scratch. Any other launch traps. (Out of line:\n"
  "// inlined, the check keeps values live and costs the kernel ten registers.)\n"
  "__device__ __noinline__ bool launch_ok(long long out, unsigned max_threads,\n"
  "                                       long long counters, long long partials) {\n"
  "  const unsigned x = blockDim.x, threads = x * blockDim.y * blockDim.z;\n"
  "  if (threads > max_threads)\n"
  "    return false;\n"
  "  if (blockDim.z > 1)\n"
  "    return x == 32 && blockDim.y == 1 &&\n"
  "           (gridDim.y == 1 || (gridDim.x <= counters && gridDim.y * out <= partials));\n"
  "  const bool pow2 = x >= 32 && (x & (x - 1)) == 0;\n"
  "  if (blockDim.y > 1)\n"
  "    return pow2;\n"
  "  return pow2 && (gridDim.x == 1 || (out <= counters && gridDim.x * out <= partials));\n"
  "}\n"
  "}  // namespace _pykc\n";

typedef struct Gen {
  Buf *o;
  const RedKernel *k;
  const RedParam *first_in;   /* the first non-raw input array: the index space's shape */
  const RedParam *first_out;  /* the first non-raw output array */
} Gen;

static bool is_elem(const RedParam *p) { return p->is_array && !p->raw; }

/* `#line LINE "file.py"` before a line of the user's snippet, so that a compiler's error
   in it names the .py line (the generated lines after it count on from there). */
static void put_line(Gen *g, unsigned line) {
  if (!g->k->file || !line)
    return;
  buf_printf(g->o, "#line %u \"", line);
  buf_put_cstring(g->o, g->k->file);
  buf_puts(g->o, "\"\n");
}

/* "_raw_a.shape_[lo] * ... * _raw_a.shape_[hi - 1]" or "1". */
static void put_product(Gen *g, const RedParam *p, int lo, int hi) {
  if (lo >= hi) {
    buf_puts(g->o, "1");
    return;
  }
  for (int d = lo; d < hi; d++)
    buf_printf(g->o, "%s_raw_%s.shape_[%d]", d > lo ? " * " : "", p->name, d);
}

static void put_params(Gen *g) {
  const RedKernel *k = g->k;
  for (int n = 0; n < k->nparams; n++) {
    const RedParam *p = &k->params[n];
    buf_puts(g->o, n ? ",\n    " : "\n    ");
    if (!p->is_array)
      buf_printf(g->o, "%s %s", p->ctype, p->name);
    else if (p->raw) {
      form_carray_type(g->o, p->ctype, p->ndim, p->c_contig);
      buf_printf(g->o, " %s", p->name);
    } else {
      form_carray_type(g->o, p->ctype, p->is_out ? k->nout : k->nred + k->nout, p->contig);
      buf_printf(g->o, " _raw_%s", p->name);
    }
  }
}

/* The sizes of the index space, and the snippets' _in_ind and _out_ind. */
static void put_sizes(Gen *g) {
  const RedKernel *k = g->k;
  buf_puts(g->o, "  const long long _red_size = ");
  if (g->first_in)
    put_product(g, g->first_in, 0, k->nred);
  else
    buf_puts(g->o, "1");
  buf_puts(g->o, ";\n  const long long _out_size = ");
  if (g->first_in)
    put_product(g, g->first_in, k->nred, k->nred + k->nout);
  else if (g->first_out)
    buf_printf(g->o, "_raw_%s.size_", g->first_out->name);
  else
    buf_puts(g->o, "1");
  buf_puts(g->o, ";\n"
                 "  const _pykc::Indexer _in_ind{_red_size * _out_size}, _out_ind{_out_size};\n"
                 "  (void)_in_ind;\n  (void)_out_ind;\n");
}

/* For output _i: each input's offset along the kept dims, and _map(_J), the mapped value
   of element _J (CuPy's input_expr and pre_map_expr). */
static void put_map(Gen *g, const char *in) {
  const RedKernel *k = g->k;
  for (int n = 0; n < k->nparams; n++) {
    const RedParam *p = &k->params[n];
    if (is_elem(p) && !p->is_out && !p->contig)
      buf_printf(g->o, "%sconst long long _o_%s = _pykc::off<%d, %d>(_raw_%s, _i);\n", in,
                 p->name, k->nred, k->nout, p->name);
  }
  buf_printf(g->o, "%sauto _map = [&](long long _J) -> _type_reduce {\n", in);
  buf_printf(g->o, "%s  const long long _j = _J * _out_size + _i;\n%s  (void)_j;\n", in, in);
  for (int n = 0; n < k->nparams; n++) {
    const RedParam *p = &k->params[n];
    if (is_elem(p) && !p->is_out && p->contig)
      buf_printf(g->o, "%s  const %s %s = _raw_%s.data_[_j];\n", in, p->ctype, p->name, p->name);
    else if (is_elem(p) && !p->is_out)
      buf_printf(g->o, "%s  const %s %s = _pykc::at<%s>(_raw_%s.data_, _o_%s + _pykc::off<0, %d>(_raw_%s, _J));\n",
                 in, p->ctype, p->name, p->ctype, p->name, p->name, k->nred, p->name);
  }
  put_line(g, k->map_line);
  buf_printf(g->o, "%s  return static_cast<_type_reduce>(%s);\n%s};\n", in, k->map_expr, in);
}

/* Folds _map(_J) for _J = START, START + STEP, ... < _red_size into _s, in index order,
   four loads ahead. */
static void put_fold(Gen *g, const char *in, const char *start, const char *step) {
  buf_printf(g->o,
             "%slong long _J = %s;\n"
             "%sconst long long _step = %s;\n"
             "%sfor (; _J + 3 * _step < _red_size; _J += 4 * _step) {\n"
             "%s  const _type_reduce _v0 = _map(_J), _v1 = _map(_J + _step),\n"
             "%s                     _v2 = _map(_J + 2 * _step), _v3 = _map(_J + 3 * _step);\n"
             "%s  _s = _reduce(_s, _v0);\n%s  _s = _reduce(_s, _v1);\n"
             "%s  _s = _reduce(_s, _v2);\n%s  _s = _reduce(_s, _v3);\n"
             "%s}\n"
             "%s#pragma unroll 1\n"
             "%sfor (; _J < _red_size; _J += _step) {\n"
             "%s  const _type_reduce _v = _map(_J);\n%s  _s = _reduce(_s, _v);\n%s}\n",
             in, start, in, step, in, in, in, in, in, in, in, in, in, in, in, in, in);
}

/* The outputs' references for output _i, then POST_MAP (CuPy's output_expr). */
static void put_post(Gen *g, const char *in) {
  const RedKernel *k = g->k;
  for (int n = 0; n < k->nparams; n++) {
    const RedParam *p = &k->params[n];
    if (is_elem(p) && p->is_out && p->contig)
      buf_printf(g->o, "%s%s &%s = _raw_%s.data_[_i];\n", in, p->ctype, p->name, p->name);
    else if (is_elem(p) && p->is_out)
      buf_printf(g->o, "%s%s &%s = _pykc::ref<%s>(_raw_%s.data_, _pykc::off<0, %d>(_raw_%s, _i));\n",
                 in, p->ctype, p->name, p->ctype, p->name, k->nout, p->name);
  }
  put_line(g, k->post_line);
  buf_printf(g->o, "%sPOST_MAP(_s);\n", in);
}

static const char group_reduce[] =
  "// Combines s over groups of `group` consecutive threads (tid: the thread's linear index;\n"
  "// group a power of 2 from 32 to the block) in a fixed order: a shuffle tree in each\n"
  "// warp, then the group's warps in warp order. The group's first thread has the result.\n"
  "// Every thread of the block calls it.\n"
  "__device__ __forceinline__ _type_reduce _group_reduce(_type_reduce s, unsigned tid, unsigned group,\n"
  "                                                      _type_reduce *ws) {\n"
  "  for (unsigned d = 16; d > 0; d >>= 1) {\n"
  "    const _type_reduce t = _pykc::shfl_down(s, d);\n"
  "    s = _reduce(s, t);\n"
  "  }\n"
  "  if (group == 32)\n"
  "    return s;\n"
  "  const unsigned warp = tid >> 5;\n"
  "  __syncthreads();\n"
  "  if ((tid & 31) == 0)\n"
  "    ws[warp] = s;\n"
  "  __syncthreads();\n"
  "  #pragma unroll 1\n"
  "  for (unsigned w = 1; (tid & (group - 1)) == 0 && w < group / 32; w++) {\n"
  "    const _type_reduce t = ws[warp + w];\n"
  "    s = _reduce(s, t);\n"
  "  }\n"
  "  return s;\n"
  "}\n";

static const char scratch[] =
  "// Partials of blocks that share an output, and arrivals per output (or column tile).\n"
  "__device__ unsigned long long _partials_raw[%d * ((sizeof(_type_reduce) + 7) / 8)];\n"
  "__device__ unsigned int _arrived[%d];\n";

static const char cols_combine[] =
  "// Combines each lane's value over the block's warps (threadIdx.z) in warp order; warp 0\n"
  "// has the results.\n"
  "__device__ __forceinline__ _type_reduce _cols_combine(_type_reduce s, _type_reduce *ws) {\n"
  "  __syncthreads();\n"
  "  ws[threadIdx.z * 32 + threadIdx.x] = s;\n"
  "  __syncthreads();\n"
  "  #pragma unroll 1\n"
  "  for (unsigned w = 1; threadIdx.z == 0 && w < blockDim.z; w++) {\n"
  "    const _type_reduce t = ws[w * 32 + threadIdx.x];\n"
  "    s = _reduce(s, t);\n"
  "  }\n"
  "  return s;\n"
  "}\n"
  "// The block's combine: its warps' for cols, each group's of blockDim.x threads else.\n"
  "__device__ __forceinline__ _type_reduce _combine(_type_reduce s, bool cols, unsigned tid,\n"
  "                                                 _type_reduce *ws) {\n"
  "  return cols ? _cols_combine(s, ws) : _group_reduce(s, tid, blockDim.x, ws);\n"
  "}\n";

/* `_type_reduce(identity)` between BEFORE and AFTER; a given identity on a line of its own
   under a #line naming the user's line, at its column when known (a compiler's error in
   it, `identity="objective_function"`, names the user's text). */
static void put_identity(Gen *g, const char *before, const char *after) {
  const char *id = g->k->identity;
  if (!id || !*id || !g->k->file || !g->k->identity_line) {
    buf_printf(g->o, "%s_type_reduce(%s)%s", before, id ? id : "", after);
    return;
  }
  buf_printf(g->o, "%s_type_reduce(\n", before);
  put_line(g, g->k->identity_line);
  unsigned col = g->k->identity_col;
  buf_printf(g->o, "%*s%s)%s", col > 1 ? (int)col - 1 : 0, "", id, after);
}

/* The strategies' one body (reduce.h: the launch's block shape selects one). Each sets
   the tiles of outputs a block works on and a thread's elements, so that the map, the
   fold, the block's combine, the partials of blocks that share a tile and POST_MAP are
   printed once (NVRTC compiles a third of the code the three bodies were):
     split (B, 1, 1): outputs blockIdx.y, + gridDim.y, ..., each over the gridDim.x blocks;
       partials and arrivals per output, so the rounds of a block do not meet;
     rows (G, Y, 1): blockDim.x threads per output, blockDim.y outputs per block, the grid
       looping over the outputs;
     cols (32, 1, W): lanes across 32 consecutive outputs, the W warps and the gridDim.y
       blocks of the column tile across the elements (one round). */
static const char body_head[] =
  "  const bool _cols = blockDim.z > 1;\n"
  "  const unsigned _tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;\n"
  "  // outputs _tile + _lane for _tile, + _tstep, ...; elements _J0, + _Jstep, ...;\n"
  "  // _nb blocks share a tile, this one is _bi of them; _r0, + _rstep read the partials\n"
  "  long long _tile, _tstep, _J0, _Jstep;\n"
  "  unsigned _lane, _nb, _bi, _r0, _rstep;\n"
  "  if (_cols) {\n"
  "    _tile = (long long)blockIdx.x * 32, _tstep = _out_size, _lane = threadIdx.x;\n"
  "    _J0 = (long long)blockIdx.y * blockDim.z + threadIdx.z;\n"
  "    _Jstep = (long long)gridDim.y * blockDim.z;\n"
  "    _nb = gridDim.y, _bi = blockIdx.y, _r0 = threadIdx.z, _rstep = blockDim.z;\n"
  "  } else if (blockDim.y > 1) {\n"
  "    _tile = (long long)blockIdx.x * blockDim.y, _tstep = (long long)gridDim.x * blockDim.y;\n"
  "    _lane = threadIdx.y, _J0 = threadIdx.x, _Jstep = blockDim.x;\n"
  "    _nb = 1, _bi = 0, _r0 = threadIdx.x, _rstep = blockDim.x;\n"
  "  } else {\n"
  "    _tile = blockIdx.y, _tstep = gridDim.y, _lane = 0;\n"
  "    _J0 = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n"
  "    _Jstep = (long long)gridDim.x * blockDim.x;\n"
  "    _nb = gridDim.x, _bi = blockIdx.x, _r0 = threadIdx.x, _rstep = blockDim.x;\n"
  "  }\n"
  "  const bool _holder = _cols ? threadIdx.z == 0 : threadIdx.x == 0;  // has the result\n"
  "  for (; _tile < _out_size; _tile += _tstep) {\n"
  "    const long long _i = _tile + _lane;\n";

/* The partials of the _nb blocks of a tile (split: slots _i * _nb + b, the counter per
   output; cols: slots b * _out_size + _i, the counter per column tile); the last block to
   arrive combines them in block order. */
static const char body_partials[] =
  "    _s = _combine(_s, _cols, _tid, _ws);\n"
  "    if (_nb > 1) {\n"
  "      const long long _slot = _cols ? _i : _i * _nb, _sstep = _cols ? _out_size : 1;\n"
  "      const long long _ctr = _cols ? (long long)blockIdx.x : _i;\n"
  "      _type_reduce *_part = reinterpret_cast<_type_reduce *>(_partials_raw);\n"
  "      if (_holder && _i < _out_size) {\n"
  "        _part[_slot + _bi * _sstep] = _s;\n"
  "        __threadfence();\n"
  "      }\n"
  "      __syncthreads();\n"
  "      if (_tid == 0)\n"
  "        _last = atomicAdd(&_arrived[_ctr], 1u) == _nb - 1;\n"
  "      __syncthreads();\n"
  "      const bool _is_last = _last;\n"
  "      __syncthreads();  // _last is written again in the next round\n"
  "      if (!_is_last)\n"
  "        continue;\n"
  "      // the last block of the tile: the partials in block order\n"
  "      __threadfence();\n";

static void emit_body(Gen *g) {
  Buf *o = g->o;
  buf_puts(o, body_head);
  put_identity(g, "    _type_reduce _s = ", ";\n    if (_i < _out_size) {\n");
  put_map(g, "      ");
  put_fold(g, "      ", "_J0", "_Jstep");
  buf_puts(o, "    }\n");
  buf_puts(o, body_partials);
  put_identity(g, "      _s = ", ";\n");
  buf_puts(o, "      #pragma unroll 1\n"
              "      for (unsigned _b = _r0; _i < _out_size && _b < _nb; _b += _rstep) {\n"
              "        const _type_reduce _v = _pykc::load_volatile(&_part[_slot + _b * _sstep]);\n"
              "        _s = _reduce(_s, _v);\n"
              "      }\n"
              "      _s = _combine(_s, _cols, _tid, _ws);\n"
              "      if (_tid == 0)\n"
              "        _arrived[_ctr] = 0;\n"
              "    }\n"
              "    if (_holder && _i < _out_size) {\n");
  put_post(g, "      ");
  buf_puts(o, "    }\n  }\n");
}

void emit_reduce(Buf *out, const RedKernel *k, bool *prelude_done) {
  Gen g = {out, k, NULL, NULL};
  for (int n = 0; n < k->nparams; n++) {
    const RedParam *p = &k->params[n];
    if (is_elem(p) && !p->is_out && !g.first_in)
      g.first_in = p;
    if (is_elem(p) && p->is_out && !g.first_out)
      g.first_out = p;
  }
  assert(g.first_in || k->nred == 0);
  if (!*prelude_done) {
    buf_puts(out, prelude);
    *prelude_done = true;
  }
  buf_printf(out, "\n// ReductionKernel %s: %d reduced and %d kept dims\n"
                  "namespace form_%s {\n", k->cname, k->nred, k->nout, k->cname);
  for (int n = 0; n < k->ntypedefs; n++)
    buf_printf(out, "typedef %s %s;\n", k->typedefs[2 * n + 1], k->typedefs[2 * n]);
  if (k->preamble && *k->preamble) {
    put_line(&g, k->preamble_line);
    buf_printf(out, "%s\n", k->preamble);
  }
  /* #line before each snippet: g++ names a macro's error where the macro is defined,
     NVRTC where it is expanded (below) */
  buf_printf(out, "typedef %s _type_reduce;\n", k->reduce_type);
  put_line(&g, k->reduce_line);
  buf_printf(out, "#define REDUCE(a, b) (%s)\n", k->reduce_expr);
  put_line(&g, k->post_line);
  buf_printf(out, "#define POST_MAP(a) (%s)\n"
                  "// REDUCE as the combining steps call it\n"
                  "__device__ __forceinline__ _type_reduce _reduce(const _type_reduce &a, "
                  "const _type_reduce &b) {\n",
             k->post_map_expr && *k->post_map_expr ? k->post_map_expr : "(void)(a)");
  put_line(&g, k->reduce_line);
  buf_puts(out, "  return REDUCE(a, b);\n}\n\n");
  buf_printf(out, scratch, RED_PARTIALS, RED_COUNTERS);
  buf_puts(out, group_reduce);
  buf_puts(out, cols_combine);
  buf_printf(out, "\n// The launch shape says the strategy (runtime/reduce.c chooses it): block (B, 1, 1)\n"
                  "// split, (G, Y, 1) rows, (32, 1, W) cols.\n"
                  "extern \"C\" __global__ void %s(", k->cname);
  put_params(&g);
  buf_printf(out, ") {\n"
                  "  __shared__ unsigned long long _ws_raw[%d * ((sizeof(_type_reduce) + 7) / 8)];\n"
                  "  _type_reduce *_ws = reinterpret_cast<_type_reduce *>(_ws_raw);\n"
                  "  __shared__ bool _last;\n", RED_BLOCK);
  put_sizes(&g);
  buf_printf(out, "  if (!_pykc::launch_ok(_out_size, %d, %d, %d))\n    __trap();\n", RED_BLOCK,
             RED_COUNTERS, RED_PARTIALS);
  emit_body(&g);
  buf_printf(out, "}\n#undef REDUCE\n#undef POST_MAP\n}  // namespace form_%s\n", k->cname);
}

/* ---- a ReductionKernel form's specialisation (forms.h) ---- */

/* The prelude goes once into a file: before the first reduction printed into OUT. */
static bool has_prelude(const Buf *out) {
  return out->data && out->len && strstr(out->data, "namespace _pykc {");
}

/* The ndim shared by the non-raw arrays of one side (outputs when out), -1 when there
   are none, -2 when they differ (*a, *b: two that differ). */
static int side_ndim(const Form *f, Type **types, int n, bool out, int *a, int *b) {
  int nd = -1;
  for (int k = 0; k < n; k++) {
    if (f->params[k].is_out != out || f->params[k].raw || types[k]->kind != TY_ARRAY)
      continue;
    if (nd >= 0 && types[k]->ndim != nd) {
      *a = nd, *b = types[k]->ndim;
      return -2;
    }
    nd = types[k]->ndim;
  }
  return nd;
}

const char *reduce_spec_check(Ctx *c, const Form *f, Type **types, int n) {
  int a = 0, b = 0;
  int in = side_ndim(f, types, n, false, &a, &b), out = side_ndim(f, types, n, true, &a, &b);
  if (in == -2 || out == -2)
    return arena_printf(&c->arena, "kernel '%s': the non-raw %s arrays have %d and %d dims; "
                        "they are views of one index space", f->name, in == -2 ? "input" : "output",
                        a, b);
  if (in >= 0 && in < (out < 0 ? 0 : out))
    return arena_printf(&c->arena, "kernel '%s': the inputs have %d dims, fewer than the "
                        "outputs' %d (an input's dims are the reduced ones, then the output's)",
                        f->name, in, out);
  return NULL;
}

Type **reduce_default_types(Ctx *c, const Form *f) {
  int n = f->nin + f->nout;
  Type **t = arena_alloc(&c->arena, sizeof *t * (size_t)(n + 1));
  for (int k = 0; k < n; k++) {
    const FormParam *p = &f->params[k];
    t[k] = ty_array(c, ty_scalar((TypeKind)p->dtype), p->is_out && !p->raw ? 0 : 1, false);
  }
  return t;
}

void emit_form_reduction(Ctx *c, Buf *out, const Spec *s, Target t) {
  const FormSpecInfo *fi = form_spec_info(s);
  const Form *f = fi->form;
  (void)t;   /* one text for both targets: the CPU backend's C++ supplies the CUDA names */
  int n = f->nin + f->nout, a, b;
  assert(n == s->nparams);
  int in_ndim = side_ndim(f, s->ptypes, n, false, &a, &b);
  int out_ndim = side_ndim(f, s->ptypes, n, true, &a, &b);
  if (out_ndim < 0)
    out_ndim = 0;
  if (in_ndim < 0)
    in_ndim = out_ndim;
  assert(in_ndim >= out_ndim);   /* reduce_spec_check */
  RedParam *ps = arena_alloc(&c->arena, sizeof *ps * (size_t)(n ? n : 1));
  for (int k = 0; k < n; k++) {
    const FormParam *fp = &f->params[k];
    const Type *ty = s->ptypes[k];
    RedParam *p = &ps[k];
    p->name = fp->name;
    p->raw = fp->raw;
    p->is_out = fp->is_out;
    p->is_array = ty->kind == TY_ARRAY;
    p->ndim = p->is_array ? ty->ndim : 0;
    p->contig = p->is_array && !p->raw && ty->contig;
    p->c_contig = p->is_array && ty->contig;
    p->ctype = fp->ph ? fp->ph : form_ctype(fp->dtype);
  }
  const char **td = arena_alloc(&c->arena, sizeof *td * (size_t)(2 * f->nphs + 1));
  for (int k = 0; k < f->nphs; k++) {
    td[2 * k] = f->phs[k];
    td[2 * k + 1] = form_ctype_of(fi->ph_types[k]);
  }
  RedKernel k = {
    .cname = s->cname, .params = ps, .nparams = n, .typedefs = td, .ntypedefs = f->nphs,
    .reduce_type = f->reduce_type.given ? f->reduce_type.s : ps[f->nin].ctype,
    .identity = f->identity.given ? f->identity.s : NULL,
    .map_expr = f->map_expr.s, .reduce_expr = f->reduce_expr.s,
    .post_map_expr = f->post_map_expr.s, .preamble = f->preamble.s,
    .nred = in_ndim - out_ndim, .nout = out_ndim,
    .file = c->src->name, .map_line = f->map_expr.line, .reduce_line = f->reduce_expr.line,
    .post_line = f->post_map_expr.line, .preamble_line = f->preamble.line,
    .identity_line = f->identity.line,
    .identity_col = f->identity.col0 ? f->identity.col0 : f->identity.tcol,
  };
  bool done = has_prelude(out);
  emit_reduce(out, &k, &done);
}
