/*
 * cmd_log.c - passport log [ID]: commits touching the registry or one
 * passport, from the index.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"


int cmd_log(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg *r = NULL;
    pp_buf id = PP_BUF_INIT, out = PP_BUF_INIT;
    cJSON *log = NULL;
    const cJSON *e;
    pp_at at;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("log", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("log", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("log"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind > 1)
        return cli_usage("log", "expected at most one ID|ALIAS");
    if ((rc = cli_open_reg("log", &r)) != 0)
        return rc;
    if (optind < argc) {
        /* A passport removed since is still in the log: resolve by id
         * first, then by name at the tip. */
        if ((rc = cli_at("log", r, NULL, &at)) != 0)
            goto done;
        if (pp_reg_resolve(r, &at, argv[optind], &id) < 0) {
            pp_buf_clear(&id);
            pp_buf_puts(&id, argv[optind]);
        }
    }
    if ((rc = pp_reg_log(r, id.len ? id.ptr : NULL, &log)) < 0) {
        rc = cli_lib_fail("log", rc);
        goto done;
    }
    if (id.len && cJSON_GetArraySize(log) == 0) {
        rc = cli_fail(PP_EXIT_FAILURE, "log", "no commit touches '%s'", id.ptr);
        goto done;
    }
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, log, NULL);
    } else {
        cJSON_ArrayForEach(e, log)
        {
            const cJSON *p;
            int shown = 0, total;
            pp_buf_printf(&out, "%.12s %s %s <%s>\n    %s\n",
                          pp_json_str(e, "commit", ""),
                          pp_json_str(e, "date", ""),
                          pp_json_str(e, "author", ""),
                          pp_json_str(e, "email", ""),
                          pp_json_str(e, "message", ""));
            total = cJSON_GetArraySize(pp_json_get(e, "passports"));
            cJSON_ArrayForEach(p, pp_json_get(e, "passports"))
            {
                /* A seeding commit touches every passport: keep the
                 * text readable; JSON has them all. */
                if (shown++ == 12 && total > 13) {
                    pp_buf_printf(&out, "    ... and %d more\n", total - 12);
                    break;
                }
                pp_buf_printf(&out, "    %s %s\n", pp_json_str(p, "change", ""),
                              pp_json_str(p, "passport", ""));
            }
        }
    }
    rc = cli_flush("log", &out);
done:
    cJSON_Delete(log);
    pp_buf_dispose(&id);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
