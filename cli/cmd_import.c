/*
 * cmd_import.c - passport import --epoch FILE.csv --as-leads: the rows of
 * a peer database that match no passport, written as candidate passports
 * for a curator to review (docs/PEERS.md).  Nothing enters the registry.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/io.h"
#include "../peers/peers.h"
#include "../schema/passport.h"
#include "../core/banned.h"


int cmd_import(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"epoch", required_argument, NULL, 'e'},
        {"as-leads", no_argument, NULL, 'l'},
        {"output", required_argument, NULL, 'o'},
        {"at", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *file = NULL, *dir = "leads", *at_spec = NULL;
    struct cli_set set;
    pp_csv *csv = NULL;
    cJSON *leads = NULL;
    const cJSON *doc;
    size_t skipped = 0;
    int c, rc, leads_mode = 0, wrote = 0, kept = 0, failed = 0;

    cli_getopt_reset();
    while ((c = cli_getopt("import", argc, argv, ":o:h", longopts)) != -1) {
        switch (c) {
        case 'e': file = optarg; break;
        case 'l': leads_mode = 1; break;
        case 'o': dir = optarg; break;
        case 'a': at_spec = optarg; break;
        case 'h': fputs(cli_help("import"), stdout); return PP_EXIT_OK;
        default: return PP_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return cli_usage("import", "unexpected argument '%s'", argv[optind]);
    if (!file)
        return cli_usage("import", "give the peer file: --epoch FILE.csv");
    if (!leads_mode)
        return cli_usage("import", "peer figures are imported only as leads: "
                                   "add --as-leads");
    if ((rc = cli_read_csv("import", file, &csv)) != 0)
        return rc;
    if ((rc = cli_load_set("import", at_spec, &set)) != 0) {
        pp_csv_free(csv);
        return rc;
    }
    leads = cJSON_CreateArray();
    if (!leads ||
        pp_epoch_leads(csv, set.docs, set.n, file, leads, &skipped) < 0) {
        rc = cli_fail(PP_EXIT_FAILURE, "import", "%s: %s", file,
                      pp_error_last());
        goto done;
    }
    if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
        rc = cli_fail(PP_EXIT_FAILURE, "import", "cannot create '%s': %s", dir,
                      strerror(errno));
        goto done;
    }
    cJSON_ArrayForEach(doc, leads)
    {
        const char *id = pp_json_str(doc, "id", "");
        pp_buf text = PP_BUF_INIT, path = PP_BUF_INIT;
        pp_passport *p = NULL;
        pp_diags d = PP_DIAGS_INIT;
        pp_buf_printf(&path, "%s/%s.json", dir, id);
        if (pp_passport_canonical(doc, &text) < 0 ||
            pp_passport_load_buffer(&p, text.ptr, text.len, path.ptr, id, &d) <
                0) {
            cli_print_diags(stderr, &d);
            fprintf(stderr,
                    "passport import: %s: the candidate does not "
                    "validate; not written\n",
                    path.ptr);
            failed++;
        } else if (access(path.ptr, F_OK) == 0) {
            printf("kept %s (exists; remove it to write it again)\n", path.ptr);
            kept++;
        } else if (pp_io_write_atomic(path.ptr, text.ptr, text.len) < 0) {
            fprintf(stderr, "passport import: %s\n", pp_error_last());
            failed++;
        } else {
            int nf = cJSON_GetArraySize(pp_facts(doc));
            printf("wrote %s (%d figure%s, provenance lead)\n", path.ptr, nf,
                   nf == 1 ? "" : "s");
            wrote++;
        }
        pp_passport_free(p);
        pp_diags_dispose(&d);
        pp_buf_dispose(&text);
        pp_buf_dispose(&path);
    }
    printf("%d lead%s written, %d kept, %zu row%s without figures; rows that "
           "match a passport are for 'passport crosscheck'\n",
           wrote, wrote == 1 ? "" : "s", kept, skipped,
           skipped == 1 ? "" : "s");
    rc = failed ? PP_EXIT_FAILURE : PP_EXIT_OK;
done:
    cJSON_Delete(leads);
    pp_csv_free(csv);
    cli_set_dispose(&set);
    return rc;
}
