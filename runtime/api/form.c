/*
 * form.c: calls of CuPy's kernel forms (ElementwiseKernel ...) planned as CuPy's
 * __call__ plans them, so that the CLI and the Python package share one implementation:
 * the argument count (inputs, or inputs and outputs), the dtypes (the compiler's
 * kc_form_dtypes: CuPy's _decide_params_type), the broadcast of the non-raw arrays
 * (inputs and given outputs) to one shape, the outputs' shapes (allocated by the caller
 * from pykc_form_outputs), then at the launch each non-raw array as a broadcast view
 * (stride 0 where it is broadcast) with CuPy's _reduce_dims applied (merging axes that
 * are contiguous in every array), scalars passed for the compiler to cast, and a
 * grid-stride launch shape when the caller gives none. The launch itself is
 * pykc_launch's: the views' dtypes and ndims select (or make) the specialisation.
 */
#include "api.h"
#include "../../src/forms/reduce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pykc_kernel_form(const pykc_kernel *k) {
  const KKernel *kk = k ? rt_kernel_kk(k) : NULL;
  return kk && kk->form ? kk->form->kind : PYKC_FORM_NONE;
}

int pykc_kernel_nin(const pykc_kernel *k) {
  const KKernel *kk = k ? rt_kernel_kk(k) : NULL;
  return kk && kk->form ? kk->form->nin : pykc_kernel_nparams(k);
}

int pykc_kernel_return_tuple(const pykc_kernel *k) {
  const KKernel *kk = k ? rt_kernel_kk(k) : NULL;
  return kk && kk->form && kk->form->return_tuple;
}

/* What a call's arguments come to. */
typedef struct Plan {
  const KForm *f;
  int n;                                           /* nin + nout */
  int dtypes[RT_MAXPARAMS];                        /* every parameter's */
  const char *records[RT_MAXPARAMS];               /* a PYKC_RECORD's description */
  bool given[RT_MAXPARAMS];                        /* outputs: passed with memory */
  int ndim;                                        /* the broadcast shape */
  int64_t shape[RT_MAXDIM];
  int64_t size;
  bool sized;                                      /* size= given (ElementwiseKernel) */
  bool red;                                        /* a reduction: a ReductionKernel, or a
                                                      fuse kernel that ends in one */
  int fuse_axes[RT_MAXDIM], fuse_naxes;            /* the fuse kernel's axes (its code's) */
  bool fuse_identity;                              /* and whether its reduction has an
                                                      identity (CuPy's max/min have none) */
  bool raw[RT_MAXPARAMS];                          /* not broadcast: a raw parameter, or a
                                                      fuse argument read through views only */
  int nv;                                          /* a fuse kernel's views of its arguments */
  FuseViews fv;
  bool staged;                                     /* a fuse kernel that runs as a sequence
                                                      of kernels here (fuse_run.c) */
  pykc_arg views[VIEW_MAX];                        /* (view.h), made from the arguments */
  int64_t vstrides[VIEW_MAX][RT_MAXDIM];
  bool none;                                       /* a fuse function that returns None for
                                                      these arguments: no outputs, no launch */
} Plan;

static void put_shape(Buf *b, int ndim, const int64_t *shape) {
  buf_putc(b, '(');
  for (int d = 0; d < ndim; d++)
    buf_printf(b, "%s%lld", d ? ", " : "", (long long)shape[d]);
  buf_puts(b, ndim == 1 ? ",)" : ")");
}

/* Broadcasts shape (ndim, shape) into the plan's (numpy's rules); false if they clash. */
static bool broadcast(Plan *p, int ndim, const int64_t *shape) {
  int nd = ndim > p->ndim ? ndim : p->ndim;
  int64_t out[RT_MAXDIM];
  for (int d = 0; d < nd; d++) {
    int da = d - (nd - p->ndim), db = d - (nd - ndim);
    int64_t a = da >= 0 ? p->shape[da] : 1, b = db >= 0 ? shape[db] : 1;
    if (a != b && a != 1 && b != 1)
      return false;
    out[d] = a == 1 ? b : a;
  }
  p->ndim = nd;
  memcpy(p->shape, out, sizeof out);
  return true;
}

/* a's strides in bytes (explicit, or C-contiguous ones). */
static void strides_of(const pykc_arg *a, int64_t *st) {
  int64_t step = rt_itemsize(a);
  for (int d = a->ndim - 1; d >= 0; d--) {
    st[d] = a->strides ? a->strides[d] : step;
    step *= a->shape[d];
  }
}

/* View v of array a (view.h: view_apply, NumPy's rules) into *o, its strides in
   vstrides: CuPy's `view_of[key]`. */
