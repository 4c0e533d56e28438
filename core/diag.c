/*
 * diag.c - bounded diagnostic lists.
 */
#define _POSIX_C_SOURCE 200809L
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "banned.h"

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

int pp_diags_add(pp_diags *d, pp_severity sev, const char *file,
                 const char *pointer, const char *fmt, ...)
{
    pp_buf msg = PP_BUF_INIT;
    va_list ap;
    pp_diag *it;

    if (d->count >= PP_DIAGS_MAX) {
        d->dropped++;
        return 0;
    }
    if (d->count == d->alloc) {
        size_t n = d->alloc ? d->alloc * 2 : 8;
        pp_diag *p = realloc(d->items, n * sizeof(*p));
        if (!p)
            return pp_error_set(PP_ENOMEM, "out of memory");
        d->items = p;
        d->alloc = n;
    }
    va_start(ap, fmt);
    if (pp_buf_vprintf(&msg, fmt, ap) < 0) {
        va_end(ap);
        return PP_ENOMEM;
    }
    va_end(ap);
    it = &d->items[d->count];
    it->severity = sev;
    it->file = dup_or_null(file);
    it->pointer = strdup(pointer ? pointer : "");
    it->message = pp_buf_detach(&msg);
    if ((file && !it->file) || !it->pointer || !it->message) {
        free(it->file);
        free(it->pointer);
        free(it->message);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    d->count++;
    return 0;
}

void pp_diags_dispose(pp_diags *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++) {
        free(d->items[i].file);
        free(d->items[i].pointer);
        free(d->items[i].message);
    }
    free(d->items);
    d->items = NULL;
    d->count = d->alloc = d->dropped = 0;
}
