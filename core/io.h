/*
 * io.h - bounded reads and atomic writes.
 *
 * Input files are untrusted: pp_io_read_file() never reads more than the
 * bound it is given, whatever the file claims to be.  Output files are
 * replaced atomically (temporary file in the same directory, fsync, rename)
 * so a crash leaves either the old or the new content, never a mix.
 * Folders are listed in a stable order, so what is read from one does not
 * depend on the file system.
 */
#ifndef PP_IO_H
#define PP_IO_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"

/* Default bound for one passport, rule or schema file (bytes). */
#define PP_MAX_FILE_BYTES ((size_t)1 << 20)

/* Read `path` ("-" is standard input) into `out` (appending).
 * Returns 0, PP_ETOOBIG when the content exceeds `max` bytes (nothing is
 * kept), or PP_EIO.  The message names the file. */
int pp_io_read_file(pp_buf *out, const char *path, size_t max);

/* Same, from an open stream; `name` is used in messages. */
int pp_io_read_stream(pp_buf *out, FILE *f, const char *name, size_t max);

/* Write `len` bytes of `data` to `path`:
 *   - a new path or a regular file: atomically (a temporary file beside
 *     it, fsync, rename, fsync of the folder), keeping the old file's
 *     permissions; on failure the old file is untouched and no temporary
 *     remains;
 *   - a symbolic link: through it to its target, which is replaced as
 *     above (the link stays a link); a dangling link is refused;
 *   - a character device, FIFO or socket (/dev/null, /dev/stdout, a
 *     pipe): written straight, never replaced by a file;
 *   - a directory or a block device: refused.
 * Returns 0, PP_EIO (the message names the path) or PP_ENOMEM. */
int pp_io_write_atomic(const char *path, const void *data, size_t len);

/* Default bound on the files pp_io_list_dir() returns. */
#define PP_IO_MAX_DIR_FILES 100000

/* The paths ("DIR/NAME") of the files of `dir` whose name ends in
 * `suffix` (".json"), sorted bytewise; names starting with '.' are
 * skipped.  On success *paths is caller-owned (pp_io_list_free).  More
 * than `max` such files: PP_ETOOBIG.  Returns 0, PP_ENOTFOUND (no such
 * folder), PP_EIO, PP_ETOOBIG or PP_ENOMEM; the message names the folder. */
int pp_io_list_dir(const char *dir, const char *suffix, size_t max,
                   char ***paths, size_t *n);

/* Release a list from pp_io_list_dir(); `paths` may be NULL. */
void pp_io_list_free(char **paths, size_t n);

/* Remove the file or folder `path` and everything in it, as `rm -rf`
 * (what a failed create, clone or fetch made); a symbolic link is removed,
 * never followed.  Errors are ignored: what cannot go stays. */
void pp_io_remove_tree(const char *path);

/* Remove everything in the folder `path`, keeping the folder (what a
 * failed init put into a folder that was there before).  Errors are
 * ignored as in pp_io_remove_tree(). */
void pp_io_empty_dir(const char *path);

#endif
