/*
 * cmd_calc.c - passport calc KIND: the calculators on the command line,
 * from numbers or from a passport's facts.  Options here; the
 * calculation and its text and JSON forms are calc/sheet.h's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../calc/sheet.h"
#include "../core/banned.h"


/* ------------------------------------------------------------------ */
/* Options: --name value pairs, each used at most once                */
/* ------------------------------------------------------------------ */

#define MAX_OPTS 24

struct opts {
    const char *name[MAX_OPTS];
    const char *value[MAX_OPTS];
    int used[MAX_OPTS];
    int n;
    const char *roles[16]; /* --role may repeat */
    int nroles;
    const char *positional;
    enum pp_format fmt;
};

static int parse_opts(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof(*o));
    o->fmt = PP_FMT_TEXT;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (o->positional)
                return cli_usage("calc", "unexpected argument '%s'", a);
            o->positional = a;
            continue;
        }
        if (i + 1 >= argc)
            return cli_usage("calc", "option '%s' needs a value", a);
        if (!strcmp(a, "--format")) {
            if (cli_parse_format("calc", argv[++i], "text,json", &o->fmt) < 0)
                return PP_EXIT_USAGE;
            continue;
        }
        if (!strcmp(a, "--role")) {
            if (o->nroles == 16)
                return cli_usage("calc", "too many --role options");
            o->roles[o->nroles++] = argv[++i];
            continue;
        }
        for (int k = 0; k < o->n; k++)
            if (!strcmp(o->name[k], a + 2))
                return cli_usage("calc", "option '%s' given twice", a);
        if (o->n == MAX_OPTS)
            return cli_usage("calc", "too many options");
        o->name[o->n] = a + 2;
        o->value[o->n++] = argv[++i];
    }
    return 0;
}

static const char *opt(struct opts *o, const char *name)
{
    for (int k = 0; k < o->n; k++)
        if (!strcmp(o->name[k], name)) {
            o->used[k] = 1;
            return o->value[k];
        }
    return NULL;
}

/* A required or defaulted number; returns 0 or an exit status. */
static int num(struct opts *o, const char *name, const double *dflt,
               double *out)
{
    const char *v = opt(o, name);
    char what[48];
    /* Name the argument as the calculators do ("params must be..."). */
    snprintf(what, sizeof(what), "%s", name);
    if (!v) {
        if (dflt) {
            *out = *dflt;
            return 0;
        }
        return cli_usage("calc", "missing --%s", what);
    }
    if (pp_num_parse(v, what, out, NULL) < 0)
        return cli_fail(PP_EXIT_USAGE, "calc", "%s", pp_error_last());
    return 0;
}

static int leftovers(struct opts *o)
{
    for (int k = 0; k < o->n; k++)
        if (!o->used[k])
            return cli_usage("calc", "option '--%s' does not apply here",
                             o->name[k]);
    return 0;
}

