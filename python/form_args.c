/*
 * form_args.c: the __call__ of pykc.ElementwiseKernel, ReductionKernel and Fusion (a
 * Kernel made a form by _set_form), in C so that a call costs no Python frame: each takes
 * its arguments and keywords as CuPy's class does (the same messages, the same results:
 * an ElementwiseKernel's no_return and return_tuple, a ReductionKernel's first output),
 * then ext_form_call (forms.c) plans and launches. A form's CompileError is given again
 * at the user's line (its _map). A fuse call that is not all arrays and Python scalars
 * (None, a NumPy scalar, no array at all, fewer arguments) is its Python _call_py's.
 */
#include "ext.h"

#include <string.h>

/* The form's CompileError raised again with self._map's text (the user's file and line);
   other exceptions pass. Returns NULL. */
static PyObject *map_compile_error(KernelObj *self) {
  if (!PyErr_ExceptionMatches(ext_CompileError))
    return NULL;
  PyObject *t, *v, *tb;
  PyErr_Fetch(&t, &v, &tb);
  PyErr_NormalizeException(&t, &v, &tb);
  PyObject *text = v ? PyObject_Str(v) : NULL;
  PyObject *m = text ? PyObject_CallMethod((PyObject *)self, "_map", "O", text) : NULL;
  Py_XDECREF(text);
  Py_XDECREF(t), Py_XDECREF(v), Py_XDECREF(tb);
  if (m) {
    PyErr_SetObject(ext_CompileError, m);
    Py_DECREF(m);
  }
  return NULL;
}

/* The form's name as its class has it (self.name: the user's, not the program's
   variable), for messages; a new reference, or NULL with an exception. */
static PyObject *form_name(KernelObj *self) {
  PyObject *n = PyObject_GetAttrString((PyObject *)self, "name");
  if (!n)
    PyErr_Clear();
  return n ? n : Py_NewRef(self->name);
}

/* Keyword KW (an interned str, or equal to one) among NAMES[N]: its index, or -1. */
static int kw_index(PyObject *kw, PyObject *const *names, int n) {
  for (int i = 0; i < n; i++)
    if (kw == names[i])
      return i;
  for (int i = 0; i < n; i++)
    if (PyUnicode_Compare(kw, names[i]) == 0)
      return i;
  return -1;
}

/* The keywords of a call (KWNAMES, their values after the NPOS positional ARGS) into
   VALS[N] by NAMES; -1 with an exception: CuPy's `TypeError('Wrong arguments %s' %
   kwargs)`, the dict of every keyword that is none of NAMES (_kernel.pyx and
   _reduction.pyx pop theirs and raise this for the rest, before they look at args). */
static int take_keywords(PyObject *const *args, Py_ssize_t npos, PyObject *kwnames,
                         PyObject *const *names, int n, PyObject **vals) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject *rest = NULL;
  for (Py_ssize_t i = 0; i < nkw; i++) {
    PyObject *kw = PyTuple_GET_ITEM(kwnames, i);
    int at = kw_index(kw, names, n);
    if (at >= 0)
      vals[at] = args[npos + i];
    else if ((!rest && !(rest = PyDict_New())) || PyDict_SetItem(rest, kw, args[npos + i])) {
      Py_XDECREF(rest);
      return -1;
    }
  }
  if (!rest)
    return 0;
  PyErr_Format(PyExc_TypeError, "Wrong arguments %S", rest);
  Py_DECREF(rest);
  return -1;
}

static PyObject *s_block_size, *s_stream, *s_out, *s_axis, *s_keepdims, *s_call_py, *s_cupy;

/* cupy.ElementwiseKernel.__call__(*args, size=None, block_size=None, stream=None) */
static PyObject *ewk_call(KernelObj *self, PyObject *const *args, Py_ssize_t n,
                          PyObject *kwnames) {
  PyObject *const names[] = {s_size, s_block_size, s_stream};
  PyObject *v[3] = {Py_None, Py_None, Py_None};
  if (take_keywords(args, n, kwnames, names, 3, v))
    return NULL;
  Py_ssize_t np = PyTuple_GET_SIZE(self->params);
  if (n != self->nin && n != np) {
    PyObject *name = form_name(self);
    PyErr_Format(PyExc_TypeError, "Wrong number of arguments for %R. It must be either %d or "
                 "%zd (with outputs), but given %zd.", name, self->nin, np, n);
    Py_DECREF(name);
    return NULL;
  }
  FormOpts o = {.alloc = self->alloc, .stream = v[2], .size = v[0]};
  if (v[1] != Py_None) {
    long b = PyLong_AsLong(v[1]);
    if (b == -1 && PyErr_Occurred())
      return NULL;
    if (b <= 0)
      return PyErr_Format(PyExc_ValueError, "block_size must be greater than zero");
    if (b > 0x7fffffffL)
      return PyErr_Format(PyExc_OverflowError, "block_size %ld is too large", b);
    o.block = (unsigned)b;
  }
  PyObject *outs = ext_form_call(self, args, n, &o);
  if (!outs)
    return map_compile_error(self);
  if (self->form_flags & FF_NO_RETURN) {
    Py_DECREF(outs);
    Py_RETURN_NONE;
  }
  if (!(self->form_flags & FF_RETURN_TUPLE) && PyTuple_GET_SIZE(outs) == 1) {
    PyObject *r = Py_NewRef(PyTuple_GET_ITEM(outs, 0));
    Py_DECREF(outs);
    return r;
  }
  return outs;
}

