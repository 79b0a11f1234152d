/*
 * mrel.c - duplicates and subsumption between the mutants of a method
 * (check/method.h).
 */
#include "check/method.h"

#include <stdlib.h>
#include <string.h>

#include "check/mcache.h"

/* The relations of the live mutants, numbered 1..n as the verdict
 * module counts (prove.h: struct result), with the concrete evidence
 * that settles most pairs without a solver call: every input run so
 * far (the pool, the killing inputs, the solver's counterexamples) on
 * the original and every mutant, with the loop bound. */
struct mrel {
	struct cgroup *g;
	struct msolve *S;
	const struct mlive *L;
	const struct mmethod *o;
	unsigned bound;
	int n;
	bool *distinct;         /* [a, b]: an input tells a from b */
	bool *notsub;           /* [a, b]: an input kills a, not b */
	int *kills;             /* [n+1] how many of the inputs kill it */
	/* [n+1] scratch of feed(): the run usable, killed, its hash */
	bool *use, *killed, *kept;
	uint64_t *hash;
	const char **open;      /* [n+1] why a relation of it stayed open */
	int *openwith;          /* [n+1] with which mutant */
	int budget;             /* solver questions left for the method */
	int tries;              /* search_tries() */
};

/* Bounds that keep a method's relations cheap whatever its size (counts,
 * not time: the same verdicts on every machine): the mutants related
 * (the evidence is quadratic in them) and the solver questions asked,
 * REL_ASKS per mutant; beyond them no claim, and the note says why. */
#define REL_MAX 512
#define REL_ASKS 4

#define AT(R, a, b) ((size_t)(a) * (size_t)((R)->n + 1) + (size_t)(b))

static struct cmutant *rmutant(const struct mrel *R, int x)
{
	return &R->g->mutants[R->L->idx[x - 1]];
}

static bool usable(const struct mrun *r)
{
	return !r->cut && !r->overflow;
}

/* A hash of what a test sees of a run: two runs with different hashes
 * differ (mir_differs); equal hashes prove nothing. */
static uint64_t seen_hash(const struct mmethod *o, const struct mrun *r)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int k = 0; k < r->nevents; k++) { /* the calls made */
		const struct mevent *e = &r->events[k];
		h = (h ^ (uint64_t)e->id) * 0x100000001b3ULL;
		for (int i = 0; i < e->nargs; i++)
			h = (h ^ mfloat_seen(o, mfloat_event_arg(o, e, i), e->args[i])) *
			    0x100000001b3ULL;
		for (int j = 0; j < e->nseen; j++) /* Calls and fields */
			h = (h ^ e->seen[j].bits) * 0x100000001b3ULL;
	}
	if (r->threw && (o->profile || !r->exc)) /* C: one outcome */
		return r->nevents ? (h & ~3ULL) | 1 : 1;
	if (r->threw) /* Java: the exception's kind is seen */
		return (((h ^ (uint64_t)r->exc) * 0x100000001b3ULL) & ~3ULL) | 1;
	if (o->ret)
		h = (h ^ mfloat_seen(o, o->ret, r->ret)) * 0x100000001b3ULL;
	for (int i = 0; i < o->nvars; i++)
		if (mir_observed(o, i))
			h = (h ^ mfloat_seen(o, o->types[i], r->vars[i])) *
			    0x100000001b3ULL;
	for (int j = 0; o->arr_writes && j < mir_arr_inputs(o); j++)
		for (int e = 0; e < r->alen[j] && e < MIR_ALEN; e++)
			h = (h ^ r->aval[j][e].bits) * 0x100000001b3ULL;
	return h | 2;
}

/* Run input in on everything; record what it separates: O(n) runs,
 * O(n^2) comparisons of integers, no solver call. */
