/*
 * error.c - per-thread storage of the last error message.
 */
#define _POSIX_C_SOURCE 200809L
#include "error.h"

#include <unistd.h>

#include <stdio.h>

#include "banned.h"

static _Thread_local char last_msg[1024];
static _Thread_local int last_code;

int pp_error_setv(int code, const char *fmt, va_list ap)
{
    vsnprintf(last_msg, sizeof(last_msg), fmt, ap);
    last_code = code;
    return code;
}

int pp_error_set(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pp_error_setv(code, fmt, ap);
    va_end(ap);
    return code;
}

const char *pp_error_last(void)
{
    return last_msg;
}

int pp_error_last_code(void)
{
    return last_code;
}

void pp_error_clear(void)
{
    last_msg[0] = '\0';
    last_code = 0;
}

void pp_die_out_of_memory(void)
{
    static const char msg[] = "passport: out of memory\n";
    /* no stdio here: it may need memory itself */
    if (write(2, msg, sizeof msg - 1) < 0) {
        /* nothing more can be said */
    }
    _exit(3);
}
