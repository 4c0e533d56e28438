/*
 * who.c - who and when: the author and committer of new commits (from
 * --author, the environment or git config) and the dates they carry,
 * with the date syntax that --at shares.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/error.h"
#include "../core/banned.h"

static int days_from_civil(int y, int m, int d)
{
    y -= m <= 2;
    int era = (y >= 0 ? y : y - 399) / 400;
    int yoe = y - era * 400;
    int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int pp_who_parse_date(const char *s, long long *out, int *date_only)
{
    int y, mo, d, h = 0, mi = 0, se = 0, n = 0;
    size_t len = strlen(s);

    if (len < 10 || sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 ||
        n != 10 || mo < 1 || mo > 12 || d < 1 || d > 31)
        return -1;
    *date_only = len == 10;
    if (len > 10) {
        const char *t = s + 10;
        int m2 = 0;
        if ((*t != 'T' && *t != ' ') ||
            sscanf(t + 1, "%2d:%2d%n", &h, &mi, &m2) != 2)
            return -1;
        t += 1 + m2;
        if (*t == ':') {
            int m3 = 0;
            if (sscanf(t + 1, "%2d%n", &se, &m3) != 1)
                return -1;
            t += 1 + m3;
        }
        if (*t == 'Z')
            t++;
        if (*t || h > 23 || mi > 59 || se > 60)
            return -1;
    }
    *out =
        (long long)days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
    return 0;
}

static int sig_time(const char *env, git_time_t *when, int *offset)
{
    const char *s = getenv(env);
    long long t;
    int date_only;
    *offset = 0;
    if (!s || !*s) {
        *when = (git_time_t)time(NULL);
        return 0;
    }
    if (s[0] == '@') {
        char *end;
        t = strtoll(s + 1, &end, 10);
        if (end == s + 1)
            return pp_error_set(PP_EUSAGE, "%s: bad date '%s'", env, s);
        while (*end == ' ')
            end++;
        if (*end == '+' || *end == '-') {
            int hhmm = (int)strtol(end + 1, NULL, 10);
            *offset = (hhmm / 100 * 60 + hhmm % 100) * (*end == '-' ? -1 : 1);
        }
        *when = (git_time_t)t;
        return 0;
    }
    if (pp_who_parse_date(s, &t, &date_only) < 0)
        return pp_error_set(PP_EUSAGE,
                            "%s: bad date '%s' (expected "
                            "'@SECONDS' or 'YYYY-MM-DDTHH:MM:SSZ')",
                            env, s);
    *when = (git_time_t)t;
    return 0;
}

static int parse_author(const char *s, pp_buf *name, pp_buf *email)
{
    const char *lt = strchr(s, '<'), *gt = lt ? strchr(lt, '>') : NULL;
    const char *end = lt;
    if (!lt || !gt || gt[1] != '\0')
        return pp_error_set(PP_EUSAGE,
                            "--author: expected 'Name <email>', "
                            "got '%s'",
                            s);
    while (end > s && end[-1] == ' ')
        end--;
    if (end == s)
        return pp_error_set(PP_EUSAGE, "--author: the name is empty in '%s'",
                            s);
    pp_buf_put(name, s, (size_t)(end - s));
    pp_buf_put(email, lt + 1, (size_t)(gt - lt - 1));
    return 0;
}

int pp_who_new(pp_who **out, pp_reg *r, const char *author)
{
    pp_buf name = PP_BUF_INIT, email = PP_BUF_INIT;
    pp_buf cname = PP_BUF_INIT, cemail = PP_BUF_INIT;
    git_signature *def = NULL;
    git_time_t at, ct;
    int aoff, coff, rc;
    pp_who *w;

    *out = NULL;
    pp_store_init();
    if (author) {
        if ((rc = parse_author(author, &name, &email)) < 0)
            goto done;
    } else if (getenv("GIT_AUTHOR_NAME") && getenv("GIT_AUTHOR_EMAIL")) {
        pp_buf_puts(&name, getenv("GIT_AUTHOR_NAME"));
        pp_buf_puts(&email, getenv("GIT_AUTHOR_EMAIL"));
    } else {
        git_config *cfg = NULL;
        int grc = r ? git_signature_default(&def, r->repo) : -1;
        if (grc < 0 && git_config_open_default(&cfg) == 0) {
            git_buf n = GIT_BUF_INIT, e = GIT_BUF_INIT;
            if (git_config_get_string_buf(&n, cfg, "user.name") == 0 &&
                git_config_get_string_buf(&e, cfg, "user.email") == 0)
                grc = git_signature_now(&def, n.ptr, e.ptr);
            git_buf_dispose(&n);
            git_buf_dispose(&e);
            git_config_free(cfg);
        }
        if (grc < 0) {
            rc = pp_error_set(PP_EUSAGE,
                              "no author: pass --author "
                              "'Name <email>', set GIT_AUTHOR_NAME and "
                              "GIT_AUTHOR_EMAIL, or git config user.name "
                              "and user.email");
            goto done;
        }
        pp_buf_puts(&name, def->name);
        pp_buf_puts(&email, def->email);
    }
    if (getenv("GIT_COMMITTER_NAME") && getenv("GIT_COMMITTER_EMAIL")) {
        pp_buf_puts(&cname, getenv("GIT_COMMITTER_NAME"));
        pp_buf_puts(&cemail, getenv("GIT_COMMITTER_EMAIL"));
    } else {
        pp_buf_puts(&cname, name.ptr);
        pp_buf_puts(&cemail, email.ptr);
    }
    if ((rc = sig_time("GIT_AUTHOR_DATE", &at, &aoff)) < 0 ||
        (rc = sig_time("GIT_COMMITTER_DATE", &ct, &coff)) < 0)
        goto done;
    if (!getenv("GIT_COMMITTER_DATE") && getenv("GIT_AUTHOR_DATE"))
        ct = at, coff = aoff;
    w = calloc(1, sizeof(*w));
    if (!w) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto done;
    }
    if (git_signature_new(&w->author, name.ptr, email.ptr, at, aoff) < 0 ||
        git_signature_new(&w->committer, cname.ptr, cemail.ptr, ct, coff) < 0) {
        rc = pp_store_fail(-1, "bad author");
        pp_who_free(w);
        goto done;
    }
    *out = w;
    rc = 0;
done:
    git_signature_free(def);
    pp_buf_dispose(&name);
    pp_buf_dispose(&email);
    pp_buf_dispose(&cname);
    pp_buf_dispose(&cemail);
    return rc;
}

void pp_who_free(pp_who *w)
{
    if (!w)
        return;
    git_signature_free(w->author);
    git_signature_free(w->committer);
    free(w);
}
