/*
 * check_impl.h - what the files of the claim checker share; internal, not
 * installed.  The public interfaces are check.h (the checker) and run.h
 * (a check of documents, from their bytes to the report).
 *
 * A sentence is analysed into a `struct sent`: its folded copy, the
 * passports it names, the numbers it writes and which of them a check has
 * used.  Each part adds claims to the sentence's output array through
 * ck_emit.  Names with the ck_ prefix are shared between the files;
 * everything else stays static in its file.
 *
 * The files are layered; each calls only the ones below it, never one of
 * its own layer or above:
 *
 *   run.c        a document: chunks, sentences, suppressions, positions
 *   output.c     the report: text, JSON, SARIF (run.c hands it claims)
 *   check.c      the entry: life cycle, driving a sentence, a table row
 *   check_facts.c  check_derived.c  check_worked.c  check_text.c
 *                the parts: figures of passports, derived quantities,
 *                worked examples, formats and generalisations
 *   check_base.c the base: the sentence's set-up, clauses and windows,
 *                entities, figure tests, the carried context, claims
 *   prose.c      the leaf: Markdown and plain text split into sentences
 *                (numbers as prose writes them are calc/numbers.h, which
 *                the verifier reads reported figures with too)
 *
 * A helper two parts need goes down into check_base.c.
 */
#ifndef PP_CHECK_IMPL_H
#define PP_CHECK_IMPL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../core/buf.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/num.h"
#include "../core/utf8.h"
#include "../calc/calc.h"
#include "../calc/range.h"
#include "../schema/fact.h"
#include "check.h"
#include "../rules/literal.h"
#include "../calc/numbers.h"
#include "lexicon.h"

/* The words of lexicon class k (lexicon.h): LEX(ACTIVE), LEX(HEDGE) ... */
#define LEX(k) ck_lex(CK_LEX_##k)

#define MAXNUM 64
#define MAXENT 16
#define PP_TABLE_COLS 16

struct alias {
    pcre2_code *re;
    int passport; /* index; several aliases may name several passports */
    int always;   /* no ASCII first word to look for: always matched */
    int family;   /* the name of a family of runs ("Llama 2"), not a run */
};

/* The facts a run is known by, for ck_identify_by_figures. */
#define CK_MARK_FACTS                                                          \
    "params.total", "params.active", "params.total_non_embedding",             \
        "params.active_non_embedding", "training.tokens", "context.length",    \
        "compute.gpu_hours", "hardware.devices"
#define CK_NMARKS 8

