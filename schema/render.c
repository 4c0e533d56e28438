/*
 * render.c - the parts of a passport for people (render.h): an evidence
 * object, a scaling list, a fact's value, the conflicts of a pull, one
 * entry as `get` answers it and the registry's listing.  The whole passport is render_passport.c.
 */
#include "render.h"

#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "../core/json.h"
#include "../core/utf8.h"
#include "fact.h"
#include "jsonschema.h"
#include "render_impl.h"
#include "../core/banned.h"

/* ------------------------------------------------------------------ */
/* Evidence, scaling, values                                          */
/* ------------------------------------------------------------------ */

int pp_render_evidence(pp_buf *out, const cJSON *ev)
{
    const char *level = pp_json_str(ev, "level", NULL);
    const char *prov = pp_json_str(ev, "provenance", NULL);
    const char *quote = pp_json_str(ev, "quote", NULL);
    const cJSON *via = pp_json_get(ev, "via");

    if (level)
        pp_buf_printf(out, "[%s] ", level);
    pp_buf_printf(out, "%s %s", pp_json_str(ev, "source", ""),
                  pp_json_str(ev, "section", ""));
    if (prov)
        pp_buf_printf(out, " (%s)", prov);
    if (quote)
        pp_buf_printf(out, " \"%s\"", quote);
    if (via) {
        const char *vq = pp_json_str(via, "quote", NULL);
        pp_buf_printf(out, "; via %s %s", pp_json_str(via, "source", ""),
                      pp_json_str(via, "section", ""));
        if (vq)
            pp_buf_printf(out, ": \"%s\"", vq);
    }
    return 0;
}

static void one_scaling(pp_buf *out, const cJSON *sc)
{
    const cJSON *shape = pp_json_get(sc, "shape");
    const cJSON *bs = pp_json_get(sc, "block_size");
    const char *sf = pp_json_str(sc, "scale_format", NULL);
    const char *axis = pp_json_str(sc, "axis", NULL);
    const cJSON *c;

    pp_buf_printf(out, "%s: %s", pp_json_str(sc, "operand", ""),
                  pp_json_str(sc, "granularity", ""));
    if (cJSON_IsArray(shape)) {
        pp_buf_putc(out, ' ');
        cJSON_ArrayForEach(c, shape)
            pp_buf_printf(out, "%d%s", (int)c->valuedouble, c->next ? "x" : "");
    }
    if (cJSON_IsNumber(bs))
        pp_buf_printf(out, ", blocks of %d", (int)bs->valuedouble);
    else if (cJSON_IsString(bs))
        pp_buf_puts(out, ", block size undisclosed");
    if (sf)
        pp_buf_printf(out, ", scale %s", sf);
    if (axis)
        pp_buf_printf(out, ", %s", axis);
}

int pp_render_scaling(pp_buf *out, const cJSON *list)
{
    const cJSON *sc;
    cJSON_ArrayForEach(sc, list)
    {
        one_scaling(out, sc);
        if (sc->next)
            pp_buf_puts(out, "; ");
    }
    return 0;
}

void pp_render_fact_value(pp_buf *out, const cJSON *fact)
{
    pp_fact_num n;
    if (pp_fact_status_of(fact) == PP_FACT_UNDISCLOSED) {
        pp_buf_puts(out, "undisclosed");
    } else if (pp_fact_number_of(fact, &n)) {
        if (strcmp(n.qualifier, "=") != 0)
            pp_buf_printf(out, "%s ", n.qualifier);
        pp_quantity_format(out, n.value, n.sig, n.unit);
    } else {
        pp_fact_format(out, fact);
    }
}

void pp_render_evidence_lines(pp_buf *out, const cJSON *list,
                              const char *indent)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, list)
    {
        pp_buf_puts(out, indent);
        pp_render_evidence(out, e);
        pp_buf_putc(out, '\n');
    }
}

int pp_render_field(pp_buf *out, const char *key, const cJSON *value)
{
    if (!strncmp(key, "facts/", 6) && cJSON_IsObject(value)) {
        const cJSON *ev = cJSON_GetArrayItem(pp_json_get(value, "evidence"), 0);
        pp_render_fact_value(out, value);
        if (ev) {
            pp_buf_puts(out, "  ");
            pp_render_evidence(out, ev);
        }
        return 0;
    }
    if (cJSON_IsString(value))
        return pp_buf_puts(out, value->valuestring);
    return pp_passport_compact(value, out);
}

