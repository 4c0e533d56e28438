/*
 * lexicon.h - the checker's words as data: rules/lexicon/LANG.json (en,
 * ru, zh, and common for punctuation), each word under the class of cue
 * it is, described by schema/lexicon.schema.json.  Internal to check/.
 *
 * The files are compiled into the library and read once, at the first
 * pp_checker_new: parsed, validated against the schema, each word folded
 * as sentences are (pp_utf8_fold), and every class merged over the
 * languages (en, ru, zh, common, in that order) into one NULL-terminated
 * list.  A new phrasing of a known cue is a data change: add the word to
 * its language's file (and a test that reads it).  A new class is code:
 * an entry below and the rule that reads it.
 *
 * Words match as substrings of the folded sentence; spaces are part of a
 * word (" not " is the word alone, "activ" any form of it).
 */
#ifndef PP_CHECK_LEXICON_H
#define PP_CHECK_LEXICON_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"

/* The classes: C name, name in the files.  What each is read for is at
 * the rule that reads it. */
#define CK_LEXICON(X)                                                              \
    X(ACTIVE, "active")             /* active parameters */                        \
    X(TOTAL, "total")               /* total parameters */                         \
    X(TRAIN, "train")               /* a training, before its tokens */            \
    X(REFUTED, "refuted")           /* a misconception named as such */            \
    X(COMPARE, "compare")           /* a comparison: the other side */             \
    X(COMPLEMENT, "complement")     /* opens a complement clause */                \
    X(STOP, "stop")                 /* ends a figure's window */                   \
    X(CLAUSE_BOUND, "clause-bound") /* ends a clause */                            \
    X(SIZE_VARIANT, "size-variant") /* "-Lite", " mini": another model */          \
    X(MODEL, "model")               /* a figure's model is another */              \
    X(COPULA, "copula")             /* "X is a ...": names the subject */          \
    X(APART, "apart")               /* sets a name apart from figures */           \
    X(RESPECTIVELY, "respectively") /* pairs names and figures */                  \
    X(DERIVATIVE, "derivative")     /* a model made from the run */                \
    X(EXPERIMENT, "experiment")     /* an experiment's figure */                   \
    X(NOT_MODEL, "not-model")       /* formats, hardware: not a model */           \
    X(STANDARD_BEFORE, "standard-before") /* the standard compared with */         \
    X(NAMED_AFTER, "named-after")         /* a law named after the run */          \
    X(OPTIMUM, "optimum")                 /* the fitted law's optimum */           \
    X(SAME, "same")                       /* equal loss */                         \
    X(BREAKEVEN, "breakeven")             /* break-even */                         \
    X(BUBBLE, "bubble")                   /* a pipeline bubble */                  \
    X(MICRO, "micro")                     /* micro-batches */                      \
    X(STAGE, "stage")                     /* pipeline stages */                    \
    X(SIX_ND, "six-nd")                   /* training compute, 6ND */              \
    X(SIX_ND_WRITTEN, "six-nd-written")   /* 6ND written out */                    \
    X(TPP, "tpp")                         /* tokens per parameter */               \
    X(AT, "at")                           /* "at 70B": a scenario's size */        \
    X(PER, "per")                         /* a rate's "per" */                     \
    X(PARAM_STEM, "param-stem")           /* after "per": a parameter */           \
    X(COMPUTE, "compute")                 /* compute of a training */              \
    X(EPOCH, "epoch")                     /* epochs, repeats */                    \
    X(TIMES, "times")                     /* "4 epochs", "4 раза" */           \
    X(CONTEXT, "context")                 /* a context window */                   \
    X(TOKEN, "token")                     /* tokens */                             \
    X(PARAM, "param")                     /* parameters */                         \
    X(SIZED, "sized")               /* "a 70B model": a size, no count */          \
    X(OF, "of")                     /* "3B of 16B" */                              \
    X(POINT_BEFORE, "point-before") /* "after 200B tokens": a point */             \
    X(POINT_AFTER, "point-after")   /* "200B Token 后": a point */                \
    X(DATA_PART, "data-part")       /* a part of a data mix */                     \
    X(TRAINED, "trained")           /* trained on it: the run's data */            \
    X(OF_WHICH, "of-which")         /* "of which 37B": active */                   \
    X(PER_TOKEN, "per-token")       /* per token: active */                        \
    X(EXPERT, "expert")             /* experts */                                  \
    X(LACKING, "lacking")           /* denies a term of the run */                 \
    X(OTHER_SIDE, "other-side")     /* a term replaced or contrasted */            \
    X(PRONOUN, "pronoun")           /* "it", "the model": the subject */           \
    X(TRIGGER, "trigger")           /* a mechanism's setting */                    \
    X(NEGATION, "negation")         /* not, не, 不 */                           \
    X(HEDGE, "hedge")               /* may, может, 可能 */                  \
    X(REJECTED, "rejected")         /* calls what it reports wrong */              \
    X(ROLE_GLUE, "role-glue")       /* "FP8 for GEMMs" */                          \
    X(SUBJECT, "subject")           /* a universal statement's subject */          \
    X(LAW, "law")                   /* a fitted scaling law */                     \
    X(ZERO, "zero")                 /* ZeRO */                                     \
    X(BYTES, "bytes")               /* bytes */                                    \
    X(RANK, "rank")                 /* per rank, per GPU */                        \
    X(PER_PARAM, "per-param")       /* per parameter */                            \
    X(BOTH, "both")                 /* "both models": the two runs before */       \
    X(EXAMPLE, "example")           /* "such as": a term as an example */          \
    X(GENERIC_TERM, "generic-term") /* "MoE": a kind, not a design */              \
    X(TRAINING, "training")         /* speaks of a run's training */               \
    X(SERVED, "served")             /* what is served: weights, inference */       \
    X(OTHER_MODEL, "other-model")   /* "traditional models": not the run */        \
    X(OWNER_AFTER, "owner-after")   /* "16B in Moonlight": the run after */        \
    X(CHANGE_FROM, "change-from")   /* "from 4K": where a change started */        \
    X(CHANGE_TO, "change-to")       /* "to 8K": where it reached */                \
    X(LOSS_SPIKE, "loss-spike")     /* a loss spike */                             \
    X(SPIKE_NONE, "spike-none")     /* "zero", "without": none occurred */         \
    X(SPIKE_SOME, "spike-some")     /* "encountered": some occurred */             \
    X(SPIKE_IRRECOVERABLE, "spike-irrecoverable") /* "irrecoverable" */            \
    X(SPIKE_OTHER, "spike-other")     /* "prevents", "risk": else */               \
    X(NON_EMBEDDING, "non-embedding") /* a count without the embeddings */         \
    X(CALLED, "called")               /* "a 280B model called Gopher" */           \
    X(PRETRAINING, "pretraining")     /* pretraining, not all training */          \
    X(COMPARISON, "comparison")       /* a heading over other models too */        \
    X(MODEL_LABEL, "model-label")     /* "Model: Kimi K2": whose list */           \
    X(STAGE_DATA, "stage-data")       /* a stage's data: "extension" */            \
    X(HYPOTHETICAL, "hypothetical")   /* "if", "rumoured": not a claim */          \
    X(HIGHER_PRECISION, "higher-precision") /* kept above the GEMMs' */            \
    X(CORPUS_AFTER, "corpus-after") /* "DeepSeek 67B corpus": its data */          \
    X(RATE_BEFORE, "rate-before")   /* "per", "每": a rate's unit follows */      \
    X(FOR_UNIT, "for-unit")         /* "for 1T tokens": one unit, a rate */        \
    X(NOT_NEGATION, "not-negation") /* "不同", "not only": no negation */        \
    X(DIFFERENCE, "difference")     /* "a gap of 36B": a difference */             \
    X(DIFFERENCE_AFTER, "difference-after") /* "0.7T more tokens" */               \
    X(OWN_FIT, "own-fit") /* "Llama 3's own scaling law": not Chinchilla's */      \
    X(FORMAT_PROPERTY, "format-property") /* "the range of FP32": a trait */       \
    X(TYPE_LABEL, "type-label") /* "| Architecture | MoE |": the run's type */     \
    X(PART_LABEL, "part-label") /* "Cosine-decay phase: 5.5T": a part's */         \
    X(KEPT_VERB, "kept-verb")   /* "kept ... layers in BF16": an object's */       \
    X(OUTPUT_WORD, "output-word")     /* "write their outputs in BF16" */          \
    X(DENIED_BEFORE, "denied-before") /* "rather than FP32", "not 70B" */          \
    X(AGGREGATE, "aggregate") /* "together", "суммарно": a sum of parts */ \
    X(ORDINAL_REF, "ordinal-ref")   /* "for the first", "后者": by order */      \
    X(VERB_OBJECT, "verb-object")   /* "combine the ...": a verb's object */       \
    X(VERB_SUBJECT, "verb-subject") /* "we combine", "to combine": a verb */       \
    X(VERB_LINK, "verb-link") /* "accumulated in FP32": a verb's format */         \
    X(OPENER, "opener") /* "With 671B": a sentence's first word, no name */        \
    X(PROXY, "proxy")   /* "its validation baselines, a 16B MoE" */                \
    X(MULTIPLIER, "multiplier") /* "5.6 times DeepSeek-V2's": a ratio to it */     \
    X(FORMAT_STANDARD, "format-standard") /* "compared with FP32 moments" */       \
    X(FIT_NAMED, "fit-named") /* "the fitted law", "N*": that fit's optimum */     \
    X(USE_VERB, "use-verb") /* "uses FP8", "采用 FP8": a format a run uses */    \
    X(DEPLOYED, "deployed") /* "the checkpoint", "inference": a release's */       \
    X(COMMON_WORD,                                                                 \
      "common-word") /* "a behemoth": a name as an everyday word */                \
    X(HARDWARE_PART,                                                               \
      "hardware-part") /* "each node", "peak": not the cluster */                  \
    X(FORMAT_FROM,                                                                 \
      "format-from")          /* "from FP32 to BF16": a change's old side */       \
    X(FORMAT_TO, "format-to") /* "... to BF16": its new side */                    \
    X(NOT_DISCLOSED,                                                               \
      "not-disclosed") /* "undisclosed", "未公开": said unknown */              \
    X(KIND_SUFFIX,                                                                 \
      "kind-suffix")        /* "Behemoth-class": a kind, not the model */          \
    X(LAW_WORD, "law-word") /* "Chinchilla's rule": a law, not the run */          \
    X(ESTIMATE,                                                                    \
      "estimate") /* "estimat", "估计": of hypothetical, maybe own */            \
    X(TYPICAL, "typical") /* "typically BF16": what is usual, not the value */     \
    X(RELATIVE,                                                                    \
      "relative") /* ", the ... whose", ", который": a clause's start */

