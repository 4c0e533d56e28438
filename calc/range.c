/* range.c - intervals of reported figures (see range.h). */
#include "range.h"

#include <math.h>
#include <string.h>

#include "calc.h"
#include "../core/banned.h"

#define GET(o, k) cJSON_GetObjectItemCaseSensitive((o), (k))

pp_range pp_range_of(double v, int sig, const char *q)
{
    double h = pp_half_ulp(v, sig > 0 ? sig : 17);
    pp_range r = {0, 0, 1, 1};
    if (!strcmp(q, "=")) {
        r.lo = v - h, r.hi = v + h;
    } else if (!strcmp(q, "\xE2\x89\x88")) {
        r.lo = v - 2 * h, r.hi = v + 2 * h;
    } else if (!strcmp(q, ">") || !strcmp(q, "\xE2\x89\xA5")) {
        r.lo = v, r.hi = INFINITY, r.bounded = 0;
    } else {
        r.lo = v >= 0 ? 0 : -INFINITY, r.hi = v, r.bounded = 0;
    }
    return r;
}

pp_range pp_range_of_fact(const cJSON *facts, const char *name)
{
    const cJSON *f = GET(facts, name);
    const cJSON *v = GET(f, "value"), *q = GET(f, "qualifier");
    const cJSON *sig = GET(f, "sig_digits"), *st = GET(f, "status");
    pp_range none = {0, 0, 1, 0};
    if (!cJSON_IsNumber(v) || !cJSON_IsString(q) ||
        (cJSON_IsString(st) && !strcmp(st->valuestring, "undisclosed")))
        return none;
    return pp_range_of(v->valuedouble,
                       cJSON_IsNumber(sig) ? (int)sig->valuedouble : 17,
                       q->valuestring);
}

int pp_range_meet(pp_range a, pp_range b)
{
    if (a.lo == a.hi || b.lo == b.hi)
        return a.lo <= b.hi && b.lo <= a.hi;
    return a.lo < b.hi && b.lo < a.hi;
}

pp_range pp_range_mul(pp_range a, pp_range b, double k)
{
    pp_range r = {k * a.lo * b.lo, k * a.hi * b.hi, a.bounded && b.bounded,
                  a.have && b.have};
    return r;
}

pp_range pp_range_div(pp_range a, pp_range b)
{
    pp_range r = {b.hi > 0 ? a.lo / b.hi : 0,
                  isinf(a.hi) || b.lo <= 0 ? INFINITY : a.hi / b.lo,
                  a.bounded && b.bounded && b.lo > 0, a.have && b.have};
    return r;
}
