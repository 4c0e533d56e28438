/* range.c - intervals of reported figures (see range.h). */
#include "range.h"

#include <math.h>
#include <string.h>

#include "calc.h"
#include "../core/banned.h"

pp_range pp_range_of(double v, int sig, const char *q)
{
    double h = pp_half_ulp(v, sig > 0 ? sig : 17);
    pp_range r = {0, 0, 1, 1};
    if (!strcmp(q, "=")) {
        r.lo = v - h, r.hi = v + h;
    } else if (!strcmp(q, "\xE2\x89\x88")) {
        /* "about" widens the rounding to twice, but never past a quarter
         * of the value unless the rounding alone is wider: "about 1
         * trillion" is 0.5T..1.5T, not 0..2T (it would hold for 284B) */
        double w = fmin(2 * h, 0.25 * fabs(v));
        w = fmax(w, h);
        r.lo = v - w, r.hi = v + w;
    } else if (!strcmp(q, ">") || !strcmp(q, "\xE2\x89\xA5")) {
        r.lo = v, r.hi = INFINITY, r.bounded = 0;
    } else {
        r.lo = v >= 0 ? 0 : -INFINITY, r.hi = v, r.bounded = 0;
    }
    return r;
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
