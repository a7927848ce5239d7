/*
 * kernel.c: the Kernel type. A Kernel keeps one compiled module per context slot, compiled
 * at the first launch there from self._build_source() (or borrowed from the Kernel of a
 * RawModule that holds it); a launch, k(grid, block, args, shared_mem=0, stream=None) or
 * k[grid, block(, stream(, shared_mem))](*args), packs the arguments (pack.c), picks the
 * context and calls pykc_launch, whose specialisation lookup is one hash of the argument
 * types. cached_code, _attributes_last, _attr, _attr_dict, _signatures and _reset look at
 * what it compiled.
 */
#include "ext.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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
  static char *kwlist[] = {"name", "params", "numpy_mode", "debug", "byval", NULL};
  PyObject *name, *params, *byval = NULL;
  int numpy_mode = 0, debug = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "UO!|ppO!", kwlist, &name, &PyTuple_Type, &params,
                                   &numpy_mode, &debug, &PyBytes_Type, &byval))
    return -1;
  if (PyTuple_GET_SIZE(params) > MAXARGS) {
    PyErr_Format(PyExc_ValueError, "kernel '%U': more than %d parameters", name, MAXARGS);
    return -1;
  }
  if (byval && PyBytes_GET_SIZE(byval) != PyTuple_GET_SIZE(params)) {
    PyErr_Format(PyExc_ValueError, "kernel '%U': byval has %zd entries for %zd parameters",
                 name, PyBytes_GET_SIZE(byval), PyTuple_GET_SIZE(params));
    return -1;
  }
  Py_XSETREF(self->name, Py_NewRef(name));
  Py_XSETREF(self->params, Py_NewRef(params));
  Py_XSETREF(self->byval, Py_XNewRef(byval));
  self->numpy_mode = numpy_mode;
  self->debug = debug;
  self->last_slot = -1;
  return 0;
}

static void Kernel_free_modules(KernelObj *self) {
  bool any = false;
  for (int i = 0; i < NSLOTS; i++)
    any |= self->mod[i] != NULL;
  if (!any)
    return;
  ExtCall c;
  ext_call_begin(&c, NULL);
  for (int i = 0; i < NSLOTS; i++) {
    if (self->mod[i] && ext_slot_cx(i) && !self->borrowed[i])
      pykc_module_free(self->mod[i]);
    self->mod[i] = NULL, self->k[i] = NULL, self->borrowed[i] = 0;
  }
  ext_call_end(&c, PYKC_OK);
}

static int Kernel_traverse(KernelObj *self, visitproc visit, void *arg) {
  Py_VISIT(self->dict);
  Py_VISIT(self->sigs);
  Py_VISIT(self->alloc);
  return 0;
}

static int Kernel_clear(KernelObj *self) {
  Py_CLEAR(self->dict);
  Py_CLEAR(self->sigs);
  Py_CLEAR(self->alloc);
  return 0;
}

static void Kernel_dealloc(KernelObj *self) {
  PyObject_GC_UnTrack(self);
  if (self->weaklist)
    PyObject_ClearWeakRefs((PyObject *)self);
  Kernel_free_modules(self);
  Py_CLEAR(self->name);
  Py_CLEAR(self->params);
  Py_CLEAR(self->byval);
  ext_plan_free(self);
  Kernel_clear(self);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The strings of tuple T (NULL: none) as an array of N UTF-8 pointers into T's items,
   malloc'd into *out (NULL when empty); 0 or -1 with an exception. */
int ext_str_list(PyObject *t, const char ***out, int *n) {
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
  pykc_kernel *k = NULL;
  const char *kname = PyUnicode_AsUTF8(self->name);
  if (!kname)
    return -1;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_status st = owner->mod[slot] ? pykc_get_kernel(owner->mod[slot], kname, &k) : PYKC_OK;
  if (k && !self->k[slot])
    self->mod[slot] = owner->mod[slot], self->k[slot] = k, self->borrowed[slot] = 1;
  if (ext_call_end(&c, st))
    return ext_call_raise(&c, NULL), -1;
  if (!self->k[slot])
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U': its module was freed while it was "
                        "compiled", self->name), -1;
  return 0;
}

