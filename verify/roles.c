/*
 * roles.c - verifier rules on the precision role map and on the claims,
 * evidence and boundaries of a passport (docs/VERIFY.md).
 *
 * Precision: a policy is a map of tensor roles to formats, so a headline
 * ("FP8 training") must be carried by roles at its stage; low-precision
 * GEMMs need a stated accumulation wide enough for their products; MX and
 * NVFP4 roles need their block, scale format and axis; QAT and deployment
 * formats are not pretraining formats.  Generalisation: a `general` claim
 * needs independent support, an author's hypothesis must say so, a lead is
 * never evidence.
 */
#define _GNU_SOURCE
#include "verify.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../core/buf.h"
#include "../core/json.h"
#include "../calc/microscope.h"
#include "../schema/fact.h"
#include "internal.h"
#include "../core/banned.h"

typedef struct pp_verify_ctx rctx_t;

/* A finding of these rules: no stated or expected figure. */
#define find(c, sev, rule, pointer, ...)                                       \
    pp_verify_finding((c), (sev), (rule), (pointer), NULL, NULL, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Formats                                                            */
/* ------------------------------------------------------------------ */

/* Names the schema allows beyond the microscope's element formats. */
static const char *const extra_formats[] = {"fp8",        "fp4",  "mxfp8",
                                            "int8",       "e5m6", "e8m0",
                                            "undisclosed"};

static int known_format(const char *f)
{
    if (pp_numfmt_lookup(f))
        return 1;
    for (size_t i = 0; i < sizeof(extra_formats) / sizeof(extra_formats[0]);
         i++)
        if (!strcasecmp(extra_formats[i], f))
            return 1;
    return 0;
}

/* "fp8-e4m3" and "fp8" are one family; "mxfp8-e5m2" and "mxfp8" too. */
static void family(const char *f, char out[16])
{
    size_t n = strcspn(f, "-");
    if (n >= 16)
        n = 15;
    memcpy(out, f, n);
    out[n] = '\0';
    for (size_t i = 0; i < n; i++)
        out[i] = (char)(out[i] | 0x20);
}

/* Significand bits including the implicit one; 0 when unknown. */
static int sig_bits(const char *f)
{
    const pp_numfmt *p = pp_numfmt_lookup(f);
    if (p)
        return p->man_bits + 1;
    if (!strcasecmp(f, "fp8") || !strcasecmp(f, "mxfp8"))
        return 3; /* the narrower of E4M3 and E5M2 */
    if (!strcasecmp(f, "fp4"))
        return 2; /* E2M1, the element of MXFP4 and NVFP4 */
    if (!strcasecmp(f, "e5m6"))
        return 7;
    if (!strcasecmp(f, "int8"))
        return 8;
    return 0;
}

static int low_precision(const char *f)
{
    int s = sig_bits(f);
    return s > 0 && s <= 4;
}

static int is_block_format(const char *f)
{
    return !strncasecmp(f, "mx", 2) || !strcasecmp(f, "nvfp4");
}

/* Call `fn` for each format of a role ("format" is a string or a list). */
static int each_format(const cJSON *role, int (*fn)(const char *, void *),
                       void *arg)
{
    const cJSON *f = pp_json_get(role, "format"), *e;
    if (cJSON_IsString(f))
        return fn(f->valuestring, arg);
    cJSON_ArrayForEach(e, f)
    {
        int rc = fn(e->valuestring, arg);
        if (rc)
            return rc;
    }
    return 0;
}

static const char *stage_of(const cJSON *role)
{
    const cJSON *s = pp_json_get(role, "stage");
    return cJSON_IsString(s) ? s->valuestring : "training";
}

/* "training" (unspecified) counts as pretraining. */
static int same_stage(const char *a, const char *b)
{
    if (!strcmp(a, "training"))
        a = "pretraining";
    if (!strcmp(b, "training"))
        b = "pretraining";
    return !strcmp(a, b);
}

/* ------------------------------------------------------------------ */
/* Precision rules                                                    */
/* ------------------------------------------------------------------ */

/* What names a format in a quote: each group must be matched by one of its
 * words (case-insensitive).  "FP8 E4M3" names fp8-e4m3; "FP8" alone names
 * only the family.  A format not listed here is not checked. */
struct format_words {
    const char *format;
    const char *groups[2][4];
};

static const struct format_words named_by[] = {
    {"fp32", {{"fp32", "float32", "32-bit", "单精度"}}},
    {"bf16", {{"bf16", "bfloat16"}}},
    {"fp16", {{"fp16", "float16", "半精度"}}},
    {"fp8", {{"fp8"}}},
    {"fp8-e4m3", {{"e4m3"}}},
    {"fp8-e5m2", {{"e5m2"}}},
    {"mxfp8", {{"mxfp8"}}},
    {"mxfp8-e4m3", {{"mxfp8"}, {"e4m3"}}},
    {"mxfp8-e5m2", {{"mxfp8"}, {"e5m2"}}},
    {"mxfp6-e2m3", {{"mxfp6"}, {"e2m3"}}},
    {"mxfp6-e3m2", {{"mxfp6"}, {"e3m2"}}},
    {"fp4", {{"fp4", "e2m1"}}},
    {"mxfp4", {{"mxfp4"}}},
    {"nvfp4", {{"nvfp4"}}},
    {"int8", {{"int8"}}},
    {"e5m6", {{"e5m6"}}},
};

/* The quotes of a role's evidence (and of what they were read through),
 * joined; empty when no evidence carries a quote. */
static void role_quotes(const cJSON *role, pp_buf *out)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, pp_json_get(role, "evidence"))
    {
        const char *q = pp_json_str(e, "quote", NULL);
        const char *vq = pp_json_str(pp_json_get(e, "via"), "quote", NULL);
        if (q)
            pp_buf_printf(out, "%s\n", q);
        if (vq)
            pp_buf_printf(out, "%s\n", vq);
    }
}