struct pp_checker {
    const cJSON **docs; /* owned array of borrowed documents */
    size_t ndocs;
    const pp_rules *rules;
    pp_rules_scratch *scratch; /* owned: this checker's scans of `rules` */
    int limited; /* the last sentence hit a pattern's match limit */
    struct alias *aliases;
    size_t naliases;
    /* The aliases' first words (ASCII, folded), so that a sentence runs
     * only the alias patterns whose first word it holds. */
    pp_litset *alias_words;   /* owned; NULL: match every alias */
    unsigned char *alias_hit; /* owned: per alias, scratch of a sentence */
    /* The vendors' words: the first word, all letters, of an alias that
     * goes on ("kimi" of "Kimi K2"), so that "Kimi k1.5" is known as
     * another model of the vendor (check_base.c: foreign_at). */
    char vendors[32][24];
    size_t nvendors;
    pcre2_match_context *mctx;
    pcre2_match_data *md; /* reused by every alias match */
    /* Worked examples set their inputs a sentence or two before the
     * result ("$N=8.03\\cdot10^9, D=15\\cdot10^{12}$" ... "$C=6ND=...$"):
     * the last values of N, D, C and of the training-state memory, each
     * with the number of sentences since it was set.  Reset per document. */
    struct ctx_value {
        double v;
        int age; /* sentences since set; CTX_STALE: not usable */
    } N, D, C, P, M, mem_total, per_rank,
        Cstar,      /* the budget of the last N*, D* checked */
        L1, L2,     /* the last two fitted losses computed, L1 the latest */
        Lt,         /* a target loss "L_t" (exact when it was recomputed) */
        PN, PD,     /* a scenario written as a pair, "8.03B/15T" */
        law;        /* the text spoke of the fitted law (age only) */
    double Lt_half; /* the rounding of Lt when it is the written figure */
    /* Named quantities of a worked example (N_{70}, D_{70}, \Delta C),
     * kept longer than N, D and C: their names say what they are. */
    struct named {
        char name[16];
        double v;
        int age;
    } vars[16];
    /* The columns of the last table header (pp_checker_row). */
    struct {
        size_t n;
        char kind[PP_TABLE_COLS];
        /* the scale the header gives its column's bare figures ("Params
         * (B)": 1e9), 0: none */
        double scale[PP_TABLE_COLS];
        /* the one run a header cell names ("| | DeepSeek-V2 | DeepSeek-V3
         * |": a table whose columns are runs), 0: none */
        unsigned long long run[PP_TABLE_COLS];
        unsigned long long runs; /* every run the header names */
        int foreign; /* it names a family or a model the registry lacks */
    } table;
    /* The subject of a sentence that names no run: the run the last
     * heading named, and the one the previous sentence of the block
     * named (or was read as about), each with its text kept until it is
     * needed (most sentences never need it).  See ck_carry_subject. */
    struct subject {
        pp_buf text;            /* owned: the sentence, when not analysed */
        int known;              /* `set` is known (else: scan `text`) */
        unsigned long long set; /* the one run it names, 0: none */
        unsigned long long all; /* every run it names */
        int foreign; /* it names a family or a model the registry lacks */
        unsigned long long fam; /* the runs of the one family it names,
                                   when it names nothing else */
        int colon; /* it ends with a colon: it introduces what follows */
        /* prev only: the subject of the sentence before it, kept when it
         * was not analysed (no figure, format or term: "That sounds huge,
         * right?"), so that a sentence naming nothing at all lets the
         * block's subject through, one sentence deep */
        struct {
            pp_buf text; /* owned */
            int kept, known;
            unsigned long long set;
        } back;
    } heading, prev;
    /* The open ATX headings (pp_checker_outline): per level 1..6 the raw
     * line of the last heading of that level, read for its run only when
     * a section whose own heading names no model needs it ("# Kimi K2"
     * ... "## Key Features"). */
    struct outer {
        char text[PP_OUTLINE_TEXT];
        size_t len;
        int known, named; /* named: it names a run, family or model */
        unsigned long long set;
        unsigned long long fam; /* the one family it names, else 0 */
    } outer[7];
    int heading_level;   /* the current heading's level there, 0: none */
    int next_is_heading; /* pp_checker_position said so */
    int heading_more;    /* ... and that it goes on with the heading */
    int next_is_item;    /* ... and that it is in a list item or a table */
    /* What the passports name (check_named.c): each term folded, the
     * passport and attribute it confirms; an automaton over them all. */
    struct named_term {
        char *low; /* owned, folded */
        size_t len;
        int passport;
        const char *attr;  /* static: "optimizer", "architecture.type" ... */
        const char *shown; /* borrowed: the passport's name of it */
        const cJSON *from; /* borrowed: the fact, group or mechanism */
        int base; /* the name of what the run's is a variant of ("Muon") */
    } * terms;    /* owned */
    size_t nterms, termcap;
    pp_litset *term_words;   /* owned; NULL: no term */
    unsigned char *term_hit; /* owned: per term, scratch of a sentence */
    /* Per passport, the values of the facts a run is known by
     * (CK_MARK_FACTS): a sentence's figures are tried against a run
     * (ck_identify_by_figures) only when two of them are near these. */
    pp_range (*marks)[CK_NMARKS]; /* owned, ndocs rows */
    /* "L(70B, D_{70}) = L_t": the next "D_{70} = ..." solves it. */
    struct {
        char name[16];
        double params;
        int age;
    } solve;
};

