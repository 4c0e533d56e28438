/*
 * merge.c - sync between registries: remotes, push, pull and the
 * structural merge.
 *
 * A pull that cannot fast-forward merges passport by passport and, inside
 * a passport changed on both sides, field by field (fields.c): a field
 * changed on one side takes that side's value; changed on both to the same
 * value is fine; changed to different values is a conflict.  Conflicts
 * stop the pull before anything moves: the local branch keeps our commits,
 * refs/remotes/NAME/main keeps theirs, and PASSPORT_MERGE.json in the
 * registry records the merge (base, ours, theirs) and the choices made so
 * far.  The merge is recomputed from those three commits each time, so the
 * state file never holds passport data that could go stale; the last
 * `resolve` makes the merge commit.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../schema/fact.h"
#include "../schema/passport.h"
#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Remotes and push                                                   */
/* ------------------------------------------------------------------ */

int pp_reg_remote_add(pp_reg *r, const char *name, const char *url)
{
    git_remote *remote = NULL;
    int valid = 0, rc;
    if (git_remote_name_is_valid(&valid, name) < 0 || !valid)
        return pp_error_set(PP_EUSAGE, "'%s' is not a valid remote name", name);
    rc = git_remote_create(&remote, r->repo, name, url);
    git_remote_free(remote);
    if (rc == GIT_EEXISTS)
        return pp_error_set(PP_EUSAGE, "remote '%s' already exists", name);
    if (rc < 0)
        return pp_store_fail(rc, "cannot add the remote");
    return 0;
}

struct push_status {
    pp_buf msg;
};

static int on_push_ref(const char *ref, const char *status, void *data)
{
    struct push_status *ps = data;
    if (status)
        pp_buf_printf(&ps->msg, "%s: %s", ref, status);
    return 0;
}

static int lookup_remote(pp_reg *r, const char *name, git_remote **out)
{
    int rc = git_remote_lookup(out, r->repo, name);
    if (rc == GIT_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND,
                            "no remote '%s' (add one with "
                            "'passport remote add %s URL')",
                            name, name);
    if (rc < 0)
        return pp_store_fail(rc, "cannot read the remote");
    return 0;
}

