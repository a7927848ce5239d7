/*
 * runtime/fsutil.c: file-system discipline shared by the disk cache and the CLI.
 *
 *   private folders  a folder pykc trusts (the cache) must be a folder owned by the user
 *                    and not writable by group or others (ssh's and CPython's
 *                    __pycache__ rule); pykc creates its folders 0700. Files are opened
 *                    relative to the checked folder's descriptor (openat), so the folder
 *                    cannot be swapped between the check and the use.
 *   atomic writes    a file is written under a temporary name in its own folder
 *                    (NAME.tmpXXXXXX, O_EXCL) and renamed over NAME only once every byte
 *                    and the close succeeded: on a full disk the old file survives and
 *                    nothing half-written is left. Targets that are not regular files
 *                    (/dev/null, /dev/stdout, a FIFO) are written in place.
 *
 * Everything reports through err (RT_ERRLEN) and returns 0 / -1; nothing prints.
 */
#include "rt.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int rt_mkdir_private(const char *dir, char *err) {
  char p[4096];
  if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p) {
    rt_errf(err, "folder path is too long");
    return -1;
  }
  for (char *s = p + 1;; s++)
    if (*s == '/' || *s == 0) {
      char c = *s;
      *s = 0;
      if (mkdir(p, 0700) != 0 && errno != EEXIST) {
        rt_errf(err, "cannot create the folder %s: %s", p, strerror(errno));
        return -1;
      }
      *s = c;
      if (!c)
        return 0;
    }
}

int rt_check_private(const struct stat *st, const char *what, const char *path, char *err) {
  if (st->st_uid != geteuid()) {
    rt_errf(err, "%s %s belongs to another user (uid %u)", what, path, (unsigned)st->st_uid);
    return -1;
  }
  if (st->st_mode & (S_IWGRP | S_IWOTH)) {
    rt_errf(err, "%s %s is writable by %s (mode %04o)", what, path,
            st->st_mode & S_IWOTH ? "others" : "its group", (unsigned)(st->st_mode & 07777));
    return -1;
  }
  return 0;
}

int rt_open_private_dir(const char *dir, const char *what, bool create, char *err) {
  if (create && rt_mkdir_private(dir, err))
    return -1;
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    rt_errf(err, "cannot open the folder %s: %s", dir, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    rt_errf(err, "cannot inspect %s: %s", dir, strerror(errno));
    close(fd);
    return -1;
  }
  if (rt_check_private(&st, what, dir, err)) {
    close(fd);
    return -1;
  }
  return fd;
}

/* Six characters for a temporary name, different in each process and call. */
static void tmp_suffix(char out[7]) {
  static const char set[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static unsigned counter;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t x = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u ^ (uint64_t)getpid() << 32 ^
               (uint64_t)__atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) * 0xff51afd7ed558ccdu;
  for (int i = 0; i < 6; i++, x /= 62)
    out[i] = set[x % 62];
  out[6] = 0;
}

bool rt_write_all(int fd, const void *buf, size_t n) {
  const unsigned char *p = buf;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = ENOSPC;
      return false;
    }
    p += w;
    n -= (size_t)w;
  }
  return true;
}

/* rt_write_at's work, signals held. */
static int write_tmp(int dfd, const char *dir, const char *name, const RtParts *parts,
                     mode_t mode, char *tmp, char *err) {
  int fd = -1;
  for (int tries = 0; fd < 0 && tries < 100; tries++) {
    char sfx[7];
    tmp_suffix(sfx);
    if (snprintf(tmp, NAME_MAX + 1, "%s.tmp%s", name, sfx) >= NAME_MAX + 1) {
      rt_errf(err, "file name %s is too long", name);
      return -1;
    }
    fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0) {
    rt_errf(err, "cannot write in %s: %s", dir, strerror(errno));
    return -1;
  }
  bool ok = fchmod(fd, mode) == 0;                 /* exact, whatever the umask */
  for (int i = 0; ok && i < parts->n; i++)
    ok = rt_write_all(fd, parts->data[i], parts->len[i]);
  int saved = errno;
  if (close(fd) != 0 && ok)
    ok = false, saved = errno;
  if (ok && renameat(dfd, tmp, dfd, name) != 0)
    ok = false, saved = errno;
  if (!ok) {
    unlinkat(dfd, tmp, 0);
    rt_errf(err, "cannot write %s/%s: %s", dir, name, strerror(saved));
    return -1;
  }
  return 0;
}

