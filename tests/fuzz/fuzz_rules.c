/*
 * fuzz_rules.c - rule files (JSON against the rules schema, patterns
 * compiled by PCRE2 with match limits), then the rules over fixed prose,
 * differentially: the literal prefilter must give exactly the hits of the
 * unfiltered scan (abort otherwise).  The input is also read as one
 * pattern by the literal extractor.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/literal.h"
#include "rules/rules.h"

static char path[160];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char tmpl[128];
    (void)argc;
    (void)argv;
    if (fuzz_tempdir(tmpl, sizeof tmpl, "rules"))
        snprintf(path, sizeof path, "%s/rules.json", tmpl);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const texts[] = {
        "QK-Clip guarantees stability for every model at any scale.",
        "FP8 training is always 2x faster than BF16.",
        ("Muon \xD0\xB2\xD1\x81\xD0\xB5\xD0\xB3\xD0\xB4\xD0\xB0 "
         "\xD0\xBB\xD1\x83\xD1\x87\xD1\x88\xD0\xB5 AdamW."),
        "\xE6\x89\x80\xE6\x9C\x89\xE6\xA8\xA1\xE5\x9E\x8B\xE9\x83\xBD",
        ("Kimi K3 and DeepSeek-V4 were pretrained on 15.5T tokens in FP4; "
         "the colour of abbbc, 2.5x faster due to MXFP4 [x] {2} (a|b)."),
        "\xE2\x84\xAAimi: all tensors in FP8 \xC5\xBFpeed up",
        ("\xD0\x92\xD0\xA1\xD0\x81 \xD0\xB3\xD0\xB0\xD1\x80\xD0\xB0"
         "\xD0\xBD\xD1\x82\xD0\xB8\xD1\x80\xD1\x83\xD0\xB5\xD1\x82 "
         "\xE5\x85\xA8 FP8 \xff\xfe")};
    const char *files[1] = {path};
    pp_rules *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    FILE *f;
    if (!path[0] || !(f = fopen(path, "wb")))
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    if (pp_rules_load_files(&r, files, 1, &d) == 0) {
        for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
            pp_rule_hit a[16], b[16];
            size_t na = 0, nb = 0;
            pp_rules_set_prefilter(r, 1);
            pp_rules_scan(r, texts[i], strlen(texts[i]), "prose", NULL, a, 16,
                          &na);
            pp_rules_set_prefilter(r, 0);
            pp_rules_scan(r, texts[i], strlen(texts[i]), "prose", NULL, b, 16,
                          &nb);
            if (na != nb)
                abort();
            for (size_t k = 0; k < na; k++)
                if (strcmp(a[k].id, b[k].id) || a[k].start != b[k].start ||
                    a[k].end != b[k].end || strcmp(a[k].lang, b[k].lang))
                    abort();
        }
    }
    {
        char *pat = malloc(size + 1), *lits[PP_LITERALS_MAX];
        size_t n = 0;
        if (pat) {
            memcpy(pat, data, size);
            pat[size] = '\0';
            if (pp_literals_of(pat, lits, PP_LITERALS_MAX, &n) == 0)
                for (size_t k = 0; k < n; k++)
                    free(lits[k]);
            free(pat);
        }
    }
    pp_rules_free(r);
    pp_diags_dispose(&d);
    return 0;
}
