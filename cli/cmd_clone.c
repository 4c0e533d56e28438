/*
 * cmd_clone.c - passport clone URL DIR: a curator's own copy.
 */
#include "cli.h"
#include "opts.h"
#include "../core/banned.h"


int cmd_clone(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pp_reg *r = NULL;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("clone", argc, argv, ":h", longopts)) != -1) {
        if (c == 'h') {
            fputs(cli_help("clone"), stdout);
            return PP_EXIT_OK;
        }
        return PP_EXIT_USAGE;
    }
    if (argc - optind != 2)
        return cli_usage("clone", "expected URL and DIR");
    if ((rc = pp_reg_clone(&r, argv[optind], argv[optind + 1])) < 0)
        return cli_lib_fail("clone", rc);
    printf("cloned %s into %s\n", argv[optind], argv[optind + 1]);
    pp_reg_free(r);
    return PP_EXIT_OK;
}
