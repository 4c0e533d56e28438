/*
 * test_literal.c - the rule catalogue's literal prefilter: the literals
 * derived from patterns (and the patterns it must give up on), the
 * Aho-Corasick scan against a naive search, the folding against PCRE2's
 * own caseless matching for every code point, and the shipped catalogue
 * giving exactly the same hits with and without the prefilter on the seeds,
 * the claim corpora and sentences written to trip it.
 */
#include "test_helpers.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/error.h"
#include "core/io.h"
#include "core/utf8.h"
#include "rules/literal.h"
#include "rules/rules.h"

struct want {
    const char *pattern;
    const char *lits; /* '|'-separated, in order; NULL: none derived */
};

static const struct want cases[] = {
    {"(?<!\\p{L})(always|never|for every)(?!\\p{L})", "always|never|for every"},
    {"(?<!\\p{L})(everything|all (tensors|weights)|fully)(?!\\p{L})[^.]{0,40}",
     "everything|all |fully"},
    {"(halv(es|ing|e)|half the bits|4-bit)", "halv|half the bits|4-bit"},
    {"guarantee[sd]?|proves?|universal(ly)?", "guarantee|prove|universal"},
    {"deepseek[- ]?v4", "deepseek"},
    {"2\\.5\\s*[x\xC3\x97]", "2.5"},
    {"2[.,]5", "2"},
    {"(?:FP8|MXFP4)", "fp8|mxfp4"},
    {"\\bMuon\\b", "muon"},
    {"^All models", "all models"},
    {"colou?r", "colo"},
    {"ab*c", "a"},
    {"ab{0,3}c", "a"},
    {"ab{2}c", "ab"},
    {"ab+c", "ab"},
    {"(fp8|fp4)", "fp8|fp4"},
    {"(fp8|fp8)", "fp8"},
    /* Russian folds, Chinese has no case */
    {"(\xD0\x92\xD1\x81\xD0\xB5\xD0\xB3\xD0\xB4\xD0\xB0|"
     "\xD0\xBB\xD1\x8E\xD0\xB1\xD0\xBE\\w*)",
     "\xD0\xB2\xD1\x81\xD0\xB5\xD0\xB3\xD0\xB4\xD0\xB0|"
     "\xD0\xBB\xD1\x8E\xD0\xB1\xD0\xBE"},
    {"\xE6\x80\xBB\xE6\x98\xAF", "\xE6\x80\xBB\xE6\x98\xAF"},
    {"\xE5\x85\xA8\\s*(FP8|FP4)", "\xE5\x85\xA8"},
    /* a literal stops where a letter the folding cannot compare begins */
    {"caf\xC3\xA9", "caf"},
    /* nothing safe to derive: the pattern is always run */
    {"(a|)", NULL},
    {"(a)?b", NULL},
    {"(a)*b", NULL},
    {"[ab]c", NULL},
    {".x", NULL},
    {"\\d+ tokens", NULL},
    {"(?i)always", NULL},
    {"(?<name>always)", NULL},
    {"(?|a|b)", NULL},
    {"\xC3\xA9t\xC3\xA9", NULL},
    {"a|.b", NULL},
    {"(a", NULL},
    {"a)", NULL},
    {"x\\", NULL},
    {"", NULL},
};

static void derived_literals(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *lits[PP_LITERALS_MAX];
        size_t n = 0;
        pp_buf got = PP_BUF_INIT;
        assert_int_equal(pp_literals_of(cases[i].pattern, lits, PP_LITERALS_MAX,
                                        &n),
                         0);
        for (size_t k = 0; k < n; k++) {
            pp_buf_printf(&got, "%s%s", k ? "|" : "", lits[k]);
            free(lits[k]);
        }
        if (!cases[i].lits ? n != 0 : strcmp(pp_buf_cstr(&got), cases[i].lits))
            fail_msg("pattern '%s': literals '%s', want '%s'", cases[i].pattern,
                     pp_buf_cstr(&got),
                     cases[i].lits ? cases[i].lits : "(none)");
        pp_buf_dispose(&got);
    }
}

static void too_many_literals(void **state)
{
    char *lits[2];
    size_t n = 9;
    (void)state;
    assert_int_equal(pp_literals_of("(a|b|c)", lits, 2, &n), 0);
    assert_int_equal(n, 0);
}

/* The automaton against memmem for every literal of a set full of shared
 * prefixes and suffixes. */
