/*
 * cmd_check.c - passport check [FILE...|-]: check what prose says about
 * the runs against the passports.
 *
 * Files are read in chunks cut at blank lines outside code fences, so
 * memory stays bounded by the chunk size whatever the input; a line
 * longer than PP_CHECK_MAX_LINE is skipped with a warning.  Output is
 * streamed: text as claims are found, JSON and SARIF as one document
 * whose claim list is written claim by claim.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../check/check.h"
#include "../check/prose.h"
#include "../rules/rules.h"
#include "../core/banned.h"

#define PP_CHECK_CHUNK (1u << 20)     /* cut after this many bytes ... */
#define PP_CHECK_MAX_LINE (1u << 20)  /* a longer line is not read */
#define PP_CHECK_FORCE (8u << 20)     /* ... and always after this many */

static const char usage_text[] =
    "usage: passport check [--format text|json|sarif] [--strict] [--plain]\n"
    "                      [--color auto|always|never] [--at REV|DATE]\n"
    "                      FILE...|-\n"
    "\n"
    "Find the claims a Markdown (or, with --plain, plain-text) document\n"
    "makes about training runs -- figures of a passport, formats of a\n"
    "precision role, derived figures (6ND and D/N, also of a named run\n"
    "from its passport, the fitted law's optimum and losses, equal-loss\n"
    "tokens, break-even, pipeline bubble, ZeRO memory, effective epochs,\n"
    "worked arithmetic), table rows by their columns, and universal\n"
    "language and causal credit from the rule catalogue -- and give each\n"
    "one verdict: confirmed, contradicted, undisclosed (also a value where\n"
    "the reports give only a bound), unsupported-generalisation or\n"
    "unverifiable.  English, Russian and Chinese.\n"
    "Code, inline code, HTML and URLs are not prose.  '-' reads standard\n"
    "input.  Rules: docs/CHECK.md.\n"
    "\n"
    "  -f, --format FMT   text (default): FILE:LINE:COL: severity: message\n"
    "                     [rule] for every finding; json: {\"files\",\n"
    "                     \"claims\" (all, confirmed included), \"summary\"};\n"
    "                     sarif: SARIF 2.1.0\n"
    "  --strict           also fail on unsupported generalisations\n"
    "  --plain            the input is plain text, not Markdown\n"
    "  --color WHEN       colour text output: auto (a terminal), always,\n"
    "                     never\n"
    "  --at REV|DATE      the passports as of a revision or a date\n"
    "  -h, --help         show this help\n"
    "\n"
    "Suppress a finding with <!-- passport-disable-next-line [RULE...] -->\n"
    "or a block <!-- passport-disable [RULE...] --> ... "
    "<!-- passport-enable -->.\n"
    "\n"
    "exit status: 0 nothing contradicted or undisclosed, 1 something is\n"
    "(or, with --strict, a generalisation), 2 usage, 3 other error\n";

enum out_fmt { OUT_TEXT, OUT_JSON, OUT_SARIF };

static const char *const verdicts[] = {
    "confirmed", "contradicted", "undisclosed", "unsupported-generalisation",
    "unverifiable"};
#define NVERDICTS 5

struct run {
    pp_checker *checker;
    enum out_fmt fmt;
    int color;
    int markdown;
    const char *file;   /* name shown */
    /* the chunk being checked */
    const char *chunk;
    size_t chunk_len, chunk_base, chunk_line;
    /* line_col's last position: offset, line, start of line, column */
    size_t lc_off, lc_line, lc_bol, lc_col;
    pp_suppress *sup;
    size_t nsup;
    /* Block suppressions still open at the end of a chunk: they go on in
     * the next chunk of the same file (owned). */
    pp_suppress *carry;
    size_t ncarry;
    /* results */
    size_t counts[NVERDICTS];
    size_t suppressed;
    size_t emitted;      /* claims written to the JSON/SARIF stream */
    int write_error;
};

static int verdict_index(const char *v)
{
    for (int i = 0; i < NVERDICTS; i++)
        if (!strcmp(verdicts[i], v))
            return i;
    return NVERDICTS - 1;
}

/* Line (1-based, from the chunk's first line) and column (1-based, in
 * characters) of chunk offset `off`. */
