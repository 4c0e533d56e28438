/*
 * fact.h - typed reading of a passport's facts.
 *
 * Every module that asks "what does this passport say of params.active?"
 * asks here, so the rules of the vocabulary are written once: a fact is
 * absent, disclosed or undisclosed (status); a disclosed numeric fact has
 * a finite value in base units, its qualifier and the significant digits
 * it was reported with; and the N that goes into 6*N*D is decided by one
 * function, pp_fact_compute_params().
 *
 * `doc` is always a whole passport document (validated), borrowed; every
 * pointer handed back is borrowed from it.  Nothing here allocates except
 * the formatting functions, which append to a caller's buffer.
 */
#ifndef PP_FACT_H
#define PP_FACT_H

#include <cjson/cJSON.h>

#include "../calc/range.h"
#include "../calc/sheet.h"
#include "../core/buf.h"

/* Whether a passport speaks of a fact. */
typedef enum pp_fact_state {
    PP_FACT_ABSENT = 0, /* the passport does not record it */
    PP_FACT_DISCLOSED,  /* a source gives it */
    PP_FACT_UNDISCLOSED /* on record as not disclosed by any source */
} pp_fact_state;

/* A disclosed numeric fact, as reported. */
typedef struct pp_fact_num {
    double value;          /* base units; finite */
    int sig;               /* significant digits reported; 0 unknown */
    const char *qualifier; /* "=", "≈", ">", "≥", "<", "≤"; never NULL */
    const char *unit;      /* "param", "FLOP"; NULL when none */
    const char *reported;  /* the figure as written ("1.04T"); may be NULL */
    const char *basis;     /* a derived figure's "active" or "total"; NULL */
} pp_fact_num;

/* The member of a passport document that holds its facts, by name (the
 * registry's fields of facts are "facts/NAME"). */
#define PP_FACTS_MEMBER "facts"

/* The facts of passport `doc` (an object whose members are the fact
 * objects, by name), for walking every fact; NULL when it has none. */
const cJSON *pp_facts(const cJSON *doc);

/* The fact object `name` of passport `doc`, or NULL. */
const cJSON *pp_fact_get(const cJSON *doc, const char *name);

/* The status of a fact object (NULL: PP_FACT_ABSENT). */
pp_fact_state pp_fact_status_of(const cJSON *fact);

/* The status of fact `name` of `doc`. */
pp_fact_state pp_fact_status(const cJSON *doc, const char *name);

/* 1 when `doc` has fact `name` on record as not disclosed: the fact's
 * status is "undisclosed", or one of the passport's unknowns names it
 * (its "fact").  A fact the passport simply lacks is absent, not this. */
int pp_fact_is_undisclosed(const cJSON *doc, const char *name);

/* Why run `who` (passport `doc`) gives no `what` ("training tokens"),
 * which one of the facts `names` (separated by spaces: "params.active
 * params.total") would give, for people, appended to `out`: "WHO does
 * not disclose its WHAT" when one of them is on record as undisclosed,
 * else "the passport of WHO records no WHAT (absent, which is not the
 * same as undisclosed)". */
int pp_fact_missing_text(pp_buf *out, const cJSON *doc, const char *who,
                         const char *names, const char *what);

/* Fact `name` of `doc` when it is disclosed and numeric with a finite
 * value: 1 and *out filled (out may be NULL), else 0. */
int pp_fact_number(const cJSON *doc, const char *name, pp_fact_num *out);

/* The same for a fact object already in hand (NULL: 0). */
int pp_fact_number_of(const cJSON *fact, pp_fact_num *out);

/* The text value of fact `name` (a string fact), or NULL. */
const char *pp_fact_text(const cJSON *doc, const char *name);

/* The text of a disclosed text or list fact object, appended to `out`:
 * its string, or its strings joined with ", ".  1 when `fact` is one,
 * else 0 and nothing appended. */
int pp_fact_text_of(const cJSON *fact, pp_buf *out);

/* A fact object's value for tools, caller-owned (cJSON_Delete): a copy
 * of its value (a number in base units, a text or a list), the string
 * "undisclosed" for an undisclosed fact; NULL when `fact` is NULL or has
 * no value. */
cJSON *pp_fact_value_json(const cJSON *fact);

/* The interval of true values fact `name` allows (calc/range.h):
 * have = 0 when it is absent, undisclosed or not numeric. */
