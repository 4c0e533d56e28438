/*
 * epoch.c - Epoch AI's "AI Models" CSV against the registry: crosscheck,
 * leads for a curator, and export in Epoch's column layout.
 *
 * Columns are taken by header name.  Epoch's `Parameters` is the total
 * count (the active count of a mixture-of-experts model lives only in the
 * notes), `Training compute (FLOP)` an estimate (6ND or hardware time),
 * `Training dataset size (total)` tokens for recent language models.
 * Figures are compared with the precision each side wrote them with:
 * Epoch's numbers are Python floats ("8000000000.0"), so their trailing
 * ".0" and trailing zeros carry no precision.
 */
#include "peers.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../schema/fact.h"
#include "../schema/passport.h"
#include "../calc/calc.h"
#include "../core/banned.h"

#define COL_MODEL "Model"

/* ---- reading the two sides ---------------------------------------------- */

struct figure {
    int has;
    double v;
    int sig;               /* significant digits; 0 unknown */
    const char *qualifier; /* "=", ">", ... ; registry side only */
    const char *shown;     /* as written (peer) */
};

/* A peer number: a plain decimal or scientific literal, nothing else. */
static struct figure peer_number(const char *s)
{
    struct figure f = {0, 0, 0, "=", s};
    char lit[64], *end;
    size_t n;
    while (*s == ' ')
        s++;
    n = strlen(s);
    while (n && s[n - 1] == ' ')
        n--;
    if (n == 0 || n >= sizeof lit)
        return f;
    memcpy(lit, s, n);
    lit[n] = '\0';
    errno = 0;
    f.v = strtod(lit, &end);
    if (end == lit || *end || errno || !isfinite(f.v) || f.v <= 0)
        return f;
    f.has = 1;
    /* the mantissa's digits, without a float's ".0" */
    {
        size_t m = strcspn(lit, "eE");
        if (m >= 2 && lit[m - 2] == '.' && lit[m - 1] == '0')
            m -= 2;
        f.sig = pp_num_sig_digits(lit, m);
    }
    return f;
}

static struct figure figure_of(const pp_fact_num *n)
{
    struct figure f = {0, 0, 0, "=", NULL};
    if (!(n->value > 0))
        return f;
    f.has = 1;
    f.v = n->value;
    f.sig = n->sig;
    f.qualifier = n->qualifier;
    f.shown = n->reported;
    return f;
}

/* A disclosed positive numeric fact of the registry. */
static struct figure reg_number(const cJSON *doc, const char *name)
{
    pp_fact_num n;
    struct figure none = {0, 0, 0, "=", NULL};
    return pp_fact_number(doc, name, &n) ? figure_of(&n) : none;
}

/* The N of the run's 6ND (schema/fact.h's rule). */
static struct figure compute_params(const cJSON *doc)
{
    pp_fact_num n;
    struct figure none = {0, 0, 0, "=", NULL};
    return pp_fact_compute_params(doc, &n) ? figure_of(&n) : none;
}

/* kappa = 6: the convention of the peers' estimates. */
static double six_nd(double n, double d)
{
    double c = 0;
    pp_calc_flops(n, d, 6, &c);
    return c;
}

static int undisclosed(const cJSON *doc, const char *name)
{
    return pp_fact_status(doc, name) == PP_FACT_UNDISCLOSED;
}

static void human(pp_buf *b, double v, int sig)
{
    pp_num_human(b, v, sig);
}

static double half(const struct figure *f)
{
    double h = pp_half_ulp(f->v, f->sig);
    return h > 0 ? h : f->v * 1e-9;
}

/* |log10(ratio)| near a non-zero integer: a power-of-ten slip. */
static int power_of_ten(double ratio, int *k)
{
    double l = log10(ratio);
    *k = (int)lround(l);
    return *k != 0 && fabs(l - *k) < 0.05;
}

/* ---- findings ------------------------------------------------------------ */

static const char *const verdicts[] = {"agrees", "differs", "contradicts",
                                       "unverifiable"};

struct row_ctx {
    cJSON *findings;
    double *counts; /* per verdict, in the order of verdicts[] */
};

static void finding(struct row_ctx *c, const char *field, const char *peer,
                    const char *registry, const char *verdict,
                    const char *message)
{
    cJSON *f = cJSON_CreateObject();
    const char *sev = !strcmp(verdict, "contradicts") ? "error"
                      : !strcmp(verdict, "differs")   ? "warning"
                                                      : "note";
    if (!f)
        return;
    cJSON_AddStringToObject(f, "field", field);
    if (peer)
        cJSON_AddStringToObject(f, "peer", peer);
    else
        cJSON_AddNullToObject(f, "peer");
    if (registry)
        cJSON_AddStringToObject(f, "registry", registry);
    else
        cJSON_AddNullToObject(f, "registry");
    cJSON_AddStringToObject(f, "verdict", verdict);
    cJSON_AddStringToObject(f, "severity", sev);
    cJSON_AddStringToObject(f, "message", message);
    cJSON_AddItemToArray(c->findings, f);
    for (size_t i = 0; i < sizeof verdicts / sizeof *verdicts; i++)
        if (!strcmp(verdict, verdicts[i]))
            c->counts[i]++;
}

/* The registry side as people read it: "8.03B", ">32T". */
static void reg_text(pp_buf *b, const struct figure *r)
{
    if (r->qualifier && strcmp(r->qualifier, "="))
        pp_buf_puts(b, r->qualifier);
    human(b, r->v, r->sig);
}

static void peer_text(pp_buf *b, const struct figure *p)
{
    human(b, p->v, p->sig);
}

