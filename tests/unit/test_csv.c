/*
 * test_csv.c - the RFC 4180 reader of peer files: quoting, line ends,
 * blank lines, columns by name, and every malformed input with the line
 * it names; the same through the record-at-a-time reader, from a file
 * (checked whole when opened) and from a stream that cannot be re-read.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "test_helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "peers/peers.h"

static pp_csv *parse(const char *text)
{
    pp_csv *t = NULL;
    assert_int_equal(pp_csv_parse(&t, text, strlen(text), "t.csv"), 0);
    return t;
}

static void quoting(void **state)
{
    pp_csv *t = parse("\xEF\xBB\xBFModel,Notes,N\r\n"
                      "\"A, the first\",\"say \"\"hi\"\"\nthen go\",1\r\n"
                      "\n"
                      "B,,2\n"
                      "\"\",x,\n");
    (void)state;
    assert_int_equal(pp_csv_rows(t), 3);
    assert_int_equal(pp_csv_column(t, "Model"), 0);
    assert_int_equal(pp_csv_column(t, "N"), 2);
    assert_int_equal(pp_csv_column(t, "Missing"), -1);
    assert_string_equal(pp_csv_field(t, 0, 0), "A, the first");
    assert_string_equal(pp_csv_field(t, 0, 1), "say \"hi\"\nthen go");
    assert_int_equal(pp_csv_line(t, 0), 2);
    assert_string_equal(pp_csv_field(t, 1, 0), "B");
    assert_string_equal(pp_csv_field(t, 1, 1), "");
    assert_int_equal(pp_csv_line(t, 1),
                     5); /* after the quoted newline and a blank line */
    assert_string_equal(pp_csv_field(t, 2, 0), "");
    assert_string_equal(pp_csv_field(t, 2, 2), "");
    assert_string_equal(pp_csv_field(t, 2, 7), ""); /* short rows read empty */
    assert_string_equal(pp_csv_field(t, 2, -1), "");
    pp_csv_free(t);
    pp_csv_free(NULL);
}

static void header_spaces_and_no_final_newline(void **state)
{
    pp_csv *t = parse(" Model , Parameters\nK,1");
    (void)state;
    assert_int_equal(pp_csv_column(t, "Parameters"), 1);
    assert_int_equal(pp_csv_rows(t), 1);
    assert_string_equal(pp_csv_field(t, 0, 1), "1");
    pp_csv_free(t);
}

/* `text` as a regular file (tmpfile) or a stream (fmemopen: no file
 * descriptor, so it is read once). */
static FILE *open_text(const char *text, size_t len, int regular)
{
    static char none[1];
    FILE *f;
    if (regular) {
        f = tmpfile();
        assert_non_null(f);
        assert_int_equal(fwrite(text, 1, len, f), len);
        rewind(f);
        return f;
    }
    f = fmemopen(len ? (void *)text : none, len ? len : 1, "rb");
    assert_non_null(f);
    if (!len)
        fgetc(f);
    return f;
}

/* The reader refuses `text` with the table's message: when opened for a
 * file, after the rows before the fault for a stream. */
static void refuse_stream(const char *text, size_t len, int code,
                          const char *msg, int regular)
{
    FILE *f = open_text(text, len, regular);
    pp_csv_reader *r = NULL;
    int rc = pp_csv_reader_open(&r, f, "t.csv");
    if (rc == 0) {
        assert_false(regular);
        while ((rc = pp_csv_reader_next(r)) > 0)
            ;
    }
    assert_int_equal(rc, code);
    assert_string_equal(pp_error_last(), msg);
    pp_csv_reader_free(r);
    fclose(f);
}

static void refuse(const char *text, size_t len, int code, const char *msg)
{
    pp_csv *t = NULL;
    assert_int_equal(pp_csv_parse(&t, text, len, "t.csv"), code);
    assert_null(t);
    assert_string_equal(pp_error_last(), msg);
    refuse_stream(text, len, code, msg, 1);
    refuse_stream(text, len, code, msg, 0);
}