pykc_status api_view_of(pykc_kernel *k, const pykc_arg *a, const FuseView *v, pykc_arg *o,
                        int64_t *vstrides) {
  const char *name = rt_kernel_name(k);
  if (!a->is_array)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': a view of a scalar", name);
  int64_t st[RT_MAXDIM], off, shape[VIEW_MAX_DIM];
  strides_of(a, st);
  *o = *a;
  char err[RT_ERRLEN];
  if (view_apply(a->ndim, a->shape, st, v->key, v->nkey, &o->ndim, shape, vstrides, &off, err,
                 sizeof err))
    return rt_kernel_err_as(k, PYKC_USAGE_INDEX, "kernel '%s': %s", name, err);
  if (o->ndim > RT_MAXDIM)
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': a view of %d dimensions (at "
                            "most %d)", name, o->ndim, RT_MAXDIM);
  memcpy(o->shape, shape, sizeof *shape * (size_t)o->ndim);
  o->strides = vstrides;
  o->data = a->data ? (char *)a->data + off : NULL;
  return PYKC_OK;
}

/* A fuse kernel's views of its arguments (view.h), as CuPy's kernel makes them before
   its launch (view_of[key]): p->views, each of an argument or of an earlier view. */
static pykc_status make_views(pykc_kernel *k, const pykc_arg *args, const FuseViews *fv,
                              Plan *p) {
  if (p->n + fv->n > RT_MAXPARAMS || fv->n > VIEW_MAX)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': %d views and %d arguments (at most "
                         "%d in all)", p->f->name, fv->n, p->n, RT_MAXPARAMS);
  p->nv = fv->n;
  p->fv = *fv;
  for (int i = 0; i < p->f->nin; i++)
    p->raw[i] |= (fv->raw >> i) & 1;
  for (int j = 0; j < fv->n; j++) {
    const FuseView *v = &fv->v[j];
    const pykc_arg *a = v->of < p->f->nin ? &args[v->of] : &p->views[v->of - p->f->nin];
    pykc_status st = api_view_of(k, a, v, &p->views[j], p->vstrides[j]);
    if (st)
      return st;
  }
  return PYKC_OK;
}

/* The shape of a set of a fuse kernel's inputs (view.h), broadcast, into q; false when
   the set holds no array. */
static bool deps_shape(const Plan *p, const pykc_arg *args, const ViewDeps *d, Plan *q) {
  bool any = false;
  q->ndim = 0;
  for (int i = 0; i < p->f->nin + p->nv; i++) {
    bool in = i < p->f->nin ? (d->w[0] >> i) & 1 : (d->w[1] >> (i - p->f->nin)) & 1;
    const pykc_arg *a = i < p->f->nin ? &args[i] : &p->views[i - p->f->nin];
    if (in && a->is_array) {
      any = true;
      broadcast(q, a->ndim, a->shape);             /* (they broadcast into the loop's) */
    }
  }
  return any;
}

/* Whether the inputs D of a fuse kernel with views (an output's operands, or an array it
   writes: WHAT, an output's name or NULL) broadcast to exactly the loop's shape; else the
   error. CuPy's new fusion computes each operation over its operands' shape, pykc's kernel
   has one loop. */
static pykc_status loop_shaped(pykc_kernel *k, const Plan *p, const pykc_arg *args,
                               const ViewDeps *d, const char *what) {
  Plan q;
  if (!deps_shape(p, args, d, &q))
    return PYKC_OK;
  bool same = q.ndim == p->ndim;
  for (int a = 0; same && a < q.ndim; a++)
    same = q.shape[a] == p->shape[a];
  if (same)
    return PYKC_OK;
  Buf b = {0};
  if (what)
    buf_printf(&b, "kernel '%s': output '%s' has the shape ", p->f->name, what);
  else
    buf_printf(&b, "kernel '%s': the function writes into an array of shape ", p->f->name);
  put_shape(&b, q.ndim, q.shape);
  buf_puts(&b, " in CuPy's fuse, the kernel's loop ");
  put_shape(&b, p->ndim, p->shape);
  buf_puts(&b, ": pykc's fuse computes every output and every array it writes over one "
           "shape (call it once per shape)");
  pykc_status st = rt_kernel_err_as(k, PYKC_USAGE_VALUE, "%s", b.data && !b.oom ? b.data : "");
  buf_free(&b);
  return st;
}

static pykc_status view_shapes(pykc_kernel *k, const Plan *p, const pykc_arg *args) {
  pykc_status st = PYKC_OK;
  for (int o = 0; !st && o < p->f->nout; o++)
    st = loop_shaped(k, p, args, &p->fv.out_deps[o], p->f->params[p->f->nin + o].name);
  for (int i = 0; !st && i < p->f->nin + p->nv; i++) {   /* each array written, alone */
    int w = i >= p->f->nin, bit = w ? i - p->f->nin : i;
    ViewDeps one = {{0, 0}};
    one.w[w] = 1ull << bit;
    if ((p->fv.written.w[w] >> bit) & 1)
      st = loop_shaped(k, p, args, &one, NULL);
  }
  return st;
}

