/*
 * registry.h - where passports live: the git-backed registry every command
 * reads and writes, with its index.
 *
 * A registry is a bare git repository holding passports/<id>.json in
 * canonical form on refs/heads/main, plus a SQLite index derived from its
 * history (a cache: deleting it loses nothing).  Every change is a commit
 * made through libgit2; the branch moves by compare-and-swap, so another
 * writer's commit is never lost; a change that fails validation is never
 * committed.  Reads at a revision or date are index lookups.  No invalid
 * passport is ever handed out.  Names resolve by exact id first, then by
 * id, name or alias compared case- and punctuation-insensitively ("k2",
 * "Kimi-K2", "DeepSeek V3"); a name that fits several passports is
 * ambiguous and the error lists them.
 *
 * Results that commands print (log, diff, blame, query, conflicts) come
 * back as cJSON trees the caller owns and frees with cJSON_Delete().
 */
#ifndef PP_REGISTRY_H
#define PP_REGISTRY_H

#include <stddef.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "../schema/passport.h"

/* Bound on the passports of one registry folder (the seed of a new
 * registry, the shipped passports). */
#define PP_REGISTRY_MAX_PASSPORTS 100000

/* The directory of the shipped passports: $PASSPORT_SHIPPED when set,
 * else the source tree's passports/ when it exists (a build-tree binary),
 * else the installed data directory.  Borrowed. */
const char *pp_reg_shipped_dir(void);

typedef struct pp_reg pp_reg;
typedef struct pp_who pp_who;

/* Where the registry is: `explicit_path` when given, else
 * $PASSPORT_REGISTRY, else $XDG_DATA_HOME/passport/registry, else
 * ~/.local/share/passport/registry.  *is_default is 1 in the last two
 * cases (the only ones created on first use). */
int pp_reg_locate(const char *explicit_path, pp_buf *out, int *is_default);

/* Open the registry at `path`.  PP_ENOTFOUND when the path does not exist
 * or is not a bare git repository (the message says which). */
int pp_reg_open(pp_reg **out, const char *path);

/* Create a registry at `path` (which must not exist or be an empty
 * folder), seeded from the passports in `seed_dir` in one commit, or empty
 * when `seed_dir` is NULL.  Invalid seed files: PP_EINVALID with `diags`,
 * and nothing is created. */
int pp_reg_create(pp_reg **out, const char *path, const char *seed_dir,
                  const pp_who *who, pp_diags *diags);

/* A curator's own copy of the registry at `url` (a path, ssh or https),
 * with `origin` set to it. */
int pp_reg_clone(pp_reg **out, const char *url, const char *path);

void pp_reg_free(pp_reg *r);
const char *pp_reg_path(const pp_reg *r);

/* Non-empty when something happened the user should hear of (an unusable
 * index rebuilt).  Borrowed. */
const char *pp_reg_notice(const pp_reg *r);

/* Have fn(data, notice) called with each notice set from now on (the
 * index found damaged and rebuilt in the middle of a command), besides
 * keeping the last for pp_reg_notice().  `data` is borrowed. */
void pp_reg_on_notice(pp_reg *r, void (*fn)(void *data, const char *notice),
                      void *data);

/* Author and committer of new commits: `author` ("Name <email>") when
 * given, else $GIT_AUTHOR_NAME/$GIT_AUTHOR_EMAIL, else git config
 * user.name/user.email; the committer from $GIT_COMMITTER_* or the author.
 * $GIT_AUTHOR_DATE / $GIT_COMMITTER_DATE ("@SECONDS [+HHMM]" or
 * "YYYY-MM-DD[THH:MM[:SS]][Z]") fix the dates.  `r` may be NULL. */
int pp_who_new(pp_who **out, pp_reg *r, const char *author);
void pp_who_free(pp_who *w);

/* Bring the index up to date with the branch, reading only new commits;
 * *new_commits (may be NULL) says how many. */
int pp_reg_sync_index(pp_reg *r, size_t *new_commits);

/* Rebuild the index from scratch. */
int pp_reg_reindex(pp_reg *r);

/* Check the registry without changing it: every git object read (which
 * verifies its id) and every object of the branch's history present;
 * the index's PRAGMA integrity_check and its integrity stamp.  *out
 * (caller-owned): {"healthy": bool, "objects": {"checked": N,
 * "problems": [...]}, "index": {"problems": [...]}}.  0 whatever was
 * found; an error only when the check itself cannot run. */
int pp_reg_doctor(pp_reg *r, cJSON **out);

/* A point of the registry's main line. */
typedef struct pp_at {
    char oid[41];   /* commit id, "" for an empty registry */
    long long seq;  /* position on the main line, -1 when empty */
    long long time; /* committer time, seconds since the epoch */
} pp_at;

