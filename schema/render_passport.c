/*
 * render_passport.c - a whole passport for people (render.h:
 * pp_render_passport), as `passport show` prints it: identity, then one
 * group per part of the document, each value followed by its evidence.
 */
#include "render.h"

#include <string.h>

#include "../core/json.h"
#include "../core/num.h"
#include "fact.h"
#include "render_impl.h"
#include "../core/banned.h"

#define EVIDENCE_INDENT "      "

static void heading(pp_buf *out, const char *title)
{
    pp_buf_printf(out, "\n%s\n", title);
}

/* "      note: ..." when `o` has a note. */
static void note_line(pp_buf *out, const cJSON *o, const char *what)
{
    const char *note = pp_json_str(o, what, NULL);
    if (note)
        pp_buf_printf(out, EVIDENCE_INDENT "%s: %s\n", what, note);
}

static void evidence_of(pp_buf *out, const cJSON *o, const char *list)
{
    pp_render_evidence_lines(out, pp_json_get(o, list), EVIDENCE_INDENT);
}

static void identity(pp_buf *out, const cJSON *doc)
{
    const cJSON *aliases = pp_json_get(doc, "aliases");
    const cJSON *dates = pp_json_get(doc, "dates"), *c;
    const char *family = pp_json_str(doc, "family", NULL);
    const char *summary = pp_json_str(doc, "summary", NULL);

    pp_buf_printf(out, "%s (%s)\n", pp_json_str(doc, "name", ""),
                  pp_json_str(doc, "id", ""));
    pp_buf_printf(out, "  developer: %s\n", pp_json_str(doc, "developer", ""));
    pp_buf_printf(out, "  kind: %s\n", pp_json_str(doc, "kind", ""));
    if (family)
        pp_buf_printf(out, "  family: %s\n", family);
    if (cJSON_GetArraySize(aliases) > 0) {
        pp_buf_puts(out, "  aliases: ");
        cJSON_ArrayForEach(c, aliases)
            pp_buf_printf(out, "%s%s", c->valuestring, c->next ? ", " : "\n");
    }
    if (cJSON_GetArraySize(dates) > 0) {
        pp_buf_puts(out, "  dates: ");
        cJSON_ArrayForEach(c, dates)
            pp_buf_printf(out, "%s %s%s", c->string, c->valuestring,
                          c->next ? ", " : "\n");
    }
    if (summary)
        pp_buf_printf(out, "  summary: %s\n", summary);
}

static void facts(pp_buf *out, const cJSON *doc)
{
    const cJSON *f;
    if (cJSON_GetArraySize(pp_facts(doc)) == 0)
        return;
    heading(out, "Facts");
    cJSON_ArrayForEach(f, pp_facts(doc))
    {
        pp_buf_printf(out, "  %s: ", f->string);
        pp_render_fact_value(out, f);
        pp_buf_putc(out, '\n');
        note_line(out, f, "note");
        evidence_of(out, f, "evidence");
    }
}

static void headline(pp_buf *out, const cJSON *head)
{
    const cJSON *c;
    pp_buf_printf(out, "  headline: %s (%s; ", pp_json_str(head, "text", ""),
                  pp_json_str(head, "stage", ""));
    cJSON_ArrayForEach(c, pp_json_get(head, "formats"))
        pp_buf_printf(out, "%s%s", c->valuestring, c->next ? ", " : ")\n");
    evidence_of(out, head, "evidence");
}

static void role(pp_buf *out, const cJSON *r)
{
    const cJSON *sc = pp_json_get(r, "scaling");
    const cJSON *pi = pp_json_get(r, "promotion_interval");
    const cJSON *bits = pp_json_get(r, "accumulator_bits");
    const char *rnd = pp_json_str(r, "rounding", NULL);
    const char *scope = pp_json_str(r, "scope", NULL);

    pp_buf_printf(out, "  %s: ", r->string);
    pp_render_formats(out, pp_json_get(r, "format"));
    pp_buf_printf(out, " (%s)", pp_json_str(r, "stage", ""));
    if (scope)
        pp_buf_printf(out, "; scope %s", scope);
    if (sc) {
        pp_buf_puts(out, "; scaling ");
        pp_render_scaling(out, sc);
    }
    if (cJSON_IsNumber(pi))
        pp_buf_printf(out, "; promoted every %d elements",
                      (int)pi->valuedouble);
    if (cJSON_IsNumber(bits))
        pp_buf_printf(out, "; ~%d-bit accumulation", (int)bits->valuedouble);
    if (rnd)
        pp_buf_printf(out, "; %s rounding", rnd);
    pp_buf_putc(out, '\n');
    note_line(out, r, "note");
    evidence_of(out, r, "evidence");
}

static void precision(pp_buf *out, const cJSON *prec)
{
    const cJSON *head = pp_json_get(prec, "headline"), *r;
    if (!prec)
        return;
    heading(out, "Precision roles");
    if (head)
        headline(out, head);
    cJSON_ArrayForEach(r, pp_json_get(prec, "roles")) role(out, r);
}

/* Hyperparameters: "lr=2e-4, beta1=0.9, nesterov=true". */
static void hyper(pp_buf *out, const cJSON *list)
{
    const cJSON *h;
    cJSON_ArrayForEach(h, list)
    {
        pp_buf_printf(out, "%s%s=", h == list->child ? "" : ", ", h->string);
        if (cJSON_IsNumber(h))
            pp_num_human(out, h->valuedouble, 0);
        else if (cJSON_IsString(h))
            pp_buf_puts(out, h->valuestring);
        else
            pp_buf_puts(out, cJSON_IsTrue(h) ? "true" : "false");
    }
}

