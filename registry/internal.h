/*
 * internal.h - what the files of the registry module share; not part of
 * the public API (callers use registry/registry.h):
 *   open.c     locating, opening, creating (seeded) and cloning;
 *   who.c      authors and committers of new commits, the date syntax;
 *   read.c     reading at a revision: --at, names, one passport, all;
 *   write.c    put and rm: validated, one commit, compare-and-swap;
 *   history.c  log, diff and blame;
 *   store.c    the git repository (libgit2);
 *   index.c    the SQLite index: every statement but the query language;
 *   query.c    the query language and read-only SQL over the index;
 *   fields.c   passports as sets of fields, and their differences;
 *   merge.c    remotes, push, pull and the structural merge;
 *   incoming.c commits that arrive (pull, clone), checked before use.
 */
#ifndef PP_REGISTRY_INTERNAL_H
#define PP_REGISTRY_INTERNAL_H

#include <git2.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "registry.h"

#define PP_BRANCH "refs/heads/main"
#define PP_TREE_DIR "passports"
#define PP_INDEX_FILE "passport-index.sqlite"
#define PP_MERGE_FILE "PASSPORT_MERGE.json"

/* The index's connection (SQLite), known only to index.c and query.c. */
typedef struct sqlite3 sqlite3;

struct pp_reg {
    git_repository *repo; /* owned */
    char *path;           /* owned: the registry directory */
    sqlite3 *db;          /* owned; NULL until the index is opened */
    int db_readonly;      /* the index could only be opened read-only */
    int db_memory;        /* the index is in memory: the file cannot be
                             updated, for the reason in db_why */
    pp_buf db_why;
    pp_buf notice; /* something the user should hear (index rebuilt) */
    void (*notify)(void *, const char *); /* called with each new notice */
    void *notify_data;                    /* its first argument; borrowed */
};


struct pp_who {
    git_signature *author;    /* owned */
    git_signature *committer; /* owned */
};

/* --- store.c: libgit2 ----------------------------------------------- */

/* Initialise libgit2 once per process (shut down at exit). */
void pp_store_init(void);

/* Convert the last libgit2 failure into our convention, prefixing `what`. */
int pp_store_fail(int gitrc, const char *what);

/* The commit a revision names ("main~2", a commit id, a tag), into *out.
 * PP_ENOTFOUND ("no revision '...' in the registry") when none. */
int pp_store_rev_commit(pp_reg *r, const char *rev, git_oid *out);

/* The tip of the branch; *unborn = 1 (and oid zeroed) on an empty
 * registry. */
int pp_store_tip(pp_reg *r, git_oid *tip, int *unborn);

/* Read passports/<id>.json at `commit` into `out` (appending).
 * PP_ENOTFOUND when absent. */
int pp_store_read_at(pp_reg *r, const git_oid *commit, const char *id,
                     pp_buf *out);

/* Read a blob by id (appending). */
int pp_store_read_blob(pp_reg *r, const git_oid *blob, pp_buf *out);

/* One file change of a commit: the passport id and its old and new blob
 * (zero oid when absent). */
typedef struct pp_change {
    char id[72];
    git_oid old_blob;
    git_oid new_blob;
} pp_change;

/* The passport files that differ between two commits (either may be NULL
 * for the empty tree).  *out is malloc'd; caller frees. */
int pp_store_changes(pp_reg *r, const git_oid *from, const git_oid *to,
                     pp_change **out, size_t *n);

/* Write the passports in `docs` (id -> canonical text; a NULL text removes
 * the passport) on top of `parent` (NULL: no parent) with one or two
 * parents, returning the new commit.  Does not move the branch. */
typedef struct pp_write {
    const char *id;
    const char *text; /* canonical JSON, or NULL to remove */
} pp_write;
int pp_store_commit(pp_reg *r, const git_oid *parent, const git_oid *parent2,
                    const pp_write *w, size_t n, const git_signature *author,
                    const git_signature *committer, const char *message,
                    git_oid *out);

