/*
 * utf8.h - strict UTF-8 validation (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF).
 */
#ifndef PP_UTF8_H
#define PP_UTF8_H

#include <stddef.h>

/* Returns 1 when `len` bytes at `s` are valid UTF-8; otherwise 0 and, if
 * `bad` is not NULL, the byte offset of the first invalid sequence. */
int pp_utf8_valid(const char *s, size_t len, size_t *bad);

/* Number of code points in the first `len` bytes of valid UTF-8. */
size_t pp_utf8_count(const char *s, size_t len);

#endif
