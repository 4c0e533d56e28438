/*
 * diag.h - a list of diagnostics (validation errors, later verifier
 * findings), each naming a file, a JSON pointer and what was expected.
 *
 * A pp_diags is caller-owned: PP_DIAGS_INIT, then pp_diags_dispose().
 * The list is bounded (PP_DIAGS_MAX); past it, further entries are
 * counted in `dropped` but not stored, so hostile input cannot make the
 * report itself unbounded.
 */
#ifndef PP_DIAG_H
#define PP_DIAG_H

#include <stddef.h>

#define PP_DIAGS_MAX 200

typedef enum { PP_SEV_ERROR, PP_SEV_WARNING, PP_SEV_NOTE } pp_severity;

typedef struct pp_diag {
    pp_severity severity;
    char *file;    /* owned; may be NULL */
    char *pointer; /* owned; JSON pointer, "" for the whole document */
    char *message; /* owned */
} pp_diag;

typedef struct pp_diags {
    pp_diag *items; /* owned */
    size_t count;
    size_t alloc;
    size_t dropped; /* entries past PP_DIAGS_MAX, counted only */
} pp_diags;

#define PP_DIAGS_INIT                                                          \
    {                                                                          \
        NULL, 0, 0, 0                                                          \
    }

/* Append one diagnostic; returns 0 or PP_ENOMEM. */
int pp_diags_add(pp_diags *d, pp_severity sev, const char *file,
                 const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Release every entry and empty the list; `d` may be NULL. */
void pp_diags_dispose(pp_diags *d);

#endif
