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
    const cJSON *id = cJSON_GetObjectItem(passport, "id");
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(passport, "sources"))
    {
        static const char *const keys[] = {"id", "kind", "priority", "title",
                                           "url"};
        cJSON *o = cJSON_CreateObject();
        if (!o)
            return pp_error_set(PP_ENOMEM, "out of memory");
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
            const cJSON *v = cJSON_GetObjectItem(s, keys[i]);
            if (cJSON_IsString(v))
                cJSON_AddStringToObject(o, keys[i], v->valuestring);
        }
        cJSON_AddStringToObject(o, "passport",
                                cJSON_IsString(id) ? id->valuestring : "");
        cJSON_AddItemToArray(out, o);
    }
    return 0;
}

static int walk(const cJSON *node, pp_buf *ptr, const char *passport,
                cJSON *out, int depth)
{
    const cJSON *q = cJSON_GetObjectItem(node, "quote");
    const cJSON *src = cJSON_GetObjectItem(node, "source");
    const cJSON *child;
    int i = 0;
    if (depth > PP_JSON_MAX_DEPTH)
        return 0;
    if (cJSON_IsObject(node) && cJSON_IsString(q) && cJSON_IsString(src)) {
        const cJSON *sec = cJSON_GetObjectItem(node, "section");
        cJSON *o = cJSON_CreateObject();
        if (!o)
            return pp_error_set(PP_ENOMEM, "out of memory");
        cJSON_AddStringToObject(o, "passport", passport);
        cJSON_AddStringToObject(o, "pointer", pp_buf_cstr(ptr));
        cJSON_AddStringToObject(o, "source", src->valuestring);
        cJSON_AddStringToObject(o, "section", cJSON_IsString(sec)
                                                  ? sec->valuestring
                                                  : "");
        cJSON_AddStringToObject(o, "quote", q->valuestring);
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
    const cJSON *id = cJSON_GetObjectItem(passport, "id");
    pp_buf ptr = PP_BUF_INIT;
    int rc;
    if (pp_buf_puts(&ptr, "") < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    rc = walk(passport, &ptr, cJSON_IsString(id) ? id->valuestring : "", out,
              0);
    pp_buf_dispose(&ptr);
    return rc;
}
