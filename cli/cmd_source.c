/*
 * cmd_source.c - passport source list|fetch|show|check|quote: the sources
 * passports cite, fetched into the registry's cache, and the quotes of
 * facts checked against them (docs/SOURCES.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "progress.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../sources/sources.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport source list [ID] [--at REV|DATE] [--format "
    "table|json|csv]\n"
    "       passport source fetch (SOURCE_ID... | --all) [--force] [--url "
    "URL]\n"
    "                             [FETCH OPTIONS]\n"
    "       passport source show SOURCE_ID [--format text|json]\n"
    "       passport source check [ID] [--at REV|DATE] [--strict]\n"
    "                             [--format text|json]\n"
    "       passport source quote URL TEXT [--force] [FETCH OPTIONS]\n"
    "\n"
    "The sources passports cite, fetched with libcurl into a content-\n"
    "addressed cache kept with the registry (REGISTRY/passport-sources),\n"
    "and the quotes of facts checked against their text.\n"
    "\n"
    "  list     every source (of passport ID) with kind, priority, URL and\n"
    "           cache state\n"
    "  fetch    download sources into the cache; one already cached from the\n"
    "           same URL is kept unless --force; --url gives the URL of one\n"
    "           source that has none (or replaces it for this fetch)\n"
    "  show     what the registry says of a source and its cached metadata\n"
    "  check    find every quote of the passports (of passport ID) in the\n"
    "           cached text of its source, ignoring differences of white\n"
    "           space, Unicode case and number spacing; a quote whose\n"
    "           source is not cached is unchecked, never passing\n"
    "  quote    fetch URL (through the same cache and limits) and say\n"
    "           whether TEXT occurs in it\n"
    "\n"
    "fetch options:\n"
    "  --allow-file          accept a file:// URL (never through a redirect)\n"
    "  --max-size SIZE       largest body, bytes or with K, M, G (default "
    "50M)\n"
    "  --connect-timeout S   seconds to connect (default 10)\n"
    "  --timeout S           seconds for the whole transfer (default 300)\n"
    "  --stall S             give up after S seconds without data (default "
    "30)\n"
    "  -q, --quiet           no progress bar and no per-source lines\n"
    "Redirects: at most 5, to http or https only, never https to http.\n"
    "Proxies come from http_proxy, https_proxy and no_proxy.\n"
    "\n"
    "  --strict              check: also fail when a quote is unchecked\n"
    "  -h, --help            show this help\n"
    "\n"
    "exit status: 0 success (check: every checked quote found; quote:\n"
    "found), 1 check: a quote is missing (--strict: or unchecked), quote:\n"
    "not found, 2 usage, 3 other error (a fetch failed, not searchable)\n";

/* ---- options shared by the subcommands ---------------------------------- */