enum ck_lex {
#define CK_LEX_ENUM(id, name) CK_LEX_##id,
    CK_LEXICON(CK_LEX_ENUM)
#undef CK_LEX_ENUM
        CK_LEX_COUNT
};

/* The words of class `k`, NULL-terminated, folded (borrowed; valid after
 * a successful ck_lexicon_load, for the life of the process). */
const char *const *ck_lex(enum ck_lex k);

/* first[c] is 1 when a word of class `k` begins with byte `c`. */
const unsigned char *ck_lex_first(enum ck_lex k);

/* Where the words of every class occur in one folded sentence, found in
 * one pass of an automaton over all the lexicon's words (built once, at
 * load): the sentence's cues, asked for by class and window.  Hits of a
 * class are chained from head[k]; `small` spares most sentences a
 * malloc. */
#define CK_LEXHITS_SMALL 96
struct ck_lexhit {
    uint32_t start, end; /* the word's bytes in the sentence */
    uint32_t word;       /* its index in its class's list (ck_lex) */
    int32_t next;        /* the next hit of its class; -1: none */
};
typedef struct ck_lexhits {
    int scanned; /* 0: not scanned (ask the word lists instead) */
    size_t n, cap;
    struct ck_lexhit *hit; /* small, or owned when cap > SMALL */
    struct ck_lexhit small[CK_LEXHITS_SMALL];
    int32_t head[CK_LEX_COUNT];
} ck_lexhits;

