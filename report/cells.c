/*
 * cells.c - passport values as the report shows them: the value as
 * reported (with its qualifier and precision), its evidence level and
 * citation, and the derived figures recomputed from the facts.
 */
#include "internal.h"

#include "../core/json.h"

#include <math.h>
#include <string.h>

#include "../core/num.h"
#include "../schema/fact.h"
#include "../schema/passport.h"
#include "../core/banned.h"

void rp_cell_init(struct rp_cell *c)
{
    memset(c, 0, sizeof *c);
    c->level = "undisclosed";
}

void rp_cell_dispose(struct rp_cell *c)
{
    pp_buf_dispose(&c->text);
    pp_buf_dispose(&c->note);
}

const cJSON *rp_source(const cJSON *doc, const char *id)
{
    const cJSON *s;
    if (!id)
        return NULL;
    cJSON_ArrayForEach(s, pp_json_get(doc, "sources"))
    {
        const char *sid = pp_json_str(s, "id", NULL);
        if (sid && !strcmp(sid, id))
            return s;
    }
    return NULL;
}

const char *rp_level_meaning(const char *level)
{
    static const struct {
        const char *level, *meaning;
    } m[] = {
        {"fact", "an architectural fact confirmed by a report, config or "
                 "weights"},
        {"reported", "a metric of one run, reported by its developer"},
        {"interpretation", "a causal explanation, not a measurement"},
        {"general", "a universal conclusion"},
        {"derived", "computed by passport from the facts, never typed in"},
        {"undisclosed", "no source gives this value"},
        {"absent", "the passport records no value, which is not the same "
                   "as undisclosed"},
    };
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        if (!strcmp(level, m[i].level))
            return m[i].meaning;
    return "";
}

void rp_cite_first(const cJSON *evidence, struct rp_cell *c)
{
    const cJSON *e = cJSON_GetArrayItem(evidence, 0);
    if (!e)
        return;
    if (pp_json_str(e, "level", NULL))
        c->level = pp_json_str(e, "level", NULL);
    c->source = pp_json_str(e, "source", NULL);
    c->section = pp_json_str(e, "section", NULL);
}

void rp_fact_cell(const cJSON *doc, const char *name, struct rp_cell *c)
{
    const cJSON *f = pp_fact_get(doc, name);
    pp_fact_num v;
    rp_cell_init(c);
    if (!f) {
        /* Absent is not undisclosed: only a passport that says so makes
         * a figure undisclosed. */
        c->level = pp_fact_is_undisclosed(doc, name) ? "undisclosed" : "absent";
        pp_buf_puts(&c->text, strcmp(c->level, "absent") ? "undisclosed"
                                                         : "not recorded");
        pp_buf_puts(&c->note, "the passport records no value");
        return;
    }
    rp_cite_first(pp_json_get(f, "evidence"), c);
    if (pp_fact_status_of(f) == PP_FACT_UNDISCLOSED) {
        c->level = "undisclosed";
        pp_buf_puts(&c->text, "undisclosed");
        if (pp_json_str(f, "note", NULL))
            pp_buf_puts(&c->note, pp_json_str(f, "note", NULL));
        return;
    }
    pp_fact_format(&c->text, f);
    if (pp_fact_number_of(f, &v)) {
        c->sort = v.value;
        c->has_sort = 1;
        if (v.reported)
            pp_buf_printf(&c->note, "reported as \"%s\"", v.reported);
    }
    if (pp_json_str(f, "note", NULL))
        pp_buf_printf(&c->note, "%s%s", c->note.len ? "; " : "",
                      pp_json_str(f, "note", NULL));
}

/* A derived figure from N and D: "undisclosed" when either is on record
 * as undisclosed, "not recorded" (absent) when the passport lacks it. */
static void derived(const cJSON *doc, struct rp_cell *c, int compute)
{
    pp_fact_num fn, fd;
    double n, d, v = 0;
    int sn, sd, sig;
    const char *qd;
    rp_cell_init(c);
    if (!pp_fact_compute_params(doc, &fn) ||
        !pp_fact_number(doc, "training.tokens", &fd)) {
        int undisclosed = pp_fact_is_undisclosed(doc, "training.tokens") ||
                          pp_fact_is_undisclosed(doc, "params.active") ||
                          pp_fact_is_undisclosed(doc, "params.total");
        c->level = undisclosed ? "undisclosed" : "absent";
        pp_buf_puts(&c->text, undisclosed ? "undisclosed" : "not recorded");
        pp_buf_puts(&c->note, "needs active parameters and training tokens");
        return;
    }
    n = fn.value, sn = fn.sig;
    d = fd.value, sd = fd.sig, qd = fd.qualifier;
    if ((compute ? pp_calc_flops(n, d, 6, &v) : pp_calc_tpp(n, d, &v)) < 0) {
        pp_buf_puts(&c->text, "undisclosed");
        pp_buf_puts(&c->note, "cannot be computed from the facts");
        return;
    }
    /* The result is as precise as the least precise input. */
    sig = sn && sd ? (sn < sd ? sn : sd) : sn ? sn : sd ? sd : 3;
    c->level = "derived";
    c->sort = v;
    c->has_sort = 1;
    if (qd && strcmp(qd, "="))
        pp_buf_puts(&c->text, qd);
    if (compute)
        pp_quantity_format(&c->text, v, sig, "FLOP");
    else
        pp_num_human(&c->text, v, sig);
    if (compute) {
        pp_buf_puts(&c->note, "6 \xC3\x97 ");
        pp_num_human(&c->note, n, sn);
        pp_buf_puts(&c->note, " active parameters \xC3\x97 ");
        pp_num_human(&c->note, d, sd);
        pp_buf_puts(&c->note, " tokens (6ND; leaves out attention, "
                              "embeddings and recomputation)");
    } else {
        pp_num_human(&c->note, d, sd);
        pp_buf_puts(&c->note, " tokens / ");
        pp_num_human(&c->note, n, sn);
        pp_buf_puts(&c->note, " active parameters");
    }
}

void rp_compute_cell(const cJSON *doc, struct rp_cell *c)
{
    derived(doc, c, 1);
}

void rp_tpp_cell(const cJSON *doc, struct rp_cell *c)
{
    derived(doc, c, 0);
}

void rp_xml_escape(pp_buf *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': pp_buf_puts(out, "&amp;"); break;
        case '<': pp_buf_puts(out, "&lt;"); break;
        case '>': pp_buf_puts(out, "&gt;"); break;
        case '"': pp_buf_puts(out, "&quot;"); break;
        case '\'': pp_buf_puts(out, "&#39;"); break;
        default:
            /* Control characters other than tab and newline are not
             * allowed in XML 1.0; passports cannot hold them, but a
             * report is no place to find out. */
            if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
                pp_buf_putc(out, ' ');
            else
                pp_buf_putc(out, *s);
        }
    }
}

void rp_md_escape(pp_buf *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' || *s == '`' ||
            *s == '<' || *s == '[' || *s == ']')
            pp_buf_putc(out, '\\');
        if (*s == '\n' || *s == '\r')
            pp_buf_putc(out, ' ');
        else
            pp_buf_putc(out, *s);
    }
}
