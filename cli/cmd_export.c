/*
 * cmd_export.c - passport export --markdown: the registry as a course-ready
 * fact sheet (docs/REPORT.md).
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../report/report.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport export --markdown [--at REV|DATE] [-o FILE.md]\n"
    "\n"
    "Write the registry as a Markdown fact sheet: one section per passport,\n"
    "every figure with its evidence level and citation (source and\n"
    "section), derived figures (6ND with active parameters, tokens per\n"
    "parameter) recomputed and marked as derived, then optimizer,\n"
    "precision, stability and unknowns.\n"
    "\n"
    "  --markdown         the Markdown fact sheet (the one format so far)\n"
    "  --at REV|DATE      the registry as of a revision or a date\n"
    "  -o, --output FILE  write FILE (atomically) instead of standard output\n"
    "  -h, --help         show this help\n";

int cmd_export(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"markdown", no_argument, NULL, 'm'},
        {"at", required_argument, NULL, 'a'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *at_spec = NULL, *output = NULL;
    struct cli_set set;
    pp_report_set rs;
    pp_buf out = PP_BUF_INIT;
    int c, rc, markdown = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("export", argc, argv, ":o:h", longopts)) != -1) {
        switch (c) {
        case 'm': markdown = 1; break;
        case 'a': at_spec = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(usage_text, stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("export", "unexpected argument '%s'", argv[optind]);
    if (!markdown)
        return cli_usage("export", "say what to export: --markdown");
    if ((rc = cli_load_set("export", at_spec, &set)) != 0)
        return rc;
    rs = (pp_report_set){set.docs, set.n, set.as_of[0] ? set.as_of : NULL};
    if ((rc = pp_report_markdown(&out, &rs)) < 0)
        rc = cli_lib_fail("export", rc);
    else
        rc = cli_write_output("export", output, &out);
    pp_buf_dispose(&out);
    cli_set_dispose(&set);
    return rc;
}
