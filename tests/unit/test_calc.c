/*
 * test_calc.c - the course ledger: every worked value of the lecture
 * (DESIGN.md §3), recomputed by the calculators and matched to the
 * precision the lecture prints it with; and every calculator refusing
 * bad input with an error naming the argument.
 */
#include "test_helpers.h"

#include <math.h>

#include "core/error.h"
#include "calc/calc.h"

/* |got - want| <= half a unit of the last printed digit of `want`. */
#define NEAR(got, want, unit)                                                  \
    do {                                                                       \
        double g_ = (got), w_ = (want), u_ = (unit);                           \
        if (!(fabs(g_ - w_) <= u_ / 2))                                        \
            fail_msg("%s = %.10g, the lecture prints %.10g (to %g)", #got, g_, \
                     w_, u_);                                                  \
    } while (0)

static void scenario_8b_15t(void **state)
{
    double c, tpp, l;
    pp_law law = pp_law_default();
    (void)state;
    assert_int_equal(pp_calc_flops(8.03e9, 15e12, 6, &c), 0);
    NEAR(c, 7.227e23, 0.001e23);
    assert_int_equal(pp_calc_tpp(8.03e9, 15e12, &tpp), 0);
    NEAR(tpp, 1868, 1);
    assert_int_equal(pp_calc_loss(&law, 8.03e9, 15e12, &l), 0);
    NEAR(l, 1.948310, 1e-6);
}

static void analytic_optimum(void **state)
{
    pp_law law = pp_law_default();
    pp_optimum o;
    pp_isoflop iso;
    (void)state;
    assert_int_equal(pp_calc_optimum(&law, 7.227e23, &o), 0);
    NEAR(o.params, 35.663e9, 0.001e9);
    NEAR(o.tokens, 3.377e12, 0.001e12);
    NEAR(o.ratio, 94.7, 0.1);
    NEAR(o.loss, 1.922505, 1e-6);
    assert_int_equal(pp_calc_isoflop(&law, 7.227e23, 8.03e9, &iso), 0);
    NEAR(iso.gap, 0.025804, 1e-6);
    NEAR(iso.optimum.params / 8.03e9, 4.4, 0.1);
}

static void budget_table(void **state)
{
    pp_law law = pp_law_default();
    pp_optimum o;
    (void)state;
    assert_int_equal(pp_calc_optimum(&law, 7.23e23, &o), 0);
    NEAR(o.params, 35.7e9, 0.1e9);
    NEAR(o.tokens, 3.38e12, 0.01e12);
    NEAR(o.ratio, 94.7, 0.1);
    NEAR(o.rule_params, 77.6e9, 0.1e9);
    NEAR(o.rule_tokens, 1.55e12, 0.01e12);
    assert_int_equal(pp_calc_optimum(&law, 2.6e24, &o), 0);
    NEAR(o.params, 63.6e9, 0.1e9);
    NEAR(o.tokens, 6.82e12, 0.01e12);
    NEAR(o.ratio, 107.2, 0.1);
    NEAR(o.rule_params, 147.2e9, 0.1e9);
    NEAR(o.rule_tokens, 2.94e12, 0.01e12);
    assert_int_equal(pp_calc_optimum(&law, 1e25, &o), 0);
    NEAR(o.tokens, 14.3e12, 0.1e12);
    assert_int_equal(pp_calc_optimum(&law, 1e26, &o), 0);
    NEAR(o.tokens, 50.4e12, 0.1e12);
}

static void equal_loss_and_breakeven(void **state)
{
    pp_law law = pp_law_default();
    pp_same_loss s;
    pp_breakeven b;
    (void)state;
    assert_int_equal(pp_calc_same_loss(&law, 8.03e9, 15e12, 70e9, &s), 0);
    NEAR(s.other_tokens, 1.094026e12, 0.000001e12);
    NEAR(s.other_compute, 4.59491e23, 0.00001e23);
    NEAR(100 * s.compute_saving, 36, 1);
    assert_int_equal(pp_calc_breakeven(&law, 8.03e9, 15e12, 70e9, &b), 0);
    NEAR(b.extra_compute, 2.63209e23, 0.00001e23);
    NEAR(b.per_token_saving, 1.2394e11, 0.0001e11);
    NEAR(b.breakeven_tokens, 2.12368e12, 0.00001e12);
    assert_true(b.has_breakeven);
    /* The same pair named the other way round. */
    assert_int_equal(pp_calc_breakeven(&law, 70e9, 1.094026e12, 8.03e9, &b), 0);
    NEAR(b.pair.other_tokens, 15e12, 0.01e12);
    /* the same solution from the target loss itself */
    {
        double d;
        assert_int_equal(pp_calc_tokens_for_loss(&law, 70e9, s.target_loss, &d),
                         0);
        NEAR(d, 1.094026e12, 0.000001e12);
    }
}

