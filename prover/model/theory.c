/*
 * theory.c - load a theory file: check the schema, resolve names, parse
 * and type every expression, and build one analysis per target and
 * domain.  The YAML schema is documented in README.md ("Theory files").
 */
#include "model/theory.h"
#include "base/yschema.h"

#include "model/analysis.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct loader {
	struct arena *a;
	struct theory *th;
	struct domain **domains;
	size_t ndomains, capdomains;
	struct operator **ops;
	size_t nops, capops;
};

static struct node *parse_at(struct loader *L, struct ynode *n,
			     struct expr_src *es, bool holes)
{
	es->text = n->str;
	es->where = n;
	es->src = n->loc.src;
	es->quiet = false; /* es may be an uninitialized local */
	if (!n->str[0]) {
		diag_error(n->loc, "empty expression");
		return NULL;
	}
	return parse_expr_in(L->th->profile, L->a, es, holes);
}

static int type_assumption(struct node **ep, const struct type_env *env,
			   const struct expr_src *es, const struct ynode *where);

/* ---- domains ---- */

static struct domain *find_domain(struct loader *L, const char *name)
{
	for (size_t i = 0; i < L->ndomains; i++)
		if (!strcmp(L->domains[i]->name, name))
			return L->domains[i];
	return NULL;
}

static int unknown_name(struct ynode *n, const char *kind,
			const char *const *names, size_t count)
{
	const char *best = closest_word(n->str, names, count);
	if (best)
		return diag_error(n->loc, "unknown %s '%s'; did you mean '%s'?",
				  kind, n->str, best);
	return diag_error(n->loc, "unknown %s '%s'", kind, n->str);
}

static struct domain *lookup_domain(struct loader *L, struct ynode *n)
{
	if (!ys_scalar(n, "a domain name"))
		return NULL;
	struct domain *d = find_domain(L, n->str);
	if (d)
		return d;
	const char **names = xmalloc(L->ndomains * sizeof(*names));
	for (size_t i = 0; i < L->ndomains; i++)
		names[i] = L->domains[i]->name;
	unknown_name(n, "domain", names, L->ndomains);
	free(names);
	return NULL;
}

static void add_domain(struct loader *L, struct domain *d)
{
	GROW(L->domains, L->ndomains + 1, L->capdomains);
	L->domains[L->ndomains++] = d;
}

static void builtin_domains(struct loader *L)
{
	const struct profile *pf = L->th->profile;
	for (int i = 0; i < pf->ntypes; i++) {
		const struct type *t = pf->types[i];
		struct domain *d = ANEW(L->a, struct domain);
		d->name = type_name(t);
		d->type = t;
		d->builtin = true;
		add_domain(L, d);
	}
}

/* An unknown type name, with the closest of the profile's types. */
static int unknown_type(struct ynode *n, const struct profile *pf)
{
	const char *words[32];
	size_t nw = 0;
	for (int i = 0; i < pf->ntypes && nw < ARRAY_SIZE(words); i++)
		words[nw++] = pf->types[i]->name;
	return unknown_name(n, "type", words, nw);
}

