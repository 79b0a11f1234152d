/*
 * relations.c - equivalence, duplicates and subsumption between the
 * mutants of one analysis, with as few solver calls as it can: one
 * representative per duplicate group, closest kill counts first,
 * look-alike groups as cycles, the transitive closure of every proof.
 */
#include "prove/prover.h"

#include <stdlib.h>

void step_equivalence(struct prover *P)
{
	struct result *r = P->r;
	for (int m = 1; m <= r->n; m++) {
		if (!P->opts->naive && pool_kill_not(&P->pool, m, 0) >= 0) {
			r->equiv[m] = R_NO;
			continue;
		}
		enum rel e = prove_ask(P, SMT_Q_DIFFER, 0, m, U_EQUIVALENT);
		r->equiv[m] = e == R_YES ? R_YES : e == R_NO ? R_NO : R_UNKNOWN;
	}
}

void step_duplicates(struct prover *P)
{
	struct result *r = P->r;
	int *reps = xmalloc(((size_t)r->n + 1) * sizeof(*reps));
	int nreps = 0;
	for (int m = 1; m <= r->n; m++) {
		if (r->equiv[m] != R_NO)
			continue;
		r->dup[m] = m;
		if (P->opts->naive) {
			/* Every earlier killable mutant, lowest duplicate wins. */
			for (int x = 1; x < m; x++)
				if (r->equiv[x] == R_NO &&
				    prove_ask(P, SMT_Q_DIFFER, x, m, U_DUPLICATE) ==
					    R_YES &&
				    r->dup[m] == m)
					r->dup[m] = r->dup[x];
			if (r->dup[m] == m)
				reps[nreps++] = m;
			continue;
		}
		for (int k = 0; k < nreps; k++) {
			int rep = reps[k];
			if (pool_distinct(&P->pool, rep, m) >= 0)
				continue;
			if (prove_ask(P, SMT_Q_DIFFER, rep, m, U_DUPLICATE) == R_YES) {
				r->dup[m] = rep;
				break;
			}
		}
		if (r->dup[m] == m)
			reps[nreps++] = m;
	}
	free(reps);
}

struct pair {
	int a, b, gap;
};

/* Record a proven a -> b and everything it implies by transitivity:
 * x -> a -> b -> y for all proven x -> a and b -> y. */
static void set_yes(struct result *r, const int *reps, int nreps, int a, int b)
{
	for (int i = 0; i < nreps; i++) {
		int x = reps[i];
		if (SUB(r, x, a) != R_YES)
			continue;
		for (int j = 0; j < nreps; j++) {
			int y = reps[j];
			if (SUB(r, b, y) == R_YES)
				SUB(r, x, y) = R_YES;
		}
	}
}

/* Decide a -> b among reps unless already known. */
static void decide(struct prover *P, const int *reps, int nreps, int a, int b)
{
	struct result *r = P->r;
	if (SUB(r, a, b) != R_PENDING)
		return;
	if (pool_kill_not(&P->pool, a, b) >= 0) {
		SUB(r, a, b) = R_NO;
		return;
	}
	enum rel e = prove_ask(P, SMT_Q_KILL_NOT, a, b, U_SUBSUMES);
	if (e == R_YES)
		set_yes(r, reps, nreps, a, b);
	else
		SUB(r, a, b) = e;
}

static int cmp_pair(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;
	if (p->gap != q->gap)
		return p->gap < q->gap ? -1 : 1;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return (p->b > q->b) - (p->b < q->b);
}

/* Is mutant m killed by every input?  The pool first (an input that
 * does not kill it), then the solver; unknown is no. */
static bool killed_always(struct prover *P, int m)
{
	if (pool_count(&P->pool, m) < P->pool.n)
		return false;
	struct value in[MAX_VARS] = { { 0 } };
	const char *reason;
	return smt_check(P->smt, SMT_Q_SURVIVES, 0, m, in, &reason) == SMT_UNSAT;
}

/* Two mutants that every input kills "kill the same inputs" of the
 * expression: true, and vacuous where the value is used (an argument,
 * an index: one may throw where the other does not).  No claim either
 * way between them: unknown (issue 29). */
