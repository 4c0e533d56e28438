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
#include <pthread.h>
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
    /* Checking on several threads: a worker's run collects the claims
     * and warnings of its chunk into `into` (written later, in order, by
     * the caller's thread); the caller's run keeps the warnings of the
     * lines it reads into `pending`, for the chunk they belong to. */
    struct slot *into;
    pp_buf *pending;
};

/* The ATX headings open at a point of the input, per level 1..6 its raw
 * line (at most PP_OUTLINE_TEXT - 1 bytes): what a chunk that begins a
 * section hands its checker (pp_checker_outline), so a section knows the
 * headings above it however the input was cut. */
struct outline {
    char text[7][PP_OUTLINE_TEXT];
    size_t len[7];
};

/* A chunk on its way through the workers (see "Checking on several
 * threads" below). */
struct slot {
    enum { SLOT_FREE, SLOT_QUEUED, SLOT_BUSY, SLOT_DONE } state;
    size_t seq;             /* the chunk's number in the input */
    unsigned worker;        /* the worker that checks it */
    int fresh;              /* it begins at a heading: a new section */
    struct outline outline; /* fresh: the headings open above it */
    pp_buf text;            /* owned: the chunk */
    size_t base, line;
    /* what checking it gave */
    cJSON *claims;    /* owned: placed (file, line, column), unfiltered */
    pp_buf warnings;  /* owned: lines, each ended by a NUL */
    pp_suppress *sup; /* owned: the chunk's suppressions */
    size_t nsup;
    size_t misplaced;
    int rc;
    char error[512]; /* the message of rc (set on the worker's thread) */
};

