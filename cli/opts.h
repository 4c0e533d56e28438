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
#include <stddef.h>

#include "cli.h"

void cli_getopt_reset(void);
int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

/* Named options of a command whose options are many and free-form
 * (`calc KIND --params 8B --tokens 15T ...`): --NAME VALUE pairs, each
 * given at most once, one option that may repeat (`--role`), at most one
 * positional argument and --format text|json.  Each reader marks the
 * option it read; cli_named_done() refuses what no reader took.  Every
 * function prints its usage error and returns an exit status, 0 when
 * fine. */
#define CLI_NAMED_MAX 24
#define CLI_NAMED_REPEAT 16

struct cli_named {
    const char *cmd;                  /* for messages */
    const char *name[CLI_NAMED_MAX];  /* without the dashes; borrowed */
    const char *value[CLI_NAMED_MAX]; /* borrowed from argv */
    int used[CLI_NAMED_MAX];
    int n;
    const char *repeated[CLI_NAMED_REPEAT]; /* values of the repeatable */
    int nrepeated;
    const char *positional; /* NULL when none */
    enum cli_output fmt;
};

/* Parse argv[first ..] of command `cmd`; `repeatable` (may be NULL) is
 * the option that may be given several times. */
int cli_named_parse(struct cli_named *o, const char *cmd,
                    const char *repeatable, int argc, char **argv, int first);

/* The value of --NAME (marked read), or NULL. */
const char *cli_named_get(struct cli_named *o, const char *name);

/* --NAME as a number (15T, 8.03B, 7.227e23); `dflt` (may be NULL: the
 * option is required) when absent. */
int cli_named_num(struct cli_named *o, const char *name, const double *dflt,
                  double *out);

/* --NAME as a comma-separated list of at most `max` numbers. */
int cli_named_list(struct cli_named *o, const char *name, double *v, size_t max,
                   size_t *n);

/* Refuse an option that no reader took ("does not apply here"). */
int cli_named_done(struct cli_named *o);

#endif
