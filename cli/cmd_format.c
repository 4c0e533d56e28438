/*
 * cmd_format.c - passport format: the format microscope.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../calc/format.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport format VALUE --as FMT [--scale S] [--round "
    "nearest|stochastic --seed K]\n"
    "       passport format --block V1,V2,... --as FMT\n"
    "       passport format --table\n"
    "       (each with [--format text|json])\n"
    "\n"
    "What a number becomes in a floating-point format: the nearest\n"
    "representable value, the absolute and relative error, and whether it\n"
    "overflowed (saturated, infinity or NaN by the format's convention),\n"
    "underflowed to a subnormal or zero, or was rounded.  --block quantises\n"
    "a block with one shared scale and shows what its largest element does\n"
    "to the precision of the others.  --table lists every format.\n"
    "\n"
    "Formats (case-insensitive): fp32, fp16, bf16, e4m3 (fp8-e4m3), e5m2\n"
    "(fp8-e5m2), mxfp8-e4m3, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4,\n"
    "nvfp4.  MX formats share an E8M0 power-of-two scale over blocks of 32;\n"
    "NVFP4 an E4M3 scale over blocks of 16.  This models the published\n"
    "definitions; it is not a bit-exact emulation of any GPU.\n"
    "\n"
    "  --as FMT           the format\n"
    "  --scale S          divide by S before quantising, multiply after\n"
    "                     (default 1; for a block format with one value, the\n"
    "                     scale the format would pick for it)\n"
    "  --round MODE       nearest (ties to even; default) or stochastic\n"
    "  --seed K           the draw of stochastic rounding (default 1)\n"
    "  -f, --format FMT   text (default) or json\n"
    "  -h, --help         show this help\n";

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

static const char *outcome(const pp_quant *q, const pp_fmt *f)
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

static cJSON *quant_json(const pp_quant *q, const pp_fmt *f)
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

static void fmt_header(pp_buf *b, const pp_fmt *f)
{
    pp_buf_printf(b, "%s: 1 sign, %d exponent, %d mantissa bits; max ",
                  f->label, f->exp_bits, f->man_bits);
    gnum(b, f->max_finite);
    if (f->block)
        pp_buf_printf(b, "; blocks of %d with an %s scale", f->block,
                      f->scale);
    pp_buf_putc(b, '\n');
}

static int do_table(enum pp_format fmt, pp_buf *out)
{
    size_t n;
    const pp_fmt *all = pp_fmt_all(&n);
    cJSON *arr = cJSON_CreateArray();
    if (fmt != PP_FMT_JSON)
        pp_buf_printf(out, "%-24s %-7s %-13s %-11s %-11s %-9s %s\n", "FORMAT",
                      "S/E/M", "MAX FINITE", "MIN NORMAL", "MIN SUBNORM",
                      "AT 1", "SCALE");
    for (size_t i = 0; i < n; i++) {
        const pp_fmt *f = &all[i];
        cJSON *o = cJSON_CreateObject();
        char sem[16], line[256];
        cJSON_AddStringToObject(o, "name", f->name);
        cJSON_AddNumberToObject(o, "sign_bits", 1);
        cJSON_AddNumberToObject(o, "exponent_bits", f->exp_bits);
        cJSON_AddNumberToObject(o, "mantissa_bits", f->man_bits);
        cJSON_AddNumberToObject(o, "max_finite", f->max_finite);
        cJSON_AddNumberToObject(o, "min_normal", pp_fmt_min_normal(f));
        cJSON_AddNumberToObject(o, "min_subnormal", pp_fmt_min_subnormal(f));
        cJSON_AddNumberToObject(o, "spacing_at_one", pp_fmt_spacing_at_one(f));
        cJSON_AddBoolToObject(o, "infinity", f->has_inf);
        cJSON_AddBoolToObject(o, "saturates", f->saturates);
        if (f->block) {
            cJSON_AddNumberToObject(o, "block_size", f->block);
            cJSON_AddStringToObject(o, "scale_format", f->scale);
        }
        cJSON_AddItemToArray(arr, o);
        snprintf(sem, sizeof(sem), "1/%d/%d", f->exp_bits, f->man_bits);
        snprintf(line, sizeof(line),
                 "%-24s %-7s %-13.6g %-11.3g %-11.3g %-9.3g %s\n", f->name,
                 sem, f->max_finite, pp_fmt_min_normal(f),
                 pp_fmt_min_subnormal(f), pp_fmt_spacing_at_one(f),
                 f->block ? (f->block == 32 ? "E8M0 per 32" : "E4M3 per 16")
                          : "-");
        if (fmt != PP_FMT_JSON)
            pp_buf_puts(out, line);
    }
    if (fmt == PP_FMT_JSON)
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
static void block_pass(const pp_fmt *f, const double *v, size_t n,
                       size_t skip, size_t largest, double *scale,
                       pp_quant *q, double *mean_rel_others)
{
    double amax = 0, sum = 0;
    size_t cnt = 0;
    unsigned long long seed = 1;
    for (size_t i = 0; i < n; i++)
        if (i != skip && fabs(v[i]) > amax)
            amax = fabs(v[i]);
    *scale = pp_fmt_block_scale(f, amax);
    for (size_t i = 0; i < n; i++) {
        pp_fmt_quantize(f, v[i], *scale, PP_ROUND_NEAREST, &seed, &q[i]);
        if (i != largest && v[i] != 0) {
            sum += q[i].rel_error;
            cnt++;
        }
    }
    *mean_rel_others = cnt ? sum / (double)cnt : 0;
}

static int do_block(const pp_fmt *f, const char *list, enum pp_format fmt,
                    pp_buf *out)
{
    double v[64], scale, scale2, mean, mean2;
    pp_quant q[64], q2[64];
    size_t n, imax = 0;
    int rc;

    if (!f->block)
        return pp_error_set(PP_EUSAGE, "--block needs a block format (mxfp8, "
                            "mxfp6, mxfp4, nvfp4), not %s", f->name);
    if ((rc = parse_list(list, v, 64, &n)) < 0)
        return rc;
    if (n > (size_t)f->block)
        return pp_error_set(PP_EUSAGE, "block: %s shares one scale over %d "
                            "values, got %zu", f->name, f->block, n);
    for (size_t i = 1; i < n; i++)
        if (fabs(v[i]) > fabs(v[imax]))
            imax = i;
    block_pass(f, v, n, (size_t)-1, imax, &scale, q, &mean);
    /* Without the outlier: the scale the rest would get, and their error. */
    block_pass(f, v, n, imax, imax, &scale2, q2, &mean2);
    if (fmt == PP_FMT_JSON) {
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
    pp_buf_printf(out, "without the largest value the scale would be %g and "
                  "their mean relative error %.3g\n", scale2, mean2);
    return 0;
}

