/*
 * test_registry.c - a registry seeded from a folder of passports: the
 * seed is validated as a whole, passports list in id order, and names
 * resolve (or fail) as documented; passport files load into the same
 * set, with a validation report; a point of history for people; the
 * sorted folder listing behind the seed.
 */
#define _XOPEN_SOURCE 700
#include "test_helpers.h"

#include <ftw.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/io.h"
#include "registry/registry.h"

static char sandbox[] = "/tmp/pp-reg-XXXXXX";

static int rm_one(const char *path, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

static int setup(void **state)
{
    (void)state;
    memcpy(sandbox + strlen(sandbox) - 6, "XXXXXX", 6);
    return mkdtemp(sandbox) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return nftw(sandbox, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    assert_non_null(f = fopen(path, "w"));
    fputs(text, f);
    fclose(f);
}

/* A registry in the sandbox seeded from `seed`; returns its create code. */
static int create(const char *seed, pp_reg **r, pp_diags *d)
{
    char path[4096];
    pp_who *who = NULL;
    int rc;
    snprintf(path, sizeof(path), "%s/reg", sandbox);
    assert_int_equal(pp_who_new(&who, NULL, "T <t@example.org>"), 0);
    rc = pp_reg_create(r, path, seed, who, d);
    pp_who_free(who);
    return rc;
}

static pp_reg *create_shipped(pp_at *at)
{
    char dir[4096];
    pp_reg *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    test_path(dir, sizeof(dir), "passports");
    assert_int_equal(create(dir, &r, &d), 0);
    assert_int_equal(d.count, 0);
    assert_int_equal(pp_reg_at(r, NULL, at), 0);
    pp_diags_dispose(&d);
    return r;
}

static void resolve(pp_reg *r, const pp_at *at, const char *q, const char *want)
{
    pp_buf id = PP_BUF_INIT;
    if (pp_reg_resolve(r, at, q, &id) != 0)
        fail_msg("'%s': %s", q, pp_error_last());
    assert_string_equal(pp_buf_cstr(&id), want);
    pp_buf_dispose(&id);
}

static void shipped_registry_in_id_order(void **state)
{
    pp_at at;
    pp_reg *r = create_shipped(&at);
    pp_reg_set all = {0};
    (void)state;
    assert_int_equal(pp_reg_load_all(r, &at, &all), 0);
    assert_int_equal(all.nentries, 20);
    assert_int_equal(all.n, 20);
    assert_int_equal(all.broken, 0);
    for (size_t i = 1; i < all.nentries; i++)
        assert_true(strcmp(all.entries[i - 1].id, all.entries[i].id) < 0);
    pp_reg_set_dispose(&all);
    pp_reg_free(r);
}

static void names_and_aliases_resolve(void **state)
{
    pp_at at;
    pp_reg *r = create_shipped(&at);
    (void)state;
    resolve(r, &at, "kimi-k2", "kimi-k2");
    resolve(r, &at, "k2", "kimi-k2");
    resolve(r, &at, "Kimi-K2", "kimi-k2");
    resolve(r, &at, "DeepSeek V3", "deepseek-v3");
    resolve(r, &at, "V4-Flash", "deepseek-v4-flash");
    resolve(r, &at, "v4 pro", "deepseek-v4-pro");
    resolve(r, &at, "Qwen3.8-Max", "qwen3-8-max");
    resolve(r, &at, "behemoth", "llama-4-behemoth");
    pp_reg_free(r);
}

static void ambiguous_and_unknown_names_fail_clearly(void **state)
{
    pp_at at;
    pp_reg *r = create_shipped(&at);
    pp_buf id = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_reg_resolve(r, &at, "V4", &id), PP_EAMBIGUOUS);
    assert_int_equal(id.len, 0);
    assert_string_equal(pp_error_last(), "'V4' is ambiguous: it names "
                                         "deepseek-v4-flash, deepseek-v4-pro");
    assert_int_equal(pp_reg_resolve(r, &at, "gpt-5", &id), PP_ENOTFOUND);
    assert_int_equal(pp_reg_resolve(r, &at, "", &id), PP_ENOTFOUND);
    pp_buf_dispose(&id);
    pp_reg_free(r);
}

/* A name shared by the checkpoints of one report names the report. */
static void a_report_name_gives_its_checkpoints(void **state)
{
    pp_at at;
    pp_reg *r = create_shipped(&at);
    cJSON *ids = NULL;
    (void)state;
    assert_int_equal(pp_reg_resolve_report(r, &at, "DeepSeek V4", &ids), 0);
    assert_int_equal(cJSON_GetArraySize(ids), 2);
    assert_string_equal(cJSON_GetArrayItem(ids, 0)->valuestring,
                        "deepseek-v4-flash");
    assert_string_equal(cJSON_GetArrayItem(ids, 1)->valuestring,
                        "deepseek-v4-pro");
    cJSON_Delete(ids);
    assert_int_equal(pp_reg_resolve_report(r, &at, "k2", &ids), 0);
    assert_int_equal(cJSON_GetArraySize(ids), 1);
    assert_string_equal(ids->child->valuestring, "kimi-k2");
    cJSON_Delete(ids);
    assert_int_equal(pp_reg_resolve_report(r, &at, "gpt-5", &ids),
                     PP_ENOTFOUND);
    assert_null(ids);
    pp_reg_free(r);
}

static void one_invalid_seed_file_creates_nothing(void **state)
{
    char seed[4096], reg[4096];
    pp_reg *r = (pp_reg *)1;
    pp_diags d = PP_DIAGS_INIT;
    struct stat st;
    (void)state;
    snprintf(seed, sizeof(seed), "%s/seed", sandbox);
    snprintf(reg, sizeof(reg), "%s/reg", sandbox);
    assert_int_equal(mkdir(seed, 0777), 0);
    write_file(seed, "broken.json", "{\"id\": ");
    assert_int_equal(create(seed, &r, &d), PP_EINVALID);
    assert_null(r);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].message, "broken.json:1:8"));
    assert_int_not_equal(stat(reg, &st), 0);
    pp_diags_dispose(&d);
}

