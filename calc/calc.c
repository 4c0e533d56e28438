/*
 * calc.c - the calculators (see calc.h).
 *
 * Each function checks its arguments before computing and checks its
 * result after: a formula fed valid numbers can still overflow, and an
 * overflow is reported, never printed as "inf".
 */
#include "calc.h"

#include "microscope.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/num.h"
#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Argument checks                                                    */
/* ------------------------------------------------------------------ */

static int positive(const char *name, double v)
{
    if (!isfinite(v) || v <= 0)
        return pp_error_set(PP_EUSAGE, "%s must be a positive finite number",
                            name);
    return 0;
}

static int whole(const char *name, double v)
{
    if (!isfinite(v) || v < 1 || floor(v) != v)
        return pp_error_set(PP_EUSAGE, "%s must be a whole number >= 1", name);
    return 0;
}

static int finite_result(const char *what, double v)
{
    if (!isfinite(v))
        return pp_error_set(PP_EUSAGE,
                            "%s overflows a double: check the "
                            "inputs",
                            what);
    return 0;
}

#define CHECK(x)                                                               \
    do {                                                                       \
        int rc_ = (x);                                                         \
        if (rc_ < 0)                                                           \
            return rc_;                                                        \
    } while (0)

/* ------------------------------------------------------------------ */
/* Compute, tokens per parameter                                      */
/* ------------------------------------------------------------------ */

int pp_calc_flops(double params, double tokens, double kappa, double *out)
{
    CHECK(positive("params", params));
    CHECK(positive("tokens", tokens));
    CHECK(positive("kappa", kappa));
    *out = kappa * params * tokens;
    return finite_result("compute", *out);
}

int pp_calc_tpp(double params, double tokens, double *out)
{
    CHECK(positive("params", params));
    CHECK(positive("tokens", tokens));
    *out = tokens / params;
    return finite_result("tokens per parameter", *out);
}

/* ------------------------------------------------------------------ */
/* The fitted loss                                                    */
/* ------------------------------------------------------------------ */

pp_law pp_law_default(void)
{
    pp_law l = {1.69, 406.4, 410.7, 0.34, 0.28, 6.0};
    return l;
}

int pp_law_check(const pp_law *l)
{
    CHECK(positive("A", l->A));
    CHECK(positive("B", l->B));
    CHECK(positive("alpha", l->alpha));
    CHECK(positive("beta", l->beta));
    CHECK(positive("kappa", l->kappa));
    if (!isfinite(l->E) || l->E < 0)
        return pp_error_set(PP_EUSAGE, "E must be finite and not negative");
    return 0;
}

static double loss(const pp_law *l, double n, double d)
{
    return l->E + l->A / pow(n, l->alpha) + l->B / pow(d, l->beta);
}

int pp_calc_loss(const pp_law *l, double params, double tokens, double *out)
{
    CHECK(pp_law_check(l));
    CHECK(positive("params", params));
    CHECK(positive("tokens", tokens));
    *out = loss(l, params, tokens);
    return finite_result("loss", *out);
}

int pp_calc_optimum(const pp_law *l, double budget, pp_optimum *o)
{
    CHECK(pp_law_check(l));
    CHECK(positive("budget", budget));
    memset(o, 0, sizeof(*o));
    o->budget = budget;
    o->params = pow((l->alpha * l->A) / (l->beta * l->B) *
                        pow(budget / l->kappa, l->beta),
                    1.0 / (l->alpha + l->beta));
    o->tokens = budget / (l->kappa * o->params);
    o->ratio = o->tokens / o->params;
    o->loss = loss(l, o->params, o->tokens);
    /* D = 20N and C = kappa N D give C = 20 kappa N^2. */
    o->rule_params = sqrt(budget / (20.0 * l->kappa));
    o->rule_tokens = 20.0 * o->rule_params;
    CHECK(finite_result("N*", o->params));
    CHECK(finite_result("D*", o->tokens));
    CHECK(finite_result("L(N*, D*)", o->loss));
    return finite_result("the D = 20N rule", o->rule_tokens);
}

