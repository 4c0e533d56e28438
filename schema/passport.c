/*
 * passport.c - loading, validating and writing passports.
 *
 * Validation runs in three stages and stops at the first that fails, so a
 * message never describes a consequence of an earlier error: (1) strict
 * JSON parsing (core/json.c), (2) the published schema, (3) the semantic
 * checks listed in passport.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "passport.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../core/num.h"
#include "fact.h"
#include "figures.h"
#include "../core/banned.h"

/* Generated at build time from schema/passport.schema.json. */
extern const unsigned char pp_schema_text[];
extern const size_t pp_schema_text_len;

struct pp_passport {
    cJSON *doc;       /* owned; valid against the schema */
    const char *id;   /* borrowed from doc */
    const char *name; /* borrowed from doc */
};

/* ------------------------------------------------------------------ */
/* Schema and vocabulary                                              */
/* ------------------------------------------------------------------ */

static pp_schema *schema_singleton;

static void free_schema(void)
{
    pp_schema_free(schema_singleton);
    schema_singleton = NULL;
}

const pp_schema *pp_passport_schema(void)
{
    if (!schema_singleton) {
        if (pp_schema_compile(&schema_singleton, (const char *)pp_schema_text,
                              pp_schema_text_len,
                              "schema/passport.schema.json") < 0)
            return NULL;
        atexit(free_schema);
    }
    return schema_singleton;
}

const cJSON *pp_vocab(void)
{
    const pp_schema *s = pp_passport_schema();
    const cJSON *props, *facts;
    if (!s)
        return NULL;
    props = pp_json_get(pp_schema_document(s), "properties");
    facts = pp_json_get(props, "facts");
    return pp_json_get(facts, "properties");
}

const cJSON *pp_vocab_lookup(const char *name)
{
    const cJSON *v = pp_vocab();
    return v ? pp_json_get(v, name) : NULL;
}

const char *pp_vocab_unit(const char *name)
{
    const cJSON *f = pp_vocab_lookup(name);
    const cJSON *props = pp_json_get(f, "properties");
    const cJSON *unit = pp_json_get(props, "unit");
    const cJSON *c = pp_json_get(unit, "const");
    return cJSON_IsString(c) ? c->valuestring : NULL;
}

/* ------------------------------------------------------------------ */
/* Semantic checks                                                    */
/* ------------------------------------------------------------------ */

struct sem {
    const char *file;
    pp_diags *diags;
    const cJSON *sources;
    pp_buf ptr;
    int errors;
};

__attribute__((format(printf, 3, 4))) static void
sem_error(struct sem *s, const char *pointer, const char *fmt, ...)
{
    pp_buf msg = PP_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    pp_diags_add(s->diags, PP_SEV_ERROR, s->file, pointer, "%s",
                 pp_buf_cstr(&msg));
    pp_buf_dispose(&msg);
    s->errors++;
}

static int source_exists(const cJSON *sources, const char *id)
{
    const cJSON *src;
    cJSON_ArrayForEach(src, sources)
    {
        const cJSON *sid = pp_json_get(src, "id");
        if (cJSON_IsString(sid) && strcmp(sid->valuestring, id) == 0)
            return 1;
    }
    return 0;
}

/* Walk the whole document; every member named "source" that sits in an
 * evidence, support or via object must name a listed source. */
static void check_source_refs(struct sem *s, const cJSON *node)
{
    size_t mark = s->ptr.len;
    int i = 0;
    const cJSON *c;

    for (c = node->child; c; c = c->next, i++) {
        if (cJSON_IsObject(node))
            pp_json_pointer_push(&s->ptr, c->string);
        else
            pp_json_pointer_push_index(&s->ptr, i);
        if (cJSON_IsObject(node) && strcmp(c->string, "source") == 0 &&
            cJSON_IsString(c) && !source_exists(s->sources, c->valuestring))
            sem_error(s, s->ptr.ptr,
                      "unknown source '%s' (expected the id of an entry of "
                      "/sources)",
                      c->valuestring);
        if (cJSON_IsObject(c) || cJSON_IsArray(c))
            check_source_refs(s, c);
        s->ptr.len = mark;
        s->ptr.ptr[mark] = '\0';
    }
}

