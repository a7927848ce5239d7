/*
 * _pykc.c: the C core of the `pykc` Python package, over libpykc's public API
 * (include/pykc.h), linked in statically from the same sources. This file is the module
 * (its functions and init); python/ext.h lists the others and what each does.
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
 *     GPU, else the CPU) and refuses mixed arrays naming the parameter; a read-only array
 *     is a pure input (PYKC_ARRAY_READONLY: on the CPU a kernel that writes it fails);
 *   - calls pykc_launch, whose specialisation lookup is one hash of the argument types.
 * The default stream is CuPy's current stream when CuPy is imported. Errors become
 * pykc.CompileError (the diagnostics, mapped back to the user's file by Python),
 * TypeError/ValueError (arguments and launch shape) or pykc.LaunchError (the kernel or
 * CUDA failed; the message names the kernel).
 */
#include "ext.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

PyObject *s_cai, *s_ai, *s_data, *s_dtype, *s_shape, *s_strides, *s_typestr, *s_device, *s_id,
    *s_mask, *s_ptr, *s_cuda_stream, *s_build, *s_map, *s_device_id, *s_ndim,
    *s_size, *s_c_contiguous, *s_base;

/* ---------------------------------------------------------------- functions */

/* The GPU context attributes are read in: device 0's; without one (or with PYKC_CPU=1),
   pykc.LaunchError "kernel 'K': attributes need a GPU (why)". */
static pykc_context *attr_context(const char *kname) {
  if (ext_force_cpu())
    return PyErr_Format(ext_LaunchError, "kernel '%s': attributes need a GPU (PYKC_CPU=1 runs "
                        "kernels on the CPU backend)", kname ? kname : ""), NULL;
  pykc_context *cx = ext_context(1);
  if (cx)
    return cx;
  PyObject *t, *v, *tb;
  PyErr_Fetch(&t, &v, &tb);
  PyObject *why = v ? PyObject_Str(v) : NULL;
  PyErr_Clear();
  PyErr_Format(ext_LaunchError, "kernel '%s': attributes need a GPU (%S)", kname ? kname : "",
               why ? why : Py_None);
  Py_XDECREF(why), Py_XDECREF(t), Py_XDECREF(v), Py_XDECREF(tb);
  return NULL;
}

/* compile(name, text, numpy_mode, debug, sigs, arch, what): compiles a source without
   launching. what: "cuda" (the CUDA C, str), "binary" (PTX str / cubin bytes for arch),
   "attributes" (a dict, on the GPU), "check" (None), "outputs" (a form kernel's output
   names and whether a call returns them as a tuple: (names, return_tuple)). */
/* compile()'s work in the library, without the GIL: the module, then what was asked. */
enum { WHAT_CUDA, WHAT_BINARY, WHAT_ATTRS, WHAT_CHECK, WHAT_OUTPUTS };
typedef struct Compiled {
  pykc_context *cx;
  const char *name, *text, *arch, *kname;
  const pykc_options *opt;
  int what;
  pykc_module *m;                         /* the module (freed by the caller) */
  const void *data;                       /* WHAT_CUDA, WHAT_BINARY: the module's text */
  size_t len;
  int attrs[EXT_NATTRS];                  /* WHAT_ATTRS */
  pykc_kernel *k;                         /* WHAT_OUTPUTS */
} Compiled;

static pykc_status compile_what(Compiled *c) {
  pykc_status st = pykc_compile_string(c->cx, c->name, c->text, c->opt, &c->m);
  if (st) {
    c->m = NULL;
    return st;
  }
  if (c->what == WHAT_CUDA) {
    const char *src;
    st = pykc_module_cuda(c->m, &src);
    c->data = src;
  } else if (c->what == WHAT_BINARY) {
    st = pykc_module_binary(c->m, c->arch, &c->data, &c->len);
  } else if (c->what == WHAT_ATTRS) {
    pykc_kernel *k;
    st = pykc_get_kernel(c->m, c->kname, &k);
    if (!st)
      st = ext_attrs_of(k, c->attrs);
  } else if (c->what == WHAT_OUTPUTS) {
    st = pykc_get_kernel(c->m, c->kname, &c->k);
  }
  return st;
}

