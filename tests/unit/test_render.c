/*
 * test_render.c - passports for people: what `get` answers and refuses,
 * and a field of `diff` or `blame` as it reads.
 */
#include "test_helpers.h"

#include "core/error.h"
#include "schema/passport.h"
#include "schema/render.h"

static pp_passport *load(const char *id)
{
    char rel[256], path[4096];
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    snprintf(rel, sizeof(rel), "passports/%s.json", id);
    test_path(path, sizeof(path), rel);
    assert_int_equal(pp_passport_load_file(&p, path, &d), 0);
    pp_diags_dispose(&d);
    return p;
}

static void entries_get_knows(void **state)
{
    (void)state;
    assert_true(pp_render_entry_known("params.total"));
    assert_true(pp_render_entry_known("precision.optimizer.moments"));
    assert_false(pp_render_entry_known("precision.nonsense"));
    assert_false(pp_render_entry_known("params"));
}

static void a_fact_with_its_precision_and_evidence(void **state)
{
    pp_passport *p = load("kimi-k2");
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_render_entry(&out, p, "params.total", PP_RENDER_TEXT),
                     0);
    assert_non_null(strstr(pp_buf_cstr(&out),
                           "kimi-k2 params.total: 1.04T parameters\n"
                           "  precision: 3 significant digits (reported as "
                           "\"1.04T\")\n"
                           "  evidence: [fact] "));
    pp_buf_dispose(&out);
    pp_passport_free(p);
}

static void an_entry_not_recorded_is_not_found(void **state)
{
    pp_passport *p = load("kimi-k2");
    pp_buf out = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_render_entry(&out, p, "precision.optimizer.moments",
                                     PP_RENDER_JSON),
                     PP_ENOTFOUND);
    assert_string_equal(pp_error_last(), "kimi-k2 records no precision role "
                                         "'optimizer.moments'");
    assert_int_equal(out.len, 0);
    pp_buf_dispose(&out);
    pp_passport_free(p);
}

static void fields_read_as_values(void **state)
{
    cJSON *fact = cJSON_Parse("{\"unit\": \"token\", \"status\": "
                              "\"undisclosed\", \"evidence\": []}");
    cJSON *num = cJSON_Parse("{\"value\": 1.5e13, \"unit\": \"token\", "
                             "\"qualifier\": \">\", \"sig_digits\": 2, "
                             "\"status\": \"disclosed\"}");
    cJSON *list = cJSON_Parse("[1, \"a\"]");
    cJSON *name = cJSON_CreateString("Kimi K2");
    pp_buf out = PP_BUF_INIT;
    (void)state;
    pp_render_field(&out, "facts/training.tokens", fact);
    pp_buf_puts(&out, "|");
    pp_render_field(&out, "facts/training.tokens", num);
    pp_buf_puts(&out, "|");
    pp_render_field(&out, "name", name);
    pp_buf_puts(&out, "|");
    pp_render_field(&out, "aliases", list);
    assert_string_equal(pp_buf_cstr(&out),
                        "undisclosed|> 15T tokens|Kimi K2|[1, \"a\"]");
    pp_buf_dispose(&out);
    cJSON_Delete(fact);
    cJSON_Delete(num);
    cJSON_Delete(list);
    cJSON_Delete(name);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(entries_get_knows),
        cmocka_unit_test(a_fact_with_its_precision_and_evidence),
        cmocka_unit_test(an_entry_not_recorded_is_not_found),
        cmocka_unit_test(fields_read_as_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
