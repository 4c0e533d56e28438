/*
 * plot.c - the lecture's figures from the fitted law and the registry:
 * iso-FLOP valleys, the break-even of two equal-loss variants, the data
 * wall, and the passports' active against total parameters.  Every point
 * comes from the calculators (calc/calc.h) or from passport facts.
 */
#include "internal.h"

#include <math.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../schema/fact.h"
#include "../core/banned.h"

#define W 960
#define H 560
/* a line of a note under a plot: its height and its characters */
#define NOTE_LINE 14
#define NOTE_CHARS 96
#define SAMPLES 160

static const char *const palette[] = {"#0b5fa5", "#c0392b", "#1e7b34",
                                      "#7d3c98", "#b9770e", "#117a8b",
                                      "#5d6d7e", "#a93226"};

static const char *name_of(const cJSON *doc)
{
    const cJSON *n = pp_json_get(doc, "name");
    return cJSON_IsString(n) ? n->valuestring : "?";
}

static void label_nd(pp_buf *b, double n, int sn, double d, int sd)
{
    pp_num_human(b, n, sn);
    pp_buf_putc(b, '/');
    pp_num_human(b, d, sd);
}

/* The N and D of a run's 6ND (schema/fact.h decides which N): 1 when
 * both are on record; the significant digits into sn, sd (may be NULL). */
static int nd_of(const cJSON *doc, double *n, int *sn, double *d, int *sd)
{
    pp_fact_num fn, fd;
    if (!pp_fact_compute_params(doc, &fn) ||
        !pp_fact_number(doc, "training.tokens", &fd))
        return 0;
    *n = fn.value, *d = fd.value;
    if (sn)
        *sn = fn.sig;
    if (sd)
        *sd = fd.sig;
    return 1;
}

/* 6ND of a run whose N and D nd_of gave (both positive). */
static double six_nd(double n, double d)
{
    double c = 0;
    pp_calc_flops(n, d, 6, &c);
    return c;
}

/* ---- iso-FLOP ------------------------------------------------------------ */

