/*
 * open.c - finding, opening and creating a registry: where it lives, a
 * new one seeded from a folder of passports in one commit (validated as a
 * whole before anything is written, and removed again if creating fails),
 * and a curator's clone of a shared one.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#ifndef PP_DATADIR
#define PP_DATADIR "/usr/local/share/passport"
#endif
#ifndef PP_SOURCE_PASSPORTS
#define PP_SOURCE_PASSPORTS ""
#endif

int pp_reg_locate(const char *explicit_path, pp_buf *out, int *is_default)
{
    const char *env = getenv("PASSPORT_REGISTRY");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");

    *is_default = 0;
    if (explicit_path && *explicit_path)
        return pp_buf_puts(out, explicit_path);
    if (env && *env)
        return pp_buf_puts(out, env);
    *is_default = 1;
    if (xdg && *xdg == '/')
        return pp_buf_printf(out, "%s/passport/registry", xdg);
    if (!home || !*home)
        return pp_error_set(PP_ERROR,
                            "cannot locate the registry: set "
                            "PASSPORT_REGISTRY, XDG_DATA_HOME or HOME, or "
                            "pass --registry DIR");
    return pp_buf_printf(out, "%s/.local/share/passport/registry", home);
}

static pp_reg *reg_new(git_repository *repo, const char *path)
{
    pp_reg *r = calloc(1, sizeof(*r));
    if (!r)
        return NULL;
    r->repo = repo;
    r->path = strdup(path);
    if (!r->path) {
        free(r);
        return NULL;
    }
    return r;
}

int pp_reg_open(pp_reg **out, const char *path)
{
    git_repository *repo = NULL;
    struct stat st;
    int rc;

    *out = NULL;
    pp_store_init();
    if (stat(path, &st) != 0)
        return pp_error_set(PP_ENOTFOUND, "no registry at '%s': %s", path,
                            strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return pp_error_set(PP_ENOTFOUND,
                            "'%s' is not a registry: not a "
                            "folder",
                            path);
    rc = git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH,
                                 NULL);
    if (rc == GIT_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND,
                            "'%s' is not a registry: not a git "
                            "repository (create one with 'passport init')",
                            path);
    if (rc < 0) /* e.g. owned by another user and not in safe.directory */
        return pp_store_fail(rc, "cannot open the registry");
    if (!git_repository_is_bare(repo)) {
        git_repository_free(repo);
        return pp_error_set(PP_ENOTFOUND,
                            "'%s' is not a registry: a "
                            "registry is a bare git repository",
                            path);
    }
    if (!(*out = reg_new(repo, path))) {
        git_repository_free(repo);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    return 0;
}

void pp_reg_free(pp_reg *r)
{
    if (!r)
        return;
    pp_index_close(r);
    git_repository_free(r->repo);
    pp_buf_dispose(&r->notice);
    pp_buf_dispose(&r->db_why);
    free(r->path);
    free(r);
}

const char *pp_reg_path(const pp_reg *r)
{
    return r->path;
}

const char *pp_reg_notice(const pp_reg *r)
{
    return pp_buf_cstr(&r->notice);
}

void pp_reg_on_notice(pp_reg *r, void (*fn)(void *data, const char *notice),
                      void *data)
{
    r->notify = fn;
    r->notify_data = data;
}

static int dir_is_empty(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int empty = 1;
    if (!d)
        return 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            empty = 0;
    closedir(d);
    return empty;
}

/* Create `path` and its missing parents (mkdir -p). */
static int make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof(buf))
        return pp_error_set(PP_EUSAGE, "path too long: '%s'", path);
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return pp_error_set(PP_EIO, "cannot create '%s': %s", buf,
                                    strerror(errno));
            buf[i] = c;
        }
    }
    return 0;
}


/* Canonical texts of the valid passports of `dir`, for one commit. */
struct seed {
    pp_write *w;
    size_t n;
};

static void seed_dispose(struct seed *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free((char *)s->w[i].id);
        free((char *)s->w[i].text);
    }
    free(s->w);
}

/* Add the canonical text of passport file `path` to `s`.  A file that
 * cannot be read counts as invalid, so that one bad file does not hide
 * the others: PP_EINVALID with the reason in `diags`. */
static int seed_one(const char *path, struct seed *s, pp_diags *diags)
{
    pp_passport *p = NULL;
    pp_buf text = PP_BUF_INIT;
    char *id;
    int rc = pp_passport_load_file(&p, path, diags);

    if (rc < 0 && rc != PP_EINVALID)
        pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s", pp_error_last());
    if (rc < 0)
        return PP_EINVALID;
    id = strdup(pp_passport_id(p));
    if (!id || pp_passport_canonical(pp_passport_json(p), &text) < 0) {
        free(id);
        pp_buf_dispose(&text);
        pp_passport_free(p);
        return pp_error_last_code() ? pp_error_last_code() : PP_ENOMEM;
    }
    s->w[s->n].id = id;
    s->w[s->n].text = pp_buf_detach(&text);
    s->n++;
    pp_passport_free(p);
    return 0;
}

/* The passports of the folder `dir` (every *.json), each validated, as
 * writes for one commit.  Any invalid file: PP_EINVALID with every reason
 * in `diags`. */
