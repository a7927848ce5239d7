/*
 * pykc.h: the public C API of libpykc — JIT-compile kernels written in the pykc kernel
 * language (cupyx.jit.rawkernel's Python subset) or raw CUDA C (.cu), and launch them.
 *
 *   pykc_context *cx;
 *   if (pykc_init(0, &cx) != PYKC_OK) { fprintf(stderr, "%s\n", pykc_errmsg(cx)); ... }
 *   pykc_module *m;  pykc_compile_file(cx, "saxpy.py", NULL, &m);
 *   pykc_kernel *k;  pykc_get_kernel(m, "saxpy", &k);
 *   pykc_arg args[] = {pykc_float32(2.0f), pykc_array1d(x, PYKC_FLOAT32, n), ...};
 *   pykc_launch(k, &(pykc_launch_cfg){{blocks, 1, 1}, {256, 1, 1}, 0, NULL}, args, 3);
 *   pykc_synchronize(cx);
 *
 * Every function returns a pykc_status; on failure pykc_errmsg(context) holds the
 * message (diagnostics, NVRTC's log, "argument 'x': expected float32[:], got int64[:]",
 * "kernel 'k' failed: CUDA_ERROR_ILLEGAL_ADDRESS (...)"), and a successful call clears it.
 * The library never exits, aborts or prints (verbose reports go to pykc_set_log's
 * callback) and never longjmps across this API; running out of host memory is
 * PYKC_ERR_NOMEM. A NULL handle or pointer argument is PYKC_ERR_USAGE (with a message
 * when there is a context to hold it), and a failed call leaves its handles usable (a
 * module whose compiler ran out of memory stays good only for pykc_module_free). Handles are not thread-safe: use one context per thread, or lock around calls.
 * Modules and kernels belong to their context (pykc_free frees the modules still open);
 * kernels to their module. pykc_free(NULL), pykc_module_free(NULL),
 * pykc_mem_free(cx, NULL) and pykc_stream_destroy(cx, NULL) do nothing.
 * Generic (unannotated) kernels are specialised to the argument types of each launch
 * (arrays given with strides == NULL are C-contiguous, T[::1]); each specialisation is
 * compiled once (and cached on disk), then a launch costs one hash lookup, the argument
 * check and cuLaunchKernel.
 *
 * The CPU backend: pykc_init(PYKC_DEVICE_CPU, &cx) opens a context that needs no driver,
 * no GPU and no NVRTC (only a C compiler, $CC or cc, and for CUDA C++ a C++ compiler, $CXX
 * or c++). Its kernels are compiled to C (CUDA C++ sources to C++), built
 * into a shared object (cached on disk, and loaded once per module specialisation) and
 * run with the GPU's semantics, the threads of a block as fibers. Its "device" memory is
 * host memory: pykc_malloc returns host pointers (256-byte aligned; pykc_mem_free accepts
 * only those), the pykc_memcpy_* and pykc_memset calls copy and fill host memory, and any
 * host pointer may be passed as an array's data. pykc_launch runs the whole grid before
 * it returns, on the calling thread, and returns the kernel's failure (a trap, an
 * assertion or --debug bounds check, a barrier some threads never reach, a crash) as
 * PYKC_ERR_CUDA with the message; pykc_synchronize has nothing left to wait for. Streams
 * are tokens. A .cu source runs too (C++ after a preamble of CUDA's built-ins; a C++
 * compiler error is PYKC_ERR_SOURCE at the first launch); of the kernel attributes only
 * PYKC_ATTR_MAX_THREADS_PER_BLOCK has a value (and PYKC_ATTR_SHARED_BYTES for
 * kernel-language kernels): the others, pykc_kernel_set_attr, pykc_kernel_occupancy and
 * pykc_device_copy_bandwidth need a GPU (PYKC_ERR_NO_DEVICE, "needs a GPU"); pykc_device_arch
 * is 0.
 * Grids of CPU contexts in several threads run one at a time.
 */
#ifndef PYKC_H
#define PYKC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What libpykc exports: the pykc_* functions below, nothing else (it is built with
   -fvisibility=hidden). */
#if defined(__GNUC__)
#define PYKC_API __attribute__((visibility("default")))
#else
#define PYKC_API
#endif

#define PYKC_MAX_DIMS 8
#define PYKC_DEVICE_CPU (-1)        /* pykc_init's device: the CPU backend */