static void line_col(struct run *r, size_t off, size_t *line, size_t *col)
{
    size_t i = r->lc_off, l = r->lc_line, bol = r->lc_bol;
    if (off > r->chunk_len)
        off = r->chunk_len;
    /* Go on from the last position, forwards or back (the claims of a
     * sentence are not always in order); never from the chunk's start. */
    if (off < i) {
        for (; i > off; i--)
            if (r->chunk[i - 1] == '\n')
                l--;
        for (bol = off; bol > 0 && r->chunk[bol - 1] != '\n'; bol--)
            ;
        r->lc_col = 1 + pp_utf8_count(r->chunk + bol, off - bol);
    } else {
        size_t from = i;
        for (; i < off; i++)
            if (r->chunk[i] == '\n')
                l++, bol = i + 1;
        if (bol == r->lc_bol) /* the same line: count what was added */
            r->lc_col += pp_utf8_count(r->chunk + from, off - from);
        else
            r->lc_col = 1 + pp_utf8_count(r->chunk + bol, off - bol);
    }
    r->lc_off = off, r->lc_line = l, r->lc_bol = bol;
    *line = l;
    *col = r->lc_col;
}

static int suppressed(const struct run *r, size_t line, const char *rule)
{
    for (size_t i = 0; i < r->nsup; i++) {
        const pp_suppress *s = &r->sup[i];
        size_t first = s->line + r->chunk_line - 1;
        size_t last = s->last_line == (size_t)-1
                          ? (size_t)-1
                          : s->last_line + r->chunk_line - 1;
        if (line < first || line > last)
            continue;
        if (!s->rules[0])
            return 1;
        {
            size_t n = strlen(rule);
            const char *p = s->rules;
            while ((p = strstr(p, rule)) != NULL) {
                if ((p == s->rules || p[-1] == ' ') &&
                    (p[n] == 0 || p[n] == ' '))
                    return 1;
                p += n;
            }
        }
    }
    return 0;
}

static void put(struct run *r, const pp_buf *b)
{
    if (b->len && fwrite(b->ptr, 1, b->len, stdout) != b->len)
        r->write_error = 1;
}

static void write_text(struct run *r, const cJSON *c)
{
    pp_buf b = PP_BUF_INIT;
    const char *sev = pp_json_str(c, "severity", "note");
    const char *verdict = pp_json_str(c, "verdict", "");
    const char *on = "", *off = "";
    if (!strcmp(verdict, "confirmed") || !strcmp(verdict, "unverifiable"))
        return; /* findings only; --format json lists every claim */
    if (r->color) {
        on = !strcmp(sev, "error") ? "\033[1;31m" : "\033[1;33m";
        off = "\033[0m";
    }
    pp_buf_printf(&b, "%s:%d:%d: %s%s%s: %s [%s]\n", r->file,
                  cJSON_GetObjectItem(c, "line")->valueint,
                  cJSON_GetObjectItem(c, "column")->valueint, on, sev, off,
                  pp_json_str(c, "message", ""), pp_json_str(c, "rule", ""));
    pp_buf_printf(&b, "    claim:    %s\n", pp_json_str(c, "text", ""));
    if (cJSON_IsString(cJSON_GetObjectItem(c, "source")) &&
        cJSON_IsString(cJSON_GetObjectItem(c, "section")))
        pp_buf_printf(&b, "    evidence: %s %s\n", pp_json_str(c, "source", ""),
                      pp_json_str(c, "section", ""));
    else if (cJSON_IsString(cJSON_GetObjectItem(c, "source")))
        pp_buf_printf(&b, "    evidence: %s\n", pp_json_str(c, "source", ""));
    else if (cJSON_IsString(cJSON_GetObjectItem(c, "section")))
        pp_buf_printf(&b, "    see:      %s\n", pp_json_str(c, "section", ""));
    put(r, &b);
    pp_buf_dispose(&b);
}

/* One element of the streamed claim (or result) array, indented to sit
 * inside the document. */
