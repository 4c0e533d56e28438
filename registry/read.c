/*
 * read.c - reading the registry at a point of its history: a revision or
 * date resolved to a main-line commit, a name resolved to a passport id,
 * one passport loaded and validated, every passport loaded (the one
 * loader behind the commands that read them all; passport files outside
 * the registry load into the same set, with its validation report), and
 * a listing of chosen fields.  What depends on history is an index
 * lookup (index.c); only the final passport text is read from git, by
 * blob id.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../schema/passport.h"
#include "../core/banned.h"

int pp_reg_sync_index(pp_reg *r, size_t *new_commits)
{
    return pp_index_sync(r, new_commits);
}

int pp_reg_doctor(pp_reg *r, cJSON **out)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *objects = cJSON_AddObjectToObject(root, "objects");
    cJSON *index = cJSON_AddObjectToObject(root, "index");
    cJSON *op = cJSON_CreateArray(), *ip = cJSON_CreateArray();
    size_t checked = 0;
    int rc;

    *out = NULL;
    cJSON_AddItemToObject(objects, "problems", op);
    cJSON_AddItemToObject(index, "problems", ip);
    if ((rc = pp_store_check(r, &checked, op)) < 0 ||
        (rc = pp_index_check(r, ip)) < 0) {
        cJSON_Delete(root);
        return rc;
    }
    cJSON_AddNumberToObject(objects, "checked", (double)checked);
    cJSON_AddBoolToObject(root, "healthy",
                          !cJSON_GetArraySize(op) && !cJSON_GetArraySize(ip));
    *out = root;
    return 0;
}

int pp_reg_reindex(pp_reg *r)
{
    return pp_index_rebuild(r);
}

/* The main-line commit a revision names (found = 1 from the index). */
static int at_revision(pp_reg *r, const char *spec, pp_at *out)
{
    git_oid oid;
    char hex[GIT_OID_HEXSZ + 1];
    int rc = pp_store_rev_commit(r, spec, &oid);
    if (rc < 0)
        return rc;
    git_oid_tostr(hex, sizeof(hex), &oid);
    if ((rc = pp_index_commit(r, hex, out)) == 1 && out->seq < 0)
        return pp_error_set(PP_EUSAGE,
                            "revision '%s' is not on the "
                            "registry's main line (it was merged from a "
                            "side branch); name the merge instead",
                            spec);
    return rc;
}

int pp_reg_at(pp_reg *r, const char *spec, pp_at *out)
{
    long long t;
    int date_only, rc;

    memset(out, 0, sizeof(*out));
    out->seq = -1;
    if (!spec) {
        rc = pp_index_tip(r, out);
        return rc < 0 ? rc : 0; /* none: an empty registry */
    }
    if (pp_who_parse_date(spec, &t, &date_only) == 0) {
        if (date_only)
            t += 86399; /* the whole day, UTC */
        if (t > (long long)time(NULL) + (date_only ? 86400 : 0))
            return pp_error_set(PP_EUSAGE, "'%s' is in the future", spec);
        rc = pp_index_at_time(r, t, out);
    } else {
        rc = at_revision(r, spec, out);
    }
    if (rc == 0)
        rc = pp_error_set(PP_ENOTFOUND,
                          "the registry has no commit at or "
                          "before '%s'",
                          spec);
    if (rc < 0) {
        memset(out, 0, sizeof(*out));
        out->seq = -1;
        return rc;
    }
    return 0;
}

int pp_reg_at_describe(const pp_at *at, pp_buf *out)
{
    char day[16];
    time_t t = (time_t)at->time;
    struct tm tm;

    if (!at->oid[0])
        return 0;
    gmtime_r(&t, &tm);
    strftime(day, sizeof day, "%Y-%m-%d", &tm);
    return pp_buf_printf(out, "main at %.12s (%s)", at->oid, day);
}

int pp_reg_is_revision(pp_reg *r, const char *spec)
{
    git_oid oid;
    int rc = pp_store_rev_commit(r, spec, &oid);
    pp_error_clear();
    return rc == 0;
}

