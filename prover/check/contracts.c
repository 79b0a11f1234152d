/*
 * contracts.c - contracts for opaque calls (configs/contracts.yaml).
 *
 * The defaults are configs/contracts.yaml itself, compiled in by make as
 * the string check_default_contracts (scripts/c-string.sh).
 */
#include "check/check.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "base/yschema.h"

static int load_text(struct arena *a, const struct source *src,
		     struct contracts *out)
{
	struct ynode *root = ytree_load(a, src);
	if (!root)
		return -1;
	static const char *const keys[] = { "contracts" };
	static const char *const ckeys[] = { "call", "assume" };
	if (ys_want(root, Y_MAP, "a contracts file") < 0 ||
	    ys_check_keys(root, keys, ARRAY_SIZE(keys), "a contracts file") < 0 ||
	    ys_require(root, "contracts", "a contracts file") < 0)
		return -1;
	struct ynode *list = ymap_get(root, "contracts");
	if (ys_want(list, Y_SEQ, "'contracts'") < 0)
		return -1;
	out->n = 0;
	out->c = ANEWN(a, struct contract, list->n + 1);
	int errs = 0;
	for (size_t i = 0; i < list->n; i++) {
		struct ynode *it = list->items[i];
		if (ys_want(it, Y_MAP, "a contract") < 0 ||
		    ys_check_keys(it, ckeys, ARRAY_SIZE(ckeys), "a contract") < 0) {
			errs++;
			continue;
		}
		struct ynode *call = ymap_get(it, "call");
		struct ynode *assume = ymap_get(it, "assume");
		bool bad = false;
		if (!call || call->kind != Y_SCALAR) {
			errs += diag_error(it->loc, "a contract needs 'call: "
						    "name()' or 'call: name(...)'") < 0;
			continue;
		}
		const char *s = call->str;
		size_t n = 0;
		while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '$')
			n++;
		bool any;
		if (n && !strcmp(s + n, "()"))
			any = false;
		else if (n && !strcmp(s + n, "(...)"))
			any = true;
		else {
			errs += diag_error(call->loc, "'%s' is not 'name()' or "
						      "'name(...)'", s) < 0;
			continue;
		}
		struct contract *c = &out->c[out->n];
		c->method = arena_strndup(a, s, n);
		c->any_args = any;
		c->assume = NULL;
		if (assume) {
			if (assume->kind != Y_SCALAR) {
				errs += diag_error(assume->loc, "'assume' is an "
							"expression") < 0;
				continue;
			}
			struct expr_src es = { .text = assume->str,
					       .where = assume };
			struct node *e = parse_expr(a, &es, false);
			static const char *const names[] = { "value" };
			static const struct type *const types[] = { T_INT };
			struct type_env env = { .nvars = 1, .names = names,
						.types = types,
						.no_side_effects = true,
						.arena = a };
			if (!e || type_expr(e, &env, &es) < 0) {
				errs++;
				continue;
			}
			if (e->type != T_BOOLEAN) {
				errs += diag_error(assume->loc, "'assume' must be "
						   "a boolean expression") < 0;
				continue;
			}
			c->assume = arena_strdup(a, assume->str);
		}
		for (int k = 0; k < out->n; k++)
			if (!strcmp(out->c[k].method, c->method) &&
			    out->c[k].any_args == c->any_args) {
				errs += diag_error(call->loc, "a second contract "
						   "for '%s'", s) < 0;
				bad = true;
			}
		if (!bad)
			out->n++;
	}
	return errs ? -1 : 0;
}

int contracts_load(struct arena *a, const char *path, struct contracts *out)
{
	struct source *src = ANEW(a, struct source);
	if (!path) {
		src->name = "configs/contracts.yaml (built in)";
		src->text = check_default_contracts;
		src->len = strlen(check_default_contracts);
		return load_text(a, src, out);
	}
	size_t len;
	char *text = read_file(path, &len);
	if (!text)
		return error("cannot read %s: %s", path, strerror(errno));
	src->name = arena_strdup(a, path);
	src->text = arena_strndup(a, text, len);
	src->len = len;
	free(text);
	return load_text(a, src, out);
}
