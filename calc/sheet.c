/*
 * sheet.c - calculations as inputs, results and text lines (sheet.h).
 *
 * The text form is what `passport calc` has always printed: labels padded
 * to 34 columns, figures with the significant digits a reader can use.
 */
#include "sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

void pp_sheet_init(pp_sheet *s, const char *kind)
{
    memset(s, 0, sizeof(*s));
    s->json = cJSON_CreateObject();
    cJSON_AddStringToObject(s->json, "kind", kind);
    s->inputs = cJSON_AddObjectToObject(s->json, "inputs");
    s->result = cJSON_AddObjectToObject(s->json, "result");
}

void pp_sheet_dispose(pp_sheet *s)
{
    if (!s)
        return;
    pp_buf_dispose(&s->text);
    cJSON_Delete(s->json);
    memset(s, 0, sizeof(*s));
}

int pp_sheet_write(const pp_sheet *s, pp_buf *out, int json)
{
    if (json)
        return pp_json_write_canonical(out, s->json, NULL);
    return pp_buf_puts(out, pp_buf_cstr(&s->text));
}

void pp_sheet_input(pp_sheet *s, const char *key, double v)
{
    cJSON_AddNumberToObject(s->inputs, key, v);
}

void pp_sheet_input_text(pp_sheet *s, const char *key, const char *v)
{
    cJSON_AddStringToObject(s->inputs, key, v);
}

void pp_sheet_result(pp_sheet *s, const char *key, double v)
{
    cJSON_AddNumberToObject(s->result, key, v);
}

/* `v` with `digits` significant digits and a magnitude suffix (35.663B),
 * or in scientific form (7.227e23) outside the suffixes' range. */
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

void pp_sheet_line(pp_sheet *s, const char *label, double v, int digits,
                   const char *unit)
{
    pp_buf_printf(&s->text, "%-34s ", label);
    sig(&s->text, v, digits);
    pp_buf_printf(&s->text, "%s%s\n", unit && *unit ? " " : "",
                  unit ? unit : "");
}

/* A list of figures in `parent` (inputs or result) and one text line. */
static void list(pp_sheet *s, cJSON *parent, const char *k, const double *v,
                 size_t n, int digits, const char *label)
{
    cJSON *a = cJSON_AddArrayToObject(parent, k);
    pp_buf_printf(&s->text, "%-22s (", label);
    for (size_t i = 0; i < n; i++) {
        cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
        pp_buf_printf(&s->text, "%s%.*g", i ? ", " : "", digits, v[i]);
    }
    pp_buf_puts(&s->text, ")\n");
}

/* ------------------------------------------------------------------ */
/* Compute, tokens per parameter, the fitted law                      */
/* ------------------------------------------------------------------ */

int pp_sheet_flops(pp_sheet *s, double params, double tokens, double kappa)
{
    double c;
    int rc;
    pp_sheet_input(s, "params", params);
    pp_sheet_input(s, "tokens", tokens);
    pp_sheet_input(s, "kappa", kappa);
    if ((rc = pp_calc_flops(params, tokens, kappa, &c)) < 0)
        return rc;
    pp_sheet_result(s, "compute", c);
    pp_sheet_line(s, "C = kappa*N*D", c, 6, "FLOP");
    return 0;
}

int pp_sheet_tpp(pp_sheet *s, double params, double tokens)
{
    double c;
    int rc;
    pp_sheet_input(s, "params", params);
    pp_sheet_input(s, "tokens", tokens);
    if ((rc = pp_calc_tpp(params, tokens, &c)) < 0)
        return rc;
    pp_sheet_result(s, "tokens_per_param", c);
    pp_sheet_line(s, "D/N", c, 6, "tokens per parameter");
    return 0;
}

