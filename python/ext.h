/*
 * ext.h: what the C files of the `pykc._pykc` extension share (one extension, several
 * files, each with one job):
 *   _pykc.c      the module: compile(), _pack(), read_file(), have_gpu(), synchronize(), its init
 *   context.c    contexts per slot (0 the CPU backend, 1 + N device N); statuses raised
 *   pack.c       arguments packed into pykc_args; the context they select
 *   pack_cupy.c  CuPy arrays packed through their attributes
 *   cupy_new.c   the forms' outputs made as CuPy's, the cheapest way this CuPy allows
 *   launch_cfg.c grid, block and stream of a launch
 *   kernel.c     the Kernel type (and Launch, k[grid, block](...))
 *   forms.c      a kernel form's call (ElementwiseKernel, ReductionKernel ...)
 *   form_args.c  each form's __call__, taking its arguments as CuPy's class does
 *   form_plan.c  a form's planned outputs, kept per call signature
 * Cross-file functions are prefixed ext_ (Kernel_ for the Kernel type's); everything else
 * is static. The extension sees libpykc through include/pykc.h and runtime/rt.h's
 * argument helpers (rt_args_typehash, rt_type_name, rt_arg_contig).
 */
#ifndef PYKC_EXT_H
#define PYKC_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "../include/pykc.h"
#include "../runtime/rt.h"                /* the hooks the CLI uses too: type names, stats */

#ifndef PYKC_DEVICE_CPU
#define PYKC_DEVICE_CPU (-1)
#endif

#define MAXARGS 128
#define NSLOTS 17                         /* the CPU and 16 devices */

/* ---- _pykc.c: interned attribute names ---- */
extern PyObject *s_cai, *s_ai, *s_data, *s_dtype, *s_shape, *s_strides, *s_typestr, *s_device,
    *s_id, *s_mask, *s_ptr, *s_cuda_stream, *s_build, *s_map, *s_device_id, *s_ndim,
    *s_size, *s_c_contiguous, *s_base;

/* ---- context.c ---- */
extern PyObject *ext_CompileError, *ext_LaunchError;
/* The strings of tuple T (NULL or None: none) as N UTF-8 pointers into T's items, malloc'd
   into *out (NULL when empty; PyMem_Free it); 0 or -1 with an exception (kernel.c). */
int ext_str_list(PyObject *t, const char ***out, int *n);
int ext_force_cpu(void);                  /* PYKC_CPU, read once */
/* The context of SLOT (0 CPU, 1 + N device N), opened at the first ask, or NULL with an
   exception set. */
pykc_context *ext_context(int slot);
pykc_context *ext_slot_cx(int slot);      /* SLOT's context if open, else NULL */
int ext_have_gpu(void);                   /* a GPU is there (and not PYKC_CPU=1) */
/* Raises MSG as the class CuPy raises for usage error U (pykc_errusage: TypeError,
   ValueError, numpy's AxisError ...); returns NULL. */
PyObject *ext_raise_usage(pykc_usage u, const char *msg);
/* A context to compile in without launching; NULL with an exception. */
pykc_context *ext_compile_context(void);
/* Makes SLOT's device current when needed; 0 or -1 with an exception. */
int ext_make_current(int slot);
/* A call into libpykc without the GIL: ext_call_begin(&c, CX) releases the GIL and takes
   the library lock; then only C (no Python object, no Python API) until
   ext_call_end(&c, ST), which keeps a failed call's error, gives the lock and the GIL
   back and returns ST; ext_call_raise raises it (MAPPER: a callable or NULL that maps
   compile diagnostics to the user's file) and returns NULL. */
typedef struct ExtCall {
  PyThreadState *ts;
  pykc_context *cx;
  pykc_status st;
  char *msg;                              /* malloc'd copy of pykc_errmsg; NULL: no memory */
  pykc_usage usage;
  int sig;                                /* pykc_interrupt_signal */
} ExtCall;
void ext_call_begin(ExtCall *c, pykc_context *cx);
pykc_status ext_call_end(ExtCall *c, pykc_status st);
PyObject *ext_call_raise(ExtCall *c, PyObject *mapper);

/* ---- pack.c ---- */
enum { WHERE_SCALAR, WHERE_HOST, WHERE_DEVICE };
typedef struct Packed {
  pykc_arg a[MAXARGS];
  int64_t strides[MAXARGS][PYKC_MAX_DIMS];
  int where[MAXARGS];
  int device[MAXARGS];
  Py_buffer view[MAXARGS];                /* buffer-protocol arrays, held for the launch */
  PyObject *cupy[MAXARGS];                /* CuPy arrays (borrowed: the caller's), or NULL */
  int nheld;                              /* view[0 .. nheld) may hold one (obj != NULL) */
} Packed;
int ext_dtype_size(int dt);
/* The C API's description of a void dtype (pykc._record): O a numpy.dtype, or (IFACE 1)
   a tuple (array, its interface dict); the text is held by that module's cache. NULL with an
   exception (CuPy's ValueError for a dtype holding objects). */
const char *ext_record_descr(PyObject *o, int iface, const char *pname);
/* The numpy.dtype of a description ext_record_descr gave (a new reference), or NULL with an
   exception. */
