/*
 * check.c - the claim checker (see check.h).
 *
 * One pass per sentence: find the passports it names (aliases compiled
 * into PCRE2 patterns with ASCII word edges, so "K2的" in Chinese still
 * matches), the numbers it writes (numbers.c), the formats and roles it
 * mentions, and the derived-quantity context it is in; bind each number to
 * an attribute from its unit and the words around it; decide.  Figures are
 * compared as ranges, as the verifier does: a figure written "1T" stands
 * for 0.5T..1.5T, "1.2T" for 1.15T..1.25T, "about" widens by one unit of
 * the last digit, "more than 32T" is 32T..inf.
 *
 * The only state kept between sentences is a worked example's inputs
 * (N=, D=, C=, p=, m=, the training-state memory), for a few sentences,
 * reset by pp_checker_begin_document.
 */
#define _GNU_SOURCE
#include "check.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <math.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/utf8.h"
#include "calc.h"
#include "literal.h"
#include "numbers.h"
#include "range.h"
#include "../core/banned.h"

#define GET(o, k) cJSON_GetObjectItemCaseSensitive((o), (k))
#define MAXNUM 64
#define MAXENT 16
#define PP_TABLE_COLS 16

struct alias {
    pcre2_code *re;
    int passport; /* index; several aliases may name several passports */
    int always;   /* no ASCII first word to look for: always matched */
};

struct pp_checker {
    const cJSON **docs; /* owned array of borrowed documents */
    size_t ndocs;
    const pp_rules *rules;
    int limited;        /* the last sentence hit a pattern's match limit */
    struct alias *aliases;
    size_t naliases;
    /* The aliases' first words (ASCII, folded), so that a sentence runs
     * only the alias patterns whose first word it holds. */
    pp_litset *alias_words;   /* owned; NULL: match every alias */
    unsigned char *alias_hit; /* owned: per alias, scratch of a sentence */
    pcre2_match_context *mctx;
    pcre2_match_data *md; /* reused by every alias match */
    /* Worked examples set their inputs a sentence or two before the
     * result ("$N=8.03\\cdot10^9, D=15\\cdot10^{12}$" ... "$C=6ND=...$"):
     * the last values of N, D, C and of the training-state memory, each
     * with the number of sentences since it was set.  Reset per document. */
    struct ctx_value {
        double v;
        int age; /* sentences since set; CTX_STALE: not usable */
    } N, D, C, P, M, mem_total, per_rank,
        Cstar,  /* the budget of the last N*, D* checked */
        L1, L2, /* the last two fitted losses computed, L1 the latest */
        Lt,     /* a target loss "L_t" (exact when it was recomputed) */
        PN, PD, /* a scenario written as a pair, "8.03B/15T" */
        law;    /* the text spoke of the fitted law (age only) */
    double Lt_half; /* the rounding of Lt when it is the written figure */
    /* Named quantities of a worked example (N_{70}, D_{70}, \Delta C),
     * kept longer than N, D and C: their names say what they are. */
    struct named {
        char name[16];
        double v;
        int age;
    } vars[16];
    /* The columns of the last table header (pp_checker_row). */
    struct {
        size_t n;
        char kind[PP_TABLE_COLS];
    } table;
    /* "L(70B, D_{70}) = L_t": the next "D_{70} = ..." solves it. */
    struct {
        char name[16];
        double params;
        int age;
    } solve;
};

#define CTX_MAX_AGE 4
#define VAR_MAX_AGE 24
#define CTX_STALE 1000

/* ------------------------------------------------------------------ */
/* Setup                                                              */
/* ------------------------------------------------------------------ */

/* "DeepSeek-V3" -> deepseek[\s\-_.]*v3 with ASCII word edges. */
static pcre2_code *alias_pattern(const char *name)
{
    pp_buf p = PP_BUF_INIT;
    int err, tokens = 0;
    PCRE2_SIZE off;
    pcre2_code *re;
    const unsigned char *s = (const unsigned char *)name;
    pp_buf_puts(&p, "(?<![A-Za-z0-9])");
    while (*s) {
        if (isalnum(*s) || *s >= 0x80) {
            if (tokens++)
                pp_buf_puts(&p, "[\\s\\-_.]*");
            while (*s && (isalnum(*s) || *s >= 0x80)) {
                pp_buf_putc(&p, (char)*s);
                s++;
            }
        } else {
            s++;
        }
    }
    pp_buf_puts(&p, "(?![A-Za-z0-9])");
    re = tokens ? pcre2_compile((PCRE2_SPTR)p.ptr, PCRE2_ZERO_TERMINATED,
                                PCRE2_UTF | PCRE2_CASELESS |
                                    PCRE2_MATCH_INVALID_UTF,
                                &err, &off, NULL)
                : NULL;
    if (re)
        pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
    pp_buf_dispose(&p);
    return re;
}

/* The first word of the alias just added, for the prefilter: ASCII
 * letters and digits only (the pattern is caseless and begins with it);
 * an alias that starts otherwise is always matched. */
static void alias_word(pp_checker *c, const char *name)
{
    struct alias *al = &c->aliases[c->naliases - 1];
    char w[64];
    size_t k = 0;
    const unsigned char *p = (const unsigned char *)name;
    while (*p && !isalnum(*p) && *p < 0x80)
        p++;
    while (*p && k + 1 < sizeof(w) && isalnum(*p) && *p < 0x80)
        w[k++] = (char)tolower(*p++);
    if (k == 0 || (*p >= 0x80) ||
        (!c->alias_words && pp_litset_new(&c->alias_words) < 0) ||
        pp_litset_add(c->alias_words, w, k, (unsigned)(c->naliases - 1)) < 0) {
        pp_error_clear();
        al->always = 1;
    }
}

int pp_checker_new(pp_checker **out, const cJSON *const *docs, size_t n,
                   const pp_rules *rules)
{
    pp_checker *c = calloc(1, sizeof(*c));
    size_t cap = 0;
    *out = NULL;
    if (!c)
        return pp_error_set(PP_ENOMEM, "out of memory");
    c->docs = malloc((n ? n : 1) * sizeof(*c->docs));
    if (!c->docs) {
        free(c);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    memcpy((void *)c->docs, docs, n * sizeof(*c->docs));
    c->ndocs = n;
    c->rules = rules;
    c->mctx = pcre2_match_context_create(NULL);
    c->md = pcre2_match_data_create(1, NULL);
    if (!c->mctx || !c->md) {
        pp_checker_free(c);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    pcre2_set_match_limit(c->mctx, 100000);
    pp_checker_begin_document(c);
    for (size_t i = 0; i < n; i++) {
        const char *names[40];
        size_t k = 0;
        const cJSON *a;
        names[k++] = GET(docs[i], "id")->valuestring;
        names[k++] = GET(docs[i], "name")->valuestring;
        cJSON_ArrayForEach(a, GET(docs[i], "aliases"))
            if (k < 40)
                names[k++] = a->valuestring;
        for (size_t j = 0; j < k; j++) {
            pcre2_code *re;
            if (c->naliases == cap) {
                cap = cap ? cap * 2 : 64;
                struct alias *p = realloc(c->aliases, cap * sizeof(*p));
                if (!p) {
                    pp_checker_free(c);
                    return pp_error_set(PP_ENOMEM, "out of memory");
                }
                c->aliases = p;
            }
            if ((re = alias_pattern(names[j])) != NULL) {
                c->aliases[c->naliases].re = re;
                c->aliases[c->naliases].passport = (int)i;
                c->aliases[c->naliases].always = 0;
                c->naliases++;
                alias_word(c, names[j]);
            }
        }
    }
    if (c->alias_words && pp_litset_build(c->alias_words) < 0) {
        pp_checker_free(c);
        return PP_ENOMEM;
    }
    c->alias_hit = calloc(c->naliases ? c->naliases : 1, 1);
    if (!c->alias_hit) {
        pp_checker_free(c);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    *out = c;
    return 0;
}

void pp_checker_free(pp_checker *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->naliases; i++)
        pcre2_code_free(c->aliases[i].re);
    free(c->aliases);
    pp_litset_free(c->alias_words);
    free(c->alias_hit);
    pcre2_match_context_free(c->mctx);
    pcre2_match_data_free(c->md);
    free((void *)c->docs);
    free(c);
}

/* ------------------------------------------------------------------ */
/* Sentence analysis                                                  */
/* ------------------------------------------------------------------ */

struct entity {
    size_t start, end;
    unsigned long long set; /* bit i: passport i (first 64) */
};

struct sent {
    pp_checker *c;
    const char *text;
    size_t len;
    pp_buf low; /* folded copy (pp_utf8_fold: ASCII, Cyrillic), same offsets */
    int odd;    /* pp_utf8_fold found a letter it cannot compare */
    struct entity ent[MAXENT];
    size_t nent;
    pp_number num[MAXNUM];
    size_t nnum;
    int used[MAXNUM];
    int ents_done; /* find_entities has run */
    /* figure i -> the entity "respectively" pairs it with (or NULL) */
    const struct entity *resp[MAXNUM];
    int resp_done;
    cJSON *out;
    int count;
};

/* Lower-case ASCII and Cyrillic in place; byte lengths do not change. */
/* Is `w` within [from, to) of the lower-cased sentence? */
static int near(const struct sent *s, size_t from, size_t to, const char *w)
{
    if (from > s->len)
        from = s->len;
    if (to > s->len)
        to = s->len;
    return to > from &&
           memmem(s->low.ptr + from, to - from, w, strlen(w)) != NULL;
}

static int any_near(const struct sent *s, size_t from, size_t to,
                    const char *const *ws)
{
    for (; *ws; ws++)
        if (near(s, from, to, *ws))
            return 1;
    return 0;
}

static size_t back(size_t at, size_t n)
{
    return at > n ? at - n : 0;
}

static void find_entities(struct sent *s)
{
    pcre2_match_data *md = s->c->md;
    int filter = s->c->alias_words && !s->odd;
    if (filter) {
        memset(s->c->alias_hit, 0, s->c->naliases);
        pp_litset_scan(s->c->alias_words, s->low.ptr, s->len,
                       s->c->alias_hit);
    }
    for (size_t a = 0; a < s->c->naliases; a++) {
        const struct alias *al = &s->c->aliases[a];
        PCRE2_SIZE start = 0;
        if (filter && !al->always && !s->c->alias_hit[a])
            continue; /* its first word is nowhere in the sentence */
        while (start < s->len &&
               pcre2_match(al->re, (PCRE2_SPTR)s->text, s->len, start, 0, md,
                           s->c->mctx) >= 0) {
            PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
            size_t b = ov[0], e = ov[1], k;
            int merged = 0;
            for (k = 0; k < s->nent; k++) {
                struct entity *x = &s->ent[k];
                if (b < x->end && e > x->start) { /* overlap */
                    if (e - b > x->end - x->start) {
                        x->start = b, x->end = e;
                        x->set = 0;
                    }
                    if (e - b >= x->end - x->start && al->passport < 64)
                        x->set |= 1ULL << al->passport;
                    merged = 1;
                    break;
                }
            }
            if (!merged && s->nent < MAXENT && al->passport < 64) {
                s->ent[s->nent].start = b;
                s->ent[s->nent].end = e;
                s->ent[s->nent].set = 1ULL << al->passport;
                s->nent++;
            }
            start = e > b ? e : b + 1;
        }
    }
}

/* The entity a figure at `at` speaks of: the nearest one before it, else
 * the nearest after. */
static const struct entity *entity_for(const struct sent *s, size_t at)
{
    const struct entity *best = NULL;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].end <= at &&
            (!best || s->ent[k].end > best->end))
            best = &s->ent[k];
    if (best)
        return best;
    for (size_t k = 0; k < s->nent; k++)
        if (!best || s->ent[k].start < best->start)
            best = &s->ent[k];
    return best;
}

/* ------------------------------------------------------------------ */
/* Ranges                                                             */
/* ------------------------------------------------------------------ */

static pp_range num_range(const pp_number *n)
{
    return pp_range_of(n->value, n->sig, n->qualifier);
}

/* ------------------------------------------------------------------ */
/* Emitting claims                                                    */
/* ------------------------------------------------------------------ */

static const char *severity_of(const char *verdict)
{
    if (!strcmp(verdict, "contradicted") || !strcmp(verdict, "undisclosed"))
        return "error";
    if (!strcmp(verdict, "unsupported-generalisation"))
        return "warning";
    return "note";
}

__attribute__((format(printf, 9, 10)))
static void emit(struct sent *s, size_t off, size_t len, const char *entity,
                 const char *attribute, cJSON *claimed, cJSON *expected,
                 const char *verdict, const char *fmt, ...)
{
    cJSON *o = cJSON_CreateObject();
    pp_buf msg = PP_BUF_INIT, rule = PP_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    cJSON_AddNumberToObject(o, "offset", (double)off);
    cJSON_AddNumberToObject(o, "length", (double)len);
    {
        pp_buf t = PP_BUF_INIT;
        pp_buf_put(&t, s->text + off, len);
        cJSON_AddStringToObject(o, "text", pp_buf_cstr(&t));
        pp_buf_dispose(&t);
    }
    if (entity)
        cJSON_AddStringToObject(o, "entity", entity);
    else
        cJSON_AddNullToObject(o, "entity");
    cJSON_AddStringToObject(o, "attribute", attribute);
    cJSON_AddItemToObject(o, "claimed", claimed ? claimed : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "expected",
                          expected ? expected : cJSON_CreateNull());
    cJSON_AddStringToObject(o, "verdict", verdict);
    cJSON_AddStringToObject(o, "severity", severity_of(verdict));
    pp_buf_printf(&rule, "%s.%s",
                  !strncmp(attribute, "derived.", 8) ? "derived" : "fact",
                  verdict);
    if (!strcmp(verdict, "unsupported-generalisation")) {
        pp_buf_clear(&rule);
        pp_buf_puts(&rule, attribute);
    }
    cJSON_AddStringToObject(o, "rule", pp_buf_cstr(&rule));
    cJSON_AddNullToObject(o, "source");
    cJSON_AddNullToObject(o, "section");
    cJSON_AddStringToObject(o, "message", pp_buf_cstr(&msg));
    cJSON_AddItemToArray(s->out, o);
    s->count++;
    pp_buf_dispose(&msg);
    pp_buf_dispose(&rule);
}

