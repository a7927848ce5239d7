/*
 * pack.c: arguments of a launch packed into pykc_args: __cuda_array_interface__ objects
 * (CuPy, PyTorch, Numba) and CuPy arrays (read through their attributes) are device
 * arrays; __array_interface__ objects (NumPy) and buffers (array.array, memoryview) are
 * host arrays the CPU backend runs on guarded copies (a read-only one is a pure input,
 * PYKC_ARRAY_READONLY: a kernel that writes it fails); Python and NumPy scalars are
 * typed as cupyx.jit types them (mode='cuda': int -> int32 if it fits, else int64, float
 * -> float32, complex -> complex64; mode='numpy': int64, float64, complex128). The packed
 * arguments pick the context (ext_pick_slot).
 */
#include "ext.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- dtypes */

/* The dtypes' facts and the typing of scalars are the library's (pykc_dtype_*,
   pykc_scalar_dtype): the compiler's own table and rules. */

/* The dtype of a typestr such as "<f4" or "|b1"; -1 if the language has none. */
int ext_typestr_dtype(const char *s) {
  if (!s || (s[0] != '<' && s[0] != '|' && s[0] != '=') || !s[1] ||
      !isdigit((unsigned char)s[2]))                /* ("<": s[2] is past the end) */
    return -1;
  char *end;
  long n = strtol(s + 2, &end, 10);              /* "<f4x": not a typestr */
  return *end || n > 64 ? -1 : pykc_dtype_of(s[1], (int)n);
}

const char *ext_record_descr(PyObject *o, int iface, const char *pname) {
  static PyObject *fns[2];
  if (!fns[iface]) {
    PyObject *m = PyImport_ImportModule("pykc._record");
    fns[iface] = m ? PyObject_GetAttrString(m, iface ? "describe_interface" : "describe") : NULL;
    Py_XDECREF(m);
    if (!fns[iface])
      return NULL;
  }
  PyObject *s = PyObject_CallFunction(fns[iface], "Os", o, pname);
  const char *d = s && PyUnicode_Check(s) ? PyUnicode_AsUTF8(s) : NULL;
  if (s && !d && !PyErr_Occurred())
    PyErr_Format(PyExc_TypeError, "argument '%s': pykc._record gave no str", pname);
  Py_XDECREF(s);                                   /* (the module's cache holds it) */
  return d;
}

PyObject *ext_record_dtype(const char *descr) {
  static PyObject *fn;
  if (!fn) {
    PyObject *m = PyImport_ImportModule("pykc._record");
    fn = m ? PyObject_GetAttrString(m, "dtype_of") : NULL;
    Py_XDECREF(m);
    if (!fn)
      return NULL;
  }
  return PyObject_CallFunction(fn, "s", descr);
}

int ext_dtype_size(int dt) {
  int n = pykc_dtype_size(dt);
  return n ? n : 1;
}

const char *ext_dtype_name(int dt) {
  const char *n = pykc_dtype_name(dt);
  return n ? n : "?";
}

/* A packed scalar's value as a Python object (_pack). */
PyObject *ext_dtype_value(const pykc_arg *a) {
  switch (pykc_dtype_kind(a->dtype)) {
  case 'f': return PyFloat_FromDouble(a->value.f);
  case 'c': return PyComplex_FromDoubles(a->value.c[0], a->value.c[1]);
  case 'u': return PyLong_FromUnsignedLongLong(a->value.u);
  case 'b': case 'i': return PyLong_FromLongLong(a->value.i);
  default: return Py_NewRef(Py_None);
  }
}

/* NumPy scalar types -> dtype, filled when NumPy is first seen. */
static PyObject *scalar_types;

/* NumPy's other scalar types of those dtypes: np.longlong and np.ulonglong are types of
   their own beside np.int64 and np.uint64 (dtype chars 'q', 'Q' where 'l' is 64 bits),
   np.intc where it is not np.int32, ...: every type np.sctypeDict names, by its dtype's
   name. 0, -1 with an exception. */
