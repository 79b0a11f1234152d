/*
 * site-read.c - a check site's texts to a typed site (site_read()): the
 * declared variables or Major's signature, the texts parsed (javatext.c
 * rewrites calls, field accesses and objects into opaque values first),
 * inference of the variables' kinds and null guards (infer.c), the
 * contracts of opaque calls, then types.  The driver is site.c.
 */
#include "check/site.h"
#include "lang/javasrc.h"

#include <stdlib.h>
#include <string.h>

#include "model/analysis.h"

/* Declared variables (YAML batches). */
static void declare_vars(struct job *J)
{
	struct site *S = &J->S;
	for (int i = 0; i < S->cs->nvars; i++) {
		if (strchr(S->cs->vars[i].name, '.'))
			continue; /* a field access: declare_opaques() */
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
		if (t != T_ERROR && type_is_numeric(t)) {
			S->numtype = site_numtype_wider(S->numtype, t);
			J->typed_sig = true;
		}
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
		if (jtext_is_return(orig_text)) {
			*why = "statement deletion of a return: the control flow "
			       "is outside the expression";
			return -1;
		}
		size_t len = strlen(orig_text);
		char *t = arena_strndup(S->a, orig_text,
					len && orig_text[len - 1] == ';' ? len - 1
									 : len);
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
	if (cs->facts) { /* left out if the parser cannot read them */
		const char *fw;
		int nop = S->nop;
		const char *err = S->err;
		if (!(J->facts = site_parse(S, cs->facts, &fw))) {
			S->nop = nop;
			S->err = err;
		}
	}
	const char *lf = cs->loops && !S->c ? check_loop_facts(S->a, cs->loops, S->opts)
					    : NULL;
	if (lf) { /* the same */
		const char *fw;
		int nop = S->nop;
		const char *err = S->err;
		if (!(J->loops = site_parse(S, lf, &fw))) {
			S->nop = nop;
			S->err = err;
		}
	}
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
	site_collect(S, J->facts);
	site_collect(S, J->loops);
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
		site_infer(S, J->facts, 1);
		site_infer(S, J->loops, 1);
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
	J->osig = site_guard_sig(S, J->orig);
	J->msig = ANEWN(S->a, const char *, (size_t)J->n);
	for (int i = 0; i < J->n; i++)
		if (J->mx[i])
			J->msig[i] = site_guard_sig(S, J->mx[i]);
	J->orig = site_guard_calls(S, J->orig);
	for (int i = 0; i < J->n; i++)
		if (J->mx[i])
			J->mx[i] = site_guard_calls(S, J->mx[i]);
	if (!S->c && site_guard_arrays(S, &J->orig, J->mx, J->n, &J->assume) < 0)
		return *why = S->err, -1;
	return 0;
}

/* A field access the source declares (lang/javasrc.h: struct jocc
 * facts, a constant or an array's length) is an opaque value of its
 * declared type.  After inference: a value the site uses otherwise
 * keeps its inferred type. */
static void declare_opaques(struct job *J)
{
	struct site *S = &J->S;
	for (int i = 0; i < S->cs->nvars && !S->c; i++) {
		const struct cvar *cv = &S->cs->vars[i];
		const struct type *t = strchr(cv->name, '.') ? type_parse(cv->type)
							     : T_ERROR;
		for (int k = 0; t != T_ERROR && k < S->nop; k++) {
			if (strcmp(S->ops[k].text, cv->name))
				continue;
			char name[16];
			snprintf(name, sizeof(name), "$%d", k + 1);
			int v = site_var(S, name);
			if (v >= 0 && S->kind[v] == (t == T_BOOLEAN ? 1 : 2))
				S->declared[v] = t;
		}
	}
}

/* The field accesses that are constants (declare_opaques()): values
 * without effects (guard signatures, infer.c). */
static void mark_constants(struct job *J)
{
	struct site *S = &J->S;
	for (int i = 0; i < S->cs->nvars && !S->c; i++)
		for (int k = 0; k < S->nop; k++)
			if (strchr(S->cs->vars[i].name, '.') &&
			    !strcmp(S->ops[k].text, S->cs->vars[i].name))
				S->ops[k].konst = true;
}

/* A contract's `value` named name (ctx). */
static const char *contract_value(void *ctx, const char *name)
{
	return strcmp(name, "value") ? NULL : ctx;
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
			if (ct->value || !contract_matches(ct, S->cs->profile,
					o->method, o->has_args ? -1 : 0))
				continue;
			const struct type *rt = S->c && ct->returns
				? check_c_type(S->pf, ct->returns) : NULL;
			if (rt)
				S->declared[v] = rt;
			if (!ct->assume)
				continue;
			/* the contract's text parsed (once a run: the
			 * parser's cache), its `value` the call's variable */
			struct expr_src es = { .text = ct->assume, .quiet = true };
			struct node *cn = parse_expr_in(S->pf, S->a, &es, false);
			if (cn)
				J->assume = site_and(S->a, J->assume,
						     node_rename(S->a, cn,
								 contract_value,
								 arena_strdup(S->a, name)));
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

/* Does n shift (<<, >>, >>>, or their compound assignments)? */
static bool shifts(const struct node *n)
{
	if (!n)
		return false;
	if ((n->kind == N_BINARY || n->kind == N_ASSIGN) &&
	    (n->op == OP_SHL || n->op == OP_SHR || n->op == OP_USHR))
		return true;
	return shifts(n->a) || shifts(n->b) || shifts(n->c);
}

/* Variable types; original and assumption typed.  0, or -1 and *why. */
static int type_site(struct job *J, struct type_env *env, const char **why)
{
	struct site *S = &J->S;
	/* A site of the source without a signature (PIT's mutants, an
	 * elements report's) that shifts: a numeric value whose type the
	 * source does not declare here (another class's field or method,
	 * an inherited constant) is not taken for an int, whose shift
	 * distance is taken mod 32 (commons-codec's `context.lbitWorkArea
	 * >> 32`, a long, was proven equivalent to `<< 32` as an int, and
	 * PIT's tests kill it).  Elsewhere the int stands (docs/check.md:
	 * the width of other overflows is not checked) */
	bool shift = shifts(J->orig);
	for (int i = 0; i < J->n && !shift; i++)
		shift = shifts(J->mx[i]);
	for (int v = 0; shift && S->cs->source && !S->c && !J->typed_sig &&
			v < S->nvars; v++) {
		if (S->declared[v] != T_ERROR || S->kind[v] == 1)
			continue;
		const char *nm = S->names[v];
		int k = nm[0] == '$' ? atoi(nm + 1) : 0;
		if (k >= 1 && k <= S->nop)
			nm = S->ops[k - 1].text;
		*why = arena_printf(S->a, "the type of `%s` is not known (a "
				    "field or method of another class, or "
				    "inherited): int is not assumed", nm);
		return -1;
	}
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
	if (J->facts) { /* left out if they do not type */
		struct type_env fenv = *env;
		fenv.no_side_effects = true;
		if (type_expr(J->facts, &fenv, NULL) == 0 &&
		    J->facts->type->kind == TK_BOOLEAN) {
			struct node *and = site_and(S->a, J->assume, J->facts);
			and->type = J->facts->type;
			J->assume = and;
		}
		if (env->errmsg)
			sb_reset(env->errmsg);
	}
	if (J->loops) { /* the same */
		struct type_env lenv = *env;
		lenv.no_side_effects = true;
		if (type_expr(J->loops, &lenv, NULL) == 0 &&
		    J->loops->type->kind == TK_BOOLEAN) {
			struct node *and = site_and(S->a, J->assume, J->loops);
			and->type = J->loops->type;
			J->assume = and;
		}
		if (env->errmsg)
			sb_reset(env->errmsg);
	}
	if (S->pf->ub == UB_DEFINED_ONLY)
		restrict_to_defined(J);
	return 0;
}


/* See site.h. */
int site_read(struct job *J, struct type_env *env, const char **why)
{
	declare_vars(J);
	if (read_signature(J, why) < 0 || parse_texts(J, why) < 0)
		return -1;
	mark_constants(J);
	if (infer_site(J, why) < 0)
		return -1;
	declare_opaques(J);
	add_contracts(J);
	return type_site(J, env, why);
}
