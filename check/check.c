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
 *
 * This file is the checker's top layer (check_impl.h): its life cycle
 * (the alias patterns of the passports), and the driving of a sentence
 * and of a table row through the parts -- check_facts.c (figures of
 * passports and their binding), check_derived.c (recomputed quantities),
 * check_worked.c (worked examples) and check_text.c (formats, mechanisms
 * and generalisations) -- which build on check_base.c.
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
/* Life cycle                                                         */
/* ------------------------------------------------------------------ */

/* The Cyrillic letter that looks like ASCII letter `c` (upper case;
 * the pattern is caseless), as UTF-8, or NULL. */
static const char *cyrillic_twin(unsigned char c)
{
    static const char *const twins[26] = {
        ['A' - 'A'] = "\xD0\x90", ['B' - 'A'] = "\xD0\x92",
        ['C' - 'A'] = "\xD0\xA1", ['E' - 'A'] = "\xD0\x95",
        ['H' - 'A'] = "\xD0\x9D", ['K' - 'A'] = "\xD0\x9A",
        ['M' - 'A'] = "\xD0\x9C", ['O' - 'A'] = "\xD0\x9E",
        ['P' - 'A'] = "\xD0\xA0", ['T' - 'A'] = "\xD0\xA2",
        ['X' - 'A'] = "\xD0\xA5"};
    c = (unsigned char)toupper(c);
    return c >= 'A' && c <= 'Z' ? twins[c - 'A'] : NULL;
}