typedef struct pykc_context pykc_context;   /* a device, its primary context, errors */
typedef struct pykc_module pykc_module;     /* one compiled source file */
typedef struct pykc_kernel pykc_kernel;     /* a kernel of a module */

typedef enum pykc_status {
  PYKC_OK = 0,
  PYKC_ERR_SOURCE = 1,     /* errors in the kernel source (the diagnostics) */
  PYKC_ERR_USAGE = 2,      /* bad call: unknown kernel, arguments that do not match */
  PYKC_ERR_CUDA = 3,       /* NVRTC, the driver, the C compiler or the kernel failed */
  PYKC_ERR_NO_DEVICE = 4,  /* no CUDA driver or no GPU */
  PYKC_ERR_NOMEM = 5,      /* host memory */
  PYKC_ERR_INTERRUPTED = 6 /* a signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) came while the CPU
                              backend compiled: the compiler was stopped and its files
                              removed; the library raises nothing (pykc_interrupt_signal
                              names the signal, for a client that wants to act on it) */
} pykc_status;

/* The kernel language's dtypes. PYKC_RECORD is NumPy's void kind ('V'): a structured
   dtype ("i4,f8") or unstructured bytes ("V8"), which kernel forms (ElementwiseKernel,
   ReductionKernel) take as CuPy 14.2 does (cupy::StructView, cupy::UnstructuredVoid);
   pykc_arg.record describes it (docs/language.md §11.2 gives the grammar). */
typedef enum pykc_dtype {
  PYKC_BOOL, PYKC_INT8, PYKC_UINT8, PYKC_INT16, PYKC_UINT16, PYKC_INT32, PYKC_UINT32,
  PYKC_INT64, PYKC_UINT64, PYKC_FLOAT16, PYKC_FLOAT32, PYKC_FLOAT64, PYKC_COMPLEX64,
  PYKC_COMPLEX128,
  PYKC_RECORD = 64
} pykc_dtype;

/* One launch argument: an array in device memory, or a scalar. */
/* pykc_arg.is_array for an array whose memory must not be written (a read-only NumPy
   array): on the CPU backend a kernel that writes it fails and the memory is untouched. */
#define PYKC_ARRAY_READONLY 3
typedef struct pykc_arg {
  int is_array;                   /* 0: a scalar; 1 (or PYKC_ARRAY_READONLY): an array */
  pykc_dtype dtype;
  void *data;                     /* arrays: device pointer (a CUdeviceptr; CPU: host) */
  int ndim;                       /* arrays: 0 .. PYKC_MAX_DIMS */
  int64_t shape[PYKC_MAX_DIMS];
  const int64_t *strides;         /* arrays: bytes per dimension; NULL = C-contiguous */
  union {
    int64_t i;                    /* bool and signed integers */
    uint64_t u;                   /* unsigned integers */
    double f;                     /* float16, float32, float64 */
    double c[2];                  /* complex: real, imaginary */
    struct {                      /* arrays: the allocation DATA lies in when the array is */
      void *base;                 /* a view into a larger one (a NumPy view's base array): */
      size_t bytes;               /* its first byte and its size. A GPU kernel may read and
                                     write all of it (v[-1] of v = m[1:] is m's element);
                                     the CPU backend's guarded copy then reaches past the
                                     array into it, up to max(the array's span, 2 MiB) each
                                     side (docs/design.md §5). base NULL: the bytes the
                                     array's shape and strides reach are all it has (a
                                     zeroed pykc_arg, as the constructors below make). The
                                     GPU backend runs on the memory itself and ignores it */
    } alloc;
  } value;                        /* scalars: the value, converted to the parameter's type;
                                     arrays: value.alloc (in the union, pykc_arg's layout
                                     and size stay as they were: tests/cli/libabi.sh) */
  int numpy_scalar;               /* a scalar: a NumPy scalar (numpy.float64(2.5)), whose
                                     dtype a @cupy.fuse kernel keeps (strong); 0: a Python
                                     scalar where its dtype is int64, float64, bool or
                                     complex128 (weak, as CuPy types Python scalars) */
  int handle;                     /* a scalar: a texture object's handle (CuPy's
                                     TextureObject, a cudaTextureObject_t: uint64), whose
                                     type a kernel form's type placeholder takes as it
                                     takes an array's dtype (CuPy's ElementwiseKernel) */
  union {
    size_t nbytes;                /* a scalar given as NBYTES raw bytes at DATA (host
                                     memory, read at the launch), passed by value as CuPy
                                     passes a NumPy array of size one: for a CUDA C++
                                     parameter of a type pykc has no dtype for (a struct,
                                     double3, Matrix<float>) as they are; for one it has,
                                     NBYTES must be its size (or PYKC_NBYTES_PARAM). 0:
                                     the value above */
    const char *record;           /* an array of dtype PYKC_RECORD: the dtype's
                                     description ("V8{f0:0:i4,f1:4:i4}"), read at the
                                     call (arrays have no nbytes: pykc_arg keeps its
                                     layout) */
  };
} pykc_arg;
/* pykc_arg.nbytes of an argument whose bytes at DATA are as many as its parameter has, as
   CuPy passes a cupy.cuda.function.CPointer (ndarray.mdspan()'s cuda::std::mdspan): the
   kernel's parameter decides the size. */
