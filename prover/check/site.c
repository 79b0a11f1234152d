/*
 * site.c - one site of `subsume check`, from texts to verdicts: the
 * driver.  See check.h; the steps live in site-read.c (texts to a typed
 * site), javatext.c (texts for the parser), infer.c (types, null),
 * cache.c (shared proofs) and cverdict.c (verdicts).
 *
 * Opaque values: a method call or field access (`errors.size()`,
 * `this.fa.y`, `add(a, b)`) is replaced by a fresh variable `$k` before
 * parsing; the same text (spaces ignored) is the same value within the
 * site.  A call whose receiver is an identifier compared with null in
 * the site is guarded: it throws when the receiver is null (the
 * receiver is a reference, modelled as an int identity, null = 0).
 *
 * Soundness: a mutant that evaluates opaque calls under other
 * conditions than the original (a dropped call, a call made on more or
 * fewer inputs) is never reported equivalent, duplicate, subsumed or
 * redundant: only killable (with a witness the evaluator confirmed) or
 * unsupported.
 */
#include "check/site.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check/mcache.h"
#include "check/method.h"
#include "model/analysis.h"
#include "sem/smt.h"

/* Recreate a worker's Z3 context after this many sites (memory). */
#define SITES_PER_CONTEXT 200

void check_worker_init(struct check_worker *w, unsigned timeout_ms)
{
	memset(w, 0, sizeof(*w));
	w->timeout_ms = timeout_ms;
}

void check_worker_release(struct check_worker *w)
{
	smt_shared_free(w->smt);
	w->smt = NULL;
}


/* Is parsed mutant i one the analysis can hold?  Else it gets its
 * verdict here (unsupported, or equivalent when it is the original). */
static bool admit_mutant(struct job *J, int i, const struct type_env *env)
{
	struct site *S = &J->S;
	struct cgroup *g = S->g;
	struct cmutant *m = &g->mutants[J->idx[i]];
	struct node *e = J->mx[i], *orig = J->orig;
	sb_reset(env->errmsg);
	if (type_expr(e, env, NULL) < 0) {
		site_unsupported(g, m, arena_printf(g->a, "the mutant does not "
						    "type: %s", env->errmsg->buf));
		return false;
	}
	if (!S->cs->statement && e->kind != N_SKIP &&
	    (!types_comparable(e->type, orig->type) ||
				  e->type == T_VOID)) {
		site_unsupported(g, m, arena_printf(g->a, "the mutant is %s but "
						    "the original is %s",
						    type_name(e->type),
						    type_name(orig->type)));
		return false;
	}
	if (expr_equal(e, orig)) {
		m->v = CV_EQUIVALENT;
		m->detail = "the mutant is the original text";
		return false;
	}
	return true;
}

/* Does typed expression n compute with a floating value anywhere? */
static bool has_float(const struct node *n)
{
	return n && ((n->type && type_is_float(n->type)) || has_float(n->a) ||
		     has_float(n->b) || has_float(n->c));
}

/* The site's dead locals (struct csite dead, lang/javasrc-live.c):
 * their final values are not observed, nor the site's value when it
 * initializes a dead local ("="), since no path reads them before they
 * are written again.  Only where no opaque operand of the original or a
 * mutant is a call or an object creation: their effects are seen only
 * through what the site observes. */
static void drop_dead(const struct job *J, struct analysis_spec *spec,
		      bool picked)
{
	struct observe *ob = &spec->observe;
	const struct site *S = &J->S;
	const char *d = S->cs->dead;
	if (!d || S->c)
		return;
	for (int k = 0; !picked && k < S->nop; k++)
		if (S->ops[k].method || S->ops[k].fresh)
			return;
	/* a reference's value stored in a primitive local would be unboxed
	 * there (NullPointerException): the value stays observed */
	bool prim = J->orig->type && J->orig->type->kind != TK_REF;
	for (int p = 0; prim && p < spec->nmutants; p++)
		prim = spec->mutants[p].expr->type &&
		       spec->mutants[p].expr->type->kind != TK_REF;
	while (*d) {
		size_t n = strcspn(d, " ");
		if (n == 1 && *d == '=' && prim)
			ob->value = false;
		for (int v = 0; v < S->nvars; v++)
			if (strlen(S->names[v]) == n && !strncmp(S->names[v], d, n))
				ob->var[v] = false;
		d += n;
		d += *d == ' ';
	}
}

/* Does n read an opaque value that is a call or an object creation
 * (`$k`, struct opaque method or fresh)? */
