/*
 * num.c - canonical and human number formatting, suffix parsing.
 */
#include "num.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "banned.h"

/* Rewrite C's "1.04e+12" / "1e-05" into JSON's tidier "1.04e12" / "1e-5". */
static void tidy_exponent(char *s)
{
    char *e = strchr(s, 'e');
    char *w, *r;

    if (!e)
        return;
    w = e + 1;
    r = e + 1;
    if (*r == '+')
        r++;
    else if (*r == '-')
        *w++ = *r++;
    while (*r == '0' && r[1] != '\0')
        r++;
    while (*r)
        *w++ = *r++;
    *w = '\0';
}

void pp_num_canonical(double v, char out[32])
{
    if (v == 0) {
        snprintf(out, 32, "0");
        return;
    }
    /* Small integers read best plainly (896, 32000), larger magnitudes in
     * the shortest exponent form (1.04e12). */
    if (v == floor(v) && fabs(v) < 1e6) {
        /* written digit by digit: this is most of what JSON output
         * prints, and snprintf's float path is slow */
        long n = (long)fabs(v);
        char rev[8];
        size_t k = 0, o = 0;
        do
            rev[k++] = (char)('0' + n % 10);
        while ((n /= 10) > 0);
        if (v < 0)
            out[o++] = '-';
        while (k)
            out[o++] = rev[--k];
        out[o] = 0;
        return;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(out, 32, "%.*g", p, v);
        if (strtod(out, NULL) == v)
            break;
    }
    tidy_exponent(out);
}

static const struct {
    char suffix;
    double scale;
} magnitudes[] = {
    {'T', 1e12},
    {'B', 1e9},
    {'M', 1e6},
    {'K', 1e3},
};

static int print_sig(pp_buf *out, double m, int sig)
{
    char tmp[64];
    if (sig <= 0) {
        pp_num_canonical(m, tmp);
        return pp_buf_puts(out, tmp);
    } else {
        int mag = (m == 0) ? 0 : (int)floor(log10(fabs(m)));
        int dec = sig - 1 - mag;
        if (dec < 0)
            dec = 0;
        if (dec > 17)
            dec = 17;
        snprintf(tmp, sizeof(tmp), "%.*f", dec, m);
        return pp_buf_puts(out, tmp);
    }
}

int pp_num_human(pp_buf *out, double v, int sig)
{
    double a = fabs(v);
    char tmp[64];

    if (a >= 1e3 && a < 1e15) {
        for (size_t i = 0; i < sizeof(magnitudes) / sizeof(magnitudes[0]);
             i++) {
            if (a >= magnitudes[i].scale) {
                double m = v / magnitudes[i].scale;
                /* Rounding to `sig` digits may carry into the next
                 * magnitude (999.96B with 4 digits); use it then. */
                if (print_sig(out, m, sig) < 0)
                    return PP_ENOMEM;
                return pp_buf_putc(out, magnitudes[i].suffix);
            }
        }
    }
    if (a >= 1e15 || (a > 0 && a < 1e-4)) {
        if (sig > 0)
            snprintf(tmp, sizeof(tmp), "%.*e", sig - 1, v);
        else
            pp_num_canonical(v, tmp);
        if (!strchr(tmp, 'e')) /* canonical form may be plain */
            return pp_buf_puts(out, tmp);
        tidy_exponent(tmp);
        return pp_buf_puts(out, tmp);
    }
    return print_sig(out, v, sig);
}

int pp_num_sig_digits(const char *s, size_t len)
{
    size_t i = 0, end;
    int digits = 0, seen_nonzero = 0, seen_point = 0, trailing = 0;

    if (i < len && (s[i] == '-' || s[i] == '+'))
        i++;
    end = i;
    while (end < len && (isdigit((unsigned char)s[end]) || s[end] == '.'))
        end++;
    for (; i < end; i++) {
        if (s[i] == '.') {
            seen_point = 1;
            continue;
        }
        if (s[i] != '0')
            seen_nonzero = 1, trailing = 0;
        else if (seen_nonzero)
            trailing++;
        if (seen_nonzero)
            digits++;
    }
    /* Trailing zeros of an integer ("1000") are not significant. */
    if (!seen_point)
        digits -= trailing;
    return digits > 0 ? digits : 1;
}

int pp_num_parse(const char *s, const char *what, double *out, int *sig)
{
    char *end = NULL;
    double v, scale = 1;
    size_t mantissa_len;

    if (!s || !*s || isspace((unsigned char)*s))
        return pp_error_set(PP_EINVALID, "%s: expected a number, got '%s'",
                            what, s ? s : "");
    v = strtod(s, &end);
    if (end == s)
        return pp_error_set(PP_EINVALID, "%s: expected a number, got '%s'",
                            what, s);
    mantissa_len = (size_t)(end - s);
    if (*end) {
        switch (*end) {
        case 'K':
        case 'k': scale = 1e3; break;
        case 'M':
        case 'm': scale = 1e6; break;
        case 'B':
        case 'b':
        case 'G': scale = 1e9; break;
        case 'T':
        case 't': scale = 1e12; break;
        case 'P': scale = 1e15; break;
        default:
            return pp_error_set(PP_EINVALID,
                                "%s: unknown magnitude suffix in '%s' "
                                "(expected K, M, B, T or P)",
                                what, s);
        }
        if (end[1] != '\0')
            return pp_error_set(PP_EINVALID, "%s: trailing characters in '%s'",
                                what, s);
        if (memchr(s, 'e', mantissa_len) || memchr(s, 'E', mantissa_len))
            return pp_error_set(PP_EINVALID,
                                "%s: '%s' mixes an exponent and a suffix", what,
                                s);
    }
    v *= scale;
    if (!isfinite(v))
        return pp_error_set(PP_EINVALID, "%s: '%s' is not a finite number",
                            what, s);
    *out = v;
    if (sig)
        *sig = pp_num_sig_digits(s, mantissa_len);
    return 0;
}

double pp_num_round_sig(double v, int sig)
{
    char t[40];
    if (!isfinite(v) || v == 0 || sig < 1 || sig > 17)
        return v;
    snprintf(t, sizeof(t), "%.*e", sig - 1, v);
    return strtod(t, NULL);
}
