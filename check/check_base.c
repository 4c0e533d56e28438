/*
 * check_base.c - the claim checker's base layer (see check_impl.h): the
 * sentence under analysis (its set-up, clauses and windows, the figures
 * it writes), the passports it names and which of them a figure speaks
 * of, the context a worked example carries between sentences, and the
 * emission of claims.  The parts of the checker (check_facts.c,
 * check_derived.c, check_worked.c, check_text.c) build on these and on
 * nothing of each other.
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Context carried between sentences of a worked example              */
/* ------------------------------------------------------------------ */

void ck_ctx_age(pp_checker *c)
{
    struct ctx_value *all[] = {&c->N,  &c->D,         &c->C,        &c->P,
                               &c->M,  &c->mem_total, &c->per_rank, &c->Cstar,
                               &c->L1, &c->L2,        &c->Lt,       &c->PN,
                               &c->PD, &c->law};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i]->age < CTX_STALE)
            all[i]->age++;
    for (size_t i = 0; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age < CTX_STALE)
            c->vars[i].age++;
    if (c->solve.age < CTX_STALE)
        c->solve.age++;
}

void ck_ctx_set(struct ctx_value *x, double v)
{
    if (isfinite(v) && v > 0) {
        x->v = v;
        x->age = 0;
    }
}

int ck_ctx_get(const struct ctx_value *x, double *v)
{
    if (x->age > CTX_MAX_AGE)
        return 0;
    *v = x->v;
    return 1;
}

/* ------------------------------------------------------------------ */
/* The sentence                                                       */
/* ------------------------------------------------------------------ */

int ck_glossed(const struct sent *s, size_t a, size_t b)
{
    int open = 0;
    if (a > b)
        return 0;
    for (size_t k = a; k < b; k++) {
        if (s->text[k] == '(' && !open)
            open = 1;
        else if (k + 3 <= b && !memcmp(s->text + k, "\xEF\xBC\x88", 3) &&
                 !open) /* （ */
            open = 1, k += 2;
        else if (s->text[k] != ' ')
            return 0;
    }
    return open;
}

/* "300B (0.3T) tokens", "14.8T (14,800B)": a figure in brackets right
 * after one of the same value restates it; no check reads it again (as a
 * second operand of 6ND, say).  Marked used; the sentence's numbers must
 * be scanned. */
static void glosses(struct sent *s)
{
    for (size_t k = 1; k < s->nnum; k++) {
        const pp_number *a = &s->num[k - 1], *b = &s->num[k];
        if (ck_glossed(s, a->end, b->start) && a->value > 0 &&
            fabs(b->value - a->value) <= 0.01 * a->value)
            s->used[k] = 1;
    }
}

/* Start the analysis of `len` bytes of `text` (a sentence or a table
 * row) into *s: its folded copy and where the lexicon's words occur in it
 * (owned by *s: ck_sent_end) and its numbers; claims go to `claims`.
 * Ages the carried context by one sentence.  Returns 0 or PP_ENOMEM. */