static int add_scalar_aliases(PyObject *np) {
  PyObject *types = PyObject_GetAttrString(np, "sctypeDict");
  PyObject *dtype = types ? PyObject_GetAttrString(np, "dtype") : NULL;
  PyObject *vals = dtype ? PyDict_Values(types) : NULL;
  int rc = vals ? 0 : -1;
  for (Py_ssize_t i = 0; vals && !rc && i < PyList_GET_SIZE(vals); i++) {
    PyObject *t = PyList_GET_ITEM(vals, i), *d, *name;
    if (PyDict_GetItemWithError(scalar_types, t) || PyErr_Occurred()) {
      rc = PyErr_Occurred() ? -1 : 0;
      continue;
    }
    if (!(d = PyObject_CallOneArg(dtype, t)) || !(name = PyObject_GetAttrString(d, "name"))) {
      Py_XDECREF(d);
      PyErr_Clear();                               /* (a type NumPy makes no dtype of) */
      continue;
    }
    const char *n = PyUnicode_AsUTF8(name);
    for (int dt = PYKC_BOOL; n && dt <= PYKC_COMPLEX128; dt++) {
      if (strcmp(n, dt == PYKC_BOOL ? "bool" : pykc_dtype_name(dt)))
        continue;
      PyObject *v = PyLong_FromLong(dt);
      rc = v ? PyDict_SetItem(scalar_types, t, v) : -1;
      Py_XDECREF(v);
      break;
    }
    if (!n)
      rc = -1;
    Py_DECREF(name);
    Py_DECREF(d);
  }
  Py_XDECREF(vals);
  Py_XDECREF(dtype);
  Py_XDECREF(types);
  return rc;
}

static int load_scalar_types(void) {
  PyObject *np = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy");
  if (!np)
    return 0;
  scalar_types = PyDict_New();
  if (!scalar_types)
    return -1;
  for (int dt = PYKC_BOOL; dt <= PYKC_COMPLEX128; dt++) {
    const char *n = dt == PYKC_BOOL ? "bool_" : pykc_dtype_name(dt);
    PyObject *t = PyObject_GetAttrString(np, n);
    if (!t) {
      PyErr_Clear();
      continue;
    }
    PyObject *v = PyLong_FromLong(dt);
    int r = v ? PyDict_SetItem(scalar_types, t, v) : -1;
    Py_XDECREF(v);
    Py_DECREF(t);
    if (r)
      return -1;
  }
  return add_scalar_aliases(np);
}

/* ---------------------------------------------------------------- arguments */

/* A pointer held in a Python int (an address as CuPy and the array interfaces give it):
   PyLong_AsUnsignedLong where a long holds a pointer, which reads the digits directly
   (the long long one goes through _PyLong_AsByteArray). -1 with an exception. */
unsigned long long ext_pointer_of(PyObject *v) {
#if ULONG_MAX >= UINTPTR_MAX
  return PyLong_AsUnsignedLong(v);
#else
  return PyLong_AsUnsignedLongLong(v);
#endif
}

static const char *param_name(PyObject *params, int i, char *buf, size_t n) {
  PyObject *p = params && i < PyTuple_GET_SIZE(params) ? PyTuple_GET_ITEM(params, i) : NULL;
  const char *s = p ? PyUnicode_AsUTF8(p) : NULL;
  if (s)
    return s;
  PyErr_Clear();
  snprintf(buf, n, "#%d", i + 1);
  return buf;
}

/* A tuple of Python ints (shape or strides) into V; -1 with an exception. */
int ext_int_tuple(PyObject *t, int64_t *v, int max, int *n, const char *what,
                     const char *pname) {
  if (!PyTuple_Check(t)) {
    PyErr_Format(PyExc_TypeError, "argument '%s': bad %s in its array interface", pname, what);
    return -1;
  }
  if (PyTuple_GET_SIZE(t) > max) {
    PyErr_Format(PyExc_TypeError, "argument '%s': an array of %zd dimensions (pykc takes at "
                 "most %d)", pname, PyTuple_GET_SIZE(t), max);
    return -1;
  }
  *n = (int)PyTuple_GET_SIZE(t);
  for (int i = 0; i < *n; i++) {
    PyObject *x = PyTuple_GET_ITEM(t, i);
    v[i] = PyLong_AsLongLong(x);
    if (v[i] == -1 && PyErr_Occurred()) {
      if (PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "argument '%s': its %s holds a %.100s, not an int", pname,
                     what, ext_type_name(x));
      } else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "argument '%s': its %s holds %R, past int64", pname,
                     what, x);
      }
      return -1;
    }
  }
  return 0;
}

