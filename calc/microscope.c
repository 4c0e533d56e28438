/*
 * microscope.c - the format microscope (see microscope.h).
 *
 * One quantiser serves every format: a value is placed on the grid of its
 * binade (spacing 2^(e - mantissa bits), with the binade clamped at the
 * subnormal range), rounded, then checked against the largest finite
 * value, where the format's own convention decides between infinity, NaN
 * and saturation.
 */
#include "microscope.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/banned.h"

static const pp_numfmt formats[] = {
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
    {"e4m3", "fp8-e4m3"},     {"e5m2", "fp8-e5m2"},    {"fp8_e4m3", "fp8-e4m3"},
    {"fp8_e5m2", "fp8-e5m2"}, {"float32", "fp32"},     {"float16", "fp16"},
    {"bfloat16", "bf16"},     {"mxfp8", "mxfp8-e4m3"}, {"e2m1", "mxfp4"},
};

const pp_numfmt *pp_numfmt_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
        if (strcasecmp(aliases[i].alias, name) == 0)
            name = aliases[i].name;
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        if (strcasecmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

const pp_numfmt *pp_numfmt_all(size_t *n)
{
    *n = sizeof(formats) / sizeof(formats[0]);
    return formats;
}

double pp_numfmt_min_normal(const pp_numfmt *f)
{
    return ldexp(1.0, 1 - f->bias);
}

double pp_numfmt_min_subnormal(const pp_numfmt *f)
{
    return ldexp(1.0, 1 - f->bias - f->man_bits);
}

double pp_numfmt_spacing_at_one(const pp_numfmt *f)
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

int pp_numfmt_quantize(const pp_numfmt *f, double x, double scale,
                       enum pp_numfmt_round mode, unsigned long long *seed,
                       pp_numfmt_quant *q)
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
    else if (r < pp_numfmt_min_normal(f) && isfinite(r))
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

double pp_numfmt_block_scale(const pp_numfmt *f, double amax)
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
        const pp_numfmt *e4 = pp_numfmt_lookup("fp8-e4m3");
        pp_numfmt_quant sq;
        unsigned long long seed = 0;
        if (pp_numfmt_quantize(e4, amax / f->max_finite, 1, PP_ROUND_NEAREST,
                               &seed, &sq) == 0 &&
            sq.value > 0 && isfinite(sq.value))
            return sq.value;
        return pp_numfmt_min_subnormal(e4);
    }
    return 1;
}

/* Storage: bytes per element, a block format's scale included. */
static const struct {
    const char *name;
    double bytes;
} storage[] = {
    {"fp32", 4},
    {"fp16", 2},
    {"bf16", 2},
    {"fp8", 1},
    {"fp8-e4m3", 1},
    {"fp8-e5m2", 1},
    {"e4m3", 1},
    {"e5m2", 1},
    {"int8", 1},
    {"e5m6", 1.5}, /* 12 bits */
    {"mxfp8", 1 + 1.0 / 32},
    {"mxfp8-e4m3", 1 + 1.0 / 32},
    {"mxfp8-e5m2", 1 + 1.0 / 32},
    {"mxfp6-e2m3", 0.75 + 1.0 / 32},
    {"mxfp6-e3m2", 0.75 + 1.0 / 32},
    {"mxfp4", 0.5 + 1.0 / 32},
    {"nvfp4", 0.5 + 1.0 / 16},
    {"none", 0},
};

int pp_numfmt_bytes(const char *format, double *out)
{
    for (size_t i = 0; i < sizeof(storage) / sizeof(storage[0]); i++) {
        if (strcasecmp(storage[i].name, format) == 0) {
            *out = storage[i].bytes;
            return 0;
        }
    }
    return pp_error_set(PP_EUSAGE,
                        "unknown format '%s' (fp32, fp16, bf16, "
                        "fp8-e4m3, fp8-e5m2, mxfp8, mxfp6-e2m3, mxfp4, nvfp4, "
                        "int8, none)",
                        format);
}

