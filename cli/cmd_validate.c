/*
 * cmd_validate.c - passport validate [FILE...]: check passport files
 * against the schema and the semantic rules; with no FILE, every shipped
 * passport.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"


static void print_text(const pp_reg_set *s, size_t invalid, size_t failed)
{
    size_t n = s->nentries;
    cli_print_diags(stderr, &s->diags);
    if (invalid + failed == 0)
        printf("%zu passport%s valid\n", n, n == 1 ? "" : "s");
    if (invalid)
        fprintf(stderr, "%zu of %zu passport%s invalid\n", invalid, n,
                n == 1 ? "" : "s");
    if (failed)
        fprintf(stderr, "%zu of %zu file%s could not be read\n", failed, n,
                n == 1 ? "" : "s");
}

/* Every passport of the registry at `at_spec` into `s`; 0 or an exit
 * status (printed). */
static int load_registry(const char *at_spec, pp_reg_set *s)
{
    pp_reg *r = NULL;
    pp_at at;
    int rc = cli_open_reg("validate", &r);
    if (rc == 0 && (rc = cli_at("validate", r, at_spec, &at)) == 0 &&
        (rc = pp_reg_load_all(r, &at, s)) < 0)
        rc = cli_lib_fail("validate", rc);
    pp_reg_free(r);
    return rc;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg_set s = {0};
    size_t invalid = 0, failed = 0;
    const char *at_spec = NULL;
    int c, rc, in_registry;

    cli_getopt_reset();
    while ((c = cli_getopt("validate", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("validate", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(cli_help("validate"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (!(in_registry = optind >= argc) && at_spec)
        return cli_usage("validate", "--at applies to the registry, not to "
                                     "files");
    if (in_registry)
        rc = load_registry(at_spec, &s);
    else if ((rc = pp_reg_load_files((const char *const *)argv + optind,
                                     (size_t)(argc - optind), &s)) < 0)
        rc = cli_lib_fail("validate", rc);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < s.nentries; i++) {
        if (s.entries[i].rc == PP_EINVALID || s.entries[i].rc == PP_ETOOBIG)
            invalid++;
        else if (s.entries[i].rc < 0)
            failed++;
    }
    if (fmt == CLI_OUT_JSON) {
        cJSON *report = pp_reg_set_report(&s);
        pp_buf out = PP_BUF_INIT;
        pp_json_write_canonical(&out, report, NULL);
        rc = cli_flush("validate", &out);
        pp_buf_dispose(&out);
        cJSON_Delete(report);
    } else {
        print_text(&s, invalid, failed);
    }
    if (rc == PP_EXIT_OK)
        rc = failed ? PP_EXIT_FAILURE : invalid ? PP_EXIT_CHECK : PP_EXIT_OK;
    pp_reg_set_dispose(&s);
    return rc;
}