int pp_reg_resolve(pp_reg *r, const pp_at *at, const char *query, pp_buf *id)
{
    pp_buf norm = PP_BUF_INIT, list = PP_BUF_INIT;
    cJSON *ids = NULL;
    const cJSON *c;
    int rc, hits;

    /* An exact id wins over any alias. */
    if ((rc = pp_index_has_passport(r, at->seq, query)) != 0)
        return rc < 0 ? rc : pp_buf_puts(id, query);
    pp_name_normalize(query, &norm);
    rc = pp_index_named(r, at->seq, pp_buf_cstr(&norm), &ids);
    pp_buf_dispose(&norm);
    if (rc < 0)
        return rc;
    hits = cJSON_GetArraySize(ids);
    cJSON_ArrayForEach(c, ids)
        pp_buf_printf(&list, "%s%s", c == ids->child ? "" : ", ",
                      c->valuestring);
    if (hits == 1)
        rc = pp_buf_puts(id, ids->child->valuestring);
    else if (hits == 0)
        rc = pp_error_set(PP_ENOTFOUND,
                          "no passport named '%s' (try "
                          "'passport list')",
                          query);
    else
        rc = pp_error_set(PP_EAMBIGUOUS, "'%s' is ambiguous: it names %s",
                          query, pp_buf_cstr(&list));
    cJSON_Delete(ids);
    pp_buf_dispose(&list);
    return rc;
}

/* Are the passports `ids` checkpoints of one report: each of kind
 * "checkpoint", all of one family?  1, 0, or an error. */
static int one_report(pp_reg *r, const pp_at *at, const cJSON *ids)
{
    const cJSON *c;
    char family[128] = "";
    int same = 1;
    cJSON_ArrayForEach(c, ids)
    {
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        const cJSON *j;
        int rc = pp_reg_load(r, at, c->valuestring, &p, &d);
        pp_diags_dispose(&d);
        if (rc < 0)
            return rc;
        j = pp_passport_json(p);
        if (strcmp(pp_json_str(j, "kind", ""), "checkpoint") != 0 ||
            !pp_json_str(j, "family", NULL) ||
            (family[0] && strcmp(family, pp_json_str(j, "family", "")) != 0))
            same = 0;
        else if (!family[0])
            snprintf(family, sizeof(family), "%s",
                     pp_json_str(j, "family", ""));
        pp_passport_free(p);
    }
    return same;
}

int pp_reg_resolve_report(pp_reg *r, const pp_at *at, const char *query,
                          cJSON **ids)
{
    pp_buf id = PP_BUF_INIT, norm = PP_BUF_INIT;
    int rc = pp_reg_resolve(r, at, query, &id);

    *ids = NULL;
    if (rc == 0) {
        *ids = cJSON_CreateArray();
        cJSON_AddItemToArray(*ids, cJSON_CreateString(id.ptr));
        pp_buf_dispose(&id);
        return *ids && (*ids)->child ? 0
                                     : pp_error_set(PP_ENOMEM, "out of memory");
    }
    pp_buf_dispose(&id);
    if (rc != PP_EAMBIGUOUS)
        return rc;
    pp_error_clear();
    pp_name_normalize(query, &norm);
    rc = pp_index_named(r, at->seq, pp_buf_cstr(&norm), ids);
    pp_buf_dispose(&norm);
    if (rc == 0 && (rc = one_report(r, at, *ids)) == 1)
        return 0;
    cJSON_Delete(*ids);
    *ids = NULL;
    /* not checkpoints of one report: the name stays ambiguous */
    return rc < 0 ? rc : pp_reg_resolve(r, at, query, &id);
}

int pp_reg_load(pp_reg *r, const pp_at *at, const char *id, pp_passport **out,
                pp_diags *diags)
{
    git_oid blob;
    pp_buf text = PP_BUF_INIT, name = PP_BUF_INIT;
    int rc;

    *out = NULL;
    if ((rc = pp_index_blob(r, at->seq, id, &blob)) <= 0)
        return rc < 0 ? rc : pp_error_set(PP_ENOTFOUND, "no passport '%s'", id);
    if ((rc = pp_store_read_blob(r, &blob, &text)) < 0)
        return rc;
    /* "registry:passports/x.json" reads better than a blob id. */
    pp_buf_printf(&name, "registry:" PP_TREE_DIR "/%s.json", id);
    rc = pp_passport_load_buffer(out, pp_buf_cstr(&text), text.len, name.ptr,
                                 id, diags);
    pp_buf_dispose(&text);
    pp_buf_dispose(&name);
    return rc;
}

int pp_reg_list(pp_reg *r, const pp_at *at, const char *const *keys,
                cJSON **out)
{
    return pp_index_list(r, at->seq, keys, out);
}

/* ------------------------------------------------------------------ */
/* Every passport at once                                             */
/* ------------------------------------------------------------------ */

void pp_reg_set_dispose(pp_reg_set *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nentries; i++) {
        free(s->entries[i].id);
        free(s->entries[i].name);
        pp_passport_free(s->entries[i].passport);
    }
    free(s->entries);
    free(s->docs);
    pp_diags_dispose(&s->diags);
    memset(s, 0, sizeof *s);
}