static int load_seed(const char *dir, struct seed *s, pp_diags *diags)
{
    char **paths = NULL;
    size_t n = 0;
    int rc, invalid = 0;

    s->w = NULL;
    s->n = 0;
    if ((rc = pp_io_list_dir(dir, ".json", PP_REGISTRY_MAX_PASSPORTS, &paths,
                             &n)) < 0)
        return rc;
    if (!(s->w = calloc(n + 1, sizeof(*s->w)))) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        rc = seed_one(paths[i], s, diags);
        if (rc == PP_EINVALID)
            invalid = 1;
        else if (rc < 0)
            goto done;
    }
    rc = invalid ? pp_error_set(PP_EINVALID,
                                "registry '%s' holds invalid "
                                "passports",
                                dir)
                 : 0;
done:
    pp_io_list_free(paths, n);
    if (rc < 0) {
        seed_dispose(s);
        s->w = NULL;
        s->n = 0;
    }
    return rc;
}

const char *pp_reg_shipped_dir(void)
{
    static char buf[4096];
    const char *env = getenv("PASSPORT_SHIPPED");
    struct stat st;

    if (env && *env)
        return env;
    /* A binary run from its build tree reads the source tree's files, so
     * an edit there is seen without installing. */
    if (PP_SOURCE_PASSPORTS[0] && stat(PP_SOURCE_PASSPORTS, &st) == 0 &&
        S_ISDIR(st.st_mode))
        return PP_SOURCE_PASSPORTS;
    snprintf(buf, sizeof(buf), "%s/passports", PP_DATADIR);
    return buf;
}

int pp_reg_create(pp_reg **out, const char *path, const char *seed_dir,
                  const pp_who *who, pp_diags *diags)
{
    git_repository *repo = NULL;
    git_repository_init_options opts;
    struct seed seed = {0};
    struct stat st;
    pp_reg *r = NULL;
    int rc, created_dir = 0;

    *out = NULL;
    pp_store_init();
    if (stat(path, &st) == 0 && (!S_ISDIR(st.st_mode) || !dir_is_empty(path)))
        return pp_error_set(PP_EUSAGE,
                            "'%s' already exists and is not an "
                            "empty folder",
                            path);
    /* Validate the seed before anything is written. */
    if (seed_dir && (rc = load_seed(seed_dir, &seed, diags)) < 0)
        return rc;
    if (stat(path, &st) != 0) {
        if ((rc = make_dirs(path)) < 0)
            goto fail;
        created_dir = 1;
    }
    git_repository_init_options_init(&opts,
                                     GIT_REPOSITORY_INIT_OPTIONS_VERSION);
    opts.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
    opts.initial_head = "main";
    if ((rc = git_repository_init_ext(&repo, path, &opts)) < 0) {
        rc = pp_store_fail(rc, "cannot create the registry");
        goto fail;
    }
    if (!(r = reg_new(repo, path))) {
        git_repository_free(repo);
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto fail;
    }
    if (seed.n) {
        git_oid commit;
        pp_buf msg = PP_BUF_INIT;
        pp_buf_printf(&msg, "seed the registry with %zu passports\n", seed.n);
        rc = pp_store_commit(r, NULL, NULL, seed.w, seed.n, who->author,
                             who->committer, msg.ptr, &commit);
        pp_buf_dispose(&msg);
        if (rc == 0)
            rc = pp_store_move_branch(r, NULL, &commit, "passport init");
        if (rc < 0)
            goto fail;
    }
    if ((rc = pp_index_update(r, NULL)) < 0)
        goto fail;
    seed_dispose(&seed);
    *out = r;
    return 0;
fail:
    seed_dispose(&seed);
    pp_reg_free(r);
    /* Nothing half-made stays behind. */
    if (created_dir)
        pp_io_remove_tree(path);
    return rc;
}

int pp_reg_clone(pp_reg **out, const char *url, const char *path)
{
    git_repository *repo = NULL;
    git_clone_options opts;
    struct stat st;
    git_oid tip;
    int rc, existed;

    *out = NULL;
    pp_store_init();
    if ((existed = stat(path, &st) == 0) &&
        (!S_ISDIR(st.st_mode) || !dir_is_empty(path)))
        return pp_error_set(PP_EUSAGE,
                            "'%s' already exists and is not an "
                            "empty folder",
                            path);
    git_clone_options_init(&opts, GIT_CLONE_OPTIONS_VERSION);
    opts.bare = 1;
    if ((rc = git_clone(&repo, url, path, &opts)) < 0)
        return pp_store_fail(rc, "cannot clone the registry");
    /* The remote's HEAD may name another branch (a plain 'git init
     * --bare' says master): the registry's branch is main, taken from
     * origin/main when it arrived. */
    {
        git_oid theirs, mine;
        git_reference *ref = NULL;
        if (git_reference_name_to_id(&mine, repo, PP_BRANCH) != 0 &&
            git_reference_name_to_id(&theirs, repo,
                                     "refs/remotes/origin/main") == 0)
            git_reference_create(&ref, repo, PP_BRANCH, &theirs, 0,
                                 "passport clone");
        git_reference_free(ref);
        git_repository_set_head(repo, PP_BRANCH);
    }
    /* Every commit that came is checked before the clone is used; a
     * refused clone leaves nothing behind. */
    if (git_reference_name_to_id(&tip, repo, PP_BRANCH) == 0 &&
        (rc = pp_incoming_check(repo, &tip, NULL, "clone")) < 0) {
        git_repository_free(repo);
        if (existed)
            pp_io_empty_dir(path);
        else
            pp_io_remove_tree(path);
        return rc;
    }
    if (!(*out = reg_new(repo, path))) {
        git_repository_free(repo);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    /* A clone of an empty registry has no branch yet; either way the
     * index starts from what arrived. */
    return pp_index_update(*out, NULL);
}
