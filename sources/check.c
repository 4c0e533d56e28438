/*
 * check.c - every quote of a set of passports looked for in the cached
 * text of the source it cites (`passport source check`).
 *
 * The text of each source is read from the cache once per check, however
 * many quotes cite it.  A quote whose source is not cached or not
 * searchable is unchecked, never found, and its source is listed with the
 * reason, so that one line per source can say what to fetch; a quote that
 * cannot be searched for (empty, too long) is unchecked on its own.
 * A source the passport pinned (pin.c) is compared with the cached body:
 * one that changed since is reported, and fails the check.
 * `passport source quote` asks the same of one URL and one quote.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../schema/passport.h"
#include "../core/banned.h"

/* The searchable text of each source met so far: text is an object
 * id -> the text, or null when there is none, and why id -> the reason. */
struct texts {
    cJSON *text, *why;
};

void pp_quote_check_dispose(pp_quote_check *r)
{
    if (!r)
        return;
    cJSON_Delete(r->report);
    cJSON_Delete(r->sources);
    memset(r, 0, sizeof *r);
}

/* The text of source `sid` (NULL when there is none), read on first use. */
static const cJSON *source_text(pp_cache *c, struct texts *t, const char *sid)
{
    const cJSON *have = pp_json_get(t->text, sid);
    if (!have) {
        cJSON *meta = NULL;
        pp_buf text = PP_BUF_INIT;
        if (pp_cache_source_meta(c, sid, &meta) < 0) {
            cJSON_AddNullToObject(t->text, sid);
            cJSON_AddStringToObject(t->why, sid, "not cached");
        } else if (pp_cache_text(c, meta, &text) < 0) {
            cJSON_AddNullToObject(t->text, sid);
            cJSON_AddStringToObject(t->why, sid, pp_error_last());
        } else {
            cJSON_AddStringToObject(t->text, sid, pp_buf_cstr(&text));
        }
        pp_buf_dispose(&text);
        cJSON_Delete(meta);
        have = pp_json_get(t->text, sid);
    }
    return cJSON_IsString(have) ? have : NULL;
}

/* Count quote `q` unchecked for want of its source's text. */
static void no_text(pp_quote_check *r, const struct texts *t, cJSON *q,
                    const char *sid)
{
    cJSON *n = (cJSON *)pp_json_get(r->sources, sid);
    const char *why = pp_json_str(t->why, sid, "");
    cJSON_AddStringToObject(q, "status", "unchecked");
    cJSON_AddStringToObject(q, "reason", why);
    if (!n) {
        n = cJSON_AddObjectToObject(r->sources, sid);
        cJSON_AddNumberToObject(n, "count", 0);
        cJSON_AddStringToObject(n, "reason", why);
    }
    n = (cJSON *)pp_json_get(n, "count");
    cJSON_SetNumberValue(n, n->valuedouble + 1);
    r->unchecked++;
}

/* Look for quote `q` in the text of its source; its status added to it. */
static void check_one(pp_cache *c, struct texts *t, pp_quote_check *r, cJSON *q)
{
    const char *sid = pp_json_str(q, "source", "");
    const cJSON *text = source_text(c, t, sid);
    pp_quote *pq = NULL;
    size_t line = 0;
    int hit;
    if (!text) {
        no_text(r, t, q, sid);
        return;
    }
    if (pp_quote_compile(&pq, pp_json_str(q, "quote", "")) < 0 ||
        (hit = pp_quote_find_line(pq, text->valuestring,
                                  strlen(text->valuestring), &line)) < 0) {
        cJSON_AddStringToObject(q, "status", "unchecked");
        cJSON_AddStringToObject(q, "reason", pp_error_last());
        r->unchecked++;
    } else if (hit) {
        cJSON_AddStringToObject(q, "status", "found");
        cJSON_AddNumberToObject(q, "line", (double)line);
        r->found++;
    } else {
        cJSON_AddStringToObject(q, "status", "missing");
        r->missing++;
    }
    pp_quote_free(pq);
}

/* Compare each pin of passport `doc` with the cached record of its source;
 * one object each added to r->report's "pins". */
