/*
 * numbers.c - the number scanner (see numbers.h).
 *
 * Hand-written rather than one large regular expression: the forms are
 * many and each needs its own arithmetic (thousands separators, decimal
 * commas, exponents in three notations, magnitude words in three
 * languages), and a scanner keeps exact byte spans for positions.
 */
#include "numbers.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/num.h"

#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Bytes, words and the tables every form reads                       */
/* ------------------------------------------------------------------ */

static int ascii_alnum(unsigned char c)
{
    return c < 0x80 && (isalnum(c) || c == '_');
}

static unsigned char lower_ascii(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 0x20) : c;
}

/* Does `s` (len n) start with `w`, case-insensitively for ASCII?  Returns
 * the length of `w` when it does, else 0. */
static size_t starts(const char *s, size_t n, const char *w)
{
    size_t k;
    /* the first byte rejects almost every position cheaply */
    if (!n ||
        lower_ascii((unsigned char)s[0]) != lower_ascii((unsigned char)w[0]))
        return 0;
    for (k = 1; w[k]; k++)
        if (k >= n || lower_ascii((unsigned char)s[k]) !=
                          lower_ascii((unsigned char)w[k]))
            return 0;
    return k;
}

/* A word ends here: no ASCII letter follows. */
static int word_end(const char *s, size_t n, size_t at)
{
    return at >= n || !isalpha((unsigned char)s[at]);
}

/* Past the rest of a Latin or Cyrillic word from `k` ("tokens",
 * "параметров"), stopping before Han script. */
static size_t word_rest(const char *s, size_t n, size_t k)
{
    while (k < n &&
           ((unsigned char)s[k] >= 0x80 || isalpha((unsigned char)s[k])) &&
           (unsigned char)s[k] < 0xE0)
        k++;
    return k;
}

/* Past spaces, tabs and no-break spaces from `i`. */
static size_t skip_spaces(const char *s, size_t n, size_t i)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t' ||
                     (i + 1 < n && (unsigned char)s[i] == 0xC2 &&
                      (unsigned char)s[i + 1] == 0xA0)))
        i += s[i] == ' ' || s[i] == '\t' ? 1 : 2;
    return i;
}

static const struct {
    const char *word;
    double scale;
} magnitude_words[] = {
    {"trillion", 1e12}, {"billion", 1e9},   {"million", 1e6}, {"thousand", 1e3},
    {"трлн", 1e12},     {"триллион", 1e12}, {"млрд", 1e9},    {"миллиард", 1e9},
    {"млн", 1e6},       {"миллион", 1e6},   {"тыс", 1e3},     {"万亿", 1e12},
    {"千亿", 1e11},     {"百亿", 1e10},     {"亿", 1e8},      {"万", 1e4},
    {"萬億", 1e12},     {"千億", 1e11},     {"百億", 1e10},   {"億", 1e8},
    {"萬", 1e4},        {"千", 1e3}, /* the longest first: 千亿 before 千 */
};

/* Magnitude words that stand alone for one of them (lone_magnitude). */
static const struct {
    const char *word;
    double scale;
} lone[] = {{"триллион", 1e12}, {"миллиард", 1e9}};

/* How a number word combines with those before it: a digit (1-9), a
 * number from ten to nineteen, a multiple of ten, a multiple of a hundred
 * written as one word (Russian двести), "hundred" (multiplies), or the
 * article "a" (one, only before "hundred" or a magnitude). */
enum word_kind { W_DIGIT, W_TEEN, W_TENS, W_HUNDREDS, W_HUNDRED, W_ARTICLE };

struct cardinal_word {
    const char *word;
    double value;
    enum word_kind kind;
};

/* In any order: a word matches only where a whole word ends
 * (letters_end), so "четыре" never matches the start of "четыреста". */
static const struct cardinal_word number_words[] = {
    {"a", 1, W_ARTICLE},
    {"one", 1, W_DIGIT},
    {"two", 2, W_DIGIT},
    {"three", 3, W_DIGIT},
    {"four", 4, W_DIGIT},
    {"five", 5, W_DIGIT},
    {"six", 6, W_DIGIT},
    {"seven", 7, W_DIGIT},
    {"eight", 8, W_DIGIT},
    {"nine", 9, W_DIGIT},
    {"ten", 10, W_TEEN},
    {"eleven", 11, W_TEEN},
    {"twelve", 12, W_TEEN},
    {"thirteen", 13, W_TEEN},
    {"fourteen", 14, W_TEEN},
    {"fifteen", 15, W_TEEN},
    {"sixteen", 16, W_TEEN},
    {"seventeen", 17, W_TEEN},
    {"eighteen", 18, W_TEEN},
    {"nineteen", 19, W_TEEN},
    {"twenty", 20, W_TENS},
    {"thirty", 30, W_TENS},
    {"forty", 40, W_TENS},
    {"fifty", 50, W_TENS},
    {"sixty", 60, W_TENS},
    {"seventy", 70, W_TENS},
    {"eighty", 80, W_TENS},
    {"ninety", 90, W_TENS},
    {"hundred", 100, W_HUNDRED},
    /* Russian, in the nominative and the genitive ("более двух млрд") */
    {"полтора", 1.5, W_DIGIT},
    {"полторы", 1.5, W_DIGIT},
    {"один", 1, W_DIGIT},
    {"одна", 1, W_DIGIT},
    {"одного", 1, W_DIGIT},
    {"два", 2, W_DIGIT},
    {"две", 2, W_DIGIT},
    {"двух", 2, W_DIGIT},
    {"три", 3, W_DIGIT},
    {"трёх", 3, W_DIGIT},
    {"трех", 3, W_DIGIT},
    {"четыре", 4, W_DIGIT},
    {"четырёх", 4, W_DIGIT},
    {"четырех", 4, W_DIGIT},
    {"пять", 5, W_DIGIT},
    {"пяти", 5, W_DIGIT},
    {"шесть", 6, W_DIGIT},
    {"шести", 6, W_DIGIT},
    {"семь", 7, W_DIGIT},
    {"семи", 7, W_DIGIT},
    {"восемь", 8, W_DIGIT},
    {"восьми", 8, W_DIGIT},
    {"девять", 9, W_DIGIT},
    {"девяти", 9, W_DIGIT},
    {"десять", 10, W_TEEN},
    {"десяти", 10, W_TEEN},
    {"одиннадцать", 11, W_TEEN},
    {"двенадцать", 12, W_TEEN},
    {"тринадцать", 13, W_TEEN},
    {"четырнадцать", 14, W_TEEN},
    {"пятнадцать", 15, W_TEEN},
    {"шестнадцать", 16, W_TEEN},
    {"семнадцать", 17, W_TEEN},
    {"восемнадцать", 18, W_TEEN},
    {"девятнадцать", 19, W_TEEN},
    {"двадцать", 20, W_TENS},
    {"двадцати", 20, W_TENS},
    {"тридцать", 30, W_TENS},
    {"тридцати", 30, W_TENS},
    {"сорок", 40, W_TENS},
    {"сорока", 40, W_TENS},
    {"пятьдесят", 50, W_TENS},
    {"шестьдесят", 60, W_TENS},
    {"семьдесят", 70, W_TENS},
    {"восемьдесят", 80, W_TENS},
    {"девяносто", 90, W_TENS},
    {"сто", 100, W_HUNDREDS},
    {"ста", 100, W_HUNDREDS},
    {"двести", 200, W_HUNDREDS},
    {"триста", 300, W_HUNDREDS},
    {"четыреста", 400, W_HUNDREDS},
    {"пятьсот", 500, W_HUNDREDS},
    {"шестьсот", 600, W_HUNDREDS},
    {"семьсот", 700, W_HUNDREDS},
    {"восемьсот", 800, W_HUNDREDS},
    {"девятьсот", 900, W_HUNDREDS},
};

/* Han numerals for han_number. */
struct number_word {
    const char *word;
    double value;
};

/* Digits, the units within a section of four (十 百 千), and the
 * magnitudes that close a section (万, 亿; 万亿 is 万 then 亿;
 * traditional forms too). */
static const struct number_word han_digits[] = {
    {"零", 0}, {"一", 1}, {"二", 2}, {"两", 2}, {"兩", 2}, {"三", 3},
    {"四", 4}, {"五", 5}, {"六", 6}, {"七", 7}, {"八", 8}, {"九", 9},
};
static const struct number_word han_units[] = {
    {"十", 10},
    {"百", 100},
    {"千", 1000},
};
static const struct number_word han_big[] = {
    {"亿", 1e8},
    {"億", 1e8},
    {"万", 1e4},
    {"萬", 1e4},
};

/* QUAL(text, q): a qualifier word and what it means, its length
 * counted once. */
#define QUAL(text, q)                                                          \
    {                                                                          \
        text, sizeof(text) - 1, q                                              \
    }
