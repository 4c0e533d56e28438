/*
 * main.c - the passport command line: a table of commands, each in its
 * own cmd_*.c file, over libpassport.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../core/banned.h"

#ifndef PP_VERSION
#define PP_VERSION "0.0.0"
#endif

static const struct pp_command commands[] = {
    {"list", cmd_list, "list the passports"},
    {"show", cmd_show, "show one passport, grouped, with levels and sources"},
    {"get", cmd_get, "print one fact of one passport"},
    {"validate", cmd_validate, "validate passport files against the schema"},
    {"fmt", cmd_fmt, "rewrite passport files in canonical form, or --check"},
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: passport [--version] [--help] COMMAND [ARGS]\n"
            "\n"
            "Keep run passports of LLM training runs and check what is said "
            "of them.\n"
            "\n"
            "commands:\n");
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f,
            "\n"
            "'passport COMMAND --help' describes one command.\n"
            "exit status: 0 success, 1 a check failed, 2 usage error, "
            "3 other error.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return PP_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return PP_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("passport %s\n", PP_VERSION);
        return PP_EXIT_OK;
    }
    if (strcmp(argv[1], "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return PP_EXIT_OK;
        }
        for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
            if (strcmp(argv[2], commands[i].name) == 0) {
                char *args[] = {argv[2], "--help", NULL};
                return commands[i].fn(2, args);
            }
        }
        fprintf(stderr, "passport: unknown command '%s' (see 'passport "
                        "--help')\n", argv[2]);
        return PP_EXIT_USAGE;
    }
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        fprintf(stderr, "passport: unknown option '%s' (see 'passport "
                        "--help')\n", argv[1]);
    else
        fprintf(stderr, "passport: unknown command '%s' (see 'passport "
                        "--help')\n", argv[1]);
    return PP_EXIT_USAGE;
}
