/*
 * cmd_calc.c - passport calc KIND: the calculators on the command line,
 * from numbers or from a passport's facts.  Options here; the
 * calculation and its text and JSON forms are calc/sheet.h's.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/num.h"
#include "../calc/sheet.h"
#include "../core/banned.h"

static int law_opts(struct cli_named *o, pp_law *law)
{
    pp_law d = pp_law_default();
    int rc;
    if ((rc = cli_named_num(o, "E", &d.E, &law->E)) ||
        (rc = cli_named_num(o, "A", &d.A, &law->A)) ||
        (rc = cli_named_num(o, "B", &d.B, &law->B)) ||
        (rc = cli_named_num(o, "alpha", &d.alpha, &law->alpha)) ||
        (rc = cli_named_num(o, "beta", &d.beta, &law->beta)) ||
        (rc = cli_named_num(o, "kappa", &d.kappa, &law->kappa)))
        return rc;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                             */
/* ------------------------------------------------------------------ */

/* A calculation's result: printed in the chosen form, or its failure;
 * the sheet is released. */
static int done(pp_sheet *s, enum cli_output fmt, int rc)
{
    pp_buf b = PP_BUF_INIT;
    if (rc < 0)
        rc = cli_fail(cli_exit_for(rc), "calc", "%s", pp_error_last());
    else if ((rc = pp_sheet_write(s, &b, fmt == CLI_OUT_JSON)) == 0)
        rc = cli_flush("calc", &b);
    pp_buf_dispose(&b);
    pp_sheet_dispose(s);
    return rc;
}

