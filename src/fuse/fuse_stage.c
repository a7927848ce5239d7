/*
 * fuse_stage.c: a @cupy.fuse function that CuPy's new fusion runs over several shapes, as
 * a sequence of kernels (fuse.h, view.h's FuseStage).
 *
 * CuPy traces with its old fusion first (one ElementwiseKernel, or one ReductionKernel:
 * a map, one reduction, a post-map of its result); when that trace raises (a second
 * reduction: "Multiple reduction is not implemented yet", a value of before the
 * reduction used after it: "Shape mismatch"), new_fusion.pyx traces again, and there
 * every operation has its own shape, its operands' broadcast, every value is an array
 * of that shape, and _fusion_kernel.pyx runs the operations in order in one cooperative
 * kernel, a grid sync between them. pykc does what the one-kernel trace cannot the
 * same way, with kernels the runtime already launches: the trace runs again staged
 * (newfusion typing), and
 *   - each reduction is a ReductionKernel whose map computes its operand from the
 *     arrays it reads; its result is a temporary of the reduced shape;
 *   - a view of a computed value makes that value a temporary (an ElementwiseKernel),
 *     which it is from there on: a write into it or into a view of it is a kernel where
 *     it is (CuPy's operation, in its place), so that every view sees it;
 *   - at the end, the outputs and the arrays written are grouped by the inputs they are
 *     made of (one shape each): an ElementwiseKernel per group, the groups that only
 *     read before those that write.
 * Every value is a pure function of the arguments and the temporaries, so each kernel
 * computes the statements its values need (pre's, recorded here) from what it reads;
 * a write into an array is a new value (`x += b` then `x.sum()` sums the new x) that the
 * last kernels store, or that a kernel stores before another view of the array is read.
 * CuPy keeps each value in memory of its own, so a value computed from memory that a
 * kernel has since written is computed into a temporary by a kernel put before that
 * write (fuse_kept), and last kernels that each read what another writes have one's
 * values put into temporaries first. CuPy's fused operations never join a read and a
 * write of different views of one memory (_fusion_optimization.py), and it copies an
 * operation's input that shares its output's memory first: its results are NumPy's
 * sequential ones, which the kernels give. The planner (runtime/api/fuse_run.c)
 * allocates the temporaries (the shapes their kernels give them), makes the views and
 * launches the kernels in order on the call's stream: CuPy's grid syncs are the
 * launches' order.
 */
#include "fuse.h"

#include <string.h>

/* ---------------------------------------------------------------- statements */

static int slot_of(Fuse *F, const TVal *x, bool new);
static int input_root(const Fuse *F, int i);

static uint64_t *need_union(Fuse *F, const uint64_t *a, int na, const uint64_t *b, int nb,
                            int *n) {
  *n = na > nb ? na : nb;
  uint64_t *w = arena_alloc(&F->c->arena, sizeof *w * (size_t)(*n ? *n : 1));
  for (int i = 0; i < *n; i++)
    w[i] = (i < na ? a[i] : 0) | (i < nb ? b[i] : 0);
  return w;
}

static bool need_has(const uint64_t *w, int n, int s) {
  return s / 64 < n && ((w[s / 64] >> (s % 64)) & 1);
}

void fuse_stmt_begin(Fuse *F) {
  if (!F->staged)
    return;
  F->rd_pend = (ViewDeps){{0, 0}};
  F->trd_pend = 0;
  F->need_pend = NULL;
  F->nneed_pend = 0;
  F->stmt_start = F->code->len;
}

bool fuse_flush_for(Fuse *F, const TVal *x) {
  x = F->staged ? fuse_current(F, x) : NULL;
  int in = x ? slot_of(F, x, false) : -1;
  return !x || !x->param || in < 0 || in >= FUSE_MAX_IN ||   /* another view's write */
         fuse_flush(F, fuse_input_arg(F, in), in);           /* first */
}

void fuse_note_read(Fuse *F, const TVal *x) {
  if (!F->staged)
    return;
  fuse_flush_for(F, x);
  if (x->param || x->temp) {                       /* read from memory */
    F->rd_pend.w[0] |= x->deps.w[0];
    F->rd_pend.w[1] |= x->deps.w[1];
    F->trd_pend |= x->tdeps;
  }
  if (x->nneed)
    F->need_pend = need_union(F, F->need_pend, F->nneed_pend, x->need, x->nneed,
                              &F->nneed_pend);
}

