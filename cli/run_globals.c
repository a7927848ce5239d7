/*
 * run_globals.c: `pykc run FILE.cu ... NAME=...` where NAME is no parameter of the kernel
 * but a __device__ or __constant__ variable of the .cu file: the argument's bytes are
 * copied into the variable before the launch, as a CuPy program fills one through
 * RawModule.get_global (`cupy.ndarray(shape, dtype, mod.get_global(NAME))[...] = data`).
 * The array's (or the :DTYPE scalar's) size must be the variable's; the kernel then reads
 * the values. The library finds the variable (pykc_module_global: cuModuleGetGlobal, the
 * CPU backend's symbol) and copies with pykc_memcpy_htod.
 */
#include "cli.h"
#include "../include/pykc.h"

#include <stdio.h>
#include <string.h>

void cli_mirror_arg(const RunArg *a, pykc_arg *p) {
  memset(p, 0, sizeof *p);
  p->dtype = (pykc_dtype)(a->is_array ? a->arr.dtype : a->dtype);
  p->is_array = a->is_array;
  p->numpy_scalar = !a->is_array && a->dtype_given;   /* 2.5:float64 is numpy.float64(2.5) */
  if (a->is_array) {
    p->data = a->arr.data;
    p->ndim = a->arr.ndim;
    memcpy(p->shape, a->arr.shape, sizeof p->shape);
  } else if (a->dtype == TY_BOOL) {
    p->value.i = a->val.b;
  } else if (dtype_info[a->dtype].is_float) {
    p->value.f = a->val.f;
  } else if (dtype_info[a->dtype].is_complex) {
    p->value.c[0] = a->val.f;
    p->value.c[1] = a->imag;
  } else if (dtype_info[a->dtype].is_signed) {
    p->value.i = a->val.i;
  } else {
    p->value.u = a->val.u;
  }
}

/* Copies G into its variable of M; 0, or an exit status after the message. */
static int bind_one(pykc_context *cx, pykc_module *m, const RunArg *g, const char *kernel,
                    const char *params) {
  void *ptr;
  size_t bytes;
  pykc_status s = pykc_module_global(m, g->name, &ptr, &bytes);
  if (s == PYKC_ERR_USAGE)
    return cli_usage("run", "unknown argument '%s' (kernel '%s' takes %s, and the module has "
                     "no __device__ or __constant__ variable '%s')", g->name, kernel, params,
                     g->name);
  if (s)
    return cli_fail(s == PYKC_ERR_SOURCE ? RT_ESOURCE : RT_EFAIL, pykc_errmsg(cx));
  unsigned char scalar[16];
  const void *src = g->arr.data;
  size_t n = g->arr.nbytes;
  if (!g->is_array) {
    pykc_arg p;
    cli_mirror_arg(g, &p);
    rt_store_scalar(g->dtype, &p, scalar);
    src = scalar, n = dtype_info[g->dtype].size;
  }
  if (n != bytes)
    return cli_usage("run", "argument '%s': %zu bytes for the %zu of the __device__/"
                     "__constant__ variable '%s'", g->name, n, bytes, g->name);
  if (n && (s = pykc_memcpy_htod(cx, ptr, src, n)))
    return cli_fail(RT_EFAIL, pykc_errmsg(cx));
  return 0;
}

int cli_bind_globals(pykc_context *cx, pykc_module *m, const RunArg *g, int n,
                     const char *kernel, const char *params) {
  for (int i = 0; i < n; i++) {
    int st = bind_one(cx, m, &g[i], kernel, params);
    if (st)
      return st;
  }
  return 0;
}