static void set_evidence(cJSON *claim, const cJSON *fact)
{
    const cJSON *ev = cJSON_GetArrayItem(GET(fact, "evidence"), 0);
    if (!ev)
        return;
    cJSON_ReplaceItemInObjectCaseSensitive(
        claim, "source", cJSON_CreateString(GET(ev, "source")->valuestring));
    cJSON_ReplaceItemInObjectCaseSensitive(
        claim, "section", cJSON_CreateString(GET(ev, "section")->valuestring));
}

static cJSON *last_claim(struct sent *s)
{
    return cJSON_GetArrayItem(s->out, cJSON_GetArraySize(s->out) - 1);
}

/* ------------------------------------------------------------------ */
/* Facts of passports                                                 */
/* ------------------------------------------------------------------ */

/* Numbers quoted in a fact's evidence, near its value: the figures other
 * sources round it to ("1T", "32B" for 1.04T and 32.6B).  A claim agrees
 * with such a quote when the quoted figure lies within the claim's own
 * rounding ("32B" does; "35B" does not). */
static int quoted_match(const cJSON *fact, pp_range claim)
{
    const cJSON *ev, *v = GET(fact, "value");
    if (!cJSON_IsNumber(v))
        return 0;
    cJSON_ArrayForEach(ev, GET(fact, "evidence"))
    {
        const cJSON *qs[2] = {GET(ev, "quote"), GET(GET(ev, "via"), "quote")};
        for (int k = 0; k < 2; k++) {
            pp_number n[16];
            size_t cnt;
            if (!cJSON_IsString(qs[k]))
                continue;
            cnt = pp_numbers_scan(qs[k]->valuestring,
                                  strlen(qs[k]->valuestring), n, 16);
            for (size_t i = 0; i < cnt; i++) {
                double x = n[i].value;
                if (fabs(x - v->valuedouble) <= 0.1 * fabs(v->valuedouble) &&
                    x >= claim.lo && x <= claim.hi)
                    return 1;
            }
        }
    }
    return 0;
}

/* Compare a figure with fact `name` of passports in `set`. */
static void check_fact(struct sent *s, const pp_number *n,
                       unsigned long long set, const char *name)
{
    pp_range claim = num_range(n);
    const cJSON *match = NULL, *any = NULL, *undisclosed = NULL;
    const char *who = NULL;
    int confirmed = 0;
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        const cJSON *f, *st;
        if (!(set >> i & 1))
            continue;
        f = GET(GET(s->c->docs[i], "facts"), name);
        who = GET(s->c->docs[i], "id")->valuestring;
        if (!f)
            continue;
        st = GET(f, "status");
        if (!strcmp(st->valuestring, "undisclosed")) {
            undisclosed = f;
            continue;
        }
        any = f;
        if (pp_range_meet(claim, pp_range_of(GET(f, "value")->valuedouble,
                                    GET(f, "sig_digits")->valueint,
                                    GET(f, "qualifier")->valuestring)) ||
            quoted_match(f, claim)) {
            confirmed = 1;
            match = f;
            who = GET(s->c->docs[i], "id")->valuestring;
            break;
        }
    }
    {
        cJSON *claimed = cJSON_CreateNumber(n->value);
        const cJSON *f = match ? match : any;
        if (confirmed) {
            emit(s, n->start, n->end - n->start, who, name, claimed,
                 cJSON_CreateNumber(GET(f, "value")->valuedouble), "confirmed",
                 "%s %s agrees with the passport", who, name);
            set_evidence(last_claim(s), f);
        } else if (any) {
            pp_buf e = PP_BUF_INIT;
            pp_num_human(&e, GET(any, "value")->valuedouble,
                         GET(any, "sig_digits")->valueint);
            emit(s, n->start, n->end - n->start, who, name, claimed,
                 cJSON_CreateNumber(GET(any, "value")->valuedouble),
                 "contradicted", "%s %s is %s%s, not %.*s", who, name,
                 strcmp(GET(any, "qualifier")->valuestring, "=")
                     ? GET(any, "qualifier")->valuestring
                     : "",
                 e.ptr, (int)(n->end - n->start), s->text + n->start);
            set_evidence(last_claim(s), any);
            pp_buf_dispose(&e);
        } else if (undisclosed) {
            emit(s, n->start, n->end - n->start, who, name, claimed, NULL,
                 "undisclosed", "%s does not disclose %s", who, name);
            set_evidence(last_claim(s), undisclosed);
        } else {
            emit(s, n->start, n->end - n->start, who, name, claimed, NULL,
                 "unverifiable", "the passport of %s does not record %s",
                 who ? who : "this run", name);
        }
    }
}

/* A hyper-parameter named `keys` in optimizer groups or mechanisms. */
static int find_hyper(const cJSON *doc, const char *const *keys, double *v)
{
    const cJSON *g, *h;
    const cJSON *lists[2] = {GET(GET(doc, "optimizer"), "groups"),
                             GET(GET(doc, "stability"), "mechanisms")};
    for (int l = 0; l < 2; l++) {
        cJSON_ArrayForEach(g, lists[l])
        {
            const cJSON *params = GET(g, l == 0 ? "hyper" : "params");
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
    pp_range claim = num_range(n);
    double v = 0, first = NAN;
    const char *who = NULL;
    int found = 0;
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        if (!(set >> i & 1))
            continue;
        who = GET(s->c->docs[i], "id")->valuestring;
        if (find_hyper(s->c->docs[i], keys, &v)) {
            if (isnan(first))
                first = v;
            found = 1;
            /* a setting is exact: "momentum 0.9" is not 0.95, though
             * 0.95 lies on the edge of what "0.9" rounds from */
            if (!strcmp(n->qualifier, "=")
                    ? fabs(n->value - v) <= 1e-9 * fabs(v)
                    : pp_range_meet(claim, pp_range_of(v, 17, "="))) {
                emit(s, n->start, n->end - n->start, who, label,
                     cJSON_CreateNumber(n->value), cJSON_CreateNumber(v),
                     "confirmed", "%s %s is %g", who, label, v);
                return;
            }
        }
    }
    if (found)
        emit(s, n->start, n->end - n->start, who, label,
             cJSON_CreateNumber(n->value), cJSON_CreateNumber(first),
             "contradicted", "%s %s is %g, not %.*s", who, label, first,
             (int)(n->end - n->start), s->text + n->start);
}

/* ------------------------------------------------------------------ */
/* Binding figures to attributes                                      */
/* ------------------------------------------------------------------ */

static const char *const w_active[] = {"activ", "активн", "激活", NULL};
static const char *const w_total[] = {"total", "всего", "总", "共", "in all",
                                      NULL};
static const char *const w_context[] = {"context", "контекст", "上下文",
                                        "window", NULL};
static const char *const w_train[] = {"trained on", "pretrained on",
                                      "pre-trained on", "training on",
                                      "обучал", "训练", "saw ", "pretraining",
                                      "претрейн", "предобуч", NULL};

static const char *const w_token[] = {"token", "токен", NULL};
static const char *const w_param[] = {"param", "парам", "参数", NULL};

struct hyper_kw {
    const char *const words[6];
    const char *label;
    const char *const keys[4];
};

static const struct hyper_kw hypers[] = {
    {{"threshold", "τ", "阈值", "порог", NULL}, "optimizer.qk_clip_tau",
     {"qk_clip_tau", "tau", NULL}},
    {{"momentum", "动量", "импульс", NULL}, "optimizer.momentum",
     {"momentum", NULL}},
    {{"weight decay", "weight_decay", "затухани", "衰减", NULL},
     "optimizer.weight_decay", {"weight_decay", NULL}},
    {{"update rms", "rms scale", NULL}, "optimizer.update_rms_scale",
     {"update_rms_scale", NULL}},
    {{"bound", "上界", "границ", "предел", NULL},
     "stability.coordinate_bound", {"coordinate_bound", NULL}},
};

/* Where the clause around [a, b) ends on either side, within `reach`
 * bytes: a comma, semicolon, colon, or "and"/"и" stops a window, so in
 * "共 671B 参数，激活 37B" the word 激活 is not read for 671B. */
static const char *const w_stop[] = {",", ";", ":", " and ", " и ", " а ",
                                     "\xEF\xBC\x8C", "\xEF\xBC\x9B",
                                     "\xE3\x80\x81", NULL};

static size_t window_end(const struct sent *s, size_t b, size_t reach)
{
    size_t to = b + reach < s->len ? b + reach : s->len;
    for (const char *const *w = w_stop; *w; w++) {
        const char *p = memmem(s->low.ptr + b, to - b, *w, strlen(*w));
        if (p)
            to = (size_t)(p - s->low.ptr);
    }
    return to;
}

static size_t window_start(const struct sent *s, size_t a, size_t reach)
{
    size_t from = back(a, reach);
    for (const char *const *w = w_stop; *w; w++) {
        size_t n = strlen(*w);
        for (size_t i = a; i-- > from;)
            if (i + n <= a && !memcmp(s->low.ptr + i, *w, n)) {
                from = i + n;
                break;
            }
    }
    return from;
}

/* Does " of ", " out of " or " из " follow the figure ending at `b`? */
static int of_after(const struct sent *s, size_t b)
{
    static const char *const of[] = {" of ", " out of ", " из ", NULL};
    for (const char *const *w = of; *w; w++) {
        size_t n = strlen(*w);
        if (b + n <= s->len && !memcmp(s->low.ptr + b, *w, n))
            return 1;
    }
    return 0;
}

/* Total or active parameters.  "X of (its) Y": X active, Y total.  Else
 * the nearest qualifying word wins -- inside the figure's own span
 * ("32.6B active parameters"), then just after it in the same clause,
 * then just before ("out of 1.04T", "всего 284B", "激活参数 104.2B"). */
static const char *params_kind(const struct sent *s, size_t a, size_t b)
{
    size_t windows[3][2];
    if (near(s, back(a, 10), a, "of ") || near(s, back(a, 10), a, "из "))
        return "params.total";
    if (of_after(s, b))
        return "params.active"; /* "3B of", "3B out of", "3B из" */
    windows[0][0] = a, windows[0][1] = b;
    windows[1][0] = b, windows[1][1] = window_end(s, b, 24);
    windows[2][0] = window_start(s, a, 16), windows[2][1] = a;
    for (int w = 0; w < 3; w++) {
        size_t from = windows[w][0], to = windows[w][1];
        int active = any_near(s, from, to, w_active);
        int total = any_near(s, from, to, w_total);
        if (active != total)
            return active ? "params.active" : "params.total";
    }
    return "params.total";
}

/* "550B/55B", "2.8T/104B": the MoE shorthand total/active. */
static int params_pair(const struct sent *s, const pp_number *x,
                       const pp_number *y)
{
    int slash = 0;
    if (!x->magnitude || !y->magnitude || x->value <= y->value ||
        y->value < 1e8 || x->value >= 1e14 ||
        (x->unit != PP_UNIT_NONE && x->unit != PP_UNIT_PARAMS) ||
        (y->unit != PP_UNIT_NONE && y->unit != PP_UNIT_PARAMS))
        return 0;
    for (size_t k = x->end; k < y->start; k++) {
        if (s->text[k] == '/')
            slash++;
        else if (s->text[k] != ' ')
            return 0;
    }
    return slash == 1;
}

/* Words around a figure that make it another model's, not the run's. */
static const char *const w_model[] = {" model", " baseline", " network",
                                      " модел", "模型", "基线", NULL};
static const char *const w_compare[] = {
    "compared", "versus", " vs", "unlike", "outperform", " beats ",
    "по сравнению", "в отличие", "相比", "不同于", NULL};
static const char *const w_copula[] = {" is ", " was ", ", a ", ", an ",
                                       " \xE2\x80\x94 ", "是", "это",
                                       "является", NULL};
static const char *const w_respectively[] = {"respectively",
                                             "соответственно", "分别", NULL};

static size_t clause_from(const struct sent *s, size_t at);

/* "Kimi K2 and DeepSeek-V3 were trained on 15.5T and 14.8T tokens
 * respectively": the figures after the last entity pair with the
 * entities in order, when there are as many of each. */
static void pair_respectively(struct sent *s)
{
    const struct entity *order[MAXENT];
    size_t ne = 0, fig[MAXNUM], nf = 0, last = 0;
    s->resp_done = 1;
    if (s->nent < 2 || !any_near(s, 0, s->len, w_respectively))
        return;
    for (size_t k = 0; k < s->nent; k++) { /* entities in text order */
        size_t j = ne;
        for (; j > 0 && order[j - 1]->start > s->ent[k].start; j--)
            order[j] = order[j - 1];
        order[j] = &s->ent[k];
        ne++;
        if (s->ent[k].end > last)
            last = s->ent[k].end;
    }
    for (size_t i = 0; i < s->nnum; i++)
        if (s->num[i].start >= last &&
            (s->num[i].magnitude || s->num[i].unit != PP_UNIT_NONE))
            fig[nf++] = i;
    if (nf != ne)
        return;
    for (size_t k = 0; k < nf; k++)
        s->resp[fig[k]] = order[k];
}

/* The entity figure `i` speaks of, or NULL when it speaks of another
 * model: the nearest entity before it -- unless a comparison lies between
 * ("Kimi K2 outperforms ... 70B") or the figure sizes a model of its own
 * ("a 70B model", but "DeepSeek-V3 is a 671B model") -- else the nearest
 * after it, unless the figure's clause is about a model of its own
 * ("Compared with a 7B baseline trained on 2T tokens, Kimi K2 ..."). */
static const struct entity *figure_entity(struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    const struct entity *before = NULL, *after = NULL;
    size_t own_to;
    int own_model;
    if (!s->resp_done)
        pair_respectively(s);
    if (s->resp[i])
        return s->resp[i];
    for (size_t k = 0; k < s->nent; k++) {
        const struct entity *e = &s->ent[k];
        if (e->end <= n->start && (!before || e->end > before->end))
            before = e;
        if (e->start >= n->end && (!after || e->start < after->start))
            after = e;
    }
    own_to = window_end(s, n->end, 14);
    if (after && after->start < own_to)
        own_to = after->start; /* "the 1T Kimi K2 model" */
    own_model = any_near(s, n->end, own_to, w_model);
    if (before) {
        size_t from = before->end, to = n->start;
        if (any_near(s, from, to, w_compare))
            return NULL;
        if (own_model &&
            !(to - from <= 16 && any_near(s, from, to, w_copula)))
            return NULL;
        return before;
    }
    if (!after || own_model ||
        any_near(s, clause_from(s, n->start), n->start, w_model))
        return NULL;
    return after;
}

static const char *const w_expert[] = {"expert", "эксперт", "专家", NULL};

/* Is figure `i` a count of experts: "384 experts", "384 routed experts",
 * "8 of 256 experts" -- not "61 layers and 384 experts"? */
static int experts_figure(const struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    size_t to = window_end(s, n->end, 24);
    if (n->unit == PP_UNIT_EXPERTS)
        return 1;
    if (!any_near(s, n->end, to, w_expert))
        return 0;
    if (of_after(s, n->end))
        return 1;
    return i + 1 >= s->nnum || s->num[i + 1].start >= to;
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
             any_near(s, s->num[j].end, s->num[i].start, w_compare)))
            return 1;
    return 0;
}

