/*
 * prove.c - decide equivalence, duplicates and subsumption for one
 * analysis with as few solver calls as it can, then classes and the
 * minimal set.  See prove.h for the definitions.
 *
 * The test pool: boundary inputs of each domain plus every witness Z3
 * returns, each evaluated concretely on every program.  A question is
 * sent to Z3 only when no input in the pool already answers it with a
 * NO.  Positive answers follow from proofs by transitivity where they
 * can.  Every Z3 model is re-checked by the evaluator before it enters
 * the pool.
 */
#include "prove/prove.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sem/smt.h"

#define POOL_SEED_MAX 256
#define POOL_RANDOM 64
#define SEARCH_GRID 1200
#define SEARCH_RANDOM 400
#define R_PENDING 3 /* a pair not decided yet (never in a result) */

struct pool {
	int nprogs;            /* original + mutants */
	int n, cap;            /* inputs */
	int64_t *inputs;       /* [cap][MAX_VARS] */
	uint64_t *fp;          /* [cap][nprogs] observed-outcome fingerprints */
	int words, capwords;   /* bitset words per mutant */
	uint64_t **kills;      /* [nprogs] bitset over inputs */
};

struct prover {
	struct arena *a;
	const struct analysis *an;
	const struct prove_opts *opts;
	struct result *r;
	struct smt *smt;
	struct pool pool;
	size_t capw, capu;
};

/* ---- the pool ---- */

static uint64_t fingerprint(const struct analysis *an, const struct outcome *o)
{
	uint64_t h = FNV1A64_INIT;
	uint8_t thr = o->threw;
	h = fnv1a64(&thr, 1, h);
	if (o->threw)
		return h;
	if (an->observe.value)
		h = fnv1a64(&o->value, sizeof(o->value), h);
	for (int i = 0; i < an->nvars; i++)
		if (an->observe.var[i])
			h = fnv1a64(&o->vars[i], sizeof(o->vars[i]), h);
	return h;
}

static const struct node *prog_expr(const struct analysis *an, int p)
{
	return p == 0 ? an->orig : an->mutants[p].expr;
}

/* Add an input; returns its index, or -1 if the evaluator cannot decide
 * it (an integer overflowed int64) or the assumptions do not hold. */
static int pool_add(struct prover *P, const int64_t *in)
{
	const struct analysis *an = P->an;
	struct pool *pl = &P->pool;
	bool undecided = false;
	if (!eval_holds(an->assume, an->nvars, in, &undecided) || undecided)
		return -1;
	uint64_t *fp = xmalloc((size_t)pl->nprogs * sizeof(*fp));
	for (int p = 0; p < pl->nprogs; p++) {
		struct outcome o;
		eval_outcome(prog_expr(an, p), an->nvars, in, &o);
		if (o.overflow) {
			free(fp);
			return -1;
		}
		fp[p] = fingerprint(an, &o);
	}
	if (pl->n == pl->cap) {
		pl->cap = pl->cap ? pl->cap * 2 : 64;
		pl->inputs = xrealloc(pl->inputs, (size_t)pl->cap * MAX_VARS *
							  sizeof(*pl->inputs));
		pl->fp = xrealloc(pl->fp, (size_t)pl->cap * (size_t)pl->nprogs *
						  sizeof(*pl->fp));
	}
	int i = pl->n++;
	if ((pl->n + 63) / 64 > pl->capwords) {
		int nw = pl->capwords ? pl->capwords * 2 : 4;
		for (int p = 0; p < pl->nprogs; p++) {
			pl->kills[p] = xrealloc(pl->kills[p],
						(size_t)nw * sizeof(uint64_t));
			memset(pl->kills[p] + pl->capwords, 0,
			       (size_t)(nw - pl->capwords) * sizeof(uint64_t));
		}
		pl->capwords = nw;
	}
	pl->words = (pl->n + 63) / 64;
	memcpy(pl->inputs + (size_t)i * MAX_VARS, in, MAX_VARS * sizeof(*in));
	memcpy(pl->fp + (size_t)i * (size_t)pl->nprogs, fp,
	       (size_t)pl->nprogs * sizeof(*fp));
	for (int p = 1; p < pl->nprogs; p++)
		if (fp[p] != fp[0])
			pl->kills[p][i / 64] |= (uint64_t)1 << (i % 64);
	free(fp);
	return i;
}

