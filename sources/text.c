/*
 * text.c - what of a fetched body can be searched for quotes.
 *
 * HTML goes through libxml2's HTML parser in push mode with SAX callbacks
 * only: no tree is built, so memory follows the text, not the markup, and
 * the parser's own recovery handles the broken markup real pages have.
 * Entities arrive decoded; script, style and similar elements are dropped;
 * block elements end a line so that words of neighbouring cells or
 * paragraphs never run together.  Both kinds are reduced piece by piece
 * (pp_text_stream), so a body of any size is read in flat memory: a UTF-8
 * character cut by a piece's end waits for the next piece, and the last
 * byte of HTML's text is held back, since a line break may still replace
 * a trailing space.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

#include "../core/error.h"
#include "../core/utf8.h"
#include "../core/banned.h"

const char *pp_text_kind_name(enum pp_text_kind k)
{
    return k == PP_TEXT_HTML ? "html" : k == PP_TEXT_PLAIN ? "text" : "none";
}

/* The media type of a Content-Type value, lower-cased, into `out`. */
static void media_type(const char *ct, char out[64])
{
    size_t i = 0;
    while (*ct == ' ')
        ct++;
    for (; ct[i] && ct[i] != ';' && ct[i] != ' ' && i < 63; i++)
        out[i] = (char)(ct[i] >= 'A' && ct[i] <= 'Z' ? ct[i] + 32 : ct[i]);
    out[i] = '\0';
}

/* The charset parameter of a Content-Type value into `out` ("" if none). */
static void charset_of(const char *ct, char out[40])
{
    const char *p;
    size_t i = 0;
    out[0] = '\0';
    if (!ct)
        return;
    for (p = ct; *p; p++)
        if (!strncasecmp(p, "charset=", 8))
            break;
    if (!*p)
        return;
    p += 8;
    if (*p == '"')
        p++;
    for (; p[i] && p[i] != '"' && p[i] != ';' && p[i] != ' ' && i < 39; i++)
        out[i] = p[i];
    out[i] = '\0';
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
    size_t m = strlen(suffix);
    return n >= m && !strncasecmp(s + n - m, suffix, m);
}

enum pp_text_kind pp_text_kind_of(const char *content_type, const char *url,
                                  const char *body, size_t len)
{
    size_t n, i;
    if (content_type && *content_type) {
        char mt[64];
        media_type(content_type, mt);
        if (!strcmp(mt, "text/html") || !strcmp(mt, "application/xhtml+xml"))
            return PP_TEXT_HTML;
        if (!strncmp(mt, "text/", 5))
            return PP_TEXT_PLAIN;
        return PP_TEXT_NONE;
    }
    /* No content type (file://): the extension, then the first bytes. */
    n = url ? strcspn(url, "?#") : 0;
    if (url && (ends_with(url, n, ".html") || ends_with(url, n, ".htm") ||
                ends_with(url, n, ".xhtml")))
        return PP_TEXT_HTML;
    if (memchr(body, '\0', len < 8192 ? len : 8192))
        return PP_TEXT_NONE;
    for (i = 0; i < len && i < 1024 &&
                (body[i] == ' ' || body[i] == '\n' || body[i] == '\r' ||
                 body[i] == '\t');
         i++)
        ;
    if (len - i >= 14 && (!strncasecmp(body + i, "<!doctype html", 14) ||
                          !strncasecmp(body + i, "<html", 5)))
        return PP_TEXT_HTML;
    if (url && (ends_with(url, n, ".txt") || ends_with(url, n, ".md") ||
                ends_with(url, n, ".tex")))
        return PP_TEXT_PLAIN;
    {
        size_t probe = len < 65536 ? len : 65536, bad = 0;
        /* A cut in the middle of a character at the probe's end is not
         * invalid UTF-8. */
        if (!pp_utf8_valid(body, probe, &bad) && bad + 4 < probe)
            return PP_TEXT_NONE;
    }
    return PP_TEXT_PLAIN;
}

/* ---- plain text -------------------------------------------------------- */

static int put_latin1(pp_buf *out, const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char two[2];
        if (p[i] < 0x80) {
            if (pp_buf_putc(out, (char)p[i]) < 0)
                return PP_ENOMEM;
            continue;
        }
        two[0] = (char)(0xC0 | (p[i] >> 6));
        two[1] = (char)(0x80 | (p[i] & 0x3F));
        if (pp_buf_put(out, two, 2) < 0)
            return PP_ENOMEM;
    }
    return 0;
}

/* Valid UTF-8 runs as they are, each invalid byte as U+FFFD, NUL as a
 * space (the text is searched as a C string). */
static int put_utf8_repaired(pp_buf *out, const char *p, size_t len)
{
    while (len > 0) {
        size_t bad = 0;
        if (pp_utf8_valid(p, len, &bad))
            bad = len;
        for (size_t i = 0; i < bad; i++) {
            if (pp_buf_putc(out, p[i] ? p[i] : ' ') < 0)
                return PP_ENOMEM;
        }
        if (bad == len)
            break;
        if (pp_buf_puts(out, "\xEF\xBF\xBD") < 0)
            return PP_ENOMEM;
        p += bad + 1;
        len -= bad + 1;
    }
    return 0;
}

