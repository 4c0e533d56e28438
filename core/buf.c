/*
 * buf.c - growable byte buffer.
 */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "banned.h"

int pp_buf_grow(pp_buf *b, size_t extra)
{
    size_t need, n;
    char *p;

    if (extra > (size_t)-1 / 2 - b->len - 1)
        return pp_error_set(PP_ENOMEM, "buffer size overflow");
    need = b->len + extra + 1;
    if (need <= b->alloc)
        return 0;
    n = b->alloc ? b->alloc : 64;
    while (n < need)
        n *= 2;
    p = realloc(b->ptr, n);
    if (!p)
        pp_die_out_of_memory(); /* nobody checks every append */
    b->ptr = p;
    b->alloc = n;
    b->ptr[b->len] = '\0'; /* "always NUL-terminated", even before a write */
    return 0;
}

int pp_buf_put(pp_buf *b, const void *data, size_t len)
{
    if (pp_buf_grow(b, len) < 0)
        return PP_ENOMEM;
    if (len)
        memcpy(b->ptr + b->len, data, len);
    b->len += len;
    b->ptr[b->len] = '\0';
    return 0;
}

int pp_buf_puts(pp_buf *b, const char *s)
{
    return pp_buf_put(b, s, strlen(s));
}

int pp_buf_putc(pp_buf *b, char c)
{
    return pp_buf_put(b, &c, 1);
}

int pp_buf_vprintf(pp_buf *b, const char *fmt, va_list ap)
{
    va_list cp;
    int n;

    va_copy(cp, ap);
    n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return pp_error_set(PP_ERROR, "bad format string");
    if (pp_buf_grow(b, (size_t)n) < 0)
        return PP_ENOMEM;
    vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return 0;
}

int pp_buf_printf(pp_buf *b, const char *fmt, ...)
{
    va_list ap;
    int rc;
    va_start(ap, fmt);
    rc = pp_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return rc;
}

const char *pp_buf_cstr(const pp_buf *b)
{
    return b->ptr ? b->ptr : "";
}

char *pp_buf_detach(pp_buf *b)
{
    char *p = b->ptr;
    if (!p)
        p = calloc(1, 1);
    b->ptr = NULL;
    b->len = b->alloc = 0;
    return p;
}

void pp_buf_clear(pp_buf *b)
{
    b->len = 0;
    if (b->ptr)
        b->ptr[0] = '\0';
}

void pp_buf_dispose(pp_buf *b)
{
    if (!b)
        return;
    free(b->ptr);
    b->ptr = NULL;
    b->len = b->alloc = 0;
}
