/*
 * cmd_source_pin.c - passport source pin ID [SOURCE_ID...] [-m MSG]: the
 * version of each source whose quotes were found in its cached text,
 * written into the passport and committed (docs/SOURCES.md).  The work is
 * pp_sources_pin() (sources/pin.c); here are the options and the commit.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../sources/sources.h"
#include "../core/banned.h"

/* Commit passport `doc` as changed by the pins; 0 or an exit status. */
static int commit_pins(pp_reg *r, const cJSON *doc, const char *msg,
                       const char *author, const cJSON *report)
{
    pp_buf text = PP_BUF_INIT, dmsg = PP_BUF_INIT, commit = PP_BUF_INIT;
    pp_diags d = PP_DIAGS_INIT;
    pp_who *who = NULL;
    const char *id = pp_json_str(doc, "id", "");
    const cJSON *l;
    int rc;
    if ((rc = cli_who("source pin", r, author, &who)) != 0)
        goto done;
    pp_buf_printf(&dmsg, "pin the sources of %s:", id);
    cJSON_ArrayForEach(l, report)
    {
        if (!strcmp(pp_json_str(l, "status", ""), "pinned"))
            pp_buf_printf(&dmsg, " %s %.12s", pp_json_str(l, "source", ""),
                          pp_json_str(l, "sha256", ""));
    }
    pp_passport_canonical(doc, &text);
    rc = pp_reg_put_text(r, text.ptr, text.len, id, msg ? msg : dmsg.ptr, who,
                         &d, &commit);
    cli_print_diags(stderr, &d);
    if (rc < 0)
        rc = cli_lib_fail("source pin", rc);
    else if (commit.len)
        printf("committed %.12s: %s\n", commit.ptr, id);
    else
        printf("nothing to commit: the pins are already recorded\n");
done:
    pp_buf_dispose(&text);
    pp_buf_dispose(&dmsg);
    pp_buf_dispose(&commit);
    pp_diags_dispose(&d);
    pp_who_free(who);
    return rc;
}

int cmd_source_pin(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"message", required_argument, NULL, 'm'},
        {"author", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *msg = NULL, *author = NULL;
    pp_reg *r = NULL;
    pp_passport *p = NULL;
    pp_cache *cache = NULL;
    cJSON *doc = NULL, *report = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("source pin", argc, argv, ":m:h", longopts)) != -1) {
        switch (c) {
        case 'm': msg = optarg; break;
        case 'A': author = optarg; break;
        case 'h': fputs(cli_help("source"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind == argc)
        return cli_usage("source pin", "expected a passport ID and "
                                       "optionally SOURCE_IDs");
    if ((rc = cli_load_passport("source pin", NULL, argv[optind], &r, &p)) != 0)
        return rc;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0 ||
        (rc = pp_sources_pin(cache, pp_passport_json(p),
                             (const char *const *)argv + optind + 1,
                             (size_t)(argc - optind - 1), &doc, &report)) < 0) {
        rc = cli_lib_fail("source pin", rc);
        goto done;
    }
    pp_sources_pin_text(&out, pp_passport_id(p), report);
    if ((rc = cli_flush("source pin", &out)) == 0)
        rc = commit_pins(r, doc, msg, author, report);
done:
    cJSON_Delete(doc);
    cJSON_Delete(report);
    pp_buf_dispose(&out);
    pp_cache_free(cache);
    pp_passport_free(p);
    pp_reg_free(r);
    return rc;
}
