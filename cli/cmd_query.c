/*
 * cmd_query.c - passport query EXPR: find passports by their facts.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/banned.h"


/* A cell for people (table) or tools (csv): facts by value. */
static cJSON *cell(const cJSON *v, enum cli_output fmt)
{
    if (cJSON_IsObject(v)) {
        cJSON *value;
        if (pp_fact_status_of(v) == PP_FACT_UNDISCLOSED)
            return cJSON_CreateString("undisclosed");
        if (fmt == CLI_OUT_TABLE) {
            pp_buf b = PP_BUF_INIT;
            pp_fact_format(&b, v);
            value = cJSON_CreateString(pp_buf_cstr(&b));
            pp_buf_dispose(&b);
            return value;
        }
        value = pp_fact_value_json(v);
        return value ? value : cJSON_CreateNull();
    }
    return cJSON_Duplicate(v, 1);
}

int cmd_query(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"at", required_argument, NULL, 'a'},
        {"fields", required_argument, NULL, 'F'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TABLE;
    const char *at_spec = NULL, *fields = NULL;
    pp_reg *r = NULL;
    pp_buf out = PP_BUF_INIT;
    cJSON *res = NULL, *table = NULL;
    const cJSON *row, *f;
    pp_at at;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("query", argc, argv, ":a:F:f:h", longopts)) != -1) {
        switch (c) {
        case 'a': at_spec = optarg; break;
        case 'F': fields = optarg; break;
        case 'f':
            if (cli_parse_output("query", optarg, "table,json,csv", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("query"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("query", "expected one EXPR (quote it)");
    if ((rc = cli_open_reg("query", &r)) != 0)
        return rc;
    if ((rc = cli_at("query", r, at_spec, &at)) != 0)
        goto done;
    if ((rc = pp_reg_query(r, &at, argv[optind], fields, &res)) < 0) {
        rc = cli_lib_fail("query", rc);
        goto done;
    }
    table = cJSON_CreateObject();
    {
        cJSON *rows = cJSON_CreateArray();
        cJSON_AddItemToObject(table, "columns",
                              cJSON_Duplicate(pp_json_get(res, "fields"), 1));
        cJSON_ArrayForEach(row, pp_json_get(res, "rows"))
        {
            cJSON *cells = cJSON_CreateArray();
            cJSON *obj = cJSON_CreateObject();
            cJSON_ArrayForEach(f, row)
            {
                cJSON_AddItemToArray(cells, cell(f, fmt));
                cJSON_AddItemToObject(obj, f->string, cell(f, CLI_OUT_JSON));
            }
            cJSON_AddItemToArray(rows, fmt == CLI_OUT_JSON ? obj : cells);
            cJSON_Delete(fmt == CLI_OUT_JSON ? cells : obj);
        }
        cJSON_AddItemToObject(table, "rows", rows);
    }
    if (fmt == CLI_OUT_JSON)
        pp_json_write_canonical(&out, pp_json_get(table, "rows"), NULL);
    else
        cli_render_rows(&out, pp_json_get(table, "columns"),
                        pp_json_get(table, "rows"), fmt);
    rc = cli_flush("query", &out);
done:
    cJSON_Delete(res);
    cJSON_Delete(table);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