#define PYKC_NBYTES_PARAM ((size_t)-1)

typedef struct pykc_dim3 {
  unsigned x, y, z;
} pykc_dim3;

typedef struct pykc_launch_cfg {
  pykc_dim3 grid, block;          /* a 0 extent counts as 1 */
  unsigned shared_mem;            /* dynamic shared-memory bytes */
  void *stream;                   /* a CUstream; NULL = the default stream */
} pykc_launch_cfg;

typedef struct pykc_options {
  const char *const *sigs;        /* parameter types, e.g. "saxpy(float32, float32[:], ...)" */
  int nsigs;
  int debug;                      /* bounds checks and asserts */
  int line_info;                  /* #line directives to the .py file */
  int numpy_mode;                 /* mode='numpy' literal typing for kernels without mode= */
  const char *const *defines;     /* module constants pykc cannot evaluate, each
                                     "NAME=VALUE[:DTYPE]" as pykc --define takes them */
  int ndefines;
  /* CUDA C++ sources (a .cu name), as CuPy's RawModule takes them: */
  const char *const *cuda_options;      /* NVRTC options ("-std=c++17", "-DN=4", ...); the
                                           CPU backend passes -D, -U, -I and -std on */
  int ncuda_options;
  const char *const *name_expressions;  /* template instances ("fx3<float>"), kernels by
                                           these names too (nvrtcAddNameExpression) */
  int nname_expressions;
  int no_map_twins;               /* elementwise forms without their grid-stride twin
                                     (docs/design.md §5.3): about a third of the compile
                                     time, for kernels compiled per call types (fuse's
                                     traces) */
} pykc_options;

/* A kernel's attributes, CUDA's CUfunction_attribute (cuFuncGetAttribute), as CuPy's
   RawKernel has them (pykc_attr_name: CuPy's name, "num_regs"). */
typedef enum pykc_attr {
  PYKC_ATTR_NUM_REGS,             /* registers per thread */
  PYKC_ATTR_SHARED_BYTES,         /* static shared memory per block */
  PYKC_ATTR_LOCAL_BYTES,          /* local memory per thread (spills, local arrays) */
  PYKC_ATTR_CONST_BYTES,          /* constant memory */
  PYKC_ATTR_MAX_THREADS_PER_BLOCK,
  PYKC_ATTR_PTX_VERSION,          /* 10 * major + minor */
  PYKC_ATTR_BINARY_VERSION,       /* 10 * major + minor */
  PYKC_ATTR_CACHE_MODE_CA,        /* 1: compiled with -Xptxas --dlcm=ca */
  PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES,   /* dynamic shared memory a launch may ask for
                                           (settable) */
  PYKC_ATTR_PREFERRED_SHARED_CARVEOUT   /* shared memory's share of L1 + shared memory in
                                           percent, -1 the driver's choice (settable) */
} pykc_attr;

PYKC_API const char *pykc_version(void);
PYKC_API const char *pykc_status_name(pykc_status s);

