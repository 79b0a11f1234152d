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
 * expression; with --method, its method).  RemoveConditional's rows
 * (jump: never/always) give a comparison or condition the value at which
 * javac's jump for it is not or is taken (jline_node.jump), evaluating
 * it first when it calls, dereferences or divides; with more such PIT
 * mutants on the line than places (javac's own jumps) the mutant is
 * ambiguous (g->unsure).  The PIT mutant is equivalent
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

/* A new group (its own arena, g->a) of n candidates' mutants and sites
 * for a PIT mutant of file at lineno, written once; the caller sets
 * where and the mutants. */
struct cgroup *check_pit_group(const char *file, int lineno, int n);

/* One PIT mutant to place, as PIT names it (check_pit_place(): the
 * mutations.xml reader here and the elements reader, check/mte.c, for
 * the mutants of PIT's mutation-testing-elements report). */
struct jsrc;
struct pit_mutant {
	const char *mutator;      /* PIT's mutator (its package or not) */
	const char *description;  /* PIT's description of the change */
	const char *method;       /* the method as javac names it ("m",
				   * "<init>", "lambda$m$0"), or NULL: any
				   * code on the line (the elements report
				   * names no method) */
	int line;                 /* its line; below 1: none */
	/* PIT's instruction order among the nsame mutants of its method,
	 * line, mutator and description: its index and rank (-1: not
	 * known, every candidate judged) */
	long index;
	int nsame, rank;
	bool method_level;        /* --method */
	const char *nosource;     /* why no source can be had (no
				   * --source), or NULL */
	/* its class's source and that file's name, or NULL and why */
	struct jsrc *(*source)(void *ctx, const char **path, const char **why);
	/* a new group of n mutants with their identity (id, op, lineno,
	 * pit or at) filled in */
	struct cgroup *(*group)(void *ctx, int n);
	void *ctx;
};

/* PIT mutant p as one group, not yet emitted: its candidates (the nodes
 * of its line and method that its row of configs/pit-mutators.yaml acts
 * on and its description selects) placed, decided into one mutant when
 * the group finishes (equivalent when every candidate is, ambiguous
 * when they are several and not all equivalent), or one unsupported
 * mutant with the reason (a mutator the table lacks, a description that
 * does not fit, no source, no line, a line past the file, no
 * candidate).  *order: why PIT's instruction order placed it at one of
 * several candidates (in the group's arena), or NULL. */
struct cgroup *check_pit_place(const struct pit_mutant *p, const char **order);

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