static void check_unique_ids(struct sem *s, const cJSON *list,
                             const char *where)
{
    int i = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, list)
    {
        const cJSON *ida = pp_json_get(a, "id");
        int j = 0;
        const cJSON *b;
        cJSON_ArrayForEach(b, list)
        {
            const cJSON *idb = pp_json_get(b, "id");
            if (j >= i)
                break;
            if (cJSON_IsString(ida) && cJSON_IsString(idb) &&
                strcmp(ida->valuestring, idb->valuestring) == 0) {
                char ptr[64];
                snprintf(ptr, sizeof(ptr), "/%s/%d/id", where, i);
                sem_error(s, ptr, "duplicate id '%s' (also at /%s/%d)",
                          ida->valuestring, where, j);
                break;
            }
            j++;
        }
        i++;
    }
}

static int fact_number(const cJSON *facts, const char *name, double *out)
{
    const cJSON *f = pp_json_get(facts, name);
    const cJSON *v = pp_json_get(f, "value");
    if (!cJSON_IsNumber(v))
        return 0;
    *out = v->valuedouble;
    return 1;
}

static void check_not_above(struct sem *s, const cJSON *facts,
                            const char *small, const char *big)
{
    double a, b;
    if (fact_number(facts, small, &a) && fact_number(facts, big, &b) && a > b) {
        char ptr[96], x[32], y[32];
        snprintf(ptr, sizeof(ptr), "/facts/%s/value", small);
        pp_num_canonical(a, x);
        pp_num_canonical(b, y);
        sem_error(s, ptr, "%s (%s) exceeds %s (%s): expected %s <= %s", small,
                  x, big, y, small, big);
    }
}

/* Is fact `name` an exact figure ("=")?  "> 0" ("some spikes") bounds
 * nothing from above. */
static int fact_exact(const cJSON *facts, const char *name)
{
    const cJSON *q = pp_json_get(pp_json_get(facts, name), "qualifier");
    return cJSON_IsString(q) && !strcmp(q->valuestring, "=");
}

static int days_in_month(int y, int m)
{
    static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return d[m - 1];
}

static void check_date(struct sem *s, const char *ptr, const char *date)
{
    int y = 0, m = 0, d = 0;
    size_t n = strlen(date);
    /* The schema guarantees YYYY, YYYY-MM or YYYY-MM-DD digits. */
    for (int i = 0; i < 4; i++)
        y = y * 10 + (date[i] - '0');
    if (n >= 7)
        m = (date[5] - '0') * 10 + (date[6] - '0');
    if (n >= 10)
        d = (date[8] - '0') * 10 + (date[9] - '0');
    if (y < 1900 || (n >= 7 && (m < 1 || m > 12)) ||
        (n >= 10 && (d < 1 || d > days_in_month(y, m))))
        sem_error(s, ptr, "'%s' is not a calendar date", date);
}

static void check_dates(struct sem *s, const cJSON *doc)
{
    const cJSON *dates = pp_json_get(doc, "dates");
    const cJSON *sources = pp_json_get(doc, "sources");
    const cJSON *c;
    int i = 0;
    char ptr[96];

    cJSON_ArrayForEach(c, dates)
    {
        snprintf(ptr, sizeof(ptr), "/dates/%s", c->string);
        check_date(s, ptr, c->valuestring);
    }
    cJSON_ArrayForEach(c, sources)
    {
        const cJSON *d = pp_json_get(c, "date");
        if (cJSON_IsString(d)) {
            snprintf(ptr, sizeof(ptr), "/sources/%d/date", i);
            check_date(s, ptr, d->valuestring);
        }
        d = pp_json_get(pp_json_get(c, "pin"), "date");
        if (cJSON_IsString(d)) {
            snprintf(ptr, sizeof(ptr), "/sources/%d/pin/date", i);
            check_date(s, ptr, d->valuestring);
        }
        i++;
    }
}