/* Compiles the kernel's source (from self._build_source(): (file name, text), and for
   CUDA C++ (file name, text, NVRTC options, name expressions), tuples of str; or another
   Kernel whose module holds this one: Kernel_borrow) in slot's context; 0 or -1 with an
   exception. A Kernel named "" holds the module alone (a RawModule that declares no
   kernel, for get_global). */
int Kernel_compile(KernelObj *self, int slot) {
  pykc_context *cx = ext_context(slot);
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
  if (!PyArg_ParseTuple(src, "ss|OOp", &fname, &text, &opts, &exprs, &opt.no_map_twins) ||
      ext_str_list(opts, (const char ***)&opt.cuda_options, &opt.ncuda_options) ||
      ext_str_list(exprs, (const char ***)&opt.name_expressions, &opt.nname_expressions)) {
    PyMem_Free((void *)opt.cuda_options);
    Py_DECREF(src);
    return -1;
  }
  opt.debug = self->debug;
  opt.numpy_mode = self->numpy_mode;
  const char *kname = PyUnicode_AsUTF8(self->name);
  if (!kname) {
    PyMem_Free((void *)opt.cuda_options);
    PyMem_Free((void *)opt.name_expressions);
    Py_DECREF(src);
    return -1;
  }
  pykc_module *m = NULL;
  pykc_kernel *k = NULL;
  ExtCall c;
  ext_call_begin(&c, cx);
  pykc_status st = pykc_compile_string(cx, fname, text, &opt, &m);
  bool source = st != PYKC_OK;                     /* the source's errors: mapped */
  if (!st && *kname)                               /* "": the module alone (get_global) */
    st = pykc_get_kernel(m, kname, &k);
  if (!st && !self->mod[slot])                     /* (another thread may have won) */
    self->mod[slot] = m, self->k[slot] = k, m = NULL;
  if (m)
    pykc_module_free(m);
  ext_call_end(&c, st);
  PyMem_Free((void *)opt.cuda_options);
  PyMem_Free((void *)opt.name_expressions);
  Py_DECREF(src);
  if (!st)
    return 0;
  PyObject *mapper = source ? PyObject_GetAttr((PyObject *)self, s_map) : NULL;
  if (source && !mapper)
    PyErr_Clear();
  ext_call_raise(&c, mapper);
  Py_XDECREF(mapper);
  return -1;
}

/* C's failure raised, a source error through self._map_diagnostics (the user's file and
   line; CuPy's exception classes for CUDA C++; a fuse function's: CuPy's classes, the
   user's lines): NULL. */
PyObject *ext_raise_mapped(KernelObj *self, ExtCall *c) {
  PyObject *mapper = PyObject_GetAttr((PyObject *)self, s_map);
  if (!mapper)
    PyErr_Clear();
  ext_call_raise(c, mapper);
  Py_XDECREF(mapper);
  return NULL;
}

/* Records the signature of launched arguments A (for cached_codes) when their types
   differ from the last launch's. 0, or -1 with an exception. */
