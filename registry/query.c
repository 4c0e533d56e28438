/*
 * query.c - the query language and read-only SQL over the index.
 *
 *   expr    := or
 *   or      := and { "or" and }
 *   and     := unary { "and" unary }
 *   unary   := "not" unary | "(" expr ")" | cond
 *   cond    := FIELD op NUMBER       params.active > 30B
 *            | FIELD op STRING       kind = "checkpoint"
 *            | FIELD "~" STRING      optimizer ~ "Muon"
 *            | FIELD "is" ["not"] ("undisclosed" | "disclosed" | "present")
 *   op      := "=" | "!=" | "<" | "<=" | ">" | ">=" | "≤" | "≥"
 *   NUMBER  := decimal or scientific, with an optional K, M, B, T suffix
 *   FIELD   := a fact of the vocabulary, or id, name, developer, kind,
 *              family, or the text groups optimizer, precision, mechanism
 *
 * The expression compiles to one SQL statement whose every value is a
 * bound parameter: nothing the user types is pasted into SQL.  Numeric
 * comparisons honour qualifiers: "more than 32T" satisfies "> 30T" and
 * ">= 32T", but neither "> 40T" nor "< 40T", since the report does not
 * say.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <sqlite3.h>

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/utf8.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#define MAX_QUERY_BYTES 4096
#define MAX_DEPTH 32
#define MAX_BINDS 256

/* ------------------------------------------------------------------ */
/* Lexer                                                              */
/* ------------------------------------------------------------------ */

enum tok { T_END, T_WORD, T_NUM, T_STR, T_OP, T_LP, T_RP };

struct lexer {
    const char *src;
    size_t pos;   /* byte offset of the next token */
    enum tok t;   /* current token */
    size_t start; /* its byte offset */
    pp_buf text;  /* its text (unquoted for strings) */
};

struct bind {
    int is_num;
    double num;
    char *str;
};

struct compiler {
    struct lexer lx;
    pp_buf sql;
    struct bind binds[MAX_BINDS];
    int nbind;
    int depth;
    char *facts[32]; /* facts the expression names, for default fields */
    int nfacts;
};

static int fail_at(struct compiler *c, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail_at(struct compiler *c, size_t off, const char *fmt, ...)
{
    pp_buf msg = PP_BUF_INIT;
    va_list ap;
    size_t col = pp_utf8_count(c->lx.src, off) + 1;
    va_start(ap, fmt);
    pp_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    pp_error_set(PP_EUSAGE, "query:1:%zu: %s\n  %s\n  %*s^", col,
                 pp_buf_cstr(&msg), c->lx.src, (int)(col - 1), "");
    pp_buf_dispose(&msg);
    return PP_EUSAGE;
}

static int next(struct compiler *c)
{
    struct lexer *lx = &c->lx;
    const char *s = lx->src;
    size_t i = lx->pos;

    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')
        i++;
    lx->start = i;
    pp_buf_clear(&lx->text);
    if (!s[i]) {
        lx->t = T_END;
    } else if (s[i] == '(' || s[i] == ')') {
        lx->t = s[i] == '(' ? T_LP : T_RP;
        pp_buf_putc(&lx->text, s[i++]);
    } else if (s[i] == '"' || s[i] == '\'') {
        char q = s[i++];
        while (s[i] && s[i] != q) {
            if (s[i] == '\\' && s[i + 1])
                i++;
            pp_buf_putc(&lx->text, s[i++]);
        }
        if (!s[i])
            return fail_at(c, lx->start, "unterminated string");
        i++;
        lx->t = T_STR;
    } else if (strchr("<>=!~", s[i])) {
        pp_buf_putc(&lx->text, s[i++]);
        if (s[i] == '=')
            pp_buf_putc(&lx->text, s[i++]);
        lx->t = T_OP;
    } else if (!strncmp(s + i, "\xE2\x89\xA4", 3) ||
               !strncmp(s + i, "\xE2\x89\xA5", 3)) { /* ≤ ≥ */
        pp_buf_puts(&lx->text, s[i + 2] == '\xA4' ? "<=" : ">=");
        i += 3;
        lx->t = T_OP;
    } else if (isdigit((unsigned char)s[i]) ||
               ((s[i] == '-' || s[i] == '.') &&
                isdigit((unsigned char)s[i + 1]))) {
        while (isalnum((unsigned char)s[i]) || s[i] == '.' ||
               ((s[i] == '-' || s[i] == '+') && i > 0 &&
                (s[i - 1] == 'e' || s[i - 1] == 'E')))
            pp_buf_putc(&lx->text, s[i++]);
        lx->t = T_NUM; /* a leading sign is part of the number */
    } else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
        /* inner hyphens too: claims.scaling-efficiency-2-5x.ratio */
        while (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' ||
               (s[i] == '-' && isalnum((unsigned char)s[i + 1])))
            pp_buf_putc(&lx->text, s[i++]);
        lx->t = T_WORD;
    } else {
        return fail_at(c, i, "unexpected character '%c'", s[i]);
    }
    lx->pos = i;
    return 0;
}

static int is_word(const struct compiler *c, const char *w)
{
    return c->lx.t == T_WORD && strcmp(pp_buf_cstr(&c->lx.text), w) == 0;
}

/* ------------------------------------------------------------------ */
/* Code generation                                                    */
/* ------------------------------------------------------------------ */

#define AT_F "f.from_seq <= ?1 AND (f.to_seq IS NULL OR f.to_seq > ?1)"
#define AT_F_PLAIN "from_seq <= ?1 AND (to_seq IS NULL OR to_seq > ?1)"

