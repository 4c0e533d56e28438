/*
 * test_fields.c - passports as fields: flattening and rebuilding are
 * inverse on every shipped passport; keys are the documented ones.
 */
#include "test_helpers.h"

#include "core/buf.h"
#include "core/io.h"
#include "core/json.h"
#include "registry/internal.h"
#include "schema/passport.h"

static const char *const shipped[] = {
    "kimi-k2",         "kimi-k3",           "deepseek-v3",
    "deepseek-v4-pro", "deepseek-v4-flash", "nemotron-3-ultra",
    "inkling",         "llama-3-8b",        "llama-4-behemoth",
    "qwen3-8-max",     "deepseek-llm-67b",  "moonlight",
};

static void round_trip_on_every_shipped_passport(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
        char path[4096], rel[256];
        pp_buf text = PP_BUF_INIT, again = PP_BUF_INIT;
        pp_fields f = {0};
        cJSON *doc = NULL, *order = NULL;
        snprintf(rel, sizeof(rel), "passports/%s.json", shipped[i]);
        test_path(path, sizeof(path), rel);
        assert_int_equal(pp_io_read_file(&text, path, PP_MAX_FILE_BYTES), 0);
        assert_int_equal(pp_fields_from_text(text.ptr, text.len, &f), 0);
        order = cJSON_Parse(text.ptr);
        assert_int_equal(pp_fields_to_doc(&f, order, &doc), 0);
        assert_int_equal(pp_passport_canonical(doc, &again), 0);
        if (strcmp(text.ptr, again.ptr) != 0)
            fail_msg("%s does not survive flatten + rebuild:\n%s", shipped[i],
                     again.ptr);
        cJSON_Delete(doc);
        cJSON_Delete(order);
        pp_fields_dispose(&f);
        pp_buf_dispose(&text);
        pp_buf_dispose(&again);
    }
}

static void keys_name_facts_roles_and_items(void **state)
{
    char path[4096];
    pp_buf text = PP_BUF_INIT;
    pp_fields f = {0};
    static const char *const want[] = {
        "facts/params.total",
        "facts/training.tokens",
        "precision/roles/gemm.fprop",
        "precision/headline",
        "optimizer/groups/0",
        "sources/deepseek-v3-report",
        "claims/fp8-loss-error",
        "boundaries/not-all-fp8",
        "name",
        "aliases",
        "stability/events/0",
    };
    (void)state;
    test_path(path, sizeof(path), "passports/deepseek-v3.json");
    assert_int_equal(pp_io_read_file(&text, path, PP_MAX_FILE_BYTES), 0);
    assert_int_equal(pp_fields_from_text(text.ptr, text.len, &f), 0);
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
        if (!pp_fields_find(&f, want[i]))
            fail_msg("no field '%s'", want[i]);
    assert_null(pp_fields_find(&f, "facts"));
    assert_string_equal(pp_fields_find(&f, "name")->value, "\"DeepSeek-V3\"");
    pp_fields_dispose(&f);
    pp_buf_dispose(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_on_every_shipped_passport),
        cmocka_unit_test(keys_name_facts_roles_and_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