static void check_vocab_refs(struct sem *s, const cJSON *doc)
{
    const cJSON *unknowns = pp_json_get(doc, "unknowns");
    const cJSON *claims = pp_json_get(doc, "claims");
    const cJSON *bounds = pp_json_get(doc, "boundaries");
    const cJSON *u;
    int i = 0;
    char ptr[96];

    cJSON_ArrayForEach(u, unknowns)
    {
        const cJSON *f = pp_json_get(u, "fact");
        if (cJSON_IsString(f) && !pp_vocab_lookup(f->valuestring)) {
            snprintf(ptr, sizeof(ptr), "/unknowns/%d/fact", i);
            sem_error(s, ptr, "'%s' is not a fact of the vocabulary",
                      f->valuestring);
        }
        i++;
    }
    i = 0;
    cJSON_ArrayForEach(u, bounds)
    {
        const cJSON *about = pp_json_get(u, "about");
        int found = 0;
        const cJSON *c;
        if (cJSON_IsString(about)) {
            found = pp_vocab_lookup(about->valuestring) != NULL;
            cJSON_ArrayForEach(c, claims)
            {
                const cJSON *id = pp_json_get(c, "id");
                if (cJSON_IsString(id) &&
                    strcmp(id->valuestring, about->valuestring) == 0)
                    found = 1;
            }
            if (!found) {
                snprintf(ptr, sizeof(ptr), "/boundaries/%d/about", i);
                sem_error(s, ptr,
                          "'%s' is neither a claim id of this passport "
                          "nor a fact of the vocabulary",
                          about->valuestring);
            }
        }
        i++;
    }
}

/* Every number a claim's text writes must be one of the claim's
 * quantities, at the precision the text writes it (figures.h says which
 * numbers are no figures): a figure only in prose is no data, and nothing
 * could check it. */
static int check_claim_figures(struct sem *s, const cJSON *doc)
{
    const char *names[34];
    size_t nnames = 0;
    const cJSON *c, *a;
    int i = 0;

    names[nnames++] = pp_json_str(doc, "name", NULL);
    cJSON_ArrayForEach(a, pp_json_get(doc, "aliases"))
    {
        if (nnames < sizeof(names) / sizeof(names[0]) && cJSON_IsString(a))
            names[nnames++] = a->valuestring;
    }
    cJSON_ArrayForEach(c, pp_json_get(doc, "claims"))
    {
        pp_figure figs[PP_FIGURES_MAX];
        const char *text = pp_json_str(c, "text", "");
        const cJSON *qs = pp_json_get(c, "quantities");
        int n = pp_figures_scan(text, names, nnames, figs, PP_FIGURES_MAX);
        if (n < 0)
            return n;
        for (int k = 0; k < n; k++) {
            const cJSON *q;
            int found = 0;
            char ptr[96];
            cJSON_ArrayForEach(q, qs)
            {
                pp_fact_num v;
                if (pp_fact_number_of(q, &v) &&
                    pp_figure_matches(&figs[k], v.value))
                    found = 1;
            }
            if (found)
                continue;
            snprintf(ptr, sizeof(ptr), "/claims/%d/text", i);
            sem_error(s, ptr,
                      "passport %s, claim '%s': the number '%.*s' in its "
                      "text is no quantity of the claim (expected a member "
                      "of /claims/%d/quantities with that value, in base "
                      "units)",
                      pp_json_str(doc, "id", ""), pp_json_str(c, "id", ""),
                      (int)figs[k].len, text + figs[k].at, i);
        }
        i++;
    }
    return 0;
}

/* The format of a document the schema accepted: 1 or 2. */
static int format_of(const cJSON *doc)
{
    const cJSON *f = pp_json_get(doc, "format");
    return cJSON_IsNumber(f) && f->valuedouble >= 2 ? 2 : 1;
}

