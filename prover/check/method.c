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

struct morigs {
	struct arena *a;
	struct morig {
		const char *file;
		int line, col;
		const struct mmethod *o; /* NULL: why */
		const char *why;
	} *v;
	size_t n, cap;
};

struct morigs *check_method_originals_new(void)
{
	struct morigs *c = xcalloc(1, sizeof(*c));
	c->a = arena_new();
	return c;
}

void check_method_originals_free(struct morigs *c)
{
	if (!c)
		return;
	arena_free(c->a);
	free(c->v);
	free(c);
}

/* The original of the method at (line, col) of f from c, built into c
 * the first time; NULL with *why when its build fails. */
static const struct mmethod *original(struct morigs *c, struct cgroup *g,
				      struct jsrc *f, size_t start, int line,
				      int col, const char **why)
{
	const char *file = jsrc_source(f)->name;
	for (size_t k = c->n; k-- > 0;) {
		const struct morig *r = &c->v[k];
		if (r->line == line && r->col == col && !strcmp(r->file, file)) {
			if (!r->o)
				*why = arena_strdup(g->a, r->why);
			return r->o;
		}
	}
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	const struct mmethod *o = jsrc_method(f, c->a, start, NULL, why);
	c->v[c->n++] = (struct morig){ arena_strdup(c->a, file), line, col, o,
				       o ? NULL : arena_strdup(c->a, *why ? *why
							       : "") };
	if (!o)
		*why = arena_strdup(g->a, *why ? *why : "");
	return o;
}

void check_method_attach(struct morigs *c, struct cgroup *g, int i,
			 struct jsrc *f, size_t start, const char *base,
			 bool stmt)
{
	struct cmutant *m = &g->mutants[i];
	const char *why = NULL;
	if (stmt && strcmp(m->text, "<NO-OP>") && *m->text) {
		m->mwhy = "a statement mutant other than a deletion";
		return;
	}
	/* one original per method: built and encoded once in the run (c),
	 * or, without c, in the group (an earlier mutant's, when the
	 * method's build succeeded) */
	const struct mmethod *o = NULL;
	int line, col;
	bool in = jsrc_method_pos(f, start, &line, &col);
	for (int j = 0; in && !c && j < i; j++) {
		const struct mmethod *p = g->mutants[j].mo;
		if (p && p->line == line && p->col == col) {
			o = p;
			break;
		}
	}
	if (in && c)
		o = original(c, g, f, start, line, col, &why);
	else if (!o)
		o = jsrc_method(f, g->a, start, NULL, &why);
	struct mir_patch p = { start, squeeze(g->a, base), m->text, stmt };
	const struct mmethod *mm = o ? jsrc_method(f, g->a, start, &p, &why)
				     : NULL;
	if (mm && mm->ncallees > o->ncallees) {
		m->mwhy = "the mutant calls a method its original does not";
	} else if (mm && mir_uses_results(mm) && !mir_uses_results(o)) {
		m->mwhy = "the mutant uses a call's result, its original none";
	} else if (mm) {
		if (o->arrs) /* what a test sees is the original's (lang/mir.h) */
			((struct mmethod *)mm)->arr_writes = o->arr_writes;
		m->mo = o;
		m->mm = mm;
	} else {
		m->mwhy = why;
	}
}

/* The id v renumbered: 2, 3, ... in order of appearance (seen[0..*n)). */
static struct value canon_ref(uint64_t *seen, int *n, struct value v,
			      uint64_t keep)
{
	if (v.bits <= keep)
		return v;
	int k = 0;
	while (k < *n && seen[k] != v.bits)
		k++;
	if (k == *n)
		seen[(*n)++] = v.bits;
	return value_int(k + (int)keep + 1);
}

/* in with its references renumbered 2, 3, ... in order of appearance
 * (null and this kept; C: pointers 1, 2, ..., NULL kept): ids only compare for identity (lang/mir.h);
 * the values reference fields get after calls too (sem/mir.h). */
