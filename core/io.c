/*
 * io.c - bounded reads and atomic writes (POSIX).
 */
#define _POSIX_C_SOURCE 200809L
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "banned.h"

int pp_io_read_stream(pp_buf *out, FILE *f, const char *name, size_t max)
{
    size_t start = out->len;
    char chunk[65536];

    for (;;) {
        size_t n = fread(chunk, 1, sizeof(chunk), f);
        if (n > 0) {
            if (out->len - start + n > max) {
                out->len = start;
                if (out->ptr)
                    out->ptr[start] = '\0';
                return pp_error_set(PP_ETOOBIG,
                                    "%s: too large: more than %zu bytes",
                                    name, max);
            }
            if (pp_buf_put(out, chunk, n) < 0)
                return PP_ENOMEM;
        }
        if (n < sizeof(chunk)) {
            if (ferror(f))
                return pp_error_set(PP_EIO, "%s: cannot read: %s", name,
                                    strerror(errno));
            break;
        }
    }
    return 0;
}

int pp_io_read_file(pp_buf *out, const char *path, size_t max)
{
    FILE *f;
    struct stat st;
    int rc;

    if (strcmp(path, "-") == 0)
        return pp_io_read_stream(out, stdin, "<stdin>", max);
    f = fopen(path, "rb");
    if (!f)
        return pp_error_set(errno == ENOENT ? PP_ENOTFOUND : PP_EIO,
                            "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fclose(f);
            return pp_error_set(PP_EIO, "%s: cannot read: is a directory",
                                path);
        }
        if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
            fclose(f);
            return pp_error_set(PP_ETOOBIG,
                                "%s: too large: %lld bytes, the limit is %zu",
                                path, (long long)st.st_size, max);
        }
    }
    rc = pp_io_read_stream(out, f, path, max);
    fclose(f);
    return rc;
}

static int write_all(int fd, const char *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int pp_io_write_atomic(const char *path, const void *data, size_t len)
{
    pp_buf tmp = PP_BUF_INIT;
    int fd = -1, rc = PP_EIO, err;

    if (pp_buf_printf(&tmp, "%s.tmp.XXXXXX", path) < 0)
        return PP_ENOMEM;
    fd = mkstemp(tmp.ptr);
    if (fd < 0) {
        err = errno;
        pp_error_set(PP_EIO, "cannot create a temporary file beside '%s': %s",
                     path, strerror(err));
        goto done;
    }
    if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
        err = errno;
        pp_error_set(PP_EIO, "cannot write '%s': %s", path, strerror(err));
        goto done;
    }
    {
        /* Keep the usual permissions of a new file rather than mkstemp's 0600. */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    if (close(fd) < 0) {
        fd = -1;
        err = errno;
        pp_error_set(PP_EIO, "cannot write '%s': %s", path, strerror(err));
        goto done;
    }
    fd = -1;
    if (rename(tmp.ptr, path) < 0) {
        err = errno;
        pp_error_set(PP_EIO, "cannot replace '%s': %s", path, strerror(err));
        goto done;
    }
    rc = 0;
done:
    if (fd >= 0)
        close(fd);
    if (rc != 0 && tmp.ptr)
        unlink(tmp.ptr);
    pp_buf_dispose(&tmp);
    return rc;
}
