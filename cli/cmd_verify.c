/*
 * cmd_verify.c - passport verify [ID|FILE...]: recompute what passports
 * state and check they hang together.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../verify/verify.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport verify [--at REV|DATE] [--format text|json] "
    "[ID|FILE...]\n"
    "\n"
    "Check every passport of the registry (or the ones named, or passport\n"
    "files): stated derived values (training compute, tokens per parameter,\n"
    "memory) against their recomputation within the precision they were\n"
    "stated with, and internal consistency (qualifiers, plausible units,\n"
    "dates in order, loss-spike records).  Rules: docs/VERIFY.md.  An\n"
    "argument ending in .json is a file; anything else an id or alias.\n"
    "\n"
    "  --at REV|DATE      the registry as of a revision or a date\n"
    "  -f, --format FMT   text (default): PASSPORT:POINTER: severity:\n"
    "                     message [rule]; json: {\"findings\": [...],\n"
    "                     \"summary\": {...}}\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage,\n"
    "3 other error\n";

static int ends_with_json(const char *s)
{
    size_t n = strlen(s);
    return n > 5 && !strcmp(s + n - 5, ".json");
}

/* Verify one loaded passport, or report why it could not be loaded: an
 * invalid one as a finding, any other failure (out of memory, I/O) on
 * stderr.  Returns 1 for such a failure, else 0. */
static int verify_one(pp_passport *p, int load_rc, const pp_diags *d,
                      const char *name, const pp_rules *rules,
                      cJSON *findings)
{
    if (load_rc == 0) {
        pp_verify_passport(pp_passport_json(p), rules, findings);
        return 0;
    }
    if (load_rc != PP_EINVALID && load_rc != PP_ETOOBIG) {
        fprintf(stderr, "passport verify: %s: %s\n", name, pp_error_last());
        return 1;
    }
    for (size_t i = 0; i < d->count || (i == 0 && d->count == 0); i++) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "severity", "error");
        cJSON_AddStringToObject(f, "rule", "schema");
        cJSON_AddStringToObject(f, "passport", name);
        cJSON_AddStringToObject(f, "pointer",
                                d->count ? d->items[i].pointer : "");
        cJSON_AddStringToObject(f, "message", d->count ? d->items[i].message
                                                       : pp_error_last());
        cJSON_AddItemToArray(findings, f);
        if (d->count == 0)
            break;
    }
    return 0;
}

