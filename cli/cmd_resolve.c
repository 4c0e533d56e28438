/*
 * cmd_resolve.c - passport resolve ID FIELD --ours|--theirs|--value V:
 * settle one conflict of a stopped pull; the last one makes the merge
 * commit.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_resolve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"list", no_argument, NULL, 'l'},
        {"ours", no_argument, NULL, 'o'},
        {"theirs", no_argument, NULL, 't'},
        {"value", required_argument, NULL, 'v'},
        {"author", required_argument, NULL, 'A'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    const char *side = NULL, *value = NULL, *author = NULL;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    cJSON *res = NULL;
    pp_buf out = PP_BUF_INIT, field = PP_BUF_INIT;
    int c, rc, list = 0, nsides = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("resolve", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'l': list = 1; break;
        case 'o': side = "ours", nsides++; break;
        case 't': side = "theirs", nsides++; break;
        case 'v': side = "value", value = optarg, nsides++; break;
        case 'A': author = optarg; break;
        case 'f':
            if (cli_parse_output("resolve", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("resolve"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (!list && (argc - optind != 2 || nsides != 1))
        return cli_usage("resolve", "expected ID FIELD and one of --ours, "
                                    "--theirs, --value V (or --list)");
    if ((rc = cli_open_reg("resolve", &r)) != 0)
        return rc;
    if (list) {
        if ((rc = pp_reg_conflicts(r, &res)) < 0) {
            rc = cli_lib_fail("resolve", rc);
            goto done;
        }
        if (fmt == CLI_OUT_JSON)
            pp_json_write_canonical(&out, res, NULL);
        else
            pp_render_conflicts(&out, res);
        rc = cli_flush("resolve", &out);
        goto done;
    }
    if ((rc = cli_who("resolve", r, author, &who)) != 0)
        goto done;
    pp_buf_printf(&field, pp_vocab_lookup(argv[optind + 1]) ? "facts/%s" : "%s",
                  argv[optind + 1]);
    rc = pp_reg_resolve_conflict(r, argv[optind], field.ptr, side, value, who,
                                 &res);
    if (rc < 0) {
        rc = cli_lib_fail("resolve", rc);
        goto done;
    }
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, res, NULL);
    } else {
        const cJSON *commit = pp_json_get(res, "commit");
        int left = pp_json_get(res, "remaining")->valueint;
        if (commit)
            pp_buf_printf(&out, "merged: now at %.12s\n", commit->valuestring);
        else
            pp_buf_printf(&out, "recorded; %d conflict%s remain%s\n", left,
                          left == 1 ? "" : "s", left == 1 ? "s" : "");
    }
    rc = cli_flush("resolve", &out);
done:
    cJSON_Delete(res);
    pp_buf_dispose(&out);
    pp_buf_dispose(&field);
    pp_who_free(who);
    pp_reg_free(r);
    return rc;
}
