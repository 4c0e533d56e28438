/*
 * json.h - strict JSON reading and canonical JSON writing over cJSON.
 *
 * cJSON is a forgiving parser: it keeps duplicate keys, turns 1e400 into
 * infinity and does not check UTF-8.  Passports are untrusted input, so
 * pp_json_parse() wraps it with the checks a registry needs, each failure
 * reported as one line naming the file and a location (line:column for
 * syntax, a JSON pointer for structure):
 *   - empty input, NUL bytes, invalid UTF-8;
 *   - nesting deeper than PP_JSON_MAX_DEPTH (checked before cJSON runs);
 *   - malformed JSON (NaN and Infinity named as such);
 *   - duplicate object keys and numbers that are not finite doubles.
 *
 * The canonical writer gives one byte sequence per document: two-space
 * indentation, object keys in a caller-given rank order (then by name),
 * shortest round-trip numbers, UTF-8 kept as is.  A diff of two canonical
 * files therefore shows only real changes.
 */
#ifndef PP_JSON_H
#define PP_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

#define PP_JSON_MAX_DEPTH 64

/* Parse `len` bytes of `data` (need not be NUL-terminated).  `name` is the
 * file name used in messages.  On success *out is a tree the caller frees
 * with cJSON_Delete().  Returns 0, PP_EINVALID or PP_ENOMEM. */
int pp_json_parse(const char *data, size_t len, const char *name, cJSON **out);

/* Append the JSON-pointer escape of `token` ("/" then ~0, ~1 escapes). */
int pp_json_pointer_push(pp_buf *ptr, const char *token);
int pp_json_pointer_push_index(pp_buf *ptr, int index);

/* Ranks object keys for the canonical writer: lower comes first; keys of
 * equal rank are ordered bytewise. */
typedef int (*pp_json_key_rank)(const char *key);

/* Append the canonical text of `node` and a final newline.  `rank` may be
 * NULL (plain bytewise order).  Fails with PP_EINVALID on a non-finite
 * number, so no NaN or Inf can ever be written. */
int pp_json_write_canonical(pp_buf *out, const cJSON *node,
                            pp_json_key_rank rank);

/* Append the canonical text of `node` on one line, without a final
 * newline ("{"a": 1, "b": [2, 3]}"), with the same key order and numbers
 * as the multi-line form. */
int pp_json_write_compact(pp_buf *out, const cJSON *node,
                          pp_json_key_rank rank);

/* Append `s` as a JSON string literal (with quotes). */
int pp_json_write_string(pp_buf *out, const char *s);

/* Make allocation failure inside cJSON end the process with "passport:
 * out of memory" and exit status 3 (pp_die_out_of_memory).  cJSON's
 * builders (cJSON_AddStringToObject and friends) report a failed
 * allocation only by leaving an item out, which every reader of the tree
 * would then have to suspect; a program calls this once, first.  The
 * library's own allocations still fail with PP_ENOMEM. */
void pp_json_fatal_oom(void);

/* The member `key` of object `obj`, or NULL when it is missing or obj is
 * NULL or not an object.  Borrowed.  The one accessor for JSON members:
 * passport facts are read through schema/fact.h. */
const cJSON *pp_json_get(const cJSON *obj, const char *key);

/* The string member `key` of object `obj`, or `fallback` when it is
 * missing or not a string (obj may be NULL).  Borrowed. */
const char *pp_json_str(const cJSON *obj, const char *key,
                        const char *fallback);

/* Describe the JSON type of `node` for messages ("string", "number", ...). */
const char *pp_json_type_name(const cJSON *node);

#endif