struct opts {
    const char *cmd;
    enum pp_format fmt;
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
        O_AT = 256, O_URL, O_ALL, O_FORCE, O_STRICT, O_ALLOW_FILE,
        O_MAX_SIZE, O_CONNECT, O_TIMEOUT, O_STALL
    };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, O_AT},
        {"url", required_argument, NULL, O_URL},
        {"all", no_argument, NULL, O_ALL},
        {"force", no_argument, NULL, O_FORCE},
        {"strict", no_argument, NULL, O_STRICT},
        {"allow-file", no_argument, NULL, O_ALLOW_FILE},
        {"max-size", required_argument, NULL, O_MAX_SIZE},
        {"connect-timeout", required_argument, NULL, O_CONNECT},
        {"timeout", required_argument, NULL, O_TIMEOUT},
        {"stall", required_argument, NULL, O_STALL},
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
            if (cli_parse_format(o->cmd, optarg, formats, &o->fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case O_AT: o->at_spec = optarg; break;
        case O_URL: o->url = optarg; break;
        case O_ALL: o->all = 1; break;
        case O_FORCE: o->force = 1; break;
        case O_STRICT: o->strict = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h':
            fputs(usage_text, stdout);
            return -1;
        default: /* the limits of a fetch */
            if (c < O_ALLOW_FILE)
                return PP_EXIT_USAGE;
            rc = pp_fetch_opts_set(&o->fetch, option_name(longopts, c),
                                   optarg);
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

static int by_name(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    return strcmp(x->string, y->string);
}

/* Order the members of object `o` by name (relinking, no copies). */
static void sort_members(cJSON *o)
{
    int n = cJSON_GetArraySize(o), i = 0;
    cJSON **v = n > 1 ? calloc((size_t)n, sizeof *v) : NULL, *it;
    if (!v)
        return;
    for (it = o->child; it; it = it->next)
        v[i++] = it;
    qsort(v, (size_t)n, sizeof *v, by_name);
    o->child = v[0];
    for (i = 0; i < n; i++) {
        v[i]->prev = i ? v[i - 1] : v[n - 1]; /* cJSON: head->prev = tail */
        v[i]->next = i + 1 < n ? v[i + 1] : NULL;
    }
    free(v);
}

/* ---- the registry's sources --------------------------------------------- */

/* Every source of the passports at `at` (or of passport `only`, a
 * resolved id), merged by id: an object id -> {id, kind, priority, title,
 * url?, passports: [...], conflict?}.  Caller-owned *out. */
static int registry_sources(const char *cmd, pp_reg *r, const pp_at *at,
                            const char *only, cJSON **out)
{
    cJSON *items = NULL, *all = cJSON_CreateObject();
    const cJSON *it;
    int rc;
    *out = NULL;
    if (!all)
        return cli_lib_fail(cmd, pp_error_set(PP_ENOMEM, "out of memory"));
    if ((rc = pp_reg_list(r, at, NULL, &items)) < 0) {
        cJSON_Delete(all);
        return cli_lib_fail(cmd, rc);
    }
    cJSON_ArrayForEach(it, items)
    {
        const char *id = cJSON_GetObjectItem(it, "id")->valuestring;
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        cJSON *list = cJSON_CreateArray();
        const cJSON *s;
        if (only && strcmp(id, only) != 0) {
            cJSON_Delete(list);
            continue;
        }
        if (pp_reg_load(r, at, id, &p, &d) < 0) {
            /* verify reports broken passports; here they cite nothing. */
            pp_diags_dispose(&d);
            cJSON_Delete(list);
            continue;
        }
        pp_diags_dispose(&d);
        pp_sources_of(pp_passport_json(p), list);
        cJSON_ArrayForEach(s, list)
        {
            const char *sid = cJSON_GetObjectItem(s, "id")->valuestring;
            cJSON *have = cJSON_GetObjectItem(all, sid);
            if (!have) {
                cJSON *copy = cJSON_Duplicate(s, 1);
                cJSON_DeleteItemFromObject(copy, "passport");
                cJSON_AddItemToObject(copy, "passports", cJSON_CreateArray());
                cJSON_AddItemToObject(all, sid, copy);
                have = copy;
            } else {
                const cJSON *u1 = cJSON_GetObjectItem(have, "url");
                const cJSON *u2 = cJSON_GetObjectItem(s, "url");
                if ((u1 == NULL) != (u2 == NULL) ||
                    (u1 && strcmp(u1->valuestring, u2->valuestring)))
                    cJSON_AddBoolToObject(have, "conflict", 1);
                if (u2 && !u1)
                    cJSON_AddStringToObject(have, "url", u2->valuestring);
            }
            cJSON_AddItemToArray(cJSON_GetObjectItem(have, "passports"),
                                 cJSON_CreateString(id));
        }
        cJSON_Delete(list);
        pp_passport_free(p);
    }
    cJSON_Delete(items);
    sort_members(all);
    *out = all;
    return 0;
}

static int open_reg_at(struct opts *o, pp_reg **r, pp_at *at)
{
    int rc;
    if ((rc = cli_open_reg(o->cmd, r)) != 0)
        return rc;
    if ((rc = cli_at(o->cmd, *r, o->at_spec, at)) != 0) {
        pp_reg_free(*r);
        *r = NULL;
    }
    return rc;
}

static cJSON *cached_meta(pp_cache *cache, const char *sid)
{
    pp_buf key = PP_BUF_INIT;
    cJSON *meta = NULL;
    if (pp_cache_key_source(&key, sid) == 0)
        pp_cache_meta(cache, key.ptr, &meta);
    pp_buf_dispose(&key);
    return meta;
}

/* ---- list ------------------------------------------------------------- */

static int source_list(int argc, char **argv)
{
    struct opts o = {.cmd = "source list", .fmt = PP_FMT_TABLE};
    pp_reg *r = NULL;
    pp_at at;
    pp_cache *cache = NULL;
    cJSON *all = NULL, *root = NULL;
    pp_buf id = PP_BUF_INIT, out = PP_BUF_INIT;
    const cJSON *s;
    int rc;

    if ((rc = parse_opts(argc, argv, &o, "table,json,csv", 0)) != 0)
        return rc < 0 ? PP_EXIT_OK : rc;
    if (argc - optind > 1)
        return cli_usage(o.cmd, "expected at most one passport id");
    if ((rc = open_reg_at(&o, &r, &at)) != 0)
        return rc;
    if (optind < argc &&
        (rc = cli_resolve_id(o.cmd, r, &at, argv[optind], &id)) != 0)
        goto done;
    if ((rc = registry_sources(o.cmd, r, &at, id.len ? id.ptr : NULL, &all)))
        goto done;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0) {
        rc = cli_lib_fail(o.cmd, rc);
        goto done;
    }
    root = cJSON_CreateObject();
    {
        cJSON *arr = cJSON_AddArrayToObject(root, "sources");
        cJSON *columns = cJSON_CreateArray(), *rows = cJSON_CreateArray();
        static const char *const cols[] = {"source", "kind", "priority",
                                           "cache", "url"};
        for (size_t i = 0; i < 5; i++)
            cJSON_AddItemToArray(columns, cJSON_CreateString(cols[i]));
        cJSON_ArrayForEach(s, all)
        {
            cJSON *item = cJSON_Duplicate(s, 1), *row = cJSON_CreateArray();
            cJSON *meta = cached_meta(cache, s->string);
            pp_buf state = PP_BUF_INIT;
            if (meta) {
                pp_buf_printf(&state, "cached %.10s %.12s%s",
                              pp_json_str(meta, "retrieved", ""),
                              pp_json_str(meta, "sha256", ""),
                              cJSON_IsTrue(cJSON_GetObjectItem(meta,
                                                               "searchable"))
                                  ? ""
                                  : " (not searchable)");
                cJSON_AddItemToObject(item, "cache", meta);
            } else {
                pp_buf_puts(&state, cJSON_GetObjectItem(s, "url")
                                        ? "not cached"
                                        : "not cached (no URL)");
                cJSON_AddNullToObject(item, "cache");
            }
            cJSON_AddItemToArray(row, cJSON_CreateString(s->string));
            cJSON_AddItemToArray(
                row, cJSON_CreateString(pp_json_str(s, "kind", "")));
            cJSON_AddItemToArray(
                row, cJSON_CreateString(pp_json_str(s, "priority", "")));
            cJSON_AddItemToArray(row, cJSON_CreateString(pp_buf_cstr(&state)));
            cJSON_AddItemToArray(
                row, cJSON_CreateString(pp_json_str(s, "url", "-")));
            cJSON_AddItemToArray(rows, row);
            cJSON_AddItemToArray(arr, item);
            if (cJSON_IsTrue(cJSON_GetObjectItem(s, "conflict")))
                fprintf(stderr, "passport %s: warning: passports cite source "
                        "'%s' with different URLs\n", o.cmd, s->string);
            pp_buf_dispose(&state);
        }
        if (o.fmt == PP_FMT_JSON)
            pp_json_write_canonical(&out, root, NULL);
        else
            cli_render_rows(&out, columns, rows, o.fmt);
        cJSON_Delete(columns);
        cJSON_Delete(rows);
    }
    rc = cli_flush(o.cmd, &out);
done:
    cJSON_Delete(all);
    cJSON_Delete(root);
    pp_cache_free(cache);
    pp_reg_free(r);
    pp_buf_dispose(&id);
    pp_buf_dispose(&out);
    return rc;
}

/* ---- fetch ------------------------------------------------------------ */

static void print_fetched(const char *what, const cJSON *m, int new_blob)
{
    const cJSON *st = cJSON_GetObjectItem(m, "status");
    printf("%s: fetched %s (", what, pp_json_str(m, "final_url", "?"));
    if (cJSON_IsNumber(st))
        printf("HTTP %d, ", st->valueint);
    printf("%s, %.0f bytes, sha256 %.12s, %s)%s\n",
           pp_json_str(m, "content_type", "no content type"),
           cJSON_GetObjectItem(m, "size")->valuedouble,
           pp_json_str(m, "sha256", ""),
           cJSON_IsTrue(cJSON_GetObjectItem(m, "searchable"))
               ? "searchable"
               : "not searchable",
           new_blob ? "" : " unchanged");
}

/* Fetch one source of the registry; 0 or PP_EXIT_FAILURE. */
static int fetch_one(struct opts *o, pp_cache *cache, const char *sid,
                     const char *url)
{
    pp_buf key = PP_BUF_INIT;
    cJSON *meta = NULL;
    int rc, new_blob = 0;
    char *shown = pp_fetch_redact(url);

    if ((rc = pp_cache_key_source(&key, sid)) < 0)
        goto fail;
    if (!o->force && pp_cache_meta(cache, key.ptr, &meta) == 0 && shown &&
        !strcmp(pp_json_str(meta, "url", ""), shown)) {
        if (!o->quiet)
            printf("%s: cached %s (sha256 %.12s); --force fetches again\n",
                   sid, pp_json_str(meta, "retrieved", ""),
                   pp_json_str(meta, "sha256", ""));
        goto done;
    }
    cJSON_Delete(meta);
    meta = NULL;
    cli_progress_start(&o->bar, sid);
    if ((rc = pp_cache_fetch(cache, key.ptr, url, &o->fetch, &meta,
                             &new_blob)) < 0)
        goto fail;
    if (!o->quiet)
        print_fetched(sid, meta, new_blob);
done:
    cJSON_Delete(meta);
    pp_buf_dispose(&key);
    free(shown);
    return 0;
fail:
    cli_fail(PP_EXIT_FAILURE, o->cmd, "%s: %s", sid, pp_error_last());
    cJSON_Delete(meta);
    pp_buf_dispose(&key);
    free(shown);
    return PP_EXIT_FAILURE;
}

static int source_fetch(int argc, char **argv)
{
    struct opts o = {.cmd = "source fetch"};
    pp_reg *r = NULL;
    pp_at at;
    pp_cache *cache = NULL;
    cJSON *all = NULL;
    int rc, failed = 0, fetched = 0;

    if ((rc = parse_opts(argc, argv, &o, NULL, 1)) != 0)
        return rc < 0 ? PP_EXIT_OK : rc;
    if (o.at_spec)
        return cli_usage(o.cmd, "--at is not an option of fetch");
    if (o.all == (optind < argc))
        return cli_usage(o.cmd, "name the sources to fetch, or --all");
    if (o.url && (o.all || argc - optind != 1))
        return cli_usage(o.cmd, "--url goes with exactly one SOURCE_ID");
    if ((rc = open_reg_at(&o, &r, &at)) != 0)
        return rc;
    if ((rc = registry_sources(o.cmd, r, &at, NULL, &all)) != 0)
        goto done;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0) {
        rc = cli_lib_fail(o.cmd, rc);
        goto done;
    }
    if (o.all) {
        const cJSON *s;
        cJSON_ArrayForEach(s, all)
        {
            const char *url = pp_json_str(s, "url", NULL);
            if (!url) {
                if (!o.quiet)
                    printf("%s: skipped (no URL; give one with "
                           "'source fetch %s --url URL')\n", s->string,
                           s->string);
                continue;
            }
            failed += fetch_one(&o, cache, s->string, url) != 0;
            fetched++;
        }
    } else {
        for (int i = optind; i < argc; i++) {
            const cJSON *s = cJSON_GetObjectItem(all, argv[i]);
            const char *url = o.url ? o.url : pp_json_str(s, "url", NULL);
            if (!s) {
                cli_fail(0, o.cmd, "no passport cites a source '%s' (see "
                         "'passport source list')", argv[i]);
                failed++;
                continue;
            }
            if (!url) {
                cli_fail(0, o.cmd, "source '%s' has no URL; give one with "
                         "--url", argv[i]);
                failed++;
                continue;
            }
            failed += fetch_one(&o, cache, argv[i], url) != 0;
            fetched++;
        }
    }
    rc = failed ? PP_EXIT_FAILURE : PP_EXIT_OK;
    if (failed && fetched > 1)
        cli_fail(0, o.cmd, "%d of %d fetches failed", failed, fetched);
done:
    cJSON_Delete(all);
    pp_cache_free(cache);
    pp_reg_free(r);
    return rc;
}

