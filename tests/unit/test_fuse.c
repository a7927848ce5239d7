/*
 * tests/unit/test_fuse.c: the dtypes fuse.c gives @cupy.fuse functions, against the
 * table CuPy produced (tests/unit/fuse_types.txt, tools/fuse_types.py on the GPU).
 *
 *   build/test_fuse tests/unit/fuse_types.txt [-v]     (-v prints each kernel's code)
 */
#include "forms/forms.h"
#include "fuse/fuse.h"
#include "driver/driver.h"

#include "harness.h"

#include <stdlib.h>

static const char *table;
static bool verbose;

static char *trim(char *s) {
  while (*s == ' ')
    s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
    s[--n] = 0;
  return s;
}

/* "int8[:]", "float32[:,:]", "float32" (a NumPy scalar), "int"/"float"/"bool"/"complex"
   (Python). */
static bool parse_arg(const char *s, FuseArg *a) {
  static const struct {
    const char *name;
    TypeKind k;
  } py[] = {{"int", TY_INT64}, {"float", TY_FLOAT64}, {"bool", TY_BOOL},
            {"complex", TY_COMPLEX128}};
  for (size_t i = 0; i < sizeof py / sizeof *py; i++)
    if (!strcmp(s, py[i].name)) {
      *a = (FuseArg){.dtype = py[i].k, .ndim = -1, .weak = true};
      return true;
    }
  size_t n = strcspn(s, "[");
  a->ndim = !s[n] ? -1 : !strcmp(s + n, "[:]") ? 1 : !strcmp(s + n, "[:,:]") ? 2 : -2;
  a->weak = false;
  for (int k = 0; k < TY_NSCALAR; k++)
    if (strlen(dtype_info[k].name) == n && !strncmp(dtype_info[k].name, s, n)) {
      a->dtype = (TypeKind)k;
      return a->ndim >= -1;
    }
  return false;
}

/* One table line: BODY | ARGS | RESULT. */
static void check_case(char *line, int lineno) {
  char *bar1 = strchr(line, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
  if (!bar2) {
    failf("line %d: expected BODY | ARGUMENTS | RESULT", lineno);
    return;
  }
  *bar1 = *bar2 = 0;
  char *body = trim(line), *args = trim(bar1 + 1), *want = trim(bar2 + 1);
  FuseArg fa[3];
  int n = 0;
  for (char *tok = strtok(args, " "); tok; tok = strtok(NULL, " ")) {
    if (n == 3 || !parse_arg(tok, &fa[n++])) {
      failf("line %d: bad argument '%s'", lineno, tok);
      return;
    }
  }
  Buf src = {0};
  buf_printf(&src, "import cupy as cp\n\n@cp.fuse()\ndef f(%s):\n",
             n == 1 ? "x" : n == 2 ? "x, y" : "x, y, z");
  if (strchr(body, ';'))
    for (char *st = strtok(body, ";"); st; st = strtok(NULL, ";"))
      buf_printf(&src, "    %s\n", trim(st));
  else
    buf_printf(&src, "    return %s\n", body);
  Options opt = {.mode = MODE_CUDA};
  Unit *u = unit_from_string("case.py", src.data, src.len, &opt);
  buf_free(&src);
  if (!u || u->status || !u->prog || !u->prog->funcs || !u->prog->funcs->form) {
    failf("line %d: does not compile: %s", lineno, u ? unit_diags(u) : "out of memory");
    unit_free(u);
    return;
  }
  FuseCode fc;
  bool ok = sema_fuse(&u->ctx, u->prog, u->prog->funcs, fa, n, NULL, 0, &fc);
  char got[256] = "";
  if (!ok)
    snprintf(got, sizeof got, "error: %s", unit_diags(u));
  for (int k = 0; ok && k < fc.nout; k++)
    snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? "," : "",
             dtype_info[fc.out_types[k]].name);
  if (strcmp(got, want)) {
    printf("  line %d: %s: CuPy gives %s, pykc %s\n", lineno, body, want, got);
    failf("line %d and maybe more differ (above)", lineno);
  }
  if (verbose && ok)
    printf("-- line %d\n%s%s%s\n", lineno, fc.preamble,
           fc.reduce ? fc.map_expr : fc.operation, fc.reduce ? fc.post_map_expr : "");
  unit_free(u);
}

static void test_table(void) {
  FILE *fp = fopen(table, "r");
  if (!fp) {
    failf("cannot read %s", table);
    return;
  }
  char line[512];
  int lineno = 0, cases = 0;
  while (fgets(line, sizeof line, fp)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    cases++;
    check_case(line, lineno);
  }
  fclose(fp);
  if (cases < 50)
    failf("%s has %d cases, expected the table's 50 or more", table, cases);
}

int main(int argc, char **argv) {
  table = argc > 1 ? argv[1] : "tests/unit/fuse_types.txt";
  verbose = argc > 2 && !strcmp(argv[2], "-v");
  (void)remove_tree;
  run("fuse_types", test_table);
  return nfail ? 1 : 0;
}
