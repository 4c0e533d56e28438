/*
 * test_jsonschema.c - the JSON Schema subset interpreter: compilation
 * refuses what it cannot honour; validation reports pointer and reason.
 */
#include "test_helpers.h"

#include "core/diag.h"
#include "core/error.h"
#include "core/json.h"
#include "schema/jsonschema.h"

static pp_schema *compile(const char *text)
{
    pp_schema *s = NULL;
    int rc = pp_schema_compile(&s, text, strlen(text), "s.json");
    if (rc != 0)
        fail_msg("compile failed: %s", pp_error_last());
    return s;
}

static void compile_rejects_what_it_cannot_honour(void **state)
{
    static const struct {
        const char *schema;
        const char *msg;
    } bad[] = {
        {"{\"patternProperties\": {}}",
         "unsupported keyword 'patternProperties'"},
        {"{\"properties\": {\"a\": {\"format\": \"date\"}}}",
         "s.json: /properties/a/format: unsupported keyword 'format'"},
        {"{\"$ref\": \"#/$defs/nope\"}", "unresolvable $ref"},
        {"{\"$ref\": \"http://example.org/x\"}", "unresolvable $ref"},
        {"{\"pattern\": \"(unclosed\"}", "bad pattern"},
        {"{\"allOf\": []}", "non-empty array"},
        {"[1]", "a schema must be an object or a boolean"},
        {"{\"maxItems\": -1}",
         "s.json: /maxItems: expected a non-negative integer"},
        {"{\"minLength\": 1.5}", "expected a non-negative integer"},
        {"{\"maxProperties\": \"3\"}", "expected a non-negative integer"},
        {"{\"pattern\": \"[\\\\S]\"}",
         "unsupported pattern: \\S inside a character class"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        pp_schema *s = (pp_schema *)1;
        assert_int_equal(pp_schema_compile(&s, bad[i].schema,
                                           strlen(bad[i].schema), "s.json"),
                         PP_EINVALID);
        assert_null(s);
        if (!strstr(pp_error_last(), bad[i].msg))
            fail_msg("'%s' lacks '%s'", pp_error_last(), bad[i].msg);
    }
}

/* Validate `doc` and return the errors as "pointer|message" lines. */
static void check(const char *schema, const char *doc, const char *want)
{
    pp_schema *s = compile(schema);
    cJSON *d = NULL;
    pp_diags diags = PP_DIAGS_INIT;
    char got[2048] = "";
    size_t n = 0;

    assert_int_equal(pp_json_parse(doc, strlen(doc), "d", &d), 0);
    pp_schema_validate(s, d, "d", &diags);
    for (size_t i = 0; i < diags.count; i++)
        n += (size_t)snprintf(got + n, sizeof(got) - n, "%s|%s\n",
                              diags.items[i].pointer, diags.items[i].message);
    assert_string_equal(got, want);
    pp_diags_dispose(&diags);
    cJSON_Delete(d);
    pp_schema_free(s);
}

static void validates_each_keyword(void **state)
{
    (void)state;
    check("{\"type\": \"object\"}", "[]", "|expected object, got array\n");
    check("{\"type\": [\"string\", \"array\"]}", "1",
          "|expected string or array, got number\n");
    check("{\"type\": \"integer\"}", "2.5",
          "|expected integer, got a non-integer number\n");
    check("{\"type\": \"integer\"}", "3", "");
    check("{\"enum\": [\"a\", 1]}", "\"b\"",
          "|expected one of 'a', 1; got 'b'\n");
    check("{\"const\": 1}", "1.0", "");
    check("{\"required\": [\"x\"], \"properties\": {\"y\": {\"type\": "
          "\"string\"}},"
          " \"additionalProperties\": false}",
          "{\"y\": 2, \"z\": 0}",
          "|missing required field 'x'\n/y|expected string, got number\n"
          "/z|unknown field 'z'\n");
    check("{\"propertyNames\": {\"enum\": [\"a\"]}}", "{\"a\": 1, \"b\": 2}",
          "/b|unknown field 'b'\n");
    check("{\"items\": {\"maximum\": 3}, \"minItems\": 3, \"uniqueItems\": "
          "true}",
          "[1, 4, 1]",
          "/2|duplicate of item 0\n/1|4 is out of range: expected <= 3\n");
    check("{\"exclusiveMinimum\": 0}", "0",
          "|0 is out of range: expected > 0\n");
    check("{\"minLength\": 2, \"maxLength\": 3}", "\"\xD0\x9A\"",
          "|expected at least 2 characters, got 1\n");
    check("{\"minLength\": 2, \"maxLength\": 3}", "\"\xD0\x9A\xD0\x9A\"", "");
    check("{\"pattern\": \"^[a-z]+$\", \"description\": \"lower-case "
          "letters\"}",
          "\"a1\"", "|'a1' is not valid: expected lower-case letters\n");
    check("{\"anyOf\": [{\"type\": \"string\"}, {\"minimum\": 5}]}", "3",
          "|does not match any allowed form\n");
    check("{\"oneOf\": [{\"minimum\": 1}, {\"minimum\": 2}]}", "3",
          "|matches more than one allowed form\n");
    check("{\"not\": {\"const\": 1}}", "1", "|matches a forbidden form\n");
    check("{\"if\": {\"properties\": {\"s\": {\"const\": \"u\"}}, "
          "\"required\": [\"s\"]},"
          " \"then\": {\"description\": \"u has no v\", \"properties\": "
          "{\"v\": false}},"
          " \"else\": {\"required\": [\"v\"]}}",
          "{\"s\": \"u\", \"v\": 1}",
          "/v|field not allowed here (u has no v)\n");
    check("{\"if\": {\"properties\": {\"s\": {\"const\": \"u\"}}, "
          "\"required\": [\"s\"]},"
          " \"then\": {\"properties\": {\"v\": false}},"
          " \"else\": {\"required\": [\"v\"]}}",
          "{\"s\": \"d\"}", "|missing required field 'v'\n");
    check("{\"$defs\": {\"n\": {\"type\": \"number\"}},"
          " \"properties\": {\"a\": {\"$ref\": \"#/$defs/n\"}}}",
          "{\"a\": \"x\"}", "/a|expected number, got string\n");
    check("false", "1", "|field not allowed here\n");
}

static void recursion_through_ref_is_bounded(void **state)
{
    /* A schema that refers to itself without descending: validation stops
     * with an error instead of exhausting the stack. */
    (void)state;
    check("{\"$ref\": \"#\"}", "1", "|schema nesting too deep ($ref chain)\n");
    check("{\"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, "
          "\"b\": {\"$ref\": \"#/$defs/a\"}}, \"$ref\": \"#/$defs/a\"}",
          "[]", "|schema nesting too deep ($ref chain)\n");
}

static void nested_instances_are_not_too_deep(void **state)
{
    /* The chain bound is per value: an instance nested 60 deep through a
     * schema that takes two $refs per level is fine (it used to be
     * "schema nesting too deep" at depth 32). */
    const char *schema = "{\"$defs\": {\"x\": {\"$ref\": \"#\"}}, "
                         "\"items\": {\"$ref\": \"#/$defs/x\"}}";
    char doc[300];
    size_t n = 0;
    (void)state;
    for (int i = 0; i < 60; i++)
        doc[n++] = '[';
    for (int i = 0; i < 60; i++)
        doc[n++] = ']';
    doc[n] = '\0';
    check(schema, doc, "");
}

static void patterns_are_ecma_262(void **state)
{
    (void)state;
    /* $ is the end of the string, not before a final newline */
    check("{\"pattern\": \"^[0-9]{4}$\"}", "\"2412\\n\"",
          "|'2412\n' does not match the pattern ^[0-9]{4}$\n");
    check("{\"pattern\": \"^[0-9]{4}$\"}", "\"2412\"", "");
    /* . stops at every line terminator: \r, U+2028 */
    check("{\"pattern\": \"^a.b$\"}", "\"a\\rb\"",
          "|'a\rb' does not match the pattern ^a.b$\n");
    check("{\"pattern\": \"^a.b$\"}", "\"a\\u2028b\"",
          "|'a\xE2\x80\xA8"
          "b' does not match the pattern ^a.b$\n");
    check("{\"pattern\": \"^a.b$\"}",
          "\"a\xC3\xA9"
          "b\"",
          "");
    /* \s is Unicode white space: no-break and em spaces are not [^\s] */
    check("{\"pattern\": \"^[^\\\\s]+$\"}", "\"a\\u00a0b\"",
          "|'a\xC2\xA0"
          "b' does not match the pattern ^[^\\s]+$\n");
    check("{\"pattern\": \"^\\\\S+$\"}", "\"a\\u2003b\"",
          "|'a\xE2\x80\x83"
          "b' does not match the pattern ^\\S+$\n");
    check("{\"pattern\": \"^\\\\S+$\"}", "\"https://x\"", "");
    /* \d and \w are ASCII: an Arabic-Indic three is not a digit */
    check("{\"pattern\": \"^\\\\d$\"}", "\"\xD9\xA3\"",
          "|'\xD9\xA3' does not match the pattern ^\\d$\n");
    check("{\"pattern\": \"^\\\\w+$\"}", "\"ab_9\"", "");
    /* ECMA's empty classes */
    check("{\"pattern\": \"^[^]$\"}", "\"x\"", "");
    check("{\"pattern\": \"[]\"}", "\"x\"",
          "|'x' does not match the pattern []\n");
}

static void large_counts_are_bounds_like_any_other(void **state)
{
    /* above INT_MAX: compared as numbers, never cast (was undefined
     * behaviour: "at most -2147483648 items") */
    (void)state;
    check("{\"maxItems\": 1e10}", "[1]", "");
    check("{\"minItems\": 1e10}", "[1]",
          "|expected at least 10000000000 items, got 1\n");
    check("{\"minLength\": 3e9}", "\"a\"",
          "|expected at least 3000000000 characters, got 1\n");
    check("{\"maxProperties\": 4294967296}", "{\"a\": 1}", "");
}

static void unique_items_by_json_equality(void **state)
{
    (void)state;
    check("{\"uniqueItems\": true}", "[1, 2, 1.0]", "/2|duplicate of item 0\n");
    check("{\"uniqueItems\": true}",
          "[{\"a\": 1, \"b\": [2]}, {\"b\": [2], \"a\": 1}]",
          "/1|duplicate of item 0\n");
    check("{\"uniqueItems\": true}", "[0, -0]", "/1|duplicate of item 0\n");
    check("{\"uniqueItems\": true}",
          "[[1, 2], [2, 1], {\"a\": 1}, {\"a\": 2}, \"1\", 1, true, 1e0]",
          "/7|duplicate of item 5\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compile_rejects_what_it_cannot_honour),
        cmocka_unit_test(validates_each_keyword),
        cmocka_unit_test(recursion_through_ref_is_bounded),
        cmocka_unit_test(nested_instances_are_not_too_deep),
        cmocka_unit_test(patterns_are_ecma_262),
        cmocka_unit_test(large_counts_are_bounds_like_any_other),
        cmocka_unit_test(unique_items_by_json_equality),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
