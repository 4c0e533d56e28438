/*
 * check_facts.c - the claim checker: figures of passports (facts and
 * hyper-parameters) and the binding of a figure to the run and attribute
 * it speaks of (see check_impl.h).
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Facts of passports                                                 */
/* ------------------------------------------------------------------ */

/* Numbers quoted in a fact's evidence, near its value: the figures other
 * sources round it to ("1T", "32B" for 1.04T and 32.6B).  A claim agrees
 * with such a quote when the quoted figure lies within the claim's own
 * rounding ("32B" does; "35B" does not). */
static int quoted_match(const cJSON *fact, double v, pp_range claim)
{
    const cJSON *ev;
    cJSON_ArrayForEach(ev, pp_json_get(fact, "evidence"))
    {
        const char *qs[2] = {pp_json_str(ev, "quote", NULL),
                             pp_json_str(pp_json_get(ev, "via"), "quote",
                                         NULL)};
        for (int k = 0; k < 2; k++) {
            pp_number n[16];
            size_t cnt;
            if (!qs[k])
                continue;
            cnt = pp_numbers_scan(qs[k], strlen(qs[k]), n, 16);
            for (size_t i = 0; i < cnt; i++) {
                double x = n[i].value;
                if (fabs(x - v) <= 0.1 * fabs(v) && x >= claim.lo &&
                    x <= claim.hi)
                    return 1;
            }
        }
    }
    return 0;
}

/* Is a fact stated with qualifier `fact_q` only a bound ("more than
 * 32T") where a claim with `claim_q` states a value ("33T", "about 33T")? */
static int bound_only(const char *fact_q, const char *claim_q)
{
    int fact_bound = strcmp(fact_q, "=") && strcmp(fact_q, "\xE2\x89\x88");
    int claim_value = !strcmp(claim_q, "=") || !strcmp(claim_q, "\xE2\x89\x88");
    return fact_bound && claim_value;
}

/* Is figure `n` a value written to one significant digit ("1T", "about
 * 2T") whose rounding covers the recorded `v` only loosely, more than a
 * quarter off ("1T" for 671B)?  A reader would not call that a statement
 * of the recorded count.  A range ("1–2T") says it is between its ends. */
static int loose_round(const pp_number *n, const pp_fact_num *v)
{
    return !n->range && ck_num_sig(n) == 1 && v->value > 0 && v->sig > 1 &&
           (!strcmp(n->qualifier, "=") ||
            !strcmp(n->qualifier, "\xE2\x89\x88")) &&
           fabs(n->value - v->value) > 0.25 * v->value;
}

/* What the passports of a set say of a fact, for a claim: the fact that
 * confirms it, else the last one disclosed, and one on record as not
 * disclosed; `who` is the passport the claim is reported against. */
struct fact_found {
    const cJSON *fact; /* the confirming or the last disclosed fact */
    pp_fact_num num;   /* its figure */
    int confirmed;
    const cJSON *undisclosed;
    const char *who; /* NULL when the set holds no passport */
};

static void find_fact(const struct sent *s, pp_range claim,
                      unsigned long long set, const char *name,
                      struct fact_found *out)
{
    memset(out, 0, sizeof(*out));
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        const cJSON *f;
        pp_fact_num v;
        if (!(set >> i & 1))
            continue;
        f = pp_fact_get(s->c->docs[i], name);
        out->who = ck_doc_id(s->c->docs[i]);
        if (pp_fact_status_of(f) == PP_FACT_UNDISCLOSED) {
            out->undisclosed = f;
            continue;
        }
        if (!pp_fact_number_of(f, &v))
            continue;
        out->fact = f;
        out->num = v;
        if (pp_range_meet(claim, pp_range_of(v.value, v.sig, v.qualifier)) ||
            quoted_match(f, v.value, claim)) {
            out->confirmed = 1;
            return;
        }
    }
}

/* Is `name` a count -- parameters, tokens, a window, devices, experts --
 * which a share ("27%") or a multiplier ("2.5x") never states? */
static int count_fact(const char *name)
{
    static const char *const counts[] = {"params.",  "training.tokens",
                                         "context.", "hardware.devices",
                                         "experts.", NULL};
    for (const char *const *c = counts; *c; c++)
        if (!strncmp(name, *c, strlen(*c)))
            return strcmp(name, "training.tokens_per_param") != 0;
    return 0;
}

/* How many of the loaded passports `set` holds. */
static size_t set_size(const struct sent *s, unsigned long long set)
{
    size_t k = 0;
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++)
        k += set >> i & 1;
    return k;
}

/* A name that may mean several runs ("DeepSeek V4": the Pro and the Flash
 * checkpoints of one report): the figure checked against each, as one
 * claim -- confirmed only when it holds for each, contradicted only when
 * for none (ck_merge_last), its `readings` run by run. */
static void check_each(struct sent *s, const pp_number *n,
                       unsigned long long set, const char *name)
{
    size_t before = (size_t)s->count, which = 0;
    int fits = 0;
    if (!strcmp(name, "params.total") || !strcmp(name, "params.active")) {
        /* "V4 total parameters 1.6T": a size that fits one checkpoint of
         * the name picks it, as "Llama 2 comes in 70B" picks a member */
        for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
            struct fact_found ff;
            if (!(set >> i & 1))
                continue;
            find_fact(s, ck_num_range(n), 1ULL << i, name, &ff);
            if (ff.confirmed)
                fits++, which = i;
        }
    }
    if (fits == 1) {
        for (size_t k = 0; k < s->nnum; k++)
            if (&s->num[k] == n) {
                const char *how = s->ent_how[k];
                s->ent_how[k] = "family-member";
                ck_check_fact(s, n, 1ULL << which, name);
                s->ent_how[k] = how;
                return;
            }
    }
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++)
        if (set >> i & 1)
            ck_check_fact(s, n, 1ULL << i, name);
    ck_merge_last(s, (size_t)s->count - before);
}

/* The count without the embeddings beside a count of parameters, or
 * NULL: what a report that gives both states as, say, "Total Params†"
 * (Moonlight's 15.29B of its 16B). */
static const char *non_embedding_of(const char *name)
{
    if (!strcmp(name, "params.total"))
        return "params.total_non_embedding";
    if (!strcmp(name, "params.active"))
        return "params.active_non_embedding";
    return NULL;
}

/* Does the sentence say, within four words of figure `n`, that the count
 * leaves the embeddings out ("15.29B non-embedding parameters")? */
static int says_non_embedding(const struct sent *s, const pp_number *n)
{
    return lex_near(s, ck_back_words(s, n->start, 4),
                    ck_fwd_words(s, n->end, 4), CK_LEX_NON_EMBEDDING);
}

/* A count of parameters that is not the run's total (or active) count but
 * is its count without the embeddings, which the sentence does not say it
 * is: the figure the developer's own table may give under "Total Params"
 * with a footnote.  Not an error, and not the fact it was bound to:
 * unverifiable, with both figures.  Returns 1 when it emitted. */
static int fits_non_embedding(struct sent *s, const pp_number *n,
                              unsigned long long set, const char *name,
                              const struct fact_found *with)
{
    const char *bare = non_embedding_of(name), *how;
    struct fact_found ff;
    pp_buf e[2] = {PP_BUF_INIT, PP_BUF_INIT};
    if (!bare || !with->fact)
        return 0;
    find_fact(s, ck_num_range(n), set, bare, &ff);
    if (!ff.confirmed)
        return 0;
    pp_num_human(&e[0], with->num.value, with->num.sig);
    pp_num_human(&e[1], ff.num.value, ff.num.sig);
    how = s->attr_how;
    ck_bind(s, "non-embedding-count");
    ck_emit(s, n->start, n->end - n->start, ff.who, name,
            cJSON_CreateNumber(n->value), cJSON_CreateNumber(with->num.value),
            "unverifiable",
            "%s %s is %s; %.*s is its %s (%s), the count without the "
            "embeddings, which the sentence does not say it is",
            ff.who, name, pp_buf_cstr(&e[0]), (int)(n->end - n->start),
            s->text + n->start, bare, pp_buf_cstr(&e[1]));
    ck_set_evidence(ck_last_claim(s), ff.fact);
    ck_bind(s, how);
    pp_buf_dispose(&e[0]);
    pp_buf_dispose(&e[1]);
    return 1;
}

/* A count written with no magnitude and no unit ("| Kimi K2 | 1 |" under
 * "Total", "1 T total parameters" when the "T" is not read) that is a
 * thousandth or less of the recorded count: the scale is in a header, a
 * caption or a word the checker did not read.  Unverifiable, never
 * contradicted: the message says which reading of the scale fits, if one
 * does.  Counts of experts and devices are written whole and stay checked. */
static int scale_unsaid(struct sent *s, const pp_number *n,
                        unsigned long long set, const char *name,
                        const struct fact_found *ff)
{
    static const struct {
        double scale;
        const char *word;
    } scales[] = {{1e3, "thousands"},
                  {1e6, "millions"},
                  {1e9, "billions"},
                  {1e12, "trillions"}};
    const char *fits = NULL;
    pp_buf e = PP_BUF_INIT;
    if (n->magnitude || !ff->fact ||
        (n->unit != PP_UNIT_NONE && n->unit != PP_UNIT_PARAMS &&
         n->unit != PP_UNIT_TOKENS) ||
        (strncmp(name, "params.", 7) && strcmp(name, "training.tokens") &&
         strcmp(name, "context.length")) ||
        !(ff->num.value >= 1e3 * fabs(n->value)))
        return 0;
    for (size_t k = 0; k < sizeof(scales) / sizeof(scales[0]) && !fits; k++) {
        struct fact_found alt;
        pp_number m = *n;
        m.value *= scales[k].scale;
        find_fact(s, ck_num_range(&m), set, name, &alt);
        /* within a factor of ten: "8,192 tokens" read in trillions is
         * "more than 15T", but no reading anyone means */
        if (alt.confirmed && m.value <= 10 * ff->num.value &&
            m.value * 10 >= ff->num.value)
            fits = scales[k].word;
    }
    pp_num_human(&e, ff->num.value, ff->num.sig);
    ck_emit(s, n->start, n->end - n->start, ff->who, name,
            cJSON_CreateNumber(n->value), cJSON_CreateNumber(ff->num.value),
            "unverifiable", "%s %s is %s; %.*s has no magnitude, %s%s%s",
            ff->who, name, pp_buf_cstr(&e), (int)(n->end - n->start),
            s->text + n->start, fits ? "and read in " : "",
            fits ? fits : "and no reading of its scale fits",
            fits ? " it agrees, but the text does not say the scale" : "");
    ck_set_evidence(ck_last_claim(s), ff->fact);
    pp_buf_dispose(&e);
    return 1;
}

/* "DeepSeek-V4-Pro is a trillion-parameter model" (1.6T), "моделью с
 * триллионом параметров": a magnitude word with an article and no
 * numeral may name the order of magnitude ("Scaling to Trillion
 * Parameter Models" was of 1.6T), not one of it.  A count of parameters
 * so written (of tokens it is a count: "trained on a trillion tokens"),
 * not found, whose recorded value is of that order (1 to 10 of the word)
 * is unverifiable, never contradicted.  1 when it emitted that. */
static int order_of_magnitude(struct sent *s, const pp_number *n,
                              const char *name, const struct fact_found *ff)
{
    static const char *const heads[] = {"a ", "an ", "\xD1\x82", /* т */
                                        "\xD0\xBC",              /* м */
                                        NULL};
    const char *text = s->low.ptr + n->start;
    size_t len = n->end - n->start;
    int bare = 0;
    pp_buf e = PP_BUF_INIT;
    if (!ff->fact || !n->magnitude || n->sig != 1 ||
        strncmp(name, "params.", 7) || /* "a trillion tokens" is a count */
        !(ff->num.value >= n->value && ff->num.value < 10 * n->value))
        return 0;
    for (const char *const *h = heads; *h && !bare; h++)
        bare = len > strlen(*h) && !memcmp(text, *h, strlen(*h));
    if (!bare)
        return 0;
    pp_num_human(&e, ff->num.value, ff->num.sig);
    ck_emit(s, n->start, len, ff->who, name, cJSON_CreateNumber(n->value),
            cJSON_CreateNumber(ff->num.value), "unverifiable",
            "%s %s is %s; \"%.*s\" may name an order of magnitude rather "
            "than a count, and %s is of that order",
            ff->who, name, pp_buf_cstr(&e), (int)len, s->text + n->start,
            pp_buf_cstr(&e));
    ck_set_evidence(ck_last_claim(s), ff->fact);
    pp_buf_dispose(&e);
    return 1;
}

/* The binary reading of a context length written with "K" or "M" in
 * `text` (1024 or 1024 * 1024 over the decimal one), else 0. */
static double binary_ratio(const char *text, size_t len)
{
    for (size_t i = 1; i < len; i++) {
        char ch = text[i];
        /* "128K", "128k", or set apart: "128 K" */
        int after = isdigit((unsigned char)text[i - 1]) ||
                    (i > 1 && text[i - 1] == ' ' &&
                     isdigit((unsigned char)text[i - 2]) && ch != 'k');
        if (after && (ch == 'K' || ch == 'k' || ch == 'M'))
            return ch == 'M' ? 1048576.0 / 1e6 : 1.024;
    }
    return 0;
}

/* Does a context length agree with the passport's once the "K" (or "M")
 * one side writes is read as 1024 ("131,072 tokens" for a reported
 * "128K"; "8K" for a reported 8,192)?  A context window is a power of
 * two as often as a round thousand, and the sources rarely say which K
 * they mean.  Then confirmed, with the reading in the message.  Only the
 * side that writes the letter is read both ways: "125K" is not "128K". */
static int binary_k(struct sent *s, const pp_number *n, unsigned long long set,
                    const char *name, const struct fact_found *ff)
{
    const char *reported;
    double ratio[2];
    if (strcmp(name, "context.length") || !ff->fact)
        return 0;
    reported = pp_json_str(ff->fact, "reported", "");
    ratio[0] = binary_ratio(reported, strlen(reported));
    ratio[1] =
        ratio[0] ? 0 : binary_ratio(s->text + n->start, n->end - n->start);
    for (int k = 0; k < 2; k++) {
        struct fact_found alt;
        pp_number m = *n;
        if (!ratio[k])
            continue;
        /* the passport's letter: the claim against its binary value; the
         * claim's: its binary value against the passport */
        m.value = k == 0 ? n->value / ratio[k] : n->value * ratio[k];
        find_fact(s, ck_num_range(&m), set, name, &alt);
        /* the reading must be the figure, not within two loose roundings
         * ("2M" is not a reported "1M") */
        if (!alt.confirmed ||
            fabs(m.value - alt.num.value) > 0.005 * fabs(alt.num.value))
            continue;
        ck_emit(s, n->start, n->end - n->start, alt.who, name,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(alt.num.value),
                "confirmed",
                "%s %s agrees with the passport, %s read as 1024 (%s, %.*s)",
                alt.who, name, k == 0 ? "its K" : "the text's K",
                pp_json_str(alt.fact, "reported", "its figure"),
                (int)(n->end - n->start), s->text + n->start);
        ck_set_evidence(ck_last_claim(s), alt.fact);
        return 1;
    }
    return 0;
}