static const struct {
    const char *text;
    size_t len;
    const char *q;
} qualifiers[] = {
    QUAL("approximately ", "\xE2\x89\x88"),
    QUAL("about ", "\xE2\x89\x88"),
    QUAL("around ", "\xE2\x89\x88"),
    QUAL("roughly ", "\xE2\x89\x88"),
    QUAL("nearly ", "\xE2\x89\x88"),
    QUAL("almost ", "\xE2\x89\x88"),
    QUAL("some ", "\xE2\x89\x88"),
    QUAL("~", "\xE2\x89\x88"),
    QUAL("\xE2\x89\x88", "\xE2\x89\x88"),
    QUAL("около ", "\xE2\x89\x88"),
    QUAL("примерно ", "\xE2\x89\x88"),
    QUAL("почти ", "\xE2\x89\x88"),
    QUAL("порядка ", "\xE2\x89\x88"),
    QUAL("约", "\xE2\x89\x88"),
    QUAL("大约", "\xE2\x89\x88"),
    QUAL("近", "\xE2\x89\x88"),
    QUAL("more than ", ">"),
    QUAL("over ", ">"),
    QUAL("above ", ">"),
    QUAL("exceeding ", ">"),
    QUAL("exceeds ", ">"),
    QUAL("exceed ", ">"),
    QUAL("surpassing ", ">"),
    QUAL("in excess of ", ">"),
    QUAL("upwards of ", ">"),
    QUAL("upward of ", ">"),
    QUAL("past ", ">"),
    QUAL("beyond ", ">"),
    QUAL("north of ", ">"),
    QUAL("突破", ">"),
    QUAL("超", ">"),
    QUAL("превышает ", ">"),
    QUAL("大于", ">"),
    QUAL("多于", ">"),
    QUAL("超出", ">"),
    QUAL(">", ">"),
    QUAL("более чем на ", ">"),
    QUAL("более ", ">"),
    QUAL("свыше ", ">"),
    QUAL("больше ", ">"),
    QUAL("超过", ">"),
    QUAL("逾", ">"),
    QUAL("at least ", "\xE2\x89\xA5"),
    QUAL("≥", "\xE2\x89\xA5"),
    QUAL("не менее ", "\xE2\x89\xA5"),
    QUAL("至少", "\xE2\x89\xA5"),
    QUAL("less than ", "<"),
    QUAL("under ", "<"),
    QUAL("below ", "<"),
    QUAL("fewer than ", "<"),
    QUAL("<", "<"),
    QUAL("менее ", "<"),
    QUAL("меньше ", "<"),
    QUAL("不到", "<"),
    QUAL("少于", "<"),
    QUAL("at most ", "\xE2\x89\xA4"),
    QUAL("≤", "\xE2\x89\xA4"),
    QUAL("не более ", "\xE2\x89\xA4"),
    QUAL("至多", "\xE2\x89\xA4"),
    /* a negated bound, longer than the bound it negates ("不超过" is not
     * "超过") */
    QUAL("not more than ", "\xE2\x89\xA4"),
    QUAL("no more than ", "\xE2\x89\xA4"),
    QUAL("не более чем ", "\xE2\x89\xA4"),
    QUAL("не больше ", "\xE2\x89\xA4"),
    QUAL("не превышает ", "\xE2\x89\xA4"),
    QUAL("不超过", "\xE2\x89\xA4"),
    QUAL("未超过", "\xE2\x89\xA4"),
    QUAL("不高于", "\xE2\x89\xA4"),
    QUAL("not less than ", "\xE2\x89\xA5"),
    QUAL("no less than ", "\xE2\x89\xA5"),
    QUAL("no fewer than ", "\xE2\x89\xA5"),
    QUAL("не меньше ", "\xE2\x89\xA5"),
    QUAL("不少于", "\xE2\x89\xA5"),
    QUAL("不低于", "\xE2\x89\xA5"),
    QUAL("低于", "<"),
    QUAL("高于", ">"),
};

/* The qualifier written just before `at`, if any. */
static void qualifier_before(const char *s, size_t at, char out[4])
{
    size_t best = 0;
    snprintf(out, 4, "=");
    for (size_t i = 0; i < sizeof(qualifiers) / sizeof(qualifiers[0]); i++) {
        size_t k = qualifiers[i].len;
        /* allow one space between a symbol and the number: "~ 15T" */
        for (size_t pad = 0; pad <= 1; pad++) {
            if (k + pad > at || k <= best)
                continue;
            if (pad && s[at - 1] != ' ')
                continue;
            if (starts(s + at - k - pad, k, qualifiers[i].text) == k &&
                (at - k - pad == 0 ||
                 !isalpha((unsigned char)s[at - k - pad - 1]))) {
                best = k;
                snprintf(out, 4, "%s", qualifiers[i].q);
            }
        }
    }
}

/* A LaTeX text wrapper after a figure: "\\text{B}", "\\ \\text{FLOP}",
 * "\\mathrm{GB}".  Returns the offset of the wrapped word, or 0. */
static size_t latex_text(const char *s, size_t n, size_t j)
{
    static const char *const w[] = {"\\text{", "\\mathrm{", "\\,\\text{",
                                    "\\ \\text{", "\\ \\mathrm{"};
    while (j < n && s[j] == ' ')
        j++;
    for (size_t k = 0; k < sizeof(w) / sizeof(w[0]); k++) {
        size_t m = strlen(w[k]);
        if (j + m < n && !memcmp(s + j, w[k], m))
            return j + m;
    }
    return 0;
}

/* "6 × 37B × 14.8T", "2 × (a + b)", "3 × N": a product goes on after the
 * sign, so the figure before it is no multiplier ("2.5× faster"). */
static int operand_after(const char *s, size_t n, size_t j)
{
    j = skip_spaces(s, n, j);
    if (j >= n)
        return 0;
    if (isdigit((unsigned char)s[j]) || (s[j] && strchr("({$\\", s[j])))
        return 1;
    /* a one-letter variable: "× N", "× D_{70}" */
    return isupper((unsigned char)s[j]) &&
           (j + 1 >= n || !isalpha((unsigned char)s[j + 1]));
}

static const struct {
    const char *w;
    enum pp_unit u;
    double scale;
    int binary;
} units[] = {
    /* "3,640 petaflop/s-days" (GPT-3's compute): an amount */
    {"petaflop/s-days", PP_UNIT_FLOP, 1e15 * 86400, 0},
    {"petaflop/s-day", PP_UNIT_FLOP, 1e15 * 86400, 0},
    {"pf-days", PP_UNIT_FLOP, 1e15 * 86400, 0},
    {"petaFLOP/s", PP_UNIT_FLOPS, 1e15, 0},
    {"zettaFLOPs", PP_UNIT_FLOP, 1e21, 0}, /* amounts: "160 zettaFLOPs" */
    {"zettaFLOP", PP_UNIT_FLOP, 1e21, 0},
    {"exaFLOPs", PP_UNIT_FLOP, 1e18, 0},
    {"exaFLOP", PP_UNIT_FLOP, 1e18, 0},
    {"petaFLOPs", PP_UNIT_FLOP, 1e15, 0},
    {"petaFLOP", PP_UNIT_FLOP, 1e15, 0},
    {"EFLOP/s", PP_UNIT_FLOPS, 1e18, 0},
    {"PFLOP/s", PP_UNIT_FLOPS, 1e15, 0},
    {"TFLOP/s", PP_UNIT_FLOPS, 1e12, 0},
    {"GFLOP/s", PP_UNIT_FLOPS, 1e9, 0},
    {"TFLOPS", PP_UNIT_FLOPS, 1e12, 0},
    {"PFLOPS", PP_UNIT_FLOPS, 1e15, 0},
    {"FLOP/s", PP_UNIT_FLOPS, 1, 0},
    {"FLOPs", PP_UNIT_FLOP, 1, 0},
    {"FLOP", PP_UNIT_FLOP, 1, 0},
    {"GiB", PP_UNIT_BYTES, 1073741824.0, 1},
    {"GB", PP_UNIT_BYTES, 1e9, 0},
    {"TiB", PP_UNIT_BYTES, 1099511627776.0, 1},
    {"TB", PP_UNIT_BYTES, 1e12, 0},
    {"ГБ", PP_UNIT_BYTES, 1e9, 0},
    {"tokens", PP_UNIT_TOKENS, 1, 0},
    {"token", PP_UNIT_TOKENS, 1, 0},
    {"токен", PP_UNIT_TOKENS, 1, 0},
    {"词元", PP_UNIT_TOKENS, 1, 0},
    {"詞元", PP_UNIT_TOKENS, 1, 0},
    {"令牌", PP_UNIT_TOKENS, 1, 0},
    {"标记", PP_UNIT_TOKENS, 1, 0}, /* translated pages: "14.8万亿标记" */
    {"parameters", PP_UNIT_PARAMS, 1, 0},
    {"parameter", PP_UNIT_PARAMS, 1, 0},
    {"params", PP_UNIT_PARAMS, 1, 0},
    {"параметр", PP_UNIT_PARAMS, 1, 0},
    {"参数", PP_UNIT_PARAMS, 1, 0},
    {"參數", PP_UNIT_PARAMS, 1, 0},
    {"GPUs", PP_UNIT_DEVICES, 1, 0},
    {"GPU", PP_UNIT_DEVICES, 1, 0},
    {"accelerators", PP_UNIT_DEVICES, 1, 0},
    {"卡", PP_UNIT_DEVICES, 1, 0},
    {"experts", PP_UNIT_EXPERTS, 1, 0},
    {"эксперт", PP_UNIT_EXPERTS, 1, 0},
    {"专家", PP_UNIT_EXPERTS, 1, 0},
};

