/*
 * _pykc.c: the C core of the `pykc` Python package, over libpykc's public API
 * (include/pykc.h), linked in statically from the same sources.
 *
 * Python (pykc/jit.py, pykc/_source.py) turns a decorated function into one source text
 * for the compiler at its first launch; everything after that is here. A Kernel keeps one
 * compiled module per context (slot 0 the CPU backend, slot 1 + N CUDA device N), opened
 * lazily and shared by every kernel of the process. A launch:
 *   - reads grid and block (an int or a tuple of 1 to 3 ints), shared memory and stream;
 *   - packs each argument into a pykc_arg: __cuda_array_interface__ objects (CuPy,
 *     PyTorch, Numba) are device arrays, __array_interface__ objects (NumPy) and other
 *     writable buffers (array.array, memoryview) host arrays run by the CPU backend in
 *     place, Python and NumPy scalars typed as cupyx.jit types
 *     them (mode='cuda': int -> int32 if it fits, else int64; float -> float32;
 *     complex -> complex64; mode='numpy': int64, float64, complex128);
 *   - picks the context (host arrays: the CPU; device arrays: their device; neither: the
 *     GPU, else the CPU) and refuses mixed or read-only arrays naming the parameter;
 *   - calls pykc_launch, whose specialisation lookup is one hash of the argument types.
 * The default stream is CuPy's current stream when CuPy is imported. Errors become
 * pykc.CompileError (the diagnostics, mapped back to the user's file by Python),
 * TypeError/ValueError (arguments and launch shape) or pykc.LaunchError (the kernel or
 * CUDA failed; the message names the kernel).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "../include/pykc.h"
#include "../runtime/rt.h"                /* the hooks the CLI uses too: type names, stats */

#include <stdlib.h>
#include <string.h>

#ifndef PYKC_DEVICE_CPU
#define PYKC_DEVICE_CPU (-1)
#endif

#define MAXARGS 128
#define NSLOTS 17                         /* the CPU and 16 devices */

static PyObject *CompileError, *LaunchError;

/* ---------------------------------------------------------------- contexts */

static struct {
  pykc_context *cx;
  int tried;
  char *why;                              /* why it could not be opened */
} slots[NSLOTS];

static int ngpus;                         /* GPU contexts open */

/* PYKC_CPU, read once (at the first launch or compile): the launch path does not scan the
   environment. */
static int force_cpu(void) {
  static int forced = -1;
  if (forced < 0) {
    const char *e = getenv("PYKC_CPU");
    forced = e && *e && strcmp(e, "0") != 0;
  }
  return forced;
}

/* The context of SLOT (0 CPU, 1 + N device N), or NULL with an exception set. */
static pykc_context *context(int slot) {
  if (slot < 0 || slot >= NSLOTS) {
    PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1);
    return NULL;
  }
  if (!slots[slot].tried) {
    slots[slot].tried = 1;
    pykc_context *cx;
    pykc_status st = pykc_init(slot ? slot - 1 : PYKC_DEVICE_CPU, &cx);
    if (st == PYKC_OK) {
      slots[slot].cx = cx;
      ngpus += slot > 0;
    } else {
      slots[slot].why = strdup(pykc_errmsg(cx));
      pykc_free(cx);
    }
  }
  if (!slots[slot].cx) {
    PyErr_Format(LaunchError, "pykc: cannot open %s: %s", slot ? "the CUDA device" : "the CPU backend",
                 slots[slot].why ? slots[slot].why : "out of memory");
    return NULL;
  }
  return slots[slot].cx;
}

/* Is a GPU there (and not PYKC_CPU=1)? */
static int have_gpu(void) {
  if (force_cpu())
    return 0;
  if (!slots[1].tried) {
    context(1);
    PyErr_Clear();
  }
  return slots[1].cx != NULL;
}

/* A context to compile in without launching: any open one, else one that failed to open a
   device (compiling needs none). */
static pykc_context *compile_context(void) {
  static pykc_context *spare;
  for (int i = 0; i < NSLOTS; i++)
    if (slots[i].cx)
      return slots[i].cx;
  if (!force_cpu() && have_gpu())
    return slots[1].cx;
  pykc_context *cx = context(0);
  if (cx)
    return cx;
  PyErr_Clear();
  if (!spare && pykc_init(0, &spare) != PYKC_OK && !spare)
    return (PyErr_NoMemory(), NULL);
  return spare;
}

/* ---------------------------------------------------------------- errors */

/* Raises the exception for status ST of a call on CX. MAPPER (a callable or NULL) maps
   compile diagnostics to the user's file. Returns NULL. */
static PyObject *raise_status(pykc_context *cx, pykc_status st, PyObject *mapper) {
  const char *msg = pykc_errmsg(cx);
  switch (st) {
  case PYKC_ERR_SOURCE:
    if (mapper && mapper != Py_None) {
      PyObject *m = PyObject_CallFunction(mapper, "s", msg);
      if (!m)
        return NULL;
      PyErr_SetObject(CompileError, m);
      Py_DECREF(m);
      return NULL;
    }
    PyErr_SetString(CompileError, msg);
    return NULL;
  case PYKC_ERR_USAGE:
    PyErr_SetString(strstr(msg, "invalid launch") || strstr(msg, "shared memory")
                        ? PyExc_ValueError : PyExc_TypeError, msg);
    return NULL;
  case PYKC_ERR_NOMEM:
    return PyErr_NoMemory();
  default:
    PyErr_SetString(LaunchError, msg);
    return NULL;
  }
}

/* ---------------------------------------------------------------- dtypes */

typedef struct DtypeName {
  char kind;                              /* typestr kind: b i u f c */
  int size;
  pykc_dtype dt;
  const char *name;
} DtypeName;

static const DtypeName dtypes[] = {
    {'b', 1, PYKC_BOOL, "bool"},        {'i', 1, PYKC_INT8, "int8"},
    {'u', 1, PYKC_UINT8, "uint8"},      {'i', 2, PYKC_INT16, "int16"},
    {'u', 2, PYKC_UINT16, "uint16"},    {'i', 4, PYKC_INT32, "int32"},
    {'u', 4, PYKC_UINT32, "uint32"},    {'i', 8, PYKC_INT64, "int64"},
    {'u', 8, PYKC_UINT64, "uint64"},    {'f', 2, PYKC_FLOAT16, "float16"},
    {'f', 4, PYKC_FLOAT32, "float32"},  {'f', 8, PYKC_FLOAT64, "float64"},
    {'c', 8, PYKC_COMPLEX64, "complex64"}, {'c', 16, PYKC_COMPLEX128, "complex128"},
};
#define NDTYPES ((int)(sizeof dtypes / sizeof dtypes[0]))

/* The dtype of a typestr such as "<f4" or "|b1"; -1 if the language has none. */
static int typestr_dtype(const char *s) {
  if (!s || (s[0] != '<' && s[0] != '|' && s[0] != '='))
    return -1;
  int size = atoi(s + 2);
  for (int i = 0; i < NDTYPES; i++)
    if (dtypes[i].kind == s[1] && dtypes[i].size == size)
      return dtypes[i].dt;
  return -1;
}

static int dtype_size(int dt) {
  for (int i = 0; i < NDTYPES; i++)
    if ((int)dtypes[i].dt == dt)
      return dtypes[i].size;
  return 1;
}

static const char *dtype_name(int dt) {
  for (int i = 0; i < NDTYPES; i++)
    if ((int)dtypes[i].dt == dt)
      return dtypes[i].name;
  return "?";
}

/* A packed scalar's value as a Python object (_pack). */
static PyObject *dtype_value(const pykc_arg *a) {
  for (int i = 0; i < NDTYPES; i++)
    if (dtypes[i].dt == a->dtype)
      switch (dtypes[i].kind) {
      case 'f': return PyFloat_FromDouble(a->value.f);
      case 'c': return PyComplex_FromDoubles(a->value.c[0], a->value.c[1]);
      case 'u': return PyLong_FromUnsignedLongLong(a->value.u);
      default: return PyLong_FromLongLong(a->value.i);
      }
  return Py_NewRef(Py_None);
}

/* NumPy scalar types -> dtype, filled when NumPy is first seen. */
static PyObject *scalar_types;