static void write_json(struct run *r, const cJSON *c)
{
    pp_buf one = PP_BUF_INIT, b = PP_BUF_INIT;
    pp_json_write_canonical(&one, c, NULL);
    while (one.len && one.ptr[one.len - 1] == '\n')
        one.len--;
    if (r->emitted++)
        pp_buf_puts(&b, ",\n");
    /* indented by four more spaces, line by line */
    for (size_t i = 0; i < one.len;) {
        const char *nl = memchr(one.ptr + i, '\n', one.len - i);
        size_t n = nl ? (size_t)(nl - one.ptr) + 1 - i : one.len - i;
        pp_buf_puts(&b, "    ");
        pp_buf_put(&b, one.ptr + i, n);
        i += n;
    }
    put(r, &b);
    pp_buf_dispose(&one);
    pp_buf_dispose(&b);
}

static void write_sarif(struct run *r, const cJSON *c)
{
    const char *sev = pp_json_str(c, "severity", "note");
    cJSON *res = cJSON_CreateObject(), *loc, *phys, *reg, *props;
    const char *verdict = pp_json_str(c, "verdict", "");
    cJSON_AddStringToObject(res, "ruleId", pp_json_str(c, "rule", ""));
    /* SARIF 2.1.0 §3.27.9-10: a result that is not a failure has kind
     * pass or informational and level none. */
    if (!strcmp(verdict, "confirmed") || !strcmp(verdict, "unverifiable")) {
        cJSON_AddStringToObject(res, "kind", !strcmp(verdict, "confirmed")
                                                 ? "pass"
                                                 : "informational");
        cJSON_AddStringToObject(res, "level", "none");
    } else {
        cJSON_AddStringToObject(res, "kind", "fail");
        cJSON_AddStringToObject(res, "level", !strcmp(sev, "error")
                                                  ? "error"
                                                  : !strcmp(sev, "warning")
                                                        ? "warning"
                                                        : "note");
    }
    cJSON_AddStringToObject(cJSON_AddObjectToObject(res, "message"), "text",
                            pp_json_str(c, "message", ""));
    loc = cJSON_AddArrayToObject(res, "locations");
    {
        cJSON *l = cJSON_CreateObject();
        phys = cJSON_AddObjectToObject(l, "physicalLocation");
        cJSON_AddStringToObject(
            cJSON_AddObjectToObject(phys, "artifactLocation"), "uri",
            r->file);
        reg = cJSON_AddObjectToObject(phys, "region");
        cJSON_AddNumberToObject(reg, "startLine",
                                cJSON_GetObjectItem(c, "line")->valueint);
        cJSON_AddNumberToObject(reg, "startColumn",
                                cJSON_GetObjectItem(c, "column")->valueint);
        cJSON_AddStringToObject(cJSON_AddObjectToObject(reg, "snippet"),
                                "text", pp_json_str(c, "text", ""));
        cJSON_AddItemToArray(loc, l);
    }
    props = cJSON_AddObjectToObject(res, "properties");
    cJSON_AddStringToObject(props, "verdict", pp_json_str(c, "verdict", ""));
    cJSON_AddItemToObject(props, "entity",
                          cJSON_Duplicate(cJSON_GetObjectItem(c, "entity"), 1));
    cJSON_AddStringToObject(props, "attribute",
                            pp_json_str(c, "attribute", ""));
    cJSON_AddItemToObject(
        props, "claimed",
        cJSON_Duplicate(cJSON_GetObjectItem(c, "claimed"), 1));
    cJSON_AddItemToObject(
        props, "expected",
        cJSON_Duplicate(cJSON_GetObjectItem(c, "expected"), 1));
    cJSON_AddItemToObject(props, "source",
                          cJSON_Duplicate(cJSON_GetObjectItem(c, "source"), 1));
    cJSON_AddItemToObject(
        props, "section",
        cJSON_Duplicate(cJSON_GetObjectItem(c, "section"), 1));
    write_json(r, res);
    cJSON_Delete(res);
}