/* CuPy's _broadcast decides first whether the call has a loop: its non-raw array
   arguments (an ElementwiseKernel's inputs and given outputs, a ReductionKernel's inputs)
   give its shape, else size= does (ElementwiseKernel.__call__: shape (size,), which the
   outputs it allocates take); one of the two, never both. At pykc_form_call (CALL) the
   outputs are those pykc_form_outputs planned: with size=, its non-raw ones of shape
   (size,), checked as given outputs are. Fuse kernels have no raw parameters and decide
   their own. */
static pykc_status plan_loop(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                             int nargs, bool call, Plan *p) {
  const KForm *f = p->f;
  p->sized = cfg && cfg->has_size;
  if (p->sized && f->kind != KC_FORM_ELEMENTWISE)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': size= is for ElementwiseKernel "
                         "calls", f->name);
  if (p->sized && cfg->size < 0)
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': size=%lld is negative", f->name,
                            (long long)cfg->size);
  if (f->kind == KC_FORM_FUSE)
    return PYKC_OK;
  int n = f->kind == KC_FORM_REDUCTION || (call && p->sized) ? f->nin : nargs;
  bool arrays = false;
  for (int i = 0; i < n; i++)
    arrays |= p->given[i] && !f->params[i].raw && args[i].is_array;
  if (p->sized && arrays)
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "Specified 'size' can be used only if all "
                            "of the ndarray are 'raw'. (in kernel '%s')", f->name);
  if (!p->sized && !arrays)                        /* CuPy's texts first, as it words them */
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "Loop size is undecided. (no array is "
                            "passed to a parameter that is not raw%s) in kernel '%s'",
                            f->kind == KC_FORM_ELEMENTWISE ? ": give size=" : "", f->name);
  return PYKC_OK;
}

