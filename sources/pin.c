/*
 * pin.c - the version of a source a passport's quotes were checked
 * against, recorded in the passport (`passport source pin`), and the check
 * that the cached text is still that version (`passport source check`).
 *
 * The cache lives beside the registry, outside git; a pin puts the
 * SHA-256 of the body (the name of its blob in the cache, which its text
 * is made from) and the day it was fetched into the source's entry of the
 * passport, so the pin is committed with the passport and `get --at` a
 * date shows which version backed a fact.  A source is pinned only when
 * every quote the passport takes from it is found in that text
 * (pp_sources_check); check.c compares the pins with the cache.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../schema/passport.h"
#include "../core/banned.h"

/* 1 when `sid` is one of the `n` ids of `sids` (n 0: any). */
static int wanted(const char *const *sids, size_t n, const char *sid)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(sids[i], sid))
            return 1;
    return n == 0;
}

/* The entry of source `sid` in `doc`, or NULL. */
static cJSON *source_entry(cJSON *doc, const char *sid)
{
    cJSON *s;
    cJSON_ArrayForEach(s, (cJSON *)pp_json_get(doc, "sources"))
    {
        if (!strcmp(pp_json_str(s, "id", ""), sid))
            return s;
    }
    return NULL;
}

/* Refuse to pin `sid` when a quote the passport takes from it is not
 * found in the text checked (`r`): PP_EINVALID naming the first. */
static int quotes_hold(const pp_quote_check *r, const char *pid,
                       const char *sid)
{
    const cJSON *q, *first = NULL;
    int bad = 0;
    cJSON_ArrayForEach(q, pp_json_get(r->report, "quotes"))
    {
        if (strcmp(pp_json_str(q, "source", ""), sid) != 0 ||
            !strcmp(pp_json_str(q, "status", ""), "found"))
            continue;
        if (!first)
            first = q;
        bad++;
    }
    if (!bad)
        return 0;
    return pp_error_set(PP_EINVALID,
                        "cannot pin source '%s' of %s: %d of its quotes %s "
                        "not found in its cached text (%s at %s: \"%s\"); "
                        "nothing was pinned",
                        sid, pid, bad, bad == 1 ? "is" : "are",
                        pp_json_str(first, "status", ""),
                        pp_json_str(first, "pointer", ""),
                        pp_json_str(first, "quote", ""));
}

/* Pin `sid` in `copy` to cache record `meta`; its line added to `report`. */
static int pin_one(cJSON *copy, const char *sid, const cJSON *meta,
                   cJSON *report)
{
    const char *sha = pp_json_str(meta, "sha256", "");
    const char *when = pp_json_str(meta, "retrieved", "");
    cJSON *entry = source_entry(copy, sid), *line = cJSON_CreateObject();
    cJSON *pin;
    pp_source_pin old;
    char day[11];
    if (!line)
        return pp_error_set(PP_ENOMEM, "out of memory");
    cJSON_AddItemToArray(report, line);
    cJSON_AddStringToObject(line, "source", sid);
    if (strlen(sha) != 64 || strlen(when) < 10)
        return pp_error_set(PP_EINVALID,
                            "the cache record of source '%s' is damaged; "
                            "fetch the source again with --force",
                            sid);
    memcpy(day, when, 10);
    day[10] = '\0';
    if (pp_passport_source_pin(copy, sid, &old) && !strcmp(old.sha256, sha)) {
        cJSON_AddStringToObject(line, "status", "unchanged");
        cJSON_AddStringToObject(line, "sha256", old.sha256);
        cJSON_AddStringToObject(line, "date", old.date);
        return 0;
    }
    if (!(pin = cJSON_CreateObject()))
        return pp_error_set(PP_ENOMEM, "out of memory");
    cJSON_AddStringToObject(pin, "sha256", sha);
    cJSON_AddStringToObject(pin, "date", day);
    cJSON_DeleteItemFromObjectCaseSensitive(entry, "pin");
    cJSON_AddItemToObject(entry, "pin", pin);
    cJSON_AddStringToObject(line, "status", "pinned");
    cJSON_AddStringToObject(line, "sha256", sha);
    cJSON_AddStringToObject(line, "date", day);
    return 0;
}

int pp_sources_pin(pp_cache *c, const cJSON *doc, const char *const *sids,
                   size_t n, cJSON **out, cJSON **report)
{
    const char *pid = pp_json_str(doc, "id", "");
    pp_quote_check r = {0};
    cJSON *copy = NULL, *rep = NULL, *meta = NULL;
    const cJSON *s;
    int rc;

    *out = *report = NULL;
    for (size_t i = 0; i < n; i++)
        if (!source_entry((cJSON *)doc, sids[i]))
            return pp_error_set(PP_ENOTFOUND, "%s cites no source '%s'", pid,
                                sids[i]);
    if ((rc = pp_sources_check(c, &doc, 1, NULL, &r)) < 0)
        return rc;
    if (!(copy = cJSON_Duplicate(doc, 1)) || !(rep = cJSON_CreateArray())) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    cJSON_ArrayForEach(s, pp_json_get(doc, "sources"))
    {
        const char *sid = pp_json_str(s, "id", "");
        if (!wanted(sids, n, sid))
            continue;
        cJSON_Delete(meta);
        meta = NULL;
        if (pp_cache_source_meta(c, sid, &meta) < 0) {
            cJSON *line;
            if (n) {
                rc = pp_error_set(PP_ENOTFOUND,
                                  "source '%s' is not cached; fetch it "
                                  "with 'passport source fetch %s'; "
                                  "nothing was pinned",
                                  sid, sid);
                goto done;
            }
            if (!(line = cJSON_CreateObject())) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                goto done;
            }
            cJSON_AddStringToObject(line, "source", sid);
            cJSON_AddStringToObject(line, "status", "not cached");
            cJSON_AddItemToArray(rep, line);
            continue;
        }
        if ((rc = quotes_hold(&r, pid, sid)) < 0 ||
            (rc = pin_one(copy, sid, meta, rep)) < 0)
            goto done;
    }
    *out = copy;
    *report = rep;
    copy = rep = NULL;
done:
    cJSON_Delete(meta);
    cJSON_Delete(copy);
    cJSON_Delete(rep);
    pp_quote_check_dispose(&r);
    return rc;
}

int pp_sources_pin_text(pp_buf *out, const char *passport, const cJSON *report)
{
    const cJSON *l;
    cJSON_ArrayForEach(l, report)
    {
        const char *st = pp_json_str(l, "status", "");
        if (!strcmp(st, "not cached"))
            pp_buf_printf(out, "%s: not cached, not pinned\n",
                          pp_json_str(l, "source", ""));
        else
            pp_buf_printf(out, "%s: %s sha256 %.12s on %s (%s)\n",
                          pp_json_str(l, "source", ""),
                          !strcmp(st, "pinned") ? "pinned" : "already pinned",
                          pp_json_str(l, "sha256", ""),
                          pp_json_str(l, "date", ""), passport);
    }
    return 0;
}
