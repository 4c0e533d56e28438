/*
 * registry.h - the set of passports the commands read.
 *
 * At this stage a registry is a directory of canonical passport files
 * (<id>.json); the shipped passports in passports/ are the default one.
 * Opening validates every file: a registry never hands out an invalid
 * passport.  Names resolve by exact id first, then by id, name or alias
 * compared case- and punctuation-insensitively ("k2", "Kimi-K2",
 * "DeepSeek V3"); a name that fits several passports is ambiguous and the
 * error lists them.
 */
#ifndef PP_REGISTRY_H
#define PP_REGISTRY_H

#include <stddef.h>

#include "../core/diag.h"
#include "../schema/passport.h"

typedef struct pp_registry pp_registry;

/* Bound on the passports of one registry directory. */
#define PP_REGISTRY_MAX_PASSPORTS 100000

/* Open the directory `dir`: load and validate every *.json in it, in id
 * order.  On success *out is caller-owned (pp_registry_free).  When any
 * file is invalid returns PP_EINVALID with every reason in `diags` and
 * *out NULL; PP_ENOTFOUND / PP_EIO when the directory cannot be read. */
int pp_registry_open_dir(pp_registry **out, const char *dir,
                         pp_diags *diags);

void pp_registry_free(pp_registry *r);

/* The paths ("DIR/NAME.json") of the passport files in `dir`, sorted.
 * *paths is caller-owned: release with pp_registry_files_free().
 * Returns 0, PP_ENOTFOUND, PP_EIO, PP_ETOOBIG or PP_ENOMEM. */
int pp_registry_dir_files(const char *dir, char ***paths, size_t *n);
void pp_registry_files_free(char **paths, size_t n);

size_t pp_registry_count(const pp_registry *r);

/* The i-th passport in id order; borrowed from `r`. */
const pp_passport *pp_registry_at(const pp_registry *r, size_t i);

/* Resolve an id, name or alias.  Returns 0 with *out borrowed from `r`,
 * PP_ENOTFOUND, or PP_EAMBIGUOUS (the message lists the candidates). */
int pp_registry_resolve(const pp_registry *r, const char *query,
                        const pp_passport **out);

/* The directory of the shipped passports: $PASSPORT_SHIPPED when set,
 * else the source tree's passports/ when it exists (a build-tree binary),
 * else the installed data directory.  Borrowed. */
const char *pp_registry_shipped_dir(void);

#endif
