/*
 * util.c - helpers shared by the command files.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "../core/error.h"
#include "../core/num.h"
#include "../core/banned.h"

int cli_fail(int code, const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "passport %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "passport %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'passport %s --help')\n", cmd);
    return PP_EXIT_USAGE;
}

int cli_parse_format(const char *cmd, const char *arg, const char *allowed,
                     enum pp_format *out)
{
    static const struct {
        const char *name;
        enum pp_format fmt;
    } names[] = {{"text", PP_FMT_TEXT}, {"table", PP_FMT_TABLE},
                 {"json", PP_FMT_JSON}};
    size_t n = strlen(arg);

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const char *hit = strstr(allowed, names[i].name);
        if (strcmp(arg, names[i].name) == 0 && hit &&
            (hit[n] == '\0' || hit[n] == ',')) {
            *out = names[i].fmt;
            return 0;
        }
    }
    cli_usage(cmd, "unknown format '%s' (expected one of: %s)", arg,
              allowed);
    return -1;
}

int cli_exit_for(int rc)
{
    switch (rc) {
    case 0: return PP_EXIT_OK;
    case PP_EINVALID: return PP_EXIT_CHECK;
    case PP_EUSAGE: return PP_EXIT_USAGE;
    default: return PP_EXIT_FAILURE;
    }
}

void cli_print_diags(FILE *f, const pp_diags *d)
{
    for (size_t i = 0; i < d->count; i++) {
        const pp_diag *x = &d->items[i];
        if (!x->file)
            fprintf(f, "%s\n", x->message);
        else if (x->pointer[0])
            fprintf(f, "%s: %s: %s\n", x->file, x->pointer, x->message);
        else
            fprintf(f, "%s: %s\n", x->file, x->message);
    }
    if (d->dropped)
        fprintf(f, "... and %zu more\n", d->dropped);
}

int cli_open_registry(const char *cmd, pp_registry **out)
{
    pp_diags d = PP_DIAGS_INIT;
    const char *dir = pp_registry_shipped_dir();
    int rc = pp_registry_open_dir(out, dir, &d);

    if (rc == PP_EINVALID) {
        cli_print_diags(stderr, &d);
        pp_diags_dispose(&d);
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s; run 'passport validate' "
                        "to see every problem", pp_error_last());
    }
    pp_diags_dispose(&d);
    if (rc < 0)
        return cli_fail(cli_exit_for(rc), cmd, "%s", pp_error_last());
    return 0;
}

int cli_resolve(const char *cmd, const pp_registry *r, const char *query,
                const pp_passport **out)
{
    int rc = pp_registry_resolve(r, query, out);
    if (rc < 0)
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last());
    return 0;
}

int cli_flush(const char *cmd, const pp_buf *b)
{
    if (b->len && fwrite(b->ptr, 1, b->len, stdout) != b->len)
        return cli_fail(PP_EXIT_FAILURE, cmd, "cannot write output: %s",
                        strerror(errno));
    if (fflush(stdout) != 0)
        return cli_fail(PP_EXIT_FAILURE, cmd, "cannot write output: %s",
                        strerror(errno));
    return 0;
}

int cli_format_fact_value(pp_buf *out, const cJSON *fact)
{
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(fact, "status");
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(fact, "value");
    const cJSON *q = cJSON_GetObjectItemCaseSensitive(fact, "qualifier");
    const cJSON *sig = cJSON_GetObjectItemCaseSensitive(fact, "sig_digits");

    if (!fact)
        return pp_buf_puts(out, "-");
    if (cJSON_IsString(status) &&
        strcmp(status->valuestring, "undisclosed") == 0)
        return pp_buf_puts(out, "undisclosed");
    if (cJSON_IsNumber(value)) {
        if (cJSON_IsString(q) && strcmp(q->valuestring, "=") != 0)
            pp_buf_puts(out, q->valuestring);
        return pp_num_human(out, value->valuedouble,
                            cJSON_IsNumber(sig) ? (int)sig->valuedouble : 0);
    }
    if (cJSON_IsString(value))
        return pp_buf_puts(out, value->valuestring);
    if (cJSON_IsArray(value)) {
        const cJSON *c;
        cJSON_ArrayForEach(c, value)
        {
            pp_buf_puts(out, c->valuestring);
            if (c->next)
                pp_buf_puts(out, ", ");
        }
        return 0;
    }
    return pp_buf_puts(out, "-");
}

static const struct {
    const char *unit;
    const char *shown;
} unit_names[] = {
    {"param", "parameters"}, {"token", "tokens"}, {"device", "devices"},
    {"expert", "experts"},   {"spike", "spikes"},
    {"token/param", "tokens per parameter"},
};

int cli_format_quantity(pp_buf *out, double v, int sig, const char *unit)
{
    if (unit && (strcmp(unit, "FLOP/s") == 0 || strcmp(unit, "FLOP") == 0)) {
        /* Rates read best with an SI prefix on the unit (390 TFLOP/s);
         * totals in scientific form (7.227e23 FLOP), as reports print
         * them. */
        static const struct {
            double scale;
            const char *prefix;
        } si[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}};
        if (strcmp(unit, "FLOP/s") == 0) {
            for (size_t i = 0; i < sizeof(si) / sizeof(si[0]); i++) {
                if (v >= si[i].scale) {
                    pp_num_human(out, v / si[i].scale, sig);
                    return pp_buf_printf(out, " %sFLOP/s", si[i].prefix);
                }
            }
        }
        if (v >= 1e15 || strcmp(unit, "FLOP/s") == 0) {
            pp_num_human(out, v, sig);
            return pp_buf_printf(out, " %s", unit);
        }
    }
    pp_num_human(out, v, sig);
    if (!unit)
        return 0;
    for (size_t i = 0; i < sizeof(unit_names) / sizeof(unit_names[0]); i++)
        if (strcmp(unit, unit_names[i].unit) == 0)
            return pp_buf_printf(out, " %s", unit_names[i].shown);
    return pp_buf_printf(out, " %s", unit);
}

