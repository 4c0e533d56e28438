/*
 * test_figures.c - the figures a claim's text writes (schema/figures.h):
 * each form the shipped claims use, the precision each is written at,
 * and the numbers that are no figures (names, the passport's own name,
 * sizes naming models, years, sections).
 */
#include "test_helpers.h"

#include <math.h>
#include <string.h>

#include "schema/figures.h"

/* The figures of `text` as written, joined with '|', into buf. */
static int scan(const char *text, const char *name, char *buf, size_t cap,
                pp_figure *figs)
{
    const char *names[1] = {name};
    int n = pp_figures_scan(text, names, 1, figs, PP_FIGURES_MAX);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%.*s", i ? "|" : "",
                 (int)figs[i].len, text + figs[i].at);
    }
    return n;
}

static void forms_and_values(void **state)
{
    pp_figure f[PP_FIGURES_MAX];
    char b[256];
    (void)state;
    assert_int_equal(scan("In K2's run, 12.7% of heads in the first 70k "
                          "steps",
                          NULL, b, sizeof(b), f),
                     2);
    assert_string_equal(b, "12.7%|70k");
    assert_true(fabs(f[0].value - 0.127) < 1e-12);
    assert_true(fabs(f[0].tol - 0.0005) < 1e-12);
    assert_true(f[1].value == 70000 && f[1].tol == 500);
    assert_int_equal(scan("About 2.5x better than K2; 1,720,320 GPU hours; "
                          "lr 1.5e-4; per 128x128 block; 2.5\xc3\x97",
                          NULL, b, sizeof(b), f),
                     6);
    assert_string_equal(b, "2.5x|1,720,320|1.5e-4|128|128|2.5\xc3\x97");
    assert_true(f[0].value == 2.5 && f[1].value == 1720320);
    assert_true(fabs(f[2].value - 1.5e-4) < 1e-15);
    assert_true(fabs(f[2].tol - 0.5e-5) < 1e-15);
    assert_int_equal(scan("clamped to [-10, 10]; 15.5T tokens, 4M batch", NULL,
                          b, sizeof(b), f),
                     4);
    assert_string_equal(b, "-10|10|15.5T|4M");
    assert_true(f[0].value == -10 && f[2].value == 15.5e12);
}

static void no_figures(void **state)
{
    pp_figure f[PP_FIGURES_MAX];
    char b[256];
    (void)state;
    /* names with digits, sections, years, proper names, model sizes */
    assert_int_equal(scan("K2, V3, FP8, BF16, H100-80GB, GPT-3, W_q, "
                          "\xce\xb2"
                          "1, \xc2\xa7"
                          "3.3 in 2026",
                          NULL, b, sizeof(b), f),
                     0);
    assert_int_equal(scan("against the dense DeepSeek 67B and Llama 4 "
                          "Maverick",
                          NULL, b, sizeof(b), f),
                     0);
    assert_int_equal(scan("(39.3M for the 8B, 70B and 405B models together)",
                          NULL, b, sizeof(b), f),
                     1);
    assert_string_equal(b, "39.3M");
    /* the passport's own name where the text writes it */
    assert_int_equal(scan("Pretraining Llama 2 70B took 184,320 GPU hours",
                          "Llama 2 70B", b, sizeof(b), f),
                     1);
    assert_string_equal(b, "184,320");
    /* the first word of a sentence is no name: About 2.5x is a figure */
    assert_int_equal(scan("Fine. About 3 runs", NULL, b, sizeof(b), f), 1);
}

static void precision(void **state)
{
    pp_figure f[PP_FIGURES_MAX];
    char b[64];
    (void)state;
    scan("12.7%", NULL, b, sizeof(b), f);
    assert_true(pp_figure_matches(&f[0], 0.127));
    assert_true(pp_figure_matches(&f[0], 0.1274));
    assert_false(pp_figure_matches(&f[0], 0.13));
    scan("1T", NULL, b, sizeof(b), f);
    assert_true(pp_figure_matches(&f[0], 1.04e12));
    assert_false(pp_figure_matches(&f[0], 1.6e12));
    scan("70k", NULL, b, sizeof(b), f);
    assert_false(pp_figure_matches(&f[0], 80000));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms_and_values),
        cmocka_unit_test(no_figures),
        cmocka_unit_test(precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
