/*
 * rules.c - loading and matching the rule catalogue (see rules.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "literal.h"
#include "../schema/jsonschema.h"
#include "../core/banned.h"

#ifndef PP_DATADIR
#define PP_DATADIR "/usr/local/share/passport"
#endif
#ifndef PP_SOURCE_RULES
#define PP_SOURCE_RULES ""
#endif

/* Generated at build time from schema/rules.schema.json. */
extern const unsigned char pp_rules_schema_text[];
extern const size_t pp_rules_schema_text_len;

static const char *const langs[] = {"en", "ru", "zh"};
#define NLANG 3

struct rule {
    const cJSON *def;             /* borrowed from the catalogue docs */
    pcre2_code *codes[NLANG][32]; /* owned */
    size_t ncodes[NLANG];
    /* owned: patterns that cancel a match ("unless"), any language */
    pcre2_code *unless[NLANG * 8];
    size_t nunless;
    size_t first; /* the number of its first pattern */
    /* read once from `def`, borrowed from it */
    int for_claims, for_prose; /* applies_to */
    int modal;                 /* "modal": its patterns hold the modal */
    const cJSON *levels;
    const char *id, *severity, *message, *section;
};

/* Scratch space of a scan: a scan writes it, so two scans at once need
 * two (pp_rules_scratch_new). */
struct pp_rules_scratch {
    pcre2_match_data *md; /* owned: one match block for every pattern */
    pp_buf folded;        /* the text, folded for the prefilter */
    unsigned char *mark;  /* owned: per pattern, may match (prefilter) */
};

struct pp_rules {
    cJSON *docs; /* owned: the parsed files */
    cJSON *list; /* owned: the rules as data, for pp_rules_list */
    struct rule *rules;
    size_t count;
    pcre2_match_context *mctx; /* read only while scanning */
    /* The literal prefilter: which patterns can match a text.  Patterns
     * are numbered rule by rule, language by language. */
    size_t npatterns;
    unsigned char *always;   /* owned: per pattern, 1 = no literal, run it */
    pp_litset *lits;         /* owned; NULL: run every pattern */
    int prefilter;           /* on unless pp_rules_set_prefilter(r, 0) */
    pp_rules_scratch *space; /* owned: pp_rules_scan's */
};

const char *pp_rules_default_dir(void)
{
    static char buf[4096];
    const char *env = getenv("PASSPORT_RULES");
    struct stat st;
    if (env && *env)
        return env;
    if (PP_SOURCE_RULES[0] && stat(PP_SOURCE_RULES, &st) == 0 &&
        S_ISDIR(st.st_mode))
        return PP_SOURCE_RULES;
    snprintf(buf, sizeof(buf), "%s/rules", PP_DATADIR);
    return buf;
}

void pp_rules_free(pp_rules *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->count; i++)
        for (int l = 0; l < NLANG; l++)
            for (size_t k = 0; k < r->rules[i].ncodes[l]; k++)
                pcre2_code_free(r->rules[i].codes[l][k]);
    for (size_t i = 0; i < r->count; i++)
        for (size_t k = 0; k < r->rules[i].nunless; k++)
            pcre2_code_free(r->rules[i].unless[k]);
    free(r->rules);
    cJSON_Delete(r->docs);
    cJSON_Delete(r->list);
    pcre2_match_context_free(r->mctx);
    free(r->always);
    pp_litset_free(r->lits);
    pp_rules_scratch_free(r->space);
    free(r);
}

int pp_rules_scratch_new(const pp_rules *r, pp_rules_scratch **out)
{
    pp_rules_scratch *x = calloc(1, sizeof(*x));
    *out = NULL;
    if (!x || !(x->md = pcre2_match_data_create(1, NULL)) /* whole match */ ||
        !(x->mark = calloc(r->npatterns ? r->npatterns : 1, 1))) {
        pp_rules_scratch_free(x);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    *out = x;
    return 0;
}

void pp_rules_scratch_free(pp_rules_scratch *x)
{
    if (!x)
        return;
    pcre2_match_data_free(x->md);
    pp_buf_dispose(&x->folded);
    free(x->mark);
    free(x);
}

void pp_rules_set_prefilter(pp_rules *r, int on)
{
    r->prefilter = on;
}

size_t pp_rules_count(const pp_rules *r)
{
    return r->count;
}

const cJSON *pp_rules_list(const pp_rules *r)
{
    return r->list;
}

static const pp_schema *rules_schema(void)
{
    static pp_schema *s;
    if (!s && pp_schema_compile(&s, (const char *)pp_rules_schema_text,
                                pp_rules_schema_text_len,
                                "schema/rules.schema.json") < 0)
        return NULL;
    return s;
}

/* Compile one pattern of rule `id` (the `idx`th of `lang` in `what`,
 * "pattern" or "unless pattern"): the code, or NULL with a diagnostic. */
static pcre2_code *compile_one(const char *text, const char *file,
                               const char *id, const char *lang,
                               const char *what, int idx, pp_diags *diags)
{
    int err;
    PCRE2_SIZE off;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED,
                                     PCRE2_UTF | PCRE2_UCP | PCRE2_CASELESS |
                                         PCRE2_MATCH_INVALID_UTF,
                                     &err, &off, NULL);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof(msg));
        pp_diags_add(diags, PP_SEV_ERROR, file, NULL,
                     "rule '%s': %s %s %d: %s at offset %zu", id, lang, what,
                     idx, (char *)msg, (size_t)off);
        return NULL;
    }
    (void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
    return code;
}

