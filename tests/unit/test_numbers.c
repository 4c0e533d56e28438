/*
 * test_numbers.c - every number form the seeds use, read with its value in
 * base units, its significant digits, its qualifier and its unit; and the
 * things that look like numbers but are not (K2, FP8, 1F1B, §4.2.3).
 */
#include "test_helpers.h"

#include <math.h>
#include <string.h>

#include "calc/numbers.h"

struct want {
    const char *text;
    double value;
    int sig;
    const char *qualifier;
    enum pp_unit unit;
};

static const struct want cases[] = {
    {"15.5T tokens", 15.5e12, 3, "=", PP_UNIT_TOKENS},
    {"$C=10^{25}$", 1e25, 1, "=", PP_UNIT_NONE},
    {"at 10^9 scale", 1e9, 1, "=", PP_UNIT_NONE},
    {"\\cdot70\\text{B}\\cdot D", 70e9, 2, "=", PP_UNIT_NONE},
    {"671B parameters", 671e9, 3, "=", PP_UNIT_PARAMS},
    {"a 32K context", 32e3, 2, "=", PP_UNIT_NONE},
    {"a 4k context length", 4e3, 1, "=", PP_UNIT_NONE}, /* lower case too */
    {"16k GPUs", 16e3, 2, "=", PP_UNIT_DEVICES},
    {"14.8 trillion tokens", 14.8e12, 3, "=", PP_UNIT_TOKENS},
    {"14,800 billion", 14.8e12, 3, "=", PP_UNIT_NONE},
    {"20T tokens", 20e12, 2, "=", PP_UNIT_TOKENS},
    {"max 65 504", 65504, 5, "=", PP_UNIT_NONE},
    {"C = 7.227e23 FLOP", 7.227e23, 4, "=", PP_UNIT_FLOP},
    {"7.23 × 10^23", 7.23e23, 3, "=", PP_UNIT_NONE},
    {"$7.227\\cdot10^{23}$", 7.227e23, 4, "=", PP_UNIT_NONE},
    {"drops to 5.2%", 0.052, 2, "=", PP_UNIT_PERCENT},
    {"$f=17.9\\%$", 0.179, 3, "=", PP_UNIT_PERCENT},
    {"$N^{*}=35.663\\text{B}$", 35.663e9, 5, "=", PP_UNIT_NONE},
    {"$C=7.227\\cdot10^{23}\\ \\text{FLOP}.$", 7.227e23, 4, "=", PP_UNIT_FLOP},
    {"15 трлн токенов", 15e12, 2, "=", PP_UNIT_TOKENS},
    /* Han numerals read whole: 三十二万亿, 二千八百四十亿, 一百三十亿, 十亿 */
    {"\xE4\xB8\x89\xE5\x8D\x81\xE4\xBA\x8C\xE4\xB8\x87\xE4\xBA\xBF", 32e12, 2,
     "=", PP_UNIT_NONE},
    {"\xE4\xBA\x8C\xE5\x8D\x83\xE5\x85\xAB\xE7\x99\xBE\xE5\x9B\x9B\xE5\x8D\x81"
     "\xE4\xBA\xBF",
     284e9, 3, "=", PP_UNIT_NONE},
    {"\xE4\xB8\x80\xE7\x99\xBE\xE4\xB8\x89\xE5\x8D\x81\xE4\xBA\xBF", 13e9, 2,
     "=", PP_UNIT_NONE},
    {"\xE5\x8D\x81\xE4\xBA\xBF", 1e9, 1, "=", PP_UNIT_NONE},
    {"\xE5\x8D\x81\xE5\x9B\x9B\xE4\xB8\x87\xE5\x85\xAB\xE5\x8D\x83\xE4\xBA\xBF",
     14.8e12, 3, "=", PP_UNIT_NONE}, /* 十四万八千亿 */
    /* number words read as one cardinal, never a part of one */
    {"two hundred eighty-four billion parameters", 284e9, 3, "=",
     PP_UNIT_PARAMS},
    {"over thirty-two trillion tokens", 32e12, 2, ">", PP_UNIT_TOKENS},
    {"thirteen billion", 13e9, 2, "=", PP_UNIT_NONE},
    {"six hundred and seventy-one billion", 671e9, 3, "=", PP_UNIT_NONE},
    {"a two hundred billion parameter total", 200e9, 1, "=", PP_UNIT_PARAMS},
    {"a hundred billion", 100e9, 1, "=", PP_UNIT_NONE},
    {"half a trillion", 0.5e12, 1, "\xE2\x89\x88", PP_UNIT_NONE},
    {"\xD0\xBF\xD0\xBE\xD0\xBB\xD1\x82\xD0\xBE\xD1\x80\xD0\xB0\x20\xD1\x82\xD1"
     "\x80\xD0\xB8\xD0\xBB\xD0\xBB\xD0\xB8\xD0\xBE\xD0\xBD\xD0\xB0",
     1.5e12, 2, "=", PP_UNIT_NONE}, /* полтора триллиона */
    {"a one-trillion-parameter model", 1e12, 1, "=", PP_UNIT_PARAMS},
    {"\xD1\x82\xD1\x80\xD0\xB8\xD0\xB4\xD1\x86\xD0\xB0\xD1\x82\xD1\x8C "
     "\xD0\xB4\xD0\xB2\xD0\xB0 \xD1\x82\xD1\x80\xD0\xB8\xD0\xBB\xD0\xBB"
     "\xD0\xB8\xD0\xBE\xD0\xBD\xD0\xB0",
     32e12, 2, "=", PP_UNIT_NONE}, /* тридцать два триллиона */
    {"2,5 млрд параметров", 2.5e9, 2, "=", PP_UNIT_PARAMS},
    /* a magnitude word alone, singular, before what it counts: one of it */
    {"3.8 × 10²⁵ FLOPs", 3.8e25, 2, "=", PP_UNIT_FLOP}, /* superscripts */
    {"a budget of 10²⁴", 1e24, 1, "=", PP_UNIT_NONE},
    {"10⁻³", 1e-3, 1, "=", PP_UNIT_NONE},
    {"обладающим триллионом параметров", 1e12, 1, "=", PP_UNIT_PARAMS},
    {"около триллиона токенов", 1e12, 1, "\xE2\x89\x88", PP_UNIT_TOKENS},
    {"на миллиард параметров", 1e9, 1, "=", PP_UNIT_PARAMS},
    {"15万亿 Token", 15e12, 2, "=", PP_UNIT_TOKENS},
    {"about 1.09T tokens", 1.09e12, 3, "\xE2\x89\x88", PP_UNIT_TOKENS},
    {"более 32T", 32e12, 2, ">", PP_UNIT_NONE},
    /* a decimal point in words */
    {"fourteen point eight trillion tokens", 14.8e12, 3, "=", PP_UNIT_TOKENS},
    {"one point zero four trillion parameters", 1.04e12, 3, "=",
     PP_UNIT_PARAMS},
    {"twenty point five billion", 20.5e9, 3, "=", PP_UNIT_NONE},
    /* a negated bound is the opposite bound, not the bound it negates */
    {"不超过 40B", 40e9, 2, "\xE2\x89\xA4", PP_UNIT_NONE},
    {"不少于 15T", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_NONE},
    {"no more than 40B", 40e9, 2, "\xE2\x89\xA4", PP_UNIT_NONE},
    {"no fewer than 1T", 1e12, 1, "\xE2\x89\xA5", PP_UNIT_NONE},
    {"не больше 40B", 40e9, 2, "\xE2\x89\xA4", PP_UNIT_NONE},
    {"超过 40B", 40e9, 2, ">", PP_UNIT_NONE},
    /* bounds in other words: before the figure, and after it */
    {"pushes the scale past 2.5 trillion", 2.5e12, 2, ">", PP_UNIT_NONE},
    {"north of 2T tokens", 2e12, 1, ">", PP_UNIT_TOKENS},
    {"超2.5万亿", 2.5e12, 2, ">", PP_UNIT_NONE},
    {"15万亿以上", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_NONE},
    {"15T tokens or more", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_TOKENS},
    {"15T или более", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_NONE},
    /* a numeral after 参数 ("parameters"), not after 数 ("several") */
    {"总参数二万七千八百亿", 2.78e12, 3, "=", PP_UNIT_NONE},
    {"token 数一万五千亿", 1.5e12, 2, "=", PP_UNIT_NONE},
    /* a decimal comma before an exponent, not a thousands separator */
    {"7,227e23 FLOP", 7.227e23, 4, "=", PP_UNIT_FLOP},
    {"15T or moreover", 15e12, 2, "=", PP_UNIT_NONE},
    {"112 GB", 112e9, 3, "=", PP_UNIT_BYTES},
    {"390 TFLOP/s", 390e12, 3, "=", PP_UNIT_FLOPS},
    {"on 32K GPUs", 32e3, 2, "=", PP_UNIT_DEVICES},
    /* time on devices is not a count of them */
    {"30.8M GPU hours", 30.8e6, 3, "=", PP_UNIT_DEVICE_HOURS},
    {"2.788M GPU-hours", 2.788e6, 4, "=", PP_UNIT_DEVICE_HOURS},
    {"278.8万 GPU 小时", 2.788e6, 4, "=", PP_UNIT_DEVICE_HOURS},
    {"278.8万H800 GPU小时", 2.788e6, 4, "=", PP_UNIT_DEVICE_HOURS},
    {"2.664M H800 GPU hours", 2.664e6, 4, "=", PP_UNIT_DEVICE_HOURS},
    {"31.85M H100-h", 31.85e6, 4, "=", PP_UNIT_DEVICE_HOURS},
    {"3,311,616 A100-80GB GPU-hours", 3311616, 7, "=", PP_UNIT_DEVICE_HOURS},
    {"2,788 \xD0\xBC\xD0\xBB\xD0\xBD GPU-\xD1\x87\xD0\xB0\xD1\x81\xD0"
     "\xBE\xD0\xB2",
     2.788e6, 4, "=", PP_UNIT_DEVICE_HOURS}, /* 2,788 млн GPU-часов */
    /* a Russian comma before a Russian magnitude is a decimal one; an
     * English one groups */
    {"1,720 \xD0\xBC\xD0\xBB\xD0\xBD", 1.72e6, 4, "=",
     PP_UNIT_NONE}, /* 1,720 млн */
    {"1,720 million", 1.72e9, 3, "=", PP_UNIT_NONE},
    /* an accelerator's model before the devices; alone it is no unit */
    {"2,048 NVIDIA H800 GPUs", 2048, 4, "=", PP_UNIT_DEVICES},
    {"2,048 H800 GPUs", 2048, 4, "=", PP_UNIT_DEVICES},
    {"2,048 H800s", 2048, 4, "=", PP_UNIT_NONE},
    {"4 H100-high nodes", 4, 1, "=", PP_UNIT_NONE},
    {"scales 2.5x better", 2.5, 2, "=", PP_UNIT_TIMES},
    {"2.5\xC3\x97 faster", 2.5, 2, "=", PP_UNIT_TIMES},
    {"a trillion parameters", 1e12, 1, "=", PP_UNIT_PARAMS},
    {"a one-trillion-parameter model", 1e12, 1, "=", PP_UNIT_PARAMS},
    {"a 671-billion-parameter model", 671e9, 3, "=", PP_UNIT_PARAMS},
    {"a 15T-token corpus", 15e12, 2, "=", PP_UNIT_TOKENS},
    /* a magnitude letter set apart by a space: before the unit or the word
     * that says which count, at the end of a cell, before Han text; not
     * after a label ("Table 5 B shows") */
    {"32 B active parameters", 32e9, 2, "=", PP_UNIT_PARAMS},
    {"1 T total parameters", 1e12, 1, "=", PP_UNIT_PARAMS},
    {"Kimi K2\t1 T", 1e12, 1, "=", PP_UNIT_NONE},
    {"Kimi K2\t1.04 T\tMoE", 1.04e12, 3, "=", PP_UNIT_NONE},
    {"| 671 B |", 671e9, 3, "=", PP_UNIT_NONE},
    {"1 T\xEF\xBC\x8C", 1e12, 1, "=", PP_UNIT_NONE}, /* 1 T，*/
    {"Table 5 B shows", 5, 1, "=", PP_UNIT_NONE},
    {"Table 5 B", 5, 1, "=", PP_UNIT_NONE},
    {"\xE4\xB8\x80\xE4\xB8\x87\xE4\xBA\xBF\xE5\x8F\x82\xE6\x95\xB0", 1e12, 1,
     "=", PP_UNIT_PARAMS}, /* 一万亿参数 */
    {"\xE7\xBA\xA6\xE4\xB8\xA4\xE5\x8D\x83\xE4\xBA\xBF", 2e11, 1,
     "\xE2\x89\x88", PP_UNIT_NONE}, /* 约两千亿 */
    {"2\xE5\x8D\x83\xE4\xBA\xBF", 2e11, 1, "=", PP_UNIT_NONE}, /* 2千亿 */
    /* one case for each step of the scan */
    {"$10^{-3}$", 1e-3, 1, "=", PP_UNIT_NONE},
    {"7.227E+23 FLOP", 7.227e23, 4, "=", PP_UNIT_FLOP},
    {"2.5 x 10^{9}", 2.5e9, 2, "=", PP_UNIT_NONE},
    {"14 \xD1\x82\xD1\x80\xD0\xBB\xD0\xBD. tokens", 14e12, 2, "=",
     PP_UNIT_TOKENS}, /* 14 трлн. */
    {"\xD0\xBE\xD0\xB4\xD0\xB8\xD0\xBD \xD1\x82\xD1\x80\xD0\xBB"
     "\xD0\xBD",
     1e12, 1, "=", PP_UNIT_NONE}, /* один трлн */
    {"\xE4\xBA\x94\xE5\x8D\x83\xE4\xBA\xBF", 5e11, 1, "=",
     PP_UNIT_NONE}, /* 五千亿 */
    {"112\\,\\text{GB}", 112e9, 3, "=", PP_UNIT_BYTES},
    {"at least 8 experts", 8, 1, "\xE2\x89\xA5", PP_UNIT_EXPERTS},
    /* a plus after the figure is "or more" (arithmetic is not: sums) */
    {"15+ trillion tokens", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_TOKENS},
    {"15T+ tokens", 15e12, 2, "\xE2\x89\xA5", PP_UNIT_TOKENS},
    {"over 15T+ tokens", 15e12, 2, ">", PP_UNIT_TOKENS},
    /* traditional Han magnitudes */
    {"1750\xE5\x84\x84", 175e9, 4, "=", PP_UNIT_NONE}, /* 1750億 */
    {"\xE5\x85\xA9\xE5\x8D\x83\xE5\x84\x84", 2e11, 1, "=",
     PP_UNIT_NONE}, /* 兩千億 */
    {"1,000,000 tokens", 1e6, 7, "=", PP_UNIT_TOKENS},
    /* up to two describing words before the count's noun, never a word
     * that joins or relates */
    {"175 billion machine learning parameters", 175e9, 3, "=", PP_UNIT_PARAMS},
    /* a hyphen between letters joins a word; a dangling one does not */
    {"15.29B non-embedding parameters", 15.29e9, 4, "=", PP_UNIT_PARAMS},
    {"15.5T high-quality tokens", 15.5e12, 3, "=", PP_UNIT_TOKENS},
    {"15.29B non- parameters", 15.29e9, 4, "=", PP_UNIT_NONE},
    {"32B active per token", 32e9, 2, "=", PP_UNIT_NONE},
    {"405B models and tokens", 405e9, 3, "=", PP_UNIT_NONE},
    {"1750\xE4\xBA\xBF\xE4\xB8\xAA\xE6\x9C\xBA\xE5\x99\xA8\xE5\xAD\xA6\xE4\xB9"
     "\xA0"
     "\xE7\x9A\x84\xE5\x8F\x82\xE6\x95\xB0",
     175e9, 4, "=", PP_UNIT_PARAMS}, /* 1750亿个机器学习的参数 */
    /* one two-character Chinese word before the count's noun */
    {"1750\xE4\xBA\xBF\xE6\xA8\xA1\xE5\x9E\x8B\xE5\x8F\x82\xE6\x95\xB0", 175e9,
     4, "=", PP_UNIT_PARAMS}, /* 1750亿模型参数 */
    {"370\xE4\xBA\xBF\xE4\xB8\xAA\xE6\xBF\x80\xE6\xB4\xBB\xE5\x8F\x82\xE6\x95"
     "\xB0",
     37e9, 3, "=", PP_UNIT_PARAMS}, /* 370亿个激活参数 */
    {"1750\xE4\xBA\xBF\xE6\xA8\xA1\xE5\x9E\x8B", 175e9, 4, "=",
     PP_UNIT_NONE}, /* 1750亿模型: no noun of a count after the word */
};