/* Compare a count: parameters, tokens, devices. */
static void compare_count(struct row_ctx *c, const cJSON *doc,
                          const char *field, const char *what,
                          const struct figure *p, const char *raw)
{
    struct figure r = reg_number(doc, field);
    pp_buf ps = PP_BUF_INIT, rs = PP_BUF_INIT, m = PP_BUF_INIT;
    const char *verdict;
    int k;
    if (!p->has && !r.has)
        return;
    if (p->has)
        peer_text(&ps, p);
    if (r.has)
        reg_text(&rs, &r);
    if (!p->has) {
        verdict = "unverifiable";
        pp_buf_printf(&m, "the peer gives no %s%s%s", what,
                      raw && *raw ? ": " : "", raw && *raw ? raw : "");
    } else if (!r.has) {
        verdict = "unverifiable";
        pp_buf_printf(&m, "%s: the registry has no %s to compare with",
                      undisclosed(doc, field) ? "no source discloses it"
                                              : "not in the passport",
                      what);
    } else if (strcmp(r.qualifier, "=") && r.qualifier[0] == '>') {
        verdict = p->v >= r.v * (1 - 1e-9) ? "differs" : "contradicts";
        pp_buf_printf(&m,
                      "the registry states only a lower bound (%s); the "
                      "peer's %s %s it",
                      rs.ptr, ps.ptr,
                      verdict[0] == 'd' ? "is within" : "is below");
    } else if (strcmp(r.qualifier, "=") && r.qualifier[0] == '<') {
        verdict = p->v <= r.v * (1 + 1e-9) ? "differs" : "contradicts";
        pp_buf_printf(&m,
                      "the registry states only an upper bound (%s); the "
                      "peer's %s %s it",
                      rs.ptr, ps.ptr,
                      verdict[0] == 'd' ? "is within" : "is above");
    } else if (fabs(p->v - r.v) <= half(&r)) {
        verdict = "agrees";
        pp_buf_printf(&m, "%s %s on both sides", ps.ptr, what);
    } else if (strcmp(r.qualifier, "=") && fabs(p->v / r.v - 1) <= 0.1) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "the registry's figure is approximate (%s); the "
                      "peer's %s is within 10%%",
                      rs.ptr, ps.ptr);
    } else if (p->sig > 0 &&
               fabs(pp_num_round_sig(r.v, p->sig) - p->v) <= p->v * 1e-9) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "rounding: the peer's %s is the registry's %s "
                      "rounded to %d significant digit%s",
                      ps.ptr, rs.ptr, p->sig, p->sig == 1 ? "" : "s");
    } else if (power_of_ten(p->v / r.v, &k)) {
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "a factor of 10^%d: the peer's %s against the "
                      "registry's %s looks like a unit slip (thousands, "
                      "millions, billions)",
                      k, ps.ptr, rs.ptr);
    } else if (!strcmp(field, "params.total") &&
               reg_number(doc, "params.active").has &&
               fabs(p->v - reg_number(doc, "params.active").v) <=
                   fmax(half(p), half(&r))) {
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "the peer's %s is the active parameter count; "
                      "Parameters should be the total, %s",
                      ps.ptr, rs.ptr);
    } else if (!strcmp(field, "training.tokens") &&
               fabs(p->v / r.v - 0.75) < 0.02) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "the peer's %s is 0.75 x the registry's %s tokens: "
                      "words, not tokens",
                      ps.ptr, rs.ptr);
    } else {
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "the peer's %s against the registry's %s (%+.0f%%): "
                      "no rounding or qualifier explains it",
                      ps.ptr, rs.ptr, 100 * (p->v / r.v - 1));
    }
    finding(c, field, p->has ? ps.ptr : (raw && *raw ? raw : NULL),
            r.has ? rs.ptr : NULL, verdict, m.ptr);
    pp_buf_dispose(&ps);
    pp_buf_dispose(&rs);
    pp_buf_dispose(&m);
}

static int mentions_hardware(const char *notes)
{
    static const char *const words[] = {"GPU",        "gpu",   "hours",
                                        "MFU",        "TFLOP", "utilization",
                                        "utilisation"};
    for (size_t i = 0; notes && i < sizeof words / sizeof *words; i++)
        if (strstr(notes, words[i]))
            return 1;
    return 0;
}

/* ---- rounded inputs -------------------------------------------------------- */

/* One way a peer may have written an input of 6ND with fewer digits. */
struct coarse {
    double v;
    int sig; /* the digits kept; 0: the input as the registry has it */
    int cut; /* 1: cut (truncated), 0: rounded to nearest */
};

#define MAX_COARSE 40

/* Add `v`, the input `fv` written with fewer digits, unless it is there:
 * with the digits it needs (8.0B is 8B), and a cut that is also the
 * rounding to those digits is a rounding. */
static size_t add_coarse(struct coarse *out, size_t n, double v, double fv,
                         int cut)
{
    int s = 1;
    while (s < 17 && pp_num_round_sig(v, s) != v)
        s++;
    for (size_t i = 0; i < n; i++)
        if (out[i].v == v)
            return n;
    out[n] = (struct coarse){v, s, cut && pp_num_round_sig(fv, s) != v};
    return n + 1;
}

/* The input as it is, then each coarser precision, finest first: rounded
 * to nearest and, where that went up, cut ("32.6B" -> 33B, 32B).  The cut
 * is the rounding one step down, so there is still one rounding. */
static size_t coarser(const struct figure *f, struct coarse *out)
{
    size_t n = 0;
    int top = f->sig > 0 ? f->sig : 4;
    out[n++] = (struct coarse){f->v, 0, 0};
    for (int s = top - 1; s >= 1 && n + 2 <= MAX_COARSE; s--) {
        double r = pp_num_round_sig(f->v, s);
        if (r == f->v)
            continue; /* the input has no more digits than s */
        n = add_coarse(out, n, r, f->v, 0);
        if (r > f->v)
            n = add_coarse(out, n,
                           pp_num_round_sig(r - 2 * pp_half_ulp(f->v, s), s),
                           f->v, 1);
    }
    return n;
}

/* Is `v` the peer's figure, exactly: the same at the peer's precision, and
 * with no more digits than the peer wrote (the peer's figure is 6ND of the
 * coarse inputs, not a rounding of it)? */
static int exactly(double v, const struct figure *p)
{
    double at = pp_num_round_sig(v, p->sig);
    return fabs(at - p->v) <= p->v * 1e-9 && fabs(at - v) <= v * 1e-9;
}

static void say_input(pp_buf *m, const char *what, const struct coarse *c,
                      const struct figure *f)
{
    pp_buf_printf(m,
                  "the %s %s to %d significant digit%s (the registry: ", what,
                  c->cut ? "cut" : "rounded", c->sig, c->sig == 1 ? "" : "s");
    human(m, f->v, f->sig);
    if (c->cut) {
        pp_buf_puts(m, ", which rounds to ");
        human(m, pp_num_round_sig(f->v, c->sig), c->sig);
    }
    pp_buf_puts(m, ")");
}

