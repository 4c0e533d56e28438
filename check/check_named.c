/*
 * check_named.c - what a passport names rather than counts: the optimizer
 * of each parameter group, the components and type of the architecture
 * and the stability mechanisms.  "Kimi K2 was trained with MuonClip",
 * "DeepSeek-V2 adopts Multi-head Latent Attention (MLA)", "Moonlight is a
 * Mixture-of-Experts model" are confirmed when the passport of the run
 * the sentence speaks of names that term.
 *
 * Only confirmation: a term a passport does not name is not a claim the
 * passport refutes (passports record what their sources say, and a
 * source is silent on most of what a run did not use), and a term under
 * a negation or a comparison ("instead of Adam", "unlike MoE", "没有使用")
 * says nothing of the run.  The terms of all passports are found in a
 * sentence by one automaton pass (rules/literal.h), so prose that names
 * none costs one scan.
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../schema/fact.h"

#include "../core/banned.h"

/* Other names of a term the passports write one way: the acronym and its
 * expansion, in the three languages. */
static const struct {
    const char *term;
    const char *other[5];
} expansions[] = {
    {"MLA",
     {"Multi-head Latent Attention", "Multi-Head Latent Attention", NULL}},
    {"GQA",
     {"Grouped-Query Attention", "Grouped Query Attention", "分组查询注意力",
      NULL}},
    {"MoE",
     {"Mixture-of-Experts", "Mixture of Experts", "смесь экспертов", "混合专家",
      NULL}},
    {"DeepSeekMoE", {NULL}},
};

/* The words of an architecture type. */
static const struct {
    const char *type;
    const char *words[8];
} types[] = {
    {"moe",
     {"MoE", "Mixture-of-Experts", "Mixture of Experts", "смесь экспертов",
      "混合专家", NULL}},
    {"dense",
     {"dense transformer", "dense model", "dense architecture", "dense decoder",
      "плотная модель", "稠密", "dense", NULL}},
};

/* The names of an optimizer id of the schema. */
static const struct {
    const char *id;
    const char *words[3];
} optimizers[] = {
    {"adamw", {"AdamW", NULL}},
    {"adam", {"Adam", NULL}},
    {"muon", {"Muon", NULL}},
    {"muonclip", {"MuonClip", NULL}},
    {"per-head-muon", {"Per-Head Muon", "per-head Muon", NULL}},
};

/* The optimizers that are variants of another, and the other's name: a
 * run trained with MuonClip (Muon with QK-Clip) or Per-Head Muon was
 * trained with Muon ("Kimi K2 uses the Muon optimizer"). */
static const struct {
    const char *id, *word, *shown;
} variants[] = {
    {"muonclip", "Muon", "Muon (as MuonClip: Muon with QK-Clip)"},
    {"per-head-muon", "Muon", "Muon (as Per-Head Muon)"},
};

