/*
 * cmd_crosscheck.c - passport crosscheck --epoch FILE.csv: a peer
 * database's rows against the registry (docs/PEERS.md).
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../peers/peers.h"
#include "../core/banned.h"


/* Rows go out as they are made: memory stays flat however long the file. */
static int write_out(void *ctx, const char *text, size_t len)
{
    pp_buf b = {(char *)text, len, len};
    int *status = ctx;
    return (*status = cli_flush("crosscheck", &b)) != 0 ? PP_EIO : 0;
}

int cmd_crosscheck(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"epoch", required_argument, NULL, 'e'},
        {"at", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *file = NULL, *at_spec = NULL;
    enum cli_output fmt = CLI_OUT_TEXT;
    struct cli_set set;
    pp_csv_reader *csv = NULL;
    cJSON *sum = NULL;
    FILE *f = NULL;
    int c, rc, out_status = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("crosscheck", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'e': file = optarg; break;
        case 'a': at_spec = optarg; break;
        case 'f':
            if (cli_parse_output("crosscheck", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("crosscheck"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("crosscheck", "unexpected argument '%s'",
                         argv[optind]);
    if (!file)
        return cli_usage("crosscheck", "give the peer file: --epoch FILE.csv");
    if ((rc = cli_open_csv("crosscheck", file, &f, &csv)) != 0)
        return rc;
    if ((rc = cli_load_set("crosscheck", at_spec, &set)) != 0)
        goto close;
    rc = pp_epoch_crosscheck(csv, set.docs, set.n, fmt == CLI_OUT_JSON,
                             write_out, &out_status, &sum);
    if (out_status)
        rc = out_status; /* the output failed: cli_flush said why */
    else if (rc < 0)
        rc = cli_fail(PP_EXIT_FAILURE, "crosscheck", "%s", pp_error_last());
    else if (pp_json_get(sum, "contradicts")->valueint > 0)
        rc = PP_EXIT_CHECK;
    cJSON_Delete(sum);
    cli_set_dispose(&set);
close:
    pp_csv_reader_free(csv);
    if (f && f != stdin)
        fclose(f);
    return rc;
}
