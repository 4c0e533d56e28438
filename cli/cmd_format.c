/*
 * cmd_format.c - passport format: the format microscope.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../calc/microscope.h"
#include "../core/banned.h"


int cmd_format(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"as", required_argument, NULL, 'a'},
        {"scale", required_argument, NULL, 's'},
        {"round", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},
        {"block", required_argument, NULL, 'b'},
        {"table", no_argument, NULL, 't'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    const char *as = NULL, *scale_s = NULL, *round_s = "nearest";
    const char *seed_s = NULL, *block = NULL;
    int c, rc, table = 0;
    const pp_numfmt *f = NULL;
    pp_buf out = PP_BUF_INIT;

    cli_getopt_reset();
    while ((c = cli_getopt("format", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'a': as = optarg; break;
        case 's': scale_s = optarg; break;
        case 'r': round_s = optarg; break;
        case 'S': seed_s = optarg; break;
        case 'b': block = optarg; break;
        case 't': table = 1; break;
        case 'f':
            if (cli_parse_output("format", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("format"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (table) {
        if (as || block || optind < argc)
            return cli_usage("format", "--table takes no value or format");
        pp_microscope_table(&out, fmt == CLI_OUT_JSON);
        rc = cli_flush("format", &out);
        pp_buf_dispose(&out);
        return rc;
    }
    if (!as)
        return cli_usage("format", "expected --as FMT (or --table)");
    if (!(f = pp_numfmt_lookup(as)))
        return cli_usage("format",
                         "unknown format '%s' (fp32, fp16, bf16, "
                         "e4m3, e5m2, mxfp8-e4m3, mxfp8-e5m2, mxfp6-e2m3, "
                         "mxfp6-e3m2, mxfp4, nvfp4)",
                         as);
    if (block) {
        if (optind < argc || scale_s)
            return cli_usage("format", "--block takes no VALUE or --scale");
        if ((rc = pp_microscope_block(&out, f, block, fmt == CLI_OUT_JSON)) <
            0) {
            pp_buf_dispose(&out);
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        }
    } else {
        double x, scale = 1;
        unsigned long long seed = 1;
        enum pp_numfmt_round mode;
        if (argc - optind != 1)
            return cli_usage("format", "expected one VALUE");
        if (pp_num_parse(argv[optind], "value", &x, NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        if (scale_s && pp_num_parse(scale_s, "scale", &scale, NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        if (!strcmp(round_s, "nearest"))
            mode = PP_ROUND_NEAREST;
        else if (!strcmp(round_s, "stochastic"))
            mode = PP_ROUND_STOCHASTIC;
        else
            return cli_usage("format",
                             "--round: expected nearest or "
                             "stochastic, got '%s'",
                             round_s);
        if (seed_s) {
            char *end;
            seed = strtoull(seed_s, &end, 10);
            if (*end || end == seed_s)
                return cli_usage("format", "--seed: expected a whole number");
        }
        if (!scale_s && f->block)
            scale = pp_numfmt_block_scale(f, fabs(x));
        if ((rc = pp_microscope_value(&out, f, x, scale, !scale_s && f->block,
                                      mode, seed, fmt == CLI_OUT_JSON)) < 0) {
            pp_buf_dispose(&out);
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        }
    }
    rc = cli_flush("format", &out);
    pp_buf_dispose(&out);
    return rc;
}
