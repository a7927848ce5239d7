/* bench/fake_cupy.c: the C half of bench/forms_host.py's stand-in CuPy (BENCH_FAKE=1, and
 * tests/python/test_harden.py): CuPy's ndarray base and MemoryPointer as CuPy 11-14's
 * Cython builds lay them out (core.pxd, memory.pxd: a Cython instance is its PyObject_HEAD,
 * its vtable, then its fields in the order declared), the vtable's first entry
 * _init_fast(self, const shape_t &shape, dtype, bint c_order), the type's __pyx_vtable__
 * and the module's __pyx_capi__ as Cython exports them, so that python/cupy_new.c and
 * pack_cupy.c take the ways they take with a real CuPy. No device memory: each array's
 * data pointer is a fresh address that nothing reads.
 *
 *   cc -shared -fPIC -I<Python's include> bench/fake_cupy.c -o build/fake_cupy_core<EXT>
 *
 * forms_host.py makes cupy._core.core's ndarray (a Python class over _ndarray_base, its
 * __new__ and __init__ as core.pyx writes them) and the modules around it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Vec {                      /* std::vector<Py_ssize_t> */
  Py_ssize_t *begin, *end, *end_of_storage;
} Vec;

typedef struct MemPtr {
  PyObject_HEAD
  void *vtab;
  intptr_t ptr;
  int device_id;
  PyObject *mem;
} MemPtr;

typedef struct Array {
  PyObject_HEAD
  void **vtab;
  PyObject *weakref;
  Py_ssize_t size;
  Vec shape, strides;
  int c_contiguous, f_contiguous, index_32_bits;
  PyObject *dtype;
  PyObject *data;
  PyObject *base;
} Array;

static intptr_t heap = 0x700000000000;    /* the next array's address */
static long alive;                        /* arrays with memory, for leak checks */
static PyObject *np_dtype;                /* numpy.dtype */

/* ---------------------------------------------------------------- MemoryPointer */

static PyObject *memptr_new(PyTypeObject *t, PyObject *args, PyObject *kw) {
  Py_ssize_t ptr;
  int dev = 0;
  static char *kwlist[] = {"ptr", "device_id", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "n|i", kwlist, &ptr, &dev))
    return NULL;
  MemPtr *m = (MemPtr *)t->tp_alloc(t, 0);
  if (m)
    m->ptr = ptr, m->device_id = dev, m->mem = Py_NewRef(Py_None);
  return (PyObject *)m;
}

static void memptr_dealloc(PyObject *o) {
  Py_XDECREF(((MemPtr *)o)->mem);
  Py_TYPE(o)->tp_free(o);
}

static PyMemberDef memptr_members[] = {
    {"ptr", T_PYSSIZET, offsetof(MemPtr, ptr), READONLY, NULL},
    {"device_id", T_INT, offsetof(MemPtr, device_id), READONLY, NULL},
    {NULL, 0, 0, 0, NULL}};

static PyTypeObject MemPtrType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cupy.cuda.memory.MemoryPointer",
    .tp_basicsize = sizeof(MemPtr), .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = memptr_new, .tp_dealloc = memptr_dealloc, .tp_members = memptr_members};

/* ---------------------------------------------------------------- _ndarray_base */

static int vec_set(Vec *v, const Py_ssize_t *x, Py_ssize_t n) {
  Py_ssize_t *m = malloc(sizeof *m * (size_t)(n ? n : 1));
  if (!m)
    return PyErr_NoMemory(), -1;
  memcpy(m, x, sizeof *m * (size_t)n);
  free(v->begin);
  v->begin = m, v->end = v->end_of_storage = m + n;
  return 0;
}

static PyObject *vec_tuple(const Vec *v) {
  PyObject *t = PyTuple_New(v->end - v->begin);
  for (Py_ssize_t i = 0; t && i < v->end - v->begin; i++) {
    PyObject *x = PyLong_FromSsize_t(v->begin[i]);
    if (!x)
      Py_CLEAR(t);
    else
      PyTuple_SET_ITEM(t, i, x);
  }
  return t;
}

/* As core.pyx's _init_fast: the shape, dtype (numpy.dtype of it), C-contiguous strides,
   fresh memory. None, or NULL with an exception. */