static void bind_entity_figures(struct sent *s)
{
    const struct entity *ents[MAXNUM] = {0};
    const char *attrs[MAXNUM] = {0};
    for (size_t i = 0; i < s->nnum; i++) {
        pp_number *n = &s->num[i];
        const struct entity *e = figure_entity(s, i);
        size_t a = n->start, b = n->end;
        const char *attr = NULL;
        /* "671B total", "37B active", "3B out of 16B": parameters */
        int kind_after = any_near(s, b, window_end(s, b, 20), w_active) ||
                         any_near(s, b, window_end(s, b, 8), w_total) ||
                         of_after(s, b);
        if (!e || s->used[i])
            continue;
        if (i + 1 < s->nnum && params_pair(s, n, &s->num[i + 1])) {
            s->used[i] = s->used[i + 1] = 1;
            ents[i] = ents[i + 1] = e;
            attrs[i] = "params.total", attrs[i + 1] = "params.active";
            check_fact(s, n, e->set, "params.total");
            check_fact(s, &s->num[i + 1], e->set, "params.active");
            continue;
        }
        if (n->unit == PP_UNIT_FLOPS)
            attr = "hardware.throughput_per_device";
        else if (n->unit == PP_UNIT_DEVICES)
            attr = "hardware.devices";
        else if (experts_figure(s, i))
            attr = of_after(s, b) ? "experts.active" : "experts.routed";
        else if (n->magnitude &&
                 (any_near(s, b, b + 16, w_context) ||
                  any_near(s, window_start(s, a, 48), a, w_context)))
            attr = "context.length";
        else if (n->unit == PP_UNIT_TOKENS ||
                 (n->magnitude && n->value >= 1e11 && !kind_after &&
                  any_near(s, back(a, 30), a, w_train)) ||
                 (n->magnitude && n->value >= 1e11 && !kind_after &&
                  n->unit == PP_UNIT_NONE &&
                  any_near(s, 0, s->len, w_token) &&
                  !any_near(s, 0, s->len, w_param)))
            attr = near(s, b, b + 40, "per param") ||
                           near(s, b, b + 40, "на параметр")
                       ? "training.tokens_per_param"
                       : near(s, back(a, 40), b + 20, "generat") ? NULL
                                                                : "training.tokens";
        else if (n->unit == PP_UNIT_PARAMS ||
                 (n->magnitude && n->value >= 1e8 &&
                  (kind_after || any_near(s, b, b + 24, w_active) ||
                   any_near(s, b, b + 24, w_total) ||
                   near(s, back(a, 8), a, "of ") ||
                   near(s, back(a, 8), a, "из ") ||
                   any_near(s, back(a, 6), a, w_total) ||
                   any_near(s, back(a, 16), a, w_active) ||
                   any_near(s, back(a, 14), a, w_param)))) {
            attr = params_kind(s, a, b);
        }
        if (attr) {
            s->used[i] = 1;
            if (compared_figure(s, i, e, attr, ents, attrs))
                continue;
            ents[i] = e, attrs[i] = attr;
            check_fact(s, n, e->set, attr);
            continue;
        }
        /* A hyper-parameter named just before the figure. */
        for (size_t h = 0; h < sizeof(hypers) / sizeof(hypers[0]); h++) {
            if (any_near(s, window_start(s, a, 48), a, hypers[h].words) &&
                !n->magnitude) {
                s->used[i] = 1;
                check_hyper(s, n, e->set, hypers[h].label, hypers[h].keys);
                break;
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Derived quantities: recomputed, never looked up                    */
/* ------------------------------------------------------------------ */

/* Compare a written figure with a recomputed value.  The figure's own
 * rounding decides, widened by 1 % for the rounding of the inputs. */
/* The claim of a recomputed figure `n`: confirmed when `agrees`, else
 * contradicted; `shown` is the recomputed value as the message writes it. */
static void recomputed(struct sent *s, const pp_number *n, const char *attr,
                       double value, int agrees, const char *shown,
                       const char *how)
{
    if (agrees)
        emit(s, n->start, n->end - n->start, NULL, attr,
             cJSON_CreateNumber(n->value), cJSON_CreateNumber(value),
             "confirmed", "%s recomputes to %s", how, shown);
    else
        emit(s, n->start, n->end - n->start, NULL, attr,
             cJSON_CreateNumber(n->value), cJSON_CreateNumber(value),
             "contradicted", "%s recomputes to %s, not %.*s", how, shown,
             (int)(n->end - n->start), s->text + n->start);
    cJSON_ReplaceItemInObjectCaseSensitive(last_claim(s), "source",
                                           cJSON_CreateString("recomputed"));
}

static void check_derived(struct sent *s, size_t i, const char *attr,
                          double computed, const char *how)
{
    const pp_number *n = &s->num[i];
    pp_range claim = num_range(n);
    pp_range calc = {computed * 0.99, computed * 1.01, 1, 1};
    pp_buf e = PP_BUF_INIT;
    if (!isfinite(computed))
        return;
    s->used[i] = 1;
    if (!strncmp(attr, "derived.memory", 14))
        pp_buf_printf(&e, "%.3g GB", computed / 1e9);
    else if (!strcmp(attr, "derived.bubble"))
        pp_buf_printf(&e, "%.3g%%", computed * 100);
    else
        pp_num_human(&e, computed, 3);
    recomputed(s, n, attr, computed, pp_range_meet(claim, calc), e.ptr, how);
    pp_buf_dispose(&e);
}

static int is_params(const struct sent *s, const pp_number *n)
{
    return n->unit == PP_UNIT_PARAMS ||
           (n->magnitude && n->unit == PP_UNIT_NONE && n->value >= 1e8 &&
            n->value < 1e13 &&
            (near(s, n->start, n->end, "b") ||
             near(s, n->start, n->end, "млрд") ||
             near(s, n->start, n->end, "亿") ||
             near(s, n->end, n->end + 24, "param") ||
             near(s, n->end, n->end + 24, "парам") ||
             near(s, n->end, n->end + 24, "参数") ||
             near(s, n->end, n->end + 10, "model") ||
             near(s, back(n->start, 5), n->start, "n")));
}

static int is_tokens(const struct sent *s, const pp_number *n)
{
    return n->unit == PP_UNIT_TOKENS ||
           (n->magnitude && n->unit == PP_UNIT_NONE && !is_params(s, n) &&
            n->value >= 1e9 &&
            (near(s, n->end, n->end + 30, "token") ||
             near(s, n->end, n->end + 30, "токен") ||
             near(s, back(n->start, 5), n->start, "d")));
}

/* Indexes of unused numbers satisfying `pred`, in order. */
static size_t pick(const struct sent *s,
                   int (*pred)(const struct sent *, const pp_number *),
                   size_t *idx, size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < s->nnum && k < max; i++)
        if (!s->used[i] && pred(s, &s->num[i]))
            idx[k++] = i;
    return k;
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

static int is_bytes(const struct sent *s, const pp_number *n)
{
    (void)s;
    return n->unit == PP_UNIT_BYTES;
}

static int is_plain(const struct sent *s, const pp_number *n)
{
    (void)s;
    return n->unit == PP_UNIT_NONE && !n->magnitude && n->value >= 1 &&
           n->value == floor(n->value);
}

static const char *const w_optimum[] = {"fitted law", "optimum", "optimal",
                                        "n*", "chinchilla", "оптимум",
                                        "оптимальн", "最优", "最佳", NULL};
static const char *const w_same[] = {"same fitted loss", "same loss",
                                     "equal loss", "equal-loss",
                                     "той же", "такой же loss", "相同",
                                     "同等", NULL};
static const char *const w_breakeven[] = {"break-even", "break even",
                                          "breakeven", "окупа", "точка безубыт",
                                          "盈亏", "回本", NULL};
static const char *const w_bubble[] = {"bubble", "пузыр", "气泡", NULL};
static const char *const w_micro[] = {"micro-batch", "microbatch",
                                      "micro batch", "микробатч",
                                      "микро-батч", "微批", NULL};
static const char *const w_stage[] = {"stage", "стади", "ступен", "этап",
                                      "级", "段", NULL};
static const char *const w_zero[] = {"zero-", "zero ", NULL};
static const char *const w_rank[] = {"rank", "gpu", "ранг", "устройств",
                                     "процесс", "卡", NULL};
static const char *const w_bytes[] = {"byte", "байт", "字节", NULL};
static const char *const w_per_param[] = {"per param", "на параметр",
                                          "每参数", "每个参数", NULL};
static const char *const w_6nd[] = {"6nd", "6·n·d", "6 n d", "6*n*d",
                                    "6 × n × d", "compute", "flop", "вычисл",
                                    "算力", "计算量", NULL};
static const char *const w_tpp[] = {"tokens per param", "token per param",
                                    "токенов на параметр", "每参数",
                                    "tokens/param", NULL};

/* A passport whose total parameters the figure names (the run a derived
 * figure is about, e.g. 8.03B -> its token count). */
static const cJSON *doc_by_params(const struct sent *s, const pp_number *n)
{
    pp_range r = num_range(n);
    for (size_t i = 0; i < s->c->ndocs; i++) {
        const cJSON *f = GET(GET(s->c->docs[i], "facts"), "params.total");
        if (f && cJSON_IsNumber(GET(f, "value")) &&
            pp_range_meet(r, pp_range_of(GET(f, "value")->valuedouble,
                                GET(f, "sig_digits")->valueint, "=")))
            return s->c->docs[i];
    }
    return NULL;
}

static double doc_tokens(const cJSON *doc)
{
    const cJSON *f = GET(GET(doc, "facts"), "training.tokens");
    return f && cJSON_IsNumber(GET(f, "value")) ? GET(f, "value")->valuedouble
                                                 : NAN;
}

static const char *const w_at[] = {" at ", " for ", "при ", "для ",
                                   "在", "时", NULL};

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
            if (!between && any_near(s, s->num[i].end, s->num[k].start, w_at))
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
static void optimum_figures(struct sent *s)
{
    pp_law law = pp_law_default();
    int kind = 0;
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        pp_optimum o;
        long b;
        int k;
        if (s->used[i] || is_flop(s, n))
            continue;
        k = is_params(s, n) ? 'p' : is_tokens(s, n) ? 't'
            : (kind && n->magnitude && n->unit == PP_UNIT_NONE) ? kind : 0;
        if (!k || (b = budget_for(s, i)) < 0)
            continue;
        kind = k;
        s->used[b] = 1;
        if (pp_calc_optimum(&law, s->num[b].value, &o) == 0)
            check_derived(s, i,
                          k == 'p' ? "derived.optimum_params"
                                   : "derived.optimum_tokens",
                          k == 'p' ? o.params : o.tokens,
                          k == 'p' ? "the fitted law's N*"
                                   : "the fitted law's D*");
        pp_error_clear();
    }
}

static void derived_law(struct sent *s)
{
    pp_law law = pp_law_default();
    size_t p[4], t[4], c[2];
    size_t np = pick(s, is_params, p, 4), nt = pick(s, is_tokens, t, 4);
    size_t nc = pick(s, is_flop, c, 2);

    if (any_near(s, 0, s->len, w_breakeven) && np >= 2) {
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
            check_derived(s, t[nt - 1], "derived.breakeven_tokens",
                          be.breakeven_tokens, "the break-even point");
        pp_error_clear();
        return;
    }
    if (any_near(s, 0, s->len, w_same) && near(s, 0, s->len, "loss") &&
        np >= 2 && nt >= 1) {
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
            check_derived(s, t[nt - 1], "derived.same_loss_tokens",
                          sl.other_tokens, "the equal-loss token count");
        pp_error_clear();
        return;
    }
    if (nc >= 1 && any_near(s, 0, s->len, w_optimum)) {
        optimum_figures(s);
        return;
    }
    if (nt >= 1 && any_near(s, 0, s->len, w_tpp)) {
        size_t r[2];
        size_t nr = pick(s, is_plain, r, 2);
        if (np >= 1 && nr >= 1) {
            double v;
            if (pp_calc_tpp(s->num[p[0]].value, s->num[t[0]].value, &v) == 0)
                check_derived(s, r[0], "derived.tokens_per_param", v,
                              "D / N");
            s->used[p[0]] = s->used[t[0]] = 1;
        }
        pp_error_clear();
        return;
    }
    if (np >= 1 && nt >= 1 && nc >= 1 && any_near(s, 0, s->len, w_6nd)) {
        double v;
        if (pp_calc_flops(s->num[p[0]].value, s->num[t[0]].value, 6, &v) ==
            0) {
            s->used[p[0]] = s->used[t[0]] = 1;
            check_derived(s, c[0], "derived.training_flops", v, "6 N D");
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
    static const char *const per[] = {"per ", " на ", "每", "/", NULL};
    static const char *const param[] = {"param", "парамет", "参数", NULL};
    for (const char *const *p = per; *p; p++) {
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
        for (const char *const *q = param; *q; q++) {
            const char *m = memmem(s->low.ptr + a, b - a, *q, strlen(*q));
            if (m) {
                size_t e = (size_t)(m - s->low.ptr);
                *basis = any_near(s, a, e, w_active)  ? 'a'
                         : any_near(s, a, e, w_total) ? 't'
                                                      : 0;
                return 1;
            }
        }
    }
    return 0;
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
    const char *who = GET(doc, "id")->valuestring;
    pp_range claim = num_range(n);
    int ok = pp_range_meet(claim, want), ok_alt = !ok && alt.have &&
                                                  pp_range_meet(claim, alt);
    pp_range shown = ok_alt ? alt : want;
    double mid = isinf(shown.hi) ? shown.lo : (shown.lo + shown.hi) / 2;
    pp_buf e = PP_BUF_INIT;
    pp_num_human(&e, shown.lo, 3);
    if (!isinf(shown.hi) && shown.hi > shown.lo * 1.0005) {
        pp_buf_puts(&e, "..");
        pp_num_human(&e, shown.hi, 3);
    } else if (isinf(shown.hi)) {
        pp_buf_puts(&e, " or more");
    }
    if (ok || (ok_alt && !wrong))
        emit(s, n->start, n->end - n->start, who, attr,
             cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
             "confirmed", "%s: %s recomputes to %s", who,
             ok ? how : alt_how, e.ptr);
    else if (ok_alt)
        emit(s, n->start, n->end - n->start, who, attr,
             cJSON_CreateNumber(n->value), cJSON_CreateNumber(mid),
             "contradicted", "%s: %.*s is %s (%s); %s", who,
             (int)(n->end - n->start), s->text + n->start, alt_how, e.ptr,
             wrong);
    else {
        pp_buf_clear(&e);
        pp_num_human(&e, want.lo, 3);
        if (isinf(want.hi))
            pp_buf_puts(&e, " or more");
        else if (want.hi > want.lo * 1.0005) {
            pp_buf_puts(&e, "..");
            pp_num_human(&e, want.hi, 3);
        }
        emit(s, n->start, n->end - n->start, who, attr,
             cJSON_CreateNumber(n->value),
             cJSON_CreateNumber(isinf(want.hi) ? want.lo
                                               : (want.lo + want.hi) / 2),
             "contradicted", "%s: %s recomputes to %s, not %.*s", who, how,
             e.ptr, (int)(n->end - n->start), s->text + n->start);
    }
    cJSON_ReplaceItemInObjectCaseSensitive(last_claim(s), "source",
                                           cJSON_CreateString("recomputed"));
    pp_buf_dispose(&e);
}

/* The first passport of entity set `set` that has `a` and `b` facts. */
static const cJSON *doc_with(const struct sent *s, unsigned long long set,
                             const char *a, const char *b)
{
    for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
        const cJSON *f = GET(s->c->docs[i], "facts");
        if ((set >> i & 1) && pp_range_of_fact(f, a).have &&
            pp_range_of_fact(f, b).have)
            return s->c->docs[i];
    }
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
            const cJSON *f = GET(GET(doc, "facts"), inputs[k]);
            const cJSON *st = GET(f, "status");
            if (cJSON_IsString(st) &&
                !strcmp(st->valuestring, "undisclosed")) {
                emit(s, n->start, n->end - n->start,
                     GET(doc, "id")->valuestring, attr,
                     cJSON_CreateNumber(n->value), NULL, "undisclosed",
                     "%s does not disclose %s, so %.*s cannot come from "
                     "its reports",
                     GET(doc, "id")->valuestring, inputs[k],
                     (int)(n->end - n->start), s->text + n->start);
                set_evidence(last_claim(s), f);
                return;
            }
        }
    }
    emit(s, n->start, n->end - n->start, NULL, attr,
         cJSON_CreateNumber(n->value), NULL, "unverifiable",
         "the passport does not record the tokens and parameters to "
         "recompute %.*s from",
         (int)(n->end - n->start), s->text + n->start);
}

static const char *const w_compute[] = {"compute", "train", "обуч",
                                        "вычисл", "训练", "算力", "计算",
                                        NULL};

/* "Kimi K2 saw about 475 tokens per active parameter", "DeepSeek-V3's
 * training compute is about 3.3e24 FLOP": a derived figure of a named run
 * whose inputs the sentence does not write, recomputed from the run's
 * passport -- D/N on the parameters the phrase names (either, for an MoE
 * when it names none), 6*N*D on active parameters (an MoE's compute on
 * total parameters is a known misreading, and said so). */
static void derived_passport(struct sent *s)
{
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        const struct entity *ent;
        const cJSON *doc, *f;
        pp_range tok, act, tot;
        int basis = 0;
        if (s->used[i] || !(ent = figure_entity(s, i)))
            continue;
        if (!n->magnitude && n->value >= 1 && n->value < 1e6 &&
            (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_TOKENS) &&
            (per_param(s, n->end, n->end + 48, &basis) ||
             (near(s, back(n->start, 30), n->start, "每") &&
              per_param(s, back(n->start, 30), n->start, &basis)))) {
            s->used[i] = 1;
            if (!(doc = doc_with(s, ent->set, "training.tokens",
                                 "params.total"))) {
                undisclosed_input(s, n, ent->set, "derived.tokens_per_param");
                continue;
            }
            f = GET(doc, "facts");
            tok = pp_range_of_fact(f, "training.tokens");
            act = pp_range_of_fact(f, "params.active");
            tot = pp_range_of_fact(f, "params.total");
            if (basis == 'a' && act.have)
                passport_derived(s, n, doc, "derived.tokens_per_param",
                                 "D / N with active parameters",
                                 pp_range_div(tok, act), NULL,
                                 (pp_range){0, 0, 0, 0}, NULL);
            else if (basis == 't' || !act.have)
                passport_derived(s, n, doc, "derived.tokens_per_param",
                                 "D / N with total parameters",
                                 pp_range_div(tok, tot), NULL,
                                 (pp_range){0, 0, 0, 0}, NULL);
            else
                passport_derived(s, n, doc, "derived.tokens_per_param",
                                 "D / N with total parameters",
                                 pp_range_div(tok, tot),
                                 "D / N with active parameters",
                                 pp_range_div(tok, act), NULL);
        } else if (n->unit == PP_UNIT_FLOP && n->value >= 1e18 &&
                   any_near(s, 0, s->len, w_compute)) {
            s->used[i] = 1;
            if (!(doc = doc_with(s, ent->set, "training.tokens",
                                 "params.total"))) {
                undisclosed_input(s, n, ent->set, "derived.training_flops");
                continue;
            }
            f = GET(doc, "facts");
            tok = pp_range_of_fact(f, "training.tokens");
            act = pp_range_of_fact(f, "params.active");
            tot = pp_range_of_fact(f, "params.total");
            if (!act.have)
                act = tot; /* a dense model states only its total */
            passport_derived(
                s, n, doc, "derived.training_flops",
                act.hi < tot.lo ? "6 N D with active parameters" : "6 N D",
                pp_range_mul(act, tok, 6),
                "6 N D with total parameters",
                act.hi < tot.lo ? pp_range_mul(tot, tok, 6)
                                : (pp_range){0, 0, 0, 0},
                "the compute of a mixture-of-experts model takes its active "
                "parameters");
        }
    }
}

/* The number nearest before a word of `ws` (e.g. "128 micro-batches"). */
static int number_before(const struct sent *s, const char *const *ws,
                         size_t *out)
{
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (!s->used[i] && is_plain(s, n) &&
            any_near(s, n->end, n->end + 16, ws)) {
            *out = i;
            return 1;
        }
    }
    return 0;
}

