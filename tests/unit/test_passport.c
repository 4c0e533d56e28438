/*
 * test_passport.c - passports: the shipped ones load and are canonical,
 * the vocabulary is the documented one, names resolve, semantic checks
 * fire.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_helpers.h"

#include <unistd.h>

#include "core/buf.h"
#include "core/error.h"
#include "core/io.h"
#include "registry/registry.h"
#include "schema/passport.h"

static const char *const shipped[] = {
    "kimi-k2",         "kimi-k3",           "deepseek-v3",
    "deepseek-v4-pro", "deepseek-v4-flash", "nemotron-3-ultra",
    "inkling",         "llama-3-8b",        "llama-4-behemoth",
    "qwen3-8-max",     "deepseek-llm-67b",  "moonlight",
};
#define NSHIPPED (sizeof(shipped) / sizeof(shipped[0]))

static pp_passport *load(const char *id)
{
    char path[4096], rel[256];
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    snprintf(rel, sizeof(rel), "passports/%s.json", id);
    test_path(path, sizeof(path), rel);
    if (pp_passport_load_file(&p, path, &d) != 0)
        fail_msg("%s: %s %s", id, d.count ? d.items[0].message : "",
                 pp_error_last());
    pp_diags_dispose(&d);
    return p;
}

static void shipped_passports_load_and_are_canonical(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHIPPED; i++) {
        char path[4096], rel[256];
        pp_buf file = PP_BUF_INIT, canon = PP_BUF_INIT;
        pp_passport *p = load(shipped[i]);
        assert_string_equal(pp_passport_id(p), shipped[i]);
        snprintf(rel, sizeof(rel), "passports/%s.json", shipped[i]);
        test_path(path, sizeof(path), rel);
        assert_int_equal(pp_io_read_file(&file, path, PP_MAX_FILE_BYTES), 0);
        assert_int_equal(pp_passport_canonical(pp_passport_json(p), &canon), 0);
        assert_string_equal(pp_buf_cstr(&file), pp_buf_cstr(&canon));
        pp_buf_dispose(&file);
        pp_buf_dispose(&canon);
        pp_passport_free(p);
    }
}

static void vocabulary_holds_the_documented_facts(void **state)
{
    static const char *const required[] = {
        "params.total",
        "params.active",
        "training.tokens",
        "training.modalities",
        "context.length",
        "experts.routed",
        "experts.active",
        "hardware.devices",
        "hardware.throughput_per_device",
        "stability.loss_spikes",
    };
    const cJSON *c;
    (void)state;
    for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
        assert_non_null(pp_vocab_lookup(required[i]));
    assert_null(pp_vocab_lookup("params.totl"));
    assert_string_equal(pp_vocab_unit("params.total"), "param");
    assert_string_equal(pp_vocab_unit("hardware.throughput_per_device"),
                        "FLOP/s");
    assert_null(pp_vocab_unit("training.modalities"));
    /* Every fact is documented. */
    cJSON_ArrayForEach(c, pp_vocab()) assert_true(
        cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "description")));
}

static void embedded_schema_is_the_published_file(void **state)
{
    char path[4096];
    pp_buf file = PP_BUF_INIT;
    cJSON *disk;
    (void)state;
    test_path(path, sizeof(path), "schema/passport.schema.json");
    assert_int_equal(pp_io_read_file(&file, path, PP_MAX_FILE_BYTES), 0);
    disk = cJSON_Parse(pp_buf_cstr(&file));
    assert_non_null(disk);
    assert_true(
        cJSON_Compare(disk, pp_schema_document(pp_passport_schema()), 1));
    cJSON_Delete(disk);
    pp_buf_dispose(&file);
}

static void vocabulary_is_documented(void **state)
{
    char path[4096], needle[128];
    pp_buf doc = PP_BUF_INIT;
    const cJSON *c;
    (void)state;
    test_path(path, sizeof(path), "schema/README.md");
    assert_int_equal(pp_io_read_file(&doc, path, PP_MAX_FILE_BYTES), 0);
    cJSON_ArrayForEach(c, pp_vocab())
    {
        snprintf(needle, sizeof(needle), "| `%s` |", c->string);
        if (!strstr(pp_buf_cstr(&doc), needle))
            fail_msg("schema/README.md does not document '%s'", c->string);
    }
    pp_buf_dispose(&doc);
}

static void names_resolve_case_and_punctuation_insensitively(void **state)
{
    pp_passport *k2 = load("kimi-k2"), *v3 = load("deepseek-v3");
    pp_buf n = PP_BUF_INIT;
    (void)state;
    assert_true(pp_passport_answers_to(k2, "k2"));
    assert_true(pp_passport_answers_to(k2, "Kimi-K2"));
    assert_true(pp_passport_answers_to(k2, "KIMI k2"));
    assert_true(pp_passport_answers_to(k2, "kimi_k2"));
    assert_false(pp_passport_answers_to(k2, "k3"));
    assert_false(pp_passport_answers_to(k2, "--"));
    assert_true(pp_passport_answers_to(v3, "DeepSeek V3"));
    assert_true(pp_passport_answers_to(v3, "deepseek-v3"));
    assert_true(pp_passport_answers_to(v3, "v3"));
    pp_name_normalize("Qwen3.8-Max", &n);
    assert_string_equal(pp_buf_cstr(&n), "qwen38max");
    pp_buf_dispose(&n);
    pp_passport_free(k2);
    pp_passport_free(v3);
}

