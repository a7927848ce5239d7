/*
 * fuse_loops.c: what @cupy.fuse adds to types/ufunc.c's table: the ufuncs it
 * compiles (those with a routine), the reductions, and a routine's text for the traced
 * operands.
 */
#include "fuse.h"

#include <string.h>

/* The ufunc cp.NAME when fuse compiles it (CuPy's routine is known), else NULL. */
const UFunc *fuse_ufunc(const char *name) {
  const UFunc *u = ufunc_find(name);
  return u && u->routine ? u : NULL;
}

/* The reductions (sema_fuse.h's Reduction). */
#define SUMPROD "?->l b->l B->L h->l H->L i->l I->L l->l L->L e->e f->f d->d F->F D->D"
#define KEEP "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"
#define TRUTH "?->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"

static const Reduction reductions[] = {
  {"sum", "cupy_sum", SUMPROD, KEEP, "a + b", "0", 0, false},
  {"prod", "cupy_prod", SUMPROD, KEEP, "a * b", "1", 0, false},
  {"amax", "cupy_max", KEEP, NULL, NULL, NULL, 1, false},
  {"max", "cupy_max", KEEP, NULL, NULL, NULL, 1, false},
  {"amin", "cupy_min", KEEP, NULL, NULL, NULL, -1, false},
  {"min", "cupy_min", KEEP, NULL, NULL, NULL, -1, false},
  {"all", "cupy_all", TRUTH, NULL, "a && b", "true", 0, true},
  {"any", "cupy_any", TRUTH, NULL, "a || b", "false", 0, true},
  /* CuPy's fusions take a reduction's loops and reduce_expr but not its map (fusion.pyx,
     _fusion_op.py: `_, self.expr, ... = expr`): nansum's `(in0 == in0) ? in0 : 0` is
     dropped, a NaN is summed (CuPy's GPU gives NaN) */
  {"nansum", "cupy_nansum", SUMPROD, KEEP, "a + b", "0", 0, false},
  {"nanprod", "cupy_nanprod", SUMPROD, KEEP, "a * b", "1", 0, false},
};

const Reduction *fuse_reduction(const char *name) {
  for (size_t i = 0; i < sizeof reductions / sizeof *reductions; i++)
    if (!strcmp(reductions[i].name, name))
      return &reductions[i];
  return NULL;
}

/* The loop of reduction r on an input of dtype in: with dtype= (want, else TY_ERROR) the
   keep-dtype loops, the new fusion's the one whose output is want, the old one's the
   first that takes in (the old fusion ignores dtype= beyond that); false: none. */
bool fuse_reduction_loop(const Reduction *r, TypeKind in, TypeKind want, bool newfusion,
                         Loop *l) {
  const char *loops = want != TY_ERROR ? r->keep_loops : r->loops;
  if (!loops)
    return false;
  for (int i = 0; ufunc_nth_loop(loops, 1, i, l); i++)
    if (want != TY_ERROR && newfusion ? l->out == want : type_can_cast(in, l->in[0]))
      return true;
  return false;
}

/* kc_fuse_loop (src/driver/ksig.h): the loop fuse selects, for a tracer's proxies. */
int fuse_loop_query(const char *name, const char *in, const char *weak, char dtype,
                    bool newfusion, char out[4], const char **err) {
  static const char kinds[] = "-?ifc";            /* PY_NONE, PY_BOOL .. PY_COMPLEX */
  *err = NULL;
  TypeKind dts[3];
  PyKind wk[3];
  int n = (int)strlen(in);
  if (n > 3 || (int)strlen(weak) != n)
    return -1;
  for (int i = 0; i < n; i++) {
    const char *k = strchr(kinds, weak[i]);
    dts[i] = type_of_char(in[i]);
    if (!k || !*k || dts[i] == TY_VOID)
      return -1;
    wk[i] = (PyKind)(k - kinds);
  }
  Loop l;
  const Reduction *r = fuse_reduction(name);
  const UFunc *u = r ? NULL : fuse_ufunc(name);
  int nin, nout;
  UFunc declared = {.name = name, .cname = name, .loops = name, .routine = "", .declared = true};
  if (!r && strstr(name, "->")) {                  /* a declared ufunc's loops */
    if (!ufunc_loops_valid(name, &nin, &nout))
      return -1;
    declared.nin = nin;
    declared.nout = nout;
    u = &declared;
  }
  if (r && n == 1) {
    TypeKind want = dtype ? type_of_char(dtype) : TY_ERROR;
    if (want == TY_VOID)
      return -1;
    if (!fuse_reduction_loop(r, dts[0], want, newfusion, &l))
      return 0;
  } else if (u && n == u->nin) {
    if (!ufunc_select(u, dts, wk, newfusion, &l))
      return 0;
    if (l.in[0] == TY_BOOL && u->bool_error && u->nin < 3)
      *err = u->bool_error;
  } else {
    return -1;
  }
  out[0] = type_char(l.out);
  out[1] = l.out1 != TY_ERROR ? type_char(l.out1) : 0;
  out[2] = 0;
  return 1;
}

/* Methods the new fusion's proxies have (_fusion_interface.py): reductions. */
bool fuse_is_method_reduction(const char *name) {
  static const char *const m[] = {"sum", "prod", "max", "min", "all", "any"};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (!strcmp(m[i], name))
      return true;
  return false;
}

/* CuPy's routine with in0..in2, OUT and CuPy's typedef names (in0_type ... out1_type:
   loop l's types) replaced. */
const char *fuse_substitute(Fuse *F, const char *routine, const char **ins, TypeKind out,
                            const Loop *l) {
  Buf b = {0};
  for (const char *p = routine; *p;) {
    bool start = p == routine || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                   (p[-1] >= '0' && p[-1] <= '9'));
    bool io = start && (!strncmp(p, "in", 2) || !strncmp(p, "out", 3));
    const char *digit = io ? p + (p[0] == 'i' ? 2 : 3) : NULL;
    if (io && *digit >= '0' && *digit <= '2' && !strncmp(digit + 1, "_type", 5) &&
        !(digit[6] == '_' || (digit[6] >= 'a' && digit[6] <= 'z'))) {
      TypeKind t = p[0] == 'i' ? l->in[*digit - '0'] : *digit == '0' ? l->out : l->out1;
      buf_puts(&b, fuse_ctype(t));
      p = digit + 6;
    } else if (start && p[0] == 'i' && p[1] == 'n' && p[2] >= '0' && p[2] <= '2' &&
        !(p[3] == '_' || (p[3] >= 'a' && p[3] <= 'z'))) {
      const char *s = ins[p[2] - '0'];
      bool simple = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789.") == strlen(s) ||
                    !strncmp(s, "static_cast<", 12);
      buf_printf(&b, simple ? "%s" : "(%s)", s);
      p += 3;
    } else if (start && !strncmp(p, "OUT", 3)) {
      buf_puts(&b, fuse_ctype(out));
      p += 3;
    } else {
      buf_printf(&b, "%c", *p++);
    }
  }
  const char *s = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}
