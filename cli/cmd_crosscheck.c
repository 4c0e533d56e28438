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
    pp_csv *csv = NULL;
    cJSON *root = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

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
    if ((rc = cli_read_csv("crosscheck", file, &csv)) != 0)
        return rc;
    if ((rc = cli_load_set("crosscheck", at_spec, &set)) != 0) {
        pp_csv_free(csv);
        return rc;
    }
    if ((rc = pp_epoch_crosscheck(csv, set.docs, set.n, &root)) < 0) {
        rc = cli_fail(PP_EXIT_FAILURE, "crosscheck", "%s: %s", file,
                      pp_error_last());
        goto done;
    }
    if (fmt == CLI_OUT_JSON)
        pp_json_write_canonical(&out, root, NULL);
    else
        pp_epoch_crosscheck_text(&out, root);
    rc = cli_flush("crosscheck", &out);
    if (rc == 0 &&
        pp_json_get(pp_json_get(root, "summary"), "contradicts")->valueint > 0)
        rc = PP_EXIT_CHECK;
done:
    cJSON_Delete(root);
    pp_csv_free(csv);
    cli_set_dispose(&set);
    pp_buf_dispose(&out);
    return rc;
}
