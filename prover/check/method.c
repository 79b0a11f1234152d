/*
 * method.c - method-level verdicts (check/method.h).
 */
#include "check/method.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check/mcache.h"
#include "check/source.h"
#include "lang/javasrc-method.h"
#include "sem/mir.h"

static char *squeeze(struct arena *a, const char *s)
{
	char *r = arena_strdup(a, s), *p = r;
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			*p++ = *s;
	*p = 0;
	return r;
}

void check_method_attach(struct cgroup *g, int i, struct jsrc *f,
			 size_t start, const char *base, bool stmt)
{
	struct cmutant *m = &g->mutants[i];
	const char *why = NULL;
	if (stmt && strcmp(m->text, "<NO-OP>") && *m->text) {
		m->mwhy = "a statement mutant other than a deletion";
		return;
	}
	const struct mmethod *o = jsrc_method(f, g->a, start, NULL, &why);
	/* one original per method in the group: encoded once */
	for (int j = 0; o && j < i; j++) {
		const struct mmethod *p = g->mutants[j].mo;
		if (p && p->line == o->line && p->col == o->col) {
			o = p;
			break;
		}
	}
	struct mir_patch p = { start, squeeze(g->a, base), m->text, stmt };
	const struct mmethod *mm = o ? jsrc_method(f, g->a, start, &p, &why)
				     : NULL;
	if (mm && mm->ncallees > o->ncallees) {
		m->mwhy = "the mutant calls a method its original does not";
	} else if (mm && mir_uses_results(mm) && !mir_uses_results(o)) {
		m->mwhy = "the mutant uses a call's result, its original none";
	} else if (mm) {
		m->mo = o;
		m->mm = mm;
	} else {
		m->mwhy = why;
	}
}

/* in with its references renumbered 2, 3, ... in order of appearance
 * (null and this kept): ids only compare for identity (lang/mir.h). */
static void canon_refs(const struct mmethod *o, const struct value *in,
		       struct value *out)
{
	uint64_t seen[MAX_VARS];
	int n = 0;
	for (int i = 0; i < o->nvars; i++) {
		out[i] = in[i];
		if (!(o->refs & (1u << i)) || in[i].bits <= 1)
			continue;
		int k = 0;
		while (k < n && seen[k] != in[i].bits)
			k++;
		if (k == n)
			seen[n++] = in[i].bits;
		out[i] = value_int(k + 2);
	}
}

/* The variable named by name[0..len), not a local, or -1. */
static int var_named(const struct mmethod *o, const char *name, size_t len)
{
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] != MV_LOCAL && strlen(o->names[i]) == len &&
		    !strncmp(o->names[i], name, len))
			return i;
	return -1;
}

/* The read through a reference i (lang/mir.h: References) as the heap
 * cell it reads, ", o1.fa=o2", unless its object is null (never read),
 * this (the field says it) or printed already (the same cell, the same
 * value): 1 if printed. */
static int heap_text(struct strbuf *sb, const struct mmethod *o,
		     const struct value *in, int i, int k)
{
	const char *dot = strrchr(o->names[i], '.');
	int b = var_named(o, o->names[i], (size_t)(dot - o->names[i]));
	if (b < 0 || in[b].bits <= 1)
		return 0;
	for (int j = 0; j < i; j++) {
		const char *d = strrchr(o->names[j], '.');
		if (o->kinds[j] != MV_HEAP || strcmp(d, dot))
			continue;
		int bj = var_named(o, o->names[j], (size_t)(d - o->names[j]));
		if (bj >= 0 && in[bj].bits == in[b].bits)
			return 0;
	}
	sb_puts(sb, k ? ", " : " with field ");
	mir_value_print(sb, o, b, in[b]);
	sb_printf(sb, "%s=", dot);
	mir_value_print(sb, o, i, in[i]);
	return 1;
}

/* "max(a=2, b=2), fields x=0" */
static const char *call_text(struct arena *a, const struct mmethod *o,
			     const struct value *in)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%s(", o->name);
	int k = 0;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_PARAM) {
			sb_printf(&sb, "%s%s=", k++ ? ", " : "", o->names[i]);
			mir_value_print(&sb, o, i, in[i]);
		}
	sb_puts(&sb, ")");
	k = 0;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_HEAP)
			k += heap_text(&sb, o, in, i, k);
		else if (o->kinds[i] == MV_FIELD) {
			sb_printf(&sb, "%s%s=", k++ ? ", " : o->profile
				  ? " with global " : " with field ", o->names[i]);
			mir_value_print(&sb, o, i, in[i]);
		}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}

