/*
 * cmd_edit.c - passport edit ID: edit the canonical file in $EDITOR,
 * validate, commit.  An invalid result is shown with its errors and
 * offered again; it is never committed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/io.h"
#include "../core/banned.h"


/* Run the editor on `path`.  The editor setting may hold arguments
 * ("code -w"), so it runs through sh; the path is passed as an argument,
 * never pasted into the command text. */
static int run_editor(const char *path)
{
    const char *ed = getenv("EDITOR");
    pp_buf cmd = PP_BUF_INIT;
    pid_t pid;
    int status;

    if (!ed || !*ed)
        ed = getenv("VISUAL");
    if (!ed || !*ed)
        ed = "vi";
    pp_buf_printf(&cmd, "%s \"$@\"", ed);
    pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd.ptr, ed, path, (char *)NULL);
        _exit(127);
    }
    pp_buf_dispose(&cmd);
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return pp_error_set(PP_EIO, "cannot run the editor '%s'", ed);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return pp_error_set(PP_EIO, "the editor '%s' failed (exit status %d)",
                            ed, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 0;
}

static int ask_again(void)
{
    char line[64];
    fputs("passport edit: the passport is invalid. Edit it again? [Y/n] ",
          stderr);
    fflush(stderr);
    if (!fgets(line, sizeof(line), stdin))
        return 0;
    return line[0] != 'n' && line[0] != 'N';
}

int cmd_edit(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"message", required_argument, NULL, 'm'},
        {"author", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *msg = NULL, *author = NULL;
    char dir[] = "/tmp/passport-edit-XXXXXX";
    pp_buf id = PP_BUF_INIT, path = PP_BUF_INIT, before = PP_BUF_INIT;
    pp_buf after = PP_BUF_INIT, commit = PP_BUF_INIT, dmsg = PP_BUF_INIT;
    pp_reg *r = NULL;
    pp_who *who = NULL;
    pp_passport *p = NULL;
    pp_diags d = PP_DIAGS_INIT;
    pp_at at;
    int c, rc, made_dir = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("edit", argc, argv, ":m:h", longopts)) != -1) {
        switch (c) {
        case 'm': msg = optarg; break;
        case 'A': author = optarg; break;
        case 'h': fputs(cli_help("edit"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind != 1)
        return cli_usage("edit", "expected one ID|ALIAS");
    if ((rc = cli_open_reg("edit", &r)) != 0)
        return rc;
    if ((rc = cli_who("edit", r, author, &who)) != 0 ||
        (rc = cli_at("edit", r, NULL, &at)) != 0 ||
        (rc = cli_resolve_id("edit", r, &at, argv[optind], &id)) != 0)
        goto done;
    if ((rc = pp_reg_load(r, &at, id.ptr, &p, &d)) < 0) {
        cli_print_diags(stderr, &d);
        rc = cli_lib_fail("edit", rc);
        goto done;
    }
    pp_passport_canonical(pp_passport_json(p), &before);
    if (!mkdtemp(dir)) {
        rc = cli_fail(PP_EXIT_FAILURE, "edit",
                      "cannot create a temporary "
                      "folder");
        goto done;
    }
    made_dir = 1;
    pp_buf_printf(&path, "%s/%s.json", dir, id.ptr);
    if (pp_io_write_atomic(path.ptr, before.ptr, before.len) < 0) {
        rc = cli_lib_fail("edit", PP_EIO);
        goto done;
    }
    for (;;) {
        pp_passport *edited = NULL;
        pp_diags_dispose(&d);
        if ((rc = run_editor(path.ptr)) < 0) {
            rc = cli_lib_fail("edit", rc);
            goto done;
        }
        pp_buf_clear(&after);
        if ((rc = pp_io_read_file(&after, path.ptr, PP_MAX_FILE_BYTES)) < 0) {
            rc = cli_lib_fail("edit", rc);
            goto done;
        }
        if (after.len == before.len &&
            !memcmp(after.ptr, before.ptr, after.len)) {
            printf("no change: nothing committed\n");
            rc = PP_EXIT_OK;
            goto done;
        }
        rc = pp_passport_load_file(&edited, path.ptr, &d);
        pp_passport_free(edited);
        if (rc == 0)
            break;
        cli_print_diags(stderr, &d);
        if (!ask_again()) {
            rc = cli_fail(PP_EXIT_CHECK, "edit",
                          "the passport is invalid: "
                          "nothing committed");
            goto done;
        }
    }
    if (!msg)
        pp_buf_printf(&dmsg, "edit %s", id.ptr);
    rc = pp_reg_put_text(r, after.ptr, after.len, path.ptr,
                         msg ? msg : dmsg.ptr, who, &d, &commit);
    if (rc < 0) {
        cli_print_diags(stderr, &d);
        rc = cli_lib_fail("edit", rc);
        goto done;
    }
    if (commit.len)
        printf("committed %.12s: %s\n", commit.ptr, id.ptr);
    else
        printf("no change: nothing committed\n");
    rc = PP_EXIT_OK;
done:
    if (made_dir) {
        unlink(path.ptr);
        rmdir(dir);
    }
    pp_passport_free(p);
    pp_diags_dispose(&d);
    pp_who_free(who);
    pp_reg_free(r);
    pp_buf_dispose(&id);
    pp_buf_dispose(&path);
    pp_buf_dispose(&before);
    pp_buf_dispose(&after);
    pp_buf_dispose(&commit);
    pp_buf_dispose(&dmsg);
    return rc;
}