int ext_note_signature(KernelObj *self, const pykc_arg *a, int n) {
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
  int slot = ext_pick_slot((int)n, self->params, p);
  if (slot < 0)
    return NULL;
  if (slot >= NSLOTS)
    return PyErr_Format(PyExc_ValueError, "pykc: device %d is out of range", slot - 1);
  if (!self->k[slot] && Kernel_compile(self, slot))
    return NULL;
  pykc_launch_cfg cfg = {*grid, *block, shared, NULL};
  if (ext_stream_for(slot, stream, &cfg.stream))
    return NULL;
  if (slot && ext_make_current(slot))
    return NULL;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_kernel *k = self->k[slot];                  /* (NULL: reset by another thread) */
  pykc_status st = k ? pykc_launch(k, &cfg, p->a, (int)n) : PYKC_OK;
  if (k && !st && self->debug && slot)
    st = pykc_stream_synchronize(ext_slot_cx(slot), cfg.stream);
  ext_call_end(&c, st);
  if (!k)
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset while it was launched",
                        self->name);
  self->last_slot = slot;
  if (!st && ext_note_signature(self, p->a, (int)n))
    return NULL;
  if (st)
    return ext_raise_mapped(self, &c);
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
  const char *byval = self->byval ? PyBytes_AS_STRING(self->byval) : NULL;
  for (; i < n; i++) {
    int b = byval && byval[i] ? ext_pack_bytes(args[i], (int)i, self->params, &p,
                                               byval[i] == 2) : 0;
    if (b < 0 || (!b && ext_pack_arg(args[i], (int)i, self->numpy_mode, self->params, &p)))
      break;
  }
  if (i == n && !ext_still_there(&p, (int)n, self->params))
    r = launch_packed(self, grid, block, &p, n, shared, stream);
  ext_release_buffers(&p);
  return r;
}

/* The call's parameters, in CuPy's order (Function.__call__, _JitRawKernel.__call__): each
   may be given by position or by keyword, the first three are required. */
static const char *const call_params[] = {"grid", "block", "args", "shared_mem", "stream"};
enum { CALL_NPARAMS = 5 };

/* Fills V[0..5) from ARGS and KWNAMES (NULL: not given); -1 with a TypeError. */
static int call_args(KernelObj *self, PyObject *const *args, Py_ssize_t n, PyObject *kwnames,
                     PyObject **v) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (n > CALL_NPARAMS) {
    PyErr_Format(PyExc_TypeError, "kernel '%U' takes (grid, block, args, shared_mem=0, "
                 "stream=None), got %zd positional arguments", self->name, n);
    return -1;
  }
  for (int i = 0; i < CALL_NPARAMS; i++)
    v[i] = i < n ? args[i] : NULL;
  for (Py_ssize_t i = 0; i < nkw; i++) {
    PyObject *key = PyTuple_GET_ITEM(kwnames, i);
    int j = 0;
    while (j < CALL_NPARAMS && PyUnicode_CompareWithASCIIString(key, call_params[j]) != 0)
      j++;
    if (j == CALL_NPARAMS || v[j]) {
      PyErr_Format(PyExc_TypeError, "kernel '%U': %s keyword argument %R", self->name,
                   j == CALL_NPARAMS ? "unexpected" : "repeated", key);
      return -1;
    }
    v[j] = args[n + i];
  }
  for (int j = 0; j < 3; j++)
    if (!v[j]) {
      PyErr_Format(PyExc_TypeError, "kernel '%U' takes (grid, block, args, shared_mem=0, "
                   "stream=None): missing '%s'", self->name, call_params[j]);
      return -1;
    }
  return 0;
}

/* *OUT, the dynamic shared memory of a launch: IV, an int, from 0 to 2^32 - 1 bytes;
   -1 with a ValueError naming the kernel. */
static int shared_bytes(KernelObj *self, PyObject *iv, unsigned *out) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(iv, &overflow);
  if (v == -1 && PyErr_Occurred())
    return -1;
  if (overflow || v < 0 || v > 0xffffffffLL) {
    PyErr_Format(PyExc_ValueError, "kernel '%U': shared_mem must be 0 to 4294967295 bytes, "
                 "got %R", self->name, iv);
    return -1;
  }
  *out = (unsigned)v;
  return 0;
}

/* k(grid, block, args, shared_mem=0, stream=None), as cupyx.jit and CuPy's Function: a
   vectorcall, parsed by hand (this is the launch path; the arguments are read from ARGS's
   items in place). */
