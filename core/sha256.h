/*
 * sha256.h - SHA-256 digests as lower-case hex, over OpenSSL's libcrypto.
 *
 * The source cache names bodies by their digest and the fetcher hashes a
 * body while it arrives, so both a one-shot and an incremental form are
 * here.  libcrypto is already loaded under libcurl; a digest is a solved
 * problem not worth a hand-written copy.
 */
#ifndef PP_SHA256_H
#define PP_SHA256_H

#include <stddef.h>

/* Caller-owned incremental digest (pp_sha256_free). */
typedef struct pp_sha256 pp_sha256;

/* The digest of `len` bytes of `data` into `hex` (64 digits and a NUL).
 * Returns 0 or PP_ERROR. */
int pp_sha256_hex(const void *data, size_t len, char hex[65]);

/* Start an incremental digest.  Returns 0 or PP_ENOMEM. */
int pp_sha256_new(pp_sha256 **out);

/* Add `len` bytes.  Returns 0 or PP_ERROR. */
int pp_sha256_update(pp_sha256 *h, const void *data, size_t len);

/* The digest of everything added, into `hex`; `h` may not be updated
 * afterwards.  Returns 0 or PP_ERROR. */
int pp_sha256_final_hex(pp_sha256 *h, char hex[65]);

void pp_sha256_free(pp_sha256 *h);

#endif
