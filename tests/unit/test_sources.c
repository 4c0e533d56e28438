/*
 * test_sources.c - the parts of the sources module that need no network:
 * quote matching (white space, case, number spacing, literal characters,
 * bounds), the kind of a body, text extraction from HTML and plain text,
 * URL redaction, the fetch options, the quotes a passport carries and the
 * sources of several merged; and, through file:// (no network), the
 * progress callback that can stop a download and the check of quotes
 * against a cache.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_helpers.h"

#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/error.h"
#include "core/json.h"
#include "core/sha256.h"
#include "sources/sources.h"

static int finds(const char *quote, const char *text)
{
    pp_quote *q = NULL;
    size_t at = 0;
    int hit;
    assert_int_equal(pp_quote_compile(&q, quote), 0);
    hit = pp_quote_find(q, text, strlen(text), &at);
    pp_quote_free(q);
    return hit;
}

static void quotes_match_loosely(void **state)
{
    (void)state;
    /* white space: runs, line breaks, none-vs-some next to digits */
    assert_int_equal(finds("pre-train on 15.5T tokens",
                           "We pre-train\n  on 15.5 T tokens."),
                     1);
    assert_int_equal(finds("15.5 T tokens", "on 15.5T tokens"), 1);
    assert_int_equal(finds("65 504", "max is 65504"), 1);
    assert_int_equal(finds("65\xE2\x80\x89"
                           "504",
                           "max is 65 504"),
                     1);
    assert_int_equal(finds("1.04 trillion", "1.04\xC2\xA0trillion"), 1);
    /* Unicode case */
    assert_int_equal(finds("ОБУЧЕНА НА 15,5 трлн", "обучена на 15,5 трлн"), 1);
    assert_int_equal(finds("MuonClip", "muonclip"), 1);
    assert_int_equal(finds("激活参数", "总参数 1T，激活参数 32B"), 1);
    /* but words stay words and numbers stay numbers */
    assert_int_equal(finds("pretrain", "pre train"), 0);
    assert_int_equal(finds("15.5T", "15.7T"), 0);
    assert_int_equal(finds("1.04", "1x04"), 0);
    assert_int_equal(finds("words apart", "wordsapart"), 0);
}

static void quotes_are_literal(void **state)
{
    (void)state;
    assert_int_equal(finds("(a+b)*c $x$ [1] {2} ^ | ?",
                           "(a+b)*c $x$ [1] {2} ^ | ?"),
                     1);
    assert_int_equal(finds("a.c", "abc"), 0);
    assert_int_equal(finds("C=6ND=7.227\\cdot10^{23}",
                           "$C=6ND=7.227\\cdot10^{23}\\ \\text{FLOP}.$"),
                     1);
    assert_int_equal(finds("\\Q.*\\E", "x\\Q.*\\Ey"), 1);
    assert_int_equal(finds("\\Q.*\\E", "xay"), 0);
}

static void quote_bounds(void **state)
{
    pp_quote *q = NULL;
    char *big = malloc(2002);
    (void)state;
    assert_int_equal(pp_quote_compile(&q, ""), PP_EINVALID);
    assert_int_equal(pp_quote_compile(&q, "  \n\t "), PP_EINVALID);
    assert_int_equal(pp_quote_compile(&q, "bad \xC3 utf8"), PP_EINVALID);
    assert_non_null(big);
    memset(big, 'a', 2001);
    big[2001] = '\0';
    assert_int_equal(pp_quote_compile(&q, big), PP_ETOOBIG);
    big[2000] = '\0';
    assert_int_equal(pp_quote_compile(&q, big), 0);
    pp_quote_free(q);
    free(big);
    pp_quote_free(NULL);
}

