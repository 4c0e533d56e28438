/*
 * cmd_export.c - passport export --markdown|--epoch: the registry as a
 * course-ready fact sheet (docs/REPORT.md) or in Epoch AI's column layout
 * (docs/PEERS.md).
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../peers/peers.h"
#include "../report/report.h"
#include "../core/banned.h"


int cmd_export(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"markdown", no_argument, NULL, 'm'},
        {"epoch", no_argument, NULL, 'E'},
        {"at", required_argument, NULL, 'a'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *at_spec = NULL, *output = NULL;
    struct cli_set set;
    pp_report_set rs;
    pp_buf out = PP_BUF_INIT;
    int c, rc, markdown = 0, epoch = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("export", argc, argv, ":o:h", longopts)) != -1) {
        switch (c) {
        case 'm': markdown = 1; break;
        case 'E': epoch = 1; break;
        case 'a': at_spec = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(cli_help("export"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("export", "unexpected argument '%s'", argv[optind]);
    if (markdown + epoch != 1)
        return cli_usage("export", "say what to export: --markdown or "
                                   "--epoch");
    if ((rc = cli_load_set("export", at_spec, &set)) != 0)
        return rc;
    rs = (pp_report_set){set.docs, set.n, set.as_of[0] ? set.as_of : NULL};
    if ((rc = markdown ? pp_report_markdown(&out, &rs)
                       : pp_epoch_export(&out, set.docs, set.n)) < 0)
        rc = cli_lib_fail("export", rc);
    else
        rc = cli_write_output("export", output, &out);
    pp_buf_dispose(&out);
    cli_set_dispose(&set);
    return rc;
}