static int load_scalar_types(void) {
  PyObject *np = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy");
  if (!np)
    return 0;
  scalar_types = PyDict_New();
  if (!scalar_types)
    return -1;
  for (int i = 0; i < NDTYPES; i++) {
    const char *n = dtypes[i].dt == PYKC_BOOL ? "bool_" : dtypes[i].name;
    PyObject *t = PyObject_GetAttrString(np, n);
    if (!t) {
      PyErr_Clear();
      continue;
    }
    PyObject *v = PyLong_FromLong(dtypes[i].dt);
    int r = v ? PyDict_SetItem(scalar_types, t, v) : -1;
    Py_XDECREF(v);
    Py_DECREF(t);
    if (r)
      return -1;
  }
  return 0;
}

/* ---------------------------------------------------------------- arguments */

enum { WHERE_SCALAR, WHERE_HOST, WHERE_DEVICE };

typedef struct Packed {
  pykc_arg a[MAXARGS];
  int64_t strides[MAXARGS][PYKC_MAX_DIMS];
  int where[MAXARGS];
  int device[MAXARGS];
  Py_buffer view[MAXARGS];                /* buffer-protocol arrays, held for the launch */
  int nheld;                              /* view[0 .. nheld) may hold one (obj != NULL) */
} Packed;

static PyObject *s_cai, *s_ai, *s_data, *s_dtype, *s_shape, *s_strides, *s_typestr, *s_device,
    *s_id, *s_mask, *s_ptr, *s_cuda_stream, *s_build, *s_map, *s_device_id, *s_shared_mem, *s_stream,
    *s_ndim, *s_size, *s_c_contiguous;

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
static int int_tuple(PyObject *t, int64_t *v, int max, int *n, const char *what,
                     const char *pname) {
  if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) > max) {
    PyErr_Format(PyExc_TypeError, "argument '%s': bad %s in its array interface", pname, what);
    return -1;
  }
  *n = (int)PyTuple_GET_SIZE(t);
  for (int i = 0; i < *n; i++) {
    v[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(t, i));
    if (v[i] == -1 && PyErr_Occurred())
      return -1;
  }
  return 0;
}

