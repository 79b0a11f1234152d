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

/* Keep the obligation of an unsat answer (prove_opts.smt2). */
static void add_proof(struct prover *P, enum unknown_kind k, int a, int b)
{
	const char *text = smt_last_smt2(P->smt);
	struct result *r = P->r;
	if (!text)
		BUG("an unsat answer without its SMT-LIB text");
	GROW(r->proofs, (size_t)r->nproofs + 1, P->capp);
	r->proofs[r->nproofs].kind = k;
	r->proofs[r->nproofs].a = a;
	r->proofs[r->nproofs].b = b;
	r->proofs[r->nproofs].smt2 = arena_strdup(P->a, text);
	r->nproofs++;
}

/* A Z3 model the evaluator disagrees with: the encoding has a bug. */
static void unconfirmed(struct prover *P, const char *claim, int a, int b,
			const struct value *in)
{
	struct strbuf sb = STRBUF_INIT, where = STRBUF_INIT;
	const struct analysis *an = P->an;
	input_print(&sb, an, in);
	if (an->theory)
		sb_printf(&where, "%s (mutants %d, %d) in target '%s', domain "
				  "'%s'", an->theory->file, a, b,
			  an->target->name, an->domain->name);
	else /* not a theory file's analysis: a check site, a table shape */
		sb_printf(&where, "%s (mutants %d, %d)", an->site, a, b);
	fprintf(stderr,
		"%s: internal error: Z3 claims %s for %s, but the concrete "
		"evaluator does not confirm it on the witness %s\n",
		progname, claim, where.buf, sb.buf);
	sb_release(&where);
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
 * The grid of the concrete search: every input within radius r of zero
 * (the largest r whose grid has at most SEARCH_GRID points; a type with
 * at most 2r + 1 values, such as boolean or C's _Bool, takes each of
 * them once, a negative c of an unsigned type becomes 'a' - c),
 * in a fixed order.  With many variables even radius 1 is too much
 * (3^16 inputs for 16 variables): past GRID_MAX_CELLS points the
 * variables take fewer values, the last ones first (3, then 2: 0 and 1,
 * then 1: 0 alone), so the grid never holds more than GRID_MAX_CELLS
 * inputs whatever the number of variables.  It is the same for every
 * question of an analysis, so each program is evaluated on it once, when
 * a question first needs it, and questions compare fingerprints.  A hit
 * is confirmed by satisfies().
 */
/* How many values of t the grid of radius r takes: all of a small
 * type's range, else 2r + 1. */
static int grid_span(const struct type *t, int r)
{
	uint64_t size = t->kind == TK_BOOLEAN ? 2
			: t->kind == TK_INT && t->bits < 32
				? (uint64_t)1 << t->bits
				: UINT64_MAX;
	return size < (uint64_t)(2 * r + 1) ? (int)size : 2 * r + 1;
}

/* The i-th grid value (0 <= i < span <= grid_span(t, r)) of type t:
 * a small type's whole range in order, else i - r for the full span of
 * 2r + 1 values, and 0, 1 for a span cut to 1 or 2 (radius 1). */
static struct value grid_value(const struct type *t, int r, int span, int i)
{
	if (grid_span(t, r) < 2 * r + 1) /* the whole range, in order */
		return value_uint(type_min(t).bits + (uint64_t)i);
	int64_t x = span == 2 * r + 1 ? i - r : i;
	if (t->kind == TK_FLOAT) /* the integer x */
		return type_wrap(t, x);
	return value_int(!t->is_signed && x < 0 ? 'a' - x : x);
}

/* The span of each variable (span[v] values of variable v), radius r. */
static int grid_spans(const struct analysis *an, int *span)
{
	int r = 1;
	for (;;) {
		double pts = 1;
		for (int v = 0; v < an->nvars; v++)
			pts *= grid_span(an->var_types[v], r + 1);
		if (pts > SEARCH_GRID || r >= 64)
			break;
		r++;
	}
	double pts = 1;
	for (int v = 0; v < an->nvars; v++) {
		span[v] = grid_span(an->var_types[v], r);
		pts *= span[v];
	}
	/* Too many variables: cut the last ones' spans, one step at a time
	 * (a small type's whole range goes to 1 at once). */
	for (int v = an->nvars - 1; pts > GRID_MAX_CELLS && v >= 0; v--) {
		while (pts > GRID_MAX_CELLS && span[v] > 1) {
			int to = span[v] == 2 * r + 1 && span[v] > 2 ? 2 : 1;
			pts = pts / span[v] * to;
			span[v] = to;
		}
	}
	return r;
}

static void grid_build(struct prover *P)
{
	const struct analysis *an = P->an;
	struct grid *g = &P->grid;
	int span[MAX_VARS];
	int r = grid_spans(an, span);
	g->n = 1;
	for (int v = 0; v < an->nvars; v++)
		g->n *= span[v];
	g->inputs = xcalloc((size_t)g->n * MAX_VARS, sizeof(*g->inputs));
	g->holds = xcalloc((size_t)g->n, sizeof(*g->holds));
	g->fp = xcalloc((size_t)g->n * (size_t)P->pool.nprogs, sizeof(*g->fp));
	g->state = xcalloc((size_t)g->n * (size_t)P->pool.nprogs,
			   sizeof(*g->state));
	int idx[MAX_VARS] = { 0 };
	for (int k = 0; k < g->n; k++) {
		struct value *in = g->inputs + (size_t)k * MAX_VARS;
		for (int v = 0; v < an->nvars; v++)
			in[v] = grid_value(an->var_types[v], r, span[v], idx[v]);
		bool undecided = false;
		g->holds[k] = eval_holds(an->assume, an->nvars, in, &undecided) &&
			      !undecided;
		for (int v = an->nvars - 1; v >= 0; v--) {
			if (++idx[v] < span[v])
				break;
			idx[v] = 0;
		}
	}
	g->built = true;
}

enum { G_UNKNOWN, G_OK, G_OVERFLOW };

/* Program p's outcome fingerprint on grid input k: G_OK, or G_OVERFLOW
 * when the evaluator cannot decide it. */
static int grid_fp(struct prover *P, int k, int p, uint64_t *fp)
{
	struct grid *g = &P->grid;
	size_t i = (size_t)k * (size_t)P->pool.nprogs + (size_t)p;
	if (g->state[i] == G_UNKNOWN) {
		struct outcome o;
		eval_outcome(prog_expr(P->an, p), P->an->nvars,
			     g->inputs + (size_t)k * MAX_VARS, &o);
		g->state[i] = o.overflow ? G_OVERFLOW : G_OK;
		g->fp[i] = outcome_fp(P->an, &o);
	}
	*fp = g->fp[i];
	return g->state[i];
}

/* The first grid input that satisfies q on a, b, or -1. */
static int grid_find(struct prover *P, enum smt_query q, int a, int b)
{
	struct grid *g = &P->grid;
	if (!g->built)
		grid_build(P);
	for (int k = 0; k < g->n; k++) {
		uint64_t fa, fb, f0;
		if (!g->holds[k] || grid_fp(P, k, a, &fa) != G_OK ||
		    grid_fp(P, k, b, &fb) != G_OK)
			continue;
		bool hit = q == SMT_Q_DIFFER
				   ? fa != fb
				   : grid_fp(P, k, 0, &f0) == G_OK && f0 != fa &&
					     f0 == fb;
		if (hit && satisfies(P->an, q, a, b,
				     g->inputs + (size_t)k * MAX_VARS))
			return k;
	}
	return -1;
}

void grid_free(struct grid *g)
{
	free(g->inputs);
	free(g->holds);
	free(g->fp);
	free(g->state);
	memset(g, 0, sizeof(*g));
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
	int k = grid_find(P, q, a, b);
	if (k >= 0)
		return pool_add(P, P->grid.inputs + (size_t)k * MAX_VARS);
	struct value in[MAX_VARS] = { { 0 } };
	uint64_t x = 0x2545f4914f6cdd1dULL ^ (uint64_t)(a * 7919 + b);
	for (int i = 0; i < SEARCH_RANDOM; i++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = random_value(&x, an->var_types[v], i % 4 != 0);
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
	if (smt_retry(P->smt))
		return R_UNKNOWN; /* the analysis starts over (prove.c) */
	if (!P->opts->naive && search(P, q, a, b) >= 0)
		return R_NO;
	enum smt_result res = smt_check(P->smt, q, a, b, in, &reason);
	if (smt_retry(P->smt))
		return R_UNKNOWN;
	if (getenv("SUBSUME_TRACE"))
		fprintf(stderr, "trace: %s %d %d -> %s\n",
			q == SMT_Q_DIFFER ? "differ" : "kill-not", a, b,
			res == SMT_UNSAT ? "unsat" : res == SMT_SAT ? "sat" : "unknown");
	if (res == SMT_UNSAT) {
		if (P->opts->smt2)
			add_proof(P, uk, a, b);
		return R_YES;
	}
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
