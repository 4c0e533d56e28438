/*
 * reg.c - the git-backed registry: opening, creating, reading at a
 * revision, writing commits, and the history views (log, diff, blame).
 *
 * Reads go through the index (index.c) for everything that depends on
 * history; only the final passport text is read from git, by blob id.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#define PUT_RETRIES 8

#ifndef PP_DATADIR
#define PP_DATADIR "/usr/local/share/passport"
#endif
#ifndef PP_SOURCE_PASSPORTS
#define PP_SOURCE_PASSPORTS ""
#endif

static int libgit2_ready;

static void shutdown_libgit2(void)
{
    git_libgit2_shutdown();
}

static void init_libgit2(void)
{
    if (!libgit2_ready) {
        git_libgit2_init();
        libgit2_ready = 1;
        atexit(shutdown_libgit2);
    }
}

/* ------------------------------------------------------------------ */
/* Location, opening, creating                                        */
/* ------------------------------------------------------------------ */

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
        return pp_error_set(PP_ERROR, "cannot locate the registry: set "
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
    init_libgit2();
    if (stat(path, &st) != 0)
        return pp_error_set(PP_ENOTFOUND, "no registry at '%s': %s", path,
                            strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return pp_error_set(PP_ENOTFOUND, "'%s' is not a registry: not a "
                            "folder", path);
    rc = git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH,
                                 NULL);
    if (rc == GIT_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND, "'%s' is not a registry: not a git "
                            "repository (create one with 'passport init')",
                            path);
    if (rc < 0) /* e.g. owned by another user and not in safe.directory */
        return pp_git_fail(rc, "cannot open the registry");
    if (!git_repository_is_bare(repo)) {
        git_repository_free(repo);
        return pp_error_set(PP_ENOTFOUND, "'%s' is not a registry: a "
                            "registry is a bare git repository", path);
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
    sqlite3_close(r->db);
    git_repository_free(r->repo);
    pp_buf_dispose(&r->notice);
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

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    if (!d) {
        unlink(path);
        return;
    }
    while ((e = readdir(d))) {
        pp_buf p = PP_BUF_INIT;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        pp_buf_printf(&p, "%s/%s", path, e->d_name);
        remove_tree(p.ptr);
        pp_buf_dispose(&p);
    }
    closedir(d);
    rmdir(path);
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
    rc = invalid ? pp_error_set(PP_EINVALID, "registry '%s' holds invalid "
                                "passports", dir)
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
    init_libgit2();
    if (stat(path, &st) == 0 && (!S_ISDIR(st.st_mode) || !dir_is_empty(path)))
        return pp_error_set(PP_EUSAGE, "'%s' already exists and is not an "
                            "empty folder", path);
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
        rc = pp_git_fail(rc, "cannot create the registry");
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
        remove_tree(path);
    return rc;
}

int pp_reg_clone(pp_reg **out, const char *url, const char *path)
{
    git_repository *repo = NULL;
    git_clone_options opts;
    struct stat st;
    int rc;

    *out = NULL;
    init_libgit2();
    if (stat(path, &st) == 0 && (!S_ISDIR(st.st_mode) || !dir_is_empty(path)))
        return pp_error_set(PP_EUSAGE, "'%s' already exists and is not an "
                            "empty folder", path);
    git_clone_options_init(&opts, GIT_CLONE_OPTIONS_VERSION);
    opts.bare = 1;
    if ((rc = git_clone(&repo, url, path, &opts)) < 0)
        return pp_git_fail(rc, "cannot clone the registry");
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
    if (!(*out = reg_new(repo, path))) {
        git_repository_free(repo);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    /* A clone of an empty registry has no branch yet; either way the
     * index starts from what arrived. */
    return pp_index_update(*out, NULL);
}

/* ------------------------------------------------------------------ */
/* Authors                                                            */
/* ------------------------------------------------------------------ */

static int days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    int era = (y >= 0 ? y : y - 399) / 400;
    int yoe = y - era * 400;
    int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int pp_parse_date(const char *s, long long *out, int *date_only)
{
    int y, mo, d, h = 0, mi = 0, se = 0, n = 0;
    size_t len = strlen(s);

    if (len < 10 || sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 ||
        n != 10 || mo < 1 || mo > 12 || d < 1 || d > 31)
        return -1;
    *date_only = len == 10;
    if (len > 10) {
        const char *t = s + 10;
        int m2 = 0;
        if ((*t != 'T' && *t != ' ') ||
            sscanf(t + 1, "%2d:%2d%n", &h, &mi, &m2) != 2)
            return -1;
        t += 1 + m2;
        if (*t == ':') {
            int m3 = 0;
            if (sscanf(t + 1, "%2d%n", &se, &m3) != 1)
                return -1;
            t += 1 + m3;
        }
        if (*t == 'Z')
            t++;
        if (*t || h > 23 || mi > 59 || se > 60)
            return -1;
    }
    *out = (long long)days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 +
           se;
    return 0;
}

static int sig_time(const char *env, git_time_t *when, int *offset)
{
    const char *s = getenv(env);
    long long t;
    int date_only;
    *offset = 0;
    if (!s || !*s) {
        *when = (git_time_t)time(NULL);
        return 0;
    }
    if (s[0] == '@') {
        char *end;
        t = strtoll(s + 1, &end, 10);
        if (end == s + 1)
            return pp_error_set(PP_EUSAGE, "%s: bad date '%s'", env, s);
        while (*end == ' ')
            end++;
        if (*end == '+' || *end == '-') {
            int hhmm = (int)strtol(end + 1, NULL, 10);
            *offset = (hhmm / 100 * 60 + hhmm % 100) * (*end == '-' ? -1 : 1);
        }
        *when = (git_time_t)t;
        return 0;
    }
    if (pp_parse_date(s, &t, &date_only) < 0)
        return pp_error_set(PP_EUSAGE, "%s: bad date '%s' (expected "
                            "'@SECONDS' or 'YYYY-MM-DDTHH:MM:SSZ')", env, s);
    *when = (git_time_t)t;
    return 0;
}

static int parse_author(const char *s, pp_buf *name, pp_buf *email)
{
    const char *lt = strchr(s, '<'), *gt = lt ? strchr(lt, '>') : NULL;
    const char *end = lt;
    if (!lt || !gt || gt[1] != '\0')
        return pp_error_set(PP_EUSAGE, "--author: expected 'Name <email>', "
                            "got '%s'", s);
    while (end > s && end[-1] == ' ')
        end--;
    if (end == s)
        return pp_error_set(PP_EUSAGE, "--author: the name is empty in '%s'",
                            s);
    pp_buf_put(name, s, (size_t)(end - s));
    pp_buf_put(email, lt + 1, (size_t)(gt - lt - 1));
    return 0;
}

int pp_who_new(pp_who **out, pp_reg *r, const char *author)
{
    pp_buf name = PP_BUF_INIT, email = PP_BUF_INIT;
    pp_buf cname = PP_BUF_INIT, cemail = PP_BUF_INIT;
    git_signature *def = NULL;
    git_time_t at, ct;
    int aoff, coff, rc;
    pp_who *w;

    *out = NULL;
    init_libgit2();
    if (author) {
        if ((rc = parse_author(author, &name, &email)) < 0)
            goto done;
    } else if (getenv("GIT_AUTHOR_NAME") && getenv("GIT_AUTHOR_EMAIL")) {
        pp_buf_puts(&name, getenv("GIT_AUTHOR_NAME"));
        pp_buf_puts(&email, getenv("GIT_AUTHOR_EMAIL"));
    } else {
        git_config *cfg = NULL;
        int grc = r ? git_signature_default(&def, r->repo) : -1;
        if (grc < 0 && git_config_open_default(&cfg) == 0) {
            git_buf n = GIT_BUF_INIT, e = GIT_BUF_INIT;
            if (git_config_get_string_buf(&n, cfg, "user.name") == 0 &&
                git_config_get_string_buf(&e, cfg, "user.email") == 0)
                grc = git_signature_now(&def, n.ptr, e.ptr);
            git_buf_dispose(&n);
            git_buf_dispose(&e);
            git_config_free(cfg);
        }
        if (grc < 0) {
            rc = pp_error_set(PP_EUSAGE, "no author: pass --author "
                              "'Name <email>', set GIT_AUTHOR_NAME and "
                              "GIT_AUTHOR_EMAIL, or git config user.name "
                              "and user.email");
            goto done;
        }
        pp_buf_puts(&name, def->name);
        pp_buf_puts(&email, def->email);
    }
    if (getenv("GIT_COMMITTER_NAME") && getenv("GIT_COMMITTER_EMAIL")) {
        pp_buf_puts(&cname, getenv("GIT_COMMITTER_NAME"));
        pp_buf_puts(&cemail, getenv("GIT_COMMITTER_EMAIL"));
    } else {
        pp_buf_puts(&cname, name.ptr);
        pp_buf_puts(&cemail, email.ptr);
    }
    if ((rc = sig_time("GIT_AUTHOR_DATE", &at, &aoff)) < 0 ||
        (rc = sig_time("GIT_COMMITTER_DATE", &ct, &coff)) < 0)
        goto done;
    if (!getenv("GIT_COMMITTER_DATE") && getenv("GIT_AUTHOR_DATE"))
        ct = at, coff = aoff;
    w = calloc(1, sizeof(*w));
    if (!w) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    if (git_signature_new(&w->author, name.ptr, email.ptr, at, aoff) < 0 ||
        git_signature_new(&w->committer, cname.ptr, cemail.ptr, ct, coff) <
            0) {
        rc = pp_git_fail(-1, "bad author");
        pp_who_free(w);
        goto done;
    }
    *out = w;
    rc = 0;
done:
    git_signature_free(def);
    pp_buf_dispose(&name);
    pp_buf_dispose(&email);
    pp_buf_dispose(&cname);
    pp_buf_dispose(&cemail);
    return rc;
}

void pp_who_free(pp_who *w)
{
    if (!w)
        return;
    git_signature_free(w->author);
    git_signature_free(w->committer);
    free(w);
}

/* ------------------------------------------------------------------ */
/* Index access                                                       */
/* ------------------------------------------------------------------ */

int pp_reg_sync_index(pp_reg *r, size_t *new_commits)
{
    return pp_index_update(r, new_commits);
}

int pp_reg_reindex(pp_reg *r)
{
    return pp_index_rebuild(r);
}

#define AT_K "from_seq <= ?1 AND (to_seq IS NULL OR to_seq > ?1)"

static int prepare(pp_reg *r, const char *sql, sqlite3_stmt **st)
{
    int rc = pp_index_open(r, 1);
    if (rc < 0)
        return rc;
    if (sqlite3_prepare_v2(r->db, sql, -1, st, NULL) != SQLITE_OK)
        return pp_error_set(PP_ERROR, "index: %s", sqlite3_errmsg(r->db));
    return 0;
}

static int step_fail(pp_reg *r)
{
    return pp_error_set(PP_ERROR, "index: %s", sqlite3_errmsg(r->db));
}

int pp_reg_at(pp_reg *r, const char *spec, pp_at *out)
{
    sqlite3_stmt *st = NULL;
    long long t;
    int date_only, rc;

    memset(out, 0, sizeof(*out));
    out->seq = -1;
    if (!spec) {
        rc = prepare(r, "SELECT oid, seq, committer_time FROM commits WHERE "
                        "seq IS NOT NULL ORDER BY seq DESC LIMIT 1",
                     &st);
    } else if (pp_parse_date(spec, &t, &date_only) == 0) {
        if (date_only)
            t += 86399; /* the whole day, UTC */
        if (t > (long long)time(NULL) + (date_only ? 86400 : 0))
            return pp_error_set(PP_EUSAGE, "'%s' is in the future", spec);
        rc = prepare(r, "SELECT oid, seq, committer_time FROM commits WHERE "
                        "seq IS NOT NULL AND committer_time <= ?1 ORDER BY "
                        "seq DESC LIMIT 1",
                     &st);
        if (rc == 0)
            sqlite3_bind_int64(st, 1, t);
    } else {
        git_object *obj = NULL, *commit = NULL;
        char hex[GIT_OID_HEXSZ + 1];
        rc = git_revparse_single(&obj, r->repo, spec);
        if (rc == 0)
            rc = git_object_peel(&commit, obj, GIT_OBJECT_COMMIT);
        git_object_free(obj);
        if (rc < 0)
            return pp_error_set(PP_ENOTFOUND, "no revision '%s' in the "
                                "registry", spec);
        git_oid_tostr(hex, sizeof(hex), git_object_id(commit));
        git_object_free(commit);
        rc = prepare(r, "SELECT oid, seq, committer_time FROM commits WHERE "
                        "oid = ?1",
                     &st);
        if (rc == 0)
            sqlite3_bind_text(st, 1, hex, -1, SQLITE_TRANSIENT);
    }
    if (rc < 0)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 1) != SQLITE_NULL) {
        snprintf(out->oid, sizeof(out->oid), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        out->seq = sqlite3_column_int64(st, 1);
        out->time = sqlite3_column_int64(st, 2);
        rc = 0;
    } else if (rc == SQLITE_ROW) {
        rc = pp_error_set(PP_EUSAGE, "revision '%s' is not on the "
                          "registry's main line (it was merged from a "
                          "side branch); name the merge instead", spec);
    } else if (rc == SQLITE_DONE) {
        rc = spec ? pp_error_set(PP_ENOTFOUND, "the registry has no commit "
                                 "at or before '%s'", spec)
                  : 0; /* an empty registry */
    } else {
        rc = step_fail(r);
    }
    sqlite3_finalize(st);
    return rc;
}

int pp_reg_resolve(pp_reg *r, const pp_at *at, const char *query,
                   pp_buf *id)
{
    sqlite3_stmt *st = NULL;
    pp_buf norm = PP_BUF_INIT, list = PP_BUF_INIT;
    size_t hits = 0;
    int rc;

    /* An exact id wins over any alias. */
    if ((rc = prepare(r, "SELECT passport FROM passports WHERE passport = ?2 "
                         "AND " AT_K,
                      &st)) < 0)
        return rc;
    sqlite3_bind_int64(st, 1, at->seq);
    sqlite3_bind_text(st, 2, query, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return pp_buf_puts(id, query);
    pp_name_normalize(query, &norm);
    if ((rc = prepare(r, "SELECT DISTINCT passport FROM names WHERE norm = "
                         "?2 AND " AT_K " ORDER BY passport",
                      &st)) < 0)
        goto done;
    sqlite3_bind_int64(st, 1, at->seq);
    sqlite3_bind_text(st, 2, pp_buf_cstr(&norm), -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *p = (const char *)sqlite3_column_text(st, 0);
        if (hits++ == 0)
            pp_buf_puts(id, p);
        pp_buf_printf(&list, "%s%s", hits > 1 ? ", " : "", p);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        rc = step_fail(r);
    else if (hits == 1)
        rc = 0;
    else if (hits == 0)
        rc = pp_error_set(PP_ENOTFOUND, "no passport named '%s' (try "
                          "'passport list')", query);
    else {
        pp_buf_clear(id);
        rc = pp_error_set(PP_EAMBIGUOUS, "'%s' is ambiguous: it names %s",
                          query, pp_buf_cstr(&list));
    }
done:
    pp_buf_dispose(&norm);
    pp_buf_dispose(&list);
    return rc;
}

int pp_reg_load(pp_reg *r, const pp_at *at, const char *id,
                pp_passport **out, pp_diags *diags)
{
    sqlite3_stmt *st = NULL;
    git_oid blob;
    pp_buf text = PP_BUF_INIT, name = PP_BUF_INIT;
    int rc;

    *out = NULL;
    if ((rc = prepare(r, "SELECT blob FROM passports WHERE passport = ?2 AND "
                      AT_K,
                      &st)) < 0)
        return rc;
    sqlite3_bind_int64(st, 1, at->seq);
    sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        rc = git_oid_fromstr(&blob, (const char *)sqlite3_column_text(st, 0));
    else
        rc = rc == SQLITE_DONE ? pp_error_set(PP_ENOTFOUND, "no passport "
                                              "'%s'", id)
                               : step_fail(r);
    sqlite3_finalize(st);
    if (rc < 0)
        return rc;
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
    sqlite3_stmt *st = NULL, *fst = NULL;
    cJSON *arr = cJSON_CreateArray();
    int rc;

    *out = NULL;
    if (!arr)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if ((rc = prepare(r, "SELECT passport, name FROM passports WHERE " AT_K
                         " ORDER BY passport",
                      &st)) < 0 ||
        (rc = prepare(r, "SELECT value FROM facts WHERE passport = ?2 AND "
                         "key = ?3 AND " AT_K,
                      &fst)) < 0)
        goto done;
    sqlite3_bind_int64(st, 1, at->seq);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *name = (const char *)sqlite3_column_text(st, 1);
        cJSON *o = cJSON_CreateObject(), *fields = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", id);
        cJSON_AddStringToObject(o, "name", name ? name : "");
        for (size_t k = 0; keys && keys[k]; k++) {
            sqlite3_bind_int64(fst, 1, at->seq);
            sqlite3_bind_text(fst, 2, id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(fst, 3, keys[k], -1, SQLITE_STATIC);
            if (sqlite3_step(fst) == SQLITE_ROW) {
                cJSON *v = cJSON_Parse(
                    (const char *)sqlite3_column_text(fst, 0));
                if (v)
                    cJSON_AddItemToObject(fields, keys[k], v);
            }
            sqlite3_reset(fst);
        }
        cJSON_AddItemToObject(o, "fields", fields);
        cJSON_AddItemToArray(arr, o);
    }
    rc = rc == SQLITE_DONE ? 0 : step_fail(r);
done:
    sqlite3_finalize(st);
    sqlite3_finalize(fst);
    if (rc < 0) {
        cJSON_Delete(arr);
        return rc;
    }
    *out = arr;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Writing                                                            */
/* ------------------------------------------------------------------ */

static void commit_hex(const git_oid *oid, pp_buf *out)
{
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof(hex), oid);
    pp_buf_puts(out, hex);
}

/* Do the writes change anything at `tip`? */
static int changes_anything(pp_reg *r, const git_oid *tip, int unborn,
                            const pp_write *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pp_buf cur = PP_BUF_INIT;
        int rc = unborn ? PP_ENOTFOUND : pp_store_read_at(r, tip, w[i].id,
                                                          &cur);
        int same = (rc == PP_ENOTFOUND && !w[i].text) ||
                   (rc == 0 && w[i].text && strcmp(cur.ptr, w[i].text) == 0);
        pp_buf_dispose(&cur);
        if (rc < 0 && rc != PP_ENOTFOUND)
            return rc;
        if (!same)
            return 1;
    }
    return 0;
}

/* Commit `w` on the tip and move the branch by compare-and-swap.  On a
 * race, retry on the new tip unless the other writer touched one of our
 * passports: then fail, and nothing of ours is committed. */
static int commit_writes(pp_reg *r, const pp_write *w, size_t n,
                         const char *message, const pp_who *who,
                         pp_buf *commit_out)
{
    git_oid tip, commit;
    int unborn, rc;

    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    if ((rc = changes_anything(r, &tip, unborn, w, n)) <= 0)
        return rc; /* 0: nothing to commit */
    for (int attempt = 0; attempt < PUT_RETRIES; attempt++) {
        git_oid newtip;
        int unborn2;
        pp_change *ch = NULL;
        size_t nch = 0;

        rc = pp_store_commit(r, unborn ? NULL : &tip, NULL, w, n, who->author,
                             who->committer, message, &commit);
        if (rc < 0)
            return rc;
        rc = pp_store_move_branch(r, unborn ? NULL : &tip, &commit, message);
        if (rc != PP_ECONFLICT)
            break;
        /* Someone else moved the branch: see what they changed. */
        if ((rc = pp_store_tip(r, &newtip, &unborn2)) < 0)
            return rc;
        if ((rc = pp_store_changes(r, unborn ? NULL : &tip, &newtip, &ch,
                                   &nch)) < 0)
            return rc;
        for (size_t i = 0; i < nch; i++) {
            for (size_t k = 0; k < n; k++) {
                if (strcmp(ch[i].id, w[k].id) == 0) {
                    char hex[GIT_OID_HEXSZ + 1];
                    git_oid_tostr(hex, sizeof(hex), &newtip);
                    free(ch);
                    return pp_error_set(PP_ECONFLICT, "passport '%s' was "
                                        "changed by another writer meanwhile "
                                        "(registry now at %.12s); nothing "
                                        "was committed: review and retry",
                                        w[k].id, hex);
                }
            }
        }
        free(ch);
        tip = newtip;
        unborn = unborn2;
        rc = PP_ECONFLICT;
    }
    if (rc == PP_ECONFLICT)
        return pp_error_set(PP_ECONFLICT, "the registry kept changing under "
                            "us; nothing was committed: retry");
    if (rc < 0)
        return rc;
    commit_hex(&commit, commit_out);
    pp_crashpoint("put-before-index");
    /* The commit is in; a failing index update is repaired next time. */
    (void)pp_index_update(r, NULL);
    return 0;
}

static void default_message(pp_buf *msg, const char *verb, const pp_write *w,
                            size_t n)
{
    pp_buf_puts(msg, verb);
    for (size_t i = 0; i < n && i < 5; i++)
        pp_buf_printf(msg, "%s %s", i ? "," : "", w[i].id);
    if (n > 5)
        pp_buf_printf(msg, " and %zu more", n - 5);
    pp_buf_putc(msg, '\n');
}

static int put_writes(pp_reg *r, pp_write *w, size_t n, const char *message,
                      const pp_who *who, pp_buf *commit)
{
    pp_buf msg = PP_BUF_INIT;
    int rc;
    for (size_t i = 0; i < n; i++)
        for (size_t k = i + 1; k < n; k++)
            if (strcmp(w[i].id, w[k].id) == 0)
                return pp_error_set(PP_EUSAGE, "passport '%s' is given "
                                    "twice", w[i].id);
    if (message && *message)
        pp_buf_printf(&msg, "%s%s", message,
                      message[strlen(message) - 1] == '\n' ? "" : "\n");
    else
        default_message(&msg, "put", w, n);
    rc = commit_writes(r, w, n, msg.ptr, who, commit);
    pp_buf_dispose(&msg);
    return rc;
}

int pp_reg_put(pp_reg *r, const char *const *files, size_t n,
               const char *message, const pp_who *who, pp_diags *diags,
               pp_buf *commit)
{
    pp_write *w = calloc(n ? n : 1, sizeof(*w));
    size_t ok = 0;
    int rc = 0, invalid = 0;

    if (!w)
        return pp_error_set(PP_ENOMEM, "out of memory");
    /* Validate everything before writing anything. */
    for (size_t i = 0; i < n; i++) {
        pp_passport *p = NULL;
        pp_buf text = PP_BUF_INIT;
        int lr = pp_passport_load_file(&p, files[i], diags);
        if (lr < 0 && lr != PP_EINVALID && lr != PP_ETOOBIG &&
            lr != PP_ENOTFOUND && lr != PP_EIO) {
            /* not the file's fault (out of memory): say so, not "invalid" */
            rc = lr;
            goto release;
        }
        if (lr < 0) {
            if (lr != PP_EINVALID)
                pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                             pp_error_last());
            invalid = 1;
            continue;
        }
        w[ok].id = strdup(pp_passport_id(p));
        if (!w[ok].id)
            rc = pp_error_set(PP_ENOMEM, "out of memory");
        else
            rc = pp_passport_canonical(pp_passport_json(p), &text);
        if (rc < 0) {
            /* nothing half-made is ever committed */
            free((char *)w[ok].id);
            pp_buf_dispose(&text);
            pp_passport_free(p);
            goto release;
        }
        w[ok].text = pp_buf_detach(&text);
        ok++;
        pp_passport_free(p);
    }
    if (invalid)
        rc = pp_error_set(PP_EINVALID,
                          "nothing was committed: %zu of %zu "
                          "file%s invalid",
                          n - ok, n, n == 1 ? " is" : "s are");
    else
        rc = put_writes(r, w, ok, message, who, commit);
release:
    for (size_t i = 0; i < ok; i++) {
        free((char *)w[i].id);
        free((char *)w[i].text);
    }
    free(w);
    return rc;
}

int pp_reg_put_text(pp_reg *r, const char *text, size_t len,
                    const char *name, const char *message, const pp_who *who,
                    pp_diags *diags, pp_buf *commit)
{
    pp_passport *p = NULL;
    pp_buf canon = PP_BUF_INIT;
    pp_write w;
    int rc = pp_passport_load_buffer(&p, text, len, name, NULL, diags);
    if (rc < 0)
        return rc;
    if ((rc = pp_passport_canonical(pp_passport_json(p), &canon)) < 0) {
        pp_passport_free(p);
        return rc;
    }
    w.id = pp_passport_id(p);
    w.text = canon.ptr;
    rc = put_writes(r, &w, 1, message, who, commit);
    pp_buf_dispose(&canon);
    pp_passport_free(p);
    return rc;
}

int pp_reg_rm(pp_reg *r, const char *id, const char *message,
              const pp_who *who, pp_buf *commit)
{
    git_oid tip;
    int unborn, rc;
    pp_buf cur = PP_BUF_INIT, msg = PP_BUF_INIT;
    pp_write w = {id, NULL};

    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    if (unborn || (rc = pp_store_read_at(r, &tip, id, &cur)) == PP_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND, "no passport '%s' in the registry",
                            id);
    pp_buf_dispose(&cur);
    if (rc < 0)
        return rc;
    if (message && *message)
        pp_buf_printf(&msg, "%s\n", message);
    else
        default_message(&msg, "rm", &w, 1);
    rc = commit_writes(r, &w, 1, msg.ptr, who, commit);
    pp_buf_dispose(&msg);
    return rc;
}

/* ------------------------------------------------------------------ */
/* History views                                                      */
/* ------------------------------------------------------------------ */

static void iso_date(long long t, char out[32])
{
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static cJSON *commit_object(sqlite3_stmt *st, int col)
{
    /* columns from col: oid, author_name, author_email, committer_time,
     * message */
    cJSON *o = cJSON_CreateObject();
    char date[32];
    const char *msg = (const char *)sqlite3_column_text(st, col + 4);
    pp_buf first = PP_BUF_INIT;
    iso_date(sqlite3_column_int64(st, col + 3), date);
    cJSON_AddStringToObject(o, "commit",
                            (const char *)sqlite3_column_text(st, col));
    cJSON_AddStringToObject(o, "author",
                            (const char *)sqlite3_column_text(st, col + 1));
    cJSON_AddStringToObject(o, "email",
                            (const char *)sqlite3_column_text(st, col + 2));
    cJSON_AddStringToObject(o, "date", date);
    if (msg)
        pp_buf_put(&first, msg, strcspn(msg, "\n"));
    cJSON_AddStringToObject(o, "message", pp_buf_cstr(&first));
    pp_buf_dispose(&first);
    return o;
}

int pp_reg_log(pp_reg *r, const char *id, cJSON **out)
{
    sqlite3_stmt *st = NULL, *pst = NULL;
    cJSON *arr = cJSON_CreateArray();
    int rc;

    *out = NULL;
    rc = prepare(r,
                 id ? "SELECT c.oid, c.author_name, c.author_email, "
                      "c.committer_time, c.message FROM commits c JOIN "
                      "commit_passports cp ON cp.oid = c.oid WHERE "
                      "cp.passport = ?1 ORDER BY c.committer_time DESC, "
                      "c.seq DESC"
                    : "SELECT oid, author_name, author_email, "
                      "committer_time, message FROM commits ORDER BY "
                      "committer_time DESC, seq DESC",
                 &st);
    if (rc == 0)
        rc = prepare(r, "SELECT passport, change FROM commit_passports WHERE "
                        "oid = ?1 AND (?2 IS NULL OR passport = ?2) ORDER BY "
                        "passport",
                     &pst);
    if (rc < 0)
        goto done;
    if (id)
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cJSON *o = commit_object(st, 0), *ps = cJSON_CreateArray();
        sqlite3_bind_text(pst, 1, (const char *)sqlite3_column_text(st, 0),
                          -1, SQLITE_TRANSIENT);
        if (id)
            sqlite3_bind_text(pst, 2, id, -1, SQLITE_TRANSIENT);
        while (sqlite3_step(pst) == SQLITE_ROW) {
            cJSON *p = cJSON_CreateObject();
            cJSON_AddStringToObject(p, "passport",
                                    (const char *)sqlite3_column_text(pst, 0));
            cJSON_AddStringToObject(p, "change",
                                    (const char *)sqlite3_column_text(pst, 1));
            cJSON_AddItemToArray(ps, p);
        }
        sqlite3_reset(pst);
        cJSON_AddItemToObject(o, "passports", ps);
        cJSON_AddItemToArray(arr, o);
    }
    rc = rc == SQLITE_DONE ? 0 : step_fail(r);
done:
    sqlite3_finalize(st);
    sqlite3_finalize(pst);
    if (rc < 0) {
        cJSON_Delete(arr);
        return rc;
    }
    *out = arr;
    return 0;
}

static int rev_commit(pp_reg *r, const char *rev, git_oid *out)
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

int pp_reg_is_revision(pp_reg *r, const char *spec)
{
    git_oid oid;
    int rc = rev_commit(r, spec, &oid);
    pp_error_clear();
    return rc == 0;
}

static cJSON *parse_or_null(const char *json)
{
    cJSON *v = json ? cJSON_Parse(json) : NULL;
    return v ? v : cJSON_CreateNull();
}

int pp_fields_diff(pp_reg *r, const char *id, const git_oid *a,
                   const git_oid *b, cJSON *changes)
{
    pp_fields fa = {0}, fb = {0};
    pp_buf ta = PP_BUF_INIT, tb = PP_BUF_INIT;
    size_t i = 0, k = 0;
    int rc = 0;

    if (!git_oid_is_zero(a) && (rc = pp_store_read_blob(r, a, &ta)) == 0)
        rc = pp_fields_from_text(pp_buf_cstr(&ta), ta.len, &fa);
    if (rc == 0 && !git_oid_is_zero(b) &&
        (rc = pp_store_read_blob(r, b, &tb)) == 0)
        rc = pp_fields_from_text(pp_buf_cstr(&tb), tb.len, &fb);
    /* Both lists are sorted by key: walk them together. */
    while (rc == 0 && (i < fa.count || k < fb.count)) {
        int c = i == fa.count   ? 1
                : k == fb.count ? -1
                                : strcmp(fa.items[i].key, fb.items[k].key);
        const char *kind = NULL, *key, *old = NULL, *new_ = NULL;
        if (c < 0) {
            kind = "removed", key = fa.items[i].key, old = fa.items[i].value;
            i++;
        } else if (c > 0) {
            kind = "added", key = fb.items[k].key, new_ = fb.items[k].value;
            k++;
        } else {
            key = fa.items[i].key;
            if (strcmp(fa.items[i].value, fb.items[k].value) != 0)
                kind = "changed", old = fa.items[i].value,
                new_ = fb.items[k].value;
            i++, k++;
        }
        if (kind) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "passport", id);
            cJSON_AddStringToObject(o, "field", key);
            cJSON_AddStringToObject(o, "change", kind);
            cJSON_AddItemToObject(o, "old", parse_or_null(old));
            cJSON_AddItemToObject(o, "new", parse_or_null(new_));
            cJSON_AddItemToArray(changes, o);
        }
    }
    pp_fields_dispose(&fa);
    pp_fields_dispose(&fb);
    pp_buf_dispose(&ta);
    pp_buf_dispose(&tb);
    return rc;
}