static int load_domain(struct loader *L, struct ynode *key, struct ynode *val)
{
	static const char *const keys[] = { "type", "assume", "vars",
					     "description" };
	struct domain *d = ANEW(L->a, struct domain);
	d->name = key->str;
	d->loc = key->loc;
	struct domain *old = find_domain(L, d->name);
	if (old && old->builtin)
		return diag_error(key->loc, "domain '%s' is built in (the "
					    "plain type); choose another name",
				  d->name);
	if (ys_want(val, Y_MAP, "a domain") < 0 ||
	    ys_check_keys(val, keys, ARRAY_SIZE(keys), "a domain") < 0)
		return -1;
	struct ynode *type = ymap_get(val, "type"), *vars = ymap_get(val, "vars");
	struct ynode *assume = ymap_get(val, "assume");
	if (!type == !vars)
		return diag_error(val->loc, "a domain has either 'type' (one "
					    "type for every variable) or 'vars' "
					    "(a domain per variable)");
	if (type) {
		if (!ys_scalar(type, "a type"))
			return -1;
		d->type = profile_type(L->th->profile, type->str);
		if (!d->type)
			return unknown_type(type, L->th->profile);
		if (assume) {
			struct expr_src es;
			struct node *e = parse_at(L, assume, &es, false);
			if (!e)
				return -1;
			const char *names[] = { "value" };
			const struct type *types[] = { d->type };
			struct type_env env = { 1, names, types, true, NULL,
						L->a, L->th->profile };
			if (type_assumption(&e, &env, &es, assume) < 0)
				return -1;
			d->assume = e;
			d->assume_text = assume->str;
		}
	} else {
		d->type = T_ERROR;
		if (ys_want(vars, Y_MAP, "'vars'") < 0)
			return -1;
		if (vars->n == 0 || vars->n > MAX_VARS)
			return diag_error(vars->loc, "'vars' names 1 to %d "
						     "variables",
					  MAX_VARS);
		d->nvars = (int)vars->n;
		d->var_names = ANEWN(L->a, const char *, vars->n);
		d->var_domains = ANEWN(L->a, struct domain *, vars->n);
		for (size_t i = 0; i < vars->n; i++) {
			d->var_names[i] = vars->keys[i]->str;
			struct domain *sub = lookup_domain(L, vars->items[i]);
			if (!sub)
				return -1;
			if (sub->type == T_ERROR)
				return diag_error(vars->items[i]->loc,
						  "'%s' is a per-variable "
						  "domain; name a single-type "
						  "one here",
						  sub->name);
			d->var_domains[i] = sub;
		}
		if (assume) {
			d->vars_assume_ast = parse_at(L, assume,
						      &d->vars_assume_src,
						      false);
			if (!d->vars_assume_ast)
				return -1;
			d->assume_text = assume->str;
		}
	}
	if (old)
		return diag_error(key->loc, "domain '%s' is defined twice",
				  d->name);
	add_domain(L, d);
	return 0;
}

/* ---- operators ---- */

static struct operator *find_op(struct loader *L, const char *name)
{
	for (size_t i = 0; i < L->nops; i++)
		if (!strcmp(L->ops[i]->name, name))
			return L->ops[i];
	return NULL;
}

static int add_rules(struct loader *L, struct operator *op, struct ynode *list,
		     enum rule_kind kind, size_t *cap)
{
	static const char *const roles[] = { "lexp", "rexp", "op", "statement" };
	if (list->kind == Y_SCALAR) {
		/* a single item */
		struct ynode *one[1] = { list };
		struct ynode tmp = *list;
		tmp.kind = Y_SEQ;
		tmp.items = one;
		tmp.n = 1;
		return add_rules(L, op, &tmp, kind, cap);
	}
	if (ys_want(list, Y_SEQ, "an operator rule") < 0)
		return -1;
	for (size_t i = 0; i < list->n; i++) {
		struct ynode *it = list->items[i];
		struct rule r = { kind, NULL, NULL, it };
		if (kind == RULE_TEMPLATE && it->kind == Y_MAP) {
			static const char *const keys[] = { "expr", "label" };
			if (ys_check_keys(it, keys, 2, "a template") < 0 ||
			    ys_require(it, "expr", "a template") < 0)
				return -1;
			struct ynode *e = ymap_get(it, "expr");
			struct ynode *l = ymap_get(it, "label");
			if (!ys_scalar(e, "a template") ||
			    (l && !ys_scalar(l, "a label")))
				return -1;
			r.item = e->str;
			r.where = e;
			r.label = l ? l->str : NULL;
		} else {
			if (!ys_scalar(it, "a rule item"))
				return -1;
			r.item = it->str;
		}
		if (kind == RULE_DELETE) {
			size_t j;
			for (j = 0; j < ARRAY_SIZE(roles); j++)
				if (!strcmp(r.item, roles[j]))
					break;
			if (j == ARRAY_SIZE(roles))
				return unknown_name(it, "operand to delete",
						    roles, ARRAY_SIZE(roles));
		}
		if (rule_check(L->a, &r) < 0)
			return -1;
		GROW(op->rules, (size_t)op->nrules + 1, *cap);
		op->rules[op->nrules++] = r;
	}
	return 0;
}

