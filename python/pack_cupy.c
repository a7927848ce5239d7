/*
 * pack_cupy.c: CuPy arrays packed into pykc_args without __cuda_array_interface__ (a dict
 * CuPy builds at each access): their attributes are read (data.ptr, data.device_id,
 * dtype, ndim, _c_contiguous, size; shape and strides only where needed), each through
 * its descriptor found once per type (attr_of). Outputs the forms allocate (cupy_new.c)
 * are packed from what was asked of them (ext_pack_new).
 */
#include "ext.h"

#include <stddef.h>
#include <string.h>

/* ---------------------------------------------------------------- attributes */

/* What PyObject_GetAttr finds for a data descriptor of the object's type (a Cython
   property or member, a __slots__ member: an instance dict cannot hide it) is the
   descriptor's tp_descr_get: it is looked up once per type and kept while the type's
   version tag says that its dict is unchanged. A type whose attribute lookup is not the
   generic one, or a name that is no data descriptor there, is read with
   PyObject_GetAttr. */
typedef struct FastAttr {
  PyObject **name;                        /* the interned name (_pykc.c's s_*) */
  PyTypeObject *type;                     /* NULL: none found */
  unsigned int version;                   /* type's tp_version_tag then */
  PyObject *descr;                        /* held */
} FastAttr;

enum { FA_DATA, FA_PTR, FA_DEVICE_ID, FA_DTYPE, FA_NDIM, FA_CONTIG, FA_SIZE, FA_SHAPE,
       FA_STRIDES, FA_COUNT };
static FastAttr attrs[FA_COUNT] = {
    [FA_DATA] = {&s_data},   [FA_PTR] = {&s_ptr},     [FA_DEVICE_ID] = {&s_device_id},
    [FA_DTYPE] = {&s_dtype}, [FA_NDIM] = {&s_ndim},   [FA_CONTIG] = {&s_c_contiguous},
    [FA_SIZE] = {&s_size},   [FA_SHAPE] = {&s_shape}, [FA_STRIDES] = {&s_strides}};

/* Does T look attributes up as object does? PyObject_GenericGetAttr, or (Cython's types
   without a __dict__ have their own copy of it, __Pyx_PyObject_GenericGetAttrNoDict)
   object's __getattribute__ and no __getattr__ along its MRO. */
static bool generic_getattr(PyTypeObject *t) {
  static PyObject *s_getattribute, *s_getattr, *object_getattribute;
  if (t->tp_getattro == PyObject_GenericGetAttr)
    return true;
  if (!s_getattribute && !(s_getattribute = PyUnicode_InternFromString("__getattribute__")))
    return PyErr_Clear(), false;
  if (!s_getattr && !(s_getattr = PyUnicode_InternFromString("__getattr__")))
    return PyErr_Clear(), false;
  if (!object_getattribute)
    object_getattribute = _PyType_Lookup(&PyBaseObject_Type, s_getattribute);
  return object_getattribute && _PyType_Lookup(t, s_getattribute) == object_getattribute &&
         !_PyType_Lookup(t, s_getattr);
}

static bool attr_find(FastAttr *fa, PyTypeObject *t) {
  Py_CLEAR(fa->descr);
  fa->type = NULL;
  if (!generic_getattr(t))
    return false;
  PyObject *d = _PyType_Lookup(t, *fa->name);    /* borrowed; gives t a version tag */
  if (!d || !Py_TYPE(d)->tp_descr_get || !Py_TYPE(d)->tp_descr_set ||
      !PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG))
    return false;
  fa->descr = Py_NewRef(d);
  fa->type = t;
  fa->version = t->tp_version_tag;
  return true;
}

/* O's attribute A (FA_*): a new reference, or NULL with an exception. */
static PyObject *attr_of(PyObject *o, int a) {
  FastAttr *fa = &attrs[a];
  PyTypeObject *t = Py_TYPE(o);
  bool valid = fa->type == t && fa->version == t->tp_version_tag &&
               PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG);
  if (!valid && !attr_find(fa, t))
    return PyObject_GetAttr(o, *fa->name);
  return Py_TYPE(fa->descr)->tp_descr_get(fa->descr, o, (PyObject *)t);
}

/* ---------------------------------------------------------------- CuPy's ndarray */

/* CuPy's ndarray type, once seen: its arrays are read through their attributes (data.ptr,
   shape, strides, dtype), cheaper than building __cuda_array_interface__ on every launch. */
static PyTypeObject *cupy_ndarray;

