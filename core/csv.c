/*
 * csv.c - an RFC 4180 reader and the writer's quoting (csv.h).
 *
 * One record reader serves two ways of reading: a table (pp_csv_parse: the
 * whole file held, it is bounded, every field copied once into one arena,
 * rows keeping offsets into it) and a stream (pp_csv_reader: the header and
 * one record at a time, so memory stays flat whatever the number of rows).
 * Errors name the line where the problem is, and for an unterminated quote
 * the line where the quote opened.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, strdup */
#include "csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* ---- reading ------------------------------------------------------------ */

/* Where the bytes come from: all of them in memory (`f` NULL), or a
 * stream read a buffer at a time. */
struct src {
    const char *data;
    size_t len, pos;
    FILE *f;     /* NULL: data is the whole file */
    char *buf;   /* the stream's buffer */
    size_t read; /* bytes taken from the stream so far */
    int failed;  /* the stream could not be read */
};

#define SRC_BUF ((size_t)64 << 10)

/* The next byte, or -1 at the end (or on a read error: s->failed). */
static int peek(struct src *s)
{
    if (s->pos < s->len)
        return (unsigned char)s->data[s->pos];
    if (!s->f)
        return -1;
    s->len = fread(s->buf, 1, SRC_BUF, s->f);
    s->data = s->buf;
    s->pos = 0;
    s->read += s->len;
    if (s->len == 0) {
        s->failed = ferror(s->f) != 0;
        return -1;
    }
    return (unsigned char)s->data[0];
}

static void skip(struct src *s)
{
    s->pos++;
}

struct rd {
    struct src s;
    const char *name;
    size_t line; /* the line being read */
    size_t seen; /* records read, the header included */
    pp_buf f;    /* the field being read */
};

static size_t lines_before(const char *s, size_t n)
{
    size_t l = 0;
    for (size_t k = 0; k < n; k++)
        l += s[k] == '\n';
    return l;
}

/* A stream's field is checked as it is read; a file in memory was checked
 * whole, before parsing, with the same messages. */
static int check_field(struct rd *r, size_t open_line)
{
    size_t bad = 0;
    const char *z;
    if (!r->s.f)
        return 0;
    if (r->s.read > PP_CSV_MAX_BYTES)
        return pp_error_set(PP_ETOOBIG, "%s: larger than %zu MiB", r->name,
                            PP_CSV_MAX_BYTES >> 20);
    if (!r->f.len)
        return 0;
    if (!pp_utf8_valid(r->f.ptr, r->f.len, &bad))
        return pp_error_set(PP_EINVALID, "%s:%zu: invalid UTF-8", r->name,
                            open_line + lines_before(r->f.ptr, bad));
    if ((z = memchr(r->f.ptr, '\0', r->f.len)) != NULL)
        return pp_error_set(PP_EINVALID, "%s:%zu: a NUL byte", r->name,
                            open_line +
                                lines_before(r->f.ptr, (size_t)(z - r->f.ptr)));
    return 0;
}

/* One field into r->f; *quoted says whether it was. */
static int read_field(struct rd *r, int *quoted)
{
    struct src *s = &r->s;
    size_t open_line = r->line;
    int c;
    *quoted = 0;
    pp_buf_clear(&r->f);
    if (peek(s) == '"') {
        *quoted = 1;
        skip(s);
        for (;;) {
            if ((c = peek(s)) < 0)
                return s->failed ? pp_error_set(PP_EIO, "%s: cannot read: %s",
                                                r->name, strerror(errno))
                                 : pp_error_set(PP_EINVALID,
                                                "%s:%zu: unterminated "
                                                "quoted field (opened on "
                                                "line %zu)",
                                                r->name, r->line, open_line);
            skip(s);
            if (c == '"') {
                if (peek(s) != '"')
                    break;
                skip(s);
            }
            r->line += c == '\n';
            if (pp_buf_putc(&r->f, (char)c) < 0)
                return pp_error_set(PP_ENOMEM, "out of memory");
            if (r->f.len > PP_CSV_MAX_FIELD)
                return pp_error_set(PP_ETOOBIG,
                                    "%s:%zu: a field longer than %zu bytes",
                                    r->name, open_line, PP_CSV_MAX_FIELD);
        }
        c = peek(s);
        if (c >= 0 && c != ',' && c != '\n' && c != '\r')
            return pp_error_set(PP_EINVALID,
                                "%s:%zu: text after the closing quote of a "
                                "field",
                                r->name, r->line);
        return check_field(r, open_line);
    }
    while ((c = peek(s)) >= 0 && c != ',' && c != '\n' && c != '\r') {
        if (c == '"')
            return pp_error_set(PP_EINVALID,
                                "%s:%zu: a quote inside an unquoted field "
                                "(quote the whole field)",
                                r->name, r->line);
        if (r->f.len >= PP_CSV_MAX_FIELD)
            return pp_error_set(PP_ETOOBIG,
                                "%s:%zu: a field longer than %zu bytes",
                                r->name, r->line, PP_CSV_MAX_FIELD);
        if (pp_buf_putc(&r->f, (char)c) < 0)
            return pp_error_set(PP_ENOMEM, "out of memory");
        skip(s);
    }
    return check_field(r, open_line);
}

