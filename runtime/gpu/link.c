/*
 * link.c: relocatable device code (NVRTC's -dc, -rdc=true ...: dynamic parallelism, a
 * kernel launching kernels) linked with the CUDA device runtime, libcudadevrt.a, by the
 * driver's linker (cuLinkCreate ... cuLinkComplete), as CuPy does
 * (cupy/cuda/compiler.py, _is_cudadevrt_needed and _get_cudadevrt_path).
 * libcudadevrt.a: $PYKC_CUDADEVRT (the Python package sets it from the nvidia-cuda-runtime
 * wheel where no toolkit has it), else lib64/ then lib/ of $CUDA_HOME, $CUDA_PATH and
 * /usr/local/cuda.
 */
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { JIT_INPUT_CUBIN = 0, JIT_INPUT_PTX = 1, JIT_INPUT_LIBRARY = 4 };

bool rt_link_needed(const char *const *options, int n) {
  static const char *const rdc[] = {"--device-c", "-dc", "-rdc=true",
                                    "--relocatable-device-code=true"};
  for (int i = 0; i < n; i++)
    for (size_t k = 0; k < sizeof rdc / sizeof *rdc; k++)
      if (strcmp(options[i], rdc[k]) == 0)
        return true;
  return false;
}

static bool devrt_path(char *path, size_t n) {
  const char *forced = getenv("PYKC_CUDADEVRT");
  if (forced && *forced) {
    snprintf(path, n, "%s", forced);
    return access(path, R_OK) == 0;
  }
  const char *dirs[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda"};
  for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++)
    for (int lib = 0; lib < 2 && dirs[d] && *dirs[d]; lib++) {
      snprintf(path, n, "%s/%s/libcudadevrt.a", dirs[d], lib ? "lib" : "lib64");
      if (access(path, R_OK) == 0)
        return true;
    }
  return false;
}

static int link_err(const RtCuda *cu, int r, const char *what, const char *info, char *err) {
  char why[RT_ERRLEN / 2];
  rt_cuda_errstr(r, why, sizeof why);
  rt_errf(err, "linking relocatable device code with libcudadevrt: %s: %s%s%.300s", what, why,
          info && *info ? ": " : "", info ? info : "");
  (void)cu;
  return RT_EFAIL;
}

int rt_link_devrt(const RtCuda *cu, const RtBinary *bin, void **mod, char *err) {
  if (!cu->LinkCreate || !cu->LinkAddData || !cu->LinkAddFile || !cu->LinkComplete ||
      !cu->LinkDestroy) {
    rt_errf(err, "relocatable device code (-dc, -rdc=true) is linked by the CUDA driver's "
            "linker, which this driver lacks (cuLinkCreate)");
    return RT_EFAIL;
  }
  char path[4200];
  if (!devrt_path(path, sizeof path)) {
    rt_errf(err, "relocatable device code (-dc, -rdc=true) is linked with the CUDA device "
            "runtime, libcudadevrt.a, which is not in $CUDA_HOME, $CUDA_PATH or "
            "/usr/local/cuda (lib64/ or lib/): install the CUDA toolkit or set "
            "PYKC_CUDADEVRT to its path");
    return RT_EFAIL;
  }
  char info[1024] = "";                            /* the linker's error text */
  int opts[] = {5 /* CU_JIT_ERROR_LOG_BUFFER */, 6 /* ..._SIZE_BYTES */};
  void *vals[] = {info, (void *)(uintptr_t)sizeof info};
  void *state = NULL, *cubin = NULL;
  size_t size = 0;
  int r = cu->LinkCreate(2, opts, vals, &state);
  if (r)
    return link_err(cu, r, "cuLinkCreate", NULL, err);
  const char *what = "cuLinkAddData";
  r = cu->LinkAddData(state, bin->is_cubin ? JIT_INPUT_CUBIN : JIT_INPUT_PTX, bin->data,
                      bin->len, "pykc", 0, NULL, NULL);
  if (!r)
    what = "cuLinkAddFile", r = cu->LinkAddFile(state, JIT_INPUT_LIBRARY, path, 0, NULL, NULL);
  if (!r)
    what = "cuLinkComplete", r = cu->LinkComplete(state, &cubin, &size);
  if (!r)
    what = "cuModuleLoadData", r = cu->ModuleLoadData(mod, cubin);
  int st = r ? link_err(cu, r, what, info, err) : 0;
  cu->LinkDestroy(state);                          /* (it owns the linked cubin) */
  return st;
}