/* Explain the peer's compute as 6ND of the inputs written with fewer
 * digits: each input alone, then both, finest first.  Only an exact match
 * explains (see exactly()); a peer figure of one digit is matched by too
 * many roundings to say which, and two rounded inputs need three digits.
 * Appends the message to m, makes *expl (the inputs and roundings used,
 * caller-owned) and returns the verdict, or NULL. */
static const char *rounded_input(const cJSON *doc, const struct figure *p,
                                 const struct figure *a, const struct figure *d,
                                 const char *ps, const char *rs, pp_buf *m,
                                 cJSON **expl)
{
    struct coarse cn[MAX_COARSE], cd[MAX_COARSE];
    size_t nn = coarser(a, cn), nd = coarser(d, cd);
    const char *what = pp_fact_compute_params(doc, NULL) == PP_BASIS_ACTIVE
                           ? "active parameters"
                           : "parameters";
    pp_buf nb = PP_BUF_INIT, db = PP_BUF_INIT, why = PP_BUF_INIT;
    cJSON *e;
    if (p->sig < 2)
        return NULL;
    for (int both = 0; both <= 1; both++) {
        for (size_t i = 0; i < nn; i++) {
            for (size_t j = 0; j < nd; j++) {
                const struct coarse *x = &cn[i], *y = &cd[j];
                if ((x->sig > 0) + (y->sig > 0) != 1 + both ||
                    (both && p->sig < 3) || !exactly(six_nd(x->v, y->v), p))
                    continue;
                human(&nb, x->v, x->sig ? x->sig : a->sig);
                human(&db, y->v, y->sig ? y->sig : d->sig);
                if (x->sig)
                    say_input(&why, what, x, a);
                if (x->sig && y->sig)
                    pp_buf_puts(&why, " and ");
                if (y->sig)
                    say_input(&why, "tokens", y, d);
                pp_buf_printf(m,
                              "rounded input: the peer's %s is exactly 6 x "
                              "%s x %s: %s; the registry: %s",
                              ps, nb.ptr, db.ptr, why.ptr, rs);
                *expl = e = cJSON_CreateObject();
                cJSON_AddStringToObject(e, "by", "rounded input");
                cJSON_AddStringToObject(e, "params", nb.ptr);
                cJSON_AddStringToObject(e, "tokens", db.ptr);
                cJSON_AddStringToObject(e, "rounding", why.ptr);
                pp_buf_dispose(&nb);
                pp_buf_dispose(&db);
                pp_buf_dispose(&why);
                return "differs";
            }
        }
    }
    return NULL;
}

/* Training compute: the registry's stated figure, else 6ND with active
 * parameters; an estimate on both sides. */
static void compare_compute(struct row_ctx *c, const cJSON *doc,
                            const struct figure *p, const char *notes)
{
    struct figure stated = reg_number(doc, "compute.training");
    struct figure d = reg_number(doc, "training.tokens");
    struct figure tot = reg_number(doc, "params.total");
    struct figure r = stated, a;
    pp_buf ps = PP_BUF_INIT, rs = PP_BUF_INIT, m = PP_BUF_INIT;
    const char *verdict = NULL, *basis = "stated";
    cJSON *expl = NULL;
    int k;
    a = compute_params(doc);
    if (!r.has && a.has && d.has) {
        basis = "6ND with active parameters";
        r.has = 1;
        r.v = six_nd(a.v, d.v);
        r.sig = a.sig && d.sig ? (a.sig < d.sig ? a.sig : d.sig) : 0;
        r.qualifier = d.qualifier;
    }
    if (!p->has && !r.has)
        return;
    if (p->has)
        pp_quantity_format(&ps, p->v, p->sig, "FLOP");
    if (r.has) {
        if (strcmp(r.qualifier, "="))
            pp_buf_puts(&rs, r.qualifier);
        pp_quantity_format(&rs, r.v, r.sig, "FLOP");
        pp_buf_printf(&rs, " (%s)", basis);
    }
    if (!p->has) {
        verdict = "unverifiable";
        pp_buf_puts(&m, "the peer gives no training compute");
    } else if (!r.has) {
        verdict = "unverifiable";
        pp_buf_puts(&m, "the registry has neither a stated compute nor the "
                        "active parameters and tokens for 6ND");
    } else if (r.qualifier[0] == '>' && p->v >= r.v * 0.99) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "the registry gives only a lower bound (%s); the "
                      "peer's %s is within it",
                      rs.ptr, ps.ptr);
    } else if (fabs(p->v - r.v) <= half(&r)) {
        verdict = "agrees";
        pp_buf_printf(&m, "%s on both sides", ps.ptr);
    }
    /* a compute figure built on a rounded input (peers compute 6ND from
     * the headline figures: "8B", "15T", "32B") */
    if (!verdict && a.has && d.has)
        verdict = rounded_input(doc, p, &a, &d, ps.ptr, rs.ptr, &m, &expl);
    if (verdict) {
        /* decided */
    } else if (fabs(p->v - r.v) <= half(p)) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "rounding: the peer's %s is the registry's %s "
                      "rounded",
                      ps.ptr, rs.ptr);
    } else if (tot.has && a.has && d.has && tot.v > 1.5 * a.v &&
               fabs(p->v / six_nd(tot.v, d.v) - 1) <= 0.15) {
        pp_buf tb = PP_BUF_INIT, ab = PP_BUF_INIT;
        human(&tb, tot.v, tot.sig);
        human(&ab, a.v, a.sig);
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "built on total parameters: the peer's %s is 6ND "
                      "with the %s total parameters of a mixture-of-experts "
                      "model; training compute counts the %s active ones "
                      "(%s)",
                      ps.ptr, tb.ptr, ab.ptr, rs.ptr);
        pp_buf_dispose(&tb);
        pp_buf_dispose(&ab);
    } else if (power_of_ten(p->v / r.v, &k)) {
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "a factor of 10^%d between the peer's %s and the "
                      "registry's %s: a unit slip",
                      k, ps.ptr, rs.ptr);
    } else if (p->v / r.v >= 0.5 && p->v / r.v <= 2) {
        verdict = "differs";
        pp_buf_printf(&m,
                      "estimates %+.0f%% apart (%s against %s): 6ND "
                      "leaves out attention, embeddings and recomputation%s",
                      100 * (p->v / r.v - 1), ps.ptr, rs.ptr,
                      mentions_hardware(notes)
                          ? "; the peer's notes use hardware time"
                          : ", and a peer may use hardware time");
    } else {
        verdict = "contradicts";
        pp_buf_printf(&m,
                      "the peer's %s is %.1fx the registry's %s: more "
                      "than estimates differ by",
                      ps.ptr, p->v / r.v, rs.ptr);
    }
    finding(c, "compute", p->has ? ps.ptr : NULL, r.has ? rs.ptr : NULL,
            verdict, m.ptr);
    if (expl)
        cJSON_AddItemToObject(
            cJSON_GetArrayItem(c->findings,
                               cJSON_GetArraySize(c->findings) - 1),
            "explanation", expl);
    pp_buf_dispose(&ps);
    pp_buf_dispose(&rs);
    pp_buf_dispose(&m);
}