int rt_write_at(int dfd, const char *dir, const char *name, const RtParts *parts, mode_t mode,
                char *err) {
  char tmp[NAME_MAX + 1];
  /* An interrupt between creating the temporary file and renaming it would leave it
     behind: the usual stop signals wait until the file is in place or removed. */
  sigset_t stop, old;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGHUP);
  sigaddset(&stop, SIGQUIT);
  pthread_sigmask(SIG_BLOCK, &stop, &old);
  int rc = write_tmp(dfd, dir, name, parts, mode, tmp, err);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return rc;
}

/* Splits PATH (a symbolic link resolved to its target) into its folder and name. */
static int split_target(const char *path, char *dir, size_t ndir, char *name, char *err) {
  char real[PATH_MAX];
  struct stat st;
  const char *p = path;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    if (!realpath(path, real)) {
      rt_errf(err, "cannot resolve %s: %s", path, strerror(errno));
      return -1;
    }
    p = real;
  }
  const char *slash = strrchr(p, '/');
  const char *base = slash ? slash + 1 : p;
  if (!*base || strlen(base) > NAME_MAX - 10) {
    rt_errf(err, "%s: not a file name", path);
    return -1;
  }
  snprintf(dir, ndir, "%.*s", slash ? (int)(slash - p) + (slash == p) : 1, slash ? p : ".");
  strcpy(name, base);
  return 0;
}

int rt_check_out(const char *path, char *err) {
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      rt_errf(err, "%s is a folder", path);
      return -1;
    }
    if (access(path, W_OK) != 0) {
      rt_errf(err, "cannot write %s: %s", path, strerror(errno));
      return -1;
    }
    if (!S_ISREG(st.st_mode))
      return 0;                                    /* written in place */
  }
  char dir[PATH_MAX], name[NAME_MAX + 1];
  if (split_target(path, dir, sizeof dir, name, err))
    return -1;
  int e = stat(dir, &st) ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : access(dir, W_OK) ? errno : 0;
  if (e) {
    rt_errf(err, "cannot write in %s: %s", dir, strerror(e));
    return -1;
  }
  return 0;
}

/* Writes PARTS over PATH's contents (truncating it). */
static int write_in_place(const char *path, const RtParts *parts, char *err) {
  int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  bool ok = fd >= 0;
  for (int i = 0; ok && i < parts->n; i++)
    ok = rt_write_all(fd, parts->data[i], parts->len[i]);
  int saved = errno;
  if (fd >= 0 && close(fd) != 0 && ok)
    ok = false, saved = errno;
  if (!ok)
    rt_errf(err, "cannot write %s: %s", path, strerror(saved));
  return ok ? 0 : -1;
}

int rt_write_file(const char *path, const RtParts *parts, char *err) {
  struct stat st, e;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    rt_errf(err, "cannot write %s: it is a folder", path);
    return -1;
  }
  if (exists && !S_ISREG(st.st_mode))              /* a device or a FIFO */
    return write_in_place(path, parts, err);
  if (exists && access(path, W_OK) != 0) {         /* renaming over it would bypass that */
    rt_errf(err, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  char dir[PATH_MAX], name[NAME_MAX + 1];
  bool named = split_target(path, dir, sizeof dir, name, exists ? NULL : err) == 0;
  if (!named && !exists)
    return -1;
  int dfd = named ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
  if (exists && (dfd < 0 || fstatat(dfd, name, &e, 0) != 0 || e.st_dev != st.st_dev ||
                 e.st_ino != st.st_ino)) {
    if (dfd >= 0)                                  /* no folder entry names it (a memfd's */
      close(dfd);                                  /* /proc/self/fd/N): in place */
    return write_in_place(path, parts, err);
  }
  if (dfd < 0) {
    rt_errf(err, "cannot write in %s: %s", dir, strerror(errno));
    return -1;
  }
  int rc = rt_write_at(dfd, dir, name, parts, exists ? st.st_mode & 07777 : 0666 & ~rt_umask(),
                       err);
  close(dfd);
  return rc;
}

mode_t rt_umask(void) {
  /* /proc/self/status has "Umask:" (Linux 4.7+) and reading it changes nothing; umask()
     itself would have to be set to be read, racing other threads. */
  FILE *f = fopen("/proc/self/status", "r");
  unsigned m = 022;
  if (f) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "Umask: %o", &m) == 1)
        break;
    fclose(f);
  }
  return (mode_t)m & 0777;
}
