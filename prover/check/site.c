/*
 * site.c - one site of `subsume check`, from texts to verdicts: the
 * driver.  See check.h; the steps live in javatext.c (texts for the
 * parser), infer.c (types, null), cache.c (shared proofs) and
 * cverdict.c (verdicts).
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

/* A site on its way: the parsed texts and what is known of them. */
struct job {
	struct site S;
	int n;                  /* mutants of the site */
	int *idx;               /* [n] their indices in the group */
	int top_want;           /* kind the whole expression must have */
	struct node *orig, *assume;
	struct node **mx;       /* [n] parsed mutants, NULL: unsupported */
	const char *osig;       /* guard signatures (infer.c) */
	const char **msig;      /* [n] */
	const struct type *types[MAX_VARS];
};

/* Declared variables (YAML batches). */
static void declare_vars(struct job *J)
{
	struct site *S = &J->S;
	for (int i = 0; i < S->cs->nvars; i++) {
		int v = site_var(S, S->cs->vars[i].name);
		if (v < 0)
			break;
		const struct type *t = type_parse(S->cs->vars[i].type);
		if (S->c) {
			/* checked by yaml.c: a C arithmetic type */
			t = check_c_type(S->pf, S->cs->vars[i].type);
			if (!t) {
				S->err = "a variable of an unknown C type";
				return;
			}
		} else if (t == T_ERROR) {
			S->ref[v] = true; /* an object: only == null */
			t = T_INT;
		}
		S->declared[v] = t;
		S->kind[v] = t == T_BOOLEAN ? 1 : 2;
	}
}

/* Major's `<KIND(T)>` of a reference type T replaced by null: the
 * expression is a reference (refs.c), not refused. */
static bool null_of_reference(const struct cmutant *m)
{
	return m->from && m->from[0] == '<' && !strcmp(m->text, "null");
}

/* Major's signature: the site's numeric type (the widest of its
 * operand types) and the kind the expression must have; a mutant out
 * of the model is refused.  0, or -1 and *why. */
static int read_signature(struct job *J, const char **why)
{
	struct site *S = &J->S;
	const struct cmutant *first = &S->g->mutants[J->idx[0]];
	char st[4][64];
	int nst = site_sig_types(first->from, st, 4);
	/* An enclosing expression holds mutants of several operators: a
	 * mutant the model cannot hold is refused alone. */
	for (int i = 0; S->cs->source && i < J->n; i++) {
		struct cmutant *m = &S->g->mutants[J->idx[i]];
		const char *r = m->from ? site_sig_refusal(S->a, m->from) : NULL;
		if (r && !null_of_reference(m))
			site_unsupported(S->g, m, r);
	}
	if (!S->cs->source && first->from && !null_of_reference(first) &&
	    (*why = site_sig_refusal(S->a, first->from)))
		return -1;
	for (int i = 0; i < nst; i++) {
		const struct type *t = type_parse(st[i]);
		if (t != T_ERROR && type_is_numeric(t))
			S->numtype = site_numtype_wider(S->numtype, t);
		if (first->from[0] == '<' && i == 0)
			J->top_want = t == T_BOOLEAN ? 1 : 2;
	}
	/* The operator's name (ROR, COR) is metadata: types come from the
	 * expressions (infer_site). */
	if (S->cs->source) /* an enclosing expression: its own types */
		J->top_want = 0;
	return 0;
}