static void missing_seed_folder_is_not_found(void **state)
{
    pp_reg *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    assert_int_equal(create("/nonexistent/pp", &r, &d), PP_ENOTFOUND);
    assert_null(r);
    assert_non_null(strstr(pp_error_last(), "/nonexistent/pp"));
    pp_diags_dispose(&d);
}

static void files_load_into_a_set_with_its_report(void **state)
{
    char good[4096], bad[4096], missing[4096];
    const char *files[3] = {good, bad, missing};
    pp_reg_set s = {0};
    cJSON *report;
    (void)state;
    test_path(good, sizeof(good), "passports/kimi-k2.json");
    snprintf(bad, sizeof(bad), "%s/bad.json", sandbox);
    snprintf(missing, sizeof(missing), "%s/missing.json", sandbox);
    write_file(sandbox, "bad.json", "[]");
    assert_int_equal(pp_reg_load_files(files, 3, &s), 0);
    assert_int_equal(s.nentries, 3);
    assert_int_equal(s.n, 1);
    assert_int_equal(s.broken, 2);
    assert_int_equal(s.entries[0].rc, 0);
    assert_int_equal(s.entries[1].rc, PP_EINVALID);
    assert_int_not_equal(s.entries[2].rc, 0);
    assert_int_equal(s.entries[1].diag_count, 1);
    assert_int_equal(s.entries[2].diag_count, 1);
    assert_string_equal(s.entries[1].name, bad);
    report = pp_reg_set_report(&s);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(report, "files")),
                     3);
    assert_int_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(report, "summary"),
                                         "invalid")
                         ->valueint,
                     2);
    cJSON_Delete(report);
    pp_reg_set_dispose(&s);
}

