/*
 * cmd_pull.c - passport pull [NAME]: fetch and merge, fact by fact.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_pull(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"abort", no_argument, NULL, 'x'},
        {"author", required_argument, NULL, 'A'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    const char *author = NULL, *name;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    cJSON *res = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc, abort_merge = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("pull", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'x': abort_merge = 1; break;
        case 'A': author = optarg; break;
        case 'f':
            if (cli_parse_output("pull", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("pull"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind > 1)
        return cli_usage("pull", "expected at most one NAME");
    name = optind < argc ? argv[optind] : "origin";
    if ((rc = cli_open_reg("pull", &r)) != 0)
        return rc;
    if (abort_merge) {
        rc = pp_reg_merge_abort(r);
        pp_reg_free(r);
        if (rc < 0)
            return cli_lib_fail("pull", rc);
        printf("merge dropped; the registry is as before the pull\n");
        return PP_EXIT_OK;
    }
    if ((rc = cli_who("pull", r, author, &who)) != 0)
        goto done;
    rc = pp_reg_pull(r, name, who, &res);
    if (rc < 0 && !(rc == PP_ECONFLICT && pp_json_get(res, "conflicts"))) {
        rc = cli_lib_fail("pull", rc);
        goto done;
    }
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, res, NULL);
    } else if (rc == PP_ECONFLICT) {
        int n = cJSON_GetArraySize(pp_json_get(res, "conflicts"));
        pp_render_conflicts(&out, pp_json_get(res, "conflicts"));
        fprintf(stderr,
                "passport pull: stopped on %d conflict%s; nothing was "
                "changed. Choose with 'passport resolve ID FIELD "
                "--ours|--theirs|--value V', or drop the merge with "
                "'passport pull --abort'.\n",
                n, n == 1 ? "" : "s");
    } else {
        const char *what = pp_json_str(res, "result", "");
        const cJSON *commit = pp_json_get(res, "commit");
        const cJSON *note = pp_json_get(res, "note");
        if (!strcmp(what, "up-to-date"))
            pp_buf_printf(&out, "already up to date%s%s\n", note ? ": " : "",
                          note ? note->valuestring : "");
        else
            pp_buf_printf(&out, "%s: now at %.12s\n",
                          !strcmp(what, "merged") ? "merged" : "fast-forward",
                          commit->valuestring);
    }
    {
        int frc = cli_flush("pull", &out);
        rc = rc == PP_ECONFLICT ? PP_EXIT_CHECK : frc;
    }
done:
    cJSON_Delete(res);
    pp_buf_dispose(&out);
    pp_who_free(who);
    pp_reg_free(r);
    return rc;
}