static int bind_num(struct compiler *c, double v)
{
    if (c->nbind == MAX_BINDS)
        return fail_at(c, c->lx.start, "expression too long");
    c->binds[c->nbind].is_num = 1;
    c->binds[c->nbind].num = v;
    return pp_buf_printf(&c->sql, "?%d", 2 + c->nbind++);
}

static int bind_str(struct compiler *c, const char *s)
{
    if (c->nbind == MAX_BINDS)
        return fail_at(c, c->lx.start, "expression too long");
    c->binds[c->nbind].is_num = 0;
    c->binds[c->nbind].str = strdup(s);
    return pp_buf_printf(&c->sql, "?%d", 2 + c->nbind++);
}

static const struct {
    const char *name;
    const char *like; /* keys of the group */
} groups[] = {
    {"optimizer", "optimizer/%"},
    {"precision", "precision/%"},
    {"mechanism", "stability/mechanisms/%"},
    {"stability", "stability/%"},
    {"claim", "claims/%"},
    {"boundary", "boundaries/%"},
    {"unknown", "unknowns/%"},
};

static const char *const meta_fields[] = {"id",   "name",   "developer",
                                          "kind", "family", "summary"};

static int remember_fact(struct compiler *c, const char *fact)
{
    for (int i = 0; i < c->nfacts; i++)
        if (!strcmp(c->facts[i], fact))
            return 0;
    if (c->nfacts < 32)
        c->facts[c->nfacts++] = strdup(fact);
    return 0;
}

/* EXISTS over the field rows of the current passport at ?1. */
static void exists_open(struct compiler *c)
{
    pp_buf_puts(&c->sql, "EXISTS (SELECT 1 FROM facts f WHERE f.passport = "
                         "p.passport AND " AT_F " AND ");
}

/* Write `rule` with f.num and f.qualifier read from a claim's quantity:
 * json_extract of the field's JSON at the bound paths `vref`, `qref`. */
static void put_rule(struct compiler *c, const char *rule, const char *vref,
                     const char *qref)
{
    while (*rule) {
        if (vref && !strncmp(rule, "f.num", 5)) {
            pp_buf_printf(&c->sql, "json_extract(f.value, %s)", vref);
            rule += 5;
        } else if (qref && !strncmp(rule, "f.qualifier", 11)) {
            pp_buf_printf(&c->sql, "json_extract(f.value, %s)", qref);
            rule += 11;
        } else {
            pp_buf_putc(&c->sql, *rule++);
        }
    }
}

/* Bind "$.quantities.NAME.MEMBER" and write "json_extract(f.value, ?N) IS
 * NOT NULL AND "; its ?N into ref. */
static int bind_quantity_path(struct compiler *c, const char *quantity,
                              const char *member, char ref[16])
{
    pp_buf path = PP_BUF_INIT;
    size_t mark;
    int rc;

    pp_buf_printf(&path, "$.quantities.%s.%s", quantity, member);
    pp_buf_puts(&c->sql, "json_extract(f.value, ");
    mark = c->sql.len;
    rc = bind_str(c, path.ptr);
    pp_buf_dispose(&path);
    if (rc < 0)
        return rc;
    snprintf(ref, 16, "%s", c->sql.ptr + mark);
    return pp_buf_puts(&c->sql, ") IS NOT NULL AND ");
}

/* `fact` is a fact's name, or with `quantity` set the id of the claim
 * whose quantity it is (key claims/ID). */
static int numeric_cond(struct compiler *c, const char *fact, const char *op,
                        double v, const char *quantity)
{
    char vref[16], qref[16];
    /* Intervals: = and ≈ are points; > and ≥ are lower bounds; < and ≤
     * upper bounds.  The condition holds when the whole interval does. */
    static const struct {
        const char *op;
        const char *sql;
    } rules[] = {
        {">", "((f.qualifier IN ('=','≈','≥') AND f.num > @) OR "
              "(f.qualifier = '>' AND f.num >= @))"},
        {">=", "(f.qualifier IN ('=','≈','≥','>') AND f.num >= @)"},
        {"<", "((f.qualifier IN ('=','≈','≤') AND f.num < @) OR "
              "(f.qualifier = '<' AND f.num <= @))"},
        {"<=", "(f.qualifier IN ('=','≈','≤','<') AND f.num <= @)"},
        {"=", "(f.qualifier IN ('=','≈') AND abs(f.num - @) <= 1e-9 * "
              "abs(@))"},
        {"!=", "(NOT (f.qualifier IN ('=','≈') AND abs(f.num - @) <= 1e-9 * "
               "abs(@)))"},
    };
    int rc;
    exists_open(c);
    pp_buf_puts(&c->sql, "f.key = ");
    {
        pp_buf key = PP_BUF_INIT;
        pp_buf_printf(&key, quantity ? "claims/%s" : "facts/%s", fact);
        rc = bind_str(c, key.ptr);
        pp_buf_dispose(&key);
    }
    if (rc < 0)
        return rc;
    if (quantity) {
        pp_buf_puts(&c->sql, " AND ");
        if ((rc = bind_quantity_path(c, quantity, "value", vref)) < 0 ||
            (rc = bind_quantity_path(c, quantity, "qualifier", qref)) < 0)
            return rc;
    } else {
        pp_buf_puts(&c->sql, " AND f.status = 'disclosed' AND ");
    }
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        if (strcmp(rules[i].op, op) != 0)
            continue;
        /* One parameter, referenced at every '@'. */
        if ((rc = bind_num(c, v)) < 0)
            return rc;
        {
            char ref[16];
            snprintf(ref, sizeof(ref), "?%d", 1 + c->nbind);
            c->sql.len -= strlen(ref); /* bind_num wrote it: take it back */
            c->sql.ptr[c->sql.len] = '\0';
            for (const char *p = rules[i].sql; *p; p++) {
                if (*p == '@') {
                    pp_buf_puts(&c->sql, ref);
                } else {
                    /* one character, or f.num / f.qualifier of a quantity */
                    char one[2] = {*p, '\0'};
                    if (quantity && (!strncmp(p, "f.num", 5) ||
                                     !strncmp(p, "f.qualifier", 11))) {
                        size_t n = p[2] == 'n' ? 5 : 11;
                        char word[12];
                        memcpy(word, p, n);
                        word[n] = '\0';
                        put_rule(c, word, vref, qref);
                        p += n - 1;
                    } else {
                        pp_buf_puts(&c->sql, one);
                    }
                }
            }
        }
        return pp_buf_putc(&c->sql, ')');
    }
    return fail_at(c, c->lx.start, "operator '%s' does not apply to numbers",
                   op);
}

