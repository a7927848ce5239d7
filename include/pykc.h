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
 * "kernel 'k' failed: CUDA_ERROR_ILLEGAL_ADDRESS (...)"). The library never exits and never
 * longjmps across this API; a NULL handle or pointer argument is PYKC_ERR_USAGE (with a
 * message when there is a context to hold it), and a failed call leaves its handles
 * usable. Handles are not thread-safe: use one context per thread, or lock around calls.
 * Modules and kernels belong to their context (pykc_free frees the modules still open);
 * kernels to their module. pykc_free(NULL), pykc_module_free(NULL),
 * pykc_mem_free(cx, NULL) and pykc_stream_destroy(cx, NULL) do nothing.
 * Generic (unannotated) kernels are specialised to the argument types of each launch
 * (arrays given with strides == NULL are C-contiguous, T[::1]); each specialisation is
 * compiled once (and cached on disk), then a launch costs one hash lookup, the argument
 * check and cuLaunchKernel.
 */
#ifndef PYKC_H
#define PYKC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PYKC_MAX_DIMS 8

typedef struct pykc_context pykc_context;   /* a device, its primary context, errors */
typedef struct pykc_module pykc_module;     /* one compiled source file */
typedef struct pykc_kernel pykc_kernel;     /* a kernel of a module */

typedef enum pykc_status {
  PYKC_OK = 0,
  PYKC_ERR_SOURCE = 1,     /* errors in the kernel source (the diagnostics) */
  PYKC_ERR_USAGE = 2,      /* bad call: unknown kernel, arguments that do not match */
  PYKC_ERR_CUDA = 3,       /* NVRTC, the driver or the kernel failed */
  PYKC_ERR_NO_DEVICE = 4,  /* no CUDA driver or no GPU */
  PYKC_ERR_NOMEM = 5       /* host memory */
} pykc_status;

/* The kernel language's dtypes. */
typedef enum pykc_dtype {
  PYKC_BOOL, PYKC_INT8, PYKC_UINT8, PYKC_INT16, PYKC_UINT16, PYKC_INT32, PYKC_UINT32,
  PYKC_INT64, PYKC_UINT64, PYKC_FLOAT16, PYKC_FLOAT32, PYKC_FLOAT64, PYKC_COMPLEX64,
  PYKC_COMPLEX128
} pykc_dtype;

/* One launch argument: an array in device memory, or a scalar. */
typedef struct pykc_arg {
  int is_array;
  pykc_dtype dtype;
  void *data;                     /* arrays: device pointer (a CUdeviceptr) */
  int ndim;                       /* arrays: 0 .. PYKC_MAX_DIMS */
  int64_t shape[PYKC_MAX_DIMS];
  const int64_t *strides;         /* arrays: bytes per dimension; NULL = C-contiguous */
  union {
    int64_t i;                    /* bool and signed integers */
    uint64_t u;                   /* unsigned integers */
    double f;                     /* float16, float32, float64 */
    double c[2];                  /* complex: real, imaginary */
  } value;                        /* scalars; converted to the parameter's type */
} pykc_arg;

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
} pykc_options;

typedef enum pykc_attr {
  PYKC_ATTR_NUM_REGS,             /* registers per thread */
  PYKC_ATTR_SHARED_BYTES,         /* static shared memory per block */
  PYKC_ATTR_LOCAL_BYTES,          /* local memory per thread */
  PYKC_ATTR_CONST_BYTES,          /* constant memory */
  PYKC_ATTR_MAX_THREADS_PER_BLOCK,
  PYKC_ATTR_PTX_VERSION,
  PYKC_ATTR_BINARY_VERSION
} pykc_attr;

const char *pykc_version(void);
const char *pykc_status_name(pykc_status s);

/* Opens CUDA device DEVICE. *out is set whenever memory allows, also on failure, so that
   pykc_errmsg(*out) explains it; free it with pykc_free. */
pykc_status pykc_init(int device, pykc_context **out);
void pykc_free(pykc_context *cx);
const char *pykc_errmsg(const pykc_context *cx);   /* never NULL */
/* The device's compute capability as 10 * major + minor (90 for an H100). */
int pykc_device_arch(const pykc_context *cx);

/* Compiles a kernel-language file, or a .cu file (raw CUDA C: its extern "C" kernels take
   arrays as bare pointers). opt may be NULL. */
pykc_status pykc_compile_file(pykc_context *cx, const char *path, const pykc_options *opt,
                              pykc_module **out);
/* The same from memory; NAME is used in messages (a NAME ending in .cu means raw CUDA). */
pykc_status pykc_compile_string(pykc_context *cx, const char *name, const char *source,
                                const pykc_options *opt, pykc_module **out);
void pykc_module_free(pykc_module *m);

pykc_status pykc_get_kernel(pykc_module *m, const char *name, pykc_kernel **out);
int pykc_kernel_nparams(const pykc_kernel *k);
const char *pykc_kernel_param_name(const pykc_kernel *k, int i);
/* Compiles and loads the specialisation these arguments select, without launching (the
   arguments' types matter, not their values). */
pykc_status pykc_prepare(pykc_kernel *k, const pykc_arg *args, int nargs);
/* An attribute of the kernel's last prepared or launched specialisation (a kernel with
   declared types is prepared here when needed). */
pykc_status pykc_kernel_attr(pykc_kernel *k, pykc_attr attr, int *value);

/* Checks the arguments and CUDA's launch limits (block x, y <= 1024, z <= 64, at most 1024
   threads; grid y, z <= 65535; dynamic shared memory within the device's opt-in limit,
   which pykc requests past 48 KiB) before launching: PYKC_ERR_USAGE names what is wrong. */
pykc_status pykc_launch(pykc_kernel *k, const pykc_launch_cfg *cfg, const pykc_arg *args,
                        int nargs);
/* Waits for the device; a kernel's failure is reported with its name. */
pykc_status pykc_synchronize(pykc_context *cx);

/* Device memory and streams. */
pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr);
pykc_status pykc_mem_free(pykc_context *cx, void *dptr);
pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes);
pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes);
pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes);
pykc_status pykc_stream_create(pykc_context *cx, void **stream);
pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream);
pykc_status pykc_stream_destroy(pykc_context *cx, void *stream);

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
