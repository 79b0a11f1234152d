/*
 * induct.h - validity of a typed boolean tree under an assumption
 * (induct.c), for invariants proven by induction before use.
 */
#ifndef SUBSUME_INDUCT_H
#define SUBSUME_INDUCT_H

#include "sem/problem.h"

/* Does concl (typed, boolean, over the nvars variables) evaluate to
 * true without throwing on every input where hyp (typed, boolean, or
 * NULL) holds?  truth: the typed literal true, what concl is compared
 * with.  False when Z3 finds a counterexample or gives up (the limits:
 * per question, 0 none). */
bool smt_valid(const struct profile *pf, int nvars, const char *const *names,
	       const struct type *const *types, const struct node *hyp,
	       const struct node *concl, const struct node *truth,
	       unsigned timeout_ms, unsigned rlimit);

#endif