int pp_plot_isoflop(pp_buf *out, const pp_law *law, const double *budgets,
                    size_t nb, const pp_report_set *marks)
{
    struct rp_plot p;
    pp_optimum opt[8];
    double nlo = INFINITY, nhi = 0, llo = INFINITY, lhi = 0;
    int rc;
    if (nb == 0 || nb > 8)
        return pp_error_set(PP_EUSAGE, "give 1 to 8 budgets");
    if ((rc = pp_law_check(law)) < 0)
        return rc;
    for (size_t i = 0; i < nb; i++) {
        if ((rc = pp_calc_optimum(law, budgets[i], &opt[i])) < 0)
            return rc;
        nlo = fmin(nlo, opt[i].params / 30);
        nhi = fmax(nhi, opt[i].params * 30);
        llo = fmin(llo, opt[i].loss);
    }
    /* the loss axis: from just under the lowest optimum to where the
     * widest valley has climbed a little */
    for (size_t i = 0; i < nb; i++) {
        double l;
        if (pp_calc_loss(law, opt[i].params / 30,
                         budgets[i] / (law->kappa * opt[i].params / 30),
                         &l) == 0)
            lhi = fmax(lhi, fmin(l, opt[i].loss + 0.25));
    }
    rp_svg_begin(&p, out, W, H, "Iso-FLOP valleys of the fitted loss",
                 "Fitted loss L(N, C/(6N)) against model size N at fixed "
                 "training compute C, with the analytic optimum N* and the "
                 "D = 20N rule on each curve.");
    p.x = (struct rp_axis){nlo, nhi, 1, RP_TICK_COUNT, "parameters N"};
    p.y = (struct rp_axis){llo - (lhi - llo) * 0.08, lhi, 0, RP_TICK_PLAIN,
                           "fitted loss L(N, D)"};
    rp_svg_axes(&p);
    for (size_t i = 0; i < nb; i++) {
        double xs[SAMPLES], ys[SAMPLES], rl = 0;
        size_t n = 0;
        const char *color = palette[i % 8];
        pp_buf lab = PP_BUF_INIT;
        for (int k = 0; k < SAMPLES; k++) {
            double t = (double)k / (SAMPLES - 1);
            double nn = opt[i].params / 30 * pow(900, t), l;
            if (pp_calc_loss(law, nn, budgets[i] / (law->kappa * nn), &l) ==
                0) {
                xs[n] = nn;
                ys[n++] = l;
            }
        }
        rp_svg_line(&p, xs, ys, n, color, NULL);
        pp_buf_puts(&lab, "N* = ");
        pp_num_human(&lab, opt[i].params, 3);
        pp_buf_puts(&lab, ", D* = ");
        pp_num_human(&lab, opt[i].tokens, 3);
        rp_svg_marker(&p, opt[i].params, opt[i].loss, 'o', 6, color, 0,
                      pp_buf_cstr(&lab));
        if (pp_calc_loss(law, opt[i].rule_params, opt[i].rule_tokens, &rl) ==
            0) {
            pp_buf_clear(&lab);
            pp_buf_puts(&lab, "20N: ");
            label_nd(&lab, opt[i].rule_params, 3, opt[i].rule_tokens, 3);
            rp_svg_marker(&p, opt[i].rule_params, rl, 's', 5, color, 1,
                          pp_buf_cstr(&lab));
        }
        pp_buf_dispose(&lab);
    }
    for (size_t i = 0; marks && i < marks->n; i++) {
        double n, d, l;
        int sn = 0, sd = 0;
        pp_buf lab = PP_BUF_INIT;
        if (!nd_of(marks->docs[i], &n, &sn, &d, &sd) ||
            pp_calc_loss(law, n, d, &l) < 0)
            continue;
        pp_buf_printf(&lab, "%s: ", name_of(marks->docs[i]));
        label_nd(&lab, n, sn, d, sd);
        pp_buf_printf(&lab, ", L = %.4f", l);
        rp_svg_marker(&p, n, l, 'd', 6, "#111111", 0, pp_buf_cstr(&lab));
        pp_buf_dispose(&lab);
    }
    for (size_t i = 0; i < nb; i++) {
        pp_buf lab = PP_BUF_INIT;
        pp_buf_puts(&lab, "C = ");
        rp_num(&lab, budgets[i], RP_TICK_SCI, 4);
        pp_buf_puts(&lab, " FLOP");
        rp_svg_legend(&p, palette[i % 8], NULL, 0, pp_buf_cstr(&lab));
        pp_buf_dispose(&lab);
    }
    rp_svg_legend(&p, "#333333", NULL, 'o', "analytic optimum N*");
    rp_svg_legend(&p, "#333333", "", 's', "D = 20N rule");
    if (marks && marks->n)
        rp_svg_legend(&p, "#111111", NULL, 'd', "scenario from the registry");
    {
        pp_buf note = PP_BUF_INIT;
        pp_buf_printf(&note,
                      "L = E + A/N^\xCE\xB1 + B/D^\xCE\xB2 with E=%g, "
                      "A=%g, B=%g, \xCE\xB1=%g, \xCE\xB2=%g; D = C/(%gN). A "
                      "fitted law, not a measurement.",
                      law->E, law->A, law->B, law->alpha, law->beta,
                      law->kappa);
        rp_svg_text(&p, p.left, H - 10, "start", "note", pp_buf_cstr(&note));
        pp_buf_dispose(&note);
    }
    rp_svg_end(&p);
    return 0;
}

/* ---- break-even ---------------------------------------------------------- */

