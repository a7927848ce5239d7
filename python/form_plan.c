/*
 * form_plan.c: a form's planned outputs, kept per call signature. pykc_form_outputs is a
 * function of the arguments' kinds, dtypes, ndims and shapes (and of which outputs have
 * memory), of the call's axis, keepdims and size, and of the context: a call that repeats
 * one of a kernel's last FORM_NPLANS signatures takes the outputs' dtypes and shapes from
 * here, without the library (the launch, pykc_form_call, checks them all again). Kept
 * for calls of at most PLAN_MAXARGS arguments; only successful plans are kept. The
 * outputs' shapes are kept as tuples too, for the allocator.
 */
#include "ext.h"

#include <string.h>

enum { FORM_NPLANS = 4, PLAN_MAXARGS = 32,
       PLAN_MAXKEY = 2 + PYKC_MAX_DIMS + PLAN_MAXARGS * (2 + PYKC_MAX_DIMS) };

typedef struct FormPlan {
  int nkey;                               /* 0: empty */
  int nin, nout;
  int64_t *key;                           /* plan_key's words, then the nout outputs, then
                                             their shapes as tuples (NULL: given) */
} FormPlan;

struct FormPlans {
  FormPlan p[FORM_NPLANS];
  int next;                               /* the one to replace next */
};

static pykc_arg *plan_outs(const FormPlan *fp) { return (pykc_arg *)(fp->key + fp->nkey); }
static PyObject **plan_shapes(const FormPlan *fp) { return (PyObject **)(plan_outs(fp) + fp->nout); }

/* FP emptied (its shapes let go; its memory kept for the next plan). */
static void plan_clear(FormPlan *fp) {
  for (int j = 0; fp->nkey && j < fp->nout; j++)
    Py_CLEAR(plan_shapes(fp)[j]);
  fp->nkey = 0;
}

/* The shape of planned output D as a tuple; NULL with an exception. */
static PyObject *shape_tuple(const pykc_arg *d) {
  PyObject *shape = PyTuple_New(d->ndim);
  for (int k = 0; shape && k < d->ndim; k++) {
    PyObject *v = PyLong_FromLongLong(d->shape[k]);
    if (!v)
      Py_CLEAR(shape);
    else
      PyTuple_SET_ITEM(shape, k, v);
  }
  return shape;
}

/* The words that decide the call's plan into KEY; their count, or 0 past the bounds. */
static int plan_key(int slot, const pykc_call_cfg *cc, const pykc_arg *a, int n, int64_t *key) {
  if (n > PLAN_MAXARGS || cc->naxis < 0 || cc->naxis > PYKC_MAX_DIMS)
    return 0;
  int k = 0;
  key[k++] = slot | (int64_t)n << 8 | (int64_t)cc->keepdims << 24 | (int64_t)cc->has_size << 25 |
             (int64_t)cc->naxis << 32;
  key[k++] = cc->has_size ? cc->size : 0;
  for (int d = 0; d < cc->naxis; d++)
    key[k++] = cc->axis[d];
  for (int i = 0; i < n; i++) {
    bool arr = a[i].is_array != 0;
    if (arr && (a[i].ndim < 0 || a[i].ndim > PYKC_MAX_DIMS))
      return 0;
    key[k++] = (int64_t)a[i].is_array | (int64_t)a[i].dtype << 8 | (int64_t)(arr ? a[i].ndim : 0) << 16 |
               (int64_t)(a[i].numpy_scalar != 0) << 24 | (int64_t)(a[i].data == NULL) << 25 |
               (int64_t)(!arr && a[i].handle) << 26;
    for (int d = 0; arr && d < a[i].ndim; d++)
      key[k++] = a[i].shape[d];
    if (a[i].dtype == PYKC_RECORD)                 /* a void dtype's description: the */
      key[k++] = (int64_t)(intptr_t)a[i].record;   /* pykc._record cache's text */
  }
  return k;
}

bool ext_plan_find(KernelObj *self, int slot, const pykc_call_cfg *cc, const pykc_arg *a, int n,
                   int *nin, pykc_arg *outs, PyObject **shapes) {
  int64_t key[PLAN_MAXKEY];
  int nkey = self->plans ? plan_key(slot, cc, a, n, key) : 0;
  for (int i = 0; nkey && i < FORM_NPLANS; i++) {
    const FormPlan *fp = &self->plans->p[i];
    if (fp->nkey == nkey && memcmp(fp->key, key, sizeof *key * (size_t)nkey) == 0) {
      *nin = fp->nin;
      memcpy(outs, plan_outs(fp), sizeof *outs * (size_t)fp->nout);
      for (int j = 0; j < fp->nout; j++)
        shapes[j] = Py_XNewRef(plan_shapes(fp)[j]);
      return true;
    }
  }
  return false;
}

void ext_plan_keep(KernelObj *self, int slot, const pykc_call_cfg *cc, const pykc_arg *a, int n,
                   int nin, int nout, const pykc_arg *outs, PyObject **shapes) {
  int64_t key[PLAN_MAXKEY];
  int nkey = nout <= PLAN_MAXARGS ? plan_key(slot, cc, a, n, key) : 0;
  if (!nkey || (!self->plans && !(self->plans = PyMem_Calloc(1, sizeof *self->plans))))
    return;                                        /* (no memory: not kept) */
  FormPlan *fp = &self->plans->p[self->plans->next];
  plan_clear(fp);
  int64_t *mem = PyMem_Realloc(fp->key, sizeof *key * (size_t)nkey +
                               (sizeof *outs + sizeof *shapes) * (size_t)nout);
  if (!mem)
    return;
  fp->key = mem, fp->nin = nin, fp->nout = nout;
  memcpy(fp->key, key, sizeof *key * (size_t)nkey);
  fp->nkey = nkey;
  pykc_arg *o = plan_outs(fp);
  PyObject **sh = plan_shapes(fp);
  for (int j = 0; j < nout; j++) {                 /* a given output is the caller's */
    o[j] = nin + j < n ? (pykc_arg){0} : outs[j];
    sh[j] = nin + j < n ? NULL : shape_tuple(&outs[j]);
    if (nin + j >= n && !sh[j]) {
      PyErr_Clear();                               /* (no memory: not kept) */
      plan_clear(fp);
      return;
    }
  }
  for (int j = 0; j < nout; j++)
    shapes[j] = Py_XNewRef(sh[j]);
  self->plans->next = (self->plans->next + 1) % FORM_NPLANS;
}

PyObject *ext_plan_shape(const pykc_arg *planned, PyObject **shape) {
  PyObject *t = *shape ? *shape : shape_tuple(planned);
  *shape = NULL;
  return t;
}

void ext_plan_free(KernelObj *self) {
  for (int i = 0; self->plans && i < FORM_NPLANS; i++) {
    plan_clear(&self->plans->p[i]);
    PyMem_Free(self->plans->p[i].key);
  }
  PyMem_Free(self->plans);
  self->plans = NULL;
}
