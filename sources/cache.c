/*
 * cache.c - the content-addressed cache of fetched sources.
 *
 * Kept beside the registry's git data, in REGISTRY/passport-sources/:
 *
 *   blobs/SHA256        a body, exactly as received
 *   text/SHA256.txt     its searchable text (absent when not searchable)
 *   meta/source/ID.json the record of the last fetch of source ID
 *   meta/url/HASH.json  ... of a bare URL (passport source quote)
 *   tmp/                downloads in progress
 *
 * A fetch writes into tmp/ and renames into blobs/ only after the
 * transfer succeeded and was synced; the record is replaced last, so a
 * record always names a complete blob, and a failed or interrupted fetch
 * leaves the cache as it was.  An unchanged body maps to the blob already
 * there.  The cache is local (not pushed or pulled): anyone can rebuild it
 * with `passport source fetch --all`.
 */
#define _GNU_SOURCE /* sync_file_range */
#include "sources.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/error.h"
#include "../core/sha256.h"
#include "../core/io.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "../core/banned.h"

#define META_MAX_BYTES ((size_t)64 * 1024)

/* A body or text is synced SYNC_STEP bytes at a time (see sync_file). */
#define SYNC_STEP ((off_t)4 << 20)

struct pp_cache {
    char *dir;
};

const char *pp_cache_dir(const pp_cache *c)
{
    return c->dir;
}

void pp_cache_free(pp_cache *c)
{
    if (!c)
        return;
    free(c->dir);
    free(c);
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return 0;
    return -errno;
}

int pp_cache_open(pp_cache **out, const char *reg_path)
{
    static const char *const subdirs[] = {"blobs",       "text",     "meta",
                                          "meta/source", "meta/url", "tmp"};
    pp_buf b = PP_BUF_INIT;
    pp_cache *c;
    *out = NULL;
    if (!(c = calloc(1, sizeof *c)) ||
        pp_buf_printf(&b, "%s/passport-sources", reg_path) < 0) {
        free(c);
        pp_buf_dispose(&b);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    c->dir = pp_buf_detach(&b);
    /* A read-only registry still has a readable cache: creating the
     * folders may fail here; writing then fails with a clear message. */
    if (make_dir(c->dir) == 0) {
        for (size_t i = 0; i < sizeof subdirs / sizeof *subdirs; i++) {
            pp_buf p = PP_BUF_INIT;
            if (pp_buf_printf(&p, "%s/%s", c->dir, subdirs[i]) == 0)
                make_dir(p.ptr);
            pp_buf_dispose(&p);
        }
    }
    *out = c;
    return 0;
}

static int valid_source_id(const char *id)
{
    size_t n = strlen(id);
    if (n < 1 || n > 64 ||
        !((id[0] >= 'a' && id[0] <= 'z') || (id[0] >= '0' && id[0] <= '9')))
        return 0;
    for (size_t i = 1; i < n; i++) {
        char c = id[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
              c == '.'))
            return 0;
    }
    return 1;
}

int pp_cache_key_source(pp_buf *key, const char *source_id)
{
    if (!valid_source_id(source_id))
        return pp_error_set(PP_EINVALID,
                            "'%s' is not a source id "
                            "(lower-case letters, digits, '-' and '.')",
                            source_id);
    return pp_buf_printf(key, "source/%s", source_id) < 0
               ? pp_error_set(PP_ENOMEM, "out of memory")
               : 0;
}

int pp_cache_key_url(pp_buf *key, const char *url)
{
    char hex[65];
    int rc;
    if ((rc = pp_sha256_hex(url, strlen(url), hex)) < 0)
        return rc;
    return pp_buf_printf(key, "url/%s", hex) < 0
               ? pp_error_set(PP_ENOMEM, "out of memory")
               : 0;
}

