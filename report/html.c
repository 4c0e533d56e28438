/*
 * html.c - the comparison page: one self-contained HTML file (inline CSS,
 * one small inline script for sorting and filtering, no network access)
 * with every passport side by side.  Each value carries a badge of its
 * evidence level and a link to its source entry at the foot of the page
 * (which links out to the source's URL when there is one).
 */
#include "internal.h"

#include <math.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/banned.h"

static const char css[] =
    ":root{color-scheme:light}"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
    "margin:0 auto;max-width:1400px;padding:1rem;color:#1a1a1a;"
    "background:#fff}"
    "h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;margin-top:2rem}"
    "a{color:#0b4f8a}a:focus,button:focus,input:focus{outline:3px solid "
    "#f0a500;outline-offset:1px}"
    ".meta{color:#444}"
    ".legend{display:flex;flex-wrap:wrap;gap:.4rem 1rem;padding:0;"
    "list-style:none}"
    ".badge{display:inline-block;font-size:.75rem;padding:0 .35rem;"
    "border-radius:.3rem;border:1px solid currentColor;white-space:nowrap;"
    "font-weight:600}"
    ".b-fact{background:#e3f4e7;color:#0b4d1c}"
    ".b-reported{background:#e1ecfb;color:#0b3a7a}"
    ".b-interpretation{background:#fdf0dc;color:#6b3d00}"
    ".b-general{background:#fae3e5;color:#7a0b1a}"
    ".b-derived{background:#eee7f7;color:#3f1f73}"
    ".b-undisclosed{background:#f0f0f0;color:#333;font-style:italic}"
    ".b-absent{background:#fff;color:#333;font-style:italic}"
    ".v{font-weight:600}.undisclosed,.absent{font-style:italic;color:#444}"
    ".src{font-size:.8rem;white-space:nowrap}"
    "label{font-weight:600;margin-right:.4rem}"
    "input[type=search]{font:inherit;padding:.3rem .5rem;width:min(24rem,90%)}"
    ".scroll{overflow-x:auto;margin-top:.6rem;border:1px solid #ccc}"
    "table{border-collapse:collapse;width:100%}"
    "caption{text-align:left;padding:.4rem;font-weight:600}"
    "th,td{border:1px solid #d0d0d0;padding:.35rem .5rem;vertical-align:top;"
    "text-align:left}"
    "thead th{background:#f3f5f8;position:sticky;top:0}"
    "th button{font:inherit;font-weight:700;background:none;border:0;"
    "padding:0;cursor:pointer;color:#1a1a1a;text-align:left}"
    "th[aria-sort=ascending] button::after{content:' \\25B2'}"
    "th[aria-sort=descending] button::after{content:' \\25BC'}"
    "td ul{margin:0;padding-left:1.1rem}code{font-size:.85rem}"
    "th[scope=row]{min-width:9rem}td{min-width:6.5rem}"
    "td:nth-child(n+8){min-width:16rem}"
    "dt{font-weight:700;margin-top:.5rem}dd{overflow-wrap:anywhere}"
    "@media (max-width:760px){"
    ".scroll{border:0}table,thead,tbody,tr,th,td,caption{display:block}"
    "thead tr{display:flex;flex-wrap:wrap;gap:.3rem}"
    "thead th{position:static;border:1px solid #ccc}"
    "tbody tr{border:1px solid #bbb;margin:.8rem 0;padding:.3rem}"
    "td,td:nth-child(n+8),th[scope=row]{border:0;min-width:0;"
    "border-bottom:1px solid #eee}"
    "td::before{content:attr(data-label);display:block;font-size:.8rem;"
    "color:#444;font-weight:600}}";

/* Sorting by a column (numbers by data-v, missing values last either
 * way) and filtering rows by their text. */