static int on_sentence(const pp_sentence *s, void *arg)
{
    struct run *r = arg;
    cJSON *claims = cJSON_CreateArray(), *c;
    if (!claims)
        return pp_error_set(PP_ENOMEM, "out of memory");
    if (s->heading) /* a new section: a new worked example */
        pp_checker_begin_document(r->checker);
    if ((s->table ? pp_checker_row(r->checker, s->text, s->len,
                                   s->table == 1, claims)
                  : pp_checker_sentence(r->checker, s->text, s->len,
                                        claims)) < 0) {
        cJSON_Delete(claims);
        return PP_ENOMEM;
    }
    if (pp_checker_limited(r->checker) && s->len) {
        size_t line, col;
        line_col(r, s->origin[0] - r->chunk_base, &line, &col);
        fprintf(stderr, "passport check: %s:%zu:%zu: warning: a rule pattern "
                "reached its match limit here; the rule catalogue was not "
                "fully applied to this sentence\n", r->file, line, col);
    }
    cJSON_ArrayForEach(c, claims)
    {
        size_t off = (size_t)cJSON_GetObjectItem(c, "offset")->valuedouble;
        size_t doc_off = s->origin[off < s->len ? off : s->len - 1];
        size_t line, col;
        line_col(r, doc_off - r->chunk_base, &line, &col);
        if (suppressed(r, line, pp_json_str(c, "rule", ""))) {
            r->suppressed++;
            continue;
        }
        cJSON_DeleteItemFromObject(c, "offset");
        cJSON_DeleteItemFromObject(c, "length");
        cJSON_AddStringToObject(c, "file", r->file);
        cJSON_AddNumberToObject(c, "line", (double)line);
        cJSON_AddNumberToObject(c, "column", (double)col);
        r->counts[verdict_index(pp_json_str(c, "verdict", ""))]++;
        if (r->fmt == OUT_TEXT)
            write_text(r, c);
        else if (r->fmt == OUT_JSON)
            write_json(r, c);
        else
            write_sarif(r, c);
    }
    cJSON_Delete(claims);
    return r->write_error ? PP_EIO : 0;
}

static int check_chunk(struct run *r, const char *p, size_t len, size_t base,
                       size_t line)
{
    pp_prose_stats st = {0, 0};
    int rc;
    r->chunk = p;
    r->chunk_len = len;
    r->chunk_base = base;
    r->chunk_line = line;
    r->lc_off = 0, r->lc_line = line, r->lc_bol = 0, r->lc_col = 1;
    /* the blocks left open by the chunk before start at its first line */
    r->sup = r->carry;
    r->nsup = r->ncarry;
    r->carry = NULL;
    r->ncarry = 0;
    for (size_t i = 0; i < r->nsup; i++)
        r->sup[i].line = 1;
    rc = pp_prose_sentences(p, len, base, r->markdown, on_sentence, r,
                            &r->sup, &r->nsup, &st);
    for (size_t i = 0; i < r->nsup; i++) {
        pp_suppress *c;
        if (r->sup[i].last_line != (size_t)-1)
            continue;
        c = realloc(r->carry, (r->ncarry + 1) * sizeof(*c));
        if (!c) {
            rc = pp_error_set(PP_ENOMEM, "out of memory");
            break;
        }
        r->carry = c;
        r->carry[r->ncarry++] = r->sup[i];
    }
    free(r->sup);
    r->sup = NULL;
    if (st.skipped_blocks)
        fprintf(stderr,
                "passport check: %s:%zu: warning: %zu block%s longer than "
                "the prose bound not checked\n",
                r->file, line, st.skipped_blocks,
                st.skipped_blocks == 1 ? "" : "s");
    return rc;
}

/* Is this line a code fence (``` or ~~~ after up to 3 spaces)? */
static int is_fence(const char *l, size_t n)
{
    size_t i = 0;
    while (i < n && i < 3 && l[i] == ' ')
        i++;
    return i + 3 <= n && (!memcmp(l + i, "```", 3) || !memcmp(l + i, "~~~", 3));
}

static int is_blank(const char *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (l[i] != ' ' && l[i] != '\t' && l[i] != '\r' && l[i] != '\n')
            return 0;
    return 1;
}

/* A buffered line reader that keeps at most PP_CHECK_MAX_LINE bytes of a
 * line, however long the line is. */
struct reader {
    FILE *in;
    const char *file;
    char buf[65536];
    size_t pos, len;
    int eof;
};

/* Append the next line (its '\n' included) to `line`, at most
 * PP_CHECK_MAX_LINE bytes of it (*too_long when there were more); *got:
 * the bytes the line had; *nul: it holds a NUL byte.  At the end of the
 * input rd->eof is set.  Returns 0, PP_ENOMEM or PP_EIO. */
