/*
 * num.h - numbers as passports write and read them.
 *
 * Inside the tool every quantity is a plain double in base units
 * (1.04e12 parameters, 3.9e14 FLOP/s).  Two things travel with a figure
 * as data: the number of significant digits it was reported with (1.04T
 * has 3, 1T has 1) and its qualifier.  This module formats doubles in the
 * canonical form used in passport files, in the human form used in text
 * output, and parses the suffixed forms people type (15T, 32.6B, 7.227e23).
 */
#ifndef PP_NUM_H
#define PP_NUM_H

#include <stddef.h>

#include "buf.h"

/* Shortest text that reads back as exactly `v` ("1.04e12", "0.95", "896").
 * `v` must be finite.  Writes at most 32 bytes including the NUL. */
void pp_num_canonical(double v, char out[32]);

/* `v` with `sig` significant digits and a magnitude suffix for counts
 * (K, M, B, T: 1.04T, 32.6B, 32K), or in scientific form above 1e15
 * (7.227e23).  `sig` <= 0 means "as many as needed".  Appends to `out`. */
int pp_num_human(pp_buf *out, double v, int sig);

/* Parse "15T", "1.04T", "32.6B", "32K", "1M", "7.227e23", "390" (an
 * optional magnitude suffix K/M/B/T/P, case-insensitive for k/m/b/t).
 * On success stores the value in base units and, if `sig` is not NULL,
 * the significant digits written.  Returns 0 or PP_EINVALID (message
 * names `what`).  The whole string must be consumed. */
int pp_num_parse(const char *s, const char *what, double *out, int *sig);

/* `v` rounded to `sig` significant digits (decimal rounding of its
 * shortest %e form: 32.6e9 to 2 digits is 33e9).  `v` itself when it is
 * zero, not finite, or sig is outside 1..17. */
double pp_num_round_sig(double v, int sig);

/* Significant digits of a decimal literal like "1.040" (4) or "32" (2);
 * trailing zeros of an integer count ("1000" is 1). */
int pp_num_sig_digits(const char *literal, size_t len);

#endif