/* The chips a hardware name lists, each as its model number in lower
 * case ("NVIDIA H100 SXM5 80GB" -> h100, "Google TPU v4,Google TPU v3" ->
 * tpuv4 tpuv3, "TPUv3/TPUv4" -> tpuv3 tpuv4, "A100-80GB" -> a100): in
 * each part between ',', '/', ';' and '&', the first word with a digit
 * (joined to a letters-only word before it: "TPU v4"), cut after its
 * first run of digits.  Returns how many, at most `max`. */
#define MAX_CHIPS 8
static size_t chips_of(const char *name, char chips[][16], size_t max)
{
    size_t n = 0;
    const char *p = name;
    while (*p && n < max) {
        size_t part = strcspn(p, ",/;&");
        char prev[16] = "";
        int found = 0;
        for (size_t i = 0; i < part && !found;) {
            size_t w = 0, k = 0;
            char word[16];
            int digit = 0;
            while (i < part && !isalnum((unsigned char)p[i]))
                i++;
            while (i + w < part && isalnum((unsigned char)p[i + w]))
                w++;
            for (size_t j = 0; j < w && k + 1 < sizeof(word); j++) {
                word[k++] = (char)tolower((unsigned char)p[i + j]);
                digit |= isdigit((unsigned char)p[i + j]);
            }
            word[k] = 0;
            i += w;
            if (!w)
                break;
            if (!digit) {
                snprintf(prev, sizeof(prev), "%s", word);
                continue;
            }
            {
                char chip[16];
                size_t d = 0, c;
                const char *lead =
                    isdigit((unsigned char)word[0]) ||
                            (word[0] == 'v' && isdigit((unsigned char)word[1]))
                        ? prev
                        : "";
                c = (size_t)snprintf(chip, sizeof(chip), "%s", lead);
                while (word[d] && !isdigit((unsigned char)word[d]) &&
                       c + 1 < sizeof(chip))
                    chip[c++] = word[d++];
                while (isdigit((unsigned char)word[d]) && c + 1 < sizeof(chip))
                    chip[c++] = word[d++];
                chip[c] = 0;
                memcpy(chips[n++], chip, sizeof(chip));
                found = 1;
            }
        }
        p += part;
        if (*p)
            p++;
    }
    return n;
}

/* Do two lists of chips name the same set? */
static int same_chips(char a[][16], size_t na, char b[][16], size_t nb)
{
    for (int pass = 0; pass < 2; pass++) {
        char(*x)[16] = pass ? b : a, (*y)[16] = pass ? a : b;
        size_t nx = pass ? nb : na, ny = pass ? na : nb;
        for (size_t i = 0; i < nx; i++) {
            int hit = 0;
            for (size_t j = 0; j < ny && !hit; j++)
                hit = !strcmp(x[i], y[j]);
            if (!hit)
                return 0;
        }
    }
    return 1;
}

static void compare_device(struct row_ctx *c, const cJSON *doc,
                           const char *peer)
{
    char pc[MAX_CHIPS][16], rc[MAX_CHIPS][16];
    size_t npc, nrc;
    const char *v = pp_fact_text(doc, "hardware.device_type");
    pp_buf pn = PP_BUF_INIT, rn = PP_BUF_INIT, m = PP_BUF_INIT;
    if (!peer || !*peer) {
        if (v) {
            pp_buf_puts(&m, "the peer names no training hardware");
            finding(c, "hardware.device_type", NULL, v, "unverifiable", m.ptr);
        }
        pp_buf_dispose(&m);
        return;
    }
    if (!v) {
        pp_buf_printf(&m, "the registry has no device type to compare with");
        finding(c, "hardware.device_type", peer, NULL, "unverifiable", m.ptr);
    } else {
        pp_name_normalize(peer, &pn);
        pp_name_normalize(v, &rn);
        npc = chips_of(peer, pc, MAX_CHIPS);
        nrc = chips_of(v, rc, MAX_CHIPS);
        if ((rn.len && strstr(pp_buf_cstr(&pn), rn.ptr)) ||
            (npc && nrc && same_chips(pc, npc, rc, nrc))) {
            pp_buf_printf(&m, "the peer's '%s' is the registry's %s", peer, v);
            finding(c, "hardware.device_type", peer, v, "agrees", m.ptr);
        } else {
            pp_buf_printf(&m, "the peer names '%s', the registry %s", peer, v);
            finding(c, "hardware.device_type", peer, v, "contradicts", m.ptr);
        }
    }
    pp_buf_dispose(&pn);
    pp_buf_dispose(&rn);
    pp_buf_dispose(&m);
}

/* Days since 0000-03-01 of "YYYY-MM-DD" (or YYYY-MM, YYYY: the first day);
 * -1 when not a date.  *parts: 1 year, 2 month, 3 day. */
static long day_number(const char *s, int *parts)
{
    int y = 0, m = 1, d = 1, n = 0;
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    n = sscanf(s, "%4d-%2d-%2d", &y, &m, &d);
    if (n < 1 || m < 1 || m > 12 || d < 1 || d > 31)
        return -1;
    *parts = n;
    if (m <= 2)
        y--, m += 12;
    return 365L * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + d -
           1;
}