/* "6 × 37B × 14.8T": a sign an operand follows multiplies; the figure
 * before it is no multiplier ("2.5× faster" is). */
static void products(void **state)
{
    static const struct {
        const char *text;
        size_t count;
        enum pp_unit first;
    } prods[] = {
        {"6 \xC3\x97 37B \xC3\x97 14.8T", 3, PP_UNIT_NONE},
        {"2 \xC3\x97 (a + b)", 1, PP_UNIT_NONE},
        {"3 \xC3\x97 N", 1, PP_UNIT_NONE},
        {"3 \xC3\x97 Nemotron", 1, PP_UNIT_TIMES},
        {"3 \xC3\x97", 1, PP_UNIT_TIMES},
        {"3 \xC3\x97 $D$", 1, PP_UNIT_NONE},
    };
    (void)state;
    for (size_t i = 0; i < sizeof(prods) / sizeof(prods[0]); i++) {
        pp_number n[4];
        size_t k = pp_numbers_scan(prods[i].text, strlen(prods[i].text), n, 4);
        if (k != prods[i].count || n[0].unit != prods[i].first)
            fail_msg("'%s': %zu numbers, the first of unit %d; want %zu, %d",
                     prods[i].text, k, k ? (int)n[0].unit : -1, prods[i].count,
                     (int)prods[i].first);
    }
}

