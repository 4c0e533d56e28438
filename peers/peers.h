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

/* Where the crosscheck's output goes as it is made: `write` is given each
 * piece (about 64 KiB at most, and the rest at the end) with `ctx`; a
 * negative return stops the crosscheck with that code (its message set
 * by the callback with pp_error_set). */
typedef int (*pp_epoch_write)(void *ctx, const char *text, size_t len);

/* Compare each row of an Epoch CSV, read from `r` (borrowed, the header
 * read) one row at a time, with the passports `docs` (validated,
 * borrowed), and write each row's result as it is made: memory stays flat
 * in the number of rows.  With `json` the output is one document:
 *   {"rows": [{"row", "line", "model", "passport" (id or null),
 *              "findings": [{"field", "peer", "registry", "verdict",
 *                            "severity", "message", "explanation"?}],
 *              "message"?, "candidates"?}],
 *    "summary": {"rows", "matched", "unmatched", "agrees", "differs",
 *                "contradicts", "unverifiable"}}
 * else one block of lines per row (its passport, or why none, and its
 * findings indented) and a summary line.
 * Verdicts: agrees; differs (rounding, a rounded input of 6ND, a
 * qualifier, or what an estimate leaves out explains it, and the message
 * says which); contradicts (a power of ten, total for active parameters,
 * what nothing explains); unverifiable (one side has no figure).  A row
 * named "NAME (preview)" is compared with the passport NAME names.
 * Returns 0 and *summary (caller-owned, the "summary" object above);
 * PP_EINVALID when the file has no Model column; the reader's errors (a
 * malformed row of a pipe, after the rows before it were written); the
 * callback's. */
int pp_epoch_crosscheck(pp_csv_reader *r, const cJSON *const *docs, size_t n,
                        int json, pp_epoch_write write, void *ctx,
                        cJSON **summary);

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