void fuse_stmt_end(Fuse *F, TVal *r, int nr) {
  if (!F->staged)
    return;
  if (F->nstmts == F->capstmts) {                  /* (the arena's: doubled) */
    int cap = F->capstmts ? 2 * F->capstmts : 64;
    FStmt *st = arena_alloc(&F->c->arena, sizeof *st * (size_t)cap);
    if (F->nstmts)
      memcpy(st, F->stmts, sizeof *st * (size_t)F->nstmts);
    F->stmts = st;
    F->capstmts = cap;
  }
  int s = F->nstmts++;
  F->stmts[s] = (FStmt){F->stmt_start, F->code->len, F->rd_pend, F->trd_pend};
  int nw = s / 64 + 1 > F->nneed_pend ? s / 64 + 1 : F->nneed_pend;
  uint64_t *w = arena_alloc(&F->c->arena, sizeof *w * (size_t)nw);
  for (int i = 0; i < nw; i++)
    w[i] = i < F->nneed_pend ? F->need_pend[i] : 0;
  w[s / 64] |= 1ull << (s % 64);
  for (int k = 0; k < nr; k++) {
    r[k].need = w;
    r[k].nneed = nw;
  }
}

/* The slot of array x in has_cur/cur: an input's index, FUSE_MAX_IN + a temporary's, or
   past those a value computed that was written into (by its local; NEW: give it one);
   -1 for none. */
static int slot_of(Fuse *F, const TVal *x, bool new) {
  if (x->temp)
    return FUSE_MAX_IN + x->temp - 1;
  for (int i = 0; x->param && i < F->nparams + F->nviews; i++)
    if (F->pnames[i] == x->c)
      return i;
  if (x->param || !x->c || x->cn)
    return -1;
  for (int k = 0; k < F->nwlocal; k++)
    if (!strcmp(F->wlocal[k], x->c))
      return FUSE_MAX_IN + FUSE_MAX_TEMPS + k;
  if (!new || F->nwlocal == FUSE_MAX_TEMPS)
    return -1;
  F->wlocal[F->nwlocal] = x->c;
  return FUSE_MAX_IN + FUSE_MAX_TEMPS + F->nwlocal++;
}

/* The temporary that value x (computed) was made for a view of it, or NULL. */
static const TVal *made_temp(const Fuse *F, const TVal *x) {
  for (int k = 0; !x->param && !x->temp && x->c && !x->cn && k < F->nmat; k++)
    if (!strcmp(F->mat_c[k], x->c))
      return &F->mat[k];
  return NULL;
}

void fuse_stage_made(Fuse *F, const TVal *x, const TVal *t) {
  if (F->nmat < FUSE_MAX_TEMPS && !made_temp(F, x) && x->c) {
    F->mat_c[F->nmat] = x->c;
    F->mat[F->nmat++] = *t;
  }
}

const TVal *fuse_current(Fuse *F, const TVal *x) {
  const TVal *m = F->staged ? made_temp(F, x) : NULL;
  if (m)                                           /* (its memory: views of it write it) */
    return m;
  int s = F->staged ? slot_of(F, x, false) : -1;
  return s >= 0 && F->has_cur[s] ? &F->cur[s] : x;
}

int fuse_input_arg(const Fuse *F, int i) {
  if (i < F->nparams)
    return F->memory ? F->memory[i] : i;
  const FuseView *v = &F->views[i - F->nparams];
  return v->of_temp ? -1 : fuse_input_arg(F, v->of);
}

static bool store_temp(Fuse *F, const TVal *dst, int s, int root, const TVal *v);

bool fuse_stage_store(Fuse *F, const TVal *dst, const TVal *v, Loc loc) {
  const TVal *m = made_temp(F, dst);
  if (m)
    dst = m;
  int s = slot_of(F, dst, true);
  if (s < 0) {
    diag_error(F->c, loc, "pykc's fuse writes into at most %d values it computes",
               FUSE_MAX_TEMPS);
    return false;
  }
  if (s < FUSE_MAX_IN + FUSE_MAX_TEMPS &&         /* a temporary, or a view of one */
      (s >= FUSE_MAX_IN || input_root(F, s) <= -2))
    return store_temp(F, dst, s, s >= FUSE_MAX_IN ? -2 - (s - FUSE_MAX_IN)
                                                  : input_root(F, s), v);
  if (s < FUSE_MAX_IN && !fuse_flush(F, fuse_input_arg(F, s), s))
    return false;                                  /* (another view's write first: they
                                                      may overlap, and this one is later) */
  fuse_stmt_begin(F);
  TVal w = {.dt = dst->dt, .ndim = dst->ndim, .c = fuse_fresh(F), .deps = dst->deps,
            .tdeps = dst->tdeps};
  buf_printf(F->code, "%s %s = %s;\n", fuse_ctype(dst->dt), w.c, fuse_operand(F, v, dst->dt));
  fuse_stmt_end(F, &w, 1);
  F->cur[s] = w;
  F->has_cur[s] = true;
  if (s < FUSE_MAX_IN)
    F->written[s] = true;
  return true;
}

