/*
 * jsonschema.h - a JSON Schema 2020-12 validator for the subset of
 * keywords the passport schema uses.
 *
 * The C validator interprets the published schema itself (compiled into
 * the binary from schema/passport.schema.json), so the schema that ajv
 * checks in CI and the checks the tool makes cannot drift apart.  Loading
 * rejects any keyword outside the supported subset, so the schema can
 * never rely on something this validator would silently ignore.
 *
 * Supported: type, enum, const, properties, required, additionalProperties,
 * propertyNames, maxProperties, items, minItems,
 * maxItems, uniqueItems, minLength, maxLength, pattern (PCRE2, UTF),
 * minimum, maximum, exclusiveMinimum, exclusiveMaximum, allOf, anyOf,
 * oneOf, not, if/then/else, $ref to "#" or "#/$defs/NAME", boolean
 * schemas; annotations ($schema, $id, $comment, title, description,
 * default, examples) are accepted and, for description, used in messages.
 */
#ifndef PP_JSONSCHEMA_H
#define PP_JSONSCHEMA_H

#include <cjson/cJSON.h>

#include "../core/diag.h"

typedef struct pp_schema pp_schema;

/* Compile a schema from `len` bytes of JSON text; `name` is used in
 * messages.  *out is freed with pp_schema_free().  Returns 0,
 * PP_EINVALID (bad JSON, unsupported keyword, bad pattern, dangling $ref:
 * the message names the schema pointer) or PP_ENOMEM. */
int pp_schema_compile(pp_schema **out, const char *text, size_t len,
                      const char *name);

void pp_schema_free(pp_schema *s);

/* The schema document (borrowed from `s`). */
const cJSON *pp_schema_document(const pp_schema *s);

/* Validate `doc`, appending one error per violation to `diags`, each with
 * `file` and the JSON pointer of the offending value.  Returns the number
 * of errors added (0: valid) or PP_ENOMEM. */
int pp_schema_validate(const pp_schema *s, const cJSON *doc, const char *file,
                       pp_diags *diags);

#endif