static int check_pins(pp_cache *c, const cJSON *doc, pp_quote_check *r)
{
    cJSON *pins = (cJSON *)pp_json_get(r->report, "pins");
    const char *pid = pp_json_str(doc, "id", "");
    const cJSON *s;
    cJSON_ArrayForEach(s, pp_json_get(doc, "sources"))
    {
        const char *sid = pp_json_str(s, "id", "");
        cJSON *meta = NULL, *o;
        pp_source_pin pin;
        const char *now;
        if (!pp_passport_source_pin(doc, sid, &pin))
            continue;
        if (!(o = cJSON_CreateObject()))
            return pp_error_set(PP_ENOMEM, "out of memory");
        cJSON_AddItemToArray(pins, o);
        cJSON_AddStringToObject(o, "passport", pid);
        cJSON_AddStringToObject(o, "source", sid);
        cJSON_AddStringToObject(o, "pinned", pin.sha256);
        cJSON_AddStringToObject(o, "date", pin.date);
        if (pp_cache_source_meta(c, sid, &meta) < 0) {
            cJSON_AddStringToObject(o, "status", "unchecked");
            cJSON_AddStringToObject(o, "reason", "not cached");
            r->pins_unchecked++;
            continue;
        }
        now = pp_json_str(meta, "sha256", "");
        cJSON_AddStringToObject(o, "now", now);
        cJSON_AddStringToObject(o, "retrieved",
                                pp_json_str(meta, "retrieved", ""));
        if (!strcmp(now, pin.sha256)) {
            cJSON_AddStringToObject(o, "status", "same");
            r->pins_same++;
        } else {
            cJSON_AddStringToObject(o, "status", "changed");
            r->changed++;
        }
        cJSON_Delete(meta);
    }
    return 0;
}

/* The lines of the pins: one per changed source, then the count. */
static void pin_lines(pp_buf *out, const pp_quote_check *r)
{
    const cJSON *p;
    int total = r->pins_same + r->changed + r->pins_unchecked;
    cJSON_ArrayForEach(p, pp_json_get(r->report, "pins"))
    {
        if (strcmp(pp_json_str(p, "status", ""), "changed") != 0)
            continue;
        pp_buf_printf(out,
                      "%s: error: source '%s' changed since pinned on %s: "
                      "pinned sha256 %.12s, now %.12s [source-changed]\n",
                      pp_json_str(p, "passport", ""),
                      pp_json_str(p, "source", ""), pp_json_str(p, "date", ""),
                      pp_json_str(p, "pinned", ""), pp_json_str(p, "now", ""));
    }
    if (total)
        pp_buf_printf(out, "%d pin%s: %d unchanged, %d changed, %d unchecked\n",
                      total, total == 1 ? "" : "s", r->pins_same, r->changed,
                      r->pins_unchecked);
}

int pp_sources_check(pp_cache *c, const cJSON *const *docs, size_t n,
                     const char *only, pp_quote_check *out)
{
    struct texts t = {cJSON_CreateObject(), cJSON_CreateObject()};
    cJSON *quotes = cJSON_CreateArray(), *sum;
    cJSON *q;
    int rc = 0;

    memset(out, 0, sizeof *out);
    out->report = cJSON_CreateObject();
    out->sources = cJSON_CreateObject();
    if (!t.text || !t.why || !quotes || !out->report || !out->sources) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    if (!cJSON_AddArrayToObject(out->report, "pins")) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n && rc == 0; i++)
        if (!only || !strcmp(pp_json_str(docs[i], "id", ""), only))
            if ((rc = pp_sources_quotes(docs[i], quotes)) == 0)
                rc = check_pins(c, docs[i], out);
    if (rc < 0)
        goto done;
    cJSON_ArrayForEach(q, quotes)
    {
        check_one(c, &t, out, q);
    }
    cJSON_AddItemToObject(out->report, "quotes", quotes);
    quotes = NULL;
    sum = cJSON_AddObjectToObject(out->report, "summary");
    cJSON_AddNumberToObject(sum, "found", out->found);
    cJSON_AddNumberToObject(sum, "missing", out->missing);
    cJSON_AddNumberToObject(sum, "unchecked", out->unchecked);
    cJSON_AddNumberToObject(sum, "pins_unchanged", out->pins_same);
    cJSON_AddNumberToObject(sum, "changed", out->changed);
    cJSON_AddNumberToObject(sum, "pins_unchecked", out->pins_unchecked);