static void kinds(void **state)
{
    static const char html[] = "  <!DOCTYPE html><p>x</p>";
    static const char bin[] = "%PDF\0\1\2";
    (void)state;
    assert_int_equal(pp_text_kind_of("text/html; charset=utf-8", NULL, "", 0),
                     PP_TEXT_HTML);
    assert_int_equal(pp_text_kind_of("Application/XHTML+XML", NULL, "", 0),
                     PP_TEXT_HTML);
    assert_int_equal(pp_text_kind_of("text/plain", NULL, "", 0), PP_TEXT_PLAIN);
    assert_int_equal(pp_text_kind_of("text/markdown", NULL, "", 0),
                     PP_TEXT_PLAIN);
    assert_int_equal(pp_text_kind_of("application/pdf", NULL, "", 0),
                     PP_TEXT_NONE);
    /* no content type: extension, then the bytes */
    assert_int_equal(pp_text_kind_of(NULL, "file:///a/b.HTML", "x", 1),
                     PP_TEXT_HTML);
    assert_int_equal(pp_text_kind_of(NULL, "file:///a/b", html,
                                     sizeof html - 1),
                     PP_TEXT_HTML);
    assert_int_equal(pp_text_kind_of(NULL, "file:///a/b.txt", "plain", 5),
                     PP_TEXT_PLAIN);
    assert_int_equal(pp_text_kind_of(NULL, "file:///a/b", bin, sizeof bin - 1),
                     PP_TEXT_NONE);
    assert_int_equal(pp_text_kind_of(NULL, "file:///a/b", "\xFF\xFE\xFD x y z",
                                     9),
                     PP_TEXT_NONE);
}

static void html_text(void **state)
{
    static const char page[] =
        "<html><head><title>T</title><script>var a = '99T';</script>"
        "<style>p{}</style></head><body><h1>Title</h1>"
        "<p>a &amp; b&nbsp;c &#x3c4; &lt;tag&gt;</p><p>next<b>bold</b>"
        "<td>cell</td><!-- hidden --><noscript>ns</noscript>"
        "<p>unclosed <i>italic<p>after";
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_text_extract(&out, PP_TEXT_HTML, page, sizeof page - 1,
                                     "text/html"),
                     0);
    assert_string_equal(out.ptr, "Title\na & b c \xCF\x84 <tag>\nnextbold\n"
                                 "cell\nunclosed italic\nafter\n");
    pp_buf_dispose(&out);
}

static void html_deep_nesting(void **state)
{
    /* 200000 nested elements: the SAX extractor keeps no tree and does not
     * recurse, so this is a long text, not a crash. */
    size_t n = 200000, len = n * 5 + 4;
    char *page = malloc(len + 1);
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_non_null(page);
    for (size_t i = 0; i < n; i++)
        memcpy(page + i * 5, "<div>", 5);
    memcpy(page + n * 5, "deep", 4);
    page[len] = '\0';
    assert_int_equal(pp_text_extract(&out, PP_TEXT_HTML, page, len, NULL), 0);
    pp_buf_dispose(&out);
    free(page);
}

static void plain_text(void **state)
{
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_text_extract(&out, PP_TEXT_PLAIN,
                                     "\xEF\xBB\xBFok \xFF end", 11, NULL),
                     0);
    assert_string_equal(out.ptr, "ok \xEF\xBF\xBD end");
    pp_buf_clear(&out);
    assert_int_equal(pp_text_extract(&out, PP_TEXT_PLAIN, "caf\xE9", 4,
                                     "text/plain; charset=ISO-8859-1"),
                     0);
    assert_string_equal(out.ptr, "caf\xC3\xA9");
    pp_buf_clear(&out);
    assert_int_equal(pp_text_extract(&out, PP_TEXT_PLAIN, "a\0b", 3, NULL), 0);
    assert_string_equal(out.ptr, "a b");
    assert_int_equal(pp_text_extract(&out, PP_TEXT_NONE, "x", 1, NULL),
                     PP_EUSAGE);
    pp_buf_dispose(&out);
}

