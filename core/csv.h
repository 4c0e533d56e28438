/*
 * csv.h - RFC 4180 CSV: a bounded reader and the writer's quoting.
 *
 * Peer databases (Epoch AI's models CSV) come in as CSV, and `query`,
 * `export --epoch` and `source list` write it.  The reader follows RFC 4180
 * (quoted fields with commas, quotes and line breaks), selects columns by
 * header name, tolerates missing and extra columns, and is bounded in size,
 * columns, field length and rows; a malformed file is an error naming its
 * line.  The writer quotes a field only when it must.
 */
#ifndef PP_CSV_H
#define PP_CSV_H

#include <stddef.h>

#include "buf.h"

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
int pp_csv_parse(pp_csv **out, const char *data, size_t len, const char *name);
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

/* Append `s` as one CSV field: as is, or in double quotes (inner quotes
 * doubled) when it holds a comma, a quote or a line break.  NULL appends
 * nothing (an empty field). */
int pp_csv_cell(pp_buf *out, const char *s);

#endif
