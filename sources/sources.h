/*
 * sources.h - the evidence behind the facts: fetch a source with libcurl
 * into a content-addressed cache kept with the registry, reduce it to text
 * and find the quotes facts rest on (docs/SOURCES.md).
 *
 * Everything fetched is untrusted data: the fetcher allows http and https
 * only (file:// only when asked, and never through a redirect), follows at
 * most a few redirects itself and refuses a downgrade from https, bounds
 * the body, the connection time, the whole transfer and a stalled one, and
 * writes the body to a temporary file that enters the cache only when the
 * transfer succeeded.  A fetched body is never executed and never becomes a
 * passport.
 */
#ifndef PP_SOURCES_H
#define PP_SOURCES_H
#include <stddef.h>
#include <cjson/cJSON.h>
#include "../core/buf.h"

/* ---- fetching --------------------------------------------------------- */

#define PP_FETCH_DEFAULT_MAX_BYTES (50LL * 1024 * 1024)
#define PP_FETCH_DEFAULT_CONNECT_MS 10000L
#define PP_FETCH_DEFAULT_TIMEOUT_MS 300000L
#define PP_FETCH_DEFAULT_STALL_MS 30000L
#define PP_FETCH_DEFAULT_STALL_BYTES 1024LL
#define PP_FETCH_MAX_REDIRECTS 5

/* The progress of a transfer, for a caller that shows it or may stop it:
 * called often while a request runs (at least once a second, and once a
 * MiB of decoded body), with the body bytes received so far (`now`) and
 * the size announced (`total`, 0 when unknown), and once with now = -1
 * when the request has ended (each redirect is a request of its own).
 * pp_cache_fetch() also calls it in the steps after the request, each
 * ended with -1: while it puts the body on disk, once each 4 MiB synced
 * (`now` the bytes synced, `total` the body's size); while it makes the
 * text of the body, once a MiB (`now` the bytes of the body read,
 * `total` its size); and while it puts the text on disk, as the body.
 * `ud` is pp_fetch_opts.progress_ud.  A non-zero return stops the
 * transfer, which then fails with PP_EIO ("interrupted"); the return of
 * the call at the end is ignored. */
typedef int (*pp_fetch_progress_fn)(long long now, long long total, void *ud);

typedef struct pp_fetch_opts {
    int allow_file;          /* accept a file:// URL (never in a redirect) */
    int allow_private;       /* follow redirects inward (pp_addr_class) */
    long long max_bytes;     /* body limit (<= 0: the default, 50 MiB) */
    long connect_timeout_ms; /* <= 0: the default */
    long timeout_ms;         /* the whole transfer; <= 0: the default */
    long stall_ms;           /* the stall window; <= 0: the default */
    long long stall_bytes;   /* abort when a window of stall_ms brings
                                fewer bytes; <= 0: the default (1 KiB) */
    pp_fetch_progress_fn progress; /* NULL: none */
    void *progress_ud;             /* borrowed; handed to progress */
} pp_fetch_opts;
#define PP_FETCH_OPTS_INIT                                                     \
    {                                                                          \
        0, 0, 0, 0, 0, 0, 0, NULL, NULL                                        \
    }

/* Set one field of `o` as the fetch options of a command line write it:
 * `name` "allow-file" or "allow-private" (`value` unused), "max-size" or
 * "stall-bytes"
 * (bytes, or with K, M or G, binary multiples: 1 byte to 4G),
 * "connect-timeout", "timeout" or
 * "stall" (seconds, a fraction allowed, up to 86400; kept in milliseconds,
 * rounded up).  0, PP_EUSAGE saying what value was expected, or
 * PP_ENOTFOUND for another name. */
int pp_fetch_opts_set(pp_fetch_opts *o, const char *name, const char *value);

/* Where an address is, seen from here: a redirect may not lead inward
 * from a host the transfer has been to (a public page may not send the
 * fetcher to this machine or to its network) unless allow_private. */
enum pp_addr_class {
    PP_ADDR_PUBLIC = 0, /* anything else */
    PP_ADDR_PRIVATE,    /* 10/8, 172.16/12, 192.168/16, 100.64/10 (shared),
                           169.254/16, 224/3 (multicast, reserved),
                           fc00::/7, fe80::/10, ff00::/8 */
    PP_ADDR_LOCAL       /* this machine: 127/8, 0/8, ::1, :: */
};

