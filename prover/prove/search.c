/*
 * search.c - answering one question: the pool, then a quick concrete
 * search, then Z3; every Z3 witness re-checked by the evaluator.
 */
#include "prove/prover.h"

#include <stdlib.h>
#include <string.h>

static void add_unknown(struct prover *P, enum unknown_kind k, int a, int b,
			const char *reason)
{
	struct result *r = P->r;
	GROW(r->unknowns, (size_t)r->nunknowns + 1, P->capu);
	r->unknowns[r->nunknowns].kind = k;
	r->unknowns[r->nunknowns].a = a;
	r->unknowns[r->nunknowns].b = b;
	r->unknowns[r->nunknowns].reason = arena_strdup(P->a, reason);
	r->nunknowns++;
}

/* A Z3 model the evaluator disagrees with: the encoding has a bug. */
static void unconfirmed(struct prover *P, const char *claim, int a, int b,
			const struct value *in)
{
	struct strbuf sb = STRBUF_INIT;
	input_print(&sb, P->an, in);
	fprintf(stderr,
		"%s: internal error: Z3 claims %s for %s (mutants %d, %d) in "
		"target '%s', domain '%s', but the concrete evaluator does "
		"not confirm it on the witness %s\n",
		progname, claim, P->an->theory->file, a, b,
		P->an->target->name, P->an->domain->name, sb.buf);
	sb_release(&sb);
	exit(EXIT_INTERNAL);
}

/* Does input in satisfy query q on programs a, b (concretely)? */
static bool satisfies(const struct analysis *an, enum smt_query q, int a,
		      int b, const struct value *in)
{
	bool undecided = false;
	if (!eval_holds(an->assume, an->nvars, in, &undecided) || undecided)
		return false;
	struct outcome o0, oa, ob;
	eval_outcome(prog_expr(an, a), an->nvars, in, &oa);
	eval_outcome(prog_expr(an, b), an->nvars, in, &ob);
	if (oa.overflow || ob.overflow)
		return false;
	if (q == SMT_Q_DIFFER)
		return outcome_differs(&an->observe, an->nvars, &oa, &ob);
	eval_outcome(an->orig, an->nvars, in, &o0);
	return !o0.overflow &&
	       outcome_differs(&an->observe, an->nvars, &o0, &oa) &&
	       !outcome_differs(&an->observe, an->nvars, &o0, &ob);
}

/*
 * Before a solver call, a quick concrete search for an answer: every
 * input of a small grid around zero, then pseudo-random ones.  A few
 * thousand evaluations cost less than most solver calls, and they find
 * the witnesses that bit-blasted division makes slow for Z3.  Returns
 * the pool index of the input found, or -1.
 */
static int search(struct prover *P, enum smt_query q, int a, int b)
{
	const struct analysis *an = P->an;
	struct value in[MAX_VARS] = { { 0 } };
	int r = 1;
	/* The largest radius whose grid has at most SEARCH_GRID points. */
	for (;;) {
		double pts = 1;
		for (int v = 0; v < an->nvars; v++)
			pts *= an->var_types[v]->kind == TK_BOOLEAN ? 2
								   : 2 * (r + 1) + 1;
		if (pts > SEARCH_GRID || r >= 64)
			break;
		r++;
	}
	int idx[MAX_VARS] = { 0 };
	for (;;) {
		for (int v = 0; v < an->nvars; v++) {
			const struct type *t = an->var_types[v];
			int64_t x = t->kind == TK_BOOLEAN ? idx[v] : idx[v] - r;
			/* unsigned types: 'a', 'b', ... instead of negatives */
			in[v] = value_int(!t->is_signed && x < 0 ? 'a' - x : x);
		}
		if (satisfies(an, q, a, b, in))
			return pool_add(P, in);
		int v = an->nvars - 1;
		for (; v >= 0; v--) {
			int span = an->var_types[v]->kind == TK_BOOLEAN ? 2
								       : 2 * r + 1;
			if (++idx[v] < span)
				break;
			idx[v] = 0;
		}
		if (v < 0)
			break;
	}
	uint64_t x = 0x2545f4914f6cdd1dULL ^ (uint64_t)(a * 7919 + b);
	for (int k = 0; k < SEARCH_RANDOM; k++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = random_value(&x, an->var_types[v], k % 4 != 0);
		if (satisfies(an, q, a, b, in))
			return pool_add(P, in);
	}
	return -1;
}

/*
 * Ask Z3 for an input where a and b differ (q = DIFFER) or that kills a
 * and not b (q = KILL_NOT).  Returns R_NO when one was found (it is now
 * in the pool), R_YES when Z3 proved none exists, R_UNKNOWN otherwise.
 */
enum rel prove_ask(struct prover *P, enum smt_query q, int a, int b,
		    enum unknown_kind uk)
{
	struct value in[MAX_VARS] = { { 0 } };
	const char *reason;
	if (!P->opts->naive && search(P, q, a, b) >= 0)
		return R_NO;
	enum smt_result res = smt_check(P->smt, q, a, b, in, &reason);
	if (getenv("SUBSUME_TRACE"))
		fprintf(stderr, "trace: %s %d %d -> %s\n",
			q == SMT_Q_DIFFER ? "differ" : "kill-not", a, b,
			res == SMT_UNSAT ? "unsat" : res == SMT_SAT ? "sat" : "unknown");
	if (res == SMT_UNSAT)
		return R_YES;
	if (res == SMT_UNKNOWN) {
		add_unknown(P, uk, a, b, reason);
		return R_UNKNOWN;
	}
	int i = pool_add(P, in);
	bool ok = i >= 0 && (q == SMT_Q_DIFFER
				     ? pool_fp(&P->pool, i, a) !=
					       pool_fp(&P->pool, i, b)
				     : pool_kill_not(&P->pool, a, b) >= 0);
	if (!ok) {
		/* The evaluator may have refused an integer that left int64;
		 * that is not a bug, just an answer we cannot confirm. */
		bool undecided = false;
		eval_holds(P->an->assume, P->an->nvars, in, &undecided);
		struct outcome o;
		bool overflow = false;
		for (int p = 0; p < P->pool.nprogs; p++) {
			eval_outcome(prog_expr(P->an, p), P->an->nvars, in, &o);
			overflow |= o.overflow;
		}
		if (undecided || overflow) {
			add_unknown(P, uk, a, b,
				    "the witness overflows 64-bit evaluation");
			return R_UNKNOWN;
		}
		unconfirmed(P, q == SMT_Q_DIFFER ? "different outcomes"
						 : "a kill-but-not input",
			    a, b, in);
	}
	return R_NO;
}
