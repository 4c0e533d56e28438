/*
 * cmd_put.c - passport put FILE... [-m MSG]: validate, then one commit.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_put(int argc, char **argv)
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
    pp_diags d = PP_DIAGS_INIT;
    pp_buf commit = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("put", argc, argv, ":m:h", longopts)) != -1) {
        switch (c) {
        case 'm': msg = optarg; break;
        case 'A': author = optarg; break;
        case 'h': fputs(cli_help("put"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind == argc)
        return cli_usage("put", "expected at least one FILE");
    if ((rc = cli_open_reg("put", &r)) != 0)
        return rc;
    if ((rc = cli_who("put", r, author, &who)) != 0)
        goto done;
    rc = pp_reg_put(r, (const char *const *)argv + optind,
                    (size_t)(argc - optind), msg, who, &d, &commit);
    cli_print_diags(stderr, &d);
    if (rc < 0) {
        rc = cli_lib_fail("put", rc);
        goto done;
    }
    if (commit.len)
        printf("committed %.12s: %d passport%s\n", commit.ptr, argc - optind,
               argc - optind == 1 ? "" : "s");
    else
        printf("nothing to commit: the registry already holds these "
               "passports\n");
    rc = PP_EXIT_OK;
done:
    pp_buf_dispose(&commit);
    pp_diags_dispose(&d);
    pp_who_free(who);
    pp_reg_free(r);
    return rc;
}