static void scan_matches_naive(void **state)
{
    static const char *lits[] = {"he",  "she",
                                 "his", "hers",
                                 "s",   "ushers",
                                 "h",   "\xE4\xB8\x87\xE4\xBA\xBF",
                                 "xx"};
    const size_t nl = sizeof(lits) / sizeof(lits[0]);
    static const char *texts[] = {"ushers",
                                  "she sells",
                                  "",
                                  "x",
                                  "xxx",
                                  "this hers",
                                  "15\xE4\xB8\x87\xE4\xBA\xBF tokens",
                                  "\xE4\xB8\x87",
                                  "HE"};
    pp_litset *s;
    (void)state;
    assert_int_equal(pp_litset_new(&s), 0);
    for (size_t i = 0; i < nl; i++)
        assert_int_equal(pp_litset_add(s, lits[i], strlen(lits[i]),
                                       (unsigned)i),
                         0);
    assert_int_equal(pp_litset_build(s), 0);
    /* nothing can be added once built */
    assert_int_equal(pp_litset_add(s, "z", 1, 0), PP_ETOOBIG);
    for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
        unsigned char mark[16] = {0};
        pp_litset_scan(s, texts[t], strlen(texts[t]), mark);
        for (size_t i = 0; i < nl; i++) {
            int want = strstr(texts[t], lits[i]) != NULL;
            if (mark[i] != want)
                fail_msg("'%s' in '%s': scan %d, strstr %d", lits[i], texts[t],
                         mark[i], want);
        }
    }
    pp_litset_free(s);
    pp_litset_free(NULL);
}

/* pp_litset_each reports every occurrence, overlapping ones and a
 * literal added twice under two ids included, where it ends. */
struct seen {
    unsigned id[64];
    size_t end[64], n;
};

static void note_hit(void *ctx, unsigned id, size_t end)
{
    struct seen *x = ctx;
    assert_true(x->n < 64);
    x->id[x->n] = id;
    x->end[x->n++] = end;
}

static void each_reports_every_occurrence(void **state)
{
    static const char *lits[] = {"he", "she", "hers", "s", "xx", "she"};
    const size_t nl = sizeof(lits) / sizeof(lits[0]);
    static const char *texts[] = {"ushers", "xxxx", "she said she", "", "h"};
    pp_litset *s;
    (void)state;
    assert_int_equal(pp_litset_new(&s), 0);
    for (size_t i = 0; i < nl; i++)
        assert_int_equal(pp_litset_add(s, lits[i], strlen(lits[i]),
                                       (unsigned)i),
                         0);
    assert_int_equal(pp_litset_build(s), 0);
    for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
        struct seen x = {.n = 0};
        size_t want = 0, len = strlen(texts[t]);
        pp_litset_each(s, texts[t], len, note_hit, &x);
        for (size_t i = 0; i < nl; i++) {
            size_t k = strlen(lits[i]);
            for (size_t at = 0; at + k <= len; at++) {
                int found = 0;
                if (memcmp(texts[t] + at, lits[i], k))
                    continue;
                want++;
                for (size_t h = 0; h < x.n; h++)
                    found |= x.id[h] == i && x.end[h] == at + k;
                if (!found)
                    fail_msg("'%s' at %zu in '%s' not reported", lits[i], at,
                             texts[t]);
            }
        }
        assert_int_equal(x.n, want);     /* and nothing else */
        for (size_t h = 1; h < x.n; h++) /* in the order they end */
            assert_true(x.end[h - 1] <= x.end[h]);
    }
    pp_litset_free(s);
}

static void bounded(void **state)
{
    pp_litset *s;
    static char big[PP_LITSET_MAX_STATES];
    (void)state;
    memset(big, 'a', sizeof(big));
    assert_int_equal(pp_litset_new(&s), 0);
    assert_int_equal(pp_litset_add(s, big, sizeof(big), 0), PP_ETOOBIG);
    assert_int_equal(pp_litset_add(s, big, 10, 0), 0);
    assert_int_equal(pp_litset_add(s, "", 0, 1), PP_ETOOBIG);
    pp_litset_free(s);
    /* an empty set (a catalogue without any literal) finds nothing */
    assert_int_equal(pp_litset_new(&s), 0);
    assert_int_equal(pp_litset_build(s), 0);
    {
        unsigned char mark[1] = {0};
        pp_litset_scan(s, "always", 6, mark);
        assert_int_equal(mark[0], 0);
    }
    pp_litset_free(s);
}

static size_t utf8_put(unsigned cp, char *o)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12);
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18);
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Every code point that PCRE2 matches caselessly (UTF, UCP, as the rules
 * are compiled) against a letter a literal may hold is either folded to
 * that letter or reported by pp_utf8_fold: the prefilter never hides a
 * match. */