/* The field a condition names, as written and classified. */
struct field {
    pp_buf name;                  /* as written */
    size_t at;                    /* its byte offset, for messages */
    int is_fact;                  /* a fact of the vocabulary */
    int group;                    /* an index of groups[], or -1 */
    char claim[72], quantity[40]; /* claims.ID.NAME: a claim's quantity */
};

/* 1 when `name` is claims.ID.NAME (a quantity of a claim): ID and NAME
 * copied into f. */
static int quantity_field(const char *name, struct field *f)
{
    const char *dot;
    size_t n;

    if (strncmp(name, "claims.", 7) != 0)
        return 0;
    name += 7;
    dot = strrchr(name, '.');
    if (!dot || dot == name || (n = (size_t)(dot - name)) >= sizeof(f->claim) ||
        !dot[1] || strlen(dot + 1) >= sizeof(f->quantity))
        return 0;
    for (const char *p = name; p < dot; p++)
        if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
            *p != '-')
            return 0;
    for (const char *p = dot + 1; *p; p++)
        if (!islower((unsigned char)*p) && *p != '_')
            return 0;
    memcpy(f->claim, name, n);
    f->claim[n] = '\0';
    snprintf(f->quantity, sizeof(f->quantity), "%s", dot + 1);
    return 1;
}

/* Read and classify the field name at the current token. */
static int field_name(struct compiler *c, struct field *f)
{
    const char *name;
    int is_meta = 0;

    f->at = c->lx.start;
    f->group = -1;
    if (c->lx.t != T_WORD)
        return fail_at(c, c->lx.start, "expected a field name");
    pp_buf_puts(&f->name, pp_buf_cstr(&c->lx.text));
    name = f->name.ptr;
    f->is_fact = pp_vocab_lookup(name) != NULL;
    for (size_t i = 0; i < sizeof(meta_fields) / sizeof(meta_fields[0]); i++)
        if (!strcmp(meta_fields[i], name))
            is_meta = 1;
    for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
        if (!strcmp(groups[i].name, name))
            f->group = (int)i;
    if (!f->is_fact && !is_meta && f->group < 0 && !quantity_field(name, f))
        return fail_at(c, f->at,
                       "unknown field '%s' (a fact such as "
                       "params.active, or id, name, developer, kind, family, "
                       "optimizer, precision, mechanism)",
                       name);
    return next(c);
}

/* "f.key = ?N" for the field's key ("facts/NAME" for a fact). */
static int key_equals(struct compiler *c, const struct field *f)
{
    pp_buf key = PP_BUF_INIT;
    int rc;
    pp_buf_printf(&key, f->is_fact ? "facts/%s" : "%s", f->name.ptr);
    pp_buf_puts(&c->sql, "f.key = ");
    rc = bind_str(c, key.ptr);
    pp_buf_dispose(&key);
    return rc;
}

/* FIELD "is" ["not"] ("undisclosed" | "disclosed" | "present"), at the
 * token after "is". */
static int is_cond(struct compiler *c, const struct field *f)
{
    int negate = 0, rc;

    if (is_word(c, "not")) {
        negate = 1;
        if ((rc = next(c)) < 0)
            return rc;
    }
    if (!f->is_fact)
        return fail_at(c, f->at, "'is' applies to facts only");
    if (!is_word(c, "undisclosed") && !is_word(c, "disclosed") &&
        !is_word(c, "present"))
        return fail_at(c, c->lx.start,
                       "expected undisclosed, disclosed or "
                       "present after 'is'");
    remember_fact(c, f->name.ptr);
    pp_buf_puts(&c->sql, negate ? "NOT " : "");
    exists_open(c);
    rc = key_equals(c, f);
    if (rc == 0 && !is_word(c, "present")) {
        pp_buf_puts(&c->sql, " AND f.status = ");
        rc = bind_str(c, pp_buf_cstr(&c->lx.text));
    }
    pp_buf_putc(&c->sql, ')');
    return rc < 0 ? rc : next(c);
}

/* FIELD "~" STRING, at the token after "~": the text contains it. */
static int contains_cond(struct compiler *c, const struct field *f)
{
    int rc = 0;

    if (c->lx.t != T_STR && c->lx.t != T_WORD)
        return fail_at(c, c->lx.start, "expected a quoted text after '~'");
    if (f->is_fact)
        remember_fact(c, f->name.ptr);
    exists_open(c);
    if (f->group >= 0)
        pp_buf_printf(&c->sql, "f.key LIKE '%s'", groups[f->group].like);
    else
        rc = key_equals(c, f);
    pp_buf_puts(&c->sql, " AND instr(lower(coalesce(f.text, f.value)), "
                         "lower(");
    if (rc == 0)
        rc = bind_str(c, pp_buf_cstr(&c->lx.text));
    pp_buf_puts(&c->sql, ")) > 0)");
    return rc < 0 ? rc : next(c);
}