/* Resolve `spec` (NULL: the tip) to a main-line commit: a revision
 * ("main~2", a commit id, a tag) or a date "YYYY-MM-DD" (the last commit
 * of that day, UTC) or "YYYY-MM-DDTHH:MM:SSZ".  PP_ENOTFOUND for a
 * revision that does not exist or a date before the first commit;
 * PP_EUSAGE for a date in the future or a commit off the main line. */
int pp_reg_at(pp_reg *r, const char *spec, pp_at *out);

/* `at` for people, appended to `out`: "main at 1a2b3c4d5e6f (2026-07-01)"
 * (the commit's day, UTC); nothing for an empty registry. */
int pp_reg_at_describe(const pp_at *at, pp_buf *out);

/* 1 when `spec` names a commit of the registry (any revision syntax). */
int pp_reg_is_revision(pp_reg *r, const char *spec);

/* Resolve an id, name or alias at `at` into *id (appended). */
int pp_reg_resolve(pp_reg *r, const pp_at *at, const char *query, pp_buf *id);

/* Like pp_reg_resolve(), but a name shared by the checkpoints of one
 * report ("DeepSeek V4": passports of kind "checkpoint" and one family)
 * names the report: *ids (new, the caller's to cJSON_Delete) gets its
 * one id, or the checkpoints' ids in id order.  PP_EAMBIGUOUS for a name
 * shared otherwise, PP_ENOTFOUND; *ids is NULL on error. */
int pp_reg_resolve_report(pp_reg *r, const pp_at *at, const char *query,
                          cJSON **ids);

/* The passport `id` as it was at `at`, validated. */
int pp_reg_load(pp_reg *r, const pp_at *at, const char *id, pp_passport **out,
                pp_diags *diags);

/* Every passport of the registry at `at`, for commands that read them all
 * (check, verify, report, export, crosscheck, source list/check).
 * Caller-owned; release with pp_reg_set_dispose(). */
typedef struct pp_reg_entry {
    char *id;              /* owned */
    char *name;            /* owned: what its messages call it
                             * ("registry:passports/ID.json") */
    pp_passport *passport; /* owned; NULL when it does not validate */
    int rc;                /* 0, or why it did not load (PP_EINVALID ...) */
    size_t diag_first;     /* its reasons: diags.items[diag_first ..  */
    size_t diag_count;     /*   diag_first + diag_count) */
} pp_reg_entry;

typedef struct pp_reg_set {
    pp_at at;              /* the revision read */
    pp_reg_entry *entries; /* owned: every passport, in id order */
    size_t nentries;
    const cJSON **docs; /* owned array: the documents that validate, */
    size_t n;           /*   borrowed from entries, in id order */
    size_t broken;      /* entries that do not validate */
    pp_diags diags;     /* why each broken entry does not validate */
} pp_reg_set;

/* Load every passport of `r` at `at` into *out (disposed first by the
 * caller or zeroed).  A passport that does not validate or is too big is
 * no failure: its entry keeps passport NULL, its code and its reasons in
 * out->diags, and out->broken counts it (one treatment for every command:
 * the CLI warns that it is left out).  Returns 0, or PP_EIO / PP_ENOMEM /
 * another index failure, with *out disposed. */
int pp_reg_load_all(pp_reg *r, const pp_at *at, pp_reg_set *out);

/* The same set from passport files outside the registry (`validate
 * FILE...`; "-" reads standard input), in the order given: a file that
 * does not load, for any reason, is an entry with its code and reasons
 * (broken counts it); an entry's id and name are the file's name as
 * given.  Returns 0 or PP_ENOMEM, with *out disposed. */
int pp_reg_load_files(const char *const *files, size_t n, pp_reg_set *out);

/* Release what `s` holds and zero it; `s` may be NULL. */
void pp_reg_set_dispose(pp_reg_set *s);

/* The validation report of `s` (`passport validate --format json`),
 * caller-owned: {"files": [{"file": NAME, "valid", "errors": [{"pointer",
 * "message"}]}], "summary": {"files", "valid", "invalid"}}; an entry is
 * valid when it has no reasons, invalid when it did not load. */
cJSON *pp_reg_set_report(const pp_reg_set *s);

/* Every passport at `at`: an array of {"id", "name", "fields": {key:
 * value}} holding the fields named in `keys` (NULL-terminated). */
int pp_reg_list(pp_reg *r, const pp_at *at, const char *const *keys,
                cJSON **out);

