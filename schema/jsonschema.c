/*
 * jsonschema.c - interpreter for a subset of JSON Schema 2020-12.
 *
 * Validation walks the instance and the schema together, keeping the
 * instance's JSON pointer.  Errors are recorded only at the outermost
 * level; inside anyOf/oneOf/not/if the walk runs "quiet" and only answers
 * whether the branch matched.  A branch's `description` is used as the
 * reason when something inside it fails ("an undisclosed fact has no
 * value"), which keeps messages specific without non-standard keywords.
 */
#define _POSIX_C_SOURCE 200809L
#include "jsonschema.h"

#define PCRE2_CODE_UNIT_WIDTH 8
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
#include "../core/banned.h"

#define MAX_PATTERNS 64
/* Bound on a chain of $refs applied to one value (a schema that refers to
 * itself without descending, {"$ref": "#"}, would never end); descending
 * into an item or a member starts a new chain, and the instance's own
 * depth is bounded by the parser (PP_JSON_MAX_DEPTH). */
#define MAX_REF_CHAIN 32
#define MATCH_LIMIT 100000

struct compiled_pattern {
    const cJSON *node; /* the "pattern" member it was compiled from */
    pcre2_code *code;  /* owned */
};

struct pp_schema {
    cJSON *doc; /* owned */
    struct compiled_pattern patterns[MAX_PATTERNS];
    size_t npatterns;
    pcre2_match_context *mctx; /* owned */
};

/* ------------------------------------------------------------------ */
/* Compilation: check keywords, compile patterns, resolve $refs       */
/* ------------------------------------------------------------------ */

enum kw_kind {
    KW_ANNOTATION,
    KW_VALUE,
    KW_SCHEMA,
    KW_SCHEMA_MAP,
    KW_SCHEMA_LIST
};

static const struct {
    const char *name;
    enum kw_kind kind;
} keywords[] = {
    {"$schema", KW_ANNOTATION},
    {"$id", KW_ANNOTATION},
    {"$comment", KW_ANNOTATION},
    {"title", KW_ANNOTATION},
    {"description", KW_ANNOTATION},
    {"default", KW_ANNOTATION},
    {"examples", KW_ANNOTATION},
    {"type", KW_VALUE},
    {"enum", KW_VALUE},
    {"const", KW_VALUE},
    {"required", KW_VALUE},
    {"minItems", KW_VALUE},
    {"maxItems", KW_VALUE},
    {"uniqueItems", KW_VALUE},
    {"minLength", KW_VALUE},
    {"maxLength", KW_VALUE},
    {"pattern", KW_VALUE},
    {"minimum", KW_VALUE},
    {"maximum", KW_VALUE},
    {"exclusiveMinimum", KW_VALUE},
    {"exclusiveMaximum", KW_VALUE},
    {"maxProperties", KW_VALUE},
    {"$ref", KW_VALUE},
    {"properties", KW_SCHEMA_MAP},
    {"$defs", KW_SCHEMA_MAP},
    {"additionalProperties", KW_SCHEMA},
    {"propertyNames", KW_SCHEMA},
    {"items", KW_SCHEMA},
    {"not", KW_SCHEMA},
    {"if", KW_SCHEMA},
    {"then", KW_SCHEMA},
    {"else", KW_SCHEMA},
    {"allOf", KW_SCHEMA_LIST},
    {"anyOf", KW_SCHEMA_LIST},
    {"oneOf", KW_SCHEMA_LIST},
};

static int kw_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
        if (strcmp(keywords[i].name, name) == 0)
            return (int)i;
    return -1;
}

static const cJSON *resolve_ref(const cJSON *root, const char *ref)
{
    const cJSON *defs;
    if (strcmp(ref, "#") == 0)
        return root;
    if (strncmp(ref, "#/$defs/", 8) != 0)
        return NULL;
    defs = pp_json_get(root, "$defs");
    return defs ? pp_json_get(defs, ref + 8) : NULL;
}

/* ECMA-262's white space and line terminators, which its \\s matches. */
#define ECMA_SPACE                                                             \
    "\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}"           \
    "\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}"

