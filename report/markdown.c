/*
 * markdown.c - the course-ready fact sheet: one section per passport, a
 * table of its facts with level and citation, the derived figures
 * recomputed (and said to be), then optimizer, precision, stability and
 * what is not known.
 */
#include "internal.h"

#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

static void citation(pp_buf *o, const cJSON *doc, const char *source,
                     const char *section)
{
    const cJSON *s = rp_source(doc, source);
    if (!source) {
        pp_buf_puts(o, "\xE2\x80\x94");
        return;
    }
    if (s && pp_json_str(s, "url", NULL)) {
        pp_buf_puts(o, "[");
        rp_md_escape(o, source);
        pp_buf_puts(o, "](");
        for (const char *u = pp_json_str(s, "url", NULL); *u; u++) {
            /* the schema allows no spaces; parentheses and angle brackets
             * would end or break the link */
            if (*u == '(' || *u == ')' || *u == '<' || *u == '>')
                pp_buf_printf(o, "%%%02X", (unsigned char)*u);
            else
                pp_buf_putc(o, *u);
        }
        pp_buf_puts(o, ")");
    } else {
        pp_buf_puts(o, "`");
        pp_buf_puts(o, source); /* a source id: [a-z0-9.-] */
        pp_buf_puts(o, "`");
    }
    if (section) {
        pp_buf_puts(o, " ");
        rp_md_escape(o, section);
    }
}

static void row(pp_buf *o, const cJSON *doc, const char *what,
                struct rp_cell *c)
{
    pp_buf_puts(o, "| ");
    rp_md_escape(o, what);
    pp_buf_puts(o, " | ");
    if (!strcmp(c->level, "undisclosed"))
        pp_buf_puts(o, "*undisclosed*");
    else if (!strcmp(c->level, "absent"))
        pp_buf_puts(o, "*not recorded*");
    else
        rp_md_escape(o, pp_buf_cstr(&c->text));
    pp_buf_puts(o, " | ");
    rp_md_escape(o, c->level);
    pp_buf_puts(o, " | ");
    if (!strcmp(c->level, "derived"))
        rp_md_escape(o, pp_buf_cstr(&c->note));
    else
        citation(o, doc, c->source, c->section);
    pp_buf_puts(o, " |\n");
    rp_cell_dispose(c);
}

static void bullet_evidence(pp_buf *o, const cJSON *doc, const cJSON *ev)
{
    struct rp_cell c;
    rp_cell_init(&c);
    rp_cite_first(ev, &c);
    if (c.source) {
        pp_buf_puts(o, " (");
        if (pp_json_get(cJSON_GetArrayItem(ev, 0), "level")) {
            rp_md_escape(o, c.level);
            pp_buf_puts(o, "; ");
        }
        citation(o, doc, c.source, c.section);
        pp_buf_puts(o, ")");
    }
    rp_cell_dispose(&c);
}

