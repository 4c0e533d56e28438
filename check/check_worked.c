/*
 * check_worked.c - the claim checker: worked examples -- the fitted
 * law's losses, equal-loss solutions, written-out arithmetic and the
 * training-state memory (see check_impl.h).
 */
#define _GNU_SOURCE
#include "check_impl.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Worked examples: losses, equal-loss solutions, arithmetic          */
/* ------------------------------------------------------------------ */

/* Past white space, '$', and LaTeX spacing (\, \; \! "\ " \quad). */
static size_t skip_math_space(const struct sent *s, size_t i, size_t end)
{
    const char *t = s->low.ptr;
    while (i < end) {
        if (t[i] == ' ' || t[i] == '$' || t[i] == '\t' || t[i] == '\n')
            i++;
        else if (t[i] == '\\' && i + 1 < end && strchr(",;! ", t[i + 1]))
            i += 2;
        else if (end - i >= 6 && !memcmp(t + i, "\\qquad", 6))
            i += 6;
        else if (end - i >= 5 && !memcmp(t + i, "\\quad", 5))
            i += 5;
        else
            break;
    }
    return i;
}

/* The number that starts at byte `i`, or -1. */
static long number_at(const struct sent *s, size_t i)
{
    for (size_t k = 0; k < s->nnum; k++)
        if (s->num[k].start == i)
            return (long)k;
    return -1;
}

static int is_lower(char ch)
{
    return ch >= 'a' && ch <= 'z';
}

/* A variable at `i` of the folded text: one Latin letter not glued to
 * another ("n", not "in"), "\Delta " before it, "^{*}" or a subscript
 * after it: "n_{70}" -> "n_70", "d^{*}" -> "d*", "\Delta c" -> "dc".
 * Returns its end, or 0. */
static size_t var_at(const struct sent *s, size_t i, size_t end, char name[16])
{
    const char *t = s->low.ptr;
    size_t k = 0;
    if (end - i >= 6 && !memcmp(t + i, "\\delta", 6)) {
        i += 6;
        while (i < end && t[i] == ' ')
            i++;
        name[k++] = 'd';
    }
    if (i >= end || !is_lower(t[i]) || (i + 1 < end && is_lower(t[i + 1])) ||
        (i > 0 && is_lower(t[i - 1])))
        return 0;
    name[k++] = t[i++];
    if (end - i >= 4 && !memcmp(t + i, "^{*}", 4)) {
        name[k++] = '*';
        i += 4;
    } else if (end - i >= 2 && !memcmp(t + i, "^*", 2)) {
        name[k++] = '*';
        i += 2;
    } else if (i + 1 < end && t[i] == '_') {
        size_t j = i + 1;
        name[k++] = '_';
        if (t[j] == '{') {
            for (j++; j < end && t[j] != '}' && k < 14; j++) {
                if (!isalnum((unsigned char)t[j]) && t[j] != '*')
                    return 0;
                name[k++] = t[j];
            }
            if (j >= end || t[j] != '}')
                return 0;
            j++;
        } else if (isalnum((unsigned char)t[j])) {
            name[k++] = t[j++];
        } else {
            return 0;
        }
        i = j;
    }
    name[k] = '\0';
    return i;
}

static struct named *named_find(pp_checker *c, const char *name)
{
    for (size_t i = 0; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age <= VAR_MAX_AGE && !strcmp(c->vars[i].name, name))
            return &c->vars[i];
    return NULL;
}

