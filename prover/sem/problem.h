/*
 * problem.h - what the semantics needs to know about one analysis: the
 * variables, the assumption, what is observed, and the programs (0 the
 * original, 1..nprogs-1 the mutants).  sem/ sees analyses only through
 * this view; model/ provides it (analysis_problem() in model/theory.h),
 * so sem/ never includes model/.
 *
 * A struct problem holds pointers only: the owner (an analysis) must
 * outlive every user, and copying the struct is cheap and safe.
 */
#ifndef SUBSUME_PROBLEM_H
#define SUBSUME_PROBLEM_H

#include "sem/eval.h"

struct problem {
	const struct profile *profile;      /* the language of every node */
	int nvars;                          /* <= MAX_VARS */
	const char *const *var_names;       /* [nvars] */
	const struct type *const *var_types;/* [nvars] */
	const struct node *assume;          /* typed, boolean; or NULL */
	const struct observe *observe;
	int nprogs;                         /* original + mutants */
	/* program p (0 <= p < nprogs), typed */
	const struct node *(*program)(const void *owner, int p);
	const void *owner;
};

static inline const struct node *problem_program(const struct problem *pb,
						 int p)
{
	return pb->program(pb->owner, p);
}

#endif
