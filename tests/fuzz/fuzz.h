/*
 * fuzz.h - what the fuzz targets share.  Each fuzz_*.c defines
 * LLVMFuzzerTestOneInput (and may define LLVMFuzzerInitialize); it links
 * either with libFuzzer (clang -fsanitize=fuzzer, .ci/fuzz) or with
 * replay.c, which runs every file of a corpus once (the regression tests
 * of the normal suite).  A target must not leak, crash or abort on any
 * input: failures of the code under test are return codes, not findings.
 */
#ifndef PP_FUZZ_H
#define PP_FUZZ_H
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A NUL-terminated copy of the input (malloc'd; caller frees), at most
 * `max` bytes of it. */
char *fuzz_cstring(const uint8_t *data, size_t size, size_t max);

/* A fresh temporary folder for the target's files (registry, rule file),
 * removed with its contents at exit.  Returns `out` or NULL. */
char *fuzz_tempdir(char *out, size_t size, const char *what);

/* The documents of the shipped passports (pp_reg_shipped_dir()), each
 * validated, in id order; kept for the life of the process.  NULL (and
 * the reason in pp_error_last()) when one does not load. */
const cJSON **fuzz_shipped_docs(size_t *n);

#endif