/* The mutants' texts, parsed (unparsable ones are unsupported). */
static void parse_mutants(struct job *J)
{
	struct site *S = &J->S;
	struct cgroup *g = S->g;
	const struct csite *cs = S->cs;
	J->mx = ANEWN(g->a, struct node *, (size_t)J->n);
	for (int i = 0; i < J->n; i++) {
		struct cmutant *m = &g->mutants[J->idx[i]];
		const char *mw = NULL;
		J->mx[i] = NULL;
		if (m->detail) /* refused already (read_signature) */
			continue;
		if (cs->statement) {
			if (*m->text)
				site_unsupported(g, m, "a statement mutant other "
						       "than deletion");
			else
				J->mx[i] = node_new(g->a, N_SKIP, 0);
			continue;
		}
		if (!*m->text) { /* YAML's <NO-OP>: the statement deleted */
			J->mx[i] = node_new(g->a, N_SKIP, 0);
			continue;
		}
		const char *t = m->ctx ? site_subst_hole(g->a, m->ctx, m->text)
			: cs->context ? site_subst_hole(g->a, cs->context, m->text)
				      : m->text;
		J->mx[i] = site_parse(S, t, &mw);
		if (!J->mx[i])
			site_unsupported(g, m, mw);
	}
}

/* Original, assumption and mutants, parsed.  0, or -1 and *why. */
static int parse_texts(struct job *J, const char **why)
{
	struct site *S = &J->S;
	const struct csite *cs = S->cs;
	const char *orig_text = cs->orig;
	if (cs->statement) {
		size_t len = strlen(orig_text);
		char *t = arena_strndup(S->a, orig_text,
					len && orig_text[len - 1] == ';' ? len - 1
									 : len);
		if (!strncmp(t, "return", 6) && !site_ident_char((unsigned char)t[6])) {
			*why = "statement deletion of a return: the control flow "
			       "is outside the expression";
			return -1;
		}
		orig_text = t;
	}
	J->orig = site_parse(S, cs->context ? site_subst_hole(S->a, cs->context,
							      orig_text)
					    : orig_text, why);
	if (!J->orig)
		return -1;
	if (cs->statement && J->orig->kind != N_ASSIGN &&
	    J->orig->kind != N_INCDEC) {
		*why = "statement deletion of a statement that is not an "
		       "assignment: its effect is outside the expression";
		return -1;
	}
	if (cs->assume && !(J->assume = site_parse(S, cs->assume, why)))
		return -1;
	parse_mutants(J);
	/* A deletion (YAML's <NO-OP>) in an expression statement: as for
	 * Major's, of an assignment or ++/-- only. */
	for (int i = 0; !cs->statement && i < J->n; i++)
		if (J->mx[i] && J->mx[i]->kind == N_SKIP &&
		    J->orig->kind != N_ASSIGN && J->orig->kind != N_INCDEC) {
			site_unsupported(S->g, &S->g->mutants[J->idx[i]],
					 "statement deletion of a statement that "
					 "is not an assignment: its effect is "
					 "outside the expression");
			J->mx[i] = NULL;
		}
	return 0;
}

struct node *site_and(struct arena *a, struct node *x, struct node *y)
{
	if (!x)
		return y;
	struct node *and = node_new(a, N_BINARY, 0);
	and->op = OP_LAND;
	and->a = x;
	and->b = y;
	return and;
}

/* Variables, their kinds, guard signatures, then null guards.  0, or
 * -1 and *why. */