/* FIELD op NUMBER, at the number. */
static int number_cond(struct compiler *c, const struct field *f,
                       const char *op)
{
    double v;
    int rc;

    if (f->quantity[0]) {
        if (pp_num_parse(pp_buf_cstr(&c->lx.text), "value", &v, NULL) < 0)
            return fail_at(c, c->lx.start,
                           "bad number '%s' (use 30B, 15T, "
                           "7.2e23 ...)",
                           pp_buf_cstr(&c->lx.text));
        rc = numeric_cond(c, f->claim, op, v, f->quantity);
        return rc < 0 ? rc : next(c);
    }
    if (!(f->is_fact && pp_vocab_unit(f->name.ptr)))
        return fail_at(c, f->at, "'%s' is not a numeric fact", f->name.ptr);
    if (pp_num_parse(pp_buf_cstr(&c->lx.text), "value", &v, NULL) < 0)
        return fail_at(c, c->lx.start,
                       "bad number '%s' (use 30B, 15T, "
                       "7.2e23 ...)",
                       pp_buf_cstr(&c->lx.text));
    remember_fact(c, f->name.ptr);
    rc = numeric_cond(c, f->name.ptr, op, v, NULL);
    return rc < 0 ? rc : next(c);
}

/* FIELD ("=" | "!=") STRING, at the string. */
static int text_cond(struct compiler *c, const struct field *f, const char *op,
                     size_t op_at)
{
    int rc;

    if (f->is_fact && pp_vocab_unit(f->name.ptr))
        return fail_at(c, c->lx.start,
                       "'%s' is numeric: compare it with a "
                       "number",
                       f->name.ptr);
    if (f->quantity[0])
        return fail_at(c, f->at,
                       "'%s' is a quantity of a claim: compare it with a "
                       "number",
                       f->name.ptr);
    if (strcmp(op, "=") && strcmp(op, "!="))
        return fail_at(c, op_at, "texts compare with =, != or ~ only");
    if (f->group >= 0)
        return fail_at(c, op_at, "'%s' is a group of fields: use ~",
                       f->name.ptr);
    if (f->is_fact)
        remember_fact(c, f->name.ptr);
    if (!strcmp(op, "!="))
        pp_buf_puts(&c->sql, "NOT ");
    if (!strcmp(f->name.ptr, "id")) {
        pp_buf_puts(&c->sql, "(p.passport = ");
        rc = bind_str(c, pp_buf_cstr(&c->lx.text));
        pp_buf_putc(&c->sql, ')');
    } else {
        exists_open(c);
        rc = key_equals(c, f);
        pp_buf_puts(&c->sql, " AND lower(coalesce(f.text, f.value)) = "
                             "lower(");
        if (rc == 0)
            rc = bind_str(c, pp_buf_cstr(&c->lx.text));
        pp_buf_puts(&c->sql, "))");
    }
    return rc < 0 ? rc : next(c);
}

/* FIELD op VALUE, at the operator. */
static int compare_cond(struct compiler *c, const struct field *f)
{
    static const char *const ops[] = {"=", "==", "!=", "<", "<=", ">", ">="};
    pp_buf op = PP_BUF_INIT;
    size_t op_at = c->lx.start;
    const char *o;
    int rc, known = 0;

    pp_buf_puts(&op, pp_buf_cstr(&c->lx.text));
    if ((rc = next(c)) < 0)
        goto done;
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        known |= !strcmp(op.ptr, ops[i]);
    o = !strcmp(op.ptr, "==") ? "=" : op.ptr;
    if (!strcmp(op.ptr, "~"))
        rc = contains_cond(c, f);
    else if (!known)
        rc = fail_at(c, op_at, "unknown operator '%s'", op.ptr);
    else if (c->lx.t == T_NUM)
        rc = number_cond(c, f, o);
    else if (c->lx.t == T_STR || c->lx.t == T_WORD)
        rc = text_cond(c, f, o, op_at);
    else
        rc = fail_at(c, c->lx.start, "expected a value after '%s'", op.ptr);
done:
    pp_buf_dispose(&op);
    return rc;
}

static int cond(struct compiler *c)
{
    struct field f = {PP_BUF_INIT, 0, 0, -1, "", ""};
    int rc;

    if ((rc = field_name(c, &f)) < 0)
        goto done;
    if (f.quantity[0] &&
        (c->lx.t != T_OP || !strcmp(pp_buf_cstr(&c->lx.text), "~"))) {
        rc = fail_at(c, f.at,
                     "'%s' is a quantity of a claim: compare it with a "
                     "number",
                     f.name.ptr);
        goto done;
    }
    if (is_word(c, "is")) {
        if ((rc = next(c)) == 0)
            rc = is_cond(c, &f);
    } else if (c->lx.t != T_OP) {
        rc = fail_at(c, c->lx.start,
                     "expected an operator (=, !=, <, <=, >, "
                     ">=, ~ or 'is') after '%s'",
                     f.name.ptr);
    } else {
        rc = compare_cond(c, &f);
    }
done:
    pp_buf_dispose(&f.name);
    return rc;
}

static int expr(struct compiler *c);

