/*
 * cmd_doctor.c - passport doctor: check the git objects and the index,
 * changing nothing.
 */
#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

/* "objects: ok (N read)" or "objects: N problems" and one line each. */
static void section(pp_buf *out, const char *name, const cJSON *part)
{
    const cJSON *problems = pp_json_get(part, "problems"), *p;
    int n = cJSON_GetArraySize(problems);
    const cJSON *checked = pp_json_get(part, "checked");

    if (!n && checked)
        pp_buf_printf(out, "%s: ok (%.0f read)\n", name, checked->valuedouble);
    else if (!n)
        pp_buf_printf(out, "%s: ok\n", name);
    else
        pp_buf_printf(out, "%s: %d problem%s\n", name, n, n == 1 ? "" : "s");
    cJSON_ArrayForEach(p, problems)
        pp_buf_printf(out, "  %s\n", p->valuestring);
}

int cmd_doctor(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg *r = NULL;
    pp_buf path = PP_BUF_INIT, out = PP_BUF_INIT;
    cJSON *res = NULL;
    int c, rc, is_default, healthy;

    cli_getopt_reset();
    while ((c = cli_getopt("doctor", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("doctor", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("doctor"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind != argc)
        return cli_usage("doctor", "unexpected argument '%s'", argv[optind]);
    /* Open without the usual index update, which would repair what the
     * doctor is to report. */
    if ((rc = pp_reg_locate(cli_registry_option, &path, &is_default)) < 0 ||
        (rc = pp_reg_open(&r, path.ptr)) < 0 ||
        (rc = pp_reg_doctor(r, &res)) < 0) {
        rc = cli_lib_fail("doctor", rc);
        goto done;
    }
    healthy = cJSON_IsTrue(pp_json_get(res, "healthy"));
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, res, NULL);
    } else {
        section(&out, "objects", pp_json_get(res, "objects"));
        section(&out, "index", pp_json_get(res, "index"));
        if (cJSON_GetArraySize(
                pp_json_get(pp_json_get(res, "index"), "problems")))
            pp_buf_puts(&out, "the index is a cache of the history: "
                              "'passport reindex' rebuilds it\n");
    }
    rc = cli_flush("doctor", &out);
    if (rc == PP_EXIT_OK && !healthy)
        rc = PP_EXIT_CHECK;
done:
    cJSON_Delete(res);
    pp_buf_dispose(&out);
    pp_buf_dispose(&path);
    pp_reg_free(r);
    return rc;
}
