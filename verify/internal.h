/*
 * internal.h - what the verifier's files share (verify.c: derived figures,
 * consistency, units, dates, the catalogue; roles.c: the precision role
 * map, claims and evidence).  Not installed; the interface is verify.h.
 */
#ifndef PP_VERIFY_INTERNAL_H
#define PP_VERIFY_INTERNAL_H

#include <cjson/cJSON.h>

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

#endif
