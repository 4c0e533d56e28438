/*
 * incoming.c - commits that arrive from another registry (pull, clone)
 * are checked before any branch of ours moves, as git's
 * transfer.fsckObjects checks objects: every new commit's passports/
 * folder may hold only regular files named <id>.json (no symbolic link,
 * no subfolder, no executable, no submodule), each a passport that
 * validates as `passport validate` would have it.  One bad commit refuses
 * the whole transfer, naming the commit and the path.
 *
 * A pull fetches into a quarantine first: a bare repository inside the
 * registry folder whose alternates are the registry's objects, so only
 * the new objects land there.  The commits are checked in it; only when
 * they pass are they fetched from it into the registry (a local copy),
 * and the quarantine is removed either way, so a refused pull leaves the
 * registry as it was, object store included.  A clone is new and checked
 * in place; open.c removes it when refused.
 *
 * Each passport tree and each (blob, name) pair is checked once, so the
 * work follows what arrived, within two bounds: PP_INCOMING_MAX_COMMITS
 * commits and PP_INCOMING_MAX_ENTRIES tree entries.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#define ID_MAX 64 /* the schema's maxLength of an id */

/* ------------------------------------------------------------------ */
/* What was checked already                                           */
/* ------------------------------------------------------------------ */

/* An open-addressing set of object ids; for a blob, the id it validated
 * as (a valid passport names itself, so a blob is valid under one name
 * only). */
struct slot {
    git_oid oid;
    char id[ID_MAX + 1];
    int used;
};

struct seen {
    struct slot *slots; /* owned */
    size_t cap, n;
};

static size_t slot_of(const struct seen *s, const git_oid *oid)
{
    uint64_t h;
    size_t i;
    memcpy(&h, oid->id, sizeof(h)); /* object ids are hashes already */
    for (i = (size_t)(h & (s->cap - 1)); s->slots[i].used;
         i = (i + 1) & (s->cap - 1))
        if (git_oid_equal(&s->slots[i].oid, oid))
            break;
    return i;
}

static const struct slot *seen_find(const struct seen *s, const git_oid *oid)
{
    const struct slot *e;
    if (!s->cap)
        return NULL;
    e = &s->slots[slot_of(s, oid)];
    return e->used ? e : NULL;
}

