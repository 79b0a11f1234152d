/*
 * method.h - internal to check/: method-level verdicts
 * (`subsume check --source DIR --method`, issue 15).
 *
 * With --method, every mutant placed in the source (check/source.h)
 * whose method the method IR models (lang/javasrc-method.h) is judged by
 * what its method lets a test see (sem/mir.h): the original method and
 * the mutated one are encoded over the same inputs (parameters and the
 * fields the method names), the original once per group and method,
 * each mutant in a push/pop scope.  A mutant is then
 *   - equivalent "in its method" when no input tells the two apart and
 *     no loop can run past the unrolling bound (--unroll N);
 *   - killable, with a killing input of method arguments and field
 *     values, re-run by the concrete evaluator on both methods without
 *     a bound (a witness that does not re-check is not used);
 * and otherwise keeps its expression-level verdict, with the
 * method-level finding in its note: equivalent up to N loop iterations,
 * unknown, or why the method is not modelled.  Expression-level
 * duplicate, subsumption and table claims are kept (they are claims
 * about the enclosing expression); a mutant proven equivalent in its
 * method is equivalent whatever its expression-level verdict.
 *
 * Between the mutants of one method that are killable in it (a
 * re-checked killing input each), duplicates (the same outcome on every
 * input) and subsumption (every input that kills A kills B) are proven
 * on the same encoding, each question in a push/pop scope (one whose
 * runs divide alone on a qfbv solver of its own: sem/mir-solve.c,
 * own_question), after the evaluator has run every input tried so far
 * on all of them, and before a subsumption question a seeded search
 * (mrel.c): most pairs are told apart there, without a solver call; a
 * claim only when no loop of the methods involved can run past the
 * bound.  A mutant whose verdict is killable in its method becomes
 * "duplicate of M" or "subsumed by M" as the verdict module (prove.h:
 * result_verdict_among) reads these relations, "in its method".
 *
 * Ownership: the IR lives in the group's arena.
 */
#ifndef SUBSUME_CHECK_METHOD_H
#define SUBSUME_CHECK_METHOD_H

#include "check/check.h"
#include "sem/mir.h"

struct jsrc;

/* Reader thread: the originals of a run's methods, each built once
 * (by file, line and column) and kept, with the reason when its build
 * failed, until check_method_originals_free() at the end of the run
 * (after every group that points at one). */
struct morigs;
struct morigs *check_method_originals_new(void);
void check_method_originals_free(struct morigs *c);

/* Reader thread: build the IR of mutant i's method, original and
 * mutated (the mutant's occurrence starts at byte start of f and its
 * logged original is base; stmt: a statement mutant).  The original
 * comes from c (built there the first time), or, c NULL, from an earlier
 * mutant of the group or a build of its own. */
void check_method_attach(struct morigs *c, struct cgroup *g, int i,
			 struct jsrc *f, size_t start, const char *base,
			 bool stmt);

/* Reader thread: do line groups p and g (of one class and method in the
 * log) hold mutants of one modelled method?  The reader then joins them
 * into one group (check/major.c), so that the relations between the
 * mutants of a method can be proven. */
bool check_method_joins(const struct cgroup *p, const struct cgroup *g);

/* Worker (cmethod.c): the IR of the mutants of g's C sites that name
 * their function (csite.cfunc), original and mutated; a mutant whose
 * function is not modelled gets mwhy.  Called by
 * check_method_verdicts(). */
void check_cmethod_attach(struct cgroup *g);

/* Worker (mcontract.c): the contracts of opts (check/contracts.c) on
 * the calls of g's methods (sem/mir.h: Contracts; mstmt.assume); a
 * mutant whose method calls a function a contract defines by its value
 * gets mwhy instead.  Called by check_method_verdicts(), once. */
void check_method_contracts(struct cgroup *g, const struct check_opts *opts);

struct csrc;
/* Reader thread (cmethod.c): the IR of mutant i of g, a C mutant at
 * bytes [b, e) of f (stmt: the statement there, deleted; else the
 * expression there, replaced by the mutant's text), in profile pf; the
 * function is the one whose body holds it.  Sets mo and mm, or mwhy. */
