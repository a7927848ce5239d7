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
 * Writes go to a temporary file in the same folder and are renamed into place
 * (fsutil.c), so readers in other processes see either no entry or a complete one.
 * rt_cache_get checks the magic, version, the exact file size and the hash; a bad entry
 * is unlinked (only if the name still names the file we read, so a fresh entry renamed in
 * meanwhile survives) and reported as a miss. Every entry has the header, the CPU
 * backend's shared objects too: they are verified in memory before they are loaded.
 *
 * Trust: anyone who can write the folder can plant an entry whose key they computed, and
 * a shared object runs code when loaded. So the folder is created 0700, and a folder or
 * entry that is not owned by the user, or is writable by group or others, is not used
 * (rt_cache_check says why; the callers then compile privately). Entries are opened with
 * O_NOFOLLOW relative to the checked folder's descriptor, and created 0600.
 *
 * pykc's files are recognised by their names: 32 hex digits, a dot and an extension (plus
 * ".tmp" and six characters for a temporary file); info counts only those and clear
 * removes only those.
 *
 * Size: the folder is kept under a limit (rt_cache_limit: $PYKC_CACHE_MAX, by default
 * 1 GiB; CuPy's kernel cache has none, and a busy machine's grew to 1.5 GB). A hit renews
 * its entry's mtime, so mtime orders entries by last use; each rt_cache_put that leaves
 * the folder past the limit removes the least recently used entries (oldest mtime first)
 * until it holds at most 90% of it, never the entry just written. A reader in another
 * process that opened an entry before it was removed still reads it whole (unlink), and
 * one that comes after misses and recompiles.
 *
 * A folder that is private but was not made for the cache (PYKC_CACHE_DIR=/etc, run as
 * root: owned by root, 0755) is not used either: the cache folder holds a CACHEDIR.TAG
 * (the Cache Directory Tagging convention) written when pykc made or adopted it, and pykc
 * adopts only a folder that holds nothing but its own files.
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
    rt_errf(err, "the cache folder's path is longer than %zu bytes: name a shorter one in "
            "PYKC_CACHE_DIR", n - 1);
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

