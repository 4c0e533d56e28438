/*
 * history.c - the registry's history for people: the log of commits, the
 * field-level differences between two revisions (never a text diff) and
 * blame, the commit that set each current field.  The log and blame are
 * index lookups (index.c); a diff compares the fields of the blobs that
 * changed (fields.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/banned.h"

int pp_reg_log(pp_reg *r, const char *id, cJSON **out)
{
    return pp_index_log(r, id, out);
}

int pp_reg_diff(pp_reg *r, const char *rev1, const char *rev2, const char *id,
                cJSON **out)
{
    git_oid a, b;
    git_commit *cb = NULL;
    pp_change *ch = NULL;
    size_t n = 0;
    int rc, have_a = 1;
    cJSON *root = NULL, *changes;
    char ha[GIT_OID_HEXSZ + 1] = "", hb[GIT_OID_HEXSZ + 1];

    *out = NULL;
    if ((rc = pp_store_rev_commit(r, rev2 ? rev2 : PP_BRANCH, &b)) < 0)
        return rc;
    if (rev1) {
        if ((rc = pp_store_rev_commit(r, rev1, &a)) < 0)
            return rc;
    } else {
        if ((rc = git_commit_lookup(&cb, r->repo, &b)) < 0)
            return pp_store_fail(rc, "cannot read a commit");
        if (git_commit_parentcount(cb))
            a = *git_commit_parent_id(cb, 0);
        else
            have_a = 0;
        git_commit_free(cb);
    }
    if ((rc = pp_store_changes(r, have_a ? &a : NULL, &b, &ch, &n)) < 0)
        return rc;
    root = cJSON_CreateObject();
    if (have_a)
        git_oid_tostr(ha, sizeof(ha), &a);
    git_oid_tostr(hb, sizeof(hb), &b);
    cJSON_AddStringToObject(root, "from", ha);
    cJSON_AddStringToObject(root, "to", hb);
    changes = cJSON_AddArrayToObject(root, "changes");
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (!id || strcmp(id, ch[i].id) == 0)
            rc = pp_fields_diff(r, ch[i].id, &ch[i].old_blob, &ch[i].new_blob,
                                changes);
    free(ch);
    if (rc < 0) {
        cJSON_Delete(root);
        return rc;
    }
    *out = root;
    return 0;
}

int pp_reg_blame(pp_reg *r, const char *id, const char *field, cJSON **out)
{
    int rc = pp_index_blame(r, id, field, out);
    if (rc < 0)
        return rc;
    if (cJSON_GetArraySize(*out) == 0) {
        cJSON_Delete(*out);
        *out = NULL;
        return pp_error_set(PP_ENOTFOUND,
                            field ? "passport '%s' has no "
                                    "field '%s'"
                                  : "no passport '%s'",
                            id, field);
    }
    return 0;
}
