/*
 * cmd_get.c - passport get ID|ALIAS FACT: one fact (or one precision
 * role) of one passport, with its evidence.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../schema/render.h"
#include "../core/banned.h"

static void usage(FILE *f)
{
    const cJSON *vocab = pp_vocab();
    const cJSON *c;

    fputs("usage: passport get [--at REV|DATE] [--format text|json] ID|ALIAS "
          "FACT\n"
          "\n"
          "Print one fact of one passport with its qualifier, reported\n"
          "precision, status and evidence.  ID|ALIAS is matched case- and\n"
          "punctuation-insensitively (k2, Kimi-K2, 'DeepSeek V3'); FACT is a\n"
          "name of the fact vocabulary, precision.ROLE for the format of\n"
          "one tensor role (precision.optimizer.moments), or claims.ID.NAME\n"
          "for quantity NAME of claim ID "
          "(claims.scaling-efficiency-2-5x.ratio).\n"
          "A name shared by the checkpoints of one report ('DeepSeek V4')\n"
          "gives the fact of each checkpoint (JSON: {\"name\",\n"
          "\"checkpoints\": [...]}).\n"
          "\n"
          "  --at REV|DATE      the fact as of a revision (main~2, a commit,\n"
          "                     a tag) or a date (2026-07-29: the end of that\n"
          "                     day, UTC)\n"
          "  -f, --format FMT   text (default) or json: an object with\n"
          "                     passport, fact, value, unit, qualifier,\n"
          "                     sig_digits, status, level, provenance, "
          "source,\n"
          "                     section and the full evidence list; an\n"
          "                     undisclosed fact has no value\n"
          "  -h, --help         show this help\n"
          "\n"
          "facts:\n",
          f);
    cJSON_ArrayForEach(c, vocab)
    {
        fprintf(f, "  %-35s %s\n", c->string,
                pp_json_str(c, "description", ""));
    }
    fputs("\nexit status: 0 found, 2 usage (unknown fact name), 3 no such "
          "passport,\nambiguous name, or fact not recorded\n",
          f);
}

int cmd_get(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg *r = NULL;
    pp_passport **ps = NULL;
    size_t n = 0;
    const char *fact, *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("get", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("get", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a': at_spec = optarg; break;
        case 'h': usage(stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 2)
        return cli_usage("get", "expected ID|ALIAS and FACT");
    fact = argv[optind + 1];
    if (!pp_render_entry_known(fact))
        return cli_usage("get", "'%s' is not a fact of the vocabulary", fact);
    if ((rc = cli_load_report("get", at_spec, argv[optind], &r, &ps, &n)))
        return rc;
    rc = cli_report_heading(&out, argv[optind], ps, n, fmt);
    for (size_t i = 0; i < n && rc >= 0; i++) {
        if (i && fmt == CLI_OUT_JSON)
            pp_buf_puts(&out, ",\n");
        rc = pp_render_entry(&out, ps[i], fact,
                             fmt == CLI_OUT_JSON ? PP_RENDER_JSON
                                                 : PP_RENDER_TEXT);
    }
    if (rc >= 0 && n > 1 && fmt == CLI_OUT_JSON)
        rc = pp_buf_puts(&out, "\n  ]\n}\n");
    rc = rc < 0 ? cli_fail(PP_EXIT_FAILURE, "get", "%s", pp_error_last())
                : cli_flush("get", &out);
    cli_free_passports(ps, n);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