done:
    if (rc < 0)
        pp_quote_check_dispose(out);
    cJSON_Delete(quotes);
    cJSON_Delete(t.text);
    cJSON_Delete(t.why);
    return rc;
}

/* The line of a quote that is missing or could not be searched for. */
static void quote_line(pp_buf *out, const pp_quote_check *r, const cJSON *q)
{
    const char *status = pp_json_str(q, "status", "");
    const char *sid = pp_json_str(q, "source", "");
    if (!strcmp(status, "missing"))
        pp_buf_printf(out,
                      "%s:%s: error: quote not found in the cached "
                      "text of source '%s' (%s): \"%s\" [quote-missing]\n",
                      pp_json_str(q, "passport", ""),
                      pp_json_str(q, "pointer", ""), sid,
                      pp_json_str(q, "section", ""),
                      pp_json_str(q, "quote", ""));
    /* A source's own unchecked quotes have one line per source. */
    else if (!strcmp(status, "unchecked") && !pp_json_get(r->sources, sid))
        pp_buf_printf(out,
                      "%s:%s: warning: unchecked: %s "
                      "[quote-unchecked]\n",
                      pp_json_str(q, "passport", ""),
                      pp_json_str(q, "pointer", ""),
                      pp_json_str(q, "reason", ""));
}

int pp_quote_check_text(pp_buf *out, const pp_quote_check *r)
{
    const cJSON *q, *s;
    int total = r->found + r->missing + r->unchecked;
    cJSON_ArrayForEach(q, pp_json_get(r->report, "quotes"))
    {
        quote_line(out, r, q);
    }
    cJSON_ArrayForEach(s, r->sources)
    {
        int count = (int)cJSON_GetNumberValue(pp_json_get(s, "count"));
        pp_buf_printf(out,
                      "%s: warning: %d quote%s unchecked: %s; fetch it "
                      "with 'passport source fetch %s' [quote-unchecked]\n",
                      s->string, count, count == 1 ? "" : "s",
                      pp_json_str(s, "reason", "?"), s->string);
    }
    pp_buf_printf(out, "%d quote%s: %d found, %d missing, %d unchecked\n",
                  total, total == 1 ? "" : "s", r->found, r->missing,
                  r->unchecked);
    pin_lines(out, r);
    return 0;
}

void pp_quote_answer_dispose(pp_quote_answer *a)
{
    if (!a)
        return;
    cJSON_Delete(a->meta);
    free(a->url);
    free(a->unsearchable);
    memset(a, 0, sizeof *a);
}

int pp_sources_quote_fetch(pp_cache *c, const char *url, int force,
                           const pp_fetch_opts *o, pp_quote_answer *out)
{
    pp_buf key = PP_BUF_INIT;
    enum pp_cache_got got;
    int rc;
    memset(out, 0, sizeof *out);
    if (!(out->url = pp_fetch_redact(url)))
        rc = pp_error_set(PP_ENOMEM, "out of memory");
    else if ((rc = pp_cache_key_url(&key, url)) == 0)
        rc = pp_cache_get(c, key.ptr, url, force, o, &out->meta, &got);
    if (rc < 0)
        pp_quote_answer_dispose(out);
    pp_buf_dispose(&key);
    return rc;
}

int pp_sources_quote_search(pp_cache *c, const pp_quote *q, pp_quote_answer *a)
{
    pp_buf text = PP_BUF_INIT;
    int rc = 0;
    if (pp_cache_text(c, a->meta, &text) < 0) {
        /* a finding about the URL, not a failure of the search */
        if (!(a->unsearchable = strdup(pp_error_last())))
            rc = pp_error_set(PP_ENOMEM, "out of memory");
    } else if ((rc = pp_quote_find_line(q, pp_buf_cstr(&text), text.len,
                                        &a->line)) >= 0) {
        a->found = rc;
        rc = 0;
    }
    pp_buf_dispose(&text);
    return rc;
}

int pp_quote_answer_text(pp_buf *out, const pp_quote_answer *a)
{
    const char *u = pp_json_str(a->meta, "final_url", a->url);
    const char *sha = pp_json_str(a->meta, "sha256", "");
    if (a->found)
        return pp_buf_printf(out,
                             "found in %s (line %zu of its text, sha256 "
                             "%.12s)\n",
                             u, a->line, sha);
    return pp_buf_printf(out, "not found in %s (sha256 %.12s)\n", u, sha);
}
