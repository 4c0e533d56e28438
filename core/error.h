/*
 * error.h - the one error convention of libpassport.
 *
 * Every fallible function returns an int: 0 on success, a negative PP_E*
 * code on failure.  The human-readable message of the most recent failure
 * is kept aside (per thread) and read with pp_error_last().  A module sets
 * the message once, where the failure is first seen, and callers propagate
 * the code without overwriting the message.
 */
#ifndef PP_ERROR_H
#define PP_ERROR_H

#include <stdarg.h>

enum {
    PP_OK = 0,
    PP_ERROR = -1,      /* anything not listed below */
    PP_ENOTFOUND = -2,  /* a passport, fact, file or key does not exist */
    PP_EAMBIGUOUS = -3, /* a name resolves to more than one passport */
    PP_EINVALID = -4,   /* input data is malformed or fails validation */
    PP_ETOOBIG = -5,    /* input exceeds a documented resource bound */
    PP_EIO = -6,        /* an operating-system I/O call failed */
    PP_ENOMEM = -7,     /* an allocation failed */
    PP_EUSAGE = -8,     /* a caller-supplied argument is out of its domain */
    PP_ECONFLICT = -9,  /* concurrent or conflicting changes (registry) */
    PP_EREADONLY = -10, /* the registry or its index cannot be written */
    PP_EDAMAGED = -11   /* a cache (the index) is damaged: rebuild it */
};

/* Record the message of the current failure (printf-style) and return
 * `code`, so that `return pp_error_set(PP_EINVALID, "...")` reads well. */
int pp_error_set(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int pp_error_setv(int code, const char *fmt, va_list ap);

/* The message of the most recent failure on this thread; never NULL
 * (empty when none).  Borrowed: valid until the next pp_error_set(). */
const char *pp_error_last(void);

/* The code passed to the most recent pp_error_set() on this thread. */
int pp_error_last_code(void);

void pp_error_clear(void);

/* Out of memory where the caller could not sensibly go on: a buffer or a
 * JSON tree that cannot grow.  Writes "passport: out of memory" to
 * standard error and ends the process with exit status 3 (as git's
 * xmalloc does).  The registry stays consistent: every write is atomic or
 * a compare-and-swap, so stopping anywhere is like a crash there, which
 * tests/registry/crash.sh covers.  Other allocations fail with PP_ENOMEM. */
void pp_die_out_of_memory(void) __attribute__((noreturn));

#endif
