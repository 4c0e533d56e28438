/*
 * check_text.c - the claim checker: what words claim -- mechanism
 * settings no report gives, universal language and causal credit (the
 * rule catalogue, with negation and hedges), and formats of precision
 * roles (see check_impl.h).
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../calc/microscope.h"
#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Mechanism figures no report gives                                  */
/* ------------------------------------------------------------------ */

/* The claim of passport `doc` with a quantity that figure `n` fits (a
 * share for a percentage, else one of no unit): "precomputing the routing
 * indices costs about 20% wall-clock" is a claim's 20 %, not a setting no
 * report gives.  NULL when none does. */
static const cJSON *claim_quantity(const cJSON *doc, const pp_number *n)
{
    const cJSON *c, *q;
    pp_range want = ck_num_range(n);
    cJSON_ArrayForEach(c, pp_json_get(doc, "claims"))
    {
        cJSON_ArrayForEach(q, pp_json_get(c, PP_QUANTITIES_MEMBER))
        {
            pp_fact_num v;
            if (pp_fact_number_of(q, &v) < 0) {
                pp_error_clear();
                continue;
            }
            if ((n->unit == PP_UNIT_PERCENT) !=
                (v.unit && !strcmp(v.unit, "share")))
                continue;
            if (pp_range_meet(want, pp_range_of(v.value, v.sig, v.qualifier)))
                return c;
        }
    }
    return NULL;
}

/* A percentage, or a figure given as a mechanism's threshold or trigger,
 * for a named stability mechanism that records no numeric parameter: the
 * value is not disclosed by the reports -- unless a claim of the passport
 * gives it (claim_quantity): then it is confirmed. */
