/*
 * fetch.c - one bounded download with libcurl.
 *
 * Redirects are followed here, not by libcurl, so that every hop is
 * checked before it is requested: http and https only (file:// only as
 * the first URL, when allowed), no downgrade from https to http, at most
 * PP_FETCH_MAX_REDIRECTS hops.  Only the body of the final 2xx response is
 * written and hashed; redirect and error bodies are read and dropped.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "../core/error.h"
#include "../core/sha256.h"
#include "../core/banned.h"

static volatile sig_atomic_t interrupted;

void pp_fetch_interrupt(void)
{
    interrupted = 1;
}

void pp_fetch_result_dispose(pp_fetch_result *r)
{
    if (!r)
        return;
    free(r->final_url);
    free(r->content_type);
    memset(r, 0, sizeof *r);
}

char *pp_fetch_redact(const char *url)
{
    CURLU *u = curl_url();
    char *s = NULL, *out;
    if (u && curl_url_set(u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME) ==
                 CURLUE_OK) {
        curl_url_set(u, CURLUPART_USER, NULL, 0);
        curl_url_set(u, CURLUPART_PASSWORD, NULL, 0);
        curl_url_set(u, CURLUPART_OPTIONS, NULL, 0);
        if (curl_url_get(u, CURLUPART_URL, &s, 0) != CURLUE_OK)
            s = NULL;
    }
    curl_url_cleanup(u);
    if (s) {
        out = strdup(s);
        curl_free(s);
        return out;
    }
    /* Not a URL libcurl understands: say so rather than echo it, since
     * it may still carry a password. */
    return strdup("(unparsable URL)");
}

/* The lower-case scheme of `url` into `out` ("" when there is none). */
static void scheme_of(const char *url, char out[16])
{
    size_t i = 0;
    out[0] = '\0';
    while (url[i] && url[i] != ':' && i < 15) {
        char c = url[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))
            return;
        out[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        i++;
    }
    if (url[i] != ':') {
        out[0] = '\0';
        return;
    }
    out[i] = '\0';
}

struct sink {
    CURL *h;
    int fd;
    long long max, got;
    pp_sha256 *md; /* owned */
    int too_big, write_errno;
    int stalled;   /* the low-speed limit, not the total timeout, ended it */
    long stall_ms;
    const pp_fetch_opts *o;
    struct timespec last_draw;
    int drew;
};

static int kept_status(long code)
{
    return code == 0 || (code >= 200 && code < 300);
}

