/*
 * set.c - every passport of the registry at one revision (registry.h:
 * pp_reg_load_all), the one loader behind the commands that read them all.
 */
#define _POSIX_C_SOURCE 200809L
#include "registry.h"

#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

void pp_reg_set_dispose(pp_reg_set *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nentries; i++) {
        free(s->entries[i].id);
        pp_passport_free(s->entries[i].passport);
    }
    free(s->entries);
    free(s->docs);
    pp_diags_dispose(&s->diags);
    memset(s, 0, sizeof *s);
}

int pp_reg_load_all(pp_reg *r, const pp_at *at, pp_reg_set *out)
{
    cJSON *items = NULL;
    const cJSON *it;
    size_t cap;
    int rc;

    memset(out, 0, sizeof *out);
    out->at = *at;
    if ((rc = pp_reg_list(r, at, NULL, &items)) < 0)
        return rc;
    cap = (size_t)cJSON_GetArraySize(items) + 1;
    out->entries = calloc(cap, sizeof *out->entries);
    out->docs = calloc(cap, sizeof *out->docs);
    if (!out->entries || !out->docs) {
        rc = pp_error_set(PP_ENOMEM, "out of memory");
        goto fail;
    }
    cJSON_ArrayForEach(it, items)
    {
        pp_reg_entry *e = &out->entries[out->nentries];
        const char *id = pp_json_str(it, "id", "");
        if (!(e->id = strdup(id))) {
            rc = pp_error_set(PP_ENOMEM, "out of memory");
            goto fail;
        }
        out->nentries++;
        e->diag_first = out->diags.count;
        e->rc = pp_reg_load(r, at, id, &e->passport, &out->diags);
        e->diag_count = out->diags.count - e->diag_first;
        if (e->rc == PP_EINVALID || e->rc == PP_ETOOBIG) {
            /* a broken passport leaves a gap, never a failed command */
            if (e->diag_count == 0)
                pp_diags_add(&out->diags, PP_SEV_ERROR, NULL, NULL, "%s",
                             pp_error_last());
            e->diag_count = out->diags.count - e->diag_first;
            out->broken++;
            pp_error_clear();
            continue;
        }
        if (e->rc < 0) {
            /* out of memory, I/O: what follows would be incomplete */
            rc = e->rc;
            goto fail;
        }
        out->docs[out->n++] = pp_passport_json(e->passport);
    }
    cJSON_Delete(items);
    return 0;
fail:
    cJSON_Delete(items);
    pp_reg_set_dispose(out);
    return rc;
}