static PyObject *Kernel_vectorcall(PyObject *o, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
  KernelObj *self = (KernelObj *)o;
  PyObject *v[CALL_NPARAMS];
  if (call_args(self, args, PyVectorcall_NARGS(nargsf), kwnames, v))
    return NULL;
  PyObject *sm = v[3], *stream = v[4] ? v[4] : Py_None;
  PyObject *a = v[2];
  if (!PyTuple_Check(a) && !PyList_Check(a))       /* k(grid, block, x, out) */
    return PyErr_Format(PyExc_TypeError, "kernel '%U': args must be a tuple of the kernel's "
                        "arguments, got %s: call k(grid, block, (arg, ...)), as CuPy, or "
                        "k[grid, block](arg, ...)", self->name, ext_type_name(a));
  unsigned int shared = 0;
  if (sm && sm != Py_None) {
    PyObject *iv = PyIndex_Check(sm) ? PyNumber_Index(sm) : NULL;   /* int, NumPy ints */
    if (!iv && (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError))) {
      PyErr_Clear();                               /* k(grid, block, (x,), out) */
      return PyErr_Format(PyExc_TypeError, "kernel '%U': shared_mem (after grid, block and "
                          "args) must be an int number of bytes, got %s; the kernel's "
                          "arguments go in one tuple: k(grid, block, (arg, ...))", self->name,
                          ext_type_name(sm));
    }
    if (!iv)
      return NULL;
    int bad = shared_bytes(self, iv, &shared);
    Py_DECREF(iv);
    if (bad)
      return NULL;
  }
  pykc_dim3 grid, block;
  if (ext_dim3_of(v[0], &grid, "grid") || ext_dim3_of(v[1], &block, "block"))
    return NULL;
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

PyTypeObject LaunchType = {
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
    PyObject *iv = PyNumber_Index(items[3]);
    int bad = !iv || shared_bytes(self, iv, &l->shared);
    Py_XDECREF(iv);
    if (bad) {
      Py_DECREF(l);
      return NULL;
    }
  }
  if (ext_dim3_of(items[0], &l->grid, "grid") || ext_dim3_of(items[1], &l->block, "block")) {
    Py_DECREF(l);
    return NULL;
  }
  return (PyObject *)l;
}


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
  const char *src = NULL;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(self->last_slot >= 0 ? self->last_slot : 0));
  m = last_module(self);                           /* (the same unless another thread reset) */
  pykc_status st = m ? pykc_module_cuda(m, &src) : PYKC_OK;
  char *copy = src ? strdup(src) : NULL;           /* the module may go once unlocked */
  ext_call_end(&c, st);
  if (st)
    return ext_call_raise(&c, NULL);
  PyObject *r = copy ? PyUnicode_FromString(copy)
                     : src ? PyErr_NoMemory()
                           : PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset", self->name);
  free(copy);
  return r;
}

/* The attributes of a kernel's dict, keyed and ordered as CuPy's RawKernel.attributes
   (CUfunction_attribute's order). */
static const pykc_attr attrs[EXT_NATTRS] = {
    PYKC_ATTR_MAX_THREADS_PER_BLOCK, PYKC_ATTR_SHARED_BYTES, PYKC_ATTR_CONST_BYTES,
    PYKC_ATTR_LOCAL_BYTES, PYKC_ATTR_NUM_REGS, PYKC_ATTR_PTX_VERSION,
    PYKC_ATTR_BINARY_VERSION, PYKC_ATTR_CACHE_MODE_CA, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES,
    PYKC_ATTR_PREFERRED_SHARED_CARVEOUT};

pykc_status ext_attrs_of(pykc_kernel *k, int *v) {
  pykc_status st = PYKC_OK;
  for (int i = 0; !st && i < EXT_NATTRS; i++)
    st = pykc_kernel_attr(k, attrs[i], &v[i]);
  return st;
}

