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

/* Before each download: the bar is labelled `label` (borrowed), and a
 * signal caught before now stops nothing.  From the first call on, SIGINT
 * and SIGTERM stop a transfer rather than the process; a signal the
 * caller ignores (nohup, a background job) stays ignored. */
void cli_progress_start(struct cli_progress *p, const char *label);

/* pp_fetch_progress_fn: draws the bar `ud` (a struct cli_progress) of a
 * body of 1 MiB or more, at most ten times a second, clears it when the
 * request ends, and returns 1 ("stop") once a signal was caught. */
int cli_progress(long long now, long long total, void *ud);

#endif
