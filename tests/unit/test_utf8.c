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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepts_valid_text),
        cmocka_unit_test(rejects_and_locates_invalid_sequences),
        cmocka_unit_test(counts_code_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
