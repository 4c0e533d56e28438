/*
 * cli.h - what the command files share: exit codes, the command table,
 * option helpers and diagnostics printing.  Commands include only this
 * header and the library's public headers.
 */
#ifndef PP_CLI_H
#define PP_CLI_H

#include <stdio.h>

#include "../core/buf.h"
#include "../core/diag.h"
#include "../registry/registry.h"
#include "../schema/fact.h"
#include "../peers/peers.h"

/* Exit status of every command (documented in docs/EXIT_CODES.md). */
enum {
    PP_EXIT_OK = 0,     /* success */
    PP_EXIT_CHECK = 1,  /* a check failed: invalid file, failed validation */
    PP_EXIT_USAGE = 2,  /* bad invocation: unknown option, bad argument */
    PP_EXIT_FAILURE = 3 /* anything else: not found, I/O, out of memory */
};

typedef int (*pp_cmd_fn)(int argc, char **argv);

struct pp_command {
    const char *name;
    pp_cmd_fn fn;
    const char *summary; /* one line for 'passport --help' */
};

int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_fmt(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_clone(int argc, char **argv);
int cmd_put(int argc, char **argv);
int cmd_promote(int argc, char **argv);
int cmd_edit(int argc, char **argv);
int cmd_rm(int argc, char **argv);
int cmd_log(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_blame(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_sql(int argc, char **argv);
int cmd_reindex(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_remote(int argc, char **argv);
int cmd_pull(int argc, char **argv);
int cmd_push(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_calc(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_format(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_source(int argc, char **argv);
/* passport source pin: cli/cmd_source_pin.c, called by cmd_source. */
int cmd_source_pin(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_crosscheck(int argc, char **argv);
int cmd_import(int argc, char **argv);

/* The --help text of command `cmd` (cli/help/CMD.txt, compiled in); ""
 * for a command without one.  Static storage. */
const char *cli_help(const char *cmd);

/* The --registry given before the command (NULL when none). */
extern const char *cli_registry_option;

/* Output formats a command may accept. */
enum cli_output { CLI_OUT_TEXT, CLI_OUT_TABLE, CLI_OUT_JSON, CLI_OUT_CSV };

/* Parse the argument of --format against `allowed` ("text,json").
 * Returns 0 or prints a usage error and returns -1. */
int cli_parse_output(const char *cmd, const char *arg, const char *allowed,
                     enum cli_output *out);

/* "passport CMD: message" on stderr; returns `code` for convenient use. */
int cli_fail(int code, const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* cli_fail with PP_EXIT_FAILURE and why run `who` (passport `doc`) gives
 * no `what`: undisclosed or absent (pp_fact_missing_text). */
int cli_fail_missing(const char *cmd, const cJSON *doc, const char *who,
                     const char *names, const char *what);

/* Usage error with a pointer to --help; returns PP_EXIT_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Map a library error code to an exit status. */
int cli_exit_for(int rc);

/* Print each diagnostic as one line on `f`:
 *   FILE: POINTER: message       (structure)
 *   FILE:LINE:COL: message       (syntax; FILE==NULL, message complete) */
void cli_print_diags(FILE *f, const pp_diags *d);

/* Open the registry (--registry, $PASSPORT_REGISTRY or the default
 * location, which is created and seeded from the shipped passports on
 * first use) and bring its index up to date.  Prints why on failure and
 * returns the exit status; 0 on success. */
int cli_open_reg(const char *cmd, pp_reg **out);

/* Resolve --at (NULL: the tip), printing the error; 0 or exit status. */
int cli_at(const char *cmd, pp_reg *r, const char *spec, pp_at *out);

/* Resolve ID|ALIAS at `at` into *id; 0 or an exit status. */
int cli_resolve_id(const char *cmd, pp_reg *r, const pp_at *at,
                   const char *query, pp_buf *id);

/* Open the registry and load passport `query` (id, name or alias) as of
 * `at_spec` (NULL: the tip), printing any failure.  On success (0) the
 * caller owns *reg and *out; on failure both are NULL and the exit status
 * is returned. */
int cli_load_passport(const char *cmd, const char *at_spec, const char *query,
                      pp_reg **reg, pp_passport **out);

/* The passports `query` names, as cli_load_passport() loads one: its one
 * passport, or -- for a name shared by the checkpoints of one report
 * ("DeepSeek V4") -- each checkpoint, in id order.  On success the caller
 * owns *reg and the array *out of *n passports (cli_free_passports). */
int cli_load_report(const char *cmd, const char *at_spec, const char *query,
                    pp_reg **reg, pp_passport ***out, size_t *n);

/* For more than one passport of cli_load_report(): the text line that
 * says which checkpoints the name means, or the opening of the JSON
 * object {"name", "checkpoints": [...]} whose items follow, separated by
 * ",\n", and "\n  ]\n}\n" closes. */
int cli_report_heading(pp_buf *out, const char *query, pp_passport *const *ps,
                       size_t n, enum cli_output fmt);

/* Free what cli_load_report() gave; `ps` may be NULL. */
void cli_free_passports(pp_passport **ps, size_t n);

/* Every passport of the registry as of `at_spec` (NULL: the tip), loaded
 * and validated (pp_reg_load_all); one that does not validate is left out
 * with a warning (cli_warn_broken).  Caller-owned: cli_set_dispose().
 * 0 or an exit status (printed). */
struct cli_set {
    pp_reg *reg;
    pp_reg_set all;     /* every entry, broken ones included */
    const cJSON **docs; /* the documents that validate: all.docs */
    size_t n;
    char as_of[64]; /* "main at 1a2b3c4d5e6f (2026-07-01)" or "" */
};
int cli_load_set(const char *cmd, const char *at_spec, struct cli_set *s);
void cli_set_dispose(struct cli_set *s);

/* Warn on stderr of each passport of `all` that does not validate: it is
 * left out of what `cmd` does. */
void cli_warn_broken(const char *cmd, const pp_reg_set *all);

/* Write `b` to `path` atomically, or to stdout when path is NULL or "-";
 * 0 or an exit status (printed). */
int cli_write_output(const char *cmd, const char *path, const pp_buf *b);

/* Read and parse a peer CSV file ("-": standard input), bounded; 0 and a
 * caller-owned *out (pp_csv_free), or an exit status (printed). */
int cli_read_csv(const char *cmd, const char *path, pp_csv **out);
/* Open the CSV file `path` ("-": standard input) to read a record at a
 * time: *f (close it unless it is stdin) and *out (pp_csv_reader_free),
 * with its header read.  On failure says why and returns the exit
 * status (*f NULL). */
int cli_open_csv(const char *cmd, const char *path, FILE **f,
                 pp_csv_reader **out);

/* Author of new commits (see pp_who_new); 0 or an exit status. */
int cli_who(const char *cmd, pp_reg *r, const char *author, pp_who **out);

/* Print a library failure: its message, and the exit status it maps to. */
int cli_lib_fail(const char *cmd, int rc);

/* Render {"columns": [...], "rows": [[...]]} as an aligned table or, for
 * CLI_OUT_CSV, CSV into `out` (core/table.h). */
void cli_render_rows(pp_buf *out, const cJSON *columns, const cJSON *rows,
                     enum cli_output fmt);

/* Write `b` to stdout; returns 0 or PP_EXIT_FAILURE on a write error. */
int cli_flush(const char *cmd, const pp_buf *b);

#endif