static int read_line(struct reader *rd, pp_buf *line, size_t *got,
                     int *too_long, int *nul)
{
    for (;;) {
        const char *start, *nl;
        size_t seg, keep;
        if (rd->pos == rd->len) {
            rd->pos = 0;
            rd->len = fread(rd->buf, 1, sizeof(rd->buf), rd->in);
            if (rd->len == 0) {
                if (ferror(rd->in))
                    return pp_error_set(PP_EIO, "%s: %s", rd->file,
                                        strerror(errno));
                rd->eof = 1;
                return 0;
            }
        }
        start = rd->buf + rd->pos;
        nl = memchr(start, '\n', rd->len - rd->pos);
        seg = nl ? (size_t)(nl - start) + 1 : rd->len - rd->pos;
        if (memchr(start, 0, seg))
            *nul = 1;
        keep = line->len < PP_CHECK_MAX_LINE ? PP_CHECK_MAX_LINE - line->len
                                              : 0;
        if (seg > keep)
            *too_long = 1;
        if (pp_buf_put(line, start, seg < keep ? seg : keep) < 0)
            return PP_ENOMEM;
        *got += seg;
        rd->pos += seg;
        if (nl)
            return 0;
    }
}

/* Check one stream, chunk by chunk. */
static int check_stream(struct run *r, FILE *in)
{
    pp_buf chunk = PP_BUF_INIT, line = PP_BUF_INIT;
    size_t offset = 0, lineno = 1, chunk_line = 1, chunk_off = 0;
    int fence = 0, rc = 0, eof = 0, warned_nul = 0;
    size_t longline = 0;
    struct reader rd;

    memset(&rd, 0, sizeof(rd));
    rd.in = in;
    rd.file = r->file;

    while (!eof && rc == 0) {
        int too_long = 0, nul = 0;
        size_t got = 0;
        pp_buf_clear(&line);
        rc = read_line(&rd, &line, &got, &too_long, &nul);
        if (rc < 0)
            break;
        offset += got;
        if (nul && !warned_nul) {
            fprintf(stderr,
                    "passport check: %s:%zu: warning: NUL byte: binary "
                    "data is not prose; such lines are skipped\n",
                    r->file, lineno);
            warned_nul = 1;
        }
        if (rd.eof)
            eof = 1;
        if (too_long || memchr(line.ptr ? line.ptr : "", 0, line.len)) {
            if (too_long && !longline++)
                fprintf(stderr,
                        "passport check: %s:%zu: warning: line longer than "
                        "%u bytes not checked\n",
                        r->file, lineno, PP_CHECK_MAX_LINE);
            /* Keep the line count and offsets; drop the content. */
            pp_buf_clear(&line);
            pp_buf_putc(&line, '\n');
        }
        if (line.len && is_fence(line.ptr, line.len))
            fence = !fence;
        if (chunk.len &&
            ((chunk.len >= PP_CHECK_CHUNK && !fence &&
              is_blank(line.ptr, line.len)) ||
             chunk.len >= PP_CHECK_FORCE)) {
            rc = check_chunk(r, chunk.ptr, chunk.len, chunk_off, chunk_line);
            pp_buf_clear(&chunk);
            chunk_line = lineno;
            chunk_off = offset - line.len;
        }
        if (rc == 0 && line.len && pp_buf_put(&chunk, line.ptr, line.len) < 0)
            rc = PP_ENOMEM;
        lineno++;
    }
    if (rc == 0 && chunk.len)
        rc = check_chunk(r, chunk.ptr, chunk.len, chunk_off, chunk_line);
    free(r->carry); /* a block left open ends with its file */
    r->carry = NULL;
    r->ncarry = 0;
    pp_buf_dispose(&chunk);
    pp_buf_dispose(&line);
    return rc;
}