/* An array from its interface dict D (CUDA or NumPy). */
static int pack_interface(PyObject *d, pykc_arg *a, int64_t *strides, const char *pname,
                          const char *iface) {
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
  if (ro) {
    PyErr_Format(PyExc_ValueError, "argument '%s' is a read-only array", pname);
    return -1;
  }
  const char *tstr = PyUnicode_AsUTF8(ts);
  if (!tstr)
    return -1;
  int dt = typestr_dtype(tstr);
  if (dt < 0) {
    PyErr_Format(PyExc_TypeError, "argument '%s': arrays of dtype '%s' are not supported", pname,
                 tstr);
    return -1;
  }
  unsigned long long ptr = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(data, 0));
  if (ptr == (unsigned long long)-1 && PyErr_Occurred())
    return -1;
  int nd, nst;
  a->is_array = 1;
  a->dtype = (pykc_dtype)dt;
  a->data = (void *)(uintptr_t)ptr;
  if (int_tuple(shape, a->shape, PYKC_MAX_DIMS, &nd, "shape", pname))
    return -1;
  a->ndim = nd;
  a->strides = NULL;
  if (st && st != Py_None) {
    if (int_tuple(st, strides, PYKC_MAX_DIMS, &nst, "strides", pname))
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
    a->dtype = PYKC_BOOL, a->value.i = o == Py_True;
    return 1;
  }
  if (PyLong_Check(o)) {
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
      return -1;
    if (!overflow) {
      a->dtype = !numpy_mode && v >= INT32_MIN && v <= INT32_MAX ? PYKC_INT32 : PYKC_INT64;
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
    a->dtype = PYKC_UINT64, a->value.u = u;
    return 1;
  }
  if (PyFloat_Check(o)) {
    a->dtype = numpy_mode ? PYKC_FLOAT64 : PYKC_FLOAT32, a->value.f = PyFloat_AS_DOUBLE(o);
    return 1;
  }
  if (PyComplex_Check(o)) {
    Py_complex c = PyComplex_AsCComplex(o);
    a->dtype = numpy_mode ? PYKC_COMPLEX128 : PYKC_COMPLEX64;
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

/* CuPy's ndarray type, once seen: its arrays are read through their attributes (data.ptr,
   shape, strides, dtype), cheaper than building __cuda_array_interface__ on every launch. */
static PyTypeObject *cupy_ndarray;

static PyTypeObject *not_cupy[8];        /* types seen that are not it */

static int is_cupy_ndarray(PyObject *o) {
  PyTypeObject *t = Py_TYPE(o);
  if (t == cupy_ndarray)
    return 1;
  if (cupy_ndarray || PyLong_CheckExact(o) || PyFloat_CheckExact(o))
    return 0;
  for (int i = 0; i < 8; i++)
    if (not_cupy[i] == t)
      return 0;
  PyObject *mod = PyObject_GetAttrString((PyObject *)t, "__module__");
  const char *m = mod && PyUnicode_Check(mod) ? PyUnicode_AsUTF8(mod) : NULL;
  int yes = m && strncmp(m, "cupy", 4) == 0 && (m[4] == 0 || m[4] == '.') &&
            strcmp(t->tp_name + strlen(t->tp_name) - 7 < t->tp_name ? t->tp_name
                   : t->tp_name + strlen(t->tp_name) - 7, "ndarray") == 0 &&
            PyObject_HasAttr(o, s_cai);
  Py_XDECREF(mod);
  PyErr_Clear();
  if (!yes) {
    Py_XDECREF(not_cupy[7]);                  /* held, so that the address stays its */
    memmove(not_cupy + 1, not_cupy, 7 * sizeof *not_cupy);
    not_cupy[0] = t;
    Py_INCREF(t);
    return 0;
  }
  cupy_ndarray = t;
  Py_INCREF(t);
  return 1;
}

/* The dtype of a CuPy array's dtype object; -1 with an exception. The dtype objects seen
   are kept (NumPy's are singletons), so that a launch compares pointers instead of hashing
   a dtype. */
static int dtype_of(PyObject *dt, const char *pname) {
  enum { NSEEN = 16 };
  static PyObject *seen[NSEEN];
  static int seen_dt[NSEEN], nseen;
  for (int i = 0; i < nseen; i++)
    if (seen[i] == dt)
      return seen_dt[i];
  PyObject *str = PyObject_GetAttrString(dt, "str");
  const char *ts = str ? PyUnicode_AsUTF8(str) : NULL;
  int r = ts ? typestr_dtype(ts) : -1;
  if (ts && r < 0)
    PyErr_Format(PyExc_TypeError, "argument '%s': arrays of dtype '%s' are not supported", pname, ts);
  Py_XDECREF(str);
  if (r >= 0 && nseen < NSEEN) {
    seen[nseen] = Py_NewRef(dt);
    seen_dt[nseen++] = r;
  }
  return r;
}

/* CuPy arrays have ndim, size and _c_contiguous (cleared if a CuPy lacks them). */
static int cupy_has_flags = 1;

/* The shape and strides of a 1-d C-contiguous CuPy array of more than one element from
   its ndim, size and _c_contiguous, cheaper than the tuples CuPy builds for shape and
   strides: such an array's stride is its itemsize (CuPy's _update_c_contiguity). 1 done,
   0 not such an array (or no flags), -1 error. */
static int pack_cupy_1d(PyObject *o, pykc_arg *a, int64_t *strides) {
  PyObject *nd = PyObject_GetAttr(o, s_ndim);
  if (!nd) {
    PyErr_Clear();
    return cupy_has_flags = 0;
  }
  long ndim = PyLong_AsLong(nd);
  Py_DECREF(nd);
  if (ndim != 1)
    return ndim == -1 && PyErr_Occurred() ? -1 : 0;
  PyObject *c = PyObject_GetAttr(o, s_c_contiguous), *n = c ? PyObject_GetAttr(o, s_size) : NULL;
  if (!c || !n) {
    Py_XDECREF(c);
    PyErr_Clear();
    return cupy_has_flags = 0;
  }
  long long size = PyLong_AsLongLong(n);
  int contig = PyObject_IsTrue(c);
  Py_DECREF(c);
  Py_DECREF(n);
  if ((size == -1 && PyErr_Occurred()) || contig < 0)
    return -1;
  if (!contig || size < 2)
    return 0;
  a->ndim = 1, a->shape[0] = size, strides[0] = dtype_size(a->dtype), a->strides = strides;
  return 1;
}

/* A CuPy array: data.ptr, data.device_id, dtype, and shape and strides (of a 1-d
   contiguous array through pack_cupy_1d). */
static int pack_cupy(PyObject *o, pykc_arg *a, int64_t *strides, int *device,
                     const char *pname) {
  PyObject *data = PyObject_GetAttr(o, s_data), *ptr = data ? PyObject_GetAttr(data, s_ptr) : NULL;
  PyObject *dev = ptr ? PyObject_GetAttr(data, s_device_id) : NULL;
  long id = dev ? PyLong_AsLong(dev) : -1;
  Py_XDECREF(dev);
  if (ptr && id < 0)                      /* no device_id: the current device */
    PyErr_Clear();
  *device = id < 0 ? 0 : (int)id;
  PyObject *dt = ptr ? PyObject_GetAttr(o, s_dtype) : NULL;
  int r = -1, dtype = dt ? dtype_of(dt, pname) : -1;
  unsigned long long p = ptr ? PyLong_AsUnsignedLongLong(ptr) : 0;
  Py_XDECREF(data), Py_XDECREF(ptr), Py_XDECREF(dt);
  if (dtype < 0 || (p == (unsigned long long)-1 && PyErr_Occurred()))
    return -1;
  a->is_array = 1, a->dtype = (pykc_dtype)dtype, a->data = (void *)(uintptr_t)p;
  int fast = cupy_has_flags ? pack_cupy_1d(o, a, strides) : 0;
  if (fast)
    return fast < 0 ? -1 : 0;
  PyObject *shape = PyObject_GetAttr(o, s_shape), *st = shape ? PyObject_GetAttr(o, s_strides) : NULL;
  int nd, nst;
  if (st && !int_tuple(shape, a->shape, PYKC_MAX_DIMS, &nd, "shape", pname) &&
      !int_tuple(st, strides, PYKC_MAX_DIMS, &nst, "strides", pname)) {
    if (nst != nd)
      PyErr_Format(PyExc_TypeError, "argument '%s': %d strides for %d dimensions", pname, nst, nd);
    else
      a->ndim = nd, a->strides = strides, r = 0;
  }
  Py_XDECREF(shape), Py_XDECREF(st);
  return r;
}

/* A host array through the buffer protocol (array.array, memoryview, ...), held in
   p->view[i] until the launch is over. */
static int pack_buffer(PyObject *o, int i, Packed *p, const char *pname) {
  Py_buffer *v = &p->view[i];
  if (PyObject_GetBuffer(o, v, PyBUF_RECORDS)) {
    v->obj = NULL;
    PyObject *t, *val, *tb;
    PyErr_Fetch(&t, &val, &tb);
    Py_XDECREF(t), Py_XDECREF(val), Py_XDECREF(tb);
    if (PyObject_GetBuffer(o, v, PyBUF_RECORDS_RO) == 0) {
      PyBuffer_Release(v);
      v->obj = NULL;
      PyErr_Format(PyExc_ValueError, "argument '%s' is a read-only array", pname);
    } else {
      PyErr_Format(PyExc_TypeError, "argument '%s': its buffer has no strided layout", pname);
    }
    return -1;
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
  int dt = -1;
  for (int k = 0; kind && f[1] == 0 && k < NDTYPES; k++)
    if (dtypes[k].kind == kind && dtypes[k].size == v->itemsize)
      dt = dtypes[k].dt;
  if (dt < 0 || v->ndim > PYKC_MAX_DIMS) {
    PyErr_Format(PyExc_TypeError, "argument '%s': buffers of format '%s' (%d dimensions) are not "
                 "supported", pname, v->format ? v->format : "B", v->ndim);
    PyBuffer_Release(v);
    v->obj = NULL;
    return -1;
  }
  pykc_arg *a = &p->a[i];
  memset(a, 0, sizeof *a);
  a->is_array = 1, a->dtype = (pykc_dtype)dt, a->data = v->buf, a->ndim = v->ndim;
  for (int d = 0; d < v->ndim; d++)
    a->shape[d] = v->shape[d], p->strides[i][d] = v->strides[d];
  a->strides = p->strides[i];
  p->where[i] = WHERE_HOST;
  return 0;
}

static void release_buffers(Packed *p) {
  for (int i = 0; i < p->nheld; i++)
    if (p->view[i].obj)
      PyBuffer_Release(&p->view[i]);
}

/* Packs argument I. */
static int pack_arg(PyObject *o, int i, int numpy_mode, PyObject *params, Packed *p) {
  char buf[16];
  const char *pname = param_name(params, i, buf, sizeof buf);
  p->where[i] = WHERE_SCALAR, p->device[i] = 0;
  p->view[i].obj = NULL;
  p->nheld = i + 1;
  if (is_cupy_ndarray(o)) {
    if (pack_cupy(o, &p->a[i], p->strides[i], &p->device[i], pname))
      return -1;
    p->where[i] = WHERE_DEVICE;
    return 0;
  }
  int r = pack_scalar(o, numpy_mode, &p->a[i], pname);
  if (r)
    return r < 0 ? -1 : 0;
  PyObject *d = PyObject_GetAttr(o, s_cai);
  int where = WHERE_DEVICE;
  if (!d) {
    PyErr_Clear();
    d = PyObject_GetAttr(o, s_ai);
    where = WHERE_HOST;
  }
  if (!d && PyObject_CheckBuffer(o)) {
    PyErr_Clear();
    return pack_buffer(o, i, p, pname);
  }
  if (!d) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError,
                 "argument '%s': cannot pass a %.100s to a kernel (expected an array with "
                 "__cuda_array_interface__ or __array_interface__, or a scalar)",
                 pname, Py_TYPE(o)->tp_name);
    return -1;
  }
  r = pack_interface(d, &p->a[i], p->strides[i], pname,
                     where == WHERE_DEVICE ? "__cuda_array_interface__" : "__array_interface__");
  Py_DECREF(d);
  if (r)
    return -1;
  p->where[i] = where;
  if (where == WHERE_DEVICE)
    p->device[i] = device_of(o);
  return 0;
}

/* The context slot the packed arguments select; -1 with an exception. */
static int pick_slot(int n, PyObject *params, const Packed *p) {
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
  if (host >= 0 && dev >= 0) {
    PyErr_Format(PyExc_ValueError,
                 "argument '%s' is a host (NumPy) array but argument '%s' is a device array: "
                 "pass arrays of one kind (host arrays run on the CPU backend)",
                 param_name(params, host, b1, sizeof b1), param_name(params, dev, b2, sizeof b2));
    return -1;
  }
  if (dev >= 0 && force_cpu()) {
    PyErr_Format(PyExc_ValueError, "argument '%s' is a device array, but PYKC_CPU=1 runs "
                 "kernels on the CPU backend (pass NumPy arrays)",
                 param_name(params, dev, b1, sizeof b1));
    return -1;
  }
  if (dev >= 0)
    return 1 + p->device[dev];
  if (host >= 0)
    return 0;
  return have_gpu() ? 1 : 0;
}

/* ---------------------------------------------------------------- launch shape */

static int dim3_of(PyObject *o, pykc_dim3 *d, const char *what) {
  unsigned v[3] = {1, 1, 1};
  if (PyIndex_Check(o)) {                          /* int, NumPy integers */
    long x = PyLong_AsLong(o);
    if (x == -1 && PyErr_Occurred())
      return -1;
    if (x < 1 || x > 0x7fffffffL) {
      PyErr_Format(PyExc_ValueError, "%s must be positive, got %ld", what, x);
      return -1;
    }
    v[0] = (unsigned)x;
  } else if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) >= 1 && PyTuple_GET_SIZE(o) <= 3) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o); i++) {
      long x = PyLong_AsLong(PyTuple_GET_ITEM(o, i));
      if (x == -1 && PyErr_Occurred())
        return -1;
      if (x < 1 || x > 0x7fffffffL) {
        PyErr_Format(PyExc_ValueError, "%s must be positive, got %R", what, o);
        return -1;
      }
      v[i] = (unsigned)x;
    }
  } else {
    PyErr_Format(PyExc_TypeError, "%s must be an int or a tuple of 1 to 3 ints, got %R", what, o);
    return -1;
  }
  d->x = v[0], d->y = v[1], d->z = v[2];
  return 0;
}