static void derived_bubble(struct sent *s)
{
    size_t m, p, pc[2];
    double v;
    if (!any_near(s, 0, s->len, w_bubble))
        return;
    if (!number_before(s, w_micro, &m))
        return;
    s->used[m] = 1;
    if (!number_before(s, w_stage, &p)) {
        s->used[m] = 0;
        return;
    }
    s->used[p] = 1;
    if (pick(s, is_percent, pc, 2) >= 1 &&
        pp_calc_bubble(s->num[p].value, s->num[m].value, &v) == 0)
        check_derived(s, pc[0], "derived.bubble", v,
                      "the 1F1B bubble (p-1)/(m+p-1)");
    pp_error_clear();
}

/* ------------------------------------------------------------------ */
/* Context carried between sentences of a worked example              */
/* ------------------------------------------------------------------ */

void pp_checker_begin_document(pp_checker *c)
{
    struct ctx_value none = {0, CTX_STALE};
    c->N = c->D = c->C = c->P = c->M = c->mem_total = c->per_rank = none;
    c->Cstar = c->L1 = c->L2 = c->Lt = c->PN = c->PD = c->law = none;
    c->Lt_half = 0;
    memset(c->vars, 0, sizeof(c->vars));
    for (size_t i = 0; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        c->vars[i].age = CTX_STALE;
    memset(&c->solve, 0, sizeof(c->solve));
    c->solve.age = CTX_STALE;
    c->table.n = 0;
}

static void ctx_age(pp_checker *c)
{
    struct ctx_value *all[] = {&c->N,  &c->D,         &c->C,
                               &c->P,  &c->M,         &c->mem_total,
                               &c->per_rank, &c->Cstar, &c->L1,
                               &c->L2, &c->Lt, &c->PN, &c->PD,
                               &c->law};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i]->age < CTX_STALE)
            all[i]->age++;
    for (size_t i = 0; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age < CTX_STALE)
            c->vars[i].age++;
    if (c->solve.age < CTX_STALE)
        c->solve.age++;
}

static void ctx_set(struct ctx_value *x, double v)
{
    if (isfinite(v) && v > 0) {
        x->v = v;
        x->age = 0;
    }
}

static int ctx_get(const struct ctx_value *x, double *v)
{
    if (x->age > CTX_MAX_AGE)
        return 0;
    *v = x->v;
    return 1;
}

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

/* Worked examples: the fitted law's N*, D* for the current budget; 6ND
 * and D/N from the current N and D; memory from bytes per parameter. */
static void derived_context(struct sent *s)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    double N = 0, D = 0, C = 0;
    int haveN = ctx_get(&c->N, &N), haveD = ctx_get(&c->D, &D);
    int haveC = ctx_get(&c->C, &C);
    /* "the level of the 8.03B/15T scenario": a model size and its tokens
     * written as a pair, for a target loss "L_t" that may follow */
    for (size_t i = 0; i + 1 < s->nnum; i++) {
        const pp_number *a = &s->num[i], *b = &s->num[i + 1];
        if (a->magnitude && b->magnitude && b->start == a->end + 1 &&
            s->text[a->end] == '/' && a->value >= 1e6 && a->value < 1e13 &&
            b->value >= 1e9 && b->value > a->value) {
            ctx_set(&c->PN, a->value);
            ctx_set(&c->PD, b->value);
        }
    }
    /* assignments in this sentence come first */
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        if (v == 'n')
            N = s->num[i].value, haveN = 1, s->used[i] = 1;
        else if (v == 'd')
            D = s->num[i].value, haveD = 1, s->used[i] = 1;
    }
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        if (s->used[i])
            continue;
        if (v == 'c' && near(s, 0, s->len, "6nd") && haveN && haveD) {
            check_derived(s, i, "derived.training_flops", 6 * N * D,
                          "6 N D");
            C = s->num[i].value, haveC = 1;
        } else if (v == 'c') {
            C = s->num[i].value, haveC = 1; /* still free for derived_law */
        }
    }
    for (size_t i = 0; i < s->nnum; i++) {
        int v = assigned_var(s, &s->num[i]);
        pp_optimum o;
        if (s->used[i] || (v != 'N' && v != 'D') || !haveC)
            continue;
        if (pp_calc_optimum(&law, C, &o) == 0) {
            check_derived(s, i,
                          v == 'N' ? "derived.optimum_params"
                                   : "derived.optimum_tokens",
                          v == 'N' ? o.params : o.tokens,
                          v == 'N' ? "the fitted law's N*"
                                   : "the fitted law's D*");
            ctx_set(&c->Cstar, C); /* L(N^{*}, D^{*}) may follow */
        }
        pp_error_clear();
    }
    /* "about 1868 tokens per parameter" with N and D set before: the
     * figure the phrase follows, not any other ("vs 20 for Chinchilla") */
    if (haveN && haveD)
        for (size_t i = 0; i < s->nnum; i++)
            if (!s->used[i] && !s->num[i].magnitude &&
                s->num[i].value < 1e6 && s->num[i].value >= 1 &&
                any_near(s, s->num[i].start, s->num[i].end + 32, w_tpp)) {
                check_derived(s, i, "derived.tokens_per_param", D / N,
                              "D / N");
                break;
            }
    /* the 1F1B bubble: "$p=8$ и $m=32$" ... "$f=\\frac{7}{39}=17.9\\%$" */
    {
        double P = 0, M = 0;
        int haveP = ctx_get(&c->P, &P), haveM = ctx_get(&c->M, &M);
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
            (any_near(s, 0, s->len, w_bubble) ||
             (near(s, 0, s->len, "f=") && near(s, 0, s->len, "\\frac")))) {
            double f;
            for (size_t i = 0; i < s->nnum; i++)
                if (!s->used[i] && s->num[i].unit == PP_UNIT_PERCENT &&
                    pp_calc_bubble(P, M, &f) == 0)
                    check_derived(s, i, "derived.bubble", f,
                                  "the 1F1B bubble (p-1)/(m+p-1)");
            pp_error_clear();
        }
        if (haveP)
            ctx_set(&c->P, P);
        if (haveM)
            ctx_set(&c->M, M);
    }
    if (haveN)
        ctx_set(&c->N, N);
    if (haveD)
        ctx_set(&c->D, D);
    if (haveC)
        ctx_set(&c->C, C);
}