int ck_sent_start(struct sent *s, pp_checker *c, const char *text, size_t len,
                  cJSON *claims)
{
    memset(s, 0, sizeof(*s));
    s->c = c;
    s->text = text;
    s->len = len;
    s->out = claims;
    c->limited = 0;
    if (pp_buf_put(&s->low, text, len) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    s->odd = pp_utf8_fold(s->low.ptr, s->low.len);
    if (ck_lexhits_scan(&s->lex, s->low.ptr, s->low.len) < 0) {
        pp_buf_dispose(&s->low);
        return PP_ENOMEM;
    }
    ck_ctx_age(c);
    s->nnum = pp_numbers_scan(text, len, s->num, MAXNUM);
    glosses(s);
    return 0;
}

void ck_sent_end(struct sent *s)
{
    pp_buf_dispose(&s->low);
    ck_lexhits_dispose(&s->lex);
}

/* ------------------------------------------------------------------ */
/* Clauses and windows                                                */
/* ------------------------------------------------------------------ */

/* Is the UTF-8 character starting at byte `c` (lead byte) Han?  (CJK
 * ideographs: U+3400..U+9FFF start with 0xE3..0xE9.) */
static int han_lead(unsigned char c)
{
    return c >= 0xE3 && c <= 0xE9;
}

size_t ck_back_words(const struct sent *s, size_t at, size_t n)
{
    const unsigned char *t = (const unsigned char *)s->text;
    size_t half = 0; /* Han characters, two to a word */
    if (at > s->len)
        at = s->len;
    while (at > 0 && n > 0) {
        size_t k = at;
        while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t'))
            k--;
        if (k == 0)
            return 0;
        if (t[k - 1] >= 0x80) { /* back to the lead byte */
            size_t lead = k - 1;
            while (lead > 0 && (t[lead] & 0xC0) == 0x80)
                lead--;
            if (han_lead(t[lead])) {
                at = lead;
                if (++half == 2)
                    half = 0, n--;
                continue;
            }
        }
        /* a word of letters, digits and marks: back to a space or Han */
        while (k > 0 && t[k - 1] != ' ' && t[k - 1] != '\t') {
            size_t lead = k - 1;
            while (lead > 0 && (t[lead] & 0xC0) == 0x80)
                lead--;
            if (han_lead(t[lead]))
                break;
            k = lead;
        }
        at = k;
        n--;
        half = 0;
    }
    return at;
}

/* The bytes of the UTF-8 character whose lead byte is `c` (1 for a
 * stray continuation byte: invalid input moves on too). */
static size_t char_width(unsigned char c)
{
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

size_t ck_fwd_words(const struct sent *s, size_t at, size_t n)
{
    const unsigned char *t = (const unsigned char *)s->text;
    size_t half = 0; /* Han characters, two to a word */
    while (at < s->len && n > 0) {
        size_t k = at, w;
        while (k < s->len && (t[k] == ' ' || t[k] == '\t'))
            k++;
        if (k == s->len)
            return s->len;
        w = char_width(t[k]);
        if (han_lead(t[k])) {
            at = k + w <= s->len ? k + w : s->len;
            if (++half == 2)
                half = 0, n--;
            continue;
        }
        /* a word of letters, digits and marks: on to a space or Han */
        while (k < s->len && t[k] != ' ' && t[k] != '\t' && !han_lead(t[k]))
            k += char_width(t[k]);
        at = k < s->len ? k : s->len;
        n--;
        half = 0;
    }
    return at;
}

/* Where the clause around [a, b) ends on either side, within `reach`
 * bytes: a word of LEX(STOP) -- a comma, semicolon, colon, "and", "и" --
 * stops a window, so in "共 671B 参数，激活 37B" the word 激活 is not read
 * for 671B. */

size_t ck_window_end(const struct sent *s, size_t b, size_t reach)
{
    size_t to = b + reach < s->len ? b + reach : s->len, end = to;
    if (s->lex.scanned) {
        /* the first stop word that starts at b or later and ends inside */
        for (int32_t i = s->lex.head[CK_LEX_STOP]; i >= 0;
             i = s->lex.hit[i].next)
            if (s->lex.hit[i].start >= b && s->lex.hit[i].end <= end &&
                s->lex.hit[i].start < to)
                to = s->lex.hit[i].start;
        return to;
    }
    for (const char *const *w = LEX(STOP); *w; w++) {
        const char *p = memmem(s->low.ptr + b, to - b, *w, strlen(*w));
        if (p)
            to = (size_t)(p - s->low.ptr);
    }
    return to;
}

size_t ck_window_start(const struct sent *s, size_t a, size_t reach)
{
    size_t from = back(a, reach);
    /* one pass from the right, looking only at bytes a stop word begins
     * with: the first stop word found ends last */
    for (size_t i = a; i-- > from;) {
        unsigned char c = (unsigned char)s->low.ptr[i];
        if (!ck_lex_first(CK_LEX_STOP)[c])
            continue;
        for (const char *const *w = LEX(STOP); *w; w++) {
            size_t n = strlen(*w);
            if ((unsigned char)**w == c && i + n <= a &&
                !memcmp(s->low.ptr + i, *w, n))
                return i + n;
        }
    }
    return from;
}

int ck_lex_find(const struct sent *s, size_t from, size_t to, enum ck_lex k,
                size_t *start, size_t *end)
{
    size_t best = SIZE_MAX, best_end = 0;
    if (to > s->len)
        to = s->len;
    if (to <= from)
        return 0;
    if (s->lex.scanned) {
        for (int32_t i = s->lex.head[k]; i >= 0; i = s->lex.hit[i].next)
            if (s->lex.hit[i].start >= from && s->lex.hit[i].end <= to &&
                s->lex.hit[i].start < best)
                best = s->lex.hit[i].start, best_end = s->lex.hit[i].end;
    } else {
        for (const char *const *w = ck_lex(k); *w; w++) {
            size_t n = strlen(*w);
            const char *p = memmem(s->low.ptr + from, to - from, *w, n);
            if (p && (size_t)(p - s->low.ptr) < best)
                best = (size_t)(p - s->low.ptr), best_end = best + n;
        }
    }
    if (best == SIZE_MAX)
        return 0;
    *start = best;
    *end = best_end;
    return 1;
}

/* Is the clause bound [a, b) the comma that groups a number's digits
 * ("8,192"), which ends no clause? */
static int digit_comma(const struct sent *s, size_t a, size_t b)
{
    return b == a + 1 && s->low.ptr[a] == ',' && a > 0 && b < s->len &&
           isdigit((unsigned char)s->low.ptr[a - 1]) &&
           isdigit((unsigned char)s->low.ptr[b]);
}

/* Where the clause holding offset `at` starts. */
size_t ck_clause_from(const struct sent *s, size_t at)
{
    size_t from = 0;
    if (s->lex.scanned) {
        /* the last clause bound ending at or before `at`; ", что ..." /
         * ", that ..." continues the clause that governs it: "не
         * доказывает, что FP8 всегда ..." */
        for (int32_t i = s->lex.head[CK_LEX_CLAUSE_BOUND]; i >= 0;
             i = s->lex.hit[i].next) {
            size_t e = s->lex.hit[i].end;
            if (e <= at && e > from &&
                !digit_comma(s, s->lex.hit[i].start, e) &&
                !lex_near(s, e, e + 10, CK_LEX_COMPLEMENT))
                from = e;
        }
        return from;
    }
    for (const char *const *b = LEX(CLAUSE_BOUND); *b; b++) {
        size_t bl = strlen(*b);
        for (size_t i = at; i-- > from;)
            if (i + bl <= at && !memcmp(s->low.ptr + i, *b, bl)) {
                if (digit_comma(s, i, i + bl) ||
                    lex_near(s, i + bl, i + bl + 10, CK_LEX_COMPLEMENT))
                    continue;
                if (i + bl > from)
                    from = i + bl;
                break;
            }
    }
    return from;
}

/* Where the clause holding offset `at` ends. */
size_t ck_clause_to(const struct sent *s, size_t at)
{
    size_t to = s->len;
    if (s->lex.scanned) {
        for (int32_t i = s->lex.head[CK_LEX_CLAUSE_BOUND]; i >= 0;
             i = s->lex.hit[i].next)
            if (s->lex.hit[i].start >= at && s->lex.hit[i].start < to &&
                !digit_comma(s, s->lex.hit[i].start, s->lex.hit[i].end))
                to = s->lex.hit[i].start;
        return to;
    }
    for (const char *const *b = LEX(CLAUSE_BOUND); *b; b++) {
        size_t bl = strlen(*b);
        for (const char *p = at < s->len ? s->low.ptr + at : NULL;
             p && (p = memmem(p, s->len - (size_t)(p - s->low.ptr), *b, bl));
             p++) {
            size_t q = (size_t)(p - s->low.ptr);
            if (q >= to)
                break;
            if (!digit_comma(s, q, q + bl)) {
                to = q;
                break;
            }
        }
    }
    return to;
}

/* ------------------------------------------------------------------ */
/* Entities: the passports a sentence names                           */
/* ------------------------------------------------------------------ */

/* Does a size variant follow the name ending at `e` ("DeepSeek-V2-Lite",
 * "Kimi K2 mini"): another model of the family? */
static int variant_after(const struct sent *s, size_t e)
{
    if (e + 1 >= s->len || (s->text[e] != '-' && s->text[e] != ' '))
        return 0;
    for (const char *const *v = LEX(SIZE_VARIANT); *v; v++) {
        size_t n = strlen(*v), k = e + 1 + n;
        if (k <= s->len && !memcmp(s->low.ptr + e + 1, *v, n) &&
            (k == s->len || !isalnum((unsigned char)s->text[k])))
            return 1;
    }
    return 0;
}

/* Does a word for a kind follow the name ending at `e` ("Behemoth-class
 * clusters", "GPT-3-like models", "K2-подобные", "Behemoth 级集群"): a
 * kind of thing the name describes, not the model? */
static int kind_after(const struct sent *s, size_t e)
{
    if (e < s->len && (s->text[e] == '-' || s->text[e] == ' '))
        e++;
    for (const char *const *w = LEX(KIND_SUFFIX); *w; w++) {
        size_t n = strlen(*w);
        if (e + n <= s->len && !memcmp(s->low.ptr + e, *w, n) &&
            ((unsigned char)(*w)[0] >= 0xE0 || e + n == s->len ||
             !isalpha((unsigned char)s->text[e + n]) ||
             (unsigned char)(*w)[0] >= 0xC0))
            return 1;
    }
    return 0;
}

/* Is the name at [b, e) a law's ("Chinchilla's 20:1", "the Chinchilla
 * rule", "Chinchilla-optimal", "Chinchilla 比例", "по закону Chinchilla"):
 * a word of class law-word after it (past "'s" or a hyphen) or before it,
 * or a ratio "N:1" right after it? The figures near it are not the run's. */
static int law_name(const struct sent *s, size_t b, size_t e)
{
    size_t k = e;
    if (k + 2 <= s->len && !memcmp(s->text + k, "'s", 2))
        k += 2;
    else if (k + 4 <= s->len && !memcmp(s->text + k, "\xE2\x80\x99s", 4))
        k += 4;
    if (k < s->len && (s->text[k] == ' ' || s->text[k] == '-'))
        k++;
    if (k < s->len && isdigit((unsigned char)s->text[k])) {
        while (k < s->len && isdigit((unsigned char)s->text[k]))
            k++;
        return k + 1 < s->len && s->text[k] == ':' &&
               isdigit((unsigned char)s->text[k + 1]);
    }
    for (const char *const *w = LEX(LAW_WORD); *w; w++) {
        size_t n = strlen(*w);
        if (k + n <= s->len && !memcmp(s->low.ptr + k, *w, n))
            return 1;
        if (n + 1 <= b && !memcmp(s->low.ptr + b - n - 1, *w, n) &&
            s->text[b - 1] == ' ' && (unsigned char)(*w)[0] >= 0xC0)
            return 1; /* "закону Chinchilla": a word before, Cyrillic */
    }
    return 0;
}

/* Does a corpus word follow the name ending at `e` ("DeepSeek 67B corpus
 * + Chinese data", "корпус", "语料"): a data source named after the
 * model, not the model? */
static int corpus_after(const struct sent *s, size_t e)
{
    while (e < s->len && (s->text[e] == ' ' || s->text[e] == '-'))
        e++;
    for (const char *const *w = LEX(CORPUS_AFTER); *w; w++) {
        size_t n = strlen(*w);
        if (e + n <= s->len && !memcmp(s->low.ptr + e, *w, n))
            return 1;
    }
    return 0;
}

/* Is the capitalised ASCII word [a, b) of the sentence a word of the
 * developer of passport `doc` ("Moonshot" of "Moonshot AI (Kimi)")? */
static int developer_word(const struct sent *s, size_t a, size_t b,
                          const cJSON *doc)
{
    const char *dev = pp_json_str(doc, "developer", "");
    for (const char *p = dev; *p; p++)
        if (!strncasecmp(p, s->text + a, b - a) &&
            !isalnum((unsigned char)p[b - a]) &&
            (p == dev || !isalnum((unsigned char)p[-1])))
            return 1;
    return 0;
}

/* A short name ("K2", "V3") another maker gives its own model: "LLM360's
 * K2", "K2 Think, from MBZUAI", "K2 by LLM360" -- the owner before it, or
 * after "from"/"by" within a few words, a capitalised word that is no word
 * of the passport's developer. */
static int others_short_name(const struct sent *s, size_t b, size_t e,
                             const cJSON *doc)
{
    size_t a, z;
    if (e - b > 3)
        return 0;
    /* "LLM360's K2" */
    z = b;
    if (z >= 3 && !memcmp(s->text + z - 3, "'s ", 3))
        z -= 3;
    else if (z >= 5 && !memcmp(s->text + z - 5, "\xE2\x80\x99s ", 5))
        z -= 5;
    else
        z = 0;
    for (a = z; a > 0 && (isalnum((unsigned char)s->text[a - 1]) ||
                          s->text[a - 1] == '-');
         a--)
        ;
    if (z > a) { /* "DeepSeek-AI's V3": its first part */
        const char *h = memchr(s->text + a, '-', z - a);
        if (h)
            z = (size_t)(h - s->text);
    }
    if (z > a && isupper((unsigned char)s->text[a]) &&
        !developer_word(s, a, z, doc))
        return 1;
    /* "K2 Think, from MBZUAI", "K2 by LLM360" */
    for (size_t k = e, lim = ck_fwd_words(s, e, 4); k + 5 < lim; k++) {
        size_t w = 0;
        if (!memcmp(s->low.ptr + k, " from ", 6))
            w = k + 6;
        else if (!memcmp(s->low.ptr + k, " by ", 4))
            w = k + 4;
        if (!w)
            continue;
        for (z = w; z < s->len && isalnum((unsigned char)s->text[z]); z++)
            ;
        return z > w && isupper((unsigned char)s->text[w]) &&
               !developer_word(s, w, z, doc);
    }
    return 0;
}

/* Is the name matched at [b, e) an everyday word written in lower case
 * ("a behemoth", "an inkling", "moonlight"), one of class common-word? A
 * name is written with its capital, an id in code ("`inkling.context`")
 * as the id. */
static int common_word(const struct sent *s, size_t b, size_t e)
{
    /* "`inkling.context`", "moonlight/": a passport's id in code */
    if ((e < s->len && s->text[e] && strchr("._/`", s->text[e])) ||
        (b > 0 && s->text[b - 1] && strchr("`/", s->text[b - 1])))
        return 0;
    for (size_t k = b; k < e; k++)
        if (!islower((unsigned char)s->text[k]))
            return 0;
    for (const char *const *w = LEX(COMMON_WORD); *w; w++)
        if (strlen(*w) == e - b && !memcmp(s->low.ptr + b, *w, e - b))
            return 1;
    return 0;
}

/* The passports the sentence names, by their aliases: a longer match
 * replaces the shorter ones it overlaps; a match as long adds its
 * passport to the entity. */
void ck_find_entities(struct sent *s)
{
    pcre2_match_data *md = s->c->md;
    int filter = s->c->alias_words && !s->odd;
    if (filter) {
        memset(s->c->alias_hit, 0, s->c->naliases);
        pp_litset_scan(s->c->alias_words, s->low.ptr, s->len, s->c->alias_hit);
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
            if ((e + 1 < s->len && (s->text[e] == '.' || s->text[e] == '-') &&
                 isdigit((unsigned char)s->text[e + 1])) ||
                variant_after(s, e) || corpus_after(s, e) || kind_after(s, e) ||
                law_name(s, b, e) ||
                ((size_t)al->passport < s->c->ndocs &&
                 others_short_name(s, b, e, s->c->docs[al->passport]))) {
                /* "K2.5", "V3.2", "Kimi-K2-0905", "DeepSeek-V2-Lite":
                 * another version, a model the registry does not hold;
                 * "DeepSeek 67B corpus": data named after a model;
                 * "LLM360's K2": another maker's model */
                if (s->nother < MAXENT) {
                    s->other[s->nother].start = b;
                    s->other[s->nother++].end = e;
                }
                start = e > b ? e : b + 1;
                continue;
            }
            if (b >= 2 && s->text[b - 1] == '-' &&
                isalnum((unsigned char)s->text[b - 2])) {
                /* "Nemotron-Pretraining-Code-v3": the end of another name */
                start = e > b ? e : b + 1;
                continue;
            }
            if (memchr(s->text + b, '\t', e - b)) {
                /* "| Moonlight | 16B |": a name does not cross cells */
                start = e > b ? e : b + 1;
                continue;
            }
            if (common_word(s, b, e)) {
                /* "a behemoth in the open-weight space", "an inkling":
                 * the everyday word, written as one */
                start = e > b ? e : b + 1;
                continue;
            }
            for (k = 0; k < s->nent; k++) {
                struct entity *x = &s->ent[k];
                if (b < x->end && e > x->start) { /* overlap */
                    if (e - b > x->end - x->start) {
                        x->start = b, x->end = e;
                        x->set = 0;
                        x->family = al->family;
                    }
                    if (e - b >= x->end - x->start && al->passport < 64) {
                        x->set |= 1ULL << al->passport;
                        x->family &= al->family;
                    }
                    merged = 1;
                    break;
                }
            }
            if (!merged && s->nent < MAXENT && al->passport < 64) {
                s->ent[s->nent].start = b;
                s->ent[s->nent].end = e;
                s->ent[s->nent].set = 1ULL << al->passport;
                s->ent[s->nent].family = al->family;
                s->nent++;
            }
            start = e > b ? e : b + 1;
        }
    }
    /* a range whose lower end is the digit of a name ("Llama 2–13B") is
     * only its upper end */
    for (size_t i = 0; i < s->nnum; i++)
        for (size_t k = 0; k < s->nent + s->nfam && s->num[i].range; k++) {
            const struct entity *x =
                k < s->nent ? &s->ent[k] : &s->fam[k - s->nent];
            if (x->start <= s->num[i].start && s->num[i].lo_end <= x->end &&
                x->end <= s->num[i].hi_start) {
                s->num[i].range = 0;
                s->num[i].start = s->num[i].hi_start;
            }
        }
    /* a number inside a name ("Gopher 280B", the "3" of "Nemotron 3
     * Ultra") is part of the name: no check reads it */
    for (size_t i = 0; i < s->nnum; i++)
        for (size_t k = 0; k < s->nent; k++)
            if (s->ent[k].start <= s->num[i].start &&
                s->num[i].end <= s->ent[k].end)
                s->used[i] = 1;
    /* a family's name, unless a run's name of its own covers it, goes
     * apart */
    for (size_t k = 0, kept = 0; k < s->nent; k++) {
        if (s->ent[k].family && s->nfam < MAXENT)
            s->fam[s->nfam++] = s->ent[k];
        else if (!s->ent[k].family)
            s->ent[kept++] = s->ent[k];
        if (k + 1 == s->nent)
            s->nent = kept;
    }
}

/* How many runs a set holds. */
static int runs_in(unsigned long long set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

/* The union of the runs the entities of `s` name. */
static unsigned long long all_named(const struct sent *s)
{
    unsigned long long all = 0;
    for (size_t k = 0; k < s->nent; k++)
        all |= s->ent[k].set;
    return all;
}

static int unknown_model_in(const struct sent *s, size_t from, size_t to);

/* The run the sentence names, when every name in it means the same runs
 * ("Kimi K2 и Kimi K2 Thinking"), else 0. */
static unsigned long long one_run(const struct sent *s)
{
    for (size_t k = 1; k < s->nent; k++)
        if (s->ent[k].set != s->ent[0].set)
            return 0;
    return s->nent ? s->ent[0].set : 0;
}

/* The runs of the one family the sentence names when it names no run
 * and no model the registry lacks ("Llama 2 represents an upgraded
 * version of ..."), else 0. */
static unsigned long long named_family(const struct sent *s)
{
    return s->nfam == 1 && !s->nent && !unknown_model_in(s, 0, s->len)
               ? s->fam[0].set
               : 0;
}

unsigned long long ck_runs_named(pp_checker *c, const char *text, size_t len,
                                 unsigned long long *all, int *foreign,
                                 unsigned long long *fam)
{
    struct sent t;
    unsigned long long set = 0;
    if (all)
        *all = 0;
    if (fam)
        *fam = 0;
    memset(&t, 0, sizeof t);
    t.c = c;
    t.text = text;
    t.len = len;
    if (len && pp_buf_put(&t.low, text, len) == 0) {
        t.odd = pp_utf8_fold(t.low.ptr, t.low.len);
        (void)ck_lexhits_scan(&t.lex, t.low.ptr, t.low.len); /* else: lists */
        ck_find_entities(&t);
        set = one_run(&t);
        if (all)
            *all = all_named(&t);
        if (foreign)
            *foreign = t.nfam || ck_foreign_between(&t, 0, t.len);
        if (fam)
            *fam = named_family(&t);
    }
    ck_sent_end(&t);
    return set;
}

/* The one run the sentence kept in `x` names (0: none, or several
 * mentions), found the first time it is asked; when it names no model
 * at all, the subject it let through (x->back). */
static unsigned long long subject_of(pp_checker *c, struct subject *x)
{
    int foreign = 0;
    if (!x->known) {
        x->set = ck_runs_named(c, pp_buf_cstr(&x->text), x->text.len, &x->all,
                               &foreign, &x->fam);
        x->known = 1;
        x->foreign = foreign;
        if (x->all || foreign)
            x->back.kept = 0; /* it names a model: its own subject */
    }
    if (x->set || !x->back.kept)
        return x->set;
    if (!x->back.known) {
        x->back.set = ck_runs_named(c, pp_buf_cstr(&x->back.text),
                                    x->back.text.len, NULL, NULL, NULL);
        x->back.known = 1;
    }
    return x->back.set;
}

/* The run of the nearest heading above the current one that names a
 * model ("# Kimi K2" over "## Key Features"): 0 when it names several,
 * a family or a model the registry lacks, or when none names one. */
static unsigned long long outer_subject(pp_checker *c)
{
    for (int k = c->heading_level - 1; k >= 1; k--) {
        struct outer *o = &c->outer[k];
        if (!o->len)
            continue;
        if (!o->known) {
            unsigned long long all = 0;
            int foreign = 0;
            o->set = ck_runs_named(c, o->text, o->len, &all, &foreign, &o->fam);
            o->named = all || foreign;
            if (foreign)
                o->set = 0;
            o->known = 1;
        }
        if (o->named)
            return o->set;
    }
    return 0;
}

/* The family the nearest heading above the current one that names a
 * model names ("# LLaMA 2: Open Foundation ..." over "## Pre-training"):
 * 0 when that heading names a run, another model or no one family. */
static unsigned long long outer_family(pp_checker *c)
{
    (void)outer_subject(c);
    for (int k = c->heading_level - 1; k >= 1; k--) {
        const struct outer *o = &c->outer[k];
        if (o->len && o->named)
            return o->fam;
    }
    return 0;
}

/* Is the word [p, q) a vendor's and followed, after a space or a hyphen,
 * by one letter and a digit ("Kimi k1.5", "DeepSeek R1", "Kimi-k2")? */
static int vendor_version(const struct sent *s, size_t p, size_t q, size_t to)
{
    const pp_checker *c = s->c;
    int vendor = 0;
    if (q + 2 >= to || (s->text[q] != ' ' && s->text[q] != '-') ||
        !isalpha((unsigned char)s->text[q + 1]) ||
        !isdigit((unsigned char)s->text[q + 2]))
        return 0;
    for (size_t v = 0; v < c->nvendors && !vendor; v++)
        vendor = strlen(c->vendors[v]) == q - p &&
                 !memcmp(c->vendors[v], s->low.ptr + p, q - p);
    return vendor;
}

/* Is the word [p, q) a capitalised name followed, after one space, by a
 * size ("Mixtral 8x7B", "Falcon 180B", "Gemma 27B"): digits, an optional
 * "x" and digits, and B or M?  Away from the sentence's start, or with the
 * "x" of a mixture's size, so "With 671B ..." is no name. */
static int spaced_size(const struct sent *s, size_t p, size_t q, size_t to)
{
    size_t k = q + 1, digits = 0;
    int mixture = 0;
    if (!isupper((unsigned char)s->text[p]) || q + 2 >= to || s->text[q] != ' ')
        return 0;
    while (k < to && (isdigit((unsigned char)s->text[k]) || s->text[k] == '.'))
        k++, digits++;
    if (digits && k + 1 < to && s->text[k] == 'x' &&
        isdigit((unsigned char)s->text[k + 1])) {
        mixture = 1;
        for (k++; k < to && isdigit((unsigned char)s->text[k]); k++)
            ;
    }
    if (!digits || k >= to || (s->text[k] != 'B' && s->text[k] != 'M') ||
        (k + 1 < to && isalnum((unsigned char)s->text[k + 1])))
        return 0;
    if (mixture)
        return 1;
    for (size_t a = 0; a < p; a++) /* anything before it but list marks */
        if (!strchr(" -*#>\t0123456789.)", s->text[a]))
            return 1;
    /* the sentence's first word: a name unless a word that opens
     * sentences ("Falcon 180B was trained ..."; not "With 671B ...") */
    for (const char *const *w = LEX(OPENER); *w; w++)
        if (strlen(*w) == q - p && !memcmp(s->low.ptr + p, *w, q - p))
            return 0;
    return 1;
}

/* Where, in [from, to), the first name of a model the registry does not
 * know begins -- three or more letters glued to a version ("Qwen2.5-3B",
 * "LLAMA3-3B", "GPT-4.5", "GLM-5.1", "Deepseek-v2-Lite"), or a vendor's
 * word before a letter and a digit ("Kimi k1.5") -- outside every
 * entity; (size_t)-1: none.  Families are not looked at. */
/* Where the name ends that the capitalised word [p, q) begins when it is
 * a model's name by its shape though it has no digit, 0 when it is not:
 * a size variant after a hyphen ("Hunyuan-Large", "Phi-Mini"), or a word
 * with a capital inside it before a possessive ("TinyLlama's",
 * "MiniMax's") that is no vendor's nor a developer's ("DeepMind's"). */
static size_t named_shape(const struct sent *s, size_t p, size_t q, size_t to)
{
    int inner = 0;
    if (!isupper((unsigned char)s->text[p]))
        return 0;
    if (q + 1 < to && s->text[q] == '-' &&
        isupper((unsigned char)s->text[q + 1])) {
        size_t e = q + 1;
        while (e < to && isalpha((unsigned char)s->text[e]))
            e++;
        for (const char *const *w = LEX(SIZE_VARIANT); *w; w++)
            if (strlen(*w) == e - q - 1 &&
                !memcmp(s->low.ptr + q + 1, *w, e - q - 1))
                return e;
    }
    for (size_t k = p + 1; k < q; k++)
        inner |= isupper((unsigned char)s->text[k]) &&
                 islower((unsigned char)s->text[k - 1]);
    if (!inner || !((q + 2 <= to && !memcmp(s->text + q, "'s", 2)) ||
                    (q + 4 <= to && !memcmp(s->text + q, "\xE2\x80\x99s", 4))))
        return 0;
    for (size_t v = 0; v < s->c->nvendors; v++)
        if (strlen(s->c->vendors[v]) == q - p &&
            !memcmp(s->c->vendors[v], s->low.ptr + p, q - p))
            return 0;
    for (size_t d = 0; d < s->c->ndocs; d++) /* "DeepMind's", "OpenAI's" */
        if (developer_word(s, p, q, s->c->docs[d]))
            return 0;
    return q;
}

static size_t foreign_at(const struct sent *s, size_t from, size_t to)
{
    if (to > s->len)
        to = s->len;
    for (size_t p = from; p < to; p++) {
        size_t q = p, letters, shape;
        int skip = 0;
        if (p > 0 && isalnum((unsigned char)s->text[p - 1]))
            continue;
        while (q < to && isalpha((unsigned char)s->text[q]))
            q++;
        letters = q - p;
        if (letters < 3)
            continue;
        for (const char *const *w = LEX(NOT_MODEL); *w; w++)
            if (strlen(*w) == letters && !memcmp(s->low.ptr + p, *w, letters))
                skip = 1;
        if (!skip && vendor_version(s, p, q, to))
            q += 2; /* "Kimi k1.5", "DeepSeek R1": at the digit */
        else if (!skip && spaced_size(s, p, q, to))
            q++; /* "Mixtral 8x7B", "Falcon 180B": at the size */
        if (!skip && (shape = named_shape(s, p, q, to)) != 0)
            q = shape; /* "Hunyuan-Large", "TinyLlama's" */
        else {
            if (q < to && s->text[q] == '-')
                q++;
            /* "GLM-v4", "MiniMax-M2": one letter before the version */
            if (q + 1 < to && isalpha((unsigned char)s->text[q]) &&
                isdigit((unsigned char)s->text[q + 1]))
                q++;
            if (skip || q >= to || !isdigit((unsigned char)s->text[q]))
                continue;
        }
        for (size_t k = 0; k < s->nent; k++)
            if (p < s->ent[k].end && q >= s->ent[k].start)
                skip = 1;
        if (!skip)
            return p;
    }
    return (size_t)-1;
}

/* Where in [from, to) the first name of a model the registry holds
 * neither as a run nor as a family begins ("GPT-4", "Qwen2.5-72B"; not
 * "Llama3"); (size_t)-1: none. */
static size_t unknown_at(const struct sent *s, size_t from, size_t to)
{
    for (size_t p; (p = foreign_at(s, from, to)) != (size_t)-1; from = p + 1) {
        int family = 0;
        for (size_t k = 0; k < s->nfam; k++)
            if (p >= s->fam[k].start && p < s->fam[k].end)
                family = 1;
        if (!family)
            return p;
    }
    return (size_t)-1;
}

static int unknown_model_in(const struct sent *s, size_t from, size_t to)
{
    return unknown_at(s, from, to) != (size_t)-1;
}

/* Does a word that points back at the run begin the sentence, or follow
 * its label ("It was trained with MuonClip", "The model uses GQA", "We
 * adopt Muon", "3. Muon 优化器：我们采用 Muon")?  A sentence that merely
 * follows one about the run may speak of anything ("optimizers such as
 * Adam or AdamW").  List markers are skipped. */
static int points_back_at(const struct sent *s, size_t a)
{
    for (;;) { /* list markers: "- ", "1. ", "• ", "· " */
        if (a < s->len && s->low.ptr[a] &&
            strchr(" -*\t>#0123456789.)", s->low.ptr[a]))
            a++;
        else if (a + 3 <= s->len && !memcmp(s->low.ptr + a, "\xE2\x80\xA2", 3))
            a += 3;
        else if (a + 2 <= s->len && !memcmp(s->low.ptr + a, "\xC2\xB7", 2))
            a += 2;
        else
            break;
    }
    for (const char *const *p = LEX(PRONOUN); *p; p++)
        if (a + strlen(*p) <= s->len && !memcmp(s->low.ptr + a, *p, strlen(*p)))
            return 1;
    return 0;
}

int ck_anaphoric(const struct sent *s)
{
    const char *colon;
    size_t reach = s->len < 48 ? s->len : 48;
    if (points_back_at(s, 0))
        return 1;
    /* after a label: "Muon optimizer: we adopt ...", "训练：我们 ..." */
    if ((colon = memchr(s->low.ptr, ':', reach)) != NULL &&
        points_back_at(s, (size_t)(colon - s->low.ptr) + 1))
        return 1;
    colon = memmem(s->low.ptr, reach, "\xEF\xBC\x9A", 3); /* ： */
    return colon && points_back_at(s, (size_t)(colon - s->low.ptr) + 3);
}

/* Does the sentence, which names no run, name a model the registry
 * lacks (or a family) only as the standard of a comparison its context's
 * run is the
 * subject of ("它包含1750亿个参数,比之前的GPT-2模型大100倍", "It has 175B
 * parameters, ten times more than its predecessor, GPT-2")?  Its figures
 * before that name are then the run's; those after it are the other
 * model's, and do not bind (ck_entity_for). */
static int compared_with_foreign(const struct sent *s)
{
    size_t f = foreign_at(s, 0, s->len);
    for (size_t k = 0; k < s->nfam; k++) /* "than Llama-3's 30.8M" too */
        if (s->fam[k].start < f)
            f = s->fam[k].start;
    if (f == (size_t)-1 || f == 0 || !ck_anaphoric(s))
        return 0;
    return lex_near(s, ck_window_start(s, f, 32), f, CK_LEX_STANDARD_BEFORE) ||
           lex_near(s, ck_window_start(s, f, 32), f, CK_LEX_COMPARE);
}

/* "Llama 2 represents an upgraded version ... The training dataset ...
 * reaches 2 trillion tokens": a sentence that names nothing takes the one
 * family the previous sentence names (or, when that names no model, the
 * heading), and is read as a family's figures are -- confirmed when they
 * hold for each of its runs, never an error.  1 when it took one. */
static int carry_family(struct sent *s)
{
    pp_checker *c = s->c;
    unsigned long long fam = c->prev.fam;
    const char *from = "the previous sentence";
    if (!fam && !c->prev.all && !c->prev.foreign) {
        (void)subject_of(c, &c->heading);
        fam = c->heading.fam, from = "the heading";
        /* a section whose heading names no model, under one that names
         * a family */
        if (!fam && !c->heading.all && !c->heading.foreign &&
            (fam = outer_family(c)) != 0)
            from = "an outer heading";
    }
    if (!fam || s->nfam >= MAXENT)
        return 0;
    memset(&s->fam[0], 0, sizeof(s->fam[0]));
    s->fam[0].set = fam;
    s->fam[0].family = 1;
    s->nfam = 1;
    s->carried = from;
    s->fam_carried = 1;
    return 1;
}

void ck_carry_subject(struct sent *s)
{
    unsigned long long set;
    const char *from = "the previous sentence";
    if (s->nent ||
        (ck_foreign_between(s, 0, s->len) && !compared_with_foreign(s)))
        return; /* it names a run, a family, or a model the registry does
                   not know (but as the standard of its comparison) */
    if (!(set = subject_of(s->c, &s->c->prev))) {
        set = subject_of(s->c, &s->c->heading);
        from = "the heading";
        /* a section whose heading and sentence before name no model */
        if (!set && !s->c->heading.all && !s->c->heading.foreign &&
            !s->c->prev.all && !s->c->prev.foreign &&
            (set = outer_subject(s->c)))
            from = "an outer heading";
    }
    /* "DeepSeek-V4-Pro and DeepSeek-V4-Flash ... Both models were trained
     * on ...": the two runs the context names, each checked */
    if (!set && lex_near(s, 0, s->len, CK_LEX_BOTH)) {
        if (runs_in(s->c->prev.all) == 2)
            set = s->c->prev.all, from = "the previous sentence";
        else if (runs_in(s->c->heading.all) == 2)
            set = s->c->heading.all, from = "the heading";
    }
    if (!set && carry_family(s))
        return;
    if (!set)
        return;
    s->ent[0].start = s->ent[0].end = 0;
    s->ent[0].set = set;
    s->nent = 1;
    s->carried = from;
}

/* Is the sentence a label naming the model and then a name alone ("-
 * Model: DeepSeek-V4-Flash", "模型：Kimi K2")?  Then the items of its list
 * speak of the run it names, as of a list a sentence introduced (whether
 * the name is a run's is looked up when an item needs it). */
static int model_label(const struct sent *s)
{
    size_t colon = 0, end = s->len;
    for (size_t k = 0; k < s->len && k < 40 && !colon; k++)
        if (s->text[k] == ':')
            colon = k + 1;
        else if (k + 3 <= s->len && !memcmp(s->text + k, "\xEF\xBC\x9A", 3))
            colon = k + 3;
    while (end > colon && s->text[end - 1] && strchr(" .*\n", s->text[end - 1]))
        end--;
    if (!colon || end <= colon || end - colon > 60 ||
        memchr(s->text + colon, ':', end - colon) ||
        (s->ents_done && s->nent != 1))
        return 0;
    return lex_near(s, 0, colon, CK_LEX_MODEL_LABEL) &&
           !lex_near(s, 0, colon, CK_LEX_COMPARISON);
}

int ck_context_runs(pp_checker *c, unsigned long long *runs)
{
    (void)subject_of(c, &c->prev);
    (void)subject_of(c, &c->heading);
    *runs = c->prev.all | c->heading.all | (c->table.n ? c->table.runs : 0);
    if (c->prev.foreign || c->heading.foreign || c->prev.fam ||
        c->heading.fam || (c->table.n && c->table.foreign))
        return 0;
    (void)outer_subject(c);
    for (int k = c->heading_level - 1; k >= 1; k--) {
        const struct outer *o = &c->outer[k];
        if (o->len && o->named)     /* the nearest that names a model */
            return o->set || *runs; /* several, a family, another model */
    }
    return 1;
}

void ck_keep_subject(struct sent *s)
{
    pp_checker *c = s->c;
    struct subject *to[2] = {&c->prev, c->next_is_heading ? &c->heading : NULL};
    /* the items of a list a sentence introduced ("... three upgrades:")
     * all speak of its run, unless one names its own */
    size_t k = c->prev.colon && c->next_is_item && !c->next_is_heading &&
                       (s->carried || !s->ents_done)
                   ? 1
                   : 0;
    c->next_is_heading = 0;
    for (; k < 2 && to[k]; k++) {
        struct subject *x = to[k];
        size_t end = s->len;
        while (end && (s->text[end - 1] == ' ' || s->text[end - 1] == '\n'))
            end--;
        if (x == &c->heading && c->heading_more) {
            /* "Kimi K2 — 2. Model Summary": a heading of several
             * sentences names the run any of them names, read over its
             * whole text when a sentence needs it */
            if (x->known && x->text.len == 0)
                continue; /* the start was analysed and kept no text */
            if (pp_buf_putc(&x->text, ' ') == 0 &&
                pp_buf_put(&x->text, s->text, s->len) == 0)
                x->known = 0;
            continue;
        }
        if (x == &c->prev && !s->ents_done && k == 0) {
            /* not analysed: it may name nothing, and then the subject
             * before it goes on (subject_of) */
            pp_buf swap = x->back.text;
            x->back.text = x->text, x->text = swap;
            x->back.kept = 1;
            x->back.known = x->known;
            x->back.set = x->set;
        } else if (x == &c->prev) {
            x->back.kept = 0;
        }
        pp_buf_clear(&x->text);
        x->known = 1;
        x->set = one_run(s);
        x->all = all_named(s);
        /* "Compared with GPT-4, ...": a model the registry lacks */
        x->fam = s->ents_done ? named_family(s) : 0;
        x->foreign = !x->all && s->ents_done &&
                     (s->nfam || ck_foreign_between(s, 0, s->len));
        x->colon =
            (end && s->text[end - 1] == ':') ||
            (end >= 3 && !memcmp(s->text + end - 3, "\xEF\xBC\x9A", 3)) ||
            (x == &c->prev && c->next_is_item && model_label(s));
        /* a heading keeps its text, for the sentences it may go on with */
        if ((!s->ents_done || x == &c->heading) &&
            pp_buf_put(&x->text, s->text, s->len) == 0)
            x->known = 0; /* looked for when a later sentence needs it */
    }
}

/* The entity a figure at `at` speaks of: the nearest one before it, else
 * the nearest after. */
const struct entity *ck_entity_for(const struct sent *s, size_t at)
{
    const struct entity *best = NULL;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].end <= at && (!best || s->ent[k].end > best->end))
            best = &s->ent[k];
    if (best)
        return best;
    for (size_t k = 0; k < s->nent; k++)
        if (!best || s->ent[k].start < best->start)
            best = &s->ent[k];
    return best;
}