PyTypeObject *ext_cupy_type(void) { return cupy_ndarray; }

static PyTypeObject *not_cupy[8];        /* types seen that are not it */

int ext_is_cupy(PyObject *o) {
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

/* O.data.ptr into *PTR; 0, or -1 with an exception. With DEVICE, also O.data.device_id
   (none: the current device, 0). */
static int data_of(PyObject *o, unsigned long long *ptr, int *device) {
  PyObject *data = attr_of(o, FA_DATA), *p = data ? attr_of(data, FA_PTR) : NULL;
  *ptr = p ? ext_pointer_of(p) : 0;
  int st = !p || (*ptr == (unsigned long long)-1 && PyErr_Occurred()) ? -1 : 0;
  if (!st && device) {
    PyObject *dev = attr_of(data, FA_DEVICE_ID);
    long id = dev ? PyLong_AsLong(dev) : -1;
    Py_XDECREF(dev);
    if (id < 0)
      PyErr_Clear();
    *device = id < 0 ? 0 : (int)id;
  }
  Py_XDECREF(data), Py_XDECREF(p);
  return st;
}

/* The dtype of a CuPy array's dtype object; -1 with an exception. The dtype objects seen
   are kept (NumPy's are singletons), so that a launch compares pointers instead of hashing
   a dtype. */
static int dtype_of(PyObject *dt, const char **record, const char *pname) {
  enum { NSEEN = 16 };
  static PyObject *seen[NSEEN];
  static int seen_dt[NSEEN], nseen;
  static const char *seen_rec[NSEEN];
  for (int i = 0; i < nseen; i++)
    if (seen[i] == dt)
      return *record = seen_rec[i], seen_dt[i];
  PyObject *str = PyObject_GetAttrString(dt, "str");
  const char *ts = str ? PyUnicode_AsUTF8(str) : NULL;
  int r = ts ? ext_typestr_dtype(ts) : -1;
  *record = NULL;
  if (ts && r < 0 && ts[0] && ts[1] == 'V')       /* a void dtype (structured, bytes) */
    r = (*record = ext_record_descr(dt, 0, pname)) ? PYKC_RECORD : -1;
  else if (ts && r < 0)
    PyErr_Format(PyExc_TypeError, "argument '%s': arrays of dtype '%s' are not supported", pname, ts);
  Py_XDECREF(str);
  if (r >= 0 && nseen < NSEEN) {
    seen[nseen] = Py_NewRef(dt);
    seen_rec[nseen] = *record;
    seen_dt[nseen++] = r;
  }
  return r;
}

/* O's int attribute A into *V; 0, 1 when O lacks it, -1 on error. */
static int int_attr(PyObject *o, int a, long long *v) {
  PyObject *x = attr_of(o, a);
  if (!x) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
      return -1;
    PyErr_Clear();
    return 1;
  }
  *v = PyLong_AsLongLong(x);
  Py_DECREF(x);
  return *v == -1 && PyErr_Occurred() ? -1 : 0;
}

/* CuPy arrays have ndim, size and _c_contiguous (cleared if a CuPy lacks them). */
static int cupy_has_flags = 1;

/* The shape of a C-contiguous CuPy array from its ndim and _c_contiguous, cheaper than
   the tuples CuPy builds for shape and strides: a 1-d one's shape is its size (of two
   elements or more), and such an array's strides are those of its shape (CuPy's
   _update_c_contiguity: NULL strides).
   1 done, 0 not such an array (or no flags), -1 error. */
static int pack_cupy_contig(PyObject *o, pykc_arg *a, const char *pname) {
  long long ndim, contig, size = 0;
  int r = int_attr(o, FA_NDIM, &ndim);
  if (!r)
    r = int_attr(o, FA_CONTIG, &contig);
  if (!r && contig && ndim == 1)
    r = int_attr(o, FA_SIZE, &size);
  if (r)
    return r < 0 ? -1 : (cupy_has_flags = 0);
  if (!contig || ndim < 1 || ndim > PYKC_MAX_DIMS || (ndim == 1 && size < 2))
    return 0;
  a->ndim = (int)ndim, a->strides = NULL;
  if (ndim == 1) {
    a->shape[0] = size;
    return 1;
  }
  PyObject *shape = attr_of(o, FA_SHAPE);
  int nd = 0;
  r = shape ? ext_int_tuple(shape, a->shape, PYKC_MAX_DIMS, &nd, "shape", pname) : -1;
  Py_XDECREF(shape);
  if (!r && nd != ndim) {
    PyErr_Format(PyExc_TypeError, "argument '%s': %d extents for %lld dimensions", pname, nd, ndim);
    r = -1;
  }
  return r ? -1 : 1;
}