/* ---------------------------------------------------------------- kernels */

/* What a kernel reads and computes: the inputs read by its own lines (the pending
   reads after fuse_operand) and by the statements it needs. */
typedef struct Sel {
  ViewDeps rd;
  uint64_t trd;
  const uint64_t *need;
  int nneed;
} Sel;

static Sel pending(const Fuse *F) {
  Sel s = {F->rd_pend, F->trd_pend, F->need_pend, F->nneed_pend};
  for (int i = 0; i < F->nstmts; i++)
    if (need_has(s.need, s.nneed, i)) {
      s.rd.w[0] |= F->stmts[i].rd.w[0];
      s.rd.w[1] |= F->stmts[i].rd.w[1];
      s.trd |= F->stmts[i].trd;
    }
  return s;
}

/* The dtype of view j (its array's). */
static TypeKind view_dt(const Fuse *F, int j) {
  const FuseView *v = &F->views[j];
  if (v->of_temp)
    return F->temp_dt[v->of];
  return v->of < F->nparams ? F->args[v->of].dtype : view_dt(F, v->of - F->nparams);
}

/* The statements sel needs, in order. */
static void put_stmts(const Fuse *F, const Sel *sel, Buf *b) {
  for (int i = 0; i < F->nstmts; i++)
    if (need_has(sel->need, sel->nneed, i))
      buf_putn(b, F->code->data + F->stmts[i].start, F->stmts[i].end - F->stmts[i].start);
}

static const char *temp_name(Fuse *F, int t) { return arena_printf(&F->c->arena, "_t%d", t); }

/* A new kernel reading sel's inputs (its parameters, then nout outputs to be filled). */
static FStage *stage_new(Fuse *F, const Sel *sel, int nout, bool *ok) {
  for (int i = 0; F->insert_at < 0 && i < F->nstale_at; i++)
    if (F->stale_at[i] >= 0 && need_has(sel->need, sel->nneed, i)) {
      diag_error(F->c, F->at, "pykc's fuse lost a value computed before a write into its "
                 "array (internal: fuse_kept)");
      *ok = false;
      return NULL;
    }
  if (F->nstages == FUSE_MAX_STAGES) {
    diag_error(F->c, F->at, "pykc's fuse compiles at most %d kernels for one function",
               FUSE_MAX_STAGES);
    *ok = false;
    return NULL;
  }
  if (!F->stages)
    F->stages = arena_alloc(&F->c->arena, sizeof *F->stages * FUSE_MAX_STAGES);
  int at = F->insert_at >= 0 ? F->insert_at : F->nstages;
  memmove(&F->stages[at + 1], &F->stages[at], sizeof *F->stages * (size_t)(F->nstages - at));
  F->nstages++;
  FStage *g = &F->stages[at];
  memset(g, 0, sizeof *g);
  int nin = 0;
  for (int w = 0; w < 2; w++)
    nin += __builtin_popcountll(sel->rd.w[w]);
  nin += __builtin_popcountll(sel->trd);
  FuseSrc *in = arena_alloc(&F->c->arena, sizeof *in * (size_t)(nin + 1));
  g->names = arena_alloc(&F->c->arena, sizeof *g->names * (size_t)(nin + nout + 1));
  g->dts = arena_alloc(&F->c->arena, sizeof *g->dts * (size_t)(nin + nout + 1));
  Buf b = {0};
  int k = 0;
  for (int i = 0; i < F->nparams + F->nviews; i++) {
    bool arg = i < F->nparams;
    int j = arg ? i : i - F->nparams;
    if (!((sel->rd.w[!arg] >> j) & 1))
      continue;
    in[k] = (FuseSrc){arg ? FSRC_ARG : FSRC_VIEW, j};
    g->names[k] = F->pnames[i];
    g->dts[k] = arg ? F->args[i].dtype : view_dt(F, j);
    k++;
  }
  for (int t = 0; t < F->ntemps; t++)
    if ((sel->trd >> t) & 1) {
      in[k] = (FuseSrc){FSRC_TEMP, t};
      g->names[k] = temp_name(F, t);
      g->dts[k++] = F->temp_dt[t];
    }
  for (int i = 0; i < k; i++)
    buf_printf(&b, "%s%s %s", i ? ", " : "", fuse_dtype_name(g->dts[i]), g->names[i]);
  g->in_params = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  g->run.in = in;
  g->run.nin = k;
  g->run.out = arena_alloc(&F->c->arena, sizeof *g->run.out * (size_t)(nout + 1));
  g->run.kernel = arena_printf(&F->c->arena, "%s__stage%d", F->kname, F->nstages - 1);
  return g;
}