/* Compare a figure with fact `name` of passports in `set`. */
void ck_check_fact(struct sent *s, const pp_number *n, unsigned long long set,
                   const char *name)
{
    struct fact_found ff;
    const pp_fact_num *v = &ff.num;
    const char *who;
    int written = (int)(n->end - n->start);
    cJSON *claimed;
    pp_buf e = PP_BUF_INIT;
    if ((n->unit == PP_UNIT_PERCENT || n->unit == PP_UNIT_TIMES) &&
        count_fact(name))
        return; /* "| 27% compute / 10% memory |" under a "Context" column */
    if (set_size(s, set) > 1) {
        check_each(s, n, set, name);
        return;
    }
    if (non_embedding_of(name) && says_non_embedding(s, n)) {
        /* "15.29B non-embedding parameters": that count, or nothing */
        const char *how = s->attr_how;
        ck_bind(s, "non-embedding-word");
        ck_check_fact(s, n, set, non_embedding_of(name));
        ck_bind(s, how);
        return;
    }
    find_fact(s, ck_num_range(n), set, name, &ff);
    if (!ff.confirmed && fits_non_embedding(s, n, set, name, &ff))
        return;
    if (!ff.confirmed && scale_unsaid(s, n, set, name, &ff))
        return;
    if (!ff.confirmed && binary_k(s, n, set, name, &ff))
        return;
    if (!ff.confirmed && order_of_magnitude(s, n, name, &ff))
        return;
    claimed = cJSON_CreateNumber(n->value);
    who = ff.who;
    if (ff.fact)
        pp_num_human(&e, v->value, v->sig);
    if (ff.confirmed && bound_only(v->qualifier, n->qualifier))
        /* "DeepSeek V4-Pro saw 33T tokens" when the passport's source
         * says only "more than 32T": consistent with it, and maybe what
         * a source the passport does not hold says -- not an error */
        ck_emit(s, n->start, n->end - n->start, who, name, claimed,
                cJSON_CreateNumber(v->value), "unverifiable",
                "%s %s is reported only as %s%s; %.*s is consistent with "
                "it, but the passport does not record that value",
                who, name, v->qualifier, e.ptr, written, s->text + n->start);
    else if (ff.confirmed && loose_round(n, v))
        ck_emit(s, n->start, n->end - n->start, who, name, claimed,
                cJSON_CreateNumber(v->value), "unverifiable",
                "%s %s is %s; %.*s, rounded to one digit, covers it but is "
                "%.0f%% off, so it may be another figure",
                who, name, e.ptr, written, s->text + n->start,
                100.0 * fabs(n->value - v->value) / v->value);
    else if (ff.confirmed)
        ck_emit(s, n->start, n->end - n->start, who, name, claimed,
                cJSON_CreateNumber(v->value), "confirmed",
                "%s %s agrees with the passport", who, name);
    else if (ff.fact)
        ck_emit(s, n->start, n->end - n->start, who, name, claimed,
                cJSON_CreateNumber(v->value), "contradicted",
                "%s %s is %s%s, not %.*s", who, name,
                strcmp(v->qualifier, "=") ? v->qualifier : "", e.ptr, written,
                s->text + n->start);
    else if (ff.undisclosed)
        ck_emit(s, n->start, n->end - n->start, who, name, claimed, NULL,
                "undisclosed", "%s does not disclose %s", who, name);
    else
        ck_emit(s, n->start, n->end - n->start, who, name, claimed, NULL,
                "unverifiable", "the passport of %s does not record %s",
                who ? who : "this run", name);
    if (ff.fact || ff.undisclosed)
        ck_set_evidence(ck_last_claim(s), ff.fact ? ff.fact : ff.undisclosed);
    pp_buf_dispose(&e);
}

/* A hyper-parameter named `keys` in optimizer groups or mechanisms. */
static int find_hyper(const cJSON *doc, const char *const *keys, double *v)
{
    const cJSON *g, *h;
    const cJSON *lists[2] = {pp_json_get(pp_json_get(doc, "optimizer"),
                                         "groups"),
                             pp_json_get(pp_json_get(doc, "stability"),
                                         "mechanisms")};
    for (int l = 0; l < 2; l++) {
        cJSON_ArrayForEach(g, lists[l])
        {
            const cJSON *params = pp_json_get(g, l == 0 ? "hyper" : "params");
            cJSON_ArrayForEach(h, params)
            {
                for (const char *const *k = keys; *k; k++)
                    if (!strcmp(h->string, *k) && cJSON_IsNumber(h)) {
                        *v = h->valuedouble;
                        return 1;
                    }
            }
        }
    }
    return 0;
}

static void check_hyper(struct sent *s, const pp_number *n,
                        unsigned long long set, const char *label,
                        const char *const *keys)
{
    pp_range claim = ck_num_range(n);
    double v = 0, first = NAN;
    const char *who = NULL;
    int found = 0;
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        if (!(set >> i & 1))
            continue;
        who = ck_doc_id(s->c->docs[i]);
        if (find_hyper(s->c->docs[i], keys, &v)) {
            if (isnan(first))
                first = v;
            found = 1;
            /* a setting is exact: "momentum 0.9" is not 0.95, though
             * 0.95 lies on the edge of what "0.9" rounds from */
            if (!strcmp(n->qualifier, "=")
                    ? fabs(n->value - v) <= 1e-9 * fabs(v)
                    : pp_range_meet(claim, pp_range_of(v, 17, "="))) {
                ck_emit(s, n->start, n->end - n->start, who, label,
                        cJSON_CreateNumber(n->value), cJSON_CreateNumber(v),
                        "confirmed", "%s %s is %g", who, label, v);
                return;
            }
        }
    }
    if (found)
        ck_emit(s, n->start, n->end - n->start, who, label,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(first),
                "contradicted", "%s %s is %g, not %.*s", who, label, first,
                (int)(n->end - n->start), s->text + n->start);
}

/* ------------------------------------------------------------------ */
/* Binding figures to attributes                                      */
/* ------------------------------------------------------------------ */

struct hyper_kw {
    const char *const words[6];
    const char *label;
    const char *const keys[4];
};

static const struct hyper_kw hypers[] = {
    {{"threshold", "τ", "阈值", "порог", NULL},
     "optimizer.qk_clip_tau",
     {"qk_clip_tau", "tau", NULL}},
    {{"momentum", "动量", "импульс", NULL},
     "optimizer.momentum",
     {"momentum", NULL}},
    {{"weight decay", "weight_decay", "затухани", "衰减", NULL},
     "optimizer.weight_decay",
     {"weight_decay", NULL}},
    {{"update rms", "rms scale", NULL},
     "optimizer.update_rms_scale",
     {"update_rms_scale", NULL}},
    {{"bound", "上界", "границ", "предел", NULL},
     "stability.coordinate_bound",
     {"coordinate_bound", NULL}},
};

/* The figure that " of ", " out of " or " из " after the figure ending
 * at `b` leads to, a few words on ("3B of its 16B", "37 billion of the
 * model's 671 billion", "из 16B"): its index + 1, else 0 -- a noun
 * ("671B of the Main Model weights"), a name with a digit ("1T total
 * parameters of Kimi K2") or a clause's end between is none. */
/* Does a name of a run the sentence names hold figure `x` ("Nemotron 3
 * Ultra")? */
static int figure_in_name(const struct sent *s, const pp_number *x)
{
    for (size_t e = 0; e < s->nent; e++)
        if (s->ent[e].start <= x->start && x->end <= s->ent[e].end)
            return 1;
    return 0;
}

static size_t of_next(const struct sent *s, size_t b)
{
    for (const char *const *w = LEX(OF); *w; w++) {
        size_t n = strlen(*w), to;
        size_t after = b + n;
        if (b + n > s->len || memcmp(s->low.ptr + b, *w, n))
            continue;
        /* "55B of Nemotron 3 Ultra's 550B": past the owner's name */
        for (size_t e = 0; e < s->nent; e++) {
            size_t k = after;
            while (k < s->len && s->text[k] == ' ')
                k++;
            if (s->ent[e].start != k)
                continue;
            k = s->ent[e].end;
            if (k + 2 <= s->len && !memcmp(s->text + k, "'s", 2))
                after = k + 2;
            else if (k + 4 <= s->len &&
                     !memcmp(s->text + k, "\xE2\x80\x99s", 4)) /* ’s */
                after = k + 4;
        }
        to = ck_fwd_words(s, after, 3);
        for (size_t k = 0; k < s->nnum; k++) {
            const pp_number *x = &s->num[k];
            if (x->start < after || x->start > to)
                continue;
            /* "160 experts of which 6 are selected": the part, not the
             * whole */
            if (figure_in_name(s, x) ||
                memchr(s->text + b, ',', x->start - b) ||
                memchr(s->text + b, ';', x->start - b) ||
                lex_near(s, b, x->start, CK_LEX_OF_WHICH))
                return 0;
            return k + 1;
        }
        return 0;
    }
    return 0;
}

/* Is figure `i` the whole of the figure before it ("37B of 671B", "55B
 * of Nemotron 3 Ultra's 550B": the "3" of a name is no figure before)? */
static int whole_after_of(const struct sent *s, size_t i)
{
    for (size_t j = i; j-- > 0;)
        if (!figure_in_name(s, &s->num[j]))
            return of_next(s, s->num[j].end) == i + 1;
    return 0;
}

static int of_after(const struct sent *s, size_t b)
{
    return of_next(s, b) != 0;
}

/* Is word `w` within [from, to) as a word of its own: not after a letter
 * ("at", not "that") nor after a hyphen ("token", not "Multi-Token")? */
static int own_word(const struct sent *s, size_t from, size_t to, const char *w)
{
    const char *p = s->low.ptr + from, *end = s->low.ptr + to;
    size_t n = strlen(w);
    while (p < end && (p = memmem(p, (size_t)(end - p), w, n)) != NULL) {
        if (p == s->low.ptr || (p[-1] != '-' && !isalpha((unsigned char)p[-1])))
            return 1;
        p++;
    }
    return 0;
}

/* Is figure `i` a count of tokens per parameter: "per parameter" (or "на
 * параметр") within 40 bytes after it, no other figure between ("1.4T
 * tokens, following the 20 tokens per parameter rule": the 20's)? */
static int per_param_own(const struct sent *s, size_t i)
{
    static const char *const words[] = {"per param", "на параметр", NULL};
    size_t b = s->num[i].end, to = b + 40 < s->len ? b + 40 : s->len;
    for (const char *const *w = words; *w; w++) {
        const char *p =
            b < to ? memmem(s->low.ptr + b, to - b, *w, strlen(*w)) : NULL;
        if (p && !(i + 1 < s->nnum &&
                   s->num[i + 1].start < (size_t)(p - s->low.ptr)))
            return 1;
    }
    return 0;
}

/* Is figure `i` the whole an active count beside it is a part of ("32B
 * active out of 1T", "3B of 16B", "37 млрд активных из 671", "1T 中的
 * 32B")? */
static int whole_of_previous(const struct sent *s, size_t i)
{
    static const char *const of[] = {"\xE4\xB8\xAD\xE7\x9A\x84", /* 中的 */
                                     "\xE4\xB8\xAD", NULL};      /* 中 */
    if (i + 1 < s->nnum) { /* "1T 中的 32B": the whole first */
        size_t k = s->num[i].end, to = s->num[i + 1].start;
        while (k < to && s->text[k] == ' ')
            k++;
        for (const char *const *w = of; *w; w++)
            if (k + strlen(*w) <= to && !memcmp(s->text + k, *w, strlen(*w))) {
                size_t e = k + strlen(*w);
                while (e < to && s->text[e] == ' ')
                    e++;
                if (e == to)
                    return 1;
            }
    }
    const pp_number *p = i ? &s->num[i - 1] : NULL;
    size_t a = s->num[i].start;
    return p && p->end <= a && a - p->end <= 24 &&
           (of_after(s, p->end) || (lex_near(s, p->end, a, CK_LEX_ACTIVE) &&
                                    lex_near(s, p->end, a + 1, CK_LEX_OF)));
}

/* Does the sentence speak of tokens: a token word of its own, not the end
 * of a compound ("Multi-Token Prediction", "per-token")? */
static int token_word(const struct sent *s)
{
    for (const char *const *w = LEX(TOKEN); *w; w++)
        if (own_word(s, 0, s->len, *w))
            return 1;
    return 0;
}

/* "after 200B tokens", "после 300B токенов", "约 200B Token 后": a point
 * within a training, not the size of one. */
static int point_in_training(const struct sent *s, size_t a, size_t b)
{
    for (const char *const *w = LEX(POINT_BEFORE); *w; w++)
        if (own_word(s, back(a, 14), a, *w)) /* "at 2T", not "that 2T" */
            return 1;
    return lex_near(s, b, ck_window_end(s, b, 12), CK_LEX_POINT_AFTER);
}

/* "在前 10 万亿 token 为 0.3 ...；10 万亿 token 恰好也是 ... 的位置": a
 * figure the sentence gave before as a point of the training is that
 * point again. */
static int point_again(const struct sent *s, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (s->num[k].value == s->num[i].value &&
            s->num[k].unit == s->num[i].unit &&
            point_in_training(s, s->num[k].start, s->num[k].end))
            return 1;
    return 0;
}

/* "The long-context extension of Llama 3 405B used about 800B tokens",
 * "退火阶段使用了 1T token": the data of one stage of the training, named
 * before the figure in its clause, not what the run was trained on. */
static int stage_data(const struct sent *s, size_t a)
{
    return lex_near(s, ck_clause_from(s, a), a, CK_LEX_STAGE_DATA);
}

/* "a filtered version of Common Crawl consisting of 410 billion tokens":
 * the size of one source or part of a data mix, not what the run was
 * trained on -- unless the clause says it was trained on it.  A whole
 * dataset or corpus ("a corpus consisting of 8.1T tokens") is what a run
 * is trained on, and stays a claim. */
static int data_source_size(const struct sent *s, size_t a)
{
    size_t from = ck_clause_from(s, a), b = a;
    while (b < s->len && !strchr(" -", s->text[b]))
        b++;
    /* "its 3B-token Wikipedia slice", "the 410B-token Common Crawl": a
     * size written as the part's adjective */
    if (b + 6 <= s->len && !memcmp(s->low.ptr + b, "-token", 6) &&
        lex_near(s, b, ck_fwd_words(s, b + 6, 3), CK_LEX_DATA_PART))
        return 1;
    if (lex_near(s, from, a, CK_LEX_DATA_PART) &&
        !lex_near(s, from, a, CK_LEX_TRAINED))
        return 1;
    /* "GPT-3 过滤后的 Common Crawl 有 570GB，约合 4000 亿个 BPE token": the
     * part the sentence opens with, restated in a later clause */
    return from > 0 && lex_near(s, 0, from, CK_LEX_DATA_PART) &&
           !lex_near(s, 0, a, CK_LEX_TRAINED) &&
           !lex_near(s, 0, a, CK_LEX_TRAIN) &&
           !lex_near(s, 0, a, CK_LEX_TRAINING);
}

/* "despite 0.7T more tokens", "на семьсот миллиардов больше": a word
 * for more or fewer right after the figure (its unit aside) makes it a
 * difference -- not "or more", nor "more than" after it. */
static int difference_after(const struct sent *s, const pp_number *n)
{
    size_t b = n->start, to = ck_fwd_words(s, n->end, 2);
    while (b < n->end && s->low.ptr[b] != ' ')
        b++; /* the figure's unit may be read across it: "0.7T more tokens" */
    for (const char *const *w = LEX(DIFFERENCE_AFTER); *w; w++) {
        size_t wl = strlen(*w);
        for (const char *p = s->low.ptr + b;
             (p = memmem(p, to - (size_t)(p - s->low.ptr), *w, wl)) != NULL;
             p++) {
            size_t at = (size_t)(p - s->low.ptr);
            if (own_word(s, at, at + wl, *w) &&
                !(at + wl + 5 <= s->len &&
                  !memcmp(s->low.ptr + at + wl, " than", 5)) &&
                !(at >= 3 && !memcmp(s->low.ptr + at - 3, "or ", 3)))
                return 1;
            if ((size_t)(p - s->low.ptr) + wl >= to)
                break;
        }
    }
    return 0;
}

/* "180K GPU hours per 1T tokens", "每训练 1T token 仅需 180K GPU 小时",
 * "for every 1T tokens", "на каждый 1T токенов", and one unit after "for"
 * ("对于 1T 的 token", "for 1T tokens"): the unit of a rate, not what the
 * run was trained on. */
static int rate_unit(const struct sent *s, const pp_number *n)
{
    size_t a = n->start;
    double m = n->value;
    for (const char *const *w = LEX(RATE_BEFORE); *w; w++)
        if (own_word(s, ck_back_words(s, a, 2), a, *w)) /* not "paper " */
            return 1;
    while (m >= 10)
        m /= 10;
    for (const char *const *w = LEX(FOR_UNIT); *w && m == 1 && n->magnitude;
         w++)
        if (own_word(s, ck_back_words(s, a, 1), a, *w))
            return 1;
    return 0;
}

/* Is a word of kind (active or total) glued to the figure ending at `b`,
 * only spaces or a hyphen between ("37B active", "37B-active",
 * "37B activated")? */
static int cue_adjacent(const struct sent *s, size_t b, size_t to)
{
    size_t k = b;
    while (k < to && (s->low.ptr[k] == ' ' || s->low.ptr[k] == '-'))
        k++;
    return lex_near(s, k, k + 12, CK_LEX_ACTIVE) ||
           lex_near(s, k, k + 12, CK_LEX_TOTAL);
}

/* Does a count of parameters follow figure `i` in the sentence? */
static int later_count(const struct sent *s, size_t i)
{
    for (size_t j = i + 1; j < s->nnum; j++)
        if (s->num[j].magnitude && s->num[j].value >= 1e8)
            return 1;
    return 0;
}

/* "its activated parameters reach as high as 3.2 billion", "总参数量达到
 * 1T": the attribute as the subject of the figure's clause -- a parameter
 * word with an active or total word just before it, between the clause's
 * start and the figure, and no other figure nor a comparison between the
 * words and the figure.  'a' (active), 't' (total) or 0. */
static int clause_kind(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    size_t from = ck_clause_from(s, n->start), p0 = s->len, lo;
    int active, total;
    for (const char *const *w = LEX(PARAM); *w; w++) {
        const char *p =
            n->start > from
                ? memmem(s->low.ptr + from, n->start - from, *w, strlen(*w))
                : NULL;
        if (p && (size_t)(p - s->low.ptr) < p0)
            p0 = (size_t)(p - s->low.ptr);
    }
    if (p0 >= n->start || (i > 0 && s->num[i - 1].end > p0) ||
        lex_near(s, p0, n->start, CK_LEX_COMPARE))
        return 0;
    lo = back(p0, 12) > from ? back(p0, 12) : from;
    active = lex_near(s, lo, p0 + 1, CK_LEX_ACTIVE);
    total = lex_near(s, lo, p0 + 1, CK_LEX_TOTAL);
    return active == total ? 0 : active ? 'a' : 't';
}