/* Its shape and strides as CuPy's tuples. */
static int pack_cupy_strided(PyObject *o, pykc_arg *a, int64_t *strides, const char *pname) {
  PyObject *shape = attr_of(o, FA_SHAPE), *st = shape ? attr_of(o, FA_STRIDES) : NULL;
  int nd, nst, r = -1;
  if (st && !ext_int_tuple(shape, a->shape, PYKC_MAX_DIMS, &nd, "shape", pname) &&
      !ext_int_tuple(st, strides, PYKC_MAX_DIMS, &nst, "strides", pname)) {
    if (nst != nd)
      PyErr_Format(PyExc_TypeError, "argument '%s': %d strides for %d dimensions", pname, nst, nd);
    else
      a->ndim = nd, a->strides = strides, r = 0;
  }
  Py_XDECREF(shape), Py_XDECREF(st);
  return r;
}

/* The array O through its attributes. */
static int pack_cupy_attrs(PyObject *o, pykc_arg *a, int64_t *strides, int *device,
                           const char *pname) {
  unsigned long long p;
  if (data_of(o, &p, device))
    return -1;
  PyObject *dt = attr_of(o, FA_DTYPE);
  const char *record;
  int dtype = dt ? dtype_of(dt, &record, pname) : -1;
  Py_XDECREF(dt);
  if (dtype < 0)
    return -1;
  a->is_array = 1, a->dtype = (pykc_dtype)dtype, a->data = (void *)(uintptr_t)p;
  if (record)
    a->record = record;
  a->numpy_scalar = 0;
  int fast = cupy_has_flags ? pack_cupy_contig(o, a, pname) : 0;
  if (fast)
    return fast < 0 ? -1 : 0;
  return pack_cupy_strided(o, a, strides, pname);
}

/* ---------------------------------------------------------------- the struct */

/* CuPy 11 to 14's core.pxd declares _ndarray_base's fields, and memory.pxd
   MemoryPointer's, as below (a Cython class's instance is a struct of its PyObject_HEAD,
   its vtable, then its fields in the order declared; a Cython module that cimports CuPy
   reads them so). An array of CuPy's ndarray is read so where cupy_new.c says the type is
   core.pyx's own of those CuPy, both types' sizes and the array's weak-reference offset
   are those of these structs, and the first array read so read the same through its
   attributes (else never again). */
typedef struct CupyMemPtr {
  PyObject_HEAD
  void *vtab;
  intptr_t ptr;
  int device_id;
  PyObject *mem;
} CupyMemPtr;

typedef struct CupyArray {
  PyObject_HEAD
  void *vtab;
  PyObject *weakref;
  Py_ssize_t size;
  CxxVector shape, strides;
  int c_contiguous, f_contiguous, index_32_bits;
  PyObject *dtype;
  CupyMemPtr *data;
  PyObject *base;
} CupyArray;

enum { DIRECT_UNSEEN = -1, DIRECT_NO, DIRECT_YES, DIRECT_UNCHECKED };
static int direct = DIRECT_UNSEEN;
static PyTypeObject *memptr_type;         /* cupy.cuda.memory.MemoryPointer */

static int direct_layout(PyTypeObject *t) {
  PyObject *mem = PyDict_GetItemString(PyImport_GetModuleDict(), "cupy.cuda.memory");
  PyObject *mp = mem ? PyObject_GetAttrString(mem, "MemoryPointer") : NULL;
  PyErr_Clear();
  bool ok = mp && PyType_Check(mp) && ((PyTypeObject *)mp)->tp_basicsize == sizeof(CupyMemPtr) &&
            ext_cupy_core(t) && t->tp_base->tp_basicsize == sizeof(CupyArray) &&
            t->tp_weaklistoffset == offsetof(CupyArray, weakref) &&
            sizeof(Py_ssize_t) == sizeof(int64_t);
  if (ok)
    memptr_type = (PyTypeObject *)mp;     /* (held) */
  else
    Py_XDECREF(mp);
  return ok ? DIRECT_UNCHECKED : DIRECT_NO;
}

/* The array O read from its struct: 0, 1 when it is not to be read so (its data no
   MemoryPointer, more dimensions than pykc's, a strides vector of another length), -1 with
   an exception. */