static int add_term(pp_checker *c, const char *text, size_t len, int passport,
                    const char *attr, const char *shown, const cJSON *from)
{
    struct named_term *t;
    int rc;
    while (len && text[len - 1] == ' ')
        len--;
    while (len && *text == ' ')
        text++, len--;
    if (len < 2 || len > 80)
        return 0;
    if (c->nterms == c->termcap) {
        size_t cap = c->termcap ? c->termcap * 2 : 64;
        struct named_term *p = realloc(c->terms, cap * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        c->terms = p, c->termcap = cap;
    }
    t = &c->terms[c->nterms];
    if (!(t->low = malloc(len + 1)))
        return pp_error_set(PP_ENOMEM, "out of memory");
    memcpy(t->low, text, len);
    t->low[len] = '\0';
    pp_utf8_fold(t->low, len);
    t->len = len;
    t->passport = passport;
    t->attr = attr;
    t->shown = shown;
    t->from = from;
    t->base = 0;
    if (!c->term_words && pp_litset_new(&c->term_words) < 0)
        return PP_ENOMEM;
    if ((rc = pp_litset_add(c->term_words, t->low, len, (unsigned)c->nterms)) <
        0) {
        free(t->low);
        if (rc != PP_ETOOBIG)
            return PP_ENOMEM;
        pp_error_clear(); /* past the automaton's bound: not checked */
        return 0;
    }
    c->nterms++;
    return 0;
}

static int add_words(pp_checker *c, const char *const *w, int passport,
                     const char *attr, const char *shown, const cJSON *from)
{
    int rc = 0;
    for (; *w && rc == 0; w++)
        rc = add_term(c, *w, strlen(*w), passport, attr, shown, from);
    return rc;
}

/* A component or mechanism "X (Y)": X, and Y when it is one name, with
 * their expansions. */
static int add_name(pp_checker *c, const char *name, int passport,
                    const char *attr, const cJSON *from)
{
    const char *open = strchr(name, '(');
    const char *close = open ? strchr(open, ')') : NULL;
    size_t head = open ? (size_t)(open - name) : strlen(name);
    int rc = add_term(c, name, head, passport, attr, name, from);
    if (rc == 0 && open && close && !memchr(open, '+', (size_t)(close - open)))
        rc = add_term(c, open + 1, (size_t)(close - open - 1), passport, attr,
                      name, from);
    for (size_t e = 0; rc == 0 && e < sizeof expansions / sizeof *expansions;
         e++) {
        size_t n = strlen(expansions[e].term);
        if (n == head && !strncmp(name, expansions[e].term, n))
            rc = add_words(c, expansions[e].other, passport, attr, name, from);
    }
    return rc;
}

/* The device a run trained on, as written ("H800"), each of several
 * ("TPUv3/TPUv4"), and without its memory ("H100-80GB": also "H100"); a
 * word that names no model of device ("GPU") is none. */
static int add_devices(pp_checker *c, const cJSON *doc, int i)
{
    const cJSON *f = pp_fact_get(doc, "hardware.device_type");
    const char *v = pp_fact_status_of(f) == PP_FACT_DISCLOSED
                        ? pp_json_str(f, "value", NULL)
                        : NULL;
    int rc = 0;
    while (v && *v && rc == 0) {
        size_t n = strcspn(v, "/"), model;
        int digit = 0;
        const char *dash = memchr(v, '-', n);
        for (size_t k = 0; k < n; k++)
            digit |= isdigit((unsigned char)v[k]) != 0;
        if (digit && n >= 3) {
            rc = add_term(c, v, n, i, "hardware.device_type", v, f);
            if (dash && rc == 0) { /* "H100-80GB": "H100" */
                model = (size_t)(dash - v);
                if (model >= 3)
                    rc = add_term(c, v, model, i, "hardware.device_type", v, f);
            }
        }
        v += n + (v[n] == '/');
    }
    return rc;
}

static int add_passport(pp_checker *c, const cJSON *doc, int i)
{
    const cJSON *comp = pp_fact_get(doc, "architecture.components"), *v, *g, *m;
    const cJSON *type = pp_fact_get(doc, "architecture.type");
    const char *tv = pp_fact_status_of(type) == PP_FACT_DISCLOSED
                         ? pp_json_str(type, "value", NULL)
                         : NULL;
    int rc = 0;
    if (pp_fact_status_of(comp) != PP_FACT_DISCLOSED)
        comp = NULL;
    cJSON_ArrayForEach(v, pp_json_get(comp, "value"))
    {
        if (rc == 0 && cJSON_IsString(v))
            rc =
                add_name(c, v->valuestring, i, "architecture.components", comp);
    }
    for (size_t t = 0; rc == 0 && tv && t < sizeof types / sizeof *types; t++)
        if (!strcmp(tv, types[t].type))
            rc = add_words(c, types[t].words, i, "architecture.type", tv, type);
    cJSON_ArrayForEach(g, pp_json_get(pp_json_get(doc, "optimizer"), "groups"))
    {
        const char *id = pp_json_str(g, "optimizer", "");
        for (size_t o = 0;
             rc == 0 && o < sizeof optimizers / sizeof *optimizers; o++)
            if (!strcmp(id, optimizers[o].id))
                rc = add_words(c, optimizers[o].words, i, "optimizer",
                               optimizers[o].words[0], g);
        for (size_t w = 0; rc == 0 && w < sizeof variants / sizeof *variants;
             w++) {
            size_t before = c->nterms;
            if (strcmp(id, variants[w].id))
                continue;
            rc = add_term(c, variants[w].word, strlen(variants[w].word), i,
                          "optimizer", variants[w].shown, g);
            if (rc == 0 && c->nterms > before)
                c->terms[before].base = 1;
        }
    }
    if (rc == 0)
        rc = add_devices(c, doc, i);
    cJSON_ArrayForEach(m,
                       pp_json_get(pp_json_get(doc, "stability"), "mechanisms"))
    {
        const char *name = pp_json_str(m, "name", NULL);
        if (rc == 0 && name)
            rc = add_name(c, name, i, "stability.mechanisms", m);
    }
    return rc;
}

int ck_named_build(pp_checker *c)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < c->ndocs && i < 64; i++)
        rc = add_passport(c, c->docs[i], (int)i);
    if (rc == 0 && c->term_words && pp_litset_build(c->term_words) < 0)
        rc = PP_ENOMEM;
    if (rc == 0 && !(c->term_hit = calloc(c->nterms ? c->nterms : 1, 1)))
        rc = pp_error_set(PP_ENOMEM, "out of memory");
    return rc;
}