/* A count after "of" that a word before it names ("activation parameters
 * of 2.24B", "a total parameter count of 15.29B"), not the whole of an "X
 * of Y": no figure shortly before, or one a conjunction or a comma sets
 * apart ("15.29B and activation parameters of 2.24B"; but "32B active
 * parameters out of 1T" is X of Y).  'a' or 't' by the word, else 0. */
static int attribute_of(const struct sent *s, size_t i)
{
    size_t a = s->num[i].start, w = ck_back_words(s, a, 4);
    int active, total;
    /* the naming word in the figure's own clause: not "37B are active,
     * of 671B in all" */
    for (size_t k = w; k < a; k++)
        if (s->text[k] == ',' || s->text[k] == ';')
            w = k + 1;
    active = lex_near(s, w, a, CK_LEX_ACTIVE);
    total = lex_near(s, w, a, CK_LEX_TOTAL);
    if (active == total)
        return 0;
    if (i > 0 && s->num[i - 1].end >= ck_back_words(s, a, 6)) {
        size_t p = s->num[i - 1].end;
        if (!lex_near(s, p, a, CK_LEX_STOP) && !memchr(s->text + p, ',', a - p))
            return 0;
    }
    return active ? 'a' : 't';
}

/* The label a figure at `a` follows: "Active Parameters: 1T", "**Total
 * parameters:** 1.04 trillion", "激活参数：32B" -- the text before the
 * colon right before the figure, back to the sentence's start or the
 * previous colon, bar or clause mark.  'a' or 't' by its word, else 0. */
static int colon_label(const struct sent *s, size_t a)
{
    size_t c = a, end, from;
    int active, total;
    while (c > 0 && strchr(" *\t", s->text[c - 1]))
        c--;
    if (c >= 1 && s->text[c - 1] == ':')
        end = c - 1;
    else if (c >= 3 && !memcmp(s->text + c - 3, "\xEF\xBC\x9A", 3))
        end = c - 3;
    else
        return 0;
    for (from = end; from > 0 && !strchr(":|;,.\t", s->text[from - 1]); from--)
        if (from >= 3 && (!memcmp(s->text + from - 3, "\xEF\xBC\x9A", 3) ||
                          !memcmp(s->text + from - 3, "\xEF\xBC\x8C", 3)))
            break; /* ： ， */
    if (end - from > 48 || lex_near(s, from, end, CK_LEX_EXPERT))
        return 0; /* "Total Expert Parameters:": a part's count */
    active = lex_near(s, from, end, CK_LEX_ACTIVE);
    total = lex_near(s, from, end, CK_LEX_TOTAL);
    return active == total ? 0 : active ? 'a' : 't';
}

/* The label an item opens with, for a figure after its colon further on:
 * "**Fewer active parameters**: 17 billion compared with 37 billion for
 * DeepSeek-V3", "- Активные параметры: 37 млрд у DeepSeek-V3 и 32 млрд у
 * Kimi K2" -- the one colon of the sentence's first 48 bytes, no colon,
 * bar or semicolon between it and the figure.  'a' or 't' by its word,
 * else 0. */
static int lead_label(const struct sent *s, size_t a)
{
    size_t end = 0, k;
    for (k = 0; k < s->len && k < 48 && !end; k++)
        if (s->text[k] == ':')
            end = k;
        else if (k + 3 <= s->len && !memcmp(s->text + k, "\xEF\xBC\x9A", 3))
            end = k; /* ： */
    if (!end || end >= a)
        return 0;
    for (k = end + 1; k < a; k++)
        if (strchr(":|;", s->text[k]) ||
            (k + 3 <= a && (!memcmp(s->text + k, "\xEF\xBC\x9A", 3) ||
                            !memcmp(s->text + k, "\xEF\xBC\x9B", 3))))
            return 0;
    if (lex_near(s, 0, end, CK_LEX_EXPERT) ||
        !lex_near(s, 0, end, CK_LEX_PARAM))
        return 0;
    {
        int active = lex_near(s, 0, end, CK_LEX_ACTIVE);
        int total = lex_near(s, 0, end, CK_LEX_TOTAL);
        return active == total ? 0 : active ? 'a' : 't';
    }
}

/* Total or active parameters, for figure `i`.  "X of (its) Y": X active,
 * Y total; "of which Y": Y active.  Else the nearest qualifying word
 * wins -- inside the figure's own span ("32.6B active parameters"), then
 * just after it and nearer to it than to the next figure ("671B total",
 * but not "671B-parameter MoE that activates 37B"), then just before it
 * ("out of 1.04T", "всего 284B", "激活参数 104.2B").  *attached says
 * whether a word of the sentence decided it; else the count is read as
 * the total, the convention for a bare "parameters". */
/* Is the word for a total in [from, to) Russian "всего" right after a
 * word for active ("при активном использовании всего 32 миллиардов",
 * "активны всего 37 млрд"): there it means "only", of the active count? */
static int only_after_active(const struct sent *s, size_t from, size_t to)
{
    static const char vsego[] = "\xD0\xB2\xD1\x81\xD0\xB5\xD0\xB3\xD0\xBE";
    const char *p = to > from ? memmem(s->low.ptr + from, to - from, vsego,
                                       sizeof(vsego) - 1)
                              : NULL;
    size_t at;
    if (!p)
        return 0;
    at = (size_t)(p - s->low.ptr);
    return lex_near(s, ck_back_words(s, at, 3), at, CK_LEX_ACTIVE);
}

/* Is the text between figure `i` and the next one only a verb of
 * activating, maybe with "only" or "just" ("671B activating 37B", "1T
 * activates only 32B"): the verb's object is the next figure, the active
 * count, and figure `i` its subject's size? */
static int activates_next(const struct sent *s, size_t i)
{
    static const char *const adverbs[] = {"only ",    "just ", "about ",
                                          "roughly ", "~",     NULL};
    size_t k, to;
    if (i + 1 >= s->nnum)
        return 0;
    k = s->num[i].end, to = s->num[i + 1].start;
    while (k < to && s->text[k] == ' ')
        k++;
    if (to - k < 6 || memcmp(s->low.ptr + k, "activat", 7))
        return 0;
    while (k < to && isalpha((unsigned char)s->text[k]))
        k++;
    while (k < to && s->text[k] == ' ')
        k++;
    for (const char *const *a = adverbs; *a && k < to; a++)
        if (to - k >= strlen(*a) && !memcmp(s->low.ptr + k, *a, strlen(*a)))
            k += strlen(*a);
    while (k < to && s->text[k] == ' ')
        k++;
    return k == to;
}

static const char *params_kind(struct sent *s, size_t i, int *attached)
{
    static const char *const window_how[3] = {"word-in-figure", "word-after",
                                              "word-before"};
    const pp_number *n = &s->num[i];
    size_t a = n->start, b = n->end, windows[3][2];
    int k;
    *attached = 1;
    if (lex_near(s, back(a, 14), a, CK_LEX_OF_WHICH)) {
        ck_bind(s, "of-which");
        return "params.active";
    }
    int of_before =
        near(s, back(a, 10), a, "of ") || near(s, back(a, 10), a, "из ");
    if ((of_before || whole_after_of(s, i)) && (k = attribute_of(s, i)) != 0) {
        ck_bind(s, "attribute-of"); /* "a total of 1 trillion" */
        return k == 'a' ? "params.active" : "params.total";
    }
    /* "37B activated of 671B": a part shortly before "of" -- not
     * "parameter configurations of 3 billion and 16 billion" */
    if ((of_before && i && s->num[i - 1].end + 40 > a) ||
        whole_after_of(s, i)) {
        ck_bind(s, "x-of-y");
        return "params.total";
    }
    if (of_after(s, b)) {
        ck_bind(s, "x-of-y");
        /* "3B of", "3B out of", "3B из": a part, the active count only
         * when a word says so -- "256 experts ... make up about 650B of
         * the 671B" is the experts' share, checked under both readings */
        *attached = lex_near(s, ck_clause_from(s, a), ck_clause_to(s, b),
                             CK_LEX_ACTIVE);
        return "params.active";
    }
    if (s->len && s->text[0] == '|') { /* "| Active Parameters | 671B |" */
        const char *bar = memchr(s->text + 1, '|', s->len - 1);
        size_t to = bar ? (size_t)(bar - s->text) : 0;
        int act = to && to < a && lex_near(s, 1, to, CK_LEX_ACTIVE);
        int tot = to && to < a && lex_near(s, 1, to, CK_LEX_TOTAL);
        if (act != tot) {
            ck_bind(s, "row-label");
            return act ? "params.active" : "params.total";
        }
    }
    if ((k = colon_label(s, a)) != 0) { /* "- Active Parameters: 1T" */
        ck_bind(s, "row-label");
        return k == 'a' ? "params.active" : "params.total";
    }
    windows[0][0] = a, windows[0][1] = b;
    windows[1][0] = b, windows[1][1] = ck_window_end(s, b, 24);
    /* a word nearer to the next figure is that one's ("a 671B-parameter
     * MoE model that activates only 37B") */
    if (i + 1 < s->nnum && s->num[i + 1].start < ck_window_end(s, b, 48) &&
        b + (s->num[i + 1].start - b) / 2 < windows[1][1])
        windows[1][1] = b + (s->num[i + 1].start - b) / 2;
    windows[2][0] = ck_window_start(s, a, 16), windows[2][1] = a;
    for (int w = 0; w < 3; w++) {
        size_t from = windows[w][0], to = windows[w][1];
        /* "37B parameters per token": the count each token uses */
        int active = lex_near(s, from, to, CK_LEX_ACTIVE) ||
                     (w == 1 && lex_near(s, from, to, CK_LEX_PER_TOKEN));
        int total = lex_near(s, from, to, CK_LEX_TOTAL);
        if (total && only_after_active(s, from, to))
            total = 0, active = 1; /* "при активном использовании всего
                                      32 миллиардов": only 32B, active */
        if (w == 1 && active && activates_next(s, i))
            active = 0; /* "671B activating 37B": the next one's */
        if (active != total && w == 1 && !cue_adjacent(s, b, to) &&
            later_count(s, i))
            break; /* "1 триллион параметров при активном использовании
                      всего 32 миллиардов": the word may be the next
                      figure's */
        if (active != total) {
            ck_bind(s, window_how[w]);
            return active ? "params.active" : "params.total";
        }
    }
    if (whole_of_previous(s, i)) { /* "（5500 亿中的 550 亿）": the whole */
        ck_bind(s, "x-of-y");
        return "params.total";
    }
    if ((k = clause_kind(s, i)) != 0) {
        ck_bind(s, "clause-subject");
        return k == 'a' ? "params.active" : "params.total";
    }
    if ((k = lead_label(s, a)) != 0) {
        ck_bind(s, "item-label");
        return k == 'a' ? "params.active" : "params.total";
    }
    *attached = 0;
    ck_bind(s, "bare-count-total");
    return "params.total";
}

/* Does the sentence hold another count of parameters beside figure `i`,
 * or speak of active parameters, so that a count no word qualifies may
 * be either ("a 671B-parameter MoE that activates 37B parameters",
 * "| Kimi-K2 | 1T (32B) |")? */
static int other_count(const struct sent *s, size_t i)
{
    for (size_t j = 0; j < s->nnum; j++)
        if (j != i && ck_is_params(s, &s->num[j]))
            return 1;
    return 0;
}

static int params_ambiguous(const struct sent *s, size_t i)
{
    return other_count(s, i) || lex_near(s, 0, s->len, CK_LEX_ACTIVE);
}

/* Does a passport of `set` record an active count apart from its total
 * (a mixture of experts): then a count no word qualifies may be either. */
static int records_active(const struct sent *s, unsigned long long set)
{
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        pp_fact_num t, a;
        const cJSON *d = s->c->docs[i];
        if ((set >> i & 1) && pp_fact_number(d, "params.active", &a) &&
            (!pp_fact_number(d, "params.total", &t) || t.value != a.value))
            return 1;
    }
    return 0;
}

/* Whether a count `x` of parameters that fits neither the total `t` nor
 * the active count `a` can only be a total: above the total (no part of a
 * model outnumbers the whole), or, when the sentence gives it alone
 * (`lone`), within twice the total and more than eight times the active
 * count ("2.5T" of a 2.78T run that activates 49B).  A smaller figure may
 * be a part's (the embeddings', an expert's, the shared experts'): never
 * read as a wrong active count. */
static int only_total(double x, double t, double a, int lone)
{
    if (!(x > 0 && t > 0 && a > 0 && a < t))
        return 0;
    if (x > t)
        return 1;
    return lone && t / x <= 2 && x / a >= 8;
}

/* A count of parameters that may be the total or the active one: checked
 * against both; confirmed under the reading that agrees; when neither
 * does, a figure written as a count of parameters is checked under the
 * only reading its size allows (only_total); else unverifiable, with
 * both readings. */
static void check_params_either(struct sent *s, size_t i,
                                unsigned long long set)
{
    const pp_number *n = &s->num[i];
    static const char *const counts[2] = {"params.total", "params.active"};
    /* "15.29B non-embedding parameters": either count without the
     * embeddings, and no other */
    int cue = says_non_embedding(s, n);
    const char *kinds[2] = {cue ? non_embedding_of(counts[0]) : counts[0],
                            cue ? non_embedding_of(counts[1]) : counts[1]};
    struct fact_found ff[2];
    pp_buf e[2] = {PP_BUF_INIT, PP_BUF_INIT};
    cJSON *readings, *claim;
    /* "no more than 900B parameters": a bound holds of the smaller count
     * whenever it holds of the larger -- it is read as a count only when
     * both readings hold */
    int bound =
        strcmp(n->qualifier, "=") && strcmp(n->qualifier, "\xE2\x89\x88");
    ck_bind(s, cue ? "non-embedding-word" : "either-reading");
    for (int k = 0; k < 2; k++)
        find_fact(s, ck_num_range(n), set, kinds[k], &ff[k]);
    for (int k = 0; k < 2; k++) {
        if (ff[k].confirmed &&
            (!bound || ff[1 - k].confirmed || !ff[1 - k].fact)) {
            ck_check_fact(s, n, set, cue ? counts[k] : kinds[k]);
            return;
        }
    }
    for (int k = 0; k < 2 && !cue; k++)
        if (fits_non_embedding(s, n, set, kinds[k], &ff[k]))
            return;
    if (!ff[0].fact && !ff[1].fact) {
        ck_check_fact(s, n, set, counts[0]); /* unverifiable or undisclosed */
        return;
    }

    if (!cue && ff[0].fact && ff[1].fact && n->unit == PP_UNIT_PARAMS) {
        if (only_total(n->value, ff[0].num.value, ff[1].num.value,
                       !other_count(s, i))) {
            ck_bind(s, "only-total-fits");
            ck_check_fact(s, n, set, kinds[0]);
            return;
        }
    }
    readings = cJSON_CreateArray();
    for (int k = 0; k < 2; k++) {
        cJSON *r = cJSON_CreateObject();
        if (ff[k].fact)
            pp_num_human(&e[k], ff[k].num.value, ff[k].num.sig);
        else
            pp_buf_puts(&e[k], "not recorded");
        cJSON_AddStringToObject(r, "attribute", kinds[k]);
        cJSON_AddItemToObject(r, "expected",
                              ff[k].fact ? cJSON_CreateNumber(ff[k].num.value)
                                         : cJSON_CreateNull());
        cJSON_AddItemToArray(readings, r);
    }
    ck_emit(s, n->start, n->end - n->start, ff[0].who ? ff[0].who : ff[1].who,
            "params", cJSON_CreateNumber(n->value), NULL, "unverifiable",
            "%s: %.*s is neither %s (%s) nor %s (%s), and the sentence does "
            "not say which count it is",
            ff[0].who ? ff[0].who : ff[1].who, (int)(n->end - n->start),
            s->text + n->start, kinds[0], pp_buf_cstr(&e[0]), kinds[1],
            pp_buf_cstr(&e[1]));
    claim = ck_last_claim(s);
    cJSON_AddItemToObject(claim, "readings", readings);
    pp_buf_dispose(&e[0]);
    pp_buf_dispose(&e[1]);
}

/* The counts a bare figure in a table cell may be, when no header says
 * ("| DeepSeek-V4-Pro | 1.6 Trillion | 49 Billion |"). */
static const char *const cell_kinds[3] = {"params.total", "params.active",
                                          "training.tokens"};

/* Figure `i` under each of `nk` readings: confirmed under the first that
 * fits; else unverifiable, every reading in the claim's `readings` --
 * nothing in the sentence says which count it is, so it contradicts
 * none. */