/* A JSON Schema pattern is an ECMA-262 regular expression, whose \\d and
 * \\w are ASCII, whose \\s is Unicode white space, whose `.` stops at any
 * line terminator and whose `$` is the end of the string (not before a
 * final newline, as in PCRE2).  Rewrite those into PCRE2 that means the
 * same (compiled with PCRE2_DOLLAR_ENDONLY); a negated class escape inside
 * a class ([\\S]) has no PCRE2 spelling and is refused. */
static int ecma_to_pcre2(const char *src, pp_buf *out, const char **bad)
{
    int in_class = 0;
    for (const char *p = src; *p; p++) {
        if (*p == '\\' && p[1]) {
            const char *rep = NULL;
            p++;
            switch (*p) {
            case 'd': rep = in_class ? "0-9" : "[0-9]"; break;
            case 'w': rep = in_class ? "A-Za-z0-9_" : "[A-Za-z0-9_]"; break;
            case 's': rep = in_class ? ECMA_SPACE : "[" ECMA_SPACE "]"; break;
            case 'D': rep = "[^0-9]"; break;
            case 'W': rep = "[^A-Za-z0-9_]"; break;
            case 'S': rep = "[^" ECMA_SPACE "]"; break;
            }
            if (rep && in_class && strchr("DWS", *p)) {
                *bad = p - 1;
                return PP_EINVALID;
            }
            if (rep)
                pp_buf_puts(out, rep);
            else {
                pp_buf_putc(out, '\\');
                pp_buf_putc(out, *p);
            }
            continue;
        }
        if (!in_class && *p == '.') {
            pp_buf_puts(out, "[^\\n\\r\\x{2028}\\x{2029}]");
            continue;
        }
        if (!in_class && *p == '[') {
            /* ECMA's [] matches nothing and [^] anything; in PCRE2 a ']'
             * right after the bracket would be a literal */
            if (p[1] == ']') {
                pp_buf_puts(out, "(?!)");
                p++;
            } else if (p[1] == '^' && p[2] == ']') {
                pp_buf_puts(out, "[\\x{0}-\\x{10FFFF}]");
                p += 2;
            } else {
                in_class = 1;
                pp_buf_putc(out, *p);
                if (p[1] == '^')
                    pp_buf_putc(out, *++p);
            }
            continue;
        }
        if (in_class && *p == ']')
            in_class = 0;
        pp_buf_putc(out, *p);
    }
    return 0;
}

static int add_pattern(pp_schema *s, const cJSON *node, const char *name,
                       const char *ptr)
{
    int err;
    PCRE2_SIZE off;
    pcre2_code *code;
    pp_buf pcre = PP_BUF_INIT;
    const char *bad = NULL;

    if (!cJSON_IsString(node))
        return pp_error_set(PP_EINVALID, "%s: %s: pattern must be a string",
                            name, ptr);
    if (s->npatterns == MAX_PATTERNS)
        return pp_error_set(PP_EINVALID, "%s: more than %d patterns", name,
                            MAX_PATTERNS);
    if (ecma_to_pcre2(node->valuestring, &pcre, &bad) < 0) {
        pp_buf_dispose(&pcre);
        return pp_error_set(PP_EINVALID,
                            "%s: %s: unsupported pattern: %.2s "
                            "inside a character class",
                            name, ptr, bad);
    }
    code = pcre2_compile((PCRE2_SPTR)pp_buf_cstr(&pcre), PCRE2_ZERO_TERMINATED,
                         PCRE2_UTF | PCRE2_DOLLAR_ENDONLY, &err, &off, NULL);
    pp_buf_dispose(&pcre);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof(msg));
        return pp_error_set(PP_EINVALID,
                            "%s: %s: bad pattern at offset %zu: "
                            "%s",
                            name, ptr, (size_t)off, (char *)msg);
    }
    /* JIT is an optimisation: fall back to the interpreter if absent. */
    (void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
    s->patterns[s->npatterns].node = node;
    s->patterns[s->npatterns].code = code;
    s->npatterns++;
    return 0;
}

/* Keywords whose value is a count of items, characters or fields. */
static int is_count_keyword(const char *kw)
{
    static const char *const counts[] = {"minItems", "maxItems", "minLength",
                                         "maxLength", "maxProperties"};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (strcmp(counts[i], kw) == 0)
            return 1;
    return 0;
}