/* An array (the object O) from its interface dict D (CUDA or NumPy). */
static int pack_interface(PyObject *o, PyObject *d, pykc_arg *a, int64_t *strides,
                          const char *pname, const char *iface) {
  if (!PyDict_Check(d)) {
    PyErr_Format(PyExc_TypeError, "argument '%s': %s is not a dict", pname, iface);
    return -1;
  }
  PyObject *data = PyDict_GetItemWithError(d, s_data);
  PyObject *shape = PyDict_GetItemWithError(d, s_shape);
  PyObject *st = PyDict_GetItemWithError(d, s_strides);
  PyObject *ts = PyDict_GetItemWithError(d, s_typestr);
  PyObject *mask = PyDict_GetItemWithError(d, s_mask);
  if (PyErr_Occurred())
    return -1;
  if (!data || !PyTuple_Check(data) || PyTuple_GET_SIZE(data) != 2 || !shape || !ts) {
    PyErr_Format(PyExc_TypeError, "argument '%s': %s lacks data, shape or typestr", pname,
                 iface);
    return -1;
  }
  if (mask && mask != Py_None) {
    PyErr_Format(PyExc_TypeError, "argument '%s': masked arrays are not supported", pname);
    return -1;
  }
  int ro = PyObject_IsTrue(PyTuple_GET_ITEM(data, 1));
  if (ro < 0)
    return -1;
  const char *tstr = PyUnicode_Check(ts) ? PyUnicode_AsUTF8(ts) : NULL;
  if (!tstr) {
    if (!PyErr_Occurred())
      PyErr_Format(PyExc_TypeError, "argument '%s': %s's typestr is a %.100s, not a str",
                   pname, iface, ext_type_name(ts));
    return -1;
  }
  int dt = ext_typestr_dtype(tstr);
  const char *record = NULL;
  if (dt < 0 && tstr[0] && tstr[1] == 'V') {      /* a void dtype: its descr */
    PyObject *od = PyTuple_Pack(2, o, d);          /* (the object's dtype, else D's) */
    record = od ? ext_record_descr(od, 1, pname) : NULL;
    Py_XDECREF(od);
    if (!record)
      return -1;
    dt = PYKC_RECORD;
  }
  if (dt < 0) {
    PyErr_Format(PyExc_TypeError, "argument '%s': arrays of dtype '%s' are not supported", pname,
                 tstr);
    return -1;
  }
  unsigned long long ptr = ext_pointer_of(PyTuple_GET_ITEM(data, 0));
  if (ptr == (unsigned long long)-1 && PyErr_Occurred()) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError, "argument '%s': %s's data pointer is a %.100s, not an int",
                   pname, iface, ext_type_name(PyTuple_GET_ITEM(data, 0)));
    } else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
      PyErr_Clear();
      PyErr_Format(PyExc_ValueError, "argument '%s': %s's data pointer %R is not an address",
                   pname, iface, PyTuple_GET_ITEM(data, 0));
    }
    return -1;
  }
  int nd, nst;
  a->is_array = ro ? PYKC_ARRAY_READONLY : 1;     /* read-only: a pure input (CPU: a
                                                     kernel that writes it fails) */
  a->dtype = (pykc_dtype)dt;
  if (record)
    a->record = record;
  a->data = (void *)(uintptr_t)ptr;
  if (ext_int_tuple(shape, a->shape, PYKC_MAX_DIMS, &nd, "shape", pname))
    return -1;
  for (int k = 0; k < nd; k++)
    if (a->shape[k] < 0) {
      PyErr_Format(PyExc_ValueError, "argument '%s': %s's shape has the negative extent %lld",
                   pname, iface, (long long)a->shape[k]);
      return -1;
    }
  a->ndim = nd;
  a->strides = NULL;
  if (st && st != Py_None) {
    if (ext_int_tuple(st, strides, PYKC_MAX_DIMS, &nst, "strides", pname))
      return -1;
    if (nst != nd) {
      PyErr_Format(PyExc_TypeError, "argument '%s': %d strides for %d dimensions", pname, nst, nd);
      return -1;
    }
    a->strides = strides;
  }
  return 0;
}