#define CTX_MAX_AGE 4
#define VAR_MAX_AGE 24
#define CTX_STALE 1000

struct entity {
    size_t start, end;
    unsigned long long set; /* bit i: passport i (first 64) */
    int family;             /* a family's name: its runs in the registry */
};

struct sent {
    pp_checker *c;
    const char *text;
    size_t len;
    pp_buf low; /* folded copy (pp_utf8_fold: ASCII, Cyrillic), same offsets */
    int odd;    /* pp_utf8_fold found a letter it cannot compare */
    ck_lexhits lex; /* where the lexicon's words occur in `low` */
    struct entity ent[MAXENT];
    size_t nent;
    /* The families the sentence names ("Llama 2": Llama 2 7B and 70B, and
     * sizes the registry does not hold), apart from `ent`: a family's
     * name binds only a size that names one of its runs
     * (ck_bind_entity_figures), and keeps the figures after it from the
     * run named before it. */
    struct entity fam[MAXENT];
    size_t nfam;
    /* Names of runs followed by another version or a size variant
     * ("Kimi K2.5", "DeepSeek-V2-Lite"): models the registry lacks. */
    struct {
        size_t start, end;
    } other[MAXENT];
    size_t nother;
    pp_number num[MAXNUM];
    size_t nnum;
    int used[MAXNUM];
    int ents_done; /* find_entities has run */
    /* figure i -> the entity "respectively" pairs it with (or NULL) */
    const struct entity *resp[MAXNUM];
    int resp_done;
    cJSON *out;
    int count;
    /* The sentence names no run: its entity is the subject carried from
     * "the heading" or "the previous sentence" (NULL: named) -- it may
     * confirm, never contradict. */
    const char *carried;
    int fam_carried; /* s->fam[0] is a family carried from `carried` */
    /* The claims emitted now read a family's name ("Llama 2") as each of
     * its runs: confirmed when the figure holds for each, never an
     * error (the family may have runs the registry does not hold). */
    int family_read;
    /* Why each claim is bound as it is (docs/CHECK.md, "Binding"), static
     * strings that ck_emit writes into the claim's `binding`: how figure
     * i's run was found (set by ck_figure_entity), how the run of a claim
     * at no figure was (ck_bind_run; NULL: the nearest run named), and
     * the rule by which the part emitting now bound the attribute
     * (ck_bind). */
    const char *ent_how[MAXNUM];
    const char *run_how;
    const char *attr_how;
};

/* Say by which rule the claims the caller emits next bind their attribute
 * (`how`: static, a name of docs/CHECK.md's table); ck_bind_run, their
 * run, when no figure's own entity says it. */
static inline void ck_bind(struct sent *s, const char *how)
{
    s->attr_how = how;
}

static inline void ck_bind_run(struct sent *s, const char *how)
{
    s->run_how = how;
}

/* Is `w` within [from, to) of the lower-cased sentence? */
static inline int near(const struct sent *s, size_t from, size_t to,
                       const char *w)
{
    if (from > s->len)
        from = s->len;
    if (to > s->len)
        to = s->len;
    return to > from &&
           memmem(s->low.ptr + from, to - from, w, strlen(w)) != NULL;
}

static inline int any_near(const struct sent *s, size_t from, size_t to,
                           const char *const *ws)
{
    for (; *ws; ws++)
        if (near(s, from, to, *ws))
            return 1;
    return 0;
}

/* Is a word of lexicon class `k` within [from, to) of the lower-cased
 * sentence?  Read from the sentence's hits (one automaton pass), or from
 * the word lists when it was not scanned. */
static inline int lex_near(const struct sent *s, size_t from, size_t to,
                           enum ck_lex k)
{
    if (to > s->len)
        to = s->len;
    if (to <= from)
        return 0;
    if (!s->lex.scanned)
        return any_near(s, from, to, ck_lex(k));
    for (int32_t i = s->lex.head[k]; i >= 0; i = s->lex.hit[i].next)
        if (s->lex.hit[i].start >= from && s->lex.hit[i].end <= to)
            return 1;
    return 0;
}