static size_t on_body(char *p, size_t size, size_t n, void *ud)
{
    struct sink *s = ud;
    size_t len = size * n, done = 0;
    long code = 0;
    curl_easy_getinfo(s->h, CURLINFO_RESPONSE_CODE, &code);
    if (!kept_status(code))
        return len;
    if ((long long)len > s->max - s->got) {
        s->too_big = 1;
        return 0;
    }
    while (done < len) {
        ssize_t w = write(s->fd, p + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            s->write_errno = w < 0 ? errno : EIO;
            return 0;
        }
        done += (size_t)w;
    }
    if (pp_sha256_update(s->md, p, len) < 0) {
        s->write_errno = EIO;
        return 0;
    }
    s->got += (long long)len;
    return len;
}

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) +
           (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* A progress bar for large bodies only: a small page is quiet. */
static int on_progress(void *ud, curl_off_t dltotal, curl_off_t dlnow,
                       curl_off_t ultotal, curl_off_t ulnow)
{
    struct sink *s = ud;
    (void)ultotal;
    (void)ulnow;
    if (interrupted)
        return 1;
    if (!s->o->progress || (dltotal < (1 << 20) && dlnow < (1 << 20)))
        return 0;
    if (s->drew && seconds_since(&s->last_draw) < 0.1)
        return 0;
    clock_gettime(CLOCK_MONOTONIC, &s->last_draw);
    if (dltotal > 0) {
        int pct = (int)(100.0 * (double)dlnow / (double)dltotal);
        int fill = pct / 5;
        fprintf(stderr, "\r%-24.24s [%.*s%*s] %3d%% %7.1f MiB",
                s->o->label ? s->o->label : "", fill, "####################",
                20 - fill, "", pct, (double)dlnow / 1048576.0);
    } else {
        fprintf(stderr, "\r%-24.24s %7.1f MiB", s->o->label ? s->o->label : "",
                (double)dlnow / 1048576.0);
    }
    s->drew = 1;
    return 0;
}

static long or_default(long v, long def)
{
    return v > 0 ? v : def;
}

/* Check one hop's URL before it is requested. */
static int check_hop(const char *url, const char *prev, int allow_file)
{
    char scheme[16], prev_scheme[16];
    char *shown;
    int rc = 0;
    scheme_of(url, scheme);
    if (!strcmp(scheme, "http") || !strcmp(scheme, "https")) {
        if (prev) {
            scheme_of(prev, prev_scheme);
            if (!strcmp(prev_scheme, "https") && !strcmp(scheme, "http")) {
                shown = pp_fetch_redact(url);
                rc = pp_error_set(PP_EINVALID, "refusing a redirect from "
                                  "https to http ('%s')",
                                  shown ? shown : "?");
                free(shown);
            }
        }
        return rc;
    }
    if (!strcmp(scheme, "file") && allow_file && !prev)
        return 0;
    shown = pp_fetch_redact(url);
    if (prev)
        rc = pp_error_set(PP_EINVALID, "refusing a redirect to '%s': "
                          "redirects may lead to http and https only",
                          shown ? shown : "?");
    else if (!strcmp(scheme, "file"))
        rc = pp_error_set(PP_EINVALID, "refusing '%s': file URLs need "
                          "--allow-file", shown ? shown : "?");
    else
        rc = pp_error_set(PP_EINVALID, "refusing '%s': only http and https "
                          "URLs are fetched", shown ? shown : "?");
    free(shown);
    return rc;
}

static int rewind_sink(struct sink *s)
{
    if (ftruncate(s->fd, 0) < 0 || lseek(s->fd, 0, SEEK_SET) < 0)
        return pp_error_set(PP_EIO, "cannot reset the download file: %s",
                            strerror(errno));
    s->got = 0;
    pp_sha256_free(s->md);
    s->md = NULL;
    return pp_sha256_new(&s->md);
}

static int perform_failed(struct sink *s, CURLcode cc, const char *errbuf,
                          const char *url, long timeout_ms)
{
    /* libcurl reports both limits as CURLE_OPERATION_TIMEDOUT; only its
     * message tells the low-speed limit apart. */
    s->stalled = !strncmp(errbuf, "Operation too slow", 18);
    char *shown = pp_fetch_redact(url);
    const char *u = shown ? shown : "?";
    int rc;
    if (s->too_big || cc == CURLE_FILESIZE_EXCEEDED)
        rc = pp_error_set(PP_ETOOBIG, "'%s': the body exceeds the limit of "
                          "%lld bytes (--max-size); nothing was kept", u,
                          s->max);
    else if (cc == CURLE_ABORTED_BY_CALLBACK)
        rc = pp_error_set(PP_EIO, "'%s': interrupted; nothing was kept", u);
    else if (s->write_errno)
        rc = pp_error_set(PP_EIO, "'%s': cannot write the download: %s", u,
                          strerror(s->write_errno));
    else if (cc == CURLE_OPERATION_TIMEDOUT && s->stalled)
        rc = pp_error_set(PP_EIO, "'%s': timed out: no data for %ld s "
                          "(--stall)", u, (s->stall_ms + 999) / 1000);
    else if (cc == CURLE_OPERATION_TIMEDOUT)
        rc = pp_error_set(PP_EIO, "'%s': timed out (%s; --timeout %.3g s)",
                          u, errbuf[0] ? errbuf : curl_easy_strerror(cc),
                          (double)timeout_ms / 1000.0);
    else
        rc = pp_error_set(PP_EIO, "'%s': %s", u,
                          errbuf[0] ? errbuf : curl_easy_strerror(cc));
    free(shown);
    return rc;
}

int pp_fetch_to_fd(const char *url, const pp_fetch_opts *o, int fd,
                   pp_fetch_result *out)
{
    static const pp_fetch_opts defaults = PP_FETCH_OPTS_INIT;
    char errbuf[CURL_ERROR_SIZE];
    struct sink s;
    struct timespec start;
    char *cur = NULL, *prev = NULL, *ct, *eff = NULL;
    long timeout_ms, code = 0;
    int rc = 0, hop;

    if (!o)
        o = &defaults;
    memset(out, 0, sizeof *out);
    memset(&s, 0, sizeof s);
    s.fd = fd;
    s.o = o;
    s.max = o->max_bytes > 0 ? o->max_bytes : PP_FETCH_DEFAULT_MAX_BYTES;
    s.stall_ms = or_default(o->stall_ms, PP_FETCH_DEFAULT_STALL_MS);
    timeout_ms = or_default(o->timeout_ms, PP_FETCH_DEFAULT_TIMEOUT_MS);
    interrupted = 0;
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        return pp_error_set(PP_ERROR, "cannot initialise libcurl");
    s.h = curl_easy_init();
    cur = strdup(url);
    if (!s.h || !cur || pp_sha256_new(&s.md) < 0) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (hop = 0;; hop++) {
        CURLcode cc;
        long left = timeout_ms - (long)(seconds_since(&start) * 1000.0);
        if ((rc = check_hop(cur, prev, o->allow_file)) < 0 ||
            (rc = rewind_sink(&s)) < 0)
            goto done;
        if (left <= 0) {
            rc = perform_failed(&s, CURLE_OPERATION_TIMEDOUT, "", cur,
                                timeout_ms);
            goto done;
        }
        curl_easy_reset(s.h);
        errbuf[0] = '\0';
        curl_easy_setopt(s.h, CURLOPT_URL, cur);
        curl_easy_setopt(s.h, CURLOPT_PROTOCOLS_STR,
                         hop == 0 && o->allow_file ? "http,https,file"
                                                   : "http,https");
        curl_easy_setopt(s.h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(s.h, CURLOPT_FOLLOWLOCATION, 0L);
        curl_easy_setopt(s.h, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(s.h, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(s.h, CURLOPT_CONNECTTIMEOUT_MS,
                         or_default(o->connect_timeout_ms,
                                    PP_FETCH_DEFAULT_CONNECT_MS));
        curl_easy_setopt(s.h, CURLOPT_TIMEOUT_MS, left);
        curl_easy_setopt(s.h, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl_easy_setopt(s.h, CURLOPT_LOW_SPEED_TIME,
                         (s.stall_ms + 999) / 1000);
        curl_easy_setopt(s.h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)s.max);
        curl_easy_setopt(s.h, CURLOPT_ACCEPT_ENCODING, "");
        curl_easy_setopt(s.h, CURLOPT_USERAGENT, "passport-source-fetch/1");
        curl_easy_setopt(s.h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(s.h, CURLOPT_ERRORBUFFER, errbuf);
        curl_easy_setopt(s.h, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(s.h, CURLOPT_WRITEDATA, &s);
        curl_easy_setopt(s.h, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(s.h, CURLOPT_XFERINFOFUNCTION, on_progress);
        curl_easy_setopt(s.h, CURLOPT_XFERINFODATA, &s);
        cc = curl_easy_perform(s.h);
        if (s.drew) {
            fputs("\r\033[K", stderr);
            s.drew = 0;
        }
        if (cc != CURLE_OK) {
            rc = perform_failed(&s, cc, errbuf, cur, timeout_ms);
            goto done;
        }
        curl_easy_getinfo(s.h, CURLINFO_RESPONSE_CODE, &code);
        if (code >= 300 && code < 400) {
            char *next = NULL;
            curl_easy_getinfo(s.h, CURLINFO_REDIRECT_URL, &next);
            if (!next) {
                char *shown = pp_fetch_redact(cur);
                rc = pp_error_set(PP_EIO, "'%s': HTTP %ld without a "
                                  "Location", shown ? shown : "?", code);
                free(shown);
                goto done;
            }
            if (hop >= PP_FETCH_MAX_REDIRECTS) {
                char *shown = pp_fetch_redact(url);
                rc = pp_error_set(PP_EINVALID, "'%s': more than %d "
                                  "redirects", shown ? shown : "?",
                                  PP_FETCH_MAX_REDIRECTS);
                free(shown);
                goto done;
            }
            free(prev);
            prev = cur;
            if (!(cur = strdup(next))) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                goto done;
            }
            continue;
        }
        if (!kept_status(code)) {
            char *shown = pp_fetch_redact(cur);
            rc = pp_error_set(PP_EIO, "'%s': HTTP %ld; nothing was kept",
                              shown ? shown : "?", code);
            free(shown);
            goto done;
        }
        break;
    }
    if ((rc = pp_sha256_final_hex(s.md, out->sha256)) < 0)
        goto done;
    out->status = code;
    out->size = s.got;
    out->redirects = hop;
    if (curl_easy_getinfo(s.h, CURLINFO_EFFECTIVE_URL, &eff) != CURLE_OK ||
        !eff)
        eff = cur;
    out->final_url = pp_fetch_redact(eff);
    ct = NULL;
    curl_easy_getinfo(s.h, CURLINFO_CONTENT_TYPE, &ct);
    out->content_type = ct ? strdup(ct) : NULL;
    if (!out->final_url || (ct && !out->content_type)) {
        pp_fetch_result_dispose(out);
        rc = pp_error_set(PP_ENOMEM, "out of memory");
    }
done:
    free(cur);
    free(prev);
    pp_sha256_free(s.md);
    if (s.h)
        curl_easy_cleanup(s.h);
    return rc;
}
