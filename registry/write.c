/*
 * write.c - changing the registry: validate every file first, then one
 * commit on the tip, and the branch moved by compare-and-swap; a race
 * with another writer is retried on the new tip unless it touched the
 * same passports.  Nothing invalid or half-made is ever committed.
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../schema/passport.h"
#include "../core/banned.h"

#define PUT_RETRIES 8

static void commit_hex(const git_oid *oid, pp_buf *out)
{
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof(hex), oid);
    pp_buf_puts(out, hex);
}

/* Do the writes change anything at `tip`? */
static int changes_anything(pp_reg *r, const git_oid *tip, int unborn,
                            const pp_write *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pp_buf cur = PP_BUF_INIT;
        int rc =
            unborn ? PP_ENOTFOUND : pp_store_read_at(r, tip, w[i].id, &cur);
        int same = (rc == PP_ENOTFOUND && !w[i].text) ||
                   (rc == 0 && w[i].text && strcmp(cur.ptr, w[i].text) == 0);
        pp_buf_dispose(&cur);
        if (rc < 0 && rc != PP_ENOTFOUND)
            return rc;
        if (!same)
            return 1;
    }
    return 0;
}

/* Commit `w` on the tip and move the branch by compare-and-swap.  On a
 * race, retry on the new tip unless the other writer touched one of our
 * passports: then fail, and nothing of ours is committed. */
static int commit_writes(pp_reg *r, const pp_write *w, size_t n,
                         const char *message, const pp_who *who,
                         pp_buf *commit_out)
{
    git_oid tip, commit;
    int unborn, rc;

    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    if ((rc = changes_anything(r, &tip, unborn, w, n)) <= 0)
        return rc; /* 0: nothing to commit */
    /* Never a commit its index update cannot follow. */
    if ((rc = pp_index_writable(r)) < 0)
        return rc;
    for (int attempt = 0; attempt < PUT_RETRIES; attempt++) {
        git_oid newtip;
        int unborn2;
        pp_change *ch = NULL;
        size_t nch = 0;

        rc = pp_store_commit(r, unborn ? NULL : &tip, NULL, w, n, who->author,
                             who->committer, message, &commit);
        if (rc < 0)
            return rc;
        rc = pp_store_move_branch(r, unborn ? NULL : &tip, &commit, message);
        if (rc != PP_ECONFLICT)
            break;
        /* Someone else moved the branch: see what they changed. */
        if ((rc = pp_store_tip(r, &newtip, &unborn2)) < 0)
            return rc;
        if ((rc = pp_store_changes(r, unborn ? NULL : &tip, &newtip, &ch,
                                   &nch)) < 0)
            return rc;
        for (size_t i = 0; i < nch; i++) {
            for (size_t k = 0; k < n; k++) {
                if (strcmp(ch[i].id, w[k].id) == 0) {
                    char hex[GIT_OID_HEXSZ + 1];
                    git_oid_tostr(hex, sizeof(hex), &newtip);
                    free(ch);
                    return pp_error_set(PP_ECONFLICT,
                                        "passport '%s' was "
                                        "changed by another writer meanwhile "
                                        "(registry now at %.12s); nothing "
                                        "was committed: review and retry",
                                        w[k].id, hex);
                }
            }
        }
        free(ch);
        tip = newtip;
        unborn = unborn2;
        rc = PP_ECONFLICT;
    }
    if (rc == PP_ECONFLICT)
        return pp_error_set(PP_ECONFLICT, "the registry kept changing under "
                                          "us; nothing was committed: retry");
    if (rc < 0)
        return rc;
    commit_hex(&commit, commit_out);
    pp_store_crashpoint("put-before-index");
    /* The commit is in; an index update failing now (the disk filled
     * meanwhile) is caught up by the next command. */
    pp_index_follow(r, "committed");
    return 0;
}

/* What is valid to read but not to write: a passport of an older format
 * (schema/README.md, "Format versions") or a lead (import --as-leads),
 * which is not a curated passport.  0, or PP_EINVALID with the reason in
 * `diags`, or PP_ENOMEM. */
static int refuse_unwritable(const pp_passport *p, const char *file,
                             pp_diags *diags)
{
    pp_buf ptr = PP_BUF_INIT;
    const char *sid = NULL;
    int rc;

    if (pp_passport_format(p) < PP_PASSPORT_FORMAT) {
        pp_diags_add(diags, PP_SEV_ERROR, file, "/format",
                     "passport %s is format %d; the registry writes format "
                     "%d: give each number of a claim's text as one of its "
                     "quantities and set \"format\": %d (schema/README.md, "
                     "Format versions)",
                     pp_passport_id(p), pp_passport_format(p),
                     PP_PASSPORT_FORMAT, PP_PASSPORT_FORMAT);
        return PP_EINVALID;
    }
    rc = pp_passport_lead_evidence(pp_passport_json(p), &ptr, &sid);
    if (rc > 0) {
        pp_diags_add(diags, PP_SEV_ERROR, file, ptr.ptr,
                     "%s is a lead: it cites the discovery lead '%s' as "
                     "evidence; leads stay out of the registry (keep it "
                     "in leads/, as import --as-leads wrote it) until its "
                     "evidence is rewritten from the run's own sources",
                     pp_passport_id(p), sid);
        rc = PP_EINVALID;
    }
    pp_buf_dispose(&ptr);
    return rc;
}