static void compare_date(struct row_ctx *c, const cJSON *doc, const char *peer)
{
    static const char *const keys[] = {"report", "announced", "weights"};
    const cJSON *dates = pp_json_get(doc, "dates");
    const char *key = NULL, *reg = NULL;
    pp_buf field = PP_BUF_INIT, m = PP_BUF_INIT;
    int pp_ = 0, rp = 0;
    long pd, rd;
    for (size_t i = 0; i < 3 && !reg; i++)
        if ((reg = pp_json_str(dates, keys[i], NULL)))
            key = keys[i];
    if (!peer || !*peer || !reg) {
        if ((peer && *peer) || reg) {
            pp_buf_printf(&field, "dates.%s", key ? key : "report");
            finding(c, field.ptr, peer && *peer ? peer : NULL, reg,
                    "unverifiable",
                    reg ? "the peer gives no publication date"
                        : "the registry has no date");
        }
        pp_buf_dispose(&field);
        return;
    }
    pp_buf_printf(&field, "dates.%s", key);
    pd = day_number(peer, &pp_);
    rd = day_number(reg, &rp);
    if (pd < 0) {
        finding(c, field.ptr, peer, reg, "unverifiable",
                "the peer's date is not a date");
    } else if (rp == 1 || pp_ == 1) {
        int py = 0, ry = 0;
        sscanf(peer, "%4d", &py);
        sscanf(reg, "%4d", &ry);
        if (py == ry) {
            pp_buf_printf(&m, "the same year (the registry gives only %s)",
                          reg);
            finding(c, field.ptr, peer, reg, "agrees", m.ptr);
        } else if (abs(py - ry) == 1) {
            pp_buf_printf(&m,
                          "a year apart: a %s date and a publication "
                          "date can straddle a new year",
                          key);
            finding(c, field.ptr, peer, reg, "differs", m.ptr);
        } else {
            pp_buf_printf(&m, "%d years apart", abs(py - ry));
            finding(c, field.ptr, peer, reg, "contradicts", m.ptr);
        }
    } else {
        long gap = labs(pd - rd);
        if (gap <= (rp == 2 || pp_ == 2 ? 31 : 7)) {
            finding(c, field.ptr, peer, reg, "agrees", "the same date");
        } else if (gap <= 120) {
            pp_buf_printf(&m,
                          "%ld days apart: the peer's publication date "
                          "and the registry's %s date are different events",
                          gap, key);
            finding(c, field.ptr, peer, reg, "differs", m.ptr);
        } else {
            pp_buf_printf(&m, "%ld days apart", gap);
            finding(c, field.ptr, peer, reg, "contradicts", m.ptr);
        }
    }
    pp_buf_dispose(&field);
    pp_buf_dispose(&m);
}

/* ---- matching ------------------------------------------------------------ */

/* Short aliases ("K2", "V3") are for people at a shell; a peer database
 * names models in full, and "K2" there may be another lab's model. */
#define MIN_ALIAS 5

static int names_match(const char *row, const cJSON *doc)
{
    pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT;
    const cJSON *al;
    int hit = 0;
    pp_name_normalize(row, &a);
    if (a.len == 0)
        goto done;
    pp_name_normalize(pp_json_str(doc, "name", ""), &b);
    hit = !strcmp(a.ptr, pp_buf_cstr(&b));
    pp_name_normalize(pp_json_str(doc, "id", ""), &b);
    hit |= !strcmp(a.ptr, pp_buf_cstr(&b));
    cJSON_ArrayForEach(al, pp_json_get(doc, "aliases"))
    {
        if (!cJSON_IsString(al))
            continue;
        pp_name_normalize(al->valuestring, &b);
        hit |= b.len >= MIN_ALIAS && !strcmp(a.ptr, b.ptr);
    }
done:
    pp_buf_dispose(&a);
    pp_buf_dispose(&b);
    return hit;
}

/* The one passport the row names: its index, -1 none, -2 several (their
 * ids into `which`). */
static long match(const char *model, const cJSON *const *docs, size_t n,
                  pp_buf *which)
{
    long hit = -1;
    for (size_t i = 0; i < n; i++) {
        if (!names_match(model, docs[i]))
            continue;
        pp_buf_printf(which, "%s%s", which->len ? ", " : "",
                      pp_json_str(docs[i], "id", NULL));
        hit = hit == -1 ? (long)i : -2;
    }
    return hit;
}

/* A peer's preview of a run: "Kimi K2 (preview)", the parenthesis only;
 * "o1-preview" or "Gemini 2.5 Pro Preview" are names of their own.
 * Returns the length of the name before the tag, or 0. */
static size_t preview_base(const char *model)
{
    static const char tag[] = "(preview)";
    size_t n = strlen(model), k = sizeof tag - 1;
    while (n && model[n - 1] == ' ')
        n--;
    if (n <= k)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (tolower((unsigned char)model[n - k + i]) != tag[i])
            return 0;
    n -= k;
    while (n && model[n - 1] == ' ')
        n--;
    return n;
}

/* match(), then for a preview row the run it previews: *preview set. */
static long match_row(const char *model, const cJSON *const *docs, size_t n,
                      pp_buf *which, int *preview)
{
    long hit = match(model, docs, n, which);
    size_t base = hit == -1 ? preview_base(model) : 0;
    *preview = 0;
    if (base) {
        pp_buf b = PP_BUF_INIT;
        pp_buf_put(&b, model, base);
        hit = match(pp_buf_cstr(&b), docs, n, which);
        *preview = hit != -1;
        pp_buf_dispose(&b);
    }
    return hit;
}

struct cols {
    int model, params, compute, compute_notes, tokens, hardware, quantity, date,
        org, confidence, link;
};

static void find_cols(const pp_csv *t, struct cols *c)
{
    c->model = pp_csv_column(t, COL_MODEL);
    c->params = pp_csv_column(t, "Parameters");
    c->compute = pp_csv_column(t, "Training compute (FLOP)");
    c->compute_notes = pp_csv_column(t, "Training compute notes");
    c->tokens = pp_csv_column(t, "Training dataset size (total)");
    c->hardware = pp_csv_column(t, "Training hardware");
    c->quantity = pp_csv_column(t, "Hardware quantity");
    c->date = pp_csv_column(t, "Publication date");
    c->org = pp_csv_column(t, "Organization");
    c->confidence = pp_csv_column(t, "Confidence");
    c->link = pp_csv_column(t, "Link");
}

