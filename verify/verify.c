/*
 * verify.c - the verifier's rules (see verify.h and docs/VERIFY.md).
 */
#include "verify.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/num.h"
#include "../calc/calc.h"
#include "../calc/range.h"
#include "../core/json.h"
#include "../schema/fact.h"
#include "internal.h"
#include "../core/banned.h"

typedef struct pp_verify_ctx ctx_t;

#define finding pp_verify_finding
#define num_text pp_verify_num_text

static void stated_text(pp_buf *b, const pp_fact_num *f)
{
    if (strcmp(f->qualifier, "="))
        pp_buf_printf(b, "%s ", f->qualifier);
    num_text(b, f->value);
    if (f->reported)
        pp_buf_printf(b, " (reported as \"%s\")", f->reported);
}

static void range_text(pp_buf *b, pp_range r)
{
    if (!r.bounded && isinf(r.hi)) {
        pp_buf_puts(b, ">= ");
        num_text(b, r.lo);
    } else if (!r.bounded) {
        pp_buf_puts(b, "<= ");
        num_text(b, r.hi);
    } else {
        num_text(b, r.lo);
        pp_buf_puts(b, " .. ");
        num_text(b, r.hi);
    }
}

/* A stated derived figure whose inputs are only bounds cannot be stated
 * as exact.  Returns 1 when it reported that. */
static int bound_as_exact(ctx_t *c, const char *fact, const char *ptr,
                          pp_range computed, const char *inputs)
{
    pp_fact_num f;
    const char *q;
    pp_buf st = PP_BUF_INIT;
    if (!pp_fact_number(c->doc, fact, &f))
        return 0;
    q = f.qualifier;
    if (computed.bounded || (strcmp(q, "=") && strcmp(q, "\xE2\x89\x88")))
        return 0;
    stated_text(&st, &f);
    finding(c, "error", "derived.qualifier", ptr, st.ptr, NULL,
            "%s is stated as %s but %s only bound%s it: it can only be "
            "stated as a bound too",
            fact, q, inputs, strchr(inputs, ',') ? "" : "s");
    pp_buf_dispose(&st);
    return 1;
}

/* ------------------------------------------------------------------ */
/* Rules                                                              */
/* ------------------------------------------------------------------ */

static void check_compute(ctx_t *c)
{
    const char *ptr = "/facts/compute.training";
    pp_fact_num f, n;
    pp_range stated, act, tot, tok, want, want_total;
    const char *b;
    pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT;

    if (!pp_fact_number(c->doc, "compute.training", &f))
        return;
    stated = pp_fact_range(c->doc, "compute.training");
    tot = pp_fact_range(c->doc, "params.total");
    tok = pp_fact_range(c->doc, "training.tokens");
    b = f.basis ? f.basis : "active";
    stated_text(&st, &f);
    if (!tok.have || !pp_fact_compute_params(c->doc, &n)) {
        finding(c, "warning", "compute.inputs-missing", ptr, st.ptr, NULL,
                "cannot recompute the compute: training.tokens and "
                "params.active (or params.total of a dense model) are "
                "needed");
        goto done;
    }
    act = pp_range_of(n.value, n.sig, n.qualifier);
    want = pp_range_mul(act, tok, 6);
    want_total = pp_range_mul(tot, tok, 6);
    if (pp_fact_is_moe(c->doc) &&
        (!strcmp(b, "total") ||
         (!pp_range_meet(stated, want) && want_total.have &&
          pp_range_meet(stated, want_total)))) {
        range_text(&ex, want);
        finding(c, "error", "compute.moe-total", ptr, st.ptr, ex.ptr,
                "the compute of a mixture-of-experts model is built on total "
                "parameters: 6*N*D takes the active parameters (6*N_active*D "
                "= %s FLOP)",
                ex.ptr);
        goto done;
    }
    if (bound_as_exact(c, "compute.training", ptr, want,
                       "params.active or training.tokens"))
        goto done;
    if (!pp_range_meet(stated, want)) {
        range_text(&ex, want);
        finding(c, "error", "compute.mismatch", ptr, st.ptr, ex.ptr,
                "stated compute does not follow from 6*N*D with the "
                "passport's parameters and tokens (expected %s FLOP)",
                ex.ptr);
    }
done:
    pp_buf_dispose(&st);
    pp_buf_dispose(&ex);
}