/* ------------------------------------------------------------------ */
/* Conflicts of a pull                                                */
/* ------------------------------------------------------------------ */

int pp_render_conflicts(pp_buf *out, const cJSON *conflicts)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, conflicts)
    {
        const char *field = pp_json_str(c, "field", "");
        const char *oc = pp_json_str(c, "ours_commit", "");
        const char *tc = pp_json_str(c, "theirs_commit", "");
        const char *why = pp_json_str(c, "reason", NULL);
        static const char *const sides[] = {"base", "ours", "theirs"};
        pp_buf_printf(out, "conflict: %s %s\n", pp_json_str(c, "passport", ""),
                      !strcmp(field, "*") ? "(the whole passport)" : field);
        if (why)
            pp_buf_printf(out, "  reason: %s\n", why);
        for (int s = 0; s < 3; s++) {
            const cJSON *v = pp_json_get(c, sides[s]);
            pp_buf_printf(out, "  %-7s ", sides[s]);
            if (cJSON_IsNull(v))
                pp_buf_puts(out, "(absent)");
            else if (!strcmp(field, "*"))
                pp_buf_puts(out, "(a version of the passport)");
            else
                pp_render_field(out, field, v);
            if (s == 1 && *oc)
                pp_buf_printf(out, "  [commit %.12s]", oc);
            if (s == 2 && *tc)
                pp_buf_printf(out, "  [commit %.12s]", tc);
            pp_buf_putc(out, '\n');
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* One entry, as `get` answers                                        */
/* ------------------------------------------------------------------ */

/* The tensor roles the schema names (precision.roles' propertyNames). */
static const cJSON *role_names(void)
{
    const cJSON *root = pp_schema_document(pp_passport_schema());
    const cJSON *prec = pp_json_get(pp_json_get(root, "$defs"), "precision");
    const cJSON *roles = pp_json_get(pp_json_get(prec, "properties"), "roles");
    return pp_json_get(pp_json_get(roles, "propertyNames"), "enum");
}

/* Split "claims.ID.NAME" into its claim id and quantity name (copied to
 * id and q, each of `cap` bytes): 1 when `name` has that shape. */
static int claim_quantity_name(const char *name, char *id, char *q, size_t cap)
{
    const char *dot;
    size_t n;

    if (strncmp(name, "claims.", 7) != 0)
        return 0;
    name += 7;
    dot = strchr(name, '.');
    if (!dot || dot == name || (n = (size_t)(dot - name)) >= cap ||
        strlen(dot + 1) >= cap || !dot[1])
        return 0;
    for (const char *p = name; p < dot; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              *p == '-'))
            return 0;
    for (const char *p = dot + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || *p == '_'))
            return 0;
    memcpy(id, name, n);
    id[n] = '\0';
    memcpy(q, dot + 1, strlen(dot + 1) + 1);
    return 1;
}

int pp_render_entry_known(const char *name)
{
    const cJSON *e;
    char id[80], q[80];
    if (pp_vocab_lookup(name) || claim_quantity_name(name, id, q, sizeof(id)))
        return 1;
    if (strncmp(name, "precision.", 10) != 0)
        return 0;
    cJSON_ArrayForEach(e, role_names())
    {
        if (cJSON_IsString(e) && strcmp(e->valuestring, name + 10) == 0)
            return 1;
    }
    return 0;
}

/* Call fn for each distinct source `evidence` cites (its own and its
 * via's), in order, that passport `p` pinned. */
static void each_pin(const pp_passport *p, const cJSON *evidence,
                     void (*fn)(void *ud, const char *sid,
                                const pp_source_pin *pin),
                     void *ud)
{
    const char *seen[32]; /* 16 pieces of evidence, each with a via */
    size_t n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, evidence)
    {
        const char *ids[2] = {pp_json_str(e, "source", NULL),
                              pp_json_str(pp_json_get(e, "via"), "source",
                                          NULL)};
        for (int k = 0; k < 2; k++) {
            pp_source_pin pin;
            size_t i = 0;
            while (ids[k] && i < n && strcmp(seen[i], ids[k]) != 0)
                i++;
            if (!ids[k] || i < n || n == sizeof seen / sizeof *seen)
                continue;
            seen[n++] = ids[k];
            if (pp_passport_source_pin(pp_passport_json(p), ids[k], &pin))
                fn(ud, ids[k], &pin);
        }
    }
}

