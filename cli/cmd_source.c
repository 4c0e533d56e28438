/*
 * cmd_source.c - passport source list|fetch|show|check|quote (and pin, in
 * cmd_source_pin.c): the sources
 * passports cite, fetched into the registry's cache, and the quotes of
 * facts checked against them (docs/SOURCES.md).  The work is the sources
 * module's (sources/sources.h); here are the options, the progress bar of
 * a download (cli/progress.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "progress.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../sources/sources.h"
#include "../core/banned.h"


/* ---- options shared by the subcommands ---------------------------------- */

struct opts {
    const char *cmd;
    enum cli_output fmt;
    const char *at_spec;
    const char *url;
    int all, force, strict, quiet;
    pp_fetch_opts fetch;
    struct cli_progress bar;
};

/* The option a getopt value stands for, for messages. */
static const char *option_name(const struct option *longopts, int c)
{
    for (; longopts->name; longopts++)
        if (longopts->val == c)
            return longopts->name;
    return "?";
}

/* Parse the options of subcommand argv[0]; 0 or an exit status (-1 for
 * --help, already printed). */
static int parse_opts(int argc, char **argv, struct opts *o,
                      const char *formats, int fetching)
{
    enum {
        O_AT = 256,
        O_URL,
        O_ALL,
        O_FORCE,
        O_STRICT,
        O_ALLOW_FILE,
        O_ALLOW_PRIVATE,
        O_MAX_SIZE,
        O_CONNECT,
        O_TIMEOUT,
        O_STALL,
        O_STALL_BYTES
    };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, O_AT},
        {"url", required_argument, NULL, O_URL},
        {"all", no_argument, NULL, O_ALL},
        {"force", no_argument, NULL, O_FORCE},
        {"strict", no_argument, NULL, O_STRICT},
        {"allow-file", no_argument, NULL, O_ALLOW_FILE},
        {"allow-private", no_argument, NULL, O_ALLOW_PRIVATE},
        {"max-size", required_argument, NULL, O_MAX_SIZE},
        {"connect-timeout", required_argument, NULL, O_CONNECT},
        {"timeout", required_argument, NULL, O_TIMEOUT},
        {"stall", required_argument, NULL, O_STALL},
        {"stall-bytes", required_argument, NULL, O_STALL_BYTES},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c, rc = 0;
    cli_getopt_reset();
    while ((c = cli_getopt(o->cmd, argc, argv, ":f:qh", longopts)) != -1) {
        if (!fetching && (c == 'q' || c == O_FORCE || c >= O_ALLOW_FILE))
            return cli_usage(o->cmd, "'%s' is an option of fetch and quote",
                             argv[optind - 1]);
        switch (c) {
        case 'f':
            if (!formats)
                return cli_usage(o->cmd, "this subcommand has no --format");
            if (cli_parse_output(o->cmd, optarg, formats, &o->fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case O_AT: o->at_spec = optarg; break;
        case O_URL: o->url = optarg; break;
        case O_ALL: o->all = 1; break;
        case O_FORCE: o->force = 1; break;
        case O_STRICT: o->strict = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h': fputs(cli_help("source"), stdout); return -1;
        default: /* the limits of a fetch */
            if (c < O_ALLOW_FILE)
                return PP_EXIT_USAGE;
            rc = pp_fetch_opts_set(&o->fetch, option_name(longopts, c), optarg);
        }
        if (rc < 0)
            return cli_usage(o->cmd, "--%s: %s", option_name(longopts, c),
                             pp_error_last());
    }
    o->bar.show = !o->quiet && isatty(STDERR_FILENO);
    o->fetch.progress = cli_progress;
    o->fetch.progress_ud = &o->bar;
    return 0;
}

/* ---- what the subcommands read ------------------------------------------ */

/* The registry and its source cache, and when loaded every passport at
 * --at (cli_load_set: one that does not validate is left out with a
 * warning) and the id of the one asked for. */
struct ctx {
    struct cli_set set;
    pp_cache *cache;
    pp_buf id;
    const char *only; /* id.ptr, or NULL: every passport */
};

/* Open the registry and its cache, and when `load` its passports, and
 * resolve passport `query` (an id or alias; NULL: none).  0 or an exit
 * status (printed); run() disposes *x either way. */
static int ctx_open(const struct opts *o, int load, const char *query,
                    struct ctx *x)
{
    int rc;
    if ((rc = load ? cli_load_set(o->cmd, o->at_spec, &x->set)
                   : cli_open_reg(o->cmd, &x->set.reg)) != 0 ||
        (query && (rc = cli_resolve_id(o->cmd, x->set.reg, &x->set.all.at,
                                       query, &x->id)) != 0))
        return rc;
    x->only = query ? x->id.ptr : NULL;
    if ((rc = pp_cache_open(&x->cache, pp_reg_path(x->set.reg))) < 0)
        return cli_lib_fail(o->cmd, rc);
    return 0;
}

/* ---- the subcommands: operands argv[0..argc), output into `out` -------- */

static int source_list(struct opts *o, int argc, char **argv, struct ctx *x,
                       pp_buf *out)
{
    cJSON *list = NULL, *table = NULL;
    const cJSON *s;
    int rc;
    if (argc > 1)
        return cli_usage(o->cmd, "expected at most one passport id");
    if ((rc = ctx_open(o, 1, argc ? argv[0] : NULL, x)) != 0)
        return rc;
    if ((rc = pp_sources_list(x->cache, x->set.docs, x->set.n, x->only,
                              &list)) < 0 ||
        (rc = pp_sources_table(list, &table)) < 0)
        rc = cli_lib_fail(o->cmd, rc);
    cJSON_ArrayForEach(s, pp_json_get(list, "sources"))
    {
        if (cJSON_IsTrue(pp_json_get(s, "conflict")))
            fprintf(stderr,
                    "passport %s: warning: passports cite source "
                    "'%s' with different URLs\n",
                    o->cmd, pp_json_str(s, "id", ""));
    }
    if (rc == 0 && o->fmt == CLI_OUT_JSON)
        pp_json_write_canonical(out, list, NULL);
    else if (rc == 0)
        cli_render_rows(out, pp_json_get(table, "columns"),
                        pp_json_get(table, "rows"), o->fmt);
    cJSON_Delete(list);
    cJSON_Delete(table);
    return rc;
}

/* Fetch source `sid` from `url` (NULL: its own) and say what became of
 * it; n[0] counts the failures, n[1] the fetches tried.  Whether a signal
 * stopped it (the command then stops too). */
static int fetch_one(struct opts *o, pp_cache *c, const cJSON *merged,
                     const char *sid, const char *url, int n[2])
{
    pp_buf line = PP_BUF_INIT;
    cJSON *m = NULL;
    enum pp_cache_got got;
    int rc, stopped;
    cli_progress_start(&o->bar, sid);
    rc = pp_sources_fetch(c, merged, sid, url, o->force, &o->fetch, &m, &got);
    stopped = cli_progress_done(&o->bar, rc);
    if (rc == PP_EUSAGE && o->all) { /* a source without a URL */
        if (!o->quiet)
            printf("%s: skipped (no URL; give one with 'source fetch %s "
                   "--url URL')\n",
                   sid, sid);
    } else if (rc == PP_EUSAGE) { /* not cited, or no URL */
        cli_fail(0, o->cmd, "%s", pp_error_last());
    } else if (rc < 0) {
        cli_fail(0, o->cmd, "%s: %s", sid, pp_error_last());
    } else if (!o->quiet && pp_cache_got_text(&line, sid, m, got) == 0) {
        fputs(line.ptr, stdout);
    }
    n[0] += rc < 0 && !(rc == PP_EUSAGE && o->all);
    n[1] += rc != PP_EUSAGE;
    cJSON_Delete(m);
    pp_buf_dispose(&line);
    return stopped;
}

static int source_fetch(struct opts *o, int argc, char **argv, struct ctx *x,
                        pp_buf *out)
{
    cJSON *merged = NULL;
    const cJSON *s;
    int rc, stopped = 0, n[2] = {0, 0}; /* failed, tried */
    (void)out; /* each source's line is printed as it is fetched */
    if (o->at_spec)
        return cli_usage(o->cmd, "--at is not an option of fetch");
    if (o->all == (argc > 0))
        return cli_usage(o->cmd, "name the sources to fetch, or --all");
    if (o->url && (o->all || argc != 1))
        return cli_usage(o->cmd, "--url goes with exactly one SOURCE_ID");
    if ((rc = ctx_open(o, 1, NULL, x)) != 0)
        return rc;
    if ((rc = pp_sources_merge(x->set.docs, x->set.n, NULL, &merged)) < 0)
        return cli_lib_fail(o->cmd, rc);
    for (s = o->all ? merged->child : NULL; s && !stopped; s = s->next)
        stopped = fetch_one(o, x->cache, merged, s->string, NULL, n);
    for (int i = 0; i < argc && !stopped; i++)
        stopped = fetch_one(o, x->cache, merged, argv[i], o->url, n);
    if (n[0] && n[1] > 1 && !stopped)
        cli_fail(0, o->cmd, "%d of %d fetches failed", n[0], n[1]);
    cJSON_Delete(merged);
    return n[0] ? PP_EXIT_FAILURE : PP_EXIT_OK;
}

static int source_show(struct opts *o, int argc, char **argv, struct ctx *x,
                       pp_buf *out)
{
    cJSON *shown = NULL;
    int rc;
    if (argc != 1)
        return cli_usage(o->cmd, "expected one SOURCE_ID");
    rc = pp_cache_key_source(out, argv[0]); /* a bad id before all else */
    pp_buf_clear(out);
    if (rc < 0)
        return cli_fail(PP_EXIT_FAILURE, o->cmd, "%s", pp_error_last());
    if ((rc = ctx_open(o, 1, NULL, x)) != 0)
        return rc;
    if ((rc = pp_sources_show(x->cache, x->set.docs, x->set.n, argv[0],
                              &shown)) < 0)
        return cli_lib_fail(o->cmd, rc);
    if (o->fmt == CLI_OUT_JSON)
        pp_json_write_canonical(out, shown, NULL);
    else
        pp_sources_show_text(out, shown);
    cJSON_Delete(shown);
    return 0;
}

static int source_check(struct opts *o, int argc, char **argv, struct ctx *x,
                        pp_buf *out)
{
    pp_quote_check res;
    int rc;
    if (argc > 1)
        return cli_usage(o->cmd, "expected at most one passport id");
    if ((rc = ctx_open(o, 1, argc ? argv[0] : NULL, x)) != 0)
        return rc;
    if ((rc = pp_sources_check(x->cache, x->set.docs, x->set.n, x->only,
                               &res)) < 0)
        return cli_lib_fail(o->cmd, rc);
    if (o->fmt == CLI_OUT_JSON)
        pp_json_write_canonical(out, res.report, NULL);
    else
        pp_quote_check_text(out, &res);
    rc = res.missing || res.changed ||
                 (o->strict && (res.unchecked || res.pins_unchecked))
             ? PP_EXIT_CHECK
             : 0;
    pp_quote_check_dispose(&res);
    return rc;
}

static int source_quote(struct opts *o, int argc, char **argv, struct ctx *x,
                        pp_buf *out)
{
    pp_quote *pq = NULL;
    pp_quote_answer a = {0};
    pp_buf say = PP_BUF_INIT;
    int rc;
    (void)out; /* the answer goes straight to stdout, as it always did */
    if (o->at_spec || o->url || o->all || o->strict)
        return cli_usage(o->cmd, "quote takes URL TEXT and fetch options");
    if (argc != 2)
        return cli_usage(o->cmd, "expected URL and TEXT");
    if (pp_quote_compile(&pq, argv[1]) < 0)
        return cli_usage(o->cmd, "TEXT: %s", pp_error_last());
    if ((rc = ctx_open(o, 0, NULL, x)) == 0) {
        cli_progress_start(&o->bar, "quote");
        rc = pp_sources_quote_fetch(x->cache, argv[0], o->force, &o->fetch, &a);
        cli_progress_done(&o->bar, rc); /* a signal now ends the search */
        if (rc < 0 || pp_sources_quote_search(x->cache, pq, &a) < 0)
            rc = cli_fail(PP_EXIT_FAILURE, o->cmd, "%s", pp_error_last());
        else if (a.unsearchable)
            rc = cli_fail(PP_EXIT_FAILURE, o->cmd, "%s: %s", a.url,
                          a.unsearchable);
        else {
            pp_quote_answer_text(&say, &a);
            fputs(pp_buf_cstr(&say), stdout);
            rc = a.found ? PP_EXIT_OK : PP_EXIT_CHECK;
        }
    }
    pp_buf_dispose(&say);
    pp_quote_answer_dispose(&a);
    pp_quote_free(pq);
    return rc;
}

/* ---- the command -------------------------------------------------------- */

static const struct sub {
    const char *name, *cmd;
    int (*fn)(struct opts *o, int argc, char **argv, struct ctx *x,
              pp_buf *out);
    const char *formats; /* the values of --format; NULL: no --format */
    enum cli_output fmt; /* its default */
    int fetching;        /* takes the fetch options */
} subs[] = {
    {"list", "source list", source_list, "table,json,csv", CLI_OUT_TABLE, 0},
    {"fetch", "source fetch", source_fetch, NULL, CLI_OUT_TEXT, 1},
    {"show", "source show", source_show, "text,json", CLI_OUT_TEXT, 0},
    {"check", "source check", source_check, "text,json", CLI_OUT_TEXT, 0},
    {"quote", "source quote", source_quote, NULL, CLI_OUT_TEXT, 1},
};

/* The options, the subcommand, then what it wrote for stdout. */
static int run(const struct sub *sub, int argc, char **argv)
{
    struct opts o = {.cmd = sub->cmd, .fmt = sub->fmt};
    struct ctx x = {.id = PP_BUF_INIT};
    pp_buf out = PP_BUF_INIT;
    int rc = parse_opts(argc, argv, &o, sub->formats, sub->fetching);
    if (rc != 0)
        return rc < 0 ? PP_EXIT_OK : rc;
    rc = sub->fn(&o, argc - optind, argv + optind, &x, &out);
    if (out.len && (rc == 0 || rc == PP_EXIT_CHECK))
        rc = cli_flush(o.cmd, &out) ? PP_EXIT_FAILURE : rc;
    pp_buf_dispose(&out);
    pp_buf_dispose(&x.id);
    pp_cache_free(x.cache);
    cli_set_dispose(&x.set);
    return rc;
}

int cmd_source(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("source", "expected a subcommand: list, fetch, "
                                   "show, check, pin or quote");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(cli_help("source"), stdout);
        return PP_EXIT_OK;
    }
    if (!strcmp(argv[1], "pin")) /* a write: cli/cmd_source_pin.c */
        return cmd_source_pin(argc - 1, argv + 1);
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
        if (!strcmp(argv[1], subs[i].name))
            return run(&subs[i], argc - 1, argv + 1);
    return cli_usage("source",
                     "unknown subcommand '%s' (expected list, "
                     "fetch, show, check, pin or quote)",
                     argv[1]);
}