/* Two figures joined as a range are one, its lower end scaled by the
 * upper's magnitude; a change ("from 16B to 1T", "从 4K 到 128K") and a
 * pair out of order stay two. */
static void ranges(void **state)
{
    static const struct {
        const char *text;
        double lo, hi;
        enum pp_unit unit;
        size_t start; /* where the range begins: past "between ", "от " */
    } joined[] = {
        {"10\xE2\x80\x93"
         "20T tokens",
         10e12, 20e12, PP_UNIT_TOKENS, 0},
        {"10 to 20 trillion tokens", 10e12, 20e12, PP_UNIT_TOKENS, 0},
        {"between 600B and 700B parameters", 600e9, 700e9, PP_UNIT_PARAMS, 8},
        {"\xD0\xBE\xD1\x82 10 \xD0\xB4\xD0\xBE 20 "
         "\xD1\x82\xD1\x80\xD0\xBB\xD0\xBD",
         10e12, 20e12, PP_UNIT_NONE, 5},
        {"10 \xE8\x87\xB3 20 \xE4\xB8\x87\xE4\xBA\xBF", 10e12, 20e12,
         PP_UNIT_NONE, 0},
        {"2,5\xE2\x80\x93"
         "3 \xD0\xBC\xD0\xBB\xD1\x80\xD0\xB4",
         2.5e9, 3e9, PP_UNIT_NONE, 0},
        {"10\xE2\x80\x93"
         "20%",
         0.10, 0.20, PP_UNIT_PERCENT, 0},
    };
    static const char *const apart[] = {
        "grew from 16B to 1T",
        "\xE4\xBB\x8E 4K \xE5\x88\xB0 128K", /* 从 4K 到 128K */
        "20T\xE2\x80\x93"
        "10T",           /* out of order */
        "600B and 700B", /* no "between" */
    };
    (void)state;
    for (size_t i = 0; i < sizeof(joined) / sizeof(joined[0]); i++) {
        pp_number n[4];
        size_t k =
            pp_numbers_scan(joined[i].text, strlen(joined[i].text), n, 4);
        if (k != 1 || !n[0].range)
            fail_msg("'%s': %zu numbers, range %d; want one range",
                     joined[i].text, k, k ? n[0].range : 0);
        if (fabs(n[0].lo - joined[i].lo) > 1e-9 * joined[i].lo ||
            fabs(n[0].value - joined[i].hi) > 1e-9 * joined[i].hi ||
            n[0].unit != joined[i].unit)
            fail_msg("'%s': %g..%g unit %d, want %g..%g unit %d",
                     joined[i].text, n[0].lo, n[0].value, (int)n[0].unit,
                     joined[i].lo, joined[i].hi, (int)joined[i].unit);
        assert_int_equal(n[0].start, joined[i].start);
    }
    for (size_t i = 0; i < sizeof(apart) / sizeof(apart[0]); i++) {
        pp_number n[4];
        size_t k = pp_numbers_scan(apart[i], strlen(apart[i]), n, 4);
        if (k != 2 || n[0].range || n[1].range)
            fail_msg("'%s': %zu numbers, want two apart", apart[i], k);
    }
}

