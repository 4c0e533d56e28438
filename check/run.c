/*
 * run.c - one input of a check, from its bytes to its claims in the
 * report (see run.h).
 *
 * The input is read line by line into chunks cut at blank lines outside
 * code fences, so memory stays bounded by the chunk size whatever the
 * input.  Each chunk goes through prose.c (sentences, suppression
 * comments) and the checker; each claim's byte offset in its sentence is
 * mapped back to the document (the sentence's origin table) and then to
 * a line and column, walked on from the last one found, and output.c
 * writes it unless a suppression covers its line.
 */
#include "run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "output.h"
#include "prose.h"
#include "../core/banned.h"

/* The state of one input while it is checked. */
struct run {
    pp_checker *checker;
    const pp_check_opts *opts;
    pp_check_totals *totals;
    const char *file; /* name shown */
    /* the chunk being checked */
    const char *chunk;
    size_t chunk_len, chunk_base, chunk_line;
    /* line_col's last position: offset, line, start of line, column */
    size_t lc_off, lc_line, lc_bol, lc_col;
    pp_suppress *sup;
    size_t nsup;
    /* Block suppressions still open at the end of a chunk: they go on in
     * the next chunk of the same input (owned). */
    pp_suppress *carry;
    size_t ncarry;
};

/* A warning about the input, "FILE:LINE...: warning: ..." */
static __attribute__((format(printf, 2, 3))) void warn(struct run *r,
                                                       const char *fmt, ...)
{
    pp_buf b = PP_BUF_INIT;
    va_list ap;
    if (!r->opts->warn)
        return;
    va_start(ap, fmt);
    pp_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    r->opts->warn(r->opts->arg, pp_buf_cstr(&b));
    pp_buf_dispose(&b);
}

/* ------------------------------------------------------------------ */
/* Positions and suppressions                                         */
/* ------------------------------------------------------------------ */

/* Line (1-based, from the chunk's first line) and column (1-based, in
 * characters) of chunk offset `off`. */
static void line_col(struct run *r, size_t off, size_t *line, size_t *col)
{
    size_t i = r->lc_off, l = r->lc_line, bol = r->lc_bol;
    if (off > r->chunk_len)
        off = r->chunk_len;
    /* Go on from the last position, forwards or back (the claims of a
     * sentence are not always in order); never from the chunk's start. */
    if (off < i) {
        for (; i > off; i--)
            if (r->chunk[i - 1] == '\n')
                l--;
        for (bol = off; bol > 0 && r->chunk[bol - 1] != '\n'; bol--)
            ;
        r->lc_col = 1 + pp_utf8_count(r->chunk + bol, off - bol);
    } else {
        size_t from = i;
        for (; i < off; i++)
            if (r->chunk[i] == '\n')
                l++, bol = i + 1;
        if (bol == r->lc_bol) /* the same line: count what was added */
            r->lc_col += pp_utf8_count(r->chunk + from, off - from);
        else
            r->lc_col = 1 + pp_utf8_count(r->chunk + bol, off - bol);
    }
    r->lc_off = off, r->lc_line = l, r->lc_bol = bol;
    *line = l;
    *col = r->lc_col;
}

