/*
 * fact.c - typed reading of a passport's facts (fact.h).
 *
 * The document has passed the schema, so a disclosed numeric fact has its
 * qualifier and sig_digits; the readers still check each type, because a
 * caller may hand in a document it built itself.
 */
#include "fact.h"

#include <math.h>
#include <string.h>

#include "../core/json.h"
#include "../core/num.h"
#include "../core/banned.h"

const cJSON *pp_facts(const cJSON *doc)
{
    return pp_json_get(doc, PP_FACTS_MEMBER);
}

const cJSON *pp_fact_get(const cJSON *doc, const char *name)
{
    return pp_json_get(pp_facts(doc), name);
}

pp_fact_state pp_fact_status_of(const cJSON *fact)
{
    const char *st = pp_json_str(fact, "status", NULL);
    if (!fact)
        return PP_FACT_ABSENT;
    return st && !strcmp(st, "undisclosed") ? PP_FACT_UNDISCLOSED
                                            : PP_FACT_DISCLOSED;
}

pp_fact_state pp_fact_status(const cJSON *doc, const char *name)
{
    return pp_fact_status_of(pp_fact_get(doc, name));
}

int pp_fact_is_undisclosed(const cJSON *doc, const char *name)
{
    const cJSON *u;
    if (pp_fact_status(doc, name) == PP_FACT_UNDISCLOSED)
        return 1;
    cJSON_ArrayForEach(u, pp_json_get(doc, "unknowns"))
    {
        if (!strcmp(pp_json_str(u, "fact", ""), name))
            return 1;
    }
    return 0;
}

int pp_fact_missing_text(pp_buf *out, const cJSON *doc, const char *who,
                         const char *names, const char *what)
{
    const char *p = names;
    while (*p) {
        size_t n = strcspn(p, " ");
        char name[64];
        if (n && n < sizeof(name)) {
            memcpy(name, p, n);
            name[n] = 0;
            if (pp_fact_is_undisclosed(doc, name))
                return pp_buf_printf(out, "%s does not disclose its %s", who,
                                     what);
        }
        p += n + (p[n] == ' ');
    }
    return pp_buf_printf(out,
                         "the passport of %s records no %s (absent, which "
                         "is not the same as undisclosed)",
                         who, what);
}

int pp_fact_number_of(const cJSON *fact, pp_fact_num *out)
{
    const cJSON *v = pp_json_get(fact, "value");
    const cJSON *sig = pp_json_get(fact, "sig_digits");
    if (pp_fact_status_of(fact) != PP_FACT_DISCLOSED || !cJSON_IsNumber(v) ||
        !isfinite(v->valuedouble))
        return 0;
    if (out) {
        out->value = v->valuedouble;
        out->sig = cJSON_IsNumber(sig) ? sig->valueint : 0;
        out->qualifier = pp_json_str(fact, "qualifier", "=");
        out->unit = pp_json_str(fact, "unit", NULL);
        out->reported = pp_json_str(fact, "reported", NULL);
        out->basis = pp_json_str(fact, "basis", NULL);
    }
    return 1;
}

int pp_fact_number(const cJSON *doc, const char *name, pp_fact_num *out)
{
    return pp_fact_number_of(pp_fact_get(doc, name), out);
}

const char *pp_fact_text(const cJSON *doc, const char *name)
{
    const cJSON *f = pp_fact_get(doc, name);
    if (pp_fact_status_of(f) != PP_FACT_DISCLOSED)
        return NULL;
    return pp_json_str(f, "value", NULL);
}

int pp_fact_text_of(const cJSON *fact, pp_buf *out)
{
    const cJSON *value = pp_json_get(fact, "value"), *c;
    size_t start = out->len;

    if (pp_fact_status_of(fact) != PP_FACT_DISCLOSED)
        return 0;
    if (cJSON_IsString(value)) {
        pp_buf_puts(out, value->valuestring);
        return 1;
    }
    if (!cJSON_IsArray(value))
        return 0;
    cJSON_ArrayForEach(c, value) if (cJSON_IsString(c))
        pp_buf_printf(out, "%s%s", out->len > start ? ", " : "",
                      c->valuestring);
    return 1;
}