/* A row of the crosscheck: the row's name matched, its findings made. */
static cJSON *crosscheck_row(const pp_csv *t, const struct cols *col,
                             size_t number, const cJSON *const *docs, size_t n,
                             double *counts, size_t *matched)
{
    const char *model = pp_csv_field(t, 0, col->model);
    cJSON *row = cJSON_CreateObject();
    pp_buf which = PP_BUF_INIT;
    int preview = 0;
    long hit = match_row(model, docs, n, &which, &preview);
    struct row_ctx c;
    cJSON_AddNumberToObject(row, "row", (double)number);
    cJSON_AddNumberToObject(row, "line", (double)pp_csv_line(t, 0));
    cJSON_AddStringToObject(row, "model", model);
    c.findings = cJSON_CreateArray();
    c.counts = counts;
    if (hit < 0) {
        cJSON_AddNullToObject(row, "passport");
        cJSON_AddStringToObject(
            row, "message",
            hit == -2 ? preview ? "ambiguous: the name of the run this "
                                  "previews fits several passports; no "
                                  "comparison"
                                : "ambiguous: the name fits several "
                                  "passports; no comparison"
                      : "no passport for this model (a different "
                        "version, variant or size is another run)");
        if (hit == -2)
            cJSON_AddStringToObject(row, "candidates", which.ptr);
    } else {
        const cJSON *doc = docs[hit];
        struct figure p;
        (*matched)++;
        cJSON_AddStringToObject(row, "passport", pp_json_str(doc, "id", NULL));
        if (preview)
            cJSON_AddStringToObject(row, "message",
                                    "a preview of the run this passport "
                                    "describes");
        p = peer_number(pp_csv_field(t, 0, col->params));
        compare_count(&c, doc, "params.total", "total parameters", &p,
                      pp_csv_field(t, 0, col->params));
        p = peer_number(pp_csv_field(t, 0, col->compute));
        compare_compute(&c, doc, &p, pp_csv_field(t, 0, col->compute_notes));
        p = peer_number(pp_csv_field(t, 0, col->tokens));
        compare_count(&c, doc, "training.tokens", "training tokens", &p,
                      pp_csv_field(t, 0, col->tokens));
        p = peer_number(pp_csv_field(t, 0, col->quantity));
        compare_count(&c, doc, "hardware.devices", "devices", &p,
                      pp_csv_field(t, 0, col->quantity));
        compare_device(&c, doc, pp_csv_field(t, 0, col->hardware));
        compare_date(&c, doc, pp_csv_field(t, 0, col->date));
    }
    cJSON_AddItemToObject(row, "findings", c.findings);
    pp_buf_dispose(&which);
    return row;
}

/* One row for people: its passport, or why none, its findings indented. */
static void row_text(pp_buf *o, const cJSON *row)
{
    const cJSON *f, *id = pp_json_get(row, "passport");
    const cJSON *msg = pp_json_get(row, "message");
    pp_buf_printf(o, "row %d (line %d): %s", pp_json_get(row, "row")->valueint,
                  pp_json_get(row, "line")->valueint,
                  pp_json_get(row, "model")->valuestring);
    if (cJSON_IsString(id)) {
        pp_buf_printf(o, " = %s%s%s\n", id->valuestring,
                      cJSON_IsString(msg) ? ": " : "",
                      cJSON_IsString(msg) ? msg->valuestring : "");
    } else {
        const cJSON *cand = pp_json_get(row, "candidates");
        pp_buf_printf(o, ": %s%s%s\n", msg->valuestring,
                      cJSON_IsString(cand) ? ": " : "",
                      cJSON_IsString(cand) ? cand->valuestring : "");
    }
    cJSON_ArrayForEach(f, pp_json_get(row, "findings"))
    {
        pp_buf_printf(o, "  %s: %s: %s [%s]\n",
                      pp_json_get(f, "field")->valuestring,
                      pp_json_get(f, "verdict")->valuestring,
                      pp_json_get(f, "message")->valuestring,
                      pp_json_get(f, "severity")->valuestring);
    }
}

/* Append `node`'s canonical text with every line but the first indented
 * by `indent` spaces and no final newline: a member of the document being
 * written a piece at a time (a JSON string holds no raw line break). */
static void json_indented(pp_buf *o, const cJSON *node, int indent)
{
    pp_buf t = PP_BUF_INIT;
    pp_json_write_canonical(&t, node, NULL);
    for (size_t i = 0; i + 1 < t.len; i++) {
        pp_buf_putc(o, t.ptr[i]);
        if (t.ptr[i] == '\n')
            pp_buf_printf(o, "%*s", indent, "");
    }
    pp_buf_dispose(&t);
}

/* Hand what is written to the caller once it is this big. */
#define OUT_CHUNK ((size_t)64 << 10)

static int hand_over(pp_buf *o, pp_epoch_write write, void *ctx, int last)
{
    int rc = 0;
    if (o->len && (last || o->len >= OUT_CHUNK)) {
        rc = write(ctx, o->ptr, o->len);
        pp_buf_clear(o);
    }
    return rc < 0 ? rc : 0;
}

