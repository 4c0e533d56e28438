/*
 * cmd_reindex.c - passport reindex: rebuild the index from git history.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_reindex(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pp_reg *r = NULL;
    pp_buf path = PP_BUF_INIT;
    int c, rc, is_default;

    cli_getopt_reset();
    while ((c = cli_getopt("reindex", argc, argv, ":h", longopts)) != -1) {
        if (c == 'h') {
            fputs(cli_help("reindex"), stdout);
            return PP_EXIT_OK;
        }
        return PP_EXIT_USAGE;
    }
    if (optind != argc)
        return cli_usage("reindex", "unexpected argument '%s'", argv[optind]);
    /* Open without the usual index update: it is about to be rebuilt. */
    if ((rc = pp_reg_locate(cli_registry_option, &path, &is_default)) < 0 ||
        (rc = pp_reg_open(&r, path.ptr)) < 0) {
        pp_buf_dispose(&path);
        return cli_lib_fail("reindex", rc);
    }
    pp_buf_dispose(&path);
    rc = pp_reg_reindex(r);
    pp_reg_free(r);
    if (rc < 0)
        return cli_lib_fail("reindex", rc);
    printf("index rebuilt\n");
    return PP_EXIT_OK;
}
