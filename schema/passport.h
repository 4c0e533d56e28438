/*
 * passport.h - one run passport: loading, validation, canonical form,
 * names and facts.
 *
 * A passport is a JSON document described by schema/passport.schema.json
 * (compiled into the library).  Validation is the schema, interpreted by
 * jsonschema.c, plus what JSON Schema cannot say:
 *   - the id equals the file name (<id>.json);
 *   - every evidence, support and via source id is listed in /sources,
 *     and source ids are unique;
 *   - params.active <= params.total, experts.active <= experts.routed;
 *   - ids of claims, unknowns and boundaries are unique, dates are real
 *     calendar dates, an unknown's fact is in the vocabulary;
 *   - numbers are finite and keys unique (checked while parsing).
 * Every error names the file and the JSON pointer of the offending value.
 */
#ifndef PP_PASSPORT_H
#define PP_PASSPORT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "jsonschema.h"

typedef struct pp_passport pp_passport;

/* Load and validate a passport file.  On success (0) *out is caller-owned
 * (pp_passport_free).  On invalid input returns PP_EINVALID with the
 * reasons appended to `diags`; PP_ETOOBIG / PP_EIO / PP_ENOTFOUND when the
 * file cannot be read (message in pp_error_last()).  *out is NULL on any
 * failure: an invalid passport is never handed out. */
int pp_passport_load_file(pp_passport **out, const char *path, pp_diags *diags);

/* Same for `len` bytes already in memory.  `name` is used in messages;
 * `expect_id` (may be NULL) is the id the file name implies. */
int pp_passport_load_buffer(pp_passport **out, const char *data, size_t len,
                            const char *name, const char *expect_id,
                            pp_diags *diags);

void pp_passport_free(pp_passport *p);

/* The id a file name implies: "dir/kimi-k2.json" -> "kimi-k2"; a name not
 * ending in ".json" gives "" (which no valid id equals).  Caller frees. */
char *pp_passport_expected_id(const char *path);

/* The passport format written today (schema/README.md, "Format
 * versions"): 2 requires the numbers of a claim's text to be its
 * quantities.  A passport of an older format is read and validated by the
 * rules of its format, never written. */
#define PP_PASSPORT_FORMAT 2

/* The format the passport was written in: 1 or 2. */
int pp_passport_format(const pp_passport *p);

/* Borrowed accessors; valid while `p` lives. */
const char *pp_passport_id(const pp_passport *p);
const char *pp_passport_name(const pp_passport *p);
const cJSON *pp_passport_json(const pp_passport *p);

/* The fact object named `fact`, or NULL when this passport has none. */
const cJSON *pp_passport_fact(const pp_passport *p, const char *fact);

/* The pin of a source (schema `$defs/pin`): the version of its text the
 * passport's quotes were checked against.  Borrowed strings. */
typedef struct pp_source_pin {
    const char *sha256; /* 64 lower-case hex digits: SHA-256 of the body */
    const char *date;   /* YYYY-MM-DD (UTC): the day that body was fetched */
} pp_source_pin;

/* The pin of source `source_id` in passport document `doc` (validated):
 * 1 and *out filled (borrowed from `doc`), 0 when the passport does not
 * list the source or the source carries no pin. */
int pp_passport_source_pin(const cJSON *doc, const char *source_id,
                           pp_source_pin *out);

/* Whether passport document `doc` (validated) is a lead, as `passport
 * import --as-leads` writes them: some evidence or support has
 * provenance "lead" or cites a source of priority "lead" (what `verify`
 * calls the error evidence.lead).  1 with the JSON pointer of the first
 * appended to `ptr` and its source id in *source (borrowed from `doc`),
 * 0 when none, PP_ENOMEM. */
int pp_passport_lead_evidence(const cJSON *doc, pp_buf *ptr,
                              const char **source);

/* 1 when `query` names this passport: its id, name or one of its aliases,
 * compared case- and punctuation-insensitively. */
int pp_passport_answers_to(const pp_passport *p, const char *query);

/* Append the canonical text of `doc` (stable key order, shortest
 * round-trip numbers, two-space indentation, final newline). */
int pp_passport_canonical(const cJSON *doc, pp_buf *out);

/* The same canonical order, on one line without a final newline. */
int pp_passport_compact(const cJSON *doc, pp_buf *out);

/* Normalise a name for matching: ASCII letters lower-cased, ASCII
 * punctuation and spaces dropped, digits and non-ASCII bytes kept. */
int pp_name_normalize(const char *in, pp_buf *out);

/* The compiled passport schema, built once from the embedded copy of
 * schema/passport.schema.json.  Borrowed; NULL only if the embedded
 * schema is broken (a build defect; pp_error_last() says why). */
const pp_schema *pp_passport_schema(void);

/* The fact vocabulary, from the schema: the schema node of fact `name`
 * (for its "description" and unit), or NULL when `name` is not a fact. */
const cJSON *pp_vocab_lookup(const char *name);

/* The vocabulary as a borrowed object whose members are the fact names. */
const cJSON *pp_vocab(void);

/* The unit a numeric fact is recorded in ("param", "FLOP/s"), or NULL for
 * text facts. */
const char *pp_vocab_unit(const char *name);

#endif
