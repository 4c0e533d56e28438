/*
 * fuzz_csv.c - peer CSV files: the RFC 4180 reader, then the Epoch
 * crosscheck and leads against the shipped passports; the stream reader
 * (what crosscheck reads with) must refuse what the table reader refuses.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
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

static int discard(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    (void)text;
    (void)len;
    return 0;
}

/* The stream reader on the same bytes: it must agree with the table
 * reader on whether the file is well-formed. */
static void crosscheck(const uint8_t *data, size_t size, int parsed, int json)
{
    static char none[1];
    /* fmemopen needs a byte: an empty file is one read away */
    FILE *f = fmemopen(size ? (void *)data : none, size ? size : 1, "rb");
    pp_csv_reader *r = NULL;
    cJSON *sum = NULL;
    int opened, rc;
    if (!f)
        return;
    if (size == 0)
        fgetc(f);
    rc = opened = pp_csv_reader_open(&r, f, "fuzz.csv");
    if (rc == 0)
        rc = pp_epoch_crosscheck(r, docs, ndocs, json, discard, NULL, &sum);
    if ((parsed == 0 && opened != 0) || (parsed != 0 && rc == 0))
        abort();
    cJSON_Delete(sum);
    pp_csv_reader_free(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_csv *t = NULL;
    int parsed = pp_csv_parse(&t, (const char *)data, size, "fuzz.csv");
    if (parsed == 0 && docs) {
        cJSON *leads = cJSON_CreateArray();
        size_t skipped;
        pp_epoch_leads(t, docs, ndocs, "fuzz.csv", leads, &skipped);
        cJSON_Delete(leads);
    }
    if (docs)
        crosscheck(data, size, parsed, (int)(size & 1));
    pp_csv_free(t);
    return 0;
}
