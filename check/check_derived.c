/*
 * check_derived.c - the claim checker: derived quantities recomputed,
 * never looked up -- the fitted law, D/N, 6ND, bubble, the figures of a
 * named run from its passport -- and the inputs a worked example carries
 * from sentence to sentence (see check_impl.h).
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Derived quantities: recomputed, never looked up                    */
/* ------------------------------------------------------------------ */

/* A count of tokens -- "38 tokens per parameter" is a ratio (is_ratio),
 * not a count. */
static int is_tokens(const struct sent *s, const pp_number *n)
{
    return (n->unit == PP_UNIT_TOKENS && (n->magnitude || n->value >= 1e6)) ||
           (n->magnitude && n->unit == PP_UNIT_NONE && !ck_is_params(s, n) &&
            n->value >= 1e9 &&
            (near(s, n->end, n->end + 30, "token") ||
             near(s, n->end, n->end + 30, "токен") ||
             near(s, back(n->start, 5), n->start, "d")));
}

static int is_flop(const struct sent *s, const pp_number *n)
{
    return n->unit == PP_UNIT_FLOP ||
           (n->value >= 1e18 && near(s, back(n->start, 6), n->start, "c"));
}

static int is_percent(const struct sent *s, const pp_number *n)
{
    (void)s;
    return n->unit == PP_UNIT_PERCENT;
}

/* A ratio such as tokens per parameter: "286", "286 tokens" (a count
 * with no magnitude; "2T tokens" is not one). */
static int is_ratio(const struct sent *s, const pp_number *n)
{
    (void)s;
    return (n->unit == PP_UNIT_TOKENS || n->unit == PP_UNIT_NONE) &&
           !n->magnitude && !n->rate && n->value >= 1 && n->value < 1e6;
}

/* A passport whose total parameters the figure names (the run a derived
 * figure is about, e.g. 8.03B -> its token count). */
static const cJSON *doc_by_params(const struct sent *s, const pp_number *n)
{
    pp_range r = num_range(n);
    for (size_t i = 0; i < s->c->ndocs; i++) {
        pp_fact_num v;
        if (pp_fact_number(s->c->docs[i], "params.total", &v) &&
            pp_range_meet(r, pp_range_of(v.value, v.sig, "=")))
            return s->c->docs[i];
    }
    return NULL;
}

static double doc_tokens(const cJSON *doc)
{
    pp_fact_num v;
    return pp_fact_number(doc, "training.tokens", &v) ? v.value : NAN;
}

/* The budget figure a sentence of optima gives figure `i`: the next one
 * when "at"/"при" leads to it with no other figure between, else the
 * nearest one before, else the first. */
static long budget_for(const struct sent *s, size_t i)
{
    long before = -1;
    for (size_t k = 0; k < s->nnum; k++) {
        if (!is_flop(s, &s->num[k]))
            continue;
        if (s->num[k].start >= s->num[i].end) {
            int between = 0;
            for (size_t m = i + 1; m < k; m++)
                between |= !is_flop(s, &s->num[m]) && s->num[m].magnitude;
            if (!between &&
                lex_near(s, s->num[i].end, s->num[k].start, CK_LEX_AT))
                return (long)k;
            return before >= 0 ? before : (long)k;
        }
        before = (long)k;
    }
    return before;
}

/* "about 14.3T tokens at C=10^{25} and about 50.4T at C=10^{26}": each
 * N*, D* against the fitted law's optimum at its own budget; a bare
 * figure after a tokens (parameters) one is of the same kind. */
/* "Llama 3 自己的缩放律拟合给出 ... 的算力最优点是 4020 亿参数": an optimum
 * of a run's own fit -- the sentence says so (the lexicon's own-fit: "own
 * scaling law", "自己的") and names a run other than Chinchilla (or a
 * model the registry lacks), not Chinchilla, whose law the fitted law is.
 * "At Llama 3 8B's budget the law's optimum is ..." is the fitted law's. */
static int another_fit(const struct sent *s)
{
    int chinchilla = near(s, 0, s->len, "hoffmann");
    int other = ck_foreign_between(s, 0, s->len);
    for (size_t k = 0; k < s->nent; k++) {
        int has = 0;
        for (size_t d = 0; d < s->c->ndocs && d < 64; d++)
            if (s->ent[k].set >> d & 1 &&
                !strcmp(ck_doc_id(s->c->docs[d]), "chinchilla"))
                has = 1;
        chinchilla |= has;
        other |= !has;
    }
    return other && !chinchilla && lex_near(s, 0, s->len, CK_LEX_OWN_FIT);
}

