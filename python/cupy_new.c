/*
 * cupy_new.c: the outputs a form allocates on a GPU, made as cupy.empty(shape, dtype)
 * makes them (a C-contiguous cupy.ndarray over CuPy's allocator), by the cheapest of
 * three ways this CuPy allows, found once:
 *   1. as CuPy's own kernels make theirs (core.pyx's _ndarray_init), without the call of
 *      ndarray.__new__ it makes: _ndarray_base's tp_new, then its cdef method _init_fast
 *      through the type's Cython vtable (CuPy 11 to 14; no Python-level call at all);
 *   2. a Python subclass whose __new__ and __init__ read as CuPy's (the stand-ins of
 *      bench/forms_host.py): the base's __new__ and _init called directly;
 *   3. else cupy.ndarray(shape, dtype) called.
 * NumPy's dtype object of each dtype is made once, so that an output costs no parsing of a
 * dtype's name.
 */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- 1. the vtable */

/* core.pxd declares _init_fast(self, const shape_t &shape, dtype, bint c_order) as
   _ndarray_base's first cdef method in CuPy 11 to 14: the first entry of its vtable (the
   type's __pyx_vtable__). shape_t (_carray.pxd) is std::vector<Py_ssize_t>: three
   pointers (begin, end, end of storage) in the C++ libraries CuPy is built with, passed
   by reference (a pointer); bint is int; it returns None or NULL with an exception.
   Taken only for CuPy 11 to 14 whose ndarray is core.pyx's own (its __new__ and __init__
   defined there), whose core exports _ndarray_init over _carray's shape_t (its
   __pyx_capi__ signature), and while the first array made so reads back as asked. */
typedef PyObject *(*InitFast)(PyObject *self, const CxxVector *shape, PyObject *dtype, int c_order);
static InitFast init_fast;
static newfunc base_tp_new;
static PyObject *no_args;                 /* () for tp_new */
static bool init_checked;

/* The imported module NAME (borrowed), or NULL. */
static PyObject *module(const char *name) {
  return PyDict_GetItemString(PyImport_GetModuleDict(), name);
}

/* The major version of the imported module NAME (0: none or unreadable). */
static long module_major(const char *name) {
  PyObject *m = module(name);
  PyObject *v = m ? PyObject_GetAttrString(m, "__version__") : NULL;
  const char *s = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
  long major = s ? strtol(s, NULL, 10) : 0;
  Py_XDECREF(v);
  PyErr_Clear();
  return major;
}

/* Is attribute NAME of object O the str WANT? */
static bool attr_is(PyObject *o, const char *name, const char *want) {
  PyObject *v = o ? PyObject_GetAttrString(o, name) : NULL;
  bool r = v && PyUnicode_Check(v) && PyUnicode_CompareWithASCIIString(v, want) == 0;
  Py_XDECREF(v);
  PyErr_Clear();
  return r;
}

/* Is T's __new__ or __init__ (NAME) the one cupy/_core/core.pyx defines for ndarray? */
static bool core_defines(PyTypeObject *t, const char *name, const char *qualname) {
  PyObject *f = t->tp_dict ? PyDict_GetItemString(t->tp_dict, name) : NULL;
  PyObject *fn = f && Py_IS_TYPE(f, &PyStaticMethod_Type) ? PyObject_GetAttrString(f, "__func__")
                                                          : Py_XNewRef(f);
  bool r = fn && attr_is(fn, "__module__", "cupy._core.core") && attr_is(fn, "__qualname__", qualname);
  Py_XDECREF(fn);
  PyErr_Clear();
  return r;
}

/* Does cupy._core.core export _ndarray_init over _carray's shape_t (Cython's __pyx_capi__:
   each cdef function's capsule is named by its C signature; Cython 3 writes a ctypedef by
   its C name)? */