static void fold_agrees_with_pcre2(void **state)
{
    /* the letters of literals: a-z, а-я, ё */
    const char *pat = "^[a-z\xD0\xB0-\xD1\x8F\xD1\x91]$";
    int err;
    PCRE2_SIZE off;
    pcre2_code *re =
        pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED,
                      PCRE2_UTF | PCRE2_UCP | PCRE2_CASELESS, &err, &off, NULL);
    pcre2_match_data *md;
    size_t checked = 0;
    (void)state;
    assert_non_null(re);
    md = pcre2_match_data_create_from_pattern(re, NULL);
    for (unsigned cp = 1; cp <= 0x10FFFF; cp++) {
        char buf[8], folded[8];
        size_t n;
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        n = utf8_put(cp, buf);
        if (pcre2_match(re, (PCRE2_SPTR)buf, n, 0, 0, md, NULL) < 0)
            continue;
        checked++;
        memcpy(folded, buf, n);
        if (pp_utf8_fold(folded, n))
            continue; /* reported: the caller runs every pattern */
        if (pcre2_match(re, (PCRE2_SPTR)folded, n, 0, 0, md, NULL) < 0 ||
            (n == 1 ? !(folded[0] >= 'a' && folded[0] <= 'z')
                    : !(((unsigned char)folded[0] == 0xD0 &&
                         (unsigned char)folded[1] >= 0xB0) ||
                        ((unsigned char)folded[0] == 0xD1 &&
                         ((unsigned char)folded[1] <= 0x8F ||
                          (unsigned char)folded[1] == 0x91)))))
            fail_msg("U+%04X matches a literal letter caselessly but folds "
                     "to something else and is not reported",
                     cp);
    }
    /* 26 * 2 Latin, 33 * 2 Cyrillic, and the few odd ones */
    assert_true(checked >= 26 * 2 + 33 * 2 + 2);
    pcre2_match_data_free(md);
    pcre2_code_free(re);
}

/* Lines of a file, each scanned with and without the prefilter. */
static void compare_file(pp_rules *r, const char *path, size_t *lines)
{
    pp_buf text = PP_BUF_INIT;
    const char *p, *end;
    if (pp_io_read_file(&text, path, 64u << 20) < 0)
        fail_msg("cannot read %s", path);
    p = pp_buf_cstr(&text);
    end = p + text.len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        pp_rule_hit a[64], b[64];
        size_t na = 0, nb = 0;
        for (int where = 0; where < 2; where++) {
            const char *w = where ? "claims" : "prose";
            pp_rules_set_prefilter(r, 1);
            pp_rules_scan(r, p, len, w, NULL, a, 64, &na);
            pp_rules_set_prefilter(r, 0);
            pp_rules_scan(r, p, len, w, NULL, b, 64, &nb);
            assert_int_equal(na, nb);
            for (size_t k = 0; k < na; k++) {
                assert_string_equal(a[k].id, b[k].id);
                assert_string_equal(a[k].lang, b[k].lang);
                assert_int_equal(a[k].start, b[k].start);
                assert_int_equal(a[k].end, b[k].end);
            }
        }
        (*lines)++;
        p += len + 1;
    }
    pp_buf_dispose(&text);
}

static void catalogue_same_hits(void **state)
{
    char dir[4096], path[4096];
    static const char *files[] = {"tests/check/seeds/000_2f66aa186f1c20b3.txt",
                                  "tests/check/seeds/002_593e7ddfd81949b6.txt",
                                  "tests/check/public.tsv",
                                  "tests/check/heldout.tsv",
                                  "tests/unit/data/literal-tricky.txt"};
    pp_rules *r = NULL;
    pp_diags d = PP_DIAGS_INIT;
    size_t lines = 0;
    (void)state;
    test_path(dir, sizeof(dir), "rules/data");
    assert_int_equal(pp_rules_load_dir(&r, dir, &d), 0);
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        test_path(path, sizeof(path), files[i]);
        compare_file(r, path, &lines);
    }
    assert_true(lines > 500);
    pp_rules_free(r);
    pp_diags_dispose(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(derived_literals),
        cmocka_unit_test(too_many_literals),
        cmocka_unit_test(scan_matches_naive),
        cmocka_unit_test(each_reports_every_occurrence),
        cmocka_unit_test(bounded),
        cmocka_unit_test(fold_agrees_with_pcre2),
        cmocka_unit_test(catalogue_same_hits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
