/*
 * test_format.c - the format microscope against the ledger's table (§2.2)
 * and the published definitions (IEEE 754, FP8 formats, OCP MX).
 */
#include "test_helpers.h"

#include <math.h>

#include "core/error.h"
#include "calc/microscope.h"

#define CLOSE(got, want, rel)                                                  \
    do {                                                                       \
        double g_ = (got), w_ = (want);                                        \
        if (!(fabs(g_ - w_) <= (rel)*fabs(w_)))                                \
            fail_msg("%s = %.10g, expected %.10g", #got, g_, w_);              \
    } while (0)

static const pp_numfmt *F(const char *name)
{
    const pp_numfmt *f = pp_numfmt_lookup(name);
    if (!f)
        fail_msg("no format '%s'", name);
    return f;
}

/* The ledger's table (§2.2), to the digits it prints. */
static void ledger_table(void **state)
{
    (void)state;
    CLOSE(F("fp32")->max_finite, 3.4e38, 0.01);
    CLOSE(pp_numfmt_min_normal(F("fp32")), 1.18e-38, 0.01);
    CLOSE(pp_numfmt_spacing_at_one(F("fp32")), 1.19e-7, 0.01);
    CLOSE(F("fp16")->max_finite, 65504, 0);
    CLOSE(pp_numfmt_min_normal(F("fp16")), 6.10e-5, 0.01);
    CLOSE(pp_numfmt_spacing_at_one(F("fp16")), 9.77e-4, 0.01);
    CLOSE(F("bf16")->max_finite, 3.4e38, 0.01);
    CLOSE(pp_numfmt_min_normal(F("bf16")), 1.18e-38, 0.01);
    CLOSE(pp_numfmt_spacing_at_one(F("bf16")), 7.81e-3, 0.01);
    CLOSE(F("e4m3")->max_finite, 448, 0);
    CLOSE(pp_numfmt_min_normal(F("e4m3")), 1.56e-2, 0.01);
    CLOSE(pp_numfmt_spacing_at_one(F("e4m3")), 1.25e-1, 0);
    CLOSE(F("e5m2")->max_finite, 57344, 0);
    CLOSE(pp_numfmt_min_normal(F("e5m2")), 6.10e-5, 0.01);
    CLOSE(pp_numfmt_spacing_at_one(F("e5m2")), 2.5e-1, 0);
    /* MX element types (OCP MX v1.0). */
    CLOSE(F("mxfp4")->max_finite, 6, 0);
    CLOSE(F("mxfp6-e2m3")->max_finite, 7.5, 0);
    CLOSE(F("mxfp6-e3m2")->max_finite, 28, 0);
    assert_int_equal(F("mxfp4")->block, 32);
    assert_int_equal(F("nvfp4")->block, 16);
    assert_string_equal(F("MXFP8")->name, "mxfp8-e4m3");
    assert_string_equal(F("FP8-E5M2")->name, "fp8-e5m2");
    assert_null(pp_numfmt_lookup("fp9"));
}

static pp_numfmt_quant q(const char *fmt, double x, double scale)
{
    pp_numfmt_quant r;
    unsigned long long seed = 1;
    assert_int_equal(pp_numfmt_quantize(F(fmt), x, scale, PP_ROUND_NEAREST,
                                        &seed, &r),
                     0);
    return r;
}

static void rounding_and_ranges(void **state)
{
    pp_numfmt_quant r;
    (void)state;
    r = q("e4m3", 3.14159, 1);
    CLOSE(r.value, 3.25, 0);
    assert_true(r.rounded && !r.overflow);
    /* Ties to even: 1.0625 lies between 1 and 1.125 in E4M3. */
    CLOSE(q("e4m3", 1.0625, 1).value, 1.0, 0);
    CLOSE(q("e4m3", 1.1875, 1).value, 1.25, 0);
    /* E4M3: 448 is the largest; 464 ties down to it; 470 overflows to NaN
     * (the format has no infinity). */
    CLOSE(q("e4m3", 464, 1).value, 448, 0);
    r = q("e4m3", 470, 1);
    assert_true(r.overflow && r.to_nan && isnan(r.value));
    /* IEEE: 65520 rounds to infinity in FP16; 65519 to 65504. */
    r = q("fp16", 65520, 1);
    assert_true(r.to_inf && isinf(r.value));
    CLOSE(q("fp16", 65519, 1).value, 65504, 0);
    /* Subnormals and underflow. */
    r = q("fp16", 1e-6, 1);
    assert_true(r.subnormal && !r.underflow);
    CLOSE(r.value, 17 * ldexp(1, -24), 0);
    r = q("fp16", 1e-8, 1);
    assert_true(r.underflow && r.value == 0);
    /* BF16 keeps FP32's range but only 8 significant bits. */
    CLOSE(q("bf16", 1e30, 1).value, 1e30, 0.004);
    CLOSE(q("bf16", 1.0 + 1.0 / 256, 1).value, 1.0, 0);
    /* MX elements saturate; with a scale the range moves. */
    r = q("mxfp4", 100, 1);
    assert_true(r.saturated && r.value == 6);
    CLOSE(q("mxfp4", 100, 16).value, 96, 0);
    CLOSE(q("mxfp4", -0.3, 0.0625).value, -0.25, 0);
}

static void block_scales(void **state)
{
    (void)state;
    /* MX: 2^(floor(log2 amax) - emax of the element); E2M1 emax is 2. */
    CLOSE(pp_numfmt_block_scale(F("mxfp4"), 12), 2, 0);
    CLOSE(pp_numfmt_block_scale(F("mxfp4"), 0.3), 0.0625, 0);
    CLOSE(pp_numfmt_block_scale(F("mxfp8-e4m3"), 448), 1, 0);
    CLOSE(pp_numfmt_block_scale(F("mxfp4"), 0), 1, 0);
    /* NVFP4: amax / 6 in E4M3. */
    CLOSE(pp_numfmt_block_scale(F("nvfp4"), 6), 1, 0);
    CLOSE(pp_numfmt_block_scale(F("nvfp4"), 100), 16, 0);
}

static void stochastic_is_unbiased_and_seeded(void **state)
{
    const pp_numfmt *f = F("e4m3");
    unsigned long long seed = 42, again = 42;
    double sum = 0;
    pp_numfmt_quant r1, r2;
    (void)state;
    /* 1.03125 lies a quarter of the way from 1 to 1.125. */
    for (int i = 0; i < 20000; i++) {
        pp_numfmt_quant r;
        pp_numfmt_quantize(f, 1.03125, 1, PP_ROUND_STOCHASTIC, &seed, &r);
        assert_true(r.value == 1.0 || r.value == 1.125);
        sum += r.value;
    }
    CLOSE(sum / 20000, 1.03125, 0.002);
    seed = 7;
    pp_numfmt_quantize(f, 1.03125, 1, PP_ROUND_STOCHASTIC, &seed, &r1);
    again = 7;
    pp_numfmt_quantize(f, 1.03125, 1, PP_ROUND_STOCHASTIC, &again, &r2);
    assert_true(r1.value == r2.value);
}

static void bad_arguments(void **state)
{
    pp_numfmt_quant r;
    unsigned long long seed = 1;
    (void)state;
    assert_int_equal(pp_numfmt_quantize(F("fp16"), NAN, 1, PP_ROUND_NEAREST,
                                        &seed, &r),
                     PP_EUSAGE);
    assert_int_equal(pp_numfmt_quantize(F("fp16"), 1, 0, PP_ROUND_NEAREST,
                                        &seed, &r),
                     PP_EUSAGE);
    assert_non_null(strstr(pp_error_last(), "scale"));
    assert_int_equal(pp_numfmt_quantize(F("fp16"), 1, INFINITY,
                                        PP_ROUND_NEAREST, &seed, &r),
                     PP_EUSAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ledger_table),
        cmocka_unit_test(rounding_and_ranges),
        cmocka_unit_test(block_scales),
        cmocka_unit_test(stochastic_is_unbiased_and_seeded),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