static void optimum_figures(struct sent *s)
{
    pp_law law = pp_law_default();
    int kind = 0, own = another_fit(s);
    int fit_named = lex_near(s, 0, s->len, CK_LEX_FIT_NAMED);
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        pp_optimum o;
        long b;
        int k;
        if (s->used[i] || is_flop(s, n))
            continue;
        k = ck_is_params(s, n)                                  ? 'p'
            : is_tokens(s, n)                                   ? 't'
            : (kind && n->magnitude && n->unit == PP_UNIT_NONE) ? kind
                                                                : 0;
        if (!k || (b = budget_for(s, i)) < 0)
            continue;
        kind = k;
        s->used[b] = 1;
        if (own) {
            s->used[i] = 1;
            ck_emit(s, n->start, n->end - n->start, NULL,
                    k == 'p' ? "derived.optimum_params"
                             : "derived.optimum_tokens",
                    cJSON_CreateNumber(n->value), NULL, "unverifiable",
                    "%.*s is an optimum of a fit the sentence gives to another "
                    "run or model, not the fitted law of Chinchilla",
                    (int)(n->end - n->start), s->text + n->start);
        } else if (pp_calc_optimum(&law, s->num[b].value, &o) == 0) {
            int before = cJSON_GetArraySize(s->out);
            ck_check_derived(s, i,
                             k == 'p' ? "derived.optimum_params"
                                      : "derived.optimum_tokens",
                             k == 'p' ? o.params : o.tokens,
                             k == 'p' ? "the fitted law's N*"
                                      : "the fitted law's D*");
            /* "the Chinchilla-optimal model at 5.76e23 FLOPs has about
             * 70B": an optimum the sentence does not say is the fitted
             * law's may be another fit's, or a rule such as D = 20N
             * (lecture §4) -- the law's is shown, nothing contradicted */
            if (cJSON_GetArraySize(s->out) > before && !fit_named) {
                cJSON *c = ck_last_claim(s);
                if (!strcmp(pp_json_str(c, "verdict", ""), "contradicted"))
                    ck_soften(c, "unverifiable",
                              "%s; the sentence does not say its optimum is "
                              "the fitted law's, and another fit or a rule "
                              "such as D = 20N puts it elsewhere",
                              pp_json_str(c, "message", ""));
            }
        }
        pp_error_clear();
    }
}

/* "optimal training requires ~20 tokens per parameter (3.5 × 10¹² tokens
 * for 175B parameters, ~4.2 × 10²³ FLOPs)": the sentence's optimum is
 * a ratio of tokens to parameters it states, not the fitted law's, whose
 * N* and D* at that budget differ. */
static int ratio_rule(const struct sent *s)
{
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (!n->magnitude && n->value >= 1 && n->value < 100 &&
            lex_near(s, n->start, ck_window_end(s, n->end, 24), CK_LEX_TPP))
            return 1;
    }
    return 0;
}

/* Does the sentence speak of an optimum: a word of the lexicon's optimum
 * that is not the name of a run it names ("Chinchilla's compute was about
 * 5.9e23 FLOPs (6 x 70B x 1.4T)" is the run's; "Chinchilla-optimal" and
 * "the Chinchilla law" are not names alone)? */
static int optimum_said(const struct sent *s)
{
    size_t from = 0, a, b;
    while (ck_lex_find(s, from, s->len, CK_LEX_OPTIMUM, &a, &b)) {
        int name = 0;
        for (size_t k = 0; k < s->nent && !name; k++)
            name = s->ent[k].start <= a && b <= s->ent[k].end;
        if (!name || lex_near(s, b, b + 12, CK_LEX_LAW))
            return 1;
        from = a + 1;
    }
    return 0;
}

