/*
 * cmd_check.c - passport check [FILE...|-]: check what prose says about
 * the runs against the passports.
 *
 * The options, the passports and the rule catalogue, the files; the check
 * itself, its report in every format and its warnings are library work
 * (check/run.h): this file writes the bytes it is handed and maps the
 * result to the exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../check/check.h"
#include "../check/run.h"
#include "../rules/rules.h"
#include "../core/banned.h"


/* The report goes to standard output as it is written. */
static int write_stdout(void *arg, const char *bytes, size_t len)
{
    (void)arg;
    return fwrite(bytes, 1, len, stdout) != len;
}

static void warn_stderr(void *arg, const char *line)
{
    (void)arg;
    fprintf(stderr, "passport check: %s\n", line);
}

/* The options of a check. */
struct check_args {
    pp_check_opts opts;
    const char *at_spec, *color;
    int strict;
};

/* Parse the options into *a: -1 to go on and check the files at
 * argv[optind..], else the exit status (0 after --help, a usage error). */
static int parse_args(int argc, char **argv, struct check_args *a)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"strict", no_argument, NULL, 's'},
        {"plain", no_argument, NULL, 'p'},
        {"color", required_argument, NULL, 'c'},
        {"at", required_argument, NULL, 'a'},
        {"jobs", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c, stdin_seen = 0;
    cli_getopt_reset();
    while ((c = cli_getopt("check", argc, argv, ":f:j:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (!strcmp(optarg, "text"))
                a->opts.format = PP_CHECK_TEXT;
            else if (!strcmp(optarg, "json"))
                a->opts.format = PP_CHECK_JSON;
            else if (!strcmp(optarg, "sarif"))
                a->opts.format = PP_CHECK_SARIF;
            else
                return cli_usage("check",
                                 "unknown format '%s' (text, json, sarif)",
                                 optarg);
            break;
        case 's': a->strict = 1; break;
        case 'p': a->opts.markdown = 0; break;
        case 'c': a->color = optarg; break;
        case 'a': a->at_spec = optarg; break;
        case 'j': {
            char *end;
            long n;
            errno = 0;
            n = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || n < 1 ||
                n > PP_CHECK_MAX_THREADS)
                return cli_usage("check",
                                 "--jobs takes a number from 1 to %d, not "
                                 "'%s'",
                                 PP_CHECK_MAX_THREADS, optarg);
            a->opts.threads = (unsigned)n;
            break;
        }
        case 'h': fputs(cli_help("check"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (!strcmp(a->color, "always"))
        a->opts.color = 1;
    else if (!strcmp(a->color, "auto"))
        a->opts.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    else if (strcmp(a->color, "never") != 0)
        return cli_usage("check",
                         "--color takes auto, always or never, not "
                         "'%s'",
                         a->color);
    if (optind == argc)
        return cli_usage("check", "no file to check (use - for standard "
                                  "input)");
    for (int i = optind; i < argc; i++)
        if (!strcmp(argv[i], "-") && stdin_seen++)
            return cli_usage("check", "standard input named twice");
    return -1;
}

/* The rule catalogue, the passports and a checker over them. */
static int load_checker(const char *at_spec, struct cli_set *set,
                        pp_rules **rules, pp_checker **checker)
{
    pp_diags d = PP_DIAGS_INIT;
    int rc;
    if (pp_rules_load_dir(rules, pp_rules_default_dir(), &d) < 0) {
        cli_print_diags(stderr, &d);
        pp_diags_dispose(&d);
        return cli_fail(PP_EXIT_FAILURE, "check", "%s", pp_error_last());
    }
    if ((rc = cli_load_set("check", at_spec, set)) != 0)
        return rc;
    /* The checker copies the array; the documents stay in the set. */
    rc = pp_checker_new(checker, set->docs, set->n, *rules);
    return rc < 0 ? cli_lib_fail("check", rc) : 0;
}

/* Check file `path` ("-": standard input) into the report. */
static int check_file(pp_checker *checker, const pp_check_opts *opts,
                      const char *path, pp_check_totals *totals)
{
    int is_stdin = !strcmp(path, "-");
    pp_check_input in = {is_stdin ? "<stdin>" : path, NULL, NULL, 0};
    int rc;
    in.stream = is_stdin ? stdin : fopen(path, "rb");
    if (!in.stream) {
        fprintf(stderr, "passport check: %s: %s\n", path, strerror(errno));
        return PP_EXIT_FAILURE;
    }
    rc = pp_check_run(checker, opts, &in, totals);
    if (!is_stdin)
        fclose(in.stream);
    return rc < 0 ? cli_lib_fail("check", rc) : 0;
}

/* The processors online, at most 8: more chunks in flight cost memory
 * for little. */
static unsigned default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (unsigned)n;
}

int cmd_check(int argc, char **argv)
{
    struct check_args a = {{PP_CHECK_TEXT, 0, 1, write_stdout, warn_stderr,
                            NULL, default_threads(), 0},
                           NULL,
                           "auto",
                           0};
    pp_check_totals totals = PP_CHECK_TOTALS_INIT;
    struct cli_set set;
    pp_rules *rules = NULL;
    pp_checker *checker = NULL;
    size_t nfiles;
    int rc;

    memset(&set, 0, sizeof set);
    if ((rc = parse_args(argc, argv, &a)) >= 0)
        return rc;
    nfiles = (size_t)(argc - optind);
    if ((rc = load_checker(a.at_spec, &set, &rules, &checker)) != 0)
        goto done;
    if (pp_check_head(checker, &a.opts, (const char *const *)argv + optind,
                      nfiles) < 0)
        rc = cli_lib_fail("check", PP_EIO);
    for (int i = optind; i < argc && rc == 0; i++)
        rc = check_file(checker, &a.opts, argv[i], &totals);
    if (pp_check_tail(&a.opts, &totals, nfiles) < 0 && rc == 0)
        rc = cli_lib_fail("check", PP_EIO);
    if (fflush(stdout) != 0 && rc == 0)
        rc = cli_fail(PP_EXIT_FAILURE, "check", "cannot write the output");
    if (rc == 0 && pp_check_failed(&totals, a.strict))
        rc = PP_EXIT_CHECK;
done:
    pp_checker_free(checker);
    cli_set_dispose(&set);
    pp_rules_free(rules);
    return rc;
}
