/*
 * table.c - rendering rows as an aligned table or CSV (table.h).
 */
#include "table.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "error.h"
#include "json.h"
#include "num.h"
#include "utf8.h"
#include "banned.h"

static void cell_text(pp_buf *out, const cJSON *v, int for_csv)
{
    char num[32];
    if (cJSON_IsString(v))
        pp_buf_puts(out, v->valuestring);
    else if (cJSON_IsNumber(v)) {
        pp_num_canonical(v->valuedouble, num);
        pp_buf_puts(out, num);
    } else if (cJSON_IsNull(v))
        pp_buf_puts(out, for_csv ? "" : "-");
    else if (cJSON_IsBool(v))
        pp_buf_puts(out, cJSON_IsTrue(v) ? "true" : "false");
    else
        pp_json_write_compact(out, v, NULL);
}

static void csv_line(pp_buf *out, const cJSON *cells)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cells)
    {
        pp_buf t = PP_BUF_INIT;
        if (c != cells->child)
            pp_buf_putc(out, ',');
        cell_text(&t, c, 1);
        pp_csv_cell(out, pp_buf_cstr(&t));
        pp_buf_dispose(&t);
    }
    pp_buf_puts(out, "\r\n");
}

/* One cell of a text table, padded to `width` and the gap unless last. */
static void text_cell(pp_buf *out, const char *text, size_t width, int last)
{
    size_t w = pp_utf8_count(text, strlen(text));
    pp_buf_puts(out, text);
    if (!last)
        for (; w < width + 2; w++)
            pp_buf_putc(out, ' ');
}

/* The widest cell (or heading) of each of the `ncol` columns. */
static void column_widths(const cJSON *columns, const cJSON *rows,
                          size_t *width, int ncol)
{
    const cJSON *row, *c;
    int i = 0;

    cJSON_ArrayForEach(c, columns) width[i++] =
        pp_utf8_count(c->valuestring, strlen(c->valuestring));
    cJSON_ArrayForEach(row, rows)
    {
        i = 0;
        cJSON_ArrayForEach(c, row)
        {
            pp_buf t = PP_BUF_INIT;
            size_t w;
            cell_text(&t, c, 0);
            w = pp_utf8_count(pp_buf_cstr(&t), t.len);
            if (i < ncol && w > width[i])
                width[i] = w;
            i++;
            pp_buf_dispose(&t);
        }
    }
}

static void text_table(pp_buf *out, const cJSON *columns, const cJSON *rows,
                       const size_t *width, int ncol)
{
    const cJSON *row, *c;
    int i = 0;

    cJSON_ArrayForEach(c, columns)
    {
        pp_buf u = PP_BUF_INIT;
        for (const char *p = c->valuestring; *p; p++)
            pp_buf_putc(&u, (char)toupper((unsigned char)*p));
        text_cell(out, pp_buf_cstr(&u), width[i], i + 1 == ncol);
        pp_buf_dispose(&u);
        i++;
    }
    pp_buf_putc(out, '\n');
    cJSON_ArrayForEach(row, rows)
    {
        i = 0;
        cJSON_ArrayForEach(c, row)
        {
            pp_buf t = PP_BUF_INIT;
            cell_text(&t, c, 0);
            text_cell(out, pp_buf_cstr(&t), i < ncol ? width[i] : 0,
                      i + 1 == ncol);
            pp_buf_dispose(&t);
            i++;
        }
        pp_buf_putc(out, '\n');
    }
}

int pp_table_render(pp_buf *out, const cJSON *columns, const cJSON *rows,
                    pp_table_style style)
{
    int ncol = cJSON_GetArraySize(columns);
    size_t *width;
    const cJSON *row;

    if (style == PP_TABLE_CSV) {
        csv_line(out, columns);
        cJSON_ArrayForEach(row, rows) csv_line(out, row);
        return 0;
    }
    if (!(width = calloc((size_t)ncol + 1, sizeof(*width))))
        return pp_error_set(PP_ENOMEM, "out of memory");
    column_widths(columns, rows, width, ncol);
    text_table(out, columns, rows, width, ncol);
    free(width);
    return 0;
}