static void check_tpp(ctx_t *c)
{
    const char *ptr = "/facts/training.tokens_per_param";
    pp_fact_num f;
    pp_range stated, n, d, want;
    pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT;

    if (!pp_fact_number(c->doc, "training.tokens_per_param", &f))
        return;
    stated = pp_fact_range(c->doc, "training.tokens_per_param");
    n = pp_fact_range(c->doc, f.basis && !strcmp(f.basis, "active")
                                  ? "params.active"
                                  : "params.total");
    d = pp_fact_range(c->doc, "training.tokens");
    stated_text(&st, &f);
    if (!n.have || !d.have) {
        finding(c, "warning", "tpp.inputs-missing", ptr, st.ptr, NULL,
                "cannot recompute tokens per parameter: training.tokens and "
                "the parameters of its basis are needed");
        goto done;
    }
    want = pp_range_div(d, n);
    if (bound_as_exact(c, "training.tokens_per_param", ptr, want,
                       "training.tokens or the parameters"))
        goto done;
    if (!pp_range_meet(stated, want)) {
        range_text(&ex, want);
        finding(c, "error", "tpp.mismatch", ptr, st.ptr, ex.ptr,
                "stated tokens per parameter do not follow from D/N (%s)",
                ex.ptr);
    }
done:
    pp_buf_dispose(&st);
    pp_buf_dispose(&ex);
}

static void check_memory(ctx_t *c)
{
    const char *ptr = "/facts/memory.training_state";
    pp_fact_num f;
    pp_range stated, n, bpp, want, as_gib;
    pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT;

    if (!pp_fact_number(c->doc, "memory.training_state", &f))
        return;
    stated = pp_fact_range(c->doc, "memory.training_state");
    n = pp_fact_range(c->doc, "params.total");
    bpp = pp_fact_range(c->doc, "memory.bytes_per_param");
    stated_text(&st, &f);
    if (!n.have || !bpp.have) {
        finding(c, "warning", "memory.inputs-missing", ptr, st.ptr, NULL,
                "cannot recompute the memory: params.total and "
                "memory.bytes_per_param are needed");
        goto done;
    }
    want =
        (pp_range){n.lo * bpp.lo, n.hi * bpp.hi, n.bounded && bpp.bounded, 1};
    if (pp_range_meet(stated, want))
        goto done;
    /* The same number of GiB written as GB: value = bytes / 2^30 * 1e9. */
    as_gib = (pp_range){want.lo / 1073741824.0 * 1e9,
                        want.hi / 1073741824.0 * 1e9, want.bounded, 1};
    range_text(&ex, want);
    if (pp_range_meet(stated, as_gib))
        finding(c, "error", "memory.gib-as-gb", ptr, st.ptr, ex.ptr,
                "the figure is the state's size in GiB (2^30 bytes) labelled "
                "GB (1e9 bytes): %s bytes is %.2f GB = %.2f GiB",
                ex.ptr, (want.lo + want.hi) / 2e9,
                (want.lo + want.hi) / 2 / 1073741824.0);
    else
        finding(c, "error", "memory.mismatch", ptr, st.ptr, ex.ptr,
                "stated memory does not follow from params.total x "
                "memory.bytes_per_param (%s bytes)",
                ex.ptr);
done:
    pp_buf_dispose(&st);
    pp_buf_dispose(&ex);
}

static void check_dense(ctx_t *c)
{
    const char *t = pp_fact_text(c->doc, "architecture.type");
    pp_range a = pp_fact_range(c->doc, "params.active");
    pp_range n = pp_fact_range(c->doc, "params.total");
    if (t && !strcmp(t, "dense") && a.have && n.have && !pp_range_meet(a, n))
        finding(c, "warning", "consistency.dense-active",
                "/facts/params.active", NULL, NULL,
                "a dense model's active parameters equal its total, but the "
                "two differ");
}

