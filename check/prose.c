/*
 * prose.c - prose extraction and sentence splitting (see prose.h).
 */
#define _GNU_SOURCE /* memmem */
#include "prose.h"

#include <ctype.h>
#include <md4c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/banned.h"

/* Bound of one block's prose: a longer paragraph is not read as claims. */
#define MAX_BLOCK 65536

struct segbuf {
    pp_buf text;
    size_t *origin;
    size_t cap;
    int math_only;
    int table;   /* a table row: 1 header, 2 body (pp_sentence.table) */
    int heading; /* the block is a heading */
};

struct walker {
    const char *doc;
    size_t len, base;
    pp_sentence_fn fn;
    void *arg;
    int rc;
    struct segbuf cur;
    int code, html, in_link, link_is_url, math;
    int span_code; /* inside `inline code` */
    int del;       /* inside ~~struck-out text~~: retracted, not prose */
    /* "6*70B*2T", "C = 6*N*D": an emphasis opened inside a word is an
     * operator the author wrote; its stars are put back (em_open: the
     * next text checks for one; em_stars: stars to put back when the
     * emphasis closes; last_end: where the last text ended) */
    int em_open, em_stars[8], em_depth;
    size_t last_end;
    int in_head, in_row, cells; /* tables: THEAD, TR, cells so far */
    /* The current link's target, copied: md4c may build it in a
     * scratch buffer that is freed when enter_span returns. */
    pp_buf href;
    pp_suppress **sup;
    size_t *nsup, supcap;
    pp_prose_stats *stats;
    int overflow;
    int first;       /* the next sentence is the first of its block */
    int after_break; /* a thematic break came since the last sentence */
    int items;       /* depth of list items */
};

static size_t line_of(const char *doc, size_t off)
{
    size_t l = 1;
    for (size_t i = 0; i < off; i++)
        if (doc[i] == '\n')
            l++;
    return l;
}

static int seg_add(struct walker *w, const char *p, size_t n, size_t origin)
{
    struct segbuf *b = &w->cur;
    if (b->text.len + n > MAX_BLOCK) {
        w->overflow = 1;
        return 0;
    }
    if (b->text.len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        size_t *o;
        while (cap < b->text.len + n + 1)
            cap *= 2;
        o = realloc(b->origin, cap * sizeof(*o));
        if (!o)
            return pp_error_set(PP_ENOMEM, "out of memory");
        b->origin = o;
        b->cap = cap;
    }
    for (size_t i = 0; i < n; i++)
        b->origin[b->text.len + i] = origin + i;
    return pp_buf_put(&b->text, p, n);
}

/* Does the full stop at byte i of s end an abbreviation that does not
 * end a sentence: "e.g.", "i.e.", "vs.", "cf.", and a Russian magnitude
 * ("180 тыс. GPU-часов", "671 млрд. параметров") unless a capital Cyrillic
 * letter opens what follows? */
static int abbreviation(const char *s, size_t n, size_t i)
{
    static const char *const always[] = {
        "e.g", "i.e", "vs", "cf", "approx", "\xD1\x82.\xD0\xB5", /* т.е */
        NULL};
    static const char *const magnitudes[] = {
        "\xD1\x82\xD1\x8B\xD1\x81",         /* тыс */
        "\xD0\xBC\xD0\xBB\xD0\xBD",         /* млн */
        "\xD0\xBC\xD0\xBB\xD1\x80\xD0\xB4", /* млрд */
        "\xD1\x82\xD1\x80\xD0\xBB\xD0\xBD", /* трлн */
        NULL};
    size_t k = i + 1;
    while (k < n && s[k] == ' ')
        k++;
    for (int pass = 0; pass < 2; pass++)
        for (const char *const *w = pass ? magnitudes : always; *w; w++) {
            size_t len = strlen(*w);
            unsigned char before;
            if (len > i || strncasecmp(s + i - len, *w, len) != 0)
                continue;
            before = i > len ? (unsigned char)s[i - len - 1] : ' ';
            if (isalnum(before) || before >= 0x80)
                continue; /* the end of a longer word */
            if (!pass)
                return 1;
            /* А-Я, Ё: a capital opens a new sentence */
            return !(k + 1 < n && (((unsigned char)s[k] == 0xD0 &&
                                    (unsigned char)s[k + 1] >= 0x90 &&
                                    (unsigned char)s[k + 1] <= 0xAF) ||
                                   ((unsigned char)s[k] == 0xD0 &&
                                    (unsigned char)s[k + 1] == 0x81)));
        }
    return 0;
}