struct overstated {
    rctx_t *c;
    const char *role;
    const char *quotes;
};

static int check_named(const char *f, void *arg)
{
    struct overstated *o = arg;
    for (size_t i = 0; i < sizeof(named_by) / sizeof(named_by[0]); i++) {
        const struct format_words *w = &named_by[i];
        int named = 1;
        char ptr[96];
        if (strcasecmp(w->format, f))
            continue;
        for (size_t g = 0; g < 2 && w->groups[g][0]; g++) {
            int hit = 0;
            for (size_t k = 0; k < 4 && w->groups[g][k]; k++)
                hit |= strcasestr(o->quotes, w->groups[g][k]) != NULL;
            named &= hit;
        }
        if (named)
            return 0;
        snprintf(ptr, sizeof(ptr), "/precision/roles/%s/format", o->role);
        find(o->c, "warning", "precision.overstated", ptr,
             "the role records %s, but no quote of its evidence names it: "
             "record what the source names (the family when no variant is "
             "named, 'undisclosed' when no format is)",
             f);
        return 0;
    }
    return 0;
}

/* A role records what its evidence names and no more. */
static void check_overstated(rctx_t *c, const cJSON *prec)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, pp_json_get(prec, "roles"))
    {
        pp_buf q = PP_BUF_INIT;
        struct overstated o = {c, r->string, NULL};
        role_quotes(r, &q);
        if (q.len) {
            o.quotes = q.ptr;
            each_format(r, check_named, &o);
        }
        pp_buf_dispose(&q);
    }
}

struct fam_hit {
    char fam[16];
    const char *stage;
    int at_stage, elsewhere;
};

static int match_family(const char *f, void *arg)
{
    struct fam_hit *h = arg;
    char fam[16];
    family(f, fam);
    if (!strcmp(fam, h->fam))
        return 1;
    /* A headline's family with the variant not stated covers its variants:
     * "fp4" covers mxfp4 and nvfp4, "fp8" covers mxfp8. */
    if (!strcmp(h->fam, "fp4") || !strcmp(h->fam, "fp8")) {
        size_t n = strlen(fam);
        return n > 3 && !strcmp(fam + n - 3, h->fam);
    }
    return 0;
}