/* The text of `body` handed over `step` bytes at a time, into `out`. */
static void in_pieces(pp_buf *out, enum pp_text_kind kind, const char *body,
                      size_t step, const char *ct)
{
    pp_text_stream *s = NULL;
    size_t len = strlen(body);
    assert_int_equal(pp_text_stream_new(&s, kind, ct), 0);
    for (size_t i = 0; i < len; i += step)
        assert_int_equal(pp_text_stream_push(s, body + i,
                                             len - i < step ? len - i : step,
                                             out),
                         0);
    assert_int_equal(pp_text_stream_end(s, out), 0);
    pp_text_stream_free(s);
}

static void text_in_pieces(void **state)
{
    static const struct {
        enum pp_text_kind kind;
        const char *ct, *body;
    } cases[] = {
        {PP_TEXT_PLAIN, NULL,
         "\xEF\xBB\xBF"
         "caf\xC3\xA9 \xE2\x82\xAC 1 "
         "\xF0\x9F\x98\x80 \xFF\xC3 end\xE2\x82"},
        {PP_TEXT_PLAIN, NULL, "ab"},
        {PP_TEXT_PLAIN, NULL, ""},
        {PP_TEXT_PLAIN, "text/plain; charset=latin1", "caf\xE9 \xFF"},
        {PP_TEXT_HTML, NULL,
         "<html><head><title>T</title><script>x()</script></head><body>"
         "<p>one  <b>two</b>\n three</p><div> caf&eacute;&nbsp;4"
         "</div><table><tr><td>a</td> <td>b </td></tr></table> tail "},
        {PP_TEXT_HTML, NULL, ""},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pp_buf whole = PP_BUF_INIT;
        assert_int_equal(pp_text_extract(&whole, cases[i].kind, cases[i].body,
                                         strlen(cases[i].body), cases[i].ct),
                         0);
        for (size_t step = 1; step <= 7; step += 3) {
            pp_buf parts = PP_BUF_INIT;
            in_pieces(&parts, cases[i].kind, cases[i].body, step, cases[i].ct);
            assert_string_equal(pp_buf_cstr(&parts), pp_buf_cstr(&whole));
            pp_buf_dispose(&parts);
        }
        pp_buf_dispose(&whole);
    }
    /* a script across the parser's block of 64 KiB, in small pieces */
    {
        pp_buf big = PP_BUF_INIT, whole = PP_BUF_INIT, parts = PP_BUF_INIT;
        pp_buf_puts(&big, "<p>before</p><p>");
        for (int i = 0; i < 6500; i++)
            pp_buf_puts(&big, "xxxxxxxxx ");
        pp_buf_puts(&big, "</p><script>");
        for (int i = 0; i < 200; i++)
            pp_buf_puts(&big, "var a = 1;");
        pp_buf_puts(&big, "</script><p>after</p>");
        assert_int_equal(pp_text_extract(&whole, PP_TEXT_HTML, big.ptr, big.len,
                                         NULL),
                         0);
        assert_non_null(strstr(whole.ptr, "after"));
        in_pieces(&parts, PP_TEXT_HTML, big.ptr, 1000, NULL);
        assert_string_equal(parts.ptr, whole.ptr);
        pp_buf_dispose(&big);
        pp_buf_dispose(&whole);
        pp_buf_dispose(&parts);
    }
    /* what the whole gives: one U+FFFD per bad byte, a cut end too */
    {
        pp_buf t = PP_BUF_INIT;
        in_pieces(&t, PP_TEXT_PLAIN, "a\xC3\xA9\xFFz\xE2\x82", 1, NULL);
        assert_string_equal(pp_buf_cstr(&t), "a\xC3\xA9\xEF\xBF\xBDz"
                                             "\xEF\xBF\xBD\xEF\xBF\xBD");
        pp_buf_dispose(&t);
    }
    {
        pp_text_stream *none = NULL;
        assert_int_equal(pp_text_stream_new(&none, PP_TEXT_NONE, NULL),
                         PP_EUSAGE);
        assert_null(none);
    }
}

