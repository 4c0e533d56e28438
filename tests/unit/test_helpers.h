/*
 * test_helpers.h - shared bits of the cmocka unit tests.
 */
#ifndef PP_TEST_HELPERS_H
#define PP_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* The source tree (CTest sets PP_ROOT); tests read fixtures from it. */
static inline const char *test_root(void)
{
    const char *r = getenv("PP_ROOT");
    return r && *r ? r : ".";
}

static inline void test_path(char *out, size_t n, const char *rel)
{
    snprintf(out, n, "%s/%s", test_root(), rel);
}

#endif
