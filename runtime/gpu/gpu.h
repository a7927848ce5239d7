/*
 * runtime/gpu/gpu.h: the GPU backend's internal interfaces, one section per file.
 *   backend.c  rt_gpu_backend: the operations of runtime/backend.h over a CUDA device
 *   nvrtc.c    NVRTC through dlopen            (CUDA C -> PTX / cubin, the disk cache)
 *   driver.c   the CUDA Driver API through dlopen
 *   debug.c    --debug on the GPU              (the kernels' pykc_debug failure record)
 *   bandwidth.c  the device's copy bandwidth     (measured once, kept in the cache)
 *   jitify.c   CuPy's jitify=True              (standard headers, missing headers left out)
 *   link.c     relocatable device code linked with libcudadevrt (dynamic parallelism)
 * The API sees rt_gpu_backend alone; the CLI uses NVRTC and the driver directly (pykc
 * ptx/cubin, device queries).
 */
#ifndef PYKC_GPU_H
#define PYKC_GPU_H

#include "../rt.h"

/* ---- nvrtc.c: NVRTC through dlopen, with the disk cache ---- */
typedef struct RtBinary {
  void *data;                 /* malloc'd: PTX text (NUL-terminated) or a cubin */
  size_t len;                 /* bytes (PTX: including the NUL) */
  bool is_cubin;
  bool cache_hit;
  double nvrtc_ms, cache_ms;  /* time in NVRTC, time in cache lookups/stores */
  char *lowered;              /* RtCompile.exprs' lowered names, one per line, or NULL */
} RtBinary;

typedef struct RtCompile {
  const char *name;           /* program name shown in NVRTC messages (the source file) */
  int arch;                   /* compute capability * 10 + minor: 90 for sm_90 */
  char arch_suffix;           /* 0, 'a' or 'f' (sm_90a, sm_100f) */
  bool cubin;                 /* cubin for sm_ARCH, else PTX for compute_ARCH */
  bool line_info;             /* -lineinfo */
  bool generated;             /* pykc emitted the source (pykc's options: -ftz=true as
                                 CuPy builds, -minimal): an NVRTC error is a pykc bug ... */
  bool user_code;             /* ... unless it holds its author's code (a kernel form's
                                 snippets): then the error is the source's, no -minimal */
  bool cccl;                  /* it includes the CCCL headers (jit.cg, jit.cub): -I the
                                 toolkit's include folders, no -minimal */
  const char *const *options; /* the user's NVRTC options (RawModule's options=) */
  int noptions;
  const char *const *exprs;   /* name expressions ("fx3<float>"): RtBinary.lowered */
  int nexprs;
} RtCompile;

/* Loads NVRTC once ($PYKC_NVRTC if set, else libnvrtc.so.13 / libnvrtc.so in $CUDA_HOME/lib64,
   /usr/local/cuda/lib64, then the default search). 0 or RT_EFAIL with a message. */
int rt_nvrtc_load(char *err);
int rt_nvrtc_version(int *major, int *minor);
/* The highest architecture NVRTC supports that is <= want (0 if none); lo/hi its range. */
int rt_nvrtc_best_arch(int want, int *lo, int *hi);
/* Parses "sm_90", "compute_90a", "sm_100f"; 0 or -1. */
int rt_parse_arch(const char *s, int *arch, char *suffix, bool *is_sm);
/* Compiles SRC (cache first). On an NVRTC error: RT_ESOURCE for user code, RT_EFAIL for
   generated code (the source is kept in a file named in err); *log gets NVRTC's log
   (malloc'd, may be NULL). Other failures: RT_EFAIL with err. */
int rt_compile(const char *src, const RtCompile *o, RtBinary *out, char **log, char *err);
void rt_binary_free(RtBinary *b);
/* (backend.c) The options and name expressions of CUDA C++ as written, for rt_compile. */
void rt_raw_compile_opts(const RtRaw *r, RtCompile *o);

/* ---- jitify.c: CuPy's jitify=True (the option RT_JITIFY_OPTION) ---- */
#define RT_JITIFY_OPTION "-DCUPY_USE_JITIFY"
bool rt_jitify_of(const RtCompile *o);
/* Jitify's standard headers (libcu++'s under std) into NAMES/TEXTS; the count (<= MAX). */
int rt_jitify_headers(const char **names, const char **texts, int max);
/* The header NVRTC's LOG says it cannot find (malloc'd), unless one of HAVE; else NULL. */
char *rt_jitify_missing(const char *log, const char *const *have, int nhave);