/* ------------------------------------------------------------------ */
/* Worked examples: losses, equal-loss solutions, arithmetic          */
/* ------------------------------------------------------------------ */

/* Past white space, '$', and LaTeX spacing (\, \; \! "\ " \quad). */
static size_t skip_math_space(const struct sent *s, size_t i, size_t end)
{
    const char *t = s->low.ptr;
    while (i < end) {
        if (t[i] == ' ' || t[i] == '$' || t[i] == '\t' || t[i] == '\n')
            i++;
        else if (t[i] == '\\' && i + 1 < end && strchr(",;! ", t[i + 1]))
            i += 2;
        else if (end - i >= 6 && !memcmp(t + i, "\\qquad", 6))
            i += 6;
        else if (end - i >= 5 && !memcmp(t + i, "\\quad", 5))
            i += 5;
        else
            break;
    }
    return i;
}

/* The number that starts at byte `i`, or -1. */
static long number_at(const struct sent *s, size_t i)
{
    for (size_t k = 0; k < s->nnum; k++)
        if (s->num[k].start == i)
            return (long)k;
    return -1;
}

static int is_lower(char ch)
{
    return ch >= 'a' && ch <= 'z';
}

/* A variable at `i` of the folded text: one Latin letter not glued to
 * another ("n", not "in"), "\Delta " before it, "^{*}" or a subscript
 * after it: "n_{70}" -> "n_70", "d^{*}" -> "d*", "\Delta c" -> "dc".
 * Returns its end, or 0. */
static size_t var_at(const struct sent *s, size_t i, size_t end,
                     char name[16])
{
    const char *t = s->low.ptr;
    size_t k = 0;
    if (end - i >= 6 && !memcmp(t + i, "\\delta", 6)) {
        i += 6;
        while (i < end && t[i] == ' ')
            i++;
        name[k++] = 'd';
    }
    if (i >= end || !is_lower(t[i]) || (i + 1 < end && is_lower(t[i + 1])) ||
        (i > 0 && is_lower(t[i - 1])))
        return 0;
    name[k++] = t[i++];
    if (end - i >= 4 && !memcmp(t + i, "^{*}", 4)) {
        name[k++] = '*';
        i += 4;
    } else if (end - i >= 2 && !memcmp(t + i, "^*", 2)) {
        name[k++] = '*';
        i += 2;
    } else if (i + 1 < end && t[i] == '_') {
        size_t j = i + 1;
        name[k++] = '_';
        if (t[j] == '{') {
            for (j++; j < end && t[j] != '}' && k < 14; j++) {
                if (!isalnum((unsigned char)t[j]) && t[j] != '*')
                    return 0;
                name[k++] = t[j];
            }
            if (j >= end || t[j] != '}')
                return 0;
            j++;
        } else if (isalnum((unsigned char)t[j])) {
            name[k++] = t[j++];
        } else {
            return 0;
        }
        i = j;
    }
    name[k] = '\0';
    return i;
}

static struct named *named_find(pp_checker *c, const char *name)
{
    for (size_t i = 0; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age <= VAR_MAX_AGE && !strcmp(c->vars[i].name, name))
            return &c->vars[i];
    return NULL;
}

static void named_set(pp_checker *c, const char *name, double v)
{
    struct named *slot = named_find(c, name);
    if (!isfinite(v))
        return;
    for (size_t i = 0; !slot && i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age > VAR_MAX_AGE)
            slot = &c->vars[i];
    if (!slot) { /* all in use: the oldest goes */
        slot = &c->vars[0];
        for (size_t i = 1; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
            if (c->vars[i].age > slot->age)
                slot = &c->vars[i];
    }
    snprintf(slot->name, sizeof(slot->name), "%s", name);
    slot->v = v;
    slot->age = 0;
}

/* The value of a variable: N, D, C of the example, the fitted law's N*
 * and D* at the last budget, or a named quantity. */
static int var_value(const struct sent *s, const char *name, double *v)
{
    pp_checker *c = s->c;
    struct named *x;
    if (!strcmp(name, "n"))
        return ctx_get(&c->N, v);
    if (!strcmp(name, "d"))
        return ctx_get(&c->D, v);
    if (!strcmp(name, "c"))
        return ctx_get(&c->C, v);
    if (!strcmp(name, "n*") || !strcmp(name, "d*")) {
        pp_law law = pp_law_default();
        double C;
        pp_optimum o;
        if (!ctx_get(&c->Cstar, &C) || pp_calc_optimum(&law, C, &o) < 0) {
            pp_error_clear();
            return 0;
        }
        *v = name[0] == 'n' ? o.params : o.tokens;
        return 1;
    }
    if ((x = named_find(c, name)) != NULL) {
        *v = x->v;
        return 1;
    }
    return 0;
}

/* A small evaluator for the arithmetic of worked examples: numbers as the
 * scanner read them, variables, + - * / \cdot \times, implicit products
 * ("2(N_{70}-N_8)"), parentheses, braces and \frac{}{}.  `unc` sums the
 * relative rounding of the figures written with three or more digits
 * (shorter ones, such as 6, 2 or 70B, are taken as exact choices). */
struct ev {
    const struct sent *s;
    size_t i, end;
    int ops, vars, ok;
    double unc;
    int depth; /* nesting of (), {} and \frac: bounded by EV_MAX_DEPTH */
};

#define EV_MAX_DEPTH 16

static double ev_expr(struct ev *e);

static int ev_lit(struct ev *e, const char *w)
{
    size_t n = strlen(w);
    e->i = skip_math_space(e->s, e->i, e->end);
    if (e->end - e->i >= n && !memcmp(e->s->low.ptr + e->i, w, n)) {
        e->i += n;
        return 1;
    }
    return 0;
}

static double ev_nested(struct ev *e);

static double ev_factor(struct ev *e)
{
    const struct sent *s = e->s;
    char name[16];
    long k;
    size_t j;
    double v;
    e->i = skip_math_space(s, e->i, e->end);
    if (e->i >= e->end || e->depth >= EV_MAX_DEPTH) {
        e->ok = 0;
        return 0;
    }
    if (ev_lit(e, "\\frac")) {
        double a, b;
        if (!ev_lit(e, "{"))
            return e->ok = 0;
        a = ev_nested(e);
        if (!ev_lit(e, "}") || !ev_lit(e, "{"))
            return e->ok = 0;
        b = ev_nested(e);
        if (!ev_lit(e, "}") || b == 0)
            return e->ok = 0;
        e->ops++;
        return a / b;
    }
    if (ev_lit(e, "(")) {
        v = ev_nested(e);
        if (!ev_lit(e, ")"))
            e->ok = 0;
        return v;
    }
    if (ev_lit(e, "{")) {
        v = ev_nested(e);
        if (!ev_lit(e, "}"))
            e->ok = 0;
        return v;
    }
    if ((k = number_at(s, e->i)) >= 0 && s->num[k].end <= e->end &&
        s->num[k].unit != PP_UNIT_PERCENT && !strcmp(s->num[k].qualifier, "=")) {
        const pp_number *n = &s->num[k];
        if (n->sig >= 3 && n->value != 0)
            e->unc += pp_half_ulp(n->value, n->sig) / fabs(n->value);
        e->i = n->end;
        return n->value;
    }
    if ((j = var_at(s, e->i, e->end, name)) != 0 && var_value(s, name, &v)) {
        e->i = j;
        e->vars++;
        return v;
    }
    return e->ok = 0;
}

static double ev_term(struct ev *e)
{
    static const char *const mul[] = {"\\cdot", "\\times", "\xC3\x97",
                                      "\xC2\xB7", "*", NULL};
    double v = ev_factor(e);
    while (e->ok) {
        size_t at = e->i;
        int op = 0;
        for (size_t m = 0; mul[m] && !op; m++)
            if (ev_lit(e, mul[m]))
                op = '*';
        if (!op && ev_lit(e, "/"))
            op = '/';
        if (!op) { /* an implicit product: 2(...), 2\frac{}{} */
            e->i = skip_math_space(e->s, at, e->end);
            if (e->i < e->end && (e->s->low.ptr[e->i] == '(' ||
                                  !strncmp(e->s->low.ptr + e->i, "\\frac", 5)))
                op = '*';
            else {
                e->i = at;
                break;
            }
        }
        {
            double f = ev_factor(e);
            if (op == '/' && f == 0)
                e->ok = 0;
            v = op == '*' ? v * f : v / f;
            e->ops++;
        }
    }
    return v;
}

static double ev_expr(struct ev *e)
{
    double v = ev_term(e);
    while (e->ok) {
        size_t at = e->i;
        int op = 0;
        if (ev_lit(e, "+"))
            op = '+';
        else if (ev_lit(e, "-") || ev_lit(e, "\xE2\x88\x92"))
            op = '-';
        if (!op) {
            e->i = at;
            break;
        }
        v = op == '+' ? v + ev_term(e) : v - ev_term(e);
        e->ops++;
    }
    return v;
}

/* A bracketed expression, one level deeper. */
static double ev_nested(struct ev *e)
{
    double v;
    e->depth++;
    v = ev_expr(e);
    e->depth--;
    return v;
}

/* Evaluate [from, to) of the sentence entirely; 1 when it is arithmetic
 * (an operator or a variable) that evaluates. */
static int evaluate(const struct sent *s, size_t from, size_t to, double *v,
                    double *unc)
{
    struct ev e = {s, from, to, 0, 0, 1, 0, 0};
    *v = ev_expr(&e);
    e.i = skip_math_space(s, e.i, to);
    while (e.i < to && (s->low.ptr[e.i] == ',' || s->low.ptr[e.i] == '.'))
        e.i = skip_math_space(s, e.i + 1, to);
    if (!e.ok || e.i != to || !isfinite(*v) || (e.ops == 0 && e.vars == 0))
        return 0;
    *unc = e.unc;
    return 1;
}

/* An argument of L(N, D): a figure, a variable or arithmetic. */
static int evaluate_arg(const struct sent *s, size_t from, size_t to,
                        double *v)
{
    struct ev e = {s, from, to, 0, 0, 1, 0, 0};
    *v = ev_expr(&e);
    return e.ok && skip_math_space(s, e.i, to) == to && isfinite(*v) &&
           *v > 0;
}

/* A relation sign at `i`: '=' (not part of <=, >=, !=, ==) or \approx
 * or U+2248; its length, or 0. */
static size_t relation_at(const struct sent *s, size_t i)
{
    const char *t = s->low.ptr;
    if (t[i] == '=')
        return (i > 0 && strchr("<>!=", t[i - 1])) ||
                       (i + 1 < s->len && t[i + 1] == '=')
                   ? 0
                   : 1;
    if (s->len - i >= 7 && !memcmp(t + i, "\\approx", 7))
        return 7;
    if (s->len - i >= 3 && !memcmp(t + i, "\xE2\x89\x88", 3))
        return 3;
    return 0;
}

/* Check figure `i` against an exactly computed `value` whose own
 * uncertainty is `unc` (relative): the figure's rounding decides. */
static void check_exact(struct sent *s, size_t i, const char *attr,
                        double value, double unc, const char *how)
{
    const pp_number *n = &s->num[i];
    pp_range claim = num_range(n);
    pp_range calc = {value - fabs(value) * (unc + 1e-12),
                     value + fabs(value) * (unc + 1e-12), 1, 1};
    pp_buf e = PP_BUF_INIT;
    s->used[i] = 1;
    pp_buf_printf(&e, "%.*g", n->sig + 2 > 17 ? 17 : n->sig + 2, value);
    recomputed(s, n, attr, value, pp_range_meet(claim, calc), e.ptr, how);
    pp_buf_dispose(&e);
}

/* The unused figure right after a relation sign at or after `i` (past
 * math spacing), or -1. */
static long figure_after_relation(const struct sent *s, size_t i)
{
    size_t r;
    long k;
    i = skip_math_space(s, i, s->len);
    if (i >= s->len || (r = relation_at(s, i)) == 0)
        return -1;
    i = skip_math_space(s, i + r, s->len);
    k = number_at(s, i);
    return k >= 0 && !s->used[k] ? k : -1;
}

static void loss_seen(pp_checker *c, double L)
{
    c->L2 = c->L1;
    ctx_set(&c->L1, L);
}

/* Words that say the text is about a fitted scaling law: only then is
 * "L(N, D)" the law's loss (elsewhere it may be a measured one). */
static const char *const w_law[] = {
    "fitted", "chinchilla", "scaling law", "scaling-law", "hoffmann",
    "parametric", "аппроксимац", "эмпирическ", "закон масштабир",
    "законы масштабир", "拟合", "缩放定律", "缩放律", "scaling 律", NULL};

/* "L(8.03B, 15T) = 1.948310", "L(N^{*}, D^{*}) = ...", "L_t = ...",
 * "\Delta L \approx ...", and "L(70B, D_{70}) = L_t" (to be solved),
 * in a text that spoke of the fitted law in the last sentences. */
static void derived_losses(struct sent *s)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    const char *t = s->low.ptr;
    if (any_near(s, 0, s->len, w_law) || c->Cstar.age == 0)
        c->law.age = 0;
    if (c->law.age > VAR_MAX_AGE)
        return;
    for (size_t i = 0; i + 2 < s->len; i++) {
        long k;
        double L, N, D;
        if (t[i] != 'l' || (i > 0 && isalpha((unsigned char)t[i - 1])))
            continue;
        if (t[i + 1] == '(') { /* L(N, D) */
            size_t a = i + 2, comma = 0, close = 0;
            int depth = 0;
            for (size_t j = a; j < s->len && !close; j++) {
                if (t[j] == '(' || t[j] == '{')
                    depth++;
                else if ((t[j] == ')' || t[j] == '}') && depth > 0)
                    depth--;
                else if (t[j] == ')')
                    close = j;
                else if (t[j] == ',' && depth == 0 && !comma)
                    comma = j;
            }
            if (!comma || !close)
                continue;
            if (!evaluate_arg(s, a, comma, &N) ||
                !evaluate_arg(s, comma + 1, close, &D)) {
                /* "L(70B, D_{70}) = L_t": remember what to solve */
                char name[16];
                size_t j = skip_math_space(s, comma + 1, close), e2;
                if (evaluate_arg(s, a, comma, &N) &&
                    (e2 = var_at(s, j, close, name)) != 0 &&
                    skip_math_space(s, e2, close) == close && name[0] == 'd') {
                    snprintf(c->solve.name, sizeof(c->solve.name), "%s", name);
                    c->solve.params = N;
                    c->solve.age = 0;
                }
                continue;
            }
            if (pp_calc_loss(&law, N, D, &L) < 0) {
                pp_error_clear();
                continue;
            }
            loss_seen(c, L);
            if ((k = figure_after_relation(s, close + 1)) >= 0)
                check_exact(s, (size_t)k, "derived.loss", L, 0,
                            "the fitted law's L(N, D)");
            i = close;
            continue;
        }
        if (!strncmp(t + i + 1, "_t", 2) || !strncmp(t + i + 1, "_{t}", 4)) {
            size_t e2 = i + (t[i + 2] == '{' ? 5 : 3);
            if ((k = figure_after_relation(s, e2)) < 0)
                continue;
            int have = (ctx_get(&c->N, &N) && ctx_get(&c->D, &D)) ||
                       (ctx_get(&c->PN, &N) && ctx_get(&c->PD, &D));
            if (have && pp_calc_loss(&law, N, D, &L) == 0) {
                check_exact(s, (size_t)k, "derived.loss", L, 0,
                            "the fitted law's L(N, D) of the example");
                ctx_set(&c->Lt, L);
                c->Lt_half = 0;
            } else { /* taken as written, with its rounding */
                ctx_set(&c->Lt, s->num[k].value);
                c->Lt_half = pp_half_ulp(s->num[k].value, s->num[k].sig);
            }
            pp_error_clear();
        }
    }
    /* "\Delta L \approx 0.025804": the gap between the last two losses */
    for (size_t i = 0; i + 8 < s->len; i++) {
        double a, b;
        long k;
        size_t j;
        if (memcmp(t + i, "\\delta", 6))
            continue;
        j = i + 6;
        while (j < s->len && t[j] == ' ')
            j++;
        if (j >= s->len || t[j] != 'l' ||
            (j + 1 < s->len && isalpha((unsigned char)t[j + 1])))
            continue;
        if ((k = figure_after_relation(s, j + 1)) >= 0 &&
            ctx_get(&c->L1, &a) && ctx_get(&c->L2, &b))
            check_exact(s, (size_t)k, "derived.loss_gap", fabs(b - a), 0,
                        "the gap between the two fitted losses");
    }
}