/* Opens CUDA device DEVICE, or the CPU backend (PYKC_DEVICE_CPU). *out is set whenever
   memory allows, also on failure, so that pykc_errmsg(*out) explains it; free it with
   pykc_free. After PYKC_ERR_NO_DEVICE (no driver, no GPU, no such device) the context
   is one for compiling and checking only: pykc_compile_*, pykc_get_kernel,
   pykc_kernel_nparams / _param_name, pykc_module_free, pykc_set_log, pykc_errmsg and
   pykc_free work; pykc_prepare and pykc_launch check their arguments (PYKC_ERR_USAGE
   for a wrong count, dtype or shape, type errors as PYKC_ERR_SOURCE) and then return
   PYKC_ERR_NO_DEVICE with pykc_init's reason, as do pykc_kernel_attr, pykc_synchronize
   and the memory and stream calls; pykc_device_arch is 0. Other failures leave *out
   good only for pykc_errmsg and pykc_free. */
PYKC_API pykc_status pykc_init(int device, pykc_context **out);
PYKC_API void pykc_free(pykc_context *cx);
PYKC_API const char *pykc_errmsg(const pykc_context *cx);   /* never NULL */
/* The signal behind the context's last PYKC_ERR_INTERRUPTED (0: none). */
PYKC_API int pykc_interrupt_signal(const pykc_context *cx);
/* The kind of the last PYKC_ERR_USAGE, as CuPy (and NumPy) classify a bad call of a kernel
   form: a wrong type or count (TypeError), a wrong value or shape (ValueError), an axis
   out of range (numpy's AxisError), what CuPy does not implement (NotImplementedError: a
   ReductionKernel with raw parameters over other than the leading axes), an index out of
   bounds (IndexError: a fuse function's x[3] of an array of 3). The Python package raises
   that class. */
typedef enum pykc_usage { PYKC_USAGE_TYPE, PYKC_USAGE_VALUE, PYKC_USAGE_AXIS,
                          PYKC_USAGE_NOT_IMPLEMENTED, PYKC_USAGE_INDEX } pykc_usage;
PYKC_API pykc_usage pykc_errusage(const pykc_context *cx);
/* Verbose reports (the CPU backend's compiler command, its cache hits, and where it kept
   the C source of a compilation, which it does while a log is set) go to FN, one line
   per call, without a newline; FN NULL (the default): none. The library never prints. */
typedef void (*pykc_log_fn)(void *user, const char *line);
PYKC_API pykc_status pykc_set_log(pykc_context *cx, pykc_log_fn fn, void *user);
/* A launch on the CPU backend that runs longer than SECONDS is stopped by a watchdog and
   fails with PYKC_ERR_CUDA ("the launch ran longer than --timeout S s (kernel 'k', block
   (x,y,z), thread (x,y,z))"); 0, the default: no limit. GPU launches are not stopped. */
PYKC_API pykc_status pykc_set_timeout(pykc_context *cx, double seconds);
/* CPU backend: a launch stops when one of the signals SIGS[N] (N <= 8) arrives while its
   grid runs, after the process's own handler for it has run (the Python package passes
   SIGINT and SIGALRM: Ctrl-C and signal.alarm handlers then act within moments); the
   launch returns PYKC_ERR_INTERRUPTED and pykc_interrupt_signal names the signal. N = 0
   (the default): none. A context starts with the timeout $PYKC_TIMEOUT (seconds; only CPU
   launches are stopped). */
PYKC_API pykc_status pykc_set_stop_signals(pykc_context *cx, const int *sigs, int n);
/* The device's compute capability as 10 * major + minor (90 for an H100); 0 for none. */
PYKC_API int pykc_device_arch(const pykc_context *cx);
/* The device's copy bandwidth in bytes (read and written) per second, as device-to-device
   copies reach it (CUDA's bandwidthTest counts a copy of N bytes as 2N): measured at the
   first ask on a device and kept in the cache folder, keyed by the device's UUID, for
   later calls and processes. */
PYKC_API pykc_status pykc_device_copy_bandwidth(pykc_context *cx, double *bytes_per_s);
/* Makes the context's device (its primary context) current on the calling thread, as
   pykc_init did on its own: launches from another thread, or after other code switched
   devices, call this first. Nothing to do for a CPU context. */
PYKC_API pykc_status pykc_make_current(pykc_context *cx);

/* Compiles a kernel-language file, or a .cu file (raw CUDA C: its extern "C" kernels take
   arrays as bare pointers). opt may be NULL. */
PYKC_API pykc_status pykc_compile_file(pykc_context *cx, const char *path,
                                       const pykc_options *opt, pykc_module **out);
