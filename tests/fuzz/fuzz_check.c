/*
 * fuzz_check.c - the prose checker end to end, as `passport check` runs
 * it (check/run.h): the input read in chunks, Markdown (md4c) or plain
 * text split into sentences, claims found, numbers bound, verdicts given
 * against the shipped passports and rule catalogue, claims placed at
 * their line and column and written as a report.  The first byte chooses
 * Markdown or plain text (bit 0) and the format (bits 1-2: text, JSON,
 * SARIF, coloured text).  Every claim must lie inside its sentence, and a
 * JSON or SARIF report must parse as JSON (strict JSON, UTF-8 included,
 * when the input is valid UTF-8).
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/buf.h"
#include "core/error.h"
#include "core/json.h"
#include "core/utf8.h"
#include "schema/passport.h"
#include "check/check.h"
#include "check/run.h"
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

static int to_buf(void *arg, const char *bytes, size_t len)
{
    return pp_buf_put(arg, bytes, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const pp_check_format formats[] = {PP_CHECK_TEXT, PP_CHECK_JSON,
                                              PP_CHECK_SARIF, PP_CHECK_TEXT};
    pp_buf out = PP_BUF_INIT;
    pp_check_totals totals = PP_CHECK_TOTALS_INIT;
    pp_check_opts opts = {PP_CHECK_TEXT, 0, 0, to_buf, NULL, &out, 1, 0};
    pp_check_input in = {"fuzz.md", NULL, NULL, 0};
    const char *name = "fuzz.md";
    if (!checker || size == 0)
        return 0;
    opts.format = formats[data[0] >> 1 & 3];
    opts.color = (data[0] >> 1 & 3) == 3;
    opts.markdown = data[0] & 1;
    in.text = (const char *)data + 1;
    in.len = size - 1;
    pp_check_head(checker, &opts, &name, 1);
    pp_check_run(checker, &opts, &in, &totals);
    pp_check_tail(&opts, &totals, 1);
    if (totals.misplaced)
        abort(); /* a claim outside its sentence has no line and column */
    if (opts.format != PP_CHECK_TEXT) {
        /* The report is JSON -- strict JSON when the input is valid UTF-8
         * (a claim's text is the input's bytes, as they are). */
        cJSON *doc = NULL;
        if (pp_utf8_valid(in.text, in.len, NULL)
                ? pp_json_parse(out.ptr, out.len, "report", &doc) < 0
                : !(doc = cJSON_ParseWithLength(out.ptr, out.len)))
            abort();
        cJSON_Delete(doc);
    }
    pp_buf_dispose(&out);
    pp_error_clear();
    return 0;
}