static void memory_and_zero(void **state)
{
    pp_memory m;
    (void)state;
    memset(&m, 0, sizeof(m));
    m.params = 7e9;
    m.ranks = 1;
    assert_int_equal(pp_memory_preset(&m, "bf16-adamw"), 0);
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.per_param, 16, 1);
    NEAR(m.total_bytes / 1e9, 112, 1);
    NEAR(m.total_bytes / 1073741824.0, 104.31, 0.01);
    m.zero_stage = 3;
    m.ranks = 64;
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.rank_bytes / 1e9, 1.75, 0.01);
    NEAR(m.rank_bytes / 1073741824.0, 1.63, 0.01);
    /* ZeRO-1 shards master weights and moments only: 4 + 12/64 B/param. */
    m.zero_stage = 1;
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.rank_bytes / 7e9, 4 + 12.0 / 64, 1e-9);
    m.zero_stage = 2;
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.rank_bytes / 7e9, 2 + 14.0 / 64, 1e-9);
    assert_int_equal(pp_memory_preset(&m, "v3-fp8"), 0);
    m.zero_stage = 0;
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.per_param, 14, 1e-9);
    assert_int_equal(pp_memory_set_role(&m, "moment1", "mxfp4"), 0);
    assert_int_equal(pp_calc_memory(&m), 0);
    NEAR(m.per_param, 14 - 2 + 0.53125, 1e-9);
    assert_int_equal(pp_memory_set_role(&m, "moment3", "fp32"), PP_EUSAGE);
    assert_int_equal(pp_memory_set_role(&m, "grads", "fp7"), PP_EUSAGE);
    assert_int_equal(pp_memory_preset(&m, "tpu-magic"), PP_EUSAGE);
}

static void bubble_epochs_qkclip_adamw(void **state)
{
    double f, g[4], q[4], k[4], nm[4];
    const double maxima[4] = {45, 120, 260, 80};
    pp_epochs e;
    pp_adamw h = {0.01, 0.1, 0.9, 0.999, 1e-8};
    const double th[2] = {1, -2}, gr[2] = {0.2, -0.4};
    double t1[2], dec[2], m[2], v[2];
    (void)state;
    assert_int_equal(pp_calc_bubble(8, 32, &f), 0);
    NEAR(100 * f, 17.9, 0.1);
    NEAR(f, 7.0 / 39, 1e-12);
    assert_int_equal(pp_calc_bubble(8, 128, &f), 0);
    NEAR(100 * f, 5.2, 0.1);
    assert_int_equal(pp_calc_epochs(15e12, 0.15, 0.4e12, &e), 0);
    NEAR(e.presented, 2.25e12, 0.01e12);
    NEAR(e.epochs, 5.625, 0.001);
    assert_int_equal(pp_calc_qkclip(100, maxima, 4, 0.5, g, q, k, nm), 0);
    NEAR(g[0], 1, 0.001);
    NEAR(g[1], 0.833, 0.001);
    NEAR(g[2], 0.385, 0.001);
    NEAR(g[3], 1, 0.001);
    NEAR(q[1], 0.913, 0.001);
    NEAR(q[2], 0.620, 0.001);
    NEAR(k[2], 0.620, 0.001);
    NEAR(nm[0], 45, 1e-9);
    NEAR(nm[1], 100, 1e-9);
    NEAR(nm[2], 100, 1e-9);
    NEAR(nm[3], 80, 1e-9);
    assert_int_equal(pp_calc_adamw(&h, th, gr, 2, t1, dec, m, v), 0);
    NEAR(t1[0], 0.989, 0.001);
    NEAR(t1[1], -1.988, 0.001);
    NEAR(dec[0], 0.999, 0.001);
    NEAR(dec[1], -1.998, 0.001);
    NEAR(t1[0] - dec[0], -0.01, 0.001);
    NEAR(t1[1] - dec[1], 0.01, 0.001);
}