/* A unit word at `j` into *num, its value scaled (`counts`: tokens and
 * parameters only); returns the end of the word ("параметров"), or 0. */
static size_t unit_word(const char *s, size_t n, size_t j, pp_number *num,
                        int counts)
{
    for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
        size_t k = starts(s + j, n - j, units[u].w);
        int count =
            units[u].u == PP_UNIT_TOKENS || units[u].u == PP_UNIT_PARAMS;
        if (!k ||
            !(count || word_end(s, n, j + k) ||
              !isalpha((unsigned char)s[j])) ||
            (counts && !count))
            continue;
        num->unit = units[u].u;
        num->value *= units[u].scale;
        num->binary_bytes = units[u].binary;
        return word_rest(s, n, k + j);
    }
    return 0;
}

/* Is the word of `n` bytes at `s` one that joins or relates rather than
 * describes ("per", "and", "of"): then no count's noun follows it as
 * that count's ("37B per token", "405B models and tokens")? */
static int function_word(const char *s, size_t n)
{
    static const char *const w[] = {"per", "and", "or",   "of", "in",
                                    "on",  "for", "with", "to", "на",
                                    "и",   "или", "из",   "в"};
    for (size_t k = 0; k < sizeof(w) / sizeof(w[0]); k++)
        if (strlen(w[k]) == n && starts(s, n, w[k]) == n)
            return 1;
    return 0;
}

/* Are the six bytes at `j` two Han characters (U+4E00..U+9FFF)? */
static int han_pair(const char *s, size_t n, size_t j)
{
    const unsigned char *u = (const unsigned char *)s + j;
    if (j + 6 > n)
        return 0;
    for (int c = 0; c < 2; c++, u += 3)
        if (u[0] < 0xE4 || u[0] > 0xE9 || (u[1] & 0xC0) != 0x80 ||
            (u[2] & 0xC0) != 0x80)
            return 0;
    return 1;
}

/* Does a count follow `j` as a denominator -- "/ token", "per
 * parameter", "на токен", "每词元" -- making the figure before a rate? */
static int per_count_after(const char *s, size_t n, size_t j)
{
    static const char *const per[] = {"/", "per ", "на ", "每", "/ "};
    static const char *const count[] = {"token",    "param", "токен",
                                        "параметр", "词元",  "参数"};
    size_t k = 0;
    j = skip_spaces(s, n, j);
    for (size_t p = 0; p < sizeof(per) / sizeof(*per) && !k; p++)
        k = starts(s + j, n - j, per[p]);
    if (!k)
        return 0;
    j = skip_spaces(s, n, j + k);
    for (size_t c = 0; c < sizeof(count) / sizeof(*count); c++)
        if (starts(s + j, n - j, count[c]))
            return 1;
    return 0;
}

/* The end of a word of hours at `j`, spaces skipped ("hours", "-hours",
 * "hrs", "-h", "小时", "часов", "-часа"), or 0. */
static size_t hours_word(const char *s, size_t n, size_t j)
{
    static const char *const hours[] = {"-hour", "hour", "hrs", "-h",
                                        "小时",  "-час", "час"};
    j = skip_spaces(s, n, j);
    for (size_t h = 0; h < sizeof(hours) / sizeof(*hours); h++) {
        size_t k = starts(s + j, n - j, hours[h]);
        if (!k)
            continue;
        k += j;
        if (!strcmp(hours[h], "-h"))
            /* "H100-h", never "-high" */
            return word_end(s, n, k) ? k : 0;
        return word_rest(s, n, k); /* "hours", "часов" */
    }
    return 0;
}

/* The end of the name of an accelerator's model at `j` -- a letter or
 * two, at least two digits and maybe a memory size ("H800", "H100",
 * "A100-80GB") -- or of its maker ("NVIDIA"); 0 when none is there. */
static size_t device_model(const char *s, size_t n, size_t j)
{
    size_t k = j, d;
    if ((d = starts(s + j, n - j, "NVIDIA")) != 0)
        return word_end(s, n, j + d) ? j + d : 0;
    while (k < n && k - j < 2 && isupper((unsigned char)s[k]))
        k++;
    for (d = k; d < n && isdigit((unsigned char)s[d]); d++)
        ;
    if (k == j || d - k < 2)
        return 0;
    if (d + 1 < n && s[d] == '-' && isdigit((unsigned char)s[d + 1])) {
        size_t g = d + 1;
        while (g < n && isdigit((unsigned char)s[g]))
            g++;
        if (starts(s + g, n - g, "GB"))
            d = g + 2;
    }
    return word_end(s, n, d) && (d >= n || !isdigit((unsigned char)s[d])) ? d
                                                                          : 0;
}

/* Time on accelerators or a count of them after `j`: "2.788M GPU hours",
 * "2.664M H800 GPU-hours", "31.85M H100-h", "278.8万H800 GPU小时",
 * "2,788 млн GPU-часов" (hours), "2,048 NVIDIA H800 GPUs" (devices).  The
 * end of the unit into *end and its kind, PP_UNIT_NONE when neither. */
static enum pp_unit device_unit(const char *s, size_t n, size_t j, size_t *end)
{
    size_t k = skip_spaces(s, n, j), m;
    int model = 0, gpu = 0;
    for (int w = 0; w < 2 && (m = device_model(s, n, k)) != 0; w++)
        k = skip_spaces(s, n, m), model = 1;
    if ((m = starts(s + k, n - k, "GPU")) != 0) {
        k += m;
        if (k < n && s[k] == 's')
            k++;
        if (!word_end(s, n, k) && !((unsigned char)s[k] >= 0x80))
            return PP_UNIT_NONE;
        gpu = 1;
    }
    if ((model || gpu) && (m = hours_word(s, n, k)) != 0) {
        *end = m;
        return PP_UNIT_DEVICE_HOURS;
    }
    if (model && gpu) {
        *end = k;
        return PP_UNIT_DEVICES;
    }
    return PP_UNIT_NONE;
}

/* The unit that follows the figure ending at `i` (tokens, parameters,
 * FLOP, bytes, devices, experts, %, a multiplier), into *num, its value
 * scaled; returns the figure's new end, `i` when no unit follows. */
static size_t unit_after(const char *s, size_t n, size_t i, pp_number *num)
{
    size_t j = skip_spaces(s, n, i), k, w;
    /* a compound: "15T-token corpus", "a one-trillion-parameter model" */
    if (j == i && j + 1 < n && s[j] == '-' &&
        isalpha((unsigned char)s[j + 1]) &&
        (starts(s + j + 1, n - j - 1, "token") ||
         starts(s + j + 1, n - j - 1, "param")))
        j++;
    /* "%" binds tightly or after one space; LaTeX writes it "\\%". */
    if (j < n && s[j] == '%') {
        num->unit = PP_UNIT_PERCENT;
        num->value /= 100;
        return j + 1;
    }
    if (j + 1 < n && s[j] == '\\' && s[j + 1] == '%') {
        num->unit = PP_UNIT_PERCENT;
        num->value /= 100;
        return j + 2;
    }
    if ((starts(s + j, n - j, "×") && !operand_after(s, n, j + strlen("×"))) ||
        ((j < n && (s[j] == 'x' || s[j] == 'X')) && j == i &&
         word_end(s, n, j + 1))) {
        num->unit = PP_UNIT_TIMES;
        return j + (s[j] == 'x' || s[j] == 'X' ? 1 : strlen("×"));
    }
    {
        enum pp_unit u = device_unit(s, n, j, &k);
        if (u != PP_UNIT_NONE) {
            num->unit = u;
            return k;
        }
    }
    if ((k = unit_word(s, n, j, num, 0)) != 0) {
        /* "6 FLOP / token / parameter" is a rate, not an amount of compute */
        if (num->unit == PP_UNIT_FLOP && per_count_after(s, n, k)) {
            num->unit = PP_UNIT_NONE;
            num->rate = 1;
        }
        return k;
    }
    /* A Chinese measure word before tokens/parameters: "15.5 万亿个
     * token", "320 亿个参数". */
    if (starts(s + j, n - j, "个") || starts(s + j, n - j, "個")) {
        k = unit_word(s, n, skip_spaces(s, n, j + strlen("个")), num, 1);
        if (k)
            return k;
        j = skip_spaces(s, n, j + strlen("个"));
    }
    /* Up to two Chinese words of two characters before them, and a 的:
     * "1750亿模型参数", "370亿激活参数", "1750亿个机器学习的参数". */
    for (size_t h = j, words = 0; words < 2 && han_pair(s, n, h); words++) {
        size_t after = h + 6;
        if (starts(s + after, n - after, "\xE7\x9A\x84")) /* 的 */
            after += 3;
        if ((k = unit_word(s, n, skip_spaces(s, n, after), num, 1)) != 0)
            return k;
        h += 6;
    }
    /* Up to two adjectives before tokens/parameters: "20T text tokens",
     * "175 billion machine learning parameters", "15.29B non-embedding
     * parameters" (a hyphen between letters joins a word); never "per"
     * ("32.6B per token" is a rate, not a count of tokens). */
    w = j;
    for (int words = 0; words < 2; words++) {
        size_t from = w;
        while (w < n &&
               (isalpha((unsigned char)s[w]) ||
                ((unsigned char)s[w] >= 0x80 && (unsigned char)s[w] < 0xE0) ||
                ((unsigned char)s[w] & 0xC0) == 0x80 ||
                (s[w] == '-' && w > from && w + 1 < n &&
                 isalpha((unsigned char)s[w + 1]))))
            w++;
        if (w == from || w - from > 24 || function_word(s + from, w - from))
            return i;
        if ((k = unit_word(s, n, skip_spaces(s, n, w), num, 1)) != 0)
            return k;
        w = skip_spaces(s, n, w);
    }
    return i;
}