static void check_readings(struct sent *s, size_t i, unsigned long long set,
                           const char *const *kinds, size_t nk)
{
    const pp_number *n = &s->num[i];
    struct fact_found ff;
    cJSON *readings = cJSON_CreateArray();
    pp_buf all = PP_BUF_INIT;
    const char *who = NULL;
    for (size_t k = 0; k < nk; k++) {
        find_fact(s, ck_num_range(n), set, kinds[k], &ff);
        if (ff.confirmed) {
            cJSON_Delete(readings);
            pp_buf_dispose(&all);
            ck_check_fact(s, n, set, kinds[k]);
            return;
        }
        who = ff.who ? ff.who : who;
        {
            cJSON *r = cJSON_CreateObject();
            cJSON_AddStringToObject(r, "attribute", kinds[k]);
            cJSON_AddItemToObject(r, "expected",
                                  ff.fact ? cJSON_CreateNumber(ff.num.value)
                                          : cJSON_CreateNull());
            cJSON_AddItemToArray(readings, r);
        }
        pp_buf_printf(&all, "%s%s (", k ? ", " : "", kinds[k]);
        if (ff.fact)
            pp_num_human(&all, ff.num.value, ff.num.sig);
        else
            pp_buf_puts(&all, "not recorded");
        pp_buf_putc(&all, ')');
    }
    ck_emit(s, n->start, n->end - n->start, who, "count",
            cJSON_CreateNumber(n->value), NULL, "unverifiable",
            "%s: %.*s is none of %s, and nothing says which count it is",
            who ? who : "this run", (int)(n->end - n->start),
            s->text + n->start, pp_buf_cstr(&all));
    cJSON_AddItemToObject(ck_last_claim(s), "readings", readings);
    pp_buf_dispose(&all);
}

/* The GPU-hour quantity of a claim of the passports in `set` that figure
 * `n` fits ("39.3M": Llama 3.1's 8B, 70B and 405B together), or NULL;
 * *who is its passport. */
static const cJSON *hours_quantity(const struct sent *s, const pp_number *n,
                                   unsigned long long set, const char **who)
{
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        const cJSON *q;
        if ((set >> i & 1) &&
            (q = pp_claim_quantity_meeting(s->c->docs[i], "GPU-hour",
                                           ck_num_range(n))) != NULL) {
            *who = ck_doc_id(s->c->docs[i]);
            return q;
        }
    }
    return NULL;
}

/* Time on accelerators, "2.788M H800 GPU hours" of a run: confirmed by
 * the run's compute.gpu_hours or, for pretraining, its
 * compute.gpu_hours_pretraining -- the one the sentence names when it
 * says pretraining and the run records it.  A figure that fits neither
 * may be of another stage, of several models together or an estimate:
 * unverifiable, with what the passport records (a claim's quantity it
 * fits among them), never an error. */
static void check_device_hours(struct sent *s, size_t i, unsigned long long set)
{
    static const char *const kinds[2] = {"compute.gpu_hours",
                                         "compute.gpu_hours_pretraining"};
    const pp_number *n = &s->num[i];
    size_t from = ck_clause_from(s, n->start), to = ck_clause_to(s, n->end);
    struct fact_found ff[2];
    const cJSON *q;
    const char *who = NULL, *qwho = NULL;
    pp_buf all = PP_BUF_INIT;
    size_t k0 = 0;
    int recorded = 0;
    for (size_t k = 0; k < 2; k++) {
        find_fact(s, ck_num_range(n), set, kinds[k], &ff[k]);
        who = ff[k].who ? ff[k].who : who;
    }
    /* "pre-trained ... for 2.664M": that figure alone -- not when the
     * clause names later stages too ("for full training (pre-train +
     * context extension + post-train)") */
    if (lex_near(s, from, to, CK_LEX_PRETRAINING) && ff[1].fact &&
        !lex_near(s, from, to, CK_LEX_STAGE_DATA))
        k0 = 1;
    for (size_t k = k0; k < 2; k++)
        if (ff[k].confirmed) {
            ck_check_fact(s, n, set, kinds[k]);
            return;
        }
    for (size_t k = k0; k < 2; k++)
        if (ff[k].fact) {
            pp_buf_printf(&all, "%s%s ", all.len ? " and " : "", kinds[k]);
            pp_num_human(&all, ff[k].num.value, ff[k].num.sig);
            recorded++;
        }
    if ((q = hours_quantity(s, n, set, &qwho)) != NULL)
        ck_emit(s, n->start, n->end - n->start, qwho, kinds[k0],
                cJSON_CreateNumber(n->value), NULL, "unverifiable",
                "%s records %.*s as %s, not as the run's own GPU hours", qwho,
                (int)(n->end - n->start), s->text + n->start,
                pp_json_str(q, "measures", "a claim's figure"));
    else if (all.len)
        ck_emit(s, n->start, n->end - n->start, who, kinds[k0],
                cJSON_CreateNumber(n->value), NULL, "unverifiable",
                "%s records %s; %.*s is %s, and may be of another stage, "
                "of several models together or an estimate",
                who, pp_buf_cstr(&all), (int)(n->end - n->start),
                s->text + n->start, recorded > 1 ? "neither" : "not that");
    else
        ck_emit(s, n->start, n->end - n->start, who, kinds[k0],
                cJSON_CreateNumber(n->value), NULL, "unverifiable",
                "the passport of %s does not record its GPU hours",
                who ? who : "this run");
    pp_buf_dispose(&all);
}

/* Is `n` a bare count alone in a cell of a row no header explains: a
 * magnitude word and no unit, only spaces, bold marks or a bracket
 * between it and the cell's bars ("| 1.6 Trillion |", "| 1T (32B) |")? */
static int bare_cell(const struct sent *s, const pp_number *n)
{
    size_t a = n->start, b = n->end;
    if (!s->len || s->text[0] != '|' || !n->magnitude ||
        n->unit != PP_UNIT_NONE || n->value < 1e8)
        return 0;
    while (a > 0 && (s->text[a - 1] == ' ' || s->text[a - 1] == '*'))
        a--;
    while (b < s->len && (s->text[b] == ' ' || s->text[b] == '*'))
        b++;
    return a > 0 && s->text[a - 1] == '|' &&
           (b >= s->len || s->text[b] == '|' || s->text[b] == '(');
}

/* Is `n` a bare count that a copula joins to the name of run `e`, and
 * nothing more follows in its clause ("DeepSeek v3 is 671B.", "Kimi K2 —
 * 1T, open weights", "K2 是 1T 的模型")?  A size, most likely, but
 * nothing says which count it is. */
static int copula_count(const struct sent *s, const pp_number *n,
                        const struct entity *e)
{
    size_t a = e->end, b = n->end, k;
    const char *low = s->low.ptr;
    int joined = 0;
    if (!n->magnitude || n->unit != PP_UNIT_NONE || n->value < 1e8 ||
        e->end > n->start || n->start - e->end > 24)
        return 0;
    for (const char *const *w = LEX(COPULA); *w && !joined; w++) {
        size_t wl = strlen(*w), x = a, y;
        /* the copula's own spaces may be the gap's */
        while (x < n->start && low[x] == ' ' && (*w)[0] != ' ')
            x++;
        if (x + wl > n->start || memcmp(low + x, *w, wl) != 0)
            continue;
        y = x + wl;
        while (y < n->start && low[y] == ' ')
            y++;
        /* what is left before the figure: nothing, or the qualifier it
         * was read with ("about 671B") */
        joined = y == n->start || strcmp(n->qualifier, "=") != 0;
    }
    if (!joined)
        return 0;
    k = b;
    while (k < s->len && low[k] == ' ')
        k++;
    return k >= s->len || strchr(".,;:!?)", low[k]) != NULL ||
           lex_near(s, b, ck_fwd_words(s, b, 1), CK_LEX_SIZED) ||
           !memcmp(low + k, "\xEF\xBC\x8C", 3) || /* ， */
           !memcmp(low + k, "\xE3\x80\x82", 3);   /* 。 */
}

/* "from 4K to 8K tokens", "从 4K 扩展到 8K", "с 4K до 8K": figure `i` is
 * the value a change started from, the next figure the one it reached --
 * only the latter is a claim of the run. */
static int prior_value(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    size_t to;
    if (i + 1 >= s->nnum ||
        !lex_near(s, back(n->start, 6), n->start, CK_LEX_CHANGE_FROM))
        return 0;
    to = s->num[i + 1].start;
    return to > n->end && to - n->end <= 24 &&
           lex_near(s, n->end, to, CK_LEX_CHANGE_TO);
}

/* "从 4K 扩展到 32K，再扩展到 128K", "from 4K to 32K and then to 128K":
 * figure `i` is what a change reached and a later one goes on to the next
 * figure -- a step passed on the way, not what the run has. */
static int passed_value(const struct sent *s, size_t i)
{
    size_t next;
    if (i == 0 || i + 1 >= s->nnum || !prior_value(s, i - 1))
        return 0;
    next = s->num[i + 1].start;
    return next > s->num[i].end && next - s->num[i].end <= 40 &&
           lex_near(s, back(next, 12), next, CK_LEX_CHANGE_TO);
}

/* "20T tokens, of which 5T in the second stage", "其中 5T": a part of
 * the token count before it, not the run's count. */
static int part_of_tokens(const struct sent *s, size_t i)
{
    const pp_number *p = i ? &s->num[i - 1] : NULL;
    size_t a = s->num[i].start;
    return p && p->unit == PP_UNIT_TOKENS && a > p->end && a - p->end <= 24 &&
           lex_near(s, p->end, a, CK_LEX_OF_WHICH);
}

/* "550B/55B", "2.8T/104B": the MoE shorthand total/active (1); "3
 * billion / 16 billion parameters" of a run that records an active count:
 * active/total (2), only with a word of parameters after it -- "16B/5.7T"
 * is a size and its tokens.  0: no pair. */
static int params_pair(const struct sent *s, const pp_number *x,
                       const pp_number *y, unsigned long long set)
{
    int slash = 0;
    if (!x->magnitude || !y->magnitude || x->value == y->value ||
        fmin(x->value, y->value) < 1e8 || fmax(x->value, y->value) >= 1e14 ||
        (x->unit != PP_UNIT_NONE && x->unit != PP_UNIT_PARAMS) ||
        (y->unit != PP_UNIT_NONE && y->unit != PP_UNIT_PARAMS))
        return 0;
    /* "1900 токенов (5,7 трлн / 3 млрд)": a division whose quotient the
     * sentence gives is the working of a ratio, not a pair of counts */
    for (size_t k = 0; k < s->nnum; k++) {
        const pp_number *q = &s->num[k];
        double r = fmax(x->value, y->value) / fmin(x->value, y->value);
        if (q != x && q != y && q->value >= 1 && fabs(q->value - r) <= 0.1 * r)
            return 0;
    }
    for (size_t k = x->end; k < y->start; k++) {
        if (s->text[k] == '/')
            slash++;
        else if (s->text[k] != ' ')
            return 0;
    }
    if (slash != 1)
        return 0;
    if (x->value > y->value)
        return 1;
    /* ascending only with the unit said, of the one run the sentence
     * names, which records both counts: "3 billion / 16 billion
     * parameters" is active then total */
    if (y->unit != PP_UNIT_PARAMS || (set & (set - 1)) != 0 || s->nfam ||
        !records_active(s, set))
        return 0;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].set != set)
            return 0;
    return 2;
}

/* Does figure `n` follow offset `at` within three words, with nothing
 * between but words and colons ("context length of 4096", "上下文长度为
 * 2048", "context window: 2,048")? */
static int figure_follows(const struct sent *s, size_t at, const pp_number *n)
{
    size_t ws, we;
    if (n->start < at || n->start > ck_fwd_words(s, at, 3))
        return 0;
    for (; ck_lex_find(s, at, n->start, CK_LEX_STOP, &ws, &we); at = we)
        if (we - ws != 1 || s->low.ptr[ws] != ':')
            return 0;
    return 1;
}

/* Does a window word come right before figure `n` ("context length of
 * 4096", "Context: 1M tokens", "上下文长度为 2048")? */
static int window_word_before(const struct sent *s, const pp_number *n)
{
    size_t ws, we;
    return ck_lex_find(s, ck_back_words(s, n->start, 4), n->start,
                       CK_LEX_CONTEXT, &ws, &we) &&
           figure_follows(s, we, n);
}

/* Is there a letter in [from, to) of the sentence? */
static int letter_between(const struct sent *s, size_t from, size_t to)
{
    for (size_t k = from; k < to && k < s->len; k++)
        if (isalpha((unsigned char)s->low.ptr[k]) ||
            (unsigned char)s->low.ptr[k] >= 0x80)
            return 1;
    return 0;
}

/* Does a figure before figure `i` take the window word ending at `we`
 * itself ("a context window of 2048 tokens on 300 billion tokens")?  Not
 * one that figure `i` only restates ("128K (131,072 tokens)") or one a
 * change starts from ("the context from 2K to 4K tokens"). */
static int context_word_taken(const struct sent *s, size_t i, size_t we)
{
    for (size_t j = 0; j < i; j++)
        if (s->num[j].start >= we && s->num[j].end <= s->num[i].start &&
            figure_follows(s, we, &s->num[j]) && !prior_value(s, j) &&
            letter_between(s, s->num[j].end, s->num[i].start))
            return 1;
    return 0;
}

static int own_context_word(const struct sent *s, size_t i);
static int stage_name(const struct sent *s, size_t we);

/* Is figure `i` set beside the figure before it as another value of the
 * same thing -- only a label (in brackets, or a few words), a comma or
 * "and", emphasis marks between ("**32k tokens** (Lite model), **128k
 * tokens**", "32K tokens for chat and 128K tokens") -- with the same
 * unit? */
static int parallel_figure(const struct sent *s, size_t i)
{
    const pp_number *p = &s->num[i - 1], *n = &s->num[i];
    size_t k = p->end, to = n->start;
    int joint = 0;
    if (p->unit != n->unit || p->magnitude != n->magnitude || to < k)
        return 0;
    while (k < to && (s->text[k] == ' ' || s->text[k] == '*'))
        k++;
    if (k < to && s->text[k] == '(') {
        const char *close = memchr(s->text + k, ')', to - k);
        if (!close || (size_t)(close - (s->text + k)) > 40)
            return 0;
        k = (size_t)(close - s->text) + 1;
    } else { /* a few words of label: "32K tokens for chat and 128K" */
        size_t w = k;
        while (w < to && w < k + 30 &&
               (isalpha((unsigned char)s->text[w]) || s->text[w] == ' ') &&
               !(w + 3 <= to && !memcmp(s->text + w, "and", 3) &&
                 (w + 3 == to || s->text[w + 3] == ' ')))
            w++;
        k = w;
    }
    while (k < to) {
        if (s->text[k] == ' ' || s->text[k] == '*')
            k++;
        else if (!joint && s->text[k] == ',')
            k++, joint = 1;
        else if (!joint && k + 3 <= to &&
                 (!memcmp(s->text + k, "\xEF\xBC\x8C", 3) ||
                  !memcmp(s->text + k, "and", 3)))
            k += 3, joint = 1;
        else
            return 0;
    }
    return joint;
}

/* Does figure `i` take a window word ("context", "上下文") as what it
 * counts: one before it within its window ("a context length of 128K")
 * that no figure between takes, or one after it within its window ("a
 * 1M-token context") that no figure after it takes ("2T tokens with a
 * context length of 4096", "2T tokens 4k context": the window is the
 * other figure)? */
static int takes_context_word(const struct sent *s, size_t i)
{
    if (i > 0 && parallel_figure(s, i) && own_context_word(s, i - 1))
        return 1; /* "32k tokens (Lite model), 128k tokens (full model)" */
    return own_context_word(s, i);
}

/* "pretrains on 8,192-token sequences", "sequences of 8,192 tokens": a
 * count of tokens that says how long each sequence is -- not sequences
 * packed from a corpus ("packed into sequences, 15T tokens"), apart. */
static int token_sequence(const struct sent *s, const pp_number *n)
{
    static const char *const forms[] = {"-token ", "-tokens ", NULL};
    static const char seq[] = "sequence";
    static const char *const before[] = {"sequences of ", "sequence of ", NULL};
    for (const char *const *f = before; *f; f++) /* "sequences of 8,192" */
        if (n->unit == PP_UNIT_TOKENS && n->start >= strlen(*f) &&
            !memcmp(s->low.ptr + n->start - strlen(*f), *f, strlen(*f)))
            return 1;
    for (const char *const *f = forms; *f; f++) {
        size_t k = strlen(*f) - 1;
        if (n->unit == PP_UNIT_TOKENS && n->end >= n->start + k &&
            !memcmp(s->low.ptr + n->end - k, *f, k) && n->end < s->len &&
            s->text[n->end] == ' ' && n->end + 1 + strlen(seq) <= s->len &&
            !memcmp(s->low.ptr + n->end + 1, seq, strlen(seq)))
            return 1;
    }
    return 0;
}

