/*
 * fuzz_csv.c - peer CSV files: the RFC 4180 reader, then the Epoch
 * crosscheck and leads against the shipped passports.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"

#include <stdlib.h>

#include "peers/peers.h"
#include "schema/passport.h"

static const cJSON **docs;
static size_t ndocs;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    docs = fuzz_shipped_docs(&ndocs);
    if (!docs) {
        fprintf(stderr, "fuzz_csv: cannot set up: %s\n", pp_error_last());
        exit(1);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_csv *t = NULL;
    if (pp_csv_parse(&t, (const char *)data, size, "fuzz.csv") == 0 && docs) {
        cJSON *out = NULL, *leads = cJSON_CreateArray();
        size_t skipped;
        pp_epoch_crosscheck(t, docs, ndocs, &out);
        pp_epoch_leads(t, docs, ndocs, "fuzz.csv", leads, &skipped);
        cJSON_Delete(out);
        cJSON_Delete(leads);
    }
    pp_csv_free(t);
    return 0;
}
