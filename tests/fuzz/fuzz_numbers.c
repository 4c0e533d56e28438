/*
 * fuzz_numbers.c - number reading in prose (every form the seeds use) and
 * the strict number parser of options and queries.
 */
#include "fuzz.h"

#include <stdlib.h>

#include "core/num.h"
#include "calc/numbers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_number nums[64];
    char *s = fuzz_cstring(data, size, 1 << 16);
    double v;
    int sig;
    if (!s)
        return 0;
    pp_numbers_scan(s, size < (1 << 16) ? size : (1 << 16), nums, 64);
    if (size < 80)
        pp_num_parse(s, "fuzz", &v, &sig);
    free(s);
    return 0;
}