static bool reads_effect(const struct site *S, const struct node *n)
{
	if (!n)
		return false;
	if (n->kind == N_VAR && n->name && n->name[0] == '$') {
		char *end;
		long k = strtol(n->name + 1, &end, 10) - 1;
		if (end != n->name + 1 && !*end && k >= 0 && k < S->nop &&
		    (S->ops[k].method || S->ops[k].fresh))
			return true;
	}
	return reads_effect(S, n->a) || reads_effect(S, n->b) ||
	       reads_effect(S, n->c);
}

/* The site's analysis, by the one constructor; NULL if no mutant is
 * left (or the spec is refused: *why).  back[p]: the site index of
 * analysis mutant p.  pick (else NULL): only the site's mutants i with
 * pick[i], admitted already, with the dead locals dropped (the caller
 * saw that none of them, nor the original, reads a call or a `new`). */
static struct analysis *site_analysis(struct job *J, struct type_env *env,
				      int *back, const char **why,
				      const bool *pick)
{
	struct site *S = &J->S;
	struct cgroup *g = S->g;
	struct mutant *ms = ANEWN(g->a, struct mutant, (size_t)J->n);
	struct analysis_spec spec = {
		.nvars = S->nvars, .var_names = S->names,
		.var_types = J->types, .orig = J->orig,
		.orig_text = S->cs->orig, .assume = J->assume,
		.observe = { .value = !S->cs->statement && !S->cs->discarded,
			     .fcmp = S->cs->fcmp },
		.mutants = ms,
	};
	site_assigned(J->orig, &spec.observe);
	for (int i = 0; i < J->n; i++) {
		if (!J->mx[i] || (pick ? !pick[i] : !admit_mutant(J, i, env)))
			continue;
		const struct cmutant *m = &g->mutants[J->idx[i]];
		back[++spec.nmutants] = i;
		ms[spec.nmutants - 1] = (struct mutant){
			.label = m->id, .op = m->op, .text = m->text,
			.expr = J->mx[i] };
		site_assigned(J->mx[i], &spec.observe);
	}
	drop_dead(J, &spec, pick != NULL);
	if (!spec.nmutants)
		return NULL;
	for (int v = 0; v < S->nvars; v++)
		S->cs->floating |= type_is_float(J->types[v]);
	S->cs->floating |= has_float(J->orig);
	for (int p = 0; p < spec.nmutants; p++)
		S->cs->floating |= has_float(ms[p].expr);
	struct analysis_origin from = {
		.site = S->cs->name ? S->cs->name : g->where,
		.profile = S->cs->profile };
	struct analysis *an = ANEW(g->a, struct analysis);
	if (analysis_init(g->a, an, &spec, &from, why) < 0)
		return NULL;
	return an;
}

static void slot_abandon(void *slot)
{
	proof_cache_abandon(slot);
}

/* The proof of an: the cached one of an identical obligation, or a new
 * one (*own: the caller frees it when the cache did not keep it); NULL
 * when another worker is proving it and w->defer (g->wait set). */
static const struct cres *prove_site(struct check_worker *w, struct job *J,
				     const struct analysis *an,
				     struct cres **own)
{
	const struct check_opts *opts = J->S.opts;
	struct cgroup *g = J->S.g;
	char *key = check_cache_enabled ? proof_cache_key(an, opts->timeout_ms,
							  opts->rlimit,
							  opts->budget)
					: NULL;
	bool mine = false;
	const struct cres *busy = NULL;
	struct cres *slot = key ? proof_cache_claim(key, &mine,
						    w->defer ? &busy : NULL)
				: NULL;
	*own = NULL;
	if (mine) /* given up if the group is cut short (check_group_cut()) */
		recover_push(slot_abandon, slot);
	if (busy) {
		J->S.g->wait = busy;
		return NULL;
	}
	if (slot && !mine)
		return slot;
	if (!w->smt || w->uses >= SITES_PER_CONTEXT) {
		smt_shared_free(w->smt);
		w->smt = smt_shared_new(w->timeout_ms, opts->rlimit);
		w->uses = 0;
	}
	w->uses++;
	struct prove_opts po = { .timeout_ms = opts->timeout_ms,
				 .rlimit = opts->rlimit, .budget = opts->budget,
				 .shared = w->smt,
				 .smt2 = opts->smt2, .no_vacuous = true };
	struct result *pr = prove_analysis(g->a, an, &po);
	g->solver_calls += pr->solver_calls;
	if (pr->nproofs) {
		const struct result **p = ANEWN(g->a, const struct result *,
						(size_t)g->nproved + 1);
		if (g->nproved)
			memcpy(p, g->proved, (size_t)g->nproved * sizeof(*p));
		p[g->nproved++] = pr;
		g->proved = p;
	}
	struct cres *r = cres_from(pr, xstrdup(""));
	if (!mine) {
		*own = r;
		return r;
	}
	recover_pop(slot);
	proof_cache_fill(slot, r);
	return slot;
}