int pp_epoch_crosscheck(pp_csv_reader *r, const cJSON *const *docs, size_t n,
                        int json, pp_epoch_write write, void *ctx,
                        cJSON **summary)
{
    struct cols col;
    cJSON *sum = NULL;
    pp_buf o = PP_BUF_INIT;
    size_t matched = 0, rows = 0;
    double counts[4] = {0, 0, 0, 0};
    int rc;
    *summary = NULL;
    find_cols(pp_csv_reader_table(r), &col);
    if (col.model < 0)
        return pp_error_set(PP_EINVALID,
                            "%s: the file has no '%s' column; is it "
                            "Epoch AI's models CSV?",
                            pp_csv_reader_name(r), COL_MODEL);
    if (json)
        pp_buf_puts(&o, "{\n  \"rows\": [");
    while ((rc = pp_csv_reader_next(r)) > 0) {
        cJSON *row = crosscheck_row(pp_csv_reader_table(r), &col, ++rows, docs,
                                    n, counts, &matched);
        if (json) {
            pp_buf_puts(&o, rows > 1 ? ",\n    " : "\n    ");
            json_indented(&o, row, 4);
        } else {
            row_text(&o, row);
        }
        cJSON_Delete(row);
        if ((rc = hand_over(&o, write, ctx, 0)) < 0)
            goto done;
    }
    if (rc < 0) {
        /* a pipe's malformed row: the rows before it stand, all of them */
        int wrc = hand_over(&o, write, ctx, 1);
        rc = wrc < 0 ? wrc : rc;
        goto done;
    }
    sum = cJSON_CreateObject();
    cJSON_AddNumberToObject(sum, "rows", (double)rows);
    for (size_t i = 0; i < 4; i++)
        cJSON_AddNumberToObject(sum, verdicts[i], counts[i]);
    cJSON_AddNumberToObject(sum, "matched", (double)matched);
    cJSON_AddNumberToObject(sum, "unmatched", (double)(rows - matched));
    if (json) {
        pp_buf_puts(&o,
                    rows ? "\n  ],\n  \"summary\": " : "],\n  \"summary\": ");
        json_indented(&o, sum, 2);
        pp_buf_puts(&o, "\n}\n");
    } else {
        pp_buf_printf(&o,
                      "%zu rows: %zu matched, %zu without a passport; "
                      "comparisons: %.0f agree, %.0f differ, %.0f "
                      "contradict, %.0f unverifiable\n",
                      rows, matched, rows - matched, counts[0], counts[1],
                      counts[2], counts[3]);
    }
    if ((rc = hand_over(&o, write, ctx, 1)) < 0)
        goto done;
    *summary = sum;
    sum = NULL;
done:
    cJSON_Delete(sum);
    pp_buf_dispose(&o);
    return rc;
}

/* ---- leads --------------------------------------------------------------- */

static void slug(pp_buf *b, const char *model)
{
    int dash = 0;
    for (const unsigned char *p = (const unsigned char *)model; *p; p++) {
        if (isalnum(*p)) {
            if (dash && b->len)
                pp_buf_putc(b, '-');
            pp_buf_putc(b, (char)tolower(*p));
            dash = 0;
        } else {
            dash = 1;
        }
        if (b->len >= 56)
            break;
    }
}

static void lead_fact(cJSON *facts, const char *name, const struct figure *f,
                      const char *unit, const char *row_section)
{
    cJSON *ev, *e;
    char reported[64];
    if (!f->has)
        return;
    snprintf(reported, sizeof reported, "%s", f->shown ? f->shown : "");
    reported[strcspn(reported, "\r\n")] = '\0';
    ev = pp_fact_add_number(facts, name, f->v, unit, "=", f->sig, reported);
    e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "source", "epoch-ai-models");
    cJSON_AddStringToObject(e, "section", row_section);
    cJSON_AddStringToObject(e, "level", "reported");
    cJSON_AddStringToObject(e, "provenance", "lead");
    cJSON_AddStringToObject(e, "note",
                            "a peer database's figure: a lead "
                            "to check against the run's own "
                            "report, never evidence");
    cJSON_AddItemToArray(ev, e);
}

int pp_epoch_leads(const pp_csv *t, const cJSON *const *docs, size_t n,
                   const char *file_label, cJSON *out, size_t *skipped)
{
    struct cols col;
    *skipped = 0;
    find_cols(t, &col);
    if (col.model < 0)
        return pp_error_set(PP_EINVALID,
                            "the file has no '%s' column; is it "
                            "Epoch AI's models CSV?",
                            COL_MODEL);
    for (size_t r = 0; r < pp_csv_rows(t); r++) {
        const char *model = pp_csv_field(t, r, col.model);
        pp_buf which = PP_BUF_INIT, id = PP_BUF_INIT, sec = PP_BUF_INIT;
        pp_buf title = PP_BUF_INIT;
        struct figure params, tokens, compute, devices;
        cJSON *doc, *sources, *s, *facts;
        long hit = match(model, docs, n, &which);
        pp_buf_dispose(&which);
        params = peer_number(pp_csv_field(t, r, col.params));
        tokens = peer_number(pp_csv_field(t, r, col.tokens));
        compute = peer_number(pp_csv_field(t, r, col.compute));
        devices = peer_number(pp_csv_field(t, r, col.quantity));
        params.shown = pp_csv_field(t, r, col.params);
        tokens.shown = pp_csv_field(t, r, col.tokens);
        compute.shown = pp_csv_field(t, r, col.compute);
        devices.shown = pp_csv_field(t, r, col.quantity);
        slug(&id, model);
        if (hit != -1 || id.len == 0 || !isalnum((unsigned char)id.ptr[0]))
            goto next;
        if (!params.has && !tokens.has && !compute.has && !devices.has) {
            (*skipped)++;
            goto next;
        }
        pp_buf_printf(&sec, "row %zu (line %zu)", r + 1, pp_csv_line(t, r));
        pp_buf_printf(&title, "Epoch AI, AI Models database: %s", file_label);
        doc = cJSON_CreateObject();
        cJSON_AddNumberToObject(doc, "format", PP_PASSPORT_FORMAT);
        cJSON_AddStringToObject(doc, "id", id.ptr);
        cJSON_AddStringToObject(doc, "name", model);
        cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "aliases"),
                             cJSON_CreateString(model));
        cJSON_AddStringToObject(doc, "developer",
                                *pp_csv_field(t, r, col.org)
                                    ? pp_csv_field(t, r, col.org)
                                    : "not given by the peer");
        cJSON_AddStringToObject(doc, "kind", "run");
        cJSON_AddStringToObject(doc, "summary",
                                "Lead from a peer database, not yet "
                                "curated: every figure is the peer's and "
                                "must be checked against the run's own "
                                "report before it becomes a fact.");
        sources = cJSON_AddArrayToObject(doc, "sources");
        s = cJSON_CreateObject();
        cJSON_AddStringToObject(s, "id", "epoch-ai-models");
        cJSON_AddStringToObject(s, "kind", "lead");
        cJSON_AddStringToObject(s, "priority", "lead");
        cJSON_AddStringToObject(s, "title", title.ptr);
        cJSON_AddStringToObject(s, "note", sec.ptr);
        cJSON_AddItemToArray(sources, s);
        facts = pp_facts_add(doc);
        lead_fact(facts, "params.total", &params, "param", sec.ptr);
        lead_fact(facts, "training.tokens", &tokens, "token", sec.ptr);
        lead_fact(facts, "compute.training", &compute, "FLOP", sec.ptr);
        lead_fact(facts, "hardware.devices", &devices, "device", sec.ptr);
        cJSON_AddItemToArray(out, doc);
    next:
        pp_buf_dispose(&id);
        pp_buf_dispose(&sec);
        pp_buf_dispose(&title);
    }
    return 0;
}

