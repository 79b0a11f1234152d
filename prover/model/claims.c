/*
 * claims.c - a target's `expect:` list: parse, resolve mutant labels in
 * every analysis the claim applies to, and build the analyses of claims
 * with an extra assumption.  See claims.h.
 */
#include "model/claims.h"
#include "model/loader.h"

#include <string.h>

static const char *const kinds[] = {
	[C_MINIMAL] = "minimal",       [C_EQUIVALENT] = "equivalent",
	[C_DUPLICATES] = "duplicates", [C_SUBSUMES] = "subsumes",
	[C_REDUNDANT] = "redundant",
};

const char *claim_kind_name(enum claim_kind k)
{
	return kinds[k];
}

void claim_print(struct strbuf *sb, const struct claim *c)
{
	const struct mutant *m = c->an->mutants;
	switch (c->kind) {
	case C_MINIMAL:
		sb_puts(sb, "the minimal set is {");
		for (int i = 0; i < c->n; i++)
			sb_printf(sb, "%s%s", i ? ", " : "", m[c->ids[i]].label);
		sb_putc(sb, '}');
		break;
	case C_EQUIVALENT:
		sb_printf(sb, "%s is equivalent", m[c->ids[0]].label);
		break;
	case C_DUPLICATES:
		for (int i = 0; i < c->n; i++)
			sb_printf(sb, "%s%s", i ? (i + 1 < c->n ? ", " : " and ")
						: "",
				  m[c->ids[i]].label);
		sb_puts(sb, " are duplicates");
		break;
	case C_SUBSUMES:
		sb_printf(sb, "%s subsumes %s", m[c->ids[0]].label,
			  m[c->ids[1]].label);
		break;
	case C_REDUNDANT:
		sb_printf(sb, "%s is redundant", m[c->ids[0]].label);
		break;
	}
	if (c->assume_text)
		sb_printf(sb, ", assuming %s", c->assume_text);
}

/* One claim item as read, before it is resolved per domain. */
struct item {
	enum claim_kind kind;
	struct ynode *key, *labels;   /* the kind's key and value */
	struct ynode **lab;           /* labels, nlab of them */
	size_t nlab;
	struct ynode *assume, *domains;
	const char *rule, *source;
};

static int read_labels(struct item *it)
{
	struct ynode *v = it->labels;
	if (v->kind == Y_SCALAR) {
		if (!ys_scalar(v, "a mutant label"))
			return -1;
		it->lab = &it->labels;
		it->nlab = 1;
	} else {
		if (ys_want(v, Y_SEQ, "a list of mutant labels") < 0)
			return -1;
		for (size_t i = 0; i < v->n; i++)
			if (!ys_scalar(v->items[i], "a mutant label"))
				return -1;
		it->lab = v->items;
		it->nlab = v->n;
	}
	switch (it->kind) {
	case C_DUPLICATES:
		if (it->nlab < 2)
			return diag_error(v->loc, "'duplicates' needs two or "
						  "more mutant labels");
		break;
	case C_SUBSUMES:
		if (it->nlab != 2 || v->kind != Y_SEQ)
			return diag_error(v->loc, "'subsumes' needs two mutant "
						  "labels: [A, B] (A subsumes B)");
		break;
	case C_MINIMAL:
		if (v->kind != Y_SEQ)
			return diag_error(v->loc, "'minimal' needs a list of "
						  "mutant labels (the whole set)");
		break;
	default:
		if (!it->nlab)
			return diag_error(v->loc, "'%s' needs a mutant label",
					  kinds[it->kind]);
	}
	return 0;
}

static int read_item(struct ynode *n, struct item *it)
{
	static const char *const keys[] = { "minimal", "equivalent",
					    "duplicates", "subsumes",
					    "redundant", "assume", "domains",
					    "rule", "source" };
	memset(it, 0, sizeof(*it));
	if (ys_want(n, Y_MAP, "a claim") < 0 ||
	    ys_check_keys(n, keys, ARRAY_SIZE(keys), "a claim") < 0)
		return -1;
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		struct ynode *v = ymap_get(n, kinds[k]);
		if (!v)
			continue;
		if (it->key)
			return diag_error(v->loc, "a claim states one thing: "
						  "'%s' and '%s' are two claims",
					  kinds[it->kind], kinds[k]);
		it->kind = (enum claim_kind)k;
		it->labels = v;
		for (size_t j = 0; j < n->n; j++)
			if (n->items[j] == v)
				it->key = n->keys[j];
	}
	if (!it->key)
		return diag_error(n->loc, "a claim needs one of 'minimal', "
					  "'equivalent', 'duplicates', "
					  "'subsumes', 'redundant'");
	struct ynode *r = ymap_get(n, "rule"), *s = ymap_get(n, "source");
	if ((r && !(it->rule = ys_scalar(r, "'rule'"))) ||
	    (s && !(it->source = ys_scalar(s, "'source'"))))
		return -1;
	it->assume = ymap_get(n, "assume");
	it->domains = ymap_get(n, "domains");
	return read_labels(it);
}

/* Does the item apply to domain d?  Unknown names are errors. */
static int applies(const struct item *it, const struct target_spec *ts,
		   const struct domain *d)
{
	if (!it->domains)
		return 1;
	struct ynode *one = it->domains, **items = &one;
	size_t count = 1;
	if (one->kind == Y_SEQ) {
		items = one->items;
		count = one->n;
	}
	int hit = 0;
	for (size_t i = 0; i < count; i++) {
		if (!ys_scalar(items[i], "a domain name"))
			return -1;
		int known = 0;
		for (int k = 0; k < ts->ndomains; k++)
			known |= !strcmp(ts->domains[k]->name, items[i]->str);
		if (!known) {
			struct strbuf sb = STRBUF_INIT;
			for (int k = 0; k < ts->ndomains; k++)
				sb_printf(&sb, "%s%s", k ? ", " : "",
					  ts->domains[k]->name);
			diag_error(items[i]->loc, "'%s' is not a domain of this "
						  "target (its domains: %s)",
				   items[i]->str, sb.buf);
			sb_release(&sb);
			return -1;
		}
		hit |= !strcmp(items[i]->str, d->name);
	}
	return hit;
}

