/*
 * literal.h - a literal prefilter for the rule catalogue's patterns.
 *
 * Almost every sentence matches none of the catalogue's patterns, and
 * running each pattern on each sentence was the checker's largest single
 * cost.  pp_literals_of() reads a pattern conservatively and derives
 * literals one of which every match must contain (the words of a leading
 * alternation: "(?<!\p{L})(always|never|...)" gives "always", "never",
 * ...); a pp_litset (an Aho-Corasick automaton over the literals of many
 * patterns) then finds in one pass over a folded sentence which patterns
 * can match at all.  The others cannot, so skipping them changes no
 * result.  A pattern whose literals cannot be derived safely gets none and
 * is always run.
 *
 * Literals and texts are compared after pp_utf8_fold() (ASCII and Russian
 * Cyrillic lower-cased), which is what a caseless match of the letters a
 * literal may hold reduces to; a text for which pp_utf8_fold() reports a
 * character it cannot fold must be matched without the prefilter.
 */
#ifndef PP_LITERAL_H
#define PP_LITERAL_H

#include <stddef.h>

/* Bounds: literals kept per pattern, and automaton states (past them the
 * set refuses more literals and every pattern is run).  The states bound
 * keeps the transition table under 16 MiB (states x 256 classes x 4). */
#define PP_LITERALS_MAX 64
#define PP_LITSET_MAX_STATES 16384

/* The required literals of `pattern` (PCRE2 syntax, compiled caseless,
 * without PCRE2_EXTENDED), folded, NUL-terminated: up to `max` in lits[]
 * (each owned by the caller: free() them), their number in *n.  *n is 0
 * when no literal can be derived safely (then the pattern must always be
 * run).  Returns 0, or PP_ENOMEM. */
int pp_literals_of(const char *pattern, char **lits, size_t max, size_t *n);

typedef struct pp_litset pp_litset;

/* An empty set; add literals, build, then scan.  Returns 0 or PP_ENOMEM. */
int pp_litset_new(pp_litset **out);

/* Add `len` bytes of a folded literal, reported as `id` (< 2^31).
 * Returns 0, PP_ENOMEM, or PP_ETOOBIG past PP_LITSET_MAX_STATES. */
int pp_litset_add(pp_litset *s, const char *lit, size_t len, unsigned id);

/* Compute the automaton; nothing can be added afterwards.  Returns 0 or
 * PP_ENOMEM. */
int pp_litset_build(pp_litset *s);

/* For every literal occurring in the `len` bytes of folded `text`, set
 * mark[id] = 1 (mark must have room for the largest id + 1). */
void pp_litset_scan(const pp_litset *s, const char *text, size_t len,
                    unsigned char *mark);

/* For every occurrence of a literal in the `len` bytes of folded `text`,
 * in the order the occurrences end (several ending at one byte: each),
 * call fn(ctx, id, end), `end` the offset just past it.  One pass: the
 * cost is linear in `len` and the number of occurrences. */
typedef void pp_lit_hit_fn(void *ctx, unsigned id, size_t end);
void pp_litset_each(const pp_litset *s, const char *text, size_t len,
                    pp_lit_hit_fn *fn, void *ctx);

void pp_litset_free(pp_litset *s); /* accepts NULL */

#endif