/* ---- driver.c: the CUDA Driver API through dlopen ---- */
typedef unsigned long long RtDevPtr;        /* CUdeviceptr */
typedef struct RtCuda {                     /* CUDA's signatures, handles as void * */
  int (*Init)(unsigned);
  int (*DriverGetVersion)(int *);
  int (*DeviceGetCount)(int *);
  int (*DeviceGet)(int *, int);
  int (*DeviceGetAttribute)(int *, int, int);
  int (*DeviceGetName)(char *, int, int);
  int (*DevicePrimaryCtxRetain)(void **, int);
  int (*DevicePrimaryCtxRelease)(int);
  int (*CtxSetCurrent)(void *);
  int (*CtxSynchronize)(void);
  int (*ModuleLoadData)(void **, const void *);
  int (*ModuleUnload)(void *);
  int (*ModuleGetFunction)(void **, void *, const char *);
  int (*ModuleGetGlobal)(RtDevPtr *, size_t *, void *, const char *);
  int (*FuncGetAttribute)(int *, int, void *);
  int (*FuncSetAttribute)(void *, int, int);
  int (*OccupancyMaxActiveBlocksPerMultiprocessor)(int *, void *, int, size_t);
  int (*DeviceGetUuid)(unsigned char *, int);          /* CUuuid: 16 bytes */
  int (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                      unsigned, void *, void **, void **);
  int (*MemAlloc)(RtDevPtr *, size_t);
  int (*MemFree)(RtDevPtr);
  int (*MemcpyHtoD)(RtDevPtr, const void *, size_t);
  int (*MemcpyDtoH)(void *, RtDevPtr, size_t);
  int (*MemcpyDtoD)(RtDevPtr, RtDevPtr, size_t);
  int (*MemsetD8)(RtDevPtr, unsigned char, size_t);
  int (*StreamCreate)(void **, unsigned);
  int (*StreamDestroy)(void *);
  int (*StreamSynchronize)(void *);
  int (*EventCreate)(void **, unsigned);
  int (*EventRecord)(void *, void *);
  int (*EventSynchronize)(void *);
  int (*EventElapsedTime)(float *, void *, void *);
  int (*EventDestroy)(void *);
  int (*GetErrorName)(int, const char **);
  int (*GetErrorString)(int, const char **);
  int (*LaunchCooperativeKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                                 unsigned, unsigned, void *, void **);
  int (*LinkCreate)(unsigned, int *, void **, void **);   /* relocatable code (link.c); */
                                                          /* these five may be NULL */
  int (*LinkAddData)(void *, int, void *, size_t, const char *, unsigned, int *, void **);
  int (*LinkAddFile)(void *, int, const char *, unsigned, int *, void **);
  int (*LinkComplete)(void *, void **, size_t *);
  int (*LinkDestroy)(void *);
} RtCuda;

enum {                                      /* the CUDA enum values pykc uses */
  RT_CU_NOT_FOUND = 500,
  RT_CU_DEV_CC_MAJOR = 75, RT_CU_DEV_CC_MINOR = 76, RT_CU_DEV_SM_COUNT = 16,
  RT_CU_DEV_THREADS_PER_SM = 39,            /* MAX_THREADS_PER_MULTIPROCESSOR */
  RT_CU_OUT_OF_MEMORY = 2,
  RT_CU_FUNC_MAX_DYN_SHARED = 8, RT_CU_FUNC_SHARED_BYTES = 1,
  RT_CU_DEV_SMEM_OPTIN = 97,                /* MAX_SHARED_MEMORY_PER_BLOCK_OPTIN */
  RT_CU_DEV_COOPERATIVE_LAUNCH = 95
};

/* Loads libcuda.so.1 ($PYKC_LIBCUDA if set) and calls cuInit once. Returns the table, or
   NULL with err "no CUDA driver (...)" or "no CUDA device (...)". */
const RtCuda *rt_cuda(char *err);
/* "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)" */
void rt_cuda_errstr(int r, char *buf, size_t n);
/* True for the errors a kernel raises asynchronously (illegal address, trap, ...). */
bool rt_cuda_is_kernel_error(int r);

/* ---- link.c: relocatable device code linked with libcudadevrt ---- */
/* Do OPTIONS ask for relocatable device code (-dc, -rdc=true, ...)? */
bool rt_link_needed(const char *const *options, int n);
/* BIN (NVRTC's relocatable cubin or PTX) linked with libcudadevrt.a and loaded: *MOD. */
int rt_link_devrt(const RtCuda *cu, const RtBinary *bin, void **mod, char *err);

typedef struct RtDevice {
  int ordinal, cudev;
  void *ctx;                                /* the retained primary context */
  int arch;                                 /* 90 for compute capability 9.0 */
  char name[128];
} RtDevice;
/* Retains device N's primary context and makes it current. 0, RT_ENODEV or RT_EFAIL. */
int rt_device_open(int ordinal, RtDevice *d, char *err);
void rt_device_close(RtDevice *d);
/* The compute capability of device 0 (e.g. 90), or 0 when there is no driver or GPU. */
int rt_device_arch0(void);

/* ---- bandwidth.c ---- */
/* DEV's copy bandwidth: bytes read and written per second by cuMemcpyDtoD, from the cache
   folder (an entry per device, keyed by its UUID and name) or measured and stored there.
   DEV's context is current. 0, or RT_EFAIL with err. */
int rt_gpu_copy_bandwidth(const RtDevice *dev, double *bps, char *err);

/* ---- debug.c: the --debug failure record of a CUDA module (src/emit_cuda.c) ---- */
typedef struct RtDebugRec {                 /* the layout of the emitted struct PykcDebug */
  int32_t reporter;                         /* 1: pykc reads the record (no printf/trap) */
  int32_t state;                            /* 0 free, 1 being written, 2 complete */
  int32_t kind;                             /* 1 index out of bounds, 2 assertion failed */
  int32_t line;
  int32_t axis, ndim;
  int64_t index;
  int64_t shape[8];
  uint32_t block[3], thread[3];
  char text[128];                           /* array name, or the assertion's message */
} RtDebugRec;
/* Finds the module's `pykc_debug` record (present when its source was emitted with
   --debug and has checks) and marks it as read by pykc. 1 found (*rec set), 0 none, or
   RT_EFAIL with err. */
int rt_debug_attach(void *module, RtDevPtr *rec, char *err);
/* After a synchronisation: if the record holds a failure, writes "FILE:LINE: index I out
   of bounds for axis D of NAME with shape (S,) (kernel 'K', block (x,y,z), thread
   (x,y,z))" or "FILE:LINE: assertion failed[: MSG] (kernel ...)" into msg, clears the
   record and returns 1; 0 if none; RT_EFAIL with msg on a CUDA error. */
int rt_debug_take(RtDevPtr rec, const char *file, const char *kernel, char *msg);

#endif
