/*
 * cmd_promote.c - passport promote FILE [-m MSG]: a lead (a candidate
 * passport import --as-leads wrote into leads/, its evidence since
 * rewritten from the run's own sources) becomes a curated passport: it
 * must validate and verify with no error, then it is committed and its
 * file in leads/ removed (docs/PEERS.md).  `put` refuses a lead; this is
 * the one way from leads/ into the registry that also runs the verifier.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../verify/verify.h"
#include "../core/banned.h"

/* Verify `p`; 0 when it has no error, else the exit status (printed). */
static int verify_clean(const pp_passport *p, const char *file)
{
    pp_rules *rules = NULL;
    pp_diags d = PP_DIAGS_INIT;
    cJSON *findings = cJSON_CreateArray();
    pp_buf out = PP_BUF_INIT;
    int rc = 0, errors;
    if (pp_rules_load_dir(&rules, pp_rules_default_dir(), &d) < 0) {
        cli_print_diags(stderr, &d);
        rc = cli_fail(PP_EXIT_FAILURE, "promote", "%s", pp_error_last());
        goto done;
    }
    pp_verify_passport(pp_passport_json(p), rules, findings);
    if ((errors = pp_verify_count(findings, "error")) > 0) {
        pp_verify_report(&out, findings, 1, 0);
        fputs(pp_buf_cstr(&out), stderr);
        rc = cli_fail(PP_EXIT_CHECK, "promote",
                      "%s: verify found %d error%s; nothing was committed",
                      file, errors, errors == 1 ? "" : "s");
    }
done:
    pp_buf_dispose(&out);
    cJSON_Delete(findings);
    pp_diags_dispose(&d);
    pp_rules_free(rules);
    return rc;
}

int cmd_promote(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"message", required_argument, NULL, 'm'},
        {"author", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *msg = NULL, *author = NULL, *file;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    pp_buf commit = PP_BUF_INIT, dmsg = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("promote", argc, argv, ":m:h", longopts)) != -1) {
        switch (c) {
        case 'm': msg = optarg; break;
        case 'A': author = optarg; break;
        case 'h': fputs(cli_help("promote"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("promote", "expected one FILE (a lead)");
    file = argv[optind];
    if ((rc = pp_passport_load_file(&p, file, &d)) < 0) {
        cli_print_diags(stderr, &d);
        rc = rc == PP_EINVALID ? cli_fail(PP_EXIT_CHECK, "promote",
                                          "%s is invalid; nothing was "
                                          "committed",
                                          file)
                               : cli_lib_fail("promote", rc);
        goto done;
    }
    if ((rc = verify_clean(p, file)) != 0 ||
        (rc = cli_open_reg("promote", &r)) != 0 ||
        (rc = cli_who("promote", r, author, &who)) != 0)
        goto done;
    pp_buf_printf(&dmsg, "promote %s from the leads", pp_passport_id(p));
    rc = pp_reg_put(r, (const char *const *)&file, 1, msg ? msg : dmsg.ptr, who,
                    &d, &commit);
    cli_print_diags(stderr, &d);
    if (rc < 0) {
        rc = cli_lib_fail("promote", rc);
        goto done;
    }
    if (commit.len)
        printf("committed %.12s: %s\n", commit.ptr, pp_passport_id(p));
    else
        printf("nothing to commit: the registry already holds %s\n",
               pp_passport_id(p));
    /* The lead has become the passport: its candidate file goes. */
    if (unlink(file) < 0)
        fprintf(stderr, "passport promote: warning: cannot remove '%s'\n",
                file);
    else
        printf("removed %s\n", file);
    rc = PP_EXIT_OK;
done:
    pp_buf_dispose(&commit);
    pp_buf_dispose(&dmsg);
    pp_diags_dispose(&d);
    pp_passport_free(p);
    pp_who_free(who);
    pp_reg_free(r);
    return rc;
}
