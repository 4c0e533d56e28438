/*
 * replay.c - run a fuzz target once on every file of the corpus folders
 * (or files) given: the corpora as regression tests, no clang needed.
 * Prints how many inputs ran; a crash or a sanitizer report fails it.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Targets without one get this: nothing to set up. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long n;
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 || !(buf = malloc((size_t)n + 1)) ||
        fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)n);
    free(buf);
    return 0;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int ran = 0, bad = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        DIR *d;
        struct dirent *e;
        char **names = NULL;
        size_t n = 0, cap = 0;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such corpus: %s\n", argv[i]);
            return 2;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad += run_file(argv[i]) < 0;
            ran++;
            continue;
        }
        if (!(d = opendir(argv[i])))
            return 2;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            if (n == cap) {
                char **m =
                    realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
                if (!m)
                    return 2;
                names = m;
            }
            names[n] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
            if (!names[n])
                return 2;
            snprintf(names[n], strlen(argv[i]) + strlen(e->d_name) + 2, "%s/%s",
                     argv[i], e->d_name);
            n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp); /* the same order every run */
        for (size_t k = 0; k < n; k++) {
            bad += run_file(names[k]) < 0;
            ran++;
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %d inputs\n", ran);
    return bad || ran == 0 ? 1 : 0;
}
