/*
 * reported.c - figures against what they were reported as, and a run's
 * figures against each other (internal.h; rules in docs/VERIFY.md).
 *
 * A fact keeps its value in base units and, as data, the string a source
 * wrote ("15.5T", "more than 32T", "2,5 млрд", "15万亿").  The string is
 * read with the prose checker's number reader (calc/numbers.h), so both
 * read "15.5T" the same way, and the value must lie in the interval the
 * string's digits and qualifier allow: "15.5T" is 1.545e13 .. 1.555e13
 * and 1.56e13 is not in it.  A string that is not one number ("loss
 * spikes were encountered") says nothing about the value.
 *
 * The run-relative rule asks what no single figure can: whether the
 * tokens a run saw per parameter are ones any real run has had, which a
 * parameter count a thousand times off is not.
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../calc/calc.h"
#include "../calc/numbers.h"
#include "../calc/range.h"
#include "../schema/fact.h"
#include "../core/banned.h"

#define finding pp_verify_finding
#define num_text pp_verify_num_text

/* Text around the one number of a reported string that still leaves it
 * "a figure": qualifier words ("more than ", "не менее ", "超过") and a
 * trailing "+".  A longer rest is a sentence, not a figure. */
enum { REPORTED_MAX_REST = 24 };

/* The unit a fact's `unit` names, as the number reader writes units;
 * PP_UNIT_NONE for units it does not read (byte/param, spike). */
static enum pp_unit unit_of(const char *unit)
{
    static const struct {
        const char *name;
        enum pp_unit unit;
    } units[] = {
        {"param", PP_UNIT_PARAMS},   {"token", PP_UNIT_TOKENS},
        {"FLOP", PP_UNIT_FLOP},      {"FLOP/s", PP_UNIT_FLOPS},
        {"byte", PP_UNIT_BYTES},     {"device", PP_UNIT_DEVICES},
        {"expert", PP_UNIT_EXPERTS}, {"GPU-hour", PP_UNIT_DEVICE_HOURS},
    };
    for (size_t i = 0; unit && i < sizeof(units) / sizeof(units[0]); i++)
        if (!strcmp(unit, units[i].name))
            return units[i].unit;
    return PP_UNIT_NONE;
}

static const char *unit_name(enum pp_unit u)
{
    switch (u) {
    case PP_UNIT_TOKENS: return "tokens";
    case PP_UNIT_PARAMS: return "parameters";
    case PP_UNIT_FLOP: return "FLOP";
    case PP_UNIT_FLOPS: return "FLOP/s";
    case PP_UNIT_BYTES: return "bytes";
    case PP_UNIT_DEVICES: return "devices";
    case PP_UNIT_DEVICE_HOURS: return "GPU hours";
    case PP_UNIT_EXPERTS: return "experts";
    case PP_UNIT_PERCENT: return "a percentage";
    case PP_UNIT_TIMES: return "a multiplier";
    default: return "no unit";
    }
}

/* The one number of `s`, or 0 when `s` is not one figure. */
static int one_number(const char *s, pp_number *out)
{
    pp_number n[2];
    size_t len = strlen(s);
    if (pp_numbers_scan(s, len, n, 2) != 1 || n[0].range ||
        len - (n[0].end - n[0].start) > REPORTED_MAX_REST)
        return 0;
    *out = n[0];
    return 1;
}

/* The value `v` lies in range `r`, ends included (a relative hair of
 * slack: the range's ends are computed in doubles). */
static int in_range(double v, pp_range r)
{
    double eps = 1e-9 * fabs(v);
    return v >= r.lo - eps && v <= r.hi + eps;
}

/* "128K" of a context of 131072 tokens, "32K" of 32768 devices: K and M
 * are often 2^10 and 2^20.  A figure written with a magnitude under a
 * billion may be read that way too. */
static int binary_reading(double v, const pp_number *n, pp_range r)
{
    static const double k[] = {1024.0 / 1000, 1048576.0 / 1e6};
    if (!n->magnitude || n->value >= 1e9)
        return 0;
    for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
        pp_range b = {r.lo * k[i], r.hi * k[i], r.bounded, 1};
        if (in_range(v, b))
            return 1;
    }
    return 0;
}

