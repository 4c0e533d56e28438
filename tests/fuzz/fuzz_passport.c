/*
 * fuzz_passport.c - passport loading (strict JSON, schema, semantic
 * rules) and, for what loads, the verifier.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"

#include "schema/passport.h"
#include "rules/rules.h"
#include "verify/verify.h"

static pp_rules *rules;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    pp_diags d = PP_DIAGS_INIT;
    (void)argc;
    (void)argv;
    pp_rules_load_dir(&rules, pp_rules_default_dir(), &d);
    pp_diags_dispose(&d);
    if (!rules) {
        fprintf(stderr, "fuzz_passport: cannot set up: %s\n", pp_error_last());
        exit(1);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    if (pp_passport_load_buffer(&p, (const char *)data, size, "fuzz.json", NULL,
                                &d) == 0) {
        cJSON *findings = cJSON_CreateArray();
        pp_verify_passport(pp_passport_json(p), rules, findings);
        cJSON_Delete(findings);
    }
    pp_passport_free(p);
    pp_diags_dispose(&d);
    return 0;
}
