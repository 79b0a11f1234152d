/*
 * analysis.h - the one constructor of a struct analysis (theory.h).
 *
 * Every analysis is built here: one per target and domain of a theory
 * file (theory.c), one per site of `subsume check` (check/), one per
 * generic shape of the check table (check/table.c).  The caller says
 * what the analysis is (struct analysis_spec) and where it comes from
 * (struct analysis_origin); analysis_init() copies it into the arena and
 * establishes the invariants stated in theory.h, or says which one the
 * spec breaks.
 *
 * Provenance: an analysis of a theory file has theory, target and
 * domain set (emitters name it by them); any other analysis has them
 * NULL and names itself by `site` ("Triangle@classify(int,int,int):10",
 * "a == b over int, int").  Nothing invents theory, target or domain
 * records.  analysis_where() prints either kind.
 */
#ifndef SUBSUME_ANALYSIS_H
#define SUBSUME_ANALYSIS_H

#include "model/theory.h"

/* What an analysis is.  Expressions must be typed already (type_expr)
 * over the variables; they are not copied, so they must live in the
 * arena passed to analysis_init() or longer. */
struct analysis_spec {
	int nvars;
	const char *const *var_names;
	const struct type *const *var_types;
	struct node *orig;
	const char *orig_text;     /* NULL: printed from orig */
	struct node *assume;       /* boolean, or NULL */
	const char *assume_text;   /* NULL: printed from assume */
	struct observe observe;
	int nmutants;
	const struct mutant *mutants; /* [0..nmutants-1]: label, op, text,
				       * expr, explicit_; ids are assigned
				       * 1..nmutants in this order */
	int nskipped;
	const struct skipped *skipped;
};

/* Where it comes from: a theory file's target and domain, or a site. */
struct analysis_origin {
	const struct theory *theory;
	const struct target *target;
	const struct domain *domain;
	int index;                 /* position within the theory */
	const char *site;          /* when theory is NULL */
	const struct profile *profile; /* a site's language; NULL: Java
					* (a theory's analyses: the
					* theory's) */
};

/* Build *an from spec (copied into a) and origin.  Returns 0, or -1 and
 * *why (in the arena) when the spec breaks an invariant: more than
 * MAX_VARS or repeated variable names, an untyped or non-boolean
 * assumption, an untyped original or mutant, a mutant whose type cannot
 * be compared with the original's (or void while the value is
 * observed), a mutant structurally equal to the original, a repeated
 * label, no mutant at all, or an origin without names. */
int analysis_init(struct arena *a, struct analysis *an,
		  const struct analysis_spec *spec,
		  const struct analysis_origin *from, const char **why);

/* Why expression e cannot be a mutant of an's original, or NULL: the
 * rules analysis_init() enforces on each mutant (labels aside). */
const char *analysis_mutant_unfit(struct arena *a, const struct analysis *an,
				  const struct node *e);

/* "file: target 'T', domain 'D'" for theory analyses, else the site. */
void analysis_where(struct strbuf *sb, const struct analysis *an);

#endif