/* Is figure k the whole right-hand side: nothing but a relation, an end
 * of sentence or of formula, or prose after it? */
static int terminal_figure(const struct sent *s, long k)
{
    size_t j;
    if (k < 0)
        return 0;
    j = skip_math_space(s, s->num[k].end, s->len);
    return j >= s->len || relation_at(s, j) || strchr(",.;:)", s->low.ptr[j]) ||
           !strncmp(s->low.ptr + j, "\\text", 5) ||
           (unsigned char)s->low.ptr[j] >= 0x80 ||
           (isalpha((unsigned char)s->low.ptr[j]) &&
            j + 1 < s->len && isalpha((unsigned char)s->low.ptr[j + 1]));
}

/* "$N_{70}=70$ B": a magnitude letter typeset after the formula. */
static double typeset_magnitude(const struct sent *s, const pp_number *n)
{
    size_t j = n->end;
    if (n->magnitude)
        return 1;
    while (j < s->len && (s->text[j] == '$' || s->text[j] == ' '))
        j++;
    if (j == n->end || j >= s->len || !strchr("KMBT", s->text[j]) ||
        (j + 1 < s->len && isalpha((unsigned char)s->text[j + 1])))
        return 1;
    return s->text[j] == 'K' ? 1e3 : s->text[j] == 'M' ? 1e6
                                   : s->text[j] == 'B' ? 1e9 : 1e12;
}

/* The left-hand side of a relation: the longest tail of [lo, rel) that is
 * arithmetic (2) or one variable (1), starting at a space, '$', ':' or
 * '(' -- the whole segment when it is a middle of a chain. */
static int tail_lhs(const struct sent *s, size_t lo, size_t rel, double *v,
                    double *unc, char name[16])
{
    size_t from = rel > lo + 96 ? rel - 96 : lo;
    name[0] = '\0';
    for (size_t a = from; a < rel; a++) {
        size_t e;
        if (a > lo && !strchr(" $:(\t\n", s->low.ptr[a - 1]))
            continue;
        if ((e = var_at(s, skip_math_space(s, a, rel), rel, name)) != 0 &&
            skip_math_space(s, e, rel) == rel)
            return 2; /* a variable being defined */
        name[0] = '\0';
        if (evaluate(s, a, rel, v, unc))
            return 1;
    }
    return 0;
}

/* Chains of relations, "C_{70} = 6\cdot70B\cdot D_{70} = 4.59491e23" or
 * "\frac{2.63209e23}{1.2394e11} = 2.12368e12" or "2.25/0.4 = 5.625": the
 * figure after a relation is recomputed from the arithmetic before it.  A
 * named variable on the left keeps the value for the sentences after;
 * "D_{70} = ..." after "L(70B, D_{70}) = L_t" is solved with the law. */
/* `name` = figure k, the end of a chain: "D_{70} = ..." after
 * "L(70B, D_{70}) = L_t" is solved with the law first. */
static void assign_named(struct sent *s, const char *name, long k)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    if (name[1] == '\0' || (name[1] == '*' && name[2] == '\0'))
        return; /* N, D, C, N*, D*: handled above */
    if (!strcmp(name, c->solve.name) && c->solve.age <= VAR_MAX_AGE &&
        !s->used[k]) {
        double Lt = c->Lt.v, D, lo, hi;
        if (c->Lt.age <= VAR_MAX_AGE &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt, &D) == 0 &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt + c->Lt_half,
                                    &lo) == 0 &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt - c->Lt_half,
                                    &hi) == 0) {
            /* a rounded target moves the solution: its range counts */
            check_exact(s, (size_t)k, "derived.same_loss_tokens", D,
                        (hi - lo) / (2 * D),
                        "the token count that reaches the target loss");
            named_set(c, name, D);
            pp_error_clear();
            return;
        }
        pp_error_clear();
    }
    named_set(c, name, s->num[k].value * typeset_magnitude(s, &s->num[k]));
}

/* Chains of relations, "C_{70} = 6\cdot70B\cdot D_{70} = 4.59491e23" or
 * "\frac{2.63209e23}{1.2394e11} = 2.12368e12" or "2.25/0.4 = 5.625": the
 * figure after a relation is recomputed from the arithmetic before it.  A
 * chain that starts with a named variable keeps its final figure for the
 * sentences after. */
static void derived_chains(struct sent *s)
{
    size_t rel[8], rlen[8], nrel = 0;
    char name[16] = "";
    for (size_t i = 0; i < s->len && nrel < 8; i++) {
        size_t r = relation_at(s, i);
        if (r) {
            rel[nrel] = i;
            rlen[nrel++] = r;
            i += r - 1;
        }
    }
    for (size_t j = 0; j < nrel; j++) {
        long k = figure_after_relation(s, rel[j]);
        double v = 0, unc = 0;
        char here[16];
        int lhs = tail_lhs(s, j ? rel[j - 1] + rlen[j - 1] : 0, rel[j], &v,
                           &unc, here);
        if (lhs == 2 && !name[0])
            snprintf(name, sizeof(name), "%s", here); /* a chain starts */
        if (!terminal_figure(s, k))
            continue;
        /* "\frac{112}{64} = 1.75 GB": the claim's unit scales it and the
         * arithmetic has none; nothing to compare */
        if (lhs == 1 && s->num[k].unit != PP_UNIT_BYTES)
            check_exact(s, (size_t)k, "derived.arithmetic", v, unc,
                        "the arithmetic on its left");
        if (j + 1 < nrel &&
            skip_math_space(s, s->num[k].end, s->len) == rel[j + 1])
            continue; /* "= 7.2e23 = ..." goes on */
        if (name[0])
            assign_named(s, name, k);
        name[0] = '\0';
    }
}

/* "16 bytes per parameter ... for 7B": the state's size, for the figures
 * of this sentence and of the next few. */
/* A whole number of devices written with its unit ("16 GPUs"). */
static int devices_figure(const struct sent *s, size_t *out)
{
    for (size_t i = 0; i < s->nnum; i++)
        if (!s->used[i] && s->num[i].unit == PP_UNIT_DEVICES &&
            s->num[i].value >= 1 && s->num[i].value == floor(s->num[i].value)) {
            *out = i;
            return 1;
        }
    return 0;
}

static void derived_memory(struct sent *s)
{
    pp_checker *c = s->c;
    double total = 0, rank = 0;
    int fresh_total, fresh_rank;
    int stated = 0;
    size_t p[2];
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (n->unit == PP_UNIT_NONE && !n->magnitude && n->value >= 1 &&
            n->value <= 64 && any_near(s, n->end, n->end + 12, w_bytes) &&
            any_near(s, n->end, n->end + 40, w_per_param)) {
            s->used[i] = 1;
            stated = 1;
            if (pick(s, is_params, p, 2) >= 1) {
                s->used[p[0]] = 1;
                ctx_set(&c->mem_total, n->value * s->num[p[0]].value);
            }
        }
    }
    /* A ZeRO sentence with a model size and byte figures but no bytes per
     * parameter assumes the course's convention: mixed-precision AdamW,
     * 2 (weights) + 2 (grads) + 4 (master) + 4 + 4 (moments) = 16. */
    if (!stated && any_near(s, 0, s->len, w_zero) &&
        pick(s, is_params, p, 2) >= 1 && pick(s, is_bytes, p + 1, 1) == 1) {
        s->used[p[0]] = 1;
        ctx_set(&c->mem_total, 16 * s->num[p[0]].value);
    }
    fresh_total = ctx_get(&c->mem_total, &total);
    fresh_rank = ctx_get(&c->per_rank, &rank);
    if (!fresh_total)
        return;
    /* ZeRO-3 over R ranks in this sentence: the per-rank share */
    if (near(s, 0, s->len, "zero-3")) {
        size_t r;
        if (number_before(s, w_rank, &r) || devices_figure(s, &r)) {
            s->used[r] = 1;
            rank = total / s->num[r].value;
            fresh_rank = 1;
            ctx_set(&c->per_rank, rank);
        }
    }
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (s->used[i] || n->unit != PP_UNIT_BYTES)
            continue;
        if (pp_range_meet(num_range(n), (pp_range){total * 0.99, total * 1.01, 1, 1}))
            check_derived(s, i, "derived.memory_total", total,
                          "bytes per parameter times parameters (16 for "
                          "mixed-precision AdamW unless stated)");
        else if (fresh_rank)
            check_derived(s, i, "derived.memory_per_rank", rank,
                          "ideal ZeRO-3 sharding of the training state");
    }
}

/* ------------------------------------------------------------------ */
/* Mechanism figures no report gives                                  */
/* ------------------------------------------------------------------ */

/* Words that attach a figure to a mechanism's setting. */
static const char *const w_trigger[] = {
    "threshold", "trigger", "when ", "rises by", "set to", "set at",
    "порог", "когда", "при рост", "阈值", "触发", "当", "设为", NULL};

/* A percentage, or a figure given as a mechanism's threshold or trigger,
 * for a named stability mechanism that records no numeric parameter: the
 * value is not disclosed by the reports. */