static void passport_section(pp_buf *o, const cJSON *doc)
{
    const cJSON *facts = pp_facts(doc);
    const cJSON *f, *g;
    const cJSON *head = pp_json_get(pp_json_get(doc, "precision"), "headline");
    const cJSON *st = pp_json_get(doc, "stability");
    struct rp_cell c;

    pp_buf_puts(o, "## ");
    rp_md_escape(o, pp_json_str(doc, "name", NULL));
    pp_buf_printf(o, " (`%s`)\n\n",
                  pp_json_str(doc, "id", NULL)); /* ids: [a-z0-9-] */
    if (pp_json_str(doc, "summary", NULL)) {
        rp_md_escape(o, pp_json_str(doc, "summary", NULL));
        pp_buf_puts(o, "\n\n");
    }
    pp_buf_puts(o, "| fact | value | level | source |\n|---|---|---|---|\n");
    cJSON_ArrayForEach(f, facts)
    {
        rp_fact_cell(doc, f->string, &c);
        row(o, doc, f->string, &c);
    }
    rp_compute_cell(doc, &c);
    row(o, doc, "training compute, 6ND (derived)", &c);
    rp_tpp_cell(doc, &c);
    row(o, doc, "tokens per parameter (derived)", &c);
    pp_buf_putc(o, '\n');

    if (cJSON_GetArraySize(
            pp_json_get(pp_json_get(doc, "optimizer"), "groups"))) {
        pp_buf_puts(o, "**Optimizer.**\n\n");
        cJSON_ArrayForEach(g,
                           pp_json_get(pp_json_get(doc, "optimizer"), "groups"))
        {
            pp_buf_puts(o, "- ");
            rp_md_escape(o, pp_json_str(g, "optimizer", "?"));
            if (pp_json_str(g, "params", NULL)) {
                pp_buf_puts(o, ": ");
                rp_md_escape(o, pp_json_str(g, "params", NULL));
            }
            bullet_evidence(o, doc, pp_json_get(g, "evidence"));
            pp_buf_putc(o, '\n');
        }
        pp_buf_putc(o, '\n');
    }
    if (head) {
        pp_buf_puts(o, "**Precision.** ");
        rp_md_escape(o, pp_json_str(head, "text", ""));
        bullet_evidence(o, doc, pp_json_get(head, "evidence"));
        pp_buf_puts(o, "\n\n");
    }
    if (cJSON_GetArraySize(pp_json_get(st, "mechanisms")) +
        cJSON_GetArraySize(pp_json_get(st, "events"))) {
        pp_buf_puts(o, "**Stability.**\n\n");
        cJSON_ArrayForEach(g, pp_json_get(st, "mechanisms"))
        {
            pp_buf_puts(o, "- ");
            rp_md_escape(o, pp_json_str(g, "name", "?"));
            bullet_evidence(o, doc, pp_json_get(g, "evidence"));
            pp_buf_putc(o, '\n');
        }
        cJSON_ArrayForEach(g, pp_json_get(st, "events"))
        {
            pp_buf_puts(o, "- event: ");
            rp_md_escape(o, pp_json_str(g, "kind", "?"));
            if (pp_json_str(g, "detail", NULL)) {
                pp_buf_puts(o, " \xE2\x80\x94 ");
                rp_md_escape(o, pp_json_str(g, "detail", NULL));
            }
            bullet_evidence(o, doc, pp_json_get(g, "evidence"));
            pp_buf_putc(o, '\n');
        }
        pp_buf_putc(o, '\n');
    }
    if (cJSON_GetArraySize(pp_json_get(doc, "unknowns"))) {
        pp_buf_puts(o, "**Not known.**\n\n");
        cJSON_ArrayForEach(g, pp_json_get(doc, "unknowns"))
        {
            pp_buf_puts(o, "- ");
            rp_md_escape(o, pp_json_str(g, "text", ""));
            bullet_evidence(o, doc, pp_json_get(g, "supports"));
            pp_buf_putc(o, '\n');
        }
        pp_buf_putc(o, '\n');
    }
}

int pp_report_markdown(pp_buf *o, const pp_report_set *set)
{
    size_t start = o->len;
    pp_buf_puts(o, "# Run passports: the fact sheet\n\n");
    pp_buf_printf(o, "%zu passports", set->n);
    if (set->as_of) {
        pp_buf_puts(o, ", registry ");
        rp_md_escape(o, set->as_of);
    }
    pp_buf_puts(o, ". Levels: **fact** (an architectural fact confirmed by a "
                   "report, config or weights), **reported** (a metric of one "
                   "run, reported by its developer), **interpretation**, "
                   "**general**; **derived** figures are recomputed by "
                   "`passport` from the facts (6ND uses active parameters), "
                   "never typed in.\n\n");
    for (size_t i = 0; i < set->n; i++)
        passport_section(o, set->docs[i]);
    if (o->len == start || !o->ptr)
        return pp_error_set(PP_ENOMEM, "out of memory");
    return 0;
}