/* Append the next record to t.  Returns 1 for a record, 0 at the end of
 * the input, a negative code on error.  Blank lines are no records. */
static int read_record(struct rd *r, pp_csv *t)
{
    for (;;) {
        size_t first = t->nfield, rec_line = r->line;
        int quoted = 0, c, rc;
        if (peek(&r->s) < 0)
            return r->s.failed ? pp_error_set(PP_EIO, "%s: cannot read: %s",
                                              r->name, strerror(errno))
                               : 0;
        for (;;) {
            if ((rc = read_field(r, &quoted)) < 0)
                return rc;
            if (add_field(t, r->f.ptr ? r->f.ptr : "", r->f.len) < 0)
                return pp_error_set(PP_ENOMEM, "out of memory");
            if (t->nfield - first > PP_CSV_MAX_COLUMNS)
                return pp_error_set(PP_ETOOBIG, "%s:%zu: more than %d columns",
                                    r->name, rec_line, PP_CSV_MAX_COLUMNS);
            if (peek(&r->s) != ',')
                break;
            skip(&r->s);
            c = peek(&r->s);
            if (c >= 0 && c != '\n' && c != '\r')
                continue;
            /* "a,b," ends with one empty field */
            if (add_field(t, "", 0) < 0)
                return pp_error_set(PP_ENOMEM, "out of memory");
            break;
        }
        /* the end of a record */
        if (peek(&r->s) == '\r')
            skip(&r->s);
        if (peek(&r->s) == '\n')
            skip(&r->s);
        r->line++;
        if (t->nfield - first == 1 && !quoted &&
            !t->arena.ptr[t->field[first]]) {
            t->nfield = first; /* a blank line is no record */
            continue;
        }
        if (r->seen > PP_CSV_MAX_ROWS)
            return pp_error_set(PP_ETOOBIG, "%s:%zu: more than %d rows",
                                r->name, rec_line, PP_CSV_MAX_ROWS);
        if (add_row(t, first, rec_line) < 0)
            return pp_error_set(PP_ENOMEM, "out of memory");
        r->seen++;
        return 1;
    }
}

/* The header: the first record, every column named. */
static int read_header(struct rd *r, pp_csv *t)
{
    int rc = read_record(r, t);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return pp_error_set(PP_EINVALID, "%s: empty: no header row", r->name);
    for (size_t c = 0; c < t->row_n[0]; c++)
        if (!t->arena.ptr[t->field[c]])
            return pp_error_set(PP_EINVALID, "%s:1: column %zu has no name",
                                r->name, c + 1);
    return 0;
}

static void skip_bom(struct src *s)
{
    if (peek(s) == 0xEF && s->len - s->pos >= 3 &&
        !memcmp(s->data + s->pos, "\xEF\xBB\xBF", 3))
        s->pos += 3;
}

