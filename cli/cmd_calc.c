/*
 * cmd_calc.c - passport calc KIND: the calculators of calc/calc.h on
 * the command line, from numbers or from a passport's facts.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../calc/calc.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport calc KIND [OPTIONS] [--format text|json]\n"
    "\n"
    "Recompute the numbers people derive from reported facts.  Every number\n"
    "takes a magnitude suffix or a scientific form (15T, 8.03B, 7.227e23);\n"
    "a bad or missing input is an error naming the option.\n"
    "\n"
    "  flops --params N --tokens D [--kappa 6]   training compute kappa*N*D\n"
    "  flops ID                 from a passport (active parameters of a MoE)\n"
    "  tpp --params N --tokens D                 tokens per parameter\n"
    "  tpp ID                   from a passport, active and total\n"
    "  chinchilla --budget C    the fitted law's optimum N*, D*, D*/N*,\n"
    "                           L(N*,D*) and the D = 20N rule\n"
    "  chinchilla --params N --tokens D          the fitted loss L(N, D)\n"
    "  isoflop --budget C --params N             loss gap to the optimum\n"
    "  same-loss --params N --tokens D --other-params N2\n"
    "                           tokens and compute N2 needs for equal loss\n"
    "  breakeven --params N --tokens D --other-params N2\n"
    "                           generated tokens after which the smaller\n"
    "                           model's extra training compute pays back\n"
    "  memory --params N [--preset NAME] [--role ROLE=FORMAT ...]\n"
    "         [--zero 0|1|2|3 --ranks R]     bytes of training state, GB/GiB\n"
    "         presets: bf16-adamw, fp16-classic, v3-fp8, k3-qat;\n"
    "         roles: weights, grads, master, moment1, moment2\n"
    "  bubble --stages p --microbatches m       1F1B bubble (p-1)/(m+p-1)\n"
    "  epochs --tokens T --share s --unique U   effective epochs\n"
    "  qkclip --tau t --maxima a,b,... [--split 0.5]\n"
    "  adamw --theta a,b,... --grad a,b,... [--lr 0.01 --weight-decay 0.1\n"
    "        --beta1 0.9 --beta2 0.999 --eps 1e-8]   one AdamW step\n"
    "  cluster --devices n --throughput F --days t   devices x F x time\n"
    "  cluster ID [--days t]    from a passport, against its 6ND\n"
    "\n"
    "The fitted law's constants are options of chinchilla, isoflop,\n"
    "same-loss and breakeven: --E 1.69 --A 406.4 --B 410.7 --alpha 0.34\n"
    "--beta 0.28 --kappa 6.\n"
    "\n"
    "exit status: 0, 2 bad input (named), 3 no such passport\n";

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

/* `v` with `sig` significant digits and a magnitude suffix (35.663B). */
static void sig(pp_buf *b, double v, int digits)
{
    static const struct {
        double scale;
        const char *suffix;
    } mags[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}};
    char t[64];
    double a = fabs(v);
    if (a >= 1e15 || (a > 0 && a < 1e-3)) {
        snprintf(t, sizeof(t), "%.*e", digits - 1, v);
        char *e = strchr(t, 'e');
        /* 7.22700e+23 -> 7.227e23 */
        if (e) {
            char *z = e;
            while (z > t && z[-1] == '0')
                z--;
            if (z > t && z[-1] == '.')
                z--;
            long ex = strtol(e + 1, NULL, 10);
            snprintf(z, sizeof(t) - (size_t)(z - t), "e%ld", ex);
        }
        pp_buf_puts(b, t);
        return;
    }
    for (size_t i = 0; i < sizeof(mags) / sizeof(mags[0]); i++) {
        if (a >= mags[i].scale) {
            snprintf(t, sizeof(t), "%.*g", digits, v / mags[i].scale);
            pp_buf_printf(b, "%s%s", t, mags[i].suffix);
            return;
        }
    }
    snprintf(t, sizeof(t), "%.*g", digits, v);
    pp_buf_puts(b, t);
}

struct out {
    enum pp_format fmt;
    pp_buf text;
    cJSON *json;   /* {"kind", "inputs", "result"} */
    cJSON *inputs, *result;
};