static void named_set(pp_checker *c, const char *name, double v)
{
    struct named *slot = named_find(c, name);
    if (!isfinite(v))
        return;
    for (size_t i = 0; !slot && i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
        if (c->vars[i].age > VAR_MAX_AGE)
            slot = &c->vars[i];
    if (!slot) { /* all in use: the oldest goes */
        slot = &c->vars[0];
        for (size_t i = 1; i < sizeof(c->vars) / sizeof(c->vars[0]); i++)
            if (c->vars[i].age > slot->age)
                slot = &c->vars[i];
    }
    snprintf(slot->name, sizeof(slot->name), "%s", name);
    slot->v = v;
    slot->age = 0;
}

/* The value of a variable: N, D, C of the example, the fitted law's N*
 * and D* at the last budget, or a named quantity. */
static int var_value(const struct sent *s, const char *name, double *v)
{
    pp_checker *c = s->c;
    struct named *x;
    if (!strcmp(name, "n"))
        return ck_ctx_get(&c->N, v);
    if (!strcmp(name, "d"))
        return ck_ctx_get(&c->D, v);
    if (!strcmp(name, "c"))
        return ck_ctx_get(&c->C, v);
    if (!strcmp(name, "n*") || !strcmp(name, "d*")) {
        pp_law law = pp_law_default();
        double C;
        pp_optimum o;
        if (!ck_ctx_get(&c->Cstar, &C) || pp_calc_optimum(&law, C, &o) < 0) {
            pp_error_clear();
            return 0;
        }
        *v = name[0] == 'n' ? o.params : o.tokens;
        return 1;
    }
    if ((x = named_find(c, name)) != NULL) {
        *v = x->v;
        return 1;
    }
    return 0;
}

/* A small evaluator for the arithmetic of worked examples: numbers as the
 * scanner read them, variables, + - * / \cdot \times, implicit products
 * ("2(N_{70}-N_8)"), parentheses, braces and \frac{}{}.  `unc` sums the
 * relative rounding of the figures written with three or more digits
 * (shorter ones, such as 6, 2 or 70B, are taken as exact choices). */
struct ev {
    const struct sent *s;
    size_t i, end;
    int ops, vars, ok;
    double unc;
    int depth; /* nesting of (), {} and \frac: bounded by EV_MAX_DEPTH */
};

#define EV_MAX_DEPTH 16

static double ev_expr(struct ev *e);

static int ev_lit(struct ev *e, const char *w)
{
    size_t n = strlen(w);
    e->i = skip_math_space(e->s, e->i, e->end);
    if (e->end - e->i >= n && !memcmp(e->s->low.ptr + e->i, w, n)) {
        e->i += n;
        return 1;
    }
    return 0;
}

static double ev_nested(struct ev *e);

static double ev_factor(struct ev *e)
{
    const struct sent *s = e->s;
    char name[16];
    long k;
    size_t j;
    double v;
    e->i = skip_math_space(s, e->i, e->end);
    if (e->i >= e->end || e->depth >= EV_MAX_DEPTH) {
        e->ok = 0;
        return 0;
    }
    if (ev_lit(e, "\\frac")) {
        double a, b;
        if (!ev_lit(e, "{"))
            return e->ok = 0;
        a = ev_nested(e);
        if (!ev_lit(e, "}") || !ev_lit(e, "{"))
            return e->ok = 0;
        b = ev_nested(e);
        if (!ev_lit(e, "}") || b == 0)
            return e->ok = 0;
        e->ops++;
        return a / b;
    }
    if (ev_lit(e, "(")) {
        v = ev_nested(e);
        if (!ev_lit(e, ")"))
            e->ok = 0;
        return v;
    }
    if (ev_lit(e, "{")) {
        v = ev_nested(e);
        if (!ev_lit(e, "}"))
            e->ok = 0;
        return v;
    }
    if ((k = number_at(s, e->i)) >= 0 && s->num[k].end <= e->end &&
        s->num[k].unit != PP_UNIT_PERCENT &&
        /* "about 6 × 32.6B × 15.5T": an "about" is the whole product's;
         * a bound ("more than 6") is no operand */
        (!strcmp(s->num[k].qualifier, "=") ||
         !strcmp(s->num[k].qualifier, "\xE2\x89\x88"))) {
        const pp_number *n = &s->num[k];
        if (n->sig >= 3 && n->value != 0)
            e->unc += pp_half_ulp(n->value, n->sig) / fabs(n->value);
        e->i = n->end;
        return n->value;
    }
    if ((j = var_at(s, e->i, e->end, name)) != 0 && var_value(s, name, &v)) {
        e->i = j;
        e->vars++;
        return v;
    }
    return e->ok = 0;
}

static double ev_term(struct ev *e)
{
    static const char *const mul[] = {"\\cdot",   "\\times", "\xC3\x97",
                                      "\xC2\xB7", "*",       NULL};
    double v = ev_factor(e);
    while (e->ok) {
        size_t at = e->i;
        int op = 0;
        for (size_t m = 0; mul[m] && !op; m++)
            if (ev_lit(e, mul[m]))
                op = '*';
        if (!op && ev_lit(e, "/"))
            op = '/';
        if (!op) { /* an implicit product: 2(...), 2\frac{}{} */
            e->i = skip_math_space(e->s, at, e->end);
            if (e->i < e->end && (e->s->low.ptr[e->i] == '(' ||
                                  !strncmp(e->s->low.ptr + e->i, "\\frac", 5)))
                op = '*';
            else {
                e->i = at;
                break;
            }
        }
        {
            double f = ev_factor(e);
            if (op == '/' && f == 0)
                e->ok = 0;
            v = op == '*' ? v * f : v / f;
            e->ops++;
        }
    }
    return v;
}

static double ev_expr(struct ev *e)
{
    double v = ev_term(e);
    while (e->ok) {
        size_t at = e->i;
        int op = 0;
        if (ev_lit(e, "+"))
            op = '+';
        else if (ev_lit(e, "-") || ev_lit(e, "\xE2\x88\x92"))
            op = '-';
        if (!op) {
            e->i = at;
            break;
        }
        v = op == '+' ? v + ev_term(e) : v - ev_term(e);
        e->ops++;
    }
    return v;
}

/* A bracketed expression, one level deeper. */
static double ev_nested(struct ev *e)
{
    double v;
    e->depth++;
    v = ev_expr(e);
    e->depth--;
    return v;
}

/* Evaluate [from, to) of the sentence entirely; 1 when it is arithmetic
 * (an operator or a variable) that evaluates. */
static int evaluate(const struct sent *s, size_t from, size_t to, double *v,
                    double *unc)
{
    struct ev e = {s, from, to, 0, 0, 1, 0, 0};
    *v = ev_expr(&e);
    e.i = skip_math_space(s, e.i, to);
    while (e.i < to && (s->low.ptr[e.i] == ',' || s->low.ptr[e.i] == '.'))
        e.i = skip_math_space(s, e.i + 1, to);
    if (!e.ok || e.i != to || !isfinite(*v) || (e.ops == 0 && e.vars == 0))
        return 0;
    *unc = e.unc;
    return 1;
}

/* An argument of L(N, D): a figure, a variable or arithmetic. */
static int evaluate_arg(const struct sent *s, size_t from, size_t to, double *v)
{
    struct ev e = {s, from, to, 0, 0, 1, 0, 0};
    *v = ev_expr(&e);
    return e.ok && skip_math_space(s, e.i, to) == to && isfinite(*v) && *v > 0;
}

/* A relation sign at `i`: '=' (not part of <=, >=, !=, ==) or \approx
 * or U+2248; its length, or 0. */
static size_t relation_at(const struct sent *s, size_t i)
{
    const char *t = s->low.ptr;
    if (t[i] == '=')
        return (i > 0 && strchr("<>!=", t[i - 1])) ||
                       (i + 1 < s->len && t[i + 1] == '=')
                   ? 0
                   : 1;
    if (s->len - i >= 7 && !memcmp(t + i, "\\approx", 7))
        return 7;
    if (s->len - i >= 3 && !memcmp(t + i, "\xE2\x89\x88", 3))
        return 3;
    return 0;
}

/* Check figure `i` against an exactly computed `value` whose own
 * uncertainty is `unc` (relative): the figure's rounding decides. */
static void check_exact(struct sent *s, size_t i, const char *attr,
                        double value, double unc, const char *how)
{
    const pp_number *n = &s->num[i];
    pp_range claim = num_range(n);
    pp_range calc = {value - fabs(value) * (unc + 1e-12),
                     value + fabs(value) * (unc + 1e-12), 1, 1};
    pp_buf e = PP_BUF_INIT;
    s->used[i] = 1;
    pp_buf_printf(&e, "%.*g", n->sig + 2 > 17 ? 17 : n->sig + 2, value);
    ck_recomputed(s, n, attr, value, pp_range_meet(claim, calc), e.ptr, how);
    pp_buf_dispose(&e);
}

/* The unused figure right after a relation sign at or after `i` (past
 * math spacing), or -1. */
static long figure_after_relation(const struct sent *s, size_t i)
{
    size_t r;
    long k;
    i = skip_math_space(s, i, s->len);
    if (i >= s->len || (r = relation_at(s, i)) == 0)
        return -1;
    i = skip_math_space(s, i + r, s->len);
    k = number_at(s, i);
    return k >= 0 && !s->used[k] ? k : -1;
}

static void loss_seen(pp_checker *c, double L)
{
    c->L2 = c->L1;
    ck_ctx_set(&c->L1, L);
}

/* "L(8.03B, 15T) = 1.948310" at `i` (the 'l' before the parenthesis):
 * the fitted law's loss at a point, checked against the figure after it;
 * "L(70B, D_{70}) = L_t" is remembered, to be solved when D_{70} is
 * given.  Returns where the scan of the sentence goes on. */
static size_t loss_at(struct sent *s, size_t i)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    const char *t = s->low.ptr;
    size_t a = i + 2, comma = 0, close = 0;
    int depth = 0;
    long k;
    double L, N, D;
    for (size_t j = a; j < s->len && !close; j++) {
        if (t[j] == '(' || t[j] == '{')
            depth++;
        else if ((t[j] == ')' || t[j] == '}') && depth > 0)
            depth--;
        else if (t[j] == ')')
            close = j;
        else if (t[j] == ',' && depth == 0 && !comma)
            comma = j;
    }
    if (!comma || !close)
        return i;
    if (!evaluate_arg(s, a, comma, &N) ||
        !evaluate_arg(s, comma + 1, close, &D)) {
        /* "L(70B, D_{70}) = L_t": remember what to solve */
        char name[16];
        size_t j = skip_math_space(s, comma + 1, close), e2;
        if (evaluate_arg(s, a, comma, &N) &&
            (e2 = var_at(s, j, close, name)) != 0 &&
            skip_math_space(s, e2, close) == close && name[0] == 'd') {
            snprintf(c->solve.name, sizeof(c->solve.name), "%s", name);
            c->solve.params = N;
            c->solve.age = 0;
        }
        return i;
    }
    if (pp_calc_loss(&law, N, D, &L) < 0) {
        pp_error_clear();
        return i;
    }
    loss_seen(c, L);
    if ((k = figure_after_relation(s, close + 1)) >= 0)
        check_exact(s, (size_t)k, "derived.loss", L, 0,
                    "the fitted law's L(N, D)");
    return close;
}