/* A warning about the input, "FILE:LINE...: warning: ..." */
static __attribute__((format(printf, 2, 3))) void warn(struct run *r,
                                                       const char *fmt, ...)
{
    pp_buf b = PP_BUF_INIT, *keep = r->into ? &r->into->warnings : r->pending;
    va_list ap;
    if (!r->opts->warn)
        return;
    va_start(ap, fmt);
    pp_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (keep) /* kept for the caller's thread, in order */
        (void)pp_buf_put(keep, pp_buf_cstr(&b), b.len + 1);
    else
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

/* Write placed claim `c` (at `line`) unless a suppression covers it.
 * Returns 0 or PP_EIO. */
static int write_placed(struct run *r, cJSON *c, size_t line)
{
    if (suppressed(r, line, pp_json_str(c, "rule", ""))) {
        r->totals->suppressed++;
        return 0;
    }
    r->totals->verdicts[ck_verdict_index(pp_json_str(c, "verdict", ""))]++;
    return ck_write_claim(r->opts, r->file, c, r->totals);
}

/* Place claim `c` of sentence `s` (its file, line and column instead of
 * its offset and length) and write it, or keep it for the caller's
 * thread.  Returns 0, PP_EIO, or PP_ENOMEM. */
static int put_claim(struct run *r, const pp_sentence *s, cJSON *c)
{
    const cJSON *o = pp_json_get(c, "offset"), *n = pp_json_get(c, "length");
    size_t off = cJSON_IsNumber(o) ? (size_t)o->valuedouble : 0;
    size_t doc_off = s->origin[off < s->len ? off : s->len - 1];
    size_t line, col;
    if (!cJSON_IsNumber(o) || !cJSON_IsNumber(n) || o->valuedouble < 0 ||
        o->valuedouble + n->valuedouble > (double)s->len) {
        if (r->into)
            r->into->misplaced++;
        else
            r->totals->misplaced++;
    }
    line_col(r, doc_off - r->chunk_base, &line, &col);
    cJSON_DeleteItemFromObject(c, "offset");
    cJSON_DeleteItemFromObject(c, "length");
    if (!cJSON_AddStringToObject(c, "file", r->file) ||
        !cJSON_AddNumberToObject(c, "line", (double)line) ||
        !cJSON_AddNumberToObject(c, "column", (double)col))
        return pp_error_set(PP_ENOMEM, "out of memory");
    return r->into ? 0 : write_placed(r, c, line);
}

/* The level (1..6) of the ATX heading with text this line is ("## 2.
 * Model", after up to 3 spaces), else 0.  A chunk that starts with one
 * starts a section: the checker forgets what came before it but the
 * outline (pp_checker_begin_document, then pp_checker_outline). */
static int atx_level(const char *l, size_t n)
{
    size_t i = 0, h = 0;
    while (i < n && i < 3 && l[i] == ' ')
        i++;
    while (i < n && l[i] == '#' && h < 7)
        i++, h++;
    if (h == 0 || h > 6 || i >= n || (l[i] != ' ' && l[i] != '\t'))
        return 0;
    while (i < n && (l[i] == ' ' || l[i] == '\t'))
        i++;
    return i < n && l[i] != '\n' && l[i] != '\r' && l[i] != '#' ? (int)h : 0;
}

/* The length of line `l` without its line ending. */
static size_t line_body(const char *l, size_t n)
{
    while (n && (l[n - 1] == '\n' || l[n - 1] == '\r'))
        n--;
    return n;
}

/* Heading line `l` of `level` opens in `o`, closing the deeper ones. */
static void outline_put(struct outline *o, int level, const char *l, size_t n)
{
    n = line_body(l, n);
    if (n > PP_OUTLINE_TEXT - 1)
        n = PP_OUTLINE_TEXT - 1; /* the checker cuts it at a character */
    memcpy(o->text[level], l, n);
    o->len[level] = n;
    for (int k = level + 1; k <= 6; k++)
        o->len[k] = 0;
}

/* Hand the headings open above a section to its checker. */
static void outline_replay(pp_checker *c, const struct outline *o)
{
    for (int k = 1; k <= 6; k++)
        if (o->len[k])
            pp_checker_outline(c, k, o->text[k], o->len[k]);
}

static int on_sentence(const pp_sentence *s, void *arg)
{
    struct run *r = arg;
    cJSON *claims = cJSON_CreateArray(), *c;
    int rc = 0;
    if (!claims)
        return pp_error_set(PP_ENOMEM, "out of memory");
    /* a new section: a new example, under the headings above it */
    if ((s->heading && s->first) || s->after_break)
        pp_checker_begin_section(r->checker);
    pp_checker_position(r->checker, s->heading, s->first, s->item);
    if (s->heading && s->first && s->origin[0] >= r->chunk_base &&
        s->origin[0] - r->chunk_base <= r->chunk_len) {
        /* the heading's raw line: an ATX heading enters the outline */
        size_t at = s->origin[0] - r->chunk_base, bol = at, eol = at;
        int level;
        while (bol && r->chunk[bol - 1] != '\n')
            bol--;
        while (eol < r->chunk_len && r->chunk[eol] != '\n')
            eol++;
        if ((level = atx_level(r->chunk + bol, eol - bol)) > 0)
            pp_checker_outline(r->checker, level, r->chunk + bol,
                               line_body(r->chunk + bol, eol - bol));
    }
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
        int prc = put_claim(r, s, c);
        if (prc == PP_ENOMEM) {
            cJSON_Delete(claims);
            return prc;
        }
        if (prc < 0)
            rc = PP_EIO; /* the rest is still counted */
    }
    if (r->into) /* the worker keeps them for the caller's thread */
        while ((c = claims->child) != NULL)
            cJSON_AddItemToArray(r->into->claims,
                                 cJSON_DetachItemViaPointer(claims, c));
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
    if (r->into) { /* the caller's thread applies them, in order */
        r->into->sup = r->sup;
        r->into->nsup = r->nsup;
    } else {
        if ((crc = carry_open_blocks(r)) < 0)
            rc = crc;
        free(r->sup);
    }
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
    size_t chunk_seq;     /* chunks taken so far */
    int fresh;            /* the chunk gathered begins a section */
    struct outline cur;   /* the headings open after the last line read */
    struct outline start; /* ... before the chunk gathered */
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

/* ------------------------------------------------------------------ */
/* Checking on several threads                                        */
/* ------------------------------------------------------------------ */

/* The caller's thread reads the chunks and hands each to a worker; a
 * chunk that begins a section goes to the next worker in turn, one that
 * continues a section to the worker of the chunk before (its checker
 * holds the section's context), so each worker checks its chunks in
 * input order and the claims are those of one thread.  The caller's
 * thread writes the chunks' claims in input order, applying the
 * suppressions (a block left open in one chunk goes on into the next)
 * and counting, as the streaming path does.  Worker 0 checks with the
 * caller's checker, the others with clones. */
struct pool {
    struct run *main;
    unsigned n;
    struct worker {
        struct pool *pool;
        unsigned id;
        pthread_t thread;
        int started;
        pp_checker *checker; /* owned, but worker 0's: the caller's */
        struct run r;
    } * w;              /* owned, n of them */
    struct slot *slots; /* owned, nslots of them */
    unsigned nslots;
    size_t next_seq;      /* the number of the next chunk handed out */
    size_t next_out;      /* the number of the next chunk to write */
    unsigned last_worker; /* the worker of the last chunk handed out */
    int stop;             /* workers: leave */
    int failed;           /* an error: check nothing more */
    pthread_mutex_t mu;
    pthread_cond_t work; /* a chunk was queued, or stop */
    pthread_cond_t done; /* a chunk was checked */
};

static void slot_reset(struct slot *s)
{
    cJSON_Delete(s->claims);
    s->claims = NULL;
    pp_buf_clear(&s->text);
    pp_buf_clear(&s->warnings);
    free(s->sup);
    s->sup = NULL;
    s->nsup = s->misplaced = 0;
    s->rc = 0;
    s->error[0] = 0;
    s->state = SLOT_FREE;
}

/* The queued chunk worker `w` checks next: its lowest number. */
static struct slot *next_for(struct pool *p, unsigned w)
{
    struct slot *best = NULL;
    for (unsigned i = 0; i < p->nslots; i++) {
        struct slot *s = &p->slots[i];
        if (s->state == SLOT_QUEUED && s->worker == w &&
            (!best || s->seq < best->seq))
            best = s;
    }
    return best;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct pool *p = w->pool;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        struct slot *s;
        while (!p->stop && !(s = next_for(p, w->id)))
            pthread_cond_wait(&p->work, &p->mu);
        if (p->stop)
            break;
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->mu);
        if (!(s->claims = cJSON_CreateArray())) {
            s->rc = pp_error_set(PP_ENOMEM, "out of memory");
        } else {
            if (s->fresh) {
                pp_checker_begin_document(w->checker);
                outline_replay(w->checker, &s->outline);
            }
            w->r.into = s;
            s->rc =
                check_chunk(&w->r, s->text.ptr, s->text.len, s->base, s->line);
            w->r.into = NULL;
        }
        if (s->rc < 0)
            snprintf(s->error, sizeof(s->error), "%s", pp_error_last());
        pthread_mutex_lock(&p->mu);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* Start `n` workers over the caller's run `r`.  Returns 0, PP_ENOMEM, or
 * PP_ERROR (a thread could not be started). */
static int pool_start(struct pool *p, struct run *r, unsigned n)
{
    memset(p, 0, sizeof(*p));
    p->main = r;
    p->n = n;
    p->nslots = 2 * n;
    p->last_worker = n - 1;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    if (!(p->w = calloc(n, sizeof(*p->w))) ||
        !(p->slots = calloc(p->nslots, sizeof(*p->slots))))
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (unsigned i = 0; i < n; i++) {
        struct worker *w = &p->w[i];
        int rc;
        w->pool = p;
        w->id = i;
        if (i == 0)
            w->checker = r->checker;
        else if ((rc = pp_checker_clone(r->checker, &w->checker)) < 0)
            return rc;
        w->r.checker = w->checker;
        w->r.opts = r->opts;
        w->r.totals = NULL; /* the caller's thread counts */
        w->r.file = r->file;
        if ((rc = pthread_create(&w->thread, NULL, worker_main, w)) != 0)
            return pp_error_set(PP_ERROR, "cannot start a thread: %s",
                                strerror(rc));
        w->started = 1;
    }
    return 0;
}

/* Write the claims and warnings of checked chunk `s` (the next in input
 * order), with the suppressions it and the chunks before it left.
 * Returns 0, or the chunk's error, PP_EIO or PP_ENOMEM. */
static int pool_write(struct pool *p, struct slot *s)
{
    struct run *r = p->main;
    pp_suppress *sup;
    const cJSON *c;
    int rc = s->rc;
    for (size_t i = 0; i < s->warnings.len;) {
        const char *line = s->warnings.ptr + i;
        r->opts->warn(r->opts->arg, line);
        i += strlen(line) + 1;
    }
    if (rc < 0) /* the thread's message, on this thread */
        return pp_error_set(rc, "%s", s->error);
    /* the blocks left open before, from the chunk's first line, then the
     * chunk's own; an enable that found none open closes the last one
     * carried */
    sup = realloc(r->carry, (r->ncarry + s->nsup + 1) * sizeof(*sup));
    if (!sup)
        return pp_error_set(PP_ENOMEM, "out of memory");
    r->sup = sup;
    r->nsup = r->ncarry;
    r->carry = NULL;
    r->ncarry = 0;
    for (size_t i = 0; i < r->nsup; i++)
        r->sup[i].line = 1;
    for (size_t i = 0; i < s->nsup; i++) {
        if (s->sup[i].closes) {
            for (size_t k = r->nsup; k-- > 0;)
                if (r->sup[k].last_line == (size_t)-1) {
                    r->sup[k].last_line = s->sup[i].line;
                    break;
                }
            continue;
        }
        r->sup[r->nsup++] = s->sup[i];
    }
    r->chunk_line = s->line;
    r->totals->misplaced += s->misplaced;
    cJSON_ArrayForEach(c, s->claims)
    {
        const cJSON *line = pp_json_get(c, "line");
        if (write_placed(r, (cJSON *)c,
                         cJSON_IsNumber(line) ? (size_t)line->valuedouble : 0) <
            0)
            rc = PP_EIO; /* the rest is still counted */
    }
    if (carry_open_blocks(r) < 0)
        rc = PP_ENOMEM;
    free(r->sup);
    r->sup = NULL;
    r->nsup = 0;
    return rc;
}

/* Write every checked chunk that is next in order; with `wait`, wait for
 * each one still out.  Returns 0 or the first error. */
static int pool_flush(struct pool *p, int wait)
{
    int rc = 0;
    for (;;) {
        struct slot *next = NULL;
        for (unsigned i = 0; i < p->nslots && !next; i++)
            if (p->slots[i].state != SLOT_FREE &&
                p->slots[i].seq == p->next_out)
                next = &p->slots[i];
        if (!next)
            return rc; /* nothing out */
        if (next->state != SLOT_DONE) {
            if (!wait)
                return rc;
            pthread_cond_wait(&p->done, &p->mu);
            continue;
        }
        pthread_mutex_unlock(&p->mu);
        if (!p->failed) {
            int wrc = pool_write(p, next);
            if (wrc < 0) {
                rc = rc ? rc : wrc;
                p->failed = 1;
            }
        }
        pthread_mutex_lock(&p->mu);
        slot_reset(next);
        p->next_out++;
    }
}

/* Hand the chunk in `text` (taken: *text is left empty) to a worker,
 * waiting for room.  Returns 0 or the first error a chunk written meanwhile
 * gave. */
static int pool_submit(struct pool *p, pp_buf *text, size_t base, size_t line,
                       int fresh, const struct outline *outline,
                       pp_buf *pending)
{
    struct slot *s = NULL;
    pp_buf swap;
    int rc = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        int frc = pool_flush(p, 0);
        rc = rc ? rc : frc;
        for (unsigned i = 0; i < p->nslots && !s; i++)
            if (p->slots[i].state == SLOT_FREE)
                s = &p->slots[i];
        if (s || rc)
            break;
        pthread_cond_wait(&p->done, &p->mu);
    }
    if (s && !rc) {
        swap = s->text, s->text = *text, *text = swap;
        pp_buf_clear(text);
        /* the warnings of the lines read for it come first */
        swap = s->warnings, s->warnings = *pending, *pending = swap;
        pp_buf_clear(pending);
        s->seq = p->next_seq++;
        s->base = base;
        s->line = line;
        s->fresh = fresh;
        if (fresh) {
            s->outline = *outline;
            p->last_worker = (p->last_worker + 1) % p->n;
        }
        s->worker = p->last_worker;
        s->state = SLOT_QUEUED;
        pthread_cond_broadcast(&p->work);
    }
    pthread_mutex_unlock(&p->mu);
    return rc;
}