static void check_headline(rctx_t *c, const cJSON *prec)
{
    const cJSON *head = pp_json_get(prec, "headline"),
                *roles = pp_json_get(prec, "roles");
    const cJSON *f, *r;
    int i = 0;
    if (!head)
        return;
    cJSON_ArrayForEach(f, pp_json_get(head, "formats"))
    {
        struct fam_hit h;
        char ptr[64];
        memset(&h, 0, sizeof(h));
        family(f->valuestring, h.fam);
        h.stage = stage_of(head);
        snprintf(ptr, sizeof(ptr), "/precision/headline/formats/%d", i++);
        cJSON_ArrayForEach(r, roles)
        {
            if (each_format(r, match_family, &h)) {
                if (same_stage(stage_of(r), h.stage))
                    h.at_stage = 1;
                else
                    h.elsewhere = 1;
            }
        }
        if (h.at_stage)
            continue;
        if (cJSON_GetArraySize(roles) == 0)
            find(c, "note", "precision.headline", ptr,
                 "the headline names %s, but no role map is disclosed to say "
                 "which tensors use it",
                 f->valuestring);
        else if (h.elsewhere && !strcmp(h.stage, "pretraining"))
            find(c, "error", "precision.qat-as-pretraining", ptr,
                 "the headline presents %s as a pretraining format, but the "
                 "role map uses it only in post-training (QAT) or deployment",
                 f->valuestring);
        else
            find(c, "error", "precision.headline", ptr,
                 "the headline names %s at stage %s, but no role of that "
                 "stage uses it",
                 f->valuestring, h.stage);
    }
}

static int first_format(const char *f, void *arg)
{
    *(const char **)arg = f;
    return 1;
}

static int undisclosed(const cJSON *v)
{
    return cJSON_IsString(v) && !strncmp(v->valuestring, "undisclosed", 11);
}

/* An MX or NVFP4 role says its block size, scale format and scale axis,
 * each stated or marked 'undisclosed' (a curator records what the source
 * states, never the format's definition as if the source had said it); a
 * stated block size or scale format must be the format's own. */
static void check_block(rctx_t *c, const cJSON *r, const char *f)
{
    int block = 0, sfmt = 0, axis = 0;
    const char *unstated[3] = {NULL, NULL, NULL};
    const cJSON *sc;
    /* The definition comes from the microscope's table ("mxfp8" resolves
     * to an element variant; both share the block and scale). */
    const pp_numfmt *def = pp_numfmt_lookup(f);
    int want_block = def ? def->block : 0;
    const char *want_scale = def ? def->scale : NULL;
    char ptr[128];

    snprintf(ptr, sizeof(ptr), "/precision/roles/%s", r->string);
    cJSON_ArrayForEach(sc, pp_json_get(r, "scaling"))
    {
        const cJSON *bs = pp_json_get(sc, "block_size");
        const cJSON *sf = pp_json_get(sc, "scale_format");
        const cJSON *ax = pp_json_get(sc, "axis");
        block |= cJSON_IsNumber(bs) || undisclosed(bs);
        sfmt |= cJSON_IsString(sf);
        axis |= cJSON_IsString(ax);
        if (undisclosed(bs))
            unstated[0] = "block size";
        if (undisclosed(sf))
            unstated[1] = "scale format";
        if (undisclosed(ax))
            unstated[2] = "scale axis";
        if (want_block && cJSON_IsNumber(bs) &&
            (int)bs->valuedouble != want_block)
            find(c, "error", "precision.block-format", ptr,
                 "by its definition %s shares one scale per %d elements, not "
                 "%d",
                 f, want_block, (int)bs->valuedouble);
        if (want_scale && cJSON_IsString(sf) && !undisclosed(sf) &&
            strcasecmp(sf->valuestring, want_scale))
            find(c, "error", "precision.block-format", ptr,
                 "by its definition the scale of %s is %s, not %s", f,
                 want_scale, sf->valuestring);
    }
    if (!block || !sfmt || !axis) {
        find(c, "error", "precision.block-format", ptr,
             "%s is a block format: say its block size, scale format "
             "and scale axis, or 'undisclosed' for what the source does "
             "not state (missing:%s%s%s)",
             f, block ? "" : " block_size", sfmt ? "" : " scale_format",
             axis ? "" : " axis");
        return;
    }
    {
        pp_buf what = PP_BUF_INIT;
        int n = 0, k = 0;
        for (int i = 0; i < 3; i++)
            n += unstated[i] != NULL;
        for (int i = 0; i < 3; i++) {
            if (!unstated[i])
                continue;
            k++;
            pp_buf_printf(&what, "%s%s",
                          k == 1   ? ""
                          : k == n ? " and "
                                   : ", ",
                          unstated[i]);
        }
        if (n && what.ptr)
            find(c, "note", "precision.block-format", ptr,
                 "the %s of %s %s not disclosed", what.ptr, f,
                 n > 1 ? "are" : "is");
        pp_buf_dispose(&what);
    }
}