/* "L_t = 1.948310" at `i`: a target loss, the loss of the example's N, D
 * or of a scenario pair when they are known, else taken as written with
 * its rounding. */
static void target_loss(struct sent *s, size_t i)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    const char *t = s->low.ptr;
    size_t e2 = i + (t[i + 2] == '{' ? 5 : 3);
    double L, N, D;
    long k;
    int have;
    if ((k = figure_after_relation(s, e2)) < 0)
        return;
    have = (ck_ctx_get(&c->N, &N) && ck_ctx_get(&c->D, &D)) ||
           (ck_ctx_get(&c->PN, &N) && ck_ctx_get(&c->PD, &D));
    if (have && pp_calc_loss(&law, N, D, &L) == 0) {
        check_exact(s, (size_t)k, "derived.loss", L, 0,
                    "the fitted law's L(N, D) of the example");
        ck_ctx_set(&c->Lt, L);
        c->Lt_half = 0;
    } else { /* taken as written, with its rounding */
        ck_ctx_set(&c->Lt, s->num[k].value);
        c->Lt_half = pp_half_ulp(s->num[k].value, s->num[k].sig);
    }
    pp_error_clear();
}

/* "\Delta L \approx 0.025804": the gap between the last two losses. */
static void loss_gaps(struct sent *s)
{
    pp_checker *c = s->c;
    const char *t = s->low.ptr;
    for (size_t i = 0; i + 8 < s->len; i++) {
        double a, b;
        long k;
        size_t j;
        if (memcmp(t + i, "\\delta", 6))
            continue;
        j = i + 6;
        while (j < s->len && t[j] == ' ')
            j++;
        if (j >= s->len || t[j] != 'l' ||
            (j + 1 < s->len && isalpha((unsigned char)t[j + 1])))
            continue;
        if ((k = figure_after_relation(s, j + 1)) >= 0 &&
            ck_ctx_get(&c->L1, &a) && ck_ctx_get(&c->L2, &b))
            check_exact(s, (size_t)k, "derived.loss_gap", fabs(b - a), 0,
                        "the gap between the two fitted losses");
    }
}