/* Write what is still out, stop the workers and free the pool.  Returns
 * 0 or the first error. */
static int pool_finish(struct pool *p)
{
    int rc = 0;
    if (p->slots) {
        pthread_mutex_lock(&p->mu);
        rc = pool_flush(p, 1);
        p->stop = 1;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->mu);
    }
    for (unsigned i = 0; p->w && i < p->n; i++) {
        if (p->w[i].started)
            pthread_join(p->w[i].thread, NULL);
        if (i > 0)
            pp_checker_free(p->w[i].checker);
    }
    for (unsigned i = 0; p->slots && i < p->nslots; i++) {
        slot_reset(&p->slots[i]);
        pp_buf_dispose(&p->slots[i].text);
        pp_buf_dispose(&p->slots[i].warnings);
    }
    free(p->slots);
    free(p->w);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->mu);
    return rc;
}

/* ------------------------------------------------------------------ */
/* One input                                                          */
/* ------------------------------------------------------------------ */

/* Check the chunk gathered in ch->chunk: on this thread, or on the
 * workers once the input has a second chunk. */
static int take_chunk(struct run *r, struct chunker *ch, struct pool *p,
                      int *pooled, pp_buf *pending)
{
    int rc;
    if (!*pooled && r->opts->threads > 1 && ch->chunk_seq > 0) {
        /* a second chunk: the input is worth the threads */
        unsigned n = r->opts->threads > PP_CHECK_MAX_THREADS
                         ? PP_CHECK_MAX_THREADS
                         : r->opts->threads;
        *pooled = 1;
        if ((rc = pool_start(p, r, n)) < 0)
            return rc;
        r->pending = pending;
        /* the first chunk was checked here, with worker 0's checker */
        p->next_seq = p->next_out = 1;
        p->last_worker = 0;
    }
    if (*pooled)
        rc = pool_submit(p, &ch->chunk, ch->chunk_off, ch->chunk_line,
                         ch->fresh, &ch->start, pending);
    else {
        if (ch->fresh && ch->chunk_seq > 0) {
            pp_checker_begin_document(r->checker);
            outline_replay(r->checker, &ch->start);
        }
        rc = check_chunk(r, ch->chunk.ptr, ch->chunk.len, ch->chunk_off,
                         ch->chunk_line);
    }
    pp_buf_clear(&ch->chunk);
    ch->chunk_seq++;
    return rc;
}

