/*
 * store.c - the registry's git repository, through libgit2.
 *
 * One bare repository, one branch (refs/heads/main), one canonical file
 * per passport under passports/.  A change is written as blobs, trees and
 * a commit first, without touching the branch; then the branch moves by
 * compare-and-swap on its old value (git_reference_create_matching), so a
 * concurrent writer is detected, never overwritten, and a crash at any
 * moment leaves the branch at either the old or the new commit.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/banned.h"

static int libgit2_ready;

static void shutdown_libgit2(void)
{
    git_libgit2_shutdown();
}

void pp_store_init(void)
{
    if (!libgit2_ready) {
        git_libgit2_init();
        libgit2_ready = 1;
        atexit(shutdown_libgit2);
    }
}

int pp_store_fail(int gitrc, const char *what)
{
    int err = errno, code = PP_ERROR; /* before anything can change it */
    const git_error *e = git_error_last();

    if (gitrc == GIT_ENOTFOUND)
        code = PP_ENOTFOUND;
    else if (gitrc == GIT_EMODIFIED || gitrc == GIT_ELOCKED ||
             gitrc == GIT_EEXISTS || gitrc == GIT_ENONFASTFORWARD)
        code = PP_ECONFLICT;
    /* libgit2 sometimes fails a write without a message (1.5, a failed
     * write of a loose object's header): the system's reason then. */
    return pp_error_set(code, "%s: %s", what,
                        e && e->message ? e->message
                        : err           ? strerror(err)
                                        : "libgit2 error");
}

void pp_store_crashpoint(const char *name)
{
#ifdef PP_TEST_HOOKS
    const char *at = getenv("PASSPORT_TEST_CRASH_AT");
    const char *pause = getenv("PASSPORT_TEST_PAUSE_AT");
    if (at && strcmp(at, name) == 0)
        _exit(137); /* as if killed: no cleanup, no buffered output */
    if (pause && strcmp(pause, name) == 0) {
        /* Hold still here once, so a test can slip another writer in. */
        unsetenv("PASSPORT_TEST_PAUSE_AT");
        sleep(1);
    }
#else
    (void)name;
#endif
}

int pp_store_rev_commit(pp_reg *r, const char *rev, git_oid *out)
{
    git_object *obj = NULL, *c = NULL;
    int rc = git_revparse_single(&obj, r->repo, rev);
    if (rc == 0)
        rc = git_object_peel(&c, obj, GIT_OBJECT_COMMIT);
    git_object_free(obj);
    if (rc < 0)
        return pp_error_set(PP_ENOTFOUND, "no revision '%s' in the registry",
                            rev);
    *out = *git_object_id(c);
    git_object_free(c);
    return 0;
}

int pp_store_tip(pp_reg *r, git_oid *tip, int *unborn)
{
    int rc = git_reference_name_to_id(tip, r->repo, PP_BRANCH);
    *unborn = 0;
    if (rc == GIT_ENOTFOUND) {
        memset(tip, 0, sizeof(*tip));
        *unborn = 1;
        return 0;
    }
    if (rc < 0)
        return pp_store_fail(rc, "cannot read the registry branch");
    return 0;
}

int pp_store_read_blob(pp_reg *r, const git_oid *oid, pp_buf *out)
{
    git_blob *blob = NULL;
    int rc = git_blob_lookup(&blob, r->repo, oid);
    if (rc < 0)
        return pp_store_fail(rc, "cannot read a passport blob");
    rc = pp_buf_put(out, git_blob_rawcontent(blob),
                    (size_t)git_blob_rawsize(blob));
    git_blob_free(blob);
    return rc;
}

static int commit_tree(pp_reg *r, const git_oid *commit, git_tree **out)
{
    git_commit *c = NULL;
    int rc = git_commit_lookup(&c, r->repo, commit);
    if (rc < 0)
        return pp_store_fail(rc, "cannot read a registry commit");
    rc = git_commit_tree(out, c);
    git_commit_free(c);
    if (rc < 0)
        return pp_store_fail(rc, "cannot read a registry tree");
    return 0;
}