cJSON *pp_fact_value_json(const cJSON *fact)
{
    const cJSON *value = pp_json_get(fact, "value");
    if (pp_fact_status_of(fact) == PP_FACT_UNDISCLOSED && !value)
        return cJSON_CreateString("undisclosed");
    return value ? cJSON_Duplicate(value, 1) : NULL;
}

pp_range pp_fact_range(const cJSON *doc, const char *name)
{
    pp_fact_num n;
    pp_range none = {0, 0, 1, 0};
    if (!pp_fact_number(doc, name, &n))
        return none;
    return pp_range_of(n.value, n.sig, n.qualifier);
}

/* ---- quantities ---------------------------------------------------- */

const cJSON *pp_claim_get(const cJSON *doc, const char *id)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, pp_json_get(doc, "claims"))
    {
        const char *cid = pp_json_str(c, "id", NULL);
        if (cid && !strcmp(cid, id))
            return c;
    }
    return NULL;
}

const cJSON *pp_claim_quantity(const cJSON *doc, const char *id,
                               const char *name, const cJSON **claim)
{
    const cJSON *c = pp_claim_get(doc, id);
    if (claim)
        *claim = c;
    return pp_json_get(pp_json_get(c, PP_QUANTITIES_MEMBER), name);
}

const cJSON *pp_claim_quantity_meeting(const cJSON *doc, const char *unit,
                                       pp_range r)
{
    const cJSON *c, *q;
    cJSON_ArrayForEach(c, pp_json_get(doc, "claims"))
    {
        cJSON_ArrayForEach(q, pp_json_get(c, PP_QUANTITIES_MEMBER))
        {
            pp_fact_num v;
            if (pp_fact_number_of(q, &v) && v.unit && !strcmp(v.unit, unit) &&
                pp_range_meet(r, pp_range_of(v.value, v.sig, v.qualifier)))
                return q;
        }
    }
    return NULL;
}

/* ---- the N of 6ND --------------------------------------------------- */

int pp_fact_is_moe(const cJSON *doc)
{
    const char *type = pp_fact_text(doc, "architecture.type");
    pp_range a, n;
    if (type)
        return !strcmp(type, "moe");
    a = pp_fact_range(doc, "params.active");
    n = pp_fact_range(doc, "params.total");
    return a.have && n.have && a.hi < n.lo;
}

pp_compute_basis pp_fact_compute_params(const cJSON *doc, pp_fact_num *out)
{
    const char *type;
    if (pp_fact_number(doc, "params.active", out))
        return PP_BASIS_ACTIVE;
    type = pp_fact_text(doc, "architecture.type");
    if (type && !strcmp(type, "dense") &&
        pp_fact_number(doc, "params.total", out))
        return PP_BASIS_DENSE_TOTAL;
    return PP_BASIS_NONE;
}

void pp_fact_sheet_run(const cJSON *doc, pp_sheet_run *out)
{
    pp_fact_num n, t, d, dev, thr;
    memset(out, 0, sizeof(*out));
    out->id = pp_json_str(doc, "id", "");
    out->name = pp_json_str(doc, "name", "");
    out->moe = pp_fact_is_moe(doc);
    if ((out->has_active = pp_fact_compute_params(doc, &n) != 0))
        out->active = n.value;
    if ((out->has_total = pp_fact_number(doc, "params.total", &t)))
        out->total = t.value;
    if ((out->has_tokens = pp_fact_number(doc, "training.tokens", &d))) {
        out->tokens = d.value;
        out->tokens_qualifier = strcmp(d.qualifier, "=") ? d.qualifier : "";
    }
    if (pp_fact_number(doc, "hardware.devices", &dev) &&
        pp_fact_number(doc, "hardware.throughput_per_device", &thr)) {
        out->has_cluster = 1;
        out->devices = dev.value;
        out->throughput = thr.value;
    }
}

/* ---- building -------------------------------------------------------- */

cJSON *pp_facts_add(cJSON *doc)
{
    return cJSON_AddObjectToObject(doc, PP_FACTS_MEMBER);
}

