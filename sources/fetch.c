/*
 * fetch.c - one bounded download with libcurl.
 *
 * Redirects are followed here, not by libcurl, so that every hop is
 * checked before it is requested: http and https only (file:// only as
 * the first URL, when allowed), no downgrade from https to http, at most
 * PP_FETCH_MAX_REDIRECTS hops, and never inward (pp_addr_class): the
 * address a hop connects to is checked in libcurl's open-socket callback,
 * before a byte is sent, so a name that resolves to a private address is
 * caught as a numeric URL is.  Only the body of the final 2xx response is
 * written and hashed; redirect and error bodies are read and dropped.
 * A stalled transfer is one that brings fewer than stall_bytes in a
 * window of stall_ms (measured here, in libcurl's progress callback, so
 * that the message can say what was measured: libcurl's own low-speed
 * limit cannot tell a server that drips one byte a second from a live
 * one).
 * Nothing here prints: a caller that shows progress, or stops a transfer
 * on a signal, does so through pp_fetch_opts.progress.
 */
#define _POSIX_C_SOURCE 200809L
#include "sources.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "../core/error.h"
#include "../core/sha256.h"
#include "../core/banned.h"

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

/* ---- address classes -------------------------------------------------- */

static int class_v4(const unsigned char a[4])
{
    if (a[0] == 127 || a[0] == 0)
        return PP_ADDR_LOCAL;
    if (a[0] == 10 || (a[0] == 172 && (a[1] & 0xF0) == 16) ||
        (a[0] == 192 && a[1] == 168) || (a[0] == 100 && (a[1] & 0xC0) == 64) ||
        (a[0] == 169 && a[1] == 254) || a[0] >= 224)
        return PP_ADDR_PRIVATE;
    return PP_ADDR_PUBLIC;
}

static int class_v6(const unsigned char a[16])
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0,    0,
                                             0, 0, 0, 0, 0xFF, 0xFF};
    static const unsigned char nat64[12] = {0, 0x64, 0xFF, 0x9B};
    static const unsigned char zero[16] = {0};
    if (!memcmp(a, zero, 15) && (a[15] == 0 || a[15] == 1))
        return PP_ADDR_LOCAL; /* :: and ::1 */
    if (!memcmp(a, mapped, 12) || !memcmp(a, nat64, 12))
        return class_v4(a + 12);
    if ((a[0] & 0xFE) == 0xFC || (a[0] == 0xFE && (a[1] & 0xC0) == 0x80) ||
        a[0] == 0xFF)
        return PP_ADDR_PRIVATE;
    return PP_ADDR_PUBLIC;
}

int pp_addr_class_of(const char *ip)
{
    unsigned char a[16];
    char bare[64];
    size_t n = strlen(ip);
    if (inet_pton(AF_INET, ip, a) == 1)
        return class_v4(a);
    if (n >= 2 && ip[0] == '[' && ip[n - 1] == ']' && n - 2 < sizeof bare) {
        memcpy(bare, ip + 1, n - 2);
        bare[n - 2] = '\0';
        ip = bare;
    }
    if (inet_pton(AF_INET6, ip, a) == 1)
        return class_v6(a);
    return -1;
}

static const char *class_name(int c)
{
    return c == PP_ADDR_LOCAL     ? "this machine"
           : c == PP_ADDR_PRIVATE ? "a private network"
                                  : "a public address";
}

/* A size as people write it (50M) into *out. */
static int parse_size(const char *arg, long long *out)
{
    char *end;
    double v, mult = 1;
    errno = 0;
    v = strtod(arg, &end);
    if (end != arg && *end && !end[1]) {
        switch (*end) {
        case 'k':
        case 'K':
            mult = 1024;
            end++;
            break;
        case 'm':
        case 'M':
            mult = 1048576;
            end++;
            break;
        case 'g':
        case 'G':
            mult = 1073741824;
            end++;
            break;
        default: break;
        }
    }
    v *= mult;
    if (end == arg || *end || errno || !isfinite(v) || v < 1 ||
        v > 4.0 * 1073741824.0)
        return pp_error_set(PP_EUSAGE,
                            "expected a size from 1 byte to 4G "
                            "(e.g. 50M), not '%s'",
                            arg);
    *out = (long long)v;
    return 0;
}