/* The members of site si; 0 if none. */
static int site_members(struct job *J, struct cgroup *g, int si)
{
	J->idx = ANEWN(g->a, int, (size_t)g->nmutants);
	for (int i = 0; i < g->nmutants; i++)
		if (g->mutants[i].site == si)
			J->idx[J->n++] = i;
	return J->n;
}


/* Site si of g as an analysis, everything short of proving it; NULL
 * when nothing is left to prove (unsupported mutants have verdicts). */
static struct analysis *prepare_site(struct job *J, struct cgroup *g, int si,
				     const struct check_opts *opts, int **back)
{
	const struct profile *pf = g->sites[si].profile;
	g->sites[si].fcmp = check_site_fcmp(&g->sites[si], opts);
	*J = (struct job){ .S = { .a = g->a, .g = g, .cs = &g->sites[si],
				  .opts = opts, .pf = pf ? pf : &profile_java,
				  .c = pf && pf != &profile_java,
				  .numtype = pf ? profile_type(pf, "int") : T_INT } };
	if (!site_members(J, g, si))
		return NULL;
	bool open = false; /* a mutant without a verdict yet (check/mte.c
			    * decides some before their site is read) */
	for (int i = 0; i < J->n; i++)
		open |= !g->mutants[J->idx[i]].detail;
	if (!open)
		return NULL;
	const char *why = NULL;
	struct strbuf emsg = STRBUF_INIT;
	struct type_env env = { .errmsg = &emsg };
	*back = ANEWN(g->a, int, (size_t)J->n + 1);
	struct analysis *an = NULL;
	int rc = site_read(J, &env, &why);
	if (rc == 0)
		an = site_analysis(J, &env, *back, &why, NULL);
	sb_release(&emsg);
	if (!an)
		for (int i = 0; (rc < 0 || why) && i < J->n; i++)
			if (!g->mutants[J->idx[i]].detail)
				site_unsupported(g, &g->mutants[J->idx[i]],
						 why ? why : "not modelled");
	return an;
}

/* The site's mutants that read no call nor `new` again, alone, where
 * its dead locals were kept observed only because other mutants (or
 * the original's opaque operands it does not read) call or create:
 * such a mutant is judged as it would be at a site without the others
 * (drop_dead()).  Only an equivalent verdict is taken from there (the
 * others' claims are of the whole site).
 * MutantBench's Profit: `bonus=bonus2+(i-200000)*0.05` with `bonus2` to
 * `bonus2--`, beside `bonus2` to `abs(bonus2)`. */
static void dead_alone(struct check_worker *w, struct job *J,
		       const struct analysis *an, const int *back)
{
	struct site *S = &J->S;
	struct cgroup *g = S->g;
	if (!S->cs->dead || S->c || reads_effect(S, J->orig) ||
	    reads_effect(S, J->assume) || reads_effect(S, J->facts) ||
	    reads_effect(S, J->loops))
		return;
	bool blocked = false;
	for (int k = 0; k < S->nop; k++)
		blocked |= S->ops[k].method || S->ops[k].fresh;
	if (!blocked)
		return;
	bool *pick = ANEWN(g->a, bool, (size_t)J->n);
	int n = 0;
	for (int p = 1; p <= an->nmutants; p++) {
		int i = back[p];
		const struct cmutant *m = &g->mutants[J->idx[i]];
		if (m->v != CV_EQUIVALENT && !reads_effect(S, J->mx[i]) &&
		    !strcmp(J->msig[i], J->osig))
			n += pick[i] = true;
	}
	if (!n)
		return;
	int *back2 = ANEWN(g->a, int, (size_t)J->n + 1);
	const char *why = NULL;
	struct strbuf emsg = STRBUF_INIT;
	struct type_env env = { .errmsg = &emsg };
	struct analysis *an2 = site_analysis(J, &env, back2, &why, pick);
	sb_release(&emsg);
	if (!an2)
		return;
	/* waited for, not put off: a site resumed with every verdict
	 * written is not prepared again (prepare_site()) */
	bool defer = w->defer;
	w->defer = false;
	struct cres *own;
	const struct cres *r = prove_site(w, J, an2, &own);
	w->defer = defer;
	int N = an2->nmutants;
	struct cmutant *was = ANEWN(g->a, struct cmutant, (size_t)N + 1);
	bool *clean = ANEWN(g->a, bool, (size_t)N + 1);
	for (int p = 1; p <= N; p++) {
		was[p] = g->mutants[J->idx[back2[p]]];
		clean[p] = true;
	}
	bool refs = false;
	for (int v = 0; v < S->nvars; v++)
		refs |= S->ref[v];
	site_verdicts(S, an2, r, J->idx, back2, clean, refs);
	for (int p = 1; p <= N; p++) {
		struct cmutant *m = &g->mutants[J->idx[back2[p]]];
		if (m->v != CV_EQUIVALENT)
			*m = was[p];
	}
	cres_free(own);
}