PyObject *ext_record_dtype(const char *descr);
int ext_typestr_dtype(const char *s);     /* "<f4" -> PYKC_FLOAT32; -1 if none */
/* A tuple of Python ints (shape or strides) into V[MAX] and its length *N; -1 with an
   exception naming WHAT of argument PNAME. */
int ext_int_tuple(PyObject *t, int64_t *v, int max, int *n, const char *what, const char *pname);
/* An address in a Python int; -1 with an exception. */
unsigned long long ext_pointer_of(PyObject *v);
const char *ext_dtype_name(int dt);       /* "float32"; "?" if none */
PyObject *ext_dtype_value(const pykc_arg *a);  /* a packed scalar's value */
/* Packs argument I (O) into P (PARAMS: the parameter names, for messages); 0 or -1. */
int ext_pack_arg(PyObject *o, int i, int numpy_mode, PyObject *params, Packed *p);
/* Argument I (O) for a by-value parameter (KernelObj.byval): a host (NumPy) array of size
   one is packed as its bytes (pykc_arg.nbytes), held for the launch, as CuPy's
   CNumpyArray passes it; 1 when packed, 0 when O is no host array (pack it as usual), -1
   with CuPy's TypeError for a host array of another size. TYPED: the parameter has a
   dtype, and a NumPy scalar is packed as usual (converted to it) rather than by its
   bytes; without TYPED (a struct) a NumPy scalar gives its bytes too. */
int ext_pack_bytes(PyObject *o, int i, PyObject *params, Packed *p, int typed);
void ext_release_buffers(Packed *p);
/* Every held host array and every CuPy array still has its memory (0), else -1 with
   ValueError. */
int ext_still_there(Packed *p, int n, PyObject *params);
/* The context slot the N packed arguments select; -1 with an exception. */
int ext_pick_slot(int n, PyObject *params, const Packed *p);

/* ---- pack_cupy.c ---- */
int ext_is_cupy(PyObject *o);             /* O is a CuPy ndarray (its type seen once) */
/* CuPy array O into A (STRIDES: room for its strides) and its device into *DEVICE; 0 or
   -1 with an exception naming argument PNAME. */
int ext_pack_cupy(PyObject *o, pykc_arg *a, int64_t *strides, int *device, const char *pname);
/* A CuPy MemoryPointer, TextureObject or SurfaceObject as a uint64 argument on its device,
   a CPointer (ndarray.mdspan()) as the bytes at its address; 1, 0 not one, -1 with an
   exception (pack_cupy.c). */
int ext_pack_cupy_handle(PyObject *o, pykc_arg *a, int *device, const char *pname);
/* Has CuPy array O, packed into A, other memory now (Python code that ran since, a later
   argument's __cuda_array_interface__ or the outputs' allocator, made it anew)? Seen where
   arrays are read from their struct; false elsewhere. */
bool ext_cupy_moved(PyObject *o, const pykc_arg *a);
/* Packs as argument I the CuPy array O that ext_cupy_empty just made as PLANNED asked
   (dtype, shape; C-contiguous) on DEVICE: only its pointer is read. 0 or -1. */
int ext_pack_new(PyObject *o, int i, const pykc_arg *planned, int device, Packed *p);
PyTypeObject *ext_cupy_type(void);       /* CuPy's ndarray, once seen; else NULL */
const char *ext_cupy_read_way(void);      /* "struct", "attributes", "unseen" (tests) */

/* ---- cupy_new.c ---- */
/* C++'s std::vector<Py_ssize_t> (CuPy's shape_t and strides_t) as libstdc++, libc++ and
   MSVC lay it out. */
typedef struct CxxVector {
  const Py_ssize_t *begin, *end, *end_of_storage;
} CxxVector;
/* Is T core.pyx's own ndarray of CuPy 11 to 14 (its __new__ and __init__ defined there, a
   static Cython base), whose C layout (core.pxd) is known? */
bool ext_cupy_core(PyTypeObject *t);
/* A new CuPy array as cupy.empty(shape, dtype) makes it, cheaper, of PLANNED's dtype and
   shape (SHAPE: that shape as a tuple); NULL without an exception when CuPy's ndarray has
   not been seen (then the caller's allocator). */
PyObject *ext_cupy_empty(const pykc_arg *planned, PyObject *shape);
const char *ext_cupy_new_way(void);       /* which way: "_init_fast", ... (tests) */

/* ---- launch_cfg.c ---- */
/* O's type as users write it ("numpy.ndarray", "cupy.ndarray", "float"), for messages
   (valid until the thread's next call). */
const char *ext_type_name(PyObject *o);
const char *ext_a_type_name(PyObject *o);   /* with its article: "an int", "a str" */
int ext_dim3_of(PyObject *o, pykc_dim3 *d, const char *what);  /* 0 or -1 */
/* The stream handle of S (None: CuPy's current stream when CuPy is imported, else the
   default stream); -1 with an exception. */
int ext_stream_of(PyObject *s, void **out);
/* ext_stream_of for a launch on context SLOT; on the CPU backend (slot 0) S is only
   checked (a stream of the wrong kind is the TypeError it is on a GPU) and *out is NULL. */