/* A comma-separated list of numbers, at most `max`. */
static int num_list(struct opts *o, const char *name, double *v, size_t max,
                    size_t *n)
{
    const char *s = opt(o, name);
    char buf[64], what[48];
    *n = 0;
    snprintf(what, sizeof(what), "%s", name);
    if (!s)
        return cli_usage("calc", "missing --%s", what);
    while (*s) {
        size_t len = strcspn(s, ",");
        if (*n == max)
            return cli_usage("calc", "%s: at most %zu values", what, max);
        if (len >= sizeof(buf))
            return cli_usage("calc", "%s: value too long", what);
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (pp_num_parse(buf, what, &v[(*n)++], NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, "calc", "%s", pp_error_last());
        s += len;
        if (*s == ',')
            s++;
    }
    if (*n == 0)
        return cli_usage("calc", "%s: no values", what);
    return 0;
}

static int law_opts(struct opts *o, pp_law *law)
{
    pp_law d = pp_law_default();
    int rc;
    if ((rc = num(o, "E", &d.E, &law->E)) || (rc = num(o, "A", &d.A, &law->A)) ||
        (rc = num(o, "B", &d.B, &law->B)) ||
        (rc = num(o, "alpha", &d.alpha, &law->alpha)) ||
        (rc = num(o, "beta", &d.beta, &law->beta)) ||
        (rc = num(o, "kappa", &d.kappa, &law->kappa)))
        return rc;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                             */
/* ------------------------------------------------------------------ */

/* Print the sheet in the chosen form and release it. */
static int flush(pp_sheet *s, enum pp_format fmt)
{
    pp_buf b = PP_BUF_INIT;
    int rc;
    pp_sheet_write(s, &b, fmt == PP_FMT_JSON);
    rc = cli_flush("calc", &b);
    pp_buf_dispose(&b);
    pp_sheet_dispose(s);
    return rc;
}

/* A calculation's result: printed, or its failure. */
static int done(pp_sheet *s, enum pp_format fmt, int rc)
{
    if (rc < 0) {
        pp_sheet_dispose(s);
        return cli_fail(cli_exit_for(rc), "calc", "%s", pp_error_last());
    }
    return flush(s, fmt);
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

/* Load passport `query` and read the figures a calculation takes from it:
 * the N of 6ND (schema/fact.h), the total, the tokens, the cluster. */
static int load_run(const char *query, struct pinfo *pi)
{
    const cJSON *doc;
    pp_fact_num n, t, d, dev, thr;
    int rc;
    memset(pi, 0, sizeof(*pi));
    if ((rc = cli_load_passport("calc", NULL, query, &pi->reg, &pi->p)) != 0)
        return rc;
    doc = pp_passport_json(pi->p);
    pi->run.id = pp_passport_id(pi->p);
    pi->run.name = pp_passport_name(pi->p);
    pi->run.moe = pp_fact_is_moe(doc);
    if ((pi->run.has_active = pp_fact_compute_params(doc, &n) != 0))
        pi->run.active = n.value;
    if ((pi->run.has_total = pp_fact_number(doc, "params.total", &t)))
        pi->run.total = t.value;
    if ((pi->run.has_tokens = pp_fact_number(doc, "training.tokens", &d))) {
        pi->run.tokens = d.value;
        pi->run.tokens_qualifier = strcmp(d.qualifier, "=") ? d.qualifier
                                                            : "";
    }
    if (pp_fact_number(doc, "hardware.devices", &dev) &&
        pp_fact_number(doc, "hardware.throughput_per_device", &thr)) {
        pi->run.has_cluster = 1;
        pi->run.devices = dev.value;
        pi->run.throughput = thr.value;
    }
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

static int calc_run(struct opts *op, pp_sheet *s, int tpp)
{
    struct pinfo pi;
    double kappa, six = 6;
    int rc;
    if ((rc = num(op, "kappa", &six, &kappa)) || (rc = leftovers(op)) ||
        (rc = load_run(op->positional, &pi)))
        return abandon(s, rc);
    if (!pi.run.has_tokens || (!pi.run.has_active && !pi.run.has_total)) {
        rc = cli_fail(PP_EXIT_FAILURE, "calc", "%s does not disclose %s",
                      op->positional, pi.run.has_tokens
                                          ? "its parameters"
                                          : "its training tokens");
        pinfo_free(&pi);
        return abandon(s, rc);
    }
    rc = pp_sheet_flops_run(s, &pi.run, kappa, tpp);
    pinfo_free(&pi);
    return done(s, op->fmt, rc);
}

static int calc_flops_or_tpp(struct opts *op, int tpp)
{
    pp_sheet s;
    double n, d, kappa = 6, six = 6;
    int rc;
    pp_sheet_init(&s, tpp ? "tpp" : "flops");
    if (op->positional)
        return calc_run(op, &s, tpp);
    if ((rc = num(op, "params", NULL, &n)) || (rc = num(op, "tokens", NULL, &d)) ||
        (!tpp && (rc = num(op, "kappa", &six, &kappa))) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, tpp ? pp_sheet_tpp(&s, n, d)
                                 : pp_sheet_flops(&s, n, d, kappa));
}

static int calc_chinchilla(struct opts *op)
{
    pp_sheet s;
    pp_law law;
    double c, n, d;
    int rc;
    pp_sheet_init(&s, "chinchilla");
    if ((rc = law_opts(op, &law)))
        return abandon(&s, rc);
    if (opt(op, "budget")) {
        if ((rc = num(op, "budget", NULL, &c)) || (rc = leftovers(op)))
            return abandon(&s, rc);
        return done(&s, op->fmt, pp_sheet_optimum(&s, &law, c));
    }
    if ((rc = num(op, "params", NULL, &n)) || (rc = num(op, "tokens", NULL, &d)) ||
        (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_loss(&s, &law, n, d));
}

static int calc_isoflop(struct opts *op)
{
    pp_sheet s;
    pp_law law;
    double c, n;
    int rc;
    pp_sheet_init(&s, "isoflop");
    if ((rc = law_opts(op, &law)) || (rc = num(op, "budget", NULL, &c)) ||
        (rc = num(op, "params", NULL, &n)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_isoflop(&s, &law, c, n));
}

static int calc_pair(struct opts *op, int breakeven)
{
    pp_sheet s;
    pp_law law;
    double n, d, n2;
    int rc;
    pp_sheet_init(&s, breakeven ? "breakeven" : "same-loss");
    if ((rc = law_opts(op, &law)) || (rc = num(op, "params", NULL, &n)) ||
        (rc = num(op, "tokens", NULL, &d)) ||
        (rc = num(op, "other-params", NULL, &n2)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt,
                breakeven ? pp_sheet_breakeven(&s, &law, n, d, n2)
                          : pp_sheet_same_loss(&s, &law, n, d, n2));
}

/* --role ROLE=FORMAT, each in turn. */
static int memory_roles(struct opts *op, pp_memory *m)
{
    for (int i = 0; i < op->nroles; i++) {
        char role[32];
        const char *eq = strchr(op->roles[i], '=');
        size_t n = eq ? (size_t)(eq - op->roles[i]) : 0;
        int rc;
        if (!eq || n == 0 || n >= sizeof(role))
            return cli_usage("calc", "--role: expected ROLE=FORMAT, got '%s'",
                             op->roles[i]);
        memcpy(role, op->roles[i], n);
        role[n] = '\0';
        if ((rc = pp_memory_set_role(m, role, eq + 1)) < 0)
            return cli_fail(cli_exit_for(rc), "calc", "%s", pp_error_last());
    }
    return 0;
}

static int calc_memory(struct opts *op)
{
    pp_sheet s;
    pp_memory m;
    const char *preset;
    double zero = 0, one = 1;
    int rc;
    memset(&m, 0, sizeof(m));
    pp_sheet_init(&s, "memory");
    preset = opt(op, "preset");
    if ((rc = num(op, "params", NULL, &m.params)) ||
        (rc = num(op, "zero", &zero, &zero)) ||
        (rc = num(op, "ranks", &one, &m.ranks)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    if (zero != 0 && zero != 1 && zero != 2 && zero != 3)
        return abandon(&s, cli_usage("calc", "--zero must be 0, 1, 2 or 3"));
    m.zero_stage = (int)zero;
    if (!preset && op->nroles == 0)
        preset = "bf16-adamw";
    if (preset && (rc = pp_memory_preset(&m, preset)) < 0)
        return done(&s, op->fmt, rc);
    if ((rc = memory_roles(op, &m)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_memory(&s, &m, preset));
}

static int calc_bubble(struct opts *op)
{
    pp_sheet s;
    double p, m;
    int rc;
    pp_sheet_init(&s, "bubble");
    if ((rc = num(op, "stages", NULL, &p)) ||
        (rc = num(op, "microbatches", NULL, &m)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_bubble(&s, p, m));
}

/* --share s, where a share may be written as a percentage: 15% = 0.15. */
static int share_opt(struct opts *op, double *s)
{
    const char *sv = opt(op, "share");
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
    return rc < 0 ? cli_fail(PP_EXIT_USAGE, "calc", "%s", pp_error_last())
                  : 0;
}

static int calc_epochs(struct opts *op)
{
    pp_sheet s;
    double t, sh, u;
    int rc;
    pp_sheet_init(&s, "epochs");
    if ((rc = share_opt(op, &sh)) || (rc = num(op, "tokens", NULL, &t)) ||
        (rc = num(op, "unique", NULL, &u)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_epochs(&s, t, sh, u));
}

static int calc_qkclip(struct opts *op)
{
    pp_sheet s;
    double tau, split, half = 0.5, m[256];
    size_t n;
    int rc;
    pp_sheet_init(&s, "qkclip");
    if ((rc = num(op, "tau", NULL, &tau)) ||
        (rc = num(op, "split", &half, &split)) ||
        (rc = num_list(op, "maxima", m, 256, &n)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    return done(&s, op->fmt, pp_sheet_qkclip(&s, tau, split, m, n));
}

static int calc_adamw(struct opts *op)
{
    pp_sheet s;
    pp_adamw h;
    double th[256], gr[256];
    double d_lr = 0.01, d_wd = 0.1, d_b1 = 0.9, d_b2 = 0.999, d_eps = 1e-8;
    size_t n, ng;
    int rc;
    pp_sheet_init(&s, "adamw");
    if ((rc = num_list(op, "theta", th, 256, &n)) ||
        (rc = num_list(op, "grad", gr, 256, &ng)) ||
        (rc = num(op, "lr", &d_lr, &h.lr)) ||
        (rc = num(op, "weight-decay", &d_wd, &h.weight_decay)) ||
        (rc = num(op, "beta1", &d_b1, &h.beta1)) ||
        (rc = num(op, "beta2", &d_b2, &h.beta2)) ||
        (rc = num(op, "eps", &d_eps, &h.eps)) || (rc = leftovers(op)))
        return abandon(&s, rc);
    if (n != ng)
        return abandon(&s, cli_usage("calc", "--theta has %zu values, "
                                     "--grad %zu", n, ng));
    return done(&s, op->fmt, pp_sheet_adamw(&s, &h, th, gr, n));
}

static int calc_cluster(struct opts *op)
{
    pp_sheet s;
    struct pinfo pi;
    double n, f, days = 0;
    int rc;
    pp_sheet_init(&s, "cluster");
    if (!op->positional) {
        if ((rc = num(op, "devices", NULL, &n)) ||
            (rc = num(op, "throughput", NULL, &f)) ||
            (rc = num(op, "days", NULL, &days)) || (rc = leftovers(op)))
            return abandon(&s, rc);
        return done(&s, op->fmt, pp_sheet_cluster(&s, n, f, days, NULL));
    }
    if ((rc = load_run(op->positional, &pi)))
        return abandon(&s, rc);
    if (!pi.run.has_cluster)
        rc = cli_fail(PP_EXIT_FAILURE, "calc", "%s does not disclose its "
                      "devices and per-device throughput", op->positional);
    else if (!(opt(op, "days") && (rc = num(op, "days", NULL, &days))))
        rc = leftovers(op);
    if (rc == 0)
        rc = pp_sheet_cluster(&s, pi.run.devices, pi.run.throughput, days,
                              &pi.run);
    pinfo_free(&pi);
    return rc > 0 ? abandon(&s, rc) : done(&s, op->fmt, rc);
}

int cmd_calc(int argc, char **argv)
{
    struct opts op;
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
    if ((rc = parse_opts(argc, argv, &op)) != 0)
        return rc;
    if (op.positional && strcmp(kind, "flops") && strcmp(kind, "tpp") &&
        strcmp(kind, "cluster"))
        return cli_usage("calc", "unexpected argument '%s'", op.positional);
    if (!strcmp(kind, "flops") || !strcmp(kind, "tpp"))
        return calc_flops_or_tpp(&op, !strcmp(kind, "tpp"));
    if (!strcmp(kind, "chinchilla"))
        return calc_chinchilla(&op);
    if (!strcmp(kind, "isoflop"))
        return calc_isoflop(&op);
    if (!strcmp(kind, "same-loss"))
        return calc_pair(&op, 0);
    if (!strcmp(kind, "breakeven"))
        return calc_pair(&op, 1);
    if (!strcmp(kind, "memory"))
        return calc_memory(&op);
    if (!strcmp(kind, "bubble"))
        return calc_bubble(&op);
    if (!strcmp(kind, "epochs"))
        return calc_epochs(&op);
    if (!strcmp(kind, "qkclip"))
        return calc_qkclip(&op);
    if (!strcmp(kind, "adamw"))
        return calc_adamw(&op);
    if (!strcmp(kind, "cluster"))
        return calc_cluster(&op);
    return cli_usage("calc", "unknown kind '%s'", kind);
}
