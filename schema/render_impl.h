/*
 * render_impl.h - what render.c and render_passport.c share; not part of
 * the public API (schema/render.h).
 */
#ifndef PP_RENDER_IMPL_H
#define PP_RENDER_IMPL_H

#include <cjson/cJSON.h>

#include "../core/buf.h"

/* A fact object's value for people: "undisclosed", "> 32T tokens",
 * "1.04T parameters", or its text. */
void pp_render_fact_value(pp_buf *out, const cJSON *fact);

/* Each evidence of `list` on its own line after `indent`. */
void pp_render_evidence_lines(pp_buf *out, const cJSON *list,
                              const char *indent);

/* A role's format ("fp8") or formats ("bf16 or fp32"). */
void pp_render_formats(pp_buf *out, const cJSON *formats);

#endif
