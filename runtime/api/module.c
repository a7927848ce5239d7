/*
 * module.c: modules: a compiled Unit (src/driver.c) or CUDA C++ as written (.cu); their
 * CUDA C (pykc_module_cuda) and NVRTC's binary of it (pykc_module_binary); freeing them.
 */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- modules ---- */

static pykc_status new_module(pykc_context *cx, const char *name, pykc_module **out) {
  pykc_module *m = calloc(1, sizeof *m);
  *out = m;
  if (!m || !(m->name = strdup(name))) {
    free(m);
    *out = NULL;
    return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  }
  m->cx = cx;
  m->info.name = m->name;
  m->next = cx->modules;
  cx->modules = m;
  return PYKC_OK;
}

/* M's use of the raw code S (ID: its form; NULL for a .cu module), made at the first
   ask. */
pykc_status api_raw_use(pykc_module *m, const RtRawSpec *s, const void *id, RawUse **out) {
  for (RawUse *u = m->raws; u; u = u->next)
    if (u->id == id)
      return *out = u, PYKC_OK;
  char err[RT_ERRLEN];
  RawUse *u = calloc(1, sizeof *u);
  int st = u ? rt_raw_new(s, &u->r, err) : -1;
  if (st) {
    free(u);
    if (st > 0)
      return api_set_err(m->cx, PYKC_ERR_SOURCE, "%s: %s", s->file, err);
    return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  }
  u->id = id;
  u->next = m->raws;
  m->raws = u;
  *out = u;
  return PYKC_OK;
}

static pykc_status raw_module(pykc_context *cx, const char *name, const char *src,
                              const pykc_options *o, pykc_module **out) {
  pykc_status st = new_module(cx, name, out);
  if (st)
    return st;
  RtRawSpec spec = {.code = src, .file = name, .line = 1};
  if (o) {
    spec.options = o->cuda_options, spec.noptions = o->ncuda_options;
    spec.exprs = o->name_expressions, spec.nexprs = o->nname_expressions;
  }
  RawUse *u;
  if ((st = api_raw_use(*out, &spec, NULL, &u))) {
    pykc_module_free(*out);
    *out = NULL;
  }
  return st;
}

int rt_module_from_unit(pykc_context *cx, Unit *u, pykc_module **out) {
  pykc_status st = new_module(cx, kc_name(u), out);
  if (st) {
    kc_free(u);
    return st;
  }
  (*out)->unit = u;
  (*out)->line_info = kc_line_info(u);
  return PYKC_OK;
}

/* A failed call into the compiler: PYKC_ERR_NOMEM when the unit ran out of memory
   (ksig.h: status 3), else ST with MSG. */
pykc_status api_unit_err(pykc_context *cx, const Unit *u, pykc_status st, const char *msg) {
  if (kc_status(u) == 3)
    return api_set_err(cx, PYKC_ERR_NOMEM, "%s: out of memory", kc_name(u));
  return api_set_err(cx, st, "%s", msg);
}

static pykc_status unit_module(pykc_context *cx, Unit *u, pykc_module **out) {
  *out = NULL;
  if (!u)
    return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  if (kc_status(u)) {
    pykc_status st = api_unit_err(cx, u, kc_status(u) == 2 ? PYKC_ERR_USAGE : PYKC_ERR_SOURCE,
                              kc_diags(u));
    kc_free(u);
    return st;
  }
  return rt_module_from_unit(cx, u, out);
}

/* A list option from the caller: N entries at LIST (NULL only when N is 0), none NULL. */
static bool bad_list(pykc_context *cx, const char *what, int n, const char *const *list) {
  if (n < 0 || (n > 0 && !list)) {
    api_set_err(cx, PYKC_ERR_USAGE, "pykc_options: n%s is %d but %s is %s", what, n, what,
            list ? "set" : "NULL");
    return true;
  }
  for (int i = 0; i < n; i++)
    if (!list[i]) {
      api_set_err(cx, PYKC_ERR_USAGE, "pykc_options: %s[%d] is NULL", what, i);
      return true;
    }
  return false;
}

/* Options from the caller: each list and its count must agree. */
static bool bad_options(pykc_context *cx, const pykc_options *o) {
  return o && (bad_list(cx, "sigs", o->nsigs, o->sigs) ||
               bad_list(cx, "defines", o->ndefines, o->defines) ||
               bad_list(cx, "cuda_options", o->ncuda_options, o->cuda_options) ||
               bad_list(cx, "name_expressions", o->nname_expressions, o->name_expressions));
}

pykc_status pykc_compile_file(pykc_context *cx, const char *path, const pykc_options *opt,
                              pykc_module **out) {
  if (!out || !cx || !path)
    return api_null_arg(cx, "pykc_compile_file", !out ? "out" : "path");
  *out = NULL;
  api_clear_err(cx);
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (rt_is_cu(path)) {
    char why[RT_ERRLEN], *text;
    int e = rt_read_text(path, &text, why);
    if (e)
      return api_set_err(cx, e == RT_ESOURCE ? PYKC_ERR_SOURCE : PYKC_ERR_USAGE, "%s", why);
    pykc_status st = raw_module(cx, path, text, opt, out);
    free(text);
    return st;
  }
  return unit_module(cx, kc_compile(path, NULL, opt), out);
}