/* The same from memory; NAME is used in messages (a NAME ending in .cu means raw CUDA). */
PYKC_API pykc_status pykc_compile_string(pykc_context *cx, const char *name,
                                         const char *source, const pykc_options *opt,
                                         pykc_module **out);
PYKC_API void pykc_module_free(pykc_module *m);
/* A .cu module's __device__ or __constant__ variable NAME (CuPy's RawModule.get_global,
   cuModuleGetGlobal): its address in the context's memory (a device pointer; on the CPU
   backend host memory) and its size in bytes, the module compiled and loaded first if need
   be (a module of variables alone, without kernels, too). Its contents are what the
   module's kernels read: write them with pykc_memcpy_htod (a plain store on the CPU
   backend) before a launch. PYKC_ERR_USAGE when the module has no such variable
   (CUDA_ERROR_NOT_FOUND in CuPy) or is no .cu module. */
PYKC_API pykc_status pykc_module_global(pykc_module *m, const char *name, void **ptr,
                                        size_t *bytes);
/* A .cu module's code compiled and loaded now (CuPy's RawModule.compile, get_function),
   also a module that declares no kernel: its compile errors (PYKC_ERR_SOURCE) here rather
   than at a launch or pykc_module_global. PYKC_ERR_USAGE for a kernel-language module. */
PYKC_API pykc_status pykc_module_load(pykc_module *m);
/* The CUDA C the module compiles to: its kernels' specialisations so far (declared ones
   included), or a .cu module's own text. Held by the module until the next call. */
PYKC_API pykc_status pykc_module_cuda(pykc_module *m, const char **src);
/* The compiler's messages (NVRTC's warnings) of the module's latest compile that
   succeeded, as CuPy's compile(log_stream=) writes them, kept with the binary in the disk
   cache so that a cached build says them too; NULL when there were none (the CPU
   backend's host compiler reports none). Held by the module. */
PYKC_API pykc_status pykc_module_log(pykc_module *m, const char **log);
/* Compiles that CUDA C with NVRTC, no GPU needed: ARCH "sm_NN" gives a cubin, "compute_NN"
   PTX (NUL-terminated; *len without the NUL); NULL: the device's, else sm_90. Held by the
   module until the next call. */
PYKC_API pykc_status pykc_module_binary(pykc_module *m, const char *arch,
                                        const void **data, size_t *len);

/* The __global__ functions of CUDA C++ CODE as NVRTC reads it (no compiler, no context):
   after the preprocessor (#define, #if/#ifdef with the options' -D/-U; comments and string
   literals are no code), at namespace scope, in any spelling NVRTC accepts (extern "C" on
   a block or on the declaration, static, inline, attributes, __launch_bounds__, macros);
   then one kernel per name expression ("fx3<float>"), its template instantiated. opt
   (may be NULL) gives cuda_options and name_expressions. A kernel that a launch finds by
   name is extern "C" (and no template) or a name expression. *out is set, also on failure
   when memory allows (its error says why: a parameter list not closed, a name expression
   that names no kernel); free it with pykc_cuda_scan_free. */
typedef struct pykc_cuda_param {
  const char *name;               /* as declared; "argI" when the parameter has none */
  const char *type;               /* qualifiers and namespaces left out: "complex<float>" */
  int dtype;                      /* its pykc_dtype, or -1 */
  int pointer;                    /* a pointer (or array): 1, a reference: 2 */
  int ndim;                       /* CuPy's CArray<T, N, ...> by value: N (the launch passes
                                     an array's data, size, shape and strides, as CuPy
                                     does; dtype is T's); -1 otherwise */
} pykc_cuda_param;
typedef struct pykc_cuda_kernel {
  const char *name;               /* its C name; a name expression's kernel: the expression */
  int line;                       /* CODE's line (1-based) of the name */
  int extern_c;                   /* C linkage */
  int is_template;
  int name_expression;            /* one of opt's name_expressions */
  int nparams;
  const pykc_cuda_param *params;
} pykc_cuda_kernel;
typedef struct pykc_cuda_scan {
  int nkernels;
  const pykc_cuda_kernel *kernels;   /* in the code's order, then the name expressions */
  const char *error;                 /* "" or why the scan failed */
} pykc_cuda_scan;
PYKC_API pykc_status pykc_cuda_kernels(const char *code, const pykc_options *opt,
                                       pykc_cuda_scan **out);
