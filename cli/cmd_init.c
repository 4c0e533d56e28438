/*
 * cmd_init.c - passport init DIR [--empty]: create a registry.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/banned.h"


int cmd_init(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"empty", no_argument, NULL, 'e'},
        {"author", required_argument, NULL, 'A'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *author = NULL;
    int c, rc, empty = 0, quiet = 0;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    pp_diags d = PP_DIAGS_INIT;

    cli_getopt_reset();
    while ((c = cli_getopt("init", argc, argv, ":eqh", longopts)) != -1) {
        switch (c) {
        case 'e': empty = 1; break;
        case 'A': author = optarg; break;
        case 'q': quiet = 1; break;
        case 'h': fputs(cli_help("init"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("init", "expected one DIR");
    if (!empty && (rc = cli_who("init", NULL, author, &who)) != 0)
        return rc;
    rc = pp_reg_create(&r, argv[optind], empty ? NULL : pp_reg_shipped_dir(),
                       who, &d);
    cli_print_diags(stderr, &d);
    pp_diags_dispose(&d);
    pp_who_free(who);
    if (rc < 0)
        return cli_lib_fail("init", rc);
    if (!quiet)
        printf("created registry %s%s\n", argv[optind],
               empty ? " (empty)" : " from the shipped passports");
    pp_reg_free(r);
    return PP_EXIT_OK;
}
