/*
 * tests/unit/harness.h: what the unit-test programs share: one PASS/FAIL line per test
 * (the first failf of a test says why), and removing a temporary folder tree.
 * Included once by each test program (everything is static).
 */
#ifndef PYKC_TEST_HARNESS_H
#define PYKC_TEST_HARNESS_H

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int nfail;
static char why[1024];                          /* first failure of the current test */

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void failf(const char *fmt, ...) {
  if (why[0]) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
}

static void run(const char *name, void (*fn)(void)) {
  why[0] = 0;
  fn();
  if (why[0]) {
    printf("FAIL %s: %s\n", name, why);
    nfail++;
  } else {
    printf("PASS %s\n", name);
  }
  fflush(stdout);
}

static void remove_tree(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    struct stat st;
    if (!lstat(p, &st) && S_ISDIR(st.st_mode)) remove_tree(p);
    else unlink(p);
  }
  closedir(d);
  rmdir(dir);
}

#endif