void ck_named_free(pp_checker *c)
{
    for (size_t i = 0; i < c->nterms; i++)
        free(c->terms[i].low);
    free(c->terms);
    free(c->term_hit);
    pp_litset_free(c->term_words);
}

int ck_named_any(struct sent *s)
{
    pp_checker *c = s->c;
    int any = 0;
    if (!c->term_words || s->odd)
        return 0;
    memset(c->term_hit, 0, c->nterms);
    pp_litset_scan(c->term_words, s->low.ptr, s->len, c->term_hit);
    for (size_t i = 0; i < c->nterms && !any; i++)
        any = c->term_hit[i];
    return any;
}

/* Is [at, at + n) a word of its own: no ASCII letter or digit glued on
 * either side ("Adam" is not in "AdamW"; Han terms need no edges)? */
static int whole_word(const struct sent *s, size_t at, size_t n)
{
    return (at == 0 || !isalnum((unsigned char)s->low.ptr[at - 1])) &&
           (at + n >= s->len || !isalnum((unsigned char)s->low.ptr[at + n]));
}

/* Is term `t` a word for a kind of model many runs share ("MoE", "dense
 * transformer"), not a design of the run's own? */
static int generic(const struct named_term *t)
{
    for (const char *const *w = LEX(GENERIC_TERM); *w; w++)
        if (strlen(*w) == t->len && !memcmp(*w, t->low, t->len))
            return 1;
    return 0;
}

/* Does every passport of `set` name term `t`'s word under `attr`? */
static int all_name(const pp_checker *c, unsigned long long set,
                    const struct named_term *t)
{
    for (size_t i = 0; i < c->ndocs && i < 64; i++) {
        int has = 0;
        if (!(set >> i & 1))
            continue;
        for (size_t k = 0; k < c->nterms && !has; k++)
            has = c->terms[k].passport == (int)i &&
                  c->terms[k].attr == t->attr && c->terms[k].len == t->len &&
                  !memcmp(c->terms[k].low, t->low, t->len);
        if (!has)
            return 0;
    }
    return 1;
}

/* The runs of `set`, "a" or "a, b (each run the name may mean)". */
static void runs_of(pp_buf *out, const pp_checker *c, unsigned long long set)
{
    int n = 0;
    for (size_t i = 0; i < c->ndocs && i < 64; i++)
        if (set >> i & 1)
            pp_buf_printf(out, "%s%s", n++ ? ", " : "", ck_doc_id(c->docs[i]));
    if (n > 1)
        pp_buf_puts(out, " (each run the name may mean)");
}

/* Is the sentence a table row whose first cell is a label of the model's
 * type ("| Architecture | Dense |", "| 模型架构 | MoE |")? */
static int type_label_row(const struct sent *s)
{
    const char *bar;
    if (!s->len || s->text[0] != '|')
        return 0;
    bar = memchr(s->text + 1, '|', s->len - 1);
    return bar && lex_near(s, 1, (size_t)(bar - s->text), CK_LEX_TYPE_LABEL);
}