static void feed(struct mrel *R, const struct value *in)
{
	int n = R->n;
	struct mrun o, r;
	mir_eval(R->o, in, R->bound, &o);
	if (!usable(&o))
		return; /* no kill known; distinct pairs can wait */
	for (int x = 1; x <= n; x++) {
		mir_eval(rmutant(R, x)->mm, in, R->bound, &r);
		R->use[x] = usable(&r);
		/* evidence only along a leader keeping the contracts
		 * (sem/mir.h: Contracts): the original for a kill, one of
		 * the two for a difference */
		R->kept[x] = !r.broke;
		R->killed[x] = R->use[x] && !o.broke && mir_differs(R->o, &o, &r);
		R->hash[x] = R->use[x] ? seen_hash(R->o, &r) : 0;
		R->kills[x] += R->killed[x];
	}
	for (int a = 1; a <= n; a++) {
		if (!R->use[a])
			continue;
		bool *dis = &R->distinct[AT(R, a, 0)];
		bool *ns = &R->notsub[AT(R, a, 0)];
		for (int b = 1; b <= n; b++) {
			if (!R->use[b])
				continue;
			dis[b] |= R->hash[a] != R->hash[b] &&
				  (R->kept[a] || R->kept[b]);
			ns[b] |= !o.broke && R->killed[a] && !R->killed[b];
		}
	}
}

static void left_open(struct mrel *R, int a, int b, const char *why)
{
	if (!R->open[a]) {
		R->open[a] = why;
		R->openwith[a] = b;
	}
	if (!R->open[b]) {
		R->open[b] = why;
		R->openwith[b] = a;
	}
}

/* --- a search before a subsumption question ---
 *
 * The pool (method.c) is drawn for telling mutants from the original;
 * a subsumption question often needs an input where two outcomes meet:
 * a divisor of 0, a sum of 0, two values equal, a value at the edge of
 * its type, a mutant's `(a + b) / c` equal to the original's
 * `a + b + c` (c = 2, a + b = -4).  Z3 finds those slowly when the
 * question divides (seconds each, bit-blasted division).  So before a
 * subsumption question reaches the solver the evaluator runs
 * SEARCH_TRIES inputs built for such meetings (about 1 us each): each
 * integer small (-4..4, half the time), at an edge of its type,
 * another integer input's value (or its negation, or one off it), or
 * random; each reference an object of its own (no aliasing), sometimes
 * null, `this` or an earlier reference's object.  An input that
 * refutes the pair is run on everything (feed) and the question is not
 * asked: a refutation found here is a fact of the evaluator, as one
 * re-checked from the solver is, and a proof still needs the solver.
 * The inputs of a pair come from a generator seeded by the pair: the
 * same whatever -j, the cache or the machine, so the questions asked
 * are too.  Not for duplicate questions: the inputs that refute them
 * are counted in kills, the order find_subsumption() tries subsumers
 * in (and so the subsumer named), which is left as the solver's
 * counterexamples made it.  Not in a
 * method with a loop: a relation whose runs the bound can cut is left
 * open without solving, and the search would only change which open
 * pair the note names. */
#define SEARCH_TRIES 2048

/* The search's inputs for a method of o's size: SEARCH_TRIES up to
 * SEARCH_STEPS / SEARCH_TRIES statements, fewer beyond (at least
 * SEARCH_MIN), so a pair's search costs at most about SEARCH_STEPS
 * statements a run whatever the method's size (a count, not time: the
 * same questions on every machine).  A method of 5,000 statements
 * (tests/check-budget.t) took 2,048 x 3 runs of 5,000 statements per
 * pair: 20 s for its 22 mutants. */
#define SEARCH_STEPS (2048L * 256)
#define SEARCH_MIN 64

static int search_tries(const struct mmethod *o)
{
	long size = mir_size(o), t = SEARCH_STEPS / (size > 1 ? size : 1);
	return t > SEARCH_TRIES ? SEARCH_TRIES : t < SEARCH_MIN ? SEARCH_MIN
								: (int)t;
}

static uint64_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* An integer of type t for input i: ints[0..nints) the integer inputs
 * drawn before it (in). */