/* End of a sentence at byte i of s? (., !, ? followed by space or end;
 * the CJK 。！？ anywhere; a line break next to a table pipe or before a
 * list dash; ; and : are not ends). */
static size_t sentence_end(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c == '\n') {
        /* A soft line break ends a sentence between rows of a table or
         * items of a list that the parser saw as one paragraph. */
        size_t k = i;
        while (k > 0 && s[k - 1] == ' ')
            k--;
        if ((k > 0 && s[k - 1] == '|') || (i + 1 < n && s[i + 1] == '|') ||
            (i + 2 < n && s[i + 1] == '-' && s[i + 2] == ' '))
            return i + 1;
        return 0;
    }
    if (c == '.' || c == '!' || c == '?') {
        if (c == '.' && i + 1 < n && abbreviation(s, n, i))
            return 0;
        if (i + 1 >= n || s[i + 1] == ' ' || s[i + 1] == '\n')
            return i + 1;
        return 0;
    }
    if (c == 0xE3 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
        (unsigned char)s[i + 2] == 0x82) /* 。 */
        return i + 3;
    if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xBC &&
        ((unsigned char)s[i + 2] == 0x81 || (unsigned char)s[i + 2] == 0x9F))
        return i + 3; /* ！ ？ */
    return 0;
}

/* Is every line of the block a row of tab-separated cells (two tabs or
 * more), and are there two lines at least: a table typed with tabs. */
static int tab_table(const struct segbuf *b)
{
    size_t lines = 0, tabs = 0;
    for (size_t i = 0; i <= b->text.len; i++) {
        if (i == b->text.len || b->text.ptr[i] == '\n') {
            if (tabs < 2)
                return 0;
            lines++;
            tabs = 0;
        } else if (b->text.ptr[i] == '\t') {
            tabs++;
        }
    }
    return lines >= 2;
}

/* Is every line of the block a pipe-table line ("| a | b |", a delimiter
 * row or a stray "|"), with two rows of cells at least: a table the
 * Markdown parser did not take for one (its delimiter row misplaced). */
static int pipe_table(const struct segbuf *b)
{
    size_t rows = 0, pipes = 0, first = 1;
    for (size_t i = 0; i <= b->text.len; i++) {
        char ch = i < b->text.len ? b->text.ptr[i] : '\n';
        if (ch == '\n') {
            if (pipes >= 3)
                rows++;
            if (first == 1 && pipes == 0)
                return 0; /* a line of prose */
            pipes = 0;
            first = 1;
        } else if (ch == '|') {
            pipes++;
            first = 0;
        } else if (first == 1 && ch != ' ') {
            return 0; /* a line that does not start with a pipe */
        }
    }
    return rows >= 2;
}

static int emit_sentence(struct walker *w, size_t start, size_t end);

/* Emit the rows of a table typed in one block, line by line, cells
 * separated by tabs (pipes become tabs); delimiter rows and lines with
 * fewer than three pipes are skipped. */
static void emit_rows(struct walker *w, int pipes)
{
    struct segbuf *b = &w->cur;
    size_t start = 0, rows = 0;
    b->heading = 0; /* a table underlined by "---" is no heading */
    for (size_t i = 0; i <= b->text.len && w->rc == 0; i++) {
        size_t cells = 0;
        int delim = 1;
        if (i < b->text.len && b->text.ptr[i] != '\n')
            continue;
        for (size_t k = start; k < i; k++) {
            char ch = b->text.ptr[k];
            cells += ch == (pipes ? '|' : '\t');
            if (!strchr("|-: \t", ch))
                delim = 0;
        }
        if (!pipes || (cells >= 3 && !delim)) {
            if (pipes)
                for (size_t k = start; k < i; k++)
                    if (b->text.ptr[k] == '|')
                        b->text.ptr[k] = '\t';
            b->table = rows++ ? 2 : 1;
            emit_sentence(w, start, i);
        }
        start = i + 1;
    }
}

static int flush(struct walker *w)
{
    struct segbuf *b = &w->cur;
    size_t start = 0, i;
    if (w->overflow) {
        w->stats->skipped_blocks++;
        w->overflow = 0;
        pp_buf_clear(&b->text);
        return 0;
    }
    w->first = 1;
    if (!b->table && b->text.len && (tab_table(b) || pipe_table(b))) {
        /* one row per line, the first the header */
        emit_rows(w, !tab_table(b));
        pp_buf_clear(&b->text);
        b->math_only = 1;
        b->table = 0;
        b->heading = 0;
        return w->rc;
    }
    for (i = 0; i <= b->text.len && w->rc == 0; i++) {
        /* a table row is one sentence: its cells are read together */
        size_t end = i < b->text.len && !b->table
                         ? sentence_end(b->text.ptr, b->text.len, i)
                     : i < b->text.len ? 0
                                       : b->text.len;
        if (!end && i < b->text.len)
            continue;
        if (end > start)
            emit_sentence(w, start, end);
        start = end;
        if (end > i)
            i = end - 1;
    }
    pp_buf_clear(&b->text);
    b->math_only = 1;
    b->table = 0;
    b->heading = 0;
    return w->rc;
}