int pp_store_read_at(pp_reg *r, const git_oid *commit, const char *id,
                     pp_buf *out)
{
    git_tree *tree = NULL;
    git_tree_entry *e = NULL;
    char path[128];
    int rc;

    snprintf(path, sizeof(path), PP_TREE_DIR "/%s.json", id);
    if ((rc = commit_tree(r, commit, &tree)) < 0)
        return rc;
    rc = git_tree_entry_bypath(&e, tree, path);
    git_tree_free(tree);
    if (rc == GIT_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND,
                            "no passport '%s' at that "
                            "revision",
                            id);
    if (rc < 0)
        return pp_store_fail(rc, "cannot read the registry tree");
    rc = pp_store_read_blob(r, git_tree_entry_id(e), out);
    git_tree_entry_free(e);
    return rc;
}

/* "passports/kimi-k2.json" -> "kimi-k2"; 0 when the path is not one. */
static int id_of_path(const char *path, char out[72])
{
    size_t pre = strlen(PP_TREE_DIR "/"), n = strlen(path);
    if (n <= pre + 5 || strncmp(path, PP_TREE_DIR "/", pre) != 0 ||
        strcmp(path + n - 5, ".json") != 0 || strchr(path + pre, '/') ||
        n - pre - 5 >= 72)
        return 0;
    memcpy(out, path + pre, n - pre - 5);
    out[n - pre - 5] = '\0';
    return 1;
}

int pp_store_changes(pp_reg *r, const git_oid *from, const git_oid *to,
                     pp_change **out, size_t *n)
{
    git_tree *a = NULL, *b = NULL;
    git_diff *diff = NULL;
    git_diff_options opts;
    char *spec = PP_TREE_DIR "/*";
    pp_change *v = NULL;
    size_t count = 0, nd, i;
    int rc = 0;

    *out = NULL;
    *n = 0;
    git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
    opts.pathspec.strings = &spec;
    opts.pathspec.count = 1;
    if ((from && (rc = commit_tree(r, from, &a)) < 0) ||
        (to && (rc = commit_tree(r, to, &b)) < 0))
        goto done;
    if ((rc = git_diff_tree_to_tree(&diff, r->repo, a, b, &opts)) < 0) {
        rc = pp_store_fail(rc, "cannot compare registry trees");
        goto done;
    }
    nd = git_diff_num_deltas(diff);
    v = calloc(nd ? nd : 1, sizeof(*v));
    if (!v) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    for (i = 0; i < nd; i++) {
        const git_diff_delta *d = git_diff_get_delta(diff, i);
        const char *path =
            d->new_file.path ? d->new_file.path : d->old_file.path;
        if (!id_of_path(path, v[count].id))
            continue;
        v[count].old_blob = d->old_file.id;
        v[count].new_blob = d->new_file.id;
        count++;
    }
    *out = v;
    *n = count;
    v = NULL;
done:
    free(v);
    git_diff_free(diff);
    git_tree_free(a);
    git_tree_free(b);
    return rc;
}

/* Store the writes `w` as blobs in the passports folder being built. */
static int write_passports(pp_reg *r, git_treebuilder *db, const pp_write *w,
                           size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char name[96];
        git_oid oid;
        int rc;
        snprintf(name, sizeof(name), "%s.json", w[i].id);
        if (!w[i].text) {
            rc = git_treebuilder_remove(db, name);
            if (rc < 0 && rc != GIT_ENOTFOUND)
                return pp_store_fail(rc, "cannot remove a passport");
            continue;
        }
        if ((rc = git_blob_create_from_buffer(&oid, r->repo, w[i].text,
                                              strlen(w[i].text))) < 0 ||
            (rc = git_treebuilder_insert(NULL, db, name, &oid,
                                         GIT_FILEMODE_BLOB)) < 0)
            return pp_store_fail(rc, "cannot store a passport");
    }
    return 0;
}