static inline size_t back(size_t at, size_t n)
{
    return at > n ? at - n : 0;
}

/* The significant digits of figure `n` as a statement of a recorded fact:
 * after "about" (≈) the zeros that end its digits are placeholders ("about
 * 500B" is rounded to the hundred billion); and the values it may stand
 * for, so read. */
int ck_num_sig(const pp_number *n);
pp_range ck_num_range(const pp_number *n);
/* The values figure `n` stands for by its own digits: a recomputed
 * quantity is held to them ("about 60T" is not 50.4T). */
static inline pp_range num_range(const pp_number *n)
{
    return pp_range_of(n->value, n->sig, n->qualifier);
}

/* The id of passport `doc` (borrowed). */
static inline const char *ck_doc_id(const cJSON *doc)
{
    return pp_json_str(doc, "id", "");
}

/* --- check_base.c: the base layer ----------------------------------- */


/* Age the carried inputs by one sentence; set and read one. */
void ck_ctx_age(pp_checker *c);
void ck_ctx_set(struct ctx_value *x, double v);
int ck_ctx_get(const struct ctx_value *x, double *v);

/* Start the analysis of `len` bytes of `text` (a sentence or a table
 * row) into *s, its claims going to `claims`: the folded copy and the
 * lexicon's hits in it (owned by *s: ck_sent_end) and the numbers; ages
 * the carried context.  Returns 0 or PP_ENOMEM (then *s owns nothing). */
int ck_sent_start(struct sent *s, pp_checker *c, const char *text, size_t len,
                  cJSON *claims);
/* Free what *s owns. */
void ck_sent_end(struct sent *s);

/* The start of the `n` words before offset `at`, counted as words, not
 * bytes: a run of letters, digits and marks between spaces is one word,
 * two Han characters are one ("参数量推到 175B": "推到" and "参数量" are
 * two words back, "parameters of 175B" two as well). */
size_t ck_back_words(const struct sent *s, size_t at, size_t n);
/* The end of the `n` words after offset `at`, counted the same way. */
size_t ck_fwd_words(const struct sent *s, size_t at, size_t n);
/* Where the window around a figure ends after `b` / starts before `a`,
 * within `reach` bytes: a comma, a semicolon, a colon, "and" stop it. */
size_t ck_window_end(const struct sent *s, size_t b, size_t reach);
size_t ck_window_start(const struct sent *s, size_t a, size_t reach);
/* The first word of lexicon class `k` that starts at `from` or later and
 * ends by `to`: 1 with its bounds in *start and *end, else 0. */
int ck_lex_find(const struct sent *s, size_t from, size_t to, enum ck_lex k,
                size_t *start, size_t *end);
/* Where the clause holding offset `at` starts, and where it ends. */
size_t ck_clause_from(const struct sent *s, size_t at);
size_t ck_clause_to(const struct sent *s, size_t at);

/* Find the passports the sentence names (aliases), into s->ent. */
void ck_find_entities(struct sent *s);
/* After ck_find_entities: a sentence that names no run and no other model
 * takes the subject of the previous sentence of its block, else of its
 * heading, when that names one run. */
void ck_carry_subject(struct sent *s);
/* The one run `len` bytes of `text` name (0: none, or several); *all
 * (unless NULL) gets every run they name, *foreign (unless NULL) 1 when
 * they name a family or a model the registry does not hold, *fam (unless
 * NULL) the runs of the one family they name when they name nothing
 * else. */
unsigned long long ck_runs_named(pp_checker *c, const char *text, size_t len,
                                 unsigned long long *all, int *foreign,
                                 unsigned long long *fam);
/* The runs the context of the sentence (the previous sentence, the
 * heading, the headings above it, a table's header) names, into *runs: 1,
 * or 0 when it names a family or a model the registry does not hold. */
int ck_context_runs(pp_checker *c, unsigned long long *runs);
/* After a sentence: what it leaves as the subject of the next. */
void ck_keep_subject(struct sent *s);