static void check_roles(rctx_t *c, const cJSON *prec)
{
    const cJSON *roles = pp_json_get(prec, "roles"), *r;
    const cJSON *head = pp_json_get(prec, "headline"), *f;
    int i = 0;

    /* Unknown names, anywhere a format is named. */
    cJSON_ArrayForEach(f, pp_json_get(head, "formats"))
    {
        char ptr[64];
        snprintf(ptr, sizeof(ptr), "/precision/headline/formats/%d", i++);
        if (!known_format(f->valuestring))
            find(c, "error", "precision.unknown-format", ptr,
                 "unknown format '%s'", f->valuestring);
    }
    cJSON_ArrayForEach(r, roles)
    {
        const cJSON *fs = pp_json_get(r, "format"), *e, *sc;
        char ptr[128];
        const char *first = NULL;
        snprintf(ptr, sizeof(ptr), "/precision/roles/%s/format", r->string);
        if (cJSON_IsString(fs)) {
            if (!known_format(fs->valuestring))
                find(c, "error", "precision.unknown-format", ptr,
                     "unknown format '%s'", fs->valuestring);
        } else {
            cJSON_ArrayForEach(e, fs) if (!known_format(e->valuestring))
                find(c, "error", "precision.unknown-format", ptr,
                     "unknown format '%s'", e->valuestring);
        }
        cJSON_ArrayForEach(
            sc,
            pp_json_get(
                r, "scaling")) if (cJSON_IsString(pp_json_get(sc, "scale_"
                                                                  "format")) &&
                                   !known_format(pp_json_get(sc, "scale_format")
                                                     ->valuestring))
            find(c, "error", "precision.unknown-format", ptr,
                 "unknown scale format '%s'",
                 pp_json_get(sc, "scale_format")->valuestring);

        /* MX and NVFP4 need block size, scale format and axis. */
        each_format(r, first_format, &first);
        if (first && is_block_format(first))
            check_block(c, r, first);
    }

    /* Low-precision GEMMs need a stated accumulation, wide enough. */
    static const char *const gemms[] = {"gemm.fprop", "gemm.dgrad",
                                        "gemm.wgrad"};
    for (size_t g = 0; g < 3; g++) {
        const cJSON *role = pp_json_get(roles, gemms[g]), *acc = NULL;
        const cJSON *cand = pp_json_get(roles, "gemm.accumulator");
        const char *in = NULL, *af = NULL;
        char ptr[96];
        if (!role)
            continue;
        each_format(role, first_format, &in);
        if (cand && same_stage(stage_of(cand), stage_of(role)))
            acc = cand;
        snprintf(ptr, sizeof(ptr), "/precision/roles/%s", gemms[g]);
        if (!acc) {
            if (in && low_precision(in))
                find(c, "warning", "precision.accumulation", ptr,
                     "a %s GEMM with no stated accumulation or promotion "
                     "(add a gemm.accumulator role, 'undisclosed' if the "
                     "report does not say)",
                     in);
            continue;
        }
        each_format(acc, first_format, &af);
        if (!in || !af || !strcasecmp(af, "undisclosed"))
            continue;
        {
            const cJSON *bits = pp_json_get(acc, "accumulator_bits");
            int acc_bits =
                cJSON_IsNumber(bits) ? (int)bits->valuedouble : sig_bits(af);
            int need = 2 * sig_bits(in);
            if (acc_bits && need && acc_bits < need)
                find(c, "error", "precision.accumulator-narrow",
                     "/precision/roles/gemm.accumulator",
                     "the accumulator (%d significand bits) is narrower "
                     "than the products of %s inputs (%d bits)",
                     acc_bits, in, need);
        }
    }
}

/* Bytes per parameter the role map implies for master weights, gradient
 * accumulation and optimizer moments; 0 when a role is missing. */
static double role_bytes(const cJSON *doc, const char *role, int *ok)
{
    const cJSON *r =
        pp_json_get(pp_json_get(pp_json_get(doc, "precision"), "roles"), role);
    const char *f = NULL;
    const pp_numfmt *p;
    each_format(r, first_format, &f);
    if (!f || !strcasecmp(f, "undisclosed")) {
        *ok = 0;
        return 0;
    }
    if ((p = pp_numfmt_lookup(f)) != NULL)
        return (1 + p->exp_bits + p->man_bits) / 8.0;
    if (!strcasecmp(f, "fp8") || !strcasecmp(f, "int8"))
        return 1;
    if (!strcasecmp(f, "fp4"))
        return 0.5;
    *ok = 0;
    return 0;
}