/* Do the letters before `i` form a LaTeX command ("\\cdot70",
 * "\\times5"): then the digits are not glued to an identifier. */
static int after_latex_command(const char *s, size_t i)
{
    size_t j = i;
    while (j > 0 && isalpha((unsigned char)s[j - 1]))
        j--;
    return j < i && j > 0 && s[j - 1] == '\\';
}

/* initial[c]: can a number word start with byte c (either case)?  For
 * the Cyrillic lead bytes, cyr[lead - 0xD0][second]: with that letter? */
static unsigned char initial[256], cyr[2][256];
/* mag_initial[c]: can a magnitude word (trillion, млрд, 亿) start with c? */
static unsigned char mag_initial[256];
static pthread_once_t initials_once = PTHREAD_ONCE_INIT;
/* The number words chained by bucket_of their first bytes: the first of
 * each bucket in word_head (-1: none), the next in word_next. */
#define NWORDS (sizeof(number_words) / sizeof(number_words[0]))
static int word_head[256], word_next[NWORDS];

/* A word's bucket: its first byte, lower-cased, or for a Cyrillic letter
 * (two bytes) its second byte. */
static unsigned bucket_of(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if ((c == 0xD0 || c == 0xD1) && i + 1 < n)
        return (unsigned char)s[i + 1];
    return lower_ascii(c);
}

static void init_initials(void)
{
    for (size_t b = 0; b < 256; b++)
        word_head[b] = -1;
    for (size_t w = NWORDS; w-- > 0;) {
        const char *t = number_words[w].word;
        unsigned b = bucket_of(t, strlen(t), 0);
        word_next[w] = word_head[b];
        word_head[b] = (int)w;
    }
    for (size_t w = 0; w < sizeof(number_words) / sizeof(number_words[0]);
         w++) {
        unsigned char c = (unsigned char)number_words[w].word[0];
        unsigned char d = (unsigned char)number_words[w].word[1];
        initial[c] = 1;
        if (c >= 'a' && c <= 'z')
            initial[c - 0x20] = 1;
        if (c == 0xD0 && d >= 0xB0 && d <= 0xBF) {
            cyr[0][d] = cyr[0][d - 0x20] = 1; /* а-п, А-П */
        } else if (c == 0xD1 && d >= 0x80 && d <= 0x8F) {
            cyr[1][d] = cyr[0][d + 0x20] = 1; /* р-я, Р-Я */
            initial[0xD0] = 1;
        }
    }
    for (size_t m = 0; m < sizeof(lone) / sizeof(lone[0]); m++) {
        unsigned char c = (unsigned char)lone[m].word[0];
        unsigned char d = (unsigned char)lone[m].word[1];
        initial[c] = initial[0xD0] = 1;
        if (c == 0xD0)
            cyr[0][d] = cyr[0][d - 0x20] = 1; /* м, М */
        else
            cyr[1][d] = cyr[0][d + 0x20] = 1; /* т, Т */
    }
    for (size_t m = 0; m < sizeof(magnitude_words) / sizeof(magnitude_words[0]);
         m++) {
        unsigned char c = (unsigned char)magnitude_words[m].word[0];
        mag_initial[c] = 1;
        if (c >= 'a' && c <= 'z')
            mag_initial[c - 0x20] = 1;
    }
}

/* Can a number word start at s[i] (a letter)? */
static int may_start_word(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (!initial[c])
        return 0;
    if (c == 0xD0 || c == 0xD1)
        return i + 1 < n && cyr[c - 0xD0][(unsigned char)s[i + 1]];
    return 1;
}

/* ------------------------------------------------------------------ */
/* Han numerals before a Han magnitude                                */
/* ------------------------------------------------------------------ */

/* The significant digits of a whole number below 1e18 (a Han numeral, a
 * cardinal in words): 284 has 3, 30 has 1, 1.48e13 has 3. */
static int integer_sig(double v)
{
    long x;
    int d = 0;
    for (int k = 0; k < 3 && v != floor(v); k++)
        v *= 10; /* полтора: 1.5 has 2 */
    for (x = (long)v; x > 0 && x % 10 == 0;)
        x /= 10;
    for (; x > 0; x /= 10)
        d++;
    return d ? d : 1;
}

/* The Han numeral of `list` at `i`: its index, or -1. */
static int han_at(const char *s, size_t n, size_t i,
                  const struct number_word *list, size_t count)
{
    for (size_t k = 0; k < count; k++)
        if (starts(s + i, n - i, list[k].word))
            return (int)k;
    return -1;
}

#define HAN_AT(s, n, i, list)                                                  \
    han_at(s, n, i, list, sizeof(list) / sizeof(list[0]))

/* "数" or "几" right before `i`: "数十亿", "几千亿", several, no figure. */
static int several(const char *s, size_t i)
{
    return starts(s + i - 3, 3, "数") || starts(s + i - 3, 3, "几") ||
           starts(s + i - 3, 3, "數") || starts(s + i - 3, 3, "幾");
}

/* Is the "数" ending at `at` the end of a noun for a count ("参数二万七千八百
 * 亿", "token 数一万五千亿", "层数"): a word before it, not "several"? */
static int count_noun(const char *s, size_t at)
{
    static const char *const nouns[] = {"参", "總", "总", "个", "個",
                                        "层", "層", "步", "次"};
    if (!starts(s + at, 3, "数") && !starts(s + at, 3, "數"))
        return 0;
    if (at >= 1 && (isalnum((unsigned char)s[at - 1]) || s[at - 1] == ' '))
        return 1; /* "token 数", "Token数" */
    for (size_t k = 0; at >= 3 && k < sizeof(nouns) / sizeof(nouns[0]); k++)
        if (starts(s + at - 3, 3, nouns[k]))
            return 1;
    return 0;
}

/* A Han numeral and a Han magnitude at `i` ("一万亿", "两千亿", "十亿",
 * "二千八百四十亿", "三十二万亿"), or a numeral of thousands ("三千"):
 * the end of the figure (unit included) into *num, or 0.  The numeral is
 * read whole, never a part of one (the "二万亿" of "三十二万亿"); it
 * begins with a digit or 十 ("千亿级", "百亿" say a scale, no figure);
 * "数十亿" ("several billion") is no figure. */
static size_t han_number(const char *s, size_t n, size_t i, pp_number *num)
{
    /* small: the section below 万 being read; wan: the sections times 万
     * since the last 亿; value: what 亿 closed */
    double small = 0, wan = 0, value = 0;
    int digit = -1, has_unit = 0, has_big = 0, k;
    size_t j = i;
    if (i >= 3 && ((several(s, i) && !count_noun(s, i - 3)) ||
                   HAN_AT(s, n, i - 3, han_digits) >= 0 ||
                   HAN_AT(s, n, i - 3, han_units) >= 0))
        return 0;
    if (HAN_AT(s, n, i, han_digits) < 0 && !starts(s + i, n - i, "十"))
        return 0;
    for (;;) {
        if ((k = HAN_AT(s, n, j, han_digits)) >= 0) {
            if (digit > 0)
                return 0; /* "一二": a list, not a numeral */
            digit = (int)han_digits[k].value;
        } else if ((k = HAN_AT(s, n, j, han_units)) >= 0) {
            small += (digit > 0    ? digit
                      : digit == 0 ? 0
                                   : 1) *
                     han_units[k].value;
            digit = -1;
            has_unit = 1;
        } else if ((k = HAN_AT(s, n, j, han_big)) >= 0) {
            double part = small + (digit > 0 ? digit : 0);
            if (han_big[k].value == 1e4)
                wan += part * 1e4; /* 十四万 of 十四万八千亿 */
            else
                value += (wan + part) * 1e8, wan = 0;
            small = 0, digit = -1, has_big = 1;
        } else {
            break;
        }
        j += 3;
    }
    value += wan + small + (digit > 0 ? digit : 0);
    if (!(value > 0 && value < 1e18) ||
        (!has_big && !(has_unit && value >= 1000)))
        return 0; /* 三千 is a figure; 十, 五百 are not */
    memset(num, 0, sizeof(*num));
    num->start = i;
    num->value = value;
    num->sig = integer_sig(value);
    num->magnitude = 1;
    qualifier_before(s, i, num->qualifier);
    num->end = unit_after(s, n, j, num);
    return num->end;
}