static PyObject *init_fast(Array *self, const Vec *shape, PyObject *dtype, int c_order) {
  Py_ssize_t nd = shape->end - shape->begin;
  if (nd > 64)
    return PyErr_Format(PyExc_ValueError, "maximum supported dimension for an ndarray is 64, "
                        "found %zd", nd);
  PyObject *dt = PyObject_CallOneArg(np_dtype, dtype);
  PyObject *isz = dt ? PyObject_GetAttrString(dt, "itemsize") : NULL;
  Py_ssize_t item = isz ? PyLong_AsSsize_t(isz) : -1;
  Py_XDECREF(isz);
  Py_ssize_t st[64], size = 1;
  for (Py_ssize_t d = nd - 1; dt && item > 0 && d >= 0; d--) {
    if (shape->begin[d] < 0) {
      Py_DECREF(dt);
      return PyErr_Format(PyExc_ValueError, "Negative dimensions are not allowed");
    }
    st[d] = c_order ? item * size : item;
    size *= shape->begin[d];
  }
  if (!dt || item <= 0 || vec_set(&self->shape, shape->begin, nd) || vec_set(&self->strides, st, nd)) {
    Py_XDECREF(dt);
    return NULL;
  }
  PyObject *mp = PyObject_CallFunction((PyObject *)&MemPtrType, "n", (Py_ssize_t)heap);
  if (!mp) {
    Py_DECREF(dt);
    return NULL;
  }
  heap += size * item + 256;
  Py_SETREF(self->dtype, dt);
  if (self->data == Py_None)
    alive++;
  Py_SETREF(self->data, mp);
  self->size = size, self->c_contiguous = 1, self->index_32_bits = size * item <= (1LL << 31);
  Py_RETURN_NONE;
}

static void *vtable[] = {(void *)init_fast};

static PyObject *base_tp_new(PyTypeObject *t, PyObject *args, PyObject *kw) {
  (void)args, (void)kw;
  Array *a = (Array *)t->tp_alloc(t, 0);
  if (!a)
    return NULL;
  a->vtab = vtable;
  a->dtype = Py_NewRef(Py_None), a->data = Py_NewRef(Py_None), a->base = Py_NewRef(Py_None);
  return (PyObject *)a;
}

static void base_dealloc(PyObject *o) {
  Array *a = (Array *)o;
  if (a->weakref)
    PyObject_ClearWeakRefs(o);
  if (a->data != Py_None && a->base == Py_None)
    alive--;
  free(a->shape.begin), free(a->strides.begin);
  Py_XDECREF(a->dtype), Py_XDECREF(a->data), Py_XDECREF(a->base);
  Py_TYPE(o)->tp_free(o);
}

/* _init(shape, dtype=float): as core.pyx's, over _init_fast. */
static PyObject *base_init(PyObject *self, PyObject *args, PyObject *kw) {
  PyObject *shape, *dtype = (PyObject *)&PyFloat_Type;
  static char *kwlist[] = {"shape", "dtype", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O", kwlist, &shape, &dtype))
    return NULL;
  PyObject *t = PyTuple_Check(shape) ? Py_NewRef(shape) : PyTuple_Pack(1, shape);
  if (!t || PyTuple_GET_SIZE(t) > 64) {
    Py_XDECREF(t);
    return PyErr_Format(PyExc_ValueError, "maximum supported dimension for an ndarray is 64");
  }
  Py_ssize_t v[64], n = PyTuple_GET_SIZE(t);
  for (Py_ssize_t i = 0; i < n; i++)
    if ((v[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(t, i))) == -1 && PyErr_Occurred()) {
      Py_DECREF(t);
      return NULL;
    }
  Py_DECREF(t);
  Vec vec = {v, v + n, v + n};
  return init_fast((Array *)self, &vec, dtype, 1);
}

/* _view(shape, strides, offset=0): a view of the same memory, not C-contiguous (tests:
   strided and negative strides). */
static PyObject *base_view(PyObject *self, PyObject *args) {
  Array *a = (Array *)self;
  PyObject *shape, *strides;
  Py_ssize_t off = 0;
  if (!PyArg_ParseTuple(args, "O!O!|n", &PyTuple_Type, &shape, &PyTuple_Type, &strides, &off))
    return NULL;
  Py_ssize_t n = PyTuple_GET_SIZE(shape), sh[64], st[64], size = 1;
  if (n > 64 || PyTuple_GET_SIZE(strides) != n || a->data == Py_None)
    return PyErr_Format(PyExc_ValueError, "_view: bad shape or strides");
  for (Py_ssize_t i = 0; i < n; i++) {
    sh[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, i));
    st[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(strides, i));
    size *= sh[i];
  }
  if (PyErr_Occurred())
    return NULL;
  Array *v = (Array *)base_tp_new(Py_TYPE(self), NULL, NULL);
  PyObject *mp = v ? PyObject_CallFunction((PyObject *)&MemPtrType, "ni",
                                           ((MemPtr *)a->data)->ptr + off,
                                           ((MemPtr *)a->data)->device_id) : NULL;
  if (!mp || vec_set(&v->shape, sh, n) || vec_set(&v->strides, st, n)) {
    Py_XDECREF(mp);
    Py_XDECREF(v);
    return NULL;
  }
  Py_SETREF(v->dtype, Py_NewRef(a->dtype));
  Py_SETREF(v->data, mp);
  Py_SETREF(v->base, Py_NewRef(self));
  v->size = size, v->c_contiguous = 0;
  return (PyObject *)v;
}

