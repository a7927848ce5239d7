/*
 * runtime/api/hooks.h: what the API gives beside include/pykc.h, to the CLI and to
 * form.c: a context's statistics, a module over a Unit the caller compiled, the
 * signature a launch would pick, a kernel's parts.
 */
#ifndef PYKC_HOOKS_H
#define PYKC_HOOKS_H

#include "../rt.h"

struct pykc_context;
struct pykc_module;
struct pykc_kernel;
RtStats *rt_context_stats(struct pykc_context *c);
/* A module over a compiled Unit (the module takes it over; freed with the module). */
int rt_module_from_unit(struct pykc_context *c, Unit *u, struct pykc_module **out);
/* The signature that arguments of these types select, as a launch picks it: the first
   declared one they match, or a new specialisation of a generic kernel. NULL with err;
   *source_error when the unit's diagnostics (since the call) explain. */
const KSig *rt_pick_sig(Unit *u, const KKernel *k, const struct pykc_arg *args, int nargs,
                        bool *source_error, char *err);
/* The dtype of scalar parameter I of a .cu kernel (its declared C type), else -1. */
int rt_kernel_param_dtype(const struct pykc_kernel *k, int i);
/* Whether parameter I of a .cu kernel is passed by value and has a C type with no dtype
   (a struct, double3, Matrix<float>): an array given for it passes its bytes. */
bool rt_kernel_param_opaque(const struct pykc_kernel *k, int i);
/* form.c's view of a kernel (kernel.c): its compiler kernel (NULL for .cu kernels), unit,
   name, its context's backend (backend.h), and the context's message. */
const KKernel *rt_kernel_kk(const struct pykc_kernel *k);
Unit *rt_kernel_unit(const struct pykc_kernel *k);
const char *rt_kernel_name(const struct pykc_kernel *k);
const struct RtBackend *rt_kernel_backend(const struct pykc_kernel *k);
/* A usage error of kind USAGE (CuPy's ValueError, numpy's AxisError ...). */
pykc_status rt_kernel_err_as(struct pykc_kernel *k, pykc_usage usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
pykc_status rt_kernel_err(struct pykc_kernel *k, pykc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rt_kernel_clear_err(struct pykc_kernel *k);

#endif
