/*
 * check.h - the claim checker: what a sentence of prose claims about the
 * passports, and whether the passports (or a recomputation) agree.
 *
 * A claim is one checked statement: a figure bound to an attribute of a
 * passport (total or active parameters, tokens, context, devices,
 * throughput, experts, a hyper-parameter), a format bound to a precision
 * role or to pretraining, a derived figure recomputed by the calculators
 * (6ND, the fitted law's optimum, equal-loss tokens, break-even, bubble,
 * memory under ZeRO, effective epochs), or universal language from the
 * rule catalogue.  Each gets exactly one verdict: confirmed, contradicted,
 * undisclosed, unsupported-generalisation or unverifiable.
 */
#ifndef PP_CHECK_H
#define PP_CHECK_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "../rules/rules.h"

typedef struct pp_checker pp_checker;

/* Build a checker over passport documents (the array is copied; the
 * documents are borrowed and must outlive the checker) and a rule
 * catalogue (borrowed; may be NULL). */
int pp_checker_new(pp_checker **out, const cJSON *const *passports, size_t n,
                   const pp_rules *rules);
void pp_checker_free(pp_checker *c);

/* A new checker over the passports and the catalogue of `c` (borrowed
 * as c's are), in the state of a new document: for another thread. */
int pp_checker_clone(const pp_checker *c, pp_checker **out);

/* The rule catalogue `c` applies (borrowed; NULL when it has none). */
const pp_rules *pp_checker_rules(const pp_checker *c);

/* Start a new document (or section: the checker calls it at a heading
 * and after a thematic break): forget the inputs of worked examples (N,
 * D, C, named quantities, the training-state memory, a table's columns)
 * and the subject (pp_checker_position) carried from sentence to
 * sentence. */
void pp_checker_begin_document(pp_checker *c);

/* Where the next sentence stands, for a sentence that names no run ("It
 * was trained on 14.8T tokens", "| Total Parameters | 1T |"): `heading` 1
 * when it is a heading, whose run is the subject of its section until the
 * next heading; `first` 1 when it begins a block (a paragraph, a list
 * item, a table), which the previous sentence no longer speaks for --
 * unless the block is a list item or a table (`item` 1) and the sentence
 * before introduced it with a colon ("DeepSeek-V4 brings three
 * upgrades:").  A claim read with a carried subject is confirmed or
 * unverifiable, never contradicted. */
void pp_checker_position(pp_checker *c, int heading, int first, int item);

/* The bound of a heading's text kept for pp_checker_outline. */
#define PP_OUTLINE_TEXT 256

/* The ATX heading of `level` (1..6) the next sentence begins, its raw
 * line `text` (borrowed, `len` bytes; only the first PP_OUTLINE_TEXT - 1
 * are kept): it closes the headings of its level and deeper.  A section
 * whose own heading names no model ("## Key Features") is about the run
 * of the nearest heading above it that names one ("# Kimi K2"), when
 * that heading names exactly one run.  Called after pp_checker_position,
 * for the heading's first sentence; pp_checker_begin_document forgets
 * the outline, pp_checker_begin_section keeps it. */
void pp_checker_outline(pp_checker *c, int level, const char *text, size_t len);

/* Start a new section (at a heading): as pp_checker_begin_document, but
 * the outline of the headings above goes on. */
void pp_checker_begin_section(pp_checker *c);

/* Check one sentence (sentences of a document in order, so a worked
 * example's inputs carry to the sentences that use them); append one JSON
 * object per claim to `claims`:
 * {"offset", "length" (bytes in the sentence), "text", "entity",
 * "attribute", "claimed", "expected", "verdict", "severity", "rule",
 * "source", "section", "message"}.  Returns the number appended, or
 * PP_ENOMEM (the sentence could not be checked: never a silent zero). */
int pp_checker_sentence(pp_checker *c, const char *text, size_t len,
                        cJSON *claims);

/* Check one row of a table, its cells separated by '\t'.  A header row
 * (`header` 1) appends nothing: it says what the columns hold (a run's
 * total or active parameters, tokens, context; a budget C and the fitted
 * law's N*, D*, D/N or the D = 20N rule), and the body rows after it are
 * checked column by column against the passport the row names or the
 * recomputation at the row's budget.  A row of a table whose header names
 * none of these is checked as one sentence (a generalisation in a column
 * headed as misreadings is not a finding).  Returns as
 * pp_checker_sentence. */
int pp_checker_row(pp_checker *c, const char *text, size_t len, int header,
                   cJSON *claims);

/* 1 when a rule pattern reached its match limit (PP_RULES_MATCH_LIMIT) on
 * the last sentence, so the rule catalogue could not be fully applied to
 * it: the caller should say so, not pass the sentence in silence. */
int pp_checker_limited(const pp_checker *c);

#endif
