/*
 * runtime/cache.c: the disk cache (docs/design.md §6).
 *
 * Keys are XXH3-128 hashes (xxHash, header-only) over the length-prefixed parts, written
 * as 32 lowercase hex digits; an entry is the file KEY.EXT in the cache folder. An entry
 * written by rt_cache_put is
 *
 *   offset 0   8 bytes   magic "PYKCACHE"
 *          8   u32       entry format version (1)
 *         12   u32       header size (40)
 *         16   u64       payload length
 *         24   16 bytes  XXH3-128 of the payload (low 64 bits, then high, little-endian)
 *         40   payload
 *
 * Writes go to a mkstemp file in the same folder and are renamed into place, so readers
 * in other processes see either no entry or a complete one. rt_cache_get checks the
 * magic, version, the exact file size and the hash; a bad entry is unlinked (only if the
 * path still names the file we read, so a fresh entry renamed in meanwhile survives) and
 * reported as a miss. Artefacts written under rt_cache_path (the CPU backend's .so files)
 * carry no header. pykc's files are recognised by their names: 32 hex digits, a dot and
 * an extension (plus ".tmp" and six characters for a temporary file); info counts only
 * those and clear removes only those.
 */
#include "rt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#define CACHE_MAGIC "PYKCACHE"
#define CACHE_VERSION 1u
#define CACHE_HDR 40

void rt_cache_key(const void *const *parts, const size_t *lens, int nparts, char hex[33]) {
  XXH3_state_t st;
  XXH3_INITSTATE(&st);
  XXH3_128bits_reset(&st);
  for (int i = 0; i < nparts; i++) {
    unsigned char n[8];
    for (int b = 0; b < 8; b++) n[b] = (unsigned char)((uint64_t)lens[i] >> (8 * b));
    XXH3_128bits_update(&st, n, sizeof n);     /* the length keeps part boundaries apart */
    if (lens[i]) XXH3_128bits_update(&st, parts[i], lens[i]);
  }
  XXH128_canonical_t c;
  XXH128_canonicalFromHash(&c, XXH3_128bits_digest(&st));
  for (int i = 0; i < 16; i++) snprintf(hex + 2 * i, 3, "%02x", c.digest[i]);
}

bool rt_cache_enabled(void) {
  const char *v = getenv("PYKC_CACHE");
  return !(v && !strcmp(v, "0"));
}

int rt_cache_dir(char *buf, size_t n, char *err) {
  const char *d = getenv("PYKC_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  int len;
  if (d && *d) len = snprintf(buf, n, "%s", d);
  else if (x && *x == '/') len = snprintf(buf, n, "%s/pykc", x);
  else if (h && *h) len = snprintf(buf, n, "%s/.cache/pykc", h);
  else {
    rt_errf(err, "no cache folder: set PYKC_CACHE_DIR (or HOME)");
    return -1;
  }
  if (len < 0 || (size_t)len >= n) {
    rt_errf(err, "cache folder path is too long");
    return -1;
  }
  return 0;
}

/* Keys and extensions are file-name safe: [0-9A-Za-z_-] only. */
static bool safe_name(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!(('0' <= *s && *s <= '9') || ('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') ||
          *s == '_' || *s == '-'))
      return false;
  return true;
}

int rt_cache_path(const char *key, const char *ext, char *buf, size_t n, char *err) {
  if (!safe_name(key) || !safe_name(ext)) {
    rt_errf(err, "bad cache key '%s.%s'", key, ext);
    return -1;
  }
  char dir[4096];
  if (rt_cache_dir(dir, sizeof dir, err)) return -1;
  int len = snprintf(buf, n, "%s/%s.%s", dir, key, ext);
  if (len < 0 || (size_t)len >= n) {
    rt_errf(err, "cache path is too long");
    return -1;
  }
  return 0;
}

static void put64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static void make_header(unsigned char h[CACHE_HDR], const void *data, size_t len) {
  XXH128_hash_t hash = XXH3_128bits(data, len);
  memcpy(h, CACHE_MAGIC, 8);
  put64(h + 8, (uint64_t)CACHE_VERSION | (uint64_t)CACHE_HDR << 32);
  put64(h + 16, len);
  put64(h + 24, hash.low64);
  put64(h + 32, hash.high64);
}

/* Removes PATH if it is still the file open as FD (same device and inode). */
static void drop_entry(const char *path, int fd) {
  struct stat a, b;
  if (!fstat(fd, &a) && !stat(path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
    unlink(path);
}

static bool read_all(int fd, void *buf, size_t n) {
  unsigned char *p = buf;
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= (size_t)r;
  }
  return true;
}

static bool write_all(int fd, const void *buf, size_t n) {
  const unsigned char *p = buf;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= (size_t)w;
  }
  return true;
}