static void out_init(struct out *o, enum pp_format fmt, const char *kind)
{
    memset(o, 0, sizeof(*o));
    o->fmt = fmt;
    o->json = cJSON_CreateObject();
    cJSON_AddStringToObject(o->json, "kind", kind);
    o->inputs = cJSON_AddObjectToObject(o->json, "inputs");
    o->result = cJSON_AddObjectToObject(o->json, "result");
}

static void in_num(struct out *o, const char *k, double v)
{
    cJSON_AddNumberToObject(o->inputs, k, v);
}

static void res_num(struct out *o, const char *k, double v)
{
    cJSON_AddNumberToObject(o->result, k, v);
}

/* One text line: "label  value unit". */
static void line(struct out *o, const char *label, double v, int digits,
                 const char *unit)
{
    pp_buf_printf(&o->text, "%-34s ", label);
    sig(&o->text, v, digits);
    pp_buf_printf(&o->text, "%s%s\n", unit && *unit ? " " : "",
                  unit ? unit : "");
}

static int out_flush(struct out *o)
{
    pp_buf b = PP_BUF_INIT;
    int rc;
    if (o->fmt == PP_FMT_JSON)
        pp_json_write_canonical(&b, o->json, NULL);
    else
        pp_buf_puts(&b, pp_buf_cstr(&o->text));
    rc = cli_flush("calc", &b);
    pp_buf_dispose(&b);
    pp_buf_dispose(&o->text);
    cJSON_Delete(o->json);
    return rc;
}

static int calc_fail(struct out *o, int rc)
{
    pp_buf_dispose(&o->text);
    cJSON_Delete(o->json);
    return cli_fail(cli_exit_for(rc), "calc", "%s", pp_error_last());
}

/* ------------------------------------------------------------------ */
/* Passport inputs                                                    */
/* ------------------------------------------------------------------ */

struct pinfo {
    pp_reg *reg;
    pp_passport *p;
    const cJSON *facts;
};

static int load_passport(const char *query, struct pinfo *pi)
{
    int rc;
    memset(pi, 0, sizeof(*pi));
    if ((rc = cli_load_passport("calc", NULL, query, &pi->reg, &pi->p)) == 0)
        pi->facts = cJSON_GetObjectItemCaseSensitive(pp_passport_json(pi->p),
                                                     "facts");
    return rc;
}

static void pinfo_free(struct pinfo *pi)
{
    pp_passport_free(pi->p);
    pp_reg_free(pi->reg);
}

/* The value of a disclosed numeric fact, or 0 with *have = 0. */
static double fact(const struct pinfo *pi, const char *name, int *have)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(pi->facts, name), "value");
    *have = cJSON_IsNumber(v);
    return *have ? v->valuedouble : 0;
}

static const char *qualifier(const struct pinfo *pi, const char *name)
{
    const cJSON *q = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(pi->facts, name), "qualifier");
    return cJSON_IsString(q) && strcmp(q->valuestring, "=") ? q->valuestring
                                                             : "";
}

static int is_moe(const struct pinfo *pi)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(pi->facts, "architecture.type"),
        "value");
    int ha, ht;
    double a = fact(pi, "params.active", &ha), n = fact(pi, "params.total", &ht);
    if (cJSON_IsString(t))
        return !strcmp(t->valuestring, "moe");
    return ha && ht && a < n;
}

/* ------------------------------------------------------------------ */
/* Kinds                                                              */
/* ------------------------------------------------------------------ */