/* Decide site si; false if it is put off (see check_group()).  A site
 * put off is prepared again when resumed: preparing sets only what it
 * sets the same way every time. */
static bool check_site(struct check_worker *w, struct cgroup *g, int si,
		       const struct check_opts *opts)
{
	struct job J;
	int *back;
	struct analysis *an = prepare_site(&J, g, si, opts, &back);
	if (!an)
		return true;
	struct cres *own;
	const struct cres *r = prove_site(w, &J, an, &own);
	if (!r)
		return false;
	bool *clean = ANEWN(g->a, bool, (size_t)an->nmutants + 1);
	for (int p = 1; p <= an->nmutants; p++)
		clean[p] = !strcmp(J.msig[back[p]], J.osig);
	bool refs = false;
	for (int v = 0; v < J.S.nvars; v++)
		refs |= J.S.ref[v];
	site_verdicts(&J.S, an, r, J.idx, back, clean, refs);
	cres_free(own);
	dead_alone(w, &J, an, back);
	return true;
}

bool check_group_ready(const struct cgroup *g)
{
	return (!g->wait || proof_cache_ready(g->wait)) &&
	       (!g->mwait || check_mcache_ready(g->mwait));
}

static bool check_sites(struct check_worker *w, struct cgroup *g,
			const struct check_opts *opts)
{
	for (; g->resume < g->nsites; g->resume++) {
		g->wait = NULL;
		if (!check_site(w, g, g->resume, opts))
			return false;
	}
	g->wait = NULL;
	if (!opts->method)
		return true;
	/* a fatal error here gives up the method's cache entry
	 * (check/mcache.c: msolve_abandon()) and cuts the group short */
	g->in_method = true;
	bool done = check_method_verdicts(g, opts, w->defer);
	g->in_method = false;
	return done;
}

/* The verdicts' last touches: undecided ones unsupported, the site's
 * float-compare and the level's note appended. */
static void finish_group(struct cgroup *g)
{
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (!m->detail) {
			m->v = CV_UNSUPPORTED;
			m->detail = "not decided";
		}
		if (g->sites[m->site].floating)
			m->detail = arena_printf(g->a, "%s [float-compare: %s]",
						 m->detail,
						 float_compare_names[g->sites[m->site].fcmp]);
		if (m->note) /* the level of the verdict (check/source.h) */
			m->detail = arena_printf(g->a, "%s [%s]", m->detail,
						 m->note);
	}
}

int check_group_cut(struct check_worker *w, struct cgroup *g,
		    const char *cause, const char *msg)
{
	smt_shared_abandon(w->smt);
	w->smt = NULL;
	w->uses = 0;
	g->cut = true;
	g->wait = NULL;
	g->mwait = NULL;
	g->resume = g->nsites;
	const char *why = arena_printf(g->a, "%s: %s (its group was cut "
				       "short; the others went on)", cause, msg);
	if (g->in_method)
		check_method_cut(g, why);
	int unknown = 0;
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (!m->detail) {
			m->v = CV_UNKNOWN;
			m->by = NULL;
			m->detail = why;
			unknown++;
		}
	}
	finish_group(g);
	return unknown;
}

bool check_group(struct check_worker *w, struct cgroup *g,
		 const struct check_opts *opts)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bool done = check_sites(w, g, opts);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	g->check_ms += (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		       (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	if (!done)
		return false;
	finish_group(g);
	return true;
}

enum float_compare check_site_fcmp(const struct csite *cs,
				   const struct check_opts *opts)
{
	return opts->fcmp ? (enum float_compare)(opts->fcmp - 1) : cs->fcmp;
}

int check_group_analyses(struct cgroup *g, const struct check_opts *opts)
{
	int n = 0;
	for (int s = 0; s < g->nsites; s++) {
		struct job J;
		int *back;
		n += prepare_site(&J, g, s, opts, &back) != NULL;
	}
	return n;
}

void cgroup_free(struct cgroup *g)
{
	if (!g)
		return;
	struct arena **joined = g->joined;
	int n = g->njoined;
	arena_free(g->a); /* g lives in it */
	for (int k = 0; k < n; k++)
		arena_free(joined[k]);
	free(joined);
}