int pp_store_commit(pp_reg *r, const git_oid *parent, const git_oid *parent2,
                    const pp_write *w, size_t n, const git_signature *author,
                    const git_signature *committer, const char *message,
                    git_oid *out)
{
    git_commit *parents[2] = {NULL, NULL};
    git_tree *root = NULL, *dir = NULL, *newroot = NULL;
    git_treebuilder *rb = NULL, *db = NULL;
    git_oid dir_oid, root_oid;
    size_t np = 0;
    int rc;

    if (parent) {
        if ((rc = git_commit_lookup(&parents[np++], r->repo, parent)) < 0 ||
            (rc = git_commit_tree(&root, parents[0])) < 0) {
            rc = pp_store_fail(rc, "cannot read the registry tip");
            goto done;
        }
        const git_tree_entry *e = git_tree_entry_byname(root, PP_TREE_DIR);
        if (e &&
            (rc = git_tree_lookup(&dir, r->repo, git_tree_entry_id(e))) < 0) {
            rc = pp_store_fail(rc, "cannot read the passports folder");
            goto done;
        }
    }
    if (parent2 &&
        (rc = git_commit_lookup(&parents[np++], r->repo, parent2)) < 0) {
        rc = pp_store_fail(rc, "cannot read the merged commit");
        goto done;
    }
    if ((rc = git_treebuilder_new(&db, r->repo, dir)) < 0) {
        rc = pp_store_fail(rc, "cannot build a tree");
        goto done;
    }
    if ((rc = write_passports(r, db, w, n)) < 0)
        goto done;
    pp_store_crashpoint("put-after-blobs");
    if ((rc = git_treebuilder_write(&dir_oid, db)) < 0 ||
        (rc = git_treebuilder_new(&rb, r->repo, root)) < 0) {
        rc = pp_store_fail(rc, "cannot write a tree");
        goto done;
    }
    if (git_treebuilder_entrycount(db) == 0)
        rc = git_treebuilder_remove(rb, PP_TREE_DIR);
    else
        rc = git_treebuilder_insert(NULL, rb, PP_TREE_DIR, &dir_oid,
                                    GIT_FILEMODE_TREE);
    if ((rc < 0 && rc != GIT_ENOTFOUND) ||
        (rc = git_treebuilder_write(&root_oid, rb)) < 0 ||
        (rc = git_tree_lookup(&newroot, r->repo, &root_oid)) < 0) {
        rc = pp_store_fail(rc, "cannot write the root tree");
        goto done;
    }
    pp_store_crashpoint("put-after-trees");
    rc = git_commit_create(out, r->repo, NULL, author, committer, "UTF-8",
                           message, newroot, np, (const git_commit **)parents);
    if (rc < 0) {
        rc = pp_store_fail(rc, "cannot create a commit");
        goto done;
    }
    /* libgit2 1.5 can report success when writing the object failed (a
     * full disk: tests/fault/io.sh); the branch must never point at a
     * commit that is not there. */
    {
        git_odb *odb = NULL;
        int there =
            git_repository_odb(&odb, r->repo) == 0 && git_odb_exists(odb, out);
        git_odb_free(odb);
        if (!there) {
            rc = pp_error_set(PP_EIO, "cannot create a commit: the commit "
                                      "object was not written (is the "
                                      "disk full?)");
            goto done;
        }
    }
    pp_store_crashpoint("put-after-commit");
    rc = 0;
done:
    git_treebuilder_free(db);
    git_treebuilder_free(rb);
    git_tree_free(newroot);
    git_tree_free(dir);
    git_tree_free(root);
    git_commit_free(parents[0]);
    git_commit_free(parents[1]);
    return rc;
}