void ck_derived_law(struct sent *s)
{
    pp_law law = pp_law_default();
    size_t p[4], t[4], c[2];
    size_t np = ck_pick(s, ck_is_params, p, 4),
           nt = ck_pick(s, is_tokens, t, 4);
    size_t nc = ck_pick(s, is_flop, c, 2);
    ck_bind(s, "fitted-law");

    if (lex_near(s, 0, s->len, CK_LEX_BREAKEVEN) && np >= 2) {
        const pp_number *a = &s->num[p[0]], *b = &s->num[p[1]];
        const cJSON *doc = doc_by_params(s, a);
        double d = nt >= 2 ? s->num[t[0]].value : doc ? doc_tokens(doc) : NAN;
        pp_breakeven be;
        s->used[p[0]] = s->used[p[1]] = 1;
        if (nt >= 2)
            s->used[t[0]] = 1;
        if (isfinite(d) && nt >= 1 &&
            pp_calc_breakeven(&law, a->value, d, b->value, &be) == 0 &&
            be.has_breakeven)
            ck_check_derived(s, t[nt - 1], "derived.breakeven_tokens",
                             be.breakeven_tokens, "the break-even point");
        pp_error_clear();
        return;
    }
    if (lex_near(s, 0, s->len, CK_LEX_SAME) && near(s, 0, s->len, "loss") &&
        np >= 2 && nt >= 1 &&
        /* "16B/3B 激活 ... 相同 loss 约需 AdamW 52% 的 FLOPs": one model's
         * total and active, and an optimizer's comparison -- no two
         * models of equal loss */
        !(s->num[p[1]].start == s->num[p[0]].end + 1 &&
          s->text[s->num[p[0]].end] == '/') &&
        !near(s, 0, s->len, "adam") && !near(s, 0, s->len, "muon")) {
        const pp_number *a = &s->num[p[0]], *b = &s->num[p[1]];
        double d = nt >= 2 ? s->num[t[0]].value : NAN;
        const cJSON *doc = doc_by_params(s, a);
        pp_same_loss sl;
        if (nt < 2 && doc)
            d = doc_tokens(doc);
        s->used[p[0]] = s->used[p[1]] = 1;
        if (nt >= 2)
            s->used[t[0]] = 1;
        if (isfinite(d) &&
            pp_calc_same_loss(&law, a->value, d, b->value, &sl) == 0)
            ck_check_derived(s, t[nt - 1], "derived.same_loss_tokens",
                             sl.other_tokens, "the equal-loss token count");
        pp_error_clear();
        return;
    }
    if (nc >= 1 && optimum_said(s) && !ratio_rule(s)) {
        optimum_figures(s);
        return;
    }
    if (nt >= 1 && lex_near(s, 0, s->len, CK_LEX_TPP)) {
        size_t r[2];
        size_t nr = ck_pick(s, is_ratio, r, 2);
        const struct entity *pe = np ? ck_figure_entity(s, p[0]) : NULL,
                            *te = ck_figure_entity(s, t[0]);
        /* "Chinchilla 的 1.4 万亿 token（Gopher 仅 3000 亿）": the count
         * and the tokens of two runs are no one model's D / N */
        if (pe && te && pe != te)
            return;
        if (np >= 1 && nr >= 1) {
            double v;
            if (pp_calc_tpp(s->num[p[0]].value, s->num[t[0]].value, &v) == 0) {
                /* two ratios ("38 tokens per parameter ... about 120
                 * tokens per active parameter"): the one D / N gives, if
                 * either; else which one it is, the sentence does not say */
                size_t k = r[0];
                if (nr >= 2 && fabs(log(s->num[r[1]].value / v)) <
                                   fabs(log(s->num[r[0]].value / v)))
                    k = r[1];
                if (nr == 1 || fabs(s->num[k].value - v) <= 0.05 * v)
                    ck_check_derived(s, k, "derived.tokens_per_param", v,
                                     "D / N");
            }
            s->used[p[0]] = s->used[t[0]] = 1;
        }
        pp_error_clear();
        return;
    }
    if (np >= 1 && nt >= 1 && nc >= 1 &&
        lex_near(s, 0, s->len, CK_LEX_SIX_ND)) {
        double v;
        if (pp_calc_flops(s->num[p[0]].value, s->num[t[0]].value, 6, &v) == 0) {
            const pp_number *f = &s->num[c[0]];
            s->used[p[0]] = s->used[t[0]] = 1;
            if (!lex_near(s, 0, s->len, CK_LEX_SIX_ND_WRITTEN) &&
                !pp_range_meet(num_range(f),
                               (pp_range){v * 0.99, v * 1.01, 1, 1}) &&
                pp_range_meet(num_range(f),
                              (pp_range){v * 0.9, v * 1.1, 1, 1})) {
                /* "3.8e25 FLOP ... 405B parameters on 16.55T tokens": no
                 * 6ND written, and a count of FLOP a few percent off 6ND
                 * (attention, another token count) is no error */
                pp_buf e = PP_BUF_INIT;
                s->used[c[0]] = 1;
                pp_num_human(&e, v, 3);
                ck_emit(s, f->start, f->end - f->start, NULL,
                        "derived.training_flops", cJSON_CreateNumber(f->value),
                        cJSON_CreateNumber(v), "unverifiable",
                        "6 N D of the sentence's figures is %s; %.*s is within "
                        "10%% of it, and the sentence does not say it is 6 N D",
                        e.ptr, (int)(f->end - f->start), s->text + f->start);
                pp_buf_dispose(&e);
            } else {
                ck_check_derived(s, c[0], "derived.training_flops", v, "6 N D");
            }
        }
        pp_error_clear();
    }
}