/* The device of a __cuda_array_interface__ object: `.device.id` (CuPy), `.device.index`
   (PyTorch), else the current one (0). */
static int device_of(PyObject *o) {
  PyObject *dev = PyObject_GetAttr(o, s_device);
  if (!dev) {
    PyErr_Clear();
    return 0;
  }
  long id = 0;
  PyObject *v = PyObject_GetAttr(dev, s_id);
  if (!v) {
    PyErr_Clear();
    v = PyObject_GetAttrString(dev, "index");
  }
  if (v && PyLong_Check(v))
    id = PyLong_AsLong(v);
  if (!v || id < 0)
    id = 0;
  PyErr_Clear();
  Py_XDECREF(v);
  Py_DECREF(dev);
  return (int)id;
}

static int pack_numpy_scalar(PyObject *o, pykc_arg *a);

/* A Python or NumPy scalar typed by the language's argument rules. 1 done, 0 not a
   scalar, -1 error. */
static int pack_scalar(PyObject *o, int numpy_mode, pykc_arg *a, const char *pname) {
  memset(a, 0, sizeof *a);
  PyTypeObject *t = Py_TYPE(o);
  if (t != &PyLong_Type && t != &PyFloat_Type && t != &PyBool_Type) {  /* NumPy's first: */
    int r = pack_numpy_scalar(o, a);                       /* np.float64 is a float */
    if (r)
      return r;
  }
  if (PyBool_Check(o)) {
    a->dtype = (pykc_dtype)pykc_scalar_dtype(PYKC_PY_BOOL, 0, 0, numpy_mode);
    a->value.i = o == Py_True;
    return 1;
  }
  if (PyLong_Check(o)) {
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
      return -1;
    if (!overflow) {
      uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
      a->dtype = (pykc_dtype)pykc_scalar_dtype(PYKC_PY_INT, v < 0, mag, numpy_mode);
      a->value.i = v;
      return 1;
    }
    unsigned long long u = PyLong_AsUnsignedLongLong(o);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      PyErr_Format(PyExc_OverflowError, "argument '%s': %R does not fit int64 or uint64",
                   pname, o);
      return -1;
    }
    a->dtype = (pykc_dtype)pykc_scalar_dtype(PYKC_PY_INT, 0, u, numpy_mode), a->value.u = u;
    return 1;
  }
  if (PyFloat_Check(o)) {
    a->dtype = (pykc_dtype)pykc_scalar_dtype(PYKC_PY_FLOAT, 0, 0, numpy_mode);
    a->value.f = PyFloat_AS_DOUBLE(o);
    return 1;
  }
  if (PyComplex_Check(o)) {
    Py_complex c = PyComplex_AsCComplex(o);
    a->dtype = (pykc_dtype)pykc_scalar_dtype(PYKC_PY_COMPLEX, 0, 0, numpy_mode);
    a->value.c[0] = c.real, a->value.c[1] = c.imag;
    return 1;
  }
  return 0;
}