/* ------------------------------------------------------------------ */
/* Number words: "one trillion", "a one-trillion-parameter model"     */
/* ------------------------------------------------------------------ */

/* Does a word of letters end at `at`: no ASCII or Cyrillic letter next? */
static int letters_end(const char *s, size_t n, size_t at)
{
    unsigned char c;
    if (at >= n)
        return 1;
    c = (unsigned char)s[at];
    return !isalpha(c) && c != 0xD0 && c != 0xD1;
}

/* The number word at `i` that is a whole word, its length in *len; NULL
 * when none is. */
static const struct cardinal_word *cardinal_at(const char *s, size_t n,
                                               size_t i, size_t *len)
{
    if (i >= n || !may_start_word(s, n, i))
        return NULL;
    for (int w = word_head[bucket_of(s, n, i)]; w >= 0; w = word_next[w]) {
        size_t k = starts(s + i, n - i, number_words[w].word);
        if (k && letters_end(s, n, i + k)) {
            *len = k;
            return &number_words[w];
        }
    }
    return NULL;
}

/* Past what joins two number words after `i` (a hyphen, spaces, " and
 * "): where the next word may begin, or `i` when nothing joins. */
static size_t joiner(const char *s, size_t n, size_t i)
{
    size_t j = skip_spaces(s, n, i), k;
    if (j == i)
        return j < n && s[j] == '-' ? j + 1 : i;
    k = starts(s + j, n - j, "and");
    if (k && letters_end(s, n, j + k) && skip_spaces(s, n, j + k) > j + k)
        return skip_spaces(s, n, j + k);
    return j;
}

/* Does `w` follow a word of kind `last` in one cardinal ("two hundred
 * eighty-four", "двести восемьдесят четыре")?  The first word may be any
 * but "hundred" after nothing is read as one hundred. */
static int combines(enum word_kind last, enum word_kind w)
{
    switch (w) {
    case W_DIGIT:
        return last == W_TENS || last == W_HUNDRED || last == W_HUNDREDS;
    case W_TEEN:
    case W_TENS: return last == W_HUNDRED || last == W_HUNDREDS;
    case W_HUNDRED:
        return last == W_DIGIT || last == W_TEEN || last == W_ARTICLE;
    default: return 0;
    }
}

/* A Russian magnitude word alone, in any case, right before the count it
 * scales ("триллионом параметров", "около триллиона токенов"): one of
 * it, as "a trillion parameters" is.  Only before a word for parameters
 * or tokens, so "миллиарды долларов" and "триллион операций" stay words.
 * Fills *num and returns 1, else 0. */
static int lone_magnitude(const char *s, size_t n, size_t i, pp_number *num)
{
    static const char *const counts[] = {"парам", "токен", NULL};
    for (size_t m = 0; m < sizeof(lone) / sizeof(lone[0]); m++) {
        size_t k = starts(s + i, n - i, lone[m].word), j;
        if (!k)
            continue;
        /* a singular case ending only ("", -а, -ом, -е): "миллиарды
         * параметров" is many */
        static const char *const singular[] = {"ом", "а", "е", NULL};
        j = i + k;
        for (const char *const *e = singular; *e && j == i + k; e++)
            j += starts(s + j, n - j, *e);
        if (j >= n || s[j] != ' ')
            return 0;
        for (const char *const *c = counts; *c; c++)
            if (starts(s + skip_spaces(s, n, j), n - skip_spaces(s, n, j),
                       *c)) {
                memset(num, 0, sizeof(*num));
                num->start = i;
                num->value = lone[m].scale;
                num->sig = 1;
                num->magnitude = 1;
                qualifier_before(s, i, num->qualifier);
                num->end = unit_after(s, n, j, num);
                return 1;
            }
        return 0;
    }
    return 0;
}

/* Number words and a magnitude word at `i`, a letter ("one trillion",
 * "two hundred eighty-four billion", "тридцать два триллиона"): *found
 * and the figure (unit included) into *num.  The words are read as one
 * cardinal, never a part of one: "thirty-two trillion" is 32T, and words
 * that do not combine ("two three billion") are no figure at all.
 * Returns where the scan goes on: past the figure, past the words (a word
 * no magnitude follows, "about", "a model", is skipped whole), or the next
 * byte. */
static size_t number_word(const char *s, size_t n, size_t i, pp_number *num,
                          int *found)
{
    const struct cardinal_word *w;
    enum word_kind last = W_ARTICLE;
    size_t at = i, end = i, len, j;
    double cur = 0;
    int words = 0, sig_extra = 0;
    *found = 0;
    if (!may_start_word(s, n, i))
        return i + 1; /* no number word starts so */
    /* at the start of a word only (no number word is Han), and not the
     * tail of a hyphenated word ("non-one", "Qwen-two") */
    if (i > 0 &&
        (ascii_alnum((unsigned char)s[i - 1]) ||
         (unsigned char)s[i - 1] >= 0x80 ||
         (s[i - 1] == '-' && i > 1 && ascii_alnum((unsigned char)s[i - 2]))))
        return i + 1;
    while ((w = cardinal_at(s, n, at, &len)) != NULL) {
        if (words && !combines(last, w->kind)) {
            if (last == W_ARTICLE && words == 1)
                return at; /* "a two hundred billion": the article's own */
            /* "two three": no cardinal, and none of its parts either */
            while ((at = joiner(s, n, end)) != end &&
                   cardinal_at(s, n, at, &len))
                end = at + len;
            return end;
        }
        if (w->kind == W_HUNDRED && !words) {
            /* "a few hundred billion", "several hundred": no figure */
            return at + len;
        }
        if (w->kind == W_HUNDRED)
            cur *= 100;
        else
            cur += w->value;
        last = w->kind;
        words++;
        end = at + len;
        if ((at = joiner(s, n, end)) == end)
            break;
    }
    if (!words && lone_magnitude(s, n, i, num)) {
        *found = 1; /* "обладающим триллионом параметров" */
        return num->end;
    }
    if (!words) {
        size_t we = i;
        while (we < n &&
               (isalpha((unsigned char)s[we]) ||
                ((unsigned char)s[we] >= 0x80 && (unsigned char)s[we] < 0xE0)))
            we++;
        return we > i ? we : i + 1;
    }
    j = skip_spaces(s, n, end);
    if (j > end && starts(s + j, n - j, "point ")) {
        /* "fourteen point eight trillion": digits after the point, one
         * word each -- none ("point of view"), no figure */
        double frac = 0.1, whole = cur;
        size_t k = skip_spaces(s, n, j + 6), dlen;
        int decimals = 0;
        for (;;) {
            double d;
            if ((dlen = starts(s + k, n - k, "zero")) &&
                letters_end(s, n, k + dlen))
                d = 0;
            else if ((w = cardinal_at(s, n, k, &dlen)) != NULL &&
                     w->kind == W_DIGIT)
                d = w->value;
            else
                break;
            if (frac < 1e-6)
                break;
            cur += d * frac, frac /= 10, decimals++;
            end = k + dlen;
            if ((k = skip_spaces(s, n, end)) == end)
                break;
        }
        if (!decimals)
            return end;
        /* every digit of the whole part counts before a point: 20.5 */
        sig_extra = decimals;
        for (long x = (long)whole; x > 0; x /= 10)
            sig_extra++;
        j = skip_spaces(s, n, end);
    }
    if (j == end && j < n && s[j] == '-')
        j++; /* "one-trillion-parameter" */
    if (j >= n || !mag_initial[(unsigned char)s[j]])
        return end;
    for (size_t m = 0; m < sizeof(magnitude_words) / sizeof(magnitude_words[0]);
         m++) {
        size_t mk = starts(s + j, n - j, magnitude_words[m].word);
        if (!mk)
            continue;
        num->start = i;
        num->value = cur * magnitude_words[m].scale;
        num->sig = sig_extra ? sig_extra : integer_sig(cur);
        qualifier_before(s, i, num->qualifier);
        if (last == W_ARTICLE && words == 1 && i >= 5 &&
            starts(s + i - 5, 5, "half ")) {
            /* "half a trillion": an idiom, about that much */
            num->start = i - 5;
            num->value /= 2;
            qualifier_before(s, i - 5, num->qualifier);
            if (!strcmp(num->qualifier, "="))
                memcpy(num->qualifier, "\xE2\x89\x88", 4);
        }
        num->magnitude = 1;
        j += mk;
        while (j < n && isalpha((unsigned char)s[j]))
            j++;
        num->end = unit_after(s, n, j, num);
        *found = 1;
        return num->end;
    }
    return end;
}