/* ---- show ------------------------------------------------------------- */

static int source_show(int argc, char **argv)
{
    struct opts o = {.cmd = "source show", .fmt = PP_FMT_TEXT};
    pp_reg *r = NULL;
    pp_at at;
    pp_cache *cache = NULL;
    cJSON *all = NULL, *meta = NULL, *root = NULL;
    const cJSON *s;
    pp_buf out = PP_BUF_INIT, key = PP_BUF_INIT;
    const char *sid;
    int rc;

    if ((rc = parse_opts(argc, argv, &o, "text,json", 0)) != 0)
        return rc < 0 ? PP_EXIT_OK : rc;
    if (argc - optind != 1)
        return cli_usage(o.cmd, "expected one SOURCE_ID");
    sid = argv[optind];
    if (pp_cache_key_source(&key, sid) < 0)
        return cli_fail(PP_EXIT_FAILURE, o.cmd, "%s", pp_error_last());
    if ((rc = open_reg_at(&o, &r, &at)) != 0)
        goto done;
    if ((rc = registry_sources(o.cmd, r, &at, NULL, &all)) != 0)
        goto done;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0) {
        rc = cli_lib_fail(o.cmd, rc);
        goto done;
    }
    s = cJSON_GetObjectItem(all, sid);
    if (pp_cache_meta(cache, key.ptr, &meta) < 0 &&
        pp_error_last_code() != PP_ENOTFOUND) {
        rc = cli_lib_fail(o.cmd, pp_error_last_code());
        goto done;
    }
    if (!s && !meta) {
        rc = cli_fail(PP_EXIT_FAILURE, o.cmd, "no passport cites a source "
                      "'%s' and nothing is cached under it", sid);
        goto done;
    }
    root = s ? cJSON_Duplicate(s, 1) : cJSON_CreateObject();
    if (!s)
        cJSON_AddStringToObject(root, "id", sid);
    if (meta) {
        pp_buf p = PP_BUF_INIT;
        pp_buf_printf(&p, "%s/%s", pp_cache_dir(cache),
                      pp_json_str(meta, "blob", ""));
        cJSON_AddStringToObject(meta, "blob_path", pp_buf_cstr(&p));
        pp_buf_clear(&p);
        if (cJSON_IsString(cJSON_GetObjectItem(meta, "text"))) {
            pp_buf_printf(&p, "%s/%s", pp_cache_dir(cache),
                          pp_json_str(meta, "text", ""));
            cJSON_AddStringToObject(meta, "text_path", pp_buf_cstr(&p));
        }
        pp_buf_dispose(&p);
        cJSON_AddItemToObject(root, "cache", meta);
    } else {
        cJSON_AddNullToObject(root, "cache");
    }
    if (o.fmt == PP_FMT_JSON) {
        pp_json_write_canonical(&out, root, NULL);
    } else {
        const cJSON *pp, *st;
        int first = 1;
        pp_buf_printf(&out, "source:       %s\n", sid);
        if (s) {
            pp_buf_printf(&out, "kind:         %s (%s)\n",
                          pp_json_str(s, "kind", "?"),
                          pp_json_str(s, "priority", "?"));
            pp_buf_printf(&out, "title:        %s\n",
                          pp_json_str(s, "title", ""));
            pp_buf_printf(&out, "url:          %s\n",
                          pp_json_str(s, "url", "(none)"));
            pp_buf_puts(&out, "cited by:     ");
            cJSON_ArrayForEach(pp, cJSON_GetObjectItem(s, "passports"))
            {
                pp_buf_printf(&out, "%s%s", first ? "" : ", ", pp->valuestring);
                first = 0;
            }
            pp_buf_putc(&out, '\n');
        } else {
            pp_buf_puts(&out, "cited by:     no passport\n");
        }
        if (!meta) {
            pp_buf_printf(&out, "cache:        not cached (passport source "
                          "fetch %s)\n", sid);
        } else {
            st = cJSON_GetObjectItem(meta, "status");
            pp_buf_puts(&out, "cache:        cached\n");
            pp_buf_printf(&out, "  fetched:    %s\n",
                          pp_json_str(meta, "url", ""));
            pp_buf_printf(&out, "  final url:  %s\n",
                          pp_json_str(meta, "final_url", ""));
            if (cJSON_IsNumber(st))
                pp_buf_printf(&out, "  status:     HTTP %d\n", st->valueint);
            pp_buf_printf(&out, "  type:       %s\n",
                          pp_json_str(meta, "content_type", "(none)"));
            pp_buf_printf(&out, "  size:       %.0f bytes\n",
                          cJSON_GetObjectItem(meta, "size")->valuedouble);
            pp_buf_printf(&out, "  sha256:     %s\n",
                          pp_json_str(meta, "sha256", ""));
            pp_buf_printf(&out, "  retrieved:  %s\n",
                          pp_json_str(meta, "retrieved", ""));
            pp_buf_printf(&out, "  body:       %s\n",
                          pp_json_str(meta, "blob_path", ""));
            if (cJSON_IsString(cJSON_GetObjectItem(meta, "text_path")))
                pp_buf_printf(&out, "  text:       %s (from %s)\n",
                              pp_json_str(meta, "text_path", ""),
                              pp_json_str(meta, "text_kind", ""));
            else
                pp_buf_puts(&out, "  text:       none: not searchable\n");
        }
    }
    rc = cli_flush(o.cmd, &out);