/* compile(what="outputs"): (the output names, whether a call returns a tuple). */
static PyObject *outputs_of(pykc_kernel *k) {
  int nin = pykc_kernel_nin(k), n = pykc_kernel_nparams(k);
  PyObject *names = PyTuple_New(n > nin ? n - nin : 0);
  for (int i = nin; names && i < n; i++) {
    PyObject *s = PyUnicode_FromString(pykc_kernel_param_name(k, i));
    if (!s)
      Py_CLEAR(names);
    else
      PyTuple_SET_ITEM(names, i - nin, s);
  }
  return names ? Py_BuildValue("(NO)", names, pykc_kernel_return_tuple(k) ? Py_True : Py_False)
               : NULL;
}

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
  pykc_context *cx = gpu ? attr_context(kname) : ext_compile_context();
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
  Compiled c = {.cx = cx, .name = name, .text = text, .opt = &opt, .arch = arch,
                .kname = kname ? kname : ""};
  c.what = !strcmp(what, "cuda") ? WHAT_CUDA : !strcmp(what, "binary") ? WHAT_BINARY
           : gpu ? WHAT_ATTRS : !strcmp(what, "check") ? WHAT_CHECK
           : !strcmp(what, "outputs") ? WHAT_OUTPUTS : -1;
  if (c.what < 0) {
    Py_XDECREF(seq);
    return PyErr_Format(PyExc_ValueError, "unknown what '%s'", what);
  }
  ExtCall call;
  ext_call_begin(&call, cx);
  ext_call_end(&call, compile_what(&c));
  Py_XDECREF(seq);
  PyObject *r = NULL;
  if (call.st)
    r = ext_call_raise(&call, c.what == WHAT_ATTRS && c.m ? NULL : mapper);
  else if (c.what == WHAT_CUDA)
    r = PyUnicode_FromString(c.data);
  else if (c.what == WHAT_BINARY && c.len >= 4 && memcmp(c.data, "\177ELF", 4) == 0)
    r = PyBytes_FromStringAndSize(c.data, (Py_ssize_t)c.len);
  else if (c.what == WHAT_BINARY)
    r = PyUnicode_FromStringAndSize(c.data, (Py_ssize_t)c.len);
  else if (c.what == WHAT_ATTRS)
    r = ext_attr_dict_of(c.attrs);
  else if (c.what == WHAT_OUTPUTS)
    r = outputs_of(c.k);
  else
    r = Py_NewRef(Py_None);
  if (c.m) {
    ext_call_begin(&call, cx);
    pykc_module_free(c.m);
    ext_call_end(&call, PYKC_OK);
  }
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
    if (ext_pack_arg(PySequence_Fast_GET_ITEM(t, i), (int)i, k->numpy_mode, k->params, p)) {
      Py_CLEAR(out);
      break;
    }
    const pykc_arg *a = &p->a[i];
    PyObject *row;
    if (!a->is_array) {
      row = Py_BuildValue("(sisO)", where[p->where[i]], 0, ext_dtype_name(a->dtype),
                          ext_dtype_value(a));
    } else {
      int64_t st[PYKC_MAX_DIMS], acc = a->dtype == PYKC_RECORD ? pykc_record_size(a->record)
                                                                : ext_dtype_size(a->dtype);
      for (int d = a->ndim - 1; d >= 0; d--)      /* NULL strides: C-contiguous */
        st[d] = a->strides ? a->strides[d] : acc, acc *= a->shape[d];
      PyObject *shape = PyTuple_New(a->ndim), *strides = PyTuple_New(a->ndim);
      for (int d = 0; shape && strides && d < a->ndim; d++) {
        PyTuple_SET_ITEM(shape, d, PyLong_FromLongLong(a->shape[d]));
        PyTuple_SET_ITEM(strides, d, PyLong_FromLongLong(st[d]));
      }
      row = shape && strides && !PyErr_Occurred()
                ? Py_BuildValue("(sisiOOK)", where[p->where[i]], p->device[i],
                                ext_dtype_name(a->dtype), a->ndim, shape, strides,
                                (unsigned long long)(uintptr_t)a->data)
                : NULL;
      Py_XDECREF(shape), Py_XDECREF(strides);
    }
    if (!row || PyList_Append(out, row))
      Py_CLEAR(out);
    Py_XDECREF(row);
  }
  ext_release_buffers(p);
  PyMem_Free(p);
  Py_DECREF(t);
  return out;
}

/* translate_cucomplex(code): CODE as CuPy compiles it with translate_cucomplex=True
   (pykc_translate_cucomplex: `#include <cuComplex.h>` becomes <cupy/cuComplex_bridge.h>). */