/* ---- export -------------------------------------------------------------- */

static void csv_number(pp_buf *o, const struct figure *f)
{
    char buf[32];
    if (!f->has)
        return;
    pp_num_canonical(f->v, buf);
    pp_buf_puts(o, buf);
}

/* Epoch keeps one confidence label per row; ours is per fact.  The row's
 * label is the weakest of its figures' primary evidence. */
static const char *confidence(const cJSON *doc)
{
    static const char *const names[] = {"params.total", "params.active",
                                        "training.tokens", "compute.training"};
    int worst = 3, any = 0; /* 3 Confident, 2 Likely, 1 Speculative */
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const cJSON *e = cJSON_GetArrayItem(
            pp_json_get(pp_fact_get(doc, names[i]), "evidence"), 0);
        const char *lv = pp_json_str(e, "level", NULL),
                   *pv = pp_json_str(e, "provenance", NULL);
        int c;
        if (!reg_number(doc, names[i]).has || !lv)
            continue;
        any = 1;
        if (pv && !strcmp(pv, "lead"))
            c = 1;
        else if (!strcmp(lv, "fact") || !strcmp(lv, "reported"))
            c = pv && !strcmp(pv, "developer") ? 3 : 2;
        else
            c = 1;
        worst = c < worst ? c : worst;
    }
    if (!any)
        return "Unknown";
    return worst == 3 ? "Confident" : worst == 2 ? "Likely" : "Speculative";
}

int pp_epoch_export(pp_buf *o, const cJSON *const *docs, size_t n)
{
    size_t start = o->len;
    pp_buf_puts(o, "Model,Organization,Publication date,Parameters,"
                   "Parameters notes,Training compute (FLOP),"
                   "Training compute notes,Training dataset size (total),"
                   "Dataset size notes,Confidence,Training hardware,"
                   "Hardware quantity,Link\r\n");
    for (size_t i = 0; i < n; i++) {
        const cJSON *doc = docs[i], *dates, *src;
        struct figure tot = reg_number(doc, "params.total");
        struct figure act = reg_number(doc, "params.active");
        struct figure tok = reg_number(doc, "training.tokens");
        struct figure cmp = reg_number(doc, "compute.training");
        struct figure dev = reg_number(doc, "hardware.devices");
        pp_buf notes = PP_BUF_INIT, cnotes = PP_BUF_INIT;
        const char *date = NULL, *link = NULL;
        struct figure cn;
        pp_csv_cell(o, pp_json_str(doc, "name", NULL));
        pp_buf_putc(o, ',');
        pp_csv_cell(o, pp_json_str(doc, "developer", NULL));
        pp_buf_putc(o, ',');
        dates = pp_json_get(doc, "dates");
        date = pp_json_str(dates, "report", NULL)
                   ? pp_json_str(dates, "report", NULL)
                   : pp_json_str(dates, "announced", NULL);
        pp_csv_cell(o, date);
        pp_buf_putc(o, ',');
        csv_number(o, &tot);
        pp_buf_putc(o, ',');
        if (tot.has)
            pp_buf_puts(&notes, "total parameters");
        if (act.has) {
            pp_buf_puts(&notes, notes.len ? "; " : "");
            pp_buf_puts(&notes, "active parameters ");
            human(&notes, act.v, act.sig);
        }
        if (tot.has || act.has)
            pp_buf_puts(&notes, " (passport facts params.total, "
                                "params.active)");
        pp_csv_cell(o, notes.ptr);
        pp_buf_putc(o, ',');
        if (cmp.has) {
            csv_number(o, &cmp);
            pp_buf_puts(&cnotes, "stated by the source (passport fact "
                                 "compute.training)");
        } else if ((cn = compute_params(doc)).has && tok.has) {
            struct figure d = {1, six_nd(cn.v, tok.v), 0, "=", NULL};
            double na = cn.v;
            int sa = cn.sig;
            csv_number(o, &d);
            pp_buf_puts(&cnotes, "6 x ");
            human(&cnotes, na, sa);
            pp_buf_puts(&cnotes, " active parameters x ");
            human(&cnotes, tok.v, tok.sig);
            pp_buf_puts(&cnotes, " tokens (derived by passport)");
            if (strcmp(tok.qualifier, "="))
                pp_buf_printf(&cnotes,
                              "; the tokens are a bound (%s), so "
                              "is this",
                              tok.qualifier);
        }
        pp_buf_putc(o, ',');
        pp_csv_cell(o, cnotes.ptr);
        pp_buf_putc(o, ',');
        csv_number(o, &tok);
        pp_buf_putc(o, ',');
        if (tok.has && strcmp(tok.qualifier, "="))
            pp_csv_cell(o, "the source gives a bound; this is the bound");
        pp_buf_putc(o, ',');
        pp_csv_cell(o, confidence(doc));
        pp_buf_putc(o, ',');
        pp_csv_cell(o, pp_fact_text(doc, "hardware.device_type"));
        pp_buf_putc(o, ',');
        csv_number(o, &dev);
        pp_buf_putc(o, ',');
        cJSON_ArrayForEach(src, pp_json_get(doc, "sources"))
        {
            if (!link && pp_json_str(src, "url", NULL))
                link = pp_json_str(src, "url", NULL);
        }
        pp_csv_cell(o, link);
        pp_buf_puts(o, "\r\n");
        pp_buf_dispose(&notes);
        pp_buf_dispose(&cnotes);
    }
    if (o->len == start || !o->ptr)
        return pp_error_set(PP_ENOMEM, "out of memory");
    return 0;
}