/* check_named.c: the terms of the passports (at pp_checker_new; 0 or
 * PP_ENOMEM) and their release; whether a sentence holds any (its folded
 * copy scanned once); the confirmations of the terms it binds to a run. */
int ck_named_build(pp_checker *c);
void ck_named_free(pp_checker *c);
int ck_named_any(struct sent *s);
void ck_check_named(struct sent *s);
/* The entity nearest before offset `at`, else the nearest after; NULL if
 * the sentence names none. */
const struct entity *ck_entity_for(const struct sent *s, size_t at);
/* Is entity `e` the standard a comparison measures against ("than
 * DeepSeek-V3", "уступающий Kimi-K2", "比 GPT-3"), or a law named after
 * it ("Chinchilla-optimal")?  What follows it is not its own. */
int ck_is_standard(const struct sent *s, const struct entity *e);
/* The entity figure `i` speaks of, or NULL (another model's figure). */
const struct entity *ck_figure_entity(struct sent *s, size_t i);
/* Is the name `e` (a run's or a family's) alone in brackets right after
 * figure `n` ("from 4096 (Llama 2) and 2048 (Llama 1)", "4096（Llama 2）"):
 * the figure that name's? */
/* Over the sentence's claims from `from` on, of every kind: one the
 * sentence quotes ("the draft says “...”") or calls wrong ("an
 * overcount", "这是误读") is unverifiable, not contradicted. */
void ck_soften_said(struct sent *s, int from);
int ck_name_in_brackets(const struct sent *s, const pp_number *n,
                        const struct entity *e);

/* Is figure `n` a parameter count / a byte size? */
int ck_is_params(const struct sent *s, const pp_number *n);
int ck_is_bytes(const struct sent *s, const pp_number *n);
/* Indexes of unused figures satisfying `pred`, in order; at most `max`. */
size_t ck_pick(const struct sent *s,
               int (*pred)(const struct sent *, const pp_number *), size_t *idx,
               size_t max);
/* The unused plain figure right before a word of `ws`. */
int ck_number_before(const struct sent *s, const char *const *ws, size_t *out);

/* Append one claim to s->out: the figure or words at [off, off+len), the
 * passport (`entity`, may be NULL), the attribute, the claimed and
 * expected values (owned by the claim afterwards; NULL: null) and the
 * verdict, with a printf-style message. */
__attribute__((format(printf, 9, 10))) void
ck_emit(struct sent *s, size_t off, size_t len, const char *entity,
        const char *attribute, cJSON *claimed, cJSON *expected,
        const char *verdict, const char *fmt, ...);
/* Set a claim's source and section from a fact's first evidence. */
void ck_set_evidence(cJSON *claim, const cJSON *fact);
/* The claim ck_emit added last (borrowed). */
cJSON *ck_last_claim(struct sent *s);
/* Where the text of claim `c` lies in sentence *s: 1 with its first byte
 * in *at and the byte after it in *end, 0 when the claim holds no span
 * inside the sentence. */
int ck_claim_span(const struct sent *s, const cJSON *c, size_t *at,
                  size_t *end);
/* Give `claim` (a fact's) the milder `verdict` and a message made from
 * `fmt`; its severity and rule follow the verdict. */
__attribute__((format(printf, 3, 4))) void
ck_soften(cJSON *claim, const char *verdict, const char *fmt, ...);
/* Is [a, b) of the sentence one opening bracket, ( or （, and spaces:
 * what follows a figure there glosses it? */
int ck_glossed(const struct sent *s, size_t a, size_t b);
/* ck_soften to unverifiable with the message "ENTITY ATTRIBUTE: WHY (the
 * claim's message)", WHY from `fmt`. */
__attribute__((format(printf, 2, 3))) void ck_soften_why(cJSON *claim,
                                                         const char *fmt, ...);
/* The last `k` claims, one per run a name may mean, as one claim:
 * confirmed when each holds, contradicted when none does, else
 * unverifiable; its `readings` keep each run's verdict and message. */