int pp_calc_isoflop(const pp_law *l, double budget, double params,
                    pp_isoflop *out)
{
    CHECK(pp_calc_optimum(l, budget, &out->optimum));
    CHECK(positive("params", params));
    out->params = params;
    out->tokens = budget / (l->kappa * params);
    out->loss = loss(l, params, out->tokens);
    out->gap = out->loss - out->optimum.loss;
    CHECK(finite_result("tokens", out->tokens));
    return finite_result("loss gap", out->gap);
}

int pp_calc_tokens_for_loss(const pp_law *l, double params, double target,
                            double *out)
{
    double room;
    CHECK(pp_law_check(l));
    CHECK(positive("params", params));
    CHECK(positive("loss", target));
    /* Solve L(N, D) = target for D: B / D^beta = target - E - A/N^alpha. */
    room = target - l->E - l->A / pow(params, l->alpha);
    if (!(room > 0)) {
        pp_buf n = PP_BUF_INIT;
        pp_num_human(&n, params, 4);
        pp_error_set(PP_EUSAGE,
                     "params: a model of %s parameters "
                     "cannot reach the fitted loss %.6f with any number of "
                     "tokens",
                     pp_buf_cstr(&n), target);
        pp_buf_dispose(&n);
        return PP_EUSAGE;
    }
    *out = pow(l->B / room, 1.0 / l->beta);
    return finite_result("tokens", *out);
}

int pp_calc_same_loss(const pp_law *l, double params, double tokens,
                      double other_params, pp_same_loss *o)
{
    CHECK(pp_calc_loss(l, params, tokens, &o->target_loss));
    CHECK(positive("other-params", other_params));
    o->params = params;
    o->tokens = tokens;
    o->compute = l->kappa * params * tokens;
    o->other_params = other_params;
    if (pp_calc_tokens_for_loss(l, other_params, o->target_loss,
                                &o->other_tokens) < 0) {
        char why[256]; /* the message names "params": here "other-params" */
        snprintf(why, sizeof(why), "%s", pp_error_last());
        return pp_error_set(PP_EUSAGE, "other-%s", why);
    }
    o->other_compute = l->kappa * other_params * o->other_tokens;
    o->compute_saving = 1.0 - o->other_compute / o->compute;
    CHECK(finite_result("compute", o->compute));
    CHECK(finite_result("tokens of the other model", o->other_tokens));
    return finite_result("compute of the other model", o->other_compute);
}

int pp_calc_breakeven(const pp_law *l, double params, double tokens,
                      double other_params, pp_breakeven *o)
{
    double c_small, c_large;
    memset(o, 0, sizeof(*o));
    CHECK(pp_calc_same_loss(l, params, tokens, other_params, &o->pair));
    if (params == other_params)
        return pp_error_set(PP_EUSAGE, "params and other-params are equal: "
                                       "there is nothing to compare");
    if (params < other_params) {
        o->small_params = params, c_small = o->pair.compute;
        o->large_params = other_params, c_large = o->pair.other_compute;
    } else {
        o->small_params = other_params, c_small = o->pair.other_compute;
        o->large_params = params, c_large = o->pair.compute;
    }
    o->extra_compute = c_small - c_large;
    o->per_token_saving = 2.0 * (o->large_params - o->small_params);
    o->has_breakeven = o->extra_compute > 0;
    o->breakeven_tokens =
        o->has_breakeven ? o->extra_compute / o->per_token_saving : 0;
    return finite_result("break-even tokens", o->breakeven_tokens);
}

/* ------------------------------------------------------------------ */
/* Memory                                                             */
/* ------------------------------------------------------------------ */

static const char *const role_names[PP_MEM_NROLES] = {
    "weights", "grads", "master", "moment1", "moment2",
};

const char *pp_mem_role_name(int role)
{
    return role >= 0 && role < PP_MEM_NROLES ? role_names[role] : "?";
}

