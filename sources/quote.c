/*
 * quote.c - find a quote in a source's text.
 *
 * A quote is turned into a PCRE2 pattern rather than both sides into a
 * normal form: PCRE2 already knows Unicode case folding and Unicode white
 * space (PCRE2_CASELESS | PCRE2_UCP), and a match offset in the original
 * text is then free.  Every character of the quote is literal; a run of
 * white space becomes \s+, or \s* next to a digit, and a digit touching a
 * non-space character gets \s* between them, so that "15.5 T", "15.5T" and
 * "15.5\u00a0T" are one quote.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/utf8.h"
#include "../core/banned.h"

#define QUOTE_MAX_CHARS 2000

struct pp_quote {
    pcre2_code *re;
    pcre2_match_context *mctx;
};

void pp_quote_free(pp_quote *q)
{
    if (!q)
        return;
    pcre2_match_context_free(q->mctx);
    pcre2_code_free(q->re);
    free(q);
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* Length of the UTF-8 sequence starting with `c` (valid input). */
static size_t seq_len(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* Unicode spaces a quote may carry in place of ASCII ones (no-break and
 * thin spaces, as in "65 504"): length of the one at `p`, or 0. */
static size_t unicode_space(const unsigned char *p, size_t left)
{
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0xA0)
        return 2; /* U+00A0 */
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80 &&
        (p[2] >= 0x80 && p[2] <= 0x8A))
        return 3; /* U+2000..U+200A */
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0xAF)
        return 3; /* U+202F */
    if (left >= 3 && p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80)
        return 3; /* U+3000 */
    return 0;
}

static size_t space_at(const unsigned char *p, size_t left)
{
    if (left && is_space(p[0]))
        return 1;
    return unicode_space(p, left);
}

int pp_quote_compile(pp_quote **out, const char *quote)
{
    const unsigned char *q = (const unsigned char *)quote;
    size_t len = strlen(quote), i = 0, bad;
    pp_buf pat = PP_BUF_INIT;
    pp_quote *res = NULL;
    int errcode, rc = 0;
    PCRE2_SIZE erroff;
    unsigned char prev = 0; /* last literal byte class: 'd' digit, 'o' other */

    *out = NULL;
    if (!pp_utf8_valid(quote, len, &bad))
        return pp_error_set(PP_EINVALID,
                            "the quote is not valid UTF-8 "
                            "(byte %zu)",
                            bad);
    if (pp_utf8_count(quote, len) > QUOTE_MAX_CHARS)
        return pp_error_set(PP_ETOOBIG,
                            "the quote is longer than %d "
                            "characters",
                            QUOTE_MAX_CHARS);
    while (i < len && space_at(q + i, len - i))
        i += space_at(q + i, len - i);
    while (len > i && (is_space(q[len - 1]) ||
                       (len >= 2 && q[len - 2] == 0xC2 && q[len - 1] == 0xA0)))
        len -= is_space(q[len - 1]) ? 1 : 2;
    if (i >= len)
        return pp_error_set(PP_EINVALID, "the quote is empty");
    while (i < len) {
        size_t sp = space_at(q + i, len - i), n;
        if (sp) {
            int next_digit;
            while (i < len && (sp = space_at(q + i, len - i)) > 0)
                i += sp;
            next_digit = i < len && is_digit(q[i]);
            rc = pp_buf_puts(&pat, prev == 'd' || next_digit ? "\\s*" : "\\s+");
            prev = 0;
            if (rc < 0)
                goto oom;
            continue;
        }
        if (prev && (prev == 'd') != (is_digit(q[i]) != 0) &&
            pp_buf_puts(&pat, "\\s*") < 0)
            goto oom;
        n = seq_len(q[i]);
        if (n == 1) {
            unsigned char c = q[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  is_digit(c)) &&
                pp_buf_putc(&pat, '\\') < 0)
                goto oom;
            if (c < 0x20 || c == 0x7F) {
                pat.len--;
                if (pp_buf_printf(&pat, "\\x{%x}", c) < 0)
                    goto oom;
            } else if (pp_buf_putc(&pat, (char)c) < 0) {
                goto oom;
            }
        } else if (pp_buf_put(&pat, q + i, n) < 0) {
            goto oom;
        }
        prev = is_digit(q[i]) ? 'd' : 'o';
        i += n;
    }
    if (!(res = calloc(1, sizeof *res)))
        goto oom;
    res->re = pcre2_compile((PCRE2_SPTR)pat.ptr, pat.len,
                            PCRE2_UTF | PCRE2_UCP | PCRE2_CASELESS |
                                PCRE2_NO_UTF_CHECK,
                            &errcode, &erroff, NULL);
    if (!res->re) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(errcode, msg, sizeof msg);
        rc = pp_error_set(PP_ERROR, "cannot compile the quote: %s", msg);
        goto fail;
    }
    pcre2_jit_compile(res->re, PCRE2_JIT_COMPLETE); /* optional speed-up */
    if (!(res->mctx = pcre2_match_context_create(NULL)))
        goto oom;
    pcre2_set_match_limit(res->mctx, 10000000);
    pcre2_set_depth_limit(res->mctx, 10000);
    pp_buf_dispose(&pat);
    *out = res;
    return 0;
oom:
    rc = pp_error_set(PP_ENOMEM, "out of memory");
fail:
    pp_buf_dispose(&pat);
    pp_quote_free(res);
    return rc;
}

int pp_quote_find(const pp_quote *q, const char *text, size_t len, size_t *at)
{
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(q->re, NULL);
    int n;
    if (!md)
        return pp_error_set(PP_ENOMEM, "out of memory");
    /* Valid UTF-8 is the caller's promise (one check per text, not one
     * per quote). */
    n = pcre2_match(q->re, (PCRE2_SPTR)text, len, 0, PCRE2_NO_UTF_CHECK, md,
                    q->mctx);
    if (n >= 0 && at)
        *at = pcre2_get_ovector_pointer(md)[0];
    pcre2_match_data_free(md);
    if (n >= 0)
        return 1;
    if (n == PCRE2_ERROR_NOMATCH)
        return 0;
    if (n == PCRE2_ERROR_MATCHLIMIT || n == PCRE2_ERROR_DEPTHLIMIT ||
        n == PCRE2_ERROR_JIT_STACKLIMIT)
        return pp_error_set(PP_ETOOBIG, "the quote search hit its match "
                                        "limit");
    {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(n, msg, sizeof msg);
        return pp_error_set(PP_ERROR, "cannot search the text: %s", msg);
    }
}

int pp_quote_find_line(const pp_quote *q, const char *text, size_t len,
                       size_t *line)
{
    size_t at = 0;
    int hit = pp_quote_find(q, text, len, &at);
    *line = 0;
    if (hit == 1) {
        *line = 1;
        for (size_t k = 0; k < at; k++)
            *line += text[k] == '\n';
    }
    return hit;
}