/* Compile the patterns of one rule and the patterns that cancel them;
 * errors name file, rule and language.  The schema bounds both lists
 * (32 patterns and 8 cancelling ones per language). */
static int compile_rule(struct rule *ru, const char *file, pp_diags *diags)
{
    const cJSON *pats = pp_json_get(ru->def, "patterns");
    const cJSON *unless = pp_json_get(ru->def, "unless");
    const char *id = pp_json_get(ru->def, "id")->valuestring;
    int bad = 0, any = 0;
    for (int l = 0; l < NLANG; l++) {
        const cJSON *p;
        int idx = 0;
        cJSON_ArrayForEach(p, pp_json_get(pats, langs[l]))
        {
            pcre2_code *code = compile_one(p->valuestring, file, id, langs[l],
                                           "pattern", ++idx, diags);
            if (!code)
                bad = 1;
            else
                ru->codes[l][ru->ncodes[l]++] = code;
            any |= code != NULL;
        }
        idx = 0;
        cJSON_ArrayForEach(p, pp_json_get(unless, langs[l]))
        {
            pcre2_code *code = compile_one(p->valuestring, file, id, langs[l],
                                           "unless pattern", ++idx, diags);
            if (!code)
                bad = 1;
            else
                ru->unless[ru->nunless++] = code;
        }
    }
    if (!any && !bad) {
        pp_diags_add(diags, PP_SEV_ERROR, file, NULL, "rule '%s': no patterns",
                     id);
        bad = 1;
    }
    return bad ? PP_EINVALID : 0;
}

static int listed(const cJSON *list, const char *value)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list) if (cJSON_IsString(e) &&
                                    !strcmp(e->valuestring, value)) return 1;
    return 0;
}

static const char *field(const cJSON *def, const char *name)
{
    return pp_json_get(def, name)->valuestring;
}

/* What a scan reads of a rule, read once (the schema guarantees the
 * fields). */
static void describe_rule(struct rule *ru)
{
    const cJSON *applies = pp_json_get(ru->def, "applies_to");
    ru->for_claims = listed(applies, "claims");
    ru->for_prose = listed(applies, "prose");
    ru->levels = pp_json_get(ru->def, "levels");
    ru->id = field(ru->def, "id");
    ru->severity = field(ru->def, "severity");
    ru->message = field(ru->def, "message");
    ru->section = field(ru->def, "section");
    ru->modal = cJSON_IsTrue(pp_json_get(ru->def, "modal"));
}

/* Number the patterns, derive their literals and build the automaton.
 * A catalogue whose literals overflow the automaton runs without it. */