static void add_note(struct cgroup *g, struct cmutant *m, const char *what)
{
	m->note = m->note ? arena_printf(g->a, "%s; method level: %s", m->note,
					 what)
			  : arena_printf(g->a, "method level: %s", what);
}

static const char *where(struct cgroup *g, const struct mmethod *o)
{
	return arena_printf(g->a, "in %s at %s:%d:%d", o->name, o->file,
			    o->line, o->col);
}

/* A killing input from the solver, re-run exactly by the evaluator:
 * true when it re-checks (the mutant is killable in its method). */
static bool killed(struct cgroup *g, struct cmutant *m, const struct value *in0)
{
	const struct mmethod *o = m->mo;
	struct mrun ro, rm;
	struct value in[MIR_IN];
	memcpy(in, in0, sizeof(in)); /* the call results too */
	canon_refs(o, in0, in);
	mir_eval(o, in, 0, &ro);
	mir_eval(m->mm, in, 0, &rm);
	const char *call = call_text(g->a, o, in);
	if (ro.overflow || rm.overflow || !mir_differs(o, &ro, &rm)) {
		add_note(g, m, arena_printf(g->a, "the solver's killing input "
			 "%s did not re-check in the evaluator (not used)", call));
		return false;
	}
	const char *how = arena_printf(g->a, "killed by %s%s: the original %s, "
		"the mutant %s", call, mir_describe_results(g->a, o, &ro),
		mir_describe(g->a, o, in, &ro),
		mir_describe(g->a, m->mm, in, &rm));
	if (m->v == CV_DUPLICATE || m->v == CV_SUBSUMED ||
	    m->v == CV_REDUNDANT) {
		add_note(g, m, how); /* the expression-level claim stays */
		return true;
	}
	if (m->v == CV_EQUIVALENT) { /* a semantic mismatch: say so */
		add_note(g, m, arena_printf(g->a, "%s, but the mutant is "
			 "equivalent in its expression: not used", how));
		return false;
	}
	m->v = CV_KILLABLE;
	m->by = NULL;
	m->detail = how;
	m->level = CL_METHOD;
	m->note = arena_printf(g->a, "method level: %s", where(g, o));
	return true;
}

/* Cheap first: inputs from boundary values and a fixed-seed generator
 * (the same for every mutant of a method, whatever -j), run by the
 * evaluator with the loop bound (a cut run says nothing).  Most
 * killable mutants are told apart from the original by one of them,
 * without a solver call; the relations between mutants start from them
 * too. */
#define TRIES 48

static void pool_inputs(const struct mmethod *o, struct value (*rows)[MIR_IN])
{
	static const int64_t pool[] = { 0, 1, -1, 2, 3, -2, 7, 100,
					2147483647, -2147483648LL };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	for (int k = 0; k < TRIES; k++)
		for (int i = 0; i < o->nvars; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t r = seed >> 33;
			int64_t v = k < 8 ? pool[(k + i) % 8]
				    : r % 3 ? pool[r % 10] : (int64_t)(r % 401) - 200;
			rows[k][i] = o->types[i]->kind == TK_FLOAT
				     ? mfloat_pool_input(o->types[i], k, i, r)
				     : type_wrap(o->types[i], v);
		}
	/* call results (sem/mir.h), from a generator of their own: the
	 * variables' rows stay those of methods without them */
	bool res = mir_uses_results(o);
	for (int k = 0; k < TRIES; k++)
		for (int j = 0; j < MIR_MAX_RESULTS; j++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t r = seed >> 33;
			rows[k][MIR_RES + j] = value_int(!res ? 0 : k < 8
				? pool[(k + j) % 8] : r % 3 ? pool[r % 10]
				: (int64_t)(r % 401) - 200);
		}
}

/* The pool of a method: its inputs and the original's runs on them. */
struct mpool {
	struct value rows[TRIES][MIR_IN];
	struct mrun orig[TRIES];
};

static void pool_make(const struct mmethod *o, unsigned bound,
		      struct mpool *P)
{
	pool_inputs(o, P->rows);
	for (int k = 0; k < TRIES; k++)
		mir_eval(o, P->rows[k], bound, &P->orig[k]);
}

