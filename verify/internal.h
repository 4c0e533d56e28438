/*
 * internal.h - what the verifier's files share (verify.c: derived figures,
 * consistency, units, dates, the catalogue; roles.c: the precision role
 * map, claims and evidence; reported.c: each figure against the string it
 * was reported as, and the run's figures against each other).  Not
 * installed; the interface is verify.h.
 */
#ifndef PP_VERIFY_INTERNAL_H
#define PP_VERIFY_INTERNAL_H

#include <cjson/cJSON.h>

#include "../core/buf.h"

/* One passport under verification. */
struct pp_verify_ctx {
    const cJSON *doc; /* borrowed: the passport */
    const char *id;   /* borrowed: its id */
    cJSON *out;       /* borrowed: the findings array appended to */
    int errors;       /* error findings added */
};

/* Append one finding (the object verify.h describes) to c->out: severity
 * "error", "warning" or "note", rule id, JSON pointer, the stated and
 * expected figures as text (either may be NULL: left out), and a
 * printf-style message.  Counts errors in c->errors. */
__attribute__((format(printf, 7, 8))) void
pp_verify_finding(struct pp_verify_ctx *c, const char *severity,
                  const char *rule, const char *pointer, const char *stated,
                  const char *expected, const char *fmt, ...);

/* `v` for a message, appended to `b`: six significant digits, exponents
 * without padding ("1.55e13"), "unbounded" when not finite. */
void pp_verify_num_text(pp_buf *b, double v);

/* reported.mismatch: every disclosed numeric fact whose `reported` string
 * reads as one number that its value is not (reported.c). */
void pp_verify_reported(struct pp_verify_ctx *c);

/* units.tokens-per-param: the run's tokens per parameter of its 6ND basis
 * outside what real runs have (reported.c). */
void pp_verify_run_scale(struct pp_verify_ctx *c);

#endif