int cmd_verify(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum pp_format fmt = PP_FMT_TEXT;
    const char *at_spec = NULL;
    pp_reg *r = NULL;
    pp_at at;
    cJSON *findings = cJSON_CreateArray(), *items = NULL;
    int c, rc = 0, checked = 0, need_reg = 0, failed = 0;
    pp_buf out = PP_BUF_INIT;
    pp_rules *rules = NULL;

    cli_getopt_reset();
    while ((c = cli_getopt("verify", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("verify", optarg, "text,json", &fmt) < 0) {
                cJSON_Delete(findings);
                return PP_EXIT_USAGE;
            }
            break;
        case 'a': at_spec = optarg; break;
        case 'h':
            fputs(usage_text, stdout);
            cJSON_Delete(findings);
            return PP_EXIT_OK;
        default:
            cJSON_Delete(findings);
            return PP_EXIT_USAGE;
        }
    }
    {
        pp_diags d = PP_DIAGS_INIT;
        if (pp_rules_load_dir(&rules, pp_rules_default_dir(), &d) < 0) {
            cli_print_diags(stderr, &d);
            pp_diags_dispose(&d);
            rc = cli_fail(PP_EXIT_FAILURE, "verify", "%s", pp_error_last());
            goto done;
        }
        pp_diags_dispose(&d);
    }
    for (int i = optind; i < argc; i++)
        need_reg |= !ends_with_json(argv[i]);
    if (optind == argc || need_reg) {
        if ((rc = cli_open_reg("verify", &r)) != 0 ||
            (rc = cli_at("verify", r, at_spec, &at)) != 0)
            goto done;
    }
    if (optind == argc) {
        const cJSON *it;
        if ((rc = pp_reg_list(r, &at, NULL, &items)) < 0) {
            rc = cli_lib_fail("verify", rc);
            goto done;
        }
        cJSON_ArrayForEach(it, items)
        {
            const char *id = cJSON_GetObjectItem(it, "id")->valuestring;
            pp_passport *p = NULL;
            pp_diags d = PP_DIAGS_INIT;
            int lr = pp_reg_load(r, &at, id, &p, &d);
            failed += verify_one(p, lr, &d, id, rules, findings);
            pp_passport_free(p);
            pp_diags_dispose(&d);
            checked++;
        }
    }
    for (int i = optind; i < argc; i++) {
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        pp_buf id = PP_BUF_INIT;
        int lr;
        if (ends_with_json(argv[i])) {
            lr = pp_passport_load_file(&p, argv[i], &d);
            failed += verify_one(p, lr, &d, argv[i], rules, findings);
        } else {
            if ((rc = cli_resolve_id("verify", r, &at, argv[i], &id)) != 0) {
                pp_buf_dispose(&id);
                goto done;
            }
            lr = pp_reg_load(r, &at, id.ptr, &p, &d);
            failed += verify_one(p, lr, &d, id.ptr, rules, findings);
        }
        pp_passport_free(p);
        pp_diags_dispose(&d);
        pp_buf_dispose(&id);
        checked++;
    }
    {
        int errors = pp_verify_count(findings, "error");
        int warnings = pp_verify_count(findings, "warning");
        int notes = pp_verify_count(findings, "note");
        if (fmt == PP_FMT_JSON) {
            cJSON *root = cJSON_CreateObject(), *sum;
            cJSON_AddItemToObject(root, "findings", findings);
            findings = NULL;
            sum = cJSON_AddObjectToObject(root, "summary");
            cJSON_AddNumberToObject(sum, "passports", checked);
            cJSON_AddNumberToObject(sum, "errors", errors);
            cJSON_AddNumberToObject(sum, "warnings", warnings);
            cJSON_AddNumberToObject(sum, "notes", notes);
            pp_json_write_canonical(&out, root, NULL);
            cJSON_Delete(root);
        } else {
            const cJSON *f;
            cJSON_ArrayForEach(f, findings)
            {
                const cJSON *st = cJSON_GetObjectItem(f, "stated");
                const cJSON *ex = cJSON_GetObjectItem(f, "expected");
                pp_buf_printf(&out, "%s:%s: %s: %s [%s]\n",
                              cJSON_GetObjectItem(f, "passport")->valuestring,
                              cJSON_GetObjectItem(f, "pointer")->valuestring,
                              cJSON_GetObjectItem(f, "severity")->valuestring,
                              cJSON_GetObjectItem(f, "message")->valuestring,
                              cJSON_GetObjectItem(f, "rule")->valuestring);
                if (st)
                    pp_buf_printf(&out, "    stated:   %s\n", st->valuestring);
                if (ex)
                    pp_buf_printf(&out, "    expected: %s\n", ex->valuestring);
            }
            pp_buf_printf(&out, "%d passport%s verified: %d error%s, %d "
                          "warning%s, %d note%s\n", checked,
                          checked == 1 ? "" : "s", errors,
                          errors == 1 ? "" : "s", warnings,
                          warnings == 1 ? "" : "s", notes,
                          notes == 1 ? "" : "s");
        }
        rc = cli_flush("verify", &out);
        if (rc == 0 && failed)
            rc = PP_EXIT_FAILURE;
        else if (rc == 0 && errors)
            rc = PP_EXIT_CHECK;
    }
done:
    pp_rules_free(rules);
    cJSON_Delete(findings);
    cJSON_Delete(items);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