/* Output k of kernel g: NAME of dtype DT from SRC. */
static void stage_out(FStage *g, int k, const char *name, TypeKind dt, FuseSrc src) {
  g->names[g->run.nin + k] = name;
  g->dts[g->run.nin + k] = dt;
  ((FuseSrc *)g->run.out)[k] = src;
}

static void stage_out_params(Fuse *F, FStage *g) {
  Buf b = {0};
  for (int k = 0; k < g->run.nout; k++)
    buf_printf(&b, "%s%s %s", k ? ", " : "", fuse_dtype_name(g->dts[g->run.nin + k]),
               g->names[g->run.nin + k]);
  g->out_params = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
}

static TVal new_temp(Fuse *F, TypeKind dt, int ndim, bool *ok) {
  if (F->ntemps == FUSE_MAX_TEMPS || F->ntemps == 64) {
    diag_error(F->c, F->at, "pykc's fuse keeps at most %d temporaries for one function",
               FUSE_MAX_TEMPS);
    *ok = false;
    return fuse_bad();
  }
  int t = F->ntemps++;
  F->temp_dt[t] = dt;
  F->temp_ndim[t] = ndim;
  return (TVal){.dt = dt, .ndim = ndim, .c = temp_name(F, t), .temp = t + 1,
                .tdeps = 1ull << t};
}

TVal fuse_stage_reduce(Fuse *F, const Reduction *r, const Loop *l, const TVal *x, int naxes,
                       const int *axes, TypeKind to) {
  bool ok = true;
  fuse_stmt_begin(F);
  const char *ret = fuse_operand(F, x, l->in[0]);
  Sel sel = pending(F);
  FStage *g = stage_new(F, &sel, 1, &ok);
  TVal t = ok ? new_temp(F, to, x->ndim - naxes, &ok) : fuse_bad();
  if (!ok)
    return fuse_bad();
  Arena *a = &F->c->arena;
  g->run.reduce = true;
  g->run.nout = 1;
  int *ax = arena_alloc(a, sizeof *ax * (size_t)(naxes ? naxes : 1));
  memcpy(ax, axes, sizeof *ax * (size_t)naxes);
  g->run.axes = ax;
  g->run.naxes = naxes;
  stage_out(g, 0, t.c, t.dt, (FuseSrc){FSRC_TEMP, t.temp - 1});
  stage_out_params(F, g);
  /* the map: the statements its operand needs, as a function of the inputs */
  const char *fn = arena_printf(a, "%s_map", g->run.kernel);
  Buf b = {0}, call = {0};
  buf_printf(&b, "__device__ %s %s(", fuse_ctype(l->in[0]), fn);
  for (int i = 0; i < g->run.nin; i++) {
    buf_printf(&b, "%s%s %s", i ? ", " : "", fuse_ctype(g->dts[i]), g->names[i]);
    buf_printf(&call, "%s%s", i ? ", " : "", g->names[i]);
  }
  buf_puts(&b, ") {\n");
  put_stmts(F, &sel, &b);
  buf_printf(&b, "return %s;\n}\n", ret);
  g->map_fn = arena_strndup(a, b.data, b.len);
  const char *args = arena_strndup(a, call.data ? call.data : "", call.len);
  buf_free(&b);
  buf_free(&call);
  const char *zero = type_is_complex(l->in[0])     /* thrust compares complex<T> with T */
                         ? arena_printf(a, "%s(0)", fuse_ctype(l->in[0])) : "0";
  g->map_expr = r->truth ? arena_printf(a, "%s(%s) != %s", fn, args, zero)
                         : arena_printf(a, "%s(%s)", fn, args);
  TypeKind rt = l->out == TY_FLOAT16 ? TY_FLOAT32 : l->out;  /* float16 sums in float */
  g->reduce_type = fuse_ctype(rt);
  fuse_reduce_ops(F, r, l->out, &g->reduce_expr, &g->identity);
  g->has_identity = r->minmax == 0;
  g->post_map_expr = arena_printf(a, "%s = static_cast<%s>(a)", t.c, fuse_ctype(t.dt));
  return t;
}

