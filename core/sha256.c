/*
 * sha256.c - SHA-256 through libcrypto's EVP interface (sha256.h).
 */
#include "sha256.h"

#include <stdlib.h>

#include <openssl/evp.h>

#include "error.h"
#include "banned.h"

struct pp_sha256 {
    EVP_MD_CTX *md; /* owned */
};

static void hex_of(const unsigned char *md, char hex[65])
{
    static const char digits[] = "0123456789abcdef";
    for (unsigned i = 0; i < 32; i++) {
        hex[2 * i] = digits[md[i] >> 4];
        hex[2 * i + 1] = digits[md[i] & 15];
    }
    hex[64] = '\0';
}

int pp_sha256_hex(const void *data, size_t len, char hex[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned n = 0;
    if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != 32)
        return pp_error_set(PP_ERROR, "cannot compute SHA-256");
    hex_of(md, hex);
    return 0;
}

int pp_sha256_new(pp_sha256 **out)
{
    pp_sha256 *h = calloc(1, sizeof *h);
    *out = NULL;
    if (!h || !(h->md = EVP_MD_CTX_new())) {
        free(h);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    if (!EVP_DigestInit_ex(h->md, EVP_sha256(), NULL)) {
        pp_sha256_free(h);
        return pp_error_set(PP_ERROR, "cannot start SHA-256");
    }
    *out = h;
    return 0;
}

int pp_sha256_update(pp_sha256 *h, const void *data, size_t len)
{
    if (!EVP_DigestUpdate(h->md, data, len))
        return pp_error_set(PP_ERROR, "cannot compute SHA-256");
    return 0;
}

int pp_sha256_final_hex(pp_sha256 *h, char hex[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned n = 0;
    if (!EVP_DigestFinal_ex(h->md, md, &n) || n != 32)
        return pp_error_set(PP_ERROR, "cannot compute SHA-256");
    hex_of(md, hex);
    return 0;
}

void pp_sha256_free(pp_sha256 *h)
{
    if (!h)
        return;
    EVP_MD_CTX_free(h->md);
    free(h);
}
