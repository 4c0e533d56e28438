/*
 * test_sources.c - the parts of the sources module that need no network:
 * quote matching (white space, case, number spacing, literal characters,
 * bounds), the kind of a body, text extraction from HTML and plain text,
 * URL redaction and the quotes a passport carries.
 */
#include "test_helpers.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
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
                           "We pre-train\n  on 15.5 T tokens."), 1);
    assert_int_equal(finds("15.5 T tokens", "on 15.5T tokens"), 1);
    assert_int_equal(finds("65 504", "max is 65504"), 1);
    assert_int_equal(finds("65\xE2\x80\x89" "504", "max is 65 504"), 1);
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
    assert_int_equal(finds("(a+b)*c $x$ [1] {2} ^ | ?", "(a+b)*c $x$ [1] {2} ^ | ?"),
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
    assert_int_equal(pp_text_kind_of("text/plain", NULL, "", 0),
                     PP_TEXT_PLAIN);
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
    assert_int_equal(pp_text_extract(&out, PP_TEXT_HTML, page,
                                     sizeof page - 1, "text/html"),
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
           "\"source\":\"s1\",\"section\":\"\xC2\xA7" "3\",\"quote\":\"q1\"},"
           "{\"passport\":\"x\",\"pointer\":\"/facts/a.b/evidence/0/via\","
           "\"source\":\"s2\",\"section\":\"1\",\"quote\":\"q2\"},"
           "{\"passport\":\"x\",\"pointer\":\"/claims/0/supports/0\","
           "\"source\":\"s3\",\"section\":\"2\",\"quote\":\"q3\"}]");
    free(s);
    cJSON_Delete(j);
    cJSON_Delete(out);
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
        cmocka_unit_test(redaction),
        cmocka_unit_test(sha256),
        cmocka_unit_test(cache_keys),
        cmocka_unit_test(quotes_of_a_passport),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