static uint64_t pool_fp(const struct pool *pl, int i, int p)
{
	return pl->fp[(size_t)i * (size_t)pl->nprogs + (size_t)p];
}

/* First pool input on which a and b have different outcomes, or -1. */
static int pool_distinct(const struct pool *pl, int a, int b)
{
	for (int i = 0; i < pl->n; i++)
		if (pool_fp(pl, i, a) != pool_fp(pl, i, b))
			return i;
	return -1;
}

/* First pool input that kills a but not b (b = 0: kills a), or -1. */
static int pool_kill_not(const struct pool *pl, int a, int b)
{
	for (int w = 0; w < pl->words; w++) {
		uint64_t x = pl->kills[a][w] & (b ? ~pl->kills[b][w] : ~0ULL);
		if (x)
			return w * 64 + __builtin_ctzll(x);
	}
	return -1;
}

static void candidates(enum type t, int64_t *out, int *n)
{
	*n = 0;
	if (t == T_BOOLEAN) {
		out[(*n)++] = 0;
		out[(*n)++] = 1;
		return;
	}
	int64_t base[] = { 0, 1, -1, 2, -2, 3, 7, -7 };
	for (size_t i = 0; i < ARRAY_SIZE(base); i++)
		if (base[i] >= type_min(t) && base[i] <= type_max(t))
			out[(*n)++] = base[i];
	if (t != T_INTEGER) {
		int64_t edge[] = { type_min(t), type_max(t), type_min(t) + 1,
				   type_max(t) - 1 };
		for (size_t i = 0; i < ARRAY_SIZE(edge); i++) {
			bool dup = false;
			for (int j = 0; j < *n; j++)
				dup |= out[j] == edge[i];
			if (!dup)
				out[(*n)++] = edge[i];
		}
	}
}

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A deterministic pseudo-random value of type t: small (-16..16) or
 * anywhere in the type's range. */
static int64_t random_value(uint64_t *x, enum type t, bool small)
{
	uint64_t r = xorshift(x);
	if (t == T_BOOLEAN)
		return (int64_t)(r & 1);
	if (small || t == T_INTEGER) {
		int64_t v = (int64_t)(r % 33) - 16;
		if (t == T_CHAR && v < 0)
			v = -v;
		return small || (r >> 40) & 1 ? v : v * (int64_t)(r >> 48);
	}
	return type_wrap(t, (int64_t)r);
}

/* Random and boundary inputs: the product of each variable's candidates, or a
 * deterministic sample of it when that is too large. */
static void pool_seed(struct prover *P)
{
	const struct analysis *an = P->an;
	int64_t cand[MAX_VARS][16];
	int ncand[MAX_VARS];
	double total = 1;
	for (int v = 0; v < an->nvars; v++) {
		candidates(an->var_types[v], cand[v], &ncand[v]);
		total *= ncand[v];
	}
	int64_t in[MAX_VARS] = { 0 };
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	/* Random inputs first: small values, then any value of the type. */
	for (int k = 0; k < POOL_RANDOM; k++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = random_value(&x, an->var_types[v], k % 2 == 0);
		pool_add(P, in);
	}
	if (total <= POOL_SEED_MAX) {
		int idx[MAX_VARS] = { 0 };
		for (int k = 0; k < (int)total; k++) {
			for (int v = 0; v < an->nvars; v++)
				in[v] = cand[v][idx[v]];
			pool_add(P, in);
			for (int v = an->nvars - 1; v >= 0; v--) {
				if (++idx[v] < ncand[v])
					break;
				idx[v] = 0;
			}
		}
		return;
	}
	for (int k = 0; k < POOL_SEED_MAX; k++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = cand[v][xorshift(&x) % (uint64_t)ncand[v]];
		pool_add(P, in);
	}
}

