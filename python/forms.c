/*
 * forms.c: a kernel form (pykc.ElementwiseKernel, ReductionKernel ...) called as CuPy calls
 * it: the library plans the outputs (pykc_form_outputs), Python allocates the ones not
 * given, pykc_form_call launches.
 */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

/* AXIS (None, an int or a sequence of ints; NumPy's integers too) into CC's axes; -1 with
   an exception (an axis past any array pykc takes: numpy's AxisError). */
static int axes_of(PyObject *axis, pykc_call_cfg *cc) {
  if (axis == Py_None)
    return 0;
  PyObject *seq = PyIndex_Check(axis) ? PyTuple_Pack(1, axis)
                                      : PySequence_Fast(axis, "axis must be an int or a tuple of ints");
  if (!seq)
    return -1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  int st = 0;
  if (n == 0 || n > PYKC_MAX_DIMS) {
    PyErr_Format(PyExc_ValueError, n ? "axis: at most %d axes" : "axis=(): pykc reduces "
                 "at least one axis (axis=None: every axis)", PYKC_MAX_DIMS);
    st = -1;
  }
  for (Py_ssize_t i = 0; !st && i < n; i++) {
    PyObject *a = PySequence_Fast_GET_ITEM(seq, i);
    PyObject *ia = PyNumber_Index(a);
    int over = 0;
    long v = ia ? PyLong_AsLongAndOverflow(ia, &over) : -1;
    if (v == -1 && PyErr_Occurred()) {
      st = -1;
    } else if (over || v < -PYKC_MAX_DIMS || v >= PYKC_MAX_DIMS) {  /* past any ndim */
      PyObject *m = PyUnicode_FromFormat("axis %S is out of bounds for any array (pykc's "
                                         "have at most %d dimensions)", ia, PYKC_MAX_DIMS);
      if (m)
        ext_raise_usage(PYKC_USAGE_AXIS, PyUnicode_AsUTF8(m));
      Py_XDECREF(m);
      st = -1;
    } else {
      cc->axis[i] = (int)v;
    }
    Py_XDECREF(ia);
  }
  cc->naxis = st ? 0 : (int)n;
  Py_DECREF(seq);
  return st;
}

/* The outputs' tuple: those given in ARGS, the others (dtypes and shapes in PLANNED, the
   shapes as tuples in SHAPES, taken; NULL: made here) made by ALLOC or, on a GPU once
   CuPy's ndarray has been seen, cupy.ndarray (packed from what was asked of it: only its
   pointer is read), and packed in P. */
static PyObject *make_outputs(KernelObj *self, PyObject *const *args, Py_ssize_t n,
                              PyObject *alloc, int slot, int nin, int nout,
                              const pykc_arg *planned, PyObject **shapes, Packed *p) {
  PyObject *outs = PyTuple_New(nout);
  for (int j = 0; outs && j < nout; j++) {
    PyObject *o;
    if (nin + j < n) {
      o = Py_NewRef(args[nin + j]);
    } else {
      const pykc_arg *d = &planned[j];
      PyObject *shape = ext_plan_shape(d, &shapes[j]);
      const char *dn = ext_dtype_name(d->dtype);
      o = shape && slot ? ext_cupy_empty(d, shape) : NULL;   /* CuPy's, directly */
      bool made = o != NULL;
      PyObject *rdt = shape && !o && !PyErr_Occurred() && d->dtype == PYKC_RECORD
                          ? ext_record_dtype(d->record) : NULL;   /* a void dtype's */
      if (shape && !o && !PyErr_Occurred())
        o = !alloc ? PyErr_Format(PyExc_RuntimeError, "kernel '%U': no allocator", self->name)
            : rdt ? PyObject_CallFunction(alloc, "OOO", rdt, shape, slot ? Py_False : Py_True)
                  : PyObject_CallFunction(alloc, "sOO", dn ? dn : "float64", shape,
                                          slot ? Py_False : Py_True);
      Py_XDECREF(rdt);
      Py_XDECREF(shape);
      if (!o || (made ? ext_pack_new(o, nin + j, d, slot - 1, p)
                      : ext_pack_arg(o, nin + j, 1, self->params, p))) {
        Py_XDECREF(o);
        Py_CLEAR(outs);
        break;
      }
    }
    PyTuple_SET_ITEM(outs, j, o);
  }
  for (int j = 0; j < nout; j++)                   /* (left after an error) */
    Py_CLEAR(shapes[j]);
  return outs;
}

