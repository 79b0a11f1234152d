/*
 * prove.c - decide equivalence, duplicates and subsumption for one
 * analysis with as few solver calls as it can, then classes and the
 * minimal set.  See prove.h for the definitions and prover.h for the
 * steps.
 *
 * The test pool: boundary inputs of each domain plus every witness Z3
 * returns, each evaluated concretely on every program.  A question is
 * sent to Z3 only when no input in the pool already answers it with a
 * NO.  Positive answers follow from proofs by transitivity where they
 * can.  Every Z3 model is re-checked by the evaluator before it enters
 * the pool.
 */
#include "prove/prover.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *to_arena(struct arena *a, void *p, size_t size)
{
	void *q = arena_alloc(a, size ? size : 1);
	if (size)
		memcpy(q, p, size);
	free(p);
	return q;
}

/* Fresh result arrays and pool for an attempt at an analysis. */
static void prover_init(struct prover *P, struct arena *a,
			const struct analysis *an, const struct prove_opts *opts)
{
	int n = an->nmutants;
	struct result *r = ANEW(a, struct result);
	r->an = an;
	r->n = n;
	r->equiv = ANEWN(a, unsigned char, (size_t)n + 1);
	r->dup = ANEWN(a, int, (size_t)n + 1);
	r->sub = ANEWN(a, unsigned char, ((size_t)n + 1) * ((size_t)n + 1));
	r->cls = ANEWN(a, int, (size_t)n + 1);
	r->minimal = ANEWN(a, bool, (size_t)n + 1);
	memset(P, 0, sizeof(*P));
	P->a = a;
	P->an = an;
	P->opts = opts;
	P->r = r;
	P->pool.nprogs = n + 1;
	P->pool.kills = xcalloc((size_t)n + 1, sizeof(*P->pool.kills));
}

/* Free what an attempt holds on the heap (its Z3 context, pool, grid,
 * the result's growing arrays); again: nothing. */
static void prover_release(struct prover *P)
{
	smt_free(P->smt);
	P->smt = NULL;
	pool_free(&P->pool);
	grid_free(&P->grid);
	if (P->r) {
		free(P->r->witnesses);
		free(P->r->unknowns);
		free(P->r->proofs);
		P->r->witnesses = NULL;
		P->r->unknowns = NULL;
		P->r->proofs = NULL;
	}
}

/* The cleanup at a recovery point (base/util.h): the attempt's heap. */
static void prover_abandon(void *P)
{
	prover_release(P);
}

/* The steps in order; false when a shared context asks to start over. */
static bool run_steps(struct prover *P)
{
	static void (*const relations[])(struct prover *) = {
		step_equivalence, step_duplicates, step_subsumption,
	};
	if (!P->opts->naive)
		pool_seed(P);
	for (size_t i = 0; i < ARRAY_SIZE(relations); i++) {
		relations[i](P);
		if (smt_retry(P->smt))
			return false;
	}
	step_classes(P);
	step_witnesses(P);
	return true;
}

struct result *prove_analysis(struct arena *a, const struct analysis *an,
			      const struct prove_opts *opts)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct prover P;
	struct problem pb = analysis_problem(an);
	/* A worker's shared context first: it answers every analysis that
	 * needs nothing but proofs.  At the first other answer the analysis
	 * starts over in a context of its own (sem/smt.h). */
	bool shared = opts->shared && !opts->naive;
	memset(&P, 0, sizeof(P));
	recover_push(prover_abandon, &P);
	for (;;) {
		prover_init(&P, a, an, opts);
		P.smt = shared ? smt_new_shared(opts->shared, &pb)
			: opts->shared && !opts->naive
				? smt_new_alone(opts->shared, &pb)
				: smt_new_limits(&pb, opts->timeout_ms,
						 opts->rlimit, opts->naive);
		smt_set_export(P.smt, opts->smt2);
		smt_set_budget(P.smt, opts->budget);
		if (run_steps(&P))
			break;
		prover_release(&P);
		shared = false;
	}
	struct result *r = P.r;
	r->solver_calls = smt_calls(P.smt);
	if (getenv("SUBSUME_TRACE"))
		fprintf(stderr, "trace: analysis %s: %u calls, %llu units\n",
			an->site ? an->site : "?", r->solver_calls,
			(unsigned long long)smt_units(P.smt));
	r->lower_bound = lower_bound(r);
	r->pool_size = (unsigned)P.pool.n;
	smt_free(P.smt);
	P.smt = NULL;
	pool_free(&P.pool);
	grid_free(&P.grid);
	recover_pop(&P);
	r->witnesses = to_arena(a, r->witnesses,
				(size_t)r->nwitnesses * sizeof(*r->witnesses));
	r->unknowns = to_arena(a, r->unknowns,
			       (size_t)r->nunknowns * sizeof(*r->unknowns));
	r->proofs = to_arena(a, r->proofs,
			     (size_t)r->nproofs * sizeof(*r->proofs));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->time_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		     (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	return r;
}