/* Check one input, chunk by chunk. */
static int check_input(struct run *r, const pp_check_input *in)
{
    struct chunker ch;
    struct reader rd;
    struct pool pool;
    pp_buf pending = PP_BUF_INIT;
    size_t cut = r->opts->chunk ? r->opts->chunk : PP_CHECK_CHUNK;
    int rc = 0, pooled = 0, prc;
    memset(&ch, 0, sizeof(ch));
    ch.lineno = ch.chunk_line = 1;
    ch.fresh = 1;
    memset(&rd, 0, sizeof(rd));
    memset(&pool, 0, sizeof(pool));
    rd.in = in;
    while (!rd.eof && rc == 0) {
        const pp_buf *l = &ch.line;
        int blank, heading;
        if ((rc = next_line(r, &rd, &ch)) < 0)
            break;
        blank = is_blank(l->ptr, l->len);
        heading = ch.fence ? 0 : atx_level(l->ptr, l->len);
        if (l->len && is_fence(l->ptr, l->len))
            ch.fence = !ch.fence;
        /* a section's start, else a blank line past twice the size, else
         * anything past the bound */
        if (ch.chunk.len && ((ch.chunk.len >= cut && heading) ||
                             (ch.chunk.len >= 2 * cut && !ch.fence && blank) ||
                             ch.chunk.len >= PP_CHECK_FORCE)) {
            rc = take_chunk(r, &ch, &pool, &pooled, &pending);
            ch.chunk_line = ch.lineno;
            ch.chunk_off = ch.offset - l->len;
            ch.fresh = heading > 0;
            ch.start = ch.cur;
        }
        if (heading)
            outline_put(&ch.cur, heading, l->ptr, l->len);
        if (rc == 0 && l->len && pp_buf_put(&ch.chunk, l->ptr, l->len) < 0)
            rc = PP_ENOMEM;
        ch.lineno++;
    }
    if (rc == 0 && ch.chunk.len)
        rc = take_chunk(r, &ch, &pool, &pooled, &pending);
    if (pooled && (prc = pool_finish(&pool)) < 0 && rc == 0)
        rc = prc;
    r->pending = NULL;
    pp_buf_dispose(&pending);
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
