/*
 * failio.c - an LD_PRELOAD shim for I/O fault injection, as SQLite's test
 * VFS fails its writes: with PASSPORT_FAIL_IO=N the N-th call to write,
 * pwrite, writev, pwritev, ftruncate, fsync, fdatasync, rename, renameat,
 * renameat2, link or linkat (libgit2 moves its objects in place with
 * link) fails with errno EIO (PASSPORT_FAIL_IO_ERRNO=ENOSPC for a
 * full disk), once; with PASSPORT_FAIL_IO_PERSIST=1 every such call from
 * the N-th on fails (a disk that stays full).  With PASSPORT_COUNT_IO=FILE
 * the number of calls is written to FILE at exit, with the name of the
 * call that failed.  Writes to standard input, output and error are
 * neither counted nor failed.  Every process function is interposed, so
 * libgit2's and SQLite's writes count as passport's own do (glibc's stdio
 * writes through its internal entry points and is not seen).  Test-only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static unsigned long calls, fail_at;
static int ready, persist, fail_errno = EIO;
static const char *failed; /* the name of the call that failed first */

/* Called at the failing call: a place for a debugger's breakpoint
 * ("break failio_hit", then "bt"). */
__attribute__((noinline)) void failio_hit(void);
__attribute__((noinline)) void failio_hit(void)
{
    __asm__ volatile("");
}

static int should_fail(int fd, const char *name)
{
    if (!ready) {
        const char *s = getenv("PASSPORT_FAIL_IO");
        const char *e = getenv("PASSPORT_FAIL_IO_ERRNO");
        const char *p = getenv("PASSPORT_FAIL_IO_PERSIST");
        fail_at = s ? strtoul(s, NULL, 10) : 0;
        persist = p && *p == '1';
        if (e && strcmp(e, "ENOSPC") == 0)
            fail_errno = ENOSPC;
        ready = 1;
    }
    if (fd >= 0 && fd <= 2)
        return 0;
    ++calls;
    if (!fail_at || !(calls == fail_at || (persist && calls > fail_at)))
        return 0;
    if (!failed)
        failed = name;
    failio_hit();
    errno = fail_errno;
    return 1;
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

ssize_t write(int fd, const void *buf, size_t n)
{
    return should_fail(fd, "write") ? -1 : NEXT(write)(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    return should_fail(fd, "pwrite") ? -1 : NEXT(pwrite)(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
    return should_fail(fd, "pwrite64") ? -1 : NEXT(pwrite64)(fd, buf, n, off);
}

ssize_t writev(int fd, const struct iovec *iov, int n)
{
    return should_fail(fd, "writev") ? -1 : NEXT(writev)(fd, iov, n);
}

ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
    return should_fail(fd, "pwritev") ? -1 : NEXT(pwritev)(fd, iov, n, off);
}

int ftruncate(int fd, off_t len)
{
    return should_fail(fd, "ftruncate") ? -1 : NEXT(ftruncate)(fd, len);
}

int ftruncate64(int fd, off64_t len)
{
    return should_fail(fd, "ftruncate64") ? -1 : NEXT(ftruncate64)(fd, len);
}

int fsync(int fd)
{
    return should_fail(fd, "fsync") ? -1 : NEXT(fsync)(fd);
}

int fdatasync(int fd)
{
    return should_fail(fd, "fdatasync") ? -1 : NEXT(fdatasync)(fd);
}

int rename(const char *from, const char *to)
{
    return should_fail(-1, "rename") ? -1 : NEXT(rename)(from, to);
}

int renameat(int dfrom, const char *from, int dto, const char *to)
{
    return should_fail(-1, "renameat") ? -1
                                       : NEXT(renameat)(dfrom, from, dto, to);
}

int renameat2(int dfrom, const char *from, int dto, const char *to,
              unsigned flags)
{
    return should_fail(-1, "renameat2")
               ? -1
               : NEXT(renameat2)(dfrom, from, dto, to, flags);
}

int link(const char *from, const char *to)
{
    return should_fail(-1, "link") ? -1 : NEXT(link)(from, to);
}

int linkat(int dfrom, const char *from, int dto, const char *to, int flags)
{
    return should_fail(-1, "linkat")
               ? -1
               : NEXT(linkat)(dfrom, from, dto, to, flags);
}

__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("PASSPORT_COUNT_IO");
    FILE *f;
    if (path && (f = fopen(path, "w"))) {
        fprintf(f, "%lu %s\n", calls, failed ? failed : "-");
        fclose(f);
    }
}