static int check_semantics(const cJSON *doc, const char *file,
                           const char *expect_id, pp_diags *diags)
{
    struct sem s = {0};
    const cJSON *id = pp_json_get(doc, "id");
    const cJSON *facts = pp_json_get(doc, "facts");
    const cJSON *aliases = pp_json_get(doc, "aliases");
    const cJSON *a;
    int i = 0;

    s.file = file;
    s.diags = diags;
    s.sources = pp_json_get(doc, "sources");

    if (expect_id && strcmp(id->valuestring, expect_id) != 0)
        sem_error(&s, "/id",
                  "id '%s' does not match the file name: expected '%s' "
                  "(a passport is stored as <id>.json)",
                  id->valuestring, expect_id);
    check_unique_ids(&s, s.sources, "sources");
    check_unique_ids(&s, pp_json_get(doc, "claims"), "claims");
    check_unique_ids(&s, pp_json_get(doc, "unknowns"), "unknowns");
    check_unique_ids(&s, pp_json_get(doc, "boundaries"), "boundaries");
    if (pp_buf_grow(&s.ptr, 128) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    check_source_refs(&s, doc);
    pp_buf_dispose(&s.ptr);
    check_not_above(&s, facts, "params.active", "params.total");
    check_not_above(&s, facts, "params.active_non_embedding",
                    "params.total_non_embedding");
    check_not_above(&s, facts, "params.total_non_embedding", "params.total");
    check_not_above(&s, facts, "params.active_non_embedding", "params.active");
    check_not_above(&s, facts, "experts.active", "experts.routed");
    check_not_above(&s, facts, "compute.gpu_hours_pretraining",
                    "compute.gpu_hours");
    if (fact_exact(facts, "stability.loss_spikes"))
        check_not_above(&s, facts, "stability.irrecoverable_loss_spikes",
                        "stability.loss_spikes");
    check_dates(&s, doc);
    check_vocab_refs(&s, doc);
    if (format_of(doc) >= 2 && check_claim_figures(&s, doc) < 0)
        return PP_ENOMEM;
    cJSON_ArrayForEach(a, aliases)
    {
        pp_buf n = PP_BUF_INIT;
        if (pp_name_normalize(a->valuestring, &n) < 0)
            return pp_error_set(PP_ENOMEM, "out of memory");
        if (n.len == 0) {
            char ptr[64];
            snprintf(ptr, sizeof(ptr), "/aliases/%d", i);
            sem_error(&s, ptr, "alias '%s' has no letters or digits",
                      a->valuestring);
        }
        pp_buf_dispose(&n);
        i++;
    }
    return s.errors;
}

/* ------------------------------------------------------------------ */
/* Loading                                                            */
/* ------------------------------------------------------------------ */

int pp_passport_load_buffer(pp_passport **out, const char *data, size_t len,
                            const char *name, const char *expect_id,
                            pp_diags *diags)
{
    const pp_schema *schema = pp_passport_schema();
    cJSON *doc = NULL;
    pp_passport *p;
    int rc;

    *out = NULL;
    if (!schema)
        return PP_ERROR;
    if ((rc = pp_json_parse(data, len, name, &doc)) < 0) {
        if (rc == PP_EINVALID)
            pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
        return rc;
    }
    if (!cJSON_IsObject(doc)) {
        pp_diags_add(diags, PP_SEV_ERROR, name, "",
                     "expected a JSON object, got %s", pp_json_type_name(doc));
        cJSON_Delete(doc);
        return PP_EINVALID;
    }
    rc = pp_schema_validate(schema, doc, name, diags);
    if (rc == 0)
        rc = check_semantics(doc, name, expect_id, diags);
    if (rc != 0) {
        cJSON_Delete(doc);
        return rc < 0 ? rc : PP_EINVALID;
    }
    p = calloc(1, sizeof(*p));
    if (!p) {
        cJSON_Delete(doc);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    p->doc = doc;
    p->id = pp_json_get(doc, "id")->valuestring;
    p->name = pp_json_get(doc, "name")->valuestring;
    *out = p;
    return 0;
}

char *pp_passport_expected_id(const char *path)
{
    const char *base = strrchr(path, '/');
    size_t n;
    base = base ? base + 1 : path;
    n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".json") == 0)
        return strndup(base, n - 5);
    return strdup("");
}

