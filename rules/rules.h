/*
 * rules.h - the rule catalogue: generalisation and misconception rules as
 * data (the .json files of rules/data, described by
 * schema/rules.schema.json).
 *
 * A curator adds a rule without touching C.  Loading validates each file
 * against the schema, then compiles every pattern once with PCRE2 (UTF,
 * UCP, case-insensitive, invalid UTF-8 tolerated as non-matching) and
 * JIT; matching runs under match and depth limits.  A bad pattern is an
 * error naming the file, the rule and the language.  A scan first looks
 * for the literals each pattern requires (one pass, rules/literal.h) and
 * runs only the patterns that can match.
 */
#ifndef PP_RULES_H
#define PP_RULES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "../core/diag.h"

typedef struct pp_rules pp_rules;

/* Bounds of the catalogue and of matching. */
#define PP_RULES_MAX 1024
#define PP_RULES_MATCH_LIMIT 1000000
#define PP_RULES_DEPTH_LIMIT 10000

/* Load every *.json of `dir` (sorted).  Errors go to `diags` (file, rule,
 * reason); any error is PP_EINVALID and *out is NULL. */
int pp_rules_load_dir(pp_rules **out, const char *dir, pp_diags *diags);

/* Load the given files instead of a folder. */
int pp_rules_load_files(pp_rules **out, const char *const *files, size_t n,
                        pp_diags *diags);

void pp_rules_free(pp_rules *r);

/* The catalogue folder: $PASSPORT_RULES, else the source tree's
 * rules/data for a build-tree binary, else the installed one.
 * Borrowed. */
const char *pp_rules_default_dir(void);

size_t pp_rules_count(const pp_rules *r);

/* The rules as data: [{id, severity, applies_to, levels, message,
 * section, languages, file}].  Borrowed from `r`. */
const cJSON *pp_rules_list(const pp_rules *r);

typedef struct pp_rule_hit {
    const char *id; /* borrowed from the catalogue */
    const char *severity;
    const char *message;
    const char *section;
    const char *lang;  /* the language whose pattern matched */
    int modal;         /* the rule's patterns hold a modal verb ("modal") */
    size_t start, end; /* byte offsets of the match in the text */
} pp_rule_hit;

/* Scan `len` bytes of `text` with every rule that applies to `where`
 * ("claims" or "prose") and, when `level` is not NULL, to that evidence
 * level.  At most one hit per rule, the first; up to `max` hits in
 * *hits, their count in *n.  Returns 0, or PP_ETOOBIG when a pattern hit
 * its match limit (the hits so far are kept). */
int pp_rules_scan(const pp_rules *r, const char *text, size_t len,
                  const char *where, const char *level, pp_rule_hit *hits,
                  size_t max, size_t *n);

/* The scratch space of a scan (a match block, the prefilter's marks):
 * pp_rules_scan uses the catalogue's own, so scans of one catalogue may
 * not run at once; each thread that scans concurrently brings its own,
 * made for that catalogue (it must not outlive it). */
typedef struct pp_rules_scratch pp_rules_scratch;
int pp_rules_scratch_new(const pp_rules *r, pp_rules_scratch **out);
void pp_rules_scratch_free(pp_rules_scratch *x); /* accepts NULL */

/* The same, given `folded`: the text after pp_utf8_fold() returned 0 for
 * it (the caller folded it anyway), or NULL; and `x`, a scratch of `r`
 * (NULL: the catalogue's own). */
int pp_rules_scan_folded(const pp_rules *r, pp_rules_scratch *x,
                         const char *text, const char *folded, size_t len,
                         const char *where, const char *level,
                         pp_rule_hit *hits, size_t max, size_t *n);

/* The literal prefilter (rules/literal.h) is on by default: a pattern
 * none of whose required literals occurs in a text is not run on it,
 * which changes no result.  Off runs every pattern (tests compare both). */
void pp_rules_set_prefilter(pp_rules *r, int on);

/* The catalogue for people: each rule's id, severity, languages, message
 * and section, then the count.  Appends to `out`. */
int pp_rules_list_text(pp_buf *out, const pp_rules *r);

#endif