void ck_check_named(struct sent *s)
{
    pp_checker *c = s->c;
    const struct named_term *said[16]; /* confirmed already, and of whom */
    unsigned long long said_of[16];
    size_t nsaid = 0;
    ck_bind(s, "named-term");
    /* a sentence that names no run and does not point back at one ("It
     * uses ...", an item of a list its run introduced) may speak of
     * anything: only a term that names a design of its own binds to the
     * run of its context -- not the type ("MoE", "dense"), and not one
     * given as an example ("optimizers such as Adam or AdamW") */
    int loose =
        s->carried && !ck_anaphoric(s) && !(c->prev.colon && c->next_is_item);
    /* "| **Architecture** | Mixture-of-Experts (MoE) |" under the run's
     * heading: a spec row of its type, which speaks of that run */
    int type_row = type_label_row(s);
    /* a sentence that names one family and no run: its terms are the
     * family's when every run of it names them ("Llama-3 uses GQA") */
    const struct entity *family = !s->nent && s->nfam == 1 ? &s->fam[0] : NULL;
    if (!s->nent && !family)
        return;
    for (size_t k = 0; k < c->nterms && nsaid < 16; k++) {
        const struct named_term *t = &c->terms[k];
        const char *p;
        size_t at;
        const struct entity *e;
        pp_buf who = PP_BUF_INIT;
        int dup = 0;
        if (!c->term_hit[k])
            continue;
        /* the first mention that speaks of the term's run ("| MoE | Dense
         * | MoE |": each column's own) */
        p = memmem(s->low.ptr, s->len, t->low, t->len);
        while (p &&
               (!whole_word(s, (size_t)(p - s->low.ptr), t->len) ||
                (!family &&
                 (e = ck_entity_for(s, (size_t)(p - s->low.ptr))) != NULL &&
                 !(e->set >> t->passport & 1))))
            p = memmem(p + 1, s->len - (size_t)(p + 1 - s->low.ptr), t->low,
                       t->len);
        if (!p)
            continue;
        at = (size_t)(p - s->low.ptr);
        if (loose && !(type_row && !strcmp(t->attr, "architecture.type")) &&
            (!strcmp(t->attr, "architecture.type") || generic(t) || t->base ||
             lex_near(s, ck_clause_from(s, at), at, CK_LEX_EXAMPLE)))
            continue;
        e = family ? family : ck_entity_for(s, at);
        if (!e || !(e->set >> t->passport & 1) || !all_name(c, e->set, t))
            continue;
        /* "Kimi k1.5 ... однако уступающий Kimi-K2: ... при архитектуре
         * MoE": the standard a model the registry lacks is compared
         * with; the terms after it are that model's */
        if (!family && e->end <= at && ck_is_standard(s, e) &&
            ck_foreign_between(s, 0, e->start))
            continue;
        if (lex_near(s, ck_window_start(s, at, 40), at, CK_LEX_NEGATION) ||
            lex_near(s, ck_window_start(s, at, 40), at, CK_LEX_LACKING) ||
            lex_near(s, back(at, 16), at, CK_LEX_OTHER_SIDE) ||
            ck_foreign_between(s, e->end < at ? e->end : at,
                               e->end < at ? at : e->start))
            continue;
        for (size_t d = 0; d < nsaid; d++)
            dup |= said[d]->attr == t->attr &&
                   !strcmp(said[d]->shown, t->shown) && said_of[d] == e->set;
        if (dup)
            continue;
        said_of[nsaid] = e->set;
        said[nsaid++] = t;
        s->family_read = family != NULL;
        runs_of(&who, c, e->set);
        ck_emit(s, at, t->len, ck_doc_id(c->docs[t->passport]), t->attr,
                cJSON_CreateString(t->shown), cJSON_CreateString(t->shown),
                "confirmed", "%s %s: %s is on record", pp_buf_cstr(&who),
                t->attr, t->shown);
        ck_set_evidence(ck_last_claim(s), t->from);
        pp_buf_dispose(&who);
    }
    s->family_read = 0;
}