/* ------------------------------------------------------------------ */
/* Derived figures of a named run: recomputed from its passport        */
/* ------------------------------------------------------------------ */

/* "per (active) parameter", "на (активный) параметр", "每(个激活)参数"
 * within [from, to): 1 when found; *basis is 'a' (active), 't' (total)
 * or 0 (not said). */
static int per_param(const struct sent *s, size_t from, size_t to, int *basis)
{
    for (const char *const *p = LEX(PER); *p; p++) {
        const char *at;
        size_t a, b;
        if (to > s->len)
            to = s->len;
        if (from >= to)
            return 0;
        at = memmem(s->low.ptr + from, to - from, *p, strlen(*p));
        if (!at)
            continue;
        a = (size_t)(at - s->low.ptr) + strlen(*p);
        b = a + 40 < s->len ? a + 40 : s->len;
        /* "6 of its 160 routed experts per token, has 236B parameters":
         * the word for parameters is past the next figure, not this one's */
        if (to > a && to < b)
            b = to;
        for (const char *const *q = LEX(PARAM_STEM); *q; q++) {
            const char *m = memmem(s->low.ptr + a, b - a, *q, strlen(*q));
            if (m) {
                size_t e = (size_t)(m - s->low.ptr);
                *basis = lex_near(s, a, e, CK_LEX_ACTIVE)  ? 'a'
                         : lex_near(s, a, e, CK_LEX_TOTAL) ? 't'
                                                           : 0;
                return 1;
            }
        }
    }
    return 0;
}

/* Does a figure end between the last "每" in [from, start of figure i)
 * and figure i ("每參數約 20 個 token（1.4": the 每 is 20's)? */
static int number_after_per(const struct sent *s, size_t i, size_t from)
{
    const char *p = NULL, *q;
    size_t at;
    for (q = s->low.ptr + from;
         (q = memmem(q, s->num[i].start - (size_t)(q - s->low.ptr), "每", 3)) !=
         NULL;
         q += 3)
        p = q;
    if (!p || i == 0)
        return 0;
    at = (size_t)(p - s->low.ptr);
    return s->num[i - 1].end > at;
}

/* The claim of a figure recomputed from passport `doc`: `want` is the
 * range its inputs allow; `alt` (have = 0 if none) a second reading the
 * figure may take ("tokens per parameter" of an MoE: active or total). */
static void passport_derived(struct sent *s, const pp_number *n,
                             const cJSON *doc, const char *attr,
                             const char *how, pp_range want,
                             const char *alt_how, pp_range alt,
                             const char *wrong)
{
    const char *who = ck_doc_id(doc);
    pp_range claim = num_range(n);
    int ok = pp_range_meet(claim, want),
        ok_alt = !ok && alt.have && pp_range_meet(claim, alt);
    /* the reading the figure agrees with, else the right one */
    pp_range shown = ok_alt ? alt : want;
    const char *shown_how = ok_alt ? alt_how : how;
    double mid = isinf(shown.hi) ? shown.lo : (shown.lo + shown.hi) / 2;
    int written = (int)(n->end - n->start);
    pp_buf e = PP_BUF_INIT;
    pp_num_human(&e, shown.lo, 3); /* "473..478", "9.31e24 or more" */
    if (isinf(shown.hi)) {
        pp_buf_puts(&e, " or more");
    } else if (shown.hi > shown.lo * 1.0005) {
        pp_buf_puts(&e, "..");
        pp_num_human(&e, shown.hi, 3);
    }
    if (ok_alt && wrong)
        ck_emit(s, n->start, (size_t)written, who, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
                "contradicted", "%s: %.*s is %s (%s); %s", who, written,
                s->text + n->start, alt_how, e.ptr, wrong);
    else if ((ok || ok_alt) && !shown.bounded &&
             (!strcmp(n->qualifier, "=") ||
              !strcmp(n->qualifier, "\xE2\x89\x88")))
        /* inputs recorded only as bounds give a bound: the value is
         * consistent with it, and neither confirmed nor refuted */
        ck_emit(s, n->start, (size_t)written, who, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
                "unverifiable",
                "%s: %s recomputes only to %s, from inputs the passport "
                "records as bounds; %.*s is consistent with that",
                who, shown_how, e.ptr, written, s->text + n->start);
    else if (ok || ok_alt)
        ck_emit(s, n->start, (size_t)written, who, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
                "confirmed", "%s: %s recomputes to %s", who, shown_how, e.ptr);
    else
        ck_emit(s, n->start, (size_t)written, who, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
                "contradicted", "%s: %s recomputes to %s, not %.*s", who, how,
                e.ptr, written, s->text + n->start);
    cJSON_ReplaceItemInObjectCaseSensitive(ck_last_claim(s), "source",
                                           cJSON_CreateString("recomputed"));
    pp_buf_dispose(&e);
}

