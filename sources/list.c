/*
 * list.c - the sources of a registry: every source its passports cite,
 * merged by id (the passports citing it, a warning flag when they give it
 * different URLs), with what the cache holds of each; the data of
 * `passport source list` and `passport source show`.  The caller loads
 * the passports; nothing here reads the registry.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

static int by_name(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    return strcmp(x->string, y->string);
}

/* Order the members of object `o` by name (relinking, no copies). */
static void sort_members(cJSON *o)
{
    int n = cJSON_GetArraySize(o), i = 0;
    cJSON **v = n > 1 ? calloc((size_t)n, sizeof *v) : NULL, *it;
    if (!v)
        return;
    for (it = o->child; it; it = it->next)
        v[i++] = it;
    qsort(v, (size_t)n, sizeof *v, by_name);
    o->child = v[0];
    for (i = 0; i < n; i++) {
        v[i]->prev = i ? v[i - 1] : v[n - 1]; /* cJSON: head->prev = tail */
        v[i]->next = i + 1 < n ? v[i + 1] : NULL;
    }
    free(v);
}

/* Merge source `s` of one passport (pp_sources_of) into `all`. */
static void merge_one(cJSON *all, const cJSON *s)
{
    const char *sid = pp_json_str(s, "id", "");
    cJSON *have = (cJSON *)pp_json_get(all, sid);
    if (!have) {
        have = cJSON_Duplicate(s, 1);
        cJSON_DeleteItemFromObjectCaseSensitive(have, "passport");
        cJSON_AddItemToObject(have, "passports", cJSON_CreateArray());
        cJSON_AddItemToObject(all, sid, have);
    } else {
        const char *u1 = pp_json_str(have, "url", NULL);
        const char *u2 = pp_json_str(s, "url", NULL);
        /* each disagreement adds a "conflict" member (three URLs give
         * two): the JSON of `source list` has always been so */
        if ((u1 == NULL) != (u2 == NULL) || (u1 && strcmp(u1, u2)))
            cJSON_AddBoolToObject(have, "conflict", 1);
        if (u2 && !u1)
            cJSON_AddStringToObject(have, "url", u2);
    }
    cJSON_AddItemToArray((cJSON *)pp_json_get(have, "passports"),
                         cJSON_CreateString(pp_json_str(s, "passport", "")));
}

int pp_sources_merge(const cJSON *const *docs, size_t n, const char *only,
                     cJSON **out)
{
    cJSON *all = cJSON_CreateObject();
    int rc = 0;
    *out = NULL;
    if (!all)
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && rc == 0; i++) {
        cJSON *list;
        const cJSON *s;
        if (only && strcmp(pp_json_str(docs[i], "id", ""), only) != 0)
            continue;
        list = cJSON_CreateArray();
        if ((rc = pp_sources_of(docs[i], list)) == 0) {
            cJSON_ArrayForEach(s, list)
            {
                merge_one(all, s);
            }
        }
        cJSON_Delete(list);
    }
    if (rc < 0) {
        cJSON_Delete(all);
        return rc;
    }
    sort_members(all);
    *out = all;
    return 0;
}

int pp_sources_list(pp_cache *c, const cJSON *const *docs, size_t n,
                    const char *only, cJSON **out)
{
    cJSON *merged = NULL, *root, *arr;
    const cJSON *s;
    int rc;
    *out = NULL;
    if ((rc = pp_sources_merge(docs, n, only, &merged)) < 0)
        return rc;
    root = cJSON_CreateObject();
    arr = cJSON_AddArrayToObject(root, "sources");
    cJSON_ArrayForEach(s, merged)
    {
        cJSON *item = cJSON_Duplicate(s, 1), *meta = NULL;
        if (pp_cache_source_meta(c, s->string, &meta) == 0)
            cJSON_AddItemToObject(item, "cache", meta);
        else
            cJSON_AddNullToObject(item, "cache");
        cJSON_AddItemToArray(arr, item);
    }
    cJSON_Delete(merged);
    *out = root;
    return 0;
}