static int infer_site(struct job *J, const char **why)
{
	struct site *S = &J->S;
	if (!S->c) /* refs.c */
		site_concat_refs(S, &J->orig, J->mx, J->n);
	site_collect(S, J->orig);
	const struct cmutant *first = &S->g->mutants[J->idx[0]];
	if (first->from && !S->cs->source && !S->cs->statement)
		site_sig_operand_types(S, first->from, J->orig);
	site_collect(S, J->assume);
	for (int i = 0; i < J->n; i++)
		site_collect(S, J->mx[i]);
	/* C: every value is a number (conditions are scalars) */
	for (int v = 0; S->c && v < S->nvars; v++)
		S->kind[v] = 2;
	/* An original of unknown kind (an opaque call alone) takes the
	 * kind its mutants demand (`isDelimiter(c)` to `true`). */
	if (!J->top_want && !S->c && !site_infer(S, J->orig, 0))
		for (int i = 0; i < J->n && !J->top_want; i++)
			J->top_want = site_infer(S, J->mx[i], 0);
	for (int pass = 0; pass < 2 && !S->err && !S->c; pass++) {
		site_infer(S, J->orig, J->top_want);
		site_infer(S, J->assume, 1);
		for (int i = 0; i < J->n; i++)
			if (J->mx[i])
				site_infer(S, J->mx[i], J->top_want);
	}
	if (!S->c && !S->err)
		site_object_facts(S, J->orig, J->mx, J->n, &J->assume);
	if (S->err) {
		*why = S->err;
		return -1;
	}
	const char *r = site_ref_misuse(S, J->orig);
	if (r) {
		*why = arena_printf(S->a, "'%s' is a reference used as a value "
				    "(string concatenation, unboxing): only == "
				    "and != are modelled on references", r);
		return -1;
	}
	for (int i = 0; i < J->n; i++)
		if (J->mx[i] && (r = site_ref_misuse(S, J->mx[i]))) {
			site_unsupported(S->g, &S->g->mutants[J->idx[i]],
					 arena_printf(S->a, "'%s' is a reference "
						      "used as a value: only == "
						      "and != are modelled on "
						      "references", r));
			J->mx[i] = NULL;
		}
	/* Guard signatures before calls on references are guarded. */
	J->osig = site_guard_sig(S->a, J->orig);
	J->msig = ANEWN(S->a, const char *, (size_t)J->n);
	for (int i = 0; i < J->n; i++)
		if (J->mx[i])
			J->msig[i] = site_guard_sig(S->a, J->mx[i]);
	J->orig = site_guard_calls(S, J->orig);
	for (int i = 0; i < J->n; i++)
		if (J->mx[i])
			J->mx[i] = site_guard_calls(S, J->mx[i]);
	if (!S->c && site_guard_arrays(S, &J->orig, J->mx, J->n, &J->assume) < 0)
		return *why = S->err, -1;
	return 0;
}

/* Contracts on numeric opaque calls become assumptions. */
static void add_contracts(struct job *J)
{
	struct site *S = &J->S;
	const struct contracts *cts = S->opts->contracts;
	for (int k = 0; k < S->nop && cts; k++) {
		const struct opaque *o = &S->ops[k];
		char name[16];
		snprintf(name, sizeof(name), "$%d", k + 1);
		int v = site_var(S, name);
		if (!o->method || v < 0 || S->kind[v] == 1)
			continue;
		for (int c = 0; c < cts->n; c++) {
			const struct contract *ct = &cts->c[c];
			if (strcmp(ct->method, o->method) ||
			    ct->any_args != o->has_args || ct->value ||
			    !contract_applies(ct, S->cs->profile))
				continue;
			const struct type *rt = S->c && ct->returns
				? check_c_type(S->pf, ct->returns) : NULL;
			if (rt)
				S->declared[v] = rt;
			if (!ct->assume)
				continue;
			struct expr_src es = {
				.text = site_contract_text(S->a, ct->assume, k),
				.quiet = true };
			struct node *cn = parse_expr_in(S->pf, S->a, &es, false);
			if (cn)
				J->assume = site_and(S->a, J->assume, cn);
		}
	}
}

/* A typed condition as a boolean: C's scalars are true when not 0. */
static struct node *site_condition(struct site *S, struct node *e)
{
	if (!S->pf->scalar_conditions || !type_is_numeric(e->type))
		return e;
	struct node *c = node_new(S->a, N_CONV, e->pos);
	c->type = S->pf->boolean;
	c->a = e;
	c->implicit = true;
	return c;
}

/* ub: defined-only: the domain is the inputs on which the original is
 * defined, "assume && defined(orig)" (typed), as for a theory. */
static void restrict_to_defined(struct job *J)
{
	struct site *S = &J->S;
	struct node *d = node_new(S->a, N_DEFINED, J->orig->pos);
	d->type = S->pf->boolean;
	d->a = J->orig;
	if (!J->assume) {
		J->assume = d;
		return;
	}
	struct node *and = site_and(S->a, J->assume, d);
	and->type = S->pf->boolean;
	J->assume = and;
}

