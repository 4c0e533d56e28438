/*
 * util.c - what the command files share: messages and exit statuses,
 * --format, opening the registry and loading what a command reads, and
 * writing its output.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/error.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../core/table.h"
#include "../core/banned.h"

int cli_fail(int code, const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "passport %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

int cli_fail_missing(const char *cmd, const cJSON *doc, const char *who,
                     const char *names, const char *what)
{
    pp_buf m = PP_BUF_INIT;
    pp_fact_missing_text(&m, doc, who, names, what);
    cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_buf_cstr(&m));
    pp_buf_dispose(&m);
    return PP_EXIT_FAILURE;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "passport %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'passport %s --help')\n", cmd);
    return PP_EXIT_USAGE;
}

int cli_parse_output(const char *cmd, const char *arg, const char *allowed,
                     enum cli_output *out)
{
    static const struct {
        const char *name;
        enum cli_output fmt;
    } names[] = {{"text", CLI_OUT_TEXT},
                 {"table", CLI_OUT_TABLE},
                 {"json", CLI_OUT_JSON},
                 {"csv", CLI_OUT_CSV}};
    size_t n = strlen(arg);

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const char *hit = strstr(allowed, names[i].name);
        if (strcmp(arg, names[i].name) == 0 && hit &&
            (hit[n] == '\0' || hit[n] == ',')) {
            *out = names[i].fmt;
            return 0;
        }
    }
    cli_usage(cmd, "unknown format '%s' (expected one of: %s)", arg, allowed);
    return -1;
}

int cli_exit_for(int rc)
{
    switch (rc) {
    case 0: return PP_EXIT_OK;
    case PP_EINVALID: return PP_EXIT_CHECK;
    case PP_EUSAGE: return PP_EXIT_USAGE;
    case PP_ECONFLICT: return PP_EXIT_CHECK;
    default: return PP_EXIT_FAILURE;
    }
}

void cli_print_diags(FILE *f, const pp_diags *d)
{
    for (size_t i = 0; i < d->count; i++) {
        const pp_diag *x = &d->items[i];
        if (!x->file)
            fprintf(f, "%s\n", x->message);
        else if (x->pointer[0])
            fprintf(f, "%s: %s: %s\n", x->file, x->pointer, x->message);
        else
            fprintf(f, "%s: %s\n", x->file, x->message);
    }
    if (d->dropped)
        fprintf(f, "... and %zu more\n", d->dropped);
}

const char *cli_registry_option;

int cli_lib_fail(const char *cmd, int rc)
{
    return cli_fail(cli_exit_for(rc), cmd, "%s", pp_error_last());
}

int cli_who(const char *cmd, pp_reg *r, const char *author, pp_who **out)
{
    int rc = pp_who_new(out, r, author);
    return rc < 0 ? cli_lib_fail(cmd, rc) : 0;
}

static void print_notice(void *cmd, const char *notice)
{
    fprintf(stderr, "passport %s: %s\n", (const char *)cmd, notice);
}

int cli_open_reg(const char *cmd, pp_reg **out)
{
    pp_buf path = PP_BUF_INIT;
    int is_default = 0, rc;
    struct stat st;

    *out = NULL;
    if ((rc = pp_reg_locate(cli_registry_option, &path, &is_default)) < 0) {
        pp_buf_dispose(&path);
        return cli_lib_fail(cmd, rc);
    }
    rc = pp_reg_open(out, path.ptr);
    if (rc == PP_ENOTFOUND && is_default && stat(path.ptr, &st) != 0) {
        /* First use: create the default registry from the shipped
         * passports, so every command works with no set-up. */
        pp_diags d = PP_DIAGS_INIT;
        pp_who *who = NULL;
        if (pp_who_new(&who, NULL, NULL) < 0)
            pp_who_new(&who, NULL, "passport <passport@localhost>");
        rc = pp_reg_create(out, path.ptr, pp_reg_shipped_dir(), who, &d);
        pp_who_free(who);
        cli_print_diags(stderr, &d);
        pp_diags_dispose(&d);
        if (rc == 0)
            fprintf(stderr,
                    "passport: created the registry at %s from the "
                    "shipped passports\n",
                    path.ptr);
    }
    pp_buf_dispose(&path);
    if (rc < 0)
        return cli_lib_fail(cmd, rc);
    if ((rc = pp_reg_sync_index(*out, NULL)) < 0) {
        pp_reg_free(*out);
        *out = NULL;
        return cli_lib_fail(cmd, rc);
    }
    if (pp_reg_notice(*out)[0])
        fprintf(stderr, "passport %s: %s\n", cmd, pp_reg_notice(*out));
    /* A damaged index found later (and rebuilt) is said when it happens. */
    pp_reg_on_notice(*out, print_notice, (void *)cmd);
    return 0;
}