void check_cmethod_attach_at(struct cgroup *g, int i, struct csrc *f,
			     const struct profile *pf, size_t b, size_t e,
			     bool stmt);

/* Worker: the method-level verdicts of g's mutants with IR; true when
 * done.  With defer, false when a method's answers are being found by
 * another worker (g->mwait: their entry in the method cache): the
 * methods done so far stay done, a later call does the rest. */
/* Group g cut short at method level (check_group_cut()): each mutant
 * without a method-level verdict keeps the one of the level above, its
 * note saying why (why: "CAUSE: MSG (...)"). */
void check_method_cut(struct cgroup *g, const char *why);
bool check_method_verdicts(struct cgroup *g, const struct check_opts *opts,
			   bool defer);

/* mfloat.c: floating values at method level (sem/mir.h).
 * mfloat_pool_input: a floating input of type t for row k, variable i
 * of the first inputs tried (r: the row's random bits): NaN, both
 * zeros and both infinities among the first rows, then the least
 * subnormal, the largest finite value, halves and small numbers.
 * mfloat_shown: does a test see a floating value of o (returned, a
 * field's, a call's argument)?  Only then does float-compare matter.
 * mfloat_seen: v of type t (NULL: an integer) in the form a test of o
 * compares it (value_observed under o->fcmp); mfloat_event_arg: the
 * type of argument i of event e (NULL: unknown).  mfloat_rule: the
 * rule mutant x's method compares floating outcomes by, its site's
 * float-compare (check_site_fcmp) when the method shows a floating
 * value, else FCMP_IDENTICAL; mfloat_with_rule: m with that rule
 * (itself, or a copy in g's arena). */
struct mevent;
bool mfloat_shown(const struct mmethod *o);
struct value mfloat_pool_input(const struct type *t, int k, int i,
			       uint64_t r);
uint64_t mfloat_seen(const struct mmethod *o, const struct type *t,
		     struct value v);
const struct type *mfloat_event_arg(const struct mmethod *o,
				    const struct mevent *e, int i);
enum float_compare mfloat_rule(const struct cgroup *g,
			       const struct cmutant *x,
			       const struct check_opts *opts);
const struct mmethod *mfloat_with_rule(struct cgroup *g,
				       const struct mmethod *m,
				       enum float_compare fc);

/* method.c and mrel.c: the pool of a method, its first inputs (fixed:
 * the same for every mutant of a method, whatever -j) and the
 * original's runs on them; then the killing inputs found for its
 * mutants so far (by the search or the solver, at most MXTRA, in the
 * order of the mutants: the same whatever -j), tried on the next
 * mutants before a search of MSEARCH inputs and the solver. */
#define MTRIES 48
#define MXTRA 32
#define MSEARCH 256
struct mpool {
	struct value rows[MTRIES][MIR_IN];
	struct mrun orig[MTRIES];
	int nx;
	struct value xrows[MXTRA][MIR_IN];
	struct mrun xorig[MXTRA];
};

/* mrel.c: the next input of a search (*s its generator's state) for
 * method o into in[0..MIR_IN): integers small, at an edge of their
 * type or equal to (or one off) another input, references distinct,
 * null or shared; results: mir_uses_results(o), the call results drawn
 * too. */
void check_method_candidate(const struct mmethod *o, bool results,
			    uint64_t *s, struct value *in);

/* The mutants of one method that are killable in it, each with a
 * re-checked killing input, and whose verdict is that (not a claim
 * about their expression kept): mutant idx[k] of the group, handle h[k] in
 * the method's encoding, killing input kin[k].  Heap, reused. */
struct mlive {
	int n;
	size_t cap;
	int *idx, *h;
	struct value (*kin)[MIR_IN];
	bool *pooled;           /* kin[k] is an input of the pool */
};

struct msolve;
/* mrel.c: the duplicates and subsumption between the live mutants L of
 * a method (S its questions, P its pool, bound its loop bound), as
 * their verdicts and notes. */
void check_method_relations(struct cgroup *g, struct msolve *S,
			    const struct mlive *L, const struct mpool *P,
			    unsigned bound);

#endif