/* ------------------------------------------------------------------ */
/* What the microscope shows                                          */
/* ------------------------------------------------------------------ */

static void gnum(pp_buf *b, double v)
{
    char t[48];
    if (isnan(v))
        pp_buf_puts(b, "NaN");
    else if (isinf(v))
        pp_buf_puts(b, v < 0 ? "-Inf" : "Inf");
    else {
        snprintf(t, sizeof(t), "%.9g", v);
        pp_buf_puts(b, t);
    }
}

/* JSON has no NaN or infinity: those become strings. */
static cJSON *jnum(double v)
{
    if (isnan(v))
        return cJSON_CreateString("NaN");
    if (isinf(v))
        return cJSON_CreateString(v < 0 ? "-Inf" : "Inf");
    return cJSON_CreateNumber(v);
}

static const char *outcome(const pp_numfmt_quant *q, const pp_numfmt *f)
{
    if (q->saturated)
        return "overflowed: saturated to the largest finite value";
    if (q->to_inf)
        return "overflowed: became infinity";
    if (q->to_nan)
        return f->has_inf ? "overflowed: NaN"
                          : "overflowed: NaN (the format has no infinity; "
                            "many kernels saturate to the largest finite "
                            "value instead)";
    if (q->underflow)
        return "underflowed to zero";
    if (q->subnormal)
        return q->rounded ? "rounded into the subnormal range"
                          : "exact, subnormal";
    return q->rounded ? "rounded" : "exact";
}

static cJSON *quant_json(const pp_numfmt_quant *q, const pp_numfmt *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "input", jnum(q->input));
    cJSON_AddItemToObject(o, "scale", jnum(q->scale));
    cJSON_AddItemToObject(o, "element", jnum(q->element));
    cJSON_AddItemToObject(o, "value", jnum(q->value));
    cJSON_AddItemToObject(o, "abs_error", jnum(q->abs_error));
    cJSON_AddItemToObject(o, "rel_error", jnum(q->rel_error));
    cJSON_AddBoolToObject(o, "overflow", q->overflow);
    cJSON_AddBoolToObject(o, "saturated", q->saturated);
    cJSON_AddBoolToObject(o, "infinity", q->to_inf);
    cJSON_AddBoolToObject(o, "nan", q->to_nan);
    cJSON_AddBoolToObject(o, "subnormal", q->subnormal);
    cJSON_AddBoolToObject(o, "underflow", q->underflow);
    cJSON_AddBoolToObject(o, "rounded", q->rounded);
    cJSON_AddStringToObject(o, "outcome", outcome(q, f));
    return o;
}

static void fmt_header(pp_buf *b, const pp_numfmt *f)
{
    pp_buf_printf(b, "%s: 1 sign, %d exponent, %d mantissa bits; max ",
                  f->label, f->exp_bits, f->man_bits);
    gnum(b, f->max_finite);
    if (f->block)
        pp_buf_printf(b, "; blocks of %d with an %s scale", f->block, f->scale);
    pp_buf_putc(b, '\n');
}