/* true and in[] when a pool input tells m from the original. */
static bool tested(const struct cmutant *m, unsigned bound,
		   const struct mpool *P, struct value *in)
{
	const struct mmethod *o = m->mo;
	for (int k = 0; k < TRIES; k++) {
		const struct mrun *ro = &P->orig[k];
		struct mrun rm;
		if (ro->cut || ro->overflow)
			continue;
		mir_eval(m->mm, P->rows[k], bound, &rm);
		if (!rm.cut && !rm.overflow && mir_differs(o, ro, &rm)) {
			memcpy(in, P->rows[k], sizeof(P->rows[k]));
			return true;
		}
	}
	return false;
}

/* Mutant m (handle h in S) against the original: true and kin[] when
 * it is killable in its method with a re-checked killing input
 * (*pooled: one of rows). */
static bool decide(struct cgroup *g, struct cmutant *m, struct msolve *S,
		   int h, const struct mpool *P, unsigned bound,
		   struct value *kin, bool *pooled)
{
	const char *reason = NULL;
	if ((*pooled = tested(m, bound, P, kin)))
		return killed(g, m, kin);
	switch (msolve_check(S, h, kin, &reason)) {
	case MIR_EQUIVALENT:
		m->v = CV_EQUIVALENT;
		m->by = NULL;
		m->detail = arena_printf(g->a, "equivalent in its method: no "
			"input makes %s return, %s%s or leave the %s it names "
			"differently", m->mo->name, m->mo->profile ? "have "
			"undefined behaviour" : "throw",
			m->mo->ncallees ? ", make its calls" : "",
			m->mo->profile ? "globals" : "fields");
		m->level = CL_METHOD;
		m->note = arena_printf(g->a, "method level: %s%s", where(g, m->mo),
				       m->mo->nloops ? ", every loop bounded" : "");
		return false;
	case MIR_BOUNDED:
		add_note(g, m, arena_printf(g->a, "equivalent up to %u loop "
			 "iterations (a loop can run longer: no proof)", bound));
		return false;
	case MIR_KILLED:
		return killed(g, m, kin);
	case MIR_UNKNOWN:
		add_note(g, m, arena_printf(g->a, "unknown (%s)", reason));
		return false;
	}
	return false;
}

/* --- duplicates and subsumption between the mutants of a method --- */

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

static void live_grow(struct mlive *L)
{
	if ((size_t)L->n < L->cap)
		return;
	L->cap = L->cap ? 2 * L->cap : 16;
	L->idx = xrealloc(L->idx, L->cap * sizeof(*L->idx));
	L->h = xrealloc(L->h, L->cap * sizeof(*L->h));
	L->kin = xrealloc(L->kin, L->cap * sizeof(*L->kin));
	L->pooled = xrealloc(L->pooled, L->cap * sizeof(*L->pooled));
}

static void live_free(struct mlive *L)
{
	free(L->idx);
	free(L->h);
	free(L->kin);
	free(L->pooled);
}

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
	bool *use, *killed;
	uint64_t *hash;
	const char **open;      /* [n+1] why a relation of it stayed open */
	int *openwith;          /* [n+1] with which mutant */
	int budget;             /* solver questions left for the method */
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
	}
	if (r->threw && (o->profile || !r->exc)) /* C: one outcome */
		return r->nevents ? (h & ~3ULL) | 1 : 1;
	if (r->threw) /* Java: the exception's kind is seen */
		return (((h ^ (uint64_t)r->exc) * 0x100000001b3ULL) & ~3ULL) | 1;
	if (o->ret)
		h = (h ^ mfloat_seen(o, o->ret, r->ret)) * 0x100000001b3ULL;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_FIELD)
			h = (h ^ mfloat_seen(o, o->types[i], r->vars[i])) *
			    0x100000001b3ULL;
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
		R->killed[x] = R->use[x] && mir_differs(R->o, &o, &r);
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
			dis[b] |= R->hash[a] != R->hash[b];
			ns[b] |= R->killed[a] && !R->killed[b];
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

/* Ask the solver whether a and b are duplicates (sub: whether a
 * subsumes b).  A counterexample is run on everything; if the
 * evaluator does not see what the solver saw, the pair stays open. */
