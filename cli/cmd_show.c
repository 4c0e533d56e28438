/*
 * cmd_show.c - passport show ID|ALIAS: the whole passport, grouped for
 * people (every value with its level and source) or as canonical JSON.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_show(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg *r = NULL;
    pp_passport **ps = NULL;
    size_t n = 0;
    const char *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("show", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("show", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(cli_help("show"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("show", "expected one ID|ALIAS");
    if ((rc = cli_load_report("show", at_spec, argv[optind], &r, &ps, &n)))
        return rc;
    rc = cli_report_heading(&out, argv[optind], ps, n, fmt);
    for (size_t i = 0; i < n && rc >= 0; i++) {
        if (i)
            pp_buf_puts(&out, fmt == CLI_OUT_JSON ? ",\n" : "\n");
        rc = fmt == CLI_OUT_JSON
                 ? pp_passport_canonical(pp_passport_json(ps[i]), &out)
                 : pp_render_passport(&out, pp_passport_json(ps[i]));
    }
    if (rc >= 0 && n > 1 && fmt == CLI_OUT_JSON)
        rc = pp_buf_puts(&out, "\n  ]\n}\n");
    rc = rc < 0 ? cli_fail(PP_EXIT_FAILURE, "show", "%s", pp_error_last())
                : cli_flush("show", &out);
    cli_free_passports(ps, n);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