static void pin_line(void *ud, const char *sid, const pp_source_pin *pin)
{
    pp_buf_printf(ud, "  source: %s, pinned sha256 %.12s on %s\n", sid,
                  pin->sha256, pin->date);
}

static void pin_member(void *ud, const char *sid, const pp_source_pin *pin)
{
    cJSON *o = cJSON_AddObjectToObject(ud, sid);
    cJSON_AddStringToObject(o, "sha256", pin->sha256);
    cJSON_AddStringToObject(o, "date", pin->date);
}

/* The JSON answer: the entry itself, named, with its primary evidence's
 * fields on top and the pins of the sources its evidence cites. */
static int entry_json(pp_buf *out, const pp_passport *p, const char *name,
                      const cJSON *entry)
{
    static const char *const keys[] = {"level", "provenance", "source",
                                       "section", "quote"};
    const cJSON *first = cJSON_GetArrayItem(pp_json_get(entry, "evidence"), 0);
    cJSON *o = cJSON_Duplicate(entry, 1), *pins = cJSON_CreateObject();
    int rc;

    cJSON_AddStringToObject(o, "passport", pp_passport_id(p));
    cJSON_AddStringToObject(o, "fact", name);
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const cJSON *v = pp_json_get(first, keys[i]);
        if (v)
            cJSON_AddItemToObject(o, keys[i], cJSON_Duplicate(v, 1));
    }
    each_pin(p, pp_json_get(entry, "evidence"), pin_member, pins);
    if (pins && pins->child)
        cJSON_AddItemToObject(o, "pins", pins);
    else
        cJSON_Delete(pins);
    rc = pp_passport_canonical(o, out);
    cJSON_Delete(o);
    return rc;
}

static void fact_text(pp_buf *out, const pp_passport *p, const char *name,
                      const cJSON *f)
{
    const char *note = pp_json_str(f, "note", NULL);
    pp_fact_num n;

    pp_buf_printf(out, "%s %s: ", pp_passport_id(p), name);
    pp_render_fact_value(out, f);
    if (pp_fact_status_of(f) != PP_FACT_UNDISCLOSED &&
        pp_fact_number_of(f, &n)) {
        pp_buf_printf(out, "\n  precision: %d significant digit%s", n.sig,
                      n.sig == 1 ? "" : "s");
        if (n.reported)
            pp_buf_printf(out, " (reported as \"%s\")", n.reported);
    }
    pp_buf_putc(out, '\n');
    if (note)
        pp_buf_printf(out, "  note: %s\n", note);
    pp_render_evidence_lines(out, pp_json_get(f, "evidence"), "  evidence: ");
    each_pin(p, pp_json_get(f, "evidence"), pin_line, out);
}

void pp_render_formats(pp_buf *out, const cJSON *formats)
{
    const cJSON *c;
    if (cJSON_IsString(formats)) {
        pp_buf_puts(out, formats->valuestring);
        return;
    }
    cJSON_ArrayForEach(c, formats)
        pp_buf_printf(out, "%s%s", c->valuestring, c->next ? " or " : "");
}

static void role_text(pp_buf *out, const pp_passport *p, const char *name,
                      const cJSON *r)
{
    const cJSON *sc = pp_json_get(r, "scaling");
    const cJSON *pi = pp_json_get(r, "promotion_interval");
    const char *note = pp_json_str(r, "note", NULL);
    const char *scope = pp_json_str(r, "scope", NULL);

    pp_buf_printf(out, "%s %s: ", pp_passport_id(p), name);
    pp_render_formats(out, pp_json_get(r, "format"));
    pp_buf_printf(out, " (%s)\n", pp_json_str(r, "stage", ""));
    if (scope)
        pp_buf_printf(out, "  scope: %s\n", scope);
    if (sc) {
        pp_buf_puts(out, "  scaling: ");
        pp_render_scaling(out, sc);
        pp_buf_putc(out, '\n');
    }
    if (cJSON_IsNumber(pi))
        pp_buf_printf(out, "  promotion interval: %d elements\n",
                      (int)pi->valuedouble);
    if (note)
        pp_buf_printf(out, "  note: %s\n", note);
    pp_render_evidence_lines(out, pp_json_get(r, "evidence"), "  evidence: ");
    each_pin(p, pp_json_get(r, "evidence"), pin_line, out);
}

