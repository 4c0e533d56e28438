/*
 * peers.h - other databases of models, reconciled with the registry
 * (DESIGN.md §9; docs/PEERS.md).  First: Epoch AI's "AI Models" CSV.
 *
 * A peer file is untrusted data, read by core/csv.h (RFC 4180, bounded,
 * columns by header name).  A peer row is compared with a passport only when it names the
 * very same checkpoint (its name or an alias, exactly): a later version,
 * a variant or another size of the family is another run.
 */
#ifndef PP_PEERS_H
#define PP_PEERS_H
#include <stddef.h>
#include <cjson/cJSON.h>
#include "../core/buf.h"
#include "../core/csv.h"

/* ---- Epoch AI ------------------------------------------------------------ */

/* Compare every row of an Epoch CSV with the passports `docs` (validated,
 * borrowed).  Appends to *out (a caller-owned object made here):
 *   {"rows": [{"row", "line", "model", "passport" (id or null),
 *              "findings": [{"field", "peer", "registry", "verdict",
 *                            "severity", "message"}], "message"?}],
 *    "summary": {"rows", "matched", "unmatched", "agrees", "differs",
 *                "contradicts", "unverifiable"}}
 * Verdicts: agrees; differs (rounding, a qualifier, or what an estimate
 * leaves out explains it, and the message says which); contradicts (a
 * power of ten, total for active parameters, what nothing explains);
 * unverifiable (one side has no figure).  PP_EINVALID when the file has no
 * Model column. */
int pp_epoch_crosscheck(const pp_csv *t, const cJSON *const *docs, size_t n,
                        cJSON **out);

/* The crosscheck result of pp_epoch_crosscheck for people: one line per
 * row (its passport, or why none), its findings indented, and the summary.
 * Appends to `o`; returns 0. */
int pp_epoch_crosscheck_text(pp_buf *o, const cJSON *root);

/* The rows of an Epoch CSV that match no passport, as candidate passports
 * for a curator to review: every figure a fact with provenance `lead`
 * citing a `lead` source (the Epoch row), never evidence.  Appends one
 * passport document per row to `out` (an array); ambiguous and matched
 * rows are skipped.  *skipped counts rows with no figure to record. */
int pp_epoch_leads(const pp_csv *t, const cJSON *const *docs, size_t n,
                   const char *file_label, cJSON *out, size_t *skipped);

/* The passports in Epoch's column layout (RFC 4180), with Confidence
 * derived from our evidence levels (docs/PEERS.md). */
int pp_epoch_export(pp_buf *out, const cJSON *const *docs, size_t n);

#endif
