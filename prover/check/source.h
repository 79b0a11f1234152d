/*
 * source.h - internal to check/: the mutants of a Major log at their
 * exact place in the program's source (`subsume check --source DIR`),
 * and, with or without sources, which mutants of a line may sit at
 * different occurrences of the same text.
 *
 * Occurrences.  A 7-field log gives LINE and ORIGINAL only; the same
 * text may occur several times on a line.  Major numbers the mutants in
 * the order it visits the code (children before parents, left to
 * right), and each occurrence's mutants are logged together, so the
 * mutants of one ORIGINAL on a line, in log order, fall into blocks: a
 * new block starts where a mutant (operator and text) repeats.  When
 * every block has the same mutants, block k is the k-th occurrence in
 * source order; otherwise the occurrences of those mutants are unknown
 * and each is kept apart (its own site: no relation is claimed).  When
 * other lines' mutants come between, one line's mutants make several
 * groups: their blocks are counted on (per class, method, line and
 * original), and the group whose blocks bring the count to the number
 * of occurrences in the source holds the last ones.  An 8-field log's
 * character offset decides instead, when the source has an occurrence
 * there (an offset past the file's end is warned about and that mutant
 * checked from the log).
 *
 * Sites.  With the source, a mutant whose occurrence is known is
 * analysed in its enclosing expression (lang/javasrc.h); all mutants in
 * one enclosing expression (of one log line group) form one site
 * against that expression.  Statement mutants stay statement sites.  A
 * mutant whose class has no source file, whose source file does not
 * parse, whose line does not hold its original (a stale tree), or whose
 * occurrence stays ambiguous is checked from the log alone, with the
 * reason in its verdict; each such case is warned about once, located.
 *
 * Ownership: struct check_sources owns the parsed files (one per path,
 * for the whole run); it is used by the reader thread only.  Texts put
 * into a group live in the group's arena.
 */
#ifndef SUBSUME_CHECK_SOURCE_H
#define SUBSUME_CHECK_SOURCE_H

#include "check/check.h"

/* Where a mutant's verdict is decided (struct cmutant.level). */
enum check_level {
	CL_LOG,        /* from the log (no --source) */
	CL_EXPRESSION, /* in its enclosing expression from the source */
	CL_STATEMENT,  /* a statement mutant, located in the source */
	CL_FALLBACK,   /* --source given, but checked from the log only */
	CL_METHOD,     /* in its method (--method, check/method.h) */
};

/* A mutant of a group being cut into sites (major.c). */
struct mplace {
	const char *key;   /* the site key: mutants with equal keys form a site */
	const char *orig;  /* the site's original text */
	const char *base;  /* the logged original */
	bool stmt;         /* a statement mutant */
	long offset;       /* 8-field log: the character offset, else -1 */
	int block;         /* occurrence by log order, -1: unknown */
	int nblocks;       /* blocks of its original on the line */
	/* with the source, when placed: */
	bool placed;
	bool discarded;
	const char *assume; /* the path condition, or NULL */
	const char *facts;  /* the program's facts (struct csite facts) */
	const char *loops;  /* loop counters (struct csite loops) */
	const char *dead;   /* dead locals (struct csite dead) */
	int nvars;
	struct cvar vars[MAX_VARS];
};

/* Split the mutants of each logged original of a group into
 * occurrences by log order (block, nblocks); mutants whose occurrence
 * is unknown get keys of their own. */
void check_split_occurrences(struct cgroup *g, struct mplace *mp);

/* Cut g's mutants into sites by their keys (mp; g->sites has room for
 * one site per mutant): mutants with equal keys form one site. */
void check_cut_sites(struct cgroup *g, const struct mplace *mp);

struct check_sources;
/* The source roots (copied); never NULL. */
struct check_sources *check_sources_new(char *const *roots, int n);
void check_sources_free(struct check_sources *s);
/* --method: build each placed mutant's method IR (check/method.h). */
void check_sources_set_method(struct check_sources *s, bool on);
/* Place the mutants of group g (class and method: where, source line:
 * line) in the source: placed mutants get their enclosing expression's
 * key, original, ctx and variables; the others a fallback note. */
void check_sources_place(struct check_sources *s, struct cgroup *g,
			 const char *where, long line, struct mplace *mp);

/* A mutation-testing-elements mutant (its original p->base, the text
 * of the report's location) at byte start of f, on line: placed as
 * above when that place is a whole expression whose value the program
 * reads, or a statement (p->stmt set from the source); with method,
 * its method IR built too.  false and *why otherwise. */
struct jsrc;
bool check_place_exact(struct cgroup *g, struct mplace *p, int i,
		       struct jsrc *f, int line, size_t start, bool method,
		       const char **why);

/* The parsed source file of class cls ("a.b.C$1", PIT's mutatedClass)
 * under the --source directories, its path in *path; NULL and *why (in
 * s) when there is none or it does not parse. */
struct jsrc *check_sources_class(struct check_sources *s, const char *cls,
				 const char **path, const char **why);

#endif
