/*
 * test_lexicon.c - the checker's lexicon as data (check/lexicon.h): the
 * shipped files load, their words are folded and merged over the
 * languages; every bad file is refused with a message that names it.
 */
#define _GNU_SOURCE /* memmem */
#include "test_helpers.h"

#include "check/lexicon.h"
#include "core/diag.h"
#include "core/error.h"
#include "core/buf.h"

static int contains(const char *const *ws, const char *w)
{
    for (; *ws; ws++)
        if (!strcmp(*ws, w))
            return 1;
    return 0;
}

/* Parse `n` texts; returns the code, the first message in *msg. */
static int parse(ck_lexicon **x, const char *const *texts, size_t n, char *msg,
                 size_t cap)
{
    size_t lens[8];
    const char *names[8];
    pp_diags d = PP_DIAGS_INIT;
    int rc;
    for (size_t i = 0; i < n; i++) {
        lens[i] = strlen(texts[i]);
        names[i] = "t.json";
    }
    rc = ck_lexicon_parse(x, texts, lens, names, n, &d);
    snprintf(msg, cap, "%s", d.count ? d.items[0].message : "");
    pp_diags_dispose(&d);
    return rc;
}

static void shipped_loads(void **state)
{
    (void)state;
    assert_int_equal(ck_lexicon_load(), 0);
    assert_true(contains(ck_lex(CK_LEX_ACTIVE), "activ"));
    assert_true(contains(ck_lex(CK_LEX_ACTIVE), "активн"));
    assert_true(contains(ck_lex(CK_LEX_ACTIVE), "活跃"));
    assert_true(contains(ck_lex(CK_LEX_NEGATION), " not "));
    assert_true(contains(ck_lex(CK_LEX_COMPARISON), "compar"));
    assert_true(contains(ck_lex(CK_LEX_COMPARISON), "сравн"));
    assert_true(contains(ck_lex(CK_LEX_COMPARISON), "对比"));
    assert_true(ck_lex_first(CK_LEX_STOP)[',']);
    assert_false(ck_lex_first(CK_LEX_STOP)['x']);
    /* loading twice reads once and answers the same */
    assert_int_equal(ck_lexicon_load(), 0);
}

/* The hits of one automaton pass say, for every class and every window,
 * what searching each of the class's words in that window says. */
static void hits_agree_with_word_lists(void **state)
{
    static const char *const texts[] = {
        "deepseek-v3 has 671b total parameters, of which 37b are activated "
        "for each token; it was not trained on more than 14.8t tokens.",
        "модель содержит всего 1 трлн параметров, из них активных 32 млрд, "
        "и обучена примерно на 15,5 трлн токенов",
        "总参数 6710 亿，每个 token 激活 370 亿参数，可能使用 fp8 训练。",
        "",
        ",",
        "   and and   ",
        NULL};
    char many[2048] = "";
    (void)state;
    assert_int_equal(ck_lexicon_load(), 0);
    /* more hits than fit in the sentence's own room */
    for (size_t i = 0; i < 120; i++)
        memcpy(many + 6 * i, ", and ", 7);
    for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
        const char *s = texts[t] ? texts[t] : many;
        size_t len = strlen(s);
        ck_lexhits h;
        memset(&h, 0, sizeof h);
        assert_int_equal(ck_lexhits_scan(&h, s, len), 0);
        assert_true(h.scanned);
        for (int k = 0; k < CK_LEX_COUNT; k++)
            for (size_t a = 0; a <= len; a += 3)
                for (size_t b = a; b <= len; b += 5) {
                    int want = 0, got = 0;
                    for (const char *const *w = ck_lex(k); *w; w++)
                        want |= memmem(s + a, b - a, *w, strlen(*w)) != NULL;
                    for (int32_t i = h.head[k]; i >= 0; i = h.hit[i].next) {
                        const char *w = ck_lex(k)[h.hit[i].word];
                        /* a hit is its word, where it says */
                        assert_int_equal(strlen(w),
                                         h.hit[i].end - h.hit[i].start);
                        assert_memory_equal(s + h.hit[i].start, w, strlen(w));
                        got |= h.hit[i].start >= a && h.hit[i].end <= b;
                    }
                    if (got != want)
                        fail_msg("class %d, [%zu, %zu) of text %zu: hits %d, "
                                 "words %d",
                                 k, a, b, t, got, want);
                }
        ck_lexhits_dispose(&h);
    }
}

/* A complete lexicon: every class the checker reads, one word each,
 * built from the shipped one so the test follows lexicon.h. */
static char *complete(const char *extra)
{
    static const char *const names[] = {
#define N(id, name) name,
        CK_LEXICON(N)
#undef N
    };
    pp_buf b = PP_BUF_INIT;
    pp_buf_puts(&b, "{\"language\": \"en\", \"classes\": {");
    for (size_t k = 0; k < CK_LEX_COUNT; k++)
        pp_buf_printf(&b, "%s\"%s\": [\"w%zu\"]", k ? ", " : "", names[k], k);
    pp_buf_printf(&b, "%s}}", extra);
    return pp_buf_detach(&b);
}

static void words_folded_and_merged(void **state)
{
    char *en = complete("");
    const char *texts[] = {en, "{\"language\": \"ru\", \"classes\": "
                               "{\"total\": [\"ВСЕГО\"]}}"};
    ck_lexicon *x;
    char msg[256];
    (void)state;
    assert_int_equal(parse(&x, texts, 2, msg, sizeof(msg)), 0);
    assert_string_equal(ck_lexicon_words(x, CK_LEX_TOTAL)[0], "w1");
    assert_string_equal(ck_lexicon_words(x, CK_LEX_TOTAL)[1], "всего");
    assert_null(ck_lexicon_words(x, CK_LEX_TOTAL)[2]);
    ck_lexicon_free(x);
    free(en);
}

static void bad_files_refused(void **state)
{
    char *en = complete("");
    char *unknown = complete(", \"no-such-class\": [\"x\"]");
    ck_lexicon *x = (ck_lexicon *)1;
    char msg[256];
    struct {
        const char *texts[2];
        size_t n;
        const char *want;
    } cases[] = {
        {{"{\"language\": \"en\", "}, 1, ""}, /* JSON syntax: the error */
        {{"{\"language\": \"fr\", \"classes\": {}}"}, 1, "got 'fr'"},
        {{"{\"language\": \"en\", \"classes\": {\"active\": []}}"}, 1, ""},
        {{unknown}, 1, "class 'no-such-class' is not one the checker reads"},
        {{"{\"language\": \"en\", \"classes\": {\"active\": [\"a\"]}}"},
         1,
         "has no words in any file"},
        {{en, en}, 2, "language 'en' is given by two files"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        assert_int_equal(parse(&x, cases[i].texts, cases[i].n, msg,
                               sizeof(msg)),
                         PP_EINVALID);
        assert_null(x);
        if (!strstr(msg, cases[i].want))
            print_error("case %zu: %s\n", i, msg);
        assert_non_null(strstr(msg, cases[i].want));
        pp_error_clear();
    }
    free(en);
    free(unknown);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shipped_loads),
        cmocka_unit_test(hits_agree_with_word_lists),
        cmocka_unit_test(words_folded_and_merged),
        cmocka_unit_test(bad_files_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
