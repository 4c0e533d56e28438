/*
 * fields.c - a passport as a set of fields.
 *
 * The registry versions, diffs, blames and merges passports field by
 * field, never line by line.  A field is a fact ("facts/params.total"), a
 * precision role ("precision/roles/gemm.fprop"), an item of a list keyed
 * by id ("claims/zero-loss-spikes", "sources/kimi-k2-report") or by
 * position ("optimizer/groups/0"), or a plain member ("name", "aliases").
 * The split table below is the whole definition; flattening and
 * rebuilding both follow it, so the two are inverse by construction (a
 * unit test checks it on every shipped passport).
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../schema/fact.h"
#include "../schema/passport.h"
#include "../core/banned.h"

enum split { OBJ, ARR_ID, ARR_IDX };

static const struct {
    const char *path;
    enum split how;
} splits[] = {
    {"", OBJ},
    {PP_FACTS_MEMBER, OBJ},
    {"precision", OBJ},
    {"precision/roles", OBJ},
    {"optimizer", OBJ},
    {"optimizer/groups", ARR_IDX},
    {"stability", OBJ},
    {"stability/mechanisms", ARR_IDX},
    {"stability/events", ARR_IDX},
    {"sources", ARR_ID},
    {"claims", ARR_ID},
    {"unknowns", ARR_ID},
    {"boundaries", ARR_ID},
};

static int split_of(const char *path)
{
    for (size_t i = 0; i < sizeof(splits) / sizeof(splits[0]); i++)
        if (strcmp(splits[i].path, path) == 0)
            return (int)splits[i].how;
    return -1;
}

/* ------------------------------------------------------------------ */
/* Flattening                                                         */
/* ------------------------------------------------------------------ */

struct acc {
    pp_field *items;
    size_t count, alloc;
};