int pp_csv_parse(pp_csv **out, const char *data, size_t len, const char *name)
{
    pp_csv *t;
    struct rd r = {{data, len, 0, NULL, NULL, 0, 0}, name, 1, 0, PP_BUF_INIT};
    size_t bad = 0;
    int rc = 0;

    *out = NULL;
    if (len > PP_CSV_MAX_BYTES)
        return pp_error_set(PP_ETOOBIG, "%s: larger than %zu MiB", name,
                            PP_CSV_MAX_BYTES >> 20);
    if (!pp_utf8_valid(data, len, &bad))
        return pp_error_set(PP_EINVALID, "%s:%zu: invalid UTF-8", name,
                            1 + lines_before(data, bad));
    {
        /* fields are C strings: a NUL would cut one short, silently */
        const char *z = memchr(data, '\0', len);
        if (z)
            return pp_error_set(PP_EINVALID, "%s:%zu: a NUL byte", name,
                                1 + lines_before(data, (size_t)(z - data)));
    }
    if (!(t = calloc(1, sizeof *t)))
        return pp_error_set(PP_ENOMEM, "out of memory");
    skip_bom(&r.s);
    if ((rc = read_header(&r, t)) < 0)
        goto done;
    while ((rc = read_record(&r, t)) > 0)
        ;
    if (rc < 0)
        goto done;
    pp_buf_dispose(&r.f);
    *out = t;
    return 0;
done:
    pp_buf_dispose(&r.f);
    pp_csv_free(t);
    return rc;
}

/* ---- reading a record at a time ------------------------------------------ */

struct pp_csv_reader {
    struct rd r;
    pp_csv *t;          /* the header, then the current record */
    size_t head_fields; /* t's fields and arena bytes of the header */
    size_t head_bytes;
    char *name;
};

void pp_csv_reader_free(pp_csv_reader *cr)
{
    if (!cr)
        return;
    pp_csv_free(cr->t);
    pp_buf_dispose(&cr->r.f);
    free(cr->r.s.buf);
    free(cr->name);
    free(cr);
}

/* Start (again) at `pos` of the stream: the BOM skipped, the header read. */
static int reader_start(pp_csv_reader *cr, long pos)
{
    FILE *f = cr->r.s.f;
    int rc;
    pp_csv_free(cr->t);
    if (!(cr->t = calloc(1, sizeof *cr->t)))
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (pos >= 0 && fseek(f, pos, SEEK_SET) != 0)
        return pp_error_set(PP_EIO, "%s: cannot read it again: %s", cr->name,
                            strerror(errno));
    clearerr(f);
    cr->r.s.len = cr->r.s.pos = cr->r.s.read = 0;
    cr->r.s.failed = 0;
    cr->r.line = 1;
    cr->r.seen = 0;
    skip_bom(&cr->r.s);
    if ((rc = read_header(&cr->r, cr->t)) < 0)
        return rc;
    cr->head_fields = cr->t->nfield;
    cr->head_bytes = cr->t->arena.len;
    return 0;
}

int pp_csv_reader_open(pp_csv_reader **out, FILE *f, const char *name)
{
    pp_csv_reader *cr;
    struct stat st;
    long pos = -1;
    int rc;
    *out = NULL;
    if (!(cr = calloc(1, sizeof *cr)) || !(cr->r.s.buf = malloc(SRC_BUF)) ||
        !(cr->name = strdup(name))) {
        pp_csv_reader_free(cr);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    cr->r.s.f = f;
    cr->r.name = cr->name;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
        pos = ftell(f);
    if ((rc = reader_start(cr, -1)) < 0)
        goto fail;
    if (pos >= 0) {
        /* a file can be read twice: the first time only checks it */
        while ((rc = pp_csv_reader_next(cr)) > 0)
            ;
        if (rc < 0 || (rc = reader_start(cr, pos)) < 0)
            goto fail;
    }
    *out = cr;
    return 0;
fail:
    pp_csv_reader_free(cr);
    return rc;
}

int pp_csv_reader_next(pp_csv_reader *cr)
{
    /* forget the last record, keep the header */
    cr->t->nfield = cr->head_fields;
    cr->t->arena.len = cr->head_bytes;
    cr->t->nrow = 1;
    return read_record(&cr->r, cr->t);
}

const pp_csv *pp_csv_reader_table(const pp_csv_reader *cr)
{
    return cr->t;
}

const char *pp_csv_reader_name(const pp_csv_reader *cr)
{
    return cr->name;
}

size_t pp_csv_reader_rows(const pp_csv_reader *cr)
{
    return cr->r.seen ? cr->r.seen - 1 : 0;
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