/* The class of the numeric address `ip` (IPv4 dotted, or IPv6 with or
 * without brackets; an IPv4-mapped ::ffff:a.b.c.d or NAT64 64:ff9b::/96
 * address is its IPv4 address), or -1 when `ip` is not an address. */
int pp_addr_class_of(const char *ip);

/* What a successful download was.  Caller-owned contents: release with
 * pp_fetch_result_dispose(). */
typedef struct pp_fetch_result {
    char *final_url;    /* owned; the URL after redirects, no credentials */
    char *content_type; /* owned; NULL when none was sent (file://) */
    long status;        /* HTTP status; 0 for file:// */
    long long size;     /* body bytes */
    int redirects;      /* redirects followed */
    char sha256[65];    /* hex digest of the body */
} pp_fetch_result;
void pp_fetch_result_dispose(pp_fetch_result *r);

/* Download `url` into the open, writable file `fd` (its previous content
 * is discarded).  Returns 0; PP_EINVALID for a refused URL or redirect
 * (protocol, downgrade, too many, inward: a redirect whose address, the
 * URL's when it is numeric and the one connected to either way, is of a
 * class above the lowest class connected to so far); PP_ETOOBIG when the body exceeds the
 * limit; PP_EIO for a network, HTTP (non-2xx), timeout or write failure,
 * or a transfer that o->progress stopped.  On failure `fd` may hold a
 * partial body: the caller discards it.  The message never contains
 * credentials. */
int pp_fetch_to_fd(const char *url, const pp_fetch_opts *o, int fd,
                   pp_fetch_result *out);

/* `url` without user name and password, for messages and metadata.
 * Returns a malloc'd string (caller frees) or NULL when out of memory. */
char *pp_fetch_redact(const char *url);

/* ---- text ------------------------------------------------------------- */

enum pp_text_kind {
    PP_TEXT_NONE = 0, /* stored, but not searchable (PDF, images, ...) */
    PP_TEXT_PLAIN,    /* text/plain and other text/ types */
    PP_TEXT_HTML      /* text/html, application/xhtml+xml */
};

/* The kind of a body from its content type (may be NULL), else from the
 * URL's extension and the first bytes. */
enum pp_text_kind pp_text_kind_of(const char *content_type, const char *url,
                                  const char *body, size_t len);

/* Name of a kind: "text", "html" or "none". */
const char *pp_text_kind_name(enum pp_text_kind k);

/* Reduce `body` to UTF-8 text into `out` (appending): HTML through
 * libxml2's HTML parser with scripts and styles dropped, entities decoded
 * and block elements on lines of their own; plain text as is, with
 * invalid UTF-8 replaced (or read as Latin-1 when the content type says
 * so).  Returns 0, PP_EUSAGE for PP_TEXT_NONE, PP_ENOMEM. */
int pp_text_extract(pp_buf *out, enum pp_text_kind kind, const char *body,
                    size_t len, const char *content_type);

/* The same, piece by piece, in flat memory: a body of any size is handed
 * over in pieces of any size and its text comes out as it is made. */
typedef struct pp_text_stream pp_text_stream;

/* Start reducing a body of `kind` with `content_type` (may be NULL; read
 * now, not kept).  0 and a caller-owned *out (pp_text_stream_free),
 * PP_EUSAGE for PP_TEXT_NONE, PP_ENOMEM. */
int pp_text_stream_new(pp_text_stream **out, enum pp_text_kind kind,
                       const char *content_type);
/* The next `len` bytes of the body: the text they complete is appended to
 * `out` (a few bytes may wait for the next piece).  0 or PP_ENOMEM. */
int pp_text_stream_push(pp_text_stream *s, const char *p, size_t len,
                        pp_buf *out);
/* The body has ended: the rest of its text is appended to `out`. */
int pp_text_stream_end(pp_text_stream *s, pp_buf *out);
void pp_text_stream_free(pp_text_stream *s);

/* ---- quotes ----------------------------------------------------------- */

typedef struct pp_quote pp_quote;

/* Compile a quote for searching.  Matching ignores differences of
 * whitespace (any run of Unicode space, including none next to a digit,
 * so "15.5 T" finds "15.5T" and back) and of Unicode case.  Returns 0 and
 * a caller-owned *out (pp_quote_free), PP_EINVALID for an empty quote or
 * invalid UTF-8, PP_ETOOBIG beyond 2000 characters. */