int pp_passport_load_file(pp_passport **out, const char *path, pp_diags *diags)
{
    pp_buf data = PP_BUF_INIT;
    char *expect = NULL;
    int rc;

    *out = NULL;
    if ((rc = pp_io_read_file(&data, path, PP_MAX_FILE_BYTES)) < 0)
        goto done;
    expect = strcmp(path, "-") == 0 ? NULL : pp_passport_expected_id(path);
    rc = pp_passport_load_buffer(out, data.ptr ? data.ptr : "", data.len,
                                 strcmp(path, "-") == 0 ? "<stdin>" : path,
                                 expect, diags);
done:
    free(expect);
    pp_buf_dispose(&data);
    return rc;
}

void pp_passport_free(pp_passport *p)
{
    if (!p)
        return;
    cJSON_Delete(p->doc);
    free(p);
}

const char *pp_passport_id(const pp_passport *p)
{
    return p->id;
}
const char *pp_passport_name(const pp_passport *p)
{
    return p->name;
}
int pp_passport_format(const pp_passport *p)
{
    return format_of(p->doc);
}
const cJSON *pp_passport_json(const pp_passport *p)
{
    return p->doc;
}

int pp_passport_source_pin(const cJSON *doc, const char *source_id,
                           pp_source_pin *out)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, pp_json_get(doc, "sources"))
    {
        const cJSON *pin = pp_json_get(s, "pin");
        if (strcmp(pp_json_str(s, "id", ""), source_id) != 0)
            continue;
        out->sha256 = pp_json_str(pin, "sha256", NULL);
        out->date = pp_json_str(pin, "date", NULL);
        return out->sha256 && out->date;
    }
    return 0;
}

/* The first object under `node` that rests on a lead (see
 * pp_passport_lead_evidence); `ptr` holds the pointer of `node`. */
static int lead_walk(const cJSON *doc, const cJSON *node, pp_buf *ptr,
                     const char **source, int depth)
{
    const char *prov = pp_json_str(node, "provenance", NULL);
    const char *sid = pp_json_str(node, "source", NULL);
    const cJSON *ch, *s;
    int i = 0;
    if (prov && sid) {
        int lead = !strcmp(prov, "lead");
        cJSON_ArrayForEach(s, pp_json_get(doc, "sources"))
        {
            if (!strcmp(pp_json_str(s, "id", ""), sid) &&
                !strcmp(pp_json_str(s, "priority", ""), "lead"))
                lead = 1;
        }
        if (lead) {
            *source = sid;
            return 1;
        }
    }
    if ((!cJSON_IsObject(node) && !cJSON_IsArray(node)) ||
        depth > PP_JSON_MAX_DEPTH)
        return 0;
    for (ch = node->child; ch; ch = ch->next, i++) {
        size_t len = ptr->len;
        int rc = cJSON_IsArray(node) ? pp_json_pointer_push_index(ptr, i)
                                     : pp_json_pointer_push(ptr, ch->string);
        if (rc < 0 || (rc = lead_walk(doc, ch, ptr, source, depth + 1)) != 0)
            return rc;
        ptr->len = len;
        ptr->ptr[len] = '\0';
    }
    return 0;
}

int pp_passport_lead_evidence(const cJSON *doc, pp_buf *ptr,
                              const char **source)
{
    size_t len = ptr->len;
    int rc;
    if (pp_buf_puts(ptr, "") < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    rc = lead_walk(doc, doc, ptr, source, 0);
    if (rc <= 0) {
        ptr->len = len;
        ptr->ptr[len] = '\0';
    }
    return rc;
}

const cJSON *pp_passport_fact(const pp_passport *p, const char *fact)
{
    const cJSON *facts = pp_json_get(p->doc, "facts");
    return pp_json_get(facts, fact);
}

/* ------------------------------------------------------------------ */
/* Names                                                              */
/* ------------------------------------------------------------------ */

int pp_name_normalize(const char *in, pp_buf *out)
{
    pp_buf_clear(out);
    if (pp_buf_grow(out, strlen(in)) < 0)
        return PP_ENOMEM;
    for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
        if (*p >= 0x80 || isdigit(*p))
            pp_buf_putc(out, (char)*p);
        else if (isalpha(*p))
            pp_buf_putc(out, (char)tolower(*p));
    }
    return 0;
}

