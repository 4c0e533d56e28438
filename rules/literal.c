/*
 * literal.c - required literals of a pattern, and an Aho-Corasick
 * automaton over many of them (see literal.h).
 *
 * The pattern reader is deliberately small: it understands a leading run
 * of zero-width assertions, groups with alternatives, literal characters
 * (ASCII, Russian Cyrillic, CJK), escaped punctuation and quantifiers, and
 * gives up (no literal: the pattern is always run) on anything else.
 * Giving up is always safe; a wrong literal is not, so every rule below
 * only ever shortens a literal or gives up.
 */
#include "literal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/utf8.h"
#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Reading a pattern                                                  */
/* ------------------------------------------------------------------ */

struct lits {
    char **v; /* borrowed from the caller: lits[] */
    size_t n, max;
    int fail; /* a literal could not be derived, or too many */
    int oom;
};

static int is_alnum(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
}

static const char *skip_class(const char *p)
{
    p++; /* '[' */
    if (*p == '^')
        p++;
    if (*p == ']')
        p++;
    while (*p && *p != ']') {
        if (*p == '\\' && p[1])
            p += 2;
        else if (*p == '[' && p[1] == ':') {
            const char *e = strstr(p + 2, ":]");
            p = e ? e + 2 : p + 1;
        } else
            p++;
    }
    return *p ? p + 1 : NULL;
}

/* One atom other than a group: an escape (\Q...\E included), a class or a
 * character; returns the position after it, or NULL on a broken pattern. */
static const char *skip_atom(const char *p)
{
    if (*p == '\\') {
        if (!p[1])
            return NULL;
        if (p[1] == 'Q') {
            const char *e = strstr(p + 2, "\\E");
            return e ? e + 2 : p + strlen(p);
        }
        return p + 2;
    }
    if (*p == '[')
        return skip_class(p);
    return p + 1;
}

/* `p` at '(': the position after its ')', or NULL. */
static const char *skip_group(const char *p)
{
    int depth = 0;
    while (*p) {
        if (*p == '(') {
            depth++;
            p++;
        } else if (*p == ')') {
            p++;
            if (--depth == 0)
                return p;
        } else if ((p = skip_atom(p)) == NULL) {
            return NULL;
        }
    }
    return NULL;
}

/* From `p` to the end of the current alternative ('|' or ')' at this
 * depth, or the end); NULL on a broken pattern. */
static const char *skip_alternative(const char *p)
{
    while (*p && *p != '|' && *p != ')') {
        if (*p == '(')
            p = skip_group(p);
        else
            p = skip_atom(p);
        if (!p)
            return NULL;
    }
    return p;
}

/* Is the item ending at `q` optional: followed by ?, * or {0 / {, ? */
static int optional_after(const char *q)
{
    return *q == '?' || *q == '*' ||
           (*q == '{' && (q[1] == '0' || q[1] == ','));
}

static void add_literal(struct lits *out, const char *s, size_t len)
{
    char *c;
    for (size_t i = 0; i < out->n; i++)
        if (strlen(out->v[i]) == len && !memcmp(out->v[i], s, len))
            return;
    if (out->n == out->max) {
        out->fail = 1;
        return;
    }
    if ((c = malloc(len + 1)) == NULL) {
        out->oom = 1;
        return;
    }
    memcpy(c, s, len);
    c[len] = '\0';
    pp_utf8_fold(c, len);
    out->v[out->n++] = c;
}

/* The length of a literal character at `p` (ASCII other than the
 * metacharacters, Russian Cyrillic that pp_utf8_fold folds, CJK without
 * case), or 0. */
static size_t literal_char(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    if (u[0] >= 0x20 && u[0] < 0x7F)
        return strchr("\\^$.[|()?*+{", u[0]) ? 0 : 1;
    if (u[0] == 0xD0 && ((u[1] >= 0x90 && u[1] <= 0xBF) || u[1] == 0x81))
        return 2;
    if (u[0] == 0xD1 && ((u[1] >= 0x80 && u[1] <= 0x8F) || u[1] == 0x91))
        return 2;
    if (u[0] >= 0xE3 && u[0] <= 0xE9 && u[1] >= 0x80 && u[1] <= 0xBF &&
        u[2] >= 0x80 && u[2] <= 0xBF)
        return 3;
    return 0;
}

static const char *alternatives(const char *p, struct lits *out);