done:
    cJSON_Delete(all);
    cJSON_Delete(root);
    pp_cache_free(cache);
    pp_reg_free(r);
    pp_buf_dispose(&out);
    pp_buf_dispose(&key);
    return rc;
}

/* ---- check ------------------------------------------------------------ */

/* The searchable text of source `sid`, loaded once per run: texts is an
 * object sid -> string (or null with a reason in why). */
static const char *source_text(pp_cache *cache, cJSON *texts, cJSON *why,
                               const char *sid, size_t *len)
{
    cJSON *t = cJSON_GetObjectItem(texts, sid);
    if (!t) {
        cJSON *meta = cached_meta(cache, sid);
        pp_buf text = PP_BUF_INIT;
        if (!meta) {
            cJSON_AddNullToObject(texts, sid);
            cJSON_AddStringToObject(why, sid, "not cached");
        } else if (pp_cache_text(cache, meta, &text) < 0) {
            cJSON_AddNullToObject(texts, sid);
            cJSON_AddStringToObject(why, sid, pp_error_last());
        } else {
            cJSON_AddStringToObject(texts, sid, pp_buf_cstr(&text));
        }
        pp_buf_dispose(&text);
        cJSON_Delete(meta);
        t = cJSON_GetObjectItem(texts, sid);
    }
    if (!cJSON_IsString(t))
        return NULL;
    *len = strlen(t->valuestring);
    return t->valuestring;
}