/* pykc_form_call of K with the packed arguments, once the outputs are there (the
   allocation ran Python code: the kernel may have been reset, a host array resized). */
static int launch(KernelObj *self, pykc_kernel *k, int slot, PyObject *stream,
                  pykc_call_cfg *cc, Packed *p, int np) {
  if (ext_stream_for(slot, stream, &cc->stream) || ext_still_there(p, np, self->params))
    return -1;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  bool same = self->k[slot] == k;
  ext_call_end(&c, same ? pykc_form_call(k, cc, p->a, np) : PYKC_OK);
  if (!same) {
    PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset while it was called", self->name);
    return -1;
  }
  self->last_slot = slot;
  if (c.st) {
    ext_raise_mapped(self, &c);
    return -1;
  }
  return 0;
}

/* The call's configuration from O (axis, size). */
static int call_cfg(const FormOpts *o, pykc_call_cfg *cc) {
  *cc = (pykc_call_cfg){.block = {o->block, o->block ? 1 : 0, o->block ? 1 : 0},
                        .keepdims = o->keepdims};
  if (o->axis && axes_of(o->axis, cc))
    return -1;
  if (o->size && o->size != Py_None) {
    int over;
    long long v = PyLong_AsLongLongAndOverflow(o->size, &over);
    if (v == -1 && PyErr_Occurred())
      return -1;
    if (over) {                                    /* (CuPy's Py_ssize_t: OverflowError) */
      PyErr_Format(PyExc_OverflowError, "size=%S does not fit a 64-bit index", o->size);
      return -1;
    }
    if (v < -1) {
      PyErr_Format(PyExc_ValueError, "size=%lld: negative dimensions are not allowed", v);
      return -1;
    }
    cc->has_size = v != -1;
    cc->size = v;
  }
  return 0;
}

/* The packed arguments' slot, its kernel compiled and its device current; -1 with an
   exception. */
static int ready_slot(KernelObj *self, Py_ssize_t n, Packed *p) {
  int slot = ext_pick_slot((int)n, self->params, p);
  if (slot >= NSLOTS)
    PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1), slot = -1;
  if (slot < 0 || (!self->k[slot] && Kernel_compile(self, slot)) || (slot && ext_make_current(slot)))
    return -1;
  return slot;
}

/* The call once the arguments are packed in P: planned (pykc_form_outputs), the outputs
   made, launched (None: a fuse function that returns None for these arguments). An ElementwiseKernel given all its outputs (no size=) is planned and
   launched in one call of the library: pykc_form_call checks the outputs as
   pykc_form_outputs would. */
