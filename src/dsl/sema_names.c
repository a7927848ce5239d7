/*
 * dsl/sema_names.c: the DSL's names: hash maps on interned names (NameMap), the scopes'
 * symbols (a kernel sees, for each name, the last binding before its definition), the
 * variables of a function being typed, and statement lists.
 */
#include "sema_int.h"

#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- names */

/* C names (Var.cname, Spec.cname) start as the Python names; lower.c's naming pass makes
   them unique and clear of C's reserved names once the program is typed. */

/* ---- tables on interned names (equal names are one pointer) ---- */

static size_t hash_name(const char *name) {
  uintptr_t h = (uintptr_t)name;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15ull;
  return (size_t)(h ^ (h >> 29));
}

/* The slot of key: where it is, or the empty slot where it would go. */
static size_t map_slot(const NameMap *m, const char *key) {
  size_t i = hash_name(key) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

void *sema_map_get(const NameMap *m, const char *key) {
  return m->cap ? m->vals[map_slot(m, key)] : NULL;
}

/* Sets key's value (open addressing, doubling at half full). */
void sema_map_put(Sema *S, NameMap *m, const char *key, void *val) {
  if (2 * (m->count + 1) > m->cap) {
    NameMap old = *m;
    m->cap = old.cap ? 2 * old.cap : 16;
    m->keys = arena_alloc(&S->c->arena, m->cap * sizeof *m->keys);
    m->vals = arena_alloc(&S->c->arena, m->cap * sizeof *m->vals);
    for (size_t k = 0; k < old.cap; k++)
      if (old.keys[k]) {
        size_t i = map_slot(m, old.keys[k]);
        m->keys[i] = old.keys[k];
        m->vals[i] = old.vals[k];
      }
  }
  size_t i = map_slot(m, key);
  m->count += !m->keys[i];
  m->keys[i] = key;
  m->vals[i] = val;
}

Sym *sema_scope_get(Scope *sc, const char *name) { return sema_map_get(&sc->names, name); }

void sema_note_kernel(Sema *S, Func *f) {
  if (f->is_kernel)
    sema_map_put(S, &S->kernel_names, f->name, f);
}

/* The binding of `name` that a lookup from S->at sees in one scope. */
static Sym *visible(Sema *S, Sym *s) {
  Sym *after = s;
  while (s && s->seq >= S->at) {
    after = s;
    s = s->older;
  }
  return s ? s : after;
}

Sym *sema_lookup_sym(Sema *S, const char *name) {
  for (Scope *sc = S->scope; sc; sc = sc->parent) {
    if (sc->is_class && sc != S->scope)
      continue;
    Sym *s = sema_scope_get(sc, name);
    if (s)
      return visible(S, s);
  }
  return NULL;
}

Sym *sema_class_member(Sema *S, Sym *cls, const char *name) {
  Sym *s = sema_scope_get(cls->cls, name);
  return s ? visible(S, s) : NULL;
}

Sym *sema_bind_at(Sema *S, Scope *sc, const char *name, SymKind k, Loc loc) {
  Sym *s = arena_alloc(&S->c->arena, sizeof *s);
  s->name = name;
  s->kind = k;
  s->loc = loc;
  s->seq = S->seq;
  s->older = sema_scope_get(sc, name);
  sema_map_put(S, &sc->names, name, s);
  Sym **list = sc == S->module ? &S->syms : &sc->list;
  s->next = *list;
  *list = s;
  return s;
}

/* A binding in the current scope; a --define'd name keeps its value (the result is then a
   detached Sym nobody looks up). */
Sym *sema_bind(Sema *S, const char *name, SymKind k) {
  Sym *old = sema_scope_get(S->scope, name);
  if (old && old->pinned) {
    Sym *scratch = arena_alloc(&S->c->arena, sizeof *scratch);
    scratch->name = name;
    scratch->kind = k;
    return scratch;
  }
  return sema_bind_at(S, S->scope, name, k, (Loc){0, 0, 0});
}

Var *sema_lookup_var(Sema *S, const char *name) {
  return S->fs ? sema_map_get(&S->fs->vars, name) : NULL;
}

/* Makes v findable by name (parameters, and locals that are not temporaries); the first
   of a name stays. */
void sema_index_var(Sema *S, Var *v) {
  if (!sema_map_get(&S->fs->vars, v->name))
    sema_map_put(S, &S->fs->vars, v->name, v);
}

static Var *add_var(Sema *S, const char *name, const char *cname, Type *ty, Loc loc) {
  FnState *fs = S->fs;
  Var *v = arena_alloc(&S->c->arena, sizeof *v);
  v->name = name;
  v->cname = cname;
  v->ty = ty;
  v->first = loc;
  v->index = fs->nvars++;
  if (fs->tail)
    fs->tail->next = v;
  else
    fs->spec->locals = v;
  fs->tail = v;
  return v;
}

Var *sema_new_var(Sema *S, const char *name, Type *ty, Loc loc) {
  Var *v = add_var(S, name, name, ty, loc);
  sema_index_var(S, v);
  return v;
}

Var *sema_new_temp(Sema *S, Type *ty, Loc loc) {
  const char *n = intern_cstr(&S->c->names, arena_printf(&S->c->arena, "_t%d", S->fs->spec->ntemps++));
  Var *v = add_var(S, n, n, ty, loc);
  v->is_temp = true;
  return v;
}

void sema_list_add(List *l, Node *n) {
  if (!n)
    return;
  n->next = NULL;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
}
