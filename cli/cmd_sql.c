/*
 * cmd_sql.c - passport sql STATEMENT: read-only SQL on the index.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "../core/banned.h"

/* --timeout S: seconds as people write them (2.5), into milliseconds. */
static int parse_timeout(const char *arg, long *ms)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(arg, &end);
    if (end == arg || *end || errno || !isfinite(v) || v <= 0 ||
        v * 1000.0 > PP_SQL_MAX_TIMEOUT_MS)
        return cli_usage("sql",
                         "--timeout: expected a positive number of "
                         "seconds up to %d, not '%s'",
                         PP_SQL_MAX_TIMEOUT_MS / 1000, arg);
    *ms = (long)ceil(v * 1000.0);
    return 0;
}

int cmd_sql(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"timeout", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TABLE;
    pp_reg *r = NULL;
    pp_buf out = PP_BUF_INIT;
    cJSON *res = NULL;
    long timeout_ms = PP_SQL_DEFAULT_TIMEOUT_MS;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("sql", argc, argv, ":f:t:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("sql", optarg, "table,json,csv", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 't':
            if (parse_timeout(optarg, &timeout_ms) != 0)
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
    if ((rc = pp_reg_sql(r, argv[optind], timeout_ms, &res)) < 0) {
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