/* A quantity of a claim: its value, precision and meaning, then the
 * claim it belongs to and the claim's supports. */
static void quantity_text(pp_buf *out, const pp_passport *p, const char *name,
                          const cJSON *q, const cJSON *claim)
{
    static const char *const more[][2] = {{"measures", "measures"},
                                          {"relative_to", "relative to"},
                                          {"condition", "condition"},
                                          {"note", "note"}};
    pp_fact_num n;

    pp_buf_printf(out, "%s %s: ", pp_passport_id(p), name);
    pp_render_fact_value(out, q);
    if (pp_fact_number_of(q, &n)) {
        pp_buf_printf(out, "\n  precision: %d significant digit%s", n.sig,
                      n.sig == 1 ? "" : "s");
        if (n.reported)
            pp_buf_printf(out, " (reported as \"%s\")", n.reported);
    }
    pp_buf_putc(out, '\n');
    for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
        const char *v = pp_json_str(q, more[i][0], NULL);
        if (v)
            pp_buf_printf(out, "  %s: %s\n", more[i][1], v);
    }
    pp_buf_printf(out, "  claim: [%s] %s\n", pp_json_str(claim, "level", ""),
                  pp_json_str(claim, "text", ""));
    pp_render_evidence_lines(out, pp_json_get(claim, "supports"),
                             "  evidence: ");
}

/* The JSON answer for a quantity: the quantity, named, with the claim's
 * level and its primary support's fields on top, and all its supports. */
static int quantity_json(pp_buf *out, const pp_passport *p, const char *name,
                         const cJSON *q, const cJSON *claim)
{
    static const char *const keys[] = {"provenance", "source", "section",
                                       "quote"};
    const cJSON *sup = pp_json_get(claim, "supports");
    const cJSON *first = cJSON_GetArrayItem(sup, 0);
    cJSON *o = cJSON_Duplicate(q, 1);
    int rc;

    cJSON_AddStringToObject(o, "passport", pp_passport_id(p));
    cJSON_AddStringToObject(o, "fact", name);
    cJSON_AddStringToObject(o, "level", pp_json_str(claim, "level", ""));
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const cJSON *v = pp_json_get(first, keys[i]);
        if (v)
            cJSON_AddItemToObject(o, keys[i], cJSON_Duplicate(v, 1));
    }
    cJSON_AddItemToObject(o, "supports", cJSON_Duplicate(sup, 1));
    rc = pp_passport_canonical(o, out);
    cJSON_Delete(o);
    return rc;
}

