/*
 * finding.c - the one builder of the verifier's findings (internal.h),
 * shared by the derived-figure rules (verify.c) and the role, claim and
 * evidence rules (roles.c).
 */
#include "internal.h"

#include <stdarg.h>
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