static void check_one(struct pp_verify_ctx *c, const char *name,
                      const pp_fact_num *f)
{
    pp_number n;
    pp_range r;
    enum pp_unit want;
    const char *q;
    char ptr[96];
    pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT;

    if (!f->reported || !one_number(f->reported, &n))
        return;
    snprintf(ptr, sizeof(ptr), "/facts/%s/reported", name);
    num_text(&st, f->value);
    want = unit_of(f->unit);
    if (n.unit != PP_UNIT_NONE && want != PP_UNIT_NONE && n.unit != want) {
        finding(c, "error", "reported.mismatch", ptr, st.ptr, unit_name(want),
                "%s is reported as \"%s\", which is %s, but the fact counts "
                "%s",
                name, f->reported, unit_name(n.unit), unit_name(want));
        goto done;
    }
    /* The string's own qualifier ("about", "more than") decides; a bare
     * figure takes the fact's ("15T+" is a fact stated as > 15T). */
    q = strcmp(n.qualifier, "=") ? n.qualifier : f->qualifier;
    r = pp_range_of(n.value, n.sig, q);
    if (in_range(f->value, r) || binary_reading(f->value, &n, r))
        goto done;
    if (r.bounded) {
        num_text(&ex, r.lo);
        pp_buf_puts(&ex, " .. ");
        num_text(&ex, r.hi);
    } else {
        pp_buf_puts(&ex, isinf(r.hi) ? ">= " : "<= ");
        num_text(&ex, isinf(r.hi) ? r.lo : r.hi);
    }
    finding(c, "error", "reported.mismatch", ptr, st.ptr, ex.ptr,
            "%s = %s, but it is reported as \"%s\", which is %s at the "
            "%d digit%s written",
            name, st.ptr, f->reported, ex.ptr, n.sig, n.sig == 1 ? "" : "s");
done:
    pp_buf_dispose(&st);
    pp_buf_dispose(&ex);
}

void pp_verify_reported(struct pp_verify_ctx *c)
{
    const cJSON *fact;
    cJSON_ArrayForEach(fact, pp_facts(c->doc))
    {
        pp_fact_num f;
        if (pp_fact_number_of(fact, &f))
            check_one(c, fact->string, &f);
    }
}

/* Tokens per parameter of the N of 6ND that real runs span, with room on
 * both sides (docs/VERIFY.md): the fewest, MT-NLG's 270B tokens on 530B
 * parameters (0.51), the most, Qwen3-0.6B's 36T tokens (6e4). */
#define TPP_LO 0.05
#define TPP_HI 1e6

void pp_verify_run_scale(struct pp_verify_ctx *c)
{
    pp_fact_num n, d;
    pp_compute_basis b = pp_fact_compute_params(c->doc, &n);
    double tpp;
    pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT, fig = PP_BUF_INIT;
    const char *which = b == PP_BASIS_ACTIVE ? "params.active" : "params.total";

    if (b == PP_BASIS_NONE || !pp_fact_number(c->doc, "training.tokens", &d))
        return;
    tpp = d.value / n.value;
    /* A bound says only which side the ratio is on. */
    if ((tpp >= TPP_LO || !strcmp(d.qualifier, ">") ||
         !strcmp(d.qualifier, "\xE2\x89\xA5")) &&
        (tpp <= TPP_HI || d.qualifier[0] == '<' ||
         !strcmp(d.qualifier, "\xE2\x89\xA4")))
        return;
    num_text(&fig, d.value);
    pp_buf_puts(&fig, " / ");
    num_text(&fig, n.value);
    num_text(&st, tpp);
    num_text(&ex, TPP_LO);
    pp_buf_puts(&ex, " .. ");
    num_text(&ex, TPP_HI);
    finding(c, "warning", "units.tokens-per-param", "/facts/training.tokens",
            st.ptr, ex.ptr,
            "training.tokens / %s = %s = %s tokens per parameter, outside "
            "what real runs have had (%s): a parameter or token count a "
            "thousand times off?",
            which, fig.ptr, st.ptr, ex.ptr);
    pp_buf_dispose(&fig);
    pp_buf_dispose(&st);
    pp_buf_dispose(&ex);
}
