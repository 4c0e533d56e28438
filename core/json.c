/*
 * json.c - strict parsing and canonical writing.
 */
#define _POSIX_C_SOURCE 200809L
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "num.h"
#include "utf8.h"
#include "banned.h"

/* ------------------------------------------------------------------ */
/* Locations                                                          */
/* ------------------------------------------------------------------ */

static void locate(const char *data, size_t off, size_t *line, size_t *col)
{
    size_t l = 1, line_start = 0;
    for (size_t i = 0; i < off; i++) {
        if (data[i] == '\n')
            l++, line_start = i + 1;
    }
    *line = l;
    *col = pp_utf8_count(data + line_start, off - line_start) + 1;
}

static int fail_at(const char *name, const char *data, size_t off,
                   const char *what)
{
    size_t line, col;
    locate(data, off, &line, &col);
    return pp_error_set(PP_EINVALID, "%s:%zu:%zu: %s", name, line, col, what);
}

/* ------------------------------------------------------------------ */
/* Pre-scan: NUL bytes (raw or escaped), nesting depth                */
/* ------------------------------------------------------------------ */

/* Also reports, through *open, whether the input ends inside a string or
 * an unclosed container, so a truncated file is named as such. */
static int prescan(const char *data, size_t len, const char *name, int *open)
{
    int depth = 0, in_string = 0;

    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        if (c == '\0')
            return fail_at(name, data, i, "NUL byte in input");
        if (in_string) {
            /* cJSON would end the C string at an escaped NUL: "Kimi
             * \u0000K2" would read as "Kimi " */
            if (c == '\\' && len - i >= 6 && !memcmp(data + i + 1, "u0000", 5))
                return fail_at(name, data, i,
                               "escaped NUL (\\u0000) in a "
                               "string");
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = 0;
            continue;
        }
        if (c == '"')
            in_string = 1;
        else if (c == '[' || c == '{') {
            if (++depth > PP_JSON_MAX_DEPTH) {
                char msg[96];
                snprintf(msg, sizeof(msg), "nesting deeper than %d levels",
                         PP_JSON_MAX_DEPTH);
                return fail_at(name, data, i, msg);
            }
        } else if (c == ']' || c == '}')
            depth--;
    }
    *open = in_string || depth > 0;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Tree checks: duplicate keys, non-finite numbers                    */
/* ------------------------------------------------------------------ */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Does [p, end) start with `lit`?  The input is not NUL-terminated: never
 * compare past its end (found by fuzz_passport on "-In"). */
static int has_prefix(const char *p, const char *end, const char *lit)
{
    size_t n = strlen(lit);
    return (size_t)(end - p) >= n && memcmp(p, lit, n) == 0;
}

/* Duplicate keys of one object, found by sorting (linear-logarithmic, so a
 * hostile file with many keys cannot make the check quadratic). */
static const char *find_duplicate_key(const cJSON *obj)
{
    size_t count = 0, i;
    const char **names;
    const char *dup = NULL;

    for (const cJSON *c = obj->child; c; c = c->next)
        count++;
    if (count < 2)
        return NULL;
    names = malloc(count * sizeof(*names));
    if (!names)
        return NULL;
    i = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        names[i++] = c->string;
    qsort(names, count, sizeof(*names), cmp_names);
    for (i = 1; i < count && !dup; i++)
        if (strcmp(names[i - 1], names[i]) == 0)
            dup = names[i];
    free(names);
    return dup;
}

/* The first node (depth-first) that breaks a rule: a number that is not
 * finite, or an object with a duplicate key (*dup then names the key). */
static const cJSON *find_bad(const cJSON *node, const char **dup)
{
    if (cJSON_IsNumber(node) && !isfinite(node->valuedouble))
        return node;
    if (cJSON_IsObject(node) && (*dup = find_duplicate_key(node)) != NULL)
        return node;
    for (const cJSON *c = node->child; c; c = c->next) {
        const cJSON *bad = find_bad(c, dup);
        if (bad)
            return bad;
    }
    return NULL;
}