static pykc_status plan(pykc_kernel *k, const char *fn, const pykc_call_cfg *cfg,
                        const pykc_arg *args, int nargs, bool call, Plan *p) {
  const KKernel *kk = rt_kernel_kk(k);
  const KForm *f = kk ? kk->form : NULL;
  memset(p, 0, sizeof *p);
  if (!f)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "%s: kernel '%s' is no kernel form "
                         "(ElementwiseKernel, ...): launch it with pykc_launch", fn,
                         rt_kernel_name(k));
  if (f->kind != KC_FORM_ELEMENTWISE && f->kind != KC_FORM_REDUCTION &&
      f->kind != KC_FORM_FUSE)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "%s: kernel '%s' is a raw kernel, which this "
                         "call does not plan", fn, rt_kernel_name(k));
  bool red = f->kind == KC_FORM_REDUCTION;        /* outputs: the reduced shape (reduce.c) */
  p->f = f;
  p->n = f->nin + f->nout;
  if (nargs != f->nin && nargs != p->n)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "Wrong number of arguments for '%s'. It must be "
                         "either %d or %d (with outputs), but given %d.", f->name, f->nin, p->n,
                         nargs);
  if (nargs > 0 && !args)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "%s: args is NULL", fn);
  KParam types[RT_MAXPARAMS];
  for (int i = 0; i < p->n; i++) {
    const pykc_arg *a = i < nargs ? &args[i] : NULL;
    p->given[i] = a && (!f->params[i].is_out || a->data || api_arg_empty(a));
    if (a && (!rt_dtype_ok(a) || (a->is_array && (a->ndim < 0 || a->ndim > RT_MAXDIM))))
      return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': argument '%s' has a bad dtype or "
                           "ndim", f->name, f->params[i].name);
    types[i] = p->given[i] ? (KParam){.is_array = a->is_array != 0, .dtype = (int)a->dtype,
                                      .record = (int)a->dtype == PYKC_RECORD && a->is_array
                                                    ? a->record : NULL,
                                      .ndim = a->ndim, .strong = !a->is_array && a->numpy_scalar,
                                      .handle = !a->is_array && a->handle}
                           : (KParam){.dtype = -1};
  }
  pykc_status lst = plan_loop(k, cfg, args, nargs, call, p);   /* CuPy's _broadcast */
  if (lst)
    return lst;
  char err[RT_ERRLEN];
  int dst = kc_form_dtypes(rt_kernel_unit(k), kk, types, p->n, p->dtypes, p->records, err);
  if (dst == 3)                                    /* fuse: this trace returns None */
    return p->none = true, PYKC_OK;
  if (dst == 4)                                    /* CuPy's ValueError (a void dtype) */
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "%s", err);
  if (dst)                                         /* 2: a fuse function's source */
    return rt_kernel_err(k, dst == 2 ? PYKC_ERR_SOURCE : PYKC_ERR_USAGE, "kernel '%s': %s",
                         f->name, err);
  for (int i = 0; i < p->n; i++)
    p->raw[i] = f->params[i].raw;
  if (f->kind == KC_FORM_FUSE) {                   /* elementwise, or a fixed reduction */
    FuseViews fv;
    int r = kc_fuse_axes(rt_kernel_unit(k), kk, types, f->nin, p->fuse_axes, &p->fuse_naxes,
                         &p->fuse_identity, &fv, err);
    if (r < 0)
      return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': %s", f->name, err);
    if (r == 2) {                                  /* stages: fuse_run.c plans them */
      p->staged = true;
      p->fv = fv;
      return PYKC_OK;
    }
    red = r == 1;
    pykc_status vst = fv.n ? make_views(k, args, &fv, p) : PYKC_OK;
    if (vst)
      return vst;
  }
  p->red = red;
  for (int i = 0; i < p->n + p->nv; i++) {         /* the loop's shape (the views after */
    const pykc_arg *a = i >= p->n ? &p->views[i - p->n]   /* the arguments) */
                                  : &args[i < nargs ? i : 0];
    if ((i < p->n && (!p->given[i] || p->raw[i] || (red && i >= f->nin))) ||
        (i >= p->n && p->fv.v[i - p->n].raw) || !a->is_array ||
        broadcast(p, a->ndim, a->shape))
      continue;
    Buf b = {0};
    buf_printf(&b, "kernel '%s': operands could not be broadcast together with shapes", f->name);
    for (int j = 0; j <= i; j++) {
      const pykc_arg *o = j >= p->n ? &p->views[j - p->n] : &args[j];
      if ((j >= p->n ? !p->fv.v[j - p->n].raw : p->given[j] && !p->raw[j]) && o->is_array) {
        buf_putc(&b, ' ');
        put_shape(&b, o->ndim, o->shape);
      }
    }
    pykc_status st = rt_kernel_err_as(k, PYKC_USAGE_VALUE, "%s", b.data && !b.oom ? b.data : "");
    buf_free(&b);
    return st;
  }
  pykc_status vs = p->nv && !red ? view_shapes(k, p, args) : PYKC_OK;
  if (vs)
    return vs;
  if (p->sized) {                                  /* the loop's shape is (size,) */
    p->ndim = 1;
    p->shape[0] = cfg->size;
  }
  p->size = 1;
  for (int d = 0; d < p->ndim; d++)
    p->size *= p->shape[d];
  for (int i = f->nin; i < p->n; i++) {
    const KFormParam *fp = &f->params[i];
    if (!p->given[i] && fp->raw && !p->sized)
      return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': Output array size is Undecided "
                           "(the raw output '%s' must be given)", f->name, fp->name);
    if (!p->given[i] || fp->raw || red)
      continue;
    const pykc_arg *a = &args[i];
    bool same = a->ndim == p->ndim;
    for (int d = 0; same && d < p->ndim; d++)
      same = a->shape[d] == p->shape[d];
    if (!same) {
      Buf b = {0};
      buf_printf(&b, "kernel '%s': Out shape is mismatched: '%s' is ", f->name, fp->name);
      put_shape(&b, a->ndim, a->shape);
      buf_puts(&b, ", the loop's shape ");
      put_shape(&b, p->ndim, p->shape);
      pykc_status st = rt_kernel_err_as(k, PYKC_USAGE_VALUE, "%s", b.data && !b.oom ? b.data : "");
      buf_free(&b);
      return st;
    }
  }
  return PYKC_OK;
}

/* The launch's arguments, in the kernel's order: the inputs, a fuse kernel's views, the
   outputs (those not among the nargs given: empty); raw[i] for those not broadcast. The
   count. */
static int launch_order(const Plan *p, const pykc_arg *args, int nargs, pykc_arg *all,
                        bool *raw) {
  int nin = p->f->nin, n = p->n + p->nv;
  for (int i = 0; i < n; i++) {
    int at = i < nin ? i : i < nin + p->nv ? p->n + i - nin : i - p->nv;  /* args, views */
    all[i] = at >= p->n ? p->views[at - p->n] : at < nargs ? args[at] : (pykc_arg){0};
    raw[i] = at < p->n ? p->raw[at] : p->fv.v[at - p->n].raw;
  }
  return n;
}

/* A ReductionKernel call's plan (runtime/reduce.c: axis=, keepdims=, the outputs'
   shape, the views and the launch), the outputs read unless shape_only. */
