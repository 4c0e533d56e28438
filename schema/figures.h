/*
 * figures.h - the figures written in a claim's text, and whether a
 * quantity states them.
 *
 * A claim's figures are data (its "quantities", fact.h reads each one as
 * a number); its text may repeat them for people, and validation asks
 * that each number the text writes is one of them.  This is the scanner:
 * it finds the numbers a sentence writes (12.7%, 70k, 2.5x, 1,720,320,
 * 1.5e-4, 128x128) with the precision each is written at, and leaves out
 * what is no figure (schema/README.md, "Quantities"):
 *   - digits inside a name, a word that begins with a letter: K2, V3,
 *     FP8, BF16, A100-80GB, GPT-3, W_q, β1, §3.3;
 *   - the passport's own name and aliases where the text writes them
 *     (Llama 2 70B);
 *   - a number right after a capitalised word that does not begin its
 *     sentence, the number of a proper name (Llama 3, DeepSeek 67B);
 *   - sizes naming models: "the 8B, 70B and 405B models";
 *   - a year (four digits 1900-2099, nothing glued after it).
 * Figures written in words ("eight months") are not scanned.
 *
 * Nothing here allocates but pp_figures_scan's mask, freed before it
 * returns; nothing prints.
 */
#ifndef PP_FIGURES_H
#define PP_FIGURES_H

#include <stddef.h>

/* One number written in a text. */
typedef struct pp_figure {
    size_t at, len; /* byte offset and length of the figure as written */
    double value;   /* in base units: 12.7% is 0.127, 70k is 70000 */
    double tol;     /* half a unit of its last written digit, base units */
} pp_figure;

/* At most this many figures of one text are reported (docs/LIMITS.md). */
#define PP_FIGURES_MAX 64

/* Scan `text` (UTF-8, NUL-terminated) for its figures, leaving out the
 * `nnames` names in `names` (borrowed; NULL entries skipped) where the
 * text writes them.  Fills out[0..n) with n <= max and returns n, or
 * PP_ENOMEM. */
int pp_figures_scan(const char *text, const char *const *names, size_t nnames,
                    pp_figure *out, int max);

/* 1 when `value` (base units) is what figure `f` writes, at the
 * precision it is written with: 0.1274 is "12.7%", 0.13 is not. */
int pp_figure_matches(const pp_figure *f, double value);

#endif