static int seen_add(struct seen *s, const git_oid *oid, const char *id)
{
    struct slot *e;
    if (2 * (s->n + 1) > s->cap) {
        struct seen g = {NULL, s->cap ? s->cap * 2 : 256, 0};
        if (!(g.slots = calloc(g.cap, sizeof(*g.slots))))
            return pp_error_set(PP_ENOMEM, "out of memory");
        for (size_t i = 0; i < s->cap; i++)
            if (s->slots[i].used) {
                g.slots[slot_of(&g, &s->slots[i].oid)] = s->slots[i];
                g.n++;
            }
        free(s->slots);
        *s = g;
    }
    e = &s->slots[slot_of(s, oid)];
    if (!e->used) {
        e->used = 1;
        e->oid = *oid;
        snprintf(e->id, sizeof(e->id), "%s", id);
        s->n++;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checking commits                                                   */
/* ------------------------------------------------------------------ */

struct check {
    git_repository *repo;
    const char *what; /* "pull", "clone" */
    struct seen trees, blobs;
    size_t entries; /* tree entries looked at, against the bound */
};

/* The id rule of the schema ("^[a-z0-9]+(-[a-z0-9]+)*$", at most 64
 * characters), applied to the file name before its content is read. */
static int id_ok(const char *s, size_t n)
{
    if (n == 0 || n > ID_MAX || s[0] == '-' || s[n - 1] == '-')
        return 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c == '-' ? s[i + 1] == '-'
                     : !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

static int refuse(const struct check *k, const git_oid *commit,
                  const char *path, const char *why)
{
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof(hex), commit);
    return pp_error_set(PP_EINVALID,
                        "refusing the %s: commit %.12s: '%s': %s; "
                        "nothing was %s",
                        k->what, hex, path, why,
                        strcmp(k->what, "clone") == 0 ? "cloned" : "changed");
}

/* Refuse passport `p` at `path` of `commit` when it is a lead (import
 * --as-leads), as `put` does: 1 refused (the message set), 0 not a lead,
 * PP_ENOMEM. */
static int lead(const struct check *k, const git_oid *commit, const char *path,
                const pp_passport *p)
{
    pp_buf ptr = PP_BUF_INIT, why = PP_BUF_INIT;
    const char *sid = NULL;
    int rc = pp_passport_lead_evidence(pp_passport_json(p), &ptr, &sid);
    if (rc > 0) {
        pp_buf_printf(&why,
                      "%s: a lead: it cites the discovery lead '%s' as "
                      "evidence; leads stay out of the registry",
                      ptr.ptr, sid);
        refuse(k, commit, path, pp_buf_cstr(&why));
    }
    pp_buf_dispose(&ptr);
    pp_buf_dispose(&why);
    return rc;
}

/* Why the mode of an entry of passports/ is not a passport file's, or
 * NULL when it is one. */
static const char *bad_mode(git_filemode_t mode)
{
    switch (mode) {
    case GIT_FILEMODE_BLOB: return NULL;
    case GIT_FILEMODE_LINK: return "a symbolic link, not a passport file";
    case GIT_FILEMODE_TREE:
        return "a folder; passports/ holds only passport files";
    case GIT_FILEMODE_COMMIT: return "a submodule, not a passport file";
    case GIT_FILEMODE_BLOB_EXECUTABLE:
        return "an executable file (mode 100755), not a passport file";
    default: return "not a regular file";
    }
}

/* A syntax error's message names the file ("PATH:1:8: ..."), which the
 * refusal names already. */
static const char *skip_name(const char *msg, const char *path)
{
    size_t n = strlen(path);
    return strncmp(msg, path, n) == 0 && msg[n] == ':' ? msg + n + 1 : msg;
}

/* Validate the blob of `e` as passport `id` (its file name's stem). */
static int check_blob(struct check *k, const git_oid *commit,
                      const git_tree_entry *e, const char *id, const char *path)
{
    const git_oid *oid = git_tree_entry_id(e);
    const struct slot *hit = seen_find(&k->blobs, oid);
    git_blob *blob = NULL;
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    pp_buf why = PP_BUF_INIT;
    int rc;

    if (hit && strcmp(hit->id, id) == 0)
        return 0;
    if ((rc = git_blob_lookup(&blob, k->repo, oid)) < 0)
        return pp_store_fail(rc, "cannot read an incoming passport");
    if (git_blob_rawsize(blob) > PP_MAX_FILE_BYTES) {
        git_blob_free(blob);
        pp_buf_printf(&why, "larger than %zu bytes", PP_MAX_FILE_BYTES);
        rc = refuse(k, commit, path, why.ptr);
        pp_buf_dispose(&why);
        return rc;
    }
    rc = pp_passport_load_buffer(&p, git_blob_rawcontent(blob),
                                 (size_t)git_blob_rawsize(blob), path, id, &d);
    git_blob_free(blob);
    if (rc == 0 && (rc = lead(k, commit, path, p)) == 0) {
        rc = seen_add(&k->blobs, oid, id);
    } else if (rc == 1) {
        rc = PP_EINVALID; /* refused by lead() */
    } else if (rc == PP_EINVALID || rc == PP_ETOOBIG) {
        /* the first reason stands for all: the file is refused anyway */
        if (d.count && d.items[0].pointer && d.items[0].pointer[0])
            pp_buf_printf(&why, "%s: %s", d.items[0].pointer,
                          d.items[0].message);
        else if (d.count)
            pp_buf_puts(&why, skip_name(d.items[0].message, path));
        else
            pp_buf_puts(&why, pp_error_last());
        if (d.count > 1)
            pp_buf_printf(&why, " (and %zu more)", d.count - 1 + d.dropped);
        rc = refuse(k, commit, path, why.ptr);
    }
    pp_passport_free(p);
    pp_diags_dispose(&d);
    pp_buf_dispose(&why);
    return rc;
}

/* Check the passports folder `dir` of `commit`. */
static int check_dir(struct check *k, const git_oid *commit,
                     const git_tree *dir)
{
    size_t n = git_tree_entrycount(dir);
    int rc = 0;

    if (n > PP_REGISTRY_MAX_PASSPORTS)
        return pp_error_set(PP_ETOOBIG,
                            "refusing the %s: commit holds more than %d "
                            "passports",
                            k->what, PP_REGISTRY_MAX_PASSPORTS);
    if ((k->entries += n) > PP_INCOMING_MAX_ENTRIES)
        return pp_error_set(PP_ETOOBIG,
                            "refusing the %s: more than %d passport files "
                            "to check in the incoming commits",
                            k->what, PP_INCOMING_MAX_ENTRIES);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const git_tree_entry *e = git_tree_entry_byindex(dir, i);
        const char *fname = git_tree_entry_name(e);
        const char *why = bad_mode(git_tree_entry_filemode(e));
        size_t len = strlen(fname);
        char id[ID_MAX + 1];
        pp_buf path = PP_BUF_INIT;

        pp_buf_printf(&path, PP_TREE_DIR "/%s", fname);
        if (!why && (len < 5 || strcmp(fname + len - 5, ".json") != 0 ||
                     !id_ok(fname, len - 5)))
            why = "not a passport file name (an id of lower-case letters, "
                  "digits and single hyphens, then .json)";
        if (why) {
            rc = refuse(k, commit, path.ptr, why);
        } else {
            memcpy(id, fname, len - 5);
            id[len - 5] = '\0';
            rc = check_blob(k, commit, e, id, path.ptr);
        }
        pp_buf_dispose(&path);
    }
    return rc;
}

static int check_commit(struct check *k, const git_oid *oid)
{
    git_commit *c = NULL;
    git_tree *root = NULL, *dir = NULL;
    const git_tree_entry *e;
    int rc;

    if ((rc = git_commit_lookup(&c, k->repo, oid)) < 0 ||
        (rc = git_commit_tree(&root, c)) < 0) {
        rc = pp_store_fail(rc, "cannot read an incoming commit");
        goto done;
    }
    if (!(e = git_tree_entry_byname(root, PP_TREE_DIR)))
        goto done; /* an empty registry */
    if (git_tree_entry_filemode(e) != GIT_FILEMODE_TREE) {
        rc = refuse(k, oid, PP_TREE_DIR, "not a folder");
        goto done;
    }
    if (seen_find(&k->trees, git_tree_entry_id(e)))
        goto done;
    if ((rc = git_tree_lookup(&dir, k->repo, git_tree_entry_id(e))) < 0) {
        rc = pp_store_fail(rc, "cannot read an incoming tree");
        goto done;
    }
    if ((rc = check_dir(k, oid, dir)) == 0)
        rc = seen_add(&k->trees, git_tree_entry_id(e), "");
done:
    git_tree_free(dir);
    git_tree_free(root);
    git_commit_free(c);
    return rc;
}

/* What `known` holds is ours already: its passports need no check. */
static int trust(struct check *k, const git_oid *known)
{
    git_commit *c = NULL;
    git_tree *root = NULL, *dir = NULL;
    const git_tree_entry *e;
    int rc = 0;

    if (git_commit_lookup(&c, k->repo, known) < 0 ||
        git_commit_tree(&root, c) < 0 ||
        !(e = git_tree_entry_byname(root, PP_TREE_DIR)) ||
        git_tree_lookup(&dir, k->repo, git_tree_entry_id(e)) < 0)
        goto done; /* nothing to trust: everything is checked */
    for (size_t i = 0; rc == 0 && i < git_tree_entrycount(dir); i++) {
        const git_tree_entry *f = git_tree_entry_byindex(dir, i);
        const char *name = git_tree_entry_name(f);
        size_t len = strlen(name);
        char id[ID_MAX + 1];
        if (len < 5 || len - 5 > ID_MAX)
            continue;
        memcpy(id, name, len - 5);
        id[len - 5] = '\0';
        rc = seen_add(&k->blobs, git_tree_entry_id(f), id);
    }
done:
    git_tree_free(dir);
    git_tree_free(root);
    git_commit_free(c);
    return rc;
}

int pp_incoming_check(git_repository *repo, const git_oid *tip,
                      const git_oid *known, const char *what)
{
    struct check k = {repo, what, {NULL, 0, 0}, {NULL, 0, 0}, 0};
    git_revwalk *walk = NULL;
    git_oid *order = NULL, oid;
    size_t n = 0, cap = 0;
    int rc;

    if ((rc = git_revwalk_new(&walk, repo)) < 0 ||
        (rc = git_revwalk_push(walk, tip)) < 0 ||
        (known && (rc = git_revwalk_hide(walk, known)) < 0)) {
        rc = pp_store_fail(rc, "cannot walk the incoming commits");
        goto done;
    }
    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL);
    /* Collected newest first, within the bound; checked oldest first, so
     * the commit named is the one that brought the bad file. */
    while ((rc = git_revwalk_next(&oid, walk)) == 0) {
        if (n == PP_INCOMING_MAX_COMMITS) {
            rc = pp_error_set(PP_ETOOBIG,
                              "refusing the %s: more than %d new commits "
                              "to check",
                              what, PP_INCOMING_MAX_COMMITS);
            goto done;
        }
        if (n == cap) {
            size_t c2 = cap ? cap * 2 : 64;
            git_oid *p = realloc(order, c2 * sizeof(*p));
            if (!p) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                goto done;
            }
            order = p;
            cap = c2;
        }
        order[n++] = oid;
    }
    if (rc != GIT_ITEROVER) {
        rc = pp_store_fail(rc, "cannot walk the incoming commits");
        goto done;
    }
    rc = known ? trust(&k, known) : 0;
    while (rc == 0 && n > 0)
        rc = check_commit(&k, &order[--n]);