/* Seconds as people write them (2.5) into milliseconds, rounded up. */
static int parse_seconds(const char *arg, long *ms)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(arg, &end);
    if (end == arg || *end || errno || !isfinite(v) || v <= 0 || v > 86400)
        return pp_error_set(PP_EUSAGE,
                            "expected a positive number of "
                            "seconds up to 86400, not '%s'",
                            arg);
    *ms = (long)ceil(v * 1000.0);
    return 0;
}

int pp_fetch_opts_set(pp_fetch_opts *o, const char *name, const char *value)
{
    if (!strcmp(name, "allow-file")) {
        o->allow_file = 1;
        return 0;
    }
    if (!strcmp(name, "allow-private")) {
        o->allow_private = 1;
        return 0;
    }
    if (!strcmp(name, "max-size"))
        return parse_size(value, &o->max_bytes);
    if (!strcmp(name, "stall-bytes"))
        return parse_size(value, &o->stall_bytes);
    if (!strcmp(name, "connect-timeout"))
        return parse_seconds(value, &o->connect_timeout_ms);
    if (!strcmp(name, "timeout"))
        return parse_seconds(value, &o->timeout_ms);
    if (!strcmp(name, "stall"))
        return parse_seconds(value, &o->stall_ms);
    return pp_error_set(PP_ENOTFOUND, "no fetch option '%s'", name);
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
    int stopped; /* the caller asked to stop while the body was written */
    const pp_fetch_opts *o;
    long long now, total; /* libcurl's last progress */
    long long asked;      /* s->got when the caller was last asked */
};

/* A compressed body decodes into many writes between two of libcurl's
 * progress calls (a gzip bomb: hundreds of megabytes), so the caller is
 * asked whether to stop every BODY_ASK bytes of the body too. */
