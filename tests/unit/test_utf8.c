/*
 * test_utf8.c - strict UTF-8 validation.
 */
#include "test_helpers.h"

#include "core/utf8.h"

static void accepts_valid_text(void **state)
{
    static const char *const ok[] = {
        "",
        "ascii",
        "Кими K2",
        "数值精度",
        "emoji \xF0\x9F\x98\x80",
        "\xEF\xBF\xBF",
        "\xF4\x8F\xBF\xBF",
    };
    (void)state;
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
        assert_true(pp_utf8_valid(ok[i], strlen(ok[i]), NULL));
}

static void rejects_and_locates_invalid_sequences(void **state)
{
    static const struct {
        const char *s;
        size_t bad;
    } cases[] = {
        {"ab\xC0\x80", 2},       /* overlong NUL */
        {"\xE0\x80\xAF", 0},     /* overlong '/' */
        {"x\xED\xA0\x80", 1},    /* UTF-16 surrogate */
        {"\xF4\x90\x80\x80", 0}, /* above U+10FFFF */
        {"abc\xE4\xB8", 3},      /* truncated */
        {"\x80", 0},             /* lone continuation */
        {"ok\xFF", 2},           /* never valid */
        {"\xE4\xB8\x41", 0},     /* bad continuation */
    };
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t bad = 999;
        assert_false(pp_utf8_valid(cases[i].s, strlen(cases[i].s), &bad));
        assert_int_equal(bad, cases[i].bad);
    }
}

static void counts_code_points(void **state)
{
    (void)state;
    assert_int_equal(pp_utf8_count("Кими", strlen("Кими")), 4);
    assert_int_equal(pp_utf8_count("数值", strlen("数值")), 2);
    assert_int_equal(pp_utf8_count("abc", 3), 3);
}

/* Folding keeps every offset: ASCII and Cyrillic lower-cased, the
 * traditional Han of the lexicons made simplified, the rest as it was. */
static void folds_case_and_traditional_han(void **state)
{
    char s[] = "GPT-3 \xE6\x93\x81\xE6\x9C\x89 1750\xE5\x84\x84"
               "\xE5\x80\x8B\xE5\x8F\x83\xE6\x95\xB8 "
               "\xD0\x9F\xD0\xB0\xD1\x80"; /* 擁有 1750億個參數 Пар */
    const char *want = "gpt-3 \xE6\x93\x81\xE6\x9C\x89 1750\xE4\xBA\xBF"
                       "\xE4\xB8\xAA\xE5\x8F\x82\xE6\x95\xB0 "
                       "\xD0\xBF\xD0\xB0\xD1\x80"; /* 擁有 1750亿个参数 пар */
    char cut[] = "\xE5\x84"; /* a character cut short stays as it is */
    (void)state;
    assert_int_equal(pp_utf8_fold(s, strlen(s)), 0);
    assert_string_equal(s, want);
    assert_int_equal(pp_utf8_fold(cut, strlen(cut)), 0);
    assert_memory_equal(cut, "\xE5\x84", 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepts_valid_text),
        cmocka_unit_test(rejects_and_locates_invalid_sequences),
        cmocka_unit_test(counts_code_points),
        cmocka_unit_test(folds_case_and_traditional_han),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