static struct value search_int(const struct type *t, const struct value *in,
			       const int *ints, int nints, uint64_t *s)
{
	uint64_t r = rnd(s), x = r >> 4;
	int64_t half = t->bits >= 64 ? INT64_MAX
		       : ((int64_t)1 << (t->bits - 1)) - 1;
	int64_t v;
	switch (r % 16) {
	case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
		v = (int64_t)(x % 9) - 4;
		break;
	case 8: case 9: {
		const int64_t edge[4] = { half, -half - 1, half - 1, -half };
		v = edge[x % 4];
		break;
	}
	case 10: case 11: case 12:
		if (nints) {
			v = (int64_t)in[ints[x % (uint64_t)nints]].bits;
			v = (x >> 8) % 4 == 0 ? v : (x >> 8) % 4 == 1
			    ? (int64_t)(0 - (uint64_t)v) : (x >> 8) % 4 == 2
			    ? (int64_t)((uint64_t)v + 1) : (int64_t)((uint64_t)v - 1);
			break;
		}
		/* fall through */
	case 13: case 14:
		v = (int64_t)(x % 401) - 200;
		break;
	default:
		v = (int64_t)(x << 32 ^ rnd(s));
		break;
	}
	return type_wrap(t, v);
}

/* The next input of the search into in (all MIR_IN entries). */
void check_method_candidate(const struct mmethod *o, bool results,
			    uint64_t *s, struct value *in)
{
	int ints[MIR_MAX_VARS], nints = 0;
	for (int i = 0; i < MIR_IN; i++)
		in[i] = value_int(0);
	for (int i = 0; i < o->nvars; i++) {
		const struct type *t = o->types[i];
		if (o->kinds[i] == MV_LOCAL)
			continue;
		if (o->refs & (1u << i)) {
			uint64_t r = rnd(s);
			in[i] = value_int(r % 16 == 0 ? 0 : r % 16 == 1 ? 1 : 2 + i);
			if (r % 16 == 2 && i > 0) /* maybe an earlier one's */
				for (int j = (int)((r >> 4) % (uint64_t)i); j < i; j++)
					if (o->refs & (1u << j)) {
						in[i] = in[j];
						break;
					}
		} else if (t->kind == TK_INT) {
			in[i] = search_int(t, in, ints, nints, s);
			ints[nints++] = i;
		} else if (t->kind == TK_FLOAT) {
			uint64_t r = rnd(s);
			in[i] = mfloat_pool_input(t, (int)(r % MTRIES), i, r >> 8);
		} else {
			in[i] = type_wrap(t, (int64_t)(rnd(s) & 1));
		}
	}
	if (results)
		for (int j = 0; j < MIR_MAX_RESULTS; j++)
			in[MIR_RES + j] = value_int((int64_t)(rnd(s) % 9) - 4);
}

struct pair_search {
	struct mrel *R;
	int a, b;
	bool sub;
};

/* An input of the search on which the pair's runs refute it: 1 and
 * in[], or 0. */
static int pair_search(void *ctx, struct value *in)
{
	const struct pair_search *q = ctx;
	struct mrel *R = q->R;
	const struct mmethod *ma = rmutant(R, q->a)->mm, *mb = rmutant(R, q->b)->mm;
	uint64_t s = 0x2545f4914f6cdd1dULL ^ (uint64_t)q->a << 33 ^
		     (uint64_t)q->b << 1 ^ (uint64_t)q->sub;
	struct mrun ro, ra, rb;
	bool res = mir_uses_results(R->o);
	for (int k = 0; k < R->tries; k++) {
		check_method_candidate(R->o, res, &s, in);
		mir_eval(R->o, in, R->bound, &ro);
		if (!usable(&ro) || (q->sub && ro.broke))
			continue;
		mir_eval(ma, in, R->bound, &ra);
		if (!usable(&ra) || (q->sub && !mir_differs(R->o, &ro, &ra)))
			continue;
		mir_eval(mb, in, R->bound, &rb);
		if (!usable(&rb) || (q->sub ? mir_differs(R->o, &ro, &rb)
				   : !mir_differs(R->o, &ra, &rb) ||
				     (ra.broke && rb.broke)))
			continue;
		return 1;
	}
	return 0;
}

/* Does an input of the search refute that a and b are duplicates (sub:
 * that a subsumes b)?  It is then run on everything.  Taped by the
 * method cache (mcache.h): a method answered from it runs only the
 * input found. */
