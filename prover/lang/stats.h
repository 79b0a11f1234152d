/*
 * stats.h - how often the front end repeats itself, a debug statistic
 * (SUBSUME_TRACE): expressions parsed (how many parses of how many
 * distinct texts) and method IR builds (of originals: how many for how
 * many methods; of mutants).  Issue 28 asks that one expression be
 * parsed once per run and the original method built once per method:
 * these counts say how far the run is from that.  Off (no cost but a
 * flag test) unless SUBSUME_TRACE is set; thread-safe.
 */
#ifndef SUBSUME_LANG_STATS_H
#define SUBSUME_LANG_STATS_H

#include <stdbool.h>
#include <stdio.h>

/* Counting on?  (SUBSUME_TRACE set, read once.) */
bool lang_stats_on(void);
/* An expression text parsed (lang/parse.c) in the syntax of profile pf,
 * with or without holes: distinct texts are distinct (text, pf, holes). */
struct profile;
void lang_stat_parse(const struct profile *pf, bool holes, const char *text);
/* A method IR build: of the original (patch NULL) or a mutant; key
 * names the method (its file and position). */
void lang_stat_build(bool original, const char *key);

/* An expression the Java method lowering put together around its
 * lowered parts (lang/javasrc-mlower.c): built of nodes (or known to
 * have none: it fails as its text would not parse), or (built false)
 * printed as text to be parsed again. */
void lang_stat_lowered(bool built);
/* An expression the lowering read again by tree-sitter: alone (again:
 * its text, a mutant's patch applied, in a snippet of its own) or as
 * the method's own node. */
void lang_stat_reread(bool again);

struct lang_stats {
	unsigned long parses, texts;  /* parses; distinct texts parsed */
	                              /* (text, profile, holes) */
	unsigned long text_most;      /* the most parses of one text */
	unsigned long orig_builds, methods; /* original builds; methods */
	unsigned long orig_most;      /* the most builds of one original */
	unsigned long mutant_builds;
	unsigned long low_built, low_printed; /* lang_stat_lowered() */
	unsigned long low_own, low_again;     /* lang_stat_reread() */
};
void lang_stats_get(struct lang_stats *st);
/* "trace: front end: ..." and "trace: lowering: ..." on out, when
 * counting is on. */
void lang_stats_print(FILE *out);

#endif