static int load_operator(struct loader *L, struct ynode *key,
			 struct ynode *val, bool builtin)
{
	static const char *const keys[] = { "replace", "delete", "template",
					    "on", "description" };
	struct operator *op = ANEW(L->a, struct operator);
	op->name = key->str;
	op->loc = key->loc;
	op->builtin = builtin;
	size_t cap = 0;
	if (strchr(op->name, '(') || strchr(op->name, ' '))
		return diag_error(key->loc, "operator names may not contain "
					    "spaces or parentheses");
	if (val->kind == Y_SEQ) {
		if (add_rules(L, op, val, RULE_REPLACE, &cap) < 0)
			goto fail;
	} else {
		if (ys_want(val, Y_MAP, "an operator") < 0 ||
		    ys_check_keys(val, keys, ARRAY_SIZE(keys), "an operator") < 0)
			goto fail;
		for (size_t i = 0; i < val->n; i++) {
			const char *k = val->keys[i]->str;
			if (!strcmp(k, "description")) {
				if (!ys_scalar(val->items[i], "a description"))
					goto fail;
				op->description = val->items[i]->str;
				continue;
			}
			if (!strcmp(k, "on")) {
				struct ynode *on = val->items[i];
				if (ys_want(on, Y_SEQ, "'on'") < 0)
					goto fail;
				op->on = ANEWN(L->a, const char *, on->n + 1);
				for (size_t j = 0; j < on->n; j++)
					if (!(op->on[op->non++] = ys_scalar(
						      on->items[j],
						      "an operator spelling")))
						goto fail;
				continue;
			}
			enum rule_kind kind = !strcmp(k, "replace") ? RULE_REPLACE
					      : !strcmp(k, "delete") ? RULE_DELETE
								    : RULE_TEMPLATE;
			if (add_rules(L, op, val->items[i], kind, &cap) < 0)
				goto fail;
		}
	}
	if (op->nrules) {
		struct rule *r = ANEWN(L->a, struct rule, (size_t)op->nrules);
		memcpy(r, op->rules, (size_t)op->nrules * sizeof(*r));
		free(op->rules);
		op->rules = r;
	}
	for (size_t i = 0; i < L->nops; i++) {
		if (strcmp(L->ops[i]->name, op->name))
			continue;
		if (!L->ops[i]->builtin)
			return diag_error(key->loc, "operator '%s' is defined "
						    "twice", op->name);
		/* A theory may redefine a built-in operator; it keeps the
		 * built-in one's place in the list. */
		L->ops[i] = op;
		return 0;
	}
	GROW(L->ops, L->nops + 1, L->capops);
	L->ops[L->nops++] = op;
	return 0;
fail:
	free(op->rules); /* still on the heap (GROW) */
	return -1;
}

static int load_operators(struct loader *L, struct ynode *map, bool builtin)
{
	if (ys_want(map, Y_MAP, "'operators'") < 0)
		return -1;
	for (size_t i = 0; i < map->n; i++)
		if (load_operator(L, map->keys[i], map->items[i], builtin) < 0)
			return -1;
	return 0;
}

static struct source stdops_src = { "configs/operators.yaml (built in)",
				    stdops_yaml, 0 };

/* The built-in operator library, parsed once per process by the first
 * theory that needs it; every theory then shares its operators (read
 * only: a theory that redefines one replaces its own pointer). */
static struct {
	pthread_once_t once;
	struct arena *a;
	struct operator **ops;
	size_t n;
} stdops = { .once = PTHREAD_ONCE_INIT };

static void stdops_parse(void)
{
	struct loader L = { .a = arena_new() };
	stdops_src.len = strlen(stdops_yaml);
	struct ynode *root = ytree_load(L.a, &stdops_src);
	struct ynode *ops = root ? ymap_get(root, "operators") : NULL;
	if (!ops || load_operators(&L, ops, true) < 0)
		BUG("the built-in operator library does not load");
	stdops.a = L.a;
	stdops.ops = L.ops;
	stdops.n = L.nops;
}

static void builtin_operators(struct loader *L)
{
	pthread_once(&stdops.once, stdops_parse);
	L->ops = xmalloc((stdops.n ? stdops.n : 1) * sizeof(*L->ops));
	memcpy(L->ops, stdops.ops, stdops.n * sizeof(*L->ops));
	L->nops = L->capops = stdops.n;
}

void theory_release_builtins(void)
{
	arena_free(stdops.a);
	free(stdops.ops);
	stdops.a = NULL;
	stdops.ops = NULL;
	stdops.n = 0;
}