static int uses_adam(const cJSON *doc)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, pp_json_get(pp_json_get(doc, "optimizer"), "groups"))
    {
        const char *o = pp_json_get(g, "optimizer")->valuestring;
        if (!strncmp(o, "adam", 4))
            return 1;
    }
    return 0;
}

static void check_memory_roles(rctx_t *c)
{
    pp_fact_num v;
    int ok = 1;
    double lo;
    if (!pp_fact_number(c->doc, "memory.bytes_per_param", &v))
        return;
    lo = role_bytes(c->doc, "master_weights", &ok) +
         role_bytes(c->doc, "grad_accumulation", &ok) +
         role_bytes(c->doc, "optimizer.moments", &ok) *
             (uses_adam(c->doc) ? 2 : 1);
    if (!ok)
        return; /* the role map does not say enough */
    /* The working copy of the weights adds 0 to 4 bytes. */
    if (v.value < lo - 1e-9 || v.value > lo + 4 + 1e-9)
        find(c, "error", "precision.memory-roles",
             "/facts/memory.bytes_per_param",
             "%g bytes per parameter do not follow from the role map: "
             "master weights, gradient accumulation and optimizer moments "
             "alone take %g, and a working copy of the weights adds at most "
             "4",
             v.value, lo);
}

/* ------------------------------------------------------------------ */
/* Generalisation rules                                               */
/* ------------------------------------------------------------------ */

static const cJSON *source(const cJSON *doc, const char *id)
{
    const cJSON *s;
    cJSON_ArrayForEach(
        s,
        pp_json_get(doc,
                    "sources")) if (!strcmp(pp_json_get(s, "id")->valuestring,
                                            id)) return s;
    return NULL;
}

static int mentions_hypothesis(const cJSON *support)
{
    static const char *const words[] = {"hypothes", "conjecture", "假说",
                                        "假设",     "гипотез",    "предполож"};
    const char *texts[3];
    const cJSON *via = pp_json_get(support, "via");
    texts[0] = cJSON_IsString(pp_json_get(support, "quote"))
                   ? pp_json_get(support, "quote")->valuestring
                   : "";
    texts[1] = cJSON_IsString(pp_json_get(via, "quote"))
                   ? pp_json_get(via, "quote")->valuestring
                   : "";
    texts[2] = cJSON_IsString(pp_json_get(support, "note"))
                   ? pp_json_get(support, "note")->valuestring
                   : "";
    for (int t = 0; t < 3; t++)
        for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
            if (strcasestr(texts[t], words[w]))
                return 1;
    return 0;
}

static void check_claims(rctx_t *c)
{
    const cJSON *cl, *s, *b;
    int i = 0;
    cJSON_ArrayForEach(cl, pp_json_get(c->doc, "claims"))
    {
        const char *level = pp_json_get(cl, "level")->valuestring;
        char ptr[64];
        int independent = 0, hyp_words = 0;
        const char *seen[16];
        int nseen = 0;
        snprintf(ptr, sizeof(ptr), "/claims/%d", i++);
        cJSON_ArrayForEach(s, pp_json_get(cl, "supports"))
        {
            const char *src = pp_json_get(s, "source")->valuestring;
            int dup = 0;
            hyp_words |= mentions_hypothesis(s);
            if (strcmp(pp_json_get(s, "provenance")->valuestring,
                       "independent"))
                continue;
            for (int k = 0; k < nseen; k++)
                dup |= !strcmp(seen[k], src);
            if (!dup && nseen < 16) {
                seen[nseen++] = src;
                independent++;
            }
        }
        if (!strcmp(level, "general") && independent < 2)
            find(c, "error", "claims.general-support", ptr,
                 "a general conclusion needs at least two independent "
                 "supports; this one has %d",
                 independent);
        if (!strcmp(level, "interpretation") && hyp_words &&
            !cJSON_IsTrue(pp_json_get(cl, "hypothesis")))
            find(c, "error", "claims.hypothesis-unmarked", ptr,
                 "its support calls it a hypothesis: mark the claim "
                 "\"hypothesis\": true");
    }
    /* A boundary about a claim: the claim must not be stated beyond it. */
    i = 0;
    cJSON_ArrayForEach(b, pp_json_get(c->doc, "boundaries"))
    {
        const cJSON *about = pp_json_get(b, "about");
        char ptr[64];
        snprintf(ptr, sizeof(ptr), "/boundaries/%d", i++);
        if (!cJSON_IsString(about))
            continue;
        cJSON_ArrayForEach(cl, pp_json_get(c->doc, "claims"))
        {
            const cJSON *scope = pp_json_get(cl, "scope");
            if (strcmp(pp_json_get(cl, "id")->valuestring, about->valuestring))
                continue;
            if (!strcmp(pp_json_get(cl, "level")->valuestring, "general") ||
                (cJSON_IsString(scope) &&
                 !strcmp(scope->valuestring, "general")))
                find(c, "error", "boundary.crossed", ptr,
                     "claim '%s' is stated as general, but this boundary "
                     "limits it: %s",
                     about->valuestring, pp_json_get(b, "text")->valuestring);
        }
    }
}