void ck_check_mechanisms(struct sent *s)
{
    for (size_t k = 0; k < s->nent; k++) {
        for (size_t i = 0; i < s->c->ndocs && i < 64; i++) {
            const cJSON *m;
            if (!(s->ent[k].set >> i & 1))
                continue;
            cJSON_ArrayForEach(m, pp_json_get(pp_json_get(s->c->docs[i],
                                                          "stability"),
                                              "mechanisms"))
            {
                const char *name = pp_json_str(m, "name", NULL);
                pp_buf lname = PP_BUF_INIT;
                const cJSON *params = pp_json_get(m, "params");
                if (!name)
                    continue;
                pp_buf_puts(&lname, name);
                pp_utf8_fold(lname.ptr, lname.len);
                if (memmem(s->low.ptr, s->low.len, lname.ptr, lname.len) &&
                    cJSON_GetArraySize(params) == 0) {
                    for (size_t j = 0; j < s->nnum; j++) {
                        const pp_number *n = &s->num[j];
                        if (s->used[j] || n->start < s->ent[k].end ||
                            !(n->unit == PP_UNIT_PERCENT ||
                              (n->unit == PP_UNIT_NONE &&
                               lex_near(s, back(n->start, 32), n->start,
                                        CK_LEX_TRIGGER))))
                            continue;
                        const cJSON *said = claim_quantity(s->c->docs[i], n);
                        s->used[j] = 1;
                        ck_bind(s, "mechanism-setting");
                        if (said) {
                            ck_emit(s, n->start, n->end - n->start,
                                    ck_doc_id(s->c->docs[i]), name,
                                    cJSON_CreateNumber(n->value), NULL,
                                    "confirmed", "%s claim %s: %s",
                                    ck_doc_id(s->c->docs[i]),
                                    pp_json_str(said, "id", ""),
                                    pp_json_str(said, "text", ""));
                            ck_set_evidence(ck_last_claim(s), said);
                            continue;
                        }
                        ck_emit(s, n->start, n->end - n->start,
                                ck_doc_id(s->c->docs[i]), name,
                                cJSON_CreateNumber(n->value), NULL,
                                "undisclosed",
                                "the reports give no figure for %s of %s", name,
                                ck_doc_id(s->c->docs[i]));
                        ck_set_evidence(ck_last_claim(s), m);
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

/* Does the sentence end with a question mark: a question claims nothing. */
int ck_question(const struct sent *s)
{
    size_t e = s->len;
    for (;;) {
        if (e > 0 && s->text[e - 1] && strchr(" \t\n\r\"')", s->text[e - 1]))
            e--;
        else if (e >= 2 && !memcmp(s->text + e - 2, "\xC2\xBB", 2)) /* » */
            e -= 2;
        else
            break;
    }
    return (e >= 1 && s->text[e - 1] == '?') ||
           (e >= 3 && !memcmp(s->text + e - 3, "\xEF\xBC\x9F", 3));
}

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

/* Is the match [at, at + n) of `pad` inside a word that holds a
 * negation's word and negates nothing ("不同", "不稳定", "not only")? */
static int negation_word(const pp_buf *pad, size_t at, size_t n)
{
    for (const char *const *w = LEX(NOT_NEGATION); *w; w++) {
        size_t wl = strlen(*w);
        for (const char *p = pad->ptr, *q;
             (q = memmem(p, pad->len - (size_t)(p - pad->ptr), *w, wl)) != NULL;
             p = q + 1) {
            size_t b = (size_t)(q - pad->ptr);
            if (b <= at + 1 && at + n <= b + wl + 1 && at < b + wl)
                return 1;
        }
    }
    return 0;
}

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
    for (; *ws && pad.ptr && !hit; ws++)
        for (const char *p = pad.ptr, *q;
             !hit && (q = memmem(p, pad.len - (size_t)(p - pad.ptr), *ws,
                                 strlen(*ws))) != NULL;
             p = q + 1)
            hit = !negation_word(&pad, (size_t)(q - pad.ptr), strlen(*ws));
    pp_buf_dispose(&pad);
    return hit;
}

/* Does the clause ending at `at` contain a word of `ws`? */
static int clause_has(const struct sent *s, size_t at, const char *const *ws)
{
    return span_has(s, ck_clause_from(s, at), at, ws);
}

/* Is the predicate after a universal word negated: a word of `ws` between
 * the end of the match and the end of its clause, before any "that"/"что"
 * that would open a clause of its own ("a universal speed-up cannot be
 * derived", "универсальный коэффициент ... не выводится"; not "guarantees
 * that logits do not explode"). */
static int clause_after_has(const struct sent *s, size_t end,
                            const char *const *ws)
{
    size_t to = ck_clause_to(s, end);
    for (const char *const *c = LEX(COMPLEMENT); *c; c++) {
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
static const char *const formats[] = {"nvfp4", "mxfp4", "mxfp8", "fp8",  "fp4",
                                      "bf16",  "fp16",  "fp32",  "e4m3", "e5m2",
                                      "int4",  "int8",  NULL};

struct role_kw {
    const char *const words[10];
    const char *role;
};

/* Words naming a precision role, most specific first: an occurrence inside
 * an earlier one's ("accumulat" in "gradient accumulation") is not
 * counted. */
static const struct role_kw roles[] = {
    {{"gradient accumulat", "gradients accumulat", "gradients are accumulat",
      "accumulated gradient", "accumulate gradient", "accumulating gradient",
      "накопление градиент", "градиенты накаплива", "梯度累", NULL},
     "grad_accumulation"},
    {{"momentum", "moment", "момент", "动量", "阶矩", "optimizer state",
      "состояния оптимизатора", "состояние оптимизатора", "优化器状态", NULL},
     "optimizer.moments"},
    {{"master weight", "master copy", "мастер-вес", "мастер вес", "мастер-копи",
      "мастер копи", "мастер-параметр", "основные веса", "主权重", NULL},
     "master_weights"},
    {{"accumulat", "partial sum", "partial-sum", "накоплени", "частичные сумм",
      "累加", "部分和", NULL},
     "gemm.accumulator"},
    {{"activation", "активаци", "激活值", NULL}, "activations.cached"},
    {{"gradient sync", "all-reduce", "синхрониз", "梯度同步", NULL},
     "comm.grad_sync"},
    {{"combine", NULL}, "comm.combine"},
    {{"dispatch", NULL}, "comm.dispatch"},
    {{"gemm", "matmul", "matrix multipl", "矩阵乘", NULL}, "gemm.fprop"},
    /* the components a run keeps in a higher precision than its GEMMs */
    {{"embedding", "嵌入", "эмбеддинг", NULL}, "keep.embedding"},
    {{"output head", "输出头", "выходной сло", "выходного сло", "выходном сло",
      "выходная голов", "выходной голов", "выходную голов", "выходной проекц",
      NULL},
     "keep.output_head"},
    {{"gating", "门控", "гейт", "router", NULL}, "keep.router"},
    {{"normaliz", "normalis", "归一化", "нормализаци", NULL}, "keep.norms"},
    {{"attention operator", "注意力算子", NULL}, "keep.attention"},
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
         (p = memmem(p, s->low.len - (size_t)(p - s->low.ptr), f, n)) != NULL;
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

int ck_any_format(const struct sent *s)
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

/* The roles a format in a list of formats may be of (pair_lists). */
struct role_set {
    const char *role[MAXMENTION];
    size_t n;
};

/* Role words that are also ordinary words ("combines FP8 and BF16",
 * "accumulated 2.8M GPU hours", "embedding FP8 in its stack", "at the
 * moment", "в момент"), with the endings of their noun forms.  `base`: 0,
 * any form but a noun ending is the role's only with its format after a
 * preposition or glued before it ("accumulated in FP32", "momentum is
 * kept in BF16"); 1, the stem is a noun and a verb ("combine",
 * "embedding"); 2, any form but a noun ending is the ordinary word unless
 * one of `before` comes right before it ("first moment", "второй
 * момент"); 3, a verb whose object a format right after it is ("累加 FP8
 * 时": what is summed, not the sum's format); 4, a noun and a verb with no
 * ending (Chinese): the verb with one of `before` right before it ("把",
 * "将", "无缝") or one of `verb_after` right after it. */
struct verbal {
    const char *stem;
    const char *const noun[6];
    int base;
    const char *const before[8];
    /* base 4: the word is the verb when one of these comes right after it
     * ("嵌入到", "归一化为") */
    const char *const verb_after[8];
};

static const struct verbal verbals[] = {
    {"accumulat", {"ion", "ions", "or", "ors", NULL}, 0, {NULL}, {NULL}},
    {"normaliz", {"ation", "ations", "er", "ers", NULL}, 0, {NULL}, {NULL}},
    {"normalis", {"ation", "ations", "er", "ers", NULL}, 0, {NULL}, {NULL}},
    {"combine", {NULL}, 1, {NULL}, {NULL}},
    {"dispatch", {NULL}, 1, {NULL}, {NULL}},
    {"embedding", {"s", NULL}, 1, {NULL}, {NULL}},
    {"moment", {"s", "a", NULL}, 2, {"first", "second", NULL}, {NULL}},
    /* "gave FP8 pretraining its momentum": the buffer only with its
     * format given after it ("Muon momentum is kept in BF16") */
    {"momentum", {NULL}, 0, {NULL}, {NULL}},
    {"累加", {NULL}, 3, {NULL}, {NULL}},
    {"嵌入",
     {NULL},
     4,
     {"把", "将", "被", "无缝", "可", "能", "并", NULL},
     {"到", "进", "其", "了", "在", "至", "式", NULL}},
    {"归一化",
     {NULL},
     4,
     {"把", "将", "被", "可", "能", "并", NULL},
     {"为", "成", "到", "了", NULL}},
    {"момент",
     {"ы", "ов", "ам", "ами", "ах", NULL},
     2,
     {"первый", "второй", "первого", "второго", "первым", "вторым", NULL},
     {NULL}},
};

/* The bytes of the letter at `at` of the folded sentence: an ASCII
 * letter, or a Cyrillic one (two bytes); 0 for anything else. */
static size_t letter_at(const struct sent *s, size_t at)
{
    const unsigned char *u = (const unsigned char *)s->low.ptr + at;
    if (at >= s->len)
        return 0;
    if (isalpha(u[0]))
        return 1;
    return at + 1 < s->len && (u[0] == 0xD0 || u[0] == 0xD1) &&
                   (u[1] & 0xC0) == 0x80
               ? 2
               : 0;
}

/* The bytes of the letter that ends at `at`, as letter_at. */
static size_t letter_before(const struct sent *s, size_t at)
{
    const unsigned char *u = (const unsigned char *)s->low.ptr;
    if (at >= 1 && isalpha(u[at - 1]))
        return 1;
    return at >= 2 && (u[at - 2] == 0xD0 || u[at - 2] == 0xD1) &&
                   (u[at - 1] & 0xC0) == 0x80
               ? 2
               : 0;
}

/* The bytes of the word character at `at`: a letter, a digit or, `hyphen`
 * set, a hyphen. */
static size_t word_char(const struct sent *s, size_t at, int hyphen)
{
    size_t n = letter_at(s, at);
    if (!n && at < s->len &&
        (isdigit((unsigned char)s->low.ptr[at]) ||
         (hyphen && s->low.ptr[at] == '-')))
        n = 1;
    return n;
}

/* The word [*a, *b) -- letters, digits, hyphens -- that starts after
 * spaces at `at` (empty at anything else). */
static void word_after(const struct sent *s, size_t at, size_t *a, size_t *b)
{
    size_t n;
    while (at < s->len && s->low.ptr[at] == ' ')
        at++;
    *a = *b = at;
    while ((n = word_char(s, *b, 1)) != 0)
        *b += n;
}

/* The word of letters and digits that ends before spaces at `at`. */
static void word_before(const struct sent *s, size_t at, size_t *a, size_t *b)
{
    size_t n;
    while (at > 0 && s->low.ptr[at - 1] == ' ')
        at--;
    *a = *b = at;
    while (*a > 0 && ((n = letter_before(s, *a)) != 0 ||
                      (n = isdigit((unsigned char)s->low.ptr[*a - 1]) ? 1 : 0)))
        *a -= n;
}

/* Is [a, b) one of `ws`, whole? */
static int word_in(const struct sent *s, size_t a, size_t b,
                   const char *const *ws)
{
    for (; *ws; ws++)
        if (b - a == strlen(*ws) && !memcmp(s->low.ptr + a, *ws, b - a))
            return 1;
    return 0;
}

/* Does [a, b) start with a format's name ("fp8", "bf16-", "e4m3")? */
static int is_format_word(const struct sent *s, size_t a, size_t b)
{
    for (const char *const *f = formats; *f; f++)
        if (b - a >= strlen(*f) && !memcmp(s->low.ptr + a, *f, strlen(*f)))
            return 1;
    return 0;
}

/* Is a preposition that gives a format ("in FP32") within a few words
 * after `end`? */
static int format_follows(const struct sent *s, size_t end)
{
    size_t a, b, fa, fb;
    for (size_t at = end, lim = ck_fwd_words(s, end, 6); at < lim; at = b) {
        word_after(s, at, &a, &b);
        if (a == b) {
            b = a + 1;
            continue;
        }
        if (word_in(s, a, b, LEX(VERB_LINK))) {
            word_after(s, b, &fa, &fb);
            if (fa < fb && is_format_word(s, fa, fb))
                return 1;
        }
    }
    return 0;
}

/* Does role word `w` at `at` name its role here, or is it part of a
 * longer word ("OpenRouter", "investigating") or the ordinary word it
 * also is?  A noun form is the role's; a verb form only with a
 * preposition that gives its format a few words after it ("accumulated
 * in FP32", "accumulates GEMM partial sums in FP32") or a format glued
 * before it ("FP32-accumulated"); the stem alone, noun and verb both, is
 * the verb with a subject word before it ("we combine", "to combine") or
 * an object after it ("combine FP8 and BF16", "embedding the ..."). */
static int role_use(const struct sent *s, const char *w, size_t at)
{
    size_t wl = strlen(w), a, b, pa, pb, end = at + wl, sl;
    const struct verbal *vb = NULL;
    int noun = 0;
    if (((unsigned char)w[0] < 0x80 || (unsigned char)w[0] == 0xD0 ||
         (unsigned char)w[0] == 0xD1) &&
        letter_before(s, at))
        return 0; /* inside a longer word */
    for (size_t v = 0; v < sizeof(verbals) / sizeof(verbals[0]) && !vb; v++)
        if (!strcmp(w, verbals[v].stem))
            vb = &verbals[v];
    if (!vb)
        return 1;
    for (size_t n; (n = letter_at(s, end)) != 0;)
        end += n;
    sl = end - at - wl;
    for (const char *const *n = vb->noun; *n && !noun; n++)
        noun = sl == strlen(*n) && !memcmp(s->low.ptr + at + wl, *n, sl);
    if (noun)
        return 1;
    word_after(s, end, &a, &b);
    word_before(s, at > 0 && s->low.ptr[at - 1] == '-' ? at - 1 : at, &pa, &pb);
    if (vb->base == 2)
        return word_in(s, pa, pb, vb->before);
    if (vb->base == 3)
        return !(a < b && is_format_word(s, a, b));
    if (vb->base == 4) {
        size_t e = at + wl;
        for (const char *const *v = vb->verb_after; *v; v++)
            if (e + strlen(*v) <= s->len &&
                !memcmp(s->low.ptr + e, *v, strlen(*v)))
                return 0;
        for (const char *const *v = vb->before; *v; v++) {
            size_t k = at, n = strlen(*v);
            while (k > 0 && s->low.ptr[k - 1] == ' ')
                k--;
            if (k >= n && !memcmp(s->low.ptr + k - n, *v, n))
                return 0;
        }
        return 1;
    }
    if (sl == 0 && vb->base == 1)
        return !(a < b && (is_format_word(s, a, b) ||
                           word_in(s, a, b, LEX(VERB_OBJECT)))) &&
               !(pa < pb && word_in(s, pa, pb, LEX(VERB_SUBJECT)));
    return format_follows(s, end) ||
           (pa < pb && at - pb <= 1 && is_format_word(s, pa, pb));
}

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
                if (!inside && role_use(s, *w, a))
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
            /* "FP8 E4M3", "fp8-e4m3": one format -- not "FP32/BF16" */
            for (k = 0; k < n; k++)
                part |=
                    a + 2 >= out[k].start && a <= out[k].end + 2 &&
                    (!strncmp(*f, "e", 1) || !strncmp(out[k].format, "e", 1));
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
    while (a < b && (s->low.ptr[a] == ' ' || s->low.ptr[a] == '-'))
        a++;
    while (b > a && s->low.ptr[b - 1] == ' ')
        b--;
    if (a == b)
        return 1;
    for (const char *const *g = LEX(ROLE_GLUE); *g; g++)
        if (b - a == strlen(*g) && !memcmp(s->low.ptr + a, *g, b - a))
            return 1;
    return 0;
}

/* Is [a, b) between two formats a list's joint ("FP32 and BF16",
 * "FP32/BF16", "FP32 和 BF16", "FP32 и BF16")? */
static int format_joint(const struct sent *s, size_t a, size_t b)
{
    static const char *const joints[] = {"and",
                                         "or",
                                         "/",
                                         ",",
                                         "\xD0\xB8",
                                         "\xE5\x92\x8C", /* 和 */
                                         "\xE6\x88\x96", /* 或 */
                                         "\xE3\x80\x81", /* 、 */
                                         NULL};
    while (a < b && s->low.ptr[a] == ' ')
        a++;
    while (b > a && s->low.ptr[b - 1] == ' ')
        b--;
    for (const char *const *j = joints; *j; j++)
        if (b - a == strlen(*j) && !memcmp(s->low.ptr + a, *j, b - a))
            return 1;
    return 0;
}

/* "keeps the master weights and optimizer states in FP32 and BF16": a
 * list of formats after a list of roles pairs them in order when the
 * sentence says "respectively" (分别, соответственно); else which goes
 * with which it does not say, and each format of the list is read
 * against every role named before it (how "role-list", out NULL, the
 * roles in text order into cand[] of each format of the list). */
static void pair_lists(const struct sent *s, const struct mention *fm,
                       size_t nf, const struct mention *rw, size_t nr,
                       const struct role_kw **out, const char **how,
                       struct role_set *cand)
{
    for (size_t i = 0; i < nf;) {
        size_t j = i, from, k, nroles = 0;
        const struct role_kw *listed[MAXMENTION];
        while (j + 1 < nf && format_joint(s, fm[j].end, fm[j + 1].start))
            j++;
        if (j == i || strcmp(how[i], "role-word-before")) {
            i = j + 1;
            continue;
        }
        /* the roles named before the list, after the last format before
         * it, across commas ("master weights, weight gradients and
         * optimizer states are kept in higher precision (FP32/BF16)"):
         * more roles only make the reading more careful */
        from = fm[i].start > 96 ? fm[i].start - 96 : 0;
        if (i > 0 && fm[i - 1].end > from)
            from = fm[i - 1].end;
        /* in text order (role_words finds them role by role) */
        for (size_t at = from, next; nroles < MAXMENTION; at = next + 1) {
            long pick = -1;
            int seen = 0;
            for (k = 0; k < nr; k++)
                if (!rw[k].taken && rw[k].start >= at &&
                    rw[k].end <= fm[i].start &&
                    (pick < 0 || rw[k].start < rw[pick].start))
                    pick = (long)k;
            if (pick < 0)
                break;
            next = rw[pick].start;
            for (size_t q = 0; q < nroles; q++)
                seen |= listed[q] == rw[pick].role;
            if (!seen)
                listed[nroles++] = rw[pick].role;
        }
        if (nroles >= 2) {
            int in_order = nroles == j - i + 1 &&
                           lex_near(s, 0, s->len, CK_LEX_RESPECTIVELY);
            for (k = i; k <= j; k++) {
                out[k] = in_order ? listed[k - i] : NULL;
                how[k] = in_order ? "role-list-respectively" : "role-list";
                cand[k].n = in_order ? 0 : nroles;
                for (size_t q = 0; q < cand[k].n; q++)
                    cand[k].role[q] = listed[q]->role;
            }
        }
        i = j + 1;
    }
}

/* The role a format speaks of: a role word right after it ("FP8 GEMMs",
 * "BF16 for combine") -- which no other format may then take -- else the
 * nearest before it in its clause ("moments in FP8"), else the nearest
 * after it in its clause ("FP32 is used for the accumulation"). */
static void bind_formats(const struct sent *s, struct mention *fm, size_t nf,
                         struct mention *rw, size_t nr,
                         const struct role_kw **out, const char **how,
                         struct role_set *cand)
{
    for (size_t i = 0; i < nf; i++) {
        out[i] = NULL;
        how[i] = "format-of-training";
        for (size_t k = 0; k < nr; k++)
            if (rw[k].start >= fm[i].end && rw[k].start <= fm[i].end + 12 &&
                modifies(s, fm[i].end, rw[k].start)) {
                out[i] = rw[k].role;
                how[i] = "role-word-glued";
                rw[k].taken = 1;
                break;
            }
    }
    for (size_t i = 0; i < nf; i++) {
        size_t lo = ck_clause_from(s, fm[i].start),
               hi = ck_clause_to(s, fm[i].end);
        long best = -1;
        if (out[i])
            continue;
        for (size_t k = 0; k < nr; k++)
            if (!rw[k].taken && rw[k].end <= fm[i].start && rw[k].start >= lo &&
                fm[i].start - rw[k].end <= 60 &&
                (best < 0 || rw[k].end > rw[best].end))
                best = (long)k;
        /* "accumulation in the GEMMs ... in FP32", "накопление в GEMM":
         * the GEMM says where, the accumulation what */
        for (size_t k = 0;
             k < nr && best >= 0 && !strcmp(rw[best].role->role, "gemm.fprop");
             k++)
            if (!rw[k].taken && rw[k].end <= fm[i].start && rw[k].start >= lo &&
                (i == 0 || rw[k].start >= fm[i - 1].end) &&
                !strcmp(rw[k].role->role, "gemm.accumulator"))
                best = (long)k;
        if (best >= 0)
            how[i] = "role-word-before";
        if (best < 0) { /* the nearest after it */
            for (size_t k = 0; k < nr; k++)
                if (!rw[k].taken && rw[k].start >= fm[i].end &&
                    rw[k].end <= hi && rw[k].start - fm[i].end <= 40 &&
                    (best < 0 || rw[k].start < rw[best].start))
                    best = (long)k;
            if (best >= 0)
                how[i] = "role-word-after";
        }
        if (best >= 0)
            out[i] = rw[best].role;
    }
    pair_lists(s, fm, nf, rw, nr, out, how, cand);
}

/* The format a passport's role records (a string, or an array of
 * alternatives such as ["bf16", "fp32"]): the one of the family `want` if
 * any (*same = 1), else the first.  Borrowed from the passport. */
static const char *role_format(const cJSON *role, const char *want, int *same)
{
    const cJSON *f = pp_json_get(role, "format"), *x;
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
/* Is format mention `m` written right before a word for accumulation
 * ("FP8 accumulation", "FP8 累加", "FP8-накопление") and the format of run
 * `doc`'s forward GEMM inputs? */
static int glued_input_format(const struct sent *s, const struct mention *m,
                              const cJSON *doc)
{
    static const char *const accumulation[] = {
        "accumul", "\xE7\xB4\xAF\xE5\x8A\xA0",              /* 累加 */
        "\xD0\xBD\xD0\xB0\xD0\xBA\xD0\xBE\xD0\xBF\xD0\xBB", /* накопл */
        NULL};
    const cJSON *in =
        pp_json_get(pp_json_get(pp_json_get(pp_json_get(doc, "precision"),
                                            "roles"),
                                "gemm.fprop"),
                    "format");
    size_t k = m->end;
    int glued = 0;
    while (k < s->len && (s->text[k] == ' ' || s->text[k] == '-'))
        k++;
    for (const char *const *w = accumulation; *w && !glued; w++)
        glued =
            k + strlen(*w) <= s->len && !memcmp(s->low.ptr + k, *w, strlen(*w));
    return glued && cJSON_IsString(in) &&
           same_family(in->valuestring, m->format);
}

static void check_role(struct sent *s, const struct mention *m,
                       const cJSON *doc, const char *role, int negated)
{
    const char *who = ck_doc_id(doc), *have;
    const cJSON *r =
        pp_json_get(pp_json_get(pp_json_get(doc, "precision"), "roles"), role);
    size_t flen = m->end - m->start;
    int same;
    if (!r) {
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                NULL, "unverifiable",
                "the passport of %s records no format for %s", who, role);
        return;
    }
    have = role_format(r, m->format, &same);
    if (!same && !negated && !strcmp(role, "gemm.accumulator") &&
        glued_input_format(s, m, doc)) {
        /* "Tensor Core FP8 accumulation at about 14 bits": the
         * accumulation of the run's FP8 GEMMs, named by their inputs'
         * format, not the accumulator's */
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                cJSON_CreateString(have), "unverifiable",
                "%s keeps gemm.accumulator in %s; \"%s accumulation\" may "
                "name the accumulation of its %s GEMMs, not the format it "
                "accumulates in",
                who, have, m->format, m->format);
        ck_set_evidence(ck_last_claim(s), r);
        return;
    }
    if (!strcmp(have, "undisclosed") && negated) {
        /* "the router itself was not trained in FP8": no format is
         * stated, so none is claimed that the reports keep back */
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                NULL, "unverifiable",
                "%s does not disclose the format of %s, and the sentence "
                "names only one it is not in",
                who, role);
        ck_set_evidence(ck_last_claim(s), r);
        return;
    }
    if (!strcmp(have, "undisclosed") &&
        (lex_near(s, ck_back_words(s, m->start, 5), m->start, CK_LEX_EXAMPLE) ||
         lex_near(s, ck_back_words(s, m->start, 3), m->start,
                  CK_LEX_HYPOTHETICAL) ||
         lex_near(s, ck_back_words(s, m->start, 2), m->start,
                  CK_LEX_TYPICAL))) {
        /* "in its original precision (for example BF16 or FP32)",
         * "typically BF16": examples of what it may be, as the reports
         * themselves give them, not the format */
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                NULL, "unverifiable",
                "%s does not disclose the format of %s, and the sentence "
                "gives %s only as an example or a guess%s%s",
                who, role, m->format, pp_json_str(r, "note", NULL) ? ": " : "",
                pp_json_str(r, "note", ""));
        ck_set_evidence(ck_last_claim(s), r);
        return;
    }
    if (!strcmp(have, "undisclosed")) {
        /* "the embedding module ... in BF16 or FP32": the reports say it
         * keeps a higher precision, and do not name it */
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                NULL, "undisclosed",
                "%s does not disclose the format of %s%s%s", who, role,
                pp_json_str(r, "note", NULL) ? ": " : "",
                pp_json_str(r, "note", ""));
        ck_set_evidence(ck_last_claim(s), r);
        return;
    }
    if (!same && !negated && !strcmp(role, "activations.cached")) {
        /* "activations" are many tensors (GEMM outputs, caches, the
         * attention path): another format may be another one's */
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                cJSON_CreateString(have), "unverifiable",
                "%s keeps its cached activations in %s; activations are many "
                "tensors, and %s may be another's",
                who, have, m->format);
        ck_set_evidence(ck_last_claim(s), r);
        return;
    }
    if (!negated)
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                cJSON_CreateString(have), same ? "confirmed" : "contradicted",
                same ? "%s keeps %s in %s" : "%s keeps %s in %s, not %s", who,
                role, have, m->format);
    else
        ck_emit(s, m->start, flen, who, role, cJSON_CreateString(m->format),
                cJSON_CreateString(have), same ? "contradicted" : "confirmed",
                same ? "%s keeps %s in %s, which the sentence denies"
                     : "%s keeps %s in %s: not %s, as written",
                who, role, have, m->format);
    ck_set_evidence(ck_last_claim(s), r);
}

/* "master weights and optimizer states in FP32 and BF16": format `m` is
 * of one of the roles of `cand`, which one the sentence does not say.
 * Unverifiable when some role is kept in it (the reading shown) or one is
 * not recorded; contradicted only when every role is recorded and none is
 * kept in it -- and, `negated` ("does not keep ... in FP8 or FP4"),
 * confirmed then, unverifiable when one is. */
static void check_role_list(struct sent *s, const struct mention *m,
                            const cJSON *doc, const struct role_set *cand,
                            int negated)
{
    const char *who = ck_doc_id(doc), *fits = NULL;
    const cJSON *kept = pp_json_get(pp_json_get(doc, "precision"), "roles");
    const cJSON *fact = NULL;
    pp_buf names = PP_BUF_INIT;
    size_t flen = m->end - m->start;
    int unknown = 0, hidden = 0;
    for (size_t k = 0; k < cand->n; k++) {
        const cJSON *r = pp_json_get(kept, cand->role[k]);
        int same = 0;
        const char *have = r ? role_format(r, m->format, &same) : NULL;
        pp_buf_printf(&names, "%s%s",
                      k ? (k + 1 == cand->n ? " and " : ", ") : "",
                      cand->role[k]);
        if (r && !strcmp(have, "undisclosed"))
            hidden++, fact = fact ? fact : r;
        if (!r || !strcmp(have, "undisclosed"))
            unknown = 1;
        else if (same && !fits)
            fits = cand->role[k], fact = r;
        else if (!fact)
            fact = r;
    }
    if ((size_t)hidden == cand->n && !negated) {
        /* "the embedding module, the output head and the MoE gating in
         * BF16 or FP32": the reports say they keep a higher precision,
         * and name none */
        ck_emit(s, m->start, flen, who, cand->role[0],
                cJSON_CreateString(m->format), NULL, "undisclosed",
                "%s does not disclose the format of %s", who,
                pp_buf_cstr(&names));
        ck_set_evidence(ck_last_claim(s), fact);
        pp_buf_dispose(&names);
        return;
    }
    if (fits)
        ck_emit(s, m->start, flen, who, fits, cJSON_CreateString(m->format),
                NULL, "unverifiable",
                "%s keeps %s in %s; the sentence gives formats for %s "
                "without saying which is whose",
                who, fits, m->format, pp_buf_cstr(&names));
    else if (!unknown && negated)
        ck_emit(s, m->start, flen, who, cand->role[0],
                cJSON_CreateString(m->format), NULL, "confirmed",
                "%s keeps none of %s in %s, as written", who,
                pp_buf_cstr(&names), m->format);
    else if (unknown)
        ck_emit(s, m->start, flen, who, cand->role[0],
                cJSON_CreateString(m->format), NULL, "unverifiable",
                "the sentence gives formats for %s without saying which is "
                "whose, and %s does not record or disclose all of them",
                pp_buf_cstr(&names), who);
    else
        ck_emit(s, m->start, flen, who, cand->role[0],
                cJSON_CreateString(m->format), NULL, "contradicted",
                "%s keeps none of %s in %s", who, pp_buf_cstr(&names),
                m->format);
    if (fact && !unknown)
        ck_set_evidence(ck_last_claim(s), fact);
    pp_buf_dispose(&names);
}

/* The claim that run `doc` trained in format `f` (its headline). */
/* Does the sentence speak of pretraining itself: a word for it with no
 * "after" or negation just before it ("after pre-training", "после
 * предобучения", "а не в самом предобучении") nor "after" right after it
 * ("预训练后", "预训练之后")? */
static int plainly_pretraining(const struct sent *s)
{
    static const char *const after[] = {
        "after",
        "post",
        "\xD0\xBF\xD0\xBE\xD1\x81\xD0\xBB\xD0\xB5", /* после */
        "\xD0\xB7\xD0\xB0\xD1\x82\xD0\xB5\xD0\xBC", /* затем */
        "\xE5\x90\x8E",                             /* 后 */
        NULL};
    if (!s->lex.scanned)
        return lex_near(s, 0, s->len, CK_LEX_PRETRAINING);
    for (int32_t i = s->lex.head[CK_LEX_PRETRAINING]; i >= 0;
         i = s->lex.hit[i].next) {
        size_t a = s->lex.hit[i].start, b = s->lex.hit[i].end;
        size_t from = ck_back_words(s, a, 3);
        if (!any_near(s, from, a, after) &&
            !span_has(s, from, a, LEX(NEGATION)) &&
            !any_near(s, b, b + 6 < s->len ? b + 6 : s->len, after))
            return 1;
    }
    return 0;
}

static int check_headline(struct sent *s, const struct mention *m,
                          const cJSON *doc, int negated)
{
    static const char *const wholly[] = {
        "fully",
        "entirely",
        "purely",
        "completely",
        "only in",
        "all in",
        "\xD0\xBF\xD0\xBE\xD0\xBB\xD0\xBD\xD0\xBE\xD1\x81"
        "\xD1\x82\xD1\x8C\xD1\x8E", /* полностью */
        "\xD1\x86\xD0\xB5\xD0\xBB\xD0\xB8\xD0\xBA\xD0\xBE"
        "\xD0\xBC",                 /* целиком */
        "\xE5\xAE\x8C\xE5\x85\xA8", /* 完全 */
        "\xE5\x85\xA8\xE9\x83\xA8", /* 全部 */
        "\xE7\xBA\xAF",             /* 纯 */
        NULL};
    const char *who = ck_doc_id(doc), *f = m->format, *stage, *text;
    const cJSON *h = pp_json_get(pp_json_get(doc, "precision"), "headline");
    const cJSON *x;
    size_t flen = m->end - m->start;
    int hit = 0, later, plain;
    if (!h)
        return 0;
    stage = pp_json_str(h, "stage", "");
    text = pp_json_str(h, "text", "");
    cJSON_ArrayForEach(x, pp_json_get(h, "formats")) hit |=
        cJSON_IsString(x) && same_family(x->valuestring, f);
    /* the format came after pretraining, and the sentence says pretraining */
    /* said of pretraining at all (a denial may say "not pretrained in
     * F"), and of pretraining itself -- not "after pretraining" */
    later = hit && strcmp(stage, "pretraining") != 0 &&
            lex_near(s, 0, s->len, CK_LEX_PRETRAINING);
    plain = later && plainly_pretraining(s);
    if (negated && clause_has(s, m->start, wholly)) {
        /* "is not trained fully in FP8: master weights stay in FP32": the
         * sentence denies only that all of it is F -- which a mixed
         * precision's record says too */
        int mixed = hit && (strstr(text, "mixed") ||
                            strstr(text, "\xE6\xB7\xB7"
                                         "\xE5\x90\x88") ||
                            cJSON_GetArraySize(pp_json_get(h, "formats")) > 1);
        ck_emit(s, m->start, flen, who, "precision.headline",
                cJSON_CreateString(f), cJSON_CreateString(text),
                mixed ? "confirmed" : "unverifiable",
                mixed ? "%s: %s (%s): not wholly %s, as written"
                      : "%s: %s (%s); the sentence denies only that all of the "
                        "training is %s",
                who, text, stage, f);
    } else if (negated) {
        int holds = !hit || later; /* "not trained in F" */
        ck_emit(s, m->start, flen, who, "precision.headline",
                cJSON_CreateString(f), cJSON_CreateString(text),
                holds ? "confirmed" : "contradicted",
                !holds  ? "%s: %s (%s), which the sentence denies"
                : later ? "%s: %s (%s): not %s in pretraining, as written"
                        : "%s: %s (%s): not %s, as written",
                who, text, stage, f);
    } else if (plain) {
        ck_emit(s, m->start, flen, who, "precision.headline",
                cJSON_CreateString(f), cJSON_CreateString(text), "contradicted",
                "%s used %s in %s (%s), not in pretraining", who, f, stage,
                text);
    } else {
        ck_emit(s, m->start, flen, who, "precision.headline",
                cJSON_CreateString(f), cJSON_CreateString(text),
                hit ? "confirmed" : "contradicted",
                hit ? "%s: %s" : "%s: %s, not %s", who, text, f);
    }
    ck_set_evidence(ck_last_claim(s), h);
    return 1;
}

/* Does the headline of run `doc` name format family `f`? */
static int headline_names(const cJSON *doc, const char *f)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, pp_json_get(pp_json_get(pp_json_get(doc, "precision"),
                                                  "headline"),
                                      "formats"))
    {
        if (cJSON_IsString(x) && same_family(x->valuestring, f))
            return 1;
    }
    return 0;
}

