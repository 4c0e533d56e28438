/*
 * output.c - the report of a check in its three formats (see run.h):
 * text lines for the findings, and JSON and SARIF documents streamed
 * claim by claim -- the opening written first, each claim as one
 * canonical JSON element of the list (indented to sit inside it), the
 * summary or the closing brackets last -- so the report is never held
 * in memory whole.
 */
#include "output.h"

#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../rules/rules.h"
#include "../core/banned.h"

static const char *const verdicts[PP_CHECK_NVERDICTS] = {
    "confirmed", "contradicted", "undisclosed", "unsupported-generalisation",
    "unverifiable"};

int ck_verdict_index(const char *v)
{
    for (int i = 0; i < PP_CHECK_NVERDICTS; i++)
        if (!strcmp(verdicts[i], v))
            return i;
    return PP_CHECK_NVERDICTS - 1;
}

int ck_write_buf(const pp_check_opts *opts, const pp_buf *b)
{
    if (b->len && opts->write(opts->arg, b->ptr, b->len) != 0)
        return pp_error_set(PP_EIO, "cannot write the output");
    return 0;
}

/* A whole number member of a claim ("line", "column"). */
static int int_of(const cJSON *c, const char *key)
{
    const cJSON *x = pp_json_get(c, key);
    return cJSON_IsNumber(x) ? x->valueint : 0;
}

static int is_string(const cJSON *c, const char *key)
{
    return cJSON_IsString(pp_json_get(c, key));
}

/* ------------------------------------------------------------------ */
/* Claims                                                             */
/* ------------------------------------------------------------------ */

static int write_text(const pp_check_opts *opts, const char *file,
                      const cJSON *c)
{
    pp_buf b = PP_BUF_INIT;
    const char *sev = pp_json_str(c, "severity", "note");
    const char *verdict = pp_json_str(c, "verdict", "");
    const char *on = "", *off = "";
    int rc;
    if (!strcmp(verdict, "confirmed") || !strcmp(verdict, "unverifiable"))
        return 0; /* findings only; --format json lists every claim */
    if (opts->color) {
        on = !strcmp(sev, "error") ? "\033[1;31m" : "\033[1;33m";
        off = "\033[0m";
    }
    pp_buf_printf(&b, "%s:%d:%d: %s%s%s: %s [%s]\n", file, int_of(c, "line"),
                  int_of(c, "column"), on, sev, off,
                  pp_json_str(c, "message", ""), pp_json_str(c, "rule", ""));
    pp_buf_printf(&b, "    claim:    %s\n", pp_json_str(c, "text", ""));
    if (is_string(c, "source") && is_string(c, "section"))
        pp_buf_printf(&b, "    evidence: %s %s\n", pp_json_str(c, "source", ""),
                      pp_json_str(c, "section", ""));
    else if (is_string(c, "source"))
        pp_buf_printf(&b, "    evidence: %s\n", pp_json_str(c, "source", ""));
    else if (is_string(c, "section"))
        pp_buf_printf(&b, "    see:      %s\n", pp_json_str(c, "section", ""));
    rc = ck_write_buf(opts, &b);
    pp_buf_dispose(&b);
    return rc;
}

/* One element of the streamed claim (or result) array, indented to sit
 * inside the document. */
static int write_json(const pp_check_opts *opts, const cJSON *c,
                      pp_check_totals *totals)
{
    pp_buf one = PP_BUF_INIT, b = PP_BUF_INIT;
    int rc;
    pp_json_write_canonical(&one, c, NULL);
    while (one.len && one.ptr[one.len - 1] == '\n')
        one.len--;
    if (totals->emitted++)
        pp_buf_puts(&b, ",\n");
    /* indented by four more spaces, line by line */
    for (size_t i = 0; i < one.len;) {
        const char *nl = memchr(one.ptr + i, '\n', one.len - i);
        size_t n = nl ? (size_t)(nl - one.ptr) + 1 - i : one.len - i;
        pp_buf_puts(&b, "    ");
        pp_buf_put(&b, one.ptr + i, n);
        i += n;
    }
    rc = ck_write_buf(opts, &b);
    pp_buf_dispose(&one);
    pp_buf_dispose(&b);
    return rc;
}

/* A copy of member `key` of `c` (JSON null when it is missing). */
static cJSON *dup_member(const cJSON *c, const char *key)
{
    return cJSON_Duplicate(pp_json_get(c, key), 1);
}

/* SARIF 2.1.0 §3.27.9-10: a result that is not a failure has kind pass
 * or informational and level none. */