/* CuPy's current stream, found once CuPy is imported: the C function that CuPy's own
   launches call (get_current_stream_ptr, which Cython exports from cupy_backends.cuda.stream
   in __pyx_capi__ as a capsule named by its C signature), else, for a CuPy without it,
   get_current_stream().ptr through Python. */
typedef intptr_t (*stream_ptr_fn)(void);
static stream_ptr_fn cupy_stream_ptr;
static PyObject *cupy_current_stream;

/* 1 when CuPy's current stream can be read, 0 when CuPy is not imported, -1 on error. */
static int find_cupy_stream(void) {
  static const char *const mods[] = {"cupy_backends.cuda.stream", "cupy.cuda.stream"};
  PyObject *sys_modules = PyImport_GetModuleDict();
  PyObject *cuda = PyDict_GetItemString(sys_modules, "cupy.cuda");
  if (!cuda)
    return 0;
  for (size_t i = 0; i < sizeof mods / sizeof *mods && !cupy_stream_ptr; i++) {
    PyObject *m = PyDict_GetItemString(sys_modules, mods[i]);
    PyObject *capi = m ? PyObject_GetAttrString(m, "__pyx_capi__") : NULL;
    PyObject *cap = capi && PyDict_Check(capi)
                        ? PyDict_GetItemString(capi, "get_current_stream_ptr") : NULL;
    const char *sig = cap && PyCapsule_CheckExact(cap) ? PyCapsule_GetName(cap) : NULL;
    if (sig && strncmp(sig, "intptr_t (void)", 15) == 0)
      cupy_stream_ptr = (stream_ptr_fn)PyCapsule_GetPointer(cap, sig);
    Py_XDECREF(capi);
    PyErr_Clear();
  }
  if (cupy_stream_ptr)
    return 1;
  cupy_current_stream = PyObject_GetAttrString(cuda, "get_current_stream");
  PyErr_Clear();
  return cupy_current_stream != NULL;
}

/* The stream handle of S (None: CuPy's current stream when CuPy is imported, else the
   default stream); -1 with an exception. */
static int stream_of(PyObject *s, void **out) {
  *out = NULL;
  PyObject *h = NULL;
  if (s == Py_None) {
    if (!cupy_stream_ptr && !cupy_current_stream) {
      int r = find_cupy_stream();
      if (r <= 0)
        return r;
    }
    if (cupy_stream_ptr) {
      intptr_t p = cupy_stream_ptr();
      if (p == -1 && PyErr_Occurred())
        return -1;
      *out = (void *)p;
      return 0;
    }
    PyObject *st = PyObject_CallNoArgs(cupy_current_stream);
    if (!st)
      return -1;
    h = PyObject_GetAttr(st, s_ptr);
    Py_DECREF(st);
  } else if (PyLong_Check(s)) {
    h = Py_NewRef(s);
  } else {
    h = PyObject_GetAttr(s, s_ptr);
    if (!h) {
      PyErr_Clear();
      h = PyObject_GetAttr(s, s_cuda_stream);
    }
    if (!h) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError, "stream must be a CuPy or PyTorch stream or an int handle, "
                   "got %.100s", Py_TYPE(s)->tp_name);
      return -1;
    }
  }
  if (!h)
    return -1;
  unsigned long long v = PyLong_AsUnsignedLongLong(h);
  Py_DECREF(h);
  if (v == (unsigned long long)-1 && PyErr_Occurred())
    return -1;
  *out = (void *)(uintptr_t)v;
  return 0;
}

/* ---------------------------------------------------------------- Kernel */

typedef struct KernelObj {
  PyObject_HEAD
  PyObject *name;                         /* the kernel's name (str) */
  PyObject *params;                       /* tuple of parameter names */
  int numpy_mode, debug;
  int device_fn;                          /* @jit.rawkernel(device=True): not launchable */
  pykc_module *mod[NSLOTS];
  pykc_kernel *k[NSLOTS];
  char borrowed[NSLOTS];                  /* mod[i] is another kernel's (a RawModule's) */
  int last_slot;                          /* slot of the last launch, or -1 */
  PyObject *dict;
  PyObject *weaklist;
  vectorcallfunc vectorcall;              /* k(grid, block, args, ...) without a tuple */
  uint64_t last_types;                    /* rt_args_typehash of the last launch */
  PyObject *sigs;                         /* dict: each launched signature "(T, ...)" */
} KernelObj;

static PyObject *Kernel_vectorcall(PyObject *o, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames);

static PyObject *Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  KernelObj *self = (KernelObj *)PyType_GenericNew(type, args, kw);
  if (self) {
    self->vectorcall = Kernel_vectorcall;
    self->last_slot = -1;
  }
  return (PyObject *)self;
}

static int Kernel_init(KernelObj *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"name", "params", "numpy_mode", "debug", "device", NULL};
  PyObject *name, *params;
  int numpy_mode = 0, debug = 0, device_fn = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "UO!|ppp", kwlist, &name, &PyTuple_Type, &params,
                                   &numpy_mode, &debug, &device_fn))
    return -1;
  self->device_fn = device_fn;
  if (PyTuple_GET_SIZE(params) > MAXARGS) {
    PyErr_Format(PyExc_ValueError, "kernel '%U': more than %d parameters", name, MAXARGS);
    return -1;
  }
  Py_XSETREF(self->name, Py_NewRef(name));
  Py_XSETREF(self->params, Py_NewRef(params));
  self->numpy_mode = numpy_mode;
  self->debug = debug;
  self->last_slot = -1;
  return 0;
}

static void Kernel_free_modules(KernelObj *self) {
  for (int i = 0; i < NSLOTS; i++) {
    if (self->mod[i] && slots[i].cx && !self->borrowed[i])
      pykc_module_free(self->mod[i]);
    self->mod[i] = NULL, self->k[i] = NULL, self->borrowed[i] = 0;
  }
}

static int Kernel_traverse(KernelObj *self, visitproc visit, void *arg) {
  Py_VISIT(self->dict);
  Py_VISIT(self->sigs);
  return 0;
}

static int Kernel_clear(KernelObj *self) {
  Py_CLEAR(self->dict);
  Py_CLEAR(self->sigs);
  return 0;
}

static void Kernel_dealloc(KernelObj *self) {
  PyObject_GC_UnTrack(self);
  if (self->weaklist)
    PyObject_ClearWeakRefs((PyObject *)self);
  Kernel_free_modules(self);
  Py_CLEAR(self->name);
  Py_CLEAR(self->params);
  Kernel_clear(self);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The strings of tuple T (NULL: none) as an array of N UTF-8 pointers into T's items,
   malloc'd into *out (NULL when empty); 0 or -1 with an exception. */
static int str_list(PyObject *t, const char ***out, int *n) {
  *out = NULL, *n = 0;
  if (!t || t == Py_None)
    return 0;
  if (!PyTuple_Check(t)) {
    PyErr_SetString(PyExc_TypeError, "_build_source: options must be a tuple of str");
    return -1;
  }
  Py_ssize_t len = PyTuple_GET_SIZE(t);
  if (!len)
    return 0;
  const char **v = PyMem_Malloc((size_t)len * sizeof *v);
  if (!v) {
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t i = 0; i < len; i++)
    if (!(v[i] = PyUnicode_Check(PyTuple_GET_ITEM(t, i)) ? PyUnicode_AsUTF8(PyTuple_GET_ITEM(t, i))
                                                          : NULL)) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "_build_source: options must be a tuple of str");
      PyMem_Free(v);
      return -1;
    }
  *out = v, *n = (int)len;
  return 0;
}

static PyTypeObject KernelType;
static int Kernel_compile(KernelObj *self, int slot);

