/*
 * common.c - helpers of the fuzz targets.
 */
#define _XOPEN_SOURCE 700
#include "fuzz.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char made[128];

static int rm_one(const char *path, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

static void cleanup(void)
{
    if (made[0])
        nftw(made, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *fuzz_tempdir(char *out, size_t size, const char *what)
{
    snprintf(made, sizeof made, "/tmp/passport-fuzz-%s-XXXXXX", what);
    if (!mkdtemp(made)) {
        made[0] = '\0';
        return NULL;
    }
    atexit(cleanup);
    snprintf(out, size, "%s", made);
    return out;
}

char *fuzz_cstring(const uint8_t *data, size_t size, size_t max)
{
    size_t n = size < max ? size : max;
    char *s = malloc(n + 1);
    if (!s)
        return NULL;
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}