static void pool_free(struct pool *pl)
{
	for (int p = 0; p < pl->nprogs; p++)
		free(pl->kills[p]);
	free(pl->kills);
	free(pl->inputs);
	free(pl->fp);
}

/* ---- asking the solver ---- */

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
			const int64_t *in)
{
	struct strbuf sb = STRBUF_INIT, where = STRBUF_INIT;
	const struct analysis *an = P->an;
	input_print(&sb, an, in);
	if (an->theory)
		sb_printf(&where, "%s (mutants %d, %d) in target '%s', domain "
				  "'%s'", an->theory->file, a, b,
			  an->target->name, an->domain->name);
	else
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
		      int b, const int64_t *in)
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
	int64_t in[MAX_VARS] = { 0 };
	int r = 1;
	/* The largest radius whose grid has at most SEARCH_GRID points. */
	for (;;) {
		double pts = 1;
		for (int v = 0; v < an->nvars; v++)
			pts *= an->var_types[v] == T_BOOLEAN ? 2 : 2 * (r + 1) + 1;
		if (pts > SEARCH_GRID || r >= 64)
			break;
		r++;
	}
	int idx[MAX_VARS] = { 0 };
	for (;;) {
		for (int v = 0; v < an->nvars; v++) {
			enum type t = an->var_types[v];
			int64_t x = t == T_BOOLEAN ? idx[v] : idx[v] - r;
			in[v] = t == T_CHAR && x < 0 ? 'a' - x : x;
		}
		if (satisfies(an, q, a, b, in))
			return pool_add(P, in);
		int v = an->nvars - 1;
		for (; v >= 0; v--) {
			int span = an->var_types[v] == T_BOOLEAN ? 2 : 2 * r + 1;
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
static enum rel ask(struct prover *P, enum smt_query q, int a, int b,
		    enum unknown_kind uk)
{
	int64_t in[MAX_VARS] = { 0 };
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

/* ---- the steps ---- */

static void step_equivalence(struct prover *P)
{
	struct result *r = P->r;
	for (int m = 1; m <= r->n; m++) {
		if (!P->opts->naive && pool_kill_not(&P->pool, m, 0) >= 0) {
			r->equiv[m] = R_NO;
			continue;
		}
		enum rel e = ask(P, SMT_Q_DIFFER, 0, m, U_EQUIVALENT);
		r->equiv[m] = e == R_YES ? R_YES : e == R_NO ? R_NO : R_UNKNOWN;
	}
}

static void step_duplicates(struct prover *P)
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
				    ask(P, SMT_Q_DIFFER, x, m, U_DUPLICATE) ==
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
			if (ask(P, SMT_Q_DIFFER, rep, m, U_DUPLICATE) == R_YES) {
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

static bool same_pool_kills(const struct pool *pl, int a, int b)
{
	for (int w = 0; w < pl->words; w++)
		if (pl->kills[a][w] != pl->kills[b][w])
			return false;
	return true;
}

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
	enum rel e = ask(P, SMT_Q_KILL_NOT, a, b, U_SUBSUMES);
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

/* How many pool inputs kill p. */
static int pool_count(const struct pool *pl, int p)
{
	int c = 0;
	for (int w = 0; w < pl->words; w++)
		c += __builtin_popcountll(pl->kills[p][w]);
	return c;
}

static void step_subsumption(struct prover *P)
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
				SUB(r, a, b) = ask(P, SMT_Q_KILL_NOT, a, b,
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
			head = !same_pool_kills(&P->pool, reps[j], a);
		if (!head)
			continue;
		for (int j = i + 1; j <= nreps; j++) {
			next = j < nreps ? reps[j] : first;
			if (j < nreps && !same_pool_kills(&P->pool, a, next))
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
	/* Pairs decided before a later witness entered the pool stay
	 * right: a NO never becomes YES, and a YES is a proof. */
	for (int a = 1; a <= n && !naive; a++)
		for (int b = 1; b <= n; b++)
			if (r->equiv[a] == R_NO && r->equiv[b] == R_NO)
				SUB(r, a, b) = SUB(r, r->dup[a], r->dup[b]);
	free(reps);
}

static int find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

static void step_classes(struct prover *P)
{
	struct result *r = P->r;
	int n = r->n;
	int *parent = xmalloc(((size_t)n + 1) * sizeof(*parent));
	for (int m = 0; m <= n; m++)
		parent[m] = m;
	for (int a = 1; a <= n; a++)
		for (int b = a + 1; b <= n; b++)
			if (r->equiv[a] == R_NO && r->equiv[b] == R_NO &&
			    SUB(r, a, b) == R_YES && SUB(r, b, a) == R_YES) {
				int x = find(parent, a), y = find(parent, b);
				if (x != y)
					parent[x > y ? x : y] = x < y ? x : y;
			}
	r->class_rep = ANEWN(P->a, int, (size_t)n + 1);
	for (int m = 1; m <= n; m++) {
		r->cls[m] = -1;
		if (r->equiv[m] != R_NO)
			continue;
		int root = find(parent, m); /* the lowest id of its class */
		if (root == m)
			r->class_rep[r->nclasses++] = m;
	}
	for (int m = 1; m <= n; m++) {
		if (r->equiv[m] != R_NO)
			continue;
		int root = find(parent, m);
		for (int c = 0; c < r->nclasses; c++)
			if (r->class_rep[c] == root)
				r->cls[m] = c;
	}
	/* Minimal: the representative of every class that no mutant
	 * outside it strictly subsumes; unknown mutants are kept. */
	for (int c = 0; c < r->nclasses; c++) {
		int rep = r->class_rep[c];
		bool dominated = false;
		for (int x = 1; x <= n && !dominated; x++)
			dominated = r->equiv[x] == R_NO && r->cls[x] != c &&
				    SUB(r, x, rep) == R_YES;
		r->minimal[rep] = !dominated;
	}
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_UNKNOWN)
			r->minimal[m] = true;
	free(parent);
}

bool result_hasse_edge(const struct result *r, int a, int b)
{
	if (a == b || SUB(r, a, b) != R_YES || SUB(r, b, a) == R_YES)
		return false;
	for (int c = 0; c < r->nclasses; c++) {
		int x = r->class_rep[c];
		if (x != a && x != b && SUB(r, a, x) == R_YES &&
		    SUB(r, x, a) != R_YES && SUB(r, x, b) == R_YES &&
		    SUB(r, b, x) != R_YES)
			return false;
	}
	return true;
}

static void add_witness(struct prover *P, enum witness_kind k, int a, int b,
			int i)
{
	struct result *r = P->r;
	GROW(r->witnesses, (size_t)r->nwitnesses + 1, P->capw);
	struct witness *w = &r->witnesses[r->nwitnesses++];
	w->kind = k;
	w->a = a;
	w->b = b;
	memcpy(w->input, P->pool.inputs + (size_t)i * MAX_VARS,
	       sizeof(w->input));
}

/* One witness for every negative answer, from the pool, first input. */
static void step_witnesses(struct prover *P)
{
	struct result *r = P->r;
	int n = r->n;
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_NO)
			add_witness(P, W_KILLS, m, 0, pool_kill_not(&P->pool, m, 0));
	for (int a = 1; a <= n; a++)
		for (int b = a + 1; b <= n; b++) {
			if (r->equiv[a] != R_NO || r->equiv[b] != R_NO ||
			    r->dup[a] != a || r->dup[b] != b)
				continue;
			int i = pool_distinct(&P->pool, a, b);
			if (i >= 0)
				add_witness(P, W_DISTINCT, a, b, i);
		}
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++) {
			if (a == b || r->equiv[a] != R_NO ||
			    r->equiv[b] != R_NO || r->dup[a] != a ||
			    r->dup[b] != b || SUB(r, a, b) != R_NO)
				continue;
			int i = pool_kill_not(&P->pool, a, b);
			if (i < 0)
				BUG("a NO without a witness (%d, %d)", a, b);
			add_witness(P, W_NOT_SUBSUMES, a, b, i);
		}
}

/*
 * The fewest unsat proofs any method needs for this result: one per
 * equivalent mutant, one per mutant joining a duplicate group, k per
 * class of k > 1 groups (a cycle), one per Hasse edge between classes.
 * Unknown answers are not counted.
 */
static unsigned lower_bound(const struct result *r)
{
	unsigned lb = 0;
	for (int m = 1; m <= r->n; m++) {
		lb += r->equiv[m] == R_YES;
		lb += r->equiv[m] == R_NO && r->dup[m] != m;
	}
	for (int c = 0; c < r->nclasses; c++) {
		unsigned groups = 0;
		for (int m = 1; m <= r->n; m++)
			groups += r->cls[m] == c && r->dup[m] == m;
		if (groups > 1)
			lb += groups;
		for (int d = 0; d < r->nclasses; d++)
			lb += result_hasse_edge(r, r->class_rep[c],
						r->class_rep[d]);
	}
	return lb;
}

static void *to_arena(struct arena *a, void *p, size_t size)
{
	void *q = arena_alloc(a, size ? size : 1);
	if (size)
		memcpy(q, p, size);
	free(p);
	return q;
}

struct result *prove_analysis(struct arena *a, const struct analysis *an,
			      const struct prove_opts *opts)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct result *r = ANEW(a, struct result);
	int n = an->nmutants;
	r->an = an;
	r->n = n;
	r->equiv = ANEWN(a, unsigned char, (size_t)n + 1);
	r->dup = ANEWN(a, int, (size_t)n + 1);
	r->sub = ANEWN(a, unsigned char, ((size_t)n + 1) * ((size_t)n + 1));
	r->cls = ANEWN(a, int, (size_t)n + 1);
	r->minimal = ANEWN(a, bool, (size_t)n + 1);
	struct prover P = { .a = a, .an = an, .opts = opts, .r = r };
	P.pool.nprogs = n + 1;
	P.pool.kills = xcalloc((size_t)n + 1, sizeof(*P.pool.kills));
	P.smt = opts->shared && !opts->naive
			? smt_new_shared(opts->shared, an)
			: smt_new_limits(an, opts->timeout_ms, opts->rlimit, opts->naive);

	if (!opts->naive)
		pool_seed(&P);
	step_equivalence(&P);
	step_duplicates(&P);
	step_subsumption(&P);
	step_classes(&P);
	step_witnesses(&P);

	r->solver_calls = smt_calls(P.smt);
	r->lower_bound = lower_bound(r);
	r->pool_size = (unsigned)P.pool.n;
	smt_free(P.smt);
	pool_free(&P.pool);
	r->witnesses = to_arena(a, r->witnesses,
				(size_t)r->nwitnesses * sizeof(*r->witnesses));
	r->unknowns = to_arena(a, r->unknowns,
			       (size_t)r->nunknowns * sizeof(*r->unknowns));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->time_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		     (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	return r;
}

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = {
		[V_MINIMAL] = "minimal",       [V_EQUIVALENT] = "equivalent",
		[V_DUPLICATE] = "duplicate",   [V_SUBSUMED] = "subsumed",
		[V_UNKNOWN] = "unknown",
	};
	return names[v];
}

enum verdict result_verdict(const struct result *r, int m, int *by)
{
	*by = 0;
	if (r->equiv[m] == R_YES)
		return V_EQUIVALENT;
	if (r->equiv[m] == R_UNKNOWN)
		return V_UNKNOWN;
	if (r->minimal[m])
		return V_MINIMAL;
	if (r->dup[m] != m) {
		*by = r->dup[m];
		return V_DUPLICATE;
	}
	/* The lowest-id minimal mutant that subsumes m. */
	for (int x = 1; x <= r->n; x++)
		if (r->minimal[x] && r->equiv[x] == R_NO && SUB(r, x, m) == R_YES) {
			*by = x;
			return V_SUBSUMED;
		}
	/* With unknown answers no minimal mutant may be proven above m:
	 * name a proven subsumer instead. */
	for (int x = 1; x <= r->n; x++)
		if (x != m && r->equiv[x] == R_NO && SUB(r, x, m) == R_YES) {
			*by = x;
			return V_SUBSUMED;
		}
	BUG("mutant %d is neither minimal nor subsumed", m);
}
