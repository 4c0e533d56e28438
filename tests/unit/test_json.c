/*
 * test_json.c - strict parsing (each rejection with its location) and the
 * canonical writer.
 */
#include "test_helpers.h"

#include "core/buf.h"
#include "core/error.h"
#include "core/json.h"

static void expect_reject(const char *text, size_t len, const char *msg)
{
    cJSON *root = (cJSON *)1;
    assert_int_equal(pp_json_parse(text, len, "f.json", &root), PP_EINVALID);
    assert_null(root);
    if (!strstr(pp_error_last(), msg))
        fail_msg("error '%s' does not contain '%s'", pp_error_last(), msg);
}

static void rejects_with_location(void **state)
{
    (void)state;
    expect_reject("", 0, "f.json: empty file");
    expect_reject("  \n\t ", 5, "empty file");
    expect_reject("{\"a\": 1,}", 9, "f.json:1:");
    expect_reject("{\"a\":\n  NaN}", 12,
                  "f.json:2:3: NaN and Infinity are not JSON numbers");
    expect_reject("{\"a\": Infinity}", 15, "NaN and Infinity");
    expect_reject("{\"a\": -Infinity}", 16, "NaN and Infinity");
    expect_reject("{\"a\": 1} x", 10, "f.json:1:10: malformed JSON: trailing");
    expect_reject("{\"a\": \"\xC3\x28\"}", 10, "f.json:1:8: invalid UTF-8");
    expect_reject("{\"a\": 1", 7, "unexpected end of input");
    expect_reject("{\"a\"\0: 1}", 9, "NUL byte");
    /* an escaped NUL would end the C string: "Kimi \u0000K2" read as
     * "Kimi " (a key too) */
    expect_reject("{\"n\": \"Kimi \\u0000K2\"}", 22,
                  "f.json:1:13: escaped NUL");
    expect_reject("{\"a\\u0000b\": 1}", 15, "f.json:1:4: escaped NUL");
    expect_reject("{\"a\": {\"b\": 1, \"b\": 2}}", 23,
                  "f.json: /a/b: duplicate key 'b'");
    expect_reject("{\"a\": [1, 1e400]}", 17,
                  "f.json: /a/1: number out of range");
}

static void bounds_nesting_depth(void **state)
{
    char deep[2 * PP_JSON_MAX_DEPTH + 4];
    cJSON *root = NULL;
    size_t n = 0;
    (void)state;
    for (int i = 0; i < PP_JSON_MAX_DEPTH; i++)
        deep[n++] = '[';
    for (int i = 0; i < PP_JSON_MAX_DEPTH; i++)
        deep[n++] = ']';
    assert_int_equal(pp_json_parse(deep, n, "f", &root), 0);
    cJSON_Delete(root);

    n = 0;
    for (int i = 0; i <= PP_JSON_MAX_DEPTH; i++)
        deep[n++] = '[';
    for (int i = 0; i <= PP_JSON_MAX_DEPTH; i++)
        deep[n++] = ']';
    expect_reject(deep, n, "f.json:1:65: nesting deeper than 64 levels");
}

static void brackets_inside_strings_are_not_nesting(void **state)
{
    const char *text = "{\"a\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
                       "[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"\"}";
    cJSON *root = NULL;
    (void)state;
    assert_int_equal(pp_json_parse(text, strlen(text), "f", &root), 0);
    cJSON_Delete(root);
}

static int rank(const char *key)
{
    return strcmp(key, "id") == 0 ? 0 : strcmp(key, "name") == 0 ? 1 : 9;
}

static void canonical_writer_orders_and_formats(void **state)
{
    const char *text = "{\"z\": [1.0, 2e3, \"x\"], \"name\": \"K\\u00e9\","
                       " \"id\": \"a\", \"b\": {\"y\": true, \"x\": null},"
                       " \"big\": 1.04E+12, \"s\": \"tab\\tq\\\"\"}";
    const char *want = "{\n"
                       "  \"id\": \"a\",\n"
                       "  \"name\": \"K\xC3\xA9\",\n"
                       "  \"b\": {\n"
                       "    \"x\": null,\n"
                       "    \"y\": true\n"
                       "  },\n"
                       "  \"big\": 1.04e12,\n"
                       "  \"s\": \"tab\\tq\\\"\",\n"
                       "  \"z\": [1, 2000, \"x\"]\n"
                       "}\n";
    cJSON *root = NULL, *again = NULL;
    pp_buf a = PP_BUF_INIT, b = PP_BUF_INIT;
    (void)state;
    assert_int_equal(pp_json_parse(text, strlen(text), "f", &root), 0);
    assert_int_equal(pp_json_write_canonical(&a, root, rank), 0);
    assert_string_equal(pp_buf_cstr(&a), want);
    /* Idempotent: the canonical text is a fixed point. */
    assert_int_equal(pp_json_parse(a.ptr, a.len, "f", &again), 0);
    assert_int_equal(pp_json_write_canonical(&b, again, rank), 0);
    assert_string_equal(pp_buf_cstr(&a), pp_buf_cstr(&b));
    cJSON_Delete(root);
    cJSON_Delete(again);
    pp_buf_dispose(&a);
    pp_buf_dispose(&b);
}

static void writer_refuses_non_finite_numbers(void **state)
{
    cJSON *o = cJSON_CreateObject();
    pp_buf b = PP_BUF_INIT;
    (void)state;
    cJSON_AddNumberToObject(o, "x", 1.0 / 0.0);
    assert_int_equal(pp_json_write_canonical(&b, o, NULL), PP_EINVALID);
    cJSON_Delete(o);
    pp_buf_dispose(&b);
}

static void pointer_escapes(void **state)
{
    pp_buf b = PP_BUF_INIT;
    (void)state;
    pp_json_pointer_push(&b, "a/b");
    pp_json_pointer_push(&b, "m~n");
    pp_json_pointer_push_index(&b, 3);
    assert_string_equal(pp_buf_cstr(&b), "/a~1b/m~0n/3");
    pp_buf_dispose(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rejects_with_location),
        cmocka_unit_test(bounds_nesting_depth),
        cmocka_unit_test(brackets_inside_strings_are_not_nesting),
        cmocka_unit_test(canonical_writer_orders_and_formats),
        cmocka_unit_test(writer_refuses_non_finite_numbers),
        cmocka_unit_test(pointer_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
