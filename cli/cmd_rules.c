/*
 * cmd_rules.c - passport rules: the rule catalogue, listed or checked.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../rules/rules.h"
#include "../core/banned.h"


int cmd_rules(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"check", no_argument, NULL, 'c'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_rules *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    pp_buf out = PP_BUF_INIT;
    int c, rc, check = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("rules", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'c': check = 1; break;
        case 'f':
            if (cli_parse_output("rules", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("rules"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (check && optind == argc)
        return cli_usage("rules", "--check needs at least one FILE");
    if (!check && optind < argc)
        return cli_usage("rules", "unexpected argument '%s'", argv[optind]);
    rc = check ? pp_rules_load_files(&r, (const char *const *)argv + optind,
                                     (size_t)(argc - optind), &d)
               : pp_rules_load_dir(&r, pp_rules_default_dir(), &d);
    cli_print_diags(stderr, &d);
    pp_diags_dispose(&d);
    if (rc < 0)
        return cli_fail(rc == PP_EINVALID ? PP_EXIT_CHECK : PP_EXIT_FAILURE,
                        "rules", "%s", pp_error_last());
    if (fmt == CLI_OUT_JSON)
        pp_json_write_canonical(&out, pp_rules_list(r), NULL);
    else
        pp_rules_list_text(&out, r);
    rc = cli_flush("rules", &out);
    pp_buf_dispose(&out);
    pp_rules_free(r);
    return rc;
}