/* "DeepSeek-V3" -> deepseek[\s\-_.]*v3 with ASCII word edges; in a word
 * with a digit, a letter also matches its Cyrillic twin ("Kimi К2",
 * typed on a Russian keyboard). */
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
                pp_buf_puts(&p, "[\\s\\-_.\\x{2010}-\\x{2013}]*");
            int digit = 0;
            for (const unsigned char *w = s; *w && (isalnum(*w) || *w >= 0x80);
                 w++)
                digit |= isdigit(*w) != 0;
            while (*s && (isalnum(*s) || *s >= 0x80)) {
                const char *twin = digit ? cyrillic_twin(*s) : NULL;
                if (twin)
                    pp_buf_printf(&p, "(?:%c|%s)", (char)*s, twin);
                else
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

/* Keep `w` (k bytes, folded) as a vendor's word when it is three or more
 * letters and the alias goes on after it (`next`, the byte after it, a
 * space or a hyphen): "kimi" of "Kimi K2", "deepseek" of "DeepSeek-V3". */
static void vendor_word(pp_checker *c, const char *w, size_t k, char next)
{
    if (k < 3 || k >= sizeof(c->vendors[0]) || (next != ' ' && next != '-'))
        return;
    for (size_t j = 0; j < k; j++)
        if (!isalpha((unsigned char)w[j]))
            return;
    for (size_t v = 0; v < c->nvendors; v++)
        if (strlen(c->vendors[v]) == k && !memcmp(c->vendors[v], w, k))
            return;
    if (c->nvendors < sizeof(c->vendors) / sizeof(c->vendors[0])) {
        memcpy(c->vendors[c->nvendors], w, k);
        c->vendors[c->nvendors++][k] = '\0';
    }
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
    vendor_word(c, w, k, *p);
    if (k == 0 || (*p >= 0x80) ||
        (!c->alias_words && pp_litset_new(&c->alias_words) < 0) ||
        pp_litset_add(c->alias_words, w, k, (unsigned)(c->naliases - 1)) < 0) {
        pp_error_clear();
        al->always = 1;
    }
}

/* Add alias `name` of passport `passport` (a family's name when
 * `family`); *cap is the capacity of c->aliases.  0 or PP_ENOMEM. */
static int add_alias(pp_checker *c, size_t *cap, const char *name, int passport,
                     int family)
{
    pcre2_code *re;
    if (c->naliases == *cap) {
        size_t want = *cap ? *cap * 2 : 64;
        struct alias *p = realloc(c->aliases, want * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        c->aliases = p;
        *cap = want;
    }
    if ((re = alias_pattern(name)) != NULL) {
        c->aliases[c->naliases].re = re;
        c->aliases[c->naliases].passport = passport;
        c->aliases[c->naliases].always = 0;
        c->aliases[c->naliases].family = family;
        c->naliases++;
        alias_word(c, name);
    }
    return 0;
}

/* The words of `name` (split at spaces, hyphens and dots: "Llama 3.1"
 * begins with "Llama 3"), folded, into w[]; their count (at most `max`). */
static size_t name_words(const char *name, char w[][24], size_t max)
{
    size_t n = 0;
    while (*name && n < max) {
        size_t k = 0;
        while (*name == ' ' || *name == '-' || *name == '.')
            name++;
        while (*name && *name != ' ' && *name != '-' && *name != '.') {
            if (k + 1 < 24)
                w[n][k++] = (char)tolower((unsigned char)*name);
            name++;
        }
        w[n][k] = 0;
        n += k > 0;
    }
    return n;
}

/* `name` folded to its letters and digits ("DeepSeek V4" ->
 * "deepseekv4"), the form same_name compares, into a new string (NULL:
 * out of memory). */
static char *bare_name(const char *name)
{
    size_t n = strlen(name), k = 0;
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (isalnum((unsigned char)name[i]))
            out[k++] = (char)tolower((unsigned char)name[i]);
    out[k] = 0;
    return out;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

struct member {
    const char *family;
    size_t doc;
};

static int cmp_member(const void *a, const void *b)
{
    const struct member *x = a, *y = b;
    int d = strcmp(x->family, y->family);
    return d ? d : (x->doc > y->doc) - (x->doc < y->doc);
}

/* The name of the family of each passport into out[i] (empty: none),
 * when the registry holds two or more of its runs: the words their names
 * begin with ("Llama 2 7B", "Llama 2 70B": "Llama 2"), at least two of
 * them and one with a digit (a vendor's name alone, "DeepSeek", names no
 * family), not already a run's name ("DeepSeek V4") -- equal in letters
 * and digits -- and not the whole name of that passport.  O(n log n) in
 * the passports: a family's members sorted together, the runs' names in
 * a sorted list.  Returns 0 or PP_ENOMEM. */
static int family_names(const pp_checker *c, pp_buf *out)
{
    size_t n = c->ndocs, nm = 0, nn = 0;
    struct member *m = malloc((n ? n : 1) * sizeof(*m));
    char **names = NULL;
    int rc = 0;
    for (size_t i = 0; m && i < n; i++) {
        const char *fam = pp_json_str(c->docs[i], "family", NULL);
        if (fam)
            m[nm++] = (struct member){fam, i};
        nn +=
            2 + (size_t)cJSON_GetArraySize(pp_json_get(c->docs[i], "aliases"));
    }
    if (!m || !(names = calloc(nn ? nn : 1, sizeof(*names)))) {
        free(m);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    nn = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const cJSON *a;
        const char *own[2] = {ck_doc_id(c->docs[i]),
                              pp_json_str(c->docs[i], "name", "")};
        for (int k = 0; k < 2 && rc == 0; k++)
            if (!(names[nn++] = bare_name(own[k])))
                rc = PP_ENOMEM;
        cJSON_ArrayForEach(a, pp_json_get(c->docs[i], "aliases"))
        {
            if (rc == 0 && cJSON_IsString(a) &&
                !(names[nn++] = bare_name(a->valuestring)))
                rc = PP_ENOMEM;
        }
    }
    if (rc == 0) {
        qsort(names, nn, sizeof(*names), cmp_str);
        qsort(m, nm, sizeof(*m), cmp_member);
    }
    for (size_t g = 0, h; rc == 0 && g < nm; g = h) {
        char w[8][24], v[8][24];
        size_t nw, same;
        int digit = 0;
        pp_buf fam = PP_BUF_INIT;
        char *key;
        for (h = g + 1; h < nm && !strcmp(m[h].family, m[g].family); h++)
            ;
        if (h - g < 2)
            continue;
        /* the words every member's name begins with */
        same = nw =
            name_words(pp_json_str(c->docs[m[g].doc], "name", ""), w, 8);
        for (size_t k = g + 1; k < h; k++) {
            size_t nv = name_words(pp_json_str(c->docs[m[k].doc], "name", ""),
                                   v, 8),
                   x = 0;
            while (x < same && x < nv && !strcmp(w[x], v[x]))
                x++;
            same = x;
        }
        if (same < 2)
            continue;
        for (size_t k = 0; k < same; k++) {
            pp_buf_printf(&fam, "%s%s", k ? " " : "", w[k]);
            digit |= strpbrk(w[k], "0123456789") != NULL;
        }
        if (!fam.ptr || !(key = bare_name(fam.ptr))) {
            pp_buf_dispose(&fam);
            rc = PP_ENOMEM;
            break;
        }
        /* not already a run's name ("DeepSeek V4") */
        if (digit && !bsearch(&key, names, nn, sizeof(*names), cmp_str))
            for (size_t k = g; k < h; k++)
                if (name_words(pp_json_str(c->docs[m[k].doc], "name", ""), v,
                               8) != same &&
                    pp_buf_puts(&out[m[k].doc], fam.ptr) < 0)
                    rc = PP_ENOMEM;
        free(key);
        pp_buf_dispose(&fam);
    }
    for (size_t k = 0; k < nn; k++)
        free(names[k]);
    free(names);
    free(m);
    return rc < 0 ? pp_error_set(PP_ENOMEM, "out of memory") : 0;
}

/* The ranges of each passport's facts a run is known by (c->marks). */
static int marks_build(pp_checker *c)
{
    static const char *const facts[CK_NMARKS] = {CK_MARK_FACTS};
    c->marks = calloc(c->ndocs ? c->ndocs : 1, sizeof(*c->marks));
    if (!c->marks)
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (size_t i = 0; i < c->ndocs; i++)
        for (size_t k = 0; k < CK_NMARKS; k++)
            c->marks[i][k] = pp_fact_range(c->docs[i], facts[k]);
    return 0;
}

int pp_checker_new(pp_checker **out, const cJSON *const *docs, size_t n,
                   const pp_rules *rules)
{
    pp_checker *c = calloc(1, sizeof(*c));
    size_t cap = 0;
    int rc;
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
    if ((rc = ck_lexicon_load()) < 0) {
        pp_checker_free(c);
        return rc;
    }
    c->mctx = pcre2_match_context_create(NULL);
    c->md = pcre2_match_data_create(1, NULL);
    if (!c->mctx || !c->md ||
        (rules && pp_rules_scratch_new(rules, &c->scratch) < 0)) {
        pp_checker_free(c);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    pcre2_set_match_limit(c->mctx, 100000);
    pp_checker_begin_document(c);
    for (size_t i = 0; i < n; i++) {
        const char *names[40];
        size_t k = 0;
        const cJSON *a;
        names[k++] = ck_doc_id(docs[i]);
        names[k++] = pp_json_str(docs[i], "name", "");
        cJSON_ArrayForEach(a, pp_json_get(docs[i],
                                          "aliases")) if (k < 40 &&
                                                          cJSON_IsString(a))
            names[k++] = a->valuestring;
        for (size_t j = 0; j < k; j++)
            if (add_alias(c, &cap, names[j], (int)i, 0) < 0) {
                pp_checker_free(c);
                return PP_ENOMEM;
            }
    }
    {
        pp_buf *fam = calloc(n ? n : 1, sizeof(*fam));
        int rc2 = fam ? family_names(c, fam) : PP_ENOMEM;
        for (size_t i = 0; i < n && rc2 == 0; i++)
            if (fam[i].len)
                rc2 = add_alias(c, &cap, fam[i].ptr, (int)i, 1);
        for (size_t i = 0; fam && i < n; i++)
            pp_buf_dispose(&fam[i]);
        free(fam);
        if (rc2 < 0) {
            pp_checker_free(c);
            return pp_error_set(PP_ENOMEM, "out of memory");
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
    if (ck_named_build(c) < 0 || marks_build(c) < 0) {
        pp_checker_free(c);
        return PP_ENOMEM;
    }
    *out = c;
    return 0;
}

int pp_checker_clone(const pp_checker *c, pp_checker **out)
{
    return pp_checker_new(out, c->docs, c->ndocs, c->rules);
}

void pp_checker_free(pp_checker *c)
{
    if (!c)
        return;
    pp_buf_dispose(&c->heading.text);
    pp_buf_dispose(&c->prev.text);
    pp_buf_dispose(&c->prev.back.text);
    ck_named_free(c);
    free(c->marks);
    for (size_t i = 0; i < c->naliases; i++)
        pcre2_code_free(c->aliases[i].re);
    free(c->aliases);
    pp_litset_free(c->alias_words);
    free(c->alias_hit);
    pcre2_match_context_free(c->mctx);
    pcre2_match_data_free(c->md);
    pp_rules_scratch_free(c->scratch);
    free((void *)c->docs);
    free(c);
}

void pp_checker_position(pp_checker *c, int heading, int first, int item)
{
    c->next_is_heading = heading;
    c->heading_more = heading && !first;
    if (heading && first) {
        pp_buf_clear(&c->heading.text);
        c->heading.known = 1, c->heading.set = c->heading.all = 0;
        c->heading.fam = 0;
        c->heading.foreign = 0;
        c->heading_level = 0; /* pp_checker_outline says which */
    }
    /* a new block ends the previous sentence's subject, unless that
     * sentence introduced it ("DeepSeek-V4 brings three upgrades:" and
     * its list) */
    c->next_is_item = item;
    if (heading || (first && !(c->prev.colon && item))) {
        pp_buf_clear(&c->prev.text);
        c->prev.known = 1, c->prev.set = c->prev.all = 0, c->prev.colon = 0;
        c->prev.fam = 0, c->prev.foreign = 0;
        c->prev.back.kept = 0;
    }
}

void pp_checker_outline(pp_checker *c, int level, const char *text, size_t len)
{
    struct outer *o;
    if (level < 1 || level > 6)
        return;
    o = &c->outer[level];
    if (len > sizeof(o->text) - 1) {
        len = sizeof(o->text) - 1;
        while (len && ((unsigned char)text[len] & 0xC0) == 0x80)
            len--; /* cut at a character's start */
    }
    memcpy(o->text, text, len);
    o->text[len] = 0;
    o->len = len;
    o->known = o->named = 0;
    o->set = 0;
    for (int k = level + 1; k <= 6; k++)
        c->outer[k].len = 0; /* closed: outer_subject skips it */
    c->heading_level = level;
}

void pp_checker_begin_section(pp_checker *c)
{
    pp_checker_position(c, 1, 1, 0); /* no subject carries over */
    c->next_is_heading = 0;
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

void pp_checker_begin_document(pp_checker *c)
{
    pp_checker_begin_section(c); /* heading_level 0 */
    memset(c->outer, 0, sizeof(c->outer));
}

int pp_checker_limited(const pp_checker *c)
{
    return c->limited;
}

const pp_rules *pp_checker_rules(const pp_checker *c)
{
    return c->rules;
}

/* ------------------------------------------------------------------ */
/* Sentences                                                          */
/* ------------------------------------------------------------------ */

static int sentence(pp_checker *c, const char *text, size_t len, cJSON *claims);

int pp_checker_sentence(pp_checker *c, const char *text, size_t len,
                        cJSON *claims)
{
    c->table.n = 0; /* prose ends a table */
    return sentence(c, text, len, claims);
}

static int sentence(pp_checker *c, const char *text, size_t len, cJSON *claims)
{
    struct sent s;
    int named, spikes, higher, from = cJSON_GetArraySize(claims);
    if (len == 0) {
        c->limited = 0;
        return 0;
    }
    if (ck_sent_start(&s, c, text, len, claims) < 0)
        return PP_ENOMEM;
    /* Most prose has no figure and no format: then only the rule
     * catalogue can find something, and entities are looked for only
     * when a rule matched. */
    named = ck_named_any(&s);
    spikes = lex_near(&s, 0, s.len, CK_LEX_LOSS_SPIKE);
    higher = lex_near(&s, 0, s.len, CK_LEX_HIGHER_PRECISION);
    if (!s.nnum && named && !ck_any_format(&s) && !spikes && !higher) {
        /* a name of an optimizer or mechanism, and no figure */
        ck_find_entities(&s);
        s.ents_done = 1;
        ck_carry_subject(&s);
        ck_pick_member(&s);
        ck_check_named(&s);
    } else if (s.nnum || named || spikes || higher || ck_any_format(&s)) {
        ck_find_entities(&s);
        s.ents_done = 1;
        ck_carry_subject(&s);
        ck_pick_member(&s);
        if (named)
            ck_check_named(&s);
        ck_derived_context(&s);
        ck_derived_losses(&s);
        ck_derived_chains(&s);
        ck_derived_memory(&s);
        ck_derived_law(&s);
        ck_derived_passport(&s);
        ck_derived_bubble(&s);
        ck_derived_epochs(&s);
        ck_identify_by_figures(&s);
        ck_bind_entity_figures(&s);
        ck_check_mechanisms(&s);
        ck_check_spikes(&s);
        ck_check_formats(&s);
        ck_check_kept_higher(&s);
        ck_soften_said(&s, from);
    }
    ck_check_generalisations(&s);
    ck_keep_subject(&s);
    ck_sent_end(&s);
    return s.count;
}

/* ------------------------------------------------------------------ */
/* Tables                                                             */
/* ------------------------------------------------------------------ */

/* What a header cell says its column holds (folded text). */
/* The scale a column header (folded, `n` bytes) writes in brackets for
 * its bare figures: "Params (B)", "Tokens (T)", "(billions)", "(млрд)",
 * "(亿)"; 0 when it gives none. */
static double column_scale(const char *t, size_t n)
{
    static const struct {
        const char *w;
        double scale;
    } scales[] = {{"(b)", 1e9},
                  {"(bn)", 1e9},
                  {"(billions)", 1e9},
                  {"(billion)", 1e9},
                  {"(t)", 1e12},
                  {"(trillions)", 1e12},
                  {"(trillion)", 1e12},
                  {"(m)", 1e6},
                  {"(millions)", 1e6},
                  {"(\xD0\xBC\xD0\xBB\xD1\x80\xD0\xB4)", 1e9},  /* (млрд) */
                  {"(\xD1\x82\xD1\x80\xD0\xBB\xD0\xBD)", 1e12}, /* (трлн) */
                  {"(\xE4\xBA\xBF)", 1e8},                      /* (亿) */
                  {"(\xE4\xB8\x87\xE4\xBA\xBF)", 1e12}};        /* (万亿) */
    for (size_t k = 0; k < sizeof(scales) / sizeof(scales[0]); k++)
        if (memmem(t, n, scales[k].w, strlen(scales[k].w)))
            return scales[k].scale;
    return 0;
}

static char column_kind(const char *t, size_t n)
{
    pp_buf b = PP_BUF_INIT;
    char k = 0;
    int active = 0, pretrain = 0;
    const char *h;
    if (pp_buf_put(&b, t, n) < 0)
        return 0;
    h = pp_buf_cstr(&b);
#define HAS(w) (strstr(h, (w)) != NULL)
    for (const char *const *r = LEX(REFUTED); *r; r++)
        if (HAS(*r))
            k = 'M'; /* misreadings: its cells state what is wrong */
    for (const char *const *a = LEX(ACTIVE); *a; a++)
        active |= HAS(*a);
    for (const char *const *w = LEX(PRETRAINING); *w; w++)
        pretrain |= HAS(*w);
    if (k)
        ;
    else if (HAS("\xC2\xB7") || HAS("\xC3\x97") || HAS("6nd") || HAS("6n_") ||
             HAS("6 n"))
        /* "6·N_active·D", "6ND（激活）": a formula of the row's figures,
         * not a fact of its own -- "active" there names an operand */
        k = 0;
    else if (HAS("expert") || HAS("эксперт") || HAS("专家"))
        /* counts of experts, never sizes: "# Routed Experts" (E), "#
         * Experts Active Per Token" (F); not the shared ones, nor a pair
         * ("#Experts (activated/total)") */
        k = HAS("shared") || HAS("общ") || HAS("共享") ||
                    (active && (HAS("total") || HAS("/")))
                ? 0
            : active ? 'F'
                     : 'E';
    else if (HAS("20n"))
        k = 'U'; /* the D = 20N rule: its N and D */
    else if (HAS("/n") || HAS("/param") || HAS("per param") ||
             HAS("на параметр") || HAS("/параметр") || HAS("每参数"))
        /* "Tokens/param": a run's own D / N; "optimal tokens/param": the
         * law's only */
        k = HAS("optim") || HAS("оптим") || HAS("最优") ? 'O' : 'R';
    else if (HAS("n^{*}") || HAS("n^*") || HAS("n*"))
        k = 'N';
    else if (HAS("d^{*}") || HAS("d^*") || HAS("d*"))
        k = 'D';
    else if (HAS("budget") || HAS("бюджет") || HAS("预算") || HAS("compute") ||
             HAS("flop") || HAS("$c$") || !strcmp(h, "c"))
        k = 'C';
    else if (active && (HAS("total") || HAS("всего") || HAS("总")))
        k = 'P'; /* "Total / Active params": "1.6T / 49B" */
    else if (active)
        k = 'A';
    else if ((HAS("context") || HAS("контекст") || HAS("上下文")) &&
             (pretrain || HAS("initial") || HAS("начальн") || HAS("初始")))
        k = 'S'; /* "Context (pretrain)": a stage's window, not the run's */
    else if (HAS("context") || HAS("контекст") || HAS("上下文"))
        k = 'X';
    else if (HAS("token") || HAS("токен"))
        k = 'K';
    else if (HAS("total") || HAS("всего") || HAS("param") || HAS("парам") ||
             HAS("参数"))
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
    c->table.runs = 0;
    c->table.foreign = 0;
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
            int foreign = 0;
            unsigned long long all = 0;
            c->table.run[c->table.n] =
                ck_runs_named(c, text + x, y - x, &all, &foreign, NULL);
            c->table.runs |= all;
            c->table.foreign |= foreign;
            c->table.scale[c->table.n] = column_scale(low.ptr + x, y - x);
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
        const cJSON *off = pp_json_get(x, "offset");
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

/* The fitted law's optimum at the budget a row's C column gives: 1 and
 * *o, else 0. */
static int row_budget(struct sent *s, const size_t *cell, size_t ncell,
                      pp_optimum *o)
{
    const pp_checker *c = s->c;
    pp_law law = pp_law_default();
    double budget = 0;
    int have = 0;
    for (size_t k = 0; k < ncell && k < c->table.n; k++)
        if (c->table.kind[k] == 'C')
            for (size_t i = 0; i < s->nnum && !have; i++)
                if (s->num[i].start >= cell[k] &&
                    (k + 1 >= ncell || s->num[i].end < cell[k + 1])) {
                    budget = s->num[i].value;
                    have = 1;
                    s->used[i] = 1;
                }
    if (have && pp_calc_optimum(&law, budget, o) < 0) {
        pp_error_clear();
        have = 0;
    }
    return have;
}

/* Does a word right after figure `n`, in its cell `k`, say which count
 * it is ("37B active", "1T total")?  'a', 't' or 0. */
static int cue_in_cell(const struct sent *s, const pp_number *n,
                       const size_t *cell, size_t ncell, size_t k)
{
    size_t to = k + 1 < ncell ? cell[k + 1] : s->len;
    if (to > n->end + 16)
        to = n->end + 16;
    for (size_t i = 0; i < s->nnum; i++) /* not the next figure's word */
        if (s->num[i].start >= n->end && s->num[i].start < to)
            to = s->num[i].start;
    if (lex_near(s, n->end, to, CK_LEX_ACTIVE))
        return 'a';
    return lex_near(s, n->end, to, CK_LEX_TOTAL) ? 't' : 0;
}

/* The figures of cell `k` against what its column holds: a fact of run
 * `who` (0: the row names none), or the optimum `o` at the row's budget
 * (NULL: none). */
static void row_cell(struct sent *s, const size_t *cell, size_t ncell, size_t k,
                     unsigned long long who, const pp_optimum *o)
{
    static const char *const shared_words[] = {"shared", "общ", "共享", NULL};
    static const char *const attr[] = {
        ['T'] = "params.total",    ['A'] = "params.active",
        ['K'] = "training.tokens", ['X'] = "context.length",
        ['E'] = "experts.routed",  ['F'] = "experts.active"};
    char kind = s->c->table.kind[k];
    size_t nth = 0, pair[2], npair = 0;
    if (!kind)
        return;        /* a column the header does not name: see name_cell */
    if (kind == 'S') { /* a stage's window: the passport records the last */
        for (size_t i = 0; i < s->nnum; i++)
            if (s->num[i].start >= cell[k] &&
                !(k + 1 < ncell && s->num[i].end >= cell[k + 1]))
                s->used[i] = 1;
        return;
    }
    /* "Total / Active" or "activated/total": the larger of the cell's two
     * counts is the total, whichever order the header gives */
    for (size_t i = 0; kind == 'P' && i < s->nnum && npair < 2; i++)
        if (!s->used[i] && s->num[i].start >= cell[k] &&
            !(k + 1 < ncell && s->num[i].end >= cell[k + 1]))
            pair[npair++] = i;
    ck_bind_run(s, "table-row");
    ck_bind(s, "column-header");
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        pp_number scaled;
        int cue;
        if (s->used[i] || n->start < cell[k] ||
            (k + 1 < ncell && n->end >= cell[k + 1]))
            continue;
        s->used[i] = 1;
        if (strchr("EF", kind) &&
            (nth || any_near(s, n->end, n->end + 12, shared_words)))
            continue; /* "2 shared + 160 routed": the first count only,
                         never the shared experts */
        nth++;
        if (s->c->table.scale[k] > 0 && !n->magnitude && strchr("TAK", kind) &&
            (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_PARAMS ||
             n->unit == PP_UNIT_TOKENS)) {
            /* "| 671 |" under "Params (B)": the header's scale */
            scaled = *n;
            scaled.value *= s->c->table.scale[k];
            scaled.magnitude = 1;
            n = &scaled;
        }
        cue =
            strchr("TA", kind) && kind ? cue_in_cell(s, n, cell, ncell, k) : 0;
        if (cue && who)
            /* "| 671B (37B active) |" under "Params": the word says */
            ck_check_fact(s, n, who,
                          cue == 'a' ? "params.active" : "params.total");
        else if (strchr("TAKXEF", kind) && kind && who)
            ck_check_fact(s, n, who, attr[(unsigned char)kind]);
        else if (kind == 'P' && who && nth <= 2) {
            size_t other = npair == 2 ? pair[nth == 1 ? 1 : 0] : i;
            int larger = npair < 2 || n->value == s->num[other].value
                             ? nth == 1
                             : n->value > s->num[other].value;
            ck_check_fact(s, n, who, larger ? "params.total" : "params.active");
        } else if (kind == 'N' && o && nth == 1)
            ck_check_derived(s, i, "derived.optimum_params", o->params,
                             "the fitted law's N*");
        else if (kind == 'D' && o && nth == 1)
            ck_check_derived(s, i, "derived.optimum_tokens", o->tokens,
                             "the fitted law's D*");
        else if ((kind == 'R' || kind == 'O') && o && nth == 1)
            ck_check_derived(s, i, "derived.optimum_ratio", o->ratio,
                             "the fitted law's D*/N*");
        else if (kind == 'R' && who && nth == 1)
            ck_check_run_tpp(s, i, who); /* "| Chinchilla | ... | 20 |" */
        else if (kind == 'U' && o && nth <= 2)
            ck_check_derived(
                s, i, nth == 1 ? "derived.rule_params" : "derived.rule_tokens",
                nth == 1 ? o->rule_params : o->rule_tokens,
                nth == 1 ? "the D = 20N rule's N" : "the D = 20N rule's D");
    }
}

/* Move the claims of a row read by its columns' runs from `tmp` (freed)
 * to `claims`.  A row whose cells do not line up with its header (a cell
 * missing or one too many: the parser pads and cuts rows to the header's
 * width) shifts every figure to the wrong run: its contradictions stand
 * only when the row also confirms as many, else they are unverifiable. */
static int keep_aligned(cJSON *tmp, cJSON *claims)
{
    int yes = 0, no = 0, n = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, tmp)
    {
        const char *v = pp_json_str(x, "verdict", "");
        yes += !strcmp(v, "confirmed");
        no += !strcmp(v, "contradicted");
    }
    while ((x = cJSON_DetachItemFromArray(tmp, 0)) != NULL) {
        if (no > yes &&
            !strcmp(pp_json_str(x, "verdict", ""), "contradicted")) {
            pp_buf m = PP_BUF_INIT;
            pp_buf_printf(&m,
                          "the row's cells may not line up with its header "
                          "(%d of its figures disagree, %d agree): %s",
                          no, yes, pp_json_str(x, "message", ""));
            cJSON_ReplaceItemInObject(x, "verdict",
                                      cJSON_CreateString("unverifiable"));
            cJSON_ReplaceItemInObject(x, "severity",
                                      cJSON_CreateString("note"));
            cJSON_ReplaceItemInObject(x, "rule",
                                      cJSON_CreateString("fact.unverifiable"));
            cJSON_ReplaceItemInObject(x, "message",
                                      cJSON_CreateString(pp_buf_cstr(&m)));
            pp_buf_dispose(&m);
        }
        cJSON_AddItemToArray(claims, x);
        n++;
    }
    cJSON_Delete(tmp);
    return n;
}

/* The named terms of a row whose columns are runs ("| Optimizer | AdamW |
 * MuonClip |"), each cell's of its column's run -- read over the cells
 * from the first run's on, so that the label names none.  Returns the
 * claims appended (0: none), or PP_ENOMEM. */
static int column_terms(pp_checker *c, const char *text, size_t len,
                        const size_t *cell, size_t ncell, size_t first,
                        cJSON *claims)
{
    struct sent s;
    cJSON *tmp, *x;
    size_t base = cell[first];
    int n = 0;
    if (!(tmp = cJSON_CreateArray()) ||
        ck_sent_start(&s, c, text + base, len - base, tmp) < 0) {
        cJSON_Delete(tmp);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    for (size_t k = first; k < ncell && s.nent < MAXENT; k++)
        if (c->table.run[k]) {
            s.ent[s.nent].start = s.ent[s.nent].end = cell[k] - base;
            s.ent[s.nent].set = c->table.run[k];
            s.ent[s.nent++].family = 0;
        }
    s.ents_done = 1;
    ck_bind_run(&s, "table-column");
    if (ck_named_any(&s))
        ck_check_named(&s);
    ck_sent_end(&s);
    while ((x = cJSON_DetachItemFromArray(tmp, 0)) != NULL) {
        const cJSON *off = pp_json_get(x, "offset");
        if (cJSON_IsNumber(off))
            cJSON_ReplaceItemInObject(x, "offset",
                                      cJSON_CreateNumber(off->valuedouble +
                                                         (double)base));
        cJSON_AddItemToArray(claims, x);
        n++;
    }
    cJSON_Delete(tmp);
    return n;
}

/* A row of a table whose columns are runs ("| | DeepSeek-V2 | DeepSeek-V3
 * |") and whose first cell says what the row holds ("| # Total Params |
 * 236B | 671B |"): each cell's figure checked against its column's run.
 * Returns the claims appended, 0 when the row is not one (nothing
 * appended), or PP_ENOMEM. */
static int runs_by_column(pp_checker *c, const char *text, size_t len,
                          const size_t *cell, size_t ncell, cJSON *claims)
{
    static const char *const attr[] = {
        ['T'] = "params.total",    ['A'] = "params.active",
        ['K'] = "training.tokens", ['X'] = "context.length",
        ['E'] = "experts.routed",  ['F'] = "experts.active"};
    struct sent s;
    pp_buf low = PP_BUF_INIT;
    cJSON *tmp;
    size_t runs = 0, label = ncell, first = ncell, x, y;
    char kind = 0;
    for (size_t k = 0; k < ncell; k++)
        if (c->table.run[k]) {
            runs++;
            if (first == ncell)
                first = k;
        }
    if (!runs)
        return 0;
    /* The row's label: the first cell before the runs that says what the
     * row holds -- a symbol may come before it ("| $N_{act}$ | 每 token
     * 激活参数量 | 49B | 13B |"). */
    for (size_t k = 0; k < first && !kind; k++) {
        if (cell[k + 1] - cell[k] <= 1)
            continue; /* an empty cell */
        x = cell[k], y = cell[k + 1] - 1;
        if (pp_buf_put(&low, text + x, y - x) < 0)
            return PP_ENOMEM;
        pp_utf8_fold(low.ptr, low.len);
        kind = column_kind(low.ptr, low.len);
        pp_buf_dispose(&low);
        label = k;
    }
    if (!kind || !strchr("TAKXEF", kind))
        return column_terms(c, text, len, cell, ncell, first, claims);
    if (!(tmp = cJSON_CreateArray()) ||
        ck_sent_start(&s, c, text, len, tmp) < 0) {
        cJSON_Delete(tmp);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    s.ents_done = 1;
    ck_bind_run(&s, "table-column");
    ck_bind(&s, "row-label");
    for (size_t i = 0; i < s.nnum; i++) {
        size_t k = 0;
        while (k + 1 < ncell && s.num[i].start >= cell[k + 1])
            k++;
        if (k == label || !c->table.run[k] ||
            (k + 1 < ncell && s.num[i].end >= cell[k + 1]))
            continue;
        /* the first figure of the cell: "37B (36.7B incl. heads)" */
        if (i > 0 && s.num[i - 1].start >= cell[k])
            continue;
        s.used[i] = 1;
        ck_check_fact(&s, &s.num[i], c->table.run[k],
                      attr[(unsigned char)kind]);
    }
    ck_sent_end(&s);
    return keep_aligned(tmp, claims);
}

/* The cell that names the row's run, in a column the header does not
 * name ("| V4-Pro (1.6T/49B) | 80.6% |" under "| Approach | SWE-Bench |"):
 * its own figures read as prose about that run; the other cells' figures
 * are not its. */
static void name_cell(struct sent *s, const size_t *cell, size_t ncell)
{
    size_t k = 0, from;
    if (!s->nent)
        return;
    while (k + 1 < ncell && s->ent[0].start >= cell[k + 1])
        k++;
    if (k < s->c->table.n && s->c->table.kind[k])
        return;
    from = cell[k];
    for (size_t i = 0; i < s->nnum; i++)
        if (s->num[i].start < from ||
            (k + 1 < ncell && s->num[i].end >= cell[k + 1]))
            s->used[i] = 1;
    ck_bind_run(s, NULL);
    ck_bind(s, NULL);
    ck_bind_entity_figures(s);
}

/* The one run of the family the row's sentence names that a size in the
 * row picks (one figure, a count of parameters or a bare large count, that
 * is exactly one member's total), else 0. */
static unsigned long long member_in_row(const struct sent *s)
{
    unsigned long long who = 0;
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        unsigned long long m;
        if (!n->magnitude || n->value < 1e8 || n->value >= 1e13 ||
            (n->unit != PP_UNIT_NONE && n->unit != PP_UNIT_PARAMS))
            continue;
        m = ck_member_of_size(s, n, s->fam[0].set);
        if (m && who && m != who)
            return 0; /* two sizes, two members */
        if (m)
            who = m;
    }
    return who;
}

/* "| Kimi K3 | undisclosed (~20T est.) |": a cell that hedges its figure
 * or says it is not disclosed gives no value a report could deny, and one
 * with an arrow gives a change -- their contradicted or undisclosed
 * claims, from index `from` on, are unverifiable. */
static void soften_cells(struct sent *s, const size_t *cell, size_t ncell,
                         int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        size_t at, end, k = 0, to;
        if ((strcmp(pp_json_str(c, "verdict", ""), "contradicted") &&
             strcmp(pp_json_str(c, "verdict", ""), "undisclosed")) ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        while (k + 1 < ncell && cell[k + 1] <= at)
            k++;
        to = k + 1 < ncell ? cell[k + 1] : s->len;
        if (lex_near(s, cell[k], to, CK_LEX_HYPOTHETICAL) ||
            lex_near(s, cell[k], to, CK_LEX_NOT_DISCLOSED))
            ck_soften_why(c, "the cell hedges %s or says it is not disclosed",
                          pp_json_str(c, "text", ""));
        else if (ck_arrow_between(s, cell[k], to))
            /* "| Kimi K3 | Kimi K2 | 1.04 万亿 → 2.78 万亿 |": a change, each
             * side maybe another run's */
            ck_soften_why(c,
                          "the cell gives a change across an arrow, %s "
                          "one side of it, maybe another run's",
                          pp_json_str(c, "text", ""));
    }
}

int pp_checker_row(pp_checker *c, const char *text, size_t len, int header,
                   cJSON *claims)
{
    struct sent s;
    int n;
    size_t cell[PP_TABLE_COLS + 1], ncell = 0, known = 0;
    unsigned long long who = 0;
    pp_optimum o;
    int have_budget, from;

    if (header) {
        table_header(c, text, len);
        return 0;
    }
    /* "| 参数 | GPT-3 (175B) | GPT-2 (1.5B) |": a first header over the
     * rows' labels says what the rows hold, not what its column holds,
     * when the other headers name runs */
    for (size_t k = 0; k < c->table.n; k++)
        known += c->table.kind[k] != 0 && c->table.kind[k] != 'M' &&
                 !(k == 0 && !c->table.run[0] && c->table.runs);
    cell[ncell++] = 0;
    for (size_t i = 0; i < len && ncell <= PP_TABLE_COLS; i++)
        if (text[i] == '\t')
            cell[ncell++] = i + 1;
    if (!known && ncell == c->table.n &&
        (n = runs_by_column(c, text, len, cell, ncell, claims)) != 0)
        return n < 0 ? PP_ENOMEM : n;
    if (!known) /* nothing known of the columns: the row as a sentence */
        return row_as_sentence(c, text, len, cell, ncell, claims);
    if (ck_sent_start(&s, c, text, len, claims) < 0)
        return PP_ENOMEM;
    ck_find_entities(&s);
    s.ents_done = 1;
    ck_carry_subject(&s);
    /* the run the row is about: the first one it names, else the member
     * of the family it names (or its heading does) that a size in it
     * picks ("| 70B | 15T | 8K |" under "## Llama 3"), never an error */
    for (size_t e = 0; e < s.nent && !who; e++)
        who = s.ent[e].set;
    if (!who && s.nfam == 1 && (who = member_in_row(&s)) != 0)
        s.family_read = 1;
    have_budget = row_budget(&s, cell, ncell, &o);
    from = cJSON_GetArraySize(claims);
    for (size_t k = 0; k < ncell && k < c->table.n; k++)
        row_cell(&s, cell, ncell, k, who, have_budget ? &o : NULL);
    soften_cells(&s, cell, ncell, from);
    s.family_read = 0;
    name_cell(&s, cell, ncell);
    ck_check_generalisations(&s);
    ck_keep_subject(&s);
    ck_sent_end(&s);
    return s.count;
}