/* An elementwise kernel writing the values vals[n] into dsts[n] (names, dtypes, where
   they go); the pending reads are its own lines'. */
static bool stage_ew(Fuse *F, const char *const *lines, int n, const char *const *names,
                     const TypeKind *dts, const FuseSrc *dsts) {
  bool ok = true;
  Sel sel = pending(F);
  FStage *g = stage_new(F, &sel, n, &ok);
  if (!ok)
    return false;
  g->run.nout = n;
  Buf b = {0};
  put_stmts(F, &sel, &b);
  for (int k = 0; k < n; k++) {
    stage_out(g, k, names[k], dts[k], dsts[k]);
    buf_puts(&b, lines[k]);
  }
  stage_out_params(F, g);
  g->operation = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return true;
}

TVal fuse_stage_temp(Fuse *F, const TVal *x, Loc loc) {
  (void)loc;
  bool ok = true;
  TVal t = new_temp(F, x->dt, x->ndim, &ok);
  if (!ok)
    return t;
  fuse_stmt_begin(F);
  const char *line = arena_printf(&F->c->arena, "%s = %s;\n", t.c, fuse_operand(F, x, x->dt));
  FuseSrc dst = {FSRC_TEMP, t.temp - 1};
  return stage_ew(F, &line, 1, &t.c, &t.dt, &dst) ? t : fuse_bad();
}

/* ---------------------------------------------------------------- CuPy's order */

/* The array under input i (pnames): an argument's index, -2 - t for temporary t. */
static int input_root(const Fuse *F, int i) {
  while (i >= F->nparams) {
    const FuseView *v = &F->views[i - F->nparams];
    if (v->of_temp)
      return -2 - v->of;
    i = v->of;
  }
  return F->memory ? F->memory[i] : i;             /* (arguments of one memory) */
}

/* Does statement (or selection) rd/trd read the memory of ROOT (input_root's)? */
static bool reads_root(const Fuse *F, const ViewDeps *rd, uint64_t trd, int root) {
  if (root <= -2 && ((trd >> (-2 - root)) & 1))
    return true;
  for (int k = 0; k < F->nparams + F->nviews; k++) {
    bool arg = k < F->nparams;
    int j = arg ? k : k - F->nparams;
    if (((rd->w[!arg] >> j) & 1) && input_root(F, k) == root)
      return true;
  }
  return false;
}

/* The kernel AT (and those after it) writes ROOT's memory: the statements that read it
   before are stale from there on (their values, read later, are kept: fuse_kept). */
static void stale_from(Fuse *F, int root, int at) {
  int *st = arena_alloc(&F->c->arena, sizeof *st * (size_t)(F->nstmts + 1));
  for (int i = 0; i < F->nstmts; i++) {
    st[i] = i < F->nstale_at ? F->stale_at[i] : -1;
    if (st[i] < 0 && reads_root(F, &F->stmts[i].rd, F->stmts[i].trd, root))
      st[i] = at;
  }
  F->stale_at = st;
  F->nstale_at = F->nstmts;
}

/* CuPy's new fusion keeps every value in memory of its own: a value computed from an
   array before a write into it keeps its elements. pykc computes each kernel's values
   from the arrays, so a value that read what a kernel has since written is computed into
   a temporary by a kernel put before that write, once, and read from there. */
const TVal *fuse_kept(Fuse *F, const TVal *x) {
  int at = -1;
  for (int i = 0; F->insert_at < 0 && i < F->nstale_at; i++)
    if (F->stale_at[i] >= 0 && need_has(x->need, x->nneed, i) &&
        (at < 0 || F->stale_at[i] < at))
      at = F->stale_at[i];
  if (at < 0 || !x->c)
    return x;
  for (int k = 0; k < F->nkept; k++)
    if (!strcmp(F->kept_c[k], x->c))
      return &F->kept[k];
  if (F->nkept == FUSE_MAX_TEMPS) {
    diag_error(F->c, F->at, "pykc's fuse keeps at most %d values across writes",
               FUSE_MAX_TEMPS);
    return x;
  }
  ViewDeps rd = F->rd_pend;                        /* (a statement is under way) */
  uint64_t trd = F->trd_pend, *need = F->need_pend;
  int nneed = F->nneed_pend;
  size_t start = F->stmt_start;
  F->insert_at = at;
  TVal t = fuse_stage_temp(F, x, F->at);
  F->insert_at = -1;
  for (int i = 0; i < F->nstale_at; i++)           /* (the kernels from AT moved on) */
    F->stale_at[i] += F->stale_at[i] >= at;
  F->rd_pend = rd, F->trd_pend = trd, F->need_pend = need, F->nneed_pend = nneed;
  F->stmt_start = start;
  if (t.bad)
    return x;
  F->kept_c[F->nkept] = x->c;
  F->kept[F->nkept] = t;
  return &F->kept[F->nkept++];
}