static bool core_takes_shape_t(void) {
  static const char head[] = "struct __pyx_obj_4cupy_5_core_4core__ndarray_base *(PyObject *, ";
  static const char *const shape_t[] = {"__pyx_t_4cupy_5_core_7_carray_shape_t const &",
                                        "std::vector<Py_ssize_t>"};
  PyObject *core = module("cupy._core.core");
  PyObject *capi = core ? PyObject_GetAttrString(core, "__pyx_capi__") : NULL;
  PyObject *cap = capi && PyDict_Check(capi) ? PyDict_GetItemString(capi, "_ndarray_init") : NULL;
  const char *sig = cap && PyCapsule_CheckExact(cap) ? PyCapsule_GetName(cap) : NULL;
  bool ok = false;
  if (sig && strncmp(sig, head, sizeof head - 1) == 0)
    for (size_t i = 0; i < sizeof shape_t / sizeof *shape_t; i++)
      ok |= strncmp(sig + sizeof head - 1, shape_t[i], strlen(shape_t[i])) == 0;
  Py_XDECREF(capi);
  PyErr_Clear();
  return ok;
}

bool ext_cupy_core(PyTypeObject *t) {
  PyTypeObject *base = t->tp_base;
  PyObject *core = module("cupy._core.core");
  PyObject *nd = core ? PyObject_GetAttrString(core, "ndarray") : NULL;
  bool ours = nd == (PyObject *)t;
  Py_XDECREF(nd);
  PyErr_Clear();
  long major = module_major("cupy");
  return ours && major >= 11 && major <= 14 && base && !PyType_HasFeature(base, Py_TPFLAGS_HEAPTYPE) &&
         base->tp_new && core_defines(t, "__new__", "ndarray.__new__") &&
         core_defines(t, "__init__", "ndarray.__init__");
}

static void find_init_fast(PyTypeObject *t) {
  PyTypeObject *base = t->tp_base;
  if (!ext_cupy_core(t) || !core_takes_shape_t())
    return;
  PyObject *cap = PyObject_GetAttrString((PyObject *)base, "__pyx_vtable__");
  void **vtab = cap && PyCapsule_CheckExact(cap) ? PyCapsule_GetPointer(cap, NULL) : NULL;
  Py_XDECREF(cap);                                 /* (the type holds it) */
  if (!vtab || !vtab[0] || (!no_args && !(no_args = PyTuple_New(0)))) {
    PyErr_Clear();
    return;
  }
  init_fast = (InitFast)vtab[0];
  base_tp_new = base->tp_new;
}

/* Does O read back as a C-contiguous array of PLANNED's shape and dtype DTYPE? */
static bool reads_as(PyObject *o, const pykc_arg *planned, PyObject *dtype) {
  PyObject *shape = PyObject_GetAttrString(o, "shape"), *dt = PyObject_GetAttrString(o, "dtype");
  PyObject *c = PyObject_GetAttrString(o, "_c_contiguous");
  bool ok = shape && PyTuple_Check(shape) && PyTuple_GET_SIZE(shape) == planned->ndim &&
            dt && PyObject_RichCompareBool(dt, dtype, Py_EQ) == 1 && c == Py_True;
  for (int d = 0; ok && d < planned->ndim; d++)
    ok = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, d)) == planned->shape[d];
  Py_XDECREF(shape), Py_XDECREF(dt), Py_XDECREF(c);
  PyErr_Clear();
  return ok;
}

/* An array made by tp_new and _init_fast; NULL with an exception, or without one when
   the first such array did not read back as asked (then never again). */
static PyObject *empty_fast(PyTypeObject *t, const pykc_arg *planned, PyObject *dtype) {
  PyObject *o = base_tp_new(t, no_args, NULL);
  const Py_ssize_t *sh = (const Py_ssize_t *)planned->shape;
  CxxVector v = {sh, sh + planned->ndim, sh + planned->ndim};
  PyObject *r = o ? init_fast(o, &v, dtype, 1) : NULL;
  if (!r)
    Py_CLEAR(o);
  Py_XDECREF(r);
  if (o && !init_checked) {
    init_checked = true;
    if (!reads_as(o, planned, dtype)) {
      init_fast = NULL;
      Py_CLEAR(o);
    }
  }
  return o;
}

/* ---------------------------------------------------------------- 2. __new__, _init */

/* A Python subclass of a base whose __new__(cls, *args, ...) is `x =
   super().__new__(cls, *args, **kwargs)`, then `x._init(*args, **kwargs)` (for cls ndarray
   nothing more) and whose __init__ does nothing, as CuPy's core.pyx writes them: the
   base's __new__ and _init are called directly. Taken only when those two functions are
   Python functions that read exactly so (their code's names and constants). */