/* The kernel of OWNER's module (compiled in SLOT first if need be) that has SELF's name:
   the functions of one RawModule share its module, as in CuPy. OWNER stays alive while
   SELF does (self._build_source() returns it from an attribute). 0 or -1. */
static int Kernel_borrow(KernelObj *self, KernelObj *owner, int slot) {
  if (owner == self || owner->borrowed[slot]) {
    PyErr_SetString(PyExc_TypeError, "_build_source: a kernel can share the module of a "
                    "kernel that compiles its own");
    return -1;
  }
  if (!owner->k[slot] && Kernel_compile(owner, slot))
    return -1;
  pykc_kernel *k;
  const char *kname = PyUnicode_AsUTF8(self->name);
  pykc_status st = kname ? pykc_get_kernel(owner->mod[slot], kname, &k) : PYKC_OK;
  if (!kname || st) {
    if (st)
      raise_status(slots[slot].cx, st, NULL);
    return -1;
  }
  self->mod[slot] = owner->mod[slot], self->k[slot] = k, self->borrowed[slot] = 1;
  return 0;
}

/* Compiles the kernel's source (from self._build_source(): (file name, text), and for
   CUDA C++ (file name, text, NVRTC options, name expressions), tuples of str; or another
   Kernel whose module holds this one: Kernel_borrow) in slot's context; 0 or -1 with an
   exception. */
static int Kernel_compile(KernelObj *self, int slot) {
  pykc_context *cx = context(slot);
  if (!cx)
    return -1;
  PyObject *src = PyObject_CallMethodNoArgs((PyObject *)self, s_build);
  if (!src)
    return -1;
  if (PyObject_TypeCheck(src, &KernelType)) {
    int rc = Kernel_borrow(self, (KernelObj *)src, slot);
    Py_DECREF(src);
    return rc;
  }
  const char *fname, *text;
  PyObject *opts = NULL, *exprs = NULL;
  pykc_options opt = {0};
  if (!PyArg_ParseTuple(src, "ss|OO", &fname, &text, &opts, &exprs) ||
      str_list(opts, (const char ***)&opt.cuda_options, &opt.ncuda_options) ||
      str_list(exprs, (const char ***)&opt.name_expressions, &opt.nname_expressions)) {
    PyMem_Free((void *)opt.cuda_options);
    Py_DECREF(src);
    return -1;
  }
  opt.debug = self->debug;
  opt.numpy_mode = self->numpy_mode;
  pykc_module *m;
  pykc_status st = pykc_compile_string(cx, fname, text, &opt, &m);
  PyMem_Free((void *)opt.cuda_options);
  PyMem_Free((void *)opt.name_expressions);
  Py_DECREF(src);
  PyObject *mapper = NULL;
  if (st) {
    mapper = PyObject_GetAttr((PyObject *)self, s_map);
    if (!mapper)
      PyErr_Clear();
    raise_status(cx, st, mapper);
    Py_XDECREF(mapper);
    return -1;
  }
  pykc_kernel *k;
  const char *kname = PyUnicode_AsUTF8(self->name);
  if (!kname || (st = pykc_get_kernel(m, kname, &k))) {
    if (st)
      raise_status(cx, st, NULL);
    pykc_module_free(m);
    return -1;
  }
  self->mod[slot] = m, self->k[slot] = k;
  return 0;
}

/* Makes SLOT's device current when the thread changed since the last GPU launch (the
   CUDA context is per thread), and always once several devices are open (other code may
   have switched). 0 or -1 with an exception. */
static int make_current(int slot) {
  static unsigned long thread;
  static int current = -1;
  unsigned long t = PyThread_get_thread_ident();
  if (slot == current && t == thread && ngpus < 2)
    return 0;
  pykc_status st = pykc_make_current(slots[slot].cx);
  if (st) {
    raise_status(slots[slot].cx, st, NULL);
    return -1;
  }
  current = slot, thread = t;
  return 0;
}

/* Records the signature of launched arguments A (for cached_codes) when their types
   differ from the last launch's. 0, or -1 with an exception. */
static int note_signature(KernelObj *self, const pykc_arg *a, int n) {
  uint64_t h = rt_args_typehash(a, n);
  if (h == self->last_types && self->sigs)
    return 0;
  char buf[MAXARGS * 48] = "(";
  size_t k = 1;
  for (int i = 0; i < n && k < sizeof buf - 48; i++) {
    if (i)
      k += (size_t)snprintf(buf + k, sizeof buf - k, ", ");
    rt_type_name(a[i].dtype, a[i].ndim, a[i].is_array, a[i].is_array && rt_arg_contig(&a[i]),
                 buf + k, sizeof buf - k);
    k += strlen(buf + k);
  }
  snprintf(buf + k, sizeof buf - k, ")");
  if (!self->sigs && !(self->sigs = PyDict_New()))
    return -1;
  PyObject *sig = PyUnicode_FromString(buf);
  if (!sig || !PyDict_SetDefault(self->sigs, sig, Py_None)) {
    Py_XDECREF(sig);
    return -1;
  }
  Py_DECREF(sig);
  self->last_types = h;
  return 0;
}

/* The launch of packed arguments. */
static PyObject *launch_packed(KernelObj *self, const pykc_dim3 *grid, const pykc_dim3 *block,
                               Packed *p, Py_ssize_t n, unsigned shared, PyObject *stream) {
  int slot = pick_slot((int)n, self->params, p);
  if (slot < 0)
    return NULL;
  if (slot >= NSLOTS)
    return PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1);
  if (!self->k[slot] && Kernel_compile(self, slot))
    return NULL;
  pykc_launch_cfg cfg = {*grid, *block, shared, NULL};
  if (slot && stream_of(stream, &cfg.stream))
    return NULL;
  if (slot && make_current(slot))
    return NULL;
  pykc_kernel *k = self->k[slot];
  pykc_status st = pykc_launch(k, &cfg, p->a, (int)n);
  self->last_slot = slot;
  if (!st && note_signature(self, p->a, (int)n))
    return NULL;
  if (st) {
    PyObject *mapper = PyObject_GetAttr((PyObject *)self, s_map);
    if (!mapper)
      PyErr_Clear();
    raise_status(slots[slot].cx, st, mapper);
    Py_XDECREF(mapper);
    return NULL;
  }
  if (self->debug && slot && (st = pykc_stream_synchronize(slots[slot].cx, cfg.stream)))
    return raise_status(slots[slot].cx, st, NULL);
  Py_RETURN_NONE;
}

/* The launch itself: ARGS[0..n) with grid, block, shared memory and stream. */
static PyObject *Kernel_launch(KernelObj *self, const pykc_dim3 *grid, const pykc_dim3 *block,
                               PyObject *const *args, Py_ssize_t n, unsigned shared,
                               PyObject *stream) {
  Py_ssize_t want = PyTuple_GET_SIZE(self->params);
  if (n != want) {
    PyErr_Format(PyExc_TypeError, "kernel '%U' takes %zd argument%s %R, got %zd", self->name,
                 want, want == 1 ? "" : "s", self->params, n);
    return NULL;
  }
  Packed p;
  p.nheld = 0;
  PyObject *r = NULL;
  Py_ssize_t i = 0;
  while (i < n && !pack_arg(args[i], (int)i, self->numpy_mode, self->params, &p))
    i++;
  if (i == n)
    r = launch_packed(self, grid, block, &p, n, shared, stream);
  release_buffers(&p);
  return r;
}

static PyObject *not_launchable(KernelObj *self) {
  return PyErr_Format(PyExc_RuntimeError, "device function '%U' can only be called from a "
                      "kernel", self->name);
}

/* k(grid, block, args, shared_mem=0, stream=None), as cupyx.jit: a vectorcall, parsed by
   hand (this is the launch path; the arguments are read from ARGS's items in place). */