/* May format mention `m`, bound to no role, speak of the run's training:
 * not the other side of a comparison ("Unlike BF16 pretraining",
 * "compared with BF16", "rather than BF16", "相比 BF16") and not the
 * format of what is served ("FP8 weights", "FP4 inference")? */
static int headline_candidate(const struct sent *s, const struct mention *m)
{
    size_t from = ck_clause_from(s, m->start);
    if (lex_near(s, back(m->start, 16), m->start, CK_LEX_OTHER_SIDE) ||
        lex_near(s, from, m->start, CK_LEX_COMPARE) ||
        lex_near(s, from, m->start, CK_LEX_OTHER_SIDE))
        return 0;
    return !lex_near(s, m->end, ck_window_end(s, m->end, 24), CK_LEX_SERVED) &&
           !lex_near(s, back(m->start, 12), m->start, CK_LEX_SERVED);
}

/* The headline of each run of `e` against the formats `cand` (`nc` of
 * them, in text order) of a sentence about training: the first that the
 * run's headline names confirms; else a lone format (one family, however
 * often written) is checked as the headline; else several formats, none
 * the run's, are unverifiable with their readings -- which of them the
 * sentence says the run trained in, the words do not tell. */
static void check_headlines(struct sent *s, const struct entity *e,
                            const struct mention *fm, const size_t *cand,
                            size_t nc)
{
    size_t before = (size_t)s->count;
    int lone = 1;
    for (size_t k = 1; k < nc; k++)
        lone &= same_family(fm[cand[k]].format, fm[cand[0]].format) ||
                same_family(fm[cand[0]].format, fm[cand[k]].format);
    ck_bind(s, "format-of-training");
    for (size_t d = 0; d < s->c->ndocs && d < 64; d++) {
        const cJSON *doc = s->c->docs[d];
        const struct mention *m = NULL;
        if (!(e->set >> d & 1))
            continue;
        for (size_t k = 0; k < nc && !m; k++)
            if (headline_names(doc, fm[cand[k]].format))
                m = &fm[cand[k]];
        if (m || lone) {
            m = m ? m : &fm[cand[0]];
            check_headline(s, m, doc, clause_has(s, m->start, LEX(NEGATION)));
        } else if (pp_json_get(pp_json_get(doc, "precision"), "headline")) {
            pp_buf all = PP_BUF_INIT;
            for (size_t k = 0; k < nc; k++)
                pp_buf_printf(&all, "%s%s", k ? ", " : "", fm[cand[k]].format);
            ck_emit(s, fm[cand[0]].start, fm[cand[0]].end - fm[cand[0]].start,
                    ck_doc_id(doc), "precision.headline",
                    cJSON_CreateString(fm[cand[0]].format), NULL,
                    "unverifiable",
                    "%s: %s; the sentence names several formats (%s) and "
                    "does not say which the run trained in",
                    ck_doc_id(doc),
                    pp_json_str(pp_json_get(pp_json_get(doc, "precision"),
                                            "headline"),
                                "text", ""),
                    pp_buf_cstr(&all));
            pp_buf_dispose(&all);
        }
    }
    ck_merge_last(s, (size_t)s->count - before);
}