/* The first passport of entity set `set` that has `a` and `b` facts. */
static const cJSON *doc_with(const struct sent *s, unsigned long long set,
                             const char *a, const char *b)
{
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++)
        if ((set >> i & 1) && pp_fact_range(s->c->docs[i], a).have &&
            pp_fact_range(s->c->docs[i], b).have)
            return s->c->docs[i];
    return NULL;
}

/* A derived figure of a run whose passport lacks an input: undisclosed
 * when a report is on record as not giving it, else unverifiable. */
static void undisclosed_input(struct sent *s, const pp_number *n,
                              unsigned long long set, const char *attr)
{
    static const char *const inputs[] = {"training.tokens", "params.total"};
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        const cJSON *doc = s->c->docs[i];
        if (!(set >> i & 1))
            continue;
        for (size_t k = 0; k < 2; k++) {
            if (pp_fact_status(doc, inputs[k]) != PP_FACT_UNDISCLOSED)
                continue;
            ck_emit(s, n->start, n->end - n->start, ck_doc_id(doc), attr,
                    cJSON_CreateNumber(n->value), NULL, "undisclosed",
                    "%s does not disclose %s, so %.*s cannot come from its "
                    "reports",
                    ck_doc_id(doc), inputs[k], (int)(n->end - n->start),
                    s->text + n->start);
            ck_set_evidence(ck_last_claim(s), pp_fact_get(doc, inputs[k]));
            return;
        }
    }
    ck_emit(s, n->start, n->end - n->start, NULL, attr,
            cJSON_CreateNumber(n->value), NULL, "unverifiable",
            "the passport does not record the tokens and parameters to "
            "recompute %.*s from",
            (int)(n->end - n->start), s->text + n->start);
}

/* D/N of passport `doc` on the parameters the phrase names (`basis`
 * 'a', 't' or 0): for a mixture of experts that names neither, either. */
static void passport_tpp(struct sent *s, const pp_number *n, const cJSON *doc,
                         const char *attr, int basis)
{
    pp_range tok = pp_fact_range(doc, "training.tokens");
    pp_range act = pp_fact_range(doc, "params.active");
    pp_range tot = pp_fact_range(doc, "params.total");
    pp_range none = {0, 0, 0, 0};
    if (basis == 'a' && act.have)
        passport_derived(s, n, doc, attr, "D / N with active parameters",
                         pp_range_div(tok, act), NULL, none, NULL);
    else if (basis == 't' || !act.have)
        passport_derived(s, n, doc, attr, "D / N with total parameters",
                         pp_range_div(tok, tot), NULL, none, NULL);
    else /* an MoE, the phrase names neither: either */
        passport_derived(s, n, doc, attr, "D / N with total parameters",
                         pp_range_div(tok, tot), "D / N with active parameters",
                         pp_range_div(tok, act), NULL);
}

void ck_check_run_tpp(struct sent *s, size_t i, unsigned long long set)
{
    const pp_number *n = &s->num[i];
    const cJSON *doc = doc_with(s, set, "training.tokens", "params.total");
    if (!doc)
        undisclosed_input(s, n, set, "derived.tokens_per_param");
    else
        passport_tpp(s, n, doc, "derived.tokens_per_param", 0);
}

/* 6*N*D of passport `doc` (of entity set `set`), N by the one rule of
 * schema/fact.h; a figure that is 6*N*D on a mixture of experts' total
 * parameters is that known misreading, and said so. */
static void passport_compute(struct sent *s, const pp_number *n,
                             const cJSON *doc, unsigned long long set,
                             const char *attr)
{
    pp_range tok = pp_fact_range(doc, "training.tokens");
    pp_range tot = pp_fact_range(doc, "params.total"), act;
    pp_fact_num N;
    if (pp_fact_compute_params(doc, &N) == PP_BASIS_NONE) {
        undisclosed_input(s, n, set, attr);
        return;
    }
    act = pp_range_of(N.value, N.sig, N.qualifier);
    passport_derived(
        s, n, doc, attr,
        act.hi < tot.lo ? "6 N D with active parameters" : "6 N D",
        pp_range_mul(act, tok, 6), "6 N D with total parameters",
        act.hi < tot.lo ? pp_range_mul(tot, tok, 6) : (pp_range){0, 0, 0, 0},
        "the compute of a mixture-of-experts model takes its active "
        "parameters");
}