/* A NumPy scalar (np.float32(1), np.bool_(True), ...): its dtype. 1, 0 not one, -1 error. */
static int pack_numpy_scalar(PyObject *o, pykc_arg *a) {
  if (!scalar_types && load_scalar_types())
    return -1;
  PyObject *t = scalar_types ? PyDict_GetItemWithError(scalar_types, (PyObject *)Py_TYPE(o)) : NULL;
  if (!t)
    return PyErr_Occurred() ? -1 : 0;
  a->dtype = (pykc_dtype)PyLong_AsLong(t);
  a->numpy_scalar = 1;                             /* its dtype is strong in fuse kernels */
  switch (a->dtype) {
  case PYKC_BOOL: {
    int b = PyObject_IsTrue(o);
    if (b < 0)
      return -1;
    a->value.i = b;
    return 1;
  }
  case PYKC_FLOAT16: case PYKC_FLOAT32: case PYKC_FLOAT64:
    a->value.f = PyFloat_AsDouble(o);
    return a->value.f == -1.0 && PyErr_Occurred() ? -1 : 1;
  case PYKC_COMPLEX64: case PYKC_COMPLEX128: {
    Py_complex c = PyComplex_AsCComplex(o);
    if (c.real == -1.0 && PyErr_Occurred())
      return -1;
    a->value.c[0] = c.real, a->value.c[1] = c.imag;
    return 1;
  }
  default: {
    PyObject *i = PyNumber_Index(o);
    if (!i)
      return -1;
    if (a->dtype == PYKC_UINT64 || a->dtype == PYKC_UINT32 || a->dtype == PYKC_UINT16 ||
        a->dtype == PYKC_UINT8)
      a->value.u = PyLong_AsUnsignedLongLong(i);
    else
      a->value.i = PyLong_AsLongLong(i);
    Py_DECREF(i);
    return PyErr_Occurred() ? -1 : 1;
  }
  }
}

/* A host array through the buffer protocol (array.array, memoryview, ...), held in
   p->view[i] until the launch is over. */
static int pack_buffer(PyObject *o, int i, Packed *p, const char *pname) {
  Py_buffer *v = &p->view[i];
  bool ro = false;                                 /* read-only: a pure input */
  if (PyObject_GetBuffer(o, v, PyBUF_RECORDS)) {
    v->obj = NULL;
    PyObject *t, *val, *tb;
    PyErr_Fetch(&t, &val, &tb);
    Py_XDECREF(t), Py_XDECREF(val), Py_XDECREF(tb);
    if (PyObject_GetBuffer(o, v, PyBUF_RECORDS_RO)) {
      v->obj = NULL;
      PyErr_Format(PyExc_TypeError, "argument '%s': its buffer has no strided layout", pname);
      return -1;
    }
    ro = true;
  }
  const char *f = v->format ? v->format : "B";
  if (*f == '@' || *f == '=' || *f == '<')
    f++;
  char kind = 0;
  if (*f == '?')
    kind = 'b';
  else if (*f && strchr("bhilqn", *f))
    kind = 'i';
  else if (*f && strchr("BHILQN", *f))
    kind = 'u';
  else if (*f && strchr("efd", *f))
    kind = 'f';
  else if (*f == 'Z' && f[1] && strchr("fd", f[1]))
    kind = 'c', f++;
  int dt = kind && f[1] == 0 ? pykc_dtype_of(kind, (int)v->itemsize) : -1;
  if (dt < 0 || v->ndim > PYKC_MAX_DIMS) {
    PyErr_Format(PyExc_TypeError, "argument '%s': buffers of format '%s' (%d dimensions) are not "
                 "supported", pname, v->format ? v->format : "B", v->ndim);
    PyBuffer_Release(v);
    v->obj = NULL;
    return -1;
  }
  pykc_arg *a = &p->a[i];
  memset(a, 0, sizeof *a);
  a->is_array = ro ? PYKC_ARRAY_READONLY : 1, a->dtype = (pykc_dtype)dt, a->data = v->buf;
  a->ndim = v->ndim;
  for (int d = 0; d < v->ndim; d++)
    a->shape[d] = v->shape[d], p->strides[i][d] = v->strides[d];
  a->strides = p->strides[i];
  p->where[i] = WHERE_HOST;
  return 0;
}

void ext_release_buffers(Packed *p) {
  for (int i = 0; i < p->nheld; i++)
    if (p->view[i].obj)
      PyBuffer_Release(&p->view[i]);
}

/* After packing: every host array whose buffer is held still has that memory (Python code
   that ran while later arguments were packed, an __array_interface__ property, a signal
   handler or the forms' output allocation, may have resized or freed it: the kernel would
   write into freed memory). 0, or -1 with ValueError. */