/* Reads and checks an open entry; 1 with the payload, 0 if it is bad. */
static int read_entry(int fd, void **data, size_t *len) {
  struct stat st;
  unsigned char h[CACHE_HDR];
  if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < CACHE_HDR ||
      !read_all(fd, h, sizeof h))
    return 0;
  uint64_t n = get64(h + 16);
  if (memcmp(h, CACHE_MAGIC, 8) || get64(h + 8) != ((uint64_t)CACHE_VERSION | (uint64_t)CACHE_HDR << 32) ||
      n != (uint64_t)st.st_size - CACHE_HDR)
    return 0;
  void *p = malloc(n ? n : 1);
  if (!p) return 0;
  XXH128_hash_t hash;
  if (!read_all(fd, p, n) || (hash = XXH3_128bits(p, n), hash.low64 != get64(h + 24)) ||
      hash.high64 != get64(h + 32)) {
    free(p);
    return 0;
  }
  *data = p;
  *len = n;
  return 1;
}

int rt_cache_get(const char *key, const char *ext, void **data, size_t *len) {
  *data = NULL;
  *len = 0;
  char path[4200];
  if (!rt_cache_enabled() || rt_cache_path(key, ext, path, sizeof path, NULL)) return 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);  /* a FIFO must not block us */
  if (fd < 0) return 0;
  int hit = read_entry(fd, data, len);
  if (!hit) drop_entry(path, fd);
  close(fd);
  return hit;
}

/* mkdir -p */
static int make_dirs(const char *dir, char *err) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dir);
  for (char *s = p + 1;; s++) {
    if (*s == '/' || *s == 0) {
      char c = *s;
      *s = 0;
      if (mkdir(p, 0755) && errno != EEXIST) {
        rt_errf(err, "cannot create the cache folder %s: %s", p, strerror(errno));
        return -1;
      }
      *s = c;
      if (!c) break;
    }
  }
  return 0;
}

int rt_cache_put(const char *key, const char *ext, const void *data, size_t len, char *err) {
  if (!rt_cache_enabled()) return 0;
  char dir[4096], path[4200], tmp[4220];
  if (rt_cache_path(key, ext, path, sizeof path, err) || rt_cache_dir(dir, sizeof dir, err) ||
      make_dirs(dir, err))
    return -1;
  snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    rt_errf(err, "cannot write to the cache folder %s: %s", dir, strerror(errno));
    return -1;
  }
  unsigned char h[CACHE_HDR];
  make_header(h, data, len);
  bool ok = !fchmod(fd, 0644) && write_all(fd, h, sizeof h) && write_all(fd, data, len);
  int saved = errno;
  if (close(fd)) ok = false, saved = errno;
  if (ok && rename(tmp, path)) ok = false, saved = errno;
  if (!ok) {
    unlink(tmp);
    rt_errf(err, "cannot write the cache entry %s: %s", path, strerror(saved));
    return -1;
  }
  return 0;
}

/* A pykc file name: 32 hex digits, '.', an extension, and optionally ".tmp??????". */
static bool pykc_file(const char *name) {
  for (int i = 0; i < 32; i++)
    if (!name[i] || !strchr("0123456789abcdef", name[i])) return false;
  if (name[32] != '.' || !name[33]) return false;
  const char *tmp = strstr(name + 33, ".tmp");
  size_t extlen = tmp ? (size_t)(tmp - (name + 33)) : strlen(name + 33);
  if (extlen == 0 || (tmp && strlen(tmp) != 10)) return false;
  return true;
}

typedef int EntryFn(const char *path, const struct stat *st, void *ctx);

/* Calls FN on each pykc file in the cache folder (a missing folder holds none). */
static int each_entry(EntryFn *fn, void *ctx, char *dirbuf, size_t n, char *err) {
  if (rt_cache_dir(dirbuf, n, err)) return -1;
  DIR *d = opendir(dirbuf);
  if (!d) {
    if (errno == ENOENT) return 0;
    rt_errf(err, "cannot read the cache folder %s: %s", dirbuf, strerror(errno));
    return -1;
  }
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && (e = readdir(d))) {
    if (!pykc_file(e->d_name)) continue;
    char path[4400];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dirbuf, e->d_name);
    if (lstat(path, &st) || !S_ISREG(st.st_mode)) continue;
    rc = fn(path, &st, ctx);
  }
  closedir(d);
  return rc;
}

typedef struct Tally {
  uint64_t count, bytes;
  char *err;
} Tally;

static int count_entry(const char *path, const struct stat *st, void *ctx) {
  Tally *t = ctx;
  (void)path;
  t->count++;
  t->bytes += (uint64_t)st->st_size;
  return 0;
}

static int remove_entry(const char *path, const struct stat *st, void *ctx) {
  Tally *t = ctx;
  if (unlink(path) && errno != ENOENT) {
    rt_errf(t->err, "cannot remove %s: %s", path, strerror(errno));
    return -1;
  }
  t->count++;
  t->bytes += (uint64_t)st->st_size;
  return 0;
}

int rt_cache_info(RtCacheInfo *info, char *err) {
  Tally t = {0, 0, err};
  if (each_entry(count_entry, &t, info->dir, sizeof info->dir, err)) return -1;
  info->entries = t.count;
  info->bytes = t.bytes;
  info->enabled = rt_cache_enabled();
  return 0;
}

int rt_cache_clear(char *err) {
  char dir[4096];
  Tally t = {0, 0, err};
  if (each_entry(remove_entry, &t, dir, sizeof dir, err)) return -1;
  return 0;
}