/* An option failed before the calculation: drop the sheet. */
static int abandon(pp_sheet *s, int rc)
{
    pp_sheet_dispose(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Passport inputs                                                    */
/* ------------------------------------------------------------------ */

struct pinfo {
    pp_reg *reg;
    pp_passport *p;
    pp_sheet_run run;
};

/* Load passport `query` and the figures a calculation takes from it. */
static int load_run(const char *query, struct pinfo *pi)
{
    int rc;
    memset(pi, 0, sizeof(*pi));
    if ((rc = cli_load_passport("calc", NULL, query, &pi->reg, &pi->p)) != 0)
        return rc;
    pp_fact_sheet_run(pp_passport_json(pi->p), &pi->run);
    return 0;
}

static void pinfo_free(struct pinfo *pi)
{
    pp_passport_free(pi->p);
    pp_reg_free(pi->reg);
}

/* ------------------------------------------------------------------ */
/* Kinds                                                              */
/* ------------------------------------------------------------------ */

static int calc_run(struct cli_named *op, pp_sheet *s, int tpp)
{
    struct pinfo pi;
    double kappa, six = 6;
    int rc;
    if ((rc = cli_named_num(op, "kappa", &six, &kappa)) ||
        (rc = cli_named_done(op)) || (rc = load_run(op->positional, &pi)))
        return abandon(s, rc);
    if (!pi.run.has_tokens || (!pi.run.has_active && !pi.run.has_total)) {
        rc = cli_fail_missing("calc", pp_passport_json(pi.p), op->positional,
                              pi.run.has_tokens ? "params.active params.total"
                                                : "training.tokens",
                              pi.run.has_tokens ? "parameters"
                                                : "training tokens");
        pinfo_free(&pi);
        return abandon(s, rc);
    }
    rc = pp_sheet_flops_run(s, &pi.run, kappa, tpp);
    pinfo_free(&pi);
    return done(s, op->fmt, rc);
}

static int calc_flops_or_tpp(struct cli_named *op, int tpp)
{
    pp_sheet s;
    double n, d, kappa = 6, six = 6;
    int rc;
    pp_sheet_init(&s, tpp ? "tpp" : "flops");
    if (op->positional)
        return calc_run(op, &s, tpp);
    if ((rc = cli_named_num(op, "params", NULL, &n)) ||
        (rc = cli_named_num(op, "tokens", NULL, &d)) ||
        (!tpp && (rc = cli_named_num(op, "kappa", &six, &kappa))) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt,
                tpp ? pp_sheet_tpp(&s, n, d) : pp_sheet_flops(&s, n, d, kappa));
}

static int calc_chinchilla(struct cli_named *op)
{
    pp_sheet s;
    pp_law law;
    double c, n, d;
    int rc;
    pp_sheet_init(&s, "chinchilla");
    if ((rc = law_opts(op, &law)))
        return abandon(&s, rc);
    if (cli_named_get(op, "budget")) {
        if ((rc = cli_named_num(op, "budget", NULL, &c)) ||
            (rc = cli_named_done(op)))
            return abandon(&s, rc);
        return done(&s, op->fmt, pp_sheet_optimum(&s, &law, c));
    }
    if ((rc = cli_named_num(op, "params", NULL, &n)) ||
        (rc = cli_named_num(op, "tokens", NULL, &d)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_loss(&s, &law, n, d));
}

static int calc_isoflop(struct cli_named *op)
{
    pp_sheet s;
    pp_law law;
    double c, n;
    int rc;
    pp_sheet_init(&s, "isoflop");
    if ((rc = law_opts(op, &law)) ||
        (rc = cli_named_num(op, "budget", NULL, &c)) ||
        (rc = cli_named_num(op, "params", NULL, &n)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_isoflop(&s, &law, c, n));
}

static int calc_pair(struct cli_named *op, int breakeven)
{
    pp_sheet s;
    pp_law law;
    double n, d, n2;
    int rc;
    pp_sheet_init(&s, breakeven ? "breakeven" : "same-loss");
    if ((rc = law_opts(op, &law)) ||
        (rc = cli_named_num(op, "params", NULL, &n)) ||
        (rc = cli_named_num(op, "tokens", NULL, &d)) ||
        (rc = cli_named_num(op, "other-params", NULL, &n2)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt,
                breakeven ? pp_sheet_breakeven(&s, &law, n, d, n2)
                          : pp_sheet_same_loss(&s, &law, n, d, n2));
}

/* --role ROLE=FORMAT, each in turn. */
static int memory_roles(struct cli_named *op, pp_memory *m)
{
    for (int i = 0; i < op->nrepeated; i++) {
        char role[32];
        const char *eq = strchr(op->repeated[i], '=');
        size_t n = eq ? (size_t)(eq - op->repeated[i]) : 0;
        int rc;
        if (!eq || n == 0 || n >= sizeof(role))
            return cli_usage("calc", "--role: expected ROLE=FORMAT, got '%s'",
                             op->repeated[i]);
        memcpy(role, op->repeated[i], n);
        role[n] = '\0';
        if ((rc = pp_memory_set_role(m, role, eq + 1)) < 0)
            return cli_fail(cli_exit_for(rc), "calc", "%s", pp_error_last());
    }
    return 0;
}

static int calc_memory(struct cli_named *op)
{
    pp_sheet s;
    pp_memory m;
    const char *preset;
    double zero = 0, one = 1;
    int rc;
    memset(&m, 0, sizeof(m));
    pp_sheet_init(&s, "memory");
    preset = cli_named_get(op, "preset");
    if ((rc = cli_named_num(op, "params", NULL, &m.params)) ||
        (rc = cli_named_num(op, "zero", &zero, &zero)) ||
        (rc = cli_named_num(op, "ranks", &one, &m.ranks)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    if (zero != 0 && zero != 1 && zero != 2 && zero != 3)
        return abandon(&s, cli_usage("calc", "--zero must be 0, 1, 2 or 3"));
    m.zero_stage = (int)zero;
    if (!preset && op->nrepeated == 0)
        preset = "bf16-adamw";
    if (preset && (rc = pp_memory_preset(&m, preset)) < 0)
        return done(&s, op->fmt, rc);
    if ((rc = memory_roles(op, &m)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_memory(&s, &m, preset));
}

static int calc_bubble(struct cli_named *op)
{
    pp_sheet s;
    double p, m;
    int rc;
    pp_sheet_init(&s, "bubble");
    if ((rc = cli_named_num(op, "stages", NULL, &p)) ||
        (rc = cli_named_num(op, "microbatches", NULL, &m)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_bubble(&s, p, m));
}

/* --share s, where a share may be written as a percentage: 15% = 0.15. */
static int share_opt(struct cli_named *op, double *s)
{
    const char *sv = cli_named_get(op, "share");
    char buf[32];
    size_t n;
    int rc;
    if (!sv)
        return cli_usage("calc", "missing --share");
    n = strlen(sv);
    if (n && n < sizeof(buf) && sv[n - 1] == '%') {
        memcpy(buf, sv, n - 1);
        buf[n - 1] = '\0';
        rc = pp_num_parse(buf, "share", s, NULL);
        *s /= 100;
    } else {
        rc = pp_num_parse(sv, "share", s, NULL);
    }
    return rc < 0 ? cli_fail(PP_EXIT_USAGE, "calc", "%s", pp_error_last()) : 0;
}

static int calc_epochs(struct cli_named *op)
{
    pp_sheet s;
    double t, sh, u;
    int rc;
    pp_sheet_init(&s, "epochs");
    if ((rc = share_opt(op, &sh)) ||
        (rc = cli_named_num(op, "tokens", NULL, &t)) ||
        (rc = cli_named_num(op, "unique", NULL, &u)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_epochs(&s, t, sh, u));
}

static int calc_qkclip(struct cli_named *op)
{
    pp_sheet s;
    double tau, split, half = 0.5, m[256];
    size_t n;
    int rc;
    pp_sheet_init(&s, "qkclip");
    if ((rc = cli_named_num(op, "tau", NULL, &tau)) ||
        (rc = cli_named_num(op, "split", &half, &split)) ||
        (rc = cli_named_list(op, "maxima", m, 256, &n)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_qkclip(&s, tau, split, m, n));
}

static int calc_adamw(struct cli_named *op)
{
    pp_sheet s;
    pp_adamw h;
    double th[256], gr[256];
    double d_lr = 0.01, d_wd = 0.1, d_b1 = 0.9, d_b2 = 0.999, d_eps = 1e-8;
    size_t n, ng;
    int rc;
    pp_sheet_init(&s, "adamw");
    if ((rc = cli_named_list(op, "theta", th, 256, &n)) ||
        (rc = cli_named_list(op, "grad", gr, 256, &ng)) ||
        (rc = cli_named_num(op, "lr", &d_lr, &h.lr)) ||
        (rc = cli_named_num(op, "weight-decay", &d_wd, &h.weight_decay)) ||
        (rc = cli_named_num(op, "beta1", &d_b1, &h.beta1)) ||
        (rc = cli_named_num(op, "beta2", &d_b2, &h.beta2)) ||
        (rc = cli_named_num(op, "eps", &d_eps, &h.eps)) ||
        (rc = cli_named_done(op)))
        return abandon(&s, rc);
    if (n != ng)
        return abandon(&s, cli_usage("calc",
                                     "--theta has %zu values, "
                                     "--grad %zu",
                                     n, ng));
    return done(&s, op->fmt, pp_sheet_adamw(&s, &h, th, gr, n));
}

static int calc_cluster(struct cli_named *op)
{
    pp_sheet s;
    struct pinfo pi;
    double n, f, days = 0;
    int rc;
    pp_sheet_init(&s, "cluster");
    if (!op->positional) {
        if ((rc = cli_named_num(op, "devices", NULL, &n)) ||
            (rc = cli_named_num(op, "throughput", NULL, &f)) ||
            (rc = cli_named_num(op, "days", NULL, &days)) ||
            (rc = cli_named_done(op)))
            return abandon(&s, rc);
        return done(&s, op->fmt, pp_sheet_cluster(&s, n, f, days, NULL));
    }
    if ((rc = load_run(op->positional, &pi)))
        return abandon(&s, rc);
    if (!pi.run.has_cluster)
        rc = cli_fail_missing("calc", pp_passport_json(pi.p), op->positional,
                              "hardware.devices hardware.throughput_per_device",
                              "devices and per-device throughput");
    else if (!(cli_named_get(op, "days") &&
               (rc = cli_named_num(op, "days", NULL, &days))))
        rc = cli_named_done(op);
    if (rc == 0)
        rc = pp_sheet_cluster(&s, pi.run.devices, pi.run.throughput, days,
                              &pi.run);
    pinfo_free(&pi);
    return rc > 0 ? abandon(&s, rc) : done(&s, op->fmt, rc);
}

static int calc_flops(struct cli_named *op)
{
    return calc_flops_or_tpp(op, 0);
}
static int calc_tpp(struct cli_named *op)
{
    return calc_flops_or_tpp(op, 1);
}
static int calc_same(struct cli_named *op)
{
    return calc_pair(op, 0);
}
static int calc_even(struct cli_named *op)
{
    return calc_pair(op, 1);
}

static const struct {
    const char *name;
    int (*fn)(struct cli_named *);
} kinds[] = {
    {"flops", calc_flops},           {"tpp", calc_tpp},
    {"chinchilla", calc_chinchilla}, {"isoflop", calc_isoflop},
    {"same-loss", calc_same},        {"breakeven", calc_even},
    {"memory", calc_memory},         {"bubble", calc_bubble},
    {"epochs", calc_epochs},         {"qkclip", calc_qkclip},
    {"adamw", calc_adamw},           {"cluster", calc_cluster},
};

int cmd_calc(int argc, char **argv)
{
    struct cli_named op;
    const char *kind;
    int rc;

    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(cli_help("calc"), argc < 2 ? stderr : stdout);
        return argc < 2 ? PP_EXIT_USAGE : PP_EXIT_OK;
    }
    kind = argv[1];
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(cli_help("calc"), stdout);
            return PP_EXIT_OK;
        }
    if ((rc = cli_named_parse(&op, "calc", "role", argc, argv, 2)) != 0)
        return rc;
    if (op.positional && strcmp(kind, "flops") && strcmp(kind, "tpp") &&
        strcmp(kind, "cluster"))
        return cli_usage("calc", "unexpected argument '%s'", op.positional);
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if (!strcmp(kind, kinds[i].name))
            return kinds[i].fn(&op);
    return cli_usage("calc", "unknown kind '%s'", kind);
}