int pp_mem_role_lookup(const char *name)
{
    for (int i = 0; i < PP_MEM_NROLES; i++)
        if (strcasecmp(role_names[i], name) == 0)
            return i;
    return -1;
}

int pp_memory_set_role(pp_memory *m, const char *role, const char *format)
{
    int r = pp_mem_role_lookup(role);
    double b;
    if (r < 0)
        return pp_error_set(PP_EUSAGE,
                            "unknown role '%s' (weights, grads, "
                            "master, moment1, moment2)",
                            role);
    CHECK(pp_numfmt_bytes(format, &b));
    m->bytes_per_param[r] = b;
    snprintf(m->format[r], sizeof(m->format[r]), "%s", format);
    return 0;
}

static const struct {
    const char *name;
    const char *roles[PP_MEM_NROLES]; /* weights, grads, master, m1, m2 */
} presets[] = {
    /* The course's 16 bytes/param: bf16 weights and gradients, fp32
     * master and Adam moments. */
    {"bf16-adamw", {"bf16", "bf16", "fp32", "fp32", "fp32"}},
    /* Mixed precision of 2017: fp16 copies, fp32 master, loss scaling
     * (the scale is one number, not per parameter). */
    {"fp16-classic", {"fp16", "fp16", "fp32", "fp32", "fp32"}},
    /* DeepSeek-V3-like: bf16 working weights (FP8 GEMM inputs are made
     * on the fly), fp32 gradient accumulation and master, bf16 moments. */
    {"v3-fp8", {"bf16", "fp32", "fp32", "bf16", "bf16"}},
    /* Kimi K3-like deployment-aware QAT: MXFP4 expert weights seen by the
     * forward pass, bf16 gradients, fp32 master, one fp32 Muon momentum. */
    {"k3-qat", {"mxfp4", "bf16", "fp32", "fp32", "none"}},
};

int pp_memory_preset(pp_memory *m, const char *preset)
{
    for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
        if (strcasecmp(presets[i].name, preset) == 0) {
            for (int r = 0; r < PP_MEM_NROLES; r++)
                CHECK(
                    pp_memory_set_role(m, role_names[r], presets[i].roles[r]));
            return 0;
        }
    }
    return pp_error_set(PP_EUSAGE,
                        "unknown preset '%s' (bf16-adamw, "
                        "fp16-classic, v3-fp8, k3-qat)",
                        preset);
}

int pp_calc_memory(pp_memory *m)
{
    double sharded = 0, replicated = 0;
    CHECK(positive("params", m->params));
    if (m->zero_stage < 0 || m->zero_stage > 3)
        return pp_error_set(PP_EUSAGE, "zero must be 0, 1, 2 or 3");
    CHECK(whole("ranks", m->ranks));
    m->total_bytes = 0;
    for (int r = 0; r < PP_MEM_NROLES; r++) {
        int shard;
        if (!isfinite(m->bytes_per_param[r]) || m->bytes_per_param[r] < 0)
            return pp_error_set(PP_EUSAGE,
                                "bytes per parameter of %s must "
                                "be finite and not negative",
                                role_names[r]);
        m->role_bytes[r] = m->params * m->bytes_per_param[r];
        m->total_bytes += m->role_bytes[r];
        /* ZeRO-1: optimizer state (master, moments); 2: + gradients;
         * 3: + weights. */
        shard =
            (r == PP_MEM_MASTER || r == PP_MEM_MOMENT1 || r == PP_MEM_MOMENT2)
                ? m->zero_stage >= 1
            : r == PP_MEM_GRADS ? m->zero_stage >= 2
                                : m->zero_stage >= 3;
        if (shard)
            sharded += m->role_bytes[r];
        else
            replicated += m->role_bytes[r];
    }
    m->per_param = m->total_bytes / m->params;
    m->rank_bytes = replicated + sharded / m->ranks;
    return finite_result("memory", m->total_bytes);
}

/* ------------------------------------------------------------------ */
/* Pipeline, epochs, QK-Clip, AdamW, cluster                          */
/* ------------------------------------------------------------------ */