/* Hand bytes [start, end) of the block to the callback as a sentence
 * (leading spaces and line breaks trimmed). */
static int emit_sentence(struct walker *w, size_t start, size_t end)
{
    struct segbuf *b = &w->cur;
    pp_sentence s;
    char saved;
    while (start < end &&
           (b->text.ptr[start] == ' ' || b->text.ptr[start] == '\n'))
        start++;
    if (end <= start)
        return w->rc;
    saved = b->text.ptr[end];
    b->text.ptr[end] = '\0';
    s.text = b->text.ptr + start;
    s.len = end - start;
    s.origin = b->origin + start;
    s.in_math = b->math_only;
    s.table = b->table;
    s.heading = b->heading;
    s.first = w->first;
    s.after_break = w->after_break;
    s.item = w->items > 0 || b->table;
    w->first = w->after_break = 0;
    w->stats->sentences++;
    w->rc = w->fn(&s, w->arg);
    b->text.ptr[end] = saved;
    return w->rc;
}

static void directive(struct walker *w, const char *p, size_t n)
{
    static const char next[] = "passport-disable-next-line";
    static const char dis[] = "passport-disable";
    static const char en[] = "passport-enable";
    const char *q = p, *e = p + n;
    size_t line;
    pp_suppress s;
    int kind = 0;
    if (p < w->doc || p >= w->doc + w->len)
        return; /* text the parser made up (a line break), not the input */
    while (q < e && (*q == '<' || *q == '!' || *q == '-' || *q == ' '))
        q++;
    if ((size_t)(e - q) >= sizeof(next) - 1 &&
        !strncmp(q, next, sizeof(next) - 1))
        kind = 1, q += sizeof(next) - 1;
    else if ((size_t)(e - q) >= sizeof(en) - 1 &&
             !strncmp(q, en, sizeof(en) - 1))
        kind = 3, q += sizeof(en) - 1;
    else if ((size_t)(e - q) >= sizeof(dis) - 1 &&
             !strncmp(q, dis, sizeof(dis) - 1))
        kind = 2, q += sizeof(dis) - 1;
    if (!kind)
        return;
    line = line_of(w->doc, (size_t)(p - w->doc));
    memset(&s, 0, sizeof(s));
    {
        size_t k = 0;
        while (q < e && k + 1 < sizeof(s.rules) &&
               !(q[0] == '-' && q + 1 < e && q[1] == '-'))
            s.rules[k++] = *q++;
        while (k && s.rules[k - 1] == ' ')
            k--;
        s.rules[k] = '\0';
        memmove(s.rules, s.rules + strspn(s.rules, " "),
                strlen(s.rules + strspn(s.rules, " ")) + 1);
    }
    /* Lines are counted in the chunk; the caller adds its base line. */
    if (kind == 1) {
        s.line = s.last_line = line + 1;
    } else if (kind == 2) {
        s.line = line;
        s.last_line = (size_t)-1;
    } else {
        /* passport-enable closes the last open block */
        for (size_t i = *w->nsup; i-- > 0;)
            if ((*w->sup)[i].last_line == (size_t)-1) {
                (*w->sup)[i].last_line = line;
                return;
            }
        s.line = line;
        s.last_line = 0;
        s.closes = 1;
    }
    if (*w->nsup == w->supcap) {
        size_t cap = w->supcap ? w->supcap * 2 : 8;
        pp_suppress *a = realloc(*w->sup, cap * sizeof(*a));
        if (!a)
            return;
        *w->sup = a;
        w->supcap = cap;
    }
    (*w->sup)[(*w->nsup)++] = s;
}