/* "Kimi K2 saw about 475 tokens per active parameter", "DeepSeek-V3's
 * training compute is about 3.3e24 FLOP": a derived figure of a named run
 * whose inputs the sentence does not write, recomputed from the run's
 * passport -- D/N (passport_tpp) or 6*N*D (passport_compute). */
/* "Nemotron 3 Ultra: 6 × 55B × 20T = 6.6e24 FLOP, twice V3's estimate, at
 * about 364 tokens per active parameter": in a sentence that names other
 * runs too, the run nearest a derived figure need not be the one it was
 * derived for -- a contradiction from index `from` on is unverifiable. */
static void several_runs(struct sent *s, int from, const struct entity *e)
{
    int other = 0, n = cJSON_GetArraySize(s->out);
    for (size_t k = 0; k < s->nent; k++)
        other |= s->ent[k].set != e->set;
    if (!other)
        return;
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted"))
            continue;
        ck_soften(c, "unverifiable",
                  "the sentence names several runs and does not say which "
                  "one %s is derived for (read as %s's: %s)",
                  pp_json_str(c, "text", ""), pp_json_str(c, "entity", ""),
                  pp_json_str(c, "message", ""));
    }
}

void ck_derived_passport(struct sent *s)
{
    ck_bind(s, "recomputed-from-passport");
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        const struct entity *ent;
        const cJSON *doc;
        int basis = 0, tpp, flops;
        const char *attr;
        int before;
        if (s->used[i] || !(ent = ck_figure_entity(s, i)))
            continue;
        /* "16 bytes per parameter", "每参数 16 字节": bytes, not tokens;
         * "15.13 ... at 16 bytes per parameter": the "per" of the next
         * figure */
        size_t lim = i + 1 < s->nnum && s->num[i + 1].start < n->end + 48
                         ? s->num[i + 1].start
                         : n->end + 48;
        tpp = !n->magnitude && !n->rate && n->value >= 1 && n->value < 1e6 &&
              (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_TOKENS) &&
              !lex_near(s, n->end, ck_fwd_words(s, n->end, 1), CK_LEX_BYTES) &&
              (per_param(s, n->end, lim, &basis) ||
               (near(s, back(n->start, 30), n->start, "每") &&
                /* "每參數約 20 個 token（1.4 兆": 20 is the ratio, the
                 * figure after it no longer */
                !number_after_per(s, i, back(n->start, 30)) &&
                per_param(s, back(n->start, 30), n->start, &basis)));
        /* "FLOPs ... is approximately $6.3 \times 10^{23}$", "compute
         * ... was 3.1 x 10^23": a bare count that large is an amount of
         * compute, its unit written before it or not at all */
        flops =
            !tpp && n->value >= 1e18 &&
            (n->unit == PP_UNIT_FLOP ||
             (n->unit == PP_UNIT_NONE &&
              (near(s, 0, s->len, "flop") || near(s, 0, s->len, "compute")))) &&
            lex_near(s, 0, s->len, CK_LEX_COMPUTE);
        if (!tpp && !flops)
            continue;
        attr = tpp ? "derived.tokens_per_param" : "derived.training_flops";
        s->used[i] = 1;
        before = cJSON_GetArraySize(s->out);
        if (!(doc = doc_with(s, ent->set, "training.tokens", "params.total")))
            undisclosed_input(s, n, ent->set, attr);
        else if (tpp)
            passport_tpp(s, n, doc, attr, basis);
        else
            passport_compute(s, n, doc, ent->set, attr);
        several_runs(s, before, ent);
    }
}

/* "A 15T-token corpus with a 15% share of a 0.4T-token domain repeats it
 * about 5.6 times": effective epochs, tokens x share / unique tokens. */
