/*
 * runtime/rt.h: the runtime's internal interfaces, one section per module.
 *   npy.c    .npy read/write/print           (NumPy format 1.0-3.0, C order)
 *   args.c   `pykc run` argument specs        (NAME=@f.npy, zeros:DTYPE:SHAPE, VALUE[:DTYPE])
 *   cache.c  the disk cache                    (XXH3-128 keys, atomic writes, checked entries)
 *   nvrtc.c  NVRTC through dlopen              (CUDA C -> PTX / cubin)
 *   driver.c the CUDA Driver API through dlopen
 *   cpu.c    the CPU backend                   (cc -> .so -> dlopen -> fibers)
 * Functions return 0 on success and write a one-line message into err on failure.
 */
#ifndef PYKC_RT_H
#define PYKC_RT_H

#include "pykc.h"
#include <stdio.h>

#define RT_ERRLEN 512
#define RT_MAXDIM 8

/* ---- npy.c ---- */
typedef struct NpyArray {
  int dtype;                  /* TY_BOOL .. TY_COMPLEX128 */
  int ndim;                   /* 0 .. RT_MAXDIM */
  int64_t shape[RT_MAXDIM];
  int64_t size;               /* product of shape (1 for 0-d) */
  void *data;                 /* malloc'd, C order, little-endian */
  size_t nbytes;
} NpyArray;

int rt_npy_read(const char *path, NpyArray *out, char *err);
int rt_npy_write(const char *path, const NpyArray *a, char *err);
int rt_npy_alloc(NpyArray *a, int dtype, int ndim, const int64_t *shape, char *err);
void rt_npy_free(NpyArray *a);
/* Prints `name = <NumPy-style repr of the array>` (numpy's array2string rules, summarised
   with '...' past 1000 elements). */
void rt_npy_print(FILE *f, const char *name, const NpyArray *a);

/* ---- args.c ---- */
typedef struct RunArg {
  const char *name;           /* parameter name (points into the spec string) */
  bool is_array;
  NpyArray arr;               /* arrays: the host data */
  int dtype;                  /* scalars: TY_* (given with :DTYPE, or by literal rules) */
  bool dtype_given;
  union { int64_t i; uint64_t u; double f; bool b; } val;  /* scalars, of `dtype` */
} RunArg;
/* Parses one `NAME=...` spec (NAME=@PATH.npy, NAME=zeros|ones|arange:DTYPE:SHAPE with SHAPE
   like 1000 or 64x64, NAME=VALUE[:DTYPE]). mode picks literal typing (MODE_CUDA: int32 if it
   fits else int64, uint64 past int64; float -> float32; MODE_NUMPY: int64, float64). */
int rt_parse_arg(const char *spec, Mode mode, RunArg *out, char *err);
void rt_arg_free(RunArg *a);

/* ---- cache.c ---- */
/* Cache key: XXH3-128 over the parts, rendered as 32 hex digits. */
void rt_cache_key(const void *const *parts, const size_t *lens, int nparts, char hex[33]);
/* The cache folder ($PYKC_CACHE_DIR, else $XDG_CACHE_HOME/pykc, else ~/.cache/pykc). */
int rt_cache_dir(char *buf, size_t n, char *err);
bool rt_cache_enabled(void);  /* false when PYKC_CACHE=0 */
/* Looks up KEY.EXT. Returns 1 and a malloc'd copy on a hit, 0 on a miss; a corrupt or
   truncated entry is removed and counts as a miss. */
int rt_cache_get(const char *key, const char *ext, void **data, size_t *len);
/* Writes KEY.EXT atomically (temporary file + rename), with a header holding its length
   and hash. Returns 0 or -1 (err set); failure to cache is never fatal to callers. */
int rt_cache_put(const char *key, const char *ext, const void *data, size_t len, char *err);
/* Path of KEY.EXT in the cache (for artefacts the CPU backend dlopens). */
int rt_cache_path(const char *key, const char *ext, char *buf, size_t n, char *err);
int rt_cache_info(FILE *f, char *err);
int rt_cache_clear(char *err);

/* ---- cli.c: the runtime subcommands (argv[0] is the subcommand; returns exit status) ---- */
int cli_ptx(int argc, char **argv);
int cli_cubin(int argc, char **argv);
int cli_header(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_cache(int argc, char **argv);

#endif
