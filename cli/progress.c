/*
 * progress.c - the progress bar of a download and the signals that stop
 * one (progress.h).  The flag is the only state a signal handler touches.
 */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../core/banned.h"

static const int sigs[] = {SIGINT, SIGTERM};
#define NSIGS (sizeof sigs / sizeof *sigs)

static volatile sig_atomic_t caught; /* the signal caught, 0: none */
static struct sigaction before[NSIGS];
static int installed[NSIGS];

static void on_signal(int sig)
{
    caught = sig;
}

void cli_progress_start(struct cli_progress *p, const char *label)
{
    p->label = label;
    caught = 0;
    for (size_t i = 0; i < NSIGS; i++) {
        struct sigaction sa;
        if (installed[i] || sigaction(sigs[i], NULL, &before[i]) < 0 ||
            before[i].sa_handler == SIG_IGN)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        installed[i] = sigaction(sigs[i], &sa, NULL) == 0;
    }
}

int cli_progress_done(struct cli_progress *p, int rc)
{
    int sig;
    (void)p;
    for (size_t i = 0; i < NSIGS; i++)
        if (installed[i])
            installed[i] = sigaction(sigs[i], &before[i], NULL) < 0;
    sig = caught;
    caught = 0;
    if (sig && rc == 0) { /* asked after the last look: as if it came now */
        fflush(NULL);     /* what was said stays said */
        raise(sig);
    }
    return sig != 0;
}

static double seconds_between(const struct timespec *a,
                              const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) +
           (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

int cli_progress(long long now, long long total, void *ud)
{
    struct cli_progress *p = ud;
    const char *label = p->label ? p->label : "";
    struct timespec t;
    if (now < 0) { /* the request ended */
        if (p->drew)
            fputs("\r\033[K", stderr);
        p->drew = 0;
        return 0;
    }
    if (caught)
        return 1;
    if (!p->show || (total < (1 << 20) && now < (1 << 20)))
        return 0;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (p->drew && seconds_between(&p->last, &t) < 0.1)
        return 0;
    p->last = t;
    if (total > 0) {
        int pct = (int)(100.0 * (double)now / (double)total);
        int fill = pct / 5;
        fprintf(stderr, "\r%-24.24s [%.*s%*s] %3d%% %7.1f MiB", label, fill,
                "####################", 20 - fill, "", pct,
                (double)now / 1048576.0);
    } else {
        fprintf(stderr, "\r%-24.24s %7.1f MiB", label, (double)now / 1048576.0);
    }
    p->drew = 1;
    return 0;
}
