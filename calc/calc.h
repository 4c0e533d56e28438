/*
 * calc.h - the calculators: pure functions of their inputs that recompute
 * the numbers people derive from reported facts (DESIGN.md §3).
 *
 * Every quantity is a plain double in base units (parameters, tokens,
 * FLOP, bytes, seconds).  Every function validates its inputs -- finite,
 * and positive where the formula needs it -- and fails with PP_EUSAGE and
 * a message naming the argument, so no NaN or infinity can come out.
 * Results are written to caller-provided structs; nothing is allocated
 * except where a length is unbounded (QK-Clip, AdamW take caller arrays).
 */
#ifndef PP_CALC_H
#define PP_CALC_H

#include <stddef.h>

/* --- training compute and tokens per parameter ---------------------- */

/* C = kappa * N * D.  Arguments named in messages: "params", "tokens",
 * "kappa". */
int pp_calc_flops(double params, double tokens, double kappa, double *out);

/* D / N. */
int pp_calc_tpp(double params, double tokens, double *out);

/* --- the fitted loss L(N, D) = E + A/N^alpha + B/D^beta --------------- */

typedef struct pp_law {
    double E, A, B, alpha, beta, kappa;
} pp_law;

/* The course's constants: E=1.69, A=406.4, B=410.7, alpha=0.34,
 * beta=0.28, kappa=6. */
pp_law pp_law_default(void);

/* Validate the constants (A, B, alpha, beta, kappa positive and finite;
 * E finite and not negative). */
int pp_law_check(const pp_law *law);

int pp_calc_loss(const pp_law *law, double params, double tokens, double *out);

typedef struct pp_optimum {
    double budget;      /* C */
    double params;      /* N* */
    double tokens;      /* D* = C / (kappa N*) */
    double ratio;       /* D* / N* */
    double loss;        /* L(N*, D*) */
    double rule_params; /* D = 20N with C = kappa N D: N = sqrt(C/(20 kappa)) */
    double rule_tokens; /* 20 N */
} pp_optimum;

/* N* = [(alpha A)/(beta B) (C/kappa)^beta]^(1/(alpha+beta)) and the rest. */
int pp_calc_optimum(const pp_law *law, double budget, pp_optimum *out);

/* The loss gap at budget C between a model of `params` (trained on
 * C/(kappa N) tokens) and the optimum: L(N, C/(kappa N)) - L(N*, D*). */
typedef struct pp_isoflop {
    double params, tokens, loss;
    pp_optimum optimum;
    double gap;
} pp_isoflop;
int pp_calc_isoflop(const pp_law *law, double budget, double params,
                    pp_isoflop *out);

/* The tokens a model of `params` needs to reach the fitted loss `target`:
 * D = (B / (target - E - A/N^alpha))^(1/beta).  PP_EUSAGE when no token
 * count reaches it. */
int pp_calc_tokens_for_loss(const pp_law *law, double params, double target,
                            double *out);

/* The tokens a model of `other_params` needs to reach the fitted loss of
 * (params, tokens), and its compute.  PP_EUSAGE when it cannot reach it
 * at any token count (other_params too small). */
typedef struct pp_same_loss {
    double target_loss;
    double params, tokens, compute; /* the reference */
    double other_params, other_tokens, other_compute;
    double compute_saving; /* 1 - other/reference */
} pp_same_loss;
int pp_calc_same_loss(const pp_law *law, double params, double tokens,
                      double other_params, pp_same_loss *out);

/* Break-even of two equal-loss variants: the smaller model's extra
 * training compute against its cheaper decoding (2N FLOP per generated
 * token).  `breakeven_tokens` is negative-free: when the smaller model
 * needs no extra compute, has_breakeven is 0 (it is cheaper throughout). */
typedef struct pp_breakeven {
    pp_same_loss pair;
    double small_params, large_params;
    double extra_compute;    /* C_small - C_large */
    double per_token_saving; /* 2 (N_large - N_small) */
    double breakeven_tokens; /* extra_compute / per_token_saving */
    int has_breakeven;
} pp_breakeven;
int pp_calc_breakeven(const pp_law *law, double params, double tokens,
                      double other_params, pp_breakeven *out);

/* --- memory of the training state ------------------------------------ */

/* Roles of the per-parameter training state. */
enum pp_mem_role {
    PP_MEM_WEIGHTS, /* the working copy used by forward/backward */
    PP_MEM_GRADS,   /* gradients (accumulated) */
    PP_MEM_MASTER,  /* master weights */
    PP_MEM_MOMENT1, /* first optimizer moment (or Muon momentum) */
    PP_MEM_MOMENT2, /* second optimizer moment */
    PP_MEM_NROLES
};

typedef struct pp_memory {
    double params;
    double bytes_per_param[PP_MEM_NROLES]; /* input: 0 = role absent */
    char format[PP_MEM_NROLES][24];        /* input: format names, or "" */
    int zero_stage;                        /* 0..3 */
    double ranks;                          /* >= 1 */
    /* outputs */
    double role_bytes[PP_MEM_NROLES]; /* total bytes per role */
    double total_bytes;               /* everything, one replica */
    double per_param;                 /* bytes per parameter */
    double rank_bytes;                /* per rank under the ZeRO stage */
} pp_memory;

const char *pp_mem_role_name(int role);
int pp_mem_role_lookup(const char *name);

/* Fill the roles from a preset: bf16-adamw, fp16-classic, v3-fp8, k3-qat
 * (docs/CALC.md says what each assumes).  PP_EUSAGE for an unknown one. */
int pp_memory_preset(pp_memory *m, const char *preset);

/* Set one role from a format name. */
int pp_memory_set_role(pp_memory *m, const char *role, const char *format);

/* Compute totals and the per-rank share: ZeRO 1 shards master weights and
 * moments, 2 also gradients, 3 also weights, over `ranks`. */
int pp_calc_memory(pp_memory *m);

/* --- pipeline, data, QK-Clip, AdamW, cluster ------------------------- */

/* 1F1B bubble fraction (p - 1) / (m + p - 1); p and m whole, >= 1. */
int pp_calc_bubble(double stages, double microbatches, double *out);

/* Effective epochs: tokens x share / unique; share in (0, 1]. */
typedef struct pp_epochs {
    double presented, epochs;
} pp_epochs;
int pp_calc_epochs(double tokens, double share, double unique, pp_epochs *out);

/* QK-Clip for n heads: gamma = min(1, tau/m), W_Q scale gamma^split,
 * W_K scale gamma^(1-split), new maximum m * gamma.  maxima >= 0; tau > 0;
 * split in [0, 1].  Outputs are arrays of n. */
int pp_calc_qkclip(double tau, const double *maxima, size_t n, double split,
                   double *gamma, double *q_scale, double *k_scale,
                   double *new_max);

/* One AdamW step from zero moments (step 1, bias-corrected, decoupled
 * decay multiplied by the learning rate).  Arrays of n. */
typedef struct pp_adamw {
    double lr, weight_decay, beta1, beta2, eps;
} pp_adamw;
int pp_calc_adamw(const pp_adamw *h, const double *theta, const double *grad,
                  size_t n, double *theta_out, double *decay_only,
                  double *m_out, double *v_out);

/* Cluster arithmetic: devices x throughput x days x 86400 FLOP. */
int pp_calc_cluster(double devices, double throughput, double days,
                    double *flop);

/* --- precision ------------------------------------------------------- */

/* Half a unit in the last significant digit of `v` written with `sig`
 * digits: the rounding interval of a reported figure (1.04T: 5e9). */
double pp_half_ulp(double v, int sig);

#endif