int pp_quote_compile(pp_quote **out, const char *quote);
void pp_quote_free(pp_quote *q);

/* Search `text`, which must be valid UTF-8 (pp_cache_text() and
 * pp_text_extract() give only that): 1 found (the byte offset of the
 * match in *at, if not NULL), 0 not found, PP_ETOOBIG when the match
 * limit is hit, PP_ERROR. */
int pp_quote_find(const pp_quote *q, const char *text, size_t len, size_t *at);

/* The same, with the line of the match (counted from 1) in *line, 0 when
 * there is none. */
int pp_quote_find_line(const pp_quote *q, const char *text, size_t len,
                       size_t *line);

/* ---- the cache -------------------------------------------------------- */

typedef struct pp_cache pp_cache;

/* The cache of the registry at `reg_path` (its folder passport-sources/,
 * created when writable).  Caller-owned *out: pp_cache_free(). */
int pp_cache_open(pp_cache **out, const char *reg_path);
void pp_cache_free(pp_cache *c);
/* The cache folder.  Borrowed. */
const char *pp_cache_dir(const pp_cache *c);

/* Cache keys: "source/ID" for a source of the registry (PP_EINVALID when
 * ID is not a valid source id), "url/SHA256-OF-URL" for a bare URL. */
int pp_cache_key_source(pp_buf *key, const char *source_id);
int pp_cache_key_url(pp_buf *key, const char *url);

/* Fetch `url` under `key`: the body becomes blobs/SHA256 (kept as is when
 * that blob exists), its text text/SHA256.txt (made piece by piece from
 * the downloaded file, in flat memory, before either enters the cache),
 * and the metadata record meta/KEY.json is replaced last, atomically.  On
 * failure, or when o->progress stops it, nothing is added and the
 * previous record stays.  *meta (caller-owned) is the new record:
 * key, url, final_url, status, content_type, size, sha256, retrieved,
 * redirects, blob, text, text_kind, searchable; *new_blob says whether the
 * body was new to the cache.  Errors as pp_fetch_to_fd(), plus PP_EIO and
 * PP_EREADONLY for the cache itself. */
int pp_cache_fetch(pp_cache *c, const char *key, const char *url,
                   const pp_fetch_opts *o, cJSON **meta, int *new_blob);

/* The metadata record of `key`: 0 and a caller-owned *meta, or
 * PP_ENOTFOUND when nothing is cached under it. */
int pp_cache_meta(pp_cache *c, const char *key, cJSON **meta);

/* The record of source `source_id` (key "source/ID"): as pp_cache_meta(),
 * and PP_EINVALID when the id is not a source id. */
int pp_cache_source_meta(pp_cache *c, const char *source_id, cJSON **meta);

/* What pp_cache_get() did. */
enum pp_cache_got {
    PP_CACHE_KEPT = 0, /* cached from the same URL: kept, not fetched */
    PP_CACHE_NEW,      /* fetched: a body new to the cache */
    PP_CACHE_SAME      /* fetched: a body the cache had already */
};

/* The record of `key` for `url`: the one cached, when it was fetched from
 * the same URL (credentials aside) and `force` is 0, else a new fetch
 * (pp_cache_fetch).  0, a caller-owned *meta and what was done in *got;
 * errors as pp_cache_fetch(). */
int pp_cache_get(pp_cache *c, const char *key, const char *url, int force,
                 const pp_fetch_opts *o, cJSON **meta, enum pp_cache_got *got);

/* The line that says what pp_cache_get() did with record `meta` of
 * `what` (a source id), appended to `out`: "ID: cached RETRIEVED (sha256
 * PREFIX); --force fetches again", or "ID: fetched FINAL-URL (HTTP 200,
 * TYPE, N bytes, sha256 PREFIX, searchable)" and " unchanged" when the
 * body was in the cache already.  0 or PP_ENOMEM. */
int pp_cache_got_text(pp_buf *out, const char *what, const cJSON *meta,
                      enum pp_cache_got got);

/* The searchable text of a record into `out`: 0, PP_EINVALID when the
 * body is not searchable, PP_ENOTFOUND/PP_EIO when the text is missing. */
int pp_cache_text(pp_cache *c, const cJSON *meta, pp_buf *out);

/* ---- sources and quotes of passports (collect.c) ------------------------ */

