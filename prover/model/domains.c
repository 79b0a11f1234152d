/*
 * domains.c - the domains of a theory file: the built-in types and the
 * declared ones (one type with an assumption over value, or a type per
 * variable).  See loader.h.
 */
#include "model/loader.h"

#include <stdlib.h>
#include <string.h>

static struct domain *find_domain(struct loader *L, const char *name)
{
	for (size_t i = 0; i < L->ndomains; i++)
		if (!strcmp(L->domains[i]->name, name))
			return L->domains[i];
	return NULL;
}


struct domain *domain_lookup(struct loader *L, struct ynode *n)
{
	if (!ys_scalar(n, "a domain name"))
		return NULL;
	struct domain *d = find_domain(L, n->str);
	if (d)
		return d;
	const char **names = xmalloc(L->ndomains * sizeof(*names));
	for (size_t i = 0; i < L->ndomains; i++)
		names[i] = L->domains[i]->name;
	loader_unknown_name(n, "domain", names, L->ndomains);
	free(names);
	return NULL;
}

static void add_domain(struct loader *L, struct domain *d)
{
	GROW(L->domains, L->ndomains + 1, L->capdomains);
	L->domains[L->ndomains++] = d;
}

void domains_builtin(struct loader *L)
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
	return loader_unknown_name(n, "type", words, nw);
}

int domain_load(struct loader *L, struct ynode *key, struct ynode *val)
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
			struct node *e = loader_parse_at(L, assume, &es, false);
			if (!e)
				return -1;
			const char *names[] = { "value" };
			const struct type *types[] = { d->type };
			struct type_env env = { 1, names, types, true, NULL,
						L->a, L->th->profile };
			if (loader_type_assumption(&e, &env, &es, assume) < 0)
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
			struct domain *sub = domain_lookup(L, vars->items[i]);
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
			d->vars_assume_ast = loader_parse_at(L, assume,
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