static int calc_flops_or_tpp(struct opts *op, int tpp)
{
    struct out o;
    double n, d, kappa = 6, six = 6, c;
    int rc;
    out_init(&o, op->fmt, tpp ? "tpp" : "flops");
    if (op->positional) {
        struct pinfo pi;
        int ha, ht, hd;
        double act, tot, tok;
        const char *q;
        if ((rc = num(op, "kappa", &six, &kappa)) || (rc = leftovers(op)) ||
            (rc = load_passport(op->positional, &pi))) {
            cJSON_Delete(o.json);
            return rc;
        }
        act = fact(&pi, "params.active", &ha);
        tot = fact(&pi, "params.total", &ht);
        tok = fact(&pi, "training.tokens", &hd);
        q = qualifier(&pi, "training.tokens");
        cJSON_AddStringToObject(o.inputs, "passport",
                                pp_passport_id(pi.p));
        if (!hd || (!ha && !ht)) {
            pinfo_free(&pi);
            cJSON_Delete(o.json);
            return cli_fail(PP_EXIT_FAILURE, "calc", "%s does not disclose "
                            "%s", op->positional,
                            hd ? "its parameters" : "its training tokens");
        }
        if (!ha && !is_moe(&pi))
            act = tot, ha = 1; /* dense: total is active */
        in_num(&o, "tokens", tok);
        if (*q)
            cJSON_AddStringToObject(o.inputs, "tokens_qualifier", q);
        if (ha)
            in_num(&o, "params_active", act);
        if (ht)
            in_num(&o, "params_total", tot);
        pp_buf_printf(&o.text, "%s (%s)\n", pp_passport_name(pi.p),
                      is_moe(&pi) ? "mixture of experts: N is the active "
                                    "parameters"
                                  : "dense");
        if (*q)
            pp_buf_printf(&o.text, "training.tokens is a bound (%s): so is "
                          "every figure below\n", q);
        if (ha) {
            if (tpp)
                pp_calc_tpp(act, tok, &c);
            else
                pp_calc_flops(act, tok, kappa, &c);
            res_num(&o, tpp ? "tokens_per_active_param" : "compute", c);
            line(&o, tpp ? "tokens per active parameter" : "kappa*N_active*D",
                 c, 4, tpp ? "" : "FLOP");
        }
        if (ht && (tpp || is_moe(&pi))) {
            if (tpp)
                pp_calc_tpp(tot, tok, &c);
            else
                pp_calc_flops(tot, tok, kappa, &c);
            res_num(&o, tpp ? "tokens_per_total_param" : "compute_if_total",
                    c);
            line(&o, tpp ? "tokens per total parameter"
                         : "kappa*N_total*D (not the compute)",
                 c, 4, tpp ? "" : "FLOP");
        }
        pinfo_free(&pi);
        return out_flush(&o);
    }
    if ((rc = num(op, "params", NULL, &n)) || (rc = num(op, "tokens", NULL, &d)) ||
        (!tpp && (rc = num(op, "kappa", &six, &kappa))) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "params", n);
    in_num(&o, "tokens", d);
    if (tpp) {
        if ((rc = pp_calc_tpp(n, d, &c)) < 0)
            return calc_fail(&o, rc);
        res_num(&o, "tokens_per_param", c);
        line(&o, "D/N", c, 6, "tokens per parameter");
    } else {
        in_num(&o, "kappa", kappa);
        if ((rc = pp_calc_flops(n, d, kappa, &c)) < 0)
            return calc_fail(&o, rc);
        res_num(&o, "compute", c);
        line(&o, "C = kappa*N*D", c, 6, "FLOP");
    }
    return out_flush(&o);
}

