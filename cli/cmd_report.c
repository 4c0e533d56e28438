/*
 * cmd_report.c - passport report: the HTML page comparing every passport
 * side by side (docs/REPORT.md).
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../report/report.h"
#include "../core/banned.h"


int cmd_report(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"at", required_argument, NULL, 'a'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *at_spec = NULL, *output = NULL;
    struct cli_set set;
    pp_report_set rs;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("report", argc, argv, ":o:h", longopts)) != -1) {
        switch (c) {
        case 'a': at_spec = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(cli_help("report"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("report", "unexpected argument '%s'", argv[optind]);
    if ((rc = cli_load_set("report", at_spec, &set)) != 0)
        return rc;
    rs = (pp_report_set){set.docs, set.n, set.as_of[0] ? set.as_of : NULL};
    if ((rc = pp_report_html(&out, &rs)) < 0)
        rc = cli_lib_fail("report", rc);
    else
        rc = cli_write_output("report", output, &out);
    pp_buf_dispose(&out);
    cli_set_dispose(&set);
    return rc;
}