/* kappa*N*D or D/N of one parameter count of a run. */
static void run_line(pp_sheet *s, double n, double tokens, double kappa,
                     int tpp, const char *key, const char *label)
{
    double c;
    if (tpp)
        pp_calc_tpp(n, tokens, &c);
    else
        pp_calc_flops(n, tokens, kappa, &c);
    pp_sheet_result(s, key, c);
    pp_sheet_line(s, label, c, 4, tpp ? "" : "FLOP");
}

int pp_sheet_flops_run(pp_sheet *s, const pp_sheet_run *run, double kappa,
                       int tpp)
{
    const char *q = run->tokens_qualifier ? run->tokens_qualifier : "";
    pp_sheet_input_text(s, "passport", run->id);
    pp_sheet_input(s, "tokens", run->tokens);
    if (*q)
        pp_sheet_input_text(s, "tokens_qualifier", q);
    if (run->has_active)
        pp_sheet_input(s, "params_active", run->active);
    if (run->has_total)
        pp_sheet_input(s, "params_total", run->total);
    /* a run whose passport records neither its active count nor that
     * it is dense: which parameters do the compute, it does not say */
    int unknown = !run->moe && !run->has_active;
    pp_buf_printf(&s->text, "%s (%s)\n", run->name,
                  run->moe  ? "mixture of experts: N is the active "
                              "parameters"
                  : unknown ? "architecture not recorded: N is the total "
                              "parameters, the compute only if all are active"
                            : "dense");
    if (*q)
        pp_buf_printf(&s->text,
                      "training.tokens is a bound (%s): so is "
                      "every figure below\n",
                      q);
    if (run->has_active)
        run_line(s, run->active, run->tokens, kappa, tpp,
                 tpp ? "tokens_per_active_param" : "compute",
                 tpp ? "tokens per active parameter" : "kappa*N_active*D");
    if (run->has_total && (tpp || run->moe))
        run_line(s, run->total, run->tokens, kappa, tpp,
                 tpp ? "tokens_per_total_param" : "compute_if_total",
                 tpp ? "tokens per total parameter"
                     : "kappa*N_total*D (not the compute)");
    else if (run->has_total && unknown)
        run_line(s, run->total, run->tokens, kappa, tpp, "compute_if_dense",
                 "kappa*N_total*D (if dense)");
    return 0;
}

int pp_sheet_optimum(pp_sheet *s, const pp_law *law, double budget)
{
    pp_optimum o;
    int rc;
    pp_sheet_input(s, "budget", budget);
    if ((rc = pp_calc_optimum(law, budget, &o)) < 0)
        return rc;
    pp_sheet_result(s, "params", o.params);
    pp_sheet_result(s, "tokens", o.tokens);
    pp_sheet_result(s, "tokens_per_param", o.ratio);
    pp_sheet_result(s, "loss", o.loss);
    pp_sheet_result(s, "rule_params", o.rule_params);
    pp_sheet_result(s, "rule_tokens", o.rule_tokens);
    pp_sheet_line(s, "N* (analytic optimum)", o.params, 5, "parameters");
    pp_sheet_line(s, "D*", o.tokens, 4, "tokens");
    pp_sheet_line(s, "D*/N*", o.ratio, 4, "tokens per parameter");
    pp_sheet_line(s, "L(N*, D*)", o.loss, 7, "nats/token");
    pp_sheet_line(s, "D = 20N rule: N", o.rule_params, 4, "parameters");
    pp_sheet_line(s, "D = 20N rule: D", o.rule_tokens, 4, "tokens");
    return 0;
}

int pp_sheet_loss(pp_sheet *s, const pp_law *law, double params, double tokens)
{
    double l;
    int rc;
    pp_sheet_input(s, "params", params);
    pp_sheet_input(s, "tokens", tokens);
    if ((rc = pp_calc_loss(law, params, tokens, &l)) < 0)
        return rc;
    pp_sheet_result(s, "loss", l);
    pp_sheet_line(s, "L(N, D)", l, 7, "nats/token");
    return 0;
}