int ck_foreign_between(const struct sent *s, size_t from, size_t to)
{
    for (size_t k = 0; k < s->nfam; k++) /* "Llama 2": a family, not a run */
        if (s->fam[k].start >= from && s->fam[k].end <= to)
            return 1;
    for (size_t k = 0; k < s->nother; k++) /* "Kimi K2.5" */
        if (s->other[k].start >= from && s->other[k].end <= to)
            return 1;
    return foreign_at(s, from, to) != (size_t)-1;
}

/* Does the sequence arrow "→" lie in [from, to): another step of a
 * sequence ("Chinchilla '22 → ... → FP8 pipelines")? */
int ck_arrow_between(const struct sent *s, size_t from, size_t to)
{
    return near(s, from, to, "\xE2\x86\x92");
}

/* Is offset `at` inside brackets that open right after a name ("Nemotron
 * 3 Ultra (550B)")? */
static int bracket_after_entity(const struct sent *s, size_t at)
{
    size_t open = at;
    while (open > 0 && s->text[open - 1] != '(' && s->text[open - 1] != ')')
        open--;
    if (open == 0 || s->text[open - 1] != '(')
        return 0;
    open--;
    while (open > 0 && s->text[open - 1] == ' ')
        open--;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].end == open)
            return 1;
    return 0;
}