static void sarif_kind(cJSON *res, const char *verdict, const char *sev)
{
    if (!strcmp(verdict, "confirmed") || !strcmp(verdict, "unverifiable")) {
        cJSON_AddStringToObject(res, "kind",
                                !strcmp(verdict, "confirmed")
                                    ? "pass"
                                    : "informational");
        cJSON_AddStringToObject(res, "level", "none");
    } else {
        cJSON_AddStringToObject(res, "kind", "fail");
        cJSON_AddStringToObject(res, "level",
                                !strcmp(sev, "error")     ? "error"
                                : !strcmp(sev, "warning") ? "warning"
                                                          : "note");
    }
}

static cJSON *sarif_location(const char *file, const cJSON *c)
{
    cJSON *l = cJSON_CreateObject(), *phys, *reg;
    phys = cJSON_AddObjectToObject(l, "physicalLocation");
    cJSON_AddStringToObject(cJSON_AddObjectToObject(phys, "artifactLocation"),
                            "uri", file);
    reg = cJSON_AddObjectToObject(phys, "region");
    cJSON_AddNumberToObject(reg, "startLine", int_of(c, "line"));
    cJSON_AddNumberToObject(reg, "startColumn", int_of(c, "column"));
    cJSON_AddStringToObject(cJSON_AddObjectToObject(reg, "snippet"), "text",
                            pp_json_str(c, "text", ""));
    return l;
}

static int write_sarif(const pp_check_opts *opts, const char *file,
                       const cJSON *c, pp_check_totals *totals)
{
    cJSON *res = cJSON_CreateObject(), *props;
    int rc;
    cJSON_AddStringToObject(res, "ruleId", pp_json_str(c, "rule", ""));
    sarif_kind(res, pp_json_str(c, "verdict", ""),
               pp_json_str(c, "severity", "note"));
    cJSON_AddStringToObject(cJSON_AddObjectToObject(res, "message"), "text",
                            pp_json_str(c, "message", ""));
    cJSON_AddItemToArray(cJSON_AddArrayToObject(res, "locations"),
                         sarif_location(file, c));
    props = cJSON_AddObjectToObject(res, "properties");
    cJSON_AddStringToObject(props, "verdict", pp_json_str(c, "verdict", ""));
    cJSON_AddItemToObject(props, "entity", dup_member(c, "entity"));
    cJSON_AddStringToObject(props, "attribute",
                            pp_json_str(c, "attribute", ""));
    cJSON_AddItemToObject(props, "claimed", dup_member(c, "claimed"));
    cJSON_AddItemToObject(props, "expected", dup_member(c, "expected"));
    cJSON_AddItemToObject(props, "source", dup_member(c, "source"));
    cJSON_AddItemToObject(props, "section", dup_member(c, "section"));
    cJSON_AddItemToObject(props, "binding", dup_member(c, "binding"));
    rc = write_json(opts, res, totals);
    cJSON_Delete(res);
    return rc;
}

int ck_write_claim(const pp_check_opts *opts, const char *file,
                   const cJSON *claim, pp_check_totals *totals)
{
    switch (opts->format) {
    case PP_CHECK_TEXT: return write_text(opts, file, claim);
    case PP_CHECK_JSON: return write_json(opts, claim, totals);
    default: return write_sarif(opts, file, claim, totals);
    }
}

/* ------------------------------------------------------------------ */
/* Opening and end                                                    */
/* ------------------------------------------------------------------ */

/* The rules a SARIF log names: the verdict rules of facts and derived
 * figures, then the rule catalogue (reportingDescriptor objects). */
static cJSON *sarif_rules(const pp_rules *rules)
{
    static const char *const kinds[] = {"fact", "derived"};
    static const struct {
        const char *verdict, *text;
    } verdicts_[] = {
        {"confirmed", "the passport (or its recomputation) confirms it"},
        {"contradicted", "the passport (or its recomputation) says otherwise"},
        {"undisclosed", "states a value that no report discloses"},
        {"unverifiable", "recognised, but nothing to check it against"},
    };
    cJSON *arr = cJSON_CreateArray();
    const cJSON *ru, *list = rules ? pp_rules_list(rules) : NULL;
    for (size_t k = 0; k < 2; k++) {
        for (size_t v = 0; v < sizeof verdicts_ / sizeof *verdicts_; v++) {
            cJSON *d = cJSON_CreateObject(), *sd;
            pp_buf id = PP_BUF_INIT;
            pp_buf_printf(&id, "%s.%s", kinds[k], verdicts_[v].verdict);
            cJSON_AddStringToObject(d, "id", id.ptr);
            sd = cJSON_AddObjectToObject(d, "shortDescription");
            pp_buf_clear(&id);
            pp_buf_printf(&id, "%s claim: %s", k ? "a derived" : "a",
                          verdicts_[v].text);
            cJSON_AddStringToObject(sd, "text", id.ptr);
            cJSON_AddItemToArray(arr, d);
            pp_buf_dispose(&id);
        }
    }
    cJSON_ArrayForEach(ru, list)
    {
        cJSON *d = cJSON_CreateObject(), *sd, *props;
        cJSON_AddStringToObject(d, "id", pp_json_str(ru, "id", ""));
        sd = cJSON_AddObjectToObject(d, "shortDescription");
        cJSON_AddStringToObject(sd, "text", pp_json_str(ru, "message", ""));
        props = cJSON_AddObjectToObject(d, "properties");
        cJSON_AddStringToObject(props, "section",
                                pp_json_str(ru, "section", ""));
        cJSON_AddItemToArray(arr, d);
    }
    return arr;
}