/* The cache column of source `item` of a list. */
static void cache_state(pp_buf *out, const cJSON *item)
{
    const cJSON *meta = pp_json_get(item, "cache");
    if (cJSON_IsObject(meta))
        pp_buf_printf(out, "cached %.10s %.12s%s",
                      pp_json_str(meta, "retrieved", ""),
                      pp_json_str(meta, "sha256", ""),
                      cJSON_IsTrue(pp_json_get(meta, "searchable"))
                          ? ""
                          : " (not searchable)");
    else
        pp_buf_puts(out, pp_json_get(item, "url") ? "not cached"
                                                  : "not cached (no URL)");
}

int pp_sources_table(const cJSON *list, cJSON **out)
{
    static const char *const cols[] = {"source", "kind", "priority", "cache",
                                       "url"};
    cJSON *t = cJSON_CreateObject();
    cJSON *columns = cJSON_AddArrayToObject(t, "columns");
    cJSON *rows = cJSON_AddArrayToObject(t, "rows");
    const cJSON *s;
    *out = NULL;
    if (!rows) {
        cJSON_Delete(t);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cJSON_AddItemToArray(columns, cJSON_CreateString(cols[i]));
    cJSON_ArrayForEach(s, pp_json_get(list, "sources"))
    {
        cJSON *row = cJSON_CreateArray();
        pp_buf state = PP_BUF_INIT;
        cache_state(&state, s);
        cJSON_AddItemToArray(row, cJSON_CreateString(pp_json_str(s, "id", "")));
        cJSON_AddItemToArray(row,
                             cJSON_CreateString(pp_json_str(s, "kind", "")));
        cJSON_AddItemToArray(row, cJSON_CreateString(
                                      pp_json_str(s, "priority", "")));
        cJSON_AddItemToArray(row, cJSON_CreateString(pp_buf_cstr(&state)));
        cJSON_AddItemToArray(row,
                             cJSON_CreateString(pp_json_str(s, "url", "-")));
        cJSON_AddItemToArray(rows, row);
        pp_buf_dispose(&state);
    }
    *out = t;
    return 0;
}

/* Add the paths of a record's body and text to it. */
static void add_paths(pp_cache *c, cJSON *meta)
{
    pp_buf p = PP_BUF_INIT;
    pp_buf_printf(&p, "%s/%s", pp_cache_dir(c), pp_json_str(meta, "blob", ""));
    cJSON_AddStringToObject(meta, "blob_path", pp_buf_cstr(&p));
    pp_buf_clear(&p);
    if (pp_json_str(meta, "text", NULL)) {
        pp_buf_printf(&p, "%s/%s", pp_cache_dir(c),
                      pp_json_str(meta, "text", ""));
        cJSON_AddStringToObject(meta, "text_path", pp_buf_cstr(&p));
    }
    pp_buf_dispose(&p);
}

int pp_sources_show(pp_cache *c, const cJSON *const *docs, size_t n,
                    const char *id, cJSON **out)
{
    cJSON *merged = NULL, *meta = NULL, *root = NULL;
    const cJSON *s;
    int rc;
    *out = NULL;
    if ((rc = pp_sources_merge(docs, n, NULL, &merged)) < 0)
        return rc;
    s = pp_json_get(merged, id);
    if ((rc = pp_cache_source_meta(c, id, &meta)) == PP_ENOTFOUND)
        rc = s ? 0
               : pp_error_set(PP_ENOTFOUND,
                              "no passport cites a source "
                              "'%s' and nothing is cached under it",
                              id);
    if (rc < 0)
        goto done;
    root = s ? cJSON_Duplicate(s, 1) : cJSON_CreateObject();
    if (!s)
        cJSON_AddStringToObject(root, "id", id);
    if (meta) {
        add_paths(c, meta);
        cJSON_AddItemToObject(root, "cache", meta);
        meta = NULL;
    } else {
        cJSON_AddNullToObject(root, "cache");
    }
    *out = root;
done:
    cJSON_Delete(meta);
    cJSON_Delete(merged);
    return rc;
}

int pp_sources_fetch(pp_cache *c, const cJSON *merged, const char *id,
                     const char *url, int force, const pp_fetch_opts *o,
                     cJSON **meta, enum pp_cache_got *got)
{
    const cJSON *s = pp_json_get(merged, id);
    pp_buf key = PP_BUF_INIT;
    int rc;
    *meta = NULL;
    *got = PP_CACHE_KEPT;
    if (!s)
        return pp_error_set(PP_EUSAGE,
                            "no passport cites a source '%s' "
                            "(see 'passport source list')",
                            id);
    if (!url && !(url = pp_json_str(s, "url", NULL)))
        return pp_error_set(PP_EUSAGE,
                            "source '%s' has no URL; give one "
                            "with --url",
                            id);
    if ((rc = pp_cache_key_source(&key, id)) == 0)
        rc = pp_cache_get(c, key.ptr, url, force, o, meta, got);
    pp_buf_dispose(&key);
    return rc;
}

/* The lines of what the registry says of a source. */
static void cited_text(pp_buf *out, const cJSON *shown)
{
    const cJSON *pp;
    int first = 1;
    if (!pp_json_get(shown, "passports")) {
        pp_buf_puts(out, "cited by:     no passport\n");
        return;
    }
    pp_buf_printf(out, "kind:         %s (%s)\n",
                  pp_json_str(shown, "kind", "?"),
                  pp_json_str(shown, "priority", "?"));
    pp_buf_printf(out, "title:        %s\n", pp_json_str(shown, "title", ""));
    pp_buf_printf(out, "url:          %s\n",
                  pp_json_str(shown, "url", "(none)"));
    pp_buf_puts(out, "cited by:     ");
    cJSON_ArrayForEach(pp, pp_json_get(shown, "passports"))
    {
        pp_buf_printf(out, "%s%s", first ? "" : ", ", pp->valuestring);
        first = 0;
    }
    pp_buf_putc(out, '\n');
}

/* The lines of a cache record. */
static void record_text(pp_buf *out, const cJSON *meta)
{
    const cJSON *st = pp_json_get(meta, "status");
    pp_buf_puts(out, "cache:        cached\n");
    pp_buf_printf(out, "  fetched:    %s\n", pp_json_str(meta, "url", ""));
    pp_buf_printf(out, "  final url:  %s\n",
                  pp_json_str(meta, "final_url", ""));
    if (cJSON_IsNumber(st))
        pp_buf_printf(out, "  status:     HTTP %d\n", st->valueint);
    pp_buf_printf(out, "  type:       %s\n",
                  pp_json_str(meta, "content_type", "(none)"));
    pp_buf_printf(out, "  size:       %.0f bytes\n",
                  cJSON_GetNumberValue(pp_json_get(meta, "size")));
    pp_buf_printf(out, "  sha256:     %s\n", pp_json_str(meta, "sha256", ""));
    pp_buf_printf(out, "  retrieved:  %s\n",
                  pp_json_str(meta, "retrieved", ""));
    pp_buf_printf(out, "  body:       %s\n",
                  pp_json_str(meta, "blob_path", ""));
    if (pp_json_str(meta, "text_path", NULL))
        pp_buf_printf(out, "  text:       %s (from %s)\n",
                      pp_json_str(meta, "text_path", ""),
                      pp_json_str(meta, "text_kind", ""));
    else
        pp_buf_puts(out, "  text:       none: not searchable\n");
}

int pp_sources_show_text(pp_buf *out, const cJSON *shown)
{
    const cJSON *meta = pp_json_get(shown, "cache");
    const char *id = pp_json_str(shown, "id", "");
    pp_buf_printf(out, "source:       %s\n", id);
    cited_text(out, shown);
    if (cJSON_IsObject(meta))
        record_text(out, meta);
    else
        pp_buf_printf(out,
                      "cache:        not cached (passport source "
                      "fetch %s)\n",
                      id);
    return 0;
}