/* ---- HTML -------------------------------------------------------------- */

struct html_state {
    pp_buf *out;
    int skip;  /* depth inside dropped elements */
    int space; /* the last byte written was white space */
    int failed;
};

static int name_in(const xmlChar *name, const char *const *list)
{
    for (; *list; list++)
        if (!strcasecmp((const char *)name, *list))
            return 1;
    return 0;
}

static const char *const dropped[] = {"script",   "style",  "noscript",
                                      "template", "head",   "svg",
                                      "math",     "iframe", "object",
                                      "select",   "button", NULL};

static const char *const blocks[] = {
    "p",     "div",     "br",      "li",         "ul",      "ol",
    "dl",    "dt",      "dd",      "h1",         "h2",      "h3",
    "h4",    "h5",      "h6",      "table",      "tr",      "td",
    "th",    "thead",   "tbody",   "caption",    "section", "article",
    "aside", "header",  "footer",  "nav",        "main",    "blockquote",
    "pre",   "hr",      "figure",  "figcaption", "title",   "body",
    "form",  "address", "details", "summary",    NULL};

static void html_break(struct html_state *st)
{
    if (st->failed || st->out->len == 0 ||
        st->out->ptr[st->out->len - 1] == '\n')
        return;
    if (st->space)
        st->out->len--, st->out->ptr[st->out->len] = '\0';
    if (pp_buf_putc(st->out, '\n') < 0)
        st->failed = 1;
    st->space = 1;
}

static void on_start(void *ctx, const xmlChar *name, const xmlChar **attrs)
{
    struct html_state *st = ctx;
    (void)attrs;
    if (name_in(name, dropped))
        st->skip++;
    else if (!st->skip && name_in(name, blocks))
        html_break(st);
}

static void on_end(void *ctx, const xmlChar *name)
{
    struct html_state *st = ctx;
    if (name_in(name, dropped)) {
        if (st->skip > 0)
            st->skip--;
    } else if (!st->skip && name_in(name, blocks)) {
        html_break(st);
    }
}

static void on_text(void *ctx, const xmlChar *ch, int len)
{
    struct html_state *st = ctx;
    if (st->skip || st->failed)
        return;
    for (int i = 0; i < len; i++) {
        unsigned char c = ch[i];
        /* &nbsp; is a space to a reader (and to a quote). */
        int nbsp = c == 0xC2 && i + 1 < len && ch[i + 1] == 0xA0;
        i += nbsp;
        if (nbsp || c == ' ' || c == '\n' || c == '\r' || c == '\t' ||
            c == '\f') {
            if (st->space || st->out->len == 0)
                continue;
            c = ' ';
            st->space = 1;
        } else {
            st->space = 0;
        }
        if (pp_buf_putc(st->out, (char)c) < 0) {
            st->failed = 1;
            return;
        }
    }
}

/* libxml2 reports its own errors through these; the text is what counts,
 * and broken markup is the norm on the web. */
static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* ---- the stream ------------------------------------------------------- */

struct pp_text_stream {
    enum pp_text_kind kind;
    int latin1;  /* plain text: the charset says Latin-1 */
    int started; /* plain text: the BOM was looked for */
    pp_buf hold; /* plain text: bytes not converted yet; HTML: text not
                    handed out yet */
    pp_buf in;   /* HTML: the body not parsed yet (under a block) */
    htmlSAXHandler sax;
    struct html_state st;
    htmlParserCtxtPtr ctx;
};

void pp_text_stream_free(pp_text_stream *s)
{
    if (!s)
        return;
    if (s->ctx) {
        if (s->ctx->myDoc)
            xmlFreeDoc(s->ctx->myDoc);
        htmlFreeParserCtxt(s->ctx);
    }
    pp_buf_dispose(&s->hold);
    pp_buf_dispose(&s->in);
    free(s);
}

