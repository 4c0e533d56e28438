/*
 * cmd_get.c - passport get ID|ALIAS FACT: one fact (or one precision
 * role) of one passport, with its evidence.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

static void usage(FILE *f)
{
    const cJSON *vocab = pp_vocab();
    const cJSON *c;

    fputs("usage: passport get [--at REV|DATE] [--format text|json] ID|ALIAS "
          "FACT\n"
          "\n"
          "Print one fact of one passport with its qualifier, reported\n"
          "precision, status and evidence.  ID|ALIAS is matched case- and\n"
          "punctuation-insensitively (k2, Kimi-K2, 'DeepSeek V3'); FACT is a\n"
          "name of the fact vocabulary, or precision.ROLE for the format of\n"
          "one tensor role (precision.optimizer.moments).\n"
          "\n"
          "  --at REV|DATE      the fact as of a revision (main~2, a commit,\n"
          "                     a tag) or a date (2026-07-29: the end of that\n"
          "                     day, UTC)\n"
          "  -f, --format FMT   text (default) or json: an object with\n"
          "                     passport, fact, value, unit, qualifier,\n"
          "                     sig_digits, status, level, provenance, source,\n"
          "                     section and the full evidence list; an\n"
          "                     undisclosed fact has no value\n"
          "  -h, --help         show this help\n"
          "\n"
          "facts:\n",
          f);
    cJSON_ArrayForEach(c, vocab)
    {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(c, "description");
        fprintf(f, "  %-32s %s\n", c->string,
                cJSON_IsString(d) ? d->valuestring : "");
    }
    fputs("\nexit status: 0 found, 2 usage (unknown fact name), 3 no such "
          "passport,\nambiguous name, or fact not recorded\n",
          f);
}

static int role_known(const char *role)
{
    const cJSON *root = pp_schema_document(pp_passport_schema());
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(root, "$defs");
    const cJSON *prec = cJSON_GetObjectItemCaseSensitive(defs, "precision");
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(prec, "properties");
    const cJSON *roles = cJSON_GetObjectItemCaseSensitive(props, "roles");
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(roles,
                                                          "propertyNames");
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(names, "enum"))
    {
        if (strcmp(e->valuestring, role) == 0)
            return 1;
    }
    return 0;
}

/* Copy the primary evidence's fields to the top of `o`, so that tools find
 * level, source and section without walking the list. */
static void add_primary(cJSON *o, const cJSON *entry)
{
    const cJSON *ev = cJSON_GetObjectItemCaseSensitive(entry, "evidence");
    const cJSON *first = cJSON_GetArrayItem(ev, 0);
    static const char *const keys[] = {"level", "provenance", "source",
                                       "section", "quote"};
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(first, keys[i]);
        if (v)
            cJSON_AddItemToObject(o, keys[i], cJSON_Duplicate(v, 1));
    }
}

static void text_evidence(pp_buf *out, const cJSON *entry)
{
    const cJSON *ev = cJSON_GetObjectItemCaseSensitive(entry, "evidence");
    const cJSON *e;
    cJSON_ArrayForEach(e, ev)
    {
        pp_buf_puts(out, "  evidence: ");
        cli_format_evidence(out, e);
        pp_buf_putc(out, '\n');
    }
}

/* The JSON answer: the entry itself, named, with its primary evidence on
 * top. */
static int entry_json(const pp_passport *p, const char *name,
                      const cJSON *entry, pp_buf *out)
{
    cJSON *o = cJSON_Duplicate(entry, 1);
    int rc;
    cJSON_AddStringToObject(o, "passport", pp_passport_id(p));
    cJSON_AddStringToObject(o, "fact", name);
    add_primary(o, entry);
    rc = pp_passport_canonical(o, out);
    cJSON_Delete(o);
    return rc;
}