static bool search(struct mrel *R, int a, int b, bool sub)
{
	if (R->o->nloops || rmutant(R, a)->mm->nloops ||
	    rmutant(R, b)->mm->nloops)
		return false;
	struct value in[MIR_IN];
	struct pair_search q = { R, a, b, sub };
	const bool *seen = sub ? R->notsub : R->distinct;
	/* distinct from method.c's searches (b = -2): a pair's own */
	if (!msolve_found(R->S, R->L->h[a - 1] * 2 + sub, R->L->h[b - 1],
			  pair_search, &q, in))
		return false;
	feed(R, in);
	return seen[AT(R, a, b)];
}

/* Ask the solver whether a and b are duplicates (sub: whether a
 * subsumes b), unless the search refutes it.  A counterexample is run on everything; if the
 * evaluator does not see what the solver saw, the pair stays open. */
static bool ask_pair(struct mrel *R, int a, int b, bool sub)
{
	struct value in[MIR_IN];
	const char *why = NULL;
	int ha = R->L->h[a - 1], hb = R->L->h[b - 1];
	if (sub && search(R, a, b, sub))
		return false;
	if (R->budget <= 0) {
		left_open(R, a, b, "the method's solver questions for relations "
			  "are spent");
		return false;
	}
	R->budget--;
	enum mir_rel r = sub ? msolve_subsumes(R->S, ha, hb, in, &why)
			     : msolve_same(R->S, ha, hb, in, &why);
	if (r == MIR_PROVEN)
		return true;
	if (r == MIR_REFUTED) {
		feed(R, in);
		bool *seen = sub ? R->notsub : R->distinct;
		if (seen[AT(R, a, b)])
			return false;
		why = "the solver's input did not re-check in the evaluator";
		seen[AT(R, a, b)] = true;
		if (!sub)
			seen[AT(R, b, a)] = true;
	}
	left_open(R, a, b, why);
	return false;
}

/* dup[b]: the lowest mutant proven to have b's outcome on every input
 * (b itself if none); only class representatives are compared. */
static void find_duplicates(struct mrel *R, int *dup)
{
	for (int b = 1; b <= R->n; b++) {
		dup[b] = b;
		for (int a = 1; a < b; a++)
			if (dup[a] == a && !R->distinct[AT(R, a, b)] &&
			    ask_pair(R, a, b, false)) {
				dup[b] = a;
				break;
			}
	}
}

/* sub[a, b] between representatives, then copied to their duplicates.
 * A mutant needs one proven subsumer for its verdict, not every one:
 * for each representative m the others are tried by how few of the
 * inputs run kill them (the likeliest to be above everything else
 * first), those the evidence rules out skipped, until one is proven
 * (or follows by transitivity).  What was not asked stays unknown to
 * the verdict module, which names a proven subsumer; the transitive
 * closure of the proofs makes the one it names the highest known. */
static void find_subsumption(struct mrel *R, const int *dup, int *order,
			     unsigned char *sub)
{
	int n = R->n, nr = 0;
	for (int a = 1; a <= n; a++)
		if (dup[a] == a)
			order[nr++] = a;
	for (int i = 1; i < nr; i++) /* insertion sort: stable, by kills */
		for (int j = i; j > 0 && R->kills[order[j - 1]] > R->kills[order[j]];
		     j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nr; j++)
			sub[AT(R, order[i], order[j])] = i == j ? R_YES : R_UNKNOWN;
	for (int m = 1; m <= n; m++) {
		for (int k = 0; dup[m] == m && k < nr; k++) {
			int x = order[k];
			unsigned char *s = &sub[AT(R, x, m)];
			if (x == m || R->notsub[AT(R, x, m)]) {
				if (x != m)
					*s = R_NO;
				continue;
			}
			for (int c = 1; c <= n && *s != R_YES; c++)
				if (sub[AT(R, x, c)] == R_YES && sub[AT(R, c, m)] == R_YES &&
				    c != x && c != m)
					*s = R_YES;
			if (*s != R_YES)
				*s = ask_pair(R, x, m, true) ? R_YES
				     : R->notsub[AT(R, x, m)] ? R_NO : R_UNKNOWN;
			if (*s == R_YES)
				break;
		}
	}
	for (int c = 0; c < nr; c++) /* the transitive closure of the proofs */
		for (int i = 0; i < nr; i++)
			for (int j = 0; j < nr; j++)
				if (sub[AT(R, order[i], order[c])] == R_YES &&
				    sub[AT(R, order[c], order[j])] == R_YES)
					sub[AT(R, order[i], order[j])] = R_YES;
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++)
			sub[AT(R, a, b)] = sub[AT(R, dup[a], dup[b])];
}