static int emit(struct acc *a, const char *key, const cJSON *node)
{
    pp_buf v = PP_BUF_INIT;
    if (a->count == a->alloc) {
        size_t n = a->alloc ? a->alloc * 2 : 32;
        pp_field *p = realloc(a->items, n * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        a->items = p;
        a->alloc = n;
    }
    if (pp_passport_compact(node, &v) < 0)
        return PP_ENOMEM;
    a->items[a->count].key = strdup(key);
    a->items[a->count].value = pp_buf_detach(&v);
    a->items[a->count].node = node;
    if (!a->items[a->count].key || !a->items[a->count].value) {
        free(a->items[a->count].key);
        free(a->items[a->count].value);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    a->count++;
    return 0;
}

static int flatten(struct acc *a, const cJSON *node, const char *path)
{
    int how = split_of(path);
    const cJSON *c;
    int i = 0, rc;

    if (how < 0 || (how == OBJ && !cJSON_IsObject(node)) ||
        (how != OBJ && !cJSON_IsArray(node)))
        return emit(a, path, node);
    if (!node->child && path[0])
        return emit(a, path, node); /* keep an empty container */
    cJSON_ArrayForEach(c, node)
    {
        pp_buf key = PP_BUF_INIT;
        if (path[0])
            pp_buf_printf(&key, "%s/", path);
        if (how == OBJ) {
            pp_buf_puts(&key, c->string);
        } else if (how == ARR_IDX) {
            pp_buf_printf(&key, "%d", i);
        } else {
            const char *id = pp_json_str(c, "id", NULL);
            if (id)
                pp_buf_puts(&key, id);
            else
                pp_buf_printf(&key, "%d", i); /* not valid; keep data */
        }
        rc = flatten(a, c, pp_buf_cstr(&key));
        pp_buf_dispose(&key);
        if (rc < 0)
            return rc;
        i++;
    }
    return 0;
}

static int cmp_field(const void *x, const void *y)
{
    return strcmp(((const pp_field *)x)->key, ((const pp_field *)y)->key);
}

int pp_fields_from_doc(const cJSON *doc, pp_fields *out)
{
    struct acc a = {0};
    int rc = flatten(&a, doc, "");
    out->items = a.items;
    out->count = a.count;
    if (rc < 0) {
        pp_fields_dispose(out);
        return rc;
    }
    qsort(out->items, out->count, sizeof(*out->items), cmp_field);
    return 0;
}

int pp_fields_from_text(const char *text, size_t len, pp_fields *out)
{
    cJSON *doc = NULL;
    int rc;
    out->items = NULL;
    out->count = 0;
    if ((rc = pp_json_parse(text, len, "passport", &doc)) < 0)
        return rc;
    rc = pp_fields_from_doc(doc, out);
    cJSON_Delete(doc);
    for (size_t i = 0; i < out->count; i++)
        out->items[i].node = NULL; /* the document is gone */
    return rc;
}

const pp_field *pp_fields_find(const pp_fields *f, const char *key)
{
    size_t lo = 0, hi = f->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(f->items[mid].key, key);
        if (c == 0)
            return &f->items[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void pp_fields_dispose(pp_fields *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->count; i++) {
        free(f->items[i].key);
        free(f->items[i].value);
    }
    free(f->items);
    f->items = NULL;
    f->count = 0;
}

/* ------------------------------------------------------------------ */
/* Rebuilding                                                         */
/* ------------------------------------------------------------------ */

/* The child of `parent` (a container of kind `how`) named by `seg`,
 * created as `make` (an object or array) when missing. */
static cJSON *child(cJSON *parent, int how, const char *seg, int make_array)
{
    cJSON *c = NULL;
    if (how == OBJ) {
        c = (cJSON *)pp_json_get(parent, seg); /* the tree is ours */
        if (!c) {
            c = make_array ? cJSON_CreateArray() : cJSON_CreateObject();
            if (c)
                cJSON_AddItemToObject(parent, seg, c);
        }
        return c;
    }
    if (how == ARR_ID) {
        cJSON_ArrayForEach(c, parent)
        {
            const char *id = pp_json_str(c, "id", NULL);
            if (id && strcmp(id, seg) == 0)
                return c;
        }
    } else {
        /* Positions arrive in key order ("10" before "2"): pad with
         * nulls and fill the slot. */
        long want = strtol(seg, NULL, 10);
        while (cJSON_GetArraySize(parent) <= want)
            cJSON_AddItemToArray(parent, cJSON_CreateNull());
        return cJSON_GetArrayItem(parent, (int)want);
    }
    c = make_array ? cJSON_CreateArray() : cJSON_CreateObject();
    if (c)
        cJSON_AddItemToArray(parent, c);
    return c;
}

/* Place `value` at `key` in `root`, creating containers on the way. */
static int place(cJSON *root, const char *key, cJSON *value)
{
    char path[512];
    const char *seg = key;
    cJSON *cur = root;
    size_t plen = 0;

    path[0] = '\0';
    for (;;) {
        const char *slash = strchr(seg, '/');
        int how = split_of(path);
        size_t n = slash ? (size_t)(slash - seg) : strlen(seg);
        char name[256];

        if (n >= sizeof(name) || plen + n + 2 >= sizeof(path) || how < 0) {
            cJSON_Delete(value);
            return pp_error_set(PP_EINVALID, "bad field key '%s'", key);
        }
        memcpy(name, seg, n);
        name[n] = '\0';
        if (!slash) {
            if (how == OBJ) {
                cJSON_DeleteItemFromObjectCaseSensitive(cur, name);
                cJSON_AddItemToObject(cur, name, value);
            } else if (how == ARR_IDX) {
                long want = strtol(name, NULL, 10);
                while (cJSON_GetArraySize(cur) <= want)
                    cJSON_AddItemToArray(cur, cJSON_CreateNull());
                cJSON_ReplaceItemInArray(cur, (int)want, value);
            } else {
                cJSON *old = child(cur, ARR_ID, name, 0);
                /* child() appended an empty object when missing. */
                cJSON *it;
                int idx = 0;
                cJSON_ArrayForEach(it, cur)
                {
                    if (it == old)
                        break;
                    idx++;
                }
                cJSON_ReplaceItemInArray(cur, idx, value);
            }
            return 0;
        }
        {
            int sub_how;
            /* Bounds were checked above: path + '/' + name fits. */
            if (plen)
                path[plen++] = '/';
            memcpy(path + plen, name, n + 1);
            plen += n;
            sub_how = split_of(path);
            cur =
                child(cur, how, name, sub_how == ARR_ID || sub_how == ARR_IDX);
            if (!cur) {
                cJSON_Delete(value);
                return pp_error_set(PP_ENOMEM, "out of memory");
            }
        }
        seg = slash + 1;
    }
}

static int same_id(const cJSON *a, const cJSON *b)
{
    const char *x = pp_json_str(a, "id", NULL);
    const char *y = pp_json_str(b, "id", NULL);
    return x && y && strcmp(x, y) == 0;
}

/* Order the items of an id-keyed array like `order` does, new ids last.
 * The array is emptied and refilled by appending only: cJSON 1.7.15's
 * cJSON_InsertItemInArray loses items when inserting mid-array. */
static int reorder(cJSON *arr, const cJSON *order)
{
    int n = cJSON_GetArraySize(arr), k = 0;
    cJSON **items;
    const cJSON *o;

    if (!cJSON_IsArray(arr) || !cJSON_IsArray(order) || n < 2)
        return 0;
    items = calloc((size_t)n, sizeof(*items));
    if (!items)
        return pp_error_set(PP_ENOMEM, "out of memory");
    while (cJSON_GetArraySize(arr) > 0)
        items[k++] = cJSON_DetachItemFromArray(arr, 0);
    cJSON_ArrayForEach(o, order)
    {
        for (int i = 0; i < n; i++) {
            if (items[i] && same_id(items[i], o)) {
                cJSON_AddItemToArray(arr, items[i]);
                items[i] = NULL;
                break;
            }
        }
    }
    for (int i = 0; i < n; i++)
        if (items[i])
            cJSON_AddItemToArray(arr, items[i]);
    free(items);
    return 0;
}

int pp_fields_to_doc(const pp_fields *f, const cJSON *order, cJSON **out)
{
    cJSON *root = cJSON_CreateObject();
    int rc = 0;

    *out = NULL;
    if (!root)
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (size_t i = 0; i < f->count && rc == 0; i++) {
        cJSON *v =
            cJSON_ParseWithLength(f->items[i].value, strlen(f->items[i].value));
        if (!v) {
            rc = pp_error_set(PP_EINVALID, "bad value of field '%s'",
                              f->items[i].key);
            break;
        }
        rc = place(root, f->items[i].key, v);
    }
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    for (size_t i = 0; rc == 0 && i < sizeof(splits) / sizeof(splits[0]); i++) {
        if (splits[i].how == ARR_ID && !strchr(splits[i].path, '/'))
            rc = reorder((cJSON *)pp_json_get(root, splits[i].path),
                         pp_json_get(order, splits[i].path));
    }
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Differences                                                        */
/* ------------------------------------------------------------------ */

static cJSON *parse_or_null(const char *json)
{
    cJSON *v = json ? cJSON_Parse(json) : NULL;
    return v ? v : cJSON_CreateNull();
}

static void add_change(cJSON *changes, const char *id, const char *key,
                       const char *kind, const char *old, const char *new_)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "passport", id);
    cJSON_AddStringToObject(o, "field", key);
    cJSON_AddStringToObject(o, "change", kind);
    cJSON_AddItemToObject(o, "old", parse_or_null(old));
    cJSON_AddItemToObject(o, "new", parse_or_null(new_));
    cJSON_AddItemToArray(changes, o);
}

int pp_fields_from_blob(pp_reg *r, const git_oid *blob, pp_fields *out)
{
    pp_buf text = PP_BUF_INIT;
    int rc = 0;
    out->items = NULL;
    out->count = 0;
    if (!git_oid_is_zero(blob) &&
        (rc = pp_store_read_blob(r, blob, &text)) == 0)
        rc = pp_fields_from_text(pp_buf_cstr(&text), text.len, out);
    pp_buf_dispose(&text);
    return rc;
}

int pp_fields_diff(pp_reg *r, const char *id, const git_oid *a,
                   const git_oid *b, cJSON *changes)
{
    pp_fields fa = {0}, fb = {0};
    size_t i = 0, k = 0;
    int rc = pp_fields_from_blob(r, a, &fa);

    if (rc == 0)
        rc = pp_fields_from_blob(r, b, &fb);
    /* Both lists are sorted by key: walk them together. */
    while (rc == 0 && (i < fa.count || k < fb.count)) {
        int c = i == fa.count   ? 1
                : k == fb.count ? -1
                                : strcmp(fa.items[i].key, fb.items[k].key);
        if (c < 0) {
            add_change(changes, id, fa.items[i].key, "removed",
                       fa.items[i].value, NULL);
            i++;
        } else if (c > 0) {
            add_change(changes, id, fb.items[k].key, "added", NULL,
                       fb.items[k].value);
            k++;
        } else {
            if (strcmp(fa.items[i].value, fb.items[k].value) != 0)
                add_change(changes, id, fa.items[i].key, "changed",
                           fa.items[i].value, fb.items[k].value);
            i++, k++;
        }
    }
    pp_fields_dispose(&fa);
    pp_fields_dispose(&fb);
    return rc;
}