int ext_still_there(Packed *p, int n, PyObject *params) {
  for (int i = 0; i < n && i < p->nheld; i++) {
    Py_buffer now;
    if (p->cupy[i] && ext_cupy_moved(p->cupy[i], &p->a[i])) {
      char buf[16];
      PyErr_Format(PyExc_ValueError, "argument '%s' was given other memory while the later "
                   "arguments were packed", param_name(params, i, buf, sizeof buf));
      return -1;
    }
    if (!p->view[i].obj || p->where[i] != WHERE_HOST || !p->a[i].is_array)
      continue;
    if (PyObject_GetBuffer(p->view[i].obj, &now, PyBUF_RECORDS_RO)) {
      PyErr_Clear();
      now.buf = NULL;
    } else {
      PyBuffer_Release(&now);
    }
    if (now.buf != p->a[i].data || (now.buf && now.len != p->view[i].len)) {
      char buf[16];
      PyErr_Format(PyExc_ValueError, "argument '%s' was resized or freed while the later "
                   "arguments were packed", param_name(params, i, buf, sizeof buf));
      return -1;
    }
  }
  return 0;
}

/* Packs argument I. */
int ext_pack_arg(PyObject *o, int i, int numpy_mode, PyObject *params, Packed *p) {
  char buf[16];
  const char *pname = param_name(params, i, buf, sizeof buf);
  p->where[i] = WHERE_SCALAR, p->device[i] = 0;
  p->view[i].obj = NULL;
  p->cupy[i] = NULL;
  p->nheld = i + 1;
  p->a[i].nbytes = 0;
  if (ext_is_cupy(o)) {
    if (ext_pack_cupy(o, &p->a[i], p->strides[i], &p->device[i], pname))
      return -1;
    p->where[i] = WHERE_DEVICE;
    p->cupy[i] = o;
    return 0;
  }
  int r = pack_scalar(o, numpy_mode, &p->a[i], pname);
  if (r)
    return r < 0 ? -1 : 0;
  PyObject *d = PyObject_GetAttr(o, s_cai);        /* (an interface that raises other than */
  int where = WHERE_DEVICE;                        /* AttributeError: its error, as CuPy's */
  if (!d && !PyErr_ExceptionMatches(PyExc_AttributeError))   /* hasattr gives it) */
    return -1;
  if (!d) {
    PyErr_Clear();
    d = PyObject_GetAttr(o, s_ai);
    where = WHERE_HOST;
    if (!d && !PyErr_ExceptionMatches(PyExc_AttributeError))
      return -1;
  }
  if (!d && PyObject_CheckBuffer(o)) {
    PyErr_Clear();
    return pack_buffer(o, i, p, pname);
  }
  if (!d) {
    PyErr_Clear();
    if ((r = ext_pack_cupy_handle(o, &p->a[i], &p->device[i], pname)) != 0) {
      p->where[i] = WHERE_DEVICE;                  /* a GPU's handle, by value */
      return r < 0 ? -1 : 0;
    }
    PyErr_Format(PyExc_TypeError,
                 "argument '%s': cannot pass a %.100s to a kernel (expected an array with "
                 "__cuda_array_interface__ or __array_interface__, a scalar, or CuPy's "
                 "MemoryPointer, TextureObject, SurfaceObject or CPointer (mdspan))",
                 pname, ext_type_name(o));
    return -1;
  }
  r = pack_interface(o, d, &p->a[i], p->strides[i], pname,
                     where == WHERE_DEVICE ? "__cuda_array_interface__" : "__array_interface__");
  Py_DECREF(d);
  if (r)
    return -1;
  /* A host array's memory stays alive and in place until the launch is over: a buffer
     export (NumPy then refuses resize; Python code that runs while later arguments are
     packed cannot free it). Objects without the buffer protocol are kept alive by the
     caller's argument tuple. */
  if (where == WHERE_HOST && PyObject_CheckBuffer(o)) {
    if (PyObject_GetBuffer(o, &p->view[i], PyBUF_RECORDS_RO))
      PyErr_Clear(), p->view[i].obj = NULL;
  }
  p->where[i] = where;
  if (where == WHERE_DEVICE)
    p->device[i] = device_of(o);
  return 0;
}

/* O is a NumPy scalar (an instance of numpy.generic): 1, 0 (also where NumPy is not
   imported), -1 with an exception. */