/* Scan the `len` bytes of folded `low` into *h (reset first; after a
 * successful ck_lexicon_load).  Returns 0, or PP_ENOMEM (then *h is not
 * scanned and callers fall back to the word lists).  A sentence longer
 * than UINT32_MAX bytes is left unscanned. */
int ck_lexhits_scan(ck_lexhits *h, const char *low, size_t len);
void ck_lexhits_dispose(ck_lexhits *h); /* frees what *h owns */

/* Read the compiled-in lexicon once.  Returns 0, or the error of the
 * first load (PP_EINVALID, PP_ENOMEM) on this and every later call. */
int ck_lexicon_load(void);

/* A lexicon from `n` file texts (`texts[i]`, `lens[i]` bytes, named
 * `names[i]` in messages) into *out (free with ck_lexicon_free).  Errors
 * -- JSON, schema, a class the checker does not know, a class no file
 * gives words to -- go to `diags`; any error is PP_EINVALID and *out is
 * NULL.  The loader's core, for tests of bad files. */
typedef struct ck_lexicon ck_lexicon;
int ck_lexicon_parse(ck_lexicon **out, const char *const *texts,
                     const size_t *lens, const char *const *names, size_t n,
                     pp_diags *diags);
void ck_lexicon_free(ck_lexicon *x);
/* The words of class `k` of *x (borrowed from x). */
const char *const *ck_lexicon_words(const ck_lexicon *x, enum ck_lex k);

#endif