/* Load entry `e` (its id set) into `out`: 0, also for a passport that does
 * not validate (a gap, never a failed command), or why what follows would
 * be incomplete (out of memory, I/O). */
static int load_entry(pp_reg *r, const pp_at *at, pp_reg_entry *e,
                      pp_reg_set *out)
{
    size_t dropped = out->diags.dropped;

    e->diag_first = out->diags.count;
    e->rc = pp_reg_load(r, at, e->id, &e->passport, &out->diags);
    if (e->rc == PP_EINVALID || e->rc == PP_ETOOBIG) {
        /* its reason, unless it gave one (perhaps past the bound) */
        if (out->diags.count == e->diag_first && out->diags.dropped == dropped)
            pp_diags_add(&out->diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
        e->diag_count = out->diags.count - e->diag_first;
        out->broken++;
        pp_error_clear();
        return 0;
    }
    e->diag_count = out->diags.count - e->diag_first;
    if (e->rc < 0)
        return e->rc;
    out->docs[out->n++] = pp_passport_json(e->passport);
    return 0;
}

int pp_reg_load_all(pp_reg *r, const pp_at *at, pp_reg_set *out)
{
    cJSON *items = NULL;
    const cJSON *it;
    size_t cap;
    int rc;

    memset(out, 0, sizeof *out);
    out->at = *at;
    if ((rc = pp_reg_list(r, at, NULL, &items)) < 0)
        return rc;
    cap = (size_t)cJSON_GetArraySize(items) + 1;
    out->entries = calloc(cap, sizeof *out->entries);
    out->docs = calloc(cap, sizeof *out->docs);
    if (!out->entries || !out->docs) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    cJSON_ArrayForEach(it, items)
    {
        pp_reg_entry *e = &out->entries[out->nentries];
        pp_buf name = PP_BUF_INIT;
        const char *id = pp_json_str(it, "id", "");
        pp_buf_printf(&name, "registry:" PP_TREE_DIR "/%s.json", id);
        e->name = pp_buf_detach(&name);
        out->nentries++;
        if (!(e->id = strdup(id))) {
            rc = pp_error_set(PP_ENOMEM, "out of memory");
            goto done;
        }
        if ((rc = load_entry(r, at, e, out)) < 0)
            goto done;
    }
done:
    cJSON_Delete(items);
    if (rc < 0)
        pp_reg_set_dispose(out);
    return rc;
}

int pp_reg_load_files(const char *const *files, size_t n, pp_reg_set *out)
{
    memset(out, 0, sizeof *out);
    out->at.seq = -1;
    out->entries = calloc(n + 1, sizeof *out->entries);
    out->docs = calloc(n + 1, sizeof *out->docs);
    if (!out->entries || !out->docs) {
        pp_reg_set_dispose(out);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        pp_reg_entry *e = &out->entries[out->nentries++];
        if (!(e->id = strdup(files[i])) || !(e->name = strdup(files[i]))) {
            pp_reg_set_dispose(out);
            return pp_error_set(PP_ENOMEM, "out of memory");
        }
        e->diag_first = out->diags.count;
        e->rc = pp_passport_load_file(&e->passport, files[i], &out->diags);
        if (e->rc < 0 && e->rc != PP_EINVALID)
            pp_diags_add(&out->diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
        e->diag_count = out->diags.count - e->diag_first;
        if (e->rc < 0)
            out->broken++;
        else
            out->docs[out->n++] = pp_passport_json(e->passport);
    }
    pp_error_clear();
    return 0;
}

cJSON *pp_reg_set_report(const pp_reg_set *s)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *files = cJSON_AddArrayToObject(root, "files"), *sum;

    for (size_t i = 0; i < s->nentries; i++) {
        const pp_reg_entry *e = &s->entries[i];
        cJSON *o = cJSON_CreateObject();
        cJSON *errs;
        cJSON_AddStringToObject(o, "file", e->name);
        cJSON_AddBoolToObject(o, "valid", e->diag_count == 0);
        errs = cJSON_AddArrayToObject(o, "errors");
        for (size_t k = e->diag_first; k < e->diag_first + e->diag_count; k++) {
            cJSON *d = cJSON_CreateObject();
            cJSON_AddStringToObject(d, "pointer", s->diags.items[k].pointer);
            cJSON_AddStringToObject(d, "message", s->diags.items[k].message);
            cJSON_AddItemToArray(errs, d);
        }
        cJSON_AddItemToArray(files, o);
    }
    sum = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(sum, "files", (double)s->nentries);
    cJSON_AddNumberToObject(sum, "valid", (double)(s->nentries - s->broken));
    cJSON_AddNumberToObject(sum, "invalid", (double)s->broken);
    return root;
}