static PyObject *call_packed(KernelObj *self, PyObject *const *args, Py_ssize_t n,
                             const FormOpts *o, pykc_call_cfg *cc, Packed *p) {
  int slot = ready_slot(self, n, p), np = (int)PyTuple_GET_SIZE(self->params);
  if (slot < 0)
    return NULL;
  bool direct = n == np && !cc->has_size;
  if (direct && (ext_stream_for(slot, o->stream, &cc->stream) ||
                 ext_still_there(p, np, self->params)))
    return NULL;
  pykc_arg planned[MAXARGS];
  PyObject *shapes[MAXARGS];
  int nin = 0;
  pykc_kernel *k = self->k[slot];
  if (direct || !ext_plan_find(self, slot, cc, p->a, (int)n, &nin, planned, shapes)) {
    ExtCall c;
    ext_call_begin(&c, ext_slot_cx(slot));
    k = self->k[slot];                             /* (NULL: reset by another thread) */
    nin = k ? pykc_kernel_nin(k) : 0;
    direct = direct && k && pykc_kernel_form(k) == PYKC_FORM_ELEMENTWISE;
    pykc_status st = !k     ? PYKC_OK
                     : direct ? pykc_form_call(k, cc, p->a, np)
                              : pykc_form_outputs(k, cc, p->a, (int)n, planned);
    ext_call_end(&c, st);
    if (direct)
      self->last_slot = slot;
    if (c.st)
      return ext_raise_mapped(self, &c);
    if (!k)
      return PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset while it was called", self->name);
    for (int j = 0; j < np - nin; j++)
      shapes[j] = NULL;
    if (!direct)
      ext_plan_keep(self, slot, cc, p->a, (int)n, nin, np - nin, planned, shapes);
  }
  int nout = np - nin;
  if (!direct && nout > 0 && n <= nin && !planned[0].is_array) {
    for (int j = 0; j < nout; j++)                 /* a fuse trace that returns None here: */
      Py_CLEAR(shapes[j]);                         /* no outputs, nothing launched */
    Py_RETURN_NONE;
  }
  if (o->first_only)                               /* (CuPy's ReductionKernel; not a fuse
                                                      call of several kernels) */
    *o->first_only = k && pykc_form_first_only(k, p->a, (int)n) == 1;
  PyObject *outs = make_outputs(self, args, n, o->alloc, slot, nin, nout, planned, shapes, p);
  if (outs && !direct && launch(self, k, slot, o->stream, cc, p, np))
    Py_CLEAR(outs);
  if (outs && ext_note_signature(self, p->a, np))  /* (CuPy's _cached_codes) */
    Py_CLEAR(outs);
  return outs;
}

PyObject *ext_form_call(KernelObj *self, PyObject *const *args, Py_ssize_t n, const FormOpts *o) {
  pykc_call_cfg cc;
  if (call_cfg(o, &cc))
    return NULL;
  Py_ssize_t np = PyTuple_GET_SIZE(self->params);
  if (n > np || np > MAXARGS)
    return PyErr_Format(PyExc_TypeError, "kernel '%U' takes at most %zd arguments, got %zd",
                        self->name, np, n);
  Packed p;                                        /* on the stack: only what is used is */
  p.nheld = 0;                                     /* touched */
  PyObject *outs = NULL;
  Py_ssize_t i = 0;
  while (i < n && !ext_pack_arg(args[i], (int)i, 1, self->params, &p))
    i++;
  if (i == n)
    outs = call_packed(self, args, n, o, &cc, &p);
  ext_release_buffers(&p);
  return outs;
}

/* k._form_call(args, alloc, block_size, stream, axis, keepdims, size, first): ext_form_call
   from Python: ARGS the inputs, then optionally the outputs; a reduction's AXIS and
   KEEPDIMS; an ElementwiseKernel's SIZE (None, or -1 as CuPy: not given). Each output not
   given is ALLOC(dtype name, shape, on_host) (on a GPU, once CuPy's ndarray has been
   seen: cupy.ndarray(shape, dtype) called here). Returns the outputs' tuple; with FIRST,
   (outputs, whether the call returns only its first: pykc_form_first_only). */
PyObject *Kernel_form_call(KernelObj *self, PyObject *args) {
  PyObject *t;
  FormOpts o = {.stream = Py_None};
  int want = 0, first_only = 0;
  if (!PyArg_ParseTuple(args, "O!O|IOOpOp", &PyTuple_Type, &t, &o.alloc, &o.block, &o.stream,
                        &o.axis, &o.keepdims, &o.size, &want))
    return NULL;
  o.first_only = want ? &first_only : NULL;
  PyObject *outs = ext_form_call(self, &PyTuple_GET_ITEM(t, 0), PyTuple_GET_SIZE(t), &o);
  if (!outs || !want)
    return outs;
  return Py_BuildValue("(NO)", outs, first_only ? Py_True : Py_False);
}
