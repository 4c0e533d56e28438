/*
 * range.h - the interval of true values a reported figure allows.
 *
 * A figure stands for what its written digits and qualifier allow:
 * "1.04T" (3 digits) is [1.035T, 1.045T), "about 1.04T" twice as wide
 * (but never past a quarter of the value beyond the rounding itself),
 * "more than 32T" is [32T, inf).  The verifier (verify.c) and the claim
 * checker (check*.c) compare figures and recompute derived ones (D/N,
 * 6*N*D) on these intervals, so both decide consistency the same way.
 * Plain values; nothing here allocates.
 */
#ifndef PP_RANGE_H
#define PP_RANGE_H

typedef struct pp_range {
    double lo, hi;
    int bounded; /* 0 when one end is open (a qualifier like >) */
    int have;    /* 1 when the figure exists (a disclosed fact with a value) */
} pp_range;

/* The range of `v` written with `sig` significant digits (<= 0: exact)
 * under `qualifier`: "=", "≈" (one unit either way, at most a quarter of
 * `v` unless half a unit is more), ">", "≥", "<", "≤".
 * An unknown qualifier reads as "<".  "<" starts at 0 for a figure >= 0
 * (the quantities compared are counts and sizes). */
pp_range pp_range_of(double v, int sig, const char *qualifier);

/* 1 when the two ranges meet: their insides overlap, or a point range
 * (an exact figure) lies in the other, ends included.  Rounding intervals
 * that only touch do not meet: "2M" is not consistent with "1M". */
int pp_range_meet(pp_range a, pp_range b);

/* Interval arithmetic on non-negative ranges: a*b*k (k > 0) and a/b. */
pp_range pp_range_mul(pp_range a, pp_range b, double k);
pp_range pp_range_div(pp_range a, pp_range b);

#endif