/* A write into temporary memory (the temporary ROOT, input S its view or itself): a
   kernel now, as CuPy runs the operation where it is (its memory is pykc's: no caller
   sees it in between); the value first into a temporary of its own when it reads that
   memory through another view (CuPy's copy of such an input). */
static bool store_temp(Fuse *F, const TVal *dst, int s, int root, const TVal *v) {
  fuse_stmt_begin(F);
  const char *val = fuse_operand(F, v, dst->dt);
  Sel sel = pending(F);
  bool alias = false;
  for (int k = 0; k < F->nparams + F->nviews && !alias; k++) {
    bool arg = k < F->nparams;
    int j = arg ? k : k - F->nparams;
    alias = k != s && ((sel.rd.w[!arg] >> j) & 1) && input_root(F, k) == root;
  }
  alias |= s < FUSE_MAX_IN && ((sel.trd >> (-2 - root)) & 1);
  if (alias) {
    TVal t = fuse_stage_temp(F, v, F->at);
    if (t.bad)
      return false;
    fuse_stmt_begin(F);
    val = fuse_operand(F, &t, dst->dt);
  }
  bool view = s < FUSE_MAX_IN;
  const char *name = view ? arena_printf(&F->c->arena, "_wv%d", s - F->nparams)
                          : arena_printf(&F->c->arena, "_wt%d", -2 - root);
  const char *line = arena_printf(&F->c->arena, "%s = %s;\n", name, val);
  FuseSrc to = view ? (FuseSrc){FSRC_VIEW, s - F->nparams} : (FuseSrc){FSRC_TEMP, -2 - root};
  int at = F->nstages;
  if (!stage_ew(F, &line, 1, &name, &dst->dt, &to))
    return false;
  stale_from(F, root, at);
  return true;
}

/* ---------------------------------------------------------------- the last kernels */

/* What a final group's values are made of: its shape (the arrays, not the scalars). */
typedef struct Key {
  uint64_t args, views, temps;
} Key;

static Key key_of(const Fuse *F, const TVal *v) {
  uint64_t arrays = 0;
  for (int i = 0; i < F->nparams && i < 64; i++)
    arrays |= (uint64_t)(F->args[i].ndim >= 0) << i;
  return (Key){v->deps.w[0] & arrays, v->deps.w[1], v->tdeps};
}

typedef struct Item {
  const TVal *v;                                   /* the value (for a write: the array) */
  const char *name;
  TypeKind dt;
  FuseSrc dst;
  Key key;
  bool writes;
  int root;                                        /* an array written: its argument */
} Item;


/* Do the inputs in sel include a view (or the argument) of argument root other than the
   input written, slot? */
static bool reads_other_view(const Fuse *F, const Sel *sel, int root, int slot) {
  for (int i = 0; i < F->nparams + F->nviews; i++) {
    bool arg = i < F->nparams;
    int j = arg ? i : i - F->nparams;
    if (i == slot || !((sel->rd.w[!arg] >> j) & 1))
      continue;
    if (fuse_input_arg(F, i) == root)
      return true;
  }
  return false;
}

/* The group items[n] (one key) as kernels: the values into their outputs, or, when the
   group writes into an array that it also reads through another view (CuPy copies such
   an input first: _fusion_trace.pyx's should_copy), each value into a temporary first. */