static void redaction(void **state)
{
    char *s;
    (void)state;
    s = pp_fetch_redact("https://ann:secret@example.org/a?b=1#c");
    assert_string_equal(s, "https://example.org/a?b=1#c");
    free(s);
    s = pp_fetch_redact("http://example.org/x");
    assert_string_equal(s, "http://example.org/x");
    free(s);
    s = pp_fetch_redact("http://[::1");
    assert_string_equal(s, "(unparsable URL)");
    free(s);
}

static void sha256(void **state)
{
    char hex[65];
    (void)state;
    assert_int_equal(pp_sha256_hex("abc", 3, hex), 0);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
                             "b00361a396177a9cb410ff61f20015ad");
}

static void cache_keys(void **state)
{
    pp_buf k = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_cache_key_source(&k, "kimi-k2-report"), 0);
    assert_string_equal(k.ptr, "source/kimi-k2-report");
    pp_buf_clear(&k);
    assert_int_equal(pp_cache_key_source(&k, "../x"), PP_EINVALID);
    assert_int_equal(pp_cache_key_source(&k, "a/b"), PP_EINVALID);
    assert_int_equal(pp_cache_key_source(&k, ""), PP_EINVALID);
    assert_int_equal(pp_cache_key_source(&k, ".hidden"), PP_EINVALID);
    assert_int_equal(pp_cache_key_url(&k, "abc"), 0);
    assert_string_equal(k.ptr, "url/ba7816bf8f01cfea414140de5dae2223"
                               "b00361a396177a9cb410ff61f20015ad");
    pp_buf_dispose(&k);
}

static void quotes_of_a_passport(void **state)
{
    static const char doc[] =
        "{\"id\": \"x\", \"facts\": {\"a.b\": {\"evidence\": [{\"source\": "
        "\"s1\", \"section\": \"\\u00a73\", \"quote\": \"q1\", \"via\": "
        "{\"source\": \"s2\", \"section\": \"1\", \"quote\": \"q2\"}}, "
        "{\"source\": \"s1\", \"section\": \"4\"}]}}, \"claims\": [{"
        "\"supports\": [{\"source\": \"s3\", \"section\": \"2\", \"quote\": "
        "\"q3\"}]}]}";
    cJSON *j = cJSON_Parse(doc), *out = cJSON_CreateArray();
    char *s;
    (void)state;
    assert_int_equal(pp_sources_quotes(j, out), 0);
    s = cJSON_PrintUnformatted(out);
    assert_string_equal(
        s, "[{\"passport\":\"x\",\"pointer\":\"/facts/a.b/evidence/0\","
           "\"source\":\"s1\",\"section\":\"\xC2\xA7"
           "3\",\"quote\":\"q1\"},"
           "{\"passport\":\"x\",\"pointer\":\"/facts/a.b/evidence/0/via\","
           "\"source\":\"s2\",\"section\":\"1\",\"quote\":\"q2\"},"
           "{\"passport\":\"x\",\"pointer\":\"/claims/0/supports/0\","
           "\"source\":\"s3\",\"section\":\"2\",\"quote\":\"q3\"}]");
    free(s);
    cJSON_Delete(j);
    cJSON_Delete(out);
}