int pp_plot_breakeven(pp_buf *out, const pp_law *law, double params,
                      double tokens, double other_params, const char *label)
{
    struct rp_plot p;
    pp_breakeven be;
    double tmax, xs[2], ys[2], cs, cl, ns, nl, ds, dl, top;
    pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT, t = PP_BUF_INIT;
    int rc;
    if ((rc = pp_calc_breakeven(law, params, tokens, other_params, &be)) < 0)
        return rc;
    /* the run is one variant, the equal-loss model the other */
    if (params <= other_params) {
        ns = params, ds = tokens, cs = be.pair.compute;
        nl = other_params, dl = be.pair.other_tokens,
        cl = be.pair.other_compute;
    } else {
        nl = params, dl = tokens, cl = be.pair.compute;
        ns = other_params, ds = be.pair.other_tokens,
        cs = be.pair.other_compute;
    }
    tmax = be.has_breakeven ? be.breakeven_tokens * 2.5 : 1e13;
    top = fmax(cs + 2 * ns * tmax, cl + 2 * nl * tmax);
    rp_svg_begin(&p, out, W, H, "Break-even of two equal-loss variants",
                 "Total compute, training plus about 2N FLOP per generated "
                 "token, against served tokens, for two models that reach "
                 "the same fitted loss.");
    p.x = (struct rp_axis){0, tmax, 0, RP_TICK_COUNT,
                           "generated (served) tokens T"};
    p.y = (struct rp_axis){0, top * 1.05, 0, RP_TICK_SCI,
                           "training + inference compute, FLOP"};
    rp_svg_axes(&p);
    /* the run's own figures as given, the variant's computed to 3 digits */
    if (params <= other_params) {
        label_nd(&a, ns, 0, ds, 0);
        label_nd(&b, nl, 0, dl, 3);
    } else {
        label_nd(&a, ns, 0, ds, 3);
        label_nd(&b, nl, 0, dl, 0);
    }
    xs[0] = 0, xs[1] = tmax;
    ys[0] = cs, ys[1] = cs + 2 * ns * tmax;
    rp_svg_line(&p, xs, ys, 2, palette[0], NULL);
    ys[0] = cl, ys[1] = cl + 2 * nl * tmax;
    rp_svg_line(&p, xs, ys, 2, palette[1], NULL);
    if (be.has_breakeven) {
        pp_buf_puts(&t, "T* = ");
        pp_num_human(&t, be.breakeven_tokens, 4);
        pp_buf_puts(&t, " tokens");
        rp_svg_vline(&p, be.breakeven_tokens, "#333333", "6 4",
                     pp_buf_cstr(&t));
        rp_svg_marker(&p, be.breakeven_tokens,
                      cs + 2 * ns * be.breakeven_tokens, 'o', 5, "#333333", 0,
                      NULL);
    } else {
        rp_svg_text(&p, p.left + 10, p.top + p.height - 10, "start", "note",
                    "no break-even: the smaller model is cheaper from the "
                    "first token");
    }
    pp_buf_puts(&a, ", smaller");
    pp_buf_puts(&b, ", larger");
    if (label)
        pp_buf_printf(params <= other_params ? &a : &b, " (%s)", label);
    rp_svg_legend(&p, palette[0], NULL, 0, pp_buf_cstr(&a));
    rp_svg_legend(&p, palette[1], NULL, 0, pp_buf_cstr(&b));
    if (be.has_breakeven)
        rp_svg_legend(&p, "#333333", "6 4", 0, "break-even T*");
    {
        pp_buf note = PP_BUF_INIT;
        pp_buf_printf(&note,
                      "Equal fitted loss L = %.6f; decoding ~2N FLOP "
                      "per token; no batching, KV cache or quantization.",
                      be.pair.target_loss);
        rp_svg_text(&p, p.left, H - 10, "start", "note", pp_buf_cstr(&note));
        pp_buf_dispose(&note);
    }
    rp_svg_end(&p);
    pp_buf_dispose(&a);
    pp_buf_dispose(&b);
    pp_buf_dispose(&t);
    return 0;
}

/* ---- the data wall ------------------------------------------------------- */

