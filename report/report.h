/*
 * report.h - what people look at, made from the registry so it cannot
 * drift from the facts: the HTML comparison page, SVG plots of the fitted
 * law and of the passports, and the Markdown fact sheet (docs/REPORT.md).
 *
 * Inputs are validated passport documents (borrowed; pp_passport_json()).
 * Every derived figure is recomputed with the calculators (calc/calc.h)
 * and marked as derived; a value no source gives is written "undisclosed".
 * All output is UTF-8 text appended to a caller-owned pp_buf; text from
 * passports is escaped for the output's syntax (HTML, XML, Markdown).
 */
#ifndef PP_REPORT_H
#define PP_REPORT_H
#include <stddef.h>
#include <cjson/cJSON.h>
#include "../core/buf.h"
#include "../calc/calc.h"

/* The passports a page or plot is made of.  Borrowed. */
typedef struct pp_report_set {
    const cJSON *const *docs; /* validated passports */
    size_t n;
    const char *as_of; /* "main at 1a2b3c4d5e6f (2026-07-01)"; may be NULL */
} pp_report_set;

/* One self-contained HTML page: no network access, inline CSS and one
 * small inline script (sorting, filtering).  0 or PP_ENOMEM. */
int pp_report_html(pp_buf *out, const pp_report_set *set);

/* A course-ready Markdown fact sheet: one section per passport, every
 * figure with its level and citation, derived figures recomputed. */
int pp_report_markdown(pp_buf *out, const pp_report_set *set);

/* ---- plots (standalone SVG 1.1 with title, axes, ticks, labels, legend) */

/* Fitted loss against N at each fixed budget (`budgets`, FLOP), with the
 * analytic optimum and the D = 20N rule on each curve, and every passport
 * of `marks` (scenarios) at its (N, D).  PP_EUSAGE when a budget is not
 * positive and finite, or when nb is 0 or above 8. */
int pp_plot_isoflop(pp_buf *out, const pp_law *law, const double *budgets,
                    size_t nb, const pp_report_set *marks);

/* Total compute (training + 2N FLOP per generated token) against served
 * tokens for the run (params, tokens) and the equal-loss variant of
 * `other_params`, crossing at the break-even T*.  `label` names the run
 * (may be NULL).  PP_EUSAGE as pp_calc_breakeven(). */
int pp_plot_breakeven(pp_buf *out, const pp_law *law, double params,
                      double tokens, double other_params, const char *label);

/* The data wall: the optimal tokens D*(C) of the fitted law and the
 * D = 20N rule across budgets [cmin, cmax], with the passports' own
 * (6ND, D) points. */
int pp_plot_datawall(pp_buf *out, const pp_law *law, double cmin, double cmax,
                     const pp_report_set *set);

/* Active against total parameters of every passport on log axes, tokens
 * as marker area; undisclosed tokens drawn as such, passports without
 * the two counts listed under the plot. */
int pp_plot_passports(pp_buf *out, const pp_report_set *set);

#endif