static void check_mechanisms(struct sent *s)
{
    for (size_t k = 0; k < s->nent; k++) {
        for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
            const cJSON *m;
            if (!(s->ent[k].set >> i & 1))
                continue;
            cJSON_ArrayForEach(m, GET(GET(s->c->docs[i], "stability"),
                                      "mechanisms"))
            {
                const char *name = GET(m, "name")->valuestring;
                pp_buf lname = PP_BUF_INIT;
                const cJSON *params = GET(m, "params");
                pp_buf_puts(&lname, name);
                pp_utf8_fold(lname.ptr, lname.len);
                if (memmem(s->low.ptr, s->low.len, lname.ptr, lname.len) &&
                    cJSON_GetArraySize(params) == 0) {
                    for (size_t j = 0; j < s->nnum; j++) {
                        const pp_number *n = &s->num[j];
                        if (s->used[j] || n->start < s->ent[k].end ||
                            !(n->unit == PP_UNIT_PERCENT ||
                              (n->unit == PP_UNIT_NONE &&
                               any_near(s, back(n->start, 32), n->start,
                                        w_trigger))))
                            continue;
                        s->used[j] = 1;
                        emit(s, n->start, n->end - n->start,
                             GET(s->c->docs[i], "id")->valuestring, name,
                             cJSON_CreateNumber(n->value), NULL,
                             "undisclosed",
                             "the reports give no figure for %s of %s", name,
                             GET(s->c->docs[i], "id")->valuestring);
                        set_evidence(last_claim(s), m);
                    }
                }
                pp_buf_dispose(&lname);
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Generalisations                                                    */
/* ------------------------------------------------------------------ */

/* Negation and hedges, looked for in the clause before a universal word
 * (from the last comma, semicolon, colon or dash): "не к гарантии ... для
 * любой архитектуры", "is not a universal constant", "不能外推". */
static const char *const w_negation[] = {
    " not ", "n't ", " no ", "cannot", "нельзя", " не ", " нет ", " ни ",
    "не явля", "不", "没有", "并非", "未必", NULL};
static const char *const w_hedge[] = {
    " may ", " might ", " can ", " could ", " should ", " need", "in this run",
    "one run", "может", "нужн", "требу", "в этом запуске", "可能", "一次",
    "需", NULL};

static const char *const w_complement[] = {" что", " that", " чтобы",
                                          NULL};

/* A sentence that names what it states as a misconception refutes it. */
static const char *const w_refuted[] = {
    "misconception", "myth", "misleading", "misread", "заблуждени", "миф",
    "ошибочн", "误区", "误导", "误读", "错误观念", NULL};

/* Is offset `at` inside quotation marks (“...”, «...», "...")?  A quoted
 * phrase is cited, not claimed. */
static int quoted(const struct sent *s, size_t at)
{
    int depth = 0, ascii = 0;
    for (size_t i = 0; i < at && i < s->len; i++) {
        const unsigned char *u = (const unsigned char *)s->text + i;
        if (u[0] == '"')
            ascii = !ascii;
        else if (i + 2 < s->len && u[0] == 0xE2 && u[1] == 0x80 &&
                 u[2] == 0x9C) /* “ */
            depth++;
        else if (i + 2 < s->len && u[0] == 0xE2 && u[1] == 0x80 &&
                 u[2] == 0x9D && depth) /* ” */
            depth--;
        else if (i + 1 < s->len && u[0] == 0xC2 && u[1] == 0xAB) /* « */
            depth++;
        else if (i + 1 < s->len && u[0] == 0xC2 && u[1] == 0xBB && depth)
            depth--; /* » */
    }
    return depth > 0 || ascii;
}

/* What ends a clause: commas, semicolons, colons and dashes, Latin and
 * CJK. */
static const char *const clause_bounds[] = {
    ",", ";", ":", " - ", "\xE2\x80\x94", "\xEF\xBC\x8C", "\xEF\xBC\x9B",
    "\xE3\x80\x81", NULL};

/* Does [from, to) of the folded sentence, padded with a space at each
 * end (so " не " matches a first or last word), hold a word of `ws`? */
static int span_has(const struct sent *s, size_t from, size_t to,
                    const char *const *ws)
{
    pp_buf pad = PP_BUF_INIT;
    int hit = 0;
    pp_buf_putc(&pad, ' ');
    pp_buf_put(&pad, s->low.ptr + from, to - from);
    pp_buf_putc(&pad, ' ');
    for (; *ws && pad.ptr; ws++)
        if (memmem(pad.ptr, pad.len, *ws, strlen(*ws))) {
            hit = 1;
            break;
        }
    pp_buf_dispose(&pad);
    return hit;
}

/* Where the clause holding offset `at` starts. */
static size_t clause_from(const struct sent *s, size_t at)
{
    size_t from = 0;
    for (const char *const *b = clause_bounds; *b; b++) {
        size_t bl = strlen(*b);
        for (size_t i = at; i-- > from;)
            if (i + bl <= at && !memcmp(s->low.ptr + i, *b, bl)) {
                /* ", что ..." / ", that ..." continues the clause that
                 * governs it: "не доказывает, что FP8 всегда ...". */
                if (any_near(s, i + bl, i + bl + 10, w_complement))
                    continue;
                if (i + bl > from)
                    from = i + bl;
                break;
            }
    }
    return from;
}

/* Where the clause holding offset `at` ends. */
static size_t clause_to(const struct sent *s, size_t at)
{
    size_t to = s->len;
    for (const char *const *b = clause_bounds; *b; b++) {
        const char *p = at < s->len ? memmem(s->low.ptr + at, s->len - at,
                                             *b, strlen(*b))
                                    : NULL;
        if (p && (size_t)(p - s->low.ptr) < to)
            to = (size_t)(p - s->low.ptr);
    }
    return to;
}

/* Does the clause ending at `at` contain a word of `ws`? */
static int clause_has(const struct sent *s, size_t at, const char *const *ws)
{
    return span_has(s, clause_from(s, at), at, ws);
}

/* Is the predicate after a universal word negated: a word of `ws` between
 * the end of the match and the end of its clause, before any "that"/"что"
 * that would open a clause of its own ("a universal speed-up cannot be
 * derived", "универсальный коэффициент ... не выводится"; not "guarantees
 * that logits do not explode"). */
static int clause_after_has(const struct sent *s, size_t end,
                            const char *const *ws)
{
    size_t to = clause_to(s, end);
    for (const char *const *c = w_complement; *c; c++) {
        const char *p = memmem(s->low.ptr + end, to - end, *c, strlen(*c));
        if (p)
            to = (size_t)(p - s->low.ptr);
    }
    return span_has(s, end, to, ws);
}

/* ------------------------------------------------------------------ */
/* Formats of precision roles                                         */
/* ------------------------------------------------------------------ */

/* Each has a digit (any_format relies on it). */
static const char *const formats[] = {"nvfp4", "mxfp4", "mxfp8", "fp8",
                                      "fp4", "bf16", "fp16", "fp32",
                                      "e4m3", "e5m2", "int4", "int8", NULL};

struct role_kw {
    const char *const words[6];
    const char *role;
};

/* Words naming a precision role, most specific first: an occurrence inside
 * an earlier one's ("accumulat" in "gradient accumulation") is not
 * counted. */
static const struct role_kw roles[] = {
    {{"gradient accumulat", "накопление градиент", "梯度累", NULL},
     "grad_accumulation"},
    {{"moment", "момент", "动量", "阶矩", NULL}, "optimizer.moments"},
    {{"master weight", "master copy", "мастер", "主权重", NULL},
     "master_weights"},
    {{"accumulat", "накоплен", "累加", NULL}, "gemm.accumulator"},
    {{"gradient sync", "all-reduce", "синхрониз", "梯度同步", NULL},
     "comm.grad_sync"},
    {{"combine", NULL}, "comm.combine"},
    {{"dispatch", NULL}, "comm.dispatch"},
    {{"gemm", "matmul", "matrix multipl", "矩阵乘", NULL}, "gemm.fprop"},
};

/* Does passport format `have` belong to the family written `want`
 * ("fp8" covers fp8-e4m3; "e4m3" names fp8-e4m3)? */
static int same_family(const char *have, const char *want)
{
    size_t n = strlen(want);
    return !strncmp(have, want, n) || strstr(have, want) != NULL;
}

/* A format word at ASCII word edges; returns its offset or -1. */
static long find_format(const struct sent *s, const char *f, size_t from)
{
    size_t n = strlen(f);
    for (const char *p = s->low.ptr + from;
         (p = memmem(p, s->low.len - (size_t)(p - s->low.ptr), f, n)) !=
         NULL;
         p++) {
        size_t at = (size_t)(p - s->low.ptr);
        if ((at == 0 || !isalnum((unsigned char)p[-1])) &&
            (at + n >= s->len || !isalnum((unsigned char)p[n])))
            return (long)at;
        if ((size_t)(p - s->low.ptr) + n >= s->low.len)
            break;
    }
    return -1;
}

static int any_format(const struct sent *s)
{
    /* Every format name has a digit: a sentence without one (most prose)
     * needs no search for any of them. */
    int digit = 0;
    for (size_t i = 0; i < s->low.len && !digit; i++)
        digit = s->low.ptr[i] >= '0' && s->low.ptr[i] <= '9';
    if (!digit)
        return 0;
    for (const char *const *f = formats; *f; f++)
        if (find_format(s, *f, 0) >= 0)
            return 1;
    return 0;
}

/* A role word or a format mentioned in the sentence. */
struct mention {
    size_t start, end;
    const struct role_kw *role; /* a role word */
    const char *format;         /* a format */
    int taken;                  /* a role word a format right before took */
};

#define MAXMENTION 16

static size_t role_words(const struct sent *s, struct mention *out)
{
    size_t n = 0;
    for (size_t r = 0; r < sizeof(roles) / sizeof(roles[0]); r++)
        for (const char *const *w = roles[r].words; *w; w++) {
            size_t wl = strlen(*w), at = 0;
            const char *p;
            while (n < MAXMENTION && at < s->len &&
                   (p = memmem(s->low.ptr + at, s->len - at, *w, wl))) {
                size_t a = (size_t)(p - s->low.ptr);
                int inside = 0;
                for (size_t k = 0; k < n; k++)
                    inside |= a < out[k].end && a + wl > out[k].start;
                if (!inside)
                    out[n++] = (struct mention){a, a + wl, &roles[r], NULL, 0};
                at = a + wl;
            }
        }
    return n;
}

/* Formats in text order; "FP8 E4M3" and "fp8-e4m3" are one mention. */
static size_t format_mentions(const struct sent *s, struct mention *out)
{
    size_t n = 0;
    for (const char *const *f = formats; *f; f++) {
        long at = -1;
        while (n < MAXMENTION &&
               (at = find_format(s, *f, at < 0 ? 0 : (size_t)at + 1)) >= 0) {
            size_t a = (size_t)at, k;
            int part = 0;
            for (k = 0; k < n; k++)
                part |= a + 2 >= out[k].start && a <= out[k].end + 2;
            if (part)
                continue;
            for (k = n; k > 0 && out[k - 1].start > a; k--)
                out[k] = out[k - 1];
            out[k] = (struct mention){a, a + strlen(*f), NULL, *f, 0};
            n++;
        }
    }
    return n;
}

/* Does a format ending at `a` modify the role word at `b`: nothing but
 * spaces, a hyphen or a preposition of purpose between ("FP8 GEMMs",
 * "FP8-GEMM", "BF16 for combine", "FP32 用于累加")? */
static int modifies(const struct sent *s, size_t a, size_t b)
{
    static const char *const glue[] = {"for the", "for its", "for", "для",
                                       "用于", "的", NULL};
    while (a < b && (s->low.ptr[a] == ' ' || s->low.ptr[a] == '-'))
        a++;
    while (b > a && s->low.ptr[b - 1] == ' ')
        b--;
    if (a == b)
        return 1;
    for (const char *const *g = glue; *g; g++)
        if (b - a == strlen(*g) && !memcmp(s->low.ptr + a, *g, b - a))
            return 1;
    return 0;
}

/* The role a format speaks of: a role word right after it ("FP8 GEMMs",
 * "BF16 for combine") -- which no other format may then take -- else the
 * nearest before it in its clause ("moments in FP8"), else the nearest
 * after it in its clause ("FP32 is used for the accumulation"). */
static void bind_formats(const struct sent *s, struct mention *fm, size_t nf,
                         struct mention *rw, size_t nr,
                         const struct role_kw **out)
{
    for (size_t i = 0; i < nf; i++) {
        out[i] = NULL;
        for (size_t k = 0; k < nr; k++)
            if (rw[k].start >= fm[i].end && rw[k].start <= fm[i].end + 12 &&
                modifies(s, fm[i].end, rw[k].start)) {
                out[i] = rw[k].role;
                rw[k].taken = 1;
                break;
            }
    }
    for (size_t i = 0; i < nf; i++) {
        size_t lo = clause_from(s, fm[i].start), hi = clause_to(s, fm[i].end);
        long best = -1;
        if (out[i])
            continue;
        for (size_t k = 0; k < nr; k++)
            if (!rw[k].taken && rw[k].end <= fm[i].start && rw[k].start >= lo &&
                fm[i].start - rw[k].end <= 60 &&
                (best < 0 || rw[k].end > rw[best].end))
                best = (long)k;
        for (size_t k = 0; k < nr && best < 0; k++)
            if (!rw[k].taken && rw[k].start >= fm[i].end && rw[k].end <= hi &&
                rw[k].start - fm[i].end <= 40)
                best = (long)k;
        if (best >= 0)
            out[i] = rw[best].role;
    }
}

/* The format a passport's role records (a string, or an array of
 * alternatives such as ["bf16", "fp32"]): the one of the family `want` if
 * any (*same = 1), else the first.  Borrowed from the passport. */
static const char *role_format(const cJSON *role, const char *want, int *same)
{
    const cJSON *f = GET(role, "format"), *x;
    const char *first = "undisclosed";
    *same = 0;
    if (cJSON_IsString(f)) {
        *same = same_family(f->valuestring, want);
        return f->valuestring;
    }
    cJSON_ArrayForEach(x, f)
    {
        if (!cJSON_IsString(x))
            continue;
        if (same_family(x->valuestring, want)) {
            *same = 1;
            return x->valuestring;
        }
        if (!strcmp(first, "undisclosed"))
            first = x->valuestring;
    }
    return first;
}

/* The claim that run `doc` keeps `role` in format `f` (or, `negated`,
 * not in it). */
static void check_role(struct sent *s, const struct mention *m,
                       const cJSON *doc, const char *role, int negated)
{
    const char *who = GET(doc, "id")->valuestring, *have;
    const cJSON *r = GET(GET(GET(doc, "precision"), "roles"), role);
    size_t flen = m->end - m->start;
    int same;
    if (!r) {
        emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
             NULL, "unverifiable", "the passport of %s records no format for %s",
             who, role);
        return;
    }
    have = role_format(r, m->format, &same);
    if (!negated)
        emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
             cJSON_CreateString(have), same ? "confirmed" : "contradicted",
             same ? "%s keeps %s in %s" : "%s keeps %s in %s, not %s", who,
             role, have, m->format);
    else
        emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
             cJSON_CreateString(have), same ? "contradicted" : "confirmed",
             same ? "%s keeps %s in %s, which the sentence denies"
                  : "%s keeps %s in %s: not %s, as written",
             who, role, have, m->format);
    set_evidence(last_claim(s), r);
}

