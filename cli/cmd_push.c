/*
 * cmd_push.c - passport push [NAME]: send commits to a remote registry.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_push(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pp_reg *r = NULL;
    const char *name;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("push", argc, argv, ":h", longopts)) != -1) {
        if (c == 'h') {
            fputs(cli_help("push"), stdout);
            return PP_EXIT_OK;
        }
        return PP_EXIT_USAGE;
    }
    if (argc - optind > 1)
        return cli_usage("push", "expected at most one NAME");
    name = optind < argc ? argv[optind] : "origin";
    if ((rc = cli_open_reg("push", &r)) != 0)
        return rc;
    rc = pp_reg_push(r, name);
    pp_reg_free(r);
    if (rc < 0)
        return cli_lib_fail("push", rc);
    printf("pushed to %s\n", name);
    return PP_EXIT_OK;
}
