/*
 * internal.h - declarations shared by the files of the registry module
 * (store.c, index.c, fields.c, merge.c, query.c, registry.c).  Not part of
 * the public API: callers use registry/registry.h.
 */
#ifndef PP_REGISTRY_INTERNAL_H
#define PP_REGISTRY_INTERNAL_H

#include <git2.h>
#include <sqlite3.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "registry.h"

#define PP_BRANCH "refs/heads/main"
#define PP_TREE_DIR "passports"
#define PP_INDEX_FILE "passport-index.sqlite"
#define PP_MERGE_FILE "PASSPORT_MERGE.json"

struct pp_reg {
    git_repository *repo; /* owned */
    char *path;           /* owned: the registry directory */
    sqlite3 *db;          /* owned; NULL until the index is opened */
    int db_readonly;      /* the index could only be opened read-only */
    pp_buf notice;        /* something the user should hear (index rebuilt) */
};

struct pp_who {
    git_signature *author;    /* owned */
    git_signature *committer; /* owned */
};

/* --- store.c: libgit2 ----------------------------------------------- */

/* Convert the last libgit2 failure into our convention, prefixing `what`. */
int pp_git_fail(int gitrc, const char *what);

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
void pp_crashpoint(const char *name);

/* --- index.c: SQLite ----------------------------------------------- */

int pp_index_open(pp_reg *r, int allow_rebuild);
int pp_index_update(pp_reg *r, size_t *new_commits);
int pp_index_rebuild(pp_reg *r);

/* --- fields.c: passports as sets of fields --------------------------- */

/* A passport flattened into fields: "facts/params.total",
 * "claims/zero-loss-spikes", "precision/roles/gemm.fprop", "name", ...
 * each with its canonical JSON value.  Fields are what the index
 * versions, what diff and blame report, and what merge reconciles. */
typedef struct pp_field {
    char *key;          /* owned */
    char *value;        /* owned: canonical JSON text, without final newline */
    const cJSON *node;  /* borrowed from the document pp_fields_from_doc()
                         * read (valid while it lives); NULL otherwise */
} pp_field;

typedef struct pp_fields {
    pp_field *items; /* owned, sorted by key */
    size_t count;
} pp_fields;

int pp_fields_from_doc(const cJSON *doc, pp_fields *out);
int pp_fields_from_text(const char *text, size_t len, pp_fields *out);
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

/* Parse "YYYY-MM-DD[THH:MM[:SS]][Z]" (UTC) into seconds since the epoch;
 * *date_only says whether a time was given.  0 or -1. */
int pp_parse_date(const char *s, long long *out, int *date_only);

/* Canonical JSON of a node without the trailing newline. */
int pp_json_compact_canonical(const cJSON *node, pp_buf *out);

#endif