/* "Kimi K2 and DeepSeek-V3 were trained on 15.5T and 14.8T tokens
 * respectively": the figures after the last entity pair with the
 * entities in order, when there are as many of each. */
static void pair_respectively(struct sent *s)
{
    const struct entity *order[MAXENT];
    size_t ne = 0, fig[MAXNUM], nf = 0, last = 0;
    s->resp_done = 1;
    if (s->nent < 2 || !lex_near(s, 0, s->len, CK_LEX_RESPECTIVELY))
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
            (s->num[i].magnitude || s->num[i].unit != PP_UNIT_NONE) &&
            !bracket_after_entity(s, s->num[i].start))
            fig[nf++] = i;
    if (nf == ne) {
        for (size_t k = 0; k < nf; k++)
            s->resp[fig[k]] = order[k];
        return;
    }
    /* "were pretrained on 2.0T, more than 15T and 14.8T tokens
     * respectively, and their context windows are 4,096, 8,192 and 128K
     * tokens respectively", "分别为 ...": each list the word closes (or,
     * Chinese, opens) pairs on its own when it has as many figures */
    /* each list with its plain figures too ("4,096, 8,192 and 128K") */
    nf = 0;
    for (size_t i = 0; i < s->nnum; i++)
        if (s->num[i].start >= last &&
            !bracket_after_entity(s, s->num[i].start))
            fig[nf++] = i;
    for (size_t from = last, ws, we;
         nf > ne && ck_lex_find(s, from, s->len, CK_LEX_RESPECTIVELY, &ws, &we);
         from = we) {
        size_t next_ws = s->len, nws, nwe;
        if (ck_lex_find(s, we, s->len, CK_LEX_RESPECTIVELY, &nws, &nwe))
            next_ws = nws;
        for (int side = 0; side < 2; side++) {
            size_t lo = side ? we : from, hi = side ? next_ws : ws, n = 0;
            size_t grp[MAXNUM];
            for (size_t k = 0; k < nf; k++)
                if (s->num[fig[k]].start >= lo && s->num[fig[k]].end <= hi)
                    grp[n++] = fig[k];
            if (n == ne)
                for (size_t k = 0; k < n; k++)
                    s->resp[grp[k]] = order[k];
        }
    }
}

