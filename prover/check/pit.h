/*
 * pit.h - PIT's mutations.xml as an input of `subsume check` (a row of
 * check/readers.c; docs/check.md "PIT").
 *
 * Reading.  The file is read whole with a small XML reader for PIT's
 * schema: an optional prolog and comments, a root <mutations>, and in
 * it <mutation detected=.. status=.. numberOfTestsRun=..> elements
 * whose children (sourceFile, mutatedClass, mutatedMethod,
 * methodDescription, lineNumber, mutator, index or indexes/index, block
 * or blocks/block, killingTest, killingTests, succeedingTests,
 * description) hold text; the five named entities and numeric
 * character references are decoded.  Malformed XML, another root, a
 * mutation without sourceFile, mutatedClass, mutatedMethod, lineNumber,
 * mutator or description, a line number that is not a whole number (0
 * or -1: no line, the mutant unsupported), or a status PIT does not
 * name is an error located at its line and column; nothing is judged
 * then (EXIT_INPUT).
 *
 * Placement (--source).  Each mutation's mutator is looked up in
 * configs/pit-mutators.yaml (compiled in); the nodes of its line in its
 * method (lang/javasrc.h jsrc_line_nodes()) that the mutator acts on and
 * its description selects are its candidates, each a source-level
 * mutant placed and judged as a report's mutant is (its enclosing
 * expression; with --method, its method).  The PIT mutant is equivalent
 * when every candidate is, takes its one candidate's verdict when it has
 * one, and is `ambiguous` (every candidate listed with its verdict)
 * otherwise.  No candidate (code javac generated: a bridge method, an
 * enum's values(), a string switch's hash), a mutator the table lacks
 * (a newer PIT), a class without source, a line past its file: the
 * mutant is unsupported with the reason.  Each mutation is one group.
 *
 * Ownership: the loaded files (their text, for --format pit) live until
 * check_pit_release(); every mutant's struct pit_at points into them.
 */
#ifndef SUBSUME_CHECK_PIT_H
#define SUBSUME_CHECK_PIT_H

#include "check/readers.h"

/* Does path look like PIT's mutations.xml: a name ending in .xml, or
 * (not "-") a file whose first non-blank byte is '<'? */
bool check_is_pit(const char *path);

/* The reader's row (check/readers.c). */
long check_read_pit(const struct check_input *in, cgroup_fn emit, void *ctx,
		    long *seq);

/* --format pit (one input, cmd/check.c): the input file as read, with status="EQUIVALENT" and
 * detected="true" for each mutant noted (check_pit_note(), by a
 * finished group) as proven equivalent; every other byte unchanged.
 * -1 on a write error. */
void check_pit_note(const struct cmutant *m);
int check_pit_write(FILE *out);
/* Forget the files read (the mutators' table, loaded once, stays). */
void check_pit_release(void);

/* The configs/pit-mutators.yaml text compiled in (Makefile). */
extern const char pit_mutators_yaml[];

#endif