static const char script[] =
    "(function(){"
    "var t=document.getElementById('passports'),b=t.tBodies[0],"
    "h=t.tHead.rows[0].cells;"
    "Array.prototype.forEach.call(h,function(th,i){"
    "var k=th.querySelector('button');if(!k)return;"
    "k.addEventListener('click',function(){"
    "var asc=th.getAttribute('aria-sort')!=='ascending';"
    "Array.prototype.forEach.call(h,"
    "function(x){x.removeAttribute('aria-sort')});"
    "th.setAttribute('aria-sort',asc?'ascending':'descending');"
    "var r=Array.prototype.slice.call(b.rows),"
    "num=th.getAttribute('data-type')==='num';"
    "r.sort(function(p,q){var x=p.cells[i],y=q.cells[i];"
    "if(num){var a=x.getAttribute('data-v'),c=y.getAttribute('data-v');"
    "if(a===null&&c===null)return 0;if(a===null)return 1;if(c===null)return -1;"
    "return asc?a-c:c-a}"
    "var s=x.textContent.localeCompare(y.textContent);return asc?s:-s});"
    "r.forEach(function(x){b.appendChild(x)})})});"
    "var f=document.getElementById('filter'),"
    "n=document.getElementById('shown');"
    "f.addEventListener('input',function(){var q=f.value.toLowerCase(),k=0;"
    "Array.prototype.forEach.call(b.rows,function(x){"
    "var m=x.textContent.toLowerCase().indexOf(q)>=0;x.hidden=!m;if(m)k++});"
    "n.textContent=k+' of '+b.rows.length+' passports shown'})"
    "})();";

static void esc(pp_buf *o, const char *s)
{
    rp_xml_escape(o, s);
}

static void badge(pp_buf *o, const char *level)
{
    pp_buf_printf(o, " <span class=\"badge b-%s\" title=\"", level);
    esc(o, rp_level_meaning(level));
    pp_buf_puts(o, "\">");
    esc(o, level);
    pp_buf_puts(o, "</span>");
}

static void cite(pp_buf *o, const char *source, const char *section)
{
    if (!source)
        return;
    pp_buf_puts(o, " <a class=\"src\" href=\"#src-");
    esc(o, source);
    pp_buf_puts(o, "\">");
    esc(o, source);
    if (section) {
        pp_buf_puts(o, " ");
        esc(o, section);
    }
    pp_buf_puts(o, "</a>");
}

static void cite_evidence(pp_buf *o, const cJSON *evidence, int with_level)
{
    struct rp_cell c;
    rp_cell_init(&c);
    rp_cite_first(evidence, &c);
    if (with_level && c.source)
        badge(o, c.level);
    cite(o, c.source, c.section);
    rp_cell_dispose(&c);
}

static void td_open(pp_buf *o, const char *label, const struct rp_cell *c)
{
    pp_buf_puts(o, "<td data-label=\"");
    esc(o, label);
    pp_buf_putc(o, '"');
    if (c && c->has_sort && isfinite(c->sort))
        pp_buf_printf(o, " data-v=\"%.17g\"", c->sort);
    pp_buf_putc(o, '>');
}

/* A value that is not there: `level` "undisclosed" (no source gives it)
 * or "absent" (the passport does not record it). */
static void no_value(pp_buf *o, const char *level, const char *why)
{
    int absent = !strcmp(level, "absent");
    pp_buf_printf(o, "<span class=\"v %s\"", level);
    if (why) {
        pp_buf_puts(o, " title=\"");
        esc(o, why);
        pp_buf_putc(o, '"');
    }
    pp_buf_puts(o, absent ? ">not recorded</span>" : ">undisclosed</span>");
    badge(o, level);
}

static void value_cell(pp_buf *o, const char *label, struct rp_cell *c)
{
    td_open(o, label, c);
    if (!strcmp(c->level, "undisclosed") || !strcmp(c->level, "absent")) {
        no_value(o, c->level, c->note.len ? c->note.ptr : NULL);
        cite(o, c->source, c->section);
    } else {
        pp_buf_puts(o, "<span class=\"v\"");
        if (c->note.len) {
            pp_buf_puts(o, " title=\"");
            esc(o, c->note.ptr);
            pp_buf_putc(o, '"');
        }
        pp_buf_puts(o, ">");
        esc(o, pp_buf_cstr(&c->text));
        pp_buf_puts(o, "</span>");
        badge(o, c->level);
        cite(o, c->source, c->section);
    }
    pp_buf_puts(o, "</td>\n");
    rp_cell_dispose(c);
}

static void fact_td(pp_buf *o, const cJSON *doc, const char *fact,
                    const char *label)
{
    struct rp_cell c;
    rp_fact_cell(doc, fact, &c);
    value_cell(o, label, &c);
}