static pykc_status reduce_plan(pykc_kernel *k, const Plan *p, const pykc_call_cfg *cfg,
                               const pykc_arg *args, int nargs, bool shape_only, RedPlan *rp) {
  const KForm *f = p->f;
  if (cfg && (cfg->block.x || cfg->grid.x))
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s' is a ReductionKernel: pykc plans its "
                         "launch (give no grid or block)", f->name);
  if (cfg && (cfg->naxis < 0 || cfg->naxis > RED_MAX_AXES))
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': %d axes", f->name, cfg->naxis);
  bool raw[RT_MAXPARAMS];
  pykc_arg all[RT_MAXPARAMS];                      /* a fuse kernel's views are inputs */
  launch_order(p, args, nargs, all, raw);
  RedCall c = {all, f->nin + p->nv, shape_only ? 0 : f->nout, raw, cfg ? cfg->axis : NULL,
               cfg && cfg->naxis ? cfg->naxis : -1, cfg && cfg->keepdims, f->has_identity,
               f->name, p->nv > 0};
  if (f->kind == KC_FORM_FUSE) {                   /* the axes its code reduces */
    if (cfg && (cfg->naxis || cfg->keepdims))
      return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s' is a fuse kernel: its code gives "
                           "the reduction's axes (no axis or keepdims)", f->name);
    c.axes = p->fuse_axes;
    c.naxes = p->fuse_naxes;
    c.has_identity = p->fuse_identity;
  }
  char err[RT_ERRLEN];
  int r = red_plan(&c, shape_only, rp, err, sizeof err);
  if (r)
    return rt_kernel_err_as(k, r == RED_EAXIS   ? PYKC_USAGE_AXIS
                               : r == RED_EIMPL ? PYKC_USAGE_NOT_IMPLEMENTED
                                                : PYKC_USAGE_VALUE,
                            "kernel '%s': %s", f->name, err);
  return PYKC_OK;
}

static pykc_launch_cfg red_launch(const RedPlan *rp, const pykc_call_cfg *cfg) {
  unsigned z = rp->out_size > 0;
  return (pykc_launch_cfg){{rp->launch.grid[0] * z, rp->launch.grid[1] * z,
                            rp->launch.grid[2] * z},
                           {rp->launch.block[0], rp->launch.block[1], rp->launch.block[2]}, 0,
                           cfg ? cfg->stream : NULL};
}

pykc_status pykc_form_outputs(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                              int nargs, pykc_arg *outs) {
  if (!k || !outs)
    return k ? rt_kernel_err(k, PYKC_ERR_USAGE, "pykc_form_outputs: outs is NULL")
             : PYKC_ERR_USAGE;
  rt_kernel_clear_err(k);
  Plan p;
  pykc_status st = plan(k, "pykc_form_outputs", cfg, args, nargs, false, &p);
  if (!st && p.staged) {
    for (int i = p.f->nin; i < p.n; i++)           /* (given ones as passed) */
      outs[i - p.f->nin] = p.given[i] ? args[i] : (pykc_arg){.is_array = 1,
                                                             .dtype = (pykc_dtype)p.dtypes[i]};
    return api_fuse_outputs(k, cfg, &p.fv, args, p.f->nin, nargs, outs);
  }
  RedPlan rp = {0};
  if (!st && p.red) {
    st = reduce_plan(k, &p, cfg, args, nargs, true, &rp);
    p.ndim = rp.out_ndim;
    memcpy(p.shape, rp.out_shape, sizeof p.shape);
  }
  if (st)
    return st;
  for (int i = p.f->nin; i < p.n; i++) {
    pykc_arg *o = &outs[i - p.f->nin];
    if (p.none) {                                  /* returns None: no output to make */
      *o = (pykc_arg){.is_array = 0, .dtype = PYKC_BOOL};
      continue;
    }
    if (p.given[i]) {
      *o = args[i];
      continue;
    }
    memset(o, 0, sizeof *o);
    o->is_array = 1;
    o->dtype = (pykc_dtype)p.dtypes[i];
    if (p.dtypes[i] == PYKC_RECORD)
      o->record = p.records[i];
    o->ndim = p.ndim;
    memcpy(o->shape, p.shape, sizeof p.shape);
  }
  return PYKC_OK;
}

static bool c_contiguous(int ndim, const int64_t *shape, const int64_t *st, int64_t item) {
  for (int d = ndim - 1; d >= 0; d--) {
    if (shape[d] != 1 && st[d] != item)
      return false;
    item *= shape[d];
  }
  return true;
}

/* CuPy's _reduce_dims (_reduced_view_core) over the non-raw arrays views[i] (is[i]):
   drops axes of length 1 and merges an axis into the one before it where every
   non-contiguous array allows; the views' shapes and strides become the reduced ones. */