static void default_message(pp_buf *msg, const char *verb, const pp_write *w,
                            size_t n)
{
    pp_buf_puts(msg, verb);
    for (size_t i = 0; i < n && i < 5; i++)
        pp_buf_printf(msg, "%s %s", i ? "," : "", w[i].id);
    if (n > 5)
        pp_buf_printf(msg, " and %zu more", n - 5);
    pp_buf_putc(msg, '\n');
}

static int put_writes(pp_reg *r, pp_write *w, size_t n, const char *message,
                      const pp_who *who, pp_buf *commit)
{
    pp_buf msg = PP_BUF_INIT;
    int rc;
    for (size_t i = 0; i < n; i++)
        for (size_t k = i + 1; k < n; k++)
            if (strcmp(w[i].id, w[k].id) == 0)
                return pp_error_set(PP_EUSAGE,
                                    "passport '%s' is given "
                                    "twice",
                                    w[i].id);
    if (message && *message)
        pp_buf_printf(&msg, "%s%s", message,
                      message[strlen(message) - 1] == '\n' ? "" : "\n");
    else
        default_message(&msg, "put", w, n);
    rc = commit_writes(r, w, n, msg.ptr, who, commit);
    pp_buf_dispose(&msg);
    return rc;
}

int pp_reg_put(pp_reg *r, const char *const *files, size_t n,
               const char *message, const pp_who *who, pp_diags *diags,
               pp_buf *commit)
{
    pp_write *w = calloc(n ? n : 1, sizeof(*w));
    size_t ok = 0;
    int rc = 0, invalid = 0;

    if (!w)
        return pp_error_set(PP_ENOMEM, "out of memory");
    /* Validate everything before writing anything. */
    for (size_t i = 0; i < n; i++) {
        pp_passport *p = NULL;
        pp_buf text = PP_BUF_INIT;
        int lr = pp_passport_load_file(&p, files[i], diags);
        if (lr < 0 && lr != PP_EINVALID && lr != PP_ETOOBIG &&
            lr != PP_ENOTFOUND && lr != PP_EIO) {
            /* not the file's fault (out of memory): say so, not "invalid" */
            rc = lr;
            goto release;
        }
        if (lr == 0 && (lr = refuse_unwritable(p, files[i], diags)) < 0 &&
            lr != PP_EINVALID) {
            rc = lr;
            pp_passport_free(p);
            goto release;
        }
        if (lr < 0) {
            pp_passport_free(p);
            if (lr != PP_EINVALID)
                pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s",
                             pp_error_last());
            invalid = 1;
            continue;
        }
        w[ok].id = strdup(pp_passport_id(p));
        if (!w[ok].id)
            rc = pp_error_set(PP_ENOMEM, "out of memory");
        else
            rc = pp_passport_canonical(pp_passport_json(p), &text);
        if (rc < 0) {
            /* nothing half-made is ever committed */
            free((char *)w[ok].id);
            pp_buf_dispose(&text);
            pp_passport_free(p);
            goto release;
        }
        w[ok].text = pp_buf_detach(&text);
        ok++;
        pp_passport_free(p);
    }
    if (invalid)
        rc = pp_error_set(PP_EINVALID,
                          "nothing was committed: %zu of %zu "
                          "file%s invalid",
                          n - ok, n, n == 1 ? " is" : "s are");
    else
        rc = put_writes(r, w, ok, message, who, commit);
release:
    for (size_t i = 0; i < ok; i++) {
        free((char *)w[i].id);
        free((char *)w[i].text);
    }
    free(w);
    return rc;
}

int pp_reg_put_text(pp_reg *r, const char *text, size_t len, const char *name,
                    const char *message, const pp_who *who, pp_diags *diags,
                    pp_buf *commit)
{
    pp_passport *p = NULL;
    pp_buf canon = PP_BUF_INIT;
    pp_write w;
    int rc = pp_passport_load_buffer(&p, text, len, name, NULL, diags);
    if (rc == 0 && (rc = refuse_unwritable(p, name, diags)) < 0) {
        pp_passport_free(p);
        return rc == PP_EINVALID ? pp_error_set(PP_EINVALID,
                                                "nothing was committed: "
                                                "%s cannot be written",
                                                name)
                                 : rc;
    }
    if (rc < 0)
        return rc;
    if ((rc = pp_passport_canonical(pp_passport_json(p), &canon)) < 0) {
        pp_passport_free(p);
        return rc;
    }
    w.id = pp_passport_id(p);
    w.text = canon.ptr;
    rc = put_writes(r, &w, 1, message, who, commit);
    pp_buf_dispose(&canon);
    pp_passport_free(p);
    return rc;
}

int pp_reg_rm(pp_reg *r, const char *id, const char *message, const pp_who *who,
              pp_buf *commit)
{
    git_oid tip;
    int unborn, rc;
    pp_buf cur = PP_BUF_INIT, msg = PP_BUF_INIT;
    pp_write w = {id, NULL};

    if ((rc = pp_store_tip(r, &tip, &unborn)) < 0)
        return rc;
    if (unborn || (rc = pp_store_read_at(r, &tip, id, &cur)) == PP_ENOTFOUND)
        return pp_error_set(PP_ENOTFOUND, "no passport '%s' in the registry",
                            id);
    pp_buf_dispose(&cur);
    if (rc < 0)
        return rc;
    if (message && *message)
        pp_buf_printf(&msg, "%s\n", message);
    else
        default_message(&msg, "rm", &w, 1);
    rc = commit_writes(r, &w, 1, msg.ptr, who, commit);
    pp_buf_dispose(&msg);
    return rc;
}