/* The first output of OUTS (a new reference; NULL passes). */
static PyObject *first(PyObject *outs) {
  if (!outs)
    return NULL;
  PyObject *r = PyTuple_GET_SIZE(outs) ? Py_NewRef(PyTuple_GET_ITEM(outs, 0)) : NULL;
  if (!r)
    PyErr_SetString(PyExc_IndexError, "tuple index out of range");
  Py_DECREF(outs);
  return r;
}

/* cupy.ReductionKernel.__call__(*args, out=None, axis=None, keepdims=False, stream=None) */
static PyObject *red_call(KernelObj *self, PyObject *const *args, Py_ssize_t n,
                          PyObject *kwnames) {
  PyObject *const names[] = {s_out, s_axis, s_keepdims, s_stream};
  PyObject *v[4] = {Py_None, Py_None, Py_False, Py_None};
  if (take_keywords(args, n, kwnames, names, 4, v))
    return NULL;
  Py_ssize_t np = PyTuple_GET_SIZE(self->params);
  if (n != self->nin && n != np) {
    PyObject *name = form_name(self);
    PyErr_Format(PyExc_TypeError, "Wrong number of arguments for %S", name);
    Py_DECREF(name);
    return NULL;
  }
  int keepdims = PyObject_IsTrue(v[2]);
  if (keepdims < 0)
    return NULL;
  FormOpts o = {.alloc = self->alloc, .stream = v[3], .axis = v[1], .keepdims = keepdims};
  PyObject *r;
  if (v[0] == Py_None)
    return (r = first(ext_form_call(self, args, n, &o))) ? r : map_compile_error(self);
  if (np - self->nin != 1)
    return PyErr_Format(PyExc_NotImplementedError, "");
  if (n != self->nin)
    return PyErr_Format(PyExc_ValueError, "cannot specify 'out' as both a positional and "
                        "keyword argument");
  PyObject *all[MAXARGS];
  memcpy(all, args, sizeof *args * (size_t)n);
  all[n] = v[0];
  return (r = first(ext_form_call(self, all, n + 1, &o))) ? r : map_compile_error(self);
}

/* Is O what the fuse call takes here: a CuPy or NumPy array (1), a Python int, float,
   bool or complex (0), or something else (-1: the Python call decides)? */
static int fuse_kind(PyObject *o) {
  PyTypeObject *t = Py_TYPE(o);
  if (t == &PyFloat_Type || t == &PyLong_Type || t == &PyBool_Type || t == &PyComplex_Type)
    return 0;
  return ext_is_cupy(o) || strcmp(t->tp_name, "numpy.ndarray") == 0 ? 1 : -1;
}

/* Is CuPy imported (its rule then says what an array argument is: a cupy.ndarray)? */
static bool cupy_imported(void) {
  PyObject *m = PyImport_GetModule(s_cupy);
  Py_XDECREF(m);
  PyErr_Clear();
  return m != NULL;
}

/* The object whose memory array O views: the end of its .base chain (borrowed from O's
   chain; O itself when it has none). */
static PyObject *memory_root(PyObject *o) {
  for (int depth = 0; depth < 16; depth++) {
    PyObject *b = PyObject_GetAttr(o, s_base);
    if (!b) {
      PyErr_Clear();
      return o;
    }
    Py_DECREF(b);                                  /* (held by o) */
    if (b == Py_None || b == o)
      return o;
    o = b;
  }
  return o;
}

/* Do two of the N array arguments (fuse_kind 1) view one memory? */
static bool share_memory(PyObject *const *args, Py_ssize_t n) {
  PyObject *roots[MAXARGS];
  int nr = 0;
  for (Py_ssize_t i = 0; i < n && nr < MAXARGS; i++)
    if (fuse_kind(args[i]) > 0) {
      PyObject *r = memory_root(args[i]);
      for (int j = 0; j < nr; j++)
        if (roots[j] == r)
          return true;
      roots[nr++] = r;
    }
  return false;
}