/* "DeepSeek-V3 uses FP8", "结合了FP8、BF16和FP32", "只用 E4M3": a
 * format the sentence says a run uses, bound to no role, with no word of
 * training.  When the sentence has role words (`nr` of them in rw[])
 * that the format was too far to bind to, it may still be theirs
 * ("敏感的组件(如嵌入、输出头 ...)仍然使用高精度(如FP16或FP32)"): only
 * their roles count, not the headline.  What it is used for the words do not say, so the claim is
 * only that the run uses it somewhere: confirmed when its headline or
 * any of its roles records the format's family (the first few are
 * named), else unverifiable -- never contradicted, as "uses" names no
 * role a record could deny. */
static void check_used(struct sent *s, const struct mention *m,
                       const cJSON *doc, const struct mention *rw, size_t nr)
{
    const cJSON *prec = pp_json_get(doc, "precision"), *r, *x;
    const char *who = ck_doc_id(doc);
    pp_buf where = PP_BUF_INIT;
    size_t n = 0;
    cJSON_ArrayForEach(x, pp_json_get(pp_json_get(prec, "headline"), "formats"))
    {
        if (!nr && cJSON_IsString(x) &&
            same_family(x->valuestring, m->format)) {
            pp_buf_printf(&where, "its headline (%s)",
                          pp_json_str(pp_json_get(prec, "headline"), "text",
                                      ""));
            n++;
            break;
        }
    }
    cJSON_ArrayForEach(r, pp_json_get(prec, "roles"))
    {
        int same, named = !nr;
        for (size_t k = 0; k < nr && !named && r->string; k++)
            named = !strcmp(rw[k].role->role, r->string);
        role_format(r, m->format, &same);
        if (!same || !r->string || !named)
            continue;
        if (n < 4)
            pp_buf_printf(&where, "%s%s", n ? ", " : "", r->string);
        else if (n == 4)
            pp_buf_puts(&where, ", ...");
        n++;
    }
    if (n)
        ck_emit(s, m->start, m->end - m->start, who, "precision.formats",
                cJSON_CreateString(m->format), NULL, "confirmed",
                "%s uses %s: %s", who, m->format, pp_buf_cstr(&where));
    else if (nr)
        ck_emit(s, m->start, m->end - m->start, who, "precision.formats",
                cJSON_CreateString(m->format), NULL, "unverifiable",
                "%s records %s for none of the roles the sentence names; "
                "which of them it says is in %s, the words do not tell",
                who, m->format, m->format);
    else if (!pp_json_get(prec, "headline") &&
             !cJSON_GetArraySize(pp_json_get(prec, "roles")))
        ck_emit(s, m->start, m->end - m->start, who, "precision.formats",
                cJSON_CreateString(m->format), NULL, "unverifiable",
                "the passport of %s records no precision formats", who);
    else
        ck_emit(s, m->start, m->end - m->start, who, "precision.formats",
                cJSON_CreateString(m->format), NULL, "unverifiable",
                "the passport of %s records %s in none of its roles; what "
                "the sentence says the run uses it for, it does not say",
                who, m->format);
    pp_buf_dispose(&where);
}