/* Does figure `i` take a window word of its own (takes_context_word, but
 * for a figure parallel to the one before it)? */
static int own_context_word(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    size_t ws, we;
    if (window_word_before(s, n) || token_sequence(s, n))
        return 1; /* "Context Length: 128K", "8,192-token sequences" */
    for (size_t at = ck_window_start(s, n->start, 48);
         ck_lex_find(s, at, n->start, CK_LEX_CONTEXT, &ws, &we); at = we)
        if (!context_word_taken(s, i, we))
            return 1;
    if (!ck_lex_find(s, n->end, ck_window_end(s, n->end, 16), CK_LEX_CONTEXT,
                     &ws, &we) ||
        stage_name(s, we))
        return 0;
    return !(i + 1 < s->nnum && (s->num[i + 1].start < ws ||
                                 figure_follows(s, we, &s->num[i + 1])));
}

/* Does the window word ending at `we` name a stage of training ("context
 * extension", "long-context stage", "расширения контекста" aside): "119K
 * for context extension" is what that stage cost, not a window? */
static int stage_name(const struct sent *s, size_t we)
{
    static const char *const stages[] = {"extension", "extending", "stage",
                                         "phase", NULL};
    size_t k = we;
    while (k < s->len && (s->low.ptr[k] == ' ' || s->low.ptr[k] == '-'))
        k++;
    for (const char *const *w = stages; *w; w++)
        if (k + strlen(*w) <= s->len && !memcmp(s->low.ptr + k, *w, strlen(*w)))
            return 1;
    return 0;
}

/* "a context length of 4096", "длина контекста 2048": a bare whole number
 * of 256 or more right after a window word is a window in tokens. */
static int bare_window(const struct sent *s, const pp_number *n)
{
    return n->unit == PP_UNIT_NONE && !n->magnitude && n->value >= 256 &&
           n->value == floor(n->value) && window_word_before(s, n);
}

/* Is figure `i` a count of experts: "384 experts", "384 routed experts",
 * "8 of 256 experts" -- not "61 layers and 384 experts"? */
/* Is figure `n` the value of a key: "=" or ":" right before it, spaces
 * aside ("n_routed_experts = 160", "num_hidden_layers: 60")? */
static int assigned_value(const struct sent *s, const pp_number *n)
{
    size_t k = n->start;
    while (k > 0 && (s->text[k - 1] == ' ' || s->text[k - 1] == '`'))
        k--;
    return k > 0 && (s->text[k - 1] == '=' || s->text[k - 1] == ':');
}

static int experts_figure(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    size_t to = ck_window_end(s, n->end, 24);
    /* "160 proprietary (specialized) experts": three words on, when the
     * window has no word for experts */
    if (!lex_near(s, n->end, to, CK_LEX_EXPERT) &&
        ck_fwd_words(s, n->end, 3) > to)
        to = ck_fwd_words(s, n->end, 3);
    if (n->unit == PP_UNIT_EXPERTS)
        return 1;
    /* "160 Billion Parameter Hybrid Expert Model": a count of parameters
     * before the word, not of experts */
    if (n->unit == PP_UNIT_PARAMS || n->value >= 1e6 ||
        !lex_near(s, n->end, to, CK_LEX_EXPERT))
        return 0;
    /* "num_hidden_layers = 60, n_routed_experts = 160": a value's key is
     * the one before its "=" or ":", not the next one */
    if (assigned_value(s, n) &&
        !lex_near(s, ck_back_words(s, n->start, 2), n->start, CK_LEX_EXPERT))
        return 0;
    if (of_after(s, n->end))
        return 1;
    return i + 1 >= s->nnum || s->num[i + 1].start >= to;
}

/* Is figure `i`, a count of experts, one of the shared ones ("2 shared
 * experts", "2 个共享专家", "2 общих эксперта")? */
static int shared_experts(const struct sent *s, size_t i)
{
    static const char *const shared[] = {"shared", "共享", "общ", NULL};
    return any_near(s, s->num[i].start, ck_fwd_words(s, s->num[i].end, 2),
                    shared);
}

/* Is figure `n` alone in brackets ("(236B)", "（236B）")? */
static int alone_in_brackets(const struct sent *s, const pp_number *n)
{
    size_t a = n->start, b = n->end;
    while (a > 0 && s->text[a - 1] == ' ')
        a--;
    while (b < s->len && s->text[b] == ' ')
        b++;
    return ((a >= 1 && s->text[a - 1] == '(') ||
            (a >= 3 && !memcmp(s->text + a - 3, "\xEF\xBC\x88", 3))) &&
           ((b < s->len && s->text[b] == ')') ||
            (b + 3 <= s->len && !memcmp(s->text + b, "\xEF\xBC\x89", 3)));
}

/* Does the clause of the figure at [a, b) speak of an optimum ("达到最优
 * 性能", "compute-optimal") -- a word of the lexicon's `optimum` other
 * than a run's name ("Chinchilla")? */
static int optimum_clause(const struct sent *s, size_t a, size_t b)
{
    size_t from = ck_clause_from(s, a), to = ck_clause_to(s, b), ws, we;
    while (from < to && ck_lex_find(s, from, to, CK_LEX_OPTIMUM, &ws, &we)) {
        int named = 0;
        for (size_t k = 0; k < s->nent && !named; k++)
            named = s->ent[k].start <= ws && we <= s->ent[k].end;
        if (!named &&
            !(we - ws == 10 && !memcmp(s->low.ptr + ws, "chinchilla", 10)))
            return 1;
        from = we;
    }
    return 0;
}

/* A figure of the same run and attribute as an earlier one, after a
 * comparison ("14.8T tokens, about 7x more than Llama 2's 2T"), is the
 * other side's. */
static int compared_figure(const struct sent *s, size_t i,
                           const struct entity *e, const char *attr,
                           const struct entity *const *ents,
                           const char *const *attrs)
{
    for (size_t j = 0; j < i; j++)
        if (ents[j] == e && attrs[j] && !strcmp(attrs[j], attr) &&
            (near(s, s->num[j].end, s->num[i].start, " than ") ||
             near(s, s->num[j].end, s->num[i].start, " чем ") ||
             near(s, s->num[j].end, s->num[i].start, "比") ||
             lex_near(s, s->num[j].end, s->num[i].start, CK_LEX_COMPARE)))
            return 1;
    return 0;
}

/* The family named nearest before figure `i` ("Llama 2 comes in 7B"),
 * no run named and no comparison between them; NULL if none. */
static const struct entity *family_for(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    const struct entity *f = NULL;
    for (size_t k = 0; k < s->nfam; k++)
        if (s->fam[k].end <= n->start && (!f || s->fam[k].end > f->end))
            f = &s->fam[k];
    if (!f || lex_near(s, f->end, n->start, CK_LEX_COMPARE))
        return NULL;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].start >= f->end && s->ent[k].end <= n->start)
            return NULL;
    return f;
}

unsigned long long ck_member_of_size(const struct sent *s, const pp_number *n,
                                     unsigned long long set)
{
    struct fact_found ff;
    unsigned long long hit = 0;
    int hits = 0;
    if (n->range) /* "7B–70B" is no one member's size */
        return 0;
    for (size_t d = 0; d < s->c->ndocs && d < 64; d++) {
        if (!(set >> d & 1))
            continue;
        find_fact(s, ck_num_range(n), 1ULL << d, "params.total", &ff);
        if (ff.confirmed)
            hit = 1ULL << d, hits++;
    }
    return hits == 1 ? hit : 0;
}

/* The family named first after figure `i` when none is named before it
 * ("Even with a mere 70 billion parameters, Meta claims Llama 3 ..."), no
 * run, model the registry lacks or comparison between; NULL if none.  Only
 * a size is read from it, and only for the one run it fits. */
static const struct entity *family_after(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    const struct entity *f = NULL;
    for (size_t k = 0; k < s->nfam; k++) {
        if (s->fam[k].end <= n->start)
            return NULL; /* one before it: family_for's */
        if (s->fam[k].start >= n->end && (!f || s->fam[k].start < f->start))
            f = &s->fam[k];
    }
    if (!f || lex_near(s, n->end, f->start, CK_LEX_COMPARE) ||
        ck_foreign_between(s, n->end, f->start))
        return NULL;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].start >= n->end && s->ent[k].end <= f->start)
            return NULL;
    return f;
}

/* A size a family's name gives: confirmed for the one run of the family
 * whose total it is; else nothing -- the family may have sizes the
 * registry does not hold ("Llama 2 13B"). */
static void check_member_size(struct sent *s, size_t i, const struct entity *f)
{
    unsigned long long hit = ck_member_of_size(s, &s->num[i], f->set);
    if (!hit)
        return;
    ck_bind(s, "family-size");
    ck_bind_run(s, "family-member");
    ck_check_fact(s, &s->num[i], hit, "params.total");
    ck_bind_run(s, NULL);
}

/* Does the name of run `doc` hold the figure `n` as written ("70B" of
 * "Llama 2 70B"), case aside? */
static int name_holds(const struct sent *s, const cJSON *doc,
                      const pp_number *n)
{
    const char *name = pp_json_str(doc, "name", "");
    size_t len = n->end - n->start, nl = strlen(name);
    for (size_t k = 0; k + len <= nl; k++)
        if (!strncasecmp(name + k, s->text + n->start, len) &&
            (k == 0 || !isalnum((unsigned char)name[k - 1])))
            return 1;
    return 0;
}

/* "Chinchilla 70B outperformed Gopher 280B": a size that a run's alias
 * holds and its name does not is what the text says of the run's size,
 * confirmed where its total fits (nothing else: a size the alias holds
 * may round the total); "Llama 2 70B", whose name holds the size, only
 * names the run. */
static void sizes_in_names(struct sent *s)
{
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        const struct entity *e = NULL;
        unsigned long long hit;
        if (!s->used[i] || !n->magnitude || n->value < 1e8 ||
            (n->unit != PP_UNIT_NONE && n->unit != PP_UNIT_PARAMS))
            continue;
        for (size_t k = 0; k < s->nent && !e; k++)
            if (s->ent[k].start <= n->start && n->end <= s->ent[k].end)
                e = &s->ent[k];
        if (!e || e->family || __builtin_popcountll(e->set) != 1 ||
            name_holds(s, s->c->docs[__builtin_ctzll(e->set)], n) ||
            !(hit = ck_member_of_size(s, n, e->set)))
            continue;
        ck_bind(s, "size-in-name");
        ck_check_fact(s, n, hit, "params.total");
    }
}