int cli_report_heading(pp_buf *out, const char *query, pp_passport *const *ps,
                       size_t n, enum cli_output fmt)
{
    if (n < 2)
        return 0;
    if (fmt == CLI_OUT_JSON) {
        pp_buf_puts(out, "{\n  \"name\": ");
        pp_json_write_string(out, query);
        return pp_buf_puts(out, ",\n  \"checkpoints\": [\n");
    }
    pp_buf_printf(out, "'%s' names the checkpoints of one report:", query);
    for (size_t i = 0; i < n; i++)
        pp_buf_printf(out, "%s %s", i ? "," : "",
                      pp_json_str(pp_passport_json(ps[i]), "id", "?"));
    return pp_buf_puts(out, "\n\n");
}

void cli_free_passports(pp_passport **ps, size_t n)
{
    for (size_t i = 0; ps && i < n; i++)
        pp_passport_free(ps[i]);
    free(ps);
}

int cli_load_report(const char *cmd, const char *at_spec, const char *query,
                    pp_reg **reg, pp_passport ***out, size_t *n)
{
    pp_at at;
    cJSON *ids = NULL;
    const cJSON *c;
    int rc, lr;

    *out = NULL;
    *n = 0;
    if ((rc = cli_open_reg(cmd, reg)) != 0)
        return rc;
    if ((rc = cli_at(cmd, *reg, at_spec, &at)) != 0)
        goto fail;
    if ((lr = pp_reg_resolve_report(*reg, &at, query, &ids)) < 0) {
        rc = cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last());
        goto fail;
    }
    if (!(*out = calloc((size_t)cJSON_GetArraySize(ids), sizeof(**out)))) {
        rc = cli_fail(PP_EXIT_FAILURE, cmd, "out of memory");
        goto fail;
    }
    cJSON_ArrayForEach(c, ids)
    {
        pp_diags d = PP_DIAGS_INIT;
        if ((lr = pp_reg_load(*reg, &at, c->valuestring, *out + *n, &d)) < 0) {
            cli_print_diags(stderr, &d);
            pp_diags_dispose(&d);
            rc = cli_lib_fail(cmd, lr);
            goto fail;
        }
        pp_diags_dispose(&d);
        (*n)++;
    }
    cJSON_Delete(ids);
    return 0;
fail:
    cJSON_Delete(ids);
    cli_free_passports(*out, *n);
    *out = NULL;
    *n = 0;
    pp_reg_free(*reg);
    *reg = NULL;
    return rc;
}

int cli_load_passport(const char *cmd, const char *at_spec, const char *query,
                      pp_reg **reg, pp_passport **out)
{
    pp_at at;
    pp_buf id = PP_BUF_INIT;
    pp_diags d = PP_DIAGS_INIT;
    int rc;

    *out = NULL;
    if ((rc = cli_open_reg(cmd, reg)) != 0)
        return rc;
    if ((rc = cli_at(cmd, *reg, at_spec, &at)) == 0 &&
        (rc = cli_resolve_id(cmd, *reg, &at, query, &id)) == 0) {
        int lr = pp_reg_load(*reg, &at, id.ptr, out, &d);
        if (lr < 0) {
            cli_print_diags(stderr, &d);
            rc = cli_lib_fail(cmd, lr);
        }
    }
    pp_buf_dispose(&id);
    pp_diags_dispose(&d);
    if (rc != 0) {
        pp_reg_free(*reg);
        *reg = NULL;
    }
    return rc;
}

int cli_at(const char *cmd, pp_reg *r, const char *spec, pp_at *out)
{
    int rc = pp_reg_at(r, spec, out);
    return rc < 0 ? cli_lib_fail(cmd, rc) : 0;
}

