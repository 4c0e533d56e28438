/*
 * collect.c - the sources a passport cites and the quotes it carries.
 *
 * A quote sits in an object that also names its source: evidence of a
 * fact or role, a support of a claim, unknown or boundary, and the `via`
 * of either (the seed document a statement reached us through).  Each is
 * checked against its own object's source.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

int pp_sources_of(const cJSON *passport, cJSON *out)
{
    const char *id = pp_json_str(passport, "id", "");
    const cJSON *s;
    cJSON_ArrayForEach(s, pp_json_get(passport, "sources"))
    {
        static const char *const keys[] = {"id", "kind", "priority", "title",
                                           "url"};
        cJSON *o = cJSON_CreateObject();
        if (!o)
            return pp_error_set(PP_ENOMEM, "out of memory");
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
            const char *v = pp_json_str(s, keys[i], NULL);
            if (v)
                cJSON_AddStringToObject(o, keys[i], v);
        }
        cJSON_AddStringToObject(o, "passport", id);
        cJSON_AddItemToArray(out, o);
    }
    return 0;
}

static int walk(const cJSON *node, pp_buf *ptr, const char *passport,
                cJSON *out, int depth)
{
    const char *q = pp_json_str(node, "quote", NULL);
    const char *src = pp_json_str(node, "source", NULL);
    const cJSON *child;
    int i = 0;
    if (depth > PP_JSON_MAX_DEPTH)
        return 0;
    if (q && src) {
        cJSON *o = cJSON_CreateObject();
        if (!o)
            return pp_error_set(PP_ENOMEM, "out of memory");
        cJSON_AddStringToObject(o, "passport", passport);
        cJSON_AddStringToObject(o, "pointer", pp_buf_cstr(ptr));
        cJSON_AddStringToObject(o, "source", src);
        cJSON_AddStringToObject(o, "section", pp_json_str(node, "section", ""));
        cJSON_AddStringToObject(o, "quote", q);
        cJSON_AddItemToArray(out, o);
    }
    if (!cJSON_IsObject(node) && !cJSON_IsArray(node))
        return 0;
    for (child = node->child; child; child = child->next, i++) {
        size_t len = ptr->len;
        int rc = cJSON_IsArray(node) ? pp_json_pointer_push_index(ptr, i)
                                     : pp_json_pointer_push(ptr, child->string);
        if (rc < 0 || (rc = walk(child, ptr, passport, out, depth + 1)) < 0)
            return rc;
        ptr->len = len;
        ptr->ptr[len] = '\0';
    }
    return 0;
}

int pp_sources_quotes(const cJSON *passport, cJSON *out)
{
    pp_buf ptr = PP_BUF_INIT;
    int rc;
    if (pp_buf_puts(&ptr, "") < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    rc = walk(passport, &ptr, pp_json_str(passport, "id", ""), out, 0);
    pp_buf_dispose(&ptr);
    return rc;
}
