/*
 * targets.c - a target as written (expression, domains, operators,
 * explicit mutants, observe), then one analysis per target and domain.
 * See loader.h.
 */
#include "model/loader.h"

#include <stdlib.h>
#include <string.h>

static struct operator *lookup_op(struct loader *L, struct ynode *n)
{
	if (!ys_scalar(n, "an operator name"))
		return NULL;
	struct operator *op = operator_find(L, n->str);
	if (op)
		return op;
	const char **names = xmalloc(L->nops * sizeof(*names));
	for (size_t i = 0; i < L->nops; i++)
		names[i] = L->ops[i]->name;
	loader_unknown_name(n, "operator", names, L->nops);
	free(names);
	return NULL;
}

/* A scalar or a list of scalars, as items[0..*count). */
static int one_or_list(struct ynode *n, const char *what, struct ynode **one,
		       struct ynode ***items, size_t *count)
{
	*one = n;
	*items = one;
	*count = 1;
	if (n->kind == Y_SCALAR)
		return 0;
	if (ys_want(n, Y_SEQ, what) < 0)
		return -1;
	*items = n->items;
	*count = n->n;
	return 0;
}

static int load_domains(struct loader *L, struct ynode *d,
			struct target_spec *ts)
{
	struct ynode *one, **items;
	size_t count;
	if (one_or_list(d, "'domains'", &one, &items, &count) < 0)
		return -1;
	if (!count)
		return diag_error(d->loc, "'domains' is empty");
	ts->domains = ANEWN(L->a, struct domain *, count);
	ts->domain_where = ANEWN(L->a, struct ynode *, count);
	for (size_t i = 0; i < count; i++) {
		if (!(ts->domains[i] = domain_lookup(L, items[i])))
			return -1;
		ts->domain_where[i] = items[i];
		for (size_t j = 0; j < i; j++)
			if (ts->domains[j] == ts->domains[i])
				return diag_error(items[i]->loc,
						  "domain '%s' is listed twice",
						  items[i]->str);
	}
	ts->ndomains = (int)count;
	return 0;
}

static int load_ops(struct loader *L, struct ynode *ops,
		    struct target_spec *ts)
{
	struct ynode *one, **items;
	size_t count;
	if (one_or_list(ops, "'operators'", &one, &items, &count) < 0)
		return -1;
	ts->ops = ANEWN(L->a, struct operator *, count + 1);
	ts->op_where = ANEWN(L->a, struct ynode *, count + 1);
	for (size_t i = 0; i < count; i++) {
		if (!(ts->ops[i] = lookup_op(L, items[i])))
			return -1;
		ts->op_where[i] = items[i];
		for (size_t j = 0; j < i; j++)
			if (ts->ops[j] == ts->ops[i])
				return diag_error(items[i]->loc,
						  "operator '%s' is listed twice",
						  items[i]->str);
	}
	ts->nops = (int)count;
	return 0;
}

/* Explicit mutant i of the list ms: {label, expr}. */
static int load_explicit(struct loader *L, struct ynode *ms, size_t i,
			 struct target_spec *ts)
{
	static const char *const mkeys[] = { "label", "expr" };
	struct ynode *m = ms->items[i];
	struct explicit_mutant *em = &ts->explicit_[i];
	if (ys_want(m, Y_MAP, "a mutant") < 0 ||
	    ys_check_keys(m, mkeys, 2, "a mutant") < 0 ||
	    ys_require(m, "label", "a mutant") < 0 ||
	    ys_require(m, "expr", "a mutant") < 0)
		return -1;
	struct ynode *lab = ymap_get(m, "label");
	if (!ys_scalar(lab, "a label"))
		return -1;
	em->label = lab->str;
	const char *paren = strchr(em->label, '(');
	em->op = paren ? arena_strndup(L->a, em->label,
				       (size_t)(paren - em->label))
		       : em->label;
	em->where = lab;
	for (size_t j = 0; j < i; j++)
		if (!strcmp(ts->explicit_[j].label, em->label))
			return diag_error(lab->loc,
					  "mutant label '%s' is used twice",
					  em->label);
	struct ynode *me = ymap_get(m, "expr");
	if (!ys_scalar(me, "'expr'") ||
	    !(em->expr = loader_parse_at(L, me, &em->src, false)))
		return -1;
	return 0;
}