static int resolve_label(struct arena *a, const struct analysis *an,
			 struct ynode *lab)
{
	for (int m = 1; m <= an->nmutants; m++)
		if (!strcmp(an->mutants[m].label, lab->str))
			return m;
	const char **names = ANEWN(a, const char *, (size_t)an->nmutants + 1);
	for (int m = 1; m <= an->nmutants; m++)
		names[m - 1] = an->mutants[m].label;
	const char *best = closest_word(lab->str, names, (size_t)an->nmutants);
	if (best)
		return diag_error(lab->loc, "no mutant '%s' in domain '%s'; "
					    "did you mean '%s'?",
				  lab->str, an->domain->name, best);
	return diag_error(lab->loc, "no mutant '%s' in domain '%s'",
			  lab->str, an->domain->name);
}

/* The target in base's domain under the extra assumption at n. */
static struct analysis *extra_analysis(struct loader *L,
				       const struct analysis *base,
				       struct ynode *n)
{
	struct expr_src es;
	struct node *e = loader_parse_at(L, n, &es, false);
	if (!e)
		return NULL;
	struct type_env env = { base->nvars, base->var_names, base->var_types,
				false, NULL, L->a, L->th->profile };
	if (loader_type_assumption(&e, &env, &es, n) < 0)
		return NULL;
	struct node *as = e;
	if (base->assume) {
		as = node_new(L->a, N_BINARY, 0);
		as->op = OP_LAND;
		as->type = e->type;
		as->a = base->assume;
		as->b = e;
	}
	struct analysis_spec spec = {
		.nvars = base->nvars, .var_names = base->var_names,
		.var_types = base->var_types, .orig = base->orig,
		.orig_text = base->orig_text, .assume = as,
		.observe = base->observe, .nmutants = base->nmutants,
		.mutants = base->mutants + 1, .nskipped = base->nskipped,
		.skipped = base->skipped,
	};
	struct analysis_origin from = { .theory = base->theory,
					.target = base->target,
					.domain = base->domain,
					.index = base->index };
	struct analysis *an = ANEW(L->a, struct analysis);
	const char *why;
	if (analysis_init(L->a, an, &spec, &from, &why) < 0)
		BUG("claim analysis of '%s': %s", L->th->file, why);
	struct analysis **x = ANEWN(L->a, struct analysis *,
				    (size_t)L->th->nextra + 1);
	if (L->th->nextra)
		memcpy(x, L->th->extra, (size_t)L->th->nextra * sizeof(*x));
	x[L->th->nextra++] = an;
	L->th->extra = x;
	return an;
}

static struct claim *new_claims(struct loader *L, size_t more)
{
	struct theory *th = L->th;
	struct claim *c = ANEWN(L->a, struct claim, (size_t)th->nclaims + more);
	if (th->nclaims)
		memcpy(c, th->claims, (size_t)th->nclaims * sizeof(*c));
	th->claims = c;
	return c + th->nclaims;
}

/* The item's claims in the analysis base. */
static int item_claims(struct loader *L, const struct item *it,
		       const struct analysis *base)
{
	const struct analysis *an = base;
	if (it->assume && !(an = extra_analysis(L, base, it->assume)))
		return diag_note(it->key->loc, "in this claim, domain '%s'",
				 base->domain->name),
		       -1;
	bool each = it->kind == C_EQUIVALENT || it->kind == C_REDUNDANT;
	size_t count = each ? it->nlab : 1;
	struct claim *c = new_claims(L, count);
	for (size_t k = 0; k < count; k++) {
		c[k].kind = it->kind;
		c[k].loc = each ? it->lab[k]->loc : it->key->loc;
		c[k].base = base;
		c[k].an = an;
		c[k].assume_text = it->assume ? it->assume->str : NULL;
		c[k].rule = it->rule;
		c[k].source = it->source;
		c[k].n = each ? 1 : (int)it->nlab;
		c[k].ids = ANEWN(L->a, int, (size_t)c[k].n + 1);
		for (int i = 0; i < c[k].n; i++) {
			struct ynode *lab = it->lab[each ? k : (size_t)i];
			int id = resolve_label(L->a, an, lab);
			if (id < 0)
				return -1;
			for (int j = 0; j < i; j++)
				if (c[k].ids[j] == id)
					return diag_error(lab->loc, "mutant '%s' "
								    "is named twice",
							  lab->str);
			c[k].ids[i] = id;
		}
	}
	L->th->nclaims += (int)count;
	return 0;
}

int claims_load(struct loader *L, struct target_spec *ts,
		struct analysis *first)
{
	struct ynode *ex = ts->expect;
	if (ys_want(ex, Y_SEQ, "'expect'") < 0)
		return -1;
	if (!ex->n)
		return diag_error(ex->loc, "'expect' is empty");
	for (size_t i = 0; i < ex->n; i++) {
		struct item it;
		if (read_item(ex->items[i], &it) < 0)
			return -1;
		for (int d = 0; d < ts->ndomains; d++) {
			int ap = applies(&it, ts, ts->domains[d]);
			if (ap < 0 || (ap && item_claims(L, &it, &first[d]) < 0))
				return -1;
		}
	}
	return 0;
}