static int source_check(int argc, char **argv)
{
    struct opts o = {.cmd = "source check", .fmt = PP_FMT_TEXT};
    pp_reg *r = NULL;
    pp_at at;
    pp_cache *cache = NULL;
    cJSON *items = NULL, *quotes = cJSON_CreateArray();
    cJSON *texts = cJSON_CreateObject(), *why = cJSON_CreateObject();
    cJSON *unchecked_by = cJSON_CreateObject();
    pp_buf id = PP_BUF_INIT, out = PP_BUF_INIT;
    const cJSON *it;
    int rc, found = 0, missing = 0, unchecked = 0;

    if ((rc = parse_opts(argc, argv, &o, "text,json", 0)) != 0) {
        rc = rc < 0 ? PP_EXIT_OK : rc;
        goto done;
    }
    if (argc - optind > 1) {
        rc = cli_usage(o.cmd, "expected at most one passport id");
        goto done;
    }
    if ((rc = open_reg_at(&o, &r, &at)) != 0)
        goto done;
    if (optind < argc &&
        (rc = cli_resolve_id(o.cmd, r, &at, argv[optind], &id)) != 0)
        goto done;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0 ||
        (rc = pp_reg_list(r, &at, NULL, &items)) < 0) {
        rc = cli_lib_fail(o.cmd, rc);
        goto done;
    }
    cJSON_ArrayForEach(it, items)
    {
        const char *pid = cJSON_GetObjectItem(it, "id")->valuestring;
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        if (id.len && strcmp(pid, id.ptr) != 0)
            continue;
        if (pp_reg_load(r, &at, pid, &p, &d) == 0)
            pp_sources_quotes(pp_passport_json(p), quotes);
        else
            fprintf(stderr, "passport %s: %s: cannot load (see 'passport "
                    "validate %s')\n", o.cmd, pid, pid);
        pp_diags_dispose(&d);
        pp_passport_free(p);
    }
    cJSON_ArrayForEach(it, quotes)
    {
        cJSON *q = (cJSON *)it;
        const char *sid = pp_json_str(q, "source", "");
        size_t len = 0, at_off = 0;
        const char *text = source_text(cache, texts, why, sid, &len);
        pp_quote *pq = NULL;
        int hit;
        if (!text) {
            cJSON *n = cJSON_GetObjectItem(unchecked_by, sid);
            cJSON_AddStringToObject(q, "status", "unchecked");
            cJSON_AddStringToObject(q, "reason", pp_json_str(why, sid, ""));
            if (n)
                cJSON_SetNumberValue(n, n->valuedouble + 1);
            else
                cJSON_AddNumberToObject(unchecked_by, sid, 1);
            unchecked++;
            continue;
        }
        if (pp_quote_compile(&pq, pp_json_str(q, "quote", "")) < 0 ||
            (hit = pp_quote_find(pq, text, len, &at_off)) < 0) {
            cJSON_AddStringToObject(q, "status", "unchecked");
            cJSON_AddStringToObject(q, "reason", pp_error_last());
            unchecked++;
            if (o.fmt == PP_FMT_TEXT)
                pp_buf_printf(&out,
                              "%s:%s: warning: unchecked: %s "
                              "[quote-unchecked]\n",
                              pp_json_str(q, "passport", ""),
                              pp_json_str(q, "pointer", ""), pp_error_last());
        } else if (hit) {
            size_t line = 1;
            for (size_t k = 0; k < at_off; k++)
                line += text[k] == '\n';
            cJSON_AddStringToObject(q, "status", "found");
            cJSON_AddNumberToObject(q, "line", (double)line);
            found++;
        } else {
            cJSON_AddStringToObject(q, "status", "missing");
            missing++;
            if (o.fmt == PP_FMT_TEXT)
                pp_buf_printf(&out, "%s:%s: error: quote not found in the "
                              "cached text of source '%s' (%s): \"%s\" "
                              "[quote-missing]\n",
                              pp_json_str(q, "passport", ""),
                              pp_json_str(q, "pointer", ""), sid,
                              pp_json_str(q, "section", ""),
                              pp_json_str(q, "quote", ""));
        }
        pp_quote_free(pq);
    }
    if (o.fmt == PP_FMT_JSON) {
        cJSON *root = cJSON_CreateObject(), *sum;
        cJSON_AddItemToObject(root, "quotes", quotes);
        quotes = NULL;
        sum = cJSON_AddObjectToObject(root, "summary");
        cJSON_AddNumberToObject(sum, "found", found);
        cJSON_AddNumberToObject(sum, "missing", missing);
        cJSON_AddNumberToObject(sum, "unchecked", unchecked);
        pp_json_write_canonical(&out, root, NULL);
        cJSON_Delete(root);
    } else {
        const cJSON *n;
        cJSON_ArrayForEach(n, unchecked_by)
        {
            pp_buf_printf(&out,
                          "%s: warning: %d quote%s unchecked: %s; "
                          "fetch it with 'passport source fetch %s' "
                          "[quote-unchecked]\n",
                          n->string, n->valueint, n->valueint == 1 ? "" : "s",
                          pp_json_str(why, n->string, "?"), n->string);
        }
        pp_buf_printf(&out, "%d quote%s: %d found, %d missing, %d "
                      "unchecked\n", found + missing + unchecked,
                      found + missing + unchecked == 1 ? "" : "s", found,
                      missing, unchecked);
    }
    rc = cli_flush(o.cmd, &out);
    if (rc == 0 && (missing || (o.strict && unchecked)))
        rc = PP_EXIT_CHECK;