int pp_reg_diff(pp_reg *r, const char *rev1, const char *rev2,
                const char *id, cJSON **out)
{
    git_oid a, b;
    git_commit *cb = NULL;
    pp_change *ch = NULL;
    size_t n = 0;
    int rc, have_a = 1;
    cJSON *root = NULL, *changes;
    char ha[GIT_OID_HEXSZ + 1] = "", hb[GIT_OID_HEXSZ + 1];

    *out = NULL;
    if ((rc = rev_commit(r, rev2 ? rev2 : PP_BRANCH, &b)) < 0)
        return rc;
    if (rev1) {
        if ((rc = rev_commit(r, rev1, &a)) < 0)
            return rc;
    } else {
        if ((rc = git_commit_lookup(&cb, r->repo, &b)) < 0)
            return pp_git_fail(rc, "cannot read a commit");
        if (git_commit_parentcount(cb))
            a = *git_commit_parent_id(cb, 0);
        else
            have_a = 0;
        git_commit_free(cb);
    }
    if ((rc = pp_store_changes(r, have_a ? &a : NULL, &b, &ch, &n)) < 0)
        return rc;
    root = cJSON_CreateObject();
    if (have_a)
        git_oid_tostr(ha, sizeof(ha), &a);
    git_oid_tostr(hb, sizeof(hb), &b);
    cJSON_AddStringToObject(root, "from", ha);
    cJSON_AddStringToObject(root, "to", hb);
    changes = cJSON_AddArrayToObject(root, "changes");
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (!id || strcmp(id, ch[i].id) == 0)
            rc = pp_fields_diff(r, ch[i].id, &ch[i].old_blob, &ch[i].new_blob,
                                changes);
    free(ch);
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

int pp_reg_blame(pp_reg *r, const char *id, const char *field, cJSON **out)
{
    sqlite3_stmt *st = NULL;
    cJSON *arr;
    int rc, n = 0;

    *out = NULL;
    rc = prepare(r,
                 "SELECT f.key, f.value, c.oid, c.author_name, "
                 "c.author_email, c.committer_time, c.message FROM facts f "
                 "JOIN commits c ON c.oid = f.author_oid WHERE f.passport = "
                 "?1 AND f.to_seq IS NULL AND (?2 IS NULL OR f.key = ?2) "
                 "ORDER BY f.key",
                 &st);
    if (rc < 0)
        return rc;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    if (field)
        sqlite3_bind_text(st, 2, field, -1, SQLITE_TRANSIENT);
    arr = cJSON_CreateArray();
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cJSON *o = commit_object(st, 2);
        cJSON_AddStringToObject(o, "field",
                                (const char *)sqlite3_column_text(st, 0));
        cJSON_AddItemToObject(
            o, "value",
            parse_or_null((const char *)sqlite3_column_text(st, 1)));
        cJSON_AddItemToArray(arr, o);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        cJSON_Delete(arr);
        return step_fail(r);
    }
    if (n == 0) {
        cJSON_Delete(arr);
        return pp_error_set(PP_ENOTFOUND, field ? "passport '%s' has no "
                            "field '%s'" : "no passport '%s'", id, field);
    }
    *out = arr;
    return 0;
}