/* Chinese puts the attribute before its noun: "总参数量 284B(激活 13B)的
 * DeepSeek-V4-Flash".  Does [from, to), at most 32 bytes, end in 的
 * within one clause? */
static int zh_attributive(const struct sent *s, size_t from, size_t to)
{
    size_t k = to;
    if (to <= from || to - from > 32)
        return 0;
    while (k > from && s->text[k - 1] == ' ')
        k--;
    if (k < from + 3 || memcmp(s->text + k - 3, "\xE7\x9A\x84", 3))
        return 0;
    for (size_t i = from; i < k - 3; i++)
        if (s->text[i] == ',' || s->text[i] == ';' ||
            !memcmp(s->text + i, "\xEF\xBC\x8C", 3) ||
            !memcmp(s->text + i, "\xE3\x80\x81", 3))
            return 0;
    return 1;
}

/* Words that end right before the standard of a comparison: "the same
 * budget as Gopher", "more than DeepSeek-V3", "比 DeepSeek-V3". */

/* Is entity `e` a reference, not the subject its sentence's figures
 * belong to: the standard of a comparison (right after "as", "than",
 * "比" ..., or before "的 1.5 倍": "DSv3 的 1.5 倍", 1.5 times DSv3's), or
 * a model another adopts or builds on ("基本采用 DeepSeek V3 的架构")? */
/* Is [from, to), spaces aside, what joins two items of a list: ",",
 * ", and", "and", ", or", "or", "、", "和", "，", "и"? */
static int list_joint(const struct sent *s, size_t from, size_t to)
{
    static const char *const joints[] = {",",
                                         ", and",
                                         "and",
                                         ", or",
                                         "or",
                                         "\xE3\x80\x81", /* 、 */
                                         "\xE5\x92\x8C", /* 和 */
                                         "\xEF\xBC\x8C", /* ， */
                                         "\xD0\xB8",     /* и */
                                         NULL};
    while (from < to && s->text[from] == ' ')
        from++;
    while (to > from && s->text[to - 1] == ' ')
        to--;
    for (const char *const *j = joints; *j; j++)
        if (to - from == strlen(*j) &&
            !memcmp(s->low.ptr + from, *j, to - from))
            return 1;
    return 0;
}

int ck_is_standard(const struct sent *s, const struct entity *e)
{
    size_t j = e->end, k;
    /* "like GPT-3, Gopher, and Megatron-Turing NLG": each item of a list
     * whose first is a standard */
    for (size_t q = 0; q < s->nent; q++) {
        const struct entity *p = &s->ent[q];
        if (p->end < e->start && e->start - p->end <= 6 &&
            list_joint(s, p->end, e->start))
            return ck_is_standard(s, p);
    }
    /* "similar to DeepSeek-V2-Lite and DeepSeekV2": after a version the
     * registry lacks that is a standard */
    for (size_t q = 0; q < s->nother; q++) {
        size_t past = s->other[q].end; /* past "-Lite", ".5" */
        while (past < e->start &&
               (isalnum((unsigned char)s->text[past]) || s->text[past] == '-' ||
                s->text[past] == '.'))
            past++;
        if (s->other[q].end < e->start && e->start - past <= 6 &&
            list_joint(s, past, e->start)) {
            struct entity o = {0};
            o.start = s->other[q].start, o.end = past;
            return ck_is_standard(s, &o);
        }
    }
    for (const char *const *w = LEX(STANDARD_BEFORE); *w; w++) {
        size_t n = strlen(*w), b = e->start;
        while (b > 0 && s->text[b - 1] == ' ' && (*w)[n - 1] != ' ')
            b--; /* "比 DeepSeek-V3" */
        if ((b < n || memcmp(s->low.ptr + b - n, *w, n)) &&
            /* "Like DeepSeek-V3, ...": the word opens the sentence */
            !((*w)[0] == ' ' && b == n - 1 &&
              !memcmp(s->low.ptr, *w + 1, n - 1)))
            continue;
        /* "as" compares only after "the same" or a first "as" ("as
         * large as"): "such as", "known as", "as well as" do not */
        if (!strcmp(*w, " as ") &&
            !near(s, b - n > 48 ? b - n - 48 : 0, b - n, "same") &&
            !near(s, b - n > 32 ? b - n - 32 : 0, b - n, "as "))
            continue;
        if (!strcmp(*w, " as ") && b >= n + 8 &&
            (!memcmp(s->low.ptr + b - n - 5, " such", 5) ||
             !memcmp(s->low.ptr + b - n - 5, " well", 5)))
            continue;
        return 1;
    }
    /* "the Chinchilla scaling laws", "Chinchilla-optimal": a law or a
     * recipe named after the run */
    for (const char *const *w = LEX(NAMED_AFTER); *w; w++) {
        size_t t = e->end;
        while (t < s->len && (s->text[t] == ' ' || s->text[t] == '-'))
            t++;
        if (t + strlen(*w) <= s->len && !memcmp(s->low.ptr + t, *w, strlen(*w)))
            return 1;
    }
    /* "4x effective compute of Llama-3-405B", "50x GPT-3's data" */
    for (k = 0; k < s->nnum; k++)
        if (s->num[k].unit == PP_UNIT_TIMES && s->num[k].end <= e->start &&
            e->start - s->num[k].end <= 40 &&
            ck_clause_from(s, e->start) <= s->num[k].start)
            return 1;
    while (j < s->len && s->text[j] == ' ')
        j++;
    if (j + 3 > s->len || memcmp(s->text + j, "\xE7\x9A\x84", 3)) /* 的 */
        return 0;
    for (k = 0; k < s->nnum; k++) {
        size_t t = s->num[k].end;
        while (t < s->len && s->text[t] == ' ')
            t++;
        if (s->num[k].start >= j && s->num[k].start <= j + 5 &&
            t + 3 <= s->len && !memcmp(s->text + t, "\xE5\x80\x8D", 3)) /* 倍 */
            return 1;
    }
    return 0;
}

/* The entity figure `i` speaks of, or NULL when it speaks of another
 * model: the nearest entity before it -- unless a comparison lies between
 * ("Kimi K2 outperforms ... 70B") or the figure sizes a model of its own
 * ("a 70B model", but "DeepSeek-V3 is a 671B model") -- else the nearest
 * after it, unless the figure's clause is about a model of its own
 * ("Compared with a 7B baseline trained on 2T tokens, Kimi K2 ..."). */