static int load_observe(struct loader *L, struct ynode *ob,
			struct target_spec *ts)
{
	if (ob->kind == Y_SCALAR) {
		ts->observe = ANEWN(L->a, struct ynode *, 1);
		ts->observe[0] = ob;
		ts->nobserve = 1;
		return 0;
	}
	if (ys_want(ob, Y_SEQ, "'observe'") < 0)
		return -1;
	if (!ob->n)
		return diag_error(ob->loc, "'observe' is empty");
	ts->observe = ob->items;
	ts->nobserve = (int)ob->n;
	return 0;
}

int target_load(struct loader *L, struct ynode *n, struct target_spec *ts)
{
	static const char *const keys[] = { "name", "expr", "domains",
					    "assume", "operators", "mutants",
					    "observe", "description",
					    "expect" };
	if (ys_want(n, Y_MAP, "a target") < 0 ||
	    ys_check_keys(n, keys, ARRAY_SIZE(keys), "a target") < 0 ||
	    ys_require(n, "expr", "a target") < 0 ||
	    ys_require(n, "domains", "a target") < 0)
		return -1;
	ts->node = n;
	ts->t = ANEW(L->a, struct target);
	ts->t->loc = n->loc;
	struct ynode *e = ymap_get(n, "expr"), *name = ymap_get(n, "name");
	if (!ys_scalar(e, "'expr'"))
		return -1;
	ts->t->expr_text = e->str;
	if (name && !ys_scalar(name, "a target name"))
		return -1;
	ts->t->name = name ? name->str : e->str;
	ts->expr = loader_parse_at(L, e, &ts->expr_src, false);
	if (!ts->expr || load_domains(L, ymap_get(n, "domains"), ts) < 0)
		return -1;
	struct ynode *as = ymap_get(n, "assume");
	if (as && !(ts->assume = loader_parse_at(L, as, &ts->assume_src, false)))
		return -1;
	struct ynode *ops = ymap_get(n, "operators");
	if (ops && load_ops(L, ops, ts) < 0)
		return -1;
	struct ynode *ms = ymap_get(n, "mutants");
	if (ms) {
		if (ys_want(ms, Y_SEQ, "'mutants'") < 0)
			return -1;
		ts->explicit_ = ANEWN(L->a, struct explicit_mutant, ms->n + 1);
		for (size_t i = 0; i < ms->n; i++)
			if (load_explicit(L, ms, i, ts) < 0)
				return -1;
		ts->nexplicit = (int)ms->n;
	}
	if (!ts->nops && !ts->nexplicit)
		return diag_error(n->loc, "target '%s' has no operators and "
					  "no mutants",
				  ts->t->name);
	ts->expect = ymap_get(n, "expect");
	struct ynode *ob = ymap_get(n, "observe");
	return ob ? load_observe(L, ob, ts) : 0;
}

/* ---- analyses ---- */

static void collect_vars(const struct node *n, struct analysis *an, int *over)
{
	if (!n)
		return;
	if (n->kind == N_VAR) {
		for (int i = 0; i < an->nvars; i++)
			if (!strcmp(an->var_names[i], n->name))
				return;
		if (an->nvars == MAX_VARS) {
			*over = 1;
			return;
		}
		an->var_names[an->nvars++] = n->name;
		return;
	}
	collect_vars(n->a, an, over);
	collect_vars(n->b, an, over);
	collect_vars(n->c, an, over);
}

