/*
 * opts.c - getopt_long wrapper.
 */
#define _GNU_SOURCE
#include "opts.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
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