/* Is [from, to) between a name and a figure a possessive, the figure
 * the named run's own ("than GPT-3's 170 billion parameters")? */
static int possessive(const struct sent *s, size_t from, size_t to)
{
    static const char *const marks[] = {"'s ", "\xE2\x80\x99s ", NULL};
    for (const char *const *m = marks; *m; m++)
        if (to - from == strlen(*m) &&
            !memcmp(s->low.ptr + from, *m, to - from))
            return 1;
    return 0;
}

/* Is [from, to) a preposition alone (" in ", " for ", " у ")? */
static int preposition(const struct sent *s, size_t from, size_t to)
{
    for (const char *const *w = LEX(OWNER_AFTER); *w; w++)
        if (to - from == strlen(*w) &&
            !memcmp(s->low.ptr + from, *w, to - from))
            return 1;
    return 0;
}

/* Is [from, to) one or two spaces: a figure written against a name? */
static int against(const struct sent *s, size_t from, size_t to)
{
    if (to <= from || to - from > 2)
        return 0;
    for (size_t k = from; k < to; k++)
        if (s->text[k] != ' ')
            return 0;
    return 1;
}

/* Is figure `n` followed, in its window, by a preposition and the name
 * of a model the registry does not hold ("about 1/3 of the 18T used for
 * Qwen2.5", "1.8T in GPT-4"), no run named between: that model's? */
static int foreign_owner_after(const struct sent *s, const pp_number *n)
{
    size_t p = unknown_at(s, n->end, ck_window_end(s, n->end, 28));
    if (p == (size_t)-1 || !lex_near(s, n->end, p + 1, CK_LEX_OWNER_AFTER))
        return 0;
    for (size_t k = 0; k < s->nent; k++)
        if (s->ent[k].start >= n->end && s->ent[k].start < p)
            return 0;
    return 1;
}

/* Does a word of "of" (" of ", " out of ", " из ") begin at `b`? */
static int of_right_after(const struct sent *s, size_t b)
{
    for (const char *const *w = LEX(OF); *w; w++)
        if (b + strlen(*w) <= s->len && !memcmp(s->low.ptr + b, *w, strlen(*w)))
            return 1;
    return 0;
}

/* Is the name at `name` in apposition to a model word right after figure
 * `n` ("a 1T-parameter model, Kimi K2", "our 1T model \"Kimi K2\"", "the
 * 70B model Chinchilla") -- only spaces, commas, colons and quotes between,
 * and not a baseline's? */
static int apposition(const struct sent *s, const pp_number *n, size_t name)
{
    static const char *const marks[] = {" ",
                                        ",",
                                        ":",
                                        "\"",
                                        "'",
                                        "\xE2\x80\x9C",
                                        "\xE2\x80\x9D",
                                        "\xC2\xAB",
                                        "\xC2\xBB",
                                        "\xE2\x80\x98",
                                        "\xE2\x80\x99",
                                        "\xE3\x80\x8C",
                                        "\xE3\x80\x8E",
                                        "\xEF\xBC\x8C",
                                        "\xEF\xBC\x9A",
                                        NULL};
    size_t ws, we, k;
    if (!ck_lex_find(s, n->end, name, CK_LEX_MODEL, &ws, &we) ||
        ws > n->end + 2 || lex_near(s, ws, we, CK_LEX_COMPARISON))
        return 0;
    for (k = n->end; k < ws; k++)
        if (s->text[k] != ' ' && s->text[k] != '-')
            return 0;
    for (k = we; k < name;) {
        size_t m = 0;
        for (const char *const *w = marks; *w && !m; w++)
            if (k + strlen(*w) <= name && !memcmp(s->text + k, *w, strlen(*w)))
                m = strlen(*w);
        if (!m)
            return 0;
        k += m;
    }
    return 1;
}

/* Is [from, to) a comma and "一个" (or "一款"), what sets a description
 * beside a name in Chinese ("Chinchilla, 一个 70B 的 LLM"), as ", a " does
 * in English? */
static int zh_apposition(const struct sent *s, size_t from, size_t to)
{
    static const char *const commas[] = {",", "\xEF\xBC\x8C", NULL};
    static const char *const ones[] = {"\xE4\xB8\x80\xE4\xB8\xAA", /* 一个 */
                                       "\xE4\xB8\x80\xE6\xAC\xBE", /* 一款 */
                                       NULL};
    size_t k = from, m = 0;
    for (const char *const *c = commas; *c && !m; c++)
        if (k + strlen(*c) <= to && !memcmp(s->text + k, *c, strlen(*c)))
            m = strlen(*c);
    if (!m)
        return 0;
    for (k += m; k < to && s->text[k] == ' '; k++)
        ;
    for (const char *const *o = ones; *o; o++)
        if (k + strlen(*o) <= to && !memcmp(s->text + k, *o, strlen(*o))) {
            for (k += strlen(*o); k < to && s->text[k] == ' '; k++)
                ;
            return k == to;
        }
    return 0;
}

/* Could figure `n` be the size of a model: a count of parameters or a bare
 * large count ("280B")? */
static int size_like(const pp_number *n)
{
    return n->magnitude && n->value >= 1e8 &&
           (n->unit == PP_UNIT_NONE || n->unit == PP_UNIT_PARAMS);
}

int ck_name_in_brackets(const struct sent *s, const pp_number *n,
                        const struct entity *e)
{
    size_t k = n->end, m;
    while (k < e->start && s->text[k] == ' ')
        k++;
    if (k < e->start && s->text[k] == '(')
        k++;
    else if (k + 3 <= e->start && !memcmp(s->text + k, "\xEF\xBC\x88", 3))
        k += 3; /* （ */
    else
        return 0;
    while (k < e->start && s->text[k] == ' ')
        k++;
    if (k != e->start)
        return 0;
    for (m = e->end; m < s->len && s->text[m] == ' '; m++)
        ;
    return (m < s->len && s->text[m] == ')') ||
           (m + 3 <= s->len &&
            !memcmp(s->text + m, "\xEF\xBC\x89", 3)); /* ） */
}

/* Return `e` as the entity of figure `i`, found by rule `how`. */
static const struct entity *bound_to(struct sent *s, size_t i,
                                     const struct entity *e, const char *how)
{
    if (e)
        s->ent_how[i] = how;
    return e;
}

/* "DeepSeek V3 at 671B total / 37B activated, and Mixtral at 47B total":
 * does a list's joint in [from, to) (", and", ", while", "; ") open on a
 * name -- a capitalised word of letters, neither an acronym nor a word
 * that points back -- that no passport holds?  The figures after it are
 * that model's. */
static int named_anew(const struct sent *s, size_t from, size_t to)
{
    static const char *const joints[] = {
        ", and ",
        ", while ",
        ", whereas ",
        "; ",
        ", but ",
        "\xEF\xBC\x8C",
        "\xEF\xBC\x9B", /* ，； */
        ", \xD0\xB0 ",  /* , а */
        ", \xD1\x82\xD0\xBE\xD0\xB3\xD0\xB4\xD0\xB0 "
        "\xD0\xBA\xD0\xB0\xD0\xBA ", /* , тогда как */
        NULL};
    static const char *const common[] = {"The",   "This", "That",  "These",
                                         "Those", "Its",  "Their", "Both",
                                         "Each",  "All",  "Our",   NULL};
    for (const char *const *j = joints; *j; j++) {
        const char *p = memmem(s->text + from, to - from, *j, strlen(*j));
        size_t at, k;
        int skip = 0;
        if (!p)
            continue;
        at = (size_t)(p - s->text) + strlen(*j);
        while (at < to && s->text[at] == ' ')
            at++; /* "，Snowflake", "， Snowflake" */
        for (k = at; k < to && isalpha((unsigned char)s->text[k]); k++)
            ;
        if (k - at < 3 || !isupper((unsigned char)s->text[at]) ||
            !islower((unsigned char)s->text[at + 1]) ||
            !islower((unsigned char)s->text[at + 2]) ||
            (k < to &&
             (isdigit((unsigned char)s->text[k]) || s->text[k] == '-')))
            continue; /* "Qwen2.5", "Llama-3": other rules read those */
        for (const char *const *c = common; *c && !skip; c++)
            skip = strlen(*c) == k - at && !memcmp(s->text + at, *c, k - at);
        for (size_t e = 0; e < s->nent && !skip; e++)
            skip = s->ent[e].start <= at && at < s->ent[e].end;
        for (size_t e = 0; e < s->nfam && !skip; e++)
            skip = s->fam[e].start <= at && at < s->fam[e].end;
        if (!skip && !points_back_at(s, at))
            return 1;
    }
    return 0;
}

/* "Chinchilla uses the same compute budget as Gopher but with 70B
 * parameters", "Kimi K2 keeps the architecture of DeepSeek-V3 but with
 * 384 experts": after the run `std` the figure follows, "but with" turns
 * back to the subject -- the one run named before it in its clause, no
 * standard itself -- whose figure it is.  That run (bound), or NULL. */
static const struct entity *contrast_subject(struct sent *s, size_t i,
                                             const struct entity *std)
{
    static const char *const buts[] = {" but with ", " but only ",
                                       " \xD0\xBD\xD0\xBE \xD1\x81 ", /* но с */
                                       NULL};
    const pp_number *n = &s->num[i];
    const struct entity *subject = NULL;
    /* "... as Gopher but with 70B", no comma: not "than DeepSeek-V3, but
     * with 671B parameters it ...", where "it" may be either */
    if (!any_near(s, std->end, n->start, buts) ||
        n->start > ck_fwd_words(s, std->end, 8) ||
        memchr(s->text + std->end, ',', n->start - std->end))
        return NULL;
    for (size_t k = 0; k < s->nent; k++) {
        const struct entity *e = &s->ent[k];
        if (e == std || e->start >= std->start)
            continue;
        if (subject || ck_is_standard(s, e))
            return NULL; /* two runs before it, or a list of standards */
        subject = e;
    }
    if (!subject || ck_foreign_between(s, subject->end, n->start) ||
        ck_clause_from(s, std->start) > subject->start)
        return NULL;
    return bound_to(s, i, subject, "contrast-subject");
}