/* "L(8.03B, 15T) = 1.948310", "L(N^{*}, D^{*}) = ...", "L_t = ...",
 * "\Delta L \approx ...", and "L(70B, D_{70}) = L_t" (to be solved),
 * in a text that spoke of the fitted law in the last sentences. */
void ck_derived_losses(struct sent *s)
{
    pp_checker *c = s->c;
    const char *t = s->low.ptr;
    ck_bind(s, "loss-words");
    if (lex_near(s, 0, s->len, CK_LEX_LAW) || c->Cstar.age == 0)
        c->law.age = 0;
    if (c->law.age > VAR_MAX_AGE)
        return;
    for (size_t i = 0; i + 2 < s->len; i++) {
        if (t[i] != 'l' || (i > 0 && isalpha((unsigned char)t[i - 1])))
            continue;
        if (t[i + 1] == '(') /* L(N, D) */
            i = loss_at(s, i);
        else if (!strncmp(t + i + 1, "_t", 2) || !strncmp(t + i + 1, "_{t}", 4))
            target_loss(s, i);
    }
    loss_gaps(s);
}

/* Is figure k the whole right-hand side: nothing but a relation, an end
 * of sentence or of formula, or prose after it? */
static int terminal_figure(const struct sent *s, long k)
{
    size_t j;
    if (k < 0)
        return 0;
    j = skip_math_space(s, s->num[k].end, s->len);
    return j >= s->len || relation_at(s, j) || strchr(",.;:)", s->low.ptr[j]) ||
           !strncmp(s->low.ptr + j, "\\text", 5) ||
           (unsigned char)s->low.ptr[j] >= 0x80 ||
           (isalpha((unsigned char)s->low.ptr[j]) && j + 1 < s->len &&
            isalpha((unsigned char)s->low.ptr[j + 1]));
}

