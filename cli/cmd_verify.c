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


static int ends_with_json(const char *s)
{
    size_t n = strlen(s);
    return n > 5 && !strcmp(s + n - 5, ".json");
}

/* Verify one loaded passport, or report why it could not be loaded: an
 * invalid one as findings, any other failure (out of memory, I/O) on
 * stderr.  Returns 1 for such a failure, else 0. */
static int verify_one(pp_passport *p, int load_rc, const pp_diags *d,
                      const char *name, const pp_rules *rules, cJSON *findings)
{
    if (load_rc == 0) {
        pp_verify_passport(pp_passport_json(p), rules, findings);
        return 0;
    }
    if (load_rc != PP_EINVALID && load_rc != PP_ETOOBIG) {
        fprintf(stderr, "passport verify: %s: %s\n", name, pp_error_last());
        return 1;
    }
    pp_verify_invalid(name, d, 0, d->count, pp_error_last(), findings);
    return 0;
}

/* Every passport of the registry at `at`; 0 or an exit status. */
static int verify_all(pp_reg *r, const pp_at *at, const pp_rules *rules,
                      cJSON *findings, int *checked)
{
    pp_reg_set all;
    int rc = pp_reg_load_all(r, at, &all);
    if (rc < 0)
        return cli_lib_fail("verify", rc);
    for (size_t i = 0; i < all.nentries; i++) {
        const pp_reg_entry *e = &all.entries[i];
        if (e->passport)
            pp_verify_passport(pp_passport_json(e->passport), rules, findings);
        else
            pp_verify_invalid(e->id, &all.diags, e->diag_first, e->diag_count,
                              "", findings);
        (*checked)++;
    }
    pp_reg_set_dispose(&all);
    return 0;
}

/* The passports named on the command line: ids, aliases or files. */
static int verify_named(pp_reg *r, const pp_at *at, char **names, int n,
                        const pp_rules *rules, cJSON *findings, int *checked,
                        int *failed)
{
    for (int i = 0; i < n; i++) {
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        pp_buf id = PP_BUF_INIT;
        int lr, rc = 0;
        if (ends_with_json(names[i])) {
            lr = pp_passport_load_file(&p, names[i], &d);
            *failed += verify_one(p, lr, &d, names[i], rules, findings);
        } else if ((rc = cli_resolve_id("verify", r, at, names[i], &id)) == 0) {
            lr = pp_reg_load(r, at, id.ptr, &p, &d);
            *failed += verify_one(p, lr, &d, id.ptr, rules, findings);
        }
        pp_passport_free(p);
        pp_diags_dispose(&d);
        pp_buf_dispose(&id);
        if (rc != 0)
            return rc;
        (*checked)++;
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
    enum cli_output fmt = CLI_OUT_TEXT;
    const char *at_spec = NULL;
    pp_reg *r = NULL;
    pp_at at;
    cJSON *findings = NULL;
    int c, rc = 0, checked = 0, need_reg = 0, failed = 0;
    pp_buf out = PP_BUF_INIT;
    pp_rules *rules = NULL;
    pp_diags d = PP_DIAGS_INIT;

    cli_getopt_reset();
    while ((c = cli_getopt("verify", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("verify", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(cli_help("verify"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    findings = cJSON_CreateArray();
    if (pp_rules_load_dir(&rules, pp_rules_default_dir(), &d) < 0) {
        cli_print_diags(stderr, &d);
        rc = cli_fail(PP_EXIT_FAILURE, "verify", "%s", pp_error_last());
        goto done;
    }
    for (int i = optind; i < argc; i++)
        need_reg |= !ends_with_json(argv[i]);
    if ((optind == argc || need_reg) &&
        ((rc = cli_open_reg("verify", &r)) != 0 ||
         (rc = cli_at("verify", r, at_spec, &at)) != 0))
        goto done;
    if (optind == argc)
        rc = verify_all(r, &at, rules, findings, &checked);
    else
        rc = verify_named(r, &at, argv + optind, argc - optind, rules, findings,
                          &checked, &failed);
    if (rc != 0)
        goto done;
    pp_verify_report(&out, findings, checked, fmt == CLI_OUT_JSON);
    rc = cli_flush("verify", &out);
    if (rc == 0 && failed)
        rc = PP_EXIT_FAILURE;
    else if (rc == 0 && pp_verify_count(findings, "error"))
        rc = PP_EXIT_CHECK;
done:
    pp_diags_dispose(&d);
    pp_rules_free(rules);
    cJSON_Delete(findings);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
