/*
 * test_registry.c - opening a passport directory and resolving names.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_helpers.h"

#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "registry/registry.h"

static pp_registry *open_shipped(void)
{
    char dir[4096];
    pp_registry *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    test_path(dir, sizeof(dir), "passports");
    assert_int_equal(pp_registry_open_dir(&r, dir, &d), 0);
    assert_int_equal(d.count, 0);
    pp_diags_dispose(&d);
    return r;
}

static void resolve(const pp_registry *r, const char *q, const char *want)
{
    const pp_passport *p = NULL;
    if (pp_registry_resolve(r, q, &p) != 0)
        fail_msg("'%s': %s", q, pp_error_last());
    assert_string_equal(pp_passport_id(p), want);
}

static void shipped_registry_in_id_order(void **state)
{
    pp_registry *r = open_shipped();
    (void)state;
    assert_int_equal(pp_registry_count(r), 12);
    for (size_t i = 1; i < pp_registry_count(r); i++)
        assert_true(strcmp(pp_passport_id(pp_registry_at(r, i - 1)),
                           pp_passport_id(pp_registry_at(r, i))) < 0);
    assert_null(pp_registry_at(r, 12));
    pp_registry_free(r);
}

static void names_and_aliases_resolve(void **state)
{
    pp_registry *r = open_shipped();
    (void)state;
    resolve(r, "kimi-k2", "kimi-k2");
    resolve(r, "k2", "kimi-k2");
    resolve(r, "Kimi-K2", "kimi-k2");
    resolve(r, "DeepSeek V3", "deepseek-v3");
    resolve(r, "V4-Flash", "deepseek-v4-flash");
    resolve(r, "v4 pro", "deepseek-v4-pro");
    resolve(r, "Qwen3.8-Max", "qwen3-8-max");
    resolve(r, "behemoth", "llama-4-behemoth");
    pp_registry_free(r);
}

static void ambiguous_and_unknown_names_fail_clearly(void **state)
{
    pp_registry *r = open_shipped();
    const pp_passport *p = (const pp_passport *)1;
    (void)state;
    assert_int_equal(pp_registry_resolve(r, "V4", &p), PP_EAMBIGUOUS);
    assert_null(p);
    assert_string_equal(pp_error_last(), "'V4' is ambiguous: it names "
                                         "deepseek-v4-flash, deepseek-v4-pro");
    assert_int_equal(pp_registry_resolve(r, "gpt-5", &p), PP_ENOTFOUND);
    assert_int_equal(pp_registry_resolve(r, "", &p), PP_ENOTFOUND);
    pp_registry_free(r);
}

static void one_invalid_file_fails_the_whole_registry(void **state)
{
    char dir[] = "/tmp/pp-reg-XXXXXX", path[4096];
    pp_registry *r = (pp_registry *)1;
    pp_diags d = PP_DIAGS_INIT;
    FILE *f;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof(path), "%s/broken.json", dir);
    f = fopen(path, "w");
    fputs("{\"id\": ", f);
    fclose(f);
    assert_int_equal(pp_registry_open_dir(&r, dir, &d), PP_EINVALID);
    assert_null(r);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].message, "broken.json:1:8"));
    unlink(path);
    rmdir(dir);
    pp_diags_dispose(&d);
}

static void missing_directory_is_not_found(void **state)
{
    pp_registry *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    assert_int_equal(pp_registry_open_dir(&r, "/nonexistent/pp", &d),
                     PP_ENOTFOUND);
    assert_non_null(strstr(pp_error_last(), "/nonexistent/pp"));
    pp_diags_dispose(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shipped_registry_in_id_order),
        cmocka_unit_test(names_and_aliases_resolve),
        cmocka_unit_test(ambiguous_and_unknown_names_fail_clearly),
        cmocka_unit_test(one_invalid_file_fails_the_whole_registry),
        cmocka_unit_test(missing_directory_is_not_found),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