PYKC_API void pykc_cuda_scan_free(pykc_cuda_scan *s);
/* CuPy's translate_cucomplex=True (RawKernel, RawModule): a malloc'd copy of CODE (free it
   with free) as CuPy's compile_with_cache compiles it: CuPy's four headers first
   (#include of cupy/complex.cuh, carray.cuh, atomics.cuh and math_constants.h, since
   the option makes CuPy prepend them: complex<T> needs no #include), then CODE with each
   line that begins `#include <cuComplex.h>` replaced by one including
   <cupy/cuComplex_bridge.h>, which pykc supplies as CuPy does: cuComplex's types and
   functions as macros over complex<T>. NULL when out of memory. */
PYKC_API char *pykc_translate_cucomplex(const char *code);

PYKC_API pykc_status pykc_get_kernel(pykc_module *m, const char *name, pykc_kernel **out);
PYKC_API int pykc_kernel_nparams(const pykc_kernel *k);
PYKC_API const char *pykc_kernel_param_name(const pykc_kernel *k, int i);
/* Compiles and loads the specialisation these arguments select, without launching (the
   arguments' types matter, not their values). A kernel of CUDA C++ code (a .cu source,
   RawKernel/RawModule code) may be prepared with no arguments (NULL, 0): its code is
   compiled and loaded, as CuPy's RawKernel.compile() does. */
PYKC_API pykc_status pykc_prepare(pykc_kernel *k, const pykc_arg *args, int nargs);
/* An attribute of the kernel's last prepared or launched specialisation (a kernel with
   declared types is prepared here when needed). */
PYKC_API pykc_status pykc_kernel_attr(pykc_kernel *k, pykc_attr attr, int *value);
/* CuPy's name of ATTR ("num_regs", "max_dynamic_shared_size_bytes"), NULL for none. */
PYKC_API const char *pykc_attr_name(pykc_attr attr);
/* Sets PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES (>= 0) or PYKC_ATTR_PREFERRED_SHARED_CARVEOUT
   (-1 .. 100) of the specialisation pykc_kernel_attr describes (cuFuncSetAttribute, as
   CuPy's setters); later launches of it use the value. */
PYKC_API pykc_status pykc_kernel_set_attr(pykc_kernel *k, pykc_attr attr, int value);
/* Theoretical occupancy of that specialisation in blocks of BLOCK_THREADS threads with
   DYN_SMEM bytes of dynamic shared memory: *blocks_per_sm, the blocks a multiprocessor
   holds at once (cuOccupancyMaxActiveBlocksPerMultiprocessor), and *threads_per_sm, the
   threads it can hold (either may be NULL). */
PYKC_API pykc_status pykc_kernel_occupancy(pykc_kernel *k, unsigned block_threads,
                                           size_t dyn_smem, int *blocks_per_sm,
                                           int *threads_per_sm);

/* Checks the arguments and CUDA's launch limits (block x, y <= 1024, z <= 64, at most 1024
   threads; grid y, z <= 65535; dynamic shared memory within the device's opt-in limit,
   which pykc requests past 48 KiB) before launching: PYKC_ERR_USAGE names what is wrong. */
PYKC_API pykc_status pykc_launch(pykc_kernel *k, const pykc_launch_cfg *cfg,
                                 const pykc_arg *args, int nargs);
/* Waits for the device; a kernel's failure is reported with its name. */
PYKC_API pykc_status pykc_synchronize(pykc_context *cx);

/* ---- CuPy's kernel forms (cupy.ElementwiseKernel ... in a .py file) ----
   A form kernel is called as CuPy calls it: the inputs, then optionally the outputs.
   pykc_form_outputs plans the call (CuPy's dtype rules, broadcasting of the non-raw
   arrays and scalars) and describes every output (dtype, ndim, C-contiguous shape; an
   output passed with data == NULL is one to allocate); the caller allocates those and
   passes all of them to pykc_form_call, which broadcasts, merges contiguous axes
   (reduce_dims=True) and launches with a grid-stride shape of its own unless cfg gives
   grid and block. Scalars are cast to their parameter's type. */