static void fetch_options(void **state)
{
    pp_fetch_opts o = PP_FETCH_OPTS_INIT;
    (void)state;
    assert_int_equal(pp_fetch_opts_set(&o, "allow-file", NULL), 0);
    assert_int_equal(o.allow_file, 1);
    assert_int_equal(pp_fetch_opts_set(&o, "allow-private", NULL), 0);
    assert_int_equal(o.allow_private, 1);
    assert_int_equal(pp_fetch_opts_set(&o, "max-size", "50M"), 0);
    assert_true(o.max_bytes == 50LL * 1024 * 1024);
    assert_int_equal(pp_fetch_opts_set(&o, "max-size", "1"), 0);
    assert_true(o.max_bytes == 1);
    assert_int_equal(pp_fetch_opts_set(&o, "max-size", "5G"), PP_EUSAGE);
    assert_string_equal(pp_error_last(), "expected a size from 1 byte to 4G "
                                         "(e.g. 50M), not '5G'");
    assert_int_equal(pp_fetch_opts_set(&o, "max-size", "2MB"), PP_EUSAGE);
    assert_int_equal(pp_fetch_opts_set(&o, "timeout", "0.0004"), 0);
    assert_int_equal(o.timeout_ms, 1); /* rounded up */
    assert_int_equal(pp_fetch_opts_set(&o, "stall", "30"), 0);
    assert_int_equal(o.stall_ms, 30000);
    assert_int_equal(pp_fetch_opts_set(&o, "connect-timeout", "2.5"), 0);
    assert_int_equal(o.connect_timeout_ms, 2500);
    assert_int_equal(pp_fetch_opts_set(&o, "timeout", "0"), PP_EUSAGE);
    assert_string_equal(pp_error_last(), "expected a positive number of "
                                         "seconds up to 86400, not '0'");
    assert_int_equal(pp_fetch_opts_set(&o, "stall", "86401"), PP_EUSAGE);
    assert_int_equal(pp_fetch_opts_set(&o, "stall-bytes", "2K"), 0);
    assert_true(o.stall_bytes == 2048);
    assert_int_equal(pp_fetch_opts_set(&o, "stall-bytes", "0"), PP_EUSAGE);
    assert_int_equal(pp_fetch_opts_set(&o, "retries", "3"), PP_ENOTFOUND);
}