int pp_microscope_table(pp_buf *out, int json)
{
    size_t n;
    const pp_numfmt *all = pp_numfmt_all(&n);
    cJSON *arr = cJSON_CreateArray();
    if (!json)
        pp_buf_printf(out, "%-24s %-7s %-13s %-11s %-11s %-9s %s\n", "FORMAT",
                      "S/E/M", "MAX FINITE", "MIN NORMAL", "MIN SUBNORM",
                      "AT 1", "SCALE");
    for (size_t i = 0; i < n; i++) {
        const pp_numfmt *f = &all[i];
        cJSON *o = cJSON_CreateObject();
        char sem[16], line[256];
        cJSON_AddStringToObject(o, "name", f->name);
        cJSON_AddNumberToObject(o, "sign_bits", 1);
        cJSON_AddNumberToObject(o, "exponent_bits", f->exp_bits);
        cJSON_AddNumberToObject(o, "mantissa_bits", f->man_bits);
        cJSON_AddNumberToObject(o, "max_finite", f->max_finite);
        cJSON_AddNumberToObject(o, "min_normal", pp_numfmt_min_normal(f));
        cJSON_AddNumberToObject(o, "min_subnormal", pp_numfmt_min_subnormal(f));
        cJSON_AddNumberToObject(o, "spacing_at_one",
                                pp_numfmt_spacing_at_one(f));
        cJSON_AddBoolToObject(o, "infinity", f->has_inf);
        cJSON_AddBoolToObject(o, "saturates", f->saturates);
        if (f->block) {
            cJSON_AddNumberToObject(o, "block_size", f->block);
            cJSON_AddStringToObject(o, "scale_format", f->scale);
        }
        cJSON_AddItemToArray(arr, o);
        snprintf(sem, sizeof(sem), "1/%d/%d", f->exp_bits, f->man_bits);
        snprintf(line, sizeof(line),
                 "%-24s %-7s %-13.6g %-11.3g %-11.3g %-9.3g %s\n", f->name, sem,
                 f->max_finite, pp_numfmt_min_normal(f),
                 pp_numfmt_min_subnormal(f), pp_numfmt_spacing_at_one(f),
                 f->block ? (f->block == 32 ? "E8M0 per 32" : "E4M3 per 16")
                          : "-");
        if (!json)
            pp_buf_puts(out, line);
    }
    if (json)
        pp_json_write_canonical(out, arr, NULL);
    else
        pp_buf_puts(out, "\nMX and NVFP4 values are element x shared scale: "
                         "their range depends on the scale.\n");
    cJSON_Delete(arr);
    return 0;
}

static int parse_list(const char *s, double *v, size_t max, size_t *n)
{
    char buf[64];
    *n = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        if (*n == max)
            return pp_error_set(PP_EUSAGE, "block: at most %zu values", max);
        if (len == 0 || len >= sizeof(buf))
            return pp_error_set(PP_EUSAGE, "block: bad value list");
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (pp_num_parse(buf, "block", &v[(*n)++], NULL) < 0)
            return PP_EUSAGE;
        s += len;
        if (*s == ',')
            s++;
    }
    return *n ? 0 : pp_error_set(PP_EUSAGE, "block: no values");
}

/* Quantise a block; the scale comes from every element but `skip` (none
 * when skip >= n); the mean relative error is over every element but
 * `largest`. */
static void block_pass(const pp_numfmt *f, const double *v, size_t n,
                       size_t skip, size_t largest, double *scale,
                       pp_numfmt_quant *q, double *mean_rel_others)
{
    double amax = 0, sum = 0;
    size_t cnt = 0;
    unsigned long long seed = 1;
    for (size_t i = 0; i < n; i++)
        if (i != skip && fabs(v[i]) > amax)
            amax = fabs(v[i]);
    *scale = pp_numfmt_block_scale(f, amax);
    for (size_t i = 0; i < n; i++) {
        pp_numfmt_quantize(f, v[i], *scale, PP_ROUND_NEAREST, &seed, &q[i]);
        if (i != largest && v[i] != 0) {
            sum += q[i].rel_error;
            cnt++;
        }
    }
    *mean_rel_others = cnt ? sum / (double)cnt : 0;
}