static PyObject *get_shape(PyObject *o, void *c) { return (void)c, vec_tuple(&((Array *)o)->shape); }
static PyObject *get_strides(PyObject *o, void *c) { return (void)c, vec_tuple(&((Array *)o)->strides); }
static PyObject *get_ndim(PyObject *o, void *c) {
  return (void)c, PyLong_FromSsize_t(((Array *)o)->shape.end - ((Array *)o)->shape.begin);
}
static PyObject *get_size(PyObject *o, void *c) { return (void)c, PyLong_FromSsize_t(((Array *)o)->size); }
static PyObject *get_contig(PyObject *o, void *c) { return (void)c, PyBool_FromLong(((Array *)o)->c_contiguous); }
static PyObject *get_dtype(PyObject *o, void *c) { return (void)c, Py_NewRef(((Array *)o)->dtype); }
static PyObject *get_data(PyObject *o, void *c) { return (void)c, Py_NewRef(((Array *)o)->data); }

static PyObject *get_cai(PyObject *o, void *c) {
  (void)c;
  Array *a = (Array *)o;
  if (a->data == Py_None)
    return PyErr_Format(PyExc_AttributeError, "no memory");
  PyObject *shape = vec_tuple(&a->shape), *strides = a->c_contiguous ? Py_NewRef(Py_None)
                                                                      : vec_tuple(&a->strides);
  PyObject *ts = PyObject_GetAttrString(a->dtype, "str");
  PyObject *d = shape && strides && ts
                    ? Py_BuildValue("{s:(nO),s:O,s:O,s:O,s:i}", "data", ((MemPtr *)a->data)->ptr,
                                    Py_False, "shape", shape, "strides", strides, "typestr", ts,
                                    "version", 3)
                    : NULL;
  Py_XDECREF(shape), Py_XDECREF(strides), Py_XDECREF(ts);
  return d;
}

static PyGetSetDef base_getset[] = {
    {"shape", get_shape, NULL, NULL, NULL},       {"strides", get_strides, NULL, NULL, NULL},
    {"ndim", get_ndim, NULL, NULL, NULL},         {"size", get_size, NULL, NULL, NULL},
    {"_c_contiguous", get_contig, NULL, NULL, NULL}, {"dtype", get_dtype, NULL, NULL, NULL},
    {"data", get_data, NULL, NULL, NULL},         {"__cuda_array_interface__", get_cai, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef base_methods[] = {
    {"_init", (PyCFunction)(void (*)(void))base_init, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_view", base_view, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

static PyTypeObject BaseType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cupy._core.core._ndarray_base",
    .tp_basicsize = sizeof(Array), .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = base_tp_new, .tp_dealloc = base_dealloc, .tp_getset = base_getset,
    .tp_methods = base_methods, .tp_weaklistoffset = offsetof(Array, weakref)};

/* ---------------------------------------------------------------- the module */

/* Never called: core.pyx's _ndarray_init as its __pyx_capi__ names it. */
static void ndarray_init(void) {}

static PyObject *py_alive(PyObject *m, PyObject *unused) {
  (void)m, (void)unused;
  return PyLong_FromLong(alive);
}

static PyMethodDef module_methods[] = {{"alive", py_alive, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "fake_cupy_core", NULL, -1,
                                       module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit_fake_cupy_core(void) {
  static const char sig[] = "struct __pyx_obj_4cupy_5_core_4core__ndarray_base *(PyObject *, "
                            "__pyx_t_4cupy_5_core_7_carray_shape_t const &, PyObject *, PyObject *)";
  PyObject *np = PyImport_ImportModule("numpy");
  np_dtype = np ? PyObject_GetAttrString(np, "dtype") : NULL;
  Py_XDECREF(np);
  if (!np_dtype || PyType_Ready(&MemPtrType) || PyType_Ready(&BaseType))
    return NULL;
  PyObject *vt = PyCapsule_New(vtable, NULL, NULL);
  if (!vt || PyDict_SetItemString(BaseType.tp_dict, "__pyx_vtable__", vt))
    return NULL;
  Py_DECREF(vt);
  PyType_Modified(&BaseType);
  PyObject *m = PyModule_Create(&moduledef);
  PyObject *capi = PyDict_New(), *cap = PyCapsule_New((void *)ndarray_init, sig, NULL);
  if (!m || !capi || !cap || PyDict_SetItemString(capi, "_ndarray_init", cap) ||
      PyModule_AddObjectRef(m, "__pyx_capi__", capi) ||
      PyModule_AddObjectRef(m, "_ndarray_base", (PyObject *)&BaseType) ||
      PyModule_AddObjectRef(m, "MemoryPointer", (PyObject *)&MemPtrType))
    return NULL;
  Py_DECREF(capi), Py_DECREF(cap);
  return m;
}
