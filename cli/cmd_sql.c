/*
 * cmd_sql.c - passport sql STATEMENT: read-only SQL on the index.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"


int cmd_sql(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TABLE;
    pp_reg *r = NULL;
    pp_buf out = PP_BUF_INIT;
    cJSON *res = NULL;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("sql", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("sql", optarg, "table,json,csv", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("sql"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("sql", "expected one STATEMENT (quote it)");
    if ((rc = cli_open_reg("sql", &r)) != 0)
        return rc;
    if ((rc = pp_reg_sql(r, argv[optind], &res)) < 0) {
        rc = cli_lib_fail("sql", rc);
        goto done;
    }
    if (fmt == CLI_OUT_JSON)
        pp_json_write_canonical(&out, res, NULL);
    else
        cli_render_rows(&out, pp_json_get(res, "columns"),
                        pp_json_get(res, "rows"), fmt);
    rc = cli_flush("sql", &out);
done:
    cJSON_Delete(res);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