/* Move the branch from `old` (NULL: the branch must not exist yet) to
 * `new`.  Returns 0, PP_ECONFLICT when the branch moved meanwhile. */
int pp_store_move_branch(pp_reg *r, const git_oid *old, const git_oid *new_,
                         const char *reflog);

/* Test-only crash points (PASSPORT_TEST_CRASH_AT=NAME): the process ends
 * at once, as if killed, when NAME is reached; PASSPORT_TEST_PAUSE_AT=NAME
 * sleeps there once for a second, so a test can force a race.  No-op
 * unless built with PP_TEST_HOOKS. */
void pp_store_crashpoint(const char *name);

/* Read every object of the repository (which checks each id against its
 * content) and look up every object the branch's history names; each
 * problem is added to `problems` as a string, *checked is the number of
 * objects read.  0, or an error when the objects cannot be listed. */
int pp_store_check(pp_reg *r, size_t *checked, cJSON *problems);

/* --- index.c: SQLite ----------------------------------------------- */

/* Open the index (creating or, when `allow_rebuild`, rebuilding an
 * unusable one); a no-op when open. */
int pp_index_open(pp_reg *r, int allow_rebuild);

/* Close the index, if open. */
void pp_index_close(pp_reg *r);

/* Index the main-line commits the index has not seen (*new_commits, may
 * be NULL, says how many); from scratch when the branch was rewritten. */
int pp_index_update(pp_reg *r, size_t *new_commits);

/* pp_index_update, and when the file cannot be written (PP_EIO: read-
 * only, a full disk; PP_EREADONLY: a read-only registry), the index built
 * in memory from the file and history instead, with a notice saying why:
 * reading commands still answer, from history. */
int pp_index_sync(pp_reg *r, size_t *new_commits);

/* 0 when a commit's index update can follow: the index is a file open
 * for writing; else PP_EREADONLY saying why and that nothing was
 * committed (call before committing). */
int pp_index_writable(pp_reg *r);

/* After the branch moved (`moved`: "committed", "pulled", "merged"):
 * bring the index up to date; when it cannot follow (the disk filled
 * meanwhile), the notice says so with the reason, and the next command
 * that can write the index catches it up.  Never fails: the branch has
 * moved, and saying otherwise would be false. */
void pp_index_follow(pp_reg *r, const char *moved);

/* Delete the index and build it again from history. */
int pp_index_rebuild(pp_reg *r);

/* After a reading call failed with PP_EDAMAGED: rebuild the index from
 * history and set the notice that says so (the failure's message).  0
 * when the caller may read again (where the file cannot be written, from
 * an index rebuilt in memory, with a notice saying so); the rebuild's
 * error otherwise. */
int pp_index_repair(pp_reg *r);

/* PRAGMA integrity_check of the index as it is (never rebuilt): each
 * problem SQLite names is added to `problems` as a string, and one when
 * the integrity stamp does not match.  0, or an error opening it. */
int pp_index_check(pp_reg *r, cJSON *problems);

/* Main-line commits: the tip, or the last one at or before `t` (seconds
 * since the epoch).  1 with *out filled, 0 when there is none (an empty
 * registry, a time before the first commit). */
int pp_index_tip(pp_reg *r, pp_at *out);
int pp_index_at_time(pp_reg *r, long long t, pp_at *out);

/* The commit `oid` (hex): 1 with *out filled, out->seq -1 when it was
 * merged from a side branch; 0 when the index does not know it. */
int pp_index_commit(pp_reg *r, const char *oid, pp_at *out);

/* 1 when passport `id` exists at main-line position `seq`, else 0. */
int pp_index_has_passport(pp_reg *r, long long seq, const char *id);

/* The ids of the passports one of whose names (id, name, alias) has the
 * normal form `norm` at `seq`, in id order: a caller-owned array. */
int pp_index_named(pp_reg *r, long long seq, const char *norm, cJSON **ids);