/* "2+2" is two figures of their own, neither "or more". */
static void sums_are_not_bounds(void **state)
{
    pp_number n[4];
    (void)state;
    assert_int_equal(pp_numbers_scan("2+2", 3, n, 4), 2);
    assert_string_equal(n[0].qualifier, "=");
    assert_string_equal(n[1].qualifier, "=");
}

static void forms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct want *w = &cases[i];
        pp_number n[4];
        size_t k = pp_numbers_scan(w->text, strlen(w->text), n, 4);
        if (k != 1)
            fail_msg("'%s': %zu numbers, want 1", w->text, k);
        if (fabs(n[0].value - w->value) > 1e-9 * fabs(w->value))
            fail_msg("'%s': value %.10g, want %.10g", w->text, n[0].value,
                     w->value);
        if (n[0].sig != w->sig)
            fail_msg("'%s': %d significant digits, want %d", w->text, n[0].sig,
                     w->sig);
        if (strcmp(n[0].qualifier, w->qualifier) != 0)
            fail_msg("'%s': qualifier '%s', want '%s'", w->text, n[0].qualifier,
                     w->qualifier);
        if (n[0].unit != w->unit)
            fail_msg("'%s': unit %d, want %d", w->text, (int)n[0].unit,
                     (int)w->unit);
    }
}

