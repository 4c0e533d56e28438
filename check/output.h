/*
 * output.h - the report writers of a check (output.c), internal to
 * check/: run.c hands them each claim as it is placed.  The public calls
 * (pp_check_head, pp_check_tail) are declared in run.h.
 */
#ifndef PP_CHECK_OUTPUT_H
#define PP_CHECK_OUTPUT_H

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "run.h"

/* The index of verdict `v` in pp_check_totals.verdicts (an unknown one
 * counts as unverifiable). */
int ck_verdict_index(const char *v);

/* Write `claim` (its "file", "line" and "column" set; borrowed) of input
 * `file` in opts->format: text writes findings only, JSON and SARIF one
 * element of the claim list (totals->emitted counts them).  Returns 0 or
 * PP_EIO (the write callback failed). */
int ck_write_claim(const pp_check_opts *opts, const char *file,
                   const cJSON *claim, pp_check_totals *totals);

/* Hand `b` to the write callback when it holds anything; 0 or PP_EIO. */
int ck_write_buf(const pp_check_opts *opts, const pp_buf *b);

#endif