static int pack_direct(PyObject *o, pykc_arg *a, int64_t *strides, int *device, const char *pname) {
  const CupyArray *x = (const CupyArray *)o;
  const CupyMemPtr *m = x->data;
  Py_ssize_t nd = x->shape.end - x->shape.begin;
  if ((PyObject *)m == Py_None || Py_TYPE(m) != memptr_type || nd > PYKC_MAX_DIMS ||
      x->strides.end - x->strides.begin != nd)
    return 1;
  const char *record;
  int dtype = dtype_of(x->dtype, &record, pname);
  if (dtype < 0)
    return -1;
  a->is_array = 1, a->dtype = (pykc_dtype)dtype, a->data = (void *)m->ptr;
  if (record)
    a->record = record;
  a->numpy_scalar = 0;
  a->ndim = (int)nd;
  memcpy(a->shape, x->shape.begin, sizeof *a->shape * (size_t)nd);
  if (x->c_contiguous && nd >= 1 && !(nd == 1 && x->size < 2)) {   /* as pack_cupy_contig */
    a->strides = NULL;
  } else {
    memcpy(strides, x->strides.begin, sizeof *strides * (size_t)nd);
    a->strides = strides;
  }
  *device = m->device_id < 0 ? 0 : m->device_id;
  return 0;
}

const char *ext_cupy_read_way(void) {
  return direct == DIRECT_YES ? "struct" : direct == DIRECT_UNSEEN ? "unseen" : "attributes";
}

static bool same_arg(const pykc_arg *a, const pykc_arg *b) {
  bool same = a->is_array == b->is_array && a->dtype == b->dtype && a->data == b->data &&
              a->ndim == b->ndim && !a->strides == !b->strides;
  for (int d = 0; same && d < a->ndim; d++)
    same = a->shape[d] == b->shape[d] && (!a->strides || a->strides[d] == b->strides[d]);
  return same;
}

int ext_pack_cupy(PyObject *o, pykc_arg *a, int64_t *strides, int *device, const char *pname) {
  if (direct == DIRECT_YES) {
    int r = pack_direct(o, a, strides, device, pname);
    if (r <= 0)
      return r;
  }
  if (direct == DIRECT_UNSEEN)
    direct = direct_layout(Py_TYPE(o));
  int st = pack_cupy_attrs(o, a, strides, device, pname);
  if (!st && direct == DIRECT_UNCHECKED) {        /* the first array, both ways */
    pykc_arg b;
    int64_t bst[PYKC_MAX_DIMS];
    int dev = -1;
    int r = pack_direct(o, &b, bst, &dev, pname);
    PyErr_Clear();
    direct = r == 0 && dev == *device && same_arg(a, &b) ? DIRECT_YES : DIRECT_NO;
  }
  return st;
}

bool ext_cupy_moved(PyObject *o, const pykc_arg *a) {
  if (direct != DIRECT_YES || Py_TYPE(o) != cupy_ndarray)
    return false;
  const CupyMemPtr *m = ((const CupyArray *)o)->data;
  return (PyObject *)m == Py_None || Py_TYPE(m) != memptr_type || (void *)m->ptr != a->data;
}

/* O.data.ptr of an array just made (ext_cupy_empty) into *PTR; 0 or -1. */
static int new_data_of(PyObject *o, unsigned long long *ptr) {
  const CupyMemPtr *m = direct == DIRECT_YES ? ((const CupyArray *)o)->data : NULL;
  if (m && Py_TYPE(m) == memptr_type) {
    *ptr = (unsigned long long)m->ptr;
    return 0;
  }
  return data_of(o, ptr, NULL);
}

int ext_pack_new(PyObject *o, int i, const pykc_arg *planned, int device, Packed *p) {
  unsigned long long v;
  if (new_data_of(o, &v))
    return -1;
  p->a[i] = *planned;
  p->a[i].data = (void *)(uintptr_t)v;
  p->a[i].strides = NULL;
  p->where[i] = WHERE_DEVICE, p->device[i] = device;
  p->view[i].obj = NULL;
  p->cupy[i] = NULL;
  if (p->nheld < i + 1)
    p->nheld = i + 1;
  return 0;
}

/* ---------------------------------------------------------------- handles */