int cli_resolve_id(const char *cmd, pp_reg *r, const pp_at *at,
                   const char *query, pp_buf *id)
{
    int rc = pp_reg_resolve(r, at, query, id);
    return rc < 0 ? cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last()) : 0;
}

int cli_flush(const char *cmd, const pp_buf *b)
{
    if (b->len && fwrite(b->ptr, 1, b->len, stdout) != b->len)
        return cli_fail(PP_EXIT_FAILURE, cmd, "cannot write output: %s",
                        strerror(errno));
    if (fflush(stdout) != 0)
        return cli_fail(PP_EXIT_FAILURE, cmd, "cannot write output: %s",
                        strerror(errno));
    return 0;
}


void cli_render_rows(pp_buf *out, const cJSON *columns, const cJSON *rows,
                     enum cli_output fmt)
{
    pp_table_render(out, columns, rows,
                    fmt == CLI_OUT_CSV ? PP_TABLE_CSV : PP_TABLE_TEXT);
}

void cli_set_dispose(struct cli_set *s)
{
    pp_reg_set_dispose(&s->all);
    pp_reg_free(s->reg);
    memset(s, 0, sizeof *s);
}

void cli_warn_broken(const char *cmd, const pp_reg_set *all)
{
    for (size_t i = 0; i < all->nentries; i++)
        if (!all->entries[i].passport)
            /* A page of the others beats no page; say which is missing. */
            fprintf(stderr,
                    "passport %s: warning: '%s' is left out: it does "
                    "not validate (see 'passport validate')\n",
                    cmd, all->entries[i].id);
}

int cli_load_set(const char *cmd, const char *at_spec, struct cli_set *s)
{
    pp_buf as_of = PP_BUF_INIT;
    pp_at at;
    int rc;
    memset(s, 0, sizeof *s);
    if ((rc = cli_open_reg(cmd, &s->reg)) != 0)
        return rc;
    if ((rc = cli_at(cmd, s->reg, at_spec, &at)) != 0)
        goto fail;
    if ((rc = pp_reg_load_all(s->reg, &at, &s->all)) < 0) {
        rc = cli_lib_fail(cmd, rc);
        goto fail;
    }
    cli_warn_broken(cmd, &s->all);
    s->docs = s->all.docs;
    s->n = s->all.n;
    pp_reg_at_describe(&at, &as_of);
    snprintf(s->as_of, sizeof s->as_of, "%s", pp_buf_cstr(&as_of));
    pp_buf_dispose(&as_of);
    return 0;
fail:
    cli_set_dispose(s);
    return rc;
}

int cli_write_output(const char *cmd, const char *path, const pp_buf *b)
{
    if (!path || !strcmp(path, "-"))
        return cli_flush(cmd, b);
    if (pp_io_write_atomic(path, b->ptr ? b->ptr : "", b->len) < 0)
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last());
    return PP_EXIT_OK;
}

int cli_open_csv(const char *cmd, const char *path, FILE **f,
                 pp_csv_reader **out)
{
    struct stat st;
    int rc;
    *out = NULL;
    *f = !strcmp(path, "-") ? stdin : fopen(path, "rb");
    if (!*f)
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s: cannot open: %s", path,
                        strerror(errno));
    if (fstat(fileno(*f), &st) == 0 && S_ISDIR(st.st_mode))
        rc = pp_error_set(PP_EIO, "%s: cannot read: is a directory", path);
    else
        rc = pp_csv_reader_open(out, *f, *f == stdin ? "<stdin>" : path);
    if (rc < 0) {
        if (*f != stdin)
            fclose(*f);
        *f = NULL;
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last());
    }
    return 0;
}

int cli_read_csv(const char *cmd, const char *path, pp_csv **out)
{
    pp_buf data = PP_BUF_INIT;
    int rc = pp_io_read_file(&data, path, PP_CSV_MAX_BYTES);
    *out = NULL;
    if (rc == 0)
        rc = pp_csv_parse(out, data.ptr ? data.ptr : "", data.len,
                          !strcmp(path, "-") ? "<stdin>" : path);
    pp_buf_dispose(&data);
    if (rc < 0)
        return cli_fail(PP_EXIT_FAILURE, cmd, "%s", pp_error_last());
    return 0;
}