int pp_store_move_branch(pp_reg *r, const git_oid *old, const git_oid *new_,
                         const char *reflog)
{
    git_reference *ref = NULL;
    int rc;

    /* Another writer holding the ref's lock file for a moment is not a
     * change of value: wait for it (up to about three seconds), then
     * compare and swap. */
    for (int attempt = 0;; attempt++) {
        if (old)
            rc = git_reference_create_matching(&ref, r->repo, PP_BRANCH, new_,
                                               1, old, reflog);
        else
            rc =
                git_reference_create(&ref, r->repo, PP_BRANCH, new_, 0, reflog);
        git_reference_free(ref);
        ref = NULL;
        if (rc != GIT_ELOCKED || attempt == 60)
            break;
        {
            struct timespec ts = {0, (attempt < 10 ? 1 : 50) * 1000000L};
            nanosleep(&ts, NULL);
        }
    }
    if (rc == GIT_EMODIFIED || rc == GIT_EEXISTS || rc == GIT_ELOCKED)
        return pp_error_set(PP_ECONFLICT, "the registry branch moved "
                                          "meanwhile");
    if (rc < 0)
        return pp_store_fail(rc, "cannot move the registry branch");
    pp_store_crashpoint("put-after-ref");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Checking the objects (passport doctor)                             */
/* ------------------------------------------------------------------ */

struct object_check {
    git_odb *odb;
    size_t checked;
    cJSON *problems;
};

static void object_problem(struct object_check *c, const git_oid *id,
                           const char *what)
{
    char hex[GIT_OID_HEXSZ + 1];
    const git_error *e = git_error_last();
    pp_buf msg = PP_BUF_INIT;
    git_oid_tostr(hex, sizeof(hex), id);
    pp_buf_printf(&msg, "object %s: %s%s%s", hex, what,
                  e && e->message ? ": " : "",
                  e && e->message ? e->message : "");
    cJSON_AddItemToArray(c->problems, cJSON_CreateString(msg.ptr));
    pp_buf_dispose(&msg);
}

/* Reading an object inflates it and checks its id against its content
 * (libgit2's strict hash verification, on by default). */
static int read_one(const git_oid *id, void *data)
{
    struct object_check *c = data;
    git_odb_object *o = NULL;
    c->checked++;
    if (git_odb_read(&o, c->odb, id) < 0)
        object_problem(c, id, "cannot be read");
    git_odb_object_free(o);
    return 0;
}

/* Each entry of a tree of the main line must be there. */
static int entry_present(const char *root, const git_tree_entry *e, void *data)
{
    struct object_check *c = data;
    (void)root;
    if (!git_odb_exists(c->odb, git_tree_entry_id(e))) {
        git_error_clear();
        object_problem(c, git_tree_entry_id(e), "missing (named in a tree)");
    }
    return 0;
}

int pp_store_check(pp_reg *r, size_t *checked, cJSON *problems)
{
    struct object_check c = {NULL, 0, problems};
    git_revwalk *walk = NULL;
    git_oid id;
    int rc;

    *checked = 0;
    if ((rc = git_repository_odb(&c.odb, r->repo)) < 0)
        return pp_store_fail(rc, "cannot open the object database");
    if ((rc = git_odb_foreach(c.odb, read_one, &c)) < 0) {
        rc = pp_store_fail(rc, "cannot list the objects");
        goto done;
    }
    /* Reachability: every commit of the branch, its tree and blobs. */
    if ((rc = git_revwalk_new(&walk, r->repo)) < 0 ||
        (rc = git_revwalk_push_ref(walk, PP_BRANCH)) < 0) {
        if (rc == GIT_ENOTFOUND) /* an empty registry */
            rc = 0;
        else
            cJSON_AddItemToArray(problems, cJSON_CreateString(
                                               "the branch cannot be walked"));
        rc = 0;
        goto done;
    }
    while ((rc = git_revwalk_next(&id, walk)) == 0) {
        git_commit *cm = NULL;
        git_tree *t = NULL;
        if (git_commit_lookup(&cm, r->repo, &id) < 0) {
            object_problem(&c, &id, "a commit of the branch is unreadable");
            continue;
        }
        if (git_commit_tree(&t, cm) < 0)
            object_problem(&c, git_commit_tree_id(cm), "a tree is unreadable");
        else if (git_tree_walk(t, GIT_TREEWALK_PRE, entry_present, &c) < 0)
            object_problem(&c, git_commit_tree_id(cm), "a tree is unreadable");
        git_tree_free(t);
        git_commit_free(cm);
    }
    if (rc != GIT_ITEROVER)
        cJSON_AddItemToArray(problems,
                             cJSON_CreateString("the history cannot be walked "
                                                "to its first commit"));
    rc = 0;
done:
    *checked = c.checked;
    git_revwalk_free(walk);
    git_odb_free(c.odb);
    return rc;
}