static void drop_vacuous(struct prover *P, const int *reps, int nreps)
{
	struct result *r = P->r;
	signed char *always = xcalloc((size_t)r->n + 1, 1); /* 0 unasked */
	struct pair *drop = xmalloc((size_t)nreps * (size_t)nreps * sizeof(*drop) + 1);
	size_t ndrop = 0;
	for (int i = 0; i < nreps; i++)
		for (int j = 0; j < nreps; j++) {
			int a = reps[i], b = reps[j];
			/* both killed by every input: each subsumes the other */
			if (a == b || SUB(r, a, b) != R_YES || SUB(r, b, a) != R_YES)
				continue;
			for (int k = 0; k < 2 && (!k || always[a] > 0); k++) {
				int m = k ? b : a;
				if (!always[m])
					always[m] = killed_always(P, m) ? 1 : -1;
				if (smt_retry(P->smt))
					goto out;
			}
			if (always[a] > 0 && always[b] > 0)
				drop[ndrop++] = (struct pair){ a, b, 0 };
		}
	for (size_t k = 0; k < ndrop; k++)
		SUB(r, drop[k].a, drop[k].b) = R_UNKNOWN;
out:
	free(drop);
	free(always);
}

void step_subsumption(struct prover *P)
{
	struct result *r = P->r;
	int n = r->n;
	int *reps = xmalloc(((size_t)n + 1) * sizeof(*reps));
	int nreps = 0;
	bool naive = P->opts->naive;
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_NO && (naive || r->dup[m] == m))
			reps[nreps++] = m;
	/* Undecided pairs are R_PENDING until asked or derived. */
	for (int i = 0; i < nreps; i++)
		for (int j = 0; j < nreps; j++)
			SUB(r, reps[i], reps[j]) = i == j ? R_YES : R_PENDING;
	/* Pairs the pool does not refute, closest kill counts first: direct
	 * (Hasse) edges tend to be proven before the long ones, which then
	 * follow by transitivity without a solver call. */
	struct pair *pairs = xmalloc((size_t)nreps * (size_t)nreps *
				     sizeof(*pairs) + 1);
	size_t npairs = 0;
	for (int i = 0; i < nreps; i++)
		for (int j = 0; j < nreps; j++) {
			int a = reps[i], b = reps[j];
			if (a == b)
				continue;
			if (naive) {
				SUB(r, a, b) = prove_ask(P, SMT_Q_KILL_NOT, a, b,
						   U_SUBSUMES);
				continue;
			}
			if (pool_kill_not(&P->pool, a, b) >= 0) {
				SUB(r, a, b) = R_NO;
				continue;
			}
			pairs[npairs].a = a;
			pairs[npairs].b = b;
			pairs[npairs].gap = pool_count(&P->pool, b) -
					    pool_count(&P->pool, a);
			npairs++;
		}
	qsort(pairs, npairs, sizeof(*pairs), cmp_pair);
	/* First, for each run of reps the pool cannot tell apart, the cycle
	 * r1 -> r2 -> ... -> rk -> r1: when it holds, closure gives every
	 * pair inside with k proofs. */
	for (int i = 0; i < nreps; i++) {
		int a = reps[i], next = 0, first = a;
		bool head = true;
		for (int j = 0; j < i && head; j++)
			head = !pool_same_kills(&P->pool, reps[j], a);
		if (!head)
			continue;
		for (int j = i + 1; j <= nreps; j++) {
			next = j < nreps ? reps[j] : first;
			if (j < nreps && !pool_same_kills(&P->pool, a, next))
				continue;
			if (next == a)
				break;
			decide(P, reps, nreps, a, next);
			a = next;
			if (next == first)
				break;
		}
	}
	for (size_t k = 0; k < npairs; k++)
		decide(P, reps, nreps, pairs[k].a, pairs[k].b);
	free(pairs);
	if (P->opts->no_vacuous && !naive)
		drop_vacuous(P, reps, nreps);
	/* Pairs decided before a later witness entered the pool stay
	 * right: a NO never becomes YES, and a YES is a proof. */
	for (int a = 1; a <= n && !naive; a++)
		for (int b = 1; b <= n; b++)
			if (r->equiv[a] == R_NO && r->equiv[b] == R_NO)
				SUB(r, a, b) = SUB(r, r->dup[a], r->dup[b]);
	free(reps);
}