/* Their verdicts, from the one verdict module. */
static void relation_verdicts(struct mrel *R, int *dup, unsigned char *sub)
{
	struct cgroup *g = R->g;
	unsigned char *equiv = ANEWN(g->a, unsigned char, (size_t)R->n + 1);
	bool *live = ANEWN(g->a, bool, (size_t)R->n + 1);
	for (int x = 1; x <= R->n; x++) {
		equiv[x] = R_NO;
		live[x] = true;
	}
	struct result rv = { .n = R->n, .equiv = equiv, .dup = dup, .sub = sub };
	for (int p = 1; p <= R->n; p++) {
		struct cmutant *m = rmutant(R, p);
		int by;
		bool same;
		enum verdict v = result_verdict_among(&rv, p, live, &by, &same);
		if (v == V_DUPLICATE || v == V_SUBSUMED) {
			m->by = rmutant(R, by)->id;
			m->v = v == V_DUPLICATE ? CV_DUPLICATE : CV_SUBSUMED;
			m->detail = arena_printf(g->a,
				v == V_DUPLICATE ? "same outcome as %s on every "
				"input, in its method; %s" : same ? "kills the "
				"same inputs as %s, in its method; %s" : "every "
				"input that kills %s kills it, in its method; %s",
				m->by, m->detail);
			if (R->o->nloops)
				m->note = arena_printf(g->a, "%s, every loop bounded",
						       m->note);
		} else if (R->open[p]) {
			m->note = arena_printf(g->a, "%s, no duplicate or "
				"subsumption claim with %s (%s)", m->note,
				rmutant(R, R->openwith[p])->id, R->open[p]);
		}
	}
}

void check_method_relations(struct cgroup *g, struct msolve *S,
			    const struct mlive *L, const struct mpool *P,
			    unsigned bound)
{
	if (L->n < 2)
		return;
	if (L->n > REL_MAX) {
		for (int k = 0; k < L->n; k++) {
			struct cmutant *m = &g->mutants[L->idx[k]];
			m->note = arena_printf(g->a, "%s, no duplicate or "
				"subsumption claim (%d mutants killable in the "
				"method: more than %d are not related)", m->note,
				L->n, REL_MAX);
		}
		return;
	}
	int n = L->n;
	size_t nn = (size_t)(n + 1) * (size_t)(n + 1);
	struct mrel R = { .g = g, .S = S, .L = L, .bound = bound, .n = n,
			 .o = g->mutants[L->idx[0]].mo,
			 .budget = REL_ASKS * n + 32,
			 .tries = search_tries(g->mutants[L->idx[0]].mo) };
	R.distinct = xcalloc(nn, sizeof(bool));
	R.notsub = xcalloc(nn, sizeof(bool));
	R.kills = ANEWN(g->a, int, (size_t)n + 1);
	R.use = ANEWN(g->a, bool, (size_t)n + 1);
	R.killed = ANEWN(g->a, bool, (size_t)n + 1);
	R.kept = ANEWN(g->a, bool, (size_t)n + 1);
	R.hash = ANEWN(g->a, uint64_t, (size_t)n + 1);
	R.open = ANEWN(g->a, const char *, (size_t)n + 1);
	R.openwith = ANEWN(g->a, int, (size_t)n + 1);
	for (int k = 0; k < MTRIES; k++)
		feed(&R, P->rows[k]);
	for (int k = 0; k < n; k++) /* those the pool did not give */
		if (!L->pooled[k])
			feed(&R, L->kin[k]);
	int *dup = ANEWN(g->a, int, (size_t)n + 1);
	unsigned char *sub = ANEWN(g->a, unsigned char, nn);
	find_duplicates(&R, dup);
	find_subsumption(&R, dup, ANEWN(g->a, int, (size_t)n + 1), sub);
	relation_verdicts(&R, dup, sub);
	free(R.distinct);
	free(R.notsub);
}