/* ------------------------------------------------------------------ */
/* Figures written with digits                                        */
/* ------------------------------------------------------------------ */

/* Where digits at `i` are not a figure, the end of what they belong to:
 * digits glued to an identifier (K2, FP8, E4M3, Qwen3.8, V4-Flash's 4,
 * 1F1B) or a section reference (§4.2, § 3); else 0. */
static size_t not_a_figure(const char *s, size_t n, size_t i)
{
    if (i > 0 &&
        (ascii_alnum((unsigned char)s[i - 1]) || s[i - 1] == '.' ||
         s[i - 1] == '-') &&
        !after_latex_command(s, i)) {
        while (i < n && (ascii_alnum((unsigned char)s[i]) || s[i] == '.'))
            i++;
        return i;
    }
    if ((i >= 2 && (unsigned char)s[i - 2] == 0xC2 &&
         (unsigned char)s[i - 1] == 0xA7) ||
        (i >= 3 && s[i - 1] == ' ' && (unsigned char)s[i - 3] == 0xC2 &&
         (unsigned char)s[i - 2] == 0xA7)) {
        while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.'))
            i++;
        return i;
    }
    return 0;
}

/* The digits of a figure as written. */
struct mantissa {
    double v;      /* their value */
    int digits;    /* significant digits */
    int decimal;   /* a decimal point or comma was read */
    int int_zeros; /* trailing zeros of the integer part ("14,800") */
    int grouped;   /* thousands separators (14,800 and 65 504) */
};

/* Does a Russian magnitude word follow `j` ("2,788 млн")?  Russian
 * groups thousands with spaces, so a comma before it is a decimal one. */
static int russian_magnitude_after(const char *s, size_t n, size_t j)
{
    j = skip_spaces(s, n, j);
    for (size_t m = 0; m < sizeof(magnitude_words) / sizeof(magnitude_words[0]);
         m++)
        if ((unsigned char)magnitude_words[m].word[0] == 0xD0 ||
            (unsigned char)magnitude_words[m].word[0] == 0xD1)
            if (starts(s + j, n - j, magnitude_words[m].word))
                return 1;
    return 0;
}

/* Read the mantissa at `i` into *m; returns its end. */
static size_t mantissa(const char *s, size_t n, size_t i, struct mantissa *m)
{
    size_t j = i;
    double frac = 0.1;
    int seen_nonzero = 0;
    memset(m, 0, sizeof(*m));
    while (j < n) {
        if (isdigit((unsigned char)s[j])) {
            if (m->decimal) {
                m->v += (s[j] - '0') * frac;
                frac /= 10;
            } else {
                m->v = m->v * 10 + (s[j] - '0');
            }
            if (s[j] != '0' || seen_nonzero) {
                seen_nonzero = 1;
                m->digits++;
            }
            /* trailing zeros of the integer part, for "14,800 billion" */
            if (!m->decimal)
                m->int_zeros = s[j] == '0' ? m->int_zeros + 1 : 0;
            j++;
        } else if ((s[j] == ',' || s[j] == ' ') && !m->decimal &&
                   j + 3 < n + 1 && j + 3 <= n &&
                   isdigit((unsigned char)s[j + 1]) &&
                   isdigit((unsigned char)s[j + 2]) &&
                   isdigit((unsigned char)s[j + 3]) &&
                   (j + 4 >= n || !isdigit((unsigned char)s[j + 4])) &&
                   /* "7,227e23": a decimal comma before an exponent */
                   !(j + 5 < n && (s[j + 4] == 'e' || s[j + 4] == 'E') &&
                     (isdigit((unsigned char)s[j + 5]) || s[j + 5] == '-' ||
                      s[j + 5] == '+')) &&
                   (s[j] == ',' || j - i <= 3) &&
                   !(s[j] == ',' && !m->grouped &&
                     russian_magnitude_after(s, n, j + 4)) &&
                   /* "Llama 3 405B": a version, then a size; a space
                    * groups digits, not a figure with a magnitude */
                   (s[j] == ',' || j + 4 >= n ||
                    !strchr("KMBTkmbt", s[j + 4]))) {
            j++; /* a thousands separator */
            m->grouped = 1;
        } else if ((s[j] == '.' || s[j] == ',') && !m->decimal && j + 1 < n &&
                   isdigit((unsigned char)s[j + 1])) {
            m->decimal = 1; /* 1.04, or the Russian 2,5 */
            j++;
        } else {
            break;
        }
    }
    return j;
}

/* A Unicode superscript exponent at `p` ("²⁵" of "10²⁵", "⁻³"): its
 * value into *ex and its end; else `p`. */
static size_t superscript(const char *s, size_t n, size_t p, long *ex)
{
    static const char *const digit[10] = {"\xE2\x81\xB0", "\xC2\xB9",
                                          "\xC2\xB2",     "\xC2\xB3",
                                          "\xE2\x81\xB4", "\xE2\x81\xB5",
                                          "\xE2\x81\xB6", "\xE2\x81\xB7",
                                          "\xE2\x81\xB8", "\xE2\x81\xB9"};
    size_t q = p;
    int sign = 1, count = 0;
    long v = 0;
    if (q + 3 <= n && !memcmp(s + q, "\xE2\x81\xBB", 3)) /* ⁻ */
        sign = -1, q += 3;
    for (;;) {
        int d = -1;
        for (int k = 0; k < 10 && d < 0; k++)
            if (q + strlen(digit[k]) <= n &&
                !memcmp(s + q, digit[k], strlen(digit[k])))
                d = k;
        if (d < 0 || count == 3)
            break;
        v = v * 10 + d;
        q += strlen(digit[d]);
        count++;
    }
    if (!count)
        return p;
    *ex = sign * v;
    return q;
}

/* A bare power of ten at `i` whose "10" ends at `j`: 10^{25}, 10^9 (a
 * budget written so).  Sets *v and *sig and returns its end; else `j`. */
static size_t power_of_ten(const char *s, size_t n, size_t i, size_t j,
                           double *v, int *sig)
{
    size_t p = j + 1, k = 0;
    char digs[8], *end;
    long ex;
    if (j == i + 2 && s[i] == '1' && s[i + 1] == '0' &&
        (p = superscript(s, n, j, &ex)) != j) {
        *v = pow(10, (double)ex); /* 10²⁵ */
        *sig = 1;
        return p;
    }
    p = j + 1;
    if (!(j == i + 2 && s[i] == '1' && s[i + 1] == '0' && j + 1 < n &&
          s[j] == '^'))
        return j;
    if (p < n && s[p] == '{')
        p++;
    if (!(p < n &&
          (isdigit((unsigned char)s[p]) ||
           (s[p] == '-' && p + 1 < n && isdigit((unsigned char)s[p + 1])))))
        return j;
    if (s[p] == '-')
        digs[k++] = s[p++];
    while (p < n && k < 4 && isdigit((unsigned char)s[p]))
        digs[k++] = s[p++];
    digs[k] = '\0';
    ex = strtol(digs, &end, 10);
    if (p < n && s[p] == '}')
        p++;
    if (ex < -300 || ex > 300 || (p < n && isdigit((unsigned char)s[p])))
        return j;
    *v = pow(10, (double)ex);
    *sig = 1;
    return p;
}

/* An exponent after the mantissa ending at `j`: 7.227e23, or a product
 * with a power of ten, 7.23 × 10^23, 7.23 x 10^23, 7.23 × 10²³, 7.227\cdot10^{23},
 * \times.  Scales *v and returns its end; else `j`. */
static size_t exponent(const char *s, size_t n, size_t j, double *v)
{
    size_t k, m, p;
    if (j + 1 < n && (s[j] == 'e' || s[j] == 'E') &&
        (isdigit((unsigned char)s[j + 1]) ||
         ((s[j + 1] == '-' || s[j + 1] == '+') && j + 2 < n &&
          isdigit((unsigned char)s[j + 2])))) {
        char *end;
        long ex = strtol(s + j + 1, &end, 10);
        *v *= pow(10, (double)ex);
        return (size_t)(end - s);
    }
    k = skip_spaces(s, n, j);
    if (!((m = starts(s + k, n - k, "×")) ||
          (m = starts(s + k, n - k, "\\cdot")) ||
          (m = starts(s + k, n - k, "\\times")) ||
          (m = starts(s + k, n - k, "·")) ||
          ((k < n && (s[k] == 'x' || s[k] == '*')) ? (m = 1) : 0)))
        return j;
    p = skip_spaces(s, n, k + m);
    if (p + 2 < n && s[p] == '1' && s[p + 1] == '0') {
        long ex;
        size_t q = superscript(s, n, p + 2, &ex);
        if (q != p + 2) { /* 3.8 × 10²⁵ */
            *v *= pow(10, (double)ex);
            return q;
        }
    }
    if (p + 3 < n && s[p] == '1' && s[p + 1] == '0' && s[p + 2] == '^') {
        char *end;
        long ex;
        p += 3;
        if (p < n && s[p] == '{')
            p++;
        ex = strtol(s + p, &end, 10);
        if (end != s + p) {
            *v *= pow(10, (double)ex);
            j = (size_t)(end - s);
            if (j < n && s[j] == '}')
                j++;
        }
    }
    return j;
}

