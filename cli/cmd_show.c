/*
 * cmd_show.c - passport show ID|ALIAS: the whole passport, grouped for
 * people (every value with its level and source) or as canonical JSON.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/num.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport show [--at REV|DATE] [--format text|json] ID|ALIAS\n"
    "\n"
    "Show one passport.  Text groups it into identity, facts, precision\n"
    "roles, optimizer, stability, claims, unknowns, boundaries and\n"
    "sources; every value carries its evidence level in brackets and its\n"
    "source and section.  JSON prints the canonical document.\n"
    "\n"
    "  --at REV|DATE      the passport as of a revision or a date\n"
    "  -f, --format FMT   text (default) or json\n"
    "  -h, --help         show this help\n";

#define GET(o, k) cJSON_GetObjectItemCaseSensitive((o), (k))

static void heading(pp_buf *out, const char *title)
{
    pp_buf_printf(out, "\n%s\n", title);
}

static void evidence_lines(pp_buf *out, const cJSON *list, const char *ind)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list)
    {
        pp_buf_printf(out, "%s", ind);
        cli_format_evidence(out, e);
        pp_buf_putc(out, '\n');
    }
}

static void show_identity(pp_buf *out, const cJSON *doc)
{
    const cJSON *aliases = GET(doc, "aliases"), *dates = GET(doc, "dates");
    const cJSON *summary = GET(doc, "summary"), *family = GET(doc, "family");
    const cJSON *c;

    pp_buf_printf(out, "%s (%s)\n", GET(doc, "name")->valuestring,
                  GET(doc, "id")->valuestring);
    pp_buf_printf(out, "  developer: %s\n", GET(doc, "developer")->valuestring);
    pp_buf_printf(out, "  kind: %s\n", GET(doc, "kind")->valuestring);
    if (cJSON_IsString(family))
        pp_buf_printf(out, "  family: %s\n", family->valuestring);
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
    if (cJSON_IsString(summary))
        pp_buf_printf(out, "  summary: %s\n", summary->valuestring);
}

static void show_facts(pp_buf *out, const cJSON *facts)
{
    const cJSON *f;
    if (cJSON_GetArraySize(facts) == 0)
        return;
    heading(out, "Facts");
    cJSON_ArrayForEach(f, facts)
    {
        const cJSON *v = GET(f, "value"), *unit = GET(f, "unit");
        const cJSON *q = GET(f, "qualifier"), *sig = GET(f, "sig_digits");
        const cJSON *note = GET(f, "note");
        pp_buf_printf(out, "  %s: ", f->string);
        if (strcmp(GET(f, "status")->valuestring, "undisclosed") == 0) {
            pp_buf_puts(out, "undisclosed");
        } else if (cJSON_IsNumber(v)) {
            if (strcmp(q->valuestring, "=") != 0)
                pp_buf_printf(out, "%s ", q->valuestring);
            pp_quantity_format(out, v->valuedouble, (int)sig->valuedouble,
                                unit->valuestring);
        } else {
            pp_fact_format(out, f);
        }
        pp_buf_putc(out, '\n');
        if (cJSON_IsString(note))
            pp_buf_printf(out, "      note: %s\n", note->valuestring);
        evidence_lines(out, GET(f, "evidence"), "      ");
    }
}

static void show_precision(pp_buf *out, const cJSON *prec)
{
    const cJSON *head = GET(prec, "headline"), *r, *c;
    if (!prec)
        return;
    heading(out, "Precision roles");
    if (head) {
        pp_buf_printf(out, "  headline: %s (%s; ",
                      GET(head, "text")->valuestring,
                      GET(head, "stage")->valuestring);
        cJSON_ArrayForEach(c, GET(head, "formats"))
            pp_buf_printf(out, "%s%s", c->valuestring, c->next ? ", " : ")\n");
        evidence_lines(out, GET(head, "evidence"), "      ");
    }
    cJSON_ArrayForEach(r, GET(prec, "roles"))
    {
        const cJSON *f = GET(r, "format"), *sc = GET(r, "scaling");
        const cJSON *pi = GET(r, "promotion_interval");
        const cJSON *bits = GET(r, "accumulator_bits");
        const cJSON *rnd = GET(r, "rounding"), *note = GET(r, "note");
        pp_buf_printf(out, "  %s: ", r->string);
        if (cJSON_IsString(f))
            pp_buf_puts(out, f->valuestring);
        else
            cJSON_ArrayForEach(c, f)
                pp_buf_printf(out, "%s%s", c->valuestring,
                              c->next ? " or " : "");
        pp_buf_printf(out, " (%s)", GET(r, "stage")->valuestring);
        if (sc) {
            pp_buf_puts(out, "; scaling ");
            cli_format_scaling(out, sc);
        }
        if (cJSON_IsNumber(pi))
            pp_buf_printf(out, "; promoted every %d elements",
                          (int)pi->valuedouble);
        if (cJSON_IsNumber(bits))
            pp_buf_printf(out, "; ~%d-bit accumulation",
                          (int)bits->valuedouble);
        if (cJSON_IsString(rnd))
            pp_buf_printf(out, "; %s rounding", rnd->valuestring);
        pp_buf_putc(out, '\n');
        if (cJSON_IsString(note))
            pp_buf_printf(out, "      note: %s\n", note->valuestring);
        evidence_lines(out, GET(r, "evidence"), "      ");
    }
}

static void show_hyper(pp_buf *out, const cJSON *hyper)
{
    const cJSON *h;
    cJSON_ArrayForEach(h, hyper)
    {
        pp_buf_printf(out, "%s%s=", h == hyper->child ? "" : ", ", h->string);
        if (cJSON_IsNumber(h)) {
            pp_buf tmp = PP_BUF_INIT;
            pp_num_human(&tmp, h->valuedouble, 0);
            pp_buf_puts(out, pp_buf_cstr(&tmp));
            pp_buf_dispose(&tmp);
        } else if (cJSON_IsString(h)) {
            pp_buf_puts(out, h->valuestring);
        } else {
            pp_buf_puts(out, cJSON_IsTrue(h) ? "true" : "false");
        }
    }
}

static void show_optimizer(pp_buf *out, const cJSON *opt)
{
    const cJSON *g;
    if (!opt)
        return;
    heading(out, "Optimizer");
    if (cJSON_IsString(GET(opt, "summary")))
        pp_buf_printf(out, "  %s\n", GET(opt, "summary")->valuestring);
    cJSON_ArrayForEach(g, GET(opt, "groups"))
    {
        pp_buf_printf(out, "  %s: %s", GET(g, "optimizer")->valuestring,
                      GET(g, "params")->valuestring);
        if (GET(g, "hyper")) {
            pp_buf_puts(out, " (");
            show_hyper(out, GET(g, "hyper"));
            pp_buf_putc(out, ')');
        }
        pp_buf_putc(out, '\n');
        if (cJSON_IsString(GET(g, "note")))
            pp_buf_printf(out, "      note: %s\n", GET(g, "note")->valuestring);
        evidence_lines(out, GET(g, "evidence"), "      ");
    }
}

static void show_stability(pp_buf *out, const cJSON *st)
{
    const cJSON *m;
    if (!st)
        return;
    heading(out, "Stability");
    cJSON_ArrayForEach(m, GET(st, "mechanisms"))
    {
        pp_buf_printf(out, "  mechanism %s: %s", GET(m, "name")->valuestring,
                      GET(m, "detail")->valuestring);
        if (GET(m, "params")) {
            pp_buf_puts(out, " (");
            show_hyper(out, GET(m, "params"));
            pp_buf_putc(out, ')');
        }
        pp_buf_putc(out, '\n');
        evidence_lines(out, GET(m, "evidence"), "      ");
    }
    cJSON_ArrayForEach(m, GET(st, "events"))
    {
        const cJSON *at = GET(m, "at_tokens");
        pp_buf_printf(out, "  event %s", GET(m, "kind")->valuestring);
        if (cJSON_IsNumber(at)) {
            pp_buf_puts(out, " near ");
            pp_quantity_format(out, at->valuedouble, 0, "token");
        }
        pp_buf_printf(out, ": %s\n", GET(m, "detail")->valuestring);
        if (cJSON_IsString(GET(m, "cause")))
            pp_buf_printf(out, "      cause: %s\n", GET(m, "cause")->valuestring);
        if (cJSON_IsString(GET(m, "resolution")))
            pp_buf_printf(out, "      resolution: %s\n",
                          GET(m, "resolution")->valuestring);
        evidence_lines(out, GET(m, "evidence"), "      ");
    }
}

static void show_list(pp_buf *out, const char *title, const cJSON *list)
{
    const cJSON *c, *n;
    if (cJSON_GetArraySize(list) == 0)
        return;
    heading(out, title);
    cJSON_ArrayForEach(c, list)
    {
        const cJSON *level = GET(c, "level");
        pp_buf_printf(out, "  %s: ", GET(c, "id")->valuestring);
        if (cJSON_IsString(level))
            pp_buf_printf(out, "[%s%s] ", level->valuestring,
                          cJSON_IsTrue(GET(c, "hypothesis")) ? ", hypothesis"
                                                             : "");
        pp_buf_printf(out, "%s\n", GET(c, "text")->valuestring);
        cJSON_ArrayForEach(n, GET(c, "not"))
            pp_buf_printf(out, "      not: %s\n", n->valuestring);
        evidence_lines(out, GET(c, "supports"), "      ");
    }
}

static void show_sources(pp_buf *out, const cJSON *sources)
{
    const cJSON *s;
    heading(out, "Sources");
    cJSON_ArrayForEach(s, sources)
    {
        const cJSON *url = GET(s, "url"), *date = GET(s, "date");
        pp_buf_printf(out, "  %s: %s (%s, %s", GET(s, "id")->valuestring,
                      GET(s, "title")->valuestring,
                      GET(s, "kind")->valuestring,
                      GET(s, "priority")->valuestring);
        if (cJSON_IsString(date))
            pp_buf_printf(out, ", %s", date->valuestring);
        pp_buf_putc(out, ')');
        if (cJSON_IsString(url))
            pp_buf_printf(out, " %s", url->valuestring);
        pp_buf_putc(out, '\n');
    }
}

static void show_text(pp_buf *out, const cJSON *doc)
{
    show_identity(out, doc);
    show_facts(out, GET(doc, "facts"));
    show_precision(out, GET(doc, "precision"));
    show_optimizer(out, GET(doc, "optimizer"));
    show_stability(out, GET(doc, "stability"));
    show_list(out, "Claims", GET(doc, "claims"));
    show_list(out, "Unknowns", GET(doc, "unknowns"));
    show_list(out, "Boundaries", GET(doc, "boundaries"));
    show_sources(out, GET(doc, "sources"));
}

int cmd_show(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum pp_format fmt = PP_FMT_TEXT;
    pp_reg *r = NULL;
    pp_passport *p = NULL;
    const char *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("show", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("show", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a':
            at_spec = optarg;
            break;
        case 'h':
            fputs(usage_text, stdout);
            return PP_EXIT_OK;
        default:
            return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("show", "expected one ID|ALIAS");
    if ((rc = cli_load_passport("show", at_spec, argv[optind], &r, &p)) != 0)
        return rc;
    {
        if (fmt == PP_FMT_JSON) {
            if (pp_passport_canonical(pp_passport_json(p), &out) < 0)
                rc = cli_fail(PP_EXIT_FAILURE, "show", "%s",
                              pp_error_last());
        } else {
            show_text(&out, pp_passport_json(p));
        }
        if (rc == 0)
            rc = cli_flush("show", &out);
    }
    pp_passport_free(p);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
