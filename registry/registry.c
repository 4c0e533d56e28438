/*
 * registry.c - a directory of passports, loaded and validated as a whole.
 */
#define _POSIX_C_SOURCE 200809L
#include "registry.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/banned.h"

#ifndef PP_DATADIR
#define PP_DATADIR "/usr/local/share/passport"
#endif
#ifndef PP_SOURCE_PASSPORTS
#define PP_SOURCE_PASSPORTS ""
#endif

struct pp_registry {
    pp_passport **items; /* owned, sorted by id */
    size_t count;
};

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_passports(const void *a, const void *b)
{
    return strcmp(pp_passport_id(*(pp_passport *const *)a),
                  pp_passport_id(*(pp_passport *const *)b));
}

void pp_registry_files_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

int pp_registry_dir_files(const char *dir, char ***out, size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t count = 0, alloc = 0;
    int rc = 0;

    *out = NULL;
    *n = 0;
    if (!d)
        return pp_error_set(errno == ENOENT ? PP_ENOTFOUND : PP_EIO,
                            "cannot open registry directory '%s': %s", dir,
                            strerror(errno));
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        pp_buf path = PP_BUF_INIT;
        if (len <= 5 || e->d_name[0] == '.' ||
            strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        if (count == PP_REGISTRY_MAX_PASSPORTS) {
            rc = pp_error_set(PP_ETOOBIG, "registry directory '%s' holds "
                              "more than %d passports", dir,
                              PP_REGISTRY_MAX_PASSPORTS);
            break;
        }
        if (count == alloc) {
            size_t na = alloc ? alloc * 2 : 16;
            char **p = realloc(names, na * sizeof(*p));
            if (!p) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                break;
            }
            names = p;
            alloc = na;
        }
        if (pp_buf_printf(&path, "%s/%s", dir, e->d_name) < 0) {
            rc = PP_ENOMEM;
            break;
        }
        names[count++] = pp_buf_detach(&path);
    }
    closedir(d);
    if (rc < 0) {
        pp_registry_files_free(names, count);
        return rc;
    }
    qsort(names, count, sizeof(*names), cmp_names);
    *out = names;
    *n = count;
    return 0;
}

int pp_registry_open_dir(pp_registry **out, const char *dir, pp_diags *diags)
{
    char **paths = NULL;
    size_t n = 0, i;
    pp_registry *r = NULL;
    int rc, invalid = 0;

    *out = NULL;
    if ((rc = pp_registry_dir_files(dir, &paths, &n)) < 0)
        return rc;
    r = calloc(1, sizeof(*r));
    if (!r || (n && !(r->items = calloc(n, sizeof(*r->items))))) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    for (i = 0; i < n; i++) {
        pp_passport *p = NULL;
        rc = pp_passport_load_file(&p, paths[i], diags);
        if (rc == PP_EINVALID) {
            invalid = 1;
            continue;
        }
        if (rc < 0) {
            /* An unreadable file is reported like an invalid one, so that
             * one bad file does not hide the others. */
            pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
            invalid = 1;
            continue;
        }
        r->items[r->count++] = p;
    }
    rc = 0;
    if (invalid)
        rc = pp_error_set(PP_EINVALID, "registry '%s' holds invalid "
                          "passports", dir);
    else
        qsort(r->items, r->count, sizeof(*r->items), cmp_passports);
done:
    pp_registry_files_free(paths, n);
    if (rc < 0) {
        pp_registry_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

void pp_registry_free(pp_registry *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->count; i++)
        pp_passport_free(r->items[i]);
    free(r->items);
    free(r);
}

size_t pp_registry_count(const pp_registry *r)
{
    return r->count;
}

const pp_passport *pp_registry_at(const pp_registry *r, size_t i)
{
    return i < r->count ? r->items[i] : NULL;
}

int pp_registry_resolve(const pp_registry *r, const char *query,
                        const pp_passport **out)
{
    size_t hits = 0, i;
    pp_buf list = PP_BUF_INIT;
    int rc;

    *out = NULL;
    for (i = 0; i < r->count; i++) {
        if (strcmp(pp_passport_id(r->items[i]), query) == 0) {
            *out = r->items[i];
            return 0;
        }
    }
    for (i = 0; i < r->count; i++) {
        if (pp_passport_answers_to(r->items[i], query)) {
            if (hits++ == 0)
                *out = r->items[i];
            pp_buf_printf(&list, "%s%s", hits > 1 ? ", " : "",
                          pp_passport_id(r->items[i]));
        }
    }
    if (hits == 1) {
        rc = 0;
    } else if (hits == 0) {
        rc = pp_error_set(PP_ENOTFOUND, "no passport named '%s' (try "
                          "'passport list')", query);
    } else {
        *out = NULL;
        rc = pp_error_set(PP_EAMBIGUOUS, "'%s' is ambiguous: it names %s",
                          query, pp_buf_cstr(&list));
    }
    pp_buf_dispose(&list);
    return rc;
}

const char *pp_registry_shipped_dir(void)
{
    static char buf[4096];
    const char *env = getenv("PASSPORT_SHIPPED");
    struct stat st;

    if (env && *env)
        return env;
    /* A binary run from its build tree reads the source tree's files, so
     * an edit there is seen without installing. */
    if (PP_SOURCE_PASSPORTS[0] && stat(PP_SOURCE_PASSPORTS, &st) == 0 &&
        S_ISDIR(st.st_mode))
        return PP_SOURCE_PASSPORTS;
    snprintf(buf, sizeof(buf), "%s/passports", PP_DATADIR);
    return buf;
}