PyObject *ext_attr_dict_of(const int *v) {
  PyObject *d = PyDict_New();
  for (size_t i = 0; d && i < EXT_NATTRS; i++) {
    PyObject *x = PyLong_FromLong(v[i]);
    if (!x || PyDict_SetItemString(d, pykc_attr_name(attrs[i]), x)) {
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
  int v[EXT_NATTRS];
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(self->last_slot));
  pykc_kernel *k = self->k[self->last_slot];
  ext_call_end(&c, k ? ext_attrs_of(k, v) : PYKC_OK);
  if (c.st)
    return ext_raise_mapped(self, &c);
  return k ? ext_attr_dict_of(v)
           : PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset", self->name);
}

/* The kernel compiled in SLOT's context (compiled there now if need be), that device
   made current; NULL with an exception. */
/* The module in SLOT's context, compiled first if need be (and that context made current);
   NULL with an exception. */
static pykc_module *slot_module(KernelObj *self, int slot) {
  if (!ext_context(slot) || (!self->mod[slot] && Kernel_compile(self, slot)) ||
      (slot > 0 && ext_make_current(slot)))
    return NULL;
  return self->mod[slot];
}

static pykc_kernel *slot_kernel(KernelObj *self, int slot) {
  if (!ext_context(slot) || (!self->k[slot] && Kernel_compile(self, slot)) ||
      (slot > 0 && ext_make_current(slot)))
    return NULL;
  return self->k[slot];
}

/* _attr(slot, name[, value]): CuPy's function attribute NAME ("num_regs") of the kernel in
   SLOT's context (0 the CPU backend, 1 + N device N); with VALUE, sets it
   (cuFuncSetAttribute: max_dynamic_shared_size_bytes, preferred_shared_memory_carveout). */
static PyObject *Kernel_attr(KernelObj *self, PyObject *args) {
  int slot;
  const char *name;
  PyObject *value = NULL;
  if (!PyArg_ParseTuple(args, "is|O", &slot, &name, &value))
    return NULL;
  int a = 0;
  while (pykc_attr_name((pykc_attr)a) && strcmp(pykc_attr_name((pykc_attr)a), name))
    a++;
  if (!pykc_attr_name((pykc_attr)a))
    return PyErr_Format(PyExc_AttributeError, "no kernel attribute '%s'", name);
  int v = 0;
  if (value) {
    long l = PyLong_AsLong(value);
    if (l == -1 && PyErr_Occurred())
      return NULL;
    if (l < INT_MIN || l > INT_MAX)
      return PyErr_Format(PyExc_OverflowError, "%s = %ld does not fit an int", name, l);
    v = (int)l;
  }
  if (!slot_kernel(self, slot))
    return NULL;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_kernel *k = self->k[slot];                  /* (NULL: reset by another thread) */
  pykc_status st = !k ? PYKC_OK
                   : value ? pykc_kernel_set_attr(k, (pykc_attr)a, v)
                           : pykc_kernel_attr(k, (pykc_attr)a, &v);
  if (ext_call_end(&c, st))
    return ext_raise_mapped(self, &c);
  if (!k)
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset", self->name);
  return value ? Py_NewRef(Py_None) : PyLong_FromLong(v);
}

/* _attr_dict(slot): every attribute, as CuPy's RawKernel.attributes. */
static PyObject *Kernel_attr_dict(KernelObj *self, PyObject *arg) {
  int slot = PyLong_AsLong(arg);
  if (slot == -1 && PyErr_Occurred())
    return NULL;
  if (!slot_kernel(self, slot))
    return NULL;
  int v[EXT_NATTRS];
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_kernel *k = self->k[slot];                  /* (NULL: reset by another thread) */
  if (ext_call_end(&c, k ? ext_attrs_of(k, v) : PYKC_OK))
    return ext_raise_mapped(self, &c);
  return k ? ext_attr_dict_of(v)
           : PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset", self->name);
}

/* _global(slot, name): (address, size in bytes) of the __device__ or __constant__ variable
   NAME of the kernel's CUDA C++ module (or of the module a Kernel named "" holds) in
   SLOT's context (compiled there now if need be);
   AttributeError when it has none (CuPy's CUDA_ERROR_NOT_FOUND). */
static PyObject *Kernel_global(KernelObj *self, PyObject *args) {
  int slot;
  const char *name;
  if (!PyArg_ParseTuple(args, "is", &slot, &name) || !slot_module(self, slot))
    return NULL;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_module *m = self->mod[slot];                /* (NULL: reset by another thread) */
  void *p = NULL;
  size_t n = 0;
  if (ext_call_end(&c, m ? pykc_module_global(m, name, &p, &n) : PYKC_OK)) {
    if (c.st != PYKC_ERR_USAGE)
      return ext_raise_mapped(self, &c);
    PyErr_SetString(PyExc_AttributeError, c.msg ? c.msg : "no such variable");
    free(c.msg);
    c.msg = NULL;
    return NULL;
  }
  if (!m)
    return PyErr_Format(PyExc_RuntimeError, "kernel '%U' was reset", self->name);
  return Py_BuildValue("(Kn)", (unsigned long long)(uintptr_t)p, (Py_ssize_t)n);
}

/* _compile(slot): CUDA C++ code compiled and loaded in SLOT's context now (CuPy's
   RawKernel.compile / RawModule.compile): its errors raised here, not at a launch. */
static PyObject *Kernel_compile_now(KernelObj *self, PyObject *arg) {
  int slot = PyLong_AsLong(arg);
  if (slot == -1 && PyErr_Occurred())
    return NULL;
  if (!ext_context(slot) || (!self->mod[slot] && Kernel_compile(self, slot)) ||
      (slot > 0 && ext_make_current(slot)))     /* (a module of variables alone: no kernel) */
    return NULL;
  ExtCall c;
  ext_call_begin(&c, ext_slot_cx(slot));
  pykc_kernel *k = self->k[slot];                  /* (NULL: reset by another thread) */
  pykc_module *m = self->mod[slot];
  const char *log = NULL;
  pykc_status st = k ? pykc_prepare(k, NULL, 0) : m ? pykc_module_load(m) : PYKC_OK;
  if (!st && m)
    st = pykc_module_log(m, &log);
  char *copy = log ? strdup(log) : NULL;           /* the module may go once unlocked */
  if (ext_call_end(&c, st)) {
    free(copy);
    return ext_raise_mapped(self, &c);
  }
  if (log && !copy)
    return PyErr_NoMemory();
  PyObject *r = copy ? PyUnicode_DecodeUTF8(copy, (Py_ssize_t)strlen(copy), "replace")
                     : Py_NewRef(Py_None);
  free(copy);
  return r;
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
    {"_set_form", (PyCFunction)(void (*)(void))Kernel_set_form, METH_VARARGS | METH_KEYWORDS,
     "_set_form(kind, nin, alloc, no_return=False, return_tuple=False, first=False): calls "
     "are the form's __call__ from now on."},
    {"_attributes_last", (PyCFunction)Kernel_attributes_last, METH_NOARGS,
     "Attributes of the last launched specialisation."},
    {"_attr", (PyCFunction)Kernel_attr, METH_VARARGS,
     "_attr(slot, name[, value]): a function attribute in a context (CuPy's names)."},
    {"_attr_dict", (PyCFunction)Kernel_attr_dict, METH_O,
     "_attr_dict(slot): the function attributes in a context, as CuPy's attributes."},
    {"_global", (PyCFunction)Kernel_global, METH_VARARGS,
     "_global(slot, name): (address, bytes) of a __device__/__constant__ variable of the "
     "kernel's CUDA C++ module in a context."},
    {"_compile", (PyCFunction)Kernel_compile_now, METH_O,
     "_compile(slot): CUDA C++ code compiled and loaded in a context now; the compiler's "
     "warnings (str) or None."},
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

PyTypeObject KernelType = {
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