static void rename_vars(struct node *n, const char *to)
{
	if (!n)
		return;
	if (n->kind == N_VAR && !strcmp(n->name, "value"))
		n->name = to;
	rename_vars(n->a, to);
	rename_vars(n->b, to);
	rename_vars(n->c, to);
}

/* Copy an assumption over "value" for a variable.  (Recursion is bounded
 * by the parser's limit on tree height; a fixed-size stack here used to
 * leave deep assumptions half renamed.) */
static struct node *rename_value(struct arena *a, const struct node *n,
				 const char *to)
{
	struct node *c = node_subst(a, n, NULL, NULL);
	rename_vars(c, to);
	return c;
}

static struct node *and_assume(struct arena *a, struct node *x, struct node *y)
{
	if (!x)
		return y;
	struct node *n = node_new(a, N_BINARY, 0);
	n->op = OP_LAND;
	n->type = x->type; /* boolean */
	n->a = x;
	n->b = y;
	return n;
}

int loader_type_assumption(struct node **ep, const struct type_env *env,
			   const struct expr_src *es, const struct ynode *where)
{
	struct type_env e2 = *env;
	e2.no_side_effects = true;
	struct node *e = (struct node *)node_strip(*ep);
	*ep = e;
	if (type_expr(e, &e2, es) < 0)
		return -1;
	const struct profile *pf = env->profile;
	if (e->type->kind != TK_BOOLEAN && pf->scalar_conditions &&
	    type_is_numeric(e->type)) {
		struct node *c = node_new(env->arena, N_CONV, e->pos);
		c->type = pf->boolean;
		c->a = e;
		c->implicit = true;
		*ep = c;
		return 0;
	}
	if (e->type->kind != TK_BOOLEAN)
		return diag_error(where->loc, "an assumption must be boolean, "
					      "not %s",
				  type_name(e->type));
	return 0;
}

/* ub: defined-only: the domain is the inputs on which the original is
 * defined, "assume && defined(orig)" (typed here; never typed again). */
static void restrict_to_defined(struct loader *L, struct analysis *an)
{
	struct node *d = node_new(L->a, N_DEFINED, an->orig->pos);
	d->type = L->th->profile->boolean;
	d->a = an->orig;
	an->assume = and_assume(L->a, an->assume, d);
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, an->assume);
	an->assume_text = arena_strdup(L->a, sb.buf);
	sb_release(&sb);
}

static int draft_analysis(struct loader *L, struct target_spec *ts, int di,
			  struct analysis *an)
{
	struct domain *d = ts->domains[di];
	int over = 0;
	an->theory = L->th;
	an->target = ts->t;
	an->domain = d;
	collect_vars(ts->expr, an, &over);
	if (over)
		return diag_error(ts->expr_src.where->loc,
				  "a target has at most %d variables", MAX_VARS);
	for (int i = 0; i < an->nvars; i++) {
		const struct domain *vd = d;
		if (d->type == T_ERROR) {
			vd = NULL;
			for (int j = 0; j < d->nvars; j++)
				if (!strcmp(d->var_names[j], an->var_names[i]))
					vd = d->var_domains[j];
			if (!vd) {
				diag_error(ts->domain_where[di]->loc,
					   "domain '%s' gives no type for "
					   "variable '%s'",
					   d->name, an->var_names[i]);
				diag_note(d->loc, "domain '%s' is defined here",
					  d->name);
				return -1;
			}
		}
		an->var_types[i] = vd->type;
		if (vd->assume)
			an->assume = and_assume(L->a, an->assume,
					  rename_value(L->a, vd->assume,
						       an->var_names[i]));
	}
	struct type_env env = { an->nvars, an->var_names, an->var_types,
				false, NULL, L->a, L->th->profile };
	if (an->assume &&
	    loader_type_assumption(&an->assume, &env, NULL, NULL) < 0)
		BUG("domain assumption failed to type");
	if (d->vars_assume_ast) {
		struct node *e = node_subst(L->a, d->vars_assume_ast, NULL, NULL);
		if (loader_type_assumption(&e, &env, &d->vars_assume_src,
				    d->vars_assume_src.where) < 0)
			return diag_note(ts->domain_where[di]->loc,
					 "while using domain '%s' here",
					 d->name),
			       -1;
		an->assume = and_assume(L->a, an->assume, e);
	}
	if (ts->assume) {
		struct node *e = node_subst(L->a, ts->assume, NULL, NULL);
		if (loader_type_assumption(&e, &env, &ts->assume_src,
				    ts->assume_src.where) < 0)
			return -1;
		an->assume = and_assume(L->a, an->assume, e);
	}
	if (an->assume) {
		struct strbuf sb = STRBUF_INIT;
		expr_print(&sb, an->assume);
		an->assume_text = arena_strdup(L->a, sb.buf);
		sb_release(&sb);
	}