/* " (k=v, ...)" when `o` has the hyperparameter object `key`. */
static void hyper_of(pp_buf *out, const cJSON *o, const char *key)
{
    if (!pp_json_get(o, key))
        return;
    pp_buf_puts(out, " (");
    hyper(out, pp_json_get(o, key));
    pp_buf_putc(out, ')');
}

static void optimizer(pp_buf *out, const cJSON *opt)
{
    const char *summary = pp_json_str(opt, "summary", NULL);
    const cJSON *g;
    if (!opt)
        return;
    heading(out, "Optimizer");
    if (summary)
        pp_buf_printf(out, "  %s\n", summary);
    cJSON_ArrayForEach(g, pp_json_get(opt, "groups"))
    {
        pp_buf_printf(out, "  %s: %s", pp_json_str(g, "optimizer", ""),
                      pp_json_str(g, "params", ""));
        hyper_of(out, g, "hyper");
        pp_buf_putc(out, '\n');
        note_line(out, g, "note");
        evidence_of(out, g, "evidence");
    }
}

/* "      quantity share: 12.7% (reported as "12.7%"), share of ...;
 * relative to ...; condition ..." for each quantity of `o`. */
static void quantities_of(pp_buf *out, const cJSON *o)
{
    const cJSON *q;
    cJSON_ArrayForEach(q, pp_json_get(o, PP_QUANTITIES_MEMBER))
    {
        const char *reported = pp_json_str(q, "reported", NULL);
        const char *rel = pp_json_str(q, "relative_to", NULL);
        const char *cond = pp_json_str(q, "condition", NULL);
        pp_buf_printf(out, EVIDENCE_INDENT "quantity %s: ", q->string);
        pp_render_fact_value(out, q);
        if (reported)
            pp_buf_printf(out, " (reported as \"%s\")", reported);
        pp_buf_printf(out, ", %s", pp_json_str(q, "measures", ""));
        if (rel)
            pp_buf_printf(out, "; relative to %s", rel);
        if (cond)
            pp_buf_printf(out, "; %s", cond);
        pp_buf_putc(out, '\n');
    }
}

static void stability(pp_buf *out, const cJSON *st)
{
    const cJSON *m;
    if (!st)
        return;
    heading(out, "Stability");
    cJSON_ArrayForEach(m, pp_json_get(st, "mechanisms"))
    {
        pp_buf_printf(out, "  mechanism %s: %s", pp_json_str(m, "name", ""),
                      pp_json_str(m, "detail", ""));
        hyper_of(out, m, "params");
        pp_buf_putc(out, '\n');
        quantities_of(out, m);
        evidence_of(out, m, "evidence");
    }
    cJSON_ArrayForEach(m, pp_json_get(st, "events"))
    {
        const cJSON *at = pp_json_get(m, "at_tokens");
        pp_buf_printf(out, "  event %s", pp_json_str(m, "kind", ""));
        if (cJSON_IsNumber(at)) {
            pp_buf_puts(out, " near ");
            pp_quantity_format(out, at->valuedouble, 0, "token");
        }
        pp_buf_printf(out, ": %s\n", pp_json_str(m, "detail", ""));
        note_line(out, m, "cause");
        note_line(out, m, "resolution");
        quantities_of(out, m);
        evidence_of(out, m, "evidence");
    }
}

/* Claims, unknowns and boundaries: id, level, text, what it is not. */
static void statements(pp_buf *out, const char *title, const cJSON *list)
{
    const cJSON *c, *n;
    if (cJSON_GetArraySize(list) == 0)
        return;
    heading(out, title);
    cJSON_ArrayForEach(c, list)
    {
        const char *level = pp_json_str(c, "level", NULL);
        pp_buf_printf(out, "  %s: ", pp_json_str(c, "id", ""));
        if (level)
            pp_buf_printf(out, "[%s%s] ", level,
                          cJSON_IsTrue(pp_json_get(c, "hypothesis"))
                              ? ", hypothesis"
                              : "");
        pp_buf_printf(out, "%s\n", pp_json_str(c, "text", ""));
        cJSON_ArrayForEach(n, pp_json_get(c, "not"))
            pp_buf_printf(out, EVIDENCE_INDENT "not: %s\n", n->valuestring);
        quantities_of(out, c);
        evidence_of(out, c, "supports");
    }
}

static void sources(pp_buf *out, const cJSON *list)
{
    const cJSON *s;
    heading(out, "Sources");
    cJSON_ArrayForEach(s, list)
    {
        const char *url = pp_json_str(s, "url", NULL);
        const char *date = pp_json_str(s, "date", NULL);
        pp_buf_printf(out, "  %s: %s (%s, %s", pp_json_str(s, "id", ""),
                      pp_json_str(s, "title", ""), pp_json_str(s, "kind", ""),
                      pp_json_str(s, "priority", ""));
        if (date)
            pp_buf_printf(out, ", %s", date);
        pp_buf_putc(out, ')');
        if (url)
            pp_buf_printf(out, " %s", url);
        pp_buf_putc(out, '\n');
    }
}

int pp_render_passport(pp_buf *out, const cJSON *doc)
{
    identity(out, doc);
    facts(out, doc);
    precision(out, pp_json_get(doc, "precision"));
    optimizer(out, pp_json_get(doc, "optimizer"));
    stability(out, pp_json_get(doc, "stability"));
    statements(out, "Claims", pp_json_get(doc, "claims"));
    statements(out, "Unknowns", pp_json_get(doc, "unknowns"));
    statements(out, "Boundaries", pp_json_get(doc, "boundaries"));
    sources(out, pp_json_get(doc, "sources"));
    return 0;
}
