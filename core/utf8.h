/*
 * utf8.h - strict UTF-8 validation (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF), and the simple lower-casing the checker uses.
 */
#ifndef PP_UTF8_H
#define PP_UTF8_H

#include <stddef.h>

/* Returns 1 when `len` bytes at `s` are valid UTF-8; otherwise 0 and, if
 * `bad` is not NULL, the byte offset of the first invalid sequence. */
int pp_utf8_valid(const char *s, size_t len, size_t *bad);

/* Number of code points in the first `len` bytes of valid UTF-8. */
size_t pp_utf8_count(const char *s, size_t len);

/* Lower-case ASCII and Russian Cyrillic (А-Я, Ё), and make simplified
 * the traditional Han characters of the checker's lexicons (參數 ->
 * 参数, 億 -> 亿), in place; the length and every byte offset stay the
 * same, anything else is left as it is.
 * Returns 1 when `s` holds a character that Unicode case-insensitive
 * matching equates with one of those letters although this folding does
 * not map it to it (KELVIN SIGN = k, LONG S = s, the old Cyrillic letter
 * variants U+1C80..U+1C88), else 0: a caller comparing folded literals
 * then knows its comparison may miss a caseless match. */
int pp_utf8_fold(char *s, size_t n);

#endif
