/*
 * mcache.h - internal to check/: the solver of one method's questions
 * (check/method.c) and the method-level proof cache behind it.
 *
 * Methods with the same question (the same IR of the original and of its
 * mutants in order, up to where they stand in which file, the same
 * expression-level verdicts going in, the same --unroll, --rlimit and
 * --timeout) get the same answers: method.c asks its questions in an
 * order that depends only on those and on the answers, and a method's
 * questions go to a Z3 context of its own, so Z3 sees the same calls and
 * answers the same.  The first method with a key records every answer
 * (a tape: each step's operation, the mutants it is about, the answer,
 * the solver's input and reason); a later method with that key is
 * answered from the tape without Z3.  Each step is checked against the
 * tape as it is asked: should one differ (a key that misses something),
 * the method goes to Z3 from there, first repeating the steps so far so
 * that Z3 is in the state it would have been in.  So the cache never
 * changes an answer, a killing input or a reason; `--no-cache` turns it
 * off (tests/check-method-cache.t compares).
 *
 * Besides Z3's answers the tape holds the evaluator's searches
 * (msolve_found()): a method answered from it runs neither.
 *
 * The first worker to need a key computes it; another needing it
 * meanwhile puts its group off and takes other work
 * (msolve_new_or_busy(), check_group()), or waits for the tape when it
 * has none.  Entries are bounded (count and bytes);
 * past the bound methods are solved without it.  Tapes live until
 * check_mcache_release().
 */
#ifndef SUBSUME_CHECK_MCACHE_H
#define SUBSUME_CHECK_MCACHE_H

#include "check/check.h"
#include "sem/mir.h"

struct msolve;

/* The solver of method o's questions about the group's mutants
 * ms[0..n) (in the order they will be added; each with its IR and its
 * verdict before the method level). */
struct msolve *msolve_new(const struct cgroup *g, const struct mmethod *o,
			  const struct cmutant *const *ms, int n,
			  const struct check_opts *opts);
/* The same, unless another worker is finding the answers of this
 * question: then NULL and *busy, their entry (for
 * check_mcache_ready()). */
struct msolve *msolve_new_or_busy(const struct cgroup *g,
				  const struct mmethod *o,
				  const struct cmutant *const *ms, int n,
				  const struct check_opts *opts,
				  const struct mentry **busy);
/* Are entry e's answers there (no wait to read them)? */
bool check_mcache_ready(const struct mentry *e);
/* As mir_smt_add(), mir_smt_check(), mir_smt_same(), mir_smt_subsumes()
 * (sem/mir.h); a reason stays valid until check_mcache_release(). */
int msolve_add(struct msolve *M, const struct mmethod *mm);
enum mir_answer msolve_check(struct msolve *M, int h, struct value *input,
			     const char **reason);
enum mir_rel msolve_same(struct msolve *M, int a, int b, struct value *input,
			 const char **reason);
enum mir_rel msolve_subsumes(struct msolve *M, int a, int b,
			     struct value *input, const char **reason);

/* A search by the evaluator (check/method.c, check/mrel.c) taped like
 * a question, so that a method answered from the cache does not run it
 * again: a and b name it among the method's steps (distinct from every
 * other search of the method); search(ctx, input) runs it on a miss and
 * gives 0 (nothing found) or a nonzero code of its own with input
 * filled (all MIR_IN entries).  The search must depend only on what the
 * key holds and the steps before it, as the questions do. */
int msolve_found(struct msolve *M, int a, int b,
		 int (*search)(void *ctx, struct value *input), void *ctx,
		 struct value *input);

/* What a method's solving cost. */
struct mstats {
	unsigned calls;      /* solver calls made */
	double solver_ms;    /* in Z3 (a clock: reported only) */
	bool cached;         /* answered from the cache throughout */
	bool diverged;       /* asked what the cache's tape did not have
			      * (never, unless a key misses something) */
};
/* Store the tape (when this method recorded one) and free M. */
void msolve_free(struct msolve *M, struct mstats *st);

void check_mcache_release(void);

#endif