static void optimizer_td(pp_buf *o, const cJSON *doc)
{
    const cJSON *groups = pp_json_get(pp_json_get(doc, "optimizer"), "groups");
    const cJSON *g;
    td_open(o, "Optimizer", NULL);
    if (cJSON_GetArraySize(groups) == 0) {
        no_value(o, "absent", "the passport records no optimizer");
        pp_buf_puts(o, "</td>\n");
        return;
    }
    pp_buf_puts(o, "<ul>");
    cJSON_ArrayForEach(g, groups)
    {
        pp_buf_puts(o, "<li><span class=\"v\">");
        esc(o, pp_json_str(g, "optimizer", "?"));
        pp_buf_puts(o, "</span>");
        if (pp_json_str(g, "params", NULL)) {
            pp_buf_puts(o, ": ");
            esc(o, pp_json_str(g, "params", NULL));
        }
        cite_evidence(o, pp_json_get(g, "evidence"), 1);
        pp_buf_puts(o, "</li>");
    }
    pp_buf_puts(o, "</ul></td>\n");
}

static void precision_td(pp_buf *o, const cJSON *doc)
{
    const cJSON *prec = pp_json_get(doc, "precision");
    const cJSON *head = pp_json_get(prec, "headline");
    const cJSON *roles = pp_json_get(prec, "roles");
    const cJSON *r, *f;
    td_open(o, "Precision", NULL);
    if (!head) {
        no_value(o, "absent", "the passport records no precision policy");
        pp_buf_puts(o, "</td>\n");
        return;
    }
    pp_buf_puts(o, "<span class=\"v\">");
    esc(o, pp_json_str(head, "text", ""));
    pp_buf_puts(o, "</span>");
    cJSON_ArrayForEach(f, pp_json_get(head, "formats"))
    {
        if (cJSON_IsString(f)) {
            pp_buf_puts(o, " <code>");
            esc(o, f->valuestring);
            pp_buf_puts(o, "</code>");
        }
    }
    cite_evidence(o, pp_json_get(head, "evidence"), 1);
    if (cJSON_GetArraySize(roles) > 0) {
        pp_buf_printf(o, "<details><summary>%d precision roles</summary><ul>",
                      cJSON_GetArraySize(roles));
        cJSON_ArrayForEach(r, roles)
        {
            const cJSON *fmt = pp_json_get(r, "format");
            pp_buf_puts(o, "<li><code>");
            esc(o, r->string);
            pp_buf_puts(o, "</code>: ");
            if (cJSON_IsString(fmt)) {
                esc(o, fmt->valuestring);
            } else {
                const cJSON *x;
                cJSON_ArrayForEach(x, fmt)
                {
                    esc(o, cJSON_IsString(x) ? x->valuestring : "?");
                    if (x->next)
                        pp_buf_puts(o, " or ");
                }
            }
            cite_evidence(o, pp_json_get(r, "evidence"), 1);
            pp_buf_puts(o, "</li>");
        }
        pp_buf_puts(o, "</ul></details>");
    }
    pp_buf_puts(o, "</td>\n");
}

static void stability_td(pp_buf *o, const cJSON *doc)
{
    const cJSON *st = pp_json_get(doc, "stability");
    const cJSON *mech = pp_json_get(st, "mechanisms");
    const cJSON *ev = pp_json_get(st, "events");
    const cJSON *m;
    td_open(o, "Stability", NULL);
    if (cJSON_GetArraySize(mech) + cJSON_GetArraySize(ev) == 0) {
        no_value(o, "absent",
                 "the passport records no stability mechanism or "
                 "event");
        pp_buf_puts(o, "</td>\n");
        return;
    }
    pp_buf_puts(o, "<ul>");
    cJSON_ArrayForEach(m, mech)
    {
        pp_buf_puts(o, "<li><span class=\"v\">");
        esc(o, pp_json_str(m, "name", "?"));
        pp_buf_puts(o, "</span>");
        cite_evidence(o, pp_json_get(m, "evidence"), 1);
        pp_buf_puts(o, "</li>");
    }
    cJSON_ArrayForEach(m, ev)
    {
        const cJSON *at = pp_json_get(m, "at_tokens");
        pp_buf_puts(o, "<li>event: <span class=\"v\">");
        esc(o, pp_json_str(m, "kind", "?"));
        pp_buf_puts(o, "</span>");
        if (cJSON_IsNumber(at) && isfinite(at->valuedouble)) {
            pp_buf_puts(o, " at ");
            pp_num_human(o, at->valuedouble, 0);
            pp_buf_puts(o, " tokens");
        }
        if (pp_json_str(m, "detail", NULL)) {
            pp_buf_puts(o, " <span title=\"");
            esc(o, pp_json_str(m, "detail", NULL));
            pp_buf_puts(o, "\">(detail)</span>");
        }
        cite_evidence(o, pp_json_get(m, "evidence"), 1);
        pp_buf_puts(o, "</li>");
    }
    pp_buf_puts(o, "</ul></td>\n");
}