/* Variable types; original and assumption typed.  0, or -1 and *why. */
static int type_site(struct job *J, struct type_env *env, const char **why)
{
	struct site *S = &J->S;
	for (int v = 0; v < S->nvars; v++)
		J->types[v] = S->declared[v] != T_ERROR ? S->declared[v]
			      : S->kind[v] == 1	      ? T_BOOLEAN
						      : S->numtype;
	*env = (struct type_env){ .nvars = S->nvars, .names = S->names,
				  .types = J->types, .errmsg = env->errmsg,
				  .arena = S->a, .profile = S->pf };
	if (type_expr(J->orig, env, NULL) < 0) {
		*why = arena_printf(S->a, "the original does not type: %s",
				    env->errmsg->buf);
		return -1;
	}
	if (J->assume) {
		struct type_env aenv = *env;
		aenv.no_side_effects = true;
		int rc = type_expr(J->assume, &aenv, NULL);
		if (rc == 0)
			J->assume = site_condition(S, J->assume);
		if (rc < 0 || J->assume->type->kind != TK_BOOLEAN) {
			*why = arena_printf(S->a, "the assumption does not type: %s",
					    env->errmsg->len ? env->errmsg->buf
							     : "not a boolean");
			return -1;
		}
	}
	if (S->pf->ub == UB_DEFINED_ONLY)
		restrict_to_defined(J);
	return 0;
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

/* The site's analysis, by the one constructor; NULL if no mutant is
 * left (or the spec is refused: *why).  back[p]: the site index of
 * analysis mutant p. */
static struct analysis *site_analysis(struct job *J, struct type_env *env,
				      int *back, const char **why)
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
		if (!J->mx[i] || !admit_mutant(J, i, env))
			continue;
		const struct cmutant *m = &g->mutants[J->idx[i]];
		back[++spec.nmutants] = i;
		ms[spec.nmutants - 1] = (struct mutant){
			.label = m->id, .op = m->op, .text = m->text,
			.expr = J->mx[i] };
		site_assigned(J->mx[i], &spec.observe);
	}
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
							  opts->rlimit)
					: NULL;
	bool mine = false;
	const struct cres *busy = NULL;
	struct cres *slot = key ? proof_cache_claim(key, &mine,
						    w->defer ? &busy : NULL)
				: NULL;
	*own = NULL;
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
				 .rlimit = opts->rlimit, .shared = w->smt,
				 .smt2 = opts->smt2 };
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

/* Texts to a typed site; 0, or -1 and *why (the whole site is
 * unsupported). */
static int read_site(struct job *J, struct type_env *env, const char **why)
{
	declare_vars(J);
	if (read_signature(J, why) < 0 || parse_texts(J, why) < 0 ||
	    infer_site(J, why) < 0)
		return -1;
	add_contracts(J);
	return type_site(J, env, why);
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
	const char *why = NULL;
	struct strbuf emsg = STRBUF_INIT;
	struct type_env env = { .errmsg = &emsg };
	*back = ANEWN(g->a, int, (size_t)J->n + 1);
	struct analysis *an = NULL;
	int rc = read_site(J, &env, &why);
	if (rc == 0)
		an = site_analysis(J, &env, *back, &why);
	sb_release(&emsg);
	if (!an)
		for (int i = 0; (rc < 0 || why) && i < J->n; i++)
			if (!g->mutants[J->idx[i]].detail)
				site_unsupported(g, &g->mutants[J->idx[i]],
						 why ? why : "not modelled");
	return an;
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
	return true;
}

bool check_group_ready(const struct cgroup *g)
{
	return !g->wait || proof_cache_ready(g->wait);
}

bool check_group(struct check_worker *w, struct cgroup *g,
		 const struct check_opts *opts)
{
	for (; g->resume < g->nsites; g->resume++) {
		g->wait = NULL;
		if (!check_site(w, g, g->resume, opts))
			return false;
	}
	g->wait = NULL;
	if (opts->method)
		check_method_verdicts(g, opts);
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