cJSON *pp_fact_add_number(cJSON *facts, const char *name, double value,
                          const char *unit, const char *qualifier, int sig,
                          const char *reported)
{
    cJSON *fact = cJSON_AddObjectToObject(facts, name);
    cJSON_AddNumberToObject(fact, "value", value);
    cJSON_AddStringToObject(fact, "unit", unit);
    cJSON_AddStringToObject(fact, "qualifier", qualifier);
    if (sig > 0)
        cJSON_AddNumberToObject(fact, "sig_digits", sig);
    if (reported && *reported)
        cJSON_AddStringToObject(fact, "reported", reported);
    cJSON_AddStringToObject(fact, "status", "disclosed");
    return cJSON_AddArrayToObject(fact, "evidence");
}

void pp_fact_restate(cJSON *fact, double value, int sig)
{
    if (pp_json_get(fact, "value"))
        cJSON_ReplaceItemInObjectCaseSensitive(fact, "value",
                                               cJSON_CreateNumber(value));
    if (pp_json_get(fact, "sig_digits"))
        cJSON_ReplaceItemInObjectCaseSensitive(fact, "sig_digits",
                                               cJSON_CreateNumber(sig));
    cJSON_DeleteItemFromObjectCaseSensitive(fact, "reported");
}

/* ---- values for people ---------------------------------------------- */

int pp_fact_format(pp_buf *out, const cJSON *fact)
{
    pp_fact_num n;

    if (!fact)
        return pp_buf_puts(out, "-");
    if (pp_fact_status_of(fact) == PP_FACT_UNDISCLOSED)
        return pp_buf_puts(out, "undisclosed");
    if (pp_fact_number_of(fact, &n)) {
        if (strcmp(n.qualifier, "=") != 0)
            pp_buf_puts(out, n.qualifier);
        return pp_num_human(out, n.value, n.sig);
    }
    if (pp_fact_text_of(fact, out))
        return 0;
    return pp_buf_puts(out, "-");
}

static const struct {
    const char *unit;
    const char *shown;
} unit_names[] = {
    {"param", "parameters"},   {"token", "tokens"},
    {"device", "devices"},     {"expert", "experts"},
    {"spike", "spikes"},       {"token/param", "tokens per parameter"},
    {"GPU-hour", "GPU hours"},
};

int pp_quantity_format(pp_buf *out, double v, int sig, const char *unit)
{
    if (unit && (strcmp(unit, "FLOP/s") == 0 || strcmp(unit, "FLOP") == 0)) {
        /* Rates read best with an SI prefix on the unit (390 TFLOP/s);
         * totals in scientific form (7.227e23 FLOP), as reports print
         * them. */
        static const struct {
            double scale;
            const char *prefix;
        } si[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}};
        if (strcmp(unit, "FLOP/s") == 0) {
            for (size_t i = 0; i < sizeof(si) / sizeof(si[0]); i++) {
                if (v >= si[i].scale) {
                    pp_num_human(out, v / si[i].scale, sig);
                    return pp_buf_printf(out, " %sFLOP/s", si[i].prefix);
                }
            }
        }
        if (v >= 1e15 || strcmp(unit, "FLOP/s") == 0) {
            pp_num_human(out, v, sig);
            return pp_buf_printf(out, " %s", unit);
        }
    }
    if (unit && strcmp(unit, "share") == 0) {
        /* a share reads as the percentage reports write (12.7%) */
        pp_num_human(out, v * 100, sig);
        return pp_buf_puts(out, "%");
    }
    pp_num_human(out, v, sig);
    if (unit && strcmp(unit, "ratio") == 0)
        return pp_buf_puts(out, "x");
    if (!unit || strcmp(unit, "1") == 0)
        return 0;
    for (size_t i = 0; i < sizeof(unit_names) / sizeof(unit_names[0]); i++)
        if (strcmp(unit, unit_names[i].unit) == 0)
            return pp_buf_printf(out, " %s", unit_names[i].shown);
    return pp_buf_printf(out, " %s", unit);
}