/* Over the format claims from `from` on: a format the clause says
 * something was kept or computed in ("kept a listed set of sensitive
 * layers in BF16", "computed cross-entropy in FP32", "交叉熵在 FP32 中计算")
 * is that thing's, not the run's training: a contradicted headline is
 * unverifiable; a format of a GEMM's output ("write their outputs in BF16
 * or FP32", "GEMM 输出不是 FP8") is no GEMM input's. */
static void soften_objects(struct sent *s, int from)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        const char *attr = pp_json_str(c, "attribute", "");
        size_t at, end, cl;
        const char *why = NULL;
        if ((strcmp(pp_json_str(c, "verdict", ""), "contradicted") &&
             strcmp(pp_json_str(c, "verdict", ""), "undisclosed")) ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        cl = ck_clause_from(s, at);
        if (!strcmp(attr, "precision.headline") &&
            lex_near(s, cl, ck_clause_to(s, at), CK_LEX_KEPT_VERB))
            why = "what the sentence says was kept or computed in it";
        else if (!strncmp(attr, "gemm.", 5) &&
                 lex_near(s, cl, at, CK_LEX_OUTPUT_WORD))
            why = "an output";
        if (why)
            ck_soften(c, "unverifiable",
                      "%s %s: %s is the format of %s, not of what the passport "
                      "records (%s)",
                      pp_json_str(c, "entity", ""), attr,
                      pp_json_str(c, "text", ""), why,
                      pp_json_str(c, "message", ""));
    }
}

