/*
 * cmd_blame.c - passport blame ID [FACT]: for each fact, the commit that
 * set its current value (an index lookup, not a line-based blame).
 */
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../schema/render.h"
#include "../core/banned.h"


int cmd_blame(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum cli_output fmt = CLI_OUT_TEXT;
    pp_reg *r = NULL;
    pp_buf id = PP_BUF_INIT, out = PP_BUF_INIT, field = PP_BUF_INIT;
    cJSON *blame = NULL;
    const cJSON *e;
    pp_at at;
    int c, rc;

    cli_getopt_reset();
    while ((c = cli_getopt("blame", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_output("blame", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'h': fputs(cli_help("blame"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (argc - optind < 1 || argc - optind > 2)
        return cli_usage("blame", "expected ID|ALIAS and an optional FACT");
    if (argc - optind == 2)
        pp_buf_printf(&field,
                      pp_vocab_lookup(argv[optind + 1]) ? "facts/%s" : "%s",
                      argv[optind + 1]);
    if ((rc = cli_open_reg("blame", &r)) != 0)
        return rc;
    if ((rc = cli_at("blame", r, NULL, &at)) != 0 ||
        (rc = cli_resolve_id("blame", r, &at, argv[optind], &id)) != 0)
        goto done;
    if ((rc = pp_reg_blame(r, id.ptr, field.len ? field.ptr : NULL, &blame)) <
        0) {
        rc = cli_lib_fail("blame", rc);
        goto done;
    }
    if (fmt == CLI_OUT_JSON) {
        pp_json_write_canonical(&out, blame, NULL);
    } else {
        cJSON_ArrayForEach(e, blame)
        {
            const char *f = pp_json_str(e, "field", "");
            pp_buf v = PP_BUF_INIT;
            const cJSON *val = pp_json_get(e, "value");
            if (!strncmp(f, "facts/", 6)) {
                /* The value alone: evidence would make lines too long. */
                cJSON *bare = cJSON_Duplicate(val, 1);
                cJSON_DeleteItemFromObject(bare, "evidence");
                pp_render_field(&v, f, bare);
                cJSON_Delete(bare);
            } else {
                pp_render_field(&v, f, val);
            }
            if (v.len > 60) {
                v.len = 57;
                while (v.len && (v.ptr[v.len] & 0xC0) == 0x80)
                    v.len--; /* do not cut a UTF-8 sequence */
                v.ptr[v.len] = '\0';
                pp_buf_puts(&v, "...");
            }
            pp_buf_printf(&out, "%.12s %.10s %-20s %s: %s\n",
                          pp_json_str(e, "commit", ""),
                          pp_json_str(e, "date", ""),
                          pp_json_str(e, "author", ""), f, pp_buf_cstr(&v));
            pp_buf_dispose(&v);
        }
    }
    rc = cli_flush("blame", &out);
done:
    cJSON_Delete(blame);
    pp_buf_dispose(&id);
    pp_buf_dispose(&field);
    pp_buf_dispose(&out);
    pp_reg_free(r);
    return rc;
}
