/*
 * md4c_floor.c - the floor of any Markdown claim checker: md4c parsing the
 * corpus with callbacks that do nothing, in the ~1 MiB pieces passport
 * check reads.  Built and run by bench/check.sh; not part of passport.
 *
 * usage: md4c_floor FILE   (prints the bytes read and the bytes of text)
 */
#include <md4c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/banned.h"

static int block(MD_BLOCKTYPE t, void *d, void *u)
{
    (void)t, (void)d, (void)u;
    return 0;
}

static int span(MD_SPANTYPE t, void *d, void *u)
{
    (void)t, (void)d, (void)u;
    return 0;
}

static int text(MD_TEXTTYPE t, const MD_CHAR *p, MD_SIZE n, void *u)
{
    (void)t, (void)p;
    *(size_t *)u += n;
    return 0;
}

int main(int argc, char **argv)
{
    static char buf[1 << 20];
    size_t len = 0, total = 0, n;
    MD_PARSER p;
    FILE *f;
    if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: md4c_floor FILE\n");
        return 2;
    }
    memset(&p, 0, sizeof(p));
    p.flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH |
              MD_FLAG_PERMISSIVEAUTOLINKS | MD_FLAG_LATEXMATHSPANS;
    p.enter_block = p.leave_block = block;
    p.enter_span = p.leave_span = span;
    p.text = text;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        md_parse(buf, (MD_SIZE)n, &p, &total);
        len += n;
    }
    fclose(f);
    printf("%zu bytes, %zu of text\n", len, total);
    return 0;
}
