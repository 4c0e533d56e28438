/*
 * io.c - bounded reads and atomic writes (POSIX).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
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
                                    "%s: too large: more than %zu bytes", name,
                                    max);
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

/* Write to what is not a file to replace: a terminal, /dev/null, a pipe
 * or a FIFO (what `-o /dev/stdout` names), straight, without truncating. */
static int write_direct(const char *path, const void *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_NOCTTY), err;
    if (fd < 0) {
        err = errno;
        return pp_error_set(PP_EIO, "cannot open '%s': %s", path,
                            strerror(err));
    }
    if (write_all(fd, data, len) < 0) {
        err = errno;
        close(fd);
        return pp_error_set(PP_EIO, "cannot write '%s': %s", path,
                            strerror(err));
    }
    if (close(fd) < 0) {
        err = errno;
        return pp_error_set(PP_EIO, "cannot write '%s': %s", path,
                            strerror(err));
    }
    return 0;
}

/* Make a rename in the folder of `path` durable. */
static void sync_dir_of(const char *path)
{
    pp_buf dir = PP_BUF_INIT;
    const char *slash = strrchr(path, '/');
    int fd;
    if (!slash)
        pp_buf_putc(&dir, '.');
    else
        pp_buf_put(&dir, path, slash == path ? 1 : (size_t)(slash - path));
    fd = open(pp_buf_cstr(&dir), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd); /* a file system that cannot: nothing to do */
        close(fd);
    }
    pp_buf_dispose(&dir);
}

/* Replace (or create) the regular file `path` by a temporary file beside
 * it, renamed over it; `mode` is the new file's permissions. */
static int replace_file(const char *path, const void *data, size_t len,
                        mode_t mode)
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
    if (write_all(fd, data, len) < 0 || fchmod(fd, mode) < 0 || fsync(fd) < 0) {
        err = errno;
        pp_error_set(PP_EIO, "cannot write '%s': %s", path, strerror(err));
        goto done;
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
    sync_dir_of(path);
    rc = 0;
done:
    if (fd >= 0)
        close(fd);
    if (rc != 0 && tmp.ptr)
        unlink(tmp.ptr);
    pp_buf_dispose(&tmp);
    return rc;
}

int pp_io_write_atomic(const char *path, const void *data, size_t len)
{
    struct stat st;
    char *real = NULL;
    mode_t mask = umask(0);
    int rc, err;

    umask(mask);
    if (lstat(path, &st) < 0) {
        err = errno;
        if (err != ENOENT)
            return pp_error_set(PP_EIO, "cannot write '%s': %s", path,
                                strerror(err));
        /* a new file, with the usual permissions (not mkstemp's 0600) */
        return replace_file(path, data, len, 0666 & ~mask);
    }
    if (S_ISLNK(st.st_mode)) {
        /* Follow a link to its target, as editors do, so the link stays
         * a link; a dangling one is not followed into a new file. */
        if (stat(path, &st) < 0)
            return pp_error_set(PP_EIO,
                                "'%s' is a symbolic link to a "
                                "missing file: not writing through it",
                                path);
        if (S_ISREG(st.st_mode) && !(real = realpath(path, NULL))) {
            err = errno;
            return pp_error_set(PP_EIO, "cannot resolve '%s': %s", path,
                                strerror(err));
        }
    }
    if (S_ISDIR(st.st_mode))
        return pp_error_set(PP_EIO, "cannot write '%s': it is a directory",
                            path);
    if (S_ISBLK(st.st_mode))
        return pp_error_set(PP_EIO,
                            "'%s' is a block device: refusing to "
                            "write to it",
                            path);
    if (!S_ISREG(st.st_mode))
        return write_direct(path, data, len); /* device, FIFO, socket */
    rc = replace_file(real ? real : path, data, len, st.st_mode & 07777);
    free(real);
    return rc;
}

void pp_io_list_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

static int cmp_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int wanted(const char *name, const char *suffix)
{
    size_t len = strlen(name), slen = strlen(suffix);
    return name[0] != '.' && len > slen &&
           strcmp(name + len - slen, suffix) == 0;
}

int pp_io_list_dir(const char *dir, const char *suffix, size_t max, char ***out,
                   size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t count = 0, alloc = 0;
    int rc = 0;

    *out = NULL;
    *n = 0;
    if (!d)
        return pp_error_set(errno == ENOENT ? PP_ENOTFOUND : PP_EIO,
                            "cannot open directory '%s': %s", dir,
                            strerror(errno));
    while ((e = readdir(d))) {
        pp_buf path = PP_BUF_INIT;
        if (!wanted(e->d_name, suffix))
            continue;
        if (count == max) {
            rc = pp_error_set(PP_ETOOBIG,
                              "directory '%s' holds more than "
                              "%zu '*%s' files",
                              dir, max, suffix);
            break;
        }
        if (count == alloc) {
            size_t na = alloc ? alloc * 2 : 16;
            char **p = realloc(names, na * sizeof(*p));
            if (!p) {
                rc = pp_error_set(PP_ENOMEM, "out of memory");
                break;
            }
            names = p;
            alloc = na;
        }
        if (pp_buf_printf(&path, "%s/%s", dir, e->d_name) < 0) {
            rc = PP_ENOMEM;
            break;
        }
        names[count++] = pp_buf_detach(&path);
    }
    closedir(d);
    if (rc < 0) {
        pp_io_list_free(names, count);
        return rc;
    }
    qsort(names, count, sizeof(*names), cmp_paths);
    *out = names;
    *n = count;
    return 0;
}

/* nftw's callback: children come before their folder (FTW_DEPTH), and a
 * link is removed, never followed (FTW_PHYS). */
static int remove_entry(const char *path, const struct stat *st, int kind,
                        struct FTW *where)
{
    (void)st;
    (void)where;
    if (kind == FTW_DP || kind == FTW_D)
        rmdir(path);
    else
        unlink(path);
    return 0; /* what cannot go stays; go on with the rest */
}

void pp_io_remove_tree(const char *path)
{
    /* glibc's walk keeps at most 16 folders open however deep the tree
     * (a hostile checkout can nest folders as deep as a path allows). */
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void pp_io_empty_dir(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d))) {
        pp_buf p = PP_BUF_INIT;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        pp_buf_printf(&p, "%s/%s", path, e->d_name);
        pp_io_remove_tree(p.ptr);
        pp_buf_dispose(&p);
    }
    closedir(d);
}
