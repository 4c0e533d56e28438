/*
 * failalloc.c - an LD_PRELOAD allocator for fault injection: with
 * PASSPORT_FAIL_ALLOC=N the N-th call to malloc, calloc or realloc made by
 * the program itself (counted from the start of the process) returns NULL
 * with errno ENOMEM, once; with PASSPORT_COUNT_ALLOC=FILE the number of
 * such calls is written to FILE at exit.  Calls from shared libraries
 * (libgit2, SQLite, ...) are neither counted nor failed unless
 * PASSPORT_FAIL_LIBS=1: how a library survives its own allocation failures
 * is its business (libgit2 1.5 does not always: see docs/LIMITS.md), ours
 * is how passport's code does.  cJSON's allocations count as the
 * program's: they go through its hook.  Every call is passed on to the
 * next allocator in line (glibc's, or AddressSanitizer's in the sanitizer
 * build, so that LeakSanitizer still sees every block).  Test-only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);

/* dlsym may allocate while we look the next allocator up: those few early
 * blocks come from here; free() leaves them alone. */
static char boot[16384];
static size_t boot_used;
static int looking_up;

static void *boot_alloc(size_t size)
{
    void *p;
    size = (size + 15) & ~(size_t)15;
    if (boot_used + size > sizeof boot)
        return NULL;
    p = boot + boot_used;
    boot_used += size;
    return p;
}

static int from_boot(const void *p)
{
    return (const char *)p >= boot && (const char *)p < boot + sizeof boot;
}

static void find_next(void)
{
    if (next_malloc || looking_up)
        return;
    looking_up = 1;
    next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    next_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
    next_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    looking_up = 0;
}

static unsigned long calls, fail_at;
static int ready, all_callers;
static uintptr_t exe_lo, exe_hi; /* the program's loaded segments */

static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    /* the first object is the program itself */
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo, hi;
        if (ph->p_type != PT_LOAD)
            continue;
        lo = info->dlpi_addr + ph->p_vaddr;
        hi = lo + ph->p_memsz;
        if (!exe_lo || lo < exe_lo)
            exe_lo = lo;
        if (hi > exe_hi)
            exe_hi = hi;
    }
    return 1;
}

/* Called at the failing allocation: a place for a debugger's breakpoint
 * ("break failalloc_hit", then "bt"). */
__attribute__((noinline)) void failalloc_hit(void);
__attribute__((noinline)) void failalloc_hit(void)
{
    __asm__ volatile("");
}

static int should_fail(void *caller)
{
    uintptr_t c = (uintptr_t)caller;
    if (!ready) {
        const char *s = getenv("PASSPORT_FAIL_ALLOC");
        const char *l = getenv("PASSPORT_FAIL_LIBS");
        fail_at = s ? strtoul(s, NULL, 10) : 0;
        all_callers = l && *l == '1';
        ready = 1;
        dl_iterate_phdr(find_exe, NULL);
    }
    if (!all_callers && (c < exe_lo || c >= exe_hi))
        return 0;
    if (++calls != fail_at)
        return 0;
    failalloc_hit();
    return 1;
}

void *malloc(size_t size)
{
    find_next();
    if (!next_malloc)
        return boot_alloc(size);
    if (should_fail(__builtin_return_address(0))) {
        errno = ENOMEM;
        return NULL;
    }
    return next_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    find_next();
    if (!next_calloc)
        return n && size > sizeof boot / n ? NULL : boot_alloc(n * size);
    if (should_fail(__builtin_return_address(0))) {
        errno = ENOMEM;
        return NULL;
    }
    return next_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    find_next();
    if (!next_realloc)
        return NULL;
    if (from_boot(p)) { /* move an early block to the real allocator */
        void *q = next_malloc(size);
        size_t left = (size_t)(boot + sizeof boot - (char *)p);
        if (q)
            memcpy(q, p, size < left ? size : left);
        return q;
    }
    if (should_fail(__builtin_return_address(0))) {
        errno = ENOMEM;
        return NULL;
    }
    return next_realloc(p, size);
}

void free(void *p)
{
    if (!p || from_boot(p))
        return;
    find_next();
    if (next_free)
        next_free(p);
}

__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("PASSPORT_COUNT_ALLOC");
    FILE *f;
    if (path && (f = fopen(path, "w"))) {
        fprintf(f, "%lu\n", calls);
        fclose(f);
    }
}