static void reduce_dims(Plan *p, int n, pykc_arg *views, int64_t (*st)[RT_MAXDIM],
                        const bool *is) {
  if (p->ndim <= 1)
    return;
  bool noncontig[RT_MAXPARAMS] = {0}, any = false;
  for (int i = 0; i < n; i++)
    if (is[i]) {
      noncontig[i] = !c_contiguous(p->ndim, p->shape, st[i], rt_itemsize(&views[i]));
      any |= noncontig[i];
    }
  if (!any) {                                      /* all C-contiguous: one axis */
    for (int i = 0; i < n; i++)
      if (is[i]) {
        views[i].ndim = 1;
        views[i].shape[0] = p->size;
        st[i][0] = rt_itemsize(&views[i]);
      }
    p->ndim = 1;
    p->shape[0] = p->size;
    return;
  }
  if (p->ndim == 2)                                /* CuPy's short cut */
    return;
  int64_t vec[RT_MAXDIM];
  int axes[RT_MAXDIM], naxes = 0, last = -1;
  memcpy(vec, p->shape, sizeof vec);
  for (int ax = 0; ax < p->ndim; ax++) {
    if (vec[ax] == 1)
      continue;
    if (last < 0) {
      last = ax;
      continue;
    }
    bool merge = true;
    for (int i = 0; i < n && merge; i++)
      merge = !noncontig[i] || st[i][ax] * vec[ax] == st[i][last];
    if (merge)
      vec[ax] *= vec[last];
    else
      axes[naxes++] = last;
    last = ax;
  }
  if (last >= 0)
    axes[naxes++] = last;
  if (naxes == p->ndim)
    return;
  for (int i = 0; i < n; i++)
    if (is[i]) {
      int64_t ns[RT_MAXDIM];
      for (int j = 0; j < naxes; j++) {
        views[i].shape[j] = vec[axes[j]];
        ns[j] = st[i][axes[j]];
      }
      memcpy(st[i], ns, sizeof ns);
      views[i].ndim = naxes;
    }
  for (int j = 0; j < naxes; j++)
    p->shape[j] = vec[axes[j]];
  p->ndim = naxes;
}

/* An elementwise form's launch: CFG's shape, else a grid-stride loop's (any shape works):
   the backend's block, and blocks for the loop up to the backend's cap (more work per
   thread past it). */
static pykc_launch_cfg ew_launch(pykc_kernel *k, const Plan *p, const pykc_call_cfg *cfg) {
  pykc_launch_cfg lc = {cfg ? cfg->grid : (pykc_dim3){0, 0, 0},
                        cfg ? cfg->block : (pykc_dim3){0, 0, 0}, 0, cfg ? cfg->stream : NULL};
  if (!lc.block.x)
    lc.block = (pykc_dim3){rt_kernel_backend(k)->form_block, 1, 1};
  if (!lc.grid.x) {
    int64_t blocks = (p->size + lc.block.x - 1) / lc.block.x;
    int64_t cap = rt_kernel_backend(k)->form_grid_cap;
    lc.grid = (pykc_dim3){(unsigned)(blocks < cap ? blocks : cap), 1, 1};
  }
  return lc;
}

/* ---- the last launch, kept per kernel ---- */

/* A call's launch (an elementwise form's broadcast views with CuPy's _reduce_dims and its
   grid; a reduction's views and launch from red_plan) is a function of the arguments'
   kinds, dtypes, ndims, shapes and strides, of which outputs have memory, and of the
   call's grid, block, size=, axis and keepdims: a call that repeats the kernel's last one
   takes it from here (the data pointers and scalars its own) and goes to pykc_launch,
   which checks the arguments against the specialisation as always. A fuse kernel's views
   of its arguments are not kept. */
enum { MEMO_MAXARGS = 16, MEMO_MAXKEY = 6 + MEMO_MAXARGS * (1 + 2 * RT_MAXDIM) };

typedef struct FormMemo {
  int nkey;
  int64_t key[MEMO_MAXKEY];
  int n, nviews;                                   /* the parameters; the launch's views */
  bool empty;                                      /* nothing to compute */
  bool is[MEMO_MAXARGS + 1];                       /* view i: a broadcast non-raw array */
  pykc_arg views[MEMO_MAXARGS + 1];
  int64_t st[MEMO_MAXARGS + 1][RT_MAXDIM];
  pykc_launch_cfg lc;                              /* (its stream is the call's) */
} FormMemo;