static void expected_id_comes_from_the_file_name(void **state)
{
    char *a = pp_passport_expected_id("dir/kimi-k2.json");
    char *b = pp_passport_expected_id("kimi-k2.txt");
    char *c = pp_passport_expected_id(".json");
    (void)state;
    assert_string_equal(a, "kimi-k2");
    assert_string_equal(b, "");
    assert_string_equal(c, "");
    free(a);
    free(b);
    free(c);
}

static void semantic_errors_name_the_pointer(void **state)
{
    const char *doc =
        "{\"format\": 1, \"id\": \"x\", \"name\": \"X\", \"aliases\": [],"
        " \"developer\": \"D\", \"kind\": \"run\","
        " \"sources\": [{\"id\": \"s\", \"kind\": \"report\", \"priority\": "
        "\"P0\","
        " \"title\": \"T\"}],"
        " \"facts\": {\"params.total\": {\"value\": 1e9, \"unit\": \"param\","
        " \"qualifier\": \"=\", \"sig_digits\": 1, \"status\": \"disclosed\","
        " \"evidence\": [{\"source\": \"q\", \"section\": \"§1\", \"level\": "
        "\"fact\","
        " \"provenance\": \"developer\"}]}}}";
    pp_passport *p = (pp_passport *)1;
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    assert_int_equal(pp_passport_load_buffer(&p, doc, strlen(doc), "y.json",
                                             "y", &d),
                     PP_EINVALID);
    assert_null(p);
    assert_int_equal(d.count, 2);
    assert_string_equal(d.items[0].pointer, "/id");
    assert_non_null(strstr(d.items[0].message, "expected 'y'"));
    assert_string_equal(d.items[1].pointer,
                        "/facts/params.total/evidence/0/source");
    assert_non_null(strstr(d.items[1].message, "unknown source 'q'"));
    pp_diags_dispose(&d);
}

/* A count of loss spikes bounds the irrecoverable ones only when it is
 * exact: "> 0" (some spikes) leaves any number of them possible. */
static void irrecoverable_spikes_bounded_by_an_exact_count_only(void **state)
{
#define SPIKES_DOC(q)                                                          \
    "{\"format\": 1, \"id\": \"y\", \"name\": \"Y\", \"aliases\": [],"         \
    " \"developer\": \"D\", \"kind\": \"run\","                                \
    " \"sources\": [{\"id\": \"s\", \"kind\": \"report\", \"priority\": "      \
    "\"P0\", \"title\": \"T\"}],"                                              \
    " \"facts\": {\"stability.loss_spikes\": {\"value\": 0, \"unit\": "        \
    "\"spike\", \"qualifier\": \"" q "\", \"sig_digits\": 1, \"status\": "     \
    "\"disclosed\", \"evidence\": [{\"source\": \"s\", \"section\": "          \
    "\"§1\", \"level\": \"fact\", \"provenance\": \"developer\"}]},"          \
    " \"stability.irrecoverable_loss_spikes\": {\"value\": 1, \"unit\": "      \
    "\"spike\", \"qualifier\": \"=\", \"sig_digits\": 1, \"status\": "         \
    "\"disclosed\", \"evidence\": [{\"source\": \"s\", \"section\": "          \
    "\"§1\", \"level\": \"fact\", \"provenance\": \"developer\"}]}}}"
    static const char some[] = SPIKES_DOC(">"), exact[] = SPIKES_DOC("=");
    const char *doc = some;
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    assert_int_equal(pp_passport_load_buffer(&p, doc, strlen(doc), "y.json",
                                             "y", &d),
                     0);
    assert_int_equal(d.count, 0);
    pp_passport_free(p);
    p = NULL;
    doc = exact;
    assert_int_equal(pp_passport_load_buffer(&p, doc, strlen(doc), "y.json",
                                             "y", &d),
                     PP_EINVALID);
    assert_null(p);
    assert_int_equal(d.count, 1);
    assert_string_equal(d.items[0].pointer,
                        "/facts/stability.irrecoverable_loss_spikes/value");
    pp_diags_dispose(&d);
}
#undef SPIKES_DOC

static void oversized_file_is_refused_unread(void **state)
{
    char path[] = "/tmp/pp-test-big-XXXXXX";
    int fd = mkstemp(path);
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 100 * 1024 * 1024), 0);
    close(fd);
    assert_int_equal(pp_passport_load_file(&p, path, &d), PP_ETOOBIG);
    assert_non_null(strstr(pp_error_last(),
                           "too large: 104857600 bytes, the limit is 1048576"));
    assert_null(p);
    unlink(path);
    pp_diags_dispose(&d);
}

static void diagnostics_are_bounded(void **state)
{
    pp_diags d = PP_DIAGS_INIT;
    (void)state;
    for (int i = 0; i < PP_DIAGS_MAX + 50; i++)
        assert_int_equal(pp_diags_add(&d, PP_SEV_ERROR, "f.json", "/x",
                                      "error %d", i),
                         0);
    assert_int_equal(d.count, PP_DIAGS_MAX);
    assert_int_equal(d.dropped, 50);
    pp_diags_dispose(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shipped_passports_load_and_are_canonical),
        cmocka_unit_test(vocabulary_holds_the_documented_facts),
        cmocka_unit_test(embedded_schema_is_the_published_file),
        cmocka_unit_test(vocabulary_is_documented),
        cmocka_unit_test(names_resolve_case_and_punctuation_insensitively),
        cmocka_unit_test(expected_id_comes_from_the_file_name),
        cmocka_unit_test(semantic_errors_name_the_pointer),
        cmocka_unit_test(irrecoverable_spikes_bounded_by_an_exact_count_only),
        cmocka_unit_test(oversized_file_is_refused_unread),
        cmocka_unit_test(diagnostics_are_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