int pp_passport_answers_to(const pp_passport *p, const char *query)
{
    pp_buf q = PP_BUF_INIT, n = PP_BUF_INIT;
    const cJSON *aliases = pp_json_get(p->doc, "aliases");
    const cJSON *a;
    int hit = 0;

    pp_name_normalize(query, &q);
    if (q.len == 0)
        goto done;
    pp_name_normalize(p->id, &n);
    hit = strcmp(q.ptr, pp_buf_cstr(&n)) == 0;
    if (!hit) {
        pp_name_normalize(p->name, &n);
        hit = strcmp(q.ptr, pp_buf_cstr(&n)) == 0;
    }
    cJSON_ArrayForEach(a, aliases)
    {
        if (hit)
            break;
        pp_name_normalize(a->valuestring, &n);
        hit = strcmp(q.ptr, pp_buf_cstr(&n)) == 0;
    }
done:
    pp_buf_dispose(&q);
    pp_buf_dispose(&n);
    return hit;
}

/* ------------------------------------------------------------------ */
/* Canonical form                                                     */
/* ------------------------------------------------------------------ */

/* Key order of canonical files: identity first, evidence last, the rest
 * in reading order.  Keys not listed (fact names, role names, hyper-
 * parameter names) sort by name after the listed ones. */
static const char *const key_order[] = {
    "passport",
    "format",
    "id",
    "name",
    "aliases",
    "developer",
    "kind",
    "family",
    "summary",
    "dates",
    "sources",
    "facts",
    "precision",
    "optimizer",
    "stability",
    "claims",
    "unknowns",
    "boundaries",
    /* dates */
    "announced",
    "report",
    "weights",
    "evaluated",
    "as_of",
    /* sources */
    "priority",
    "title",
    "url",
    "arxiv",
    "date",
    "pin",
    "sha256",
    /* claims, unknowns, boundaries, headline */
    "text",
    "fact",
    "about",
    "not",
    "hypothesis",
    "scope",
    /* facts */
    "value",
    "unit",
    "qualifier",
    "sig_digits",
    "reported",
    "basis",
    "measures",
    "relative_to",
    "condition",
    "status",
    /* evidence */
    "source",
    "section",
    "quote",
    "level",
    "provenance",
    "via",
    /* precision */
    "headline",
    "roles",
    "formats",
    "stage",
    "scaling",
    "operand",
    "granularity",
    "shape",
    "block_size",
    "scale_format",
    "axis",
    "promotion_interval",
    "accumulator_bits",
    "rounding",
    /* optimizer, stability */
    "groups",
    "params",
    "hyper",
    "mechanisms",
    "events",
    "at_tokens",
    "detail",
    "cause",
    "resolution",
    "quantities",
    "supports",
    "note",
    "evidence",
};

#define NKEYS (sizeof(key_order) / sizeof(key_order[0]))

struct ranked {
    const char *key;
    int rank;
};

static int cmp_ranked(const void *a, const void *b)
{
    return strcmp(((const struct ranked *)a)->key,
                  ((const struct ranked *)b)->key);
}

/* A sorted copy of key_order, built once, for binary search: writing
 * canonical JSON ranks every key of every object. */
static int key_rank(const char *key)
{
    static struct ranked sorted[NKEYS];
    static int ready;
    struct ranked probe = {key, 0}, *hit;

    if (!ready) {
        for (size_t i = 0; i < NKEYS; i++) {
            sorted[i].key = key_order[i];
            sorted[i].rank = (int)i;
        }
        qsort(sorted, NKEYS, sizeof(sorted[0]), cmp_ranked);
        ready = 1;
    }
    hit = bsearch(&probe, sorted, NKEYS, sizeof(sorted[0]), cmp_ranked);
    return hit ? hit->rank : 1000;
}

int pp_passport_canonical(const cJSON *doc, pp_buf *out)
{
    return pp_json_write_canonical(out, doc, key_rank);
}

int pp_passport_compact(const cJSON *doc, pp_buf *out)
{
    return pp_json_write_compact(out, doc, key_rank);
}