void ck_merge_last(struct sent *s, size_t k);
/* The claim of figure `n` recomputed to `value` (confirmed if `agrees`);
 * `shown` is the value as the message writes it, `how` the recomputation. */
void ck_recomputed(struct sent *s, const pp_number *n, const char *attr,
                   double value, int agrees, const char *shown,
                   const char *how);
/* Figure `i` against a recomputed value, widened by 1 %. */
void ck_check_derived(struct sent *s, size_t i, const char *attr,
                      double computed, const char *how);

/* --- the parts: each builds on the base only ------------------------- */

/* check_facts.c: figures of passports.  Compare figure `n` with fact
 * `name` of the passports in `set`; bind every unused figure to an
 * attribute of its run and check it. */
/* Is a model the registry does not know named in [from, to)? */
int ck_foreign_between(const struct sent *s, size_t from, size_t to);
/* Does a word that points back at the run begin the sentence, or follow
 * its label ("It was trained ...", "The model uses GQA", "训练：我们 ...")? */
int ck_anaphoric(const struct sent *s);
/* Does the sequence arrow lie in [from, to) of the sentence? */
int ck_arrow_between(const struct sent *s, size_t from, size_t to);
void ck_check_fact(struct sent *s, const pp_number *n, unsigned long long set,
                   const char *name);
void ck_bind_entity_figures(struct sent *s);
/* After ck_carry_subject: a sentence that names (or carries) one family
 * and no run, and sizes a model of it ("The 70B model uses GQA" after
 * "Llama 2 ..."), speaks of the one member of that size -- read as a
 * carried subject is, never an error. */
void ck_pick_member(struct sent *s);
#define CK_SIZED_MEMBER "the family's model the sentence sizes"
/* After the derived parts: a sentence that names no model, and whose
 * context names none the registry lacks, with two or more figures that
 * fit facts of one run and of no other -- on two attributes or more (or
 * one figure of three digits that only that run records as such),
 * none of its figures against the record ("550B total parameters with 55B
 * active per token") -- is read as about that run, as a carried subject
 * is: confirmed, never an error (binding run `figures`). */
void ck_identify_by_figures(struct sent *s);
#define CK_BY_FIGURES "the figures, which fit this run alone"
/* The one run of `set` whose total count of parameters figure `n` is
 * ("Llama 2 comes in 70B"), else 0. */
unsigned long long ck_member_of_size(const struct sent *s, const pp_number *n,
                                     unsigned long long set);

/* check_derived.c: derived quantities recomputed -- the fitted law, D/N,
 * 6ND, a named run's figures from its passport, the bubble, effective
 * epochs -- and a worked example's N, D, C, p, m. */
void ck_derived_law(struct sent *s);
void ck_derived_passport(struct sent *s);
void ck_derived_bubble(struct sent *s);
void ck_derived_epochs(struct sent *s);
void ck_derived_context(struct sent *s);
/* Figure `i`, said to be a count of tokens per parameter (a table's
 * column), of a run of `set`: D / N from its passport. */
void ck_check_run_tpp(struct sent *s, size_t i, unsigned long long set);

/* check_worked.c: worked examples -- losses, chains of arithmetic, the
 * training-state memory. */
void ck_derived_losses(struct sent *s);
void ck_derived_chains(struct sent *s);
void ck_derived_memory(struct sent *s);

/* check_text.c: mechanisms, formats of precision roles, generalisations.
 * ck_any_format: does the sentence mention a format (FP8, BF16, ...)? */
int ck_any_format(const struct sent *s);
/* Does the sentence end with a question mark (?, ？)? */
int ck_question(const struct sent *s);
void ck_check_mechanisms(struct sent *s);
/* Loss spikes said to have occurred or not (check_facts.c). */
void ck_check_spikes(struct sent *s);
void ck_check_formats(struct sent *s);
/* Roles said to be kept in a higher precision, no format named. */
void ck_check_kept_higher(struct sent *s);
void ck_check_generalisations(struct sent *s);

#endif