done:
    cJSON_Delete(items);
    cJSON_Delete(quotes);
    cJSON_Delete(texts);
    cJSON_Delete(why);
    cJSON_Delete(unchecked_by);
    pp_cache_free(cache);
    pp_reg_free(r);
    pp_buf_dispose(&id);
    pp_buf_dispose(&out);
    return rc;
}

/* ---- quote ------------------------------------------------------------ */

static int source_quote(int argc, char **argv)
{
    struct opts o = {.cmd = "source quote"};
    pp_reg *r = NULL;
    pp_cache *cache = NULL;
    pp_quote *pq = NULL;
    cJSON *meta = NULL;
    pp_buf key = PP_BUF_INIT, text = PP_BUF_INIT;
    const char *url, *quote;
    char *shown = NULL;
    size_t at_off = 0;
    int rc, hit, new_blob = 0;

    if ((rc = parse_opts(argc, argv, &o, NULL, 1)) != 0)
        return rc < 0 ? PP_EXIT_OK : rc;
    if (o.at_spec || o.url || o.all || o.strict)
        return cli_usage(o.cmd, "quote takes URL TEXT and fetch options");
    if (argc - optind != 2)
        return cli_usage(o.cmd, "expected URL and TEXT");
    url = argv[optind];
    quote = argv[optind + 1];
    if ((rc = pp_quote_compile(&pq, quote)) < 0)
        return cli_usage(o.cmd, "TEXT: %s", pp_error_last());
    if ((rc = cli_open_reg(o.cmd, &r)) != 0)
        goto done;
    if ((rc = pp_cache_open(&cache, pp_reg_path(r))) < 0 ||
        (rc = pp_cache_key_url(&key, url)) < 0) {
        rc = cli_lib_fail(o.cmd, rc);
        goto done;
    }
    if (o.force || pp_cache_meta(cache, key.ptr, &meta) < 0) {
        cli_progress_start(&o.bar, "quote");
        if (pp_cache_fetch(cache, key.ptr, url, &o.fetch, &meta,
                           &new_blob) < 0) {
            rc = cli_fail(PP_EXIT_FAILURE, o.cmd, "%s", pp_error_last());
            goto done;
        }
    }
    shown = pp_fetch_redact(url);
    if (pp_cache_text(cache, meta, &text) < 0) {
        rc = cli_fail(PP_EXIT_FAILURE, o.cmd, "%s: %s", shown ? shown : "?",
                      pp_error_last());
        goto done;
    }
    if ((hit = pp_quote_find(pq, text.ptr ? text.ptr : "", text.len,
                             &at_off)) < 0) {
        rc = cli_fail(PP_EXIT_FAILURE, o.cmd, "%s", pp_error_last());
        goto done;
    }
    if (hit) {
        size_t line = 1;
        for (size_t k = 0; k < at_off; k++)
            line += text.ptr[k] == '\n';
        printf("found in %s (line %zu of its text, sha256 %.12s)\n",
               pp_json_str(meta, "final_url", shown ? shown : "?"), line,
               pp_json_str(meta, "sha256", ""));
        rc = PP_EXIT_OK;
    } else {
        printf("not found in %s (sha256 %.12s)\n",
               pp_json_str(meta, "final_url", shown ? shown : "?"),
               pp_json_str(meta, "sha256", ""));
        rc = PP_EXIT_CHECK;
    }
done:
    free(shown);
    cJSON_Delete(meta);
    pp_quote_free(pq);
    pp_cache_free(cache);
    pp_reg_free(r);
    pp_buf_dispose(&key);
    pp_buf_dispose(&text);
    return rc;
}

int cmd_source(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } subs[] = {{"list", source_list},   {"fetch", source_fetch},
                {"show", source_show},   {"check", source_check},
                {"quote", source_quote}};
    if (argc < 2)
        return cli_usage("source", "expected a subcommand: list, fetch, "
                         "show, check or quote");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, stdout);
        return PP_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
        if (!strcmp(argv[1], subs[i].name))
            return subs[i].fn(argc - 1, argv + 1);
    return cli_usage("source", "unknown subcommand '%s' (expected list, "
                     "fetch, show, check or quote)", argv[1]);
}
