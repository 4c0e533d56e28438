/*
 * figures.c - the figures written in a claim's text (figures.h).
 *
 * One pass over the text, code point by code point: a word that begins
 * with a letter is consumed whole (its digits belong to a name), a digit
 * begins a number, which is read with its thousands groups, decimals,
 * exponent and suffix (k/K, M, B, T, %, x or ×) and then kept unless one
 * of the rules of figures.h says it is no figure.
 */
#define _POSIX_C_SOURCE 200809L
#include "figures.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/banned.h"

/* The code point at s (UTF-8, already valid) and its length in *n. */
static unsigned cp_at(const unsigned char *s, size_t *n)
{
    if (s[0] < 0x80 || !s[1]) {
        *n = 1;
        return s[0];
    }
    if ((s[0] & 0xe0) == 0xc0) {
        *n = 2;
        return ((s[0] & 0x1fu) << 6) | (s[1] & 0x3fu);
    }
    if ((s[0] & 0xf0) == 0xe0 && s[2]) {
        *n = 3;
        return ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
    }
    *n = 1;
    return s[0];
}

/* Letters of the scripts the seeds write: Latin (with Latin-1), Greek,
 * Cyrillic and Han.  Symbols (§, ≈, ×, ·, –) are not letters. */
static int is_letter(unsigned c)
{
    return (c < 0x80 && (isalpha((int)c) || c == '_')) ||
           (c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7) ||
           (c >= 0x370 && c <= 0x52f) || (c >= 0x4e00 && c <= 0x9fff);
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* The length of a plain number at s ("8B", "1.4T"), 0 when none: for the
 * look-ahead of "the 8B, 70B and 405B models". */
static size_t plain_number(const char *s)
{
    size_t i = 0;
    while (is_digit((unsigned char)s[i]) ||
           (s[i] == '.' && is_digit((unsigned char)s[i + 1])))
        i++;
    if (i && s[i] && strchr("kKMBT", s[i]))
        i++;
    return i;
}

/* 1 when the number ending at `end` is one of a list of sizes that names
 * models: "8B, 70B and 405B models", "a 16B model". */
static int names_models(const char *end)
{
    static const char *const joins[] = {", and ", ", ", " and ", " or "};
    const char *p = end;
    for (;;) {
        size_t n = 0;
        for (size_t j = 0; j < sizeof(joins) / sizeof(joins[0]) && !n; j++)
            if (!strncmp(p, joins[j], strlen(joins[j])) &&
                plain_number(p + strlen(joins[j])))
                n = strlen(joins[j]);
        if (!n)
            break;
        p += n;
        p += plain_number(p);
    }
    if (strncmp(p, " model", 6) != 0)
        return 0;
    p += 6;
    if (*p == 's')
        p++;
    return !is_letter((unsigned char)*p);
}

/* 1 when the number at `at` follows a capitalised word that does not
 * begin its sentence, with one space between: "Llama 3", "DeepSeek 67B". */
static int after_proper_name(const char *text, size_t at)
{
    size_t w;
    if (at < 2 || text[at - 1] != ' ')
        return 0;
    w = at - 1;
    while (w > 0 && text[w - 1] != ' ' && text[w - 1] != '(' &&
           text[w - 1] != '[' && text[w - 1] != '"')
        w--;
    if (!isupper((unsigned char)text[w]))
        return 0;
    for (size_t k = w; k < at - 1; k++)
        if (!isalnum((unsigned char)text[k]) && text[k] != '-')
            return 0; /* "run, 12.7%": punctuation ends the name */
    /* the first word of the text or of a sentence is no name */
    while (w > 0 && text[w - 1] == ' ')
        w--;
    return w > 0 && !strchr(".!?:;", text[w - 1]);
}

/* 1 when the whole number s[0..len) is digits followed by one space
 * and a capitalised word: the number of a name ("Llama 4 Maverick",
 * "Nemotron 3 Ultra"). */
static int before_proper_name(const char *s, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (!is_digit((unsigned char)s[k]))
            return 0;
    return s[len] == ' ' && isupper((unsigned char)s[len + 1]) &&
           isalpha((unsigned char)s[len + 2]);
}

/* Read the number at text[i] (a digit, or a '-' before one) into *f;
 * returns its end. */
static size_t read_number(const char *text, size_t i, pp_figure *f,
                          int *plain_year)
{
    const char *s = text + i;
    size_t k = 0, intdig = 0;
    int neg = 0, decimals = 0, expo = 0, grouped = 0;
    double v = 0, mult = 1;

    if (s[0] == '-') {
        neg = 1;
        k = 1;
    }
    for (;;) {
        while (is_digit((unsigned char)s[k])) {
            v = v * 10 + (s[k++] - '0');
            intdig++;
        }
        /* thousands: a comma and exactly three digits */
        if (s[k] == ',' && is_digit((unsigned char)s[k + 1]) &&
            is_digit((unsigned char)s[k + 2]) &&
            is_digit((unsigned char)s[k + 3]) &&
            !is_digit((unsigned char)s[k + 4])) {
            k++;
            grouped = 1;
            continue;
        }
        break;
    }
    if (s[k] == '.' && is_digit((unsigned char)s[k + 1])) {
        double scale = 0.1;
        k++;
        while (is_digit((unsigned char)s[k])) {
            v += (s[k++] - '0') * scale;
            scale /= 10;
            decimals++;
        }
    }
    if ((s[k] == 'e' || s[k] == 'E') &&
        (is_digit((unsigned char)s[k + 1]) ||
         ((s[k + 1] == '-' || s[k + 1] == '+') &&
          is_digit((unsigned char)s[k + 2])))) {
        int sign = 1;
        k++;
        if (s[k] == '-' || s[k] == '+')
            sign = s[k++] == '-' ? -1 : 1;
        while (is_digit((unsigned char)s[k]))
            expo = expo * 10 + (s[k++] - '0');
        expo *= sign;
    }
    *plain_year = !neg && intdig == 4 && !decimals && !grouped && !expo &&
                  v >= 1900 && v <= 2099;
    switch (s[k]) {
    case 'k':
    case 'K': mult = 1e3; break;
    case 'M': mult = 1e6; break;
    case 'B': mult = 1e9; break;
    case 'T': mult = 1e12; break;
    case '%': mult = 0.01; break;
    case 'x': mult = 1; break;
    default: mult = 0; break;
    }
    if (mult != 0 &&
        (s[k] == '%' || s[k] == 'x' || !is_letter((unsigned char)s[k + 1]))) {
        if (s[k] != 'x' || !is_digit((unsigned char)s[k + 1]))
            k++;
        *plain_year = 0;
    } else if (!strncmp(s + k, "\xc3\x97", 2) &&
               !is_digit((unsigned char)s[k + 2])) {
        mult = 1; /* "2.5×" */
        k += 2;
        *plain_year = 0;
    } else {
        mult = 1;
    }
    f->at = i;
    f->len = k;
    f->value = (neg ? -v : v) * pow(10, expo) * mult;
    f->tol = 0.5 * pow(10, expo - decimals) * mult;
    return i + k;
}

/* Mark in `mask` every place where `text` writes `name`, ignoring ASCII
 * case, at word bounds. */
static void mask_name(const char *text, const char *name, char *mask)
{
    size_t tn = strlen(text), nn = strlen(name);
    if (!nn)
        return;
    for (size_t i = 0; i + nn <= tn; i++) {
        size_t k = 0;
        while (k < nn && tolower((unsigned char)text[i + k]) ==
                             tolower((unsigned char)name[k]))
            k++;
        if (k == nn && (i == 0 || !isalnum((unsigned char)text[i - 1])) &&
            !isalnum((unsigned char)text[i + nn]))
            memset(mask + i, 1, nn);
    }
}

int pp_figures_scan(const char *text, const char *const *names, size_t nnames,
                    pp_figure *out, int max)
{
    size_t len = strlen(text), i = 0;
    char *mask = calloc(len + 1, 1);
    int count = 0;

    if (!mask)
        return pp_error_set(PP_ENOMEM, "out of memory");
    for (size_t k = 0; k < nnames; k++)
        if (names[k])
            mask_name(text, names[k], mask);
    while (i < len) {
        size_t n;
        unsigned c = cp_at((const unsigned char *)text + i, &n);
        int year = 0;
        pp_figure f;
        size_t end;

        if (is_letter(c)) {
            /* a word, with its digits and inner hyphens and dots: a name */
            while (i < len) {
                c = cp_at((const unsigned char *)text + i, &n);
                if (is_letter(c) || (c < 0x80 && isdigit((int)c)))
                    i += n;
                else if ((c == '-' || c == '.') &&
                         isalnum((unsigned char)text[i + 1]))
                    i++;
                else
                    break;
            }
            continue;
        }
        if (c == 0xa7) { /* § and the section number after it */
            i += n;
            while (i < len &&
                   (isalnum((unsigned char)text[i]) ||
                    (text[i] == '.' && isalnum((unsigned char)text[i + 1]))))
                i++;
            continue;
        }
        if (!is_digit((unsigned char)text[i]) &&
            !(text[i] == '-' && is_digit((unsigned char)text[i + 1]) &&
              (i == 0 || !isalnum((unsigned char)text[i - 1])))) {
            i += n;
            continue;
        }
        end = read_number(text, i, &f, &year);
        if (!mask[i] && !year && !after_proper_name(text, i) &&
            !before_proper_name(text + i, end - i) &&
            !names_models(text + end) && count < max)
            out[count++] = f;
        i = end;
        if (text[i] == 'x' && is_digit((unsigned char)text[i + 1]))
            i++;
    }
    free(mask);
    return count;
}

int pp_figure_matches(const pp_figure *f, double value)
{
    double slack = 1e-9 * fabs(f->value) + 1e-300;
    return fabs(value - f->value) <= f->tol + slack;
}