typedef enum pykc_form_kind {
  PYKC_FORM_NONE = -1,            /* a kernel-language or .cu kernel */
  PYKC_FORM_ELEMENTWISE, PYKC_FORM_REDUCTION, PYKC_FORM_RAW_KERNEL, PYKC_FORM_RAW_MODULE,
  PYKC_FORM_FUSE
} pykc_form_kind;
typedef struct pykc_call_cfg {
  pykc_dim3 grid, block;          /* block.x == 0: chosen (and the grid with it) */
  void *stream;
  int naxis;                      /* reductions: axis= (naxis 0: every axis) */
  int axis[PYKC_MAX_DIMS];
  int keepdims;
  int has_size;                   /* ElementwiseKernel size=: the loop's shape (size,) for a */
  int64_t size;                   /* call that passes no array to a non-raw parameter (CuPy's
                                     rule); the outputs to allocate then have that shape */
} pykc_call_cfg;
PYKC_API int pykc_kernel_form(const pykc_kernel *k);          /* a pykc_form_kind */
/* A form's number of inputs (its parameters are the inputs, then the outputs); other
   kernels: pykc_kernel_nparams. */
PYKC_API int pykc_kernel_nin(const pykc_kernel *k);
/* 1: a call of the form returns its outputs as a tuple (ElementwiseKernel's return_tuple=,
   a fuse function that returns a tuple), even of one or none; else 0. */
PYKC_API int pykc_kernel_return_tuple(const pykc_kernel *k);
/* outs[nout]: every output's description (the argument itself when given with memory).
   cfg may be NULL. A fuse function whose trace for these arguments ends at a bare
   `return` (None) where its first return of a value fixed its outputs describes every
   output with is_array 0: the call returns None, makes no output, and pykc_form_call
   launches nothing (CuPy's tests skip dtypes that way). */
PYKC_API pykc_status pykc_form_outputs(pykc_kernel *k, const pykc_call_cfg *cfg,
                                       const pykc_arg *args, int nargs, pykc_arg *outs);
/* Launches the form with every output given (nargs = inputs + outputs); cfg may be NULL. */
PYKC_API pykc_status pykc_form_call(pykc_kernel *k, const pykc_call_cfg *cfg,
                                    const pykc_arg *args, int nargs);
/* A form's planned launch for these arguments (pykc_form_call's own): an elementwise
   form's grid-stride shape (cfg's grid and block when given), or a ReductionKernel's,
   whose strategy follows the sizes alone (docs/language.md), so a float reduction gives
   the same bits on every run; *launch gets its grid and block (grid 0: nothing to launch).
   Reductions take no grid or block in cfg, and launches of one module's reductions must
   not overlap (concurrent streams): they share the module's scratch. */
/* 1: a call with these arguments returns only its first output, as CuPy's does (a
   ReductionKernel; a fuse function that compiles to one ReductionKernel, as CuPy's old
   fusion compiles it); 0: all its outputs (a fuse function that runs as a sequence of
   kernels, as CuPy's new fusion, returns its tuple); -1: the call does not plan. */
PYKC_API int pykc_form_first_only(pykc_kernel *k, const pykc_arg *args, int nargs);
PYKC_API pykc_status pykc_form_launch_shape(pykc_kernel *k, const pykc_call_cfg *cfg,
                                            const pykc_arg *args, int nargs,
                                            pykc_launch_cfg *launch);

/* Device memory and streams. */
PYKC_API pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr);
PYKC_API pykc_status pykc_mem_free(pykc_context *cx, void *dptr);
PYKC_API pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes);
PYKC_API pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes);
PYKC_API pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes);
PYKC_API pykc_status pykc_stream_create(pykc_context *cx, void **stream);
PYKC_API pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream);
PYKC_API pykc_status pykc_stream_destroy(pykc_context *cx, void *stream);

/* ---- dtypes: the kernel language's facts and rules, for clients (the CLI, the Python
   package) that type and describe values as the compiler does ---- */
/* How a Python scalar argument is typed (docs/language.md §2.4, the compiler's one rule
   for literals): bool -> bool; int -> int32 when it fits, else int64, uint64 past int64
   (numpy_mode: int64, uint64 past int64); float -> float32 (numpy_mode: float64);
   complex -> complex64 (complex128). An int is given as its sign and magnitude. The
   dtype (a pykc_dtype), or -1 for an int that fits no 64-bit dtype. */
