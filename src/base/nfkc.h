/*
 * nfkc.h: a name's NFKC form without a compilation context (nfkc.c), for the clients that
 * match names as CPython does (the CLI's `NAME=VALUE` to a parameter named in unicode).
 */
#ifndef PYKC_NFKC_H
#define PYKC_NFKC_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* Appends the NFKC form of the name S[0, LEN) to B; false when S is not well-formed UTF-8
   or memory ran out. */
bool name_nfkc(const char *s, size_t len, Buf *b);

#endif