/* "$N_{70}=70$ B": a magnitude letter typeset after the formula. */
static double typeset_magnitude(const struct sent *s, const pp_number *n)
{
    size_t j = n->end;
    if (n->magnitude)
        return 1;
    while (j < s->len && (s->text[j] == '$' || s->text[j] == ' '))
        j++;
    if (j == n->end || j >= s->len || !strchr("KMBT", s->text[j]) ||
        (j + 1 < s->len && isalpha((unsigned char)s->text[j + 1])))
        return 1;
    return s->text[j] == 'K'   ? 1e3
           : s->text[j] == 'M' ? 1e6
           : s->text[j] == 'B' ? 1e9
                               : 1e12;
}

/* The left-hand side of a relation: the longest tail of [lo, rel) that is
 * arithmetic (2) or one variable (1), starting at a space, '$', ':' or
 * '(' -- the whole segment when it is a middle of a chain. */
/* Does an operator (×, ·, \\cdot, *, /, +, ^, a spaced x) end the text
 * in [lo, a), spaces and dollars aside ("more than 6 × 32.6B × 15.5T":
 * the arithmetic read from "32.6B" on is
 * a part of a product whose first operand it could not read)? */
static int operator_before(const struct sent *s, size_t lo, size_t a)
{
    static const char *const ops[] = {"\xC3\x97", "\xC2\xB7", "\\cdot",
                                      "\\times",  "*",        "/",
                                      "+",        "^",        " x",
                                      NULL};
    while (a > lo && (s->low.ptr[a - 1] == ' ' || s->low.ptr[a - 1] == '$'))
        a--;
    for (const char *const *o = ops; *o; o++) {
        size_t n = strlen(*o);
        if (a >= lo + n && !memcmp(s->low.ptr + a - n, *o, n))
            return 1;
    }
    return 0;
}

