/*
 * cmd_list.c - passport list: one line (table) or one object (json) per
 * passport, in id order.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_list(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TABLE;
    pp_reg *r = NULL;
    pp_at at;
    cJSON *items = NULL;
    const char *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("list", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("list", optarg, "table,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(cli_help("list"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("list", "unexpected argument '%s'", argv[optind]);
    if ((rc = cli_open_reg("list", &r)) != 0)
        return rc;
    if ((rc = cli_at("list", r, at_spec, &at)) != 0)
        goto done;
    if ((rc = pp_reg_list(r, &at, pp_render_list_fields, &items)) < 0) {
        rc = cli_lib_fail("list", rc);
        goto done;
    }
    rc = pp_render_list(&out, items,
                        fmt == CLI_OUT_JSON ? PP_RENDER_JSON : PP_RENDER_TEXT);
    rc = rc < 0 ? cli_fail(PP_EXIT_FAILURE, "list", "%s", pp_error_last())
                : cli_flush("list", &out);
done:
    cJSON_Delete(items);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