int cmd_format(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"as", required_argument, NULL, 'a'},
        {"scale", required_argument, NULL, 's'},
        {"round", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},
        {"block", required_argument, NULL, 'b'},
        {"table", no_argument, NULL, 't'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum pp_format fmt = PP_FMT_TEXT;
    const char *as = NULL, *scale_s = NULL, *round_s = "nearest";
    const char *seed_s = NULL, *block = NULL;
    int c, rc, table = 0;
    const pp_fmt *f = NULL;
    pp_buf out = PP_BUF_INIT;

    cli_getopt_reset();
    while ((c = cli_getopt("format", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'a': as = optarg; break;
        case 's': scale_s = optarg; break;
        case 'r': round_s = optarg; break;
        case 'S': seed_s = optarg; break;
        case 'b': block = optarg; break;
        case 't': table = 1; break;
        case 'f':
            if (cli_parse_format("format", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(usage_text, stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (table) {
        if (as || block || optind < argc)
            return cli_usage("format", "--table takes no value or format");
        do_table(fmt, &out);
        rc = cli_flush("format", &out);
        pp_buf_dispose(&out);
        return rc;
    }
    if (!as)
        return cli_usage("format", "expected --as FMT (or --table)");
    if (!(f = pp_fmt_lookup(as)))
        return cli_usage("format", "unknown format '%s' (fp32, fp16, bf16, "
                         "e4m3, e5m2, mxfp8-e4m3, mxfp8-e5m2, mxfp6-e2m3, "
                         "mxfp6-e3m2, mxfp4, nvfp4)", as);
    if (block) {
        if (optind < argc || scale_s)
            return cli_usage("format", "--block takes no VALUE or --scale");
        if ((rc = do_block(f, block, fmt, &out)) < 0) {
            pp_buf_dispose(&out);
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        }
    } else {
        double x, scale = 1;
        unsigned long long seed = 1;
        enum pp_round mode;
        pp_quant q;
        if (argc - optind != 1)
            return cli_usage("format", "expected one VALUE");
        if (pp_num_parse(argv[optind], "value", &x, NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        if (scale_s && pp_num_parse(scale_s, "scale", &scale, NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        if (!strcmp(round_s, "nearest"))
            mode = PP_ROUND_NEAREST;
        else if (!strcmp(round_s, "stochastic"))
            mode = PP_ROUND_STOCHASTIC;
        else
            return cli_usage("format", "--round: expected nearest or "
                             "stochastic, got '%s'", round_s);
        if (seed_s) {
            char *end;
            seed = strtoull(seed_s, &end, 10);
            if (*end || end == seed_s)
                return cli_usage("format", "--seed: expected a whole number");
        }
        if (!scale_s && f->block)
            scale = pp_fmt_block_scale(f, fabs(x));
        if ((rc = pp_fmt_quantize(f, x, scale, mode, &seed, &q)) < 0)
            return cli_fail(PP_EXIT_USAGE, "format", "%s", pp_error_last());
        if (fmt == PP_FMT_JSON) {
            cJSON *o = quant_json(&q, f);
            cJSON_AddStringToObject(o, "format", f->name);
            cJSON_AddStringToObject(o, "rounding", round_s);
            pp_json_write_canonical(&out, o, NULL);
            cJSON_Delete(o);
        } else {
            fmt_header(&out, f);
            pp_buf_puts(&out, "  value               ");
            gnum(&out, x);
            if (scale != 1) {
                pp_buf_puts(&out, "\n  scale               ");
                gnum(&out, scale);
                pp_buf_printf(&out, "%s", !scale_s && f->block
                                              ? " (the block scale for this "
                                                "value alone)"
                                              : "");
                pp_buf_puts(&out, "\n  element             ");
                gnum(&out, q.element);
            }
            pp_buf_puts(&out, "\n  nearest             ");
            gnum(&out, q.value);
            if (isfinite(q.value)) {
                pp_buf_puts(&out, "\n  absolute error      ");
                gnum(&out, q.abs_error);
                pp_buf_printf(&out, "\n  relative error      %.3g%%",
                              100 * q.rel_error);
            }
            pp_buf_printf(&out, "\n  outcome             %s (%s rounding)\n",
                          outcome(&q, f),
                          mode == PP_ROUND_NEAREST ? "nearest, ties to even"
                                                   : "stochastic");
        }
    }
    rc = cli_flush("format", &out);
    pp_buf_dispose(&out);
    return rc;
}