int pp_reg_push(pp_reg *r, const char *name)
{
    git_remote *remote = NULL;
    git_push_options opts;
    char *spec = "refs/heads/main:refs/heads/main";
    git_strarray specs = {&spec, 1};
    struct push_status ps = {PP_BUF_INIT};
    git_oid tip;
    int unborn, rc;

    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    if (unborn)
        return pp_error_set(PP_EUSAGE, "nothing to push: the registry is "
                                       "empty");
    if ((rc = lookup_remote(r, name ? name : "origin", &remote)) < 0)
        return rc;
    git_push_options_init(&opts, GIT_PUSH_OPTIONS_VERSION);
    opts.callbacks.push_update_reference = on_push_ref;
    opts.callbacks.payload = &ps;
    rc = git_remote_push(remote, &specs, &opts);
    git_remote_free(remote);
    if (rc == GIT_ENONFASTFORWARD || (rc == 0 && ps.msg.len) ||
        (rc < 0 && git_error_last() &&
         strstr(git_error_last()->message, "fast-forward"))) {
        pp_buf_dispose(&ps.msg);
        return pp_error_set(PP_ECONFLICT,
                            "push rejected: the remote has "
                            "changes this registry does not have; run "
                            "'passport pull %s' first",
                            name ? name : "origin");
    }
    pp_buf_dispose(&ps.msg);
    if (rc < 0)
        return pp_store_fail(rc, "cannot push");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Merge computation                                                  */
/* ------------------------------------------------------------------ */

struct resolution {
    const char *passport, *field; /* borrowed from the state document */
    const cJSON *value;           /* NULL: the field is absent */
};

struct merge {
    pp_reg *r;
    git_oid base, ours, theirs;
    const struct resolution *res;
    size_t nres;
    pp_write *w; /* writes on top of ours: owned ids and texts */
    size_t nw, aw;
    cJSON *conflicts; /* unresolved, as reported */
};

static int add_write(struct merge *m, const char *id, const char *text)
{
    if (m->nw == m->aw) {
        size_t n = m->aw ? m->aw * 2 : 16;
        pp_write *p = realloc(m->w, n * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        m->w = p;
        m->aw = n;
    }
    m->w[m->nw].id = strdup(id);
    m->w[m->nw].text = text ? strdup(text) : NULL;
    m->nw++;
    return 0;
}

static void merge_dispose(struct merge *m)
{
    for (size_t i = 0; i < m->nw; i++) {
        free((char *)m->w[i].id);
        free((char *)m->w[i].text);
    }
    free(m->w);
    cJSON_Delete(m->conflicts);
}

static const struct resolution *find_res(const struct merge *m, const char *id,
                                         const char *field)
{
    for (size_t i = 0; i < m->nres; i++)
        if (strcmp(m->res[i].passport, id) == 0 &&
            strcmp(m->res[i].field, field) == 0)
            return &m->res[i];
    return NULL;
}

static int blob_text(pp_reg *r, const git_oid *blob, pp_buf *out)
{
    return git_oid_is_zero(blob) ? 0 : pp_store_read_blob(r, blob, out);
}

/* The commit between `base` and `tip` that last changed field `key` of
 * passport `id` (or the passport itself when key is "*"). */
static void setter(pp_reg *r, const git_oid *tip, const git_oid *base,
                   const char *id, const char *key, char out[41])
{
    git_revwalk *walk = NULL;
    git_oid oid;

    out[0] = '\0';
    if (git_revwalk_new(&walk, r->repo) < 0)
        return;
    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL);
    git_revwalk_push(walk, tip);
    git_revwalk_hide(walk, base);
    while (!out[0] && git_revwalk_next(&oid, walk) == 0) {
        git_commit *c = NULL;
        pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT;
        if (git_commit_lookup(&c, r->repo, &oid) < 0)
            break;
        int ra = git_commit_parentcount(c)
                     ? pp_store_read_at(r, git_commit_parent_id(c, 0), id, &a)
                     : PP_ENOTFOUND;
        int rb = pp_store_read_at(r, &oid, id, &b);
        if (strcmp(key, "*") == 0) {
            if (ra != rb || (rb == 0 && strcmp(a.ptr, b.ptr) != 0))
                git_oid_tostr(out, 41, &oid);
        } else if (ra != rb || (rb == 0 && strcmp(a.ptr, b.ptr) != 0)) {
            pp_fields fa = {0}, fb = {0};
            const pp_field *x, *y;
            if (ra == 0)
                pp_fields_from_text(a.ptr, a.len, &fa);
            if (rb == 0)
                pp_fields_from_text(b.ptr, b.len, &fb);
            x = pp_fields_find(&fa, key);
            y = pp_fields_find(&fb, key);
            if ((!x) != (!y) || (x && y && strcmp(x->value, y->value) != 0))
                git_oid_tostr(out, 41, &oid);
            pp_fields_dispose(&fa);
            pp_fields_dispose(&fb);
        }
        pp_buf_dispose(&a);
        pp_buf_dispose(&b);
        git_commit_free(c);
    }
    git_revwalk_free(walk);
}

static cJSON *json_or_null(const char *text)
{
    cJSON *v = text ? cJSON_Parse(text) : NULL;
    return v ? v : cJSON_CreateNull();
}

static void report(struct merge *m, const char *id, const char *key,
                   const char *base, const char *ours, const char *theirs,
                   const char *why)
{
    cJSON *c = cJSON_CreateObject();
    char oc[41], tc[41];
    setter(m->r, &m->ours, &m->base, id, key, oc);
    setter(m->r, &m->theirs, &m->base, id, key, tc);
    cJSON_AddStringToObject(c, "passport", id);
    cJSON_AddStringToObject(c, "field", key);
    cJSON_AddItemToObject(c, "base", json_or_null(base));
    cJSON_AddItemToObject(c, "ours", json_or_null(ours));
    cJSON_AddItemToObject(c, "theirs", json_or_null(theirs));
    cJSON_AddStringToObject(c, "ours_commit", oc);
    cJSON_AddStringToObject(c, "theirs_commit", tc);
    if (why)
        cJSON_AddStringToObject(c, "reason", why);
    cJSON_AddItemToArray(m->conflicts, c);
}

static int same(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

/* Add field `key` = `value` (canonical JSON) to `out`. */
static int keep_field(pp_fields *out, const char *key, char *value)
{
    pp_field *f = &out->items[out->count];
    f->key = strdup(key);
    f->value = value;
    f->node = NULL;
    if (!f->key || !f->value) {
        free(f->key);
        free(f->value);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    out->count++;
    return 0;
}

/* The merged value of field `key` of passport `id` from its base, ours
 * and theirs (NULL: absent) into `out`: the side that changed it, or the
 * recorded resolution; a conflict is reported and leaves it out. */
static int merge_field(struct merge *m, const char *id, const char *key,
                       const char *vb, const char *vo, const char *vt,
                       pp_fields *out)
{
    const struct resolution *res;
    pp_buf v = PP_BUF_INIT;
    const char *pick;

    if (same(vo, vt) || same(vt, vb))
        pick = vo;
    else if (same(vo, vb))
        pick = vt;
    else if (!(res = find_res(m, id, key))) {
        report(m, id, key, vb, vo, vt, NULL);
        return 0;
    } else {
        if (!res->value)
            return 0; /* resolved as absent */
        if (pp_passport_compact(res->value, &v) < 0)
            return PP_ENOMEM;
        return keep_field(out, key, pp_buf_detach(&v));
    }
    return pick ? keep_field(out, key, strdup(pick)) : 0;
}

/* Merge the fields of the three versions (each sorted by key) into
 * `out`, walking the union of their keys. */
static int merge_fields(struct merge *m, const char *id, const pp_fields *f[3],
                        pp_fields *out)
{
    size_t i[3] = {0, 0, 0};
    int rc = 0;

    out->items = calloc(f[0]->count + f[1]->count + f[2]->count + 1,
                        sizeof(*out->items));
    if (!out->items)
        return pp_error_set(PP_ENOMEM, "out of memory");
    while (rc == 0) {
        const char *min = NULL, *v[3];
        for (int s = 0; s < 3; s++) {
            const char *k = i[s] < f[s]->count ? f[s]->items[i[s]].key : NULL;
            if (k && (!min || strcmp(k, min) < 0))
                min = k;
        }
        if (!min)
            break;
        for (int s = 0; s < 3; s++)
            v[s] = i[s] < f[s]->count && !strcmp(f[s]->items[i[s]].key, min)
                       ? f[s]->items[i[s]++].value
                       : NULL;
        rc = merge_field(m, id, min, v[0], v[1], v[2], out);
    }
    return rc;
}

/* A merge of two valid passports can still break a rule that spans fields
 * (active above total): then the passport as a whole is a conflict,
 * settled by a whole-passport resolution.  `canon` is the merged text. */
static int write_merged(struct merge *m, const char *id, const pp_buf *canon,
                        const char *tb, const char *to, const char *tt)
{
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    const struct resolution *whole = find_res(m, id, "*");
    int rc = 0;

    if (pp_passport_load_buffer(&p, canon->ptr, canon->len, id, id, &d) < 0) {
        if (!whole)
            report(m, id, "*", tb, to, tt,
                   d.count ? d.items[0].message : "invalid after merge");
        else if (cJSON_IsString(whole->value) &&
                 strcmp(whole->value->valuestring, "theirs") == 0)
            rc = add_write(m, id, tt);
    } else if (strcmp(canon->ptr, to) != 0) {
        rc = add_write(m, id, canon->ptr);
    }
    pp_passport_free(p);
    pp_diags_dispose(&d);
    return rc;
}

/* Three-way merge of one passport changed on both sides. */
static int merge_passport(struct merge *m, const char *id, const char *tb,
                          const char *to, const char *tt)
{
    pp_fields fb = {0}, fo = {0}, ft = {0}, out = {0};
    const pp_fields *three[3] = {&fb, &fo, &ft};
    size_t conflicts_before = (size_t)cJSON_GetArraySize(m->conflicts);
    cJSON *doc = NULL, *order = NULL;
    pp_buf canon = PP_BUF_INIT;
    int rc;

    if ((rc = pp_fields_from_text(tb, strlen(tb), &fb)) < 0 ||
        (rc = pp_fields_from_text(to, strlen(to), &fo)) < 0 ||
        (rc = pp_fields_from_text(tt, strlen(tt), &ft)) < 0 ||
        (rc = merge_fields(m, id, three, &out)) < 0)
        goto done;
    if ((size_t)cJSON_GetArraySize(m->conflicts) > conflicts_before)
        goto done; /* this passport waits for its resolutions */
    order = cJSON_Parse(to);
    if ((rc = pp_fields_to_doc(&out, order, &doc)) < 0 ||
        (rc = pp_passport_canonical(doc, &canon)) < 0)
        goto done;
    rc = write_merged(m, id, &canon, tb, to, tt);
done:
    cJSON_Delete(doc);
    cJSON_Delete(order);
    pp_buf_dispose(&canon);
    pp_fields_dispose(&fb);
    pp_fields_dispose(&fo);
    pp_fields_dispose(&ft);
    pp_fields_dispose(&out);
    return rc;
}

static int compute(struct merge *m)
{
    pp_change *co = NULL, *ct = NULL;
    size_t no = 0, nt = 0;
    int rc;

    m->conflicts = cJSON_CreateArray();
    if ((rc = pp_store_changes(m->r, &m->base, &m->ours, &co, &no)) < 0 ||
        (rc = pp_store_changes(m->r, &m->base, &m->theirs, &ct, &nt)) < 0)
        goto done;
    for (size_t t = 0; rc == 0 && t < nt; t++) {
        const pp_change *o = NULL;
        pp_buf tb = PP_BUF_INIT, to = PP_BUF_INIT, tt = PP_BUF_INIT;
        for (size_t k = 0; k < no; k++)
            if (strcmp(co[k].id, ct[t].id) == 0)
                o = &co[k];
        if ((rc = blob_text(m->r, &ct[t].new_blob, &tt)) < 0)
            break;
        if (!o) {
            /* Changed on their side only. */
            rc = add_write(m, ct[t].id,
                           git_oid_is_zero(&ct[t].new_blob) ? NULL : tt.ptr);
        } else if (git_oid_equal(&o->new_blob, &ct[t].new_blob)) {
            /* The same change on both sides. */
        } else if (git_oid_is_zero(&o->new_blob) ||
                   git_oid_is_zero(&ct[t].new_blob) ||
                   git_oid_is_zero(&ct[t].old_blob)) {
            /* Removed on one side, changed on the other; or added on
             * both sides differently: the whole passport is one choice. */
            const struct resolution *res = find_res(m, ct[t].id, "*");
            blob_text(m->r, &ct[t].old_blob, &tb);
            blob_text(m->r, &o->new_blob, &to);
            if (!res)
                report(m, ct[t].id, "*", tb.ptr, to.ptr, tt.ptr,
                       git_oid_is_zero(&o->new_blob) ||
                               git_oid_is_zero(&ct[t].new_blob)
                           ? "removed on one side, changed on the other"
                           : "added on both sides with different content");
            else if (res->value && cJSON_IsString(res->value) &&
                     strcmp(res->value->valuestring, "theirs") == 0)
                rc = add_write(m, ct[t].id, tt.len ? tt.ptr : NULL);
        } else {
            if ((rc = blob_text(m->r, &ct[t].old_blob, &tb)) == 0 &&
                (rc = blob_text(m->r, &o->new_blob, &to)) == 0)
                rc = merge_passport(m, ct[t].id, pp_buf_cstr(&tb),
                                    pp_buf_cstr(&to), pp_buf_cstr(&tt));
        }
        pp_buf_dispose(&tb);
        pp_buf_dispose(&to);
        pp_buf_dispose(&tt);
    }
done:
    free(co);
    free(ct);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Merge state                                                        */
/* ------------------------------------------------------------------ */

static void state_path(const pp_reg *r, pp_buf *out)
{
    pp_buf_printf(out, "%s/%s", r->path, PP_MERGE_FILE);
}

static int load_state(pp_reg *r, cJSON **out)
{
    pp_buf path = PP_BUF_INIT, text = PP_BUF_INIT;
    int rc;
    *out = NULL;
    state_path(r, &path);
    rc = pp_io_read_file(&text, path.ptr, PP_MAX_FILE_BYTES);
    if (rc == PP_ENOTFOUND)
        rc = pp_error_set(PP_ENOTFOUND, "no merge in progress");
    else if (rc == 0 && pp_json_parse(text.ptr, text.len, path.ptr, out) < 0)
        rc = PP_EINVALID;
    pp_buf_dispose(&path);
    pp_buf_dispose(&text);
    return rc;
}

static int save_state(pp_reg *r, const cJSON *state)
{
    pp_buf path = PP_BUF_INIT, text = PP_BUF_INIT;
    int rc;
    state_path(r, &path);
    rc = pp_json_write_canonical(&text, state, NULL);
    if (rc == 0)
        rc = pp_io_write_atomic(path.ptr, text.ptr, text.len);
    pp_buf_dispose(&path);
    pp_buf_dispose(&text);
    return rc;
}

static void drop_state(pp_reg *r)
{
    pp_buf path = PP_BUF_INIT;
    state_path(r, &path);
    unlink(path.ptr);
    pp_buf_dispose(&path);
}

int pp_reg_merge_abort(pp_reg *r)
{
    cJSON *state = NULL;
    int rc = load_state(r, &state);
    cJSON_Delete(state);
    if (rc < 0)
        return rc;
    drop_state(r);
    return 0;
}

static int oid_member(const cJSON *o, const char *k, git_oid *out)
{
    const char *v = pp_json_str(o, k, NULL);
    if (!v || git_oid_fromstr(out, v) < 0)
        return pp_error_set(PP_EINVALID,
                            "the merge state is damaged ('%s'); "
                            "drop it with 'passport pull --abort'",
                            k);
    return 0;
}

/* Make the merge commit and move the branch from `ours`. */
static int finish(struct merge *m, const pp_who *who, const char *remote,
                  cJSON *result)
{
    git_oid commit;
    pp_buf msg = PP_BUF_INIT;
    char hex[GIT_OID_HEXSZ + 1];
    int rc;

    pp_buf_printf(&msg, "merge %s/main\n", remote);
    rc = pp_store_commit(m->r, &m->ours, &m->theirs, m->w, m->nw, who->author,
                         who->committer, msg.ptr, &commit);
    pp_buf_dispose(&msg);
    if (rc < 0)
        return rc;
    rc = pp_store_move_branch(m->r, &m->ours, &commit, "passport merge");
    if (rc == PP_ECONFLICT)
        return pp_error_set(PP_ECONFLICT,
                            "the registry changed while "
                            "merging; nothing was committed: pull again");
    if (rc < 0)
        return rc;
    git_oid_tostr(hex, sizeof(hex), &commit);
    cJSON_AddStringToObject(result, "result", "merged");
    cJSON_AddStringToObject(result, "commit", hex);
    pp_index_follow(m->r, "merged");
    return 0;
}

/* Fetch the main branch of remote `name` into refs/remotes/NAME/main,
 * its new commits checked first: *found = 1 and *theirs its commit, or 0
 * when the remote is empty. */
static int fetch_remote(pp_reg *r, const char *name, git_oid *theirs,
                        int *found)
{
    git_remote *remote = NULL;
    char *url = NULL;
    int rc;

    *found = 0;
    if ((rc = lookup_remote(r, name, &remote)) < 0)
        return rc;
    url = git_remote_url(remote) ? strdup(git_remote_url(remote)) : NULL;
    git_remote_free(remote);
    if (!url)
        return pp_error_set(PP_EUSAGE, "remote '%s' has no URL", name);
    rc = pp_incoming_fetch(r, name, url, theirs, found);
    free(url);
    return rc;
}

/* Stop on the conflicts of `m`: save the merge, change nothing, and put
 * the conflicts into `out`.  Returns PP_ECONFLICT (or why saving
 * failed). */
static int stop_on_conflicts(pp_reg *r, struct merge *m, const char *name,
                             cJSON *out)
{
    cJSON *state = cJSON_CreateObject();
    char hex[GIT_OID_HEXSZ + 1];
    int rc;

    cJSON_AddStringToObject(state, "remote", name);
    git_oid_tostr(hex, sizeof(hex), &m->base);
    cJSON_AddStringToObject(state, "base", hex);
    git_oid_tostr(hex, sizeof(hex), &m->ours);
    cJSON_AddStringToObject(state, "ours", hex);
    git_oid_tostr(hex, sizeof(hex), &m->theirs);
    cJSON_AddStringToObject(state, "theirs", hex);
    cJSON_AddItemToObject(state, "resolutions", cJSON_CreateArray());
    rc = save_state(r, state);
    cJSON_Delete(state);
    if (rc < 0)
        return rc;
    cJSON_AddItemToObject(out, "conflicts", m->conflicts);
    m->conflicts = NULL;
    return pp_error_set(PP_ECONFLICT, "the pull stopped on conflicts; "
                                      "nothing was changed");
}

/* Move the branch from `ours` (unborn: none) to `theirs`. */
static int fast_forward(pp_reg *r, const git_oid *ours, int unborn,
                        const git_oid *theirs, cJSON *out)
{
    char hex[GIT_OID_HEXSZ + 1];
    int rc = pp_store_move_branch(r, unborn ? NULL : ours, theirs,
                                  "passport pull: fast-forward");
    if (rc < 0)
        return rc;
    git_oid_tostr(hex, sizeof(hex), theirs);
    cJSON_AddStringToObject(out, "result", "fast-forward");
    cJSON_AddStringToObject(out, "commit", hex);
    pp_index_follow(r, "pulled");
    return 0;
}

int pp_reg_pull(pp_reg *r, const char *name, const pp_who *who, cJSON **out)
{
    struct merge m = {0};
    git_oid ours, theirs;
    int unborn, found, rc;
    cJSON *state = NULL;

    *out = cJSON_CreateObject();
    name = name ? name : "origin";
    if (load_state(r, &state) == 0) {
        cJSON_Delete(state);
        return pp_error_set(PP_ECONFLICT,
                            "a merge is in progress: resolve "
                            "its conflicts ('passport resolve') or drop it "
                            "('passport pull --abort')");
    }
    if ((rc = fetch_remote(r, name, &theirs, &found)) < 0)
        return rc;
    if (!found) {
        cJSON_AddStringToObject(*out, "result", "up-to-date");
        cJSON_AddStringToObject(*out, "note", "the remote registry is empty");
        return 0;
    }
    if ((rc = pp_store_tip(r, &ours, &unborn)) < 0)
        return rc;
    if (!unborn && (git_oid_equal(&ours, &theirs) ||
                    git_graph_descendant_of(r->repo, &ours, &theirs) == 1)) {
        cJSON_AddStringToObject(*out, "result", "up-to-date");
        return 0;
    }
    /* Never a branch move its index update cannot follow. */
    if ((rc = pp_index_writable(r)) < 0)
        return rc;
    if (unborn || git_graph_descendant_of(r->repo, &theirs, &ours) == 1)
        return fast_forward(r, &ours, unborn, &theirs, *out);
    if (git_merge_base(&m.base, r->repo, &ours, &theirs) < 0)
        return pp_error_set(PP_ECONFLICT, "the two registries share no "
                                          "history; they cannot be merged");
    m.r = r;
    m.ours = ours;
    m.theirs = theirs;
    if ((rc = compute(&m)) == 0)
        rc = cJSON_GetArraySize(m.conflicts) == 0
                 ? finish(&m, who, name, *out)
                 : stop_on_conflicts(r, &m, name, *out);
    merge_dispose(&m);
    return rc;
}

/* Rebuild the merge of the saved state with its resolutions. */
static int recompute(pp_reg *r, cJSON *state, struct merge *m,
                     struct resolution **res)
{
    const cJSON *list = pp_json_get(state, "resolutions");
    const cJSON *e;
    size_t n = 0;
    int rc;

    memset(m, 0, sizeof(*m));
    m->r = r;
    if ((rc = oid_member(state, "base", &m->base)) < 0 ||
        (rc = oid_member(state, "ours", &m->ours)) < 0 ||
        (rc = oid_member(state, "theirs", &m->theirs)) < 0)
        return rc;
    *res = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(**res));
    if (!*res)
        return pp_error_set(PP_ENOMEM, "out of memory");
    cJSON_ArrayForEach(e, list)
    {
        const char *p = pp_json_str(e, "passport", NULL);
        const char *f = pp_json_str(e, "field", NULL);
        const cJSON *v = pp_json_get(e, "value");
        if (!p || !f)
            continue;
        (*res)[n].passport = p;
        (*res)[n].field = f;
        (*res)[n].value = cJSON_IsNull(v) ? NULL : v;
        n++;
    }
    m->res = *res;
    m->nres = n;
    return compute(m);
}

int pp_reg_conflicts(pp_reg *r, cJSON **out)
{
    cJSON *state = NULL;
    struct merge m;
    struct resolution *res = NULL;
    int rc;

    *out = NULL;
    if ((rc = load_state(r, &state)) < 0)
        return rc;
    rc = recompute(r, state, &m, &res);
    if (rc == 0) {
        *out = m.conflicts;
        m.conflicts = NULL;
    }
    merge_dispose(&m);
    free(res);
    cJSON_Delete(state);
    return rc;
}

/* The value a resolution stands for. */
static int resolution_value(const cJSON *conflict, const char *field,
                            const char *side, const char *value, cJSON **out)
{
    *out = NULL;
    if (strcmp(field, "*") == 0) {
        /* A whole passport: remember the side, not the text. */
        if (strcmp(side, "value") == 0)
            return pp_error_set(PP_EUSAGE, "a whole-passport conflict takes "
                                           "--ours or --theirs");
        *out = cJSON_CreateString(side);
        return 0;
    }
    if (strcmp(side, "ours") == 0 || strcmp(side, "theirs") == 0) {
        *out = cJSON_Duplicate(pp_json_get(conflict, side), 1);
        return 0;
    }
    /* --value: JSON for the field, or a number (15.5T) for a numeric
     * fact, which replaces the value of our version and keeps the rest. */
    {
        double num;
        int sig;
        cJSON *v = cJSON_Parse(value);
        const cJSON *ours = pp_json_get(conflict, "ours");
        if (pp_num_parse(value, "--value", &num, &sig) == 0 &&
            strncmp(field, "facts/", 6) == 0 && cJSON_IsObject(ours)) {
            cJSON_Delete(v);
            v = cJSON_Duplicate(ours, 1);
            pp_fact_restate(v, num, sig);
        }
        if (!v)
            return pp_error_set(PP_EUSAGE,
                                "--value: expected JSON or a "
                                "number, got '%s'",
                                value);
        *out = v;
        return 0;
    }
}

int pp_reg_resolve_conflict(pp_reg *r, const char *id, const char *field,
                            const char *side, const char *value,
                            const pp_who *who, cJSON **out)
{
    cJSON *state = NULL, *conflicts = NULL, *v = NULL, *entry;
    const cJSON *c, *hit = NULL;
    struct merge m = {0};
    struct resolution *res = NULL;
    const char *remote;
    int rc;

    *out = cJSON_CreateObject();
    if ((rc = load_state(r, &state)) < 0)
        return rc;
    if ((rc = pp_reg_conflicts(r, &conflicts)) < 0)
        goto done;
    cJSON_ArrayForEach(c, conflicts)
    {
        if (!strcmp(pp_json_str(c, "passport", ""), id) &&
            !strcmp(pp_json_str(c, "field", ""), field))
            hit = c;
    }
    if (!hit) {
        rc = pp_error_set(PP_ENOTFOUND,
                          "no open conflict on '%s' field "
                          "'%s' (see 'passport resolve --list')",
                          id, field);
        goto done;
    }
    if ((rc = resolution_value(hit, field, side, value, &v)) < 0)
        goto done;
    entry = cJSON_CreateObject();
    cJSON_AddStringToObject(entry, "passport", id);
    cJSON_AddStringToObject(entry, "field", field);
    cJSON_AddItemToObject(entry, "value", v ? v : cJSON_CreateNull());
    /* The state is ours to edit. */
    cJSON_AddItemToArray((cJSON *)pp_json_get(state, "resolutions"), entry);
    if ((rc = recompute(r, state, &m, &res)) < 0)
        goto done;
    cJSON_AddNumberToObject(*out, "remaining", cJSON_GetArraySize(m.conflicts));
    if (cJSON_GetArraySize(m.conflicts) > 0) {
        rc = save_state(r, state);
        goto done;
    }
    {
        git_oid tip;
        int unborn;
        if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
            goto done;
        if (unborn || !git_oid_equal(&tip, &m.ours)) {
            rc = pp_error_set(PP_ECONFLICT,
                              "the registry moved since the "
                              "pull; drop this merge ('passport pull "
                              "--abort') and pull again");
            goto done;
        }
    }
    remote = pp_json_str(state, "remote", "origin");
    if ((rc = pp_index_writable(r)) < 0)
        goto done;
    if ((rc = finish(&m, who, remote, *out)) == 0)
        drop_state(r);
done:
    merge_dispose(&m);
    free(res);
    cJSON_Delete(conflicts);
    cJSON_Delete(state);
    return rc;
}