static double suffix_scale(char c)
{
    return c == 'K' ? 1e3 : c == 'M' ? 1e6 : c == 'B' ? 1e9 : 1e12;
}

/* A magnitude letter set apart by a space ("14.8 T tokens", "671
 * B-parameter", "32 B active parameters"): only before the unit it
 * scales or a word that says which count ("total", "active"), at the end
 * of a table cell ("| 1 T |", a tab or the end of a row that has tabs,
 * or a note in brackets in such a row: "1.04 T (MoE)") or
 * before Han text or punctuation ("1 T，",
 * "32 B 激活"), so that "Table 5 B" or "about 3 M" stay plain numbers. */
static int spaced_suffix(const char *s, size_t n, size_t k)
{
    static const char *const unit_words[] = {"token",  "param",   "tok",
                                             "total ", "active ", "activated ",
                                             "токен",  "парам",   NULL};
    size_t u;
    if (k >= n || !strchr("KMBT", s[k]) || !s[k] || !word_end(s, n, k + 1))
        return 0;
    for (u = k + 1; u < n && s[u] == ' '; u++)
        ;
    if (u < n && (s[u] == '|' || s[u] == '\t' || (unsigned char)s[u] >= 0xE3))
        return 1;
    if ((u >= n || s[u] == '(') && memchr(s, '\t', n))
        return 1; /* the last cell of a row (cells are tab-separated), or
                     before a note in brackets: "| 1.04 T (MoE) |" */
    u = k + 1 < n && s[k + 1] == '-' ? k + 2 : skip_spaces(s, n, k + 1);
    for (const char *const *w = unit_words; *w; w++)
        if (starts(s + u, n - u, *w))
            return 1;
    return 0;
}

/* A magnitude after the figure ending at `j`: in LaTeX (35.663\text{B}),
 * a suffix glued on (15.5T, 671B, 32K, 1M) or a magnitude word (14.8
 * trillion, 15 трлн, 15万亿, 671-billion-parameter).  Scales *v, sets
 * *mag and returns its end; else `j`. */
static size_t magnitude(const char *s, size_t n, size_t j, double *v, int *mag)
{
    size_t t = latex_text(s, n, j), k;
    if (t && t + 1 < n && strchr("KMBT", s[t]) && s[t] && s[t + 1] == '}') {
        *v *= suffix_scale(s[t]);
        *mag = 1;
        return t + 2;
    }
    /* "128k", "4k context", "16k GPUs": a thousand in lower case too,
     * glued on only (a lone "k" is a variable) */
    if (j < n && s[j] && (strchr("KMBT", s[j]) || s[j] == 'k') &&
        word_end(s, n, j + 1)) {
        *v *= suffix_scale(s[j] == 'k' ? 'K' : s[j]);
        *mag = 1;
        return j + 1;
    }
    k = skip_spaces(s, n, j);
    if (k > j && spaced_suffix(s, n, k)) { /* "14.8 T tokens", "671 B-param" */
        *v *= suffix_scale(s[k]);
        *mag = 1;
        return k + 1;
    }
    if (k == j && k + 1 < n && s[k] == '-' && isalpha((unsigned char)s[k + 1]))
        k++; /* "671-billion-parameter" */
    for (size_t m = 0; m < sizeof(magnitude_words) / sizeof(magnitude_words[0]);
         m++) {
        size_t mk = starts(s + k, n - k, magnitude_words[m].word);
        if (!mk)
            continue;
        /* Latin and Cyrillic words must end; Han ones need not. */
        if ((unsigned char)magnitude_words[m].word[0] < 0xE0 &&
            !word_end(s, n, k + mk) && (unsigned char)s[k + mk] < 0x80)
            continue;
        *v *= magnitude_words[m].scale;
        *mag = 1;
        j = k + mk;
        /* the rest of a Latin or Cyrillic word ("trillions"), never the
         * letters after a Han one ("278.8万H800") */
        while ((unsigned char)magnitude_words[m].word[0] < 0xE0 && j < n &&
               (isalpha((unsigned char)s[j]) ||
                ((unsigned char)s[j] >= 0xD0 && (unsigned char)s[j] <= 0xD1) ||
                (((unsigned char)s[j] & 0xC0) == 0x80 &&
                 (unsigned char)s[j - 1] >= 0xD0 &&
                 (unsigned char)s[j - 1] <= 0xD1)))
            j++;
        if (j < n && s[j] == '.')
            j++; /* "трлн." */
        break;
    }
    return j;
}

/* Glued letters that are not a unit make an identifier: 1F1B, 3rd, 2x2
 * (but 2.5x is a multiplier, and 112GB, 390TFLOP/s carry units). */
static int glued_letters(const char *s, size_t n, size_t j)
{
    return j < n && isalpha((unsigned char)s[j]) &&
           !((s[j] == 'x' || s[j] == 'X') && word_end(s, n, j + 1)) &&
           !starts(s + j, n - j, "GB") && !starts(s + j, n - j, "GiB") &&
           !starts(s + j, n - j, "TFLOP") && !starts(s + j, n - j, "FLOP");
}

/* Words after a figure ending at `j` that make it a lower bound ("以上",
 * "or more", "и более"), a space before them aside. */
static int bound_after(const char *s, size_t n, size_t j)
{
    static const char *const words[] = {
        "\xE4\xBB\xA5\xE4\xB8\x8A", /* 以上 */
        "or more",
        "and more",
        "and above",
        "or above",
        "\xD0\xB8 \xD0\xB1\xD0\xBE\xD0\xBB\xD0\xB5\xD0\xB5", /* и более */
        "\xD0\xB8\xD0\xBB\xD0\xB8 "
        "\xD0\xB1\xD0\xBE\xD0\xBB\xD0\xB5\xD0\xB5", /* или более */
    };
    if (j < n && s[j] == ' ')
        j++;
    for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
        size_t w = strlen(words[k]);
        if (j + w <= n && !memcmp(s + j, words[k], w) &&
            (j + w == n || !isalpha((unsigned char)s[j + w])))
            return 1;
    }
    return 0;
}

/* A plus after a figure, "15+ trillion", "15T+ tokens": "or more" (but
 * not arithmetic, "2+2", nor "C++"). */
static int plus_after(const char *s, size_t n, size_t j)
{
    return j < n && s[j] == '+' &&
           (j + 1 == n || (!isdigit((unsigned char)s[j + 1]) &&
                           s[j + 1] != '+' && s[j + 1] != '='));
}

/* The figure written with digits at `i`: *found and the figure into
 * *num.  Returns where the scan goes on. */
static size_t digit_figure(const char *s, size_t n, size_t i, pp_number *num,
                           int *found)
{
    struct mantissa m;
    size_t j, t, e;
    double v;
    int plus;
    *found = 0;
    if ((j = not_a_figure(s, n, i)) != 0)
        return j;
    j = mantissa(s, n, i, &m);
    /* A dotted chain (4.2.3, 1.2.0) is a section or a version. */
    if (m.decimal && j + 1 < n && s[j] == '.' &&
        isdigit((unsigned char)s[j + 1])) {
        while (j < n && (isdigit((unsigned char)s[j]) || s[j] == '.'))
            j++;
        return j;
    }
    v = m.v;
    num->start = i;
    num->sig = m.digits ? m.digits : 1;
    j = power_of_ten(s, n, i, j, &v, &num->sig);
    j = exponent(s, n, j, &v);
    if ((plus = plus_after(s, n, j)) != 0)
        j++;
    j = magnitude(s, n, j, &v, &num->magnitude);
    if (!plus && (plus = plus_after(s, n, j)) != 0)
        j++;
    if (!num->magnitude && glued_letters(s, n, j)) {
        while (j < n && ascii_alnum((unsigned char)s[j]))
            j++;
        return j;
    }
    num->value = v;
    qualifier_before(s, i, num->qualifier);
    if (plus && !strcmp(num->qualifier, "="))
        snprintf(num->qualifier, sizeof num->qualifier, "\xE2\x89\xA5");
    /* a unit in LaTeX: 7.227\\cdot10^{23}\\ \\text{FLOP} */
    if ((t = latex_text(s, n, j)) != 0 && (e = unit_after(s, n, t, num)) > t)
        num->end = e < n && s[e] == '}' ? e + 1 : e;
    else
        num->end = unit_after(s, n, j, num);
    /* a bound written after the figure: "15万亿以上", "2T or more" */
    if (!strcmp(num->qualifier, "=") &&
        (bound_after(s, n, j) || bound_after(s, n, num->end)))
        snprintf(num->qualifier, sizeof num->qualifier, "\xE2\x89\xA5");
    /* Trailing zeros of a grouped whole number scaled by a word are not
     * significant: "14,800 billion" is 14.8T to three digits (but "20T"
     * keeps its two). */
    if (num->magnitude && m.grouped && !m.decimal && m.int_zeros &&
        num->sig > m.int_zeros)
        num->sig -= m.int_zeros;
    /* 6.82 x 1e12 is not exactly 6.82e12 in binary: keep the figure as
     * written, to its significant digits. */
    num->value = pp_num_round_sig(num->value, num->sig);
    if (!isfinite(num->value))
        return num->end;
    *found = 1;
    return num->end > i ? num->end : i + 1;
}