/* Leads are never evidence; a fact resting only on a blog is weak. */
static void walk_evidence(rctx_t *c, const cJSON *node, pp_buf *ptr)
{
    size_t mark = ptr->len;
    int idx = 0;
    const cJSON *ch;
    for (ch = node->child; ch; ch = ch->next, idx++) {
        if (cJSON_IsObject(node))
            pp_buf_printf(ptr, "/%s", ch->string);
        else
            pp_buf_printf(ptr, "/%d", idx);
        if (cJSON_IsObject(ch) &&
            cJSON_IsString(pp_json_get(ch, "provenance")) &&
            cJSON_IsString(pp_json_get(ch, "source"))) {
            const cJSON *src =
                source(c->doc, pp_json_get(ch, "source")->valuestring);
            const cJSON *prio = pp_json_get(src, "priority");
            if (!strcmp(pp_json_get(ch, "provenance")->valuestring, "lead") ||
                (cJSON_IsString(prio) && !strcmp(prio->valuestring, "lead")))
                find(c, "error", "evidence.lead", ptr->ptr,
                     "a discovery lead is cited as evidence ('%s'): leads "
                     "point to sources, they are never evidence",
                     pp_json_get(ch, "source")->valuestring);
        }
        if (cJSON_IsObject(ch) || cJSON_IsArray(ch))
            walk_evidence(c, ch, ptr);
        ptr->len = mark;
        ptr->ptr[mark] = '\0';
    }
}

static void check_blog_only(rctx_t *c)
{
    const cJSON *f, *e;
    cJSON_ArrayForEach(f, pp_facts(c->doc))
    {
        int all_blog = 1, any = 0;
        char ptr[96];
        cJSON_ArrayForEach(e, pp_json_get(f, "evidence"))
        {
            const cJSON *src =
                source(c->doc, pp_json_get(e, "source")->valuestring);
            any = 1;
            if (strcmp(pp_json_get(e, "level")->valuestring, "fact") ||
                !cJSON_IsString(pp_json_get(src, "priority")) ||
                strcmp(pp_json_get(src, "priority")->valuestring, "P1"))
                all_blog = 0;
        }
        if (any && all_blog) {
            snprintf(ptr, sizeof(ptr), "/facts/%s", f->string);
            find(c, "error", "evidence.blog-only", ptr,
                 "stated as an architectural fact on the word of a P1 blog or "
                 "implementation alone: cite the report, config or weights, "
                 "or lower the level");
        }
    }
}

int pp_verify_roles(const cJSON *doc, cJSON *findings)
{
    rctx_t c;
    const cJSON *prec = pp_json_get(doc, "precision");
    pp_buf ptr = PP_BUF_INIT;
    c.doc = doc;
    c.id = pp_json_get(doc, "id")->valuestring;
    c.out = findings;
    c.errors = 0;
    if (prec) {
        check_roles(&c, prec);
        check_headline(&c, prec);
        check_overstated(&c, prec);
    }
    check_memory_roles(&c);
    check_claims(&c);
    if (pp_buf_grow(&ptr, 64) == 0)
        walk_evidence(&c, doc, &ptr);
    pp_buf_dispose(&ptr);
    check_blog_only(&c);
    return c.errors;
}