static bool group(Fuse *F, Item *items, int n) {
  const char *lines[FUSE_MAX_OUTS + FUSE_MAX_IN];
  const char *names[FUSE_MAX_OUTS + FUSE_MAX_IN];
  TypeKind dts[FUSE_MAX_OUTS + FUSE_MAX_IN];
  FuseSrc dsts[FUSE_MAX_OUTS + FUSE_MAX_IN];
  fuse_stmt_begin(F);
  for (int k = 0; k < n; k++) {
    lines[k] = arena_printf(&F->c->arena, "%s = %s;\n", items[k].name,
                            fuse_operand(F, fuse_current(F, items[k].v), items[k].dt));
    names[k] = items[k].name, dts[k] = items[k].dt, dsts[k] = items[k].dst;
  }
  Sel sel = pending(F);
  for (int i = 0; i < F->nparams + F->nviews; i++) {   /* an earlier group wrote it */
    bool arg = i < F->nparams;
    int j = arg ? i : i - F->nparams, root = fuse_input_arg(F, i);
    if (((sel.rd.w[!arg] >> j) & 1) && root >= 0 && ((F->wrote_roots >> root) & 1)) {
      diag_error(F->c, F->at, "pykc's fuse writes the arrays it updates at the end, each "
                 "update over its own shape, and this one reads '%s' after another has "
                 "written it", F->pnames[root]);
      return false;
    }
  }
  for (int k = 0; k < n; k++)
    if (items[k].writes && items[k].root >= 0)
      F->wrote_roots |= 1ull << items[k].root;
  bool alias = false;
  for (int k = 0; k < n; k++)
    alias |= items[k].writes && items[k].root >= 0 &&
             reads_other_view(F, &sel, items[k].root, items[k].dst.kind == FSRC_ARG
                                                          ? items[k].dst.i
                                                          : F->nparams + items[k].dst.i);
  if (!alias)
    return stage_ew(F, lines, n, names, dts, dsts);
  TVal tv[FUSE_MAX_OUTS + FUSE_MAX_IN];
  for (int k = 0; k < n; k++) {
    tv[k] = fuse_stage_temp(F, fuse_current(F, items[k].v), F->at);
    if (tv[k].bad)
      return false;
  }
  fuse_stmt_begin(F);
  for (int k = 0; k < n; k++)
    lines[k] = arena_printf(&F->c->arena, "%s = %s;\n", items[k].name,
                            fuse_operand(F, &tv[k], items[k].dt));
  return stage_ew(F, lines, n, names, dts, dsts);
}

/* The write of input s's value into it (arr: its array as a value). */
static Item write_item(Fuse *F, int s, TVal *arr) {
  bool arg = s < F->nparams;
  int j = arg ? s : s - F->nparams;
  *arr = (TVal){.dt = arg ? F->args[s].dtype : view_dt(F, j), .ndim = 0, .c = F->pnames[s],
                .param = true};
  arr->deps.w[!arg] = 1ull << j;
  return (Item){arr, arena_printf(&F->c->arena, "_w%d", s), arr->dt,
                {arg ? FSRC_ARG : FSRC_VIEW, j}, key_of(F, arr), true, fuse_input_arg(F, s)};
}

bool fuse_flush(Fuse *F, int root, int keep) {
  if (!F->staged || F->flushing || root < 0)
    return true;
  bool ok = true;
  for (int s = 0; ok && s < F->nparams + F->nviews; s++) {
    if (!F->has_cur[s] || s == keep || fuse_input_arg(F, s) != root)
      continue;
    ViewDeps rd = F->rd_pend;                      /* (a statement may be under way) */
    uint64_t trd = F->trd_pend, *need = F->need_pend;
    int nneed = F->nneed_pend;
    size_t start = F->stmt_start;
    F->flushing = true;
    TVal arr;
    Item it = write_item(F, s, &arr);
    int at = F->nstages;
    uint64_t wrote = F->wrote_roots;
    ok = group(F, &it, 1);
    F->wrote_roots = wrote;                        /* (read after it: what it wrote) */
    F->flushing = false;
    F->has_cur[s] = false;
    stale_from(F, root, at);                       /* what read the array before is stale */
    F->rd_pend = rd, F->trd_pend = trd, F->need_pend = need, F->nneed_pend = nneed;
    F->stmt_start = start;
  }
  return ok;
}

/* The arguments that group g[n] reads (through any view), as a set. */
static uint64_t group_reads(Fuse *F, const Item *g, int n) {
  fuse_stmt_begin(F);
  for (int k = 0; k < n; k++)
    fuse_operand(F, fuse_current(F, g[k].v), g[k].dt);
  Sel sel = pending(F);
  uint64_t roots = 0;
  for (int i = 0; i < F->nparams + F->nviews; i++) {
    bool arg = i < F->nparams;
    int j = arg ? i : i - F->nparams, root = fuse_input_arg(F, i);
    if (((sel.rd.w[!arg] >> j) & 1) && root >= 0)
      roots |= 1ull << root;
  }
  return roots;
}

/* Group g[n]'s values each into a temporary of its own (kernels that read the arrays
   now), so that it reads no array when it writes. */