/* The blob of passport `id` at `seq`: 1 and *blob, or 0 when absent. */
int pp_index_blob(pp_reg *r, long long seq, const char *id, git_oid *blob);

/* pp_reg_list(), pp_reg_log() at `seq`; the same trees. */
int pp_index_list(pp_reg *r, long long seq, const char *const *keys,
                  cJSON **out);
int pp_index_log(pp_reg *r, const char *id, cJSON **out);

/* For each current field of `id` (or just `field`) the commit that set
 * it, as pp_reg_blame() describes; an empty array when there is none. */
int pp_index_blame(pp_reg *r, const char *id, const char *field, cJSON **out);

/* --- fields.c: passports as sets of fields --------------------------- */

/* A passport flattened into fields: "facts/params.total",
 * "claims/zero-loss-spikes", "precision/roles/gemm.fprop", "name", ...
 * each with its canonical JSON value.  Fields are what the index
 * versions, what diff and blame report, and what merge reconciles. */
typedef struct pp_field {
    char *key;         /* owned */
    char *value;       /* owned: canonical JSON text, without final newline */
    const cJSON *node; /* borrowed from the document pp_fields_from_doc()
                         * read (valid while it lives); NULL otherwise */
} pp_field;

typedef struct pp_fields {
    pp_field *items; /* owned, sorted by key */
    size_t count;
} pp_fields;

/* The fields of a document (nodes borrowed from it), of a text, or of a
 * blob of the registry (zero oid: an absent passport, no fields); *out is
 * caller-owned (pp_fields_dispose). */
int pp_fields_from_doc(const cJSON *doc, pp_fields *out);
int pp_fields_from_text(const char *text, size_t len, pp_fields *out);
int pp_fields_from_blob(pp_reg *r, const git_oid *blob, pp_fields *out);
const pp_field *pp_fields_find(const pp_fields *f, const char *key);
void pp_fields_dispose(pp_fields *f);

/* Rebuild a document from fields.  Array items keyed by id keep the order
 * of `order` (a document whose order to follow; may be NULL). */
int pp_fields_to_doc(const pp_fields *f, const cJSON *order, cJSON **out);

/* Field-level differences of passport `id` between two blobs (zero oid:
 * absent), appended to `changes` as {"passport", "field", "change",
 * "old", "new"}. */
int pp_fields_diff(pp_reg *r, const char *id, const git_oid *a,
                   const git_oid *b, cJSON *changes);

/* --- incoming.c: commits that arrive -------------------------------- */

/* Bounds on the commits of one pull or clone, and on the tree entries of
 * passports/ looked at in them (each distinct tree once). */
#define PP_INCOMING_MAX_COMMITS 100000
#define PP_INCOMING_MAX_ENTRIES 10000000

/* Check every commit of `repo` reachable from `tip` and not from `known`
 * (NULL: every one): passports/ holds only regular files named <id>.json,
 * each a valid passport.  `what` ("pull", "clone") names the transfer in
 * the message.  Returns 0; PP_EINVALID naming the first bad commit (the
 * oldest) and its path; PP_ETOOBIG past a bound; or a store failure. */
int pp_incoming_check(git_repository *repo, const git_oid *tip,
                      const git_oid *known, const char *what);

/* Fetch the main branch of remote `name` (at `url`) into a quarantine
 * beside the registry, check its new commits (pp_incoming_check), and
 * only then into refs/remotes/NAME/main: *found = 1 and *theirs its
 * commit, or 0 when the remote is empty.  Refused or failed, the registry
 * is left as it was, objects included. */
int pp_incoming_fetch(pp_reg *r, const char *name, const char *url,
                      git_oid *theirs, int *found);

/* --- who.c ----------------------------------------------------------- */

/* Parse "YYYY-MM-DD[THH:MM[:SS]][Z]" (UTC) into seconds since the epoch;
 * *date_only says whether no time was given.  0 or -1. */
int pp_who_parse_date(const char *s, long long *out, int *date_only);

#endif