static void unknowns_td(pp_buf *o, const cJSON *doc)
{
    const cJSON *un = pp_json_get(doc, "unknowns");
    const cJSON *u;
    td_open(o, "Unknowns", NULL);
    if (cJSON_GetArraySize(un) == 0) {
        pp_buf_puts(o, "<span class=\"undisclosed\">none recorded</span>"
                       "</td>\n");
        return;
    }
    pp_buf_puts(o, "<ul>");
    cJSON_ArrayForEach(u, un)
    {
        pp_buf_puts(o, "<li>");
        esc(o, pp_json_str(u, "text", ""));
        cite_evidence(o, pp_json_get(u, "supports"), 0);
        pp_buf_puts(o, "</li>");
    }
    pp_buf_puts(o, "</ul></td>\n");
}

static const struct {
    const char *label;
    int numeric;
} columns[] = {
    {"Passport", 0},
    {"Total parameters", 1},
    {"Active parameters", 1},
    {"Training tokens", 1},
    {"Context", 1},
    {"Training compute (6ND)", 1},
    {"Tokens per parameter", 1},
    {"Optimizer", 0},
    {"Precision", 0},
    {"Stability", 0},
    {"Unknowns", 0},
};

static void sources_section(pp_buf *o, const pp_report_set *set)
{
    cJSON *seen = cJSON_CreateObject();
    pp_buf_puts(o,
                "<section aria-labelledby=\"sources-h\"><h2 id=\"sources-h\">"
                "Sources</h2><dl>\n");
    for (size_t i = 0; i < set->n; i++) {
        const cJSON *s;
        cJSON_ArrayForEach(s, pp_json_get(set->docs[i], "sources"))
        {
            const char *id = pp_json_str(s, "id", NULL),
                       *url = pp_json_str(s, "url", NULL);
            if (!id || (seen && pp_json_get(seen, id)))
                continue;
            if (seen)
                cJSON_AddTrueToObject(seen, id);
            pp_buf_puts(o, "<dt id=\"src-");
            esc(o, id);
            pp_buf_puts(o, "\">");
            esc(o, id);
            pp_buf_puts(o, "</dt><dd>");
            esc(o, pp_json_str(s, "title", ""));
            pp_buf_puts(o, " (");
            esc(o, pp_json_str(s, "kind", ""));
            pp_buf_puts(o, ", ");
            esc(o, pp_json_str(s, "priority", ""));
            pp_buf_puts(o, ")");
            if (url) {
                pp_buf_puts(o, " <a href=\"");
                esc(o, url);
                pp_buf_puts(o, "\" rel=\"noreferrer\">");
                esc(o, url);
                pp_buf_puts(o, "</a>");
            } else if (pp_json_str(s, "note", NULL)) {
                pp_buf_puts(o, " \xE2\x80\x94 ");
                esc(o, pp_json_str(s, "note", NULL));
            }
            pp_buf_puts(o, "</dd>\n");
        }
    }
    pp_buf_puts(o, "</dl></section>\n");
    cJSON_Delete(seen);
}