#define BODY_ASK (1LL << 20)

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
    if (s->o->progress && s->got - s->asked >= BODY_ASK) {
        s->asked = s->got;
        if (s->o->progress(s->now, s->total, s->o->progress_ud)) {
            s->stopped = 1;
            return 0;
        }
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
                rc = pp_error_set(PP_EINVALID,
                                  "refusing a redirect from "
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
        rc = pp_error_set(PP_EINVALID,
                          "refusing a redirect to '%s': "
                          "redirects may lead to http and https only",
                          shown ? shown : "?");
    else if (!strcmp(scheme, "file"))
        rc = pp_error_set(PP_EINVALID,
                          "refusing '%s': file URLs need "
                          "--allow-file",
                          shown ? shown : "?");
    else
        rc = pp_error_set(PP_EINVALID,
                          "refusing '%s': only http and https "
                          "URLs are fetched",
                          shown ? shown : "?");
    free(shown);
    return rc;
}

static int rewind_sink(struct sink *s)
{
    if (ftruncate(s->fd, 0) < 0 || lseek(s->fd, 0, SEEK_SET) < 0)
        return pp_error_set(PP_EIO, "cannot reset the download file: %s",
                            strerror(errno));
    s->got = s->asked = s->now = s->total = 0;
    pp_sha256_free(s->md);
    s->md = NULL;
    return pp_sha256_new(&s->md);
}

/* The stall rule: how the window of the request in progress went. */
struct stall {
    long ms;              /* the window */
    long long min;        /* bytes a window must bring */
    struct timespec from; /* when the window began */
    long long base;       /* the bytes received before it */
    long long got;        /* when it ended the transfer: bytes in it */
    double secs;          /* ... and its length */
    int hit;              /* the rule ended the transfer */
};

/* The message of a failed request of `url`. */
static int perform_failed(const struct sink *s, const struct stall *st,
                          CURLcode cc, const char *errbuf, const char *url,
                          long timeout_ms)
{
    char *shown = pp_fetch_redact(url);
    const char *u = shown ? shown : "?";
    int rc;
    if (s->too_big || cc == CURLE_FILESIZE_EXCEEDED)
        rc = pp_error_set(PP_ETOOBIG,
                          "'%s': the body exceeds the limit of "
                          "%lld bytes (--max-size); nothing was kept",
                          u, s->max);
    else if (cc == CURLE_ABORTED_BY_CALLBACK && st && st->hit)
        rc = pp_error_set(PP_EIO,
                          "'%s': stalled: received %lld bytes in %.1f s, "
                          "fewer than %lld (--stall %.3g s, --stall-bytes); "
                          "nothing was kept",
                          u, st->got, st->secs, st->min,
                          (double)st->ms / 1000.0);
    else if (cc == CURLE_ABORTED_BY_CALLBACK || s->stopped)
        rc = pp_error_set(PP_EIO, "'%s': interrupted; nothing was kept", u);
    else if (s->write_errno)
        rc = pp_error_set(PP_EIO, "'%s': cannot write the download: %s", u,
                          strerror(s->write_errno));
    else if (cc == CURLE_OPERATION_TIMEDOUT)
        rc = pp_error_set(PP_EIO, "'%s': timed out (%s; --timeout %.3g s)", u,
                          errbuf[0] ? errbuf : curl_easy_strerror(cc),
                          (double)timeout_ms / 1000.0);
    else
        rc = pp_error_set(PP_EIO, "'%s': %s", u,
                          errbuf[0] ? errbuf : curl_easy_strerror(cc));
    free(shown);
    return rc;
}

/* One download: the handle, the body's sink and the limits of all hops. */
struct transfer {
    struct sink s;
    struct stall stall;
    const pp_fetch_opts *o;
    int hop;         /* the request in progress */
    int reach;       /* the lowest class connected to so far (3: none) */
    int refused;     /* the class of an address refused, or -1 */
    char ip[64];     /* ... that address */
    long timeout_ms; /* the whole transfer, across hops */
    struct timespec start;
    char errbuf[CURL_ERROR_SIZE];
};

/* Refuse an address of class `c` (its text `ip`) for a redirect that
 * would lead inward: 1 refused (kept for the message), 0 allowed. */
static int inward(struct transfer *t, int c, const char *ip)
{
    if (t->hop == 0 || t->o->allow_private || c <= t->reach)
        return 0;
    t->refused = c;
    snprintf(t->ip, sizeof t->ip, "%s", ip);
    return 1;
}

/* libcurl's open-socket callback: every address a request connects to,
 * before anything is sent. */
static curl_socket_t on_open(void *ud, curlsocktype purpose,
                             struct curl_sockaddr *a)
{
    struct transfer *t = ud;
    char ip[INET6_ADDRSTRLEN] = "?";
    int c = PP_ADDR_PUBLIC;
    (void)purpose;
    if (a->family == AF_INET) {
        const struct sockaddr_in *in = (const void *)&a->addr;
        inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip);
        c = class_v4((const unsigned char *)&in->sin_addr);
    } else if (a->family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const void *)&a->addr;
        inet_ntop(AF_INET6, &in6->sin6_addr, ip, sizeof ip);
        c = class_v6(in6->sin6_addr.s6_addr);
    }
    if (inward(t, c, ip))
        return CURL_SOCKET_BAD;
    return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

/* The refusal of a redirect to `url` that led inward. */
static int refuse_inward(const struct transfer *t, const char *url)
{
    char *shown = pp_fetch_redact(url);
    int rc = pp_error_set(PP_EINVALID,
                          "refusing a redirect from %s to %s (%s, '%s'); "
                          "--allow-private allows it",
                          class_name(t->reach), class_name(t->refused), t->ip,
                          shown ? shown : "?");
    free(shown);
    return rc;
}

/* Before hop `url` is requested: refused when its host is a numeric
 * address that leads inward (through a proxy, the only check there is). */
static int check_inward(struct transfer *t, const char *url)
{
    CURLU *u = curl_url();
    char *host = NULL;
    int c = -1;
    if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK)
        c = pp_addr_class_of(host);
    if (c >= 0 && inward(t, c, host)) {
        curl_free(host);
        curl_url_cleanup(u);
        return refuse_inward(t, url);
    }
    curl_free(host);
    curl_url_cleanup(u);
    return 0;
}

