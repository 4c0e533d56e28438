/*
 * lexicon.c - the checker's words, read once from the compiled-in files
 * of rules/lexicon (see lexicon.h).
 */
#include "lexicon.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../rules/literal.h"
#include "../schema/jsonschema.h"
#include "../core/banned.h"

/* Generated at build time from rules/lexicon/ and the schema. */
extern const unsigned char pp_lexicon_schema_text[], pp_lexicon_en_text[],
    pp_lexicon_ru_text[], pp_lexicon_zh_text[], pp_lexicon_common_text[];
extern const size_t pp_lexicon_schema_text_len, pp_lexicon_en_text_len,
    pp_lexicon_ru_text_len, pp_lexicon_zh_text_len, pp_lexicon_common_text_len;

static const char *const class_names[CK_LEX_COUNT] = {
#define CK_LEX_NAME(id, name) name,
    CK_LEXICON(CK_LEX_NAME)
#undef CK_LEX_NAME
};

/* The order the languages' words are merged in. */
static const char *const languages[] = {"en", "ru", "zh", "common"};
#define NLANG (sizeof(languages) / sizeof(languages[0]))

struct ck_lexicon {
    char **words[CK_LEX_COUNT]; /* owned, each NULL-terminated, words owned */
    size_t count[CK_LEX_COUNT];
    unsigned char first[CK_LEX_COUNT][256];
};

void ck_lexicon_free(ck_lexicon *x)
{
    if (!x)
        return;
    for (size_t k = 0; k < CK_LEX_COUNT; k++) {
        for (size_t i = 0; x->words[k] && i < x->count[k]; i++)
            free(x->words[k][i]);
        free(x->words[k]);
    }
    free(x);
}

static int class_of(const char *name)
{
    for (int k = 0; k < CK_LEX_COUNT; k++)
        if (!strcmp(class_names[k], name))
            return k;
    return -1;
}

static int lang_of(const char *name)
{
    for (size_t l = 0; l < NLANG; l++)
        if (!strcmp(languages[l], name))
            return (int)l;
    return -1;
}

/* Append the folded `word` to class `k`. */
static int add_word(ck_lexicon *x, int k, const char *word)
{
    size_t n = strlen(word);
    char **grown = realloc(x->words[k], (x->count[k] + 2) * sizeof(*grown));
    char *copy = malloc(n + 1);
    if (grown)
        x->words[k] = grown;
    if (!grown || !copy) {
        free(copy);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    memcpy(copy, word, n + 1);
    (void)pp_utf8_fold(copy, n); /* a letter it cannot fold stays as is */
    x->first[k][(unsigned char)copy[0]] = 1;
    grown[x->count[k]++] = copy;
    grown[x->count[k]] = NULL;
    return 0;
}

static const pp_schema *lexicon_schema(void)
{
    static pp_schema *s;
    if (!s && pp_schema_compile(&s, (const char *)pp_lexicon_schema_text,
                                pp_lexicon_schema_text_len,
                                "schema/lexicon.schema.json") < 0)
        return NULL;
    return s;
}

/* Parse and check each text; docs[l] is the document of language l. */
static int read_files(cJSON **docs, const char *const *texts,
                      const size_t *lens, const char *const *names, size_t n,
                      pp_diags *diags)
{
    const pp_schema *schema = lexicon_schema();
    int bad = 0, rc;
    if (!schema)
        return PP_ERROR;
    for (size_t i = 0; i < n; i++) {
        cJSON *doc = NULL;
        const cJSON *c;
        int l;
        if (pp_json_parse(texts[i], lens[i], names[i], &doc) < 0) {
            if (pp_error_last_code() == PP_ENOMEM)
                return PP_ENOMEM;
            pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
            bad = 1;
            continue;
        }
        if ((rc = pp_schema_validate(schema, doc, names[i], diags)) != 0) {
            cJSON_Delete(doc);
            if (rc < 0)
                return rc;
            bad = 1;
            continue;
        }
        l = lang_of(pp_json_get(doc, "language")->valuestring);
        if (docs[l]) {
            pp_diags_add(diags, PP_SEV_ERROR, names[i], "/language",
                         "language '%s' is given by two files", languages[l]);
            cJSON_Delete(doc);
            bad = 1;
            continue;
        }
        cJSON_ArrayForEach(c, pp_json_get(doc, "classes"))
        {
            if (class_of(c->string) < 0) {
                pp_diags_add(diags, PP_SEV_ERROR, names[i], NULL,
                             "class '%s' is not one the checker reads "
                             "(check/lexicon.h)",
                             c->string);
                bad = 1;
            }
        }
        docs[l] = doc;
    }
    return bad ? PP_EINVALID : 0;
}

int ck_lexicon_parse(ck_lexicon **out, const char *const *texts,
                     const size_t *lens, const char *const *names, size_t n,
                     pp_diags *diags)
{
    cJSON *docs[NLANG] = {0};
    ck_lexicon *x = calloc(1, sizeof(*x));
    int rc = x ? read_files(docs, texts, lens, names, n, diags)
               : pp_error_set(PP_ENOMEM, "out of memory");
    *out = NULL;
    for (size_t l = 0; rc == 0 && l < NLANG; l++) {
        const cJSON *c, *w;
        cJSON_ArrayForEach(c, pp_json_get(docs[l], "classes"))
            cJSON_ArrayForEach(w, c) if (rc == 0) rc =
                add_word(x, class_of(c->string), w->valuestring);
    }
    for (int k = 0; rc >= 0 && k < CK_LEX_COUNT; k++)
        if (!x->count[k]) {
            pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL,
                         "class '%s' has no words in any file", class_names[k]);
            rc = PP_EINVALID;
        }
    for (size_t l = 0; l < NLANG; l++)
        cJSON_Delete(docs[l]);
    if (rc < 0) {
        ck_lexicon_free(x);
        return rc == PP_EINVALID
                   ? pp_error_set(PP_EINVALID, "the lexicon is invalid")
                   : rc;
    }
    *out = x;
    return 0;
}