/* "lowered from FP32 to BF16", "从 FP32 降到 BF16", "перешли с FP32 на
 * BF16": two formats of one clause, the first after a word of class
 * `format-from` and the second after one of `format-to`, are a change --
 * the state before it or after it, maybe a stage the passport does not
 * record.  A contradicted or undisclosed claim of either, from index
 * `from` on, is unverifiable. */
static void soften_changes(struct sent *s, int from, const struct mention *fm,
                           size_t nf)
{
    int n = cJSON_GetArraySize(s->out);
    for (int i = from; i < n; i++) {
        cJSON *c = cJSON_GetArrayItem(s->out, i);
        size_t at, end;
        int changed = 0;
        if ((strcmp(pp_json_str(c, "verdict", ""), "contradicted") &&
             strcmp(pp_json_str(c, "verdict", ""), "undisclosed")) ||
            !ck_claim_span(s, c, &at, &end))
            continue;
        /* "from FP32 to BF16", or the other way round, "switched to BF16
         * from FP32" */
        for (size_t a = 0; a < nf && !changed; a++)
            for (size_t b = a + 1; b < nf && !changed; b++) {
                size_t fa = ck_back_words(s, fm[a].start, 2),
                       fb = ck_back_words(s, fm[b].start, 2);
                changed = (fm[a].start == at || fm[b].start == at) &&
                          ck_clause_from(s, fm[b].start) <= fm[a].start &&
                          ((span_has(s, fa, fm[a].start, LEX(FORMAT_FROM)) &&
                            span_has(s, fb, fm[b].start, LEX(FORMAT_TO))) ||
                           (span_has(s, fa, fm[a].start, LEX(FORMAT_TO)) &&
                            span_has(s, fb, fm[b].start, LEX(FORMAT_FROM))));
            }
        if (changed)
            ck_soften_why(c,
                          "the sentence describes a change of format, %s one "
                          "side of it, which may be a stage the passport does "
                          "not record",
                          pp_json_str(c, "text", ""));
    }
}