static bool values_apart(Fuse *F, Item *g, int n) {
  for (int k = 0; k < n; k++) {
    TVal *t = arena_alloc(&F->c->arena, sizeof *t);
    *t = fuse_stage_temp(F, fuse_current(F, g[k].v), F->at);
    if (t->bad)
      return false;
    g[k].v = t;
  }
  return true;
}

bool fuse_stage_finish(Fuse *F, const TVal *vals, int n, bool tuple, FuseCode *out, Loc loc) {
  Item items[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS];
  int ni = 0;
  for (int k = 0; k < n; k++)                      /* an array returned as it is: what */
    if (!fuse_flush_for(F, &vals[k]))              /* other views of it wrote, first */
      return false;
  for (int k = 0; k < n; k++) {
    const TVal *v = &vals[k];
    if (v->ndim < 0 && !v->temp) {
      diag_error(F->c, loc, tuple ? "The all elements of return value of fused function must "
                                    "be of _ArrayProxy type."
                                  : "The return value of fused functions must be `None`, "
                                    "ndarray or a tuple of ndarays.");
      return false;
    }
    const char *name = intern_cstr(&F->c->names, tuple ? arena_printf(&F->c->arena, "out%d", k)
                                                       : "out");
    out->out_types[k] = v->dt;
    out->out_names[k] = name;
    if (v->temp && fuse_current(F, v) == v && !out->temp_out[v->temp - 1]) {
      out->temp_out[v->temp - 1] = k + 1;          /* its kernel writes the output */
      continue;
    }
    items[ni++] = (Item){v, name, v->dt, {FSRC_OUT, k}, key_of(F, v), false, -1};
  }
  TVal *arr = arena_alloc(&F->c->arena, sizeof *arr * (FUSE_MAX_IN + 1));
  for (int s = 0; s < F->nparams + F->nviews; s++)
    if (F->has_cur[s])
      items[ni++] = write_item(F, s, &arr[s]);
  F->flushing = true;                              /* (the groups below order the writes) */
  /* one kernel per key: those that only read first (they read the arrays before the
     writes), then those that write, each after those that read what it writes */
  Item *grp[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS];
  int gsize[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS], ng = 0;
  uint64_t wr[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS], rd[FUSE_MAX_OUTS + FUSE_MAX_IN +
                                                                FUSE_MAX_TEMPS];
  bool done[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS] = {0};
  for (int a = 0; a < ni; a++) {
    if (done[a])
      continue;
    grp[ng] = arena_alloc(&F->c->arena, sizeof *grp[ng] * (size_t)ni);
    gsize[ng] = 0;
    wr[ng] = 0;
    for (int b = a; b < ni; b++)
      if (!done[b] && !memcmp(&items[b].key, &items[a].key, sizeof(Key))) {
        grp[ng][gsize[ng]++] = items[b], done[b] = true;
        if (items[b].writes && items[b].root >= 0)
          wr[ng] |= 1ull << items[b].root;
      }
    rd[ng] = wr[ng] ? group_reads(F, grp[ng], gsize[ng]) : 0;
    ng++;
  }
  bool built[FUSE_MAX_OUTS + FUSE_MAX_IN + FUSE_MAX_TEMPS] = {0};
  for (int g = 0; g < ng; g++)                     /* the groups that only read */
    if (!wr[g] && !(built[g] = group(F, grp[g], gsize[g])))
      return false;
  for (int left = 1; left;) {                      /* then each that writes what no group
                                                      left reads, else the first left */
    left = 0;
    int pick = -1;
    for (int g = 0; g < ng; g++) {
      if (built[g])
        continue;
      left++;
      bool read_later = false;
      for (int h = 0; h < ng; h++)
        read_later |= h != g && !built[h] && (rd[h] & wr[g]);
      if (!read_later && pick < 0)
        pick = g;
    }
    if (left && pick < 0) {                        /* each reads what another writes: */
      for (int g = 0; pick < 0 && g < ng; g++)     /* the first that reads arrays puts */
        pick = !built[g] && rd[g] ? g : -1;        /* its values into temporaries (one
                                                      that reads what a group left
                                                      writes reads an array) */
      if (!values_apart(F, grp[pick], gsize[pick]))
        return false;
      rd[pick] = 0;
      continue;
    }
    if (left && !(built[pick] = group(F, grp[pick], gsize[pick])))
      return false;
  }
  out->stages = F->stages;
  out->nstages = F->nstages;
  out->ntemps = F->ntemps;
  memcpy(out->temp_ndim, F->temp_ndim, sizeof F->temp_ndim);
  out->nout = n;
  out->return_tuple = tuple;
  return true;
}
