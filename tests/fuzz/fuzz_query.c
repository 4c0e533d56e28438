/*
 * fuzz_query.c - the query language, compiled to SQL and run on the index
 * of a registry seeded with the shipped passports.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"
#include "registry/registry.h"

static pp_reg *reg;
static pp_at at;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char tmpl[128], path[160];
    pp_who *who = NULL;
    pp_diags d = PP_DIAGS_INIT;
    (void)argc;
    (void)argv;
    if (!fuzz_tempdir(tmpl, sizeof tmpl, "query"))
        return 0;
    snprintf(path, sizeof path, "%s/reg", tmpl);
    if (pp_who_new(&who, NULL, "Fuzz <fuzz@example.org>") == 0 &&
        pp_reg_create(&reg, path, pp_reg_shipped_dir(), who, &d) == 0)
        pp_reg_at(reg, NULL, &at);
    pp_who_free(who);
    pp_diags_dispose(&d);
    if (!reg) {
        fprintf(stderr, "fuzz_query: cannot set up: %s\n", pp_error_last());
        exit(1);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *q;
    cJSON *out = NULL;
    if (!reg || !(q = fuzz_cstring(data, size, 8192)))
        return 0;
    pp_reg_query(reg, &at, q, NULL, &out);
    cJSON_Delete(out);
    free(q);
    return 0;
}