/* Formats bound to precision roles of the run the sentence names, each
 * format mention once; the formats bound to no role speak of the run's
 * training (its headline) when the sentence is about training
 * (check_headlines). */
void ck_check_formats(struct sent *s)
{
    struct mention fm[MAXMENTION], rw[MAXMENTION];
    const struct role_kw *bound[MAXMENTION];
    const char *how[MAXMENTION];
    struct role_set lists[MAXMENTION];
    size_t nf, nr, cand[MAXMENTION], nc = 0, used = (size_t)-1;
    const struct entity *head = NULL;
    int training, from = cJSON_GetArraySize(s->out);
    if (!s->nent)
        return;
    nf = format_mentions(s, fm);
    nr = role_words(s, rw);
    bind_formats(s, fm, nf, rw, nr, bound, how, lists);
    training = lex_near(s, 0, s->len, CK_LEX_TRAIN) ||
               lex_near(s, 0, s->len, CK_LEX_TRAINING);
    for (size_t i = 0; i < nf; i++) {
        const struct entity *e = ck_entity_for(s, fm[i].start);
        size_t before = (size_t)s->count;
        if (ck_arrow_between(s, e->end, fm[i].start))
            continue; /* another step of a sequence */
        /* "saving 4 bytes per parameter compared with FP32 moments",
         * "faster than BF16": the standard a format is compared with */
        if (lex_near(s, ck_back_words(s, fm[i].start, 3), fm[i].start,
                     CK_LEX_FORMAT_STANDARD))
            continue;
        /* "сохраняют диапазон FP32, но не его точность", "the range of
         * FP32", "FP32 的范围": a trait of the format, no role's */
        if (lex_near(s, ck_back_words(s, fm[i].start, 2), fm[i].start,
                     CK_LEX_FORMAT_PROPERTY) ||
            lex_near(s, fm[i].end,
                     fm[i].end + 12 < s->len ? fm[i].end + 12 : s->len,
                     CK_LEX_FORMAT_PROPERTY))
            continue;
        if (!bound[i] && !strcmp(how[i], "role-list")) {
            ck_bind(s, how[i]);
            for (size_t d = 0; d < s->c->ndocs && d < 64; d++)
                if (e->set >> d & 1)
                    check_role_list(s, &fm[i], s->c->docs[d], &lists[i],
                                    clause_has(s, fm[i].start, LEX(NEGATION)));
            ck_merge_last(s, (size_t)s->count - before);
            continue;
        }
        if (!bound[i]) {
            /* the formats of one run's training, decided together */
            if (training && (!head || head == e) &&
                headline_candidate(s, &fm[i])) {
                head = e;
                cand[nc++] = i;
            } else if (!training && headline_candidate(s, &fm[i]) &&
                       /* its clause says "uses", or it is the next of a
                        * list that does ("combines FP8, BF16 and FP32") */
                       ((used == i && i > 0 &&
                         format_joint(s, fm[i - 1].end, fm[i].start)) ||
                        lex_near(s, ck_clause_from(s, fm[i].start),
                                 ck_clause_to(s, fm[i].end),
                                 CK_LEX_USE_VERB)) &&
                       !clause_has(s, fm[i].start, LEX(NEGATION)) &&
                       !lex_near(s, 0, s->len, CK_LEX_HYPOTHETICAL) &&
                       /* "The checkpoint uses NVFP4 for MoE experts": a
                        * release or its serving, anywhere in the sentence */
                       !lex_near(s, 0, s->len, CK_LEX_DEPLOYED)) {
                /* the role words of the sentence, but for those of a
                 * clause with a format of its own: another claim's ("не
                 * только использует FP8, но и хранит мастер-веса в
                 * FP32") */
                struct mention near_rw[MAXMENTION];
                size_t nnear = 0;
                for (size_t k = 0; k < nr; k++) {
                    size_t lo = ck_clause_from(s, rw[k].start),
                           hi = ck_clause_to(s, rw[k].end);
                    int own = 0;
                    for (size_t j = 0; j < nf && !own; j++)
                        own = j != i && fm[j].start >= lo && fm[j].end <= hi &&
                              !(fm[i].start >= lo && fm[i].end <= hi);
                    if (!own)
                        near_rw[nnear++] = rw[k];
                }
                used = i + 1;
                ck_bind(s, "format-used");
                for (size_t d = 0; d < s->c->ndocs && d < 64; d++)
                    if (e->set >> d & 1)
                        check_used(s, &fm[i], s->c->docs[d], near_rw, nnear);
                ck_merge_last(s, (size_t)s->count - before);
            }
            continue;
        }
        /* a name that may mean several runs: each of them, one claim;
         * denied before the format, or after it when its role follows
         * ("E5M2 never appears in its matmuls") */
        int negated = clause_has(s, fm[i].start, LEX(NEGATION)) ||
                      /* "None of V3's moments, master weights or ...": a
                       * subject denied at the sentence's start */
                      span_has(s, 0, ck_fwd_words(s, 0, 1), LEX(NEGATION)) ||
                      (!strcmp(how[i], "role-word-after") &&
                       clause_after_has(s, fm[i].end, LEX(NEGATION)));
        ck_bind(s, how[i]);
        for (size_t d = 0; d < s->c->ndocs && d < 64; d++)
            if (e->set >> d & 1)
                check_role(s, &fm[i], s->c->docs[d], bound[i]->role, negated);
        ck_merge_last(s, (size_t)s->count - before);
    }
    if (nc)
        check_headlines(s, head, fm, cand, nc);
    soften_objects(s, from);
    soften_changes(s, from, fm, nf);
}

/* ------------------------------------------------------------------ */
/* Kept in a higher precision                                         */
/* ------------------------------------------------------------------ */

/* The bytes of the narrowest format run `doc` trained its GEMMs in: its
 * headline's formats, else its forward GEMM's; 0 when it records none. */