	an->orig = node_subst(L->a, ts->expr, NULL, NULL);
	if (type_expr(an->orig, &env, &ts->expr_src) < 0) {
		diag_note(ts->domain_where[di]->loc, "in domain '%s'", d->name);
		return -1;
	}
	if (L->th->profile->ub == UB_DEFINED_ONLY)
		restrict_to_defined(L, an);
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, an->orig);
	an->orig_text = arena_strdup(L->a, sb.buf);
	sb_release(&sb);

	an->observe.value = !ts->nobserve;
	an->observe.fcmp = L->th->fcmp;
	L->th->uses_float |= type_is_float(an->orig->type);
	for (int v = 0; v < an->nvars; v++)
		L->th->uses_float |= type_is_float(an->var_types[v]);
	for (int i = 0; i < ts->nobserve; i++) {
		struct ynode *o = ts->observe[i];
		if (!ys_scalar(o, "an observed name"))
			return -1;
		if (!strcmp(o->str, "value")) {
			if (an->orig->type == T_VOID)
				return diag_error(o->loc, "the target has no "
							  "value to observe");
			an->observe.value = true;
			continue;
		}
		int j;
		for (j = 0; j < an->nvars; j++)
			if (!strcmp(an->var_names[j], o->str))
				break;
		if (j == an->nvars) {
			const char *cands[MAX_VARS + 1];
			cands[0] = "value";
			for (int k = 0; k < an->nvars; k++)
				cands[k + 1] = an->var_names[k];
			const char *best = closest_word(o->str, cands,
							(size_t)an->nvars + 1);
			if (best)
				return diag_error(o->loc, "unknown observed name "
							  "'%s' (expected 'value' "
							  "or a variable); did you "
							  "mean '%s'?",
						  o->str, best);
			return diag_error(o->loc, "unknown observed name '%s' "
						  "(expected 'value' or a "
						  "variable)",
					  o->str);
		}
		an->observe.var[j] = true;
	}
	return mutate_analysis(L->a, an, ts);
}

/* The analysis of target ts in its domain di: a draft built while
 * checking the file (errors printed), then the constructor. */
int target_build_analysis(struct loader *L, struct target_spec *ts, int di,
			  struct analysis *an)
{
	struct analysis d = { 0 };
	if (draft_analysis(L, ts, di, &d) < 0)
		return -1;
	struct analysis_spec spec = {
		.nvars = d.nvars, .var_names = d.var_names,
		.var_types = d.var_types, .orig = d.orig,
		.orig_text = d.orig_text, .assume = d.assume,
		.assume_text = d.assume_text, .observe = d.observe,
		.nmutants = d.nmutants, .mutants = d.mutants + 1,
		.nskipped = d.nskipped, .skipped = d.skipped,
	};
	struct analysis_origin from = { .theory = L->th, .target = ts->t,
					.domain = ts->domains[di],
					.index = an->index };
	const char *why;
	if (analysis_init(L->a, an, &spec, &from, &why) < 0)
		BUG("analysis %d of '%s': %s", from.index, L->th->file, why);
	return 0;
}