/* cupy.fuse's Fusion.__call__(*args): all arrays and Python scalars, the function's
   parameters all given, at least one array (where CuPy is imported, a CuPy array: with
   none, CuPy calls the function), none sharing memory with another; else Python's
   _call_py. */
static PyObject *fuse_call(KernelObj *self, PyObject *const *args, Py_ssize_t n,
                           PyObject *kwnames) {
  int arrays = 0, cupies = 0, other = n != self->nin || (kwnames && PyTuple_GET_SIZE(kwnames));
  for (Py_ssize_t i = 0; i < n && !other; i++) {
    int k = fuse_kind(args[i]);
    other = k < 0, arrays += k > 0;
    cupies += k > 0 && ext_is_cupy(args[i]);
  }
  if (other || !arrays || (!cupies && cupy_imported()) ||
      (arrays > 1 && share_memory(args, n))) {
    PyObject *f = PyObject_GetAttr((PyObject *)self, s_call_py);
    PyObject *r = f ? PyObject_Vectorcall(f, args, (size_t)n, kwnames) : NULL;
    Py_XDECREF(f);
    return r;
  }
  int first_only = 1;
  bool tuple = self->form_flags & FF_RETURN_TUPLE;
  FormOpts o = {.alloc = self->alloc, .stream = Py_None,
                .first_only = tuple && self->form_flags & FF_FIRST ? &first_only : NULL};
  PyObject *outs = ext_form_call(self, args, n, &o);
  if (!outs || outs == Py_None)                    /* None: the trace returned it */
    return outs;
  if (!PyTuple_GET_SIZE(outs)) {                   /* CuPy's no_return, or `return ()` */
    if (tuple)
      return outs;
    Py_DECREF(outs);
    Py_RETURN_NONE;
  }
  if ((self->form_flags & FF_FIRST && first_only) || !tuple)
    return first(outs);
  return outs;
}

static PyObject *form_vectorcall(PyObject *o, PyObject *const *args, size_t nargsf,
                                 PyObject *kwnames) {
  KernelObj *self = (KernelObj *)o;
  Py_ssize_t n = PyVectorcall_NARGS(nargsf);
  switch (self->form) {
  case FORM_EWK: return ewk_call(self, args, n, kwnames);
  case FORM_RED: return red_call(self, args, n, kwnames);
  default: return fuse_call(self, args, n, kwnames);
  }
}

static int intern_names(void) {
  static const struct { PyObject **at; const char *s; } names[] = {
      {&s_block_size, "block_size"}, {&s_stream, "stream"}, {&s_out, "out"}, {&s_axis, "axis"},
      {&s_keepdims, "keepdims"}, {&s_call_py, "_call_py"}, {&s_cupy, "cupy"}};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!*names[i].at && !(*names[i].at = PyUnicode_InternFromString(names[i].s)))
      return -1;
  return 0;
}

PyObject *Kernel_set_form(KernelObj *self, PyObject *args, PyObject *kw) {
  static const char *const kinds[] = {"elementwise", "reduction", "fuse"};
  static char *kwlist[] = {"kind", "nin", "alloc", "no_return", "return_tuple", "first", NULL};
  const char *kind;
  int nin, no_return = 0, tuple = 0, first_only = 0;
  PyObject *alloc;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "siO|ppp", kwlist, &kind, &nin, &alloc,
                                   &no_return, &tuple, &first_only) || intern_names())
    return NULL;
  int flags = (no_return ? FF_NO_RETURN : 0) | (tuple ? FF_RETURN_TUPLE : 0) |
              (first_only ? FF_FIRST : 0);
  int form = 0;
  for (int i = 0; i < 3; i++)
    if (strcmp(kind, kinds[i]) == 0)
      form = FORM_EWK + i;
  if (!form || nin < 0 || nin > PyTuple_GET_SIZE(self->params))
    return PyErr_Format(PyExc_ValueError, "_set_form: bad kind '%s' or %d inputs", kind, nin);
  self->form = form, self->nin = nin, self->form_flags = flags;
  Py_XSETREF(self->alloc, Py_NewRef(alloc));
  self->vectorcall = form_vectorcall;
  /* A class that keeps Kernel's __call__ calls its instances without an arguments' tuple
     (CPython 3.12 passes the flag on to such heap types by itself). */
  PyTypeObject *t = Py_TYPE(self);
  if (t->tp_call == PyVectorcall_Call)
    t->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
  Py_RETURN_NONE;
}
