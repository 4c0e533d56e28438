/*
 * buf.h - a growable byte buffer, always NUL-terminated.
 *
 * A pp_buf is caller-owned: initialise with PP_BUF_INIT, release the
 * contents with pp_buf_dispose().  Running out of memory while growing a
 * buffer ends the process (pp_die_out_of_memory: a clear message, exit
 * status 3); a buffer past half the address space is refused with
 * PP_ENOMEM and left as it was.
 */
#ifndef PP_BUF_H
#define PP_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct pp_buf {
    char *ptr;    /* owned; NULL until the first append */
    size_t len;   /* bytes used, excluding the terminating NUL */
    size_t alloc; /* bytes allocated */
} pp_buf;

#define PP_BUF_INIT                                                            \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

int pp_buf_grow(pp_buf *b, size_t extra);
int pp_buf_put(pp_buf *b, const void *data, size_t len);
int pp_buf_puts(pp_buf *b, const char *s);
int pp_buf_putc(pp_buf *b, char c);
int pp_buf_printf(pp_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int pp_buf_vprintf(pp_buf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* The contents as a C string; "" for an empty buffer.  Borrowed. */
const char *pp_buf_cstr(const pp_buf *b);

/* Take ownership of the contents (free() them); the buffer is reset. */
char *pp_buf_detach(pp_buf *b);

void pp_buf_clear(pp_buf *b);   /* len = 0, memory kept */
void pp_buf_dispose(pp_buf *b); /* frees the contents; accepts NULL */

#endif