/* The claim that run `doc` trained in format `f` (its headline). */
static int check_headline(struct sent *s, const struct mention *m,
                          const cJSON *doc, int negated)
{
    const char *who = GET(doc, "id")->valuestring, *f = m->format, *stage;
    const cJSON *h = GET(GET(doc, "precision"), "headline"), *x;
    size_t flen = m->end - m->start;
    int hit = 0, later;
    if (!h)
        return 0;
    stage = GET(h, "stage")->valuestring;
    cJSON_ArrayForEach(x, GET(h, "formats"))
        hit |= same_family(x->valuestring, f);
    /* the format came after pretraining, and the sentence says pretraining */
    later = hit && strcmp(stage, "pretraining") != 0 &&
            near(s, 0, s->len, "pretrain");
    if (negated) {
        int holds = !hit || later; /* "not trained in F" */
        emit(s, m->start, flen, who, "precision.headline",
             cJSON_CreateString(f),
             cJSON_CreateString(GET(h, "text")->valuestring),
             holds ? "confirmed" : "contradicted",
             !holds ? "%s: %s (%s), which the sentence denies"
             : later ? "%s: %s (%s): not %s in pretraining, as written"
                     : "%s: %s (%s): not %s, as written",
             who, GET(h, "text")->valuestring, stage, f);
    } else if (later) {
        emit(s, m->start, flen, who, "precision.headline",
             cJSON_CreateString(f),
             cJSON_CreateString(GET(h, "text")->valuestring), "contradicted",
             "%s used %s in %s (%s), not in pretraining", who, f, stage,
             GET(h, "text")->valuestring);
    } else {
        emit(s, m->start, flen, who, "precision.headline",
             cJSON_CreateString(f),
             cJSON_CreateString(GET(h, "text")->valuestring),
             hit ? "confirmed" : "contradicted",
             hit ? "%s: %s" : "%s: %s, not %s", who,
             GET(h, "text")->valuestring, f);
    }
    set_evidence(last_claim(s), h);
    return 1;
}

/* Formats bound to precision roles of the run the sentence names, each
 * format mention once; a format bound to no role speaks of the run's
 * training (its headline) when the sentence is about training -- the
 * first such mention only. */
static void check_formats(struct sent *s)
{
    struct mention fm[MAXMENTION], rw[MAXMENTION];
    const struct role_kw *bound[MAXMENTION];
    size_t nf, nr;
    int headline = 0;
    if (!s->nent)
        return;
    nf = format_mentions(s, fm);
    nr = role_words(s, rw);
    bind_formats(s, fm, nf, rw, nr, bound);
    for (size_t i = 0; i < nf; i++) {
        const struct entity *e = entity_for(s, fm[i].start);
        for (size_t d = 0; d < s->c->ndocs && d < 64; d++) {
            if (!(e->set >> d & 1))
                continue;
            if (bound[i]) {
                check_role(s, &fm[i], s->c->docs[d], bound[i]->role,
                           clause_has(s, fm[i].start, w_negation));
                break;
            }
            if (!headline && (any_near(s, 0, s->len, w_train) ||
                              near(s, 0, s->len, "pretrain") ||
                              near(s, 0, s->len, "trained in")) &&
                check_headline(s, &fm[i], s->c->docs[d],
                               clause_has(s, fm[i].start, w_negation))) {
                headline = 1;
                break;
            }
        }
    }
}

/* Technical subjects a universal statement is about. */
static const char *const w_subject[] = {
    "fp8", "fp4", "bf16", "fp16", "nvfp4", "mxfp4", "muon", "adamw",
    "qk-clip", "muonclip", "scaling", "int4", "zero", "moe", "dtype",
    "precision", "точност", "精度", NULL};

static void check_generalisations(struct sent *s)
{
    pp_rule_hit hits[16];
    size_t n = 0;
    if (!s->c->rules)
        return;
    if (pp_rules_scan_folded(s->c->rules, s->text, s->odd ? NULL : s->low.ptr,
                             s->len, "prose", NULL, hits, 16,
                             &n) == PP_ETOOBIG)
        s->c->limited = 1;
    pp_error_clear();
    for (size_t h = 0; h < n; h++) {
        size_t a = hits[h].start;
        int universal = !strncmp(hits[h].id, "universal.", 10);
        if (clause_has(s, a, w_negation) || clause_has(s, a, w_hedge) ||
            (universal && clause_after_has(s, hits[h].end, w_negation)) ||
            any_near(s, 0, s->len, w_refuted) || quoted(s, a))
            continue;
        if (universal && !s->ents_done) {
            find_entities(s);
            s->ents_done = 1;
        }
        if (universal && !s->nent && !any_near(s, 0, s->len, w_subject))
            continue;
        emit(s, hits[h].start, hits[h].end - hits[h].start, NULL,
             hits[h].id, NULL, NULL, "unsupported-generalisation", "%s",
             hits[h].message);
        cJSON_ReplaceItemInObjectCaseSensitive(
            last_claim(s), "section", cJSON_CreateString(hits[h].section));
        cJSON_ReplaceItemInObjectCaseSensitive(
            last_claim(s), "severity", cJSON_CreateString(hits[h].severity));
        break; /* one generalisation per sentence is enough */
    }
}

/* ------------------------------------------------------------------ */
/* Entry                                                              */
/* ------------------------------------------------------------------ */

static int sentence(pp_checker *c, const char *text, size_t len,
                    cJSON *claims);

int pp_checker_sentence(pp_checker *c, const char *text, size_t len,
                        cJSON *claims)
{
    c->table.n = 0; /* prose ends a table */
    return sentence(c, text, len, claims);
}

static int sentence(pp_checker *c, const char *text, size_t len,
                    cJSON *claims)
{
    struct sent s;
    memset(&s, 0, sizeof(s));
    s.c = c;
    s.text = text;
    s.len = len;
    s.out = claims;
    c->limited = 0;
    if (len == 0)
        return 0;
    if (pp_buf_put(&s.low, text, len) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    s.odd = pp_utf8_fold(s.low.ptr, s.low.len);
    ctx_age(c);
    s.nnum = pp_numbers_scan(text, len, s.num, MAXNUM);
    /* Most prose has no figure and no format: then only the rule
     * catalogue can find something, and entities are looked for only
     * when a rule matched. */
    if (s.nnum || any_format(&s)) {
        find_entities(&s);
        s.ents_done = 1;
        derived_context(&s);
        derived_losses(&s);
        derived_chains(&s);
        derived_memory(&s);
        derived_law(&s);
        derived_passport(&s);
        derived_bubble(&s);
        bind_entity_figures(&s);
        check_mechanisms(&s);
        check_formats(&s);
    }
    check_generalisations(&s);
    pp_buf_dispose(&s.low);
    return s.count;
}

int pp_checker_limited(const pp_checker *c)
{
    return c->limited;
}

/* ------------------------------------------------------------------ */
/* Tables                                                             */
/* ------------------------------------------------------------------ */

/* What a header cell says its column holds (folded text). */
static char column_kind(const char *t, size_t n)
{
    pp_buf b = PP_BUF_INIT;
    char k = 0;
    const char *h;
    if (pp_buf_put(&b, t, n) < 0)
        return 0;
    h = pp_buf_cstr(&b);
#define HAS(w) (strstr(h, (w)) != NULL)
    for (const char *const *r = w_refuted; *r; r++)
        if (HAS(*r))
            k = 'M'; /* misreadings: its cells state what is wrong */
    if (k)
        ;
    else if (HAS("20n"))
        k = 'U'; /* the D = 20N rule: its N and D */
    else if (HAS("/n") || HAS("per param") || HAS("на параметр") ||
             HAS("每参数"))
        k = 'R';
    else if (HAS("n^{*}") || HAS("n^*") || HAS("n*"))
        k = 'N';
    else if (HAS("d^{*}") || HAS("d^*") || HAS("d*"))
        k = 'D';
    else if (HAS("budget") || HAS("бюджет") || HAS("预算") ||
             HAS("compute") || HAS("flop") || HAS("$c$") ||
             !strcmp(h, "c"))
        k = 'C';
    else if (HAS("active") || HAS("активн") || HAS("激活"))
        k = 'A';
    else if (HAS("context") || HAS("контекст") || HAS("上下文"))
        k = 'X';
    else if (HAS("token") || HAS("токен"))
        k = 'K';
    else if (HAS("total") || HAS("всего") || HAS("param") ||
             HAS("парам") || HAS("参数"))
        k = 'T';
#undef HAS
    pp_buf_dispose(&b);
    return k;
}

static void table_header(pp_checker *c, const char *text, size_t len)
{
    pp_buf low = PP_BUF_INIT;
    size_t a = 0;
    c->table.n = 0;
    if (pp_buf_put(&low, text, len) < 0)
        return;
    pp_utf8_fold(low.ptr, low.len);
    for (size_t i = 0; i <= len && c->table.n < PP_TABLE_COLS; i++) {
        if (i < len && text[i] != '\t')
            continue;
        {
            size_t x = a, y = i;
            while (x < y && (low.ptr[x] == ' ' || low.ptr[x] == '|'))
                x++;
            while (y > x && (low.ptr[y - 1] == ' ' || low.ptr[y - 1] == '|'))
                y--;
            c->table.kind[c->table.n++] = column_kind(low.ptr + x, y - x);
        }
        a = i + 1;
    }
    pp_buf_dispose(&low);
}

/* A row whose columns the header does not name, read as one sentence (the
 * run a row names binds the figures of its other cells); a
 * generalisation in a column of misreadings ("common misreading",
 * "常见误读") is stated to be refuted, not claimed. */
static int row_as_sentence(pp_checker *c, const char *text, size_t len,
                           const size_t *cell, size_t ncell, cJSON *claims)
{
    cJSON *tmp = cJSON_CreateArray(), *x;
    int n, kept = 0;
    if (!tmp)
        return pp_error_set(PP_ENOMEM, "out of memory");
    n = sentence(c, text, len, tmp);
    while (n >= 0 && (x = cJSON_DetachItemFromArray(tmp, 0)) != NULL) {
        const cJSON *off = cJSON_GetObjectItemCaseSensitive(x, "offset");
        size_t at = cJSON_IsNumber(off) ? (size_t)off->valuedouble : 0, k = 0;
        while (k + 1 < ncell && cell[k + 1] <= at)
            k++;
        if (k < c->table.n && c->table.kind[k] == 'M' &&
            !strcmp(pp_json_str(x, "verdict", ""),
                    "unsupported-generalisation")) {
            cJSON_Delete(x);
            continue;
        }
        cJSON_AddItemToArray(claims, x);
        kept++;
    }
    cJSON_Delete(tmp);
    return n < 0 ? n : kept;
}

int pp_checker_row(pp_checker *c, const char *text, size_t len, int header,
                   cJSON *claims)
{
    struct sent s;
    size_t cell[PP_TABLE_COLS + 1], ncell = 0, known = 0;
    double budget = 0;
    int have_budget = 0;
    unsigned long long who = 0;
    pp_law law = pp_law_default();
    pp_optimum o;

    if (header) {
        table_header(c, text, len);
        return 0;
    }
    for (size_t k = 0; k < c->table.n; k++)
        known += c->table.kind[k] != 0 && c->table.kind[k] != 'M';
    cell[ncell++] = 0;
    for (size_t i = 0; i < len && ncell <= PP_TABLE_COLS; i++)
        if (text[i] == '\t')
            cell[ncell++] = i + 1;
    if (!known) /* nothing known of the columns: the row as a sentence */
        return row_as_sentence(c, text, len, cell, ncell, claims);
    memset(&s, 0, sizeof(s));
    s.c = c;
    s.text = text;
    s.len = len;
    s.out = claims;
    c->limited = 0;
    if (pp_buf_put(&s.low, text, len) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    s.odd = pp_utf8_fold(s.low.ptr, s.low.len);
    ctx_age(c);
    s.nnum = pp_numbers_scan(text, len, s.num, MAXNUM);
    find_entities(&s);
    s.ents_done = 1;
    /* the run the row is about: the first one it names */
    for (size_t e = 0; e < s.nent && !who; e++)
        who = s.ent[e].set;
    for (size_t k = 0; k < ncell && k < c->table.n; k++)
        if (c->table.kind[k] == 'C')
            for (size_t i = 0; i < s.nnum && !have_budget; i++)
                if (s.num[i].start >= cell[k] &&
                    (k + 1 >= ncell || s.num[i].end < cell[k + 1])) {
                    budget = s.num[i].value;
                    have_budget = 1;
                    s.used[i] = 1;
                }
    if (have_budget && pp_calc_optimum(&law, budget, &o) < 0) {
        pp_error_clear();
        have_budget = 0;
    }
    for (size_t k = 0; k < ncell && k < c->table.n; k++) {
        char kind = c->table.kind[k];
        size_t nth = 0;
        for (size_t i = 0; i < s.nnum; i++) {
            const pp_number *n = &s.num[i];
            static const char *const attr[] = {
                ['T'] = "params.total", ['A'] = "params.active",
                ['K'] = "training.tokens", ['X'] = "context.length"};
            if (s.used[i] || n->start < cell[k] ||
                (k + 1 < ncell && n->end >= cell[k + 1]))
                continue;
            s.used[i] = 1;
            nth++;
            if (strchr("TAKX", kind) && kind && who)
                check_fact(&s, n, who, attr[(unsigned char)kind]);
            else if (kind == 'N' && have_budget && nth == 1)
                check_derived(&s, i, "derived.optimum_params", o.params,
                              "the fitted law's N*");
            else if (kind == 'D' && have_budget && nth == 1)
                check_derived(&s, i, "derived.optimum_tokens", o.tokens,
                              "the fitted law's D*");
            else if (kind == 'R' && have_budget && nth == 1)
                check_derived(&s, i, "derived.optimum_ratio", o.ratio,
                              "the fitted law's D*/N*");
            else if (kind == 'U' && have_budget && nth <= 2)
                check_derived(&s, i,
                              nth == 1 ? "derived.rule_params"
                                       : "derived.rule_tokens",
                              nth == 1 ? o.rule_params : o.rule_tokens,
                              nth == 1 ? "the D = 20N rule's N"
                                       : "the D = 20N rule's D");
        }
    }
    check_generalisations(&s);
    pp_buf_dispose(&s.low);
    return s.count;
}