int pp_check_head(const pp_checker *c, const pp_check_opts *opts,
                  const char *const *files, size_t nfiles)
{
    pp_buf b = PP_BUF_INIT;
    int rc;
    if (opts->format == PP_CHECK_JSON) {
        cJSON *list = cJSON_CreateArray();
        for (size_t i = 0; i < nfiles; i++)
            cJSON_AddItemToArray(list, cJSON_CreateString(files[i]));
        pp_buf_puts(&b, "{\n  \"files\": ");
        pp_json_write_canonical(&b, list, NULL);
        while (b.len && b.ptr[b.len - 1] == '\n')
            b.len--;
        pp_buf_puts(&b, ",\n  \"claims\": [\n");
        cJSON_Delete(list);
    } else if (opts->format == PP_CHECK_SARIF) {
        cJSON *descs = sarif_rules(pp_checker_rules(c));
        pp_buf_puts(&b, "{\n  \"$schema\": "
                        "\"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                        "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
                        "  \"tool\": {\"driver\": {\"name\": \"passport\", "
                        "\"rules\": ");
        pp_json_write_compact(&b, descs, NULL);
        pp_buf_puts(&b, "}},\n  \"results\": [\n");
        cJSON_Delete(descs);
    }
    rc = ck_write_buf(opts, &b);
    pp_buf_dispose(&b);
    return rc;
}

static void json_summary(pp_buf *b, const pp_check_totals *t, size_t nfiles)
{
    cJSON *sum = cJSON_CreateObject();
    size_t total = 0;
    for (int i = 0; i < PP_CHECK_NVERDICTS; i++) {
        cJSON_AddNumberToObject(sum, verdicts[i], (double)t->verdicts[i]);
        total += t->verdicts[i];
    }
    cJSON_AddNumberToObject(sum, "claims", (double)total);
    cJSON_AddNumberToObject(sum, "files", (double)nfiles);
    cJSON_AddNumberToObject(sum, "suppressed", (double)t->suppressed);
    pp_buf_puts(b, t->emitted ? "\n  ],\n  \"summary\": "
                              : "  ],\n  \"summary\": ");
    pp_json_write_canonical(b, sum, NULL);
    while (b->len && b->ptr[b->len - 1] == '\n')
        b->len--;
    pp_buf_puts(b, "\n}\n");
    cJSON_Delete(sum);
}

static void text_summary(pp_buf *b, const pp_check_totals *t, size_t nfiles)
{
    const size_t *v = t->verdicts;
    size_t total = 0;
    for (int i = 0; i < PP_CHECK_NVERDICTS; i++)
        total += v[i];
    pp_buf_printf(b,
                  "%zu file%s checked: %zu claim%s: %zu confirmed, %zu "
                  "contradicted, %zu undisclosed, %zu unsupported "
                  "generalisation%s, %zu unverifiable\n",
                  nfiles, nfiles == 1 ? "" : "s", total, total == 1 ? "" : "s",
                  v[PP_CHECK_CONFIRMED], v[PP_CHECK_CONTRADICTED],
                  v[PP_CHECK_UNDISCLOSED], v[PP_CHECK_GENERALISATION],
                  v[PP_CHECK_GENERALISATION] == 1 ? "" : "s",
                  v[PP_CHECK_UNVERIFIABLE]);
}

int pp_check_tail(const pp_check_opts *opts, const pp_check_totals *totals,
                  size_t nfiles)
{
    pp_buf b = PP_BUF_INIT;
    int rc;
    if (opts->format == PP_CHECK_JSON)
        json_summary(&b, totals, nfiles);
    else if (opts->format == PP_CHECK_SARIF)
        pp_buf_puts(&b,
                    totals->emitted ? "\n  ]\n  }]\n}\n" : "  ]\n  }]\n}\n");
    else
        text_summary(&b, totals, nfiles);
    rc = ck_write_buf(opts, &b);
    pp_buf_dispose(&b);
    return rc;
}

int pp_check_failed(const pp_check_totals *totals, int strict)
{
    const size_t *v = totals->verdicts;
    return v[PP_CHECK_CONTRADICTED] || v[PP_CHECK_UNDISCLOSED] ||
           (strict && v[PP_CHECK_GENERALISATION]);
}
