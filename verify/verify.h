/*
 * verify.h - the verifier: recompute what a passport states and check it
 * hangs together.
 *
 * Each check is a rule with an id (docs/VERIFY.md lists them).  A finding
 * is a JSON object the caller owns through the array it was appended to:
 *   {"severity": "error"|"warning"|"note", "rule": "compute.moe-total",
 *    "passport": "x", "pointer": "/facts/compute.training",
 *    "stated": ..., "expected": ..., "message": "..."}
 * Derived figures are compared as intervals: every input stands for the
 * range its reported digits and qualifier allow (1.04T with 3 digits is
 * [1.035T, 1.045T]; "more than 32T" is [32T, inf)), and a stated figure is
 * consistent when its own range meets the recomputed one.
 */
#ifndef PP_VERIFY_H
#define PP_VERIFY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "../rules/rules.h"

/* Append the findings for passport `doc` (valid against the schema) to
 * `findings` (a cJSON array).  `rules` (may be NULL) is the catalogue
 * whose claim rules run over the passport's claims.  Returns the number
 * of errors added, or PP_ENOMEM. */
int pp_verify_passport(const cJSON *doc, const pp_rules *rules,
                       cJSON *findings);

/* The precision-role and generalisation rules (roles.c); called by
 * pp_verify_passport, exposed for tests.  Returns errors added. */
int pp_verify_roles(const cJSON *doc, cJSON *findings);

/* A passport `name` that does not validate, as findings of rule "schema"
 * (severity error): one per diagnostic of d->items[first .. first+count),
 * or one with `message` when there are none.  Returns the errors added. */
int pp_verify_invalid(const char *name, const pp_diags *d, size_t first,
                      size_t count, const char *message, cJSON *findings);

/* Count findings of a severity ("error", "warning", "note"). */
int pp_verify_count(const cJSON *findings, const char *severity);

/* Append the report of `findings` over `passports` passports to `out`:
 * with `json`, {"findings": [...], "summary": {"passports", "errors",
 * "warnings", "notes"}} in canonical form; else one line per finding
 * ("PASSPORT:POINTER: severity: message [rule]", with its stated and
 * expected figures below) and a summary line. */
int pp_verify_report(pp_buf *out, const cJSON *findings, int passports,
                     int json);

#endif
