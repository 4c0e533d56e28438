/*
 * cmd_list.c - passport list: one line (table) or one object (json) per
 * passport, in id order.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport list [--format table|json]\n"
    "\n"
    "List the passports of the registry (for now: the shipped passports).\n"
    "\n"
    "  -f, --format FMT   table (default) for people; json: an array of\n"
    "                     objects with id, name, aliases, developer, kind\n"
    "                     and the headline facts\n"
    "  -h, --help         show this help\n";

static const char *const headline_facts[] = {
    "params.total", "params.active", "training.tokens", "context.length",
};
static const char *const headline_titles[] = {
    "TOTAL", "ACTIVE", "TOKENS", "CONTEXT",
};
#define NHEAD (sizeof(headline_facts) / sizeof(headline_facts[0]))

static void pad(pp_buf *out, const char *s, size_t width)
{
    size_t n = pp_utf8_count(s, strlen(s));
    pp_buf_puts(out, s);
    while (n++ < width)
        pp_buf_putc(out, ' ');
}

static int list_table(const pp_registry *r, pp_buf *out)
{
    size_t wid = 2, wname = 4;
    size_t n = pp_registry_count(r);

    for (size_t i = 0; i < n; i++) {
        const pp_passport *p = pp_registry_at(r, i);
        size_t a = strlen(pp_passport_id(p));
        size_t b = pp_utf8_count(pp_passport_name(p),
                                 strlen(pp_passport_name(p)));
        wid = a > wid ? a : wid;
        wname = b > wname ? b : wname;
    }
    pad(out, "ID", wid + 2);
    pad(out, "NAME", wname + 2);
    for (size_t k = 0; k < NHEAD; k++)
        pad(out, headline_titles[k], k + 1 < NHEAD ? 13 : 0);
    pp_buf_putc(out, '\n');
    for (size_t i = 0; i < n; i++) {
        const pp_passport *p = pp_registry_at(r, i);
        pad(out, pp_passport_id(p), wid + 2);
        pad(out, pp_passport_name(p), wname + 2);
        for (size_t k = 0; k < NHEAD; k++) {
            pp_buf v = PP_BUF_INIT;
            cli_format_fact_value(&v, pp_passport_fact(p, headline_facts[k]));
            pad(out, pp_buf_cstr(&v), k + 1 < NHEAD ? 13 : 0);
            pp_buf_dispose(&v);
        }
        /* No trailing blanks: trim what the last column left. */
        while (out->len && out->ptr[out->len - 1] == ' ')
            out->ptr[--out->len] = '\0';
        pp_buf_putc(out, '\n');
    }
    return 0;
}

static int list_json(const pp_registry *r, pp_buf *out)
{
    cJSON *arr = cJSON_CreateArray();
    int rc;

    if (!arr)
        return -1;
    for (size_t i = 0; i < pp_registry_count(r); i++) {
        const cJSON *doc = pp_passport_json(pp_registry_at(r, i));
        cJSON *o = cJSON_CreateObject();
        cJSON *facts = cJSON_CreateObject();
        static const char *const copy[] = {"id", "name", "aliases",
                                           "developer", "kind", "family"};
        for (size_t k = 0; k < sizeof(copy) / sizeof(copy[0]); k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, copy[k]);
            if (v)
                cJSON_AddItemToObject(o, copy[k], cJSON_Duplicate(v, 1));
        }
        for (size_t k = 0; k < NHEAD; k++) {
            const cJSON *f = pp_passport_fact(pp_registry_at(r, i),
                                              headline_facts[k]);
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(f, "value");
            const cJSON *st = cJSON_GetObjectItemCaseSensitive(f, "status");
            if (v)
                cJSON_AddItemToObject(facts, headline_facts[k],
                                      cJSON_Duplicate(v, 1));
            else if (st)
                cJSON_AddItemToObject(facts, headline_facts[k],
                                      cJSON_Duplicate(st, 1));
        }
        cJSON_AddItemToObject(o, "facts", facts);
        cJSON_AddItemToArray(arr, o);
    }
    rc = pp_passport_canonical(arr, out);
    cJSON_Delete(arr);
    return rc;
}

int cmd_list(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum pp_format fmt = PP_FMT_TABLE;
    pp_registry *r = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("list", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("list", optarg, "table,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h':
            fputs(usage_text, stdout);
            return PP_EXIT_OK;
        default:
            return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("list", "unexpected argument '%s'", argv[optind]);
    if ((rc = cli_open_registry("list", &r)) != 0)
        return rc;
    rc = fmt == PP_FMT_JSON ? list_json(r, &out) : list_table(r, &out);
    if (rc < 0)
        rc = cli_fail(PP_EXIT_FAILURE, "list", "out of memory");
    else
        rc = cli_flush("list", &out);
    pp_buf_dispose(&out);
    pp_registry_free(r);
    return rc;
}