int pp_plot_datawall(pp_buf *out, const pp_law *law, double cmin, double cmax,
                     const pp_report_set *set)
{
    struct rp_plot p;
    double xs[SAMPLES], ys[SAMPLES], rs[SAMPLES], dlo = INFINITY, dhi = 0;
    size_t n = 0;
    int rc;
    if (!(isfinite(cmin) && isfinite(cmax) && cmin > 0 && cmax > cmin * 10))
        return pp_error_set(PP_EUSAGE, "the budget range must be positive "
                                       "and span at least a factor of ten");
    if ((rc = pp_law_check(law)) < 0)
        return rc;
    for (int k = 0; k < SAMPLES; k++) {
        pp_optimum o;
        double c = cmin * pow(cmax / cmin, (double)k / (SAMPLES - 1));
        if (pp_calc_optimum(law, c, &o) < 0)
            continue;
        xs[n] = c;
        ys[n] = o.tokens;
        rs[n] = o.rule_tokens;
        dlo = fmin(dlo, fmin(o.tokens, o.rule_tokens));
        dhi = fmax(dhi, fmax(o.tokens, o.rule_tokens));
        n++;
    }
    if (n < 2)
        return pp_error_set(PP_EUSAGE, "the fitted law gives no optimum in "
                                       "this budget range");
    for (size_t i = 0; set && i < set->n; i++) {
        double nn, d;
        if (nd_of(set->docs[i], &nn, NULL, &d, NULL) && six_nd(nn, d) >= cmin &&
            six_nd(nn, d) <= cmax) {
            dlo = fmin(dlo, d);
            dhi = fmax(dhi, d);
        }
    }
    rp_svg_begin(&p, out, W, H, "The data wall: optimal tokens D*(C)",
                 "Tokens D* of the fitted law's compute-optimal model "
                 "against the training budget C, beside the D = 20N rule "
                 "and the runs of the registry at C = 6ND.");
    p.x = (struct rp_axis){cmin, cmax, 1, RP_TICK_SCI,
                           "training compute C, FLOP"};
    p.y = (struct rp_axis){dlo / 2, dhi * 2, 1, RP_TICK_COUNT,
                           "training tokens D"};
    rp_svg_axes(&p);
    rp_svg_line(&p, xs, ys, n, palette[0], NULL);
    rp_svg_line(&p, xs, rs, n, palette[1], "8 5");
    for (size_t i = 0; set && i < set->n; i++) {
        double nn, d;
        int sn = 0, sd = 0;
        pp_buf lab = PP_BUF_INIT;
        if (!nd_of(set->docs[i], &nn, &sn, &d, &sd))
            continue;
        pp_buf_printf(&lab, "%s (", name_of(set->docs[i]));
        pp_num_human(&lab, d, sd);
        pp_buf_putc(&lab, ')');
        rp_svg_marker(&p, six_nd(nn, d), d, 'o', 5, palette[2], 0,
                      pp_buf_cstr(&lab));
        pp_buf_dispose(&lab);
    }
    rp_svg_legend(&p, palette[0], NULL, 0, "D*(C) of the fitted law");
    rp_svg_legend(&p, palette[1], "8 5", 0, "D = 20N rule");
    rp_svg_legend(&p, palette[2], NULL, 'o', "runs: C = 6ND, active N");
    rp_svg_text(&p, p.left, H - 10, "start", "note",
                "The optimum grows as C^(\xCE\xB1/(\xCE\xB1+\xCE\xB2)); past "
                "the stock of clean unique text, extra tokens are repeats "
                "or lower quality.");
    rp_svg_end(&p);
    return 0;
}

/* ---- passports ----------------------------------------------------------- */

/* Add passport `doc` to the note of passports not plotted: why (a count
 * on record as undisclosed, or not recorded at all), lines of at most
 * NOTE_CHARS characters separated by '\n', counted in *lines. */
static void skip_note(pp_buf *note, const cJSON *doc, int has_total,
                      size_t *lines)
{
    const char *fact = has_total ? "params.active" : "params.total";
    const char *what = has_total ? "active parameters" : "total parameters";
    const char *why = pp_fact_status(doc, fact) == PP_FACT_UNDISCLOSED
                          ? "undisclosed"
                          : "not recorded";
    const char *last = note->len ? strrchr(note->ptr, '\n') : NULL;
    size_t line_len = note->len - (last ? (size_t)(last + 1 - note->ptr) : 0);
    pp_buf item = PP_BUF_INIT;
    pp_buf_printf(&item, "%s (%s %s)", name_of(doc), what, why);
    if (note->len && line_len + 2 + item.len > NOTE_CHARS) {
        pp_buf_puts(note, ",\n");
        ++*lines;
    } else if (note->len) {
        pp_buf_puts(note, ", ");
    }
    pp_buf_put(note, item.ptr, item.len);
    pp_buf_dispose(&item);
}

