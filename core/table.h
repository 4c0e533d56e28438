/*
 * table.h - rows for people or for spreadsheets.
 *
 * Commands that answer with a table (query, sql, source list) build
 * {"columns": [...], "rows": [[...], ...]} and render it here: as aligned
 * text (upper-case headings, columns two spaces apart, widths counted in
 * characters, no trailing blanks after the last column) or as CSV
 * (RFC 4180 quoting, CRLF line ends).
 */
#ifndef PP_TABLE_H
#define PP_TABLE_H

#include <cjson/cJSON.h>

#include "buf.h"

typedef enum pp_table_style {
    PP_TABLE_TEXT, /* aligned columns for people */
    PP_TABLE_CSV   /* RFC 4180 for spreadsheets */
} pp_table_style;

/* Append `rows` (arrays of cells) under `columns` (an array of strings)
 * to `out` in `style`.  A cell is shown as: a string as is, a number in
 * its shortest round-trip form, null as "-" (empty in CSV), a boolean as
 * true or false, anything else as one-line JSON.  Returns 0 or
 * PP_ENOMEM. */
int pp_table_render(pp_buf *out, const cJSON *columns, const cJSON *rows,
                    pp_table_style style);

#endif
