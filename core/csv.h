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
#include <stdio.h>

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

/* A file read one record at a time, in memory flat in its number of
 * rows: the same format, bounds and messages as pp_csv_parse (the bounds
 * in bytes and rows count as the records come).  `f` is borrowed and
 * must stay open until pp_csv_reader_free; `name` is copied.  When `f` is
 * a regular file it is read through once first, so that a malformed file
 * is refused here, before any record is handed out; a pipe is checked as
 * it is read, and its error comes from pp_csv_reader_next.  Returns 0 and
 * a caller-owned *out (pp_csv_reader_free) with the header read, or the
 * errors of pp_csv_parse, PP_EIO when the file cannot be read. */
typedef struct pp_csv_reader pp_csv_reader;
int pp_csv_reader_open(pp_csv_reader **out, FILE *f, const char *name);
/* Read the next record: 1 when there is one, 0 at the end, a negative
 * code (as pp_csv_parse's) on error.  The record before is forgotten. */
int pp_csv_reader_next(pp_csv_reader *r);
/* The header and the current record, as a table of one row (row 0): read
 * it with pp_csv_column, pp_csv_field and pp_csv_line.  Borrowed; valid
 * until the next pp_csv_reader_next. */
const pp_csv *pp_csv_reader_table(const pp_csv_reader *r);
/* Data rows read so far (the current one included). */
size_t pp_csv_reader_rows(const pp_csv_reader *r);
/* The name given to pp_csv_reader_open, for messages.  Borrowed. */
const char *pp_csv_reader_name(const pp_csv_reader *r);
void pp_csv_reader_free(pp_csv_reader *r);

/* Append `s` as one CSV field: as is, or in double quotes (inner quotes
 * doubled) when it holds a comma, a quote or a line break.  NULL appends
 * nothing (an empty field). */
int pp_csv_cell(pp_buf *out, const char *s);

#endif