static PyObject *Kernel_vectorcall(PyObject *o, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
  KernelObj *self = (KernelObj *)o;
  if (self->device_fn)
    return not_launchable(self);
  Py_ssize_t n = PyVectorcall_NARGS(nargsf), nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (n < 3 || n > 5)
    return PyErr_Format(PyExc_TypeError, "kernel '%U' takes (grid, block, args, shared_mem=0, "
                        "stream=None), got %zd positional arguments", self->name, n);
  PyObject *sm = n > 3 ? args[3] : NULL, *stream = n > 4 ? args[4] : Py_None;
  for (Py_ssize_t i = 0; i < nkw; i++) {
    PyObject *key = PyTuple_GET_ITEM(kwnames, i), *val = args[n + i];
    if (PyUnicode_Compare(key, s_shared_mem) == 0 && !sm)
      sm = val;
    else if (PyUnicode_Compare(key, s_stream) == 0 && n <= 4 && stream == Py_None)
      stream = val;
    else
      return PyErr_Format(PyExc_TypeError, "kernel '%U': unexpected or repeated keyword "
                          "argument %R", self->name, key);
  }
  unsigned int shared = 0;
  if (sm && sm != Py_None) {
    unsigned long v = PyLong_AsUnsignedLong(sm);
    if (v == (unsigned long)-1 && PyErr_Occurred())
      return NULL;
    if (v > 0xffffffffUL)
      return PyErr_Format(PyExc_ValueError, "shared_mem %lu is too large", v);
    shared = (unsigned)v;
  }
  pykc_dim3 grid, block;
  if (dim3_of(args[0], &grid, "grid") || dim3_of(args[1], &block, "block"))
    return NULL;
  PyObject *a = args[2];
  if (PyTuple_CheckExact(a))
    return Kernel_launch(self, &grid, &block, &PyTuple_GET_ITEM(a, 0), PyTuple_GET_SIZE(a),
                         shared, stream);
  PyObject *t = PySequence_Fast(a, "args must be a tuple or list of arguments");
  if (!t)
    return NULL;
  PyObject *r = Kernel_launch(self, &grid, &block, PySequence_Fast_ITEMS(t),
                              PySequence_Fast_GET_SIZE(t), shared, stream);
  Py_DECREF(t);
  return r;
}

/* AXIS (None, an int or a sequence of ints) into cfg's axes (naxis 0: every axis). */
static int axes_of(PyObject *axis, pykc_call_cfg *cc) {
  if (axis == Py_None)
    return 0;
  PyObject *seq = PyLong_Check(axis) ? PyTuple_Pack(1, axis)
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
    long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    if (v == -1 && PyErr_Occurred())
      st = -1;
    else if (v < -PYKC_MAX_DIMS || v >= PYKC_MAX_DIMS)
      st = (PyErr_Format(PyExc_ValueError, "axis %ld is out of bounds", v), -1);
    else
      cc->axis[i] = (int)v;
  }
  cc->naxis = st ? 0 : (int)n;
  Py_DECREF(seq);
  return st;
}

/* k._form_call(args, alloc, block_size, stream, axis, keepdims, size): a kernel form
   (ElementwiseKernel, ReductionKernel ...) called as CuPy calls it: ARGS the inputs, then
   optionally the outputs; a reduction's AXIS and KEEPDIMS; an ElementwiseKernel's SIZE
   (None, or -1 as CuPy: not given). The library plans the call
   (pykc_form_outputs); each output not given is ALLOC(dtype name, shape, on_host),
   packed like an argument; pykc_form_call launches. Returns the outputs' tuple. */
static PyObject *Kernel_form_call(KernelObj *self, PyObject *args) {
  PyObject *t, *alloc, *stream = Py_None, *axis = Py_None, *size = Py_None;
  unsigned int block = 0;
  int keepdims = 0;
  if (!PyArg_ParseTuple(args, "O!O|IOOpO", &PyTuple_Type, &t, &alloc, &block, &stream, &axis,
                        &keepdims, &size))
    return NULL;
  pykc_call_cfg cc = {.block = {block, block ? 1 : 0, block ? 1 : 0}, .keepdims = keepdims};
  if (axes_of(axis, &cc))
    return NULL;
  if (size != Py_None) {
    long long v = PyLong_AsLongLong(size);
    if (v == -1 && PyErr_Occurred())
      return NULL;
    if (v < -1)
      return PyErr_Format(PyExc_ValueError, "size=%lld: negative dimensions are not allowed", v);
    cc.has_size = v != -1;
    cc.size = v;
  }
  Py_ssize_t n = PyTuple_GET_SIZE(t), np = PyTuple_GET_SIZE(self->params);
  if (n > np || np > MAXARGS)
    return PyErr_Format(PyExc_TypeError, "kernel '%U' takes at most %zd arguments, got %zd",
                        self->name, np, n);
  Packed *p = PyMem_Malloc(sizeof *p);
  if (!p)
    return PyErr_NoMemory();
  p->nheld = 0;
  PyObject *outs = NULL, *r = NULL;
  Py_ssize_t i = 0;
  while (i < n && !pack_arg(PyTuple_GET_ITEM(t, i), (int)i, 1, self->params, p))
    i++;
  int slot = i == n ? pick_slot((int)n, self->params, p) : -1;
  if (slot >= NSLOTS)
    PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1), slot = -1;
  if (slot < 0 || (!self->k[slot] && Kernel_compile(self, slot)) || (slot && make_current(slot)))
    goto done;
  pykc_kernel *k = self->k[slot];
  int nin = pykc_kernel_nin(k), nout = (int)np - nin;
  pykc_arg planned[MAXARGS];
  pykc_status st = pykc_form_outputs(k, &cc, p->a, (int)n, planned);
  if (st) {
    raise_status(slots[slot].cx, st, NULL);
    goto done;
  }
  if (!(outs = PyTuple_New(nout)))
    goto done;
  for (int j = 0; j < nout; j++) {
    PyObject *o;
    if (nin + j < n) {
      o = Py_NewRef(PyTuple_GET_ITEM(t, nin + j));
    } else {
      const pykc_arg *d = &planned[j];
      PyObject *shape = PyTuple_New(d->ndim);
      for (int k2 = 0; shape && k2 < d->ndim; k2++)
        PyTuple_SET_ITEM(shape, k2, PyLong_FromLongLong(d->shape[k2]));
      const char *dn = NULL;
      for (int q = 0; q < NDTYPES; q++)
        if (dtypes[q].dt == d->dtype)
          dn = dtypes[q].name;
      o = shape ? PyObject_CallFunction(alloc, "sOO", dn ? dn : "float64", shape,
                                        slot ? Py_False : Py_True)
                : NULL;
      Py_XDECREF(shape);
      if (!o || pack_arg(o, nin + j, 1, self->params, p)) {
        Py_XDECREF(o);
        goto done;
      }
    }
    PyTuple_SET_ITEM(outs, j, o);
  }
  if (slot && stream_of(stream, &cc.stream))
    goto done;
  st = pykc_form_call(k, &cc, p->a, (int)np);
  self->last_slot = slot;
  if (st) {
    raise_status(slots[slot].cx, st, NULL);
    goto done;
  }
  r = Py_NewRef(outs);
done:
  Py_XDECREF(outs);
  release_buffers(p);
  PyMem_Free(p);
  return r;
}

/* ---- k[grid, block(, stream(, shared_mem))](*args), as numba */

typedef struct LaunchObj {
  PyObject_HEAD
  KernelObj *k;
  pykc_dim3 grid, block;
  unsigned shared;
  PyObject *stream;
  vectorcallfunc vectorcall;
} LaunchObj;

