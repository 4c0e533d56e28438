/*
 * test_table.c - rows rendered for people (aligned, upper-case headings,
 * widths in characters) and for spreadsheets (RFC 4180 quoting, CRLF).
 */
#include "test_helpers.h"

#include "core/buf.h"
#include "core/table.h"

static void render(const char *json, pp_table_style style, const char *want)
{
    cJSON *t = cJSON_Parse(json);
    pp_buf out = PP_BUF_INIT;
    assert_non_null(t);
    assert_int_equal(pp_table_render(&out, cJSON_GetArrayItem(t, 0),
                                     cJSON_GetArrayItem(t, 1), style),
                     0);
    assert_string_equal(pp_buf_cstr(&out), want);
    pp_buf_dispose(&out);
    cJSON_Delete(t);
}

static void text_columns_align_on_characters(void **state)
{
    (void)state;
    render("[[\"id\", \"name\", \"n\"],"
           " [[\"k2\", \"Kimi K2\", 1.5], [\"ä\", null, true]]]",
           PP_TABLE_TEXT,
           "ID  NAME     N\n"
           "k2  Kimi K2  1.5\n"
           "ä   -        true\n");
}

static void csv_quotes_only_what_it_must(void **state)
{
    (void)state;
    render("[[\"id\", \"note\"],"
           " [[\"a\", \"x, \\\"y\\\"\"], [\"b\", null], [\"c\", [1, 2]]]]",
           PP_TABLE_CSV,
           "id,note\r\n"
           "a,\"x, \"\"y\"\"\"\r\n"
           "b,\r\n"
           "c,\"[1, 2]\"\r\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_columns_align_on_characters),
        cmocka_unit_test(csv_quotes_only_what_it_must),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