int pp_microscope_block(pp_buf *out, const pp_numfmt *f, const char *list,
                        int json)
{
    double v[64], scale, scale2, mean, mean2;
    pp_numfmt_quant q[64], q2[64];
    size_t n, imax = 0;
    int rc;

    if (!f->block)
        return pp_error_set(PP_EUSAGE,
                            "--block needs a block format (mxfp8, "
                            "mxfp6, mxfp4, nvfp4), not %s",
                            f->name);
    if ((rc = parse_list(list, v, 64, &n)) < 0)
        return rc;
    if (n > (size_t)f->block)
        return pp_error_set(PP_EUSAGE,
                            "block: %s shares one scale over %d "
                            "values, got %zu",
                            f->name, f->block, n);
    for (size_t i = 1; i < n; i++)
        if (fabs(v[i]) > fabs(v[imax]))
            imax = i;
    block_pass(f, v, n, (size_t)-1, imax, &scale, q, &mean);
    /* Without the outlier: the scale the rest would get, and their error. */
    block_pass(f, v, n, imax, imax, &scale2, q2, &mean2);
    if (json) {
        cJSON *o = cJSON_CreateObject(), *arr;
        cJSON_AddStringToObject(o, "format", f->name);
        cJSON_AddNumberToObject(o, "scale", scale);
        arr = cJSON_AddArrayToObject(o, "elements");
        for (size_t i = 0; i < n; i++)
            cJSON_AddItemToArray(arr, quant_json(&q[i], f));
        cJSON_AddNumberToObject(o, "largest_index", (double)imax);
        cJSON_AddNumberToObject(o, "mean_rel_error_others", mean);
        cJSON_AddNumberToObject(o, "scale_without_largest", scale2);
        cJSON_AddNumberToObject(o, "mean_rel_error_others_without_largest",
                                mean2);
        pp_json_write_canonical(out, o, NULL);
        cJSON_Delete(o);
        return 0;
    }
    fmt_header(out, f);
    pp_buf_puts(out, "shared scale ");
    gnum(out, scale);
    pp_buf_printf(out, " (chosen from the largest magnitude, %g)\n",
                  fabs(v[imax]));
    pp_buf_printf(out, "%-14s %-14s %-14s %s\n", "VALUE", "BECOMES",
                  "REL ERROR", "OUTCOME");
    for (size_t i = 0; i < n; i++) {
        char line[256];
        snprintf(line, sizeof(line), "%-14.6g %-14.6g %-14.3g %s%s\n", v[i],
                 q[i].value, q[i].rel_error, outcome(&q[i], f),
                 i == imax ? " (largest)" : "");
        pp_buf_puts(out, line);
    }
    pp_buf_printf(out, "mean relative error of the others: %.3g\n", mean);
    pp_buf_printf(out,
                  "without the largest value the scale would be %g and "
                  "their mean relative error %.3g\n",
                  scale2, mean2);
    return 0;
}

int pp_microscope_value(pp_buf *out, const pp_numfmt *f, double x, double scale,
                        int block_scale, enum pp_numfmt_round mode,
                        unsigned long long seed, int json)
{
    pp_numfmt_quant q;
    int rc;
    if ((rc = pp_numfmt_quantize(f, x, scale, mode, &seed, &q)) < 0)
        return rc;
    if (json) {
        cJSON *o = quant_json(&q, f);
        cJSON_AddStringToObject(o, "format", f->name);
        cJSON_AddStringToObject(o, "rounding",
                                mode == PP_ROUND_NEAREST ? "nearest"
                                                         : "stochastic");
        rc = pp_json_write_canonical(out, o, NULL);
        cJSON_Delete(o);
        return rc;
    }
    fmt_header(out, f);
    pp_buf_puts(out, "  value               ");
    gnum(out, x);
    if (scale != 1) {
        pp_buf_puts(out, "\n  scale               ");
        gnum(out, scale);
        if (block_scale)
            pp_buf_puts(out, " (the block scale for this value alone)");
        pp_buf_puts(out, "\n  element             ");
        gnum(out, q.element);
    }
    pp_buf_puts(out, "\n  nearest             ");
    gnum(out, q.value);
    if (isfinite(q.value)) {
        pp_buf_puts(out, "\n  absolute error      ");
        gnum(out, q.abs_error);
        pp_buf_printf(out, "\n  relative error      %.3g%%", 100 * q.rel_error);
    }
    return pp_buf_printf(out, "\n  outcome             %s (%s rounding)\n",
                         outcome(&q, f),
                         mode == PP_ROUND_NEAREST ? "nearest, ties to even"
                                                  : "stochastic");
}