static void Launch_dealloc(LaunchObj *self) {
  Py_CLEAR(self->k);
  Py_CLEAR(self->stream);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Launch_vectorcall(PyObject *o, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
  LaunchObj *self = (LaunchObj *)o;
  if (kwnames && PyTuple_GET_SIZE(kwnames))
    return PyErr_Format(PyExc_TypeError, "kernel '%U' takes positional arguments only",
                        self->k->name);
  return Kernel_launch(self->k, &self->grid, &self->block, args, PyVectorcall_NARGS(nargsf),
                       self->shared, self->stream);
}

static PyTypeObject LaunchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pykc._pykc.Launch",
    .tp_basicsize = sizeof(LaunchObj),
    .tp_dealloc = (destructor)Launch_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(LaunchObj, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_doc = "A kernel configured with k[grid, block, stream, shared_mem]; call it with the arguments.",
};

static PyObject *Kernel_getitem(KernelObj *self, PyObject *key) {
  if (self->device_fn)
    return PyErr_Format(PyExc_RuntimeError, "device function '%U' cannot be launched", self->name);
  PyObject *items[4] = {NULL, NULL, Py_None, NULL};
  Py_ssize_t n = 1;
  if (PyTuple_Check(key)) {
    n = PyTuple_GET_SIZE(key);
    if (n < 2 || n > 4)
      return PyErr_Format(PyExc_TypeError, "kernel '%U'[...] takes grid, block[, stream[, "
                          "shared_mem]], got %zd item%s", self->name, n, n == 1 ? "" : "s");
    for (Py_ssize_t i = 0; i < n; i++)
      items[i] = PyTuple_GET_ITEM(key, i);
  } else {
    return PyErr_Format(PyExc_TypeError, "kernel '%U'[...] takes grid, block[, stream[, "
                        "shared_mem]]", self->name);
  }
  LaunchObj *l = PyObject_New(LaunchObj, &LaunchType);
  if (!l)
    return NULL;
  l->k = (KernelObj *)Py_NewRef(self);
  l->stream = Py_NewRef(items[2] ? items[2] : Py_None);
  l->shared = 0;
  l->vectorcall = Launch_vectorcall;
  if (items[3]) {
    unsigned long s = PyLong_AsUnsignedLong(items[3]);
    if (s == (unsigned long)-1 && PyErr_Occurred()) {
      Py_DECREF(l);
      return NULL;
    }
    l->shared = (unsigned)s;
  }
  if (dim3_of(items[0], &l->grid, "grid") || dim3_of(items[1], &l->block, "block")) {
    Py_DECREF(l);
    return NULL;
  }
  return (PyObject *)l;
}

/* The module of the last launch, or of slot's compile. */
static pykc_module *last_module(KernelObj *self) {
  if (self->last_slot >= 0)
    return self->mod[self->last_slot];
  for (int i = 0; i < NSLOTS; i++)
    if (self->mod[i])
      return self->mod[i];
  return NULL;
}

static PyObject *Kernel_cached_code(KernelObj *self, void *closure) {
  (void)closure;
  pykc_module *m = last_module(self);
  if (!m)
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U' has not been launched yet (its code "
                        "depends on the argument types; see pykc.compile_ptx)", self->name);
  const char *src;
  pykc_status st = pykc_module_cuda(m, &src);
  return st ? raise_status(slots[self->last_slot >= 0 ? self->last_slot : 0].cx, st, NULL)
            : PyUnicode_FromString(src);
}

/* A kernel's attributes (of its last prepared specialisation) as a dict. */
static PyObject *attr_dict(pykc_context *cx, pykc_kernel *k) {
  static const struct { pykc_attr a; const char *name; } attrs[] = {
      {PYKC_ATTR_NUM_REGS, "num_regs"}, {PYKC_ATTR_SHARED_BYTES, "shared_size_bytes"},
      {PYKC_ATTR_LOCAL_BYTES, "local_size_bytes"}, {PYKC_ATTR_CONST_BYTES, "const_size_bytes"},
      {PYKC_ATTR_MAX_THREADS_PER_BLOCK, "max_threads_per_block"},
      {PYKC_ATTR_PTX_VERSION, "ptx_version"}, {PYKC_ATTR_BINARY_VERSION, "binary_version"}};
  PyObject *d = PyDict_New();
  for (size_t i = 0; d && i < sizeof attrs / sizeof attrs[0]; i++) {
    int v;
    pykc_status st = pykc_kernel_attr(k, attrs[i].a, &v);
    if (st) {
      Py_DECREF(d);
      return raise_status(cx, st, NULL);
    }
    PyObject *x = PyLong_FromLong(v);
    if (!x || PyDict_SetItemString(d, attrs[i].name, x)) {
      Py_XDECREF(x);
      Py_DECREF(d);
      return NULL;
    }
    Py_DECREF(x);
  }
  return d;
}

/* _attributes_last(): the last launched specialisation's attributes. */
static PyObject *Kernel_attributes_last(KernelObj *self, PyObject *unused) {
  (void)unused;
  if (self->last_slot < 1)
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U' has not been launched on a GPU (its "
                        "attributes are those of a specialisation; give a signature)", self->name);
  return attr_dict(slots[self->last_slot].cx, self->k[self->last_slot]);
}

static PyObject *Kernel_reset(KernelObj *self, PyObject *unused) {
  (void)unused;
  Kernel_free_modules(self);
  self->last_slot = -1;
  Py_CLEAR(self->sigs);
  Py_RETURN_NONE;
}

/* _signatures(): the signatures launched so far, in order, as "(T, ...)". */
static PyObject *Kernel_signatures(KernelObj *self, PyObject *unused) {
  (void)unused;
  return self->sigs ? PySequence_List(self->sigs) : PyList_New(0);
}

static PyMethodDef Kernel_methods[] = {
    {"_form_call", (PyCFunction)Kernel_form_call, METH_VARARGS,
     "A kernel form's call as CuPy makes it (pykc.ElementwiseKernel, ReductionKernel)."},
    {"_attributes_last", (PyCFunction)Kernel_attributes_last, METH_NOARGS,
     "Attributes of the last launched specialisation."},
    {"_reset", (PyCFunction)Kernel_reset, METH_NOARGS, "Forget the compiled modules."},
    {"_signatures", (PyCFunction)Kernel_signatures, METH_NOARGS,
     "The argument-type signatures launched so far, as \"(T, ...)\"."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Kernel_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {"cached_code", (getter)Kernel_cached_code, NULL,
     "The CUDA C of the kernel's specialisations so far (as cupyx.jit's cached_code).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMemberDef Kernel_members[] = {
    {"__name__", T_OBJECT, offsetof(KernelObj, name), READONLY, "the kernel's name"},
    {"_params", T_OBJECT, offsetof(KernelObj, params), READONLY, "parameter names"},
    {"_numpy_mode", T_INT, offsetof(KernelObj, numpy_mode), READONLY, NULL},
    {"_debug", T_INT, offsetof(KernelObj, debug), READONLY, NULL},
    {NULL, 0, 0, 0, NULL}};

static PyMappingMethods Kernel_mapping = {.mp_subscript = (binaryfunc)Kernel_getitem};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pykc._pykc.Kernel",
    .tp_basicsize = sizeof(KernelObj),
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC |
                Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_traverse = (traverseproc)Kernel_traverse,
    .tp_clear = (inquiry)Kernel_clear,
    .tp_vectorcall_offset = offsetof(KernelObj, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_as_mapping = &Kernel_mapping,
    .tp_methods = Kernel_methods,
    .tp_getset = Kernel_getset,
    .tp_members = Kernel_members,
    .tp_init = (initproc)Kernel_init,
    .tp_new = Kernel_new,
    .tp_dictoffset = offsetof(KernelObj, dict),
    .tp_weaklistoffset = offsetof(KernelObj, weaklist),
    .tp_doc = "A pykc kernel: launch with k(grid, block, args, shared_mem=0, stream=None) or "
              "k[grid, block(, stream, shared_mem)](*args).",
};

/* ---------------------------------------------------------------- functions */

/* compile(name, text, numpy_mode, debug, sigs, arch, what): compiles a source without
   launching. what: "cuda" (the CUDA C, str), "binary" (PTX str / cubin bytes for arch),
   "attributes" (a dict, on the GPU), "check" (None). */
static PyObject *py_compile(PyObject *mod, PyObject *args, PyObject *kw) {
  (void)mod;
  static char *kwlist[] = {"name", "text", "numpy_mode", "debug", "sigs", "arch", "what",
                           "mapper", "kernel", NULL};
  const char *name, *text, *arch = NULL, *what = "cuda", *kname = NULL;
  int numpy_mode = 0, debug = 0;
  PyObject *sigs = Py_None, *mapper = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "ss|ppOzsOz", kwlist, &name, &text, &numpy_mode,
                                   &debug, &sigs, &arch, &what, &mapper, &kname))
    return NULL;
  int gpu = strcmp(what, "attributes") == 0;
  pykc_context *cx = gpu ? context(1) : compile_context();
  if (!cx)
    return NULL;
  const char *sigv[16];
  pykc_options opt = {0};
  opt.debug = debug, opt.numpy_mode = numpy_mode;
  PyObject *seq = NULL;
  if (sigs != Py_None) {
    seq = PySequence_Fast(sigs, "sigs must be a list of signatures");
    if (!seq)
      return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 16) {
      Py_DECREF(seq);
      return PyErr_Format(PyExc_ValueError, "at most 16 signatures");
    }
    for (Py_ssize_t i = 0; i < n; i++)
      if (!(sigv[i] = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i)))) {
        Py_DECREF(seq);
        return NULL;
      }
    opt.sigs = sigv, opt.nsigs = (int)n;
  }
  pykc_module *m;
  pykc_status st = pykc_compile_string(cx, name, text, &opt, &m);
  Py_XDECREF(seq);
  if (st)
    return raise_status(cx, st, mapper);
  PyObject *r = NULL;
  if (strcmp(what, "cuda") == 0) {
    const char *src;
    r = (st = pykc_module_cuda(m, &src)) ? raise_status(cx, st, mapper) : PyUnicode_FromString(src);
  } else if (strcmp(what, "binary") == 0) {
    const void *data;
    size_t len;
    if ((st = pykc_module_binary(m, arch, &data, &len)))
      r = raise_status(cx, st, mapper);
    else if (len >= 4 && memcmp(data, "\177ELF", 4) == 0)
      r = PyBytes_FromStringAndSize(data, (Py_ssize_t)len);
    else
      r = PyUnicode_FromStringAndSize(data, (Py_ssize_t)len);
  } else if (gpu) {
    pykc_kernel *k;
    st = pykc_get_kernel(m, kname ? kname : "", &k);
    r = st ? raise_status(cx, st, NULL) : attr_dict(cx, k);
  } else if (strcmp(what, "check") == 0) {
    r = Py_NewRef(Py_None);
  } else {
    r = PyErr_Format(PyExc_ValueError, "unknown what '%s'", what);
  }
  pykc_module_free(m);
  return r;
}

