/*
 * cmd_remote.c - passport remote add NAME URL.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_remote(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pp_reg *r = NULL;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("remote", argc, argv, ":h", longopts)) != -1) {
        if (c == 'h') {
            fputs(cli_help("remote"), stdout);
            return PP_EXIT_OK;
        }
        return PP_EXIT_USAGE;
    }
    if (argc - optind != 3 || strcmp(argv[optind], "add") != 0)
        return cli_usage("remote", "expected 'add NAME URL'");
    if ((rc = cli_open_reg("remote", &r)) != 0)
        return rc;
    rc = pp_reg_remote_add(r, argv[optind + 1], argv[optind + 2]);
    pp_reg_free(r);
    if (rc < 0)
        return cli_lib_fail("remote", rc);
    printf("added remote %s: %s\n", argv[optind + 1], argv[optind + 2]);
    return PP_EXIT_OK;
}