/* Append to `out` (an array) one object per source of `passport`:
 * {"id", "kind", "priority", "title", "url"?, "passport"}.  Borrowed
 * input; 0 or PP_ENOMEM. */
int pp_sources_of(const cJSON *passport, cJSON *out);

/* Append to `out` one object per quote `passport` carries (in evidence,
 * supports and via): {"passport", "pointer", "source", "section",
 * "quote"}.  0 or PP_ENOMEM. */
int pp_sources_quotes(const cJSON *passport, cJSON *out);

/* ---- the sources of a registry (list.c) --------------------------------- */

/* Every source the `n` passport documents `docs` cite (borrowed,
 * validated; only passport `only` when not NULL), merged by id: an object
 * id -> {"id", "kind", "priority", "title", "url"?, "passports": [ids],
 * "conflict": true when passports give it different URLs}, members in id
 * order.  The first passport's description wins; a URL comes from the
 * first passport that has one.  0 and a caller-owned *out, or
 * PP_ENOMEM. */
int pp_sources_merge(const cJSON *const *docs, size_t n, const char *only,
                     cJSON **out);

/* The sources the `n` passport documents `docs` cite (only passport
 * `only`), merged (pp_sources_merge), with their cache state:
 * {"sources": [each source with "cache": its record, or null]}.  A
 * damaged record counts as none.  0 and a caller-owned *out, or
 * PP_ENOMEM. */
int pp_sources_list(pp_cache *c, const cJSON *const *docs, size_t n,
                    const char *only, cJSON **out);

/* `list` (pp_sources_list) as a table: {"columns": [source, kind,
 * priority, cache, url], "rows": [[...]]}, the cache column "cached DAY
 * SHA256-PREFIX", "not cached" or "not cached (no URL)".  0 and a
 * caller-owned *out. */
int pp_sources_table(const cJSON *list, cJSON **out);

/* What is known of source `id`: what the `n` passport documents `docs`
 * say of it (pp_sources_merge; {"id"} alone when none cites it) with
 * "cache": its record plus "blob_path" and, when searchable, "text_path",
 * or null.  0 and a caller-owned *out; PP_ENOTFOUND when no passport
 * cites it and nothing is cached under it, PP_EINVALID for a bad id or a
 * damaged record. */
int pp_sources_show(pp_cache *c, const cJSON *const *docs, size_t n,
                    const char *id, cJSON **out);

/* Bring source `id` into the cache (pp_cache_get, key "source/ID"): from
 * `url`, or when NULL from the URL the passports give it (`merged`, from
 * pp_sources_merge).  0, a caller-owned *meta and *got; PP_EUSAGE when no
 * passport cites `id` or it has no URL (nothing was fetched); the errors
 * of pp_cache_get() otherwise. */
int pp_sources_fetch(pp_cache *c, const cJSON *merged, const char *id,
                     const char *url, int force, const pp_fetch_opts *o,
                     cJSON **meta, enum pp_cache_got *got);

/* `shown` (pp_sources_show) for people, appended to `out`: one "name:
 * value" line each for the source, its citations and its cache record. */
int pp_sources_show_text(pp_buf *out, const cJSON *shown);

/* ---- checking quotes against the cache (check.c) ------------------------ */

/* The outcome of pp_sources_check().  Caller-owned contents: release with
 * pp_quote_check_dispose(). */
typedef struct pp_quote_check {
    cJSON *report;  /* owned: {"quotes": [...], "pins": [...], "summary":
                       {"found", "missing", "unchecked", "pins_unchanged",
                       "changed", "pins_unchecked"}}, the JSON form */
    cJSON *sources; /* owned: id -> {"count", "reason"} of every source
                       whose text could not be had, in the order met */
    int found, missing, unchecked;
    int pins_same;      /* pinned sources whose cached body is the pinned one */
    int changed;        /* ... whose cached body differs from the pin */
    int pins_unchecked; /* ... not cached */
} pp_quote_check;
void pp_quote_check_dispose(pp_quote_check *r);