/* Validate, canonicalise and commit passport files in one commit.  Any
 * invalid file: PP_EINVALID with `diags`, nothing committed.  On success
 * `commit` holds the new commit id, or stays empty when nothing changed.
 * A concurrent writer: the change is retried on the new tip, or fails with
 * PP_ECONFLICT when the other writer touched the same passports. */
int pp_reg_put(pp_reg *r, const char *const *files, size_t n,
               const char *message, const pp_who *who, pp_diags *diags,
               pp_buf *commit);

/* Same for one document already in memory (`name` for messages). */
int pp_reg_put_text(pp_reg *r, const char *text, size_t len, const char *name,
                    const char *message, const pp_who *who, pp_diags *diags,
                    pp_buf *commit);

/* Remove passport `id` in one commit. */
int pp_reg_rm(pp_reg *r, const char *id, const char *message, const pp_who *who,
              pp_buf *commit);

/* Commits touching the registry, or passport `id` (NULL: all), newest
 * first: [{"commit", "author", "email", "date", "message", "passports"}]. */
int pp_reg_log(pp_reg *r, const char *id, cJSON **out);

/* Field-level differences between two revisions (rev1 NULL: the parent of
 * rev2; rev2 NULL: the tip), optionally of one passport:
 * {"from", "to", "changes": [{"passport", "field", "change", "old",
 * "new"}]}. */
int pp_reg_diff(pp_reg *r, const char *rev1, const char *rev2, const char *id,
                cJSON **out);

/* For each current field of `id` (or just `field`), the commit, author,
 * date and message that set its value: [{"field", "value", "commit",
 * "author", "email", "date", "message"}]. */
int pp_reg_blame(pp_reg *r, const char *id, const char *field, cJSON **out);

/* Evaluate a query expression (docs/QUERY.md) at `at`: {"fields": [...],
 * "rows": [{"id": ..., FIELD: value}]}.  `fields` (NULL: id, name and
 * the facts the expression names) is a comma-separated list.  A parse
 * error is PP_EUSAGE with the column in the message. */
int pp_reg_query(pp_reg *r, const pp_at *at, const char *expr,
                 const char *fields, cJSON **out);

/* Bounds of `passport sql` (docs/LIMITS.md). */
#define PP_SQL_DEFAULT_TIMEOUT_MS 5000 /* the statement's run time */
#define PP_SQL_MAX_TIMEOUT_MS 3600000  /* the largest --timeout */
#define PP_SQL_MAX_MEMORY (256 << 20)  /* SQLite's heap while it runs */
#define PP_SQL_MAX_RESULT (32 << 20)   /* bytes of the result's cells */
#define PP_SQL_MAX_VALUE (16 << 20)    /* one string or blob */
#define PP_SQL_MAX_STATEMENT 65536     /* the statement's text */

/* Run one read-only SQL statement on the index: {"columns": [...],
 * "rows": [[...], ...]}, caller-owned.  The statement runs at most
 * `timeout_ms` (<= 0: PP_SQL_DEFAULT_TIMEOUT_MS) and within the bounds
 * above and SQLite's limits (depth, columns, ...) set in query.c.
 * PP_EUSAGE for a statement SQLite rejects or one that writes;
 * PP_ETOOBIG when a bound is reached (the message names it); PP_ERROR
 * for a failure of the index. */
int pp_reg_sql(pp_reg *r, const char *sql, long timeout_ms, cJSON **out);

/* Sync with other registries over any transport libgit2 supports. */
int pp_reg_remote_add(pp_reg *r, const char *name, const char *url);
int pp_reg_push(pp_reg *r, const char *remote);

/* Fetch `remote` (NULL: origin) and merge its branch field by field.
 * Returns 0 (*out: {"result": "up-to-date"|"fast-forward"|"merged",
 * "commit": ...}) or PP_ECONFLICT with *out: {"conflicts": [{"passport",
 * "field", "base", "ours", "theirs", "ours_commit", "theirs_commit"}]};
 * the local branch is then untouched and the merge waits for
 * pp_reg_resolve_conflict(). */
int pp_reg_pull(pp_reg *r, const char *remote, const pp_who *who, cJSON **out);

/* Record the choice for one conflict: `side` is "ours", "theirs" or
 * "value" (with `value`, JSON or a number like 15.5T for a numeric fact).
 * When the last conflict is resolved the merge commit is made: *out says
 * {"remaining": N, "commit": ...}. */
int pp_reg_resolve_conflict(pp_reg *r, const char *id, const char *field,
                            const char *side, const char *value,
                            const pp_who *who, cJSON **out);

/* The pending merge's conflicts, or PP_ENOTFOUND when none. */
int pp_reg_conflicts(pp_reg *r, cJSON **out);

/* Drop a pending merge (the local branch was never moved). */
int pp_reg_merge_abort(pp_reg *r);

#endif