static void address_classes(void **state)
{
    static const struct {
        const char *ip;
        int c;
    } cases[] = {
        {"127.0.0.1", PP_ADDR_LOCAL},
        {"127.255.3.4", PP_ADDR_LOCAL},
        {"0.0.0.0", PP_ADDR_LOCAL},
        {"::1", PP_ADDR_LOCAL},
        {"[::1]", PP_ADDR_LOCAL},
        {"::", PP_ADDR_LOCAL},
        {"::ffff:127.0.0.1", PP_ADDR_LOCAL},
        {"[::ffff:7f00:1]", PP_ADDR_LOCAL},
        {"64:ff9b::127.0.0.1", PP_ADDR_LOCAL},
        {"10.0.0.1", PP_ADDR_PRIVATE},
        {"10.255.255.255", PP_ADDR_PRIVATE},
        {"172.16.0.1", PP_ADDR_PRIVATE},
        {"172.31.255.1", PP_ADDR_PRIVATE},
        {"192.168.1.1", PP_ADDR_PRIVATE},
        {"169.254.169.254", PP_ADDR_PRIVATE},
        {"100.64.0.1", PP_ADDR_PRIVATE},
        {"100.127.255.255", PP_ADDR_PRIVATE},
        {"224.0.0.1", PP_ADDR_PRIVATE},
        {"255.255.255.255", PP_ADDR_PRIVATE},
        {"::ffff:10.1.2.3", PP_ADDR_PRIVATE},
        {"::ffff:169.254.169.254", PP_ADDR_PRIVATE},
        {"fe80::1", PP_ADDR_PRIVATE},
        {"febf::1", PP_ADDR_PRIVATE},
        {"fc00::1", PP_ADDR_PRIVATE},
        {"fd12:3456::1", PP_ADDR_PRIVATE},
        {"ff02::1", PP_ADDR_PRIVATE},
        {"8.8.8.8", PP_ADDR_PUBLIC},
        {"172.15.255.255", PP_ADDR_PUBLIC},
        {"172.32.0.0", PP_ADDR_PUBLIC},
        {"192.169.0.1", PP_ADDR_PUBLIC},
        {"100.63.255.255", PP_ADDR_PUBLIC},
        {"100.128.0.0", PP_ADDR_PUBLIC},
        {"169.253.0.1", PP_ADDR_PUBLIC},
        {"203.0.113.7", PP_ADDR_PUBLIC},
        {"2001:db8::1", PP_ADDR_PUBLIC},
        {"fec0::1", PP_ADDR_PUBLIC},
        {"::ffff:8.8.8.8", PP_ADDR_PUBLIC},
        {"::2", PP_ADDR_PUBLIC},
        {"localhost", -1},
        {"example.org", -1},
        {"127.1", -1},
        {"[::1", -1},
        {"", -1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (pp_addr_class_of(cases[i].ip) != cases[i].c)
            fail_msg("'%s': class %d, not %d", cases[i].ip,
                     pp_addr_class_of(cases[i].ip), cases[i].c);
    }
}

static void sources_merged(void **state)
{
    static const char a[] =
        "{\"id\": \"a\", \"sources\": [{\"id\": \"s\", \"kind\": \"blog\", "
        "\"priority\": \"P1\", \"title\": \"S\"}, {\"id\": \"t\", \"kind\": "
        "\"paper\", \"priority\": \"P0\", \"title\": \"T\", \"url\": "
        "\"https://t.example/\"}]}";
    static const char b[] =
        "{\"id\": \"b\", \"sources\": [{\"id\": \"s\", \"kind\": \"blog\", "
        "\"priority\": \"P1\", \"title\": \"S again\", \"url\": "
        "\"https://s.example/\"}]}";
    cJSON *docs[2] = {cJSON_Parse(a), cJSON_Parse(b)}, *m = NULL;
    const cJSON *s;
    char *text;
    (void)state;
    assert_int_equal(pp_sources_merge((const cJSON *const *)docs, 2, NULL, &m),
                     0);
    /* in id order; the first description wins, the first URL there is */
    s = pp_json_get(m, "s");
    assert_ptr_equal(m->child, s);
    assert_string_equal(pp_json_str(s, "title", ""), "S");
    assert_string_equal(pp_json_str(s, "url", ""), "https://s.example/");
    assert_true(cJSON_IsTrue(pp_json_get(s, "conflict")));
    text = cJSON_PrintUnformatted(pp_json_get(s, "passports"));
    assert_string_equal(text, "[\"a\",\"b\"]");
    free(text);
    assert_null(pp_json_get(pp_json_get(m, "t"), "conflict"));
    cJSON_Delete(m);
    assert_int_equal(pp_sources_merge((const cJSON *const *)docs, 2, "b", &m),
                     0);
    assert_int_equal(cJSON_GetArraySize(m), 1);
    assert_null(pp_json_get(pp_json_get(m, "s"), "conflict"));
    cJSON_Delete(m);
    cJSON_Delete(docs[0]);
    cJSON_Delete(docs[1]);
}

/* A temporary folder (a registry for the cache) and a file of `size`
 * bytes of text in it; its file:// URL into `url`. */
static void scratch(char dir[64], char url[128], size_t size, const char *text)
{
    char path[96];
    FILE *f;
    snprintf(dir, 64, "/tmp/pp-test-sources-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/page.txt", dir);
    assert_non_null(f = fopen(path, "w"));
    for (size_t i = 0; i < size; i += strlen(text))
        fputs(text, f);
    fclose(f);
    snprintf(url, 128, "file://%s", path);
}

static void remove_scratch(const char *dir)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

struct seen {
    int calls, ends, stop_after;
    long long most;
};

static int watch(long long now, long long total, void *ud)
{
    struct seen *w = ud;
    (void)total;
    if (now < 0) {
        w->ends++;
        return 0;
    }
    w->most = now > w->most ? now : w->most;
    return w->stop_after && ++w->calls >= w->stop_after;
}

static void progress_can_stop(void **state)
{
    pp_fetch_opts o = PP_FETCH_OPTS_INIT;
    pp_fetch_result r;
    struct seen w = {0, 0, 0, 0};
    char dir[64], url[128], path[96];
    int fd;
    (void)state;
    scratch(dir, url, 3 << 20, "a line of the page\n");
    snprintf(path, sizeof path, "%s/body", dir);
    assert_true((fd = open(path, O_RDWR | O_CREAT, 0600)) >= 0);
    o.allow_file = 1;
    o.progress = watch;
    o.progress_ud = &w;
    /* told the bytes as they come, and the end of the request */
    assert_int_equal(pp_fetch_to_fd(url, &o, fd, &r), 0);
    assert_true(r.size >= 3 << 20);
    assert_true(w.most == r.size);
    assert_int_equal(w.ends, 1);
    pp_fetch_result_dispose(&r);
    /* a non-zero return stops the transfer */
    w = (struct seen){0, 0, 1, 0};
    assert_int_equal(pp_fetch_to_fd(url, &o, fd, &r), PP_EIO);
    assert_non_null(strstr(pp_error_last(), "interrupted; nothing was kept"));
    assert_int_equal(w.ends, 1);
    close(fd);
    remove_scratch(dir);
}

/* Stops at the stop_after-th call after the request has ended. */
static int stop_after_request(long long now, long long total, void *ud)
{
    struct seen *w = ud;
    (void)total;
    if (now < 0)
        return w->ends++, 0;
    w->calls += w->ends > 0;
    return w->ends > 0 && w->calls >= w->stop_after;
}

/* What a stop at the stop_after-th call after the request leaves:
 * nothing in the cache, not even the body; `calls` and `ends` seen. */
static void stop_after(int at, int calls, int ends)
{
    pp_fetch_opts o = PP_FETCH_OPTS_INIT;
    struct seen w = {0, 0, at, 0};
    pp_cache *c = NULL;
    cJSON *m = NULL;
    char dir[64], url[128], cmd[160];
    int new_blob = 0;
    scratch(dir, url, 3 << 20, "a line of the page\n");
    o.allow_file = 1;
    o.progress = stop_after_request;
    o.progress_ud = &w;
    assert_int_equal(pp_cache_open(&c, dir), 0);
    assert_int_equal(pp_cache_fetch(c, "url/x", url, &o, &m, &new_blob),
                     PP_EIO);
    assert_non_null(strstr(pp_error_last(), "interrupted; nothing was kept"));
    assert_null(m);
    assert_int_equal(w.calls, calls);
    assert_int_equal(w.ends, ends);
    snprintf(cmd, sizeof cmd,
             "test -z \"$(find '%s/passport-sources' -type f)\"", dir);
    assert_int_equal(system(cmd), 0);
    /* the same, not stopped: the body, its text and the record */
    o.progress = NULL;
    assert_int_equal(pp_cache_fetch(c, "url/x", url, &o, &m, &new_blob), 0);
    assert_int_equal(new_blob, 1);
    snprintf(cmd, sizeof cmd,
             "test $(find '%s/passport-sources' -type f | wc -l) = 3", dir);
    assert_int_equal(system(cmd), 0);
    cJSON_Delete(m);
    pp_cache_free(c);
    remove_scratch(dir);
}

/* After the request the body is put on disk a step at a time (one step
 * of 4 MiB for this body of 3 MiB and a bit), its text is made a MiB at
 * a time, and the text is put on disk; the callback can stop each. */
static void progress_stops_the_sync(void **state)
{
    (void)state;
    stop_after(1, 1, 2); /* the request, and the body's sync */
}

static void progress_stops_the_text(void **state)
{
    (void)state;
    stop_after(2, 2, 3); /* ... and the first piece of the text */
}

static void progress_stops_the_text_sync(void **state)
{
    (void)state;
    /* the body's sync, four pieces of text, the text's sync */
    stop_after(6, 6, 4);
}

static void quotes_against_the_cache(void **state)
{
    static const char doc[] =
        "{\"id\": \"x\", \"sources\": [{\"id\": \"page\"}, {\"id\": "
        "\"gone\"}], \"facts\": {\"a\": {\"evidence\": [{\"source\": "
        "\"page\", \"section\": \"1\", \"quote\": \"LINE  of the\"}, "
        "{\"source\": \"page\", \"section\": \"2\", \"quote\": \"not "
        "there\"}, {\"source\": \"page\", \"section\": \"3\", \"quote\": "
        "\" \"}, {\"source\": \"gone\", \"section\": \"4\", \"quote\": "
        "\"q\"}, {\"source\": \"gone\", \"section\": \"5\", \"quote\": "
        "\"r\"}]}}}";
    pp_fetch_opts o = PP_FETCH_OPTS_INIT;
    cJSON *d = cJSON_Parse(doc), *merged = NULL, *m = NULL;
    const cJSON *docs[1] = {d};
    pp_quote_check r;
    pp_cache *c = NULL;
    pp_buf out = PP_BUF_INIT;
    enum pp_cache_got got;
    char dir[64], url[128];
    (void)state;
    scratch(dir, url, 10, "first\na line of the page\n");
    o.allow_file = 1;
    assert_int_equal(pp_cache_open(&c, dir), 0);
    assert_int_equal(pp_sources_merge(docs, 1, NULL, &merged), 0);
    /* refused: not cited, no URL of its own */
    assert_int_equal(pp_sources_fetch(c, merged, "nobody", url, 0, &o, &m,
                                      &got),
                     PP_EUSAGE);
    assert_int_equal(pp_sources_fetch(c, merged, "page", NULL, 0, &o, &m, &got),
                     PP_EUSAGE);
    assert_int_equal(pp_sources_fetch(c, merged, "page", url, 0, &o, &m, &got),
                     0);
    assert_int_equal(got, PP_CACHE_NEW);
    cJSON_Delete(m);
    /* from the same URL: kept */
    assert_int_equal(pp_sources_fetch(c, merged, "page", url, 0, &o, &m, &got),
                     0);
    assert_int_equal(got, PP_CACHE_KEPT);
    cJSON_Delete(m);
    cJSON_Delete(merged);
    assert_int_equal(pp_sources_check(c, docs, 1, NULL, &r), 0);
    assert_int_equal(r.found, 1);
    assert_int_equal(r.missing, 1);
    assert_int_equal(r.unchecked, 3);
    assert_int_equal((int)cJSON_GetNumberValue(
                         pp_json_get(pp_json_get(r.sources, "gone"), "count")),
                     2);
    assert_int_equal(pp_quote_check_text(&out, &r), 0);
    assert_string_equal(
        out.ptr,
        "x:/facts/a/evidence/1: error: quote not found in the cached text of "
        "source 'page' (2): \"not there\" [quote-missing]\n"
        "x:/facts/a/evidence/2: warning: unchecked: the quote is empty "
        "[quote-unchecked]\n"
        "gone: warning: 2 quotes unchecked: not cached; fetch it with "
        "'passport source fetch gone' [quote-unchecked]\n"
        "5 quotes: 1 found, 1 missing, 3 unchecked\n");
    assert_int_equal((int)cJSON_GetNumberValue(pp_json_get(
                         cJSON_GetArrayItem(pp_json_get(r.report, "quotes"), 0),
                         "line")),
                     2);
    pp_quote_check_dispose(&r);
    pp_buf_dispose(&out);
    pp_cache_free(c);
    cJSON_Delete(d);
    remove_scratch(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quotes_match_loosely),
        cmocka_unit_test(quotes_are_literal),
        cmocka_unit_test(quote_bounds),
        cmocka_unit_test(kinds),
        cmocka_unit_test(html_text),
        cmocka_unit_test(html_deep_nesting),
        cmocka_unit_test(plain_text),
        cmocka_unit_test(text_in_pieces),
        cmocka_unit_test(redaction),
        cmocka_unit_test(sha256),
        cmocka_unit_test(cache_keys),
        cmocka_unit_test(quotes_of_a_passport),
        cmocka_unit_test(fetch_options),
        cmocka_unit_test(address_classes),
        cmocka_unit_test(sources_merged),
        cmocka_unit_test(progress_can_stop),
        cmocka_unit_test(progress_stops_the_sync),
        cmocka_unit_test(progress_stops_the_text),
        cmocka_unit_test(progress_stops_the_text_sync),
        cmocka_unit_test(quotes_against_the_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