static void bind_entity_figures(struct sent *s)
{
    const struct entity *ents[MAXNUM] = {0}, *fam;
    const char *attrs[MAXNUM] = {0};
    int pair, tag;
    pp_number act;
    sizes_in_names(s);
    for (size_t i = 0; i < s->nnum; i++) {
        pp_number *n = &s->num[i];
        const struct entity *e = ck_figure_entity(s, i);
        size_t a = n->start, b = n->end;
        const char *attr = NULL;
        /* "671B total", "37B active", "3B out of 16B": parameters */
        int kind_after =
            lex_near(s, b, ck_window_end(s, b, 20), CK_LEX_ACTIVE) ||
            lex_near(s, b, ck_window_end(s, b, 8), CK_LEX_TOTAL) ||
            of_after(s, b) ||
            /* "6710亿参数", "671B finegrained MoE": a size */
            lex_near(s, b, ck_window_end(s, b, 14), CK_LEX_PARAM) ||
            lex_near(s, b, ck_window_end(s, b, 16), CK_LEX_SIZED);
        s->family_read = 0;
        if (e && !s->used[i] && s->ent_how[i] &&
            (!strncmp(s->ent_how[i], "size-", 5) ||
             /* "175B 的 GPT-3": a size before 的 and the name */
             (!strcmp(s->ent_how[i], "attributive") && n->magnitude &&
              n->unit == PP_UNIT_NONE && !kind_after &&
              !lex_near(s, ck_back_words(s, a, 2), a, CK_LEX_ACTIVE) &&
              !lex_near(s, ck_back_words(s, a, 2), a, CK_LEX_TOTAL)))) {
            /* "70B Chinchilla", "the 280B Gopher model", "Gopher 280B": a
             * size against a name, maybe of something made from the run
             * ("a ~3.5T-parameter Kimi-K3 model" of a merge), so checked
             * under its readings, never an error */
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "count-by-name");
            check_readings(s, i, e->set, cell_kinds,
                           n->unit == PP_UNIT_PARAMS ? 2 : 3);
            continue;
        }
        for (size_t k = 0; !s->used[i] && !s->resp[i] && k < s->nfam; k++)
            if (ck_name_in_brackets(s, n, &s->fam[k])) {
                e = &s->fam[k]; /* "from 4096 (Llama 2)": each of its runs */
                s->family_read = 1;
                s->ent_how[i] = "name-in-brackets";
            }
        if (!e && !s->used[i] && ck_is_params(s, n) &&
            (fam = family_after(s, i)) != NULL) {
            s->used[i] = 1; /* "With 70 billion parameters, Llama 3 ..." */
            check_member_size(s, i, fam);
            continue;
        }
        if (!e && !s->used[i] && (fam = family_for(s, i)) != NULL) {
            if (ck_is_params(s, n)) {
                s->used[i] = 1; /* "Llama 2 comes in 7B, 13B and 70B" */
                check_member_size(s, i, fam);
                continue;
            }
            /* "All Llama 2 models support 4096 tokens": each of its runs */
            e = fam;
            s->family_read = 1;
        }
        if (!e || s->used[i])
            continue;
        /* "from 4096 (Llama 2)": what another run has, not what this one
         * had */
        if (!(s->ent_how[i] && !strcmp(s->ent_how[i], "name-in-brackets")) &&
            (prior_value(s, i) || passed_value(s, i) || part_of_tokens(s, i))) {
            s->used[i] = 1; /* "grew from 16B to 1T": what it was */
            continue;
        }
        if (lex_near(s, ck_back_words(s, a, 3), a, CK_LEX_DIFFERENCE) ||
            difference_after(s, n)) {
            s->used[i] = 1; /* "49B and 13B, a gap of 36B": a difference */
            continue;
        }
        if ((tag = pp_numbers_active_tag(s->text, s->len, n, &act)) != 0) {
            /* "Kimi K2 (1T-32A)": its total and active counts, whatever
             * the sentence goes on to say of tokens */
            s->used[i] = 1;
            ents[i] = e, attrs[i] = "params.total";
            ck_bind(s, "total-active");
            ck_check_fact(s, n, e->set, "params.total");
            if (tag == 2) { /* bound as the total was: act is no s->num */
                const char *run_how = s->run_how;
                ck_bind_run(s, s->ent_how[i]);
                ck_check_fact(s, &act, e->set, "params.active");
                ck_bind_run(s, run_how);
            }
            continue;
        }
        if (i + 1 < s->nnum &&
            (pair = params_pair(s, n, &s->num[i + 1], e->set)) != 0) {
            const char *first = pair == 1 ? "params.total" : "params.active";
            const char *second = pair == 1 ? "params.active" : "params.total";
            s->used[i] = s->used[i + 1] = 1;
            ents[i] = ents[i + 1] = e;
            attrs[i] = first, attrs[i + 1] = second;
            ck_bind(s, "slash-pair");
            ck_check_fact(s, n, e->set, first);
            ck_check_fact(s, &s->num[i + 1], e->set, second);
            continue;
        }
        if (n->unit == PP_UNIT_NONE && s->ent_how[i] &&
            !strcmp(s->ent_how[i], "name-in-brackets")) {
            /* "to 128K tokens from 8192 (Llama 3 70B)": a bare figure of
             * the run in brackets, of what the figure before it measures --
             * checked as that and nothing else, never an error */
            size_t j = i;
            while (j > 0 && !attrs[j - 1])
                j--;
            if (j > 0 && s->family_read &&
                !strcmp(attrs[j - 1], "params.total")) {
                s->used[i] = 1; /* "more than 70B (Llama 3)": its member's */
                s->family_read = 0;
                check_member_size(s, i, e);
                continue;
            }
            if (j > 0) {
                s->used[i] = 1;
                ents[i] = e;
                ck_bind(s, "compared-figure");
                check_readings(s, i, e->set, &attrs[j - 1], 1);
                continue;
            }
        }
        if (n->unit == PP_UNIT_NONE && n->magnitude && n->value >= 1e8 &&
            s->ent_how[i] && !strcmp(s->ent_how[i], "bracket-after-name") &&
            alone_in_brackets(s, n)) {
            /* "larger than DeepSeek-V2 (236B) yet activates fewer": the
             * brackets hold the count alone, whatever words follow them */
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "count-by-name");
            check_readings(s, i, e->set, cell_kinds, 3);
            continue;
        }
        if (n->unit == PP_UNIT_DEVICE_HOURS) {
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "device-hours");
            check_device_hours(s, i, e->set);
            continue;
        }
        if (n->unit == PP_UNIT_FLOPS || n->unit == PP_UNIT_DEVICES) {
            ck_bind(s, "unit");
            attr = n->unit == PP_UNIT_FLOPS ? "hardware.throughput_per_device"
                                            : "hardware.devices";
        } else if (experts_figure(s, i) &&
                   (shared_experts(s, i) || rate_unit(s, n))) {
            /* "2 shared experts": no recorded count; "на каждые 56
             * экспертов один активный", "for every 56 experts": a rate */
            s->used[i] = 1;
            continue;
        } else if (n->unit == PP_UNIT_NONE && of_next(s, b) &&
                   s->num[of_next(s, b) - 1].unit == PP_UNIT_TOKENS) {
            /* "covered 260B of its 300B tokens": a share of the tokens,
             * no count of parameters */
            s->used[i] = 1;
            continue;
        } else if (experts_figure(s, i)) {
            size_t to = ck_fwd_words(s, b, 3);
            if (i + 1 < s->nnum && s->num[i + 1].start < to)
                to = s->num[i + 1].start;
            /* "每个 token 激活其中 6 个路由专家", "6 activated experts":
             * the experts each token uses */
            int uses = lex_near(s, ck_back_words(s, a, 2), a, CK_LEX_ACTIVE) ||
                       lex_near(s, b, to, CK_LEX_ACTIVE);
            /* "16 of 896 experts active": the whole the part is of;
             * "160 个路由专家中每个 token 激活 6 个": the experts among which */
            int whole = whole_after_of(s, i) ||
                        (memmem(s->low.ptr + b, to - b,
                                "\xE4\xB8\x93\xE5\xAE\xB6\xE4\xB8\xAD",
                                9) != NULL); /* 专家中 */
            ck_bind(s, of_after(s, b) || whole ? "x-of-y" : "experts-word");
            attr = whole                    ? "experts.routed"
                   : of_after(s, b) || uses ? "experts.active"
                                            : "experts.routed";
        } else if (((n->magnitude ||
                     /* "a 1,000,000-token context", "4096 tokens" */
                     (n->unit == PP_UNIT_TOKENS && n->value >= 1000)) &&
                    /* "37 billion activated parameters and a context
                     * length of 128K": a count of parameters is no window */
                    n->unit != PP_UNIT_PARAMS && n->value < 1e8 &&
                    takes_context_word(s, i)) ||
                   bare_window(s, n)) {
            ck_bind(s, "context-word");
            attr = "context.length";
        } else if ((n->unit == PP_UNIT_TOKENS &&
                    /* "49 billion active tokens": a slip for parameters */
                    !lex_near(s, a, b, CK_LEX_ACTIVE) &&
                    /* "1M tokens" alone is a window or a batch */
                    (n->value >= 1e9 ||
                     lex_near(s, back(a, 30), a, CK_LEX_TRAIN))) ||
                   (n->magnitude && n->value >= 1e11 && !kind_after &&
                    n->unit != PP_UNIT_PARAMS &&
                    lex_near(s, back(a, 30), a, CK_LEX_TRAIN)) ||
                   /* a bare figure and a word for tokens somewhere: not
                    * one in brackets after a name ("DeepSeek-V3
                    * (671B-A37B-Base) ... 14.8T tokens"), a size */
                   (n->magnitude && n->value >= 1e11 && !kind_after &&
                    n->unit == PP_UNIT_NONE && token_word(s) &&
                    !(s->ent_how[i] && !strcmp(s->ent_how[i], "bracket-after-"
                                                              "name")) &&
                    !lex_near(s, 0, s->len, CK_LEX_PARAM) &&
                    !whole_of_previous(s, i))) {
            ck_bind(s, n->unit == PP_UNIT_TOKENS ? "tokens-unit"
                       : lex_near(s, back(a, 30), a, CK_LEX_TRAIN)
                           ? "training-verb"
                           : "token-word");
            attr = point_in_training(s, a, b) || point_again(s, i) ||
                           data_source_size(s, a) || stage_data(s, a) ||
                           rate_unit(s, n) ||
                           /* "可以使用3.5T token 数据预训练达到最优性能",
                            * "compute-optimal would be 3.5T": the
                            * optimum's tokens, not the run's */
                           optimum_clause(s, a, b)
                       ? NULL
                   : per_param_own(s, i) ? "training.tokens_per_param"
                   : near(s, back(a, 40), b + 20, "generat")
                       ? NULL
                       : "training.tokens";
            if (attr && !strcmp(attr, "training.tokens_per_param"))
                ck_bind(s, "per-param-word");
        } else if (n->unit == PP_UNIT_PARAMS ||
                   (n->magnitude && n->value >= 1e8 &&
                    (kind_after ||
                     lex_near(s, b, ck_fwd_words(s, b, 3), CK_LEX_ACTIVE) ||
                     lex_near(s, b, ck_fwd_words(s, b, 3), CK_LEX_TOTAL) ||
                     near(s, back(a, 8), a, "of ") ||
                     near(s, back(a, 8), a, "из ") ||
                     lex_near(s, back(a, 6), a, CK_LEX_TOTAL) ||
                     lex_near(s, back(a, 16), a, CK_LEX_ACTIVE) ||
                     lex_near(s, ck_back_words(s, a, 4), a, CK_LEX_PARAM) ||
                     clause_kind(s, i) || lead_label(s, a)))) {
            int attached;
            attr = params_kind(s, i, &attached);
            /* "GPT-3's 170 billion parameters": a dense run's own count,
             * whatever other counts the sentence gives */
            int owned = s->ent_how[i] && !strcmp(s->ent_how[i], "possessive");
            if (!attached && ((params_ambiguous(s, i) && !owned) ||
                              records_active(s, e->set))) {
                s->used[i] = 1;
                ents[i] = e, attrs[i] = attr;
                check_params_either(s, i, e->set);
                continue;
            }
        }
        if (attr) {
            s->used[i] = 1;
            if (compared_figure(s, i, e, attr, ents, attrs))
                continue;
            ents[i] = e, attrs[i] = attr;
            ck_check_fact(s, n, e->set, attr);
            continue;
        }
        if (!attr && n->magnitude && n->value >= 1e8 &&
            (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_PARAMS) &&
            s->ent_how[i] && !strcmp(s->ent_how[i], "bracket-after-name")) {
            /* "outperforms Gopher (280B)": a count in brackets after the
             * name, a size or the tokens: checked under each reading */
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "count-by-name");
            check_readings(s, i, e->set, cell_kinds, 3);
            continue;
        }
        if (!attr && bare_cell(s, n)) {
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "bare-cell");
            check_readings(s, i, e->set, cell_kinds, 3);
            continue;
        }
        if (!attr && copula_count(s, n, e)) {
            s->used[i] = 1;
            ents[i] = e;
            ck_bind(s, "copula-count");
            check_readings(s, i, e->set, cell_kinds, 3);
            continue;
        }
        /* A hyper-parameter named earlier in the figure's clause. */
        for (size_t h = 0, from = ck_window_start(s, a, 48);
             !n->magnitude && h < sizeof(hypers) / sizeof(hypers[0]); h++) {
            if (any_near(s, from, a, hypers[h].words)) {
                s->used[i] = 1;
                ck_bind(s, "setting-word");
                check_hyper(s, n, e->set, hypers[h].label, hypers[h].keys);
                break;
            }
        }
    }
    s->family_read = 0;
}

/* Does the sentence, after claim `c`'s figure, extend or raise something
 * to a figure ("at a 4K sequence length, then extended to 128K", "再扩展到
 * 128K", "затем расширили до 128K")? */
static int extended_after(const struct sent *s, const cJSON *c)
{
    static const char *const verbs[] = {"extend", "expand", "increas", "scaled",
                                        "grow",   "grew",   "расшир",  "увелич",
                                        "扩展",   "扩充",   "延长",    "提升",
                                        NULL};
    size_t at, from;
    if (!ck_claim_span(s, c, &at, &from))
        return 0;
    static const char *const thens[] = {
        " then ",
        "\xD0\xB7\xD0\xB0\xD1\x82\xD0\xB5\xD0\xBC", /* затем */
        "\xD0\xBF\xD0\xBE\xD1\x82\xD0\xBE\xD0\xBC", /* потом */
        "\xE5\x86\x8D",                             /* 再 */
        "\xE7\x84\xB6\xE5\x90\x8E",                 /* 然后 */
        "\xE9\x9A\x8F\xE5\x90\x8E",                 /* 随后 */
        NULL};
    const cJSON *said = pp_json_get(c, "claimed");
    for (size_t k = 0; k < s->nnum; k++) {
        const pp_number *m = &s->num[k];
        if (m->start <= from)
            continue;
        if (any_near(s, from, m->start, verbs) &&
            lex_near(s, back(m->start, 12), m->start, CK_LEX_CHANGE_TO))
            return 1;
        /* "extension to 32K and then 128K": a larger window right after
         * a "then" */
        if (m->start - from <= 24 && any_near(s, from, m->start, thens) &&
            cJSON_IsNumber(said) && m->value > said->valuedouble &&
            (m->magnitude || m->unit == PP_UNIT_TOKENS))
            return 1;
    }
    return 0;
}

/* "DeepSeek-V3 was pre-trained with a sequence length of 4K": is the
 * window of claim `c`, shorter than the recorded one, said of
 * pre-training, near it in its clause?  Pre-training runs at a shorter
 * window than the one a run is extended to. */
static int pretraining_window(const struct sent *s, const cJSON *c)
{
    const cJSON *said = pp_json_get(c, "claimed"),
                *held = pp_json_get(c, "expected");
    size_t a, b;
    if (!ck_claim_span(s, c, &a, &b) || !cJSON_IsNumber(said) ||
        !cJSON_IsNumber(held) || !(said->valuedouble < held->valuedouble))
        return 0;
    return lex_near(s, ck_window_start(s, a, 64), a, CK_LEX_PRETRAINING) ||
           lex_near(s, b, ck_window_end(s, b, 32), CK_LEX_PRETRAINING);
}

/* "Второй эпизод расхождения Nemotron 3 Ultra, около 16 трлн токенов": a
 * count of tokens at which the run's passport records an event (a
 * divergence near 16T, within 5 %) may be that point of the training,
 * not its size -- a contradicted one is unverifiable.  Over the claims
 * from `from` on. */
static void event_points(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const cJSON *said = pp_json_get(c, "claimed"), *ev, *doc = NULL;
        const char *who = pp_json_str(c, "entity", "");
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            strcmp(pp_json_str(c, "attribute", ""), "training.tokens") ||
            !cJSON_IsNumber(said))
            continue;
        for (size_t d = 0; d < s->c->ndocs && !doc; d++)
            if (!strcmp(ck_doc_id(s->c->docs[d]), who))
                doc = s->c->docs[d];
        cJSON_ArrayForEach(ev,
                           pp_json_get(pp_json_get(doc, "stability"), "events"))
        {
            const cJSON *at = pp_json_get(ev, "at_tokens");
            if (!cJSON_IsNumber(at) || at->valuedouble <= 0 ||
                fabs(said->valuedouble - at->valuedouble) >
                    0.05 * at->valuedouble)
                continue;
            ck_soften(c, "unverifiable",
                      "%s records an event at about that count (%s): %s may "
                      "be that point of the training, not its size (%s)",
                      who, pp_json_str(ev, "detail", "no detail"),
                      pp_json_str(c, "text", ""),
                      pp_json_str(c, "message", ""));
            break;
        }
    }
}

/* Does the sentence open on a supposition ("If ...", "Suppose", "假如",
 * "如果", "Если") -- not an estimate, which a derived figure of a named run
 * is checked as? */
static int opens_supposing(const struct sent *s)
{
    static const char *const opens[] = {
        "if ",
        "suppose",
        "imagine",
        "had ",
        "\xE5\x81\x87\xE5\xA6\x82",          /* 假如 */
        "\xE5\xA6\x82\xE6\x9E\x9C",          /* 如果 */
        "\xE5\x81\x87\xE8\xAE\xBE",          /* 假设 */
        "\xE8\xA6\x81\xE6\x98\xAF",          /* 要是 */
        "\xD0\xB5\xD1\x81\xD0\xBB\xD0\xB8 ", /* если */
        NULL};
    for (const char *const *o = opens; *o; o++)
        if (s->len >= strlen(*o) && !memcmp(s->low.ptr, *o, strlen(*o)))
            return 1;
    return 0;
}

/* Does the sentence hold a word of class hypothetical that is not one
 * of class estimate ("would", "may", "rumour", not "estimat")? */
static int supposing_beyond_estimate(const struct sent *s)
{
    for (const char *const *w = LEX(HYPOTHETICAL); *w; w++) {
        int estimate = 0;
        for (const char *const *e = LEX(ESTIMATE); *e && !estimate; e++)
            estimate = !strncmp(*w, *e, strlen(*e));
        if (!estimate && memmem(s->low.ptr, s->len, *w, strlen(*w)))
            return 1;
    }
    return 0;
}

/* Does the clause of claim `c` hold a word of class `k`? */
static int claim_clause_has(const struct sent *s, const cJSON *c, enum ck_lex k)
{
    size_t at, end;
    if (!ck_claim_span(s, c, &at, &end))
        return 0;
    return lex_near(s, ck_clause_from(s, at), ck_clause_to(s, at), k);
}

/* Does a word of denial ("not", "rather than", "а не", "而不是") stand
 * right before claim `c`'s text, or before a list of figures it closes
 * ("not 70B and 1.4T")? */
static int denied(const struct sent *s, const cJSON *c)
{
    size_t at, end, k;
    if (!ck_claim_span(s, c, &at, &end))
        return 0;
    /* back over a list's earlier figures: "70B and ", "70B, " */
    for (k = at; k > 0;) {
        size_t j = k;
        while (j > 0 && s->text[j - 1] == ' ')
            j--;
        if (j >= 4 && !memcmp(s->low.ptr + j - 4, " and", 4))
            j -= 4;
        else if (j >= 1 && s->text[j - 1] == ',')
            j -= 1;
        else
            break;
        while (j > 0 && s->text[j - 1] == ' ')
            j--;
        if (!j ||
            !(isalnum((unsigned char)s->text[j - 1]) || s->text[j - 1] == '.'))
            break;
        while (j > 0 && (isalnum((unsigned char)s->text[j - 1]) ||
                         s->text[j - 1] == '.'))
            j--;
        k = j;
    }
    return lex_near(s, ck_back_words(s, k, 2), k, CK_LEX_DENIED_BEFORE) &&
           !lex_near(s, ck_back_words(s, k, 2), k, CK_LEX_NOT_NEGATION);
}

/* Does the sentence hold an edit in sed's notation ("s/1.4T/1.04T/")? */
static int sed_edit(const struct sent *s)
{
    for (size_t k = 0; k + 2 < s->len; k++) {
        const char *a, *b;
        if (s->text[k] != 's' || s->text[k + 1] != '/' ||
            (k && isalnum((unsigned char)s->text[k - 1])))
            continue;
        a = memchr(s->text + k + 2, '/', s->len - k - 2);
        b = a ? memchr(a + 1, '/', s->len - (size_t)(a + 1 - s->text)) : NULL;
        if (a && b && a > s->text + k + 2 &&
            !memchr(s->text + k, ' ', (size_t)(b - s->text) - k))
            return 1;
    }
    return 0;
}

/* Is the claim text `t` inside quotation marks of the sentence ("the
 * draft says “V3 keeps its optimizer moments in FP32”", «…», 「…」, "…")?
 * Each opening mark pairs with the next closing one; a straight double
 * quote with the next straight one. */
static int quoted(const struct sent *s, const char *t)
{
    static const char *const opens[] = {"\xE2\x80\x9C", "\xC2\xAB",
                                        "\xE3\x80\x8C", "\xE3\x80\x8E",
                                        "\"",           NULL};
    static const char *const closes[] = {"\xE2\x80\x9D", "\xC2\xBB",
                                         "\xE3\x80\x8D", "\xE3\x80\x8F",
                                         "\"",           NULL};
    size_t tl = strlen(t);
    const char *at = tl ? memmem(s->text, s->len, t, tl) : NULL;
    size_t a, k;
    if (!at)
        return 0;
    a = (size_t)(at - s->text);
    for (int q = 0; opens[q]; q++) {
        size_t ol = strlen(opens[q]), cl = strlen(closes[q]);
        for (k = 0; k + ol <= s->len;) {
            const char *o = memmem(s->text + k, s->len - k, opens[q], ol), *c;
            size_t from, to;
            if (!o)
                break;
            from = (size_t)(o - s->text) + ol;
            c = memmem(s->text + from, s->len - from, closes[q], cl);
            if (!c)
                break;
            to = (size_t)(c - s->text);
            if (from <= a && a + tl <= to)
                return 1;
            k = to + cl;
        }
    }
    return 0;
}

/* The causes, claim by claim, for which a sentence gives a figure
 * without stating it: each a test and the words hypothetical() says it
 * with. */
