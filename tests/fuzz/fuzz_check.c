/*
 * fuzz_check.c - the prose checker end to end: Markdown (md4c) or plain
 * text split into sentences, claims found, numbers bound and verdicts
 * given against the shipped passports and rule catalogue.  The first
 * byte chooses Markdown or plain text.
 */
#include "fuzz.h"

#include <stdio.h>

#include <stdlib.h>

#include "core/error.h"
#include "schema/passport.h"
#include "check/check.h"
#include "check/prose.h"
#include "rules/rules.h"

static pp_rules *rules;
static pp_checker *checker;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    pp_diags d = PP_DIAGS_INIT;
    size_t n;
    const cJSON **docs = fuzz_shipped_docs(&n);
    (void)argc;
    (void)argv;
    if (docs) {
        pp_rules_load_dir(&rules, pp_rules_default_dir(), &d);
        pp_checker_new(&checker, docs, n, rules);
    }
    pp_diags_dispose(&d);
    if (!checker) {
        fprintf(stderr, "fuzz_check: cannot set up: %s\n", pp_error_last());
        exit(1);
    }
    return 0;
}

/* Every claim must point inside its sentence (abort otherwise: the CLI
 * maps offsets to lines and columns through them). */
static int on_sentence(const pp_sentence *s, void *arg)
{
    cJSON *claims = cJSON_CreateArray(), *c;
    (void)arg;
    if (s->table)
        pp_checker_row(checker, s->text, s->len, s->table == 1, claims);
    else
        pp_checker_sentence(checker, s->text, s->len, claims);
    cJSON_ArrayForEach(c, claims)
    {
        const cJSON *off = cJSON_GetObjectItemCaseSensitive(c, "offset");
        const cJSON *len = cJSON_GetObjectItemCaseSensitive(c, "length");
        if (!cJSON_IsNumber(off) || !cJSON_IsNumber(len) ||
            off->valuedouble < 0 ||
            off->valuedouble + len->valuedouble > (double)s->len)
            abort();
    }
    cJSON_Delete(claims);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_suppress *sup = NULL;
    size_t nsup = 0;
    pp_prose_stats st = {0, 0};
    if (!checker || size == 0)
        return 0;
    pp_checker_begin_document(checker);
    pp_prose_sentences((const char *)data + 1, size - 1, 0, data[0] & 1,
                       on_sentence, NULL, &sup, &nsup, &st);
    free(sup);
    return 0;
}