done:
    free(order);
    free(k.trees.slots);
    free(k.blobs.slots);
    git_revwalk_free(walk);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The quarantine of a pull                                           */
/* ------------------------------------------------------------------ */

/* A bare repository at `dir` that borrows the registry's objects. */
static int open_quarantine(pp_reg *r, const char *dir, git_repository **out)
{
    git_repository_init_options opts;
    git_repository *q = NULL;
    pp_buf alt = PP_BUF_INIT, objects = PP_BUF_INIT;
    int rc;

    git_repository_init_options_init(&opts,
                                     GIT_REPOSITORY_INIT_OPTIONS_VERSION);
    opts.flags = GIT_REPOSITORY_INIT_BARE;
    opts.initial_head = "main";
    if ((rc = git_repository_init_ext(&q, dir, &opts)) < 0)
        return pp_store_fail(rc, "cannot prepare the fetch");
    git_repository_free(q);
    pp_buf_printf(&alt, "%s/objects/info/alternates", dir);
    pp_buf_printf(&objects, "%sobjects\n", git_repository_path(r->repo));
    rc = pp_io_write_atomic(alt.ptr, objects.ptr, objects.len);
    pp_buf_dispose(&alt);
    pp_buf_dispose(&objects);
    if (rc < 0)
        return rc;
    /* Opened again, so that its object store reads the alternates. */
    if ((rc = git_repository_open_bare(out, dir)) < 0)
        return pp_store_fail(rc, "cannot prepare the fetch");
    return 0;
}

