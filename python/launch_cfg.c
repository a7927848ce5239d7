/*
 * launch_cfg.c: a launch's shape (grid and block: an int or a tuple of 1 to 3 ints) and
 * its stream (None: CuPy's current stream when CuPy is imported; a CuPy or PyTorch
 * stream; an int handle).
 */
#include "ext.h"

#include <string.h>

const char *ext_type_name(PyObject *o) {
  static _Thread_local char buf[160];
  const size_t n = sizeof buf;
  PyTypeObject *t = Py_TYPE(o);
  if (strchr(t->tp_name, '.') || !(t->tp_flags & Py_TPFLAGS_HEAPTYPE))
    return t->tp_name;                     /* "numpy.ndarray", "float" */
  PyObject *m = PyObject_GetAttrString((PyObject *)t, "__module__");
  const char *ms = m && PyUnicode_Check(m) ? PyUnicode_AsUTF8(m) : NULL;
  if (ms && strcmp(ms, "builtins") != 0)
    snprintf(buf, n, "%s.%s", ms, t->tp_name);   /* a Python class: cupy.ndarray */
  else
    snprintf(buf, n, "%s", t->tp_name);
  Py_XDECREF(m);
  PyErr_Clear();
  return buf;
}

/* ext_type_name after its article, for "is an int" and "cannot pass a str". */
const char *ext_a_type_name(PyObject *o) {
  static _Thread_local char buf[200];
  const char *n = ext_type_name(o);
  snprintf(buf, sizeof buf, "%s %s", n[0] && strchr("aeiouAEIOU", n[0]) ? "an" : "a", n);
  return buf;
}

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- launch shape */

/* A grid or block that is no int nor tuple of ints: what is wrong and the fix. */
static int bad_dim3(PyObject *o, PyObject *item, const char *what) {
  if (item && PyFloat_Check(item))
    PyErr_Format(PyExc_TypeError, "%s must be an int or a tuple of 1 to 3 ints, got %R: %R "
                 "is a float (%s counts %s: use // or int())", what, o, item, what,
                 what[0] == 'g' ? "blocks" : "threads");
  else if (PyObject_CheckBuffer(o) || PyObject_HasAttrString(o, "__cuda_array_interface__"))
    PyErr_Format(PyExc_TypeError, "%s must be an int or a tuple of 1 to 3 ints, got an array "
                 "(%s): a kernel is called as k(grid, block, (arg, ...)) or "
                 "k[grid, block](arg, ...)", what, ext_type_name(o));
  else
    PyErr_Format(PyExc_TypeError, "%s must be an int or a tuple of 1 to 3 ints, got %R", what,
                 o);
  return -1;
}

/* One extent ITEM of O (WHAT: "grid" or "block") into *out: 1 to 2^31 - 1 (CUDA's
   largest grid.x); 0 or -1 with an exception. */
static int dim_of(PyObject *o, PyObject *item, const char *what, unsigned *out) {
  if (!PyIndex_Check(item))
    return bad_dim3(o, item, what);
  int over = 0;
  long x = PyLong_AsLongAndOverflow(item, &over);
  if (x == -1 && !over && PyErr_ExceptionMatches(PyExc_TypeError))   /* an array */
    return PyErr_Clear(), bad_dim3(o, item, what);
  if (x == -1 && !over && PyErr_Occurred())
    return -1;
  if (over || x < 1 || x > 0x7fffffffL) {
    PyErr_Format(PyExc_ValueError, "%s must be positive%s, got %R", what,
                 over > 0 || x > 0x7fffffffL ? " and at most 2147483647 (2^31 - 1)" : "", o);
    return -1;
  }
  *out = (unsigned)x;
  return 0;
}

int ext_dim3_of(PyObject *o, pykc_dim3 *d, const char *what) {
  unsigned v[3] = {1, 1, 1};
  if (PyIndex_Check(o)) {                          /* int, NumPy integers */
    if (dim_of(o, o, what, &v[0]))
      return -1;
  } else if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) >= 1 && PyTuple_GET_SIZE(o) <= 3) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o); i++)
      if (dim_of(o, PyTuple_GET_ITEM(o, i), what, &v[i]))
        return -1;
  } else {
    return bad_dim3(o, o, what);
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
int ext_stream_of(PyObject *s, void **out) {
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
                   "got %.100s", ext_type_name(s));
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

int ext_stream_for(int slot, PyObject *s, void **out) {
  void *unused;
  if (slot)
    return ext_stream_of(s, out);
  *out = NULL;
  return s == Py_None ? 0 : ext_stream_of(s, &unused);
}
