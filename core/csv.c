/*
 * csv.c - an RFC 4180 reader and the writer's quoting (csv.h).
 *
 * The whole file is held (it is bounded) and every field is copied once
 * into one arena; rows keep offsets into it, so a table is three
 * allocations whatever its size.  Errors name the line where the problem
 * is, and for an unterminated quote the line where the quote opened.
 */
#include "csv.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "utf8.h"
#include "banned.h"

struct pp_csv {
    pp_buf arena;  /* fields, each NUL-terminated */
    size_t *field; /* offsets into arena, row by row */
    size_t nfield, cap_field;
    size_t *row_start; /* index into field of each record's first field */
    size_t *row_line;  /* line each record starts on */
    size_t *row_n;     /* fields in each record */
    size_t nrow, cap_row;
};

void pp_csv_free(pp_csv *t)
{
    if (!t)
        return;
    pp_buf_dispose(&t->arena);
    free(t->field);
    free(t->row_start);
    free(t->row_line);
    free(t->row_n);
    free(t);
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    size_t n = *cap ? *cap : 64;
    void *q;
    if (need <= *cap)
        return 0;
    while (n < need)
        n *= 2;
    if (!(q = realloc(*p, n * size)))
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

static int add_field(pp_csv *t, const char *s, size_t len)
{
    if (grow((void **)&t->field, &t->cap_field, t->nfield + 1,
             sizeof *t->field) < 0)
        return PP_ENOMEM;
    t->field[t->nfield++] = t->arena.len;
    if (pp_buf_put(&t->arena, s, len) < 0 || pp_buf_putc(&t->arena, 0) < 0)
        return PP_ENOMEM;
    return 0;
}

static int add_row(pp_csv *t, size_t first, size_t line)
{
    size_t cap = t->cap_row;
    if (grow((void **)&t->row_start, &cap, t->nrow + 1, sizeof *t->row_start) <
        0)
        return PP_ENOMEM;
    cap = t->cap_row;
    if (grow((void **)&t->row_line, &cap, t->nrow + 1, sizeof *t->row_line) < 0)
        return PP_ENOMEM;
    cap = t->cap_row;
    if (grow((void **)&t->row_n, &cap, t->nrow + 1, sizeof *t->row_n) < 0)
        return PP_ENOMEM;
    t->cap_row = cap;
    t->row_start[t->nrow] = first;
    t->row_line[t->nrow] = line;
    t->row_n[t->nrow++] = t->nfield - first;
    return 0;
}

int pp_csv_parse(pp_csv **out, const char *data, size_t len, const char *name)
{
    pp_csv *t;
    pp_buf f = PP_BUF_INIT; /* the field being read */
    size_t i = 0, line = 1, rec_line = 1, first = 0, bad = 0;
    int rc = 0;

    *out = NULL;
    if (len > PP_CSV_MAX_BYTES)
        return pp_error_set(PP_ETOOBIG, "%s: larger than %zu MiB", name,
                            PP_CSV_MAX_BYTES >> 20);
    if (!pp_utf8_valid(data, len, &bad)) {
        size_t l = 1;
        for (size_t k = 0; k < bad; k++)
            l += data[k] == '\n';
        return pp_error_set(PP_EINVALID, "%s:%zu: invalid UTF-8", name, l);
    }
    {
        /* fields are C strings: a NUL would cut one short, silently */
        const char *z = memchr(data, '\0', len);
        if (z) {
            size_t l = 1;
            for (const char *k = data; k < z; k++)
                l += *k == '\n';
            return pp_error_set(PP_EINVALID, "%s:%zu: a NUL byte", name, l);
        }
    }
    if (!(t = calloc(1, sizeof *t)))
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
        i = 3;
    for (;;) {
        int quoted = 0;
        size_t open_line = line;
        pp_buf_clear(&f);
        if (i < len && data[i] == '"') {
            quoted = 1;
            i++;
            for (;;) {
                if (i >= len) {
                    rc = pp_error_set(PP_EINVALID,
                                      "%s:%zu: unterminated "
                                      "quoted field (opened on line %zu)",
                                      name, line, open_line);
                    goto done;
                }
                if (data[i] == '"') {
                    if (i + 1 < len && data[i + 1] == '"') {
                        rc = pp_buf_putc(&f, '"');
                        i += 2;
                    } else {
                        i++;
                        break;
                    }
                } else {
                    line += data[i] == '\n';
                    rc = pp_buf_putc(&f, data[i++]);
                }
                if (rc < 0)
                    goto oom;
                if (f.len > PP_CSV_MAX_FIELD) {
                    rc = pp_error_set(PP_ETOOBIG,
                                      "%s:%zu: a field longer "
                                      "than %zu bytes",
                                      name, open_line, PP_CSV_MAX_FIELD);
                    goto done;
                }
            }
            if (i < len && data[i] != ',' && data[i] != '\n' &&
                data[i] != '\r') {
                rc = pp_error_set(PP_EINVALID,
                                  "%s:%zu: text after the "
                                  "closing quote of a field",
                                  name, line);
                goto done;
            }
        } else {
            size_t s = i;
            while (i < len && data[i] != ',' && data[i] != '\n' &&
                   data[i] != '\r') {
                if (data[i] == '"') {
                    rc = pp_error_set(PP_EINVALID,
                                      "%s:%zu: a quote inside "
                                      "an unquoted field (quote the whole "
                                      "field)",
                                      name, line);
                    goto done;
                }
                i++;
            }
            if (i - s > PP_CSV_MAX_FIELD) {
                rc = pp_error_set(PP_ETOOBIG,
                                  "%s:%zu: a field longer than "
                                  "%zu bytes",
                                  name, line, PP_CSV_MAX_FIELD);
                goto done;
            }
            if (pp_buf_put(&f, data + s, i - s) < 0)
                goto oom;
        }
        if (add_field(t, f.ptr ? f.ptr : "", f.len) < 0)
            goto oom;
        if (t->nfield - first > PP_CSV_MAX_COLUMNS) {
            rc = pp_error_set(PP_ETOOBIG, "%s:%zu: more than %d columns", name,
                              rec_line, PP_CSV_MAX_COLUMNS);
            goto done;
        }
        if (i < len && data[i] == ',') {
            i++;
            if (i < len && data[i] != '\n' && data[i] != '\r')
                continue;
            /* "a,b," ends with one empty field */
            if (add_field(t, "", 0) < 0)
                goto oom;
        }
        /* the end of a record */
        if (i < len && data[i] == '\r')
            i++;
        if (i < len && data[i] == '\n')
            i++;
        if (t->nfield - first == 1 && !quoted &&
            !t->arena.ptr[t->field[first]]) {
            t->nfield = first; /* a blank line is no record */
        } else {
            if (t->nrow > PP_CSV_MAX_ROWS) {
                rc = pp_error_set(PP_ETOOBIG, "%s:%zu: more than %d rows", name,
                                  rec_line, PP_CSV_MAX_ROWS);
                goto done;
            }
            if (add_row(t, first, rec_line) < 0)
                goto oom;
        }
        first = t->nfield;
        line++;
        rec_line = line;
        if (i >= len)
            break;
    }
    if (t->nrow == 0) {
        rc = pp_error_set(PP_EINVALID, "%s: empty: no header row", name);
        goto done;
    }
    for (size_t c = 0; c < t->row_n[0]; c++) {
        if (!t->arena.ptr[t->field[c]]) {
            rc = pp_error_set(PP_EINVALID, "%s:1: column %zu has no name", name,
                              c + 1);
            goto done;
        }
    }
    pp_buf_dispose(&f);
    *out = t;
    return 0;
oom:
    rc = pp_error_set(PP_ENOMEM, "out of memory");
done:
    pp_buf_dispose(&f);
    pp_csv_free(t);
    return rc;
}

size_t pp_csv_rows(const pp_csv *t)
{
    return t->nrow - 1;
}

static int same_header(const char *h, const char *want)
{
    size_t n;
    while (*h == ' ')
        h++;
    n = strlen(h);
    while (n && h[n - 1] == ' ')
        n--;
    return n == strlen(want) && !strncmp(h, want, n);
}

int pp_csv_column(const pp_csv *t, const char *header)
{
    for (size_t c = 0; c < t->row_n[0]; c++)
        if (same_header(t->arena.ptr + t->field[c], header))
            return (int)c;
    return -1;
}

const char *pp_csv_field(const pp_csv *t, size_t row, int col)
{
    size_t r = row + 1;
    if (col < 0 || r >= t->nrow || (size_t)col >= t->row_n[r])
        return "";
    return t->arena.ptr + t->field[t->row_start[r] + (size_t)col];
}

size_t pp_csv_line(const pp_csv *t, size_t row)
{
    return row + 1 < t->nrow ? t->row_line[row + 1] : 0;
}

int pp_csv_cell(pp_buf *out, const char *s)
{
    int rc = 0;
    if (!s)
        return 0;
    if (!strpbrk(s, ",\"\r\n"))
        return pp_buf_puts(out, s);
    rc |= pp_buf_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"')
            rc |= pp_buf_putc(out, '"');
        rc |= pp_buf_putc(out, *s);
    }
    rc |= pp_buf_putc(out, '"');
    return rc < 0 ? PP_ENOMEM : 0;
}