static int unary(struct compiler *c)
{
    int rc;
    if (++c->depth > MAX_DEPTH)
        return fail_at(c, c->lx.start, "expression nested too deeply");
    if (is_word(c, "not")) {
        if ((rc = next(c)) < 0)
            return rc;
        pp_buf_puts(&c->sql, "NOT (");
        if ((rc = unary(c)) < 0)
            return rc;
        pp_buf_putc(&c->sql, ')');
    } else if (c->lx.t == T_LP) {
        size_t open_at = c->lx.start;
        if ((rc = next(c)) < 0)
            return rc;
        pp_buf_putc(&c->sql, '(');
        if ((rc = expr(c)) < 0)
            return rc;
        if (c->lx.t != T_RP)
            return fail_at(c, c->lx.t == T_END ? c->lx.start : c->lx.start,
                           "missing ')' for the '(' at column %zu",
                           pp_utf8_count(c->lx.src, open_at) + 1);
        pp_buf_putc(&c->sql, ')');
        if ((rc = next(c)) < 0)
            return rc;
    } else {
        rc = cond(c);
        if (rc < 0)
            return rc;
    }
    c->depth--;
    return 0;
}

static int and_expr(struct compiler *c)
{
    int rc = unary(c);
    while (rc == 0 && is_word(c, "and")) {
        pp_buf_puts(&c->sql, " AND ");
        if ((rc = next(c)) == 0)
            rc = unary(c);
    }
    return rc;
}

static int expr(struct compiler *c)
{
    int rc = and_expr(c);
    while (rc == 0 && is_word(c, "or")) {
        pp_buf_puts(&c->sql, " OR ");
        if ((rc = next(c)) == 0)
            rc = and_expr(c);
    }
    return rc;
}

static void compiler_dispose(struct compiler *c)
{
    for (int i = 0; i < c->nbind; i++)
        free(c->binds[i].str);
    for (int i = 0; i < c->nfacts; i++)
        free(c->facts[i]);
    pp_buf_dispose(&c->sql);
    pp_buf_dispose(&c->lx.text);
}

/* ------------------------------------------------------------------ */
/* Running                                                            */
/* ------------------------------------------------------------------ */

/* The failure of a statement on the index's connection: PP_EDAMAGED
 * when SQLite found the file damaged (the caller rebuilds it). */
static int index_fail(sqlite3 *db)
{
    int code = sqlite3_errcode(db) & 0xff;
    return pp_error_set(code == SQLITE_CORRUPT || code == SQLITE_NOTADB
                            ? PP_EDAMAGED
                            : PP_ERROR,
                        "index: %s", sqlite3_errmsg(db));
}

/* The value of output field `name` for passport `id` into *out (null
 * when the passport has none). */
