/*
 * operators.c - operators: the built-in library (parsed once per
 * process) and a theory's own definitions.  See loader.h.
 */
#include "model/loader.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct operator *operator_find(struct loader *L, const char *name)
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
				return loader_unknown_name(it, "operand to delete",
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
					    "on", "description", "major" };
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
			if (!strcmp(k, "description") || !strcmp(k, "major")) {
				const char *v = ys_scalar(val->items[i],
					*k == 'd' ? "a description"
						  : "a Major operator group");
				if (!v)
					goto fail;
				*(*k == 'd' ? &op->description : &op->major) = v;
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

int operators_load(struct loader *L, struct ynode *map, bool builtin)
{
	if (ys_want(map, Y_MAP, "'operators'") < 0)
		return -1;
	for (size_t i = 0; i < map->n; i++)
		if (load_operator(L, map->keys[i], map->items[i], builtin) < 0)
			return -1;
	return 0;
}

/*
 * The built-in operator libraries, parsed once per process by the first
 * theory that needs them; every theory then shares their operators (read
 * only: a theory that redefines one replaces its own pointer).
 * configs/operators.yaml (MuJava's names) serves every language;
 * configs/c-operators.yaml (Agrawal et al.'s C names) says at its top,
 * under 'languages', which languages see it.
 */
extern const char c_stdops_yaml[];
static struct library {
	struct source src;
	const char *text;
	struct arena *a;
	struct operator **ops;
	size_t n;
	const char **langs;     /* NULL: every language */
	size_t nlangs;
} libs[] = {
	{ .src = { "configs/operators.yaml (built in)", NULL, 0 },
	  .text = stdops_yaml },
	{ .src = { "configs/c-operators.yaml (built in)", NULL, 0 },
	  .text = c_stdops_yaml },
};
static pthread_once_t libs_once = PTHREAD_ONCE_INIT;

static void library_parse(struct library *lib)
{
	static const char *const keys[] = { "operators", "languages",
					    "description" };
	struct loader L = { .a = arena_new() };
	lib->src.text = lib->text;
	lib->src.len = strlen(lib->text);
	struct ynode *root = ytree_load(L.a, &lib->src);
	struct ynode *ops = root ? ymap_get(root, "operators") : NULL;
	struct ynode *langs = root ? ymap_get(root, "languages") : NULL;
	if (!ops || ys_check_keys(root, keys, ARRAY_SIZE(keys),
				  "an operator library") < 0 ||
	    operators_load(&L, ops, true) < 0)
		BUG("the built-in operator library %s does not load",
		    lib->src.name);
	if (langs) {
		if (ys_want(langs, Y_SEQ, "'languages'") < 0)
			BUG("%s: bad 'languages'", lib->src.name);
		lib->langs = ANEWN(L.a, const char *, langs->n);
		for (size_t k = 0; k < langs->n; k++)
			if (!(lib->langs[lib->nlangs++] = ys_scalar(
				      langs->items[k], "a language")))
				BUG("%s: bad 'languages'", lib->src.name);
	}
	lib->a = L.a;
	lib->ops = L.ops;
	lib->n = L.nops;
}

static void libs_parse(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++)
		library_parse(&libs[i]);
}

static bool library_serves(const struct library *lib, const char *lang)
{
	if (!lib->langs)
		return true;
	for (size_t k = 0; k < lib->nlangs; k++)
		if (!strcmp(lib->langs[k], lang))
			return true;
	return false;
}

void operators_builtin(struct loader *L)
{
	pthread_once(&libs_once, libs_parse);
	const char *lang = L->th->profile->name;
	size_t n = 0;
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++)
		n += library_serves(&libs[i], lang) ? libs[i].n : 0;
	L->ops = xmalloc((n ? n : 1) * sizeof(*L->ops));
	L->nops = 0;
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++)
		if (library_serves(&libs[i], lang)) {
			memcpy(L->ops + L->nops, libs[i].ops,
			       libs[i].n * sizeof(*L->ops));
			L->nops += libs[i].n;
		}
	L->capops = n;
}

void theory_release_builtins(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++) {
		arena_free(libs[i].a);
		free(libs[i].ops);
		libs[i].a = NULL;
		libs[i].ops = NULL;
		libs[i].n = 0;
		libs[i].langs = NULL;
		libs[i].nlangs = 0;
	}
}

struct operator *const *stdops_operators(size_t *n)
{
	pthread_once(&libs_once, libs_parse);
	*n = libs[0].n;
	return libs[0].ops;
}