static int build_prefilter(pp_rules *r)
{
    size_t np = 0, k = 0;
    int rc = 0;
    for (size_t i = 0; i < r->count; i++) {
        r->rules[i].first = np;
        for (int l = 0; l < NLANG; l++)
            np += r->rules[i].ncodes[l];
    }
    r->npatterns = np;
    r->prefilter = 1;
    r->always = calloc(np ? np : 1, 1);
    if (!r->always || pp_rules_scratch_new(r, &r->space) < 0 ||
        pp_litset_new(&r->lits) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (size_t i = 0; i < r->count; i++) {
        const cJSON *pats = pp_json_get(r->rules[i].def, "patterns");
        for (int l = 0; l < NLANG; l++) {
            const cJSON *p;
            cJSON_ArrayForEach(p, pp_json_get(pats, langs[l]))
            {
                char *lits[PP_LITERALS_MAX];
                size_t n;
                if (pp_literals_of(p->valuestring, lits, PP_LITERALS_MAX, &n) <
                    0)
                    return PP_ENOMEM;
                r->always[k] = n == 0;
                for (size_t j = 0; j < n; j++) {
                    if (rc == 0)
                        rc = pp_litset_add(r->lits, lits[j], strlen(lits[j]),
                                           (unsigned)k);
                    free(lits[j]);
                }
                k++;
            }
        }
    }
    if (rc == PP_ETOOBIG) { /* correct without it, only slower */
        pp_litset_free(r->lits);
        r->lits = NULL;
        pp_error_clear();
        return 0;
    }
    return rc < 0 ? rc : pp_litset_build(r->lits);
}

int pp_rules_load_files(pp_rules **out, const char *const *files, size_t n,
                        pp_diags *diags)
{
    const pp_schema *schema = rules_schema();
    pp_rules *r = calloc(1, sizeof(*r));
    int invalid = 0;

    *out = NULL;
    if (!r)
        return pp_error_set(PP_ENOMEM, "out of memory");
    r->docs = cJSON_CreateArray();
    r->list = cJSON_CreateArray();
    r->mctx = pcre2_match_context_create(NULL);
    r->rules = calloc(PP_RULES_MAX, sizeof(*r->rules));
    if (!schema || !r->docs || !r->list || !r->mctx || !r->rules) {
        pp_rules_free(r);
        return schema ? pp_error_set(PP_ENOMEM, "out of memory") : PP_ERROR;
    }
    pcre2_set_match_limit(r->mctx, PP_RULES_MATCH_LIMIT);
    pcre2_set_depth_limit(r->mctx, PP_RULES_DEPTH_LIMIT);
    for (size_t i = 0; i < n; i++) {
        pp_buf text = PP_BUF_INIT;
        cJSON *doc = NULL;
        const cJSON *ru;
        int rc = pp_io_read_file(&text, files[i], PP_MAX_FILE_BYTES);
        if (rc == 0)
            rc = pp_json_parse(pp_buf_cstr(&text), text.len, files[i], &doc);
        pp_buf_dispose(&text);
        if (rc < 0) {
            pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
            invalid = 1;
            continue;
        }
        if (pp_schema_validate(schema, doc, files[i], diags) != 0) {
            cJSON_Delete(doc);
            invalid = 1;
            continue;
        }
        cJSON_AddItemToArray(r->docs, doc);
        cJSON_ArrayForEach(ru, pp_json_get(doc, "rules"))
        {
            const char *id = pp_json_get(ru, "id")->valuestring;
            cJSON *d;
            for (size_t k = 0; k < r->count; k++)
                if (!strcmp(id,
                            pp_json_get(r->rules[k].def, "id")->valuestring)) {
                    pp_diags_add(diags, PP_SEV_ERROR, files[i], NULL,
                                 "rule '%s' is defined twice", id);
                    invalid = 1;
                }
            if (r->count == PP_RULES_MAX) {
                pp_diags_add(diags, PP_SEV_ERROR, files[i], NULL,
                             "more than %d rules", PP_RULES_MAX);
                invalid = 1;
                break;
            }
            r->rules[r->count].def = ru;
            describe_rule(&r->rules[r->count]);
            if (compile_rule(&r->rules[r->count], files[i], diags) < 0)
                invalid = 1;
            r->count++;
            d = cJSON_Duplicate(ru, 1);
            cJSON_DeleteItemFromObjectCaseSensitive(d, "patterns");
            {
                cJSON *l = cJSON_AddArrayToObject(d, "languages");
                for (int k = 0; k < NLANG; k++)
                    if (pp_json_get(pp_json_get(ru, "patterns"), langs[k]))
                        cJSON_AddItemToArray(l, cJSON_CreateString(langs[k]));
            }
            cJSON_AddStringToObject(d, "file", files[i]);
            cJSON_AddItemToArray(r->list, d);
        }
    }
    if (invalid) {
        pp_rules_free(r);
        return pp_error_set(PP_EINVALID, "the rule catalogue is invalid");
    }
    if (build_prefilter(r) < 0) {
        pp_rules_free(r);
        return PP_ENOMEM;
    }
    *out = r;
    return 0;
}

int pp_rules_load_dir(pp_rules **out, const char *dir, pp_diags *diags)
{
    char **files = NULL;
    size_t n = 0;
    int rc = pp_io_list_dir(dir, ".json", PP_IO_MAX_DIR_FILES, &files, &n);
    *out = NULL;
    if (rc < 0)
        return rc;
    rc = pp_rules_load_files(out, (const char *const *)files, n, diags);
    pp_io_list_free(files, n);
    return rc;
}


/* Does one of the rule's "unless" patterns match `text`?  A pattern that
 * reaches its limit counts as no match and sets *limited. */
static int cancelled_by(const pp_rules *r, pcre2_match_data *md,
                        const struct rule *ru, const char *text, size_t len,
                        int *limited)
{
    for (size_t k = 0; k < ru->nunless; k++) {
        int rc = pcre2_match(ru->unless[k], (PCRE2_SPTR)text, len, 0, 0, md,
                             r->mctx);
        if (rc >= 0)
            return 1;
        if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
            rc == PCRE2_ERROR_JIT_STACKLIMIT)
            *limited = 1;
    }
    return 0;
}