void ck_derived_epochs(struct sent *s)
{
    size_t t[3], p[2];
    size_t nt, np;
    double T, U;
    pp_epochs ep, alt;
    ck_bind(s, "epochs-words");
    if (!lex_near(s, 0, s->len, CK_LEX_EPOCH))
        return;
    nt = ck_pick(s, is_tokens, t, 3);
    np = ck_pick(s, is_percent, p, 2);
    if (nt != 2 || np != 1)
        return;
    /* which of the two counts is the run's tokens and which the source's
     * unique tokens the words rarely say: the larger trained on a smaller
     * source repeats it (2 epochs), a smaller share of a larger source
     * does not finish it ("about 0.45 of an epoch") -- both readings, the
     * figure checked against the nearer */
    T = fmax(s->num[t[0]].value, s->num[t[1]].value);
    U = fmin(s->num[t[0]].value, s->num[t[1]].value);
    if (pp_calc_epochs(T, s->num[p[0]].value, U, &ep) != 0) {
        pp_error_clear();
        return;
    }
    if (pp_calc_epochs(U, s->num[p[0]].value, T, &alt) != 0) {
        pp_error_clear();
        alt.epochs = -1;
    }
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        double v = ep.epochs;
        if (s->used[i] || n->magnitude || i == p[0] || n->value <= 0 ||
            n->value >= 1e4 ||
            (n->unit != PP_UNIT_NONE && n->unit != PP_UNIT_TIMES) ||
            !lex_near(s, n->end, n->end + 12, CK_LEX_TIMES))
            continue;
        if (alt.epochs > 0 &&
            fabs(log(n->value / alt.epochs)) < fabs(log(n->value / v)))
            v = alt.epochs;
        s->used[t[0]] = s->used[t[1]] = s->used[p[0]] = 1;
        ck_check_derived(s, i, "derived.effective_epochs", v,
                         "effective epochs, tokens x share / unique tokens");
        return;
    }
}

void ck_derived_bubble(struct sent *s)
{
    size_t m, p, pc[2];
    double v;
    ck_bind(s, "bubble-words");
    if (!lex_near(s, 0, s->len, CK_LEX_BUBBLE))
        return;
    if (!ck_number_before(s, LEX(MICRO), &m))
        return;
    s->used[m] = 1;
    if (!ck_number_before(s, LEX(STAGE), &p)) {
        s->used[m] = 0;
        return;
    }
    s->used[p] = 1;
    if (ck_pick(s, is_percent, pc, 2) >= 1 &&
        pp_calc_bubble(s->num[p].value, s->num[m].value, &v) == 0)
        ck_check_derived(s, pc[0], "derived.bubble", v,
                         "the 1F1B bubble (p-1)/(m+p-1)");
    pp_error_clear();
}

/* ------------------------------------------------------------------ */
/* Context carried between sentences of a worked example              */
/* ------------------------------------------------------------------ */

/* The variable a figure is assigned to: "N=8.03\\cdot10^9" -> 'n',
 * "D^{*}=3.377\\text{T}" -> 'D' (a starred, optimal value), "C=6ND=7.2e23"
 * -> 'c'; 0 when it is not an assignment. */
static int assigned_var(const struct sent *s, const pp_number *n)
{
    const char *t = s->low.ptr;
    size_t i = n->start;
    int star = 0;
    while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '$' || t[i - 1] == '{'))
        i--;
    if (i == 0 || t[i - 1] != '=')
        return 0;
    i--;
    while (i > 0 && t[i - 1] == ' ')
        i--;
    if (i >= 3 && !memcmp(t + i - 3, "6nd", 3))
        return 'c';
    if (i >= 4 && !memcmp(t + i - 4, "^{*}", 4))
        star = 1, i -= 4;
    else if (i >= 2 && !memcmp(t + i - 2, "^*", 2))
        star = 1, i -= 2;
    else if (i >= 1 && t[i - 1] == '*')
        star = 1, i -= 1;
    if (i == 0 || !strchr(star ? "nd" : "ndcpm", t[i - 1]) ||
        (i >= 2 && isalnum((unsigned char)t[i - 2])))
        return 0;
    return star ? toupper((unsigned char)t[i - 1]) : t[i - 1];
}

/* "the level of the 8.03B/15T scenario": a model size and its tokens
 * written as a pair, for a target loss "L_t" that may follow. */
static void scenario_pair(struct sent *s)
{
    for (size_t i = 0; i + 1 < s->nnum; i++) {
        const pp_number *a = &s->num[i], *b = &s->num[i + 1];
        if (a->magnitude && b->magnitude && b->start == a->end + 1 &&
            s->text[a->end] == '/' && a->value >= 1e6 && a->value < 1e13 &&
            b->value >= 1e9 && b->value > a->value) {
            ck_ctx_set(&s->c->PN, a->value);
            ck_ctx_set(&s->c->PD, b->value);
        }
    }
}

/* "N^{*}=35.663\text{B}", "D^{*}=...": the fitted law's optimum at the
 * current budget C. */