const struct entity *ck_figure_entity(struct sent *s, size_t i)
{
    const pp_number *n = &s->num[i];
    const struct entity *before = NULL, *after = NULL, *subject;
    size_t own_to;
    int own_model;
    if (!s->resp_done)
        pair_respectively(s);
    if (s->resp[i])
        return bound_to(s, i, s->resp[i], "respectively");
    for (size_t k = 0; k < s->nent; k++) {
        const struct entity *e = &s->ent[k];
        if (e->end <= n->start && (!before || e->end > before->end))
            before = e;
        if (e->start >= n->end && (!after || e->start < after->start))
            after = e;
    }
    if (after && ck_name_in_brackets(s, n, after))
        return bound_to(s, i, after, "name-in-brackets");
    /* "70B Chinchilla", "the 280B Gopher model", "Gopher 280B": a size
     * written against a name is that run's, whatever the sentence
     * compares */
    if (after && size_like(n) && against(s, n->end, after->start))
        return bound_to(s, i, after, "size-before-name");
    if (before && size_like(n) && against(s, before->end, n->start))
        return bound_to(s, i, before, "size-after-name");
    /* "our trillion-parameter model, \"Kimi K2\"": a size in apposition,
     * checked as one against a name is */
    if (after && size_like(n) && apposition(s, n, after->start))
        return bound_to(s, i, after, "size-apposition");
    /* "a 280 billion parameter model called Gopher": the run the naming
     * word names, a few words on, nothing else named between */
    if (after && size_like(n) && after->start <= ck_fwd_words(s, n->end, 6) &&
        lex_near(s, n->end, after->start, CK_LEX_CALLED) &&
        !(i + 1 < s->nnum && s->num[i + 1].start < after->start))
        return bound_to(s, i, after, "called");
    own_to = ck_window_end(s, n->end, 14);
    if (after && after->start < own_to)
        own_to = after->start; /* "the 1T Kimi K2 model" */
    /* "the 70B model": a size of its own model -- not "37 billion of the
     * model's 671 billion", a part of the whole the model word names */
    own_model =
        lex_near(s, n->end, own_to, CK_LEX_MODEL) && !of_right_after(s, n->end);
    /* "16B in Moonlight", "1T for Kimi K2": the figure of the run the
     * preposition right after it names */
    if (after && preposition(s, n->end, after->start))
        return bound_to(s, i, after, "named-after");
    if (after && zh_attributive(s, n->end, after->start))
        /* "284B(激活 13B)的 DeepSeek-V4-Flash" */
        return bound_to(s, i, after, "attributive");
    if (before && n->start - before->end <= 3 &&
        near(s, before->end, n->start, "("))
        /* "outperforms Gopher (280B)": the size of the run it follows */
        return bound_to(s, i, before, "bracket-after-name");
    if (foreign_owner_after(s, n))
        return NULL; /* "the 18T used for Qwen2.5": the other model's */
    if (before) {
        size_t from = before->end, to = n->start;
        /* after the standard of a comparison ("the same budget as Gopher
         * but with 70B"): whose figure it is, the grammar does not say
         * here -- unless it sizes the standard in brackets ("than
         * DeepSeek-V3 (14.8T)") */
        if (lex_near(s, ck_clause_from(s, n->start), n->start,
                     CK_LEX_DERIVATIVE))
            return NULL;
        /* "than GPT-3's 170 billion parameters": the run's own -- not "GPT-3's
         * 1.3B model", a smaller model of its family */
        if (possessive(s, from, to) && !own_model)
            return bound_to(s, i, before, "possessive");
        if ((subject = contrast_subject(s, i, before)) != NULL)
            return subject;
        if (named_anew(s, from, to))
            return NULL;
        if (ck_is_standard(s, before) &&
            !(to - from <= 3 && near(s, from, to, "(")) &&
            !possessive(s, from, to))
            return NULL;
        if (lex_near(s, from, to, CK_LEX_COMPARE) ||
            /* "5.7T tokens 达到传统模型 10T+ 效果": the figure of a model
             * the sentence names by kind, not by name */
            lex_near(s, ck_window_start(s, to, 24), to, CK_LEX_OTHER_MODEL) ||
            ck_arrow_between(s, from, to) || ck_foreign_between(s, from, to) ||
            lex_near(s, from, from + 14, CK_LEX_EXPERIMENT) ||
            /* "V3's recipe ... on its validation baselines, an MoE of
             * about 16B": the smaller models' figures */
            lex_near(s, from, to, CK_LEX_PROXY) ||
            /* "the 9B-active experiment without clipping", "a 16B proxy":
             * the figure an experiment or a proxy right after it has */
            lex_near(s, n->end, ck_fwd_words(s, n->end, 2),
                     CK_LEX_EXPERIMENT) ||
            lex_near(s, n->end, ck_fwd_words(s, n->end, 2), CK_LEX_PROXY))
            return NULL;
        /* "the 70B model" is another model's size, but not after a
         * copula that says the run is that model ("Kimi K2 is a 1T
         * model"; "Moonlight 是一个 16B 总参数、3B 激活参数的模型": the
         * copula right after the name, the figure's 的 before the model
         * word, no comma between but the enumeration comma 、 -- not "is
         * cheaper than a 405B model") */
        if (own_model &&
            !(to - from <= 16 && (lex_near(s, from, to, CK_LEX_COPULA) ||
                                  zh_apposition(s, from, to))) &&
            !(lex_near(s, from, from + 16 < to ? from + 16 : to,
                       CK_LEX_COPULA) &&
              near(s, n->end, own_to, "\xE7\x9A\x84") && /* 的 */
              !memchr(s->text + from, ',', to - from) &&
              !memchr(s->text + from, ';', to - from) &&
              !near(s, from, to, "\xEF\xBC\x8C") && /* ， */
              !near(s, from, to, "\xEF\xBC\x9B")))  /* ； */
            return NULL;
        return bound_to(s, i, before, "named-before");
    }
    if (!after || own_model || ck_is_standard(s, after) ||
        /* "... 70 billion parameters, it outperformed ... Gopher" */
        lex_near(s, n->end, after->start, CK_LEX_COMPARE) ||
        /* "896 routed experts: 5.6 times DeepSeek-V2's 160" */
        lex_near(s, n->end, after->start, CK_LEX_MULTIPLIER) ||
        lex_near(s, ck_clause_from(s, n->start), n->start, CK_LEX_DERIVATIVE) ||
        /* "... 15.6 trillion tokens — roughly 50x GPT-3's data" */
        lex_near(s, n->end, after->start, CK_LEX_APART) ||
        lex_near(s, ck_clause_from(s, n->start), n->start, CK_LEX_MODEL) ||
        /* "Unlike GPT-4, which reportedly has 1.8T parameters, DeepSeek-V3
         * ...": a model the registry does not hold named before it, in
         * any clause, may own it */
        ck_foreign_between(s, ck_clause_from(s, n->start), n->start) ||
        /* ... or it is that model's size ("Falcon 180B was trained ...") */
        unknown_model_in(s, 0, n->end))
        return NULL;
    return bound_to(s, i, after, "named-after");
}

/* ------------------------------------------------------------------ */
/* Figures                                                            */
/* ------------------------------------------------------------------ */

int ck_num_sig(const pp_number *n)
{
    int sig = n->sig;
    if (sig > 1 && n->value > 0 && !strcmp(n->qualifier, "\xE2\x89\x88")) {
        double m = round(n->value / pow(10, floor(log10(n->value)) - sig + 1));
        while (sig > 1 && fmod(m, 10) == 0)
            m /= 10, sig--;
    }
    return sig;
}

pp_range ck_num_range(const pp_number *n)
{
    pp_range r = pp_range_of(n->value, ck_num_sig(n), n->qualifier);
    if (n->range) { /* "10–20T": from the lower end's range on */
        pp_range lo = pp_range_of(n->lo, n->lo_sig, n->qualifier);
        if (lo.lo < r.lo)
            r.lo = lo.lo;
    }
    return r;
}

int ck_is_params(const struct sent *s, const pp_number *n)
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

int ck_is_bytes(const struct sent *s, const pp_number *n)
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

/* Indexes of unused numbers satisfying `pred`, in order. */
size_t ck_pick(const struct sent *s,
               int (*pred)(const struct sent *, const pp_number *), size_t *idx,
               size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < s->nnum && k < max; i++)
        if (!s->used[i] && pred(s, &s->num[i]))
            idx[k++] = i;
    return k;
}

/* The number nearest before a word of `ws` (e.g. "128 micro-batches"). */
int ck_number_before(const struct sent *s, const char *const *ws, size_t *out)
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

/* The claim's `binding`: by which rule its run was found -- the figure's
 * own (ck_figure_entity), the context's, the part's -- and by which its
 * attribute was (the part's ck_bind). */
static void add_binding(const struct sent *s, cJSON *o, size_t off,
                        const char *entity)
{
    cJSON *b = cJSON_AddObjectToObject(o, "binding");
    const char *run = s->run_how ? s->run_how : "named-nearest";
    for (size_t i = 0; i < s->nnum; i++)
        if (s->num[i].start == off && s->ent_how[i]) {
            run = s->ent_how[i];
            break;
        }
    if (!entity)
        run = "none";
    else if (s->family_read || s->fam_carried)
        run = "family";
    else if (s->carried && !strcmp(s->carried, CK_SIZED_MEMBER))
        run = "family-member";
    else if (s->carried && !strcmp(s->carried, CK_BY_FIGURES))
        run = "figures";
    else if (s->carried)
        run = strcmp(s->carried, "the previous sentence") ? "heading"
                                                          : "previous-sentence";
    cJSON_AddStringToObject(b, "run", run);
    cJSON_AddStringToObject(b, "attribute",
                            s->attr_how ? s->attr_how : "unstated");
}

/* Does lower-cased `text` hold a word of the comparison class ("## Kimi
 * K2 vs DeepSeek-V3", "## 对比")? */
static int compares(const char *text, size_t len)
{
    pp_buf low = PP_BUF_INIT;
    int hit = 0;
    if (len && pp_buf_put(&low, text, len) == 0) {
        pp_utf8_fold(low.ptr, low.len);
        for (const char *const *w = LEX(COMPARISON); *w && !hit; w++)
            hit = memmem(low.ptr, low.len, *w, strlen(*w)) != NULL;
    } else if (len) {
        hit = 1; /* out of memory: say it may compare */
    }
    pp_buf_dispose(&low);
    return hit;
}

/* Is the sentence a spec row of the run its heading names: a label and
 * the figure [off, off + len) alone ("| Active Parameters | 671B |",
 * "活跃参数 1.6T", "- Total parameters: 1T"), under a heading -- its
 * own, or the nearest above that names a model -- that names the one run
 * and compares nothing?  Its figure is the run's: one that disagrees is
 * contradicted, though the run is read from the heading.  A label that
 * speaks of another model ("Distilled model size", "Baseline tokens") or
 * holds a figure of its own does not make one. */