static int is_numpy_scalar(PyObject *o) {
  static PyObject *generic;
  if (!generic) {
    PyObject *np = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy");
    if (!np)
      return 0;
    if (!(generic = PyObject_GetAttrString(np, "generic")))
      return -1;
  }
  return PyObject_IsInstance(o, generic);
}

int ext_pack_bytes(PyObject *o, int i, PyObject *params, Packed *p, int typed) {
  char buf[16];
  const char *pname = param_name(params, i, buf, sizeof buf);
  if (ext_is_cupy(o) || !PyObject_HasAttr(o, s_ai) || PyObject_HasAttr(o, s_cai) ||
      !PyObject_CheckBuffer(o))
    return 0;
  int scalar = typed ? is_numpy_scalar(o) : 0;
  if (scalar)
    return scalar < 0 ? -1 : 0;
  p->where[i] = WHERE_SCALAR, p->device[i] = 0;
  p->cupy[i] = NULL;
  p->nheld = i + 1;
  if (PyObject_GetBuffer(o, &p->view[i], PyBUF_RECORDS_RO)) {
    p->view[i].obj = NULL;
    return -1;
  }
  Py_ssize_t size = p->view[i].itemsize ? p->view[i].len / p->view[i].itemsize : 0;
  if (size != 1) {                               /* CuPy's message (cuda/function.pyx) */
    PyObject *shape = PyObject_GetAttrString(o, "shape");
    PyErr_Format(PyExc_TypeError, "argument '%s': you are trying to pass a numpy.ndarray of "
                 "shape %R as a kernel parameter. Only numpy.ndarrays of size one can be "
                 "passed by value. If you meant to pass a pointer to __global__ memory, you "
                 "need to pass a cupy.ndarray instead.", pname, shape ? shape : Py_None);
    Py_XDECREF(shape);
    return -1;
  }
  pykc_arg *a = &p->a[i];
  memset(a, 0, sizeof *a);
  a->dtype = PYKC_UINT8;
  a->data = p->view[i].buf;
  a->nbytes = (size_t)p->view[i].len;
  return 1;
}

/* The context slot the packed arguments select; -1 with an exception. */
int ext_pick_slot(int n, PyObject *params, const Packed *p) {
  int host = -1, dev = -1;
  for (int i = 0; i < n; i++) {
    if (p->where[i] == WHERE_HOST && host < 0)
      host = i;
    if (p->where[i] == WHERE_DEVICE) {
      if (dev >= 0 && p->device[i] != p->device[dev]) {
        char b1[16], b2[16];
        PyErr_Format(PyExc_ValueError,
                     "argument '%s' is on device %d but argument '%s' is on device %d",
                     param_name(params, i, b1, sizeof b1), p->device[i],
                     param_name(params, dev, b2, sizeof b2), p->device[dev]);
        return -1;
      }
      if (dev < 0)
        dev = i;
    }
  }
  char b1[16], b2[16];
  /* a device array, or a handle of GPU memory or a texture (ext_pack_cupy_handle), which
     the CPU backend cannot use either */
  const char *what = dev >= 0 && !p->a[dev].is_array
                         ? "a GPU handle (CuPy's MemoryPointer, TextureObject, SurfaceObject or "
                           "CPointer)"
                         : "a device array";
  if (host >= 0 && dev >= 0) {
    PyErr_Format(PyExc_ValueError,
                 "argument '%s' is a host (NumPy) array but argument '%s' is %s: "
                 "pass arrays of one kind (host arrays run on the CPU backend)",
                 param_name(params, host, b1, sizeof b1), param_name(params, dev, b2, sizeof b2),
                 what);
    return -1;
  }
  if (dev >= 0 && ext_force_cpu()) {
    PyErr_Format(PyExc_ValueError, "argument '%s' is %s, but PYKC_CPU=1 runs "
                 "kernels on the CPU backend (pass NumPy arrays)",
                 param_name(params, dev, b1, sizeof b1), what);
    return -1;
  }
  if (dev >= 0)
    return 1 + p->device[dev];
  if (host >= 0)
    return 0;
  return ext_have_gpu() ? 1 : 0;
}