static bool ask_pair(struct mrel *R, int a, int b, bool sub)
{
	struct value in[MIR_IN];
	const char *why = NULL;
	int ha = R->L->h[a - 1], hb = R->L->h[b - 1];
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

static void relations(struct cgroup *g, struct msolve *S,
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
			 .budget = REL_ASKS * n + 32 };
	R.distinct = xcalloc(nn, sizeof(bool));
	R.notsub = xcalloc(nn, sizeof(bool));
	R.kills = ANEWN(g->a, int, (size_t)n + 1);
	R.use = ANEWN(g->a, bool, (size_t)n + 1);
	R.killed = ANEWN(g->a, bool, (size_t)n + 1);
	R.hash = ANEWN(g->a, uint64_t, (size_t)n + 1);
	R.open = ANEWN(g->a, const char *, (size_t)n + 1);
	R.openwith = ANEWN(g->a, int, (size_t)n + 1);
	for (int k = 0; k < TRIES; k++)
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

/* Do the IR of two originals stand for one method (the same source,
 * read for two line groups)? */
static bool same_method(const struct mmethod *a, const struct mmethod *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->line != b->line || a->col != b->col ||
	    strcmp(a->file, b->file) || a->nvars != b->nvars)
		return false;
	for (int i = 0; i < a->nvars; i++)
		if (strcmp(a->names[i], b->names[i]) || a->kinds[i] != b->kinds[i] ||
		    a->types[i] != b->types[i])
			return false;
	return true;
}

bool check_method_joins(const struct cgroup *p, const struct cgroup *g)
{
	for (int i = 0; i < p->nmutants; i++)
		for (int j = 0; p->mutants[i].mo && j < g->nmutants; j++)
			if (same_method(p->mutants[i].mo, g->mutants[j].mo))
				return true;
	return false;
}

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* The method-level verdicts of the mutants ms[0..n) of method o (the
 * group's indices idx[]), and what it cost in g's statistics. */
static void method_verdicts(struct cgroup *g, const struct mmethod *o,
			    const struct cmutant *const *ms, const int *idx,
			    int n, const struct check_opts *opts,
			    struct mpool *P, struct mlive *L)
{
	unsigned bound = opts->unroll ? opts->unroll : MIR_DEFAULT_UNROLL;
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct msolve *S = msolve_new(g, o, ms, n, opts);
	pool_make(o, bound, P);
	L->n = 0;
	for (int k = 0; k < n; k++) {
		struct cmutant *m = &g->mutants[idx[k]];
		int h = msolve_add(S, m->mm);
		live_grow(L);
		/* only a mutant killable in its method, no claim of its
		 * expression kept, is related here (and named): claims of
		 * two levels never name each other round */
		if (decide(g, m, S, h, P, bound, L->kin[L->n], &L->pooled[L->n]) &&
		    m->v == CV_KILLABLE && m->level == CL_METHOD) {
			L->idx[L->n] = idx[k];
			L->h[L->n++] = h;
		}
	}
	relations(g, S, L, P, bound);
	struct mstats st;
	msolve_free(S, &st);
	double ms_taken = ms_since(&t0);
	g->solver_calls += st.calls;
	g->nmethods++;
	g->mcached += st.cached;
	g->mdiverged += st.diverged;
	g->method_ms += ms_taken;
	g->method_solver_ms += st.solver_ms;
	if (ms_taken > g->method_max_ms || !g->method_max) {
		g->method_max_ms = ms_taken;
		g->method_max = arena_printf(g->a, "%s at %s:%d", o->name,
					     o->file, o->line);
	}
}

void check_method_verdicts(struct cgroup *g, const struct check_opts *opts)
{
	struct mpool *P = arena_alloc(g->a, sizeof(*P));
	struct mlive L = { 0 };
	const struct cmutant **ms = ANEWN(g->a, const struct cmutant *,
					  (size_t)g->nmutants);
	int *idx = ANEWN(g->a, int, (size_t)g->nmutants);
	check_cmethod_attach(g); /* C sites naming their function */
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (m->mwhy)
			add_note(g, m, arena_printf(g->a, "not modelled: %s",
						    m->mwhy));
		if (!m->mm || m->mdone)
			continue;
		int n = 0;
		enum float_compare fc = mfloat_rule(g, m, opts);
		const struct mmethod *o = mfloat_with_rule(g, m->mo, fc);
		for (int j = i; j < g->nmutants; j++) {
			struct cmutant *x = &g->mutants[j];
			if (!x->mm || x->mdone || !same_method(x->mo, o) ||
			    mfloat_rule(g, x, opts) != fc)
				continue;
			x->mo = o; /* one original per method (and rule) */
			x->mm = mfloat_with_rule(g, x->mm, fc);
			x->mdone = true;
			/* its verdict rests on the rule: outputs name it */
			g->sites[x->site].floating |= mfloat_shown(o);
			ms[n] = x;
			idx[n++] = j;
		}
		method_verdicts(g, m->mo, ms, idx, n, opts, P, &L);
	}
	live_free(&L);
}
