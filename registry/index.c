/*
 * index.c - the SQLite index: a cache derived only from git history.
 *
 * The index follows the branch's main line (first parents).  Each main-
 * line commit gets a sequence number; every version of every passport and
 * of every field of a passport is a row valid from the commit that set it
 * (from_seq) until the commit that replaced it (to_seq, NULL while
 * current).  "As of commit k" is then `from_seq <= k AND (to_seq IS NULL
 * OR to_seq > k)`: as-of reads, diffs and blame are lookups, not history
 * walks.  Commits merged in from side branches are recorded too, so blame
 * names the curator's own commit rather than the merge.
 *
 * `meta.head` is the commit the index is current to.  An update reads only
 * the main-line commits after it, inside one transaction, so a crash
 * leaves the index at its old state, never half-updated; a deleted or
 * corrupt index file is rebuilt from history.
 *
 * Every SQL statement of the registry is here or in query.c (the query
 * language and `passport sql`): the other files ask this one for a
 * commit, a passport's blob, a name, a listing, the log or blame.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <sqlite3.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../schema/fact.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#define SCHEMA_VERSION 4

static const char schema_sql[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE commits("
    "  oid TEXT PRIMARY KEY, seq INTEGER UNIQUE,"
    "  author_name TEXT, author_email TEXT, author_time INTEGER,"
    "  committer_time INTEGER, message TEXT, parents TEXT);"
    "CREATE INDEX commits_time ON commits(committer_time);"
    "CREATE TABLE commit_passports("
    "  oid TEXT NOT NULL, passport TEXT NOT NULL, change TEXT NOT NULL,"
    "  PRIMARY KEY(oid, passport));"
    "CREATE INDEX commit_passports_passport ON commit_passports(passport);"
    "CREATE TABLE passports("
    "  passport TEXT NOT NULL, blob TEXT NOT NULL, name TEXT,"
    "  from_seq INTEGER NOT NULL, to_seq INTEGER,"
    "  PRIMARY KEY(passport, from_seq));"
    "CREATE TABLE names("
    "  passport TEXT NOT NULL, norm TEXT NOT NULL,"
    "  from_seq INTEGER NOT NULL, to_seq INTEGER);"
    "CREATE INDEX names_norm ON names(norm);"
    "CREATE INDEX names_passport ON names(passport, to_seq);"
    "CREATE TABLE facts("
    "  passport TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
    "  num REAL, qualifier TEXT, status TEXT, text TEXT,"
    "  from_seq INTEGER NOT NULL, to_seq INTEGER,"
    "  commit_oid TEXT NOT NULL, author_oid TEXT NOT NULL,"
    "  PRIMARY KEY(passport, key, from_seq));";

/* PP_EDAMAGED when SQLite found the file damaged (the caller rebuilds
 * the index), PP_EIO when the file cannot be written (a read-only file
 * or folder, a full disk, an I/O error: the caller may read from an
 * index made in memory), else PP_ERROR. */
static int fail_code(sqlite3 *db)
{
    int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_OK;
    if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
        return PP_EDAMAGED;
    return code == SQLITE_READONLY || code == SQLITE_FULL ||
                   code == SQLITE_IOERR || code == SQLITE_CANTOPEN ||
                   code == SQLITE_PERM
               ? PP_EIO
               : PP_ERROR;
}

/* The system's reason behind SQLite's message, when there is one.
 * SQLite says "database or disk is full" and keeps no errno for ENOSPC,
 * and a failed fsync at COMMIT is "disk I/O error" with no system errno
 * kept either: then `seen`, the errno read right after the failing call,
 * is used, but only when it is one a failing write gives (any other may
 * be left over from a lookup that was meant to fail). */
static const char *sys_reason(sqlite3 *db, int seen)
{
    int code = db ? sqlite3_errcode(db) & 0xff : SQLITE_OK;
    int e = db ? sqlite3_system_errno(db) : 0;
    if (code == SQLITE_FULL)
        return strerror(ENOSPC);
    if (code != SQLITE_IOERR && code != SQLITE_CANTOPEN)
        return NULL;
    if (e)
        return strerror(e);
    if (seen == ENOSPC || seen == EIO || seen == EDQUOT || seen == EROFS)
        return strerror(seen);
    return NULL;
}

/* Called right after the failing SQLite call, before anything that
 * could change errno. */
static int db_fail(sqlite3 *db, const char *what)
{
    const char *why = sys_reason(db, errno);
    return pp_error_set(fail_code(db), "index: %s: %s%s%s%s", what,
                        db ? sqlite3_errmsg(db) : "cannot open",
                        why ? " (" : "", why ? why : "", why ? ")" : "");
}

static int exec(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    errno = 0;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        const char *why = sys_reason(db, errno);
        int rc =
            pp_error_set(fail_code(db), "index: %s%s%s%s", err ? err : "error",
                         why ? " (" : "", why ? why : "", why ? ")" : "");
        sqlite3_free(err);
        return rc;
    }
    return 0;
}

/* End a failed transaction, keeping the error that failed it: ROLLBACK
 * after SQLite rolled back on its own (a full disk) fails with "no
 * transaction is active", which says nothing. */
static void rollback(sqlite3 *db)
{
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

static int meta_get(sqlite3 *db, const char *key, pp_buf *out)
{
    sqlite3_stmt *st = NULL;
    int rc;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1, &st,
                           NULL) != SQLITE_OK)
        return db_fail(db, "cannot read meta");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *v = (const char *)sqlite3_column_text(st, 0);
        if (pp_buf_puts(out, v ? v : "") < 0) {
            sqlite3_finalize(st);
            return pp_error_set(PP_ENOMEM, "out of memory");
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return db_fail(db, "cannot read meta");
    return rc == SQLITE_ROW ? 1 : 0;
}

static int meta_set(sqlite3 *db, const char *key, const char *value)
{
    sqlite3_stmt *st = NULL;
    int rc;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta VALUES(?, ?)", -1,
                           &st, NULL) != SQLITE_OK)
        return db_fail(db, "cannot write meta");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : db_fail(db, "cannot write meta");
}

/* Set r->notice (printf-style) and pass it to r->notify, if any. */
static void set_notice(pp_reg *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void set_notice(pp_reg *r, const char *fmt, ...)
{
    va_list ap;
    pp_buf_clear(&r->notice);
    va_start(ap, fmt);
    pp_buf_vprintf(&r->notice, fmt, ap);
    va_end(ap);
    if (r->notify)
        r->notify(r->notify_data, pp_buf_cstr(&r->notice));
}

/* ------------------------------------------------------------------ */
/* Opening                                                            */
/* ------------------------------------------------------------------ */

static void index_path(const pp_reg *r, pp_buf *out)
{
    pp_buf_printf(out, "%s/%s", r->path, PP_INDEX_FILE);
}

static void remove_index_files(const pp_reg *r)
{
    static const char *const suffix[] = {"", "-journal", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
        pp_buf p = PP_BUF_INIT;
        index_path(r, &p);
        pp_buf_puts(&p, suffix[i]);
        unlink(p.ptr);
        pp_buf_dispose(&p);
    }
}

/* 1 when the database has our tables at our version, 0 when it is empty,
 * a negative code when it is unreadable (corrupt, not a database). */
static int check_schema(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int version = -1, tables = 0, rc;

    rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL);
    if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    rc = sqlite3_finalize(st);
    if (rc != SQLITE_OK || version < 0)
        return db_fail(db, "unreadable");
    rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master", -1, &st,
                            NULL);
    if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        tables = sqlite3_column_int(st, 0);
    rc = sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return db_fail(db, "unreadable");
    if (tables == 0)
        return 0;
    return version == SCHEMA_VERSION ? 1
                                     : pp_error_set(PP_EINVALID,
                                                    "index: schema "
                                                    "version %d, "
                                                    "expected %d",
                                                    version, SCHEMA_VERSION);
}

