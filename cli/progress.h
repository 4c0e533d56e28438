/*
 * progress.h - what a command shows and does while it downloads
 * (sources/sources.h, pp_fetch_opts.progress): a progress bar on standard
 * error, for large bodies only, and SIGINT or SIGTERM turned into a
 * request to stop the transfer, so that nothing half-written is kept.
 */
#ifndef PP_CLI_PROGRESS_H
#define PP_CLI_PROGRESS_H

#include <time.h>

/* The bar of one command: zeroed, `show` set, then handed to
 * pp_fetch_opts as progress_ud with cli_progress() as progress. */
struct cli_progress {
    int show;             /* draw at all: on a terminal, without --quiet */
    const char *label;    /* borrowed; shown beside the bar */
    int drew;             /* a bar is on the line */
    struct timespec last; /* when it was last drawn */
};

/* Before each download: the bar is labelled `label` (borrowed), and until
 * cli_progress_done() SIGINT and SIGTERM stop the transfer rather than
 * the process, so that nothing half-written is kept; a signal the caller
 * ignores (nohup, a background job) stays ignored. */
void cli_progress_start(struct cli_progress *p, const char *label);

/* After each download, whose result was `rc`: SIGINT and SIGTERM are again
 * what they were (from now on one ends the process: nothing is being
 * written).  A signal caught during the download after its last look
 * (rc 0: it ended whole) is raised again, as if it had come now.  Returns
 * whether one was caught: the download stopped for it, and the command
 * should not go on. */
int cli_progress_done(struct cli_progress *p, int rc);

/* pp_fetch_progress_fn: draws the bar `ud` (a struct cli_progress) of a
 * body of 1 MiB or more, at most ten times a second, clears it when the
 * request ends, and returns 1 ("stop") once a signal was caught. */
int cli_progress(long long now, long long total, void *ud);

#endif
