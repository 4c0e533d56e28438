/*
 * run.h - a check of documents, from their bytes to the report: what
 * `passport check` does for each file, as library calls.
 *
 * A document is read in chunks cut outside code fences -- after
 * PP_CHECK_CHUNK bytes where a heading begins, after twice
 * that at any blank line, always by PP_CHECK_FORCE -- so memory stays bounded
 * whatever its size; a line longer than PP_CHECK_MAX_LINE and a line with
 * a NUL byte are skipped with a warning.  Each chunk is split into
 * sentences (prose.h) and checked (check.h); every claim gets its line
 * and column (1-based; the column counts characters), suppression
 * comments are honoured (a block left open goes on into the next chunk of
 * the same document, never into the next document), and the claim is
 * written at once in the format asked for: text (findings only), JSON
 * (every claim) or SARIF 2.1.0.  The output is one document whatever the
 * number of inputs: pp_check_head, pp_check_run per input, pp_check_tail.
 *
 * Nothing is printed: the bytes of the report and the warnings about the
 * input go to the caller's callbacks, in the order they arise.
 */
#ifndef PP_CHECK_RUN_H
#define PP_CHECK_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "check.h"

#define PP_CHECK_CHUNK (1u << 20)    /* cut a chunk after this many bytes */
#define PP_CHECK_FORCE (8u << 20)    /* ... and always after this many */
#define PP_CHECK_MAX_LINE (1u << 20) /* a longer line is not read */

/* The output formats. */
typedef enum pp_check_format {
    PP_CHECK_TEXT, /* FILE:LINE:COL: severity: message [rule], findings */
    PP_CHECK_JSON, /* {"files", "claims" (all of them), "summary"} */
    PP_CHECK_SARIF /* SARIF 2.1.0, one result per claim */
} pp_check_format;

/* What to produce and where it goes. */
typedef struct pp_check_opts {
    pp_check_format format;
    int color;    /* text: severities in ANSI colour */
    int markdown; /* 1: the input is Markdown; 0: plain text */
    /* The report's bytes, in order: 0, or non-zero when they could not be
     * written (the call then fails with PP_EIO). */
    int (*write)(void *arg, const char *bytes, size_t len);
    /* A warning about the input, one line without its newline
     * ("FILE:LINE: warning: ..."); may be NULL (warnings are dropped). */
    void (*warn)(void *arg, const char *line);
    void *arg; /* passed to write and warn */
    /* Threads checking the chunks of one input: 0 or 1, the caller's
     * thread alone.  With more, the chunks are checked at once, each
     * thread with its own checker (pp_checker_clone), and the report is
     * the same, byte for byte: chunks are cut where a heading begins a
     * section, which forgets the context of the text before it, and
     * written in input order.  At most 2 x threads chunks are in memory.
     * The callbacks are called from the caller's thread only. */
    unsigned threads;
    /* Cut a chunk at a heading after this many bytes (0: PP_CHECK_CHUNK);
     * for tests. */
    size_t chunk;
} pp_check_opts;

#define PP_CHECK_MAX_THREADS 64

/* The verdicts, in the order of pp_check_totals.verdicts. */
enum {
    PP_CHECK_CONFIRMED,
    PP_CHECK_CONTRADICTED,
    PP_CHECK_UNDISCLOSED,
    PP_CHECK_GENERALISATION, /* unsupported-generalisation */
    PP_CHECK_UNVERIFIABLE,
    PP_CHECK_NVERDICTS
};

/* What the inputs checked so far gave; the caller zeroes it
 * (PP_CHECK_TOTALS_INIT) before the first pp_check_run of a report and
 * hands the same one to every call of that report. */
typedef struct pp_check_totals {
    size_t verdicts[PP_CHECK_NVERDICTS]; /* claims reported, per verdict */
    size_t suppressed; /* claims a suppression comment silenced */
    size_t emitted;    /* elements written to the JSON or SARIF list */
    size_t misplaced;  /* claims whose span left their sentence: a checker
                        * bug (placed at the sentence's end; the fuzz
                        * target fails on it) */
} pp_check_totals;

#define PP_CHECK_TOTALS_INIT                                                   \
    {                                                                          \
        {0}, 0, 0, 0                                                           \
    }

/* One input: a stream read to its end, or a document in memory. */
typedef struct pp_check_input {
    const char *name; /* shown in the report and warnings ("<stdin>") */
    FILE *stream;     /* borrowed; NULL: the input is text/len */
    const char *text; /* borrowed; need not be NUL-terminated */
    size_t len;
} pp_check_input;

/* Write the report's opening: JSON's file list (`files`, the `nfiles`
 * names as given) and the start of its claim list; SARIF's tool with the
 * rules it reports (the verdict rules and `c`'s rule catalogue); nothing
 * for text.  Returns 0 or PP_EIO (the write callback failed). */
int pp_check_head(const pp_checker *c, const pp_check_opts *opts,
                  const char *const *files, size_t nfiles);

/* Check one input with `c` (a new document: pp_checker_begin_document),
 * writing its claims as they are found and adding them to *totals.
 * Returns 0; PP_EIO when the input cannot be read or the write callback
 * failed (the message says which); PP_ENOMEM; another PP_E* when the
 * Markdown parser fails.  What was written stays written. */
int pp_check_run(pp_checker *c, const pp_check_opts *opts,
                 const pp_check_input *in, pp_check_totals *totals);

/* Write the report's end: JSON's summary (the counts of `totals`,
 * `nfiles` files), SARIF's closing brackets, the text summary line.
 * Returns 0 or PP_EIO. */
int pp_check_tail(const pp_check_opts *opts, const pp_check_totals *totals,
                  size_t nfiles);

/* 1 when the report is a failure: a claim was contradicted or undisclosed
 * (with `strict`, also an unsupported generalisation); else 0. */
int pp_check_failed(const pp_check_totals *totals, int strict);

#endif