typedef enum pykc_pyscalar {
  PYKC_PY_BOOL, PYKC_PY_INT, PYKC_PY_FLOAT, PYKC_PY_COMPLEX
} pykc_pyscalar;
PYKC_API int pykc_scalar_dtype(pykc_pyscalar kind, int negative, uint64_t magnitude,
                               int numpy_mode);
/* The loop @cupy.fuse selects for cp.NAME (a ufunc or a reduction fuse compiles) on
   operands of NumPy type characters IN ("fd"), WEAK[i] the kind of operand i when it is
   a Python scalar ('?', 'i', 'f', 'c'; '-' when not); DTYPE a reduction's dtype= (its
   type character, 0 none); NEW_FUSION CuPy's new fusion's rules (weak scalars, dtype=).
   Writes the outputs' type characters to OUT ("d", "dl"); *ERR CuPy's error for the loop
   (a bool loop CuPy refuses), else NULL. 1: a loop; 0: no loop takes the operands; -1:
   no such ufunc or reduction, or bad characters. (A tracer's proxies are typed so.) NAME
   may also be a ufunc's list of loops ("ff->f dd->dd": NumPy type characters, one space
   between loops), as cupy._core.create_ufunc's ops give them: the first loop that takes
   the operands, as for the ufuncs the program declares. */
PYKC_API int pykc_fuse_loop(const char *name, const char *in, const char *weak, char dtype,
                            int new_fusion, char out[4], const char **err);
PYKC_API const char *pykc_dtype_name(int dtype);   /* "float32" ("void" for PYKC_RECORD);
                                                      NULL for no pykc_dtype */
PYKC_API int pykc_dtype_size(int dtype);           /* bytes; 0 for no pykc_dtype and for
                                                      PYKC_RECORD (pykc_record_size) */
PYKC_API char pykc_dtype_kind(int dtype);          /* NumPy's kind: 'b' 'i' 'u' 'f' 'c', 'V'
                                                      (PYKC_RECORD); 0 */
/* A PYKC_RECORD description's item size, or -1 when DESCR is no description. */
PYKC_API int64_t pykc_record_size(const char *descr);
/* The dtype of NumPy kind KIND ('b' 'i' 'u' 'f' 'c') and item size SIZE, or -1. */
PYKC_API int pykc_dtype_of(char kind, int size);

/* ---- argument constructors ---- */
static inline pykc_arg pykc_array(void *dptr, pykc_dtype dt, int ndim, const int64_t *shape) {
  pykc_arg a = {0};
  a.is_array = 1, a.dtype = dt, a.data = dptr, a.ndim = ndim;
  for (int d = 0; d < ndim && d < PYKC_MAX_DIMS; d++)
    a.shape[d] = shape[d];
  return a;
}
static inline pykc_arg pykc_array1d(void *dptr, pykc_dtype dt, int64_t n) {
  return pykc_array(dptr, dt, 1, &n);
}
static inline pykc_arg pykc_scalar_i(pykc_dtype dt, int64_t v) {
  pykc_arg a = {0};
  a.dtype = dt, a.value.i = v;
  return a;
}
static inline pykc_arg pykc_scalar_u(pykc_dtype dt, uint64_t v) {
  pykc_arg a = {0};
  a.dtype = dt, a.value.u = v;
  return a;
}
static inline pykc_arg pykc_scalar_f(pykc_dtype dt, double v) {
  pykc_arg a = {0};
  a.dtype = dt, a.value.f = v;
  return a;
}
static inline pykc_arg pykc_bool(int v) { return pykc_scalar_i(PYKC_BOOL, v != 0); }
static inline pykc_arg pykc_int32(int32_t v) { return pykc_scalar_i(PYKC_INT32, v); }
static inline pykc_arg pykc_int64(int64_t v) { return pykc_scalar_i(PYKC_INT64, v); }
static inline pykc_arg pykc_uint32(uint32_t v) { return pykc_scalar_u(PYKC_UINT32, v); }
static inline pykc_arg pykc_uint64(uint64_t v) { return pykc_scalar_u(PYKC_UINT64, v); }
static inline pykc_arg pykc_float32(float v) { return pykc_scalar_f(PYKC_FLOAT32, v); }
static inline pykc_arg pykc_float64(double v) { return pykc_scalar_f(PYKC_FLOAT64, v); }

#ifdef __cplusplus
}
#endif
#endif