static PyObject *py_translate_cucomplex(PyObject *mod, PyObject *arg) {
  (void)mod;
  const char *code = PyUnicode_AsUTF8(arg);
  if (!code)
    return NULL;
  char *t = pykc_translate_cucomplex(code);
  if (!t)
    return PyErr_NoMemory();
  PyObject *r = PyUnicode_FromString(t);
  free(t);
  return r;
}

/* cuda_kernels(code, options=(), name_expressions=()): the __global__ functions of CUDA
   C++ CODE as the library's scanner reads them (pykc_cuda_kernels), each a tuple (name,
   extern_c, is_template, name_expression, line, params), params a tuple of (name, type,
   pointer, dtype: its pykc_dtype or -1); CompileError for code it cannot read. */
static PyObject *py_cuda_kernels(PyObject *mod, PyObject *args) {
  (void)mod;
  const char *code;
  PyObject *opts = NULL, *exprs = NULL;
  pykc_options opt = {0};
  if (!PyArg_ParseTuple(args, "s|OO", &code, &opts, &exprs) ||
      ext_str_list(opts, (const char ***)&opt.cuda_options, &opt.ncuda_options) ||
      ext_str_list(exprs, (const char ***)&opt.name_expressions, &opt.nname_expressions)) {
    PyMem_Free((void *)opt.cuda_options);
    return NULL;
  }
  pykc_cuda_scan *sc;
  pykc_status st = pykc_cuda_kernels(code, &opt, &sc);
  PyMem_Free((void *)opt.cuda_options);
  PyMem_Free((void *)opt.name_expressions);
  if (st) {
    if (sc)
      PyErr_SetString(ext_CompileError, sc->error);
    else
      PyErr_NoMemory();
    pykc_cuda_scan_free(sc);
    return NULL;
  }
  PyObject *out = PyList_New(sc->nkernels);
  for (int i = 0; out && i < sc->nkernels; i++) {
    const pykc_cuda_kernel *k = &sc->kernels[i];
    PyObject *ps = PyTuple_New(k->nparams);
    for (int j = 0; ps && j < k->nparams; j++) {
      PyObject *p = Py_BuildValue("(ssOi)", k->params[j].name, k->params[j].type,
                                  k->params[j].pointer ? Py_True : Py_False,
                                  k->params[j].dtype);
      if (!p)
        Py_CLEAR(ps);
      else
        PyTuple_SET_ITEM(ps, j, p);
    }
    PyObject *row = ps ? Py_BuildValue("(sOOOiN)", k->name, k->extern_c ? Py_True : Py_False,
                                       k->is_template ? Py_True : Py_False,
                                       k->name_expression ? Py_True : Py_False, k->line, ps)
                       : NULL;
    if (!row)
      Py_CLEAR(out);
    else
      PyList_SET_ITEM(out, i, row);
  }
  pykc_cuda_scan_free(sc);
  return out;
}

/* fuse_loop(name, in_chars, weak, dtype='', new_fusion=False): the output type characters
   of the loop @cupy.fuse selects (pykc_fuse_loop; NAME may be a loop list "ff->f dd->d",
   a declared ufunc's), None where no loop takes the operands;
   ValueError for an unknown name; TypeError with CuPy's message for a loop CuPy refuses. */
static PyObject *py_fuse_loop(PyObject *mod, PyObject *args) {
  (void)mod;
  const char *name, *in, *weak, *dtype = "";
  int new_fusion = 0;
  if (!PyArg_ParseTuple(args, "sss|sp", &name, &in, &weak, &dtype, &new_fusion))
    return NULL;
  char out[4];
  const char *err;
  int r = pykc_fuse_loop(name, in, weak, dtype[0], new_fusion, out, &err);
  if (r < 0)
    return PyErr_Format(PyExc_ValueError, "pykc's fuse has no ufunc or reduction %s of %s",
                        name, in);
  if (err)
    return PyErr_Format(PyExc_TypeError, "%s", err);
  if (!r)
    Py_RETURN_NONE;
  return PyUnicode_FromString(out);
}

/* read_file(path): the file's bytes, read as pykc reads every input (runtime/util.c: a
   regular file of at most 256 MiB), for pykc.load and RawModule(path=): a FIFO would
   block and /dev/zero exhaust memory. OSError as open() raises it (FileNotFoundError
   ...), or naming why the file is not read. */