/* Append the JSON pointer of `target` under `node`; 1 when found. */
static int pointer_to(const cJSON *node, const cJSON *target, pp_buf *ptr)
{
    size_t mark = ptr->len;
    int index = 0;
    if (node == target)
        return 1;
    for (const cJSON *c = node->child; c; c = c->next, index++) {
        if (cJSON_IsObject(node))
            pp_json_pointer_push(ptr, c->string);
        else
            pp_json_pointer_push_index(ptr, index);
        if (pointer_to(c, target, ptr))
            return 1;
        ptr->len = mark;
        if (ptr->ptr)
            ptr->ptr[mark] = '\0';
    }
    return 0;
}

/* Duplicate keys and non-finite numbers: found in one cheap pass; the
 * pointer is only built for the message. */
static int check_tree(const cJSON *root, pp_buf *ptr, const char *name)
{
    const char *dup = NULL;
    const cJSON *bad = find_bad(root, &dup);
    if (!bad)
        return 0;
    pointer_to(root, bad, ptr);
    if (dup) {
        pp_json_pointer_push(ptr, dup);
        return pp_error_set(PP_EINVALID, "%s: %s: duplicate key '%s'", name,
                            ptr->ptr, dup);
    }
    return pp_error_set(PP_EINVALID,
                        "%s: %s: number out of range (not a "
                        "finite double)",
                        name, ptr->len ? ptr->ptr : "/");
}

int pp_json_parse(const char *data, size_t len, const char *name, cJSON **out)
{
    const char *end = NULL;
    size_t bad, i;
    cJSON *root;
    pp_buf ptr = PP_BUF_INIT;
    int rc, open = 0;

    *out = NULL;
    for (i = 0; i < len; i++)
        if (data[i] != ' ' && data[i] != '\n' && data[i] != '\t' &&
            data[i] != '\r')
            break;
    if (i == len)
        return pp_error_set(PP_EINVALID,
                            "%s: empty file (expected a JSON "
                            "object)",
                            name);
    if (!pp_utf8_valid(data, len, &bad))
        return fail_at(name, data, bad, "invalid UTF-8 byte sequence");
    if ((rc = prescan(data, len, name, &open)) < 0)
        return rc;

    root = cJSON_ParseWithLengthOpts(data, len, &end, 0);
    if (!root) {
        size_t off = end ? (size_t)(end - data) : 0;
        const char *p;
        if (off > len)
            off = len;
        /* cJSON stops at the start of the bad token; look at it to give a
         * better reason than "malformed". */
        p = data + off;
        while (p < data + len && (*p == ' ' || *p == ':' || *p == ','))
            p++;
        if (has_prefix(p, data + len, "NaN") ||
            has_prefix(p, data + len, "Inf") ||
            has_prefix(p, data + len, "-Inf") ||
            has_prefix(p, data + len, "nan") ||
            has_prefix(p, data + len, "inf"))
            return fail_at(name, data, (size_t)(p - data),
                           "NaN and Infinity are not JSON numbers");
        if (off >= len || open)
            return fail_at(name, data, len,
                           "malformed JSON: unexpected end "
                           "of input (unclosed string, "
                           "object or array)");
        return fail_at(name, data, off, "malformed JSON");
    }
    /* Anything but whitespace after the value is an error. */
    for (i = (size_t)(end - data); i < len; i++) {
        if (data[i] != ' ' && data[i] != '\n' && data[i] != '\t' &&
            data[i] != '\r') {
            cJSON_Delete(root);
            return fail_at(name, data, i,
                           "malformed JSON: trailing "
                           "characters after the document");
        }
    }
    if (pp_buf_grow(&ptr, 64) < 0) {
        cJSON_Delete(root);
        return PP_ENOMEM;
    }
    rc = check_tree(root, &ptr, name);
    pp_buf_dispose(&ptr);
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

/* ------------------------------------------------------------------ */
/* JSON pointers                                                      */
/* ------------------------------------------------------------------ */

int pp_json_pointer_push(pp_buf *ptr, const char *token)
{
    if (pp_buf_putc(ptr, '/') < 0)
        return PP_ENOMEM;
    for (const char *p = token; *p; p++) {
        int rc;
        if (*p == '~')
            rc = pp_buf_puts(ptr, "~0");
        else if (*p == '/')
            rc = pp_buf_puts(ptr, "~1");
        else
            rc = pp_buf_putc(ptr, *p);
        if (rc < 0)
            return PP_ENOMEM;
    }
    return 0;
}

int pp_json_pointer_push_index(pp_buf *ptr, int index)
{
    return pp_buf_printf(ptr, "/%d", index);
}

const char *pp_json_type_name(const cJSON *n)
{
    if (!n)
        return "nothing";
    if (cJSON_IsString(n))
        return "string";
    if (cJSON_IsNumber(n))
        return "number";
    if (cJSON_IsBool(n))
        return "boolean";
    if (cJSON_IsNull(n))
        return "null";
    if (cJSON_IsArray(n))
        return "array";
    if (cJSON_IsObject(n))
        return "object";
    return "invalid";
}

/* ------------------------------------------------------------------ */
/* Canonical writer                                                   */
/* ------------------------------------------------------------------ */

int pp_json_write_string(pp_buf *out, const char *s)
{
    if (pp_buf_putc(out, '"') < 0)
        return PP_ENOMEM;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int rc;
        /* Copy a run of characters that need no escape at once. */
        const unsigned char *q = p;
        while (*q >= 0x20 && *q != '"' && *q != '\\')
            q++;
        if (q > p) {
            if (pp_buf_put(out, p, (size_t)(q - p)) < 0)
                return PP_ENOMEM;
            p = q;
            if (!*p)
                break;
        }
        switch (*p) {
        case '"': rc = pp_buf_puts(out, "\\\""); break;
        case '\\': rc = pp_buf_puts(out, "\\\\"); break;
        case '\n': rc = pp_buf_puts(out, "\\n"); break;
        case '\t': rc = pp_buf_puts(out, "\\t"); break;
        case '\r': rc = pp_buf_puts(out, "\\r"); break;
        case '\b': rc = pp_buf_puts(out, "\\b"); break;
        case '\f': rc = pp_buf_puts(out, "\\f"); break;
        default:
            if (*p < 0x20)
                rc = pp_buf_printf(out, "\\u%04x", *p);
            else
                rc = pp_buf_putc(out, (char)*p);
        }
        if (rc < 0)
            return PP_ENOMEM;
    }
    return pp_buf_putc(out, '"');
}