int pp_render_entry(pp_buf *out, const pp_passport *p, const char *name,
                    pp_render_style style)
{
    const cJSON *entry;
    int is_fact = pp_vocab_lookup(name) != NULL;
    char id[80], qname[80];

    if (!is_fact && claim_quantity_name(name, id, qname, sizeof(id))) {
        const cJSON *claim;
        entry = pp_claim_quantity(pp_passport_json(p), id, qname, &claim);
        if (!claim)
            return pp_error_set(PP_ENOTFOUND, "%s records no claim '%s'",
                                pp_passport_id(p), id);
        if (!entry)
            return pp_error_set(PP_ENOTFOUND,
                                "claim '%s' of %s has no quantity '%s'", id,
                                pp_passport_id(p), qname);
        if (style == PP_RENDER_JSON)
            return quantity_json(out, p, name, entry, claim);
        quantity_text(out, p, name, entry, claim);
        return 0;
    }
    if (is_fact) {
        if (!(entry = pp_passport_fact(p, name)))
            return pp_error_set(PP_ENOTFOUND, "%s records no '%s'",
                                pp_passport_id(p), name);
    } else {
        const cJSON *prec = pp_json_get(pp_passport_json(p), "precision");
        const char *role =
            strncmp(name, "precision.", 10) == 0 ? name + 10 : name;
        if (!(entry = pp_json_get(pp_json_get(prec, "roles"), role)))
            return pp_error_set(PP_ENOTFOUND,
                                "%s records no precision role "
                                "'%s'",
                                pp_passport_id(p), role);
    }
    if (style == PP_RENDER_JSON)
        return entry_json(out, p, name, entry);
    if (is_fact)
        fact_text(out, p, name, entry);
    else
        role_text(out, p, name, entry);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The listing                                                        */
/* ------------------------------------------------------------------ */

const char *const pp_render_list_fields[] = {
    "aliases",
    "developer",
    "kind",
    "family",
    "facts/params.total",
    "facts/params.active",
    "facts/training.tokens",
    "facts/context.length",
    NULL,
};

static const char *const headline_facts[] = {
    "params.total",
    "params.active",
    "training.tokens",
    "context.length",
};
static const char *const headline_titles[] = {
    "TOTAL",
    "ACTIVE",
    "TOKENS",
    "CONTEXT",
};
#define NHEAD (sizeof(headline_facts) / sizeof(headline_facts[0]))

static void pad(pp_buf *out, const char *s, size_t width)
{
    size_t n = pp_utf8_count(s, strlen(s));
    pp_buf_puts(out, s);
    while (n++ < width)
        pp_buf_putc(out, ' ');
}

static const cJSON *headline(const cJSON *item, size_t k)
{
    char key[64];
    snprintf(key, sizeof(key), "facts/%s", headline_facts[k]);
    return pp_json_get(pp_json_get(item, "fields"), key);
}

static void list_table(pp_buf *out, const cJSON *items)
{
    size_t wid = 2, wname = 4;
    const cJSON *it;

    cJSON_ArrayForEach(it, items)
    {
        const char *id = pp_json_str(it, "id", "");
        const char *nm = pp_json_str(it, "name", "");
        size_t a = strlen(id), b = pp_utf8_count(nm, strlen(nm));
        wid = a > wid ? a : wid;
        wname = b > wname ? b : wname;
    }
    pad(out, "ID", wid + 2);
    pad(out, "NAME", wname + 2);
    for (size_t k = 0; k < NHEAD; k++)
        pad(out, headline_titles[k], k + 1 < NHEAD ? 13 : 0);
    pp_buf_putc(out, '\n');
    cJSON_ArrayForEach(it, items)
    {
        pad(out, pp_json_str(it, "id", ""), wid + 2);
        pad(out, pp_json_str(it, "name", ""), wname + 2);
        for (size_t k = 0; k < NHEAD; k++) {
            pp_buf v = PP_BUF_INIT;
            pp_fact_format(&v, headline(it, k));
            pad(out, pp_buf_cstr(&v), k + 1 < NHEAD ? 13 : 0);
            pp_buf_dispose(&v);
        }
        /* No trailing blanks: trim what the last column left. */
        while (out->len && out->ptr[out->len - 1] == ' ')
            out->ptr[--out->len] = '\0';
        pp_buf_putc(out, '\n');
    }
}

/* One passport of the JSON listing. */
static cJSON *list_item(const cJSON *it)
{
    static const char *const copy[] = {"aliases", "developer", "kind",
                                       "family"};
    const cJSON *fields = pp_json_get(it, "fields");
    cJSON *o = cJSON_CreateObject(), *facts = cJSON_CreateObject();

    cJSON_AddItemToObject(o, "id", cJSON_Duplicate(pp_json_get(it, "id"), 1));
    cJSON_AddItemToObject(o, "name",
                          cJSON_Duplicate(pp_json_get(it, "name"), 1));
    for (size_t k = 0; k < sizeof(copy) / sizeof(copy[0]); k++) {
        const cJSON *v = pp_json_get(fields, copy[k]);
        if (v)
            cJSON_AddItemToObject(o, copy[k], cJSON_Duplicate(v, 1));
    }
    for (size_t k = 0; k < NHEAD; k++) {
        cJSON *v = pp_fact_value_json(headline(it, k));
        if (v)
            cJSON_AddItemToObject(facts, headline_facts[k], v);
    }
    cJSON_AddItemToObject(o, "facts", facts);
    return o;
}

int pp_render_list(pp_buf *out, const cJSON *items, pp_render_style style)
{
    cJSON *arr;
    const cJSON *it;
    int rc;

    if (style == PP_RENDER_TEXT) {
        list_table(out, items);
        return 0;
    }
    arr = cJSON_CreateArray();
    cJSON_ArrayForEach(it, items) cJSON_AddItemToArray(arr, list_item(it));
    rc = pp_passport_canonical(arr, out);
    cJSON_Delete(arr);
    return rc;
}