/* The words that decide the launch into KEY: their count, 0 past MEMO_MAXARGS. */
static int memo_key(const pykc_call_cfg *cfg, const pykc_arg *args, int nargs, int64_t *key) {
  if (nargs < 0 || nargs > MEMO_MAXARGS || (nargs && !args))
    return 0;
  pykc_call_cfg c = cfg ? *cfg : (pykc_call_cfg){0};
  int k = 0;
  key[k++] = nargs | (int64_t)c.has_size << 16 | (int64_t)c.keepdims << 17 | (int64_t)c.naxis << 24;
  key[k++] = c.has_size ? c.size : 0;
  key[k++] = c.grid.x | (int64_t)c.grid.y << 32;
  key[k++] = c.grid.z | (int64_t)c.block.x << 32;
  key[k++] = c.block.y | (int64_t)c.block.z << 32;
  key[k++] = 0;
  for (int d = 0; d < c.naxis && d < RT_MAXDIM; d++)
    key[k - 1] = key[k - 1] * 64 + c.axis[d] + 32;
  for (int i = 0; i < nargs; i++) {
    const pykc_arg *a = &args[i];
    bool arr = a->is_array != 0;
    if ((unsigned)a->dtype >= KC_NDTYPES || (arr && (a->ndim < 0 || a->ndim > RT_MAXDIM)))
      return 0;
    key[k++] = (int64_t)a->is_array | (int64_t)a->dtype << 8 | (int64_t)(arr ? a->ndim : 0) << 16 |
               (int64_t)(a->numpy_scalar != 0) << 24 | (int64_t)(a->data == NULL) << 25 |
               (int64_t)(!arr && a->handle) << 26;
    if (!arr)
      continue;
    memcpy(key + k, a->shape, sizeof *key * (size_t)a->ndim);
    strides_of(a, key + k + a->ndim);
    k += 2 * a->ndim;
  }
  return k;
}

/* Keeps the launch of VIEWS[NVIEWS] (IS[i]: view i is the memo's, with the call's data
   pointer; else the call's argument), their strides copied. */
static void memo_keep(pykc_kernel *k, const int64_t *key, int nkey, const Plan *p,
                      const pykc_arg *views, const bool *is, int nviews,
                      const pykc_launch_cfg *lc, bool empty) {
  FormMemo *m = k->form_memo ? k->form_memo : (k->form_memo = malloc(sizeof *m));
  if (!m || nviews > MEMO_MAXARGS + 1)
    return;                                        /* (no memory: not kept) */
  m->nkey = 0;
  memcpy(m->key, key, sizeof *key * (size_t)nkey);
  m->n = p->n, m->nviews = nviews, m->empty = empty, m->lc = *lc;
  for (int i = 0; !empty && i < nviews; i++) {
    const pykc_arg *v = &views[i];
    m->is[i] = i < p->n && is[i];
    m->views[i] = *v;
    if ((i >= p->n || is[i]) && v->is_array && v->strides && v->ndim <= RT_MAXDIM)
      memcpy(m->st[i], v->strides, sizeof *v->strides * (size_t)v->ndim);
    else
      m->views[i].strides = NULL;                  /* (C-contiguous, or the call's) */
  }
  m->nkey = nkey;
}

/* The kept launch with these arguments' pointers and scalars. */
static pykc_status memo_launch(pykc_kernel *k, const FormMemo *m, const pykc_call_cfg *cfg,
                               const pykc_arg *args) {
  if (m->empty)
    return PYKC_OK;
  pykc_arg views[MEMO_MAXARGS + 1];
  int64_t st[MEMO_MAXARGS + 1][RT_MAXDIM];
  for (int i = 0; i < m->nviews; i++) {
    bool own = i >= m->n || m->is[i];
    views[i] = own ? m->views[i] : args[i];
    if (!own)
      continue;
    if (i < m->n)
      views[i].data = args[i].data;
    if (views[i].is_array && m->views[i].strides) {
      memcpy(st[i], m->st[i], sizeof st[i]);
      views[i].strides = st[i];
    }
  }
  pykc_launch_cfg lc = m->lc;
  lc.stream = cfg ? cfg->stream : NULL;
  return pykc_launch(k, &lc, views, m->nviews);
}

/* The launch, or (DRY) only the specialisation it selects (made now, so that the unit's
   next compile has it). */
static pykc_status launch_or_pick(pykc_kernel *k, const pykc_launch_cfg *lc,
                                  const pykc_arg *args, int n, bool dry) {
  if (!dry)
    return pykc_launch(k, lc, args, n);
  char err[RT_ERRLEN];
  bool source = false;
  if (rt_pick_sig(rt_kernel_unit(k), rt_kernel_kk(k), args, n, &source, err))
    return PYKC_OK;
  return rt_kernel_err(k, source ? PYKC_ERR_SOURCE : PYKC_ERR_USAGE, "%s", err);
}

