/*
 * finding.c - the one builder of the verifier's findings (internal.h),
 * shared by the derived-figure rules (verify.c) and the role, claim and
 * evidence rules (roles.c), and the one way they write a figure.
 */
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/banned.h"

void pp_verify_finding(struct pp_verify_ctx *c, const char *severity,
                       const char *rule, const char *pointer,
                       const char *stated, const char *expected,
                       const char *fmt, ...)
{
    cJSON *o = cJSON_CreateObject();
    pp_buf msg = PP_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    cJSON_AddStringToObject(o, "severity", severity);
    cJSON_AddStringToObject(o, "rule", rule);
    cJSON_AddStringToObject(o, "passport", c->id);
    cJSON_AddStringToObject(o, "pointer", pointer);
    if (stated)
        cJSON_AddStringToObject(o, "stated", stated);
    if (expected)
        cJSON_AddStringToObject(o, "expected", expected);
    cJSON_AddStringToObject(o, "message", pp_buf_cstr(&msg));
    cJSON_AddItemToArray(c->out, o);
    pp_buf_dispose(&msg);
    if (!strcmp(severity, "error"))
        c->errors++;
}

/* Six significant digits are plenty to show a range (1804.6 .. 1931.46). */
void pp_verify_num_text(pp_buf *b, double v)
{
    char t[32], *e;
    if (!isfinite(v)) {
        pp_buf_puts(b, "unbounded");
        return;
    }
    snprintf(t, sizeof(t), "%.6g", v);
    if ((e = strchr(t, 'e')) != NULL) {
        long ex = strtol(e + 1, NULL, 10);
        snprintf(e, sizeof(t) - (size_t)(e - t), "e%ld", ex);
    }
    pp_buf_puts(b, t);
}
