/*
 * microscope.h - the format microscope: what a number becomes in a narrow
 * floating-point format (ledger §2, §3, Lab A).
 *
 * Formats follow their published definitions: IEEE 754 for FP32, FP16 and
 * BF16 (binary32/16 and the bfloat16 truncation of binary32), the FP8
 * formats paper for E4M3 (no infinities, one NaN pattern, max 448) and E5M2
 * (IEEE-like), and the OCP Microscaling (MX) specification for the element
 * types E2M1, E2M3, E3M2 with an E8M0 shared scale over blocks of 32;
 * NVFP4 is E2M1 over blocks of 16 with an E4M3 scale.  This is a model of
 * the formats, not a bit-exact emulation of any GPU: where implementations
 * differ (saturation or NaN on E4M3 overflow, the NVFP4 second-level
 * tensor scale), the result says so in `note`.
 */
#ifndef PP_MICROSCOPE_H
#define PP_MICROSCOPE_H

#include <stddef.h>

#include "../core/buf.h"

typedef struct pp_numfmt {
    const char *name;  /* canonical name: "fp8-e4m3" */
    const char *label; /* for people: "FP8 E4M3" */
    int exp_bits, man_bits;
    int bias;
    double max_finite;
    int has_inf;       /* overflow gives infinity (IEEE-like) */
    int saturates;     /* overflow clamps to max_finite (MX elements) */
    int block;         /* elements per shared scale; 0: none */
    const char *scale; /* scale format name, or NULL */
} pp_numfmt;

/* Look a format up by name, case-insensitively, with aliases: "e4m3" and
 * "fp8-e4m3", "mxfp8-e4m3", "mxfp4", "nvfp4", ...  NULL when unknown. */
const pp_numfmt *pp_numfmt_lookup(const char *name);

/* All element formats, in table order; n set to the count. */
const pp_numfmt *pp_numfmt_all(size_t *n);

/* Properties for the format table. */
double pp_numfmt_min_normal(const pp_numfmt *f);
double pp_numfmt_min_subnormal(const pp_numfmt *f);
double pp_numfmt_spacing_at_one(const pp_numfmt *f);

enum pp_numfmt_round { PP_ROUND_NEAREST, PP_ROUND_STOCHASTIC };

typedef struct pp_numfmt_quant {
    double input;     /* the value before scaling */
    double scale;     /* the scale applied (1 when none) */
    double scaled;    /* input / scale, what the element format sees */
    double element;   /* the representable element (may be +-inf, NaN) */
    double value;     /* element * scale: what the number became */
    double abs_error; /* |value - input| (finite only) */
    double rel_error; /* abs_error / |input| (0 for input 0) */
    int overflow;     /* |scaled| beyond max finite */
    int saturated;    /* ... clamped to max finite */
    int to_inf;       /* ... became infinity */
    int to_nan;       /* ... became NaN (E4M3 without saturation) */
    int subnormal;    /* the result is subnormal */
    int underflow;    /* a nonzero input became zero */
    int rounded;      /* the value changed */
} pp_numfmt_quant;

/* Quantise `x / scale` into format `f` and scale it back.  `scale` must be
 * positive and finite (1 for none); for stochastic rounding `seed` selects
 * the draw.  `x` must be finite.  PP_EUSAGE names a bad argument. */
int pp_numfmt_quantize(const pp_numfmt *f, double x, double scale,
                       enum pp_numfmt_round mode, unsigned long long *seed,
                       pp_numfmt_quant *out);

/* The shared scale a block format picks for a block whose largest
 * magnitude is `amax`: MX takes the power of two 2^(floor(log2 amax) -
 * emax_element); NVFP4 takes amax / 6 rounded to E4M3. */
double pp_numfmt_block_scale(const pp_numfmt *f, double amax);

/* Bytes per element of a format ("fp32" 4, "bf16" 2, "mxfp4" 0.5 plus one
 * E8M0 scale byte per 32 elements, "nvfp4" 0.5 plus one E4M3 byte per 16;
 * "none" 0).  PP_EUSAGE for an unknown name. */
int pp_numfmt_bytes(const char *format, double *out);

/* --- what the microscope shows (passport format) --------------------- */

/* Every format with its bits, range and spacing at 1: an aligned table,
 * or with `json` a canonical JSON array.  Appends to `out`. */
int pp_microscope_table(pp_buf *out, int json);

/* What `x` becomes in `f`: divided by `scale` first (`block_scale` says
 * the scale is the one a block format picks for x alone), rounded by
 * `mode` (the draw `seed` for stochastic rounding).  Text or canonical
 * JSON appended to `out`; PP_EUSAGE names a bad argument. */
int pp_microscope_value(pp_buf *out, const pp_numfmt *f, double x, double scale,
                        int block_scale, enum pp_numfmt_round mode,
                        unsigned long long seed, int json);

/* A block of values (`list`: "V1,V2,...", at most the format's block)
 * quantised with one shared scale, and what its largest element does to
 * the others' precision.  PP_EUSAGE for a format without blocks or a bad
 * list. */
int pp_microscope_block(pp_buf *out, const pp_numfmt *f, const char *list,
                        int json);

#endif