static pykc_status form_call(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                             int nargs, bool dry) {
  if (!k)
    return PYKC_ERR_USAGE;
  rt_kernel_clear_err(k);
  int64_t key[MEMO_MAXKEY];
  int nkey = dry ? 0 : memo_key(cfg, args, nargs, key);
  const FormMemo *m = k->form_memo;
  if (nkey && m && m->nkey == nkey && memcmp(m->key, key, sizeof *key * (size_t)nkey) == 0)
    return memo_launch(k, m, cfg, args);
  Plan p;
  pykc_status st = plan(k, "pykc_form_call", cfg, args, nargs, true, &p);
  if (st || p.none)                                /* None: nothing to launch */
    return st;
  for (int i = p.f->nin; i < p.n; i++)
    if (!p.given[i])
      return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': output '%s' has no memory "
                           "(pykc_form_outputs gives its dtype and shape)", p.f->name,
                           p.f->params[i].name);
  if (p.staged)
    return dry ? PYKC_OK : api_fuse_call(k, cfg, &p.fv, args, p.f->nin, nargs);
  pykc_arg views[RT_MAXPARAMS];
  int64_t st_[RT_MAXPARAMS][RT_MAXDIM];
  bool is[RT_MAXPARAMS], raw[RT_MAXPARAMS];
  if (p.red) {                                     /* (its views: each array's own) */
    RedPlan rp = {.views = views, .vstrides = st_};
    if ((st = reduce_plan(k, &p, cfg, args, nargs, false, &rp)))
      return st;
    pykc_launch_cfg lc = red_launch(&rp, cfg);
    for (int i = 0; i < p.n; i++)
      is[i] = views[i].is_array;
    if (nkey && !p.nv)
      memo_keep(k, key, nkey, &p, views, is, p.n, &lc, rp.out_size == 0);
    return rp.out_size == 0 ? PYKC_OK : launch_or_pick(k, &lc, views, p.n + p.nv, dry);
  }
  if (p.size == 0) {                               /* nothing to compute, as CuPy */
    if (nkey && !p.nv)
      memo_keep(k, key, nkey, &p, NULL, NULL, 0, &(pykc_launch_cfg){0}, true);
    return PYKC_OK;
  }
  pykc_arg all[RT_MAXPARAMS];
  int n = launch_order(&p, args, nargs, all, raw);
  for (int i = 0; i < n; i++) {
    const pykc_arg *a = &all[i];
    views[i] = *a;
    is[i] = a->is_array && !raw[i];
    if (!is[i])
      continue;
    int64_t own[RT_MAXDIM];
    strides_of(a, own);
    views[i].ndim = p.ndim;
    for (int d = 0; d < p.ndim; d++) {             /* the broadcast view */
      int src = d - (p.ndim - a->ndim);
      views[i].shape[d] = p.shape[d];
      st_[i][d] = src < 0 || (a->shape[src] == 1 && p.shape[d] != 1) ? 0 : own[src];
    }
  }
  if (p.f->reduce_dims)
    reduce_dims(&p, n, views, st_, is);
  for (int i = 0; i < n; i++)
    if (is[i])
      views[i].strides = st_[i];
  int nviews = n;
  bool loop_array = false;                         /* else the kernel's _loop_size */
  for (int i = 0; i < n; i++)
    loop_array |= is[i];
  if (!loop_array)
    views[nviews++] = pykc_int64(p.size);
  pykc_launch_cfg lc = ew_launch(k, &p, cfg);
  if (nkey && !p.nv)                               /* (a fuse kernel's views: not kept) */
    memo_keep(k, key, nkey, &p, views, is, nviews, &lc, false);
  return launch_or_pick(k, &lc, views, nviews, dry);
}

pykc_status pykc_form_call(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                           int nargs) {
  return form_call(k, cfg, args, nargs, false);
}

int pykc_form_first_only(pykc_kernel *k, const pykc_arg *args, int nargs) {
  Plan p;
  if (!k || plan(k, "pykc_form_first_only", NULL, args, nargs, false, &p))
    return -1;
  return p.f->kind == KC_FORM_REDUCTION || (p.red && !p.staged);
}

pykc_status api_form_prepare(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                             int nargs) {
  return form_call(k, cfg, args, nargs, true);
}

pykc_status pykc_form_launch_shape(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                                   int nargs, pykc_launch_cfg *launch) {
  if (!k)
    return PYKC_ERR_USAGE;
  rt_kernel_clear_err(k);
  Plan p;
  pykc_status st = plan(k, "pykc_form_launch_shape", cfg, args, nargs, true, &p);
  if (st)
    return st;
  if (!launch)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "pykc_form_launch_shape: launch is NULL");
  if (p.staged)
    return rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s' runs as %d kernels for these "
                         "arguments (CuPy's fuse runs its operations over their own shapes): "
                         "no one launch", p.f->name, p.fv.nstages);
  if (!p.red)
    return *launch = ew_launch(k, &p, cfg), PYKC_OK;
  pykc_arg views[RT_MAXPARAMS];
  int64_t st_[RT_MAXPARAMS][RT_MAXDIM];
  RedPlan rp = {.views = views, .vstrides = st_};
  if ((st = reduce_plan(k, &p, cfg, args, nargs, false, &rp)))
    return st;
  *launch = red_launch(&rp, cfg);
  return PYKC_OK;
}