int pp_plot_passports(pp_buf *out, const pp_report_set *set)
{
    struct rp_plot p;
    double lo = INFINITY, hi = 0, dmax = 0;
    pp_buf skipped = PP_BUF_INIT;
    size_t shown = 0, lines = 1;
    int h;
    for (size_t i = 0; i < set->n; i++) {
        pp_fact_num t, a, d;
        int has_t = pp_fact_number(set->docs[i], "params.total", &t);
        if (!has_t || !pp_fact_compute_params(set->docs[i], &a)) {
            skip_note(&skipped, set->docs[i], has_t, &lines);
            continue;
        }
        lo = fmin(lo, fmin(a.value, t.value));
        hi = fmax(hi, fmax(a.value, t.value));
        if (pp_fact_number(set->docs[i], "training.tokens", &d))
            dmax = fmax(dmax, d.value);
    }
    if (!(hi > 0))
        lo = 1e9, hi = 1e12;
    /* the plot grows by a line for each line of the note */
    h = H + NOTE_LINE * (int)(lines - 1);
    rp_svg_begin(&p, out, W, h, "Active against total parameters",
                 "Each passport at its total and active parameter counts "
                 "on log axes; the marker area grows with training tokens.");
    p.x =
        (struct rp_axis){lo / 3, hi * 3, 1, RP_TICK_COUNT, "total parameters"};
    p.y = (struct rp_axis){lo / 3, hi * 3, 1, RP_TICK_COUNT,
                           "active parameters per token"};
    rp_svg_axes(&p);
    {
        double xs[2] = {lo / 3, hi * 3};
        rp_svg_line(&p, xs, xs, 2, "#999999", "4 4");
    }
    for (size_t i = 0; i < set->n; i++) {
        const cJSON *doc = set->docs[i];
        pp_fact_num tf, af, df;
        double a, d = 0;
        int has_d, has_t = pp_fact_number(doc, "params.total", &tf);
        pp_buf lab = PP_BUF_INIT;
        if (!has_t || !pp_fact_compute_params(doc, &af))
            continue; /* in the note */
        a = af.value;
        if ((has_d = pp_fact_number(doc, "training.tokens", &df)))
            d = df.value;
        pp_buf_puts(&lab, name_of(doc));
        if (!has_d)
            pp_buf_puts(&lab, " (tokens undisclosed)");
        rp_svg_marker(&p, tf.value, a, 'o',
                      has_d && dmax > 0 ? 4 + 14 * sqrt(d / dmax) : 7,
                      has_d ? palette[0] : "#777777", !has_d,
                      pp_buf_cstr(&lab));
        pp_buf_dispose(&lab);
        shown++;
    }
    rp_svg_legend(&p, palette[0], NULL, 'o', "marker area ~ training tokens");
    rp_svg_legend(&p, "#777777", "", 'o', "training tokens undisclosed");
    rp_svg_legend(&p, "#999999", "4 4", 0, "dense: active = total");
    if (skipped.len) {
        /* one text per line: the lines are separated by '\n' */
        const char *at = skipped.ptr;
        for (size_t k = 0; k < lines; k++) {
            const char *nl = strchr(at, '\n');
            pp_buf line = PP_BUF_INIT;
            pp_buf_printf(&line, "%s%.*s%s", k ? "" : "Not plotted: ",
                          nl ? (int)(nl - at) : (int)strlen(at), at,
                          k + 1 == lines ? "." : "");
            rp_svg_text(&p, p.left,
                        h - 10 - NOTE_LINE * (double)(lines - 1 - k), "start",
                        "note", pp_buf_cstr(&line));
            pp_buf_dispose(&line);
            if (!nl)
                break;
            at = nl + 1;
        }
    } else {
        pp_buf note = PP_BUF_INIT;
        pp_buf_printf(&note, "%zu passports.", shown);
        rp_svg_text(&p, p.left, h - 10, "start", "note", pp_buf_cstr(&note));
        pp_buf_dispose(&note);
    }
    pp_buf_dispose(&skipped);
    rp_svg_end(&p);
    return 0;
}
