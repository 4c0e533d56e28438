/*
 * cmd_diff.c - passport diff [REV1 [REV2]] [ID]: what changed, fact by
 * fact, never as text lines.
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_diff(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    const char *revs[2] = {NULL, NULL}, *name = NULL;
    int nrev = 0, c, rc;
    pp_reg *r = NULL;
    pp_buf id = PP_BUF_INIT, out = PP_BUF_INIT;
    cJSON *diff = NULL;
    pp_at at;

    cli_getopt_reset();
    while ((c = cli_getopt("diff", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("diff", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("diff"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind > 3)
        return cli_usage("diff", "expected at most REV1 REV2 ID");
    if ((rc = cli_open_reg("diff", &r)) != 0)
        return rc;
    for (int i = optind; i < argc; i++) {
        if (!name && nrev < 2 && pp_reg_is_revision(r, argv[i]))
            revs[nrev++] = argv[i];
        else if (!name && i == argc - 1)
            name = argv[i];
        else {
            rc = cli_fail(PP_EXIT_FAILURE, "diff",
                          "no revision '%s' in the "
                          "registry",
                          argv[i]);
            goto done;
        }
    }
    if (name) {
        if ((rc = cli_at("diff", r, NULL, &at)) != 0)
            goto done;
        if (pp_reg_resolve(r, &at, name, &id) < 0) {
            pp_buf_clear(&id);
            pp_buf_puts(&id, name); /* a removed passport: its id */
        }
    }
    /* One revision means "from it to the tip". */
    rc = pp_reg_diff(r,
                     nrev == 2   ? revs[0]
                     : nrev == 1 ? revs[0]
                                 : NULL,
                     nrev == 2 ? revs[1] : NULL, id.len ? id.ptr : NULL, &diff);
    if (rc < 0) {
        rc = cli_lib_fail("diff", rc);
        goto done;
    }
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, diff, NULL);
    } else {
        const cJSON *ch;
        const char *from = pp_json_str(diff, "from", "");
        pp_buf_printf(&out, "diff %.12s..%.12s\n", *from ? from : "(empty)",
                      pp_json_str(diff, "to", ""));
        cJSON_ArrayForEach(ch, pp_json_get(diff, "changes"))
        {
            const char *field = pp_json_str(ch, "field", "");
            const cJSON *o = pp_json_get(ch, "old");
            const cJSON *n = pp_json_get(ch, "new");
            pp_buf_printf(&out, "%s %s: %s\n", pp_json_str(ch, "passport", ""),
                          field, pp_json_str(ch, "change", ""));
            if (!cJSON_IsNull(o)) {
                pp_buf_puts(&out, "  - ");
                pp_render_field(&out, field, o);
                pp_buf_putc(&out, '\n');
            }
            if (!cJSON_IsNull(n)) {
                pp_buf_puts(&out, "  + ");
                pp_render_field(&out, field, n);
                pp_buf_putc(&out, '\n');
            }
        }
        if (cJSON_GetArraySize(pp_json_get(diff, "changes")) == 0)
            pp_buf_puts(&out, "no changes\n");
    }
    rc = cli_flush("diff", &out);
done:
    cJSON_Delete(diff);
    pp_buf_dispose(&id);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
