/*
 * contracts.c - contracts for opaque calls (configs/contracts.yaml).
 *
 * The defaults are configs/contracts.yaml itself, compiled in by make as
 * the string check_default_contracts (scripts/c-string.sh).
 *
 * A contract is Java's unless it says 'language: c' (C and C++ sites)
 * or 'language: c++' (C++ sites only).  A C contract may give the
 * result's type ('returns: size_t') and, for a call written with
 * parameters ('call: abs(int x)'), the call's value ('value: x < 0 ?
 * -x : x'): such a call is inlined (javatext.c), so that its undefined
 * behaviour (abs(INT_MIN)) is the site's.  C contracts are checked here
 * under the default C profile (lp64); a site types them again under its
 * own.
 */
#include "check/check.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "base/yschema.h"

bool contract_applies(const struct contract *c, const struct profile *pf)
{
	const char *l = pf ? pf->name : "java";
	if (!strcmp(c->lang, "c"))
		return !strcmp(l, "c") || !strcmp(l, "c++");
	return !strcmp(c->lang, l);
}

const struct type *check_c_type(const struct profile *pf, const char *name)
{
	static const struct {
		const char *name;
		bool is_signed;
	} lib[] = {
		{ "size_t", false }, { "uintptr_t", false },
		{ "ssize_t", true }, { "ptrdiff_t", true }, { "intptr_t", true },
	};
	for (size_t i = 0; i < ARRAY_SIZE(lib); i++) {
		if (strcmp(name, lib[i].name))
			continue;
		/* x86-64 Linux and macOS (lp64), i386 (ilp32), Windows x64
		 * (llp64): the integer type as wide as a pointer */
		const char *t = !strcmp(pf->data_model, "lp64")	 ? "long"
				: !strcmp(pf->data_model, "llp64") ? "long long"
								   : "int";
		char full[32];
		snprintf(full, sizeof(full), "%s%s",
			 lib[i].is_signed ? "" : "unsigned ", t);
		return profile_type(pf, full);
	}
	return profile_type(pf, name);
}

/* One parameter "unsigned long n" of a C contract: name and type. */
static int read_param(struct arena *a, const struct profile *pf,
		      const struct ynode *call, const char *s, size_t len,
		      const char **name, const char **type)
{
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	while (len && isspace((unsigned char)*s))
		s++, len--;
	size_t b = len;
	while (b && (isalnum((unsigned char)s[b - 1]) || s[b - 1] == '_'))
		b--;
	size_t e = b;
	while (e && isspace((unsigned char)s[e - 1]))
		e--;
	*name = arena_strndup(a, s + b, len - b);
	*type = arena_strndup(a, s, e);
	if (b == len || !e || isdigit((unsigned char)s[b]))
		return diag_error(call->loc, "a parameter is a type and a name, "
				  "e.g. 'int x', not '%.*s'", (int)len, s);
	if (!check_c_type(pf, *type))
		return diag_error(call->loc, "unknown C type '%s'", *type);
	return 0;
}

/* 'call': "name()", "name(...)" or (C) "name(T1 p1, ...)". */
static int read_call(struct arena *a, const struct profile *pf,
		     const struct ynode *call, struct contract *c)
{
	const char *s = call->str;
	size_t n = 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '$')
		n++;
	c->method = arena_strndup(a, s, n);
	size_t len = strlen(s);
	if (n && !strcmp(s + n, "()"))
		return 0;
	if (n && !strcmp(s + n, "(...)")) {
		c->any_args = true;
		return 0;
	}
	if (!pf || !n || s[n] != '(' || s[len - 1] != ')')
		return diag_error(call->loc, "'%s' is not 'name()' or "
				  "'name(...)'%s", s,
				  pf ? " or 'name(type param, ...)'" : "");
	int np = 1;
	for (size_t i = n; i < len; i++)
		np += s[i] == ',';
	c->nparams = np;
	c->param_names = ANEWN(a, const char *, (size_t)np);
	c->param_types = ANEWN(a, const char *, (size_t)np);
	const char *p = s + n + 1;
	for (int k = 0; k < np; k++) {
		size_t l = strcspn(p, ",)");
		if (read_param(a, pf, call, p, l, &c->param_names[k],
			       &c->param_types[k]) < 0)
			return -1;
		p += l + 1;
	}
	return 0;
}

/* An expression of contract c (assume over value, or its value over
 * its parameters) parses and types; 0, or -1 after a located error. */