/* Fetch `refspec` of `url` into `repo`. */
static int fetch_into(git_repository *repo, const char *url,
                      const char *refspec, int fetchhead, const char *reflog)
{
    git_remote *remote = NULL;
    git_fetch_options opts;
    char *specs[1] = {(char *)refspec};
    git_strarray refspecs = {specs, 1};
    int rc;

    git_fetch_options_init(&opts, GIT_FETCH_OPTIONS_VERSION);
    opts.update_fetchhead = fetchhead;
    opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
    if ((rc = git_remote_create_anonymous(&remote, repo, url)) == 0)
        rc = git_remote_fetch(remote, &refspecs, &opts, reflog);
    git_remote_free(remote);
    return rc < 0 ? pp_store_fail(rc, "cannot fetch") : 0;
}

int pp_incoming_fetch(pp_reg *r, const char *name, const char *url,
                      git_oid *theirs, int *found)
{
    git_repository *q = NULL;
    git_reference *ref = NULL;
    pp_buf dir = PP_BUF_INIT, spec = PP_BUF_INIT, tracking = PP_BUF_INIT;
    git_oid ours, known;
    int unborn, rc;

    *found = 0;
    if ((rc = pp_store_tip(r, &ours, &unborn)) < 0)
        return rc;
    pp_buf_printf(&dir, "%s/passport-incoming-XXXXXX", r->path);
    if (!mkdtemp(dir.ptr)) {
        rc = pp_error_set(PP_EIO, "cannot create '%s': %s", dir.ptr,
                          strerror(errno));
        pp_buf_dispose(&dir);
        return rc;
    }
    if ((rc = open_quarantine(r, dir.ptr, &q)) < 0)
        goto done;
    /* What we have, for the negotiation: only new objects come. */
    pp_buf_printf(&tracking, "refs/remotes/%s/main", name);
    if (!unborn)
        git_reference_create(&ref, q, "refs/heads/main", &ours, 1, NULL);
    git_reference_free(ref);
    ref = NULL;
    if (git_reference_name_to_id(&known, r->repo, tracking.ptr) == 0)
        git_reference_create(&ref, q, "refs/heads/known", &known, 1, NULL);
    git_reference_free(ref);
    if ((rc = fetch_into(q, url, "+refs/heads/main:refs/heads/incoming", 0,
                         "passport pull")) < 0)
        goto done;
    if (git_reference_name_to_id(theirs, q, "refs/heads/incoming") != 0)
        goto done; /* the remote registry is empty */
    if ((rc = pp_incoming_check(q, theirs, unborn ? NULL : &ours, "pull")) < 0)
        goto done;
    pp_store_crashpoint("pull-after-check");
    pp_buf_printf(&spec, "+refs/heads/incoming:%s", tracking.ptr);
    if ((rc = fetch_into(r->repo, dir.ptr, spec.ptr, 1, "passport pull")) < 0)
        goto done;
    *found = 1;
done:
    git_repository_free(q);
    pp_io_remove_tree(dir.ptr);
    pp_buf_dispose(&dir);
    pp_buf_dispose(&spec);
    pp_buf_dispose(&tracking);
    return rc;
}