struct operator *const *stdops_operators(size_t *n)
{
	pthread_once(&stdops.once, stdops_parse);
	*n = stdops.n;
	return stdops.ops;
}

/* ---- targets ---- */

static struct operator *lookup_op(struct loader *L, struct ynode *n)
{
	if (!ys_scalar(n, "an operator name"))
		return NULL;
	struct operator *op = find_op(L, n->str);
	if (op)
		return op;
	const char **names = xmalloc(L->nops * sizeof(*names));
	for (size_t i = 0; i < L->nops; i++)
		names[i] = L->ops[i]->name;
	unknown_name(n, "operator", names, L->nops);
	free(names);
	return NULL;
}

static int load_target(struct loader *L, struct ynode *n,
		       struct target_spec *ts)
{
	static const char *const keys[] = { "name", "expr", "domains",
					    "assume", "operators", "mutants",
					    "observe", "description" };
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
	ts->expr = parse_at(L, e, &ts->expr_src, false);
	if (!ts->expr)
		return -1;

	struct ynode *d = ymap_get(n, "domains");
	struct ynode *one[1] = { d };
	struct ynode **items = one;
	size_t count = 1;
	if (d->kind != Y_SCALAR) {
		if (ys_want(d, Y_SEQ, "'domains'") < 0)
			return -1;
		items = d->items;
		count = d->n;
	}
	if (!count)
		return diag_error(d->loc, "'domains' is empty");
	ts->domains = ANEWN(L->a, struct domain *, count);
	ts->domain_where = ANEWN(L->a, struct ynode *, count);
	for (size_t i = 0; i < count; i++) {
		if (!(ts->domains[i] = lookup_domain(L, items[i])))
			return -1;
		ts->domain_where[i] = items[i];
		for (size_t j = 0; j < i; j++)
			if (ts->domains[j] == ts->domains[i])
				return diag_error(items[i]->loc,
						  "domain '%s' is listed twice",
						  items[i]->str);
	}
	ts->ndomains = (int)count;

	struct ynode *as = ymap_get(n, "assume");
	if (as && !(ts->assume = parse_at(L, as, &ts->assume_src, false)))
		return -1;

	struct ynode *ops = ymap_get(n, "operators");
	if (ops) {
		items = one;
		one[0] = ops;
		count = 1;
		if (ops->kind != Y_SCALAR) {
			if (ys_want(ops, Y_SEQ, "'operators'") < 0)
				return -1;
			items = ops->items;
			count = ops->n;
		}
		ts->ops = ANEWN(L->a, struct operator *, count + 1);
		ts->op_where = ANEWN(L->a, struct ynode *, count + 1);
		for (size_t i = 0; i < count; i++) {
			if (!(ts->ops[i] = lookup_op(L, items[i])))
				return -1;
			ts->op_where[i] = items[i];
			for (size_t j = 0; j < i; j++)
				if (ts->ops[j] == ts->ops[i])
					return diag_error(
						items[i]->loc,
						"operator '%s' is listed twice",
						items[i]->str);
		}
		ts->nops = (int)count;
	}

	struct ynode *ms = ymap_get(n, "mutants");
	if (ms) {
		if (ys_want(ms, Y_SEQ, "'mutants'") < 0)
			return -1;
		ts->explicit_ = ANEWN(L->a, struct explicit_mutant, ms->n + 1);
		for (size_t i = 0; i < ms->n; i++) {
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
							  "mutant label '%s' "
							  "is used twice",
							  em->label);
			struct ynode *me = ymap_get(m, "expr");
			if (!ys_scalar(me, "'expr'") ||
			    !(em->expr = parse_at(L, me, &em->src, false)))
				return -1;
		}
		ts->nexplicit = (int)ms->n;
	}
	if (!ts->nops && !ts->nexplicit)
		return diag_error(n->loc, "target '%s' has no operators and "
					  "no mutants",
				  ts->t->name);

	struct ynode *ob = ymap_get(n, "observe");
	if (ob) {
		if (ob->kind == Y_SCALAR) {
			ts->observe = ANEWN(L->a, struct ynode *, 1);
			ts->observe[0] = ob;
			ts->nobserve = 1;
		} else {
			if (ys_want(ob, Y_SEQ, "'observe'") < 0)
				return -1;
			if (!ob->n)
				return diag_error(ob->loc, "'observe' is empty");
			ts->observe = ob->items;
			ts->nobserve = (int)ob->n;
		}
	}
	return 0;
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