pykc_status pykc_compile_string(pykc_context *cx, const char *name, const char *source,
                                const pykc_options *opt, pykc_module **out) {
  if (!out || !cx || !source)
    return api_null_arg(cx, "pykc_compile_string", !out ? "out" : "source");
  *out = NULL;
  api_clear_err(cx);
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (!name)
    name = "<string>";
  if (rt_is_cu(name))
    return raw_module(cx, name, source, opt, out);
  return unit_module(cx, kc_compile(name, source, opt), out);
}


void pykc_module_free(pykc_module *m) {
  if (!m)
    return;
  for (pykc_module **p = &m->cx->modules; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      break;
    }
  pykc_context *cx = m->cx;
  if (cx->dev) {
    cx->be->forget(cx->dev, &m->info);
    for (int i = 0; i < m->nmods; i++)
      cx->be->unload(cx->dev, m->mods[i]);
  }
  for (pykc_kernel *k = m->kernels, *next; k; k = next) {
    next = k->next;
    api_free_kspecs(k->specs);
    free(k->form_memo);
    free(k);
  }
  free(m->mods);
  free(m->cuda_text);
  free(m->compile_log);
  free(m->bin);
  for (RawUse *u = m->raws, *next; u; u = next) {
    next = u->next;
    rt_raw_free(u->r);
    free(u);
  }
  kc_free(m->unit);
  free(m->name);
  free(m);
}

/* A .cu module's code compiled and loaded (once): PYKC_OK or the failure, set. WHAT
   names the caller for a module that is no .cu module. */
static pykc_status raw_loaded(pykc_module *m, const char *what) {
  pykc_context *cx = m->cx;
  api_clear_err(cx);
  if (m->unit || !m->raws)
    return api_set_err(cx, PYKC_ERR_USAGE, "%s: not CUDA C++ (a .cu module): %s", m->name,
                       what);
  if (!cx->dev)
    return api_no_device(cx, m->name);
  return api_raw_load(m, m->raws);
}

pykc_status pykc_module_load(pykc_module *m) {
  if (!m)
    return api_null_arg(NULL, "pykc_module_load", "m");
  return raw_loaded(m, "pykc_module_load is for CUDA C++");
}

pykc_status pykc_module_global(pykc_module *m, const char *name, void **ptr, size_t *bytes) {
  if (!m || !name || !ptr || !bytes)
    return api_null_arg(m ? m->cx : NULL, "pykc_module_global",
                        !name ? "name" : !ptr ? "ptr" : "bytes");
  pykc_context *cx = m->cx;
  *ptr = NULL, *bytes = 0;
  pykc_status st = raw_loaded(m, "it has no __device__ or __constant__ variables");
  if (st)
    return st;
  char err[RT_ERRLEN];
  int r = cx->be->global(cx->dev, m->raws->mod, name, ptr, bytes, err);
  return r ? api_set_err(cx, (pykc_status)r, "%s: %s", m->name, err) : PYKC_OK;
}

pykc_status pykc_module_log(pykc_module *m, const char **log) {
  if (!m || !log)
    return api_null_arg(m ? m->cx : NULL, "pykc_module_log", "log");
  *log = m->compile_log;
  return PYKC_OK;
}

pykc_status pykc_module_cuda(pykc_module *m, const char **src) {
  if (!m || !src)
    return api_null_arg(m ? m->cx : NULL, "pykc_module_cuda", "src");
  *src = NULL;
  if (!m->unit)
    return *src = rt_raw_code(m->raws->r), PYKC_OK;
  size_t before = kc_diag_mark(m->unit);
  int covered;
  char *text = kc_emit(m->unit, false, &covered);
  if (!text)
    return api_set_err(m->cx, kc_status(m->unit) == 3 ? PYKC_ERR_NOMEM : PYKC_ERR_SOURCE, "%s",
                   kc_diags_since(m->unit, before));
  free(m->cuda_text);
  m->cuda_text = text;
  *src = text;
  return PYKC_OK;
}

/* NVRTC's PTX or cubin of the module's CUDA C (the GPU backend's, on any context). */
pykc_status pykc_module_binary(pykc_module *m, const char *arch, const void **data, size_t *len) {
  if (!m || !data || !len)
    return api_null_arg(m ? m->cx : NULL, "pykc_module_binary", !data ? "data" : "len");
  pykc_context *cx = m->cx;
  const RtBackend *gpu = &rt_gpu_backend;
  char err[RT_ERRLEN];
  *data = NULL, *len = 0;
  RtArch t;
  int st = gpu->binary_target(arch, cx->dev ? cx->be->arch(cx->dev) : 0, &t, err);
  if (st)
    return api_be_err(cx, st, err);
  const char *src;
  if ((st = pykc_module_cuda(m, &src)))
    return (pykc_status)st;
  free(m->bin);
  m->bin = NULL;
  RtCode c = {.name = m->name, .text = src, .unit = m->unit, .raw = m->unit ? NULL : m->raws->r,
              .line_info = m->line_info, .user_code = m->unit && kc_user_code(m->unit)};
  char *log = NULL;
  if ((st = gpu->binary(&c, &t, &m->bin, len, &log, err)))
    api_set_err(cx, (pykc_status)st, "%s%s%s", err, log ? "\n" : "", log ? log : "");
  free(log);
  if (st)
    return (pykc_status)st;
  *data = m->bin;
  return PYKC_OK;
}
