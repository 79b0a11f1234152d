/*
 * theory.c - load a theory file: check the schema, resolve names, parse
 * and type every expression, and build one analysis per target and
 * domain.  The YAML schema is documented in README.md ("Theory files").
 */
#include "model/loader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct node *loader_parse_at(struct loader *L, struct ynode *n,
			     struct expr_src *es, bool holes)
{
	es->text = n->str;
	es->where = n;
	es->src = n->loc.src;
	es->quiet = false; /* es may be an uninitialized local */
	es->offsets = NULL;
	if (ys_want(n, Y_SCALAR, "an expression") < 0)
		return NULL;
	if (!n->str[0]) {
		diag_error(n->loc, "empty expression");
		return NULL;
	}
	return parse_expr_in(L->th->profile, L->a, es, holes);
}

int loader_unknown_name(struct ynode *n, const char *kind,
			const char *const *names, size_t count)
{
	const char *best = closest_word(n->str, names, count);
	if (best)
		return diag_error(n->loc, "unknown %s '%s'; did you mean '%s'?",
				  kind, n->str, best);
	return diag_error(n->loc, "unknown %s '%s'", kind, n->str);
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

int language_load(struct ynode *map, const struct profile *around,
		  const struct profile **pf)
{
	struct ynode *lang = ymap_get(map, "language");
	struct ynode *dm = ymap_get(map, "data-model");
	struct ynode *ch = ymap_get(map, "char");
	struct ynode *ub = ymap_get(map, "ub");
	if (!around)
		around = &profile_java;
	const char *l = around->name;
	if (lang && !(l = one_of(lang, "language", "java, c, c++")))
		return -1;
	if (!strcmp(l, "java")) {
		struct ynode *opt = dm ? dm : ch ? ch : ub;
		if (opt)
			return diag_error(opt->loc, "'data-model', 'char' and "
						    "'ub' are options of "
						    "'language: c' (or c++)");
		*pf = &profile_java;
		return 0;
	}
	bool c_around = around != &profile_java;
	const char *m = c_around ? around->data_model : "lp64";
	const char *c = c_around ? around->char_sign : "signed";
	const char *u = c_around ? around->ub_name : "outcome";
	if ((dm && !(m = one_of(dm, "data model", c_data_models))) ||
	    (ch && !(c = one_of(ch, "char signedness", "signed, unsigned"))) ||
	    (ub && !(u = one_of(ub, "UB policy", c_ub_policies))))
		return -1;
	*pf = c_profile(l, m, !strcmp(c, "signed"),
			(enum ub_policy)c_ub_policy(u));
	if (!*pf)
		BUG("no C profile for %s %s", l, m);
	return 0;
}

static int forced_fcmp = -1;

void theory_force_float_compare(int fc)
{
	forced_fcmp = fc;
}

const char *theory_float_option(const struct theory *th)
{
	return th->fcmp == FCMP_NUMERIC ? "float-compare: numeric"
					: "float-compare: identical";
}

int float_compare_load(struct ynode *map, enum float_compare around,
		       enum float_compare *fc)
{
	struct ynode *n = ymap_get(map, "float-compare");
	const char *v = float_compare_names[around];
	if (n && !(v = one_of(n, "float-compare", "identical, numeric")))
		return -1;
	*fc = strcmp(v, "numeric") ? FCMP_IDENTICAL : FCMP_NUMERIC;
	return 0;
}

/* float-compare: identical (the default) or numeric. */
static int load_float_compare(struct loader *L, struct ynode *root)
{
	if (float_compare_load(root, FCMP_IDENTICAL, &L->th->fcmp) < 0)
		return -1;
	if (forced_fcmp >= 0)
		L->th->fcmp = (enum float_compare)forced_fcmp;
	return 0;
}

static int load_root(struct loader *L, struct ynode *root)
{
	static const char *const keys[] = { "theory", "description", "domains",
					    "operators", "targets", "language",
					    "data-model", "char", "ub",
					    "float-compare" };
	if (ys_want(root, Y_MAP, "a theory file") < 0 ||
	    ys_check_keys(root, keys, ARRAY_SIZE(keys), "a theory file") < 0 ||
	    ys_require(root, "targets", "a theory file") < 0 ||
	    language_load(root, NULL, &L->th->profile) < 0 ||
	    load_float_compare(L, root) < 0)
		return -1;
	struct ynode *n;
	if ((n = ymap_get(root, "theory")) && !(L->th->name = ys_scalar(n, "'theory'")))
		return -1;
	if ((n = ymap_get(root, "description")) &&
	    !(L->th->description = ys_scalar(n, "'description'")))
		return -1;
	domains_builtin(L);
	if ((n = ymap_get(root, "domains"))) {
		if (ys_want(n, Y_MAP, "'domains'") < 0)
			return -1;
		for (size_t i = 0; i < n->n; i++)
			if (domain_load(L, n->keys[i], n->items[i]) < 0)
				return -1;
	}
	operators_builtin(L);
	if ((n = ymap_get(root, "operators")) && operators_load(L, n, false) < 0)
		return -1;

	n = ymap_get(root, "targets");
	if (ys_want(n, Y_SEQ, "'targets'") < 0)
		return -1;
	if (!n->n)
		return diag_error(n->loc, "'targets' is empty");
	struct target_spec *specs = ANEWN(L->a, struct target_spec, n->n);
	int total = 0;
	for (size_t i = 0; i < n->n; i++) {
		if (target_load(L, n->items[i], &specs[i]) < 0)
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
			if (target_build_analysis(L, &specs[i], di, an) < 0)
				return -1;
		}
		if (specs[i].expect &&
		    claims_load(L, &specs[i],
				&th->analyses[th->nanalyses - specs[i].ndomains]) < 0)
			return -1;
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
	if (an->theory && an->theory->profile)
		return an->theory->profile;
	return an->profile ? an->profile : &profile_java;
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