int pp_sheet_isoflop(pp_sheet *s, const pp_law *law, double budget,
                     double params)
{
    pp_isoflop r;
    int rc;
    pp_sheet_input(s, "budget", budget);
    pp_sheet_input(s, "params", params);
    if ((rc = pp_calc_isoflop(law, budget, params, &r)) < 0)
        return rc;
    pp_sheet_result(s, "tokens", r.tokens);
    pp_sheet_result(s, "loss", r.loss);
    pp_sheet_result(s, "optimum_params", r.optimum.params);
    pp_sheet_result(s, "optimum_tokens", r.optimum.tokens);
    pp_sheet_result(s, "optimum_loss", r.optimum.loss);
    pp_sheet_result(s, "gap", r.gap);
    pp_sheet_result(s, "size_ratio", r.optimum.params / params);
    pp_sheet_line(s, "D = C/(kappa N)", r.tokens, 4, "tokens");
    pp_sheet_line(s, "L(N, D)", r.loss, 7, "");
    pp_sheet_line(s, "N*", r.optimum.params, 5, "parameters");
    pp_sheet_line(s, "D*", r.optimum.tokens, 4, "tokens");
    pp_sheet_line(s, "L(N*, D*)", r.optimum.loss, 7, "");
    pp_sheet_line(s, "gap L(N, D) - L(N*, D*)", r.gap, 5, "");
    pp_sheet_line(s, "N*/N", r.optimum.params / params, 3, "");
    return 0;
}

static void pair_inputs(pp_sheet *s, double params, double tokens,
                        double other_params)
{
    pp_sheet_input(s, "params", params);
    pp_sheet_input(s, "tokens", tokens);
    pp_sheet_input(s, "other_params", other_params);
}

int pp_sheet_same_loss(pp_sheet *s, const pp_law *law, double params,
                       double tokens, double other_params)
{
    pp_same_loss r;
    int rc;
    pair_inputs(s, params, tokens, other_params);
    if ((rc = pp_calc_same_loss(law, params, tokens, other_params, &r)) < 0)
        return rc;
    pp_sheet_result(s, "target_loss", r.target_loss);
    pp_sheet_result(s, "compute", r.compute);
    pp_sheet_result(s, "other_tokens", r.other_tokens);
    pp_sheet_result(s, "other_compute", r.other_compute);
    pp_sheet_result(s, "compute_saving", r.compute_saving);
    pp_sheet_line(s, "target loss L(N, D)", r.target_loss, 7, "");
    pp_sheet_line(s, "compute of N, D", r.compute, 6, "FLOP");
    pp_sheet_line(s, "tokens N2 needs", r.other_tokens, 7, "tokens");
    pp_sheet_line(s, "compute of N2", r.other_compute, 6, "FLOP");
    pp_buf_printf(&s->text, "%-34s %.1f%%\n", "compute saved by N2",
                  100 * r.compute_saving);
    return 0;
}

