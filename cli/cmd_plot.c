/*
 * cmd_plot.c - passport plot KIND: standalone SVG figures of the fitted
 * law and of the registry (docs/REPORT.md).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../report/report.h"
#include "../core/banned.h"


struct plot_opts {
    double budgets[8];
    size_t nb;
    const char *run, *at_spec, *output;
    double params, tokens, other, from, to;
    int has_params, has_tokens, has_other, has_from, has_to;
    pp_law law;
};

static int number(const char *name, const char *arg, double *out)
{
    if (pp_num_parse(arg, name, out, NULL) < 0)
        return cli_fail(PP_EXIT_USAGE, "plot", "%s", pp_error_last());
    return 0;
}

/* Passports of kind "scenario": the worked examples the figures mark. */
static void scenarios(const struct cli_set *set, const cJSON **out, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < set->n; i++) {
        const char *k = pp_json_str(set->docs[i], "kind", "");
        if (!strcmp(k, "scenario"))
            out[(*n)++] = set->docs[i];
    }
}

static int plot_isoflop(struct plot_opts *o, struct cli_set *set, pp_buf *out)
{
    const cJSON **marks = calloc(set->n + 1, sizeof *marks);
    size_t nm = 0;
    pp_report_set rs;
    int rc;
    if (!marks)
        return cli_fail(PP_EXIT_FAILURE, "plot", "out of memory");
    scenarios(set, marks, &nm);
    for (size_t i = 0; o->nb == 0 && i < nm && i < 8; i++) {
        pp_fact_num n, d;
        if (pp_fact_compute_params(marks[i], &n) &&
            pp_fact_number(marks[i], "training.tokens", &d) &&
            pp_calc_flops(n.value, d.value, o->law.kappa, &o->budgets[o->nb]) ==
                0)
            o->nb++;
    }
    if (o->nb == 0) {
        free(marks);
        return cli_usage("plot", "isoflop: give --budget C (the registry "
                                 "has no scenario to take it from)");
    }
    rs = (pp_report_set){marks, nm, NULL};
    rc = pp_plot_isoflop(out, &o->law, o->budgets, o->nb, &rs);
    free(marks);
    /* the calculators refuse only what the caller gave (budgets, law) */
    return rc < 0 ? cli_fail(PP_EXIT_USAGE, "plot", "%s", pp_error_last()) : 0;
}

static int plot_breakeven(struct plot_opts *o, struct cli_set *set, pp_buf *out)
{
    const cJSON *run = NULL;
    const char *label = NULL;
    double n = o->params, d = o->tokens;
    int rc;
    if (o->run && (o->has_params || o->has_tokens))
        return cli_usage("plot", "breakeven: --run or --params/--tokens, "
                                 "not both");
    if (o->has_params != o->has_tokens)
        return cli_usage("plot", "breakeven: --params and --tokens go "
                                 "together");
    if (o->run) {
        pp_buf id = PP_BUF_INIT;
        if ((rc = cli_resolve_id("plot", set->reg, &set->all.at, o->run, &id)))
            return rc;
        for (size_t i = 0; i < set->n; i++) {
            if (!strcmp(pp_json_str(set->docs[i], "id", ""), id.ptr))
                run = set->docs[i];
        }
        pp_buf_dispose(&id);
        if (!run)
            return cli_fail(PP_EXIT_FAILURE, "plot",
                            "'%s' does not "
                            "validate; see 'passport validate'",
                            o->run);
    } else if (!o->has_params) {
        const cJSON **sc = calloc(set->n + 1, sizeof *sc);
        size_t ns = 0;
        if (!sc)
            return cli_fail(PP_EXIT_FAILURE, "plot", "out of memory");
        scenarios(set, sc, &ns);
        run = ns == 1 ? sc[0] : NULL;
        free(sc);
        if (!run)
            return cli_usage("plot",
                             "breakeven: give --run ID or --params "
                             "and --tokens (the registry has %zu scenarios)",
                             ns);
    }
    if (run) {
        pp_fact_num fn, fd;
        int has_d = pp_fact_number(run, "training.tokens", &fd);
        label = pp_json_str(run, "name", "");
        if (!has_d || !pp_fact_compute_params(run, &fn))
            return cli_fail_missing("plot", run, label,
                                    has_d ? "params.active params.total"
                                          : "training.tokens",
                                    has_d ? "active parameters"
                                          : "training tokens");
        n = fn.value, d = fd.value;
    }
    if ((rc = pp_plot_breakeven(out, &o->law, n, d,
                                o->has_other ? o->other : 70e9, label)) < 0)
        return cli_fail(PP_EXIT_USAGE, "plot", "%s", pp_error_last());
    return 0;
}