int ext_stream_for(int slot, PyObject *s, void **out);

/* ---- kernel.c ---- */
typedef struct KernelObj {
  PyObject_HEAD
  PyObject *name;                         /* the kernel's name (str) */
  PyObject *params;                       /* tuple of parameter names */
  PyObject *byval;                        /* bytes, one per parameter: nonzero where CUDA
                                             C++ takes a value (not a pointer), which a
                                             NumPy array of size one gives by its bytes, as
                                             CuPy: 1 a type with no dtype (a struct), 2 one
                                             with a dtype; or NULL */
  int numpy_mode, debug;
  pykc_module *mod[NSLOTS];
  pykc_kernel *k[NSLOTS];
  char borrowed[NSLOTS];                  /* mod[i] is another kernel's (a RawModule's) */
  int last_slot;                          /* slot of the last launch, or -1 */
  PyObject *dict;
  PyObject *weaklist;
  vectorcallfunc vectorcall;              /* k(grid, block, args, ...) without a tuple */
  uint64_t last_types;                    /* rt_args_typehash of the last launch */
  PyObject *sigs;                         /* dict: each launched signature "(T, ...)" */
  int form;                               /* a form's __call__ (FORM_*), else 0 */
  int nin;                                /* the form's inputs */
  int form_flags;                         /* FF_* */
  PyObject *alloc;                        /* the form's allocator of outputs off CuPy */
  struct FormPlans *plans;                /* form_plan.c's, or NULL */
} KernelObj;
extern PyTypeObject KernelType, LaunchType;
/* Compiles the kernel in SLOT's context; 0 or -1 with an exception. */
int Kernel_compile(KernelObj *self, int slot);
/* Records the argument types of a launch for cached_codes (kernel.c). */
int ext_note_signature(KernelObj *self, const pykc_arg *a, int n);
/* C's failure raised, a source error through self._map_diagnostics: NULL (kernel.c). */
PyObject *ext_raise_mapped(KernelObj *self, ExtCall *c);
/* A kernel's attributes (of its last prepared specialisation): read into V[EXT_NATTRS]
   (in the library, without the GIL), then as a dict. */
enum { EXT_NATTRS = 10 };
pykc_status ext_attrs_of(pykc_kernel *k, int *v);
PyObject *ext_attr_dict_of(const int *v);

/* ---- forms.c ---- */
typedef struct FormOpts {                 /* a form call's options (NULL: not given) */
  PyObject *alloc;                        /* alloc(dtype name, shape, on_host): an output
                                             off CuPy's arrays */
  unsigned block;                         /* block_size, or 0 */
  PyObject *stream, *axis, *size;         /* borrowed */
  int keepdims;
  int *first_only;                        /* when set: whether the call returns only its
                                             first output (pykc_form_first_only) */
} FormOpts;
/* A kernel form called with ARGS[N] (the inputs, then optionally the outputs) as CuPy
   calls it: the library plans the call (pykc_form_outputs), the outputs not given are
   made (CuPy arrays on a GPU, O->alloc's elsewhere), pykc_form_call launches. Returns
   the outputs' tuple, or NULL with an exception. */
PyObject *ext_form_call(KernelObj *self, PyObject *const *args, Py_ssize_t n, const FormOpts *o);
PyObject *Kernel_form_call(KernelObj *self, PyObject *args);

/* ---- form_plan.c ---- */
/* The outputs pykc_form_outputs planned for a call like this one (in SLOT, CC, the N
   packed arguments A) into OUTS, their shapes as tuples into SHAPES (new references;
   NULL for a given output) and the kernel's inputs into *NIN: true if kept. */
bool ext_plan_find(KernelObj *self, int slot, const pykc_call_cfg *cc, const pykc_arg *a, int n,
                   int *nin, pykc_arg *outs, PyObject **shapes);
/* Keeps the plan of that call: NIN inputs, the NOUT outputs planned in OUTS; their
   shapes as tuples into SHAPES as ext_plan_find gives them (all NULL if not kept). */
void ext_plan_keep(KernelObj *self, int slot, const pykc_call_cfg *cc, const pykc_arg *a, int n,
                   int nin, int nout, const pykc_arg *outs, PyObject **shapes);
/* The shape of output PLANNED: *SHAPE's tuple (taken: *SHAPE becomes NULL) or a new one;
   NULL with an exception. */
PyObject *ext_plan_shape(const pykc_arg *planned, PyObject **shape);
void ext_plan_free(KernelObj *self);

/* ---- form_args.c ---- */
enum { FORM_EWK = 1, FORM_RED, FORM_FUSE };
enum { FF_NO_RETURN = 1, FF_RETURN_TUPLE = 2, FF_FIRST = 4 };
/* k._set_form(kind, nin, alloc, no_return=False, return_tuple=False, first=False): k's
   calls are the form's __call__ from now on (kind "elementwise", "reduction" or "fuse";
   FIRST: a fuse kernel that returns its first output, a reduction's). */
PyObject *Kernel_set_form(KernelObj *self, PyObject *args, PyObject *kw);

#endif
