/*
 * render.h - passports for people.
 *
 * How a passport, one of its facts or precision roles, an evidence
 * object, a scaling list, the registry's listing and a pull's conflicts
 * read on a terminal (`show`, `get`, `list`, `diff`, `blame`, `pull`,
 * `resolve`), written once so every command says a value the same way:
 * "1.04T parameters", "> 32T tokens", "[fact] kimi-k2-report §2.1
 * (developer) \"...\"".  Everything appends to a caller's buffer and
 * returns 0 unless said otherwise; documents are validated passports (or
 * parts of them, or the registry's trees named below), borrowed.
 */
#ifndef PP_RENDER_H
#define PP_RENDER_H

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "passport.h"

typedef enum pp_render_style {
    PP_RENDER_TEXT, /* for people */
    PP_RENDER_JSON  /* for tools */
} pp_render_style;

/* The whole passport `doc`, grouped into identity, facts, precision
 * roles, optimizer, stability, claims, unknowns, boundaries and sources;
 * every value with its evidence level in brackets, source and section. */
int pp_render_passport(pp_buf *out, const cJSON *doc);

/* 1 when `name` is what `passport get` answers: a fact of the vocabulary
 * (params.total), "precision.ROLE" for a tensor role the schema names
 * (precision.optimizer.moments), or "claims.ID.NAME" for quantity NAME of
 * claim ID (claims.scaling-efficiency-2-5x.ratio); else 0. */
int pp_render_entry_known(const char *name);

/* Entry `name` (see pp_render_entry_known) of passport `p`.  Text: the
 * value with its unit, qualifier and reported precision (a fact) or its
 * formats, stage and scaling (a role), its note and every evidence (a
 * claim's quantity: its meaning, the claim and its supports); JSON:
 * the entry itself in canonical form with "passport" and "fact" added and
 * its primary evidence's level, provenance, source, section and quote on
 * top, so tools need not walk the list.  PP_ENOTFOUND when `p` records
 * no such entry (the message says so), PP_EINVALID from the canonical
 * writer. */
int pp_render_entry(pp_buf *out, const pp_passport *p, const char *name,
                    pp_render_style style);

/* The fields the listing shows, NULL-terminated: the keys to ask
 * pp_reg_list() for. */
extern const char *const pp_render_list_fields[];

/* The registry's listing: `items` as pp_reg_list() gives them ([{"id",
 * "name", "fields": {FIELD: value}}], with pp_render_list_fields).  Text:
 * a table of id, name and the headline facts (total and active
 * parameters, tokens, context); JSON: an array of {id, name, aliases,
 * developer, kind, family, facts: {FACT: value or status}}.  Returns 0
 * or PP_EINVALID from the canonical writer. */
int pp_render_list(pp_buf *out, const cJSON *items, pp_render_style style);

/* A field of `passport diff`, `blame` or a conflict (key "facts/NAME" for
 * a fact) for people: a fact as "1.04T parameters" with its primary
 * evidence, a string as is, anything else as one-line canonical JSON. */
int pp_render_field(pp_buf *out, const char *key, const cJSON *value);

/* The conflicts of a stopped pull (as pp_reg_pull and pp_reg_conflicts
 * give them: [{"passport", "field", "base", "ours", "theirs",
 * "ours_commit", "theirs_commit", "reason"}]): each with its three values
 * and the commits that set them. */
int pp_render_conflicts(pp_buf *out, const cJSON *conflicts);

/* One evidence (or support) object on one line:
 * "[fact] kimi-k2-report §2.1 (developer); via ledger §9: \"...\"". */
int pp_render_evidence(pp_buf *out, const cJSON *ev);

/* A scaling list on one line:
 * "activations: tile 1x128, per token; weights: block 128x128". */
int pp_render_scaling(pp_buf *out, const cJSON *scaling);

#endif
