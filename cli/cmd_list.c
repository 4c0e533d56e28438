/*
 * cmd_list.c - passport list: one line (table) or one object (json) per
 * passport, in id order.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport list [--at REV|DATE] [--format table|json]\n"
    "\n"
    "List the passports of the registry, with their headline facts.\n"
    "\n"
    "  --at REV|DATE      the registry as of a revision (main~3, a commit,\n"
    "                     a tag) or a date (2026-07-29: the end of that\n"
    "                     day, UTC)\n"
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

static const cJSON *fact_of(const cJSON *item, size_t k)
{
    char key[64];
    snprintf(key, sizeof(key), "facts/%s", headline_facts[k]);
    return cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(item, "fields"), key);
}

static int list_table(const cJSON *items, pp_buf *out)
{
    size_t wid = 2, wname = 4;
    const cJSON *it;

    cJSON_ArrayForEach(it, items)
    {
        const char *id = cJSON_GetObjectItemCaseSensitive(it, "id")->valuestring;
        const char *nm = cJSON_GetObjectItemCaseSensitive(it, "name")->valuestring;
        size_t a = strlen(id), b = pp_utf8_count(nm, strlen(nm));
        wid = a > wid ? a : wid;
        wname = b > wname ? b : wname;
    }
    pad(out, "ID", wid + 2);
    pad(out, "NAME", wname + 2);
    for (size_t k = 0; k < NHEAD; k++)
        pad(out, headline_titles[k], k + 1 < NHEAD ? 13 : 0);
    pp_buf_putc(out, '\n');
    cJSON_ArrayForEach(it, items)
    {
        pad(out, cJSON_GetObjectItemCaseSensitive(it, "id")->valuestring,
            wid + 2);
        pad(out, cJSON_GetObjectItemCaseSensitive(it, "name")->valuestring,
            wname + 2);
        for (size_t k = 0; k < NHEAD; k++) {
            pp_buf v = PP_BUF_INIT;
            pp_fact_format(&v, fact_of(it, k));
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

static int list_json(const cJSON *items, pp_buf *out)
{
    cJSON *arr = cJSON_CreateArray();
    const cJSON *it;
    int rc;

    if (!arr)
        return -1;
    cJSON_ArrayForEach(it, items)
    {
        const cJSON *fields = cJSON_GetObjectItemCaseSensitive(it, "fields");
        cJSON *o = cJSON_CreateObject();
        cJSON *facts = cJSON_CreateObject();
        static const char *const copy[] = {"aliases", "developer", "kind",
                                           "family"};
        cJSON_AddItemToObject(o, "id", cJSON_Duplicate(
            cJSON_GetObjectItemCaseSensitive(it, "id"), 1));
        cJSON_AddItemToObject(o, "name", cJSON_Duplicate(
            cJSON_GetObjectItemCaseSensitive(it, "name"), 1));
        for (size_t k = 0; k < sizeof(copy) / sizeof(copy[0]); k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(fields, copy[k]);
            if (v)
                cJSON_AddItemToObject(o, copy[k], cJSON_Duplicate(v, 1));
        }
        for (size_t k = 0; k < NHEAD; k++) {
            const cJSON *f = fact_of(it, k);
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
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const char *const keys[] = {
        "aliases", "developer", "kind", "family", "facts/params.total",
        "facts/params.active", "facts/training.tokens",
        "facts/context.length", NULL,
    };
    enum pp_format fmt = PP_FMT_TABLE;
    pp_reg *r = NULL;
    pp_at at;
    cJSON *items = NULL;
    const char *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("list", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("list", optarg, "table,json", &fmt) < 0)
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
    if (optind < argc)
        return cli_usage("list", "unexpected argument '%s'", argv[optind]);
    if ((rc = cli_open_reg("list", &r)) != 0)
        return rc;
    if ((rc = cli_at("list", r, at_spec, &at)) != 0)
        goto done;
    if ((rc = pp_reg_list(r, &at, keys, &items)) < 0) {
        rc = cli_lib_fail("list", rc);
        goto done;
    }
    rc = fmt == PP_FMT_JSON ? list_json(items, &out) : list_table(items, &out);
    if (rc < 0)
        rc = cli_fail(PP_EXIT_FAILURE, "list", "out of memory");
    else
        rc = cli_flush("list", &out);
done:
    cJSON_Delete(items);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
