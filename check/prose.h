/*
 * prose.h - the prose of a document, sentence by sentence, with byte
 * offsets into the original text.
 *
 * Markdown is parsed with md4c (a CommonMark parser): fenced and indented
 * code, inline code, raw HTML and link targets are not prose; a bare URL
 * (an autolink, whose text is its target) is not prose either; link text,
 * headings, list items and table cells are; a table row is one sentence
 * whose cells are separated by tabs (plain text: a line with two tabs or
 * more, the first of a run of them being the header).  LaTeX math spans are kept and
 * marked, so "$7.227\cdot10^{23}$" still counts while definitions of
 * symbols carry no claim.  Plain text is prose throughout.  Offsets always
 * come from the parse of the original text: nothing is searched for again.
 *
 * Suppression comments are collected on the way:
 *   <!-- passport-disable-next-line [RULE ...] -->
 *   <!-- passport-disable [RULE ...] --> ... <!-- passport-enable -->
 */
#ifndef PP_PROSE_H
#define PP_PROSE_H

#include <stddef.h>

/* One sentence: its text (prose segments joined, soft breaks as newlines)
 * and, for every byte of it, where it came from in the document. */
typedef struct pp_sentence {
    const char *text; /* borrowed; NUL-terminated */
    size_t len;
    const size_t *origin; /* origin[i]: byte offset in the document */
    int in_math;          /* the sentence is all LaTeX math */
    int table;            /* 0 prose; a table row, its cells separated by
                           * '\t': 1 a header row, 2 a body row */
    int heading;          /* a Markdown heading */
    int first;            /* the first sentence of its block (a paragraph,
                           * a list item, a heading, a table) */
    int after_break;      /* a thematic break (***, ---) came since the
                           * sentence before */
    int item;             /* it is in a list item or a table */
} pp_sentence;

/* A suppression directive. */
typedef struct pp_suppress {
    size_t line;      /* 1-based line it applies to, or the first line */
    size_t last_line; /* last line (same as line for next-line) */
    char rules[256];  /* space-separated rule ids; empty: every rule */
    /* 1: a passport-enable at `line` that found no block open in *sup
     * (last_line 0: it covers no line); the caller may close with it a
     * block it carries from an earlier chunk. */
    int closes;
} pp_suppress;

typedef int (*pp_sentence_fn)(const pp_sentence *s, void *arg);

typedef struct pp_prose_stats {
    size_t sentences;
    size_t skipped_blocks; /* blocks over the size bound, not read */
} pp_prose_stats;

/* Split `len` bytes of `doc` (a whole document or a chunk of one that
 * starts at document offset `base`) into sentences and call `fn` for
 * each; `markdown` selects the parser.  Suppressions are appended to
 * *sup (a growing array; caller frees).  Returns 0, the first non-zero
 * value `fn` returned, or a PP_E* code. */
int pp_prose_sentences(const char *doc, size_t len, size_t base, int markdown,
                       pp_sentence_fn fn, void *arg, pp_suppress **sup,
                       size_t *nsup, pp_prose_stats *stats);

#endif
