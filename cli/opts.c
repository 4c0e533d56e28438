/*
 * opts.c - getopt_long wrapper.
 */
#define _GNU_SOURCE
#include "opts.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../core/error.h"
#include "../core/num.h"
#include "../core/banned.h"

void cli_getopt_reset(void)
{
    optind = 0; /* glibc: 0 re-initialises the scanner completely */
    opterr = 0;
}

int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
               const struct option *longopts)
{
    int c = getopt_long(argc, argv, shortopts, longopts, NULL);
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";

    if (c == ':') {
        if (strncmp(arg, "--", 2) == 0)
            cli_usage(cmd, "option '%s' needs an argument", arg);
        else
            cli_usage(cmd, "option '-%c' needs an argument", optopt);
        return '?';
    }
    if (c == '?') {
        if (optopt && strncmp(arg, "--", 2) != 0)
            cli_usage(cmd, "unknown option '-%c'", optopt);
        else
            cli_usage(cmd, "unknown option '%s'", arg);
        return '?';
    }
    return c;
}

/* ------------------------------------------------------------------ */
/* Named options: --name value pairs, each given at most once          */
/* ------------------------------------------------------------------ */

int cli_named_parse(struct cli_named *o, const char *cmd,
                    const char *repeatable, int argc, char **argv, int first)
{
    memset(o, 0, sizeof(*o));
    o->cmd = cmd;
    o->fmt = CLI_OUT_TEXT;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (o->positional)
                return cli_usage(cmd, "unexpected argument '%s'", a);
            o->positional = a;
            continue;
        }
        if (i + 1 >= argc)
            return cli_usage(cmd, "option '%s' needs a value", a);
        if (!strcmp(a, "--format")) {
            if (cli_parse_output(cmd, argv[++i], "text,json", &o->fmt) < 0)
                return PP_EXIT_USAGE;
            continue;
        }
        if (repeatable && !strcmp(a + 2, repeatable)) {
            if (o->nrepeated == CLI_NAMED_REPEAT)
                return cli_usage(cmd, "too many %s options", a);
            o->repeated[o->nrepeated++] = argv[++i];
            continue;
        }
        for (int k = 0; k < o->n; k++)
            if (!strcmp(o->name[k], a + 2))
                return cli_usage(cmd, "option '%s' given twice", a);
        if (o->n == CLI_NAMED_MAX)
            return cli_usage(cmd, "too many options");
        o->name[o->n] = a + 2;
        o->value[o->n++] = argv[++i];
    }
    return 0;
}

const char *cli_named_get(struct cli_named *o, const char *name)
{
    for (int k = 0; k < o->n; k++)
        if (!strcmp(o->name[k], name)) {
            o->used[k] = 1;
            return o->value[k];
        }
    return NULL;
}

int cli_named_num(struct cli_named *o, const char *name, const double *dflt,
                  double *out)
{
    const char *v = cli_named_get(o, name);
    if (!v) {
        if (dflt) {
            *out = *dflt;
            return 0;
        }
        return cli_usage(o->cmd, "missing --%s", name);
    }
    /* named as the calculators name it ("params must be ...") */
    if (pp_num_parse(v, name, out, NULL) < 0)
        return cli_fail(PP_EXIT_USAGE, o->cmd, "%s", pp_error_last());
    return 0;
}

int cli_named_list(struct cli_named *o, const char *name, double *v, size_t max,
                   size_t *n)
{
    const char *s = cli_named_get(o, name);
    char buf[64];
    *n = 0;
    if (!s)
        return cli_usage(o->cmd, "missing --%s", name);
    while (*s) {
        size_t len = strcspn(s, ",");
        if (*n == max)
            return cli_usage(o->cmd, "%s: at most %zu values", name, max);
        if (len >= sizeof(buf))
            return cli_usage(o->cmd, "%s: value too long", name);
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (pp_num_parse(buf, name, &v[(*n)++], NULL) < 0)
            return cli_fail(PP_EXIT_USAGE, o->cmd, "%s", pp_error_last());
        s += len;
        if (*s == ',')
            s++;
    }
    if (*n == 0)
        return cli_usage(o->cmd, "%s: no values", name);
    return 0;
}

int cli_named_done(struct cli_named *o)
{
    for (int k = 0; k < o->n; k++)
        if (!o->used[k])
            return cli_usage(o->cmd, "option '--%s' does not apply here",
                             o->name[k]);
    return 0;
}