static void not_numbers(void **state)
{
    static const char *const texts[] = {
        "Kimi K2",
        "FP8 and E4M3",
        "the 1F1B schedule",
        "see §4.2.3",
        "version 1.2.0",
        "DeepSeek-V3",
        "Qwen3.8-Max",
        "§ 15",
        "a model",
        "a 1F1B schedule",
        "two three billion", /* words that make no cardinal: no part either */
        "a few hundred billion", /* no figure, not "hundred billion" */
        "\xE5\x8D\x83\xE4\xBA\xBF\xE7\xBA\xA7", /* 千亿级: a scale, no figure */
        "\xE4\xB8\x80\xE4\xBA\x8C\xE4\xBA\xBF", /* 一二亿: a list, not a numeral */
        "forty-four-ish",
        "non-one billion",
        "the 3rd run",
        "\xE6\x95\xB0\xE5\x8D\x81\xE4\xBA\xBF\xE5\x8F\x82\xE6\x95"
        "\xB0",                 /* 数十亿参数 */
        "миллиарды параметров", /* many, not one */
        "с миллиардами параметров",
        "триллион долларов",      /* counts nothing the checker reads */
        "from the point of view", /* "point" with no digits after it */
    };
    (void)state;
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        pp_number n[4];
        size_t k = pp_numbers_scan(texts[i], strlen(texts[i]), n, 4);
        if (k != 0)
            fail_msg("'%s': read %zu number(s), the first %.10g", texts[i], k,
                     n[0].value);
    }
}