static void expect_usage(int rc, const char *arg)
{
    assert_int_equal(rc, PP_EUSAGE);
    if (!strstr(pp_error_last(), arg))
        fail_msg("'%s' does not name '%s'", pp_error_last(), arg);
}

static void bad_inputs_are_named_errors(void **state)
{
    double out = 42, g[1], q[1], k[1], nm[1], t[1], d[1], m[1], v[1];
    const double neg[1] = {-1}, one[1] = {1}, nan1[1] = {NAN};
    pp_law law = pp_law_default();
    pp_optimum o;
    pp_epochs e;
    pp_same_loss s;
    pp_memory mem;
    pp_adamw h = {0.01, 0.1, 0.9, 0.999, 1e-8};
    (void)state;
    expect_usage(pp_calc_flops(0, 1e12, 6, &out), "params");
    expect_usage(pp_calc_flops(-8e9, 1e12, 6, &out), "params");
    expect_usage(pp_calc_flops(NAN, 1e12, 6, &out), "params");
    expect_usage(pp_calc_flops(8e9, INFINITY, 6, &out), "tokens");
    expect_usage(pp_calc_flops(8e9, 1e12, 0, &out), "kappa");
    assert_true(out == 42);
    expect_usage(pp_calc_flops(1e300, 1e300, 6, &out), "overflows");
    expect_usage(pp_calc_tpp(8e9, -1, &out), "tokens");
    expect_usage(pp_calc_optimum(&law, 0, &o), "budget");
    law.alpha = NAN;
    expect_usage(pp_calc_optimum(&law, 1e24, &o), "alpha");
    law = pp_law_default();
    law.E = -1;
    expect_usage(pp_calc_loss(&law, 1e9, 1e12, &out), "E");
    law = pp_law_default();
    expect_usage(pp_calc_same_loss(&law, 8.03e9, 15e12, 1e6, &s),
                 "other-params: a model of");
    expect_usage(pp_calc_tokens_for_loss(&law, 1e6, 1.95, &out),
                 "cannot reach");
    expect_usage(pp_calc_tokens_for_loss(&law, -1, 1.95, &out), "params");
    expect_usage(pp_calc_tokens_for_loss(&law, 70e9, NAN, &out), "loss");
    expect_usage(pp_calc_tokens_for_loss(&law, 70e9, 0, &out), "loss");
    expect_usage(pp_calc_bubble(0, 32, &out), "stages");
    expect_usage(pp_calc_bubble(8, 2.5, &out), "microbatches");
    expect_usage(pp_calc_epochs(15e12, 1.5, 0.4e12, &e), "share");
    expect_usage(pp_calc_epochs(15e12, 0.15, 0, &e), "unique");
    expect_usage(pp_calc_qkclip(0, one, 1, 0.5, g, q, k, nm), "tau");
    expect_usage(pp_calc_qkclip(100, neg, 1, 0.5, g, q, k, nm), "maxima");
    expect_usage(pp_calc_qkclip(100, one, 1, 2, g, q, k, nm), "split");
    expect_usage(pp_calc_qkclip(100, one, 0, 0.5, g, q, k, nm), "maxima");
    expect_usage(pp_calc_adamw(&h, nan1, one, 1, t, d, m, v), "theta");
    h.beta1 = 1;
    expect_usage(pp_calc_adamw(&h, one, one, 1, t, d, m, v), "beta1");
    expect_usage(pp_calc_cluster(32e3, 390e12, -1, &out), "days");
    memset(&mem, 0, sizeof(mem));
    mem.params = 7e9;
    mem.ranks = 0;
    expect_usage(pp_calc_memory(&mem), "ranks");
    mem.ranks = 64;
    mem.zero_stage = 4;
    expect_usage(pp_calc_memory(&mem), "zero");
}

static void half_ulp(void **state)
{
    (void)state;
    NEAR(pp_half_ulp(1.04e12, 3), 5e9, 1);
    NEAR(pp_half_ulp(1e12, 1), 5e11, 1);
    NEAR(pp_half_ulp(7.227e23, 4), 5e19, 1e10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scenario_8b_15t),
        cmocka_unit_test(analytic_optimum),
        cmocka_unit_test(budget_table),
        cmocka_unit_test(equal_loss_and_breakeven),
        cmocka_unit_test(memory_and_zero),
        cmocka_unit_test(bubble_epochs_qkclip_adamw),
        cmocka_unit_test(bad_inputs_are_named_errors),
        cmocka_unit_test(half_ulp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