static int load_checker(const char *at_spec, pp_reg **reg,
                        pp_passport ***docs, size_t *ndocs,
                        pp_rules **rules, pp_checker **checker)
{
    pp_diags d = PP_DIAGS_INIT;
    pp_at at;
    cJSON *items = NULL;
    const cJSON *it;
    const cJSON **json;
    int rc;
    size_t n = 0;

    if (pp_rules_load_dir(rules, pp_rules_default_dir(), &d) < 0) {
        cli_print_diags(stderr, &d);
        pp_diags_dispose(&d);
        return cli_fail(PP_EXIT_FAILURE, "check", "%s", pp_error_last());
    }
    if ((rc = cli_open_reg("check", reg)) != 0 ||
        (rc = cli_at("check", *reg, at_spec, &at)) != 0)
        return rc;
    if ((rc = pp_reg_list(*reg, &at, NULL, &items)) < 0)
        return cli_lib_fail("check", rc);
    *docs = calloc((size_t)cJSON_GetArraySize(items) + 1, sizeof(**docs));
    json = calloc((size_t)cJSON_GetArraySize(items) + 1, sizeof(*json));
    if (!*docs || !json) {
        free(json);
        cJSON_Delete(items);
        return cli_fail(PP_EXIT_FAILURE, "check", "out of memory");
    }
    cJSON_ArrayForEach(it, items)
    {
        const char *id = cJSON_GetObjectItem(it, "id")->valuestring;
        pp_diags dd = PP_DIAGS_INIT;
        int lr = pp_reg_load(*reg, &at, id, &(*docs)[n], &dd);
        pp_diags_dispose(&dd);
        if (lr == 0) {
            json[n] = pp_passport_json((*docs)[n]);
            n++;
        } else if (lr == PP_EINVALID || lr == PP_ETOOBIG) {
            /* a broken passport should not stop a review */
            fprintf(stderr, "passport check: warning: passport %s does not "
                            "load; its facts are not used\n", id);
            pp_error_clear();
        } else {
            /* out of memory, I/O: the verdicts would be incomplete */
            *ndocs = n;
            free(json);
            cJSON_Delete(items);
            return cli_fail(PP_EXIT_FAILURE, "check", "%s: %s", id,
                            pp_error_last());
        }
    }
    cJSON_Delete(items);
    *ndocs = n;
    /* The checker copies the array; the documents stay in *docs. */
    rc = pp_checker_new(checker, json, n, *rules);
    free(json);
    return rc < 0 ? cli_lib_fail("check", rc) : 0;
}

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
    const cJSON *ru;
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
    cJSON_ArrayForEach(ru, pp_rules_list(rules))
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

static void write_head(enum out_fmt fmt, int argc, char **argv,
                       const pp_rules *rules)
{
    pp_buf b = PP_BUF_INIT;
    if (fmt == OUT_JSON) {
        cJSON *files = cJSON_CreateArray();
        for (int i = 0; i < argc; i++)
            cJSON_AddItemToArray(files, cJSON_CreateString(argv[i]));
        pp_buf_puts(&b, "{\n  \"files\": ");
        pp_json_write_canonical(&b, files, NULL);
        while (b.len && b.ptr[b.len - 1] == '\n')
            b.len--;
        pp_buf_puts(&b, ",\n  \"claims\": [\n");
        cJSON_Delete(files);
    } else if (fmt == OUT_SARIF) {
        cJSON *descs = sarif_rules(rules);
        pp_buf_puts(&b, "{\n  \"$schema\": "
                        "\"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                        "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
                        "  \"tool\": {\"driver\": {\"name\": \"passport\", "
                        "\"rules\": ");
        pp_json_write_compact(&b, descs, NULL);
        pp_buf_puts(&b, "}},\n  \"results\": [\n");
        cJSON_Delete(descs);
    }
    fwrite(b.ptr ? b.ptr : "", 1, b.len, stdout);
    pp_buf_dispose(&b);
}

static void write_tail(const struct run *r, int files)
{
    pp_buf b = PP_BUF_INIT;
    if (r->fmt == OUT_JSON) {
        cJSON *sum = cJSON_CreateObject();
        size_t total = 0;
        for (int i = 0; i < NVERDICTS; i++) {
            cJSON_AddNumberToObject(sum, verdicts[i], (double)r->counts[i]);
            total += r->counts[i];
        }
        cJSON_AddNumberToObject(sum, "claims", (double)total);
        cJSON_AddNumberToObject(sum, "files", files);
        cJSON_AddNumberToObject(sum, "suppressed", (double)r->suppressed);
        pp_buf_puts(&b, r->emitted ? "\n  ],\n  \"summary\": "
                                   : "  ],\n  \"summary\": ");
        pp_json_write_canonical(&b, sum, NULL);
        while (b.len && b.ptr[b.len - 1] == '\n')
            b.len--;
        pp_buf_puts(&b, "\n}\n");
        cJSON_Delete(sum);
    } else if (r->fmt == OUT_SARIF) {
        pp_buf_puts(&b, r->emitted ? "\n  ]\n  }]\n}\n" : "  ]\n  }]\n}\n");
    } else {
        pp_buf_printf(&b,
                      "%d file%s checked: %zu claim%s: %zu confirmed, %zu "
                      "contradicted, %zu undisclosed, %zu unsupported "
                      "generalisation%s, %zu unverifiable\n",
                      files, files == 1 ? "" : "s",
                      r->counts[0] + r->counts[1] + r->counts[2] +
                          r->counts[3] + r->counts[4],
                      r->counts[0] + r->counts[1] + r->counts[2] +
                                  r->counts[3] + r->counts[4] ==
                              1
                          ? ""
                          : "s",
                      r->counts[0], r->counts[1], r->counts[2], r->counts[3],
                      r->counts[3] == 1 ? "" : "s", r->counts[4]);
    }
    fwrite(b.ptr ? b.ptr : "", 1, b.len, stdout);
    pp_buf_dispose(&b);
}

int cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"strict", no_argument, NULL, 's'},
        {"plain", no_argument, NULL, 'p'},
        {"color", required_argument, NULL, 'c'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct run r;
    const char *at_spec = NULL, *color = "auto";
    int c, rc = 0, strict = 0, stdin_seen = 0;
    pp_reg *reg = NULL;
    pp_passport **docs = NULL;
    size_t ndocs = 0;
    pp_rules *rules = NULL;

    memset(&r, 0, sizeof(r));
    r.markdown = 1;
    cli_getopt_reset();
    while ((c = cli_getopt("check", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (!strcmp(optarg, "text"))
                r.fmt = OUT_TEXT;
            else if (!strcmp(optarg, "json"))
                r.fmt = OUT_JSON;
            else if (!strcmp(optarg, "sarif"))
                r.fmt = OUT_SARIF;
            else
                return cli_usage("check",
                                 "unknown format '%s' (text, json, sarif)",
                                 optarg);
            break;
        case 's': strict = 1; break;
        case 'p': r.markdown = 0; break;
        case 'c': color = optarg; break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(usage_text, stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (!strcmp(color, "always"))
        r.color = 1;
    else if (!strcmp(color, "auto"))
        r.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    else if (strcmp(color, "never") != 0)
        return cli_usage("check", "--color takes auto, always or never, not "
                                  "'%s'", color);
    if (optind == argc)
        return cli_usage("check", "no file to check (use - for standard "
                                  "input)");
    for (int i = optind; i < argc; i++)
        if (!strcmp(argv[i], "-") && stdin_seen++)
            return cli_usage("check", "standard input named twice");
    if ((rc = load_checker(at_spec, &reg, &docs, &ndocs, &rules,
                           &r.checker)) != 0)
        goto done;
    write_head(r.fmt, argc - optind, argv + optind, rules);
    for (int i = optind; i < argc && rc == 0; i++) {
        FILE *in = !strcmp(argv[i], "-") ? stdin : fopen(argv[i], "rb");
        int lr;
        r.file = !strcmp(argv[i], "-") ? "<stdin>" : argv[i];
        if (!in) {
            fprintf(stderr, "passport check: %s: %s\n", argv[i],
                    strerror(errno));
            rc = PP_EXIT_FAILURE;
            break;
        }
        pp_checker_begin_document(r.checker);
        lr = check_stream(&r, in);
        if (in != stdin)
            fclose(in);
        if (lr < 0 && lr != PP_EIO)
            rc = cli_lib_fail("check", lr);
        else if (lr != 0 || r.write_error)
            rc = cli_fail(PP_EXIT_FAILURE, "check", "%s",
                          r.write_error ? "cannot write the output"
                                        : pp_error_last());
    }
    write_tail(&r, argc - optind);
    if (fflush(stdout) != 0 && rc == 0)
        rc = cli_fail(PP_EXIT_FAILURE, "check", "cannot write the output");
    if (rc == 0 && (r.counts[1] || r.counts[2] || (strict && r.counts[3])))
        rc = PP_EXIT_CHECK;
done:
    pp_checker_free(r.checker);
    for (size_t i = 0; i < ndocs; i++)
        pp_passport_free(docs[i]);
    free(docs);
    pp_rules_free(rules);
    pp_reg_free(reg);
    return rc;
}