static int write_scalar(pp_buf *out, const cJSON *n)
{
    char num[32];
    if (cJSON_IsString(n))
        return pp_json_write_string(out, n->valuestring);
    if (cJSON_IsNumber(n)) {
        if (!isfinite(n->valuedouble))
            return pp_error_set(PP_EINVALID, "refusing to write a non-finite "
                                             "number");
        pp_num_canonical(n->valuedouble, num);
        return pp_buf_puts(out, num);
    }
    if (cJSON_IsTrue(n))
        return pp_buf_puts(out, "true");
    if (cJSON_IsFalse(n))
        return pp_buf_puts(out, "false");
    return pp_buf_puts(out, "null");
}

static int indent(pp_buf *out, int level)
{
    for (int i = 0; i < level; i++)
        if (pp_buf_puts(out, "  ") < 0)
            return PP_ENOMEM;
    return 0;
}

struct keyed {
    const cJSON *node;
    int rank;
};

static int cmp_keyed(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return strcmp(x->node->string, y->node->string);
}

/* A short array of scalars stays on one line: easier to read, and still
 * one deterministic rendering per value. */
static int inline_array(const cJSON *n)
{
    size_t width = 0;
    for (const cJSON *c = n->child; c; c = c->next) {
        if (cJSON_IsArray(c) || cJSON_IsObject(c))
            return 0;
        width += cJSON_IsString(c) ? strlen(c->valuestring) + 4 : 12;
    }
    return width <= 72;
}