/* A non-negative integer (2.0 is one); compared as a double, never cast,
 * so 1e10 is a bound like any other. */
static int is_count(const cJSON *n)
{
    return cJSON_IsNumber(n) && isfinite(n->valuedouble) &&
           n->valuedouble >= 0 && floor(n->valuedouble) == n->valuedouble;
}

static int check_schema(pp_schema *s, const cJSON *node, pp_buf *ptr,
                        const char *name)
{
    size_t mark = ptr->len;
    int rc = 0;

    if (cJSON_IsBool(node))
        return 0;
    if (!cJSON_IsObject(node))
        return pp_error_set(PP_EINVALID,
                            "%s: %s: a schema must be an object "
                            "or a boolean",
                            name, ptr->len ? ptr->ptr : "/");
    for (const cJSON *kw = node->child; kw && rc == 0; kw = kw->next) {
        int k = kw_lookup(kw->string);
        if (pp_json_pointer_push(ptr, kw->string) < 0)
            return PP_ENOMEM;
        if (k < 0) {
            rc = pp_error_set(PP_EINVALID, "%s: %s: unsupported keyword '%s'",
                              name, ptr->ptr, kw->string);
            break;
        }
        switch (keywords[k].kind) {
        case KW_SCHEMA: rc = check_schema(s, kw, ptr, name); break;
        case KW_SCHEMA_MAP:
            if (!cJSON_IsObject(kw)) {
                rc = pp_error_set(PP_EINVALID, "%s: %s: expected an object",
                                  name, ptr->ptr);
                break;
            }
            for (const cJSON *c = kw->child; c && rc == 0; c = c->next) {
                size_t m2 = ptr->len;
                if (pp_json_pointer_push(ptr, c->string) < 0)
                    return PP_ENOMEM;
                rc = check_schema(s, c, ptr, name);
                ptr->len = m2;
                ptr->ptr[m2] = '\0';
            }
            break;
        case KW_SCHEMA_LIST:
            if (!cJSON_IsArray(kw) || !kw->child) {
                rc = pp_error_set(PP_EINVALID,
                                  "%s: %s: expected a non-empty "
                                  "array of schemas",
                                  name, ptr->ptr);
                break;
            }
            {
                int i = 0;
                for (const cJSON *c = kw->child; c && rc == 0; c = c->next) {
                    size_t m2 = ptr->len;
                    pp_json_pointer_push_index(ptr, i++);
                    rc = check_schema(s, c, ptr, name);
                    ptr->len = m2;
                    ptr->ptr[m2] = '\0';
                }
            }
            break;
        case KW_VALUE:
            if (strcmp(kw->string, "pattern") == 0)
                rc = add_pattern(s, kw, name, ptr->ptr);
            else if (strcmp(kw->string, "$ref") == 0 &&
                     (!cJSON_IsString(kw) ||
                      !resolve_ref(s->doc, kw->valuestring)))
                rc = pp_error_set(PP_EINVALID,
                                  "%s: %s: unresolvable $ref "
                                  "(only \"#\" and \"#/$defs/NAME\" are "
                                  "supported)",
                                  name, ptr->ptr);
            else if (strcmp(kw->string, "required") == 0 && !cJSON_IsArray(kw))
                rc = pp_error_set(PP_EINVALID, "%s: %s: expected an array",
                                  name, ptr->ptr);
            else if (is_count_keyword(kw->string) && !is_count(kw))
                rc = pp_error_set(PP_EINVALID,
                                  "%s: %s: expected a "
                                  "non-negative integer",
                                  name, ptr->ptr);
            break;
        case KW_ANNOTATION: break;
        }
        ptr->len = mark;
        ptr->ptr[mark] = '\0';
    }
    return rc;
}

int pp_schema_compile(pp_schema **out, const char *text, size_t len,
                      const char *name)
{
    pp_schema *s;
    pp_buf ptr = PP_BUF_INIT;
    int rc;

    *out = NULL;
    s = calloc(1, sizeof(*s));
    if (!s)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if ((rc = pp_json_parse(text, len, name, &s->doc)) < 0)
        goto fail;
    s->mctx = pcre2_match_context_create(NULL);
    if (!s->mctx) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto fail;
    }
    pcre2_set_match_limit(s->mctx, MATCH_LIMIT);
    if ((rc = pp_buf_grow(&ptr, 64)) < 0)
        goto fail;
    if ((rc = check_schema(s, s->doc, &ptr, name)) < 0)
        goto fail;
    pp_buf_dispose(&ptr);
    *out = s;
    return 0;
