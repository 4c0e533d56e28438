/*
 * cmd_fmt.c - passport fmt [--check] [FILE...]: rewrite passport files in
 * canonical form, or report the ones that are not.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/io.h"
#include "../core/banned.h"


/* Returns 0 canonical/written, 1 not canonical (--check) or invalid,
 * 3 other failure. */
static int fmt_one(const char *path, int check, pp_diags *diags)
{
    pp_buf data = PP_BUF_INIT, canon = PP_BUF_INIT;
    pp_passport *p = NULL;
    char *expect = NULL;
    int rc, is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;

    rc = pp_io_read_file(&data, path, PP_MAX_FILE_BYTES);
    if (rc < 0) {
        pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s", pp_error_last());
        rc = rc == PP_ETOOBIG ? PP_EXIT_CHECK : PP_EXIT_FAILURE;
        goto done;
    }
    expect = is_stdin ? NULL : pp_passport_expected_id(path);
    rc = pp_passport_load_buffer(&p, pp_buf_cstr(&data), data.len, name, expect,
                                 diags);
    if (rc < 0) {
        rc = rc == PP_EINVALID ? PP_EXIT_CHECK : PP_EXIT_FAILURE;
        goto done;
    }
    if (pp_passport_canonical(pp_passport_json(p), &canon) < 0) {
        pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s", pp_error_last());
        rc = PP_EXIT_FAILURE;
        goto done;
    }
    if (is_stdin) {
        rc = check ? (canon.len == data.len &&
                              memcmp(canon.ptr, data.ptr, data.len) == 0
                          ? 0
                          : PP_EXIT_CHECK)
                   : cli_flush("fmt", &canon);
        if (check && rc)
            pp_diags_add(diags, PP_SEV_ERROR, name, NULL,
                         "not in canonical form");
        goto done;
    }
    if (canon.len == data.len && memcmp(canon.ptr, data.ptr, data.len) == 0) {
        rc = 0;
        goto done;
    }
    if (check) {
        pp_diags_add(diags, PP_SEV_ERROR, name, NULL,
                     "not in canonical form (run 'passport fmt %s')", path);
        rc = PP_EXIT_CHECK;
        goto done;
    }
    if (pp_io_write_atomic(path, canon.ptr, canon.len) < 0) {
        pp_diags_add(diags, PP_SEV_ERROR, NULL, NULL, "%s", pp_error_last());
        rc = PP_EXIT_FAILURE;
        goto done;
    }
    fprintf(stderr, "formatted %s\n", path);
    rc = 0;
done:
    pp_passport_free(p);
    free(expect);
    pp_buf_dispose(&data);
    pp_buf_dispose(&canon);
    return rc;
}

int cmd_fmt(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"check", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char **files = NULL;
    size_t nfiles = 0;
    int c, check = 0, own = 0, worst = 0;
    pp_diags diags = PP_DIAGS_INIT;

    cli_getopt_reset();
    while ((c = cli_getopt("fmt", argc, argv, ":ch", longopts)) != -1) {
        switch (c) {
        case 'c': check = 1; break;
        case 'h': fputs(cli_help("fmt"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        files = argv + optind;
        nfiles = (size_t)(argc - optind);
    } else {
        if (pp_io_list_dir(pp_reg_shipped_dir(), ".json",
                           PP_REGISTRY_MAX_PASSPORTS, &files, &nfiles) < 0)
            return cli_fail(PP_EXIT_FAILURE, "fmt", "%s", pp_error_last());
        own = 1;
    }
    for (size_t i = 0; i < nfiles; i++) {
        int rc = fmt_one(files[i], check, &diags);
        /* 3 (failure) outranks 1 (check): report the worse. */
        if (rc > worst)
            worst = rc;
    }
    cli_print_diags(stderr, &diags);
    pp_diags_dispose(&diags);
    if (own)
        pp_io_list_free(files, nfiles);
    return worst;
}