static PyObject *base_new, *base_init;    /* the base's __new__ and _init */

/* Does F (a class's __new__ or __init__, as its __dict__ holds it) name NAMES[N] in its
   code, in that order, and have no constant but None? */
static bool code_reads(PyObject *f, const char *const *names, int n) {
  if (f && Py_IS_TYPE(f, &PyStaticMethod_Type)) {
    PyObject *fn = PyObject_GetAttrString(f, "__func__");
    bool r = fn && code_reads(fn, names, n);
    Py_XDECREF(fn);
    return r;
  }
  PyCodeObject *co = f && PyFunction_Check(f) ? (PyCodeObject *)PyFunction_GET_CODE(f) : NULL;
  if (!co || PyTuple_GET_SIZE(co->co_names) != n)
    return false;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_consts); i++)
    if (PyTuple_GET_ITEM(co->co_consts, i) != Py_None)
      return false;
  for (int i = 0; i < n; i++)
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(co->co_names, i), names[i]))
      return false;
  return true;
}

static void find_base_init(PyTypeObject *t) {
  static const char *const new_names[] = {"super", "__new__", "_init", "ndarray",
                                          "__array_finalize__"};
  PyObject *d = t->tp_dict, *base = (PyObject *)t->tp_base;
  if (!d || !base || base == (PyObject *)&PyBaseObject_Type ||
      !code_reads(PyDict_GetItemString(d, "__new__"), new_names, 5) ||
      !code_reads(PyDict_GetItemString(d, "__init__"), NULL, 0))
    return;
  base_new = PyObject_GetAttrString(base, "__new__");
  base_init = base_new ? PyObject_GetAttrString(base, "_init") : NULL;
  if (!base_init || !PyCallable_Check(base_init)) {
    Py_CLEAR(base_new);
    Py_CLEAR(base_init);
    PyErr_Clear();
  }
}

/* ---------------------------------------------------------------- the output */

PyObject *ext_cupy_empty(const pykc_arg *planned, PyObject *shape) {
  static PyObject *dtypes[PYKC_COMPLEX128 + 1];
  static bool looked;
  PyTypeObject *t = ext_cupy_type();
  int dt = planned->dtype;
  if (t && dt == PYKC_RECORD) {                    /* a void dtype: cupy.empty(shape, dtype) */
    PyObject *d = ext_record_dtype(planned->record);
    PyObject *argv[3] = {NULL, shape, d};
    PyObject *o = d ? PyObject_Vectorcall((PyObject *)t, argv + 1,
                                          2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL) : NULL;
    Py_XDECREF(d);
    return o;
  }
  if (!t || dt < 0 || dt > PYKC_COMPLEX128)
    return NULL;
  if (!looked) {
    looked = true;
    find_init_fast(t);
    if (!init_fast)
      find_base_init(t);
  }
  if (!dtypes[dt]) {
    PyObject *np = module("numpy");
    const char *name = pykc_dtype_name(dt);
    PyObject *f = np ? PyObject_GetAttrString(np, "dtype") : NULL;
    dtypes[dt] = f && name ? PyObject_CallFunction(f, "s", name) : NULL;
    Py_XDECREF(f);
    if (!dtypes[dt])
      return NULL;
  }
  if (init_fast && sizeof(Py_ssize_t) == sizeof planned->shape[0]) {
    PyObject *o = empty_fast(t, planned, dtypes[dt]);
    if (o || PyErr_Occurred())
      return o;
  }
  if (!base_new) {
    PyObject *argv[3] = {NULL, shape, dtypes[dt]};
    return PyObject_Vectorcall((PyObject *)t, argv + 1, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
  }
  PyObject *cls = (PyObject *)t;
  PyObject *o = PyObject_Vectorcall(base_new, &cls, 1, NULL);
  PyObject *argv[3] = {o, shape, dtypes[dt]};
  PyObject *r = o ? PyObject_Vectorcall(base_init, argv, 3, NULL) : NULL;
  if (!r)
    Py_CLEAR(o);
  Py_XDECREF(r);
  return o;
}

const char *ext_cupy_new_way(void) {
  return init_fast ? "_init_fast" : base_new ? "__new__, _init" : ext_cupy_type() ? "call" : "none";
}
