/*
 * format.c - the format microscope (see format.h).
 *
 * One quantiser serves every format: a value is placed on the grid of its
 * binade (spacing 2^(e - mantissa bits), with the binade clamped at the
 * subnormal range), rounded, then checked against the largest finite
 * value, where the format's own convention decides between infinity, NaN
 * and saturation.
 */
#include "format.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#include "../core/error.h"
#include "../core/banned.h"

static const pp_fmt formats[] = {
    /* name        label            e   m  bias max                  inf sat blk scale */
    {"fp32", "FP32", 8, 23, 127, 3.4028234663852886e38, 1, 0, 0, NULL},
    {"fp16", "FP16", 5, 10, 15, 65504, 1, 0, 0, NULL},
    {"bf16", "BF16", 8, 7, 127, 3.3895313892515355e38, 1, 0, 0, NULL},
    {"fp8-e4m3", "FP8 E4M3", 4, 3, 7, 448, 0, 0, 0, NULL},
    {"fp8-e5m2", "FP8 E5M2", 5, 2, 15, 57344, 1, 0, 0, NULL},
    {"mxfp8-e4m3", "MXFP8 (E4M3 elements)", 4, 3, 7, 448, 0, 0, 32, "e8m0"},
    {"mxfp8-e5m2", "MXFP8 (E5M2 elements)", 5, 2, 15, 57344, 1, 0, 32, "e8m0"},
    {"mxfp6-e2m3", "MXFP6 (E2M3 elements)", 2, 3, 1, 7.5, 0, 1, 32, "e8m0"},
    {"mxfp6-e3m2", "MXFP6 (E3M2 elements)", 3, 2, 3, 28, 0, 1, 32, "e8m0"},
    {"mxfp4", "MXFP4 (E2M1 elements)", 2, 1, 1, 6, 0, 1, 32, "e8m0"},
    {"nvfp4", "NVFP4 (E2M1 elements)", 2, 1, 1, 6, 0, 1, 16, "fp8-e4m3"},
};

static const struct {
    const char *alias, *name;
} aliases[] = {
    {"e4m3", "fp8-e4m3"}, {"e5m2", "fp8-e5m2"}, {"fp8_e4m3", "fp8-e4m3"},
    {"fp8_e5m2", "fp8-e5m2"}, {"float32", "fp32"}, {"float16", "fp16"},
    {"bfloat16", "bf16"}, {"mxfp8", "mxfp8-e4m3"}, {"e2m1", "mxfp4"},
};

const pp_fmt *pp_fmt_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
        if (strcasecmp(aliases[i].alias, name) == 0)
            name = aliases[i].name;
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        if (strcasecmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

const pp_fmt *pp_fmt_all(size_t *n)
{
    *n = sizeof(formats) / sizeof(formats[0]);
    return formats;
}

double pp_fmt_min_normal(const pp_fmt *f)
{
    return ldexp(1.0, 1 - f->bias);
}

double pp_fmt_min_subnormal(const pp_fmt *f)
{
    return ldexp(1.0, 1 - f->bias - f->man_bits);
}

double pp_fmt_spacing_at_one(const pp_fmt *f)
{
    return ldexp(1.0, -f->man_bits);
}

/* xorshift64*: a small, seedable generator for stochastic rounding, so a
 * run can be repeated with its seed. */
static double uniform(unsigned long long *s)
{
    unsigned long long x = *s ? *s : 0x9E3779B97F4A7C15ULL;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (double)((x * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

int pp_fmt_quantize(const pp_fmt *f, double x, double scale,
                    enum pp_round mode, unsigned long long *seed,
                    pp_quant *q)
{
    double s, a, ulp, k, r;
    int e, emin = 1 - f->bias;

    memset(q, 0, sizeof(*q));
    if (!isfinite(x))
        return pp_error_set(PP_EUSAGE, "value must be a finite number");
    if (!isfinite(scale) || scale <= 0)
        return pp_error_set(PP_EUSAGE, "scale must be a positive finite "
                            "number");
    q->input = x;
    q->scale = scale;
    s = x / scale;
    q->scaled = s;
    a = fabs(s);
    if (a == 0) {
        q->element = s;
        q->value = x;
        return 0;
    }
    e = ilogb(a);
    if (e < emin)
        e = emin;
    ulp = ldexp(1.0, e - f->man_bits);
    k = a / ulp;
    if (mode == PP_ROUND_STOCHASTIC) {
        double fl = floor(k);
        r = fl + (uniform(seed) < k - fl ? 1 : 0);
    } else {
        r = nearbyint(k); /* ties to even in the default rounding mode */
    }
    r *= ulp;
    if (r > f->max_finite) {
        q->overflow = 1;
        if (f->saturates) {
            r = f->max_finite, q->saturated = 1;
        } else if (f->has_inf) {
            r = INFINITY, q->to_inf = 1;
        } else {
            r = NAN, q->to_nan = 1;
        }
    }
    q->element = s < 0 ? -r : r;
    if (r == 0)
        q->underflow = 1;
    else if (r < pp_fmt_min_normal(f) && isfinite(r))
        q->subnormal = 1;
    q->value = q->element * scale;
    if (isfinite(q->value)) {
        q->abs_error = fabs(q->value - x);
        q->rel_error = q->abs_error / fabs(x);
        q->rounded = q->value != x;
    } else {
        q->rounded = 1;
    }
    return 0;
}

double pp_fmt_block_scale(const pp_fmt *f, double amax)
{
    if (!(amax > 0) || !isfinite(amax))
        return 1;
    if (f->scale && strcmp(f->scale, "e8m0") == 0) {
        /* OCP MX: X = 2^(floor(log2(amax)) - emax of the element), an
         * E8M0 power of two within 2^-127 .. 2^127. */
        int emax = ilogb(f->max_finite);
        int k = ilogb(amax) - emax;
        if (k < -127)
            k = -127;
        if (k > 127)
            k = 127;
        return ldexp(1.0, k);
    }
    if (f->scale && strcmp(f->scale, "fp8-e4m3") == 0) {
        /* NVFP4: amax maps to the element's largest value, 6; the scale
         * itself is stored in E4M3. */
        const pp_fmt *e4 = pp_fmt_lookup("fp8-e4m3");
        pp_quant sq;
        unsigned long long seed = 0;
        if (pp_fmt_quantize(e4, amax / f->max_finite, 1, PP_ROUND_NEAREST,
                            &seed, &sq) == 0 &&
            sq.value > 0 && isfinite(sq.value))
            return sq.value;
        return pp_fmt_min_subnormal(e4);
    }
    return 1;
}
