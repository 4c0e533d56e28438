/*
 * cmd_validate.c - passport validate [FILE...]: check passport files
 * against the schema and the semantic rules; with no FILE, every shipped
 * passport.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/banned.h"

static const char usage_text[] =
    "usage: passport validate [--at REV|DATE] [--format text|json] "
    "[FILE...]\n"
    "\n"
    "Validate passport files: strict JSON, the schema\n"
    "(schema/passport.schema.json) and the rules JSON Schema cannot state\n"
    "(id equals the file name, evidence sources exist, active <= total\n"
    "parameters, ...).  With no FILE, validate every passport of the\n"
    "registry (at --at, default the tip).  '-' reads one passport from\n"
    "standard input.\n"
    "\n"
    "Each error is one line on standard error: FILE: POINTER: message.\n"
    "\n"
    "  -f, --format FMT   text (default) or json: {\"files\": [{\"file\",\n"
    "                     \"valid\", \"errors\": [{\"pointer\", \"message\"}]}],\n"
    "                     \"summary\": {\"files\", \"valid\", \"invalid\"}}\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 all valid, 1 some file invalid, 2 usage, 3 other error\n";

static void add_file_json(cJSON *files, const char *file, const pp_diags *d,
                          size_t first)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *errs = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "file", file);
    cJSON_AddBoolToObject(o, "valid", d->count == first);
    for (size_t i = first; i < d->count; i++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "pointer", d->items[i].pointer);
        cJSON_AddStringToObject(e, "message", d->items[i].message);
        cJSON_AddItemToArray(errs, e);
    }
    cJSON_AddItemToObject(o, "errors", errs);
    cJSON_AddItemToArray(files, o);
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    enum pp_format fmt = PP_FMT_TEXT;
    char **files = NULL;
    size_t nfiles = 0, invalid = 0, failed = 0;
    int c, rc = PP_EXIT_OK;
    pp_diags diags = PP_DIAGS_INIT;
    cJSON *jfiles = NULL, *items = NULL;
    pp_reg *r = NULL;
    pp_at at;
    const char *at_spec = NULL;

    cli_getopt_reset();
    while ((c = cli_getopt("validate", argc, argv, ":f:h", longopts)) != -1) {
        switch (c) {
        case 'f':
            if (cli_parse_format("validate", optarg, "text,json", &fmt) < 0)
                return PP_EXIT_USAGE;
            break;
        case 'a':
            at_spec = optarg;
            break;
        case 'h':
            fputs(usage_text, stdout);
            return PP_EXIT_OK;
        default:
            return PP_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        files = argv + optind;
        nfiles = (size_t)(argc - optind);
        if (at_spec)
            return cli_usage("validate", "--at applies to the registry, not "
                             "to files");
    } else {
        if ((rc = cli_open_reg("validate", &r)) != 0)
            return rc;
        if ((rc = cli_at("validate", r, at_spec, &at)) != 0)
            goto out;
        if ((rc = pp_reg_list(r, &at, NULL, &items)) < 0) {
            rc = cli_lib_fail("validate", rc);
            goto out;
        }
        nfiles = (size_t)cJSON_GetArraySize(items);
    }
    if (fmt == PP_FMT_JSON)
        jfiles = cJSON_CreateArray();

    for (size_t i = 0; i < nfiles; i++) {
        pp_passport *p = NULL;
        size_t first = diags.count;
        const char *id = NULL;
        pp_buf name = PP_BUF_INIT;
        int lr;
        if (files) {
            lr = pp_passport_load_file(&p, files[i], &diags);
            pp_buf_puts(&name, files[i]);
        } else {
            id = cJSON_GetObjectItemCaseSensitive(
                     cJSON_GetArrayItem(items, (int)i), "id")->valuestring;
            lr = pp_reg_load(r, &at, id, &p, &diags);
            pp_buf_printf(&name, "registry:passports/%s.json", id);
        }
        if (lr < 0 && lr != PP_EINVALID)
            pp_diags_add(&diags, PP_SEV_ERROR, NULL, NULL, "%s",
                         pp_error_last());
        if (lr == PP_EINVALID || lr == PP_ETOOBIG)
            invalid++;
        else if (lr < 0)
            failed++;
        if (jfiles)
            add_file_json(jfiles, name.ptr, &diags, first);
        pp_buf_dispose(&name);
        pp_passport_free(p);
    }

    if (fmt == PP_FMT_JSON) {
        cJSON *root = cJSON_CreateObject();
        cJSON *sum = cJSON_CreateObject();
        pp_buf out = PP_BUF_INIT;
        cJSON_AddItemToObject(root, "files", jfiles);
        cJSON_AddNumberToObject(sum, "files", (double)nfiles);
        cJSON_AddNumberToObject(sum, "valid",
                                (double)(nfiles - invalid - failed));
        cJSON_AddNumberToObject(sum, "invalid", (double)(invalid + failed));
        cJSON_AddItemToObject(root, "summary", sum);
        pp_json_write_canonical(&out, root, NULL);
        rc = cli_flush("validate", &out);
        pp_buf_dispose(&out);
        cJSON_Delete(root);
    } else {
        cli_print_diags(stderr, &diags);
        if (invalid + failed == 0)
            printf("%zu passport%s valid\n", nfiles, nfiles == 1 ? "" : "s");
        if (invalid)
            fprintf(stderr, "%zu of %zu passport%s invalid\n", invalid,
                    nfiles, nfiles == 1 ? "" : "s");
        if (failed)
            fprintf(stderr, "%zu of %zu file%s could not be read\n", failed,
                    nfiles, nfiles == 1 ? "" : "s");
    }
    if (rc == PP_EXIT_OK)
        rc = failed ? PP_EXIT_FAILURE : invalid ? PP_EXIT_CHECK : PP_EXIT_OK;
out:
    pp_diags_dispose(&diags);
    cJSON_Delete(items);
    pp_reg_free(r);
    return rc;
}