/* DIR/WHERE NAME SUFFIX into `out`. */
static int path_of(pp_buf *out, const pp_cache *c, const char *where,
                   const char *name, const char *suffix)
{
    if (pp_buf_printf(out, "%s/%s%s%s", c->dir, where, name, suffix) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    return 0;
}

static int fsync_dir(const char *dir)
{
    FILE *f = fopen(dir, "r");
    if (!f)
        return -1;
    fsync(fileno(f));
    fclose(f);
    return 0;
}

static void now_utc(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

#define PIECE ((size_t)1 << 20) /* the body is read back in pieces */

/* Write all of `b` to `fd` and empty it. */
static int write_all(int fd, pp_buf *b)
{
    size_t done = 0;
    while (done < b->len) {
        ssize_t w = write(fd, b->ptr + done, b->len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return pp_error_set(PP_EIO, "cannot write the text: %s",
                                strerror(w < 0 ? errno : EIO));
        done += (size_t)w;
    }
    pp_buf_clear(b);
    return 0;
}

/* The next piece of `fd` into `b` (emptied first): 0 and its length in
 * *n (0 at the end), or PP_EIO. */
static int read_piece(int fd, pp_buf *b, size_t *n)
{
    ssize_t r;
    pp_buf_clear(b);
    if (pp_buf_grow(b, PIECE) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    do
        r = read(fd, b->ptr, PIECE);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return pp_error_set(PP_EIO, "cannot read the download: %s",
                            strerror(errno));
    b->len = *n = (size_t)r;
    b->ptr[r] = '\0';
    return 0;
}

/* Whether the caller asks to stop, having read `done` bytes of `size`. */
static int stop_asked(const pp_fetch_opts *o, long long done, long long size,
                      const char *url)
{
    char *shown;
    if (!o || !o->progress || !o->progress(done, size, o->progress_ud))
        return 0;
    shown = pp_fetch_redact(url);
    pp_error_set(PP_EIO, "'%s': interrupted; nothing was kept",
                 shown ? shown : "?");
    free(shown);
    return PP_EIO;
}

/* Put the file `fd` (a body or text of tmp/, `what`) on disk, asking the
 * caller's progress callback between steps whether to stop.  One fsync
 * answers no signal until the whole file is written, seconds for
 * hundreds of MiB on a busy disk; a step writes SYNC_STEP bytes and waits
 * for them alone, so a stop waits for one step, and what is then dropped
 * has no write in flight (a page under writeback would make its unlink
 * wait).  The fsync at the end writes what the steps did not (the inode;
 * all of it where the file system has no sync_file_range). */
static int sync_file(int fd, const pp_fetch_opts *o, const char *url,
                     const char *what)
{
    struct stat st;
    int rc = 0;
    if (fstat(fd, &st) == 0) {
        for (off_t at = 0; at < st.st_size; at += SYNC_STEP) {
            off_t upto =
                st.st_size - at > SYNC_STEP ? at + SYNC_STEP : st.st_size;
            if (sync_file_range(fd, at, upto - at,
                                SYNC_FILE_RANGE_WAIT_BEFORE |
                                    SYNC_FILE_RANGE_WRITE |
                                    SYNC_FILE_RANGE_WAIT_AFTER) < 0)
                break;
            if ((rc = stop_asked(o, (long long)upto, (long long)st.st_size,
                                 url)) < 0)
                break;
        }
        if (o && o->progress && st.st_size > 0)
            o->progress(-1, 0, o->progress_ud);
    }
    if (rc == 0 && fsync(fd) < 0)
        rc = pp_error_set(PP_EIO, "cannot sync the %s: %s", what,
                          strerror(errno));
    return rc;
}

/* The text of the download `body` (a path of tmp/), made piece by piece
 * into a new temporary file of tmp/, synced: its path in `tmp_text`, for
 * the caller to keep or remove; nothing when the body is not searchable
 * (*kind) or text/SHA256.txt is there already.  The caller's progress
 * callback is asked between pieces whether to stop. */
static int make_text(pp_cache *c, const char *body, const char *url,
                     const pp_fetch_result *res, const pp_fetch_opts *o,
                     pp_buf *tmp_text, enum pp_text_kind *kind)
{
    pp_buf in = PP_BUF_INIT, text = PP_BUF_INIT, path = PP_BUF_INIT;
    pp_text_stream *ts = NULL;
    long long done = 0;
    size_t n = 0;
    int fd = -1, out = -1, rc;
    if ((fd = open(body, O_RDONLY)) < 0) {
        rc = pp_error_set(PP_EIO, "cannot read the download '%s': %s", body,
                          strerror(errno));
        goto done;
    }
    if ((rc = read_piece(fd, &in, &n)) < 0)
        goto done;
    *kind = pp_text_kind_of(res->content_type, res->final_url, in.ptr, n);
    if (*kind == PP_TEXT_NONE ||
        (rc = path_of(&path, c, "text/", res->sha256, ".txt")) < 0 ||
        access(path.ptr, F_OK) == 0)
        goto done;
    if ((rc = path_of(tmp_text, c, "tmp/", "text-XXXXXX", "")) < 0)
        goto done;
    if ((out = mkstemp(tmp_text->ptr)) < 0) {
        rc = pp_error_set(PP_EIO, "cannot write to the source cache '%s': %s",
                          c->dir, strerror(errno));
        pp_buf_clear(tmp_text);
        goto done;
    }
    if ((rc = pp_text_stream_new(&ts, *kind, res->content_type)) < 0)
        goto done;
    while (n > 0) {
        done += (long long)n;
        if ((rc = pp_text_stream_push(ts, in.ptr, n, &text)) < 0 ||
            (rc = write_all(out, &text)) < 0 ||
            (rc = stop_asked(o, done, res->size, url)) < 0 ||
            (rc = read_piece(fd, &in, &n)) < 0)
            goto done;
    }
    if ((rc = pp_text_stream_end(ts, &text)) < 0 ||
        (rc = write_all(out, &text)) < 0)
        goto done;
done:
    if (o && o->progress && done)
        o->progress(-1, 0, o->progress_ud);
    if (rc == 0 && out >= 0)
        rc = sync_file(out, o, url, "text");
    if (out >= 0)
        close(out);
    if (fd >= 0)
        close(fd);
    pp_text_stream_free(ts);
    pp_buf_dispose(&in);
    pp_buf_dispose(&text);
    pp_buf_dispose(&path);
    return rc;
}

/* Download `url` into a new temporary file of tmp/, synced and closed:
 * its path stays in `tmp` (for the caller to remove) until it is kept. */
static int download(pp_cache *c, const char *url, const pp_fetch_opts *o,
                    pp_buf *tmp, pp_fetch_result *res)
{
    int fd, rc;
    if ((rc = path_of(tmp, c, "tmp/", "fetch-XXXXXX", "")) < 0)
        return rc;
    if ((fd = mkstemp(tmp->ptr)) < 0) {
        rc = pp_error_set(errno == EACCES || errno == EROFS ? PP_EREADONLY
                                                            : PP_EIO,
                          "cannot write to the source cache '%s': %s", c->dir,
                          strerror(errno));
        pp_buf_clear(tmp);
        return rc;
    }
    if ((rc = pp_fetch_to_fd(url, o, fd, res)) == 0)
        rc = sync_file(fd, o, url, "download");
    close(fd);
    return rc;
}

/* Keep the text `tmp_text` (when there is one) as text/SHA256.txt. */
static int keep_text(pp_cache *c, pp_buf *tmp_text, const char *sha)
{
    pp_buf path = PP_BUF_INIT;
    int rc;
    if (!tmp_text->len)
        return 0;
    if ((rc = path_of(&path, c, "text/", sha, ".txt")) == 0) {
        if (rename(tmp_text->ptr, path.ptr) < 0)
            rc = pp_error_set(PP_EIO, "cannot store '%s': %s", path.ptr,
                              strerror(errno));
        else
            chmod(path.ptr, 0644);
    }
    pp_buf_clear(&path);
    if (rc == 0 && path_of(&path, c, "text", "", "") == 0)
        fsync_dir(path.ptr);
    if (rc == 0)
        pp_buf_clear(tmp_text);
    pp_buf_dispose(&path);
    return rc;
}

/* Keep the download `tmp` as blobs/SHA256 (into `blob`), or drop it when
 * that blob is there already (*new_blob 0). */
static int keep_blob(pp_cache *c, pp_buf *tmp, const char *sha, pp_buf *blob,
                     int *new_blob)
{
    pp_buf blobs = PP_BUF_INIT;
    int rc;
    if ((rc = path_of(blob, c, "blobs/", sha, "")) < 0)
        return rc;
    if (access(blob->ptr, F_OK) == 0) {
        unlink(tmp->ptr); /* the same body is there: no new blob */
    } else {
        if (rename(tmp->ptr, blob->ptr) < 0)
            return pp_error_set(PP_EIO, "cannot store '%s': %s", blob->ptr,
                                strerror(errno));
        *new_blob = 1;
        chmod(blob->ptr, 0644);
    }
    pp_buf_clear(tmp);
    if (path_of(&blobs, c, "blobs", "", "") == 0)
        fsync_dir(blobs.ptr);
    pp_buf_dispose(&blobs);
    return 0;
}

/* The record of a fetch of `url` under `key` (see pp_cache_fetch). */
static int make_record(const char *key, const char *url,
                       const pp_fetch_result *res, enum pp_text_kind kind,
                       cJSON **out)
{
    char when[32], *shown = pp_fetch_redact(url);
    pp_buf rel = PP_BUF_INIT;
    cJSON *m = cJSON_CreateObject();
    *out = NULL;
    if (!m || !shown) {
        cJSON_Delete(m);
        free(shown);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    now_utc(when);
    cJSON_AddStringToObject(m, "key", key);
    cJSON_AddStringToObject(m, "url", shown);
    cJSON_AddStringToObject(m, "final_url", res->final_url);
    if (res->status)
        cJSON_AddNumberToObject(m, "status", (double)res->status);
    else
        cJSON_AddNullToObject(m, "status");
    if (res->content_type)
        cJSON_AddStringToObject(m, "content_type", res->content_type);
    else
        cJSON_AddNullToObject(m, "content_type");
    cJSON_AddNumberToObject(m, "size", (double)res->size);
    cJSON_AddStringToObject(m, "sha256", res->sha256);
    cJSON_AddStringToObject(m, "retrieved", when);
    cJSON_AddNumberToObject(m, "redirects", res->redirects);
    pp_buf_printf(&rel, "blobs/%s", res->sha256);
    cJSON_AddStringToObject(m, "blob", pp_buf_cstr(&rel));
    pp_buf_clear(&rel);
    if (kind != PP_TEXT_NONE) {
        pp_buf_printf(&rel, "text/%s.txt", res->sha256);
        cJSON_AddStringToObject(m, "text", pp_buf_cstr(&rel));
    } else {
        cJSON_AddNullToObject(m, "text");
    }
    cJSON_AddStringToObject(m, "text_kind", pp_text_kind_name(kind));
    cJSON_AddBoolToObject(m, "searchable", kind != PP_TEXT_NONE);
    pp_buf_dispose(&rel);
    free(shown);
    *out = m;
    return 0;
}

/* Replace meta/KEY.json with `m`, atomically. */
static int write_record(pp_cache *c, const char *key, const cJSON *m)
{
    pp_buf path = PP_BUF_INIT, json = PP_BUF_INIT;
    int rc;
    if ((rc = path_of(&path, c, "meta/", key, ".json")) == 0 &&
        (rc = pp_json_write_canonical(&json, m, NULL)) == 0)
        rc = pp_io_write_atomic(path.ptr, json.ptr, json.len);
    pp_buf_dispose(&path);
    pp_buf_dispose(&json);
    return rc;
}

int pp_cache_fetch(pp_cache *c, const char *key, const char *url,
                   const pp_fetch_opts *o, cJSON **meta, int *new_blob)
{
    pp_buf tmp = PP_BUF_INIT, tmp_text = PP_BUF_INIT, blob = PP_BUF_INIT;
    pp_fetch_result res;
    enum pp_text_kind kind = PP_TEXT_NONE;
    cJSON *m = NULL;
    int rc;

    *meta = NULL;
    *new_blob = 0;
    memset(&res, 0, sizeof res);
    /* The text is made before either file enters the cache, so that an
     * interruption while it is made (a large body) leaves nothing. */
    if ((rc = download(c, url, o, &tmp, &res)) < 0 ||
        (rc = make_text(c, tmp.ptr, url, &res, o, &tmp_text, &kind)) < 0 ||
        (rc = keep_blob(c, &tmp, res.sha256, &blob, new_blob)) < 0 ||
        (rc = keep_text(c, &tmp_text, res.sha256)) < 0 ||
        (rc = make_record(key, url, &res, kind, &m)) < 0 ||
        (rc = write_record(c, key, m)) < 0)
        goto done;
    *meta = m;
    m = NULL;
done:
    if (tmp.len)
        unlink(tmp.ptr);
    if (tmp_text.len)
        unlink(tmp_text.ptr);
    cJSON_Delete(m);
    pp_fetch_result_dispose(&res);
    pp_buf_dispose(&tmp);
    pp_buf_dispose(&tmp_text);
    pp_buf_dispose(&blob);
    return rc;
}

int pp_cache_meta(pp_cache *c, const char *key, cJSON **meta)
{
    pp_buf path = PP_BUF_INIT, data = PP_BUF_INIT;
    int rc;
    *meta = NULL;
    if ((rc = path_of(&path, c, "meta/", key, ".json")) < 0)
        goto done;
    if (access(path.ptr, F_OK) != 0) {
        rc = pp_error_set(PP_ENOTFOUND, "'%s' is not cached", key);
        goto done;
    }
    if ((rc = pp_io_read_file(&data, path.ptr, META_MAX_BYTES)) < 0)
        goto done;
    if ((rc = pp_json_parse(data.ptr ? data.ptr : "", data.len, path.ptr,
                            meta)) < 0 ||
        !pp_json_str(*meta, "sha256", NULL)) {
        cJSON_Delete(*meta);
        *meta = NULL;
        rc = pp_error_set(PP_EINVALID,
                          "the cache record '%s' is damaged; "
                          "fetch the source again with --force",
                          path.ptr);
    }
done:
    pp_buf_dispose(&path);
    pp_buf_dispose(&data);
    return rc;
}

int pp_cache_source_meta(pp_cache *c, const char *source_id, cJSON **meta)
{
    pp_buf key = PP_BUF_INIT;
    int rc;
    *meta = NULL;
    if ((rc = pp_cache_key_source(&key, source_id)) == 0)
        rc = pp_cache_meta(c, key.ptr, meta);
    pp_buf_dispose(&key);
    return rc;
}

int pp_cache_get(pp_cache *c, const char *key, const char *url, int force,
                 const pp_fetch_opts *o, cJSON **meta, enum pp_cache_got *got)
{
    char *shown = force ? NULL : pp_fetch_redact(url);
    int rc, new_blob = 0;
    *meta = NULL;
    *got = PP_CACHE_KEPT;
    if (shown && pp_cache_meta(c, key, meta) == 0 &&
        !strcmp(pp_json_str(*meta, "url", ""), shown)) {
        free(shown);
        return 0;
    }
    free(shown);
    cJSON_Delete(*meta);
    *meta = NULL;
    if ((rc = pp_cache_fetch(c, key, url, o, meta, &new_blob)) == 0)
        *got = new_blob ? PP_CACHE_NEW : PP_CACHE_SAME;
    return rc;
}

int pp_cache_got_text(pp_buf *out, const char *what, const cJSON *meta,
                      enum pp_cache_got got)
{
    const cJSON *st = pp_json_get(meta, "status");
    if (got == PP_CACHE_KEPT)
        return pp_buf_printf(out,
                             "%s: cached %s (sha256 %.12s); --force "
                             "fetches again\n",
                             what, pp_json_str(meta, "retrieved", ""),
                             pp_json_str(meta, "sha256", ""));
    pp_buf_printf(out, "%s: fetched %s (", what,
                  pp_json_str(meta, "final_url", "?"));
    if (cJSON_IsNumber(st))
        pp_buf_printf(out, "HTTP %d, ", st->valueint);
    return pp_buf_printf(out, "%s, %.0f bytes, sha256 %.12s, %s)%s\n",
                         pp_json_str(meta, "content_type", "no content type"),
                         cJSON_GetNumberValue(pp_json_get(meta, "size")),
                         pp_json_str(meta, "sha256", ""),
                         cJSON_IsTrue(pp_json_get(meta, "searchable"))
                             ? "searchable"
                             : "not searchable",
                         got == PP_CACHE_NEW ? "" : " unchanged");
}

int pp_cache_text(pp_cache *c, const cJSON *meta, pp_buf *out)
{
    const char *sha = pp_json_str(meta, "sha256", NULL);
    pp_buf path = PP_BUF_INIT;
    size_t start = out->len, bad = 0;
    int rc;
    if (!pp_json_str(meta, "text", NULL) || !sha)
        return pp_error_set(PP_EINVALID,
                            "the cached content is not "
                            "searchable (%s)",
                            pp_json_str(meta, "content_type", "unknown type"));
    /* The record is data too: take only the hash from it, never a path. */
    if (strlen(sha) != 64 || strspn(sha, "0123456789abcdef") != 64)
        return pp_error_set(PP_EINVALID, "a cache record is damaged; fetch "
                                         "again with --force");
    if ((rc = path_of(&path, c, "text/", sha, ".txt")) < 0)
        return rc;
    if (access(path.ptr, F_OK) != 0) {
        rc = pp_error_set(PP_ENOTFOUND,
                          "the cached text '%s' is missing; "
                          "fetch again with --force",
                          path.ptr);
    } else if ((rc = pp_io_read_file(out, path.ptr,
                                     (size_t)PP_FETCH_DEFAULT_MAX_BYTES * 4)) ==
                   0 &&
               !pp_utf8_valid(out->ptr ? out->ptr + start : "",
                              out->len - start, &bad)) {
        rc = pp_error_set(PP_EINVALID,
                          "the cached text '%s' is not UTF-8 "
                          "(byte %zu); fetch again with --force",
                          path.ptr, bad);
    }
    pp_buf_dispose(&path);
    return rc;
}