static int cause_denies(const struct sent *s, const cJSON *c)
{
    /* "in BF16 rather than FP32", "roughly 32B ..., not 70B and 1.4T": a
     * figure the sentence denies is no claim of it */
    return !strstr(pp_json_str(c, "message", ""), "denies") && denied(s, c);
}

static int cause_sums(const struct sent *s, const cJSON *c)
{
    /* "Together the two checkpoints hold about 1.9T", "Суммарно кластер
     * выдавал 1,2·10¹⁹ FLOP/s": a sum over runs or devices */
    return claim_clause_has(s, c, CK_LEX_AGGREGATE);
}

static int cause_order(const struct sent *s, const cJSON *c)
{
    /* "Llama 3 70B and Llama 3.1 405B ...: 8,192 tokens for the first and
     * 128K for the second": figures given to runs by their order */
    return s->nent + s->nfam >= 2 && claim_clause_has(s, c, CK_LEX_ORDINAL_REF);
}

static int cause_edit(const struct sent *s, const cJSON *c)
{
    (void)c; /* "s/1.4T/1.04T/": an edit's pattern, not a claim */
    return sed_edit(s);
}

static int cause_quote(const struct sent *s, const cJSON *c)
{
    /* "the draft says “V3 keeps its optimizer moments in FP32”": a claim
     * in quotation marks is someone's words, quoted */
    return quoted(s, pp_json_str(c, "text", ""));
}

static int cause_changed(const struct sent *s, const cJSON *c)
{
    /* "`inkling.context`: 128K → 1M", "moments: FP32 -> BF16": the value
     * a change started from */
    static const char *const arrows[] = {"\xE2\x86\x92", "->", "=>",
                                         "\xE2\x87\x92", NULL};
    size_t at, end;
    if (!ck_claim_span(s, c, &at, &end))
        return 0;
    while (end < s->len && (s->text[end] == ' ' || s->text[end] == '`'))
        end++;
    for (const char *const *a = arrows; *a; a++) {
        size_t n = strlen(*a), k = end + n;
        if (end + n > s->len || memcmp(s->text + end, *a, n))
            continue;
        while (k < s->len && (s->text[k] == ' ' || s->text[k] == '`'))
            k++;
        return k < s->len && isalnum((unsigned char)s->text[k]);
    }
    return 0;
}

static int cause_paired(const struct sent *s, const cJSON *c)
{
    /* "V4-Pro has about 2.4 times V3's total parameters (1.6T vs 671B)":
     * in a sentence of two runs, the figures of a pair are one each */
    static const char *const vs[] = {" vs. ",    " vs ",   " versus ",
                                     " против ", " 对比 ", NULL};
    size_t at, end;
    if (s->nent + s->nfam < 2 || !ck_claim_span(s, c, &at, &end))
        return 0;
    for (const char *const *v = vs; *v; v++) {
        size_t n = strlen(*v);
        if (end + n < s->len && !memcmp(s->low.ptr + end, *v, n) &&
            isdigit((unsigned char)s->text[end + n]))
            return 1;
        if (at >= n + 1 && !memcmp(s->low.ptr + at - n, *v, n) &&
            isalnum((unsigned char)s->text[at - n - 1]))
            return 1;
    }
    return 0;
}

static const struct {
    const char *how;
    int (*holds)(const struct sent *s, const cJSON *c);
} claim_causes[] = {
    {"denies", cause_denies},
    {"sums", cause_sums},
    {"gives by order", cause_order},
    {"edits", cause_edit},
    {"quotes", cause_quote},
    {"changes from", cause_changed},
    {"gives as one of a pair", cause_paired},
};

/* "If Kimi K2 had 2T parameters, it would ...", "Rumours suggested
 * DeepSeek-V4-Pro would have 2T parameters", "если бы", "据传": a figure
 * a sentence supposes, reports or expects is no claim of the run's --
 * a contradicted one is unverifiable.  Over the claims from `from` on. */
static void hypothetical(struct sent *s, int from, int only_said)
{
    int n = cJSON_GetArraySize(s->out);
    size_t ws, we;
    /* "If ..." opens the sentence; "Had Chinchilla been trained ..." */
    int cue = ck_lex_find(s, 0, s->len, CK_LEX_HYPOTHETICAL, &ws, &we) ||
              (s->len >= 3 && !memcmp(s->low.ptr, "if ", 3)) ||
              (s->len >= 4 && !memcmp(s->low.ptr, "had ", 4));
    /* "Was DeepSeek-V3 trained on 20T tokens?", "Правда ли, что ...?",
     * "真的只用了 2 万亿 token 吗？": asked, not said; "Неверно, что
     * Nemotron 3 Ultra обучался на 14,8 трлн токенов": said to be wrong */
    /* a worked example may suppose ("if a 7B model ..."), or ask: its own
     * arithmetic is checked whatever it supposes, unless the sentence
     * opens supposing; a named run's figure is not ("applying K2's ratio
     * ... would give about 41T", "问：Llama 3 8B 的算力是 ... 吗？") */
    int asked = ck_question(s);
    const char *base = lex_near(s, 0, s->len, CK_LEX_REJECTED) ||
                               lex_near(s, 0, s->len, CK_LEX_REFUTED)
                           ? "calls wrong"
                       /* "Kimi K3's tokens are undisclosed, 20T by one
                        * count": what the writer says no report gives */
                       : lex_near(s, 0, s->len, CK_LEX_NOT_DISCLOSED)
                           ? "says is not disclosed and gives as"
                           : NULL;
    /* in the last pass, where recomputed figures are, "estimate" may be
     * the writer's own arithmetic ("a very rough estimate is around 8.4 x
     * 10^22 FLOPs to train GPT-3"): a named run's cue is then another
     * word of supposing ("would give", "если бы") or an opening one */
    int named_cue = cue && (!only_said || opens_supposing(s) ||
                            supposing_beyond_estimate(s));
    const char *named_why = named_cue ? "supposes, reports, estimates or "
                                        "expects"
                            : asked   ? "asks about"
                                      : base;
    const char *worked_why = cue && (!only_said || opens_supposing(s))
                                 ? "supposes, reports, estimates or expects"
                             : asked && !only_said ? "asks about"
                                                   : base;
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *v = pp_json_str(c, "verdict", "");
        const char *how =
            *pp_json_str(c, "entity", "") ? named_why : worked_why;
        if (strcmp(v, "contradicted") && strcmp(v, "undisclosed"))
            continue;
        for (size_t k = 0;
             !how && k < sizeof(claim_causes) / sizeof(claim_causes[0]); k++)
            if (claim_causes[k].holds(s, c))
                how = claim_causes[k].how;
        if (!how)
            continue;
        ck_soften(c, "unverifiable",
                  "%s %s: the sentence %s %s rather than stating it (%s)",
                  pp_json_str(c, "entity", ""), pp_json_str(c, "attribute", ""),
                  how, pp_json_str(c, "text", ""),
                  pp_json_str(c, "message", ""));
    }
}

/* Does another claim from index `from` on give claim `i`'s attribute of
 * the same run as recorded -- confirmed, or (`near` > 0) unverifiable but
 * within that share of the recorded value ("16.55T" of ">15T")? */
static int recorded_too(struct sent *s, int from, int i, double near)
{
    const cJSON *c = cJSON_GetArrayItem(s->out, i);
    const char *who = pp_json_str(c, "entity", ""),
               *attr = pp_json_str(c, "attribute", "");
    int n = cJSON_GetArraySize(s->out);
    for (int k = from; k < n; k++) {
        const cJSON *o = cJSON_GetArrayItem(s->out, k);
        const cJSON *said = pp_json_get(o, "claimed"),
                    *rec = pp_json_get(o, "expected");
        const char *v = pp_json_str(o, "verdict", "");
        if (k == i || strcmp(pp_json_str(o, "attribute", ""), attr) ||
            strcmp(pp_json_str(o, "entity", ""), who))
            continue;
        if (!strcmp(v, "confirmed") ||
            (near > 0 && !strcmp(v, "unverifiable") && cJSON_IsNumber(said) &&
             cJSON_IsNumber(rec) && rec->valuedouble > 0 &&
             fabs(said->valuedouble - rec->valuedouble) <=
                 near * rec->valuedouble))
            return 1;
    }
    return 0;
}

/* "GPT-3 was trained on 300B tokens drawn from a 499B-token mix", "Of
 * Llama 3 405B's 16.55T tokens, about 0.8T were long-context data":
 * where the sentence gives a run's recorded count of training tokens (or
 * one within a quarter of it), its other counts of tokens are a source, a
 * part or a stage -- unverifiable, never contradicted.  Over the claims
 * from index `from` on. */
static void token_parts(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *who = pp_json_str(c, "entity", "");
        if (strcmp(pp_json_str(c, "attribute", ""), "training.tokens") ||
            strcmp(pp_json_str(c, "verdict", ""), "contradicted"))
            continue;
        if (recorded_too(s, from, i, 0.25))
            ck_soften(c, "unverifiable",
                      "%s training.tokens: the sentence gives the recorded "
                      "count too, so %s is another count of tokens (a "
                      "source, a part or a stage), which the passport does "
                      "not record",
                      who, pp_json_str(c, "text", ""));
    }
}

/* Is claim `c` a figure with no unit after a figure of the sentence that
 * has one other than tokens ("pre-training took 2.664M GPU hours; context
 * extension took 119K"): a list whose unit is written once? */
static int unit_carried(const struct sent *s, const cJSON *c)
{
    size_t at, end;
    if (!ck_claim_span(s, c, &at, &end))
        return 0;
    for (size_t i = 0; i < s->nnum && s->num[i].start < at; i++) {
        enum pp_unit u = s->num[i].unit;
        if (u != PP_UNIT_NONE && u != PP_UNIT_TOKENS && u != PP_UNIT_PERCENT)
            for (size_t k = i + 1; k < s->nnum; k++)
                if (s->num[k].start == at)
                    return s->num[k].unit == PP_UNIT_NONE;
    }
    return 0;
}

/* "After pre-training with an 8K context length, Llama 3.1 405B continues
 * with a 128K context length": where the sentence gives a run's recorded
 * window too, its other windows are stages of the schedule (or another
 * variant's), which the passport does not record -- unverifiable, never
 * contradicted.  Over the claims from index `from` on. */
static void context_stages(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *who = pp_json_str(c, "entity", "");
        int held;
        if (strcmp(pp_json_str(c, "attribute", ""), "context.length") ||
            strcmp(pp_json_str(c, "verdict", ""), "contradicted"))
            continue;
        held = recorded_too(s, from, i, 0);
        if (!held && unit_carried(s, c)) {
            ck_soften(c, "unverifiable",
                      "%s context.length: %s has no unit of its own after a "
                      "figure with one, and may be in that unit (a list "
                      "such as \"2.664M GPU hours; context extension 119K\")",
                      who, pp_json_str(c, "text", ""));
            continue;
        }
        if (!held && extended_after(s, c)) {
            ck_soften(c, "unverifiable",
                      "%s context.length: the sentence goes on to extend "
                      "the window, so %s is an earlier stage of the "
                      "context schedule, which the passport does not record",
                      who, pp_json_str(c, "text", ""));
            continue;
        }
        if (!held && pretraining_window(s, c)) {
            ck_soften(c, "unverifiable",
                      "%s context.length: %s is said of pre-training, and "
                      "may be its sequence length, a stage of the context "
                      "schedule the passport does not record (it records "
                      "the final window)",
                      who, pp_json_str(c, "text", ""));
            continue;
        }
        if (held)
            ck_soften(c, "unverifiable",
                      "%s context.length: the sentence gives the recorded "
                      "window too, so %s is another stage of the context "
                      "schedule (or another variant's), which the passport "
                      "does not record",
                      who, pp_json_str(c, "text", ""));
    }
}

void ck_pick_member(struct sent *s)
{
    static const char *const variant[] = {"version", "variant", "верси",
                                          "вариант", "版本",    NULL};
    unsigned long long member = 0;
    size_t at = 0;
    if (s->nent || s->nfam != 1)
        return;
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        size_t to = ck_fwd_words(s, n->end, 2), ws, we;
        unsigned long long m;
        if (!n->magnitude || n->value < 1e8 || n->value >= 1e13 ||
            (n->unit != PP_UNIT_NONE && n->unit != PP_UNIT_PARAMS) ||
            !(ck_lex_find(s, n->end, to, CK_LEX_MODEL, &ws, &we) ||
              any_near(s, n->end, to, variant)))
            continue;
        if (!(m = ck_member_of_size(s, n, s->fam[0].set)))
            continue;
        if (member && m != member)
            return; /* two models of two sizes */
        member = m, at = i;
    }
    for (size_t i = 0; member && i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        unsigned long long m;
        if (n->magnitude && n->value >= 1e8 && n->value < 1e13 &&
            (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_PARAMS) &&
            (m = ck_member_of_size(s, n, s->fam[0].set)) != 0 && m != member)
            return; /* "the 7B and 70B models": two runs */
    }
    if (!member)
        return;
    /* the size itself is a claim of the family, as "Llama 2 comes in 70B" */
    s->used[at] = 1;
    check_member_size(s, at, &s->fam[0]);
    s->ent[0].start = s->num[at].start;
    s->ent[0].end = s->num[at].end;
    s->ent[0].set = member;
    s->ent[0].family = 0;
    s->nent = 1;
    s->nfam = 0;
    s->fam_carried = 0;
    s->carried = CK_SIZED_MEMBER;
}

/* Of the claims from index `from` on: how many figures confirm a fact,
 * counted once per attribute; -1 when one is an error, or is against a
 * value on record that it does not fit (a figure that fits no reading of
 * the record makes the sentence another model's as likely).  A figure of
 * something the run does not record says nothing either way. */
static int fits_on_record(const struct sent *s, int from)
{
    const char *seen[8];
    int n = cJSON_GetArraySize(s->out), k = 0;
    for (int i = from; i < n; i++) {
        const cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *v = pp_json_str(c, "verdict", ""),
                   *a = pp_json_str(c, "attribute", "");
        int dup = 0;
        if (!strcmp(v, "contradicted") || !strcmp(v, "undisclosed") ||
            (strcmp(v, "confirmed") &&
             !cJSON_IsNull(pp_json_get(c, "expected"))))
            return -1;
        if (strcmp(v, "confirmed") || !strncmp(a, "derived.", 8))
            continue;
        for (int j = 0; j < k && !dup; j++)
            dup = !strcmp(seen[j], a);
        if (!dup && k < 8)
            seen[k++] = a;
    }
    return k;
}

/* Drop the claims from index `from` on, and what reading them set. */
static void undo_trial(struct sent *s, int from, int count, const int *used,
                       const char *const *how)
{
    while (cJSON_GetArraySize(s->out) > from)
        cJSON_DeleteItemFromArray(s->out, cJSON_GetArraySize(s->out) - 1);
    s->count = count;
    memcpy(s->used, used, sizeof s->used);
    memcpy(s->ent_how, how, sizeof s->ent_how);
    memset(s->resp, 0, sizeof s->resp);
    s->resp_done = 0;
    s->family_read = 0;
}

/* How many of the sentence's unused figures are near (within a tenth,
 * whatever their rounding) a value run `p` is known by: the runs worth
 * reading the sentence against. */
static int marks_near(const struct sent *s, size_t p)
{
    int near_ = 0;
    for (size_t i = 0; i < s->nnum; i++) {
        pp_range r = ck_num_range(&s->num[i]);
        if (s->used[i] || !r.have)
            continue;
        r.lo *= 0.9, r.hi *= 1.1;
        for (size_t k = 0; k < CK_NMARKS; k++)
            if (s->c->marks[p][k].have && pp_range_meet(r, s->c->marks[p][k])) {
                near_++;
                break;
            }
    }
    return near_;
}

/* The runs that record figure `i`'s value as such: not a bound ("more
 * than 15T"), each within the other's rounding (14.8T is no run's 15T,
 * which is only as precise as a trillion). */
static unsigned long long exact_marks(const struct sent *s, size_t i)
{
    unsigned long long runs = 0;
    pp_range r = ck_num_range(&s->num[i]);
    for (size_t p = 0; r.have && r.bounded && p < s->c->ndocs && p < 64; p++)
        for (size_t k = 0; k < CK_NMARKS; k++) {
            pp_range m = s->c->marks[p][k];
            double mid = (m.lo + m.hi) / 2;
            if (m.have && m.bounded && s->num[i].value >= m.lo &&
                s->num[i].value <= m.hi && mid >= r.lo && mid <= r.hi)
                runs |= 1ull << p;
        }
    return runs;
}