/* _pack(kernel, args): the arguments as a launch packs them, one tuple each: (where,
   device, dtype, ndim, shape, strides in bytes, data pointer), scalars (where, 0, dtype,
   value). For tests of the packing of device arrays, which need no GPU. */
static PyObject *py_pack(PyObject *mod, PyObject *args) {
  (void)mod;
  PyObject *kern, *seq;
  if (!PyArg_ParseTuple(args, "O!O", &KernelType, &kern, &seq))
    return NULL;
  KernelObj *k = (KernelObj *)kern;
  PyObject *t = PySequence_Fast(seq, "args must be a tuple or list of arguments");
  if (!t)
    return NULL;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(t);
  if (n > MAXARGS) {
    Py_DECREF(t);
    return PyErr_Format(PyExc_ValueError, "more than %d arguments", MAXARGS);
  }
  static const char *const where[] = {"scalar", "host", "device"};
  Packed *p = PyMem_Malloc(sizeof *p);
  if (!p) {
    Py_DECREF(t);
    return PyErr_NoMemory();
  }
  p->nheld = 0;
  PyObject *out = PyList_New(0);
  for (Py_ssize_t i = 0; out && i < n; i++) {
    if (pack_arg(PySequence_Fast_GET_ITEM(t, i), (int)i, k->numpy_mode, k->params, p)) {
      Py_CLEAR(out);
      break;
    }
    const pykc_arg *a = &p->a[i];
    PyObject *row;
    if (!a->is_array) {
      row = Py_BuildValue("(sisO)", where[p->where[i]], 0, dtype_name(a->dtype),
                          dtype_value(a));
    } else {
      int64_t st[PYKC_MAX_DIMS], acc = dtype_size(a->dtype);
      for (int d = a->ndim - 1; d >= 0; d--)      /* NULL strides: C-contiguous */
        st[d] = a->strides ? a->strides[d] : acc, acc *= a->shape[d];
      PyObject *shape = PyTuple_New(a->ndim), *strides = PyTuple_New(a->ndim);
      for (int d = 0; shape && strides && d < a->ndim; d++) {
        PyTuple_SET_ITEM(shape, d, PyLong_FromLongLong(a->shape[d]));
        PyTuple_SET_ITEM(strides, d, PyLong_FromLongLong(st[d]));
      }
      row = shape && strides && !PyErr_Occurred()
                ? Py_BuildValue("(sisiOOK)", where[p->where[i]], p->device[i],
                                dtype_name(a->dtype), a->ndim, shape, strides,
                                (unsigned long long)(uintptr_t)a->data)
                : NULL;
      Py_XDECREF(shape), Py_XDECREF(strides);
    }
    if (!row || PyList_Append(out, row))
      Py_CLEAR(out);
    Py_XDECREF(row);
  }
  release_buffers(p);
  PyMem_Free(p);
  Py_DECREF(t);
  return out;
}

static PyObject *py_have_gpu(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  return PyBool_FromLong(have_gpu());
}

/* synchronize(): waits for every open GPU context; reports a kernel's failure. */
static PyObject *py_synchronize(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  for (int i = 1; i < NSLOTS; i++)
    if (slots[i].cx) {
      pykc_status st = pykc_synchronize(slots[i].cx);
      if (st)
        return raise_status(slots[i].cx, st, NULL);
    }
  Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"compile", (PyCFunction)(void (*)(void))py_compile, METH_VARARGS | METH_KEYWORDS,
     "compile(name, text, numpy_mode=False, debug=False, sigs=None, arch=None, what='cuda', "
     "mapper=None, kernel=None)"},
    {"_pack", py_pack, METH_VARARGS, "_pack(kernel, args): the packed arguments (tests)."},
    {"have_gpu", py_have_gpu, METH_NOARGS, "True if a CUDA device can be opened (and PYKC_CPU is not set)."},
    {"synchronize", py_synchronize, METH_NOARGS, "Waits for the GPU; raises a kernel's failure."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_pykc",
                                       "The C core of pykc (libpykc linked in).", -1,
                                       module_methods, NULL, NULL, NULL, NULL};

static int intern_all(void) {
  static const struct { PyObject **p; const char *s; } names[] = {
      {&s_cai, "__cuda_array_interface__"}, {&s_ai, "__array_interface__"}, {&s_data, "data"},
      {&s_dtype, "dtype"}, {&s_shape, "shape"}, {&s_strides, "strides"}, {&s_typestr, "typestr"},
      {&s_device, "device"}, {&s_id, "id"}, {&s_mask, "mask"}, {&s_ptr, "ptr"},
      {&s_cuda_stream, "cuda_stream"}, {&s_build, "_build_source"}, {&s_map, "_map_diagnostics"},
      {&s_device_id, "device_id"}, {&s_shared_mem, "shared_mem"}, {&s_stream, "stream"},
      {&s_ndim, "ndim"}, {&s_size, "size"}, {&s_c_contiguous, "_c_contiguous"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!(*names[i].p = PyUnicode_InternFromString(names[i].s)))
      return -1;
  return 0;
}

PyMODINIT_FUNC PyInit__pykc(void);
PyMODINIT_FUNC PyInit__pykc(void) {
  if (intern_all() || PyType_Ready(&KernelType) < 0 || PyType_Ready(&LaunchType) < 0)
    return NULL;
  PyObject *m = PyModule_Create(&moduledef);
  if (!m)
    return NULL;
  CompileError = PyErr_NewExceptionWithDoc(
      "pykc.CompileError", "Errors in a kernel's source: pykc's diagnostics (file:line:col, "
      "the source line and a caret).", PyExc_Exception, NULL);
  LaunchError = PyErr_NewExceptionWithDoc(
      "pykc.LaunchError", "A kernel, NVRTC or the CUDA driver failed (the message names the "
      "kernel).", PyExc_RuntimeError, NULL);
  if (!CompileError || !LaunchError || PyModule_AddObjectRef(m, "CompileError", CompileError) ||
      PyModule_AddObjectRef(m, "LaunchError", LaunchError) ||
      PyModule_AddObjectRef(m, "Kernel", (PyObject *)&KernelType) ||
      PyModule_AddStringConstant(m, "version", pykc_version())) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