static int calc_chinchilla(struct opts *op)
{
    struct out o;
    pp_law law;
    double c, n, d, l;
    int rc;
    out_init(&o, op->fmt, "chinchilla");
    if ((rc = law_opts(op, &law))) {
        cJSON_Delete(o.json);
        return rc;
    }
    if (opt(op, "budget")) {
        pp_optimum opt_;
        if ((rc = num(op, "budget", NULL, &c)) || (rc = leftovers(op))) {
            cJSON_Delete(o.json);
            return rc;
        }
        in_num(&o, "budget", c);
        if ((rc = pp_calc_optimum(&law, c, &opt_)) < 0)
            return calc_fail(&o, rc);
        res_num(&o, "params", opt_.params);
        res_num(&o, "tokens", opt_.tokens);
        res_num(&o, "tokens_per_param", opt_.ratio);
        res_num(&o, "loss", opt_.loss);
        res_num(&o, "rule_params", opt_.rule_params);
        res_num(&o, "rule_tokens", opt_.rule_tokens);
        line(&o, "N* (analytic optimum)", opt_.params, 5, "parameters");
        line(&o, "D*", opt_.tokens, 4, "tokens");
        line(&o, "D*/N*", opt_.ratio, 4, "tokens per parameter");
        line(&o, "L(N*, D*)", opt_.loss, 7, "nats/token");
        line(&o, "D = 20N rule: N", opt_.rule_params, 4, "parameters");
        line(&o, "D = 20N rule: D", opt_.rule_tokens, 4, "tokens");
        return out_flush(&o);
    }
    if ((rc = num(op, "params", NULL, &n)) || (rc = num(op, "tokens", NULL, &d)) ||
        (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "params", n);
    in_num(&o, "tokens", d);
    if ((rc = pp_calc_loss(&law, n, d, &l)) < 0)
        return calc_fail(&o, rc);
    res_num(&o, "loss", l);
    line(&o, "L(N, D)", l, 7, "nats/token");
    return out_flush(&o);
}

static int calc_isoflop(struct opts *op)
{
    struct out o;
    pp_law law;
    pp_isoflop r;
    double c, n;
    int rc;
    out_init(&o, op->fmt, "isoflop");
    if ((rc = law_opts(op, &law)) || (rc = num(op, "budget", NULL, &c)) ||
        (rc = num(op, "params", NULL, &n)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "budget", c);
    in_num(&o, "params", n);
    if ((rc = pp_calc_isoflop(&law, c, n, &r)) < 0)
        return calc_fail(&o, rc);
    res_num(&o, "tokens", r.tokens);
    res_num(&o, "loss", r.loss);
    res_num(&o, "optimum_params", r.optimum.params);
    res_num(&o, "optimum_tokens", r.optimum.tokens);
    res_num(&o, "optimum_loss", r.optimum.loss);
    res_num(&o, "gap", r.gap);
    res_num(&o, "size_ratio", r.optimum.params / n);
    line(&o, "D = C/(kappa N)", r.tokens, 4, "tokens");
    line(&o, "L(N, D)", r.loss, 7, "");
    line(&o, "N*", r.optimum.params, 5, "parameters");
    line(&o, "D*", r.optimum.tokens, 4, "tokens");
    line(&o, "L(N*, D*)", r.optimum.loss, 7, "");
    line(&o, "gap L(N, D) - L(N*, D*)", r.gap, 5, "");
    line(&o, "N*/N", r.optimum.params / n, 3, "");
    return out_flush(&o);
}

static int calc_pair(struct opts *op, int breakeven)
{
    struct out o;
    pp_law law;
    double n, d, n2;
    int rc;
    out_init(&o, op->fmt, breakeven ? "breakeven" : "same-loss");
    if ((rc = law_opts(op, &law)) || (rc = num(op, "params", NULL, &n)) ||
        (rc = num(op, "tokens", NULL, &d)) ||
        (rc = num(op, "other-params", NULL, &n2)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "params", n);
    in_num(&o, "tokens", d);
    in_num(&o, "other_params", n2);
    if (!breakeven) {
        pp_same_loss s;
        if ((rc = pp_calc_same_loss(&law, n, d, n2, &s)) < 0)
            return calc_fail(&o, rc);
        res_num(&o, "target_loss", s.target_loss);
        res_num(&o, "compute", s.compute);
        res_num(&o, "other_tokens", s.other_tokens);
        res_num(&o, "other_compute", s.other_compute);
        res_num(&o, "compute_saving", s.compute_saving);
        line(&o, "target loss L(N, D)", s.target_loss, 7, "");
        line(&o, "compute of N, D", s.compute, 6, "FLOP");
        line(&o, "tokens N2 needs", s.other_tokens, 7, "tokens");
        line(&o, "compute of N2", s.other_compute, 6, "FLOP");
        pp_buf_printf(&o.text, "%-34s %.1f%%\n", "compute saved by N2",
                      100 * s.compute_saving);
    } else {
        pp_breakeven b;
        if ((rc = pp_calc_breakeven(&law, n, d, n2, &b)) < 0)
            return calc_fail(&o, rc);
        res_num(&o, "other_tokens", b.pair.other_tokens);
        res_num(&o, "extra_compute", b.extra_compute);
        res_num(&o, "per_token_saving", b.per_token_saving);
        if (b.has_breakeven)
            res_num(&o, "breakeven_tokens", b.breakeven_tokens);
        else
            cJSON_AddNullToObject(o.result, "breakeven_tokens");
        line(&o, "tokens the other model needs", b.pair.other_tokens, 7,
             "tokens");
        line(&o, "extra training compute (small)", b.extra_compute, 6,
             "FLOP");
        line(&o, "decoding saving per token", b.per_token_saving, 5, "FLOP");
        if (b.has_breakeven)
            line(&o, "break-even after", b.breakeven_tokens, 6,
                 "generated tokens");
        else
            pp_buf_puts(&o.text, "no break-even: the smaller model needs no "
                                 "extra training compute\n");
    }
    return out_flush(&o);
}

static int calc_memory(struct opts *op)
{
    struct out o;
    pp_memory m;
    const char *preset;
    double zero = 0, one = 1;
    int rc;
    memset(&m, 0, sizeof(m));
    out_init(&o, op->fmt, "memory");
    preset = opt(op, "preset");
    if ((rc = num(op, "params", NULL, &m.params)) ||
        (rc = num(op, "zero", &zero, &zero)) ||
        (rc = num(op, "ranks", &one, &m.ranks)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    if (zero != 0 && zero != 1 && zero != 2 && zero != 3) {
        cJSON_Delete(o.json);
        return cli_usage("calc", "--zero must be 0, 1, 2 or 3");
    }
    m.zero_stage = (int)zero;
    if (!preset && op->nroles == 0)
        preset = "bf16-adamw";
    if (preset && (rc = pp_memory_preset(&m, preset)) < 0)
        return calc_fail(&o, rc);
    for (int i = 0; i < op->nroles; i++) {
        char role[32];
        const char *eq = strchr(op->roles[i], '=');
        size_t n = eq ? (size_t)(eq - op->roles[i]) : 0;
        if (!eq || n == 0 || n >= sizeof(role)) {
            cJSON_Delete(o.json);
            return cli_usage("calc", "--role: expected ROLE=FORMAT, got '%s'",
                             op->roles[i]);
        }
        memcpy(role, op->roles[i], n);
        role[n] = '\0';
        if ((rc = pp_memory_set_role(&m, role, eq + 1)) < 0)
            return calc_fail(&o, rc);
    }
    if ((rc = pp_calc_memory(&m)) < 0)
        return calc_fail(&o, rc);
    in_num(&o, "params", m.params);
    in_num(&o, "zero", m.zero_stage);
    in_num(&o, "ranks", m.ranks);
    if (preset)
        cJSON_AddStringToObject(o.inputs, "preset", preset);
    pp_buf_printf(&o.text, "%-10s %-12s %10s %14s %14s\n", "ROLE", "FORMAT",
                  "BYTES/PARAM", "GB", "GiB");
    for (int r = 0; r < PP_MEM_NROLES; r++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "format", m.format[r]);
        cJSON_AddNumberToObject(e, "bytes_per_param", m.bytes_per_param[r]);
        cJSON_AddNumberToObject(e, "bytes", m.role_bytes[r]);
        cJSON_AddItemToObject(o.result, pp_mem_role_name(r), e);
        pp_buf_printf(&o.text, "%-10s %-12s %10.4g %14.4f %14.4f\n",
                      pp_mem_role_name(r), m.format[r], m.bytes_per_param[r],
                      m.role_bytes[r] / 1e9, m.role_bytes[r] / 1073741824.0);
    }
    res_num(&o, "bytes_per_param", m.per_param);
    res_num(&o, "total_bytes", m.total_bytes);
    res_num(&o, "rank_bytes", m.rank_bytes);
    pp_buf_printf(&o.text, "%-10s %-12s %10.4g %14.4f %14.4f\n", "total", "",
                  m.per_param, m.total_bytes / 1e9,
                  m.total_bytes / 1073741824.0);
    pp_buf_printf(&o.text, "per rank (ZeRO-%d over %.0f ranks): %.4f GB = "
                  "%.4f GiB\n", m.zero_stage, m.ranks, m.rank_bytes / 1e9,
                  m.rank_bytes / 1073741824.0);
    return out_flush(&o);
}

static int calc_bubble(struct opts *op)
{
    struct out o;
    double p, m, f;
    int rc;
    out_init(&o, op->fmt, "bubble");
    if ((rc = num(op, "stages", NULL, &p)) ||
        (rc = num(op, "microbatches", NULL, &m)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "stages", p);
    in_num(&o, "microbatches", m);
    if ((rc = pp_calc_bubble(p, m, &f)) < 0)
        return calc_fail(&o, rc);
    res_num(&o, "bubble", f);
    pp_buf_printf(&o.text, "1F1B bubble (p-1)/(m+p-1) = %.0f/%.0f = %.1f%%\n",
                  p - 1, m + p - 1, 100 * f);
    return out_flush(&o);
}

static int calc_epochs(struct opts *op)
{
    struct out o;
    double t, s, u;
    const char *sv;
    pp_epochs e;
    int rc;
    out_init(&o, op->fmt, "epochs");
    sv = opt(op, "share");
    if (!sv) {
        cJSON_Delete(o.json);
        return cli_usage("calc", "missing --share");
    }
    {
        /* A share may be written as a percentage: 15% = 0.15. */
        char buf[32];
        size_t n = strlen(sv);
        if (n && n < sizeof(buf) && sv[n - 1] == '%') {
            memcpy(buf, sv, n - 1);
            buf[n - 1] = '\0';
            rc = pp_num_parse(buf, "share", &s, NULL);
            s /= 100;
        } else {
            rc = pp_num_parse(sv, "share", &s, NULL);
        }
        if (rc < 0) {
            cJSON_Delete(o.json);
            return cli_fail(PP_EXIT_USAGE, "calc", "%s", pp_error_last());
        }
    }
    if ((rc = num(op, "tokens", NULL, &t)) || (rc = num(op, "unique", NULL, &u)) ||
        (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "tokens", t);
    in_num(&o, "share", s);
    in_num(&o, "unique", u);
    if ((rc = pp_calc_epochs(t, s, u, &e)) < 0)
        return calc_fail(&o, rc);
    res_num(&o, "presented", e.presented);
    res_num(&o, "epochs", e.epochs);
    line(&o, "tokens of the domain presented", e.presented, 4, "tokens");
    line(&o, "effective epochs", e.epochs, 4, "");
    return out_flush(&o);
}

static void put_list(struct out *o, cJSON *parent, const char *k,
                     const double *v, size_t n, int digits, const char *label)
{
    cJSON *a = cJSON_AddArrayToObject(parent, k);
    pp_buf_printf(&o->text, "%-22s (", label);
    for (size_t i = 0; i < n; i++) {
        cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
        pp_buf_printf(&o->text, "%s%.*g", i ? ", " : "", digits, v[i]);
    }
    pp_buf_puts(&o->text, ")\n");
}

static int calc_qkclip(struct opts *op)
{
    struct out o;
    double tau, split, half = 0.5, m[256], g[256], q[256], k[256], nm[256];
    size_t n;
    int rc;
    out_init(&o, op->fmt, "qkclip");
    if ((rc = num(op, "tau", NULL, &tau)) ||
        (rc = num(op, "split", &half, &split)) ||
        (rc = num_list(op, "maxima", m, 256, &n)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    in_num(&o, "tau", tau);
    in_num(&o, "split", split);
    if ((rc = pp_calc_qkclip(tau, m, n, split, g, q, k, nm)) < 0)
        return calc_fail(&o, rc);
    put_list(&o, o.inputs, "maxima", m, n, 6, "maxima");
    put_list(&o, o.result, "gamma", g, n, 3, "gamma = min(1, tau/m)");
    put_list(&o, o.result, "q_scale", q, n, 3, "W_Q scale gamma^a");
    put_list(&o, o.result, "k_scale", k, n, 3, "W_K scale gamma^(1-a)");
    put_list(&o, o.result, "new_maxima", nm, n, 6, "new maxima");
    return out_flush(&o);
}

static int calc_adamw(struct opts *op)
{
    struct out o;
    pp_adamw h;
    double th[256], gr[256], out1[256], dec[256], mm[256], vv[256];
    double d_lr = 0.01, d_wd = 0.1, d_b1 = 0.9, d_b2 = 0.999, d_eps = 1e-8;
    size_t n, ng;
    int rc;
    out_init(&o, op->fmt, "adamw");
    if ((rc = num_list(op, "theta", th, 256, &n)) ||
        (rc = num_list(op, "grad", gr, 256, &ng)) ||
        (rc = num(op, "lr", &d_lr, &h.lr)) ||
        (rc = num(op, "weight-decay", &d_wd, &h.weight_decay)) ||
        (rc = num(op, "beta1", &d_b1, &h.beta1)) ||
        (rc = num(op, "beta2", &d_b2, &h.beta2)) ||
        (rc = num(op, "eps", &d_eps, &h.eps)) || (rc = leftovers(op))) {
        cJSON_Delete(o.json);
        return rc;
    }
    if (n != ng) {
        cJSON_Delete(o.json);
        return cli_usage("calc", "--theta has %zu values, --grad %zu", n, ng);
    }
    if ((rc = pp_calc_adamw(&h, th, gr, n, out1, dec, mm, vv)) < 0)
        return calc_fail(&o, rc);
    in_num(&o, "lr", h.lr);
    in_num(&o, "weight_decay", h.weight_decay);
    in_num(&o, "beta1", h.beta1);
    in_num(&o, "beta2", h.beta2);
    in_num(&o, "eps", h.eps);
    put_list(&o, o.inputs, "theta", th, n, 6, "theta0");
    put_list(&o, o.inputs, "grad", gr, n, 6, "grad");
    put_list(&o, o.result, "m", mm, n, 6, "m1");
    put_list(&o, o.result, "v", vv, n, 6, "v1");
    put_list(&o, o.result, "decay_only", dec, n, 6, "decay alone");
    put_list(&o, o.result, "theta", out1, n, 6, "theta1");
    return out_flush(&o);
}

static int calc_cluster(struct opts *op)
{
    struct out o;
    double n = 0, f = 0, days = 0, flop;
    int rc, hd = 0, hp = 0, ht = 0;
    struct pinfo pi = {0};
    double six_nd = 0;
    out_init(&o, op->fmt, "cluster");
    if (op->positional) {
        int hn, hf;
        if ((rc = load_passport(op->positional, &pi))) {
            cJSON_Delete(o.json);
            return rc;
        }
        n = fact(&pi, "hardware.devices", &hn);
        f = fact(&pi, "hardware.throughput_per_device", &hf);
        if (!hn || !hf) {
            pinfo_free(&pi);
            cJSON_Delete(o.json);
            return cli_fail(PP_EXIT_FAILURE, "calc", "%s does not disclose "
                            "its devices and per-device throughput",
                            op->positional);
        }
        {
            double act = fact(&pi, "params.active", &hp);
            double tok = fact(&pi, "training.tokens", &ht);
            if (!hp && !is_moe(&pi))
                act = fact(&pi, "params.total", &hp);
            if (hp && ht)
                six_nd = 6 * act * tok;
        }
        cJSON_AddStringToObject(o.inputs, "passport", pp_passport_id(pi.p));
        if (opt(op, "days") && (rc = num(op, "days", NULL, &days)))
            goto fail_rc;
        if ((rc = leftovers(op)))
            goto fail_rc;
        hd = days > 0;
    } else {
        if ((rc = num(op, "devices", NULL, &n)) ||
            (rc = num(op, "throughput", NULL, &f)) ||
            (rc = num(op, "days", NULL, &days)) || (rc = leftovers(op))) {
            cJSON_Delete(o.json);
            return rc;
        }
        hd = 1;
    }
    in_num(&o, "devices", n);
    in_num(&o, "throughput", f);
    line(&o, "devices x throughput", n * f, 4, "FLOP/s");
    if (hd) {
        in_num(&o, "days", days);
        if ((rc = pp_calc_cluster(n, f, days, &flop)) < 0) {
            pinfo_free(&pi);
            return calc_fail(&o, rc);
        }
        res_num(&o, "compute", flop);
        line(&o, "compute over the days given", flop, 4, "FLOP");
        if (six_nd > 0) {
            res_num(&o, "six_nd_fraction", six_nd / flop);
            pp_buf_printf(&o.text, "%-34s %.1f%%\n",
                          "6ND as a share of that", 100 * six_nd / flop);
        }
    }
    if (six_nd > 0) {
        res_num(&o, "six_nd", six_nd);
        res_num(&o, "days_for_six_nd", six_nd / (n * f) / 86400);
        line(&o, "6*N_active*D", six_nd, 4, "FLOP");
        line(&o, "days at full throughput", six_nd / (n * f) / 86400, 3, "");
    } else if (op->positional) {
        pp_buf_puts(&o.text, "6ND: not available (parameters or tokens not "
                             "disclosed)\n");
    }
    pinfo_free(&pi);
    return out_flush(&o);
fail_rc:
    pinfo_free(&pi);
    cJSON_Delete(o.json);
    return rc;
}

int cmd_calc(int argc, char **argv)
{
    struct opts op;
    const char *kind;
    int rc;

    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? PP_EXIT_USAGE : PP_EXIT_OK;
    }
    kind = argv[1];
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
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