/* Type the assumption *ep (again: a conversion typing put at its root
 * goes first); in a language with scalar conditions (C) a number is
 * converted to the boolean (!= 0), *ep then being the conversion. */
static int type_assumption(struct node **ep, const struct type_env *env,
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
	if (an->assume && type_assumption(&an->assume, &env, NULL, NULL) < 0)
		BUG("domain assumption failed to type");
	if (d->vars_assume_ast) {
		struct node *e = node_subst(L->a, d->vars_assume_ast, NULL, NULL);
		if (type_assumption(&e, &env, &d->vars_assume_src,
				    d->vars_assume_src.where) < 0)
			return diag_note(ts->domain_where[di]->loc,
					 "while using domain '%s' here",
					 d->name),
			       -1;
		an->assume = and_assume(L->a, an->assume, e);
	}
	if (ts->assume) {
		struct node *e = node_subst(L->a, ts->assume, NULL, NULL);
		if (type_assumption(&e, &env, &ts->assume_src,
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
static int build_analysis(struct loader *L, struct target_spec *ts, int di,
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

/* ---- the file ---- */

/* A scalar key's value, which must be one of allowed (", "-separated);
 * NULL with a located error. */
static const char *one_of(struct ynode *n, const char *what,
			  const char *allowed)
{
	const char *v = ys_scalar(n, what);
	if (!v)
		return NULL;
	size_t len = strlen(v);
	for (const char *p = allowed; *p;) {
		size_t k = strcspn(p, ",");
		if (k == len && !strncmp(p, v, len))
			return v;
		p += k;
		while (*p == ',' || *p == ' ')
			p++;
	}
	diag_error(n->loc, "unknown %s '%s' (allowed: %s)", what, v, allowed);
	return NULL;
}

/* language (java, c, c++) and C's options: data-model, char, ub. */
static int load_language(struct loader *L, struct ynode *root)
{
	struct ynode *lang = ymap_get(root, "language");
	struct ynode *dm = ymap_get(root, "data-model");
	struct ynode *ch = ymap_get(root, "char");
	struct ynode *ub = ymap_get(root, "ub");
	const char *l = "java";
	if (lang && !(l = one_of(lang, "language", "java, c, c++")))
		return -1;
	if (!strcmp(l, "java")) {
		struct ynode *opt = dm ? dm : ch ? ch : ub;
		if (opt)
			return diag_error(opt->loc, "'data-model', 'char' and "
						    "'ub' are options of "
						    "'language: c' (or c++)");
		return 0;
	}
	const char *m = "lp64", *c = "signed", *u = "outcome";
	if ((dm && !(m = one_of(dm, "data model", c_data_models))) ||
	    (ch && !(c = one_of(ch, "char signedness", "signed, unsigned"))) ||
	    (ub && !(u = one_of(ub, "UB policy", c_ub_policies))))
		return -1;
	L->th->profile = c_profile(l, m, !strcmp(c, "signed"),
				   (enum ub_policy)c_ub_policy(u));
	if (!L->th->profile)
		BUG("no C profile for %s %s", l, m);
	return 0;
}

static int load_root(struct loader *L, struct ynode *root)
{
	static const char *const keys[] = { "theory", "description", "domains",
					    "operators", "targets", "language",
					    "data-model", "char", "ub" };
	if (ys_want(root, Y_MAP, "a theory file") < 0 ||
	    ys_check_keys(root, keys, ARRAY_SIZE(keys), "a theory file") < 0 ||
	    ys_require(root, "targets", "a theory file") < 0 ||
	    load_language(L, root) < 0)
		return -1;
	struct ynode *n;
	if ((n = ymap_get(root, "theory")) && !(L->th->name = ys_scalar(n, "'theory'")))
		return -1;
	if ((n = ymap_get(root, "description")) &&
	    !(L->th->description = ys_scalar(n, "'description'")))
		return -1;
	builtin_domains(L);
	if ((n = ymap_get(root, "domains"))) {
		if (ys_want(n, Y_MAP, "'domains'") < 0)
			return -1;
		for (size_t i = 0; i < n->n; i++)
			if (load_domain(L, n->keys[i], n->items[i]) < 0)
				return -1;
	}
	builtin_operators(L);
	if ((n = ymap_get(root, "operators")) && load_operators(L, n, false) < 0)
		return -1;

	n = ymap_get(root, "targets");
	if (ys_want(n, Y_SEQ, "'targets'") < 0)
		return -1;
	if (!n->n)
		return diag_error(n->loc, "'targets' is empty");
	struct target_spec *specs = ANEWN(L->a, struct target_spec, n->n);
	int total = 0;
	for (size_t i = 0; i < n->n; i++) {
		if (load_target(L, n->items[i], &specs[i]) < 0)
			return -1;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(specs[j].t->name, specs[i].t->name))
				return diag_error(n->items[i]->loc,
						  "two targets are named '%s'; "
						  "give one a 'name'",
						  specs[i].t->name);
		total += specs[i].ndomains;
	}
	struct theory *th = L->th;
	th->ntargets = (int)n->n;
	th->targets = ANEWN(L->a, struct target, n->n);
	th->analyses = ANEWN(L->a, struct analysis, (size_t)total);
	for (size_t i = 0; i < n->n; i++) {
		th->targets[i] = *specs[i].t;
		specs[i].t = &th->targets[i];
		for (int di = 0; di < specs[i].ndomains; di++) {
			struct analysis *an = &th->analyses[th->nanalyses];
			an->index = th->nanalyses++;
			if (build_analysis(L, &specs[i], di, an) < 0)
				return -1;
		}
	}
	return 0;
}

static const char *base_name(struct arena *a, const char *path)
{
	const char *s = strrchr(path, '/');
	s = s ? s + 1 : path;
	size_t n = strlen(s);
	if (n > 5 && !strcmp(s + n - 5, ".yaml"))
		n -= 5;
	else if (n > 4 && !strcmp(s + n - 4, ".yml"))
		n -= 4;
	return arena_strndup(a, s, n);
}

struct theory *theory_load(struct arena *a, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		error("cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	struct theory *th = ANEW(a, struct theory);
	th->profile = &profile_java;
	th->file = arena_strdup(a, path);
	th->src.name = th->file;
	th->src.text = arena_strndup(a, text, len);
	th->src.len = len;
	th->hash = fnv1a64(text, len, FNV1A64_INIT);
	free(text);
	size_t nul = strlen(th->src.text);
	if (nul != len) {
		struct loc l = { &th->src, 1, 1 };
		for (size_t i = 0; i < nul; i++) {
			if (th->src.text[i] == '\n') {
				l.line++;
				l.col = 1;
			} else if (((unsigned char)th->src.text[i] & 0xC0) != 0x80) {
				l.col++;
			}
		}
		diag_error(l, "the file contains a NUL byte");
		return NULL;
	}
	struct loader L = { .a = a, .th = th };
	struct ynode *root = ytree_load(a, &th->src);
	int rc = root ? load_root(&L, root) : -1;
	free(L.domains);
	free(L.ops);
	if (rc < 0)
		return NULL;
	if (!th->name)
		th->name = base_name(a, path);
	return th;
}

void input_print(struct strbuf *sb, const struct analysis *an,
		 const struct value *input)
{
	for (int v = 0; v < an->nvars; v++) {
		sb_printf(sb, "%s%s=", v ? ", " : "", an->var_names[v]);
		value_print(sb, an->var_types[v], input[v]);
	}
}

static const struct node *analysis_program(const void *owner, int p)
{
	const struct analysis *an = owner;
	return p == 0 ? an->orig : an->mutants[p].expr;
}

const struct profile *analysis_profile(const struct analysis *an)
{
	return an->theory && an->theory->profile ? an->theory->profile
						 : &profile_java;
}

struct problem analysis_problem(const struct analysis *an)
{
	struct problem pb = {
		.profile = analysis_profile(an),
		.nvars = an->nvars,
		.var_names = an->var_names,
		.var_types = an->var_types,
		.assume = an->assume,
		.observe = &an->observe,
		.nprogs = an->nmutants + 1,
		.program = analysis_program,
		.owner = an,
	};
	return pb;
}