/* The literals an alternative starting at `p` must begin with. */
static void lead(const char *p, struct lits *out)
{
    pp_buf b = PP_BUF_INIT;
    size_t last = 0;

    for (;;) { /* zero-width items first */
        if (!strncmp(p, "(?<!", 4) || !strncmp(p, "(?<=", 4) ||
            !strncmp(p, "(?=", 3) || !strncmp(p, "(?!", 3)) {
            if ((p = skip_group(p)) == NULL) {
                out->fail = 1;
                return;
            }
        } else if (*p == '^') {
            p++;
        } else if (p[0] == '\\' && p[1] && strchr("bBAG", p[1])) {
            p += 2;
        } else {
            break;
        }
    }
    if (*p == '(') {
        const char *content, *q = skip_group(p);
        if (!strncmp(p, "(?:", 3))
            content = p + 3;
        else if (p[1] != '?')
            content = p + 1;
        else
            content = NULL; /* named groups, options, comments: give up */
        if (!q || !content || optional_after(q)) {
            out->fail = 1;
            return;
        }
        content = alternatives(content, out);
        if (content && *content != ')')
            out->fail = 1;
        return;
    }
    while (*p && *p != '|' && *p != ')') {
        size_t n;
        const char *c = p;
        if (p[0] == '\\' && p[1] && (unsigned char)p[1] < 0x80 &&
            !is_alnum((unsigned char)p[1]) && p[1] >= 0x20) {
            c = p + 1; /* escaped punctuation is itself */
            n = 1;
        } else if ((n = literal_char(p)) == 0) {
            if (*p == '?' || *p == '*' || (*p == '{' && optional_after(p)))
                b.len -= last; /* the last character was optional */
            break;
        }
        if (pp_buf_put(&b, c, n) < 0) {
            out->oom = 1;
            break;
        }
        last = n;
        p = c + n;
    }
    if (b.len == 0)
        out->fail = 1;
    else
        add_literal(out, b.ptr, b.len);
    pp_buf_dispose(&b);
}

/* Alternatives from `p` to the ')' closing them or the end: every one
 * must give a literal.  Returns where they end, or NULL. */
static const char *alternatives(const char *p, struct lits *out)
{
    for (;;) {
        const char *e = skip_alternative(p);
        if (!e) {
            out->fail = 1;
            return NULL;
        }
        lead(p, out);
        if (out->fail || out->oom || *e != '|')
            return e;
        p = e + 1;
    }
}

int pp_literals_of(const char *pattern, char **lits, size_t max, size_t *n)
{
    struct lits out = {lits, 0, max, 0, 0};
    const char *end = alternatives(pattern, &out);
    if (!out.fail && !out.oom && (!end || *end != '\0'))
        out.fail = 1;
    if (out.fail || out.oom) {
        for (size_t i = 0; i < out.n; i++)
            free(lits[i]);
        out.n = 0;
    }
    *n = out.n;
    return out.oom ? pp_error_set(PP_ENOMEM, "out of memory") : 0;
}

/* ------------------------------------------------------------------ */
/* Aho-Corasick                                                       */
/* ------------------------------------------------------------------ */

struct out_node {
    unsigned id;
    int32_t next; /* -1 ends a list; lists share their tails */
};

/* States fit in 16 bits (PP_LITSET_MAX_STATES); this one is none. */
#define NO_STATE 0xFFFFu
_Static_assert(PP_LITSET_MAX_STATES < NO_STATE, "states fit in 16 bits");

struct pp_litset {
    pp_buf lits; /* owned: the literals added, each: id, len, bytes */
    size_t nstates;
    unsigned char cls[256]; /* byte -> class; 0: in no literal */
    size_t ncls;
    uint16_t *go;           /* owned: nstates * ncls transitions (16 bits:
                             * half the cache of 32) */
    int32_t *out;           /* owned: per state, the first output node or -1 */
    struct out_node *nodes; /* owned */
    size_t nnodes;
    int built;
};

int pp_litset_new(pp_litset **out)
{
    *out = calloc(1, sizeof(**out));
    return *out ? 0 : pp_error_set(PP_ENOMEM, "out of memory");
}

void pp_litset_free(pp_litset *s)
{
    if (!s)
        return;
    pp_buf_dispose(&s->lits);
    free(s->go);
    free(s->out);
    free(s->nodes);
    free(s);
}

int pp_litset_add(pp_litset *s, const char *lit, size_t len, unsigned id)
{
    uint32_t h[2] = {id, (uint32_t)len};
    if (s->built || len == 0 || len > PP_LITSET_MAX_STATES ||
        s->nstates + len >= PP_LITSET_MAX_STATES)
        return pp_error_set(PP_ETOOBIG, "too many literals for the prefilter");
    if (pp_buf_put(&s->lits, h, sizeof(h)) < 0 ||
        pp_buf_put(&s->lits, lit, len) < 0)
        return PP_ENOMEM;
    s->nstates += len; /* an upper bound until built */
    return 0;
}