static void check_spikes(ctx_t *c)
{
    const cJSON *events =
                    pp_json_get(pp_json_get(c->doc, "stability"), "events"),
                *e;
    pp_range r = pp_fact_range(c->doc, "stability.loss_spikes");
    int i = 0;
    if (!r.have)
        return;
    cJSON_ArrayForEach(e, events)
    {
        const char *kind = pp_json_get(e, "kind")->valuestring;
        char ptr[64];
        snprintf(ptr, sizeof(ptr), "/stability/events/%d", i++);
        if (r.hi == 0 && r.bounded &&
            (!strcmp(kind, "loss-spike") || !strcmp(kind, "divergence")))
            finding(c, "error", "consistency.spikes", ptr, NULL, NULL,
                    "a %s event is recorded, but stability.loss_spikes says "
                    "none were observed",
                    kind);
        if (r.lo > 0 && !strcmp(kind, "none-observed"))
            finding(c, "error", "consistency.spikes", ptr, NULL, NULL,
                    "a 'none observed' event contradicts "
                    "stability.loss_spikes > 0");
    }
}

/* Plausible ranges per fact, to catch unit slips (a parameter count a
 * thousand times too small). */
static const struct {
    const char *fact;
    double lo, hi;
} plausible[] = {
    {"params.total", 1e8, 1e14},
    {"params.active", 1e7, 1e14},
    {"training.tokens", 1e9, 1e15},
    {"context.length", 256, 1e9},
    {"hardware.throughput_per_device", 1e11, 1e16},
    {"training.tokens_per_param", 0.01, 1e6},
    {"memory.bytes_per_param", 0.25, 64},
    {"compute.gpu_hours", 1, 1e10},
    {"compute.gpu_hours_pretraining", 1, 1e10},
};

static void check_units(ctx_t *c)
{
    for (size_t i = 0; i < sizeof(plausible) / sizeof(plausible[0]); i++) {
        pp_fact_num v;
        char ptr[96];
        pp_buf st = PP_BUF_INIT, ex = PP_BUF_INIT;
        if (!pp_fact_number(c->doc, plausible[i].fact, &v) ||
            (v.value >= plausible[i].lo && v.value <= plausible[i].hi))
            continue;
        snprintf(ptr, sizeof(ptr), "/facts/%s/value", plausible[i].fact);
        num_text(&st, v.value);
        num_text(&ex, plausible[i].lo);
        pp_buf_puts(&ex, " .. ");
        num_text(&ex, plausible[i].hi);
        finding(c, "warning", "units.implausible", ptr, st.ptr, ex.ptr,
                "%s = %s is outside the plausible range %s: a unit slip "
                "(B for T, K for M)?",
                plausible[i].fact, st.ptr, ex.ptr);
        pp_buf_dispose(&st);
        pp_buf_dispose(&ex);
    }
}

/* Dates as comparable strings: "2026", "2026-07" and "2026-07-27" compare
 * correctly on their common prefix. */
static int date_before(const char *a, const char *b)
{
    size_t n = strlen(a) < strlen(b) ? strlen(a) : strlen(b);
    return strncmp(a, b, n) < 0;
}

static void check_dates(ctx_t *c)
{
    const cJSON *dates = pp_json_get(c->doc, "dates");
    const cJSON *report = pp_json_get(dates, "report"),
                *eval = pp_json_get(dates, "evaluated");
    const cJSON *asof = pp_json_get(dates, "as_of"), *d;

    if (cJSON_IsString(report) && cJSON_IsString(eval) &&
        date_before(eval->valuestring, report->valuestring))
        finding(c, "error", "dates.order", "/dates/evaluated",
                eval->valuestring, NULL,
                "an evaluation dated %s precedes the report it evaluates (%s)",
                eval->valuestring, report->valuestring);
    if (!cJSON_IsString(asof))
        return;
    cJSON_ArrayForEach(d, dates)
    {
        char ptr[64];
        snprintf(ptr, sizeof(ptr), "/dates/%s", d->string);
        if (strcmp(d->string, "as_of") &&
            date_before(asof->valuestring, d->valuestring))
            finding(c, "error", "dates.order", ptr, d->valuestring, NULL,
                    "%s %s is later than the passport's as-of date %s",
                    d->string, d->valuestring, asof->valuestring);
    }
    /* Sources may be later than as_of: a course edition of October can
     * describe what was public on the 11th. */
}