static int tail_lhs(const struct sent *s, size_t lo, size_t rel, double *v,
                    double *unc, char name[16])
{
    size_t from = rel > lo + 96 ? rel - 96 : lo;
    name[0] = '\0';
    for (size_t a = from; a < rel; a++) {
        size_t e;
        if (a > lo && !strchr(" $:(\t\n", s->low.ptr[a - 1]))
            continue;
        if ((e = var_at(s, skip_math_space(s, a, rel), rel, name)) != 0 &&
            skip_math_space(s, e, rel) == rel)
            return 2; /* a variable being defined */
        name[0] = '\0';
        if (evaluate(s, a, rel, v, unc))
            return operator_before(s, lo, a) ? 0 : 1;
    }
    return 0;
}

/* Chains of relations, "C_{70} = 6\cdot70B\cdot D_{70} = 4.59491e23" or
 * "\frac{2.63209e23}{1.2394e11} = 2.12368e12" or "2.25/0.4 = 5.625": the
 * figure after a relation is recomputed from the arithmetic before it.  A
 * named variable on the left keeps the value for the sentences after;
 * "D_{70} = ..." after "L(70B, D_{70}) = L_t" is solved with the law. */
/* `name` = figure k, the end of a chain: "D_{70} = ..." after
 * "L(70B, D_{70}) = L_t" is solved with the law first. */
static void assign_named(struct sent *s, const char *name, long k)
{
    pp_checker *c = s->c;
    pp_law law = pp_law_default();
    if (name[1] == '\0' || (name[1] == '*' && name[2] == '\0'))
        return; /* N, D, C, N*, D*: handled above */
    if (!strcmp(name, c->solve.name) && c->solve.age <= VAR_MAX_AGE &&
        !s->used[k]) {
        double Lt = c->Lt.v, D, lo, hi;
        if (c->Lt.age <= VAR_MAX_AGE &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt, &D) == 0 &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt + c->Lt_half,
                                    &lo) == 0 &&
            pp_calc_tokens_for_loss(&law, c->solve.params, Lt - c->Lt_half,
                                    &hi) == 0) {
            /* a rounded target moves the solution: its range counts */
            check_exact(s, (size_t)k, "derived.same_loss_tokens", D,
                        (hi - lo) / (2 * D),
                        "the token count that reaches the target loss");
            named_set(c, name, D);
            pp_error_clear();
            return;
        }
        pp_error_clear();
    }
    named_set(c, name, s->num[k].value * typeset_magnitude(s, &s->num[k]));
}

/* "410 + 19 + 12 = 441 billion tokens": a magnitude written once, on
 * the result, scales the whole arithmetic.  The factor (a power of a
 * thousand, or 万/亿) that brings the bare result `v` nearest the figure,
 * when the figure has a magnitude and the arithmetic is far below it;
 * else 1.  The comparison after it still decides. */
static double distributed_magnitude(const pp_number *n, double v)
{
    static const double scale[] = {1e3, 1e4, 1e6, 1e8, 1e9, 1e12};
    double best = 1, ratio;
    if (!n->magnitude || v <= 0 || n->value <= 0 ||
        (ratio = n->value / v) < 500)
        return 1;
    for (size_t i = 0; i < sizeof(scale) / sizeof(*scale); i++)
        if (fabs(log10(ratio / scale[i])) < fabs(log10(ratio / best)))
            best = scale[i];
    return fabs(log10(ratio / best)) < 0.05 ? best : 1;
}

/* Chains of relations, "C_{70} = 6\cdot70B\cdot D_{70} = 4.59491e23" or
 * "\frac{2.63209e23}{1.2394e11} = 2.12368e12" or "2.25/0.4 = 5.625": the
 * figure after a relation is recomputed from the arithmetic before it.  A
 * chain that starts with a named variable keeps its final figure for the
 * sentences after. */