/* libcurl's progress, at least once a second: handed to the caller, who
 * may ask to stop, and the stall rule, window after window. */
static int on_progress(void *ud, curl_off_t dltotal, curl_off_t dlnow,
                       curl_off_t ultotal, curl_off_t ulnow)
{
    struct transfer *t = ud;
    struct stall *st = &t->stall;
    double secs = seconds_since(&st->from);
    (void)ultotal;
    (void)ulnow;
    t->s.now = (long long)dlnow;
    t->s.total = (long long)dltotal;
    if (t->o->progress && t->o->progress((long long)dlnow, (long long)dltotal,
                                         t->o->progress_ud) != 0)
        return 1;
    if (secs * 1000.0 < (double)st->ms)
        return 0;
    if ((long long)dlnow - st->base < st->min) {
        st->got = (long long)dlnow - st->base;
        st->secs = secs;
        st->hit = 1;
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &st->from);
    st->base = (long long)dlnow;
    return 0;
}

static int transfer_init(struct transfer *t, const pp_fetch_opts *o, int fd)
{
    memset(t, 0, sizeof *t);
    t->o = o;
    t->s.fd = fd;
    t->s.o = o;
    t->reach = 3;
    t->s.max = o->max_bytes > 0 ? o->max_bytes : PP_FETCH_DEFAULT_MAX_BYTES;
    t->stall.ms = or_default(o->stall_ms, PP_FETCH_DEFAULT_STALL_MS);
    t->stall.min =
        o->stall_bytes > 0 ? o->stall_bytes : PP_FETCH_DEFAULT_STALL_BYTES;
    t->timeout_ms = or_default(o->timeout_ms, PP_FETCH_DEFAULT_TIMEOUT_MS);
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        return pp_error_set(PP_ERROR, "cannot initialise libcurl");
    t->s.h = curl_easy_init();
    if (!t->s.h || pp_sha256_new(&t->s.md) < 0)
        return pp_error_set(PP_ENOMEM, "out of memory");
    clock_gettime(CLOCK_MONOTONIC, &t->start);
    return 0;
}

static void transfer_dispose(struct transfer *t)
{
    pp_sha256_free(t->s.md);
    if (t->s.h)
        curl_easy_cleanup(t->s.h);
}

/* Set the handle up for one request of `url`, the `hop`th of the
 * transfer, with `left_ms` of the whole timeout left. */
static void set_request(struct transfer *t, const char *url, int hop,
                        long left_ms)
{
    CURL *h = t->s.h;
    const pp_fetch_opts *o = t->o;
    curl_easy_reset(h);
    t->errbuf[0] = '\0';
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR,
                     hop == 0 && o->allow_file ? "http,https,file"
                                               : "http,https");
    curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS,
                     or_default(o->connect_timeout_ms,
                                PP_FETCH_DEFAULT_CONNECT_MS));
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, left_ms);
    curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)t->s.max);
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(h, CURLOPT_USERAGENT, "passport-source-fetch/1");
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, t->errbuf);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &t->s);
    curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, on_open);
    curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, t);
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, t);
    t->stall.base = 0;
    t->stall.hit = 0;
    clock_gettime(CLOCK_MONOTONIC, &t->stall.from);
}

/* One request of `url` (the `hop`th), its body written to the sink from
 * the start: 0 and the response's status in *code, or the failure. */
static int request(struct transfer *t, const char *url, int hop, long *code)
{
    long left = t->timeout_ms - (long)(seconds_since(&t->start) * 1000.0);
    CURLcode cc;
    int rc;
    if ((rc = rewind_sink(&t->s)) < 0)
        return rc;
    if (left <= 0)
        return perform_failed(&t->s, NULL, CURLE_OPERATION_TIMEDOUT, "", url,
                              t->timeout_ms);
    t->hop = hop;
    t->refused = -1;
    if ((rc = check_inward(t, url)) < 0)
        return rc;
    set_request(t, url, hop, left);
    cc = curl_easy_perform(t->s.h);
    if (t->o->progress)
        t->o->progress(-1, 0, t->o->progress_ud);
    if (cc == CURLE_COULDNT_CONNECT && t->refused >= 0)
        return refuse_inward(t, url);
    if (cc != CURLE_OK)
        return perform_failed(&t->s, &t->stall, cc, t->errbuf, url,
                              t->timeout_ms);
    *code = 0;
    curl_easy_getinfo(t->s.h, CURLINFO_RESPONSE_CODE, code);
    {
        char *ip = NULL;
        int c;
        if (curl_easy_getinfo(t->s.h, CURLINFO_PRIMARY_IP, &ip) == CURLE_OK &&
            ip && (c = pp_addr_class_of(ip)) >= 0 && c < t->reach)
            t->reach = c;
    }
    return 0;
}