static int check_expr(struct arena *a, const struct profile *pf,
		      const struct contract *c, const struct ynode *n,
		      bool is_assume)
{
	const char *names[MAX_VARS];
	const struct type *types[MAX_VARS];
	int nv = 0;
	if (is_assume) {
		names[nv] = "value";
		types[nv++] = !pf ? T_INT
			      : check_c_type(pf, c->returns ? c->returns : "int");
	} else {
		for (int k = 0; k < c->nparams && nv < MAX_VARS; k++) {
			names[nv] = c->param_names[k];
			types[nv++] = check_c_type(pf, c->param_types[k]);
		}
	}
	struct expr_src es = { .text = n->str, .where = n };
	struct node *e = pf ? parse_expr_in(pf, a, &es, false)
			    : parse_expr(a, &es, false);
	struct type_env env = { .nvars = nv, .names = names, .types = types,
				.no_side_effects = true, .arena = a,
				.profile = pf };
	if (!e || type_expr(e, &env, &es) < 0)
		return -1;
	if (is_assume && e->type != T_BOOLEAN &&
	    !(pf && (e->type->kind == TK_BOOLEAN || type_is_numeric(e->type))))
		return diag_error(n->loc, "'assume' must be a boolean "
				  "expression");
	if (!is_assume && !type_is_numeric(e->type))
		return diag_error(n->loc, "'value' must be a number");
	return 0;
}

bool contract_matches(const struct contract *c, const struct profile *pf,
		      const char *name, int nargs)
{
	if (strcmp(c->method, name) || !contract_applies(c, pf))
		return false;
	if (c->value)
		return nargs == c->nparams;
	return c->any_args == (nargs != 0);
}

/* The C keys of contract c (language, returns, value); pf: the C
 * profile they are checked under, NULL for Java.  0, or -1. */
static int read_c_keys(struct ynode *it, const struct profile **pf,
		       struct contract *c)
{
	struct ynode *lang = ymap_get(it, "language");
	struct ynode *ret = ymap_get(it, "returns");
	struct ynode *val = ymap_get(it, "value");
	c->lang = "java";
	*pf = NULL;
	if (lang) {
		if (!(c->lang = ys_scalar(lang, "'language'")))
			return -1;
		if (strcmp(c->lang, "java") && strcmp(c->lang, "c") &&
		    strcmp(c->lang, "c++"))
			return diag_error(lang->loc, "unknown language '%s' "
					  "(allowed: java, c, c++)", c->lang);
		if (strcmp(c->lang, "java"))
			*pf = c_profile(c->lang, "lp64", true, UB_OUTCOME);
	}
	if (!*pf && (ret || val))
		return diag_error((ret ? ret : val)->loc, "'returns' and "
				  "'value' are keys of C contracts "
				  "('language: c')");
	if (ret) {
		if (!(c->returns = ys_scalar(ret, "'returns'")))
			return -1;
		const struct type *t = check_c_type(*pf, c->returns);
		if (!t || t->kind != TK_INT)
			return diag_error(ret->loc, "unknown C integer type '%s'",
					  c->returns);
	}
	if (val && ys_want(val, Y_SCALAR, "'value'") < 0)
		return -1;
	return 0;
}

static int load_one(struct arena *a, struct ynode *it, struct contract *c)
{
	static const char *const ckeys[] = { "call", "assume", "language",
					     "returns", "value" };
	if (ys_want(it, Y_MAP, "a contract") < 0 ||
	    ys_check_keys(it, ckeys, ARRAY_SIZE(ckeys), "a contract") < 0)
		return -1;
	struct ynode *call = ymap_get(it, "call");
	struct ynode *assume = ymap_get(it, "assume");
	struct ynode *val = ymap_get(it, "value");
	if (!call || call->kind != Y_SCALAR)
		return diag_error(it->loc, "a contract needs 'call: "
					   "name()' or 'call: name(...)'");
	const struct profile *pf;
	*c = (struct contract){ 0 };
	if (read_c_keys(it, &pf, c) < 0 || read_call(a, pf, call, c) < 0)
		return -1;
	if (c->nparams && !val)
		return diag_error(call->loc, "a call with parameters needs "
				  "'value', its value over them");
	if (val && c->any_args)
		return diag_error(val->loc, "'value' needs the call's "
				  "parameters, e.g. 'call: abs(int x)'");
	if (val) {
		if (check_expr(a, pf, c, val, false) < 0)
			return -1;
		c->value = arena_strdup(a, val->str);
	}
	if (assume) {
		if (assume->kind != Y_SCALAR)
			return diag_error(assume->loc, "'assume' is an "
					  "expression");
		if (check_expr(a, pf, c, assume, true) < 0)
			return -1;
		c->assume = arena_strdup(a, assume->str);
	}
	return 0;
}

static int load_text(struct arena *a, const struct source *src,
		     struct contracts *out)
{
	struct ynode *root = ytree_load(a, src);
	if (!root)
		return -1;
	static const char *const keys[] = { "contracts" };
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
		struct contract *c = &out->c[out->n];
		if (load_one(a, list->items[i], c) < 0) {
			errs++;
			continue;
		}
		bool bad = false;
		for (int k = 0; k < out->n; k++)
			if (!strcmp(out->c[k].method, c->method) &&
			    out->c[k].any_args == c->any_args &&
			    out->c[k].nparams == c->nparams &&
			    !strcmp(out->c[k].lang, c->lang)) {
				struct ynode *call = ymap_get(list->items[i], "call");
				errs += diag_error(call->loc, "a second contract "
						   "for '%s'", call->str) < 0;
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
