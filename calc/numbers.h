/*
 * numbers.h - numbers as prose writes them, in English, Russian and
 * Chinese: 15.5T, 671B, 32K, 14.8 trillion, one trillion, 14,800 billion,
 * 65 504, 7.227e23, 7.23 x 10^23, 7.227\cdot10^{23}, 17.9%, 15 трлн,
 * 2,5 млрд, 15万亿, 1.2亿, 一万亿, a one-trillion-parameter model, and
 * ranges of two of them (10–20T, between 600B and 700B) -- each
 * with its byte span, value in base units, the significant digits
 * written, the qualifier around it (about, more than, около, 约, 超过 ...)
 * and the unit that follows (tokens, parameters, FLOP, FLOP/s, GB, GiB,
 * GPUs, GPU hours, experts, %).
 *
 * Digits inside identifiers are not numbers: K2, V3, FP8, E4M3, Qwen3.8,
 * 1F1B and 2x2 are skipped.
 */
#ifndef PP_NUMBERS_H
#define PP_NUMBERS_H

#include <stddef.h>

enum pp_unit {
    PP_UNIT_NONE,
    PP_UNIT_TOKENS,
    PP_UNIT_PARAMS,
    PP_UNIT_FLOP,
    PP_UNIT_FLOPS, /* FLOP/s */
    PP_UNIT_BYTES, /* GB (1e9) or GiB (2^30), already in bytes */
    PP_UNIT_DEVICES,
    PP_UNIT_DEVICE_HOURS, /* GPU hours: time on accelerators */
    PP_UNIT_EXPERTS,
    PP_UNIT_PERCENT, /* value already divided by 100 */
    PP_UNIT_TIMES    /* a multiplier: 2.5x */
};

typedef struct pp_number {
    size_t start, end; /* byte span in the text, unit included */
    double value;      /* base units */
    int sig;           /* significant digits as written */
    char qualifier[4]; /* "=", "≈", ">", "<", "≥", "≤" (UTF-8) */
    enum pp_unit unit;
    int magnitude;    /* a suffix or word scaled it (B, T, трлн, 亿) */
    int binary_bytes; /* GiB rather than GB */
    int rate;         /* "6 FLOP / token / parameter": per a count, no amount */
    /* a range, "10–20T tokens", "between 600B and 700B", "от 10 до 20
     * трлн", "10 至 20 万亿": the span covers both ends, value and sig
     * are the upper end's, lo and lo_sig the lower end's (scaled by the
     * upper end's magnitude when it has none: 10 of "10–20T" is 10T) */
    int range;
    double lo;
    int lo_sig;
    size_t lo_end, hi_start; /* where the lower end ends, the upper begins */
} pp_number;

/* Scan `len` bytes of `text` for numbers; at most `max` into `out`.
 * Returns how many were found. */
size_t pp_numbers_scan(const char *text, size_t len, pp_number *out,
                       size_t max);

/* The total-active notation after figure `total` of `text` ("1T-32A",
 * "671B-A37B", "1T-A32B": a total joined by a hyphen to the active count,
 * an A before or after it).  0: none ("30B-A3B-Instruct" is a name); 1:
 * one whose active count has no magnitude of its own ("32A"); 2: the
 * active count, smaller than the total, into *active (its span, value,
 * digits and the total's qualifier). */
int pp_numbers_active_tag(const char *text, size_t len, const pp_number *total,
                          pp_number *active);

#endif