static void a_point_of_history_reads_as_commit_and_day(void **state)
{
    pp_at at = {"1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d", 3, 1785542400};
    pp_at empty = {"", -1, 0};
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_reg_at_describe(&empty, &out), 0);
    assert_int_equal(out.len, 0);
    pp_reg_at_describe(&at, &out);
    assert_string_equal(pp_buf_cstr(&out), "main at 1a2b3c4d5e6f (2026-08-01)");
    pp_buf_dispose(&out);
}

static void folder_listing_is_sorted_and_filtered(void **state)
{
    char **paths = NULL, want[4096];
    size_t n = 0;
    (void)state;
    write_file(sandbox, "b.json", "");
    write_file(sandbox, "a-b.json", "");
    write_file(sandbox, "a.json", "");
    write_file(sandbox, ".hidden.json", "");
    write_file(sandbox, "notes.txt", "");
    write_file(sandbox, ".json", "");
    assert_int_equal(pp_io_list_dir(sandbox, ".json", 10, &paths, &n), 0);
    assert_int_equal(n, 3);
    snprintf(want, sizeof(want), "%s/a-b.json", sandbox);
    assert_string_equal(paths[0], want);
    snprintf(want, sizeof(want), "%s/a.json", sandbox);
    assert_string_equal(paths[1], want);
    snprintf(want, sizeof(want), "%s/b.json", sandbox);
    assert_string_equal(paths[2], want);
    pp_io_list_free(paths, n);
    assert_int_equal(pp_io_list_dir(sandbox, ".json", 2, &paths, &n),
                     PP_ETOOBIG);
    assert_null(paths);
    assert_int_equal(n, 0);
}

/* A tree nested deeper than the open files allowed goes whole, and a link
 * in it is removed, never followed: its target stays. */
static void a_deep_tree_is_removed_without_following_links(void **state)
{
    char path[4096], outside[256], top[256];
    size_t len;
    struct stat st;
    struct rlimit saved, few;
    (void)state;
    snprintf(outside, sizeof(outside), "%s/keep.txt", sandbox);
    write_file(sandbox, "keep.txt", "stays");
    snprintf(top, sizeof(top), "%s/t", sandbox);
    len = (size_t)snprintf(path, sizeof(path), "%s", top);
    assert_int_equal(mkdir(path, 0700), 0);
    for (int depth = 0; depth < 1500; depth++) {
        assert_true(len + 3 < sizeof(path));
        memcpy(path + len, "/d", 3);
        len += 2;
        assert_int_equal(mkdir(path, 0700), 0);
    }
    write_file(path, "leaf.json", "{}");
    assert_true(len + 6 < sizeof(path));
    memcpy(path + len, "/link", 6);
    assert_int_equal(symlink(outside, path), 0);
    write_file(top, "a.json", "{}");

    /* few descriptors, as a walk that keeps each level open would need
     * one per level */
    assert_int_equal(getrlimit(RLIMIT_NOFILE, &saved), 0);
    few = saved;
    few.rlim_cur = 64;
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &few), 0);
    pp_io_empty_dir(top);
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &saved), 0);
    assert_int_equal(stat(top, &st), 0); /* the folder itself stays */
    snprintf(path, sizeof(path), "%s/d", top);
    assert_int_equal(lstat(path, &st), -1);
    pp_io_remove_tree(top);
    assert_int_equal(lstat(top, &st), -1);
    assert_int_equal(stat(outside, &st), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(shipped_registry_in_id_order, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(names_and_aliases_resolve, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            ambiguous_and_unknown_names_fail_clearly, setup, teardown),
        cmocka_unit_test_setup_teardown(a_report_name_gives_its_checkpoints,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(one_invalid_seed_file_creates_nothing,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(missing_seed_folder_is_not_found, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(files_load_into_a_set_with_its_report,
                                        setup, teardown),
        cmocka_unit_test(a_point_of_history_reads_as_commit_and_day),
        cmocka_unit_test_setup_teardown(folder_listing_is_sorted_and_filtered,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            a_deep_tree_is_removed_without_following_links, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