static int spec_row(struct sent *s, size_t off, size_t len)
{
    pp_checker *c = s->c;
    size_t a = 0, e = off + len;
    int letters = 0;
    if (s->nnum != 1 || (strcmp(s->carried, "the heading") &&
                         strcmp(s->carried, "an outer heading")))
        return 0;
    while (a < off && strchr(" -*\t>|", s->text[a]))
        a++; /* list markers, a row's first bar */
    if (a + 3 <= off && !memcmp(s->text + a, "\xE2\x80\xA2", 3))
        a += 3; /* • */
    if (off - a < 2 || off - a > 48)
        return 0;
    for (size_t i = a; i < off; i++) {
        unsigned char ch = (unsigned char)s->text[i];
        if (isdigit(ch) || strchr(".,;!?()", ch))
            return 0;
        letters |= isalpha(ch) || ch >= 0x80;
    }
    if (!letters || near(s, a, off, "\xE3\x80\x82") || /* 。 */
        near(s, a, off, "\xEF\xBC\x8C") ||             /* ， */
        lex_near(s, a, off, CK_LEX_MODEL) ||
        lex_near(s, a, off, CK_LEX_DERIVATIVE) ||
        lex_near(s, a, off, CK_LEX_OTHER_MODEL) ||
        lex_near(s, a, off, CK_LEX_EXPERIMENT) ||
        lex_near(s, a, off, CK_LEX_EXPERT) || /* a part's count */
        /* "Cosine-decay phase: 5.5T tokens", "Context extension | 119K",
         * "Divergence point: 300B tokens": a stage's, a point's */
        lex_near(s, a, off, CK_LEX_PART_LABEL))
        return 0;
    while (e < s->len && strchr(" \t|*\n\r", s->text[e]))
        e++;
    if (e < s->len)
        return 0;
    /* the heading the run is read from, and every heading above it */
    if (compares(pp_buf_cstr(&c->heading.text), c->heading.text.len))
        return 0;
    for (int k = c->heading_level - 1; k >= 1; k--)
        if (c->outer[k].len && compares(c->outer[k].text, c->outer[k].len))
            return 0;
    return 1;
}

__attribute__((format(printf, 9, 10))) void
ck_emit(struct sent *s, size_t off, size_t len, const char *entity,
        const char *attribute, cJSON *claimed, cJSON *expected,
        const char *verdict, const char *fmt, ...)
{
    cJSON *o = cJSON_CreateObject();
    pp_buf msg = PP_BUF_INIT, rule = PP_BUF_INIT;
    va_list ap;
    if (s->family_read && entity &&
        (!strcmp(verdict, "contradicted") || !strcmp(verdict, "undisclosed"))) {
        /* a family may have runs the registry does not hold */
        if (s->fam_carried)
            pp_buf_printf(&msg,
                          "the sentence names no run; read as about the "
                          "family of %s, of its runs in the registry, ",
                          s->carried);
        else
            pp_buf_puts(&msg, "the sentence names a family, not one of its "
                              "runs; of its runs in the registry, ");
        verdict = "unverifiable";
    } else if (s->carried && entity &&
               (!strcmp(verdict, "contradicted") ||
                !strcmp(verdict, "undisclosed")) &&
               !(!strcmp(verdict, "contradicted") && spec_row(s, off, len))) {
        /* the run is only read from the context: never an error */
        pp_buf_printf(&msg,
                      "the sentence names no run; read as about the run of "
                      "%s, ",
                      s->carried);
        verdict = "unverifiable";
    }
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    if ((s->family_read || s->fam_carried) && entity &&
        !strcmp(verdict, "confirmed"))
        pp_buf_printf(&msg, " (a run of the family %s%s)",
                      s->fam_carried ? "of " : "the sentence names",
                      s->fam_carried ? s->carried : "");
    else if (s->carried && entity && !strcmp(verdict, "confirmed") &&
             !strcmp(s->carried, CK_BY_FIGURES))
        pp_buf_puts(&msg, " (the sentence names no run; its figures fit "
                          "this run's record and no other's)");
    else if (s->carried && entity && !strcmp(verdict, "confirmed"))
        pp_buf_printf(&msg, " (the run of %s)", s->carried);
    else if (s->carried && entity && !strcmp(verdict, "contradicted"))
        pp_buf_printf(&msg,
                      " (a label and its figure under %s, which names "
                      "the run)",
                      s->carried);
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
    if (s->carried && entity)
        cJSON_AddStringToObject(o, "subject", s->carried);
    add_binding(s, o, off, entity);
    cJSON_AddItemToArray(s->out, o);
    s->count++;
    pp_buf_dispose(&msg);
    pp_buf_dispose(&rule);
}

void ck_set_evidence(cJSON *claim, const cJSON *fact)
{
    const cJSON *ev = cJSON_GetArrayItem(pp_json_get(fact, "evidence"), 0);
    const char *source = pp_json_str(ev, "source", NULL);
    const char *section = pp_json_str(ev, "section", NULL);
    if (source)
        cJSON_ReplaceItemInObjectCaseSensitive(claim, "source",
                                               cJSON_CreateString(source));
    if (section)
        cJSON_ReplaceItemInObjectCaseSensitive(claim, "section",
                                               cJSON_CreateString(section));
}

cJSON *ck_last_claim(struct sent *s)
{
    return cJSON_GetArrayItem(s->out, cJSON_GetArraySize(s->out) - 1);
}

int ck_claim_span(const struct sent *s, const cJSON *c, size_t *at, size_t *end)
{
    const cJSON *o = pp_json_get(c, "offset"), *n = pp_json_get(c, "length");
    if (!cJSON_IsNumber(o) || !cJSON_IsNumber(n) || o->valuedouble < 0 ||
        n->valuedouble < 0 || o->valuedouble >= (double)s->len ||
        o->valuedouble + n->valuedouble > (double)s->len)
        return 0;
    *at = (size_t)o->valuedouble;
    *end = *at + (size_t)n->valuedouble;
    return 1;
}

void ck_soften(cJSON *claim, const char *verdict, const char *fmt, ...)
{
    pp_buf msg = PP_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    cJSON_ReplaceItemInObjectCaseSensitive(claim, "verdict",
                                           cJSON_CreateString(verdict));
    cJSON_ReplaceItemInObjectCaseSensitive(claim, "severity",
                                           cJSON_CreateString(
                                               severity_of(verdict)));
    cJSON_ReplaceItemInObjectCaseSensitive(claim, "message",
                                           cJSON_CreateString(
                                               pp_buf_cstr(&msg)));
    pp_buf_clear(&msg);
    pp_buf_printf(&msg, "fact.%s", verdict);
    cJSON_ReplaceItemInObjectCaseSensitive(claim, "rule",
                                           cJSON_CreateString(
                                               pp_buf_cstr(&msg)));
    pp_buf_dispose(&msg);
}

void ck_soften_why(cJSON *claim, const char *fmt, ...)
{
    pp_buf why = PP_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pp_buf_vprintf(&why, fmt, ap);
    va_end(ap);
    ck_soften(claim, "unverifiable", "%s %s: %s (%s)",
              pp_json_str(claim, "entity", ""),
              pp_json_str(claim, "attribute", ""), pp_buf_cstr(&why),
              pp_json_str(claim, "message", ""));
    pp_buf_dispose(&why);
}

void ck_merge_last(struct sent *s, size_t k)
{
    cJSON *part[64], *first, *readings;
    size_t held = 0, wrong = 0, have = (size_t)cJSON_GetArraySize(s->out);
    pp_buf who = PP_BUF_INIT, msg = PP_BUF_INIT;
    const char *verdict;
    if (k < 2 || k > 64 || k > have)
        return;
    for (size_t i = k; i-- > 0;)
        part[i] = cJSON_DetachItemFromArray(s->out, (int)(have - k + i));
    first = part[0];
    readings = cJSON_CreateArray();
    for (size_t i = 0; i < k; i++) {
        const char *v = pp_json_str(part[i], "verdict", "");
        const char *e = pp_json_str(part[i], "entity", "?");
        cJSON *r = cJSON_CreateObject();
        held += !strcmp(v, "confirmed");
        wrong += !strcmp(v, "contradicted");
        cJSON_AddStringToObject(r, "passport", e);
        cJSON_AddStringToObject(r, "verdict", v);
        cJSON_AddStringToObject(r, "message",
                                pp_json_str(part[i], "message", ""));
        cJSON_AddItemToArray(readings, r);
        pp_buf_printf(&who, "%s%s", i ? ", " : "", e);
        pp_buf_printf(&msg, "%s%s", i ? "; " : "",
                      pp_json_str(part[i], "message", ""));
    }
    verdict = held == k    ? "confirmed"
              : wrong == k ? "contradicted"
                           : "unverifiable";
    cJSON_ReplaceItemInObjectCaseSensitive(first, "entity",
                                           cJSON_CreateString(who.ptr));
    cJSON_ReplaceItemInObjectCaseSensitive(first, "verdict",
                                           cJSON_CreateString(verdict));
    cJSON_ReplaceItemInObjectCaseSensitive(first, "severity",
                                           cJSON_CreateString(
                                               severity_of(verdict)));
    pp_buf_clear(&who);
    pp_buf_printf(&who, "fact.%s", verdict);
    cJSON_ReplaceItemInObjectCaseSensitive(first, "rule",
                                           cJSON_CreateString(who.ptr));
    pp_buf_clear(&who);
    /* what the readings say together, as it is: when none is confirmed
     * (and not every one contradicted) that, not "some, not all" */
    pp_buf_printf(&who, "%s the runs the name may mean: %s",
                  held == k    ? "holds for each of"
                  : wrong == k ? "holds for none of"
                  : held > 0   ? "holds for some, not all, of"
                               : "is confirmed for none of",
                  msg.ptr);
    cJSON_ReplaceItemInObjectCaseSensitive(first, "message",
                                           cJSON_CreateString(who.ptr));
    cJSON_AddItemToObject(first, "readings", readings);
    cJSON_AddItemToArray(s->out, first);
    for (size_t i = 1; i < k; i++)
        cJSON_Delete(part[i]);
    s->count -= (int)(k - 1);
    pp_buf_dispose(&who);
    pp_buf_dispose(&msg);
}

/* The claim of a recomputed figure `n`: confirmed when `agrees`, else
 * contradicted; `shown` is the recomputed value as the message writes it. */
void ck_recomputed(struct sent *s, const pp_number *n, const char *attr,
                   double value, int agrees, const char *shown, const char *how)
{
    if (agrees)
        ck_emit(s, n->start, n->end - n->start, NULL, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(value),
                "confirmed", "%s recomputes to %s", how, shown);
    else
        ck_emit(s, n->start, n->end - n->start, NULL, attr,
                cJSON_CreateNumber(n->value), cJSON_CreateNumber(value),
                "contradicted", "%s recomputes to %s, not %.*s", how, shown,
                (int)(n->end - n->start), s->text + n->start);
    cJSON_ReplaceItemInObjectCaseSensitive(ck_last_claim(s), "source",
                                           cJSON_CreateString("recomputed"));
}

/* Compare a written figure with a recomputed value.  The figure's own
 * rounding decides, widened by 1 % for the rounding of the inputs. */
void ck_check_derived(struct sent *s, size_t i, const char *attr,
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
    ck_recomputed(s, n, attr, computed, pp_range_meet(claim, calc), e.ptr, how);
    pp_buf_dispose(&e);
}