int cmd_plot(int argc, char **argv)
{
    enum {
        O_BUDGET = 256,
        O_RUN,
        O_PARAMS,
        O_TOKENS,
        O_OTHER,
        O_FROM,
        O_TO,
        O_E,
        O_A,
        O_B,
        O_ALPHA,
        O_BETA,
        O_KAPPA,
        O_AT
    };
    static const struct option longopts[] = {
        {"budget", required_argument, NULL, O_BUDGET},
        {"run", required_argument, NULL, O_RUN},
        {"params", required_argument, NULL, O_PARAMS},
        {"tokens", required_argument, NULL, O_TOKENS},
        {"other-params", required_argument, NULL, O_OTHER},
        {"from", required_argument, NULL, O_FROM},
        {"to", required_argument, NULL, O_TO},
        {"E", required_argument, NULL, O_E},
        {"A", required_argument, NULL, O_A},
        {"B", required_argument, NULL, O_B},
        {"alpha", required_argument, NULL, O_ALPHA},
        {"beta", required_argument, NULL, O_BETA},
        {"kappa", required_argument, NULL, O_KAPPA},
        {"at", required_argument, NULL, O_AT},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct plot_opts o;
    struct cli_set set;
    pp_buf out = PP_BUF_INIT;
    const char *kind;
    int c, rc;

    memset(&o, 0, sizeof o);
    o.law = pp_law_default();
    cli_getopt_reset();
    while ((c = cli_getopt("plot", argc, argv, ":o:h", longopts)) != -1) {
        double *target = NULL;
        const char *name = NULL;
        switch (c) {
        case O_BUDGET:
            if (o.nb == 8)
                return cli_usage("plot", "at most 8 budgets");
            target = &o.budgets[o.nb++], name = "budget";
            break;
        case O_RUN: o.run = optarg; continue;
        case O_PARAMS:
            target = &o.params, name = "params", o.has_params = 1;
            break;
        case O_TOKENS:
            target = &o.tokens, name = "tokens", o.has_tokens = 1;
            break;
        case O_OTHER:
            target = &o.other, name = "other-params", o.has_other = 1;
            break;
        case O_FROM: target = &o.from, name = "from", o.has_from = 1; break;
        case O_TO: target = &o.to, name = "to", o.has_to = 1; break;
        case O_E: target = &o.law.E, name = "E"; break;
        case O_A: target = &o.law.A, name = "A"; break;
        case O_B: target = &o.law.B, name = "B"; break;
        case O_ALPHA: target = &o.law.alpha, name = "alpha"; break;
        case O_BETA: target = &o.law.beta, name = "beta"; break;
        case O_KAPPA: target = &o.law.kappa, name = "kappa"; break;
        case O_AT: o.at_spec = optarg; continue;
        case 'o': o.output = optarg; continue;
        case 'h': fputs(cli_help("plot"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
        if ((rc = number(name, optarg, target)) != 0)
            return rc;
    }
    if (argc - optind != 1)
        return cli_usage("plot", "expected one KIND: isoflop, breakeven, "
                                 "datawall or passports");
    kind = argv[optind];
    if (strcmp(kind, "isoflop") && strcmp(kind, "breakeven") &&
        strcmp(kind, "datawall") && strcmp(kind, "passports"))
        return cli_usage("plot",
                         "unknown KIND '%s' (expected isoflop, "
                         "breakeven, datawall or passports)",
                         kind);
    if (pp_law_check(&o.law) < 0)
        return cli_fail(PP_EXIT_USAGE, "plot", "%s", pp_error_last());
    if (o.nb && strcmp(kind, "isoflop"))
        return cli_usage("plot", "--budget is an option of isoflop");
    if ((o.run || o.has_params || o.has_tokens || o.has_other) &&
        strcmp(kind, "breakeven"))
        return cli_usage("plot", "--run, --params, --tokens and "
                                 "--other-params are options of breakeven");
    if ((o.has_from || o.has_to) && strcmp(kind, "datawall"))
        return cli_usage("plot", "--from and --to are options of datawall");
    if ((rc = cli_load_set("plot", o.at_spec, &set)) != 0)
        return rc;
    if (!strcmp(kind, "isoflop")) {
        rc = plot_isoflop(&o, &set, &out);
    } else if (!strcmp(kind, "breakeven")) {
        rc = plot_breakeven(&o, &set, &out);
    } else if (!strcmp(kind, "datawall")) {
        pp_report_set rs = {set.docs, set.n, NULL};
        rc = pp_plot_datawall(&out, &o.law, o.has_from ? o.from : 1e20,
                              o.has_to ? o.to : 1e27, &rs);
        if (rc < 0)
            rc = cli_fail(PP_EXIT_USAGE, "plot", "%s", pp_error_last());
    } else {
        pp_report_set rs = {set.docs, set.n, NULL};
        rc = pp_plot_passports(&out, &rs) < 0
                 ? cli_lib_fail("plot", pp_error_last_code())
                 : 0;
    }
    if (rc == 0)
        rc = cli_write_output("plot", o.output, &out);
    pp_buf_dispose(&out);
    cli_set_dispose(&set);
    return rc;
}
