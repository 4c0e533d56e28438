/*
 * suite.c - the official JSON-Schema-Test-Suite against schema/jsonschema.c.
 *
 * Usage: suite DIR SKIPLIST
 * DIR holds the suite's case files (Debian's json-schema-test-suite:
 * /usr/share/json-schema-test-suite/tests/draft7).  Each file is an array
 * of groups {"description", "schema", "tests": [{"description", "data",
 * "valid"}]}.  A group whose schema the validator refuses to compile is
 * skipped, and must be refused for a reason SKIPLIST names (one line per
 * keyword or reason, "#" comments): the validator implements a subset of
 * JSON Schema and says so, it never guesses.  Every other case must give
 * the suite's verdict.  Files for keywords whose meaning changed between
 * draft 7 and 2020-12 are listed in SKIPLIST as "file NAME".
 * Prints a summary; exits 1 on any wrong verdict or unlisted skip.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/error.h"
#include "core/io.h"
#include "core/json.h"
#include "schema/jsonschema.h"

#define MAX_SKIPS 128

static char *skips[MAX_SKIPS];
static size_t nskips;

static void load_skips(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    if (!f) {
        perror(path);
        exit(2);
    }
    while (fgets(line, sizeof line, f) && nskips < MAX_SKIPS) {
        line[strcspn(line, "\r\n#")] = '\0';
        while (*line && line[strlen(line) - 1] == ' ')
            line[strlen(line) - 1] = '\0';
        if (*line)
            skips[nskips++] = strdup(line);
    }
    fclose(f);
}

static int listed(const char *what)
{
    for (size_t i = 0; i < nskips; i++)
        if (!strcmp(skips[i], what))
            return 1;
    return 0;
}

/* The reason a compile failure names: the unsupported keyword, or the
 * kind of refusal ("unresolvable $ref"). */
static void reason_of(const char *msg, char *out, size_t n)
{
    const char *k = strstr(msg, "unsupported keyword '");
    if (k) {
        k += strlen("unsupported keyword '");
        snprintf(out, n, "%.*s", (int)strcspn(k, "'"), k);
    } else if (strstr(msg, "unresolvable $ref")) {
        snprintf(out, n, "unresolvable $ref");
    } else if (strstr(msg, "/items: a schema must be")) {
        snprintf(out, n, "items as an array");
    } else if (strstr(msg, "unsupported pattern")) {
        snprintf(out, n, "unsupported pattern");
    } else {
        snprintf(out, n, "%s", msg);
    }
}

struct tally {
    int passed, failed, skipped_groups, skipped_cases;
};

static void run_file(const char *dir, const char *name, struct tally *t)
{
    pp_buf path = PP_BUF_INIT, text = PP_BUF_INIT;
    cJSON *doc = NULL;
    const cJSON *group;
    pp_buf_printf(&path, "%s/%s", dir, name);
    if (pp_io_read_file(&text, path.ptr, 16 << 20) < 0 ||
        pp_json_parse(text.ptr, text.len, path.ptr, &doc) < 0) {
        printf("FAIL %s: %s\n", name, pp_error_last());
        t->failed++;
        goto done;
    }
    cJSON_ArrayForEach(group, doc)
    {
        pp_buf schema = PP_BUF_INIT;
        pp_schema *s = NULL;
        const cJSON *c;
        pp_json_write_compact(&schema, pp_json_get(group, "schema"), NULL);
        if (pp_schema_compile(&s, schema.ptr, schema.len, "schema") < 0) {
            char why[128];
            int n = cJSON_GetArraySize(pp_json_get(group, "tests"));
            reason_of(pp_error_last(), why, sizeof why);
            if (getenv("SUITE_VERBOSE"))
                printf("skip %s: %s\n", name, why);
            if (!listed(why)) {
                printf("FAIL %s: \"%s\": skipped for an unlisted reason: "
                       "%s\n",
                       name, pp_json_str(group, "description", ""),
                       pp_error_last());
                t->failed += n;
            } else {
                t->skipped_groups++;
                t->skipped_cases += n;
            }
            pp_buf_dispose(&schema);
            continue;
        }
        cJSON_ArrayForEach(c, pp_json_get(group, "tests"))
        {
            pp_diags d = PP_DIAGS_INIT;
            int errors = pp_schema_validate(s, pp_json_get(c, "data"), "d", &d);
            int want = cJSON_IsTrue(pp_json_get(c, "valid"));
            if ((errors == 0) == want) {
                t->passed++;
            } else {
                printf("FAIL %s: \"%s\" / \"%s\": expected %s, got %s%s%s\n",
                       name, pp_json_str(group, "description", ""),
                       pp_json_str(c, "description", ""),
                       want ? "valid" : "invalid",
                       errors ? "invalid: " : "valid",
                       d.count ? d.items[0].pointer : "",
                       d.count ? d.items[0].message : "");
                t->failed++;
            }
            pp_diags_dispose(&d);
        }
        pp_schema_free(s);
        pp_buf_dispose(&schema);
    }
done:
    cJSON_Delete(doc);
    pp_buf_dispose(&path);
    pp_buf_dispose(&text);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    DIR *d;
    struct dirent *e;
    char *names[512];
    size_t n = 0;
    struct tally t = {0, 0, 0, 0};
    if (argc != 3) {
        fprintf(stderr, "usage: suite DIR SKIPLIST\n");
        return 2;
    }
    load_skips(argv[2]);
    if (!(d = opendir(argv[1]))) {
        perror(argv[1]);
        return 2;
    }
    while ((e = readdir(d)) && n < 512) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json"))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char file[300];
        snprintf(file, sizeof file, "file %.*s", (int)strlen(names[i]) - 5,
                 names[i]);
        if (!listed(file))
            run_file(argv[1], names[i], &t);
        free(names[i]);
    }
    printf("%d passed, %d failed; %d groups (%d cases) skipped for the "
           "listed reasons\n",
           t.passed, t.failed, t.skipped_groups, t.skipped_cases);
    for (size_t i = 0; i < nskips; i++)
        free(skips[i]);
    return t.failed || t.passed == 0 ? 1 : 0;
}
