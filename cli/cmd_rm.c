/*
 * cmd_rm.c - passport rm ID -m MSG: remove a passport in a commit.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_rm(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"message", required_argument, NULL, 'm'},
        {"author", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *msg = NULL, *author = NULL;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    pp_buf commit = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("rm", argc, argv, ":m:h", longopts)) != -1) {
        switch (c) {
        case 'm': msg = optarg; break;
        case 'A': author = optarg; break;
        case 'h': fputs(cli_help("rm"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("rm", "expected one ID");
    if (!msg || !*msg)
        return cli_usage("rm", "say why with -m MSG");
    if ((rc = cli_open_reg("rm", &r)) != 0)
        return rc;
    if ((rc = cli_who("rm", r, author, &who)) == 0) {
        rc = pp_reg_rm(r, argv[optind], msg, who, &commit);
        if (rc < 0)
            rc = cli_lib_fail("rm", rc);
        else {
            printf("committed %.12s: removed %s\n", commit.ptr, argv[optind]);
            rc = PP_EXIT_OK;
        }
    }
    pp_buf_dispose(&commit);
    pp_who_free(who);
    pp_reg_free(r);
    return rc;
}