pp_range pp_fact_range(const cJSON *doc, const char *name);

/* --- quantities: the figures of claims, mechanisms and events ------- */

/* A quantity object (a member of a claim's, mechanism's or event's
 * "quantities") has the members of a disclosed numeric fact - value,
 * unit, qualifier, sig_digits, reported - so pp_fact_number_of() and
 * pp_render_fact_value() read it as they read a fact; it adds measures,
 * relative_to and condition. */

/* The member of a claim, mechanism or event that holds its quantities. */
#define PP_QUANTITIES_MEMBER "quantities"

/* The claim of `doc` whose id is `id`, or NULL. */
const cJSON *pp_claim_get(const cJSON *doc, const char *id);

/* Quantity `name` of claim `id` of `doc`, or NULL (*claim, which may be
 * NULL, gets the claim when there is one). */
const cJSON *pp_claim_quantity(const cJSON *doc, const char *id,
                               const char *name, const cJSON **claim);

/* The first quantity of a claim of `doc` in `unit` ("GPU-hour") whose
 * figure, to its reported precision, meets `r`; NULL when none does.
 * Borrowed from `doc`. */
const cJSON *pp_claim_quantity_meeting(const cJSON *doc, const char *unit,
                                       pp_range r);

/* --- the N of 6*N*D ------------------------------------------------- */

/* Which parameter count a run's training compute takes. */
typedef enum pp_compute_basis {
    PP_BASIS_NONE = 0,   /* neither count can be used */
    PP_BASIS_ACTIVE,     /* params.active */
    PP_BASIS_DENSE_TOTAL /* params.total of a model recorded as dense */
} pp_compute_basis;

/* 1 when `doc` is a mixture-of-experts model: its architecture.type says
 * "moe", or (no type recorded) its active parameters are certainly fewer
 * than its total. */
int pp_fact_is_moe(const cJSON *doc);

/* The N of C = 6*N*D: the active parameters when disclosed, else the
 * total of a model whose architecture.type is "dense" (every parameter is
 * active); never the total of a mixture of experts or of a model whose
 * architecture is not on record.  Fills *out (may be NULL) and returns
 * the basis used, PP_BASIS_NONE when there is none. */
pp_compute_basis pp_fact_compute_params(const cJSON *doc, pp_fact_num *out);

/* The figures of run `doc` a calculation sheet takes (calc/sheet.h): id
 * and name, whether it is an MoE, the N of 6ND as `active`, the total,
 * the tokens and their qualifier, the devices and per-device throughput.
 * Borrowed strings of doc. */
void pp_fact_sheet_run(const cJSON *doc, pp_sheet_run *out);

/* --- building ------------------------------------------------------- */

/* Add an empty facts object to `doc` (a passport being built); borrowed
 * from doc, for pp_fact_add_number. */
cJSON *pp_facts_add(cJSON *doc);

/* Add a disclosed numeric fact `name` to `facts` (an object being built):
 * value in base units, unit, qualifier, sig (0: not stated, left out) and
 * reported (NULL or "": left out).  Returns its evidence array, empty and
 * borrowed from `facts`, for the caller to fill. */
cJSON *pp_fact_add_number(cJSON *facts, const char *name, double value,
                          const char *unit, const char *qualifier, int sig,
                          const char *reported);

/* Restate the numeric fact object `fact` (caller-owned, being edited) as
 * `value` reported with `sig` significant digits: its value and
 * sig_digits are replaced (a fact without a value keeps none) and the
 * figure as reported is dropped, since it no longer matches. */
void pp_fact_restate(cJSON *fact, double value, int sig);

/* --- for people ------------------------------------------------------ */

/* A fact object's value for people into `out`: "1.04T", ">32T", "bf16,
 * fp32", "undisclosed" for an undisclosed fact, "-" for none (fact NULL). */
int pp_fact_format(pp_buf *out, const cJSON *fact);

/* A quantity with its unit for people: "1.04T parameters", "390 TFLOP/s",
 * "7.227e23 FLOP", a share as a percentage ("12.7%"), a ratio with an x
 * ("2.5x"), unit "1" as the bare number.  `sig` <= 0: as many digits as
 * needed; `unit` may be NULL. */
int pp_quantity_format(pp_buf *out, double v, int sig, const char *unit);

#endif