/* Look for every quote of the `n` passport documents `docs` (borrowed;
 * only passport `only` when not NULL) in the cached text of its source.
 * Each quote of the report is {"passport", "pointer", "source",
 * "section", "quote", "status"}, status "found" (with the "line" of the
 * text), "missing", or "unchecked" (with a "reason": the source is not
 * cached or not searchable, or the quote cannot be searched for).
 * Unchecked is never found.  Each pinned source of a passport (its
 * "pin", written by pp_sources_pin) is compared with the SHA-256 of the
 * body cached for it: "pins" holds {"passport", "source", "pinned",
 * "date", "status"} with status "same" or "changed" (with "now" and
 * "retrieved" of the cached record) or "unchecked" (with a "reason": not
 * cached).  0 and *out filled (zeroed first), or PP_ENOMEM. */
int pp_sources_check(pp_cache *c, const cJSON *const *docs, size_t n,
                     const char *only, pp_quote_check *out);

/* `r` for people, appended to `out`: one line per missing quote and per
 * quote that could not be searched for, one per source whose quotes are
 * unchecked, then "N quotes: F found, M missing, U unchecked"; then one
 * line per pinned source that changed ("ID: error: source 'S' changed
 * since pinned on DATE: pinned sha256 PREFIX, now PREFIX
 * [source-changed]") and, when there are pins, "N pins: S unchanged, C
 * changed, U unchecked". */
int pp_quote_check_text(pp_buf *out, const pp_quote_check *r);

/* ---- pinning the text quotes were checked against (pin.c) --------------- */

/* Pin sources of passport document `doc` (borrowed, validated) to the
 * version cached for them: each of the `n` source ids `sids`, or when n
 * is 0 every source of the passport that is cached.  A source is pinned
 * only when every quote the passport takes from it is found in its
 * cached text (pp_sources_check); its pin is {"sha256": the SHA-256 of
 * the cached body, "date": the day (UTC) it was fetched}; a pin of the
 * same body is kept as it is.  0, a caller-owned *out (a copy of `doc`
 * with the pins written) and *report (caller-owned: [{"source", "status":
 * "pinned", "unchanged" or "not cached", "sha256"?, "date"?}]);
 * PP_ENOTFOUND when a named source is not cited by the passport or not
 * cached, PP_EINVALID when a quote of a source to pin is missing or
 * unchecked (the message names it); nothing is pinned then; PP_ENOMEM. */
int pp_sources_pin(pp_cache *c, const cJSON *doc, const char *const *sids,
                   size_t n, cJSON **out, cJSON **report);

/* `report` of pp_sources_pin() for passport `passport`, appended to
 * `out`: "S: pinned sha256 PREFIX on DATE (ID)", "S: already pinned ...",
 * or "S: not cached, not pinned".  0 or PP_ENOMEM. */
int pp_sources_pin_text(pp_buf *out, const char *passport, const cJSON *report);

/* The answer of pp_sources_quote_fetch() and _search().  Caller-owned contents: release with
 * pp_quote_answer_dispose(). */
typedef struct pp_quote_answer {
    char *url;          /* owned: the URL asked for, without credentials */
    cJSON *meta;        /* owned: the record of the URL */
    char *unsearchable; /* owned: why its text cannot be searched (as
                           pp_cache_text() says), or NULL */
    int found;          /* the quote occurs in the text */
    size_t line;        /* where, counted from 1 */
} pp_quote_answer;
void pp_quote_answer_dispose(pp_quote_answer *a);

/* Whether a quote occurs in the text of `url` (`passport source quote`),
 * in two steps, so that a caller may let a signal end the process once
 * the first is done (the second writes nothing).  First its record (key
 * "url/SHA256-OF-URL") is fetched unless cached (pp_cache_get with
 * `force` and `o`): 0 and *out (zeroed first, url and meta set), or the
 * errors of pp_cache_get() with *out empty. */
int pp_sources_quote_fetch(pp_cache *c, const char *url, int force,
                           const pp_fetch_opts *o, pp_quote_answer *out);

/* ... then the text of a->meta is searched for `q`: 0 with a->found and
 * a->line set, or a->unsearchable when there is no text to search; the
 * errors of pp_quote_find() otherwise (*a stays the caller's to
 * dispose). */
int pp_sources_quote_search(pp_cache *c, const pp_quote *q, pp_quote_answer *a);

/* The answer for people, appended to `out`: "found in FINAL-URL (line N
 * of its text, sha256 PREFIX)" or "not found in FINAL-URL (sha256
 * PREFIX)".  0 or PP_ENOMEM. */
int pp_quote_answer_text(pp_buf *out, const pp_quote_answer *a);

#endif