static void canon_refs(const struct mmethod *o, const struct value *in,
		       struct value *out)
{
	uint64_t seen[MIR_MAX_VARS + MIR_MAX_HAVOC], keep = o->profile ? 0 : 1;
	int n = 0, nf = mir_havoc(o);
	for (int i = 0; i < o->nvars; i++) {
		out[i] = in[i];
		if (o->refs & (1u << i))
			out[i] = canon_ref(seen, &n, in[i], keep);
	}
	for (int k = 0; nf && (k + 1) * nf <= MIR_MAX_HAVOC; k++)
		for (int i = 0, j = 0; i < o->nvars; i++) {
			if (o->kinds[i] != MV_FIELD)
				continue;
			int at = MIR_HAV + k * nf + j++;
			/* an id as the evaluator reads it: its low 32 bits */
			if (o->refs & (1u << i))
				out[at] = canon_ref(seen, &n, value_int(
					(int32_t)in[at].bits), keep);
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

/* C's heap_text: the cell *p (i) as the object p points to, " with
 * o1=3", unless p is NULL or an earlier cell names the object. */
static int c_object_text(struct strbuf *sb, const struct mmethod *o,
			 const struct value *in, int i, int k)
{
	int b = var_named(o, o->names[i] + 1, strlen(o->names[i] + 1));
	if (b < 0 || !in[b].bits)
		return 0;
	for (int j = 0; j < i; j++) {
		int bj = o->kinds[j] != MV_HEAP ? -1 : var_named(o, o->names[j] + 1,
						strlen(o->names[j] + 1));
		if (bj >= 0 && in[bj].bits == in[b].bits)
			return 0;
	}
	sb_printf(sb, "%so%lld=", k ? ", " : " with ", (long long)(int32_t)in[b].bits);
	mir_value_print(sb, o, i, in[i]);
	return 1;
}

/* The read through a reference i (lang/mir.h: References) as the heap
 * cell it reads, ", o1.fa=o2", unless its object is null (never read),
 * this (the field says it) or printed already (the same cell, the same
 * value): 1 if printed. */
static int heap_text(struct strbuf *sb, const struct mmethod *o,
		     const struct value *in, int i, int k)
{
	if (o->profile) /* C: the cell "*p" as its object, ", o1=3" */
		return c_object_text(sb, o, in, i, k);
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
			if (o->arrs >> i & 1) /* sem/mir.h: Arrays */
				mir_arr_print(&sb, o, in, i);
			else
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
			if (o->arrs >> i & 1)
				mir_arr_print(&sb, o, in, i);
			else
				mir_value_print(&sb, o, i, in[i]);
		}
	if (o->arrs)
		mir_arr_shared(&sb, o, in);
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
	if (ro.broke) { /* sem/mir.h: Contracts */
		add_note(g, m, arena_printf(g->a, "the solver's killing input "
			 "%s%s breaks the contract of call %d (not used)", call,
			 mir_describe_results(g->a, o, &ro), ro.broke));
		return false;
	}
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
	struct value *kin = arena_alloc(g->a, sizeof(in));
	memcpy(kin, in, sizeof(in));
	m->kin = kin;
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
static void pool_inputs(const struct mmethod *o, struct value (*rows)[MIR_IN])
{
	static const int64_t pool[] = { 0, 1, -1, 2, 3, -2, 7, 100,
					2147483647, -2147483648LL };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	for (int k = 0; k < MTRIES; k++)
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
	for (int k = 0; k < MTRIES; k++)
		for (int j = 0; j < MIR_MAX_RESULTS; j++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t r = seed >> 33;
			rows[k][MIR_RES + j] = value_int(!res ? 0 : k < 8
				? pool[(k + j) % 8] : r % 3 ? pool[r % 10]
				: (int64_t)(r % 401) - 200);
		}
	/* fields after calls (sem/mir.h: Calls and fields): the same */
	bool hav = mir_havoc(o) > 0;
	for (int k = 0; k < MTRIES; k++)
		for (int j = 0; j < MIR_MAX_HAVOC; j++) {
			uint64_t r = 0;
			if (hav) {
				seed = seed * 6364136223846793005ULL +
				       1442695040888963407ULL;
				r = seed >> 33;
			}
			rows[k][MIR_HAV + j] = value_int(!hav ? 0 : k < 8
				? pool[(k + j + 1) % 8] : r % 3 ? pool[r % 10]
				: (int64_t)(r % 401) - 200);
		}
}

static void pool_make(const struct mmethod *o, unsigned bound,
		      struct mpool *P)
{
	pool_inputs(o, P->rows);
	for (int k = 0; k < MTRIES; k++)
		mir_eval(o, P->rows[k], bound, &P->orig[k]);
	P->nx = 0;
}

/* Does input in, on which the original ran as *ro, tell m from it? */
static bool tells(const struct cmutant *m, unsigned bound,
		  const struct value *in, const struct mrun *ro)
{
	struct mrun rm;
	if (ro->cut || ro->overflow || ro->broke) /* sem/mir.h: Contracts */
		return false;
	mir_eval(m->mm, in, bound, &rm);
	return !rm.cut && !rm.overflow && mir_differs(m->mo, ro, &rm);
}

/* Keep a killing input for the next mutants of the method. */
static void pool_keep(const struct mmethod *o, unsigned bound,
		      struct mpool *P, const struct value *in)
{
	if (P->nx == MXTRA)
		return;
	memcpy(P->xrows[P->nx], in, sizeof(P->xrows[0]));
	mir_eval(o, in, bound, &P->xorig[P->nx++]);
}

/* How an input tells a mutant from the original without the solver:
 * one of the pool's first inputs, a killing input of a mutant before
 * it, an input of the search. */
enum { TOLD_NOT, TOLD_FIXED, TOLD_KEPT, TOLD_SEARCH };

struct telling {
	const struct cmutant *m;
	unsigned bound;
	struct mpool *P;
};

/* The pool's inputs in order, then a search (mrel.c's generator,
 * seeded by nothing but the method: the same inputs for every mutant):
 * TOLD_* and in[]. */
static int tell(void *ctx, struct value *in)
{
	const struct telling *t = ctx;
	const struct mpool *P = t->P;
	for (int k = 0; k < MTRIES; k++)
		if (tells(t->m, t->bound, P->rows[k], &P->orig[k])) {
			memcpy(in, P->rows[k], sizeof(P->rows[k]));
			return TOLD_FIXED;
		}
	for (int k = 0; k < P->nx; k++)
		if (tells(t->m, t->bound, P->xrows[k], &P->xorig[k])) {
			memcpy(in, P->xrows[k], sizeof(P->xrows[k]));
			return TOLD_KEPT;
		}
	uint64_t s = 0x6a09e667f3bcc909ULL;
	bool res = mir_uses_results(t->m->mo);
	for (int k = 0; k < MSEARCH; k++) {
		struct mrun ro;
		check_method_candidate(t->m->mo, res, &s, in);
		mir_eval(t->m->mo, in, t->bound, &ro);
		if (tells(t->m, t->bound, in, &ro))
			return TOLD_SEARCH;
	}
	return TOLD_NOT;
}

/* true and in[] when an input tells m (handle h in S) from the
 * original without the solver (*fixed: one of the pool's first
 * inputs).  Taped by the method cache: a method answered from it runs
 * none of this. */
static bool tested(const struct cmutant *m, struct msolve *S, int h,
		   unsigned bound, struct mpool *P, struct value *in,
		   bool *fixed)
{
	struct telling t = { m, bound, P };
	int how = msolve_found(S, h, -2, tell, &t, in);
	*fixed = how == TOLD_FIXED;
	if (how == TOLD_SEARCH)
		pool_keep(m->mo, bound, P, in);
	return how != TOLD_NOT;
}

/* Mutant m (handle h in S) against the original: true and kin[] when
 * it is killable in its method with a re-checked killing input
 * (*pooled: one of rows). */
static bool decide(struct cgroup *g, struct cmutant *m, struct msolve *S,
		   int h, struct mpool *P, unsigned bound,
		   struct value *kin, bool *pooled)
{
	const char *reason = NULL;
	if (tested(m, S, h, bound, P, kin, pooled))
		return killed(g, m, kin);
	switch (msolve_check(S, h, kin, &reason)) {
	case MIR_EQUIVALENT:
		m->v = CV_EQUIVALENT;
		m->by = NULL;
		m->detail = arena_printf(g->a, "equivalent in its method: no "
			"input makes %s return, %s%s or leave the %s%s "
			"differently", m->mo->name, m->mo->profile ? "have "
			"undefined behaviour" : "throw",
			m->mo->ncallees ? ", make its calls" : "",
			!m->mo->profile ? "fields it names" : m->mo->heap_writes ?
			"globals it names or the objects its pointers reach"
			: "globals it names",
			m->mo->arr_writes && mir_arr_inputs(m->mo)
			? " or the arrays it writes" : "");
		m->level = CL_METHOD;
		m->note = arena_printf(g->a, "method level: %s%s", where(g, m->mo),
				       m->mo->nloops ? ", every loop bounded" : "");
		return false;
	case MIR_BOUNDED:
		add_note(g, m, arena_printf(g->a, "equivalent up to %u loop "
			 "iterations (a loop can run longer: no proof)", bound));
		return false;
	case MIR_KILLED:
		if (!killed(g, m, kin))
			return false;
		pool_keep(m->mo, bound, P, kin);
		return true;
	case MIR_UNKNOWN:
		add_note(g, m, arena_printf(g->a, "unknown (%s)", reason));
		return false;
	}
	return false;
}

/* --- the live mutants, related by mrel.c --- */

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
 * group's indices idx[]) from S, its questions (taken), and what it
 * cost (since t0) in g's statistics. */
static void method_verdicts(struct cgroup *g, const struct mmethod *o,
			    struct msolve *S, const int *idx, int n,
			    const struct check_opts *opts, struct mpool *P,
			    struct mlive *L, const struct timespec *t0)
{
	unsigned bound = opts->unroll ? opts->unroll : MIR_DEFAULT_UNROLL;
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
	check_method_relations(g, S, L, P, bound);
	struct mstats st;
	msolve_free(S, &st);
	double ms_taken = ms_since(t0);
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

void check_method_cut(struct cgroup *g, const char *why)
{
	g->in_method = false;
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (m->mm && m->level != CL_METHOD)
			add_note(g, m, arena_printf(g->a, "cut short: %s", why));
	}
}

bool check_method_verdicts(struct cgroup *g, const struct check_opts *opts,
			   bool defer)
{
	struct mpool *P = NULL;
	struct mlive L = { 0 };
	const struct cmutant **ms = ANEWN(g->a, const struct cmutant *,
					  (size_t)g->nmutants);
	int *idx = ANEWN(g->a, int, (size_t)g->nmutants);
	g->mwait = NULL;
	if (!g->mattached) { /* once, a put-off group resuming or not */
		g->mattached = true;
		check_cmethod_attach(g); /* C sites naming their function */
		check_method_contracts(g, opts);
		for (int i = 0; i < g->nmutants; i++)
			if (g->mutants[i].mwhy)
				add_note(g, &g->mutants[i], arena_printf(g->a,
					 "not modelled: %s", g->mutants[i].mwhy));
	}
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
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
			/* one original per method (and rule); again the same
			 * when the group resumes */
			x->mo = o;
			x->mm = mfloat_with_rule(g, x->mm, fc);
			/* its verdict rests on the rule: outputs name it */
			g->sites[x->site].floating |= mfloat_shown(o);
			ms[n] = x;
			idx[n++] = j;
		}
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		struct msolve *S = msolve_new_or_busy(g, o, ms, n, opts,
						      defer ? &g->mwait : NULL);
		if (!S) { /* another worker is on it: put the group off */
			live_free(&L);
			return false;
		}
		for (int k = 0; k < n; k++)
			g->mutants[idx[k]].mdone = true;
		if (!P)
			P = arena_alloc(g->a, sizeof(*P));
		method_verdicts(g, o, S, idx, n, opts, P, &L, &t0);
	}
	live_free(&L);
	return true;
}