/* level < 0 writes everything on one line. */
static int write_node(pp_buf *out, const cJSON *n, pp_json_key_rank rank,
                      int level)
{
    int rc;

    if (cJSON_IsArray(n)) {
        if (!n->child)
            return pp_buf_puts(out, "[]");
        if (level < 0 || inline_array(n)) {
            if (pp_buf_putc(out, '[') < 0)
                return PP_ENOMEM;
            for (const cJSON *c = n->child; c; c = c->next) {
                if ((rc = write_node(out, c, rank, level < 0 ? -1 : level)) < 0)
                    return rc;
                if (c->next && pp_buf_puts(out, ", ") < 0)
                    return PP_ENOMEM;
            }
            return pp_buf_putc(out, ']');
        }
        if (pp_buf_puts(out, "[\n") < 0)
            return PP_ENOMEM;
        for (const cJSON *c = n->child; c; c = c->next) {
            if (indent(out, level + 1) < 0)
                return PP_ENOMEM;
            if ((rc = write_node(out, c, rank, level + 1)) < 0)
                return rc;
            if (pp_buf_puts(out, c->next ? ",\n" : "\n") < 0)
                return PP_ENOMEM;
        }
        if (indent(out, level) < 0)
            return PP_ENOMEM;
        return pp_buf_putc(out, ']');
    }
    if (cJSON_IsObject(n)) {
        size_t count = 0, i;
        struct keyed *keys;

        if (!n->child)
            return pp_buf_puts(out, "{}");
        for (const cJSON *c = n->child; c; c = c->next)
            count++;
        keys = calloc(count, sizeof(*keys));
        if (!keys) /* a half-written document must never be taken for one */
            pp_die_out_of_memory();
        i = 0;
        for (const cJSON *c = n->child; c; c = c->next, i++) {
            keys[i].node = c;
            keys[i].rank = rank ? rank(c->string) : 0;
        }
        qsort(keys, count, sizeof(*keys), cmp_keyed);
        if (level < 0) {
            rc = pp_buf_putc(out, '{');
            for (i = 0; rc == 0 && i < count; i++) {
                if (i && (rc = pp_buf_puts(out, ", ")) < 0)
                    break;
                if ((rc = pp_json_write_string(out, keys[i].node->string)) < 0)
                    break;
                if ((rc = pp_buf_puts(out, ": ")) < 0)
                    break;
                rc = write_node(out, keys[i].node, rank, -1);
            }
            free(keys);
            return rc < 0 ? rc : pp_buf_putc(out, '}');
        }
        rc = pp_buf_puts(out, "{\n");
        for (i = 0; rc == 0 && i < count; i++) {
            if ((rc = indent(out, level + 1)) < 0)
                break;
            if ((rc = pp_json_write_string(out, keys[i].node->string)) < 0)
                break;
            if ((rc = pp_buf_puts(out, ": ")) < 0)
                break;
            if ((rc = write_node(out, keys[i].node, rank, level + 1)) < 0)
                break;
            rc = pp_buf_puts(out, i + 1 < count ? ",\n" : "\n");
        }
        free(keys);
        if (rc < 0)
            return rc;
        if (indent(out, level) < 0)
            return PP_ENOMEM;
        return pp_buf_putc(out, '}');
    }
    return write_scalar(out, n);
}

int pp_json_write_compact(pp_buf *out, const cJSON *node, pp_json_key_rank rank)
{
    return write_node(out, node, rank, -1);
}

int pp_json_write_canonical(pp_buf *out, const cJSON *node,
                            pp_json_key_rank rank)
{
    int rc = write_node(out, node, rank, 0);
    if (rc < 0)
        return rc;
    return pp_buf_putc(out, '\n');
}

const cJSON *pp_json_get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

const char *pp_json_str(const cJSON *obj, const char *key, const char *fallback)
{
    const cJSON *v = pp_json_get(obj, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        pp_die_out_of_memory();
    return p;
}

void pp_json_fatal_oom(void)
{
    cJSON_Hooks hooks = {xmalloc, free};
    cJSON_InitHooks(&hooks);
}