static void context_optimum(struct sent *s, double C)
{
    pp_law law = pp_law_default();
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        pp_optimum o;
        if (s->used[i] || (v != 'N' && v != 'D'))
            continue;
        if (pp_calc_optimum(&law, C, &o) == 0) {
            ck_check_derived(s, i,
                             v == 'N' ? "derived.optimum_params"
                                      : "derived.optimum_tokens",
                             v == 'N' ? o.params : o.tokens,
                             v == 'N' ? "the fitted law's N*"
                                      : "the fitted law's D*");
            ck_ctx_set(&s->c->Cstar, C); /* L(N^{*}, D^{*}) may follow */
        }
        pp_error_clear();
    }
}

/* "about 1868 tokens per parameter" with N and D set before: the figure
 * the phrase follows, not any other ("vs 20 for Chinchilla"). */
static void context_tpp(struct sent *s, double N, double D)
{
    for (size_t i = 0; i < s->nnum; i++)
        if (!s->used[i] && !s->num[i].magnitude && !s->num[i].rate &&
            s->num[i].value < 1e6 && s->num[i].value >= 1 &&
            lex_near(s, s->num[i].start, s->num[i].end + 32, CK_LEX_TPP)) {
            ck_check_derived(s, i, "derived.tokens_per_param", D / N, "D / N");
            break;
        }
}

/* The 1F1B bubble of a worked example: "$p=8$ и $m=32$" ...
 * "$f=\frac{7}{39}=17.9\%$". */
static void context_bubble(struct sent *s)
{
    pp_checker *c = s->c;
    double P = 0, M = 0;
    int haveP = ck_ctx_get(&c->P, &P), haveM = ck_ctx_get(&c->M, &M);
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        if ((v == 'p' || v == 'm') && s->num[i].unit == PP_UNIT_NONE) {
            s->used[i] = 1;
            if (v == 'p')
                P = s->num[i].value, haveP = 1;
            else
                M = s->num[i].value, haveM = 1;
        }
    }
    if (haveP && haveM &&
        (lex_near(s, 0, s->len, CK_LEX_BUBBLE) ||
         (near(s, 0, s->len, "f=") && near(s, 0, s->len, "\\frac")))) {
        double f;
        for (size_t i = 0; i < s->nnum; i++)
            if (!s->used[i] && s->num[i].unit == PP_UNIT_PERCENT &&
                pp_calc_bubble(P, M, &f) == 0)
                ck_check_derived(s, i, "derived.bubble", f,
                                 "the 1F1B bubble (p-1)/(m+p-1)");
        pp_error_clear();
    }
    if (haveP)
        ck_ctx_set(&c->P, P);
    if (haveM)
        ck_ctx_set(&c->M, M);
}

/* Worked examples: the fitted law's N*, D* for the current budget; 6ND
 * and D/N from the current N and D; the bubble from p and m. */
void ck_derived_context(struct sent *s)
{
    pp_checker *c = s->c;
    double N = 0, D = 0, C = 0;
    int haveN = ck_ctx_get(&c->N, &N), haveD = ck_ctx_get(&c->D, &D);
    int haveC = ck_ctx_get(&c->C, &C), given = 0;
    ck_bind(s, "worked-example");
    scenario_pair(s);
    /* assignments in this sentence come first */
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        if (v == 'n')
            N = s->num[i].value, haveN = 1, s->used[i] = 1, given = 1;
        else if (v == 'd')
            D = s->num[i].value, haveD = 1, s->used[i] = 1, given = 1;
    }
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        if (s->used[i])
            continue;
        if (v == 'c' && near(s, 0, s->len, "6nd") && haveN && haveD) {
            double flops;
            if (pp_calc_flops(N, D, 6, &flops) == 0)
                ck_check_derived(s, i, "derived.training_flops", flops,
                                 "6 N D");
            pp_error_clear();
            C = s->num[i].value, haveC = 1;
        } else if (v == 'c') {
            C = s->num[i].value, haveC = 1; /* still free for derived_law */
        }
    }
    if (haveC)
        context_optimum(s, C);
    /* "Chinchilla, by comparison, was trained at 20 tokens per
     * parameter" after an example's N and D: a named run's own ratio,
     * which its passport gives (ck_derived_passport), not the example's */
    if (haveN && haveD && (given || !s->nent))
        context_tpp(s, N, D);
    context_bubble(s);
    if (haveN)
        ck_ctx_set(&c->N, N);
    if (haveD)
        ck_ctx_set(&c->D, D);
    if (haveC)
        ck_ctx_set(&c->C, C);
}