const char *const *ck_lexicon_words(const ck_lexicon *x, enum ck_lex k)
{
    return (const char *const *)x->words[k];
}

/* The lexicon of the process: read once, with an automaton over every
 * word of every class (id: the word's place in `words`, below). */
static ck_lexicon *lexicon;
static pp_litset *automaton;
static struct lexword {
    uint16_t cls;
    uint16_t index; /* in its class's list */
    uint32_t len;
} * words;
static int lexicon_rc;
static char lexicon_error[512];
static pthread_once_t lexicon_once = PTHREAD_ONCE_INIT;

/* The automaton over all the words of `lexicon`.  Returns 0, PP_ENOMEM,
 * or PP_ETOOBIG (more words than an automaton may hold). */
static int build_automaton(void)
{
    size_t n = 0, id = 0;
    int rc;
    for (int k = 0; k < CK_LEX_COUNT; k++)
        n += lexicon->count[k];
    if (n > UINT16_MAX)
        return pp_error_set(PP_ETOOBIG, "the lexicon has more than %u words",
                            (unsigned)UINT16_MAX);
    if (!(words = malloc(n * sizeof(*words))))
        return pp_error_set(PP_ENOMEM, "out of memory");
    if ((rc = pp_litset_new(&automaton)) < 0)
        return rc;
    for (int k = 0; k < CK_LEX_COUNT; k++)
        for (size_t i = 0; i < lexicon->count[k]; i++, id++) {
            const char *w = lexicon->words[k][i];
            words[id].cls = (uint16_t)k;
            words[id].index = (uint16_t)i;
            words[id].len = (uint32_t)strlen(w);
            if ((rc = pp_litset_add(automaton, w, words[id].len,
                                    (unsigned)id)) < 0)
                return rc;
        }
    return pp_litset_build(automaton);
}

