/*
 * test_range.c - the intervals reported figures stand for: digits and
 * qualifiers, when two ranges meet (touching is not meeting), and the
 * products and quotients the derived figures are recomputed on.
 */
#include "test_helpers.h"

#include <math.h>
#include <string.h>

#include "calc/range.h"
#include "schema/fact.h"

static void of_digits_and_qualifiers(void **state)
{
    pp_range r;
    (void)state;
    r = pp_range_of(1.04e12, 3, "=");
    assert_true(fabs(r.lo - 1.035e12) < 1 && fabs(r.hi - 1.045e12) < 1);
    assert_int_equal(r.bounded, 1);
    r = pp_range_of(1.04e12, 3, "\xE2\x89\x88"); /* ≈: twice as wide */
    assert_true(fabs(r.lo - 1.03e12) < 1 && fabs(r.hi - 1.05e12) < 1);
    /* "about 1 trillion": the rounding (0.5T either way) is already a
     * half of the value; "about" widens it no further, so 284B and 1.6T
     * lie outside */
    r = pp_range_of(1e12, 1, "\xE2\x89\x88");
    assert_true(fabs(r.lo - 0.5e12) < 1 && fabs(r.hi - 1.5e12) < 1);
    assert_false(pp_range_meet(r, pp_range_of(284e9, 3, "=")));
    assert_false(pp_range_meet(r, pp_range_of(1.6e12, 2, "=")));
    /* "about 40B": twice its rounding (10B) is a quarter of it */
    r = pp_range_of(40e9, 1, "\xE2\x89\x88");
    assert_true(fabs(r.lo - 30e9) < 1 && fabs(r.hi - 50e9) < 1);
    r = pp_range_of(32e12, 2, ">");
    assert_true(r.lo == 32e12 && isinf(r.hi) && !r.bounded);
    r = pp_range_of(5, 1, "<");
    assert_true(r.lo == 0 && r.hi == 5 && !r.bounded);
}

static void meeting(void **state)
{
    (void)state;
    /* "1T" is consistent with 1.04T; "1.2T" is not */
    assert_true(
        pp_range_meet(pp_range_of(1e12, 1, "="), pp_range_of(1.04e12, 3, "=")));
    assert_false(pp_range_meet(pp_range_of(1.2e12, 2, "="),
                               pp_range_of(1.04e12, 3, "=")));
    /* [1.5M, 2.5M) and [0.5M, 1.5M) only touch */
    assert_false(
        pp_range_meet(pp_range_of(2e6, 1, "="), pp_range_of(1e6, 1, "=")));
    /* an exact figure on the edge of an interval lies in it */
    assert_true(
        pp_range_meet(pp_range_of(1.5e6, 0, "="), pp_range_of(1e6, 1, "=")));
    assert_true(
        pp_range_meet(pp_range_of(9e24, 1, ">"), pp_range_of(9.31e24, 3, ">")));
}

static void arithmetic(void **state)
{
    pp_range d = pp_range_of(15.5e12, 3, "="), n = pp_range_of(32.6e9, 3, "=");
    pp_range q = pp_range_div(d, n), p;
    (void)state;
    assert_true(q.lo < 475.5 && q.hi > 475.5 && q.bounded && q.have);
    assert_true(fabs(q.lo - 15.45e12 / 32.65e9) < 1e-9);
    p = pp_range_mul(n, d, 6);
    assert_true(fabs(p.lo - 6 * 32.55e9 * 15.45e12) < 1e12);
    /* a bound stays a bound */
    q = pp_range_div(pp_range_of(32e12, 2, ">"), pp_range_of(49e9, 2, "="));
    assert_true(isinf(q.hi) && !q.bounded);
    /* nothing to divide by: unbounded, never Inf in lo or NaN */
    q = pp_range_div(d, (pp_range){0, 0, 1, 1});
    assert_true(q.lo == 0 && isinf(q.hi) && !q.bounded);
}

/* The range of a passport's fact (schema/fact.h over this module). */
static void of_facts(void **state)
{
    cJSON *doc = cJSON_Parse(
        "{\"facts\": {\"training.tokens\": {\"value\": 15.5e12,"
        " \"sig_digits\": 3, \"qualifier\": \"=\", \"status\": \"disclosed\"},"
        " \"params.active\": {\"status\": \"undisclosed\"}}}");
    pp_range r;
    (void)state;
    assert_non_null(doc);
    r = pp_fact_range(doc, "training.tokens");
    assert_true(r.have && fabs(r.lo - 15.45e12) < 1 &&
                fabs(r.hi - 15.55e12) < 1);
    assert_false(pp_fact_range(doc, "params.active").have);
    assert_false(pp_fact_range(doc, "params.total").have);
    assert_false(pp_fact_range(NULL, "params.total").have);
    cJSON_Delete(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(of_digits_and_qualifiers),
        cmocka_unit_test(meeting),
        cmocka_unit_test(arithmetic),
        cmocka_unit_test(of_facts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
