/*
 * sheet.h - a calculation as people and programs read it: the inputs, the
 * results, and the text lines `passport calc` prints.
 *
 * Each pp_sheet_* calculation validates its inputs through the calculators
 * of calc.h, then records every input and result twice: as numbers in a
 * JSON object {"kind", "inputs", "result"} and as aligned text lines
 * ("N* (analytic optimum)     35.663B parameters").  The caller prints one
 * of the two (pp_sheet_write).  Nothing here reads a passport: a run's
 * figures come in as a pp_sheet_run the caller filled from its facts.
 */
#ifndef PP_SHEET_H
#define PP_SHEET_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "calc.h"

/* Caller-owned: pp_sheet_init, then pp_sheet_dispose. */
typedef struct pp_sheet {
    pp_buf text;   /* the text form */
    cJSON *json;   /* owned: {"kind", "inputs", "result"} */
    cJSON *inputs; /* borrowed from json */
    cJSON *result; /* borrowed from json */
} pp_sheet;

void pp_sheet_init(pp_sheet *s, const char *kind);
void pp_sheet_dispose(pp_sheet *s);

/* Append the sheet to `out`: canonical JSON when `json`, else its text. */
int pp_sheet_write(const pp_sheet *s, pp_buf *out, int json);

/* Record one input (number or text) or result, without a text line. */
void pp_sheet_input(pp_sheet *s, const char *key, double v);
void pp_sheet_input_text(pp_sheet *s, const char *key, const char *v);
void pp_sheet_result(pp_sheet *s, const char *key, double v);

/* One text line "label  value unit", `v` with `digits` significant digits
 * and a magnitude suffix (35.663B) or in scientific form. */
void pp_sheet_line(pp_sheet *s, const char *label, double v, int digits,
                   const char *unit);

/* --- the calculations: 0, or PP_EUSAGE naming the bad input ---------- */

int pp_sheet_flops(pp_sheet *s, double params, double tokens, double kappa);
int pp_sheet_tpp(pp_sheet *s, double params, double tokens);
int pp_sheet_optimum(pp_sheet *s, const pp_law *law, double budget);
int pp_sheet_loss(pp_sheet *s, const pp_law *law, double params, double tokens);
int pp_sheet_isoflop(pp_sheet *s, const pp_law *law, double budget,
                     double params);
int pp_sheet_same_loss(pp_sheet *s, const pp_law *law, double params,
                       double tokens, double other_params);
int pp_sheet_breakeven(pp_sheet *s, const pp_law *law, double params,
                       double tokens, double other_params);
/* `m` filled (params, roles, zero_stage, ranks) and computed here;
 * `preset` (may be NULL) is recorded as an input. */
int pp_sheet_memory(pp_sheet *s, pp_memory *m, const char *preset);
int pp_sheet_bubble(pp_sheet *s, double stages, double microbatches);
int pp_sheet_epochs(pp_sheet *s, double tokens, double share, double unique);
int pp_sheet_qkclip(pp_sheet *s, double tau, double split, const double *maxima,
                    size_t n);
int pp_sheet_adamw(pp_sheet *s, const pp_adamw *h, const double *theta,
                   const double *grad, size_t n);

/* A run's figures, as its passport records them (the caller reads them:
 * the active count is the N of 6ND, total for the second reading). */
typedef struct pp_sheet_run {
    const char *id, *name; /* borrowed */
    int moe;               /* a mixture of experts */
    int has_active, has_total, has_tokens;
    double active, total, tokens;
    const char *tokens_qualifier; /* "" when "=" */
    int has_cluster;              /* devices and per-device throughput known */
    double devices, throughput;
} pp_sheet_run;

/* flops ID / tpp ID: kappa*N*D (or D/N) on the active parameters, and on
 * the total as the reading it must not be taken for (an MoE), or tokens
 * per total parameter. */
int pp_sheet_flops_run(pp_sheet *s, const pp_sheet_run *run, double kappa,
                       int tpp);

/* cluster: devices x throughput (x days when days > 0) against 6ND of a
 * run (run may be NULL: the figures given). */
int pp_sheet_cluster(pp_sheet *s, double devices, double throughput,
                     double days, const pp_sheet_run *run);

#endif