static PyObject *py_read_file(PyObject *mod, PyObject *arg) {
  (void)mod;
  PyObject *path;
  if (!PyUnicode_FSConverter(arg, &path))
    return NULL;
  char *data, err[RT_ERRLEN];
  size_t len;
  int e;
  Py_BEGIN_ALLOW_THREADS
  e = rt_read_file(PyBytes_AS_STRING(path), &data, &len, err);
  Py_END_ALLOW_THREADS
  PyObject *out = NULL;
  if (e > 0) {
    errno = e;
    PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
  } else if (e < 0) {
    PyErr_SetString(PyExc_OSError, err);
  } else {
    out = PyBytes_FromStringAndSize(data, (Py_ssize_t)len);
    free(data);
  }
  Py_DECREF(path);
  return out;
}

static PyObject *py_have_gpu(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  return PyBool_FromLong(ext_have_gpu());
}

/* synchronize(): waits for every open GPU context; reports a kernel's failure. */
static PyObject *py_synchronize(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  for (int i = 1; i < NSLOTS; i++)
    if (ext_slot_cx(i)) {
      ExtCall c;
      ext_call_begin(&c, ext_slot_cx(i));
      if (ext_call_end(&c, pykc_synchronize(ext_slot_cx(i))))
        return ext_call_raise(&c, NULL);
    }
  Py_RETURN_NONE;
}

/* _cupy_ways(): how CuPy arrays are read (pack_cupy.c: "struct", "attributes", "unseen")
   and a form's CuPy outputs made (cupy_new.c: "_init_fast", "__new__, _init", "call",
   "none" before the first), for benchmarks and tests. */
static PyObject *py_cupy_ways(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  return Py_BuildValue("(ss)", ext_cupy_read_way(), ext_cupy_new_way());
}

static PyMethodDef module_methods[] = {
    {"compile", (PyCFunction)(void (*)(void))py_compile, METH_VARARGS | METH_KEYWORDS,
     "compile(name, text, numpy_mode=False, debug=False, sigs=None, arch=None, what='cuda', "
     "mapper=None, kernel=None)"},
    {"_pack", py_pack, METH_VARARGS, "_pack(kernel, args): the packed arguments (tests)."},
    {"translate_cucomplex", py_translate_cucomplex, METH_O,
     "translate_cucomplex(code): CODE as CuPy compiles it with translate_cucomplex=True."},
    {"cuda_kernels", py_cuda_kernels, METH_VARARGS,
     "cuda_kernels(code, options=(), name_expressions=()): the __global__ functions of CUDA "
     "C++ code, as (name, extern_c, is_template, name_expression, line, params)."},
    {"fuse_loop", py_fuse_loop, METH_VARARGS,
     "fuse_loop(name, in_chars, weak, dtype='', new_fusion=False): the loop fuse selects."},
    {"read_file", py_read_file, METH_O,
     "read_file(path): the file's bytes (a regular file of at most 256 MiB, as pykc reads)."},
    {"have_gpu", py_have_gpu, METH_NOARGS, "True if a CUDA device can be opened (and PYKC_CPU is not set)."},
    {"synchronize", py_synchronize, METH_NOARGS, "Waits for the GPU; raises a kernel's failure."},
    {"_cupy_ways", py_cupy_ways, METH_NOARGS, "How CuPy arrays are read and outputs made."},
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
      {&s_device_id, "device_id"},
      {&s_ndim, "ndim"}, {&s_size, "size"}, {&s_c_contiguous, "_c_contiguous"},
      {&s_base, "base"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!(*names[i].p = PyUnicode_InternFromString(names[i].s)))
      return -1;
  return 0;
}

PyMODINIT_FUNC PyInit__pykc(void);
PyMODINIT_FUNC PyInit__pykc(void) {
  if (intern_all() || PyType_Ready(&KernelType) < 0 ||
      PyType_Ready(&LaunchType) < 0)
    return NULL;
  PyObject *m = PyModule_Create(&moduledef);
  if (!m)
    return NULL;
  ext_CompileError = PyErr_NewExceptionWithDoc(
      "pykc.CompileError", "Errors in a kernel's source: pykc's diagnostics (file:line:col, "
      "the source line and a caret).", PyExc_Exception, NULL);
  ext_LaunchError = PyErr_NewExceptionWithDoc(
      "pykc.LaunchError", "A kernel, NVRTC or the CUDA driver failed (the message names the "
      "kernel).", PyExc_RuntimeError, NULL);
  if (!ext_CompileError || !ext_LaunchError || PyModule_AddObjectRef(m, "CompileError", ext_CompileError) ||
      PyModule_AddObjectRef(m, "LaunchError", ext_LaunchError) ||
      PyModule_AddObjectRef(m, "Kernel", (PyObject *)&KernelType) ||
      PyModule_AddStringConstant(m, "version", pykc_version())) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