/* Removes NAME (in the folder DFD) if it is still the file open as FD. */
static void drop_entry(int dfd, const char *name, int fd) {
  struct stat a, b;
  if (!fstat(fd, &a) && !fstatat(dfd, name, &b, AT_SYMLINK_NOFOLLOW) && a.st_dev == b.st_dev &&
      a.st_ino == b.st_ino)
    unlinkat(dfd, name, 0);
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

/* Reads and checks an open entry; 1 with the payload, 0 if it is bad. */
static int read_entry(int fd, void **data, size_t *len) {
  struct stat st;
  unsigned char h[CACHE_HDR];
  if (fstat(fd, &st) || !S_ISREG(st.st_mode) || rt_check_private(&st, "", "", NULL) ||
      st.st_size < CACHE_HDR || !read_all(fd, h, sizeof h))
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

static bool pykc_file(const char *name);

#define TAG_NAME "CACHEDIR.TAG"
#define TAG_SIGNATURE "Signature: 8a477f597d28d172789f06886806bc55"
static const char tag_text[] = TAG_SIGNATURE "\n# The cache folder of pykc (compiled kernels); "
                               "pykc cache clear empties it.\n";

/* Whether the folder DFD (named DIR) was made for the cache: it has pykc's tag, or holds
   nothing but pykc's files (then the tag is written: an older pykc's folder or an empty
   one is adopted). */
static bool made_for_cache(int dfd, const char *dir, char *err) {
  int fd = openat(dfd, TAG_NAME, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd >= 0) {
    char head[sizeof TAG_SIGNATURE - 1];
    bool ok = read_all(fd, head, sizeof head) && !memcmp(head, TAG_SIGNATURE, sizeof head);
    close(fd);
    if (ok)
      return true;
    rt_errf(err, "the cache folder %s holds a %s that is not pykc's (another program's "
            "cache, or a damaged tag): name a new or empty folder in PYKC_CACHE_DIR", dir,
            TAG_NAME);
    return false;
  }
  int dup_fd = fcntl(dfd, F_DUPFD_CLOEXEC, 0);
  DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
  if (!d) {
    if (dup_fd >= 0) close(dup_fd);
    rt_errf(err, "cannot read the cache folder %s: %s", dir, strerror(errno));
    return false;
  }
  bool stranger = false;
  struct dirent *e;
  char name[sizeof e->d_name] = "";
  while (!stranger && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !pykc_file(e->d_name)) {
      memcpy(name, e->d_name, sizeof name);
      stranger = true;
    }
  closedir(d);
  if (stranger) {
    rt_errf(err, "the cache folder %s was not made for pykc's cache (it holds '%s' and no "
            "%s): name a new or empty folder in PYKC_CACHE_DIR", dir, name, TAG_NAME);
    return false;
  }
  char werr[RT_ERRLEN];
  RtParts parts = {{tag_text}, {sizeof tag_text - 1}, 1};
  rt_write_at(dfd, dir, TAG_NAME, &parts, 0600, werr);  /* not written: adopted anyway */
  return true;
}

/* The cache folder, checked private and made for the cache, as a descriptor (created
   first if CREATE); -1 if it cannot be used (a missing folder when !CREATE included). */
static int open_dir(bool create, char *err) {
  char dir[4096];
  if (rt_cache_dir(dir, sizeof dir, err)) return -1;
  int fd = rt_open_private_dir(dir, "the cache folder", create, err);
  if (fd >= 0 && !made_for_cache(fd, dir, err)) {
    close(fd);
    return -1;
  }
  return fd;
}

int rt_cache_check(char *why) {
  char dir[4096];
  struct stat st;
  if (!rt_cache_enabled())
    return 0;
  if (rt_cache_dir(dir, sizeof dir, why))
    return -1;
  if (stat(dir, &st) != 0) {      /* missing: created 0700 now; else why it cannot be */
    char mk[RT_ERRLEN] = "";
    if (errno != ENOENT || rt_mkdir_private(dir, mk) || stat(dir, &st) != 0) {
      rt_errf(why, "the cache folder %s cannot be used (%s): name another in PYKC_CACHE_DIR",
              dir, *mk ? mk : strerror(errno));
      return -1;
    }
  }
  if (!S_ISDIR(st.st_mode)) {
    rt_errf(why, "the cache folder %s is not a folder (name one in PYKC_CACHE_DIR)", dir);
    return -1;
  }
  int fd = open_dir(false, why);
  if (fd < 0) return -1;
  close(fd);
  return 0;
}

int rt_cache_warning(char *msg) {
  char why[RT_ERRLEN];
  if (!rt_cache_check(why))
    return 0;
  rt_errf(msg, "%s: not using the cache, compiling privately%s", why,
          strstr(why, "PYKC_CACHE_DIR") ? ""     /* the reason says what to do */
                                        : " (make it yours with mode 0700, or set "
                                          "PYKC_CACHE_DIR)");
  return -1;
}

/* KEY.EXT, or false if it is not a safe name. */
static bool entry_name(const char *key, const char *ext, char *buf, size_t n) {
  return safe_name(key) && safe_name(ext) && snprintf(buf, n, "%s.%s", key, ext) < (int)n;
}

int rt_cache_get(const char *key, const char *ext, void **data, size_t *len) {
  *data = NULL;
  *len = 0;
  char name[256];
  if (!rt_cache_enabled() || !entry_name(key, ext, name, sizeof name)) return 0;
  int dfd = open_dir(false, NULL);
  if (dfd < 0) return 0;
  /* not a symbolic link; a FIFO must not block us */
  int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
  int hit = 0;
  if (fd >= 0) {
    hit = read_entry(fd, data, len);
    if (!hit) drop_entry(dfd, name, fd);
    else (void)futimens(fd, NULL);                /* used now: last to be evicted */
    close(fd);
  }
  close(dfd);
  return hit;
}

uint64_t rt_cache_limit(bool *bad) {
  const uint64_t dflt = (uint64_t)RT_CACHE_MAX_DEFAULT_MIB << 20;
  const char *v = getenv("PYKC_CACHE_MAX");
  if (bad) *bad = false;
  if (!v || !*v) return dflt;
  static const struct { char suffix; int shift; } units[] = {{'K', 10}, {'M', 20}, {'G', 30}};
  char *end;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 10);
  int shift = 0;
  for (size_t i = 0; *end && i < sizeof units / sizeof *units; i++)
    if ((*end & ~0x20) == units[i].suffix) shift = units[i].shift, end++;
  if (*v < '0' || *v > '9' || errno || *end || n > (UINT64_MAX >> shift)) {
    if (bad) *bad = true;
    return dflt;
  }
  return (uint64_t)n << shift;
}

typedef struct Entry {
  char name[64];
  struct timespec used;                          /* mtime: written or last hit */
  uint64_t bytes;
} Entry;

static int older_first(const void *a, const void *b) {
  const Entry *x = a, *y = b;
  if (x->used.tv_sec != y->used.tv_sec) return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
  if (x->used.tv_nsec != y->used.tv_nsec) return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
  return strcmp(x->name, y->name);
}

static bool temporary(const char *name) { return strstr(name + 33, ".tmp") != NULL; }

/* Keeps the folder DFD under LIMIT bytes (0: no limit): when its entries (pykc's files,
   not the temporaries of writes in progress) exceed it, removes the least recently used
   until they hold at most 90% of it, never KEEP. Best effort: a failure leaves the rest. */
static void evict(int dfd, const char *keep, uint64_t limit) {
  if (limit == 0) return;
  int fd = dup(dfd);
  DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
  if (!d) {
    if (fd >= 0) close(fd);
    return;
  }
  Entry *e = NULL;
  size_t n = 0, cap = 0;
  uint64_t total = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    struct stat st;
    if (!pykc_file(de->d_name) || temporary(de->d_name) || strlen(de->d_name) >= sizeof e->name ||
        fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
      continue;
    if (n == cap) {
      size_t nc = cap ? 2 * cap : 256;
      Entry *ne = realloc(e, nc * sizeof *e);
      if (!ne) break;
      e = ne, cap = nc;
    }
    memcpy(e[n].name, de->d_name, strlen(de->d_name) + 1);   /* (shorter: checked above) */
    e[n].used = st.st_mtim;
    e[n].bytes = (uint64_t)st.st_size;
    total += e[n++].bytes;
  }
  closedir(d);
  if (total > limit) {
    qsort(e, n, sizeof *e, older_first);
    const uint64_t low = limit - limit / 10;
    for (size_t i = 0; i < n && total > low; i++)
      if (strcmp(e[i].name, keep) && (unlinkat(dfd, e[i].name, 0) == 0 || errno == ENOENT))
        total -= e[i].bytes;
  }
  free(e);
}

int rt_cache_put(const char *key, const char *ext, const void *data, size_t len, char *err) {
  char name[256], dir[4096];
  if (!rt_cache_enabled()) return 0;
  if (!entry_name(key, ext, name, sizeof name)) {
    rt_errf(err, "bad cache key '%s.%s'", key, ext);
    return -1;
  }
  if (rt_cache_dir(dir, sizeof dir, err)) return -1;
  int dfd = open_dir(true, err);
  if (dfd < 0) return -1;
  unsigned char h[CACHE_HDR];
  make_header(h, data, len);
  RtParts parts = {{h, data}, {sizeof h, len}, 2};
  int rc = rt_write_at(dfd, dir, name, &parts, 0600, err);
  if (rc == 0) evict(dfd, name, rt_cache_limit(NULL));
  close(dfd);
  return rc;
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
  info->limit = rt_cache_limit(&info->limit_bad);
  return 0;
}

int rt_cache_clear(char *err) {
  char dir[4096];
  Tally t = {0, 0, err};
  if (each_entry(remove_entry, &t, dir, sizeof dir, err)) return -1;
  return 0;
}