static int create_schema(sqlite3 *db)
{
    char sql[64];
    int rc = exec(db, "BEGIN IMMEDIATE");
    if (rc == 0)
        rc = exec(db, schema_sql);
    snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", SCHEMA_VERSION);
    if (rc == 0)
        rc = exec(db, sql);
    if (rc == 0)
        rc = exec(db, "COMMIT");
    else
        rollback(db);
    return rc;
}

static int open_db(pp_reg *r, int readonly)
{
    pp_buf path = PP_BUF_INIT;
    int flags = readonly ? SQLITE_OPEN_READONLY
                         : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    int rc;

    index_path(r, &path);
    rc = sqlite3_open_v2(path.ptr, &r->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
    pp_buf_dispose(&path);
    if (rc != SQLITE_OK) {
        rc = db_fail(r->db, readonly ? "cannot open read-only" : "cannot open");
        sqlite3_close(r->db);
        r->db = NULL;
        return rc;
    }
    sqlite3_busy_timeout(r->db, 10000);
    sqlite3_extended_result_codes(r->db, 1);
    r->db_readonly = readonly;
    return 0;
}

int pp_index_open(pp_reg *r, int allow_rebuild)
{
    int rc;

    if (r->db)
        return 0;
    /* A registry we may not write (read-only folder, another user's) can
     * still be read through an up-to-date index. */
    if (access(r->path, W_OK) != 0) {
        if ((rc = open_db(r, 1)) < 0)
            return pp_error_set(PP_EREADONLY,
                                "the registry is read-only "
                                "and has no usable index; run 'passport "
                                "reindex' where it can be written");
        rc = check_schema(r->db);
        if (rc <= 0) {
            sqlite3_close(r->db);
            r->db = NULL;
            return pp_error_set(PP_EREADONLY,
                                "the registry is read-only "
                                "and its index is %s; run 'passport "
                                "reindex' where it can be written",
                                rc == 0 ? "empty" : "unreadable");
        }
        return 0;
    }
    if ((rc = open_db(r, 0)) < 0)
        return rc;
    rc = check_schema(r->db);
    if (rc < 0 && ((sqlite3_errcode(r->db) & 0xff) == SQLITE_BUSY ||
                   (sqlite3_errcode(r->db) & 0xff) == SQLITE_LOCKED)) {
        /* Busy is not broken: another process holds the index (a long
         * put, a reindex).  Never rebuild under its feet. */
        sqlite3_close(r->db);
        r->db = NULL;
        return pp_error_set(PP_ERROR,
                            "the index is locked by another "
                            "process (waited 10 s); try again when it is "
                            "done");
    }
    if (rc < 0) {
        /* Corrupt, foreign or old: the index is a cache, rebuild it. */
        if (!allow_rebuild)
            return rc;
        set_notice(r,
                   "the index was unusable (%s); rebuilt "
                   "it from the registry's history",
                   pp_error_last());
        sqlite3_close(r->db);
        r->db = NULL;
        remove_index_files(r);
        if ((rc = open_db(r, 0)) < 0)
            return rc;
        rc = 0;
    }
    if (rc == 0 && (rc = create_schema(r->db)) < 0)
        return rc;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Updating                                                           */
/* ------------------------------------------------------------------ */

struct attribution {
    char *passport, *key, *value;
    char oid[GIT_OID_HEXSZ + 1];
};

struct updater {
    pp_reg *r;
    sqlite3 *db;
    sqlite3_stmt *ins_commit, *ins_cp, *open_facts, *close_facts_key,
        *close_facts_all, *ins_fact, *close_pass, *ins_pass, *close_names,
        *ins_name;
    struct attribution *attr; /* changes made on merged side branches */
    size_t nattr, aattr;
};

static const char *const stmt_sql[] = {
    "INSERT OR IGNORE INTO commits VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
    "INSERT OR IGNORE INTO commit_passports VALUES(?, ?, ?)",
    "SELECT key, value FROM facts WHERE passport = ? AND to_seq IS NULL",
    ("UPDATE facts SET to_seq = ? WHERE passport = ? AND key = ? AND "
     "to_seq IS NULL"),
    "UPDATE facts SET to_seq = ? WHERE passport = ? AND to_seq IS NULL",
    "INSERT INTO facts VALUES(?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)",
    "UPDATE passports SET to_seq = ? WHERE passport = ? AND to_seq IS NULL",
    "INSERT INTO passports VALUES(?, ?, ?, ?, NULL)",
    "UPDATE names SET to_seq = ? WHERE passport = ? AND to_seq IS NULL",
    "INSERT INTO names VALUES(?, ?, ?, NULL)",
};

static sqlite3_stmt **stmt_slot(struct updater *u, size_t i)
{
    sqlite3_stmt **slots[] = {
        &u->ins_commit,      &u->ins_cp,   &u->open_facts, &u->close_facts_key,
        &u->close_facts_all, &u->ins_fact, &u->close_pass, &u->ins_pass,
        &u->close_names,     &u->ins_name,
    };
    return slots[i];
}

#define NSTMT (sizeof(stmt_sql) / sizeof(stmt_sql[0]))

static void updater_dispose(struct updater *u)
{
    for (size_t i = 0; i < NSTMT; i++)
        sqlite3_finalize(*stmt_slot(u, i));
    for (size_t i = 0; i < u->nattr; i++) {
        free(u->attr[i].passport);
        free(u->attr[i].key);
        free(u->attr[i].value);
    }
    free(u->attr);
}

/* Run a prepared statement that returns no rows, then reset it. */
static int run(struct updater *u, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? 0 : db_fail(u->db, "cannot update");
}

static int record_commit(struct updater *u, const git_commit *c, long long seq)
{
    char oid[GIT_OID_HEXSZ + 1], pid[GIT_OID_HEXSZ + 1];
    const git_signature *a = git_commit_author(c);
    const git_signature *cm = git_commit_committer(c);
    pp_buf parents = PP_BUF_INIT;
    sqlite3_stmt *st = u->ins_commit;
    int rc;

    git_oid_tostr(oid, sizeof(oid), git_commit_id(c));
    for (unsigned i = 0; i < git_commit_parentcount(c); i++) {
        git_oid_tostr(pid, sizeof(pid), git_commit_parent_id(c, i));
        pp_buf_printf(&parents, "%s%s", i ? " " : "", pid);
    }
    sqlite3_bind_text(st, 1, oid, -1, SQLITE_TRANSIENT);
    if (seq >= 0)
        sqlite3_bind_int64(st, 2, seq);
    sqlite3_bind_text(st, 3, a->name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, a->email, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)a->when.time);
    sqlite3_bind_int64(st, 6, (sqlite3_int64)cm->when.time);
    sqlite3_bind_text(st, 7, git_commit_message(c), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 8, pp_buf_cstr(&parents), -1, SQLITE_TRANSIENT);
    rc = run(u, st);
    pp_buf_dispose(&parents);
    return rc;
}

static int record_touch(struct updater *u, const char *oid, const char *id,
                        const pp_change *ch)
{
    const char *kind = git_oid_is_zero(&ch->old_blob)   ? "added"
                       : git_oid_is_zero(&ch->new_blob) ? "removed"
                                                        : "modified";
    sqlite3_bind_text(u->ins_cp, 1, oid, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(u->ins_cp, 2, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(u->ins_cp, 3, kind, -1, SQLITE_STATIC);
    return run(u, u->ins_cp);
}

static int add_attribution(struct updater *u, const char *id, const pp_field *f,
                           const char *oid)
{
    struct attribution *a;
    if (u->nattr == u->aattr) {
        size_t n = u->aattr ? u->aattr * 2 : 32;
        struct attribution *p = realloc(u->attr, n * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        u->attr = p;
        u->aattr = n;
    }
    a = &u->attr[u->nattr++];
    a->passport = strdup(id);
    a->key = strdup(f->key);
    a->value = strdup(f->value);
    memcpy(a->oid, oid, sizeof(a->oid));
    return a->passport && a->key && a->value
               ? 0
               : pp_error_set(PP_ENOMEM, "out of memory");
}

/* The side-branch commit that last set (id, key) to value, if any. */
static const char *attributed(const struct updater *u, const char *id,
                              const pp_field *f)
{
    for (size_t i = u->nattr; i-- > 0;)
        if (strcmp(u->attr[i].passport, id) == 0 &&
            strcmp(u->attr[i].key, f->key) == 0)
            return strcmp(u->attr[i].value, f->value) == 0 ? u->attr[i].oid
                                                           : NULL;
    return NULL;
}

/* Remember which field values change `ch` of side-branch commit `hex`
 * set. */
static int attribute_change(struct updater *u, const char *hex,
                            const pp_change *ch)
{
    pp_fields before = {0}, after = {0};
    int rc = record_touch(u, hex, ch->id, ch);

    if (rc == 0 &&
        (rc = pp_fields_from_blob(u->r, &ch->old_blob, &before)) == 0)
        rc = pp_fields_from_blob(u->r, &ch->new_blob, &after);
    for (size_t k = 0; rc == 0 && k < after.count; k++) {
        const pp_field *old = pp_fields_find(&before, after.items[k].key);
        if (!old || strcmp(old->value, after.items[k].value) != 0)
            rc = add_attribution(u, ch->id, &after.items[k], hex);
    }
    pp_fields_dispose(&after);
    pp_fields_dispose(&before);
    return rc;
}

/* Record side-branch commit `oid` and the field values it set. */
static int record_side_commit(struct updater *u, const git_oid *oid)
{
    git_commit *c = NULL;
    pp_change *ch = NULL;
    size_t n = 0;
    char hex[GIT_OID_HEXSZ + 1];
    int rc;

    if ((rc = git_commit_lookup(&c, u->r->repo, oid)) < 0)
        return pp_store_fail(rc, "cannot read a merged commit");
    git_oid_tostr(hex, sizeof(hex), oid);
    if ((rc = record_commit(u, c, -1)) == 0)
        rc = pp_store_changes(u->r,
                              git_commit_parentcount(c)
                                  ? git_commit_parent_id(c, 0)
                                  : NULL,
                              oid, &ch, &n);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = attribute_change(u, hex, &ch[i]);
    free(ch);
    git_commit_free(c);
    return rc;
}

/* Record the commits a merge brings in from its second parent, and which
 * field values each of them set. */
static int record_side(struct updater *u, const git_commit *merge)
{
    git_revwalk *walk = NULL;
    git_oid oid;
    int rc;

    if (git_commit_parentcount(merge) < 2)
        return 0;
    if ((rc = git_revwalk_new(&walk, u->r->repo)) < 0 ||
        (rc = git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL |
                                            GIT_SORT_REVERSE)) < 0 ||
        (rc = git_revwalk_push(walk, git_commit_parent_id(merge, 1))) < 0 ||
        (rc = git_revwalk_hide(walk, git_commit_parent_id(merge, 0))) < 0) {
        git_revwalk_free(walk);
        return pp_store_fail(rc, "cannot walk a merged branch");
    }
    while ((rc = git_revwalk_next(&oid, walk)) == 0)
        if ((rc = record_side_commit(u, &oid)) < 0)
            break;
    git_revwalk_free(walk);
    return rc == GIT_ITEROVER ? 0 : rc;
}

/* Columns that make facts queryable: number, qualifier, status and a
 * searchable text (for a field that is no fact, its JSON). */
static void bind_fact_columns(sqlite3_stmt *st, const pp_field *f)
{
    cJSON *parsed = NULL;
    const cJSON *fact = f->node;
    pp_buf text = PP_BUF_INIT;
    pp_fact_num n;

    if (strncmp(f->key, "facts/", 6) == 0 && !fact)
        fact = parsed = cJSON_Parse(f->value);
    if (strncmp(f->key, "facts/", 6) != 0 || !fact) {
        sqlite3_bind_text(st, 7, f->value, -1, SQLITE_TRANSIENT);
        return;
    }
    if (pp_fact_number_of(fact, &n)) {
        sqlite3_bind_double(st, 4, n.value);
        sqlite3_bind_text(st, 5, n.qualifier, -1, SQLITE_TRANSIENT);
    }
    sqlite3_bind_text(st, 6,
                      pp_fact_status_of(fact) == PP_FACT_UNDISCLOSED
                          ? "undisclosed"
                          : "disclosed",
                      -1, SQLITE_STATIC);
    if (pp_fact_text_of(fact, &text))
        sqlite3_bind_text(st, 7, pp_buf_cstr(&text), -1, SQLITE_TRANSIENT);
    pp_buf_dispose(&text);
    cJSON_Delete(parsed);
}

/* Index one name of passport `id` (in normal form; none when it has no
 * letters or digits). */
static int add_name(struct updater *u, const char *id, const char *name,
                    long long seq, pp_buf *norm)
{
    pp_name_normalize(name, norm);
    if (!norm->len)
        return 0;
    sqlite3_bind_text(u->ins_name, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(u->ins_name, 2, norm->ptr, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(u->ins_name, 3, seq);
    return run(u, u->ins_name);
}

/* `doc` is NULL for a blob that is not valid JSON (written with plain
 * git): it still gets a passport row, but no names. */
static int index_names(struct updater *u, const char *id, const cJSON *doc,
                       long long seq, const char *blob_hex)
{
    const char *name = pp_json_str(doc, "name", NULL);
    const cJSON *a;
    pp_buf n = PP_BUF_INIT;
    int rc;

    sqlite3_bind_text(u->ins_pass, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(u->ins_pass, 2, blob_hex, -1, SQLITE_TRANSIENT);
    if (name)
        sqlite3_bind_text(u->ins_pass, 3, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(u->ins_pass, 4, seq);
    if ((rc = run(u, u->ins_pass)) < 0 ||
        (rc = add_name(u, id, id, seq, &n)) < 0 ||
        (name && (rc = add_name(u, id, name, seq, &n)) < 0))
        goto done;
    cJSON_ArrayForEach(a, pp_json_get(doc, "aliases"))
    {
        if (cJSON_IsString(a) &&
            (rc = add_name(u, id, a->valuestring, seq, &n)) < 0)
            break;
    }
done:
    pp_buf_dispose(&n);
    return rc;
}

/* Close the open version and names of passport `id` at `seq`, and all of
 * its fields when the passport was removed. */
static int close_passport(struct updater *u, const char *id, long long seq,
                          int removed)
{
    int rc;
    sqlite3_bind_int64(u->close_pass, 1, seq);
    sqlite3_bind_text(u->close_pass, 2, id, -1, SQLITE_TRANSIENT);
    if ((rc = run(u, u->close_pass)) < 0)
        return rc;
    sqlite3_bind_int64(u->close_names, 1, seq);
    sqlite3_bind_text(u->close_names, 2, id, -1, SQLITE_TRANSIENT);
    if ((rc = run(u, u->close_names)) < 0 || !removed)
        return rc;
    sqlite3_bind_int64(u->close_facts_all, 1, seq);
    sqlite3_bind_text(u->close_facts_all, 2, id, -1, SQLITE_TRANSIENT);
    return run(u, u->close_facts_all);
}

/* The fields of passport `id` open in the index, unsorted. */
static int open_fields(struct updater *u, const char *id, pp_fields *out)
{
    sqlite3_stmt *st = u->open_facts;
    size_t alloc = 0;
    int rc;

    out->items = NULL;
    out->count = 0;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        pp_field *f;
        if (out->count == alloc) {
            size_t na = alloc ? alloc * 2 : 32;
            pp_field *p = realloc(out->items, na * sizeof(*p));
            if (!p)
                break;
            out->items = p;
            alloc = na;
        }
        f = &out->items[out->count++];
        f->key = strdup((const char *)sqlite3_column_text(st, 0));
        f->value = strdup((const char *)sqlite3_column_text(st, 1));
        f->node = NULL;
        if (!f->key || !f->value)
            break;
    }
    sqlite3_reset(st);
    if (rc == SQLITE_ROW) {
        pp_fields_dispose(out);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    return rc == SQLITE_DONE ? 0 : db_fail(u->db, "cannot read");
}

/* Insert field `f` of passport `id` as set by main-line commit `oid`
 * (attributed to the side-branch commit that made it, if any). */
static int insert_field(struct updater *u, const char *id, const pp_field *f,
                        long long seq, const char *oid)
{
    const char *by = attributed(u, id, f);
    sqlite3_stmt *ins = u->ins_fact;
    sqlite3_bind_text(ins, 1, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins, 2, f->key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins, 3, f->value, -1, SQLITE_TRANSIENT);
    bind_fact_columns(ins, f);
    sqlite3_bind_int64(ins, 8, seq);
    sqlite3_bind_text(ins, 9, oid, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins, 10, by ? by : oid, -1, SQLITE_TRANSIENT);
    return run(u, ins);
}

/* Compare the fields of passport `id` with its open versions: close what
 * changed or went away, insert what is new. */
static int update_fields(struct updater *u, const char *id,
                         const pp_fields *now, long long seq, const char *oid)
{
    pp_fields open;
    int rc = open_fields(u, id, &open);

    /* The open set is unsorted: look each of its keys up in `now`
     * (sorted), and each of now's keys up in it linearly. */
    for (size_t i = 0; rc == 0 && i < open.count; i++) {
        const pp_field *f = pp_fields_find(now, open.items[i].key);
        if (f && strcmp(f->value, open.items[i].value) == 0)
            continue;
        sqlite3_bind_int64(u->close_facts_key, 1, seq);
        sqlite3_bind_text(u->close_facts_key, 2, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(u->close_facts_key, 3, open.items[i].key, -1,
                          SQLITE_TRANSIENT);
        rc = run(u, u->close_facts_key);
    }
    for (size_t i = 0; rc == 0 && i < now->count; i++) {
        const pp_field *f = &now->items[i];
        int unchanged = 0;
        for (size_t k = 0; k < open.count; k++)
            if (strcmp(open.items[k].key, f->key) == 0) {
                unchanged = strcmp(open.items[k].value, f->value) == 0;
                break;
            }
        if (!unchanged)
            rc = insert_field(u, id, f, seq, oid);
    }
    pp_fields_dispose(&open);
    return rc;
}

/* Apply one changed passport of main-line commit `oid` (sequence seq). */
static int apply_change(struct updater *u, const pp_change *ch, long long seq,
                        const char *oid)
{
    pp_buf text = PP_BUF_INIT;
    pp_fields now = {0};
    cJSON *doc = NULL;
    char blob_hex[GIT_OID_HEXSZ + 1];
    int removed = git_oid_is_zero(&ch->new_blob), rc;

    if ((rc = record_touch(u, oid, ch->id, ch)) < 0 ||
        (rc = close_passport(u, ch->id, seq, removed)) < 0 || removed)
        return rc;
    if ((rc = pp_store_read_blob(u->r, &ch->new_blob, &text)) < 0)
        return rc;
    git_oid_tostr(blob_hex, sizeof(blob_hex), &ch->new_blob);
    /* Parse once: names, fields and fact columns all read this tree. */
    if (pp_json_parse(pp_buf_cstr(&text), text.len, ch->id, &doc) < 0)
        doc = NULL;
    if ((rc = index_names(u, ch->id, doc, seq, blob_hex)) == 0) {
        if (!doc || pp_fields_from_doc(doc, &now) < 0) {
            now.items = NULL; /* unparsable blob: it has no fields */
            now.count = 0;
        }
        rc = update_fields(u, ch->id, &now, seq, oid);
    }
    pp_fields_dispose(&now);
    cJSON_Delete(doc);
    pp_buf_dispose(&text);
    return rc;
}

/* Index main-line commit `c` as sequence `seq`. */
static int index_commit(struct updater *u, const git_commit *c, long long seq)
{
    char oid[GIT_OID_HEXSZ + 1];
    pp_change *ch = NULL;
    size_t n = 0;
    const git_oid *parent =
        git_commit_parentcount(c) ? git_commit_parent_id(c, 0) : NULL;
    int rc;

    git_oid_tostr(oid, sizeof(oid), git_commit_id(c));
    if ((rc = record_commit(u, c, seq)) < 0 || (rc = record_side(u, c)) < 0 ||
        (rc = pp_store_changes(u->r, parent, git_commit_id(c), &ch, &n)) < 0)
        return rc;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = apply_change(u, &ch[i], seq, oid);
    free(ch);
    /* Side attributions apply to this merge only. */
    for (size_t i = 0; i < u->nattr; i++) {
        free(u->attr[i].passport);
        free(u->attr[i].key);
        free(u->attr[i].value);
    }
    u->nattr = 0;
    return rc;
}

static long long last_seq(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    long long seq = -1;
    if (sqlite3_prepare_v2(db, "SELECT max(seq) FROM commits", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_type(st, 0) != SQLITE_NULL)
        seq = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return seq;
}

/* Main-line commits after `base` (exclusive) up to `tip`, oldest first.
 * *rewritten = 1 when base is not on tip's main line any more. */
static int mainline_since(pp_reg *r, const git_oid *tip, const git_oid *base,
                          git_oid **out, size_t *n, int *rewritten)
{
    git_oid *v = NULL, cur = *tip;
    size_t count = 0, alloc = 0;
    int rc = 0;

    *rewritten = 0;
    for (;;) {
        git_commit *c = NULL;
        if (base && git_oid_equal(&cur, base))
            break;
        if (count == alloc) {
            size_t na = alloc ? alloc * 2 : 64;
            git_oid *p = realloc(v, na * sizeof(*p));
            if (!p) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                break;
            }
            v = p;
            alloc = na;
        }
        v[count++] = cur;
        if ((rc = git_commit_lookup(&c, r->repo, &cur)) < 0) {
            rc = pp_store_fail(rc, "cannot read a registry commit");
            break;
        }
        if (git_commit_parentcount(c) == 0) {
            git_commit_free(c);
            if (base)
                *rewritten = 1;
            break;
        }
        cur = *git_commit_parent_id(c, 0);
        git_commit_free(c);
    }
    if (rc < 0) {
        free(v);
        return rc;
    }
    /* Oldest first. */
    for (size_t i = 0; i < count / 2; i++) {
        git_oid t = v[i];
        v[i] = v[count - 1 - i];
        v[count - 1 - i] = t;
    }
    *out = v;
    *n = count;
    return 0;
}

/* 1 when the index is current to `tip_hex` ("" for an empty registry),
 * 0 when not, a negative code when meta cannot be read. */
static int is_current(sqlite3 *db, const char *tip_hex)
{
    pp_buf head = PP_BUF_INIT;
    int rc = meta_get(db, "head", &head);
    if (rc == 1)
        rc = strcmp(pp_buf_cstr(&head), tip_hex) == 0;
    pp_buf_dispose(&head);
    return rc;
}

/* The integrity stamp: meta.head and where each table ends (its largest
 * rowid, the last main-line seq), which SQLite reads in O(log n) down the
 * right edge of each b-tree.  It is written with meta.head in the
 * transaction of every update and compared before every read, so a
 * damaged meta row, a table cut short or damage on those paths is seen
 * before anything is answered (docs/INDEX.md). */
static int stamp_of(sqlite3 *db, const char *head, pp_buf *out)
{
    static const char sql[] =
        "SELECT coalesce((SELECT max(seq) FROM commits), -1),"
        " coalesce((SELECT max(rowid) FROM commits), 0),"
        " coalesce((SELECT max(rowid) FROM commit_passports), 0),"
        " coalesce((SELECT max(rowid) FROM passports), 0),"
        " coalesce((SELECT max(rowid) FROM names), 0),"
        " coalesce((SELECT max(rowid) FROM facts), 0)";
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_ERROR;

    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
        (rc = sqlite3_step(st)) == SQLITE_ROW)
        pp_buf_printf(out,
                      "head=%s seq=%lld commits=%lld touched=%lld "
                      "passports=%lld names=%lld facts=%lld",
                      head, (long long)sqlite3_column_int64(st, 0),
                      (long long)sqlite3_column_int64(st, 1),
                      (long long)sqlite3_column_int64(st, 2),
                      (long long)sqlite3_column_int64(st, 3),
                      (long long)sqlite3_column_int64(st, 4),
                      (long long)sqlite3_column_int64(st, 5));
    if (rc != SQLITE_ROW) {
        rc = db_fail(db, "cannot read");
        sqlite3_finalize(st);
        return rc;
    }
    sqlite3_finalize(st);
    return 0;
}

/* 0 when the stamp matches the tables, PP_EDAMAGED when not. */
static int check_stamp(sqlite3 *db, const char *head)
{
    pp_buf want = PP_BUF_INIT, got = PP_BUF_INIT;
    int rc = meta_get(db, "stamp", &want);
    if (rc == 0)
        rc = pp_error_set(PP_EDAMAGED, "index: it has no integrity stamp");
    else if (rc == 1 && (rc = stamp_of(db, head, &got)) == 0 &&
             strcmp(want.ptr, got.ptr) != 0)
        rc = pp_error_set(PP_EDAMAGED, "index: its integrity stamp does "
                                       "not match its tables");
    pp_buf_dispose(&want);
    pp_buf_dispose(&got);
    return rc < 0 ? rc : 0;
}

/* The commit the index is current to: 1 and *base, or 0 when none. */
static int index_head(sqlite3 *db, git_oid *base)
{
    pp_buf head = PP_BUF_INIT;
    int have = meta_get(db, "head", &head) == 1 && head.len &&
               git_oid_fromstr(base, head.ptr) == 0;
    pp_buf_dispose(&head);
    return have;
}

static int prepare_updater(struct updater *u, pp_reg *r)
{
    u->r = r;
    u->db = r->db;
    for (size_t i = 0; i < NSTMT; i++)
        if (sqlite3_prepare_v2(r->db, stmt_sql[i], -1, stmt_slot(u, i), NULL) !=
            SQLITE_OK)
            return db_fail(r->db, "cannot prepare");
    return 0;
}

/* Index the main-line commits `pending`, oldest first, after the last. */
static int index_pending(struct updater *u, const git_oid *pending, size_t n)
{
    long long seq = last_seq(u->db);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        git_commit *c = NULL;
        if ((rc = git_commit_lookup(&c, u->r->repo, &pending[i])) < 0)
            return pp_store_fail(rc, "cannot read a registry commit");
        rc = index_commit(u, c, ++seq);
        git_commit_free(c);
    }
    return rc;
}

static int update(pp_reg *r, size_t *new_commits, int from_scratch)
{
    struct updater u = {0};
    pp_buf stamp = PP_BUF_INIT;
    git_oid tip, base, *pending = NULL;
    size_t n = 0;
    int unborn, rc, have_base = 0, rewritten = 0;
    char tip_hex[GIT_OID_HEXSZ + 1];

    if (new_commits)
        *new_commits = 0;
    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    git_oid_tostr(tip_hex, sizeof(tip_hex), &tip);
    if (unborn)
        tip_hex[0] = '\0';
    /* Cheap check outside any transaction: nothing to do. */
    if (!from_scratch && (rc = is_current(r->db, tip_hex)) != 0)
        return rc < 0 ? rc : check_stamp(r->db, tip_hex);
    if (r->db_readonly)
        return pp_error_set(PP_EREADONLY, "the index is out of date and the "
                                          "registry is read-only");
    if ((rc = exec(r->db, "BEGIN IMMEDIATE")) < 0)
        return rc;
    /* Another process may have updated it while we waited for the lock. */
    if (from_scratch)
        rc = exec(r->db, "DELETE FROM meta; DELETE FROM commits; "
                         "DELETE FROM commit_passports; DELETE FROM "
                         "passports; DELETE FROM names; DELETE FROM facts;");
    else if ((rc = is_current(r->db, tip_hex)) != 0) {
        if (rc > 0)
            rc = 0;
        goto commit;
    } else
        have_base = index_head(r->db, &base);
    if (rc == 0 && !unborn)
        rc = mainline_since(r, &tip, have_base ? &base : NULL, &pending, &n,
                            &rewritten);
    if (rc == 0 && rewritten) {
        /* The branch was rewritten under the index: start over. */
        free(pending);
        rollback(r->db);
        pp_buf_dispose(&stamp);
        return update(r, new_commits, 1);
    }
    if (rc == 0 && (rc = prepare_updater(&u, r)) == 0 &&
        (rc = index_pending(&u, pending, n)) == 0 && new_commits)
        *new_commits = n;
commit:
    if (rc == 0 && (rc = meta_set(r->db, "head", tip_hex)) == 0 &&
        (rc = stamp_of(r->db, tip_hex, &stamp)) == 0 &&
        (rc = meta_set(r->db, "stamp", stamp.ptr)) == 0) {
        pp_store_crashpoint("index-before-commit");
        rc = exec(r->db, "COMMIT");
    }
    /* Statements end before the transaction does. */
    updater_dispose(&u);
    if (rc < 0)
        rollback(r->db);
    free(pending);
    pp_buf_dispose(&stamp);
    return rc;
}

int pp_index_update(pp_reg *r, size_t *new_commits)
{
    int rc = pp_index_open(r, 1);
    if (rc == 0)
        rc = update(r, new_commits, 0);
    if (rc == PP_EDAMAGED)
        rc = pp_index_repair(r);
    return rc;
}

/* An index in memory, copied from the file when `from_file` and it can
 * be read (else empty, with our tables), in place of the file's. */
static int open_in_memory(pp_reg *r, int from_file)
{
    sqlite3 *file = NULL;
    pp_buf path = PP_BUF_INIT;
    int rc;

    pp_index_close(r);
    if (sqlite3_open_v2(":memory:", &r->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                            SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        rc = db_fail(r->db, "cannot open in memory");
        pp_index_close(r);
        return rc;
    }
    sqlite3_extended_result_codes(r->db, 1);
    r->db_readonly = 0;
    r->db_memory = 1;
    index_path(r, &path);
    if (from_file && sqlite3_open_v2(path.ptr, &file, SQLITE_OPEN_READONLY,
                                     NULL) == SQLITE_OK) {
        sqlite3_backup *b = sqlite3_backup_init(r->db, "main", file, "main");
        sqlite3_busy_timeout(file, 10000);
        if (b) {
            sqlite3_backup_step(b, -1);
            sqlite3_backup_finish(b);
        }
    }
    sqlite3_close(file);
    pp_buf_dispose(&path);
    if ((rc = check_schema(r->db)) < 0)
        return from_file ? open_in_memory(r, 0) : rc;
    return rc == 0 ? create_schema(r->db) : 0;
}

/* Bring an index in memory up to date: from the file's copy when it is
 * sound, else from scratch. */
static int update_in_memory(pp_reg *r, size_t *new_commits)
{
    int rc = open_in_memory(r, 1);
    if (rc == 0)
        rc = update(r, new_commits, 0);
    if (rc == PP_EDAMAGED && (rc = open_in_memory(r, 0)) == 0)
        rc = update(r, new_commits, 1);
    return rc;
}

int pp_index_sync(pp_reg *r, size_t *new_commits)
{
    const char *msg;
    int rc = pp_index_update(r, new_commits);

    if (rc != PP_EIO && rc != PP_EREADONLY)
        return rc;
    /* The file cannot be written (read-only, a full disk): answer from
     * history read into memory, never from a stale file, and say why
     * once.  The file catches up on the next run that can write it. */
    msg = pp_error_last();
    pp_buf_clear(&r->db_why);
    pp_buf_puts(&r->db_why, strncmp(msg, "index: ", 7) == 0 ? msg + 7 : msg);
    if ((rc = update_in_memory(r, new_commits)) < 0)
        return rc;
    set_notice(r,
               "the index cannot be updated (%s); answering from the "
               "registry's history",
               pp_buf_cstr(&r->db_why));
    return 0;
}

int pp_index_writable(pp_reg *r)
{
    int rc;
    if (r->db_memory)
        return pp_error_set(PP_EREADONLY,
                            "the index cannot be updated (%s); "
                            "nothing was committed",
                            pp_buf_cstr(&r->db_why));
    if ((rc = pp_index_open(r, 1)) < 0)
        return rc;
    if (r->db_readonly || sqlite3_db_readonly(r->db, "main") == 1)
        return pp_error_set(PP_EREADONLY,
                            "the index '%s/%s' is read-only; nothing "
                            "was committed",
                            r->path, PP_INDEX_FILE);
    return 0;
}

void pp_index_follow(pp_reg *r, const char *moved)
{
    pp_buf why = PP_BUF_INIT;
    if (pp_index_update(r, NULL) == 0)
        return;
    pp_buf_printf(&why,
                  "%s, but the index could not be updated (%s); the next "
                  "command that can write it catches it up",
                  moved, pp_error_last());
    set_notice(r, "%s", pp_buf_cstr(&why));
    pp_buf_dispose(&why);
    pp_error_clear();
}

int pp_index_rebuild(pp_reg *r)
{
    int rc;
    pp_index_close(r);
    r->db_memory = 0;
    if (access(r->path, W_OK) != 0)
        return pp_error_set(PP_EREADONLY,
                            "cannot rebuild the index: the "
                            "registry '%s' is read-only",
                            r->path);
    remove_index_files(r);
    if ((rc = pp_index_open(r, 1)) < 0)
        return rc;
    return update(r, NULL, 1);
}

int pp_index_repair(pp_reg *r)
{
    pp_buf why = PP_BUF_INIT;
    int rc;
    /* "index: database disk image is malformed" reads better without
     * its prefix inside the notice. */
    const char *msg = pp_error_last();
    pp_buf_puts(&why, strncmp(msg, "index: ", 7) == 0 ? msg + 7 : msg);
    if (r->db_memory) {
        /* An index in memory is rebuilt there. */
        if ((rc = open_in_memory(r, 0)) == 0)
            rc = update(r, NULL, 1);
    } else if ((rc = pp_index_rebuild(r)) == PP_EREADONLY || rc == PP_EIO) {
        /* The file cannot be rebuilt here (read-only, a full disk):
         * rebuild in memory, and let no commit be made meanwhile. */
        msg = pp_error_last();
        pp_buf_clear(&r->db_why);
        pp_buf_puts(&r->db_why,
                    strncmp(msg, "index: ", 7) == 0 ? msg + 7 : msg);
        if ((rc = open_in_memory(r, 0)) == 0 && (rc = update(r, NULL, 1)) == 0)
            set_notice(r,
                       "the index is damaged (%s) and cannot be rebuilt "
                       "(%s); answering from the registry's history",
                       pp_buf_cstr(&why), pp_buf_cstr(&r->db_why));
        pp_buf_dispose(&why);
        return rc;
    }
    if (rc == 0)
        set_notice(r,
                   "the index was damaged (%s); rebuilt it from "
                   "the registry's history",
                   pp_buf_cstr(&why));
    pp_buf_dispose(&why);
    return rc;
}

int pp_index_check(pp_reg *r, cJSON *problems)
{
    sqlite3_stmt *st = NULL;
    pp_buf head = PP_BUF_INIT;
    int rc;

    if ((rc = pp_index_open(r, 0)) < 0) {
        cJSON_AddItemToArray(problems, cJSON_CreateString(pp_error_last()));
        return 0;
    }
    if (sqlite3_prepare_v2(r->db, "PRAGMA integrity_check", -1, &st, NULL) !=
        SQLITE_OK) {
        cJSON_AddItemToArray(problems,
                             cJSON_CreateString(sqlite3_errmsg(r->db)));
        return 0;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *line = (const char *)sqlite3_column_text(st, 0);
        if (line && strcmp(line, "ok") != 0)
            cJSON_AddItemToArray(problems, cJSON_CreateString(line));
    }
    if (rc != SQLITE_DONE)
        cJSON_AddItemToArray(problems,
                             cJSON_CreateString(sqlite3_errmsg(r->db)));
    sqlite3_finalize(st);
    rc = meta_get(r->db, "head", &head);
    if (rc < 0 || (rc == 1 && check_stamp(r->db, head.ptr) < 0))
        cJSON_AddItemToArray(problems, cJSON_CreateString(pp_error_last()));
    pp_buf_dispose(&head);
    return 0;
}

void pp_index_close(pp_reg *r)
{
    sqlite3_close(r->db);
    r->db = NULL;
    r->db_readonly = 0;
}

/* ------------------------------------------------------------------ */
/* Reading                                                            */
/* ------------------------------------------------------------------ */

/* Rows valid at main-line position ?1. */
#define AT_K "from_seq <= ?1 AND (to_seq IS NULL OR to_seq > ?1)"

static int prepare(pp_reg *r, const char *sql, sqlite3_stmt **st)
{
    int rc = pp_index_open(r, 1);
    if (rc < 0)
        return rc;
    if (sqlite3_prepare_v2(r->db, sql, -1, st, NULL) != SQLITE_OK)
        return pp_error_set(fail_code(r->db), "index: %s",
                            sqlite3_errmsg(r->db));
    return 0;
}

static int step_fail(pp_reg *r)
{
    return pp_error_set(fail_code(r->db), "index: %s", sqlite3_errmsg(r->db));
}

/* Every reading function below is the _once function run, and when it
 * found the index damaged, run again on an index rebuilt from history.
 * Each is one read with no effect, so running it again is safe. */
#define READ_OR_REPAIR(r, call)                                                \
    do {                                                                       \
        int rc_ = (call);                                                      \
        if (rc_ == PP_EDAMAGED && (rc_ = pp_index_repair(r)) == 0)             \
            rc_ = (call);                                                      \
        return rc_;                                                            \
    } while (0)

/* A value the index wrote is canonical JSON: one that does not parse
 * was damaged on disk, where SQLite could not see it. */
static int damaged_value(const char *what)
{
    return pp_error_set(PP_EDAMAGED, "index: a damaged %s", what);
}

/* Run a prepared commit lookup (oid, seq, committer_time): 1 and *out
 * filled (seq -1 for a commit off the main line), 0 when no row. */
static int commit_row(pp_reg *r, sqlite3_stmt *st, pp_at *out)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && !sqlite3_column_text(st, 0)) {
        rc = damaged_value("commit row");
    } else if (rc == SQLITE_ROW) {
        snprintf(out->oid, sizeof(out->oid), "%s",
                 (const char *)sqlite3_column_text(st, 0));
        out->seq = sqlite3_column_type(st, 1) == SQLITE_NULL
                       ? -1
                       : sqlite3_column_int64(st, 1);
        out->time = sqlite3_column_int64(st, 2);
        rc = 1;
    } else {
        rc = rc == SQLITE_DONE ? 0 : step_fail(r);
    }
    sqlite3_finalize(st);
    return rc;
}

static int tip_once(pp_reg *r, pp_at *out)
{
    sqlite3_stmt *st = NULL;
    int rc = prepare(r,
                     "SELECT oid, seq, committer_time FROM commits WHERE "
                     "seq IS NOT NULL ORDER BY seq DESC LIMIT 1",
                     &st);
    return rc < 0 ? rc : commit_row(r, st, out);
}

static int at_time_once(pp_reg *r, long long t, pp_at *out)
{
    sqlite3_stmt *st = NULL;
    int rc = prepare(r,
                     "SELECT oid, seq, committer_time FROM commits WHERE "
                     "seq IS NOT NULL AND committer_time <= ?1 ORDER BY "
                     "seq DESC LIMIT 1",
                     &st);
    if (rc < 0)
        return rc;
    sqlite3_bind_int64(st, 1, t);
    return commit_row(r, st, out);
}

static int commit_once(pp_reg *r, const char *oid, pp_at *out)
{
    sqlite3_stmt *st = NULL;
    int rc = prepare(r,
                     "SELECT oid, seq, committer_time FROM commits WHERE "
                     "oid = ?1",
                     &st);
    if (rc < 0)
        return rc;
    sqlite3_bind_text(st, 1, oid, -1, SQLITE_TRANSIENT);
    return commit_row(r, st, out);
}

static int has_passport_once(pp_reg *r, long long seq, const char *id)
{
    sqlite3_stmt *st = NULL;
    int rc = prepare(r,
                     "SELECT passport FROM passports WHERE passport = ?2 "
                     "AND " AT_K,
                     &st);
    if (rc < 0)
        return rc;
    sqlite3_bind_int64(st, 1, seq);
    sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : step_fail(r);
}

static int named_once(pp_reg *r, long long seq, const char *norm, cJSON **ids)
{
    sqlite3_stmt *st = NULL;
    int rc;

    *ids = NULL;
    if ((rc = prepare(r,
                      "SELECT DISTINCT passport FROM names WHERE norm = "
                      "?2 AND " AT_K " ORDER BY passport",
                      &st)) < 0)
        return rc;
    sqlite3_bind_int64(st, 1, seq);
    sqlite3_bind_text(st, 2, norm, -1, SQLITE_TRANSIENT);
    *ids = cJSON_CreateArray();
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && sqlite3_column_text(st, 0))
        cJSON_AddItemToArray(*ids,
                             cJSON_CreateString(
                                 (const char *)sqlite3_column_text(st, 0)));
    rc = rc == SQLITE_DONE  ? 0
         : rc == SQLITE_ROW ? damaged_value("name row")
                            : step_fail(r);
    sqlite3_finalize(st);
    if (rc < 0) {
        cJSON_Delete(*ids);
        *ids = NULL;
        return rc;
    }
    return 0;
}

static int blob_once(pp_reg *r, long long seq, const char *id, git_oid *blob)
{
    sqlite3_stmt *st = NULL;
    int rc =
        prepare(r, "SELECT blob FROM passports WHERE passport = ?2 AND " AT_K,
                &st);
    if (rc < 0)
        return rc;
    sqlite3_bind_int64(st, 1, seq);
    sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        rc =
            !sqlite3_column_text(st, 0) ||
                    git_oid_fromstr(blob,
                                    (const char *)sqlite3_column_text(st, 0)) <
                        0
                ? pp_error_set(PP_EDAMAGED, "index: a bad blob id for '%s'", id)
                : 1;
    else
        rc = rc == SQLITE_DONE ? 0 : step_fail(r);
    sqlite3_finalize(st);
    return rc;
}

/* The fields named in `keys` of passport `id` at `seq`, into `fields`. */
static int list_fields(pp_reg *r, sqlite3_stmt *fst, long long seq,
                       const char *id, const char *const *keys, cJSON *fields)
{
    for (size_t k = 0; keys && keys[k]; k++) {
        int rc;
        sqlite3_bind_int64(fst, 1, seq);
        sqlite3_bind_text(fst, 2, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(fst, 3, keys[k], -1, SQLITE_STATIC);
        rc = sqlite3_step(fst);
        if (rc == SQLITE_ROW) {
            const char *text = (const char *)sqlite3_column_text(fst, 0);
            cJSON *v = text ? cJSON_Parse(text) : NULL;
            if (!v) {
                sqlite3_reset(fst);
                return damaged_value("field value");
            }
            cJSON_AddItemToObject(fields, keys[k], v);
        } else if (rc != SQLITE_DONE) {
            rc = step_fail(r);
            sqlite3_reset(fst);
            return rc;
        }
        sqlite3_reset(fst);
    }
    return 0;
}

static int list_once(pp_reg *r, long long seq, const char *const *keys,
                     cJSON **out)
{
    sqlite3_stmt *st = NULL, *fst = NULL;
    cJSON *arr = cJSON_CreateArray();
    int rc;

    *out = NULL;
    if ((rc = prepare(r,
                      "SELECT passport, name FROM passports WHERE " AT_K
                      " ORDER BY passport",
                      &st)) < 0 ||
        (rc = prepare(r,
                      "SELECT value FROM facts WHERE passport = ?2 AND "
                      "key = ?3 AND " AT_K,
                      &fst)) < 0)
        goto done;
    sqlite3_bind_int64(st, 1, seq);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *name = (const char *)sqlite3_column_text(st, 1);
        cJSON *o = cJSON_CreateObject(), *fields = cJSON_CreateObject();
        if (!id) {
            cJSON_Delete(o);
            cJSON_Delete(fields);
            rc = damaged_value("passport row");
            goto done;
        }
        cJSON_AddStringToObject(o, "id", id);
        cJSON_AddStringToObject(o, "name", name ? name : "");
        cJSON_AddItemToObject(o, "fields", fields);
        cJSON_AddItemToArray(arr, o);
        if ((rc = list_fields(r, fst, seq, id, keys, fields)) < 0)
            goto done;
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

static void iso_date(long long t, char out[32])
{
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* {"commit", "author", "email", "date", "message"} from the columns oid,
 * author_name, author_email, committer_time, message starting at `col`;
 * the message is its first line. */
static cJSON *commit_object(sqlite3_stmt *st, int col)
{
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

/* [{"passport", "change"}] of the commit in column 0 of `st` (only `id`'s
 * when not NULL), added to `o`. */
static int commit_passports(pp_reg *r, sqlite3_stmt *pst, sqlite3_stmt *st,
                            const char *id, cJSON *o)
{
    cJSON *ps = cJSON_AddArrayToObject(o, "passports");
    int rc;
    sqlite3_bind_text(pst, 1, (const char *)sqlite3_column_text(st, 0), -1,
                      SQLITE_TRANSIENT);
    if (id)
        sqlite3_bind_text(pst, 2, id, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(pst)) == SQLITE_ROW) {
        cJSON *p = cJSON_CreateObject();
        const char *pp = (const char *)sqlite3_column_text(pst, 0);
        const char *change = (const char *)sqlite3_column_text(pst, 1);
        cJSON_AddItemToArray(ps, p);
        if (!pp || !change) {
            sqlite3_reset(pst);
            return damaged_value("commit row");
        }
        cJSON_AddStringToObject(p, "passport", pp);
        cJSON_AddStringToObject(p, "change", change);
    }
    rc = rc == SQLITE_DONE ? 0 : step_fail(r);
    sqlite3_reset(pst);
    return rc;
}

static int log_once(pp_reg *r, const char *id, cJSON **out)
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
        rc = prepare(r,
                     "SELECT passport, change FROM commit_passports WHERE "
                     "oid = ?1 AND (?2 IS NULL OR passport = ?2) ORDER BY "
                     "passport",
                     &pst);
    if (rc < 0)
        goto done;
    if (id)
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cJSON *o = commit_object(st, 0);
        cJSON_AddItemToArray(arr, o);
        if ((rc = commit_passports(r, pst, st, id, o)) < 0)
            goto done;
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

static int blame_once(pp_reg *r, const char *id, const char *field, cJSON **out)
{
    sqlite3_stmt *st = NULL;
    cJSON *arr;
    int rc;

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
        const char *key = (const char *)sqlite3_column_text(st, 0);
        const char *text = (const char *)sqlite3_column_text(st, 1);
        cJSON *o, *v = text ? cJSON_Parse(text) : NULL;
        if (!key || !v) {
            cJSON_Delete(v);
            break;
        }
        o = commit_object(st, 2);
        cJSON_AddStringToObject(o, "field", key);
        cJSON_AddItemToObject(o, "value", v);
        cJSON_AddItemToArray(arr, o);
    }
    rc = rc == SQLITE_DONE  ? 0
         : rc == SQLITE_ROW ? damaged_value("field value")
                            : step_fail(r);
    sqlite3_finalize(st);
    if (rc < 0) {
        cJSON_Delete(arr);
        return rc;
    }
    *out = arr;
    return 0;
}

int pp_index_tip(pp_reg *r, pp_at *out)
{
    READ_OR_REPAIR(r, tip_once(r, out));
}

int pp_index_at_time(pp_reg *r, long long t, pp_at *out)
{
    READ_OR_REPAIR(r, at_time_once(r, t, out));
}

int pp_index_commit(pp_reg *r, const char *oid, pp_at *out)
{
    READ_OR_REPAIR(r, commit_once(r, oid, out));
}

int pp_index_has_passport(pp_reg *r, long long seq, const char *id)
{
    READ_OR_REPAIR(r, has_passport_once(r, seq, id));
}

int pp_index_named(pp_reg *r, long long seq, const char *norm, cJSON **ids)
{
    READ_OR_REPAIR(r, named_once(r, seq, norm, ids));
}

int pp_index_blob(pp_reg *r, long long seq, const char *id, git_oid *blob)
{
    READ_OR_REPAIR(r, blob_once(r, seq, id, blob));
}

int pp_index_log(pp_reg *r, const char *id, cJSON **out)
{
    READ_OR_REPAIR(r, log_once(r, id, out));
}

int pp_index_blame(pp_reg *r, const char *id, const char *field, cJSON **out)
{
    READ_OR_REPAIR(r, blame_once(r, id, field, out));
}

int pp_index_list(pp_reg *r, long long seq, const char *const *keys,
                  cJSON **out)
{
    READ_OR_REPAIR(r, list_once(r, seq, keys, out));
}