static int html_start(pp_text_stream *s, const char *content_type)
{
    xmlCharEncoding enc = XML_CHAR_ENCODING_NONE;
    char cs[40];
    charset_of(content_type, cs);
    if (cs[0])
        enc = xmlParseCharEncoding(cs);
    if (enc == XML_CHAR_ENCODING_ERROR)
        enc = XML_CHAR_ENCODING_NONE;
    s->sax.startElement = on_start;
    s->sax.endElement = on_end;
    s->sax.characters = on_text;
    s->sax.cdataBlock = on_text;
    s->sax.warning = quiet;
    s->sax.error = quiet;
    s->st.out = &s->hold;
    s->st.space = 1;
    xmlInitParser();
    s->ctx = htmlCreatePushParserCtxt(&s->sax, &s->st, NULL, 0, NULL, enc);
    if (!s->ctx)
        return pp_error_set(PP_ENOMEM, "cannot start the HTML parser");
    htmlCtxtUseOptions(s->ctx, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                   HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    return 0;
}

int pp_text_stream_new(pp_text_stream **out, enum pp_text_kind kind,
                       const char *content_type)
{
    pp_text_stream *s;
    char cs[40];
    int rc;
    *out = NULL;
    if (kind != PP_TEXT_HTML && kind != PP_TEXT_PLAIN)
        return pp_error_set(PP_EUSAGE, "the content is not searchable");
    if (!(s = calloc(1, sizeof *s)))
        return pp_error_set(PP_ENOMEM, "out of memory");
    s->kind = kind;
    charset_of(content_type, cs);
    s->latin1 = !strcasecmp(cs, "iso-8859-1") || !strcasecmp(cs, "latin1") ||
                !strcasecmp(cs, "windows-1252") || !strcasecmp(cs, "us-ascii");
    if (kind == PP_TEXT_HTML && (rc = html_start(s, content_type)) < 0) {
        pp_text_stream_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

/* How many bytes at the end of p[0..n) begin a UTF-8 character that the
 * next piece may complete (0 to 3). */
static size_t cut_character(const char *p, size_t n)
{
    for (size_t i = 1; i <= 3 && i <= n; i++) {
        unsigned char c = (unsigned char)p[n - i];
        if ((c & 0xC0) == 0x80)
            continue;
        if (c < 0xC0)
            return 0;
        return (size_t)(c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2) > i ? i : 0;
    }
    return 0;
}

static int plain_push(pp_text_stream *s, const char *p, size_t len, pp_buf *out,
                      int end)
{
    size_t skip = 0, keep, n;
    const char *d;
    int rc;
    if (len && pp_buf_put(&s->hold, p, len) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    d = s->hold.ptr ? s->hold.ptr : "";
    n = s->hold.len;
    if (!s->started) {
        if (n < 3 && !end)
            return 0;
        s->started = 1;
        if (n >= 3 && !memcmp(d, "\xEF\xBB\xBF", 3))
            skip = 3;
    }
    keep = end || s->latin1 ? 0 : cut_character(d + skip, n - skip);
    rc = s->latin1 ? put_latin1(out, (const unsigned char *)d + skip, n - skip)
                   : put_utf8_repaired(out, d + skip, n - skip - keep);
    if (rc)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (s->hold.ptr) {
        memmove(s->hold.ptr, d + n - keep, keep);
        s->hold.len = keep;
        s->hold.ptr[keep] = '\0';
    }
    return 0;
}

/* Hand the text of HTML to `out`, all but its last byte unless `end`. */
static int html_hand_out(pp_text_stream *s, pp_buf *out, int end)
{
    size_t n = s->hold.len - (end || !s->hold.len ? 0 : 1);
    if (s->st.failed)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (n && pp_buf_put(out, s->hold.ptr, n) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (s->hold.ptr) {
        memmove(s->hold.ptr, s->hold.ptr + n, s->hold.len - n);
        s->hold.len -= n;
        s->hold.ptr[s->hold.len] = '\0';
    }
    return 0;
}

/* libxml2's push parser loses the text after a script split into small
 * pieces, so it is always given blocks of HTML_BLOCK bytes (the last one
 * shorter), whatever the pieces the caller has. */
#define HTML_BLOCK 65536

int pp_text_stream_push(pp_text_stream *s, const char *p, size_t len,
                        pp_buf *out)
{
    size_t off = 0;
    if (s->kind == PP_TEXT_PLAIN)
        return plain_push(s, p, len, out, 0);
    while (off < len && !s->st.failed) {
        size_t n = HTML_BLOCK - s->in.len;
        n = len - off < n ? len - off : n;
        if (pp_buf_put(&s->in, p + off, n) < 0)
            return pp_error_set(PP_ENOMEM, "out of memory");
        off += n;
        if (s->in.len == HTML_BLOCK) {
            htmlParseChunk(s->ctx, s->in.ptr, (int)s->in.len, 0);
            pp_buf_clear(&s->in);
        }
    }
    return html_hand_out(s, out, 0);
}

int pp_text_stream_end(pp_text_stream *s, pp_buf *out)
{
    if (s->kind == PP_TEXT_PLAIN)
        return plain_push(s, NULL, 0, out, 1);
    if (s->in.len && !s->st.failed)
        htmlParseChunk(s->ctx, s->in.ptr, (int)s->in.len, 0);
    pp_buf_clear(&s->in);
    htmlParseChunk(s->ctx, NULL, 0, 1);
    return html_hand_out(s, out, 1);
}

int pp_text_extract(pp_buf *out, enum pp_text_kind kind, const char *body,
                    size_t len, const char *content_type)
{
    pp_text_stream *s = NULL;
    int rc;
    if ((rc = pp_text_stream_new(&s, kind, content_type)) == 0 &&
        (rc = pp_text_stream_push(s, body, len, out)) == 0)
        rc = pp_text_stream_end(s, out);
    pp_text_stream_free(s);
    return rc;
}
