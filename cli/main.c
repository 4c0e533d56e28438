/*
 * main.c - the passport command line: a table of commands, each in its
 * own cmd_*.c file, over libpassport.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../core/json.h"
#include "../core/banned.h"

#ifndef PP_VERSION
#define PP_VERSION "0.0.0"
#endif

static const struct pp_command commands[] = {
    {"list", cmd_list, "list the passports"},
    {"show", cmd_show, "show one passport, grouped, with levels and sources"},
    {"get", cmd_get, "print one fact of one passport"},
    {"query", cmd_query, "find passports by their facts (params.active > 30B)"},
    {"validate", cmd_validate, "validate passports against the schema"},
    {"check", cmd_check,
     "check claims in prose (Markdown, text) against the passports"},
    {"source", cmd_source,
     "fetch sources into the cache and check the quotes of facts"},
    {"verify", cmd_verify, "recompute derived figures, check consistency"},
    {"calc", cmd_calc, "the calculators: 6ND, Chinchilla, memory, ..."},
    {"format", cmd_format, "what a number becomes in FP8, MXFP4, BF16, ..."},
    {"rules", cmd_rules, "the rule catalogue: list it, or --check rule files"},
    {"report", cmd_report,
     "the HTML page comparing every passport side by side"},
    {"plot", cmd_plot, "SVG plots: iso-FLOP, break-even, data wall, passports"},
    {"export", cmd_export,
     "the registry as a Markdown fact sheet or Epoch's CSV"},
    {"crosscheck", cmd_crosscheck,
     "compare a peer database (Epoch AI's CSV) with the registry"},
    {"import", cmd_import,
     "peer rows without a passport as leads for curators"},
    {"fmt", cmd_fmt, "rewrite passport files in canonical form, or --check"},
    {"put", cmd_put, "validate passport files and commit them"},
    {"promote", cmd_promote, "verify a lead and commit it as a passport"},
    {"edit", cmd_edit, "edit one passport in $EDITOR and commit it"},
    {"rm", cmd_rm, "remove one passport in a commit"},
    {"log", cmd_log, "commits touching the registry or one passport"},
    {"diff", cmd_diff, "fact-level differences between two revisions"},
    {"blame", cmd_blame, "the commit that set each fact of a passport"},
    {"sql", cmd_sql, "one read-only SQL statement on the index"},
    {"init", cmd_init, "create a registry seeded from the shipped passports"},
    {"clone", cmd_clone, "copy a shared registry (path, ssh or https)"},
    {"remote", cmd_remote, "add a remote registry (remote add NAME URL)"},
    {"pull", cmd_pull, "fetch and merge a remote registry, fact by fact"},
    {"push", cmd_push, "send this registry's commits to a remote"},
    {"resolve", cmd_resolve, "choose a value for a conflicting fact"},
    {"reindex", cmd_reindex, "rebuild the index from the git history"},
    {"doctor", cmd_doctor, "check the git objects and the index"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: passport [--version] [--help] [--registry DIR] COMMAND "
               "[ARGS]\n"
               "\n"
               "Keep run passports of LLM training runs and check what is said "
               "of them.\n"
               "\n"
               "commands:\n");
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f,
            "\n"
            "The registry is --registry DIR, else $PASSPORT_REGISTRY, else\n"
            "$XDG_DATA_HOME/passport/registry (~/.local/share/...), created\n"
            "from the shipped passports on first use.\n"
            "'passport COMMAND --help' describes one command.\n"
            "exit status: 0 success, 1 a check failed, 2 usage error, "
            "3 other error.\n");
}

int main(int argc, char **argv)
{
    pp_json_fatal_oom();
    /* Options before the command. */
    while (argc >= 2 && (strcmp(argv[1], "--registry") == 0 ||
                         strncmp(argv[1], "--registry=", 11) == 0)) {
        if (argv[1][10] == '=') {
            cli_registry_option = argv[1] + 11;
            argv++, argc--;
        } else if (argc < 3) {
            fprintf(stderr, "passport: option '--registry' needs an argument "
                            "(see 'passport --help')\n");
            return PP_EXIT_USAGE;
        } else {
            cli_registry_option = argv[2];
            argv += 2, argc -= 2;
        }
    }
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
        fprintf(stderr,
                "passport: unknown command '%s' (see 'passport "
                "--help')\n",
                argv[2]);
        return PP_EXIT_USAGE;
    }
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        fprintf(stderr,
                "passport: unknown option '%s' (see 'passport "
                "--help')\n",
                argv[1]);
    else
        fprintf(stderr,
                "passport: unknown command '%s' (see 'passport "
                "--help')\n",
                argv[1]);
    return PP_EXIT_USAGE;
}
