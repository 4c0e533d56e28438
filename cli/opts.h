/*
 * opts.h - getopt_long with the project's error messages.
 *
 * cli_getopt() behaves like getopt_long() on the command's own argv
 * (argv[0] is the command name) but reports unknown options and missing
 * arguments itself, as one line naming the command, and returns '?' then.
 * `shortopts` must start with ':'.  Call cli_getopt_reset() before the
 * first call of each command.
 */
#ifndef PP_CLI_OPTS_H
#define PP_CLI_OPTS_H

#include <getopt.h>

void cli_getopt_reset(void);
int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

#endif
