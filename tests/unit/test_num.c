/*
 * test_num.c - canonical and human number formatting, suffix parsing.
 */
#include "test_helpers.h"

#include <math.h>

#include "core/buf.h"
#include "core/error.h"
#include "core/num.h"

static void assert_canonical(double v, const char *want)
{
    char out[32];
    pp_num_canonical(v, out);
    assert_string_equal(out, want);
    assert_true(strtod(out, NULL) == v);
}

static void canonical_is_shortest_round_trip(void **state)
{
    (void)state;
    assert_canonical(1.04e12, "1.04e12");
    assert_canonical(32.6e9, "3.26e10");
    assert_canonical(0.95, "0.95");
    assert_canonical(896, "896");
    assert_canonical(100, "100");
    assert_canonical(1e-5, "1e-5");
    assert_canonical(7.227e23, "7.227e23");
    assert_canonical(0.1 + 0.2, "0.30000000000000004");
    assert_canonical(-2.5, "-2.5");
    assert_canonical(-0.0, "0");
    assert_canonical(0, "0");
    /* the integer path, at its edges */
    assert_canonical(1, "1");
    assert_canonical(-7, "-7");
    assert_canonical(10, "10");
    assert_canonical(999999, "999999");
    assert_canonical(-999999, "-999999");
    assert_canonical(1e6, "1e6");
}

static void assert_human(double v, int sig, const char *want)
{
    pp_buf b = PP_BUF_INIT;
    assert_int_equal(pp_num_human(&b, v, sig), 0);
    assert_string_equal(pp_buf_cstr(&b), want);
    pp_buf_dispose(&b);
}

static void human_keeps_reported_precision(void **state)
{
    (void)state;
    assert_human(1.04e12, 3, "1.04T");
    assert_human(1e12, 1, "1T");
    assert_human(32.6e9, 3, "32.6B");
    assert_human(104.2e9, 4, "104.2B");
    assert_human(32e3, 2, "32K");
    assert_human(1e6, 1, "1M");
    assert_human(15e12, 2, "15T");
    assert_human(7.227e23, 4, "7.227e23");
    assert_human(0.95, 0, "0.95");
    assert_human(390, 3, "390");
    assert_human(2.5, 0, "2.5");
}

static void parse_accepts_suffixes_and_counts_digits(void **state)
{
    double v;
    int sig;
    (void)state;
    assert_int_equal(pp_num_parse("15T", "x", &v, &sig), 0);
    assert_true(v == 15e12);
    assert_int_equal(sig, 2);
    assert_int_equal(pp_num_parse("1.04T", "x", &v, &sig), 0);
    assert_true(fabs(v - 1.04e12) < 1);
    assert_int_equal(sig, 3);
    assert_int_equal(pp_num_parse("32.6B", "x", &v, &sig), 0);
    assert_true(fabs(v - 32.6e9) < 1e-3);
    assert_int_equal(pp_num_parse("7.227e23", "x", &v, &sig), 0);
    assert_true(v == 7.227e23);
    assert_int_equal(sig, 4);
    assert_int_equal(pp_num_parse("32K", "x", &v, NULL), 0);
    assert_true(v == 32e3);
    assert_int_equal(pp_num_parse("1M", "x", &v, NULL), 0);
    assert_true(v == 1e6);
}

static void parse_rejects_bad_input_naming_the_argument(void **state)
{
    double v = 42;
    (void)state;
    assert_int_equal(pp_num_parse("", "--params", &v, NULL), PP_EINVALID);
    assert_non_null(strstr(pp_error_last(), "--params"));
    assert_int_equal(pp_num_parse("abc", "--params", &v, NULL), PP_EINVALID);
    assert_int_equal(pp_num_parse("15X", "--tokens", &v, NULL), PP_EINVALID);
    assert_non_null(strstr(pp_error_last(), "--tokens"));
    assert_int_equal(pp_num_parse("15TT", "x", &v, NULL), PP_EINVALID);
    assert_int_equal(pp_num_parse("1e3T", "x", &v, NULL), PP_EINVALID);
    assert_int_equal(pp_num_parse("1e400", "x", &v, NULL), PP_EINVALID);
    assert_non_null(strstr(pp_error_last(), "finite"));
    assert_int_equal(pp_num_parse("nan", "x", &v, NULL), PP_EINVALID);
    assert_int_equal(pp_num_parse("inf", "x", &v, NULL), PP_EINVALID);
    assert_int_equal(pp_num_parse(" 5", "x", &v, NULL), PP_EINVALID);
    assert_true(v == 42); /* untouched on failure */
}

static void significant_digits(void **state)
{
    (void)state;
    assert_int_equal(pp_num_sig_digits("1.040", 5), 4);
    assert_int_equal(pp_num_sig_digits("1000", 4), 1);
    assert_int_equal(pp_num_sig_digits("0.0025", 6), 2);
    assert_int_equal(pp_num_sig_digits("14.8", 4), 3);
    assert_int_equal(pp_num_sig_digits("-32.6", 5), 3);
    assert_int_equal(pp_num_sig_digits("0", 1), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(canonical_is_shortest_round_trip),
        cmocka_unit_test(human_keeps_reported_precision),
        cmocka_unit_test(parse_accepts_suffixes_and_counts_digits),
        cmocka_unit_test(parse_rejects_bad_input_naming_the_argument),
        cmocka_unit_test(significant_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