static int get_fact(const pp_passport *p, const char *name, const cJSON *f,
                    enum pp_format fmt, pp_buf *out)
{
    if (fmt == PP_FMT_JSON) {
        return entry_json(p, name, f, out);
    } else {
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(f, "status");
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(f, "value");
        const cJSON *q = cJSON_GetObjectItemCaseSensitive(f, "qualifier");
        const cJSON *sig = cJSON_GetObjectItemCaseSensitive(f, "sig_digits");
        const cJSON *rep = cJSON_GetObjectItemCaseSensitive(f, "reported");
        const cJSON *unit = cJSON_GetObjectItemCaseSensitive(f, "unit");
        const cJSON *note = cJSON_GetObjectItemCaseSensitive(f, "note");

        pp_buf_printf(out, "%s %s: ", pp_passport_id(p), name);
        if (strcmp(st->valuestring, "undisclosed") == 0) {
            pp_buf_puts(out, "undisclosed\n");
        } else if (cJSON_IsNumber(v)) {
            if (strcmp(q->valuestring, "=") != 0)
                pp_buf_printf(out, "%s ", q->valuestring);
            pp_quantity_format(out, v->valuedouble, (int)sig->valuedouble,
                                unit->valuestring);
            pp_buf_printf(out, "\n  precision: %d significant digit%s",
                          (int)sig->valuedouble,
                          sig->valuedouble == 1 ? "" : "s");
            if (cJSON_IsString(rep))
                pp_buf_printf(out, " (reported as \"%s\")", rep->valuestring);
            pp_buf_putc(out, '\n');
        } else {
            pp_fact_format(out, f);
            pp_buf_putc(out, '\n');
        }
        if (cJSON_IsString(note))
            pp_buf_printf(out, "  note: %s\n", note->valuestring);
        text_evidence(out, f);
        return 0;
    }
}

static int get_role(const pp_passport *p, const char *name, const cJSON *r,
                    enum pp_format fmt, pp_buf *out)
{
    if (fmt == PP_FMT_JSON) {
        return entry_json(p, name, r, out);
    } else {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(r, "format");
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(r, "stage");
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(r, "scaling");
        const cJSON *pi = cJSON_GetObjectItemCaseSensitive(r,
                                                           "promotion_interval");
        const cJSON *note = cJSON_GetObjectItemCaseSensitive(r, "note");
        const cJSON *c;

        pp_buf_printf(out, "%s %s: ", pp_passport_id(p), name);
        if (cJSON_IsString(f))
            pp_buf_puts(out, f->valuestring);
        else
            cJSON_ArrayForEach(c, f)
                pp_buf_printf(out, "%s%s", c->valuestring,
                              c->next ? " or " : "");
        pp_buf_printf(out, " (%s)\n", st->valuestring);
        if (sc) {
            pp_buf_puts(out, "  scaling: ");
            cli_format_scaling(out, sc);
            pp_buf_putc(out, '\n');
        }
        if (cJSON_IsNumber(pi))
            pp_buf_printf(out, "  promotion interval: %d elements\n",
                          (int)pi->valuedouble);
        if (cJSON_IsString(note))
            pp_buf_printf(out, "  note: %s\n", note->valuestring);
        text_evidence(out, r);
        return 0;
    }
}

int cmd_get(int argc, char **argv)
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
    const char *fact, *at_spec = NULL;
    pp_buf out = PP_BUF_INIT;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("get", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("get", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a':
            at_spec = optarg;
            break;
        case 'h':
            usage(stdout);
            return PP_EXIT_OK;
        default:
            return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 2)
        return cli_usage("get", "expected ID|ALIAS and FACT");
    fact = argv[optind + 1];
    if (!pp_vocab_lookup(fact) &&
        !(strncmp(fact, "precision.", 10) == 0 && role_known(fact + 10)))
        return cli_usage("get", "'%s' is not a fact of the vocabulary",
                         fact);
    if ((rc = cli_load_passport("get", at_spec, argv[optind], &r, &p)) != 0)
        return rc;
    if (pp_vocab_lookup(fact)) {
        const cJSON *f = pp_passport_fact(p, fact);
        if (!f) {
            rc = cli_fail(PP_EXIT_FAILURE, "get", "%s records no '%s'",
                          pp_passport_id(p), fact);
            goto done;
        }
        rc = get_fact(p, fact, f, fmt, &out);
    } else {
        const cJSON *prec = cJSON_GetObjectItemCaseSensitive(
            pp_passport_json(p), "precision");
        const cJSON *roles = cJSON_GetObjectItemCaseSensitive(prec, "roles");
        const cJSON *role = cJSON_GetObjectItemCaseSensitive(roles,
                                                             fact + 10);
        if (!role) {
            rc = cli_fail(PP_EXIT_FAILURE, "get", "%s records no precision "
                          "role '%s'", pp_passport_id(p), fact + 10);
            goto done;
        }
        rc = get_role(p, fact, role, fmt, &out);
    }
    rc = rc < 0 ? cli_fail(PP_EXIT_FAILURE, "get", "%s", pp_error_last())
                : cli_flush("get", &out);
done:
    pp_passport_free(p);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
