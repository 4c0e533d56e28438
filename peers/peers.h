/*
 * peers.h - other databases of models, reconciled with the registry
 * (DESIGN.md §9; docs/PEERS.md).  First: Epoch AI's "AI Models" CSV.
 *
 * A peer file is untrusted data.  The CSV reader follows RFC 4180 (quoted
 * fields with commas, quotes and line breaks), selects columns by header
 * name, tolerates missing and extra columns, and is bounded in size,
 * columns, field length and rows; a malformed file is an error naming its
 * line.  A peer row is compared with a passport only when it names the
 * very same checkpoint (its name or an alias, exactly): a later version,
 * a variant or another size of the family is another run.
 */
#ifndef PP_PEERS_H
#define PP_PEERS_H
#include <stddef.h>
#include <cjson/cJSON.h>
#include "../core/buf.h"

/* ---- CSV ----------------------------------------------------------------- */

#define PP_CSV_MAX_BYTES ((size_t)256 << 20) /* a peer file */
#define PP_CSV_MAX_FIELD ((size_t)1 << 20)   /* one field */
#define PP_CSV_MAX_COLUMNS 1024
#define PP_CSV_MAX_ROWS 1000000

typedef struct pp_csv pp_csv;

/* Parse `len` bytes of CSV (a UTF-8 BOM and CRLF line ends are fine; the
 * first record is the header).  `name` is used in messages.  Returns 0
 * and a caller-owned *out (pp_csv_free), PP_EINVALID for malformed CSV
 * ("NAME:LINE: unterminated quoted field (opened on line N)", a quote
 * inside an unquoted field, text after a closing quote, invalid UTF-8,
 * an empty header name), PP_ETOOBIG beyond a bound, PP_ENOMEM. */
int pp_csv_parse(pp_csv **out, const char *data, size_t len,
                 const char *name);
void pp_csv_free(pp_csv *t);

size_t pp_csv_rows(const pp_csv *t);
/* Index of the column named `header` (exact, after trimming spaces), or
 * -1 when the file has no such column. */
int pp_csv_column(const pp_csv *t, const char *header);
/* Field `col` of data row `row` (0-based, header excluded); "" when the
 * row is short or col is -1.  Borrowed. */
const char *pp_csv_field(const pp_csv *t, size_t row, int col);
/* The line of the file on which data row `row` starts (1-based). */
size_t pp_csv_line(const pp_csv *t, size_t row);

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
