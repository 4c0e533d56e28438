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

#include "core/io.h"
#include "registry/registry.h"
#include "schema/passport.h"

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

const cJSON **fuzz_shipped_docs(size_t *n)
{
    static pp_passport **kept;
    static const cJSON **docs;
    char **paths = NULL;
    size_t count = 0, i;
    pp_diags d = PP_DIAGS_INIT;

    *n = 0;
    if (pp_io_list_dir(pp_reg_shipped_dir(), ".json", PP_REGISTRY_MAX_PASSPORTS,
                       &paths, &count) < 0)
        return NULL;
    kept = calloc(count + 1, sizeof *kept);
    docs = calloc(count + 1, sizeof *docs);
    for (i = 0; kept && docs && i < count; i++) {
        if (pp_passport_load_file(&kept[i], paths[i], &d) < 0)
            break;
        docs[i] = pp_passport_json(kept[i]);
    }
    pp_io_list_free(paths, count);
    pp_diags_dispose(&d);
    if (!kept || !docs || i < count)
        return NULL;
    *n = count;
    return docs;
}