/* Records one at a time: fields, lines, short rows, the header kept. */
static void stream(void **state)
{
    static const char text[] =
        "\xEF\xBB\xBFModel,Notes,N\r\n"
        "\"A, the first\",\"say \"\"hi\"\"\nthen go\",1\r\n"
        "\r\n"
        "B,,2\n"
        "C\n";
    (void)state;
    for (int regular = 0; regular <= 1; regular++) {
        FILE *f = open_text(text, sizeof text - 1, regular);
        pp_csv_reader *r = NULL;
        const pp_csv *t;
        assert_int_equal(pp_csv_reader_open(&r, f, "t.csv"), 0);
        assert_string_equal(pp_csv_reader_name(r), "t.csv");
        t = pp_csv_reader_table(r);
        assert_int_equal(pp_csv_column(t, "N"), 2);
        assert_int_equal(pp_csv_reader_next(r), 1);
        t = pp_csv_reader_table(r);
        assert_string_equal(pp_csv_field(t, 0, 0), "A, the first");
        assert_string_equal(pp_csv_field(t, 0, 1), "say \"hi\"\nthen go");
        assert_int_equal(pp_csv_line(t, 0), 2);
        assert_int_equal(pp_csv_reader_next(r), 1);
        assert_string_equal(pp_csv_field(t, 0, 0), "B");
        assert_string_equal(pp_csv_field(t, 0, 2), "2");
        assert_int_equal(pp_csv_line(t, 0), 5);
        assert_int_equal(pp_csv_reader_next(r), 1);
        assert_string_equal(pp_csv_field(t, 0, 0), "C");
        assert_string_equal(pp_csv_field(t, 0, 1), "");
        assert_int_equal(pp_csv_column(t, "Model"), 0);
        assert_int_equal(pp_csv_reader_rows(r), 3);
        assert_int_equal(pp_csv_reader_next(r), 0);
        pp_csv_reader_free(r);
        fclose(f);
    }
    pp_csv_reader_free(NULL);
}

static void malformed(void **state)
{
    (void)state;
    refuse("a,b\n1,\"open\nstill\n", 18, PP_EINVALID,
           "t.csv:4: unterminated quoted field (opened on line 2)");
    refuse("a,b\n1,x\"y\n", 10, PP_EINVALID,
           "t.csv:2: a quote inside an unquoted field (quote the whole "
           "field)");
    refuse("a,b\n\"1\"x,2\n", 11, PP_EINVALID,
           "t.csv:2: text after the closing quote of a field");
    refuse("a,,b\n", 5, PP_EINVALID, "t.csv:1: column 2 has no name");
    refuse("", 0, PP_EINVALID, "t.csv: empty: no header row");
    refuse("\n\n", 2, PP_EINVALID, "t.csv: empty: no header row");
    refuse("a\nb\xC3\n", 5, PP_EINVALID, "t.csv:2: invalid UTF-8");
    refuse("a\nb\0c\n", 6, PP_EINVALID, "t.csv:2: a NUL byte");
}

static void bounds(void **state)
{
    size_t n = PP_CSV_MAX_FIELD + 16;
    char *big = malloc(n + 8);
    pp_csv *t = NULL;
    (void)state;
    assert_non_null(big);
    memcpy(big, "a\n", 2);
    memset(big + 2, 'x', n);
    big[n + 2] = '\n';
    assert_int_equal(pp_csv_parse(&t, big, n + 3, "t.csv"), PP_ETOOBIG);
    free(big);
    {
        /* 1025 columns */
        pp_buf b = PP_BUF_INIT;
        for (int i = 0; i < 1025; i++)
            pp_buf_printf(&b, "%sc%d", i ? "," : "", i);
        assert_int_equal(pp_csv_parse(&t, b.ptr, b.len, "t.csv"), PP_ETOOBIG);
        assert_string_equal(pp_error_last(), "t.csv:1: more than 1024 "
                                             "columns");
        pp_buf_dispose(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quoting),
        cmocka_unit_test(header_spaces_and_no_final_newline),
        cmocka_unit_test(malformed),
        cmocka_unit_test(stream),
        cmocka_unit_test(bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