int pp_calc_bubble(double p, double m, double *out)
{
    CHECK(whole("stages", p));
    CHECK(whole("microbatches", m));
    *out = (p - 1) / (m + p - 1);
    return 0;
}

int pp_calc_epochs(double tokens, double share, double unique, pp_epochs *out)
{
    CHECK(positive("tokens", tokens));
    CHECK(positive("share", share));
    CHECK(positive("unique", unique));
    if (share > 1)
        return pp_error_set(PP_EUSAGE, "share must be at most 1 (15%% is "
                                       "0.15)");
    out->presented = tokens * share;
    out->epochs = out->presented / unique;
    return finite_result("epochs", out->epochs);
}

int pp_calc_qkclip(double tau, const double *maxima, size_t n, double split,
                   double *gamma, double *q, double *k, double *new_max)
{
    CHECK(positive("tau", tau));
    if (n == 0)
        return pp_error_set(PP_EUSAGE, "maxima must list at least one head");
    if (!isfinite(split) || split < 0 || split > 1)
        return pp_error_set(PP_EUSAGE, "split must lie in [0, 1]");
    for (size_t i = 0; i < n; i++)
        if (!isfinite(maxima[i]) || maxima[i] < 0)
            return pp_error_set(PP_EUSAGE,
                                "maxima must be finite and not "
                                "negative (head %zu)",
                                i + 1);
    for (size_t i = 0; i < n; i++) {
        gamma[i] = maxima[i] > tau ? tau / maxima[i] : 1.0;
        q[i] = pow(gamma[i], split);
        k[i] = pow(gamma[i], 1.0 - split);
        new_max[i] = maxima[i] * q[i] * k[i];
    }
    return 0;
}

int pp_calc_adamw(const pp_adamw *h, const double *theta, const double *grad,
                  size_t n, double *theta_out, double *decay_only,
                  double *m_out, double *v_out)
{
    CHECK(positive("lr", h->lr));
    CHECK(positive("eps", h->eps));
    if (!isfinite(h->weight_decay) || h->weight_decay < 0)
        return pp_error_set(PP_EUSAGE, "weight-decay must be finite and not "
                                       "negative");
    if (!isfinite(h->beta1) || h->beta1 < 0 || h->beta1 >= 1)
        return pp_error_set(PP_EUSAGE, "beta1 must lie in [0, 1)");
    if (!isfinite(h->beta2) || h->beta2 < 0 || h->beta2 >= 1)
        return pp_error_set(PP_EUSAGE, "beta2 must lie in [0, 1)");
    if (n == 0)
        return pp_error_set(PP_EUSAGE, "theta must have at least one value");
    for (size_t i = 0; i < n; i++) {
        double m, v, mh, vh;
        if (!isfinite(theta[i]) || !isfinite(grad[i]))
            return pp_error_set(PP_EUSAGE,
                                "theta and grad must be finite "
                                "(element %zu)",
                                i + 1);
        m = (1 - h->beta1) * grad[i];
        v = (1 - h->beta2) * grad[i] * grad[i];
        mh = m / (1 - h->beta1);
        vh = v / (1 - h->beta2);
        decay_only[i] = (1 - h->lr * h->weight_decay) * theta[i];
        theta_out[i] = decay_only[i] - h->lr * mh / (sqrt(vh) + h->eps);
        m_out[i] = m;
        v_out[i] = v;
        CHECK(finite_result("theta", theta_out[i]));
    }
    return 0;
}

int pp_calc_cluster(double devices, double throughput, double days,
                    double *flop)
{
    CHECK(positive("devices", devices));
    CHECK(positive("throughput", throughput));
    CHECK(positive("days", days));
    *flop = devices * throughput * days * 86400.0;
    return finite_result("cluster compute", *flop);
}

double pp_half_ulp(double v, int sig)
{
    if (v == 0 || sig <= 0)
        return 0;
    return 0.5 * pow(10.0, floor(log10(fabs(v))) - sig + 1);
}