/* The target of the redirect `code` that answered `cur`, the `hop`th
 * request of the transfer of `url`: 0 and an owned *next, or PP_EIO (no
 * Location), PP_EINVALID (too many redirects), PP_ENOMEM. */
static int redirect_target(struct transfer *t, const char *url, const char *cur,
                           long code, int hop, char **next)
{
    char *loc = NULL, *shown;
    int rc;
    curl_easy_getinfo(t->s.h, CURLINFO_REDIRECT_URL, &loc);
    if (loc && hop < PP_FETCH_MAX_REDIRECTS) {
        if (!(*next = strdup(loc)))
            return pp_error_set(PP_ENOMEM, "out of memory");
        return 0;
    }
    shown = pp_fetch_redact(loc ? url : cur);
    if (!loc)
        rc = pp_error_set(PP_EIO, "'%s': HTTP %ld without a Location",
                          shown ? shown : "?", code);
    else
        rc = pp_error_set(PP_EINVALID, "'%s': more than %d redirects",
                          shown ? shown : "?", PP_FETCH_MAX_REDIRECTS);
    free(shown);
    return rc;
}

/* What the final response to `cur` was, after `hops` redirects. */
static int final_record(struct transfer *t, const char *cur, long code,
                        int hops, pp_fetch_result *out)
{
    char *eff = NULL, *ct = NULL;
    int rc;
    if (!kept_status(code)) {
        char *shown = pp_fetch_redact(cur);
        rc = pp_error_set(PP_EIO, "'%s': HTTP %ld; nothing was kept",
                          shown ? shown : "?", code);
        free(shown);
        return rc;
    }
    if ((rc = pp_sha256_final_hex(t->s.md, out->sha256)) < 0)
        return rc;
    out->status = code;
    out->size = t->s.got;
    out->redirects = hops;
    if (curl_easy_getinfo(t->s.h, CURLINFO_EFFECTIVE_URL, &eff) != CURLE_OK)
        eff = NULL;
    out->final_url = pp_fetch_redact(eff ? eff : cur);
    curl_easy_getinfo(t->s.h, CURLINFO_CONTENT_TYPE, &ct);
    out->content_type = ct ? strdup(ct) : NULL;
    if (!out->final_url || (ct && !out->content_type)) {
        pp_fetch_result_dispose(out);
        return pp_error_set(PP_ENOMEM, "out of memory");
    }
    return 0;
}

int pp_fetch_to_fd(const char *url, const pp_fetch_opts *o, int fd,
                   pp_fetch_result *out)
{
    static const pp_fetch_opts defaults = PP_FETCH_OPTS_INIT;
    struct transfer t;
    char *cur = NULL, *prev = NULL;
    long code = 0;
    int rc, hop;

    memset(out, 0, sizeof *out);
    if ((rc = transfer_init(&t, o ? o : &defaults, fd)) < 0)
        goto done;
    if (!(cur = strdup(url))) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    for (hop = 0;; hop++) {
        char *next = NULL;
        if ((rc = check_hop(cur, prev, t.o->allow_file)) < 0 ||
            (rc = request(&t, cur, hop, &code)) < 0)
            goto done;
        if (code < 300 || code >= 400)
            break;
        if ((rc = redirect_target(&t, url, cur, code, hop, &next)) < 0)
            goto done;
        free(prev);
        prev = cur;
        cur = next;
    }
    rc = final_record(&t, cur, code, hop, out);
done:
    free(cur);
    free(prev);
    transfer_dispose(&t);
    return rc;
}