fail:
    pp_buf_dispose(&ptr);
    pp_schema_free(s);
    return rc;
}

void pp_schema_free(pp_schema *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->npatterns; i++)
        pcre2_code_free(s->patterns[i].code);
    pcre2_match_context_free(s->mctx);
    cJSON_Delete(s->doc);
    free(s);
}

const cJSON *pp_schema_document(const pp_schema *s)
{
    return s->doc;
}

/* ------------------------------------------------------------------ */
/* Validation                                                         */
/* ------------------------------------------------------------------ */

struct vctx {
    const pp_schema *s;
    const char *file;
    pp_diags *diags;
    pp_buf ptr;         /* JSON pointer of the current instance */
    int quiet;          /* > 0 inside anyOf/oneOf/not/if: record nothing */
    const char *reason; /* description of the innermost then/else branch */
    int depth;          /* $refs followed on the current value */
    int nomem;
};

static int validate(struct vctx *v, const cJSON *schema, const cJSON *inst);

__attribute__((format(printf, 3, 4))) static void
report(struct vctx *v, const char *child, const char *fmt, ...)
{
    pp_buf msg = PP_BUF_INIT;
    size_t mark = v->ptr.len;
    va_list ap;

    if (v->quiet)
        return;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    if (v->reason)
        pp_buf_printf(&msg, " (%s)", v->reason);
    if (child)
        pp_json_pointer_push(&v->ptr, child);
    /* Two applicators can reach one value (a $ref and a sibling
     * "properties"); say each problem once. */
    for (size_t i = 0; i < v->diags->count; i++) {
        const pp_diag *d = &v->diags->items[i];
        if (strcmp(d->pointer, pp_buf_cstr(&v->ptr)) == 0 &&
            strcmp(d->message, pp_buf_cstr(&msg)) == 0)
            goto done;
    }
    if (pp_diags_add(v->diags, PP_SEV_ERROR, v->file,
                     v->ptr.len ? v->ptr.ptr : "", "%s", pp_buf_cstr(&msg)) < 0)
        v->nomem = 1;
done:
    v->ptr.len = mark;
    if (v->ptr.ptr)
        v->ptr.ptr[mark] = '\0';
    pp_buf_dispose(&msg);
}

static int is_integer(const cJSON *n)
{
    return cJSON_IsNumber(n) && isfinite(n->valuedouble) &&
           floor(n->valuedouble) == n->valuedouble;
}

static int type_matches(const char *t, const cJSON *inst)
{
    if (strcmp(t, "object") == 0)
        return cJSON_IsObject(inst);
    if (strcmp(t, "array") == 0)
        return cJSON_IsArray(inst);
    if (strcmp(t, "string") == 0)
        return cJSON_IsString(inst);
    if (strcmp(t, "number") == 0)
        return cJSON_IsNumber(inst);
    if (strcmp(t, "integer") == 0)
        return is_integer(inst);
    if (strcmp(t, "boolean") == 0)
        return cJSON_IsBool(inst);
    if (strcmp(t, "null") == 0)
        return cJSON_IsNull(inst);
    return 0;
}

/* JSON equality as JSON Schema defines it (1 == 1.0, key order free). */
static int json_equal(const cJSON *a, const cJSON *b)
{
    if (cJSON_IsNumber(a) && cJSON_IsNumber(b))
        return a->valuedouble == b->valuedouble;
    if ((a->type & 0xFF) != (b->type & 0xFF))
        return 0;
    if (cJSON_IsString(a))
        return strcmp(a->valuestring, b->valuestring) == 0;
    if (cJSON_IsArray(a)) {
        const cJSON *x = a->child, *y = b->child;
        for (; x && y; x = x->next, y = y->next)
            if (!json_equal(x, y))
                return 0;
        return !x && !y;
    }
    if (cJSON_IsObject(a)) {
        int na = cJSON_GetArraySize(a), nb = cJSON_GetArraySize(b);
        if (na != nb)
            return 0;
        for (const cJSON *x = a->child; x; x = x->next) {
            const cJSON *y = pp_json_get(b, x->string);
            if (!y || !json_equal(x, y))
                return 0;
        }
        return 1;
    }
    return 1; /* true, false, null */
}