/* Does a space-separated rule list name `rule`? */
static int names_rule(const char *rules, const char *rule)
{
    size_t n = strlen(rule);
    const char *p = rules;
    while ((p = strstr(p, rule)) != NULL) {
        if ((p == rules || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
        p += n;
    }
    return 0;
}

static int suppressed(const struct run *r, size_t line, const char *rule)
{
    for (size_t i = 0; i < r->nsup; i++) {
        const pp_suppress *s = &r->sup[i];
        size_t first = s->line + r->chunk_line - 1;
        size_t last = s->last_line == (size_t)-1
                          ? (size_t)-1
                          : s->last_line + r->chunk_line - 1;
        if (line < first || line > last)
            continue;
        if (!s->rules[0] || names_rule(s->rules, rule))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Sentences and chunks                                               */
/* ------------------------------------------------------------------ */

/* Place claim `c` of sentence `s` (its file, line and column instead of
 * its offset and length) and write it, unless a suppression covers it.
 * Returns 0 or PP_EIO. */
static int put_claim(struct run *r, const pp_sentence *s, cJSON *c)
{
    const cJSON *o = pp_json_get(c, "offset"), *n = pp_json_get(c, "length");
    size_t off = cJSON_IsNumber(o) ? (size_t)o->valuedouble : 0;
    size_t doc_off = s->origin[off < s->len ? off : s->len - 1];
    size_t line, col;
    if (!cJSON_IsNumber(o) || !cJSON_IsNumber(n) || o->valuedouble < 0 ||
        o->valuedouble + n->valuedouble > (double)s->len)
        r->totals->misplaced++;
    line_col(r, doc_off - r->chunk_base, &line, &col);
    if (suppressed(r, line, pp_json_str(c, "rule", ""))) {
        r->totals->suppressed++;
        return 0;
    }
    cJSON_DeleteItemFromObject(c, "offset");
    cJSON_DeleteItemFromObject(c, "length");
    cJSON_AddStringToObject(c, "file", r->file);
    cJSON_AddNumberToObject(c, "line", (double)line);
    cJSON_AddNumberToObject(c, "column", (double)col);
    r->totals->verdicts[ck_verdict_index(pp_json_str(c, "verdict", ""))]++;
    return ck_write_claim(r->opts, r->file, c, r->totals);
}

static int on_sentence(const pp_sentence *s, void *arg)
{
    struct run *r = arg;
    cJSON *claims = cJSON_CreateArray(), *c;
    int rc = 0;
    if (!claims)
        return pp_error_set(PP_ENOMEM, "out of memory");
    /* a new section: a new example */
    if ((s->heading && s->first) || s->after_break)
        pp_checker_begin_document(r->checker);
    pp_checker_position(r->checker, s->heading, s->first, s->item);
    if ((s->table
             ? pp_checker_row(r->checker, s->text, s->len, s->table == 1,
                              claims)
             : pp_checker_sentence(r->checker, s->text, s->len, claims)) < 0) {
        cJSON_Delete(claims);
        return PP_ENOMEM;
    }
    if (pp_checker_limited(r->checker) && s->len) {
        size_t line, col;
        line_col(r, s->origin[0] - r->chunk_base, &line, &col);
        warn(r,
             "%s:%zu:%zu: warning: a rule pattern reached its match "
             "limit here; the rule catalogue was not fully applied to "
             "this sentence",
             r->file, line, col);
    }
    cJSON_ArrayForEach(c, claims)
    {
        if (put_claim(r, s, c) < 0)
            rc = PP_EIO; /* the rest is still counted */
    }
    cJSON_Delete(claims);
    return rc;
}

/* Keep the block suppressions `sup` leaves open for the next chunk. */
static int carry_open_blocks(struct run *r)
{
    for (size_t i = 0; i < r->nsup; i++) {
        pp_suppress *c;
        if (r->sup[i].last_line != (size_t)-1)
            continue;
        c = realloc(r->carry, (r->ncarry + 1) * sizeof(*c));
        if (!c)
            return pp_error_set(PP_ENOMEM, "out of memory");
        r->carry = c;
        r->carry[r->ncarry++] = r->sup[i];
    }
    return 0;
}

static int check_chunk(struct run *r, const char *p, size_t len, size_t base,
                       size_t line)
{
    pp_prose_stats st = {0, 0};
    int rc, crc;
    r->chunk = p;
    r->chunk_len = len;
    r->chunk_base = base;
    r->chunk_line = line;
    r->lc_off = 0, r->lc_line = line, r->lc_bol = 0, r->lc_col = 1;
    /* the blocks left open by the chunk before start at its first line */
    r->sup = r->carry;
    r->nsup = r->ncarry;
    r->carry = NULL;
    r->ncarry = 0;
    for (size_t i = 0; i < r->nsup; i++)
        r->sup[i].line = 1;
    rc = pp_prose_sentences(p, len, base, r->opts->markdown, on_sentence, r,
                            &r->sup, &r->nsup, &st);
    if ((crc = carry_open_blocks(r)) < 0)
        rc = crc;
    free(r->sup);
    r->sup = NULL;
    if (st.skipped_blocks)
        warn(r,
             "%s:%zu: warning: %zu block%s longer than the prose bound "
             "not checked",
             r->file, line, st.skipped_blocks,
             st.skipped_blocks == 1 ? "" : "s");
    return rc;
}

/* ------------------------------------------------------------------ */
/* Reading lines into chunks                                          */
/* ------------------------------------------------------------------ */

/* Is this line a code fence (``` or ~~~ after up to 3 spaces)? */
static int is_fence(const char *l, size_t n)
{
    size_t i = 0;
    while (i < n && i < 3 && l[i] == ' ')
        i++;
    return i + 3 <= n && (!memcmp(l + i, "```", 3) || !memcmp(l + i, "~~~", 3));
}

static int is_blank(const char *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (l[i] != ' ' && l[i] != '\t' && l[i] != '\r' && l[i] != '\n')
            return 0;
    return 1;
}

/* A buffered line reader over a stream or a document in memory, that
 * keeps at most PP_CHECK_MAX_LINE bytes of a line, however long the line
 * is. */
struct reader {
    const pp_check_input *in;
    const char *buf; /* the bytes read and not yet taken: buf[pos..len) */
    size_t pos, len;
    int eof, mem_given;
    char store[65536]; /* what a stream is read into */
};

/* Refill rd->buf; at the end of the input rd->len stays 0.  Returns 0 or
 * PP_EIO. */
static int refill(struct reader *rd)
{
    rd->pos = 0;
    if (!rd->in->stream) {
        rd->buf = rd->in->text;
        rd->len = rd->mem_given ? 0 : rd->in->len;
        rd->mem_given = 1;
        return 0;
    }
    rd->buf = rd->store;
    rd->len = fread(rd->store, 1, sizeof(rd->store), rd->in->stream);
    if (rd->len == 0 && ferror(rd->in->stream))
        return pp_error_set(PP_EIO, "%s: %s", rd->in->name, strerror(errno));
    return 0;
}

/* Append the next line (its '\n' included) to `line`, at most
 * PP_CHECK_MAX_LINE bytes of it (*too_long when there were more); *got:
 * the bytes the line had; *nul: it holds a NUL byte.  At the end of the
 * input rd->eof is set.  Returns 0, PP_ENOMEM or PP_EIO. */
static int read_line(struct reader *rd, pp_buf *line, size_t *got,
                     int *too_long, int *nul)
{
    for (;;) {
        const char *start, *nl;
        size_t seg, keep;
        if (rd->pos == rd->len) {
            if (refill(rd) < 0)
                return PP_EIO;
            if (rd->len == 0) {
                rd->eof = 1;
                return 0;
            }
        }
        start = rd->buf + rd->pos;
        nl = memchr(start, '\n', rd->len - rd->pos);
        seg = nl ? (size_t)(nl - start) + 1 : rd->len - rd->pos;
        if (memchr(start, 0, seg))
            *nul = 1;
        keep =
            line->len < PP_CHECK_MAX_LINE ? PP_CHECK_MAX_LINE - line->len : 0;
        if (seg > keep)
            *too_long = 1;
        if (pp_buf_put(line, start, seg < keep ? seg : keep) < 0)
            return PP_ENOMEM;
        *got += seg;
        rd->pos += seg;
        if (nl)
            return 0;
    }
}

/* Where the input stands while its lines are gathered into chunks. */
struct chunker {
    pp_buf chunk, line;
    size_t offset, lineno, chunk_line, chunk_off;
    int fence, warned_nul;
    size_t longline;
};

/* Read the next line into ch->line, a skipped one (too long, or binary)
 * as a bare newline, with the warnings the input deserves.  Returns 0,
 * PP_ENOMEM or PP_EIO. */
static int next_line(struct run *r, struct reader *rd, struct chunker *ch)
{
    int too_long = 0, nul = 0, rc;
    size_t got = 0;
    pp_buf_clear(&ch->line);
    if ((rc = read_line(rd, &ch->line, &got, &too_long, &nul)) < 0)
        return rc;
    ch->offset += got;
    if (nul && !ch->warned_nul) {
        warn(r,
             "%s:%zu: warning: NUL byte: binary data is not prose; such "
             "lines are skipped",
             r->file, ch->lineno);
        ch->warned_nul = 1;
    }
    if (too_long || memchr(ch->line.ptr ? ch->line.ptr : "", 0, ch->line.len)) {
        if (too_long && !ch->longline++)
            warn(r, "%s:%zu: warning: line longer than %u bytes not checked",
                 r->file, ch->lineno, PP_CHECK_MAX_LINE);
        /* Keep the line count and offsets; drop the content. */
        pp_buf_clear(&ch->line);
        pp_buf_putc(&ch->line, '\n');
    }
    return 0;
}

/* Check one input, chunk by chunk. */
static int check_input(struct run *r, const pp_check_input *in)
{
    struct chunker ch = {PP_BUF_INIT, PP_BUF_INIT, 0, 1, 1, 0, 0, 0, 0};
    struct reader rd;
    int rc = 0;
    memset(&rd, 0, sizeof(rd));
    rd.in = in;
    while (!rd.eof && rc == 0) {
        const pp_buf *l = &ch.line;
        if ((rc = next_line(r, &rd, &ch)) < 0)
            break;
        if (l->len && is_fence(l->ptr, l->len))
            ch.fence = !ch.fence;
        if (ch.chunk.len && ((ch.chunk.len >= PP_CHECK_CHUNK && !ch.fence &&
                              is_blank(l->ptr, l->len)) ||
                             ch.chunk.len >= PP_CHECK_FORCE)) {
            rc = check_chunk(r, ch.chunk.ptr, ch.chunk.len, ch.chunk_off,
                             ch.chunk_line);
            pp_buf_clear(&ch.chunk);
            ch.chunk_line = ch.lineno;
            ch.chunk_off = ch.offset - l->len;
        }
        if (rc == 0 && l->len && pp_buf_put(&ch.chunk, l->ptr, l->len) < 0)
            rc = PP_ENOMEM;
        ch.lineno++;
    }
    if (rc == 0 && ch.chunk.len)
        rc = check_chunk(r, ch.chunk.ptr, ch.chunk.len, ch.chunk_off,
                         ch.chunk_line);
    pp_buf_dispose(&ch.chunk);
    pp_buf_dispose(&ch.line);
    return rc;
}

int pp_check_run(pp_checker *c, const pp_check_opts *opts,
                 const pp_check_input *in, pp_check_totals *totals)
{
    struct run r;
    int rc;
    memset(&r, 0, sizeof(r));
    r.checker = c;
    r.opts = opts;
    r.totals = totals;
    r.file = in->name;
    pp_checker_begin_document(c);
    rc = check_input(&r, in);
    free(r.carry); /* a block left open ends with its input */
    return rc;
}