/* ------------------------------------------------------------------ */
/* The scan                                                           */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* The total-active notation: "1T-32A", "671B-A37B"                   */
/* ------------------------------------------------------------------ */

int pp_numbers_active_tag(const char *t, size_t len, const pp_number *n,
                          pp_number *act)
{
    size_t k = n->end, from;
    int before = 0, after = 0;
    double scale = 0;
    struct mantissa m;
    if (!n->magnitude || n->unit != PP_UNIT_NONE || n->value < 1e8 ||
        n->value >= 1e14 || k >= len || t[k] != '-')
        return 0;
    k++;
    if (k < len && (t[k] == 'A' || t[k] == 'a'))
        before = 1, k++;
    from = k;
    if (k >= len || !isdigit((unsigned char)t[k]))
        return 0;
    /* digits and a decimal point only: no separators in a tag */
    for (; k < len &&
           (isdigit((unsigned char)t[k]) ||
            (t[k] == '.' && k + 1 < len && isdigit((unsigned char)t[k + 1])));
         k++)
        ;
    if (mantissa(t, k, from, &m) != k || m.digits < 1 || k - from > 5)
        return 0;
    if (k < len && strchr("mbtMBT", t[k]))
        scale = suffix_scale((char)toupper((unsigned char)t[k])), k++;
    if (!before && k < len && (t[k] == 'A' || t[k] == 'a'))
        after = 1, k++;
    if (!before && !after)
        return 0;
    if (k < len && (isalnum((unsigned char)t[k]) || t[k] == '-' ||
                    (unsigned char)t[k] >= 0x80))
        return 0; /* "30B-A3B-Instruct" is a name, not counts */
    if (!scale)
        return 1;
    memset(act, 0, sizeof(*act));
    act->start = before ? from - 1 : from;
    act->end = k;
    act->value = m.v * scale;
    act->sig = m.digits;
    act->unit = PP_UNIT_PARAMS;
    act->magnitude = 1;
    /* the total's qualifier ("~1T-32B") is the pair's; "" would read as
     * "less than" (pp_range_of) */
    snprintf(act->qualifier, sizeof(act->qualifier), "%s", n->qualifier);
    return act->value < n->value ? 2 : 0;
}

static size_t numbers_scan(const char *s, size_t n, pp_number *out, size_t max);

/* The digits of the figure at s[0..n) as written, a decimal comma read
 * as a point ("2,5 млрд") but a grouping comma skipped ("14,800"); 0
 * when it starts with no digit. */
static double written_mantissa(const char *s, size_t n)
{
    char buf[40];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof buf; i++) {
        unsigned char c = (unsigned char)s[i];
        if (isdigit(c))
            buf[k++] = (char)c;
        else if (c == '.' && i + 1 < n && isdigit((unsigned char)s[i + 1]))
            buf[k++] = '.';
        else if (c == ',' && i + 1 < n && isdigit((unsigned char)s[i + 1])) {
            size_t d = i + 1;
            while (d < n && isdigit((unsigned char)s[d]))
                d++;
            if (d - i - 1 != 3)
                buf[k++] = '.';
        } else if (c != ' ' || !k)
            break;
    }
    buf[k] = '\0';
    return k ? strtod(buf, NULL) : 0;
}

/* Is `w` written at s[at - strlen(w) .. at), or (`pad`) with spaces
 * between it and `at`? */
static int before_is(const char *s, size_t at, const char *w)
{
    size_t k = strlen(w);
    while (at > 0 && s[at - 1] == ' ')
        at--;
    return at >= k && starts(s + at - k, k, w) == k &&
           (at == k || !isalpha((unsigned char)s[at - k - 1]));
}

/* The joint of a range between figures a and b ("–", "-", " to ", "~",
 * "至", "between a and b", "от a до b", "介于 a 和 b"): 1 when the text
 * between them is one and the words before a allow it -- "from 16B to
 * 1T", "从 4K 到 128K", "с 4K до 128K" are changes, not ranges. */
static int range_joint(const char *s, const pp_number *a, const pp_number *b)
{
    static const char *const plain[] = {
        "\xE2\x80\x93", /* – */
        "~",
        "\xEF\xBD\x9E", /* ～ */
        "\xE8\x87\xB3", /* 至 */
        "\xE5\x88\xB0", /* 到 */
        "to",
    };
    size_t i = a->end, j = b->start;
    while (i < j && s[i] == ' ')
        i++;
    while (j > i && s[j - 1] == ' ')
        j--;
    if (j - i == 1 && s[i] == '-')
        return j == a->end + 1 && i == a->end; /* "10-20T", no spaces */
    for (size_t k = 0; k < sizeof(plain) / sizeof(plain[0]); k++)
        if (j - i == strlen(plain[k]) && starts(s + i, j - i, plain[k]))
            return !before_is(s, a->start, "from") &&
                   !before_is(s, a->start, "\xE4\xBB\x8E") && /* 从 */
                   !before_is(s, a->start, "\xE7\x94\xB1");   /* 由 */
    if (j - i == 3 && starts(s + i, 3, "and"))
        return before_is(s, a->start, "between");
    if (j - i == 4 && !memcmp(s + i, "\xD0\xB4\xD0\xBE", 4)) /* до */
        return before_is(s, a->start, "\xD0\xBE\xD1\x82");   /* от */
    if (j - i == 2 && !memcmp(s + i, "\xD0\xB8", 2))         /* и */
        return before_is(
            s, a->start,
            "\xD0\xBC\xD0\xB5\xD0\xB6\xD0\xB4\xD1\x83");    /* между */
    if (j - i == 3 && (!memcmp(s + i, "\xE5\x92\x8C", 3) || /* 和 */
                       !memcmp(s + i, "\xE4\xB8\x8E", 3)))  /* 与 */
        return before_is(s, a->start, "\xE4\xBB\x8B\xE4\xBA\x8E"); /* 介于 */
    return 0;
}

/* Join figure a and the next figure b into a range when a range joint
 * is between them and, a scaled by b's magnitude when it has none, a is
 * below b in the same unit; returns 1 with the range in *a. */
static int join_range(const char *s, pp_number *a, const pp_number *b)
{
    double lo = a->value, m, f;
    if (a->range || b->range || a->rate || b->rate || !range_joint(s, a, b))
        return 0;
    if (!a->magnitude && b->magnitude) {
        if ((m = written_mantissa(s + b->start, b->end - b->start)) <= 0)
            return 0;
        f = b->value / m;
        if (fabs(log10(f) - round(log10(f))) > 1e-9)
            return 0;
        lo *= f;
    } else if (!a->magnitude && b->unit == PP_UNIT_PERCENT &&
               a->unit == PP_UNIT_NONE)
        lo /= 100;
    if ((a->unit != PP_UNIT_NONE && a->unit != b->unit) || lo < 0 ||
        !(lo < b->value))
        return 0;
    a->lo = lo;
    a->lo_sig = a->sig;
    a->lo_end = a->end;
    a->hi_start = b->start;
    a->range = 1;
    a->end = b->end;
    a->value = b->value;
    a->sig = b->sig;
    a->unit = b->unit;
    a->magnitude = b->magnitude;
    a->binary_bytes = b->binary_bytes;
    return 1;
}

size_t pp_numbers_scan(const char *s, size_t n, pp_number *out, size_t max)
{
    size_t count = numbers_scan(s, n, out, max), k = 0;
    for (size_t i = 0; i < count; i++) {
        out[k] = out[i];
        if (i + 1 < count && join_range(s, &out[k], &out[i + 1]))
            i++;
        k++;
    }
    return k;
}

static size_t numbers_scan(const char *s, size_t n, pp_number *out, size_t max)
{
    size_t count = 0, i = 0;

    pthread_once(&initials_once, init_initials);

    while (i < n && count < max) {
        pp_number num;
        unsigned char c = (unsigned char)s[i];
        int found = 0;

        memset(&num, 0, sizeof(num));
        if ((c == 0xE4 || c == 0xE5) && han_number(s, n, i, &num)) {
            out[count++] = num;
            i = num.end;
            continue;
        }
        if (isalpha(c) || c >= 0xC0) /* not inside a UTF-8 sequence */
            i = number_word(s, n, i, &num, &found);
        else if (isdigit(c))
            i = digit_figure(s, n, i, &num, &found);
        else
            i++;
        if (found)
            out[count++] = num;
    }
    return count;
}