static void load_once(void)
{
    const char *const texts[] = {(const char *)pp_lexicon_en_text,
                                 (const char *)pp_lexicon_ru_text,
                                 (const char *)pp_lexicon_zh_text,
                                 (const char *)pp_lexicon_common_text};
    const size_t lens[] = {pp_lexicon_en_text_len, pp_lexicon_ru_text_len,
                           pp_lexicon_zh_text_len, pp_lexicon_common_text_len};
    const char *const names[] = {"rules/lexicon/en.json",
                                 "rules/lexicon/ru.json",
                                 "rules/lexicon/zh.json",
                                 "rules/lexicon/common.json"};
    pp_diags d = PP_DIAGS_INIT;
    lexicon_rc = ck_lexicon_parse(&lexicon, texts, lens, names, 4, &d);
    if (lexicon_rc == 0)
        lexicon_rc = build_automaton();
    if (lexicon_rc < 0 && d.count)
        snprintf(lexicon_error, sizeof(lexicon_error), "%s: %s%s%s",
                 pp_error_last(), d.items[0].file ? d.items[0].file : "",
                 d.items[0].file ? ": " : "", d.items[0].message);
    else if (lexicon_rc < 0)
        snprintf(lexicon_error, sizeof(lexicon_error), "%s", pp_error_last());
    pp_diags_dispose(&d);
}

int ck_lexicon_load(void)
{
    pthread_once(&lexicon_once, load_once);
    return lexicon_rc < 0 ? pp_error_set(lexicon_rc, "%s", lexicon_error) : 0;
}

const char *const *ck_lex(enum ck_lex k)
{
    return (const char *const *)lexicon->words[k];
}

const unsigned char *ck_lex_first(enum ck_lex k)
{
    return lexicon->first[k];
}

static void on_hit(void *ctx, unsigned id, size_t end)
{
    ck_lexhits *h = ctx;
    struct ck_lexhit *x;
    if (!h->scanned)
        return; /* out of memory earlier in this sentence */
    if (h->n == h->cap) {
        size_t cap = h->cap * 2;
        struct ck_lexhit *grown = h->hit == h->small
                                      ? malloc(cap * sizeof(*grown))
                                      : realloc(h->hit, cap * sizeof(*grown));
        if (!grown) {
            h->scanned = 0;
            return;
        }
        if (h->hit == h->small)
            memcpy(grown, h->small, sizeof(h->small));
        h->hit = grown;
        h->cap = cap;
    }
    x = &h->hit[h->n];
    x->end = (uint32_t)end;
    x->start = (uint32_t)(end - words[id].len);
    x->word = words[id].index;
    x->next = h->head[words[id].cls];
    h->head[words[id].cls] = (int32_t)h->n++;
}

/* A negation's word inside a word that negates nothing ("不" of "不同",
 * "不稳定"; "not" of "not only") is no negation: drop it from the hits. */
static void drop_words_of_negation(ck_lexhits *h)
{
    int32_t *link = &h->head[CK_LEX_NEGATION];
    while (*link >= 0) {
        struct ck_lexhit *x = &h->hit[*link];
        int inside = 0;
        for (int32_t k = h->head[CK_LEX_NOT_NEGATION]; k >= 0 && !inside;
             k = h->hit[k].next)
            inside = h->hit[k].start <= x->start + 1 &&
                     x->end <= h->hit[k].end + 1 && x->start < h->hit[k].end;
        if (inside)
            *link = x->next;
        else
            link = &x->next;
    }
}

int ck_lexhits_scan(ck_lexhits *h, const char *low, size_t len)
{
    if (h->hit == NULL || h->hit == h->small) {
        h->hit = h->small;
        h->cap = CK_LEXHITS_SMALL;
    }
    h->n = 0;
    memset(h->head, 0xFF, sizeof(h->head)); /* -1 */
    h->scanned = 0;
    if (!automaton || len > UINT32_MAX)
        return 0;
    h->scanned = 1;
    pp_litset_each(automaton, low, len, on_hit, h);
    if (h->scanned)
        drop_words_of_negation(h);
    return h->scanned ? 0 : pp_error_set(PP_ENOMEM, "out of memory");
}

void ck_lexhits_dispose(ck_lexhits *h)
{
    if (h->hit && h->hit != h->small)
        free(h->hit);
    h->hit = NULL;
    h->n = h->cap = 0;
    h->scanned = 0;
}