int pp_sheet_breakeven(pp_sheet *s, const pp_law *law, double params,
                       double tokens, double other_params)
{
    pp_breakeven b;
    int rc;
    pair_inputs(s, params, tokens, other_params);
    if ((rc = pp_calc_breakeven(law, params, tokens, other_params, &b)) < 0)
        return rc;
    pp_sheet_result(s, "other_tokens", b.pair.other_tokens);
    pp_sheet_result(s, "extra_compute", b.extra_compute);
    pp_sheet_result(s, "per_token_saving", b.per_token_saving);
    if (b.has_breakeven)
        pp_sheet_result(s, "breakeven_tokens", b.breakeven_tokens);
    else
        cJSON_AddNullToObject(s->result, "breakeven_tokens");
    pp_sheet_line(s, "tokens the other model needs", b.pair.other_tokens, 7,
                  "tokens");
    pp_sheet_line(s, "extra training compute (small)", b.extra_compute, 6,
                  "FLOP");
    pp_sheet_line(s, "decoding saving per token", b.per_token_saving, 5,
                  "FLOP");
    if (b.has_breakeven)
        pp_sheet_line(s, "break-even after", b.breakeven_tokens, 6,
                      "generated tokens");
    else
        pp_buf_puts(&s->text, "no break-even: the smaller model needs no "
                              "extra training compute\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Memory, pipeline, data, QK-Clip, AdamW, cluster                    */
/* ------------------------------------------------------------------ */

int pp_sheet_memory(pp_sheet *s, pp_memory *m, const char *preset)
{
    int rc;
    if ((rc = pp_calc_memory(m)) < 0)
        return rc;
    pp_sheet_input(s, "params", m->params);
    pp_sheet_input(s, "zero", m->zero_stage);
    pp_sheet_input(s, "ranks", m->ranks);
    if (preset)
        pp_sheet_input_text(s, "preset", preset);
    pp_buf_printf(&s->text, "%-10s %-12s %10s %14s %14s\n", "ROLE", "FORMAT",
                  "BYTES/PARAM", "GB", "GiB");
    for (int r = 0; r < PP_MEM_NROLES; r++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "format", m->format[r]);
        cJSON_AddNumberToObject(e, "bytes_per_param", m->bytes_per_param[r]);
        cJSON_AddNumberToObject(e, "bytes", m->role_bytes[r]);
        cJSON_AddItemToObject(s->result, pp_mem_role_name(r), e);
        pp_buf_printf(&s->text, "%-10s %-12s %10.4g %14.4f %14.4f\n",
                      pp_mem_role_name(r), m->format[r], m->bytes_per_param[r],
                      m->role_bytes[r] / 1e9, m->role_bytes[r] / 1073741824.0);
    }
    pp_sheet_result(s, "bytes_per_param", m->per_param);
    pp_sheet_result(s, "total_bytes", m->total_bytes);
    pp_sheet_result(s, "rank_bytes", m->rank_bytes);
    pp_buf_printf(&s->text, "%-10s %-12s %10.4g %14.4f %14.4f\n", "total", "",
                  m->per_param, m->total_bytes / 1e9,
                  m->total_bytes / 1073741824.0);
    pp_buf_printf(&s->text,
                  "per rank (ZeRO-%d over %.0f ranks): %.4f GB = "
                  "%.4f GiB\n",
                  m->zero_stage, m->ranks, m->rank_bytes / 1e9,
                  m->rank_bytes / 1073741824.0);
    return 0;
}

int pp_sheet_bubble(pp_sheet *s, double stages, double microbatches)
{
    double f;
    int rc;
    pp_sheet_input(s, "stages", stages);
    pp_sheet_input(s, "microbatches", microbatches);
    if ((rc = pp_calc_bubble(stages, microbatches, &f)) < 0)
        return rc;
    pp_sheet_result(s, "bubble", f);
    pp_buf_printf(&s->text, "1F1B bubble (p-1)/(m+p-1) = %.0f/%.0f = %.1f%%\n",
                  stages - 1, microbatches + stages - 1, 100 * f);
    return 0;
}

int pp_sheet_epochs(pp_sheet *s, double tokens, double share, double unique)
{
    pp_epochs e;
    int rc;
    pp_sheet_input(s, "tokens", tokens);
    pp_sheet_input(s, "share", share);
    pp_sheet_input(s, "unique", unique);
    if ((rc = pp_calc_epochs(tokens, share, unique, &e)) < 0)
        return rc;
    pp_sheet_result(s, "presented", e.presented);
    pp_sheet_result(s, "epochs", e.epochs);
    pp_sheet_line(s, "tokens of the domain presented", e.presented, 4,
                  "tokens");
    pp_sheet_line(s, "effective epochs", e.epochs, 4, "");
    return 0;
}

int pp_sheet_qkclip(pp_sheet *s, double tau, double split, const double *maxima,
                    size_t n)
{
    double *g = calloc(4 * (n ? n : 1), sizeof *g);
    double *q = g + n, *k = g + 2 * n, *nm = g + 3 * n;
    int rc;
    if (!g)
        return pp_error_set(PP_ENOMEM, "out of memory");
    pp_sheet_input(s, "tau", tau);
    pp_sheet_input(s, "split", split);
    if ((rc = pp_calc_qkclip(tau, maxima, n, split, g, q, k, nm)) == 0) {
        list(s, s->inputs, "maxima", maxima, n, 6, "maxima");
        list(s, s->result, "gamma", g, n, 3, "gamma = min(1, tau/m)");
        list(s, s->result, "q_scale", q, n, 3, "W_Q scale gamma^a");
        list(s, s->result, "k_scale", k, n, 3, "W_K scale gamma^(1-a)");
        list(s, s->result, "new_maxima", nm, n, 6, "new maxima");
    }
    free(g);
    return rc;
}

int pp_sheet_adamw(pp_sheet *s, const pp_adamw *h, const double *theta,
                   const double *grad, size_t n)
{
    double *out = calloc(4 * (n ? n : 1), sizeof *out);
    double *dec = out + n, *m = out + 2 * n, *v = out + 3 * n;
    int rc;
    if (!out)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if ((rc = pp_calc_adamw(h, theta, grad, n, out, dec, m, v)) == 0) {
        pp_sheet_input(s, "lr", h->lr);
        pp_sheet_input(s, "weight_decay", h->weight_decay);
        pp_sheet_input(s, "beta1", h->beta1);
        pp_sheet_input(s, "beta2", h->beta2);
        pp_sheet_input(s, "eps", h->eps);
        list(s, s->inputs, "theta", theta, n, 6, "theta0");
        list(s, s->inputs, "grad", grad, n, 6, "grad");
        list(s, s->result, "m", m, n, 6, "m1");
        list(s, s->result, "v", v, n, 6, "v1");
        list(s, s->result, "decay_only", dec, n, 6, "decay alone");
        list(s, s->result, "theta", out, n, 6, "theta1");
    }
    free(out);
    return rc;
}

int pp_sheet_cluster(pp_sheet *s, double devices, double throughput,
                     double days, const pp_sheet_run *run)
{
    double six_nd = 0, flop;
    int rc;
    if (run && run->has_active && run->has_tokens)
        pp_calc_flops(run->active, run->tokens, 6, &six_nd);
    if (run)
        pp_sheet_input_text(s, "passport", run->id);
    pp_sheet_input(s, "devices", devices);
    pp_sheet_input(s, "throughput", throughput);
    pp_sheet_line(s, "devices x throughput", devices * throughput, 4, "FLOP/s");
    if (days > 0) {
        pp_sheet_input(s, "days", days);
        if ((rc = pp_calc_cluster(devices, throughput, days, &flop)) < 0)
            return rc;
        pp_sheet_result(s, "compute", flop);
        pp_sheet_line(s, "compute over the days given", flop, 4, "FLOP");
        if (six_nd > 0) {
            pp_sheet_result(s, "six_nd_fraction", six_nd / flop);
            pp_buf_printf(&s->text, "%-34s %.1f%%\n", "6ND as a share of that",
                          100 * six_nd / flop);
        }
    }
    if (six_nd > 0) {
        double t = six_nd / (devices * throughput) / 86400;
        pp_sheet_result(s, "six_nd", six_nd);
        pp_sheet_result(s, "days_for_six_nd", t);
        pp_sheet_line(s, "6*N_active*D", six_nd, 4, "FLOP");
        pp_sheet_line(s, "days at full throughput", t, 3, "");
    } else if (run) {
        pp_buf_puts(&s->text, "6ND: not available (parameters or tokens not "
                              "disclosed)\n");
    }
    return 0;
}