void ck_identify_by_figures(struct sent *s)
{
    int used[MAXNUM], from = cJSON_GetArraySize(s->out), count = s->count;
    const char *how[MAXNUM], *attr_how = s->attr_how, *run_how = s->run_how;
    unsigned long long cand = 0, found = 0, near_ = 0;
    size_t figures = 0;
    int precise = 0, need = 2;
    size_t one = 0;
    if (s->nent || s->nfam || s->carried || !s->nnum ||
        lex_near(s, 0, s->len, CK_LEX_OTHER_MODEL) ||
        lex_near(s, 0, s->len, CK_LEX_DERIVATIVE) ||
        lex_near(s, 0, s->len, CK_LEX_EXPERIMENT) ||
        lex_near(s, 0, s->len, CK_LEX_EXAMPLE) ||
        lex_near(s, 0, s->len, CK_LEX_HEDGE) ||
        lex_near(s, 0, s->len, CK_LEX_LAW) ||
        lex_near(s, 0, s->len, CK_LEX_OPTIMUM))
        return;
    for (size_t i = 0; i < s->nnum; i++)
        if ((s->num[i].magnitude || s->num[i].unit != PP_UNIT_NONE) &&
            !s->used[i]) {
            figures++;
            precise |= ck_num_sig(&s->num[i]) >= 2;
            one = i;
        }
    /* round figures fit many a model ("1 trillion total, ~50 billion
     * active"): one must have two digits or more; a figure alone must
     * have three and be exactly what one run records ("15.5T tokens") */
    if (figures == 1 && ck_num_sig(&s->num[one]) >= 3) {
        near_ = exact_marks(s, one);
        need = 1;
        if (near_ & (near_ - 1))
            return; /* two runs record it */
    } else if (figures >= 2 && precise) {
        for (size_t p = 0; p < s->c->ndocs && p < 64; p++)
            if (marks_near(s, p) >= 2)
                near_ |= 1ull << p;
    }
    if (!near_ || ck_foreign_between(s, 0, s->len) ||
        !ck_context_runs(s->c, &cand))
        return;
    cand = cand ? cand & near_ : near_;
    memcpy(used, s->used, sizeof used);
    memcpy(how, s->ent_how, sizeof how);
    for (size_t p = 0; p < s->c->ndocs && p < 64; p++) {
        int fit;
        if (!(cand >> p & 1))
            continue;
        memset(&s->ent[0], 0, sizeof s->ent[0]);
        s->ent[0].set = 1ull << p;
        s->nent = 1;
        bind_entity_figures(s);
        fit = fits_on_record(s, from);
        undo_trial(s, from, count, used, how);
        if (fit >= need && found) {
            found = 0; /* the figures fit two runs: whose, they do not say */
            break;
        }
        if (fit >= need)
            found = 1ull << p;
    }
    s->nent = 0;
    s->attr_how = attr_how, s->run_how = run_how;
    if (!found)
        return;
    memset(&s->ent[0], 0, sizeof s->ent[0]);
    s->ent[0].set = found;
    s->nent = 1;
    s->carried = CK_BY_FIGURES;
}

/* "each node held 8 GPUs", "4,000 nodes of 8 GPUs each", "about 12.5
 * EFLOP/s across the cluster", "989 TFLOP/s peak": a count of devices or a
 * throughput said of a part, a whole or the hardware's peak (class
 * `hardware-part`, or `aggregate`, in its clause before it or a few words
 * after), or one beside
 * the run's recorded figure in the same sentence, is another quantity
 * than the cluster's devices or the throughput each reached --
 * unverifiable, never contradicted.  Over the claims from index `from`
 * on. */
static void hardware_parts(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *attr = pp_json_str(c, "attribute", "");
        size_t at, end, lo, hi;
        int part;
        if ((strcmp(attr, "hardware.devices") &&
             strcmp(attr, "hardware.throughput_per_device")) ||
            strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        lo = ck_clause_from(s, at);
        hi = ck_fwd_words(s, end, 4);
        part = lex_near(s, lo, hi, CK_LEX_HARDWARE_PART) ||
               lex_near(s, lo, hi, CK_LEX_AGGREGATE);
        if (part || recorded_too(s, from, i, 0))
            ck_soften_why(c, "%s is %s, not what the passport records",
                          pp_json_str(c, "text", ""),
                          part ? "said of a part, the whole cluster or the "
                                 "hardware's peak"
                               : "another figure beside the recorded one");
    }
}

/* "В абляции DeepSeek-V3 16-миллиардная MoE ... разошлась примерно на
 * 300 млрд токенов", "Kimi K2 在 9B 激活 / 53B 总参数的中间实验里": a count of
 * parameters or tokens in a clause about an experiment or a proxy model
 * (classes experiment, proxy) may be that model's -- a contradicted one,
 * from index `from` on, is unverifiable. */
static void experiment_clauses(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *attr = pp_json_str(c, "attribute", "");
        size_t at, end, lo, hi;
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            (strncmp(attr, "params.", 7) && strcmp(attr, "training.tokens")) ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        lo = ck_clause_from(s, at);
        hi = ck_clause_to(s, end);
        if (lex_near(s, lo, hi, CK_LEX_EXPERIMENT) ||
            lex_near(s, lo, hi, CK_LEX_PROXY))
            ck_soften_why(c,
                          "%s is said in a clause about an experiment or a "
                          "smaller model, and may be its",
                          pp_json_str(c, "text", ""));
    }
}

/* "Gopher, the 280B model whose compute budget Chinchilla was trained
 * with, saw 300B tokens": a run named only inside a clause set off by
 * commas after another run's name, the clause opening with a word of
 * class relative, is not the subject the figure after the clause speaks
 * of -- a contradicted claim of it, from index `from` on, is
 * unverifiable. */
static void inner_clause_runs(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *who = pp_json_str(c, "entity", "");
        size_t at, end;
        int inner = 0;
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        for (size_t k = 0; k < s->nent && !inner; k++) {
            const struct entity *e = &s->ent[k];
            size_t c1 = e->start, c2 = e->end, w;
            if (e->end > at ||
                strcmp(ck_doc_id(
                           s->c->docs[__builtin_ctzll(e->set ? e->set : 1)]),
                       who))
                continue;
            while (c1 > 0 && s->text[c1 - 1] != ',')
                c1--;
            while (c2 < at && s->text[c2] != ',')
                c2++;
            if (c1 == 0 || c2 >= at)
                continue;
            for (w = c1; w < e->start && s->text[w] == ' '; w++)
                ;
            if (!lex_near(s, w, ck_fwd_words(s, w, 2), CK_LEX_RELATIVE))
                continue;
            for (size_t j = 0; j < s->nent && !inner; j++)
                inner =
                    j != k && s->ent[j].end < c1 && s->ent[j].end + 3 >= c1 - 1;
        }
        if (inner)
            ck_soften_why(c,
                          "the run is named inside a clause about another "
                          "model, and %s after the clause may be that "
                          "model's",
                          pp_json_str(c, "text", ""));
    }
}

/* "every DeepSeek-V2 token passes through 8 experts" with "2 shared" in
 * the sentence, or more experts per token than the routed ones a token
 * takes: a count that may take the shared ones in -- a contradicted
 * experts.* claim, from index `from` on, is unverifiable. */
static void shared_in_count(struct sent *s, int from)
{
    static const char *const shared[] = {"shared", "共享", "общ", NULL};
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const cJSON *said = pp_json_get(c, "claimed"),
                    *rec = pp_json_get(c, "expected");
        /* more experts per token than the routed ones each token takes */
        /* ("8 of its 160 experts" is said of the routed ones: an error
         * still) */
        int more =
            !strcmp(pp_json_str(c, "attribute", ""), "experts.active") &&
            strcmp(pp_json_str(pp_json_get(c, "binding"), "attribute", ""),
                   "x-of-y") &&
            cJSON_IsNumber(said) && cJSON_IsNumber(rec) &&
            said->valuedouble > rec->valuedouble;
        size_t at, end;
        /* "every DeepSeek-V2 token passes through 8 experts": fewer than
         * the routed ones, in a clause about tokens -- a token's count */
        if (!more &&
            !strcmp(pp_json_str(c, "attribute", ""), "experts.routed") &&
            cJSON_IsNumber(said) && cJSON_IsNumber(rec) &&
            said->valuedouble < rec->valuedouble &&
            ck_claim_span(s, c, &at, &end)) {
            static const char *const token[] = {
                "token", "\xD1\x82\xD0\xBE\xD0\xBA\xD0\xB5\xD0\xBD",
                "\xE8\xAF\x8D\xE5\x85\x83", NULL};
            more =
                any_near(s, ck_clause_from(s, at), ck_clause_to(s, end), token);
        }
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            strncmp(pp_json_str(c, "attribute", ""), "experts.", 8) ||
            (!any_near(s, 0, s->len, shared) && !more))
            continue;
        ck_soften_why(c,
                      "the sentence speaks of shared experts too, and %s "
                      "may count them in",
                      pp_json_str(c, "text", ""));
    }
}


/* "PaLM's 540B parameters are almost twice Gopher's 280B, and its 780B
 * tokens far exceed Gopher's 300B", "780 млрд токенов против 300 млрд":
 * where another figure of the sentence is the recorded value itself, a
 * contradicted figure may be the other side of a comparison or another
 * quantity -- unverifiable.  Over the claims from index `from` on. */
static void recorded_elsewhere(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const cJSON *want = pp_json_get(c, "expected");
        size_t at, end;
        if (strcmp(pp_json_str(c, "verdict", ""), "contradicted") ||
            !cJSON_IsNumber(want) || want->valuedouble <= 0 ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        for (size_t k = 0; k < s->nnum; k++) {
            const pp_number *x = &s->num[k];
            pp_range r = ck_num_range(x);
            if ((x->start < end && x->end > at) || !x->magnitude ||
                r.lo > want->valuedouble || r.hi < want->valuedouble ||
                /* "activating 13B (130 billion)": one figure glossed in
                 * brackets, the same quantity -- a gloss that disagrees
                 * is an error still */
                ck_glossed(s, x->end, at) || ck_glossed(s, end, x->start))
                continue;
            ck_soften_why(c,
                          "the sentence also gives %.*s, the recorded value, "
                          "so %s may be the other side of a comparison or "
                          "another quantity",
                          (int)(x->end - x->start), s->text + x->start,
                          pp_json_str(c, "text", ""));
            break;
        }
    }
}

void ck_bind_entity_figures(struct sent *s)
{
    int from = cJSON_GetArraySize(s->out);
    bind_entity_figures(s);
    context_stages(s, from);
    token_parts(s, from);
    hardware_parts(s, from);
    experiment_clauses(s, from);
    inner_clause_runs(s, from);
    shared_in_count(s, from);
    event_points(s, from);
    hypothetical(s, from, 0);
    /* last: the more particular reasons above say more */
    recorded_elsewhere(s, from);
}

void ck_soften_said(struct sent *s, int from)
{
    hypothetical(s, from, 1);
}

/* What fact stability.loss_spikes (NULL: not recorded) says of the
 * run's training: no spike (0), some (1), or no count (-1); -2 when it
 * is on record as not disclosed. */
static int spikes_recorded(const cJSON *fact)
{
    pp_fact_num v;
    if (pp_fact_status_of(fact) == PP_FACT_UNDISCLOSED)
        return -2;
    if (!pp_fact_number_of(fact, &v))
        return -1;
    if (!strcmp(v.qualifier, "=") || !strcmp(v.qualifier, "\xE2\x89\x88"))
        return v.value > 0;
    if (!strcmp(v.qualifier, ">") ||
        (!strcmp(v.qualifier, "\xE2\x89\xA5") && v.value > 0))
        return 1; /* "spikes were encountered": more than v */
    return -1;
}

/* What passport `doc` says of the spikes a clause speaks of: of all
 * spikes, or (`irrecoverable`) of those training could not recover from
 * -- stability.irrecoverable_loss_spikes, else none when the run records
 * no spike at all.  Returns as spikes_recorded; *fact is the fact it
 * read (NULL: none), *how the phrase that says what it records. */
static int spike_record(const cJSON *doc, int irrecoverable, const cJSON **fact,
                        const char **how)
{
    int rec;
    *fact =
        pp_fact_get(doc, irrecoverable ? "stability.irrecoverable_loss_spikes"
                                       : "stability.loss_spikes");
    rec = spikes_recorded(*fact);
    if (irrecoverable && rec == -1 && !*fact) {
        /* no spike at all: none was irrecoverable */
        const cJSON *all = pp_fact_get(doc, "stability.loss_spikes");
        int any = spikes_recorded(all);
        if (any == 0) {
            *fact = all;
            *how = "records no loss spike at all in training";
            return 0;
        }
        if (any > 0) {
            *how = "records loss spikes in training, and not whether any was "
                   "irrecoverable";
            return -1;
        }
    }
    if (irrecoverable)
        *how = rec == -2 ? "does not disclose its irrecoverable loss spikes"
               : rec < 0 ? "records no count of irrecoverable loss spikes"
               : rec > 0 ? "records irrecoverable loss spikes in training"
                         : "records no irrecoverable loss spike in training";
    else
        *how = rec == -2 ? "does not disclose its loss spikes"
               : rec < 0 ? "records no count of loss spikes"
               : rec > 0 ? "records loss spikes during training"
                         : "records no loss spike in training";
    return rec;
}

/* "Kimi K2 was trained with zero loss spikes", "DeepSeek-V4 encountered
 * loss spikes", "没有出现过一次损失尖峰": whether the run's training saw
 * loss spikes, checked against stability.loss_spikes -- none (0) or
 * some (> 0), confirmed or contradicted; runs that record no count make
 * it unverifiable.  "No irrecoverable loss spikes" is checked against
 * stability.irrecoverable_loss_spikes, or confirmed by a run that saw no
 * spike at all; a run that saw spikes and says nothing of recovery
 * leaves it unverifiable.  A clause that says something else of spikes
 * (a mechanism that prevents them, their risk, a possibility, that some
 * were irrecoverable) claims neither; one that denies an occurrence
 * ("did not experience any") denies. */
void ck_check_spikes(struct sent *s)
{
    /* the sentence's first mention (hits are chained last first): one
     * claim, of the clause that holds it */
    int32_t h = s->lex.scanned ? s->lex.head[CK_LEX_LOSS_SPIKE] : -1;
    while (h >= 0 && s->lex.hit[h].next >= 0)
        h = s->lex.hit[h].next;
    if (h >= 0) {
        size_t at = s->lex.hit[h].start, end = s->lex.hit[h].end;
        size_t from = ck_clause_from(s, at), to = ck_clause_to(s, end);
        const struct entity *e;
        int none = lex_near(s, from, to, CK_LEX_SPIKE_NONE),
            some = lex_near(s, from, to, CK_LEX_SPIKE_SOME),
            fatal = lex_near(s, from, to, CK_LEX_SPIKE_IRRECOVERABLE);
        int said = none ? 0 : 1, held = 0, wrong = 0, hidden = 0, runs = 0;
        const char *who = NULL, *verdict;
        const cJSON *evidence = NULL;
        pp_buf msg = PP_BUF_INIT, ids = PP_BUF_INIT;
        if ((!none && !some) || (fatal && !none) ||
            lex_near(s, from, to, CK_LEX_SPIKE_OTHER) ||
            lex_near(s, from, to, CK_LEX_COMPARE) ||
            lex_near(s, from, to, CK_LEX_EXPERIMENT) ||
            !(e = ck_entity_for(s, at)))
            return;
        for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
            const cJSON *fact;
            const char *how;
            int rec;
            if (!(e->set >> i & 1))
                continue;
            runs++;
            who = ck_doc_id(s->c->docs[i]);
            pp_buf_printf(&ids, "%s%s", runs > 1 ? ", " : "", who);
            rec = spike_record(s->c->docs[i], fatal, &fact, &how);
            if (rec >= 0 || rec == -2)
                evidence = fact;
            held += rec == said;
            wrong += rec >= 0 && rec != said;
            hidden += rec == -2;
            pp_buf_printf(&msg, "%s%s %s", runs > 1 ? "; " : "", who, how);
        }
        /* spikes said to occur may be those of a counterfactual ("pure
         * Muon on K2 would spike"): they confirm, never contradict */
        verdict = runs && held == runs            ? "confirmed"
                  : runs && wrong == runs && none ? "contradicted"
                  : runs && hidden == runs        ? "undisclosed"
                                                  : "unverifiable";
        ck_bind(s, fatal  ? "spikes-irrecoverable-none"
                   : none ? "spikes-none"
                          : "spikes-some");
        ck_emit(s, at, end - at, ids.ptr,
                fatal ? "stability.irrecoverable_loss_spikes"
                      : "stability.loss_spikes",
                none ? cJSON_CreateNumber(0) : cJSON_CreateString("> 0"),
                held == runs && runs
                    ? (none ? cJSON_CreateNumber(0) : cJSON_CreateString("> 0"))
                    : NULL,
                verdict, "%s; the sentence says %s", pp_buf_cstr(&msg),
                none ? (fatal ? "none was irrecoverable" : "none") : "some");
        if (evidence)
            ck_set_evidence(ck_last_claim(s), evidence);
        pp_buf_dispose(&msg);
        pp_buf_dispose(&ids);
    }
}
