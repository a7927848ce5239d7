/*
 * driver.c: the pipeline as library calls. Reads a file, then runs lexer+parser and sema
 * inside a setjmp so that a fatal front-end error comes back as a status, never an exit.
 * Emission and run-time specialisation go through here too, under the same protection.
 */
#include "driver.h"
#include "../forms/forms.h"
#include "../fuse/fuse.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets up U's context; false when out of memory. */

/* The front ends the DSL's module reader hands kernel forms and @cupy.fuse defs to. */
static const SemaFronts fronts = {
    .form = sema_form,
    .form_class_kind = form_class_kind,
    .fuse_def = sema_fuse_def,
};

static bool init_ctx(Unit *u, const char *name, const Options *opt) {
  jmp_buf jb;
  jmp_buf *saved = arena_set_oom(&jb);
  int failed = setjmp(jb);
  if (!failed) {
    u->src.name = name;
    ctx_init(&u->ctx, &u->src, opt);
    u->src.name = intern_cstr(&u->ctx.names, name);
  }
  arena_set_oom(saved);
  return !failed;
}

/* A fresh unit, or NULL when out of memory. */
static Unit *unit_new(const char *name, const Options *opt) {
  Unit *u = calloc(1, sizeof *u);
  if (u && !init_ctx(u, name, opt)) {
    ctx_free(&u->ctx);
    free(u);
    u = NULL;
  }
  return u;
}

/* A copy of TEXT as the unit's source; false when out of memory (status 3). */
static bool set_text(Unit *u, const char *text, size_t len) {
  u->text = malloc(len + 1);
  if (!u->text) {
    u->status = 3;
    return false;
  }
  memcpy(u->text, text, len);
  u->text[len] = 0;
  const char *p = u->text;
  if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) /* UTF-8 BOM */
    p += 3, len -= 3;
  u->src.text = p;
  u->src.len = len;
  return true;
}

int unit_protect(Unit *u, void (*fn)(Unit *, void *), void *arg) {
  if (u->status == 3)                              /* out of memory earlier: unusable */
    return UNIT_OOM;
  jmp_buf jb;
  jmp_buf *saved = u->ctx.fatal, *saved_oom = arena_set_oom(&jb);
  u->ctx.fatal = &jb;
  bool discard = u->ctx.discard;
  int max_errors = u->ctx.max_errors;
  int failed = setjmp(jb);
  if (!failed)
    fn(u, arg);
  else                                             /* what a phase set for a while */
    u->ctx.discard = discard, u->ctx.max_errors = max_errors;
  u->ctx.fatal = saved;
  arena_set_oom(saved_oom);
  if (failed == UNIT_OOM)
    u->status = 3;
  return failed;
}

static void front_end(Unit *u, void *arg) {
  (void)arg;
  u->module = parse_module(&u->ctx);
  if (u->module && u->ctx.nerrors == 0)
    u->prog = sema_program(&u->ctx, u->module, &fronts);
  if (u->prog && u->ctx.nerrors == 0)
    lower_program(&u->ctx, u->prog);
}

static Unit *compile(Unit *u) {
  if (unit_protect(u, front_end, NULL) == UNIT_OOM)
    return u;
  if (u->ctx.nerrors || !u->prog)
    u->status = u->ctx.nusage && u->ctx.nusage == u->ctx.nerrors ? 2 : 1;
  return u;
}

typedef struct ReadErr {
  const char *path;
  int err;
} ReadErr;

static void cannot_read(Unit *u, void *arg) {
  ReadErr *r = arg;
  diag_plain(&u->ctx, "cannot read '%s': %s", r->path, buf_read_strerror(r->err));
}

Unit *unit_open(const char *path, const Options *opt) {
  Unit *u = unit_new(path, opt);
  if (!u)
    return NULL;
  Buf b = {0};
  int err = buf_read_file(&b, path);
  if (err == ENOMEM) {
    u->status = 3;
  } else if (err) {
    ReadErr r = {path, err};
    if (unit_protect(u, cannot_read, &r) != UNIT_OOM)
      u->status = 2;
  } else {
    set_text(u, b.data ? b.data : "", b.len);
  }
  buf_free(&b);
  return u;
}

Unit *unit_from_file(const char *path, const Options *opt) {
  Unit *u = unit_open(path, opt);
  return !u || u->status ? u : compile(u);
}

Unit *unit_from_string(const char *name, const char *text, size_t len, const Options *opt) {
  Unit *u = unit_new(name, opt);
  return !u || !set_text(u, text, len) ? u : compile(u);
}

/* ---- protected calls with arguments ---- */

typedef struct SpecReq {
  const char *kernel;
  Type **ptypes;
  int n;
  Spec *out;
} SpecReq;

static void do_specialise(Unit *u, void *arg) {
  SpecReq *spec_req = arg;
  Func *f = sema_find_kernel(u->prog, spec_req->kernel);
  if (!f) {
    diag_plain(&u->ctx, "%s", unit_no_kernel(u, spec_req->kernel));
    return;
  }
  spec_req->out = sema_specialise(&u->ctx, u->prog, f, spec_req->ptypes, spec_req->n);
  if (spec_req->out)
    lower_program(&u->ctx, u->prog);
}

Spec *unit_specialise(Unit *u, const char *kernel, Type **ptypes, int n) {
  if (u->status || !u->prog)
    return NULL;
  SpecReq req = {kernel, ptypes, n, NULL};
  int before = u->ctx.nerrors;
  int failed = unit_protect(u, do_specialise, &req);
  if (failed || u->ctx.nerrors > before)
    return NULL;
  return req.out;
}

typedef struct EmitReq {
  Target target;
  char *out;
} EmitReq;

static void do_emit(Unit *u, void *arg) {
  EmitReq *r = arg;
  r->out = emit_program(&u->ctx, u->prog, r->target);
}

char *unit_emit(Unit *u, Target t) {
  if (u->status || !u->prog)
    return NULL;
  EmitReq r = {t, NULL};
  int before = u->ctx.nerrors;
  if (unit_protect(u, do_emit, &r) || u->ctx.nerrors > before) {
    free(r.out);
    return NULL;
  }
  return r.out;
}

/* Runs a dump of the unit's source (tokens or AST) into out; returns 0 or 1. */
static void do_dump_tokens(Unit *u, void *out) { lex_dump(&u->ctx, out); }
static void do_dump_ast(Unit *u, void *out) {
  Node *m = parse_module(&u->ctx);
  if (m)
    ast_dump(&u->ctx, m, out);
}

int unit_dump(Unit *u, int what, Buf *out) {
  int failed = unit_protect(u, what == 0 ? do_dump_tokens : do_dump_ast, out);
  return failed || u->ctx.nerrors ? 1 : 0;
}

typedef struct NoKernelReq {
  const char *name, *out;
} NoKernelReq;

static void do_no_kernel(Unit *u, void *arg) {
  NoKernelReq *r = arg;
  r->out = sema_no_kernel(&u->ctx, u->prog, r->name);
}

const char *unit_no_kernel(Unit *u, const char *name) {
  NoKernelReq r = {name, NULL};
  if (!u->prog)
    return "no program";
  return unit_protect(u, do_no_kernel, &r) ? "out of memory" : r.out;
}

const char *unit_diags(const Unit *u) { return u->ctx.diags.data ? u->ctx.diags.data : ""; }

void unit_free(Unit *u) {
  if (!u)
    return;
  ctx_free(&u->ctx);
  free(u->text);
  free(u);
}