/* The catalogue's claim rules over the claims' texts. */
static void check_catalogue(ctx_t *c, const pp_rules *rules)
{
    const cJSON *cl;
    int i = 0;
    if (!rules)
        return;
    cJSON_ArrayForEach(cl, pp_json_get(c->doc, "claims"))
    {
        const char *text = pp_json_get(cl, "text")->valuestring;
        pp_rule_hit hits[16];
        size_t n = 0;
        char ptr[64];
        snprintf(ptr, sizeof(ptr), "/claims/%d/text", i++);
        pp_rules_scan(rules, text, strlen(text), "claims",
                      pp_json_get(cl, "level")->valuestring, hits, 16, &n);
        for (size_t k = 0; k < n; k++) {
            pp_buf m = PP_BUF_INIT;
            pp_buf_put(&m, text + hits[k].start, hits[k].end - hits[k].start);
            finding(c, hits[k].severity, hits[k].id, ptr, m.ptr, NULL,
                    "%s ('%s'; %s)", hits[k].message, m.ptr, hits[k].section);
            pp_buf_dispose(&m);
        }
    }
}

int pp_verify_passport(const cJSON *doc, const pp_rules *rules, cJSON *findings)
{
    ctx_t c;
    c.doc = doc;
    c.id = pp_json_str(doc, "id", "");
    c.out = findings;
    c.errors = 0;
    check_compute(&c);
    check_tpp(&c);
    check_memory(&c);
    check_dense(&c);
    check_spikes(&c);
    check_units(&c);
    pp_verify_reported(&c);
    pp_verify_run_scale(&c);
    check_dates(&c);
    c.errors += pp_verify_roles(doc, findings);
    check_catalogue(&c, rules);
    return c.errors;
}

int pp_verify_invalid(const char *name, const pp_diags *d, size_t first,
                      size_t count, const char *message, cJSON *findings)
{
    ctx_t c = {NULL, name, findings, 0};
    if (count == 0)
        finding(&c, "error", "schema", "", NULL, NULL, "%s", message);
    for (size_t i = first; i < first + count && i < d->count; i++)
        finding(&c, "error", "schema", d->items[i].pointer, NULL, NULL, "%s",
                d->items[i].message);
    return c.errors;
}

int pp_verify_count(const cJSON *findings, const char *severity)
{
    const cJSON *f;
    int n = 0;
    cJSON_ArrayForEach(f, findings)
    {
        if (!strcmp(pp_json_str(f, "severity", ""), severity))
            n++;
    }
    return n;
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

int pp_verify_report(pp_buf *out, const cJSON *findings, int passports,
                     int json)
{
    int errors = pp_verify_count(findings, "error");
    int warnings = pp_verify_count(findings, "warning");
    int notes = pp_verify_count(findings, "note");
    const cJSON *f;
    if (json) {
        cJSON *root = cJSON_CreateObject(), *sum;
        int rc;
        cJSON_AddItemReferenceToObject(root, "findings", (cJSON *)findings);
        sum = cJSON_AddObjectToObject(root, "summary");
        cJSON_AddNumberToObject(sum, "passports", passports);
        cJSON_AddNumberToObject(sum, "errors", errors);
        cJSON_AddNumberToObject(sum, "warnings", warnings);
        cJSON_AddNumberToObject(sum, "notes", notes);
        rc = pp_json_write_canonical(out, root, NULL);
        cJSON_Delete(root);
        return rc;
    }
    cJSON_ArrayForEach(f, findings)
    {
        const char *st = pp_json_str(f, "stated", NULL);
        const char *ex = pp_json_str(f, "expected", NULL);
        pp_buf_printf(out, "%s:%s: %s: %s [%s]\n",
                      pp_json_str(f, "passport", ""),
                      pp_json_str(f, "pointer", ""),
                      pp_json_str(f, "severity", ""),
                      pp_json_str(f, "message", ""),
                      pp_json_str(f, "rule", ""));
        if (st)
            pp_buf_printf(out, "    stated:   %s\n", st);
        if (ex)
            pp_buf_printf(out, "    expected: %s\n", ex);
    }
    return pp_buf_printf(out,
                         "%d passport%s verified: %d error%s, %d "
                         "warning%s, %d note%s\n",
                         passports, plural(passports), errors, plural(errors),
                         warnings, plural(warnings), notes, plural(notes));
}