static int enter_block(MD_BLOCKTYPE t, void *detail, void *u)
{
    struct walker *w = u;
    (void)detail;
    if (t == MD_BLOCK_HR)
        w->after_break = 1;
    if (t == MD_BLOCK_CODE)
        w->code++;
    if (t == MD_BLOCK_HTML)
        w->html++;
    if (t == MD_BLOCK_THEAD)
        w->in_head++;
    if (t == MD_BLOCK_TR) {
        flush(w);
        w->in_row = 1;
        w->cells = 0;
        w->cur.table = w->in_head ? 1 : 2;
    }
    if ((t == MD_BLOCK_TD || t == MD_BLOCK_TH) && w->in_row) {
        /* cells of a row are separated by a tab */
        if (w->cells++ && w->rc == 0) {
            size_t o =
                w->cur.text.len ? w->cur.origin[w->cur.text.len - 1] + 1 : 0;
            if (seg_add(w, "\t", 1, o) < 0)
                w->rc = PP_ENOMEM;
        }
        w->cur.table = w->in_head ? 1 : 2;
        return w->rc;
    }
    if (t == MD_BLOCK_P || t == MD_BLOCK_H || t == MD_BLOCK_LI ||
        t == MD_BLOCK_TD || t == MD_BLOCK_TH)
        flush(w);
    if (t == MD_BLOCK_H)
        w->cur.heading = 1;
    if (t == MD_BLOCK_LI)
        w->items++;
    return w->rc;
}

static int leave_block(MD_BLOCKTYPE t, void *detail, void *u)
{
    struct walker *w = u;
    (void)detail;
    if (t == MD_BLOCK_CODE)
        w->code--;
    if (t == MD_BLOCK_HTML)
        w->html--;
    if (t == MD_BLOCK_LI && w->items > 0) {
        flush(w); /* its text is the item's, not the next block's */
        w->items--;
    }
    if (t == MD_BLOCK_THEAD)
        w->in_head--;
    if (t == MD_BLOCK_TR) {
        w->cur.table = w->in_head ? 1 : 2;
        flush(w);
        w->in_row = 0;
        return w->rc;
    }
    if ((t == MD_BLOCK_TD || t == MD_BLOCK_TH) && w->in_row)
        return w->rc; /* the row ends the sentence */
    if (t == MD_BLOCK_P || t == MD_BLOCK_H || t == MD_BLOCK_LI ||
        t == MD_BLOCK_TD || t == MD_BLOCK_TH || t == MD_BLOCK_QUOTE)
        flush(w);
    return w->rc;
}

static int enter_span(MD_SPANTYPE t, void *detail, void *u)
{
    struct walker *w = u;
    if (t == MD_SPAN_CODE)
        w->span_code++;
    if (t == MD_SPAN_DEL)
        w->del++;
    if ((t == MD_SPAN_EM || t == MD_SPAN_STRONG) && w->em_depth < 8) {
        w->em_stars[w->em_depth++] = 0;
        w->em_open = t == MD_SPAN_EM ? 1 : 2;
    }
    if (t == MD_SPAN_LATEXMATH || t == MD_SPAN_LATEXMATH_DISPLAY)
        w->math++;
    if (t == MD_SPAN_A) {
        MD_SPAN_A_DETAIL *d = detail;
        w->in_link++;
        pp_buf_clear(&w->href);
        if (pp_buf_put(&w->href, d->href.text, d->href.size) < 0)
            return w->rc = pp_error_set(PP_ENOMEM, "out of memory");
    }
    return 0;
}

static int leave_span(MD_SPANTYPE t, void *detail, void *u)
{
    struct walker *w = u;
    (void)detail;
    if (t == MD_SPAN_CODE)
        w->span_code--;
    if (t == MD_SPAN_DEL && w->del > 0)
        w->del--;
    if ((t == MD_SPAN_EM || t == MD_SPAN_STRONG) && w->em_depth > 0) {
        int n = w->em_stars[--w->em_depth];
        w->em_open = 0;
        if (n && w->last_end + (size_t)n <= w->len &&
            seg_add(w, "**", (size_t)n, w->base + w->last_end) < 0)
            w->rc = PP_ENOMEM;
    }
    if (t == MD_SPAN_LATEXMATH || t == MD_SPAN_LATEXMATH_DISPLAY)
        w->math--;
    if (t == MD_SPAN_A)
        w->in_link--;
    return 0;
}

/* Is inline code `p` (n bytes) a name -- one word of letters, digits and
 * `._/-`, as READMEs write a checkpoint (`deepseek-llm-67b-base`,
 * `deepseek-ai/DeepSeek-V3`) or a term (`MetaP`)?  Code with spaces,
 * operators or brackets is not prose. */
static int code_name(const MD_CHAR *p, MD_SIZE n)
{
    if (n == 0 || n > 80)
        return 0;
    for (MD_SIZE i = 0; i < n; i++)
        if (!isalnum((unsigned char)p[i]) && !strchr("._/-", p[i]))
            return 0;
    return 1;
}