void ck_derived_chains(struct sent *s)
{
    size_t rel[8], rlen[8], nrel = 0;
    char name[16] = "";
    ck_bind(s, "arithmetic-chain");
    for (size_t i = 0; i < s->len && nrel < 8; i++) {
        size_t r = relation_at(s, i);
        if (r) {
            rel[nrel] = i;
            rlen[nrel++] = r;
            i += r - 1;
        }
    }
    for (size_t j = 0; j < nrel; j++) {
        long k = figure_after_relation(s, rel[j]);
        double v = 0, unc = 0;
        char here[16];
        int lhs = tail_lhs(s, j ? rel[j - 1] + rlen[j - 1] : 0, rel[j], &v,
                           &unc, here);
        if (lhs == 2 && !name[0])
            snprintf(name, sizeof(name), "%s", here); /* a chain starts */
        if (!terminal_figure(s, k))
            continue;
        /* "\frac{112}{64} = 1.75 GB": the claim's unit scales it and the
         * arithmetic has none; nothing to compare */
        if (lhs == 1 && s->num[k].unit != PP_UNIT_BYTES)
            check_exact(s, (size_t)k, "derived.arithmetic",
                        v * distributed_magnitude(&s->num[k], v), unc,
                        "the arithmetic on its left");
        if (j + 1 < nrel &&
            skip_math_space(s, s->num[k].end, s->len) == rel[j + 1])
            continue; /* "= 7.2e23 = ..." goes on */
        if (name[0])
            assign_named(s, name, k);
        name[0] = '\0';
    }
}

/* A whole number of devices written with its unit ("16 GPUs"). */
static int devices_figure(const struct sent *s, size_t *out)
{
    for (size_t i = 0; i < s->nnum; i++)
        if (!s->used[i] && s->num[i].unit == PP_UNIT_DEVICES &&
            s->num[i].value >= 1 && s->num[i].value == floor(s->num[i].value)) {
            *out = i;
            return 1;
        }
    return 0;
}

void ck_derived_memory(struct sent *s)
{
    pp_checker *c = s->c;
    double total = 0, rank = 0;
    int fresh_total, fresh_rank;
    int stated = 0, sized = 0;
    size_t p[2];
    ck_bind(s, "memory-words");
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (n->unit == PP_UNIT_NONE && !n->magnitude && n->value >= 1 &&
            n->value <= 64 && lex_near(s, n->end, n->end + 12, CK_LEX_BYTES) &&
            lex_near(s, n->end, n->end + 40, CK_LEX_PER_PARAM)) {
            s->used[i] = 1;
            stated = 1;
            if (ck_pick(s, ck_is_params, p, 2) >= 1) {
                s->used[p[0]] = 1;
                sized = 1;
                ck_ctx_set(&c->mem_total, n->value * s->num[p[0]].value);
            }
        }
    }
    /* A ZeRO sentence with a model size and byte figures but no bytes per
     * parameter assumes the course's convention: mixed-precision AdamW,
     * 2 (weights) + 2 (grads) + 4 (master) + 4 + 4 (moments) = 16. */
    if (!stated && lex_near(s, 0, s->len, CK_LEX_ZERO) &&
        ck_pick(s, ck_is_params, p, 2) >= 1 &&
        ck_pick(s, ck_is_bytes, p + 1, 1) == 1) {
        s->used[p[0]] = 1;
        sized = 1;
        ck_ctx_set(&c->mem_total, 16 * s->num[p[0]].value);
    }
    /* "The same recipe puts Llama 2 70B at 1.12 TB" after a 7B example: a
     * run the sentence names, of a size it does not write as a figure, is
     * not the example's model */
    if (s->nent && !sized)
        return;
    fresh_total = ck_ctx_get(&c->mem_total, &total);
    fresh_rank = ck_ctx_get(&c->per_rank, &rank);
    if (!fresh_total)
        return;
    /* ZeRO-3 over R ranks in this sentence: the per-rank share */
    if (near(s, 0, s->len, "zero-3")) {
        size_t r;
        if (ck_number_before(s, LEX(RANK), &r) || devices_figure(s, &r)) {
            s->used[r] = 1;
            rank = total / s->num[r].value;
            fresh_rank = 1;
            ck_ctx_set(&c->per_rank, rank);
        }
    }
    for (size_t i = 0; i < s->nnum; i++) {
        const pp_number *n = &s->num[i];
        if (s->used[i] || n->unit != PP_UNIT_BYTES)
            continue;
        if (pp_range_meet(num_range(n),
                          (pp_range){total * 0.99, total * 1.01, 1, 1}))
            ck_check_derived(s, i, "derived.memory_total", total,
                             "bytes per parameter times parameters (16 for "
                             "mixed-precision AdamW unless stated)");
        else if (fresh_rank)
            ck_check_derived(s, i, "derived.memory_per_rank", rank,
                             "ideal ZeRO-3 sharding of the training state");
    }
}