int pp_report_html(pp_buf *o, const pp_report_set *set)
{
    static const char *const levels[] = {"fact",           "reported",
                                         "interpretation", "general",
                                         "derived",        "undisclosed",
                                         "absent"};
    size_t start = o->len;
    pp_buf_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                   "<meta charset=\"utf-8\">\n"
                   "<meta name=\"viewport\" content=\"width=device-width, "
                   "initial-scale=1\">\n"
                   "<meta http-equiv=\"Content-Security-Policy\" "
                   "content=\"default-src 'none'; style-src 'unsafe-inline'; "
                   "script-src 'unsafe-inline'; img-src data:\">\n"
                   "<title>Run passports side by side</title>\n<style>");
    pp_buf_puts(o, css);
    pp_buf_puts(o, "</style>\n</head>\n<body>\n<header>\n"
                   "<h1>Run passports side by side</h1>\n<p class=\"meta\">");
    pp_buf_printf(o, "%zu passports", set->n);
    if (set->as_of) {
        pp_buf_puts(o, " \xC2\xB7 registry ");
        esc(o, set->as_of);
    }
    pp_buf_puts(o, " \xC2\xB7 made by <code>passport report</code>; derived "
                   "values are recomputed, never typed in.</p>\n"
                   "<h2 id=\"legend-h\">Evidence levels</h2>\n"
                   "<ul class=\"legend\" aria-labelledby=\"legend-h\">\n");
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
        pp_buf_puts(o, "<li>");
        badge(o, levels[i]);
        pp_buf_puts(o, " ");
        esc(o, rp_level_meaning(levels[i]));
        pp_buf_puts(o, "</li>\n");
    }
    pp_buf_puts(o, "</ul>\n</header>\n<main>\n<p><label for=\"filter\">Filter"
                   "</label><input type=\"search\" id=\"filter\" "
                   "placeholder=\"name, optimizer, format...\" "
                   "aria-describedby=\"shown\"> <span id=\"shown\" "
                   "aria-live=\"polite\">");
    pp_buf_printf(o, "%zu of %zu passports shown", set->n, set->n);
    pp_buf_puts(o, "</span></p>\n<div class=\"scroll\">\n"
                   "<table id=\"passports\">\n<caption>Passports: every "
                   "value with its evidence level and source; select a "
                   "column heading to sort</caption>\n<thead><tr>");
    for (size_t i = 0; i < sizeof columns / sizeof *columns; i++) {
        pp_buf_printf(o,
                      "<th scope=\"col\" data-type=\"%s\"><button "
                      "type=\"button\">",
                      columns[i].numeric ? "num" : "text");
        esc(o, columns[i].label);
        pp_buf_puts(o, "</button></th>");
    }
    pp_buf_puts(o, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < set->n; i++) {
        const cJSON *d = set->docs[i];
        struct rp_cell c;
        pp_buf_puts(o, "<tr id=\"p-");
        esc(o, pp_json_str(d, "id", NULL));
        pp_buf_puts(o, "\">\n<th scope=\"row\" data-label=\"Passport\">"
                       "<span class=\"v\">");
        esc(o, pp_json_str(d, "name", NULL));
        pp_buf_puts(o, "</span><br><code>");
        esc(o, pp_json_str(d, "id", NULL));
        pp_buf_puts(o, "</code> \xC2\xB7 ");
        esc(o, pp_json_str(d, "kind", ""));
        if (pp_json_str(d, "developer", NULL)) {
            pp_buf_puts(o, " \xC2\xB7 ");
            esc(o, pp_json_str(d, "developer", NULL));
        }
        pp_buf_puts(o, "</th>\n");
        fact_td(o, d, "params.total", "Total parameters");
        fact_td(o, d, "params.active", "Active parameters");
        fact_td(o, d, "training.tokens", "Training tokens");
        fact_td(o, d, "context.length", "Context");
        rp_compute_cell(d, &c);
        value_cell(o, "Training compute (6ND)", &c);
        rp_tpp_cell(d, &c);
        value_cell(o, "Tokens per parameter", &c);
        optimizer_td(o, d);
        precision_td(o, d);
        stability_td(o, d);
        unknowns_td(o, d);
        pp_buf_puts(o, "</tr>\n");
    }
    pp_buf_puts(o, "</tbody>\n</table>\n</div>\n");
    sources_section(o, set);
    pp_buf_puts(o, "</main>\n<script>");
    pp_buf_puts(o, script);
    pp_buf_puts(o, "</script>\n</body>\n</html>\n");
    if (o->len == start || !o->ptr)
        return pp_error_set(PP_ENOMEM, "out of memory");
    return 0;
}