int pp_rules_scan(const pp_rules *r, const char *text, size_t len,
                  const char *where, const char *level, pp_rule_hit *hits,
                  size_t max, size_t *n)
{
    return pp_rules_scan_folded(r, NULL, text, NULL, len, where, level, hits,
                                max, n);
}

int pp_rules_scan_folded(const pp_rules *r, pp_rules_scratch *x,
                         const char *text, const char *folded, size_t len,
                         const char *where, const char *level,
                         pp_rule_hit *hits, size_t max, size_t *n)
{
    int limited = 0, filter = r->prefilter && r->lits;
    int claims = !strcmp(where, "claims"), prose = !strcmp(where, "prose");
    pp_rules_scratch *sp = x ? x : r->space;
    *n = 0;
    if (filter && folded) {
        memset(sp->mark, 0, r->npatterns);
        pp_litset_scan(r->lits, folded, len, sp->mark);
    } else if (filter) {
        pp_buf_clear(&sp->folded);
        if (pp_buf_put(&sp->folded, text, len) < 0) {
            pp_error_clear(); /* run every pattern instead */
            filter = 0;
        } else if (pp_utf8_fold(sp->folded.ptr, len)) {
            filter = 0; /* a letter the folding cannot compare */
        } else {
            memset(sp->mark, 0, r->npatterns);
            pp_litset_scan(r->lits, sp->folded.ptr, len, sp->mark);
        }
    }
    for (size_t i = 0; i < r->count && *n < max; i++) {
        const struct rule *ru = &r->rules[i];
        size_t pno = ru->first;
        int hit = 0;
        if (!(claims ? ru->for_claims : prose ? ru->for_prose : 0))
            continue;
        if (level && cJSON_GetArraySize(ru->levels) > 0 &&
            !listed(ru->levels, level))
            continue;
        for (int l = 0; l < NLANG && !hit; l++) {
            for (size_t k = 0; k < ru->ncodes[l] && !hit; k++) {
                pcre2_match_data *md = sp->md;
                size_t this = pno++;
                int rc;
                if (filter && !r->always[this] && !sp->mark[this])
                    continue; /* none of its literals occurs */
                rc = pcre2_match(ru->codes[l][k], (PCRE2_SPTR)text, len, 0, 0,
                                 md, r->mctx);
                if (rc >= 0) {
                    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
                    size_t start = ov[0], end = ov[1];
                    pp_rule_hit *h;
                    int cancelled =
                        cancelled_by(r, md, ru, text, len, &limited);
                    hit = 1; /* cancelled or not, its first match decides */
                    if (cancelled)
                        continue;
                    h = &hits[(*n)++];
                    h->id = ru->id;
                    h->severity = ru->severity;
                    h->message = ru->message;
                    h->section = ru->section;
                    h->modal = ru->modal;
                    h->lang = langs[l];
                    h->start = start;
                    h->end = end;
                } else if (rc == PCRE2_ERROR_MATCHLIMIT ||
                           rc == PCRE2_ERROR_DEPTHLIMIT ||
                           rc == PCRE2_ERROR_JIT_STACKLIMIT) {
                    limited = 1;
                }
            }
        }
    }
    return limited ? pp_error_set(PP_ETOOBIG, "a rule pattern reached its "
                                              "match limit")
                   : 0;
}

int pp_rules_list_text(pp_buf *out, const pp_rules *r)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, pp_rules_list(r))
    {
        const cJSON *l;
        pp_buf_printf(out, "%s (%s; ", pp_json_get(e, "id")->valuestring,
                      pp_json_get(e, "severity")->valuestring);
        cJSON_ArrayForEach(l, pp_json_get(e, "languages"))
            pp_buf_printf(out, "%s%s", l->valuestring, l->next ? "," : "");
        pp_buf_printf(out, ")\n    %s\n    [%s]\n",
                      pp_json_get(e, "message")->valuestring,
                      pp_json_get(e, "section")->valuestring);
    }
    return pp_buf_printf(out, "%zu rules\n", pp_rules_count(r));
}