int pp_litset_build(pp_litset *s)
{
    size_t cap = s->nstates + 1, nlits = 0, n = 1, head = 0, tail = 0;
    int32_t *fail = NULL, *queue = NULL;
    const char *p, *end = s->lits.ptr ? s->lits.ptr + s->lits.len : NULL;

    s->ncls = 1;
    for (p = s->lits.ptr; p && p < end;) {
        uint32_t h[2];
        memcpy(h, p, sizeof(h));
        p += sizeof(h);
        for (size_t i = 0; i < h[1]; i++)
            if (!s->cls[(unsigned char)p[i]])
                s->cls[(unsigned char)p[i]] = (unsigned char)s->ncls++;
        p += h[1];
        nlits++;
    }
    s->go = malloc(cap * s->ncls * sizeof(*s->go));
    s->out = malloc(cap * sizeof(*s->out));
    s->nodes = malloc((nlits ? nlits : 1) * sizeof(*s->nodes));
    fail = calloc(cap, sizeof(*fail));
    queue = malloc(cap * sizeof(*queue));
    if (!s->go || !s->out || !s->nodes || !fail || !queue) {
        free(fail);
        free(queue);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    memset(s->go, 0xFF, cap * s->ncls * sizeof(*s->go)); /* NO_STATE */
    memset(s->out, 0xFF, cap * sizeof(*s->out));
    for (p = s->lits.ptr; p && p < end;) { /* the trie */
        uint32_t h[2];
        int32_t st = 0;
        memcpy(h, p, sizeof(h));
        p += sizeof(h);
        for (size_t i = 0; i < h[1]; i++) {
            uint16_t *t =
                &s->go[(size_t)st * s->ncls + s->cls[(unsigned char)p[i]]];
            if (*t == NO_STATE)
                *t = (uint16_t)n++;
            st = *t;
        }
        s->nodes[s->nnodes].id = h[0];
        s->nodes[s->nnodes].next = s->out[st];
        s->out[st] = (int32_t)s->nnodes++;
        p += h[1];
    }
    for (size_t c = 0; c < s->ncls; c++) { /* breadth first: failure links */
        uint16_t *t = &s->go[c];
        if (*t == NO_STATE)
            *t = 0;
        else
            queue[tail++] = *t; /* fail = root */
    }
    while (head < tail) {
        int32_t r = queue[head++];
        for (size_t c = 0; c < s->ncls; c++) {
            uint16_t *t = &s->go[(size_t)r * s->ncls + c];
            uint16_t via = s->go[(size_t)fail[r] * s->ncls + c];
            if (*t == NO_STATE) {
                *t = via;
                continue;
            }
            fail[*t] = via;
            /* outputs: its own, then those of its failure state */
            if (s->out[*t] < 0) {
                s->out[*t] = s->out[via];
            } else {
                int32_t k = s->out[*t];
                while (s->nodes[k].next >= 0)
                    k = s->nodes[k].next;
                s->nodes[k].next = s->out[via];
            }
            queue[tail++] = *t;
        }
    }
    s->nstates = n;
    s->built = 1;
    free(fail);
    free(queue);
    pp_buf_dispose(&s->lits);
    return 0;
}

void pp_litset_scan(const pp_litset *s, const char *text, size_t len,
                    unsigned char *mark)
{
    const unsigned char *u = (const unsigned char *)text;
    int32_t st = 0;
    if (!s->built)
        return;
    for (size_t i = 0; i < len; i++) {
        st = s->go[(size_t)st * s->ncls + s->cls[u[i]]];
        for (int32_t k = s->out[st]; k >= 0; k = s->nodes[k].next)
            mark[s->nodes[k].id] = 1;
    }
}

void pp_litset_each(const pp_litset *s, const char *text, size_t len,
                    pp_lit_hit_fn *fn, void *ctx)
{
    const unsigned char *u = (const unsigned char *)text;
    int32_t st = 0;
    if (!s->built)
        return;
    for (size_t i = 0; i < len; i++) {
        st = s->go[(size_t)st * s->ncls + s->cls[u[i]]];
        for (int32_t k = s->out[st]; k >= 0; k = s->nodes[k].next)
            fn(ctx, s->nodes[k].id, i + 1);
    }
}