static int field_value(sqlite3_stmt *fst, long long seq, const char *id,
                       const char *name, cJSON **out)
{
    pp_buf key = PP_BUF_INIT;
    int rc = 0;
    *out = NULL;
    if (!strcmp(name, "id")) {
        *out = cJSON_CreateString(id);
        return 0;
    }
    pp_buf_printf(&key, pp_vocab_lookup(name) ? "facts/%s" : "%s", name);
    sqlite3_bind_int64(fst, 1, seq);
    sqlite3_bind_text(fst, 2, id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(fst, 3, key.ptr, -1, SQLITE_TRANSIENT);
    switch (sqlite3_step(fst)) {
    case SQLITE_ROW: {
        const char *text = (const char *)sqlite3_column_text(fst, 0);
        /* The index writes canonical JSON: what does not parse was
         * damaged on disk where SQLite could not see it. */
        if (!text || !(*out = cJSON_Parse(text)))
            rc = pp_error_set(PP_EDAMAGED, "index: a damaged field value");
        break;
    }
    case SQLITE_DONE: *out = cJSON_CreateNull(); break;
    default: rc = index_fail(sqlite3_db_handle(fst));
    }
    sqlite3_reset(fst);
    pp_buf_dispose(&key);
    return rc;
}

/* Compile expression `text` into c->sql: the passports at ?1 for which it
 * holds, in id order. */
static int compile(struct compiler *c, const char *text)
{
    int rc;
    if (strlen(text) > MAX_QUERY_BYTES)
        return pp_error_set(PP_EUSAGE, "query longer than %d bytes",
                            MAX_QUERY_BYTES);
    if (!pp_utf8_valid(text, strlen(text), NULL))
        return pp_error_set(PP_EUSAGE, "query is not valid UTF-8");
    c->lx.src = text;
    pp_buf_puts(&c->sql, "SELECT p.passport FROM passports p WHERE "
                         "p.from_seq <= ?1 AND (p.to_seq IS NULL OR "
                         "p.to_seq > ?1) AND (");
    if ((rc = next(c)) < 0 || (rc = expr(c)) < 0)
        return rc;
    if (c->lx.t != T_END)
        return fail_at(c, c->lx.start,
                       "unexpected '%s' (expected and, or "
                       "or the end)",
                       pp_buf_cstr(&c->lx.text));
    return pp_buf_puts(&c->sql, ") ORDER BY p.passport");
}

/* The output fields into `names`: the comma-separated `fields`, or id,
 * name and the facts the expression named. */
static int output_fields(const struct compiler *c, const char *fields,
                         cJSON *names)
{
    pp_buf list = PP_BUF_INIT;
    char *p;
    int rc = 0;

    if (fields && *fields) {
        pp_buf_puts(&list, fields);
    } else {
        pp_buf_puts(&list, "id,name");
        for (int i = 0; i < c->nfacts; i++)
            pp_buf_printf(&list, ",%s", c->facts[i]);
    }
    for (p = list.ptr; rc == 0 && p && *p;) {
        char *comma = strchr(p, ',');
        int ok;
        if (comma)
            *comma = '\0';
        ok = !strcmp(p, "id") || pp_vocab_lookup(p);
        for (size_t i = 0; i < sizeof(meta_fields) / sizeof(meta_fields[0]);
             i++)
            ok |= !strcmp(meta_fields[i], p);
        if (*p && !ok)
            rc = pp_error_set(PP_EUSAGE, "--fields: unknown field '%s'", p);
        else if (*p)
            cJSON_AddItemToArray(names, cJSON_CreateString(p));
        p = comma ? comma + 1 : NULL;
    }
    pp_buf_dispose(&list);
    return rc;
}

/* Run the compiled query at `seq`: a row of `names` per passport. */
static int run(pp_reg *r, const struct compiler *c, long long seq,
               const cJSON *names, cJSON *rows)
{
    sqlite3_stmt *st = NULL, *fst = NULL;
    int rc;

    if ((rc = pp_index_open(r, 1)) < 0)
        return rc;
    if (sqlite3_prepare_v2(r->db, c->sql.ptr, -1, &st, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(r->db,
                           "SELECT value FROM facts WHERE " AT_F_PLAIN
                           " AND passport = ?2 AND key = ?3",
                           -1, &fst, NULL) != SQLITE_OK) {
        rc = index_fail(r->db);
        goto done;
    }
    sqlite3_bind_int64(st, 1, seq);
    for (int i = 0; i < c->nbind; i++) {
        if (c->binds[i].is_num)
            sqlite3_bind_double(st, 2 + i, c->binds[i].num);
        else
            sqlite3_bind_text(st, 2 + i, c->binds[i].str, -1, SQLITE_TRANSIENT);
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        cJSON *row = cJSON_CreateObject(), *v;
        const cJSON *n;
        cJSON_AddItemToArray(rows, row);
        if (!id) {
            rc = pp_error_set(PP_EDAMAGED, "index: a damaged passport row");
            goto done;
        }
        cJSON_ArrayForEach(n, names)
        {
            if ((rc = field_value(fst, seq, id, n->valuestring, &v)) < 0)
                goto done;
            cJSON_AddItemToObject(row, n->valuestring, v);
        }
    }
    rc = rc == SQLITE_DONE ? 0 : index_fail(r->db);
done:
    sqlite3_finalize(st);
    sqlite3_finalize(fst);
    return rc;
}

int pp_reg_query(pp_reg *r, const pp_at *at, const char *text,
                 const char *fields, cJSON **out)
{
    struct compiler c;
    cJSON *root = cJSON_CreateObject();
    int rc;

    *out = NULL;
    memset(&c, 0, sizeof(c));
    if ((rc = compile(&c, text)) == 0 &&
        (rc = output_fields(&c, fields,
                            cJSON_AddArrayToObject(root, "fields"))) == 0) {
        rc = run(r, &c, at->seq, pp_json_get(root, "fields"),
                 cJSON_AddArrayToObject(root, "rows"));
        /* A damaged index is rebuilt from history and asked again. */
        if (rc == PP_EDAMAGED && (rc = pp_index_repair(r)) == 0) {
            cJSON_DeleteItemFromObject(root, "rows");
            rc = run(r, &c, at->seq, pp_json_get(root, "fields"),
                     cJSON_AddArrayToObject(root, "rows"));
        }
    }
    compiler_dispose(&c);
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Read-only SQL                                                      */
/* ------------------------------------------------------------------ */

/* Deny anything but reading: no ATTACH (which could open another file
 * for writing), no PRAGMA that changes state, no writes. */
static int authorizer(void *data, int action, const char *a, const char *b,
                      const char *c, const char *d)
{
    (void)data, (void)b, (void)c, (void)d;
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE: return SQLITE_OK;
    case SQLITE_PRAGMA:
        /* Only informational pragmas with no argument. */
        return b == NULL && a &&
                       (!strcmp(a, "table_info") || !strcmp(a, "table_list"))
                   ? SQLITE_OK
                   : SQLITE_DENY;
    default: return SQLITE_DENY;
    }
}

/* SQLite's own limits on one connection of `passport sql`: nothing a
 * statement of the index needs comes near them. */
static const struct {
    int id, value;
} sql_limits[] = {
    {SQLITE_LIMIT_LENGTH, PP_SQL_MAX_VALUE},
    {SQLITE_LIMIT_SQL_LENGTH, PP_SQL_MAX_STATEMENT},
    {SQLITE_LIMIT_COLUMN, 256},
    {SQLITE_LIMIT_EXPR_DEPTH, 100},
    {SQLITE_LIMIT_COMPOUND_SELECT, 64},
    {SQLITE_LIMIT_VDBE_OP, 100000},
    {SQLITE_LIMIT_FUNCTION_ARG, 32},
    {SQLITE_LIMIT_ATTACHED, 0},
    {SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 1000},
    {SQLITE_LIMIT_VARIABLE_NUMBER, 32},
    {SQLITE_LIMIT_TRIGGER_DEPTH, 1},
    {SQLITE_LIMIT_WORKER_THREADS, 0},
};

/* What the progress handler watches: the deadline and SQLite's heap. */
struct budget {
    struct timespec deadline;
    sqlite3_int64 memory_base; /* sqlite3_memory_used() at the start */
    int over;                  /* 1: time, 2: memory */
};

static int budget_check(void *data)
{
    struct budget *b = data;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > b->deadline.tv_sec || (now.tv_sec == b->deadline.tv_sec &&
                                            now.tv_nsec >= b->deadline.tv_nsec))
        b->over = 1;
    else if (sqlite3_memory_used() - b->memory_base > PP_SQL_MAX_MEMORY)
        b->over = 2;
    return b->over;
}

static void budget_start(struct budget *b, long timeout_ms)
{
    clock_gettime(CLOCK_MONOTONIC, &b->deadline);
    b->deadline.tv_sec += timeout_ms / 1000;
    b->deadline.tv_nsec += (timeout_ms % 1000) * 1000000L;
    if (b->deadline.tv_nsec >= 1000000000L) {
        b->deadline.tv_sec++;
        b->deadline.tv_nsec -= 1000000000L;
    }
    b->memory_base = sqlite3_memory_used();
    b->over = 0;
}

/* printf() and format() with a guard.  SQLite 3.40 writes "%.*c" one
 * character at a time and checks its length bound only after the whole
 * precision, so printf('%.*c', 1000000000, 'x') runs for half a minute
 * inside one step, where no progress handler is called.  The guard
 * refuses a precision of %c past the bound and hands every other call to
 * SQLite's own printf on a private in-memory connection. */
static int printf_too_wide(int argc, sqlite3_value **argv)
{
    const char *f = (const char *)sqlite3_value_text(argv[0]);
    int arg = 1;
    for (; f && *f; f++) {
        long long prec = 0;
        if (*f != '%')
            continue;
        f++;
        while (*f && strchr("-+ 0#!,", *f))
            f++;
        if (*f == '*') {
            arg++, f++;
        } else {
            while (isdigit((unsigned char)*f))
                f++;
        }
        if (*f == '.') {
            f++;
            if (*f == '*') {
                prec = arg < argc ? sqlite3_value_int64(argv[arg]) : 0;
                arg++, f++;
            } else {
                for (; isdigit((unsigned char)*f) && prec <= INT_MAX; f++)
                    prec = prec * 10 + (*f - '0');
            }
        }
        while (*f == 'l')
            f++;
        if (!*f)
            break;
        if (*f == 'c' && (prec > PP_SQL_MAX_VALUE || prec < -PP_SQL_MAX_VALUE))
            return 1;
        if (*f != '%' && *f != 'n')
            arg++;
    }
    return 0;
}

static void guarded_printf(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sqlite3 *aux = sqlite3_user_data(ctx);
    sqlite3_stmt *st = NULL;
    pp_buf sql = PP_BUF_INIT;

    if (argc == 0) {
        sqlite3_result_null(ctx);
        return;
    }
    if (printf_too_wide(argc, argv)) {
        sqlite3_result_error_toobig(ctx);
        return;
    }
    pp_buf_puts(&sql, "SELECT format(?1"); /* SQLite's own, as printf */
    for (int i = 2; i <= argc; i++)
        pp_buf_printf(&sql, ", ?%d", i);
    pp_buf_putc(&sql, ')');
    if (sqlite3_prepare_v2(aux, sql.ptr, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_result_error(ctx, sqlite3_errmsg(aux), -1);
        goto done;
    }
    for (int i = 0; i < argc; i++)
        sqlite3_bind_value(st, i + 1, argv[i]);
    if (sqlite3_step(st) == SQLITE_ROW)
        sqlite3_result_value(ctx, sqlite3_column_value(st, 0));
    else if ((sqlite3_errcode(aux) & 0xff) == SQLITE_TOOBIG)
        sqlite3_result_error_toobig(ctx);
    else
        sqlite3_result_error(ctx, sqlite3_errmsg(aux), -1);
done:
    sqlite3_finalize(st);
    pp_buf_dispose(&sql);
}

/* The private connection of guarded_printf, with the same bounds. */
static int printf_guard(sqlite3 *db, sqlite3 **aux)
{
    if (sqlite3_open_v2(":memory:", aux, SQLITE_OPEN_READWRITE, NULL) !=
        SQLITE_OK)
        return pp_error_set(PP_ERROR, "index: cannot open a connection");
    sqlite3_limit(*aux, SQLITE_LIMIT_LENGTH, PP_SQL_MAX_VALUE);
    if (sqlite3_create_function(db, "printf", -1, SQLITE_UTF8, *aux,
                                guarded_printf, NULL, NULL) != SQLITE_OK ||
        sqlite3_create_function(db, "format", -1, SQLITE_UTF8, *aux,
                                guarded_printf, NULL, NULL) != SQLITE_OK)
        return pp_error_set(PP_ERROR, "index: %s", sqlite3_errmsg(db));
    return 0;
}

/* The error of a failed step of the user's statement. */
static int sql_step_fail(sqlite3 *db, const struct budget *b, long timeout_ms)
{
    int code = sqlite3_errcode(db) & 0xff;
    if (b->over == 1)
        return pp_error_set(PP_ETOOBIG,
                            "sql: the statement ran longer than %.3g s "
                            "(--timeout); nothing was printed",
                            (double)timeout_ms / 1000.0);
    if (b->over == 2 || code == SQLITE_NOMEM)
        return pp_error_set(PP_ETOOBIG,
                            "sql: the statement needed more than %d MiB "
                            "of memory; nothing was printed",
                            PP_SQL_MAX_MEMORY >> 20);
    if (code == SQLITE_TOOBIG)
        return pp_error_set(PP_ETOOBIG,
                            "sql: %s (a string or blob is limited to "
                            "%d MiB); nothing was printed",
                            sqlite3_errmsg(db), PP_SQL_MAX_VALUE >> 20);
    if (code == SQLITE_ERROR)
        return pp_error_set(PP_EUSAGE, "sql: %s", sqlite3_errmsg(db));
    return index_fail(db);
}

/* The current row of `st` (`n` columns) as a JSON array; *bytes grows by
 * its size. */
static cJSON *row_json(sqlite3_stmt *st, int n, size_t *bytes)
{
    cJSON *row = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        *bytes += 16; /* a cell costs something, even a NULL */
        switch (sqlite3_column_type(st, i)) {
        case SQLITE_INTEGER:
        case SQLITE_FLOAT:
            cJSON_AddItemToArray(row, cJSON_CreateNumber(
                                          sqlite3_column_double(st, i)));
            break;
        case SQLITE_NULL: cJSON_AddItemToArray(row, cJSON_CreateNull()); break;
        default:
            cJSON_AddItemToArray(row,
                                 cJSON_CreateString(
                                     (const char *)sqlite3_column_text(st, i)));
            *bytes += (size_t)sqlite3_column_bytes(st, i);
        }
    }
    return row;
}

/* Open the index read-only for the user's statement, within its bounds. */
static int sql_open(pp_reg *r, sqlite3 **db, sqlite3 **aux)
{
    pp_buf path = PP_BUF_INIT;
    int rc;

    if (r->db_memory) {
        /* The file is behind (it cannot be written): read a copy of the
         * index made in memory, read-only as the file would be. */
        sqlite3_int64 size = 0;
        unsigned char *copy = sqlite3_serialize(r->db, "main", &size, 0);
        if (!copy)
            return pp_error_set(PP_ENOMEM, "out of memory");
        rc = sqlite3_open_v2(":memory:", db, SQLITE_OPEN_READWRITE, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_deserialize(*db, "main", copy, size, size,
                                     SQLITE_DESERIALIZE_FREEONCLOSE |
                                         SQLITE_DESERIALIZE_READONLY);
        else
            sqlite3_free(copy);
    } else {
        pp_buf_printf(&path, "%s/%s", r->path, PP_INDEX_FILE);
        rc = sqlite3_open_v2(path.ptr, db, SQLITE_OPEN_READONLY, NULL);
        pp_buf_dispose(&path);
    }
    if (rc != SQLITE_OK)
        return pp_error_set(PP_ERROR, "index: %s", sqlite3_errmsg(*db));
    sqlite3_busy_timeout(*db, 10000);
    for (size_t i = 0; i < sizeof(sql_limits) / sizeof(sql_limits[0]); i++)
        sqlite3_limit(*db, sql_limits[i].id, sql_limits[i].value);
    /* Sorts and temporary tables in memory, where the budget sees them,
     * never in files that could fill the disk. */
    if (sqlite3_exec(*db, "PRAGMA temp_store = MEMORY; PRAGMA query_only = 1",
                     NULL, NULL, NULL) != SQLITE_OK)
        return index_fail(*db);
    if ((rc = printf_guard(*db, aux)) < 0)
        return rc;
    sqlite3_set_authorizer(*db, authorizer, NULL);
    return 0;
}

static int sql_once(pp_reg *r, const char *sql, long timeout_ms, cJSON **out)
{
    sqlite3 *db = NULL, *aux = NULL;
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    cJSON *root = NULL, *cols, *rows;
    struct budget budget;
    size_t bytes = 0;
    int rc, n;

    *out = NULL;
    if (timeout_ms <= 0)
        timeout_ms = PP_SQL_DEFAULT_TIMEOUT_MS;
    if ((rc = sql_open(r, &db, &aux)) < 0)
        goto done;
    if (sqlite3_prepare_v2(db, sql, -1, &st, &tail) != SQLITE_OK) {
        int code = sqlite3_errcode(db) & 0xff;
        rc = code == SQLITE_AUTH
                 ? pp_error_set(PP_EUSAGE, "sql: only reading the index is "
                                           "allowed")
             : code == SQLITE_CORRUPT || code == SQLITE_NOTADB ? index_fail(db)
             : code == SQLITE_TOOBIG
                 ? pp_error_set(PP_ETOOBIG,
                                "sql: the statement is longer than %d "
                                "bytes",
                                PP_SQL_MAX_STATEMENT)
                 : pp_error_set(PP_EUSAGE, "sql: %s", sqlite3_errmsg(db));
        goto done;
    }
    while (tail &&
           (*tail == ' ' || *tail == '\n' || *tail == '\t' || *tail == ';'))
        tail++;
    if (!st || (tail && *tail)) {
        rc = pp_error_set(PP_EUSAGE, "sql: give exactly one statement");
        goto done;
    }
    if (!sqlite3_stmt_readonly(st)) {
        rc = pp_error_set(PP_EUSAGE, "sql: the index is read-only here");
        goto done;
    }
    root = cJSON_CreateObject();
    cols = cJSON_AddArrayToObject(root, "columns");
    n = sqlite3_column_count(st);
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(cols,
                             cJSON_CreateString(sqlite3_column_name(st, i)));
    rows = cJSON_AddArrayToObject(root, "rows");
    budget_start(&budget, timeout_ms);
    sqlite3_progress_handler(db, 1000, budget_check, &budget);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        cJSON_AddItemToArray(rows, row_json(st, n, &bytes));
        if (bytes > PP_SQL_MAX_RESULT) {
            rc = pp_error_set(PP_ETOOBIG,
                              "sql: the result is larger than %d MiB; "
                              "nothing was printed (narrow it with WHERE "
                              "or LIMIT)",
                              PP_SQL_MAX_RESULT >> 20);
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        rc = sql_step_fail(db, &budget, timeout_ms);
        goto done;
    }
    rc = 0;
done:
    sqlite3_finalize(st);
    sqlite3_close(db);
    sqlite3_close(aux);
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

int pp_reg_sql(pp_reg *r, const char *sql, long timeout_ms, cJSON **out)
{
    /* Bring the index up to date through the normal connection first. */
    int rc = pp_index_update(r, NULL);
    if (rc == 0)
        rc = sql_once(r, sql, timeout_ms, out);
    /* A damaged index is rebuilt from history and asked again. */
    if (rc == PP_EDAMAGED && (rc = pp_index_repair(r)) == 0)
        rc = sql_once(r, sql, timeout_ms, out);
    return rc;
}