static void spans_and_bounds(void **state)
{
    const char *t = "Kimi K2 has 32.6B active parameters out of 1.04T.";
    pp_number n[1];
    (void)state;
    /* at most `max` numbers are written */
    assert_int_equal(pp_numbers_scan(t, strlen(t), n, 1), 1);
    assert_memory_equal(t + n[0].start, "32.6B", 5);
    /* a cut in the middle of a figure does not read past the end */
    assert_int_equal(pp_numbers_scan(t, 14, n, 1), 1);
    assert_true(n[0].end <= 14);
    /* invalid UTF-8 is skipped, not trusted */
    assert_int_equal(pp_numbers_scan("\xff\xfe 5T\xc3", 7, n, 1), 1);
}

/* The total-active notation: "1T-32A", "671B-A37B", "1T-A32B". */
static void active_tags(void **state)
{
    static const struct {
        const char *text;
        int tag;
        double active;
        int sig;
    } tags[] = {
        {"Kimi K2 (1T-32A)", 1, 0, 0}, /* 32A: no magnitude of its own */
        {"DeepSeek-V3 (671B-A37B)", 2, 37e9, 2},
        {"Kimi K2 (1T-A32B)", 2, 32e9, 2},
        {"a 1.04T-32.6BA model", 2, 32.6e9, 3},
        {"Qwen3-30B-A3B-Instruct", 0, 0, 0}, /* a name, not counts */
        {"671B-A700B", 0, 0, 0},             /* no smaller than the total */
        {"671B-37B", 0, 0, 0},               /* no A: a range, not a tag */
    };
    (void)state;
    for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
        const char *t = tags[i].text;
        pp_number n[4], act;
        size_t k = pp_numbers_scan(t, strlen(t), n, 4), f = 0;
        int tag = 0;
        for (; f < k && !n[f].magnitude; f++)
            ;
        if (f < k)
            tag = pp_numbers_active_tag(t, strlen(t), &n[f], &act);
        if (tag != tags[i].tag)
            fail_msg("'%s': tag %d, want %d", t, tag, tags[i].tag);
        if (tag == 2 &&
            (fabs(act.value - tags[i].active) > 1 || act.sig != tags[i].sig))
            fail_msg("'%s': active %.10g (%d digits), want %.10g (%d)", t,
                     act.value, act.sig, tags[i].active, tags[i].sig);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms),       cmocka_unit_test(sums_are_not_bounds),
        cmocka_unit_test(not_numbers), cmocka_unit_test(active_tags),
        cmocka_unit_test(products),    cmocka_unit_test(spans_and_bounds),
        cmocka_unit_test(ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