/* Is type T (or a base of it) MOD.NAME? (A Cython class's tp_name is "pkg.mod.Name".) */
static bool type_is(PyTypeObject *t, const char *mod, const char *name) {
  PyObject *mro = t->tp_mro;
  Py_ssize_t n = mro && PyTuple_Check(mro) ? PyTuple_GET_SIZE(mro) : 0;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyTypeObject *b = (PyTypeObject *)PyTuple_GET_ITEM(mro, i);
    PyObject *m = PyObject_GetAttrString((PyObject *)b, "__module__");
    const char *ms = m && PyUnicode_Check(m) ? PyUnicode_AsUTF8(m) : NULL;
    const char *tn = strrchr(b->tp_name, '.');
    tn = tn ? tn + 1 : b->tp_name;
    bool yes = ms && !strcmp(ms, mod) && !strcmp(tn, name);
    Py_XDECREF(m);
    PyErr_Clear();
    if (yes)
      return true;
  }
  return false;
}

/* CuPy's current device (else 0). */
static int cupy_device(void) {
  PyObject *rt = PyImport_ImportModule("cupy.cuda.runtime");
  PyObject *d = rt ? PyObject_CallMethod(rt, "getDevice", NULL) : NULL;
  Py_XDECREF(rt);
  long long dev = d ? PyLong_AsLongLong(d) : 0;
  Py_XDECREF(d);
  PyErr_Clear();
  return dev < 0 ? 0 : (int)dev;
}

/* CuPy's objects that its RawKernel passes by value (cupy/cuda/function.pyx, _pointer), by
   their type's full name: a cupy.cuda.MemoryPointer as its address, on its device; a
   texture or surface object (cupy.cuda.texture) as its cudaTextureObject_t /
   cudaSurfaceObject_t handle, on CuPy's current device. Both are a uint64 argument (a
   pointer parameter takes an integer's bits, language.md's RawKernel; a kernel form's
   placeholder becomes unsigned long long, the type cudaTextureObject_t names). A
   cupy.cuda.function.CPointer (ndarray.mdspan()'s cuda::std::mdspan, _carray.CArray, ...)
   is the address of the argument's bytes, as many as the parameter has (its size known to
   the kernel only: PYKC_NBYTES_PARAM), on CuPy's current device. 1 packed (*DEVICE set), 0
   not one, -1 with an exception. */
int ext_pack_cupy_handle(PyObject *o, pykc_arg *a, int *device, const char *pname) {
  static const char *const kinds[][2] = {{"cupy.cuda.memory", "MemoryPointer"},
                                         {"cupy.cuda.texture", "TextureObject"},
                                         {"cupy.cuda.texture", "SurfaceObject"},
                                         {"cupy.cuda.function", "CPointer"}};
  enum { NKINDS = sizeof kinds / sizeof *kinds, CPOINTER = NKINDS - 1 };
  size_t kind = 0;
  while (kind < NKINDS && !type_is(Py_TYPE(o), kinds[kind][0], kinds[kind][1]))
    kind++;
  if (kind == NKINDS)
    return 0;
  const char *tn = strrchr(Py_TYPE(o)->tp_name, '.');
  tn = tn ? tn + 1 : Py_TYPE(o)->tp_name;
  bool memptr = kind == 0;
  unsigned long long ptr = 0;
  long long dev = 0;
  PyObject *p = PyObject_GetAttr(o, s_ptr);
  if (p) {
    ptr = PyLong_AsUnsignedLongLong(p);
    Py_DECREF(p);
  }
  if (!p || PyErr_Occurred()) {
    PyErr_Format(PyExc_TypeError, "argument '%s': its %s has no int ptr", pname, tn);
    return -1;
  }
  if (kind == CPOINTER && !ptr) {
    PyErr_Format(PyExc_ValueError, "argument '%s': its %s points at nothing (ptr 0)", pname,
                 tn);
    return -1;
  }
  int r = memptr ? int_attr(o, FA_DEVICE_ID, &dev) : 0;
  if (r < 0)
    return -1;
  if (!memptr)
    dev = cupy_device();
  if (kind == CPOINTER) {
    memset(a, 0, sizeof *a);
    a->dtype = PYKC_UINT8;
    a->data = (void *)(uintptr_t)ptr;
    a->nbytes = PYKC_NBYTES_PARAM;
    *device = (int)dev;
    return 1;
  }
  memset(a, 0, sizeof *a);
  a->dtype = PYKC_UINT64;
  a->numpy_scalar = 1;                             /* the type is the handle's, not a weak
                                                      Python int's */
  a->value.u = ptr;
  a->handle = kind == 1;                           /* a TextureObject decides a form's
                                                      placeholder (CuPy's ElementwiseKernel) */
  *device = (int)dev;
  return 1;
}