void cli_format_evidence(pp_buf *out, const cJSON *ev)
{
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(ev, "level");
    const cJSON *prov = cJSON_GetObjectItemCaseSensitive(ev, "provenance");
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(ev, "source");
    const cJSON *sec = cJSON_GetObjectItemCaseSensitive(ev, "section");
    const cJSON *quote = cJSON_GetObjectItemCaseSensitive(ev, "quote");
    const cJSON *via = cJSON_GetObjectItemCaseSensitive(ev, "via");

    if (cJSON_IsString(level))
        pp_buf_printf(out, "[%s] ", level->valuestring);
    pp_buf_printf(out, "%s %s", src->valuestring, sec->valuestring);
    if (cJSON_IsString(prov))
        pp_buf_printf(out, " (%s)", prov->valuestring);
    if (cJSON_IsString(quote))
        pp_buf_printf(out, " \"%s\"", quote->valuestring);
    if (via) {
        const cJSON *vs = cJSON_GetObjectItemCaseSensitive(via, "source");
        const cJSON *vsec = cJSON_GetObjectItemCaseSensitive(via, "section");
        const cJSON *vq = cJSON_GetObjectItemCaseSensitive(via, "quote");
        pp_buf_printf(out, "; via %s %s", vs->valuestring, vsec->valuestring);
        if (cJSON_IsString(vq))
            pp_buf_printf(out, ": \"%s\"", vq->valuestring);
    }
}

static void format_one_scaling(pp_buf *out, const cJSON *sc)
{
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(sc, "operand");
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(sc, "granularity");
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(sc, "shape");
    const cJSON *bs = cJSON_GetObjectItemCaseSensitive(sc, "block_size");
    const cJSON *sf = cJSON_GetObjectItemCaseSensitive(sc, "scale_format");
    const cJSON *axis = cJSON_GetObjectItemCaseSensitive(sc, "axis");
    const cJSON *c;

    pp_buf_printf(out, "%s: %s", op->valuestring, g->valuestring);
    if (cJSON_IsArray(shape)) {
        pp_buf_putc(out, ' ');
        cJSON_ArrayForEach(c, shape)
            pp_buf_printf(out, "%d%s", (int)c->valuedouble,
                          c->next ? "x" : "");
    }
    if (cJSON_IsNumber(bs))
        pp_buf_printf(out, ", blocks of %d", (int)bs->valuedouble);
    if (cJSON_IsString(sf))
        pp_buf_printf(out, ", scale %s", sf->valuestring);
    if (cJSON_IsString(axis))
        pp_buf_printf(out, ", %s", axis->valuestring);
}

void cli_format_scaling(pp_buf *out, const cJSON *list)
{
    const cJSON *sc;
    cJSON_ArrayForEach(sc, list)
    {
        format_one_scaling(out, sc);
        if (sc->next)
            pp_buf_puts(out, "; ");
    }
}