static int text_cb(MD_TEXTTYPE t, const MD_CHAR *p, MD_SIZE n, void *u)
{
    struct walker *w = u;
    size_t off;
    if (t == MD_TEXT_HTML || w->html) {
        directive(w, p, n);
        return 0;
    }
    if (w->code || (t == MD_TEXT_CODE && !(w->span_code && code_name(p, n))))
        return 0;
    if (w->del)
        return 0; /* "~~DeepSeek-V3 has 37B total parameters.~~": struck out */
    /* An autolink's text is its target: a URL is not prose. */
    if (w->in_link && n <= w->href.len + 8 &&
        ((w->href.len && memmem(w->href.ptr, w->href.len, p, n) != NULL) ||
         memmem(p, n, "://", 3) != NULL || memmem(p, n, "www.", 4) != NULL))
        return 0;
    if (t == MD_TEXT_SOFTBR || t == MD_TEXT_BR) {
        const char *sp = "\n";
        size_t o = w->cur.text.len ? w->cur.origin[w->cur.text.len - 1] + 1 : 0;
        return seg_add(w, sp, 1, o);
    }
    if (p < w->doc || p >= w->doc + w->len)
        return 0; /* entities resolved elsewhere carry no offsets */
    off = (size_t)(p - w->doc);
    if (!w->math)
        w->cur.math_only = 0;
    if (w->em_open) {
        /* an emphasis whose opening stars stand right after a letter or
         * a digit and right before this text: "6*70B*2T" */
        size_t k = (size_t)w->em_open;
        w->em_open = 0;
        if (off > k && isalnum((unsigned char)w->doc[off - k - 1]) &&
            !memcmp(w->doc + off - k, "**", k) && w->em_depth > 0) {
            w->em_stars[w->em_depth - 1] = (int)k;
            if (seg_add(w, "**", k, w->base + off - k) < 0)
                return w->rc = PP_ENOMEM;
        }
    }
    w->last_end = off + n;
    return seg_add(w, p, n, w->base + off);
}

static int plain_text(struct walker *w)
{
    size_t i = 0;
    int rows = 0; /* table rows in a row: the first is the header */
    /* Plain text: paragraphs are separated by blank lines; single
     * newlines are spaces; a line with two tabs or more is a table row. */
    while (i < w->len && w->rc == 0) {
        size_t j = i, tabs = 0;
        while (j < w->len && w->doc[j] != '\n')
            tabs += w->doc[j++] == '\t';
        if (tabs >= 2) {
            flush(w);
            w->cur.math_only = 0;
            if (seg_add(w, w->doc + i, j - i, w->base + i) < 0)
                return PP_ENOMEM;
            w->cur.table = rows++ ? 2 : 1;
            flush(w);
            i = j + 1;
            continue;
        }
        rows = 0;
        if (j == i) {
            flush(w);
        } else {
            w->cur.math_only = 0;
            if (seg_add(w, w->doc + i, j - i, w->base + i) < 0)
                return PP_ENOMEM;
            if (j < w->len)
                seg_add(w, " ", 1, w->base + j);
        }
        i = j + 1;
    }
    return flush(w);
}

int pp_prose_sentences(const char *doc, size_t len, size_t base, int markdown,
                       pp_sentence_fn fn, void *arg, pp_suppress **sup,
                       size_t *nsup, pp_prose_stats *stats)
{
    struct walker w;
    int rc;
    memset(&w, 0, sizeof(w));
    w.doc = doc;
    w.len = len;
    w.base = base;
    w.fn = fn;
    w.arg = arg;
    w.sup = sup;
    w.nsup = nsup;
    w.supcap = *nsup;
    w.stats = stats;
    w.cur.math_only = 1;
    if (!markdown) {
        rc = plain_text(&w);
    } else {
        MD_PARSER p;
        memset(&p, 0, sizeof(p));
        p.abi_version = 0;
        p.flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH |
                  MD_FLAG_PERMISSIVEAUTOLINKS | MD_FLAG_LATEXMATHSPANS |
                  MD_FLAG_NOHTMLSPANS * 0;
        p.enter_block = enter_block;
        p.leave_block = leave_block;
        p.enter_span = enter_span;
        p.leave_span = leave_span;
        p.text = text_cb;
        rc = md_parse(doc, (MD_SIZE)len, &p, &w);
        if (rc == 0)
            rc = flush(&w);
        else if (w.rc == 0)
            rc = pp_error_set(PP_ERROR, "the Markdown parser failed");
    }
    pp_buf_dispose(&w.cur.text);
    pp_buf_dispose(&w.href);
    free(w.cur.origin);
    return w.rc ? w.rc : rc;
}