static double training_bytes(const cJSON *doc, const char **name)
{
    const cJSON *prec = pp_json_get(doc, "precision"), *f;
    const cJSON *fs = pp_json_get(pp_json_get(prec, "headline"), "formats");
    double best = 0;
    if (!cJSON_IsArray(fs) || !cJSON_GetArraySize(fs))
        fs = pp_json_get(pp_json_get(pp_json_get(prec, "roles"), "gemm.fprop"),
                         "format");
    if (cJSON_IsString(fs)) {
        *name = fs->valuestring;
        return pp_numfmt_bytes(fs->valuestring, &best) == 0 ? best : 0;
    }
    cJSON_ArrayForEach(f, fs)
    {
        double b;
        if (cJSON_IsString(f) && pp_numfmt_bytes(f->valuestring, &b) == 0 &&
            b > 0 && (best == 0 || b < best))
            best = b, *name = f->valuestring;
    }
    return best;
}

/* Is every format role `r` records at least half again as wide as
 * `floor` bytes ("fp32" and "bf16" over FP8; not "mxfp8" over "fp8")?
 * *shown: the first format (borrowed). */
static int wider_than(const cJSON *r, double floor, const char **shown)
{
    const cJSON *f = pp_json_get(r, "format"), *x;
    double b;
    int n = 0;
    if (cJSON_IsString(f)) {
        *shown = f->valuestring;
        return pp_numfmt_bytes(f->valuestring, &b) == 0 && b >= 1.5 * floor;
    }
    cJSON_ArrayForEach(x, f)
    {
        if (!cJSON_IsString(x) || pp_numfmt_bytes(x->valuestring, &b) < 0 ||
            b < 1.5 * floor)
            return 0;
        if (!n++)
            *shown = x->valuestring;
    }
    return n > 0;
}

/* "master weights, weight gradients and optimizer states are stored in
 * higher precision", "嵌入模块、输出头 ... 维持原始精度": the roles a run
 * keeps above the formats of its GEMMs, no format named.  A role its
 * passport keeps wider than its narrowest training format, or lists among
 * what it keeps in its original precision (keep.*), is confirmed; one it
 * records no wider is unverifiable with the formats; none is ever
 * contradicted -- "higher" than what, the words leave to the reader. */
void ck_check_kept_higher(struct sent *s)
{
    struct mention rw[MAXMENTION];
    const char *said[MAXMENTION];
    size_t nr, nsaid = 0, at = s->len;
    if (!s->nent || ck_any_format(s))
        return;
    for (const char *const *w = LEX(HIGHER_PRECISION); *w; w++) {
        const char *p = memmem(s->low.ptr, s->len, *w, strlen(*w));
        if (p && (size_t)(p - s->low.ptr) < at)
            at = (size_t)(p - s->low.ptr);
    }
    if (at == s->len || clause_has(s, at, LEX(NEGATION)) ||
        clause_after_has(s, at, LEX(NEGATION)) ||
        lex_near(s, 0, s->len, CK_LEX_HYPOTHETICAL) ||
        lex_near(s, back(at, 16), at, CK_LEX_OTHER_SIDE))
        return;
    nr = role_words(s, rw);
    ck_bind(s, "kept-higher");
    for (size_t k = 0; k < nr; k++) {
        const struct entity *e = ck_entity_for(s, rw[k].start);
        const char *role = rw[k].role->role;
        int dup = 0;
        for (size_t d = 0; d < nsaid; d++)
            dup |= said[d] == role;
        if (dup || !e || !strncmp(role, "gemm.", 5))
            continue;
        said[nsaid++] = role;
        for (size_t d = 0; d < s->c->ndocs && d < 64; d++) {
            const cJSON *doc = s->c->docs[d];
            const cJSON *r =
                pp_json_get(pp_json_get(pp_json_get(doc, "precision"), "roles"),
                            role);
            const char *low = NULL, *have = NULL;
            double floor;
            if (!(e->set >> d & 1) || !r)
                continue;
            floor = training_bytes(doc, &low);
            if (!strncmp(role, "keep.", 5))
                ck_emit(s, rw[k].start, rw[k].end - rw[k].start, ck_doc_id(doc),
                        role, cJSON_CreateString("higher precision"), NULL,
                        "confirmed",
                        "%s records %s among what it keeps above its GEMMs' "
                        "precision%s%s",
                        ck_doc_id(doc), role,
                        pp_json_str(r, "note", NULL) ? ": " : "",
                        pp_json_str(r, "note", ""));
            else if (floor > 0 && wider_than(r, floor, &have))
                ck_emit(s, rw[k].start, rw[k].end - rw[k].start, ck_doc_id(doc),
                        role, cJSON_CreateString("higher precision"),
                        cJSON_CreateString(have), "confirmed",
                        "%s keeps %s in %s, wider than the %s it trained in",
                        ck_doc_id(doc), role, have, low);
            else if (floor > 0)
                ck_emit(s, rw[k].start, rw[k].end - rw[k].start, ck_doc_id(doc),
                        role, cJSON_CreateString("higher precision"), NULL,
                        "unverifiable",
                        "%s keeps %s in %s, no wider than the %s it trained "
                        "in; higher than what, the sentence does not say",
                        ck_doc_id(doc), role, have ? have : "a format", low);
            else
                ck_emit(s, rw[k].start, rw[k].end - rw[k].start, ck_doc_id(doc),
                        role, cJSON_CreateString("higher precision"), NULL,
                        "unverifiable",
                        "%s records a format for %s but none it trained in "
                        "to compare it with",
                        ck_doc_id(doc), role);
            ck_set_evidence(ck_last_claim(s), r);
        }
    }
}

void ck_check_generalisations(struct sent *s)
{
    pp_rule_hit hits[16];
    size_t n = 0;
    ck_bind(s, "rule-pattern");
    if (!s->c->rules)
        return;
    if (pp_rules_scan_folded(s->c->rules, s->c->scratch, s->text,
                             s->odd ? NULL : s->low.ptr, s->len, "prose", NULL,
                             hits, 16, &n) == PP_ETOOBIG)
        s->c->limited = 1;
    pp_error_clear();
    for (size_t h = 0; h < n; h++) {
        size_t a = hits[h].start;
        int universal = !strncmp(hits[h].id, "universal.", 10);
        if (clause_has(s, a, LEX(NEGATION)) ||
            (!hits[h].modal && clause_has(s, a, LEX(HEDGE))) ||
            (universal && clause_after_has(s, hits[h].end, LEX(NEGATION))) ||
            /* "如果用单一学习率，必然会导致...": a conditional's
             * consequence, not a law read from a run */
            (universal && lex_near(s, 0, a, CK_LEX_HYPOTHETICAL)) ||
            lex_near(s, 0, s->len, CK_LEX_REFUTED) ||
            lex_near(s, 0, s->len, CK_LEX_REJECTED) || quoted(s, a) ||
            ck_question(s))
            continue;
        if (universal && !s->ents_done) {
            ck_find_entities(s);
            s->ents_done = 1;
        }
        if (universal && !s->nent && !lex_near(s, 0, s->len, CK_LEX_SUBJECT))
            continue;
        ck_emit(s, hits[h].start, hits[h].end - hits[h].start, NULL, hits[h].id,
                NULL, NULL, "unsupported-generalisation", "%s",
                hits[h].message);
        cJSON_ReplaceItemInObjectCaseSensitive(ck_last_claim(s), "section",
                                               cJSON_CreateString(
                                                   hits[h].section));
        cJSON_ReplaceItemInObjectCaseSensitive(ck_last_claim(s), "severity",
                                               cJSON_CreateString(
                                                   hits[h].severity));
        break; /* one generalisation per sentence is enough */
    }
}