static void describe(pp_buf *out, const cJSON *n)
{
    char num[32];
    if (cJSON_IsString(n)) {
        pp_buf_putc(out, '\'');
        pp_buf_puts(out, n->valuestring);
        pp_buf_putc(out, '\'');
    } else if (cJSON_IsNumber(n)) {
        pp_num_canonical(n->valuedouble, num);
        pp_buf_puts(out, num);
    } else if (cJSON_IsTrue(n)) {
        pp_buf_puts(out, "true");
    } else if (cJSON_IsFalse(n)) {
        pp_buf_puts(out, "false");
    } else if (cJSON_IsNull(n)) {
        pp_buf_puts(out, "null");
    } else {
        pp_buf_puts(out, pp_json_type_name(n));
    }
}

static pcre2_code *pattern_for(const pp_schema *s, const cJSON *node)
{
    for (size_t i = 0; i < s->npatterns; i++)
        if (s->patterns[i].node == node)
            return s->patterns[i].code;
    return NULL;
}

/* Returns 1 on match, 0 on no match, -1 when the match limit is hit. */
static int pattern_match(const pp_schema *s, const cJSON *pat, const char *str)
{
    pcre2_code *code = pattern_for(s, pat);
    pcre2_match_data *md;
    int rc;

    if (!code)
        return -1;
    md = pcre2_match_data_create_from_pattern(code, NULL);
    if (!md)
        return -1;
    rc = pcre2_match(code, (PCRE2_SPTR)str, strlen(str), 0, 0, md, s->mctx);
    pcre2_match_data_free(md);
    if (rc >= 0)
        return 1;
    return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

/* Run `schema` on `inst` without recording errors; 1 when it matches. */
static int probe(struct vctx *v, const cJSON *schema, const cJSON *inst)
{
    int ok;
    v->quiet++;
    ok = validate(v, schema, inst) == 0;
    v->quiet--;
    return ok;
}

/* Validate a member or item: a new value, so a new $ref chain. */
static int validate_child(struct vctx *v, const cJSON *schema,
                          const cJSON *inst)
{
    int saved = v->depth, errors;
    v->depth = 0;
    errors = validate(v, schema, inst);
    v->depth = saved;
    return errors;
}

static const char *desc_of(const cJSON *schema)
{
    const cJSON *d = pp_json_get(schema, "description");
    return cJSON_IsString(d) ? d->valuestring : NULL;
}

static int validate_object(struct vctx *v, const cJSON *schema,
                           const cJSON *inst)
{
    const cJSON *props = pp_json_get(schema, "properties");
    const cJSON *addl = pp_json_get(schema, "additionalProperties");
    const cJSON *names = pp_json_get(schema, "propertyNames");
    const cJSON *req = pp_json_get(schema, "required");
    const cJSON *maxp = pp_json_get(schema, "maxProperties");
    int errors = 0;
    size_t mark = v->ptr.len;

    if (cJSON_IsArray(req)) {
        for (const cJSON *r = req->child; r; r = r->next) {
            if (cJSON_IsString(r) && !pp_json_get(inst, r->valuestring)) {
                report(v, NULL, "missing required field '%s'", r->valuestring);
                errors++;
            }
        }
    }
    if (cJSON_IsNumber(maxp) &&
        (double)cJSON_GetArraySize(inst) > maxp->valuedouble) {
        report(v, NULL, "more than %.17g fields", maxp->valuedouble);
        errors++;
    }
    for (const cJSON *m = inst->child; m; m = m->next) {
        const cJSON *sub = props ? pp_json_get(props, m->string) : NULL;
        if (names) {
            cJSON *key = cJSON_CreateString(m->string);
            int ok = key ? probe(v, names, key) : 0;
            cJSON_Delete(key);
            if (!ok) {
                report(v, m->string, "unknown field '%s'", m->string);
                errors++;
                continue;
            }
        }
        if (!sub) {
            if (addl && cJSON_IsFalse(addl)) {
                report(v, m->string, "unknown field '%s'", m->string);
                errors++;
                continue;
            }
            sub = addl;
        }
        if (!sub)
            continue;
        pp_json_pointer_push(&v->ptr, m->string);
        errors += validate_child(v, sub, m);
        v->ptr.len = mark;
        v->ptr.ptr[mark] = '\0';
    }
    return errors;
}

static unsigned long long fnv(unsigned long long h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ULL;
    return h;
}

static unsigned long long mix(unsigned long long h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

/* A hash that agrees with json_equal: equal values hash alike (1 and 1.0,
 * 0 and -0, objects whatever their key order).  Linear in the value. */
static unsigned long long json_hash(const cJSON *x)
{
    unsigned long long h = 1469598103934665603ULL + (unsigned)(x->type & 0xFF);
    if (cJSON_IsNumber(x)) {
        double d = x->valuedouble == 0 ? 0 : x->valuedouble;
        return fnv(h, &d, sizeof d);
    }
    if (cJSON_IsString(x))
        return fnv(h, x->valuestring, strlen(x->valuestring));
    if (cJSON_IsArray(x)) {
        for (const cJSON *c = x->child; c; c = c->next)
            h = mix(h ^ json_hash(c));
        return h;
    }
    if (cJSON_IsObject(x)) {
        unsigned long long sum = 0;
        for (const cJSON *c = x->child; c; c = c->next)
            sum +=
                mix(fnv(1469598103934665603ULL, c->string, strlen(c->string)) ^
                    json_hash(c));
        return mix(h ^ sum);
    }
    return h;
}

/* The first pair of equal items of an array (JSON Schema equality): 1 and
 * their indexes, 0 when all differ, PP_ENOMEM.  Items go into an
 * open-addressing table by json_hash, so the cost is linear in the array,
 * not quadratic. */
static int first_duplicate(const cJSON *arr, long *first, long *second)
{
    size_t n = (size_t)cJSON_GetArraySize(arr), cap = 16;
    const cJSON **slot;
    long *index;
    unsigned long long *hash;
    long i = 0;
    int found = 0;
    while (cap < 2 * n)
        cap *= 2;
    slot = calloc(cap, sizeof(*slot));
    index = calloc(cap, sizeof(*index));
    hash = calloc(cap, sizeof(*hash));
    if (!slot || !index || !hash) {
        free(slot), free(index), free(hash);
        return PP_ENOMEM;
    }
    for (const cJSON *x = arr->child; x && !found; x = x->next, i++) {
        unsigned long long h = json_hash(x);
        size_t k;
        for (k = h & (cap - 1); slot[k]; k = (k + 1) & (cap - 1)) {
            if (hash[k] == h && json_equal(slot[k], x)) {
                *first = index[k], *second = i;
                found = 1;
                break;
            }
        }
        if (!found)
            slot[k] = x, hash[k] = h, index[k] = i;
    }
    free(slot), free(index), free(hash);
    return found;
}

static int validate_array(struct vctx *v, const cJSON *schema,
                          const cJSON *inst)
{
    const cJSON *items = pp_json_get(schema, "items");
    const cJSON *mini = pp_json_get(schema, "minItems");
    const cJSON *maxi = pp_json_get(schema, "maxItems");
    const cJSON *uniq = pp_json_get(schema, "uniqueItems");
    int n = cJSON_GetArraySize(inst), errors = 0, i = 0;
    size_t mark = v->ptr.len;

    if (cJSON_IsNumber(mini) && (double)n < mini->valuedouble) {
        report(v, NULL, "expected at least %.17g item%s, got %d",
               mini->valuedouble, mini->valuedouble == 1 ? "" : "s", n);
        errors++;
    }
    if (cJSON_IsNumber(maxi) && (double)n > maxi->valuedouble) {
        report(v, NULL, "expected at most %.17g items, got %d",
               maxi->valuedouble, n);
        errors++;
    }
    if (cJSON_IsTrue(uniq)) {
        long a, b;
        int rc = first_duplicate(inst, &a, &b);
        if (rc < 0) {
            v->nomem = 1;
        } else if (rc > 0) {
            char idx[24];
            snprintf(idx, sizeof(idx), "%ld", b);
            report(v, idx, "duplicate of item %ld", a);
            errors++;
        }
    }
    if (items) {
        for (const cJSON *c = inst->child; c; c = c->next, i++) {
            pp_json_pointer_push_index(&v->ptr, i);
            errors += validate_child(v, items, c);
            v->ptr.len = mark;
            v->ptr.ptr[mark] = '\0';
        }
    }
    return errors;
}

static int validate_string(struct vctx *v, const cJSON *schema,
                           const cJSON *inst)
{
    const cJSON *minl = pp_json_get(schema, "minLength");
    const cJSON *maxl = pp_json_get(schema, "maxLength");
    const cJSON *pat = pp_json_get(schema, "pattern");
    const char *s = inst->valuestring;
    size_t n = pp_utf8_count(s, strlen(s));
    int errors = 0;

    if (cJSON_IsNumber(minl) && (double)n < minl->valuedouble) {
        if (n == 0)
            report(v, NULL, "expected a non-empty string");
        else
            report(v, NULL, "expected at least %.17g characters, got %zu",
                   minl->valuedouble, n);
        errors++;
    }
    if (cJSON_IsNumber(maxl) && (double)n > maxl->valuedouble) {
        report(v, NULL, "expected at most %.17g characters, got %zu",
               maxl->valuedouble, n);
        errors++;
    }
    if (pat) {
        int m = pattern_match(v->s, pat, s);
        if (m == 0) {
            const char *d = desc_of(schema);
            if (d)
                report(v, NULL, "'%s' is not valid: expected %s", s, d);
            else
                report(v, NULL, "'%s' does not match the pattern %s", s,
                       pat->valuestring);
            errors++;
        } else if (m < 0) {
            report(v, NULL, "pattern match limit exceeded");
            errors++;
        }
    }
    return errors;
}

static int validate_number(struct vctx *v, const cJSON *schema,
                           const cJSON *inst)
{
    static const char *const kws[] = {"minimum", "maximum", "exclusiveMinimum",
                                      "exclusiveMaximum"};
    double x = inst->valuedouble;
    int errors = 0;

    for (int k = 0; k < 4; k++) {
        const cJSON *b = pp_json_get(schema, kws[k]);
        char lim[32], got[32];
        int bad;
        if (!cJSON_IsNumber(b))
            continue;
        switch (k) {
        case 0: bad = x < b->valuedouble; break;
        case 1: bad = x > b->valuedouble; break;
        case 2: bad = x <= b->valuedouble; break;
        default: bad = x >= b->valuedouble; break;
        }
        if (!bad)
            continue;
        pp_num_canonical(b->valuedouble, lim);
        pp_num_canonical(x, got);
        report(v, NULL, "%s is out of range: expected %s %s", got,
               k == 0   ? ">="
               : k == 1 ? "<="
               : k == 2 ? ">"
                        : "<",
               lim);
        errors++;
    }
    return errors;
}

static int validate(struct vctx *v, const cJSON *schema, const cJSON *inst)
{
    const cJSON *kw;
    int errors = 0;

    if (v->nomem)
        return 1;
    if (cJSON_IsTrue(schema))
        return 0;
    if (cJSON_IsFalse(schema)) {
        report(v, NULL, "field not allowed here");
        return 1;
    }
    if ((kw = pp_json_get(schema, "$ref"))) {
        /* Only a $ref can lead back into the schema: bound its chains. */
        if (++v->depth > MAX_REF_CHAIN) {
            v->depth--;
            report(v, NULL, "schema nesting too deep ($ref chain)");
            return 1;
        }
        errors += validate(v, resolve_ref(v->s->doc, kw->valuestring), inst);
        v->depth--;
    }

    if ((kw = pp_json_get(schema, "type"))) {
        int ok = 0;
        if (cJSON_IsString(kw))
            ok = type_matches(kw->valuestring, inst);
        else
            for (const cJSON *t = kw->child; t && !ok; t = t->next)
                ok = type_matches(t->valuestring, inst);
        if (!ok) {
            pp_buf want = PP_BUF_INIT;
            if (cJSON_IsString(kw))
                pp_buf_puts(&want, kw->valuestring);
            else
                for (const cJSON *t = kw->child; t; t = t->next)
                    pp_buf_printf(&want, "%s%s", t->valuestring,
                                  !t->next        ? ""
                                  : t->next->next ? ", "
                                                  : " or ");
            report(v, NULL, "expected %s, got %s", pp_buf_cstr(&want),
                   cJSON_IsNumber(inst) && strstr(pp_buf_cstr(&want), "integer")
                       ? "a non-integer number"
                       : pp_json_type_name(inst));
            pp_buf_dispose(&want);
            return errors + 1; /* nothing else is meaningful */
        }
    }
    if ((kw = pp_json_get(schema, "const")) && !json_equal(kw, inst)) {
        pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT;
        describe(&a, kw);
        describe(&b, inst);
        report(v, NULL, "expected %s, got %s", pp_buf_cstr(&a),
               pp_buf_cstr(&b));
        pp_buf_dispose(&a);
        pp_buf_dispose(&b);
        errors++;
    }
    if ((kw = pp_json_get(schema, "enum"))) {
        int ok = 0;
        for (const cJSON *e = kw->child; e && !ok; e = e->next)
            ok = json_equal(e, inst);
        if (!ok) {
            pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT;
            for (const cJSON *e = kw->child; e; e = e->next) {
                describe(&a, e);
                if (e->next)
                    pp_buf_puts(&a, ", ");
            }
            describe(&b, inst);
            report(v, NULL, "expected one of %s; got %s", pp_buf_cstr(&a),
                   pp_buf_cstr(&b));
            pp_buf_dispose(&a);
            pp_buf_dispose(&b);
            errors++;
        }
    }

    if (cJSON_IsObject(inst))
        errors += validate_object(v, schema, inst);
    else if (cJSON_IsArray(inst))
        errors += validate_array(v, schema, inst);
    else if (cJSON_IsString(inst))
        errors += validate_string(v, schema, inst);
    else if (cJSON_IsNumber(inst))
        errors += validate_number(v, schema, inst);

    if ((kw = pp_json_get(schema, "allOf")))
        for (const cJSON *c = kw->child; c; c = c->next)
            errors += validate(v, c, inst);
    if ((kw = pp_json_get(schema, "anyOf"))) {
        int ok = 0;
        for (const cJSON *c = kw->child; c && !ok; c = c->next)
            ok = probe(v, c, inst);
        if (!ok) {
            const char *d = desc_of(schema);
            report(v, NULL, "does not match any allowed form%s%s",
                   d ? ": expected " : "", d ? d : "");
            errors++;
        }
    }
    if ((kw = pp_json_get(schema, "oneOf"))) {
        int n = 0;
        for (const cJSON *c = kw->child; c; c = c->next)
            n += probe(v, c, inst);
        if (n != 1) {
            report(v, NULL,
                   n ? "matches more than one allowed form"
                     : "does not match any allowed form");
            errors++;
        }
    }
    if ((kw = pp_json_get(schema, "not")) && probe(v, kw, inst)) {
        const char *d = desc_of(kw);
        report(v, NULL, "matches a forbidden form%s%s", d ? ": " : "",
               d ? d : "");
        errors++;
    }
    if ((kw = pp_json_get(schema, "if"))) {
        const cJSON *branch =
            pp_json_get(schema, probe(v, kw, inst) ? "then" : "else");
        if (branch) {
            const char *saved = v->reason;
            const char *d = desc_of(branch);
            if (d)
                v->reason = d;
            errors += validate(v, branch, inst);
            v->reason = saved;
        }
    }
    return errors;
}

int pp_schema_validate(const pp_schema *s, const cJSON *doc, const char *file,
                       pp_diags *diags)
{
    struct vctx v = {0};
    int errors;

    v.s = s;
    v.file = file;
    v.diags = diags;
    if (pp_buf_grow(&v.ptr, 128) < 0)
        return PP_ENOMEM;
    errors = validate(&v, s->doc, doc);
    pp_buf_dispose(&v.ptr);
    if (v.nomem)
        return pp_error_set(PP_ENOMEM, "out of memory");
    return errors;
}
